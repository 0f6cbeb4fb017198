//! The memory cap of a search context: every algorithm stops with `Limit::Memory` before
//! its structures pass the cap (what the process really holds is measured in
//! `resident.rs`).

use crate::plane;

use pathfind::{
    Algorithm, Cell, Grid, GridContext, Heuristic, Limit, Movement, PathOutcome, SearchContext,
};
use plane::{Plane, safety};
use search_core::{Budget, BudgetField};

/// Four neighbours on the plane, as a closure.
fn plane(&(x, y): &(i32, i32)) -> [((i32, i32), u32); 4] {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1))
}

fn capped() -> SearchContext<(i32, i32), u32> {
    SearchContext::new()
        .with_budget(safety())
        .with_memory_cap(1 << 20)
}

#[test]
fn every_algorithm_stops_at_the_memory_cap() {
    let mut results = Vec::new();
    for algorithm in [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::GreedyBestFirst,
        Algorithm::WeightedAStar(2.0),
    ] {
        results.push((
            format!("{algorithm:?}"),
            capped().solve(&Plane, algorithm).unwrap(),
        ));
    }
    let never = |_: &(i32, i32)| false;
    let fringe = capped().fringe([(0, 0)], plane, |_| 0, never).unwrap();
    results.push(("fringe".into(), fringe));
    // The goal is off the plane's reachable part for both sides: the backward side of
    // a plane is a plane.
    let two_way = capped()
        .bidirectional_dijkstra((0, 0), (1 << 30, 1 << 30), plane, plane)
        .unwrap();
    results.push(("bidirectional Dijkstra".into(), two_way));
    for (name, r) in &results {
        assert_eq!(
            r.outcome,
            PathOutcome::LimitReached(Limit::Memory),
            "{name}"
        );
        assert!(r.stats.nodes > 0, "{name}");
    }
    // Without a cap, the same search runs on to another limit.
    let mut ctx = SearchContext::new().with_budget(Budget::nodes(1_000));
    let r = ctx.solve(&Plane, Algorithm::AStar).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
}

#[test]
fn a_grid_search_whose_arrays_exceed_the_cap_does_not_start() {
    let grid = Grid::new(1_000, 1_000, Movement::OCTILE).unwrap();
    let (s, t) = (Cell::new(0, 0), Cell::new(999, 999));
    for algorithm in [Algorithm::AStar, Algorithm::Bfs, Algorithm::Dijkstra] {
        let mut ctx = GridContext::new().with_memory_cap(1 << 20);
        let r = ctx
            .solve(&grid, [s], t, algorithm, Heuristic::Octile)
            .unwrap();
        assert_eq!(
            r.outcome,
            PathOutcome::LimitReached(Limit::Memory),
            "{algorithm:?}"
        );
        assert_eq!(r.stats.nodes, 0, "{algorithm:?}");
        // With room, the same path as without a cap.
        let mut roomy = GridContext::new().with_memory_cap(512 << 20);
        let r = roomy
            .solve(&grid, [s], t, algorithm, Heuristic::Octile)
            .unwrap();
        let free = GridContext::new()
            .solve(&grid, [s], t, algorithm, Heuristic::Octile)
            .unwrap();
        assert!(r.is_found(), "{algorithm:?}");
        assert_eq!(r.cost(), free.cost(), "{algorithm:?}");
    }
    let mut ctx = GridContext::new().with_memory_cap(1 << 20);
    let r = ctx.jps(&grid, [s], t).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Memory));
}
