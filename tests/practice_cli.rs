//! `render`, `replay --dry-run` and the window commands' bad-input handling, without an X server.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_wordsnap");

fn wordsnap(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run wordsnap")
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn render_writes_a_png_of_the_asked_size_in_every_style() {
    let dir = std::env::temp_dir();
    for style in ["light", "dark", "wordament", "wood"] {
        let out = dir.join(format!(
            "wordsnap-render-{}-{style}.png",
            std::process::id()
        ));
        let board = r#"{"rows":2,"cols":3,"tiles":[["A","QU","RE-"],["-ING",".","E"]],"values":[[1,10,2],[4,null,1]],"bonuses":[["DL","","TW"],["","","2X"]]}"#;
        let o = wordsnap(&[
            "render",
            "--board",
            board,
            "--style",
            style,
            "--size",
            "450x300",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let img = image::open(&out).expect("a PNG");
        assert_eq!((img.width(), img.height()), (450, 300));
        let _ = std::fs::remove_file(&out);
    }
}

#[test]
fn bad_boards_and_sizes_exit_2() {
    let o = wordsnap(&["render", "--board", "ab!d efgh", "--out", "/tmp/x.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad board"), "{}", stderr(&o));
    let o = wordsnap(&["render", "--size", "0x0", "--out", "/tmp/x.png"]);
    assert_eq!(o.status.code(), Some(2));
    let o = wordsnap(&["practice", "--board", "abc de"]);
    assert_eq!(o.status.code(), Some(2));
    let o = wordsnap(&["replay", "--speed", "0", "--board", "abcd efgh ijkl mnop"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn window_commands_explain_a_missing_display() {
    let o = wordsnap(&["practice", "--board", "abcd efgh ijkl mnop"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot open a window"),
        "{}",
        stderr(&o)
    );
    for cmd in [&["replay"][..], &["play"][..]] {
        let o = wordsnap(cmd);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("DISPLAY is not set"), "{}", stderr(&o));
    }
}

#[test]
fn dry_run_prints_the_plan_without_a_display() {
    let o = wordsnap(&[
        "replay",
        "--dry-run",
        "--board",
        "serstanelapidetr",
        "--limit",
        "3",
        "--order",
        "travel",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("3 words"), "{text}");
    assert_eq!(text.matches("press").count(), 3, "{text}");
    assert_eq!(text.matches("release").count(), 3, "{text}");
}
