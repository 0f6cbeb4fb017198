//! The replanning benchmark's cases without criterion, for profilers and instruction
//! counters: on a 512 × 512 MovingAI map, the 5 long scenarios of
//! `benches/benches/pathfind_grid.rs` (the last of the `.scen` file and every 7th before
//! it), the cell halfway along each optimal path blocked then reopened, each change
//! followed by `Replanner::update` + `Replanner::path` (`replan`) or by a fresh
//! `GridContext::astar_costs` on the same grid (`fresh`), for a number of rounds.
//!
//! ```text
//! cargo run --release -p plysearch-pathfind --example replanning -- random512-10-0 replan 2
//! cargo run --release -p plysearch-pathfind --example replanning -- maze512-1-0 check
//! ```
//!
//! `check` runs one round of both, checks that they find the same costs and prints the
//! cells each expanded per change. The rounds run in the function `rounds`, so that
//! `valgrind --tool=callgrind --toggle-collect='*rounds*'` counts only them.

use std::path::PathBuf;
use std::time::Instant;

use pathfind::movingai::{load_map, load_scen};
use pathfind::{Cell, CostGrid, GridContext, Heuristic, Movement, Replanner};

/// A replanner that has planned once, a grid for the fresh searches, the cell to toggle,
/// the start and the goal.
type Case = (Replanner, CostGrid, Cell, Cell, Cell);

const USAGE: &str =
    "usage: replanning <map, e.g. random512-10-0> <replan | fresh | check> [rounds]";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(map), Some(mode)) = (args.first(), args.get(1)) else {
        return Err(USAGE.into());
    };
    if !matches!(mode.as_str(), "replan" | "fresh" | "check") {
        return Err(format!("unknown mode {mode:?}; {USAGE}").into());
    }
    let count: usize = match args.get(2) {
        None => 1,
        Some(r) => r
            .parse()
            .map_err(|_| format!("rounds must be a whole number, not {r:?}; {USAGE}"))?,
    };
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/movingai"));
    let grid = load_map(dir.join(format!("{map}.map")))?.to_grid(Movement::OCTILE)?;
    let scen = load_scen(dir.join(format!("{map}.map.scen")))?;
    let mut cases: Vec<Case> = Vec::new();
    for s in scen.iter().rev().step_by(7).take(5) {
        let costs = CostGrid::new(grid.clone());
        let mut planner = Replanner::new(costs.clone(), s.start, s.goal)?;
        let first = planner.path()?;
        let path = first
            .path()
            .ok_or_else(|| format!("scenario {:?} -> {:?} has no path", s.start, s.goal))?;
        let cell = path.nodes[path.nodes.len() / 2];
        cases.push((planner, costs, cell, s.start, s.goal));
    }
    let started = Instant::now();
    let expanded = rounds(&mut cases, mode, count);
    println!(
        "{map} {mode}: {count} rounds in {:?}, {expanded} cells expanded",
        started.elapsed()
    );
    Ok(())
}

#[inline(never)]
fn rounds(cases: &mut [Case], mode: &str, count: usize) -> u64 {
    let mut ctx = GridContext::new();
    let mut expanded = 0;
    for _ in 0..count {
        for (planner, costs, cell, start, goal) in cases.iter_mut() {
            for state in [None, Some(1)] {
                let fresh = |costs: &CostGrid, ctx: &mut GridContext| {
                    ctx.astar_costs(costs, [*start], *goal, Heuristic::Octile)
                        .expect("valid")
                };
                match mode {
                    "replan" | "check" => {
                        planner.update(&[(*cell, state)]).expect("valid");
                        let r = planner.path().expect("valid");
                        expanded += r.stats.nodes;
                        if mode == "check" {
                            let f = fresh(planner.grid(), &mut ctx);
                            assert_eq!(r.cost(), f.cost(), "replanned and fresh costs differ");
                            println!(
                                "cell {cell:?} {}: replan expanded {}, fresh A* {}",
                                if state.is_none() {
                                    "blocked"
                                } else {
                                    "reopened"
                                },
                                r.stats.nodes,
                                f.stats.nodes
                            );
                        }
                    }
                    "fresh" => {
                        costs.set_cell(*cell, state).expect("valid");
                        expanded += fresh(costs, &mut ctx).stats.nodes;
                    }
                    _ => unreachable!("the mode was checked in main"),
                }
            }
        }
    }
    expanded
}
