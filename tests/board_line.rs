//! The `board:` line that `solve IMAGE` and `read IMAGE` print is lossless: solving it typed,
//! with the game `read` decided on, gives exactly the words, paths and total of solving the
//! image. Checked on every fixture screenshot, and on the real screenshots in
//! `../shared/real-screens` when that folder exists.

use std::path::{Path, PathBuf};
use std::process::Command;

fn wordsnap(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_wordsnap"))
        .args(args)
        .output()
        .expect("run wordsnap");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

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
    let (read_out, read_err, code) = wordsnap(&["read", &name]);
    if code != Some(0) {
        return Some(format!("{name}: read failed: {read_err}"));
    }
    let board = line(&read_out, "board: ").expect("read prints a board line");
    let game = line(&read_out, "game: ").expect("read prints the game");
    let (from_image, image_err, code) = wordsnap(&["solve", &name]);
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
    let (typed, typed_err, code) = wordsnap(&["solve", "--game", game, "--board", board]);
    if code != Some(0) {
        return Some(format!("{name}: solving {board:?} failed: {typed_err}"));
    }
    let (a, b) = (without_timing(&from_image), without_timing(&typed));
    (a != b).then(|| {
        format!("{name}: `solve --game {game} --board {board:?}` differs from `solve IMAGE`:\n{b}\n---\n{a}")
    })
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
