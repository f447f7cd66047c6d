//! End-to-end tests of `wordsnap read`, `solve IMAGE` and `eval` on bad input: every case
//! exits with code 2 and a message naming the problem, never a panic.

mod common;

use common::wordsnap;

use std::path::{Path, PathBuf};

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wordsnap-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn png(width: u32, height: u32, pixel: [u8; 3]) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(width, height, image::Rgb(pixel));
    let mut bytes = std::io::Cursor::new(Vec::new());
    img.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// A PNG header (signature + IHDR chunk) that claims the given size, with no image data.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut chunk = b"IHDR".to_vec();
    chunk.extend_from_slice(&ihdr);
    let crc = crc32(&chunk);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend_from_slice(&(ihdr.len() as u32).to_be_bytes());
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&crc.to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn assert_bad_input(path: &Path, expected: &str) {
    for command in ["read", "solve"] {
        let out = wordsnap(&[command, path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{command} {}: {stderr}",
            path.display()
        );
        assert!(
            stderr.contains(expected),
            "{command} {}: {stderr}",
            path.display()
        );
        assert!(
            stderr.contains(path.file_name().unwrap().to_str().unwrap()),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn bad_images_exit_2_with_a_clear_message() {
    assert_bad_input(&temp("empty.png", b""), "the file is empty");
    assert_bad_input(
        &temp("notes.png", b"just some text, not an image\n"),
        "not a readable image",
    );
    let full = png(64, 64, [200, 10, 10]);
    assert_bad_input(
        &temp("truncated.png", &full[..full.len() / 2]),
        "truncated image",
    );
    assert_bad_input(
        &temp("dot.png", &png(1, 1, [0, 0, 0])),
        "too small to hold a board",
    );
    assert_bad_input(
        &temp("blank.png", &png(400, 300, [240, 240, 240])),
        "no board found: no letter grid",
    );
    assert_bad_input(&temp("huge.png", &png_header(40_000, 40_000)), "too large");
    let missing = PathBuf::from("/nonexistent/shot.png");
    assert_bad_input(&missing, "cannot open the image");
}

#[test]
fn eval_on_a_folder_without_ground_truth_exits_2() {
    let dir = std::env::temp_dir().join(format!("wordsnap-eval-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = wordsnap(&["eval", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no images with a ground-truth .json"));
}

#[test]
fn a_model_file_that_is_not_a_model_exits_2() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/roboto_light_4x4.png");
    let not_a_model = temp("not-a-model.onnx", b"these are not ONNX bytes");
    let models = [not_a_model.as_path(), Path::new("/nonexistent/model.onnx")];
    for (flag, model) in ["--model", "--second-model"]
        .into_iter()
        .flat_map(|flag| models.map(|m| (flag, m)))
    {
        let out = wordsnap(&[
            "read",
            flag,
            model.to_str().unwrap(),
            fixture.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{flag} {}", model.display());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("cannot load the recognition model"), "{err}");
        assert!(err.contains(&model.display().to_string()), "{err}");
    }
}

#[test]
fn the_shipped_models_given_as_files_read_like_the_embedded_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixture = root.join("fixtures/screens/roboto_light_4x4.png");
    let embedded = wordsnap(&["read", "--json", fixture.to_str().unwrap()]);
    let from_file = wordsnap(&[
        "read",
        "--json",
        "--model",
        root.join("models/tile_ocr.onnx").to_str().unwrap(),
        "--second-model",
        root.join("models/tile_ocr_second.onnx").to_str().unwrap(),
        fixture.to_str().unwrap(),
    ]);
    assert_eq!(embedded.status.code(), Some(0));
    assert_eq!(from_file.stdout, embedded.stdout);
}
