//! Solution paths drawn over a picture of the board: a screenshot (the tile boxes come from the
//! reader) or a board this module renders. Each word gets its own colour; every tile of its path
//! is ringed, arrows join the rings in the order the word is spelled, the start tile carries a
//! badge with the word's rank, and a legend lists each word with its score. A picture of one word
//! also numbers every step.
//!
//! The rings leave the tile's letter visible, so the picture still shows what the game shows.
//! [`path_text`] is the same idea as plain text, for a terminal.

use super::{Align, Font, Layout, Rect, Style, fill_rounded, paint};
use crate::board::Board;
use tiny_skia::{
    Color, FillRule, IntSize, LineCap, LineJoin, PathBuilder, Pixmap, Stroke, Transform,
};

/// One word to draw: its rank in the solution (1 for the best), text, score and path.
#[derive(Debug, Clone, Copy)]
pub struct WordPath<'a> {
    /// The word's place in the listing, from 1 (shown on its start badge and in the legend).
    pub rank: usize,
    /// The word.
    pub word: &'a str,
    /// Its score.
    pub score: u32,
    /// The tiles it uses, (row, column) from 0, in spelling order.
    pub path: &'a [(usize, usize)],
}

/// Where each tile of a `rows x cols` board lies on a picture, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct TileGeometry {
    rows: usize,
    cols: usize,
    /// Each cell's square, row-major.
    cells: Vec<Rect>,
}

impl TileGeometry {
    /// The cells of a rendered board's layout (one pitch square around each tile centre).
    pub fn from_layout(layout: &Layout) -> TileGeometry {
        let cells = (0..layout.rows * layout.cols)
            .map(|cell| {
                let (x, y) = layout.centre(cell);
                let half = layout.pitch / 2.0;
                Rect::new(x - half, y - half, layout.pitch, layout.pitch)
            })
            .collect();
        TileGeometry {
            rows: layout.rows,
            cols: layout.cols,
            cells,
        }
    }

    /// The cells the reader found on a screenshot: one box per
    /// cell, row-major ([`crate::vision::BoardReading::cells`]). `None` when the number of boxes
    /// is not `rows * cols`.
    pub fn from_boxes(
        rows: usize,
        cols: usize,
        boxes: &[crate::vision::PixelBox],
    ) -> Option<TileGeometry> {
        if rows == 0 || cols == 0 || boxes.len() != rows * cols {
            return None;
        }
        let cells = boxes
            .iter()
            .map(|b| {
                Rect::new(
                    b.left as f32,
                    b.top as f32,
                    b.width() as f32,
                    b.height() as f32,
                )
            })
            .collect();
        Some(TileGeometry { rows, cols, cells })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The centre of the tile at (`row`, `col`); `None` outside the board.
    pub fn centre(&self, (row, col): (usize, usize)) -> Option<(f32, f32)> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let r = self.cells[row * self.cols + col];
        Some((r.x + r.w / 2.0, r.y + r.h / 2.0))
    }

    /// The typical distance between neighbouring tile centres (the median cell side).
    pub fn pitch(&self) -> f32 {
        let mut sides: Vec<f32> = self.cells.iter().map(|r| r.w.min(r.h)).collect();
        sides.sort_by(f32::total_cmp);
        sides[sides.len() / 2].max(1.0)
    }

    /// The box around every cell.
    pub fn bounds(&self) -> Rect {
        let x0 = self.cells.iter().map(|r| r.x).fold(f32::MAX, f32::min);
        let y0 = self.cells.iter().map(|r| r.y).fold(f32::MAX, f32::min);
        let x1 = self
            .cells
            .iter()
            .map(|r| r.x + r.w)
            .fold(f32::MIN, f32::max);
        let y1 = self
            .cells
            .iter()
            .map(|r| r.y + r.h)
            .fold(f32::MIN, f32::max);
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }
}

/// Why paths could not be drawn.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum DrawError {
    /// A path steps on a tile the geometry does not have.
    #[error("the path of '{word}' leaves the {rows}x{cols} board at ({row},{col})")]
    OffBoard {
        /// The word.
        word: String,
        /// The row it asked for.
        row: usize,
        /// The column it asked for.
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The picture has no pixels, or is too large to draw on.
    #[error("cannot draw on a {0}x{1} picture")]
    Size(u32, u32),
}

/// The word colours, in rank order (repeating after the last): saturated hues that stay apart
/// from one another and, with their dark outline, show on light and dark boards alike.
const PALETTE: [u32; 10] = [
    0xe6194b, 0x1e88e5, 0x2fb344, 0xf58231, 0x9c27b0, 0x00acc1, 0xf032e6, 0x8d6e2f, 0x607d8b,
    0xc0ca33,
];

/// The colour of the word drawn `index`-th (from 0).
pub fn word_color(index: usize) -> Color {
    let hex = PALETTE[index % PALETTE.len()];
    Color::from_rgba8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255)
}

/// Draws `words` over a copy of `image`: the result has the image's size. The legend goes in
/// the widest margin beside the board (over the game's own surroundings), or over a corner of
/// the picture when the board fills it.
pub fn draw_on_image(
    image: &image::DynamicImage,
    geometry: &TileGeometry,
    words: &[WordPath],
) -> Result<Pixmap, DrawError> {
    check_paths(geometry, words)?;
    let mut pixmap = pixmap_from_image(image)?;
    let font = Font::bundled();
    draw_paths(&mut pixmap, &font, geometry, words);
    draw_legend(&mut pixmap, &font, geometry, words);
    Ok(pixmap)
}

/// Renders `board` in `style` with `words` drawn on it and the legend beside it.
pub fn draw_on_board(
    board: &Board,
    style: &Style,
    words: &[WordPath],
) -> Result<Pixmap, DrawError> {
    const BOARD_SIDE: f32 = 720.0;
    let margin = BOARD_SIDE * 0.06;
    let font = Font::bundled();
    let area = Rect::new(0.0, 0.0, BOARD_SIDE, BOARD_SIDE);
    let layout = Layout::fit(board.rows(), board.cols(), area, margin);
    let geometry = TileGeometry::from_layout(&layout);
    check_paths(&geometry, words)?;
    let size = legend_font_cap(&geometry, BOARD_SIDE);
    let room = Rect::new(0.0, margin, f32::MAX, BOARD_SIDE - 2.0 * margin);
    let legend_width = (1..=MAX_COLUMNS)
        .map(|columns| LegendShape::new(&font, words, columns, size))
        .find(|shape| shape.height <= room.h)
        .map_or(0.0, |shape| shape.width);
    let width = (BOARD_SIDE + legend_width + margin).ceil() as u32;
    let height = BOARD_SIDE as u32;
    let mut pixmap = Pixmap::new(width, height).ok_or(DrawError::Size(width, height))?;
    pixmap.fill(style.background);
    super::draw_board(&mut pixmap, &font, board, &layout, style, None);
    draw_paths(&mut pixmap, &font, &geometry, words);
    draw_legend(&mut pixmap, &font, &geometry, words);
    Ok(pixmap)
}

/// The board as text with each tile of `path` marked by its step number and the other tiles
/// in lower case (`--explain`'s drawing).
pub fn path_text(board: &Board, path: &[(usize, usize)]) -> String {
    let width = board
        .tiles()
        .iter()
        .map(|t| t.notation().chars().count())
        .max()
        .unwrap_or(1)
        .max(2)
        + 3;
    let mut out = String::new();
    for r in 0..board.rows() {
        let mut line = String::from("  ");
        for c in 0..board.cols() {
            let text = board.tile(r, c).notation();
            let cell = match path.iter().position(|&p| p == (r, c)) {
                Some(i) => format!("{}{}", i + 1, text),
                None => text.to_lowercase(),
            };
            line.push_str(&crate::board::pad(&cell, width));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  (numbers give the order of the tiles; tiles off the path in lower case)\n");
    out
}

/// Fails when a path steps outside the geometry's board.
fn check_paths(geometry: &TileGeometry, words: &[WordPath]) -> Result<(), DrawError> {
    for w in words {
        if let Some(&(row, col)) = w
            .path
            .iter()
            .find(|&&(r, c)| r >= geometry.rows || c >= geometry.cols)
        {
            return Err(DrawError::OffBoard {
                word: w.word.to_string(),
                row,
                col,
                rows: geometry.rows,
                cols: geometry.cols,
            });
        }
    }
    Ok(())
}

/// A premultiplied pixmap holding `image`.
fn pixmap_from_image(image: &image::DynamicImage) -> Result<Pixmap, DrawError> {
    let rgba = image.to_rgba8();
    let (w, h) = rgba.dimensions();
    let mut data = rgba.into_raw();
    for px in data.chunks_exact_mut(4) {
        let a = px[3] as u32;
        for c in &mut px[..3] {
            *c = ((*c as u32 * a + 127) / 255) as u8;
        }
    }
    let size = IntSize::from_wh(w, h).ok_or(DrawError::Size(w, h))?;
    Pixmap::from_vec(data, size).ok_or(DrawError::Size(w, h))
}

/// Sizes of the marks, from the tile pitch.
#[derive(Debug, Clone, Copy)]
struct Marks {
    pitch: f32,
    /// The ring around each tile of a path.
    ring: f32,
    /// Width of rings and joining lines.
    line: f32,
    /// The dark outline around every mark, so it shows on any background.
    outline: f32,
    /// Radius of the step and start badges.
    badge: f32,
}

impl Marks {
    fn new(pitch: f32, single: bool) -> Marks {
        let line = (pitch * if single { 0.055 } else { 0.045 }).max(2.0);
        Marks {
            pitch,
            ring: pitch * 0.36,
            line,
            outline: (pitch * 0.018).max(1.0),
            badge: (pitch * if single { 0.13 } else { 0.12 }).max(6.0),
        }
    }

    /// The ring radius of the `index`-th word: nested rings when paths share a tile.
    fn ring_of(&self, index: usize, words: usize) -> f32 {
        if words == 1 {
            self.ring
        } else {
            self.ring - (index % 3) as f32 * self.line * 1.3
        }
    }

    /// How far the `index`-th word's lines are shifted sideways, so paths that share a step stay
    /// apart.
    fn lane_of(&self, index: usize, words: usize) -> f32 {
        if words == 1 {
            return 0.0;
        }
        let lane = [0.0, 1.0, -1.0, 2.0, -2.0][index % 5];
        lane * self.line * 1.2
    }
}

fn outline_color() -> Color {
    Color::from_rgba8(0, 0, 0, 150)
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

/// Strokes `path` `width` wide in `color` over a dark outline `outline` wider on each side.
fn stroke_outlined(
    pixmap: &mut Pixmap,
    path: &tiny_skia::Path,
    color: Color,
    width: f32,
    outline: f32,
) {
    let t = Transform::identity();
    let casing = stroke(width + 2.0 * outline);
    pixmap.stroke_path(path, &paint(outline_color()), &casing, t, None);
    pixmap.stroke_path(path, &paint(color), &stroke(width), t, None);
}

/// Fills `path` in `color` over a dark outline `outline` wide on each side.
fn fill_outlined(pixmap: &mut Pixmap, path: &tiny_skia::Path, color: Color, outline: f32) {
    let t = Transform::identity();
    if outline > 0.0 {
        let casing = stroke(outline * 2.0);
        pixmap.stroke_path(path, &paint(outline_color()), &casing, t, None);
    }
    pixmap.fill_path(path, &paint(color), FillRule::Winding, t, None);
}

fn with_alpha(color: Color, alpha: f32) -> Color {
    let mut c = color;
    c.set_alpha(alpha);
    c
}

/// Draws every word's path: rings (with a light wash for a single word), arrows between them,
/// the start badge and, for a single word, the step numbers. The best word is drawn last, on top.
fn draw_paths(pixmap: &mut Pixmap, font: &Font, geometry: &TileGeometry, words: &[WordPath]) {
    let single = words.len() == 1;
    let marks = Marks::new(geometry.pitch(), single);
    for (index, word) in words.iter().enumerate().rev() {
        let centres: Vec<(f32, f32)> = word
            .path
            .iter()
            .filter_map(|&cell| geometry.centre(cell))
            .collect();
        let color = word_color(index);
        let ring = marks.ring_of(index, words.len());
        let lane = marks.lane_of(index, words.len());
        draw_rings(pixmap, &centres, ring, color, &marks, single);
        draw_arrows(pixmap, &centres, ring, lane, color, &marks);
        if single {
            for step in (1..centres.len()).rev() {
                let at = badge_spot(centres[step], ring, 0);
                draw_badge(
                    pixmap,
                    font,
                    at,
                    marks.badge,
                    &(step + 1).to_string(),
                    color,
                );
            }
        }
        if let Some(&start) = centres.first() {
            let (label, corner) = if single {
                ("1".to_string(), 0)
            } else {
                (word.rank.to_string(), index)
            };
            let at = badge_spot(start, ring, corner);
            draw_badge(pixmap, font, at, marks.badge * 1.25, &label, color);
        }
    }
}

/// The rings, with a light wash inside for a single word; the start tile's ring is thicker.
fn draw_rings(
    pixmap: &mut Pixmap,
    centres: &[(f32, f32)],
    ring: f32,
    color: Color,
    m: &Marks,
    single: bool,
) {
    let wash = with_alpha(color, 0.22);
    for (step, &(x, y)) in centres.iter().enumerate() {
        let Some(circle) = PathBuilder::from_circle(x, y, ring) else {
            continue;
        };
        // Washes of several words would pile up over the letters: one word only.
        if single {
            pixmap.fill_path(
                &circle,
                &paint(wash),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        let width = if step == 0 { m.line * 1.8 } else { m.line };
        stroke_outlined(pixmap, &circle, color, width, m.outline);
    }
}

/// The lines from ring to ring, each ending in an arrowhead at the next tile. Letterpress paths
/// may jump across the board; the lines are straight all the same.
fn draw_arrows(
    pixmap: &mut Pixmap,
    centres: &[(f32, f32)],
    ring: f32,
    lane: f32,
    color: Color,
    m: &Marks,
) {
    let head_len = (m.pitch * 0.14).max(m.line * 2.5);
    let head_half = head_len * 0.6;
    for pair in centres.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        if len <= 2.0 * ring + head_len * 0.5 {
            continue;
        }
        let (ux, uy) = (dx / len, dy / len);
        let (nx, ny) = (-uy * lane, ux * lane);
        let start = (x0 + ux * ring + nx, y0 + uy * ring + ny);
        let tip = (x1 - ux * ring + nx, y1 - uy * ring + ny);
        let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
        let mut line = PathBuilder::new();
        line.move_to(start.0, start.1);
        line.line_to(base.0 + ux * m.line * 0.5, base.1 + uy * m.line * 0.5);
        if let Some(line) = line.finish() {
            stroke_outlined(pixmap, &line, color, m.line, m.outline);
        }
        let mut head = PathBuilder::new();
        head.move_to(tip.0, tip.1);
        head.line_to(base.0 - uy * head_half, base.1 + ux * head_half);
        head.line_to(base.0 + uy * head_half, base.1 - ux * head_half);
        head.close();
        if let Some(head) = head.finish() {
            fill_outlined(pixmap, &head, color, m.outline);
        }
    }
}

/// Where a badge sits on a ring: at its lower right (corner 0: the corner games use least for
/// printed values and bonus badges), then lower left, upper right, upper left for the next
/// corners, so start badges of words sharing a tile do not cover each other completely.
fn badge_spot((x, y): (f32, f32), ring: f32, corner: usize) -> (f32, f32) {
    let d = ring * std::f32::consts::FRAC_1_SQRT_2;
    match corner % 4 {
        0 => (x + d, y + d),
        1 => (x - d, y + d),
        2 => (x + d, y - d),
        _ => (x - d, y - d),
    }
}

/// A filled disc in `color` with `label` in white.
fn draw_badge(
    pixmap: &mut Pixmap,
    font: &Font,
    (x, y): (f32, f32),
    radius: f32,
    label: &str,
    color: Color,
) {
    let Some(disc) = PathBuilder::from_circle(x, y, radius) else {
        return;
    };
    let rim = stroke((radius * 0.22).max(1.5));
    pixmap.stroke_path(
        &disc,
        &paint(Color::WHITE),
        &rim,
        Transform::identity(),
        None,
    );
    fill_outlined(pixmap, &disc, color, 0.0);
    let size = font.fit(label, radius * 1.25, radius * 1.55);
    font.draw(pixmap, label, size, (x, y), Align::Centre, Color::WHITE);
}

/// Most columns a legend is split into.
const MAX_COLUMNS: usize = 3;
/// The smallest legend text, in pixels, before the legend goes over the picture instead.
const MIN_LEGEND_TEXT: f32 = 11.0;

/// The legend's text size when there is room: about a third of a tile, and never so large that
/// a few words fill a small picture.
fn legend_font_cap(geometry: &TileGeometry, picture_height: f32) -> f32 {
    (geometry.pitch() * 0.24)
        .min(picture_height / 22.0)
        .max(MIN_LEGEND_TEXT)
}

/// The size of a legend at one text size and column count.
#[derive(Debug, Clone, Copy)]
struct LegendShape {
    size: f32,
    rows: usize,
    column_width: f32,
    width: f32,
    height: f32,
}

impl LegendShape {
    /// Lays the rows `rank word score` out in `columns` columns at text size `size`.
    fn new(font: &Font, words: &[WordPath], columns: usize, size: f32) -> LegendShape {
        let rows = words.len().div_ceil(columns.max(1)).max(1);
        let word_w = words
            .iter()
            .map(|w| font.width(w.word, size))
            .fold(0.0, f32::max);
        let score_w = words
            .iter()
            .map(|w| font.width(&w.score.to_string(), size))
            .fold(0.0, f32::max);
        let column_width = size * 1.6 + word_w + size * 1.0 + score_w;
        let pad = size * 0.7;
        LegendShape {
            size,
            rows,
            column_width,
            width: columns as f32 * column_width + (columns - 1) as f32 * size * 1.2 + 2.0 * pad,
            height: rows as f32 * size * 1.6 - size * 0.6 + 2.0 * pad,
        }
    }

    /// The same legend scaled to text size `size`.
    fn at(&self, size: f32) -> LegendShape {
        let k = size / self.size;
        LegendShape {
            size,
            column_width: self.column_width * k,
            width: self.width * k,
            height: self.height * k,
            ..*self
        }
    }
}

/// Where the legend goes: in a margin beside the board (left, right, above, below), at a text
/// size close to the largest any margin allows (up to the cap), over the calmest part of the
/// picture there (so it covers the game's plain background rather than its scores and
/// buttons), near the board. `None` when no margin holds it at [`MIN_LEGEND_TEXT`].
fn place_legend(
    pixmap: &Pixmap,
    font: &Font,
    words: &[WordPath],
    geometry: &TileGeometry,
) -> Option<(LegendShape, f32, f32)> {
    let (pw, ph) = (pixmap.width() as f32, pixmap.height() as f32);
    let b = geometry.bounds();
    let pitch = geometry.pitch();
    let gap = pitch * 0.12;
    let cap = legend_font_cap(geometry, ph);
    let (left, right) = (b.x - gap, b.x + b.w + gap);
    let (top, bottom) = (b.y - gap, b.y + b.h + gap);
    let margins = [
        Rect::new(0.0, 0.0, left, ph),
        Rect::new(right, 0.0, pw - right, ph),
        Rect::new(0.0, 0.0, pw, top),
        Rect::new(0.0, bottom, pw, ph - bottom),
    ];
    // Every margin and column count, at the largest size it allows.
    let shapes: Vec<(Rect, LegendShape)> = margins
        .iter()
        .filter(|area| area.w > 0.0 && area.h > 0.0)
        .flat_map(|&area| {
            (1..=MAX_COLUMNS.min(words.len().max(1))).map(move |columns| {
                let unit = LegendShape::new(font, words, columns, 10.0);
                let fit = 10.0 * (area.w / unit.width).min(area.h / unit.height);
                (area, unit.at(fit.min(cap)))
            })
        })
        .filter(|(_, shape)| shape.size >= MIN_LEGEND_TEXT)
        .collect();
    let largest = shapes.iter().map(|(_, s)| s.size).fold(0.0, f32::max);
    let mut best: Option<(f32, LegendShape, f32, f32)> = None;
    for (area, shape) in shapes {
        // Slightly smaller text is worth a calmer or closer spot.
        if shape.size < largest * 0.85 {
            continue;
        }
        for (x, y) in spots(area, &shape) {
            let panel = Rect::new(x, y, shape.width, shape.height);
            let cost = busyness(pixmap, panel) + distance(panel, b) / pitch * 2.0
                - shape.size / largest * 4.0;
            if best.is_none_or(|(c, ..)| cost < c) {
                best = Some((cost, shape, x, y));
            }
        }
    }
    best.map(|(_, shape, x, y)| (shape, x, y))
}

/// Where a legend of `shape` may sit in `area`: a 7 x 7 grid of positions covering it.
fn spots(area: Rect, shape: &LegendShape) -> Vec<(f32, f32)> {
    const STEPS: usize = 7;
    let along = |start: f32, room: f32| -> Vec<f32> {
        let room = room.max(0.0);
        (0..STEPS)
            .map(|i| start + room * i as f32 / (STEPS - 1) as f32)
            .collect()
    };
    let xs = along(area.x, area.w - shape.width);
    let ys = along(area.y, area.h - shape.height);
    xs.iter()
        .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
        .collect()
}

/// How much is going on in a part of the picture: the percentage of points, sampled every few
/// pixels, where the brightness jumps (an edge of text, an icon, a photo); 0 for a flat colour.
fn busyness(pixmap: &Pixmap, area: Rect) -> f32 {
    const EDGE: f32 = 24.0;
    let luma = |x: f32, y: f32| {
        let x = (x.max(0.0) as u32).min(pixmap.width() - 1);
        let y = (y.max(0.0) as u32).min(pixmap.height() - 1);
        pixmap.pixel(x, y).map_or(0.0, |p| {
            0.3 * p.red() as f32 + 0.59 * p.green() as f32 + 0.11 * p.blue() as f32
        })
    };
    let spacing = (area.w.max(area.h) / 96.0).max(3.0);
    let (nx, ny) = ((area.w / spacing) as usize, (area.h / spacing) as usize);
    let (mut edges, mut total) = (0usize, 0usize);
    for i in 0..nx {
        for j in 0..ny {
            let (x, y) = (area.x + i as f32 * spacing, area.y + j as f32 * spacing);
            let here = luma(x, y);
            let jump = (here - luma(x + 2.0, y))
                .abs()
                .max((here - luma(x, y + 2.0)).abs());
            edges += usize::from(jump > EDGE);
            total += 1;
        }
    }
    100.0 * edges as f32 / total.max(1) as f32
}

/// The gap between two rectangles (0 when they touch or overlap).
fn distance(a: Rect, b: Rect) -> f32 {
    let dx = (b.x - (a.x + a.w)).max(a.x - (b.x + b.w)).max(0.0);
    let dy = (b.y - (a.y + a.h)).max(a.y - (b.y + b.h)).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// Draws the legend in a margin, or over the lower right of the picture when no margin holds
/// it (a picture cropped to the board), with as many words as fit there.
fn draw_legend(pixmap: &mut Pixmap, font: &Font, geometry: &TileGeometry, words: &[WordPath]) {
    if words.is_empty() {
        return;
    }
    let picture = (pixmap.width() as f32, pixmap.height() as f32);
    if let Some((shape, x, y)) = place_legend(pixmap, font, words, geometry) {
        draw_legend_at(pixmap, font, words, &shape, (x, y), 0);
        return;
    }
    let size = MIN_LEGEND_TEXT.max(picture.1 / 40.0);
    let fits = |n: usize| {
        let shape = LegendShape::new(font, &words[..n], 1, size);
        shape.height <= picture.1 * 0.9 && shape.width <= picture.0
    };
    let mut shown = words.len();
    while shown > 1 && !fits(shown) {
        shown -= 1;
    }
    let hidden = words.len() - shown;
    let shape = LegendShape::new(font, &words[..shown], 1, size);
    let extra = if hidden > 0 { size * 1.6 } else { 0.0 };
    let at = (
        (picture.0 - shape.width - size * 0.5).max(0.0),
        (picture.1 - shape.height - extra - size * 0.5).max(0.0),
    );
    let shape = LegendShape {
        height: shape.height + extra,
        ..shape
    };
    draw_legend_at(pixmap, font, &words[..shown], &shape, at, hidden);
}

/// Draws the legend's panel and rows at `(x, y)`; `hidden` words are summed up in a last line.
fn draw_legend_at(
    pixmap: &mut Pixmap,
    font: &Font,
    words: &[WordPath],
    shape: &LegendShape,
    (x, y): (f32, f32),
    hidden: usize,
) {
    let s = shape.size;
    let panel = Rect::new(x, y, shape.width, shape.height);
    fill_rounded(
        pixmap,
        panel,
        s * 0.6,
        &paint(Color::from_rgba8(18, 20, 24, 215)),
    );
    let pad = s * 0.7;
    let score_color = Color::from_rgba8(200, 205, 212, 255);
    for (i, w) in words.iter().enumerate() {
        let (column, row) = (i / shape.rows, i % shape.rows);
        let left = x + pad + column as f32 * (shape.column_width + s * 1.2);
        let middle = y + pad + s * 0.5 + row as f32 * s * 1.6;
        draw_badge(
            pixmap,
            font,
            (left + s * 0.55, middle),
            s * 0.62,
            &w.rank.to_string(),
            word_color(i),
        );
        let text_x = left + s * 1.6;
        font.draw(
            pixmap,
            w.word,
            s,
            (text_x, middle),
            Align::Left,
            Color::WHITE,
        );
        let right = left + shape.column_width;
        font.draw(
            pixmap,
            &w.score.to_string(),
            s,
            (right, middle),
            Align::Right,
            score_color,
        );
    }
    if hidden > 0 {
        let middle = y + pad + s * 0.5 + shape.rows as f32 * s * 1.6;
        let more = format!("+ {hidden} more");
        font.draw(
            pixmap,
            &more,
            s,
            (x + pad, middle),
            Align::Left,
            score_color,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::StyleName;

    fn grid(pitch: f32) -> TileGeometry {
        TileGeometry::from_layout(&Layout {
            x: 100.0,
            y: 50.0,
            pitch,
            rows: 4,
            cols: 4,
        })
    }

    #[test]
    fn geometry_from_reader_boxes() {
        let boxes: Vec<_> = (0..9)
            .map(|i| {
                let (r, c) = (i / 3, i % 3);
                crate::vision::PixelBox::new(10 + c * 50, 20 + r * 50, 60 + c * 50, 70 + r * 50)
            })
            .collect();
        let g = TileGeometry::from_boxes(3, 3, &boxes).unwrap();
        assert_eq!(g.centre((0, 0)), Some((35.0, 45.0)));
        assert_eq!(g.centre((2, 1)), Some((85.0, 145.0)));
        assert_eq!(g.centre((3, 0)), None);
        assert_eq!(g.pitch(), 50.0);
        assert_eq!(g.bounds(), Rect::new(10.0, 20.0, 150.0, 150.0));
        assert!(TileGeometry::from_boxes(3, 4, &boxes).is_none());
    }

    #[test]
    fn paths_change_the_pixels_of_their_tiles_only() {
        let image = image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(
            700,
            500,
            image::Rgb([250, 250, 250]),
        ));
        let g = grid(80.0);
        let path = [(0, 0), (1, 1), (1, 2)];
        let words = [WordPath {
            rank: 1,
            word: "cat",
            score: 1,
            path: &path,
        }];
        let out = draw_on_image(&image, &g, &words).unwrap();
        assert_eq!((out.width(), out.height()), (700, 500));
        let changed = |x: f32, y: f32, r: f32| {
            let mut n = 0;
            for dy in -r as i32..=r as i32 {
                for dx in -r as i32..=r as i32 {
                    let p = out.pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32);
                    n += usize::from(p.is_some_and(|p| p.red() != 250 || p.blue() != 250));
                }
            }
            n
        };
        for cell in path {
            let (x, y) = g.centre(cell).unwrap();
            assert!(changed(x, y, 30.0) > 200, "{cell:?} untouched");
        }
        // A tile off the path stays as it was.
        let (x, y) = g.centre((3, 0)).unwrap();
        assert_eq!(changed(x, y, 30.0), 0);
    }

    #[test]
    fn a_path_off_the_board_is_refused() {
        let image = image::DynamicImage::new_rgb8(300, 300);
        let path = [(0, 0), (4, 1)];
        let words = [WordPath {
            rank: 1,
            word: "ox",
            score: 1,
            path: &path,
        }];
        let err = draw_on_image(&image, &grid(40.0), &words).unwrap_err();
        assert!(matches!(err, DrawError::OffBoard { row: 4, .. }), "{err}");
    }

    #[test]
    fn a_rendered_board_gets_room_for_its_legend() {
        let board = Board::parse("serstanelapidetr").unwrap();
        let path = [(1, 1), (2, 0), (1, 0)];
        let words: Vec<WordPath> = (0..12)
            .map(|i| WordPath {
                rank: i + 1,
                word: "alternated",
                score: 11,
                path: &path,
            })
            .collect();
        let style = Style::named(StyleName::Light);
        let one = draw_on_board(&board, &style, &words[..1]).unwrap();
        let many = draw_on_board(&board, &style, &words).unwrap();
        assert_eq!(one.height(), 720);
        assert!(one.width() > 720 && many.width() >= one.width());
    }

    #[test]
    fn a_cropped_board_keeps_its_legend_on_the_picture() {
        // The board fills the picture: no margin, so the legend goes over a corner.
        let g = TileGeometry::from_layout(&Layout {
            x: 0.0,
            y: 0.0,
            pitch: 60.0,
            rows: 4,
            cols: 4,
        });
        let font = Font::bundled();
        let path = [(0, 0)];
        let words = [WordPath {
            rank: 1,
            word: "a",
            score: 1,
            path: &path,
        }];
        let mut pixmap = Pixmap::new(240, 240).unwrap();
        assert!(place_legend(&pixmap, &font, &words, &g).is_none());
        draw_legend(&mut pixmap, &font, &g, &words);
        let drawn = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>| {
            xs.flat_map(|x| ys.clone().map(move |y| (x, y)))
                .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().alpha() > 0)
                .count()
        };
        assert!(
            drawn(160..240, 200..240) > 1000,
            "the legend is in the corner"
        );
        assert_eq!(drawn(0..120, 0..120), 0);
    }

    #[test]
    fn path_text_numbers_the_steps() {
        let board = Board::parse("abc def ghi").unwrap();
        let text = path_text(&board, &[(0, 0), (1, 1)]);
        assert!(text.starts_with("  1A   b    c\n  d    2E   f\n"), "{text}");
    }
}
