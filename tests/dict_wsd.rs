//! Compiled word lists (`.wsd`): `wordsnap dict compile` end to end, solving with `--dict
//! LIST.wsd`, and damaged, truncated, foreign or other-version files refused with the file's
//! name and exit code 2 (a property test mutates compiled files and loads them: never a panic).

mod common;

use common::wordsnap;

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Output;
use wordsnap::board::Board;
use wordsnap::dict::{Dictionary, LoadOptions, compiled};
use wordsnap::score::Game;
use wordsnap::solve::{SolveOptions, solve};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-wsd-e2e-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_compiled_list_solves_exactly_as_the_plain_list() {
    let dir = temp_dir("same");
    let list = dir.join("words.txt");
    std::fs::write(
        &list,
        "# a list\nSerene\nrest\nstare\nnest\nlapse\ntrade\nÉté\n",
    )
    .unwrap();
    let out = wordsnap(&["dict", "compile", text(&list)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wsd = dir.join("words.txt.wsd");
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.starts_with(&format!("{}: 7 words", wsd.display())),
        "{report}"
    );

    let board = "serstanelapidetr";
    let plain = wordsnap(&["solve", "--board", board, "--dict", text(&list), "--json"]);
    let mapped = wordsnap(&["solve", "--board", board, "--dict", text(&wsd), "--json"]);
    let words = |o: &Output| {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        json["words"].clone()
    };
    assert_eq!(words(&plain), words(&mapped));
    assert!(!words(&mapped).as_array().unwrap().is_empty());

    // -o names the output; --allow and --deny still apply on top of a compiled list.
    let named = dir.join("named.wsd");
    assert!(
        wordsnap(&["dict", "compile", text(&list), "-o", text(&named)])
            .status
            .success()
    );
    let deny = dir.join("deny.txt");
    std::fs::write(&deny, "rest\n").unwrap();
    let out = wordsnap(&[
        "solve",
        "--board",
        board,
        "--dict",
        text(&named),
        "--deny",
        text(&deny),
        "--json",
    ]);
    let left: Vec<String> = words(&out)
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !left.contains(&"rest".to_string()) && left.contains(&"nest".to_string()),
        "{left:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_compiled_files_are_refused_with_their_name_and_exit_code_2() {
    let dir = temp_dir("bad");
    let list = dir.join("l.txt");
    std::fs::write(&list, "cat\ndog\n").unwrap();
    let wsd = dir.join("l.wsd");
    assert!(
        wordsnap(&["dict", "compile", text(&list), "-o", text(&wsd)])
            .status
            .success()
    );
    let good = std::fs::read(&wsd).unwrap();
    let mut version = good.clone();
    version[8] = 9;
    let mut flipped = good.clone();
    let middle = good.len() - 5;
    flipped[middle] ^= 1;
    let png = std::fs::read("fixtures/screens/lato_bonus_4x4.png").unwrap();
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "truncated.wsd",
            &good[..good.len() / 2],
            "checksum mismatch",
        ),
        ("header.wsd", &good[..10], "truncated"),
        ("version.wsd", &version, "format version 9"),
        ("flipped.wsd", &flipped, "damaged"),
        ("foreign.wsd", &png, "not a compiled word list"),
    ];
    for (name, bytes, reason) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = wordsnap(&["solve", "--board", "cat dog", "--dict", text(&path)]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&path.display().to_string()) && err.contains(reason),
            "{name}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // Compiling into a folder that does not exist is a runtime failure naming the file.
    let nowhere = dir.join("missing").join("x.wsd");
    let out = wordsnap(&["dict", "compile", text(&list), "-o", text(&nowhere)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains(text(&nowhere)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// How a compiled file is damaged.
#[derive(Debug, Clone)]
enum Damage {
    /// Cut to this fraction of its length.
    Truncate(f64),
    /// These bytes (position as a fraction of the length, XOR mask) changed.
    Flip(Vec<(f64, u8)>),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        (0.0f64..1.0).prop_map(Damage::Truncate),
        prop::collection::vec((0.0f64..1.0, 1u8..=255), 1..6).prop_map(Damage::Flip),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A damaged file loads as a usable dictionary or is refused naming the file; with `reseal`
    /// the checksum is rewritten, so the damage reaches the structural checks. Never a panic.
    #[test]
    fn damaged_compiled_files_never_panic(
        words in prop::collection::vec("[a-f]{1,8}", 1..60),
        damage in damage(),
        reseal in any::<bool>(),
    ) {
        let dict = Dictionary::from_words(words, "prop").unwrap();
        let mut bytes = compiled::to_bytes(&dict);
        match damage {
            Damage::Truncate(f) => bytes.truncate((bytes.len() as f64 * f) as usize),
            Damage::Flip(flips) => {
                for (at, mask) in flips {
                    let i = ((bytes.len() as f64 * at) as usize).min(bytes.len() - 1);
                    bytes[i] ^= mask;
                }
            }
        }
        if reseal && bytes.len() >= 32 {
            let sum = compiled::checksum(&bytes[32..]);
            bytes[24..32].copy_from_slice(&sum.to_le_bytes());
        }
        let dir = temp_dir("prop");
        let path = dir.join("damaged.wsd");
        std::fs::write(&path, &bytes).unwrap();
        match Dictionary::load(Some(&path), &LoadOptions::default()) {
            Ok(loaded) => {
                // Whatever survived the checks is searchable without a panic.
                let board = Board::parse("abcd efab cdef abcd").unwrap();
                let _ = solve(&board, &loaded, &SolveOptions::new(Game::Boggle));
                let _ = loaded.words();
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(message.contains(&path.display().to_string()), "{}", message);
            }
        }
    }
}
