//! Builds the embedded English trie at compile time from `models/words/word-list.txt.gz`,
//! with the same code the library uses for user word lists (`src/dict/{wordlist,trie}.rs`).

use std::io::Read;

#[path = "src/dict/trie.rs"]
#[allow(dead_code)]
mod trie;
#[path = "src/dict/wordlist.rs"]
#[allow(dead_code)]
mod wordlist;

fn main() {
    let source = "models/words/word-list.txt.gz";
    println!("cargo:rerun-if-changed={source}");
    println!("cargo:rerun-if-changed=src/dict/trie.rs");
    println!("cargo:rerun-if-changed=src/dict/wordlist.rs");
    let file = std::fs::File::open(source).unwrap_or_else(|e| panic!("cannot open {source}: {e}"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("cannot decompress {source}: {e}"));
    let prepared = wordlist::prepare(
        text.lines().filter_map(wordlist::clean_line),
        trie::MAX_NARROW_SYMBOLS,
    );
    let nodes = trie::build_nodes::<u64>(&prepared.words, prepared.alphabet.len())
        .unwrap_or_else(|e| panic!("{source}: {e}"));
    let alphabet: String = prepared.alphabet.iter().collect();
    let image = trie::write_image(&alphabet, &nodes);
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("english.trie");
    std::fs::write(&out, image).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}
