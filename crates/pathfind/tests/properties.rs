//! Property tests: on random grids and random weighted graphs, every optimal algorithm
//! agrees with a simple reference (Bellman-Ford relaxation), and every path is valid.

use pathfind::testing::grid_query;
use pathfind::{
    Algorithm, Cell, FloatCost, Grid, GridContext, Heuristic, Limits, Movement, Outcome, Path,
    SearchContext, Solve, astar, bfs, dijkstra, idastar, iddfs,
};
use proptest::prelude::*;

/// Exact grid distances from `start` by relaxing every edge until nothing changes.
fn reference_grid(grid: &Grid, start: Cell) -> Vec<Option<f64>> {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let mut dist = vec![None; w * h];
    dist[start.y as usize * w + start.x as usize] = Some(0.0);
    loop {
        let mut changed = false;
        for y in 0..h {
            for x in 0..w {
                let Some(d) = dist[y * w + x] else { continue };
                for (n, c) in grid.neighbors(Cell::new(x as u32, y as u32)) {
                    let i = n.y as usize * w + n.x as usize;
                    let nd = d + c.get();
                    if dist[i].is_none_or(|old| nd < old - 1e-12) {
                        dist[i] = Some(nd);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return dist;
        }
    }
}

/// Checks that `path` is a legal walk on `grid` from `start` to `goal` whose step costs add up
/// to its cost.
fn check_grid_path(grid: &Grid, path: &Path<Cell, FloatCost>, start: Cell, goal: Cell) {
    assert_eq!(path.nodes.first(), Some(&start));
    assert_eq!(path.nodes.last(), Some(&goal));
    let mut total = 0.0;
    for w in path.nodes.windows(2) {
        let step = grid.neighbors(w[0]).find(|(n, _)| *n == w[1]);
        let (_, c) = step.unwrap_or_else(|| panic!("illegal move {:?} -> {:?}", w[0], w[1]));
        total += c.get();
    }
    assert!(
        (total - path.cost.get()).abs() < 1e-9,
        "{total} vs {}",
        path.cost.get()
    );
}

fn movements() -> impl Strategy<Value = Movement> {
    prop_oneof![
        Just(Movement::FOUR),
        Just(Movement::OCTILE),
        Just(Movement::Eight {
            corner_cutting: true
        })
    ]
}

fn admissible(m: Movement) -> &'static [Heuristic] {
    match m {
        Movement::Four => &[
            Heuristic::Zero,
            Heuristic::Manhattan,
            Heuristic::Euclidean,
            Heuristic::Octile,
            Heuristic::Chebyshev,
        ],
        Movement::Eight { .. } => &[
            Heuristic::Zero,
            Heuristic::Euclidean,
            Heuristic::Octile,
            Heuristic::Chebyshev,
        ],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn grid_searches_agree_with_the_reference(
        (movement, (grid, start, goal)) in movements().prop_flat_map(|m| (Just(m), grid_query(12, 12, m, 0.3)))
    ) {
        let grid = { let mut g = grid; g.set_movement(movement); g };
        let reference = reference_grid(&grid, start);
        let want = reference[goal.y as usize * grid.width() as usize + goal.x as usize];
        let mut ctx = GridContext::new();
        for &h in admissible(movement) {
            let r = ctx.astar(&grid, [start], goal, h, &Limits::none()).unwrap();
            match (want, &r.outcome) {
                (Some(d), Outcome::Found(p)) => {
                    prop_assert!((p.cost.get() - d).abs() < 1e-9, "{h:?}: {} vs {d}", p.cost.get());
                    check_grid_path(&grid, p, start, goal);
                }
                (None, Outcome::NoPath) => {}
                (w, o) => prop_assert!(false, "{h:?}: reference {w:?}, got {o:?}"),
            }
            // The same query through the trait (hashed states) and with IDA*.
            let p = grid.problem(start, goal, h);
            for alg in [Algorithm::AStar, Algorithm::Dijkstra] {
                let r = p.solve(alg, &Limits::none()).unwrap();
                prop_assert_eq!(r.cost().map(|c| (c.get() * 1e6).round()), want.map(|d| (d * 1e6).round()), "{:?} {:?}", alg, h);
                if let Some(path) = r.path() { check_grid_path(&grid, path, start, goal); }
            }
        }
        let r = ctx.dijkstra(&grid, [start], goal, &Limits::none()).unwrap();
        prop_assert_eq!(r.cost().map(|c| (c.get() * 1e6).round()), want.map(|d| (d * 1e6).round()));
        // Suboptimal searches still return valid paths, weighted A* within its bound.
        let r = ctx.weighted_astar(&grid, [start], goal, Heuristic::Octile, 1.5, &Limits::none()).unwrap();
        if let (Some(d), Some(p)) = (want, r.path()) {
            prop_assert!(p.cost.get() <= 1.5 * d + 1e-9);
            check_grid_path(&grid, p, start, goal);
        } else {
            prop_assert_eq!(want.is_some(), r.is_found());
        }
        let r = ctx.greedy_best_first(&grid, [start], goal, Heuristic::Euclidean, &Limits::none()).unwrap();
        prop_assert_eq!(want.is_some(), r.is_found());
        if let Some(p) = r.path() { check_grid_path(&grid, p, start, goal); }
    }

    #[test]
    fn grid_bfs_counts_moves(
        (movement, (grid, start, goal)) in movements().prop_flat_map(|m| (Just(m), grid_query(12, 12, m, 0.3)))
    ) {
        // With unit costs, BFS, IDDFS and Dijkstra agree on the number of moves.
        let mut unit = grid.clone();
        unit.set_movement(movement);
        let steps = |c: &Cell| unit.neighbors(*c).map(|(n, _)| n).collect::<Vec<_>>();
        let weighted = |c: &Cell| unit.neighbors(*c).map(|(n, _)| (n, 1u32)).collect::<Vec<_>>();
        let r_bfs = GridContext::new().bfs(&unit, [start], goal, &Limits::none()).unwrap();
        let r_closure = bfs([start], steps, |c| *c == goal, &Limits::none()).unwrap();
        let r_dij = dijkstra([start], weighted, |c| *c == goal, &Limits::none()).unwrap();
        let want = r_dij.cost();
        prop_assert_eq!(r_bfs.cost(), want);
        prop_assert_eq!(r_closure.cost().map(|c| c as u32), want);
        let map = unit.bfs_distances([start]).unwrap();
        prop_assert_eq!(map.get(goal), want);
        if let Some(p) = r_bfs.path() {
            prop_assert_eq!(p.nodes.len() as u32, p.cost + 1);
            for w in p.nodes.windows(2) {
                prop_assert!(unit.neighbors(w[0]).any(|(n, _)| n == w[1]));
            }
        }
    }

    #[test]
    fn deepening_agrees_on_small_grids(
        (movement, (grid, start, goal)) in movements().prop_flat_map(|m| (Just(m), grid_query(5, 4, m, 0.3)))
    ) {
        // IDA* and IDDFS re-expand states exponentially often on open grids: small grids only.
        let mut grid = grid;
        grid.set_movement(movement);
        let reference = reference_grid(&grid, start);
        let want = reference[goal.y as usize * grid.width() as usize + goal.x as usize];
        let limits = Limits::none().expansions(20_000_000);
        let r = grid.problem(start, goal, Heuristic::Octile).solve(Algorithm::IdaStar, &limits).unwrap();
        prop_assert_ne!(&r.outcome, &Outcome::LimitReached(pathfind::Limit::Expansions));
        prop_assert_eq!(r.cost().map(|c| (c.get() * 1e6).round()), want.map(|d| (d * 1e6).round()));
        if let Some(p) = r.path() { check_grid_path(&grid, p, start, goal); }
        let steps = |c: &Cell| grid.neighbors(*c).map(|(n, _)| n).collect::<Vec<_>>();
        let moves = GridContext::new().bfs(&grid, [start], goal, &Limits::none()).unwrap().cost();
        let r = iddfs([start], steps, |c| *c == goal, &Limits::none().expansions(20_000_000)).unwrap();
        prop_assert_ne!(&r.outcome, &Outcome::LimitReached(pathfind::Limit::Expansions));
        prop_assert_eq!(r.cost().map(|c| c as u32), moves);
    }

    #[test]
    fn weighted_graph_searches_agree_with_the_reference(
        n in 2usize..24,
        edges in proptest::collection::vec((0usize..24, 0usize..24, 0u32..20), 0..80),
        start in 0usize..24,
        goal in 0usize..24,
    ) {
        let edges: Vec<(usize, usize, u32)> = edges.into_iter().map(|(a, b, c)| (a % n, b % n, c)).collect();
        let (start, goal) = (start % n, goal % n);
        let mut adj = vec![Vec::new(); n];
        for &(a, b, c) in &edges { adj[a].push((b, c)); }
        // Reference: Bellman-Ford from the start.
        let mut dist = vec![None::<u32>; n];
        dist[start] = Some(0);
        for _ in 0..n {
            for &(a, b, c) in &edges {
                if let Some(d) = dist[a] {
                    if dist[b].is_none_or(|old| d + c < old) { dist[b] = Some(d + c); }
                }
            }
        }
        // An admissible heuristic: the exact distance to the goal, halved.
        let mut to_goal = vec![None::<u32>; n];
        to_goal[goal] = Some(0);
        for _ in 0..n {
            for &(a, b, c) in &edges {
                if let Some(d) = to_goal[b] {
                    if to_goal[a].is_none_or(|old| d + c < old) { to_goal[a] = Some(d + c); }
                }
            }
        }
        let h = |&v: &usize| to_goal[v].map_or(0, |d| d / 2);
        let succ = |&v: &usize| adj[v].clone();
        let want = dist[goal];
        let limits = Limits::none();
        let results = [
            ("dijkstra", dijkstra([start], succ, |&v| v == goal, &limits).unwrap()),
            ("astar", astar([start], succ, h, |&v| v == goal, &limits).unwrap()),
            ("astar h=0", astar([start], succ, |_| 0, |&v| v == goal, &limits).unwrap()),
            ("idastar", idastar([start], succ, h, |&v| v == goal, &limits).unwrap()),
        ];
        for (name, r) in &results {
            prop_assert_eq!(r.cost(), want, "{}", name);
            if let Some(p) = r.path() {
                prop_assert_eq!(p.nodes.first(), Some(&start));
                prop_assert_eq!(p.nodes.last(), Some(&goal));
                // Costs add up along legal edges (the cheapest parallel edge).
                let mut total = 0;
                for w in p.nodes.windows(2) {
                    let c = adj[w[0]].iter().filter(|(b, _)| *b == w[1]).map(|&(_, c)| c).min();
                    prop_assert!(c.is_some(), "{}: no edge {} -> {}", name, w[0], w[1]);
                    total += c.unwrap_or(0);
                }
                prop_assert_eq!(total, p.cost, "{}", name);
            } else {
                prop_assert_eq!(&r.outcome, &Outcome::NoPath, "{}", name);
            }
        }
        // u64 costs use the radix open list; an admissible but inconsistent heuristic (exact
        // on even states, zero on odd ones) makes it fall back to the binary heap and A*
        // reopen states, and the answer must stay optimal.
        let succ64 = |&v: &usize| adj[v].iter().map(|&(b, c)| (b, u64::from(c))).collect::<Vec<_>>();
        let h_odd = |&v: &usize| if v % 2 == 0 { to_goal[v].map_or(0, u64::from) } else { 0 };
        let want64 = want.map(u64::from);
        prop_assert_eq!(astar([start], succ64, h_odd, |&v| v == goal, &Limits::none()).unwrap().cost(), want64);
        prop_assert_eq!(dijkstra([start], succ64, |&v| v == goal, &Limits::none()).unwrap().cost(), want64);
        let h64 = |&v: &usize| to_goal[v].map_or(0, |d| u64::from(d / 2));
        prop_assert_eq!(astar([start], succ64, h64, |&v| v == goal, &Limits::none()).unwrap().cost(), want64);
        // A reused context gives the same answers as fresh ones.
        let mut ctx = SearchContext::new();
        for _ in 0..2 {
            let r = ctx.astar([start], succ, h, |&v| v == goal, &limits).unwrap();
            prop_assert_eq!(r.cost(), want);
        }
        // BFS with unit costs agrees with the reference on unit weights.
        let steps = |&v: &usize| adj[v].iter().map(|&(b, _)| b).collect::<Vec<_>>();
        let unit = dijkstra([start], |&v: &usize| adj[v].iter().map(|&(b, _)| (b, 1usize)).collect::<Vec<_>>(), |&v| v == goal, &Limits::none()).unwrap();
        prop_assert_eq!(bfs([start], steps, |&v| v == goal, &Limits::none()).unwrap().cost(), unit.cost());
    }

    #[test]
    fn stepper_matches_solve((grid, start, goal) in grid_query(10, 10, Movement::OCTILE, 0.25)) {
        let p = grid.problem(start, goal, Heuristic::Octile);
        let whole = p.solve(Algorithm::AStar, &Limits::none()).unwrap();
        let mut stepper = p.stepper(&Limits::none()).unwrap();
        let mut expanded = 0u64;
        let stepped = loop {
            match stepper.step().unwrap() {
                pathfind::Step::Expanded { .. } => expanded += 1,
                pathfind::Step::Done(r) => break r,
            }
        };
        prop_assert_eq!(expanded, whole.stats.expanded);
        prop_assert_eq!(stepped, whole);
    }
}
