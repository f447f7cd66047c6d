//! A compact array trie: one machine word per node, children found through a letter bitmask.
//!
//! This file uses only `std`, so `build.rs` includes it too and builds the embedded English
//! trie at compile time with the same code.
//!
//! # Layout
//! Letters are *symbols* `0..A`, where `A` is the size of the word list's alphabet. Each node is one
//! unsigned integer `N` (`u64` when `A <= 40`, `u128` for larger alphabets), little-endian:
//!
//! ```text
//!  bit 0 .. A-1   child mask: bit s is set when the node has a child for symbol s
//!  bit A          terminal: a word ends at this node
//!  bit A+1 ..     index of the node's first child (0 when it has none)
//! ```
//!
//! Nodes are stored in breadth-first order, root at index 0, and the children of a node are
//! contiguous and sorted by symbol, so the child for symbol `s` is at
//! `first_child + popcount(mask & ((1 << s) - 1))`. Each word ends at its own terminal node, so a
//! node index identifies a word. With the embedded 274k-word English list (A = 26) that is
//! 8 bytes per node.
//!
//! # Serialised image
//! ```text
//!  bytes 0..8    magic "WSTRIE01"
//!  bytes 8..12   u32 LE: number of alphabet bytes L
//!  12..12+L      the alphabet, UTF-8, symbol 0 first
//!  (zero padding to a multiple of 8)
//!  u64 LE        node width in bytes (8 or 16)
//!  u64 LE        node count
//!  nodes         node count x width bytes, little-endian
//! ```

/// The magic bytes that start a serialised trie image.
pub const MAGIC: &[u8; 8] = b"WSTRIE01";

/// The largest alphabet whose nodes fit a `u64` with room for a 23-bit child index.
pub const MAX_NARROW_SYMBOLS: usize = 40;

/// The largest alphabet supported at all (a `u128` node keeps 63 bits for the index).
pub const MAX_SYMBOLS: usize = 64;

/// An unsigned integer used as a trie node (`u64` or `u128`).
pub trait NodeWord: Copy + Default + Send + Sync + 'static {
    /// Width in bytes.
    const BYTES: usize;
    /// The node's child mask (the low `symbols` bits) as a `u64`.
    fn child_mask(self, symbols: u32) -> u64;
    /// True when a word ends at this node.
    fn is_terminal(self, symbols: u32) -> bool;
    /// Index of the first child.
    fn first_child(self, symbols: u32) -> usize;
    /// Packs a node.
    fn pack(mask: u64, terminal: bool, first_child: usize, symbols: u32) -> Self;
    /// Little-endian bytes.
    fn to_le(self) -> Vec<u8>;
    /// From little-endian bytes (exactly `BYTES` long).
    fn from_le(bytes: &[u8]) -> Self;
}

macro_rules! node_word {
    ($t:ty, $bytes:expr) => {
        impl NodeWord for $t {
            const BYTES: usize = $bytes;
            #[inline(always)]
            fn child_mask(self, symbols: u32) -> u64 {
                (self & ((1 as $t) << symbols).wrapping_sub(1)) as u64
            }
            #[inline(always)]
            fn is_terminal(self, symbols: u32) -> bool {
                (self >> symbols) & 1 == 1
            }
            #[inline(always)]
            fn first_child(self, symbols: u32) -> usize {
                (self >> (symbols + 1)) as usize
            }
            fn pack(mask: u64, terminal: bool, first_child: usize, symbols: u32) -> Self {
                mask as $t | ((terminal as $t) << symbols) | ((first_child as $t) << (symbols + 1))
            }
            fn to_le(self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }
            fn from_le(bytes: &[u8]) -> Self {
                let mut b = [0u8; $bytes];
                b.copy_from_slice(bytes);
                <$t>::from_le_bytes(b)
            }
        }
    };
}
node_word!(u64, 8);
node_word!(u128, 16);

/// Why a trie could not be built, or a trie image or node array read from a file is refused.
/// (Written out by hand rather than with `thiserror`: this file uses only `std`, see above.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrieError {
    /// The word list needs more nodes than the child index of the node word can address.
    TooManyNodes {
        /// The most nodes the index can address.
        limit: u128,
        /// Letters in the alphabet.
        symbols: usize,
    },
    /// A serialised image whose header or length is wrong (what is wrong).
    BadImage(&'static str),
    /// A node array with no nodes.
    NoNodes,
    /// A node (its index) whose children lie outside the array or not after it.
    ChildrenOutside(usize),
}

impl std::fmt::Display for TrieError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrieError::TooManyNodes { limit, symbols } => write!(
                f,
                "the word list needs more than {limit} trie nodes with {symbols} letters in its alphabet"
            ),
            TrieError::BadImage(what) => write!(f, "bad trie image: {what}"),
            TrieError::NoNodes => f.write_str("no trie nodes"),
            TrieError::ChildrenOutside(index) => {
                write!(f, "node {index} points to children outside the trie")
            }
        }
    }
}

impl std::error::Error for TrieError {}

/// How many bits a node word of `bytes` bytes leaves for the child index with `symbols` symbols.
pub fn index_bits(bytes: usize, symbols: usize) -> u32 {
    (bytes * 8) as u32 - symbols as u32 - 1
}

/// Builds the node array from words given as symbol sequences. `words` must be sorted and free of
/// duplicates and empty words. Fails when the nodes do not fit the index bits of `N`.
pub fn build_nodes<N: NodeWord>(words: &[Vec<u8>], symbols: usize) -> Result<Vec<N>, TrieError> {
    let s = symbols as u32;
    let mut nodes: Vec<N> = vec![N::default()];
    // Breadth-first: each queue entry is (words lo..hi sharing a prefix of length depth, node index).
    let mut queue = std::collections::VecDeque::from([(0usize, words.len(), 0usize, 0usize)]);
    let limit = 1u128 << index_bits(N::BYTES, symbols).min(100);
    while let Some((mut lo, hi, depth, index)) = queue.pop_front() {
        let terminal = lo < hi && words[lo].len() == depth;
        if terminal {
            lo += 1;
        }
        let first_child = nodes.len();
        let mut mask = 0u64;
        let mut start = lo;
        while start < hi {
            let sym = words[start][depth];
            let mut end = start + 1;
            while end < hi && words[end][depth] == sym {
                end += 1;
            }
            mask |= 1 << sym;
            queue.push_back((start, end, depth + 1, nodes.len()));
            nodes.push(N::default());
            start = end;
        }
        if nodes.len() as u128 >= limit {
            return Err(TrieError::TooManyNodes { limit, symbols });
        }
        let first = if mask == 0 { 0 } else { first_child };
        nodes[index] = N::pack(mask, terminal, first, s);
    }
    Ok(nodes)
}

/// Serialises a trie image (see the module documentation for the layout).
pub fn write_image<N: NodeWord>(alphabet: &str, nodes: &[N]) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 + alphabet.len() + nodes.len() * N::BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(alphabet.len() as u32).to_le_bytes());
    out.extend_from_slice(alphabet.as_bytes());
    while out.len() % 8 != 0 {
        out.push(0);
    }
    out.extend_from_slice(&(N::BYTES as u64).to_le_bytes());
    out.extend_from_slice(&(nodes.len() as u64).to_le_bytes());
    for n in nodes {
        out.extend_from_slice(&n.to_le());
    }
    out
}

/// The parts of a serialised trie image: alphabet, node width, and the node bytes.
pub struct ImageParts<'a> {
    /// The alphabet, symbol 0 first.
    pub alphabet: &'a str,
    /// Node width in bytes (8 or 16).
    pub width: usize,
    /// Node bytes, `count * width` long.
    pub nodes: &'a [u8],
}

/// Splits a serialised trie image into its parts, checking its header and length.
pub fn read_image(bytes: &[u8]) -> Result<ImageParts<'_>, TrieError> {
    let err = |what| Err(TrieError::BadImage(what));
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return err("wrong magic bytes");
    }
    let alpha_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let alpha_end = 12 + alpha_len;
    let header_end = alpha_end.div_ceil(8) * 8 + 16;
    if bytes.len() < header_end {
        return err("truncated header");
    }
    let Ok(alphabet) = std::str::from_utf8(&bytes[12..alpha_end]) else {
        return err("alphabet is not UTF-8");
    };
    let at = header_end - 16;
    let width = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
    let count = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize;
    if width != 8 && width != 16 {
        return err("node width is not 8 or 16");
    }
    if count.checked_mul(width) != Some(bytes.len() - header_end) {
        return err("node count does not match the length");
    }
    Ok(ImageParts {
        alphabet,
        width,
        nodes: &bytes[header_end..],
    })
}

/// Checks that nodes read from a file can be searched safely: every node's children lie after
/// it and inside the array (so walks stay in bounds and always end), and a node without
/// children points nowhere. Returns the number of terminal nodes (words).
pub fn validate_nodes<N: NodeWord>(nodes: &[N], symbols: usize) -> Result<usize, TrieError> {
    let s = symbols as u32;
    if nodes.is_empty() {
        return Err(TrieError::NoNodes);
    }
    let mut words = 0;
    for (index, &node) in nodes.iter().enumerate() {
        let children = node.child_mask(s).count_ones() as usize;
        let first = node.first_child(s);
        let fits = if children == 0 {
            first == 0
        } else {
            first > index
                && first
                    .checked_add(children)
                    .is_some_and(|end| end <= nodes.len())
        };
        if !fits {
            return Err(TrieError::ChildrenOutside(index));
        }
        words += node.is_terminal(s) as usize;
    }
    Ok(words)
}
