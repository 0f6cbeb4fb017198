//! Instruction counts of the headline workloads, under Callgrind (the `gungraun` harness):
//! the Connect Four solver on a fixed set of positions and its analysis of one position,
//! MCTS random playouts, alpha-beta to a fixed depth, grid A* and closure A* on a fixed
//! MovingAI map, CFR+ on Leduc hold'em and perft. Every workload is bounded by nodes,
//! iterations or depth (never by time) on one thread, so its count repeats to within a few
//! instructions.
//!
//! Each benchmark fails (exit code 3) when it executes more than 3 % more instructions
//! than its baseline in `benches/baselines/instructions.txt`, which CI checks (`.ci/run`).
//! A change meant to cost instructions records new baselines (see `docs/benchmarks.md`):
//!
//! ```text
//! benches/scripts/instruction-baselines.sh
//! ```
//!
//! Needs valgrind and `gungraun-runner` at the version of the `gungraun` dependency:
//! `cargo bench -p benches --bench instructions`.
#![forbid(unsafe_code)]

mod common;

use std::hint::black_box;
use std::sync::Arc;

use adversarial::{Cfr, GameTree, Negamax, Replacement, Solver, TranspositionTable};
use common::{Plain, data_dir};
use games::connect4_line::parse_line;
use games::{ConnectFour, Leduc, ThreatEvaluator, perft};
use gungraun::prelude::*;
use gungraun::{Callgrind, EventKind};
use mcts::Mcts;
use pathfind::movingai::{MovingAiMap, Scenario, load_map, load_scen};
use pathfind::{Algorithm, Grid, GridContext, Heuristic, Movement, SearchContext};
use search_core::Budget;

/// The committed baselines: `name instructions` a line (`#` starts a comment).
const BASELINES: &str = include_str!("../baselines/instructions.txt");

/// How much a benchmark may add to its baseline before it fails, in percent.
const TOLERANCE_PERCENT: u64 = 3;

/// The configuration of the benchmark `name`: a hard limit on its instructions, 3 % above
/// its baseline; none while the baselines are recorded (`INSTRUCTIONS_RECORD` set).
///
/// # Panics
/// When `name` has no baseline (and none is being recorded): every benchmark is guarded.
fn limit(name: &str) -> LibraryBenchmarkConfig {
    let mut config = LibraryBenchmarkConfig::default();
    if std::env::var_os("INSTRUCTIONS_RECORD").is_some() {
        return config;
    }
    let baseline = BASELINES
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .find_map(|l| {
            let (n, count) = l.split_once(char::is_whitespace)?;
            (n == name).then(|| count.trim().parse::<u64>().ok())?
        })
        .unwrap_or_else(|| {
            panic!(
                "no baseline for {name} in benches/baselines/instructions.txt: record them with \
                 benches/scripts/instruction-baselines.sh"
            )
        });
    let max = baseline + baseline * TOLERANCE_PERCENT / 100;
    config.tool(Callgrind::default().hard_limits([(EventKind::Ir, max)]));
    config
}

/// Every `step`-th position of one of Pascal Pons' Connect Four sets (at most `max`).
fn positions(set: &str, step: usize, max: usize) -> Vec<ConnectFour> {
    let path = format!("{}/../data/connect4/{set}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the Connect Four data");
    text.lines()
        .step_by(step)
        .take(max)
        .map(|l| parse_line(l).expect("a line").expect("a position").position)
        .collect()
}

/// The solver with a small table that always replaces (as the criterion benchmark's).
fn solver() -> Solver {
    Solver::new().with_table(Arc::new(
        TranspositionTable::with_megabytes(1)
            .expect("a 1 MB table")
            .with_replacement(Replacement::Always),
    ))
}

fn solve_setup() -> (Solver, Vec<ConnectFour>) {
    let mut sample = positions("Test_L3_R1", 50, 20);
    sample.extend(positions("Test_L2_R1", 50, 20));
    sample.extend(positions("Test_L2_R2", 200, 5));
    (solver(), sample)
}

// The exact solver on 20 End-Easy, 20 Middle-Easy and 5 Middle-Medium positions, its table
// cleared before each.
#[library_benchmark]
#[bench::c4_solve(setup = solve_setup, config = limit("c4_solve"))]
fn c4_solve((mut solver, sample): (Solver, Vec<ConnectFour>)) -> i64 {
    let mut sum = 0;
    for p in &sample {
        solver.clear();
        let solution = solver.solve(black_box(p)).expect("solved");
        sum += i64::from(solution.score.map_or(0, |s| s.raw()));
    }
    sum
}

fn analysis_setup() -> (Solver, ConnectFour) {
    (solver(), positions("Test_L2_R2", 1, 1)[0])
}

// Every column of a Middle-Medium position scored exactly.
#[library_benchmark]
#[bench::c4_analysis(setup = analysis_setup, config = limit("c4_analysis"))]
fn c4_analysis((mut solver, position): (Solver, ConnectFour)) -> usize {
    solver
        .analyze(black_box(&position))
        .expect("analysed")
        .len()
}

// 20,000 MCTS iterations of random playouts from the empty board, one thread, seed 1.
#[library_benchmark]
#[bench::mcts_playouts(config = limit("mcts_playouts"))]
fn mcts_playouts() -> u8 {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_budget(Budget::iterations(20_000));
    ai.search(black_box(&ConnectFour::new()))
        .expect("searched")
        .best_move
}

type Engine = Negamax<ThreatEvaluator, Arc<TranspositionTable>>;

fn negamax_setup() -> Engine {
    let table = TranspositionTable::with_megabytes(4).expect("a 4 MB table");
    Negamax::new(ThreatEvaluator)
        .with_table(Arc::new(table))
        .with_budget(Budget::depth(10))
}

// Iterative deepening alpha-beta (PVS) to depth 10 from the empty board.
#[library_benchmark]
#[bench::alphabeta_depth_10(setup = negamax_setup, config = limit("alphabeta_depth_10"))]
fn alphabeta(mut engine: Engine) -> u8 {
    engine
        .search(black_box(&ConnectFour::new()))
        .expect("searched")
        .best_move
}

/// A MovingAI map for both A* searches, and every 5th of its scenarios.
struct Map {
    octile: Grid,
    plain: Plain,
    scenarios: Vec<Scenario>,
}

fn map_setup() -> Map {
    let dir = data_dir();
    let map: MovingAiMap = load_map(dir.join("den312d.map")).expect("the map");
    let scenarios = load_scen(dir.join("den312d.map.scen")).expect("its scenarios");
    Map {
        octile: map.to_grid(Movement::OCTILE).expect("a grid"),
        plain: Plain::new(&map),
        scenarios: scenarios.into_iter().step_by(5).collect(),
    }
}

// Grid A* (octile moves, no corner cutting) on every 5th scenario of den312d.
#[library_benchmark]
#[bench::grid_astar(setup = map_setup, config = limit("grid_astar"))]
fn grid_astar(map: Map) -> u64 {
    let mut ctx = GridContext::new();
    map.scenarios
        .iter()
        .map(|s| {
            let r = ctx
                .solve(
                    &map.octile,
                    [s.start],
                    s.goal,
                    Algorithm::AStar,
                    Heuristic::Octile,
                )
                .expect("a valid query");
            r.stats.nodes
        })
        .sum()
}

// Closure A* (the same moves as successor and heuristic closures) on the same scenarios.
#[library_benchmark]
#[bench::closure_astar(setup = map_setup, config = limit("closure_astar"))]
fn closure_astar(map: Map) -> u64 {
    let mut ctx: SearchContext<u32, u64> = SearchContext::new();
    let p = &map.plain;
    map.scenarios
        .iter()
        .map(|s| {
            let goal = p.id(s.goal);
            let r = ctx
                .astar(
                    [p.id(s.start)],
                    |&i| p.octile_moves(i),
                    |&i| p.octile(i, goal),
                    |&i| i == goal,
                )
                .expect("a valid query");
            r.stats.nodes
        })
        .sum()
}

fn leduc_setup() -> GameTree<Leduc> {
    GameTree::new(&Leduc::new()).expect("the game tree")
}

// 20 iterations of CFR+ on Leduc hold'em (the tree walked once beforehand).
#[library_benchmark]
#[bench::cfr_plus_leduc(setup = leduc_setup, config = limit("cfr_plus_leduc"))]
fn cfr_plus_leduc(tree: GameTree<Leduc>) -> u64 {
    Cfr::new(&tree)
        .with_budget(Budget::iterations(20))
        .run()
        .expect("run")
        .stats
        .iterations
}

// perft(7) of Connect Four.
#[library_benchmark]
#[bench::perft_7(config = limit("perft_7"))]
fn perft_7() -> u64 {
    perft(black_box(&ConnectFour::new()), 7)
}

library_benchmark_group!(
    name = headline,
    benchmarks = [
        c4_solve,
        c4_analysis,
        mcts_playouts,
        alphabeta,
        grid_astar,
        closure_astar,
        cfr_plus_leduc,
        perft_7
    ]
);

main!(library_benchmark_groups = headline);
