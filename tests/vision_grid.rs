//! Grid finding on the real screenshots in `../shared/real-screens` (outside CI, skipped with a message when
//! that folder is absent) and on synthetic boards drawn here in styles nobody tuned for.
//!
//! Expected tile positions for the real screens: `fixtures/real_screen_grids.json` holds each
//! board's box (x, y, width, height in image pixels). The boxes were taken from the detector's
//! output and every one was checked by eye on an overlay of the cells on the screenshot (all 32
//! cell grids sit on the tiles); rows and columns come from the ground truth beside each image.
//! A detected cell passes when its centre lies inside the expected tile's share of that box.

mod common;

use image::{DynamicImage, Rgb, RgbImage};
use std::path::{Path, PathBuf};
use wordsnap::vision::{self, NoLattice, VisionError};

fn real_screens() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/real-screens");
    if dir.is_dir() {
        Some(dir)
    } else {
        common::missing(
            &dir.display().to_string(),
            "real screenshots are not part of the repository; ../shared sits beside it",
        );
        None
    }
}

#[derive(serde::Deserialize)]
struct Expected {
    rows: usize,
    cols: usize,
    grid: [u32; 4],
}

#[derive(serde::Deserialize)]
struct Truth {
    rows: usize,
    cols: usize,
    tiles: Vec<Vec<String>>,
}

/// Each real screen's board box, from `fixtures/real_screen_grids.json`, by file name.
fn real_screen_grids() -> std::collections::BTreeMap<String, Expected> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/real_screen_grids.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The font the synthetic boards and desktops are drawn in (DejaVu Sans Bold).
fn bold_font() -> ab_glyph::FontRef<'static> {
    ab_glyph::FontRef::try_from_slice(include_bytes!("../assets/DejaVuSans-Bold.ttf")).unwrap()
}

#[test]
fn finds_every_grid_on_the_real_screens() {
    let Some(dir) = real_screens() else { return };
    let expected = real_screen_grids();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, want) in &expected {
        let path = dir.join(name);
        if !path.exists() {
            common::missing(
                &format!("{name} in {}", dir.display()),
                "../shared/real-screens",
            );
            continue;
        }
        let truth: Truth =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        assert_eq!((truth.rows, truth.cols), (want.rows, want.cols), "{name}");
        let image = vision::load::load(&path).unwrap();
        let started = std::time::Instant::now();
        let found = match vision::find_board(&image) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        eprintln!("{name}: {:?}", started.elapsed());
        checked += 1;
        if (found.rows, found.cols) != (truth.rows, truth.cols) {
            failures.push(format!(
                "{name}: {}x{}, expected {}x{}",
                found.rows, found.cols, truth.rows, truth.cols
            ));
            continue;
        }
        let [gx, gy, gw, gh] = want.grid.map(|v| v as f32);
        let (tw, th) = (gw / want.cols as f32, gh / want.rows as f32);
        for (i, cell) in found.cells.iter().enumerate() {
            let (row, col) = (i / found.cols, i % found.cols);
            let (cx, cy) = cell.centre();
            let (ex, ey) = (gx + col as f32 * tw, gy + row as f32 * th);
            if cx < ex || cx > ex + tw || cy < ey || cy > ey + th {
                failures.push(format!(
                    "{name}: cell {row},{col} centred at ({cx}, {cy}), outside its tile"
                ));
            }
            let hole = truth.tiles[row][col] == ".";
            if found.holes[i] != hole {
                failures.push(format!(
                    "{name}: cell {row},{col} hole {}, expected {hole}",
                    found.holes[i]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{checked} real screens: every grid found");
}

/// A synthetic board: `rows` x `cols` tiles with `text` letters, drawn with DejaVu Sans Bold.
struct Style {
    background: Rgb<u8>,
    tile: Rgb<u8>,
    ink: Rgb<u8>,
    /// Gap between tiles as a share of the pitch (0 for Letterpress-like boards).
    gap: f32,
    /// Cells left as background.
    holes: Vec<(usize, usize)>,
}

fn draw_board(
    width: u32,
    height: u32,
    origin: (u32, u32),
    pitch: u32,
    n: usize,
    style: &Style,
) -> RgbImage {
    let font = bold_font();
    let mut img = RgbImage::from_pixel(width, height, style.background);
    // Other text on screen: a score line and a word list in a smaller size.
    imageproc::drawing::draw_text_mut(
        &mut img,
        style.ink,
        10,
        8,
        pitch as f32 * 0.3,
        &font,
        "SCORE 120  1:35",
    );
    for k in 0..4 {
        imageproc::drawing::draw_text_mut(
            &mut img,
            style.ink,
            10,
            (origin.1 + n as u32 * pitch + 10 + k * pitch / 4).min(height - 20) as i32,
            pitch as f32 * 0.2,
            &font,
            "WORDS 12",
        );
    }
    let letters = b"QWERTYUIOPASDFGHJKLZXCVBNMAEIOUST";
    let gap = (style.gap * pitch as f32) as u32;
    for r in 0..n {
        for c in 0..n {
            if style.holes.contains(&(r, c)) {
                continue;
            }
            let (x, y) = (origin.0 + c as u32 * pitch, origin.1 + r as u32 * pitch);
            imageproc::drawing::draw_filled_rect_mut(
                &mut img,
                imageproc::rect::Rect::at((x + gap / 2) as i32, (y + gap / 2) as i32)
                    .of_size(pitch - gap, pitch - gap),
                style.tile,
            );
            let letter = (letters[(r * 7 + c * 3) % letters.len()] as char).to_string();
            let size = pitch as f32 * 0.6;
            let (w, h) = imageproc::drawing::text_size(size, &font, &letter);
            imageproc::drawing::draw_text_mut(
                &mut img,
                style.ink,
                (x + pitch / 2) as i32 - w as i32 / 2,
                (y + pitch / 2) as i32 - h as i32 / 2 - (size * 0.1) as i32,
                size,
                &font,
                &letter,
            );
        }
    }
    img
}

fn check_synthetic(
    img: RgbImage,
    origin: (u32, u32),
    pitch: u32,
    n: usize,
    holes: &[(usize, usize)],
) {
    let found = vision::find_board(&DynamicImage::ImageRgb8(img)).expect("grid");
    assert_eq!((found.rows, found.cols), (n, n));
    for (i, cell) in found.cells.iter().enumerate() {
        let (row, col) = (i / n, i % n);
        let (cx, cy) = ((cell.left + cell.right) / 2, (cell.top + cell.bottom) / 2);
        let (ex, ey) = (origin.0 + col as u32 * pitch, origin.1 + row as u32 * pitch);
        assert!(
            cx > ex && cx < ex + pitch && cy > ey && cy < ey + pitch,
            "cell {row},{col} at ({cx},{cy})"
        );
        assert_eq!(
            found.holes[i],
            holes.contains(&(row, col)),
            "hole at {row},{col}"
        );
    }
}

/// Cream tiles with dark letters and gaps between them, on a green ground.
fn cream_tiles_on_green() -> Style {
    Style {
        background: Rgb([40, 90, 60]),
        tile: Rgb([235, 225, 200]),
        ink: Rgb([30, 30, 30]),
        gap: 0.1,
        holes: vec![],
    }
}

#[test]
fn finds_a_light_board_with_gaps_among_other_text() {
    let style = cream_tiles_on_green();
    let img = draw_board(900, 1400, (150, 300), 150, 4, &style);
    check_synthetic(img, (150, 300), 150, 4, &[]);
}

#[test]
fn finds_a_dark_gapless_board_with_holes() {
    // Word Hunt "O" shape on a 5x5 board: corners and centre missing.
    let holes = vec![(0, 0), (0, 4), (2, 2), (4, 0), (4, 4)];
    let style = Style {
        background: Rgb([120, 120, 130]),
        tile: Rgb([30, 40, 70]),
        ink: Rgb([240, 240, 240]),
        gap: 0.0,
        holes: holes.clone(),
    };
    let img = draw_board(700, 800, (60, 200), 110, 5, &style);
    check_synthetic(img, (60, 200), 110, 5, &holes);
}

#[test]
fn finds_a_small_coloured_board_in_a_large_desktop() {
    let style = Style {
        background: Rgb([200, 60, 140]),
        tile: Rgb([250, 200, 40]),
        ink: Rgb([90, 20, 20]),
        gap: 0.15,
        holes: vec![],
    };
    let img = draw_board(1920, 1080, (1500, 400), 70, 6, &style);
    check_synthetic(img, (1500, 400), 70, 6, &[]);
}

/// A small game window on a 4K screen: a 5x5 board of 40-pixel tiles (letters about 24 pixels
/// high) in a 3840x2160 screenshot. In the copy scaled to 1280 pixels that the grid is first
/// looked for in, its letters are 8 pixels high and not found (tiles of 28 to 44 pixels: no
/// board found); it is found in a copy twice as fine.
#[test]
fn finds_a_small_board_on_a_4k_screen() {
    let style = cream_tiles_on_green();
    let img = draw_board(3840, 2160, (1700, 900), 40, 5, &style);
    check_synthetic(img, (1700, 900), 40, 5, &[]);
}

/// A 3840x2160 desktop, as a full-screen capture shows it: a blue gradient wallpaper with `window`
/// at `at`, and a taskbar of labelled buttons along the bottom.
fn on_a_4k_desktop(window: &RgbImage, at: (i64, i64)) -> RgbImage {
    let font = bold_font();
    let mut page = RgbImage::from_fn(3840, 2160, |x, y| {
        Rgb([
            20 + (40 * x / 3840) as u8,
            60 + (50 * y / 2160) as u8,
            200 - (80 * y / 2160) as u8,
        ])
    });
    image::imageops::replace(&mut page, window, at.0, at.1);
    let bar = imageproc::rect::Rect::at(0, 2080).of_size(3840, 80);
    imageproc::drawing::draw_filled_rect_mut(&mut page, bar, Rgb([32, 32, 36]));
    for (i, label) in ["Files", "Browser", "Emulator", "Terminal", "Mail", "Music"]
        .iter()
        .enumerate()
    {
        let x = 100 + 220 * i as i32;
        let button = imageproc::rect::Rect::at(x, 2090).of_size(200, 60);
        imageproc::drawing::draw_filled_rect_mut(&mut page, button, Rgb([50, 50, 56]));
        imageproc::drawing::draw_text_mut(
            &mut page,
            Rgb([230, 230, 230]),
            x + 40,
            2105,
            26.0,
            &font,
            label,
        );
    }
    page
}

/// A game window on a 4K desktop (see [`on_a_4k_desktop`]) whose 4x4 board has tiles `pitch`
/// pixels apart, and the board's top-left corner. In the copy scaled to 1280 pixels the labels
/// and the board's letters are text of one size that lines up on no lattice: no board was found
/// for tiles 30 to 70 pixels apart; it is found in a copy twice as fine.
fn board_in_a_window_on_a_4k_desktop(pitch: u32, style: &Style) -> (RgbImage, (u32, u32)) {
    let window = draw_board(6 * pitch, 10 * pitch, (pitch, 3 * pitch), pitch, 4, style);
    let (wx, wy) = (2400, 500);
    (
        on_a_4k_desktop(&window, (wx, wy)),
        (wx as u32 + pitch, wy as u32 + 3 * pitch),
    )
}

#[test]
fn finds_a_small_board_in_a_window_on_a_4k_desktop() {
    let orange_tiles_on_navy = Style {
        background: Rgb([16, 28, 56]),
        tile: Rgb([240, 140, 30]),
        ink: Rgb([255, 255, 255]),
        gap: 0.1,
        holes: vec![],
    };
    for style in [cream_tiles_on_green(), orange_tiles_on_navy] {
        for pitch in [32, 36, 40, 48, 56, 64] {
            let (page, origin) = board_in_a_window_on_a_4k_desktop(pitch, &style);
            check_synthetic(page, origin, pitch, 4, &[]);
        }
    }
}

/// Reads the real screenshot `name` shrunk (Lanczos) so that its board's tiles are `pitch` pixels
/// apart (its box from [`real_screen_grids`]), in a window on a 4K desktop (see
/// [`on_a_4k_desktop`]) that `decorate` may add to: its tiles must read as its truth. Skipped
/// where `../shared` is absent.
fn assert_read_on_a_4k_desktop(name: &str, pitch: f32, decorate: fn(RgbImage) -> RgbImage) {
    let Some(path) = common::real_screen(name) else {
        return;
    };
    let truth = common::board_truth(&path);
    let shot = vision::load::load(&path).unwrap().to_rgb8();
    let grid = &real_screen_grids()[name];
    let k = pitch / (grid.grid[2] as f32 / grid.cols as f32);
    let (w, h) = (
        (shot.width() as f32 * k) as u32,
        (shot.height() as f32 * k) as u32,
    );
    let small = image::imageops::resize(&shot, w, h, image::imageops::FilterType::Lanczos3);
    let page = decorate(on_a_4k_desktop(&small, (2200, 300)));
    let reader = wordsnap::TileReader::new().unwrap();
    let read = vision::read_image(&DynamicImage::ImageRgb8(page), &reader)
        .unwrap_or_else(|e| panic!("{name} at a pitch of {pitch}: {e}"));
    assert_eq!(
        read.board.tiles, truth.tiles,
        "{name} at a pitch of {pitch}"
    );
}

/// Real screenshots shrunk onto a 4K desktop (see [`on_a_4k_desktop`]) so that their tiles are
/// 36 to 61 pixels apart, as a game's window not made full screen shows them: each board is found
/// and read right. The Wordament ones (light letters on tiles with gaps, on a dark page) need a
/// window for ink of a 256th of the copy's side: with a 128th, the tiles and their gaps ran
/// together and no board was found.
#[test]
fn real_boards_in_windows_on_a_4k_desktop_are_read() {
    for (name, pitch) in [
        ("wordament_win8_1920x1080_digram_CH.png", 61.0),
        ("wordament_android_1080x1920_a.png", 36.0),
        ("letterpress_iphone4_pink_theme.png", 38.0),
    ] {
        assert_read_on_a_4k_desktop(name, pitch, |page| page);
    }
}

/// `page` (4K) with a grid of desktop icons down its left side, 5 columns of 6 (a square and a
/// label under it), as a cluttered desktop shows them.
fn with_desktop_icons(mut page: RgbImage) -> RgbImage {
    let font = bold_font();
    let labels = [
        "Recycle Bin",
        "notes.txt",
        "Chrome",
        "Steam",
        "Discord",
        "report.docx",
    ];
    for c in 0..5 {
        for r in 0..6 {
            let (x, y) = (40 + 200 * c, 40 + 220 * r);
            let icon = imageproc::rect::Rect::at(x + 50, y).of_size(96, 96);
            imageproc::drawing::draw_filled_rect_mut(&mut page, icon, Rgb([200, 210, 225]));
            let label = labels[(r + c) as usize % labels.len()];
            let white = Rgb([255, 255, 255]);
            imageproc::drawing::draw_text_mut(
                &mut page,
                white,
                x + 20,
                y + 104,
                26.0,
                &font,
                label,
            );
        }
    }
    page
}

/// A desktop whose labelled icons line up in a grid of 5x6: that lattice of labels came first
/// and, none of its "tiles" reading as a letter, the image was refused with no board found,
/// the game's window beside it never looked at. The board is looked for again with that
/// lattice hidden, and read.
#[test]
fn a_board_beside_a_grid_of_desktop_icons_is_read() {
    for (name, pitch) in [
        ("boggle_with_friends_1920x1200_qu.png", 70.0),
        ("letterpress_iphone4_pink_theme.png", 60.0),
    ] {
        assert_read_on_a_4k_desktop(name, pitch, with_desktop_icons);
    }
}

/// A Ruzzle board shrunk onto a 4K desktop (tiles 54-63 px apart, letters about 20 px high): the
/// middle grey of a downscaled `M` or `R` was taken for a swipe trail's band, and the "letter"
/// found under it once lifted, the tile's coloured border or a stem, was read in the place of
/// the letter (`I`, `J`; doubted here, but read `I` at 96% beside a page of text). A letter under
/// a trail is preferred only where it lies over the letter as cut, and never when shorter.
#[test]
fn a_small_ruzzle_board_keeps_its_letters_where_no_trail_is_drawn() {
    for pitch in [54.5, 59.5, 63.0] {
        assert_read_on_a_4k_desktop("ruzzle_android_1080x2340.png", pitch, |page| page);
    }
}

/// Two screenshots of 4x4 boards put side by side in one figure line up on one 4x8 lattice of
/// letters: no game's board has that shape, so the image is refused (and not read as one board,
/// nor as one board and a column of the other).
#[test]
fn two_boards_side_by_side_are_refused_not_read_as_one() {
    let style = cream_tiles_on_green();
    let left = draw_board(675, 1000, (75, 300), 150, 4, &style);
    let right = draw_board(675, 1000, (0, 300), 150, 4, &style);
    let mut both = RgbImage::new(1350, 1000);
    image::imageops::replace(&mut both, &left, 0, 0);
    image::imageops::replace(&mut both, &right, 675, 0);
    let found = vision::find_board(&DynamicImage::ImageRgb8(both));
    assert!(
        matches!(
            found,
            Err(VisionError::NoGrid(NoLattice::TwoBoards {
                rows: 4,
                cols: 8
            }))
        ),
        "{found:?}"
    );
    // One of them alone is a board.
    check_synthetic(left, (75, 300), 150, 4, &[]);
}

/// A fine checkerboard (squares of 6 pixels on a 2000-pixel page) lines up as a 7x7 lattice of
/// like "letters" once scaled down for the search, but none of them reads surely as one (the
/// model gives each `R` at 19-32%): the image is refused, not read as a board of doubts.
#[test]
fn a_fine_checkerboard_is_refused_as_unread() {
    let checkerboard = RgbImage::from_fn(2000, 2000, |x, y| {
        if (x / 6 + y / 6) % 2 == 1 {
            Rgb([0, 0, 0])
        } else {
            Rgb([200, 200, 200])
        }
    });
    let reader = wordsnap::TileReader::new().unwrap();
    let read = vision::read_image(&DynamicImage::ImageRgb8(checkerboard), &reader);
    assert!(
        matches!(
            read,
            Err(VisionError::NoGrid(NoLattice::Unread { sure: 0, .. }))
        ),
        "{:?}",
        read.map(|r| r.board)
    );
}

#[test]
fn bad_input_gives_clear_errors() {
    let blank = DynamicImage::ImageRgb8(RgbImage::from_pixel(800, 600, Rgb([200, 200, 200])));
    assert!(matches!(
        vision::find_board(&blank),
        Err(VisionError::NoGrid(_))
    ));
    let tiny = DynamicImage::ImageRgb8(RgbImage::new(1, 1));
    assert!(matches!(
        vision::find_board(&tiny),
        Err(VisionError::TooSmall(1, 1))
    ));
    let dir = std::env::temp_dir().join(format!("wordsnap-vision-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("not-an-image.png");
    std::fs::write(&text, "hello").unwrap();
    assert!(matches!(
        vision::load::load(&text),
        Err(VisionError::NotAnImage(_))
    ));
    let truncated = dir.join("truncated.png");
    let mut png = Vec::new();
    DynamicImage::ImageRgb8(RgbImage::from_pixel(64, 64, Rgb([9, 9, 9])))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    std::fs::write(&truncated, &png[..png.len() / 2]).unwrap();
    assert!(vision::load::load(&truncated).is_err());
    assert!(matches!(
        vision::load::load(&dir.join("missing.png")),
        Err(VisionError::Io(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
