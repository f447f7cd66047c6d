//! Badges too small to read: a real Word Streak screenshot shrunk until its tiles are about 34
//! px apart (the low end of the tile sizes the reader takes). Its values stay readable there,
//! but the `TL` and `TW` labels of its badges are a few pixels high. The reader must not pass
//! them over in silence: every badge the tile shows is read right or listed unreadable.

mod common;

use image::imageops::FilterType;
use wordsnap::TileReader;
use wordsnap::vision::{self, MarkKind};

#[test]
fn badges_too_small_to_read_are_listed_unreadable_not_passed_over() {
    let Some(path) = common::real_screen("word_streak_android_1440x2560.png") else {
        return;
    };
    let truth = common::board_truth(&path);
    let reader = TileReader::new().expect("the embedded model loads");
    let image = vision::load::load(&path).unwrap();
    let whole = vision::read_image(&image, &reader).expect("the board is found");
    // The whole screenshot scaled so that the board's 4 tiles a row are 34 px apart.
    let scale = 34.0 * 4.0 / whole.grid.width as f32;
    let small = image.resize_exact(
        (image.width() as f32 * scale).round() as u32,
        (image.height() as f32 * scale).round() as u32,
        FilterType::Lanczos3,
    );
    let reading = vision::read_image(&small, &reader).expect("the small board is found");
    assert_eq!((reading.board.rows, reading.board.cols), (4, 4));
    let truth_badges = truth.bonuses.as_ref().expect("the truth gives badges");
    let read = reading.board.bonuses.clone().unwrap_or_default();
    let mut badges = 0;
    for (r, row) in truth_badges.iter().enumerate() {
        for (c, want) in row.iter().enumerate().filter(|(_, b)| !b.is_empty()) {
            badges += 1;
            let got = read
                .get(r)
                .and_then(|row| row.get(c))
                .cloned()
                .unwrap_or_default();
            assert!(
                got == *want
                    || (got.is_empty() && reading.lists_unreadable((r, c), MarkKind::Badge)),
                "({r},{c}): the tile's {want} was read as {got:?} and not listed unreadable"
            );
        }
    }
    assert!(badges >= 2, "the test needs badges");
}
