//! Finding the board: the lattice that the tiles' main letters sit on.
//!
//! Whatever the theme, the main letters of a board are glyphs of one size, one polarity (all
//! darker or all lighter than their tiles) and their centres fall on a regular lattice. Other text
//! on screen (scores, timers, word lists, code) is of other sizes or does not fill a 2D lattice.
//! For each size class of text boxes the lattice pitch is estimated from nearest-neighbour
//! distances, boxes are snapped to lattice points, and the largest connected block of filled
//! points wins. Cells inside the block with no letter are holes.

use super::fill::{self, Colour, Colours};
use super::glyphs::{Blob, InkMasks};
use super::levels::Levels;
use super::rect::{PixelBox, Rect};
use image::GrayImage;
use rustc_hash::FxHashMap as HashMap;
use std::cell::{OnceCell, RefCell};
use std::ops::Range;

/// The board's lattice, in the coordinates of the analysed image.
#[derive(Debug, Clone, PartialEq)]
pub struct Lattice {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Centre of cell (0, 0).
    pub x0: f32,
    /// Centre of cell (0, 0).
    pub y0: f32,
    /// Horizontal distance between cell centres.
    pub px: f32,
    /// Vertical distance between cell centres.
    pub py: f32,
    /// Typical height of a main letter.
    pub glyph_height: f32,
    /// True when the letters are darker than their tiles.
    pub dark: bool,
    /// The main text box of each cell, row-major; `None` where no letter was found.
    pub cells: Vec<Option<Blob>>,
    /// How board-like the lattice is: letters found, less empty and cluttered cells.
    pub score: f32,
    /// Cells with no letter and no ink: background where a shaped board has no tile.
    pub holes: Vec<bool>,
    /// Cells of a row of tiles taken in under a cover (see [`take_in_covered_rows`]), of a
    /// column the image's edge cuts (see [`take_in_cut_columns`]), and cells whose print the
    /// image's edge cuts (see [`cover_cells_the_edge_cuts`]): their letters are partly hidden,
    /// so they cannot be read surely. Empty when there is none.
    pub covered: Vec<bool>,
}

impl Lattice {
    /// Centre of a cell.
    pub fn centre(&self, row: usize, col: usize) -> (f32, f32) {
        (
            self.x0 + col as f32 * self.px,
            self.y0 + row as f32 * self.py,
        )
    }

    /// The cell's box (left, top, right, bottom), one pitch wide and high around its centre.
    pub fn cell_box(&self, row: usize, col: usize) -> Rect {
        self.box_around(self.centre(row, col))
    }

    /// The box one pitch wide and high around the point (`cx`, `cy`).
    fn box_around(&self, (cx, cy): (f32, f32)) -> Rect {
        let (hx, hy) = (self.px / 2.0, self.py / 2.0);
        Rect::new(cx - hx, cy - hy, cx + hx, cy + hy)
    }

    /// The pixels whose levels tell whether cell `i`'s text is darker than the cell around it
    /// (see [`Polarities`]): the whole cell (its median is the tile's ground) and the text's
    /// box (its extreme pixels are the ink); `None` for a cell with no text.
    fn polarity_boxes(&self, gray: &GrayImage, i: usize) -> Option<(PixelBox, PixelBox)> {
        let b = self.cells[i]?;
        let text = Rect::new(b.x0 as f32, b.y0 as f32, b.x1 as f32, b.y1 as f32);
        Some((
            pixels_in(gray, self.cell_box(i / self.cols, i % self.cols)),
            pixels_in(gray, text),
        ))
    }

    /// How far its texts sit from their cells' centres, on average, in pitches (the larger of
    /// the two axes per text): a board's letters are printed in the middle of their tiles, so
    /// its lattice fits them closely; the halo around letters, or a letter merged with the
    /// value beside it, sits off the centre by different amounts from tile to tile.
    pub fn misfit(&self) -> f32 {
        let offsets: Vec<f32> = (0..self.cells.len())
            .filter_map(|i| {
                let b = self.cells[i]?;
                let (cx, cy) = self.centre(i / self.cols, i % self.cols);
                Some(
                    ((b.cx() - cx) / self.px)
                        .abs()
                        .max(((b.cy() - cy) / self.py).abs()),
                )
            })
            .collect();
        offsets.iter().sum::<f32>() / offsets.len().max(1) as f32
    }

    /// Whether it scores higher than `other`, or as high and fits its texts more closely (see
    /// [`Lattice::misfit`]).
    fn outscores(&self, other: &Lattice) -> bool {
        self.score > other.score || (self.score == other.score && self.misfit() < other.misfit())
    }

    /// Whether cell `i` is in a row taken in under a cover (see [`Lattice::covered`]).
    pub fn is_covered(&self, i: usize) -> bool {
        self.covered.get(i) == Some(&true)
    }

    /// The same lattice mirrored about the image's diagonal: its columns become rows, and each
    /// cell's text is mirrored too (see [`Blob::mirrored`]).
    fn mirrored(&self) -> Lattice {
        Lattice {
            rows: self.cols,
            cols: self.rows,
            x0: self.y0,
            y0: self.x0,
            px: self.py,
            py: self.px,
            cells: mirrored_cells(&self.cells, self.rows, self.cols)
                .into_iter()
                .map(|b| b.map(|b| b.mirrored()))
                .collect(),
            holes: mirrored_cells(&self.holes, self.rows, self.cols),
            covered: mirrored_cells(&self.covered, self.rows, self.cols),
            ..self.clone()
        }
    }

    /// How far cell `(row, col)` runs past each edge of an image `width` x `height` (in the
    /// lattice's pixels), in pitches: left, right, top, bottom; negative where it lies inside.
    pub(crate) fn past_image_edges(
        &self,
        row: usize,
        col: usize,
        (width, height): (f32, f32),
    ) -> [f32; 4] {
        let cell = self.cell_box(row, col);
        [
            -cell.left / self.px,
            (cell.right - width) / self.px,
            -cell.top / self.py,
            (cell.bottom - height) / self.py,
        ]
    }

    /// Every cell of the lattice's pitch and phase over an image `width` x `height` (in the
    /// lattice's pixels), beyond the lattice's own rows and columns too: where a board's
    /// tiles would lie, were the lattice the whole board.
    pub(crate) fn cells_over(&self, (width, height): (f32, f32)) -> Vec<Rect> {
        // The first and last cells that reach into the image along an axis.
        let first = |origin: f32, pitch: f32| (-(origin + pitch / 2.0) / pitch).floor() as i32 + 1;
        let last = |origin: f32, pitch: f32, side: f32| {
            ((side - origin + pitch / 2.0) / pitch).ceil() as i32 - 1
        };
        let (cols, rows) = (
            first(self.x0, self.px)..=last(self.x0, self.px, width),
            first(self.y0, self.py)..=last(self.y0, self.py, height),
        );
        rows.flat_map(|r| cols.clone().map(move |c| (r, c)))
            .map(|(r, c)| {
                self.box_around((self.x0 + c as f32 * self.px, self.y0 + r as f32 * self.py))
            })
            .collect()
    }

    /// Whether cell `(row, col)` runs more than [`FAR_PAST_EDGE`] of the pitch past an edge of
    /// an image `size` (width and height in the lattice's pixels): its print may be lost there
    /// whole, and what is left of it is a part of a letter.
    pub(crate) fn far_past_image_edge(&self, row: usize, col: usize, size: (f32, f32)) -> bool {
        let past = self.past_image_edges(row, col, size);
        past.iter().any(|&p| p > FAR_PAST_EDGE)
    }

    /// The box around the whole board.
    pub fn board_box(&self) -> Rect {
        let (first, last) = (
            self.cell_box(0, 0),
            self.cell_box(self.rows - 1, self.cols - 1),
        );
        Rect::new(first.left, first.top, last.right, last.bottom)
    }
}

// The parameters of the grid search, by step. Heights are shares of the seed or letter height
// `h`, distances and widths shares of the lattice pitch unless said otherwise.

/// The smallest board side accepted: every game read here plays on 4x4 boards or larger (Boggle
/// 4x4 to 6x6, Wordament, Ruzzle and Word Hunt 4x4, Letterpress and SpellCast 5x5). A block
/// of 3x3 tiles is a logo or marketing art (or a board found in part, better refused than
/// read wrong).
const MIN_SIDE: usize = 4;
/// The largest board side accepted.
const MAX_SIDE: usize = 8;
/// A lattice whose long side is at least this many times its short side is two boards side by
/// side (see [`NoLattice::TwoBoards`]): the games' boards are square, or nearly (a board read
/// with a row of its surroundings taken in is 5x4).
const TWO_BOARDS_ELONGATION: usize = 2;

// Letter sizes, shared with `tiles` (which reads the letters and marks the grid places).

/// Text up to this many times the letter height is still a letter (a `J` or `Q` reaching below
/// the line, a letter turned a quarter).
pub(crate) const LETTER_MAX_HEIGHT: f32 = 1.4;
/// Text at least this share of the letter height may be a letter; shorter text in a cell is a
/// corner mark (values and badges are printed smaller than the letters).
pub(crate) const MARK_LETTER_SPLIT: f32 = 0.72;
/// The smaller print of a long special tile (`-ED`, `U/L`, `OVER-`) is at least this share of
/// the letter height.
pub(crate) const SMALL_PRINT_MIN_HEIGHT: f32 = 0.45;
/// Text up to this many times a letter's height is of the letters' size (with
/// [`SAME_SIZE_MIN`]: the band of heights tried as one board's letters).
pub(crate) const SAME_SIZE_MAX: f32 = 1.3;

// Seeds and scoring (`find_lattice`).

/// Text heights within this factor of a smaller one are tried once, as that one (the seeds).
const SEED_STEP: f32 = 1.08;
/// Text at least this share of the seed height is of the letters' size.
const SAME_SIZE_MIN: f32 = 0.78;
/// A lattice is looked for among at least this many texts of one size and polarity.
const MIN_LATTICE_TEXTS: usize = 6;
/// A board has at least this many letters ...
const MIN_LETTERS: usize = 7;
/// ... on at least this share of its cells.
const MIN_LETTER_SHARE: f32 = 0.6;
/// A lattice's score is its letters less this weight per empty or junk cell (the best-scoring
/// lattice is the board).
const NON_LETTER_WEIGHT: f32 = 0.5;

// Pitches (`pitch`, `tile_pitches`).

/// Texts are on one row (or column) when their centres are less than this share of `h` apart
/// across it.
const SAME_ROW: f32 = 0.45;
/// A neighbour is at least this many times `h` away (closer is a piece of the same text) ...
const NEIGHBOUR_MIN: f32 = 0.95;
/// ... and at most this many times (farther is not the next tile) ...
const NEIGHBOUR_MAX: f32 = 6.0;
/// ... unless no board is found so, whatever else is tried: then at most this many times (see
/// [`Reach::Far`]).
const FAR_NEIGHBOUR_MAX: f32 = 11.0;

/// How far the lattice search looks for each letter's neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// At most [`NEIGHBOUR_MAX`] letter heights ahead: every board of a game.
    Near,
    /// At most [`FAR_NEIGHBOUR_MAX`] letter heights ahead, among the texts that stand alone on
    /// their line (see [`standing_alone`]): letters about a tenth of their tile's pitch high, as
    /// desktop clones print on large buttons (real Java Swing and Qt Boggle boards: 8.5 to 10.6
    /// letter heights apart), where no board is found with the near reach, whatever else is
    /// tried. Looked for first, or before the hairlines of Android's pointer overlay are lifted,
    /// this reach lost boards that read right with the nearer one (3 of fixtures and probes, and
    /// letters of boards under an alert).
    Far,
}

impl Reach {
    /// The farthest a neighbour is looked for, in letter heights.
    fn letter_heights(self) -> f32 {
        match self {
            Reach::Near => NEIGHBOUR_MAX,
            Reach::Far => FAR_NEIGHBOUR_MAX,
        }
    }
}
/// Distances within this share of each other agree on the pitch.
const PITCH_AGREEMENT: f32 = 0.1;
/// A pitch needs at least this many neighbour distances agreeing on it.
const MIN_PITCH_SUPPORT: usize = 3;
/// Tiles are square give or take this factor between the pitches (a photo's perspective).
const MAX_PITCH_RATIO: f32 = 1.3;
/// Letters take at most this share of the pitch; taller "letters" on a lattice are the strips
/// between tiles.
const LETTER_MAX_OF_PITCH: f32 = 0.72;

// Snapping texts to the lattice (`anchor`, `snap`, `connected_block`, `looks_like_letters`).

/// A neighbour of the anchor lies within this share of a pitch of a lattice point.
const ANCHOR_TOLERANCE: f32 = 0.2;
/// A text snaps to the lattice point within this share of a pitch of its centre.
const SNAP_TOLERANCE: f32 = 0.28;
/// Snapped texts this many lattice steps apart (or fewer) are connected: one hole is bridged.
const MAX_LATTICE_STEP: i32 = 2;
/// At the far reach (see [`Reach::Far`]), a text stands alone on its line when no other
/// text of the set lies beside it on the line within this many times the seed height: a letter
/// on a large button does, the words of a panel of text beside the board (a chat, a word list)
/// do not, and their lines, stacked a line apart, would agree on a pitch of their own that
/// outnumbers the board's (a Qt clone's chat panel: 92 texts against the board's 16).
const ALONE_GAP: f32 = 1.5;

/// The texts of `set` (of seed height `h`) that stand alone on their line (see [`ALONE_GAP`]).
/// The texts beside each are looked up in buckets as wide as the widest text and the gap (a
/// page of noise holds tens of thousands).
fn standing_alone(set: &[Blob], h: f32) -> Vec<Blob> {
    let widest = set.iter().map(Blob::width).max().unwrap_or(0) as f32;
    let buckets = Buckets::new(
        set.iter().map(|b| (b.cx(), b.cy())),
        (widest + ALONE_GAP * h + 1.0, SAME_ROW * h + 1.0),
    );
    let beside = |a: &Blob, b: &Blob| {
        let gap = (b.x0 as f32 - a.x1 as f32).max(a.x0 as f32 - b.x1 as f32);
        (a.cy() - b.cy()).abs() < SAME_ROW * h && gap < ALONE_GAP * h
    };
    set.iter()
        .enumerate()
        .filter(|&(i, a)| {
            !buckets
                .around((a.cx(), a.cy()), (1, 1), (1, 1))
                .any(|j| j != i && beside(a, &set[j]))
        })
        .map(|(_, a)| *a)
        .collect()
}

/// A text narrower than this share of its height is a thin bar (an `I`, or a strip between
/// tiles) ...
const BAR_MAX_ASPECT: f32 = 0.25;
/// ... and one wider than this many times its height a wide box (long text, or shading along a
/// tile's edge); a lattice mostly of either is not a board's letters.
const WIDE_MIN_ASPECT: f32 = 2.5;

// What a cell holds (`complete`, `cell_kind`, `cell_look`).

/// A letter is narrower than this share of the pitch (other text may be wider than a tile).
const LETTER_MAX_WIDTH: f32 = 0.95;
/// A letter of the other polarity fills an empty cell when its centre is within this share of
/// the pitch of the cell's.
const NEAR_CENTRE: f32 = 0.22;
/// A cell's text is a letter from this share of the letter height ...
const CELL_LETTER_MIN: f32 = 0.8;
/// ... up to this many times it upright ...
const UPRIGHT_MAX: f32 = 1.35;
/// ... or this many times it, turned a quarter.
const TURNED_MAX: f32 = 1.25;
/// Smaller print of a special tile is centred within this share of the pitch ...
const SMALL_PRINT_CENTRED: f32 = 0.12;
/// ... and narrower than this share of it.
const SMALL_PRINT_MAX_WIDTH: f32 = 0.9;
/// An empty cell is judged on its middle (this share off each side) ...
const EMPTY_CELL_INSET: f32 = 0.2;
/// ... which has ink on at most this share of its pixels (more is junk).
const EMPTY_CELL_MAX_INK: f32 = 0.03;
/// A text's polarity is judged on its levels at this quantile and its complement.
const TEXT_EXTREME: f32 = 0.1;
/// A cell's look leaves out its text box grown by this share of the pitch.
const LOOK_TEXT_MARGIN: f32 = 0.06;
/// A cell whose text box, so grown, covers its middle (see [`EMPTY_CELL_INSET`]: a wide letter
/// such as an `A` on a Word Hunt tile) takes its fill from the cell this share off each side,
/// the ring of its tile around the letter (the gap between tiles is a tenth of the pitch or
/// less).
const WIDE_LETTER_FILL_INSET: f32 = 0.08;

/// Why no board lattice was found: how far the search got, the furthest first in the order
/// below (later variants got further).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NoLattice {
    /// Fewer than 6 pieces of text of one size and one shade (light or dark) anywhere.
    NoText,
    /// Text of one size, but not on a regular lattice of like tiles (a line of text, scattered
    /// print, tilted art).
    NotOnLattice,
    /// A lattice of like tiles, but too small or too large once lines of other text were cut off.
    WrongSize {
        /// Rows left.
        rows: usize,
        /// Columns left.
        cols: usize,
    },
    /// A lattice twice as long as it is wide (4x8): no game's board has that shape, and two
    /// square boards side by side (two screenshots put together in one figure) line up on one.
    TwoBoards {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A lattice of the right size, but too few of its cells hold a letter.
    TooFewLetters {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Cells with a letter.
        letters: usize,
    },
    /// A lattice of letters, but lower-case print (letters of two heights, as in a console or
    /// a document): a game's tiles show capitals.
    LowerCase {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A lattice of like tiles, but most of them hold numbers, not letters (a calendar's month,
    /// a number puzzle, or tiles hidden behind `?` marks, which the model reads as digits);
    /// found once the tiles are read.
    Numbers {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Tiles read as a number.
        numbers: usize,
    },
    /// A lattice of like tiles, but too few of its tiles read surely as anything (a texture, a
    /// fine checkerboard or noise whose specks line up): found once the tiles are read.
    Unread {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Tiles read surely.
        sure: usize,
    },
}

/// Why no board lattice was found (see [`NoLattice`]), with the lattice refused for that reason
/// when one was fitted (too small once other text was cut off, too few letters): its pitch and
/// phase still tell where the board's tiles lie.
#[derive(Debug, Clone)]
pub(crate) struct Refusal {
    /// How far the search got.
    pub reason: NoLattice,
    /// The lattice refused for `reason`, if any.
    pub nearest: Option<Box<Lattice>>,
}

impl Refusal {
    /// The refusal that got further (the first of equals).
    pub(crate) fn max(self, other: Refusal) -> Refusal {
        if other.reason > self.reason {
            other
        } else {
            self
        }
    }
}

impl std::fmt::Display for NoLattice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoLattice::NoText => write!(f, "no letter-like text of one size and shade"),
            NoLattice::NotOnLattice => {
                write!(f, "text of one size, but not on a regular lattice of tiles")
            }
            NoLattice::WrongSize { rows, cols } => write!(
                f,
                "the best lattice of like tiles is {rows}x{cols} once other text is cut off"
            ),
            NoLattice::TwoBoards { rows, cols } => write!(
                f,
                "the best lattice is {rows}x{cols}, twice as long as it is wide: no game's board \
                 has that shape, two boards side by side do (crop the image to one board)"
            ),
            NoLattice::TooFewLetters {
                rows,
                cols,
                letters,
            } => write!(
                f,
                "the best lattice is {rows}x{cols}, but only {letters} of its cells hold a letter"
            ),
            NoLattice::LowerCase { rows, cols } => write!(
                f,
                "the best lattice is {rows}x{cols}, but its letters are lower-case print of two \
                 heights (text in a console or a document), not tiles' capitals"
            ),
            NoLattice::Numbers {
                rows,
                cols,
                numbers,
            } => write!(
                f,
                "the best lattice is {rows}x{cols}, but {numbers} of its tiles hold numbers, not \
                 letters (a calendar, a number puzzle, tiles hidden behind question marks)"
            ),
            NoLattice::Unread { rows, cols, sure } => {
                let read = match sure {
                    0 => "none of its tiles reads".to_string(),
                    _ => format!("only {sure} of its tiles read"),
                };
                write!(
                    f,
                    "the best lattice is {rows}x{cols}, but {read} surely as a letter (a texture, \
                     a pattern or noise, not print)"
                )
            }
        }
    }
}

/// [`find_lattice_within`] the near reach, as the reader looks first.
#[cfg(test)]
pub(crate) fn find_lattice(
    texts: &[Blob],
    gray: &GrayImage,
    masks: &InkMasks,
    colours: &Colours,
) -> Result<Lattice, Refusal> {
    find_lattice_within(texts, gray, masks, colours, Reach::Near)
}

/// Finds the board lattice among text boxes, or why no board-like lattice exists.
/// `gray` is the image the boxes were found in and `masks` its ink masks: a lattice only counts
/// when its letters really have the polarity it was found with (the halo around light letters is
/// darker than its surroundings too, and lines up just as well), and rows or columns at its edge
/// that hold other text rather than letters (a score line, a timer) are cut off; `colours` are
/// the image's colours, which tell a tile from the ground where grey levels do not.
/// Of the lattices found, the best-scoring one wins, unless it is the marks of another (see
/// [`is_marks_of`]).
/// Each letter's neighbour is looked for as far as `reach` says (see [`Reach`]).
pub(crate) fn find_lattice_within(
    texts: &[Blob],
    gray: &GrayImage,
    masks: &InkMasks,
    colours: &Colours,
    reach: Reach,
) -> Result<Lattice, Refusal> {
    let mut heights: Vec<u32> = texts.iter().map(Blob::height).collect();
    heights.sort_unstable();
    heights.dedup_by(|a, b| (*a as f32) < *b as f32 * SEED_STEP);
    let mut found: Vec<Lattice> = Vec::new();
    let mut two_boards: Vec<Lattice> = Vec::new();
    let polarities = Polarities::new(gray);
    // Seeds of nearby heights often fit the same lattice; what follows depends on the lattice
    // alone, so each is judged once.
    let mut fitted: Vec<Lattice> = Vec::new();
    let mut furthest = Refusal {
        reason: NoLattice::NoText,
        nearest: None,
    };
    let mut got_to = |reason: NoLattice, nearest: Option<&Lattice>| {
        if reason > furthest.reason {
            let nearest = nearest.map(|l| Box::new(l.clone()));
            furthest = Refusal { reason, nearest };
        }
    };
    for &seed in &heights {
        for dark in [true, false] {
            let h = seed as f32;
            let mut set: Vec<Blob> = texts
                .iter()
                .filter(|b| {
                    b.dark == dark
                        && (b.height() as f32) >= SAME_SIZE_MIN * h
                        && (b.height() as f32) <= SAME_SIZE_MAX * h
                })
                .copied()
                .collect();
            if reach == Reach::Far {
                set = standing_alone(&set, h);
            }
            if set.len() < MIN_LATTICE_TEXTS {
                continue;
            }
            got_to(NoLattice::NotOnLattice, None);
            let Some(mut lattice) = fit(&set, h, reach.letter_heights(), dark) else {
                continue;
            };
            if fitted.contains(&lattice) {
                continue;
            }
            fitted.push(lattice.clone());
            if polarities.lattice_is_dark(&lattice) != dark {
                continue;
            }
            complete(&mut lattice, texts);
            let (mut kinds, both_polarities) = trim(&mut lattice, &polarities, masks, colours);
            if !kinds.is_empty() {
                let trimmed = (lattice.rows, lattice.y0);
                let inks = CutInks {
                    masks,
                    both_polarities,
                    no_one_ground: uniform_ground(&lattice, &kinds, colours).is_none(),
                };
                take_in_covered_rows(
                    &mut lattice,
                    &mut kinds,
                    inks,
                    colours,
                    Sides::Both,
                    ROW_CUT,
                );
                trim_across_a_covered_row(&mut lattice, &mut kinds, trimmed, &polarities, colours);
                take_in_cut_columns(&mut lattice, &mut kinds, inks, colours);
                cover_cells_the_edge_cuts(&mut lattice, masks);
            }
            let (rows, cols) = (lattice.rows, lattice.cols);
            if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
                got_to(NoLattice::WrongSize { rows, cols }, Some(&lattice));
                continue;
            }
            let count = |k: CellKind| kinds.iter().filter(|&&c| c == k).count() as f32;
            let (filled, junk) = (count(CellKind::Letter), count(CellKind::Junk));
            let empty = count(CellKind::Empty);
            if filled < MIN_LETTERS as f32 || filled < MIN_LETTER_SHARE * kinds.len() as f32 {
                let letters = filled as usize;
                let reason = NoLattice::TooFewLetters {
                    rows,
                    cols,
                    letters,
                };
                got_to(reason, Some(&lattice));
                continue;
            }
            if is_lower_case(&lattice) {
                got_to(NoLattice::LowerCase { rows, cols }, Some(&lattice));
                continue;
            }
            lattice.score = filled - NON_LETTER_WEIGHT * (empty + junk);
            lattice.holes = board_holes(&lattice, &kinds, colours);
            if rows.max(cols) >= TWO_BOARDS_ELONGATION * rows.min(cols) {
                two_boards.push(lattice);
            } else {
                found.push(lattice);
            }
        }
    }
    // Two boards side by side also hold lattices of one board and a line of the other (4x5):
    // they are refused too when the two together make a better lattice.
    let best = best_board(found);
    if let Some(two) = best_board(two_boards)
        && best.as_ref().is_none_or(|b| two.outscores(b))
    {
        let reason = NoLattice::TwoBoards {
            rows: two.rows,
            cols: two.cols,
        };
        return Err(Refusal {
            reason,
            nearest: None,
        });
    }
    best.ok_or(furthest)
}

/// A letter at most this share of the height of the board's tallest letters (its upper
/// quartile) is short: a lower-case letter without an ascender is 0.65-0.8 of one with it
/// (console text: 11 of 14 px), while capitals share one height (every board of our sets and
/// probes: none short but rotated dice and letters under a swipe or a touch trace).
const SHORT_LETTER: f32 = 0.85;

/// Short letters (see [`SHORT_LETTER`]) are of one height, the x-height, when the tallest is at
/// most this much taller than the shortest.
const ONE_HEIGHT: f32 = 1.2;

/// Fewest single-glyph letters for their heights to tell capitals from lower-case print.
const CASE_FROM_LETTERS: usize = 8;

/// Whether a lattice's letters are lower-case print: more than half its single-glyph letters
/// are short, all of one height (the x-height), beside taller ones (ascenders: `d`, `h`, `l`,
/// `t`). Letters cut short by a swipe, a banner or a die's turn are fewer, and of many heights.
/// The cut letters of a row taken in under a cover (see [`take_in_covered_rows`]) count: they
/// end on the line where the other letters end, as lower-case letters end on the baseline (a
/// row of those under a line of capitals or ascenders passes for a covered row), and a board's
/// covered rows alone never make half its letters (one row on either side of four or more).
fn is_lower_case(lattice: &Lattice) -> bool {
    let mut heights: Vec<u32> = lattice
        .cells
        .iter()
        .flatten()
        .filter(|b| b.parts == 1)
        .map(Blob::height)
        .collect();
    if heights.len() < CASE_FROM_LETTERS {
        return false;
    }
    heights.sort_unstable();
    let tall = heights[heights.len() * 3 / 4] as f32;
    let short: Vec<u32> = heights
        .iter()
        .copied()
        .filter(|&h| (h as f32) <= SHORT_LETTER * tall)
        .collect();
    let (Some(&lowest), Some(&highest)) = (short.first(), short.last()) else {
        return false;
    };
    2 * short.len() > heights.len() && highest as f32 <= ONE_HEIGHT * lowest as f32
}

/// The best-scoring of the lattices found (of equals, the one that fits its texts most closely)
/// that is not the marks of another one.
fn best_board(found: Vec<Lattice>) -> Option<Lattice> {
    let marks: Vec<bool> = found
        .iter()
        .map(|l| found.iter().any(|other| is_marks_of(l, other)))
        .collect();
    let mut best: Option<Lattice> = None;
    for (lattice, marks) in found.into_iter().zip(marks) {
        if !marks && best.as_ref().is_none_or(|b| lattice.outscores(b)) {
            best = Some(lattice);
        }
    }
    best
}

/// Whether lattice `a` is a better board than `b`: not the marks of `b`, and either `b` is the
/// marks of `a` or `a` outscores it (see [`Lattice::outscores`]).
pub(crate) fn beats(a: &Lattice, b: &Lattice) -> bool {
    !is_marks_of(a, b) && (is_marks_of(b, a) || a.outscores(b))
}

/// Whether lattice `small` is the corner marks (values, badges) of the tiles of lattice `big`
/// rather than a board of its own: its text is of a mark's size next to `big`'s letters (under
/// [`MARK_LETTER_SPLIT`] of their height), on the same pitches, and most of it lies in `big`'s
/// letter cells beside their letters: wholly inside the cell, off its centre (where marks are
/// printed) and clear of the letter's box. A tile's value is printed in the same corner of every
/// tile, so the values of a board line up on a lattice as well as its letters do, less than half
/// a tile off.
fn is_marks_of(small: &Lattice, big: &Lattice) -> bool {
    let same_pitch = |a: f32, b: f32| (a - b).abs() <= PITCH_AGREEMENT * b;
    if small.glyph_height >= MARK_LETTER_SPLIT * big.glyph_height
        || !same_pitch(small.px, big.px)
        || !same_pitch(small.py, big.py)
    {
        return false;
    }
    let texts: Vec<&Blob> = small.cells.iter().flatten().collect();
    let beside_a_letter = |b: &&&Blob| {
        let (col, row) = (
            ((b.cx() - big.x0) / big.px).round(),
            ((b.cy() - big.y0) / big.py).round(),
        );
        if col < 0.0 || row < 0.0 || col >= big.cols as f32 || row >= big.rows as f32 {
            return false;
        }
        let (row, col) = (row as usize, col as usize);
        let Some(letter) = big.cells[row * big.cols + col] else {
            return false;
        };
        let cell = big.cell_box(row, col);
        let (cx, cy) = big.centre(row, col);
        let inside = b.x0 as f32 >= cell.left
            && b.x1 as f32 <= cell.right
            && b.y0 as f32 >= cell.top
            && b.y1 as f32 <= cell.bottom;
        let off_centre = (b.cx() - cx).abs() > NEAR_CENTRE * big.px
            || (b.cy() - cy).abs() > NEAR_CENTRE * big.py;
        let clear =
            b.x1 <= letter.x0 || letter.x1 <= b.x0 || b.y1 <= letter.y0 || letter.y1 <= b.y0;
        inside && off_centre && clear
    };
    !texts.is_empty() && 2 * texts.iter().filter(beside_a_letter).count() >= texts.len()
}

/// What a lattice cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CellKind {
    /// A main letter.
    Letter,
    /// Nothing: background (a hole).
    Empty,
    /// Ink that is not a letter of the board's size.
    Junk,
}

/// Fills empty cells with text boxes of the other polarity (Letterpress draws light letters on
/// its dark tiles and dark letters on the light ones) of about the letters' size, centred on the
/// cell.
fn complete(lattice: &mut Lattice, texts: &[Blob]) {
    let h = lattice.glyph_height;
    for i in 0..lattice.cells.len() {
        if lattice.cells[i].is_some() {
            continue;
        }
        let (cx, cy) = lattice.centre(i / lattice.cols, i % lattice.cols);
        let near = |b: &&Blob| {
            let (bw, bh) = (b.width() as f32, b.height() as f32);
            let letter_sized = MARK_LETTER_SPLIT * h..=LETTER_MAX_HEIGHT * h;
            (letter_sized.contains(&bh) || letter_sized.contains(&bw))
                && bh <= LETTER_MAX_HEIGHT * h
                && bw < LETTER_MAX_WIDTH * lattice.px
                && (b.cx() - cx).abs() < NEAR_CENTRE * lattice.px
                && (b.cy() - cy).abs() < NEAR_CENTRE * lattice.py
        };
        lattice.cells[i] = texts
            .iter()
            .filter(near)
            .min_by(|a, b| {
                let d = |b: &Blob| (b.cx() - cx).hypot(b.cy() - cy);
                d(a).total_cmp(&d(b))
            })
            .copied();
    }
}

/// What [`trim`] judges a lattice's edge lines by: the lattice, its cells' kinds, which cells
/// look unlike the board's tiles (`unlike`, see [`unlike_tiles`]) and the cells' fills.
struct LineJudge<'a> {
    lattice: &'a Lattice,
    polarities: &'a Polarities<'a>,
    colours: &'a Colours<'a>,
    kinds: &'a [CellKind],
    unlike: &'a [bool],
    fills: &'a CellFills<'a>,
    /// Whether the board prints its letters in both polarities (see [`prints_both_polarities`]):
    /// a letter of the other polarity on an edge line is then no sign of other text.
    both_polarities: bool,
}

impl LineJudge<'_> {
    /// Whether the edge `line` (cell indices, in order) is no line of the board's tiles: at most
    /// one letter on a tile (see [`on_ground`]), a line of panels (see [`is_panel_line`]), more
    /// junk than letters or some junk and no more letters than half the line (a score line with
    /// a timer at one end), or a hole that is not the board's ground (see [`has_foreign_hole`]).
    fn is_foreign(&self, line: &[usize]) -> bool {
        let LineJudge {
            lattice,
            polarities,
            colours,
            kinds,
            unlike,
            fills,
            both_polarities,
        } = *self;
        let (mut letters, mut junk, mut len) = (0, 0, 0);
        let (mut inked, mut unlike_looks, mut unlike_text) = (0, 0, Vec::new());
        let board_of_several = prints_several_glyphs(lattice);
        for &i in line {
            len += 1;
            match kinds[i] {
                CellKind::Letter => letters += 1,
                CellKind::Junk => junk += 1,
                CellKind::Empty => {}
            }
            if kinds[i] != CellKind::Empty {
                inked += 1;
                unlike_looks += usize::from(unlike[i]);
            }
            let several_glyphs =
                || !board_of_several && lattice.cells[i].is_some_and(|b| b.parts > 1);
            let other_polarity =
                || !both_polarities && polarities.cell_is_dark(lattice, i) == Some(!lattice.dark);
            if kinds[i] == CellKind::Letter && (several_glyphs() || other_polarity()) {
                unlike_text.push(i);
            }
        }
        // A shaped board (Word Hunt) has holes on its edges, but holes are background.
        let panels = is_panel_line(letters, unlike_text.len(), inked, unlike_looks);
        // Junk in a line of letters is other text (a timer at the end of a score line),
        // unless it is letters under a swipe's trail on tiles of their own (the trail may
        // split one letter in two pieces: see [`TRAIL_SPLIT_LETTERS`]).
        let junk_is_text = || {
            (junk > letters || (junk > 0 && 2 * letters <= len))
                && !(inked == len
                    && unlike_text.len() <= TRAIL_SPLIT_LETTERS
                    && is_highlighted_line(lattice, colours, fills, kinds, line, &unlike_text))
        };
        letters <= 1
            || panels
            || junk_is_text()
            || letters <= 1 + on_ground(kinds, fills, line)
            || has_foreign_hole(kinds, fills, line)
    }
}

/// Cuts off the edge row across the board from a row that [`take_in_covered_rows`] took in,
/// when [`trim`] left it uncut on a lattice one row short of a board (`trimmed`: the rows and
/// the first row's centre line of the lattice as trimmed) and it is no line of the board's tiles (see [`LineJudge::is_foreign`]). A board whose
/// first row is lost (a swipe's path joins its letters) and whose second is crossed by a line
/// (a touch-debug overlay's) left a lattice of its last two rows and the stat boxes under it:
/// with the crossed row taken in as covered, it read as a board shifted by a row, its tiles at
/// 99% in the wrong places. The lattice is then one row short again, and refused.
fn trim_across_a_covered_row(
    lattice: &mut Lattice,
    kinds: &mut Vec<CellKind>,
    (trimmed_rows, trimmed_y0): (usize, f32),
    polarities: &Polarities,
    colours: &Colours,
) {
    if trimmed_rows >= MIN_SIDE || lattice.rows != trimmed_rows + 1 {
        return;
    }
    let cols = lattice.cols;
    let taken_above = lattice.y0 < trimmed_y0 - 0.5 * lattice.py;
    let across = if taken_above { lattice.rows - 1 } else { 0 };
    let span = across * cols..(across + 1) * cols;
    let line: Vec<usize> = span.clone().collect();
    let foreign = {
        let unlike = unlike_tiles(lattice, polarities.gray, kinds);
        let fills = CellFills::new(lattice, colours);
        let judge = LineJudge {
            lattice,
            polarities,
            colours,
            kinds,
            unlike: &unlike,
            fills: &fills,
            both_polarities: prints_both_polarities(lattice, polarities, kinds, &unlike),
        };
        judge.is_foreign(&line)
    };
    if !foreign {
        return;
    }
    kinds.drain(span);
    let keep = if taken_above {
        0..lattice.rows - 1
    } else {
        1..lattice.rows
    };
    crop(lattice, keep, 0..cols);
}

/// Classifies each cell (letter, empty, junk) and cuts off edge rows and columns that are not
/// part of the board: those with at most one letter on a tile (see [`on_ground`]), more junk
/// than letters, or some junk and no more letters than half the line (a score line with a timer
/// at one end); and first, a part of the lattice beyond a line with no tile (see
/// [`detached_part`]). Returns the kinds of the remaining cells, row-major, and whether the
/// lattice left prints both polarities (see [`prints_both_polarities`]); no kinds when fewer than
/// [`MIN_SIDE`] columns or [`MIN_SIDE`] less one rows remain (one row short of a board may be
/// completed by a row under a cover: see [`take_in_covered_rows`]).
fn trim(
    lattice: &mut Lattice,
    polarities: &Polarities,
    masks: &InkMasks,
    colours: &Colours,
) -> (Vec<CellKind>, bool) {
    let gray = polarities.gray;
    loop {
        let kinds: Vec<CellKind> = (0..lattice.cells.len())
            .map(|i| cell_kind(lattice, masks, i))
            .collect();
        let unlike = unlike_tiles(lattice, gray, &kinds);
        let fills = CellFills::new(lattice, colours);
        let (rows, cols) = (lattice.rows, lattice.cols);
        let both_polarities = prints_both_polarities(lattice, polarities, &kinds, &unlike);
        let bad = |line: Vec<usize>| {
            let judged = LineJudge {
                lattice,
                polarities,
                colours,
                kinds: &kinds,
                unlike: &unlike,
                fills: &fills,
                both_polarities,
            };
            judged.is_foreign(&line)
        };
        // Rows one short of a board are not cut further: a row under a cover may complete them
        // (see `take_in_covered_rows`).
        let rows_cut = rows >= MIN_SIDE;
        // A column of the board's own tiles is not cut from a lattice as narrow as a board may
        // be (see `is_column_of_tiles`).
        let column_cut = |line: Vec<usize>| {
            cols > 1
                && bad(line.clone())
                && !(cols == MIN_SIDE
                    && is_column_of_tiles(
                        lattice,
                        colours,
                        &kinds,
                        &fills,
                        &line,
                        gray.dimensions(),
                    ))
        };
        let edges = [
            (rows_cut && bad((0..cols).collect())).then_some(0),
            (rows_cut && bad(((rows - 1) * cols..rows * cols).collect())).then_some(1),
            column_cut((0..rows).map(|r| r * cols).collect()).then_some(2),
            column_cut((0..rows).map(|r| r * cols + cols - 1).collect()).then_some(3),
        ];
        let detached = detached_part(lattice, &kinds, &unlike, &fills);
        let (keep_rows, keep_cols) = match (detached, edges.into_iter().flatten().next()) {
            (Some(part), _) => part,
            (None, Some(0)) => (1..rows, 0..cols),
            (None, Some(1)) => (0..rows - 1, 0..cols),
            (None, Some(2)) => (0..rows, 1..cols),
            (None, Some(_)) => (0..rows, 0..cols - 1),
            (None, None) => return (kinds, both_polarities),
        };
        drop(fills);
        crop(lattice, keep_rows, keep_cols);
        if lattice.rows + 1 < MIN_SIDE || lattice.cols + 1 < MIN_SIDE {
            return (vec![], false);
        }
    }
}

/// Whether an edge column of the lattice (`line`, its cell indices in order) is a column of the
/// board's tiles, whatever its cells hold: each cell lies wholly in the image (`size`, analysis
/// pixels), its fill is like the median fill of the letter cells off the column (see
/// [`is_like_a_tile`]; some of those may be an alert's text over the board), and where the ground
/// shows between the board's tiles, it shows between each of the column's cells and the next one
/// in (within [`HOLE_GAP_DISTANCE`]). A swipe's path (Android's pointer overlay) joins the
/// letters of the column it runs down to each other, and the column looks as foreign as a panel
/// beside the board; cut off, what is left is refused as too narrow (a 4x3 lattice). A panel, a
/// banner or an alert beside the board has fills of its own, and a column the image's edge cuts
/// is left to [`take_in_cut_columns`].
fn is_column_of_tiles(
    lattice: &Lattice,
    colours: &Colours,
    kinds: &[CellKind],
    fills: &CellFills,
    line: &[usize],
    (width, height): (u32, u32),
) -> bool {
    let size = (width as f32, height as f32);
    let within = line.iter().all(|&i| {
        let past = lattice.past_image_edges(i / lattice.cols, i % lattice.cols, size);
        past.iter().all(|&p| p <= 0.0)
    });
    let Some(tile) = fill::median(&letter_fills_off(kinds, fills, line)) else {
        return false;
    };
    let like_tiles = line
        .iter()
        .all(|&i| fills.get(i).is_some_and(|f| is_like_a_tile(f, &[tile])));
    // The seam between each cell and the next one in shows the ground between the tiles.
    let apart = || {
        let Some(gap) = fills.between_tiles(kinds) else {
            return true;
        };
        let inward = if line[0].is_multiple_of(lattice.cols) {
            1.0
        } else {
            -1.0
        };
        line.iter().all(|&i| {
            let (x, y) = lattice.centre(i / lattice.cols, i % lattice.cols);
            let seam = seam_strip(lattice, x + inward * lattice.px / 2.0, y, true);
            seam_shows_ground(colours, seam, gap)
        })
    };
    within && like_tiles && apart()
}

// Rows hidden in part (`take_in_covered_rows`, `cut_letter`). Heights are shares of the letter
// height, widths shares of the pitch.

/// A cut letter's ink is looked for within this share of the pitch either side of its cell's
/// centre line (a letter is at most about two thirds of a tile wide) ...
const CUT_BAND: f32 = 0.3;
/// ... and, where no cut letter is found so, within this share (an icon beside the letter and
/// level with its foot, SpellCast's gem, joins the letter's rows in the wider band and makes
/// them start below where the other rows' letters end).
const CUT_NARROW_BAND: f32 = 0.18;
/// A cut letter ends within this share of the letter height of where the letters of the row
/// next to it end, one pitch on (a cover hides a letter from one side; the side it keeps lies
/// where every letter's does) ...
const CUT_KEPT_EDGE: f32 = 0.1;
/// ... shows at least this share of it in rows of ink one after another (shorter runs are specks
/// or the tile's own edge, and are passed over) ...
const CUT_MIN_SHOWN: f32 = 0.2;
/// ... and lost at least this share at the other side, unless it runs into the cover's edge
/// there (a row of ink across the band right beyond it: a light letter joined to a light banner
/// that hides only its top is found as one piece with the banner, never as a letter).
const CUT_MIN_LOST: f32 = 0.2;
/// A row of a cut letter holds at least this share of the letter height in ink (a stroke) ...
const CUT_MIN_STROKE: f32 = 0.06;
/// ... and ink across less than this share of the band (more is the cover's edge or shadow).
const CUT_FULL_BAND: f32 = 0.9;
/// The uncovered part of a cell's tile is sampled up to this share of the pitch off its sides.
const CUT_FILL_INSET: f32 = 0.05;
/// The ink a cut letter is looked for in (see [`take_in_covered_rows`]).
#[derive(Clone, Copy)]
struct CutInks<'a> {
    /// The image's ink masks.
    masks: &'a InkMasks,
    /// Whether the board prints its letters in both polarities (see [`prints_both_polarities`]).
    both_polarities: bool,
    /// Whether the seams between the board's tiles show no one ground (see [`uniform_ground`]),
    /// as where tiles touch in several colours.
    no_one_ground: bool,
}

impl<'a> CutInks<'a> {
    /// The masks to look for a cut letter in, in turn: the board's polarity (`dark`) first, then
    /// the other where a cut letter may be of it: on a board printed in both polarities, and in a
    /// line the image's edge cuts (`by_the_image_edge`) where no one ground shows between the
    /// tiles (Letterpress's light letters on its dark tiles may all lie in the column cut).
    /// Otherwise the board's only: the tile around a letter is ink of the other polarity, and
    /// stands in for a letter in a band around it; and beyond a board on a frame of its own
    /// (Boggle With Friends), light icons on a taskbar under it line up as a row of cut letters.
    fn in_turn(self, dark: bool, by_the_image_edge: bool) -> impl Iterator<Item = &'a GrayImage> {
        let other = self.both_polarities || (self.no_one_ground && by_the_image_edge);
        let other = other.then(|| self.masks.get(!dark));
        std::iter::once(self.masks.get(dark)).chain(other)
    }
}

/// How closely a cut letter must sit where the letters of the line next to it lie, one pitch on
/// (see [`cut_letter`]).
#[derive(Debug, Clone, Copy)]
struct CutFit {
    /// The letter ends within this share of the letter height of where theirs end on the kept side.
    kept_edge: f32,
    /// It shows at least this share of the letter height.
    min_shown: f32,
    /// It lost at least this share of the letter height on the other side.
    min_lost: f32,
    /// Whether the cover is the image's edge, across a lattice mirrored from columns: the
    /// letter's extent along the cut is then a whole letter's height (see [`CUT_ACROSS_MIN`];
    /// a column's letters all stand one height tall, where a row's differ in width), and it
    /// runs into the edge (see [`CUT_EDGE_REACH`]) unless it shows whole (see
    /// [`CUT_WHOLE_SHOWN`]).
    by_the_image_edge: bool,
}

/// A letter cut from the side keeps from this share of the letters' height ...
const CUT_ACROSS_MIN: f32 = 0.7;
/// ... to this share across the cut (ink of another height is the ground's pattern or a frame
/// beyond the board).
const CUT_ACROSS_MAX: f32 = 1.2;
/// A letter the image's edge cuts runs to within this many pixels of it ...
const CUT_EDGE_REACH: f32 = 2.0;
/// ... unless it shows at least this share of the letters' width (a narrow letter the edge
/// leaves whole); a sliver that stops short of the edge is a frame's line beyond the board.
const CUT_WHOLE_SHOWN: f32 = 0.5;

/// A row's letters, printed on one baseline at one height: [`CUT_KEPT_EDGE`], [`CUT_MIN_SHOWN`].
const ROW_CUT: CutFit = CutFit {
    kept_edge: CUT_KEPT_EDGE,
    min_shown: CUT_MIN_SHOWN,
    min_lost: CUT_MIN_LOST,
    by_the_image_edge: false,
};

/// A column's letters, each centred in its tile whatever its width, and cut by the image's edge
/// only (see [`take_in_cut_columns`]): their kept side lies where the column's letters' does
/// only within a quarter of their width (an `I` and an `M`); an `F` cut right after its stem
/// shows a tenth; and a narrow letter the edge leaves whole lost nothing, but its cell is still
/// one the edge cuts.
const COLUMN_CUT: CutFit = CutFit {
    kept_edge: 0.25,
    min_shown: 0.1,
    min_lost: f32::NEG_INFINITY,
    by_the_image_edge: true,
};

/// What is left of a letter the image's edge cuts down to a stroke: a sliver of an `E`'s stem,
/// the end of a `T`'s bar, a `J`'s hook. Such print is no letter's height across (see
/// [`CUT_ACROSS_MIN`]) and may show less than [`COLUMN_CUT`] asks, but it begins where the
/// column's letters begin, as no margin beyond a board does; a column the edge cuts whose cells
/// show cut letters or remnants is taken in (see [`take_in_covered_rows`]).
const REMNANT_CUT: CutFit = CutFit {
    kept_edge: 0.25,
    min_shown: 0.05,
    min_lost: f32::NEG_INFINITY,
    by_the_image_edge: false,
};

/// A line of cells beyond the board is a row of its tiles under a cover when all its cells but
/// at most this many show a cut letter (the cover may hide one letter whole, or join it to its
/// own edge) ...
const CUT_ROW_MISSING: usize = 1;
/// ... and at least this share of them show a fill of the board's tiles around it (a tile of a
/// shade the uncovered rows do not show, such as a Letterpress tile of a player's darker colour,
/// is missing from those).
const CUT_ROW_TILE_SHARE: f32 = 0.5;

/// A row taken in under a cover shows, where the board's tiles stand apart on one ground (see
/// [`uniform_ground`]), that ground on at least this share of the seams between its cells
/// (beside the cover): a banner's own text, lined up with the board's letters and cut by
/// nothing, shows the banner's fill on every seam (a Wordament board read with a row of a
/// notification's text on top, at 16-50%).
const SEAMS_SHOWING_GROUND: f32 = 0.5;

/// Where the letters of a row beyond the board's first row (last when `!from_above`) would lie
/// if the board went on: its centre line, and its letters' top and bottom (analysis pixels).
/// The pitch is measured where the board ends, between the medians of its two edge rows'
/// letters, rather than taken from the lattice, whose fit takes in lines of other text trimmed
/// off since (a few pixels off at the edge are most of the tolerance of [`CUT_KEPT_EDGE`]).
fn next_row_lines(lattice: &Lattice, kinds: &[CellKind], from_above: bool) -> Option<[f32; 3]> {
    let rows = lattice.rows;
    let (edge, inner) = if from_above {
        (0, 1)
    } else {
        (rows - 1, rows - 2)
    };
    let of_row = |r: usize, at: fn(&Blob) -> f32| -> Option<f32> {
        let values: Vec<f32> = (r * lattice.cols..(r + 1) * lattice.cols)
            .filter(|&i| kinds[i] == CellKind::Letter)
            .filter_map(|i| lattice.cells[i].as_ref().map(at))
            .collect();
        (!values.is_empty()).then(|| median(values))
    };
    let centre = of_row(edge, Blob::cy)?;
    let step = centre - of_row(inner, Blob::cy)?;
    let top = of_row(edge, |b| b.y0 as f32)?;
    let bottom = of_row(edge, |b| b.y1 as f32)?;
    Some([centre + step, top + step, bottom + step])
}

/// The part of a letter that a cover (a notification banner, a popup, the screenshot's own edge)
/// left in the cell on the centre line `cx`: ink of `mask` near that line that ends where the
/// row's letters end on the kept side (`top` and `bottom`: where they would lie, see
/// [`next_row_lines`]) and stops short of where they end on the other, or runs into the cover's
/// edge (see [`CUT_MIN_LOST`]), within the tolerances of `fit`; the cover comes from above when
/// `from_above`. Ink is looked for within `band` of the pitch either side of `cx`; `mask` is
/// of the board's letters' polarity.
fn cut_letter(
    lattice: &Lattice,
    mask: &GrayImage,
    cx: f32,
    [top, bottom]: [f32; 2],
    from_above: bool,
    band: f32,
    fit: CutFit,
) -> Option<Blob> {
    let (w, h) = mask.dimensions();
    let g = bottom - top;
    let x0 = (cx - band * lattice.px).max(0.0) as u32;
    let x1 = ((cx + band * lattice.px).max(0.0) as u32).min(w);
    // Rows from the kept edge inwards, with a margin of twice the tolerance beyond it.
    let (kept, lost) = if from_above {
        (bottom, top)
    } else {
        (top, bottom)
    };
    let tolerance = fit.kept_edge * g;
    let step = if from_above { -1.0 } else { 1.0 };
    let start = kept - step * 2.0 * tolerance;
    // A row of the letter holds at least a stroke's width of ink, and not ink across the whole
    // band (the edge of the cover, or its shadow).
    let least = (CUT_MIN_STROKE * g).max(2.0) as usize;
    let ink_of_row = |y: f32| -> Option<Vec<u32>> {
        (y >= 0.0 && y < h as f32).then(|| {
            (x0..x1)
                .filter(|&x| mask.get_pixel(x, y as u32)[0] > 0)
                .collect()
        })
    };
    let across = |xs: &[u32]| xs.len() as f32 >= CUT_FULL_BAND * (x1 - x0) as f32;
    let ink_in_row = |y: f32| -> Option<(u32, u32, u32)> {
        let xs = ink_of_row(y)?;
        (xs.len() >= least && !across(&xs)).then_some((
            *xs.first()?,
            *xs.last()? + 1,
            xs.len() as u32,
        ))
    };
    // The ink runs (rows with ink one after another) from the margin inwards: the first long
    // enough to be part of a letter is the cut letter's (a speck, or the tile's own edge beyond
    // the letter, is shorter).
    let span = (g + 2.0 * tolerance).ceil() as usize;
    let rows: Vec<f32> = (0..=span).map(|k| start + step * k as f32).collect();
    let (mut first, mut run) = (0, 0);
    let (mut left, mut right, mut area) = (u32::MAX, 0, 0);
    while (run - first) as f32 <= fit.min_shown * g {
        first = run + rows[run..].iter().position(|&y| ink_in_row(y).is_some())?;
        (run, left, right, area) = (first, u32::MAX, 0, 0);
        while let Some(&y) = rows.get(run) {
            let Some((l, r, n)) = ink_in_row(y) else {
                break;
            };
            (left, right, area) = (left.min(l), right.max(r), area + n);
            run += 1;
        }
    }
    if (rows[first] - kept).abs() > tolerance {
        return None;
    }
    let inner = rows[run - 1];
    let shown = (inner - rows[first]).abs() + 1.0;
    let lost_share = (lost - inner).abs() / g;
    // A letter that lost less runs into the cover's edge: ink across the band right beyond it
    // (a light letter joined to a light banner, found as one piece with it, not as a letter).
    let against_the_cover = rows
        .get(run)
        .and_then(|&y| ink_of_row(y))
        .is_some_and(|xs| across(&xs));
    if shown < fit.min_shown * g || (lost_share < fit.min_lost && !against_the_cover) {
        return None;
    }
    let (y0, y1) = if from_above {
        (inner, rows[first] + 1.0)
    } else {
        (rows[first], inner + 1.0)
    };
    let blob = Blob {
        x0: left,
        y0: y0.max(0.0) as u32,
        x1: right,
        y1: (y1.max(0.0) as u32).min(h),
        area,
        dark: lattice.dark,
        parts: 1,
    };
    if fit.by_the_image_edge {
        let across = blob.width() as f32 / lattice.glyph_height;
        let edge = if from_above { 0.0 } else { (h - 1) as f32 };
        let reaches_the_edge = (inner - edge).abs() <= CUT_EDGE_REACH;
        if !(CUT_ACROSS_MIN..=CUT_ACROSS_MAX).contains(&across)
            || (!reaches_the_edge && shown < CUT_WHOLE_SHOWN * g)
        {
            return None;
        }
    }
    ((blob.cx() - cx).abs() <= NEAR_CENTRE * lattice.px).then_some(blob)
}

/// Takes into the board a row of its tiles hidden in part beyond its first or last row (a
/// notification banner or a popup over the board's edge, or the screenshot's own edge through a
/// row): a board is a lattice of like tiles, and a cover that hides a row's letters in part still
/// shows their other part where every letter's is, one pitch on, and the tiles' colour around it.
/// Such a row's cells show a cut letter (see [`cut_letter`]; ink of the board's letters' polarity,
/// or of the other where `inks` allow it: see [`CutInks::in_turn`]) in all but at most
/// [`CUT_ROW_MISSING`] of them, and at least [`CUT_ROW_TILE_SHARE`] of them have around it the fill
/// of one of the board's tiles (within [`TILE_FILL_DISTANCE`]) and stand apart as the board's tiles
/// do (see [`SEAMS_SHOWING_GROUND`]), or every cell shows one and its tiles are highlighted in a
/// colour of their own (see [`is_highlighted_row`]; a row of stat boxes under the board, of a
/// colour of their own and set apart as tiles are, shows numbers in most of its cells, not all).
/// Where the image's edge cuts the row (`fit.by_the_image_edge`: a column, seen mirrored), a cell
/// whose letter the edge cut down to a stroke counts as one with a letter (see [`REMNANT_CUT`]),
/// and half its cells may show neither when all of them show a tile's fill, or all but one that
/// lies on from a line of tiles (see [`odd_fills_lie_on_lines_of_tiles`]): an edge that leaves a
/// third of a tile leaves nothing of a narrow letter in its middle (a 5x5 Letterpress board cut so
/// read as a sure 5x4 one, a 4x4 one refused as 4x3); and none of them when the edge cuts it before
/// where its letters begin (a Wordament board cut so showed its last column's values only, on a
/// lattice of their own, and was refused as one of numbers). Its cut letters become the cells'
/// texts, and its cells are marked covered (read as tiles, never surely: see [`Lattice::covered`]).
/// One row is taken in on each side at most, and only on `sides`; `fit` says how closely a cut
/// letter must match the row's (see [`CutFit`]).
fn take_in_covered_rows(
    lattice: &mut Lattice,
    kinds: &mut Vec<CellKind>,
    inks: CutInks,
    colours: &Colours,
    sides: Sides,
    fit: CutFit,
) {
    for from_above in [true, false] {
        if !sides.includes(from_above) {
            continue;
        }
        if lattice.rows >= MAX_SIDE {
            return;
        }
        let Some([cy, top, bottom]) = next_row_lines(lattice, kinds, from_above) else {
            continue;
        };
        let cols = lattice.cols;
        let masks: Vec<&GrayImage> = inks.in_turn(lattice.dark, fit.by_the_image_edge).collect();
        let centre = |c: usize| lattice.x0 + c as f32 * lattice.px;
        let cut_in = |mask: &GrayImage, c: usize, band: f32, fit: CutFit| {
            cut_letter(
                lattice,
                mask,
                centre(c),
                [top, bottom],
                from_above,
                band,
                fit,
            )
        };
        let cut: Vec<Option<Blob>> = (0..cols)
            .map(|c| {
                masks.iter().find_map(|mask| {
                    cut_in(mask, c, CUT_BAND, fit).or_else(|| cut_in(mask, c, CUT_NARROW_BAND, fit))
                })
            })
            .collect();
        let found = cut.iter().flatten().count();
        let remnants = (0..cols)
            .filter(|&c| cut[c].is_none() && fit.by_the_image_edge)
            .filter(|&c| {
                masks
                    .iter()
                    .any(|mask| cut_in(mask, c, CUT_BAND, REMNANT_CUT).is_some())
            })
            .count();
        // Cells that show print where the board's letters begin: a cut letter, or a remnant.
        let with_print = found + remnants;
        let few_letters = with_print + CUT_ROW_MISSING < cols;
        // Where the image's edge cuts the line before its letters would begin (but for a sliver
        // too thin to be found), none need show.
        let edge = if from_above { 0 } else { masks[0].height() };
        let letters_cut_away = fit.by_the_image_edge && {
            let sliver = fit.min_shown * (bottom - top);
            if from_above {
                bottom <= edge as f32 + sliver
            } else {
                top >= edge as f32 - sliver
            }
        };
        if few_letters && !(fit.by_the_image_edge && (2 * with_print >= cols || letters_cut_away)) {
            continue;
        }
        // The cover's edge: where the cut letters stop, the farthest in; the image's edge where
        // it cut them away, or cut them down to remnants.
        let cover = if from_above {
            cut.iter().flatten().map(|b| b.y0).max()
        } else {
            cut.iter().flatten().map(|b| b.y1).min()
        }
        .or((letters_cut_away || remnants > 0).then_some(edge));
        let Some(cover) = cover else { continue };
        let inset = 0.5 - CUT_FILL_INSET;
        let fills = CellFills::new(lattice, colours);
        let tiles: Vec<Colour> = (0..kinds.len())
            .filter(|&i| kinds[i] == CellKind::Letter)
            .filter_map(|i| fills.get(i))
            .collect();
        // The part of the row the cover leaves, across `half` a pitch either side of `cx`.
        let (top, bottom) = if from_above {
            (cover as f32, cy + inset * lattice.py)
        } else {
            (cy - inset * lattice.py, cover as f32)
        };
        let shown = |cx: f32, half: f32| {
            Rect::new(cx - half * lattice.px, top, cx + half * lattice.px, bottom)
        };
        let row_fills: Vec<Option<Colour>> = (0..cols)
            .map(|c| {
                let area = shown(lattice.x0 + c as f32 * lattice.px, inset);
                let letter = cut[c].map(|b| {
                    Rect::new(b.x0 as f32, b.y0 as f32, b.x1 as f32, b.y1 as f32)
                        .outset(LOOK_TEXT_MARGIN * lattice.px.min(lattice.py))
                });
                colours.fill(area, letter)
            })
            .collect();
        let like = row_fills
            .iter()
            .flatten()
            .filter(|&&f| is_like_a_tile(f, &tiles))
            .count();
        // Where the board's tiles stand apart on one ground, so do the row's beside a cover
        // (see [`SEAMS_SHOWING_GROUND`]), and so must those of a line the image's edge cuts
        // before its letters: it shows no letter to tell it from a margin of the page, which
        // may be of a tile's colour (Letterpress's light grey). Where the tiles touch, a row
        // under a cover is told by its cut letters alone; such a line is not told at all.
        let letterless = fit.by_the_image_edge && 2 * with_print < cols;
        let set_apart = || {
            if fit.by_the_image_edge && !letterless {
                return true;
            }
            let ground =
                uniform_ground(lattice, kinds, colours).filter(|&gap| !is_like_a_tile(gap, &tiles));
            let Some(gap) = ground else {
                return !letterless;
            };
            let seams: Vec<Option<Colour>> = (1..cols)
                .map(|c| {
                    let seam = lattice.x0 + (c as f32 - 0.5) * lattice.px;
                    colours.fill(shown(seam, GAP_STRIP_WIDTH / 2.0), None)
                })
                .collect();
            let apart = seams
                .iter()
                .flatten()
                .filter(|&&s| is_ground(s, gap))
                .count();
            // A line with no letter shows tiles between its seams, not more of what shows on them
            // (a page's margin beside the board's frame, both about the ground's colour).
            let tiles_between = || {
                seams.iter().enumerate().all(|(k, seam)| {
                    seam.is_some_and(|s| {
                        row_fills[k..=k + 1]
                            .iter()
                            .all(|f| f.is_some_and(|f| !is_ground(f, s)))
                    })
                })
            };
            apart as f32 >= SEAMS_SHOWING_GROUND * (cols - 1) as f32
                && (!letterless || tiles_between())
        };
        let tile_like = if few_letters {
            like == cols
                || (like + CUT_ROW_MISSING >= cols
                    && odd_fills_lie_on_lines_of_tiles(lattice, kinds, &fills, &row_fills, &tiles))
        } else {
            like as f32 >= CUT_ROW_TILE_SHARE * cols as f32
        } && set_apart();
        let highlighted = || {
            fills
                .between_tiles(kinds)
                .is_some_and(|gap| is_highlighted_row(lattice, colours, gap, cy, &row_fills))
        };
        if !tile_like && (found < cols || !highlighted()) {
            continue;
        }
        if lattice.covered.is_empty() {
            lattice.covered = vec![false; lattice.cells.len()];
        }
        let new_kinds = cut.iter().map(|b| {
            if b.is_some() {
                CellKind::Letter
            } else {
                CellKind::Junk
            }
        });
        if from_above {
            lattice.cells.splice(0..0, cut.iter().copied());
            kinds.splice(0..0, new_kinds);
            lattice.y0 -= lattice.py;
        } else {
            lattice.cells.extend(cut.iter().copied());
            kinds.extend(new_kinds);
        }
        let row_cells = std::iter::repeat_n(true, cols);
        if from_above {
            lattice.covered.splice(0..0, row_cells);
        } else {
            lattice.covered.extend(row_cells);
        }
        lattice.rows += 1;
    }
}

/// Whether each cell of a line beyond the board whose fill (of `fills`, in order along the
/// line) is like none of the board's `tiles` lies on from a line of the board's tiles across
/// it: one of its letter cells has a fill (of `cell_fills`) like that of a letter cell off that
/// line (a line of other print has fills of its own). So the cell is a tile of a shade the rest
/// of the board lacks (a Letterpress tile of a player's darker colour, in a row of the board's
/// tiles) rather than the ground beside a line of other print (the dark bar of a desktop game's
/// title, taken in over the board).
fn odd_fills_lie_on_lines_of_tiles(
    lattice: &Lattice,
    kinds: &[CellKind],
    cell_fills: &CellFills,
    fills: &[Option<Colour>],
    tiles: &[Colour],
) -> bool {
    let cols = lattice.cols;
    let tile_in_line = |c: usize| {
        let line: Vec<usize> = (0..lattice.rows).map(|r| r * cols + c).collect();
        let elsewhere = letter_fills_off(kinds, cell_fills, &line);
        line.iter().any(|&i| {
            kinds[i] == CellKind::Letter
                && cell_fills
                    .get(i)
                    .is_some_and(|f| is_like_a_tile(f, &elsewhere))
        })
    };
    fills.iter().enumerate().all(|(c, fill)| match fill {
        Some(f) => is_like_a_tile(*f, tiles) || tile_in_line(c),
        None => false,
    })
}

/// Whether a row of cells beyond the board, on the centre line `cy`, with its cells' fills
/// `fills`, is a row of the board's tiles shown in a colour of their own (the tiles of a word
/// being swiped, highlighted and crossed by its trail, along the board's first or last row):
/// see [`shows_tiles_apart`].
fn is_highlighted_row(
    lattice: &Lattice,
    colours: &Colours,
    gap: Colour,
    cy: f32,
    fills: &[Option<Colour>],
) -> bool {
    let centres: Vec<(f32, f32)> = (0..fills.len())
        .map(|c| (lattice.x0 + c as f32 * lattice.px, cy))
        .collect();
    shows_tiles_apart(lattice, colours, gap, &centres, fills)
}

/// Whether cells in a line, centred on `centres` (a row's or a column's, in order) with fills
/// `fills`, are tiles set apart as the board's are: the seams between them show the ground
/// between the board's tiles (`gap`, within [`HOLE_GAP_DISTANCE`]), as the board's own seams
/// do, and none of their fills does. A panel or a banner lined up with the board is one piece:
/// its seams show its own fill.
fn shows_tiles_apart(
    lattice: &Lattice,
    colours: &Colours,
    gap: Colour,
    centres: &[(f32, f32)],
    fills: &[Option<Colour>],
) -> bool {
    let tiles_apart = fills.iter().all(|f| f.is_some_and(|f| !is_ground(f, gap)));
    let seams_show_ground = centres.windows(2).all(|pair| {
        let [(x0, y0), (x1, y1)] = [pair[0], pair[1]];
        let beside = (y1 - y0).abs() < (x1 - x0).abs();
        let seam = seam_strip(lattice, (x0 + x1) / 2.0, (y0 + y1) / 2.0, beside);
        seam_shows_ground(colours, seam, gap)
    });
    tiles_apart && seams_show_ground
}

/// Whether `c` is the ground between the board's tiles (`gap`, within [`HOLE_GAP_DISTANCE`]).
fn is_ground(c: Colour, gap: Colour) -> bool {
    fill::distance(c, gap) <= HOLE_GAP_DISTANCE
}

/// Whether the fill of `seam` (see [`seam_strip`]) is the ground between the board's tiles
/// (see [`is_ground`]).
fn seam_shows_ground(colours: &Colours, seam: Rect, gap: Colour) -> bool {
    colours.fill(seam, None).is_some_and(|c| is_ground(c, gap))
}

/// An edge line under a swipe's trail may hold this many letters split by the trail into
/// pieces (text of several glyphs, unlike the board's letters): a `B` whose bowls the trail
/// parts. A line of stat boxes has such text in most of its cells.
const TRAIL_SPLIT_LETTERS: usize = 1;

/// Whether an edge `line` of the lattice (cell indices, in order) is a line of the board's tiles
/// highlighted under a swipe's trail: the trail breaks the letters it crosses into pieces, junk
/// to [`cell_kind`], so the line looks like a score line with an icon unless its tiles are seen.
/// The line's cells are tiles set apart as the board's are (see [`shows_tiles_apart`]), and its
/// junk cells and its letters split in pieces (`split`) are highlighted: their fill is like
/// (within [`TILE_FILL_DISTANCE`]) fewer than half of the fills of the letter cells off the line
/// (some of them highlighted too: a 4x4 board's four inner tiles alone may be half of them), as
/// the swiped tiles of Word Hunt are (yellow, green or white on a cream board); junk on tiles
/// like most others is not letters under a trail. `false` when a tile off the line is like what
/// shows between the tiles (they touch: the ground is not seen).
fn is_highlighted_line(
    lattice: &Lattice,
    colours: &Colours,
    fills: &CellFills,
    kinds: &[CellKind],
    line: &[usize],
    split: &[usize],
) -> bool {
    let Some(gap) = fills.between_tiles(kinds) else {
        return false;
    };
    let tiles = letter_fills_off(kinds, fills, line);
    let tiles_like = |c: Colour| {
        tiles
            .iter()
            .filter(|&&t| fill::distance(c, t) <= TILE_FILL_DISTANCE)
            .count()
    };
    if tiles.is_empty() || tiles_like(gap) > 0 {
        return false;
    }
    let junk_highlighted = cells_of_kind(line, kinds, CellKind::Junk)
        .into_iter()
        .chain(split.iter().copied())
        .all(|i| {
            fills
                .get(i)
                .is_some_and(|c| 2 * tiles_like(c) < tiles.len())
        });
    let centres: Vec<(f32, f32)> = line
        .iter()
        .map(|&i| lattice.centre(i / lattice.cols, i % lattice.cols))
        .collect();
    let line_fills: Vec<Option<Colour>> = line.iter().map(|&i| fills.get(i)).collect();
    junk_highlighted && shows_tiles_apart(lattice, colours, gap, &centres, &line_fills)
}

/// Which sides of a board [`take_in_covered_rows`] looks beyond.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sides {
    /// Above and below.
    Both,
    /// Above only (left of a mirrored board).
    Above,
    /// Below only (right of a mirrored board).
    Below,
}

impl Sides {
    /// Whether the side above (`from_above`) or below is one of them.
    fn includes(self, from_above: bool) -> bool {
        match self {
            Sides::Both => true,
            Sides::Above => from_above,
            Sides::Below => !from_above,
        }
    }
}

/// A column of cells beyond the board shows at least this share of the pitch in the image to be
/// looked at as one the image's edge cuts (less shows too little of its letters to tell).
const CUT_COLUMN_SHOWN: f32 = 0.3;

/// Whether the column of cells just before the board's first column (`before`) or after its last
/// runs past the image's edge (`width` analysis pixels) while showing at least
/// [`CUT_COLUMN_SHOWN`] of the pitch in it.
fn column_cut_by_edge(lattice: &Lattice, width: f32, before: bool) -> bool {
    let cx = if before {
        lattice.x0 - lattice.px
    } else {
        lattice.x0 + lattice.cols as f32 * lattice.px
    };
    let (left, right) = (cx - 0.5 * lattice.px, cx + 0.5 * lattice.px);
    let shown = right.min(width) - left.max(0.0);
    (left < 0.0 || right > width) && shown >= CUT_COLUMN_SHOWN * lattice.px
}

/// Takes into the board a column of its tiles that the image's left or right edge cuts (a
/// screenshot cropped through the board), as [`take_in_covered_rows`] takes in a row under a
/// cover or cut by the top or bottom edge: it runs on the lattice, its cells and the masks
/// mirrored about the diagonal, where the edge cuts a row, on the cut sides only. Without it, the
/// cut column is left out in silence, and a 5x5 board reads as a sure 5x4 one. The masks are
/// copied mirrored only when the lattice has such a column.
fn take_in_cut_columns(
    lattice: &mut Lattice,
    kinds: &mut Vec<CellKind>,
    inks: CutInks,
    colours: &Colours,
) {
    let width = inks.masks.dark.width() as f32;
    let sides = match (
        column_cut_by_edge(lattice, width, true),
        column_cut_by_edge(lattice, width, false),
    ) {
        (true, true) => Sides::Both,
        (true, false) => Sides::Above,
        (false, true) => Sides::Below,
        (false, false) => return,
    };
    let mut mirrored = lattice.mirrored();
    let mut mirrored_kinds = mirrored_cells(kinds, lattice.rows, lattice.cols);
    let (masks, colours) = (inks.masks.mirrored(), colours.mirrored());
    let inks = CutInks {
        masks: &masks,
        ..inks
    };
    take_in_covered_rows(
        &mut mirrored,
        &mut mirrored_kinds,
        inks,
        &colours,
        sides,
        COLUMN_CUT,
    );
    if mirrored.rows != lattice.cols {
        *kinds = mirrored_cells(&mirrored_kinds, mirrored.rows, mirrored.cols);
        *lattice = mirrored.mirrored();
    }
}

/// A cell with more than this share of the pitch beyond the image's edge may have lost print
/// there whole, with no ink left at the edge to show it: the `I` of a Wordament `IN` cut off,
/// its `N` read at 99%. A tight crop of whole tiles leaves its outer cells up to about a tenth
/// past the edge (half the gap between tiles, and the fit's few pixels: a real Wordament crop's
/// first column lies 0.1 past), so less is not taken as a cut.
const FAR_PAST_EDGE: f32 = 0.2;
/// A cell runs past the image's edge when more than this share of the pitch of it lies beyond.
const PAST_EDGE: f32 = 0.02;
/// Ink is looked for on the image's outermost line of pixels along the cell (print the edge
/// cuts runs into it; a value printed whole two pixels off a tight crop's edge does not) ...
const EDGE_STRIP_DEPTH: f32 = 1.0;
/// ... over this share of the pitch either side of the cell's centre line: the letter's band,
/// not the corners, where a value printed whole a pixel or two off a tight crop's edge (a
/// Wordament crop's, scaled down or blurred) touches it as a cut one would. A value the edge cuts
/// lies mostly beyond it (see [`FAR_PAST_EDGE`]).
const EDGE_STRIP_HALF_SPAN: f32 = 0.25;
/// Ink along at least this share of the strip is no print but the ground between the tiles,
/// which a tight crop leaves a line of along its edge.
const EDGE_STRIP_FULL: f32 = 0.7;
/// At least this many pixels of ink on the strip are print the edge cuts.
const EDGE_STRIP_INK: u32 = 2;

/// Marks as covered (read, never surely: see [`Lattice::covered`]) each cell that runs past
/// the image's edge with ink of the board's letters' polarity right at the edge: the
/// screenshot's edge cuts its letter, value or badge (a crop through the board's outer tiles),
/// and what is left of it reads surely as another text (`QU` cut to its `U`, `IN` to its `N`,
/// `-ER` to `-E`, each at 99-100%). A cell the edge only grazes, or whose print stands off the
/// edge (a Letterpress board as wide as the screen), is left alone.
fn cover_cells_the_edge_cuts(lattice: &mut Lattice, masks: &InkMasks) {
    let mask = masks.get(lattice.dark);
    let cut: Vec<bool> = (0..lattice.cells.len())
        .map(|i| edge_cuts_print(lattice, mask, i))
        .collect();
    if !cut.contains(&true) {
        return;
    }
    if lattice.covered.is_empty() {
        lattice.covered = vec![false; lattice.cells.len()];
    }
    for (covered, cut) in lattice.covered.iter_mut().zip(cut) {
        *covered |= cut;
    }
}

/// Whether the image's edge cuts the print of cell `i` (see [`cover_cells_the_edge_cuts`]): the
/// cell runs more than [`FAR_PAST_EDGE`] of the pitch past an edge, or more than [`PAST_EDGE`]
/// with ink of `mask` on the edge's outermost line of pixels along the cell's letter band.
fn edge_cuts_print(lattice: &Lattice, mask: &GrayImage, i: usize) -> bool {
    let (w, h) = (mask.width() as f32, mask.height() as f32);
    let (row, col) = (i / lattice.cols, i % lattice.cols);
    let (cx, cy) = lattice.centre(row, col);
    let (span_x, span_y) = (
        EDGE_STRIP_HALF_SPAN * lattice.px,
        EDGE_STRIP_HALF_SPAN * lattice.py,
    );
    let depth = EDGE_STRIP_DEPTH;
    // The strip along each edge, in the order of `past_image_edges`.
    let strips = [
        Rect::new(0.0, cy - span_y, depth, cy + span_y),
        Rect::new(w - depth, cy - span_y, w, cy + span_y),
        Rect::new(cx - span_x, 0.0, cx + span_x, depth),
        Rect::new(cx - span_x, h - depth, cx + span_x, h),
    ];
    let print_on = |strip: Rect| {
        let (ink, area) = strip.ink_and_area(mask);
        ink >= EDGE_STRIP_INK && (ink as f32) < EDGE_STRIP_FULL * area as f32
    };
    lattice
        .past_image_edges(row, col, (w, h))
        .into_iter()
        .zip(strips)
        .any(|(past, strip)| past > FAR_PAST_EDGE || (past > PAST_EDGE && print_on(strip)))
}

/// Row-major `cells` of a `rows` x `cols` grid, mirrored about the diagonal (column-major);
/// empty stays empty (a lattice with no covered cells).
fn mirrored_cells<T: Copy>(cells: &[T], rows: usize, cols: usize) -> Vec<T> {
    if cells.is_empty() {
        return Vec::new();
    }
    (0..cols)
        .flat_map(|c| (0..rows).map(move |r| cells[r * cols + c]))
        .collect()
}

/// Each cell's fill colour (see [`fill::Colours::fill`]): the middle of the cell (as judged for
/// [`CellKind::Empty`]) around its text box, taken when first asked for.
struct CellFills<'a> {
    lattice: &'a Lattice,
    colours: &'a Colours<'a>,
    fills: Vec<OnceCell<Option<Colour>>>,
    /// The colour between the tiles (see [`gap_colour`]), taken when first asked for.
    between: OnceCell<Option<Colour>>,
}

impl<'a> CellFills<'a> {
    fn new(lattice: &'a Lattice, colours: &'a Colours<'a>) -> CellFills<'a> {
        let fills = (0..lattice.cells.len()).map(|_| OnceCell::new()).collect();
        CellFills {
            lattice,
            colours,
            fills,
            between: OnceCell::new(),
        }
    }

    /// The colour between the lattice's tiles (see [`gap_colour`]), computed once: `kinds` are
    /// the lattice's cell kinds, the same on every call (a `CellFills` serves one classification
    /// of its lattice).
    fn between_tiles(&self, kinds: &[CellKind]) -> Option<Colour> {
        *self
            .between
            .get_or_init(|| gap_colour(self.lattice, kinds, self.colours))
    }

    /// Cell `i`'s fill; `None` where no sample of it is on the image.
    fn get(&self, i: usize) -> Option<Colour> {
        *self.fills[i].get_or_init(|| {
            let l = self.lattice;
            let middle = l
                .cell_box(i / l.cols, i % l.cols)
                .inset_share(EMPTY_CELL_INSET);
            let text = l.cells[i].map(|b| {
                Rect::new(b.x0 as f32, b.y0 as f32, b.x1 as f32, b.y1 as f32)
                    .outset(LOOK_TEXT_MARGIN * l.px.min(l.py))
            });
            // A wide letter (`A`, `M`) fills the middle: then the ring of the tile around it.
            self.colours.fill(middle, text).or_else(|| {
                let tile = l
                    .cell_box(i / l.cols, i % l.cols)
                    .inset_share(WIDE_LETTER_FILL_INSET);
                self.colours.fill(tile, text)
            })
        })
    }
}

/// How many letter cells of an edge `line` are print on the board's ground rather than tiles:
/// their fill has the colour of the lattice's holes or of what shows between its tiles (the
/// ground between and around the tiles; not where the tiles touch) and is unlike the fill of
/// every one of the board's tiles. An icon or a label under a board
/// is such print, lined up with the tiles, with holes beside it; a shaped board's holes are the
/// same ground, but its tiles have a fill of their own.
///
/// The board's tiles are the letter cells inside the lattice's edge lines (see [`inner_cells`]),
/// not every letter cell off `line`: a lattice that took in print on two sides of a board (a
/// column of a panel beside it and a row of icons under it) has that print on its other edges
/// too, and each line's print would pass for tiles when the other's is counted as tiles.
fn on_ground(kinds: &[CellKind], fills: &CellFills, line: &[usize]) -> usize {
    let fills_of = |keep: &dyn Fn(usize) -> bool| -> Vec<Colour> {
        (0..kinds.len())
            .filter(|&i| keep(i))
            .filter_map(|i| fills.get(i))
            .collect()
    };
    let in_line = cells_of_kind(line, kinds, CellKind::Letter);
    if in_line.is_empty() {
        return 0;
    }
    let mut ground = fills_of(&|i| kinds[i] == CellKind::Empty);
    let inner = inner_cells(fills.lattice);
    let mut tiles = fills_of(&|i| kinds[i] == CellKind::Letter && inner[i]);
    if tiles.is_empty() {
        tiles = fills_of(&|i| kinds[i] == CellKind::Letter && !line.contains(&i));
    }
    // What shows between the tiles is the ground too, unless the tiles touch.
    let gap = fills.between_tiles(kinds).filter(|&gap| {
        tiles
            .iter()
            .all(|&t| fill::distance(gap, t) > TILE_FILL_DISTANCE)
    });
    ground.extend(gap);
    if ground.is_empty() {
        return 0;
    }
    in_line
        .into_iter()
        .filter_map(|i| fills.get(i))
        .filter(|&c| is_ground_fill(c, &tiles, &ground))
        .count()
}

/// The cells of `line` of `kind`.
fn cells_of_kind(line: &[usize], kinds: &[CellKind], kind: CellKind) -> Vec<usize> {
    line.iter().copied().filter(|&i| kinds[i] == kind).collect()
}

/// A hole whose fill is farther than this (in RGB levels) from the colour between the board's
/// tiles is no hole of the board.
const HOLE_GAP_DISTANCE: f32 = 60.0;
/// The colour between two tiles is sampled on a strip this share of the pitch wide, centred on
/// the line between their cells ...
const GAP_STRIP_WIDTH: f32 = 0.04;
/// ... and this share of the pitch long, centred on the tiles' line.
const GAP_STRIP_LENGTH: f32 = 0.5;

/// Whether an edge `line` holds a hole that is not the board's ground: a shaped board's holes
/// show what lies between its tiles (the board's ground, seen in the gaps between tiles), while
/// the cells beside a label lined up with a board (the word being swiped, in a pill on a bar
/// above a Ruzzle board) show the bar. A "hole" whose fill is like one of the board's tiles'
/// (farther than [`TILE_FILL_DISTANCE`] from none of the letter cells' off the line) is a tile
/// whose letter was not seen (dark print on a dimmed deep-magenta Letterpress tile), not foreign.
/// `false` when the line has no hole, when the lattice has no two letter cells side by side to
/// see the gap between, or when the tiles touch (what lies between them is like a tile: the
/// ground is not seen there).
fn has_foreign_hole(kinds: &[CellKind], fills: &CellFills, line: &[usize]) -> bool {
    let holes = cells_of_kind(line, kinds, CellKind::Empty);
    if holes.is_empty() {
        return false;
    }
    let Some(gap) = fills.between_tiles(kinds) else {
        return false;
    };
    let tiles = letter_fills_off(kinds, fills, line);
    let like_a_tile = |fill: Colour| is_like_a_tile(fill, &tiles);
    // Tiles that touch show no ground between them: the strips are the tiles' own fill.
    if like_a_tile(gap) {
        return false;
    }
    holes
        .into_iter()
        .filter_map(|i| fills.get(i))
        .any(|fill| !is_ground(fill, gap) && !like_a_tile(fill))
}

/// Which cells of the lattice are holes of the board: empty cells (no letter, no ink: `kinds`)
/// that show the ground the board's tiles lie on, as seen between its tiles (see
/// [`HOLE_GAP_DISTANCE`]) or, where no ground shows between them (tiles that touch), round the
/// board (see [`HOLE_PAGE_DISTANCE`]). A shaped board's holes (Word Hunt) show that ground; an
/// empty cell that shows something else (an alert's panel over the board's middle) is a tile
/// that cannot be read, never a hole read surely.
fn board_holes(lattice: &Lattice, kinds: &[CellKind], colours: &Colours) -> Vec<bool> {
    let fills = CellFills::new(lattice, colours);
    let tiles = letter_fills_off(kinds, &fills, &[]);
    let ground = fills
        .between_tiles(kinds)
        .filter(|&gap| !is_like_a_tile(gap, &tiles));
    let pages = if ground.is_none() {
        page_colours(lattice, colours)
    } else {
        Vec::new()
    };
    let shows_ground = |fill: Colour| match ground {
        Some(g) => is_ground(fill, g),
        None => pages
            .iter()
            .any(|&page| fill::distance(fill, page) <= HOLE_PAGE_DISTANCE),
    };
    (0..kinds.len())
        .map(|i| kinds[i] == CellKind::Empty && fills.get(i).is_some_and(shows_ground))
        .collect()
}

/// A hole of a board whose tiles touch shows the page round the board: its fill lies within
/// this distance (RGB levels) of the page's colour beside one of the board's sides (at 30, a
/// dark alert's panel over a dimmed dark Letterpress board passed for the page 11 times) ...
const HOLE_PAGE_DISTANCE: f32 = 15.0;
/// ... sampled on strips from this share of the pitch off the board's side to the next.
const PAGE_STRIP: (f32, f32) = (0.05, 0.25);

/// The colours of the page just beyond each side of the lattice's board (see [`PAGE_STRIP`]):
/// each side's strip's fill, for the sides within the image.
fn page_colours(lattice: &Lattice, colours: &Colours) -> Vec<Colour> {
    let b = lattice.board_box();
    let pitch = lattice.px.min(lattice.py);
    let (near, far) = (PAGE_STRIP.0 * pitch, PAGE_STRIP.1 * pitch);
    [
        Rect::new(b.left, b.top - far, b.right, b.top - near),
        Rect::new(b.left, b.bottom + near, b.right, b.bottom + far),
        Rect::new(b.left - far, b.top, b.left - near, b.bottom),
        Rect::new(b.right + near, b.top, b.right + far, b.bottom),
    ]
    .into_iter()
    .filter_map(|strip| colours.fill(strip, None))
    .collect()
}

/// Whether `fill` is like one of the board's `tiles` (within [`TILE_FILL_DISTANCE`] of its fill).
fn is_like_a_tile(fill: Colour, tiles: &[Colour]) -> bool {
    tiles
        .iter()
        .any(|&tile| fill::distance(fill, tile) <= TILE_FILL_DISTANCE)
}

/// The fills of the letter cells off `line`: the tiles a line of the lattice is told by.
fn letter_fills_off(kinds: &[CellKind], fills: &CellFills, line: &[usize]) -> Vec<Colour> {
    (0..kinds.len())
        .filter(|&i| kinds[i] == CellKind::Letter && !line.contains(&i))
        .filter_map(|i| fills.get(i))
        .collect()
}

/// The colour between the board's tiles: the per-channel median of the fills of strips on the
/// lines between letter cells side by side (see [`seam_fills`]); `None` when there are none.
fn gap_colour(lattice: &Lattice, kinds: &[CellKind], colours: &Colours) -> Option<Colour> {
    fill::median(&seam_fills(lattice, kinds, colours))
}

/// The board's seams show the ground between its tiles as one colour when at least this share
/// of them lie within [`HOLE_GAP_DISTANCE`] of their median (see [`uniform_ground`]).
const UNIFORM_GROUND_SHARE: f32 = 0.8;

/// The ground between the board's tiles where it shows as one colour on the seams between its
/// letter cells (see [`UNIFORM_GROUND_SHARE`]): the median of their fills; `None` where there
/// is no seam, or where the seams show tiles of several colours (tiles that touch, as
/// Letterpress's do, whose median is a blend of their colours that no seam shows).
fn uniform_ground(lattice: &Lattice, kinds: &[CellKind], colours: &Colours) -> Option<Colour> {
    let seams = seam_fills(lattice, kinds, colours);
    let gap = fill::median(&seams)?;
    let ground = seams.iter().filter(|&&s| is_ground(s, gap)).count();
    (ground as f32 >= UNIFORM_GROUND_SHARE * seams.len() as f32).then_some(gap)
}

/// The fills of strips on the lines between letter cells side by side (left and right, above
/// and below), off the lattice's edge lines (see [`seam_strip`]).
fn seam_fills(lattice: &Lattice, kinds: &[CellKind], colours: &Colours) -> Vec<Colour> {
    let (rows, cols) = (lattice.rows, lattice.cols);
    let inner = inner_cells(lattice);
    let letter = |r: usize, c: usize| kinds[r * cols + c] == CellKind::Letter;
    let mut seams = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !letter(r, c) || !inner[r * cols + c] {
                continue;
            }
            let (x, y) = lattice.centre(r, c);
            let mut strips = Vec::new();
            if c + 1 < cols && letter(r, c + 1) {
                strips.push(seam_strip(lattice, x + lattice.px / 2.0, y, true));
            }
            if r + 1 < rows && letter(r + 1, c) {
                strips.push(seam_strip(lattice, x, y + lattice.py / 2.0, false));
            }
            seams.extend(
                strips
                    .into_iter()
                    .filter_map(|strip| colours.fill(strip, None)),
            );
        }
    }
    seams
}

/// The strip the colour between two neighbouring cells is sampled on, centred on the point
/// (`x`, `y`) of the line between them ([`GAP_STRIP_WIDTH`] of the pitch across that line,
/// [`GAP_STRIP_LENGTH`] along it): the line runs down between cells side by side (`beside`),
/// else across between cells one above the other.
fn seam_strip(lattice: &Lattice, x: f32, y: f32, beside: bool) -> Rect {
    let (across, along) = (GAP_STRIP_WIDTH / 2.0, GAP_STRIP_LENGTH / 2.0);
    let (hx, hy) = if beside {
        (across, along)
    } else {
        (along, across)
    };
    Rect::new(
        x - hx * lattice.px,
        y - hy * lattice.py,
        x + hx * lattice.px,
        y + hy * lattice.py,
    )
}

/// Whether a cell's fill `c` is the ground's rather than a tile's: farther than
/// [`TILE_FILL_DISTANCE`] from every one of the board's `tiles`' fills and [`GROUND_NEARER`]
/// times nearer one of the `ground`'s (the holes').
fn is_ground_fill(c: Colour, tiles: &[Colour], ground: &[Colour]) -> bool {
    let nearest = |to: &[Colour]| {
        to.iter()
            .map(|&o| fill::distance(c, o))
            .fold(f32::INFINITY, f32::min)
    };
    let (to_tiles, to_ground) = (nearest(tiles), nearest(ground));
    to_tiles.is_finite() && to_tiles > TILE_FILL_DISTANCE && GROUND_NEARER * to_ground < to_tiles
}

/// The part of the lattice that is the board when a line across it holds no tile and the part
/// beyond that line is not the board's: (rows, columns) to keep; `None` when there is none.
///
/// A board's tiles are one piece: a shaped board (Word Hunt) has holes, but never a whole row
/// or column of them, which would split it in two. So a line across the lattice whose every
/// cell is a hole or print on the ground (see [`is_ground_fill`]: an icon, a label) parts the
/// board from other print that lines up with it: an advert under it that shows letters on tiles
/// of its own (a game's own advert under a Wordament board: `SNAP` in white on blue tiles), a
/// panel of text. The part with fewer letters is not the board when most of its inked cells
/// do not look like the board's tiles (see [`unlike_tiles`]) or are not of their colours (see
/// [`is_like_a_tile`]: an advert's letters on tiles of its own look like tiles with letters); the
/// other part is kept, the line left out. A board whose middle row a banner covers is not parted: its covered tiles are junk
/// on the banner's fill, or holes, but the tiles beyond them still look like the board's.
fn detached_part(
    lattice: &Lattice,
    kinds: &[CellKind],
    unlike: &[bool],
    fills: &CellFills,
) -> Option<(Range<usize>, Range<usize>)> {
    if !kinds.contains(&CellKind::Empty) {
        return None;
    }
    let (rows, cols) = (lattice.rows, lattice.cols);
    let fills_of = |keep: &dyn Fn(usize) -> bool| -> Vec<Colour> {
        (0..kinds.len())
            .filter(|&i| keep(i))
            .filter_map(|i| fills.get(i))
            .collect()
    };
    let ground = fills_of(&|i| kinds[i] == CellKind::Empty);
    let inner = inner_cells(lattice);
    let tiles = fills_of(&|i| kinds[i] == CellKind::Letter && inner[i]);
    let tileless = |i: usize| {
        kinds[i] == CellKind::Empty
            || fills
                .get(i)
                .is_some_and(|c| is_ground_fill(c, &tiles, &ground))
    };
    let in_part = |part: &dyn Fn(usize) -> bool| {
        let cells: Vec<usize> = (0..kinds.len()).filter(|&i| part(i)).collect();
        let letters = cells
            .iter()
            .filter(|&&i| kinds[i] == CellKind::Letter)
            .count();
        let inked: Vec<usize> = cells
            .into_iter()
            .filter(|&i| kinds[i] != CellKind::Empty)
            .collect();
        let unlike_tile = |i: usize| {
            unlike[i]
                || fills
                    .get(i)
                    .is_some_and(|fill| !is_like_a_tile(fill, &tiles))
        };
        let unlike_board = 2 * inked.iter().filter(|&&i| unlike_tile(i)).count() > inked.len();
        (letters, unlike_board)
    };
    for (along_rows, lines) in [(true, rows), (false, cols)] {
        let index = |i: usize| if along_rows { i / cols } else { i % cols };
        for k in 1..lines.saturating_sub(1) {
            if !(0..kinds.len()).filter(|&i| index(i) == k).all(tileless) {
                continue;
            }
            let (before, after) = (in_part(&|i| index(i) < k), in_part(&|i| index(i) > k));
            let keep = if before.0 < after.0 && before.1 {
                k + 1..lines
            } else if after.0 < before.0 && after.1 {
                0..k
            } else {
                continue;
            };
            return Some(if along_rows {
                (keep, 0..cols)
            } else {
                (0..rows, keep)
            });
        }
    }
    None
}

/// Keeps the `rows` and `cols` of a lattice (its texts, the cells marked covered, and its origin
/// follow).
fn crop(lattice: &mut Lattice, rows: Range<usize>, cols: Range<usize>) {
    let old_cols = lattice.cols;
    let kept: Vec<usize> = rows
        .clone()
        .flat_map(|r| cols.clone().map(move |c| r * old_cols + c))
        .collect();
    lattice.cells = kept.iter().map(|&i| lattice.cells[i]).collect();
    if !lattice.covered.is_empty() {
        lattice.covered = kept.iter().map(|&i| lattice.covered[i]).collect();
    }
    lattice.x0 += cols.start as f32 * lattice.px;
    lattice.y0 += rows.start as f32 * lattice.py;
    (lattice.rows, lattice.cols) = (rows.len(), cols.len());
}

/// For each cell of a lattice, row-major, whether it lies inside its edge lines (neither in its
/// first or last row nor in its first or last column): the part of the lattice that is the
/// board's, whatever print beside the board the lattice took in along its edges.
fn inner_cells(lattice: &Lattice) -> Vec<bool> {
    let (rows, cols) = (lattice.rows, lattice.cols);
    (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            r > 0 && r + 1 < rows && c > 0 && c + 1 < cols
        })
        .collect()
}

/// A cell's fill is unlike the board's tiles' when it is farther than this (in RGB levels) from
/// every one of them ...
pub(crate) const TILE_FILL_DISTANCE: f32 = 60.0;
/// ... and this many times nearer the ground's (the holes') than theirs.
const GROUND_NEARER: f32 = 2.0;

/// A board prints its letters in both polarities when at least this share of the letters on
/// tiles inside the lattice's edge lines are of the polarity other than most's ...
const BOTH_POLARITIES_SHARE: f32 = 0.2;
/// ... at least this many, in at least this many rows and as many columns.
const BOTH_POLARITIES_FEWEST: usize = 2;

/// Whether the board prints letters in both polarities: Letterpress prints dark letters on its
/// light tiles and light ones on its dark tiles (see [`BOTH_POLARITIES_SHARE`]). Judged on the
/// letters inside the lattice's edge lines (see [`inner_cells`]) on cells that look like the
/// board's tiles (`unlike`, see [`unlike_tiles`]): a lattice not yet trimmed may hold two lines
/// of panels above the board, whose text is of the other polarity, on the panels' own fills.
fn prints_both_polarities(
    lattice: &Lattice,
    polarities: &Polarities,
    kinds: &[CellKind],
    unlike: &[bool],
) -> bool {
    let inner = inner_cells(lattice);
    let on_tiles = (0..kinds.len()).filter(|&i| inner[i] && !unlike[i]);
    let letters: Vec<usize> = on_tiles.filter(|&i| kinds[i] == CellKind::Letter).collect();
    let other: Vec<usize> = letters
        .iter()
        .copied()
        .filter(|&i| polarities.cell_is_dark(lattice, i) == Some(!lattice.dark))
        .collect();
    let lines = |of: fn(usize, usize) -> usize| {
        let mut lines: Vec<usize> = other.iter().map(|&i| of(i, lattice.cols)).collect();
        lines.sort_unstable();
        lines.dedup();
        lines.len()
    };
    other.len() >= BOTH_POLARITIES_FEWEST
        && other.len() as f32 >= BOTH_POLARITIES_SHARE * letters.len() as f32
        && lines(|i, cols| i / cols) >= BOTH_POLARITIES_FEWEST
        && lines(|i, cols| i % cols) >= BOTH_POLARITIES_FEWEST
}

/// Whether most of the lattice's texts are of several glyphs: a board whose tiles each print two
/// letters (Wordament's either/or tiles, `D/M`, on every tile of a themed board), where several
/// glyphs are no sign of other text.
fn prints_several_glyphs(lattice: &Lattice) -> bool {
    let texts = lattice.cells.iter().flatten();
    let several = texts.clone().filter(|b| b.parts > 1).count();
    2 * several > texts.count()
}

/// Whether an edge line of the lattice is a line of panels or boxes lined up with the board (stat
/// boxes as wide as the tiles under it, a title bar) rather than a line of tiles, from its
/// `letters` (cells with letter-sized text), `unlike_text` (those whose text is not like the
/// board's letters: several glyphs such as `12` or `2X`, or the other polarity on a board printed
/// in one), `inked` (cells with any ink) and `unlike_looks` (those that do not look like the
/// board's tiles).
///
/// Most of its text is unlike the board's letters and most of its cells unlike its tiles; when
/// none of its text is like the board's letters (a title bar: an icon, a title of several words,
/// light print on a dark bar), half of its cells unlike the board's tiles is enough.
fn is_panel_line(letters: usize, unlike_text: usize, inked: usize, unlike_looks: usize) -> bool {
    if unlike_text == letters && letters > 0 {
        2 * unlike_looks >= inked
    } else {
        2 * unlike_text > letters && 2 * unlike_looks > inked
    }
}

/// Side of the grid of samples that a cell's look is compared on.
const LOOK_SIDE: usize = 16;

/// For each cell, whether it looks unlike the board's tiles. A cell's look is its grey levels on a
/// [`LOOK_SIDE`]-square grid over one pitch around its centre, with its text box left out and its
/// own median level taken off (tiles of one board come in several shades: Letterpress colours,
/// a highlighted path); the board's look is the per-sample median over the cells with a letter.
/// A cell is unlike when its look differs from the board's by more than
/// [`UNLIKE_TILE`] times the board's own contrast (at least [`LOOK_CONTRAST_FLOOR`] levels):
/// a panel's edge, a label under a number or a bar where a tile's face or gap should be.
fn unlike_tiles(lattice: &Lattice, gray: &GrayImage, kinds: &[CellKind]) -> Vec<bool> {
    let looks: Vec<Vec<Option<f32>>> = (0..lattice.cells.len())
        .map(|i| cell_look(lattice, gray, i))
        .collect();
    let board: Vec<f32> = (0..LOOK_SIDE * LOOK_SIDE)
        .map(|k| {
            median(
                looks
                    .iter()
                    .zip(kinds)
                    .filter(|(_, kind)| **kind == CellKind::Letter)
                    .filter_map(|(look, _)| look[k])
                    .collect(),
            )
        })
        .collect();
    let contrast =
        (board.iter().map(|v| v.abs()).sum::<f32>() / board.len() as f32).max(LOOK_CONTRAST_FLOOR);
    looks
        .iter()
        .map(|look| {
            let d = look_distance(look, &board);
            d > UNLIKE_TILE * contrast
        })
        .collect()
}

/// The mean absolute difference between a cell's look and the board's, at the best of the
/// shifts by up to one sample each way (the fitted lattice may be off by a few pixels at the
/// board's edge).
fn look_distance(look: &[Option<f32>], board: &[f32]) -> f32 {
    let n = LOOK_SIDE as i32;
    let mut best = f32::INFINITY;
    for (sx, sy) in (-1..=1).flat_map(|sy| (-1..=1).map(move |sx| (sx, sy))) {
        let (mut sum, mut count) = (0.0, 0);
        for y in 1..n - 1 {
            for x in 1..n - 1 {
                let Some(v) = look[((y + sy) * n + x + sx) as usize] else {
                    continue;
                };
                sum += (v - board[(y * n + x) as usize]).abs();
                count += 1;
            }
        }
        if count > 0 {
            best = best.min(sum / count as f32);
        }
    }
    best
}

/// How far (in units of the board's contrast) a cell's look may stray from the board's.
const UNLIKE_TILE: f32 = 0.4;
/// The least contrast a board's look is taken to have (grey levels), so that flat gapless tiles
/// are not told apart by noise.
const LOOK_CONTRAST_FLOOR: f32 = 12.0;

/// A cell's look: grey levels (less their median) on a grid over one pitch around its centre;
/// `None` where the sample falls in the cell's text box (widened a little) or off the image.
fn cell_look(lattice: &Lattice, gray: &GrayImage, i: usize) -> Vec<Option<f32>> {
    let (w, h) = gray.dimensions();
    let raw = gray.as_raw();
    let (cx, cy) = lattice.centre(i / lattice.cols, i % lattice.cols);
    let text = lattice.cells[i].map(|b| {
        let m = LOOK_TEXT_MARGIN * lattice.px.min(lattice.py);
        (
            b.x0 as f32 - m,
            b.y0 as f32 - m,
            b.x1 as f32 + m,
            b.y1 as f32 + m,
        )
    });
    let step = |p: f32, k: usize| (k as f32 + 0.5) / LOOK_SIDE as f32 * p - p / 2.0;
    let mut look: Vec<Option<f32>> = (0..LOOK_SIDE * LOOK_SIDE)
        .map(|k| {
            let (x, y) = (
                cx + step(lattice.px, k % LOOK_SIDE),
                cy + step(lattice.py, k / LOOK_SIDE),
            );
            let in_text = text.is_some_and(|(l, t, r, b)| x >= l && x < r && y >= t && y < b);
            if in_text || x < 1.0 || y < 1.0 || x >= (w - 1) as f32 || y >= (h - 1) as f32 {
                return None;
            }
            let (x, y) = (x as usize, y as usize);
            let sum: u32 = (y - 1..=y + 1)
                .map(|y| {
                    let at = y * w as usize + x;
                    raw[at - 1..=at + 1].iter().map(|&v| v as u32).sum::<u32>()
                })
                .sum();
            Some(sum as f32 / 9.0)
        })
        .collect();
    let level = median(look.iter().flatten().copied().collect());
    for v in look.iter_mut().flatten() {
        *v -= level;
    }
    look
}

/// Whether cell `i` holds a letter, nothing, or other ink (its central part is checked in both
/// ink masks).
fn cell_kind(lattice: &Lattice, masks: &InkMasks, i: usize) -> CellKind {
    if let Some(b) = lattice.cells[i] {
        // Other text (a timer, a score) is of another size or wider than a tile; a letter may be
        // turned a quarter (a die in a photo), or reach below the line (`J`, `Q` in some faces).
        let (w, h) = (b.width() as f32, b.height() as f32);
        let g = lattice.glyph_height;
        let upright = (CELL_LETTER_MIN * g..=UPRIGHT_MAX * g).contains(&h);
        let turned = (CELL_LETTER_MIN * g..=TURNED_MAX * g).contains(&w) && h <= TURNED_MAX * g;
        if (upright || turned) && w < LETTER_MAX_WIDTH * lattice.px {
            return CellKind::Letter;
        }
        // Special tiles print their longer text smaller (`-ED`, `U/L`, `QU`), centred.
        let (cx, cy) = lattice.centre(i / lattice.cols, i % lattice.cols);
        let centred = (b.cx() - cx).abs() < SMALL_PRINT_CENTRED * lattice.px
            && (b.cy() - cy).abs() < SMALL_PRINT_CENTRED * lattice.py;
        let smaller = (SMALL_PRINT_MIN_HEIGHT * g..CELL_LETTER_MIN * g).contains(&h)
            && w > h
            && w < SMALL_PRINT_MAX_WIDTH * lattice.px;
        if centred && smaller {
            return CellKind::Letter;
        }
        return CellKind::Junk;
    }
    let central = lattice
        .cell_box(i / lattice.cols, i % lattice.cols)
        .inset_share(EMPTY_CELL_INSET);
    let ink = central.ink_share(&masks.dark) + central.ink_share(&masks.light);
    if ink > EMPTY_CELL_MAX_INK {
        CellKind::Junk
    } else {
        CellKind::Empty
    }
}

/// The most common nearest-neighbour distance along one axis (x when `horizontal`), if at least
/// three pairs agree on it.
fn pitch(set: &[Blob], h: f32, reach: f32, horizontal: bool) -> Option<f32> {
    let distances = nearest_distances(set, h, reach, horizontal);
    // Each distance's support, the distances that agree with it (within [`PITCH_AGREEMENT`] of
    // it), counted on a sorted copy: they lie in one run of it (see [`agreeing`]).
    let mut sorted = distances.clone();
    sorted.sort_by(f32::total_cmp);
    best_supported(&distances, |d| agreeing(&sorted, d).len())
}

/// The mean of the `distances` that agree with the best supported one (the most `support`, of
/// equals the longest to a hundredth, of those the last), if at least [`MIN_PITCH_SUPPORT`] do.
fn best_supported(distances: &[f32], support: impl Fn(f32) -> usize) -> Option<f32> {
    let best = distances
        .iter()
        .copied()
        .max_by_key(|&d| (support(d), (d * 100.0) as i64))?;
    if support(best) < MIN_PITCH_SUPPORT {
        return None;
    }
    let close: Vec<f32> = distances
        .iter()
        .copied()
        .filter(|e| (e - best).abs() <= PITCH_AGREEMENT * best)
        .collect();
    Some(close.iter().sum::<f32>() / close.len() as f32)
}

/// For each box of `set` (in order) that has one, the distance along the axis (x when
/// `horizontal`) to the nearest box ahead of it on its line: at most [`SAME_ROW`] of `h` off it
/// across, between [`NEIGHBOUR_MIN`] and `reach` (letter heights: see [`Reach`]) of `h` ahead.
/// The boxes are looked up in buckets of that reach rather than all compared (a page of noise
/// holds tens of thousands).
fn nearest_distances(set: &[Blob], h: f32, reach: f32, horizontal: bool) -> Vec<f32> {
    let axes = Axes(horizontal);
    let buckets = Buckets::new(
        set.iter().map(|b| (axes.along(b), axes.across(b))),
        (reach * h, SAME_ROW * h),
    );
    set.iter()
        .filter_map(|a| {
            let near = buckets.around((axes.along(a), axes.across(a)), (0, 1), (1, 1));
            nearest_ahead(a, near.map(|j| &set[j]), h, reach, axes)
        })
        .collect()
}

/// Which axis a pitch is measured along: x when `.0` (horizontal).
#[derive(Clone, Copy)]
struct Axes(bool);

impl Axes {
    /// The centre of `b` along the axis.
    fn along(self, b: &Blob) -> f32 {
        if self.0 { b.cx() } else { b.cy() }
    }

    /// The centre of `b` across the axis.
    fn across(self, b: &Blob) -> f32 {
        if self.0 { b.cy() } else { b.cx() }
    }
}

/// The distance along `axes` from `a` to the nearest of `candidates` ahead of it on its line (see
/// [`nearest_distances`]), if any.
fn nearest_ahead<'a>(
    a: &Blob,
    candidates: impl Iterator<Item = &'a Blob>,
    h: f32,
    reach: f32,
    axes: Axes,
) -> Option<f32> {
    let nearest = candidates
        .filter(|b| (axes.across(b) - axes.across(a)).abs() < SAME_ROW * h)
        .map(|b| axes.along(b) - axes.along(a))
        .filter(|&d| d > NEIGHBOUR_MIN * h && d < reach * h)
        .fold(f32::INFINITY, f32::min);
    nearest.is_finite().then_some(nearest)
}

/// The run of `sorted` (ascending) within [`PITCH_AGREEMENT`] of `d` (`|e - d| <= 0.1 d` as
/// computed, which holds on one run of a sorted list: the computed difference grows with `e`).
fn agreeing(sorted: &[f32], d: f32) -> &[f32] {
    let agrees = |e: f32| (e - d).abs() <= PITCH_AGREEMENT * d;
    let start = sorted.partition_point(|&e| e < d && !agrees(e));
    let end = sorted.partition_point(|&e| e < d || agrees(e));
    &sorted[start..end.max(start)]
}

/// Points (two coordinates each) by square-ish buckets of a given size, to find the points near
/// one without comparing it with all of them.
struct Buckets {
    /// The bucket sides along each coordinate.
    side: (f32, f32),
    /// The points' indices by bucket.
    by_bucket: HashMap<(i64, i64), Vec<usize>>,
}

impl Buckets {
    /// `points` in buckets of `side` (each side more than 0).
    fn new(points: impl Iterator<Item = (f32, f32)>, side: (f32, f32)) -> Buckets {
        let mut buckets = Buckets {
            side,
            by_bucket: HashMap::default(),
        };
        for (i, p) in points.enumerate() {
            let key = buckets.key(p);
            buckets.by_bucket.entry(key).or_default().push(i);
        }
        buckets
    }

    /// The bucket of point `p`.
    fn key(&self, (u, v): (f32, f32)) -> (i64, i64) {
        (
            (u / self.side.0).floor() as i64,
            (v / self.side.1).floor() as i64,
        )
    }

    /// The indices of the points in the buckets from `back` buckets before `p`'s to `ahead`
    /// after it, along each coordinate, widened by one bucket each way (a point on a bucket's
    /// edge), in no particular order.
    fn around(
        &self,
        p: (f32, f32),
        back: (i64, i64),
        ahead: (i64, i64),
    ) -> impl Iterator<Item = usize> + '_ {
        let (ku, kv) = self.key(p);
        let us = ku - back.0 - 1..=ku + ahead.0 + 1;
        us.flat_map(move |u| (kv - back.1 - 1..=kv + ahead.1 + 1).map(move |v| (u, v)))
            .filter_map(|key| self.by_bucket.get(&key))
            .flatten()
            .copied()
    }
}

/// Snaps boxes to a lattice with the estimated pitches and keeps the largest connected block.
fn fit(set: &[Blob], h: f32, reach: f32, dark: bool) -> Option<Lattice> {
    let (px, py) = tile_pitches(set, h, reach)?;
    let anchor = anchor(set, px, py)?;
    let block = connected_block(&snap(set, anchor, px, py));
    let (rows, cols, cells) = cell_grid(&block)?;
    if !looks_like_letters(&cells) {
        return None;
    }
    // Refine the origin and pitches by least squares over the snapped centres.
    let points: Vec<(f32, f32, f32, f32)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|(b, _)| ((i % cols) as f32, (i / cols) as f32, b.cx(), b.cy())))
        .collect();
    let (x0, px) = line_fit(points.iter().map(|p| (p.0, p.2)), px);
    let (y0, py) = line_fit(points.iter().map(|p| (p.1, p.3)), py);
    let glyph_height = median(
        cells
            .iter()
            .flatten()
            .map(|(b, _)| b.height() as f32)
            .collect(),
    );
    Some(Lattice {
        rows,
        cols,
        x0,
        y0,
        px,
        py,
        glyph_height,
        dark,
        cells: cells.into_iter().map(|c| c.map(|(b, _)| b)).collect(),
        score: 0.0,
        holes: Vec::new(),
        covered: Vec::new(),
    })
}

/// The horizontal and vertical pitches of `h`-high boxes, when they fit tiles: about square,
/// and wide enough for letters of that height.
fn tile_pitches(set: &[Blob], h: f32, reach: f32) -> Option<(f32, f32)> {
    let px = pitch(set, h, reach, true)?;
    let py = pitch(set, h, reach, false)?;
    // Letters take at most about two thirds of a tile; taller "letters" on a lattice are the
    // strips between tiles (light tiles on a darker board look like rows of `I`s). Tiles are
    // square, give or take a photo's perspective: rows 1.5 times closer than columns are the
    // shadows under the tiles taken for a row of letters between the rows.
    if px / py > MAX_PITCH_RATIO
        || py / px > MAX_PITCH_RATIO
        || h > LETTER_MAX_OF_PITCH * px.min(py)
    {
        return None;
    }
    Some((px, py))
}

/// The box with the most boxes around it one pitch away (within a fifth of a pitch); of equals,
/// the last. The boxes around each are looked up in buckets a pitch wide (see [`Buckets`]).
fn anchor(set: &[Blob], px: f32, py: f32) -> Option<Blob> {
    let buckets = Buckets::new(set.iter().map(|b| (b.cx(), b.cy())), (px, py));
    let neighbours = |a: &Blob| {
        buckets
            .around((a.cx(), a.cy()), (1, 1), (1, 1))
            .filter(|&j| one_pitch_away(a, &set[j], (px, py)))
            .count()
    };
    set.iter().max_by_key(|a| neighbours(a)).copied()
}

/// Whether `b` lies one pitch (`px`, `py`) from `a` across, down or both, within
/// [`ANCHOR_TOLERANCE`] of a pitch.
fn one_pitch_away(a: &Blob, b: &Blob, (px, py): (f32, f32)) -> bool {
    let (dx, dy) = ((b.cx() - a.cx()) / px, (b.cy() - a.cy()) / py);
    let (rx, ry) = (dx.round(), dy.round());
    (rx != 0.0 || ry != 0.0)
        && rx.abs() <= 1.0
        && ry.abs() <= 1.0
        && (dx - rx).abs() < ANCHOR_TOLERANCE
        && (dy - ry).abs() < ANCHOR_TOLERANCE
}

/// The boxes whose centres lie near a lattice point (within [`SNAP_TOLERANCE`]) counted from the
/// anchor: (column, row, box, distance from the point in pitches).
fn snap(set: &[Blob], anchor: Blob, px: f32, py: f32) -> Vec<(i32, i32, Blob, f32)> {
    let mut snapped: Vec<(i32, i32, Blob, f32)> = Vec::new();
    for b in set {
        let (dx, dy) = ((b.cx() - anchor.cx()) / px, (b.cy() - anchor.cy()) / py);
        let (rx, ry) = (dx.round(), dy.round());
        let err = (dx - rx).abs().max((dy - ry).abs());
        if err < SNAP_TOLERANCE {
            snapped.push((rx as i32, ry as i32, *b, err));
        }
    }
    snapped
}

/// Each cell's box, with its distance from the cell's lattice point in pitches, row-major.
type SnappedCells = Vec<Option<(Blob, f32)>>;

/// The snapped block as rows, columns and each cell's box (the one nearest its lattice point,
/// with that distance), row-major; `None` when the block's sides are not a board's. One line
/// short of a board on one side is kept: a row under a cover may complete it (a notification
/// banner over a 4x4 board's first row; see [`take_in_covered_rows`]), or a column the image's
/// edge cuts (a crop through a 4x4 board's column, which left too little of its letters to line
/// up; see [`take_in_cut_columns`]), and [`find_lattice`] refuses it when none does.
fn cell_grid(block: &[(i32, i32, Blob, f32)]) -> Option<(usize, usize, SnappedCells)> {
    let (min_c, max_c) = (
        block.iter().map(|s| s.0).min()?,
        block.iter().map(|s| s.0).max()?,
    );
    let (min_r, max_r) = (
        block.iter().map(|s| s.1).min()?,
        block.iter().map(|s| s.1).max()?,
    );
    let (cols, rows) = ((max_c - min_c + 1) as usize, (max_r - min_r + 1) as usize);
    let sides = MIN_SIDE - 1..=MAX_SIDE;
    if !sides.contains(&cols) || !sides.contains(&rows) || rows.max(cols) < MIN_SIDE {
        return None;
    }
    let mut cells: SnappedCells = vec![None; rows * cols];
    for &(c, r, b, err) in block {
        let i = (r - min_r) as usize * cols + (c - min_c) as usize;
        if cells[i].is_none_or(|(_, e)| err < e) {
            cells[i] = Some((b, err));
        }
    }
    Some((rows, cols, cells))
}

/// Whether the boxes on a lattice look like a board's letters: at least [`MIN_LETTERS`] of
/// them, and not mostly thin bars or mostly wide boxes.
fn looks_like_letters(cells: &[Option<(Blob, f32)>]) -> bool {
    let filled = cells.iter().filter(|c| c.is_some()).count();
    let count = |shape: fn(f32, f32) -> bool| {
        cells
            .iter()
            .flatten()
            .filter(|(b, _)| shape(b.width() as f32, b.height() as f32))
            .count()
    };
    // Boards have few `I`s: a lattice of mostly thin bars is the strips between tiles.
    let bars = count(|w, h| w < BAR_MAX_ASPECT * h);
    // Few tiles hold long text (`-ING`, `OVER-`): a lattice of mostly wide boxes is the shading
    // or shadows along the tiles' edges.
    let wide = count(|w, h| w > WIDE_MIN_ASPECT * h);
    filled >= MIN_LETTERS && bars * 2 <= filled && wide * 2 <= filled
}

/// Keeps the snapped boxes connected (through lattice steps of at most two, to bridge holes) to
/// the largest group.
fn connected_block(snapped: &[(i32, i32, Blob, f32)]) -> Vec<(i32, i32, Blob, f32)> {
    // The boxes by lattice point, to find those within reach of one without comparing it with
    // every other.
    let mut at: HashMap<(i32, i32), Vec<usize>> = HashMap::default();
    for (i, s) in snapped.iter().enumerate() {
        at.entry((s.0, s.1)).or_default().push(i);
    }
    largest_group(snapped, |i, visit| {
        let (c, r) = (snapped[i].0, snapped[i].1);
        for dc in -MAX_LATTICE_STEP..=MAX_LATTICE_STEP {
            for dr in -MAX_LATTICE_STEP..=MAX_LATTICE_STEP {
                at.get(&(c + dc, r + dr))
                    .into_iter()
                    .flatten()
                    .for_each(|&j| visit(j));
            }
        }
    })
}

/// The largest group of `snapped` joined through `near` (which calls its visitor with every
/// box within [`MAX_LATTICE_STEP`] of box `i`, itself included or not), in order; of groups as
/// large, the one whose first box comes first.
fn largest_group(
    snapped: &[(i32, i32, Blob, f32)],
    near: impl Fn(usize, &mut dyn FnMut(usize)),
) -> Vec<(i32, i32, Blob, f32)> {
    let n = snapped.len();
    let mut group = vec![usize::MAX; n];
    let mut best: (usize, usize) = (0, 0);
    for start in 0..n {
        if group[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        group[start] = start;
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            near(i, &mut |j| {
                if group[j] == usize::MAX {
                    group[j] = start;
                    stack.push(j);
                }
            });
        }
        if size > best.1 {
            best = (start, size);
        }
    }
    snapped
        .iter()
        .zip(&group)
        .filter(|(_, g)| **g == best.0)
        .map(|(s, _)| *s)
        .collect()
}

/// Least-squares `value = origin + index * pitch`; falls back to the given pitch with one index.
fn line_fit(points: impl Iterator<Item = (f32, f32)>, pitch: f32) -> (f32, f32) {
    let pts: Vec<(f32, f32)> = points.collect();
    let n = pts.len() as f32;
    let (mi, mv) = (
        pts.iter().map(|p| p.0).sum::<f32>() / n,
        pts.iter().map(|p| p.1).sum::<f32>() / n,
    );
    let var: f32 = pts.iter().map(|p| (p.0 - mi).powi(2)).sum();
    let slope = if var > 0.0 {
        pts.iter().map(|p| (p.0 - mi) * (p.1 - mv)).sum::<f32>() / var
    } else {
        pitch
    };
    (mv - slope * mi, slope)
}

/// The pixels of `area` (cut to the image; at least one pixel).
fn pixels_in(gray: &GrayImage, area: Rect) -> PixelBox {
    let Rect {
        left: l,
        top: t,
        right: r,
        bottom: b,
    } = area;
    let (w, h) = gray.dimensions();
    let (x0, y0) = (
        (l.max(0.0) as u32).min(w - 1),
        (t.max(0.0) as u32).min(h - 1),
    );
    let (x1, y1) = (
        (r.max(0.0) as u32).clamp(x0 + 1, w),
        (b.max(0.0) as u32).clamp(y0 + 1, h),
    );
    PixelBox::new(x0, y0, x1, y1)
}

/// Whether the texts of cells are darker than their tiles, each measured once per image: the
/// lattices tried for one image share most of their cells, and trimming a lattice asks again
/// after each cut (measuring took most of the lattice search's time). Kept by the pixels
/// measured (see [`Lattice::polarity_boxes`]), so a cell of another lattice on the same pixels
/// is the same cell.
struct Polarities<'a> {
    gray: &'a GrayImage,
    known: RefCell<HashMap<(PixelBox, PixelBox), bool>>,
}

impl<'a> Polarities<'a> {
    /// None measured yet, in `gray`.
    fn new(gray: &'a GrayImage) -> Self {
        Polarities {
            gray,
            known: RefCell::new(HashMap::default()),
        }
    }

    /// Whether most of a lattice's letters are darker than their tiles (a vote of its cells).
    fn lattice_is_dark(&self, lattice: &Lattice) -> bool {
        let votes: i32 = (0..lattice.cells.len())
            .filter_map(|i| self.cell_is_dark(lattice, i))
            .map(|dark| if dark { 1 } else { -1 })
            .sum();
        votes > 0
    }

    /// Whether the text in cell `i` is darker than the cell around it: the text box's extreme
    /// pixels against the cell's median (its background); `None` for a cell with no text.
    fn cell_is_dark(&self, lattice: &Lattice, i: usize) -> Option<bool> {
        let (cell, text) = lattice.polarity_boxes(self.gray, i)?;
        if let Some(&dark) = self.known.borrow().get(&(cell, text)) {
            return Some(dark);
        }
        let background = Levels::in_image(self.gray, cell).median() as f32;
        let ink = Levels::in_image(self.gray, text);
        let (low, high) = (
            ink.quantile(TEXT_EXTREME) as f32,
            ink.quantile(1.0 - TEXT_EXTREME) as f32,
        );
        let dark = background - low > high - background;
        self.known.borrow_mut().insert((cell, text), dark);
        Some(dark)
    }
}

/// The median of `v` (the upper one of an even count); 0 when it is empty.
pub(crate) fn median(mut v: Vec<f32>) -> f32 {
    v.sort_by(f32::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`pitch`] by its definition: every box compared with every other (each nearest distance
    /// taken as [`pitch`] takes it), each distance's support counted over every distance.
    fn pitch_by_definition(set: &[Blob], h: f32, horizontal: bool) -> Option<f32> {
        let distances: Vec<f32> = set
            .iter()
            .filter_map(|a| nearest_ahead(a, set.iter(), h, NEIGHBOUR_MAX, Axes(horizontal)))
            .collect();
        let support = |d: f32| {
            distances
                .iter()
                .filter(|&&e| (e - d).abs() <= PITCH_AGREEMENT * d)
                .count()
        };
        best_supported(&distances, support)
    }

    /// [`anchor`] by its definition: every box compared with every other.
    fn anchor_by_definition(set: &[Blob], px: f32, py: f32) -> Option<Blob> {
        let neighbours = |a: &Blob| {
            set.iter()
                .filter(|b| one_pitch_away(a, b, (px, py)))
                .count()
        };
        set.iter().max_by_key(|a| neighbours(a)).copied()
    }

    /// [`connected_block`] by its definition: each box joined to every box within
    /// [`MAX_LATTICE_STEP`] lattice steps, found by comparing it with all of them (grouped as
    /// [`connected_block`] groups them).
    fn connected_block_by_definition(
        snapped: &[(i32, i32, Blob, f32)],
    ) -> Vec<(i32, i32, Blob, f32)> {
        largest_group(snapped, |i, visit| {
            for (j, s) in snapped.iter().enumerate() {
                if (snapped[i].0 - s.0).abs() <= MAX_LATTICE_STEP
                    && (snapped[i].1 - s.1).abs() <= MAX_LATTICE_STEP
                {
                    visit(j);
                }
            }
        })
    }

    /// Random boxes of about one height, crowded on a page: some on rows and columns at a
    /// pitch (a board's letters, jittered), the rest anywhere (other print, specks).
    fn glyph_boxes() -> impl Strategy<Value = Vec<Blob>> {
        let on_lattice =
            (0u32..8, 0u32..8, 0u32..6, 0u32..6, 18u32..24).prop_map(|(col, row, jx, jy, h)| {
                let (x, y) = (40 + col * 50 + jx, 30 + row * 48 + jy);
                Blob {
                    x0: x,
                    y0: y,
                    x1: x + h * 2 / 3,
                    y1: y + h,
                    area: h * h / 3,
                    dark: true,
                    parts: 1,
                }
            });
        let anywhere = (0u32..450, 0u32..420, 4u32..30, 12u32..28).prop_map(|(x, y, w, h)| Blob {
            x0: x,
            y0: y,
            x1: x + w,
            y1: y + h,
            area: w * h / 2,
            dark: true,
            parts: 1,
        });
        (
            proptest::collection::vec(on_lattice, 0..60),
            proptest::collection::vec(anywhere, 0..60),
        )
            .prop_map(|(mut a, b)| {
                a.extend(b);
                a
            })
    }

    proptest! {
        /// Looking boxes up in buckets finds the pitch, the anchor and the block that comparing
        /// every pair finds.
        #[test]
        fn bucketed_lattice_search_matches_its_definition(
            set in glyph_boxes(),
            h in 14.0f32..26.0,
            pitches in (40.0f32..60.0, 40.0f32..60.0),
        ) {
            for horizontal in [true, false] {
                prop_assert_eq!(pitch(&set, h, NEIGHBOUR_MAX, horizontal), pitch_by_definition(&set, h, horizontal));
            }
            let (px, py) = pitches;
            let anchor_box = anchor(&set, px, py);
            prop_assert_eq!(anchor_box, anchor_by_definition(&set, px, py));
            if let Some(a) = anchor_box {
                let snapped = snap(&set, a, px, py);
                prop_assert_eq!(connected_block(&snapped), connected_block_by_definition(&snapped));
            }
        }
    }

    /// Paints the box from (`x0`, `y0`) to (`x1`, `y1`) of `img` (right and bottom excluded) in
    /// `colour`.
    fn paint(img: &mut image::RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), colour: [u8; 3]) {
        for y in y0..y1 {
            for x in x0..x1 {
                img.put_pixel(x, y, image::Rgb(colour));
            }
        }
    }

    /// A light image with each box drawn as a dark bar (ink darker than the tiles).
    fn test_image(texts: &[Blob]) -> GrayImage {
        let mut img = GrayImage::from_pixel(600, 600, image::Luma([220]));
        for b in texts {
            for y in b.y0..b.y1 {
                for x in (b.x0 + b.width() / 3)..(b.x1 - b.width() / 3) {
                    img.put_pixel(x, y, image::Luma([20]));
                }
            }
        }
        img
    }

    fn letter(cx: u32, cy: u32) -> Blob {
        Blob {
            x0: cx - 8,
            y0: cy - 12,
            x1: cx + 8,
            y1: cy + 12,
            area: 200,
            dark: true,
            parts: 1,
        }
    }

    #[test]
    fn finds_a_grid_with_holes_among_other_text() {
        let mut texts = Vec::new();
        for r in 0..5u32 {
            for c in 0..5u32 {
                // Word Hunt "O": corners and centre missing.
                let hole = (r == 2 && c == 2) || ((r == 0 || r == 4) && (c == 0 || c == 4));
                if !hole {
                    texts.push(letter(100 + c * 50, 200 + r * 50));
                }
            }
        }
        // A score line far away, and a small timer.
        texts.push(Blob {
            x0: 10,
            y0: 10,
            x1: 120,
            y1: 34,
            area: 900,
            dark: true,
            parts: 1,
        });
        texts.push(Blob {
            x0: 300,
            y0: 20,
            x1: 330,
            y1: 30,
            area: 90,
            dark: true,
            parts: 1,
        });
        let gray = test_image(&texts);
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let image = image::DynamicImage::ImageLuma8(gray.clone());
        let l = find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 5));
        assert!((l.px - 50.0).abs() < 0.5 && (l.x0 - 100.0).abs() < 0.5);
        let holes: Vec<usize> = (0..25).filter(|&i| l.cells[i].is_none()).collect();
        assert_eq!(holes, vec![0, 4, 12, 20, 24]);
    }

    /// The lines seen on real screenshots: a Wordament title bar above the board (a back-arrow
    /// icon, the puzzle's title, a lock icon, all light on dark red; two of its four cells look
    /// like tiles once the icons are left out) is panels; a row of Letterpress tiles with three
    /// owned tiles (light letters) and a Wordament row with one special tile are tiles.
    #[test]
    fn title_bars_and_stat_panels_are_not_tiles() {
        assert!(is_panel_line(3, 3, 4, 2), "title bar");
        assert!(is_panel_line(1, 1, 4, 3), "stat boxes");
        assert!(!is_panel_line(5, 3, 5, 0), "Letterpress row");
        assert!(!is_panel_line(4, 1, 4, 1), "row with a special tile");
        assert!(
            !is_panel_line(4, 4, 4, 1),
            "row of digram tiles on a board of tiles"
        );
    }

    /// Letters on a `rows` x `cols` lattice, 50 pixels apart.
    fn block(rows: u32, cols: u32) -> Vec<Blob> {
        (0..rows * cols)
            .map(|i| letter(150 + (i % cols) * 50, 150 + (i / cols) * 50))
            .collect()
    }

    #[test]
    fn small_letters_far_apart_are_found_with_the_far_reach() {
        // 24 px letters 150 px apart (6.25 letter heights), as a desktop clone's buttons print.
        let texts: Vec<Blob> = (0..16)
            .map(|i| letter(60 + (i % 4) * 150, 60 + (i / 4) * 150))
            .collect();
        let gray = test_image(&texts);
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let image = image::DynamicImage::ImageLuma8(gray.clone());
        let colours = Colours::new(&image, 1.0);
        assert!(find_lattice(&texts, &gray, &masks, &colours).is_err());
        let l = find_lattice_within(&texts, &gray, &masks, &colours, Reach::Far).expect("lattice");
        assert_eq!((l.rows, l.cols), (4, 4));
        assert!((l.px - 150.0).abs() < 0.5);
    }

    #[test]
    fn words_of_a_panel_do_not_stand_alone_on_their_line() {
        // Two board letters far apart, and a line of three words beside them.
        let mut set = vec![letter(60, 60), letter(210, 60)];
        set.extend([400, 430, 460].map(|cx| letter(cx, 60)));
        let alone = standing_alone(&set, 24.0);
        let centres: Vec<f32> = alone.iter().map(Blob::cx).collect();
        assert_eq!(centres, vec![60.0, 210.0]);
    }

    #[test]
    fn a_block_of_three_by_three_tiles_is_not_a_board() {
        // Marketing art and logos show 3x3 blocks of letter tiles; no game is played on them.
        let refused = |texts: &[Blob]| {
            let gray = test_image(texts);
            let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
            let image = image::DynamicImage::ImageLuma8(gray.clone());
            find_lattice(texts, &gray, &masks, &Colours::new(&image, 1.0)).is_err()
        };
        assert!(refused(&block(3, 3)));
        assert!(!refused(&block(4, 4)));
    }

    #[test]
    fn no_lattice_in_a_line_of_text() {
        let texts: Vec<Blob> = (0..12).map(|i| letter(100 + i * 20, 100)).collect();
        let gray = test_image(&texts);
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let image = image::DynamicImage::ImageLuma8(gray.clone());
        assert_eq!(
            find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0))
                .err()
                .map(|refused| refused.reason),
            Some(NoLattice::NotOnLattice)
        );
    }

    #[test]
    fn a_row_of_small_print_special_tiles_is_kept() {
        let mut texts = Vec::new();
        for r in 0..4u32 {
            for c in 0..4u32 {
                let (cx, cy) = (100 + c * 60, 200 + r * 60);
                if r == 3 && (c == 0 || c == 2) {
                    // `-ED`, `U/L`: wider and lower than the board's letters, centred on the tile.
                    texts.push(Blob {
                        x0: cx - 16,
                        y0: cy - 8,
                        x1: cx + 16,
                        y1: cy + 8,
                        area: 300,
                        dark: true,
                        parts: 1,
                    });
                } else {
                    texts.push(letter(cx, cy));
                }
            }
        }
        let gray = test_image(&texts);
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let image = image::DynamicImage::ImageLuma8(gray.clone());
        let l = find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice");
        assert_eq!((l.rows, l.cols), (4, 4));
    }

    /// The lattice is the 4x4 board whose first cell is centred on (100, 100).
    fn assert_4x4_from_100(l: &Lattice) {
        assert_eq!((l.rows, l.cols), (4, 4));
        let (x, y) = l.centre(0, 0);
        assert!(
            (x - 100.0).abs() < 0.5 && (y - 100.0).abs() < 0.5,
            "{x}, {y}"
        );
    }

    /// A 5x5 lattice whose cells hold single glyphs of these heights (row-major).
    fn lattice_of_heights(heights: &[u32]) -> Lattice {
        Lattice {
            rows: 5,
            cols: 5,
            x0: 50.0,
            y0: 50.0,
            px: 40.0,
            py: 40.0,
            glyph_height: 14.0,
            dark: false,
            cells: (0..25)
                .map(|i| {
                    let (cx, cy) = (50 + 40 * (i % 5) as u32, 50 + 40 * (i / 5) as u32);
                    heights.get(i).map(|&h| text(cx, cy, 8, h, false))
                })
                .collect(),
            score: 25.0,
            holes: vec![false; 25],
            covered: Vec::new(),
        }
    }

    #[test]
    fn a_board_of_two_letter_tiles_prints_several_glyphs() {
        let mut l = lattice_of_heights(&[14; 25]);
        assert!(!prints_several_glyphs(&l));
        // A score line's `12` and `0:00` over a board of single letters are few.
        for b in l.cells.iter_mut().take(5).flatten() {
            b.parts = 3;
        }
        assert!(!prints_several_glyphs(&l));
        // Every tile `D/M`: most texts are of several glyphs.
        for b in l.cells.iter_mut().flatten() {
            b.parts = 3;
        }
        assert!(prints_several_glyphs(&l));
    }

    #[test]
    fn the_cells_over_an_image_tile_it_at_the_lattices_pitch_and_phase() {
        let lattice = Lattice {
            rows: 2,
            cols: 2,
            x0: 50.0,
            y0: 60.0,
            px: 40.0,
            py: 30.0,
            ..lattice_of_heights(&[])
        };
        let cells = lattice.cells_over((190.0, 150.0));
        // Columns centred on 10, 50, ... 170 and rows on 0, 30, ... 150: each reaches into the
        // image, and together they cover it.
        assert_eq!(cells.len(), 5 * 6);
        assert!(cells.contains(&lattice.cell_box(1, 1)));
        assert!(cells.contains(&Rect::new(-10.0, -15.0, 30.0, 15.0)));
        assert!(cells.contains(&Rect::new(150.0, 135.0, 190.0, 165.0)));
        for cell in &cells {
            assert!(cell.right > 0.0 && cell.left < 190.0 && cell.bottom > 0.0 && cell.top < 150.0);
        }
    }

    #[test]
    fn a_lattice_mirrored_twice_is_itself_and_its_columns_become_rows() {
        let mut l = lattice_of_heights(&[14, 15, 16, 17, 18, 19]);
        l.rows = 2;
        l.cols = 3;
        l.px = 60.0;
        l.cells.truncate(6);
        l.holes = vec![false, true, false, false, false, false];
        let m = l.mirrored();
        assert_eq!(
            (m.rows, m.cols, m.px, m.py, m.x0, m.y0),
            (3, 2, 40.0, 60.0, 50.0, 50.0)
        );
        // Cell (row 0, column 1) is cell (row 1, column 0) of the mirror, its text mirrored.
        assert_eq!(m.cells[2], l.cells[1].map(|b| b.mirrored()));
        assert!(m.holes[2] && m.covered.is_empty());
        assert_eq!(m.mirrored(), l);
        assert_eq!(
            mirrored_cells(&[1, 2, 3, 4, 5, 6], 2, 3),
            [1, 4, 2, 5, 3, 6]
        );
    }

    #[test]
    fn a_column_is_cut_by_the_edge_when_part_of_it_lies_in_the_image() {
        // Five columns 40 px apart, centres 50..210: the next ones are centred at 10 and 250.
        let l = lattice_of_heights(&[14; 25]);
        assert!(column_cut_by_edge(&l, 245.0, false));
        assert!(!column_cut_by_edge(&l, 235.0, false), "a sliver of it");
        assert!(!column_cut_by_edge(&l, 280.0, false), "all of it inside");
        assert!(column_cut_by_edge(&l, 245.0, true));
        let mut off_the_edge = l.clone();
        off_the_edge.x0 = 20.0;
        assert!(
            !column_cut_by_edge(&off_the_edge, 215.0, true),
            "all of it outside"
        );
    }

    /// A line of five tiles beyond the board, 100 px apart, on green ground (70, 95, 75): yellow
    /// tiles 80 px wide (a swiped word's, highlighted) stand apart like the board's; one yellow
    /// panel as long as the line does not. A row's seams are sampled down between its cells, a
    /// column's across.
    #[test]
    fn a_highlighted_line_of_tiles_is_told_from_a_panel() {
        let (green, yellow) = ([70u8, 95, 75], [245u8, 215, 90]);
        let gap: Colour = green.map(f32::from);
        let fills = vec![Some(yellow.map(f32::from)); 5];
        for down in [false, true] {
            // The line's pixels, (along, across) turned into (x, y) one way or the other.
            let line = |apart: bool| {
                let (w, h) = if down { (300, 500) } else { (500, 300) };
                let image = image::RgbImage::from_fn(w, h, |x, y| {
                    let (along, across) = if down { (y, x) } else { (x, y) };
                    let on_tile = (10..90).contains(&(along % 100)) || !apart;
                    image::Rgb(if (10..90).contains(&across) && on_tile {
                        yellow
                    } else {
                        green
                    })
                });
                image::DynamicImage::ImageRgb8(image)
            };
            let (tiles, panel) = (line(true), line(false));
            let (tiles, panel) = (Colours::new(&tiles, 1.0), Colours::new(&panel, 1.0));
            let mut l = lattice_of_heights(&[14; 25]);
            (l.px, l.py) = (100.0, 100.0);
            let centres: Vec<(f32, f32)> = (0..5)
                .map(|k| {
                    let along = 50.0 + 100.0 * k as f32;
                    if down { (50.0, along) } else { (along, 50.0) }
                })
                .collect();
            assert!(
                shows_tiles_apart(&l, &tiles, gap, &centres, &fills),
                "down {down}"
            );
            assert!(
                !shows_tiles_apart(&l, &panel, gap, &centres, &fills),
                "down {down}"
            );
            if !down {
                (l.x0, l.y0) = (50.0, 150.0);
                assert!(is_highlighted_row(&l, &tiles, gap, 50.0, &fills));
                assert!(!is_highlighted_row(&l, &panel, gap, 50.0, &fills));
            }
            // Cells that show the ground are no tiles.
            let ground = vec![Some(gap); 5];
            assert!(
                !shows_tiles_apart(&l, &tiles, gap, &centres, &ground),
                "down {down}"
            );
        }
    }

    #[test]
    fn a_wide_letters_cell_takes_its_fill_from_the_ring_of_its_tile() {
        // Yellow tiles 80 px wide, 100 px apart, on green; no ink is drawn: the fill leaves out
        // the text box it is given, grown by 6 px.
        let (green, yellow) = ([70u8, 95, 75], [245u8, 215, 90]);
        let image = image::RgbImage::from_fn(500, 500, |x, y| {
            let on_tile = (10..90).contains(&(x % 100)) && (10..90).contains(&(y % 100));
            image::Rgb(if on_tile { yellow } else { green })
        });
        let image = image::DynamicImage::ImageRgb8(image);
        let colours = Colours::new(&image, 1.0);
        let mut l = lattice_of_heights(&[14; 25]);
        (l.px, l.py) = (100.0, 100.0);
        // A narrow letter leaves its tile's middle to sample; a wide one, 44 px of a 100 px
        // pitch, covers it (samples 20-80 px into the cell, the box 22-78 once grown).
        l.cells[0] = Some(text(50, 50, 20, 44, false));
        l.cells[1] = Some(text(150, 50, 44, 44, false));
        let fills = CellFills::new(&l, &colours);
        let yellow = Some(yellow.map(f32::from));
        assert_eq!(fills.get(0), yellow);
        assert_eq!(fills.get(1), yellow);
    }

    #[test]
    fn lower_case_print_is_told_from_capitals() {
        // `inaao lncaz htrtl ftndi amujc` in a console: x-height 11 px, ascenders 14-15 px.
        let console = [
            14, 11, 11, 11, 11, 14, 11, 11, 11, 11, 14, 14, 11, 14, 14, 14, 14, 11, 14, 14, 11, 11,
            11, 15, 11,
        ];
        assert!(is_lower_case(&lattice_of_heights(&console)));
        // Capitals of one height, four of them cut short by a swipe or a banner, unevenly.
        let mut capitals = [14; 25];
        capitals[..4].copy_from_slice(&[6, 8, 9, 11]);
        assert!(!is_lower_case(&lattice_of_heights(&capitals)));
        // More than half cut short (a banner over the board), but to many heights.
        let cut = [
            5, 6, 7, 8, 9, 10, 11, 5, 6, 7, 8, 9, 10, 11, 6, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14,
        ];
        assert!(!is_lower_case(&lattice_of_heights(&cut)));
        // Dice turned every way in a photo: heights spread, few short.
        let dice = [21, 36, 37, 38, 44, 45, 46, 46, 48, 48, 48, 50, 52, 52];
        assert!(!is_lower_case(&lattice_of_heights(&dice)));
        // Too few letters to tell.
        assert!(!is_lower_case(&lattice_of_heights(&console[..7])));
    }

    /// A blob of `w` x `h` pixels centred on a point, of one polarity.
    fn text(cx: u32, cy: u32, w: u32, h: u32, dark: bool) -> Blob {
        Blob {
            x0: cx - w / 2,
            y0: cy - h / 2,
            x1: cx + w / 2,
            y1: cy + h / 2,
            area: w * h / 3,
            dark,
            parts: 1,
        }
    }

    /// A board of `rows` rows of 4 blue tiles with light letters whose first row a light
    /// notification banner covers down to 45% of the row, so that only the lower part of its
    /// letters shows (`cut`: where that part ends; with a `speck` of light ink a little under
    /// it); the texts the glyph search finds.
    fn board_under_a_banner(rows: u32, cut: u32, speck: bool) -> (image::DynamicImage, Vec<Blob>) {
        board_under_a_banner_to(100 - 25 + 22, rows, cut, speck)
    }

    /// As [`board_under_a_banner`], the banner down to `banner_bottom` (the first row's letters
    /// span 88..112).
    fn board_under_a_banner_to(
        banner_bottom: u32,
        rows: u32,
        cut: u32,
        speck: bool,
    ) -> (image::DynamicImage, Vec<Blob>) {
        let (ground, tile, white) = ([200u8, 85, 8], [30u8, 160, 225], [255u8, 255, 255]);
        let mut img = image::RgbImage::from_pixel(400, 420, image::Rgb(ground));
        let centre = |r: u32, c: u32| (100 + c * 50, 100 + r * 50);
        let mut texts = Vec::new();
        for r in 0..rows {
            for c in 0..4 {
                let (cx, cy) = centre(r, c);
                paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
                if r == 0 {
                    paint(&mut img, (cx - 3, banner_bottom, cx + 3, cut), white);
                    if speck {
                        paint(&mut img, (cx - 3, cut + 4, cx + 3, cut + 5), white);
                    }
                    texts.push(Blob {
                        y0: banner_bottom,
                        y1: cut,
                        ..text(cx, cy, 16, 24, false)
                    });
                } else {
                    paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), white);
                    texts.push(text(cx, cy, 16, 24, false));
                }
            }
        }
        paint(&mut img, (40, 0, 360, banner_bottom), [245, 245, 247]);
        (image::DynamicImage::ImageRgb8(img), texts)
    }

    /// The lattice found in [`board_under_a_banner`], or why none is.
    fn lattice_under_a_banner(rows: u32, cut: u32, speck: bool) -> Result<Lattice, NoLattice> {
        let (image, texts) = board_under_a_banner(rows, cut, speck);
        lattice_in(&image, &texts)
    }

    /// The lattice [`find_lattice`] finds in `image` from the glyph search's `texts`.
    fn lattice_in(image: &image::DynamicImage, texts: &[Blob]) -> Result<Lattice, NoLattice> {
        let gray = image.to_luma8();
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        find_lattice(texts, &gray, &masks, &Colours::new(image, 1.0)).map_err(|r| r.reason)
    }

    #[test]
    fn a_row_half_hidden_under_a_banner_is_taken_in_covered() {
        let find = |cut: u32, speck: bool| lattice_under_a_banner(5, cut, speck).expect("lattice");
        // The letters' lower part ends where every letter of the board ends (12 px under the
        // centre): the first row is a row of tiles under the banner.
        // So with a speck of ink under them, shorter than any piece of a letter.
        for speck in [false, true] {
            let l = find(112, speck);
            assert_eq!((l.rows, l.cols), (5, 4), "speck {speck}");
            assert!((l.y0 - 100.0).abs() < 0.5, "first row at {}", l.y0);
            let covered: Vec<usize> = (0..20).filter(|&i| l.is_covered(i)).collect();
            assert_eq!(covered, vec![0, 1, 2, 3]);
            assert!(l.holes.iter().all(|&h| !h));
        }
        // Print that ends a third of a letter higher is not the rest of the board's letters.
        let l = find(104, false);
        assert_eq!((l.rows, l.cols), (4, 4));
        assert!((l.y0 - 150.0).abs() < 0.5 && !(0..16).any(|i| l.is_covered(i)));
    }

    #[test]
    fn a_banners_own_text_lined_up_with_the_board_is_not_a_row_of_tiles_under_it() {
        // A banner of a colour like the tiles' over the whole first row, its text (white bars)
        // ending where the letters of a row of tiles there would end: the banner's fill shows
        // between its "tiles", where the board's show the orange ground.
        let (ground, tile, banner) = ([200u8, 85, 8], [30u8, 160, 225], [60u8, 140, 200]);
        let mut img = image::RgbImage::from_pixel(400, 420, image::Rgb(ground));
        let mut texts = Vec::new();
        paint(&mut img, (40, 0, 360, 128), banner);
        for r in 0..5 {
            for c in 0..4 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                if r == 0 {
                    paint(&mut img, (cx - 3, 100, cx + 3, 112), [255, 255, 255]);
                    texts.push(Blob {
                        y0: 100,
                        y1: 112,
                        ..text(cx, cy, 16, 24, false)
                    });
                } else {
                    paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
                    paint(
                        &mut img,
                        (cx - 3, cy - 12, cx + 3, cy + 12),
                        [255, 255, 255],
                    );
                    texts.push(text(cx, cy, 16, 24, false));
                }
            }
        }
        let l = lattice_in(&image::DynamicImage::ImageRgb8(img), &texts).expect("lattice");
        assert_eq!((l.rows, l.cols), (4, 4));
        assert!((l.y0 - 150.0).abs() < 0.5 && !(0..16).any(|i| l.is_covered(i)));
    }

    #[test]
    fn a_row_of_both_polarities_half_under_a_banner_stays_on_a_board_printed_in_both() {
        // Letterpress-like: 5x5 touching tiles, light letters on dark tiles and dark letters on
        // light ones, a light banner over the top fifth of the first row, its letters whole. The
        // row is unlike the tiles (half banner) and most of its letters are of the polarity
        // fewer of the board's letters are: on a board printed in one polarity, a panel.
        let (dark, mid, light) = ([45u8, 45, 48], [75u8, 150, 120], [110u8, 240, 190]);
        let mut img = image::RgbImage::from_pixel(400, 420, image::Rgb(dark));
        let mut texts = Vec::new();
        for r in 0..5u32 {
            for c in 0..5u32 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                let on_light = if r == 0 { c < 3 } else { (r + c) % 3 == 0 };
                let (tile, ink) = match (on_light, c % 2) {
                    (true, 0) => (mid, [15u8, 30, 20]),
                    (true, _) => (light, [15u8, 30, 20]),
                    (false, _) => (dark, [230u8, 230, 230]),
                };
                paint(&mut img, (cx - 25, cy - 25, cx + 25, cy + 25), tile);
                paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), ink);
                texts.push(text(cx, cy, 16, 24, on_light));
            }
        }
        paint(&mut img, (60, 0, 340, 86), [237, 237, 237]);
        let l = lattice_in(&image::DynamicImage::ImageRgb8(img), &texts).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 5));
        assert!((l.y0 - 100.0).abs() < 0.5, "first row at {}", l.y0);
    }

    /// Asserts that the lattice found in `img` from the glyph search's `texts` is 5x5, its last
    /// column (cut by the image's edge) taken in covered.
    fn assert_last_column_taken_in_covered(img: image::RgbImage, texts: &[Blob]) {
        let l = lattice_in(&image::DynamicImage::ImageRgb8(img), texts).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 5));
        let covered: Vec<usize> = (0..25).filter(|&i| l.is_covered(i)).collect();
        assert_eq!(covered, vec![4, 9, 14, 19, 24]);
    }

    #[test]
    fn a_cut_column_of_light_letters_on_dark_tiles_is_taken_in_beside_touching_tiles() {
        // Letterpress-like: touching tiles, dark letters (wide bars) on light tiles in three
        // shades, and a last column, which the image's right edge cuts 30 of its 50 pixels in,
        // whose second and fourth tiles are dark with light letters: dark letters show on three
        // of its five tiles only. The glyph search found the letters of the first four columns
        // (letters the edge cuts run into it, and join the ink there).
        let shades = [
            [233u8, 232, 229],
            [120, 200, 245],
            [247, 153, 141],
            [233, 232, 229],
        ];
        let dark = [70u8, 30, 120];
        let mut img = image::RgbImage::from_pixel(305, 400, image::Rgb(shades[0]));
        let mut texts = Vec::new();
        for r in 0..5u32 {
            for c in 0..5u32 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                let on_dark = c == 4 && r % 2 == 1;
                let tile = if on_dark {
                    dark
                } else {
                    shades[((r * 3 + c * 5 + r * c) % 4) as usize]
                };
                let ink = if on_dark {
                    [240u8, 240, 240]
                } else {
                    [30u8, 25, 20]
                };
                paint(
                    &mut img,
                    (cx - 25, cy - 25, (cx + 25).min(305), cy + 25),
                    tile,
                );
                paint(&mut img, (cx - 8, cy - 12, (cx + 8).min(305), cy + 12), ink);
                if c < 4 {
                    texts.push(text(cx, cy, 16, 24, true));
                }
            }
        }
        assert_last_column_taken_in_covered(img, &texts);
    }

    #[test]
    fn a_column_the_edge_cuts_down_to_strokes_is_taken_in() {
        // Touching tiles of three light shades (the last column's as the one before it), dark
        // letters (wide bars); the last column's are `T`s, which the image's right edge cuts 4 px
        // left of their centre: what shows of each is the left end of its bar, 4 px long and 4 px
        // thick, no letter's height across.
        let shades = [[233u8, 232, 229], [120, 200, 245], [247, 153, 141]];
        let width = 296;
        let mut img = image::RgbImage::from_pixel(width, 400, image::Rgb(shades[0]));
        let ink = [30u8, 25, 20];
        let mut texts = Vec::new();
        for r in 0..5u32 {
            for c in 0..5u32 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                let k = c.min(3);
                let tile = shades[((r * 3 + k * 5 + r * k) % 3) as usize];
                paint(
                    &mut img,
                    (cx - 25, cy - 25, (cx + 25).min(width), cy + 25),
                    tile,
                );
                if c < 4 {
                    paint(&mut img, (cx - 8, cy - 12, cx + 8, cy + 12), ink);
                    texts.push(text(cx, cy, 16, 24, true));
                } else {
                    paint(&mut img, (cx - 8, cy - 12, width, cy - 8), ink);
                    paint(&mut img, (cx - 3, cy - 12, width, cy + 12), ink);
                }
            }
        }
        assert_last_column_taken_in_covered(img, &texts);
    }

    #[test]
    fn a_row_whose_letters_run_into_a_banners_edge_is_taken_in_covered() {
        // The banner hides only the top 2 of the first row's 24-pixel letters: what shows of
        // them joins the light banner, so the glyph search finds no letter there, but each runs
        // from where the board's letters end up to the banner's edge.
        let (image, texts) = board_under_a_banner_to(90, 5, 112, false);
        let texts: Vec<Blob> = texts.into_iter().filter(|t| t.y0 != 90).collect();
        let l = lattice_in(&image, &texts).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 4));
        let covered: Vec<usize> = (0..20).filter(|&i| l.is_covered(i)).collect();
        assert_eq!(covered, vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_row_under_a_banner_with_an_icon_beside_each_letters_foot_is_taken_in() {
        // SpellCast's gem: an icon left of the letter, level with its foot and reaching lower.
        let (mut image, texts) = board_under_a_banner(5, 112, false);
        let rgb = image.as_mut_rgb8().expect("rgb");
        for c in 0..4 {
            let cx = 100 + c * 50;
            for y in 106..116 {
                for x in cx - 16..cx - 11 {
                    rgb.put_pixel(x, y, image::Rgb([255, 255, 255]));
                }
            }
        }
        let l = lattice_in(&image, &texts).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 4));
        let covered: Vec<usize> = (0..20).filter(|&i| l.is_covered(i)).collect();
        assert_eq!(covered, vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_four_by_four_board_with_its_first_row_under_a_banner_is_found() {
        // Three rows show whole: with the row under the banner, a 4x4 board.
        let l = lattice_under_a_banner(4, 112, false).expect("lattice");
        assert_eq!((l.rows, l.cols), (4, 4));
        assert!((l.y0 - 100.0).abs() < 0.5, "first row at {}", l.y0);
        let covered: Vec<usize> = (0..16).filter(|&i| l.is_covered(i)).collect();
        assert_eq!(covered, vec![0, 1, 2, 3]);
        // Without the rest of a row of letters under the banner, three rows are not a board.
        let refused = lattice_under_a_banner(4, 104, false).expect_err("no board");
        assert!(
            matches!(refused, NoLattice::WrongSize { rows: 3, cols: 4 }),
            "{refused:?}"
        );
    }

    /// The lattice found in a 4x4 board of blue tiles with white letters on an orange ground
    /// whose grey level is about the tiles' (Wordament in a browser), with letter-sized print on
    /// the bare ground at the cells `print` of the row under it and the column beside it, lined
    /// up with the tiles.
    fn lattice_with_print_on_the_ground(print: &[(u32, u32)]) -> Lattice {
        let (ground, tile, white) = ([200u8, 85, 8], [30u8, 160, 225], [255u8, 255, 255]);
        let mut img = image::RgbImage::from_pixel(420, 420, image::Rgb(ground));
        let centre = |r: u32, c: u32| (100 + c * 50, 100 + r * 50);
        let mut texts = Vec::new();
        for r in 0..5 {
            for c in 0..5 {
                let (cx, cy) = centre(r, c);
                if r < 4 && c < 4 {
                    paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
                } else if !print.contains(&(r, c)) {
                    continue;
                }
                paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), white);
                texts.push(text(cx, cy, 16, 24, false));
            }
        }
        let image = image::DynamicImage::ImageRgb8(img);
        let gray = image.to_luma8();
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice")
    }

    /// Under the board, a round icon and a label on the bare ground with two empty cells beside
    /// them: the icon row is not tiles, though it holds two letter-sized texts and looks like the
    /// tiles in grey.
    #[test]
    fn print_on_the_ground_under_a_board_is_not_a_row_of_tiles() {
        assert_4x4_from_100(&lattice_with_print_on_the_ground(&[(4, 2), (4, 3)]));
    }

    /// Print on the ground on two sides of the board: beside it a column with two labels and
    /// under it a row with an icon and two labels, which meet in the corner. Each line's print is
    /// on the ground like the other's, and neither is the board's tiles.
    #[test]
    fn print_on_the_ground_beside_and_under_a_board_is_not_tiles() {
        let print = [(1, 4), (3, 4), (4, 2), (4, 3), (4, 4)];
        assert_4x4_from_100(&lattice_with_print_on_the_ground(&print));
    }

    /// Above a 4x4 board of blue tiles with white letters on an orange ground, a bar across the
    /// screen (green, about the ground's grey) shows the word being swiped in a pill of a tile's
    /// colour (Ruzzle): two of its letters line up with the board's middle columns, and the bar's
    /// ends are empty cells. Those are no holes of the board (a shaped board's holes show its
    /// ground, the orange between its tiles), so the bar is not a row of the board.
    #[test]
    fn a_label_on_a_bar_above_a_board_is_not_a_row_with_holes() {
        let (ground, tile, white, bar) = (
            [200u8, 85, 8],
            [30u8, 160, 225],
            [255u8, 255, 255],
            [40u8, 130, 110],
        );
        let mut img = image::RgbImage::from_pixel(420, 420, image::Rgb(ground));
        let mut texts = Vec::new();
        paint(&mut img, (0, 26, 420, 74), bar);
        paint(&mut img, (125, 34, 225, 66), tile);
        for cx in [150, 200] {
            paint(&mut img, (cx - 3, 38, cx + 3, 62), white);
            texts.push(text(cx, 50, 16, 24, false));
        }
        for r in 0..4 {
            for c in 0..4 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
                paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), white);
                texts.push(text(cx, cy, 16, 24, false));
            }
        }
        let image = image::DynamicImage::ImageRgb8(img);
        let gray = image.to_luma8();
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let lattice = find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0));
        assert_4x4_from_100(&lattice.expect("lattice"));
    }

    /// Print on the ground on every cell of the column beside the board and the row under it (a
    /// sharpened capture of a web page, its background's pattern cut into letter-sized pieces):
    /// no cell of the lattice is empty, but the print's cells show what shows between the tiles
    /// (the orange ground), not a tile.
    #[test]
    fn print_on_the_ground_with_no_hole_beside_it_is_not_tiles() {
        let mut print: Vec<(u32, u32)> = (0..4).map(|r| (r, 4)).collect();
        print.extend((0..5).map(|c| (4, c)));
        assert_4x4_from_100(&lattice_with_print_on_the_ground(&print));
    }

    /// The lattice found in a board of blue tiles with white letters on an orange ground, 4
    /// columns wide, whose rows `covered` a bar of the ground's colour hides; under its `rows`, lined up
    /// with the tiles, a round icon on the bare ground under the last column and, a row lower, an
    /// advert: a dark panel with a row of smaller green tiles showing white letters of the
    /// board's size (a game's advert for another game). With `dim`, the whole screen is dimmed
    /// under a modal (x0.45, +10 levels).
    fn board_over_an_advert(rows: u32, covered: &[u32], dim: bool) -> Lattice {
        board_over_an_advert_of(rows, covered, dim, ([60, 170, 90], 15, true))
    }

    /// As [`board_over_an_advert`], the advert's tiles of the colour and half-width given, on its
    /// dark panel or (`on_panel` false) on the board's ground.
    fn board_over_an_advert_of(
        rows: u32,
        covered: &[u32],
        dim: bool,
        (advert_tile, half, on_panel): ([u8; 3], u32, bool),
    ) -> Lattice {
        let (ground, tile, white) = ([200u8, 85, 8], [30u8, 160, 225], [255u8, 255, 255]);
        let panel = if on_panel { [40u8, 40, 48] } else { ground };
        let height = 100 + 50 * (rows + 2);
        let mut img = image::RgbImage::from_pixel(420, height, image::Rgb(ground));
        let mut texts = Vec::new();
        for r in 0..rows + 2 {
            for c in 0..4 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                if r < rows && covered.contains(&r) {
                    paint(&mut img, (cx - 25, cy - 25, cx + 25, cy + 25), ground);
                    continue;
                } else if r < rows {
                    paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
                } else if r == rows + 1 {
                    paint(&mut img, (cx - 25, cy - 25, cx + 25, cy + 25), panel);
                    paint(
                        &mut img,
                        (cx - half, cy - half, cx + half, cy + half),
                        advert_tile,
                    );
                } else if c < 3 {
                    continue;
                }
                paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), white);
                texts.push(text(cx, cy, 16, 24, false));
            }
        }
        if dim {
            for p in img.pixels_mut() {
                p.0 = p.0.map(|v| (f32::from(v) * 0.45 + 10.0) as u8);
            }
        }
        let image = image::DynamicImage::ImageRgb8(img);
        let gray = image.to_luma8();
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice")
    }

    /// Under the board, a row with an icon on the bare ground and holes, and under that an
    /// advert's tiles with letters: the row with no tile parts the advert from the board, and
    /// the advert's cells do not look like the board's tiles. Bright or dimmed alike.
    #[test]
    fn an_advert_past_a_row_with_no_tile_is_not_the_board() {
        for dim in [false, true] {
            assert_4x4_from_100(&board_over_an_advert(4, &[], dim));
        }
    }

    /// The same with an advert whose tiles are as large as the board's, on the board's ground,
    /// and about as light: they look like its tiles with letters, but are of a colour none of
    /// its tiles has (magenta, not blue).
    #[test]
    fn an_advert_of_tiles_like_the_boards_in_another_colour_is_not_the_board() {
        let advert = ([230, 90, 200], 22, false);
        assert_4x4_from_100(&board_over_an_advert_of(4, &[], false, advert));
    }

    /// A row of the board hidden under a bar of the ground's colour holds no tile either, but
    /// the tiles on its other side look like the board's: the board is not parted there.
    #[test]
    fn a_board_with_a_covered_row_is_not_parted() {
        let l = board_over_an_advert(6, &[1], false);
        assert_eq!((l.rows, l.cols), (6, 4));
        let holes: Vec<usize> = (0..24).filter(|&i| l.holes[i]).collect();
        assert_eq!(holes, vec![4, 5, 6, 7]);
    }

    /// A 5x5 board of blue tiles on an orange ground, its corner cell a hole (the bare ground) and
    /// two cells in its middle hidden under an alert's light grey panel: the hole is the board's,
    /// the panel's cells are tiles that cannot be read, not holes.
    #[test]
    fn cells_under_a_panel_are_no_holes_of_the_board() {
        let (ground, tile, white, panel) =
            ([200u8, 85, 8], [30u8, 160, 225], [255u8; 3], [242u8; 3]);
        let mut img = image::RgbImage::from_pixel(400, 400, image::Rgb(ground));
        let mut texts = Vec::new();
        for i in 1..25u32 {
            let (cx, cy) = (100 + (i % 5) * 50, 100 + (i / 5) * 50);
            paint(&mut img, (cx - 22, cy - 22, cx + 22, cy + 22), tile);
            if i != 12 && i != 13 {
                paint(&mut img, (cx - 3, cy - 12, cx + 3, cy + 12), white);
                texts.push(text(cx, cy, 16, 24, false));
            }
        }
        paint(&mut img, (168, 168, 282, 232), panel);
        let image = image::DynamicImage::ImageRgb8(img);
        let gray = image.to_luma8();
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let l = find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice");
        assert_eq!((l.rows, l.cols), (5, 5));
        let holes: Vec<usize> = (0..25).filter(|&i| l.holes[i]).collect();
        assert_eq!(holes, vec![0]);
    }

    /// A 4x4 board whose tiles print a small value in their top-left corner, beside a column of
    /// small print of the values' size lined up with them: the values (with that column) make a
    /// larger lattice than the letters, half a tile off, but they are the tiles' marks.
    #[test]
    fn the_values_in_the_tiles_corners_are_not_the_board() {
        let mut texts = Vec::new();
        for r in 0..4u32 {
            for c in 0..5u32 {
                let (cx, cy) = (100 + c * 50, 100 + r * 50);
                if c < 4 {
                    texts.push(text(cx, cy, 16, 24, true));
                }
                texts.push(text(cx - 17, cy - 17, 6, 10, true));
            }
        }
        let gray = test_image(&texts);
        let masks = super::super::glyphs::ink_masks(&gray, 20, 16);
        let image = image::DynamicImage::ImageLuma8(gray.clone());
        let l = find_lattice(&texts, &gray, &masks, &Colours::new(&image, 1.0)).expect("lattice");
        assert_4x4_from_100(&l);
        assert!(l.glyph_height > 20.0);
    }

    /// A 4x4 lattice at pitch 50 from (100, 100) with the given text in each cell.
    fn lattice_of(texts: impl Fn(u32, u32) -> Blob, glyph_height: f32) -> Lattice {
        Lattice {
            rows: 4,
            cols: 4,
            x0: 100.0,
            y0: 100.0,
            px: 50.0,
            py: 50.0,
            glyph_height,
            dark: true,
            cells: (0..16).map(|i| Some(texts(i / 4, i % 4))).collect(),
            score: 16.0,
            holes: vec![false; 16],
            covered: Vec::new(),
        }
    }

    /// A cell's polarity is its text's extreme levels against the cell's median, measured once
    /// for each pixel box however often it is asked, by this lattice or another on the same
    /// pixels.
    #[test]
    fn polarities_are_measured_once_per_cell() {
        let letters = lattice_of(|r, c| letter(100 + c * 50, 100 + r * 50), 24.0);
        let mut image = test_image(&letters.cells.iter().flatten().copied().collect::<Vec<_>>());
        // The last cell's letter is light on a dark tile.
        for y in 225..275 {
            for x in 225..275 {
                let level = if image.get_pixel(x, y)[0] < 100 {
                    240
                } else {
                    40
                };
                image.put_pixel(x, y, image::Luma([level]));
            }
        }
        let polarities = Polarities::new(&image);
        assert!(polarities.lattice_is_dark(&letters));
        assert_eq!(polarities.cell_is_dark(&letters, 0), Some(true));
        assert_eq!(polarities.cell_is_dark(&letters, 15), Some(false));
        assert_eq!(polarities.known.borrow().len(), 16);
        // The same cells in a lattice cut to its last three rows are not measured again.
        let mut cut = letters.clone();
        crop(&mut cut, 1..4, 0..4);
        assert_eq!(polarities.cell_is_dark(&cut, 11), Some(false));
        assert_eq!(polarities.known.borrow().len(), 16);
        let mut empty = letters.clone();
        empty.cells[3] = None;
        assert_eq!(polarities.cell_is_dark(&empty, 3), None);
    }

    /// Small text in the tiles' corners is their marks; letters half a tile off a lattice of
    /// larger boxes (the strips between light tiles, taken for tall letters) are not: they
    /// straddle its cells' edges.
    #[test]
    fn marks_lie_inside_the_tiles_beside_their_letters() {
        let letters = lattice_of(|r, c| text(100 + c * 50, 100 + r * 50, 16, 24, true), 24.0);
        let values = lattice_of(|r, c| text(83 + c * 50, 83 + r * 50, 6, 10, true), 10.0);
        assert!(is_marks_of(&values, &letters));
        assert!(!is_marks_of(&letters, &values));
        assert!(beats(&letters, &values) && !beats(&values, &letters));
        let strips = lattice_of(|r, c| text(100 + c * 50, 100 + r * 50, 8, 44, true), 44.0);
        let between = lattice_of(|r, c| text(125 + c * 50, 105 + r * 50, 16, 24, true), 24.0);
        assert!(!is_marks_of(&between, &strips));
    }

    /// Of two lattices that score alike, the one whose texts sit in the middle of their cells
    /// wins, whichever was found first: a ring of ringing around light letters (a resized
    /// screenshot), or letters merged with their values, line up just as well but off centre by
    /// different amounts from tile to tile.
    #[test]
    fn of_equal_scores_the_lattice_fitting_its_texts_closely_wins() {
        let mut centred = lattice_of(|r, c| text(100 + c * 50, 100 + r * 50, 16, 24, false), 24.0);
        centred.dark = false;
        let ragged = lattice_of(
            |r, c| text(100 + c * 50 - 8 * ((r + c) % 2), 100 + r * 50, 20, 28, true),
            28.0,
        );
        assert!(centred.misfit() < 0.01 && ragged.misfit() > 0.05);
        let best = best_board(vec![ragged.clone(), centred.clone()]).expect("a board");
        assert!(!best.dark, "the centred lattice");
        assert!(beats(&centred, &ragged) && !beats(&ragged, &centred));
    }
}
