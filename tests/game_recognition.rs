//! The game a screenshot shows, recognised from evidence: `read` prints `game: NAME (reason)`,
//! `read --json` carries it, `solve IMAGE` plays by it unless `--game` overrides, and weak
//! evidence says so and falls back to the neutral Boggle rules for the grid's size.
//!
//! The fixtures (always present) cover the shapes; the real screenshots in `../shared` (when
//! present) cover each game's real look. `tests/vision_eval.rs` checks every real screenshot.

mod common;

use common::wordsnap_text;

use std::path::{Path, PathBuf};

fn game_line(image: &str) -> String {
    let (out, err, code) = wordsnap_text(&["read", image]);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .find_map(|l| l.strip_prefix("game: "))
        .unwrap_or_else(|| panic!("no game line in {out}"))
        .to_string()
}

fn read_json(image: &str) -> serde_json::Value {
    let (out, err, code) = wordsnap_text(&["read", "--json", image]);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).expect("read --json prints JSON")
}

#[test]
fn holes_in_an_x_are_word_hunt() {
    let line = game_line("fixtures/screens/lato_desktop_5x5_x.png");
    assert!(line.starts_with("wordhunt (X-shaped holes"), "{line}");
    let v = read_json("fixtures/screens/lato_desktop_5x5_x.png");
    assert_eq!(v["game"]["name"], "wordhunt");
    assert_eq!(v["game"]["certain"], true);
    assert!(
        v["game"]["reason"]
            .as_str()
            .unwrap()
            .contains("X-shaped holes")
    );
}

#[test]
fn unmarked_6x6_is_weak_evidence_with_neutral_rules() {
    let line = game_line("fixtures/screens/roboto_small_6x6.png");
    assert!(
        line.starts_with("superbigboggle (weak evidence: 6x6 grid"),
        "{line}"
    );
    assert!(line.ends_with("; neutral rules)"), "{line}");
    let v = read_json("fixtures/screens/roboto_small_6x6.png");
    assert_eq!(v["game"]["certain"], false);
}

#[test]
fn solve_plays_by_the_recognised_game_unless_overridden() {
    let image = "fixtures/screens/roboto_orange_values_4x4.png";
    assert!(game_line(image).starts_with("wordament ("));
    let (out, err, code) = wordsnap_text(&["solve", image, "--json", "--limit", "1"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stats"]["game"], "wordament");
    let (out, err, code) =
        wordsnap_text(&["solve", image, "--game", "boggle", "--json", "--limit", "1"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stats"]["game"], "boggle");
}

#[test]
fn letterpress_phone_fixture_is_letterpress() {
    let line = game_line("fixtures/phones/letterpress_1080x2400_header.png");
    assert!(line.starts_with("letterpress (tiles touch"), "{line}");
}

fn real(name: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real-screens");
    if !dir.is_dir() {
        common::missing(
            &dir.display().to_string(),
            "real screenshots are not part of the repository; ../shared sits beside it",
        );
        return None;
    }
    Some(dir.join(name))
}

/// One real screenshot of each of the six games, with the evidence its reason must name.
#[test]
fn real_screens_name_their_game_and_evidence() {
    let cases = [
        (
            "word_hunt_iphone_1125x1707_midswipe.jpeg",
            "wordhunt",
            "on green",
        ),
        (
            "boggle_with_friends_1920x1200_qu.png",
            "bwf",
            "bottom-right",
        ),
        ("spellcast_discord_crop_5x5.png", "spellcast", "2X badge"),
        (
            "letterpress_iphone4_dark_theme.png",
            "letterpress",
            "tiles touch",
        ),
        ("ruzzle_android_1080x2340.png", "ruzzle", "top-right"),
        ("wordament_android_1080x1920_a.png", "wordament", "top-left"),
    ];
    for (name, game, evidence) in cases {
        let Some(path) = real(name) else { return };
        let line = game_line(path.to_str().unwrap());
        assert!(line.starts_with(&format!("{game} (")), "{name}: {line}");
        assert!(line.contains(evidence), "{name}: {line}");
        assert!(!line.contains("weak evidence"), "{name}: {line}");
        let (out, err, code) =
            wordsnap_text(&["solve", path.to_str().unwrap(), "--json", "--limit", "1"]);
        assert_eq!(code, Some(0), "{name}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["stats"]["game"], game, "{name}");
    }
}

/// A photo of a physical Boggle tray shows no game's marks: weak evidence, Boggle's rules.
#[test]
fn a_photo_of_dice_is_weak_evidence() {
    let Some(path) = real("boggle_physical_photo_454x419.jpg") else {
        return;
    };
    let line = game_line(path.to_str().unwrap());
    assert!(line.starts_with("boggle (weak evidence:"), "{line}");
    assert!(line.ends_with("; neutral rules)"), "{line}");
}

/// Letterpress ownership from tile colour: the unowned tiles are the `u`s of the ownership
/// string colons/lp names this screenshot after (`..._oouuooouuuuuuouuuouuouuuu`), and each
/// word's path takes unowned tiles before owned ones of the same letter.
#[test]
fn letterpress_unowned_tiles_are_read_and_preferred() {
    let Some(path) = real("letterpress_iphonex_dark_wiggle.png") else {
        return;
    };
    let image = path.to_str().unwrap();
    let v = read_json(image);
    let unowned: Vec<bool> = v["unowned"]
        .as_array()
        .expect("read --json gives unowned rows for Letterpress")
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|b| b.as_bool().unwrap()))
        .collect();
    let expected: Vec<bool> = "oouuooouuuuuuouuuouuouuuu"
        .chars()
        .map(|c| c == 'u')
        .collect();
    assert_eq!(unowned, expected);
    let tiles: Vec<String> = v["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
        })
        .collect();
    let (out, err, code) = wordsnap_text(&["solve", image, "--json", "--limit", "50"]);
    assert_eq!(code, Some(0), "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    for word in report["words"].as_array().unwrap() {
        let cells: Vec<usize> = word["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p[0].as_u64().unwrap() as usize * 5 + p[1].as_u64().unwrap() as usize)
            .collect();
        for &c in &cells {
            // An owned tile is taken only when every unowned tile of its letter is taken too.
            if !unowned[c] {
                let spare =
                    (0..25).any(|o| unowned[o] && tiles[o] == tiles[c] && !cells.contains(&o));
                assert!(
                    !spare,
                    "{}: takes owned {c} with an unowned {} free",
                    word["word"], tiles[c]
                );
            }
        }
    }
}
