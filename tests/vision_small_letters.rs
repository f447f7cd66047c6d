//! Letters about a tenth of their tile's pitch high, as desktop clones of Boggle print on large
//! buttons (Java Swing, Qt): the board is found though each letter's neighbour lies farther
//! than the grid finder first looks, and it reads as the same board with its letters closer.

mod common;

use image::{GrayImage, Luma, imageops};
use std::path::Path;
use wordsnap::TileReader;
use wordsnap::vision;

/// How many letter heights apart the letters are laid on the buttons.
const PITCH_IN_LETTERS: u32 = 9;

/// The height of the dark ink in a grey crop (rows holding a pixel darker than 128).
fn ink_height(crop: &GrayImage) -> u32 {
    let rows: Vec<u32> = (0..crop.height())
        .filter(|&y| (0..crop.width()).any(|x| crop.get_pixel(x, y)[0] < 128))
        .collect();
    rows.last().map_or(0, |last| last - rows[0] + 1)
}

#[test]
fn small_letters_on_large_buttons_read_as_the_board() {
    let reader = TileReader::new().expect("the embedded model loads");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/roboto_light_4x4.png");
    let image = vision::load::load(&path).unwrap();
    let close = vision::read_image(&image, &reader).unwrap();
    assert_eq!((close.board.rows, close.board.cols), (4, 4));
    // Each tile's middle (its letter on the tile's own ground), at half size.
    let grey = image.to_luma8();
    let letters: Vec<GrayImage> = close
        .cells
        .iter()
        .map(|cell| {
            let (w, h) = (cell.right - cell.left, cell.bottom - cell.top);
            let (x, y) = (cell.left + w / 5, cell.top + h / 5);
            let middle = imageops::crop_imm(&grey, x, y, w * 3 / 5, h * 3 / 5).to_image();
            let (mw, mh) = middle.dimensions();
            imageops::resize(&middle, mw / 2, mh / 2, imageops::FilterType::Triangle)
        })
        .collect();
    let mut heights: Vec<u32> = letters.iter().map(ink_height).collect();
    heights.sort_unstable();
    let letter_height = heights[heights.len() / 2];
    assert!(letter_height >= 10, "letters {letter_height} px high");
    // Buttons of a light grey, framed darker, on the window's grey, `PITCH_IN_LETTERS` letter
    // heights apart.
    let pitch = PITCH_IN_LETTERS * letter_height;
    let margin = pitch / 2;
    let side = 2 * margin + 4 * pitch;
    let mut shot = GrayImage::from_pixel(side, side, Luma([236]));
    for (i, letter) in letters.iter().enumerate() {
        let (row, col) = (i as u32 / 4, i as u32 % 4);
        let (x0, y0) = (margin + col * pitch, margin + row * pitch);
        let button = pitch - 6;
        for y in 0..button {
            for x in 0..button {
                let edge = x < 2 || y < 2 || x >= button - 2 || y >= button - 2;
                let shade = if edge { 170 } else { letter.get_pixel(0, 0)[0] };
                shot.put_pixel(x0 + x, y0 + y, Luma([shade]));
            }
        }
        let (lw, lh) = letter.dimensions();
        imageops::replace(
            &mut shot,
            letter,
            i64::from(x0 + (button - lw) / 2),
            i64::from(y0 + (button - lh) / 2),
        );
    }
    let dir = std::env::temp_dir().join(format!("wordsnap-small-letters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("buttons.png");
    shot.save(&file).unwrap();
    let (out, err, code) = common::wordsnap_text(&["read", "--json", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let tiles: Vec<Vec<String>> = serde_json::from_value(json["tiles"].clone()).unwrap();
    assert_eq!(tiles, close.board.tiles, "{out}");
}
