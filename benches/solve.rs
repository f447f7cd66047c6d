//! Solver benchmarks: boards per second on one core for the three sets of `wordsnap bench`
//! (uniform random 4x4, New Boggle dice 4x4, Big Boggle dice 5x5), with the embedded English list
//! and paths recorded, counting words and building full solutions; the uniform boards also
//! through a straightforward HashSet solver for comparison.
//!
//! Run with `cargo bench --bench solve`; figures are recorded in BENCHMARKS.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use wordsnap::bench::BoardSet;
use wordsnap::board::Board;
use wordsnap::dict::Dictionary;
use wordsnap::score::Game;
use wordsnap::solve::{SolveOptions, Solver};

mod naive;

const BOARDS: usize = 1000;

/// Times the two hot paths on one set: the search with word counts (`Solver::count`, what
/// `solve --boards` prints) and the full solution with word strings and paths (`Solver::solve`).
fn bench_set(c: &mut Criterion, name: &str, boards: &[Board], game: Game, dict: &Dictionary) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(boards.len() as u64));
    let mut solver = Solver::new(dict, SolveOptions::new(game));
    group.bench_function("count", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| solver.count(black_box(board)).0)
                .sum::<usize>()
        })
    });
    group.bench_function("solve", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| solver.solve(black_box(board)).words.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn solver_benchmarks(c: &mut Criterion) {
    let dict = Dictionary::english();
    for set in BoardSet::ALL {
        // The same boards as `wordsnap bench --count 1000` (seed 1), under Boggle rules.
        bench_set(
            c,
            set.name(),
            &set.boards(BOARDS, 1, false),
            Game::Boggle,
            &dict,
        );
    }

    let boards = BoardSet::Uniform4x4.boards(BOARDS, 1, false);
    let naive_dict = naive::NaiveDict::new(&dict.words());
    let mut group = c.benchmark_group("uniform-4x4");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.sample_size(10);
    group.bench_function("naive-hashset", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| naive::naive_solve(black_box(board), &naive_dict, 3).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, solver_benchmarks);
criterion_main!(benches);
