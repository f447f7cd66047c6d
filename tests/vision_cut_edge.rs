//! A screenshot cropped through the board's outer tiles: the image's edge cuts a column of
//! tiles. What is left of a cut letter reads surely as another text (a Boggle With Friends `QU`
//! cut to its `U` read at 100%), and a column cut through its letters was left out in silence
//! (a 4x4 board read as a sure 4x3 one). A cut tile is read, but never surely.

mod common;

use image::DynamicImage;
use std::path::Path;
use wordsnap::TileReader;
use wordsnap::board::BoardJson;
use wordsnap::vision::{self, BoardReading, MarkKind};

/// Which side of the board the crop cuts.
#[derive(Clone, Copy)]
enum Side {
    Left,
    Right,
}

/// `image` cropped through the board's first (`Side::Left`) or last column so that `shown` of
/// that column's pitch is left in the image; the board's cells are those of `clean`, the reading
/// of the whole image.
fn cut_through_column(
    image: &DynamicImage,
    clean: &BoardReading,
    side: Side,
    shown: f32,
) -> DynamicImage {
    let cols = clean.board.cols;
    let first = clean.cells[0];
    let pitch = (clean.cells[cols - 1].left - first.left) as f32 / (cols - 1) as f32;
    let centre = |c: usize| {
        let cell = clean.cells[c];
        (cell.left + cell.right) as f32 / 2.0
    };
    match side {
        Side::Left => {
            let x = (centre(0) + (0.5 - shown) * pitch) as u32;
            image.crop_imm(x, 0, image.width() - x, image.height())
        }
        Side::Right => {
            let x = (centre(cols - 1) - (0.5 - shown) * pitch) as u32;
            image.crop_imm(0, 0, x, image.height())
        }
    }
}

/// Every tile read at 90% or more is the truth's; tiles of column `cut` are all read under 90%.
fn assert_cut_column_doubted(reading: &BoardReading, truth: &BoardJson, cut: usize) {
    assert_eq!(
        (reading.board.rows, reading.board.cols),
        (truth.rows, truth.cols)
    );
    for r in 0..truth.rows {
        for c in 0..truth.cols {
            let (read, sure) = (&reading.board.tiles[r][c], reading.confidence[r][c]);
            if c == cut {
                assert!(sure < 0.9, "cut tile ({r}, {c}) read {read} at {sure}");
            } else if sure >= 0.9 {
                assert_eq!(read, &truth.tiles[r][c], "tile ({r}, {c}) at {sure}");
            }
        }
    }
}

/// Reads the screenshot at `path` whole, where it must read as its truth, then cropped through
/// its first (`Side::Left`) or last column with `shown` of that column left, where the board
/// must keep its size and the cut column be doubted (see [`assert_cut_column_doubted`]).
/// Returns the cropped image's reading and the truth.
fn read_cut(path: &Path, side: Side, shown: f32) -> (BoardReading, BoardJson) {
    read_cut_restyled(path, side, shown, DynamicImage::clone)
}

/// [`read_cut`], with the screenshot restyled by `restyle` (its colours changed, its layout
/// kept) before it is cropped.
fn read_cut_restyled(
    path: &Path,
    side: Side,
    shown: f32,
    restyle: impl Fn(&DynamicImage) -> DynamicImage,
) -> (BoardReading, BoardJson) {
    let reader = TileReader::new().expect("the embedded model loads");
    let image = vision::load::load(path).unwrap();
    let clean = vision::read_image(&image, &reader).unwrap();
    let truth = common::board_truth(path);
    assert_eq!(clean.board, truth);
    let cut = cut_through_column(&restyle(&image), &clean, side, shown);
    let reading = vision::read_image(&cut, &reader).expect("a board is found");
    let column = match side {
        Side::Left => 0,
        Side::Right => truth.cols - 1,
    };
    assert_cut_column_doubted(&reading, &truth, column);
    (reading, truth)
}

#[test]
fn a_real_digram_cut_by_the_image_edge_is_not_read_surely() {
    // Boggle With Friends: the `QU` in the first column of the last row, four fifths of the
    // column left in the image: its `Q` is cut, and the `U` read at 100%.
    let Some(path) = common::real_screen("boggle_with_friends_1920x1200_qu.png") else {
        return;
    };
    read_cut(&path, Side::Left, 0.8);
}

/// The fixture `name` cut through its last column, `shown` of it left: read at its whole size,
/// the cut column doubted.
fn assert_last_column_kept_and_doubted(name: &str, shown: f32) {
    read_cut(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(name),
        Side::Right,
        shown,
    );
}

#[test]
fn a_column_cut_through_its_letters_is_kept_and_doubted() {
    // The image's right edge through the last column's letters: the 4x4 board was refused as
    // 4x3, the 5x5 one read as a sure 5x4.
    assert_last_column_kept_and_doubted("fixtures/screens/roboto_light_4x4.png", 0.65);
    assert_last_column_kept_and_doubted("fixtures/phones/letterpress_1080x2400_header.png", 0.5);
}

#[test]
fn marks_cut_away_by_the_image_edge_are_listed_and_those_it_leaves_are_read() {
    // Boggle With Friends prints its badges in the top-left corner of a tile and its values in
    // the bottom-right one. Cut on the left through the first column (four fifths of it left),
    // the badge of (2, 0), a `DL`, lies past the edge: it was passed over as if the tile had
    // none. The values of that column lie away from the cut and read as before: the corner
    // tiles' values were doubted as if a cover hid their bottom half.
    let Some(path) = common::real_screen("boggle_with_friends_1920x1200_midgame.png") else {
        return;
    };
    let (reading, truth) = read_cut(&path, Side::Left, 0.8);
    let bonuses = reading.board.bonuses.as_ref().expect("badges are read");
    let listed = |r: usize, kind| reading.mark_doubts.iter().any(|d| d.is_at((r, 0), kind));
    assert!(
        bonuses[2][0] == "DL" || listed(2, MarkKind::Badge),
        "the DL of (2, 0) is neither read nor listed: {:?}",
        reading.mark_doubts
    );
    let values = reading.board.values.as_ref().expect("values are read");
    let expected = truth.values.as_ref().unwrap();
    for r in 0..truth.rows {
        assert_eq!(values[r][0], expected[r][0], "value of ({r}, 0)");
        assert!(!listed(r, MarkKind::Value), "value of ({r}, 0) listed");
    }
}

#[test]
fn a_column_cut_to_a_third_is_kept_though_half_its_letters_are_gone() {
    // Letterpress, cut through its last column with 35% of it left: the edge leaves too little
    // of some of its letters to find, and the 5x5 board was read as a sure 5x4 one; every cell
    // of the cut column still shows a tile's fill.
    let Some(path) = common::real_screen("letterpress_ipad_landscape_1024x768.png") else {
        return;
    };
    read_cut(&path, Side::Right, 0.35);
}

#[test]
fn a_cut_column_is_kept_though_one_tile_shows_a_shade_the_rest_of_the_board_lacks() {
    // Letterpress, cut through its first column with half of it left: that column holds the
    // only tile of a player's brighter red (a locked tile), so its fill is like none of the
    // other tiles', and with few of its letters left to find, the 5x5 board was read as a sure
    // 5x4 one.
    let Some(path) = common::real_screen("letterpress_iphonex_dark_wiggle.png") else {
        return;
    };
    read_cut(&path, Side::Left, 0.5);
}

#[test]
fn a_4x4_board_cut_through_its_first_column_is_kept_and_doubted() {
    // Cropped through the first column with less than half of it left, too little of that
    // column's letters is left to line up with the rest: the letters found lie on a lattice of
    // four rows and three columns, which the grid search dropped before the cut column could
    // be taken in, and the 4x4 board was refused.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    read_cut(
        &root.join("fixtures/phones/ruzzle_1080x2340_bars_word.png"),
        Side::Left,
        0.5,
    );
    read_cut(
        &root.join("fixtures/screens/roboto_light_4x4.png"),
        Side::Left,
        0.45,
    );
}

#[test]
fn a_cut_board_with_swiped_letters_is_not_read_as_dice_turned_every_way() {
    // Word Hunt mid-swipe in a dark theme (the screenshot's negative), cropped through its first
    // column with about a third of it left: the cut column's letters and the swiped letters
    // under the trail read unsure upright and surely as other letters upside down, as the
    // letters of dice in a tray do, and the board was read as dice turned every way: a `C` as
    // a `J` at 98%, an `E` as an `L` at 99%. Tiles taken in past the image's edge have no vote
    // on whether the board's letters face every way.
    let Some(path) = common::real_screen("word_hunt_iphone_1125x1707_midswipe.jpeg") else {
        return;
    };
    let negative = |image: &DynamicImage| {
        let mut negative = image.clone();
        negative.invert();
        negative
    };
    read_cut_restyled(&path, Side::Left, 0.36, negative);
}

#[test]
fn a_column_cut_before_its_letters_begin_is_kept_as_unread_tiles() {
    // The image's right edge a third of a pitch into the last column: its tiles and values show,
    // but no letter, as the letters begin further in. The digits of the values stood on a lattice
    // of their own, and the board was refused as one of numbers; read, the column is unread.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (reading, truth) = read_cut(
        &root.join("fixtures/phones/wordament_1080x1920_panels.png"),
        Side::Right,
        0.33,
    );
    for r in 0..truth.rows {
        assert_eq!(reading.confidence[r][truth.cols - 1], 0.0, "row {r}");
    }
}

#[test]
fn a_column_cut_too_thin_to_take_in_is_said_to_be_cut() {
    // Letterpress (tiles of five colours, touching), cut through its last column with 30% of it
    // left: too little of its letters shows to take the column in, and the 5x5 board was read
    // as a sure 5x4 one with no word that a column may be missing. Read whole, the board is
    // said to be short nowhere; cut, the column is taken in or the reading says the image's
    // right edge cuts more tiles (the board may be a column short), and so does the command
    // line.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/letterpress_1080x2400_header.png");
    let reader = TileReader::new().expect("the embedded model loads");
    let image = vision::load::load(&path).unwrap();
    let clean = vision::read_image(&image, &reader).unwrap();
    assert!(clean.short_sides.is_empty(), "{:?}", clean.short_sides);
    let cut = cut_through_column(&image, &clean, Side::Right, 0.3);
    let reading = vision::read_image(&cut, &reader).expect("a board is found");
    if reading.board.cols == clean.board.cols {
        assert_cut_column_doubted(&reading, &common::board_truth(&path), clean.board.cols - 1);
        return;
    }
    let right_cut = vision::ShortSide {
        side: vision::BoardSide::Right,
        cut_by_image_edge: true,
    };
    assert_eq!(reading.short_sides, vec![right_cut]);
    let dir = std::env::temp_dir().join(format!("wordsnap-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cut.png");
    cut.save(&file).unwrap();
    let text = common::wordsnap(&["read", file.to_str().unwrap()]);
    assert!(text.status.success(), "{}", common::stderr(&text));
    assert!(
        common::stderr(&text).contains(
            "the image's right edge cuts through more tiles after the last column of the board \
             read: the board may have a column the image does not show"
        ),
        "{}",
        common::stderr(&text)
    );
    let json = common::ok_json(&common::wordsnap(&[
        "read",
        "--json",
        file.to_str().unwrap(),
    ]));
    assert_eq!(
        json["short_sides"],
        serde_json::json!([{"side": "right", "cut_by_image_edge": true}])
    );
    std::fs::remove_dir_all(&dir).ok();
}
