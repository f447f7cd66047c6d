//! The edge of a cover across a row of tiles: a notification banner, a popup or a keyboard that
//! hides the top (or bottom) of a row of tiles while their letters stay whole.
//!
//! Such a cover leaves no cut letter to see, but it shows across the row: a line across a row of
//! tiles crosses tiles and the gaps between them, or a tile's letter, and a board is a lattice
//! of like tiles, so that line looks alike in every row. From a cover's edge on, the row's lines
//! are one colour from the board's one side to the other, the cover's, unlike the other rows'
//! lines at the same height, and unlike the ground between the tiles: it hides the gaps too,
//! which are looked at pixel by pixel (a row of tiles of one colour a few pixels apart looks of
//! one colour to a line's samples). The ground between two rows is one colour from side to side
//! too, but so it is in every row; a badge over a tile's corner, a swipe trail or a tile's
//! letter never fills a whole line. The caller weighs the edge against where the board's badges
//! lie: a frame around the board is found as a cover too, beyond the badges.

use super::fill::{self, Colour};
use super::grid::median;
use super::tiles::TileCrops;
use image::{DynamicImage, GenericImageView};

/// A row is scanned from its centre line this share of the pitch towards each side (the middle
/// of the ground between two rows lies half a pitch away; a badge hanging over a tile's corner
/// reaches a little beyond).
const SCAN_REACH: f32 = 0.75;
/// A line across the board is sampled at this many points.
const LINE_SAMPLES: usize = 64;
/// A line is of one colour when at least this share of its samples lie within
/// [`ONE_COLOUR`] of their median ...
const ONE_COLOUR_SHARE: f32 = 0.9;
/// ... distance in RGB levels: a frosted banner shows a blur of what lies under it, some 47
/// levels off its whitish grey over an orange tile (at 40 its edge was not found, and the
/// letters it cut read surely as others).
const ONE_COLOUR: f32 = 50.0;
/// A line of one colour is a cover's, not the board's own, unless the other rows' lines at the
/// same height are of one colour too and within this distance (RGB levels) of it.
const LIKE_THE_BOARD: f32 = 60.0;
/// A cover's edge is where the row's lines are a cover's for at least this share of the pitch
/// one after another (at least [`COVER_RUN_PIXELS`]) ...
const COVER_RUN: f32 = 0.02;
/// See [`COVER_RUN`].
const COVER_RUN_PIXELS: f32 = 2.0;
/// A cover hides the gaps between the tiles too (where they are a few pixels wide, the line's
/// samples can pass over them): the pixels this share of the pitch either side of each line
/// between two columns (at least [`GAP_WINDOW_PIXELS`]) are of the cover's colour, all but
/// [`ONE_COLOUR_SHARE`] of them.
const GAP_WINDOW: f32 = 0.05;
/// See [`GAP_WINDOW`].
const GAP_WINDOW_PIXELS: f32 = 3.0;
/// A line of the ground's colour is a cover's only within the row's tiles, at least this share of
/// the pitch inside their top or bottom edge: beyond them it may be the ground round the board
/// (the page above the first row), but across the tiles themselves only a cover of the ground's
/// colour paints it so (a frosted white banner over a board on a white page).
const GROUND_COLOURED_COVER_INSET: f32 = 0.05;
/// Fewest rows a board has for its other rows to tell what a row's lines usually look like.
const FEWEST_ROWS: usize = 3;

/// The board's lines, from its cells (full-resolution pixels).
struct Lines {
    /// Each row's centre line; `None` for a row with no cell.
    rows: Vec<Option<f32>>,
    /// The board's left and right edges.
    left: f32,
    right: f32,
    /// The lines between two columns of cells.
    gaps: Vec<f32>,
    /// The row pitch.
    pitch: f32,
}

impl Lines {
    /// The lines of the board's `rows` `cells`: a row's centre line is the median of its cells',
    /// the board's edges the outermost cells' edges. `None` for a board with no cell.
    fn of(cells: &[TileCrops], rows: usize) -> Option<Lines> {
        let row_centres = (0..rows)
            .map(|r| {
                let centres = cells
                    .iter()
                    .filter(|c| c.row == r)
                    .map(|c| (c.cell.top + c.cell.bottom) as f32 / 2.0);
                median_of(centres.collect())
            })
            .collect();
        let cols = cells.iter().map(|c| c.col + 1).max()?;
        let gaps = (1..cols)
            .filter_map(|col| {
                let lefts = cells.iter().filter(|c| c.col == col);
                median_of(lefts.map(|c| c.cell.left as f32).collect())
            })
            .collect();
        let left = cells.iter().map(|c| c.cell.left).min()? as f32;
        let right = cells.iter().map(|c| c.cell.right).max()? as f32;
        let pitch = median_of(cells.iter().map(|c| c.cell.height() as f32).collect())?;
        Some(Lines {
            rows: row_centres,
            left,
            right,
            gaps,
            pitch,
        })
    }

    /// The colours on the line `k` pixels from row `row`'s centre line in direction `step`, at
    /// [`LINE_SAMPLES`] points across the board; `None` off the image.
    fn line(&self, image: &DynamicImage, row: usize, step: f32, k: usize) -> Vec<Option<Colour>> {
        let Some(centre) = self.rows[row] else {
            return vec![None; LINE_SAMPLES];
        };
        let y = centre + step * k as f32;
        (0..LINE_SAMPLES)
            .map(|i| {
                let x =
                    self.left + (i as f32 + 0.5) / LINE_SAMPLES as f32 * (self.right - self.left);
                colour_at(image, x as u32, y)
            })
            .collect()
    }

    /// The colours in each gap's window (see [`GAP_WINDOW`]) on the line `k` pixels from row
    /// `row`'s centre line in direction `step`, every pixel; `None` off the image.
    fn gap_windows(
        &self,
        image: &DynamicImage,
        row: usize,
        step: f32,
        k: usize,
    ) -> Vec<Vec<Option<Colour>>> {
        let Some(centre) = self.rows[row] else {
            return Vec::new();
        };
        let y = centre + step * k as f32;
        let reach = (GAP_WINDOW * self.pitch).max(GAP_WINDOW_PIXELS);
        self.gaps
            .iter()
            .map(|&gap| {
                let (from, to) = ((gap - reach).max(0.0) as u32, (gap + reach) as u32);
                (from..=to).map(|x| colour_at(image, x, y)).collect()
            })
            .collect()
    }
}

/// The median of `values` (see [`median`]); `None` when there are none.
fn median_of(values: Vec<f32>) -> Option<f32> {
    (!values.is_empty()).then(|| median(values))
}

/// Where a cover over each of the board's `rows` begins, found across its `cells`: over the
/// row's top when `from_above` (the lowest pixel row the cover hides), else under its bottom
/// (the highest). `None` for a row with no cover, and for every row of a board of fewer than
/// [`FEWEST_ROWS`] rows.
pub(crate) fn cover_edges(
    image: &DynamicImage,
    cells: &[TileCrops],
    rows: usize,
    from_above: bool,
) -> Vec<Option<f32>> {
    let lines = Lines::of(cells, rows).filter(|_| rows >= FEWEST_ROWS);
    let Some(lines) = lines else {
        return vec![None; rows];
    };
    let ground = ground_colour(image, &lines);
    let step = if from_above { -1.0 } else { 1.0 };
    (0..rows)
        .map(|row| edge_across(image, &lines, ground, row, step))
        .collect()
}

/// Where a cover over row `row` begins, scanning from its centre line in direction `step` (-1
/// up, 1 down): the first line of a run of [`COVER_RUN`] lines that are a cover's (see
/// [`is_cover_line`]); `None` when there is none within [`SCAN_REACH`].
fn edge_across(
    image: &DynamicImage,
    lines: &Lines,
    ground: Option<Colour>,
    row: usize,
    step: f32,
) -> Option<f32> {
    let centre = lines.rows[row]?;
    let run = (COVER_RUN * lines.pitch).max(COVER_RUN_PIXELS).ceil() as usize;
    let reach = (SCAN_REACH * lines.pitch) as usize;
    let mut covered = 0;
    for k in 1..reach + run {
        if !is_cover_line(image, lines, ground, (row, step, k)) {
            covered = 0;
            continue;
        }
        covered += 1;
        if covered == run {
            let first = k + 1 - run;
            return (first < reach).then_some(centre + step * first as f32);
        }
    }
    None
}

/// Whether the line `k` pixels from row `row`'s centre line (direction `step`) is a cover's:
/// off the image (the screenshot's edge hides what lies beyond it), or of one colour over the
/// tiles and the gaps alike (see [`line_colour`]), unlike the ground between the board's rows
/// (`ground`, when it shows; across the row's tiles, see [`GROUND_COLOURED_COVER_INSET`]) and
/// unlike each other row's line at the same height that is of one colour so (see
/// [`LIKE_THE_BOARD`]). Those other rows' lines are judged as strictly: a line across a row of
/// plain tiles a few pixels apart looks of one colour to its samples, but not in its gaps.
fn is_cover_line(
    image: &DynamicImage,
    lines: &Lines,
    ground: Option<Colour>,
    (row, step, k): (usize, f32, usize),
) -> bool {
    let own = lines.line(image, row, step, k);
    if own.iter().all(Option::is_none) {
        return true;
    }
    let Some(cover) = line_colour(image, lines, &own, (row, step, k)) else {
        return false;
    };
    let like = |c: Colour| fill::distance(c, cover) <= LIKE_THE_BOARD;
    let within_the_tiles = (k as f32) <= (0.5 - GROUND_COLOURED_COVER_INSET) * lines.pitch;
    if ground.is_some_and(like) && !within_the_tiles {
        return false;
    }
    !(0..lines.rows.len())
        .filter(|&r| r != row)
        .filter_map(|r| line_colour(image, lines, &lines.line(image, r, step, k), (r, step, k)))
        .any(like)
}

/// The colour of `line`, the line `k` pixels from row `row`'s centre line (direction `step`)
/// as sampled by [`Lines::line`], when it is of one colour (see [`one_colour`]) and so is every
/// gap's window on it (see [`GAP_WINDOW`]), within [`ONE_COLOUR`] of the line's.
fn line_colour(
    image: &DynamicImage,
    lines: &Lines,
    line: &[Option<Colour>],
    (row, step, k): (usize, f32, usize),
) -> Option<Colour> {
    let colour = one_colour(line)?;
    lines
        .gap_windows(image, row, step, k)
        .iter()
        .all(|window| one_colour(window).is_some_and(|c| fill::distance(c, colour) <= ONE_COLOUR))
        .then_some(colour)
}

/// The colour of the ground between the board's rows: the median of the lines halfway between
/// two rows' centre lines that are of one colour; `None` when none is (tiles that touch).
fn ground_colour(image: &DynamicImage, lines: &Lines) -> Option<Colour> {
    let half = (lines.pitch / 2.0) as usize;
    let between: Vec<Colour> = (0..lines.rows.len().saturating_sub(1))
        .filter_map(|r| one_colour(&lines.line(image, r, 1.0, half)))
        .collect();
    fill::median(&between)
}

/// The median colour of `line` when it is of one colour (see [`ONE_COLOUR_SHARE`]); points off
/// the image count against it.
fn one_colour(line: &[Option<Colour>]) -> Option<Colour> {
    let on: Vec<Colour> = line.iter().flatten().copied().collect();
    let middle = fill::median(&on)?;
    let near = on
        .iter()
        .filter(|&&c| fill::distance(c, middle) <= ONE_COLOUR)
        .count();
    (near as f32 >= ONE_COLOUR_SHARE * line.len() as f32).then_some(middle)
}

/// The colour of the pixel at (`x`, `y`); `None` off the image.
fn colour_at(image: &DynamicImage, x: u32, y: f32) -> Option<Colour> {
    let (w, h) = image.dimensions();
    if y < 0.0 || y >= h as f32 || x >= w {
        return None;
    }
    let p = image.get_pixel(x, y as u32).0;
    Some([p[0] as f32, p[1] as f32, p[2] as f32])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::rect::PixelBox;
    use image::{Rgb, RgbImage};

    const GROUND: Rgb<u8> = Rgb([120, 80, 50]);
    const TILE: Rgb<u8> = Rgb([240, 215, 175]);
    const BANNER: Rgb<u8> = Rgb([237, 237, 237]);

    /// A 4x4 board of 100-pixel cells from (50, 50) on a brown ground: cream tiles 90 pixels
    /// wide with a dark letter in the middle; a red badge over the top-left corner of the tiles
    /// listed in `badges`.
    fn board(badges: &[(u32, u32)]) -> (RgbImage, Vec<TileCrops>) {
        let mut image = RgbImage::from_pixel(500, 500, GROUND);
        let mut cells = Vec::new();
        for (row, col) in (0..4u32).flat_map(|r| (0..4u32).map(move |c| (r, c))) {
            let (x, y) = (50 + col * 100, 50 + row * 100);
            paint(&mut image, (x + 5, y + 5, x + 95, y + 95), TILE);
            paint(
                &mut image,
                (x + 35, y + 30, x + 65, y + 70),
                Rgb([30, 30, 30]),
            );
            if badges.contains(&(row, col)) {
                paint(&mut image, (x, y, x + 20, y + 20), Rgb([200, 30, 30]));
            }
            let cell = PixelBox::new(x, y, x + 100, y + 100);
            cells.push(TileCrops::blank(row as usize, col as usize, cell));
        }
        (image, cells)
    }

    fn paint(image: &mut RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), colour: Rgb<u8>) {
        for y in y0..y1 {
            for x in x0..x1 {
                image.put_pixel(x, y, colour);
            }
        }
    }

    /// Whether a row's cover edges (from above, from below) lie beyond the board's cells
    /// (50..450), if anywhere.
    fn beyond_the_tiles((above, below): (Option<f32>, Option<f32>)) -> bool {
        above.is_none_or(|edge| edge < 50.0) && below.is_none_or(|edge| edge > 450.0)
    }

    /// Asserts that a cover over the first row ends at pixel row 61 (a banner painted down to
    /// 62) and that no other row has a cover over its tiles.
    fn assert_only_the_first_row_covered_to_61(covers: Vec<(Option<f32>, Option<f32>)>) {
        let edge = covers[0].0.expect("the banner's edge");
        assert!((edge - 61.0).abs() <= 1.0, "edge at {edge}");
        assert!(
            covers[1..].iter().all(|c| beyond_the_tiles(*c)),
            "{covers:?}"
        );
    }

    /// Each row's cover edges, from above and from below.
    fn covers_of(image: RgbImage, cells: &[TileCrops]) -> Vec<(Option<f32>, Option<f32>)> {
        let image = DynamicImage::ImageRgb8(image);
        let above = cover_edges(&image, cells, 4, true);
        let below = cover_edges(&image, cells, 4, false);
        above.into_iter().zip(below).collect()
    }

    #[test]
    fn a_banner_over_the_first_rows_top_is_found_at_its_edge() {
        let (mut image, cells) = board(&[(0, 1), (1, 2), (3, 0)]);
        // A banner across the whole image down to 12 pixels into the first row's cells.
        paint(&mut image, (0, 0, 500, 62), BANNER);
        let covers = covers_of(image, &cells);
        let edge = covers[0].0.expect("the banner's edge");
        assert!((edge - 61.0).abs() <= 1.0, "edge at {edge}");
        assert_eq!(covers[0].1, None);
        assert!(covers[1..].iter().all(|c| *c == (None, None)));
    }

    #[test]
    fn a_banner_of_the_grounds_colour_is_found_across_the_tiles() {
        // A light page round and between the tiles, and a banner of about its colour over the
        // first row's top (a frosted white banner over a board on a white page): across the
        // tiles only a cover paints the line so; beyond them it is the page.
        let (mut image, cells) = board(&[]);
        let page = Rgb([236, 236, 238]);
        for y in 0..500 {
            for x in 0..500 {
                if *image.get_pixel(x, y) == GROUND {
                    image.put_pixel(x, y, page);
                }
            }
        }
        paint(&mut image, (0, 0, 500, 62), BANNER);
        assert_only_the_first_row_covered_to_61(covers_of(image, &cells));
    }

    #[test]
    fn a_banner_near_the_tiles_colour_is_found_over_tiles_a_few_pixels_apart() {
        // Cream tiles 3 pixels apart, and a translucent banner's whitish cream within 60 levels
        // of them: the other rows' lines at the banner's height look of one colour to their
        // samples, but their gaps show the ground.
        let (mut image, cells) = board(&[(1, 1)]);
        for r in 0..4 {
            for c in 0..4 {
                let (x, y) = (50 + c * 100, 50 + r * 100);
                paint(&mut image, (x + 2, y + 5, x + 5, y + 95), TILE);
                paint(&mut image, (x + 95, y + 5, x + 98, y + 95), TILE);
            }
        }
        paint(&mut image, (0, 0, 500, 62), Rgb([239, 231, 221]));
        assert_only_the_first_row_covered_to_61(covers_of(image, &cells));
    }

    #[test]
    fn a_frosted_banner_tinted_by_the_tile_under_it_is_found_at_its_edge() {
        // An iOS banner of frosted glass shows a blur of what lies under it: over an orange
        // tile in the last column it is 47 levels off its whitish grey elsewhere (a real
        // Ruzzle capture's, blurred and lightened so), and its edge cut the first row's
        // letters, read surely as others (`R` as `H` at 98%).
        let (mut image, cells) = board(&[(0, 1), (1, 2), (3, 0)]);
        paint(&mut image, (0, 0, 500, 62), BANNER);
        paint(&mut image, (360, 0, 450, 62), Rgb([240, 226, 192]));
        assert_only_the_first_row_covered_to_61(covers_of(image, &cells));
    }

    #[test]
    fn a_plain_board_with_badges_shows_no_cover() {
        // Badges over corners, a row of plain tiles (row 2), and a frame around the board.
        let (mut image, cells) = board(&[(0, 1), (1, 2), (1, 3), (3, 0)]);
        paint(&mut image, (0, 0, 500, 30), Rgb([20, 60, 160]));
        let covers = covers_of(image, &cells);
        // The frame counts as a cover, but lies beyond the first row's ground, above where any
        // badge is.
        assert!(covers[0].0.is_some_and(|edge| edge < 50.0));
        assert!(covers.iter().all(|c| beyond_the_tiles(*c)), "{covers:?}");
    }

    #[test]
    fn a_row_of_plain_tiles_with_narrow_gaps_is_no_cover() {
        // Tiles 97 pixels wide (gaps of 3 pixels, which a line's samples pass over), and in
        // every row but the third one tile of another colour (a tile being played): the third
        // row's lines above and below its letters are the only ones of one colour.
        let (mut image, cells) = board(&[]);
        for r in 0..4 {
            for c in 0..4 {
                let (x, y) = (50 + c * 100, 50 + r * 100);
                paint(&mut image, (x + 2, y + 5, x + 5, y + 95), TILE);
                paint(&mut image, (x + 95, y + 5, x + 98, y + 95), TILE);
            }
            if r != 2 {
                let (x, y) = (50 + r * 100, 50 + r * 100);
                paint(
                    &mut image,
                    (x + 2, y + 5, x + 98, y + 30),
                    Rgb([230, 100, 40]),
                );
                paint(
                    &mut image,
                    (x + 2, y + 70, x + 98, y + 95),
                    Rgb([230, 100, 40]),
                );
            }
        }
        let covers = covers_of(image, &cells);
        assert!(covers.iter().all(|c| beyond_the_tiles(*c)), "{covers:?}");
    }
}
