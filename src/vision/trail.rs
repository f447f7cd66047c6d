//! Lifting a swipe trail off the tiles: some games draw a translucent light band over the tiles
//! of the word being swiped (GamePigeon Word Hunt's white trail). Over a letter the band lifts
//! the dark ink almost to the tile's own level, so the letter falls apart into pieces (an `S`
//! crossed by the trail reads as `C`).
//!
//! A translucent white band blends every pixel under it towards white by the same share `a`:
//! `shown = a * 255 + (1 - a) * under`. That share is measured on the tile's ground (its level
//! beside the band and under it), and every pixel of the band is unblended back to what lies
//! under it. The band is found in the smallest colour channel, where a white band stands far
//! above a coloured tile's ground whether it covers ground or ink; in grey, band over ink is
//! about as light as the bare ground.
//!
//! Only tiles with dark ink are lifted: a light band over light ink hides no contrast that could
//! be restored. On a white tile the band cannot be seen over the ground, only over the ink, which
//! it leaves one flat middle grey: it is found there.

use super::fill::{self, Colour};
use super::levels::Levels;
use super::rect::PixelBox;
use super::tiles::copy_of;
use image::{DynamicImage, GrayImage, Luma};
use imageproc::distance_transform::Norm;
use imageproc::morphology::{dilate, erode, open};
use imageproc::region_labelling::{Connectivity, connected_components};
use rayon::prelude::*;

/// A pixel is under the band when its smallest channel lies this many levels above the median
/// of the cell's smallest channel (the ground). Measured on Word Hunt's green tiles: ground 148,
/// band over ground about 250, band over ink about 215.
const BAND_MIN_LIFT: u8 = 40;
/// Lighter structures thinner than this share of the cell's width (the light bevel under a
/// letter, a badge's rim, a thin outline) are not a band.
const BAND_MIN_THICKNESS: f32 = 0.04;
/// A cell is lifted only when the band covers at least this share of it: a band that only
/// clips a corner of a tile hides nothing of the letter.
const BAND_MIN_SHARE: f32 = 0.03;
/// A trail crosses into a tile from its neighbours (or ends on it, coming from one): its band
/// reaches within this share of the cell's width and height of the cell's edge. A light letter on
/// a saturated tile (a night theme's) stands far above the ground in the smallest channel too,
/// but lies wholly inside, round the cell's middle.
const BAND_REACHES_EDGE: f32 = 0.125;
/// The ink must be darker than the ground by at least this many grey levels.
const MIN_INK_CONTRAST: f32 = 80.0;
/// The band's level over the ground is taken at this quantile of its pixels (the band covers
/// ground more than ink; its lightest pixels are ground).
const BAND_GROUND_QUANTILE: f32 = 0.9;
/// The band over the ground is one flat level: at least this share of the band's pixels lie
/// within [`BAND_FLAT_SPREAD`] grey levels of its level over the ground (measured: Word Hunt's
/// trail 0.51-0.85; Boggle With Friends' shaded light ring under the letter 0.05-0.37).
const BAND_FLAT_SHARE: f32 = 0.45;
/// See [`BAND_FLAT_SHARE`].
const BAND_FLAT_SPREAD: f32 = 8.0;
/// A band that lies over the letter's ink as much as over the ground is flat at two levels: at
/// least this share of its pixels lie within [`BAND_FLAT_SPREAD`] of its level over the ground or
/// of its level over the ink (measured: Word Hunt's trail along an `I` or a `T`'s stem 0.80-0.99,
/// 0.33-0.44 at the one level; a Boggle With Friends ring, blurred, pixelated or darkened, at
/// most 0.70) ...
const BAND_TWO_LEVELS_SHARE: f32 = 0.75;
/// ... when the two levels lie at least this many times [`BAND_FLAT_SPREAD`] apart (nearer, the
/// two windows take in every level of a shaded ring between them: 1.0 on a pixelated ring).
const BAND_TWO_LEVELS_APART: f32 = 3.0;
/// The band hides ink: at least this share of its pixels unblend to ink (measured: Word Hunt's
/// trail over letters 0.13-0.45; a trail that turns on a tile, mostly over its ground, and
/// crosses only an `L`'s foot: 0.067) ...
const HIDDEN_INK_MIN_SHARE: f32 = 0.05;
/// ... and at least this share of that ink lies in pieces that continue strokes seen beside the
/// band (within [`STROKE_JOIN_PIXELS`]; measured: Word Hunt 0.95-1.0, the dark patches a
/// shaded ring unblends to 0.0-0.05).
const HIDDEN_INK_CONTINUES: f32 = 0.9;
/// See [`HIDDEN_INK_CONTINUES`].
const STROKE_JOIN_PIXELS: u8 = 2;
/// A piece of hidden ink that continues no stroke seen beside the band is still the letter when
/// it is a whole letter on its own, hidden whole (a thin `I` under a trail that runs along it,
/// read as no letter at all before): at least this share of the board's letter height high ...
const WHOLE_LETTER_MIN_HEIGHT: f32 = 0.8;
/// ... at most this share ...
const WHOLE_LETTER_MAX_HEIGHT: f32 = 1.2;
/// ... and its middle at most this share of the cell's width and height off the cell's middle,
/// where the board's letters sit.
const WHOLE_LETTER_OFF_MIDDLE: f32 = 0.12;
/// A tile is white when its smallest channel's median is at least this level: a white band over
/// it is then found by the flat middle grey it leaves over the ink ...
const WHITE_GROUND_MIN: u8 = 215;
/// ... in the middle of the cell (this share of its width and height off each side) ...
const WHITE_BAND_INSET: f32 = 0.15;
/// ... of no colour: its channels at most this many levels apart ...
const NEUTRAL_SPREAD: u8 = 24;
/// ... at least this share of the ink's contrast below the ground ...
const HIDDEN_INK_BELOW_GROUND: f32 = 0.08;
/// ... covering at least this share of the cell (the band over the ground is not seen, so it
/// covers less than on a coloured tile: a trail that ends at the tile's centre crosses one
/// stroke, about 0.8% of the cell once its antialiased rims are opened away).
const WHITE_BAND_MIN_SHARE: f32 = 0.004;
/// The ring round a tile's letter lies between these shares of the cell's width and height off
/// each side (inside the gaps between tiles, outside the letter).
const TILE_RING: (f32, f32) = (0.125, 0.25);
/// The ink's level leaves out the darkest `1 / n` of a cell's pixels as stray.
const INK_STRAY: usize = 100;
/// The band's opacity must lie in this range: a fainter band hides little and is better left
/// alone; an opaque one (a popup, a white badge) hides what is under it for good, and
/// unblending it would only blow up noise. The opacity is measured as a white band's, so a tinted
/// band (pale blue, cream) measures less than it is: a pale blue band of 0.45 over a magenta
/// Letterpress tile measures 0.38, and with 0.5 here it was left on, the `N` whose diagonal it
/// paled read `I` at 99% and an `O` `Q` at 91%. Measured with 0.35 on the `swipe` probes (552
/// boards): 10 more boards fully right, 28 more tiles, 5 fewer read wrong at >= 90%, none newly
/// wrong at >= 90%; every other probe folder and real set read the same.
const MIN_OPACITY: f32 = 0.35;
/// See [`MIN_OPACITY`].
const MAX_OPACITY: f32 = 0.95;

/// The full-resolution grey image with a swipe trail lifted off some cells.
pub struct Lifted {
    /// The grey image, unblended under the trail in the lifted cells.
    pub image: GrayImage,
    /// For each cell (row-major), whether a trail was lifted off it.
    pub cells: Vec<bool>,
}

/// Whether the tile in `cell` is darker than the cell's `ground` (its median grey) by
/// [`MIN_INK_CONTRAST`] or more, on the ring round the letter (see [`TILE_RING`]): the median is
/// then the page round a dark tile, where the lattice leaves wide gaps, and the tile's light
/// letter a "band" over "ink" (a SpellCast board drawn dark on light lost an `N`'s diagonal to
/// the unblending, and its stem was read `I` at 99%). Under a trail the ring is the tile's ground
/// or the band over it, never darker.
fn tile_darker_than_ground(full: &GrayImage, cell: PixelBox, ground: f32) -> bool {
    let (w, h) = (cell.width(), cell.height());
    let outer = cell.inset(
        (TILE_RING.0 * w as f32) as u32,
        (TILE_RING.0 * h as f32) as u32,
    );
    let inner = cell.inset(
        (TILE_RING.1 * w as f32) as u32,
        (TILE_RING.1 * h as f32) as u32,
    );
    let ring = Levels::in_image(full, outer).without(&Levels::in_image(full, inner));
    ring.len() > 0 && ground - ring.median() as f32 >= MIN_INK_CONTRAST
}

/// Lifts any swipe trail off the given cells (full-resolution pixels) of a board whose letters are
/// `letter_height` pixels high; `None` when no cell shows one.
pub fn lift(
    image: &DynamicImage,
    full: &GrayImage,
    cells: &[PixelBox],
    letter_height: f32,
) -> Option<Lifted> {
    // Cells are lifted independently, in parallel.
    let patches: Vec<Option<GrayImage>> = cells
        .par_iter()
        .map(|&cell| {
            let cell = cell.clamp_to(full.dimensions());
            if cell.is_empty() {
                return None;
            }
            lift_cell(image, full, cell, letter_height)
        })
        .collect();
    if patches.iter().all(Option::is_none) {
        return None;
    }
    let mut lifted = full.clone();
    for (cell, patch) in cells.iter().zip(&patches) {
        if let Some(patch) = patch {
            let cell = cell.clamp_to(full.dimensions());
            image::imageops::replace(&mut lifted, patch, cell.left as i64, cell.top as i64);
        }
    }
    Some(Lifted {
        image: lifted,
        cells: patches.iter().map(Option::is_some).collect(),
    })
}

/// The cell's grey pixels with the trail unblended, or `None` when the cell shows no trail.
fn lift_cell(
    image: &DynamicImage,
    full: &GrayImage,
    cell: PixelBox,
    letter_height: f32,
) -> Option<GrayImage> {
    let grey = copy_of(full, cell);
    let grey_levels = Levels::of_slice(grey.as_raw());
    let ground = grey_levels.median() as f32;
    let ink = grey_levels.nth(grey_levels.len() / INK_STRAY) as f32;
    if ground - ink < MIN_INK_CONTRAST {
        return None;
    }
    if tile_darker_than_ground(full, cell, ground) {
        return None;
    }
    let smallest = smallest_channel(image, cell);
    let ground_smallest = Levels::of_slice(smallest.as_raw()).median();
    let tones = Tones {
        ground,
        ink,
        letter_height,
    };
    lift_on_coloured_ground(image, cell, &smallest, &grey, ground_smallest, &tones).or_else(|| {
        (ground_smallest >= WHITE_GROUND_MIN)
            .then(|| lift_on_white_ground(&grey, &smallest, &largest_channel(image, cell), &tones))
            .flatten()
    })
}

/// What a cell's letter looks like: the grey levels of its tile's ground and of its ink, and the
/// board's letter height (pixels).
struct Tones {
    ground: f32,
    ink: f32,
    letter_height: f32,
}

/// A band over a coloured tile: found in the smallest channel, where it stands far above the
/// ground over ground and ink alike; its opacity is measured over the ground.
fn lift_on_coloured_ground(
    image: &DynamicImage,
    cell: PixelBox,
    smallest: &GrayImage,
    grey: &GrayImage,
    ground_smallest: u8,
    tones: &Tones,
) -> Option<GrayImage> {
    let (ground, ink) = (tones.ground, tones.ink);
    let floor = ground_smallest.saturating_add(BAND_MIN_LIFT);
    // Cheap tests first, on every pixel well above the ground: enough of them, and of an opacity
    // that can be unblended (a neighbouring white tile, a popup, are opaque).
    let lighter_levels = levels_where(grey, smallest, |s| s > floor);
    let min_pixels = BAND_MIN_SHARE * grey.len() as f32;
    if (lighter_levels.len() as f32) < min_pixels
        || opacity_of(&lighter_levels, ground)
            .is_none_or(|a| !(MIN_OPACITY..=MAX_OPACITY).contains(&a))
    {
        return None;
    }
    let (lighter, band) = band_mask(smallest, floor, min_pixels)?;
    if !reaches_edge(&band) {
        return None;
    }
    let opacity = band_opacity(&levels_where(grey, &band, |b| b > 0), ground, ink)?;
    let rgb = [0, 1, 2].map(|k| colour_channel(image, cell, k));
    let band = with_ink_under(&rgb, grey, &band, opacity, ground, ink);
    let unblended = unblend(grey, &band, opacity);
    hides_strokes(grey, &unblended, &lighter, &band, tones).then_some(unblended)
}

/// A pixel is ink under the band when its colour lies within this many levels (Euclidean, RGB)
/// of the colour a band of the measured opacity gives over the ink ...
const INK_UNDER_BAND_DISTANCE: f32 = 24.0;
/// ... and that colour is at least this many times as far from the bare ground's (a band of one
/// opacity over dark green ink can look just like the bare light green ground in grey).
const INK_UNDER_BAND_APART: f32 = 2.0;
/// The ink's and the ground's colours are the medians over the pixels within this share of the
/// ink's contrast of their grey levels.
const COLOUR_SAMPLE_SPREAD: f32 = 0.1;

/// `band` (found over the ground) with the ink under it added: a faint band over dark ink is
/// lifted less than [`BAND_MIN_LIFT`] in the smallest channel (a band of opacity 0.6 over black
/// ink on Word Hunt's light green: 157 where the ground is 150), so the band found over the ground
/// stops at the letter's strokes and unblending it leaves them hidden. The band over the ink has
/// one colour, `opacity * 255 + (1 - opacity) * ink` per channel; pixels of that colour (within
/// [`INK_UNDER_BAND_DISTANCE`]), thick ones only (the letter's own antialiased rims pass through
/// it too, but thin), are added, unless that colour is too near the bare ground's to tell them
/// apart (see [`INK_UNDER_BAND_APART`]). `rgb` are the cell's three colour channels.
fn with_ink_under(
    rgb: &[GrayImage; 3],
    grey: &GrayImage,
    band: &GrayImage,
    opacity: f32,
    ground: f32,
    ink: f32,
) -> GrayImage {
    let spread = COLOUR_SAMPLE_SPREAD * (ground - ink);
    let colour_at = |i: usize| [0, 1, 2].map(|k| rgb[k].as_raw()[i] as f32);
    let colour_near = |level: f32| {
        let near: Vec<Colour> = (0..grey.as_raw().len())
            .filter(|&i| (grey.as_raw()[i] as f32 - level).abs() <= spread)
            .map(colour_at)
            .collect();
        fill::median(&near)
    };
    let (Some(ink_colour), Some(ground_colour)) = (colour_near(ink), colour_near(ground)) else {
        return band.clone();
    };
    let over_ink = ink_colour.map(|c| opacity * 255.0 + (1.0 - opacity) * c);
    if fill::distance(over_ink, ground_colour) < INK_UNDER_BAND_APART * INK_UNDER_BAND_DISTANCE {
        return band.clone();
    }
    let mut under = GrayImage::new(grey.width(), grey.height());
    for (i, u) in under.pixels_mut().enumerate() {
        if fill::distance(colour_at(i), over_ink) <= INK_UNDER_BAND_DISTANCE {
            u[0] = 255;
        }
    }
    let mut under = open_around_ink(&under, band_radius(grey.width()));
    for (u, b) in under.pixels_mut().zip(band.pixels()) {
        u[0] = u[0].max(b[0]);
    }
    under
}

/// A band over a white tile: over the ground it cannot be seen, but over the letter it leaves the
/// ink as one flat middle grey, thick (a letter's edges are middle grey too, but thin), that
/// continues the strokes seen beside it. Its opacity is measured over the ink.
fn lift_on_white_ground(
    grey: &GrayImage,
    smallest: &GrayImage,
    largest: &GrayImage,
    tones: &Tones,
) -> Option<GrayImage> {
    let (ground, ink) = (tones.ground, tones.ink);
    // Ink under a band of the opacities that can be unblended, and clearly below the ground.
    let lifted_ink = |opacity: f32| ink + opacity * (255.0 - ink);
    let low = lifted_ink(MIN_OPACITY);
    let high = lifted_ink(MAX_OPACITY).min(ground - HIDDEN_INK_BELOW_GROUND * (ground - ink));
    // A white band over dark ink leaves it grey, of no colour: a coloured badge or the coloured
    // gap beside the tile is not hidden ink.
    // Only the middle of the cell, where the letter is: the shadows at a tile's edges are grey.
    let (w, h) = grey.dimensions();
    let (mx, my) = (
        (WHITE_BAND_INSET * w as f32) as u32,
        (WHITE_BAND_INSET * h as f32) as u32,
    );
    let mut middle = GrayImage::new(w, h);
    let mut candidates = 0usize;
    for y in my..h.saturating_sub(my) {
        let row = (y * w) as usize;
        for i in row + mx as usize..row + w.saturating_sub(mx) as usize {
            let neutral = largest.as_raw()[i] - smallest.as_raw()[i] <= NEUTRAL_SPREAD;
            if neutral && (low..high).contains(&(grey.as_raw()[i] as f32)) {
                middle.as_mut()[i] = 255;
                candidates += 1;
            }
        }
    }
    // The band is some of these pixels (see [`open_around_ink`]): too few of them, no band.
    let min_pixels = WHITE_BAND_MIN_SHARE * grey.len() as f32;
    if (candidates as f32) < min_pixels {
        return None;
    }
    let band = open_around_ink(&middle, band_radius(grey.width()));
    let levels = levels_where(grey, &band, |b| b > 0);
    if (levels.len() as f32) < min_pixels {
        return None;
    }
    let level = levels.median() as f32;
    let flat = levels.count_where(|v| (v as f32 - level).abs() <= BAND_FLAT_SPREAD) as f32;
    let opacity = (level - ink) / (255.0 - ink);
    if flat < BAND_FLAT_SHARE * levels.len() as f32
        || !(MIN_OPACITY..=MAX_OPACITY).contains(&opacity)
    {
        return None;
    }
    let unblended = unblend(grey, &band, opacity);
    hides_strokes(grey, &unblended, &band, &band, tones).then_some(unblended)
}

/// The smallest of the three colour channels of each pixel of a box inside the image.
pub(crate) fn smallest_channel(image: &DynamicImage, cell: PixelBox) -> GrayImage {
    channel_extreme(image, cell, |p| p[0].min(p[1]).min(p[2]))
}

/// Colour channel `index` (0 red, 1 green, 2 blue) of each pixel of a box inside the image.
pub(crate) fn colour_channel(image: &DynamicImage, cell: PixelBox, index: usize) -> GrayImage {
    channel_extreme(image, cell, |p| p[index])
}

/// The largest of the three colour channels of each pixel of a box inside the image.
fn largest_channel(image: &DynamicImage, cell: PixelBox) -> GrayImage {
    channel_extreme(image, cell, |p| p[0].max(p[1]).max(p[2]))
}

/// `pick` of the three colour channels of each pixel of a box inside the image (read in place
/// from 8-bit RGB and RGBA images; other kinds convert the box alone).
fn channel_extreme(image: &DynamicImage, cell: PixelBox, pick: impl Fn(&[u8]) -> u8) -> GrayImage {
    match image {
        DynamicImage::ImageRgb8(rgb) => of_rows::<3>(rgb.as_raw(), rgb.width(), cell, pick),
        DynamicImage::ImageRgba8(rgba) => of_rows::<4>(rgba.as_raw(), rgba.width(), cell, pick),
        other => {
            let (w, h) = (cell.width(), cell.height());
            let rgb = other.crop_imm(cell.left, cell.top, w, h).to_rgb8();
            of_rows::<3>(rgb.as_raw(), w, PixelBox::whole((w, h)), pick)
        }
    }
}

/// `pick` of the channels of each pixel of a box of an interleaved 8-bit image `width` pixels
/// wide with `N` channels per pixel (the first three are colours).
fn of_rows<const N: usize>(
    raw: &[u8],
    width: u32,
    cell: PixelBox,
    pick: impl Fn(&[u8]) -> u8,
) -> GrayImage {
    let mut out = Vec::with_capacity(cell.area() as usize);
    for y in cell.top..cell.bottom {
        let start = (y as usize * width as usize + cell.left as usize) * N;
        let row = &raw[start..start + cell.width() as usize * N];
        let (pixels, _) = row.as_chunks::<N>();
        out.extend(pixels.iter().map(|p| pick(p)));
    }
    GrayImage::from_raw(cell.width(), cell.height(), out).expect("one level per pixel")
}

/// The radius of the opening that leaves out structures thinner than [`BAND_MIN_THICKNESS`] of
/// a cell `width` pixels wide.
fn band_radius(width: u32) -> u8 {
    ((BAND_MIN_THICKNESS * width as f32 / 2.0).round() as u8).max(1)
}

/// The morphological opening of `mask` by a square of radius `radius` (imageproc's `open`, L∞),
/// computed only over the box round its set pixels: the opening is empty outside that box, and a
/// margin of `radius + 1` unset pixels (or the image's own edge) round it leaves every pixel's
/// nearest unset pixel where it was, so the result is the same as over the whole mask. A cell's
/// mask is mostly empty (the antialiased rims of a letter, a band), and the opening's distance
/// transforms over the whole cell were a tenth of a tall screenshot's read.
pub(crate) fn open_around_ink(mask: &GrayImage, radius: u8) -> GrayImage {
    let (w, h) = mask.dimensions();
    let mut out = GrayImage::new(w, h);
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (y, row) in mask.as_raw().chunks_exact(w.max(1) as usize).enumerate() {
        let (Some(first), Some(last)) = (
            row.iter().position(|&p| p > 0),
            row.iter().rposition(|&p| p > 0),
        ) else {
            continue;
        };
        let y = y as u32;
        (x0, y0) = (x0.min(first as u32), y0.min(y));
        (x1, y1) = (x1.max(last as u32 + 1), y1.max(y + 1));
    }
    if x0 >= x1 {
        return out;
    }
    let margin = radius as u32 + 1;
    let area = PixelBox::new(
        x0.saturating_sub(margin),
        y0.saturating_sub(margin),
        (x1 + margin).min(w),
        (y1 + margin).min(h),
    );
    let opened = open(&copy_of(mask, area), Norm::LInf, radius);
    image::imageops::replace(&mut out, &opened, area.left as i64, area.top as i64);
    out
}

/// The pixels (255) of a cell's smallest channel above `floor`, and of those the band: thick,
/// and at least `min_pixels` of them; `None` when there is no such band.
fn band_mask(smallest: &GrayImage, floor: u8, min_pixels: f32) -> Option<(GrayImage, GrayImage)> {
    let w = smallest.width();
    let mut lifted = smallest.clone();
    for p in lifted.pixels_mut() {
        p[0] = if p[0] > floor { 255 } else { 0 };
    }
    let count = |mask: &GrayImage| mask.pixels().filter(|p| p[0] > 0).count() as f32;
    let band = open_around_ink(&lifted, band_radius(w));
    (count(&band) >= min_pixels).then_some((lifted, band))
}

/// Whether any pixel of a cell's `band` lies within [`BAND_REACHES_EDGE`] of the cell's edge.
fn reaches_edge(band: &GrayImage) -> bool {
    let (w, h) = band.dimensions();
    let (mx, my) = (
        (BAND_REACHES_EDGE * w as f32) as u32,
        (BAND_REACHES_EDGE * h as f32) as u32,
    );
    band.enumerate_pixels().any(|(x, y, p)| {
        p[0] > 0 && (x < mx || y < my || x >= w.saturating_sub(mx) || y >= h.saturating_sub(my))
    })
}

/// The band's opacity, from its level over the ground against the ground's own level; `None`
/// when the band is not flat (a tile's shading, a light ring drawn under the letter), or too faint
/// or too opaque to unblend. A band of one opacity over a tile of two levels shows two flat
/// levels: its level over the ground, and over the ink (`ink`) the level that opacity gives it. A
/// band that runs along a letter lies over its ink as much as over the ground (a trail that ends
/// on an `I`: 0.4 of its pixels at its level over the ground, left unlifted before): it is flat
/// when both levels together hold [`BAND_TWO_LEVELS_SHARE`] of it.
fn band_opacity(levels: &Levels, ground: f32, ink: f32) -> Option<f32> {
    let over_ground = levels.quantile(BAND_GROUND_QUANTILE) as f32;
    let opacity = opacity_of(levels, ground)?;
    let near = |v: u8, level: f32| (v as f32 - level).abs() <= BAND_FLAT_SPREAD;
    let share = |count: usize| count as f32 / levels.len().max(1) as f32;
    let one_level = share(levels.count_where(|v| near(v, over_ground)));
    let over_ink = opacity * 255.0 + (1.0 - opacity) * ink;
    let two_levels = (over_ground - over_ink >= BAND_TWO_LEVELS_APART * BAND_FLAT_SPREAD)
        .then(|| share(levels.count_where(|v| near(v, over_ground) || near(v, over_ink))));
    let flat =
        one_level >= BAND_FLAT_SHARE || two_levels.is_some_and(|two| two >= BAND_TWO_LEVELS_SHARE);
    (flat && (MIN_OPACITY..=MAX_OPACITY).contains(&opacity)).then_some(opacity)
}

/// The opacity of a white band whose grey `levels` are mostly over a ground of level `ground`
/// (see [`BAND_GROUND_QUANTILE`]); `None` for a ground already white.
fn opacity_of(levels: &Levels, ground: f32) -> Option<f32> {
    let over_ground = levels.quantile(BAND_GROUND_QUANTILE) as f32;
    (ground < 255.0).then(|| (over_ground - ground) / (255.0 - ground))
}

/// The levels of the grey pixels where `keep` holds for the same pixel of `mask`.
fn levels_where(grey: &GrayImage, mask: &GrayImage, keep: impl Fn(u8) -> bool) -> Levels {
    let kept = grey.iter().zip(mask.iter()).filter(|&(_, m)| keep(*m));
    Levels::of(kept.map(|(g, _)| *g))
}

/// The grey pixels with the band's unblended: `under = (shown - a * 255) / (1 - a)`. The band's
/// one-pixel rim (partly covered pixels, which full unblending would turn into dark lines along
/// the band over the ground) takes the median of its neighbourhood instead.
fn unblend(grey: &GrayImage, band: &GrayImage, opacity: f32) -> GrayImage {
    let mut out = grey.clone();
    for (o, b) in out.pixels_mut().zip(band.pixels()) {
        if b[0] > 0 {
            let under = (o[0] as f32 - opacity * 255.0) / (1.0 - opacity);
            o[0] = under.round().clamp(0.0, 255.0) as u8;
        }
    }
    let inner = erode(band, Norm::LInf, 1);
    let unblended = out.clone();
    for (x, y, o) in out.enumerate_pixels_mut() {
        if band.get_pixel(x, y)[0] > 0 && inner.get_pixel(x, y)[0] == 0 {
            *o = Luma([median_around(&unblended, x, y)]);
        }
    }
    out
}

/// The median of the 3x3 neighbourhood of a pixel (the part inside the image).
fn median_around(image: &GrayImage, x: u32, y: u32) -> u8 {
    let mut values: Vec<u8> = (y.saturating_sub(1)..(y + 2).min(image.height()))
        .flat_map(|j| (x.saturating_sub(1)..(x + 2).min(image.width())).map(move |i| (i, j)))
        .map(|(i, j)| image.get_pixel(i, j)[0])
        .collect();
    let middle = values.len() / 2;
    *values.select_nth_unstable(middle).1
}

/// Whether the band hid strokes of the letter: enough of the band unblends to ink (darker than
/// halfway from the ground to the ink), and that ink continues strokes seen beside the band or
/// is a whole letter hidden on its own (see [`WHOLE_LETTER_MIN_HEIGHT`]). A light shape drawn
/// beside or under the letter (a highlight, a neighbouring tile) unblends to dark patches of its
/// own, apart from the letter.
fn hides_strokes(
    grey: &GrayImage,
    unblended: &GrayImage,
    lighter: &GrayImage,
    band: &GrayImage,
    tones: &Tones,
) -> bool {
    let mid = (tones.ground + tones.ink) / 2.0;
    let is_ink = |v: u8| (v as f32) < mid;
    let hidden = GrayImage::from_fn(grey.width(), grey.height(), |x, y| {
        let under_band = band.get_pixel(x, y)[0] > 0;
        Luma([if under_band && is_ink(unblended.get_pixel(x, y)[0]) {
            255
        } else {
            0
        }])
    });
    let band_pixels = band.pixels().filter(|p| p[0] > 0).count();
    let hidden_pixels = hidden.pixels().filter(|p| p[0] > 0).count();
    if (hidden_pixels as f32) < HIDDEN_INK_MIN_SHARE * band_pixels as f32 {
        return false;
    }
    let seen = GrayImage::from_fn(grey.width(), grey.height(), |x, y| {
        let beside = lighter.get_pixel(x, y)[0] == 0;
        Luma([if beside && is_ink(grey.get_pixel(x, y)[0]) {
            255
        } else {
            0
        }])
    });
    let near_seen = dilate(&seen, Norm::LInf, STROKE_JOIN_PIXELS);
    let labels = connected_components(&hidden, Connectivity::Eight, Luma([0u8]));
    let count = labels.pixels().map(|l| l[0] as usize).max().unwrap_or(0) + 1;
    let mut touching = vec![false; count];
    let mut boxes: Vec<Option<PixelBox>> = vec![None; count];
    for ((x, y, l), n) in labels.enumerate_pixels().zip(near_seen.pixels()) {
        let l = l[0] as usize;
        if l == 0 {
            continue;
        }
        touching[l] |= n[0] > 0;
        let pixel = PixelBox::new(x, y, x + 1, y + 1);
        boxes[l] = Some(boxes[l].map_or(pixel, |b| b.union(&pixel)));
    }
    let whole_letter = |b: &Option<PixelBox>| {
        b.is_some_and(|b| is_whole_letter(&b, grey.dimensions(), tones.letter_height))
    };
    let continuing = labels
        .pixels()
        .filter(|l| {
            let l = l[0] as usize;
            l > 0 && (touching[l] || whole_letter(&boxes[l]))
        })
        .count();
    continuing as f32 >= HIDDEN_INK_CONTINUES * hidden_pixels as f32
}

/// Whether a piece of ink with box `piece`, in a cell of `(w, h)` pixels, is a whole letter of a
/// board whose letters are `letter_height` high: of about that height, in the cell's middle (see
/// [`WHOLE_LETTER_MIN_HEIGHT`]).
fn is_whole_letter(piece: &PixelBox, (w, h): (u32, u32), letter_height: f32) -> bool {
    let height = piece.height() as f32;
    let (cx, cy) = piece.centre();
    let off_middle = |at: f32, side: u32| (at - side as f32 / 2.0).abs() / side as f32;
    (WHOLE_LETTER_MIN_HEIGHT * letter_height..=WHOLE_LETTER_MAX_HEIGHT * letter_height)
        .contains(&height)
        && off_middle(cx, w) <= WHOLE_LETTER_OFF_MIDDLE
        && off_middle(cy, h) <= WHOLE_LETTER_OFF_MIDDLE
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    const GREEN: [u8; 3] = [130, 225, 120];
    const DARK_GREEN: [u8; 3] = [40, 90, 40];

    /// `under` seen through a white band of the given opacity.
    fn blend(under: [u8; 3], opacity: f32) -> [u8; 3] {
        blend_with(under, [255, 255, 255], opacity)
    }

    /// `under` seen through a band of colour `band` and the given opacity.
    fn blend_with(under: [u8; 3], band: [u8; 3], opacity: f32) -> [u8; 3] {
        [0, 1, 2]
            .map(|k| (opacity * band[k] as f32 + (1.0 - opacity) * under[k] as f32).round() as u8)
    }

    /// A 100x100 green tile with a dark `H`-like letter (two stems and a bar), and optionally a
    /// translucent white band 14 pixels wide down the middle, over the bar.
    fn tile(band: Option<f32>) -> RgbImage {
        tile_of(GREEN, DARK_GREEN, band)
    }

    /// [`tile`] in other colours.
    fn tile_of(ground: [u8; 3], ink: [u8; 3], band: Option<f32>) -> RgbImage {
        tile_under_band(ground, ink, band.map(|opacity| ([255, 255, 255], opacity)))
    }

    /// [`tile_of`] with a band of any colour (and its opacity).
    fn tile_under_band(ground: [u8; 3], ink: [u8; 3], band: Option<([u8; 3], f32)>) -> RgbImage {
        RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && ((28..40).contains(&x) || (60..72).contains(&x));
            let bar = (45..55).contains(&y) && (28..72).contains(&x);
            let under = if stem || bar { ink } else { ground };
            match band {
                Some((colour, opacity)) if (43..57).contains(&x) => {
                    Rgb(blend_with(under, colour, opacity))
                }
                _ => Rgb(under),
            }
        })
    }

    fn lift_tile(rgb: &RgbImage) -> Option<GrayImage> {
        let image = DynamicImage::ImageRgb8(rgb.clone());
        let cell = PixelBox::new(0, 0, 100, 100);
        // The letters of these tiles are 50 pixels high.
        lift_cell(&image, &image.to_luma8(), cell, 50.0)
    }

    #[test]
    fn the_letter_under_a_translucent_band_comes_back() {
        let rgb = tile(Some(0.82));
        let grey = DynamicImage::ImageRgb8(rgb.clone()).to_luma8();
        let ground = grey.get_pixel(10, 10)[0] as i32;
        let ink = grey.get_pixel(30, 30)[0] as i32;
        // Under the band, the bar is almost as light as the bare ground: the letter is cut.
        assert!((grey.get_pixel(50, 50)[0] as i32 - ground).abs() < 30);
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let level = |x, y| lifted.get_pixel(x, y)[0] as i32;
        assert!(
            (level(50, 50) - ink).abs() <= 12,
            "bar {} ink {ink}",
            level(50, 50)
        );
        assert!(
            (level(50, 30) - ground).abs() <= 12,
            "ground {}",
            level(50, 30)
        );
        // Outside the band nothing changes.
        assert_eq!(level(30, 30), ink);
        assert_eq!(level(10, 10), ground);
    }

    #[test]
    fn the_letter_under_a_band_on_a_white_tile_comes_back() {
        // Over the white ground the band cannot be seen; over the bar it leaves a flat grey.
        let rgb = tile_of([250, 250, 248], [10, 10, 10], Some(0.82));
        let grey = DynamicImage::ImageRgb8(rgb.clone()).to_luma8();
        assert!(grey.get_pixel(50, 50)[0] > 200, "the bar is hidden");
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        assert!(
            lifted.get_pixel(50, 50)[0] < 40,
            "bar {}",
            lifted.get_pixel(50, 50)[0]
        );
        assert!(
            lifted.get_pixel(50, 30)[0] > 230,
            "ground {}",
            lifted.get_pixel(50, 30)[0]
        );
        // A white tile without a band, and one with a flat grey patch that continues no stroke,
        // are left alone.
        assert!(lift_tile(&tile_of([250, 250, 248], [10, 10, 10], None)).is_none());
        let patch = RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && (28..40).contains(&x);
            let grey_patch = (40..60).contains(&y) && (60..80).contains(&x);
            image::Rgb(if stem {
                [10, 10, 10]
            } else if grey_patch {
                [200, 200, 200]
            } else {
                [250, 250, 248]
            })
        });
        assert!(lift_tile(&patch).is_none());
    }

    #[test]
    fn a_thin_letter_hidden_whole_under_a_band_comes_back() {
        // An `I` narrower than the trail that runs down along it: no stroke shows beside the
        // band, the hidden ink is a whole letter in the cell's middle. The cell takes in the dark
        // gap round its tile, as the lattice's cells do: the letter's own ink shows nowhere.
        let cell = |ink: &dyn Fn(u32, u32) -> bool, band: std::ops::Range<u32>| {
            RgbImage::from_fn(100, 100, |x, y| {
                let gap = x < 6 || y < 6 || x >= 94 || y >= 94;
                let under = match (gap, ink(x, y)) {
                    (true, _) => DARK_GREEN,
                    (false, true) => [10, 10, 10],
                    (false, false) => GREEN,
                };
                Rgb(if band.contains(&x) && !gap {
                    blend(under, 0.85)
                } else {
                    under
                })
            })
        };
        let letter = cell(
            &|x, y| (25..75).contains(&y) && (45..55).contains(&x),
            43..57,
        );
        let lifted = lift_tile(&letter).expect("the band is lifted");
        let stem = lifted.get_pixel(50, 50)[0];
        assert!(stem < 40, "stem {stem}");
        // A hidden dot a third of a letter high, or a letter-high bar off the cell's middle,
        // is not a letter.
        let dot = cell(
            &|x, y| (42..58).contains(&y) && (45..55).contains(&x),
            43..57,
        );
        assert!(lift_tile(&dot).is_none());
        let off_middle = cell(
            &|x, y| (25..75).contains(&y) && (70..80).contains(&x),
            68..82,
        );
        assert!(lift_tile(&off_middle).is_none());
    }

    #[test]
    fn a_band_that_ends_on_a_letter_it_runs_along_comes_back() {
        // A trail coming down from above along an `I` ends on it: most of the band lies over the
        // letter's ink, so the band is flat at two levels rather than one.
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let gap = x < 6 || y < 6 || x >= 94 || y >= 94;
            let under = if gap {
                DARK_GREEN
            } else if (25..75).contains(&y) && (45..55).contains(&x) {
                [10, 10, 10]
            } else {
                GREEN
            };
            let in_band = (44..55).contains(&x) && (6..62).contains(&y);
            Rgb(if in_band { blend(under, 0.85) } else { under })
        });
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let stem = lifted.get_pixel(50, 40)[0];
        assert!(stem < 40, "stem {stem}");
    }

    #[test]
    fn a_faint_pale_blue_band_over_a_magenta_tile_is_lifted() {
        // A pale blue band (230, 240, 255) of opacity 0.45, measured as a white band's: 0.38.
        let rgb = tile_under_band([237, 120, 226], [47, 23, 44], Some(([230, 240, 255], 0.45)));
        let grey = DynamicImage::ImageRgb8(rgb.clone()).to_luma8();
        let (ink, hidden) = (grey.get_pixel(30, 30)[0], grey.get_pixel(50, 50)[0]);
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let bar = lifted.get_pixel(50, 50)[0];
        // The bar comes back most of the way to the ink's level.
        assert!(
            (bar as i32 - ink as i32).abs() * 3 < (hidden as i32 - ink as i32).abs(),
            "bar {bar} (hidden {hidden}) ink {ink}"
        );
    }

    #[test]
    fn a_faint_band_over_black_ink_on_light_green_comes_back() {
        // At opacity 0.6 the band over black ink is lifted less than `BAND_MIN_LIFT` in the
        // smallest channel (157 over a ground of 150): found over the ground only, the band
        // stopped at the bar, which stayed hidden, and the tile was not lifted at all.
        let rgb = tile_of([150, 230, 150], [10, 10, 10], Some(0.6));
        let grey = DynamicImage::ImageRgb8(rgb.clone()).to_luma8();
        let ink = grey.get_pixel(30, 30)[0] as i32;
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let bar = lifted.get_pixel(50, 50)[0] as i32;
        assert!((bar - ink).abs() <= 12, "bar {bar} ink {ink}");
        let ground = grey.get_pixel(10, 10)[0] as i32;
        let beside = lifted.get_pixel(50, 30)[0] as i32;
        assert!((beside - ground).abs() <= 12, "ground {beside} of {ground}");
    }

    #[test]
    fn a_band_over_one_stroke_on_a_white_tile_comes_back() {
        // A trail that ends at the tile's centre crosses one stroke only: the grey it leaves there
        // is under 1% of the cell.
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && ((28..38).contains(&x) || (62..72).contains(&x));
            let under = if stem { [10, 10, 10] } else { [250, 250, 248] };
            let in_band = (46..54).contains(&y) && x >= 50;
            Rgb(if in_band { blend(under, 0.8) } else { under })
        });
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let stroke = lifted.get_pixel(66, 50)[0];
        assert!(stroke < 40, "stroke {stroke}");
    }

    #[test]
    fn a_band_mostly_over_the_ground_that_hides_a_foot_comes_back() {
        // An `L`; the trail comes down through its foot and turns away above it, over the
        // ground: a fourteenth of the band hides ink.
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && (28..40).contains(&x);
            let foot = (65..75).contains(&y) && (28..70).contains(&x);
            let under = if stem || foot { DARK_GREEN } else { GREEN };
            let in_band = (50..64).contains(&x) || ((15..29).contains(&y) && x >= 50);
            Rgb(if in_band { blend(under, 0.8) } else { under })
        });
        let lifted = lift_tile(&rgb).expect("the band is lifted");
        let ink = DynamicImage::ImageRgb8(rgb).to_luma8().get_pixel(30, 30)[0] as i32;
        let foot = lifted.get_pixel(57, 70)[0] as i32;
        assert!((foot - ink).abs() <= 12, "foot {foot} ink {ink}");
    }

    #[test]
    fn opening_around_the_ink_is_opening_the_whole_mask() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for case in 0..200 {
            let (w, h) = (rng.random_range(1..40), rng.random_range(1..40));
            let density = rng.random_range(0.0..1.0);
            // Blocks and specks, some touching the image's edges.
            let mask = GrayImage::from_fn(w, h, |_, _| {
                Luma([if rng.random_bool(density) { 255 } else { 0 }])
            });
            let radius = rng.random_range(1..4);
            assert_eq!(
                open_around_ink(&mask, radius),
                open(&mask, Norm::LInf, radius),
                "case {case}: {w}x{h}, radius {radius}"
            );
        }
    }

    #[test]
    fn a_tile_without_a_band_is_left_alone() {
        assert!(lift_tile(&tile(None)).is_none());
    }

    #[test]
    fn an_opaque_white_shape_is_not_a_band() {
        // A white popup over the middle hides the bar for good: nothing to unblend.
        assert!(lift_tile(&tile(Some(1.0))).is_none());
    }

    #[test]
    fn a_light_ring_under_the_letter_is_not_a_band() {
        // A tile shaded with a lighter disc behind its letter (Boggle With Friends): lighter than
        // the ground, thick, but it hides no ink, and it is not one flat level.
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && (44..56).contains(&x);
            let d = ((x as f32 - 50.0).powi(2) + (y as f32 - 50.0).powi(2)).sqrt();
            if stem {
                Rgb(DARK_GREEN)
            } else if d < 40.0 {
                Rgb(blend(GREEN, 0.85 * (1.0 - d / 60.0)))
            } else {
                Rgb(GREEN)
            }
        });
        // The ring passes for a band by lightness and thickness alone ...
        let image = DynamicImage::ImageRgb8(rgb.clone());
        let smallest = smallest_channel(&image, PixelBox::new(0, 0, 100, 100));
        let ground = Levels::of_slice(smallest.as_raw()).median();
        assert!(band_mask(&smallest, ground + BAND_MIN_LIFT, 300.0).is_some());
        // ... but is not lifted.
        assert!(lift_tile(&rgb).is_none());
    }

    #[test]
    fn the_light_letter_of_a_dark_tile_on_a_light_page_is_not_a_band() {
        // A cell a little wider than its tile: a black tile, 76 pixels square, in a ring of
        // shadow on a cream page, with a cream `H` and a green gem. The cell's median is the
        // shadow's level, between page and tile; the tile is then the "ink" and its letter a
        // light "band" over it, which must not be unblended.
        let page = [255, 244, 230];
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let inside = |from: u32, to: u32| (from..to).contains(&x) && (from..to).contains(&y);
            let stem = (30..70).contains(&y) && ((36..44).contains(&x) || (56..64).contains(&x));
            let bar = (46..54).contains(&y) && (36..64).contains(&x);
            let gem = (16..24).contains(&x) && (70..82).contains(&y);
            Rgb(if !inside(11, 89) {
                page
            } else if !inside(12, 88) {
                [120, 95, 85]
            } else if stem || bar {
                [252, 242, 227]
            } else if gem {
                [0, 140, 0]
            } else {
                [0, 8, 23]
            })
        });
        assert!(lift_tile(&rgb).is_none());
    }

    #[test]
    fn the_light_letter_of_a_saturated_tile_is_not_a_band() {
        // A night theme's light `L` on a deep green tile (Letterpress), the top of the cell on its
        // black neighbour, whose black is then the cell's "ink". In the smallest channel the
        // letter stands far above the green, flat, like a band of opacity 0.8; and its colour is
        // that of such a band over the black. Lifted, its foot was unblended away and its stem
        // read `I` at 99%. It lies wholly inside the cell: no trail crosses into the tile.
        // The letter is lit along its stem's left side and its top.
        let letter = |x: u32, y: u32| {
            let stem = (39..101).contains(&y) && (54..66).contains(&x);
            let foot = (93..101).contains(&y) && (54..93).contains(&x);
            stem || foot
        };
        let rgb = RgbImage::from_fn(138, 138, |x, y| {
            Rgb(if y < 5 {
                [10, 10, 10]
            } else if letter(x, y) && ((54..57).contains(&x) || (39..41).contains(&y)) {
                [217, 239, 215]
            } else if letter(x, y) {
                [210, 232, 208]
            } else {
                [18, 128, 0]
            })
        });
        let image = DynamicImage::ImageRgb8(rgb);
        let cell = PixelBox::new(0, 0, 138, 138);
        assert!(lift_cell(&image, &image.to_luma8(), cell, 62.0).is_none());
    }

    #[test]
    fn a_white_tile_shows_no_band() {
        // On a white tile a white band cannot be seen, nor does it hide anything.
        let rgb = RgbImage::from_fn(100, 100, |x, y| {
            let stem = (25..75).contains(&y) && (44..56).contains(&x);
            Rgb(if stem { [20, 20, 20] } else { [250, 250, 250] })
        });
        assert!(lift_tile(&rgb).is_none());
    }
}
