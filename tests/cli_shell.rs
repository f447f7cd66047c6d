//! End-to-end tests of how wordsnap fits the shell: batch mode that never loses work (bad
//! lines, stdin, JSON lines, bounded lines), closed pipes and full disks, refused flag mixes.

mod common;

use common::{wordsnap, wordsnap_with_stdin};

use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-shell-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const GOOD_AND_BAD: &[u8] = b"abcdefghijklmnop\nabc\nserstanelapidetr\n\xff\xfe\n# comment\n\n[qu]ite abcd efgh ijkl\nab1d efgh\n";

#[test]
fn batch_writes_every_good_board_and_reports_every_bad_line() {
    let file = temp_file("mixed.txt", GOOD_AND_BAD);
    let out = wordsnap(&["solve", "--boards", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let boards: Vec<&str> = stdout
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        boards,
        [
            "abcd efgh ijkl mnop",
            "sers tane lapi detr",
            "[qu]ite abcd efgh ijkl"
        ]
    );
    let stderr = text(&out.stderr);
    for (line, reason) in [(2, "bad board"), (4, "not UTF-8"), (8, "row 1, column 3")] {
        let expected = format!("mixed.txt:{line}: ");
        let at = stderr
            .find(&expected)
            .unwrap_or_else(|| panic!("{expected} missing: {stderr}"));
        assert!(stderr[at..].contains(reason), "{stderr}");
    }
    assert!(stderr.contains("3 bad lines"), "{stderr}");
}

#[test]
fn batch_reads_stdin_and_writes_json_lines_in_input_order() {
    let out = wordsnap_with_stdin(
        &["solve", "--boards", "-", "--json", "--limit", "2"],
        GOOD_AND_BAD,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines
            .iter()
            .map(|l| l["line"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 3, 7]
    );
    let first = &lines[0];
    assert_eq!(first["count"], 29);
    assert_eq!(first["total"], 31);
    assert_eq!(first["words"].as_array().unwrap().len(), 2);
    assert_eq!(first["words"][0]["word"], "knife");
    assert_eq!(
        first["words"][0]["path"],
        serde_json::json!([[2, 2], [3, 1], [2, 0], [1, 1], [1, 0]])
    );
    assert_eq!(
        first["board"]["tiles"][0],
        serde_json::json!(["A", "B", "C", "D"])
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("stdin:2: bad board"), "{stderr}");
    assert!(stderr.contains("stdin:8: "), "{stderr}");
}

#[test]
fn batch_json_lists_every_path_with_all_paths() {
    let out = wordsnap_with_stdin(
        &["solve", "--boards", "-", "--json", "--all-paths"],
        b"serstanelapidetr\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let words = line["words"].as_array().unwrap();
    assert!(!words.is_empty());
    assert!(
        words
            .iter()
            .all(|w| !w["paths"].as_array().unwrap().is_empty())
    );
    assert!(
        words
            .iter()
            .any(|w| w["paths"].as_array().unwrap().len() > 1)
    );
}

#[test]
fn a_bad_line_after_100000_good_boards_loses_none_of_them() {
    let mut input = b"serstanelapidetr\n".repeat(100_000);
    input.extend_from_slice(b"abc\n");
    let file = temp_file("many.txt", &input);
    let out = wordsnap(&["solve", "--boards", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 100_000);
    assert!(
        stdout
            .lines()
            .all(|l| l == "sers tane lapi detr\t723\t1812")
    );
    assert!(text(&out.stderr).contains("many.txt:100001: bad board"));
}

#[test]
fn a_huge_line_is_refused_with_a_short_message_and_the_rest_is_solved() {
    let mut input = b"abcdefghijklmnop\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 5 << 20));
    input.extend_from_slice(b"\nserstanelapidetr\n");
    let file = temp_file("huge.txt", &input);
    let out = wordsnap(&["solve", "--boards", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout).lines().count(), 2);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("huge.txt:2: line of 5242880 bytes is longer than any board"),
        "{stderr}"
    );
    assert!(stderr.len() < 1000, "the message copies the line");
}

#[test]
fn flags_that_do_not_apply_are_refused_with_a_message() {
    let file = temp_file("one.txt", b"abcdefghijklmnop\n");
    let file = file.to_str().unwrap();
    for (args, expected) in [
        (
            vec!["solve", "--boards", file, "--limit", "3"],
            "--limit with --boards needs --json",
        ),
        (
            vec!["solve", "--boards", file, "--all-paths"],
            "--all-paths with --boards needs --json",
        ),
        (
            vec!["solve", "--boards", file, "--explain", "knife"],
            "--explain",
        ),
        (
            vec!["solve", "--board", "abcd", "--threads", "2"],
            "--threads applies only with --boards",
        ),
    ] {
        let out = wordsnap(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(expected),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn explain_with_json_prints_one_object() {
    let out = wordsnap(&[
        "solve",
        "--board",
        "abcdefghijklmnop",
        "--explain",
        "knife",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["word"], "knife");
    assert_eq!(v["score"], 2);
    assert_eq!(v["path"][0], serde_json::json!([2, 2]));
    assert!(v["formula"].as_str().unwrap().contains("5 letters"));
}

/// Runs wordsnap with its stdout a pipe whose reading end is closed at once.
fn with_closed_stdout(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = common::command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wordsnap");
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("wait for wordsnap")
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let many = b"serstanelapidetr\n".repeat(20_000);
    for (args, stdin) in [
        (vec!["solve", "--board", "serstanelapidetr"], &b""[..]),
        (vec!["solve", "--board", "serstanelapidetr", "--json"], b""),
        (vec!["solve", "--boards", "-"], &many[..]),
        (vec!["solve", "--boards", "-", "--json"], &many[..]),
        (
            vec!["replay", "--dry-run", "--board", "serstanelapidetr"],
            b"",
        ),
        (vec!["read", "fixtures/screens/lato_bonus_4x4.png"], b""),
        (
            vec!["read", "fixtures/screens/lato_bonus_4x4.png", "--json"],
            b"",
        ),
        (vec!["eval", "fixtures/screens"], b""),
    ] {
        let out = with_closed_stdout(&args, stdin);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("error"), "{args:?}: {stderr}");
    }
}

/// `/dev/full`, opened for writing, or `None` where there is none.
fn dev_full() -> Option<std::fs::File> {
    match std::fs::OpenOptions::new().write(true).open("/dev/full") {
        Ok(f) => Some(f),
        Err(e) => {
            eprintln!("skipping: cannot open /dev/full: {e}");
            None
        }
    }
}

#[test]
fn a_full_disk_is_a_clear_error_with_exit_code_1() {
    for args in [
        vec!["solve", "--board", "serstanelapidetr"],
        vec!["solve", "--board", "serstanelapidetr", "--json"],
        vec!["replay", "--dry-run", "--board", "serstanelapidetr"],
        vec!["read", "fixtures/screens/lato_bonus_4x4.png"],
        vec!["read", "fixtures/screens/lato_bonus_4x4.png", "--json"],
        vec!["eval", "fixtures/screens"],
    ] {
        let Some(full) = dev_full() else { return };
        let out = common::command(&args).stdout(full).output().unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write the output: No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_full_stderr_does_not_crash_a_warning() {
    let Some(full) = dev_full() else { return };
    let png = std::env::temp_dir().join(format!("wordsnap-shell-{}.png", std::process::id()));
    let out = common::command(&["render", "--board", "abcd", "--out", png.to_str().unwrap()])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(png.exists());
    let _ = std::fs::remove_file(png);
    let Some(full) = dev_full() else { return };
    let out = common::command(&["solve", "--board", "abcd", "--threads", "2"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_byte_order_mark_does_not_spoil_the_first_board() {
    let out = wordsnap_with_stdin(
        &["solve", "--boards", "-"],
        b"\xef\xbb\xbfabcdefghijklmnop\r\nserstanelapidetr\r\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "abcd efgh ijkl mnop\t29\t31\nsers tane lapi detr\t723\t1812\n"
    );
}

#[test]
fn completions_and_manpage_are_printed() {
    for (shell, marker) in [
        ("bash", "_wordsnap()"),
        ("zsh", "#compdef wordsnap"),
        ("fish", "complete -c wordsnap"),
    ] {
        let out = wordsnap(&["completions", shell]);
        assert!(out.status.success(), "completions {shell}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(marker), "completions {shell} lacks {marker}");
        assert!(
            text.contains("solve") && text.contains("--boards"),
            "completions {shell} lack subcommands or flags"
        );
    }
    let out = wordsnap(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let man = wordsnap(&["manpage"]);
    assert!(man.status.success());
    assert!(String::from_utf8_lossy(&man.stdout).contains(".TH wordsnap 1"));
}

/// One batch line of a known kind: a good board, a bad one, or a line batch mode skips.
#[derive(Debug, Clone)]
enum BatchLine {
    Good(String),
    Bad(Vec<u8>),
    Skipped(String),
}

fn batch_line() -> impl proptest::strategy::Strategy<Value = BatchLine> {
    use proptest::prelude::*;
    prop_oneof![
        4 => "[a-z]{16}".prop_map(BatchLine::Good),
        1 => "[a-z]{25}".prop_map(BatchLine::Good),
        1 => "[a-z]{3}".prop_map(|s| BatchLine::Bad(s.into_bytes())),
        1 => Just(BatchLine::Bad(b"ab[qu".to_vec())),
        1 => Just(BatchLine::Bad(vec![0xff, 0xfe, b'a', 0x80])),
        1 => (70_000usize..80_000).prop_map(|n| BatchLine::Bad(vec![b'x'; n])),
        1 => Just(BatchLine::Skipped(String::new())),
        1 => "#[ -~]{0,20}".prop_map(BatchLine::Skipped),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 24, ..Default::default() })]

    /// Any mix of good, bad and skipped lines on stdin: every good board gets its output line in
    /// order, every bad line is reported once as `stdin:LINE:`, the exit code is 1 exactly when a
    /// line was bad, and nothing panics.
    #[test]
    fn batch_lines_never_lose_work(lines in proptest::collection::vec(batch_line(), 0..12)) {
        let mut input = Vec::new();
        for line in &lines {
            match line {
                BatchLine::Good(s) | BatchLine::Skipped(s) => input.extend_from_slice(s.as_bytes()),
                BatchLine::Bad(b) => input.extend_from_slice(b),
            }
            input.push(b'\n');
        }
        let out = wordsnap_with_stdin(&["solve", "--boards", "-"], &input);
        let stdout = text(&out.stdout);
        let stderr = text(&out.stderr);
        proptest::prop_assert!(!stderr.contains("panicked"), "{}", stderr);
        let good: Vec<&String> = lines.iter().filter_map(|l| match l { BatchLine::Good(s) => Some(s), _ => None }).collect();
        let printed: Vec<&str> = stdout.lines().map(|l| l.split('\t').next().unwrap_or("")).collect();
        proptest::prop_assert_eq!(printed.len(), good.len(), "{}", stdout);
        for (i, line) in lines.iter().enumerate() {
            if let BatchLine::Bad(_) = line {
                let at = format!("stdin:{}:", i + 1);
                proptest::prop_assert!(stderr.contains(&at), "{} not reported: {}", at, stderr);
            }
        }
        let any_bad = lines.iter().any(|l| matches!(l, BatchLine::Bad(_)));
        proptest::prop_assert_eq!(out.status.code(), Some(if any_bad { 1 } else { 0 }), "{}", stderr);
    }
}
