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
//! tile the swipe tints) has its box's share weighed against all the board's letters instead.
//! Where a cover (a banner) reaches into a tile's middle, its edge runs through the ring: the
//! caller leaves that ring out (see [`LetterBox::ground_shown`]).

use super::fill::{self, Colour};
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
/// on Boggle With Friends' `DW` tiles), is not weighed.
const FEWEST_LETTERS: usize = 4;
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
            let usual = |of: fn(&Shares) -> f32| {
                let mut known: Vec<f32> = peers.iter().map(|p| of(p)).collect();
                known.sort_by(f32::total_cmp);
                known[known.len() / 2]
            };
            let stands_out = |of: fn(&Shares) -> f32, least: f32| {
                of(s) >= least && of(s) >= usual(of) + ABOVE_USUAL
            };
            stands_out(|s| s.off_colour, CROSSED_SHARE)
                || l.ground_shown && !few_peers && stands_out(|s| s.unlike_ring, RING_CROSSED_SHARE)
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
    let pixels = colours_outside(image, text, &marks);
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
    })
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
    let kept = |x: u32, y: u32| !left_out.iter().any(|b| b.holds_pixel(x, y));
    let mut colours = Vec::with_capacity((area.width() * area.height()) as usize);
    match image.as_rgb8() {
        // Most screenshots decode to 8-bit RGB: read its rows directly.
        Some(rgb) => {
            let stride = rgb.width() as usize * 3;
            let raw = rgb.as_raw();
            for y in area.top..area.bottom {
                let row = &raw[y as usize * stride..][..stride];
                for x in (area.left..area.right).filter(|&x| kept(x, y)) {
                    let p = &row[x as usize * 3..][..3];
                    colours.push([p[0], p[1], p[2]].map(f32::from));
                }
            }
        }
        None => {
            for y in area.top..area.bottom {
                for x in (area.left..area.right).filter(|&x| kept(x, y)) {
                    let p = image.get_pixel(x, y).0;
                    colours.push([p[0], p[1], p[2]].map(f32::from));
                }
            }
        }
    }
    colours
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
    fn a_glow_round_the_letter_of_the_one_tile_of_its_colour_does_not_cross_it() {
        // A bonus tile of its own colour with a light disc round its letter (Boggle With
        // Friends' `DW` tile): its ring is unlike its ground, but no tile of its colour tells
        // whether that is usual.
        let (mut image, letters) = blue_tiles(5);
        tint_tile(&mut image, 1, [90, 200, 110]);
        for x in 100..200 {
            for y in 0..100 {
                let (dx, dy) = (x as f32 - 150.0, y as f32 - 50.0);
                let r = (dx * dx / 0.5 + dy * dy).sqrt();
                if (36.0..44.0).contains(&r) {
                    image.put_pixel(x, y, Rgb([200, 240, 200]));
                }
            }
        }
        let image = DynamicImage::ImageRgb8(image);
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
