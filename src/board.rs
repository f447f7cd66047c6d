//! The board model: a rows x cols grid of tiles (up to 64 cells) with holes, special tiles,
//! doubtful tiles, optional printed point values and bonus squares, and its two text forms
//! (board text and JSON). Both are lossless: every board prints as text and as JSON that parse
//! back to the same board.
//!
//! # Board text
//! Accepted wherever a board is typed (case-insensitive):
//! - one token per row: `abcd efgh ijkl mnop`;
//! - a square as one token: `abcdefghijklmnop` (16 tiles make 4x4, 25 make 5x5, ...);
//! - one row per line, or rows separated by `,`: `abcd,efgh,ijkl,mnop` (one row: `abcd,`);
//! - multi-character tiles in brackets: `[qu]` (letters used together), `[a/e]` (either/or),
//!   `[re-]` (prefix-only: only as the first tile of a word), `[-ing]` (suffix-only: only last);
//! - `.` is a hole (a cell that does not exist); `?` a tile that could not be read (any letter);
//! - a doubtful tile lists its likely readings with their probabilities: `[e=70%|f=20%]`;
//! - a printed value and a bonus badge follow the tile inside the brackets: `[j:10]`,
//!   `[f:5*dw]`, `[e=70%|f=20%:2*tl]`;
//! - inside a row typed with spaces between tiles (rows given by lines or `,`), the brackets may be
//!   left out: `qu a/e re- -ing j:10`.
//!
//! A board can also be given as JSON, the object that `solve --json` echoes as `board`:
//! `{"rows":4,"cols":4,"tiles":[["A","QU",...],...],"values":[[1,10,...],...],"bonuses":[["DL","",...],...]}`.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most cells a board may have: the solver keeps a visited set in one `u64`.
pub const MAX_CELLS: usize = 64;
/// The largest printed tile value accepted (real games print one- or two-digit values; this
/// leaves room while keeping scores far from overflow).
pub const MAX_VALUE: u32 = 1000;
/// The most letters one tile (or one side of an either/or tile) may hold. Real games print at
/// most 5 (`OVER-`, `-TION`); a word cannot be longer than 63 letters anyway.
pub const MAX_TILE_LETTERS: usize = 64;

/// How likely a reading is, kept in tenths of a percent (0 to 1000) so that board text
/// (`70%`, `12.5%`) carries it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Probability(u16);

impl Probability {
    /// A sure reading (100%).
    pub const CERTAIN: Probability = Probability(1000);

    /// The probability of `permille` tenths of a percent; `None` above 1000.
    pub fn from_permille(permille: u16) -> Option<Probability> {
        (permille <= 1000).then_some(Probability(permille))
    }

    /// The nearest probability to a fraction (clamped to 0..1; NaN is 0).
    pub fn from_fraction(fraction: f32) -> Probability {
        let p = (fraction.clamp(0.0, 1.0) * 1000.0).round();
        Probability(if p.is_nan() { 0 } else { p as u16 })
    }

    /// Tenths of a percent, 0 to 1000.
    pub fn permille(self) -> u16 {
        self.0
    }

    /// As a fraction, 0 to 1.
    pub fn fraction(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    /// Parses a percentage with at most one decimal: `70%`, `12.5%`.
    pub fn parse(text: &str) -> Result<Probability, TileError> {
        let bad = || TileError::BadProbability(text.to_string());
        let number = text.strip_suffix('%').ok_or_else(bad)?;
        let (whole, tenth) = match number.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some(_) => return Err(bad()),
            None => (number, "0"),
        };
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(tenth) {
            return Err(bad());
        }
        let permille = whole.parse::<u16>().map_err(|_| bad())? * 10
            + tenth.parse::<u16>().map_err(|_| bad())?;
        Probability::from_permille(permille)
            .ok_or_else(|| TileError::ProbabilityOver100(text.to_string()))
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 10 {
            0 => write!(f, "{}%", self.0 / 10),
            tenth => write!(f, "{}.{tenth}%", self.0 / 10),
        }
    }
}

/// One likely reading of a doubtful tile: a tile that is not a hole, a wildcard or itself
/// doubtful, with how likely it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reading {
    /// What the tile may be.
    pub tile: Tile,
    /// How likely that is.
    pub probability: Probability,
}

/// The most readings a doubtful tile may have.
pub const MAX_READINGS: usize = 4;

/// One cell of the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Tile {
    /// A cell that does not exist (Word Hunt shapes, Super Big Boggle blank faces).
    Hole,
    /// One or more letters used together (`A`, `QU`, `TH`), lowercase.
    Letters(String),
    /// Either/or: a word uses exactly one of the two (`A/E`).
    Either(String, String),
    /// Prefix-only: may only be the first tile of a word (`RE-`).
    Prefix(String),
    /// Suffix-only: may only be the last tile of a word (`-ING`).
    Suffix(String),
    /// A tile the reader doubts (`E=70%|F=20%`): a word may use any one of its readings (1 to
    /// [`MAX_READINGS`], most likely first); the word is as certain as the reading it uses.
    Doubtful(Vec<Reading>),
    /// A tile that could not be read at all (`?`): a word may use it as any one letter.
    Wildcard,
}

impl Tile {
    /// Parses one tile in board notation (`a`, `qu`, `a/e`, `re-`, `-ing`, `.`, `?`,
    /// `e=70%|f=20%`), case-insensitive. The error says what is wrong with the text, without
    /// position (callers add it).
    pub fn parse(text: &str) -> Result<Tile, TileError> {
        let text = text.trim();
        match text {
            "." => return Ok(Tile::Hole),
            "?" => return Ok(Tile::Wildcard),
            "" => return Err(TileError::Empty),
            _ => {}
        }
        if text.contains('=') || text.contains('|') {
            return parse_doubtful(text);
        }
        parse_plain(text)
    }

    /// A doubtful tile from its readings, checked: 1 to [`MAX_READINGS`] readings, none of them
    /// a hole, a wildcard or doubtful, no two the same.
    pub fn doubtful(readings: Vec<Reading>) -> Result<Tile, TileError> {
        if readings.is_empty() || readings.len() > MAX_READINGS {
            return Err(TileError::ReadingCount(readings.len()));
        }
        for (i, r) in readings.iter().enumerate() {
            if matches!(r.tile, Tile::Hole | Tile::Wildcard | Tile::Doubtful(_)) {
                return Err(TileError::BadReading(r.tile.notation()));
            }
            if readings[..i].iter().any(|o| o.tile == r.tile) {
                return Err(TileError::RepeatedReading(r.tile.notation()));
            }
        }
        Ok(Tile::Doubtful(readings))
    }

    /// The tile in ground-truth notation: `A`, `QU`, `A/E`, `RE-`, `-ING`, `.`, `?`,
    /// `E=70%|F=20%`.
    pub fn notation(&self) -> String {
        self.face(upper)
    }

    /// The tile as typed in board text: a single letter, `.` or `?` bare, anything else in
    /// brackets (lower case).
    pub fn text(&self) -> String {
        match self {
            Tile::Hole | Tile::Wildcard => self.notation(),
            Tile::Letters(s) if s.chars().count() == 1 => s.clone(),
            other => format!("[{}]", other.face(str::to_string)),
        }
    }

    /// The tile's notation with its letters passed through `case`.
    fn face(&self, case: fn(&str) -> String) -> String {
        match self {
            Tile::Hole => ".".into(),
            Tile::Wildcard => "?".into(),
            Tile::Letters(s) => case(s),
            Tile::Either(a, b) => format!("{}/{}", case(a), case(b)),
            Tile::Prefix(s) => format!("{}-", case(s)),
            Tile::Suffix(s) => format!("-{}", case(s)),
            Tile::Doubtful(readings) => readings
                .iter()
                .map(|r| format!("{}={}", r.tile.face(case), r.probability))
                .collect::<Vec<_>>()
                .join("|"),
        }
    }

    /// True for a hole.
    pub fn is_hole(&self) -> bool {
        matches!(self, Tile::Hole)
    }

    /// The letter strings a word may take from this tile: two for either/or, every reading's
    /// for a doubtful tile, none for a hole or a wildcard (which stands for any one letter).
    pub fn choices(&self) -> Vec<&str> {
        match self {
            Tile::Hole | Tile::Wildcard => vec![],
            Tile::Letters(s) | Tile::Prefix(s) | Tile::Suffix(s) => vec![s.as_str()],
            Tile::Either(a, b) => vec![a.as_str(), b.as_str()],
            Tile::Doubtful(readings) => readings.iter().flat_map(|r| r.tile.choices()).collect(),
        }
    }

    /// True when a word may only start with this tile: a prefix-only tile, or a doubtful tile
    /// whose readings all are.
    pub fn is_prefix_only(&self) -> bool {
        match self {
            Tile::Prefix(_) => true,
            Tile::Doubtful(r) => r.iter().all(|r| r.tile.is_prefix_only()),
            _ => false,
        }
    }

    /// True when a word may only end with this tile: a suffix-only tile, or a doubtful tile
    /// whose readings all are.
    pub fn is_suffix_only(&self) -> bool {
        match self {
            Tile::Suffix(_) => true,
            Tile::Doubtful(r) => r.iter().all(|r| r.tile.is_suffix_only()),
            _ => false,
        }
    }

    /// True when the reader doubted this tile (doubtful or wildcard).
    pub fn is_doubtful(&self) -> bool {
        matches!(self, Tile::Doubtful(_) | Tile::Wildcard)
    }
}

/// `a`, `qu`, `a/e`, `re-` or `-ing` (already trimmed, not empty).
fn parse_plain(text: &str) -> Result<Tile, TileError> {
    if let Some((a, b)) = text.split_once('/') {
        return Ok(Tile::Either(letters_only(a, text)?, letters_only(b, text)?));
    }
    if let Some(rest) = text.strip_suffix('-') {
        return Ok(Tile::Prefix(letters_only(rest, text)?));
    }
    if let Some(rest) = text.strip_prefix('-') {
        return Ok(Tile::Suffix(letters_only(rest, text)?));
    }
    Ok(Tile::Letters(letters_only(text, text)?))
}

/// `e=70%|f=20%`: readings separated by `|`, each a plain tile `=` its probability.
fn parse_doubtful(text: &str) -> Result<Tile, TileError> {
    let readings = text
        .split('|')
        .map(|part| {
            let (tile, probability) =
                part.split_once('=')
                    .ok_or_else(|| TileError::NoProbability {
                        reading: part.to_string(),
                        tile: text.to_string(),
                    })?;
            let tile = tile.trim();
            if tile.is_empty() {
                return Err(TileError::EmptyReading(text.to_string()));
            }
            Ok(Reading {
                tile: parse_plain(tile)?,
                probability: Probability::parse(probability.trim())?,
            })
        })
        .collect::<Result<Vec<Reading>, TileError>>()?;
    Tile::doubtful(readings).map_err(|e| e.within(text))
}

/// `s` in lower case, when it is all letters.
fn letters_only(s: &str, original: &str) -> Result<String, TileError> {
    if s.is_empty() {
        return Err(TileError::NoLetters(original.to_string()));
    }
    // Letter by letter: a string-wide lower case turns a final Σ into ς, which would not
    // survive a round trip through the upper-case notation.
    let count = s.chars().count();
    if count > MAX_TILE_LETTERS {
        return Err(TileError::TooLong(count));
    }
    let lower: String = s.chars().flat_map(char::to_lowercase).collect();
    match lower.chars().find(|c| !c.is_alphabetic()) {
        Some(found) => Err(TileError::BadCharacter {
            found,
            tile: original.to_string(),
        }),
        None => Ok(lower),
    }
}

/// `s` in upper case, letter by letter, keeping a letter whose upper case does not turn back
/// into it (`ß` would become `SS`), so the notation parses back to the same tile.
fn upper(s: &str) -> String {
    s.chars()
        .map(|c| {
            let mut up = c.to_uppercase();
            match (up.next(), up.next()) {
                (Some(u), None) if u.to_lowercase().eq([c]) => u,
                _ => c,
            }
        })
        .collect()
}

/// One cell as board text gives it: the tile, its printed value and its bonus badge
/// (`[qu:10*dl]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The tile.
    pub tile: Tile,
    /// The printed point value, if any.
    pub value: Option<u32>,
    /// The bonus badge, if any.
    pub bonus: Option<Bonus>,
}

impl Cell {
    /// Parses one cell in board-text tile notation, with or without brackets: a tile, then
    /// optionally `:VALUE`, then optionally `*BADGE` (`a`, `[qu:10]`, `e=70%|f=20%:2*dl`).
    /// A hole carries no value or badge.
    pub fn parse(text: &str) -> Result<Cell, TileError> {
        let text = text.trim();
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(text);
        let (rest, bonus) = match inner.rsplit_once('*') {
            Some((rest, badge)) => (rest, Bonus::parse(badge)?),
            None => (inner, None),
        };
        let (face, value) = match rest.rsplit_once(':') {
            Some((face, v)) => (face, Some(parse_value(v)?)),
            None => (rest, None),
        };
        let tile = Tile::parse(face)?;
        if tile.is_hole() && (value.is_some() || bonus.is_some()) {
            return Err(TileError::MarkedHole.within(text));
        }
        Ok(Cell { tile, value, bonus })
    }

    /// The cell as typed in board text: [`Tile::text`] when it has no value or badge, else
    /// `[tile:value*badge]`.
    pub fn text(&self) -> String {
        if self.value.is_none() && self.bonus.is_none() {
            return self.tile.text();
        }
        let mut out = format!("[{}", self.tile.face(str::to_string));
        if let Some(v) = self.value {
            out.push_str(&format!(":{v}"));
        }
        if let Some(b) = self.bonus {
            out.push_str(&format!("*{}", b.label().to_lowercase()));
        }
        out.push(']');
        out
    }
}

/// A one-tile correction, `R,C=TEXT`: the cell at row `R`, column `C` (from 0, as in paths)
/// becomes `TEXT`, a cell in board-text tile notation (`1,2=e`, `0,0=[qu:10*dl]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// What the cell becomes.
    pub cell: Cell,
}

impl Fix {
    /// Parses `R,C=TEXT`.
    pub fn parse(text: &str) -> Result<Fix, FixError> {
        let bad = || FixError::Syntax(text.to_string());
        let (place, cell) = text.split_once('=').ok_or_else(bad)?;
        let (row, col) = place.split_once(',').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let cell = Cell::parse(cell).map_err(|error| FixError::Cell {
            fix: text.to_string(),
            error,
        })?;
        Ok(Fix {
            row: number(row)?,
            col: number(col)?,
            cell,
        })
    }
}

/// A printed point value: digits only.
fn parse_value(text: &str) -> Result<u32, TileError> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TileError::BadValue(text.to_string()));
    }
    match text.parse::<u32>() {
        Ok(v) if v <= MAX_VALUE => Ok(v),
        _ => Err(TileError::ValueTooBig(text.to_string())),
    }
}

/// A bonus square: letter or word multipliers as Ruzzle, Word Streak and SpellCast print them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// Double letter.
    DL,
    /// Triple letter.
    TL,
    /// Double word.
    DW,
    /// Triple word.
    TW,
    /// SpellCast's "2X": doubles the word.
    X2,
}

impl Bonus {
    /// Parses `DL`, `TL`, `DW`, `TW` or `2X` (case-insensitive); `""` is no bonus.
    pub fn parse(text: &str) -> Result<Option<Bonus>, TileError> {
        Ok(Some(match text.trim().to_uppercase().as_str() {
            "" => return Ok(None),
            "DL" => Bonus::DL,
            "TL" => Bonus::TL,
            "DW" => Bonus::DW,
            "TW" => Bonus::TW,
            "2X" => Bonus::X2,
            _ => return Err(TileError::UnknownBonus(text.to_string())),
        }))
    }

    /// The label as printed: `DL`, `TL`, `DW`, `TW`, `2X`.
    pub fn label(self) -> &'static str {
        match self {
            Bonus::DL => "DL",
            Bonus::TL => "TL",
            Bonus::DW => "DW",
            Bonus::TW => "TW",
            Bonus::X2 => "2X",
        }
    }

    /// The factor applied to the tile's letter value (1 for word bonuses).
    pub fn letter_factor(self) -> u32 {
        match self {
            Bonus::DL => 2,
            Bonus::TL => 3,
            _ => 1,
        }
    }

    /// The factor applied to the whole word (1 for letter bonuses).
    pub fn word_factor(self) -> u32 {
        match self {
            Bonus::DW | Bonus::X2 => 2,
            Bonus::TW => 3,
            _ => 1,
        }
    }
}

/// What is wrong with one tile or cell of board text, without its place ([`BoardError::BadTile`]
/// adds the row and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// Nothing where a tile should be.
    #[error("empty tile")]
    Empty,
    /// A tile (or one side of an either/or tile) with no letters: `/e`, `-`.
    #[error("tile '{0}' has no letters")]
    NoLetters(String),
    /// More than [`MAX_TILE_LETTERS`] letters.
    #[error("a tile of {0} letters is over the limit of {max}", max = MAX_TILE_LETTERS)]
    TooLong(usize),
    /// A character that is not a letter, inside a tile.
    #[error("unexpected character '{}' in tile '{tile}'", found.escape_default())]
    BadCharacter {
        /// The character.
        found: char,
        /// The tile as typed.
        tile: String,
    },
    /// A character that is no tile, in a row typed as one token (`ab3d`).
    #[error("unexpected character '{}'", .0.escape_default())]
    Character(char),
    /// A `[` without its `]` (the text from the `[` on).
    #[error("'{0}' is missing its closing ']'")]
    Unclosed(String),
    /// A probability that is not a percentage with at most one decimal.
    #[error("bad probability '{0}' (expected a percentage such as 70% or 12.5%)")]
    BadProbability(String),
    /// A probability over 100%.
    #[error("probability '{0}' is over 100%")]
    ProbabilityOver100(String),
    /// A reading of a doubtful tile without `=PROBABILITY`.
    #[error("reading '{reading}' of '{tile}' needs its probability, as in e=70%")]
    NoProbability {
        /// The reading.
        reading: String,
        /// The whole doubtful tile.
        tile: String,
    },
    /// A reading of a doubtful tile with a probability but no letters (`=70%`).
    #[error("a reading of '{0}' has no letters")]
    EmptyReading(String),
    /// A doubtful tile with no readings or more than [`MAX_READINGS`].
    #[error("a doubtful tile has 1 to {max} readings, not {0}", max = MAX_READINGS)]
    ReadingCount(usize),
    /// A doubtful tile's reading that is a hole, a wildcard or itself doubtful (its notation).
    #[error("a doubtful tile's reading cannot be '{0}'")]
    BadReading(String),
    /// The same reading twice in one doubtful tile (its notation).
    #[error("reading '{0}' is given twice")]
    RepeatedReading(String),
    /// A printed value that is not a number.
    #[error("bad value '{0}' (expected a number such as 10)")]
    BadValue(String),
    /// A printed value over [`MAX_VALUE`].
    #[error("printed value {0} is over the limit of {max}", max = MAX_VALUE)]
    ValueTooBig(String),
    /// A badge other than `DL`, `TL`, `DW`, `TW` and `2X`.
    #[error("unknown bonus '{0}' (expected DL, TL, DW, TW or 2X)")]
    UnknownBonus(String),
    /// A hole given a printed value or a badge.
    #[error("a hole has no value or badge")]
    MarkedHole,
    /// One of the errors above, in the tile or cell `text`, which the message quotes.
    #[error("'{text}': {error}")]
    Within {
        /// The tile or cell as typed.
        text: String,
        /// What is wrong with it.
        error: Box<TileError>,
    },
}

impl TileError {
    /// This error, said of the tile or cell `text` (`'e=5%|e=6%': reading 'E' is given twice`).
    fn within(self, text: &str) -> TileError {
        TileError::Within {
            text: text.to_string(),
            error: Box::new(self),
        }
    }
}

/// A bad one-tile correction (`--fix R,C=TEXT`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixError {
    /// Not of the form `R,C=TEXT` with numbers for `R` and `C`.
    #[error("expected R,C=TEXT such as 1,2=e (row and column from 0), got '{0}'")]
    Syntax(String),
    /// `TEXT` is not a cell.
    #[error("'{fix}': {error}")]
    Cell {
        /// The whole correction as typed.
        fix: String,
        /// What is wrong with its cell.
        error: TileError,
    },
}

/// A bad board, with the place (1-based row and column) where that is known.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The board text or JSON had no tiles.
    #[error("the board is empty")]
    Empty,
    /// A row has a different number of tiles than the first row.
    #[error(
        "row {row} has {found} tiles but row 1 has {expected}: every row needs the same number"
    )]
    Ragged {
        /// 1-based row.
        row: usize,
        /// Tiles in that row.
        found: usize,
        /// Tiles in row 1.
        expected: usize,
    },
    /// A tile that cannot be read.
    #[error("row {row}, column {col}: {error}")]
    BadTile {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong (part of this error's message, so not repeated as its source).
        error: TileError,
    },
    /// More than [`MAX_CELLS`] cells.
    #[error("the board has {0} cells; at most 64 are supported")]
    TooBig(usize),
    /// A whole-board problem (JSON shape, a single token that is not a square, ...).
    #[error("{0}")]
    Invalid(String),
}

/// A game board: tiles in row-major order, with optional printed values and bonuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    tiles: Vec<Tile>,
    values: Vec<Option<u32>>,
    bonuses: Vec<Option<Bonus>>,
}

impl Board {
    /// Builds a board from tiles in row-major order, with no values or bonuses.
    pub fn new(rows: usize, cols: usize, tiles: Vec<Tile>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 || tiles.is_empty() {
            return Err(BoardError::Empty);
        }
        if rows * cols > MAX_CELLS {
            return Err(BoardError::TooBig(rows * cols));
        }
        if tiles.len() != rows * cols {
            return Err(BoardError::Invalid(format!(
                "{rows}x{cols} board needs {} tiles, got {}",
                rows * cols,
                tiles.len()
            )));
        }
        let n = tiles.len();
        Ok(Board {
            rows,
            cols,
            tiles,
            values: vec![None; n],
            bonuses: vec![None; n],
        })
    }

    /// Parses board text or a JSON board (see the module documentation for the syntax).
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let trimmed = text.trim();
        if trimmed.starts_with('{') {
            let json: BoardJson = serde_json::from_str(trimmed)
                .map_err(|e| BoardError::Invalid(format!("bad board JSON: {e}")))?;
            return Board::from_json(&json);
        }
        let rows = split_rows(trimmed)?;
        Board::from_rows(rows)
    }

    fn from_rows(rows: Vec<Vec<Cell>>) -> Result<Board, BoardError> {
        let expected = rows.first().map_or(0, Vec::len);
        if expected == 0 {
            return Err(BoardError::Empty);
        }
        for (r, row) in rows.iter().enumerate() {
            if row.len() != expected {
                return Err(BoardError::Ragged {
                    row: r + 1,
                    found: row.len(),
                    expected,
                });
            }
        }
        let n_rows = rows.len();
        let cells: Vec<Cell> = rows.into_iter().flatten().collect();
        let tiles = cells.iter().map(|c| c.tile.clone()).collect();
        let mut board = Board::new(n_rows, expected, tiles)?;
        for (i, cell) in cells.into_iter().enumerate() {
            board.values[i] = cell.value;
            board.bonuses[i] = cell.bonus;
        }
        Ok(board)
    }

    /// Builds a board from the JSON shape (`{"rows","cols","tiles","values"?,"bonuses"?}`).
    pub fn from_json(json: &BoardJson) -> Result<Board, BoardError> {
        let rows = json.tiles.len();
        if rows != json.rows {
            return Err(BoardError::Invalid(format!(
                "\"rows\" is {} but \"tiles\" has {rows} rows",
                json.rows
            )));
        }
        let mut tiles = Vec::new();
        for (r, row) in json.tiles.iter().enumerate() {
            if row.len() != json.cols {
                return Err(BoardError::Ragged {
                    row: r + 1,
                    found: row.len(),
                    expected: json.cols,
                });
            }
            for (c, t) in row.iter().enumerate() {
                tiles.push(Tile::parse(t).map_err(|error| BoardError::BadTile {
                    row: r + 1,
                    col: c + 1,
                    error,
                })?);
            }
        }
        let mut board = Board::new(json.rows, json.cols, tiles)?;
        let at = |i: usize, error: TileError| BoardError::BadTile {
            row: i / json.cols + 1,
            col: i % json.cols + 1,
            error,
        };
        if let Some(values) = &json.values {
            check_shape(values, json.rows, json.cols, "values")?;
            board.values = values.iter().flatten().copied().collect();
            if let Some(i) = board
                .values
                .iter()
                .position(|v| v.is_some_and(|v| v > MAX_VALUE))
            {
                let value = board.values[i].unwrap_or_default();
                return Err(at(i, TileError::ValueTooBig(value.to_string())));
            }
        }
        if let Some(bonuses) = &json.bonuses {
            check_shape(bonuses, json.rows, json.cols, "bonuses")?;
            for (i, b) in bonuses.iter().flatten().enumerate() {
                board.bonuses[i] = Bonus::parse(b).map_err(|error| at(i, error))?;
            }
        }
        let hole_marked = (0..board.len()).find(|&i| {
            board.tiles[i].is_hole() && (board.values[i].is_some() || board.bonuses[i].is_some())
        });
        if let Some(i) = hole_marked {
            return Err(at(i, TileError::MarkedHole));
        }
        Ok(board)
    }

    /// The JSON shape of this board (values and bonuses only when the board has any).
    pub fn to_json(&self) -> BoardJson {
        let grid = |f: &dyn Fn(usize) -> String| -> Vec<Vec<String>> {
            (0..self.rows)
                .map(|r| (0..self.cols).map(|c| f(r * self.cols + c)).collect())
                .collect()
        };
        let values = self.values.iter().any(Option::is_some).then(|| {
            (0..self.rows)
                .map(|r| {
                    (0..self.cols)
                        .map(|c| self.values[r * self.cols + c])
                        .collect()
                })
                .collect()
        });
        let bonuses =
            self.bonuses.iter().any(Option::is_some).then(|| {
                grid(&|i| self.bonuses[i].map_or(String::new(), |b| b.label().to_string()))
            });
        BoardJson {
            rows: self.rows,
            cols: self.cols,
            tiles: grid(&|i| self.tiles[i].notation()),
            values,
            bonuses,
        }
    }

    /// Board text that parses back to the same board, values, badges and doubtful tiles
    /// included: one token per row (`abcd efgh ...`); a board of one row ends with `,` so it is
    /// not taken for a square (`abcd,`).
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| self.cell(r * self.cols + c).text())
                    .collect::<String>()
            })
            .collect();
        let mut text = rows.join(" ");
        if self.rows == 1 {
            text.push(',');
        }
        text
    }

    /// A cell (row-major index) with its tile, printed value and badge.
    pub fn cell(&self, cell: usize) -> Cell {
        Cell {
            tile: self.tiles[cell].clone(),
            value: self.values[cell],
            bonus: self.bonuses[cell],
        }
    }

    /// Applies a one-tile correction; a place outside the board is an error naming it.
    pub fn apply_fix(&mut self, fix: &Fix) -> Result<(), BoardError> {
        if fix.row >= self.rows || fix.col >= self.cols {
            return Err(BoardError::Invalid(format!(
                "{},{} is outside the {}x{} board (rows 0 to {}, columns 0 to {})",
                fix.row,
                fix.col,
                self.rows,
                self.cols,
                self.rows - 1,
                self.cols - 1
            )));
        }
        self.set_cell(fix.row * self.cols + fix.col, fix.cell.clone());
        Ok(())
    }

    /// Replaces a cell (row-major index): its tile, printed value and badge.
    pub fn set_cell(&mut self, cell: usize, new: Cell) {
        self.tiles[cell] = new.tile;
        self.values[cell] = None;
        self.bonuses[cell] = None;
        self.set_value(cell, new.value);
        self.set_bonus(cell, new.bonus);
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells (holes included).
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The tile at (row, col), counted from 0.
    pub fn tile(&self, row: usize, col: usize) -> &Tile {
        &self.tiles[row * self.cols + col]
    }

    /// All tiles in row-major order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The printed point value of a cell (row-major index), if the board has one.
    pub fn value(&self, cell: usize) -> Option<u32> {
        self.values[cell]
    }

    /// The bonus of a cell (row-major index), if any.
    pub fn bonus(&self, cell: usize) -> Option<Bonus> {
        self.bonuses[cell]
    }

    /// Replaces the tile of a cell (SpellCast swaps).
    pub fn set_tile(&mut self, cell: usize, tile: Tile) {
        self.tiles[cell] = tile;
    }

    /// Sets the printed value of a cell (a hole keeps none).
    pub fn set_value(&mut self, cell: usize, value: Option<u32>) {
        self.values[cell] = value.filter(|_| !self.tiles[cell].is_hole());
    }

    /// Sets the bonus of a cell (a hole keeps none).
    pub fn set_bonus(&mut self, cell: usize, bonus: Option<Bonus>) {
        self.bonuses[cell] = bonus.filter(|_| !self.tiles[cell].is_hole());
    }

    /// True when any tile is doubtful or a wildcard.
    pub fn has_doubtful_tiles(&self) -> bool {
        self.tiles.iter().any(Tile::is_doubtful)
    }

    /// True when any cell has a bonus square.
    pub fn has_bonuses(&self) -> bool {
        self.bonuses.iter().any(Option::is_some)
    }

    /// True when any tile is special (multi-letter, either/or, prefix or suffix).
    pub fn has_special_tiles(&self) -> bool {
        self.tiles.iter().any(|t| match t {
            Tile::Letters(s) => s.chars().count() > 1,
            Tile::Hole => false,
            _ => true,
        })
    }

    /// The 8-way neighbours of a cell (row-major index) that are not holes.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        (-1..=1isize)
            .flat_map(move |dr| (-1..=1isize).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(nr, nc)| {
                (nr, nc) != (r, c)
                    && nr >= 0
                    && nc >= 0
                    && (nr as usize) < self.rows
                    && (nc as usize) < self.cols
            })
            .map(move |(nr, nc)| nr as usize * self.cols + nc as usize)
            .filter(move |&n| !self.tiles[n].is_hole())
    }

    /// Draws the board as a small text grid (upper-case tiles, holes as `.`, a doubtful tile as
    /// its likeliest reading and `?`), one row per line.
    pub fn grid_string(&self) -> String {
        let width = self
            .tiles
            .iter()
            .map(|t| grid_label(t).chars().count())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| pad(&grid_label(self.tile(r, c)), width))
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl std::str::FromStr for Board {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Board, BoardError> {
        Board::parse(s)
    }
}

/// A tile in the text grid: its notation, or for a doubtful tile its likeliest reading and `?`.
fn grid_label(tile: &Tile) -> String {
    match tile {
        Tile::Doubtful(readings) => format!("{}?", readings[0].tile.notation()),
        other => other.notation(),
    }
}

/// `text` padded with spaces to `width` characters (a `{:<width$}` format panics for widths
/// over 65,535, which a long tile reaches).
pub fn pad(text: &str, width: usize) -> String {
    let mut out = text.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out
}

fn check_shape<T>(grid: &[Vec<T>], rows: usize, cols: usize, name: &str) -> Result<(), BoardError> {
    if grid.len() != rows {
        return Err(BoardError::Invalid(format!(
            "\"{name}\" has {} rows, expected {rows}",
            grid.len()
        )));
    }
    match grid.iter().position(|row| row.len() != cols) {
        Some(r) => Err(BoardError::Invalid(format!(
            "\"{name}\" row {} has {} entries, expected {cols}",
            r + 1,
            grid[r].len()
        ))),
        None => Ok(()),
    }
}

/// The JSON form of a board, as in ground-truth files and `solve --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardJson {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Tiles in notation (`A`, `QU`, `A/E`, `RE-`, `-ING`, `.`), rows top to bottom.
    pub tiles: Vec<Vec<String>>,
    /// Printed point values (`null` where a tile shows none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Vec<Option<u32>>>>,
    /// Bonus badges (`DL`, `TL`, `DW`, `TW`, `2X` or `""`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonuses: Option<Vec<Vec<String>>>,
}

/// Splits board text into rows of tiles.
fn split_rows(text: &str) -> Result<Vec<Vec<Cell>>, BoardError> {
    if text.is_empty() {
        return Err(BoardError::Empty);
    }
    let explicit_rows = text.contains('\n') || text.contains(',');
    if explicit_rows {
        let lines: Vec<&str> = text
            .split(['\n', ','])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        return lines
            .iter()
            .enumerate()
            .map(|(r, line)| {
                if line.split_whitespace().count() > 1 {
                    parse_spaced_row(line, r)
                } else {
                    parse_packed_row(line, r)
                }
            })
            .collect();
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() > 1 {
        return tokens
            .iter()
            .enumerate()
            .map(|(r, t)| parse_packed_row(t, r))
            .collect();
    }
    let tiles = parse_packed_row(tokens[0], 0)?;
    let side = (tiles.len() as f64).sqrt().round() as usize;
    if side * side != tiles.len() {
        return Err(BoardError::Invalid(format!(
            "'{}' has {} tiles, which is not a square: give rows separated by spaces, ',' or lines",
            tokens[0],
            tiles.len()
        )));
    }
    if tiles.len() > MAX_CELLS {
        return Err(BoardError::TooBig(tiles.len()));
    }
    let mut it = tiles.into_iter();
    Ok((0..side)
        .map(|_| it.by_ref().take(side).collect())
        .collect())
}

/// A row typed with spaces between tiles: `qu a/e re- -ing a:2*dl` (brackets optional).
fn parse_spaced_row(line: &str, row: usize) -> Result<Vec<Cell>, BoardError> {
    line.split_whitespace()
        .enumerate()
        .map(|(c, token)| {
            Cell::parse(token).map_err(|error| BoardError::BadTile {
                row: row + 1,
                col: c + 1,
                error,
            })
        })
        .collect()
}

/// A row typed as one token: each character is a tile, `[...]` groups a multi-character tile
/// or a tile with a value or badge.
fn parse_packed_row(token: &str, row: usize) -> Result<Vec<Cell>, BoardError> {
    let mut tiles = Vec::new();
    let mut chars = token.chars();
    while let Some(ch) = chars.next() {
        let col = tiles.len() + 1;
        let bad = |error: TileError| BoardError::BadTile {
            row: row + 1,
            col,
            error,
        };
        if ch == '[' {
            let inner: String = chars.by_ref().take_while(|&c| c != ']').collect();
            if !token.contains(']') {
                return Err(bad(TileError::Unclosed(format!("[{inner}"))));
            }
            tiles.push(Cell::parse(&inner).map_err(bad)?);
        } else {
            let tile = match ch {
                '.' => Tile::Hole,
                '?' => Tile::Wildcard,
                _ => Tile::parse(ch.encode_utf8(&mut [0; 4]))
                    .map_err(|_| bad(TileError::Character(ch)))?,
            };
            tiles.push(Cell {
                tile,
                value: None,
                bonus: None,
            });
        }
    }
    Ok(tiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_row_syntax_to_the_same_board() {
        let expected = Board::parse("abcd efgh ijkl mnop").unwrap();
        for text in [
            "abcdefghijklmnop",
            "ABCD,EFGH,IJKL,MNOP",
            "abcd\nefgh\nijkl\nmnop\n",
            "a b c d\ne f g h\ni j k l\nm n o p",
        ] {
            assert_eq!(Board::parse(text).unwrap(), expected, "{text}");
        }
        assert_eq!(expected.rows(), 4);
        assert_eq!(expected.tile(1, 2), &Tile::Letters("g".into()));
    }

    #[test]
    fn parses_special_tiles_bracketed_and_spaced() {
        let b = Board::parse("[qu][a/e][re-][-ing] abcd").unwrap();
        assert_eq!(b.tile(0, 0), &Tile::Letters("qu".into()));
        assert_eq!(b.tile(0, 1), &Tile::Either("a".into(), "e".into()));
        assert_eq!(b.tile(0, 2), &Tile::Prefix("re".into()));
        assert_eq!(b.tile(0, 3), &Tile::Suffix("ing".into()));
        let spaced = Board::parse("qu a/e re- -ing\na b c d").unwrap();
        assert_eq!(spaced, b);
    }

    #[test]
    fn holes_and_text_round_trip() {
        let b = Board::parse("a.c[qu] .b.d").unwrap();
        assert!(b.tile(0, 1).is_hole());
        assert_eq!(b.to_text(), "a.c[qu] .b.d");
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
    }

    #[test]
    fn bad_boards_name_row_and_column() {
        assert_eq!(
            Board::parse("abcd efg").unwrap_err(),
            BoardError::Ragged {
                row: 2,
                found: 3,
                expected: 4
            }
        );
        let err = Board::parse("abcd ef3h").unwrap_err();
        assert_eq!(err.to_string(), "row 2, column 3: unexpected character '3'");
        assert!(matches!(Board::parse("  ").unwrap_err(), BoardError::Empty));
        assert!(matches!(
            Board::parse(&"a".repeat(81)).unwrap_err(),
            BoardError::TooBig(81)
        ));
        assert!(
            Board::parse("abcde")
                .unwrap_err()
                .to_string()
                .contains("not a square")
        );
        assert!(Board::parse("ab[cd ef").is_err());
        assert!(Board::parse("[]bc abc").is_err());
    }

    #[test]
    fn json_round_trip_keeps_values_and_bonuses() {
        let text = r#"{"rows":2,"cols":2,"tiles":[["A","QU"],["U/L","-IC"]],"values":[[2,10],[20,12]],"bonuses":[["DL",""],["","2X"]]}"#;
        let b = Board::parse(text).unwrap();
        assert_eq!(b.value(1), Some(10));
        assert_eq!(b.bonus(3), Some(Bonus::X2));
        assert_eq!(Board::from_json(&b.to_json()).unwrap(), b);
        let bad =
            r#"{"rows":2,"cols":2,"tiles":[["A","B"],["C","D"]],"bonuses":[["DL",""],["","5X"]]}"#;
        assert_eq!(
            Board::parse(bad).unwrap_err().to_string(),
            "row 2, column 2: unknown bonus '5X' (expected DL, TL, DW, TW or 2X)"
        );
    }

    #[test]
    fn values_and_badges_ride_on_bracketed_cells() {
        let b = Board::parse("[j:10][n:2] [f:5*dw][qu*tl]").unwrap();
        assert_eq!(b.value(0), Some(10));
        assert_eq!(b.bonus(2), Some(Bonus::DW));
        assert_eq!(b.value(3), None);
        assert_eq!(b.bonus(3), Some(Bonus::TL));
        assert_eq!(b.tile(1, 1), &Tile::Letters("qu".into()));
        assert_eq!(b.to_text(), "[j:10][n:2] [f:5*dw][qu*tl]");
        let spaced = Board::parse("j:10 n:2\nf:5*DW [QU*tl]").unwrap();
        assert_eq!(spaced, b);
        assert_eq!(
            Board::parse("[a:x]b cd").unwrap_err().to_string(),
            "row 1, column 1: bad value 'x' (expected a number such as 10)"
        );
        assert!(
            Board::parse("[.:3]b cd")
                .unwrap_err()
                .to_string()
                .contains("a hole has no value or badge")
        );
        assert!(Board::parse("[a*5x]b cd").is_err());
        assert!(
            Board::parse("[a:1001]b cd")
                .unwrap_err()
                .to_string()
                .contains("over the limit of 1000")
        );
    }

    #[test]
    fn doubtful_tiles_and_wildcards() {
        let b = Board::parse("[e=70%|f=20.5%:2]? [u/l=60%|-ic=10%][?*dl]").unwrap();
        let Tile::Doubtful(readings) = b.tile(0, 0) else {
            panic!("{:?}", b.tile(0, 0));
        };
        assert_eq!(readings[0].tile, Tile::Letters("e".into()));
        assert_eq!(readings[1].probability.permille(), 205);
        assert_eq!(b.value(0), Some(2));
        assert_eq!(b.tile(0, 1), &Tile::Wildcard);
        assert_eq!(b.bonus(3), Some(Bonus::DL));
        assert_eq!(b.tile(1, 0).notation(), "U/L=60%|-IC=10%");
        assert_eq!(b.tile(1, 0).choices(), vec!["u", "l", "ic"]);
        assert!(!b.tile(1, 0).is_suffix_only());
        assert_eq!(b.to_text(), "[e=70%|f=20.5%:2]? [u/l=60%|-ic=10%][?*dl]");
        assert_eq!(Board::from_json(&b.to_json()).unwrap(), b);
        for (bad, why) in [
            ("[e|f]b cd", "needs its probability"),
            ("[e=70]b cd", "bad probability"),
            ("[e=101%]b cd", "over 100%"),
            ("[e=1.25%]b cd", "bad probability"),
            ("[e=5%|e=6%]b cd", "given twice"),
            ("[.=5%]b cd", "unexpected character '.'"),
            ("[a=1%|b=1%|c=1%|d=1%|e=1%]b cd", "1 to 4 readings"),
        ] {
            let err = Board::parse(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }

    #[test]
    fn one_row_boards_echo_with_a_comma() {
        let b = Board::parse("abcd,").unwrap();
        assert_eq!((b.rows(), b.cols()), (1, 4));
        assert_eq!(b.to_text(), "abcd,");
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
        assert_eq!(Board::parse("a").unwrap().to_text(), "a,");
    }

    #[test]
    fn non_ascii_letters_echo_in_a_form_that_parses() {
        for text in ["[ßa]b cd", "[σς]b cd", "ǅbcd,", "éèàü"] {
            let b = Board::parse(text).unwrap();
            assert_eq!(Board::parse(&b.to_text()).unwrap(), b, "{text}");
            assert_eq!(Board::from_json(&b.to_json()).unwrap(), b, "{text}");
        }
        // İ lower-cases to i and a combining dot, which is not a letter: refused, not garbled.
        let err = Board::parse("İbcd,").unwrap_err().to_string();
        assert!(err.contains("unexpected character"), "{err}");
    }

    #[test]
    fn a_long_tile_prints_and_one_over_the_limit_is_refused() {
        let long = "a".repeat(MAX_TILE_LETTERS);
        let b = Board::parse(&format!("[{long}]b cd")).unwrap();
        assert!(b.grid_string().starts_with(&long.to_uppercase()));
        assert_eq!(Board::parse(&b.to_text()).unwrap(), b);
        let err = Board::parse(&format!("[{}]b cd", "a".repeat(70_000)))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("a tile of 70000 letters is over the limit of 64"),
            "{err}"
        );
        assert!(
            err.len() < 200,
            "the message copies the tile: {} bytes",
            err.len()
        );
    }

    #[test]
    fn fixes_replace_one_cell() {
        let mut b = Board::parse("ab cd").unwrap();
        b.apply_fix(&Fix::parse("1,0=[qu:10*dl]").unwrap()).unwrap();
        assert_eq!(b.to_text(), "ab [qu:10*dl]d");
        b.apply_fix(&Fix::parse("1,0=x").unwrap()).unwrap();
        assert_eq!(b.to_text(), "ab xd");
        let err = b.apply_fix(&Fix::parse("2,0=x").unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "2,0 is outside the 2x2 board (rows 0 to 1, columns 0 to 1)"
        );
        assert_eq!(
            Fix::parse("1-0=x").unwrap_err(),
            FixError::Syntax("1-0=x".into())
        );
        assert_eq!(
            Fix::parse("1,0=3").unwrap_err().to_string(),
            "'1,0=3': unexpected character '3' in tile '3'"
        );
    }

    #[test]
    fn neighbours_skip_holes_and_edges() {
        let b = Board::parse("ab. def ghi").unwrap();
        let mut n: Vec<usize> = b.neighbours(0).collect();
        n.sort();
        assert_eq!(n, vec![1, 3, 4]);
        assert_eq!(b.neighbours(4).count(), 7);
    }
}
