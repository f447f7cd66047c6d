//! Dictionary loading: mapping a compiled word list (`.wsd`) against building the trie from the
//! plain list, for the embedded English list's 274,137 words.
//!
//! Run with `cargo bench --bench dict`; figures are recorded in BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use wordsnap::dict::{Dictionary, LoadOptions};

fn dict_benchmarks(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("wordsnap-bench-dict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let english = Dictionary::english();
    let list = dir.join("english.txt");
    std::fs::write(&list, english.words().join("\n")).unwrap();
    let wsd = dir.join("english.wsd");
    english.write_compiled(&wsd).unwrap();
    let options = LoadOptions::default();

    let mut group = c.benchmark_group("dict-load");
    group.bench_function("wsd-mapped", |b| {
        b.iter(|| Dictionary::load(Some(&wsd), &options).unwrap().word_count())
    });
    group.sample_size(10);
    group.bench_function("plain-list-built", |b| {
        b.iter(|| {
            Dictionary::load(Some(&list), &options)
                .unwrap()
                .word_count()
        })
    });
    group.finish();
    std::fs::remove_dir_all(&dir).unwrap();
}

criterion_group!(benches, dict_benchmarks);
criterion_main!(benches);
