//! Round trip: boards drawn by `wordsnap render` (the practice board's drawing code, in every
//! style, at phone, desktop and small sizes) are read back exactly by `wordsnap read`.
//!
//! The renderer's looks were not used to tune the reader's grid search, and its font (DejaVu
//! Sans Bold) is one of the many training fonts, so this checks the whole reading pipeline on
//! screenshots of a kind it was not fitted to.

mod common;

use common::wordsnap;

use std::path::PathBuf;

fn temp_png(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-render-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Renders `board` (JSON) and reads it back; returns the reading as JSON.
fn render_and_read(board: &str, style: &str, size: &str, game: &str) -> serde_json::Value {
    let png = temp_png(&format!("{style}-{size}-{game}.png"));
    let out = wordsnap(&[
        "render",
        "--board",
        board,
        "--style",
        style,
        "--size",
        size,
        "--game",
        game,
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "render: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = wordsnap(&["read", "--json", png.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "read {style} {size} {game}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(&png);
    serde_json::from_slice(&out.stdout).expect("read --json prints JSON")
}

const STYLES: [&str; 4] = ["light", "dark", "wordament", "wood"];
const SIZES: [&str; 3] = ["600x600", "1080x1920", "1920x1080"];

/// Requires each tile's `alternatives` in `read` to be other tiles (never the tile read), each
/// with a probability of at least 1%, most probable first, and all of them together with the
/// tile's confidence at most 1.
fn assert_alternatives(read: &serde_json::Value, context: &str) {
    let tiles = read["tiles"].as_array().expect("tiles");
    let rows = read["alternatives"].as_array().expect("alternatives");
    assert_eq!(rows.len(), tiles.len(), "{context}");
    for (r, row) in rows.iter().enumerate() {
        for (c, alternatives) in row.as_array().unwrap().iter().enumerate() {
            let tile = &tiles[r][c];
            let mut total = read["confidence"][r][c].as_f64().unwrap();
            let mut previous = 1.0;
            for a in alternatives.as_array().unwrap() {
                let p = a["probability"].as_f64().unwrap();
                assert!(a["text"] != *tile, "{context} ({r},{c}): {a}");
                assert!((0.01..=previous).contains(&p), "{context} ({r},{c}): {a}");
                previous = p;
                total += p;
            }
            assert!(total <= 1.0 + 1e-3, "{context} ({r},{c}): {alternatives}");
        }
    }
}

/// Renders the board `tiles` (JSON rows) for `game` in every style at each of `sizes` and
/// requires its tiles read back exactly.
fn assert_tiles_read_back(tiles: &serde_json::Value, sizes: &[&str], game: &str) {
    let rows = tiles.as_array().unwrap();
    let board = serde_json::json!({
        "rows": rows.len(),
        "cols": rows[0].as_array().unwrap().len(),
        "tiles": tiles,
    })
    .to_string();
    for style in STYLES {
        for &size in sizes {
            let read = render_and_read(&board, style, size, game);
            assert_eq!(read["tiles"], *tiles, "{style} {size}");
            assert_alternatives(&read, &format!("{style} {size}"));
            // Boggle prints no values and no game prints badges here: none may be read (a
            // rounded tile corner once read as a value 4 on every tile at 100%).
            if game.contains("boggle") {
                assert!(
                    read["values"].is_null(),
                    "{style} {size}: {}",
                    read["values"]
                );
            }
            assert!(
                read["bonuses"].is_null(),
                "{style} {size}: {}",
                read["bonuses"]
            );
        }
    }
}

#[test]
fn boggle_boards_read_back_in_every_style_and_size() {
    let tiles = serde_json::json!([
        ["G", "T", "QU", "L"],
        ["L", "C", "O", "E"],
        ["H", "W", "T", "M"],
        ["U", "P", "B", "Z"]
    ]);
    assert_tiles_read_back(&tiles, &[SIZES[0], SIZES[1], SIZES[2], "400x400"], "boggle");
}

#[test]
fn big_boggle_boards_read_back_small_and_large() {
    let tiles = serde_json::json!([
        ["A", "I", "K", "I", "N"],
        ["A", "E", "N", "X", "O"],
        ["W", "P", "C", "N", "A"],
        ["O", "R", "N", "O", "A"],
        ["L", "R", "QU", "H", "E"]
    ]);
    assert_tiles_read_back(&tiles, &["1080x1920", "400x300"], "bigboggle");
}

#[test]
fn wordament_boards_read_back_with_special_tiles_and_values() {
    let tiles = serde_json::json!([
        ["A", "QU", "RE-", "S"],
        ["T", "-ING", "E", "R"],
        ["L", "O", "N", "U/L"],
        ["D", "I", "C", "E"]
    ]);
    let values = serde_json::json!([[2, 10, 4, 2], [2, 6, 1, 2], [3, 2, 2, 7], [3, 2, 3, 1]]);
    let board =
        serde_json::json!({"rows": 4, "cols": 4, "tiles": tiles, "values": values}).to_string();
    for style in STYLES {
        for size in SIZES {
            let read = render_and_read(&board, style, size, "wordament");
            assert_eq!(read["tiles"], tiles, "{style} {size}");
            assert_eq!(read["values"], values, "{style} {size}");
            // Every value read has a confidence of its own, 0..1, in rows like the values.
            let sure = read["value_confidence"]
                .as_array()
                .expect("value_confidence");
            assert_eq!(sure.len(), 4, "{style} {size}");
            for c in sure.iter().flat_map(|row| row.as_array().unwrap()) {
                let c = c.as_f64().unwrap();
                assert!(c > 0.0 && c <= 1.0, "{style} {size}: {c}");
            }
        }
    }
}

#[test]
fn title_case_dice_faces_read_back() {
    // Big Boggle dice print two-letter faces in title case: "In", "Th", "Er", "He", "An", "Qu".
    let tiles = serde_json::json!([
        ["IN", "A", "T", "S", "O"],
        ["E", "TH", "R", "L", "N"],
        ["D", "O", "ER", "C", "A"],
        ["M", "I", "P", "HE", "U"],
        ["G", "QU", "B", "E", "AN"]
    ]);
    assert_tiles_read_back(&tiles, &["600x600", "1080x1920"], "bigboggle");
}

#[test]
fn a_row_with_a_descending_letter_and_small_print_is_kept() {
    // `J` reaches below the line and `-ED` is printed smaller: the row still belongs to the board.
    let tiles = serde_json::json!([
        ["A", "I", "V", "B"],
        ["O", "S", "I", "H"],
        ["B", "E", "A", "K"],
        ["J", "L", "S", "-ED"]
    ]);
    assert_tiles_read_back(&tiles, &SIZES, "wordament");
}
