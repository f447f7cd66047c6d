//! End-to-end tests of `wordsnap solve`: known word sets, JSON, batch mode, errors and exit codes.

mod common;

use common::{ok_json, wordsnap};

use std::collections::BTreeSet;
use std::path::PathBuf;

#[path = "../benches/naive.rs"]
mod naive;

fn words_of(json: &serde_json::Value) -> BTreeSet<String> {
    json["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_string())
        .collect()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn alphabet_board_matches_the_known_list_and_a_brute_force_search() {
    let json = ok_json(&wordsnap(&[
        "solve",
        "--board",
        "abcdefghijklmnop",
        "--min-len",
        "3",
        "--json",
    ]));
    let expected: BTreeSet<String> =
        "bein fab fae fie fin fink fino glop ink jin jink jol knife knop koji kon kop lop \
         mink mino nie nief nife nim onie plonk pol polk ponk"
            .split_whitespace()
            .map(String::from)
            .collect();
    assert_eq!(words_of(&json), expected);
    let dict = naive::NaiveDict::new(&wordsnap::dict::Dictionary::english().words());
    let board = wordsnap::board::Board::parse("abcdefghijklmnop").unwrap();
    let brute: BTreeSet<String> = naive::naive_solve(&board, &dict, 3).into_iter().collect();
    assert_eq!(brute, expected);
    assert_eq!(json["stats"]["words"], 29);
    let knife = json["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == "knife")
        .unwrap();
    assert_eq!(knife["score"], 2);
    assert_eq!(
        knife["path"],
        serde_json::json!([[2, 2], [3, 1], [2, 0], [1, 1], [1, 0]])
    );
    assert_eq!(
        json["board"]["tiles"][0],
        serde_json::json!(["A", "B", "C", "D"])
    );
}

#[test]
fn enable2k_anchor_board_scores_3625() {
    let list = PathBuf::from("../shared/wordlists/enable2k.txt");
    if !list.exists() {
        common::missing(
            "../shared/wordlists/enable2k.txt",
            "it sits beside the repository; a fresh clone has no ../shared",
        );
        return;
    }
    let out = wordsnap(&[
        "solve",
        "--board",
        "perslatgsineters",
        "--dict",
        list.to_str().unwrap(),
        "--json",
    ]);
    let json = ok_json(&out);
    assert_eq!(json["stats"]["words"], 1045);
    assert_eq!(json["stats"]["total_score"], 3625);
}

#[test]
fn text_output_echoes_the_board_and_sorts_by_score() {
    let out = wordsnap(&["solve", "--board", "[qu]ite abcd efgh ijkl"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("board: [qu]ite abcd efgh ijkl\n"),
        "{text}"
    );
    assert!(text.contains(" quite "), "{text}");
    assert!(
        text.contains("words,") && text.contains("solved in"),
        "{text}"
    );
}

#[test]
fn batch_mode_keeps_input_order_and_matches_single_solves() {
    let boards = [
        "perslatgsineters",
        "abcdefghijklmnop",
        "# a comment",
        "",
        "[qu]ite abcd efgh ijkl",
    ];
    let file = temp_file("boards.txt", &boards.join("\n"));
    let out = wordsnap(&[
        "solve",
        "--boards",
        file.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (line, board) in lines.iter().zip([
        "perslatgsineters",
        "abcdefghijklmnop",
        "[qu]ite abcd efgh ijkl",
    ]) {
        let single = ok_json(&wordsnap(&["solve", "--board", board, "--json"]));
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[1], single["stats"]["words"].to_string(), "{line}");
        assert_eq!(
            fields[2],
            single["stats"]["total_score"].to_string(),
            "{line}"
        );
    }
    assert!(lines[1].starts_with("abcd efgh ijkl mnop\t29\t"));
}

#[test]
fn bad_input_exits_2_with_context() {
    let out = wordsnap(&["solve", "--board", "abcd efg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("row 2 has 3 tiles but row 1 has 4"));
    let out = wordsnap(&["solve", "--board", "ab1d efgh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("row 1, column 3: unexpected character '1'")
    );
    let file = temp_file("bad-boards.txt", "abcdefghijklmnop\nabc\n");
    let out = wordsnap(&["solve", "--boards", file.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a bad batch line is skipped, exit 1 at the end"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad-boards.txt:2: bad board"));
    let out = wordsnap(&[
        "solve",
        "--board",
        "abcd",
        "--dict",
        "/nonexistent/list.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("cannot read word list /nonexistent/list.txt")
    );
    let out = wordsnap(&["solve"]);
    assert_eq!(out.status.code(), Some(2));
    let out = wordsnap(&["solve", "--board", "abcd", "--game", "chess"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn user_lists_allow_deny_and_accent_folding() {
    let list = temp_file("fr.txt", "# mots\nété\nthé\nclé\nabc-d\n");
    let out = wordsnap(&[
        "solve",
        "--board",
        "ét. hé.",
        "--dict",
        list.to_str().unwrap(),
        "--json",
        "--min-len",
        "2",
    ]);
    let json = ok_json(&out);
    assert_eq!(
        words_of(&json),
        BTreeSet::from(["été".to_string(), "thé".to_string()])
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("skipped 1 words"));
    let out = wordsnap(&[
        "solve",
        "--board",
        "ete the",
        "--dict",
        list.to_str().unwrap(),
        "--fold-accents",
        "--json",
        "--min-len",
        "2",
    ]);
    assert_eq!(
        words_of(&ok_json(&out)),
        BTreeSet::from(["ete".to_string(), "the".to_string()])
    );
    let deny = temp_file("deny.txt", "knife\n");
    let allow = temp_file("allow.txt", "bafe\n");
    let out = wordsnap(&[
        "solve",
        "--board",
        "abcdefghijklmnop",
        "--deny",
        deny.to_str().unwrap(),
        "--allow",
        allow.to_str().unwrap(),
        "--json",
    ]);
    let words = words_of(&ok_json(&out));
    assert!(!words.contains("knife") && words.contains("bafe") && words.contains("plonk"));
}

#[test]
fn explain_prints_the_breakdown_and_path() {
    let out = wordsnap(&["solve", "--board", "abcdefghijklmnop", "--explain", "knife"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("knife: 2 points (boggle)\n  5 letters = 2 (boggle table)"),
        "{text}"
    );
    assert!(text.contains("1K") && text.contains("5E"), "{text}");
    let out = wordsnap(&["solve", "--board", "abcdefghijklmnop", "--explain", "zebra"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not on this board"));
}

#[test]
fn debian_word_lists_with_accents_load_and_solve() {
    let cases = [
        ("/usr/share/dict/french", "étéa,bcdf,ghij", "été"),
        ("/usr/share/dict/ngerman", "grö,eßx,xxx", "größe"),
        ("/usr/share/dict/spanish", "niñ,xox,xxx", "niño"),
    ];
    for (list, board, word) in cases {
        if !std::path::Path::new(list).exists() {
            common::missing(list, "apt-get install wfrench wngerman wspanish");
            continue;
        }
        let json = ok_json(&wordsnap(&[
            "solve", "--board", board, "--dict", list, "--json",
        ]));
        assert!(
            words_of(&json).contains(word),
            "{word} not found with {list}"
        );
        assert!(
            json["stats"]["dictionary_words"].as_u64().unwrap() > 50_000,
            "{list}"
        );
        let folded = wordsnap::dict::fold_accents(board);
        let json = ok_json(&wordsnap(&[
            "solve",
            "--board",
            &folded,
            "--dict",
            list,
            "--fold-accents",
            "--json",
        ]));
        assert!(
            words_of(&json).contains(&wordsnap::dict::fold_accents(word)),
            "folded {word} with {list}"
        );
    }
}
