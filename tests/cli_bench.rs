//! End-to-end tests of `wordsnap bench`: the table, JSON, the board files and bad flags.

mod common;

use common::wordsnap;

use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn json_reports_every_set_and_mode_with_words_found() {
    let out = wordsnap(&["bench", "--count", "30", "--runs", "2", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sets = report["sets"].as_array().unwrap();
    let names: Vec<(&str, &str)> = sets
        .iter()
        .map(|s| (s["set"].as_str().unwrap(), s["mode"].as_str().unwrap()))
        .collect();
    assert_eq!(
        names,
        [
            ("uniform-4x4", "count"),
            ("uniform-4x4", "solve"),
            ("dice-4x4", "count"),
            ("dice-4x4", "solve"),
            ("dice-5x5", "count"),
            ("dice-5x5", "solve"),
        ]
    );
    for pair in sets.chunks(2) {
        // Both modes find the same words on the same boards.
        assert_eq!(pair[0]["words"], pair[1]["words"]);
        assert_eq!(pair[0]["score"], pair[1]["score"]);
        assert!(pair[0]["words"].as_u64().unwrap() > 0);
        assert_eq!(pair[0]["boards"], 30);
        assert_eq!(pair[0]["seconds"].as_array().unwrap().len(), 2);
        assert!(pair[0]["median_boards_per_second"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(report["seed"], 1);
    assert_eq!(report["threads"], 1);
}

#[test]
fn threads_and_seeds_change_speed_not_words_and_the_table_prints() {
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", "--count", "40", "--runs", "1", "--mode", "count"];
        args.extend_from_slice(extra);
        args.push("--json");
        let out = wordsnap(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        report["sets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["words"].as_u64().unwrap())
            .collect::<Vec<_>>()
    };
    let one = run(&[]);
    assert_eq!(run(&["--threads", "2"]), one);
    assert_ne!(run(&["--seed", "2"]), one);

    let out = wordsnap(&[
        "bench", "--count", "10", "--runs", "1", "--sets", "dice-4x4",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("10 boards per set (seed 1), 1 thread"),
        "{text}"
    );
    assert!(text.contains("\ndice-4x4     count "), "{text}");
    assert!(text.contains("\ndice-4x4     solve "), "{text}");
    assert!(!text.contains("uniform-4x4"), "{text}");
}

#[test]
fn written_boards_solve_to_the_benchmarked_words() {
    let dir = temp_dir("write");
    let d = dir.to_str().unwrap();
    let out = wordsnap(&["bench", "--count", "25", "--write-boards", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listing = String::from_utf8(out.stdout).unwrap();
    assert!(
        listing.contains("dice-5x5.zoo.txt: not written"),
        "{listing}"
    );
    let zoo = std::fs::read_to_string(dir.join("uniform-4x4.zoo.txt")).unwrap();
    assert_eq!(zoo.lines().count(), 25);
    assert!(
        zoo.lines()
            .all(|l| l.len() == 16 && l.bytes().all(|b| b.is_ascii_lowercase()))
    );

    // The board text files hold the very boards the benchmark solves.
    for set in ["uniform-4x4", "dice-4x4", "dice-5x5"] {
        let file = dir.join(format!("{set}.txt"));
        let solved = wordsnap(&["solve", "--boards", file.to_str().unwrap()]);
        assert!(solved.status.success());
        let words: u64 = String::from_utf8(solved.stdout)
            .unwrap()
            .lines()
            .map(|l| l.split('\t').nth(1).unwrap().parse::<u64>().unwrap())
            .sum();
        let bench = wordsnap(&[
            "bench", "--count", "25", "--runs", "1", "--mode", "count", "--sets", set, "--json",
        ]);
        let report: serde_json::Value = serde_json::from_slice(&bench.stdout).unwrap();
        assert_eq!(report["sets"][0]["words"], words, "{set}");
    }

    // --plain keeps only boards a letter-only solver can read, so the 5x5 zoo file is written.
    let plain = dir.join("plain");
    let out = wordsnap(&[
        "bench",
        "--count",
        "25",
        "--plain",
        "--sets",
        "dice-5x5",
        "--write-boards",
        plain.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let zoo = std::fs::read_to_string(plain.join("dice-5x5.zoo.txt")).unwrap();
    assert_eq!(zoo.lines().count(), 25);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_flags_are_refused_with_exit_code_2() {
    for args in [
        &["bench", "--sets", "uniform-6x6"][..],
        &["bench", "--threads", "0"],
        &["bench", "--count", "0"],
        &["bench", "--runs", "0"],
    ] {
        let out = wordsnap(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = wordsnap(&["bench", "--count", "1", "--dict", "/nonexistent/list.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/list.txt"), "{err}");
}
