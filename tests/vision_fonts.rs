//! Print the model never trained on (`fixtures/fonts`, see its README.md): the reader says so
//! and promises none of the board's letters or values.

mod common;

use std::path::Path;

/// The fixture boards in a typeface unlike the model's training fonts.
const UNFAMILIAR: [&str; 2] = [
    "cherrybomb_letterpress_1080x2400_header_0.png",
    "cherrybomb_streak_1080x1920_touch_debug_0.png",
];

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fonts")
        .join(name)
}

/// `read --json` of `path`.
fn read_json(path: &Path) -> serde_json::Value {
    common::ok_json(&common::wordsnap(&[
        "read",
        "--json",
        path.to_str().unwrap(),
    ]))
}

/// The confidences of `key` ("confidence", "value_confidence"), row-major.
fn confidences(reading: &serde_json::Value, key: &str) -> Vec<f64> {
    reading[key]
        .as_array()
        .map(|rows| {
            rows.iter()
                .flat_map(|row| row.as_array().unwrap().iter().map(|c| c.as_f64().unwrap()))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_board_in_unfamiliar_print_is_said_and_promised_nowhere() {
    for name in UNFAMILIAR {
        let path = fixture(name);
        let reading = read_json(&path);
        let truth = common::board_truth(&path);
        // The model reads 7 and 14 of these boards' letters wrong at 92-99%.
        assert_eq!(reading["unfamiliar_print"], true, "{name}: {reading}");
        assert_eq!(
            (reading["rows"].as_u64(), reading["cols"].as_u64()),
            (Some(truth.rows as u64), Some(truth.cols as u64)),
            "{name}: the board is still found whole"
        );
        let sure = |key| {
            confidences(&reading, key)
                .into_iter()
                .filter(|&c| c >= 0.9)
                .count()
        };
        assert_eq!(sure("confidence"), 0, "{name}: no letter promised");
        assert_eq!(sure("value_confidence"), 0, "{name}: no value promised");
    }
}

#[test]
fn read_warns_of_unfamiliar_print() {
    let path = fixture(UNFAMILIAR[0]);
    let out = common::wordsnap(&["read", path.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(
        common::stderr(&out).contains("typeface unlike any the reader was trained on"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn a_board_in_a_known_face_is_not_said_to_be_in_unfamiliar_print() {
    // The same layout in Roboto, which the model never trained on either but reads surely.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/letterpress_1080x2400_header.png");
    let reading = read_json(&path);
    assert!(reading.get("unfamiliar_print").is_none(), "{reading}");
}
