//! Monte Carlo tree search on general games: iterations (one playout each) per second of
//! `mcts::GeneralMcts` on EinStein würfelt nicht! (dice: chance nodes) and on the
//! three-player m,n,k-game, and, as the reference measured in the same run, `GeneralMcts`
//! against `mcts::Mcts` on Connect Four (a `Game`, so a `GeneralGame` too): the one engine
//! in its general mode and in its two-player mode, so what the general mode costs where
//! the two-player one applies.
//!
//! `cargo bench -p benches --bench mcts_general`
//!
//! One search of `ITERATIONS` iterations per measured iteration, one thread (and, on
//! EinStein, two: a tree per thread), default options (uniform random playouts, c = 1.0),
//! a reused engine.
#![forbid(unsafe_code)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use games::{ConnectFour, EinStein, EinSteinMove, MnkGame};
use mcts::{GeneralMcts, Mcts};
use search_core::{Budget, GeneralGame};

/// Iterations per measured search.
const ITERATIONS: u64 = 50_000;

fn bench_general(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts general playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    let budget = Budget::iterations(ITERATIONS);

    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(3));
    let mut ai = GeneralMcts::new().with_budget(budget.clone());
    group.bench_function("GeneralMcts/einstein start", |b| {
        b.iter(|| black_box(ai.search(black_box(&dice)).unwrap().best_move));
    });

    let mut ai = GeneralMcts::new()
        .with_threads(2)
        .with_budget(budget.clone());
    group.bench_function("GeneralMcts 2 threads/einstein start", |b| {
        b.iter(|| black_box(ai.search(black_box(&dice)).unwrap().best_move));
    });

    let three = MnkGame::new(5, 5, 4, 3).unwrap();
    let mut ai = GeneralMcts::new().with_budget(budget.clone());
    group.bench_function("GeneralMcts/mnk 5x5 k4 3 players", |b| {
        b.iter(|| black_box(ai.search(black_box(&three)).unwrap().best_move));
    });

    let four = ConnectFour::new();
    let mut ai = GeneralMcts::new().with_budget(budget.clone());
    group.bench_function("GeneralMcts/connect4", |b| {
        b.iter(|| black_box(ai.search(black_box(&four)).unwrap().best_move));
    });
    // Tree reuse off: every search starts from an empty tree, as the general mode's do.
    let mut ai = Mcts::new().with_tree_reuse(false).with_budget(budget);
    group.bench_function("Mcts/connect4", |b| {
        b.iter(|| black_box(ai.search(black_box(&four)).unwrap().best_move));
    });
    group.finish();
}

criterion_group!(benches, bench_general);
criterion_main!(benches);
