//! Chance nodes: plain expectiminimax against Star1 and Star2 pruning to equal depth on
//! EinStein würfelt nicht! positions, with and without the transposition table.
//!
//! `cargo bench -p benches --bench chance`
//!
//! First a table pass searches every position of a fixed, seeded sample with each variant
//! and prints the total nodes (deterministic) and time, and checks that every variant
//! returns the same value as plain expectiminimax (within 1e-9). Then criterion times each
//! variant on the same sample at depth 3.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;

use adversarial::{ChancePruning, Expectimax};
use criterion::Criterion;
use games::{EinStein, EinSteinMove};
use search_core::{Budget, GeneralGame, SplitMix64, Turn};

/// A heuristic within (-1, 1): player 0's cubes' progress towards the bottom-right corner
/// minus player 1's towards the top-left, and the cube count difference.
fn progress(state: &EinStein, values: &mut [f64]) {
    let text = state.to_string();
    let mut score = 0.0;
    for (row, line) in text.lines().take(EinStein::SIDE).enumerate() {
        for (col, ch) in line.split(' ').enumerate() {
            let Some(ch) = ch.chars().next() else {
                continue;
            };
            if ch.is_ascii_digit() {
                score += 1.0 + row.max(col) as f64 / 4.0;
            } else if ch.is_ascii_lowercase() {
                score -= 1.0 + (4 - row).max(4 - col) as f64 / 4.0;
            }
        }
    }
    let v = (score / 16.0).clamp(-0.95, 0.95);
    values[0] = v;
    values[1] = -v;
}

/// `count` positions after random games of 4 to 20 steps, each with the die rolled.
fn sample(count: usize, seed: u64) -> Vec<EinStein> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut state = EinStein::new();
        let steps = 4 + rng.below(17);
        for _ in 0..steps {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => state.apply(EinSteinMove::Roll(1 + rng.below(6) as u8)),
                Turn::Player(_) => {
                    let mut moves = Vec::new();
                    state.moves(&mut moves);
                    state.apply(moves[rng.below(moves.len())]);
                }
            }
        }
        if state.turn() == Turn::Chance {
            state.apply(EinSteinMove::Roll(1 + rng.below(6) as u8));
        }
        if matches!(state.turn(), Turn::Player(_)) {
            out.push(state);
        }
    }
    out
}

const VARIANTS: [(&str, ChancePruning, usize); 6] = [
    ("expectimax", ChancePruning::None, 0),
    ("star1", ChancePruning::Star1, 0),
    ("star2", ChancePruning::Star2, 0),
    ("expectimax+table", ChancePruning::None, 1 << 20),
    ("star1+table", ChancePruning::Star1, 1 << 20),
    ("star2+table", ChancePruning::Star2, 1 << 20),
];

fn engine(
    pruning: ChancePruning,
    entries: usize,
    depth: u32,
) -> Expectimax<fn(&EinStein, &mut [f64])> {
    Expectimax::new(progress as fn(&EinStein, &mut [f64]))
        .with_pruning(pruning)
        .with_table_entries(entries)
        .with_budget(Budget::depth(depth))
}

fn table_pass(positions: &[EinStein]) {
    for depth in [2, 3, 4] {
        println!(
            "\nEinStein, {} positions, depth {depth} (players' moves)",
            positions.len()
        );
        println!(
            "{:<18} {:>12} {:>10} {:>9}",
            "variant", "nodes", "ms", "nodes %"
        );
        let mut plain_nodes = 0u64;
        let mut plain_values = Vec::new();
        for (name, pruning, entries) in VARIANTS {
            let engine = engine(pruning, entries, depth);
            let mut nodes = 0;
            let started = Instant::now();
            for (i, position) in positions.iter().enumerate() {
                let r = engine.search(position).expect("a search");
                nodes += r.stats.nodes;
                let value = r.value.expect("a complete search");
                if pruning == ChancePruning::None && entries == 0 {
                    plain_values.push(value);
                } else {
                    assert!(
                        (value - plain_values[i]).abs() < 1e-9,
                        "{name} differs from plain expectiminimax on\n{position}"
                    );
                }
            }
            let ms = started.elapsed().as_secs_f64() * 1e3;
            if plain_nodes == 0 {
                plain_nodes = nodes;
            }
            println!(
                "{name:<18} {nodes:>12} {ms:>10.1} {:>8.1}%",
                100.0 * nodes as f64 / plain_nodes as f64
            );
        }
    }
}

fn main() {
    let positions = sample(40, 2024);
    table_pass(&positions);
    let mut c = Criterion::default().configure_from_args();
    let mut group = c.benchmark_group("chance/einstein depth 3");
    group.sample_size(10);
    for (name, pruning, entries) in VARIANTS {
        let engine = engine(pruning, entries, 3);
        group.bench_function(name, |b| {
            b.iter(|| {
                for position in &positions {
                    black_box(engine.search(black_box(position)).expect("a search"));
                }
            });
        });
    }
    group.finish();
    c.final_summary();
}
