//! SpellCast swaps: the best words when up to N tiles of the path may be changed to any letter.
//!
//! The search is the usual path search along the trie, with one more move: when swaps are left,
//! the next tile may stand for any letter, which is a wildcard step over every child of the
//! current trie node (except the tile's own letter, which the plain step already covers). The
//! trie prunes the wildcard: only letters that continue some word are tried.
//!
//! A swapped tile is worth its new letter's table value (the printed value belonged to the old
//! letter); its bonus square (DL, TL, 2X) stays. Each word keeps its best score, and at equal
//! score the fewest swaps.

use crate::board::{Board, Tile};
use crate::dict::trie::NodeWord;
use crate::dict::{Dictionary, Nodes, child, walk};
use crate::solve::{FoundWord, Solution, SolveOptions};
use std::collections::HashMap;

/// The most swaps the search accepts (SpellCast players rarely hold gems for more).
pub const MAX_SWAPS: usize = 3;

/// One changed tile: the cell and the letter it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Swap {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// The new letter, lower case.
    pub letter: char,
}

/// The words found with swaps allowed.
#[derive(Debug, Clone, Default)]
pub struct SwapSolution {
    /// The words, best first, as a plain solution.
    pub solution: Solution,
    /// The tiles each word changes, for the words that need swaps (keyed by word).
    pub swaps: HashMap<String, Vec<Swap>>,
}

/// A precomputed view of one cell.
struct Cell {
    /// The symbol sequences the tile offers unchanged (none for a hole or unknown letters).
    choices: Vec<Vec<u8>>,
    prefix: bool,
    suffix: bool,
    /// Points of the unchanged tile, letter bonus applied.
    points: u32,
    /// The tile's letter bonus factor (applied to a swapped letter too).
    letter_factor: u32,
    /// The tile's word bonus factor.
    word_factor: u32,
    /// False for a hole.
    exists: bool,
}

/// The best way found so far to make one word.
struct Best {
    score: u32,
    path: Vec<u8>,
    swaps: Vec<(u8, u8)>,
    word: Vec<u8>,
}

/// Finds the best words on `board` when up to `max_swaps` tiles may be changed (0 gives the
/// plain search's words and scores). `max_swaps` above [`MAX_SWAPS`] is capped.
pub fn solve(
    board: &Board,
    dict: &Dictionary,
    options: &SolveOptions,
    max_swaps: usize,
) -> SwapSolution {
    let rules = &options.rules;
    let bonuses = rules.counts_bonuses();
    let cells: Vec<Cell> = (0..board.len())
        .map(|cell| {
            let tile = &board.tiles()[cell];
            let bonus = board.bonus(cell).filter(|_| bonuses);
            let letter_factor = bonus.map_or(1, |b| b.letter_factor());
            Cell {
                choices: tile
                    .choices()
                    .iter()
                    .filter_map(|s| dict.alphabet().encode(s))
                    .collect(),
                prefix: matches!(tile, Tile::Prefix(_)),
                suffix: matches!(tile, Tile::Suffix(_)),
                points: rules.tile_value(board, cell) * letter_factor,
                letter_factor,
                word_factor: bonus.map_or(1, |b| b.word_factor()),
                exists: !tile.is_hole(),
            }
        })
        .collect();
    let letter_points: Vec<u32> = dict
        .alphabet()
        .chars()
        .iter()
        .map(|&c| rules.letter_value(c))
        .collect();
    let mut search = Search {
        cells: &cells,
        neighbours: (0..board.len())
            .map(|c| board.neighbours(c).collect())
            .collect(),
        letter_points: &letter_points,
        options,
        symbols: dict.alphabet().len() as u32,
        swaps_left: max_swaps.min(MAX_SWAPS),
        path: Vec::new(),
        swaps: Vec::new(),
        visited: 0,
        word: Vec::new(),
        best: HashMap::new(),
    };
    match dict.nodes() {
        Nodes::Narrow(n) => search.run(&n[..]),
        Nodes::Wide(n) => search.run(&n[..]),
    }
    report(board, dict, search.best)
}

/// The search state: the path so far, its swaps, and the best result per word.
struct Search<'a> {
    cells: &'a [Cell],
    neighbours: Vec<Vec<usize>>,
    letter_points: &'a [u32],
    options: &'a SolveOptions,
    symbols: u32,
    swaps_left: usize,
    path: Vec<u8>,
    /// (cell, symbol) of each swap on the path.
    swaps: Vec<(u8, u8)>,
    visited: u64,
    /// The word's symbols so far.
    word: Vec<u8>,
    /// Best result per word, keyed by the word's terminal trie node.
    best: HashMap<usize, Best>,
}

/// What a step adds to the word's score.
#[derive(Clone, Copy)]
struct Tally {
    points: u32,
    word_factor: u32,
}

impl Search<'_> {
    fn run<N: NodeWord>(&mut self, nodes: &[N]) {
        for cell in 0..self.cells.len() {
            if self.cells[cell].exists {
                self.enter(
                    nodes,
                    0,
                    cell,
                    Tally {
                        points: 0,
                        word_factor: 1,
                    },
                );
            }
        }
    }

    /// Tries every way to use `cell` as the next tile, from trie `node`.
    fn enter<N: NodeWord>(&mut self, nodes: &[N], node: usize, cell: usize, tally: Tally) {
        let c = &self.cells[cell];
        let first = self.path.is_empty();
        let word_factor = tally.word_factor * c.word_factor;
        if !c.prefix || first {
            for choice in &c.choices {
                if let Some(next) = walk(nodes, node, choice, self.symbols) {
                    let t = Tally {
                        points: tally.points + c.points,
                        word_factor,
                    };
                    self.step(nodes, next, cell, choice, None, !c.suffix, t);
                }
            }
        }
        if self.swaps_left == 0 {
            return;
        }
        let own = match c.choices.as_slice() {
            [single] if single.len() == 1 => Some(single[0]),
            _ => None,
        };
        let mut mask = nodes[node].child_mask(self.symbols);
        while mask != 0 {
            let symbol = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            if Some(symbol) == own {
                continue;
            }
            let next = child(nodes, node, symbol, self.symbols).expect("bit set in the mask");
            let points = self.letter_points[symbol as usize] * c.letter_factor;
            let t = Tally {
                points: tally.points + points,
                word_factor,
            };
            self.step(nodes, next, cell, &[symbol], Some(symbol), true, t);
        }
    }

    /// Puts `cell` on the path (spelling `letters`, swapped to `swap` if given), records the
    /// word ending here and goes on to the neighbours when `extend`.
    #[allow(clippy::too_many_arguments)]
    fn step<N: NodeWord>(
        &mut self,
        nodes: &[N],
        node: usize,
        cell: usize,
        letters: &[u8],
        swap: Option<u8>,
        extend: bool,
        tally: Tally,
    ) {
        self.path.push(cell as u8);
        self.visited |= 1 << cell;
        self.word.extend_from_slice(letters);
        if let Some(symbol) = swap {
            self.swaps.push((cell as u8, symbol));
            self.swaps_left -= 1;
        }
        self.record(nodes, node, tally);
        if extend && self.word.len() < self.options.max_len {
            for i in 0..self.neighbours[cell].len() {
                let next = self.neighbours[cell][i];
                if self.visited >> next & 1 == 0 {
                    self.enter(nodes, node, next, tally);
                }
            }
        }
        if swap.is_some() {
            self.swaps.pop();
            self.swaps_left += 1;
        }
        self.word.truncate(self.word.len() - letters.len());
        self.visited &= !(1 << cell);
        self.path.pop();
    }

    fn record<N: NodeWord>(&mut self, nodes: &[N], node: usize, tally: Tally) {
        let len = self.word.len();
        let o = self.options;
        let wanted = len >= o.rules.min_len
            && len <= o.max_len
            && o.lengths.as_ref().is_none_or(|l| l.contains(&len));
        if !wanted || !nodes[node].is_terminal(self.symbols) {
            return;
        }
        let score = o
            .rules
            .score_from_parts(tally.points, tally.word_factor, len);
        let better = self.best.get(&node).is_none_or(|b| {
            score > b.score || (score == b.score && self.swaps.len() < b.swaps.len())
        });
        if better {
            self.best.insert(
                node,
                Best {
                    score,
                    path: self.path.clone(),
                    swaps: self.swaps.clone(),
                    word: self.word.clone(),
                },
            );
        }
    }
}

/// Turns the best results into a sorted solution with each word's swaps.
fn report(board: &Board, dict: &Dictionary, best: HashMap<usize, Best>) -> SwapSolution {
    let cols = board.cols();
    let at = |c: u8| (c as usize / cols, c as usize % cols);
    let mut swaps = HashMap::new();
    let words: Vec<FoundWord> = best
        .into_values()
        .map(|b| {
            let word: String = b.word.iter().map(|&s| dict.alphabet().char(s)).collect();
            if !b.swaps.is_empty() {
                let list = b
                    .swaps
                    .iter()
                    .map(|&(cell, symbol)| {
                        let (row, col) = at(cell);
                        Swap {
                            row,
                            col,
                            letter: dict.alphabet().char(symbol),
                        }
                    })
                    .collect();
                swaps.insert(word.clone(), list);
            }
            FoundWord {
                word,
                score: b.score,
                path: b.path.iter().map(|&c| at(c)).collect(),
                paths: Vec::new(),
                certainty: 1.0,
                readings: Vec::new(),
            }
        })
        .collect();
    SwapSolution {
        solution: Solution::of_words(words, Vec::new()),
        swaps,
    }
}

/// The board with the swaps applied: each swapped tile becomes its new letter, without a printed
/// value (the game's table gives it), keeping its bonus square.
pub fn apply(board: &Board, swaps: &[Swap]) -> Board {
    let mut out = board.clone();
    for s in swaps {
        let cell = s.row * board.cols() + s.col;
        out.set_tile(cell, Tile::Letters(s.letter.to_string()));
        out.set_value(cell, None);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Bonus;
    use crate::score::Game;
    use crate::solve::Solver;

    fn dict(words: &[&str]) -> Dictionary {
        Dictionary::from_words(words.iter().map(|w| w.to_string()).collect(), "test").unwrap()
    }

    fn spellcast_board(text: &str) -> Board {
        let mut b = Board::parse(text).unwrap();
        b.set_bonus(0, Some(Bonus::DL));
        b.set_bonus(b.len() / 2, Some(Bonus::X2));
        b.set_bonus(b.len() - 1, Some(Bonus::TL));
        b
    }

    /// Brute force: solve every board made by changing up to `n` cells to letters of `alphabet`
    /// with the plain solver; each word's best score over all of them.
    fn brute_force(
        board: &Board,
        d: &Dictionary,
        options: &SolveOptions,
        n: usize,
        alphabet: &[char],
    ) -> HashMap<String, u32> {
        let mut best: HashMap<String, u32> = HashMap::new();
        let mut solver = Solver::new(d, options.clone());
        let mut changes: Vec<Vec<Swap>> = vec![vec![]];
        for _ in 0..n {
            let mut more = Vec::new();
            for set in &changes {
                let after = set.last().map_or(0, |s| s.row * board.cols() + s.col + 1);
                for cell in after..board.len() {
                    for &letter in alphabet {
                        let (row, col) = (cell / board.cols(), cell % board.cols());
                        let mut next = set.clone();
                        next.push(Swap { row, col, letter });
                        more.push(next);
                    }
                }
            }
            changes.extend(more);
        }
        for set in changes {
            for w in solver.solve(&apply(board, &set)).words {
                let e = best.entry(w.word).or_default();
                *e = (*e).max(w.score);
            }
        }
        best
    }

    fn check_against_brute_force(text: &str, words: &[&str], n: usize) {
        let board = spellcast_board(text);
        let d = dict(words);
        let options = SolveOptions::new(Game::Spellcast);
        let alphabet: Vec<char> = d.alphabet().chars().to_vec();
        let expected = brute_force(&board, &d, &options, n, &alphabet);
        let found = solve(&board, &d, &options, n);
        let got: HashMap<String, u32> = found
            .solution
            .words
            .iter()
            .map(|w| (w.word.clone(), w.score))
            .collect();
        assert_eq!(got, expected, "board {text}, {n} swaps");
        // Each reported word is really spelled by its path once its swaps are applied, with
        // no more swaps than allowed, and scores what the plain rules say on that board.
        for w in &found.solution.words {
            let swaps = found.swaps.get(&w.word).cloned().unwrap_or_default();
            assert!(swaps.len() <= n);
            let swapped = apply(&board, &swaps);
            let spelled: String = w
                .path
                .iter()
                .map(|&(r, c)| swapped.tile(r, c).notation().to_lowercase())
                .collect();
            assert_eq!(spelled, w.word);
            let cells: Vec<usize> = w.path.iter().map(|&(r, c)| r * board.cols() + c).collect();
            assert_eq!(options.rules.score(&swapped, &cells, w.letters()), w.score);
        }
    }

    #[test]
    fn no_swaps_is_the_plain_search() {
        let board = spellcast_board("cat ore dog");
        let d = Dictionary::english();
        let options = SolveOptions::new(Game::Spellcast);
        let plain = Solver::new(&d, options.clone()).solve(&board);
        let found = solve(&board, &d, &options, 0);
        assert_eq!(found.solution.words, plain.words);
        assert!(found.swaps.is_empty());
    }

    #[test]
    fn one_and_two_swaps_match_brute_force() {
        let words = [
            "cat", "act", "tact", "coat", "taco", "at", "ta", "to", "oat", "cot", "tot",
        ];
        check_against_brute_force("cax tox aco", &words, 1);
        check_against_brute_force("cax tox aco", &words, 2);
        check_against_brute_force("xxx xxx xxx", &words, 2);
    }

    #[test]
    fn three_swaps_match_brute_force_on_a_small_board() {
        let words = ["abc", "cab", "bad", "dab", "abba", "dad", "add", "ab", "ba"];
        check_against_brute_force("ab cd", &words, 3);
    }

    #[test]
    fn a_swap_is_reported_with_its_tile_and_letter() {
        let board = Board::parse("cx tz").unwrap();
        let d = dict(&["cat"]);
        let found = solve(&board, &d, &SolveOptions::new(Game::Spellcast), 1);
        assert_eq!(found.solution.words.len(), 1);
        let w = &found.solution.words[0];
        assert_eq!(w.word, "cat");
        assert_eq!(found.swaps["cat"].len(), 1);
        let s = found.swaps["cat"][0];
        assert_eq!(s.letter, 'a');
        assert_eq!(w.path[1], (s.row, s.col));
        // c5 + a1 + t2 = 8: the swapped tile is worth its new letter.
        assert_eq!(w.score, 8);
    }
}
