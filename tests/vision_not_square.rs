//! A board read with more rows than columns (or the other way): every game plays square boards,
//! so the read has a line missed or one too many, and `read` says so even where nothing beyond
//! the board looks like more tiles (a column hidden under the page's own colour).

mod common;

use std::path::Path;
use wordsnap::TileReader;
use wordsnap::vision;

#[test]
fn a_board_read_not_square_is_said_to_be_so() {
    let reader = TileReader::new().expect("the embedded model loads");
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/lato_desktop_5x5_x.png");
    let image = vision::load::load(&path).unwrap();
    let whole = vision::read_image(&image, &reader).unwrap();
    assert_eq!((whole.board.rows, whole.board.cols), (5, 5));
    assert!(!whole.not_square());
    // The last column painted over in the colour of the page round the board.
    let mut rgb = image.to_rgb8();
    let page = *rgb.get_pixel(2, rgb.height() - 3);
    for row in 0..5 {
        let cell = whole.cells[row * 5 + 4];
        for y in cell.top..cell.bottom {
            for x in cell.left..cell.right.min(rgb.width()) {
                rgb.put_pixel(x, y, page);
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("wordsnap-not-square-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join("four_columns.png");
    rgb.save(&shot).unwrap();
    let (out, err, code) = common::wordsnap_text(&["read", "--json", shot.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (json["rows"].as_u64(), json["cols"].as_u64()),
        (Some(5), Some(4)),
        "{out}"
    );
    assert_eq!(json["not_square"], true, "{out}");
    assert!(json.get("short_sides").is_none(), "{out}");
    let (_, err, _) = common::wordsnap_text(&["read", shot.to_str().unwrap()]);
    assert!(
        err.contains("the board read is 5x4, but every game plays square boards"),
        "{err}"
    );
    // The whole board: no such field, no such warning.
    let (out, _, _) = common::wordsnap_text(&["read", "--json", path.to_str().unwrap()]);
    assert!(!out.contains("not_square"), "{out}");
    let (_, err, _) = common::wordsnap_text(&["read", path.to_str().unwrap()]);
    assert!(!err.contains("square boards"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
