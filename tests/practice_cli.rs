//! `render`, `replay --dry-run` and the window commands' bad-input handling, without an X server.

mod common;

use common::{stderr, wordsnap_headless};

#[test]
fn render_writes_a_png_of_the_asked_size_in_every_style() {
    let dir = std::env::temp_dir();
    for style in ["light", "dark", "wordament", "wood"] {
        let out = dir.join(format!(
            "wordsnap-render-{}-{style}.png",
            std::process::id()
        ));
        let board = r#"{"rows":2,"cols":3,"tiles":[["A","QU","RE-"],["-ING",".","E"]],"values":[[1,10,2],[4,null,1]],"bonuses":[["DL","","TW"],["","","2X"]]}"#;
        let o = wordsnap_headless(&[
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
    let o = wordsnap_headless(&["render", "--board", "ab!d efgh", "--out", "/tmp/x.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad board"), "{}", stderr(&o));
    let o = wordsnap_headless(&["render", "--size", "0x0", "--out", "/tmp/x.png"]);
    assert_eq!(o.status.code(), Some(2));
    let o = wordsnap_headless(&["practice", "--board", "abc de"]);
    assert_eq!(o.status.code(), Some(2));
    let o = wordsnap_headless(&["replay", "--speed", "0", "--board", "abcd efgh ijkl mnop"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn window_commands_explain_a_missing_display() {
    let o = wordsnap_headless(&["practice", "--board", "abcd efgh ijkl mnop"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot open a window"),
        "{}",
        stderr(&o)
    );
    for cmd in [&["replay"][..], &["play"][..]] {
        let o = wordsnap_headless(cmd);
        assert_eq!(o.status.code(), Some(1));
        assert!(stderr(&o).contains("DISPLAY is not set"), "{}", stderr(&o));
    }
}

#[test]
fn dry_run_prints_the_plan_without_a_display() {
    let o = wordsnap_headless(&[
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

#[test]
fn render_and_replay_report_in_json() {
    let png = std::env::temp_dir().join(format!("wordsnap-render-json-{}.png", std::process::id()));
    let o = wordsnap_headless(&[
        "render",
        "--board",
        "serstanelapidetr",
        "--game",
        "wordament",
        "--size",
        "320x200",
        "--out",
        png.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["out"], png.to_str().unwrap());
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(320), Some(200))
    );
    assert_eq!(v["style"], "light");
    assert_eq!(v["game"], "wordament");
    assert_eq!(v["board"]["tiles"][0][0], "S");
    // Wordament boards are drawn with their printed values.
    assert!(v["board"]["values"].is_array(), "{v}");
    let _ = std::fs::remove_file(&png);

    let o = wordsnap_headless(&[
        "replay",
        "--dry-run",
        "--board",
        "serstanelapidetr",
        "--limit",
        "3",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let events: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(events[0]["event"], "no_window");
    let planned: Vec<&serde_json::Value> =
        events.iter().filter(|e| e["event"] == "planned").collect();
    assert_eq!(planned.len(), 3);
    assert_eq!(planned[0]["word"], "alternated");
    assert_eq!(planned[0]["path"][0], serde_json::json!([1, 1]));
    // The pointer starts on the first tile's centre (100-pixel tiles at the origin).
    assert_eq!(planned[0]["points"][0], serde_json::json!([150, 150]));
    let summary = events.last().unwrap();
    assert_eq!(summary["event"], "summary");
    assert_eq!(summary["dry_run"], true);
    assert_eq!(summary["planned"], 3);
}
