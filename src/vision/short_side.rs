//! Sides where the board read may be a line short: more tiles like the board's lie beyond, a
//! line of them the grid finder did not take in.
//!
//! Two ways it happens. A screenshot cropped through a line of the board's tiles (see
//! `grid::take_in_cut_columns`: an edge that leaves about a third of a Letterpress tile leaves
//! too little of its letter to tell); and a line shown whole whose letters were not found as
//! letters (a line a game draws through the word being swiped joins them into one stroke, an
//! alert beside a column hides their tiles' edges). The board found is then a line short and
//! reads surely, every tile of it right: a 5x5 board read as a sure 5x4 one. The reading cannot
//! be made whole, but it can say so. Beyond each side of the board, the image is looked at line
//! by line (row by row beside a column, column by column beside a row): across the next line's
//! cells where the image shows them whole, else across the strip up to the image's edge. Where
//! most of those parts have the fill of one of the board's tiles and two of them are tiles of
//! different colours, it is more of the board, not a page's margin or a panel. A margin is of
//! one colour all along (Letterpress's page below its board is the light grey of its neutral
//! tiles), so a board whose tiles are all of one colour is never said to be short: its missing
//! line looks like such a margin.

use super::fill::{self, Colour, Colours};
use super::rect::{PixelBox, Rect};
use image::{DynamicImage, GenericImageView};

/// A side of the board, as its rows and columns are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSide {
    /// Above the first row.
    Top,
    /// Below the last row.
    Bottom,
    /// Before the first column.
    Left,
    /// After the last column.
    Right,
}

impl BoardSide {
    /// The side's name in JSON: `top`, `bottom`, `left` or `right`.
    pub fn name(self) -> &'static str {
        match self {
            BoardSide::Top => "top",
            BoardSide::Bottom => "bottom",
            BoardSide::Left => "left",
            BoardSide::Right => "right",
        }
    }

    /// The line of tiles the board would have beyond this side: `row` or `column`.
    pub fn line(self) -> &'static str {
        match self {
            BoardSide::Top | BoardSide::Bottom => "row",
            BoardSide::Left | BoardSide::Right => "column",
        }
    }

    /// Where that line would lie: `above the first row`, `after the last column`, ...
    pub fn beyond(self) -> &'static str {
        match self {
            BoardSide::Top => "above the first row",
            BoardSide::Bottom => "below the last row",
            BoardSide::Left => "before the first column",
            BoardSide::Right => "after the last column",
        }
    }

    /// All four sides.
    const ALL: [BoardSide; 4] = [
        BoardSide::Top,
        BoardSide::Bottom,
        BoardSide::Left,
        BoardSide::Right,
    ];

    /// Whether the side's line runs across the board's columns (a row beyond).
    fn is_row(self) -> bool {
        matches!(self, BoardSide::Top | BoardSide::Bottom)
    }
}

impl std::fmt::Display for BoardSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A side of the board where the board read may be a line short, with how it was seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShortSide {
    /// The side beyond which more tiles lie.
    pub side: BoardSide,
    /// Whether the image's edge cuts through them (a crop through the board); else the image
    /// shows them whole.
    pub cut_by_image_edge: bool,
}

/// The image shows at least this share of a pitch beyond the board's side for it to be looked
/// at (less shows too little of a tile to tell its fill).
const LEAST_SHOWN: f32 = 0.12;
/// A line beyond the board that shows at least this share of a pitch shows whole: its cells are
/// looked at as the board's tiles are (see [`TILE_INSET`]); less, it is cut by the image's edge.
const WHOLE_SHOWN: f32 = 0.95;
/// The strip of a cut line begins this share of a pitch beyond the board's side: past half the
/// gap between tiles and a few pixels of the lattice's fit.
const STRIP_OFFSET: f32 = 0.1;
/// Along the side, each part of the strip spans this share of its line's pitch, about its
/// centre: a tile's middle, clear of the gaps between tiles.
const STRIP_SPAN: f32 = 0.6;
/// A tile's fill is taken over its cell less this share of the pitch on each side (and so is
/// that of a cell of a whole line beyond the board, across the line).
const TILE_INSET: f32 = 0.15;
/// A part of the strip shows one of the board's tiles when its fill lies within this of that
/// tile's (in RGB levels): a screenshot's flat fills match to a level or two, through JPEG too.
/// Nearer than the grid finder's likeness of tiles (`grid::TILE_FILL_DISTANCE`, 60): the grey
/// table below a photographed tray of dice (the real `round6` photo) lies 23-27 levels from the
/// fill of the nearest die.
const SAME_FILL: f32 = 15.0;
/// Two parts beyond the board show tiles of different colours when their fills lie farther
/// apart than this (in RGB levels; for a whole line, their hues: see [`chroma_distance`]).
/// Measured on the real sets: every side of a whole board whose strip is of a tile's fill (the
/// page beside or below the board) is of one colour (the farthest two of its parts' fills 0
/// levels apart); the strips of the `cutr35` and `cutl35` probes' Letterpress boards read a
/// column short: their farthest two at least 60 levels apart. Checked on every probe folder too
/// (16,142 images): no board read whole is said to be short.
const DISTINCT_TILES: f32 = 40.0;

/// At least this share of the parts beyond a side must have the fill of one of the board's
/// tiles. A third: a word being swiped across the line beyond (a light band over three of a
/// Letterpress column's five tiles, the last of them the bright blue of the tile being touched)
/// leaves two of its tiles' fills; half missed that column (the `swipe` probes). The fills of
/// two tiles of different colours are still needed.
const LIKE_SHARE: f32 = 1.0 / 3.0;

/// The sides of the board where it may be a line short (see the module's documentation):
/// `cells` are the board's cells, row-major (`rows` x `cols`, each one pitch around its centre,
/// in `image`'s pixels), `holes` those that show no tile.
pub(crate) fn short_sides(
    image: &DynamicImage,
    cells: &[PixelBox],
    (rows, cols): (usize, usize),
    holes: &[bool],
) -> Vec<ShortSide> {
    if rows == 0 || cols == 0 || cells.len() != rows * cols {
        return Vec::new();
    }
    let colours = Colours::new(image, 1.0);
    let board = cells[0].union(&cells[rows * cols - 1]);
    let pitch = (
        board.width() as f32 / cols as f32,
        board.height() as f32 / rows as f32,
    );
    let mut tiles: Option<Vec<Colour>> = None;
    let mut sides = Vec::new();
    for side in BoardSide::ALL {
        let Some((parts, cut_by_image_edge)) =
            parts_beyond(side, board, pitch, image.dimensions(), (rows, cols))
        else {
            continue;
        };
        let tiles = tiles.get_or_insert_with(|| tile_fills(&colours, cells, holes));
        let fills: Vec<Colour> = parts
            .iter()
            .filter_map(|&part| colours.fill(part, None))
            .collect();
        let distinct = if cut_by_image_edge {
            fill::distance
        } else {
            chroma_distance
        };
        if shows_more_tiles(&fills, parts.len(), tiles, distinct) {
            sides.push(ShortSide {
                side,
                cut_by_image_edge,
            });
        }
    }
    sides
}

/// The parts of the image looked at beyond `side` of the `board` (one per line of the board
/// along that side), and whether the image's edge cuts them: the next line's cells (less
/// [`TILE_INSET`] across) where the image shows them whole ([`WHOLE_SHOWN`]), else the strip
/// from [`STRIP_OFFSET`] beyond the side to the image's edge; `None` where the image shows less
/// than [`LEAST_SHOWN`] of a pitch beyond the side.
fn parts_beyond(
    side: BoardSide,
    board: PixelBox,
    (px, py): (f32, f32),
    (w, h): (u32, u32),
    (rows, cols): (usize, usize),
) -> Option<(Vec<Rect>, bool)> {
    let (left, top, right, bottom) = (
        board.left as f32,
        board.top as f32,
        board.right as f32,
        board.bottom as f32,
    );
    let (w, h) = (w as f32, h as f32);
    // Across the side: where the board ends, which way is out, how much the image shows.
    let (pitch, at, out, shown) = match side {
        BoardSide::Top => (py, top, -1.0, top),
        BoardSide::Bottom => (py, bottom, 1.0, h - bottom),
        BoardSide::Left => (px, left, -1.0, left),
        BoardSide::Right => (px, right, 1.0, w - right),
    };
    let share = shown / pitch;
    if share < LEAST_SHOWN {
        return None;
    }
    let cut = share < WHOLE_SHOWN;
    let (from, to) = if cut {
        (STRIP_OFFSET * pitch, shown)
    } else {
        (TILE_INSET * pitch, (1.0 - TILE_INSET) * pitch)
    };
    let (a, b) = (at + out * from, at + out * to);
    let (near, far) = (a.min(b), a.max(b));
    let (lines, along_pitch, start) = if side.is_row() {
        (cols, px, left)
    } else {
        (rows, py, top)
    };
    let half = 0.5 * STRIP_SPAN * along_pitch;
    let parts = (0..lines)
        .map(|k| {
            let centre = start + (k as f32 + 0.5) * along_pitch;
            if side.is_row() {
                Rect::new(centre - half, near, centre + half, far)
            } else {
                Rect::new(near, centre - half, far, centre + half)
            }
        })
        .collect();
    Some((parts, cut))
}

/// The distance between the hues of two colours: between what is left of each with its grey
/// (the mean of its levels) taken off. A whole line beyond the board is said to show tiles of
/// two colours only when they differ so: a page lit by a glare over the board (the `glare` and
/// `screenphoto` probes) grades from dark to light grey, and the glare lights the board's grey
/// tiles alike, so that parts of the page match tiles of two greys (four boards of the `glare`
/// probe and three of `screenphoto`, read whole, were said to be a row short).
fn chroma_distance(a: Colour, b: Colour) -> f32 {
    let hue = |c: Colour| {
        let grey = (c[0] + c[1] + c[2]) / 3.0;
        c.map(|v| v - grey)
    };
    fill::distance(hue(a), hue(b))
}

/// The fill of each of the board's tiles (holes left out).
fn tile_fills(colours: &Colours, cells: &[PixelBox], holes: &[bool]) -> Vec<Colour> {
    cells
        .iter()
        .enumerate()
        .filter(|&(i, _)| !holes.get(i).copied().unwrap_or(false))
        .filter_map(|(_, &cell)| colours.fill(Rect::from(cell).inset_share(TILE_INSET), None))
        .collect()
}

/// Whether a strip of `lines` parts whose fills are `parts` shows more of the board's `tiles`:
/// at least [`LIKE_SHARE`] of its parts have the fill of one of them (see [`SAME_FILL`]), and
/// two of those are tiles of different colours, farther apart than [`DISTINCT_TILES`] by
/// `distance`.
fn shows_more_tiles(
    parts: &[Colour],
    lines: usize,
    tiles: &[Colour],
    distance: fn(Colour, Colour) -> f32,
) -> bool {
    let like: Vec<Colour> = parts
        .iter()
        .copied()
        .filter(|&part| {
            tiles
                .iter()
                .any(|&tile| fill::distance(part, tile) <= SAME_FILL)
        })
        .collect();
    let distinct = like.iter().enumerate().any(|(i, &a)| {
        like[i + 1..]
            .iter()
            .any(|&b| distance(a, b) > DISTINCT_TILES)
    });
    like.len() as f32 >= LIKE_SHARE * lines as f32 && distinct
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    const BLUE: [u8; 3] = [120, 200, 245];
    const PINK: [u8; 3] = [245, 160, 150];
    const PAGE: [u8; 3] = [240, 239, 236];

    /// A board of `rows` x `cols` touching tiles of 100 pixels from (0, 0), tile (r, c) in
    /// `colour(r, c)`, in an image `width` x `height` of the page's colour: columns past the
    /// board's are drawn too, where the image still shows them.
    fn board_image(
        (rows, cols): (usize, usize),
        (width, height): (u32, u32),
        colour: impl Fn(usize, usize) -> [u8; 3],
    ) -> (DynamicImage, Vec<PixelBox>) {
        let mut img = RgbImage::from_pixel(width, height, Rgb(PAGE));
        for (x, y, p) in img.enumerate_pixels_mut() {
            let (r, c) = ((y / 100) as usize, (x / 100) as usize);
            if r < rows {
                *p = Rgb(colour(r, c));
            }
        }
        let cells = (0..rows * cols)
            .map(|i| {
                let (r, c) = ((i / cols) as u32, (i % cols) as u32);
                PixelBox::new(c * 100, r * 100, c * 100 + 100, r * 100 + 100)
            })
            .collect();
        (DynamicImage::ImageRgb8(img), cells)
    }

    fn checker(r: usize, c: usize) -> [u8; 3] {
        if (r + c).is_multiple_of(2) {
            BLUE
        } else {
            PINK
        }
    }

    fn short(side: BoardSide, cut_by_image_edge: bool) -> Vec<ShortSide> {
        vec![ShortSide {
            side,
            cut_by_image_edge,
        }]
    }

    #[test]
    fn a_column_of_tiles_cut_by_the_edge_is_seen() {
        // Five rows of four columns found, and a third of a fifth column shown (below the
        // board, a whole row of page).
        let (image, cells) = board_image((5, 4), (435, 600), checker);
        assert_eq!(
            short_sides(&image, &cells, (5, 4), &[false; 20]),
            short(BoardSide::Right, true)
        );
    }

    #[test]
    fn a_whole_column_of_tiles_beyond_the_board_is_seen() {
        // Four columns found, and a fifth shown whole beside them.
        let (image, cells) = board_image((4, 4), (500, 400), checker);
        assert_eq!(
            short_sides(&image, &cells, (4, 4), &[false; 16]),
            short(BoardSide::Right, false)
        );
    }

    #[test]
    fn a_margin_of_a_tiles_colour_is_no_line_of_tiles() {
        // Below the board, 60 pixels of page of the colour of one of its tiles; beside it, a
        // whole column's width of it.
        let page_like = |r: usize, c: usize| {
            if c < 4 && (r + c).is_multiple_of(3) {
                PAGE
            } else if c < 4 {
                BLUE
            } else {
                PAGE
            }
        };
        let (image, cells) = board_image((5, 4), (520, 560), page_like);
        assert!(short_sides(&image, &cells, (5, 4), &[false; 20]).is_empty());
    }

    #[test]
    fn a_line_of_one_colour_or_unlike_the_tiles_is_no_line_of_tiles() {
        // A cut column all blue, like a margin of the tiles' colour: not told.
        let one_colour = |_r: usize, c: usize| if c == 4 { BLUE } else { checker(0, c) };
        let (image, cells) = board_image((4, 4), (440, 400), one_colour);
        assert!(short_sides(&image, &cells, (4, 4), &[false; 16]).is_empty());
        // Beyond the board, stripes of colours no tile has.
        let unlike = |r: usize, c: usize| match (c, r % 2) {
            (4, 0) => [20, 20, 20],
            (4, _) => [0, 120, 0],
            _ => checker(r, c),
        };
        let (image, cells) = board_image((4, 4), (440, 400), unlike);
        assert!(short_sides(&image, &cells, (4, 4), &[false; 16]).is_empty());
    }

    #[test]
    fn a_whole_line_of_greys_is_no_line_of_tiles() {
        // Tiles of two greys, and beyond the board a whole column of them: a page graded by a
        // glare shows such greys as well as tiles do.
        let greys = |r: usize, c: usize| {
            if (r + c).is_multiple_of(2) {
                [60, 60, 60]
            } else {
                [140, 140, 140]
            }
        };
        let (image, cells) = board_image((4, 4), (500, 400), greys);
        assert!(short_sides(&image, &cells, (4, 4), &[false; 16]).is_empty());
        // Cut by the image's edge, such a column is told.
        let (image, cells) = board_image((4, 4), (440, 400), greys);
        assert_eq!(
            short_sides(&image, &cells, (4, 4), &[false; 16]),
            short(BoardSide::Right, true)
        );
    }

    #[test]
    fn a_line_hardly_shown_is_not_looked_at() {
        // The image ends at the board's edge, or a few pixels past it.
        for width in [400, 405, 410] {
            let (image, cells) = board_image((4, 4), (width, 400), checker);
            assert!(
                short_sides(&image, &cells, (4, 4), &[false; 16]).is_empty(),
                "{width}"
            );
        }
    }
}
