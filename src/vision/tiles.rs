//! Cutting each tile into the crops the recognition model reads: the main text, and the small
//! marks in its corners (a printed point value, a bonus badge), each normalised to dark ink on
//! white with a margin, at full resolution.

use super::glyphs::{
    Blob, INK_DELTA, InkMasks, blobs, blobs_of_both, blobs_of_pair, components, ink_masks,
    merge_lines,
};
use super::grid::{LETTER_MAX_HEIGHT, Lattice, MARK_LETTER_SPLIT, SAME_SIZE_MAX};
use super::levels::Levels;
use super::rect::{PixelBox, Rect};
use super::trail::{Lifted, colour_channel, smallest_channel};
use image::{DynamicImage, GrayImage, Luma};
use rayon::prelude::*;

// The parameters of cutting tiles, by step. Heights and widths are shares of the board's letter
// height unless said otherwise; grey levels are 0-255. The tolerances this stage shares with the
// grid search (what counts as a letter's size) are in `grid`: [`LETTER_MAX_HEIGHT`],
// [`MARK_LETTER_SPLIT`], `SMALL_PRINT_MIN_HEIGHT`, [`SAME_SIZE_MAX`].

// Cutting a cell (`cut_cell`).

/// Corner marks are looked for in the cell grown by this share of the lattice pitch on every
/// side: a mark sits near the tile's edge, which may reach past the cell box.
const MARK_SEARCH_OUTSET: f32 = 0.12;
/// The middle of a cell whose ink should all be the main text's: this share of the cell's
/// width and height off each side (corner marks lie outside it).
const BESIDE_MIDDLE_INSET: f32 = 0.2;
/// A cell with no letter is unreadable (a tile whose letter was not found) rather than a hole
/// when its middle (this share of its width and height off each side) holds ink ...
const UNREADABLE_MIDDLE_INSET: f32 = 0.25;
/// ... on more than this share of its pixels (and is not one flat level, see [`is_plain`]).
const UNREADABLE_INK_SHARE: f32 = 0.04;
/// A box (a cell's middle, its mark window, its area inside the rim) narrower or lower than
/// this many full-resolution pixels is too small to read anything in.
const MIN_READ_SIDE: u32 = 8;
/// Pieces of ink smaller than this many pixels are noise, not part of a letter, a digit or a
/// label.
const NOISE_AREA: u32 = 3;

// Ink levels. `ink_extreme` leaves out the most extreme `1 / n` of a box's pixels as stray
// (anti-aliasing, a speck of dirt); the smaller the box, the larger the share left out.

/// Stray share for a flat tile's ink (a whole cell: a mark's strokes are few of its pixels).
const CELL_INK_STRAY: usize = 200;
/// Stray share for a cell middle's ink when looking for its letter.
const LETTER_INK_STRAY: usize = 100;
/// Stray share for the polarity of a box (see [`ink_is_dark`]).
const POLARITY_STRAY: usize = 50;
/// Stray share for a text's ink and the spread of a plain box.
const TEXT_INK_STRAY: usize = 20;
/// Stray share for a mark's ink (a small box: its 10% extreme).
const MARK_INK_STRAY: usize = 10;
/// The smallest difference in grey levels between ink (a mark's, or a letter looked for in its
/// cell) and the ground around it.
const MIN_INK_CONTRAST: f32 = 40.0;
/// A box is one flat level (background) when its pixels, strays left out, span at most this
/// many grey levels.
const PLAIN_SPREAD: f32 = 24.0;

// The corner marks of a cell (printed values, bonus badges), for `corner_marks`.

/// The local-mean window for a cell's marks is this share of the lattice pitch (at least
/// [`MARK_MIN_RADIUS`] pixels): small, so that a tile's rim does not swallow a mark near it.
const MARK_WINDOW: f32 = 0.04;
/// See [`MARK_WINDOW`].
const MARK_MIN_RADIUS: u32 = 3;
/// A piece of a mark is at least this share of the letter height (and at least
/// [`MARK_MIN_PIECE_PIXELS`] high) ...
const MARK_MIN_PIECE: f32 = 0.16;
/// See [`MARK_MIN_PIECE`].
const MARK_MIN_PIECE_PIXELS: f32 = 4.0;
/// ... at most [`MARK_LETTER_SPLIT`] (marks are printed smaller than the letters) ...
/// ... and at most this share wide.
const MARK_MAX_PIECE_WIDTH: f32 = 1.2;
/// A mark's merged box has more ink than this share of its area (less is an outline) ...
const MARK_MIN_FILL: f32 = 0.12;
/// ... and less than this share (more is a filled block) ...
const MARK_MAX_FILL: f32 = 0.9;
/// ... and is at most this share of the letter height wide (a two-digit value, a badge label).
const MARK_MAX_WIDTH: f32 = 2.2;
/// A cell keeps at most this many marks, the largest: a tile prints at most a value and a
/// badge, and a look-alike (an icon, a piece of the tile's edge) loses to the surer reading.
const MAX_MARKS: usize = 3;
/// On a flat tile, a mark's ink is what lies at least this share of the way from the tile's
/// level to its most extreme ink (the letter's). Not half: a printed value's strokes are thinner
/// than the letter's, so a blur or a downscaled capture lowers their peak more than the
/// letter's, and a threshold halfway to the letter's ink keeps only specks of them. Measured on
/// the blur probe (1.2 px): Wordament digits 7-17 px high peak 50-60 grey levels over their tile,
/// where the letters stand 94 over it; at this share the whole digit is one piece.
const MARK_LEVEL_SHARE: f32 = 1.0 / 3.0;
/// On a flat tile (see [`FLAT_TILE_SHARE`]), a mark stands out when its contrast is at least
/// this share of the tile's own ink contrast (its letter's), where that is less than
/// [`MIN_INK_CONTRAST`]: a value is printed in the letters' ink, and on a tile whose letters
/// stand out little (white on mid-tone orange, 94 grey levels) a blur leaves the value's thin
/// strokes about a third of that. Measured on the blur probe (1.2 px): Wordament's 7-10 px
/// digits 33-38 against letters 94 over the tile.
const FAINT_MARK_SHARE: f32 = 0.3;
/// On a tile that is not flat, a mark stands out when its contrast is at least this share of
/// the tile's letter's (see [`contrast`]), where that is less than [`MIN_INK_CONTRAST`]: a
/// modal dim over a finished game, or a dimmed tile, shrinks every contrast on the tile alike.
/// Measured on Boggle With Friends: the white `DL` on its badge stands out 85 grey levels where
/// the black letter stands out 200, and under a dim (x0.45) 39 where the letter stands out
/// about 90.
const DIMMED_MARK_SHARE: f32 = 0.3;
/// Two pieces of a mark's ink (see [`same_ink_once`]) are the same ink when their boxes share
/// more than this share of the smaller box.
const SAME_INK_OVERLAP: f32 = 0.5;
/// A tile is flat (one colour, as Wordament's) when this share of its cell (gaps between tiles
/// and the text included) lies within [`FLAT_TILE_SPREAD`] grey levels of its median. Measured:
/// Wordament and Word Streak cells 0.60-0.74, Boggle With Friends' shaded tiles 0.24-0.49.
const FLAT_TILE_SHARE: f32 = 0.6;
/// See [`FLAT_TILE_SHARE`].
const FLAT_TILE_SPREAD: f32 = 12.0;
/// A pixel next to a mark is still its ink when it lies within this share of the mark's
/// contrast from the ink's extreme.
const INK_WITHIN_CONTRAST: f32 = 0.5;
/// A side of a mark's box past which more than this share of the pixels are still ink: the ink
/// goes on there.
const CONTINUES_SHARE: f32 = 0.5;
/// Ink that goes on past this many sides of its box is part of something larger, not a mark.
const CONTINUES_SIDES: usize = 2;
/// Of two nested marks of one polarity, the outer one is the whole mark when its ink beside the
/// inner one stands out at least this share of the inner one's contrast (see
/// [`beside_contrast`]). Measured: the thin `1` of a Wordament `12` at 0.7 scale 0.78 of its `2`;
/// a strip of the light gap beside a `2` (a Wordament tile at 0.75 scale) 0.5.
const SAME_CONTRAST: f32 = 0.7;

// A letter the grid search missed, looked for in its cell alone (`letter_in_cell`).

/// The least height of a letter found in its cell ...
const CELL_LETTER_MIN_HEIGHT: f32 = 0.6;
/// ... or, for smaller print (a long special tile's `OVER-`, at least
/// [`CELL_SMALL_PRINT_MIN_HEIGHT`]), the least width as a multiple of its height.
const SMALL_PRINT_MIN_ASPECT: f32 = 2.0;
/// The least height of small print found in its cell, a share of the letter height. Lower than
/// the grid's [`SMALL_PRINT_MIN_HEIGHT`](super::grid::SMALL_PRINT_MIN_HEIGHT): the letter
/// height is measured at the working size, where a 4K desktop's board is a third as large, and
/// Wordament's `OVER-` stands at 0.44 of its letters (21 of 48 px) there; wide print (see
/// [`SMALL_PRINT_MIN_ASPECT`]) this small is still no corner value (one or two digits) or badge.
const CELL_SMALL_PRINT_MIN_HEIGHT: f32 = 0.35;
/// The least ink, in pixels, of a letter found in its cell.
const CELL_LETTER_MIN_AREA: u32 = 8;

// The whole line of a cell's text (`whole_line`). Heights are shares of the text's height.

/// The tile's rim: this share of the cell's shorter side off each side.
const RIM_SHARE: f32 = 0.03;
/// The ground of a text is a ring around it this share of its height wide.
const GROUND_RING: f32 = 0.3;
/// A text whose ink differs from its ground by fewer grey levels is not grown.
const MIN_LINE_CONTRAST: f32 = 30.0;
/// A piece of the line is at least this share of the text's height (a letter) ...
const LINE_PIECE_MIN_HEIGHT: f32 = 0.5;
/// ... or a hyphen: at most this share high ...
const HYPHEN_MAX_HEIGHT: f32 = 0.35;
/// ... and at least this many times as wide as high.
const HYPHEN_MIN_ASPECT: f32 = 1.5;
/// A capital before the text (the `Q` of `Qu`) may be up to this share of the text's height ...
const CAPITAL_MAX_HEIGHT: f32 = 1.8;
/// ... stands on its baseline, give or take this share of its height ...
const CAPITAL_BASELINE: f32 = 0.1;
/// ... and ends at most this many pixels past the text's left edge.
const CAPITAL_OVERLAP_PIXELS: u32 = 2;
/// A hyphen whose ink is measured across its thickness (see [`ink_across`]) is at most this
/// share of the text's height long.
const DASH_MAX_WIDTH: f32 = 0.8;
/// A piece's ink is the text's when their extremes differ by less than this share of the
/// text's contrast.
const SAME_INK: f32 = 0.3;
/// A piece joins the line across a gap of less than this share of the text's height.
const LINE_MAX_GAP: f32 = 0.4;

// A crop for the model (`normalise`). Shares of the text's height.

/// Pixels within this share of the text box (and one more) are copied.
const CROP_PAD: f32 = 0.08;
/// The crop's ink level leaves out the darkest `1 / n` of its pixels ...
const CROP_INK_STRAY: usize = 50;
/// ... and its paper level the lightest `1 / n`.
const CROP_PAPER_STRAY: usize = 20;
/// The contrast is stretched over at least this many grey levels (a faint crop is not blown up
/// into noise).
const MIN_STRETCH_SPAN: f32 = 24.0;
/// The white margin framing the ink: this share of its height, plus
/// [`CROP_MARGIN_PIXELS`] (the model was trained on margins of 5-35%).
const CROP_MARGIN: f32 = 0.25;
/// See [`CROP_MARGIN`].
const CROP_MARGIN_PIXELS: u32 = 2;
/// The widest margin round a small mark (a value, a badge): this share of its ink height. The
/// fixed [`CROP_MARGIN_PIXELS`] alone is 40% of a digit 5 px high, wider than any margin the
/// model was trained on, and the model then reads a `1` as `4`.
const MARK_MARGIN_MAX: f32 = 0.35;
/// A piece of ink of at most this many pixels ...
const SPECK_PIXELS: u32 = 3;
/// ... and less than this share of the largest piece is a speck, not part of the text.
const SPECK_SHARE: f32 = 0.15;

/// A letter a light band crosses (a swipe trail's round end over an `S`) may fall into pieces
/// one above the other, the piece found as the letter then clearly shorter than the board's
/// letters: below this share of their height ...
const SPLIT_SHORT: f32 = 0.85;
/// ... and no wider than this share of it (one letter, not a line of text) ...
const SPLIT_MAX_WIDTH: f32 = 1.2;
/// ... and the pieces in its column (at least this share of a piece's width within the
/// letter's) ...
const SPLIT_IN_COLUMN: f32 = 0.5;
/// ... at most this share of the letter height above or below it ...
const SPLIT_MAX_GAP: f32 = 0.35;
/// ... join it while the whole stays at most this share of the letter height tall ...
const SPLIT_JOINED_TALL: f32 = 1.1;
/// ... and the joined box must be at least this share of it taller than the piece.
const SPLIT_MIN_GAIN: f32 = 0.1;

/// What one cell holds, ready for the recognition model.
#[derive(Debug, Clone)]
pub struct TileCrops {
    /// Row of the cell.
    pub row: usize,
    /// Column of the cell.
    pub col: usize,
    /// The cell in full-resolution pixels.
    pub cell: PixelBox,
    /// The main text, or `None` for an empty cell (a hole).
    pub main: Option<(PixelBox, GrayImage)>,
    /// Corner marks: printed values and bonus badges.
    pub marks: Vec<(PixelBox, GrayImage)>,
    /// For each of `marks`, the label printed inside it, if any (a round badge's `TL`): read
    /// again when the mark reads as no badge.
    pub mark_labels: Vec<Option<MarkLabel>>,
    /// The boxes of those of `marks` beside which lie pieces of ink too small to be marks, as
    /// high as a digit between them (a digit broken into pieces), or a digit the image's edge
    /// cuts (see [`cut_by_the_image_edge`]): the mark may then be one digit of a longer value
    /// (see `notation`).
    pub marks_with_broken_ink_beside: Vec<PixelBox>,
    /// True when the cell has no letter but holds ink (a tile whose letter was not found).
    pub unreadable: bool,
    /// The main text cut again after a swipe trail was lifted off the cell (see
    /// [`super::trail`]); the surer of the two readings is kept, or the lifted one where it is
    /// sure (see `notation::read_lifted_letters`).
    pub lifted_main: Option<(PixelBox, GrayImage)>,
    /// The main text joined with the pieces of ink above or below it, when it is clearly
    /// shorter than the board's letters (see [`joined_column`]): a letter a light band split;
    /// read too, and kept where it reads surer (see `notation::read_joined_letters`).
    pub joined_main: Option<(PixelBox, GrayImage)>,
    /// The share of the ink in the cell's middle that lies outside the main text's box (see
    /// [`ink_beside`]).
    pub ink_beside_main: f32,
    /// Whether a glyph cut by the image's left or right edge may lie beside the main text (see
    /// [`cut_by_the_image_edge`]): the tile may be longer than its text (`QU` read `Q`).
    pub main_cut_by_image_edge: bool,
}

impl TileCrops {
    /// Whether the letter cut from the image with a swipe trail lifted off lies where the letter
    /// cut from the image as it is does (their boxes overlap: an `O` whose right side the trail
    /// hides is cut as a `C` inside the lifted `O`, and a letter cut with the band's edge is
    /// shifted off it), or no letter was cut from the image as it is. False when no letter was
    /// cut under a trail. One that lies apart may be the letter (the text as cut being other ink)
    /// or may itself be other ink: a "band" found on a small tile may be the middle grey of a
    /// downscaled letter (an `M` or an `R` 20 px high), and once it is lifted, the letter merges
    /// with the badge beside it and the letter-sized ink left nearest the cell's middle is the
    /// tile's coloured border, a line a pixel wide beside the letter, read `I` at 96-99%.
    pub(crate) fn lifted_in_place(&self) -> bool {
        let Some((lifted, _)) = &self.lifted_main else {
            return false;
        };
        self.main
            .as_ref()
            .is_none_or(|(text, _)| text.overlaps(lifted))
    }
}

#[cfg(test)]
impl TileCrops {
    /// A cell at (`row`, `col`) whose box is `cell`, with no text, marks or ink: for tests of
    /// the rules that read the cells' boxes.
    pub(crate) fn blank(row: usize, col: usize, cell: PixelBox) -> TileCrops {
        TileCrops {
            row,
            col,
            cell,
            main: None,
            marks: Vec::new(),
            mark_labels: Vec::new(),
            marks_with_broken_ink_beside: Vec::new(),
            unreadable: false,
            lifted_main: None,
            joined_main: None,
            ink_beside_main: 0.0,
            main_cut_by_image_edge: false,
        }
    }
}

/// A label printed inside a corner mark (see [`nested_label`]), cut only when it is read.
#[derive(Debug, Clone, Copy)]
pub struct MarkLabel {
    /// The label's ink box, full-resolution pixels.
    pub text: PixelBox,
    /// Whether its ink is dark.
    pub dark: bool,
    /// The cell and the margin its marks were looked for in.
    pub window: PixelBox,
}

impl MarkLabel {
    /// The label's crop for the model (see [`normalise_mark`]).
    pub fn crop(&self, full: &GrayImage) -> GrayImage {
        let height = self.text.height() as f32;
        normalise_mark(full, self.text, self.dark, height, self.window)
    }
}

/// Cuts every cell of the lattice. `scale` maps analysis coordinates to `full` pixels. A cell
/// with a swipe trail lifted off it (see [`super::trail`]) also gets the main text cut from the
/// lifted image.
pub fn cut(
    full: &GrayImage,
    masks: &InkMasks,
    lattice: &Lattice,
    scale: f32,
    trail: Option<&Lifted>,
) -> Vec<TileCrops> {
    // Cells are cut independently, in parallel (about a third of a tall phone screenshot's read
    // is spent here, most of it finding corner marks at full resolution).
    (0..lattice.rows * lattice.cols)
        .into_par_iter()
        .map(|i| {
            cut_cell(
                full,
                masks,
                lattice,
                scale,
                i / lattice.cols,
                i % lattice.cols,
                trail
                    .filter(|t| t.cells.get(i) == Some(&true))
                    .map(|t| &t.image),
            )
        })
        .collect()
}

fn cut_cell(
    full: &GrayImage,
    masks: &InkMasks,
    lattice: &Lattice,
    scale: f32,
    row: usize,
    col: usize,
    lifted: Option<&GrayImage>,
) -> TileCrops {
    let cell_box = lattice.cell_box(row, col);
    let cell = cell_box.to_pixels(scale, full.dimensions());
    // A text of several glyphs that reaches the edge of its cell took in a piece of the gap
    // between tiles (the dark tray beside a die): it is the glyphs away from the edge.
    let main_blob = lattice.cells[row * lattice.cols + col].map(|m| {
        if m.parts > 1 && reaches_edge(&m, &cell_box) {
            glyphs_off_edge(&m, &cell_box, masks.get(m.dark)).unwrap_or(m)
        } else {
            m
        }
    });
    let h = lattice.glyph_height;
    let outset = MARK_SEARCH_OUTSET * lattice.px;
    let window = cell_box.outset(outset).to_pixels(scale, full.dimensions());
    // A tile whose letter is of the other polarity than the board's (Letterpress: light letters
    // on the tiles a player owns, dark ones elsewhere) may hold, in the board's polarity, a piece
    // of its ground between the letter's strokes, letter-sized: it is not the letter.
    let relocated = main_blob
        .filter(|m| other_polarity(full, cell, m.dark))
        .and_then(|_| letter_in_cell(full, cell, h * scale));
    let main_blob = main_blob.filter(|_| relocated.is_none());
    let main_px = main_blob.map(|m| {
        Rect::new(m.x0 as f32, m.y0 as f32, m.x1 as f32, m.y1 as f32)
            .to_pixels(scale, full.dimensions())
    });
    // The letter in full-resolution pixels, with its polarity.
    let letter = main_blob.zip(main_px).map(|(m, px)| Blob {
        x0: px.left,
        y0: px.top,
        x1: px.right,
        y1: px.bottom,
        ..m
    });
    let mark_crop = |m: Blob| {
        let pixels = m.bounds();
        (
            pixels,
            normalise_mark(full, pixels, m.dark, m.height() as f32, window),
        )
    };
    let corner = corner_marks(full, window, cell, letter, h * scale, lattice.px * scale);
    // Whether the cell's tile runs past the image's left and right edges.
    let size = (full.width() as f32 / scale, full.height() as f32 / scale);
    let [left, right, _, _] = lattice.past_image_edges(row, col, size);
    let tile_past = [left > TILE_PAST_EDGE, right > TILE_PAST_EDGE];
    let marks_with_broken_ink_beside = corner
        .iter()
        .filter(|m| m.broken_ink_beside || cut_by_the_image_edge(full, &m.ink, tile_past))
        .map(|m| m.ink.bounds())
        .collect();
    let (marks, mark_labels) = corner
        .into_iter()
        .map(|m| {
            let label = m.label.map(|l| MarkLabel {
                text: l.bounds(),
                dark: l.dark,
                window,
            });
            (mark_crop(m.ink), label)
        })
        .unzip();
    // Under a swipe trail the band over the ink is lighter than the ground: see [`Paper`].
    let paper = if lifted.is_some() {
        Paper::Lightest
    } else {
        Paper::AtMostGround
    };
    let main = main_blob.zip(main_px).map(|(m, found)| {
        let pixels = whole_line(full, cell, found);
        let height = m.height() as f32 * scale;
        (pixels, normalise(full, pixels, m.dark, height, cell, paper))
    });
    let joined_main = main_blob.zip(main.as_ref()).and_then(|(m, (text, _))| {
        let joined = joined_column(full, cell, *text, h * scale)?;
        let height = joined.height() as f32;
        Some((joined, normalise(full, joined, m.dark, height, cell, paper)))
    });
    // A tile whose letter the grid search missed (merged with a rotated tile's edge, crossed by
    // a path): look again in the cell alone.
    let hole = lattice.holes.get(row * lattice.cols + col) == Some(&true);
    let relocated_main = main.is_none() && relocated.is_some();
    let main = main.or_else(|| {
        let text = relocated.or_else(|| {
            (!hole)
                .then(|| letter_in_cell(full, cell, h * scale))
                .flatten()
        })?;
        Some(dark_line_crop(full, cell, text))
    });
    // Only the middle of the cell counts: around a hole the background next to the neighbouring
    // tiles differs from its surroundings too.
    let middle = cell_box.inset_share(UNREADABLE_MIDDLE_INSET);
    // A tile under a cover is a tile, whether or not any of its letter shows; so is a cell the
    // grid found no hole of the board in (a cell under an alert's panel shows no ink).
    let unreadable = main.is_none()
        && (lattice.is_covered(row * lattice.cols + col)
            || !hole
            || middle.ink_share(masks.get(lattice.dark)) > UNREADABLE_INK_SHARE
                && !is_plain(full, middle.to_pixels(scale, full.dimensions())));
    let lifted_main = lifted
        .and_then(|image| {
            letter_under_trail(image, cell, h * scale).map(|text| dark_line_crop(image, cell, text))
        })
        .filter(|(under_trail, _)| {
            main.as_ref()
                .is_none_or(|(text, _)| no_shorter(*text, *under_trail, h * scale))
        });
    // Against the box that is read (narrowed to the largest letter in it by `whole_line`), not
    // the one found at the working size: an `H` whose crossbar a sharpened capture broke is cut
    // to its left stem there.
    // A letter relocated to the other polarity (see `letter_in_cell`) is measured in its own
    // polarity's ink: in the board's, its tile's ground is ink. A letter looked for again in the
    // cell alone is of the board's polarity.
    let main_dark = main.as_ref().map(|_| {
        if relocated_main {
            ink_is_dark(full, cell_middle(cell), cell_middle(cell)).unwrap_or(lattice.dark)
        } else {
            main_blob.map_or(lattice.dark, |m| m.dark)
        }
    });
    let ink_beside_main = main
        .as_ref()
        .zip(main_dark)
        .map_or(0.0, |((read, _), dark)| {
            let read = Rect::new(
                read.left as f32 / scale,
                read.top as f32 / scale,
                read.right as f32 / scale,
                read.bottom as f32 / scale,
            );
            ink_beside(
                &cell_box.inset_share(BESIDE_MIDDLE_INSET),
                read,
                masks.get(dark),
            )
        });
    let main_cut_by_image_edge = main
        .as_ref()
        .zip(main_dark)
        .is_some_and(|((read, _), dark)| {
            let text = Blob {
                x0: read.left,
                y0: read.top,
                x1: read.right,
                y1: read.bottom,
                area: read.area(),
                dark,
                parts: 1,
            };
            cut_by_the_image_edge(full, &text, tile_past)
        });
    // Where no letter was found at all, a letter found under the lifted trail is the only one.
    let (main, lifted_main, unreadable) = match (main, lifted_main) {
        (None, Some(found)) => (Some(found), None, false),
        (main, lifted_main) => (main, lifted_main, unreadable),
    };
    TileCrops {
        row,
        col,
        cell,
        main,
        marks,
        mark_labels,
        marks_with_broken_ink_beside,
        unreadable,
        lifted_main,
        joined_main,
        ink_beside_main,
        main_cut_by_image_edge,
    }
}

/// A letter cut again from the image with a swipe trail lifted off is at least this share of the
/// height of the letter cut from the image as it is (or of the board's letters, where the letter
/// as cut is taller: it may have taken in the band's edge); see [`no_shorter`].
const LIFTED_HEIGHT_KEPT: f32 = 0.85;

/// Whether the letter cut from the image with a trail lifted off (`under_trail`) is no shorter
/// than the letter cut from the image as it is (`text`), for `h`-high letters (see
/// [`LIFTED_HEIGHT_KEPT`]): lifting a trail gives a letter back the strokes the band hid, it
/// takes none away. A shorter one is a piece of other ink: a "band" found on a small tile may be
/// the middle grey of a downscaled letter (an `M` 20 px high); unblended, the letter merges with
/// the badge beside it, and the letter-sized ink left nearest the cell's middle is one of its
/// stems, read `J`.
fn no_shorter(text: PixelBox, under_trail: PixelBox, h: f32) -> bool {
    let letter_height = text.height().min(h as u32) as f32;
    under_trail.height() as f32 >= LIFTED_HEIGHT_KEPT * letter_height
}

/// The corner marks of cell `(row, col)` looked for again in the image's smallest colour channel,
/// in the quarter of the cell (and of its margin) in the corner given (`left`, `top`), each with
/// its box in the image and its crop for the model (see [`normalise_mark`]). White print on a
/// yellow or orange badge (Ruzzle's `DW`, `TW`) stands out little in grey, where such a badge
/// is missed on a dimmed or small screenshot; in the smallest channel it stands out from 0 to
/// 255. One quarter alone keeps the cost low (about 1-2% of a read).
pub fn smallest_channel_marks(
    image: &DynamicImage,
    lattice: &Lattice,
    scale: f32,
    (row, col): (usize, usize),
    (left, top): (bool, bool),
) -> Vec<(PixelBox, GrayImage)> {
    let (width, height) = (image.width(), image.height());
    let cell_box = lattice.cell_box(row, col);
    // Only the quarter of the cell (and of its margin) in the badges' corner.
    let quarter = |b: Rect| {
        let (cx, cy) = ((b.left + b.right) / 2.0, (b.top + b.bottom) / 2.0);
        let (x0, x1) = if left { (b.left, cx) } else { (cx, b.right) };
        let (y0, y1) = if top { (b.top, cy) } else { (cy, b.bottom) };
        Rect::new(x0, y0, x1, y1)
    };
    let window =
        quarter(cell_box.outset(MARK_SEARCH_OUTSET * lattice.px)).to_pixels(scale, (width, height));
    if window.width() <= MIN_READ_SIDE || window.height() <= MIN_READ_SIDE {
        return vec![];
    }
    let cell = quarter(cell_box).to_pixels(scale, (width, height));
    let sub = smallest_channel(image, window);
    let whole = PixelBox::whole(sub.dimensions());
    let cell = cell.relative_to((window.left, window.top));
    let h = lattice.glyph_height * scale;
    corner_marks(&sub, whole, cell, None, h, lattice.px * scale)
        .into_iter()
        .map(|CornerMark { ink: m, .. }| {
            let crop = normalise_mark(&sub, m.bounds(), m.dark, m.height() as f32, whole);
            (m.bounds().shifted(window.left, window.top), crop)
        })
        .collect()
}

/// The share of the ink of `middle` (analysis pixels) that lies outside the main text's box
/// `main` (analysis pixels): near 0 when the box holds the whole letter; large when the box holds
/// only a piece of it (the stem of an `E` whose arms the masks cut off).
fn ink_beside(middle: &Rect, main: Rect, mask: &GrayImage) -> f32 {
    let (all, _) = middle.ink_and_area(mask);
    let inside = Rect::new(
        middle.left.max(main.left),
        middle.top.max(main.top),
        middle.right.min(main.right),
        middle.bottom.min(main.bottom),
    );
    let (held, _) = inside.ink_and_area(mask);
    if all == 0 {
        return 0.0;
    }
    all.saturating_sub(held) as f32 / all as f32
}

/// The pad, in pixels, copied around a text `text_height` pixels high (see [`CROP_PAD`]).
fn crop_pad(text_height: f32) -> u32 {
    (CROP_PAD * text_height).round() as u32 + 1
}

/// A text's crop (full-resolution pixels) cut from the image's smallest colour channel instead of
/// its grey levels: white print on a saturated badge (Ruzzle's `DW` on a swiped orange tile)
/// stands out there far more than in grey, where badge and tile may be of one level.
pub fn colour_crop(image: &DynamicImage, text: PixelBox) -> GrayImage {
    let text_height = text.height() as f32;
    // Only the text and the pad `normalise` copies around it.
    let pad = crop_pad(text_height);
    let area = text
        .outset(pad, pad)
        .clamp_to((image.width(), image.height()));
    let smallest = smallest_channel(image, area);
    let text = text.clamp_to_box(area).relative_to((area.left, area.top));
    normalise(
        &smallest,
        text,
        false,
        text_height,
        PixelBox::whole(smallest.dimensions()),
        Paper::AtMostGround,
    )
}

/// Looks again for the letter of every cell no letter was found in (a hole to the grid search,
/// or a cell that holds ink; not a cell under a cover), in the colour channel in which the
/// cell's middle spreads widest (see [`spread`]), and cuts it from that channel. A letter may
/// stand out in one channel only: dark print on a Letterpress tile of deep magenta under a modal
/// dim differs from the tile by about 30 grey levels (under [`MIN_INK_CONTRAST`]) and by about
/// 100 in red. `h` is the letters' height in full-resolution pixels. A letter found there is read
/// like any other (its confidence is the model's).
pub fn letters_in_colour(image: &DynamicImage, lattice: &Lattice, h: f32, cells: &mut [TileCrops]) {
    let covered = |cell: &TileCrops| lattice.is_covered(cell.row * lattice.cols + cell.col);
    let bounds = (image.width(), image.height());
    cells
        .par_iter_mut()
        .filter(|cell| cell.main.is_none() && !covered(cell))
        .for_each(|cell| {
            if let Some(found) = letter_in_colours(image, cell.cell.clamp_to(bounds), h) {
                cell.main = Some(found);
                cell.unreadable = false;
            }
        });
}

/// The letter in `cell` (image pixels) looked for in the colour channel in which the cell's
/// middle spreads widest: its box in image pixels and its crop, cut from that channel.
fn letter_in_colours(
    image: &DynamicImage,
    cell: PixelBox,
    h: f32,
) -> Option<(PixelBox, GrayImage)> {
    if cell.width() < MIN_READ_SIDE || cell.height() < MIN_READ_SIDE {
        return None;
    }
    let local = PixelBox::whole((cell.width(), cell.height()));
    let widest = (0..3)
        .map(|c| colour_channel(image, cell, c))
        .max_by(|a, b| {
            let middle = cell_middle(local);
            spread(a, middle).total_cmp(&spread(b, middle))
        })?;
    let (text, crop) = main_in_cell(&widest, local, h)?;
    Some((text.shifted(cell.left, cell.top), crop))
}

/// The main text of a cell looked for in the cell alone: its box and its crop.
fn main_in_cell(full: &GrayImage, cell: PixelBox, h: f32) -> Option<(PixelBox, GrayImage)> {
    letter_in_cell(full, cell, h).map(|text| dark_line_crop(full, cell, text))
}

/// The whole line of `text` in its cell and its crop, the ink taken as dark unless its own
/// levels say otherwise (see [`normalise`]).
fn dark_line_crop(full: &GrayImage, cell: PixelBox, text: PixelBox) -> (PixelBox, GrayImage) {
    let pixels = whole_line(full, cell, text);
    let height = pixels.height() as f32;
    (
        pixels,
        normalise(full, pixels, true, height, cell, Paper::AtMostGround),
    )
}

/// The small marks of a cell (full-resolution pixels): text boxes of either polarity clearly
/// smaller than the letters (`h` high), centred inside the cell and apart from the main text.
/// Ink is found in `window` (the cell and a margin: marks sit near the tile's edge, which may
/// reach past the cell box) against a small local window, so that a tile's rim does not swallow
/// a digit near it.
fn corner_marks(
    full: &GrayImage,
    window: PixelBox,
    cell: PixelBox,
    letter: Option<Blob>,
    h: f32,
    pitch: f32,
) -> Vec<CornerMark> {
    let main = letter.map(|l| l.bounds());
    if window.width() <= MIN_READ_SIDE || window.height() <= MIN_READ_SIDE {
        return vec![];
    }
    let (x0, y0) = (window.left, window.top);
    let sub = copy_of(full, window.clamp_to(full.dimensions()));
    let radius = ((MARK_WINDOW * pitch) as u32).max(MARK_MIN_RADIUS);
    let masks = ink_masks(&sub, radius, INK_DELTA);
    let inside = |m: &Blob| cell.contains((m.cx(), m.cy()));
    let levelled = level_masks(&sub, cell.relative_to((x0, y0)));
    let levelled_mask = |dark: bool| {
        levelled
            .iter()
            .find(|(d, _, _)| *d == dark)
            .map(|(_, _, m)| m)
    };
    // The least contrast of a mark of each polarity: see [`FAINT_MARK_SHARE`] and
    // [`DIMMED_MARK_SHARE`].
    let letter_least = letter.map_or(MIN_INK_CONTRAST, |letter| {
        MIN_INK_CONTRAST.min(DIMMED_MARK_SHARE * contrast(full, &letter))
    });
    let least_contrast = |dark: bool| {
        levelled
            .iter()
            .find(|(d, _, _)| *d == dark)
            .map_or(letter_least, |(_, tile_ink, _)| {
                MIN_INK_CONTRAST.min(FAINT_MARK_SHARE * tile_ink)
            })
    };
    // Each pair of masks (local-mean ink, levelled ink) is labelled in one pass.
    let local_blobs = blobs_of_both(&masks, NOISE_AREA);
    let levelled_blobs = match (levelled_mask(true), levelled_mask(false)) {
        (Some(dark), Some(light)) => blobs_of_pair(dark, light, NOISE_AREA),
        (Some(dark), None) => blobs(dark, true, NOISE_AREA),
        (None, Some(light)) => blobs(light, false, NOISE_AREA),
        (None, None) => vec![],
    };
    let mut found = Vec::new();
    let mut fragments = Vec::new();
    let least_piece = (MARK_MIN_PIECE * h).max(MARK_MIN_PIECE_PIXELS);
    for dark in [true, false] {
        let (pieces, small): (Vec<Blob>, Vec<Blob>) = local_blobs
            .iter()
            .chain(&levelled_blobs)
            .filter(|p| p.dark == dark)
            .map(|p| Blob {
                x0: p.x0 + x0,
                y0: p.y0 + y0,
                x1: p.x1 + x0,
                y1: p.y1 + y0,
                ..*p
            })
            .filter(|p| {
                p.height() as f32 <= MARK_LETTER_SPLIT * h
                    && p.width() as f32 <= MARK_MAX_PIECE_WIDTH * h
            })
            .filter(|p| main.is_none_or(|m| !p.bounds().overlaps(&m)))
            .partition(|p| p.height() as f32 >= least_piece);
        fragments.extend(same_ink_once(small).into_iter().filter(|p| inside(p)));
        found.extend(merge_lines(&same_ink_once(pieces)).into_iter().filter(|m| {
            let fill = m.area as f32 / (m.width() * m.height()) as f32;
            inside(m)
                && fill > MARK_MIN_FILL
                && fill < MARK_MAX_FILL
                && m.width() as f32 <= MARK_MAX_WIDTH * h
        }));
    }
    // Ink of one polarity leaves a halo of the other around it, and the tile between strokes
    // can stand out against its neighbourhood too: a mark is only ink that clearly differs from
    // the ground around it. Of two nested boxes, the one that stands out more is the mark, except
    // that of two of one polarity that stand out alike, the outer one is (the whole `12`, whose
    // thin `1` stands out a little less than its `2`).
    let contrasts: Vec<f32> = found.iter().map(|m| contrast(full, m)).collect();
    let stands_out: Vec<bool> = (0..found.len())
        .map(|i| {
            contrasts[i] >= least_contrast(found[i].dark)
                && !continues_past(full, &found[i], contrasts[i])
        })
        .collect();
    let nested = |outer: &Blob, inner: &Blob| {
        inner.cx() > outer.x0 as f32
            && inner.cx() < outer.x1 as f32
            && inner.cy() > outer.y0 as f32
            && inner.cy() < outer.y1 as f32
    };
    let alike = |outer: usize, inner: usize| {
        is_whole_mark(full, &found[outer], &found[inner], contrasts[inner])
    };
    // Of two nested marks, exactly one is the outer: the one with more ink, then the larger
    // box, then the later found (two boxes a pixel apart may hold the same ink).
    let outer_key = |k: usize| (found[k].area, found[k].width() * found[k].height(), k);
    let beats = |j: usize, i: usize| {
        let j_outer = outer_key(j) > outer_key(i);
        let same = if j_outer { alike(j, i) } else { alike(i, j) };
        if same && stands_out[j] {
            j_outer
        } else {
            (contrasts[j], found[j].area, j) > (contrasts[i], found[i].area, i)
        }
    };
    let mut marks: Vec<CornerMark> = (0..found.len())
        .filter(|&i| {
            stands_out[i]
                && !(0..found.len()).any(|j| {
                    j != i
                        && (nested(&found[i], &found[j]) || nested(&found[j], &found[i]))
                        && beats(j, i)
                })
        })
        .map(|i| CornerMark {
            ink: found[i],
            label: nested_label(&found, i),
            broken_ink_beside: broken_ink_beside(&found[i], &fragments),
        })
        .collect();
    marks.sort_by_key(|m| std::cmp::Reverse(m.ink.area));
    marks.truncate(MAX_MARKS);
    marks
}

/// A corner mark of a cell (see [`corner_marks`]).
#[derive(Debug, Clone, Copy, PartialEq)]
struct CornerMark {
    /// The mark's ink.
    ink: Blob,
    /// The label printed inside it, if any (see [`nested_label`]).
    label: Option<Blob>,
    /// Whether pieces of ink too small to be marks lie beside it on its line, as high as a
    /// digit between them (see [`broken_ink_beside`]).
    broken_ink_beside: bool,
}

/// Pieces of ink too small to be marks (under [`MARK_MIN_PIECE`] of the letter height) beside a
/// mark on its line, their centres within its height and their nearest edge at most this many
/// times its height away ...
const BROKEN_DIGIT_GAP: f32 = 0.3;
/// ... each holding at least this share of its ink (the specks of a compressed capture's ringing
/// round a small digit hold less) ...
const BROKEN_PIECE_INK: f32 = 0.25;
/// ... together at least this share of its height high ...
const BROKEN_DIGIT_HEIGHT: f32 = 0.5;
/// ... and holding at least this share of its ink, are a digit broken into pieces: the `2` of a
/// `12` on a pixelated capture, its strokes turned to blocks of grey, is found as pieces 7 pixels
/// high beside a `1` of 14; the `1` alone read `1` at 100%.
const BROKEN_DIGIT_INK: f32 = 0.5;

/// A text (a mark or a letter) that ends closer than this share of its height to the image's
/// left or right edge may have a digit or letter beside it that the edge cuts (one is narrower
/// than it is high) ...
const EDGE_GLYPH_ROOM: f32 = 1.0;
/// ... when some column within this share of its height beside it holds ink (see
/// [`INK_WITHIN_CONTRAST`]) in at least [`CUT_GLYPH_ROWS`] of the text's rows, and under
/// [`OFF_LINE_INK`] as much (see [`NEARLY_INK_CONTRAST`]) in the bands [`OFF_LINE_SHARE`] of its
/// height high above and below them, where a tile's rim, a tilted tile's corner or the gap
/// between tiles runs on past the line: what the edge left of the next glyph; or, on a tile that
/// runs past the edge (see [`TILE_PAST_EDGE`]), when less room than this is left (too little for
/// the gap between two glyphs to show).
const GLYPH_GAP_SHARE: f32 = 0.25;
/// See [`GLYPH_GAP_SHARE`]: a glyph's stroke crosses a good part of its line (a compressed
/// capture's ringing beside a digit 10 px high marks a few of its rows).
const CUT_GLYPH_ROWS: f32 = 0.4;
/// See [`GLYPH_GAP_SHARE`].
const OFF_LINE_SHARE: f32 = 0.2;
/// See [`GLYPH_GAP_SHARE`] ...
const OFF_LINE_INK: f32 = 0.5;
/// ... where ink off the line is any pixel within this share of the text's contrast from its
/// ink's extreme (more than [`INK_WITHIN_CONTRAST`]): a light line along the image's edge whose
/// noise makes some of its pixels as light as a digit's ink shows off the line too, nearly as
/// light.
const NEARLY_INK_CONTRAST: f32 = 0.75;
/// A cell runs past the image's edge by at most this share of the pitch where the image only
/// cuts the gap beside its tile (at most half the gap between tiles: a screenshot cropped at the
/// board's edge, 1-3% of the pitch on the real Wordament crops): its tile lies whole in the image.
const TILE_PAST_EDGE: f32 = 0.05;

/// Whether a glyph cut by the image's left or right edge may lie beside `text` on its line (see
/// [`EDGE_GLYPH_ROOM`] and what follows it): the text may be a part of a longer value or tile
/// (Boggle With Friends' `10` on a tile the image's edge cuts through, the `0` cut to a sliver
/// that is no mark, read `1` at 99.6%; its `QU`, the `U` cut to its left stem, read `Q` at 100%).
/// `tile_past` says whether the text's tile runs past the image's left and right edges.
fn cut_by_the_image_edge(full: &GrayImage, text: &Blob, tile_past: [bool; 2]) -> bool {
    let height = text.height() as f32;
    let gap = (GLYPH_GAP_SHARE * height).ceil() as u32;
    let width = full.width();
    // Each side: the room to the image's edge, the columns right beside the text, and whether
    // the tile runs past that edge.
    let beside_left: Vec<u32> = (text.x0.saturating_sub(gap)..text.x0).rev().collect();
    let beside_right: Vec<u32> = (text.x1..(text.x1 + gap).min(width)).collect();
    let sides = [
        (text.x0, beside_left, tile_past[0]),
        (width - text.x1.min(width), beside_right, tile_past[1]),
    ];
    let near: Vec<_> = sides
        .into_iter()
        .filter(|&(room, _, _)| (room as f32) < EDGE_GLYPH_ROOM * height)
        .collect();
    if near.is_empty() {
        return false;
    }
    let contrast = contrast(full, text);
    let is_ink = ink_like(full, text, INK_WITHIN_CONTRAST * contrast);
    let is_nearly_ink = ink_like(full, text, NEARLY_INK_CONTRAST * contrast);
    let share = |x: u32, rows: std::ops::Range<u32>, ink: &dyn Fn(u32, u32) -> bool| {
        let n = rows.len().max(1) as f32;
        rows.filter(|&y| ink(x, y)).count() as f32 / n
    };
    let inked = |x: u32| share(x, text.y0..text.y1, &is_ink);
    // The bands above and below the line, a pixel off it (a glyph's antialiased rim).
    let off_line = (OFF_LINE_SHARE * height).ceil() as u32;
    let above = text.y0.saturating_sub(1 + off_line)..text.y0.saturating_sub(1);
    let below = (text.y1 + 1).min(full.height())..(text.y1 + 1 + off_line).min(full.height());
    let glyph_column = |x: u32| {
        let on_line = inked(x);
        let off_line_at_most = OFF_LINE_INK * on_line;
        on_line >= CUT_GLYPH_ROWS
            && share(x, above.clone(), &is_nearly_ink) < off_line_at_most
            && share(x, below.clone(), &is_nearly_ink) < off_line_at_most
    };
    near.into_iter().any(|(room, beside, past)| {
        // Outwards from the text: past its own edge (a column of it the box left out) to a
        // column of ground, then to a glyph.
        let mut outwards = beside.into_iter().skip_while(|&x| inked(x) > 0.0);
        (past && room < gap) || outwards.any(glyph_column)
    })
}

/// Whether `fragments` (pieces of ink too small to be marks) on one side of `mark` make a digit
/// broken into pieces (see [`BROKEN_DIGIT_GAP`] and what follows it): the mark may be one digit
/// of a longer value.
fn broken_ink_beside(mark: &Blob, fragments: &[Blob]) -> bool {
    let height = mark.height() as f32;
    let on_line = |f: &&Blob| {
        f.dark == mark.dark
            && f.cy() > mark.y0 as f32
            && f.cy() < mark.y1 as f32
            && f.area as f32 >= BROKEN_PIECE_INK * mark.area as f32
    };
    [true, false].into_iter().any(|right| {
        let side: Vec<&Blob> = fragments
            .iter()
            .filter(on_line)
            .filter(|f| {
                let gap = if right {
                    f.x0 as f32 - mark.x1 as f32
                } else {
                    mark.x0 as f32 - f.x1 as f32
                };
                (0.0..=BROKEN_DIGIT_GAP * height).contains(&gap)
            })
            .collect();
        let (Some(top), Some(bottom)) = (
            side.iter().map(|f| f.y0).min(),
            side.iter().map(|f| f.y1).max(),
        ) else {
            return false;
        };
        let ink: u32 = side.iter().map(|f| f.area).sum();
        (bottom - top) as f32 >= BROKEN_DIGIT_HEIGHT * height
            && ink as f32 >= BROKEN_DIGIT_INK * mark.area as f32
    })
}

/// The label printed inside mark `found[i]`, if any: the largest text found whose box lies
/// wholly inside the mark's, of either polarity (a light `TL` on a dark disc, a grey one inside
/// a dark ring). A round badge at a phone's resolution stands out more than its label, so the
/// badge is the mark, and the model reads it as an `O` or a `Q`; its label is read again (see
/// `notation`).
fn nested_label(found: &[Blob], i: usize) -> Option<Blob> {
    let outer = found[i];
    let within = |b: &Blob| {
        outer.bounds().holds(&b.bounds()) && b.width() * b.height() < outer.width() * outer.height()
    };
    found
        .iter()
        .enumerate()
        .filter(|&(j, b)| j != i && within(b))
        .max_by_key(|(j, b)| (b.width() * b.height(), *j))
        .map(|(_, b)| *b)
}

/// The pieces of one polarity with each piece of ink that both masks found (local-mean and
/// levelled) counted once: two boxes that overlap by more than [`SAME_INK_OVERLAP`] of the
/// smaller one, neither inside the other, are one piece, its box their union and its ink the
/// larger of theirs. Side by side, [`merge_lines`] would join them and add up their ink, and the
/// mark would look like a filled block (see [`MARK_MAX_FILL`]). Nested boxes are left to the
/// choice between nested marks in [`corner_marks`].
fn same_ink_once(mut pieces: Vec<Blob>) -> Vec<Blob> {
    let inside = |o: &Blob, i: &Blob| o.bounds().holds(&i.bounds());
    let shared = |a: &Blob, b: &Blob| {
        let w = a.x1.min(b.x1).saturating_sub(a.x0.max(b.x0));
        let h = a.y1.min(b.y1).saturating_sub(a.y0.max(b.y0));
        let smaller = (a.width() * a.height()).min(b.width() * b.height()).max(1);
        (w * h) as f32 / smaller as f32
    };
    let mut i = 0;
    while i < pieces.len() {
        let twin = (i + 1..pieces.len()).find(|&j| {
            let (a, b) = (&pieces[i], &pieces[j]);
            !inside(a, b) && !inside(b, a) && shared(a, b) > SAME_INK_OVERLAP
        });
        match twin {
            Some(j) => {
                let b = pieces.swap_remove(j);
                let a = pieces[i];
                pieces[i] = Blob {
                    area: a.area.max(b.area),
                    parts: a.parts.max(b.parts),
                    ..a.union(&b)
                };
            }
            None => i += 1,
        }
    }
    pieces
}

/// Ink masks of `sub`, each with the contrast of the tile's most extreme ink of its polarity,
/// thresholded [`MARK_LEVEL_SHARE`] of the way from the tile's ground (the median level of
/// `cell`, in `sub`'s pixels) to that ink, for each polarity whose ink stands out by
/// at least [`MIN_INK_CONTRAST`]. Against the local mean, a digit close to the tile's edge joins
/// the tile's rim (a `1` at the left of Wordament's `12`); against the tile's own level, the gap
/// between tiles is not ink of the digit's polarity, so the digit stays apart. Only for flat
/// tiles (see [`FLAT_TILE_SHARE`]): on shaded tiles with badges and icons one level cuts shapes
/// into pieces that look like digits. Empty when the tile is not flat.
fn level_masks(sub: &GrayImage, cell: PixelBox) -> Vec<(bool, f32, GrayImage)> {
    let cell = cell.clamp_to(sub.dimensions());
    if cell.width() <= 2 || cell.height() <= 2 {
        return vec![];
    }
    let levels = levels_in(sub, cell);
    let n = levels.len();
    let ground = levels.median() as f32;
    let flat = levels.count_where(|v| (v as f32 - ground).abs() <= FLAT_TILE_SPREAD);
    if (flat as f32) < FLAT_TILE_SHARE * n as f32 {
        return vec![];
    }
    [true, false]
        .map(|dark| (dark, ink_extreme(&levels, dark, CELL_INK_STRAY)))
        .into_iter()
        .filter(|(_, ink)| (ink - ground).abs() >= MIN_INK_CONTRAST)
        .map(|(dark, ink)| {
            (
                dark,
                (ink - ground).abs(),
                ink_beyond(
                    sub,
                    PixelBox::whole(sub.dimensions()),
                    dark,
                    ground + MARK_LEVEL_SHARE * (ink - ground),
                ),
            )
        })
        .collect()
}

/// Whether a mark's ink goes on past two or more sides of its box (see [`CONTINUES_SHARE`]):
/// then it is not a mark printed on the tile but the ground around a rounded tile corner (or
/// another piece of something larger), which the model reads as a `4` or an `L`. A printed
/// value or badge is enclosed by its tile's ground on every side but at most one (a digit close
/// to the tile's edge). `contrast` is the mark's contrast (see [`contrast`]); a pixel is ink
/// when it is within half of it from the ink's extreme.
fn continues_past(full: &GrayImage, m: &Blob, contrast: f32) -> bool {
    let (w, h) = full.dimensions();
    let is_ink = ink_like(full, m, INK_WITHIN_CONTRAST * contrast);
    let share = |pixels: Vec<(u32, u32)>| {
        let n = pixels.len().max(1) as f32;
        pixels.into_iter().filter(|&(x, y)| is_ink(x, y)).count() as f32 / n
    };
    let mut sides: Vec<Vec<(u32, u32)>> = Vec::new();
    if m.x0 >= 1 {
        sides.push((m.y0..m.y1).map(|y| (m.x0 - 1, y)).collect());
    }
    if m.x1 < w {
        sides.push((m.y0..m.y1).map(|y| (m.x1, y)).collect());
    }
    if m.y0 >= 1 {
        sides.push((m.x0..m.x1).map(|x| (x, m.y0 - 1)).collect());
    }
    if m.y1 < h {
        sides.push((m.x0..m.x1).map(|x| (x, m.y1)).collect());
    }
    sides
        .into_iter()
        .filter(|side| share(side.clone()) > CONTINUES_SHARE)
        .count()
        >= CONTINUES_SIDES
}

/// Whether a pixel of `full` is as inky as the ink of `m`: within `reach` grey levels of the
/// extreme of its ink.
fn ink_like<'a>(full: &'a GrayImage, m: &Blob, reach: f32) -> impl Fn(u32, u32) -> bool + 'a {
    let ink = ink_extreme(&levels_in(full, m.bounds()), m.dark, MARK_INK_STRAY);
    let dark = m.dark;
    move |x, y| {
        let v = level_at(full, x, y) as f32;
        if dark {
            v <= ink + reach
        } else {
            v >= ink - reach
        }
    }
}

/// How much a blob's ink stands out (in its polarity) from the ground just around its box: the
/// 10% extreme of the box against the median of a ring half the box's size wide.
fn contrast(full: &GrayImage, m: &Blob) -> f32 {
    let (pw, ph) = (m.width() / 2 + 1, m.height() / 2 + 1);
    let around = m.bounds().outset(pw, ph).clamp_to(full.dimensions());
    let inner = Levels::in_image(full, m.bounds());
    // The ring is the box around the mark less the mark's own box, which lies inside it.
    let ring = Levels::in_image(full, around).without(&inner);
    if inner.len() == 0 || ring.len() == 0 {
        return 0.0;
    }
    let ground = ring.median() as f32;
    let ink = ink_extreme(&inner, m.dark, MARK_INK_STRAY);
    if m.dark { ground - ink } else { ink - ground }
}

/// Whether `outer`, of the same polarity as the `inner` box it holds (which stands out
/// `inner_contrast`), is the whole mark: its ink beside `inner` stands out about as much (see
/// [`SAME_CONTRAST`]), a digit beside a digit rather than a strip of the tile's rim.
fn is_whole_mark(full: &GrayImage, outer: &Blob, inner: &Blob, inner_contrast: f32) -> bool {
    outer.dark == inner.dark
        && beside_contrast(full, outer, inner) >= SAME_CONTRAST * inner_contrast
}

/// How much the ink of `outer` beside `inner` (the wider of its strips left and right of
/// `inner`) stands out from the ground around `outer`, as [`contrast`] measures a mark: a digit's
/// stroke beside the other digit stands out as much as it does; a strip of the tile's rim, less.
fn beside_contrast(full: &GrayImage, outer: &Blob, inner: &Blob) -> f32 {
    let (left, right) = (
        inner.x0.saturating_sub(outer.x0),
        outer.x1.saturating_sub(inner.x1),
    );
    let strip = if left >= right {
        PixelBox::new(outer.x0, outer.y0, inner.x0.max(outer.x0 + 1), outer.y1)
    } else {
        PixelBox::new(inner.x1.min(outer.x1 - 1), outer.y0, outer.x1, outer.y1)
    };
    let (pw, ph) = (outer.width() / 2 + 1, outer.height() / 2 + 1);
    let around = outer.bounds().outset(pw, ph).clamp_to(full.dimensions());
    let ring = Levels::in_image(full, around).without(&Levels::in_image(full, outer.bounds()));
    let ink = Levels::in_image(full, strip.clamp_to(full.dimensions()));
    if ring.len() == 0 || ink.len() == 0 {
        return 0.0;
    }
    let ground = ring.median() as f32;
    let ink = ink_extreme(&ink, outer.dark, MARK_INK_STRAY);
    if outer.dark {
        ground - ink
    } else {
        ink - ground
    }
}

/// The grey level at (x, y), clamped to the image.
fn level_at(full: &GrayImage, x: u32, y: u32) -> u8 {
    full.get_pixel(x.min(full.width() - 1), y.min(full.height() - 1))[0]
}

/// Hands the grey levels of a box of an image to `each_row`, one row at a time, top to bottom.
/// A box reaching past the right or bottom of the image repeats the image's edge pixels there
/// (as [`level_at`] does), so every row has the box's width; a box inside the image is read
/// straight from its buffer.
fn for_each_row_clamped(image: &GrayImage, area: PixelBox, mut each_row: impl FnMut(&[u8])) {
    if area.is_empty() {
        return;
    }
    if area.fits_in(image.dimensions()) {
        let (raw, w) = (image.as_raw(), image.width());
        for y in area.top..area.bottom {
            each_row(&raw[(y * w + area.left) as usize..(y * w + area.right) as usize]);
        }
    } else {
        let mut row = Vec::with_capacity(area.width() as usize);
        for y in area.top..area.bottom {
            row.clear();
            row.extend((area.left..area.right).map(|x| level_at(image, x, y)));
            each_row(&row);
        }
    }
}

/// A copy of a box of an image, row by row (a box reaching past the image repeats its edge
/// pixels, see [`for_each_row_clamped`]).
pub(crate) fn copy_of(image: &GrayImage, area: PixelBox) -> GrayImage {
    let mut pixels = Vec::with_capacity(area.area() as usize);
    for_each_row_clamped(image, area, |row| pixels.extend_from_slice(row));
    GrayImage::from_raw(area.width(), area.height(), pixels).expect("one level per pixel")
}

/// The grey levels of a box of an image (see [`for_each_row_clamped`] for a box reaching past
/// the image).
fn levels_in(image: &GrayImage, area: PixelBox) -> Levels {
    Levels::of_rows(|count| for_each_row_clamped(image, area, count))
}

/// The ink's end of some `levels` (the low end for dark ink, the high end for light), leaving
/// out the most extreme `1 / skip` of them as stray pixels.
fn ink_extreme(levels: &Levels, dark: bool, skip: usize) -> f32 {
    let n = levels.len();
    (if dark {
        levels.nth(n / skip)
    } else {
        levels.nth(n.saturating_sub(1 + n / skip))
    }) as f32
}

/// Whether a box (full pixels) is one flat level, as background is: 90% of its pixels lie
/// within [`PLAIN_SPREAD`] grey levels. (The local-mean ink masks mark a flat hole as ink when it
/// is darker than the tiles around it.)
fn is_plain(full: &GrayImage, area: PixelBox) -> bool {
    area.is_empty() || spread(full, area) <= PLAIN_SPREAD
}

/// How widely the grey levels of a box spread: from its darkest to its lightest, the
/// [`TEXT_INK_STRAY`] share at each end left out (specks, a tile's rim); 0 for a box with no
/// pixels.
fn spread(image: &GrayImage, area: PixelBox) -> f32 {
    let levels = levels_in(image, area);
    ink_extreme(&levels, false, TEXT_INK_STRAY) - ink_extreme(&levels, true, TEXT_INK_STRAY)
}

/// A mask of a box of an image: 255 where the grey level is past `mid` on the ink's side (below
/// it for dark ink, above it for light ink). (See [`for_each_row_clamped`] for a box reaching
/// past the image.)
fn ink_beyond(image: &GrayImage, area: PixelBox, dark: bool, mid: f32) -> GrayImage {
    let is_ink: [u8; 256] = std::array::from_fn(|v| {
        let v = v as f32;
        if (dark && v < mid) || (!dark && v > mid) {
            255
        } else {
            0
        }
    });
    let mut mask = Vec::with_capacity(area.area() as usize);
    for_each_row_clamped(image, area, |row| {
        mask.extend(row.iter().map(|&v| is_ink[v as usize]))
    });
    GrayImage::from_raw(area.width(), area.height(), mask).expect("a mask of the box's size")
}

/// Whether the middle of a cell (full pixels) holds ink of the polarity opposite to `dark`, as
/// judged by [`ink_is_dark`] on the middle three quarters of the cell (its edge is the tile's
/// ground).
fn other_polarity(full: &GrayImage, cell: PixelBox, dark: bool) -> bool {
    ink_is_dark(full, cell_middle(cell), cell_middle(cell)).is_some_and(|d| d != dark)
}

/// Whether ink (analysis pixels) reaches the rim of its cell's box ([`RIM_SHARE`] of its
/// shorter side): a tile's own print lies inside the tile, and the cell's edge is in the gap
/// between tiles.
fn reaches_edge(ink: &Blob, cell: &Rect) -> bool {
    let rim = RIM_SHARE * cell.width().min(cell.height());
    ink.x0 as f32 <= cell.left + rim
        || ink.x1 as f32 >= cell.right - rim
        || ink.y0 as f32 <= cell.top + rim
        || ink.y1 as f32 >= cell.bottom - rim
}

/// The glyphs of a text (analysis pixels, in its polarity's ink `mask`) that keep off the rim of
/// its cell (see [`reaches_edge`]), as one text; `None` when every glyph or none reaches it.
fn glyphs_off_edge(text: &Blob, cell: &Rect, mask: &GrayImage) -> Option<Blob> {
    let area = text.bounds();
    // Every piece of ink in the box and a pixel around it, so that a piece cut by the box's
    // border is seen running on past it (the gap's ink does).
    let around = area.outset(1, 1).clamp_to(mask.dimensions());
    let glyphs = components(&copy_of(mask, around))
        .into_iter()
        .filter(|(_, g)| g.area >= NOISE_AREA)
        .map(|(_, g)| Blob {
            x0: g.x0 + around.left,
            y0: g.y0 + around.top,
            x1: g.x1 + around.left,
            y1: g.y1 + around.top,
            dark: text.dark,
            ..g
        });
    let (on_edge, off_edge): (Vec<Blob>, Vec<Blob>) = glyphs.partition(|g| reaches_edge(g, cell));
    if on_edge.is_empty() {
        return None;
    }
    // A piece off the rim that runs on past the box is not one of the text's glyphs: it is the
    // foot of other print the box cuts (a value printed just above the letters, whose box the
    // gap's ink stretched upwards: Wordament's `12` above `VE`).
    off_edge
        .into_iter()
        .filter(|g| area.holds(&g.bounds()))
        .reduce(|a, b| a.union(&b))
}

/// The middle three quarters of a cell (an eighth off each side): the tile's letter and the
/// ground around it, without the gaps between tiles.
fn cell_middle(cell: PixelBox) -> PixelBox {
    cell.inset(cell.width() / 8, cell.height() / 8)
}

/// The box of the letter-sized piece of ink nearest the middle of a cell (full-resolution
/// pixels), for `h`-high letters: the cell's middle is thresholded halfway between its ground
/// and its most extreme ink. A piece that runs into the middle's edge is left out (the ground
/// between tiles, a tile's rim).
fn letter_in_cell(full: &GrayImage, cell: PixelBox, h: f32) -> Option<PixelBox> {
    letter_in_cell_within(full, cell, h, &[cell_middle(cell)])
}

/// The letter of a cell under a lifted swipe trail (see [`letter_in_cell`]); where none is found
/// in the cell's middle, it is looked for again over all of the cell but a sixteenth off each
/// side: a letter wider than the middle (a `W` on a tile with thin margins) runs into its edge,
/// and the trail's band joined to it, it was read from the image as it is (a `V` at 100%). Only
/// here: on a photo of dice the wider search takes a die's edge for a letter.
fn letter_under_trail(full: &GrayImage, cell: PixelBox, h: f32) -> Option<PixelBox> {
    let wide = cell.inset(cell.width() / 16, cell.height() / 16);
    letter_in_cell_within(full, cell, h, &[cell_middle(cell), wide])
}

/// The letter found first in `areas` of a cell, in order (see [`letter_in_area`]), its polarity
/// and levels those of the cell's middle (see [`letter_in_cell`]).
fn letter_in_cell_within(
    full: &GrayImage,
    cell: PixelBox,
    h: f32,
    areas: &[PixelBox],
) -> Option<PixelBox> {
    let middle = cell_middle(cell);
    if middle.width() < MIN_READ_SIDE || middle.height() < MIN_READ_SIDE {
        return None;
    }
    let dark = ink_is_dark(full, middle, middle)?;
    let levels = levels_in(full, middle);
    let ground = levels.median() as f32;
    let ink = ink_extreme(&levels, dark, LETTER_INK_STRAY);
    if (ink - ground).abs() < MIN_INK_CONTRAST {
        return None;
    }
    let mid = (ink + ground) / 2.0;
    areas
        .iter()
        .find_map(|&area| letter_in_area(full, cell, area, dark, mid, h))
}

/// The letter-sized piece of ink (of polarity `dark`, beyond the level `mid`) in `area` of a
/// cell nearest the cell's middle, for `h`-high letters (see [`letter_in_cell`]).
fn letter_in_area(
    full: &GrayImage,
    cell: PixelBox,
    area: PixelBox,
    dark: bool,
    mid: f32,
    h: f32,
) -> Option<PixelBox> {
    let mask = ink_beyond(full, area, dark, mid);
    let (cx, cy) = cell.centre();
    merge_lines(&blobs(&mask, dark, CELL_LETTER_MIN_AREA))
        .into_iter()
        .map(|p| p.bounds().shifted(area.left, area.top))
        .filter(|p| {
            let (pw, ph) = (p.width() as f32, p.height() as f32);
            // A letter, or the smaller print of a long special tile (`OVER-`), which is wide.
            let letter = ph >= CELL_LETTER_MIN_HEIGHT * h && ph <= LETTER_MAX_HEIGHT * h;
            let small_print = ph >= CELL_SMALL_PRINT_MIN_HEIGHT * h
                && ph < CELL_LETTER_MIN_HEIGHT * h
                && pw > SMALL_PRINT_MIN_ASPECT * ph;
            letter || small_print
        })
        .min_by(|a, b| {
            let d = |p: &PixelBox| {
                let (x, y) = p.centre();
                (x - cx).hypot(y - cy)
            };
            d(a).total_cmp(&d(b))
        })
}

/// Widens a main text box to the whole line of text in its cell (full-resolution pixels).
///
/// Long texts (`OVER-`, `U/L`, `-IC`) reach close to the tile's edge, where the local-mean ink
/// masks lose letters to the tile's rim. Here the cell is thresholded halfway between the text's
/// ink and the ground around it, and pieces on the text's line (their centre within its height,
/// not touching the cell's edge, not taller than half again the text) join the box.
pub fn whole_line(full: &GrayImage, cell: PixelBox, text: PixelBox) -> PixelBox {
    let area = inside_rim(cell);
    if area.width() < MIN_READ_SIDE || area.height() < MIN_READ_SIDE || text.is_empty() {
        return text;
    }
    let Some(levels) = line_levels(full, text, area) else {
        return text;
    };
    let found_in_cell = pieces_past_midway(full, area, &levels);
    // Start again from the largest letter inside the box: the box found at the working size may
    // have taken in a piece of a badge or of the tile's shading next to the letter.
    let text = largest_letter_in(&found_in_cell, text).unwrap_or(text);
    let pieces = found_in_cell
        .into_iter()
        .filter(|&piece| on_text_line(full, piece, text, &levels))
        .collect();
    grow_along_line(text, pieces)
}

/// The grey levels of a text's ink and of the ground around it, and the ink's polarity.
struct LineLevels {
    /// True for ink darker than the ground.
    dark: bool,
    /// The ink's level (its extreme, leaving out stray pixels).
    ink: f32,
    /// The ground's level (the median around the text).
    ground: f32,
}

/// A cell without its rim: 3% of its shorter side off each side.
fn inside_rim(cell: PixelBox) -> PixelBox {
    let inset = (cell.width().min(cell.height()) as f32 * RIM_SHARE) as u32;
    cell.inset(inset, inset)
}

/// The levels of `text`'s ink and of the ground in a ring around it (30% of its height wide,
/// inside `area`); `None` when the polarity cannot be told, there is no ground around the text,
/// or its ink stands out from the ground by less than 30 grey levels.
fn line_levels(full: &GrayImage, text: PixelBox, area: PixelBox) -> Option<LineLevels> {
    let at = |x: u32, y: u32| level_at(full, x, y);
    // The ground is taken just around the text, on the tile: farther out, the cell may hold
    // more of the board between tiles than of the tile (small dice on a wooden tray), which
    // would also turn the polarity around.
    let ring = (text.height() as f32 * GROUND_RING) as u32 + 1;
    let around_box = text.outset(ring, ring).clamp_to_box(area);
    // The polarity from the text's own pixels against the ring's edge: the whole ring may hold
    // a strip of the gap beside the tile (a lattice a little off the tiles), whose dark mass
    // outweighs light letters.
    let dark = ink_is_dark(full, text, around_box)?;
    let inside = levels_in(full, text);
    let around = Levels::of(
        (around_box.top..around_box.bottom)
            .flat_map(|y| (around_box.left..around_box.right).map(move |x| (x, y)))
            .filter(|&(x, y)| !text.contains((x as f32, y as f32)))
            .map(|(x, y)| at(x, y)),
    );
    if around.len() == 0 {
        return None;
    }
    let ground = around.median() as f32;
    let ink = ink_extreme(&inside, dark, TEXT_INK_STRAY);
    if (ink - ground).abs() < MIN_LINE_CONTRAST {
        return None;
    }
    Some(LineLevels { dark, ink, ground })
}

/// The pieces of ink in `area` (full pixels) past the level halfway between the text's ink and
/// its ground.
fn pieces_past_midway(full: &GrayImage, area: PixelBox, levels: &LineLevels) -> Vec<PixelBox> {
    let mid = (levels.ink + levels.ground) / 2.0;
    let mask = ink_beyond(full, area, levels.dark, mid);
    blobs(&mask, levels.dark, NOISE_AREA)
        .into_iter()
        .map(|p| p.bounds().shifted(area.left, area.top))
        .collect()
}

/// Whether a piece is of the same ink as the text, on its line and of a letter's or a hyphen's
/// size.
fn on_text_line(full: &GrayImage, piece: PixelBox, text: PixelBox, levels: &LineLevels) -> bool {
    let th = text.height() as f32;
    let (w, h) = (piece.width() as f32, piece.height() as f32);
    let (_, cy) = piece.centre();
    let on_line = cy > text.top as f32 && cy < text.bottom as f32;
    // A capital before lower-case text (the `Q` of `Qu` when the `u` was found first)
    // stands on the same baseline and rises above it.
    let capital_before = piece.right <= text.left + CAPITAL_OVERLAP_PIXELS
        && h <= CAPITAL_MAX_HEIGHT * th
        && piece.top < text.top
        && piece.bottom as f32 >= text.bottom as f32 - CAPITAL_BASELINE * th;
    let hyphen = w >= HYPHEN_MIN_ASPECT * h && h <= HYPHEN_MAX_HEIGHT * th;
    let sized =
        (h <= SAME_SIZE_MAX * th || capital_before) && (h >= LINE_PIECE_MIN_HEIGHT * th || hyphen);
    let contrast = (levels.ground - levels.ink).abs();
    let extreme = ink_extreme(&levels_in(full, piece), levels.dark, TEXT_INK_STRAY);
    let same_ink = (extreme - levels.ink).abs() < SAME_INK * contrast
        || (hyphen
            && mid_height_dash(piece, text)
            && ink_across(full, piece, levels) >= (1.0 - SAME_INK) * contrast);
    on_line && sized && same_ink
}

/// Whether a piece is a dash at the middle of the text's height (its centre in the middle half)
/// beside the text (not over it), at most [`DASH_MAX_WIDTH`] of its height long.
fn mid_height_dash(piece: PixelBox, text: PixelBox) -> bool {
    let th = text.height() as f32;
    let (_, cy) = piece.centre();
    let (_, ty) = text.centre();
    (cy - ty).abs() <= th / 4.0
        && (piece.left >= text.right || piece.right <= text.left)
        && piece.width() as f32 <= DASH_MAX_WIDTH * th
}

/// How much ink a thin piece holds across its thickness: per column, the levels past the
/// ground summed over its rows and one row either side; the median over its columns. A hyphen a
/// pixel or two thick, resampled, is spread over two or three rows none of which is as light
/// (or dark) as the letters, but together they hold a stroke's worth of ink.
fn ink_across(full: &GrayImage, piece: PixelBox, levels: &LineLevels) -> f32 {
    let top = piece.top.saturating_sub(1);
    let bottom = (piece.bottom + 1).min(full.height());
    let mut sums: Vec<f32> = (piece.left..piece.right.min(full.width()))
        .map(|x| {
            (top..bottom)
                .map(|y| {
                    let v = full.get_pixel(x, y)[0] as f32;
                    let past = if levels.dark {
                        levels.ground - v
                    } else {
                        v - levels.ground
                    };
                    past.max(0.0)
                })
                .sum()
        })
        .collect();
    if sums.is_empty() {
        return 0.0;
    }
    let middle = sums.len() / 2;
    *sums.select_nth_unstable_by(middle, f32::total_cmp).1
}

/// Grows the text box through the pieces that continue its line (gaps under 40% of the text's
/// height), one at a time while any is in reach.
fn grow_along_line(text: PixelBox, mut pieces: Vec<PixelBox>) -> PixelBox {
    let th = text.height() as f32;
    let mut out = text;
    loop {
        let near = pieces.iter().position(|p| {
            let gap = (p.left as i64 - out.right as i64).max(out.left as i64 - p.right as i64);
            (gap as f32) < LINE_MAX_GAP * th
        });
        let Some(i) = near else { break };
        out = out.union(&pieces.swap_remove(i));
    }
    out
}

/// The box of a letter a light band split in pieces one above the other (a swipe trail's round
/// end across an `S` leaves its top and its lower bowl apart), for `h`-high letters: `text`
/// (full-resolution pixels) joined with the pieces of its ink in its column just above or below
/// it (see [`SPLIT_SHORT`] and what follows it); `None` when `text` is not clearly shorter than
/// the letters or no such piece joins it.
fn joined_column(full: &GrayImage, cell: PixelBox, text: PixelBox, h: f32) -> Option<PixelBox> {
    if text.height() as f32 >= SPLIT_SHORT * h || text.width() as f32 > SPLIT_MAX_WIDTH * h {
        return None;
    }
    let area = inside_rim(cell);
    let levels = line_levels(full, text, area)?;
    let mut pieces = pieces_past_midway(full, area, &levels);
    let mut out = text;
    loop {
        let joins = |p: &PixelBox| {
            let overlap = p.right.min(out.right) as f32 - p.left.max(out.left) as f32;
            let gap = (p.top as i64 - out.bottom as i64).max(out.top as i64 - p.bottom as i64);
            overlap >= SPLIT_IN_COLUMN * p.width() as f32
                && (gap as f32) <= SPLIT_MAX_GAP * h
                && out.union(p).height() as f32 <= SPLIT_JOINED_TALL * h
                && out.union(p) != out
        };
        let Some(i) = pieces.iter().position(joins) else {
            break;
        };
        out = out.union(&pieces.swap_remove(i));
    }
    (out.height() as f32 >= text.height() as f32 + SPLIT_MIN_GAIN * h).then_some(out)
}

/// The largest of `pieces` (by box area) centred inside `text`, at least half its height and at
/// most [`SAME_SIZE_MAX`] of it.
fn largest_letter_in(pieces: &[PixelBox], text: PixelBox) -> Option<PixelBox> {
    let th = text.height() as f32;
    pieces
        .iter()
        .copied()
        .filter(|p| {
            // The centre in whole pixels (rounded down).
            let (cx, cy) = ((p.left + p.right) / 2, (p.top + p.bottom) / 2);
            (text.left..text.right).contains(&cx)
                && (text.top..text.bottom).contains(&cy)
                && p.height() as f32 >= LINE_PIECE_MIN_HEIGHT * th
                // The ground framing a light tile is centred on its letter too, and larger.
                && p.height() as f32 <= SAME_SIZE_MAX * th
        })
        .max_by_key(PixelBox::area)
}

/// Whether the ink of `text` is darker than its ground: the edge of `area` (the text box and a
/// pad around it) is ground, and the ink is the side of the ground with more "ink mass" inside
/// the text box: pixels beyond [`MIN_INK_CONTRAST`] from the ground, each weighed by how far
/// beyond. A letter's strokes outweigh a thin line drawn across it (a touch-debug overlay), a
/// strip of the gap between tiles is left out with the pad, and a tile's faint shading counts
/// little against strokes of full contrast. When neither side has such pixels, the extreme that
/// lies further from the ground decides. `None` when the box is too small to tell. (A box found
/// in the other polarity's mask, such as the halo around a letter, still gets the letter's
/// polarity.)
fn ink_is_dark(full: &GrayImage, text: PixelBox, area: PixelBox) -> Option<bool> {
    if area.width() < 3 || area.height() < 3 {
        return None;
    }
    let PixelBox {
        left: l,
        top: t,
        right: r,
        bottom: b,
    } = area;
    let at = |x: u32, y: u32| level_at(full, x, y);
    let edge = Levels::of(
        (l..r)
            .flat_map(|x| [at(x, t), at(x, b - 1)])
            .chain((t..b).flat_map(|y| [at(l, y), at(r - 1, y)])),
    );
    let ground = edge.median() as f32;
    let text = text.clamp_to_box(area);
    let inside = levels_in(full, if text.is_empty() { area } else { text });
    let beyond = |excess: f32| (excess - MIN_INK_CONTRAST).max(0.0);
    let darker = inside.sum_of(|v| beyond(ground - v as f32));
    let lighter = inside.sum_of(|v| beyond(v as f32 - ground));
    if darker != lighter {
        return Some(darker > lighter);
    }
    let (low, high) = (
        ink_extreme(&inside, true, POLARITY_STRAY),
        ink_extreme(&inside, false, POLARITY_STRAY),
    );
    Some(ground - low >= high - ground)
}

/// Which level of a crop is its paper (white), in [`normalise`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// The lightest levels (but a stray few), or the tile's ground around the text where that
    /// is darker (see [`rim_level`]): a halo lighter than the ground around the ink (the ringing
    /// of a sharpened, downscaled or JPEG-compressed capture, a glowing theme's) is paper too,
    /// else the ground comes out grey around a white halo and the model is unsure, or reads
    /// the letter turned.
    AtMostGround,
    /// The lightest levels (but a stray few): for a cell under a swipe trail, whose band over
    /// the ink is lighter than the tile's ground; clipped to white, it would cut the letter (an
    /// `O` crossed by the trail reads `Q`). The letter is read again with the band lifted off.
    Lightest,
}

/// The median level of the rim (the outermost pixels) of a `w` x `h` crop's `values`
/// (row-major): the tile's ground around the text.
fn rim_level(values: &[u8], w: u32, h: u32) -> f32 {
    let (w, h) = (w as usize, h as usize);
    let at = |x: usize, y: usize| values[y * w + x];
    let rim = Levels::of(
        (0..w)
            .flat_map(|x| [at(x, 0), at(x, h - 1)])
            .chain((0..h).flat_map(|y| [at(0, y), at(w - 1, y)])),
    );
    rim.median() as f32
}

/// The text in `text` (full pixels) as dark ink on white: inverted when the ink is light,
/// contrast stretched between ink and `paper` levels, framed by a white margin of a quarter
/// of the text height. Only pixels within a small pad of the text box are copied, so marks
/// elsewhere in the cell do not reach the model.
pub fn normalise(
    full: &GrayImage,
    text: PixelBox,
    dark: bool,
    text_height: f32,
    cell: PixelBox,
    paper: Paper,
) -> GrayImage {
    normalise_framed(full, text, dark, text_height, cell, paper, Frame::Text)
}

/// A small mark's crop (a value, a badge): as [`normalise`], its margin kept within
/// [`MARK_MARGIN_MAX`] of its ink height.
pub fn normalise_mark(
    full: &GrayImage,
    text: PixelBox,
    dark: bool,
    text_height: f32,
    cell: PixelBox,
) -> GrayImage {
    normalise_framed(
        full,
        text,
        dark,
        text_height,
        cell,
        Paper::AtMostGround,
        Frame::Mark,
    )
}

/// How the white margin round a crop's ink is measured (see [`crop_margin`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// A tile's letters: [`CROP_MARGIN`] of the ink height and [`CROP_MARGIN_PIXELS`].
    Text,
    /// A small mark: the same, at most [`MARK_MARGIN_MAX`] of the ink height (one pixel at least).
    Mark,
}

/// The white margin (pixels) framing `ink_height` pixels of ink.
fn crop_margin(ink_height: f32, frame: Frame) -> u32 {
    let margin = (CROP_MARGIN * ink_height).round() as u32 + CROP_MARGIN_PIXELS;
    match frame {
        Frame::Text => margin,
        Frame::Mark => margin.min(((MARK_MARGIN_MAX * ink_height).round() as u32).max(1)),
    }
}

/// See [`normalise`] and [`normalise_mark`].
fn normalise_framed(
    full: &GrayImage,
    text: PixelBox,
    dark: bool,
    text_height: f32,
    cell: PixelBox,
    paper: Paper,
    frame: Frame,
) -> GrayImage {
    let pad = crop_pad(text_height);
    let padded = text.outset(pad, pad).clamp_to_box(cell);
    // At least one pixel, even for a text box outside the cell.
    let area = PixelBox {
        right: padded.right.max(padded.left + 1),
        bottom: padded.bottom.max(padded.top + 1),
        ..padded
    };
    let dark = ink_is_dark(full, text, area).unwrap_or(dark);
    let mut values: Vec<u8> = Vec::with_capacity(area.area() as usize);
    for_each_row_clamped(full, area, |row| {
        values.extend(row.iter().map(|&v| if dark { v } else { 255 - v }))
    });
    let levels = Levels::of(values.iter().copied());
    let (w, h) = (area.width(), area.height());
    let ink = ink_extreme(&levels, true, CROP_INK_STRAY);
    let lightest = ink_extreme(&levels, false, CROP_PAPER_STRAY);
    let paper = match paper {
        Paper::AtMostGround => lightest.min(rim_level(&values, w, h)),
        Paper::Lightest => lightest,
    };
    let span = (paper - ink).max(MIN_STRETCH_SPAN);
    let stretched = GrayImage::from_fn(w, h, |x, y| {
        let v = values[(y * w + x) as usize] as f32;
        Luma([((v - ink) / span * 255.0).clamp(0.0, 255.0) as u8])
    });
    let mut stretched = stretched;
    drop_specks(&mut stretched);
    // The model was trained on margins of 5-35% of the text's height: frame the ink itself, not
    // the box it was found in (which may be taller than the text, small print on a special tile).
    let framed = ink_box(&stretched)
        .unwrap_or(PixelBox::whole((w, h)))
        .outset(pad, pad)
        .clamp_to((w, h));
    let ink_height = (framed.height() as f32).min(text_height);
    let margin = crop_margin(ink_height, frame);
    let mut out = GrayImage::from_pixel(
        framed.width() + 2 * margin,
        framed.height() + 2 * margin,
        Luma([255]),
    );
    let ink = copy_of(&stretched, framed);
    image::imageops::replace(&mut out, &ink, margin as i64, margin as i64);
    out
}

/// Whitens specks: pieces of ink (darker than mid-grey) of at most [`SPECK_PIXELS`] pixels and
/// less than [`SPECK_SHARE`] of the largest piece (JPEG noise, a sparkle of a gem beside a small
/// digit), which the model may read as a comma or a stroke.
fn drop_specks(img: &mut GrayImage) {
    let pieces = crop_ink_pieces(img);
    let largest = pieces.iter().map(|(_, b)| b.area).max().unwrap_or(0) as f32;
    let specks = pieces
        .iter()
        .map(|(_, b)| b)
        .filter(|b| b.area <= SPECK_PIXELS && (b.area as f32) < SPECK_SHARE * largest);
    for b in specks {
        // Every pixel of the box of so small a piece touches the piece, so any other ink in it
        // would be part of it: whitening the box whitens the speck alone.
        for y in b.y0..b.y1 {
            for x in b.x0..b.x1 {
                img.put_pixel(x, y, Luma([255]));
            }
        }
    }
}

/// The separate pieces of ink (pixels darker than mid-grey) of a normalised crop.
pub(crate) fn crop_ink_pieces(crop: &GrayImage) -> Vec<(u8, Blob)> {
    let mut ink = crop.clone();
    for p in ink.pixels_mut() {
        p[0] = if p[0] < 128 { 255 } else { 0 };
    }
    components(&ink)
}

/// The box of the pixels darker than mid-grey, if any.
fn ink_box(img: &GrayImage) -> Option<PixelBox> {
    let mut found: Option<PixelBox> = None;
    for (x, y, p) in img.enumerate_pixels() {
        if p[0] < 128 {
            let pixel = PixelBox::new(x, y, x + 1, y + 1);
            found = Some(found.map_or(pixel, |b| b.union(&pixel)));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_under_a_trail_is_no_shorter_than_the_letter_as_cut() {
        let o = PixelBox::new(100, 100, 118, 120);
        // A `C` (an `O` whose right side the trail hides), and the `O` lifted.
        assert!(no_shorter(PixelBox::new(100, 100, 114, 120), o, 20.0));
        // A band's edge taken in with the letter as cut: the letter under the trail is shorter
        // than that, but not than the board's letters.
        assert!(no_shorter(PixelBox::new(100, 96, 118, 124), o, 20.0));
        // A stem of an `M`, two thirds of its height.
        let m = PixelBox::new(100, 100, 123, 121);
        assert!(!no_shorter(m, PixelBox::new(101, 107, 105, 121), 20.0));
    }

    #[test]
    fn a_letter_under_a_trail_is_in_place_only_where_it_lies_over_the_letter_as_cut() {
        let cell = PixelBox::new(90, 90, 145, 145);
        let crop = || GrayImage::new(1, 1);
        let with = |main: Option<PixelBox>, lifted: PixelBox| TileCrops {
            main: main.map(|b| (b, crop())),
            lifted_main: Some((lifted, crop())),
            ..TileCrops::blank(0, 0, cell)
        };
        let o = PixelBox::new(100, 100, 118, 120);
        // The `C` cut from the image as it is lies inside the lifted `O`.
        assert!(with(Some(PixelBox::new(100, 100, 114, 120)), o).lifted_in_place());
        // No letter was cut from the image as it is.
        assert!(with(None, o).lifted_in_place());
        // The tile's border beside the letter, a line a pixel wide.
        assert!(!with(Some(o), PixelBox::new(121, 98, 122, 122)).lifted_in_place());
        // Nothing under a trail.
        assert!(!TileCrops::blank(0, 0, cell).lifted_in_place());
    }

    /// A 100x100 tile of deep magenta (120, 10, 60) with an `H` 60 px high in (30, 10, 60): the
    /// letter differs from its tile by 27 grey levels and by 90 in red.
    fn red_only_letter() -> DynamicImage {
        let mut tile = image::RgbImage::from_pixel(100, 100, image::Rgb([120, 10, 60]));
        for (x0, y0, x1, y1) in [(30, 20, 40, 80), (60, 20, 70, 80), (40, 45, 60, 55)] {
            for y in y0..y1 {
                for x in x0..x1 {
                    tile.put_pixel(x, y, image::Rgb([30, 10, 60]));
                }
            }
        }
        DynamicImage::ImageRgb8(tile)
    }

    #[test]
    fn a_letter_that_stands_out_in_one_colour_channel_only_is_found_there() {
        let image = red_only_letter();
        let cell = PixelBox::whole((100, 100));
        assert!(
            main_in_cell(&image.to_luma8(), cell, 60.0).is_none(),
            "in grey the letter stands out too little"
        );
        let (text, crop) = letter_in_colours(&image, cell, 60.0).expect("found in red");
        assert_eq!(
            (text.left, text.top, text.right, text.bottom),
            (30, 20, 70, 80)
        );
        assert!(crop.width() > 0 && crop.height() > 0);
        // A plain tile has no letter in any channel.
        let plain = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
            100,
            100,
            image::Rgb([120, 10, 60]),
        ));
        assert!(letter_in_colours(&plain, cell, 60.0).is_none());
    }

    /// An orange (150) tile whose left edge meets the dark (20) gap at x = 10, and a light
    /// (250) two-stroke mark in x 14..30, y 10..26, close to that edge.
    fn mark_near_the_gap() -> GrayImage {
        GrayImage::from_fn(60, 40, |x, y| {
            let stroke = (10..26).contains(&y) && ((14..18).contains(&x) || (24..28).contains(&x));
            Luma([if x < 10 {
                20
            } else if stroke {
                250
            } else {
                150
            }])
        })
    }

    #[test]
    fn a_box_around_a_letters_stem_alone_leaves_much_of_its_ink_beside() {
        // An `E` in a 40x40 cell: a stem (x 10..14) and three arms (x 14..30).
        let mask = GrayImage::from_fn(40, 40, |x, y| {
            let stem = (10..14).contains(&x) && (8..32).contains(&y);
            let arm = (14..30).contains(&x)
                && ((8..12).contains(&y) || (18..22).contains(&y) || (28..32).contains(&y));
            Luma([if stem || arm { 255 } else { 0 }])
        });
        let blob = |x1: u32| Rect::new(10.0, 8.0, x1 as f32, 32.0);
        let middle = Rect::new(4.0, 4.0, 36.0, 36.0);
        assert!(
            ink_beside(&middle, blob(14), &mask) > 0.58,
            "the stem alone"
        );
        assert_eq!(
            ink_beside(&middle, blob(30), &mask),
            0.0,
            "the whole letter"
        );
    }

    #[test]
    fn white_print_on_a_saturated_badge_is_cut_from_the_smallest_channel() {
        // A yellow badge (grey level about 192) with a white bar (255) across it: in the smallest
        // channel the badge is 0 and the bar 255, as clear as print can be.
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_fn(40, 30, |x, y| {
            let bar = (10..30).contains(&x) && (12..18).contains(&y);
            image::Rgb(if bar { [255, 255, 255] } else { [250, 200, 0] })
        }));
        let crop = colour_crop(&image, PixelBox::new(10, 12, 30, 18));
        // The light bar becomes dark ink on white, in full contrast.
        let (w, h) = crop.dimensions();
        assert_eq!(crop.get_pixel(w / 2, h / 2)[0], 0);
        assert_eq!(crop.get_pixel(0, 0)[0], 255);
    }

    /// A light tile (120 px, a dark letter in its middle) with a yellow disc in its top-left
    /// corner, white print across the disc: in the smallest channel the disc is found in the
    /// top-left quarter, and nothing in the bottom-right one.
    #[test]
    fn a_yellow_badge_is_found_in_the_smallest_channel_in_its_corner_alone() {
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_fn(160, 160, |x, y| {
            let (fx, fy) = (x as f32, y as f32);
            let in_disc = (fx - 42.0).powi(2) + (fy - 42.0).powi(2) < 14.0f32.powi(2);
            let print = in_disc && (36..48).contains(&x) && (39..45).contains(&y);
            let letter = (66..94).contains(&x) && (55..105).contains(&y);
            image::Rgb(if print {
                [255, 255, 255]
            } else if in_disc {
                [250, 190, 0]
            } else if letter {
                [40, 40, 40]
            } else if (20..140).contains(&x) && (20..140).contains(&y) {
                [236, 232, 224]
            } else {
                [60, 90, 140]
            })
        }));
        let lattice = Lattice {
            rows: 1,
            cols: 1,
            x0: 80.0,
            y0: 80.0,
            px: 128.0,
            py: 128.0,
            glyph_height: 50.0,
            dark: true,
            cells: vec![None],
            score: 1.0,
            holes: vec![false],
            covered: Vec::new(),
        };
        let top_left = smallest_channel_marks(&image, &lattice, 1.0, (0, 0), (true, true));
        assert!(!top_left.is_empty(), "the badge is found");
        for (b, _) in &top_left {
            assert!(
                b.right <= 80 && b.bottom <= 80,
                "within the top-left quarter: {b:?}"
            );
        }
        let bottom_right = smallest_channel_marks(&image, &lattice, 1.0, (0, 0), (false, false));
        assert!(bottom_right.is_empty(), "{bottom_right:?}");
    }

    #[test]
    fn specks_beside_a_small_digit_are_whitened_and_its_strokes_kept() {
        // A 3x7 stroke (a small `1`, 21 pixels), a 2-pixel speck and a 4-pixel blob.
        let mut img = GrayImage::from_fn(20, 12, |x, y| {
            let stroke = (2..5).contains(&x) && (2..9).contains(&y);
            let speck = y == 10 && (8..10).contains(&x);
            let blob = (14..16).contains(&x) && (3..5).contains(&y);
            Luma([if stroke || speck || blob { 0 } else { 255 }])
        });
        drop_specks(&mut img);
        assert_eq!(img.get_pixel(3, 5)[0], 0, "the digit stays");
        assert_eq!(img.get_pixel(8, 10)[0], 255, "the speck goes");
        assert_eq!(
            img.get_pixel(14, 3)[0],
            0,
            "four pixels are more than a speck"
        );
    }

    #[test]
    fn a_strip_of_the_gap_in_the_pad_is_not_the_marks_ink() {
        let image = mark_near_the_gap();
        let text = PixelBox::new(14, 10, 28, 26);
        // The pad reaches four columns into the gap: its darkest pixels are darker than the
        // mark is light, but they lie outside the text box.
        assert_eq!(ink_is_dark(&image, text, text.outset(6, 6)), Some(false));
    }

    #[test]
    fn a_thin_dark_line_across_a_light_letter_does_not_flip_its_polarity() {
        // A light ring (an O) on orange, with a one-pixel dark blue line through it.
        let image = GrayImage::from_fn(60, 60, |x, y| {
            let d = ((x as f32 - 30.0).powi(2) + (y as f32 - 30.0).powi(2)).sqrt();
            Luma([if x == 31 {
                40
            } else if (12.0..20.0).contains(&d) {
                250
            } else {
                150
            }])
        });
        let text = PixelBox::new(10, 10, 51, 51);
        assert_eq!(ink_is_dark(&image, text, text.outset(4, 4)), Some(false));
    }

    #[test]
    fn faint_light_shading_does_not_outweigh_dark_strokes() {
        // A dark bar (20) on a green tile (150) with a lighter disc (200) behind it.
        let image = GrayImage::from_fn(60, 60, |x, y| {
            let d = ((x as f32 - 30.0).powi(2) + (y as f32 - 30.0).powi(2)).sqrt();
            Luma([if (26..34).contains(&x) && (15..45).contains(&y) {
                20
            } else if d < 22.0 {
                200
            } else {
                150
            }])
        });
        let text = PixelBox::new(8, 8, 52, 52);
        assert_eq!(ink_is_dark(&image, text, text.outset(4, 4)), Some(true));
    }

    /// A 100x100 cell: a dark tile with two light bars side by side (a two-letter text).
    fn cell() -> GrayImage {
        GrayImage::from_fn(100, 100, |x, y| {
            let bar = (30..70).contains(&y) && ((30..38).contains(&x) || (46..54).contains(&x));
            Luma([if bar { 240 } else { 40 }])
        })
    }

    /// A white `T` (crossbar and stem 6 px thick) on a mid-orange tile (150), ringed by a halo
    /// darker than the tile (90, 2 px wide) as a sharpened capture draws it: inverted, the halo
    /// is lighter than the ground around it.
    fn letter_with_a_halo() -> GrayImage {
        GrayImage::from_fn(80, 80, |x, y| {
            let (x, y) = (x as i32, y as i32);
            let inside = |x: i32, y: i32| {
                ((20..60).contains(&x) && (20..26).contains(&y))
                    || ((37..43).contains(&x) && (20..66).contains(&y))
            };
            let near = (-2..=2).any(|dx| (-2..=2).any(|dy| inside(x + dx, y + dy)));
            Luma([if inside(x, y) {
                250
            } else if near {
                90
            } else {
                150
            }])
        })
    }

    #[test]
    fn the_ground_around_a_haloed_letter_is_white() {
        let img = letter_with_a_halo();
        let (text, cell) = (PixelBox::new(18, 18, 62, 68), PixelBox::new(0, 0, 80, 80));
        let ground_of = |paper: Paper| {
            let crop = normalise(&img, text, false, 46.0, cell, paper);
            let margin = (CROP_MARGIN * 46.0).round() as u32 + CROP_MARGIN_PIXELS;
            // Ground beside the stem, under the crossbar, clear of the halo.
            let at = (margin + 4, crop.height() / 2);
            crop.get_pixel(at.0, at.1)[0]
        };
        assert_eq!(ground_of(Paper::AtMostGround), 255);
        // Stretched to the halo's level, the ground is grey.
        assert!(ground_of(Paper::Lightest) < 200);
    }

    #[test]
    fn crops_are_dark_ink_on_white_whatever_the_polarity() {
        let img = cell();
        // Told the wrong polarity: the crop itself decides.
        let crop = normalise(
            &img,
            PixelBox::new(30, 30, 38, 70),
            true,
            40.0,
            PixelBox::new(0, 0, 100, 100),
            Paper::AtMostGround,
        );
        let (w, h) = crop.dimensions();
        assert_eq!(crop.get_pixel(w / 2, h / 2)[0], 0, "ink is dark");
        assert_eq!(crop.get_pixel(1, 1)[0], 255, "margin is white");
    }

    /// A dark letter on a white tile framed by a darker ground (a Ruzzle tile whose neighbours
    /// light up orange around it): the ground around the tile is centred on the letter too, and
    /// darker than the tile, but it is not the letter.
    #[test]
    fn the_ground_framing_a_light_tile_is_not_its_letter() {
        let img = GrayImage::from_fn(100, 100, |x, y| {
            let tile = (20..80).contains(&x) && (20..80).contains(&y);
            let ground = (10..90).contains(&x) && (10..90).contains(&y) && !tile;
            let letter = (40..60).contains(&x)
                && (35..65).contains(&y)
                && !((46..54).contains(&x) && (41..59).contains(&y));
            // Beyond the ground, the edges of the neighbouring white tiles.
            Luma([if letter {
                50
            } else if ground {
                120
            } else {
                245
            }])
        });
        let text = PixelBox::new(40, 35, 60, 65);
        assert_eq!(whole_line(&img, PixelBox::new(0, 0, 100, 100), text), text);
    }

    #[test]
    fn main_text_grows_to_its_whole_line() {
        let img = cell();
        let grown = whole_line(
            &img,
            PixelBox::new(0, 0, 100, 100),
            PixelBox::new(30, 30, 38, 70),
        );
        assert_eq!(grown, PixelBox::new(30, 30, 54, 70));
    }

    /// An `S` 60 px high split by a light band across its middle (a swipe trail's round end):
    /// its top (40 px) is found as the letter; joined with the lower bowl beneath it in its
    /// column, the box is the whole letter. A whole letter, or a value in the tile's corner
    /// beside the letter, joins nothing.
    #[test]
    fn a_letter_split_one_piece_above_the_other_is_joined() {
        let mut img = GrayImage::from_pixel(100, 100, Luma([200]));
        let mut ink = |x0: u32, y0: u32, x1: u32, y1: u32| {
            for y in y0..y1 {
                for x in x0..x1 {
                    img.put_pixel(x, y, Luma([20]));
                }
            }
        };
        // The top of the `S` (20..60 across, 20..60 down) and its lower bowl (40..60, 66..80).
        ink(20, 20, 60, 26);
        ink(20, 20, 26, 45);
        ink(20, 40, 60, 46);
        ink(54, 40, 60, 60);
        ink(40, 66, 60, 72);
        ink(54, 66, 60, 80);
        let cell = PixelBox::new(0, 0, 100, 100);
        let top = PixelBox::new(20, 20, 60, 60);
        assert_eq!(
            joined_column(&img, cell, top, 60.0),
            Some(PixelBox::new(20, 20, 60, 80))
        );
        // As tall as the board's letters: not a piece.
        assert_eq!(joined_column(&img, cell, top, 45.0), None);
        // A value in the corner, beside the letter and not in its column, joins nothing.
        let mut valued = GrayImage::from_pixel(100, 100, Luma([200]));
        for y in 30..70 {
            for x in 30..60 {
                let stroke = !(36..54).contains(&x) || !(36..64).contains(&y);
                if stroke {
                    valued.put_pixel(x, y, Luma([20]));
                }
            }
        }
        for y in 76..88 {
            for x in 70..78 {
                valued.put_pixel(x, y, Luma([20]));
            }
        }
        assert_eq!(
            joined_column(&valued, cell, PixelBox::new(30, 30, 60, 70), 60.0),
            None
        );
    }

    /// Wide light print near the tile's left edge (Wordament's `CH`, on a lattice a little off
    /// the tiles): the ring of ground around the first letter takes in a strip of the dark gap
    /// beside the tile, darker than the letter is light. The letter's own box tells its
    /// polarity, and the line still grows to the second letter.
    #[test]
    fn a_strip_of_dark_gap_beside_a_light_letter_leaves_its_line_whole() {
        let img = GrayImage::from_fn(120, 120, |x, y| {
            let gap = x < 12;
            let c = (18..40).contains(&x)
                && (30..80).contains(&y)
                && ((18..23).contains(&x) || !(35..75).contains(&y));
            let h = (50..75).contains(&x)
                && (30..80).contains(&y)
                && ((50..55).contains(&x) || (70..75).contains(&x) || (53..57).contains(&y));
            Luma([if gap {
                20
            } else if c || h {
                255
            } else {
                160
            }])
        });
        let text = PixelBox::new(18, 30, 40, 80);
        let grown = whole_line(&img, PixelBox::new(0, 0, 120, 120), text);
        assert_eq!(grown, PixelBox::new(18, 30, 75, 80));
    }

    /// A faint hyphen a pixel or two thick, resampled (a small Wordament `OVER-`): spread over
    /// two rows (224 and 199 on a 159 ground) none as light as the letters (255), it still
    /// joins the line; a dash over the letters' tops or as long as a letter does not.
    #[test]
    fn a_faint_resampled_hyphen_joins_the_line() {
        let with_dash = |dash: &dyn Fn(u32, u32) -> Option<u8>| {
            GrayImage::from_fn(100, 100, |x, y| {
                let letters = ((20..32).contains(&x) || (35..47).contains(&x))
                    && (40..55).contains(&y)
                    && !((24..28).contains(&x) && (44..51).contains(&y));
                Luma([if letters {
                    255
                } else {
                    dash(x, y).unwrap_or(159)
                }])
            })
        };
        let cell = PixelBox::new(0, 0, 100, 100);
        let text = PixelBox::new(20, 40, 47, 55);
        let hyphen = with_dash(&|x, y| match ((50..55).contains(&x), y) {
            (true, 47) => Some(224),
            (true, 48) => Some(199),
            _ => None,
        });
        assert_eq!(
            whole_line(&hyphen, cell, text),
            PixelBox::new(20, 40, 55, 55)
        );
        let high = with_dash(&|x, y| match ((50..55).contains(&x), y) {
            (true, 41) => Some(224),
            (true, 42) => Some(199),
            _ => None,
        });
        assert_eq!(whole_line(&high, cell, text), text, "not at mid-height");
    }

    #[test]
    fn flat_background_is_plain_and_a_letter_is_not() {
        let flat = GrayImage::from_fn(50, 50, |x, y| Luma([40 + ((x + y) % 7) as u8]));
        assert!(is_plain(&flat, PixelBox::new(0, 0, 50, 50)));
        assert!(!is_plain(&cell(), PixelBox::new(20, 20, 80, 80)));
    }

    /// A flat tile (level 150) on a dark board (30) with light ink (250): a value `12` whose `1`
    /// is close to the tile's left edge, and a main letter.
    fn wordament_cell() -> GrayImage {
        GrayImage::from_fn(120, 120, |x, y| {
            let tile = (5..115).contains(&x) && (5..115).contains(&y);
            let one = (7..10).contains(&x) && (10..26).contains(&y);
            let two = (15..25).contains(&x) && (10..26).contains(&y) && !(18..22).contains(&x);
            let main = (40..80).contains(&x) && (40..90).contains(&y) && !(52..68).contains(&x);
            Luma(if !tile {
                [30]
            } else if one || two || main {
                [250]
            } else {
                [150]
            })
        })
    }

    /// A light letter's box (left, top, right, bottom), as the grid search finds it.
    #[test]
    fn a_digit_broken_into_pieces_beside_a_mark_is_found() {
        // A pixelated `12`: the `1` found whole (14 pixels high), its `2` as blocks of grey up to
        // 7 pixels high, too small to be marks.
        let piece = |x0, y0, x1, y1, area, dark| Blob {
            x0,
            y0,
            x1,
            y1,
            area,
            dark,
            parts: 1,
        };
        let one = piece(10, 10, 17, 24, 59, true);
        let two = |dx: u32, dark: bool| {
            vec![
                piece(20 + dx, 13, 24 + dx, 16, 11, dark),
                piece(26 + dx, 12, 30 + dx, 19, 22, dark),
                piece(20 + dx, 19, 30 + dx, 26, 47, dark),
            ]
        };
        assert!(broken_ink_beside(&one, &two(0, true)));
        // Mirrored: the pieces on the mark's left.
        let left_of = piece(33, 10, 40, 24, 59, true);
        assert!(broken_ink_beside(&left_of, &two(0, true)));
        // Pieces of the other polarity (the halo round the ink), specks, and pieces a digit's
        // width away are not.
        assert!(!broken_ink_beside(&one, &two(0, false)));
        let specks: Vec<Blob> = (0..6)
            .map(|k| piece(19 + 2 * k, 10 + 2 * k, 21 + 2 * k, 13 + 2 * k, 6, true))
            .collect();
        assert!(!broken_ink_beside(&one, &specks));
        assert!(!broken_ink_beside(&one, &two(12, true)));
    }

    fn light_letter(x0: u32, y0: u32, x1: u32, y1: u32) -> Blob {
        Blob {
            x0,
            y0,
            x1,
            y1,
            area: (x1 - x0) * (y1 - y0) / 2,
            dark: false,
            parts: 1,
        }
    }

    #[test]
    fn a_value_next_to_the_tile_edge_is_read_whole() {
        let img = wordament_cell();
        let cell = PixelBox::new(0, 0, 120, 120);
        let marks = corner_marks(
            &img,
            cell,
            cell,
            Some(light_letter(40, 40, 80, 90)),
            50.0,
            120.0,
        )
        .into_iter()
        .map(|m| m.ink)
        .collect::<Vec<_>>();
        assert!(
            marks.iter().any(|m| m.x0 <= 7 && m.x1 >= 25 && !m.dark),
            "the 1 and the 2 form one mark: {marks:?}"
        );
    }

    /// A cream (200) tile's corner at the image's right edge (88 px wide) with a dark (30) `1`
    /// in x 70..76, y 40..54 (14 px high), its right side one antialiased column (100) at x 76,
    /// and `beside` drawn dark too.
    fn one_by_the_edge(beside: impl Fn(u32, u32) -> bool) -> (GrayImage, Blob) {
        let image = GrayImage::from_fn(88, 80, |x, y| {
            let line = (40..54).contains(&y);
            Luma([match x {
                70..=75 if line => 30,
                76 if line => 100,
                _ if beside(x, y) => 30,
                _ => 200,
            }])
        });
        let one = Blob {
            x0: 70,
            y0: 40,
            x1: 76,
            y1: 54,
            area: 84,
            dark: true,
            parts: 1,
        };
        (image, one)
    }

    #[test]
    fn a_glyph_the_image_edge_cuts_beside_a_text_is_found() {
        let cut = |beside: fn(u32, u32) -> bool, tile_past: bool| {
            let (image, one) = one_by_the_edge(beside);
            cut_by_the_image_edge(&image, &one, [false, tile_past])
        };
        // The left stroke of a `0` two columns past the `1`, the rest of it past the edge.
        assert!(cut(
            |x, y| (78..80).contains(&x) && (41..53).contains(&y),
            false
        ));
        // Nothing beside it: 12 px of room, most of a digit's height, shows no glyph's start.
        assert!(!cut(|_, _| false, true));
        // A tile's rim running on above and below the line is no glyph.
        assert!(!cut(|x, _| (78..80).contains(&x), false));
        // The image's edge 3 px past the `1` (under a quarter of its height) on a tile that
        // runs past the edge: too little room to see a gap; the tile whole in the image, the
        // text is its own.
        let narrow = |tile_past: bool| {
            let (image, one) = one_by_the_edge(|_, _| false);
            let image = image::imageops::crop_imm(&image, 0, 0, 79, 80).to_image();
            cut_by_the_image_edge(&image, &one, [false, tile_past])
        };
        assert!(narrow(true));
        assert!(!narrow(false));
    }

    /// An orange (161) tile with a light `2` (253) in its top-left corner and, left of it,
    /// `beside` drawn at `level`.
    fn two_with(beside: impl Fn(u32, u32) -> bool, level: u8) -> GrayImage {
        GrayImage::from_fn(60, 60, |x, y| {
            let two = (19..29).contains(&x)
                && ((10..12).contains(&y)
                    || (23..26).contains(&y)
                    || ((12..23).contains(&y) && (x as i32 - (28 - (y as i32 - 12))).abs() <= 1));
            Luma([if two {
                253
            } else if beside(x, y) {
                level
            } else {
                161
            }])
        })
    }

    fn light(x0: u32, y0: u32, x1: u32, y1: u32) -> Blob {
        Blob {
            x0,
            y0,
            x1,
            y1,
            area: (x1 - x0) * (y1 - y0) / 3,
            dark: false,
            parts: 1,
        }
    }

    #[test]
    fn a_faint_one_beside_a_two_makes_one_mark_and_a_strip_of_the_gap_does_not() {
        let two = light(19, 10, 29, 26);
        // The thin `1` of a small Wordament `12`: two pixels wide, fainter (234) than the `2`.
        let img = two_with(|x, y| (14..16).contains(&x) && (10..26).contains(&y), 234);
        let sure = contrast(&img, &two);
        assert!(is_whole_mark(&img, &light(14, 10, 29, 26), &two, sure));
        // A strip of the light gap between tiles (203) at the tile's edge.
        let img = two_with(|x, _| x < 16, 203);
        let sure = contrast(&img, &two);
        assert!(!is_whole_mark(&img, &light(10, 10, 29, 26), &two, sure));
    }

    /// A flat orange tile (161) with a white (255) `L` 34 px high of 5 px strokes, and a `4`
    /// 10 px high of 2 px anti-aliased strokes (`digit`) in its top-left corner, all blurred by
    /// 1.2 px: the letter keeps its white, the digit's thin strokes lose much of their contrast
    /// (as a Wordament value's do on the blur probe).
    fn blurred_tile_with_a_small_value(digit: u8) -> GrayImage {
        let sharp = GrayImage::from_fn(80, 80, |x, y| {
            let (x, y) = (x as i32, y as i32);
            let letter = ((30..35).contains(&x) && (30..64).contains(&y))
                || ((30..52).contains(&x) && (59..64).contains(&y));
            let stem = (13..15).contains(&x) && (8..18).contains(&y);
            let bar = (7..17).contains(&x) && (14..16).contains(&y);
            let slant = (8..14).contains(&y) && (0..2).contains(&(x - (13 - (y - 8)) + 1));
            Luma([if letter {
                255
            } else if stem || bar || slant {
                digit
            } else {
                161
            }])
        });
        imageproc::filter::gaussian_blur_f32(&sharp, 1.2)
    }

    /// The marks [`corner_marks`] finds on [`blurred_tile_with_a_small_value`].
    fn marks_of_blurred_tile(digit: u8) -> Vec<Blob> {
        let img = blurred_tile_with_a_small_value(digit);
        let whole = PixelBox::whole(img.dimensions());
        corner_marks(
            &img,
            whole,
            whole,
            Some(light_letter(29, 29, 53, 65)),
            34.0,
            80.0,
        )
        .into_iter()
        .map(|m| m.ink)
        .collect::<Vec<_>>()
    }

    #[test]
    fn a_blurred_small_value_on_a_flat_tile_is_one_mark() {
        // The digit peaks 56 over the tile, the letter 94: halfway to the letter's ink only
        // specks of the digit are left.
        let marks = marks_of_blurred_tile(230);
        assert!(
            marks
                .iter()
                .any(|m| m.x0 <= 8 && m.x1 >= 15 && m.y0 <= 9 && m.y1 >= 17),
            "the whole 4 as one mark: {marks:?}"
        );
    }

    #[test]
    fn a_faint_value_on_a_tile_whose_letters_stand_out_little_is_a_mark() {
        // The digit peaks 44 over the tile and its box's 10% extreme only 38, less than
        // `MIN_INK_CONTRAST` but more than `FAINT_MARK_SHARE` of the letter's 94.
        let marks = marks_of_blurred_tile(215);
        assert!(
            marks
                .iter()
                .any(|m| m.x0 <= 9 && m.x1 >= 15 && m.y0 <= 10 && m.y1 >= 16),
            "the faint 4 as a mark: {marks:?}"
        );
    }

    /// A dimmed shaded tile, 80 px square: its ground a gradient from 60 at the left to 100
    /// at the right (not flat), a dark (10) `L` 34 px high with 5 px strokes, and a light `L`
    /// 12 px high of 3 px strokes in its top-left corner, 36 levels over the ground there (a
    /// badge's label under a modal dim: less than [`MIN_INK_CONTRAST`]).
    fn dimmed_shaded_tile() -> GrayImage {
        GrayImage::from_fn(80, 80, |x, y| {
            let ground = 60 + x / 2;
            let letter = ((30..35).contains(&x) && (30..64).contains(&y))
                || ((30..52).contains(&x) && (59..64).contains(&y));
            let label = ((8..11).contains(&x) && (6..18).contains(&y))
                || ((8..17).contains(&x) && (15..18).contains(&y));
            Luma([if letter {
                10
            } else if label {
                (ground + 36) as u8
            } else {
                ground as u8
            }])
        })
    }

    #[test]
    fn a_mark_on_a_dimmed_shaded_tile_stands_out_against_its_letters_contrast() {
        let img = dimmed_shaded_tile();
        let whole = PixelBox::whole(img.dimensions());
        let dark_letter = Blob {
            dark: true,
            ..light_letter(30, 30, 52, 64)
        };
        let marks = corner_marks(&img, whole, whole, Some(dark_letter), 34.0, 80.0)
            .into_iter()
            .map(|m| m.ink)
            .collect::<Vec<_>>();
        assert!(
            marks
                .iter()
                .any(|m| !m.dark && m.x0 <= 8 && m.x1 >= 16 && m.y0 <= 6 && m.y1 >= 17),
            "the faint light label as a mark: {marks:?}"
        );
        // Without a letter to measure the tile's contrast by, it stays below the usual least.
        let marks = corner_marks(&img, whole, whole, None, 34.0, 80.0)
            .into_iter()
            .map(|m| m.ink)
            .collect::<Vec<_>>();
        assert!(marks.iter().all(|m| m.dark), "{marks:?}");
    }

    #[test]
    fn the_label_inside_a_round_badge_goes_with_it() {
        // A dark disc 20 px round, a light label inside it, a light `1` beside it.
        let disc = Blob {
            dark: true,
            ..light(0, 0, 20, 20)
        };
        let label = light(5, 7, 15, 13);
        let speck_in_label = light(6, 8, 8, 12);
        let beside = light(30, 2, 34, 14);
        let found = [disc, speck_in_label, label, beside];
        assert_eq!(nested_label(&found, 0), Some(label));
        assert_eq!(nested_label(&found, 3), None, "nothing lies inside the 1");
        // A box that only overlaps the mark is not its label.
        let across = [disc, light(15, 5, 25, 12)];
        assert_eq!(nested_label(&across, 0), None);
    }

    #[test]
    fn the_same_ink_found_by_both_masks_counts_once() {
        // A digit 35 px high: the local-mean mask's box and the levelled mask's, a pixel apart.
        let local = Blob {
            area: 427,
            ..light(50, 791, 72, 826)
        };
        let levelled = Blob {
            area: 448,
            ..light(49, 792, 72, 826)
        };
        let elsewhere = light(100, 791, 110, 826);
        let once = same_ink_once(vec![local, levelled, elsewhere]);
        assert_eq!(once.len(), 2);
        let digit = once.iter().find(|b| b.x0 == 49).expect("the digit");
        assert_eq!(
            (digit.y0, digit.x1, digit.y1, digit.area),
            (791, 72, 826, 448)
        );
        // A box inside another (the `1` of a `12`) is left to the choice between nested marks.
        let inner = light(55, 800, 65, 815);
        assert_eq!(same_ink_once(vec![local, inner]).len(), 2);
    }

    #[test]
    fn a_crop_frames_the_ink_not_the_box_it_was_found_in() {
        // Text 20 px high in a box 60 px high (small print on a special tile).
        let img = GrayImage::from_fn(200, 100, |x, y| {
            Luma([
                if (40..160).contains(&x) && (40..60).contains(&y) && x % 10 < 6 {
                    20
                } else {
                    230
                },
            ])
        });
        let crop = normalise(
            &img,
            PixelBox::new(30, 20, 170, 80),
            true,
            20.0,
            PixelBox::new(0, 0, 200, 100),
            Paper::AtMostGround,
        );
        let h = crop.height();
        // 20 px of ink, 3 px of ground and a 7 px margin on each side (the box would give 80).
        assert_eq!(h, 40, "crop height for 20 px of text");
        assert_eq!(ink_box(&crop).map(|b| b.height()), Some(20));
    }

    #[test]
    fn a_small_values_margin_stays_within_the_models_range() {
        // A digit's stem 6 px high (2 px wide) in a 40 px cell.
        let img = GrayImage::from_fn(40, 40, |x, y| {
            Luma([if (19..21).contains(&x) && (17..23).contains(&y) {
                20
            } else {
                230
            }])
        });
        let text = PixelBox::new(19, 17, 21, 23);
        let cell = PixelBox::new(0, 0, 40, 40);
        let ink = |crop: &GrayImage| ink_box(crop).expect("the stem is kept");
        let mark = normalise_mark(&img, text, true, 6.0, cell);
        let (b, h) = (ink(&mark), mark.height());
        // 1 px of ground, then 0.35 x 6 px = 2 px of white margin (not the letters' 4 px).
        assert_eq!((b.top, h - b.bottom), (3, 3), "margin round a 6 px mark");
        let letter = normalise(&img, text, true, 6.0, cell, Paper::AtMostGround);
        let b = ink(&letter);
        assert_eq!(b.top, 5, "a letter keeps the quarter and the fixed pixels");
    }

    #[test]
    fn a_letter_wider_than_the_cells_middle_is_found_under_a_trail() {
        // A 160 px cell: the ground between tiles 20 px deep along its left and top edges, a
        // light tile, and a dark `W`-wide letter from x 30 to 148 (the middle, an eighth off each
        // side, ends at 140): it ran into the middle's edge and was left out with the ground.
        let img = GrayImage::from_fn(160, 160, |x, y| {
            let stroke = (x - 30) % 34 < 12 || y >= 103;
            let letter = (30..148).contains(&x) && (45..115).contains(&y) && stroke;
            Luma([if x < 20 || y < 20 {
                90
            } else if letter {
                10
            } else {
                207
            }])
        });
        let cell = PixelBox::whole(img.dimensions());
        assert_eq!(letter_in_cell(&img, cell, 70.0), None);
        let found = letter_under_trail(&img, cell, 70.0).expect("the letter is found");
        assert_eq!((found.left, found.right), (30, 148), "{found:?}");
        assert_eq!((found.top, found.bottom), (45, 115), "{found:?}");
    }

    /// A 114 px orange cell (ground 159) with light print 62 x 21 px across its middle, four
    /// glyph-like bars with gaps, like Wordament's `OVER-` on a 4K desktop.
    fn cell_with_small_wide_print() -> GrayImage {
        GrayImage::from_fn(114, 114, |x, y| {
            let in_line = (35..97).contains(&x) && (49..70).contains(&y);
            let in_glyph = (x - 35) % 16 < 12;
            Luma([if in_line && in_glyph { 250 } else { 159 }])
        })
    }

    #[test]
    fn small_wide_print_under_half_the_letter_height_is_found_in_its_cell() {
        // 21 px high beside 48 px letters (0.44 of them, under the grid's 0.45): Wordament's
        // `OVER-` on a board a third as large at the working size, whose main the grid search
        // missed.
        let img = cell_with_small_wide_print();
        let found = letter_in_cell(&img, PixelBox::whole(img.dimensions()), 48.0)
            .expect("the print is found");
        assert_eq!((found.top, found.bottom), (49, 70), "{found:?}");
        assert!(found.left <= 35 && found.right >= 95, "{found:?}");
        // A narrow piece as small (a corner value's two digits) is not taken for it.
        let digits = GrayImage::from_fn(114, 114, |x, y| {
            Luma([
                if (45..70).contains(&x) && (49..70).contains(&y) && x % 14 < 10 {
                    250
                } else {
                    159
                },
            ])
        });
        assert_eq!(
            letter_in_cell(&digits, PixelBox::whole(digits.dimensions()), 48.0),
            None
        );
    }

    /// A die's `T` (dark, 30) on its light face (215) in a 100 px cell, with the dark tray (40)
    /// along the cell's left and top edges (the die sits off-centre); the grid search merged the
    /// strip of tray beside the `T` with it as a text of two glyphs.
    #[test]
    fn a_text_reaching_the_cells_edge_is_looked_for_again() {
        let img = GrayImage::from_fn(100, 100, |x, y| {
            let bar = (30..70).contains(&x) && (20..28).contains(&y);
            let stem = (46..54).contains(&x) && (20..70).contains(&y);
            Luma([if bar || stem {
                30
            } else if x < 12 || y < 10 {
                40
            } else {
                215
            }])
        });
        let merged = Blob {
            x0: 0,
            y0: 15,
            x1: 70,
            y1: 70,
            area: 900,
            dark: true,
            parts: 2,
        };
        let lattice = Lattice {
            rows: 1,
            cols: 1,
            x0: 50.0,
            y0: 50.0,
            px: 100.0,
            py: 100.0,
            glyph_height: 50.0,
            dark: true,
            cells: vec![Some(merged)],
            score: 1.0,
            holes: vec![false],
            covered: Vec::new(),
        };
        let masks = ink_masks(&img, 20, INK_DELTA);
        let cell = cut_cell(&img, &masks, &lattice, 1.0, 0, 0, None);
        let (text, _) = cell.main.expect("a letter");
        assert!(
            text.left >= 28 && text.right <= 72,
            "the T alone, without the tray: {text:?}"
        );
    }

    /// A cell 100 px wide: the letters (30-70 across, 40-80 down), the gap's shade along the
    /// cell's right rim (from 30 down), and a value printed above the letters (32-38 across, 20-34
    /// down), whose foot the text's box, stretched upwards by the shade, cuts. The text off the
    /// rim is the letters alone: the value's foot is not one of its glyphs, and stays the value's.
    #[test]
    fn the_text_off_the_rim_leaves_out_print_its_box_cuts() {
        let mask = GrayImage::from_fn(100, 100, |x, y| {
            let letters = (30..70).contains(&x) && (40..80).contains(&y) && !(40..60).contains(&x);
            let shade = x >= 98 && y >= 30;
            let value = (32..38).contains(&x) && (20..34).contains(&y);
            Luma([if letters || shade || value { 255 } else { 0 }])
        });
        let text = Blob {
            x0: 30,
            y0: 30,
            x1: 100,
            y1: 80,
            area: 1000,
            dark: true,
            parts: 3,
        };
        let cell = Rect::new(0.0, 0.0, 100.0, 100.0);
        let off_rim = glyphs_off_edge(&text, &cell, &mask).expect("letters off the rim");
        assert_eq!(
            (off_rim.x0, off_rim.y0, off_rim.x1, off_rim.y1),
            (30, 40, 70, 80),
            "the letters alone"
        );
    }

    /// A wide dark `H` (stems 20, 34 px apart) on a light tile (230), its crossbar paler (150,
    /// as a sharpened capture's halo leaves a thin bar): the box found at the working size holds
    /// the whole `H`, but the line read is cut halfway between ink and ground, where the bar is
    /// no ink, and starts from the largest piece: one stem.
    #[test]
    fn ink_beside_is_measured_against_the_box_that_is_read() {
        let img = GrayImage::from_fn(100, 100, |x, y| {
            let stem = ((25..33).contains(&x) || (67..75).contains(&x)) && (25..75).contains(&y);
            let bar = (33..67).contains(&x) && (45..55).contains(&y);
            Luma([if stem {
                20
            } else if bar {
                150
            } else {
                230
            }])
        });
        let h = Blob {
            x0: 25,
            y0: 25,
            x1: 75,
            y1: 75,
            area: 1140,
            dark: true,
            parts: 1,
        };
        let lattice = Lattice {
            rows: 1,
            cols: 1,
            x0: 50.0,
            y0: 50.0,
            px: 100.0,
            py: 100.0,
            glyph_height: 50.0,
            dark: true,
            cells: vec![Some(h)],
            score: 1.0,
            holes: vec![false],
            covered: Vec::new(),
        };
        let masks = ink_masks(&img, 20, INK_DELTA);
        let cell = cut_cell(&img, &masks, &lattice, 1.0, 0, 0, None);
        let (read, _) = cell.main.expect("a letter");
        assert!(read.width() <= 10, "one stem is read: {read:?}");
        // More than notation's INK_BESIDE_AT_MOST (0.58): the reading is doubted.
        assert!(cell.ink_beside_main > 0.58, "{}", cell.ink_beside_main);
    }

    /// The `H` of the test above on a die's light face, where the grid search found a light piece
    /// of the face between its stems (the other polarity than the face's dark letter): the letter
    /// is looked for again, in its own polarity, and cut to one stem.
    #[test]
    fn ink_beside_a_relocated_letter_is_measured_in_its_own_polarity() {
        let img = GrayImage::from_fn(100, 100, |x, y| {
            let stem = ((25..33).contains(&x) || (67..75).contains(&x)) && (25..75).contains(&y);
            let bar = (33..67).contains(&x) && (45..55).contains(&y);
            Luma([if stem {
                20
            } else if bar {
                150
            } else {
                230
            }])
        });
        let face_between_stems = Blob {
            x0: 34,
            y0: 26,
            x1: 66,
            y1: 44,
            area: 576,
            dark: false,
            parts: 1,
        };
        let lattice = Lattice {
            rows: 1,
            cols: 1,
            x0: 50.0,
            y0: 50.0,
            px: 100.0,
            py: 100.0,
            glyph_height: 50.0,
            dark: false,
            cells: vec![Some(face_between_stems)],
            score: 1.0,
            holes: vec![false],
            covered: Vec::new(),
        };
        let masks = ink_masks(&img, 20, INK_DELTA);
        let cell = cut_cell(&img, &masks, &lattice, 1.0, 0, 0, None);
        let (read, _) = cell.main.expect("a letter");
        assert!(read.width() <= 10, "one stem is read: {read:?}");
        assert!(cell.ink_beside_main > 0.58, "{}", cell.ink_beside_main);
    }

    #[test]
    fn the_whole_line_starts_from_the_letter_not_a_badge_beside_it() {
        // A dark letter with a grey badge edge just left of it, both inside the box found at the
        // working size.
        let img = GrayImage::from_fn(100, 100, |x, y| {
            let letter = (45..55).contains(&x) && (30..70).contains(&y);
            let badge = (28..34).contains(&x) && (30..45).contains(&y);
            Luma([if letter {
                10
            } else if badge {
                20
            } else {
                230
            }])
        });
        let grown = whole_line(
            &img,
            PixelBox::new(0, 0, 100, 100),
            PixelBox::new(28, 30, 55, 70),
        );
        assert_eq!(grown, PixelBox::new(45, 30, 55, 70));
    }
}
