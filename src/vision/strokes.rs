//! Lifting thin foreign strokes off the tiles: Android's pointer-location overlay draws, besides
//! its hairlines (see [`super::hairline`]), the path of the last touch, a thin line of its own
//! colour with small rings at its samples; on a word game that path runs through the letters of
//! the word last swiped. Over a letter it cuts strokes or joins them (an `I` with the path's turn
//! on it reads `Y`). The reader looks for such strokes only where it found the overlay's
//! hairlines, which it always draws with the path.
//!
//! A tile shows two colours, its ground and its letter's ink, and every pixel of it lies between
//! them (the letter's antialiased rim blends the two). Both are taken from the middle of the cell
//! (its edges may show the board's ground between tiles), the ink on the side of the ground
//! (lighter or darker) that more of the middle lies on (a dark line left over is farther from an
//! orange tile than its white letter, but thinner). A pixel far from the segment between them in
//! RGB is something else's; where such pixels make a thin (see [`MAX_THICKNESS_SHARE`]) stroke,
//! long (see [`MIN_STROKE_LENGTH`]) in the middle of the cell, each of its pixels (on to the tile's
//! edge, through a value in its corner) is replaced by the blend of the tile's own pixels just
//! beyond the stroke on either side, where it is crossed shortest, which restores the ink or ground
//! it hid (a letter's or a value's stroke runs on through it; the median of the pixels around, used
//! before, took a thin stroke for ground). A value's or a badge's print is short; a bonus tile's
//! coloured frame lies at the cell's edge; a tile of another colour altogether is foreign over more
//! than [`MAX_FOREIGN_SHARE`] of the cell. Cells are lifted on their own.

use super::fill;
use super::rect::PixelBox;
use super::trail::{colour_channel, open_around_ink};
use image::{DynamicImage, GrayImage, Luma, RgbImage};
use imageproc::region_labelling::{Connectivity, connected_components};
use rayon::prelude::*;

/// A pixel is foreign to its tile when it lies farther than this (in RGB levels) from the segment
/// between the tile's ground and its ink (the overlay's yellow rings lie about 60 from the
/// segment between an orange tile and its white letter).
const FOREIGN_DISTANCE: f32 = 50.0;
/// A foreign stroke is at most this share of the cell's width thick (the overlay's path is 2-4
/// px on a 250 px tile, 5-6 with its antialiased rim) ...
const MAX_THICKNESS_SHARE: f32 = 0.03;
/// ... and a cell is lifted only when at least this share of its pixels lie in such strokes.
const MIN_STROKE_SHARE: f32 = 0.001;
/// A cell is looked at only when at most this share of it is foreign: a thin stroke right
/// across the cell, corner to corner, covers under 3% of it; more is a tile of another colour (a
/// bonus tile) or a badge, not a stroke over a tile.
const MAX_FOREIGN_SHARE: f32 = 0.03;
/// A stroke runs at least this share of the cell's width within its middle (a path through the
/// tile, or one that ends on its letter; a value's or a badge's thin strokes are shorter).
const MIN_STROKE_LENGTH: f32 = 0.25;
/// The middle of the cell, where strokes must be long and the tile's colours are taken, lies this
/// share of the cell's side away from its edges.
const EDGE_SHARE: f32 = 0.12;
/// The ground's and the ink's colours are taken from about this many of the middle's pixels.
const SAMPLES: usize = 4096;
/// The ink's colour is the median of this share of the cell's pixels farthest from the ground in
/// grey level, on the ink's side of it ...
const INK_SHARE: f32 = 0.02;
/// ... which is the side (lighter or darker) with more pixels at least this far (grey levels)
/// from the ground.
const INK_CONTRAST: f32 = 32.0;

/// The image with thin foreign strokes lifted off `cells` (full-resolution pixels), or `None`
/// when no cell shows one.
pub fn lift(image: &DynamicImage, cells: &[PixelBox]) -> Option<DynamicImage> {
    // Cells are looked at independently, in parallel.
    let found: Vec<(PixelBox, [GrayImage; 3], GrayImage)> = cells
        .par_iter()
        .filter_map(|&cell| {
            let cell = cell.clamp_to((image.width(), image.height()));
            if cell.is_empty() {
                return None;
            }
            let rgb = [0, 1, 2].map(|k| colour_channel(image, cell, k));
            let strokes = foreign_strokes(&rgb)?;
            Some((cell, rgb, strokes))
        })
        .collect();
    if found.is_empty() {
        return None;
    }
    let mut lifted = image.to_rgb8();
    for (cell, rgb, strokes) in &found {
        restore(&mut lifted, *cell, rgb, strokes);
    }
    Some(DynamicImage::ImageRgb8(lifted))
}

/// The mask (255) of a cell's pixels in thin foreign strokes, given its three colour channels;
/// `None` when there are too few of them.
fn foreign_strokes(rgb: &[GrayImage; 3]) -> Option<GrayImage> {
    let (w, h) = rgb[0].dimensions();
    if w * h < 2 {
        return None;
    }
    let [red, green, blue] = [0, 1, 2].map(|k| rgb[k].as_raw());
    let colour = |i: usize| [red[i] as f32, green[i] as f32, blue[i] as f32];
    // Only the middle of the cell, where the letter is: a tile's coloured rim (a bonus tile's
    // frame) is thin and long too, and the cell's edges may show the board's ground between
    // tiles, which is neither the tile's ground nor its ink.
    let middle = Middle::of(w, h);
    // The ground's and the ink's colours from a sample of the middle's pixels, spread over it.
    let step = (middle.len() / SAMPLES).max(1);
    let sample: Vec<[f32; 3]> = (0..middle.len())
        .step_by(step)
        .map(|k| colour(middle.index(k)))
        .collect();
    let grey = |c: &[f32; 3]| 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    let ground = fill::median(&sample)?;
    let ground_grey = grey(&ground);
    let n = sample.len();
    // The letter lies on one side of the ground in grey level and covers more of the middle than
    // a thin line does (a hairline left over, a path farther from the ground than the letter):
    // the ink is the side with more pixels well away from the ground.
    let (lighter, darker): (Vec<[f32; 3]>, Vec<[f32; 3]>) = sample
        .into_iter()
        .filter(|c| (grey(c) - ground_grey).abs() >= INK_CONTRAST)
        .partition(|c| grey(c) > ground_grey);
    let mut by_contrast = if lighter.len() >= darker.len() {
        lighter
    } else {
        darker
    };
    let inked = ((INK_SHARE * n as f32) as usize).max(1);
    if by_contrast.len() <= inked {
        return None;
    }
    by_contrast.select_nth_unstable_by(inked, |a, b| {
        let d = |c: &[f32; 3]| (grey(c) - ground_grey).abs();
        d(b).total_cmp(&d(a))
    });
    by_contrast.truncate(inked);
    let ink = fill::median(&by_contrast)?;
    // Foreign pixels over the whole cell (the path runs on to the tile's edge, and through a
    // value in its corner), counted in the middle only (the board's ground between tiles is
    // foreign too).
    let foreign: Vec<u8> = red
        .iter()
        .zip(green)
        .zip(blue)
        .map(|((&r, &g), &b)| {
            let far = distance_to_segment([r as f32, g as f32, b as f32], ground, ink);
            if far > FOREIGN_DISTANCE { 255 } else { 0 }
        })
        .collect();
    let count = middle
        .rows()
        .map(|row| foreign[row].iter().filter(|&&p| p > 0).count())
        .sum::<usize>();
    let foreign = GrayImage::from_raw(w, h, foreign)?;
    let all = (w * h) as usize;
    let share = count as f32 / all as f32;
    if !(MIN_STROKE_SHARE..=MAX_FOREIGN_SHARE).contains(&share) {
        return None;
    }
    let radius = ((MAX_THICKNESS_SHARE * w as f32 / 2.0).round() as u8).max(1);
    let thick = open_around_ink(&foreign, radius);
    let mut thin = foreign;
    for (s, t) in thin.pixels_mut().zip(thick.pixels()) {
        if t[0] > 0 {
            s[0] = 0;
        }
    }
    // Pieces long in the middle only: a value's or a badge's strokes are thin too, but short,
    // and a tile's rim or the gap beside it lies at the cell's edge. Such a piece is lifted
    // whole, where it runs on beyond the middle too.
    let labels = connected_components(&thin, Connectivity::Eight, Luma([0u8]));
    let pieces = labels.pixels().map(|l| l[0] as usize).max().unwrap_or(0);
    let mut extent = vec![(u32::MAX, u32::MAX, 0u32, 0u32); pieces + 1];
    for (row, y) in middle.rows().zip(middle.top..) {
        for (&l, x) in labels.as_raw()[row].iter().zip(middle.left..) {
            let e = &mut extent[l as usize];
            *e = (e.0.min(x), e.1.min(y), e.2.max(x), e.3.max(y));
        }
    }
    let long: Vec<bool> = extent
        .iter()
        .map(|&(x0, y0, x1, y1)| {
            x0 <= x1 && (x1 - x0).max(y1 - y0) as f32 >= MIN_STROKE_LENGTH * w as f32
        })
        .collect();
    let strokes: Vec<u8> = labels
        .as_raw()
        .iter()
        .map(|&l| if l > 0 && long[l as usize] { 255 } else { 0 })
        .collect();
    let count = strokes.iter().filter(|&&p| p > 0).count();
    let strokes = GrayImage::from_raw(w, h, strokes)?;
    (count as f32 >= MIN_STROKE_SHARE * all as f32).then_some(strokes)
}

/// The middle of a cell, where its letter is: [`EDGE_SHARE`] of its side in from each edge.
struct Middle {
    /// Its first column and row, and the column and row just past it, in the cell's pixels.
    left: u32,
    top: u32,
    right: u32,
    bottom: u32,
    /// The cell's width: the stride of its rows.
    stride: u32,
}

impl Middle {
    /// The middle of a cell `w` x `h` pixels (empty when it is too small to have one).
    fn of(w: u32, h: u32) -> Middle {
        let (mx, my) = (
            (EDGE_SHARE * w as f32) as u32,
            (EDGE_SHARE * h as f32) as u32,
        );
        Middle {
            left: mx,
            top: my,
            right: w.saturating_sub(mx).max(mx),
            bottom: h.saturating_sub(my).max(my),
            stride: w,
        }
    }

    /// How many pixels it holds.
    fn len(&self) -> usize {
        ((self.right - self.left) * (self.bottom - self.top)) as usize
    }

    /// The index in the cell of its `k`th pixel, row by row.
    fn index(&self, k: usize) -> usize {
        let width = (self.right - self.left) as usize;
        let (y, x) = (
            self.top as usize + k / width,
            self.left as usize + k % width,
        );
        y * self.stride as usize + x
    }

    /// The index ranges in the cell of its rows, top to bottom.
    fn rows(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        (self.top..self.bottom).map(|y| {
            let start = (y * self.stride) as usize;
            start + self.left as usize..start + self.right as usize
        })
    }
}

/// The directions a stroke may be crossed along: across, down and the two diagonals.
const CROSSINGS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Replaces each stroke pixel of `cell` in `image` by what the stroke hides there: the blend of
/// the tile's own pixels just beyond the stroke on either side, along the direction that crosses
/// it shortest (see [`crossing_blend`]), so that a letter's or a value's stroke that the path
/// crosses runs on through it; where no direction crosses it within a few pixels, the per-channel
/// median (see [`fill::median`]) of the non-stroke pixels around it (none: left as it is).
fn restore(image: &mut RgbImage, cell: PixelBox, rgb: &[GrayImage; 3], strokes: &GrayImage) {
    let w = strokes.width();
    let reach = ((MAX_THICKNESS_SHARE * w as f32).ceil() as u32).max(2) + 1;
    for (x, y, s) in strokes.enumerate_pixels() {
        if s[0] == 0 {
            continue;
        }
        let Some(m) = crossing_blend(rgb, strokes, (x, y), 2 * reach)
            .or_else(|| median_around(rgb, strokes, (x, y), reach))
        else {
            continue;
        };
        let pixel = image::Rgb(m.map(|c| c.round().clamp(0.0, 255.0) as u8));
        image.put_pixel(cell.left + x, cell.top + y, pixel);
    }
}

/// The colour behind stroke pixel `at`: along each of [`CROSSINGS`], the first non-stroke pixels
/// on either side within `reach` (one pixel farther where that is off the stroke too, past its
/// antialiased rim), blended by nearness; the direction with the shortest crossing wins. `None`
/// when no direction crosses the stroke within `reach` on both sides.
fn crossing_blend(
    rgb: &[GrayImage; 3],
    strokes: &GrayImage,
    at: (u32, u32),
    reach: u32,
) -> Option<[f32; 3]> {
    let (w, h) = strokes.dimensions();
    let off_stroke = |x: i32, y: i32| {
        (x >= 0 && y >= 0 && x < w as i32 && y < h as i32)
            .then(|| strokes.get_pixel(x as u32, y as u32)[0] == 0)
    };
    let colour = |(x, y): (i32, i32)| colour_at(rgb, x as u32, y as u32);
    // The steps to the first pixel off the stroke from `at` along (dx, dy), and that pixel (or
    // the next, past the rim).
    let beyond = |(dx, dy): (i32, i32)| -> Option<(f32, (i32, i32))> {
        for k in 1..=reach as i32 {
            let (x, y) = (at.0 as i32 + dx * k, at.1 as i32 + dy * k);
            if off_stroke(x, y)? {
                let past = (x + dx, y + dy);
                return Some(if off_stroke(past.0, past.1) == Some(true) {
                    ((k + 1) as f32, past)
                } else {
                    (k as f32, (x, y))
                });
            }
        }
        None
    };
    let mut best: Option<(f32, [f32; 3])> = None;
    for (dx, dy) in CROSSINGS {
        let (Some((a, pa)), Some((b, pb))) = (beyond((dx, dy)), beyond((-dx, -dy))) else {
            continue;
        };
        let step = if dx != 0 && dy != 0 {
            std::f32::consts::SQRT_2
        } else {
            1.0
        };
        let gap = (a + b) * step;
        if best.is_none_or(|(shortest, _)| gap < shortest) {
            let (ca, cb) = (colour(pa), colour(pb));
            let blend = std::array::from_fn(|c| (ca[c] * b + cb[c] * a) / (a + b));
            best = Some((gap, blend));
        }
    }
    best.map(|(_, blend)| blend)
}

/// The per-channel median of the non-stroke pixels within `reach` of `at`.
fn median_around(
    rgb: &[GrayImage; 3],
    strokes: &GrayImage,
    (x, y): (u32, u32),
    reach: u32,
) -> Option<[f32; 3]> {
    let (w, h) = strokes.dimensions();
    let mut around: Vec<[f32; 3]> = Vec::new();
    for v in y.saturating_sub(reach)..(y + reach + 1).min(h) {
        for u in x.saturating_sub(reach)..(x + reach + 1).min(w) {
            if strokes.get_pixel(u, v)[0] == 0 {
                around.push(colour_at(rgb, u, v));
            }
        }
    }
    fill::median(&around)
}

/// The colour of pixel (`x`, `y`) of a cell given as its three channels.
fn colour_at(rgb: &[GrayImage; 3], x: u32, y: u32) -> [f32; 3] {
    [0, 1, 2].map(|k| rgb[k].get_pixel(x, y)[0] as f32)
}

/// The distance (RGB levels) from colour `p` to the segment between colours `a` and `b`.
fn distance_to_segment(p: [f32; 3], a: [f32; 3], b: [f32; 3]) -> f32 {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let length = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
    let t = if length > 0.0 {
        ((ab[0] * ap[0] + ab[1] * ap[1] + ab[2] * ap[2]) / length).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let d = [ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]];
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const CREAM: [u8; 3] = [250, 250, 250];
    const INK: [u8; 3] = [20, 20, 20];
    const RED: [u8; 3] = [220, 30, 30];

    /// A 200x200 light tile with a dark `T` (a bar and a stem 20 px thick), and `mark` drawn over
    /// it where it says.
    fn tile(mark: impl Fn(u32, u32) -> Option<[u8; 3]>) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(200, 200, |x, y| {
            let bar = (50..70).contains(&y) && (50..150).contains(&x);
            let stem = (50..150).contains(&y) && (90..110).contains(&x);
            Rgb(mark(x, y).unwrap_or(if bar || stem { INK } else { CREAM }))
        }))
    }

    #[test]
    fn a_thin_path_across_a_letter_is_lifted() {
        // A red path 3 px thick, corner to corner, with the letter's stem under it.
        let crossed = tile(|x, y| (x.abs_diff(y) <= 1).then_some(RED));
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        // On the stem the ink comes back; on the ground, the ground.
        assert_eq!(rgb.get_pixel(100, 100).0, INK);
        assert_eq!(rgb.get_pixel(40, 40).0, CREAM);
        assert_eq!(rgb.get_pixel(160, 160).0, CREAM);
    }

    const ORANGE: [u8; 3] = [240, 150, 20];
    const WHITE: [u8; 3] = [255, 255, 255];
    const BOARD_BLUE: [u8; 3] = [20, 70, 160];
    const HAIRLINE_BLUE: [u8; 3] = [30, 30, 220];
    const YELLOW: [u8; 3] = [220, 220, 30];

    /// A 200x200 cell as the lattice gives it around a Wordament-like tile: the board's blue
    /// ground in a 14 px band at the cell's edges, an orange tile within, a white `T` (as in
    /// [`tile`]) on it, and `mark` drawn over it all where it says.
    fn orange_tile(mark: impl Fn(u32, u32) -> Option<[u8; 3]>) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(200, 200, |x, y| {
            let gap = x.min(y).min(199 - x).min(199 - y) < 14;
            let bar = (50..70).contains(&y) && (50..150).contains(&x);
            let stem = (50..150).contains(&y) && (90..110).contains(&x);
            let plain = match (gap, bar || stem) {
                (true, _) => BOARD_BLUE,
                (false, true) => WHITE,
                (false, false) => ORANGE,
            };
            Rgb(mark(x, y).unwrap_or(plain))
        }))
    }

    #[test]
    fn a_path_over_a_light_letter_is_lifted_whatever_lies_between_the_tiles() {
        // The board's blue between tiles is darker than the letter is light: the ink is the
        // letter's white, not the blue, and only the path is foreign.
        let crossed = orange_tile(|x, y| (x.abs_diff(y) <= 1).then_some(RED));
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        assert_eq!(rgb.get_pixel(100, 100).0, WHITE);
        assert_eq!(rgb.get_pixel(40, 40).0, ORANGE);
        assert_eq!(rgb.get_pixel(160, 160).0, ORANGE);
        // The cell's edges are left as they are.
        assert_eq!(rgb.get_pixel(5, 5).0, RED);
    }

    #[test]
    fn a_hairline_farther_from_the_ground_than_the_letter_is_not_taken_for_its_ink() {
        // A dark hairline down the cell (left over where the overlay's hairlines were lifted)
        // is farther from the orange in grey level than the white letter, but it is thin: the
        // letter's side holds more pixels, and the path across the tile is still lifted.
        let crossed = orange_tile(|x, y| {
            if (130..132).contains(&x) && (14..186).contains(&y) {
                Some(HAIRLINE_BLUE)
            } else {
                (x.abs_diff(y) <= 1 && (14..186).contains(&x)).then_some(RED)
            }
        });
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        assert_eq!(rgb.get_pixel(100, 100).0, WHITE);
        assert_eq!(rgb.get_pixel(60, 60).0, WHITE);
        assert_eq!(rgb.get_pixel(160, 160).0, ORANGE);
    }

    #[test]
    fn a_yellow_ring_on_the_path_over_an_orange_tile_is_lifted_with_it() {
        // The overlay's rings at the path's samples are yellow: on an orange tile that lies
        // only some 60 levels from the segment between the tile's orange and the letter's white.
        let ring = |x: u32, y: u32| {
            let d = ((x as f32 - 75.0).powi(2) + (y as f32 - 75.0).powi(2)).sqrt();
            (4.0..=6.0).contains(&d)
        };
        let crossed = orange_tile(|x, y| {
            if ring(x, y) {
                Some(YELLOW)
            } else {
                (x.abs_diff(y) <= 1 && (14..186).contains(&x)).then_some(RED)
            }
        });
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        assert_eq!(rgb.get_pixel(75, 80).0, ORANGE);
        assert_eq!(rgb.get_pixel(80, 75).0, ORANGE);
    }

    #[test]
    fn a_thin_stroke_the_path_crosses_runs_on_through_it() {
        // A value's stroke 6 px wide, crossed by the path: the pixels it hides are restored
        // from either side along the stroke, not from the ground that most of the pixels
        // around it show.
        let crossed = DynamicImage::ImageRgb8(RgbImage::from_fn(200, 200, |x, y| {
            if (99..102).contains(&y) && (20..180).contains(&x) {
                Rgb(RED)
            } else if (97..103).contains(&x) && (40..160).contains(&y) {
                Rgb(INK)
            } else {
                Rgb(CREAM)
            }
        }));
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        for x in 98..102 {
            assert_eq!(rgb.get_pixel(x, 100).0, INK, "x {x}");
        }
        assert_eq!(rgb.get_pixel(60, 100).0, CREAM);
    }

    #[test]
    fn a_path_is_lifted_on_through_a_value_in_the_corner() {
        // The path runs from the tile's middle through its value, a bar in the top-right
        // corner beyond the middle that strokes are looked for in: lifted whole, the value
        // under it comes back too.
        let crossed = tile(|x, y| {
            if (x + y).abs_diff(200) <= 1 && x >= 100 {
                Some(RED)
            } else {
                ((178..184).contains(&x) && (5..22).contains(&y)).then_some(INK)
            }
        });
        let lifted = lift(&crossed, &[PixelBox::new(0, 0, 200, 200)]).expect("lifted");
        let rgb = lifted.to_rgb8();
        assert_eq!(rgb.get_pixel(181, 19).0, INK);
        assert_eq!(rgb.get_pixel(190, 10).0, CREAM);
    }

    #[test]
    fn print_of_its_own_colour_is_left_alone() {
        // A red value in the corner: thin strokes, but short.
        let value = tile(|x, y| {
            let one = (150..180).contains(&y) && (160..164).contains(&x);
            one.then_some(RED)
        });
        assert!(lift(&value, &[PixelBox::new(0, 0, 200, 200)]).is_none());
        // A thick red patch (a badge): not thin.
        let badge = tile(|x, y| ((30..60).contains(&x) && (120..150).contains(&y)).then_some(RED));
        assert!(lift(&badge, &[PixelBox::new(0, 0, 200, 200)]).is_none());
        // A tile with no other colour.
        assert!(lift(&tile(|_, _| None), &[PixelBox::new(0, 0, 200, 200)]).is_none());
    }

    #[test]
    fn distance_to_a_segment_of_colours() {
        let (a, b) = ([0.0, 0.0, 0.0], [100.0, 0.0, 0.0]);
        assert_eq!(distance_to_segment([50.0, 0.0, 0.0], a, b), 0.0);
        assert_eq!(distance_to_segment([50.0, 30.0, 40.0], a, b), 50.0);
        assert_eq!(distance_to_segment([130.0, 0.0, 0.0], a, b), 30.0);
    }
}
