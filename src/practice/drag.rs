//! The path being dragged: press on a tile, enter neighbours as the pointer nears their centres,
//! step back by returning to the tile before.

use crate::board::Board;
use crate::render::Layout;

/// A drag in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Drag {
    path: Vec<usize>,
    last: (f32, f32),
    broken: Option<String>,
    jumps: bool,
}

impl Drag {
    /// Starts a drag when the press lands on a tile (not a hole, not outside the grid).
    pub fn press(board: &Board, layout: &Layout, x: f32, y: f32) -> Option<Drag> {
        let cell = layout.cell_at(x, y)?;
        (!board.tiles()[cell].is_hole()).then(|| Drag {
            path: vec![cell],
            last: (x, y),
            broken: None,
            jumps: false,
        })
    }

    /// Lets the path jump to tiles that are not next to the last one (Letterpress, where a word
    /// takes any tiles).
    pub fn allowing_jumps(self, jumps: bool) -> Drag {
        Drag { jumps, ..self }
    }

    /// The tiles entered so far.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// Why the path is not one the game allows (a jump to a tile that is not adjacent).
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// Follows the pointer to `(x, y)`, entering every tile whose centre the move passes near.
    /// Returns true when the path changed.
    pub fn moved(&mut self, board: &Board, layout: &Layout, x: f32, y: f32) -> bool {
        let cells = layout.cells_along(self.last, (x, y));
        self.last = (x, y);
        let before = self.path.len();
        let mut changed = false;
        for cell in cells {
            changed |= self.enter(board, cell);
        }
        changed || before != self.path.len()
    }

    fn enter(&mut self, board: &Board, cell: usize) -> bool {
        let n = self.path.len();
        if board.tiles()[cell].is_hole() || self.path.last() == Some(&cell) {
            return false;
        }
        if n >= 2 && self.path[n - 2] == cell {
            self.path.pop();
            return true;
        }
        if self.path.contains(&cell) || self.broken.is_some() {
            return false;
        }
        if !self.jumps && !board.neighbours(self.path[n - 1]).any(|c| c == cell) {
            let (r, c) = (cell / board.cols() + 1, cell % board.cols() + 1);
            self.broken = Some(format!("jumped to row {r}, column {c}"));
        }
        self.path.push(cell);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Board, Layout) {
        let board = Board::parse("abcd efgh ijkl mn.p").unwrap();
        let layout = Layout {
            x: 0.0,
            y: 0.0,
            pitch: 100.0,
            rows: 4,
            cols: 4,
        };
        (board, layout)
    }

    #[test]
    fn press_on_a_tile_or_nothing() {
        let (board, layout) = setup();
        assert_eq!(
            Drag::press(&board, &layout, 10.0, 10.0).unwrap().path(),
            &[0]
        );
        assert!(Drag::press(&board, &layout, 250.0, 350.0).is_none());
        assert!(Drag::press(&board, &layout, 450.0, 10.0).is_none());
    }

    #[test]
    fn a_fast_diagonal_drag_enters_each_tile_once() {
        let (board, layout) = setup();
        let mut d = Drag::press(&board, &layout, 50.0, 50.0).unwrap();
        d.moved(&board, &layout, 150.0, 150.0);
        d.moved(&board, &layout, 150.0, 50.0);
        d.moved(&board, &layout, 350.0, 50.0);
        assert_eq!(d.path(), &[0, 5, 1, 2, 3]);
        assert!(d.broken().is_none());
    }

    #[test]
    fn going_back_undoes_the_last_tile() {
        let (board, layout) = setup();
        let mut d = Drag::press(&board, &layout, 50.0, 50.0).unwrap();
        d.moved(&board, &layout, 150.0, 50.0);
        d.moved(&board, &layout, 50.0, 50.0);
        assert_eq!(d.path(), &[0]);
    }

    #[test]
    fn a_jump_is_taken_when_allowed() {
        let (board, layout) = setup();
        let mut d = Drag::press(&board, &layout, 50.0, 50.0)
            .unwrap()
            .allowing_jumps(true);
        d.moved(&board, &layout, 250.0, 150.0);
        d.moved(&board, &layout, 350.0, 350.0);
        assert_eq!(d.path(), &[0, 6, 15]);
        assert!(d.broken().is_none());
    }

    #[test]
    fn a_knight_jump_breaks_the_path() {
        let (board, layout) = setup();
        let mut d = Drag::press(&board, &layout, 50.0, 50.0).unwrap();
        d.moved(&board, &layout, 250.0, 150.0);
        assert_eq!(d.path(), &[0, 6]);
        assert!(d.broken().is_some());
    }
}
