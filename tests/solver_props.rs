//! The solver against a plain brute-force path enumeration on random small boards with holes and
//! special tiles: identical word sets, and every reported path valid and spelling its word.

use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use wordsnap::board::{Board, Bonus, Tile};
use wordsnap::dict::Dictionary;
use wordsnap::score::{Game, Rules};
use wordsnap::solve::{SolveOptions, Solver, solve};

/// Tiles the random boards are made of: plain letters, a digram, either/or, prefix, suffix, hole.
fn tile() -> impl Strategy<Value = Tile> {
    prop_oneof![
        8 => prop::sample::select(vec!["a", "b", "c", "d", "e"]).prop_map(|s| Tile::Letters(s.into())),
        1 => Just(Tile::Letters("ab".into())),
        1 => Just(Tile::Either("a".into(), "e".into())),
        1 => Just(Tile::Prefix("de".into())),
        1 => Just(Tile::Suffix("ed".into())),
        1 => Just(Tile::Hole),
    ]
}

fn board() -> impl Strategy<Value = Board> {
    (1usize..=3, 1usize..=4).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(tile(), rows * cols)
            .prop_map(move |tiles| Board::new(rows, cols, tiles).unwrap())
    })
}

fn words() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec("[abcde]{1,7}", 20..200)
}

fn adjacent(board: &Board, a: usize, b: usize) -> bool {
    let (ra, ca) = ((a / board.cols()) as isize, (a % board.cols()) as isize);
    let (rb, cb) = ((b / board.cols()) as isize, (b % board.cols()) as isize);
    a != b && (ra - rb).abs() <= 1 && (ca - cb).abs() <= 1
}

/// Every word any simple path spells, honouring the tile rules, with every path that spells it
/// (cells in row-major order), found by enumerating all paths.
fn brute_force(
    board: &Board,
    dict: &HashSet<String>,
    min_len: usize,
) -> BTreeMap<String, Vec<Vec<usize>>> {
    fn walk(
        board: &Board,
        dict: &HashSet<String>,
        min_len: usize,
        path: &mut Vec<usize>,
        spelled: String,
        out: &mut BTreeMap<String, Vec<Vec<usize>>>,
    ) {
        let last = *path.last().unwrap();
        let tile = &board.tiles()[last];
        if spelled.chars().count() >= min_len && dict.contains(&spelled) {
            out.entry(spelled.clone()).or_default().push(path.clone());
        }
        if matches!(tile, Tile::Suffix(_)) {
            return;
        }
        for next in 0..board.len() {
            let t = &board.tiles()[next];
            if path.contains(&next)
                || !adjacent(board, last, next)
                || t.is_hole()
                || matches!(t, Tile::Prefix(_))
            {
                continue;
            }
            for choice in t.choices() {
                path.push(next);
                walk(
                    board,
                    dict,
                    min_len,
                    path,
                    format!("{spelled}{choice}"),
                    out,
                );
                path.pop();
            }
        }
    }
    let mut out = BTreeMap::new();
    for start in 0..board.len() {
        for choice in board.tiles()[start].choices() {
            walk(
                board,
                dict,
                min_len,
                &mut vec![start],
                choice.to_string(),
                &mut out,
            );
        }
    }
    out
}

/// True when the path is a simple adjacent path that can spell `word` under the tile rules.
fn path_spells(board: &Board, path: &[(usize, usize)], word: &str) -> bool {
    let cells: Vec<usize> = path.iter().map(|&(r, c)| r * board.cols() + c).collect();
    let distinct: BTreeSet<usize> = cells.iter().copied().collect();
    if distinct.len() != cells.len() || cells.windows(2).any(|w| !adjacent(board, w[0], w[1])) {
        return false;
    }
    fn spells(board: &Board, cells: &[usize], at: usize, rest: &str) -> bool {
        if at == cells.len() {
            return rest.is_empty();
        }
        let tile = &board.tiles()[cells[at]];
        let allowed = match tile {
            Tile::Prefix(_) => at == 0,
            Tile::Suffix(_) => at == cells.len() - 1,
            Tile::Hole => false,
            _ => true,
        };
        allowed
            && tile.choices().iter().any(|c| {
                rest.strip_prefix(c)
                    .is_some_and(|r| spells(board, cells, at + 1, r))
            })
    }
    spells(board, &cells, 0, word)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_matches_brute_force(board in board(), words in words(), min_len in 1usize..4) {
        let dict = Dictionary::from_words(words.clone(), "random").unwrap();
        let set: HashSet<String> = words.into_iter().collect();
        let mut options = SolveOptions::new(Game::Boggle);
        options.rules.min_len = min_len;
        options.all_paths = true;
        let solution = solve(&board, &dict, &options);
        let expected: BTreeMap<String, usize> = brute_force(&board, &set, min_len)
            .into_iter()
            .map(|(w, paths)| (w, paths.len()))
            .collect();
        let found: BTreeMap<String, usize> =
            solution.words.iter().map(|w| (w.word.clone(), w.paths.len())).collect();
        // Same words, and as many paths for each (every path and either/or choice that spells it).
        prop_assert_eq!(found, expected, "board {}", board.to_text());
        for w in &solution.words {
            prop_assert!(path_spells(&board, &w.path, &w.word), "{} via {:?} on {}", w.word, w.path, board.to_text());
            for p in &w.paths {
                prop_assert!(path_spells(&board, p, &w.word), "{} via {:?} on {}", w.word, p, board.to_text());
            }
        }
    }

    /// Ruzzle scores depend on the path (letter values, bonus squares): with `all_paths` each word
    /// lists every path exactly once, and `path`/`score` are the best-scoring one.
    #[test]
    fn all_paths_lists_each_path_once_with_the_best_first(
        board in board(),
        bonuses in prop::collection::vec(
            prop::sample::select(vec![None, None, Some(Bonus::DL), Some(Bonus::TL), Some(Bonus::DW), Some(Bonus::TW)]),
            12,
        ),
        words in words(),
    ) {
        let mut board = board;
        for (cell, &bonus) in bonuses.iter().enumerate().take(board.len()) {
            board.set_bonus(cell, bonus);
        }
        let dict = Dictionary::from_words(words.clone(), "random").unwrap();
        let set: HashSet<String> = words.into_iter().collect();
        let mut options = SolveOptions::new(Game::Ruzzle);
        options.all_paths = true;
        let rules = Rules::new(Game::Ruzzle);
        let solution = solve(&board, &dict, &options);
        let expected = brute_force(&board, &set, options.rules.min_len);
        prop_assert_eq!(solution.words.len(), expected.len(), "board {}", board.to_text());
        let cell = |(r, c): (usize, usize)| r * board.cols() + c;
        for w in &solution.words {
            let mut want = expected[&w.word].clone();
            want.sort();
            let mut got: Vec<Vec<usize>> =
                w.paths.iter().map(|p| p.iter().map(|&rc| cell(rc)).collect()).collect();
            got.sort();
            prop_assert_eq!(&got, &want, "{} on {}", &w.word, board.to_text());
            let letters = w.word.chars().count();
            let best = want.iter().map(|p| rules.score(&board, p, letters)).max().unwrap();
            let path: Vec<usize> = w.path.iter().map(|&rc| cell(rc)).collect();
            prop_assert_eq!(w.score, best, "{} on {}", &w.word, board.to_text());
            prop_assert_eq!(rules.score(&board, &path, letters), best);
            prop_assert_eq!(&w.paths[0], &w.path);
        }
    }
}

/// Tiles of plain boards, the ones the plain search takes: single letters, a two-letter tile, holes.
fn plain_tile() -> impl Strategy<Value = Tile> {
    prop_oneof![
        10 => prop::sample::select(vec!["a", "b", "c", "d", "e"]).prop_map(|s| Tile::Letters(s.into())),
        1 => Just(Tile::Letters("ab".into())),
        1 => Just(Tile::Letters("ed".into())),
        1 => Just(Tile::Hole),
    ]
}

fn plain_board() -> impl Strategy<Value = Board> {
    (1usize..=4, 1usize..=4).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(plain_tile(), rows * cols)
            .prop_map(move |tiles| Board::new(rows, cols, tiles).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Boards of letters, two-letter tiles and holes under length scoring take the plain search
    /// (words counted or recorded once, no path choice to make): the same words as brute force,
    /// each with a valid path, and `Solver::count` agrees with the solution.
    #[test]
    fn plain_search_matches_brute_force(board in plain_board(), words in words(), min_len in 1usize..4) {
        let dict = Dictionary::from_words(words.clone(), "random").unwrap();
        let set: HashSet<String> = words.into_iter().collect();
        let mut options = SolveOptions::new(Game::Boggle);
        options.rules.min_len = min_len;
        let solution = solve(&board, &dict, &options);
        let expected: BTreeSet<String> = brute_force(&board, &set, min_len).into_keys().collect();
        let found: BTreeSet<String> = solution.words.iter().map(|w| w.word.clone()).collect();
        prop_assert_eq!(&found, &expected, "board {}", board.to_text());
        prop_assert_eq!(found.len(), solution.words.len(), "a word listed twice on {}", board.to_text());
        for w in &solution.words {
            prop_assert!(path_spells(&board, &w.path, &w.word), "{} via {:?} on {}", w.word, w.path, board.to_text());
        }
        let mut solver = Solver::new(&dict, options.clone());
        prop_assert_eq!(solver.count(&board), (solution.words.len(), solution.total_score));
    }
}
