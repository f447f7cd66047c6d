//! A straightforward recursive solver, as blog solvers write it: a `HashSet` of every prefix and a
//! `HashSet` of words, strings built as the search goes, found words collected in a set. It is the
//! baseline the benchmark compares the bitboard solver with, and a reference in tests.

use std::collections::HashSet;
use wordsnap::board::Board;

/// The word and prefix sets of a word list.
pub struct NaiveDict {
    words: HashSet<String>,
    prefixes: HashSet<String>,
}

impl NaiveDict {
    /// Builds the sets from words.
    pub fn new(words: &[String]) -> NaiveDict {
        let mut prefixes = HashSet::new();
        for w in words {
            for (i, _) in w.char_indices().skip(1) {
                prefixes.insert(w[..i].to_string());
            }
            prefixes.insert(w.clone());
        }
        NaiveDict {
            words: words.iter().cloned().collect(),
            prefixes,
        }
    }
}

/// Every word of at least `min_len` letters on a board of plain and multi-letter tiles.
pub fn naive_solve(board: &Board, dict: &NaiveDict, min_len: usize) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut visited = vec![false; board.len()];
    for start in 0..board.len() {
        visit(
            board,
            dict,
            min_len,
            start,
            String::new(),
            &mut visited,
            &mut found,
        );
    }
    found
}

fn visit(
    board: &Board,
    dict: &NaiveDict,
    min_len: usize,
    cell: usize,
    prefix: String,
    visited: &mut Vec<bool>,
    found: &mut HashSet<String>,
) {
    let Some(letters) = board.tiles()[cell].choices().first().map(|s| s.to_string()) else {
        return;
    };
    let word = prefix + &letters;
    if !dict.prefixes.contains(&word) {
        return;
    }
    if word.chars().count() >= min_len && dict.words.contains(&word) {
        found.insert(word.clone());
    }
    visited[cell] = true;
    let neighbours: Vec<usize> = board.neighbours(cell).collect();
    for next in neighbours {
        if !visited[next] {
            visit(board, dict, min_len, next, word.clone(), visited, found);
        }
    }
    visited[cell] = false;
}
