//! End-to-end tests of `solve --draw` and `--word`: pictures of the paths on a screenshot or on
//! a rendered board, one picture or one per word.

mod common;

use common::{fixture, ok_json, wordsnap};

use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-draw-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The centre of tile (r, c) from `read --json`'s grid box.
fn tile_centre(reading: &serde_json::Value, r: usize, c: usize) -> (u32, u32) {
    let g = &reading["grid"];
    let (rows, cols) = (
        reading["rows"].as_f64().unwrap(),
        reading["cols"].as_f64().unwrap(),
    );
    let x = g["x"].as_f64().unwrap() + (c as f64 + 0.5) * g["width"].as_f64().unwrap() / cols;
    let y = g["y"].as_f64().unwrap() + (r as f64 + 0.5) * g["height"].as_f64().unwrap() / rows;
    (x as u32, y as u32)
}

/// How many pixels differ between two images in a square of side `2 * half` around a point.
fn changed_around(
    a: &image::RgbaImage,
    b: &image::RgbaImage,
    (x, y): (u32, u32),
    half: u32,
) -> usize {
    let mut n = 0;
    for yy in y.saturating_sub(half)..(y + half).min(a.height()) {
        for xx in x.saturating_sub(half)..(x + half).min(a.width()) {
            let (p, q) = (a.get_pixel(xx, yy), b.get_pixel(xx, yy));
            let diff = (0..3).map(|k| p[k].abs_diff(q[k]) as u32).sum::<u32>();
            n += usize::from(diff > 30);
        }
    }
    n
}

#[test]
fn one_picture_of_the_best_word_on_the_screenshot() {
    let shot = fixture("roboto_light_4x4.png");
    let dir = temp_dir("one");
    let out_png = dir.join("best.png");
    let solved = ok_json(&wordsnap(&[
        "solve",
        &shot,
        "--json",
        "--limit",
        "1",
        "--draw",
        out_png.to_str().unwrap(),
    ]));
    let reading = ok_json(&wordsnap(&["read", &shot, "--json"]));
    let input = image::open(&shot).unwrap().to_rgba8();
    let drawn = image::open(&out_png)
        .expect("the picture exists")
        .to_rgba8();
    assert_eq!(drawn.dimensions(), input.dimensions());
    let path: Vec<(usize, usize)> = solved["words"][0]["path"]
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
    let pitch = reading["grid"]["width"].as_f64().unwrap() / reading["cols"].as_f64().unwrap();
    let half = (pitch * 0.45) as u32;
    for &(r, c) in &path {
        let changed = changed_around(&input, &drawn, tile_centre(&reading, r, c), half);
        assert!(
            changed > 200,
            "tile ({r},{c}) of the path: {changed} pixels changed"
        );
    }
    // The middle of every tile off the path is untouched (the legend sits outside the board).
    for (r, c) in (0..4).flat_map(|r| (0..4).map(move |c| (r, c))) {
        if !path.contains(&(r, c)) {
            let changed = changed_around(&input, &drawn, tile_centre(&reading, r, c), half / 2);
            assert_eq!(changed, 0, "tile ({r},{c}) is off the path");
        }
    }
}

#[test]
fn a_folder_gets_one_picture_per_word_in_rank_order() {
    let shot = fixture("lato_bonus_4x4.png");
    let dir = temp_dir("folder");
    let target = format!("{}/", dir.join("words").display());
    let solved = ok_json(&wordsnap(&[
        "solve", &shot, "--json", "--limit", "4", "--draw", &target,
    ]));
    let ranked: Vec<&str> = solved["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(ranked.len(), 4);
    let mut names: Vec<String> = std::fs::read_dir(dir.join("words"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = ranked
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{:02}-{w}.png", i + 1))
        .collect();
    assert_eq!(names, expected);
    let (w, h) = image::image_dimensions(&shot).unwrap();
    for name in &names {
        let size = image::image_dimensions(dir.join("words").join(name)).unwrap();
        assert_eq!(size, (w, h), "{name}");
    }
}

#[test]
fn chosen_words_are_listed_and_drawn_in_rank_order() {
    let dir = temp_dir("words");
    let target = format!("{}/", dir.display());
    let all = ok_json(&wordsnap(&[
        "solve",
        "--board",
        "serstanelapidetr",
        "--json",
    ]));
    let solved = ok_json(&wordsnap(&[
        "solve",
        "--board",
        "serstanelapidetr",
        "--json",
        "--word",
        "tine,alternated",
        "--word",
        "SEAT",
        "--draw",
        &target,
    ]));
    let words: Vec<&str> = solved["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["alternated", "seat", "tine"]);
    // File names carry each word's rank among all the board's words.
    let rank = |word: &str| {
        1 + all["words"]
            .as_array()
            .unwrap()
            .iter()
            .position(|w| w["word"] == word)
            .unwrap()
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = words
        .iter()
        .map(|w| format!("{:03}-{w}.png", rank(w)))
        .collect();
    assert_eq!(names, expected);
    // The typed board is drawn on a rendered board.
    let picture = image::open(dir.join(&names[0])).unwrap();
    assert!(picture.width() > 700 && picture.height() >= 700);
}

#[test]
fn a_word_not_found_is_an_error_naming_it() {
    let out = wordsnap(&[
        "solve",
        "--board",
        "serstanelapidetr",
        "--word",
        "seat,zebra",
        "--draw",
        "x.png",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'zebra' was not found"), "{err}");
    assert!(!Path::new("x.png").exists());
}

#[test]
fn a_draw_target_that_is_neither_png_nor_folder_is_bad_usage() {
    let out = wordsnap(&["solve", "--board", "serstanelapidetr", "--draw", "out.jpg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--draw out.jpg"));
}

#[test]
fn one_picture_of_several_words_on_a_typed_board() {
    let dir = temp_dir("typed");
    let out_png = dir.join("board.png");
    let out = wordsnap(&[
        "solve",
        "--board",
        "serstanelapidetr",
        "--limit",
        "3",
        "--draw",
        out_png.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = image::open(&out_png).unwrap().to_rgba8();
    assert_eq!(picture.height(), 720);
    // The three word colours are in the picture (rings, arrows and legend).
    for colour in [[0xe6, 0x19, 0x4b], [0x1e, 0x88, 0xe5], [0x2f, 0xb3, 0x44]] {
        let n = picture
            .pixels()
            .filter(|p| (0..3).all(|k| p[k].abs_diff(colour[k]) < 8))
            .count();
        assert!(n > 500, "{colour:?}: {n} pixels");
    }
}
