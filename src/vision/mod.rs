//! Reading boards from screenshots: image -> grid -> tiles -> letters.
//!
//! 1. [`load`]: decode the file, with limits and clear errors.
//! 2. `glyphs`: find ink that stands out from its neighbourhood (dark or light) and merge the
//!    glyphs of one tile into text boxes, on a copy scaled to at most [`ANALYSIS_SIDE`] pixels.
//! 3. `grid`: find the lattice the tiles' main letters sit on: rows, columns, holes
//!    ([`short_side`] says where more tiles like the board's lie beyond it, a line not taken in).
//! 4. `hairline`, `trail`: lift what an overlay draws across the tiles (Android's pointer-location
//!    hairlines, a game's translucent swipe trail) off each cell.
//! 5. `tiles`: cut each cell into normalised crops (main text, corner marks) at full resolution.
//! 6. [`ocr`]: read the crops with the embedded recognition model; `notation` turns the texts
//!    into board notation, point values and bonus badges (`cover_edge` finds where a banner over
//!    a row hides its badges, `cover_side` where an alert's side or corner cuts a letter;
//!    `crossing` and `path_line` find the strokes a swipe's path draws over the letters).

pub(crate) mod cover_edge;
pub(crate) mod cover_side;
pub(crate) mod crossing;
pub(crate) mod die_marks;
pub mod doubt;
pub mod eval;
pub(crate) mod fill;
pub mod game;
pub(crate) mod glyphs;
pub(crate) mod grid;
pub(crate) mod hairline;
pub(crate) mod levels;
pub mod load;
pub(crate) mod notation;
pub mod ocr;
pub(crate) mod path_line;
pub(crate) mod print;
pub(crate) mod rect;
pub mod short_side;
pub(crate) mod strokes;
pub(crate) mod table;
pub(crate) mod tiles;
pub(crate) mod trail;
pub mod turn;

pub use grid::NoLattice;
use grid::Reach;
pub use load::{Oversize, Truncation};
pub use rect::PixelBox;
pub use short_side::{BoardSide, ShortSide};
use turn::Facing;
pub use turn::Turn;

use image::{DynamicImage, GrayImage, Rgb, RgbImage};
use ocr::TileReader;
use std::path::Path;

/// The longest side of the copy the grid is searched in.
pub const ANALYSIS_SIDE: u32 = 1280;

/// What kind of corner mark a [`MarkDoubt`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A printed point value.
    Value,
    /// A bonus badge.
    Badge,
}

/// A value or badge a tile shows that could not be read surely enough to report: it is left
/// out of the board (never guessed) and listed with what it may be.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkDoubt {
    /// Row of the tile, from 0.
    pub row: usize,
    /// Column of the tile, from 0.
    pub col: usize,
    /// Value or badge.
    pub kind: MarkKind,
    /// What it may be (`"6"`, `"DL"`), with probabilities, most probable first; empty when
    /// nothing could be read (a value hidden on a board that shows values on its other tiles).
    pub choices: Vec<(String, f32)>,
}

impl MarkDoubt {
    /// Whether this is the doubt about the `kind` of mark of the tile at `(row, col)`.
    pub fn is_at(&self, (row, col): (usize, usize), kind: MarkKind) -> bool {
        (self.row, self.col, self.kind) == (row, col, kind)
    }
}

impl std::fmt::Display for MarkDoubt {
    /// `(2,0): value unreadable, left out; it may be 5 55%, 6 20%` (row and column from 0, as in
    /// paths); without the "it may be" part when nothing was read (a value hidden or too small
    /// to find).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.kind {
            MarkKind::Value => "value",
            MarkKind::Badge => "badge",
        };
        let choices: Vec<String> = self
            .choices
            .iter()
            .map(|(t, p)| format!("{t} {:.0}%", p * 100.0))
            .collect();
        write!(
            f,
            "({},{}): {kind} unreadable, left out",
            self.row, self.col
        )?;
        if !choices.is_empty() {
            write!(f, "; it may be {}", choices.join(", "))?;
        }
        Ok(())
    }
}

/// Why an image could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VisionError {
    /// The file could not be opened or read (the OS error is the source).
    #[error("cannot open the image")]
    Io(#[source] std::io::Error),
    /// Not an image: empty, or not a known format.
    #[error("not a readable image: {0}")]
    NotAnImage(String),
    /// An image file whose data could not be decoded (the decoder's error is the source).
    #[error("cannot decode the image")]
    Decode(#[source] image::ImageError),
    /// The file ends before the image data does (a partial download or copy); the
    /// [`Truncation`] says how that showed.
    #[error("truncated image: the file ends before the image data does ({0})")]
    Truncated(Truncation),
    /// Too small to hold a board.
    #[error("the image is {0}x{1} pixels, too small to hold a board")]
    TooSmall(u32, u32),
    /// Too large to process; the [`Oversize`] says which limit, with the sizes.
    #[error("the image is too large: {0}")]
    TooLarge(Oversize),
    /// No board-like grid of letters was found; the reason says how far the search got.
    #[error(
        "no board found: no letter grid ({0}; looked for 4x4 to 8x8 like tiles, letters of one size, on a regular lattice)"
    )]
    NoGrid(NoLattice),
    /// The recognition model failed (the model's error, with its own sources, is the source).
    #[error("the tile recognition model failed")]
    Ocr(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// The board's box in image pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridBox {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl GridBox {
    /// The same box by its edges.
    pub fn pixels(&self) -> PixelBox {
        PixelBox::new(self.x, self.y, self.x + self.width, self.y + self.height)
    }
}

impl From<PixelBox> for GridBox {
    /// The box given by its edges.
    fn from(b: PixelBox) -> GridBox {
        GridBox {
            x: b.left,
            y: b.top,
            width: b.width(),
            height: b.height(),
        }
    }
}

/// What reading an image gives: the board as read, in the ground-truth JSON shape, with how
/// sure each tile is and where everything is. [`BoardReading::to_board`] makes the board to
/// solve (doubtful tiles as their likely readings; see [`doubt`]).
#[derive(Debug, Clone)]
pub struct BoardReading {
    /// Each tile's likeliest reading in notation ("A", "QU", "A/E", "RE-", "-ING", "." for a
    /// hole, "" where nothing was read), the printed values and the bonus badges.
    pub board: crate::board::BoardJson,
    /// Confidence of each tile's reading, 0..1.
    pub confidence: Vec<Vec<f32>>,
    /// Confidence of each tile's value reading, 0..1 (0 where no value was read).
    pub value_confidence: Vec<Vec<f32>>,
    /// What the model read each tile's printed value as, with probabilities, most probable
    /// first (empty where no value was seen).
    pub value_choices: Vec<Vec<Vec<(u32, f32)>>>,
    /// Confidence of each tile's badge reading, 0..1 (0 where no badge was read).
    pub bonus_confidence: Vec<Vec<f32>>,
    /// Other tiles each cell may show, in notation, with their probabilities, most probable
    /// first.
    pub alternatives: Vec<Vec<Vec<(String, f32)>>>,
    /// Values and badges seen but not read surely enough to report (left out of `board`).
    pub mark_doubts: Vec<MarkDoubt>,
    /// The board in image pixels.
    pub grid: GridBox,
    /// Each cell's box in image pixels, row-major (for overlays and replay).
    pub cells: Vec<PixelBox>,
    /// Where each cell's printed value was read (image pixels), row-major.
    pub value_boxes: Vec<Option<PixelBox>>,
    /// Where each cell's bonus badge was read (image pixels), row-major.
    pub bonus_boxes: Vec<Option<PixelBox>>,
    /// The game the screenshot shows, with the evidence (see [`game`]).
    pub game: game::GameGuess,
    /// On a board where no badge was read, the tiles (row, column) that show a mark read as no
    /// value, in a corner, at one place with such a mark on another tile: a badge too small or
    /// too blurred to read, on a game that draws badges (see `game::doubt_unseen_badges`).
    pub unread_badge_marks: Vec<(usize, usize)>,
    /// How far the image was turned clockwise to read its board upright ([`Turn::None`] for
    /// nearly every screenshot): rows, columns, values and badges are those of the board so
    /// turned; the boxes above are in the image's own pixels.
    pub turned: Turn,
    /// The sides of the board beyond which more tiles of its colours lie, a line of them the
    /// grid finder did not take in (a screenshot cropped through it, or a line shown whole
    /// whose letters were not found: see [`short_side`]): the board may have a row or column
    /// more than was read. Empty for nearly every screenshot.
    pub short_sides: Vec<ShortSide>,
    /// Whether the board's letters are printed in a typeface the model does not know (a fair
    /// share of the letters no test doubted read unsurely: see [`print`]): every letter and
    /// value is then doubted, its confidence at most 50%.
    pub unfamiliar_print: bool,
    /// The crops the model read, with what it read (for `--debug`).
    pub crops: Vec<(String, GrayImage, String)>,
}

impl BoardReading {
    /// Whether the board read has more rows than columns or more columns than rows. Every game
    /// wordsnap knows plays square boards (4x4, 5x5, 6x6; Word Hunt's shapes lie on a square
    /// lattice with holes), so such a read has a line missed (under something drawn or laid over
    /// the board, or cut by the image's edge) or one taken in that is not the board's: of every
    /// board of our real sets and probes read with rows and columns unlike the truth's (53 of
    /// 9,429), every one was read so (5x4 or 4x5 for 5x5 or 4x4), 8 of them not said to be a line
    /// short by [`BoardReading::short_sides`].
    pub fn not_square(&self) -> bool {
        self.board.rows != self.board.cols
    }

    /// The reading of an image turned by `turn`, its boxes mapped back to the image before the
    /// turn (of size `dims`), and `turned` set.
    fn turned_back(mut self, turn: Turn, dims: (u32, u32)) -> BoardReading {
        let back = |b: PixelBox| turn.box_back(b, dims);
        self.grid = back(self.grid.pixels()).into();
        for b in &mut self.cells {
            *b = back(*b);
        }
        for b in self
            .value_boxes
            .iter_mut()
            .chain(&mut self.bonus_boxes)
            .flatten()
        {
            *b = back(*b);
        }
        self.turned = turn;
        self
    }

    /// Whether the `kind` of mark of the tile at `(row, col)` is listed as unreadable (see
    /// [`BoardReading::mark_doubts`]).
    pub fn lists_unreadable(&self, at: (usize, usize), kind: MarkKind) -> bool {
        self.mark_doubts.iter().any(|d| d.is_at(at, kind))
    }
}

#[cfg(test)]
impl BoardReading {
    /// A reading of a one-row `board` for unit tests: every tile read `tile_sure`, every value
    /// `value_sure` and every badge `badge_sure` sure, nothing else seen.
    pub(crate) fn one_row(
        board: crate::board::BoardJson,
        [tile_sure, value_sure, badge_sure]: [f32; 3],
        game: game::GameGuess,
    ) -> BoardReading {
        let n = board.cols;
        BoardReading {
            board,
            confidence: vec![vec![tile_sure; n]],
            value_confidence: vec![vec![value_sure; n]],
            value_choices: vec![vec![Vec::new(); n]],
            bonus_confidence: vec![vec![badge_sure; n]],
            alternatives: vec![vec![Vec::new(); n]],
            mark_doubts: Vec::new(),
            grid: GridBox {
                x: 0,
                y: 0,
                width: 1,
                height: 1,
            },
            cells: Vec::new(),
            value_boxes: vec![None; n],
            bonus_boxes: vec![None; n],
            game,
            unread_badge_marks: Vec::new(),
            turned: Turn::None,
            short_sides: Vec::new(),
            unfamiliar_print: false,
            crops: Vec::new(),
        }
    }
}

/// Reads the board in an image file.
pub fn read_image_file(path: &Path, reader: &TileReader) -> Result<BoardReading, VisionError> {
    read_image(&load::load(path)?, reader)
}

/// Reads the board in a decoded image. An image whose board's letters all lie one way (saved
/// on its side or upside down) is read again turned upright (see [`turn`]); the reading then
/// says how it was turned ([`BoardReading::turned`]). A lattice refused because too few of its
/// tiles read surely (fewer than a fifth) is hidden and the board looked for once more. A board
/// in print the model does not know has every letter and value doubted (see [`print`]).
pub fn read_image(image: &DynamicImage, reader: &TileReader) -> Result<BoardReading, VisionError> {
    let reading = read_upright(image, reader)?;
    let refused_box = reading.grid;
    let mut reading = refuse_unread(reading).or_else(|refused| {
        // The lattice that came first is no board (a grid of labelled icons on a desktop, which
        // outnumber a 4x4 board's tiles): the board may lie elsewhere in the image.
        read_upright(&with_box_hidden(image, refused_box), reader)
            .and_then(refuse_unread)
            .map_err(|_| refused)
    })?;
    // Last, once the board is taken as one: its letters in unfamiliar print still read as a
    // board's, only without promise.
    if reading.unfamiliar_print {
        print::doubt_all(&mut reading);
    }
    Ok(reading)
}

/// The share of the board's tiles (holes left out) that read surely (at least
/// [`doubt::DOUBT_BELOW`]). Dice that face every way read surely each its own way; read in one
/// turn, those that lie other ways do not.
fn sure_share(reading: &BoardReading) -> f32 {
    share_of_tiles(reading, |confidence, _| confidence >= doubt::DOUBT_BELOW)
}

/// The share of the tiles of a board whose dice face every way (holes left out) that read
/// surely (see [`sure_share`]) as one letter or as two: a die that reads surely as one letter
/// one way and as another letter another way (an `N` on its side is a `Z`) has its probability
/// shared between the two (its confidence and its first alternative) by the turn test, yet it
/// was read as surely.
fn surely_read_dice_share(reading: &BoardReading) -> f32 {
    share_of_tiles(reading, |confidence, first_alternative| {
        confidence + first_alternative.unwrap_or(0.0) >= doubt::DOUBT_BELOW
    })
}

/// The share of the board's tiles (holes left out) whose reading is `sure`, given its
/// confidence and its first alternative's probability (see [`sure_tiles`]). Shares, not counts:
/// the board read in another turn may be another lattice (a screenshot saved on its side, read
/// as it stands, may line up a larger lattice of a few letters each way).
fn share_of_tiles(reading: &BoardReading, sure: impl Fn(f32, Option<f32>) -> bool) -> f32 {
    let (sure_tiles, counted) = sure_tiles(reading, sure);
    sure_tiles as f32 / counted.max(1) as f32
}

/// How many of the board's tiles (holes left out) have a reading that is `sure`, given its
/// confidence and its first alternative's probability, and how many tiles were counted.
fn sure_tiles(reading: &BoardReading, sure: impl Fn(f32, Option<f32>) -> bool) -> (usize, usize) {
    let tiles = reading.board.tiles.iter().flatten();
    let confidences = reading.confidence.iter().flatten();
    let alternatives = reading.alternatives.iter().flatten();
    let (mut sure_tiles, mut counted) = (0, 0);
    for ((tile, &confidence), others) in tiles.zip(confidences).zip(alternatives) {
        if tile != "." {
            counted += 1;
            sure_tiles += usize::from(sure(confidence, others.first().map(|(_, p)| *p)));
        }
    }
    (sure_tiles, counted)
}

/// `image` with `hidden` painted over in the mean colour of the pixels round its edge, so that
/// no text is found there.
fn with_box_hidden(image: &DynamicImage, hidden: GridBox) -> DynamicImage {
    let mut rgb = image.to_rgb8();
    let (w, h) = rgb.dimensions();
    let (x0, y0) = (hidden.x.min(w), hidden.y.min(h));
    let (x1, y1) = (
        (hidden.x + hidden.width).min(w),
        (hidden.y + hidden.height).min(h),
    );
    let mut sum = [0u64; 3];
    let mut n = 0u64;
    for (x, y) in (x0..x1)
        .flat_map(|x| [(x, y0), (x, y1.saturating_sub(1))])
        .chain((y0..y1).flat_map(|y| [(x0, y), (x1.saturating_sub(1), y)]))
    {
        let p = rgb.get_pixel(x, y);
        (0..3).for_each(|c| sum[c] += u64::from(p[c]));
        n += 1;
    }
    let mean = image::Rgb(sum.map(|v| (v / n.max(1)) as u8));
    if x1 > x0 && y1 > y0 {
        let area = imageproc::rect::Rect::at(x0 as i32, y0 as i32).of_size(x1 - x0, y1 - y0);
        imageproc::drawing::draw_filled_rect_mut(&mut rgb, area, mean);
    }
    DynamicImage::ImageRgb8(rgb)
}

/// [`read_image`] before the lattice is judged by how many of its tiles read surely.
fn read_upright(image: &DynamicImage, reader: &TileReader) -> Result<BoardReading, VisionError> {
    let (reading, facing) = read_as_it_stands(image, reader)?;
    let (turn, only_upright) = match facing {
        Facing::Upright | Facing::EveryWay { lean: Turn::None } => return Ok(reading),
        Facing::OneWay(turn) => (turn, false),
        // Letters that face every way, most of them one way: the image may be saved turned, a
        // few of its letters reading surely upright as other letters. Read turned, it is taken
        // only if its letters then stand upright and read surely at least as often as each
        // read its own way; dice an app turns at random do neither.
        Facing::EveryWay { lean } => (lean, true),
    };
    let turned = read_as_it_stands(&turn.apply(image), reader);
    let dims = (image.width(), image.height());
    Ok(match turned {
        Ok((upright, Facing::Upright))
            if !only_upright || sure_share(&upright) >= surely_read_dice_share(&reading) =>
        {
            upright.turned_back(turn, dims)
        }
        Ok((upright, Facing::EveryWay { lean: Turn::None })) if !only_upright => {
            upright.turned_back(turn, dims)
        }
        // Read turned, the board is not found or lies another way still: the reading as the
        // image stands, each letter read its surest way.
        _ => reading,
    })
}

/// A board has at least this share of its tiles (holes left out) read surely (at least
/// [`doubt::DOUBT_BELOW`]); with fewer, the lattice is no board's (see
/// [`grid::NoLattice::Unread`]). Measured with `read --json` over every real set, every probe
/// folder made from them and 395 random images (14,071 boards read): the fewest on a board are
/// a third (random letters in a random font) and 0.35 (an alert over most of a board); a fine
/// checkerboard, a page of noise and a textured patch of a noisy, dimmed capture that lined up
/// as boards read none.
const MIN_SURE_SHARE: f32 = 0.2;

/// `reading`, unless too few of its tiles read surely (see [`MIN_SURE_SHARE`]): then refused.
fn refuse_unread(reading: BoardReading) -> Result<BoardReading, VisionError> {
    let (sure, counted) = sure_tiles(&reading, |confidence, _| confidence >= doubt::DOUBT_BELOW);
    if (sure as f32) < MIN_SURE_SHARE * counted as f32 {
        let (rows, cols) = (reading.board.rows, reading.board.cols);
        return Err(VisionError::NoGrid(NoLattice::Unread { rows, cols, sure }));
    }
    Ok(reading)
}

/// Reads the board in an image as it stands, with which way its letters face (see
/// [`notation::read_cells`]).
fn read_as_it_stands(
    image: &DynamicImage,
    reader: &TileReader,
) -> Result<(BoardReading, Facing), VisionError> {
    let (mut found, uncrossed) = analyse_uncrossed(image)?;
    let image = uncrossed.as_ref().unwrap_or(image);
    // The overlay's path comes with its hairlines: looked for only where they were found.
    let unstroked = uncrossed
        .as_ref()
        .and_then(|_| strokes::lift(image, &found.cell_pixels()));
    if let Some(clean) = &unstroked {
        // Found again: where the path ran through a letter, it joined the letter's ink to
        // the path's in the masks the tiles are cut from.
        found = analyse_again(clean, image, found);
    }
    let image = unstroked.as_ref().unwrap_or(image);
    let letter_height = found.lattice.glyph_height * found.scale;
    let lifted = trail::lift(image, &found.full, &found.cell_pixels(), letter_height);
    let mut cells = tiles::cut(
        &found.full,
        &found.masks,
        &found.lattice,
        found.scale,
        lifted.as_ref(),
    );
    tiles::letters_in_colour(image, &found.lattice, letter_height, &mut cells);
    let (mut reading, facing) = notation::read_cells(
        image,
        &found.full,
        &found.lattice,
        &cells,
        found.scale,
        reader,
    )?;
    notation::read_smallest_channel_badges(
        image,
        &found.lattice,
        found.scale,
        reader,
        &mut reading,
    )?;
    game::unhole_tiles(image, &mut reading);
    reading.game = game::recognise(image, &reading);
    game::doubt_foreign_tiles(&mut reading);
    table::weigh_values(&mut reading);
    table::weigh_letters(&mut reading);
    table::doubt_unseen_values(&mut reading);
    game::doubt_unseen_badges(&mut reading);
    game::doubt_badges_of_unsure_tiles(&mut reading);
    let l = &found.lattice;
    reading.short_sides =
        short_side::short_sides(image, &found.cell_pixels(), (l.rows, l.cols), &l.holes);
    Ok((reading, facing))
}

/// Where the board is, without reading it (full-resolution pixels).
#[derive(Debug, Clone)]
pub struct BoardGeometry {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The board's box.
    pub grid: GridBox,
    /// Each cell's box (left, top, right, bottom), row-major: one lattice pitch around the
    /// cell's centre.
    pub cells: Vec<PixelBox>,
    /// Cells that are holes (background where a shaped board has no tile), row-major.
    pub holes: Vec<bool>,
}

/// Finds the board in an image: rows, columns, each cell's box and the holes (as `read` finds
/// it: with the pointer overlay's hairlines lifted, the board found again).
pub fn find_board(image: &DynamicImage) -> Result<BoardGeometry, VisionError> {
    let (found, _) = analyse_uncrossed(image)?;
    let l = &found.lattice;
    let dims = found.full.dimensions();
    let px = |b: rect::Rect| b.to_pixels(found.scale, dims);
    let board = px(l.board_box());
    Ok(BoardGeometry {
        rows: l.rows,
        cols: l.cols,
        grid: board.into(),
        cells: found.cell_pixels(),
        holes: l.holes.clone(),
    })
}

/// Finds the board lattice (see [`analyse`]) with Android's pointer overlay's hairlines lifted
/// off its cells (see [`hairline`]), and the image so lifted where there were any. A hairline
/// splits the letters it crosses before the grid search (an `E` cut under its middle bar is an
/// `F`, and a row of stat boxes may line up as a row of tiles): where one was lifted, the lattice
/// is found again, its letters whole. Where no board is found at first, hairlines right across
/// the image are looked for and lifted, and the board looked for again: hairlines and the path
/// of the last touch may join so many letters that no lattice of them is left. Where none is
/// found still, the board is looked for once more with the far reach (see [`grid::Reach::Far`]).
fn analyse_uncrossed(
    image: &DynamicImage,
) -> Result<(Analysis, Option<DynamicImage>), VisionError> {
    let error = match analyse(image, load::to_grey(image)) {
        Ok(found) => return Ok(uncross(image, found)),
        Err(error) => error,
    };
    if let Some(found) = analyse_without_hairlines(image) {
        return Ok(found);
    }
    // Still no board: the first search's reason is the one to give.
    analyse_far(image).map_err(|_| error)
}

/// The board lattice of `image`, where none was found as it stands, with hairlines right across
/// the image lifted (and, if that is not enough, thin strokes off every cell of the nearest
/// lattice: see [`unstroke_page`]), and the image so lifted. `None` where there are no such
/// hairlines or no board is found still.
fn analyse_without_hairlines(image: &DynamicImage) -> Option<(Analysis, Option<DynamicImage>)> {
    let clean = hairline::lift_across_page(image)?;
    let (found, clean) = match analyse_or_nearest(&clean, load::to_grey(&clean), Reach::Near) {
        Ok(found) => (found, clean),
        Err(refused) => {
            let unstroked = unstroke_page(&clean, &refused)?;
            (
                analyse(&unstroked, load::to_grey(&unstroked)).ok()?,
                unstroked,
            )
        }
    };
    let (found, cleaner) = uncross(&clean, found);
    Some((found, Some(cleaner.unwrap_or(clean))))
}

/// `image`, with its hairlines lifted and still no board found in it (`refused`), with thin
/// strokes lifted off every cell of the nearest lattice's pitch and phase over the whole image
/// (see [`grid::Lattice::cells_over`]): the overlay's path, run through the letters of the word
/// last swiped, joins them into pieces no letter is made of, and cuts the lattice down to a part
/// of the board (4x2) or leaves too few letters on it, yet what is left still lies on the board's
/// tiles. `None` where no lattice was refused or no stroke was found.
fn unstroke_page(image: &DynamicImage, refused: &NoAnalysis) -> Option<DynamicImage> {
    let nearest = refused.nearest.as_ref()?;
    let (w, h) = (image.width(), image.height());
    let scale = refused.scale;
    let cells: Vec<PixelBox> = nearest
        .cells_over((w as f32 / scale, h as f32 / scale))
        .into_iter()
        .map(|cell| cell.to_pixels(scale, (w, h)))
        .collect();
    strokes::lift(image, &cells)
}

/// `found`, the analysis of `image`, with the hairlines over its cells lifted off and the lattice
/// found again, and the image so lifted; as it is, and `None`, where there are none.
fn uncross(image: &DynamicImage, found: Analysis) -> (Analysis, Option<DynamicImage>) {
    match hairline::lift(image, &found.cell_pixels()) {
        Some(clean) => (analyse_again(&clean, image, found), Some(clean)),
        None => (found, None),
    }
}

/// The analysis of `clean`, which is `image` (analysed as `found`) with thin strokes lifted off;
/// where no board is found in it, `found` with `clean`'s grey copy.
fn analyse_again(clean: &DynamicImage, image: &DynamicImage, found: Analysis) -> Analysis {
    let clean_grey = load::to_grey_after(clean, image, &found.full);
    analyse(clean, clean_grey.clone()).unwrap_or(Analysis {
        full: clean_grey,
        ..found
    })
}

/// An image with its board lattice found.
struct Analysis {
    full: GrayImage,
    lattice: grid::Lattice,
    masks: glyphs::InkMasks,
    /// Full-resolution pixels per analysis pixel.
    scale: f32,
}

impl Analysis {
    /// Each cell's box in full-resolution pixels, row-major.
    fn cell_pixels(&self) -> Vec<PixelBox> {
        let l = &self.lattice;
        (0..l.rows * l.cols)
            .map(|i| {
                l.cell_box(i / l.cols, i % l.cols)
                    .to_pixels(self.scale, self.full.dimensions())
            })
            .collect()
    }
}

/// Why [`analyse_or_nearest`] found no board: the error to report, and the lattice refused
/// nearest to a board, if any (see [`grid::Refusal`]), in the analysis copy's pixels.
struct NoAnalysis {
    error: VisionError,
    nearest: Option<Box<grid::Lattice>>,
    /// Full-resolution pixels per analysis pixel.
    scale: f32,
}

/// Checks the size, makes the analysis copy (at most [`ANALYSIS_SIDE`] pixels) of `full`, the
/// image's grey copy, and finds the lattice in it.
fn analyse(image: &DynamicImage, full: GrayImage) -> Result<Analysis, VisionError> {
    analyse_or_nearest(image, full, Reach::Near).map_err(|refused| refused.error)
}

/// [`analyse`] of an image as it is with the far reach (see [`grid::Reach::Far`]: small letters
/// on large tiles), and the image: no hairline is lifted, the overlay's path and a clone's large
/// buttons not going together.
fn analyse_far(image: &DynamicImage) -> Result<(Analysis, Option<DynamicImage>), VisionError> {
    let found = analyse_or_nearest(image, load::to_grey(image), Reach::Far).map_err(|r| r.error)?;
    Ok((found, None))
}

/// A large image (scaled down for the search) is searched again on a copy twice as fine when its
/// board's letters came out under this many analysis pixels high, or no board was found because
/// too little lined up (see [`needs_a_finer_copy`]): a small game window on a 4K screen (a
/// SpellCast board 320 pixels wide in a 3840x2160 screenshot, its letters 15 pixels high) leaves
/// letters of 5 pixels in the copy, too small to be found (no board found) or found in part (a
/// 5x5 board read as 4x5). Boards found whole in the copy have letters of 20 pixels and more.
const FINE_SEARCH_BELOW: f32 = 12.0;

/// [`analyse`], telling where no board is found which lattice came nearest. The copy searched is
/// at most [`ANALYSIS_SIDE`] pixels long, or twice as fine where that finds no board or only
/// small letters (see [`FINE_SEARCH_BELOW`]); the finer copy's lattice is taken unless the
/// coarser one scores higher.
fn analyse_or_nearest(
    image: &DynamicImage,
    full: GrayImage,
    reach: Reach,
) -> Result<Analysis, NoAnalysis> {
    load::check_size(image).map_err(|error| NoAnalysis {
        error,
        nearest: None,
        scale: 1.0,
    })?;
    let (w, h) = full.dimensions();
    let scale = (w.max(h) as f32 / ANALYSIS_SIDE as f32).max(1.0);
    let coarse = lattice_on_copy(image, &full, scale, reach);
    let small = match &coarse {
        Ok((lattice, _)) => lattice.glyph_height < FINE_SEARCH_BELOW,
        Err(refused) => needs_a_finer_copy(refused.reason),
    };
    let finer = (scale / 2.0).max(1.0);
    let (found, scale) = if scale > 1.0 && small {
        match (coarse, lattice_on_copy(image, &full, finer, reach)) {
            (Ok(c), Ok(f)) if c.0.score > f.0.score => (Ok(c), scale),
            (_, Ok(f)) => (Ok(f), finer),
            (coarse, Err(_)) => (coarse, scale),
        }
    } else {
        (coarse, scale)
    };
    let (lattice, masks) = found.map_err(|refused| NoAnalysis {
        error: VisionError::NoGrid(refused.reason),
        nearest: refused.nearest,
        scale,
    })?;
    Ok(Analysis {
        full,
        lattice,
        masks,
        scale,
    })
}

/// Whether a search refused for `reason` in a scaled-down copy is worth another in a copy twice
/// as fine: where too little lined up (no text, text on no lattice, a lattice too small or with
/// too few letters), which is what a board of tiles 30 to 70 pixels apart on a 2560x1440 or
/// 3840x2160 screen gives in the copy. A lattice refused for its shape or print (two boards,
/// lower case) was seen whole: a finer copy could only find part of it. Noise pays for the
/// second search (a 4000x4000 page of random pixels: 0.4 s before, 4.3 s with it).
fn needs_a_finer_copy(reason: NoLattice) -> bool {
    matches!(
        reason,
        NoLattice::NoText
            | NoLattice::NotOnLattice
            | NoLattice::WrongSize { .. }
            | NoLattice::TooFewLetters { .. }
    )
}

/// The lattice found (see [`find_grid`]) in a copy of `full` scaled down by `scale` (at least
/// 1), with its ink masks.
fn lattice_on_copy(
    image: &DynamicImage,
    full: &GrayImage,
    scale: f32,
    reach: Reach,
) -> Result<(grid::Lattice, glyphs::InkMasks), grid::Refusal> {
    let (w, h) = full.dimensions();
    let analysis = if scale > 1.0 {
        downscale(
            full,
            ((w as f32 / scale) as u32).max(1),
            ((h as f32 / scale) as u32).max(1),
        )
    } else {
        full.clone()
    };
    let colours = fill::Colours::new(image, scale);
    find_grid(&analysis, &colours, reach)
}

/// `image` resized to `width` x `height` with a bilinear (triangle) filter, by
/// `fast_image_resize` (SIMD; several times faster than `image::imageops::resize`, which spent a
/// fifth of a 1920x1080 read here).
fn downscale(image: &GrayImage, width: u32, height: u32) -> GrayImage {
    use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer, images};
    let bilinear = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Bilinear));
    let mut out = images::Image::new(width, height, PixelType::U8);
    let resized =
        images::ImageRef::new(image.width(), image.height(), image.as_raw(), PixelType::U8)
            .map_err(|e| e.to_string())
            .and_then(|src| {
                Resizer::new()
                    .resize(&src, &mut out, &bilinear)
                    .map_err(|e| e.to_string())
            });
    match resized {
        Ok(()) => {
            GrayImage::from_raw(width, height, out.into_vec()).expect("U8 buffer of the size")
        }
        // Cannot happen for a U8 image of its own size; fall back to the slower resize anyway.
        Err(_) => {
            image::imageops::resize(image, width, height, image::imageops::FilterType::Triangle)
        }
    }
}

// The search for text in the analysis copy (`find_grid`, `lattice_at`); sides in analysis
// pixels.

/// The large local-mean window's radius is the image's shorter side over this (at least
/// [`LARGE_WINDOW_MIN`]) ...
const LARGE_WINDOW_DIVISOR: u32 = 28;
/// See [`LARGE_WINDOW_DIVISOR`].
const LARGE_WINDOW_MIN: u32 = 6;
/// ... and the small one's over this (at least [`SMALL_WINDOW_MIN`]).
const SMALL_WINDOW_DIVISOR: u32 = 64;
/// See [`SMALL_WINDOW_DIVISOR`].
const SMALL_WINDOW_MIN: u32 = 4;
/// Both windows follow the image's size, not the board's: a small board in a large image (a
/// game's window on a 4K screen, a board over a wide empty margin) has tiles narrower than the
/// windows, whose local mean then takes in the gaps between tiles and runs letters and tiles
/// together. Where neither window finds a board, windows of the shorter side over these are
/// tried in turn (Windows 8 Wordament boards on a canvas twice their screenshot's size: none
/// found before 128; boards of tiles 30 to 70 pixels apart on a 3840x2160 screen: 256) ...
const FALLBACK_WINDOW_DIVISORS: [u32; 2] = [128, 256];
/// ... and a board found with a window wider than this share of its pitch is looked for again
/// with a window of [`TILE_WINDOW_SHARE`] of it, and taken when it is at least as good a board
/// (the letters' ink is then cut against their own tile: a thin `I` or `T` no longer loses ink
/// to the tile around it). Measured on the real sets (board pitch against the small and the
/// large window): phone screenshots 0.06-0.09 and 0.14-0.20 of the pitch, desktop ones 0.13-0.24
/// and 0.29-0.54; a Windows 8 Wordament screenshot on a taller canvas doubts its thin letters
/// from a small window of 0.2 of the pitch and loses its board from 0.25.
const MAX_WINDOW_SHARE: f32 = 0.17;
/// See [`MAX_WINDOW_SHARE`]: the small window of phone screenshots, which read best.
const TILE_WINDOW_SHARE: f32 = 0.08;
/// Pieces of ink smaller than this many pixels are noise, not part of a glyph.
const GLYPH_MIN_AREA: u32 = 8;
/// Glyphs lower than this many pixels are too small to be a board's letters.
const GLYPH_MIN_HEIGHT: u32 = 3;
/// Glyphs and text higher or wider than the image's side over this cannot be a letter of a
/// board of at least 3x3 tiles (a loose bound: boards have at least 4x4).
const GLYPH_MAX_SHARE_DIVISOR: u32 = 3;

/// Finds the board lattice in the analysis copy of an image, with the ink masks it was found in.
///
/// Ink is found against the local mean over two window sizes: a large one for big letters with
/// thick strokes, and a small one for boards where a large window would take in the tile's own
/// edge (light tiles on a dark ground, with tight gaps, turn into one light blob). The lattice
/// with the best score wins, unless it is the marks of the other's tiles (see `grid::beats`).
/// When neither finds one, the reason is the one of the search that got further. `colours` are
/// the original image's colours, seen through the analysis copy.
pub(crate) fn find_grid(
    analysis: &GrayImage,
    colours: &fill::Colours,
    reach: Reach,
) -> Result<(grid::Lattice, glyphs::InkMasks), grid::Refusal> {
    let side = analysis.width().min(analysis.height());
    let (large_radius, small_radius) = (
        (side / LARGE_WINDOW_DIVISOR).max(LARGE_WINDOW_MIN),
        (side / SMALL_WINDOW_DIVISOR).max(SMALL_WINDOW_MIN),
    );
    let (large, small) = rayon::join(
        || lattice_at(analysis, colours, large_radius, reach),
        || lattice_at(analysis, colours, small_radius, reach),
    );
    // Two boards side by side, seen with either window, are refused (see
    // [`NoLattice::TwoBoards`]): the other may find one board and a line of the other.
    for pass in [&large, &small] {
        if let Err(two) = pass
            && matches!(two.reason, NoLattice::TwoBoards { .. })
        {
            return Err(two.clone());
        }
    }
    let (found, radius) = match (large, small) {
        (Ok(a), Ok(b)) if grid::beats(&b.0, &a.0) => (b, small_radius),
        (Ok(a), _) => (a, large_radius),
        (Err(_), Ok(b)) => (b, small_radius),
        (Err(a), Err(b)) => {
            return fallback_lattice(analysis, colours, small_radius, reach)
                .map_err(|r| a.max(b).max(r));
        }
    };
    let pitch = found.0.px.min(found.0.py);
    if radius as f32 <= MAX_WINDOW_SHARE * pitch {
        return Ok(found);
    }
    let fitting = ((TILE_WINDOW_SHARE * pitch).round() as u32).max(SMALL_WINDOW_MIN);
    match lattice_at(analysis, colours, fitting, reach) {
        Ok(refound) if !grid::beats(&found.0, &refound.0) => Ok(refound),
        _ => Ok(found),
    }
}

/// The lattice found with the windows of [`FALLBACK_WINDOW_DIVISORS`], each tried when it is
/// smaller than the last one tried (the first, `tried`); the refusal that got furthest when none
/// finds one.
fn fallback_lattice(
    analysis: &GrayImage,
    colours: &fill::Colours,
    tried: u32,
    reach: Reach,
) -> Result<(grid::Lattice, glyphs::InkMasks), grid::Refusal> {
    let side = analysis.width().min(analysis.height());
    let mut last = tried;
    let mut refused = grid::Refusal {
        reason: NoLattice::NoText,
        nearest: None,
    };
    for divisor in FALLBACK_WINDOW_DIVISORS {
        let radius = (side / divisor).max(SMALL_WINDOW_MIN);
        if radius >= last {
            break;
        }
        last = radius;
        match lattice_at(analysis, colours, radius, reach) {
            Ok(found) => return Ok(found),
            Err(r) => refused = refused.max(r),
        }
    }
    Err(refused)
}

/// The lattice found with ink taken against the local mean over a `radius` window.
fn lattice_at(
    analysis: &GrayImage,
    colours: &fill::Colours,
    radius: u32,
    reach: Reach,
) -> Result<(grid::Lattice, glyphs::InkMasks), grid::Refusal> {
    let (aw, ah) = analysis.dimensions();
    let masks = glyphs::ink_masks(analysis, radius, glyphs::INK_DELTA);
    let mut raw = glyphs::blobs_of_both(&masks, GLYPH_MIN_AREA);
    let (max_w, max_h) = (aw / GLYPH_MAX_SHARE_DIVISOR, ah / GLYPH_MAX_SHARE_DIVISOR);
    raw.retain(|b| b.height() >= GLYPH_MIN_HEIGHT && b.height() <= max_h && b.width() <= max_w);
    let texts: Vec<glyphs::Blob> = glyphs::merge_lines(&raw)
        .into_iter()
        .filter(|b| glyphs::looks_like_text(b, max_h))
        .collect();
    grid::find_lattice_within(&texts, analysis, &masks, colours, reach).map(|l| (l, masks))
}

/// Writes `overlay.png` (the detected grid, tile boxes and readings drawn on the image) and the
/// crops as the model saw them (`crop-R-C-KIND.png`) to `dir`.
pub fn write_debug(
    dir: &Path,
    image: &DynamicImage,
    reading: &BoardReading,
    _reader: &TileReader,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut overlay: RgbImage = image.to_rgb8();
    let g = reading.grid;
    let rect = |x: u32, y: u32, w: u32, h: u32| {
        imageproc::rect::Rect::at(x as i32, y as i32).of_size(w.max(1), h.max(1))
    };
    for k in 0..3 {
        imageproc::drawing::draw_hollow_rect_mut(
            &mut overlay,
            rect(
                g.x + k,
                g.y + k,
                g.width.saturating_sub(2 * k),
                g.height.saturating_sub(2 * k),
            ),
            Rgb([0, 200, 0]),
        );
    }
    let font =
        ab_glyph::FontRef::try_from_slice(include_bytes!("../../assets/DejaVuSans-Bold.ttf"))?;
    let size = (g.height as f32 / reading.board.rows as f32 / 4.0).max(10.0);
    for (i, cell) in reading.cells.iter().enumerate() {
        let (l, t) = (cell.left, cell.top);
        imageproc::drawing::draw_hollow_rect_mut(
            &mut overlay,
            rect(l, t, cell.right - l, cell.bottom - t),
            Rgb([255, 0, 255]),
        );
        let (row, col) = (i / reading.board.cols, i % reading.board.cols);
        let label = format!(
            "{} {:.0}%",
            reading.board.tiles[row][col],
            reading.confidence[row][col] * 100.0
        );
        imageproc::drawing::draw_text_mut(
            &mut overlay,
            Rgb([255, 0, 0]),
            l as i32 + 2,
            t as i32 + 2,
            size,
            &font,
            &label,
        );
    }
    overlay.save(dir.join("overlay.png"))?;
    for (name, crop, text) in &reading.crops {
        let safe: String = text
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        crop.save(dir.join(format!("crop-{name}-{safe}.png")))?;
    }
    Ok(())
}
