//! Bad and hostile input, end to end (issue 15): each case ends with a clear error naming the
//! file, tile or flag and the README's exit code (2 bad input, 1 runtime failure), never a panic
//! (exit code 101) or a hang.

mod common;

use common::{BIN, Killed, fixture_path, have_xvfb, start_xvfb, stderr, stdout, wordsnap_headless};

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-harden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts a clean refusal: exit code `code`, and stderr names `needle`.
fn assert_refused(out: &Output, code: i32, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(err.contains(needle), "expected '{needle}' in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn eval_reports_a_short_ground_truth_and_still_evaluates_the_other_images() {
    let dir = temp_dir("eval");
    for (stem, truth) in [
        ("a_good", None),
        (
            "b_short_values",
            Some(
                r#"{"rows":4,"cols":4,"tiles":[["I","J","L","E"],["U","U","P","C"],["A","G","X","K"],["U/L","I","-ED","V"]],"values":[[2,10,3,1],[4,4,4,3]]}"#,
            ),
        ),
        (
            "c_short_row",
            Some(
                r#"{"rows":4,"cols":4,"tiles":[["I","J","L","E"],["U","U","P"],["A","G","X","K"],["U/L","I","-ED","V"]]}"#,
            ),
        ),
        (
            "d_short_bonuses",
            Some(
                r#"{"rows":4,"cols":4,"tiles":[["I","J","L","E"],["U","U","P","C"],["A","G","X","K"],["U/L","I","-ED","V"]],"bonuses":[["","","",""]]}"#,
            ),
        ),
    ] {
        std::fs::copy(
            fixture_path("roboto_orange_values_4x4.png"),
            dir.join(format!("{stem}.png")),
        )
        .unwrap();
        let truth = truth.map_or_else(
            || std::fs::read_to_string(fixture_path("roboto_orange_values_4x4.json")).unwrap(),
            str::to_string,
        );
        std::fs::write(dir.join(format!("{stem}.json")), truth).unwrap();
    }
    let out = wordsnap_headless(&["eval", dir.to_str().unwrap()]);
    let text = stdout(&out);
    assert_refused(&out, 1, "3 of 4 images were not read fully right");
    assert!(text.contains("ok   a_good.png"), "{text}");
    for bad in [
        "b_short_values.json",
        "c_short_row.json",
        "d_short_bonuses.json",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with("FAIL")
                && l.contains("bad ground truth")
                && l.contains(bad)),
            "{bad} not reported: {text}"
        );
    }
}

#[test]
fn durations_out_of_range_are_refused_naming_the_flag() {
    let board = "abcd efgh ijkl mnop";
    for args in [
        &["replay", "--wait", "1e20", "--board", board][..],
        &["replay", "--dry-run", "--wait=-1", "--board", board],
        &["play", "--wait", "1e300"],
        &["replay", "--dry-run", "--speed", "1e-300", "--board", board],
        &["replay", "--dry-run", "--speed", "NaN", "--board", board],
        &["practice", "--minutes", "1e300", "--board", board],
        &["practice", "--minutes", "0", "--board", board],
    ] {
        let out = wordsnap_headless(args);
        let flag = args[if args[1] == "--dry-run" { 2 } else { 1 }];
        assert_refused(&out, 2, flag.split('=').next().unwrap());
    }
    // The limits themselves are accepted.
    let out = wordsnap_headless(&[
        "replay",
        "--dry-run",
        "--speed",
        "0.01",
        "--wait",
        "3600",
        "--board",
        board,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn printed_values_over_the_limit_are_refused_naming_the_tile() {
    let board =
        r#"{"rows":2,"cols":2,"tiles":[["A","B"],["C","D"]],"values":[[1,1],[1,4294967295]]}"#;
    let out = wordsnap_headless(&["solve", "--game", "wordament", "--board", board]);
    assert_refused(
        &out,
        2,
        "row 2, column 2: printed value 4294967295 is over the limit of 1000",
    );
    let at_limit =
        r#"{"rows":2,"cols":2,"tiles":[["A","B"],["C","D"]],"values":[[1000,1000],[1000,1000]]}"#;
    let out = wordsnap_headless(&[
        "solve",
        "--game",
        "wordament",
        "--board",
        at_limit,
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn scores_saturate_instead_of_wrapping_around() {
    // 16 letters on triple-word squares: 16,000 x 3^16 points is more than a u32 holds.
    let dir = temp_dir("saturate");
    let list = dir.join("a.txt");
    std::fs::write(&list, "aaaaaaaaaaaaaaaa\n").unwrap();
    let row = r#"["A","A","A","A"]"#;
    let values = "[1000,1000,1000,1000]";
    let bonuses = r#"["TW","TW","TW","TW"]"#;
    let board = format!(
        r#"{{"rows":4,"cols":4,"tiles":[{row},{row},{row},{row}],"values":[{values},{values},{values},{values}],"bonuses":[{bonuses},{bonuses},{bonuses},{bonuses}]}}"#
    );
    let out = wordsnap_headless(&[
        "solve",
        "--game",
        "ruzzle",
        "--dict",
        list.to_str().unwrap(),
        "--board",
        &board,
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["words"][0]["word"], "aaaaaaaaaaaaaaaa");
    assert_eq!(json["words"][0]["score"], u64::from(u32::MAX));
}

#[test]
fn thread_counts_out_of_range_are_refused() {
    let dir = temp_dir("threads");
    let boards = dir.join("boards.txt");
    std::fs::write(&boards, "abcd efgh ijkl mnop\n").unwrap();
    let file = boards.to_str().unwrap();
    for n in ["0", "257", "100000", "-1", "many"] {
        let flag = format!("--threads={n}");
        let out = wordsnap_headless(&["solve", "--boards", file, &flag]);
        assert_refused(&out, 2, "--threads");
        assert!(stderr(&out).contains("1 to 256"), "{}", stderr(&out));
    }
    for n in ["1", "256"] {
        let out = wordsnap_headless(&["solve", "--boards", file, "--threads", n]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).starts_with("abcd efgh ijkl mnop\t"),
            "{}",
            stdout(&out)
        );
    }
}

#[test]
fn replay_refuses_a_board_other_than_the_practice_windows() {
    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("1280x1024x24", &[]);
    let log = temp_dir("mismatch").join("log.jsonl");
    let _practice = Killed(
        Command::new(BIN)
            .env("DISPLAY", &display)
            .args(["practice", "--board", "serstanelapidetr", "--log"])
            .arg(&log)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start wordsnap practice"),
    );
    let started = Instant::now();
    let out = Command::new(BIN)
        .env("DISPLAY", &display)
        .args([
            "replay",
            "--board",
            "glnt aieh rsne tdoa",
            "--wait",
            "20",
            "--limit",
            "3",
        ])
        .output()
        .unwrap();
    assert_refused(
        &out,
        2,
        "is not the board the practice window shows (sers tane lapi detr)",
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    // Nothing was dragged: the window logged no word.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(std::fs::read_to_string(&log).unwrap_or_default(), "");
    // The same board in another spelling is accepted.
    let out = Command::new(BIN)
        .env("DISPLAY", &display)
        .args([
            "replay",
            "--board",
            "SERS TANE LAPI DETR",
            "--wait",
            "20",
            "--limit",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_byte_order_mark_does_not_drop_the_first_word() {
    let dir = temp_dir("bom");
    let list = dir.join("bom.txt");
    std::fs::write(&list, "\u{feff}cat\ndog\n").unwrap();
    let out = wordsnap_headless(&[
        "solve",
        "--dict",
        list.to_str().unwrap(),
        "--board",
        "cat dog xyz",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("skipped"), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let words: Vec<&str> = json["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert!(
        words.contains(&"cat") && words.contains(&"dog"),
        "{words:?}"
    );
}

#[test]
fn control_characters_from_the_input_are_escaped() {
    let out = wordsnap_headless(&["solve", "--board", "ab\u{1b}[2Jc\u{7}d"]);
    assert_refused(&out, 2, "unexpected character '\\u{1b}'");
    assert!(!stderr(&out).contains('\u{1b}'), "{:?}", stderr(&out));
    let dir = temp_dir("control");
    let list = dir.join("list.txt");
    std::fs::write(&list, "cat\nd\u{7}og\n").unwrap();
    let out = wordsnap_headless(&["solve", "--dict", list.to_str().unwrap(), "--board", "catd"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("'d\\u{7}og'"), "{:?}", stderr(&out));
    assert!(!stderr(&out).contains('\u{7}'), "{:?}", stderr(&out));
}

#[test]
fn os_errors_are_said_once() {
    let dir = temp_dir("os");
    let out = wordsnap_headless(&["solve", "--dict", dir.to_str().unwrap(), "--board", "abcd"]);
    assert_refused(&out, 2, "cannot read word list");
    assert_eq!(
        stderr(&out).matches("os error 21").count(),
        1,
        "{}",
        stderr(&out)
    );
    let out = wordsnap_headless(&["read", dir.to_str().unwrap()]);
    assert_refused(&out, 2, "cannot open the image");
    assert_eq!(
        stderr(&out).matches("os error 21").count(),
        1,
        "{}",
        stderr(&out)
    );
}

#[test]
fn lists_without_usable_words_say_why() {
    let dir = temp_dir("nowords");
    let line = dir.join("line.txt");
    std::fs::write(&line, "cat dog bird fish").unwrap();
    let out = wordsnap_headless(&["solve", "--dict", line.to_str().unwrap(), "--board", "abcd"]);
    assert_refused(&out, 2, "one word per line");
    assert!(
        stderr(&out).contains("'cat dog bird fish'"),
        "{}",
        stderr(&out)
    );
    let list = dir.join("list.txt");
    std::fs::write(&list, "cat\ndog\n").unwrap();
    let l = list.to_str().unwrap();
    let out = wordsnap_headless(&["solve", "--dict", l, "--deny", l, "--board", "abcd"]);
    assert_refused(&out, 2, "the --deny lists ban every one of its 2 words");
}

#[test]
fn a_list_with_too_many_letters_names_the_limit() {
    let dir = temp_dir("letters");
    let list = dir.join("many.txt");
    // 26 + 25 (final sigma among them) + 32 = 83 letters, each in its own word.
    let letters = ('a'..='z').chain('α'..='ω').chain('а'..='я');
    let words: String = letters.map(|c| format!("{c}{c}{c}\n")).collect();
    std::fs::write(&list, words).unwrap();
    let out = wordsnap_headless(&[
        "solve",
        "--dict",
        list.to_str().unwrap(),
        "--board",
        "aaa aaa aaa",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the list uses 83 letters but an alphabet holds at most 63"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn damaged_images_are_reported_as_such() {
    let dir = temp_dir("images");
    let jpeg = std::fs::read(fixture_path("roboto_small_6x6_q80.jpg")).unwrap();
    let cut = dir.join("cut.jpg");
    std::fs::write(&cut, &jpeg[..jpeg.len() / 2]).unwrap();
    let out = wordsnap_headless(&["read", cut.to_str().unwrap()]);
    assert_refused(&out, 2, "cut.jpg: truncated image");
    let png = std::fs::read(fixture_path("roboto_light_4x4.png")).unwrap();
    let cut = dir.join("cut.png");
    std::fs::write(&cut, &png[..png.len() / 2]).unwrap();
    let out = wordsnap_headless(&["read", cut.to_str().unwrap()]);
    assert_refused(&out, 2, "cut.png: truncated image");
    // A PNG header claiming 100000x100000 pixels: refused before any allocation.
    let bomb = dir.join("bomb.png");
    std::fs::write(&bomb, png_header(100_000, 100_000)).unwrap();
    let out = wordsnap_headless(&["read", bomb.to_str().unwrap()]);
    assert_refused(&out, 2, "bomb.png: the image is too large");
}

/// A PNG signature and header chunk for a greyscale image of the given size, with no data.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut chunk = b"IHDR".to_vec();
    chunk.extend(width.to_be_bytes());
    chunk.extend(height.to_be_bytes());
    chunk.extend([8, 0, 0, 0, 0]);
    let mut crc = !0u32;
    for &b in &chunk {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(13u32.to_be_bytes());
    png.extend(&chunk);
    png.extend((!crc).to_be_bytes());
    png
}

#[test]
fn eval_says_none_rather_than_a_full_score_for_nothing_checked() {
    let dir = temp_dir("eval-none");
    std::fs::copy(fixture_path("roboto_light_4x4.png"), dir.join("a.png")).unwrap();
    std::fs::copy(fixture_path("roboto_light_4x4.json"), dir.join("a.json")).unwrap();
    let out = wordsnap_headless(&["eval", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("tiles 16/16 (100.0%), values none, bonuses none"),
        "{text}"
    );
    assert!(!text.contains("0/0 (100.0%)"), "{text}");
}

/// Issue 15 item 5: a tile of 65,536 letters crashed the board text output; now a tile over the
/// 64-letter limit is refused with a short message (exit 2), and one at the limit echoes back.
#[test]
fn an_over_long_tile_is_refused_and_a_long_one_echoes() {
    let huge = format!("[{}]bcd", "a".repeat(65_536));
    let out = wordsnap_headless(&["solve", "--board", &huge]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("over the limit of 64"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).len() < 300, "the message copies the tile");
    let long = format!("[{}]bcd", "a".repeat(64));
    let out = wordsnap_headless(&["solve", "--board", &long, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Issue 15 item 10: the echoed board line re-parses to the same board (`abcd,` is one row of
/// four, not a 2x2 square; accented letters echo in a form that parses).
#[test]
fn the_echoed_board_line_solves_to_the_same_board() {
    for board in ["abcd,", "étéa,bcdf,ghij", "[qu]bcd efgh ijkl mnop"] {
        let first = wordsnap_headless(&["solve", "--board", board, "--json"]);
        assert_eq!(first.status.code(), Some(0), "{board}: {}", stderr(&first));
        let line = stdout(&wordsnap_headless(&["solve", "--board", board]))
            .lines()
            .next()
            .unwrap()
            .strip_prefix("board: ")
            .unwrap()
            .to_string();
        let again = wordsnap_headless(&["solve", "--board", &line, "--json"]);
        assert_eq!(again.status.code(), Some(0), "{line}: {}", stderr(&again));
        let json = |o: &Output| serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap();
        assert_eq!(
            json(&first)["board"],
            json(&again)["board"],
            "{board} -> {line}"
        );
        assert_eq!(
            json(&first)["words"],
            json(&again)["words"],
            "{board} -> {line}"
        );
    }
}
