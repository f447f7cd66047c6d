//! Drawing a board: tiles with their letters, printed values and bonus badges, and the path being
//! dragged. The practice window and `wordsnap render` (PNG, no window) share this code.

pub(crate) mod layout;
pub mod paths;
pub(crate) mod style;
pub(crate) mod text;

pub use layout::{Layout, Rect};
pub use style::{Style, StyleName};
pub use text::{Align, Font};

use crate::board::{Board, Tile};
use std::path::Path;
use tiny_skia::{
    Color, FillRule, GradientStop, LineCap, LineJoin, LinearGradient, Paint, PathBuilder, Pixmap,
    Point, SpreadMode, Stroke, Transform,
};

/// How the highlighted path is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Still being dragged.
    Building,
    /// A word just accepted.
    Good,
    /// A word just rejected (not a word, or not a valid path).
    Bad,
    /// A word found before.
    Repeat,
}

/// A path to highlight on the board.
#[derive(Debug, Clone, Copy)]
pub struct Trail<'a> {
    /// The cells, in order (row-major indices).
    pub path: &'a [usize],
    /// How to colour them.
    pub mark: Mark,
}

/// Draws `board` into `layout`'s grid on `pixmap`, with an optional highlighted path.
pub fn draw_board(
    pixmap: &mut Pixmap,
    font: &Font,
    board: &Board,
    layout: &Layout,
    style: &Style,
    trail: Option<Trail>,
) {
    draw_tray(pixmap, layout, style);
    let path = trail.map_or(&[][..], |t| t.path);
    let mark_fill = trail.map(|t| trail_fill(style, t.mark));
    for cell in 0..board.len() {
        if board.tiles()[cell].is_hole() {
            continue;
        }
        let fill = mark_fill.filter(|_| path.contains(&cell));
        draw_tile(pixmap, layout, style, cell, fill);
    }
    if let Some(t) = trail {
        draw_path_line(pixmap, layout, style, t.path);
    }
    for cell in 0..board.len() {
        let on_path = path.contains(&cell);
        draw_labels(pixmap, font, board, layout, style, cell, on_path);
    }
}

/// Draws `board` alone on a `width x height` image in `style`.
pub fn render_board(board: &Board, style: &Style, width: u32, height: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(width, height)?;
    pixmap.fill(style.background);
    let area = Rect::new(0.0, 0.0, width as f32, height as f32);
    let margin = width.min(height) as f32 * 0.06;
    let layout = Layout::fit(board.rows(), board.cols(), area, margin);
    draw_board(&mut pixmap, &Font::bundled(), board, &layout, style, None);
    Some(pixmap)
}

/// Writes a pixmap to a PNG file.
pub fn save_png(pixmap: &Pixmap, path: &Path) -> anyhow::Result<()> {
    pixmap
        .save_png(path)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

fn trail_fill(style: &Style, mark: Mark) -> Color {
    match mark {
        Mark::Building => style.path_tile,
        Mark::Good => style.good,
        Mark::Bad => style.bad,
        Mark::Repeat => style.repeat,
    }
}

/// A solid paint.
pub fn paint(color: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color);
    p.anti_alias = true;
    p
}

/// Fills a rounded rectangle.
pub fn fill_rounded(pixmap: &mut Pixmap, rect: Rect, radius: f32, paint: &Paint) {
    if let Some(path) = rounded_rect(rect, radius) {
        pixmap.fill_path(&path, paint, FillRule::Winding, Transform::identity(), None);
    }
}

/// The outline of a rounded rectangle (`radius` clamped to half the shorter side).
pub fn rounded_rect(rect: Rect, radius: f32) -> Option<tiny_skia::Path> {
    let Rect { x, y, w, h } = rect;
    let r = radius.clamp(0.0, w.min(h) / 2.0);
    if r < 0.5 {
        return Some(PathBuilder::from_rect(tiny_skia::Rect::from_xywh(
            x, y, w, h,
        )?));
    }
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

fn draw_tray(pixmap: &mut Pixmap, layout: &Layout, style: &Style) {
    let b = layout.bounds();
    let pad = layout.pitch * 0.1;
    let tray = Rect::new(b.x - pad, b.y - pad, b.w + 2.0 * pad, b.h + 2.0 * pad);
    let radius = layout.pitch * (style.radius * 0.9 + 0.04);
    fill_rounded(pixmap, tray, radius, &paint(style.tray));
}

fn draw_tile(
    pixmap: &mut Pixmap,
    layout: &Layout,
    style: &Style,
    cell: usize,
    fill: Option<Color>,
) {
    let rect = layout.tile_rect(cell);
    let radius = rect.w * style.radius;
    let drop = layout.pitch * 0.035;
    let shadow = Rect::new(rect.x, rect.y + drop, rect.w, rect.h);
    fill_rounded(pixmap, shadow, radius, &paint(style.shadow));
    let mut p = paint(fill.unwrap_or(style.tile_top));
    if fill.is_none() {
        let stops = vec![
            GradientStop::new(0.0, style.tile_top),
            GradientStop::new(1.0, style.tile_bottom),
        ];
        let (top, bottom) = (
            Point::from_xy(rect.x, rect.y),
            Point::from_xy(rect.x, rect.y + rect.h),
        );
        if let Some(shader) =
            LinearGradient::new(top, bottom, stops, SpreadMode::Pad, Transform::identity())
        {
            p.shader = shader;
        }
    }
    fill_rounded(pixmap, rect, radius, &p);
}

fn draw_path_line(pixmap: &mut Pixmap, layout: &Layout, style: &Style, path: &[usize]) {
    if path.len() < 2 {
        return;
    }
    let mut pb = PathBuilder::new();
    for (i, &cell) in path.iter().enumerate() {
        let (x, y) = layout.centre(cell);
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    let Some(line) = pb.finish() else { return };
    let stroke = Stroke {
        width: layout.pitch * 0.16,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pixmap.stroke_path(
        &line,
        &paint(style.path_line),
        &stroke,
        Transform::identity(),
        None,
    );
}

/// The text shown on a tile: `A`, `Qu`, `A/E`, `RE-`, `-ING`, `?`; a doubtful tile shows its
/// likeliest reading.
pub fn tile_label(tile: &Tile) -> String {
    match tile {
        Tile::Doubtful(readings) => tile_label(&readings[0].tile),
        Tile::Letters(s) if s.chars().count() == 2 => {
            let mut c = s.chars();
            let first = c.next().map(|f| f.to_uppercase().collect::<String>());
            format!("{}{}", first.unwrap_or_default(), c.as_str())
        }
        other => other.notation(),
    }
}

fn draw_labels(
    pixmap: &mut Pixmap,
    font: &Font,
    board: &Board,
    layout: &Layout,
    style: &Style,
    cell: usize,
    on_path: bool,
) {
    let tile = &board.tiles()[cell];
    if tile.is_hole() {
        return;
    }
    let rect = layout.tile_rect(cell);
    let label = tile_label(tile);
    // Leave room for values and badges in the top corners (the same for every tile).
    let marked = board.has_bonuses() || (0..board.len()).any(|c| board.value(c).is_some());
    let (scale, drop) = if marked { (0.5, 0.07) } else { (0.56, 0.02) };
    let size = font.fit(&label, rect.w * scale, rect.w * 0.78);
    let color = if on_path {
        style.path_letter
    } else {
        style.letter
    };
    let centre = (rect.x + rect.w / 2.0, rect.y + rect.h * (0.5 + drop));
    font.draw(pixmap, &label, size, centre, Align::Centre, color);
    if let Some(value) = board.value(cell) {
        draw_value(
            pixmap,
            font,
            style,
            rect,
            value,
            color_on_path(style, on_path),
        );
    }
    if let Some(bonus) = board.bonus(cell) {
        draw_badge(pixmap, font, style, rect, bonus);
    }
}

fn color_on_path(style: &Style, on_path: bool) -> Color {
    if on_path {
        style.path_letter
    } else {
        style.value
    }
}

fn draw_value(
    pixmap: &mut Pixmap,
    font: &Font,
    style: &Style,
    rect: Rect,
    value: u32,
    color: Color,
) {
    let size = rect.w * 0.2;
    let inset = rect.w * 0.1 + size * 0.2;
    let y = rect.y + inset + font.cap_height(size) / 2.0;
    let (x, align) = if style.value_left {
        (rect.x + inset, Align::Left)
    } else {
        (rect.x + rect.w - inset, Align::Right)
    };
    font.draw(pixmap, &value.to_string(), size, (x, y), align, color);
}

fn draw_badge(
    pixmap: &mut Pixmap,
    font: &Font,
    style: &Style,
    rect: Rect,
    bonus: crate::board::Bonus,
) {
    let (w, h) = (rect.w * 0.34, rect.h * 0.22);
    let inset = rect.w * 0.07;
    let (x, y) = if style.value_left {
        (rect.x + rect.w - inset - w, rect.y + rect.h - inset - h)
    } else {
        (rect.x + inset, rect.y + inset)
    };
    fill_rounded(
        pixmap,
        Rect::new(x, y, w, h),
        h * 0.3,
        &paint(style.bonus(bonus)),
    );
    let size = font.fit(bonus.label(), h * 0.75, w * 0.8);
    font.draw(
        pixmap,
        bonus.label(),
        size,
        (x + w / 2.0, y + h / 2.0),
        Align::Centre,
        Color::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_like_the_games() {
        assert_eq!(tile_label(&Tile::Letters("qu".into())), "Qu");
        assert_eq!(tile_label(&Tile::Letters("a".into())), "A");
        assert_eq!(tile_label(&Tile::Prefix("re".into())), "RE-");
        assert_eq!(tile_label(&Tile::Either("a".into(), "e".into())), "A/E");
    }

    #[test]
    fn renders_every_style_at_odd_sizes() {
        let mut board = Board::parse("ab[qu]d efgh ijkl mn.p").unwrap();
        board.set_value(0, Some(3));
        board.set_bonus(5, Some(crate::board::Bonus::TW));
        for name in [
            StyleName::Light,
            StyleName::Dark,
            StyleName::Wordament,
            StyleName::Wood,
        ] {
            for (w, h) in [(400, 400), (317, 541), (40, 20)] {
                let p = render_board(&board, &Style::named(name), w, h).unwrap();
                assert_eq!((p.width(), p.height()), (w, h));
            }
        }
        assert!(render_board(&board, &Style::named(StyleName::Light), 0, 10).is_none());
    }

    #[test]
    fn tiles_differ_from_the_background() {
        let board = Board::parse("abcd efgh ijkl mnop").unwrap();
        let style = Style::named(StyleName::Dark);
        let p = render_board(&board, &style, 200, 200).unwrap();
        let layout = Layout::fit(4, 4, Rect::new(0.0, 0.0, 200.0, 200.0), 12.0);
        let r = layout.tile_rect(0);
        let inside = p.pixel(r.x as u32 + 3, r.y as u32 + 6).unwrap();
        let outside = p.pixel(1, 1).unwrap();
        assert_ne!(inside, outside);
    }
}
