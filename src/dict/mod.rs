//! The dictionary: a word list stored as a compact trie (see [`trie`] for the byte layout).
//!
//! The English list embedded in the binary is built into a trie image at compile time by
//! `build.rs`, so loading it costs next to nothing. User lists (`--dict`) are built at run time,
//! or compiled once into a `.wsd` file ([`compiled`]) that is memory-mapped; `--allow` and
//! `--deny` lists add and ban words.

pub mod compiled;
pub mod trie;
pub(crate) mod wordlist;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use trie::NodeWord;
use unicode_normalization::UnicodeNormalization;

/// A problem reading or building a dictionary, with the file and line where there is one.
#[derive(Debug, thiserror::Error)]
pub enum DictError {
    /// The file could not be read (the OS error is the source).
    #[error("cannot read word list {path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not UTF-8.
    #[error("{path}:{line}: not valid UTF-8 (word lists must be UTF-8)")]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
    },
    /// No usable words.
    #[error("{0}: no words (blank lines and # comments are ignored)")]
    Empty(String),
    /// Words, but every one of them has characters outside the alphabet (a list with several
    /// words on a line, or one long line).
    #[error(
        "{source_name}: no usable words: every one of its {skipped} words has characters \
         outside the alphabet (e.g. {examples}); a word list has one word per line, in letters only"
    )]
    AllSkipped {
        /// Where the words came from.
        source_name: String,
        /// How many words were skipped.
        skipped: usize,
        /// A few of them, quoted.
        examples: String,
    },
    /// Every word of the list was banned by the `--deny` lists.
    #[error("{0}: no words left: the --deny lists ban every one of its {1} words")]
    AllDenied(String, usize),
    /// The trie could not be built.
    #[error(transparent)]
    Build(trie::TrieError),
    /// A compiled word list could not be written (the OS error is the source).
    #[error("cannot write the compiled word list {path}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A compiled word list (`.wsd`) that cannot be used: damaged, truncated, of another
    /// format version, or not a compiled list at all.
    #[error("{path}: cannot use this compiled word list: {reason}")]
    Compiled {
        /// The file.
        path: PathBuf,
        /// What is wrong with it (part of this error's message, so not repeated as its source).
        reason: compiled::CompiledError,
    },
}

/// The nodes of a trie, narrow (`u64`, alphabets up to 40 letters) or wide (`u128`).
pub enum Nodes {
    /// One `u64` per node.
    Narrow(NodeStore<u64>),
    /// One `u128` per node.
    Wide(NodeStore<u128>),
}

/// Where a trie's nodes live: in the binary, in memory, or in a memory-mapped compiled word
/// list (`.wsd`). Dereferences to the node slice.
pub struct NodeStore<N: NodeWord>(Backing<N>);

enum Backing<N: 'static> {
    Static(&'static [N]),
    Owned(Vec<N>),
    /// `len` nodes at byte `offset` of the map, checked aligned for `N` when made.
    Mapped {
        map: memmap2::Mmap,
        offset: usize,
        len: usize,
    },
}

impl<N: NodeWord> NodeStore<N> {
    /// Nodes held in memory.
    pub fn owned(nodes: Vec<N>) -> NodeStore<N> {
        NodeStore(Backing::Owned(nodes))
    }

    /// Nodes used in place from a memory map: `len` nodes from byte `offset`, or an error when
    /// they are not aligned for `N`, run past the map, or the machine is not little-endian
    /// (the map is then given back).
    pub(crate) fn mapped(
        map: memmap2::Mmap,
        offset: usize,
        len: usize,
    ) -> Result<NodeStore<N>, memmap2::Mmap> {
        let fits = len
            .checked_mul(N::BYTES)
            .and_then(|bytes| bytes.checked_add(offset))
            .is_some_and(|end| end <= map.len());
        let aligned = map
            .as_ptr()
            .wrapping_add(offset)
            .align_offset(std::mem::align_of::<N>())
            == 0;
        if cfg!(target_endian = "little") && aligned && fits {
            Ok(NodeStore(Backing::Mapped { map, offset, len }))
        } else {
            Err(map)
        }
    }
}

impl<N: NodeWord> std::ops::Deref for NodeStore<N> {
    type Target = [N];

    fn deref(&self) -> &[N] {
        match &self.0 {
            Backing::Static(nodes) => nodes,
            Backing::Owned(nodes) => nodes,
            // SAFETY: `mapped` checked that the range lies inside the map and is aligned for N,
            // any bit pattern is a valid N (a plain integer), and the map lives as long as self.
            // The file must not be changed while it is mapped (the usual rule of memory maps).
            Backing::Mapped { map, offset, len } => unsafe {
                std::slice::from_raw_parts(map.as_ptr().add(*offset).cast::<N>(), *len)
            },
        }
    }
}

/// Maps characters to trie symbols.
#[derive(Debug, Clone)]
pub struct Alphabet {
    chars: Vec<char>,
    ascii: [u8; 128],
    other: HashMap<char, u8>,
}

/// Marks an ASCII character with no symbol.
const NO_SYMBOL: u8 = u8::MAX;

impl Alphabet {
    /// An alphabet from its characters, symbol 0 first.
    pub fn new(chars: Vec<char>) -> Alphabet {
        let mut ascii = [NO_SYMBOL; 128];
        let mut other = HashMap::new();
        for (i, &c) in chars.iter().enumerate() {
            if c.is_ascii() {
                ascii[c as usize] = i as u8;
            } else {
                other.insert(c, i as u8);
            }
        }
        Alphabet {
            chars,
            ascii,
            other,
        }
    }

    /// The symbol of a character, if the alphabet has it.
    #[inline]
    pub fn symbol(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            Some(self.ascii[c as usize]).filter(|&s| s != NO_SYMBOL)
        } else {
            self.other.get(&c).copied()
        }
    }

    /// Encodes a string, or `None` when a character is not in the alphabet.
    pub fn encode(&self, s: &str) -> Option<Vec<u8>> {
        s.chars().map(|c| self.symbol(c)).collect()
    }

    /// The character of a symbol.
    pub fn char(&self, symbol: u8) -> char {
        self.chars[symbol as usize]
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// True when the alphabet has no symbols.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The characters in symbol order.
    pub fn chars(&self) -> &[char] {
        &self.chars
    }
}

/// The most letters an alphabet holds (a word list using more keeps the most frequent ones).
pub const MAX_LETTERS: usize = trie::MAX_SYMBOLS - 1;

/// The first `max` characters of a word, with `...` when it is longer.
fn shorten(word: &str, max: usize) -> String {
    match word.char_indices().nth(max) {
        Some((end, _)) => format!("{}...", &word[..end]),
        None => word.to_string(),
    }
}

/// Options for loading a dictionary.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Fold accents (é -> e, ü -> u), the way most games print tiles.
    pub fold_accents: bool,
    /// Word lists whose words are added.
    pub allow: Vec<PathBuf>,
    /// Word lists whose words are removed.
    pub deny: Vec<PathBuf>,
}

/// A word list as a trie, ready for the solver.
pub struct Dictionary {
    alphabet: Alphabet,
    nodes: Nodes,
    words: usize,
    fold_accents: bool,
    /// Words skipped because they use characters outside the alphabet.
    pub skipped: usize,
    /// Some of the skipped words.
    pub skipped_examples: Vec<String>,
    /// Letters the list uses beyond the [`MAX_LETTERS`] the alphabet holds (the rarest ones);
    /// words with them are among the skipped.
    pub dropped_letters: Vec<char>,
    /// Where the words came from (a path or "embedded English list").
    pub source: String,
}

/// The embedded English trie image, aligned so its nodes can be used in place.
#[repr(C, align(16))]
struct Aligned<B: ?Sized>(B);
static ENGLISH_IMAGE: &Aligned<[u8]> =
    &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/english.trie")));

/// Removes accents: `é` -> `e`, `ü` -> `u` (canonical decomposition without combining marks).
pub fn fold_accents(s: &str) -> String {
    s.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect()
}

impl Dictionary {
    /// The English list embedded in the binary (npm `word-list`, MIT), used in place.
    pub fn english() -> Dictionary {
        let parts = trie::read_image(&ENGLISH_IMAGE.0).expect("the embedded trie image is valid");
        let nodes = nodes_in_place(parts.nodes);
        let alphabet = Alphabet::new(parts.alphabet.chars().collect());
        let words = count_terminals(&nodes, alphabet.len());
        Dictionary {
            alphabet,
            nodes: Nodes::Narrow(nodes),
            words,
            fold_accents: false,
            skipped: 0,
            skipped_examples: vec![],
            dropped_letters: vec![],
            source: "embedded English list (npm word-list 4.1.0)".into(),
        }
    }

    /// Loads the embedded list or a user list, then applies the allow and deny lists.
    pub fn load(path: Option<&Path>, options: &LoadOptions) -> Result<Dictionary, DictError> {
        let plain = options.allow.is_empty() && options.deny.is_empty() && !options.fold_accents;
        let mut words: Vec<String> = match path {
            None if plain => return Ok(Dictionary::english()),
            None => Dictionary::english().words(),
            Some(p) if compiled::is_compiled(p) || p.extension().is_some_and(|e| e == "wsd") => {
                let dict = compiled::load(p)?;
                if plain {
                    return Ok(dict);
                }
                dict.words()
            }
            Some(p) => read_word_file(p)?,
        };
        let fold = |w: String| {
            if options.fold_accents {
                fold_accents(&w)
            } else {
                w
            }
        };
        words = words.into_iter().map(fold).collect();
        for allow in &options.allow {
            words.extend(read_word_file(allow)?.into_iter().map(fold));
        }
        let source = path.map_or("embedded English list".into(), |p| p.display().to_string());
        if !options.deny.is_empty() {
            let mut deny = BTreeSet::new();
            for d in &options.deny {
                deny.extend(read_word_file(d)?.into_iter().map(fold));
            }
            let before = words.len();
            words.retain(|w| !deny.contains(w));
            if words.is_empty() {
                return Err(DictError::AllDenied(source, before));
            }
        }
        let mut dict = Dictionary::from_words(words, &source)?;
        dict.fold_accents = options.fold_accents;
        Ok(dict)
    }

    /// Writes the dictionary as a compiled word list (`.wsd`, see [`compiled`]) that
    /// [`Dictionary::load`] maps in place.
    pub fn write_compiled(&self, path: &Path) -> Result<(), DictError> {
        std::fs::write(path, compiled::to_bytes(self)).map_err(|source| DictError::Write {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Builds a dictionary from words (already cleaned: lower case, no comments).
    pub fn from_words(words: Vec<String>, source: &str) -> Result<Dictionary, DictError> {
        let prepared = wordlist::prepare(words, MAX_LETTERS);
        if prepared.words.is_empty() && prepared.skipped > 0 {
            let examples: Vec<String> = prepared
                .skipped_examples
                .iter()
                .map(|w| format!("'{}'", crate::text::printable(&shorten(w, 40))))
                .collect();
            return Err(DictError::AllSkipped {
                source_name: source.to_string(),
                skipped: prepared.skipped,
                examples: examples.join(", "),
            });
        }
        if prepared.words.is_empty() {
            return Err(DictError::Empty(source.to_string()));
        }
        let symbols = prepared.alphabet.len();
        let nodes = if symbols <= trie::MAX_NARROW_SYMBOLS {
            Nodes::Narrow(NodeStore::owned(
                trie::build_nodes::<u64>(&prepared.words, symbols).map_err(DictError::Build)?,
            ))
        } else {
            Nodes::Wide(NodeStore::owned(
                trie::build_nodes::<u128>(&prepared.words, symbols).map_err(DictError::Build)?,
            ))
        };
        Ok(Dictionary {
            alphabet: Alphabet::new(prepared.alphabet),
            nodes,
            words: prepared.words.len(),
            fold_accents: false,
            skipped: prepared.skipped,
            skipped_examples: prepared.skipped_examples,
            dropped_letters: prepared.dropped_letters,
            source: source.to_string(),
        })
    }

    /// The alphabet.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The trie nodes.
    pub fn nodes(&self) -> &Nodes {
        &self.nodes
    }

    /// Number of words.
    pub fn word_count(&self) -> usize {
        self.words
    }

    /// Number of trie nodes.
    pub fn node_count(&self) -> usize {
        match &self.nodes {
            Nodes::Narrow(n) => n.len(),
            Nodes::Wide(n) => n.len(),
        }
    }

    /// Bytes per trie node (8 or 16).
    pub fn node_bytes(&self) -> usize {
        match &self.nodes {
            Nodes::Narrow(_) => 8,
            Nodes::Wide(_) => 16,
        }
    }

    /// True when board letters should have their accents folded before lookup.
    pub fn folds_accents(&self) -> bool {
        self.fold_accents
    }

    /// True when `word` (lower case) is in the dictionary.
    pub fn contains(&self, word: &str) -> bool {
        let Some(symbols) = self.alphabet.encode(word) else {
            return false;
        };
        match &self.nodes {
            Nodes::Narrow(n) => lookup(&n[..], self.alphabet.len(), &symbols),
            Nodes::Wide(n) => lookup(&n[..], self.alphabet.len(), &symbols),
        }
    }

    /// Every word, in symbol order.
    pub fn words(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.words);
        match &self.nodes {
            Nodes::Narrow(n) => {
                collect_words(&n[..], &self.alphabet, 0, &mut String::new(), &mut out)
            }
            Nodes::Wide(n) => {
                collect_words(&n[..], &self.alphabet, 0, &mut String::new(), &mut out)
            }
        }
        out
    }
}

/// Uses the embedded node bytes in place when they are aligned and the machine is little-endian,
/// else copies them.
fn nodes_in_place(bytes: &'static [u8]) -> NodeStore<u64> {
    let aligned = bytes.as_ptr().align_offset(std::mem::align_of::<u64>()) == 0;
    if cfg!(target_endian = "little") && aligned {
        // SAFETY: the pointer is aligned for u64, the length is a multiple of 8 (checked by
        // read_image), the bytes are 'static and immutable, and any bit pattern is a valid u64.
        NodeStore(Backing::Static(unsafe {
            std::slice::from_raw_parts(bytes.as_ptr().cast::<u64>(), bytes.len() / 8)
        }))
    } else {
        NodeStore::owned(nodes_from_le(bytes))
    }
}

/// Copies little-endian node bytes into nodes.
fn nodes_from_le<N: NodeWord>(bytes: &[u8]) -> Vec<N> {
    bytes.chunks_exact(N::BYTES).map(N::from_le).collect()
}

fn count_terminals<N: NodeWord>(nodes: &[N], symbols: usize) -> usize {
    nodes
        .iter()
        .filter(|n| n.is_terminal(symbols as u32))
        .count()
}

/// The index of `node`'s child for `symbol`, if it has one (`symbols` is the alphabet size).
#[inline]
pub fn child<N: NodeWord>(nodes: &[N], node: usize, symbol: u8, symbols: u32) -> Option<usize> {
    let word = nodes[node];
    let mask = word.child_mask(symbols);
    (mask >> symbol & 1 == 1)
        .then(|| word.first_child(symbols) + (mask & ((1u64 << symbol) - 1)).count_ones() as usize)
}

/// Follows `path` (symbols) from `node`; `None` when the trie has no such branch.
pub fn walk<N: NodeWord>(nodes: &[N], node: usize, path: &[u8], symbols: u32) -> Option<usize> {
    path.iter()
        .try_fold(node, |n, &sym| child(nodes, n, sym, symbols))
}

fn lookup<N: NodeWord>(nodes: &[N], symbols: usize, word: &[u8]) -> bool {
    let s = symbols as u32;
    let mut node = nodes[0];
    for &sym in word {
        let mask = node.child_mask(s);
        if mask >> sym & 1 == 0 {
            return false;
        }
        node = nodes[node.first_child(s) + (mask & ((1u64 << sym) - 1)).count_ones() as usize];
    }
    node.is_terminal(s)
}

fn collect_words<N: NodeWord>(
    nodes: &[N],
    alphabet: &Alphabet,
    index: usize,
    prefix: &mut String,
    out: &mut Vec<String>,
) {
    let s = alphabet.len() as u32;
    let node = nodes[index];
    if node.is_terminal(s) {
        out.push(prefix.clone());
    }
    let mut mask = node.child_mask(s);
    let mut child = node.first_child(s);
    while mask != 0 {
        let sym = mask.trailing_zeros() as u8;
        prefix.push(alphabet.char(sym));
        collect_words(nodes, alphabet, child, prefix, out);
        prefix.pop();
        child += 1;
        mask &= mask - 1;
    }
}

/// Reads a plain word list: one word per line, UTF-8, blank lines and `#` comments ignored.
pub fn read_word_file(path: &Path) -> Result<Vec<String>, DictError> {
    let bytes = std::fs::read(path).map_err(|source| DictError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_word_list(&bytes, path)
}

/// The words of a plain word list held in memory (the contents of the file `path`, named in
/// errors): one word per line, UTF-8 with an optional byte-order mark, blank lines and `#`
/// comments ignored.
pub fn parse_word_list(bytes: &[u8], path: &Path) -> Result<Vec<String>, DictError> {
    let mut words = Vec::new();
    let bytes = crate::text::strip_bom_bytes(bytes);
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line).map_err(|_| DictError::NotUtf8 {
            path: path.to_path_buf(),
            line: i + 1,
        })?;
        words.extend(wordlist::clean_line(line));
    }
    if words.is_empty() {
        return Err(DictError::Empty(path.display().to_string()));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dict(words: &[&str]) -> Dictionary {
        Dictionary::from_words(words.iter().map(|w| w.to_string()).collect(), "test").unwrap()
    }

    #[test]
    fn builds_looks_up_and_lists_words() {
        let d = dict(&["cat", "cats", "car", "dog", "do", "cat"]);
        assert_eq!(d.word_count(), 5);
        for w in ["cat", "cats", "car", "dog", "do"] {
            assert!(d.contains(w), "{w}");
        }
        for w in ["ca", "c", "dogs", "x", ""] {
            assert!(!d.contains(w), "{w}");
        }
        assert_eq!(d.words(), vec!["car", "cat", "cats", "do", "dog"]);
        // root, c, d, ca, o, car, cat, dog, cats
        assert_eq!(d.node_count(), 9);
    }

    #[test]
    fn embedded_english_list_is_complete_and_compact() {
        let d = Dictionary::english();
        assert_eq!(d.word_count(), 274_137);
        assert_eq!(d.node_bytes(), 8);
        assert!(d.contains("knife") && d.contains("zyzzyva") && !d.contains("knifeq"));
    }

    #[test]
    fn skips_words_outside_the_alphabet_and_supports_wide_alphabets() {
        let d = dict(&["ok", "don't", "fine"]);
        assert_eq!((d.word_count(), d.skipped), (2, 1));
        // 45 distinct letters need the wide (u128) node layout.
        let letters: Vec<String> = "abcdefghijklmnopqrstuvwxyzàâäéèêëîïôöùûüçñßæœ"
            .chars()
            .map(|c| format!("{c}a{c}"))
            .collect();
        let d = Dictionary::from_words(letters, "wide").unwrap();
        assert_eq!(d.node_bytes(), 16);
        assert!(d.contains("œaœ") && d.contains("zaz") && !d.contains("aaz"));
    }

    #[test]
    fn lists_with_no_usable_word_say_why() {
        let err = Dictionary::from_words(vec!["cat dog bird".into()], "line.txt")
            .err()
            .unwrap();
        assert!(
            matches!(err, DictError::AllSkipped { skipped: 1, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("'cat dog bird'"), "{err}");
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_word() {
        let dir = std::env::temp_dir().join(format!("wordsnap-dict-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let list = dir.join("bom.txt");
        std::fs::write(&list, "\u{feff}cat\ndog\n").unwrap();
        assert_eq!(read_word_file(&list).unwrap(), vec!["cat", "dog"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folds_accents() {
        assert_eq!(fold_accents("crème brûlée"), "creme brulee");
        assert_eq!(fold_accents("Übergrößen"), "Ubergroßen");
    }

    #[test]
    fn reports_file_and_line_of_bad_input() {
        let dir = std::env::temp_dir().join(format!("wordsnap-dict-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, b"ok\nfine\n\xff\xfe\n").unwrap();
        let err = read_word_file(&bad).unwrap_err().to_string();
        assert!(
            err.ends_with("bad.txt:3: not valid UTF-8 (word lists must be UTF-8)"),
            "{err}"
        );
        let empty = dir.join("empty.txt");
        std::fs::write(&empty, "# nothing\n\n").unwrap();
        assert!(
            read_word_file(&empty)
                .unwrap_err()
                .to_string()
                .contains("no words")
        );
        let missing = read_word_file(&dir.join("missing.txt"))
            .unwrap_err()
            .to_string();
        assert!(missing.starts_with("cannot read word list"), "{missing}");
    }
}
