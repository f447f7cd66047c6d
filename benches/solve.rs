//! Solver benchmarks: boards per second on one core for uniform random 4x4 and 5x5 boards and for
//! boards rolled from real Boggle dice, with the embedded English list and paths recorded; the
//! same boards through a straightforward HashSet solver for comparison.
//!
//! Run with `cargo bench --bench solve`; figures are recorded in BENCHMARKS.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use wordsnap::board::{Board, Tile};
use wordsnap::dice;
use wordsnap::dict::Dictionary;
use wordsnap::score::Game;
use wordsnap::solve::{SolveOptions, Solver};

mod naive;

const BOARDS: usize = 1000;

/// Uniform random boards: each tile a random letter, `q` as `qu`.
fn uniform_boards(side: usize, seed: u64) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..BOARDS)
        .map(|_| {
            let tiles = (0..side * side)
                .map(|_| {
                    let c = (b'a' + rng.random_range(0..26u8)) as char;
                    Tile::Letters(if c == 'q' { "qu".into() } else { c.to_string() })
                })
                .collect();
            Board::new(side, side, tiles).unwrap()
        })
        .collect()
}

fn dice_boards(game: Game, seed: u64) -> Vec<Board> {
    (0..BOARDS as u64)
        .map(|i| dice::roll(game, seed + i))
        .collect()
}

fn bench_set(c: &mut Criterion, name: &str, boards: &[Board], game: Game, dict: &Dictionary) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(boards.len() as u64));
    let mut solver = Solver::new(dict, SolveOptions::new(game));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| solver.count(black_box(board)).0)
                .sum::<usize>()
        })
    });
    group.finish();
}

fn solver_benchmarks(c: &mut Criterion) {
    let dict = Dictionary::english();
    bench_set(c, "uniform-4x4", &uniform_boards(4, 1), Game::Boggle, &dict);
    bench_set(
        c,
        "uniform-5x5",
        &uniform_boards(5, 2),
        Game::Bigboggle,
        &dict,
    );
    bench_set(
        c,
        "dice-4x4",
        &dice_boards(Game::Boggle, 3),
        Game::Boggle,
        &dict,
    );
    bench_set(
        c,
        "dice-5x5",
        &dice_boards(Game::Bigboggle, 4),
        Game::Bigboggle,
        &dict,
    );

    let boards = uniform_boards(4, 1);
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
