//! A board small in a large image (a game's window on a 4K screen, a screenshot pasted on a
//! wide canvas): the windows the text search measures ink in follow the image's size, so the
//! board's tiles are narrower than they are; the board is looked for again with windows that
//! fit its tiles, and reads as it does in its own screenshot.

mod common;

use image::{DynamicImage, RgbImage};
use std::path::Path;
use wordsnap::TileReader;
use wordsnap::vision;

/// `image` at its own size in the top-left corner of a dark canvas `k` times as wide and high.
fn on_canvas(image: &DynamicImage, k: u32) -> DynamicImage {
    let mut canvas = RgbImage::from_pixel(
        image.width() * k,
        image.height() * k,
        image::Rgb([24, 24, 24]),
    );
    image::imageops::overlay(&mut canvas, &image.to_rgb8(), 0, 0);
    DynamicImage::ImageRgb8(canvas)
}

#[test]
fn a_board_twice_as_small_as_its_canvas_reads_as_in_its_own_screenshot() {
    let reader = TileReader::new().expect("the embedded model loads");
    // A Word Hunt board under a white swipe trail: its trailed `T` was doubted on the canvas.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/wordhunt_1170x2532_swipe_trail_white.png");
    let image = vision::load::load(&path).unwrap();
    let alone = vision::read_image(&image, &reader).unwrap();
    assert_eq!(alone.board, common::board_truth(&path));
    let reading = vision::read_image(&on_canvas(&image, 2), &reader).unwrap();
    assert_eq!(reading.board, alone.board);
    let confidences = |r: &vision::BoardReading| r.confidence.concat();
    for (on_canvas, alone) in confidences(&reading).iter().zip(confidences(&alone)) {
        assert!(
            (on_canvas - alone).abs() < 0.01,
            "{on_canvas} against {alone}"
        );
    }
}

#[test]
fn a_real_desktop_board_on_a_canvas_twice_its_size_is_found() {
    // Windows 8 Wordament, snapped: orange tiles with black gaps; no board was found on the
    // canvas (the windows ran the tiles together).
    let Some(path) = common::real_screen("wordament_win8_1920x1080_digram_CH.png") else {
        return;
    };
    let reader = TileReader::new().expect("the embedded model loads");
    let image = vision::load::load(&path).unwrap();
    let reading = vision::read_image(&on_canvas(&image, 2), &reader).expect("a board is found");
    assert_eq!(reading.board, common::board_truth(&path));
}
