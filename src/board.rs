//! The board model: a rows x cols grid of tiles (up to 64 cells) with holes, special tiles,
//! optional printed point values and bonus squares, and its two text forms (board text and JSON).
//!
//! # Board text
//! Accepted wherever a board is typed (case-insensitive):
//! - one token per row: `abcd efgh ijkl mnop`;
//! - a square as one token: `abcdefghijklmnop` (16 tiles make 4x4, 25 make 5x5, ...);
//! - one row per line, or rows separated by `,`: `abcd,efgh,ijkl,mnop`;
//! - multi-character tiles in brackets: `[qu]` (letters used together), `[a/e]` (either/or),
//!   `[re-]` (prefix-only: only as the first tile of a word), `[-ing]` (suffix-only: only last);
//! - inside a row typed with spaces between tiles (rows given by lines or `,`), the brackets may be
//!   left out: `qu a/e re- -ing`;
//! - `.` is a hole (a cell that does not exist).
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
}

impl Tile {
    /// Parses one tile in board notation (`a`, `qu`, `a/e`, `re-`, `-ing`, `.`), case-insensitive.
    /// The error says what is wrong with the text, without position (callers add it).
    pub fn parse(text: &str) -> Result<Tile, String> {
        let text = text.trim();
        if text == "." {
            return Ok(Tile::Hole);
        }
        if text.is_empty() {
            return Err("empty tile".into());
        }
        let lower = text.to_lowercase();
        if let Some((a, b)) = lower.split_once('/') {
            return Ok(Tile::Either(letters_only(a, text)?, letters_only(b, text)?));
        }
        if let Some(rest) = lower.strip_suffix('-') {
            return Ok(Tile::Prefix(letters_only(rest, text)?));
        }
        if let Some(rest) = lower.strip_prefix('-') {
            return Ok(Tile::Suffix(letters_only(rest, text)?));
        }
        Ok(Tile::Letters(letters_only(&lower, text)?))
    }

    /// The tile in ground-truth notation: `A`, `QU`, `A/E`, `RE-`, `-ING`, `.`.
    pub fn notation(&self) -> String {
        match self {
            Tile::Hole => ".".into(),
            Tile::Letters(s) => s.to_uppercase(),
            Tile::Either(a, b) => format!("{}/{}", a.to_uppercase(), b.to_uppercase()),
            Tile::Prefix(s) => format!("{}-", s.to_uppercase()),
            Tile::Suffix(s) => format!("-{}", s.to_uppercase()),
        }
    }

    /// The tile as typed in board text: a single letter bare, anything else in brackets.
    pub fn text(&self) -> String {
        match self {
            Tile::Hole => ".".into(),
            Tile::Letters(s) if s.chars().count() == 1 => s.clone(),
            other => format!("[{}]", other.notation().to_lowercase()),
        }
    }

    /// True for a hole.
    pub fn is_hole(&self) -> bool {
        matches!(self, Tile::Hole)
    }

    /// The letter strings a word may take from this tile (two for either/or, none for a hole).
    pub fn choices(&self) -> Vec<&str> {
        match self {
            Tile::Hole => vec![],
            Tile::Letters(s) | Tile::Prefix(s) | Tile::Suffix(s) => vec![s.as_str()],
            Tile::Either(a, b) => vec![a.as_str(), b.as_str()],
        }
    }
}

fn letters_only(s: &str, original: &str) -> Result<String, String> {
    if s.is_empty() {
        return Err(format!("tile '{original}' has no letters"));
    }
    match s.chars().find(|c| !c.is_alphabetic()) {
        Some(c) => Err(format!("unexpected character '{c}' in tile '{original}'")),
        None => Ok(s.to_string()),
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
    pub fn parse(text: &str) -> Result<Option<Bonus>, String> {
        Ok(Some(match text.trim().to_uppercase().as_str() {
            "" => return Ok(None),
            "DL" => Bonus::DL,
            "TL" => Bonus::TL,
            "DW" => Bonus::DW,
            "TW" => Bonus::TW,
            "2X" => Bonus::X2,
            _ => {
                return Err(format!(
                    "unknown bonus '{text}' (expected DL, TL, DW, TW or 2X)"
                ));
            }
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
    #[error("row {row}, column {col}: {message}")]
    BadTile {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// What is wrong.
        message: String,
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

    fn from_rows(rows: Vec<Vec<Tile>>) -> Result<Board, BoardError> {
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
        Board::new(n_rows, expected, rows.into_iter().flatten().collect())
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
                tiles.push(Tile::parse(t).map_err(|message| BoardError::BadTile {
                    row: r + 1,
                    col: c + 1,
                    message,
                })?);
            }
        }
        let mut board = Board::new(json.rows, json.cols, tiles)?;
        if let Some(values) = &json.values {
            check_shape(values, json.rows, json.cols, "values")?;
            board.values = values.iter().flatten().copied().collect();
            if let Some(i) = board
                .values
                .iter()
                .position(|v| v.is_some_and(|v| v > MAX_VALUE))
            {
                return Err(BoardError::BadTile {
                    row: i / json.cols + 1,
                    col: i % json.cols + 1,
                    message: format!(
                        "printed value {} is over the limit of {MAX_VALUE}",
                        board.values[i].unwrap_or_default()
                    ),
                });
            }
        }
        if let Some(bonuses) = &json.bonuses {
            check_shape(bonuses, json.rows, json.cols, "bonuses")?;
            for (i, b) in bonuses.iter().flatten().enumerate() {
                board.bonuses[i] = Bonus::parse(b).map_err(|message| BoardError::BadTile {
                    row: i / json.cols + 1,
                    col: i % json.cols + 1,
                    message,
                })?;
            }
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

    /// Board text that parses back to the same tiles: one token per row (`abcd efgh ...`), or
    /// rows separated by `,` with spaces between tiles when a row would be ambiguous.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| self.tile(r, c).text())
                    .collect::<String>()
            })
            .collect();
        rows.join(" ")
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

    /// Sets the printed value of a cell.
    pub fn set_value(&mut self, cell: usize, value: Option<u32>) {
        self.values[cell] = value;
    }

    /// Sets the bonus of a cell.
    pub fn set_bonus(&mut self, cell: usize, bonus: Option<Bonus>) {
        self.bonuses[cell] = bonus;
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

    /// Draws the board as a small text grid (upper-case tiles, holes as `.`), one row per line.
    pub fn grid_string(&self) -> String {
        let width = self
            .tiles
            .iter()
            .map(|t| t.notation().chars().count())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| format!("{:<width$}", self.tile(r, c).notation()))
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
fn split_rows(text: &str) -> Result<Vec<Vec<Tile>>, BoardError> {
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

/// A row typed with spaces between tiles: `qu a/e re- -ing` (brackets optional).
fn parse_spaced_row(line: &str, row: usize) -> Result<Vec<Tile>, BoardError> {
    line.split_whitespace()
        .enumerate()
        .map(|(c, token)| {
            let inner = token
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .unwrap_or(token);
            Tile::parse(inner).map_err(|message| BoardError::BadTile {
                row: row + 1,
                col: c + 1,
                message,
            })
        })
        .collect()
}

/// A row typed as one token: each character is a tile, `[...]` groups a multi-character tile.
fn parse_packed_row(token: &str, row: usize) -> Result<Vec<Tile>, BoardError> {
    let mut tiles = Vec::new();
    let mut chars = token.chars();
    while let Some(ch) = chars.next() {
        let col = tiles.len() + 1;
        let bad = |message: String| BoardError::BadTile {
            row: row + 1,
            col,
            message,
        };
        if ch == '[' {
            let inner: String = chars.by_ref().take_while(|&c| c != ']').collect();
            if !token.contains(']') {
                return Err(bad(format!("'[{inner}' is missing its closing ']'")));
            }
            tiles.push(Tile::parse(&inner).map_err(bad)?);
        } else if ch == '.' {
            tiles.push(Tile::Hole);
        } else if ch.is_alphabetic() {
            tiles.push(Tile::Letters(ch.to_lowercase().collect()));
        } else {
            return Err(bad(format!("unexpected character '{ch}'")));
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
    fn neighbours_skip_holes_and_edges() {
        let b = Board::parse("ab. def ghi").unwrap();
        let mut n: Vec<usize> = b.neighbours(0).collect();
        n.sort();
        assert_eq!(n, vec![1, 3, 4]);
        assert_eq!(b.neighbours(4).count(), 7);
    }
}
