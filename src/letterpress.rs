//! Letterpress: words from any tiles of the board, each tile used at most once, with no
//! adjacency rule. This is an anagram search over the multiset of tiles, walked along the trie:
//! at each trie node, every kind of tile that is still available may extend the word.
//!
//! A word is worth its length (one point per tile it can take); words come best first. The path
//! of a word lists the tiles it uses, taking tiles in reading order; with
//! [`solve_preferring`], tiles no player owns yet come first (a word takes them from nobody,
//! and leaves the player's own tiles alone).

use crate::board::{Board, Tile};
use crate::dict::trie::NodeWord;
use crate::dict::{Dictionary, Nodes, walk};
use crate::solve::{FoundWord, Solution, SolveOptions};
use std::collections::HashMap;

/// The tiles of one kind: same letters, same prefix/suffix rule.
struct Kind {
    /// The symbol sequences a word may take from such a tile (two for either/or).
    choices: Vec<Vec<u8>>,
    /// Prefix-only: may only start a word.
    prefix: bool,
    /// Suffix-only: may only end a word.
    suffix: bool,
    /// The cells holding such a tile, in reading order.
    cells: Vec<usize>,
}

/// Finds every dictionary word that can be spelled from the board's tiles, each tile used at
/// most once, in any order. Lengths follow `options` (minimum, maximum, `lengths`).
pub fn solve(board: &Board, dict: &Dictionary, options: &SolveOptions) -> Solution {
    solve_preferring(board, dict, options, &[])
}

/// [`solve`], with each word's path taking the `preferred` tiles (row-major; Letterpress's
/// unowned tiles, see [`crate::vision::game::GameGuess::unowned`]) before others of the same
/// letters. The words and their scores are the same; only which tiles each one takes changes.
pub fn solve_preferring(
    board: &Board,
    dict: &Dictionary,
    options: &SolveOptions,
    preferred: &[bool],
) -> Solution {
    let (mut kinds, unusable) = tile_kinds(board, dict);
    for kind in &mut kinds {
        // Stable: preferred tiles first, each group in reading order.
        kind.cells
            .sort_by_key(|&c| !preferred.get(c).copied().unwrap_or(false));
    }
    let mut search = Search {
        kinds: &kinds,
        left: kinds.iter().map(|k| k.cells.len()).collect(),
        used: Vec::new(),
        letters: Vec::new(),
        options,
        symbols: dict.alphabet().len() as u32,
        found: HashMap::new(),
    };
    match dict.nodes() {
        Nodes::Narrow(n) => search.from(&n[..], 0),
        Nodes::Wide(n) => search.from(&n[..], 0),
    }
    let words: Vec<FoundWord> = search
        .found
        .into_values()
        .map(|(symbols, used)| found_word(board, dict, &kinds, &symbols, &used, options))
        .collect();
    let unusable = unusable
        .into_iter()
        .map(|c| (c / board.cols(), c % board.cols()))
        .collect();
    Solution::of_words(words, unusable)
}

/// Groups the board's tiles by kind; cells whose letters the dictionary cannot spell are unusable.
fn tile_kinds(board: &Board, dict: &Dictionary) -> (Vec<Kind>, Vec<usize>) {
    let mut kinds: Vec<(Tile, Kind)> = Vec::new();
    let mut unusable = Vec::new();
    for (cell, tile) in board.tiles().iter().enumerate() {
        if tile.is_hole() {
            continue;
        }
        if let Some((_, kind)) = kinds.iter_mut().find(|(t, _)| t == tile) {
            kind.cells.push(cell);
            continue;
        }
        let choices: Vec<Vec<u8>> = tile
            .choices()
            .iter()
            .filter_map(|s| dict.alphabet().encode(s))
            .collect();
        if choices.is_empty() {
            unusable.push(cell);
            continue;
        }
        let kind = Kind {
            choices,
            prefix: matches!(tile, Tile::Prefix(_)),
            suffix: matches!(tile, Tile::Suffix(_)),
            cells: vec![cell],
        };
        kinds.push((tile.clone(), kind));
    }
    (kinds.into_iter().map(|(_, k)| k).collect(), unusable)
}

/// The state of the anagram search.
struct Search<'a> {
    kinds: &'a [Kind],
    /// Tiles of each kind still free.
    left: Vec<usize>,
    /// The kind of each tile used so far, in word order.
    used: Vec<usize>,
    /// The word's symbols so far.
    letters: Vec<u8>,
    options: &'a SolveOptions,
    symbols: u32,
    /// Each word found (keyed by its terminal node): its symbols and the kinds it used.
    found: HashMap<usize, (Vec<u8>, Vec<usize>)>,
}

impl Search<'_> {
    /// Extends the word at trie `node` by one tile of every available kind.
    fn from<N: NodeWord>(&mut self, nodes: &[N], node: usize) {
        if self.letters.len() >= self.options.max_len {
            return;
        }
        for k in 0..self.kinds.len() {
            let kind = &self.kinds[k];
            if self.left[k] == 0 || (kind.prefix && !self.used.is_empty()) {
                continue;
            }
            for choice in &kind.choices {
                let Some(next) = walk(nodes, node, choice, self.symbols) else {
                    continue;
                };
                self.left[k] -= 1;
                self.used.push(k);
                self.letters.extend_from_slice(choice);
                self.record(nodes, next);
                if !kind.suffix {
                    self.from(nodes, next);
                }
                self.letters.truncate(self.letters.len() - choice.len());
                self.used.pop();
                self.left[k] += 1;
            }
        }
    }

    /// Keeps the word ending at `node` if it is one and has a wanted length.
    fn record<N: NodeWord>(&mut self, nodes: &[N], node: usize) {
        let len = self.letters.len();
        let wanted = len >= self.options.rules.min_len
            && len <= self.options.max_len
            && self
                .options
                .lengths
                .as_ref()
                .is_none_or(|l| l.contains(&len));
        if wanted && nodes[node].is_terminal(self.symbols) {
            self.found
                .entry(node)
                .or_insert_with(|| (self.letters.clone(), self.used.clone()));
        }
    }
}

/// Builds the reported word: its text, score and the cells it takes (each kind's tiles in
/// reading order).
fn found_word(
    board: &Board,
    dict: &Dictionary,
    kinds: &[Kind],
    symbols: &[u8],
    used: &[usize],
    options: &SolveOptions,
) -> FoundWord {
    let mut taken = vec![0usize; kinds.len()];
    let cells: Vec<usize> = used
        .iter()
        .map(|&k| {
            taken[k] += 1;
            kinds[k].cells[taken[k] - 1]
        })
        .collect();
    let word: String = symbols.iter().map(|&s| dict.alphabet().char(s)).collect();
    let letters = word.chars().count();
    FoundWord {
        score: options.rules.score(board, &cells, letters),
        path: cells
            .iter()
            .map(|&c| (c / board.cols(), c % board.cols()))
            .collect(),
        paths: Vec::new(),
        certainty: 1.0,
        readings: Vec::new(),
        word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Game;
    use std::collections::BTreeMap;

    #[test]
    fn preferred_tiles_are_taken_first() {
        let d = dict(&["cat"]);
        let board = Board::parse("catca t.... ..... ..... .....").unwrap();
        let options = SolveOptions::new(Game::Letterpress);
        let plain = solve(&board, &d, &options);
        assert_eq!(plain.words[0].path, vec![(0, 0), (0, 1), (0, 2)]);
        // The second C and A (cells 3, 4) and the T below (cell 5) are unowned.
        let mut unowned = vec![false; 25];
        for c in [3, 4, 5] {
            unowned[c] = true;
        }
        let preferring = solve_preferring(&board, &d, &options, &unowned);
        assert_eq!(preferring.words[0].path, vec![(0, 3), (0, 4), (1, 0)]);
        assert_eq!(preferring.words[0].score, plain.words[0].score);
    }

    fn dict(words: &[&str]) -> Dictionary {
        Dictionary::from_words(words.iter().map(|w| w.to_string()).collect(), "test").unwrap()
    }

    /// Brute force: a word fits when the board has at least as many of each of its letters.
    fn anagram_count(board: &Board, words: &[String], min_len: usize) -> usize {
        let mut have: BTreeMap<char, usize> = BTreeMap::new();
        for t in board.tiles() {
            if let Tile::Letters(s) = t {
                for c in s.chars() {
                    *have.entry(c).or_default() += 1;
                }
            }
        }
        words
            .iter()
            .filter(|w| w.chars().count() >= min_len)
            .filter(|w| {
                let mut need: BTreeMap<char, usize> = BTreeMap::new();
                w.chars().for_each(|c| *need.entry(c).or_default() += 1);
                need.iter()
                    .all(|(c, n)| have.get(c).copied().unwrap_or(0) >= *n)
            })
            .count()
    }

    #[test]
    fn uses_any_tiles_without_adjacency() {
        // 'cat' is not a path on this board (c and t are far apart) but Letterpress allows it.
        let b = Board::parse("cxxxx xxxxx xxaxx xxxxx xxxxt").unwrap();
        let d = dict(&["cat", "act", "tact", "at", "a"]);
        let s = solve(&b, &d, &SolveOptions::new(Game::Letterpress));
        let words: Vec<&str> = s.words.iter().map(|w| w.word.as_str()).collect();
        // Best first by length; "tact" needs two t tiles; "a" is below the minimum of 2.
        assert_eq!(words, vec!["act", "cat", "at"]);
        assert_eq!(s.words[0].score, 3);
        assert_eq!(s.words[1].path, vec![(0, 0), (2, 2), (4, 4)]);
    }

    #[test]
    fn repeated_letters_take_distinct_tiles() {
        let b = Board::parse("ttac").unwrap();
        let d = dict(&["tact", "tat", "attack"]);
        let s = solve(&b, &d, &SolveOptions::new(Game::Letterpress));
        assert_eq!(s.words.len(), 2);
        let tact = &s.words[0];
        assert_eq!(tact.word, "tact");
        let mut cells = tact.path.clone();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 4, "each tile used once: {:?}", tact.path);
    }

    #[test]
    fn matches_an_anagram_count_on_the_english_list() {
        let d = Dictionary::english();
        let all = d.words();
        for text in [
            "ksogc nupts donun sresl aotnw",
            "tnehagenfnpixicegsttlysys",
            "abcde fghij klmno pqrst uvwxy",
        ] {
            let b = Board::parse(text).unwrap();
            let s = solve(&b, &d, &SolveOptions::new(Game::Letterpress));
            assert_eq!(s.words.len(), anagram_count(&b, &all, 2), "board {text}");
            for w in &s.words {
                let spelled: String = w
                    .path
                    .iter()
                    .map(|&(r, c)| b.tile(r, c).notation().to_lowercase())
                    .collect();
                assert_eq!(spelled, w.word);
                assert_eq!(w.score as usize, w.letters());
            }
        }
    }
}
