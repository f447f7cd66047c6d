//! A cover beside a letter: an alert or a popup over part of the board, whose side or corner
//! runs through a tile's letter.
//!
//! What such a cover leaves of a letter is often another letter, read surely: the left stem of
//! a `W` or an `N` is an `I`, an `O` without its top right a `C`. Its edge crosses only some of a
//! row's tiles, so it is no banner's edge across the row (see [`super::cover_edge`]), and a side
//! cut leaves the letter as high as the others. It shows round the letter it cuts instead: right
//! beside the letter's box, on one side, the ground is not the tile's, unlike where the board's
//! other letters have it; it is unlike the ground on the letter's opposite side; and it spreads
//! past the letter as one colour over a square half a tile wide, as an opaque cover does. A
//! swipe trail along a column passes on both sides of a letter alike, a trail's band seldom
//! fills such a square, and a badge or a printed value is smaller.
//!
//! A cover whose colour lies close to the tiles' (a dark alert over a dark theme's dimmed
//! tiles, some 20 levels apart) is as close to them as a tile's own shading beside some
//! letters. It is told by its side instead: one straight edge right at the letter's box that
//! runs on past the letter, above and below it (left and right of it, for a cover's top or
//! bottom cutting the letter), through the tile's ground, with the cover's flat colour on its
//! far side (see [`faint_cover_at`]); no letter's outline does that.

use super::fill::{self, Colour, Colours};
use super::rect::{PixelBox, Rect};
use image::DynamicImage;

/// The patches beside a letter's box are this share of the cell's height deep (at least
/// [`PATCH_DEPTH_PIXELS`]), one pixel off the box, each along half of one of its sides.
const PATCH_DEPTH: f32 = 0.05;
/// See [`PATCH_DEPTH`].
const PATCH_DEPTH_PIXELS: f32 = 2.0;
/// A patch is a cover's when its fill, taken relative to the median of its letter's patches,
/// lies at least this far (RGB levels) from the same patch's on the board's letters (the
/// median over them) ...
const UNLIKE_THE_BOARD: f32 = 40.0;
/// ... its fill lies at least this far from the patch's on the letter's opposite side ...
const UNLIKE_THE_OPPOSITE: f32 = 40.0;
/// ... and at least [`SQUARE_SHARE`] of the square this share of the cell's height wide beyond
/// it (outward from the letter, centred on the patch's half) lies within [`SQUARE_NEAR`] of its
/// fill.
const SQUARE: f32 = 0.45;
/// See [`SQUARE`]. Measured on the real screenshots (130 boards), the rendered swipe trails (300
/// boards) and a probe of system alerts over the board's middle (207 boards), looking at each
/// letter's lateral patch that lies farthest from the board's: no letter of a real screenshot
/// or a trail probe read at 90% or more passes the three tests (a Word Hunt `I` in a column
/// swipe's band passes the first and this one, at 0.81, not the second). Of the 24 tiles the
/// alert probe read wrong at 90% or more, 15 pass them, their patches 56-363 levels off the
/// board's and 0.75-1.0 of their squares alike, and two more (`N`s cut to a `V`) with the
/// square's own fill, past a sliver of their ink; three more lie 20 levels off (a dark panel over
/// a dark theme's tiles), as close as whole letters do elsewhere at 20-30 (a BWF tile's shading
/// beside a wide letter, a JPEG's colour blur beside a Wordament letter): not taken.
const SQUARE_SHARE: f32 = 0.7;
/// See [`SQUARE`] (RGB levels).
const SQUARE_NEAR: f32 = 40.0;
/// A faint cover's patch lies at least this far (RGB levels) from the board's usual and from
/// the letter's opposite side (and under [`UNLIKE_THE_BOARD`] from the board's) ...
const FAINT_UNLIKE: f32 = 12.0;
/// ... at least [`SQUARE_SHARE`] of the square beyond it lies within this of its fill (a
/// cover is flat) ...
const FAINT_SQUARE_NEAR: f32 = 12.0;
/// ... and its edge runs straight within this many pixels of the letter's box, ...
const EDGE_REACH: u32 = 3;
/// ... on at least [`EDGE_SHARE`] of the points along it within this share of the box's
/// height past either end of the box (the rows above and below it for a side, the columns
/// left and right of it for a top or a bottom; within the cell), and on at least
/// [`EDGE_FEWEST_ROWS`] of them. Measured, for sides, with a
/// throw-away instrument on every real image (2,846 letters: real-screens, the gathered tuning
/// and held-out sets, rounds 4 and 5, the phone and screen fixtures) and on the probes of
/// trails, pointer trails, banners, frosted glass, cut columns, `gmix`, `tmix`, `night`,
/// `neg`, `pix2`, `tiny`, `web`, `desk` and the new phone draws (35,600 letters): no letter
/// passes the tests, even at 8 levels, a square share of 0.5 and an edge on half the rows;
/// on the alert probe (2,498 letters) exactly the three letters read wrong at 90% or more
/// beside a dark panel (a `W` cut to a `V`, a `B` to an `E`, a `P` to an `I`) pass, at 20
/// levels, squares 0.89-1.0 flat and edges on 0.98-1.0 of the rows. Below a letter (see
/// [`farthest_of`]), no letter of a real image passes either; over every set and probe only
/// four of the alert probe's letters do, cut by a panel's top: an `L` without its foot, read
/// `I` at 99% before, and three letters read right.
const EDGE_BEYOND: f32 = 0.25;
/// See [`EDGE_BEYOND`].
const EDGE_SHARE: f32 = 0.8;
/// See [`EDGE_BEYOND`].
const EDGE_FEWEST_ROWS: usize = 10;
/// The edge is looked for between the pixels this far either side of it (an anti-aliased
/// edge is blurred over a pixel or two).
const EDGE_STEP: f32 = 2.0;
/// Samples across each side of the square.
const SQUARE_SAMPLES: usize = 16;
/// Fewest letters on the board for their usual patches to be known.
const FEWEST_LETTERS: usize = 4;

/// The side a cover over a tile comes from (a notification banner from above, a popup or a
/// keyboard from below, an alert's side from the left or right, the screenshot's edge from any
/// side); here also the side of a letter's box a patch lies beside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cover {
    Above,
    Below,
    Left,
    Right,
}

impl Cover {
    /// The side across the box.
    fn opposite(self) -> Cover {
        match self {
            Cover::Left => Cover::Right,
            Cover::Right => Cover::Left,
            Cover::Above => Cover::Below,
            Cover::Below => Cover::Above,
        }
    }
}

/// A patch of ground right beside a letter's box: along the first or second half of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Patch {
    side: Cover,
    second_half: bool,
}

/// The eight patches round a letter's box; the first four beside its left and right sides.
const PATCHES: [Patch; 8] = {
    const fn p(side: Cover, second_half: bool) -> Patch {
        Patch { side, second_half }
    }
    [
        p(Cover::Left, false),
        p(Cover::Left, true),
        p(Cover::Right, false),
        p(Cover::Right, true),
        p(Cover::Above, false),
        p(Cover::Above, true),
        p(Cover::Below, false),
        p(Cover::Below, true),
    ]
};

impl Patch {
    /// The patch across its side from this one.
    fn opposite(self) -> Patch {
        Patch {
            side: self.side.opposite(),
            ..self
        }
    }

    /// The rectangle that reaches `depth` outward from one pixel off `text`'s side, along
    /// `along` (the share of the side's length, from its top or left, where the rectangle's
    /// middle lies) for `length` pixels.
    fn beside(self, text: Rect, depth: f32, along: f32, length: f32) -> Rect {
        let middle_x = text.left + along * text.width();
        let middle_y = text.top + along * text.height();
        let (x0, x1) = (middle_x - length / 2.0, middle_x + length / 2.0);
        let (y0, y1) = (middle_y - length / 2.0, middle_y + length / 2.0);
        match self.side {
            Cover::Left => Rect::new(text.left - 1.0 - depth, y0, text.left - 1.0, y1),
            Cover::Right => Rect::new(text.right + 1.0, y0, text.right + 1.0 + depth, y1),
            Cover::Above => Rect::new(x0, text.top - 1.0 - depth, x1, text.top - 1.0),
            Cover::Below => Rect::new(x0, text.bottom + 1.0, x1, text.bottom + 1.0 + depth),
        }
    }

    /// The share of the side's length, from its top or left, where the patch's middle lies.
    fn along(self) -> f32 {
        if self.second_half { 0.75 } else { 0.25 }
    }

    /// The patch beside `text`, `depth` deep, within `cell`; `None` when nothing of it is left.
    fn rect(self, text: Rect, cell: Rect, depth: f32) -> Option<Rect> {
        let half = match self.side {
            Cover::Left | Cover::Right => text.height() / 2.0,
            Cover::Above | Cover::Below => text.width() / 2.0,
        };
        let r = self.beside(text, depth, self.along(), half);
        let r = Rect::new(
            r.left.max(cell.left),
            r.top.max(cell.top),
            r.right.min(cell.right),
            r.bottom.min(cell.bottom),
        );
        (r.width() >= 1.0 && r.height() >= 1.0).then_some(r)
    }

    /// The square `size` wide beyond the patch (outward from `text`, centred on its half).
    fn square_beyond(self, text: Rect, size: f32) -> Rect {
        self.beside(text, size, self.along(), size)
    }
}

/// A letter's box and its cell, in full-resolution pixels.
pub(crate) type LetterBox = (PixelBox, PixelBox);

/// For each of the board's letters (`letters`: each text's box and its cell; `None` for a cell
/// with none), the side of its box a cover lies against (see the module's doc), if one does.
/// No letter is found covered on a board of fewer than [`FEWEST_LETTERS`] letters.
pub(crate) fn covered_sides(
    image: &DynamicImage,
    letters: &[Option<LetterBox>],
) -> Vec<Option<Cover>> {
    let colours = Colours::new(image, 1.0);
    let fills: Vec<Option<[Option<Colour>; 8]>> = letters
        .iter()
        .map(|l| l.map(|(text, cell)| patch_fills(&colours, text, cell)))
        .collect();
    let deviations: Vec<Option<[Option<Colour>; 8]>> = fills
        .iter()
        .map(|f| f.as_ref().map(deviations_of))
        .collect();
    if deviations.iter().flatten().count() < FEWEST_LETTERS {
        return vec![None; letters.len()];
    }
    let usual: [Option<Colour>; 8] = std::array::from_fn(|i| {
        let known: Vec<Colour> = deviations.iter().flatten().filter_map(|d| d[i]).collect();
        fill::median(&known)
    });
    letters
        .iter()
        .zip(fills.iter().zip(&deviations))
        .map(|(letter, (fills, deviations))| {
            let (letter, fills, deviations) =
                (letter.as_ref()?, fills.as_ref()?, deviations.as_ref()?);
            side_against(&colours, *letter, fills, deviations, &usual)
        })
        .collect()
}

/// The side of `letter`'s box a cover lies against, if one does (see the module's doc): the
/// letter's patch `fills` and their `deviations`, against the board's `usual` deviations. A
/// cover beside the box is looked for first; below it, only a faint one (see
/// [`farthest_of`]).
fn side_against(
    colours: &Colours,
    letter: LetterBox,
    fills: &[Option<Colour>; 8],
    deviations: &[Option<Colour>; 8],
    usual: &[Option<Colour>; 8],
) -> Option<Cover> {
    side_beside(colours, letter, fills, deviations, usual).or_else(|| {
        let faint_below =
            farthest_of(deviations, usual, 6..8).filter(|&(_, unlike)| unlike < UNLIKE_THE_BOARD);
        faint_cover_at(colours, letter, fills, faint_below?.0)
    })
}

/// The side of `letter`'s box, left or right, a cover lies against, if one does (the
/// arguments as for [`side_against`]).
fn side_beside(
    colours: &Colours,
    (text, cell): LetterBox,
    fills: &[Option<Colour>; 8],
    deviations: &[Option<Colour>; 8],
    usual: &[Option<Colour>; 8],
) -> Option<Cover> {
    let (i, unlike) = farthest_of(deviations, usual, 0..4)?;
    if unlike < UNLIKE_THE_BOARD {
        return faint_cover_at(colours, (text, cell), fills, i);
    }
    let (patch, fill, deviation, usual) = (PATCHES[i], fills[i]?, deviations[i]?, usual[i]?);
    let opposite_fill = fills[opposite_of(i)]?;
    let middle = [0, 1, 2].map(|k| fill[k] - deviation[k]);
    let square = patch.square_beyond(Rect::from(text), SQUARE * cell.height() as f32);
    let covers = |colour: Colour| {
        let deviation = [0, 1, 2].map(|k| colour[k] - middle[k]);
        fill::distance(deviation, usual) >= UNLIKE_THE_BOARD
            && fill::distance(colour, opposite_fill) >= UNLIKE_THE_OPPOSITE
            && share_near(colours, square, colour, SQUARE_NEAR) >= SQUARE_SHARE
    };
    // The patch's fill, or the square's: past a sliver of the letter's own ink that its box
    // left out (a cut stem's edge), the patch holds ink and the cover lies beyond.
    (covers(fill) || colours.fill(square, None).is_some_and(covers)).then_some(patch.side)
}

/// The index in [`PATCHES`] of the patch across the box from patch `i`.
fn opposite_of(i: usize) -> usize {
    let opposite = PATCHES[i].opposite();
    PATCHES.iter().position(|&p| p == opposite).unwrap_or(i)
}

/// The fills of the [`PATCHES`] beside `text` in `cell` (`None` for one outside the cell).
fn patch_fills(colours: &Colours, text: PixelBox, cell: PixelBox) -> [Option<Colour>; 8] {
    let depth = (PATCH_DEPTH * cell.height() as f32).max(PATCH_DEPTH_PIXELS);
    let (text, cell) = (Rect::from(text), Rect::from(cell));
    PATCHES.map(|p| colours.fill(p.rect(text, cell, depth)?, None))
}

/// Each patch's fill less the median of the letter's patch fills.
fn deviations_of(fills: &[Option<Colour>; 8]) -> [Option<Colour>; 8] {
    let known: Vec<Colour> = fills.iter().flatten().copied().collect();
    let Some(middle) = fill::median(&known) else {
        return [None; 8];
    };
    fills.map(|f| f.map(|c| [0, 1, 2].map(|k| c[k] - middle[k])))
}

/// The side of a faint cover (see the module's doc) against `text` at patch `i` of
/// [`PATCHES`] (whose fill lies at least [`FAINT_UNLIKE`] from the board's usual), if one lies
/// there: the patch's fill lies as far from the opposite patch's, the square beyond it is flat,
/// and a straight edge between the cover's colour and another runs along the box's side and on
/// past it (see [`EDGE_BEYOND`]).
fn faint_cover_at(
    colours: &Colours,
    (text, cell): LetterBox,
    fills: &[Option<Colour>; 8],
    i: usize,
) -> Option<Cover> {
    let (patch, fill, opposite_fill) = (PATCHES[i], fills[i]?, fills[opposite_of(i)]?);
    let apart = fill::distance(fill, opposite_fill);
    let square = patch.square_beyond(Rect::from(text), SQUARE * cell.height() as f32);
    let cover = (fill, apart / 2.0);
    let edge_at = |k: u32| straight_edge_beside(colours, (text, cell), patch.side, k as f32, cover);
    let faint = apart >= FAINT_UNLIKE
        && share_near(colours, square, fill, FAINT_SQUARE_NEAR) >= SQUARE_SHARE
        && (1..=EDGE_REACH).any(edge_at);
    faint.then_some(patch.side)
}

/// Whether the line `offset` pixels off `text`'s `side` (a column beside its left or right
/// side, a row above or below it) is a cover's edge on at least [`EDGE_SHARE`] of the points
/// along it that lie within [`EDGE_BEYOND`] of the box's height past either end of the box,
/// within the cell: [`EDGE_STEP`] pixels outward, the colour lies within `near` of the cover's
/// `fill`; as far inward, it does not.
fn straight_edge_beside(
    colours: &Colours,
    (text, cell): LetterBox,
    side: Cover,
    offset: f32,
    (fill, near): (Colour, f32),
) -> bool {
    let (text, cell) = (Rect::from(text), Rect::from(cell));
    // The line's place across, the step outward, the box's and the cell's ends along the line,
    // and a point from (across, along).
    let lateral = matches!(side, Cover::Left | Cover::Right);
    let (at, outward) = match side {
        Cover::Left => (text.left - offset, -1.0),
        Cover::Right => (text.right - 1.0 + offset, 1.0),
        Cover::Above => (text.top - offset, -1.0),
        Cover::Below => (text.bottom - 1.0 + offset, 1.0),
    };
    let ((start, end), (first, last)) = if lateral {
        ((text.top, text.bottom), (cell.top, cell.bottom))
    } else {
        ((text.left, text.right), (cell.left, cell.right))
    };
    let point = |across: f32, along: f32| {
        if lateral {
            (across, along)
        } else {
            (along, across)
        }
    };
    let beyond = EDGE_BEYOND * text.height();
    let before = (first.max(start - beyond).ceil() as i32)..(start as i32);
    let after = (end as i32)..(last.min(end + beyond).floor() as i32);
    let is_edge = |along: f32| {
        let (ox, oy) = point(at + outward * EDGE_STEP, along);
        let (ix, iy) = point(at - outward * EDGE_STEP, along);
        let near_fill = |c: Colour| fill::distance(c, fill) <= near;
        colours.at(ox, oy).is_some_and(near_fill)
            && colours.at(ix, iy).is_some_and(|c| !near_fill(c))
    };
    let points = before.chain(after).map(|v| v as f32 + 0.5);
    let (count, edges) = points.fold((0, 0), |(n, e), v| (n + 1, e + usize::from(is_edge(v))));
    count >= EDGE_FEWEST_ROWS && edges as f32 >= EDGE_SHARE * count as f32
}

/// Of the patches `among` (indices into [`PATCHES`]: `0..4` beside a letter's left and right
/// sides, `6..8` below it), the index of the one whose deviation lies farthest from the
/// board's usual one, with that distance, when it is at least [`FAINT_UNLIKE`] (a cover's
/// patch lies [`UNLIKE_THE_BOARD`] off, a faint cover's less; see [`faint_cover_at`]). Above
/// and below a letter, a cover's edge is a banner's bottom or a popup's top, and the rules on
/// letters' heights see what it cuts; a banner right above whole letters lies against them too
/// (weighing every patch, the letters of Wordament's top row under a banner lost their values
/// on the probes of banners and frosted covers, 38 values in all, and read right all the
/// same; a banner's straight bottom edge, faint over Wordament's tiles, passes the faint
/// cover's tests too: 16 values lost on the banner probes). Only a faint cover's top below a
/// letter is looked for: cutting the letter's foot, it leaves the letter as high as the others
/// (an `L` read `I` at 99% on the alert probe).
fn farthest_of(
    deviations: &[Option<Colour>; 8],
    usual: &[Option<Colour>; 8],
    among: std::ops::Range<usize>,
) -> Option<(usize, f32)> {
    let distances = among.map(|i| match (deviations[i], usual[i]) {
        (Some(d), Some(u)) => (i, fill::distance(d, u)),
        _ => (i, 0.0),
    });
    // The first of equals (both halves of a side under one cover).
    let farthest = distances.fold(None, |best: Option<(usize, f32)>, (i, d)| match best {
        Some((_, b)) if b >= d => best,
        _ => Some((i, d)),
    });
    farthest.filter(|&(_, d)| d >= FAINT_UNLIKE)
}

/// The share of samples on a [`SQUARE_SAMPLES`]-square grid over `area` within `near` of
/// `colour`; samples off the image count against it.
fn share_near(colours: &Colours, area: Rect, colour: Colour, near: f32) -> f32 {
    let near = colours
        .samples(area, SQUARE_SAMPLES)
        .filter(|(_, c)| c.is_some_and(|c| fill::distance(c, colour) <= near))
        .count();
    near as f32 / (SQUARE_SAMPLES * SQUARE_SAMPLES) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    const GROUND: Rgb<u8> = Rgb([120, 80, 50]);
    const TILE: Rgb<u8> = Rgb([240, 215, 175]);
    const INK: Rgb<u8> = Rgb([30, 30, 30]);
    const PANEL: Rgb<u8> = Rgb([242, 242, 247]);

    fn paint(image: &mut RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), colour: Rgb<u8>) {
        for y in y0..y1 {
            for x in x0..x1 {
                image.put_pixel(x, y, colour);
            }
        }
    }

    /// A 4x4 board of 100-pixel cells from (50, 50) on a brown ground: cream tiles 90 pixels
    /// wide, each with a dark letter 30 wide and 40 high in its middle; with each letter's box
    /// and cell.
    fn board() -> (RgbImage, Vec<Option<LetterBox>>) {
        board_in(GROUND, TILE, INK)
    }

    /// The board of [`board`] in other colours.
    fn board_in(
        ground: Rgb<u8>,
        tile: Rgb<u8>,
        ink: Rgb<u8>,
    ) -> (RgbImage, Vec<Option<LetterBox>>) {
        let mut image = RgbImage::from_pixel(500, 500, ground);
        let mut letters = Vec::new();
        for (row, col) in (0..4u32).flat_map(|r| (0..4u32).map(move |c| (r, c))) {
            let (x, y) = (50 + col * 100, 50 + row * 100);
            paint(&mut image, (x + 5, y + 5, x + 95, y + 95), tile);
            paint(&mut image, (x + 35, y + 30, x + 65, y + 70), ink);
            let cell = PixelBox::new(x, y, x + 100, y + 100);
            letters.push(Some((PixelBox::new(x + 35, y + 30, x + 65, y + 70), cell)));
        }
        (image, letters)
    }

    /// The board with an alert from x = 200 (through the letters of column 1) to the right,
    /// over rows 1 and 2: their letters in columns 2 and 3 are hidden, those in column 1 cut to
    /// their left half, their boxes ending at `box_right`.
    fn board_under_alert(box_right: u32) -> (RgbImage, Vec<Option<LetterBox>>) {
        let (mut image, mut letters) = board();
        paint(&mut image, (200, 138, 490, 348), PANEL);
        for (i, letter) in letters.iter_mut().enumerate() {
            let (row, col) = (i / 4, i % 4);
            if (1..=2).contains(&row) && col >= 2 {
                *letter = None;
            } else if (1..=2).contains(&row) && col == 1 {
                let (text, cell) = letter.unwrap();
                *letter = Some((
                    PixelBox::new(text.left, text.top, box_right, text.bottom),
                    cell,
                ));
            }
        }
        (image, letters)
    }

    /// The letters found covered, with the side.
    fn covered(image: RgbImage, letters: &[Option<LetterBox>]) -> Vec<(usize, Cover)> {
        let sides = covered_sides(&DynamicImage::ImageRgb8(image), letters);
        sides
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i, s)))
            .collect()
    }

    #[test]
    fn an_alert_whose_side_cuts_letters_lies_against_them() {
        let (image, letters) = board_under_alert(200);
        assert_eq!(
            covered(image, &letters),
            [(5, Cover::Right), (9, Cover::Right)]
        );
    }

    #[test]
    fn a_sliver_of_cut_ink_left_out_of_the_box_does_not_hide_the_cover_beyond_it() {
        // The cut letters' boxes stop 4 pixels short of the alert's side: the patch beside them
        // is their own ink, the alert lies past it.
        let (image, letters) = board_under_alert(196);
        assert_eq!(
            covered(image, &letters),
            [(5, Cover::Right), (9, Cover::Right)]
        );
    }

    #[test]
    fn a_band_along_a_row_passes_both_sides_of_its_letters_and_covers_none() {
        let (mut image, letters) = board();
        // A swipe trail's band 44 pixels high along row 1, over its letters (drawn again): it
        // fills the patches left and right of each letter, and the squares beyond them.
        paint(&mut image, (60, 178, 440, 222), Rgb([90, 200, 90]));
        for col in 0..4 {
            let x = 50 + col * 100;
            paint(&mut image, (x + 35, 180, x + 65, 220), INK);
        }
        let sides = covered_sides(&DynamicImage::ImageRgb8(image), &letters);
        assert!(sides.iter().all(Option::is_none), "{sides:?}");
    }

    /// A dark theme's board: dark grey tiles with light grey letters.
    fn dark_board() -> (RgbImage, Vec<Option<LetterBox>>) {
        board_in(Rgb([20, 20, 20]), Rgb([36, 36, 38]), Rgb([140, 140, 140]))
    }

    /// A dark panel 20 levels off the dark board's tiles.
    const DARK_PANEL: Rgb<u8> = Rgb([48, 48, 52]);

    #[test]
    fn a_faint_alert_whose_side_cuts_a_letter_lies_against_it() {
        // The alert of `board_under_alert`, its panel 20 levels off the tiles: its left side
        // runs down through the letters of column 1, from above them to below them.
        let (mut image, mut letters) = dark_board();
        paint(&mut image, (200, 138, 490, 348), DARK_PANEL);
        for i in [5, 9] {
            let (text, cell) = letters[i].unwrap();
            letters[i] = Some((PixelBox::new(text.left, text.top, 200, text.bottom), cell));
        }
        for i in [6, 7, 10, 11] {
            letters[i] = None;
        }
        assert_eq!(
            covered(image, &letters),
            [(5, Cover::Right), (9, Cover::Right)]
        );
    }

    #[test]
    fn a_faint_alert_whose_top_cuts_letters_lies_below_them() {
        // A panel 20 levels off the dark tiles from x = 150 rightwards, its top at y = 212
        // through the feet of row 1's letters in columns 1-3 (their boxes end there), hiding
        // row 2's letters there.
        let (mut image, mut letters) = dark_board();
        paint(&mut image, (150, 212, 490, 348), DARK_PANEL);
        for i in [5, 6, 7] {
            let (text, cell) = letters[i].unwrap();
            letters[i] = Some((PixelBox::new(text.left, text.top, text.right, 212), cell));
        }
        for i in [9, 10, 11] {
            letters[i] = None;
        }
        assert_eq!(
            covered(image, &letters),
            [(5, Cover::Below), (6, Cover::Below), (7, Cover::Below)]
        );
    }

    #[test]
    fn a_faint_patch_beside_a_letter_that_does_not_run_past_it_is_no_cover() {
        // The same colour beside the letter's rows only, as a tile's shading by a wide letter
        // is: no edge above or below the letter.
        let (mut image, letters) = dark_board();
        paint(&mut image, (216, 180, 290, 220), DARK_PANEL);
        let sides = covered_sides(&DynamicImage::ImageRgb8(image), &letters);
        assert!(sides.iter().all(Option::is_none), "{sides:?}");
    }

    #[test]
    fn too_few_letters_tell_nothing() {
        let (mut image, letters) = board();
        paint(&mut image, (200, 138, 490, 348), PANEL);
        let sides = covered_sides(&DynamicImage::ImageRgb8(image), &letters[..3]);
        assert_eq!(sides, [None, None, None]);
    }
}
