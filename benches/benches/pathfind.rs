//! Path finding on the MovingAI benchmarks: our dense grid A*, our closure A* and the
//! `pathfinding` crate's A* (4.x) on the same scenarios, with the same movement rules
//! (8-connected, diagonal √2, no corner cutting) and the octile heuristic; then 4-connected
//! BFS likewise (our grid BFS, our closure BFS, `pathfinding`'s BFS).
//!
//! `cargo bench -p benches --bench pathfind`
//!
//! `PATHFIND_MAPS=arena,den312d` restricts both passes to some maps; a criterion filter
//! (`cargo bench -p benches --bench pathfind -- closure`) selects the measured
//! implementations, and one that matches nothing (`-- table`) leaves only the table pass.
//!
//! First a table pass runs every scenario of each map (every 20th of maze512-1-0) once per
//! implementation and round, checks each answer against the `.scen` optimum (A*) or the
//! `4conn/*.tsv` length (BFS), and prints mean µs per query and mean expanded states. The
//! implementations of a map take turns: each round runs all of them, each round starting
//! with a different one, and a row shows the smallest of its rounds' mean times (other work
//! running at the same time only ever adds time). `PATHFIND_ROUNDS` sets the number of rounds
//! (default 3). Then criterion measures each implementation on an evenly spaced subset of
//! each map.
//!
//! The closure searches (ours and `pathfinding`'s) share one successor function over `u32`
//! cell ids that allocates nothing, and count costs in the same fixed-point integers as our
//! grid (1 = 2^32 units, √2 rounded to units), so equal costs tie exactly in both.
//! `pathfinding` reports no statistics: its expansions are counted as calls of the
//! successor function.
#![forbid(unsafe_code)]

mod common;

use common::{Plain, UNIT, data_dir};

use std::cell::Cell as Counter;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use pathfind::movingai::{MovingAiMap, Scenario, load_map, load_scen};
use pathfind::{Algorithm, Grid, GridContext, Heuristic, Movement, SearchContext};

const MAPS: [(&str, usize); 6] = [
    ("arena", 1),
    ("den312d", 1),
    ("Boston_0_256", 1),
    ("Berlin_0_512", 1),
    ("random512-10-0", 1),
    ("maze512-1-0", 20),
];

struct Workload {
    name: &'static str,
    octile: Grid,
    four: Grid,
    plain: Plain,
    /// The scenarios run, with their 4-connected BFS length (`None` = unreachable).
    scenarios: Vec<(Scenario, Option<u32>)>,
}

fn load(name: &'static str, stride: usize) -> Workload {
    let dir = data_dir();
    let map: MovingAiMap = load_map(dir.join(format!("{name}.map"))).expect("map");
    let scen = load_scen(dir.join(format!("{name}.map.scen"))).expect("scen");
    let tsv = std::fs::read_to_string(dir.join("4conn").join(format!("{name}.map.4conn.tsv")))
        .expect("4conn tsv");
    let four: Vec<Option<u32>> = tsv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').nth(5).and_then(|v| v.parse::<u32>().ok()))
        .collect();
    assert_eq!(four.len(), scen.len(), "{name}: tsv rows");
    let scenarios = scen.into_iter().zip(four).step_by(stride).collect();
    Workload {
        name,
        octile: map.to_grid(Movement::OCTILE).unwrap(),
        four: map.to_grid(Movement::Four).unwrap(),
        plain: Plain::new(&map),
        scenarios,
    }
}

/// One query of one implementation: (cost or length, expanded states).
type Query<'a> = Box<dyn FnMut(&Scenario) -> (Option<f64>, u64) + 'a>;

fn astar_impls(w: &Workload) -> Vec<(&'static str, Query<'_>)> {
    let mut grid_ctx = GridContext::new();
    let mut closure_ctx: SearchContext<u32, u64> = SearchContext::new();
    let p = &w.plain;
    vec![
        (
            "pathfind grid A*",
            Box::new(move |s: &Scenario| {
                let r = grid_ctx
                    .solve(
                        &w.octile,
                        [s.start],
                        s.goal,
                        Algorithm::AStar,
                        Heuristic::Octile,
                    )
                    .expect("valid query");
                (r.cost().map(|c| c.get()), r.stats.nodes)
            }),
        ),
        (
            "pathfind closure A*",
            Box::new(move |s: &Scenario| {
                let goal = p.id(s.goal);
                let r = closure_ctx
                    .astar(
                        [p.id(s.start)],
                        |&i| p.octile_moves(i),
                        |&i| p.octile(i, goal),
                        |&i| i == goal,
                    )
                    .expect("valid query");
                (r.cost().map(|c| c as f64 / UNIT as f64), r.stats.nodes)
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

fn bfs_impls(w: &Workload) -> Vec<(&'static str, Query<'_>)> {
    let mut grid_ctx = GridContext::new();
    let mut closure_ctx: SearchContext<u32, usize> = SearchContext::new();
    let p = &w.plain;
    vec![
        (
            "pathfind grid BFS",
            Box::new(move |s: &Scenario| {
                let r = grid_ctx
                    .solve(&w.four, [s.start], s.goal, Algorithm::Bfs, Heuristic::Zero)
                    .expect("valid");
                (r.cost().map(|c| c.get()), r.stats.nodes)
            }),
        ),
        (
            "pathfind closure BFS",
            Box::new(move |s: &Scenario| {
                let goal = p.id(s.goal);
                let r = closure_ctx
                    .bfs([p.id(s.start)], |&i| p.four_moves(i), |&i| i == goal)
                    .expect("valid");
                (r.cost().map(|c| c as f64), r.stats.nodes)
            }),
        ),
        (
            "pathfinding BFS",
            Box::new(move |s: &Scenario| {
                let goal = p.id(s.goal);
                let expanded = Counter::new(0u64);
                let r = pathfinding::directed::bfs::bfs(
                    &p.id(s.start),
                    |&i| {
                        expanded.set(expanded.get() + 1);
                        p.four_moves(i)
                    },
                    |&i| i == goal,
                );
                (r.map(|path| (path.len() - 1) as f64), expanded.get())
            }),
        ),
    ]
}

/// One implementation's row of the table: its fastest round's mean µs per query, its
/// mean expanded states, and the first wrong answer of any round.
struct Row {
    name: &'static str,
    micros: f64,
    expanded: f64,
    mismatch: Option<String>,
}

/// Runs every scenario once per implementation and round (see the module docs); prints one
/// markdown row each and the ratios of mean time to `pathfinding`'s.
fn table(workloads: &[Workload], rounds: usize) {
    println!(
        "| map | search | implementation | scenarios | all optimal | mean µs / query | mean expanded | time / pathfinding |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for w in workloads {
        for (search, mut impls) in [("A* 8-conn", astar_impls(w)), ("BFS 4-conn", bfs_impls(w))] {
            let mut rows: Vec<Row> = impls
                .iter()
                .map(|(name, _)| Row {
                    name,
                    micros: f64::INFINITY,
                    expanded: 0.0,
                    mismatch: None,
                })
                .collect();
            let n = w.scenarios.len() as f64;
            for round in 0..rounds {
                for k in 0..impls.len() {
                    let i = (round + k) % impls.len();
                    let query = &mut impls[i].1;
                    let row = &mut rows[i];
                    let (mut micros, mut expanded) = (0.0, 0u64);
                    for (s, four) in &w.scenarios {
                        let t = Instant::now();
                        let (cost, exp) = query(s);
                        micros += t.elapsed().as_secs_f64() * 1e6;
                        expanded += exp;
                        let ok = if search.starts_with("A*") {
                            cost.is_some_and(|c| s.is_optimal(c))
                        } else {
                            cost == four.map(f64::from)
                        };
                        if !ok && row.mismatch.is_none() {
                            row.mismatch = Some(format!("line {}: {cost:?}", s.line));
                        }
                    }
                    row.micros = row.micros.min(micros / n);
                    row.expanded = expanded as f64 / n;
                }
            }
            let reference = rows.last().map_or(1.0, |r| r.micros);
            for Row {
                name,
                micros: mean,
                expanded: exp,
                mismatch,
            } in rows
            {
                let optimal = mismatch.map_or("y".to_string(), |m| format!("n ({m})"));
                println!(
                    "| {} | {search} | {name} | {} | {optimal} | {mean:.1} | {exp:.0} | {:.2} |",
                    w.name,
                    w.scenarios.len(),
                    mean / reference
                );
            }
        }
    }
}

fn criterion_benches(c: &mut Criterion, workloads: &[Workload]) {
    for w in workloads {
        // About 20 evenly spaced scenarios per map, the same for every implementation.
        let stride = w.scenarios.len().div_ceil(20).max(1);
        let subset: Vec<&Scenario> = w.scenarios.iter().step_by(stride).map(|(s, _)| s).collect();
        for (search, impls) in [("astar", astar_impls(w)), ("bfs", bfs_impls(w))] {
            let mut group = c.benchmark_group(format!("pathfind/{search}/{}", w.name));
            group.sample_size(10);
            group.warm_up_time(Duration::from_millis(300));
            group.measurement_time(Duration::from_secs(1));
            for (name, mut query) in impls {
                group.bench_function(name, |b| {
                    b.iter(|| {
                        for s in &subset {
                            black_box(query(s));
                        }
                    })
                });
            }
            group.finish();
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test --benches` run a smoke version.
    let full = std::env::args().any(|a| a == "--bench");
    let only = std::env::var("PATHFIND_MAPS").ok();
    let workloads: Vec<Workload> = MAPS
        .iter()
        .filter(|(name, _)| {
            only.as_deref()
                .is_none_or(|list| list.split(',').any(|m| m.trim() == *name))
        })
        .map(|&(name, stride)| {
            let mut w = load(name, stride);
            if !full {
                w.scenarios.truncate(3);
            }
            w
        })
        .collect();
    let rounds = std::env::var("PATHFIND_ROUNDS")
        .ok()
        .map_or(3, |r| {
            r.parse::<usize>().expect("PATHFIND_ROUNDS: a number")
        })
        .max(1);
    table(&workloads, if full { rounds } else { 1 });
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c, &workloads);
    c.final_summary();
}
