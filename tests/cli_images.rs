//! End-to-end tests of image arguments: several images in one call (`read A B`, `solve A B`),
//! with per-image errors that do not stop the others, and `-` for an image piped to stdin.

mod common;

use common::{fixture, ok_json, wordsnap};

use std::io::Write;
use std::process::Stdio;

#[test]
fn read_gives_one_json_line_per_image_and_reports_a_bad_one_without_stopping() {
    let (a, b) = (
        fixture("roboto_light_4x4.png"),
        fixture("lato_bonus_4x4.png"),
    );
    let missing = fixture("no_such_image.png");
    let out = wordsnap(&["read", &a, &missing, &b, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["image"], a.as_str());
    assert_eq!(lines[1]["image"], b.as_str());
    // Each line is what reading that image alone gives.
    let alone = ok_json(&wordsnap(&["read", &b, "--json"]));
    assert_eq!(lines[1]["tiles"], alone["tiles"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no_such_image.png: cannot open the image"),
        "{err}"
    );
    assert!(err.contains("1 of 3 images failed"), "{err}");
}

#[test]
fn solve_gives_a_header_per_image_in_text_and_the_image_in_json() {
    let (a, b) = (
        fixture("roboto_light_4x4.png"),
        fixture("lato_bonus_4x4.png"),
    );
    let out = wordsnap(&["solve", &a, &b, "--limit", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("image: ")).collect();
    assert_eq!(headers, [format!("image: {a}"), format!("image: {b}")]);
    let boards = text.lines().filter(|l| l.starts_with("board: ")).count();
    assert_eq!(boards, 2);

    let out = wordsnap(&["solve", &b, "README.md", &a, "--json", "--limit", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let images: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["image"].to_string())
        .collect();
    assert_eq!(images, [format!("{b:?}"), format!("{a:?}")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("README.md: not a readable image"), "{err}");
}

#[test]
fn flags_for_one_screenshot_are_refused_with_several() {
    let (a, b) = (
        fixture("roboto_light_4x4.png"),
        fixture("lato_bonus_4x4.png"),
    );
    for args in [
        vec!["read", &a, &b, "--fix", "0,0=e"],
        vec!["solve", &a, &b, "--fix", "0,0=e"],
        vec!["solve", &a, &b, "--draw", "x.png"],
    ] {
        let out = wordsnap(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("give one image"));
    }
}

#[test]
fn a_screenshot_piped_to_stdin_reads_like_the_file() {
    let shot = fixture("roboto_orange_values_4x4.png");
    let from_file = ok_json(&wordsnap(&["solve", &shot, "--json", "--limit", "5"]));
    let bytes = std::fs::read(&shot).unwrap();
    for command in ["solve", "read"] {
        let mut child = common::command(&[command, "-", "--json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let json = ok_json(&child.wait_with_output().unwrap());
        if command == "solve" {
            assert_eq!(json["board"], from_file["board"]);
            assert_eq!(json["stats"]["words"], from_file["stats"]["words"]);
        } else {
            assert_eq!(json["tiles"], from_file["board"]["tiles"]);
        }
    }
    // Nothing on stdin is a clear error naming stdin.
    let out = common::command(&["read", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stdin"));
}
