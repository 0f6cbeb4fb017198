//! Budgets and cost bounds stop searches with the right outcome, and bad input gives typed
//! errors.

use std::time::Duration;

use pathfind::{
    Algorithm, Cell, CostError, FloatCost, Grid, GridContext, Heuristic, Limit, Movement,
    PathError, PathOutcome, SearchContext, SearchResult, astar, bfs, dfs, dijkstra, solve,
    weighted_astar,
};
use search_core::{Budget, BudgetField};

/// The same result with the measured time cleared, to compare two runs of one search.
fn untimed<N, C>(mut r: SearchResult<N, C>) -> SearchResult<N, C> {
    r.stats.elapsed = Duration::ZERO;
    r
}

const DEPTH: Limit = Limit::Budget(BudgetField::Depth);
const NODES: Limit = Limit::Budget(BudgetField::Nodes);

fn line(n: &u32) -> [(u32, u32); 1] {
    [(n + 1, 1)]
}

#[test]
fn limits_give_limit_reached_not_no_path() {
    let goal = |n: &u32| *n == 10;
    let mut cost5 = SearchContext::new().with_max_cost(5);
    let r = cost5.dijkstra([0u32], line, goal).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    let r = astar([0u32], line, |_| 0, goal, &Budget::depth(4)).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(DEPTH));
    let r = astar([0u32], line, |_| 0, goal, &Budget::nodes(3)).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(NODES));
    assert_eq!(r.stats.nodes, 3);
    let mut cost9 = SearchContext::new().with_max_cost(9);
    let r = cost9.idastar([0u32], line, |_| 0, goal).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    // Exactly enough is enough.
    let mut enough = SearchContext::new()
        .with_budget(Budget::depth(10))
        .with_max_cost(10);
    let r = enough.dijkstra([0u32], line, goal).unwrap();
    assert_eq!(r.cost(), Some(10));
    assert_eq!(r.stats.depth_reached, 10);
    // A finite space without the goal is "no path".
    let r = dfs(
        [0u32],
        |&n| if n < 5 { vec![n + 1] } else { vec![] },
        |&n| n == 9,
        &Budget::new(),
    );
    assert_eq!(r.unwrap().outcome, PathOutcome::NoPath);
}

#[test]
fn grid_limits_and_multiple_starts() {
    let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
    let (s, t) = (Cell::new(0, 0), Cell::new(19, 19));
    let mut costly = GridContext::new().with_max_cost(pathfind::FloatCost::new(10.0).unwrap());
    let r = costly
        .solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    // The cost bound of BFS bounds the cost BFS reports, the path's (19 diagonal moves to
    // the far corner, 10 straight ones along the top row).
    let r = costly
        .solve(&grid, [s], t, Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    let r = costly
        .solve(
            &grid,
            [s],
            Cell::new(10, 0),
            Algorithm::Bfs,
            Heuristic::Zero,
        )
        .unwrap();
    assert_eq!(r.cost().map(|c| c.get()), Some(10.0));
    // The distance map's bound counts moves: 10 moves reach the far corner of a 11 x 11
    // square, not the cells beyond.
    let d = costly.bfs_distances(&grid, [s]).unwrap();
    assert_eq!(
        (d.get(Cell::new(10, 10)), d.get(Cell::new(11, 0))),
        (Some(10), None)
    );
    let mut deep = GridContext::new().with_budget(Budget::depth(5));
    let r = deep
        .solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(DEPTH));
    let mut two = GridContext::new().with_budget(Budget::nodes(2));
    let r = two
        .solve(&grid, [s], t, Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(NODES));
    // The nearest of several starts wins.
    let mut ctx = GridContext::new();
    let r = ctx.solve(
        &grid,
        [s, Cell::new(18, 19)],
        t,
        Algorithm::AStar,
        Heuristic::Octile,
    );
    assert_eq!(r.unwrap().path().unwrap().nodes, [Cell::new(18, 19), t]);
    let d = GridContext::new().bfs_distances(&grid, [s, t]).unwrap();
    assert_eq!(d.get(Cell::new(10, 10)), Some(9));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let e = dijkstra([0u8], |&n| [(n + 1, -1i32)], |&n| n == 3, &Budget::new());
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Negative));
    let e = astar(
        [0u8],
        |&n| [(n + 1, 200u8)],
        |_| 0,
        |&n| n == 3,
        &Budget::new(),
    );
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Overflow));
    let e = astar(
        [0u8],
        |&n| [(n + 1, 1i32)],
        |_| -1,
        |&n| n == 3,
        &Budget::new(),
    );
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Negative));
    for w in [f64::NAN, 0.5, f64::INFINITY] {
        let e = weighted_astar([0u8], line_u8, |_| 0, |&n| n == 3, w, &Budget::new());
        assert!(matches!(e, Err(PathError::InvalidWeight(_))), "{w}");
    }
    let mut grid = Grid::new(4, 3, Movement::Four).unwrap();
    grid.set_passable(Cell::new(1, 1), false).unwrap();
    let mut ctx = GridContext::new();
    let e = ctx.solve(
        &grid,
        [Cell::new(4, 0)],
        Cell::new(0, 0),
        Algorithm::AStar,
        Heuristic::Zero,
    );
    assert_eq!(
        e.unwrap_err(),
        PathError::OutOfGrid {
            x: 4,
            y: 0,
            width: 4,
            height: 3
        }
    );
    let e = ctx.solve(
        &grid,
        [Cell::new(0, 0)],
        Cell::new(1, 1),
        Algorithm::Bfs,
        Heuristic::Zero,
    );
    assert_eq!(e.unwrap_err(), PathError::Blocked { x: 1, y: 1 });
    assert!(matches!(
        Grid::new(0, 5, Movement::Four),
        Err(PathError::GridSize { .. })
    ));
    assert!(matches!(
        Grid::new(70_000, 5, Movement::Four),
        Err(PathError::GridSize { .. })
    ));
    // A NaN float cost cannot even be built.
    assert_eq!(
        pathfind::FloatCost::new(f64::NAN).unwrap_err(),
        CostError::NaN
    );
}

fn line_u8(n: &u8) -> [(u8, u32); 1] {
    [(n.wrapping_add(1), 1)]
}

#[test]
fn reused_contexts_match_fresh_ones() {
    let grid = Grid::from_rows(
        &["....#...", ".##.#.#.", "......#.", "#.####..", "........"],
        Movement::OCTILE,
    )
    .unwrap();
    let mut ctx = GridContext::new();
    let cells: Vec<Cell> = (0..8)
        .flat_map(|x| (0..5).map(move |y| Cell::new(x, y)))
        .filter(|&c| grid.is_passable(c))
        .collect();
    for &s in &cells {
        for &t in cells.iter().step_by(3) {
            let fresh = GridContext::new()
                .solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
                .unwrap();
            let reused = ctx
                .solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
                .unwrap();
            assert_eq!(untimed(fresh.clone()), untimed(reused));
            let p = grid.problem(s, t, Heuristic::Octile);
            let hashed = solve(&p, Algorithm::AStar, &Budget::new()).unwrap();
            assert_eq!(
                fresh.cost().map(|c| (c.get() * 1e9).round()),
                hashed.cost().map(|c| (c.get() * 1e9).round())
            );
        }
    }
    let r = bfs([0u32], |&n| [n + 1], |&n| n == 4, &Budget::new()).unwrap();
    assert_eq!(r.cost(), Some(4));
}

#[test]
fn zero_threads_is_an_error() {
    let grid = Grid::new(4, 4, Movement::Four).unwrap();
    let q = [(Cell::new(0, 0), Cell::new(3, 3))];
    let e = GridContext::new().with_threads(0).solve_all(
        &grid,
        &q,
        Algorithm::AStar,
        Heuristic::Manhattan,
    );
    assert_eq!(e.unwrap_err(), PathError::ZeroThreads);
    // Even with no query at all.
    let e = GridContext::new().with_threads(0).solve_all(
        &grid,
        &[],
        Algorithm::AStar,
        Heuristic::Manhattan,
    );
    assert_eq!(e.unwrap_err(), PathError::ZeroThreads);
    let p = grid.problem(Cell::new(0, 0), Cell::new(3, 3), Heuristic::Manhattan);
    let e = SearchContext::new()
        .with_threads(0)
        .solve_all(&[p], Algorithm::AStar);
    assert_eq!(e.unwrap_err(), PathError::ZeroThreads);
}

#[test]
fn a_batch_returns_the_first_error_in_query_order() {
    let mut grid = Grid::new(6, 6, Movement::Four).unwrap();
    grid.set_passable(Cell::new(2, 2), false).unwrap();
    let ok = (Cell::new(0, 0), Cell::new(5, 5));
    let blocked = (Cell::new(0, 0), Cell::new(2, 2));
    let outside = (Cell::new(9, 0), Cell::new(1, 1));
    let mut queries = vec![ok; 40];
    queries[17] = blocked;
    queries[30] = outside;
    for threads in [1, 3, 8] {
        let e = GridContext::new()
            .with_threads(threads)
            .solve_all(&grid, &queries, Algorithm::AStar, Heuristic::Manhattan)
            .unwrap_err();
        assert_eq!(e, PathError::Blocked { x: 2, y: 2 }, "{threads} threads");
    }
}

/// A grid path whose cost is exactly the cost bound is found, with diagonal moves (whose
/// fixed-point cost is rounded) as well as straight ones; a bound just below it stops the
/// search instead.
#[test]
fn a_path_of_exactly_the_cost_bound_is_kept() {
    for n in [1u32, 10, 100, 1000] {
        let grid = Grid::new(n + 1, n + 1, Movement::OCTILE).unwrap();
        let goal = Cell::new(n, n);
        let exact = f64::from(n) * std::f64::consts::SQRT_2;
        for heuristic in [Heuristic::Octile, Heuristic::Zero] {
            let r = GridContext::new()
                .with_max_cost(FloatCost::new(exact).unwrap())
                .solve(&grid, [Cell::new(0, 0)], goal, Algorithm::AStar, heuristic)
                .unwrap();
            let path = r.path().unwrap_or_else(|| panic!("{n} diagonals: {r}"));
            assert_eq!(path.steps(), n as usize);
            let below = FloatCost::new(exact * (1.0 - 1e-9) - 1e-9).unwrap();
            let r = GridContext::new()
                .with_max_cost(below)
                .solve(&grid, [Cell::new(0, 0)], goal, Algorithm::AStar, heuristic)
                .unwrap();
            assert!(!r.is_found(), "{n} diagonals under {below:?}: {r}");
        }
        // Straight moves only: n steps right.
        let r = GridContext::new()
            .with_max_cost(FloatCost::new(f64::from(n)).unwrap())
            .solve(
                &grid,
                [Cell::new(0, 0)],
                Cell::new(n, 0),
                Algorithm::AStar,
                Heuristic::Octile,
            )
            .unwrap();
        assert!(r.is_found(), "{n} straight moves: {r}");
    }
}
