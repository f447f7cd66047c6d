//! Turning the lines of a plain word list into symbol sequences ready for the trie builder.
//!
//! Like `trie.rs`, this file uses only `std` so that `build.rs` shares it.

use std::collections::HashMap;

/// Word lists after cleaning: the alphabet, the sorted unique encoded words, and what was skipped.
pub struct PreparedWords {
    /// The alphabet in symbol order (sorted characters).
    pub alphabet: Vec<char>,
    /// Every kept word as symbols, sorted and without duplicates.
    pub words: Vec<Vec<u8>>,
    /// Words dropped because they hold characters outside the alphabet.
    pub skipped: usize,
    /// A few of the dropped words, to show in a warning.
    pub skipped_examples: Vec<String>,
    /// Letters the words use that did not fit in the alphabet (the rarest ones, beyond
    /// `max_symbols`), in order; words with them are among the skipped.
    pub dropped_letters: Vec<char>,
}

/// The text of a line as a word: trimmed and lower-cased; `None` for blank lines and `#` comments.
pub fn clean_line(line: &str) -> Option<String> {
    let word = line.trim();
    if word.is_empty() || word.starts_with('#') {
        return None;
    }
    Some(word.to_lowercase())
}

/// Chooses the alphabet (the alphabetic characters the words use, the `max_symbols` most frequent
/// ones when there are more) and encodes every word; words with other characters are skipped.
pub fn prepare(words: impl IntoIterator<Item = String>, max_symbols: usize) -> PreparedWords {
    let words: Vec<String> = words.into_iter().collect();
    let mut counts: HashMap<char, usize> = HashMap::new();
    for w in &words {
        for c in w.chars().filter(|c| c.is_alphabetic()) {
            *counts.entry(c).or_default() += 1;
        }
    }
    let mut by_count: Vec<(char, usize)> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut dropped_letters: Vec<char> = by_count
        .split_off(max_symbols.min(by_count.len()))
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    dropped_letters.sort_unstable();
    let mut alphabet: Vec<char> = by_count.into_iter().map(|(c, _)| c).collect();
    alphabet.sort_unstable();
    let index: HashMap<char, u8> = alphabet
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u8))
        .collect();
    let mut encoded = Vec::with_capacity(words.len());
    let mut skipped = 0;
    let mut skipped_examples = Vec::new();
    for w in words {
        match w
            .chars()
            .map(|c| index.get(&c).copied())
            .collect::<Option<Vec<u8>>>()
        {
            Some(symbols) if !symbols.is_empty() => encoded.push(symbols),
            _ => {
                skipped += 1;
                if skipped_examples.len() < 5 {
                    skipped_examples.push(w);
                }
            }
        }
    }
    encoded.sort_unstable();
    encoded.dedup();
    PreparedWords {
        alphabet,
        words: encoded,
        skipped,
        skipped_examples,
        dropped_letters,
    }
}
