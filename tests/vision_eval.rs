//! `wordsnap eval` over the screenshot fixtures (`fixtures/screens`, drawn by
//! `fixtures/make_fixtures.py` in fonts the model never trained on) and over the real screenshots
//! in `../shared/real-screens` when that folder exists.
//!
//! The thresholds are the product's targets: every fixture read fully right; on the real
//! screens every grid, at least 99% of tiles and 95% of values and bonuses. BENCHMARKS.md lists
//! the real images that are still wrong and why.

mod common;

use std::path::Path;

/// Runs `wordsnap eval --json DIR` and returns its totals and per-image results.
fn eval(dir: &Path) -> serde_json::Value {
    let out = common::wordsnap(&["eval", "--json", dir.to_str().unwrap()]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("eval --json prints JSON")
}

fn share(pair: &serde_json::Value) -> f64 {
    let (right, all) = (pair[0].as_f64().unwrap(), pair[1].as_f64().unwrap());
    if all == 0.0 { 1.0 } else { right / all }
}

fn report(name: &str, result: &serde_json::Value) {
    for image in result["images"].as_array().unwrap() {
        if image["ok"] != true {
            eprintln!("{name}: {} wrong: {}", image["image"], image["mistakes"]);
        }
    }
    eprintln!("{name}: totals {}", result["totals"]);
}

#[test]
fn fixtures_are_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens");
    let result = eval(&dir);
    report("fixtures", &result);
    let totals = &result["totals"];
    assert_eq!(totals["images"], 9);
    // The bar: every grid, tile, value and bonus of every fixture read right.
    assert_eq!(
        totals["fully_right"], 9,
        "every fixture must be read fully right"
    );
    assert_eq!(
        totals["tiles"][0], totals["tiles"][1],
        "tiles {}",
        totals["tiles"]
    );
    assert_eq!(
        totals["false_values"], 0,
        "no value where a tile shows none"
    );
    assert_eq!(
        totals["false_bonuses"], 0,
        "no badge where a tile shows none"
    );
    assert_eq!(totals["confidently_wrong"], 0, "nothing wrong at >= 90%");
    assert_eq!(
        totals["needless_short_warnings"], 0,
        "no board read whole is said to be a line short"
    );
    // Every tile, value and badge is a read in exactly one confidence band.
    let reads: u64 = totals["calibration"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["reads"].as_u64().unwrap())
        .sum();
    let expected = ["tiles", "values", "bonuses"]
        .iter()
        .map(|k| totals[k][1].as_u64().unwrap())
        .sum::<u64>();
    // Holes are not reads; badges count every tile in the total but are reads only where shown.
    assert!(
        reads > 0 && reads <= expected,
        "{reads} reads of {expected}"
    );
}

#[test]
fn real_screens_are_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real-screens");
    if !dir.is_dir() {
        common::missing(
            &dir.display().to_string(),
            "real screenshots are not part of the repository; ../shared sits beside it",
        );
        return;
    }
    let result = eval(&dir);
    report("real-screens", &result);
    let totals = &result["totals"];
    assert_eq!(totals["images"], 32);
    assert_eq!(totals["grids"], 32, "every real grid must be found");
    assert!(share(&totals["tiles"]) >= 0.99, "tiles {}", totals["tiles"]);
    assert!(
        share(&totals["values"]) >= 0.95,
        "values {}",
        totals["values"]
    );
    assert!(
        share(&totals["bonuses"]) >= 0.95,
        "bonuses {}",
        totals["bonuses"]
    );
    // Every file name names its game (SOURCES.md), and each is recognised from what it shows.
    for image in result["images"].as_array().unwrap() {
        assert_eq!(
            image["game_right"], true,
            "{}: recognised as {}, expected {}",
            image["image"], image["game"], image["expected_game"]
        );
    }
    assert_eq!(totals["games"], serde_json::json!([32, 32]));
    // A confidence is a promise: nothing read at 90% or more is wrong, and no value or badge is
    // reported where the tile shows none (an unsure one is left out and listed instead).
    assert_eq!(totals["confidently_wrong"], 0, "nothing wrong at >= 90%");
    assert_eq!(
        totals["false_values"], 0,
        "no value where a tile shows none"
    );
    assert_eq!(
        totals["false_bonuses"], 0,
        "no badge where a tile shows none"
    );
    assert_eq!(
        totals["needless_short_warnings"], 0,
        "no board read whole is said to be a line short"
    );
}

/// The real capture `name` in `../shared/real-screens` (ground truth in the `.json` beside it),
/// or `None`, said on stderr, where `../shared` is not beside the repository.
fn real_capture(name: &str) -> Option<image::DynamicImage> {
    let path = common::real_screen(name)?;
    Some(image::open(&path).expect("the capture decodes"))
}

/// A swipe's path line run along a board's first or last row: the real Letterpress capture
/// `letterpress_ipad_landscape_1024x768.png` with an opaque gold line 0.08 of a pitch wide, a
/// disc at each end, from the bottom row's first tile's centre to the next tile's. The line runs
/// out of the `H`'s right side and what is left read `I` at 98%: the page below the board is
/// found as a cover over the bottom row, its edge beyond the tiles, and the ring of ground round
/// the letter, where the line shows, was left unmeasured for it. A cover counts only where it
/// reaches a tile's middle; the letter is doubted and nothing is read wrong surely.
#[test]
fn a_path_line_along_the_bottom_row_is_doubted() {
    use imageproc::drawing::{draw_filled_circle_mut, draw_line_segment_mut};
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_capture("letterpress_ipad_landscape_1024x768.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let clean = vision::read_image(&image, &reader).expect("the board is found");
    let cols = clean.board.cols;
    let bottom_left = (clean.board.rows - 1) * cols;
    let from = clean.cells[bottom_left].centre();
    let to = clean.cells[bottom_left + 1].centre();
    let pitch = to.0 - from.0;
    let gold = image::Rgb([255, 214, 64]);
    let mut swiped = image.to_rgb8();
    let half_width = (0.04 * pitch).round() as i32;
    for dy in -half_width..=half_width {
        let shift = |(x, y): (f32, f32)| (x, y + dy as f32);
        draw_line_segment_mut(&mut swiped, shift(from), shift(to), gold);
    }
    for (x, y) in [from, to] {
        let disc = (0.072 * pitch) as i32;
        draw_filled_circle_mut(&mut swiped, (x as i32, y as i32), disc, gold);
    }
    let read = vision::read_image(&image::DynamicImage::ImageRgb8(swiped), &reader)
        .expect("the board is found");
    let row = clean.board.rows - 1;
    assert!(
        read.confidence[row][0] < 0.9,
        "{} at {}",
        read.board.tiles[row][0],
        read.confidence[row][0]
    );
    assert_nothing_wrong_surely(&read, &clean);
}

/// A swipe's path line run along a board's first row, through three of its letters: the real
/// Letterpress capture `letterpress_iphone4_dark_theme.png` with an opaque gold line 0.07 of a
/// pitch wide through the centres of the first row's second, third and fourth tiles, a disc on
/// each. The line
/// joins their letters into one stroke, too few of the row's letters are left to line up, and
/// the 5x5 board was read as a sure 4x5 one with no word of the row above. Read now, the board
/// keeps its first row, or the reading says it may be a row short above (more tiles like the
/// board's, shown whole), and nothing is read wrong surely either way.
#[test]
fn a_row_a_path_line_hides_from_the_grid_finder_is_said_to_be_missing() {
    use imageproc::drawing::draw_filled_circle_mut;
    use wordsnap::vision::{self, BoardSide, ShortSide, ocr::TileReader};
    let Some(image) = real_capture("letterpress_iphone4_dark_theme.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let clean = vision::read_image(&image, &reader).expect("the board is found");
    assert!(clean.short_sides.is_empty(), "{:?}", clean.short_sides);
    let (from, to) = (clean.cells[1].centre(), clean.cells[3].centre());
    let pitch = (to.0 - from.0) / 2.0;
    let mut swiped = image.to_rgb8();
    let mut mask = line_mask(swiped.dimensions(), from, to, 0.07 * pitch);
    for cell in &clean.cells[1..=3] {
        let (x, y) = cell.centre();
        let disc = (0.042 * pitch).round() as i32;
        draw_filled_circle_mut(&mut mask, (x as i32, y as i32), disc, image::Luma([255]));
    }
    blend(&mut swiped, &mask, [255, 214, 64], 1.0);
    let read = vision::read_image(&image::DynamicImage::ImageRgb8(swiped), &reader)
        .expect("the board is found");
    if read.board.rows == clean.board.rows {
        assert_nothing_wrong_surely(&read, &clean);
        return;
    }
    assert_eq!((read.board.rows, read.board.cols), (4, 5));
    let top = ShortSide {
        side: BoardSide::Top,
        cut_by_image_edge: false,
    };
    assert_eq!(read.short_sides, vec![top]);
    // The rows read are the truth's last four.
    for (r, tiles) in read.board.tiles.iter().enumerate() {
        for (c, tile) in tiles.iter().enumerate() {
            if read.confidence[r][c] >= 0.9 {
                assert_eq!(tile, &clean.board.tiles[r + 1][c], "({r},{c})");
            }
        }
    }
}

/// `image` with `colour` laid over it at `opacity` where `mask` is set.
fn blend(image: &mut image::RgbImage, mask: &image::GrayImage, colour: [u8; 3], opacity: f32) {
    for (pixel, m) in image.pixels_mut().zip(mask.pixels()) {
        if m[0] > 0 {
            for (level, &over) in pixel.0.iter_mut().zip(&colour) {
                *level = (*level as f32 * (1.0 - opacity) + over as f32 * opacity).round() as u8;
            }
        }
    }
}

/// A mask of a line `width` pixels wide from `from` to `to`.
fn line_mask(size: (u32, u32), from: (f32, f32), to: (f32, f32), width: f32) -> image::GrayImage {
    use imageproc::point::Point;
    let mut mask = image::GrayImage::new(size.0, size.1);
    let ((x0, y0), (x1, y1)) = (from, to);
    let (half, length) = (width / 2.0, (x1 - x0).hypot(y1 - y0));
    let (nx, ny) = (-(y1 - y0) / length * half, (x1 - x0) / length * half);
    let corner = |x: f32, y: f32| Point::new(x.round() as i32, y.round() as i32);
    let quad = [
        corner(x0 + nx, y0 + ny),
        corner(x1 + nx, y1 + ny),
        corner(x1 - nx, y1 - ny),
        corner(x0 - nx, y0 - ny),
    ];
    imageproc::drawing::draw_polygon_mut(&mut mask, &quad, image::Luma([255]));
    mask
}

/// Asserts that nothing `read` reads at 90% or more differs from `clean`'s reading.
fn assert_nothing_wrong_surely(
    read: &wordsnap::vision::BoardReading,
    clean: &wordsnap::vision::BoardReading,
) {
    for (r, tiles) in read.board.tiles.iter().enumerate() {
        for (c, tile) in tiles.iter().enumerate() {
            if read.confidence[r][c] >= 0.9 {
                assert_eq!(tile, &clean.board.tiles[r][c], "({r},{c})");
            }
        }
    }
}

/// The first letter of a word being swiped, which the path's line only runs into: the real
/// Letterpress capture `letterpress_iphone4_default_a.png` with the word's two tiles (the third
/// row's `O` and `N`) tinted white at 34% and a white line 5 pixels wide at 80% from the `O`'s
/// centre to the `N`'s. The line takes the `O`'s right side away and what is left read `C` at
/// 100%: a line run into a letter from a neighbour's centre makes it unsure.
#[test]
fn a_letter_a_path_line_runs_into_is_doubted() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_capture("letterpress_iphone4_default_a.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let clean = vision::read_image(&image, &reader).expect("the board is found");
    let cols = clean.board.cols;
    let (o, n) = (&clean.cells[2 * cols + 1], &clean.cells[2 * cols + 2]);
    assert_eq!(clean.board.tiles[2][1], "O");
    let mut swiped = image.to_rgb8();
    let size = swiped.dimensions();
    let mut squares = image::GrayImage::new(size.0, size.1);
    for cell in [o, n] {
        let (x, y) = cell.centre();
        let side = 0.45 * (cell.right - cell.left) as f32;
        let square = imageproc::rect::Rect::at((x - side) as i32, (y - side) as i32)
            .of_size((2.0 * side) as u32, (2.0 * side) as u32);
        imageproc::drawing::draw_filled_rect_mut(&mut squares, square, image::Luma([255]));
    }
    blend(&mut swiped, &squares, [255, 255, 255], 0.34);
    let line = line_mask(size, o.centre(), n.centre(), 5.0);
    blend(&mut swiped, &line, [255, 255, 255], 0.8);
    let read = vision::read_image(&image::DynamicImage::ImageRgb8(swiped), &reader)
        .expect("the board is found");
    assert!(
        read.confidence[2][1] < 0.9,
        "{} at {}",
        read.board.tiles[2][1],
        read.confidence[2][1]
    );
    assert_nothing_wrong_surely(&read, &clean);
}

/// A translucent band ending on a letter, the last tile of a word being swiped: the real Boggle
/// With Friends capture `boggle_with_friends_1920x1200_round3.png` with a white band 0.3 of a
/// pitch wide at 75% from the first row's `O` (its third tile) to the next tile's centre. Over
/// the letter's right side the band leaves a flat grey, a blend of the letter's ink and its
/// ground, and over the ground a paler ground: no colour the tile does not show. What is left of
/// the `O` read `C` at 100%. Patches of blends, where a printed letter has only a thin rim, make
/// it unsure; nothing is read wrong surely.
#[test]
fn a_band_ending_on_a_letter_is_doubted() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_capture("boggle_with_friends_1920x1200_round3.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let clean = vision::read_image(&image, &reader).expect("the board is found");
    assert_eq!(clean.board.tiles[0][2], "O");
    let (o, next) = (clean.cells[2], clean.cells[3]);
    let pitch = next.centre().0 - o.centre().0;
    let mut swiped = image.to_rgb8();
    let band = line_mask(swiped.dimensions(), o.centre(), next.centre(), 0.3 * pitch);
    blend(&mut swiped, &band, [255, 255, 255], 0.75);
    let read = vision::read_image(&image::DynamicImage::ImageRgb8(swiped), &reader)
        .expect("the board is found");
    assert!(
        read.confidence[0][2] < 0.9,
        "{} at {}",
        read.board.tiles[0][2],
        read.confidence[0][2]
    );
    assert_nothing_wrong_surely(&read, &clean);
}

/// A capture cut through its board's last column: the real Boggle With Friends capture
/// `boggle_with_friends_1920x1200_dl_dw_qu.png` cropped 0.16 of a pitch inside the right edge of
/// its last column. The edge cuts the bottom-right tile's `QU` through its `U` and its value
/// `10` through its `0`: what is left read `Q` and `1`, both at 100%. A glyph cut by the image's
/// edge beside a text makes it unsure: nothing is read wrong at 90% or more.
#[test]
fn a_tile_the_image_edge_cuts_through_is_not_read_surely_as_less() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_capture("boggle_with_friends_1920x1200_dl_dw_qu.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let clean = vision::read_image(&image, &reader).expect("the board is found");
    let last = clean.board.cols - 1;
    let corner = clean.cells[clean.board.rows * clean.board.cols - 1];
    let pitch = (corner.right - corner.left) as f32;
    let width = corner.right - (0.16 * pitch) as u32;
    let cut = image.crop_imm(0, 0, width, image.height());
    let read = vision::read_image(&cut, &reader).expect("the board is found");
    assert_eq!(clean.board.tiles[3][last], "QU");
    assert!(
        read.confidence[3][last] < 0.9,
        "{} at {}",
        read.board.tiles[3][last],
        read.confidence[3][last]
    );
    let values = |r: &vision::BoardReading| r.board.values.clone().expect("values are read");
    let (clean_values, cut_values) = (values(&clean), values(&read));
    assert_nothing_wrong_surely(&read, &clean);
    for (r, sure) in read.value_confidence.iter().enumerate() {
        for (c, &sure) in sure.iter().enumerate() {
            if sure >= 0.9 {
                assert_eq!(cut_values[r][c], clean_values[r][c], "value at ({r},{c})");
            }
        }
    }
}

/// The real Ruzzle capture `ruzzle_android_480x800_midswipe.jpg` (see [`real_capture`]).
fn real_ruzzle_capture() -> Option<image::DynamicImage> {
    real_capture("ruzzle_android_480x800_midswipe.jpg")
}

/// The badges of [`real_ruzzle_capture`], row by row (ground truth: the `.json` beside it).
const RUZZLE_BADGES: [[&str; 4]; 4] = [
    ["DL", "DW", "", ""],
    ["", "", "", ""],
    ["", "TW", "", ""],
    ["TL", "", "DW", "TL"],
];

/// The unreadable-badge doubt `reading` lists for the tile at `at`; panics when there is none.
fn badge_doubt_at(
    reading: &wordsnap::vision::BoardReading,
    at: (usize, usize),
) -> &wordsnap::vision::MarkDoubt {
    let badge = wordsnap::vision::MarkKind::Badge;
    reading
        .mark_doubts
        .iter()
        .find(|d| d.is_at(at, badge))
        .unwrap_or_else(|| panic!("no badge doubt at {at:?}: {:?}", reading.board.bonuses))
}

/// Asserts that `reading` lists no badge doubt on a tile of [`real_ruzzle_capture`] that shows
/// no badge.
fn assert_no_badge_doubt_where_ruzzle_shows_none(reading: &wordsnap::vision::BoardReading) {
    let badge = wordsnap::vision::MarkKind::Badge;
    for d in reading.mark_doubts.iter().filter(|d| d.kind == badge) {
        assert!(!RUZZLE_BADGES[d.row][d.col].is_empty(), "{d:?}");
    }
}

/// Ruzzle's round badges at a small phone's resolution: the real Ruzzle capture in
/// `../shared/real-screens`, shrunk to 0.45 (216x360), leaves each badge about 10 px round, its
/// label 4-5 px high. The dark disc stands out more than its light label, so the disc is the
/// mark, and it reads as an `O`; the label inside it is read again, and the badge is kept.
#[test]
fn a_round_badge_at_a_small_phones_resolution_is_read_from_its_label() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_ruzzle_capture() else {
        return;
    };
    let small = image.resize(216, 360, image::imageops::FilterType::Lanczos3);
    let reader = TileReader::new().expect("the embedded model loads");
    let reading = vision::read_image(&small, &reader).expect("the board is found");
    let bonuses = reading.board.bonuses.expect("badges are read");
    // Bottom row, first and last tiles: TL on each (ground truth, `.json` beside the capture).
    assert_eq!(
        (bonuses[3][0].as_str(), bonuses[3][3].as_str()),
        ("TL", "TL"),
        "{bonuses:?}"
    );
    // No badge is read where the tile shows none.
    for (r, row) in bonuses.iter().enumerate() {
        for (c, badge) in row.iter().enumerate() {
            assert!(
                badge.is_empty() || badge == RUZZLE_BADGES[r][c],
                "({r},{c}): {badge}, expected {:?}",
                RUZZLE_BADGES[r][c]
            );
        }
    }
}

/// Ruzzle's yellow and orange badges (`DW`, `TW`) on a dimmed screen: the real Ruzzle capture in
/// `../shared/real-screens` with every channel at 0.45 plus 10 (a game's pause overlay, a
/// screenshot taken with the brightness low). White print on yellow hardly differs from it in
/// grey, and those badges are not found there; in the image's smallest colour channel (blue) the
/// print stands out, and they are read there.
#[test]
fn yellow_badges_on_a_dimmed_screen_are_read_in_the_smallest_colour_channel() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_ruzzle_capture() else {
        return;
    };
    let mut dim = image.to_rgb8();
    for pixel in dim.pixels_mut() {
        for channel in pixel.0.iter_mut() {
            *channel = (f32::from(*channel) * 0.45 + 10.0).round() as u8;
        }
    }
    let reader = TileReader::new().expect("the embedded model loads");
    let reading = vision::read_image(&image::DynamicImage::ImageRgb8(dim), &reader)
        .expect("the board is found");
    assert_eq!(
        reading.board.bonuses.expect("badges are read"),
        RUZZLE_BADGES
    );
}

/// Values hidden under a notification banner: the real Wordament crop
/// `wordament_win8_crop_digrams_IN_EN.png` (297x298, the board filling it, values in each
/// tile's top-left corner) with a light grey banner over its top fifth of a row, which hides the
/// first row's values and leaves its letters. Wordament prints a value on every tile, so the
/// four hidden values are listed as unreadable (nothing to choose from), never passed over as
/// if those tiles had none, and never guessed; the values in view are read as before.
#[test]
fn values_hidden_under_a_banner_are_listed_unreadable() {
    use wordsnap::vision::{self, MarkKind, ocr::TileReader};
    let Some(image) = real_capture("wordament_win8_crop_digrams_IN_EN.png") else {
        return;
    };
    let mut covered = image.to_rgb8();
    let banner_bottom = covered.height() / 4 / 5;
    for y in 0..=banner_bottom {
        for x in 0..covered.width() {
            covered.put_pixel(x, y, image::Rgb([236, 236, 236]));
        }
    }
    let reader = TileReader::new().expect("the embedded model loads");
    let reading = vision::read_image(&image::DynamicImage::ImageRgb8(covered), &reader)
        .expect("the board is found");
    let values = reading.board.values.as_ref().expect("values are read");
    assert_eq!(values[0], [None; 4], "no value is guessed under the banner");
    // Ground truth of the rows in view: the `.json` beside the capture.
    assert_eq!(
        values[1..],
        [
            [Some(2), Some(4), Some(6), Some(2)],
            [Some(2), Some(4), Some(4), Some(5)],
            [Some(4), Some(2), Some(5), Some(2)],
        ]
    );
    let mut hidden: Vec<(usize, usize)> = reading
        .mark_doubts
        .iter()
        .filter(|d| d.kind == MarkKind::Value)
        .map(|d| (d.row, d.col))
        .collect();
    hidden.sort();
    assert_eq!(
        hidden,
        [(0, 0), (0, 1), (0, 2), (0, 3)],
        "{:?}",
        reading.mark_doubts
    );
}

/// A badge whose label is found in part: the real Ruzzle capture in `../shared/real-screens`
/// shrunk to 0.75 (360x600). The white `W` of the second tile's `DW` on its yellow badge fades
/// into the badge in grey, and only the `D` is found and read; the tile's badge is listed as
/// unreadable, `DL` or `DW`, never passed over as if the tile had none, and never guessed.
#[test]
fn a_badge_read_in_part_is_listed_unreadable() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_ruzzle_capture() else {
        return;
    };
    let small = image.resize(360, 600, image::imageops::FilterType::Lanczos3);
    let reader = TileReader::new().expect("the embedded model loads");
    let reading = vision::read_image(&small, &reader).expect("the board is found");
    let bonuses = reading.board.bonuses.as_ref().expect("badges are read");
    // Row 0, column 1 shows DW (see `RUZZLE_BADGES`).
    let doubt = badge_doubt_at(&reading, (0, 1));
    assert!(bonuses[0][1].is_empty(), "{bonuses:?}");
    let choices: Vec<&str> = doubt.choices.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(choices, ["DL", "DW"], "{doubt:?}");
    assert_no_badge_doubt_where_ruzzle_shows_none(&reading);
}

/// A badge the smallest colour channel reads, but unsurely: the real Ruzzle capture in
/// `../shared/real-screens` shrunk to 320x533 and saved again as a JPEG of quality 60 (the
/// `image` crate's encoder). The white `DW` on the yellow badge of row 0, column 1 is not found in
/// grey; in the smallest channel it reads as `DW`, too unsurely to report, so it is listed as an
/// unreadable badge with what it may be, never passed over as if the tile had none.
#[test]
fn a_badge_read_unsurely_in_the_smallest_channel_is_listed_unreadable() {
    use wordsnap::vision::{self, ocr::TileReader};
    let Some(image) = real_ruzzle_capture() else {
        return;
    };
    let small = image.resize(320, 533, image::imageops::FilterType::Lanczos3);
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 60)
        .encode_image(&small)
        .expect("the capture encodes");
    let compressed = image::load_from_memory(&bytes).expect("the JPEG decodes");
    let reader = TileReader::new().expect("the embedded model loads");
    let reading = vision::read_image(&compressed, &reader).expect("the board is found");
    let bonuses = reading.board.bonuses.as_ref().expect("badges are read");
    let doubt = badge_doubt_at(&reading, (0, 1));
    assert_eq!(bonuses[0][1], "", "not guessed");
    assert_eq!(doubt.choices[0].0, "DW", "{doubt:?}");
    assert_no_badge_doubt_where_ruzzle_shows_none(&reading);
}

/// A scratch folder for one test, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-eval-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn boards_read_with_another_shape_and_images_not_read_are_counted() {
    // A 4x4 fixture whose truth says one row more: read, but with another shape than the
    // truth's; and a blank image with a truth: not read (no board found).
    let dir = scratch("shapes");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens");
    std::fs::copy(fixtures.join("lato_bonus_4x4.png"), dir.join("shape.png")).unwrap();
    let truth: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join("lato_bonus_4x4.json")).unwrap(),
    )
    .unwrap();
    let mut taller = truth.clone();
    taller["rows"] = serde_json::json!(5);
    for key in ["tiles", "values", "bonuses"] {
        if let Some(rows) = taller[key].as_array_mut() {
            rows.push(rows[0].clone());
        }
    }
    std::fs::write(dir.join("shape.json"), taller.to_string()).unwrap();
    image::RgbImage::from_pixel(400, 400, image::Rgb([250, 250, 250]))
        .save(dir.join("blank.png"))
        .unwrap();
    std::fs::write(dir.join("blank.json"), truth.to_string()).unwrap();
    let totals = eval(&dir)["totals"].clone();
    assert_eq!(totals["images"], 2, "{totals}");
    assert_eq!(totals["wrong_shapes"], 1, "{totals}");
    assert_eq!(totals["unread"], 1, "{totals}");
    let text = common::wordsnap(&["eval", dir.to_str().unwrap()]);
    let printed = String::from_utf8_lossy(&text.stdout);
    assert!(
        printed.contains(
            "boards read with rows and columns unlike the truth's: 1 (said to be a line short, or \
             not square: 0); not read"
        ),
        "{printed}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
