//! Screenshots saved on their side or upside down: the reader stands the image upright and
//! reads the board as it stands upright (letters that read alike turned, `N` and `Z`, `M` and
//! `W`, included; values and badges from their own corner), and says how it turned the image.
//! Through the CLI: `read --json` gives `"turned"` in degrees clockwise.

mod common;

use std::path::Path;
use wordsnap::TileReader;
use wordsnap::board::BoardJson;
use wordsnap::vision::{self, Turn};

fn fixture(stem: &str) -> (image::DynamicImage, BoardJson) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens");
    let image = vision::load::load(&dir.join(format!("{stem}.png"))).unwrap();
    let truth = std::fs::read_to_string(dir.join(format!("{stem}.json"))).unwrap();
    (image, serde_json::from_str(&truth).unwrap())
}

/// The image as saved turned the other way: reading it must turn it back by `turn`.
fn saved_turned(image: &image::DynamicImage, turn: Turn) -> image::DynamicImage {
    Turn::from_quarters(4 - turn.quarters() as usize).apply(image)
}

#[test]
fn boards_saved_turned_read_as_they_stand_upright() {
    let reader = TileReader::new().expect("the embedded model loads");
    // Values and badges (Lato), an either/or tile and a suffix tile with values (Roboto).
    for stem in ["lato_bonus_4x4", "roboto_orange_values_4x4"] {
        let (image, truth) = fixture(stem);
        let upright = vision::read_image(&image, &reader).unwrap();
        assert_eq!(upright.board, truth, "{stem} upright");
        assert_eq!(upright.turned, Turn::None);
        for turn in [Turn::Quarter, Turn::Half, Turn::ThreeQuarters] {
            let saved = saved_turned(&image, turn);
            let reading = vision::read_image(&saved, &reader).unwrap();
            assert_eq!(reading.board, truth, "{stem} saved needing {turn}");
            assert_eq!(reading.turned, turn, "{stem}");
            // The boxes are in the saved image's pixels: the upright board's box, turned back.
            let expected = turn.box_back(upright.grid.pixels(), (saved.width(), saved.height()));
            let found = reading.grid.pixels();
            for (a, b) in [
                (found.left, expected.left),
                (found.top, expected.top),
                (found.right, expected.right),
                (found.bottom, expected.bottom),
            ] {
                assert!(
                    a.abs_diff(b) <= 2,
                    "{stem} {turn}: box {found:?}, expected {expected:?}"
                );
            }
        }
    }
}

#[test]
fn read_json_says_how_far_the_image_was_turned() {
    let (image, _) = fixture("lato_bonus_4x4");
    let dir = std::env::temp_dir().join(format!("wordsnap-turned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("on_its_side.png");
    saved_turned(&image, Turn::Quarter).save(&path).unwrap();
    let (out, err, code) = common::wordsnap_text(&["read", "--json", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["turned"], 90);
    assert_eq!(json["tiles"][0][0], "J");
    let (text, _, _) = common::wordsnap_text(&["read", path.to_str().unwrap()]);
    assert!(text.contains("read turned 90° clockwise"), "{text}");
    let upright = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/lato_bonus_4x4.png");
    let (out, _, _) = common::wordsnap_text(&["read", "--json", upright.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json.get("turned").is_none(), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// An app that turns each die at random (a real Boggle app does: most of its letters upside
/// down, a few upright, a few on their side): the board is not an image saved turned. Each
/// letter is read its own way up, and a letter that reads as another turned (`M` and `W`, `N`
/// and `Z`, an `A` upside down and a `V`) is doubted between them, never read wrong surely.
#[test]
fn dice_an_app_turns_every_way_are_not_read_as_an_image_saved_turned() {
    use Turn::{Half, None as Upright, Quarter, ThreeQuarters};
    let reader = TileReader::new().expect("the embedded model loads");
    let (image, truth) = fixture("roboto_light_4x4");
    let upright = vision::read_image(&image, &reader).unwrap();
    assert_eq!(upright.board, truth);
    #[rustfmt::skip]
    let turns = [
        Half, Half, Upright, Quarter,
        Half, Half, Half, ThreeQuarters,
        Half, Upright, Half, Quarter,
        Half, Half, Upright, Half,
    ];
    let mut rgb = image.to_rgb8();
    for (cell, turn) in upright.cells.iter().zip(turns) {
        // The tile's square about its centre, turned in place.
        let side = cell.width().min(cell.height());
        let (left, top) = (
            cell.left + (cell.width() - side) / 2,
            cell.top + (cell.height() - side) / 2,
        );
        let tile = image::DynamicImage::ImageRgb8(
            image::imageops::crop_imm(&rgb, left, top, side, side).to_image(),
        );
        image::imageops::replace(
            &mut rgb,
            &turn.apply(&tile).to_rgb8(),
            left.into(),
            top.into(),
        );
    }
    let reading = vision::read_image(&image::DynamicImage::ImageRgb8(rgb), &reader).unwrap();
    assert_eq!(reading.turned, Turn::None, "{:?}", reading.board.tiles);
    let mut right = 0;
    for (r, row) in truth.tiles.iter().enumerate() {
        for (c, expected) in row.iter().enumerate() {
            let (read, sure) = (&reading.board.tiles[r][c], reading.confidence[r][c]);
            if read == expected {
                right += 1;
            } else {
                assert!(
                    sure < 0.9,
                    "({r},{c}) read {read} at {sure}, expected {expected}"
                );
            }
        }
    }
    assert!(
        right >= 12,
        "{right} of 16 right: {:?}",
        reading.board.tiles
    );
}
