//! The practice board: a desktop window that shows a board and plays it like the real games
//! (press on a tile, drag through neighbours, release to submit), with a score, a clock, the
//! words found and the count the solver says is possible.
//!
//! The pipeline: [`drag`] turns pointer motion into a path, [`round`] judges paths, [`view`]
//! draws (with [`crate::render`]), [`log`] writes `--log` lines and [`publish`] tells the
//! replayer what the window shows. The window itself (winit + softbuffer) is private.

pub(crate) mod drag;
pub(crate) mod log;
pub(crate) mod publish;
pub(crate) mod round;
pub(crate) mod view;
mod window;

use crate::board::Board;
use crate::render::StyleName;
use crate::score::{Game, Rules};
use std::path::PathBuf;
use std::time::Duration;

/// What `wordsnap practice` was asked for.
#[derive(Debug, Clone)]
pub struct PracticeOptions {
    /// The first board.
    pub board: Board,
    /// The game whose rules score words (and whose dice roll new boards).
    pub game: Game,
    /// Seed for new boards (`N`): board k is rolled from `seed + k`.
    pub seed: u64,
    /// Round length, when timed.
    pub minutes: Option<f64>,
    /// Where to write one JSON line per submitted word.
    pub log: Option<PathBuf>,
    /// The look.
    pub style: StyleName,
    /// Initial window size in pixels.
    pub size: (u32, u32),
}

impl PracticeOptions {
    /// The round's time limit (a limit too large for a `Duration` counts as untimed).
    pub fn limit(&self) -> Option<Duration> {
        self.minutes
            .filter(|m| *m > 0.0)
            .and_then(|m| Duration::try_from_secs_f64(m * 60.0).ok())
    }
}

/// Opens the practice window and runs until it is closed (`Q` or the close button).
pub fn run(options: PracticeOptions) -> anyhow::Result<()> {
    window::run(options)
}

/// A random board for `game` from real dice, with Wordament's letter values printed on it.
pub fn random_board(game: Game, seed: u64) -> Board {
    with_printed_values(crate::dice::roll(game, seed), game)
}

/// For Wordament, prints each tile's value (as the game does) when the board has none.
pub fn with_printed_values(mut board: Board, game: Game) -> Board {
    let has_values = (0..board.len()).any(|c| board.value(c).is_some());
    if game == Game::Wordament && !has_values {
        let rules = Rules::new(game);
        for cell in 0..board.len() {
            if !board.tiles()[cell].is_hole() {
                let v = rules.tile_value(&board, cell);
                board.set_value(cell, Some(v));
            }
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wordament_boards_show_values() {
        let b = random_board(Game::Wordament, 3);
        assert!((0..b.len()).all(|c| b.value(c).is_some()));
        let b = random_board(Game::Boggle, 3);
        assert!((0..b.len()).all(|c| b.value(c).is_none()));
        assert_eq!(random_board(Game::Boggle, 9), random_board(Game::Boggle, 9));
    }
}
