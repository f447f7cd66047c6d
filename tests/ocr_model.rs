//! Integration checks and measurements for the tile OCR model.
//!
//! `cargo test --release --test ocr_model -- --nocapture` runs the fixture
//! accuracy check and prints load / per-board timings.
//! Set `OCR_EVAL_DIR` to a directory holding `labels.tsv` + PNG crops (as
//! written by `models/train/train.py fixtures`) to evaluate another crop set.

use std::path::{Path, PathBuf};
use std::time::Instant;

use image::GrayImage;
use wordsnap::vision::ocr::TileReader;

fn load_set(dir: &Path) -> Vec<(GrayImage, String)> {
    let labels = std::fs::read_to_string(dir.join("labels.tsv")).expect("labels.tsv");
    labels
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (name, text) = l.split_once('\t').expect("name<TAB>text");
            let img = image::open(dir.join(name)).expect("crop image").to_luma8();
            (img, text.to_string())
        })
        .collect()
}

fn eval_dir() -> PathBuf {
    std::env::var_os("OCR_EVAL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/ocr"))
}

#[test]
fn held_out_fonts_accuracy_and_timings() {
    let dir = eval_dir();
    let set = load_set(&dir);
    assert!(!set.is_empty());

    let t = Instant::now();
    let reader = TileReader::new().unwrap();
    let load_ms = t.elapsed().as_secs_f64() * 1e3;

    // Warm up once, then time 16-crop boards.
    let first: Vec<GrayImage> = set.iter().take(16).map(|(c, _)| c.clone()).collect();
    reader.read(&first).unwrap();

    let mut correct = 0usize;
    let mut errors = Vec::new();
    let mut board_ms = Vec::new();
    let mut right_conf: Vec<f32> = Vec::new();
    for (b, board) in set.chunks(16).enumerate() {
        let crops: Vec<GrayImage> = board.iter().map(|(c, _)| c.clone()).collect();
        let t = Instant::now();
        let readings = reader.read(&crops).unwrap();
        if board.len() == 16 {
            board_ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        for (k, (r, (_, truth))) in readings.iter().zip(board).enumerate() {
            if r.text == *truth {
                correct += 1;
                right_conf.push(r.confidence);
            } else {
                let index = b * 16 + k;
                errors.push(format!("#{index} {truth}->{}({:.2})", r.text, r.confidence));
            }
        }
    }
    board_ms.sort_by(f64::total_cmp);
    let acc = correct as f64 / set.len() as f64;
    let median = board_ms.get(board_ms.len() / 2).copied().unwrap_or(0.0);
    let mean = board_ms.iter().sum::<f64>() / board_ms.len().max(1) as f64;
    println!(
        "set {}: accuracy {acc:.4} ({correct}/{}); model load {load_ms:.1} ms; \
         16-crop board read: median {median:.1} ms, mean {mean:.1} ms over {} boards",
        dir.display(),
        set.len(),
        board_ms.len()
    );
    println!("errors: {errors:?}");
    let low = right_conf.iter().filter(|&&c| c < 0.5).count();
    println!(
        "correct readings with confidence < 0.5: {low}/{}; mean confidence when correct {:.3}",
        right_conf.len(),
        right_conf.iter().sum::<f32>() / right_conf.len().max(1) as f32
    );
    assert!(acc >= 0.99, "accuracy {acc:.4} < 0.99");
}
