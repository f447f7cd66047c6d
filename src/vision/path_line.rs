//! The line a game draws through the tiles of the word being swiped: a straight stroke from one
//! tile's centre to a neighbour's, over the letters. Where the line runs on past a letter it is
//! seen across the ring of ground round it (see [`super::crossing`]); but the path's first and
//! last letters, which it only runs into, show it on one side, and a thin line takes a stroke
//! off a letter as surely (an `O` a white line runs into from the right reads `C` at 100%).
//!
//! A drawn line is found between the centres of two neighbouring cells, on the stretch between
//! their letters: there it is a stroke of one colour, unlike what lies on either side of it
//! (tiles, the gap between them, the ground), all along. Lines are looked for a little off the
//! straight way between the centres, at each end, since a finger's path is not drawn exactly
//! through them. A line of the colour of the page between the tiles is not seen in the gap, and
//! is not found (a white line between tiles on a white page).

use super::fill::{self, Colour};
use super::rect::PixelBox;
use image::DynamicImage;
use rayon::prelude::*;

/// The stretch looked at runs between these shares of the way from one cell's centre to its
/// neighbour's: past the letters (half a tile wide at most) and a diagonal neighbour's corner
/// marks, and across the gap between the tiles.
const STRETCH: (f32, f32) = (0.35, 0.65);
/// A point of a line differs from the points this share of a pitch away on each side of it: a
/// line up to a fifth of a pitch wide (a band wider than that is lifted as a trail; see
/// [`super::trail`]) ...
const SIDE_OFFSET: f32 = 0.1;
/// ... by at least this distance (Euclidean, RGB) from each: a translucent white line over a
/// pale blue tile lies 66 off it.
const UNLIKE_SIDES: f32 = 40.0;
/// A line is looked for up to this share of a pitch off the straight way between the centres,
/// at each end (a game's path runs through the points touched, not the tiles' centres) ...
const OFF_CENTRE: f32 = 0.1;
/// ... in steps of this share of a pitch (at least a pixel).
const OFF_CENTRE_STEP: f32 = 1.0 / 64.0;
/// A line is found where at least this share of the stretch's points differ from both sides:
/// the line's stroke runs all along it, while what a tile's or a gap's edges show across the
/// way (the rims of the tiles, the corner where four tiles meet) covers at most half of it ...
const LINE_SHARE: f32 = 0.85;
/// ... and at least this share of them lie within [`SAME_COLOUR`] of their median colour: a
/// line is drawn in one colour.
const SAME_COLOUR_SHARE: f32 = 0.85;
/// See [`SAME_COLOUR_SHARE`].
const SAME_COLOUR: f32 = 40.0;

/// A cell to look between: its row, column and box (one pitch round its centre, in the image's
/// pixels).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cell {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Box.
    pub cell: PixelBox,
}

/// For each cell of `cells`, whether a drawn line runs from its centre to a neighbour's (see the
/// module's doc).
pub(crate) fn cells_on_drawn_lines(image: &DynamicImage, cells: &[Cell]) -> Vec<bool> {
    // Most screenshots decode to 8-bit RGB or RGBA: their buffers are read directly.
    match image {
        DynamicImage::ImageRgb8(rgb) => {
            on_drawn_lines(cells, rgb.dimensions(), |x, y| rgb.get_pixel(x, y).0)
        }
        DynamicImage::ImageRgba8(rgba) => on_drawn_lines(cells, rgba.dimensions(), |x, y| {
            let [r, g, b, _] = rgba.get_pixel(x, y).0;
            [r, g, b]
        }),
        other => {
            let rgb = other.to_rgb8();
            on_drawn_lines(cells, rgb.dimensions(), |x, y| rgb.get_pixel(x, y).0)
        }
    }
}

/// [`cells_on_drawn_lines`] of an image `size` pixels large whose pixels `pixel` gives.
fn on_drawn_lines(
    cells: &[Cell],
    size: (u32, u32),
    pixel: impl Fn(u32, u32) -> [u8; 3] + Sync,
) -> Vec<bool> {
    let colour_at = |x: f32, y: f32| -> Option<Colour> {
        let (x, y) = (x.round(), y.round());
        if x < 0.0 || y < 0.0 || x >= size.0 as f32 || y >= size.1 as f32 {
            return None;
        }
        Some(pixel(x as u32, y as u32).map(f32::from))
    };
    let pairs: Vec<(usize, usize)> = (0..cells.len())
        .flat_map(|a| (a + 1..cells.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| neighbours(&cells[a], &cells[b]))
        .collect();
    let drawn: Vec<(usize, usize)> = pairs
        .into_par_iter()
        .filter(|&(a, b)| line_between(&colour_at, cells[a].cell, cells[b].cell))
        .collect();
    let mut on = vec![false; cells.len()];
    for (a, b) in drawn {
        on[a] = true;
        on[b] = true;
    }
    on
}

/// Whether two cells touch, side or corner.
fn neighbours(a: &Cell, b: &Cell) -> bool {
    a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1 && (a.row, a.col) != (b.row, b.col)
}

/// Whether a line is drawn between the centres of cells `a` and `b` (see the module's doc), in
/// an image whose colours `colour_at` gives (`None` off the image).
fn line_between(colour_at: &impl Fn(f32, f32) -> Option<Colour>, a: PixelBox, b: PixelBox) -> bool {
    let ((ax, ay), (bx, by)) = (a.centre(), b.centre());
    let pitch = (a.width() + a.height() + b.width() + b.height()) as f32 / 4.0;
    let length = (bx - ax).hypot(by - ay);
    if pitch < 8.0 || length < 1.0 {
        return false;
    }
    // The way's direction and the normal to it.
    let (ux, uy) = ((bx - ax) / length, (by - ay) / length);
    let (nx, ny) = (-uy, ux);
    let side = SIDE_OFFSET * pitch;
    let points = ((STRETCH.1 - STRETCH.0) * length / 2.0).max(8.0) as usize;
    let shares: Vec<f32> = (0..points)
        .map(|i| STRETCH.0 + (STRETCH.1 - STRETCH.0) * i as f32 / (points - 1) as f32)
        .collect();
    let step = (OFF_CENTRE_STEP * pitch).max(1.0);
    let reach = (OFF_CENTRE * pitch / step).floor() as i32;
    let offs: Vec<f32> = (-reach..=reach).map(|k| k as f32 * step).collect();
    let misses_allowed = ((1.0 - LINE_SHARE) * points as f32) as usize;
    // The colour at a point where it is unlike the colours to each side of it.
    let unlike_sides = |x: f32, y: f32| -> Option<Colour> {
        let on = colour_at(x, y)?;
        let unlike = |c: Option<Colour>| c.is_some_and(|c| fill::distance(on, c) > UNLIKE_SIDES);
        (unlike(colour_at(x + nx * side, y + ny * side))
            && unlike(colour_at(x - nx * side, y - ny * side)))
        .then_some(on)
    };
    let mut line = Vec::with_capacity(points);
    offs.iter().any(|&off_a| {
        offs.iter().any(|&off_b| {
            line.clear();
            let mut misses = 0;
            for &t in &shares {
                let off = off_a + (off_b - off_a) * t;
                let (x, y) = (ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off);
                match unlike_sides(x, y) {
                    Some(on) => line.push(on),
                    None => {
                        misses += 1;
                        if misses > misses_allowed {
                            return false;
                        }
                    }
                }
            }
            one_colour(&line, points)
        })
    })
}

/// Whether most of `points` sampled colours (`line`, those that stood out) share one colour
/// (see [`SAME_COLOUR_SHARE`]).
fn one_colour(line: &[Colour], points: usize) -> bool {
    let Some(median) = fill::median(line) else {
        return false;
    };
    let alike = line
        .iter()
        .filter(|&&c| fill::distance(c, median) < SAME_COLOUR)
        .count();
    alike as f32 >= SAME_COLOUR_SHARE * points as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};
    use imageproc::drawing::{draw_filled_rect_mut, draw_line_segment_mut};
    use imageproc::rect::Rect;

    const PITCH: u32 = 100;

    /// A 3x3 board of pale blue tiles with gaps on a blue page (Letterpress' tiles of the word
    /// being played, lighter squares on their tiles), a dark letter-like block on each tile.
    fn board() -> RgbImage {
        let mut image = RgbImage::from_pixel(3 * PITCH, 3 * PITCH, Rgb([120, 200, 245]));
        for row in 0..3 {
            for col in 0..3 {
                let (x, y) = ((col * PITCH) as i32, (row * PITCH) as i32);
                let tile = Rect::at(x + 5, y + 5).of_size(PITCH - 10, PITCH - 10);
                draw_filled_rect_mut(&mut image, tile, Rgb([167, 219, 248]));
                let letter = Rect::at(x + 30, y + 25).of_size(40, 50);
                draw_filled_rect_mut(&mut image, letter, Rgb([104, 114, 120]));
            }
        }
        image
    }

    fn cells() -> Vec<Cell> {
        (0..9)
            .map(|k| {
                let (row, col) = (k / 3, k % 3);
                let (left, top) = (col as u32 * PITCH, row as u32 * PITCH);
                Cell {
                    row,
                    col,
                    cell: PixelBox {
                        left,
                        top,
                        right: left + PITCH,
                        bottom: top + PITCH,
                    },
                }
            })
            .collect()
    }

    /// A line `width` pixels wide from `a` to `b`.
    fn draw_line(image: &mut RgbImage, a: (f32, f32), b: (f32, f32), width: i32, colour: Rgb<u8>) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx.hypot(dy);
        let (nx, ny) = (-dy / length, dx / length);
        for k in 0..width {
            let off = k as f32 - (width - 1) as f32 / 2.0;
            let shifted = |p: (f32, f32)| (p.0 + nx * off, p.1 + ny * off);
            draw_line_segment_mut(image, shifted(a), shifted(b), colour);
        }
    }

    #[test]
    fn a_thin_line_from_a_letter_to_its_neighbour_marks_both() {
        let mut image = board();
        // From the middle cell's centre, 3 px low, to the right-hand cell's: an `O` a white line
        // runs into, as a swipe's first letter.
        draw_line(
            &mut image,
            (150.0, 153.0),
            (250.0, 153.0),
            4,
            Rgb([228, 244, 253]),
        );
        let on = cells_on_drawn_lines(&DynamicImage::ImageRgb8(image), &cells());
        let marked: Vec<usize> = (0..9).filter(|&k| on[k]).collect();
        assert_eq!(marked, vec![4, 5]);
    }

    #[test]
    fn a_diagonal_line_a_little_off_the_centres_is_found() {
        let mut image = board();
        draw_line(
            &mut image,
            (45.0, 58.0),
            (156.0, 147.0),
            7,
            Rgb([40, 130, 230]),
        );
        let on = cells_on_drawn_lines(&DynamicImage::ImageRgb8(image), &cells());
        let marked: Vec<usize> = (0..9).filter(|&k| on[k]).collect();
        assert_eq!(marked, vec![0, 4]);
    }

    #[test]
    fn tiles_gaps_and_letters_alone_show_no_line() {
        let on = cells_on_drawn_lines(&DynamicImage::ImageRgb8(board()), &cells());
        assert!(on.iter().all(|&on| !on));
        // Nor do tiles of two colours meeting corner to corner, without gaps.
        let checker = RgbImage::from_fn(3 * PITCH, 3 * PITCH, |x, y| {
            if (x / PITCH + y / PITCH).is_multiple_of(2) {
                Rgb([120, 200, 245])
            } else {
                Rgb([250, 150, 140])
            }
        });
        let on = cells_on_drawn_lines(&DynamicImage::ImageRgb8(checker), &cells());
        assert!(on.iter().all(|&on| !on));
    }
}
