//! Adversarial search: the exact Connect Four solver on samples of Pascal Pons' benchmark
//! sets, perft(10), and iterative deepening to depth 14 from the empty board — with the
//! `minimax` crate 0.6 (edre/minimax-rs) running the same workloads in the same process,
//! on the same bitboard Connect Four and the same evaluator.
//!
//! `cargo bench -p benches --bench adversarial`
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{Negamax, Replacement, Solver, TranspositionTable};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use games::connect4_line::parse_line;
use games::{ConnectFour, ThreatEvaluator, perft};
use minimax::Strategy as _;
use search_core::{Budget, Evaluator as _, Game as _, GameHash as _, Outcome};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/connect4");

/// Every `step`-th position of a benchmark set (at most `max`).
fn sample(set: &str, step: usize, max: usize) -> Vec<ConnectFour> {
    let path = format!("{DATA}/{set}");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e} (the benchmark data is missing)"));
    text.lines()
        .step_by(step)
        .take(max)
        .map(|l| match parse_line(l) {
            Ok(Some(line)) => line.position,
            Ok(None) => panic!("{set}: a line without a position"),
            Err(e) => panic!("{set}: {l}: {e}"),
        })
        .collect()
}

/// Connect Four for the `minimax` crate: the same bitboard state, copy-make.
struct C4;

impl minimax::Game for C4 {
    type S = ConnectFour;
    type M = u8;

    fn generate_moves(state: &ConnectFour, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(w) = Self::get_winner(state) {
            return Some(w);
        }
        state.legal_moves(moves);
        None
    }

    fn apply(state: &mut ConnectFour, m: u8) -> Option<ConnectFour> {
        let mut next = *state;
        next.play(m);
        Some(next)
    }

    fn get_winner(state: &ConnectFour) -> Option<minimax::Winner> {
        match state.outcome() {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(minimax::Winner::Draw),
            Outcome::Win(_) => Some(minimax::Winner::PlayerJustMoved),
        }
    }

    fn zobrist_hash(state: &ConnectFour) -> u64 {
        // The exact key, mixed so that every bit of it varies.
        state.hash_key().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// Our `ThreatEvaluator`, as a `minimax` evaluator.
struct Threats;

impl minimax::Evaluator for Threats {
    type G = C4;
    fn evaluate(&self, state: &ConnectFour) -> minimax::Evaluation {
        ThreatEvaluator.evaluate(state).clamp(-30_000, 30_000) as minimax::Evaluation
    }
}

fn bench_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4 solve (table cleared per position)");
    group.sample_size(10);
    let sets = [
        ("Test_L3_R1 End-Easy x50", sample("Test_L3_R1", 20, 50)),
        ("Test_L2_R1 Middle-Easy x50", sample("Test_L2_R1", 20, 50)),
        (
            "Test_L2_R2 Middle-Medium x10",
            sample("Test_L2_R2", 100, 10),
        ),
        ("Test_L1_R1 Begin-Easy x20", sample("Test_L1_R1", 50, 20)),
        ("Test_L1_R2 Begin-Medium x2", sample("Test_L1_R2", 500, 2)),
    ];
    let mut solver = Solver::new().with_table(Arc::new(
        TranspositionTable::with_megabytes(16)
            .expect("16 MB table")
            .with_replacement(Replacement::Always),
    ));
    for (name, positions) in &sets {
        group.bench_function(*name, |b| {
            b.iter_custom(|iters| {
                // Clearing the table is not timed (as in Pons' benchmark).
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    for p in positions {
                        solver.clear();
                        let started = Instant::now();
                        black_box(solver.solve(p).expect("solve"));
                        total += started.elapsed();
                    }
                }
                total
            })
        });
    }
    group.finish();

    // Weak solve side by side with minimax-rs searching to the end of the game (it has no
    // exact solver: a full-depth iterative search with a table is the nearest workload).
    let mut group = c.benchmark_group("connect4 weak solve vs minimax-rs full-depth search");
    group.sample_size(10);
    let end_easy = sample("Test_L3_R1", 20, 50);
    group.bench_function("adversarial Solver::solve_weak End-Easy x50", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                for p in &end_easy {
                    solver.clear();
                    let started = Instant::now();
                    black_box(solver.solve_weak(p).expect("solve"));
                    total += started.elapsed();
                }
            }
            total
        })
    });
    group.bench_function("minimax IterativeSearch to the end, End-Easy x50", |b| {
        b.iter_custom(|iters| {
            // Building the engine (and its table) is not timed either.
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                for p in &end_easy {
                    let opts = minimax::IterativeOptions::new().with_table_byte_size(16 << 20);
                    let mut s = minimax::IterativeSearch::new(Threats, opts);
                    s.set_max_depth((42 - p.moves_played()) as u8);
                    let started = Instant::now();
                    black_box(s.choose_move(p));
                    total += started.elapsed();
                }
            }
            total
        })
    });
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4 perft(10) (268,031,646 leaves)");
    group.sample_size(10);
    group.bench_function("games::perft", |b| {
        b.iter(|| perft(black_box(&ConnectFour::new()), 10))
    });
    // minimax::perft counts (and prints) every depth 0..=10: 1.17x the leaves of depth 10.
    group.bench_function("minimax::perft (depths 0..=10)", |b| {
        b.iter(|| minimax::perft::<C4>(&mut ConnectFour::new(), 10, false))
    });
    group.finish();
}

fn bench_deepening(c: &mut Criterion) {
    // One untimed run of each, to report the node counts next to the times.
    let table = TranspositionTable::with_megabytes(64).expect("64 MB table");
    let mut engine = Negamax::new(ThreatEvaluator)
        .with_table(Arc::new(table))
        .with_budget(Budget::depth(14));
    if let Ok(r) = engine.search(&ConnectFour::new()) {
        println!("adversarial depth 14: {r}");
    }
    let opts = minimax::IterativeOptions::new().with_table_byte_size(64 << 20);
    let mut s = minimax::IterativeSearch::new(Threats, opts);
    s.set_max_depth(14);
    let mut root = ConnectFour::new();
    let mv = s.choose_move(&root);
    println!("minimax depth 14: {} ({mv:?})", s.stats(&mut root));

    let mut group = c.benchmark_group("connect4 iterative deepening to depth 14, 64 MB table");
    group.sample_size(10);
    // Our engine with a fresh 64 MB table per search (made outside the timing), with or
    // without the children's table prefetch, on one or more threads.
    for (name, prefetch, threads) in [
        ("adversarial Negamax (PVS)", true, 1),
        ("adversarial Negamax (PVS), no prefetch", false, 1),
        ("adversarial Negamax (PVS), 2 threads", true, 2),
    ] {
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    let table = TranspositionTable::with_megabytes(64).expect("64 MB table");
                    Negamax::new(ThreatEvaluator)
                        .with_table(Arc::new(table))
                        .with_prefetch(prefetch)
                        .with_threads(threads)
                        .with_budget(Budget::depth(14))
                },
                |mut engine| black_box(engine.search(&ConnectFour::new()).expect("search")),
                BatchSize::PerIteration,
            )
        });
    }
    group.bench_function("minimax IterativeSearch (null window)", |b| {
        b.iter_batched(
            || {
                let opts = minimax::IterativeOptions::new().with_table_byte_size(64 << 20);
                let mut s = minimax::IterativeSearch::new(Threats, opts);
                s.set_max_depth(14);
                s
            },
            |mut s| black_box(s.choose_move(&ConnectFour::new())),
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, bench_solver, bench_perft, bench_deepening);
criterion_main!(benches);
