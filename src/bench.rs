//! The solver benchmark behind `wordsnap bench`: three reproducible board sets and a timed run
//! of the solver over each, on one or more threads.
//!
//! The sets are generated from a seed, so every run (and every other solver fed the files that
//! [`zoo_line`] writes) sees exactly the same boards:
//! - `uniform-4x4`: every tile a uniformly random letter, `q` read as `qu`;
//! - `dice-4x4`: rolled from the New Boggle dice ([`dice::NEW_16`]);
//! - `dice-5x5`: rolled from 25 of the 26 Big Boggle dice ([`dice::BIG`]), two-letter faces included.
//!
//! Timing only measures the search (boards are generated before the clock starts).

use crate::board::{Board, Tile};
use crate::dice;
use crate::dict::Dictionary;
use crate::solve::{SolveOptions, Solver};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::time::Instant;

/// One of the benchmark's board sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardSet {
    /// 4x4, each tile a uniformly random letter (`q` is `qu`).
    Uniform4x4,
    /// 4x4 rolled from the New Boggle dice.
    Dice4x4,
    /// 5x5 rolled from the Big Boggle dice.
    Dice5x5,
}

impl BoardSet {
    /// Every set, in the order the benchmark runs them.
    pub const ALL: [BoardSet; 3] = [BoardSet::Uniform4x4, BoardSet::Dice4x4, BoardSet::Dice5x5];

    /// The set's name: `uniform-4x4`, `dice-4x4` or `dice-5x5`.
    pub fn name(self) -> &'static str {
        match self {
            BoardSet::Uniform4x4 => "uniform-4x4",
            BoardSet::Dice4x4 => "dice-4x4",
            BoardSet::Dice5x5 => "dice-5x5",
        }
    }

    /// The set named `name`, if there is one.
    pub fn from_name(name: &str) -> Option<BoardSet> {
        BoardSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The side of the set's square boards.
    pub fn side(self) -> usize {
        match self {
            BoardSet::Dice5x5 => 5,
            _ => 4,
        }
    }

    /// `count` boards of this set from `seed` (the same seed always gives the same boards).
    /// With `plain_only`, boards with a tile other than one letter or `qu` (a Big Boggle
    /// two-letter face) are skipped and others rolled in their place, so that solvers that only
    /// read letter strings can be fed the same boards.
    pub fn boards(self, count: usize, seed: u64, plain_only: bool) -> Vec<Board> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let board = match self {
                BoardSet::Uniform4x4 => uniform_board(4, &mut rng),
                BoardSet::Dice4x4 => dice::roll_dice(&dice::NEW_16, 4, &mut rng),
                BoardSet::Dice5x5 => dice::roll_dice(&dice::BIG, 5, &mut rng),
            };
            if !plain_only || zoo_line(&board).is_some() {
                out.push(board);
            }
        }
        out
    }
}

/// A square board of uniformly random letters `a` to `z`, `q` as `qu`.
pub fn uniform_board(side: usize, rng: &mut impl Rng) -> Board {
    let tiles = (0..side * side)
        .map(|_| {
            let c = (b'a' + rng.random_range(0..26u8)) as char;
            Tile::Letters(if c == 'q' { "qu".into() } else { c.to_string() })
        })
        .collect();
    Board::new(side, side, tiles).expect("a square board of letters is valid")
}

/// The board as one line of letters read column by column, `q` standing for a `qu` tile: the
/// board format of danvk/boggle-zoo. `None` when a tile is anything but one letter `a`-`z`
/// (other than `q`) or `qu`.
pub fn zoo_line(board: &Board) -> Option<String> {
    let mut line = String::with_capacity(board.len());
    for col in 0..board.cols() {
        for row in 0..board.rows() {
            match board.tile(row, col) {
                Tile::Letters(s) if s == "qu" => line.push('q'),
                Tile::Letters(s)
                    if s.len() == 1 && s != "q" && s.as_bytes()[0].is_ascii_lowercase() =>
                {
                    line.push_str(s)
                }
                _ => return None,
            }
        }
    }
    Some(line)
}

/// What one timed pass over a board set measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Word count and total score per board, as `solve --boards` prints them: on boards of
    /// letters and fixed letter runs under length scoring no word or path is recorded at all;
    /// other boards go through the general search, which records each word's path.
    Count,
    /// The full solution per board: every word as a string with its best path, sorted, as
    /// `solve --board` and `solve --boards --json` use it.
    Solve,
}

/// The result of timing one board set.
#[derive(Debug, Clone, Serialize)]
pub struct SetTiming {
    /// Boards solved per pass.
    pub boards: usize,
    /// Words found over all boards (the same in every pass).
    pub words: usize,
    /// Total score over all boards.
    pub score: u64,
    /// Seconds of each pass, in the order they ran.
    pub seconds: Vec<f64>,
}

impl SetTiming {
    /// Boards per second of the median pass.
    pub fn median_boards_per_second(&self) -> f64 {
        let mut s = self.seconds.clone();
        s.sort_by(f64::total_cmp);
        let median = if s.is_empty() {
            f64::NAN
        } else if s.len() % 2 == 1 {
            s[s.len() / 2]
        } else {
            (s[s.len() / 2 - 1] + s[s.len() / 2]) / 2.0
        };
        self.boards as f64 / median
    }

    /// Boards per second of each pass.
    pub fn boards_per_second(&self) -> Vec<f64> {
        self.seconds
            .iter()
            .map(|s| self.boards as f64 / s)
            .collect()
    }
}

/// Solves every board once in `mode` on `threads` threads (each with its own [`Solver`] and a
/// contiguous share of the boards), returning the seconds taken, the words found and their total
/// score.
pub fn time_pass(
    boards: &[Board],
    dict: &Dictionary,
    options: &SolveOptions,
    threads: usize,
    mode: Mode,
) -> (f64, usize, u64) {
    let threads = threads.clamp(1, boards.len().max(1));
    let share = boards.len().div_ceil(threads).max(1);
    let start = Instant::now();
    let (words, score) = if threads == 1 {
        solve_share(boards, dict, options, mode)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = boards
                .chunks(share)
                .map(|chunk| scope.spawn(move || solve_share(chunk, dict, options, mode)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a benchmark thread panicked"))
                .fold((0, 0), |(w, s), (w2, s2)| (w + w2, s + s2))
        })
    };
    (start.elapsed().as_secs_f64(), words, score)
}

/// Solves a share of the boards with one solver: (words, total score).
fn solve_share(
    boards: &[Board],
    dict: &Dictionary,
    options: &SolveOptions,
    mode: Mode,
) -> (usize, u64) {
    let mut solver = Solver::new(dict, options.clone());
    let mut words = 0;
    let mut score = 0;
    for board in boards {
        match mode {
            Mode::Count => {
                let (w, s) = solver.count(board);
                words += w;
                score += s;
            }
            Mode::Solve => {
                let solution = solver.solve(board);
                words += solution.words.len();
                score += solution.total_score;
            }
        }
    }
    (words, score)
}

/// Times `passes` passes over the boards (after one untimed warm-up pass).
pub fn time_set(
    boards: &[Board],
    dict: &Dictionary,
    options: &SolveOptions,
    threads: usize,
    mode: Mode,
    passes: usize,
) -> SetTiming {
    let (_, words, score) = time_pass(boards, dict, options, threads, mode);
    let seconds = (0..passes.max(1))
        .map(|_| time_pass(boards, dict, options, threads, mode).0)
        .collect();
    SetTiming {
        boards: boards.len(),
        words,
        score,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Game;

    #[test]
    fn sets_are_reproducible_and_sized() {
        for set in BoardSet::ALL {
            let a = set.boards(20, 1, false);
            assert_eq!(a, set.boards(20, 1, false), "{}", set.name());
            assert_ne!(a, set.boards(20, 2, false), "{}", set.name());
            assert!(
                a.iter()
                    .all(|b| b.rows() == set.side() && b.cols() == set.side())
            );
            assert_eq!(BoardSet::from_name(set.name()), Some(set));
        }
    }

    #[test]
    fn plain_only_keeps_boards_zoo_can_read() {
        let boards = BoardSet::Dice5x5.boards(30, 1, true);
        assert_eq!(boards.len(), 30);
        assert!(boards.iter().all(|b| zoo_line(b).is_some()));
        // Unfiltered, the digram die shows a two-letter face other than QU on most boards.
        let all = BoardSet::Dice5x5.boards(30, 1, false);
        assert!(all.iter().any(|b| zoo_line(b).is_none()));
    }

    #[test]
    fn zoo_lines_are_read_column_by_column_with_q_for_qu() {
        let board = Board::parse("ab[qu] cde fgh").unwrap();
        assert_eq!(zoo_line(&board).as_deref(), Some("acfbdgqeh"));
        assert_eq!(zoo_line(&Board::parse("a[th] cd").unwrap()), None);
        assert_eq!(zoo_line(&Board::parse("aq cd").unwrap()), None);
    }

    #[test]
    fn threads_find_the_same_words_in_both_modes() {
        let dict = Dictionary::english();
        let options = SolveOptions::new(Game::Boggle);
        let boards = BoardSet::Dice4x4.boards(40, 3, false);
        let (_, words, score) = time_pass(&boards, &dict, &options, 1, Mode::Count);
        assert!(words > 0 && score > 0);
        for threads in [2, 3, 64] {
            for mode in [Mode::Count, Mode::Solve] {
                let (_, w, s) = time_pass(&boards, &dict, &options, threads, mode);
                assert_eq!((w, s), (words, score), "{threads} threads, {mode:?}");
            }
        }
    }
}
