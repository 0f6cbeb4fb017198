//! Budgets and cost bounds stop searches with the right outcome, and bad input gives typed
//! errors.

use std::time::Duration;

use pathfind::{
    Algorithm, Cell, CostError, FloatCost, Grid, GridContext, Heuristic, Limit, Movement, Outcome,
    PathError, SearchContext, SearchResult, Solve, astar, bfs, dfs, dijkstra, weighted_astar,
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
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    let r = astar([0u32], line, |_| 0, goal, &Budget::depth(4)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(DEPTH));
    let r = astar([0u32], line, |_| 0, goal, &Budget::nodes(3)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(NODES));
    assert_eq!(r.stats.nodes, 3);
    let mut cost9 = SearchContext::new().with_max_cost(9);
    let r = cost9.idastar([0u32], line, |_| 0, goal).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
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
    assert_eq!(r.unwrap().outcome, Outcome::NoPath);
}

#[test]
fn grid_limits_and_multiple_starts() {
    let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
    let (s, t) = (Cell::new(0, 0), Cell::new(19, 19));
    let mut costly = GridContext::new().with_max_cost(pathfind::FloatCost::new(10.0).unwrap());
    let r = costly.astar(&grid, [s], t, Heuristic::Octile).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    // The cost bound of BFS counts moves, the cost BFS reports.
    let r = costly.bfs(&grid, [s], t).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    let r = costly.bfs(&grid, [s], Cell::new(10, 0)).unwrap();
    assert_eq!(r.cost(), Some(10));
    let mut deep = GridContext::new().with_budget(Budget::depth(5));
    let r = deep.astar(&grid, [s], t, Heuristic::Octile).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(DEPTH));
    let mut two = GridContext::new().with_budget(Budget::nodes(2));
    let r = two.bfs(&grid, [s], t).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(NODES));
    // The nearest of several starts wins.
    let mut ctx = GridContext::new();
    let r = ctx.astar(&grid, [s, Cell::new(18, 19)], t, Heuristic::Octile);
    assert_eq!(r.unwrap().path().unwrap().nodes, [Cell::new(18, 19), t]);
    let d = grid.bfs_distances([s, t]).unwrap();
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
    let mut grid = Grid::new(4, 3, Movement::FOUR).unwrap();
    grid.set_passable(Cell::new(1, 1), false).unwrap();
    let mut ctx = GridContext::new();
    let e = ctx.astar(&grid, [Cell::new(4, 0)], Cell::new(0, 0), Heuristic::Zero);
    assert_eq!(
        e.unwrap_err(),
        PathError::OutOfGrid {
            x: 4,
            y: 0,
            width: 4,
            height: 3
        }
    );
    let e = ctx.bfs(&grid, [Cell::new(0, 0)], Cell::new(1, 1));
    assert_eq!(e.unwrap_err(), PathError::Blocked { x: 1, y: 1 });
    assert!(matches!(
        Grid::new(0, 5, Movement::FOUR),
        Err(PathError::GridSize { .. })
    ));
    assert!(matches!(
        Grid::new(70_000, 5, Movement::FOUR),
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
            let fresh = grid.astar(s, t, Heuristic::Octile).unwrap();
            let reused = ctx.astar(&grid, [s], t, Heuristic::Octile).unwrap();
            assert_eq!(untimed(fresh.clone()), untimed(reused));
            let p = grid.problem(s, t, Heuristic::Octile);
            let hashed = p.solve(Algorithm::AStar, &Budget::new()).unwrap();
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
    let grid = Grid::new(4, 4, Movement::FOUR).unwrap();
    let q = [(Cell::new(0, 0), Cell::new(3, 3))];
    let e = GridContext::new().with_threads(0).find_all(
        &grid,
        &q,
        Algorithm::AStar,
        Heuristic::Manhattan,
    );
    assert_eq!(e.unwrap_err(), PathError::ZeroThreads);
    // Even with no query at all.
    let e = GridContext::new().with_threads(0).find_all(
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
    let mut grid = Grid::new(6, 6, Movement::FOUR).unwrap();
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
            .find_all(&grid, &queries, Algorithm::AStar, Heuristic::Manhattan)
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
                .astar(&grid, [Cell::new(0, 0)], goal, heuristic)
                .unwrap();
            let path = r.path().unwrap_or_else(|| panic!("{n} diagonals: {r}"));
            assert_eq!(path.steps(), n as usize);
            let below = FloatCost::new(exact * (1.0 - 1e-9) - 1e-9).unwrap();
            let r = GridContext::new()
                .with_max_cost(below)
                .astar(&grid, [Cell::new(0, 0)], goal, heuristic)
                .unwrap();
            assert!(!r.is_found(), "{n} diagonals under {below:?}: {r}");
        }
        // Straight moves only: n steps right.
        let r = GridContext::new()
            .with_max_cost(FloatCost::new(f64::from(n)).unwrap())
            .astar(&grid, [Cell::new(0, 0)], Cell::new(n, 0), Heuristic::Octile)
            .unwrap();
        assert!(r.is_found(), "{n} straight moves: {r}");
    }
}
