//! Compiled word lists (`.wsd`): a trie written once by `wordsnap dict compile` and used in place
//! from a memory map, so a custom list loads in milliseconds instead of being rebuilt.
//!
//! # Byte layout (version 1)
//! All integers are little-endian.
//!
//! ```text
//!  offset  size  field
//!  0       8     magic: FF 57 53 44 49 43 54 0A ("\xffWSDICT\n"; the 0xFF byte never starts
//!                UTF-8 text, and the newline catches files mangled by line-ending conversion)
//!  8       4     u32 format version: 1
//!  12      4     u32 flags: 0 (no flag is defined yet; a file with any flag set is refused)
//!  16      8     u64 number of words (terminal nodes)
//!  24      8     u64 checksum of every byte from offset 32 to the end (see `checksum`)
//!  32      ...   the trie image, as documented in [`super::trie`]: magic "WSTRIE01", u32
//!                alphabet length L, L bytes of UTF-8 alphabet (symbol 0 first), zero padding
//!                to a multiple of 8, u64 node width (8 or 16), u64 node count, then the nodes
//! ```
//!
//! The nodes start at a multiple of 8 bytes from the start of the file, so narrow (`u64`) nodes
//! are used straight from the page-aligned map. A reader checks, before any search: the magic,
//! version, flags, checksum and lengths; that the alphabet fits the node width; that every node's
//! children lie after it and inside the file ([`super::trie::validate_nodes`]); and that the
//! word count matches. A file that fails any check is refused with the reason.

use super::trie::{self, NodeWord, TrieError};
use super::{Alphabet, DictError, Dictionary, MAX_LETTERS, NodeStore, Nodes};
use std::io::Read;
use std::path::Path;

/// The first bytes of a compiled word list.
pub const MAGIC: &[u8; 8] = b"\xffWSDICT\n";

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// Bytes before the trie image.
const HEADER: usize = 32;

/// Why a compiled word list cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompiledError {
    /// The file does not start with [`MAGIC`].
    #[error(
        "not a compiled word list (it does not start with the .wsd magic bytes); \
         compile a plain list with `wordsnap dict compile LIST -o LIST.wsd`"
    )]
    NotCompiled,
    /// The file is shorter than the header (its length in bytes).
    #[error("truncated: {0} bytes, shorter than the header")]
    Truncated(usize),
    /// Another format version than [`VERSION`].
    #[error(
        "format version {0}, but this wordsnap reads version {VERSION}: compile the list again with this wordsnap"
    )]
    Version(u32),
    /// Flags this build does not know.
    #[error("unknown flags {0:#x}")]
    Flags(u32),
    /// The checksum does not match the trie image.
    #[error("checksum mismatch: the file is damaged or truncated")]
    Checksum,
    /// More letters in the alphabet than the node width can hold.
    #[error("{symbols} letters in the alphabet do not fit {width}-byte trie nodes")]
    AlphabetTooBig {
        /// Letters in the alphabet.
        symbols: usize,
        /// Node width in bytes.
        width: usize,
    },
    /// The trie image's header or lengths are wrong.
    #[error("{0}")]
    Image(TrieError),
    /// The nodes do not form a trie that can be searched safely.
    #[error("bad trie: {0}")]
    Nodes(TrieError),
    /// The header's word count differs from the trie's.
    #[error("the header says {header} words but the trie holds {trie}")]
    WordCount {
        /// Words, as the header gives them.
        header: u64,
        /// Words (terminal nodes) in the trie.
        trie: usize,
    },
}

/// The checksum of the trie image: a multiply-rotate hash over its little-endian `u64` words
/// (the image is a multiple of 8 bytes long; a shorter tail is hashed zero-padded).
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        hash = (hash ^ w)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(29);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    (hash ^ u64::from_le_bytes(tail) ^ bytes.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The bytes of a compiled word list holding `dict`.
pub fn to_bytes(dict: &Dictionary) -> Vec<u8> {
    let alphabet: String = dict.alphabet().chars().iter().collect();
    let image = match dict.nodes() {
        Nodes::Narrow(n) => trie::write_image(&alphabet, n),
        Nodes::Wide(n) => trie::write_image(&alphabet, n),
    };
    let mut out = Vec::with_capacity(HEADER + image.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&(dict.word_count() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(&image).to_le_bytes());
    out.extend_from_slice(&image);
    out
}

/// True when the file at `path` starts with the compiled word list magic (a file that cannot be
/// read is not: reading it as a plain list then reports why).
pub fn is_compiled(path: &Path) -> bool {
    let mut start = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|()| &start == MAGIC)
}

/// Maps the compiled word list at `path` and checks it (see the module documentation).
pub fn load(path: &Path) -> Result<Dictionary, DictError> {
    let io = |source| DictError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // SAFETY: the map is only read, through checked offsets; like every memory-mapped reader,
    // it assumes the file is not changed while in use. `populate` reads the pages in at once
    // (one system call instead of a page fault per 4 KiB, on Linux).
    let map = unsafe { memmap2::MmapOptions::new().populate().map(&file) }.map_err(io)?;
    let bad = |reason: CompiledError| DictError::Compiled {
        path: path.to_path_buf(),
        reason,
    };
    let header = check_header(&map).map_err(bad)?;
    let symbols = header.alphabet.chars().count();
    let (nodes, words) = if header.width == 8 {
        let nodes = node_store::<u64>(map, header.nodes_offset, header.count);
        let words = trie::validate_nodes(&nodes, symbols);
        (Nodes::Narrow(nodes), words)
    } else {
        let nodes = node_store::<u128>(map, header.nodes_offset, header.count);
        let words = trie::validate_nodes(&nodes, symbols);
        (Nodes::Wide(nodes), words)
    };
    let words = words.map_err(|e| bad(CompiledError::Nodes(e)))?;
    if words as u64 != header.words {
        return Err(bad(CompiledError::WordCount {
            header: header.words,
            trie: words,
        }));
    }
    Ok(Dictionary {
        alphabet: Alphabet::new(header.alphabet.chars().collect()),
        nodes,
        words,
        fold_accents: false,
        skipped: 0,
        skipped_examples: vec![],
        dropped_letters: vec![],
        source: path.display().to_string(),
    })
}

/// The nodes used in place from the map when they are aligned, else copied out of it.
fn node_store<N: NodeWord>(map: memmap2::Mmap, offset: usize, count: usize) -> NodeStore<N> {
    NodeStore::mapped(map, offset, count).unwrap_or_else(|map| {
        NodeStore::owned(super::nodes_from_le(
            &map[offset..offset + count * N::BYTES],
        ))
    })
}

/// What [`check_header`] read from a file whose header, checksum and lengths are right.
struct Header {
    alphabet: String,
    /// Node width in bytes, 8 or 16, fitting the alphabet.
    width: usize,
    /// Node count.
    count: usize,
    /// Words, as the header gives them.
    words: u64,
    /// Byte offset of the nodes in the file.
    nodes_offset: usize,
}

/// Checks a compiled word list held in `bytes`, all but its nodes.
fn check_header(bytes: &[u8]) -> Result<Header, CompiledError> {
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err(CompiledError::NotCompiled);
    }
    if bytes.len() < HEADER {
        return Err(CompiledError::Truncated(bytes.len()));
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != VERSION {
        return Err(CompiledError::Version(version));
    }
    if u32_at(12) != 0 {
        return Err(CompiledError::Flags(u32_at(12)));
    }
    let image = &bytes[HEADER..];
    if checksum(image) != u64_at(24) {
        return Err(CompiledError::Checksum);
    }
    let parts = trie::read_image(image).map_err(CompiledError::Image)?;
    let symbols = parts.alphabet.chars().count();
    let max = if parts.width == 8 {
        trie::MAX_NARROW_SYMBOLS
    } else {
        MAX_LETTERS
    };
    if symbols > max {
        return Err(CompiledError::AlphabetTooBig {
            symbols,
            width: parts.width,
        });
    }
    Ok(Header {
        alphabet: parts.alphabet.to_string(),
        width: parts.width,
        count: parts.nodes.len() / parts.width,
        words: u64_at(16),
        nodes_offset: bytes.len() - parts.nodes.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("wordsnap-wsd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    fn small() -> Vec<u8> {
        let words = ["cat", "cats", "dog", "zebra"].map(String::from).to_vec();
        to_bytes(&Dictionary::from_words(words, "small").unwrap())
    }

    /// Rewrites the checksum so a change to the image reaches the later checks.
    fn reseal(bytes: &mut [u8]) {
        let sum = checksum(&bytes[HEADER..]);
        bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    }

    fn refusal(name: &str, bytes: &[u8]) -> String {
        let path = temp(name, bytes);
        let err = load(&path).err().expect("refused").to_string();
        assert!(err.starts_with(&path.display().to_string()), "{err}");
        err
    }

    #[test]
    fn the_english_list_round_trips_and_is_used_in_place() {
        let english = Dictionary::english();
        let path = temp("english.wsd", &to_bytes(&english));
        assert!(is_compiled(&path));
        let loaded = load(&path).unwrap();
        assert_eq!(loaded.word_count(), english.word_count());
        assert_eq!(loaded.node_count(), english.node_count());
        assert!(loaded.contains("zyzzyva") && !loaded.contains("zyzzyvaq"));
        assert_eq!(loaded.words(), english.words());
        let Nodes::Narrow(nodes) = loaded.nodes() else {
            panic!("narrow")
        };
        assert!(matches!(nodes.0, super::super::Backing::Mapped { .. }));
    }

    #[test]
    fn wide_alphabets_round_trip() {
        let words: Vec<String> = "abcdefghijklmnopqrstuvwxyzàâäéèêëîïôöùûüçñßæœ"
            .chars()
            .map(|c| format!("{c}a{c}"))
            .collect();
        let dict = Dictionary::from_words(words, "wide").unwrap();
        let loaded = load(&temp("wide.wsd", &to_bytes(&dict))).unwrap();
        assert_eq!(loaded.node_bytes(), 16);
        assert_eq!(loaded.words(), dict.words());
    }

    #[test]
    fn each_kind_of_damage_is_named() {
        let good = small();
        assert!(refusal("text.wsd", b"cat\ndog\n").contains("not a compiled word list"));
        assert!(refusal("short.wsd", &good[..20]).contains("truncated"));
        assert!(refusal("cut.wsd", &good[..good.len() - 3]).contains("checksum mismatch"));
        let mut v2 = good.clone();
        v2[8] = 2;
        assert!(refusal("v2.wsd", &v2).contains("format version 2"));
        let mut flags = good.clone();
        flags[12] = 1;
        assert!(refusal("flags.wsd", &flags).contains("unknown flags"));
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x40;
        assert!(refusal("flip.wsd", &flipped).contains("checksum mismatch"));
        // A node pointing past the end, with a checksum that matches.
        let mut wild = good.clone();
        let last = wild.len() - 8;
        wild[last + 7] = 0x7f;
        reseal(&mut wild);
        assert!(refusal("wild.wsd", &wild).contains("bad trie"));
        let mut count = good.clone();
        count[16] += 1;
        assert!(refusal("count.wsd", &count).contains("header says 5 words"));
        let mut image = good;
        image[HEADER] = b'X';
        reseal(&mut image);
        assert!(refusal("image.wsd", &image).contains("bad trie image"));
    }
}
