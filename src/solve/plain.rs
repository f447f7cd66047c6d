//! The search for plain boards: every cell a hole or a fixed run of letters (`E`, `QU`, `TH`),
//! under rules that score a word by its length, one path per word. That is every board of the
//! Boggle family, Word Hunt and Letterpress read without doubt, and the boards of `wordsnap
//! bench`; other boards (either/or, prefix and suffix tiles, doubtful readings, path-dependent
//! scores, `all_paths`) take the general search in the parent module.
//!
//! It walks the trie by letter: at each node, the node's child mask is cut to the letters of
//! the cell's neighbours (`near`), and for each such letter the free neighbours that hold it
//! come from one bitboard per letter (`cells_of`). A tile of several letters is entered by its
//! first letter and walks the rest of the trie at once. Found words are marked in a bit set over
//! the trie's nodes, cleared word by word after each board. It visits cells in the same order as
//! the general search (letters in symbol order, then multi-letter tiles), so it reports the same
//! path for each word.
//!
//! Counting (no paths) on a CPU with `bmi2` and `ssse3` goes level by level instead
//! ([`Plain::count_by_levels`]): all paths of one length are extended together, so the trie
//! nodes they read are independent loads that the CPU fetches in parallel, where a depth-first
//! search waits for each node before the next. The free neighbours whose letter is a child of a
//! node come from one byte shuffle over the eight neighbours' symbols ([`candidates_bmi2`]), and
//! each word is counted without a branch.

use super::{CellKind, Hit, Isa, Prepared, bits};
use crate::board::{Board, Tile};
use crate::dict::Alphabet;
use crate::dict::trie::NodeWord;

/// Longest tile, in letters, that the plain search takes (`QU`, `TH`, `ING`...).
const MAX_TILE: usize = 4;

/// The symbol [`PlainBoard::around`] gives a cell that is not one letter: never a child of a
/// trie node, since the candidate search only runs with alphabets of at most 63 symbols.
pub(super) const NO_SYMBOL: u8 = 63;

/// The cell that pads a list of neighbours ([`PlainBoard::lists`]): never a letter.
const PAD: u8 = 64;

/// A board whose live cells are all fixed runs of letters, as the plain search reads it.
pub(super) struct PlainBoard {
    /// Per cell: its neighbours (holes left out).
    neighbours: [u64; 64],
    /// Per cell: the symbol of its first letter.
    first: [u8; 64],
    /// Per cell: the symbols of its other letters, `tail_len` of them.
    tail: [[u8; MAX_TILE - 1]; 64],
    tail_len: [u8; 64],
    /// Per symbol: the single-letter cells that hold it (only the symbols of this board are
    /// kept current).
    cells_of: [u64; 64],
    /// Per cell: the symbols of its single-letter neighbours.
    near: [u64; 64],
    /// Per cell: the first symbols of all its neighbours (a path that reaches the cell at a
    /// trie node with none of them as children ends there).
    near_all: [u64; 64],
    /// Per cell: the symbol of each cell of `bare[cell]`, in the order of the cells, one byte
    /// each, [`NO_SYMBOL`] for a hole or a cell of several letters and for the unused bytes.
    around: [u64; 64],
    /// Per cell: its neighbours on the bare grid (holes included), the cells `around` describes.
    bare: [u64; 64],
    /// Per cell: the cells of `bare[cell]` in order, then [`PAD`] up to 8 (made when the grid
    /// changes).
    lists: [[u8; 8]; 64],
    /// Per cell, then [`PAD`]: its symbol if it holds one letter, else [`NO_SYMBOL`].
    single: [u8; 65],
    /// Per cell, then [`PAD`]: the bit of its symbol if it holds one letter, else 0.
    single_bit: [u64; 65],
    /// Per cell, then [`PAD`]: the bit of its first symbol if it is live, else 0.
    first_bit: [u64; 65],
    /// Cells of several letters.
    multis: u64,
    /// The first symbols of the cells of several letters, as a set.
    multi_firsts: u64,
    /// Cells a word may use.
    live: u64,
}

impl PlainBoard {
    /// An empty board, filled by [`PlainBoard::fill`] for each board.
    pub(super) fn empty() -> Box<PlainBoard> {
        Box::new(PlainBoard {
            neighbours: [0; 64],
            first: [0; 64],
            tail: [[0; MAX_TILE - 1]; 64],
            tail_len: [0; 64],
            cells_of: [0; 64],
            near: [0; 64],
            near_all: [0; 64],
            around: [0; 64],
            bare: [0; 64],
            lists: [[PAD; 8]; 64],
            single: [NO_SYMBOL; 65],
            single_bit: [0; 65],
            first_bit: [0; 65],
            multis: 0,
            multi_firsts: 0,
            live: 0,
        })
    }

    /// Reads the prepared `board` for the plain search, or returns false when one of its cells
    /// needs the general search (a choice of letters, a prefix or suffix tile, a doubtful
    /// reading, a tile longer than [`MAX_TILE`]). The dictionary's alphabet must have at most
    /// 64 symbols.
    /// `grid` holds the neighbours of each cell of the bare grid.
    pub(super) fn fill(&mut self, board: &Board, prepared: &Prepared, grid: &[u64; 64]) -> bool {
        (self.multis, self.live) = (0, 0);
        let mut singles = 0u64;
        for (cell, kind) in prepared.kinds.iter().enumerate() {
            (self.single[cell], self.single_bit[cell]) = (NO_SYMBOL, 0);
            self.first_bit[cell] = 0;
            match kind {
                CellKind::Dead => continue,
                CellKind::Single(s) => {
                    self.first[cell] = *s;
                    self.tail_len[cell] = 0;
                    self.cells_of[*s as usize] = 0;
                    singles |= 1 << cell;
                }
                CellKind::Special {
                    choices,
                    prefix: false,
                    suffix: false,
                    ..
                } if matches!(board.tiles()[cell], Tile::Letters(_))
                    && choices.len() == 1
                    && (2..=MAX_TILE).contains(&choices[0].len()) =>
                {
                    let letters = &choices[0];
                    self.first[cell] = letters[0];
                    self.tail_len[cell] = (letters.len() - 1) as u8;
                    self.tail[cell][..letters.len() - 1].copy_from_slice(&letters[1..]);
                    self.multis |= 1 << cell;
                }
                CellKind::Special { .. } => return false,
            }
            self.live |= 1 << cell;
        }
        self.link(singles, grid, prepared.kinds.len());
        true
    }

    /// Reads `board` straight from its tiles, without the general preparation, when every tile
    /// is a hole or a run of at most [`MAX_TILE`] ASCII letters (letters the alphabet lacks make
    /// the tile unusable, as in the general preparation); else returns false. `grid` holds the
    /// neighbours of each cell of the bare grid. Counting needs nothing more.
    pub(super) fn fill_from_tiles(
        &mut self,
        board: &Board,
        alphabet: &Alphabet,
        grid: &[u64; 64],
    ) -> bool {
        (self.multis, self.live) = (0, 0);
        let mut singles = 0u64;
        for (cell, tile) in board.tiles().iter().enumerate() {
            (self.single[cell], self.single_bit[cell]) = (NO_SYMBOL, 0);
            self.first_bit[cell] = 0;
            let letters = match tile {
                Tile::Hole => continue,
                Tile::Letters(s) if s.is_ascii() && (1..=MAX_TILE).contains(&s.len()) => {
                    s.as_bytes()
                }
                _ => return false,
            };
            if let &[letter] = letters {
                // One letter, the common case.
                if let Some(symbol) = alphabet.symbol(letter as char) {
                    (self.first[cell], self.tail_len[cell]) = (symbol, 0);
                    self.cells_of[symbol as usize] = 0;
                    singles |= 1 << cell;
                    self.live |= 1 << cell;
                }
                continue;
            }
            let mut symbols = [0u8; MAX_TILE];
            let known = letters
                .iter()
                .zip(&mut symbols)
                .all(|(&c, symbol)| alphabet.symbol(c as char).map(|s| *symbol = s).is_some());
            if !known {
                continue;
            }
            self.first[cell] = symbols[0];
            self.tail_len[cell] = (letters.len() - 1) as u8;
            self.tail[cell][..letters.len() - 1].copy_from_slice(&symbols[1..letters.len()]);
            if letters.len() == 1 {
                self.cells_of[symbols[0] as usize] = 0;
                singles |= 1 << cell;
            } else {
                self.multis |= 1 << cell;
            }
            self.live |= 1 << cell;
        }
        self.link(singles, grid, board.len());
        true
    }

    /// Fills the per-symbol cells and the per-cell neighbour sets from the live cells, the
    /// single-letter ones among them `singles`, and the neighbours of each of the `cells` cells
    /// on the bare grid, `grid` (holes included: they are never live).
    fn link(&mut self, singles: u64, grid: &[u64; 64], cells: usize) {
        if self.bare[..cells] != grid[..cells] {
            self.set_grid(grid, cells);
        }
        self.multi_firsts = 0;
        let mut left = self.live;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let first = self.first[cell];
            self.first_bit[cell] = 1 << first;
            if singles >> cell & 1 == 1 {
                (self.single[cell], self.single_bit[cell]) = (first, 1 << first);
                self.cells_of[first as usize] |= 1 << cell;
            } else {
                self.multi_firsts |= 1 << first;
            }
        }
        for cell in 0..cells {
            self.neighbours[cell] = self.bare[cell] & self.live;
            let (mut around, mut near, mut near_all) = (0u64, 0u64, 0u64);
            for (k, &next) in self.lists[cell].iter().enumerate() {
                let next = next as usize % 65;
                around |= u64::from(self.single[next]) << (8 * k);
                near |= self.single_bit[next];
                near_all |= self.first_bit[next];
            }
            self.around[cell] = around;
            self.near[cell] = near;
            self.near_all[cell] = near_all;
        }
    }

    /// Keeps the bare grid's neighbours of its first `cells` cells, `grid`, and their lists.
    #[cold]
    fn set_grid(&mut self, grid: &[u64; 64], cells: usize) {
        self.bare[..cells].copy_from_slice(&grid[..cells]);
        for (list, &bare) in self.lists.iter_mut().zip(grid).take(cells) {
            *list = [PAD; 8];
            for (slot, next) in list.iter_mut().zip(bits(bare)) {
                *slot = next as u8;
            }
        }
    }
}

/// The trie nodes where a word was found on the current board: one bit per node, and the list of
/// the set bits, to clear them after the board.
#[derive(Default)]
pub(super) struct FoundBits {
    bits: Vec<u64>,
    /// The set nodes are `set[..len]`; `set` is kept longer than that, so that a node can be
    /// written before it is known to be new.
    set: Vec<u32>,
    len: usize,
}

impl FoundBits {
    /// Makes room for a trie of `nodes` nodes.
    pub(super) fn fit(&mut self, nodes: usize) {
        let words = nodes.div_ceil(64);
        if self.bits.len() < words {
            self.bits.resize(words, 0);
        }
    }

    /// Marks `node` found; false when it already was.
    #[inline(always)]
    fn insert(&mut self, node: usize) -> bool {
        let fresh = !self.contains(node);
        self.mark_if(node, fresh);
        fresh
    }

    /// True when `node` is marked.
    #[inline(always)]
    fn contains(&self, node: usize) -> bool {
        self.bits[node / 64] >> (node % 64) & 1 == 1
    }

    /// Marks `node` when `yes` (which must be false for a marked node), without a branch on
    /// `yes`.
    #[inline(always)]
    fn mark_if(&mut self, node: usize, yes: bool) {
        self.bits[node / 64] |= u64::from(yes) << (node % 64);
        if self.len == self.set.len() {
            self.grow();
        }
        self.set[self.len] = node as u32;
        self.len += usize::from(yes);
    }

    /// Makes room for `more` nodes in the list of set nodes, for [`FoundBits::mark_if_reserved`].
    #[inline(always)]
    fn reserve(&mut self, more: usize) {
        if self.set.len() < self.len + more {
            self.set.resize((self.len + more).max(64) * 2, 0);
        }
    }

    /// [`FoundBits::mark_if`] after [`FoundBits::reserve`], without the check for room.
    #[inline(always)]
    fn mark_if_reserved(&mut self, node: usize, yes: bool) {
        self.bits[node / 64] |= u64::from(yes) << (node % 64);
        self.set[self.len] = node as u32;
        self.len += usize::from(yes);
    }

    #[cold]
    fn grow(&mut self) {
        self.set.resize(self.set.len().max(64) * 2, 0);
    }

    /// Unmarks every node.
    pub(super) fn clear(&mut self) {
        for &node in &self.set[..self.len] {
            self.bits[node as usize / 64] = 0;
        }
        self.len = 0;
    }
}

/// A path of the level-by-level count ([`Plain::count_by_levels`]), at the trie node its
/// letters spell: that node's child mask and first child, the cells it used, the free
/// neighbours it can go on to and its number of letters.
#[derive(Clone, Copy, Default)]
pub(super) struct LevelPath {
    mask: u64,
    first: usize,
    visited: u64,
    next: u64,
    letters: u32,
}

/// A path one cell longer than a [`LevelPath`], before its trie node (`child`) is read.
#[derive(Clone, Copy, Default)]
pub(super) struct Step {
    child: usize,
    visited: u64,
    cell: u32,
    letters: u32,
}

/// The most paths one level of [`Plain::count_by_levels`] takes (about 10 MB of buffers);
/// real boards have a few hundred at most.
pub(super) const MAX_LEVEL_PATHS: usize = 1 << 15;

/// The buffers of the level-by-level count, kept from board to board.
#[derive(Default)]
pub(super) struct Levels {
    paths: Vec<LevelPath>,
    steps: Vec<Step>,
    /// The most paths a level held on the last board counted.
    pub(super) widest: usize,
}

/// Where the word count starts in a tally ([`Plain::units`]): below it, the total score.
pub(super) const TALLY_SHIFT: u32 = 40;

/// The size of the alphabet: a constant for the common 26 letters (so the node fields are read
/// with fixed shifts), or any size read at run time.
pub(super) trait Symbols: Copy {
    /// Number of symbols.
    fn get(self) -> u32;
}

/// The 26 letters `a`..`z`.
#[derive(Clone, Copy)]
pub(super) struct Latin;

impl Symbols for Latin {
    #[inline(always)]
    fn get(self) -> u32 {
        26
    }
}

/// An alphabet of any size (at most 64).
#[derive(Clone, Copy)]
pub(super) struct AnySize(pub(super) u32);

impl Symbols for AnySize {
    #[inline(always)]
    fn get(self) -> u32 {
        self.0
    }
}

/// What a plain search reports: the number of words and their total score, or (with `PATHS`)
/// every word with its path, as hits.
pub(super) struct Plain<'a, N, S, I, const PATHS: bool> {
    pub(super) nodes: &'a [N],
    pub(super) symbols: S,
    pub(super) board: &'a PlainBoard,
    /// Per number of letters (below 128): true when words of that length are wanted.
    pub(super) wanted: &'a [bool; 128],
    /// Longest word wanted, in letters.
    pub(super) max_len: usize,
    /// Score by number of letters (below 128).
    pub(super) scores: &'a [u32; 128],
    /// Per number of letters (clamped to 255), then per word already found (0) or new (1):
    /// what a word of that length adds to `tally`: `1 << TALLY_SHIFT | score` for a new word
    /// of a wanted length, else 0. (A table rather than a select on "new", which the compiler
    /// turns into a mispredicted branch.)
    pub(super) units: &'a [[u64; 2]; 256],
    /// Words and total score counted by [`Plain::count_by_levels`], packed as in `units`.
    pub(super) tally: u64,
    pub(super) found: FoundBits,
    pub(super) hits: &'a mut Vec<Hit>,
    pub(super) arena: &'a mut Vec<u8>,
    pub(super) words: usize,
    pub(super) score: u64,
    pub(super) path: [u8; 64],
    pub(super) isa: std::marker::PhantomData<I>,
}

impl<N: NodeWord, S: Symbols, I: Isa, const PATHS: bool> Plain<'_, N, S, I, PATHS> {
    /// Searches every word of the board.
    pub(super) fn run(&mut self) {
        let mut cells = self.board.live;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if let Some(node) = self.tile_node(0, cell) {
                let letters = 1 + self.board.tail_len[cell] as usize;
                I::plain(self, cell, node, letters, 0, 0);
            }
        }
    }

    /// The trie node reached from `node` by spelling the letters of `cell`, if any.
    #[inline(always)]
    fn tile_node(&self, node: usize, cell: usize) -> Option<usize> {
        let board = self.board;
        let mut node = self.child(node, board.first[cell])?;
        for &sym in &board.tail[cell][..board.tail_len[cell] as usize % MAX_TILE] {
            node = self.child(node, sym)?;
        }
        Some(node)
    }

    #[inline(always)]
    fn child(&self, node: usize, sym: u8) -> Option<usize> {
        let n = self.nodes[node];
        let mask = n.child_mask(self.symbols.get());
        (mask >> sym & 1 == 1).then(|| {
            n.first_child(self.symbols.get()) + (mask & ((1u64 << sym) - 1)).count_ones() as usize
        })
    }

    /// Puts `cell` on the path at trie node `node`, `letters` letters into the word and `depth`
    /// tiles after its first, with the cells of the path before it `visited`; records the word
    /// there and extends the path. Always inlined into [`Isa::plain`], which compiles it for
    /// its instruction set.
    #[inline(always)]
    pub(super) fn enter(
        &mut self,
        cell: usize,
        node: usize,
        letters: usize,
        depth: usize,
        visited: u64,
    ) {
        let symbols = self.symbols.get();
        let n = self.nodes[node];
        if PATHS {
            self.path[depth % 64] = cell as u8;
        }
        if n.is_terminal(symbols) {
            self.word(node, letters, depth + 1);
        }
        let mask = n.child_mask(symbols);
        if mask == 0 || letters >= self.max_len {
            return;
        }
        let board = self.board;
        let visited = visited | 1 << cell;
        let free = board.neighbours[cell % 64] & !visited;
        let first = n.first_child(symbols);
        let mut letters_near = mask & board.near[cell % 64];
        while letters_near != 0 {
            let sym = letters_near.trailing_zeros() as usize;
            letters_near &= letters_near - 1;
            let mut cells = board.cells_of[sym % 64] & free;
            if cells != 0 {
                let child = first + (mask & ((1u64 << sym) - 1)).count_ones() as usize;
                let child_word = self.nodes[child];
                let child_mask = child_word.child_mask(symbols);
                while cells != 0 {
                    let next = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    if child_mask & board.near_all[next % 64] != 0 {
                        I::plain(self, next, child, letters + 1, depth + 1, visited);
                    } else if child_word.is_terminal(symbols) {
                        // A word the path cannot go on from: record it here rather than
                        // through a call.
                        if PATHS {
                            self.path[(depth + 1) % 64] = next as u8;
                        }
                        self.word(child, letters + 1, depth + 2);
                    }
                }
            }
        }
        let mut multis = free & board.multis;
        while multis != 0 {
            let next = multis.trailing_zeros() as usize;
            multis &= multis - 1;
            if let Some(child) = self.tile_node(node, next) {
                let more = 1 + board.tail_len[next] as usize;
                I::plain(self, next, child, letters + more, depth + 1, visited);
            }
        }
    }

    /// Counts every word of the board level by level: the paths of one tile are extended to
    /// all their next cells ([`Plain::extend_paths`]), then the trie nodes of those longer
    /// paths are read, their words counted and the paths that can go on kept
    /// ([`Plain::read_steps`]), until no path can go on. The nodes one level reads do not
    /// depend on each other, so the CPU loads them in parallel. It meets words in another
    /// order than [`Plain::enter`], so it only counts (see [`Plain::tally`]). Always inlined
    /// into [`Isa::count_by_levels`], which compiles it for its instruction set.
    ///
    /// Returns false, with the count unfinished, when a level holds more than
    /// [`MAX_LEVEL_PATHS`] paths (a board and word list with a huge number of paths spelling
    /// prefixes, such as a grid of one letter and a list of words of that letter repeated):
    /// the caller then counts the board depth first, whose memory does not grow with them.
    #[inline(always)]
    pub(super) fn count_by_levels(&mut self, levels: &mut Levels) -> bool {
        let symbols = self.symbols.get();
        let root = self.nodes[0];
        let board = self.board;
        let root_mask = root.child_mask(symbols);
        let mut starts = board.multis;
        for cell in bits(board.live & !board.multis) {
            starts |= (root_mask >> board.single[cell] & 1) << cell;
        }
        levels.paths.clear();
        levels.paths.push(LevelPath {
            mask: root_mask,
            first: root.first_child(symbols),
            visited: 0,
            next: starts,
            letters: 0,
        });
        let mut paths = 1;
        levels.widest = 0;
        while paths != 0 {
            levels.widest = levels.widest.max(paths);
            if paths > MAX_LEVEL_PATHS {
                return false;
            }
            let steps = self.extend_paths(levels, paths);
            paths = self.read_steps(levels, steps);
        }
        true
    }

    /// Extends each of the first `paths` paths of `levels` to each of its next cells: the
    /// child of the path's trie node for that cell's letters (whose node is not read yet),
    /// written to `levels.steps`. Returns the number of steps.
    #[inline(always)]
    fn extend_paths(&self, levels: &mut Levels, paths: usize) -> usize {
        let board = self.board;
        // A path has at most eight next cells, the root one per cell.
        let room = paths * 8 + 64;
        if levels.steps.len() < room {
            levels.steps.resize(room, Step::default());
        }
        let mut steps = 0;
        for path in &levels.paths[..paths] {
            let letters = path.letters + 1;
            let mut cells = path.next & !board.multis;
            while cells != 0 {
                let cell = cells.trailing_zeros();
                cells &= cells - 1;
                // The cell's letter is a child of the path's node (see `read_steps`).
                let sym = board.single[cell as usize % 64];
                let child = path.first + (path.mask & ((1u64 << sym) - 1)).count_ones() as usize;
                levels.steps[steps] = Step {
                    child,
                    visited: path.visited | 1 << cell,
                    cell,
                    letters,
                };
                steps += 1;
            }
            for cell in bits(path.next & board.multis) {
                if let Some(child) = self.tile_child(path.mask, path.first, cell) {
                    levels.steps[steps] = Step {
                        child,
                        visited: path.visited | 1 << cell,
                        cell: cell as u32,
                        letters: letters + u32::from(board.tail_len[cell]),
                    };
                    steps += 1;
                }
            }
        }
        steps
    }

    /// Reads the trie node of each of the first `steps` steps of `levels`, counts the word
    /// ending there, if new and wanted, without a branch, and keeps as paths of the next level
    /// (in `levels.paths`) the steps that can go on: those with a free neighbour whose letter is
    /// a child of their node (or a free neighbour of several letters whose first letter is).
    /// Returns the number of paths kept.
    #[inline(always)]
    fn read_steps(&mut self, levels: &mut Levels, steps: usize) -> usize {
        let symbols = self.symbols.get();
        let board = self.board;
        if levels.paths.len() < steps {
            levels.paths.resize(steps, LevelPath::default());
        }
        // Kept in locals, so that they stay in registers through the loop.
        let mut found = std::mem::take(&mut self.found);
        found.reserve(steps);
        let mut tally = self.tally;
        let mut kept = 0;
        for step in &levels.steps[..steps] {
            let node = self.nodes[step.child];
            let fresh = node.is_terminal(symbols) & !found.contains(step.child);
            found.mark_if_reserved(step.child, fresh);
            let letters = step.letters as usize;
            tally += self.unit(letters, fresh);
            let cell = step.cell as usize % 64;
            let mask = node.child_mask(symbols);
            // Masks rather than selects, which could become mispredicted branches.
            let multis = board.multis & u64::from(mask & board.multi_firsts != 0).wrapping_neg();
            let free = board.neighbours[cell] & !step.visited;
            let next = (I::candidates(mask, board.around[cell], board.bare[cell]) | multis) & free;
            let next = next & u64::from(letters < self.max_len).wrapping_neg();
            levels.paths[kept] = LevelPath {
                mask,
                first: node.first_child(symbols),
                visited: step.visited,
                next,
                letters: step.letters,
            };
            kept += usize::from(next != 0);
        }
        self.found = found;
        self.tally = tally;
        kept
    }

    /// The trie node reached by spelling the letters of `cell` from the node whose child mask
    /// is `mask` and first child `first`, if any.
    #[inline(always)]
    fn tile_child(&self, mask: u64, first: usize, cell: usize) -> Option<usize> {
        let board = self.board;
        let sym = board.first[cell];
        if mask >> sym & 1 == 0 {
            return None;
        }
        let mut node = first + (mask & ((1u64 << sym) - 1)).count_ones() as usize;
        for &sym in &board.tail[cell][..board.tail_len[cell] as usize % MAX_TILE] {
            node = self.child(node, sym)?;
        }
        Some(node)
    }

    /// What a word of `letters` letters adds to the tally: 0 unless it is `fresh` (new) and
    /// that length is wanted.
    #[inline(always)]
    pub(super) fn unit(&self, letters: usize, fresh: bool) -> u64 {
        self.units[letters.min(255)][usize::from(fresh)]
    }

    /// Counts or records the word at `node` (its path is `path[..tiles]`) unless its length is
    /// not wanted or it was found before.
    #[inline(always)]
    fn word(&mut self, node: usize, letters: usize, tiles: usize) {
        if letters >= 128 || !self.wanted[letters % 128] || !self.found.insert(node) {
            return;
        }
        let score = self.scores[letters];
        if PATHS {
            let path_start = self.arena.len() as u32;
            self.arena.extend_from_slice(&self.path[..tiles.min(64)]);
            self.hits.push(Hit {
                score,
                path_start,
                path_len: tiles as u8,
                node: node as u32,
                certainty: 1.0,
            });
        } else {
            self.words += 1;
            self.score += u64::from(score);
        }
    }
}

/// The cells of `bare` (a cell's neighbours on the grid) whose letter is in `mask`, given the
/// symbols of those cells in order, one a byte (`around`, as [`PlainBoard`] keeps it), without
/// a branch: one bit test per byte.
#[inline(always)]
pub(super) fn candidates_portable(mask: u64, around: u64, bare: u64) -> u64 {
    let mut out = 0;
    let mut cells = bare;
    let mut shift = 0;
    while cells != 0 {
        let cell = cells.trailing_zeros();
        cells &= cells - 1;
        out |= (mask >> (around >> shift & 63) & 1) << cell;
        shift = (shift + 8) % 64;
    }
    out
}

/// [`candidates_portable`] with SSSE3 and BMI2: the eight bit tests in one byte shuffle, the
/// results spread onto the cells with `pdep`.
///
/// # Safety
/// The CPU must have `ssse3` and `bmi2`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3,bmi2")]
#[inline]
pub(super) unsafe fn candidates_bmi2(mask: u64, around: u64, bare: u64) -> u64 {
    use std::arch::x86_64::*;
    let symbols = _mm_cvtsi64_si128(around as i64);
    // Byte k: the byte of `mask` that holds the bit of symbol k, and that bit.
    let byte_of = _mm_and_si128(_mm_srli_epi16::<3>(symbols), _mm_set1_epi8(0x1f));
    let bytes = _mm_shuffle_epi8(_mm_cvtsi64_si128(mask as i64), byte_of);
    let bit_of = _mm_and_si128(symbols, _mm_set1_epi8(7));
    let bits = _mm_shuffle_epi8(_mm_set1_epi64x(0x8040_2010_0804_0201_u64 as i64), bit_of);
    let hits = _mm_cmpeq_epi8(_mm_and_si128(bytes, bits), bits);
    let lanes = (_mm_movemask_epi8(hits) & 0xff) as u64;
    _pdep_u64(lanes, bare)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The cells of `bare` whose symbol (byte k of `around` for the k-th cell) is in `mask`,
    /// one cell at a time.
    fn candidates_by_hand(mask: u64, around: u64, bare: u64) -> u64 {
        let cells: Vec<u32> = (0..64).filter(|c| bare >> c & 1 == 1).collect();
        let mut out = 0;
        for (k, cell) in cells.iter().enumerate() {
            let symbol = around.to_le_bytes()[k];
            if mask >> symbol & 1 == 1 {
                out |= 1 << cell;
            }
        }
        out
    }

    #[test]
    fn candidates_are_the_neighbours_whose_letter_is_a_child() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..20_000 {
            // A cell's neighbours: up to 8 cells.
            let mut bare = 0u64;
            for _ in 0..rng.random_range(0..=8) {
                bare |= 1 << rng.random_range(0..64);
            }
            let mut bytes = [NO_SYMBOL; 8];
            for byte in bytes.iter_mut().take(bare.count_ones() as usize) {
                *byte = if rng.random_bool(0.2) {
                    NO_SYMBOL
                } else {
                    rng.random_range(0..NO_SYMBOL)
                };
            }
            let around = u64::from_le_bytes(bytes);
            let mask = rng.random::<u64>() & !(1 << NO_SYMBOL) & rng.random::<u64>();
            let expected = candidates_by_hand(mask, around, bare);
            assert_eq!(candidates_portable(mask, around, bare), expected);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("ssse3")
            {
                // SAFETY: the features were checked just above.
                assert_eq!(unsafe { candidates_bmi2(mask, around, bare) }, expected);
            }
        }
    }
}
