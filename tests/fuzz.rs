//! Property tests over hostile input (issue 15), on stable Rust with proptest: board JSON,
//! word lists (arbitrary bytes) and image decoding and reading of damaged screenshots (bytes of
//! the fixtures flipped, files cut short). Each must give a value or a clear error, never panic.
//!
//! `cargo test --release` runs a short fixed-seed pass (a few seconds). A longer run, with a
//! fresh seed each time:
//!
//! ```sh
//! PROPTEST_CASES=100000 PROPTEST_RNG_SEED=$RANDOM cargo test --release --test fuzz
//! ```
//!
//! (`PROPTEST_CASES` scales every test here; the image-reading test runs a tenth as many cases,
//! since each reads a whole screenshot: about half a second a case on a loaded 2-core machine.)

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::path::Path;
use std::sync::OnceLock;
use wordsnap::board::{Board, MAX_VALUE};
use wordsnap::dict::{DictError, Dictionary, parse_word_list};
use wordsnap::vision::{self, VisionError, load};
use wordsnap::{TileReader, text};

/// The seed of the CI run; `PROPTEST_RNG_SEED` replaces it.
const SEED: u64 = 15;

/// `cases` cases (or `PROPTEST_CASES` / `divisor`), from the fixed seed unless
/// `PROPTEST_RNG_SEED` is set.
fn config(cases: u32, divisor: u32) -> Config {
    let from_env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    Config {
        cases: from_env("PROPTEST_CASES").map_or(cases, |n| (n / u64::from(divisor)).max(1) as u32),
        rng_seed: RngSeed::Fixed(from_env("PROPTEST_RNG_SEED").unwrap_or(SEED)),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Board JSON built from pieces that are sometimes right and often wrong: counts that do not
/// match, ragged rows, odd tiles, huge values, unknown bonuses.
fn board_json() -> impl Strategy<Value = String> {
    // Mostly valid cells, so that whole boards are often valid; a few bad ones.
    let tile = prop_oneof![
        40 => "[A-Za-z]{1,3}",
        4 => Just(".".to_string()),
        4 => "[a-z]/[a-z]",
        4 => "[a-z]{1,3}-",
        4 => "-[a-z]{1,3}",
        1 => "\\PC{0,4}",
        1 => Just(String::new()),
    ];
    let value = prop_oneof![
        20 => Just(serde_json::Value::Null),
        20 => (0u32..20).prop_map(serde_json::Value::from),
        1 => any::<u32>().prop_map(serde_json::Value::from),
        1 => Just(serde_json::json!(-1)),
        1 => Just(serde_json::json!(1.5)),
        1 => Just(serde_json::json!("7")),
    ];
    let bonus = prop_oneof![
        8 => Just("DL"),
        8 => Just("TL"),
        8 => Just("DW"),
        8 => Just("TW"),
        8 => Just("2X"),
        40 => Just(""),
        1 => Just("XX")
    ];
    let tile = tile.prop_map(serde_json::Value::from).boxed();
    let bonus = bonus.prop_map(serde_json::Value::from).boxed();
    (1usize..10, 1usize..10).prop_flat_map(move |(rows, cols)| {
        // Grids of the declared shape, then one corruption (or none): a short row, a missing
        // row, or a wrong count.
        let grid = |cell: BoxedStrategy<serde_json::Value>| {
            prop::collection::vec(prop::collection::vec(cell, cols), rows)
        };
        (
            grid(tile.clone()),
            prop::option::of(grid(value.clone().boxed())),
            prop::option::of(grid(bonus.clone())),
            0usize..8,
            any::<usize>(),
        )
            .prop_map(move |(tiles, values, bonuses, corruption, at)| {
                let mut json = serde_json::json!({"rows": rows, "cols": cols, "tiles": tiles});
                if let Some(v) = values {
                    json["values"] = v.into();
                }
                if let Some(b) = bonuses {
                    json["bonuses"] = b.into();
                }
                let field = ["tiles", "values", "bonuses"][at % 3];
                match corruption {
                    0 => json["rows"] = (rows + 1).into(),
                    1 => json["cols"] = (at % 12).into(),
                    2 | 3 => {
                        if let Some(grid) = json[field].as_array_mut() {
                            let r = at % grid.len();
                            if corruption == 2 {
                                grid[r].as_array_mut().unwrap().pop();
                            } else {
                                grid.remove(r);
                            }
                        }
                    }
                    _ => {}
                }
                json.to_string()
            })
    })
}

/// The board strategy makes valid boards as well as broken ones (else the property above
/// would only ever test the error paths).
#[test]
fn the_board_strategy_makes_valid_boards_too() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::new(config(200, 1));
    let strategy = board_json();
    let parsed = (0..200)
        .filter(|_| Board::parse(&strategy.new_tree(&mut runner).unwrap().current()).is_ok())
        .count();
    assert!(parsed >= 10, "only {parsed} of 200 generated boards parse");
}

proptest! {
    #![proptest_config(config(512, 1))]

    #[test]
    fn board_json_never_panics(json in board_json()) {
        if let Ok(board) = Board::parse(&json) {
            // A board that parses stays within the limits and re-parses to itself.
            prop_assert!(board.len() <= 64);
            prop_assert!((0..board.len()).all(|i| board.value(i).is_none_or(|v| v <= MAX_VALUE)));
            let again = serde_json::to_string(&board.to_json()).unwrap();
            prop_assert_eq!(Board::parse(&again), Ok(board));
        }
    }

    #[test]
    fn any_text_as_a_board_never_panics(text in "\\PC{0,80}|\\{[\\PC\\n]{0,80}") {
        let _ = Board::parse(&text);
    }

    #[test]
    fn word_lists_of_any_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check_word_list(&bytes)?;
    }

    #[test]
    fn word_lists_of_odd_lines_never_panic(
        text in "[a-zA-Zéüß\u{0301}\u{feff}\u{0}-\u{1f}# \t\r\n\\-'.0-9αω]{0,300}",
        fold in any::<bool>(),
    ) {
        check_word_list(text.as_bytes())?;
        if let Ok(words) = parse_word_list(text.as_bytes(), Path::new("odd.txt")) {
            let words = if fold { words.iter().map(|w| wordsnap::dict::fold_accents(w)).collect() } else { words };
            let _ = Dictionary::from_words(words, "odd.txt");
        }
    }
}

/// A word list from bytes: a list of words or a clear error; a dictionary built from the words
/// holds every word it lists, and its messages hold no raw control characters once made
/// printable.
fn check_word_list(bytes: &[u8]) -> Result<(), TestCaseError> {
    let words = match parse_word_list(bytes, Path::new("fuzz.txt")) {
        Ok(words) => words,
        Err(e) => {
            prop_assert!(
                matches!(e, DictError::NotUtf8 { .. } | DictError::Empty(_)),
                "{e}"
            );
            return Ok(());
        }
    };
    prop_assert!(!words.is_empty());
    match Dictionary::from_words(words, "fuzz.txt") {
        Ok(dict) => {
            for word in dict.words() {
                prop_assert!(dict.contains(&word), "{word:?}");
            }
        }
        Err(e) => {
            let message = text::printable(&e.to_string()).into_owned();
            prop_assert!(
                !message
                    .chars()
                    .any(|c| c.is_control() && c != '\n' && c != '\t')
            );
        }
    }
    Ok(())
}

/// The fixture screenshots, read once.
fn fixtures() -> &'static Vec<(String, Vec<u8>)> {
    static FIXTURES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens");
        let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .expect("fixtures/screens")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "png" || e == "jpg"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        out.sort();
        assert!(out.len() >= 5, "fixtures/screens has too few images");
        out
    })
}

fn reader() -> &'static TileReader {
    static READER: OnceLock<TileReader> = OnceLock::new();
    READER.get_or_init(|| TileReader::new().expect("the embedded model loads"))
}

/// How to damage a file: which fixture, which bytes to flip (position as a share of the file,
/// xor mask), and where to cut it (a share of its length, or not at all).
type Damage = (usize, Vec<(f64, u8)>, Option<f64>);

fn damage() -> impl Strategy<Value = Damage> {
    (
        any::<usize>(),
        prop::collection::vec((0.0..1.0f64, 1u8..=255), 0..8),
        prop::option::of(0.0..1.0f64),
    )
}

/// A fixture damaged as `damage` says, with its name.
fn damaged((pick, flips, cut): &Damage) -> (String, Vec<u8>) {
    let (name, original) = &fixtures()[pick % fixtures().len()];
    let mut bytes = original.clone();
    for &(at, mask) in flips {
        let i = ((at * bytes.len() as f64) as usize).min(bytes.len() - 1);
        bytes[i] ^= mask;
    }
    if let Some(share) = cut {
        bytes.truncate((share * bytes.len() as f64) as usize);
    }
    (name.clone(), bytes)
}

/// Errors a damaged image may give; anything else (or a panic) fails the test.
fn is_clear(error: &VisionError) -> bool {
    !matches!(error, VisionError::Ocr(_)) && !text::error_chain(error).is_empty()
}

proptest! {
    #![proptest_config(config(256, 1))]

    #[test]
    fn damaged_images_decode_or_fail_clearly(d in damage()) {
        let (name, bytes) = damaged(&d);
        if let Err(e) = load::decode(&bytes) {
            prop_assert!(is_clear(&e), "{name}: {e:?}");
        }
    }
}

proptest! {
    #![proptest_config(config(12, 10))]

    #[test]
    fn damaged_images_are_read_or_fail_clearly(d in damage()) {
        let (name, bytes) = damaged(&d);
        match load::decode(&bytes) {
            Ok(image) => {
                if let Err(e) = vision::read_image(&image, reader()) {
                    prop_assert!(is_clear(&e), "{name}: {e:?}");
                }
            }
            Err(e) => prop_assert!(is_clear(&e), "{name}: {e:?}"),
        }
    }
}
