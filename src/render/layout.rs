//! Board geometry: where each tile sits in a drawing area, and which tile a pointer selects.
//!
//! The same [`Layout`] is used to draw the board, to hit-test the practice window's pointer and,
//! published by the window, by the replayer to aim at tile centres.

use serde::{Deserialize, Serialize};

/// A tile is entered during a drag when the pointer comes within this fraction of the tile pitch
/// of its centre. Crossing the corner between four tiles stays 0.71 pitch away from the two side
/// neighbours, so a diagonal move never catches them.
pub const ENTER_RADIUS: f32 = 0.40;

/// The size of a tile as a fraction of the pitch (the rest is the gap between tiles).
pub const TILE_FRACTION: f32 = 0.88;

/// A rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// True when the point lies inside (edges included).
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && y >= self.y && x <= self.x + self.w && y <= self.y + self.h
    }
}

/// Where the tiles of a `rows x cols` board are: a square grid of `pitch`-pixel cells whose
/// top-left corner is at (`x`, `y`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Left edge of the grid.
    pub x: f32,
    /// Top edge of the grid.
    pub y: f32,
    /// Distance between neighbouring tile centres.
    pub pitch: f32,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

impl Layout {
    /// The largest square-celled grid that fits in `area` less `margin` pixels on each side,
    /// centred in it.
    pub fn fit(rows: usize, cols: usize, area: Rect, margin: f32) -> Layout {
        let (rows, cols) = (rows.max(1), cols.max(1));
        let w = (area.w - 2.0 * margin).max(1.0);
        let h = (area.h - 2.0 * margin).max(1.0);
        let pitch = (w / cols as f32).min(h / rows as f32).max(1.0);
        Layout {
            x: area.x + (area.w - pitch * cols as f32) / 2.0,
            y: area.y + (area.h - pitch * rows as f32) / 2.0,
            pitch,
            rows,
            cols,
        }
    }

    /// The whole grid as a rectangle.
    pub fn bounds(&self) -> Rect {
        Rect::new(
            self.x,
            self.y,
            self.pitch * self.cols as f32,
            self.pitch * self.rows as f32,
        )
    }

    /// The centre of a cell (row-major index).
    pub fn centre(&self, cell: usize) -> (f32, f32) {
        let (r, c) = (cell / self.cols, cell % self.cols);
        (
            self.x + (c as f32 + 0.5) * self.pitch,
            self.y + (r as f32 + 0.5) * self.pitch,
        )
    }

    /// The drawn square of a cell (the pitch less the gap).
    pub fn tile_rect(&self, cell: usize) -> Rect {
        let (cx, cy) = self.centre(cell);
        let size = self.pitch * TILE_FRACTION;
        Rect::new(cx - size / 2.0, cy - size / 2.0, size, size)
    }

    /// The cell whose grid square contains the point: where a press starts a word.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<usize> {
        let (fx, fy) = ((x - self.x) / self.pitch, (y - self.y) / self.pitch);
        if fx < 0.0 || fy < 0.0 || fx >= self.cols as f32 || fy >= self.rows as f32 {
            return None;
        }
        Some(fy as usize * self.cols + fx as usize)
    }

    /// The cell whose centre is within `ENTER_RADIUS` (of the pitch) of the point: what a drag enters.
    pub fn cell_near(&self, x: f32, y: f32) -> Option<usize> {
        let cell = self.cell_at(x, y)?;
        let (cx, cy) = self.centre(cell);
        let r = ENTER_RADIUS * self.pitch;
        ((x - cx).powi(2) + (y - cy).powi(2) <= r * r).then_some(cell)
    }

    /// The cells a pointer moving in a straight line from `from` to `to` enters, in order
    /// (consecutive repeats removed). The segment is sampled finely, so a fast move that jumps
    /// over a tile between two motion events still enters it.
    pub fn cells_along(&self, from: (f32, f32), to: (f32, f32)) -> Vec<usize> {
        let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
        let step = (self.pitch * 0.05).max(0.5);
        let n = (len / step).ceil().max(1.0) as usize;
        let mut out: Vec<usize> = Vec::new();
        for i in 1..=n {
            let t = i as f32 / n as f32;
            let p = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
            if let Some(cell) = self.cell_near(p.0, p.1)
                && out.last() != Some(&cell)
            {
                out.push(cell);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Layout {
        Layout {
            x: 100.0,
            y: 50.0,
            pitch: 100.0,
            rows: 4,
            cols: 4,
        }
    }

    #[test]
    fn fit_centres_a_square_grid() {
        let l = Layout::fit(4, 4, Rect::new(0.0, 0.0, 600.0, 400.0), 0.0);
        assert_eq!(l.pitch, 100.0);
        assert_eq!((l.x, l.y), (100.0, 0.0));
        let wide = Layout::fit(2, 5, Rect::new(0.0, 0.0, 500.0, 500.0), 50.0);
        assert_eq!(wide.pitch, 80.0);
        assert_eq!(wide.y, 170.0);
    }

    #[test]
    fn centres_and_press_hits() {
        let l = grid();
        assert_eq!(l.centre(0), (150.0, 100.0));
        assert_eq!(l.centre(6), (350.0, 200.0));
        assert_eq!(l.cell_at(101.0, 51.0), Some(0));
        assert_eq!(l.cell_at(499.0, 449.0), Some(15));
        assert_eq!(l.cell_at(99.0, 60.0), None);
        assert_eq!(l.cell_at(200.0, 450.0), None);
    }

    #[test]
    fn drag_enters_only_near_the_centre() {
        let l = grid();
        assert_eq!(l.cell_near(150.0, 100.0), Some(0));
        assert_eq!(l.cell_near(185.0, 100.0), Some(0));
        // Near the corner of a tile: inside its square but far from its centre.
        assert_eq!(l.cell_near(195.0, 145.0), None);
        assert_eq!(l.cell_at(195.0, 145.0), Some(0));
    }

    #[test]
    fn diagonal_drag_skips_the_side_neighbours() {
        let l = grid();
        assert_eq!(l.cells_along(l.centre(0), l.centre(5)), vec![0, 5]);
        assert_eq!(l.cells_along(l.centre(3), l.centre(6)), vec![3, 6]);
        assert_eq!(l.cells_along(l.centre(0), l.centre(15)), vec![0, 5, 10, 15]);
    }

    #[test]
    fn a_fast_straight_jump_enters_the_tiles_between() {
        let l = grid();
        assert_eq!(l.cells_along(l.centre(0), l.centre(3)), vec![0, 1, 2, 3]);
        assert_eq!(l.cells_along((0.0, 0.0), (1.0, 1.0)), Vec::<usize>::new());
    }
}
