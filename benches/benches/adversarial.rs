//! Adversarial search: the exact Connect Four solver on samples of Pascal Pons' benchmark
//! sets, perft(10), and iterative deepening to depth 14 from the empty board — with the
//! `minimax` crate 0.6 (edre/minimax-rs) running the same workloads in the same process,
//! on the same bitboard Connect Four and the same evaluator — and `Negamax`'s alpha-beta
//! enhancements (aspiration windows, MTD(f), quiescence) against the plain search at a
//! fixed depth on Connect Four and Reversi positions.
//!
//! `cargo bench -p benches --bench adversarial`
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{Negamax, Replacement, Solver, TranspositionTable};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use games::connect4_line::parse_line;
use games::reversi::Weights;
use games::{ConnectFour, Reversi, ThreatEvaluator, perft};
use minimax::Strategy as _;
use search_core::{Budget, Evaluator, Game, GameHash, Outcome, SplitMix64, Stats};

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

/// `count` ongoing Reversi positions after 8 to 15 seeded random moves from the start.
fn reversi_positions(count: usize) -> Vec<Reversi> {
    let mut rng = SplitMix64::new(2024);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Reversi::new();
        for _ in 0..8 + rng.below(8) {
            let moves = g.legal_move_list();
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.below(moves.len())]);
        }
        if !g.outcome().is_over() {
            out.push(g);
        }
    }
    out
}

/// The root-window and quiescence options compared, by name.
#[derive(Copy, Clone)]
enum Enhancement {
    Plain,
    Aspiration(u32),
    Mtdf,
    Quiescence(u32),
}

impl Enhancement {
    fn name(self) -> String {
        match self {
            Enhancement::Plain => "plain (PVS)".to_string(),
            Enhancement::Aspiration(w) => format!("aspiration +-{w}"),
            Enhancement::Mtdf => "MTD(f)".to_string(),
            Enhancement::Quiescence(q) => format!("quiescence {q}"),
        }
    }
}

/// Searches every position to `depth` with a 16 MB table cleared before each one (the
/// clearing untimed); returns the time spent searching and the statistics added up.
fn search_all<G, E>(
    positions: &[G],
    eval: E,
    depth: u32,
    enhancement: Enhancement,
) -> (Duration, Stats)
where
    G: Game + GameHash + Sync,
    E: Evaluator<G> + Sync + Copy,
{
    let table = Arc::new(TranspositionTable::with_megabytes(16).expect("16 MB table"));
    let engine = Negamax::new(eval)
        .with_table(table.clone())
        .with_budget(Budget::depth(depth));
    let mut engine = match enhancement {
        Enhancement::Plain => engine,
        Enhancement::Aspiration(w) => engine.with_aspiration(Some(w)),
        Enhancement::Mtdf => engine.with_mtdf(true),
        Enhancement::Quiescence(q) => engine.with_quiescence(q),
    };
    let mut total = Duration::ZERO;
    let mut stats = Stats::default();
    for p in positions {
        table.clear();
        let started = Instant::now();
        let r = black_box(engine.search(p).expect("search"));
        total += started.elapsed();
        stats.merge(&r.stats);
    }
    (total, stats)
}

/// The depths of the enhancement benchmarks.
const C4_DEPTH: u32 = 14;
const REVERSI_DEPTH: u32 = 9;

fn bench_enhancements(c: &mut Criterion) {
    let connect4 = sample("Test_L1_R1", 125, 8);
    let reversi = reversi_positions(8);
    let c4_options = [
        Enhancement::Plain,
        Enhancement::Aspiration(8),
        Enhancement::Aspiration(32),
        Enhancement::Mtdf,
        Enhancement::Quiescence(4),
    ];
    let reversi_options = [
        Enhancement::Plain,
        Enhancement::Aspiration(5),
        Enhancement::Aspiration(20),
        Enhancement::Mtdf,
        Enhancement::Quiescence(4),
    ];
    // One untimed run of each, to report the node counts next to the times.
    for &e in &c4_options {
        let (t, s) = search_all(&connect4, ThreatEvaluator, C4_DEPTH, e);
        println!(
            "connect4 Test_L1_R1 x8 depth {C4_DEPTH}, {}: {} nodes ({} quiescence), {:.1} ms",
            e.name(),
            s.nodes,
            s.quiescence_nodes,
            t.as_secs_f64() * 1e3
        );
    }
    for &e in &reversi_options {
        let (t, s) = search_all(&reversi, Weights::DEFAULT, REVERSI_DEPTH, e);
        println!(
            "reversi x8 depth {REVERSI_DEPTH}, {}: {} nodes ({} quiescence), {:.1} ms",
            e.name(),
            s.nodes,
            s.quiescence_nodes,
            t.as_secs_f64() * 1e3
        );
    }
    let mut group = c.benchmark_group(format!(
        "negamax enhancements, connect4 Test_L1_R1 x8, depth {C4_DEPTH}"
    ));
    group.sample_size(10);
    for &e in &c4_options {
        group.bench_function(e.name(), |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| search_all(&connect4, ThreatEvaluator, C4_DEPTH, e).0)
                    .sum()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!(
        "negamax enhancements, reversi x8, depth {REVERSI_DEPTH}"
    ));
    group.sample_size(10);
    for &e in &reversi_options {
        group.bench_function(e.name(), |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| search_all(&reversi, Weights::DEFAULT, REVERSI_DEPTH, e).0)
                    .sum()
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_solver,
    bench_perft,
    bench_deepening,
    bench_enhancements
);
criterion_main!(benches);
