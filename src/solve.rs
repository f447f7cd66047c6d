//! The solver: a depth-first search over bitboards that finds every dictionary word on a board
//! with its tile path.
//!
//! The board is prepared once per search, in buffers a [`Solver`] reuses from board to board: a
//! `u64` neighbour mask per cell (from a table made once per grid size, holes left out), the
//! trie symbol of every single-letter tile, and the letter sequences of special tiles. The search
//! keeps the visited set in one `u64` and, at each trie node, enters only the unvisited neighbours
//! whose letter is in the node's child mask, so dead branches are cut before they are entered.
//! Each trie node is at most one word, so a small table of found nodes, cleared by a generation
//! counter, reports every word once; for games whose score depends on the path (printed values,
//! bonus squares) the best-scoring path is kept, and `all_paths` keeps every path. The search is
//! compiled twice, for the x86-64 baseline and with `popcnt`, and picks at run time; counting
//! on plain boards has a third version, with `bmi2` and `ssse3`, that goes breadth-first, one
//! path length at a time (the private `plain` module).

mod plain;

use crate::board::{Board, Tile};
use crate::dict::trie::NodeWord;
use crate::dict::{Dictionary, Nodes, fold_accents};
use crate::score::{Game, Rules};
use plain::{AnySize, FoundBits, Latin, Levels, Plain, PlainBoard, Symbols};
use serde::Serialize;

/// What to look for.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// The game's rules (minimum length and scoring).
    pub rules: Rules,
    /// Longest word wanted, in letters.
    pub max_len: usize,
    /// Only these lengths, when given (`--lengths 3,6,7`).
    pub lengths: Option<Vec<usize>>,
    /// Keep every path of every word, not only the best one.
    pub all_paths: bool,
}

impl SolveOptions {
    /// The default options of a game.
    pub fn new(game: Game) -> SolveOptions {
        SolveOptions {
            rules: Rules::new(game),
            max_len: usize::MAX,
            lengths: None,
            all_paths: false,
        }
    }

    /// A bit per wanted word length (lengths above 127 are never wanted).
    fn length_mask(&self) -> u128 {
        (0..128usize)
            .filter(|&n| n >= self.rules.min_len && n <= self.max_len)
            .filter(|n| self.lengths.as_ref().is_none_or(|l| l.contains(n)))
            .fold(0, |m, n| m | 1 << n)
    }
}

/// One word found on the board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FoundWord {
    /// The word, lower case.
    pub word: String,
    /// Its score under the game's rules (the reported path's score).
    pub score: u32,
    /// The reported path: (row, col) of each tile, counted from 0. Of the word's paths, the
    /// most certain, and of those the best-scoring.
    pub path: Vec<(usize, usize)>,
    /// Every path, when `all_paths` was asked for (else empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<Vec<(usize, usize)>>,
    /// The probability, 0 to 1, that the tiles of `path` read as the word assumes: the product
    /// of the probabilities of the readings it takes from doubtful tiles (1 when every tile it
    /// uses is sure).
    pub certainty: f64,
    /// The reading the word takes from each doubtful tile of `path`, in path order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<AssumedReading>,
}

/// The reading a word assumes for one doubtful tile.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AssumedReading {
    /// Row of the tile, from 0.
    pub row: usize,
    /// Column of the tile, from 0.
    pub col: usize,
    /// The letters the word takes from it, upper case (`E`; any letter for a wildcard).
    pub letters: String,
    /// How likely that reading is, 0 to 1.
    pub probability: f64,
}

impl FoundWord {
    /// Number of letters (a `QU` tile counts two).
    pub fn letters(&self) -> usize {
        self.word.chars().count()
    }
}

/// Everything a search found.
#[derive(Debug, Clone, Default)]
pub struct Solution {
    /// Words sorted by score, then length (longest first), then alphabet.
    pub words: Vec<FoundWord>,
    /// Sum of the words' scores.
    pub total_score: u64,
    /// Cells whose letters are not in the dictionary's alphabet, so no word can use them.
    pub unusable: Vec<(usize, usize)>,
}

impl Solution {
    /// A solution of these words: sorted by score, then length (longest first), then
    /// alphabet, with their total. Every search (path, swap, anagram) ends here.
    pub fn of_words(words: Vec<FoundWord>, unusable: Vec<(usize, usize)>) -> Solution {
        // Each word's number of letters counted once, not in every comparison.
        let mut keyed: Vec<(usize, FoundWord)> =
            words.into_iter().map(|w| (w.letters(), w)).collect();
        keyed.sort_by(|(a_letters, a), (b_letters, b)| {
            b.score
                .cmp(&a.score)
                .then(b_letters.cmp(a_letters))
                .then_with(|| a.word.cmp(&b.word))
        });
        let words: Vec<FoundWord> = keyed.into_iter().map(|(_, w)| w).collect();
        Solution {
            total_score: words.iter().map(|w| u64::from(w.score)).sum(),
            words,
            unusable,
        }
    }

    /// Keeps only the words at least `min` certain, and their total.
    pub fn keep_certain(&mut self, min: f64) {
        self.words.retain(|w| w.certainty >= min);
        self.total_score = self.words.iter().map(|w| u64::from(w.score)).sum();
    }
}

/// How a cell takes part in the search.
#[derive(Debug, Clone, PartialEq)]
enum CellKind {
    /// A hole, or letters the dictionary cannot spell.
    Dead,
    /// One letter: the fast path.
    Single(u8),
    /// Anything else: the symbol sequences a word may take from it, each with its probability
    /// (1 for the choices of a sure tile).
    Special {
        choices: Vec<Vec<u8>>,
        probabilities: Vec<f64>,
        prefix: bool,
        suffix: bool,
    },
}

/// The board prepared for one dictionary.
struct Prepared {
    neighbours: [u64; 64],
    symbol: [u8; 64],
    /// Per cell: the set of symbols on its plain-letter neighbours.
    neighbour_symbols: [u64; 64],
    /// Per cell: its plain-letter neighbours grouped by symbol, in symbol order (at most 8 groups).
    neighbours_by_symbol: [[u64; 8]; 64],
    kinds: Vec<CellKind>,
    /// Cells entered through the fast path.
    single_mask: u64,
    /// Special cells that may be entered after the first tile (not prefix-only).
    special_mask: u64,
    unusable: Vec<(usize, usize)>,
}

impl Prepared {
    /// An empty preparation, filled by [`Prepared::prepare`] for each board.
    fn empty() -> Box<Prepared> {
        Box::new(Prepared {
            neighbours: [0; 64],
            symbol: [0; 64],
            neighbour_symbols: [0; 64],
            neighbours_by_symbol: [[0; 8]; 64],
            kinds: Vec::with_capacity(64),
            single_mask: 0,
            special_mask: 0,
            unusable: vec![],
        })
    }

    /// Prepares `board`, whose cells' neighbours on the bare grid (holes included) are `grid`.
    /// Only the cells of this board are written, so a solver reuses one preparation.
    fn prepare(&mut self, board: &Board, dict: &Dictionary, grid: &[u64; 64]) {
        let cols = board.cols();
        self.kinds.clear();
        self.unusable.clear();
        (self.single_mask, self.special_mask) = (0, 0);
        let mut holes = 0u64;
        for (cell, tile) in board.tiles().iter().enumerate() {
            let kind = cell_kind(tile, dict);
            if tile.is_hole() {
                holes |= 1 << cell;
            } else if kind == CellKind::Dead {
                self.unusable.push((cell / cols, cell % cols));
            }
            match &kind {
                CellKind::Single(s) => {
                    self.symbol[cell] = *s;
                    self.single_mask |= 1 << cell;
                }
                CellKind::Special { prefix: false, .. } => self.special_mask |= 1 << cell,
                _ => {}
            }
            self.kinds.push(kind);
        }
        for (mask, around) in self.neighbours.iter_mut().zip(grid).take(board.len()) {
            *mask = around & !holes;
        }
    }

    /// Fills `neighbour_symbols` and `neighbours_by_symbol` from the plain-letter neighbours
    /// (the general search needs them; the plain search does not).
    fn group_neighbours_by_symbol(&mut self) {
        for cell in 0..self.kinds.len() {
            let singles = self.neighbours[cell] & self.single_mask;
            let symbols = bits(singles).fold(0u64, |m, n| m | 1 << self.symbol[n]);
            self.neighbour_symbols[cell] = symbols;
            self.neighbours_by_symbol[cell] = [0; 8];
            for n in bits(singles) {
                let group = (symbols & ((1u64 << self.symbol[n]) - 1)).count_ones() as usize;
                self.neighbours_by_symbol[cell][group] |= 1 << n;
            }
        }
    }
}

fn cell_kind(tile: &Tile, dict: &Dictionary) -> CellKind {
    if let Tile::Letters(s) = tile {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && (c.is_ascii() || !dict.folds_accents())
        {
            return dict
                .alphabet()
                .symbol(c)
                .map_or(CellKind::Dead, CellKind::Single);
        }
    }
    let encode = |s: &str| {
        let s = if dict.folds_accents() {
            fold_accents(s)
        } else {
            s.to_string()
        };
        dict.alphabet().encode(&s)
    };
    let weighted: Vec<(Vec<u8>, f64)> = match tile {
        Tile::Wildcard => {
            let letters = dict.alphabet().len();
            let each = 1.0 / letters.max(1) as f64;
            (0..letters as u8).map(|s| (vec![s], each)).collect()
        }
        Tile::Doubtful(readings) => readings
            .iter()
            .flat_map(|r| {
                let p = r.probability.fraction();
                r.tile.choices().into_iter().map(move |c| (c, p))
            })
            .filter_map(|(c, p)| encode(c).map(|c| (c, p)))
            .collect(),
        _ => tile
            .choices()
            .into_iter()
            .filter_map(|c| encode(c).map(|c| (c, 1.0)))
            .collect(),
    };
    // The same letters from two readings: the likelier one.
    let mut choices: Vec<Vec<u8>> = Vec::with_capacity(weighted.len());
    let mut probabilities: Vec<f64> = Vec::with_capacity(weighted.len());
    for (c, p) in weighted {
        match choices.iter().position(|o| *o == c) {
            Some(i) => probabilities[i] = probabilities[i].max(p),
            None => {
                choices.push(c);
                probabilities.push(p);
            }
        }
    }
    match (tile, choices.as_slice()) {
        (_, []) => CellKind::Dead,
        (Tile::Letters(_), [one]) if one.len() == 1 => CellKind::Single(one[0]),
        _ => CellKind::Special {
            choices,
            probabilities,
            prefix: tile.is_prefix_only(),
            suffix: tile.is_suffix_only(),
        },
    }
}

/// The indexes of the set bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The 8-way neighbours of every cell of a `rows` x `cols` grid without holes, as bit masks.
fn grid_neighbours(rows: usize, cols: usize) -> [u64; 64] {
    let mut masks = [0u64; 64];
    for r in 0..rows {
        for c in 0..cols {
            for nr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                for nc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                    if (nr, nc) != (r, c) {
                        masks[r * cols + c] |= 1 << (nr * cols + nc);
                    }
                }
            }
        }
    }
    masks
}

/// Marks a trie node with no word found yet.
const NO_SLOT: u32 = u32::MAX;

/// One entry of the found-word table.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    /// The board (generation) that wrote the entry; an entry of an older board is empty.
    stamp: u32,
    node: u32,
    hit: u32,
}

/// The words found so far on one board: trie node -> index in the hit list, in a small
/// open-addressing table that stays in cache (a table as large as the trie would cost a cache
/// miss per word). Entries carry the board's generation, so moving to the next board clears the
/// table without writing to it.
struct FoundSet {
    slots: Vec<Slot>,
    generation: u32,
    len: usize,
}

impl FoundSet {
    fn new() -> FoundSet {
        FoundSet {
            slots: vec![Slot::default(); 256],
            generation: 1,
            len: 0,
        }
    }

    #[inline]
    fn position(&self, node: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (node.wrapping_mul(0x9E37_79B1) as usize >> 7) & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.generation || slot.node == node {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The hit index of `node`, or `NO_SLOT`.
    #[inline]
    fn get(&self, node: u32) -> u32 {
        let slot = self.slots[self.position(node)];
        if slot.stamp == self.generation {
            slot.hit
        } else {
            NO_SLOT
        }
    }

    /// Adds `node` (not yet present) with its hit index, growing the table when it is half full.
    fn insert(&mut self, node: u32, hit: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            let generation = self.generation;
            let old: Vec<Slot> = self
                .slots
                .iter()
                .filter(|s| s.stamp == generation)
                .copied()
                .collect();
            self.slots = vec![Slot::default(); self.slots.len() * 2];
            self.len = 0;
            for slot in old {
                self.insert(slot.node, slot.hit);
            }
        }
        let i = self.position(node);
        self.slots[i] = Slot {
            stamp: self.generation,
            node,
            hit,
        };
        self.len += 1;
    }

    /// Empties the table by moving to the next generation (rewriting it only when the counter
    /// wraps around, once in 4 billion boards).
    fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }
}

/// One found word during the search; its path lives in the solver's path arena.
#[derive(Debug, Clone, Copy)]
struct Hit {
    score: u32,
    path_start: u32,
    path_len: u8,
    /// The word's trie node: the choices its special tiles took are worked out from it.
    node: u32,
    /// The product of the probabilities of the choices the path takes (1 on a sure board).
    certainty: f64,
}

/// A reusable solver: keeps its buffers between boards, so batch solving allocates little.
pub struct Solver<'d> {
    dict: &'d Dictionary,
    options: SolveOptions,
    lengths: u128,
    found: FoundSet,
    hits: Vec<Hit>,
    /// Extra paths (all_paths): (hit index, path start, path length).
    extra: Vec<(u32, u32, u8)>,
    arena: Vec<u8>,
    /// The board being solved, prepared (reused from board to board).
    prepared: Box<Prepared>,
    /// Rows, columns and neighbour masks of the last grid size seen.
    grid: (usize, usize, [u64; 64]),
    /// True when the CPU counts bits in one instruction (x86-64 `popcnt`), checked once.
    popcnt: bool,
    /// True when the CPU also has `bmi2` and `ssse3` (for [`Plain::count_by_levels`]).
    bmi2: bool,
    /// The board being solved as the plain search reads it, when it can (see [`plain`]).
    plain: Box<PlainBoard>,
    /// Words found by the plain search on the current board.
    found_bits: FoundBits,
    /// The buffers of [`Plain::count_by_levels`].
    levels: Levels,
    /// Score by number of letters, when the rules score by length alone.
    length_scores: [u32; 128],
    /// True for each number of letters that words may have (`lengths` as a table).
    wanted_lengths: [bool; 128],
    /// What a word adds to the plain search's tally, by number of letters and whether it is
    /// new (see [`Plain::units`]), and whether a board's tally always fits (else words are
    /// counted without it).
    word_units: [[u64; 2]; 256],
    tally_fits: bool,
    /// True when the options let the plain search run: scores by length alone, one path per
    /// word. Tests turn it off to compare the two searches.
    plain_allowed: bool,
}

impl<'d> Solver<'d> {
    /// A solver for one dictionary and set of options.
    pub fn new(dict: &'d Dictionary, options: SolveOptions) -> Solver<'d> {
        let length_scores = std::array::from_fn(|letters| options.rules.length_table(letters));
        let plain_allowed = options.rules.scores_length_only() && !options.all_paths;
        let lengths = options.length_mask();
        let wanted_lengths: [bool; 128] =
            std::array::from_fn(|letters| lengths >> letters & 1 == 1);
        let word_units = std::array::from_fn(|letters| {
            let wanted = letters < 128 && wanted_lengths[letters];
            let unit = u64::from(wanted)
                * (1 << plain::TALLY_SHIFT | u64::from(length_scores[letters % 128]));
            [0, unit]
        });
        // A board's words fit the tally's count (at most one per trie node) and its score stays
        // below the count's bits.
        let most_words = dict.node_count() as u64;
        let top_score = length_scores.iter().copied().max().unwrap_or(0) as u64;
        let tally_fits = most_words < 1 << (64 - plain::TALLY_SHIFT)
            && most_words.saturating_mul(top_score) < 1 << plain::TALLY_SHIFT;
        Solver {
            dict,
            lengths,
            options,
            found: FoundSet::new(),
            hits: Vec::new(),
            extra: Vec::new(),
            arena: Vec::new(),
            prepared: Prepared::empty(),
            grid: (0, 0, [0; 64]),
            popcnt: has_popcnt(),
            bmi2: has_bmi2(),
            plain: PlainBoard::empty(),
            found_bits: FoundBits::default(),
            levels: Levels::default(),
            length_scores,
            wanted_lengths,
            word_units,
            tally_fits,
            plain_allowed,
        }
    }

    /// The options this solver was made with.
    pub fn options(&self) -> &SolveOptions {
        &self.options
    }

    /// Finds every word with its paths, sorted by score, then length, then alphabet.
    pub fn solve(&mut self, board: &Board) -> Solution {
        self.search(board, true);
        let mut words: Vec<FoundWord> = self
            .hits
            .iter()
            .map(|h| self.found_word(board, h))
            .collect();
        // Every path once, the best one first, then the others in the order they were found.
        for &(hit, start, len) in &self.extra {
            let best = &self.hits[hit as usize];
            let path = to_cells(
                board,
                &self.arena[start as usize..(start + len as u32) as usize],
            );
            let paths = &mut words[hit as usize].paths;
            if start == best.path_start {
                paths.insert(0, path);
            } else {
                paths.push(path);
            }
        }
        self.reset();
        Solution::of_words(words, self.prepared.unusable.clone())
    }

    /// Counts the words and sums their scores without building strings (batch mode, benchmarks).
    pub fn count(&mut self, board: &Board) -> (usize, u64) {
        let result = self.search(board, false).unwrap_or_else(|| {
            (
                self.hits.len(),
                self.hits.iter().map(|h| h.score as u64).sum(),
            )
        });
        self.reset();
        result
    }

    fn reset(&mut self) {
        self.found.clear();
        self.found_bits.clear();
        self.hits.clear();
        self.extra.clear();
        self.arena.clear();
    }

    /// Finds the words of `board`: as hits with their paths, or (without `paths`, where the
    /// plain search can count them) as the number of words and their total score.
    fn search(&mut self, board: &Board, paths: bool) -> Option<(usize, u64)> {
        if (self.grid.0, self.grid.1) != (board.rows(), board.cols()) {
            self.grid = (
                board.rows(),
                board.cols(),
                grid_neighbours(board.rows(), board.cols()),
            );
        }
        let symbols = self.dict.alphabet().len() as u32;
        let plain = self.plain_allowed && symbols <= 64;
        // Counting a board of plain letters needs no general preparation.
        if plain
            && !paths
            && self
                .plain
                .fill_from_tiles(board, self.dict.alphabet(), &self.grid.2)
        {
            return self.run_plain(false);
        }
        self.prepared.prepare(board, self.dict, &self.grid.2);
        if plain && self.plain.fill(board, &self.prepared, &self.grid.2) {
            return self.run_plain(paths);
        }
        self.prepared.group_neighbours_by_symbol();
        match self.dict.nodes() {
            Nodes::Narrow(nodes) => self.search_nodes(board, &nodes[..]),
            Nodes::Wide(nodes) => self.search_nodes(board, &nodes[..]),
        }
        None
    }

    /// Runs the plain search on the board `self.plain` holds (see [`Self::search`]).
    fn run_plain(&mut self, paths: bool) -> Option<(usize, u64)> {
        let symbols = self.dict.alphabet().len() as u32;
        self.found_bits.fit(self.dict.node_count());
        match (self.dict.nodes(), paths) {
            (Nodes::Narrow(nodes), true) if symbols == 26 => {
                self.plain_search::<_, _, true>(&nodes[..], Latin)
            }
            (Nodes::Narrow(nodes), false) if symbols == 26 => {
                self.plain_search::<_, _, false>(&nodes[..], Latin)
            }
            (Nodes::Narrow(nodes), true) => {
                self.plain_search::<_, _, true>(&nodes[..], AnySize(symbols))
            }
            (Nodes::Narrow(nodes), false) => {
                self.plain_search::<_, _, false>(&nodes[..], AnySize(symbols))
            }
            (Nodes::Wide(nodes), true) => {
                self.plain_search::<_, _, true>(&nodes[..], AnySize(symbols))
            }
            (Nodes::Wide(nodes), false) => {
                self.plain_search::<_, _, false>(&nodes[..], AnySize(symbols))
            }
        }
    }

    /// Runs the plain search with the bit counting the CPU offers: hits with their paths, or
    /// (without `PATHS`) the number of words and their total score.
    fn plain_search<N: NodeWord, S: Symbols, const PATHS: bool>(
        &mut self,
        nodes: &[N],
        symbols: S,
    ) -> Option<(usize, u64)> {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 && self.tally_fits && !PATHS && symbols.get() <= u32::from(plain::NO_SYMBOL) {
            return self.plain_with::<N, S, WithBmi2, PATHS>(nodes, symbols);
        }
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            return self.plain_with::<N, S, WithPopcnt, PATHS>(nodes, symbols);
        }
        self.plain_with::<N, S, Portable, PATHS>(nodes, symbols)
    }

    fn plain_with<N: NodeWord, S: Symbols, I: Isa, const PATHS: bool>(
        &mut self,
        nodes: &[N],
        symbols: S,
    ) -> Option<(usize, u64)> {
        let mut search = Plain::<N, S, I, PATHS> {
            nodes,
            symbols,
            board: &self.plain,
            wanted: &self.wanted_lengths,
            max_len: self.options.max_len,
            scores: &self.length_scores,
            units: &self.word_units,
            tally: 0,
            found: std::mem::take(&mut self.found_bits),
            hits: &mut self.hits,
            arena: &mut self.arena,
            words: 0,
            score: 0,
            path: [0; 64],
            isa: std::marker::PhantomData,
        };
        if !(I::BY_LEVELS && !PATHS && I::count_by_levels(&mut search, &mut self.levels)) {
            // Depth first: the plain search, or a board too wide to count level by level.
            search.found.clear();
            search.tally = 0;
            search.run();
        }
        let (words, score) = (
            search.tally >> plain::TALLY_SHIFT,
            search.tally & ((1 << plain::TALLY_SHIFT) - 1),
        );
        let counts = (search.words + words as usize, search.score + score);
        self.found_bits = search.found;
        (!PATHS).then_some(counts)
    }

    /// Runs the search with the bit counting the CPU offers.
    fn search_nodes<N: NodeWord>(&mut self, board: &Board, nodes: &[N]) {
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            return self.search_with::<N, WithPopcnt>(board, nodes);
        }
        self.search_with::<N, Portable>(board, nodes)
    }

    fn search_with<N: NodeWord, I: Isa>(&mut self, board: &Board, nodes: &[N]) {
        let path_dependent_score = !self.options.rules.game.score_is_path_independent();
        let mut search = Search::<N, I> {
            nodes,
            symbols: self.dict.alphabet().len() as u32,
            board,
            prepared: &self.prepared,
            rules: &self.options.rules,
            lengths: self.lengths,
            max_len: self.options.max_len,
            all_paths: self.options.all_paths,
            path_dependent_score,
            found: &mut self.found,
            hits: &mut self.hits,
            extra: &mut self.extra,
            arena: &mut self.arena,
            path: [0; 64],
            depth: 0,
            visited: 0,
            certainty: 1.0,
            isa: std::marker::PhantomData,
        };
        for cell in 0..board.len() {
            search.start(cell);
        }
    }

    fn found_word(&self, board: &Board, hit: &Hit) -> FoundWord {
        let prepared = &self.prepared;
        let path =
            &self.arena[hit.path_start as usize..hit.path_start as usize + hit.path_len as usize];
        let symbols = self.dict.alphabet().len() as u32;
        let one_way = |&cell: &u8| match &prepared.kinds[cell as usize] {
            CellKind::Special { choices, .. } => choices.len() == 1,
            _ => true,
        };
        // None when every tile of the path spells the word one way (the common case): each
        // takes its only choice.
        let picks = (!path.iter().all(one_way)).then(|| match self.dict.nodes() {
            Nodes::Narrow(nodes) => likeliest_picks(&nodes[..], symbols, prepared, path, hit.node),
            Nodes::Wide(nodes) => likeliest_picks(&nodes[..], symbols, prepared, path, hit.node),
        });
        let alphabet = self.dict.alphabet();
        let letters = |syms: &[u8]| syms.iter().map(|&s| alphabet.char(s)).collect::<String>();
        let mut word = String::with_capacity(2 * path.len() + 8);
        let mut certainty = 1.0f64;
        let mut readings = Vec::new();
        for (i, &cell) in path.iter().enumerate() {
            let pick = match &picks {
                None => 0,
                Some(picks) => match picks.get(i) {
                    Some(&pick) => pick,
                    None => break,
                },
            };
            let cell = cell as usize;
            match &prepared.kinds[cell] {
                CellKind::Single(s) => word.push(alphabet.char(*s)),
                CellKind::Special { choices, .. } if !board.tiles()[cell].is_doubtful() => {
                    word.extend(choices[pick].iter().map(|&s| alphabet.char(s)));
                }
                CellKind::Special {
                    choices,
                    probabilities,
                    ..
                } => {
                    let taken = letters(&choices[pick]);
                    word.push_str(&taken);
                    let probability = probabilities[pick];
                    certainty *= probability;
                    readings.push(AssumedReading {
                        row: cell / board.cols(),
                        col: cell % board.cols(),
                        letters: taken.to_uppercase(),
                        probability,
                    });
                }
                CellKind::Dead => {}
            }
        }
        FoundWord {
            word,
            score: hit.score,
            path: to_cells(board, path),
            paths: vec![],
            certainty,
            readings,
        }
    }
}

/// The trie node reached from `node` by `sym`, if any.
#[inline(always)]
fn trie_child<N: NodeWord>(nodes: &[N], symbols: u32, node: usize, sym: u8) -> Option<usize> {
    let n = nodes[node];
    let mask = n.child_mask(symbols);
    if mask >> sym & 1 == 0 {
        return None;
    }
    Some(n.first_child(symbols) + (mask & ((1u64 << sym) - 1)).count_ones() as usize)
}

/// The choice each tile of `path` takes to spell the word at trie node `target` (0 for a plain
/// letter): of the ways that spell it, the likeliest.
fn likeliest_picks<N: NodeWord>(
    nodes: &[N],
    symbols: u32,
    prepared: &Prepared,
    path: &[u8],
    target: u32,
) -> Vec<usize> {
    struct Walk<'a, N> {
        nodes: &'a [N],
        symbols: u32,
        prepared: &'a Prepared,
        path: &'a [u8],
        target: usize,
        picks: Vec<usize>,
        best: Option<(f64, Vec<usize>)>,
    }
    impl<N: NodeWord> Walk<'_, N> {
        fn go(&mut self, i: usize, node: usize, p: f64) {
            if i == self.path.len() {
                if node == self.target && self.best.as_ref().is_none_or(|(b, _)| p > *b) {
                    self.best = Some((p, self.picks.clone()));
                }
                return;
            }
            let (nodes, symbols) = (self.nodes, self.symbols);
            match &self.prepared.kinds[self.path[i] as usize] {
                CellKind::Single(s) => {
                    if let Some(next) = trie_child(nodes, symbols, node, *s) {
                        self.picks.push(0);
                        self.go(i + 1, next, p);
                        self.picks.pop();
                    }
                }
                CellKind::Special {
                    choices,
                    probabilities,
                    ..
                } => {
                    for (k, choice) in choices.iter().enumerate() {
                        let reached = choice
                            .iter()
                            .try_fold(node, |n, &sym| trie_child(nodes, symbols, n, sym));
                        if let Some(next) = reached {
                            self.picks.push(k);
                            self.go(i + 1, next, p * probabilities[k]);
                            self.picks.pop();
                        }
                    }
                }
                CellKind::Dead => {}
            }
        }
    }
    let mut walk = Walk {
        nodes,
        symbols,
        prepared,
        path,
        target: target as usize,
        picks: Vec::with_capacity(path.len()),
        best: None,
    };
    walk.go(0, 0, 1.0);
    walk.best.map(|(_, picks)| picks).unwrap_or_default()
}

fn to_cells(board: &Board, path: &[u8]) -> Vec<(usize, usize)> {
    path.iter()
        .map(|&c| (c as usize / board.cols(), c as usize % board.cols()))
        .collect()
}

/// How the search counts bits: the same code compiled for the x86-64 baseline ([`Portable`]) and
/// with the `popcnt` instruction ([`WithPopcnt`]), chosen at run time by what the CPU offers, so
/// the portable build runs at full speed without `-C target-cpu=native`.
trait Isa: Sized {
    /// Enters `cell` (see [`Search::enter_loaded`]) in code compiled for this instruction set.
    fn enter<N: NodeWord>(
        search: &mut Search<'_, N, Self>,
        cell: usize,
        node: usize,
        n: N,
        letters: usize,
        last: bool,
    );

    /// True when the plain search counts words with [`Plain::count_by_levels`].
    const BY_LEVELS: bool = false;

    /// Runs [`Plain::count_by_levels`] in code compiled for this instruction set; false when
    /// it gave up on a board too wide for it.
    #[inline]
    fn count_by_levels<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        levels: &mut Levels,
    ) -> bool {
        search.count_by_levels(levels)
    }

    /// The neighbours `bare` of a cell whose letter (in `around`) is in `mask` (see
    /// [`plain::candidates_portable`]).
    #[inline(always)]
    fn candidates(mask: u64, around: u64, bare: u64) -> u64 {
        plain::candidates_portable(mask, around, bare)
    }

    /// Enters `cell` in the plain search (see [`Plain::enter`]) in code compiled for this
    /// instruction set.
    fn plain<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        cell: usize,
        node: usize,
        letters: usize,
        depth: usize,
        visited: u64,
    );
}

/// The x86-64 baseline (or any other target): bit counts in plain instructions.
struct Portable;

impl Isa for Portable {
    #[inline]
    fn enter<N: NodeWord>(
        search: &mut Search<'_, N, Self>,
        cell: usize,
        node: usize,
        n: N,
        letters: usize,
        last: bool,
    ) {
        search.enter_loaded(cell, node, n, letters, last);
    }

    #[inline]
    fn plain<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        cell: usize,
        node: usize,
        letters: usize,
        depth: usize,
        visited: u64,
    ) {
        search.enter(cell, node, letters, depth, visited);
    }
}

/// x86-64 with `popcnt`, checked by [`has_popcnt`] before it is used.
#[cfg(target_arch = "x86_64")]
struct WithPopcnt;

#[cfg(target_arch = "x86_64")]
impl Isa for WithPopcnt {
    #[inline]
    fn enter<N: NodeWord>(
        search: &mut Search<'_, N, Self>,
        cell: usize,
        node: usize,
        n: N,
        letters: usize,
        last: bool,
    ) {
        // SAFETY: a search with `WithPopcnt` only starts when `has_popcnt()` said yes.
        unsafe { enter_with_popcnt(search, cell, node, n, letters, last) }
    }

    #[inline]
    fn plain<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        cell: usize,
        node: usize,
        letters: usize,
        depth: usize,
        visited: u64,
    ) {
        // SAFETY: a search with `WithPopcnt` only starts when `has_popcnt()` said yes.
        unsafe { plain_with_popcnt(search, cell, node, letters, depth, visited) }
    }
}

/// x86-64 with `popcnt`, `bmi2` and `ssse3`, checked by [`has_bmi2`] before it is used: the
/// plain search counts words with [`Plain::count_by_levels`].
#[cfg(target_arch = "x86_64")]
struct WithBmi2;

#[cfg(target_arch = "x86_64")]
impl Isa for WithBmi2 {
    const BY_LEVELS: bool = true;

    #[inline]
    fn count_by_levels<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        levels: &mut Levels,
    ) -> bool {
        // SAFETY: a search with `WithBmi2` only starts when `has_bmi2()` said yes.
        unsafe { count_by_levels_with_bmi2(search, levels) }
    }

    #[inline]
    fn enter<N: NodeWord>(
        search: &mut Search<'_, N, Self>,
        cell: usize,
        node: usize,
        n: N,
        letters: usize,
        last: bool,
    ) {
        search.enter_loaded(cell, node, n, letters, last);
    }

    #[inline(always)]
    fn candidates(mask: u64, around: u64, bare: u64) -> u64 {
        // SAFETY: a search with `WithBmi2` only starts when `has_bmi2()` said yes.
        unsafe { plain::candidates_bmi2(mask, around, bare) }
    }

    #[inline]
    fn plain<N: NodeWord, S: Symbols, const PATHS: bool>(
        search: &mut Plain<'_, N, S, Self, PATHS>,
        cell: usize,
        node: usize,
        letters: usize,
        depth: usize,
        visited: u64,
    ) {
        // SAFETY: a search with `WithBmi2` only starts when `has_bmi2()` said yes.
        unsafe { plain_with_bmi2(search, cell, node, letters, depth, visited) }
    }
}

/// [`Plain::enter`] compiled with `popcnt`, `bmi2` and `ssse3` (not used: a search with
/// [`WithBmi2`] only counts, with [`count_by_levels_with_bmi2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2,ssse3")]
unsafe fn plain_with_bmi2<N: NodeWord, S: Symbols, const PATHS: bool>(
    search: &mut Plain<'_, N, S, WithBmi2, PATHS>,
    cell: usize,
    node: usize,
    letters: usize,
    depth: usize,
    visited: u64,
) {
    search.enter(cell, node, letters, depth, visited);
}

/// [`Plain::count_by_levels`] compiled with `popcnt`, `bmi2` and `ssse3`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2,ssse3")]
unsafe fn count_by_levels_with_bmi2<N: NodeWord, S: Symbols, const PATHS: bool>(
    search: &mut Plain<'_, N, S, WithBmi2, PATHS>,
    levels: &mut Levels,
) -> bool {
    search.count_by_levels(levels)
}

/// True when the CPU has `popcnt`, `bmi2` and `ssse3`, and its `pdep` is fast (always false off
/// x86-64).
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("ssse3")
            && pdep_is_fast(cpu_vendor_and_family())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether `pdep` runs in a few cycles on a CPU of this vendor and family: AMD CPUs before Zen 3
/// (family 0x19) run it in microcode, hundreds of cycles, which would make the searches that
/// use it slower than the ones that do not.
#[cfg(target_arch = "x86_64")]
fn pdep_is_fast((vendor, family): ([u8; 12], u32)) -> bool {
    &vendor != b"AuthenticAMD" || family >= 0x19
}

/// The CPU's vendor string and its family (base family plus extended family), from `cpuid`.
#[cfg(target_arch = "x86_64")]
fn cpu_vendor_and_family() -> ([u8; 12], u32) {
    use std::arch::x86_64::__cpuid;
    let id = __cpuid(0);
    let mut vendor = [0u8; 12];
    for (chunk, word) in vendor.chunks_mut(4).zip([id.ebx, id.edx, id.ecx]) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    (vendor, family_of(__cpuid(1).eax))
}

/// The family in `cpuid` leaf 1's `eax`: the base family, plus the extended family when the base
/// family is 0xF.
#[cfg(target_arch = "x86_64")]
fn family_of(eax: u32) -> u32 {
    let base = (eax >> 8) & 0xF;
    if base == 0xF {
        base + ((eax >> 20) & 0xFF)
    } else {
        base
    }
}

/// [`Plain::enter`] compiled with `popcnt` (inlined here, so its bit counts use it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn plain_with_popcnt<N: NodeWord, S: Symbols, const PATHS: bool>(
    search: &mut Plain<'_, N, S, WithPopcnt, PATHS>,
    cell: usize,
    node: usize,
    letters: usize,
    depth: usize,
    visited: u64,
) {
    search.enter(cell, node, letters, depth, visited);
}

/// [`Search::enter_loaded`] compiled with `popcnt` (inlined here, so its bit counts use it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn enter_with_popcnt<N: NodeWord>(
    search: &mut Search<'_, N, WithPopcnt>,
    cell: usize,
    node: usize,
    n: N,
    letters: usize,
    last: bool,
) {
    search.enter_loaded(cell, node, n, letters, last);
}

/// True when the CPU has the `popcnt` instruction (always false off x86-64, where the portable
/// code is used).
fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The state of one depth-first search.
struct Search<'a, N, I> {
    nodes: &'a [N],
    symbols: u32,
    board: &'a Board,
    prepared: &'a Prepared,
    rules: &'a Rules,
    lengths: u128,
    max_len: usize,
    all_paths: bool,
    path_dependent_score: bool,
    found: &'a mut FoundSet,
    hits: &'a mut Vec<Hit>,
    extra: &'a mut Vec<(u32, u32, u8)>,
    arena: &'a mut Vec<u8>,
    path: [usize; 64],
    depth: usize,
    visited: u64,
    /// The product of the probabilities of the choices the path takes so far.
    certainty: f64,
    isa: std::marker::PhantomData<I>,
}

impl<N: NodeWord, I: Isa> Search<'_, N, I> {
    /// Starts words at `cell`.
    fn start(&mut self, cell: usize) {
        match &self.prepared.kinds[cell] {
            CellKind::Dead => {}
            CellKind::Single(sym) => {
                if let Some(child) = self.child(0, *sym) {
                    self.enter(cell, child, 1, false);
                }
            }
            CellKind::Special { .. } => self.enter_special(cell, 0, 0),
        }
    }

    /// The trie node reached from `node` by `sym`, if any.
    #[inline(always)]
    fn child(&self, node: usize, sym: u8) -> Option<usize> {
        trie_child(self.nodes, self.symbols, node, sym)
    }

    /// Walks a special tile's choices from `node` and enters the cell for each one the trie has.
    fn enter_special(&mut self, cell: usize, node: usize, letters: usize) {
        let CellKind::Special {
            choices,
            probabilities,
            suffix,
            ..
        } = &self.prepared.kinds[cell]
        else {
            return;
        };
        for (choice, &p) in choices.iter().zip(probabilities) {
            let reached = choice.iter().try_fold(node, |n, &sym| self.child(n, sym));
            if let Some(child) = reached {
                let before = self.certainty;
                self.certainty *= p;
                self.enter(cell, child, letters + choice.len(), *suffix);
                self.certainty = before;
            }
        }
    }

    /// Puts `cell` on the path at trie node `node`, records a word, and extends the path.
    fn enter(&mut self, cell: usize, node: usize, letters: usize, last: bool) {
        I::enter(self, cell, node, self.nodes[node], letters, last);
    }

    /// [`Self::enter`] with the trie node `node` already loaded as `n`. Always inlined into
    /// [`Isa::enter`], which compiles it for its instruction set.
    #[inline(always)]
    fn enter_loaded(&mut self, cell: usize, node: usize, n: N, letters: usize, last: bool) {
        self.path[self.depth] = cell;
        self.depth += 1;
        self.visited |= 1 << cell;
        if n.is_terminal(self.symbols) && letters < 128 && self.lengths >> letters & 1 == 1 {
            self.record(node, letters);
        }
        let mask = n.child_mask(self.symbols);
        if !last && mask != 0 && letters < self.max_len {
            let free = self.prepared.neighbours[cell] & !self.visited;
            let first = n.first_child(self.symbols);
            // Walk only the symbols that are both children of this trie node and letters of
            // free neighbours: each gives one child node and the neighbours that hold it.
            let p = self.prepared;
            let own = p.neighbour_symbols[cell];
            // First gather every (child node, neighbours) pair and load the child nodes: the
            // loads are independent, so their cache misses overlap instead of queueing up.
            let mut children = [(0usize, 0u64, N::default()); 8];
            let mut count = 0;
            let mut symbols = mask & own;
            while symbols != 0 {
                let sym = symbols.trailing_zeros();
                symbols &= symbols - 1;
                let below = (1u64 << sym) - 1;
                let cells =
                    p.neighbours_by_symbol[cell][(own & below).count_ones() as usize] & free;
                if cells != 0 {
                    let child = first + (mask & below).count_ones() as usize;
                    children[count] = (child, cells, self.nodes[child]);
                    count += 1;
                }
            }
            for &(child, mut cells, node_word) in &children[..count] {
                while cells != 0 {
                    let next = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    I::enter(self, next, child, node_word, letters + 1, false);
                }
            }
            let mut specials = free & self.prepared.special_mask;
            while specials != 0 {
                let next = specials.trailing_zeros() as usize;
                specials &= specials - 1;
                self.enter_special(next, node, letters);
            }
        }
        self.visited &= !(1 << cell);
        self.depth -= 1;
    }

    /// Records the word at `node` with the current path: the first path makes the hit, a later
    /// path that scores more replaces the hit's best path, and with `all_paths` every path (the
    /// first included) is also kept once in `extra`, in the order the search met them.
    fn record(&mut self, node: usize, letters: usize) {
        let slot = self.found.get(node as u32);
        if slot == NO_SLOT {
            let score = self
                .rules
                .score(self.board, &self.path[..self.depth], letters);
            let hit = self.hits.len() as u32;
            self.found.insert(node as u32, hit);
            let path_start = self.store_path();
            self.hits.push(Hit {
                score,
                path_start,
                path_len: self.depth as u8,
                node: node as u32,
                certainty: self.certainty,
            });
            if self.all_paths {
                self.extra.push((hit, path_start, self.depth as u8));
            }
            return;
        }
        let mut path_start = None;
        if self.all_paths {
            let start = self.store_path();
            path_start = Some(start);
            self.extra.push((slot, start, self.depth as u8));
        }
        // A path replaces the word's path when it is more certain, or as certain and scores
        // more (the certainty is 1 throughout on a board without doubtful tiles).
        if self.path_dependent_score || self.certainty != self.hits[slot as usize].certainty {
            let hit = self.hits[slot as usize];
            if self.certainty < hit.certainty {
                return;
            }
            let score = if self.path_dependent_score {
                self.rules
                    .score(self.board, &self.path[..self.depth], letters)
            } else {
                hit.score
            };
            if self.certainty > hit.certainty || score > hit.score {
                let path_start = path_start.unwrap_or_else(|| self.store_path());
                let hit = &mut self.hits[slot as usize];
                (hit.score, hit.path_start, hit.path_len, hit.certainty) =
                    (score, path_start, self.depth as u8, self.certainty);
            }
        }
    }

    fn store_path(&mut self) -> u32 {
        let start = self.arena.len() as u32;
        self.arena
            .extend(self.path[..self.depth].iter().map(|&c| c as u8));
        start
    }
}

/// Solves one board with a fresh solver.
pub fn solve(board: &Board, dict: &Dictionary, options: &SolveOptions) -> Solution {
    Solver::new(dict, options.clone()).solve(board)
}

#[cfg(test)]
mod tests {
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pdep_is_avoided_on_amd_cpus_before_zen_3() {
        // cpuid leaf 1 eax: Zen 2 (family 0x17), Zen 3 (0x19), an Intel core (family 6).
        let (zen2, zen3, intel) = (0x0083_0F10, 0x00A2_0F10, 0x0005_0654);
        assert_eq!(
            (family_of(zen2), family_of(zen3), family_of(intel)),
            (0x17, 0x19, 6)
        );
        assert!(!pdep_is_fast((*b"AuthenticAMD", family_of(zen2))));
        assert!(pdep_is_fast((*b"AuthenticAMD", family_of(zen3))));
        assert!(pdep_is_fast((*b"GenuineIntel", family_of(intel))));
    }

    use super::*;

    fn dict(words: &[&str]) -> Dictionary {
        Dictionary::from_words(words.iter().map(|w| w.to_string()).collect(), "test").unwrap()
    }

    fn words(board: &str, d: &Dictionary, game: Game) -> Vec<String> {
        let mut w: Vec<String> = solve(&Board::parse(board).unwrap(), d, &SolveOptions::new(game))
            .words
            .into_iter()
            .map(|w| w.word)
            .collect();
        w.sort();
        w
    }

    #[test]
    fn found_set_grows_and_clears() {
        let mut set = FoundSet::new();
        for node in 1..=5000u32 {
            assert_eq!(set.get(node), NO_SLOT);
            set.insert(node, node * 2);
        }
        assert!((1..=5000u32).all(|n| set.get(n) == n * 2));
        assert_eq!(set.get(5001), NO_SLOT);
        set.clear();
        assert_eq!(set.get(17), NO_SLOT);
        set.insert(17, 3);
        assert_eq!((set.get(17), set.get(18)), (3, NO_SLOT));
        // The generation counter wrapping around empties the table for real.
        set.generation = u32::MAX;
        set.insert(5, 1);
        set.clear();
        assert_eq!(
            (set.generation, set.get(5), set.get(17)),
            (1, NO_SLOT, NO_SLOT)
        );
    }

    #[test]
    fn a_reused_solver_and_both_bit_counts_agree_with_a_fresh_solver() {
        let d = Dictionary::english();
        let mut boards: Vec<Board> = (0..40)
            .map(|i| crate::dice::roll(Game::Boggle, i))
            .collect();
        boards.extend((0..10).map(|i| crate::dice::roll(Game::Bigboggle, i)));
        for text in [
            "ab.d e.gh ijkl",
            "[qu]it[a/e] s[re-]n[-ing] .lat",
            "cat,",
            "serstanelapidetr",
        ] {
            boards.push(Board::parse(text).unwrap());
        }
        boards.extend(crate::bench::BoardSet::Uniform4x4.boards(40, 5, false));
        boards.extend(crate::bench::BoardSet::Dice5x5.boards(20, 5, false));
        let options = SolveOptions::new(Game::Boggle);
        let mut portable = Solver::new(&d, options.clone());
        (portable.popcnt, portable.bmi2) = (false, false);
        let mut popcnt_only = Solver::new(&d, options.clone());
        popcnt_only.bmi2 = false;
        let mut native = Solver::new(&d, options.clone());
        // The general search on the same boards: the plain search finds the same words with
        // the same paths.
        let mut general = Solver::new(&d, options.clone());
        general.plain_allowed = false;
        let mut general_portable = Solver::new(&d, options.clone());
        (general_portable.plain_allowed, general_portable.popcnt) = (false, false);
        general_portable.bmi2 = false;
        for board in boards.iter().chain(boards.iter().rev()) {
            let fresh = solve(board, &d, &options);
            for solver in [
                &mut portable,
                &mut popcnt_only,
                &mut native,
                &mut general,
                &mut general_portable,
            ] {
                let again = solver.solve(board);
                assert_eq!(again.words, fresh.words, "{}", board.to_text());
                assert_eq!(again.unusable, fresh.unusable);
                assert_eq!(solver.count(board), (fresh.words.len(), fresh.total_score));
            }
        }
    }

    #[test]
    fn counting_level_by_level_honours_lengths_and_max_len() {
        let d = Dictionary::english();
        let mut boards = crate::bench::BoardSet::Dice4x4.boards(30, 9, false);
        boards.extend(crate::bench::BoardSet::Dice5x5.boards(20, 9, false));
        boards.push(Board::parse("[qu]ite r[th]se [in]art test").unwrap());
        let mut limits = vec![];
        for max_len in [3, 4, 6] {
            let mut o = SolveOptions::new(Game::Boggle);
            o.max_len = max_len;
            limits.push(o);
        }
        let mut o = SolveOptions::new(Game::Boggle);
        o.lengths = Some(vec![3, 6, 7]);
        limits.push(o);
        for options in limits {
            let mut counting = Solver::new(&d, options.clone());
            let mut general = Solver::new(&d, options.clone());
            general.plain_allowed = false;
            for board in &boards {
                let expected = general.solve(board);
                assert_eq!(
                    counting.count(board),
                    (expected.words.len(), expected.total_score),
                    "{} with {:?} and max_len {}",
                    board.to_text(),
                    options.lengths,
                    options.max_len
                );
            }
        }
    }

    #[test]
    fn a_board_too_wide_to_count_level_by_level_is_counted_depth_first() {
        // Every walk over a grid of one letter spells a prefix of the list: far more paths in
        // one level than `MAX_LEVEL_PATHS`.
        let words: Vec<String> = (3..=8).map(|n| "e".repeat(n)).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let d = dict(&words);
        let board = Board::parse("eeeee eeeee eeeee eeeee eeeee").unwrap();
        let options = SolveOptions::new(Game::Boggle);
        let mut general = Solver::new(&d, options.clone());
        general.plain_allowed = false;
        let expected = general.solve(&board);
        assert_eq!(expected.words.len(), 6);
        let mut counting = Solver::new(&d, options);
        assert_eq!(
            counting.count(&board),
            (expected.words.len(), expected.total_score)
        );
        if counting.bmi2 {
            assert!(counting.levels.widest > plain::MAX_LEVEL_PATHS);
        }
        // The same solver still counts an ordinary board level by level afterwards.
        let small = Board::parse("eeex xxxx xxxx xxxx").unwrap();
        assert_eq!(counting.count(&small), (1, 1));
        if counting.bmi2 {
            assert!(counting.levels.widest <= plain::MAX_LEVEL_PATHS);
        }
    }

    #[test]
    fn grid_neighbours_are_the_eight_around() {
        let g = grid_neighbours(3, 4);
        assert_eq!(g[0], 1 << 1 | 1 << 4 | 1 << 5);
        assert_eq!(
            g[5],
            (1 << 0) | (1 << 1) | (1 << 2) | (1 << 4) | (1 << 6) | (1 << 8) | (1 << 9) | (1 << 10)
        );
        assert_eq!(g[11].count_ones(), 3);
        assert_eq!(grid_neighbours(1, 1)[0], 0);
    }

    #[test]
    fn finds_words_with_valid_paths_once() {
        let d = dict(&["abe", "bead", "dab", "ebb", "zzz"]);
        let s = solve(
            &Board::parse("ab de").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        let found: Vec<&str> = s.words.iter().map(|w| w.word.as_str()).collect();
        assert_eq!(found, vec!["bead", "abe", "dab"]);
        assert_eq!(s.words[0].path, vec![(0, 1), (1, 1), (0, 0), (1, 0)]);
        assert_eq!(s.total_score, 3);
    }

    #[test]
    fn multi_letter_tile_is_used_whole() {
        let d = dict(&["quit", "qit", "quiet"]);
        assert_eq!(words("[qu]i t.", &d, Game::Boggle), vec!["quit"]);
    }

    #[test]
    fn either_or_tile_takes_one_letter() {
        let d = dict(&["cat", "cet", "caet"]);
        let s = solve(
            &Board::parse("c[a/e]t,").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        let mut w: Vec<&str> = s.words.iter().map(|w| w.word.as_str()).collect();
        w.sort();
        assert_eq!(w, vec!["cat", "cet"]);
        assert!(
            s.words
                .iter()
                .all(|w| w.path == vec![(0, 0), (0, 1), (0, 2)])
        );
    }

    #[test]
    fn prefix_only_starts_and_suffix_only_ends() {
        let d = dict(&["redo", "odre", "doing", "ingdo", "reing"]);
        assert_eq!(words("[re-]do,", &d, Game::Boggle), vec!["redo"]);
        assert_eq!(words("do[-ing],", &d, Game::Boggle), vec!["doing"]);
        assert_eq!(words("[re-][-ing],", &d, Game::Boggle), vec!["reing"]);
    }

    #[test]
    fn holes_break_adjacency_and_letters_outside_the_alphabet_are_reported() {
        let d = dict(&["abc", "ab"]);
        assert_eq!(words("a.bc,", &d, Game::Boggle), Vec::<String>::new());
        let s = solve(
            &Board::parse("abcz").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        assert_eq!(s.unusable, vec![(1, 1)]);
    }

    #[test]
    fn lengths_and_max_len_filter_words() {
        let d = dict(&["abc", "abcd", "abcde"]);
        let mut o = SolveOptions::new(Game::Boggle);
        o.lengths = Some(vec![3, 5]);
        let b = Board::parse("abc. ..d. ..e. ....").unwrap();
        let w: Vec<String> = solve(&b, &d, &o)
            .words
            .into_iter()
            .map(|w| w.word)
            .collect();
        assert_eq!(w, vec!["abcde", "abc"]);
        o.lengths = None;
        o.max_len = 4;
        assert_eq!(solve(&b, &d, &o).words.len(), 2);
    }

    #[test]
    fn doubtful_tiles_are_solved_as_each_reading_with_its_certainty() {
        let d = dict(&["eat", "fat", "oat"]);
        let s = solve(
            &Board::parse("[e=70%|f=20%]at,").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        let found: Vec<(&str, f64)> = s
            .words
            .iter()
            .map(|w| (w.word.as_str(), w.certainty))
            .collect();
        assert_eq!(found, vec![("eat", 0.7), ("fat", 0.2)]);
        let reading = &s.words[1].readings[0];
        assert_eq!((reading.row, reading.col), (0, 0));
        assert_eq!(reading.letters, "F");
        assert_eq!(reading.probability, 0.2);
    }

    #[test]
    fn a_sure_path_wins_over_a_doubtful_one() {
        let d = dict(&["ate"]);
        let s = solve(
            &Board::parse("[a=60%|o=30%]te,..a").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        assert_eq!(s.words[0].path, vec![(1, 2), (0, 1), (0, 2)]);
        assert_eq!(s.words[0].certainty, 1.0);
        assert!(s.words[0].readings.is_empty());
    }

    #[test]
    fn a_wildcard_is_any_letter_of_the_alphabet() {
        let d = dict(&["cat", "cot", "cut", "ct"]);
        let s = solve(
            &Board::parse("c?t,").unwrap(),
            &d,
            &SolveOptions::new(Game::Boggle),
        );
        let mut found: Vec<&str> = s.words.iter().map(|w| w.word.as_str()).collect();
        found.sort();
        assert_eq!(found, vec!["cat", "cot", "cut"]);
        // Five letters in the alphabet (a c o t u): each reading of the wildcard is 1 in 5.
        assert!(s.words.iter().all(|w| (w.certainty - 0.2).abs() < 1e-6));
    }

    #[test]
    fn keeps_the_best_path_and_all_paths_on_request() {
        let d = dict(&["tea"]);
        let json = r#"{"rows":2,"cols":3,"tiles":[["T","E","A"],["T","E","A"]],"bonuses":[["","","DL"],["","","TW"]]}"#;
        let b = Board::parse(json).unwrap();
        let mut o = SolveOptions::new(Game::Ruzzle);
        let s = solve(&b, &d, &o);
        assert_eq!(s.words.len(), 1);
        assert_eq!(s.words[0].path.last(), Some(&(1, 2)));
        assert_eq!(s.words[0].score, 9); // (1 + 1 + 1) x 3
        o.all_paths = true;
        let s = solve(&b, &d, &o);
        let w = &s.words[0];
        assert_eq!(w.paths.len(), 8);
        let distinct: std::collections::BTreeSet<_> = w.paths.iter().collect();
        assert_eq!(distinct.len(), 8, "a path is listed twice: {:?}", w.paths);
        assert_eq!((w.score, &w.paths[0]), (9, &w.path));
        assert_eq!(w.path.last(), Some(&(1, 2)));
    }
}
