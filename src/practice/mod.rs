//! The practice board: a desktop window that shows a board and plays it like the real games
//! (press on a tile, drag through neighbours, release to submit), with a score, a clock, the
//! words found and the count the solver says is possible.
//!
//! The pipeline: `drag` turns pointer motion into a path, `round` judges paths, `view`
//! draws (with [`crate::render`]), `log` writes `--log` lines and `publish` tells the
//! replayer what the window shows. The window itself (winit + softbuffer) is private.

pub(crate) mod drag;
pub(crate) mod log;
pub(crate) mod publish;
pub(crate) mod round;
pub(crate) mod view;
mod window;

use crate::board::{Board, Bonus};
use crate::render::StyleName;
use crate::score::{Game, Rules, Scoring};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng, rngs::StdRng};
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

/// A random board for `game` from real dice, with the letter values the game prints and its
/// bonus squares (see [`with_printed_values`] and [`with_bonus_squares`]).
pub fn random_board(game: Game, seed: u64) -> Board {
    with_bonus_squares(
        with_printed_values(crate::dice::roll(game, seed), game),
        game,
        seed,
    )
}

/// For games that add up tile values (Wordament, Ruzzle, Scramble, Boggle With Friends,
/// SpellCast), prints each tile's value from the game's table, as the games do, when the board
/// has none.
pub fn with_printed_values(mut board: Board, game: Game) -> Board {
    let has_values = (0..board.len()).any(|c| board.value(c).is_some());
    if game.scoring() != Scoring::ByLength && !has_values {
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

/// The bonus squares a random board of `game` gets, as on the games' own boards: Ruzzle six
/// (letter and word), Scramble four, Boggle With Friends three letter squares and one word
/// square of the same strength (DL with DW, TL with TW), SpellCast one letter square and the 2X.
fn bonus_set(game: Game, rng: &mut impl Rng) -> Vec<Bonus> {
    use Bonus::*;
    match game {
        Game::Ruzzle => vec![DL, DL, TL, TL, DW, TW],
        Game::Scramble => vec![DL, TL, TL, DW],
        Game::Bwf if rng.random_bool(0.5) => vec![DL, DL, DL, DW],
        Game::Bwf => vec![TL, TL, TL, TW],
        Game::Spellcast => vec![if rng.random_bool(0.5) { DL } else { TL }, X2],
        _ => vec![],
    }
}

/// Places `game`'s bonus squares (see `bonus_set`) on tiles picked by `seed`, when the board
/// has none. Games without bonus squares, and boards that have some, are left as they are.
pub fn with_bonus_squares(mut board: Board, game: Game, seed: u64) -> Board {
    if board.has_bonuses() {
        return board;
    }
    let mut rng = StdRng::seed_from_u64(seed ^ 0xb0_b0);
    let bonuses = bonus_set(game, &mut rng);
    let mut tiles: Vec<usize> = (0..board.len())
        .filter(|&c| !board.tiles()[c].is_hole())
        .collect();
    tiles.shuffle(&mut rng);
    for (cell, bonus) in tiles.into_iter().zip(bonuses) {
        board.set_bonus(cell, Some(bonus));
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

    fn bonuses(b: &Board) -> Vec<&'static str> {
        let mut out: Vec<_> = (0..b.len())
            .filter_map(|c| b.bonus(c).map(Bonus::label))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn new_games_get_their_values_and_bonus_squares() {
        for seed in 0..20 {
            let b = random_board(Game::Bwf, seed);
            assert_eq!(b.len(), 16);
            assert!((0..b.len()).all(|c| b.value(c).is_some()));
            let set = bonuses(&b);
            assert!(
                set == ["DL", "DL", "DL", "DW"] || set == ["TL", "TL", "TL", "TW"],
                "{set:?}"
            );
            let s = random_board(Game::Spellcast, seed);
            assert_eq!(s.len(), 25);
            assert!((0..s.len()).all(|c| s.value(c).is_some()));
            let set = bonuses(&s);
            assert!(set == ["2X", "DL"] || set == ["2X", "TL"], "{set:?}");
            let l = random_board(Game::Letterpress, seed);
            assert_eq!(l.len(), 25);
            assert!((0..l.len()).all(|c| l.value(c).is_none() && l.bonus(c).is_none()));
        }
        assert_eq!(random_board(Game::Bwf, 4), random_board(Game::Bwf, 4));
        // A typed board's own badges are kept.
        let typed = Board::parse("[a*tw]bcd efgh ijkl mnop").unwrap();
        assert_eq!(bonuses(&with_bonus_squares(typed, Game::Ruzzle, 1)), ["TW"]);
    }
}
