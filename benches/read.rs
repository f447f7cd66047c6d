//! Reading benchmarks: loading the embedded tile OCR model, and reading screenshots from their
//! files (decode, grid search, crops and the model, as `wordsnap read` does after start-up): a
//! 1920x1080 desktop screenshot (a 5x5 board in a corner) and a tall 1080x2400 phone screenshot
//! (a 4x4 Wordament board among panels and a touch-debug overlay).
//!
//! Run with `cargo bench --bench read`; figures are recorded in BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use wordsnap::vision::{self, ocr::TileReader};

fn bench_read(c: &mut Criterion) {
    c.bench_function("model load (embedded tile OCR)", |b| {
        b.iter(|| black_box(TileReader::new().expect("model loads")))
    });
    let reader = TileReader::new().expect("model loads");
    let screenshot =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/lato_desktop_5x5_x.png");
    c.bench_function("read 1920x1080 screenshot file", |b| {
        b.iter(|| black_box(vision::read_image_file(&screenshot, &reader).expect("board read")))
    });
    let phone = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/phones/wordament_1080x2400_touch_debug.png");
    c.bench_function("read 1080x2400 phone screenshot file", |b| {
        b.iter(|| black_box(vision::read_image_file(&phone, &reader).expect("board read")))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench_read
}
criterion_main!(benches);
