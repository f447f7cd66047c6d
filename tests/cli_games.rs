//! End-to-end tests of the game rules in `wordsnap solve`: Boggle With Friends, SpellCast (with
//! swaps) and Letterpress, their names in `stats.game`, and bad `--swaps` use.

mod common;

use common::{ok_json, wordsnap};

fn json(args: &[&str]) -> serde_json::Value {
    ok_json(&wordsnap(args))
}

const SPELLCAST: &str = r#"{"rows":5,"cols":5,"tiles":[["T","N","L","L","O"],["L","Y","S","G","F"],["V","Q","E","E","B"],["L","I","M","P","N"],["K","U","A","R","C"]],"bonuses":[["","","","",""],["","","","",""],["DL","","","",""],["","","","","2X"],["","","","",""]]}"#;

#[test]
fn every_game_has_its_exact_name_in_stats() {
    for name in [
        "bwf",
        "spellcast",
        "letterpress",
        "wordament",
        "wordhunt",
        "ruzzle",
        "boggle",
        "bigboggle",
        "superbigboggle",
        "scramble",
    ] {
        let v = json(&[
            "solve",
            "--game",
            name,
            "--json",
            "--limit",
            "1",
            "--board",
            "serstanelapidetr",
        ]);
        assert_eq!(v["stats"]["game"], name);
    }
}

#[test]
fn bwf_scores_a_word_by_hand() {
    // T(1) A(1, DL) K(5) E(1) on the dl_dw_qu screenshot's rows, K on DW: (1+2+5+1) x 2 = 18.
    let board = r#"{"rows":2,"cols":4,"tiles":[["Z","S","A","E"],["E","T","K","R"]],"values":[[10,1,1,1],[1,1,5,1]],"bonuses":[["","DL","DL",""],["DL","","DW",""]]}"#;
    let v = json(&["solve", "--game", "bwf", "--json", "--board", board]);
    let take = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == "take")
        .expect("take");
    assert_eq!(take["score"], 18);
}

#[test]
fn spellcast_swaps_are_reported_on_the_words_that_need_them() {
    let plain = json(&[
        "solve",
        "--game",
        "spellcast",
        "--json",
        "--board",
        SPELLCAST,
    ]);
    assert!(
        plain["words"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w.get("swaps").is_none())
    );
    let v = json(&[
        "solve",
        "--game",
        "spellcast",
        "--swaps",
        "1",
        "--json",
        "--board",
        SPELLCAST,
    ]);
    let words = v["words"].as_array().unwrap();
    assert!(words.len() > plain["words"].as_array().unwrap().len());
    let with = words
        .iter()
        .find(|w| w.get("swaps").is_some())
        .expect("a word with a swap");
    let swaps = with["swaps"].as_array().unwrap();
    assert_eq!(swaps.len(), 1);
    let (r, c) = (swaps[0][0].as_u64().unwrap(), swaps[0][1].as_u64().unwrap());
    let letter = swaps[0][2].as_str().unwrap();
    assert_eq!(letter.len(), 1);
    assert!(letter.chars().all(|ch| ch.is_ascii_uppercase()));
    // The swapped tile is on the word's path.
    let on_path = with["path"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p[0].as_u64() == Some(r) && p[1].as_u64() == Some(c));
    assert!(on_path, "{with}");
    // The best word with one swap scores at least the best without.
    assert!(words[0]["score"].as_u64() >= plain["words"][0]["score"].as_u64());
    // Text output shows the changed tile in the path.
    let out = wordsnap(&[
        "solve",
        "--game",
        "spellcast",
        "--swaps",
        "1",
        "--board",
        SPELLCAST,
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains(")->"));
}

#[test]
fn swaps_outside_spellcast_or_above_three_are_refused() {
    let out = wordsnap(&["solve", "--swaps", "1", "--board", "abcd efgh ijkl mnop"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--game spellcast"));
    let out = wordsnap(&[
        "solve",
        "--game",
        "spellcast",
        "--swaps",
        "4",
        "--board",
        SPELLCAST,
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn letterpress_uses_tiles_that_are_not_adjacent() {
    // c, a, t sit in three corners-and-centre cells: no path, but a Letterpress word.
    let v = json(&[
        "solve",
        "--game",
        "letterpress",
        "--json",
        "--board",
        "cxxxx xxxxx xxaxx xxxxx xxxxt",
    ]);
    let cat = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == "cat")
        .expect("cat");
    assert_eq!(cat["score"], 3);
    let boggle = json(&[
        "solve",
        "--json",
        "--board",
        "cxxxx xxxxx xxaxx xxxxx xxxxt",
    ]);
    assert!(
        boggle["words"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["word"] != "cat")
    );
}
