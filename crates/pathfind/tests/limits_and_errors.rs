//! Limits stop searches with the right outcome, and bad input gives typed errors.

use pathfind::{
    Algorithm, Cell, CostError, Grid, GridContext, Heuristic, Limit, Limits, Movement, Outcome,
    PathError, Solve, astar, bfs, dfs, dijkstra, idastar, weighted_astar,
};

fn line(n: &u32) -> [(u32, u32); 1] {
    [(n + 1, 1)]
}

#[test]
fn limits_give_limit_reached_not_no_path() {
    let goal = |n: &u32| *n == 10;
    let r = dijkstra([0u32], line, goal, &Limits::none().cost(5)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    let r = astar([0u32], line, |_| 0, goal, &Limits::none().depth(4)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Depth));
    let r = astar([0u32], line, |_| 0, goal, &Limits::none().expansions(3)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Expansions));
    assert_eq!(r.stats.expanded, 3);
    let r = idastar([0u32], line, |_| 0, goal, &Limits::none().cost(9)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    // Exactly enough is enough.
    let r = dijkstra([0u32], line, goal, &Limits::none().cost(10).depth(10)).unwrap();
    assert_eq!(r.cost(), Some(10));
    // A finite space without the goal is "no path".
    let r = dfs(
        [0u32],
        |&n| if n < 5 { vec![n + 1] } else { vec![] },
        |&n| n == 9,
        &Limits::none(),
    );
    assert_eq!(r.unwrap().outcome, Outcome::NoPath);
}

#[test]
fn grid_limits_and_multiple_starts() {
    let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
    let mut ctx = GridContext::new();
    let (s, t) = (Cell::new(0, 0), Cell::new(19, 19));
    let limits = Limits::none().cost(pathfind::FloatCost::new(10.0).unwrap());
    let r = ctx
        .astar(&grid, [s], t, Heuristic::Octile, &limits)
        .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    let r = ctx
        .astar(&grid, [s], t, Heuristic::Octile, &Limits::none().depth(5))
        .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Depth));
    let r = ctx
        .bfs(&grid, [s], t, &Limits::none().expansions(2))
        .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Expansions));
    // The nearest of several starts wins.
    let r = ctx.astar(
        &grid,
        [s, Cell::new(18, 19)],
        t,
        Heuristic::Octile,
        &Limits::none(),
    );
    assert_eq!(r.unwrap().path().unwrap().nodes, [Cell::new(18, 19), t]);
    let d = grid.bfs_distances([s, t]).unwrap();
    assert_eq!(d.get(Cell::new(10, 10)), Some(9));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let e = dijkstra([0u8], |&n| [(n + 1, -1i32)], |&n| n == 3, &Limits::none());
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Negative));
    let e = astar(
        [0u8],
        |&n| [(n + 1, 200u8)],
        |_| 0,
        |&n| n == 3,
        &Limits::none(),
    );
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Overflow));
    let e = astar(
        [0u8],
        |&n| [(n + 1, 1i32)],
        |_| -1,
        |&n| n == 3,
        &Limits::none(),
    );
    assert_eq!(e.unwrap_err(), PathError::Cost(CostError::Negative));
    for w in [f64::NAN, 0.5, f64::INFINITY] {
        let e = weighted_astar([0u8], line_u8, |_| 0, |&n| n == 3, w, &Limits::none());
        assert!(matches!(e, Err(PathError::InvalidWeight(_))), "{w}");
    }
    let mut grid = Grid::new(4, 3, Movement::FOUR).unwrap();
    grid.set_passable(Cell::new(1, 1), false).unwrap();
    let mut ctx = GridContext::new();
    let e = ctx.astar(
        &grid,
        [Cell::new(4, 0)],
        Cell::new(0, 0),
        Heuristic::Zero,
        &Limits::none(),
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
    let e = ctx.bfs(&grid, [Cell::new(0, 0)], Cell::new(1, 1), &Limits::none());
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
            let reused = ctx
                .astar(&grid, [s], t, Heuristic::Octile, &Limits::none())
                .unwrap();
            assert_eq!(fresh, reused);
            let p = grid.problem(s, t, Heuristic::Octile);
            let hashed = p.solve(Algorithm::AStar, &Limits::none()).unwrap();
            assert_eq!(
                fresh.cost().map(|c| (c.get() * 1e9).round()),
                hashed.cost().map(|c| (c.get() * 1e9).round())
            );
        }
    }
    let r = bfs([0u32], |&n| [n + 1], |&n| n == 4, &Limits::none()).unwrap();
    assert_eq!(r.cost(), Some(4));
}
