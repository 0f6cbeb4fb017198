//! Grid-only path finding on the MovingAI benchmarks: jump point search (`GridContext::jps`)
//! and its precomputed form (`JpsPlus`) against the `pathfinding` crate's A* (4.x) over the
//! same 8-connected moves without corner cutting, with our dense-grid A* alongside; then
//! incremental replanning (`Replanner`, D* Lite) after one cell changes on the 512 × 512
//! maps against a fresh A* of ours on the changed grid (`GridContext::astar_costs`, the same
//! problem).
//!
//! `cargo bench -p benches --bench pathfind_grid`
//!
//! `PATHFIND_MAPS=arena,den312d` restricts both parts to some maps. Each map contributes
//! an evenly spaced sample of 20 of its scenarios (the `.scen` files list them by
//! increasing length, so the sample spans every length). A table pass first runs the sample
//! once per implementation, checks every cost against the `.scen` optimum and prints the
//! mean µs per query with the ratio to `pathfinding`; then criterion measures each
//! implementation on the same sample.
//!
//! Replanning: for each of up to 5 long scenarios of a 512 × 512 map, the cell halfway
//! along the optimal path becomes an obstacle and then passable again; one measured
//! iteration is both changes, each followed by a new path (two replans), against two fresh
//! A* searches on the grid in the same two states. The table pass checks that both give
//! the same cost.
#![forbid(unsafe_code)]

mod common;

use common::{Plain, UNIT, data_dir};

use std::cell::Cell as Counter;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use pathfind::movingai::{MovingAiMap, Scenario, load_map, load_scen};
use pathfind::{
    Algorithm, Cell, CostGrid, Grid, GridContext, Heuristic, JpsPlus, Movement, Replanner,
};

const MAPS: [&str; 6] = [
    "arena",
    "den312d",
    "Boston_0_256",
    "Berlin_0_512",
    "random512-10-0",
    "maze512-1-0",
];

/// Scenarios per map.
const SAMPLE: usize = 20;
/// Replanning scenarios per 512 × 512 map.
const REPLANS: usize = 5;

struct Workload {
    name: &'static str,
    grid: Grid,
    table: JpsPlus,
    plain: Plain,
    sample: Vec<Scenario>,
    /// The longest scenarios, for replanning (512 × 512 maps only).
    long: Vec<Scenario>,
}

fn load(name: &'static str, full: bool) -> Workload {
    let dir = data_dir();
    let map: MovingAiMap = load_map(dir.join(format!("{name}.map"))).expect("map");
    let scen = load_scen(dir.join(format!("{name}.map.scen"))).expect("scen");
    let count = if full { SAMPLE } else { 3 };
    let stride = scen.len().div_ceil(count).max(1);
    let sample: Vec<Scenario> = scen.iter().step_by(stride).cloned().collect();
    let long = if map.width == 512 && map.height == 512 {
        // The last scenarios of the file are the longest; one in every few.
        let replans = if full { REPLANS } else { 1 };
        scen.iter()
            .rev()
            .step_by(7)
            .take(replans)
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    let grid = map.to_grid(Movement::OCTILE).expect("grid");
    Workload {
        name,
        table: JpsPlus::new(grid.clone()).expect("octile grid"),
        grid,
        plain: Plain::new(&map),
        sample,
        long,
    }
}

/// One query of one implementation: (cost, expanded states).
type Query<'a> = Box<dyn FnMut(&Scenario) -> (Option<f64>, u64) + 'a>;

fn impls(w: &Workload) -> Vec<(&'static str, Query<'_>)> {
    let mut jps_ctx = GridContext::new();
    let mut plus_ctx = GridContext::new();
    let mut astar_ctx = GridContext::new();
    let p = &w.plain;
    vec![
        (
            "pathfind JPS",
            Box::new(move |s: &Scenario| {
                let r = jps_ctx.jps(&w.grid, [s.start], s.goal).expect("valid");
                (r.cost().map(|c| c.get()), r.stats.nodes)
            }),
        ),
        (
            "pathfind JPS+",
            Box::new(move |s: &Scenario| {
                let r = plus_ctx
                    .jps_plus(&w.table, [s.start], s.goal)
                    .expect("valid");
                (r.cost().map(|c| c.get()), r.stats.nodes)
            }),
        ),
        (
            "pathfind grid A*",
            Box::new(move |s: &Scenario| {
                let r = astar_ctx
                    .solve(
                        &w.grid,
                        [s.start],
                        s.goal,
                        Algorithm::AStar,
                        Heuristic::Octile,
                    )
                    .expect("valid");
                (r.cost().map(|c| c.get()), r.stats.nodes)
            }),
        ),
        (
            "pathfinding A*",
            Box::new(move |s: &Scenario| {
                let goal = p.id(s.goal);
                let expanded = Counter::new(0u64);
                let r = pathfinding::directed::astar::astar(
                    &p.id(s.start),
                    |&i| {
                        expanded.set(expanded.get() + 1);
                        p.octile_moves(i)
                    },
                    |&i| p.octile(i, goal),
                    |&i| i == goal,
                );
                (r.map(|(_, c)| c as f64 / UNIT as f64), expanded.get())
            }),
        ),
    ]
}

/// One replanning case: a replanner that has planned once, the cell to toggle, and a
/// grid kept in the same state for the fresh searches.
struct Replan {
    planner: Replanner,
    fresh: CostGrid,
    ctx: GridContext,
    cell: Cell,
    start: Cell,
    goal: Cell,
}

impl Replan {
    fn new(w: &Workload, s: &Scenario) -> Replan {
        let grid = CostGrid::new(w.grid.clone());
        let mut planner = Replanner::new(grid.clone(), s.start, s.goal).expect("in the grid");
        let first = planner.path().expect("plans");
        let path = first.path().expect("a scenario has a path");
        let cell = path.nodes[path.nodes.len() / 2];
        Replan {
            planner,
            fresh: grid,
            ctx: GridContext::new(),
            cell,
            start: s.start,
            goal: s.goal,
        }
    }

    /// Blocks then reopens the cell, replanning after each: the two costs and the cells
    /// expanded.
    fn replan(&mut self) -> ([Option<f64>; 2], u64) {
        let mut costs = [None; 2];
        let mut nodes = 0;
        for (i, state) in [None, Some(1)].into_iter().enumerate() {
            self.planner.update(&[(self.cell, state)]).expect("valid");
            let r = self.planner.path().expect("valid");
            costs[i] = r.cost().map(|c| c.get());
            nodes += r.stats.nodes;
        }
        (costs, nodes)
    }

    /// The same two grid states, each searched by a fresh A*.
    fn fresh(&mut self) -> ([Option<f64>; 2], u64) {
        let mut costs = [None; 2];
        let mut nodes = 0;
        for (i, state) in [None, Some(1)].into_iter().enumerate() {
            self.fresh.set_cell(self.cell, state).expect("valid");
            let r = self
                .ctx
                .astar_costs(&self.fresh, [self.start], self.goal, Heuristic::Octile)
                .expect("valid");
            costs[i] = r.cost().map(|c| c.get());
            nodes += r.stats.nodes;
        }
        (costs, nodes)
    }
}

/// Runs the sample once per implementation; prints one markdown row each with the ratio of
/// mean time to `pathfinding`'s (`time / pathfinding`) and its inverse (`speed-up`).
fn table(workloads: &[Workload]) {
    println!(
        "| map | implementation | scenarios | all optimal | mean µs / query | mean expanded | time / pathfinding | speed-up |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for w in workloads {
        let mut rows = Vec::new();
        for (name, mut query) in impls(w) {
            let (mut micros, mut expanded, mut mismatch) = (0.0, 0u64, None);
            for s in &w.sample {
                let t = Instant::now();
                let (cost, exp) = query(s);
                micros += t.elapsed().as_secs_f64() * 1e6;
                expanded += exp;
                if !cost.is_some_and(|c| s.is_optimal(c)) && mismatch.is_none() {
                    mismatch = Some(format!("line {}: {cost:?}", s.line));
                }
            }
            let n = w.sample.len() as f64;
            rows.push((name, mismatch, micros / n, expanded as f64 / n));
        }
        let reference = rows.last().map_or(1.0, |r| r.2);
        for (name, mismatch, mean, exp) in rows {
            let optimal = mismatch.map_or("y".to_string(), |m| format!("n ({m})"));
            println!(
                "| {} | {name} | {} | {optimal} | {mean:.1} | {exp:.0} | {:.3} | {:.1} |",
                w.name,
                w.sample.len(),
                mean / reference,
                reference / mean
            );
        }
    }
    println!();
    println!(
        "| map | scenario line | changed cell | replan µs (2 changes) | fresh A* µs | replan expanded | fresh expanded | speed-up |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for w in workloads {
        for s in &w.long {
            let mut case = Replan::new(w, s);
            let t = Instant::now();
            let (replanned, replan_nodes) = case.replan();
            let replan = t.elapsed().as_secs_f64() * 1e6;
            let t = Instant::now();
            let (fresh_costs, fresh_nodes) = case.fresh();
            let fresh = t.elapsed().as_secs_f64() * 1e6;
            assert_eq!(
                replanned, fresh_costs,
                "{} line {}: replanning and a fresh A* disagree",
                w.name, s.line
            );
            println!(
                "| {} | {} | ({}, {}) | {replan:.1} | {fresh:.1} | {replan_nodes} | {fresh_nodes} | {:.1} |",
                w.name,
                s.line,
                case.cell.x,
                case.cell.y,
                fresh / replan
            );
        }
    }
    println!();
}

fn criterion_benches(c: &mut Criterion, workloads: &[Workload]) {
    for w in workloads {
        let mut group = c.benchmark_group(format!("pathfind_grid/jps/{}", w.name));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
        for (name, mut query) in impls(w) {
            group.bench_function(name, |b| {
                b.iter(|| {
                    for s in &w.sample {
                        black_box(query(s));
                    }
                })
            });
        }
        group.finish();
    }
    for w in workloads.iter().filter(|w| !w.long.is_empty()) {
        let mut cases: Vec<Replan> = w.long.iter().map(|s| Replan::new(w, s)).collect();
        let mut group = c.benchmark_group(format!("pathfind_grid/replan/{}", w.name));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
        group.bench_function("pathfind Replanner (D* Lite)", |b| {
            b.iter(|| {
                for case in &mut cases {
                    black_box(case.replan());
                }
            })
        });
        group.bench_function("pathfind fresh A*", |b| {
            b.iter(|| {
                for case in &mut cases {
                    black_box(case.fresh());
                }
            })
        });
        group.finish();
    }
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test --benches` run a smoke version.
    let full = std::env::args().any(|a| a == "--bench");
    let only = std::env::var("PATHFIND_MAPS").ok();
    let workloads: Vec<Workload> = MAPS
        .iter()
        .filter(|name| {
            only.as_deref()
                .is_none_or(|list| list.split(',').any(|m| m.trim() == **name))
        })
        .map(|&name| load(name, full))
        .collect();
    table(&workloads);
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c, &workloads);
    c.final_summary();
}
