//! Drawing the practice window: the board (shared with `render`) and the side panel with the
//! score, the clock, the feedback line and the words found.

use super::round::Round;
use crate::render::{self, Align, Font, Layout, Mark, Rect, Style, Trail};
use std::time::Duration;
use tiny_skia::{Color, Pixmap};

/// Where the board and the panel go in a window of a given size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Areas {
    /// The board's grid.
    pub layout: Layout,
    /// The side (or bottom) panel.
    pub panel: Rect,
}

impl Areas {
    /// Splits the window: panel on the right when the window is wide, below when it is tall.
    pub fn new(width: f32, height: f32, rows: usize, cols: usize) -> Areas {
        let (board, panel) = if width >= height * 1.15 {
            let pw = (width * 0.34).clamp(120.0, 380.0);
            (
                Rect::new(0.0, 0.0, width - pw, height),
                Rect::new(width - pw, 0.0, pw, height),
            )
        } else {
            let ph = (height * 0.36).clamp(100.0, 360.0);
            (
                Rect::new(0.0, 0.0, width, height - ph),
                Rect::new(0.0, height - ph, width, ph),
            )
        };
        let margin = board.w.min(board.h) * 0.07;
        Areas {
            layout: Layout::fit(rows, cols, board, margin),
            panel,
        }
    }
}

/// Everything the window shows besides the round itself.
#[derive(Debug, Clone, Default)]
pub struct Overlay<'a> {
    /// The path to highlight, and how.
    pub trail: Option<(&'a [usize], Mark)>,
    /// The letters being dragged.
    pub dragging: String,
    /// The feedback line, and whether it is good news.
    pub feedback: Option<(String, Mark)>,
}

/// Draws the whole window.
pub fn draw(
    pixmap: &mut Pixmap,
    font: &Font,
    style: &Style,
    round: &Round,
    areas: &Areas,
    overlay: &Overlay,
) {
    pixmap.fill(style.background);
    let trail = overlay.trail.map(|(path, mark)| Trail { path, mark });
    render::draw_board(pixmap, font, round.board(), &areas.layout, style, trail);
    draw_panel(pixmap, font, style, round, areas.panel, overlay);
}

fn draw_panel(
    pixmap: &mut Pixmap,
    font: &Font,
    style: &Style,
    round: &Round,
    panel: Rect,
    overlay: &Overlay,
) {
    let pad = (panel.w.min(panel.h) * 0.06).clamp(6.0, 18.0);
    let inner = Rect::new(
        panel.x + pad,
        panel.y + pad,
        panel.w - 2.0 * pad,
        panel.h - 2.0 * pad,
    );
    render::fill_rounded(pixmap, inner, pad, &render::paint(style.panel));
    let x = inner.x + pad;
    let width = inner.w - 2.0 * pad;
    let unit = (inner.h / 14.0).min(width / 13.0).clamp(9.0, 22.0);
    let mut y = inner.y + pad + unit;
    let score = format!("{}", round.score());
    font.draw(
        pixmap,
        &score,
        unit * 2.4,
        (x, y + unit * 0.6),
        Align::Left,
        style.text,
    );
    let clock = clock_text(round.remaining());
    font.draw(
        pixmap,
        &clock,
        unit * 1.2,
        (x + width, y + unit * 0.6),
        Align::Right,
        style.text_dim,
    );
    y += unit * 2.6;
    let possible = round.solution().words.len();
    let counts = format!("{} of {} words", round.found().len(), possible);
    font.draw(pixmap, &counts, unit, (x, y), Align::Left, style.text_dim);
    y += unit * 2.0;
    let (line, color) = feedback_line(style, round, overlay);
    let size = font.fit(&line, unit * 1.3, width);
    font.draw(pixmap, &line, size, (x, y), Align::Left, color);
    y += unit * 2.0;
    let keys = "N new board   Esc cancel   Q quit";
    let bottom = inner.y + inner.h - pad - unit * 0.5;
    let key_size = font.fit(keys, unit * 0.8, width);
    font.draw(
        pixmap,
        keys,
        key_size,
        (x, bottom),
        Align::Left,
        style.text_dim,
    );
    draw_found(
        pixmap,
        font,
        style,
        round,
        (x, y),
        width,
        bottom - unit * 1.5,
        unit,
    );
}

fn feedback_line(style: &Style, round: &Round, overlay: &Overlay) -> (String, Color) {
    if !overlay.dragging.is_empty() {
        return (overlay.dragging.to_uppercase(), style.text);
    }
    if round.is_over() {
        let missed = round.solution().words.len() - round.found().len();
        return (format!("Time! {missed} words missed"), style.text);
    }
    match &overlay.feedback {
        Some((text, mark)) => {
            let color = match mark {
                Mark::Good => style.good,
                Mark::Bad => style.bad,
                Mark::Repeat => style.repeat,
                Mark::Building => style.text,
            };
            (text.clone(), color)
        }
        None => ("Drag across the tiles".into(), style.text_dim),
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_found(
    pixmap: &mut Pixmap,
    font: &Font,
    style: &Style,
    round: &Round,
    (x, top): (f32, f32),
    width: f32,
    bottom: f32,
    unit: f32,
) {
    let line = unit * 1.35;
    let columns = if width > unit * 22.0 { 2 } else { 1 };
    let col_w = width / columns as f32;
    let per_col = (((bottom - top) / line).floor().max(0.0)) as usize;
    let newest_first = round.found().iter().rev();
    for (i, (word, score)) in newest_first.take(per_col * columns).enumerate() {
        let (col, row) = (i / per_col.max(1), i % per_col.max(1));
        let cx = x + col as f32 * col_w;
        let cy = top + row as f32 * line;
        font.draw(
            pixmap,
            &word.to_uppercase(),
            unit,
            (cx, cy),
            Align::Left,
            style.text,
        );
        let right = cx + col_w - unit;
        font.draw(
            pixmap,
            &score.to_string(),
            unit * 0.9,
            (right, cy),
            Align::Right,
            style.text_dim,
        );
    }
}

/// `m:ss` left, or `untimed`.
pub fn clock_text(remaining: Option<Duration>) -> String {
    match remaining {
        None => "untimed".into(),
        Some(d) => {
            let s = d.as_secs_f64().ceil() as u64;
            format!("{}:{:02}", s / 60, s % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_windows_put_the_panel_right_and_tall_ones_below() {
        let wide = Areas::new(900.0, 600.0, 4, 4);
        assert!(wide.panel.x > wide.layout.bounds().x + wide.layout.bounds().w);
        let tall = Areas::new(500.0, 800.0, 4, 4);
        assert!(tall.panel.y >= tall.layout.bounds().y + tall.layout.bounds().h);
    }

    #[test]
    fn clock_reads_minutes_and_seconds() {
        assert_eq!(clock_text(None), "untimed");
        assert_eq!(clock_text(Some(Duration::from_millis(61_200))), "1:02");
    }
}
