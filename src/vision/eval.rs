//! Scoring readings against ground truth: accuracy of tiles, values and badges, values and badges
//! reported where the tile shows none, and calibration (how often reads at each confidence are
//! wrong). `wordsnap eval` prints what this module measures.

use super::{BoardReading, MarkKind, TileReader};
use crate::board::{Board, BoardJson};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A read at or above this confidence counts as confident: it must be right nearly always (the
/// target is fewer than 1 wrong in 1000). A wrong read here is "confidently wrong".
pub const CONFIDENT: f32 = 0.9;

/// Lower edges of the calibration bands; each band runs to the next edge (the last one to 100%
/// included). The edges at 60% and 90% are the doubt threshold and [`CONFIDENT`].
pub const BAND_EDGES: [f32; 6] = [0.0, 0.3, 0.6, 0.8, 0.9, 0.99];

/// Image file extensions `eval` looks at.
pub const IMAGE_EXTENSIONS: [&str; 6] = ["png", "jpg", "jpeg", "webp", "bmp", "gif"];

/// What a read is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadKind {
    /// A tile's letters.
    Tile,
    /// A printed point value.
    Value,
    /// A bonus badge.
    Badge,
}

/// One thing the reader reported (a tile's letters, a value, a badge), with its confidence and
/// whether the ground truth agrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Read {
    /// What was read.
    pub kind: ReadKind,
    /// The reader's confidence, 0..1.
    pub confidence: f32,
    /// Whether the ground truth agrees.
    pub right: bool,
}

/// Right and total counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// How many were right.
    pub right: usize,
    /// How many there were.
    pub total: usize,
}

impl Tally {
    /// Counts one more, right or not.
    fn count(&mut self, right: bool) {
        self.total += 1;
        self.right += usize::from(right);
    }

    /// Whether every one was right.
    pub fn all_right(&self) -> bool {
        self.right == self.total
    }

    /// The share that was right, in percent (100 when there were none).
    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.right as f64 / self.total as f64
        }
    }

    /// The sum of two tallies.
    pub fn plus(self, other: Tally) -> Tally {
        Tally {
            right: self.right + other.right,
            total: self.total + other.total,
        }
    }
}

/// How one image compared with its ground truth.
#[derive(Debug, Clone, Default)]
pub struct ImageScore {
    /// The image's file name.
    pub name: String,
    /// Why the image could not be scored (bad ground truth, no board found).
    pub error: Option<String>,
    /// Whether the rows and columns were right.
    pub grid_right: bool,
    /// Tiles right of the tiles in the ground truth.
    pub tiles: Tally,
    /// Values right of the tiles, when the ground truth has values.
    pub values: Tally,
    /// Badges right (a tile without a badge read without one is right), when the ground truth
    /// has badges.
    pub bonuses: Tally,
    /// Values reported on tiles that show none (the ground truth has no value there, or no
    /// values at all).
    pub false_values: usize,
    /// Badges reported on tiles that show none.
    pub false_bonuses: usize,
    /// Values the tile shows that were not reported (absent, or reported unreadable).
    pub missed_values: usize,
    /// Badges the tile shows that were not reported.
    pub missed_bonuses: usize,
    /// Of [`ImageScore::missed_values`], those not listed unreadable either (left out in
    /// silence, as if the tile showed none).
    pub silent_values: usize,
    /// Of [`ImageScore::missed_bonuses`], those not listed unreadable either.
    pub silent_bonuses: usize,
    /// Values listed unreadable on tiles that show none (a doubt the user need not have had).
    pub needless_values: usize,
    /// Badges listed unreadable on tiles that show none.
    pub needless_bonuses: usize,
    /// Every tile, value and badge the reader reported, with its confidence and whether it was
    /// right (what calibration is measured on).
    pub reads: Vec<Read>,
    /// What was wrong, one sentence each, naming row and column.
    pub mistakes: Vec<String>,
    /// Reading time in milliseconds (decode included).
    pub ms: f64,
    /// The game recognised in the image (`None` when it could not be read).
    pub game: Option<super::game::GameGuess>,
    /// The game the image's file name names (see [`super::game::game_in_file_name`]).
    pub expected_game: Option<crate::score::Game>,
    /// The sides of the board where the reader said it may be a line short (see
    /// [`BoardReading::short_sides`]).
    pub short_sides: Vec<super::ShortSide>,
    /// Whether the board read is not square (see [`BoardReading::not_square`]), which the
    /// reader says too.
    pub not_square: bool,
    /// Whether the reader said the board's letters are in print it was not trained on (see
    /// [`BoardReading::unfamiliar_print`]).
    pub unfamiliar_print: bool,
}

impl ImageScore {
    /// Whether the reader said the board read may be a line short or long: a side with more
    /// tiles beyond it, or a board that is not square.
    pub fn said_misshapen(&self) -> bool {
        !self.short_sides.is_empty() || self.not_square
    }

    /// Whether the game was recognised right: `None` when the file name names no game.
    pub fn game_right(&self) -> Option<bool> {
        let expected = self.expected_game?;
        Some(self.game.as_ref().is_some_and(|g| g.game == expected))
    }
}

impl ImageScore {
    /// Whether everything was right: grid, tiles, values, badges, and nothing reported that the
    /// image does not show.
    pub fn all_right(&self) -> bool {
        self.error.is_none()
            && self.grid_right
            && self.tiles.all_right()
            && self.values.all_right()
            && self.bonuses.all_right()
            && self.false_values == 0
            && self.false_bonuses == 0
    }
}

/// Compares a reading with its ground truth.
pub fn score(reading: &BoardReading, truth: &BoardJson) -> ImageScore {
    let mut out = ImageScore {
        grid_right: reading.board.rows == truth.rows && reading.board.cols == truth.cols,
        short_sides: reading.short_sides.clone(),
        not_square: reading.not_square(),
        unfamiliar_print: reading.unfamiliar_print,
        ..Default::default()
    };
    if !out.grid_right {
        let said = match reading.short_sides.as_slice() {
            [] if reading.not_square() => " (said: the board read is not square)".to_string(),
            [] => String::new(),
            sides => format!(
                " (said: the board may be a line short, {})",
                sides
                    .iter()
                    .map(|s| s.side.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        out.mistakes.push(format!(
            "grid {}x{}, expected {}x{}{said}",
            reading.board.rows, reading.board.cols, truth.rows, truth.cols
        ));
        out.tiles.total = truth.rows * truth.cols;
        return out;
    }
    for r in 0..truth.rows {
        for c in 0..truth.cols {
            score_tile(reading, truth, (r, c), &mut out);
            score_value(reading, truth, (r, c), &mut out);
            score_badge(reading, truth, (r, c), &mut out);
        }
    }
    out
}

fn at((r, c): (usize, usize)) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

fn score_tile(
    reading: &BoardReading,
    truth: &BoardJson,
    (r, c): (usize, usize),
    out: &mut ImageScore,
) {
    let (got, want) = (&reading.board.tiles[r][c], &truth.tiles[r][c]);
    let right = got.eq_ignore_ascii_case(want);
    out.tiles.count(right);
    if got != "." || want != "." {
        out.reads.push(Read {
            kind: ReadKind::Tile,
            confidence: reading.confidence[r][c],
            right,
        });
    }
    if !right {
        out.mistakes.push(format!(
            "{}: tile '{got}' at {:.0}%, expected '{want}'",
            at((r, c)),
            reading.confidence[r][c] * 100.0
        ));
    }
}

fn score_value(
    reading: &BoardReading,
    truth: &BoardJson,
    (r, c): (usize, usize),
    out: &mut ImageScore,
) {
    let value = |values: &Option<Vec<Vec<Option<u32>>>>| {
        values.as_ref().and_then(|v| v[r][c]).map(|v| v.to_string())
    };
    let mark = MarkRead {
        kind: ReadKind::Value,
        got: value(&reading.board.values),
        want: value(&truth.values),
        confidence: reading.value_confidence[r][c],
        truth_has_marks: truth.values.is_some(),
        doubted: reading.lists_unreadable((r, c), MarkKind::Value),
    };
    mark.score((r, c), out);
}

fn score_badge(
    reading: &BoardReading,
    truth: &BoardJson,
    (r, c): (usize, usize),
    out: &mut ImageScore,
) {
    let badge = |bonuses: &Option<Vec<Vec<String>>>| {
        bonuses
            .as_ref()
            .map(|b| b[r][c].clone())
            .filter(|b| !b.is_empty())
    };
    let mark = MarkRead {
        kind: ReadKind::Badge,
        got: badge(&reading.board.bonuses),
        want: badge(&truth.bonuses),
        confidence: reading.bonus_confidence[r][c],
        truth_has_marks: truth.bonuses.is_some(),
        doubted: reading.lists_unreadable((r, c), MarkKind::Badge),
    };
    mark.score((r, c), out);
}

/// One corner mark (a point value or a badge) as read and as the ground truth gives it.
struct MarkRead {
    /// [`ReadKind::Value`] or [`ReadKind::Badge`].
    kind: ReadKind,
    /// The mark read, `None` where none was.
    got: Option<String>,
    /// The mark in the ground truth, `None` where the tile shows none.
    want: Option<String>,
    /// The reader's confidence in `got`.
    confidence: f32,
    /// Whether the ground truth gives this kind of mark at all (else the marks are not tallied).
    truth_has_marks: bool,
    /// Whether the reader listed the tile's mark as unreadable.
    doubted: bool,
}

impl MarkRead {
    /// Tallies the mark in `out`, and says what is wrong with it, if anything.
    fn score(self, cell: (usize, usize), out: &mut ImageScore) {
        let (label, tally, false_reads, missed, silent, needless) = match self.kind {
            ReadKind::Value => (
                "value",
                &mut out.values,
                &mut out.false_values,
                &mut out.missed_values,
                &mut out.silent_values,
                &mut out.needless_values,
            ),
            _ => (
                "badge",
                &mut out.bonuses,
                &mut out.false_bonuses,
                &mut out.missed_bonuses,
                &mut out.silent_bonuses,
                &mut out.needless_bonuses,
            ),
        };
        if self.got.is_none() && self.want.is_none() && self.doubted {
            *needless += 1;
        }
        let right = self.got == self.want;
        if self.truth_has_marks {
            tally.count(right);
        }
        let percent = self.confidence * 100.0;
        let mistake = match (&self.got, &self.want) {
            (Some(got), None) => {
                *false_reads += 1;
                Some(format!(
                    "{}: {label} {got} at {percent:.0}% where the tile shows none",
                    at(cell)
                ))
            }
            (Some(got), Some(want)) if got != want => Some(format!(
                "{}: {label} {got} at {percent:.0}%, expected {want}",
                at(cell)
            )),
            (None, Some(want)) if self.doubted => {
                *missed += 1;
                Some(format!(
                    "{}: {label} listed unreadable, expected {want}",
                    at(cell)
                ))
            }
            (None, Some(want)) => {
                *missed += 1;
                *silent += 1;
                Some(format!("{}: no {label} read, expected {want}", at(cell)))
            }
            _ => None,
        };
        if self.got.is_some() {
            out.reads.push(Read {
                kind: self.kind,
                confidence: self.confidence,
                right,
            });
        }
        out.mistakes.extend(mistake);
    }
}

/// Reads and wrong reads in one confidence band, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Band {
    /// Lowest confidence in the band.
    pub from: f32,
    /// Confidence the band runs up to (excluded, except 1.0).
    pub to: f32,
    /// Tile reads in the band: `right` of `total`.
    pub tiles: Tally,
    /// Value reads in the band.
    pub values: Tally,
    /// Badge reads in the band.
    pub badges: Tally,
}

impl Band {
    /// Reads of every kind in the band.
    pub fn all(&self) -> Tally {
        self.tiles.plus(self.values).plus(self.badges)
    }
}

/// The reads sorted into the confidence bands of [`BAND_EDGES`].
pub fn calibration<'a>(reads: impl IntoIterator<Item = &'a Read>) -> Vec<Band> {
    let mut bands: Vec<Band> = BAND_EDGES
        .iter()
        .enumerate()
        .map(|(i, &from)| Band {
            from,
            to: BAND_EDGES.get(i + 1).copied().unwrap_or(1.0),
            ..Default::default()
        })
        .collect();
    for read in reads {
        let i = BAND_EDGES
            .iter()
            .rposition(|&e| read.confidence >= e)
            .unwrap_or(0);
        let band = &mut bands[i];
        match read.kind {
            ReadKind::Tile => band.tiles.count(read.right),
            ReadKind::Value => band.values.count(read.right),
            ReadKind::Badge => band.badges.count(read.right),
        }
    }
    bands
}

/// How many reads were wrong at [`CONFIDENT`] or above, by kind (tiles, values, badges).
pub fn confidently_wrong<'a>(reads: impl IntoIterator<Item = &'a Read>) -> [usize; 3] {
    let mut out = [0; 3];
    for read in reads {
        if !read.right && read.confidence >= CONFIDENT {
            out[read.kind as usize] += 1;
        }
    }
    out
}

/// The images in `dir` that have a ground-truth `.json` beside them, sorted by name.
pub fn images_with_truth(dir: &Path) -> std::io::Result<Vec<(PathBuf, PathBuf)>> {
    let mut out: Vec<(PathBuf, PathBuf)> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| IMAGE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        })
        .filter_map(|p| {
            let truth = p.with_extension("json");
            truth.exists().then_some((p, truth))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Why a ground truth file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TruthError {
    /// The file cannot be read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is not the JSON board shape.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The JSON is not a valid board (a grid without the rows and columns it claims, a bad tile).
    #[error(transparent)]
    Board(#[from] crate::board::BoardError),
}

/// Loads a ground truth file: the JSON board shape, checked like any board (every grid has the
/// rows and columns it claims).
pub fn load_truth(path: &Path) -> Result<BoardJson, TruthError> {
    let text = std::fs::read_to_string(path)?;
    let truth: BoardJson = serde_json::from_str(&text)?;
    Board::from_json(&truth)?;
    Ok(truth)
}

/// Reads `image` and scores it against the ground truth in `truth_path`. A bad ground truth or
/// an image that cannot be read is reported in [`ImageScore::error`].
pub fn evaluate(image: &Path, truth_path: &Path, reader: &TileReader) -> ImageScore {
    let name = image
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into();
    let truth = match load_truth(truth_path) {
        Ok(t) => t,
        Err(e) => {
            return ImageScore {
                name,
                error: Some(format!("bad ground truth {}: {e}", truth_path.display())),
                ..Default::default()
            };
        }
    };
    let started = Instant::now();
    let reading = super::read_image_file(image, reader);
    let ms = started.elapsed().as_secs_f64() * 1e3;
    let game = reading.as_ref().ok().map(|r| r.game.clone());
    let mut out = match reading {
        Ok(reading) => score(&reading, &truth),
        Err(e) => ImageScore {
            error: Some(crate::text::error_chain(&e)),
            tiles: Tally {
                right: 0,
                total: truth.rows * truth.cols,
            },
            ..Default::default()
        },
    };
    out.expected_game = super::game::game_in_file_name(&name);
    out.game = game;
    out.name = name;
    out.ms = ms;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(
        tiles: &[&str],
        values: Option<Vec<Option<u32>>>,
        bonuses: Option<Vec<&str>>,
    ) -> BoardReading {
        let n = tiles.len();
        let row = |v: Vec<String>| vec![v];
        let board = BoardJson {
            rows: 1,
            cols: n,
            tiles: row(tiles.iter().map(|t| t.to_string()).collect()),
            values: values.map(|v| vec![v]),
            bonuses: bonuses.map(|b| row(b.iter().map(|s| s.to_string()).collect())),
        };
        let game = crate::vision::game::GameGuess::neutral(1, n, "test");
        BoardReading::one_row(board, [0.95, 0.97, 0.5], game)
    }

    fn truth(
        tiles: &[&str],
        values: Option<Vec<Option<u32>>>,
        bonuses: Option<Vec<&str>>,
    ) -> BoardJson {
        BoardJson {
            rows: 1,
            cols: tiles.len(),
            tiles: vec![tiles.iter().map(|t| t.to_string()).collect()],
            values: values.map(|v| vec![v]),
            bonuses: bonuses.map(|b| vec![b.iter().map(|s| s.to_string()).collect()]),
        }
    }

    #[test]
    fn a_board_read_not_square_is_said_misshapen() {
        let got = reading(&["A", "B"], None, None);
        assert!(got.not_square());
        let s = score(&got, &truth(&["A", "B", "C"], None, None));
        assert!(!s.grid_right && s.said_misshapen());
        assert!(s.mistakes[0].contains("not square"), "{:?}", s.mistakes);
        let square = reading(&["A"], None, None);
        assert!(!square.not_square());
        let s = score(&square, &truth(&["A", "B"], None, None));
        assert!(!s.grid_right && !s.said_misshapen());
    }

    #[test]
    fn values_where_the_tiles_show_none_are_false_values() {
        let got = reading(&["A", "B"], Some(vec![Some(4), Some(4)]), None);
        let s = score(&got, &truth(&["A", "B"], None, None));
        assert_eq!(s.false_values, 2);
        assert!(!s.all_right());
        assert_eq!(confidently_wrong(&s.reads), [0, 2, 0]);
    }

    #[test]
    fn badges_are_false_missed_or_right() {
        let got = reading(&["A", "B", "C"], None, Some(vec!["DL", "", "TW"]));
        let s = score(
            &got,
            &truth(&["A", "B", "C"], None, Some(vec!["", "TL", "TW"])),
        );
        assert_eq!((s.false_bonuses, s.missed_bonuses), (1, 1));
        assert_eq!(
            s.silent_bonuses, 1,
            "the missed TL is not listed unreadable"
        );
        assert_eq!(s.bonuses, Tally { right: 1, total: 3 });
        // Badges were read at 50%: wrong, but not confidently.
        assert_eq!(confidently_wrong(&s.reads), [0, 0, 0]);
    }

    #[test]
    fn a_missed_mark_listed_unreadable_is_missed_but_not_in_silence() {
        let mut got = reading(&["A", "B"], None, Some(vec!["DL", ""]));
        got.mark_doubts.push(super::super::MarkDoubt {
            row: 0,
            col: 1,
            kind: MarkKind::Badge,
            choices: vec![("DW".into(), 0.4)],
        });
        let s = score(&got, &truth(&["A", "B"], None, Some(vec!["DL", "DW"])));
        assert_eq!((s.missed_bonuses, s.silent_bonuses), (1, 0));
        assert_eq!(
            s.mistakes,
            ["row 1, column 2: badge listed unreadable, expected DW"]
        );
        assert!(!s.all_right());
    }

    #[test]
    fn a_mark_listed_unreadable_where_the_tile_shows_none_is_a_needless_doubt() {
        let mut got = reading(&["A", "B"], Some(vec![Some(1), None]), Some(vec!["", ""]));
        for (col, kind) in [(0, MarkKind::Badge), (1, MarkKind::Value)] {
            got.mark_doubts.push(super::super::MarkDoubt {
                row: 0,
                col,
                kind,
                choices: Vec::new(),
            });
        }
        let s = score(
            &got,
            &truth(
                &["A", "B"],
                Some(vec![Some(1), Some(3)]),
                Some(vec!["", ""]),
            ),
        );
        // The value doubt is a missed value's; the badge doubt stands on a tile with none.
        assert_eq!((s.needless_values, s.needless_bonuses), (0, 1));
        assert_eq!((s.missed_values, s.silent_values), (1, 0));
    }

    #[test]
    fn reads_fall_in_their_confidence_band() {
        let got = reading(&["A", "X"], None, None);
        let s = score(&got, &truth(&["A", "B"], None, None));
        let bands = calibration(&s.reads);
        assert_eq!(bands.len(), BAND_EDGES.len());
        let band = bands.iter().find(|b| b.from == 0.9).unwrap();
        assert_eq!(band.tiles, Tally { right: 1, total: 2 });
        assert_eq!(bands.iter().map(|b| b.all().total).sum::<usize>(), 2);
        assert_eq!(confidently_wrong(&s.reads), [1, 0, 0]);
    }

    #[test]
    fn a_full_confidence_read_falls_in_the_top_band() {
        let read = Read {
            kind: ReadKind::Tile,
            confidence: 1.0,
            right: true,
        };
        let bands = calibration([&read]);
        assert_eq!(bands.last().unwrap().tiles.total, 1);
    }
}
