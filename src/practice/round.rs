//! One round of practice: the board, the words the solver says are possible, what the player has
//! found, the score and the clock. No window here: the window feeds it paths.

use crate::board::{Board, Tile};
use crate::dict::Dictionary;
use crate::score::{Game, Rules};
use crate::solve::{Solution, SolveOptions, solve};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What happened to a submitted path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A new word, with its score.
    Accepted {
        /// The word, lower case.
        word: String,
        /// Points scored.
        score: u32,
    },
    /// A word found before in this round.
    AlreadyFound {
        /// The word.
        word: String,
    },
    /// The letters spell no word (or too short a word for the game).
    NotAWord {
        /// The letters as spelled (the first choice of either/or tiles).
        letters: String,
        /// Why: "not in the word list" or "too short".
        reason: &'static str,
    },
    /// The tiles do not form a path the game allows.
    InvalidPath {
        /// Why.
        reason: String,
    },
}

impl Outcome {
    /// True for an accepted word.
    pub fn accepted(&self) -> bool {
        matches!(self, Outcome::Accepted { .. })
    }

    /// The points it scored (0 unless accepted).
    pub fn score(&self) -> u32 {
        match self {
            Outcome::Accepted { score, .. } => *score,
            _ => 0,
        }
    }

    /// The word or letters it was about.
    pub fn word(&self) -> &str {
        match self {
            Outcome::Accepted { word, .. } | Outcome::AlreadyFound { word } => word,
            Outcome::NotAWord { letters, .. } => letters,
            Outcome::InvalidPath { .. } => "",
        }
    }

    /// A short machine-readable name: `accepted`, `already_found`, `not_a_word`, `invalid_path`.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Accepted { .. } => "accepted",
            Outcome::AlreadyFound { .. } => "already_found",
            Outcome::NotAWord { .. } => "not_a_word",
            Outcome::InvalidPath { .. } => "invalid_path",
        }
    }

    /// The feedback line the window shows.
    pub fn message(&self) -> String {
        match self {
            Outcome::Accepted { word, score } => format!("{} +{score}", word.to_uppercase()),
            Outcome::AlreadyFound { word } => format!("{}: already found", word.to_uppercase()),
            Outcome::NotAWord { letters, reason } => {
                format!("{}: {reason}", letters.to_uppercase())
            }
            Outcome::InvalidPath { reason } => format!("not a valid path: {reason}"),
        }
    }
}

/// A round on one board.
#[derive(Debug)]
pub struct Round {
    board: Board,
    game: Game,
    rules: Rules,
    solution: Solution,
    found: Vec<(String, u32)>,
    found_set: HashSet<String>,
    score: u64,
    started: Instant,
    limit: Option<Duration>,
}

impl Round {
    /// Starts a round: solves the board to know how many words are possible.
    pub fn new(board: Board, game: Game, dict: &Dictionary, limit: Option<Duration>) -> Round {
        let options = SolveOptions::new(game);
        let solution = if game.tiles_must_touch() {
            solve(&board, dict, &options)
        } else {
            crate::letterpress::solve(&board, dict, &options)
        };
        Round {
            rules: Rules::new(game),
            board,
            game,
            solution,
            found: Vec::new(),
            found_set: HashSet::new(),
            score: 0,
            started: Instant::now(),
            limit,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The game whose rules score it.
    pub fn game(&self) -> Game {
        self.game
    }

    /// What the solver found on the board.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// Words found so far with their scores, oldest first.
    pub fn found(&self) -> &[(String, u32)] {
        &self.found
    }

    /// The running score.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// Time since the round started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Time left, when the round has a limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.limit.map(|l| l.saturating_sub(self.elapsed()))
    }

    /// True once the time limit has passed.
    pub fn is_over(&self) -> bool {
        self.remaining() == Some(Duration::ZERO)
    }

    /// Judges a path and, when it makes a new word, adds the word to the found list.
    pub fn submit(&mut self, path: &[usize]) -> Outcome {
        if self.is_over() {
            return Outcome::InvalidPath {
                reason: "time is up".into(),
            };
        }
        if let Err(error) = check_tiles(&self.board, path, self.game.tiles_must_touch()) {
            return Outcome::InvalidPath {
                reason: error.to_string(),
            };
        }
        let spellings = spellings(&self.board, path);
        let letters = spellings.first().cloned().unwrap_or_default();
        let long_enough: Vec<&String> = spellings
            .iter()
            .filter(|w| w.chars().count() >= self.rules.min_len)
            .collect();
        if long_enough.is_empty() {
            return Outcome::NotAWord {
                letters,
                reason: "too short",
            };
        }
        let words: Vec<&String> = long_enough
            .into_iter()
            .filter(|w| self.dict_contains(w))
            .collect();
        let Some(word) = words.iter().find(|w| !self.found_set.contains(**w)) else {
            return match words.first() {
                Some(w) => Outcome::AlreadyFound {
                    word: w.to_string(),
                },
                None => Outcome::NotAWord {
                    letters,
                    reason: "not in the word list",
                },
            };
        };
        let word = word.to_string();
        let score = self.rules.score(&self.board, path, word.chars().count());
        self.found.push((word.clone(), score));
        self.found_set.insert(word.clone());
        self.score += u64::from(score);
        Outcome::Accepted { word, score }
    }

    fn dict_contains(&self, word: &str) -> bool {
        self.solution.words.iter().any(|w| w.word == word)
    }
}

/// Why a dragged path is not one the games allow (rows and columns from 1, as shown to players).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// An empty path.
    #[error("no tiles")]
    Empty,
    /// A cell outside the board, or a hole.
    #[error("no tile at row {0}, column {1}")]
    NoTile(usize, usize),
    /// A prefix-only tile after the first.
    #[error("the prefix tile at row {0}, column {1} must come first")]
    PrefixNotFirst(usize, usize),
    /// A suffix-only tile before the last.
    #[error("the suffix tile at row {0}, column {1} must come last")]
    SuffixNotLast(usize, usize),
    /// A tile used twice.
    #[error("row {0}, column {1} is used twice")]
    Repeated(usize, usize),
    /// A tile that does not touch the one before (in games where tiles must touch).
    #[error("row {0}, column {1} is not next to the tile before")]
    NotNext(usize, usize),
}

/// Checks that a word's tiles are ones the games allow: tiles that exist, each used once,
/// prefix-only tiles first and suffix-only tiles last, and, when `touching` (every game but
/// Letterpress), each next to the one before.
pub fn check_tiles(board: &Board, path: &[usize], touching: bool) -> Result<(), PathError> {
    if path.is_empty() {
        return Err(PathError::Empty);
    }
    for (i, &cell) in path.iter().enumerate() {
        let (r, c) = (cell / board.cols() + 1, cell % board.cols() + 1);
        match board.tiles().get(cell) {
            None | Some(Tile::Hole) => return Err(PathError::NoTile(r, c)),
            Some(t) if i > 0 && t.is_prefix_only() => return Err(PathError::PrefixNotFirst(r, c)),
            Some(t) if i + 1 < path.len() && t.is_suffix_only() => {
                return Err(PathError::SuffixNotLast(r, c));
            }
            _ => {}
        }
        if path[..i].contains(&cell) {
            return Err(PathError::Repeated(r, c));
        }
        if touching && i > 0 && !board.neighbours(path[i - 1]).any(|n| n == cell) {
            return Err(PathError::NotNext(r, c));
        }
    }
    Ok(())
}

/// Every word a path can spell (either/or tiles give two choices each), first choices first.
pub fn spellings(board: &Board, path: &[usize]) -> Vec<String> {
    let mut out = vec![String::new()];
    for &cell in path {
        let choices = board.tiles()[cell].choices();
        out = out
            .iter()
            .flat_map(|prefix| choices.iter().map(move |c| format!("{prefix}{c}")))
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> Round {
        Round::new(
            Board::parse(text).unwrap(),
            Game::Boggle,
            &Dictionary::english(),
            None,
        )
    }

    #[test]
    fn accepts_then_refuses_a_repeat() {
        // c a t s / . . . . ...
        let mut r = round("cats xxxx xxxx xxxx");
        assert_eq!(
            r.submit(&[0, 1, 2]),
            Outcome::Accepted {
                word: "cat".into(),
                score: 1
            }
        );
        assert_eq!(
            r.submit(&[0, 1, 2]),
            Outcome::AlreadyFound { word: "cat".into() }
        );
        assert_eq!(r.score(), 1);
        assert_eq!(r.found().len(), 1);
        assert!(r.solution().words.iter().any(|w| w.word == "cats"));
    }

    #[test]
    fn judges_bad_paths_and_non_words() {
        let mut r = round("cats xxxx xxxx xxxx");
        assert!(matches!(r.submit(&[0, 2, 1]), Outcome::InvalidPath { .. }));
        assert!(matches!(r.submit(&[0, 1, 0]), Outcome::InvalidPath { .. }));
        assert!(matches!(
            r.submit(&[0, 1]),
            Outcome::NotAWord {
                reason: "too short",
                ..
            }
        ));
        assert!(matches!(
            r.submit(&[3, 2, 1]),
            Outcome::NotAWord {
                reason: "not in the word list",
                ..
            }
        ));
        assert_eq!(r.score(), 0);
    }

    #[test]
    fn a_finished_round_takes_no_more_words() {
        let board = Board::parse("cats xxxx xxxx xxxx").unwrap();
        let dict = Dictionary::english();
        let mut r = Round::new(board, Game::Boggle, &dict, Some(Duration::ZERO));
        assert!(r.is_over());
        assert!(matches!(r.submit(&[0, 1, 2]), Outcome::InvalidPath { .. }));
        assert_eq!(r.score(), 0);
    }

    #[test]
    fn letterpress_takes_tiles_anywhere_and_scores_their_count() {
        // c . . . t on the top row, a at the bottom left: "cat" from tiles that do not touch.
        let board = Board::parse("cxxxt xxxxx xxxxx xxxxx axxxx").unwrap();
        let dict = Dictionary::english();
        let mut r = Round::new(board.clone(), Game::Letterpress, &dict, None);
        assert!(r.solution().words.iter().any(|w| w.word == "cat"));
        assert_eq!(
            r.submit(&[0, 20, 4]),
            Outcome::Accepted {
                word: "cat".into(),
                score: 3
            }
        );
        // In Boggle the same tiles are no path.
        let mut b = Round::new(board, Game::Boggle, &dict, None);
        assert!(matches!(b.submit(&[0, 20, 4]), Outcome::InvalidPath { .. }));
    }

    #[test]
    fn spellcast_and_bwf_score_with_values_and_bonus_squares() {
        let dict = Dictionary::english();
        // SpellCast: c4x3 (TL) + a1 + t2 = 15, x2 (2X on t): 30.
        let json = r#"{"rows":1,"cols":3,"tiles":[["C","A","T"]],"values":[[4,1,2]],
            "bonuses":[["TL","","2X"]]}"#;
        let mut s = Round::new(Board::parse(json).unwrap(), Game::Spellcast, &dict, None);
        assert_eq!(
            s.submit(&[0, 1, 2]),
            Outcome::Accepted {
                word: "cat".into(),
                score: 30
            }
        );
        // Boggle With Friends: c3 + a1x2 (DL) + t1 = 6, x2 (DW on t): 12.
        let json = r#"{"rows":1,"cols":3,"tiles":[["C","A","T"]],"values":[[3,1,1]],
            "bonuses":[["","DL","DW"]]}"#;
        let mut b = Round::new(Board::parse(json).unwrap(), Game::Bwf, &dict, None);
        assert_eq!(
            b.submit(&[0, 1, 2]),
            Outcome::Accepted {
                word: "cat".into(),
                score: 12
            }
        );
    }

    #[test]
    fn special_tiles_spell_every_choice() {
        let board = Board::parse("[a/e] t\nx x").unwrap();
        assert_eq!(spellings(&board, &[0, 1]), vec!["at", "et"]);
        let pre = Board::parse("[re-] d\nx x").unwrap();
        assert!(check_tiles(&pre, &[1, 0], true).is_err());
        assert!(check_tiles(&pre, &[0, 1], true).is_ok());
        assert!(check_tiles(&pre, &[1, 0], false).is_err());
    }
}
