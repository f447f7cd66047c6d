//! End to end on a real X server: `wordsnap practice` in Xvfb, `wordsnap replay --limit 20` and
//! `wordsnap play` dragging the mouse over it, and the window's `--log` checked against `solve`;
//! then the ways the replayer stops (no XTEST, the window closing, the mouse moved away, Escape),
//! each leaving no mouse button held. Skips (passing) with a message when `Xvfb` is not installed.

mod common;

use common::{BIN, Killed, have_xvfb, start_xvfb};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use wordsnap::board::Board;
use wordsnap::dict::Dictionary;
use wordsnap::score::Game;
use wordsnap::solve::{SolveOptions, solve};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{self, ConnectionExt as _};
use x11rb::protocol::xtest::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;

const BOARD: &str = "serstanelapidetr";

fn wordsnap(display: &str) -> Command {
    let mut c = Command::new(BIN);
    c.env("DISPLAY", display).env("WINIT_X11_SCALE_FACTOR", "1");
    c
}

fn start_practice(display: &str, board: &str, log: &Path) -> Killed {
    let child = wordsnap(display)
        .args(["practice", "--board", board, "--log"])
        .arg(log)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start wordsnap practice");
    Killed(child)
}

fn run_ok(mut c: Command) -> (Output, Duration) {
    let started = Instant::now();
    let out = c.output().expect("run wordsnap");
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out, took)
}

/// Waits until the log has `n` lines and parses them.
fn read_log(path: &Path, n: usize) -> Vec<serde_json::Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON log line"))
            .collect();
        if lines.len() >= n || Instant::now() > deadline {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Checks the log against the solver's best `n` words.
fn check_log(lines: &[serde_json::Value], board: &str, n: usize) {
    let board = Board::parse(board).unwrap();
    let solution = solve(
        &board,
        &Dictionary::english(),
        &SolveOptions::new(Game::Boggle),
    );
    let best = &solution.words[..n];
    assert_eq!(lines.len(), n, "log: {lines:#?}");
    for (line, word) in lines.iter().zip(best) {
        assert_eq!(line["word"], word.word.as_str());
        assert_eq!(line["accepted"], true, "{line}");
        let path: Vec<(usize, usize)> = line["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_u64().unwrap() as usize,
                    p[1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        assert_eq!(path, word.path, "path of {}", word.word);
        assert!(line["t_ms"].is_u64());
    }
    let logged: u64 = lines.iter().map(|l| l["score"].as_u64().unwrap()).sum();
    let expected: u64 = best.iter().map(|w| u64::from(w.score)).sum();
    assert_eq!(logged, expected);
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("wordsnap-e2e-{}-{name}", std::process::id()))
}

#[test]
fn replay_and_play_register_every_word_on_the_practice_board() {
    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("1280x1024x24", &[]);

    let log = temp_file("replay.jsonl");
    let practice = start_practice(&display, BOARD, &log);
    let mut replay = wordsnap(&display);
    replay.args(["replay", "--limit", "20", "--wait", "20"]);
    let (out, took) = run_ok(replay);
    eprintln!(
        "replay took {took:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took < Duration::from_secs(20), "replay took {took:?}");
    check_log(&read_log(&log, 20), BOARD, 20);
    drop(practice);

    let board = "glnt aieh rsne tdoa";
    let log = temp_file("play.jsonl");
    let _practice = start_practice(&display, board, &log);
    let mut play = wordsnap(&display);
    play.args(["play", "--limit", "5", "--wait", "20", "--json"]);
    let (out, _) = run_ok(play);
    // The board must come from reading the captured window, not from the window's own property.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("could not read the board"), "{err}");
    check_log(&read_log(&log, 5), board, 5);
    // --json: one line per word dragged, then the summary.
    let events: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(events.len(), 6, "{events:?}");
    assert!(
        events[..5]
            .iter()
            .all(|e| e["event"] == "dragged" && e["accepted"] == true)
    );
    assert_eq!(events[5]["event"], "summary");
    assert_eq!(events[5]["registered"], 5);
    let _ = std::fs::remove_file(&log);
}

#[test]
fn replay_refuses_without_a_practice_window_and_stops_when_it_closes() {
    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("1280x1024x24", &[]);
    let out = wordsnap(&display)
        .args(["replay", "--wait", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no practice board window"), "{err}");

    let log = temp_file("closed.jsonl");
    let mut practice = start_practice(&display, BOARD, &log);
    let replay = wordsnap(&display)
        .args(["replay", "--speed", "0.2", "--wait", "20"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the window once a few words are in.
    let _ = read_log(&log, 3);
    let _ = practice.0.kill();
    let out = replay.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("closed"), "{err}");
    assert!(
        !button_held(&connect(&display).0),
        "a mouse button is left held"
    );
    let _ = std::fs::remove_file(&log);
}

fn connect(display: &str) -> (RustConnection, u32) {
    let (conn, screen) = x11rb::connect(Some(display)).expect("connect to Xvfb");
    let root = conn.setup().roots[screen].root;
    (conn, root)
}

/// True while any mouse button is held down.
fn button_held(conn: &RustConnection) -> bool {
    let root = conn.setup().roots[0].root;
    let p = conn.query_pointer(root).unwrap().reply().unwrap();
    u16::from(p.mask) & 0x1f00 != 0
}

/// The keycode the server maps Escape to.
fn escape_keycode(conn: &RustConnection) -> u8 {
    let setup = conn.setup();
    let (min, max) = (setup.min_keycode, setup.max_keycode);
    let map = conn
        .get_keyboard_mapping(min, max - min + 1)
        .unwrap()
        .reply()
        .unwrap();
    let per = usize::from(map.keysyms_per_keycode);
    let i = map
        .keysyms
        .chunks(per)
        .position(|syms| syms.contains(&0xff1b))
        .expect("a keycode for Escape");
    min + i as u8
}

#[test]
fn replay_refuses_without_xtest() {
    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("1280x1024x24", &["-extension", "XTEST"]);
    let out = wordsnap(&display)
        .args(["replay", "--wait", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no XTEST extension"), "{err}");
}

/// The user taking over, as the replayer sees it: the pointer moved elsewhere, or Escape held.
#[derive(Debug, Clone, Copy)]
enum Interference {
    MoveMouse,
    HoldEscape,
}

#[test]
fn replay_stops_when_the_mouse_moves_away_or_escape_is_held_and_lets_go_of_the_button() {
    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("1280x1024x24", &[]);
    let (conn, root) = connect(&display);
    let escape = escape_keycode(&conn);
    for (how, message) in [
        (Interference::MoveMouse, "the mouse was moved away"),
        (Interference::HoldEscape, "Escape pressed"),
    ] {
        let log = temp_file(&format!("{how:?}.jsonl"));
        let _practice = start_practice(&display, BOARD, &log);
        let mut replay = wordsnap(&display)
            .args(["replay", "--speed", "0.2", "--wait", "20"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Once a couple of words are in, interfere until the replayer gives up.
        assert!(read_log(&log, 2).len() >= 2, "the replay did not start");
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = replay.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "{how:?}: the replay did not stop"
            );
            let (kind, detail, x, y) = match how {
                Interference::MoveMouse => (xproto::MOTION_NOTIFY_EVENT, 0, 5, 5),
                Interference::HoldEscape => (xproto::KEY_PRESS_EVENT, escape, 0, 0),
            };
            conn.xtest_fake_input(kind, detail, x11rb::CURRENT_TIME, root, x, y, 0)
                .unwrap();
            conn.flush().unwrap();
            std::thread::sleep(Duration::from_millis(10));
        };
        if let Interference::HoldEscape = how {
            conn.xtest_fake_input(xproto::KEY_RELEASE_EVENT, escape, 0, root, 0, 0, 0)
                .unwrap();
            conn.flush().unwrap();
        }
        let mut err = String::new();
        std::io::Read::read_to_string(&mut replay.stderr.take().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(1), "{how:?}: {err}");
        assert!(err.contains(message), "{how:?}: {err}");
        assert!(!button_held(&conn), "{how:?}: a mouse button is left held");
        let _ = std::fs::remove_file(&log);
    }
}
