//! Strokes across a letter in a colour its tile does not show: the path a game draws through the
//! tiles of the word being swiped (an opaque coloured line with round joints, a light band), drawn
//! over the letters. Where it crosses a letter it adds or takes away strokes (an `O` whose right
//! side a white line covers reads `C` at 100%, one with a line running out of it `Q`), and the
//! model reads what is left surely.
//!
//! A tile's pixels are its ground, its letter's ink, and blends of the two along the letter's
//! edges: in colour, each lies near the segment from the ground's colour to the ink's. A stroke of
//! another colour lies off that segment. The share of a letter's box that lies well off it, and
//! the share of the ring of ground round the box that is unlike the ground (a stroke running on
//! past the letter), are measured on every letter of the board; a letter whose share stands far
//! above the usual share of the letters on tiles of its colour (a theme's glow or a shaded tile
//! puts some on every such letter alike) is crossed. A tile of a colour too few letters share (a
//! tile the swipe tints) has its box's share weighed against all the board's letters instead,
//! and its ring only where a stroke fills far more of it than a bonus tile's glow does.
//!
//! A translucent band that ends on a letter (the swipe's last tile) leaves no colour off that
//! segment: over the ink it makes a blend of ink and ground, over the ground a paler ground. A
//! printed letter's blends are its antialiased rim, a pixel or two wide; the band's lie in
//! patches (see [`blend_patch_share`]). A letter with far more of them than the board's usual
//! letter is crossed as well.
//! Where a cover (a banner) reaches into a tile's middle, its edge runs through the ring: the
//! caller leaves that ring out (see [`LetterBox::ground_shown`]).

use super::fill::{self, Colour};
use super::grid::median;
use super::levels::Levels;
use super::rect::PixelBox;
use image::{DynamicImage, GenericImageView};
use rayon::prelude::*;

/// A pixel lies off its tile's colours when it is at least this far (Euclidean, RGB) from the
/// segment between the tile's ground colour and its ink colour: blends along a letter's edge lie
/// on it, a compressed capture's colour noise within about 40 of it.
const OFF_THE_TILE: f32 = 70.0;
/// A letter is crossed when at least this share of its box lies off its tile's colours ...
const CROSSED_SHARE: f32 = 0.04;
/// A letter is crossed, too, when at least this share of the ring round it is unlike its ground
/// (see [`RING_UNLIKE`]; the thin lines between Lexica's tiles and the pale rim of Wordament's
/// reach 0.04-0.06 of a ring that runs near them) ...
const RING_CROSSED_SHARE: f32 = 0.065;
/// ... each share at least this much above the usual share (the median over the letters
/// on tiles of its colour).
const ABOVE_USUAL: f32 = 0.03;
/// The usual shares are measured over the letters on tiles of the same colour (their grounds
/// within this distance, RGB): a game's bonus tiles are shaded otherwise (Boggle With Friends'
/// orange `TL` tiles, a glowing disc behind the letter) ...
const SAME_TILE_COLOUR: f32 = 60.0;
/// ... at least this many of them (the letter itself included). With fewer (a tile the swipe
/// tints, the one tile of its colour), its box's share is weighed against the usual share of
/// all the board's letters: it is measured against the tile's own ground and ink, so a tile's
/// colour leaves it near nothing (0 on each of the 172 letters with fewer peers on the real
/// screenshots of the gathered sets), while the ring, which a bonus tile's glow fills (up to 0.18
/// on Boggle With Friends' `DW` tiles), is weighed only from [`FEW_PEERS_RING_SHARE`] up.
const FEWEST_LETTERS: usize = 4;
/// A letter on a tile of a colour too few letters share is crossed when at least this share of
/// its ring is unlike its ground (and the share stands above the usual share of all the
/// board's letters): a swipe's band over the tile's ground fills about a third of the ring
/// round the letter it ends on, a bonus tile's glow at most 0.18 (0.184 at the most on the
/// letters with fewer peers of the real screenshots of the gathered sets).
const FEW_PEERS_RING_SHARE: f32 = 0.25;
/// A letter is crossed, too, when the patches of blends in its box (see [`blend_patch_share`])
/// come to at least this share of its ink: a translucent band ending on the letter makes 0.09
/// to 0.74 of it on the swipe probes' letters it was read wrong on; a printed letter's rim
/// makes none where each blend pixel has ink or ground beside it (0.07 at the most on the real
/// screenshots' letters on tiles of a colour many letters share, but for a photo of a physical
/// tray's shaded dice, 0.73-0.93, and letters a real swipe crosses, 0.63-0.76).
const BLEND_PATCH_SHARE: f32 = 0.08;
/// ... and at least this many times the usual share above that, the median over all the
/// board's letters (not only those on tiles of its colour: the tiles a swipe tints are the ones
/// its band crosses): a blurred or resampled capture widens every letter's rim into patches,
/// more on letters of many thin strokes than on others, and Boggle With Friends shades its
/// letters. Not on a tile of a colour too few letters share: a bonus tile's glow round its
/// letter (up to 0.26 on the real Boggle With Friends captures), or one flattened by a palette
/// of few colours, makes patches too.
const BLEND_PATCH_TIMES_USUAL: f32 = 2.0;
/// A pixel is a blend of a letter's ground and ink when its distance from the ground lies in
/// this share of the letter's contrast: from an eighth, as a band nearly as light as the ground
/// leaves the ink it covers (a white band at 75% leaves a dark letter's ink about a fifth of the
/// contrast from a cream ground: of 13 letters such bands made read wrong surely on three real
/// captures, none was seen from a quarter, 11 from an eighth), and a compressed capture's noise
/// round the ground lies in specks, not patches.
const BLEND: std::ops::Range<f32> = 0.12..0.75;
/// A pixel of the ring round a letter is unlike its ground when it lies at least this share of
/// the letter's contrast (ink to ground) from the ground's colour.
const RING_UNLIKE: f32 = 0.35;
/// The ground round a letter is sampled on a ring this share of the letter's height wide round
/// its box, inside the cell's middle (see [`CELL_MARGIN`]).
const RING: f32 = 0.2;
/// The cell's outer margin (this share of its width and height on each side) is left out of
/// the ground's samples: the gap between tiles, a tile's rim, its corner marks.
const CELL_MARGIN: f32 = 0.15;
/// The ink's colour is the median of the pixels at least this share of the farthest distance
/// from the ground (its 95th percentile) away from it.
const INK_SHARE_OF_FARTHEST: f32 = 0.75;
/// A letter fewer pixels high than this is not measured: its ring is a few pixels wide, all
/// antialiased rim and compression halo (on boards 34 pixels a tile, a letter in ten stood out).
const SMALLEST_LETTER: u32 = 20;
/// A letter whose ink lies closer than this to its ground is too faint to measure.
const LEAST_CONTRAST: f32 = 60.0;

/// A letter to measure, in full-resolution pixels.
pub(crate) struct LetterBox {
    /// The letter's text box.
    pub text: PixelBox,
    /// Its cell.
    pub cell: PixelBox,
    /// The boxes of the cell's corner marks (values, badges, a gem: what a tile shows beside
    /// its letter), left out of what is measured.
    pub marks: Vec<PixelBox>,
    /// Whether the ring of ground round the letter counts: not where a cover reaches the middle
    /// of the cell the ring is sampled in (see [`ring_area`]; a banner over the board's top row),
    /// whose edge is no stroke across the letter.
    pub ground_shown: bool,
}

/// Each mark's box is grown by this many pixels on every side before it is left out (its
/// antialiased rim, a badge's shadow).
const MARK_MARGIN: u32 = 2;

/// For each letter (`None`: no letter), whether a stroke of a colour its tile does not show
/// crosses it, or a stroke runs through the ground round it (see the module's doc).
pub(crate) fn crossed_letters(image: &DynamicImage, letters: &[Option<LetterBox>]) -> Vec<bool> {
    let shares: Vec<Option<Shares>> = letters
        .par_iter()
        .map(|l| {
            l.as_ref()
                .and_then(|l| shares_of(image, l.text, l.cell, &l.marks))
        })
        .collect();
    let all: Vec<&Shares> = shares.iter().flatten().collect();
    let usual_blend_patches = median(all.iter().map(|s| s.blend_patches).collect());
    shares
        .iter()
        .zip(letters)
        .map(|(s, l)| {
            let (Some(s), Some(l)) = (s, l) else {
                return false;
            };
            let peers: Vec<&Shares> = all
                .iter()
                .copied()
                .filter(|p| fill::distance(p.ground, s.ground) < SAME_TILE_COLOUR)
                .collect();
            let few_peers = peers.len() < FEWEST_LETTERS;
            if few_peers && all.len() < FEWEST_LETTERS {
                return false;
            }
            let peers: &[&Shares] = if few_peers { &all } else { &peers };
            let usual = |of: fn(&Shares) -> f32| median(peers.iter().map(|p| of(p)).collect());
            let stands_out = |of: fn(&Shares) -> f32, least: f32| {
                of(s) >= least && of(s) >= usual(of) + ABOVE_USUAL
            };
            let ring_crossed_share = if few_peers {
                FEW_PEERS_RING_SHARE
            } else {
                RING_CROSSED_SHARE
            };
            let blended = s.blend_patches
                >= BLEND_PATCH_SHARE + BLEND_PATCH_TIMES_USUAL * usual_blend_patches;
            stands_out(|s| s.off_colour, CROSSED_SHARE)
                || !few_peers && blended
                || l.ground_shown && stands_out(|s| s.unlike_ring, ring_crossed_share)
        })
        .collect()
}

/// What a letter's box and the ring of ground round it show.
#[derive(Debug, Clone, Copy)]
struct Shares {
    /// The colour of the tile's ground round the letter.
    ground: Colour,
    /// The share of the box whose pixels lie off the tile's colours (see [`OFF_THE_TILE`]).
    off_colour: f32,
    /// The share of the ring whose pixels are unlike the ground (see [`RING_UNLIKE`]): a stroke
    /// running past the letter, a band over the ground as light as the letter's ink.
    unlike_ring: f32,
    /// The patches of blends of ground and ink in the box, as a share of its ink (see
    /// [`blend_patch_share`]).
    blend_patches: f32,
}

/// The [`Shares`] of `text`'s box in `cell`; `None` when the box, its ground or its ink cannot be
/// measured.
fn shares_of(
    image: &DynamicImage,
    text: PixelBox,
    cell: PixelBox,
    marks: &[PixelBox],
) -> Option<Shares> {
    let text = text.clamp_to(image.dimensions());
    if text.width() < 3 || text.height() < SMALLEST_LETTER {
        return None;
    }
    let marks: Vec<PixelBox> = marks
        .iter()
        .map(|m| m.outset(MARK_MARGIN, MARK_MARGIN))
        .collect();
    let ring = ring_colours(image, text, cell, &marks);
    let ground = level_median(&ring)?;
    let in_box = colours_in(image, text, &marks);
    let pixels: Vec<Colour> = in_box.iter().flatten().copied().collect();
    if pixels.is_empty() {
        return None;
    }
    let ink = ink_colour(&pixels, ground)?;
    let contrast = fill::distance(ink, ground);
    if contrast < LEAST_CONTRAST {
        return None;
    }
    let share = |of: &[Colour], keep: &dyn Fn(Colour) -> bool| {
        of.iter().filter(|&&p| keep(p)).count() as f32 / of.len() as f32
    };
    Some(Shares {
        ground,
        off_colour: share(&pixels, &|p| {
            distance_to_segment(p, ground, ink) >= OFF_THE_TILE
        }),
        unlike_ring: share(&ring, &|p| {
            fill::distance(p, ground) >= RING_UNLIKE * contrast
        }),
        blend_patches: blend_patch_share(&in_box, text.width() as usize, ground, contrast),
    })
}

/// The pixels of a letter's box (`in_box`, `width` pixels a row, as [`colours_in`] gives them)
/// that lie in the middle of a patch of blends of `ground` and the letter's ink (each of the
/// pixel and its eight neighbours a [`BLEND`] of `contrast`, none left out), as a share of the
/// box's ink (its pixels at least half the contrast from the ground).
fn blend_patch_share(
    in_box: &[Option<Colour>],
    width: usize,
    ground: Colour,
    contrast: f32,
) -> f32 {
    let shares: Vec<Option<f32>> = in_box
        .iter()
        .map(|c| c.map(|c| fill::distance(c, ground) / contrast))
        .collect();
    let ink = shares.iter().flatten().filter(|&&s| s >= 0.5).count();
    let blends: Vec<bool> = shares
        .iter()
        .map(|s| s.is_some_and(|s| BLEND.contains(&s)))
        .collect();
    let height = blends.len() / width.max(1);
    let patch_middle = |x: usize, y: usize| {
        (y - 1..=y + 1).all(|v| (x - 1..=x + 1).all(|u| blends[v * width + u]))
    };
    let middles = (1..height.saturating_sub(1))
        .flat_map(|y| (1..width.saturating_sub(1)).map(move |x| (x, y)))
        .filter(|&(x, y)| patch_middle(x, y))
        .count();
    middles as f32 / ink.max(1) as f32
}

/// The middle of `cell`, where the ring of ground round its letter is sampled: the cell less
/// its outer margin (see [`CELL_MARGIN`]).
pub(crate) fn ring_area(cell: PixelBox) -> PixelBox {
    cell.inset(
        (CELL_MARGIN * cell.width() as f32) as u32,
        (CELL_MARGIN * cell.height() as f32) as u32,
    )
}

/// The colours of a ring round `text` inside the middle of `cell` (see [`RING`]), at the
/// points outside the boxes `left_out`.
fn ring_colours(
    image: &DynamicImage,
    text: PixelBox,
    cell: PixelBox,
    left_out: &[PixelBox],
) -> Vec<Colour> {
    let pad = (RING * text.height() as f32).round().max(1.0) as u32;
    let ring = text
        .outset(pad, pad)
        .clamp_to_box(ring_area(cell))
        .clamp_to(image.dimensions());
    let mut boxes = Vec::with_capacity(left_out.len() + 1);
    boxes.push(text);
    boxes.extend_from_slice(left_out);
    colours_outside(image, ring, &boxes)
}

/// The colour of a letter's ink among `pixels` of its box: the median of those far from the
/// `ground` (see [`INK_SHARE_OF_FARTHEST`]).
fn ink_colour(pixels: &[Colour], ground: Colour) -> Option<Colour> {
    let distances: Vec<f32> = pixels.iter().map(|&p| fill::distance(p, ground)).collect();
    if distances.is_empty() {
        return None;
    }
    let mut ranked = distances.clone();
    let (_, &mut farthest, _) =
        ranked.select_nth_unstable_by((distances.len() - 1) * 95 / 100, f32::total_cmp);
    let far: Vec<Colour> = pixels
        .iter()
        .zip(&distances)
        .filter(|&(_, &d)| d >= INK_SHARE_OF_FARTHEST * farthest)
        .map(|(&p, _)| p)
        .collect();
    level_median(&far)
}

/// Each channel's median of `colours` whose levels are whole numbers from 0 to 255 (as
/// [`colours_outside`] gives them): the same as [`fill::median`]'s (the level of rank `len / 2`),
/// taken from each channel's [`Levels`] instead of selected among the colours, which took a
/// seventh of the instructions of a 1080x2400 screenshot's crossing test. `None` when empty.
fn level_median(colours: &[Colour]) -> Option<Colour> {
    if colours.is_empty() {
        return None;
    }
    Some([0, 1, 2].map(|k| f32::from(Levels::of(colours.iter().map(|c| c[k] as u8)).median())))
}

/// The distance from colour `p` to the segment from `a` to `b`.
fn distance_to_segment(p: Colour, a: Colour, b: Colour) -> f32 {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let length = ab.iter().map(|v| v * v).sum::<f32>();
    let t = if length > 0.0 {
        (ab.iter().zip(&ap).map(|(u, v)| u * v).sum::<f32>() / length).clamp(0.0, 1.0)
    } else {
        0.0
    };
    fill::distance(p, [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]])
}

/// The colours of the pixels of `area` (inside the image) that lie in none of the boxes
/// `left_out`, row by row.
fn colours_outside(image: &DynamicImage, area: PixelBox, left_out: &[PixelBox]) -> Vec<Colour> {
    let mut colours = Vec::with_capacity((area.width() * area.height()) as usize);
    for_each_pixel(image, area, |x, y, colour| {
        if !left_out.iter().any(|b| b.holds_pixel(x, y)) {
            colours.push(colour);
        }
    });
    colours
}

/// The colours of the pixels of `area` (inside the image), row by row, `None` for those that
/// lie in one of the boxes `left_out`.
fn colours_in(image: &DynamicImage, area: PixelBox, left_out: &[PixelBox]) -> Vec<Option<Colour>> {
    let mut colours = Vec::with_capacity((area.width() * area.height()) as usize);
    for_each_pixel(image, area, |x, y, colour| {
        let kept = !left_out.iter().any(|b| b.holds_pixel(x, y));
        colours.push(kept.then_some(colour));
    });
    colours
}

/// Calls `visit` with each pixel of `area` (inside the image) and its colour, row by row.
fn for_each_pixel(image: &DynamicImage, area: PixelBox, mut visit: impl FnMut(u32, u32, Colour)) {
    match image.as_rgb8() {
        // Most screenshots decode to 8-bit RGB: read its rows directly.
        Some(rgb) => {
            let stride = rgb.width() as usize * 3;
            let raw = rgb.as_raw();
            for y in area.top..area.bottom {
                let row = &raw[y as usize * stride..][..stride];
                for x in area.left..area.right {
                    let p = &row[x as usize * 3..][..3];
                    visit(x, y, [p[0], p[1], p[2]].map(f32::from));
                }
            }
        }
        None => {
            for y in area.top..area.bottom {
                for x in area.left..area.right {
                    let p = image.get_pixel(x, y).0;
                    visit(x, y, [p[0], p[1], p[2]].map(f32::from));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    #[test]
    fn the_median_of_levels_is_the_median_of_the_colours() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(51);
        for n in 1..300 {
            let spread = rng.random_range(1..=256);
            let colours: Vec<Colour> = (0..n)
                .map(|_| std::array::from_fn(|_| rng.random_range(0..spread) as f32))
                .collect();
            assert_eq!(
                level_median(&colours),
                fill::median(&colours),
                "{n} colours"
            );
        }
        assert_eq!(level_median(&[]), None);
    }

    /// A row of `n` blue tiles 100 pixels apart, each with a dark `O` (a ring) in its middle,
    /// and the letter boxes and cells.
    fn blue_tiles(n: u32) -> (RgbImage, Vec<Option<LetterBox>>) {
        let image = RgbImage::from_fn(100 * n, 100, |x, y| {
            let (dx, dy) = ((x % 100) as f32 - 50.0, y as f32 - 50.0);
            let r = (dx * dx / 0.5 + dy * dy).sqrt();
            Rgb(if (16.0..24.0).contains(&r) {
                [20, 40, 60]
            } else {
                [0, 160, 255]
            })
        });
        let letters = (0..n)
            .map(|k| {
                let text = PixelBox::new(100 * k + 33, 26, 100 * k + 67, 74);
                Some(LetterBox {
                    text,
                    cell: PixelBox::new(100 * k, 0, 100 * k + 100, 100),
                    marks: Vec::new(),
                    ground_shown: true,
                })
            })
            .collect();
        (image, letters)
    }

    /// Draws a white line, 8 pixels wide, from the centre of the second tile of [`blue_tiles`]
    /// out through its right side (a swipe's path ending on that tile): it covers the `O`'s
    /// right side.
    fn draw_path_end(image: &mut RgbImage) {
        for x in 150..200 {
            for y in 46..54 {
                image.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
    }

    #[test]
    fn a_line_of_another_colour_across_a_letter_crosses_it() {
        let (mut image, letters) = blue_tiles(5);
        draw_path_end(&mut image);
        let image = DynamicImage::ImageRgb8(image);
        assert_eq!(
            crossed_letters(&image, &letters),
            vec![false, true, false, false, false]
        );
    }

    /// Paints the ground of the `k`th tile of [`blue_tiles`] `colour` (its letter kept).
    fn tint_tile(image: &mut RgbImage, k: u32, colour: [u8; 3]) {
        for x in 100 * k..100 * k + 100 {
            for y in 0..100 {
                if image.get_pixel(x, y).0 == [0, 160, 255] {
                    image.put_pixel(x, y, Rgb(colour));
                }
            }
        }
    }

    #[test]
    fn a_line_across_the_letter_of_the_one_tile_of_its_colour_crosses_it() {
        // The second tile tinted gold (a swiped tile): no other letter lies on a tile of its
        // colour, and a swipe's path ends on it.
        let (mut image, letters) = blue_tiles(5);
        tint_tile(&mut image, 1, [250, 215, 110]);
        draw_path_end(&mut image);
        let image = DynamicImage::ImageRgb8(image);
        assert_eq!(
            crossed_letters(&image, &letters),
            vec![false, true, false, false, false]
        );
    }

    #[test]
    fn a_band_filling_the_ring_of_the_one_tile_of_its_colour_crosses_it() {
        // The second tile tinted gold (a swiped tile) and a light band over its ground from
        // the letter's right side to the tile's edge, past the box but not over the letter.
        let (mut image, letters) = blue_tiles(5);
        tint_tile(&mut image, 1, [250, 215, 110]);
        for x in 167..200 {
            for y in 20..80 {
                image.put_pixel(x, y, Rgb([255, 255, 255]));
            }
        }
        let image = DynamicImage::ImageRgb8(image);
        assert_eq!(
            crossed_letters(&image, &letters),
            vec![false, true, false, false, false]
        );
    }

    /// Lays a band of the tiles' own blue, half transparent, 30 pixels wide, from the centre
    /// of the `k`th tile of [`blue_tiles`] out through its right side: over the ground it
    /// changes nothing, over the letter's right side it makes a blend of ink and ground.
    fn lay_band_of_the_tiles_shade(image: &mut RgbImage, k: u32) {
        for x in 100 * k + 50..100 * k + 100 {
            for y in 35..65 {
                let p = image.get_pixel(x, y).0;
                let blend = std::array::from_fn(|c| ((p[c] as u16 + [0, 160, 255][c]) / 2) as u8);
                image.put_pixel(x, y, Rgb(blend));
            }
        }
    }

    #[test]
    fn a_band_of_the_tiles_shade_ending_on_a_letter_crosses_it() {
        // No pixel lies off the tile's colours and the ring shows only ground: the band shows
        // as a patch of blends where the letter's rim is sharp.
        let (mut image, letters) = blue_tiles(5);
        lay_band_of_the_tiles_shade(&mut image, 1);
        let shares = shares_of(
            &DynamicImage::ImageRgb8(image.clone()),
            letters[1].as_ref().unwrap().text,
            letters[1].as_ref().unwrap().cell,
            &[],
        )
        .unwrap();
        assert!(shares.off_colour < CROSSED_SHARE && shares.unlike_ring < RING_CROSSED_SHARE);
        assert!(shares.blend_patches >= BLEND_PATCH_SHARE);
        let crossed = crossed_letters(&DynamicImage::ImageRgb8(image.clone()), &letters);
        assert_eq!(crossed, vec![false, true, false, false, false]);
        // The same band over every letter is the board's look, crossing none.
        for k in [0, 2, 3, 4] {
            lay_band_of_the_tiles_shade(&mut image, k);
        }
        let image = DynamicImage::ImageRgb8(image);
        assert_eq!(crossed_letters(&image, &letters), vec![false; 5]);
    }

    #[test]
    fn a_glow_round_the_letter_of_the_one_tile_of_its_colour_does_not_cross_it() {
        // A bonus tile of its own colour with a light circle round its letter (Boggle With
        // Friends' `DW` tile): its ring is unlike its ground (more of it than a stroke fills
        // round a letter on a tile of a common colour), but no tile of its colour tells whether
        // that is usual.
        let (mut image, letters) = blue_tiles(5);
        tint_tile(&mut image, 1, [90, 200, 110]);
        for x in 100..200 {
            for y in 0..100 {
                let (dx, dy) = (x as f32 - 150.0, y as f32 - 50.0);
                let r = (dx * dx / 0.5 + dy * dy).sqrt();
                if (38.0..42.0).contains(&r) {
                    image.put_pixel(x, y, Rgb([200, 240, 200]));
                }
            }
        }
        let image = DynamicImage::ImageRgb8(image);
        let glow = letters[1].as_ref().unwrap();
        let glow = shares_of(&image, glow.text, glow.cell, &[])
            .unwrap()
            .unlike_ring;
        assert!(
            (RING_CROSSED_SHARE..FEW_PEERS_RING_SHARE).contains(&glow),
            "{glow}"
        );
        assert_eq!(crossed_letters(&image, &letters), vec![false; 5]);
    }

    #[test]
    fn marks_beside_a_letter_and_a_covers_edge_round_it_do_not_cross_it() {
        // A dark block in the ground round the second tile's letter, beside its box.
        let (mut image, mut letters) = blue_tiles(5);
        let block = PixelBox::new(168, 18, 182, 34);
        for x in block.left..block.right {
            for y in block.top..block.bottom {
                image.put_pixel(x, y, Rgb([20, 40, 60]));
            }
        }
        let image = DynamicImage::ImageRgb8(image);
        // Unexplained, it is a stroke through the ground round the letter ...
        assert!(crossed_letters(&image, &letters)[1]);
        // ... but not as one of the cell's marks (a value, a gem) ...
        letters[1].as_mut().unwrap().marks = vec![block];
        assert!(!crossed_letters(&image, &letters)[1]);
        // ... nor where a cover's edge runs through the tile's ground.
        letters[1].as_mut().unwrap().marks = Vec::new();
        letters[1].as_mut().unwrap().ground_shown = false;
        assert!(!crossed_letters(&image, &letters)[1]);
    }

    #[test]
    fn what_every_letter_of_the_board_shows_crosses_none() {
        // A light glow round every letter (a theme's): off the tile's colours on every tile.
        let (mut image, letters) = blue_tiles(5);
        for k in 0..5 {
            for (x, y) in [(33, 26), (59, 66)] {
                for dy in 0..8 {
                    for dx in 0..8 {
                        image.put_pixel(100 * k + x + dx, y + dy, Rgb([255, 250, 200]));
                    }
                }
            }
        }
        let image = DynamicImage::ImageRgb8(image);
        assert_eq!(crossed_letters(&image, &letters), vec![false; 5]);
        // With fewer letters than a usual share is measured on, none is crossed.
        assert_eq!(crossed_letters(&image, &letters[..3]), vec![false; 3]);
    }

    #[test]
    fn a_colour_on_the_segment_between_ground_and_ink_is_on_it() {
        let (ground, ink) = ([0.0, 160.0, 255.0], [20.0, 40.0, 60.0]);
        let blend = [10.0, 100.0, 157.5];
        assert!(distance_to_segment(blend, ground, ink) < 1.0);
        assert!(distance_to_segment([255.0, 255.0, 255.0], ground, ink) > OFF_THE_TILE);
    }
}
