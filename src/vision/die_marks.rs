//! What a die's print shows of which way up it stands, beyond the letter the model reads: the
//! bar some games print under a letter that reads as another one turned (`M` and `W`, `N` and
//! `Z`), and the holes of the letter's ink (an `A` upside down, which the model reads as a `V`,
//! keeps the hole a `V` has not).
//!
//! Both are measured on a main tile crop, whichever way it is turned: the crop is split into ink
//! and ground between the mean greys of Otsu's two classes, the ground being the class most of
//! the crop's rim pixels fall in.

use super::glyphs::{Blob, components};
use super::turn::Turn;
use image::{GrayImage, Luma};
use imageproc::contrast::otsu_level;

/// Each letter's holes in an upright sans-serif capital: the closed counters of its ink.
const LETTER_HOLES: [(char, usize); 7] = [
    ('A', 1),
    ('B', 2),
    ('D', 1),
    ('O', 1),
    ('P', 1),
    ('Q', 1),
    ('R', 1),
];

/// How many holes the print of a tile's text (`M`, `QU`, `A/E` ...) has: the holes of its
/// letters (see [`LETTER_HOLES`]). `None` for text of anything but capital letters.
pub(crate) fn holes_of_text(text: &str) -> Option<usize> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    Some(
        text.chars()
            .map(|c| {
                LETTER_HOLES
                    .iter()
                    .find(|&&(l, _)| l == c)
                    .map_or(0, |&(_, n)| n)
            })
            .sum(),
    )
}

/// A hole counts when its area is at least this share of the ink's box: a pinhole between two
/// strokes that nearly touch (blur, a swipe's edge) is not a counter.
const HOLE_AREA_SHARE: f32 = 0.01;

/// The ink mask of a crop: 255 where the crop is ink, 0 where it is ground (see the module
/// documentation). `None` for a crop with no contrast.
fn ink_mask(crop: &GrayImage) -> Option<GrayImage> {
    ink_mask_at(crop, 0.5)
}

/// The ink mask of a crop split at `share` of the way from the ink's mean grey to the ground's
/// (Otsu's two classes; 0.5: their midpoint, near Otsu's level), 255 where the crop is ink.
/// `None` for a crop with no contrast.
fn ink_mask_at(crop: &GrayImage, share: f32) -> Option<GrayImage> {
    let (w, h) = crop.dimensions();
    if w < 3 || h < 3 {
        return None;
    }
    let otsu = otsu_level(crop);
    let rim: Vec<bool> = (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((1..h - 1).flat_map(|y| [(0, y), (w - 1, y)]))
        .map(|(x, y)| crop.get_pixel(x, y)[0] > otsu)
        .collect();
    let light_rim = rim.iter().filter(|&&light| light).count();
    let ink_is_dark = light_rim * 2 >= rim.len();
    let mean_of = |light: bool| {
        let values: Vec<f32> = crop
            .pixels()
            .filter(|p| (p[0] > otsu) == light)
            .map(|p| f32::from(p[0]))
            .collect();
        (!values.is_empty()).then(|| values.iter().sum::<f32>() / values.len() as f32)
    };
    let (dark, light) = (mean_of(false)?, mean_of(true)?);
    let (ink, ground) = if ink_is_dark {
        (dark, light)
    } else {
        (light, dark)
    };
    let level = ink + share * (ground - ink);
    let mask = GrayImage::from_fn(w, h, |x, y| {
        let v = f32::from(crop.get_pixel(x, y)[0]);
        let is_ink = if ink_is_dark { v < level } else { v > level };
        Luma([if is_ink { 255 } else { 0 }])
    });
    let inked = mask.pixels().filter(|p| p[0] == 255).count();
    (inked > 0 && inked < (w * h) as usize).then_some(mask)
}

/// The largest piece of ink of a mask, and every piece.
fn ink_pieces(mask: &GrayImage) -> Vec<Blob> {
    let mut pieces: Vec<Blob> = components(mask).into_iter().map(|(_, b)| b).collect();
    pieces.sort_by_key(|b| std::cmp::Reverse(b.area));
    pieces
}

/// The width and height of a main tile crop's letter: its largest piece of ink (without the bar
/// under it, or specks). `None` for a crop without ink.
pub(crate) fn letter_size(crop: &GrayImage) -> Option<(u32, u32)> {
    let mask = ink_mask(crop)?;
    let letter = *ink_pieces(&mask).first()?;
    Some((letter.width(), letter.height()))
}

/// The ink is split from the ground this share of the way from the ink's grey to the ground's,
/// and again this share of the way back (see [`holes_in`]).
const HOLE_SPLIT_SHARE: f32 = 0.3;

/// How many holes the ink of a main tile crop encloses: pieces of ground that touch neither the
/// crop's rim nor are tiny (see [`HOLE_AREA_SHARE`]), counted with the ink split thin and split
/// thick (see [`HOLE_SPLIT_SHARE`]). `None` for a crop without ink, or when the two counts
/// differ: a blurred counter that a thin split opens and a thick one shuts, or a swipe's grey
/// line through a letter, which a thin split takes for ground, opening a way out of its hole.
pub(crate) fn holes_in(crop: &GrayImage) -> Option<usize> {
    let thin = holes_of_mask(&ink_mask_at(crop, HOLE_SPLIT_SHARE)?)?;
    let thick = holes_of_mask(&ink_mask_at(crop, 1.0 - HOLE_SPLIT_SHARE)?)?;
    (thin == thick).then_some(thin)
}

/// The holes of an ink mask (see [`holes_in`]).
fn holes_of_mask(mask: &GrayImage) -> Option<usize> {
    let pieces = ink_pieces(mask);
    let ink_box = pieces
        .iter()
        .skip(1)
        .fold(*pieces.first()?, |a, b| a.union(b));
    let min_area = (HOLE_AREA_SHARE * (ink_box.width() * ink_box.height()) as f32).max(2.0);
    let (w, h) = mask.dimensions();
    let mut ground = mask.clone();
    image::imageops::invert(&mut ground);
    Some(
        components(&ground)
            .into_iter()
            .filter(|(_, b)| b.x0 > 0 && b.y0 > 0 && b.x1 < w && b.y1 < h)
            .filter(|(_, b)| b.area as f32 >= min_area)
            .count(),
    )
}

/// An underline is a piece of ink apart from the letter, at least this many times as long as it
/// is thick ...
const BAR_ASPECT: u32 = 4;

/// ... at least this share of the letter's extent along it long ...
const BAR_LENGTH_SHARE: f32 = 0.5;

/// ... at most this share of the letter's extent across it thick ...
const BAR_THICKNESS_SHARE: f32 = 0.25;

/// ... and at most this share of the letter's extent across it away from the letter.
const BAR_GAP_SHARE: f32 = 0.5;

/// Which side of the letter a bar lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Bottom,
    Right,
    Top,
    Left,
}

impl Side {
    /// The turn (clockwise) that brings this side of a crop to the bottom.
    fn turn_to_bottom(self) -> Turn {
        match self {
            Side::Bottom => Turn::None,
            Side::Right => Turn::Quarter,
            Side::Top => Turn::Half,
            Side::Left => Turn::ThreeQuarters,
        }
    }
}

/// The side of `letter` that `bar` underlines, if it is a bar (see [`BAR_ASPECT`] and the
/// shares after it) that lies wholly beyond that side, along it.
fn underlined_side(letter: &Blob, bar: &Blob) -> Option<Side> {
    let lying = bar.width() >= BAR_ASPECT * bar.height();
    let standing = bar.height() >= BAR_ASPECT * bar.width();
    // Extent along the bar, extent across it, the bar's thickness, and (start, end) of the
    // letter and the bar along it.
    let (along, across, thickness, letter_span, bar_span) = if lying {
        let span = (letter.x0, letter.x1);
        (
            letter.width(),
            letter.height(),
            bar.height(),
            span,
            (bar.x0, bar.x1),
        )
    } else if standing {
        let span = (letter.y0, letter.y1);
        (
            letter.height(),
            letter.width(),
            bar.width(),
            span,
            (bar.y0, bar.y1),
        )
    } else {
        return None;
    };
    let length = bar_span.1 - bar_span.0;
    let overlap = bar_span
        .1
        .min(letter_span.1)
        .saturating_sub(bar_span.0.max(letter_span.0));
    if (length as f32) < BAR_LENGTH_SHARE * along as f32
        || thickness as f32 > BAR_THICKNESS_SHARE * across as f32
        || (overlap as f32) < 0.5 * length as f32
    {
        return None;
    }
    let max_gap = BAR_GAP_SHARE * across as f32;
    let near = |gap: u32| gap as f32 <= max_gap;
    match (lying, standing) {
        (true, _) if bar.y0 >= letter.y1 && near(bar.y0 - letter.y1) => Some(Side::Bottom),
        (true, _) if bar.y1 <= letter.y0 && near(letter.y0 - bar.y1) => Some(Side::Top),
        (_, true) if bar.x0 >= letter.x1 && near(bar.x0 - letter.x1) => Some(Side::Right),
        (_, true) if bar.x1 <= letter.x0 && near(letter.x0 - bar.x1) => Some(Side::Left),
        _ => None,
    }
}

/// The turn (clockwise) that stands a die's letter upright by the bar printed under it, when the
/// crop holds one letter of one piece of ink and one bar along one of its sides (see
/// [`underlined_side`]), and nothing else of note: games that turn dice at random underline the
/// letters that read as others turned (`M`/`W`, `N`/`Z`, or some of them). `None` when there is
/// no such bar. An `I` beside a letter may look like one: the caller weighs the bar only to
/// tell turn twins apart.
pub(crate) fn underline_turn(crop: &GrayImage) -> Option<Turn> {
    let mask = ink_mask(crop)?;
    let pieces = ink_pieces(&mask);
    let (letter, bar) = (pieces.first()?, pieces.get(1)?);
    // Specks aside, the letter and the bar are the only ink.
    let speck = (letter.area / 50).max(2);
    if pieces.iter().skip(2).any(|p| p.area > speck) {
        return None;
    }
    underlined_side(letter, bar).map(Side::turn_to_bottom)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white crop with black rectangles (left, top, right, bottom; exclusive ends).
    fn crop(w: u32, h: u32, boxes: &[(u32, u32, u32, u32)]) -> GrayImage {
        GrayImage::from_fn(w, h, |x, y| {
            let inked = boxes
                .iter()
                .any(|&(l, t, r, b)| x >= l && x < r && y >= t && y < b);
            Luma([if inked { 20 } else { 235 }])
        })
    }

    /// A blocky `M` (two stems joined at the top by a beam) 30 px wide, 30 high, at (10, 10).
    fn m_shape() -> Vec<(u32, u32, u32, u32)> {
        vec![(10, 10, 16, 40), (34, 10, 40, 40), (10, 10, 40, 16)]
    }

    #[test]
    fn a_bar_under_a_letter_stands_it_as_it_is() {
        let mut boxes = m_shape();
        boxes.push((10, 44, 40, 47));
        assert_eq!(underline_turn(&crop(50, 52, &boxes)), Some(Turn::None));
    }

    #[test]
    fn a_bar_on_each_side_gives_the_turn_that_brings_it_to_the_bottom() {
        let bar_at = |bar| {
            let mut boxes = m_shape();
            boxes.push(bar);
            underline_turn(&crop(50, 50, &boxes))
        };
        assert_eq!(bar_at((10, 4, 40, 7)), Some(Turn::Half));
        assert_eq!(bar_at((43, 10, 46, 40)), Some(Turn::Quarter));
        assert_eq!(bar_at((4, 10, 7, 40)), Some(Turn::ThreeQuarters));
    }

    #[test]
    fn no_bar_or_a_letter_beside_it_is_no_underline() {
        assert_eq!(underline_turn(&crop(50, 50, &m_shape())), None);
        // Another letter beside it (the `U` of a `QU`) is no bar.
        let mut boxes = m_shape();
        boxes.extend([(42, 24, 45, 40), (48, 24, 51, 40), (42, 37, 51, 40)]);
        assert_eq!(underline_turn(&crop(54, 50, &boxes)), None);
        // A short dash under the letter is no underline.
        let mut boxes = m_shape();
        boxes.push((20, 44, 28, 46));
        assert_eq!(underline_turn(&crop(50, 52, &boxes)), None);
    }

    #[test]
    fn holes_are_counted_in_either_polarity() {
        // An `O`: a ring.
        let ring = [
            (10, 10, 40, 16),
            (10, 34, 40, 40),
            (10, 10, 16, 40),
            (34, 10, 40, 40),
        ];
        assert_eq!(holes_in(&crop(50, 50, &ring)), Some(1));
        let light = crop(50, 50, &ring);
        let inverted = GrayImage::from_fn(50, 50, |x, y| Luma([255 - light.get_pixel(x, y)[0]]));
        assert_eq!(holes_in(&inverted), Some(1));
        assert_eq!(holes_in(&crop(50, 50, &m_shape())), Some(0));
    }

    #[test]
    fn a_letter_s_size_leaves_out_the_bar_under_it() {
        let mut boxes = m_shape();
        boxes.push((10, 44, 40, 47));
        assert_eq!(letter_size(&crop(50, 52, &boxes)), Some((30, 30)));
        assert_eq!(letter_size(&crop(50, 52, &[])), None);
    }

    #[test]
    fn a_grey_line_through_a_letter_s_wall_leaves_its_holes_untold() {
        let ring = [
            (10, 10, 40, 16),
            (10, 34, 40, 40),
            (10, 10, 16, 40),
            (34, 10, 40, 40),
        ];
        let mut crop = crop(50, 50, &ring);
        // A swipe's grey line down through the ring's bottom wall: ground to a thin split, ink
        // to a thick one.
        for y in 30..50 {
            for x in 24..27 {
                crop.put_pixel(x, y, Luma([130]));
            }
        }
        assert_eq!(holes_in(&crop), None);
    }

    #[test]
    fn letters_have_the_holes_of_their_print() {
        assert_eq!(holes_of_text("A"), Some(1));
        assert_eq!(holes_of_text("V"), Some(0));
        assert_eq!(holes_of_text("QU"), Some(1));
        assert_eq!(holes_of_text("B"), Some(2));
        assert_eq!(holes_of_text(""), None);
        assert_eq!(holes_of_text("1"), None);
    }
}
