//! Helpers shared by the end-to-end tests: running the `wordsnap` binary and reading what it
//! printed, the fixtures, Xvfb, and skipping (or failing, in CI) when test material is missing.

// Each test file compiles this module on its own and uses only some of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The `wordsnap` binary built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_wordsnap");

/// `wordsnap ARGS`, not yet run, in the crate's root (where relative fixture paths point).
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// Runs `wordsnap ARGS` and waits for it.
pub fn wordsnap(args: &[&str]) -> Output {
    command(args).output().expect("run wordsnap")
}

/// Runs `wordsnap ARGS` with no display (`DISPLAY` and `WAYLAND_DISPLAY` unset), as on a
/// machine without a screen.
pub fn wordsnap_headless(args: &[&str]) -> Output {
    command(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run wordsnap")
}

/// Runs `wordsnap ARGS` and gives its standard output, standard error and exit code.
pub fn wordsnap_text(args: &[&str]) -> (String, String, Option<i32>) {
    let out = wordsnap(args);
    (stdout(&out), stderr(&out), out.status.code())
}

/// Runs `wordsnap ARGS` with `input` on its standard input (written from another thread, so a
/// command that stops reading early does not block the test).
pub fn wordsnap_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wordsnap");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for wordsnap");
    writer.join().unwrap();
    out
}

/// What the command printed on standard output (lossy UTF-8).
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What the command printed on standard error (lossy UTF-8).
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON on standard output of a command that must have succeeded (else the test fails
/// with its standard error).
pub fn ok_json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// The path of a screenshot fixture (`fixtures/screens/NAME`), as an argument.
pub fn fixture(name: &str) -> String {
    fixture_path(name).display().to_string()
}

/// The path of a screenshot fixture (`fixtures/screens/NAME`).
pub fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/screens")
        .join(name)
}

/// The path of the real screenshot `name` in `../shared/real-screens` (its ground truth is the
/// `.json` beside it), or `None`, said through [`missing`], where `../shared` is not beside the
/// repository.
pub fn real_screen(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/real-screens")
        .join(name);
    if !path.is_file() {
        missing(
            &path.display().to_string(),
            "real screenshots are not part of the repository; ../shared sits beside it",
        );
        return None;
    }
    Some(path)
}

/// The ground truth of the image at `path`: the `.json` beside it.
pub fn board_truth(path: &Path) -> wordsnap::board::BoardJson {
    let text = std::fs::read_to_string(path.with_extension("json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Whether the tests run in CI: `.ci/run` is run with `CI=true`, and there every piece of test
/// material (`../shared`, Xvfb, the Debian word lists) must be present.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Called when a test's material is missing (`what`, with `how_to_get_it`): in CI that is a
/// failure; elsewhere (a user's fresh clone has no `../shared`) the test skips with a message.
pub fn missing(what: &str, how_to_get_it: &str) {
    if in_ci() {
        panic!("{what} is missing, and CI must have it ({how_to_get_it})");
    }
    eprintln!("skipped: {what} is missing ({how_to_get_it})");
}

/// A child process that is killed when dropped (Xvfb, a practice window).
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether Xvfb can be run.
pub fn have_xvfb() -> bool {
    Command::new("Xvfb")
        .arg("-help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Starts Xvfb on a free display (it picks one and tells us through -displayfd) with one
/// screen of `screen` (`WIDTHxHEIGHTxDEPTH`) and `extra` arguments; gives it and the
/// display's name (`:N`).
pub fn start_xvfb(screen: &str, extra: &[&str]) -> (Killed, String) {
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", screen])
        .args(["-noreset", "-nolisten", "tcp"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Xvfb");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("Xvfb's display number");
    assert!(line.trim().parse::<u32>().is_ok(), "Xvfb said {line:?}");
    (Killed(child), format!(":{}", line.trim()))
}
