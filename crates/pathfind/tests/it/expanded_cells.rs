//! `GridContext::expanded_cells` lists exactly the cells a grid search expanded: as many as
//! the search's `stats.nodes` (every grid search below expands a cell at most once), and
//! only cells the algorithm may expand according to exact distances computed independently
//! (`pathfinding::dijkstra_all` on a successor function written from the grid's bitmap, see
//! `oracle/mod.rs`):
//!
//! * A* with a consistent heuristic (and Dijkstra, `h = 0`) expands every cell with
//!   `g* + h` below the optimum `C*` and none above it;
//! * BFS, which tests the goal when it generates it, expands every cell fewer than `D - 1`
//!   moves from the start and none farther than `D - 1`, for a goal `D` moves away;
//! * a search that finds no path has expanded every cell reachable from the start, and any
//!   search only reachable cells, never the goal.
//!
//! The same bounds hold for the closure searches, whose expansions are recorded through the
//! successor function (called once per expansion).

use crate::oracle;

use std::collections::{BTreeSet, HashMap};

use oracle::{Exact, RefGrid, exact_estimate};
use pathfind::testing::grid_query;
use pathfind::{
    Algorithm, Budget, Cell, Cost, Grid, GridContext, Heuristic, Movement, SearchResult, astar, bfs,
};
use proptest::prelude::*;

/// The cells a closure search expanded, recorded by its successor function (called exactly
/// once per expansion).
fn recorded<T>(
    grid: &Grid,
    run: impl FnOnce(&mut dyn FnMut(Cell)) -> T,
) -> Result<(T, Vec<Cell>), TestCaseError> {
    let mut cells = Vec::new();
    let out = run(&mut |c| cells.push(c));
    cells.sort_by_key(|c| (c.y, c.x));
    let before = cells.len();
    cells.dedup();
    prop_assert_eq!(before, cells.len(), "a cell was expanded twice");
    prop_assert!(cells.iter().all(|&c| grid.is_passable(c)));
    Ok((out, cells))
}

/// The bounds every search obeys: the goal is never expanded once found, only reachable
/// cells are, and all of them when there is no path.
fn check_reachable<C: Cost>(
    name: &str,
    listed: &[Cell],
    r: &SearchResult<Cell, C>,
    reachable: &HashMap<Cell, Exact>,
    goal: Cell,
) -> Result<(), TestCaseError> {
    for c in listed {
        prop_assert!(
            reachable.contains_key(c),
            "{}: expanded {:?}, unreachable",
            name,
            c
        );
    }
    if r.is_found() {
        prop_assert!(!listed.contains(&goal), "{}: expanded the goal", name);
    } else {
        prop_assert_eq!(
            listed.len(),
            reachable.len(),
            "{}: no path, but not all expanded",
            name
        );
    }
    Ok(())
}

/// A* with a consistent heuristic `h`: every cell with `g* + h < C*` is expanded, none with
/// `g* + h > C*`.
fn check_f_bounds(
    name: &str,
    listed: &[Cell],
    g: &HashMap<Cell, Exact>,
    h: impl Fn(Cell) -> Exact,
    optimum: Option<Exact>,
) -> Result<(), TestCaseError> {
    let Some(best) = optimum else { return Ok(()) };
    let listed: BTreeSet<Cell> = listed.iter().copied().collect();
    for (&c, &gc) in g {
        let f = gc + h(c);
        if f < best {
            prop_assert!(
                listed.contains(&c),
                "{}: {:?} (f = {}) < C* = {} not expanded",
                name,
                c,
                f.get(),
                best.get()
            );
        }
        if f > best {
            prop_assert!(
                !listed.contains(&c),
                "{}: {:?} (f = {}) > C* = {} expanded",
                name,
                c,
                f.get(),
                best.get()
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn octile_best_first_searches_expand_what_exact_distances_allow(
        (grid, start, goal) in grid_query(24, 24, Movement::OCTILE, 0.3),
        weight in 1.0f64..3.0,
    ) {
        let rg = RefGrid::of(&grid);
        let g = rg.pathfinding_costs(start);
        let optimum = g.get(&goal).copied();
        let octile = |c: Cell| exact_estimate(true, c, goal);
        let mut ctx = GridContext::new();
        let h = Heuristic::Octile;
        for name in ["astar", "dijkstra", "weighted", "greedy"] {
            let r = match name {
                "astar" => ctx.solve(&grid, [start], goal, Algorithm::AStar, h),
                "dijkstra" => ctx.solve(&grid, [start], goal, Algorithm::Dijkstra, Heuristic::Zero),
                "weighted" => ctx.solve(&grid, [start], goal, Algorithm::WeightedAStar(weight), h),
                _ => ctx.solve(&grid, [start], goal, Algorithm::GreedyBestFirst, Heuristic::Euclidean),
            }
            .unwrap();
            prop_assert_eq!(r.is_found(), optimum.is_some(), "{}", name);
            let listed: Vec<Cell> = ctx.expanded_cells(&grid).collect();
            prop_assert_eq!(listed.len() as u64, r.stats.nodes, "{}", name);
            for &c in &listed {
                prop_assert!(ctx.expanded_cells(&grid).any(|e| e == c));
            }
            check_reachable(name, &listed, &r, &g, goal)?;
            match name {
                "astar" => check_f_bounds(name, &listed, &g, octile, optimum)?,
                "dijkstra" => check_f_bounds(name, &listed, &g, |_| Exact::default(), optimum)?,
                _ => {}
            }
        }
        // The closure A* on the reference moves with exact costs obeys the same bounds.
        let (r, cells) = recorded(&grid, |seen| {
            astar(
                [start],
                |&c: &Cell| {
                    seen(c);
                    rg.moves(c)
                },
                |&c| octile(c),
                |&c| c == goal,
                &Budget::new(),
            )
            .unwrap()
        })?;
        prop_assert_eq!(cells.len() as u64, r.stats.nodes);
        check_reachable("closure astar", &cells, &r, &g, goal)?;
        check_f_bounds("closure astar", &cells, &g, octile, optimum)?;
    }

    #[test]
    fn bfs_and_astar_expand_what_exact_distances_allow_like_their_closure_twins(
        (grid, start, goal) in grid_query(24, 24, Movement::Four, 0.3),
    ) {
        let rg = RefGrid::of(&grid);
        let g = rg.pathfinding_costs(start);
        // 4-connected: the cost is the number of moves.
        let moves = |c: &Cell| g.get(c).map(|d| d.straight);
        let mut ctx = GridContext::new();

        // BFS tests the goal when it generates it, from a cell one move closer.
        let r = ctx.solve(&grid, [start], goal, Algorithm::Bfs, Heuristic::Zero).unwrap();
        let listed: Vec<Cell> = ctx.expanded_cells(&grid).collect();
        prop_assert_eq!(listed.len() as u64, r.stats.nodes);
        check_reachable("bfs", &listed, &r, &g, goal)?;
        if let Some(d) = moves(&goal) {
            for c in g.keys() {
                let m = moves(c).unwrap_or(i64::MAX);
                if m < d - 1 {
                    prop_assert!(listed.contains(c), "bfs: {:?} ({} moves < {} - 1) not expanded", c, m, d);
                }
                if m > d - 1 {
                    prop_assert!(!listed.contains(c), "bfs: {:?} ({} moves > {} - 1) expanded", c, m, d);
                }
            }
        }
        // The same algorithm through closures, on the reference moves (the same order:
        // east, west, south, north), expands the same cells.
        let (twin, cells) = recorded(&grid, |seen| {
            bfs(
                [start],
                |&c: &Cell| {
                    seen(c);
                    rg.steps(c)
                },
                |&c| c == goal,
                &Budget::new(),
            )
            .unwrap()
        })?;
        prop_assert_eq!(twin.stats.nodes, r.stats.nodes);
        prop_assert_eq!(&listed, &cells);

        // A* with Manhattan distance (consistent on 4-connected grids).
        let manhattan = |c: Cell| exact_estimate(false, c, goal);
        let r = ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Manhattan).unwrap();
        let listed: Vec<Cell> = ctx.expanded_cells(&grid).collect();
        prop_assert_eq!(listed.len() as u64, r.stats.nodes);
        check_reachable("astar", &listed, &r, &g, goal)?;
        check_f_bounds("astar", &listed, &g, manhattan, g.get(&goal).copied())?;
        let (twin, cells) = recorded(&grid, |seen| {
            astar(
                [start],
                |&c: &Cell| {
                    seen(c);
                    rg.moves(c).into_iter().map(|(n, _)| (n, 1u32))
                },
                |&c| c.x.abs_diff(goal.x) + c.y.abs_diff(goal.y),
                |&c| c == goal,
                &Budget::new(),
            )
            .unwrap()
        })?;
        // Its tie-breaking differs from the grid's (fixed-point costs, deepest first), so
        // only the bounds and the count are compared.
        prop_assert_eq!(cells.len() as u64, twin.stats.nodes);
        check_reachable("closure astar", &cells, &twin, &g, goal)?;
        check_f_bounds("closure astar", &cells, &g, manhattan, g.get(&goal).copied())?;
        // A cell outside the grid was never expanded.
        prop_assert!(!ctx.expanded_cells(&grid).any(|e| e == Cell::new(grid.width(), 0)));
    }
}

#[test]
fn a_goal_at_the_start_expands_nothing_and_limits_are_respected() {
    let grid = Grid::new(10, 10, Movement::OCTILE).unwrap();
    let mut ctx = GridContext::new();
    let c = Cell::new(3, 3);
    let r = ctx
        .solve(&grid, [c], c, Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    assert_eq!(r.stats.nodes, 0);
    assert_eq!(ctx.expanded_cells(&grid).count(), 0);
    // The same context (and its arrays) with a node limit.
    ctx = std::mem::take(&mut ctx).with_budget(Budget::nodes(7));
    let r = ctx
        .solve(
            &grid,
            [Cell::new(0, 0)],
            Cell::new(9, 9),
            Algorithm::AStar,
            Heuristic::Zero,
        )
        .unwrap();
    assert!(!r.is_found());
    assert_eq!(ctx.expanded_cells(&grid).count(), 7);
    // The next search replaces what the last one left.
    ctx = std::mem::take(&mut ctx).with_budget(Budget::new());
    ctx.solve(&grid, [c], Cell::new(4, 3), Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    assert_eq!(ctx.expanded_cells(&grid).collect::<Vec<_>>(), [c]);
}
