//! Lifting hairlines off the tiles: Android's pointer-location overlay (a developer option some
//! players leave on) draws a horizontal and a vertical line, one to a few pixels wide, across the
//! whole screen through the last touch. Over a tile such a line joins the letter's strokes to
//! each other and to the tile's edges, so an `S` crossed by it reads as `C` and an `O` as `Q`.
//!
//! A hairline is found in each cell on its own: a run of at most a few rows (or columns) in the
//! middle of the cell that crosses the whole cell box, gap included, in one flat colour unlike
//! the tile's. Nothing a game draws on a tile does that: a letter's bar stops short of the tile's
//! edges and a tile's rim lies at its edge. A run is kept only where another cell shows one at
//! the same place, as a line across the screen does (a flat band inside one tile is the tile's
//! own: a shaded ring, a label's edge). Each pixel of the run is replaced by the blend of the
//! pixels just beyond the run on either side, which restores the ink and the ground it crossed.

use super::game::{Colour, median_colour};
use super::rect::PixelBox;
use image::{DynamicImage, RgbImage};

/// A hairline is at most this share of the cell's side thick ...
const MAX_THICKNESS_SHARE: f32 = 0.02;
/// ... and at least this many pixels are allowed for it, however small the cell.
const MIN_MAX_THICKNESS: u32 = 3;
/// Hairlines are looked for only this share of the cell's side away from its edges (a tile's
/// rim, bevel and shadow lie at its edges, and the gap between tiles beyond them).
const EDGE_SHARE: f32 = 0.12;
/// A row belongs to a hairline when at least this share of its pixels ...
const FLAT_SHARE: f32 = 0.9;
/// ... lie within this many levels (in every channel) of the row's colour ...
const FLAT_TOLERANCE: u8 = 30;
/// ... and that colour lies more than this many levels (in some channel) from the tile's.
const MIN_CONTRAST: u8 = 60;
/// The lines just before and just after a hairline agree (within [`FLAT_TOLERANCE`]) in at
/// least this share of their pixels: the line crosses the tile, it does not end it (a banner's
/// edge or shadow over a tile has the banner on one side and the tile on the other).
const SAME_BESIDE_SHARE: f32 = 0.7;
/// Two cells' bands lie at the same place (the same line across the screen) when their first
/// lines are at most this many pixels apart.
const SAME_PLACE: u32 = 2;
/// The row's colour is the per-channel median of this many pixels spread along it.
const SAMPLES: usize = 15;

/// A line across the whole page is a hairline only when its colour covers at most this share
/// of the page (see [`lift_across_page`]) ...
const RARE_ON_PAGE: f32 = 0.02;
/// ... of this many pixels a side spread over it (see [`page_colours`]).
const PAGE_GRID: u32 = 24;

/// The image with every hairline found in `cells` lifted off, or `None` when there is none.
pub fn lift(image: &DynamicImage, cells: &[PixelBox]) -> Option<DynamicImage> {
    lift_in(image, cells, &|pixels, cell| {
        Under::Tile(tile_colour(pixels, cell))
    })
}

/// The image with the hairlines right across it lifted off, or `None` when there is none: where
/// no board was found, hairlines and the letters they join may be why. There is no tile whose
/// colour a line must be unlike, and the colour of the page's middle, taken for one, may lie as
/// close to the line's as a tile's, by less than [`MIN_CONTRAST`] (Android's blue lines over
/// Wordament's blue page): a line is then told from the page's own rows (the ground between two
/// rows of tiles) by a colour the page hardly shows elsewhere (see [`RARE_ON_PAGE`]).
pub fn lift_across_page(image: &DynamicImage) -> Option<DynamicImage> {
    let whole = PixelBox::new(0, 0, image.width(), image.height());
    lift_in(image, &[whole], &|pixels, page| {
        Under::Page(tile_colour(pixels, page), page_colours(pixels, page))
    })
}

/// A pixel's colour, by its coordinates in the image.
type Pixels<'a> = dyn Fn(u32, u32) -> [u8; 3] + 'a;

/// [`lift`] with the colours of lines judged against what `under` says lies under a cell (see
/// [`Under`]).
fn lift_in(
    image: &DynamicImage,
    cells: &[PixelBox],
    under: &dyn Fn(&Pixels, PixelBox) -> Under,
) -> Option<DynamicImage> {
    let converted;
    let pixels: &Pixels = match image {
        DynamicImage::ImageRgb8(rgb) => &|x, y| rgb.get_pixel(x, y).0,
        DynamicImage::ImageRgba8(rgba) => &|x, y| {
            let [r, g, b, _] = rgba.get_pixel(x, y).0;
            [r, g, b]
        },
        other => {
            converted = other.to_rgb8();
            &|x, y| converted.get_pixel(x, y).0
        }
    };
    let found: Vec<(PixelBox, Across, (u32, u32))> = cells
        .iter()
        .flat_map(|&cell| {
            [Across::Rows, Across::Columns]
                .into_iter()
                .flat_map(move |across| {
                    hairlines(pixels, cell, across, under)
                        .into_iter()
                        .map(move |band| (cell, across, band))
                })
        })
        .collect();
    // The overlay's lines cross the whole screen: among several cells, a band is one of them only
    // where another cell shows one at the same place (a flat band inside one tile is its own).
    let at = |&(cell, across, (first, _)): &(PixelBox, Across, (u32, u32))| match across {
        Across::Rows => cell.top + first,
        Across::Columns => cell.left + first,
    };
    let found: Vec<_> = found
        .iter()
        .filter(|band| {
            cells.len() == 1
                || found.iter().any(|other| {
                    other.0 != band.0
                        && other.1 == band.1
                        && at(other).abs_diff(at(band)) <= SAME_PLACE
                })
        })
        .copied()
        .collect();
    if found.is_empty() {
        return None;
    }
    let mut lifted = image.to_rgb8();
    for (cell, across, band) in found {
        restore(&mut lifted, cell, across, band);
    }
    Some(DynamicImage::ImageRgb8(lifted))
}

/// Which way a hairline runs through a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Across {
    /// Horizontal: a run of rows.
    Rows,
    /// Vertical: a run of columns.
    Columns,
}

/// A cell's pixels seen along one direction: `line` picks the row (or column), `along` the pixel
/// in it.
struct View<'a> {
    pixels: &'a dyn Fn(u32, u32) -> [u8; 3],
    cell: PixelBox,
    across: Across,
}

impl Across {
    /// How many lines (rows or columns) `cell` has.
    fn lines(self, cell: PixelBox) -> u32 {
        match self {
            Across::Rows => cell.bottom - cell.top,
            Across::Columns => cell.right - cell.left,
        }
    }

    /// How many pixels each line of `cell` has.
    fn length(self, cell: PixelBox) -> u32 {
        match self {
            Across::Rows => cell.right - cell.left,
            Across::Columns => cell.bottom - cell.top,
        }
    }

    /// The image coordinates of pixel `along` of line `line` of `cell`.
    fn point(self, cell: PixelBox, line: u32, along: u32) -> (u32, u32) {
        match self {
            Across::Rows => (cell.left + along, cell.top + line),
            Across::Columns => (cell.left + line, cell.top + along),
        }
    }
}

impl View<'_> {
    /// How many lines the cell has this way.
    fn lines(&self) -> u32 {
        self.across.lines(self.cell)
    }

    /// How many pixels each line has.
    fn length(&self) -> u32 {
        self.across.length(self.cell)
    }

    /// The colour of pixel `along` of line `line`.
    fn pixel(&self, line: u32, along: u32) -> [u8; 3] {
        let (x, y) = self.across.point(self.cell, line, along);
        (self.pixels)(x, y)
    }

    /// The per-channel median of [`SAMPLES`] pixels spread along `line`.
    fn line_colour(&self, line: u32) -> [u8; 3] {
        let length = self.length();
        let picks: Vec<Colour> = (0..SAMPLES as u32)
            .map(|i| Colour(self.pixel(line, (2 * i + 1) * length / (2 * SAMPLES as u32))))
            .collect();
        median_colour(&picks).expect("samples").0
    }

    /// Whether `line` is one flat colour unlike what is under it (see [`Under`]).
    fn is_hairline_row(&self, line: u32, under: &Under) -> bool {
        let colour = self.line_colour(line);
        if !under.is_unlike(colour) {
            return false;
        }
        let length = self.length();
        let allowed_off = length - (FLAT_SHARE * length as f32).ceil() as u32;
        let mut off = 0;
        for along in 0..length {
            if distance(self.pixel(line, along), colour) > FLAT_TOLERANCE {
                off += 1;
                if off > allowed_off {
                    return false;
                }
            }
        }
        true
    }

    /// Whether lines `a` and `b` agree in at least [`SAME_BESIDE_SHARE`] of their pixels.
    fn alike(&self, a: u32, b: u32) -> bool {
        let length = self.length();
        let same = (0..length)
            .filter(|&along| distance(self.pixel(a, along), self.pixel(b, along)) <= FLAT_TOLERANCE)
            .count();
        same as f32 >= SAME_BESIDE_SHARE * length as f32
    }
}

/// What lies under a hairline, which its colour is unlike: a tile of one colour, or a page of
/// many.
enum Under {
    /// The tile's colour (see [`tile_colour`]).
    Tile([u8; 3]),
    /// The colour of the page's middle, taken as a tile's is (see [`tile_colour`]), and colours
    /// sampled over the whole page (see [`page_colours`]).
    Page([u8; 3], Vec<[u8; 3]>),
}

impl Under {
    /// Whether a line of `colour` is unlike what lies under it: more than [`MIN_CONTRAST`] from
    /// the tile's colour (or the page's middle's), or, on a page, within [`FLAT_TOLERANCE`] of at
    /// most [`RARE_ON_PAGE`] of it.
    fn is_unlike(&self, colour: [u8; 3]) -> bool {
        match self {
            Under::Tile(tile) => distance(colour, *tile) > MIN_CONTRAST,
            Under::Page(middle, samples) => {
                let alike = samples
                    .iter()
                    .filter(|&&s| distance(s, colour) <= FLAT_TOLERANCE)
                    .count();
                distance(colour, *middle) > MIN_CONTRAST
                    || (alike as f32) <= RARE_ON_PAGE * samples.len() as f32
            }
        }
    }
}

/// The runs of lines (first, end excluded) in `cell` that are hairlines running `across`, their
/// colour judged against what `under` says lies under the cell.
fn hairlines(
    pixels: &Pixels,
    cell: PixelBox,
    across: Across,
    under: &dyn Fn(&Pixels, PixelBox) -> Under,
) -> Vec<(u32, u32)> {
    let view = View {
        pixels,
        cell,
        across,
    };
    let (lines, length) = (view.lines(), view.length());
    if lines < 8 || length < 8 {
        return Vec::new();
    }
    let side = lines.min(length) as f32;
    let max_thickness = ((MAX_THICKNESS_SHARE * side).round() as u32).max(MIN_MAX_THICKNESS);
    let edge = (EDGE_SHARE * lines as f32).round() as u32;
    let under = under(pixels, cell);
    let mut runs = Vec::new();
    let mut start = None;
    for line in edge..lines - edge {
        match (view.is_hairline_row(line, &under), start) {
            (true, None) => start = Some(line),
            (false, Some(first)) => {
                if line - first <= max_thickness && first > edge && view.alike(first - 1, line) {
                    runs.push((first, line));
                }
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// The tile's colour: the per-channel median of a 9x9 grid of pixels over the cell's middle.
fn tile_colour(pixels: &Pixels, cell: PixelBox) -> [u8; 3] {
    let (w, h) = (cell.right - cell.left, cell.bottom - cell.top);
    let picks: Vec<Colour> = (1..=9)
        .flat_map(|i| (1..=9).map(move |j| (i, j)))
        .map(|(i, j)| {
            let x = cell.left + w / 5 + i * 3 * w / 50;
            let y = cell.top + h / 5 + j * 3 * h / 50;
            Colour(pixels(x, y))
        })
        .collect();
    median_colour(&picks).expect("samples").0
}

/// The colours of [`PAGE_GRID`] x [`PAGE_GRID`] pixels spread over `page`, one in each part of
/// a [`PAGE_GRID`]-square grid over it, no two of them on one row or one column of pixels (each
/// a little further in its part than the one before it in the other direction): a hairline
/// the page shows passes through one or two of them, not through a whole line of the grid.
fn page_colours(pixels: &Pixels, page: PixelBox) -> Vec<[u8; 3]> {
    let (w, h) = (page.right - page.left, page.bottom - page.top);
    let steps = PAGE_GRID * PAGE_GRID;
    let at =
        |step: u32, side: u32| ((2 * step + 1) as u64 * side as u64 / (2 * steps) as u64) as u32;
    (0..PAGE_GRID)
        .flat_map(|i| (0..PAGE_GRID).map(move |j| (i, j)))
        .map(|(i, j)| {
            let (x, y) = (at(i * PAGE_GRID + j, w), at(j * PAGE_GRID + i, h));
            pixels(page.left + x, page.top + y)
        })
        .collect()
}

/// Each pixel of the run `band` of `cell` (in `image`) becomes the blend of the pixels one line
/// beyond the run on either side (the line before its first, its end line).
fn restore(image: &mut RgbImage, cell: PixelBox, across: Across, (first, end): (u32, u32)) {
    let (before, after) = (first - 1, end);
    let span = (after - before) as f32;
    for along in 0..across.length(cell) {
        let (xa, ya) = across.point(cell, before, along);
        let (xb, yb) = across.point(cell, after, along);
        let (a, b) = (image.get_pixel(xa, ya).0, image.get_pixel(xb, yb).0);
        for line in first..end {
            let t = (line - before) as f32 / span;
            let blend =
                std::array::from_fn(|c| (a[c] as f32 * (1.0 - t) + b[c] as f32 * t).round() as u8);
            let (x, y) = across.point(cell, line, along);
            image.put_pixel(x, y, image::Rgb(blend));
        }
    }
}

/// The largest difference between `a` and `b` in any channel.
fn distance(a: [u8; 3], b: [u8; 3]) -> u8 {
    (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    const WHITE: Rgb<u8> = Rgb([250, 250, 250]);
    const INK: Rgb<u8> = Rgb([20, 20, 20]);
    const BLUE: Rgb<u8> = Rgb([30, 30, 220]);

    /// A 100x100 white cell with a black bar (a letter's stroke) at rows 40..50, columns 30..70.
    fn tile_with_bar() -> RgbImage {
        RgbImage::from_fn(100, 100, |x, y| {
            if (40..50).contains(&y) && (30..70).contains(&x) {
                INK
            } else {
                WHITE
            }
        })
    }

    const CELL: PixelBox = PixelBox::new(0, 0, 100, 100);

    #[test]
    fn a_line_across_the_cell_is_lifted_and_the_ink_it_crossed_restored() {
        let clean = tile_with_bar();
        let mut crossed = clean.clone();
        for x in 0..100 {
            for y in 44..46 {
                crossed.put_pixel(x, y, BLUE);
            }
            crossed.put_pixel(60, x, BLUE);
        }
        let lifted = lift(&DynamicImage::ImageRgb8(crossed), &[CELL]).expect("lines found");
        assert_eq!(lifted.to_rgb8(), clean);
    }

    #[test]
    fn a_letter_stroke_and_a_tile_rim_are_not_hairlines() {
        let mut tile = tile_with_bar();
        for x in 0..100 {
            tile.put_pixel(x, 5, INK);
            tile.put_pixel(x, 95, INK);
        }
        // A thin bar (a hyphen) that stops short of the cell's edges.
        for x in 10..90 {
            tile.put_pixel(x, 70, INK);
        }
        assert!(lift(&DynamicImage::ImageRgb8(tile), &[CELL]).is_none());
    }

    const PAGE: Rgb<u8> = Rgb([20, 70, 160]);
    const ORANGE: Rgb<u8> = Rgb([240, 150, 20]);

    /// A 200x300 blue page (Wordament's) with two rows of orange tiles 3 px apart (rows 20..60
    /// and 63..110), and, when `crossed`, a blue hairline 60 levels from the page (rows 90..92).
    fn page(crossed: bool) -> RgbImage {
        RgbImage::from_fn(200, 300, |x, y| {
            let tile = (20..180).contains(&x) && ((20..60).contains(&y) || (63..110).contains(&y));
            if crossed && (90..92).contains(&y) {
                BLUE
            } else if tile {
                ORANGE
            } else {
                PAGE
            }
        })
    }

    #[test]
    fn across_the_page_a_line_of_a_colour_the_page_hardly_shows_is_lifted() {
        let crossed = DynamicImage::ImageRgb8(page(true));
        // Judged against the colour of the page's middle, the line is too like it ...
        let whole = PixelBox::new(0, 0, 200, 300);
        assert!(lift(&crossed, &[whole]).is_none());
        // ... but no pixel of the page is of its colour.
        let lifted = lift_across_page(&crossed).expect("line found").to_rgb8();
        assert_eq!(lifted.get_pixel(10, 90), &PAGE);
        assert_eq!(lifted.get_pixel(100, 91), &ORANGE);
        // The ground between the rows of tiles is of the page's own colour: not a hairline.
        assert!(lift_across_page(&DynamicImage::ImageRgb8(page(false))).is_none());
    }

    #[test]
    fn among_cells_a_line_is_lifted_only_where_it_runs_on_into_another() {
        // Two cells side by side, 200x100: a flat band across the first cell only is the tile's
        // own (a hairline crosses the whole screen) ...
        let two = |band_in_second: bool| {
            RgbImage::from_fn(200, 100, |x, y| {
                let band = (44..46).contains(&y) && (x < 100 || band_in_second);
                if band { BLUE } else { WHITE }
            })
        };
        let cells = [CELL, PixelBox::new(100, 0, 200, 100)];
        assert!(lift(&DynamicImage::ImageRgb8(two(false)), &cells).is_none());
        // ... and one across both is lifted.
        let lifted = lift(&DynamicImage::ImageRgb8(two(true)), &cells).expect("line found");
        assert_eq!(lifted.to_rgb8().get_pixel(150, 45), &WHITE);
        assert_eq!(lifted.to_rgb8().get_pixel(50, 44), &WHITE);
    }
}
