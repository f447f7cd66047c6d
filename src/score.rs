//! Game profiles and scoring rules (see `../shared/scoring.md` for the sources).
//!
//! A [`Game`] fixes the minimum word length, the scoring table or formula, the letter values
//! (numbers printed on the board take precedence over the tables) and how bonus squares count.

use crate::board::{Board, Tile};
use serde::Serialize;
use std::fmt;

/// The games wordsnap knows the rules of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Classic 4x4 Boggle: 3+ letters, 1 1 2 3 5 11.
    Boggle,
    /// Big Boggle (5x5): 4+ letters, Boggle table.
    Bigboggle,
    /// Super Big Boggle (6x6): 4+ letters, 1 2 3 5 11, then 2 x length from 9 letters.
    Superbigboggle,
    /// Wordament: sum of printed tile values x a length multiplier.
    Wordament,
    /// Ruzzle: letter values with DL/TL, times DW/TW, plus a length bonus; 2+ letters.
    Ruzzle,
    /// GamePigeon Word Hunt: 100 400 800 1400 1800 2200 2600, +400 a letter beyond 9.
    Wordhunt,
    /// Scramble With Friends / Word Streak: letter values with bonuses plus a length bonus.
    Scramble,
    /// Boggle With Friends: printed letter values with DL/TL/DW/TW, plus a length bonus; 3+ letters.
    Bwf,
    /// Discord SpellCast (5x5): letter values with DL/TL and the 2X word square, +10 from 6 letters.
    Spellcast,
    /// Letterpress: any tiles, no adjacency; a word is worth one point per tile (its length).
    Letterpress,
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Game::Boggle => "boggle",
            Game::Bigboggle => "bigboggle",
            Game::Superbigboggle => "superbigboggle",
            Game::Wordament => "wordament",
            Game::Ruzzle => "ruzzle",
            Game::Wordhunt => "wordhunt",
            Game::Scramble => "scramble",
            Game::Bwf => "bwf",
            Game::Spellcast => "spellcast",
            Game::Letterpress => "letterpress",
        };
        f.write_str(name)
    }
}

impl Game {
    /// Every game, in the order `--game` lists them. A new variant must be added here too (the
    /// `all_lists_every_variant` test fails to compile until it is).
    pub const ALL: [Game; 10] = [
        Game::Boggle,
        Game::Bigboggle,
        Game::Superbigboggle,
        Game::Wordament,
        Game::Ruzzle,
        Game::Wordhunt,
        Game::Scramble,
        Game::Bwf,
        Game::Spellcast,
        Game::Letterpress,
    ];

    /// How the game turns a word into points. The one place a game's kind of scoring is stated;
    /// everything else about it (whether paths matter, whether badges count) follows from it.
    pub fn scoring(self) -> Scoring {
        match self {
            Game::Boggle
            | Game::Bigboggle
            | Game::Superbigboggle
            | Game::Wordhunt
            | Game::Letterpress => Scoring::ByLength,
            Game::Wordament => Scoring::TileSumTimesLength,
            Game::Ruzzle | Game::Scramble | Game::Bwf | Game::Spellcast => {
                Scoring::TileSumWithBonuses
            }
        }
    }

    /// True when a word's score does not depend on the path that spells it (nor on the board):
    /// the game scores by length alone. The solver then scores each word once instead of on
    /// every path.
    pub fn score_is_path_independent(self) -> bool {
        self.scoring() == Scoring::ByLength
    }

    /// True when each tile of a word must be next to the one before (every game but
    /// Letterpress, where a word takes any tiles of the board).
    pub fn tiles_must_touch(self) -> bool {
        self != Game::Letterpress
    }

    /// The names of every game, comma-separated, as `--game` takes them.
    pub fn names() -> String {
        Game::ALL.map(|g| g.to_string()).join(", ")
    }
}

/// The kinds of scoring the games use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// A table of points by word length (the Boggle family, Word Hunt, Letterpress).
    ByLength,
    /// The sum of the tiles' values times a multiplier for the word's length; bonus squares do
    /// not count (Wordament).
    TileSumTimesLength,
    /// The sum of the tiles' values with letter bonuses, times the word bonuses, plus a bonus
    /// for long words (Ruzzle, Scramble, Boggle With Friends, SpellCast).
    TileSumWithBonuses,
}

/// A game name that is not one of [`Game::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?} (known: {known})", known = Game::names())]
pub struct UnknownGame(pub String);

impl std::str::FromStr for Game {
    type Err = UnknownGame;

    /// Parses a game's name as [`Game`]'s `Display` writes it, in any case.
    fn from_str(name: &str) -> Result<Game, UnknownGame> {
        Game::ALL
            .into_iter()
            .find(|game| game.to_string().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownGame(name.to_string()))
    }
}

/// Wordament's length multipliers, which sources disagree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WordamentMultipliers {
    /// 4-5 letters x1.5, 6-7 x2, 8+ x3 (three sources).
    #[default]
    Standard,
    /// 5 letters x1.5, 6-7 x2, 8+ x2.5 (one source).
    Alternate,
}

/// Letter values of Wordament tiles (also printed on the tiles).
const WORDAMENT_VALUES: [u32; 26] = [
    2, 5, 3, 3, 1, 5, 4, 4, 2, 10, 6, 3, 4, 2, 2, 4, 8, 2, 2, 2, 4, 6, 6, 9, 5, 8,
];
/// English Ruzzle letter values.
const RUZZLE_VALUES: [u32; 26] = [
    1, 4, 4, 2, 1, 4, 3, 4, 1, 10, 5, 1, 3, 1, 1, 4, 10, 1, 1, 1, 2, 4, 4, 8, 4, 8,
];
/// Scramble With Friends values; letters the source does not list (J K V X) use Ruzzle's.
const SCRAMBLE_VALUES: [u32; 26] = [
    1, 4, 4, 2, 1, 4, 3, 3, 1, 10, 5, 2, 4, 2, 1, 4, 10, 1, 1, 1, 2, 4, 4, 8, 3, 10,
];

/// Boggle With Friends values (Scrabble's; the game prints them, and the Qu tile shows 10).
const BWF_VALUES: [u32; 26] = [
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
];
/// Discord SpellCast values (printed on the tiles).
const SPELLCAST_VALUES: [u32; 26] = [
    1, 4, 5, 3, 1, 5, 3, 4, 1, 7, 6, 3, 4, 2, 1, 4, 8, 2, 2, 2, 4, 5, 5, 7, 4, 8,
];

/// SpellCast's long-word bonus is given from this many letters.
pub const SPELLCAST_LONG_WORD: usize = 6;
/// SpellCast's long-word bonus, in points.
pub const SPELLCAST_LONG_WORD_BONUS: u32 = 10;

/// The scoring rules of one game, with its configurable choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Which game.
    pub game: Game,
    /// Shortest word that counts, in letters.
    pub min_len: usize,
    /// Wordament's multiplier table.
    pub wordament: WordamentMultipliers,
}

/// How one word's score was made up, for `--explain`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// The letter values of each tile of the path, after letter bonuses.
    pub tile_points: Vec<u32>,
    /// The product of word bonuses (1 when none).
    pub word_factor: u32,
    /// Points from the length table or length bonus.
    pub length_points: u32,
    /// A sentence describing the computation.
    pub formula: String,
    /// The final score.
    pub score: u32,
}

impl Rules {
    /// The default rules of a game.
    pub fn new(game: Game) -> Rules {
        let min_len = match game {
            Game::Bigboggle | Game::Superbigboggle => 4,
            Game::Ruzzle | Game::Spellcast | Game::Letterpress => 2,
            _ => 3,
        };
        Rules {
            game,
            min_len,
            wordament: WordamentMultipliers::Standard,
        }
    }

    /// Scores a word of `letters` letters that uses the board cells in `path`.
    pub fn score(&self, board: &Board, path: &[usize], letters: usize) -> u32 {
        if self.scores_length_only() {
            self.length_table(letters)
        } else {
            self.breakdown(board, path, letters).score
        }
    }

    /// True when a word's score depends on its length only, not on its tiles (see
    /// [`Game::score_is_path_independent`]).
    pub fn scores_length_only(&self) -> bool {
        self.game.score_is_path_independent()
    }

    /// Scores a word and explains how the score was made up.
    pub fn breakdown(&self, board: &Board, path: &[usize], letters: usize) -> Breakdown {
        if self.scores_length_only() {
            let score = self.length_table(letters);
            return Breakdown {
                tile_points: vec![],
                word_factor: 1,
                length_points: score,
                formula: format!("{letters} letters = {score} ({} table)", self.game),
                score,
            };
        }
        let bonuses_count = self.counts_bonuses();
        let mut tile_points = Vec::with_capacity(path.len());
        let mut word_factor: u32 = 1;
        for &cell in path {
            let bonus = board.bonus(cell).filter(|_| bonuses_count);
            let value = self.tile_value(board, cell);
            // Saturating: printed values are capped (board::MAX_VALUE) but a long word on word
            // bonuses multiplies up; a score never wraps around.
            tile_points.push(value.saturating_mul(bonus.map_or(1, |b| b.letter_factor())));
            word_factor =
                bonus.map_or(word_factor, |b| word_factor.saturating_mul(b.word_factor()));
        }
        let sum = tile_points.iter().fold(0u32, |a, &p| a.saturating_add(p));
        let sum_text = tile_points
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join("+");
        let (score, length_points, formula) = match self.game.scoring() {
            Scoring::TileSumTimesLength => {
                let (num, den) = self.wordament_multiplier(letters);
                let score = u32::try_from(u64::from(sum) * u64::from(num) / u64::from(den))
                    .unwrap_or(u32::MAX);
                let mult = format!("{}", num as f64 / den as f64);
                (
                    score,
                    0,
                    format!("({sum_text}) x {mult} for {letters} letters = {score} (rounded down)"),
                )
            }
            _ => {
                let bonus = self.length_bonus(letters);
                let score = sum.saturating_mul(word_factor).saturating_add(bonus);
                (
                    score,
                    bonus,
                    format!("({sum_text}) x {word_factor} + {bonus} length bonus = {score}"),
                )
            }
        };
        Breakdown {
            tile_points,
            word_factor,
            length_points,
            formula,
            score,
        }
    }

    /// True when bonus squares count (Wordament ignores them; length-only games have none).
    pub fn counts_bonuses(&self) -> bool {
        self.game.scoring() == Scoring::TileSumWithBonuses
    }

    /// A word's score from its parts: the sum of its tile points (letter bonuses applied), the
    /// product of its word bonuses and its length in letters. Used by searches that build the
    /// score step by step (SpellCast swaps).
    pub fn score_from_parts(&self, tile_sum: u32, word_factor: u32, letters: usize) -> u32 {
        if self.scores_length_only() {
            return self.length_table(letters);
        }
        match self.game.scoring() {
            Scoring::TileSumTimesLength => {
                let (num, den) = self.wordament_multiplier(letters);
                tile_sum * num / den
            }
            _ => tile_sum * word_factor + self.length_bonus(letters),
        }
    }

    /// The value of one tile: the printed value if the board has it, else the game's table
    /// (a multi-letter tile is worth the sum of its letters; either/or and a doubtful tile the
    /// largest of their readings; a wildcard 0).
    pub fn tile_value(&self, board: &Board, cell: usize) -> u32 {
        if let Some(v) = board.value(cell) {
            return v;
        }
        match &board.tiles()[cell] {
            Tile::Hole => 0,
            Tile::Letters(s) | Tile::Prefix(s) | Tile::Suffix(s) => self.letters_value(s),
            Tile::Either(a, b) => self.letters_value(a).max(self.letters_value(b)),
            Tile::Doubtful(readings) => readings
                .iter()
                .flat_map(|r| r.tile.choices())
                .map(|c| self.letters_value(c))
                .max()
                .unwrap_or(0),
            Tile::Wildcard => 0,
        }
    }

    /// The table value of a string of letters: the sum of its letters' values.
    pub fn letters_value(&self, letters: &str) -> u32 {
        letters.chars().map(|c| self.letter_value(c)).sum()
    }

    /// The table value of one letter in this game (1 for letters outside A-Z).
    pub fn letter_value(&self, letter: char) -> u32 {
        let table = match self.game {
            Game::Wordament => &WORDAMENT_VALUES,
            Game::Scramble => &SCRAMBLE_VALUES,
            Game::Bwf => &BWF_VALUES,
            Game::Spellcast => &SPELLCAST_VALUES,
            _ => &RUZZLE_VALUES,
        };
        let c = letter.to_ascii_lowercase();
        if c.is_ascii_lowercase() {
            table[(c as u8 - b'a') as usize]
        } else {
            1
        }
    }

    pub(crate) fn length_table(&self, letters: usize) -> u32 {
        match self.game {
            Game::Letterpress => letters as u32,
            Game::Wordhunt => match letters {
                0..=2 => 0,
                3 => 100,
                4 => 400,
                5 => 800,
                6 => 1400,
                7 => 1800,
                8 => 2200,
                9 => 2600,
                n => 2600 + 400 * (n as u32 - 9),
            },
            Game::Superbigboggle => match letters {
                0..=3 => 0,
                4 => 1,
                5 => 2,
                6 => 3,
                7 => 5,
                8 => 11,
                n => 2 * n as u32,
            },
            _ => match letters {
                0..=2 => 0,
                3 | 4 => 1,
                5 => 2,
                6 => 3,
                7 => 5,
                _ => 11,
            },
        }
    }

    /// Wordament's multiplier as a fraction (numerator, denominator).
    fn wordament_multiplier(&self, letters: usize) -> (u32, u32) {
        match (self.wordament, letters) {
            (WordamentMultipliers::Standard, 4 | 5) => (3, 2),
            (WordamentMultipliers::Alternate, 5) => (3, 2),
            (_, 6 | 7) => (2, 1),
            (WordamentMultipliers::Standard, 8..) => (3, 1),
            (WordamentMultipliers::Alternate, 8..) => (5, 2),
            _ => (1, 1),
        }
    }

    fn length_bonus(&self, letters: usize) -> u32 {
        match self.game {
            Game::Ruzzle => match letters {
                0..=4 => 0,
                n => 5 * (n as u32 - 4),
            },
            Game::Scramble | Game::Bwf => match letters {
                0..=4 => 0,
                5 => 3,
                6 => 6,
                7 => 10,
                8 => 15,
                9 => 20,
                _ => 28,
            },
            Game::Spellcast if letters >= SPELLCAST_LONG_WORD => SPELLCAST_LONG_WORD_BONUS,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_round_trips_its_name() {
        for game in Game::ALL {
            assert_eq!(game.to_string().parse::<Game>(), Ok(game));
            assert_eq!(game.to_string().to_uppercase().parse::<Game>(), Ok(game));
        }
        assert!("tetris".parse::<Game>().is_err());
        let unknown = "tetris".parse::<Game>().unwrap_err().to_string();
        assert!(
            unknown.ends_with("bwf, spellcast, letterpress)"),
            "{unknown}"
        );
    }

    fn board(text: &str) -> Board {
        Board::parse(text).unwrap()
    }

    /// For every game, whether its score is path-independent agrees with what its rules do:
    /// two paths of the same length over tiles with different values and badges score the same
    /// exactly when the game says its score is path-independent.
    #[test]
    fn path_independence_follows_from_the_rules() {
        let json = r#"{"rows":2,"cols":3,"tiles":[["Q","Z","X"],["E","A","I"]],
            "values":[[10,10,8],[1,1,1]],"bonuses":[["TL","2X","DW"],["","",""]]}"#;
        let b = board(json);
        for game in Game::ALL {
            let r = Rules::new(game);
            let (rare, common) = ([0, 1, 2], [3, 4, 5]);
            let same = (3..=8).all(|n| r.score(&b, &rare, n) == r.score(&b, &common, n));
            assert_eq!(same, game.score_is_path_independent(), "{game}");
            assert_eq!(r.scores_length_only(), game.score_is_path_independent());
        }
        assert!(Game::Letterpress.score_is_path_independent());
        assert!(!Game::Spellcast.score_is_path_independent());
    }

    #[test]
    fn boggle_tables() {
        let b = board("abcd efgh ijkl mnop");
        let r = Rules::new(Game::Boggle);
        let scores: Vec<u32> = (3..=9).map(|n| r.score(&b, &[], n)).collect();
        assert_eq!(scores, vec![1, 1, 2, 3, 5, 11, 11]);
        let s = Rules::new(Game::Superbigboggle);
        assert_eq!(s.score(&b, &[], 9), 18);
        assert_eq!(s.min_len, 4);
        let w = Rules::new(Game::Wordhunt);
        assert_eq!(w.score(&b, &[], 11), 3400);
    }

    #[test]
    fn wordament_uses_printed_values_and_multiplier() {
        let mut b = board("[re]bcd efgh ijkl mnop");
        b.set_value(0, Some(7));
        let r = Rules::new(Game::Wordament);
        // re(7) + b(5) + c(3) = 15, 4 letters x1.5 = 22.5, rounded down.
        assert_eq!(r.score(&b, &[0, 1, 2], 4), 22);
        assert_eq!(r.score(&b, &[1, 2, 3], 3), 11);
    }

    #[test]
    fn ruzzle_bonuses_and_length_bonus() {
        let json = r#"{"rows":1,"cols":5,"tiles":[["H","O","U","S","E"]],"bonuses":[["DL","","TW","",""]]}"#;
        let b = board(json);
        let r = Rules::new(Game::Ruzzle);
        // h4*2 + o1 + u2 + s1 + e1 = 13, x3 (TW) = 39, +5 for 5 letters.
        let bd = r.breakdown(&b, &[0, 1, 2, 3, 4], 5);
        assert_eq!(bd.score, 44);
        assert_eq!(bd.tile_points, vec![8, 1, 2, 1, 1]);
        assert_eq!(bd.word_factor, 3);
    }

    #[test]
    fn bwf_printed_values_bonuses_and_length_bonus() {
        // The dl_dw_qu screenshot's board: row 1 "ZSAE" with DL on S and A, row 2 DW on K.
        let json = r#"{"rows":2,"cols":4,"tiles":[["Z","S","A","E"],["E","T","K","R"]],
            "values":[[10,1,1,1],[1,1,5,1]],"bonuses":[["","DL","DL",""],["DL","","DW",""]]}"#;
        let b = board(json);
        let r = Rules::new(Game::Bwf);
        assert_eq!(r.min_len, 3);
        // T-A-K-E: t1 + a1x2 + k5 + e1 = 9, x2 (DW on K) = 18, 4 letters: no length bonus.
        assert_eq!(r.score(&b, &[5, 2, 6, 3], 4), 18);
        // S-T-A-K-E: s1x2 + t1 + a1x2 + k5 + e1 = 11, x2 = 22, +3 for 5 letters.
        assert_eq!(r.score(&b, &[1, 5, 2, 6, 3], 5), 25);
        // Without printed values the table gives the same numbers (Scrabble values).
        let plain = board("zsae etkr");
        assert_eq!(r.tile_value(&plain, 0), 10);
        assert_eq!(r.tile_value(&plain, 6), 5);
    }

    #[test]
    fn spellcast_letter_squares_word_square_and_long_word_bonus() {
        // Tiles as on the SpellCast screenshot (L I M P), with made-up bonus squares.
        let json = r#"{"rows":1,"cols":6,"tiles":[["L","I","M","P","S","Y"]],
            "bonuses":[["TL","","","","2X","DL"]]}"#;
        let b = board(json);
        let r = Rules::new(Game::Spellcast);
        // L-I-M-P: l3x3 + i1 + m4 + p4 = 18, no word bonus, under 6 letters.
        assert_eq!(r.score(&b, &[0, 1, 2, 3], 4), 18);
        // L-I-M-P-S: 18 + s2 = 20, x2 (2X on S).
        assert_eq!(r.score(&b, &[0, 1, 2, 3, 4], 5), 40);
        // A six-letter path gets the +10 long-word bonus: (18 + 2 + y4x2) x2 + 10 = 66.
        assert_eq!(r.score(&b, &[0, 1, 2, 3, 4, 5], 6), 66);
        let bd = r.breakdown(&b, &[0, 1, 2, 3, 4, 5], 6);
        assert_eq!((bd.word_factor, bd.length_points), (2, 10));
    }

    #[test]
    fn letterpress_counts_tiles() {
        let b = board("abcde fghij klmno pqrst uvwxy");
        let r = Rules::new(Game::Letterpress);
        assert_eq!(r.min_len, 2);
        assert_eq!(r.score(&b, &[0, 5, 24], 3), 3);
        assert_eq!(r.score(&b, &[0, 1, 2, 3, 4, 5, 6], 7), 7);
    }

    #[test]
    fn score_from_parts_agrees_with_breakdown() {
        let json = r#"{"rows":1,"cols":6,"tiles":[["H","O","U","S","E","S"]],"bonuses":[["DL","","TW","","","2X"]]}"#;
        let b = board(json);
        for game in [
            Game::Ruzzle,
            Game::Scramble,
            Game::Bwf,
            Game::Spellcast,
            Game::Wordament,
        ] {
            let r = Rules::new(game);
            let path = [0, 1, 2, 3, 4, 5];
            let bd = r.breakdown(&b, &path, 6);
            let sum = bd.tile_points.iter().sum();
            assert_eq!(
                r.score_from_parts(sum, bd.word_factor, 6),
                bd.score,
                "{game}"
            );
        }
    }
}
