//! Letters about a tenth of their tile's pitch high, as desktop clones of Boggle print on large
//! buttons (Java Swing, Qt): the board is found though each letter's neighbour lies farther
//! than the grid finder first looks, and it reads as the same board with its letters closer,
//! even beside a panel of words in the same print.

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

/// The board of `fixtures/screens/roboto_light_4x4.png` as read, and its letters: each tile's
/// middle (its letter on the tile's own ground), at half size.
fn board_and_letters(reader: &TileReader) -> (Vec<Vec<String>>, Vec<GrayImage>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/roboto_light_4x4.png");
    let image = vision::load::load(&path).unwrap();
    let close = vision::read_image(&image, reader).unwrap();
    assert_eq!((close.board.rows, close.board.cols), (4, 4));
    let grey = image.to_luma8();
    let letters = close
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
    (close.board.tiles, letters)
}

/// A window of the window's grey with `letters` on buttons `PITCH_IN_LETTERS` letter heights
/// apart (light grey, framed darker), and `panel_width` more pixels on the right; with the
/// buttons' top-left corner and pitch.
fn buttons(letters: &[GrayImage], panel_width: u32) -> (GrayImage, u32, u32) {
    let mut heights: Vec<u32> = letters.iter().map(ink_height).collect();
    heights.sort_unstable();
    let letter_height = heights[heights.len() / 2];
    assert!(letter_height >= 10, "letters {letter_height} px high");
    let pitch = PITCH_IN_LETTERS * letter_height;
    let margin = pitch / 2;
    let side = 2 * margin + 4 * pitch;
    let mut shot = GrayImage::from_pixel(side + panel_width, side, Luma([236]));
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
    (shot, side, letter_height)
}

/// `read --json` of `shot`: its tiles.
fn read_tiles(shot: &GrayImage, name: &str) -> Vec<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("wordsnap-small-letters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    shot.save(&file).unwrap();
    let (out, err, code) = common::wordsnap_text(&["read", "--json", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    serde_json::from_value(json["tiles"].clone()).unwrap()
}

#[test]
fn small_letters_on_large_buttons_read_as_the_board() {
    let reader = TileReader::new().expect("the embedded model loads");
    let (board, letters) = board_and_letters(&reader);
    let (shot, _, _) = buttons(&letters, 0);
    assert_eq!(read_tiles(&shot, "buttons.png"), board);
}

#[test]
fn a_panel_of_words_beside_the_buttons_does_not_hide_them() {
    // A chat panel right of the board: lines of three-letter words in the letters' own print,
    // two letter heights apart, which line up on a pitch of their own.
    let reader = TileReader::new().expect("the embedded model loads");
    let (board, letters) = board_and_letters(&reader);
    let (lw, lh) = letters[0].dimensions();
    let (_, board_side, letter_height) = buttons(&letters, 0);
    // Two columns' width away, as a chat panel's frame keeps it.
    let gap = 2 * PITCH_IN_LETTERS * letter_height;
    let panel = gap + 4 * (3 * lw + lw / 2);
    let (mut shot, _, _) = buttons(&letters, panel);
    let line_pitch = 2 * letter_height;
    let lines = (board_side - lh) / line_pitch;
    assert!(lines >= 12, "{lines} lines");
    for line in 0..lines {
        for word in 0..4u32 {
            for k in 0..3u32 {
                let letter = &letters[((line * 7 + word * 3 + k) % 16) as usize];
                let x = board_side + gap + word * (3 * lw + lw / 2) + k * lw;
                let y = line * line_pitch;
                imageops::replace(&mut shot, letter, i64::from(x), i64::from(y));
            }
        }
    }
    assert_eq!(read_tiles(&shot, "buttons_and_chat.png"), board);
}
