//! The `board:` line that `solve IMAGE` and `read IMAGE` print is lossless: solving it typed,
//! with the game `read` decided on, gives exactly the words, paths and total of solving the
//! image. Checked on every fixture screenshot, and on the real screenshots in
//! `../shared/real-screens` when that folder exists.

mod common;

use common::wordsnap_text;

use std::path::{Path, PathBuf};

fn images(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| ["png", "jpg", "jpeg"].contains(&e.to_ascii_lowercase().as_str()))
        })
        .collect();
    out.sort();
    out
}

/// The value of the first line starting with `key`.
fn line<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| l.strip_prefix(key))
}

/// The report without its timing ("solved in 1.23 ms"), which differs between runs.
fn without_timing(report: &str) -> String {
    report
        .lines()
        .map(|l| l.split(", solved in").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks one image; returns a description of what differs, if anything.
fn check(image: &Path) -> Option<String> {
    let name = image.display().to_string();
    let (read_out, read_err, code) = wordsnap_text(&["read", &name]);
    if code != Some(0) {
        return Some(format!("{name}: read failed: {read_err}"));
    }
    let board = line(&read_out, "board: ").expect("read prints a board line");
    // `game: NAME (reason)`: the name is the first word.
    let game = line(&read_out, "game: ")
        .and_then(|g| g.split_whitespace().next())
        .expect("read prints the game");
    let (from_image, image_err, code) = wordsnap_text(&["solve", &name]);
    if code != Some(0) {
        return Some(format!("{name}: solve failed: {image_err}"));
    }
    if line(&from_image, "board: ") != Some(board) {
        return Some(format!(
            "{name}: solve's board line {:?} differs from read's {board:?}",
            line(&from_image, "board: ")
        ));
    }
    if let Some(hint) = line(&image_err, "  if a tile is wrong, fix it and run: ") {
        let expected = format!("wordsnap solve --game {game} --board \"{board}\"");
        if hint != expected {
            return Some(format!("{name}: hint {hint:?}, expected {expected:?}"));
        }
    }
    let (typed, typed_err, code) = wordsnap_text(&["solve", "--game", game, "--board", board]);
    if code != Some(0) {
        return Some(format!("{name}: solving {board:?} failed: {typed_err}"));
    }
    let (mut a, mut b) = (without_timing(&from_image), without_timing(&typed));
    if game == "letterpress" {
        // The screenshot also shows which tiles are owned, which board text does not carry:
        // `solve IMAGE` takes unowned tiles first, so only the paths may differ.
        (a, b) = (without_paths(&a), without_paths(&b));
    }
    (a != b).then(|| {
        format!("{name}: `solve --game {game} --board {board:?}` differs from `solve IMAGE`:\n{b}\n---\n{a}")
    })
}

/// The report with each word line cut after its word (score and word kept, path dropped).
fn without_paths(report: &str) -> String {
    report
        .lines()
        .map(
            |l| match l.split_whitespace().collect::<Vec<_>>().as_slice() {
                [score, word, first, ..]
                    if score.parse::<u32>().is_ok() && first.starts_with('(') =>
                {
                    format!("{score} {word}")
                }
                _ => l.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

fn check_all(dir: &Path) {
    let all = images(dir);
    assert!(!all.is_empty(), "no images in {}", dir.display());
    let failures: Vec<String> = all.iter().filter_map(|i| check(i)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} images:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_board_lines_solve_like_the_images() {
    check_all(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens"));
}

#[test]
fn real_screen_board_lines_solve_like_the_images() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real-screens");
    if !dir.is_dir() {
        eprintln!(
            "skipped: {} is absent (real screenshots are not part of the repository)",
            dir.display()
        );
        return;
    }
    check_all(&dir);
}

/// A fixture blurred until the reader doubts some tiles: `solve` and `read` still answer and
/// exit 0, list the doubtful tiles on stderr, show each word's certainty, and the board line
/// (doubtful tiles included) still solves like the image.
#[test]
fn blurred_screenshots_give_doubtful_tiles_and_still_an_answer() {
    let source =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/roboto_light_4x4.png");
    let blurred = image::imageops::blur(&image::open(&source).unwrap().to_rgb8(), 5.0);
    let dir = std::env::temp_dir().join(format!("wordsnap-blur-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("blurred.png");
    blurred.save(&path).unwrap();
    let name = path.to_str().unwrap();
    let (out, err, code) = wordsnap_text(&["solve", name]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("doubtful tile"), "{err}");
    assert!(err.contains("solved as"), "{err}");
    assert!(out.contains("certainty"), "{out}");
    let board = line(&out, "board: ").unwrap();
    assert!(
        board.contains('%'),
        "the board line carries the doubt: {board}"
    );
    let (_, read_err, code) = wordsnap_text(&["read", name]);
    assert_eq!(code, Some(0));
    assert!(read_err.contains("doubtful tile"), "{read_err}");
    assert_eq!(check(&path), None);
    // --min-certainty 1 keeps only the words that use no doubtful tile.
    let (sure, _, _) = wordsnap_text(&["solve", name, "--json", "--min-certainty", "1"]);
    let sure: serde_json::Value = serde_json::from_str(&sure).unwrap();
    assert!(
        sure["words"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["certainty"] == 1.0)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--fix R,C=TEXT` corrects one tile of the screenshot's board (value and badge included) for
/// `solve` and `read`; a bad place or tile is an exit-2 error naming the flag.
#[test]
fn fixes_correct_tiles_and_bad_fixes_are_refused() {
    let image = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/lato_bonus_4x4.png");
    let name = image.to_str().unwrap();
    let (out, err, code) = wordsnap_text(&[
        "solve",
        name,
        "--json",
        "--fix",
        "0,0=[q:10*tl]",
        "--fix",
        "3,3=e",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let board = &report["board"];
    assert_eq!(board["tiles"][0][0], "Q");
    assert_eq!(board["values"][0][0], 10);
    assert_eq!(board["bonuses"][0][0], "TL");
    assert_eq!(board["tiles"][3][3], "E");
    assert_eq!(board["values"][3][3], serde_json::Value::Null);
    assert!(
        report["words"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["certainty"] == 1.0)
    );
    let (out, _, code) = wordsnap_text(&["read", name, "--fix", "0,0=[q:10*tl]"]);
    assert_eq!(code, Some(0));
    assert!(
        line(&out, "board: ").unwrap().starts_with("[q:10*tl][n:2]"),
        "{out}"
    );
    for (fix, why) in [
        ("4,0=a", "--fix 4,0=a: 4,0 is outside the 4x4 board"),
        ("0,0=3", "unexpected character '3'"),
        ("0;0=a", "expected R,C=TEXT"),
        ("0,0=[a:5000]", "over the limit"),
    ] {
        for command in ["solve", "read"] {
            let (_, err, code) = wordsnap_text(&[command, name, "--fix", fix]);
            assert_eq!(code, Some(2), "{command} --fix {fix}: {err}");
            assert!(err.contains(why), "{command} --fix {fix}: {err}");
        }
    }
    let (_, err, code) = wordsnap_text(&["solve", "--board", "abcd", "--fix", "0,0=e"]);
    assert_eq!(code, Some(2), "{err}");
}
