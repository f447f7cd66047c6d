//! Boards in full tall phone screenshots with UI around them (stat panels, score bars, titles,
//! stat boxes lined up with the columns, the swiped word in small tiles, word lists, Android's
//! pointer-location overlay, a translucent swipe trail across the letters of the word being
//! swiped), and images that are not boards. All are drawn by
//! `fixtures/make_phone_fixtures.py` into `fixtures/phones` and `fixtures/not-boards`.

mod common;

use std::path::Path;
use wordsnap::vision;

#[derive(serde::Deserialize)]
struct Truth {
    rows: usize,
    cols: usize,
    tiles: Vec<Vec<String>>,
}

fn fixtures(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn finds_the_board_and_only_the_board_in_phone_screenshots() {
    let files = fixtures("phones");
    assert_eq!(files.len(), 25);
    for path in files {
        let truth: Truth =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        let found = vision::find_board(&vision::load::load(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            (found.rows, found.cols),
            (truth.rows, truth.cols),
            "{}",
            path.display()
        );
        for (i, &hole) in found.holes.iter().enumerate() {
            let want = truth.tiles[i / truth.cols][i % truth.cols] == ".";
            assert_eq!(hole, want, "{}: cell {i}", path.display());
        }
    }
}

/// Every phone fixture is read entirely right, those under Android's pointer overlay and under a
/// swipe trail included (the Word Streak `E` that the overlay's hairline split before the grid
/// search was read wrong at 50%, the `O` under the overlay's path in
/// `streak_1080x1920_pointer_path` was unreadable, and the `F` that the path ends on in
/// `wordament_1080x2400_pointer_path` was read `I` at 82%; no board was found in
/// `wordament_1080x2400_pointer_path_long`, whose hairlines and path join a row's and a column's
/// letters, nor in `streak_1080x1920_pointer_path_two_columns`, whose path joins the last two
/// columns' letters: the lattice left was 4x2 once the hairlines were lifted).
#[test]
fn phone_screenshots_are_read_right() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/phones");
    let out = common::wordsnap(&["eval", "--json", dir.to_str().unwrap()]);
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for image in result["images"].as_array().unwrap() {
        let name = image["image"].as_str().unwrap();
        assert_eq!(image["ok"], true, "{name}: {}", image["mistakes"]);
    }
}

/// A swipe trail lightens the strokes of the letters it crosses: cut from the image as it stands,
/// an `O` whose right side the trail leaves by reads `C` at 99-100%, on a white tile and on a
/// green one. The letter cut again with the trail lifted off is kept.
#[test]
fn a_letter_crossed_by_a_trail_is_read_with_the_trail_lifted() {
    for (name, o) in [
        ("wordhunt_1080x1920_swipe_trail_white_o", (3, 1)),
        ("wordhunt_1170x2532_swipe_trail_green_o", (3, 0)),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/phones")
            .join(format!("{name}.png"));
        let out = common::wordsnap(&["read", "--json", path.to_str().unwrap()]);
        assert!(out.status.success(), "{name}");
        let read: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(read["tiles"][o.0][o.1], "O", "{name}");
        assert!(
            read["confidence"][o.0][o.1].as_f64().unwrap() >= 0.9,
            "{name}"
        );
        // Nothing is read wrong surely (the `T` under the white trail's round end is doubted).
        let truth: Truth =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        for (r, row) in truth.tiles.iter().enumerate() {
            for (c, tile) in row.iter().enumerate() {
                let confidence = read["confidence"][r][c].as_f64().unwrap();
                if confidence >= 0.9 {
                    assert_eq!(read["tiles"][r][c], tile.as_str(), "{name} ({r},{c})");
                }
            }
        }
    }
}

/// Reads a fixture of `fixtures/phones` swiped along a whole edge line of highlighted tiles: the
/// board is 4x4, and no tile is read wrong at 90% or more.
fn assert_highlighted_line_kept(stem: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones")
        .join(format!("{stem}.png"));
    let out = common::wordsnap(&["read", "--json", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{stem}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let truth: Truth =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(
        (read["rows"].as_u64(), read["cols"].as_u64()),
        (Some(4), Some(4)),
        "{stem}"
    );
    assert_nothing_wrong_surely(&read, &truth, stem);
}

/// Asserts that every tile of `read` (`read --json`'s output) read at 90% or more is the
/// `truth`'s tile.
fn assert_nothing_wrong_surely(read: &serde_json::Value, truth: &Truth, name: &str) {
    for (r, row) in truth.tiles.iter().enumerate() {
        for (c, tile) in row.iter().enumerate() {
            if read["confidence"][r][c].as_f64().unwrap() >= 0.9 {
                assert_eq!(read["tiles"][r][c], tile.as_str(), "{name} ({r},{c})");
            }
        }
    }
}

/// A word swiped along the whole first row, its tiles yellow: under the trail the row's letters
/// fall apart, and no tile of the other rows is yellow, so the row was cut off and the board
/// refused as 3x4. The row is kept; nothing is read wrong surely.
#[test]
fn a_highlighted_first_row_under_a_trail_is_kept() {
    assert_highlighted_line_kept("wordhunt_1170x2532_swipe_yellow_first_row");
}

/// The same down the whole first column: two of its four letters fell apart into junk under the
/// trail, so the column passed for a score line with a timer, was cut off, and the board was
/// refused as 4x3. Its tiles are highlighted and set apart by the board's ground, so it is kept.
#[test]
fn a_highlighted_first_column_under_a_trail_is_kept() {
    assert_highlighted_line_kept("wordhunt_1170x2532_swipe_yellow_first_column");
}

/// A word swiped up the last column from its corner, the column's top tile (a wide `A`) left
/// cream: two of its letters fell apart under the trail and the trail split its `B` in two
/// pieces (text unlike the board's letters, as in a line of stat boxes), and the `A`'s box
/// covered its tile's middle, so the tile showed no fill. The column was cut off and the board
/// refused as 4x3; it is kept.
#[test]
fn a_highlighted_last_column_with_a_letter_split_by_the_trail_is_kept() {
    assert_highlighted_line_kept("wordhunt_1080x1920_swipe_green_last_column");
}

#[test]
fn letters_crossed_by_the_pointer_overlays_hairlines_are_read_surely_right() {
    // The overlay's horizontal hairline crosses the second row's S and O, its vertical one the
    // third column; the overlay's trail crosses the E at (0,1) and the E at (1,2).
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/streak_1080x1920_touch_debug.png");
    let out = common::wordsnap(&["read", "--json", path.to_str().unwrap()]);
    assert!(out.status.success());
    let read: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let crossed = [
        (1, 0, "H"),
        (1, 1, "S"),
        (1, 3, "O"),
        (0, 2, "H"),
        (2, 2, "A"),
        (3, 2, "B"),
    ];
    for (row, col, letter) in crossed {
        assert_eq!(read["tiles"][row][col], letter, "({row},{col})");
        let confidence = read["confidence"][row][col].as_f64().unwrap();
        assert!(confidence >= 0.9, "({row},{col}) at {confidence}");
    }
}

#[test]
fn images_that_are_not_boards_are_refused() {
    let files = fixtures("not-boards");
    assert_eq!(files.len(), 7);
    for path in files {
        let out = common::wordsnap(&["read", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", path.display());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("no board found"), "{}", path.display());
        // The reason says how far the search got: a logo or a single tile has no letter-like
        // text; a banner, a photo and tilted art have text, but not on a lattice of tiles; a
        // calendar and a number puzzle are lattices of like tiles, but of numbers.
        let name = path.file_name().unwrap().to_string_lossy();
        let reason = if name.starts_with("logo") || name.starts_with("single_tile") {
            "no letter-like text"
        } else if name.starts_with("calendar") || name.starts_with("number_puzzle") {
            "hold numbers, not letters"
        } else {
            "not on a regular lattice of tiles"
        };
        assert!(stderr.contains(reason), "{name}: {stderr}");
    }
}

/// The path a game draws through the tiles of the word being swiped, an opaque gold line 0.08 of
/// a pitch wide with a disc at each tile's centre, drawn over the Ruzzle fixture from its `O` to
/// the tile on its right and up: the line runs out of the `O`'s right side, and what is left of
/// the letter read `C` at 100%. A letter something crosses is read doubtfully; nothing is read
/// wrong surely.
#[test]
fn a_letter_a_swipes_path_line_crosses_is_doubted() {
    use image::Rgb;
    use imageproc::drawing::draw_filled_circle_mut;
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/ruzzle_1080x2340_bars_word.png");
    let mut image = image::open(&path).unwrap().to_rgb8();
    // The board's box as the reader finds it in the fixture: (32, 625), 999 pixels wide, 4x4.
    let pitch = 999.0 / 4.0;
    let centre = |r: f32, c: f32| (32.0 + (c + 0.5) * pitch, 625.0 + (r + 0.5) * pitch);
    let stops = [centre(2.0, 2.0), centre(2.0, 3.0), centre(1.0, 3.0)];
    let radius = (0.04 * pitch) as i32;
    for pair in stops.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        for step in 0..=200 {
            let t = step as f32 / 200.0;
            let at = ((x0 + t * (x1 - x0)) as i32, (y0 + t * (y1 - y0)) as i32);
            draw_filled_circle_mut(&mut image, at, radius, Rgb([255, 214, 64]));
        }
    }
    for &(x, y) in &stops {
        draw_filled_circle_mut(
            &mut image,
            (x as i32, y as i32),
            (0.072 * pitch) as i32,
            Rgb([255, 214, 64]),
        );
    }
    let dir = std::env::temp_dir().join(format!("wordsnap-crossed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let swiped = dir.join("ruzzle_swiped.png");
    image.save(&swiped).unwrap();
    let out = common::wordsnap(&["read", "--json", swiped.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let truth: Truth =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    assert!(
        read["confidence"][2][2].as_f64().unwrap() < 0.6,
        "{}",
        read["tiles"][2][2]
    );
    assert_nothing_wrong_surely(&read, &truth, "ruzzle_swiped");
}
