//! Move-generation speed: perft on both games (bulk-counted last ply, copy-make).
//!
//! `cargo bench -p benches --bench perft`
#![forbid(unsafe_code)]

use criterion::{Criterion, criterion_group, criterion_main};
use games::{ConnectFour, TicTacToe, perft};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("tictactoe perft(9)", |b| {
        b.iter(|| perft(black_box(&TicTacToe::new()), 9))
    });
    group.bench_function("connect4 perft(8)", |b| {
        b.iter(|| perft(black_box(&ConnectFour::new()), 8))
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
