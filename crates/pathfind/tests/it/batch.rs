//! `with_threads`: a batch of queries run on several threads (`GridContext::solve_all`,
//! `SearchContext::solve_all`) gives, in query order, exactly what running the queries one
//! by one gives — on a MovingAI map and on random grids — and a panic on a worker thread is
//! an error, not a partial answer.

use std::time::Duration;

use pathfind::movingai::{load_map, load_scen};
use pathfind::testing::grid;
use pathfind::{
    Algorithm, Budget, Cell, FloatCost, Grid, GridContext, Heuristic, Movement, PathError,
    SearchContext, SearchProblem, SearchResult,
};
use proptest::prelude::*;

/// The same result with the measured time cleared: two runs of one search differ only there.
fn untimed<N, C>(mut r: SearchResult<N, C>) -> SearchResult<N, C> {
    r.stats.elapsed = Duration::ZERO;
    r
}

const ALGORITHMS: [Algorithm; 8] = [
    Algorithm::AStar,
    Algorithm::Dijkstra,
    Algorithm::WeightedAStar(1.5),
    Algorithm::GreedyBestFirst,
    Algorithm::Bfs,
    Algorithm::Dfs,
    Algorithm::Iddfs,
    Algorithm::IdaStar,
];

/// The queries one by one on one context, then in batches of 1, 2, 3 and 8 threads: the
/// same results in the same order.
fn check_batches(
    grid: &Grid,
    queries: &[(Cell, Cell)],
    algorithm: Algorithm,
    heuristic: Heuristic,
    budget: &Budget,
) -> Vec<SearchResult<Cell, FloatCost>> {
    let mut one = GridContext::new().with_budget(budget.clone());
    let alone: Vec<_> = queries
        .iter()
        .map(|&(s, t)| untimed(one.solve(grid, [s], t, algorithm, heuristic).unwrap()))
        .collect();
    for threads in [1, 2, 3, 8] {
        let mut ctx = GridContext::new()
            .with_budget(budget.clone())
            .with_threads(threads);
        let all = ctx.solve_all(grid, queries, algorithm, heuristic).unwrap();
        assert_eq!(all.len(), queries.len());
        let all: Vec<_> = all.into_iter().map(untimed).collect();
        assert_eq!(all, alone, "{algorithm:?}, {threads} threads");
    }
    alone
}

#[test]
fn solve_all_on_a_movingai_map_gives_the_sequential_results_in_order() {
    let Some(dir) = crate::repository::file("data/movingai") else {
        return;
    };
    let grid = load_map(dir.join("arena.map"))
        .unwrap()
        .to_grid(Movement::OCTILE)
        .unwrap();
    let scen = load_scen(dir.join("arena.map.scen")).unwrap();
    let stride = scen.len().div_ceil(120).max(1);
    let queries: Vec<(Cell, Cell)> = scen
        .iter()
        .step_by(stride)
        .map(|s| (s.start, s.goal))
        .collect();
    let optimal: Vec<_> = scen.iter().step_by(stride).collect();
    let results = check_batches(
        &grid,
        &queries,
        Algorithm::AStar,
        Heuristic::Octile,
        &Budget::new(),
    );
    for (r, s) in results.iter().zip(&optimal) {
        assert!(s.is_optimal(r.cost().unwrap().get()), "line {}", s.line);
    }
    // The other best-first searches and BFS, bounded so that a debug build stays quick.
    for algorithm in [
        Algorithm::Dijkstra,
        Algorithm::GreedyBestFirst,
        Algorithm::Bfs,
    ] {
        check_batches(
            &grid,
            &queries[..40],
            algorithm,
            Heuristic::Octile,
            &Budget::new(),
        );
    }
    let nodes = Budget::nodes(500);
    check_batches(
        &grid,
        &queries[..40],
        Algorithm::AStar,
        Heuristic::Octile,
        &nodes,
    );
    // The batch answers what the specialised searches answer.
    let mut ctx = GridContext::new();
    for (r, &(s, t)) in results.iter().zip(&queries) {
        let alone = untimed(
            ctx.solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
                .unwrap(),
        );
        assert_eq!(r, &alone);
    }
}

#[test]
fn solve_matches_the_specialised_grid_searches() {
    let grid = Grid::from_rows(
        &["....#...", ".##.#.#.", "......#.", "#.####..", "........"],
        Movement::OCTILE,
    )
    .unwrap();
    let (s, t) = (Cell::new(0, 0), Cell::new(7, 0));
    let mut ctx = GridContext::new();
    let h = Heuristic::Octile;
    let astar = untimed(ctx.solve(&grid, [s], t, Algorithm::AStar, h).unwrap());
    assert_eq!(
        untimed(ctx.solve(&grid, [s], t, Algorithm::AStar, h).unwrap()),
        astar
    );
    let dijkstra = untimed(
        ctx.solve(&grid, [s], t, Algorithm::Dijkstra, Heuristic::Zero)
            .unwrap(),
    );
    let solved = ctx.solve(&grid, [s], t, Algorithm::Dijkstra, h).unwrap();
    assert_eq!(untimed(solved), dijkstra);
    // BFS through `solve`: the same path as `bfs`, with its real cost instead of moves.
    let bfs = ctx
        .solve(&grid, [s], t, Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    let solved = ctx.solve(&grid, [s], t, Algorithm::Bfs, h).unwrap();
    assert_eq!(solved.path().unwrap().nodes, bfs.path().unwrap().nodes);
    assert_eq!(solved.stats.nodes, bfs.stats.nodes);
    // IDA* is optimal like A*.
    let ida = ctx.solve(&grid, [s], t, Algorithm::IdaStar, h).unwrap();
    assert!((ida.cost().unwrap().get() - astar.cost().unwrap().get()).abs() < 1e-9);
    assert!(ida.stats.iterations >= 1);
    assert_eq!(astar.stats.iterations, 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn solve_all_on_random_grids_gives_the_sequential_results_in_order(
        (grid, queries) in grid(9, 9, Movement::OCTILE, 0.25).prop_flat_map(|g| {
            let (w, h) = (g.width(), g.height());
            let cell = (0..w, 0..h).prop_map(|(x, y)| Cell::new(x, y));
            (Just(g), proptest::collection::vec((cell.clone(), cell), 1..12))
        }),
        algorithm in proptest::sample::select(ALGORITHMS.to_vec()),
    ) {
        // Only passable endpoints: a blocked one is an error, tested elsewhere.
        let queries: Vec<_> = queries
            .into_iter()
            .filter(|&(s, t)| grid.is_passable(s) && grid.is_passable(t))
            .collect();
        // The deepening searches may need many expansions when there is no path.
        check_batches(&grid, &queries, algorithm, Heuristic::Octile, &Budget::nodes(20_000));
    }
}

/// A line 0 -> 1 -> ... whose successor function panics at `boom`.
struct Fragile {
    goal: u32,
    boom: u32,
}

impl SearchProblem for Fragile {
    type State = u32;
    type Cost = u32;
    fn start(&self) -> u32 {
        0
    }
    fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
        assert!(n != self.boom, "successors of {n}");
        out.push((n + 1, 1));
    }
    fn is_goal(&self, &n: &u32) -> bool {
        n == self.goal
    }
}

#[test]
fn solve_all_gives_the_sequential_results_and_reports_a_worker_panic() {
    let problems: Vec<Fragile> = (0..30)
        .map(|goal| Fragile {
            goal,
            boom: u32::MAX,
        })
        .collect();
    let mut one = SearchContext::new().with_budget(Budget::nodes(20));
    let alone: Vec<_> = problems
        .iter()
        .map(|p| untimed(one.solve(p, Algorithm::AStar).unwrap()))
        .collect();
    for threads in [1, 4] {
        let mut ctx = SearchContext::new()
            .with_budget(Budget::nodes(20))
            .with_threads(threads);
        let all = ctx.solve_all(&problems, Algorithm::AStar).unwrap();
        let all: Vec<_> = all.into_iter().map(untimed).collect();
        assert_eq!(all, alone, "{threads} threads");
    }
    let mut problems = problems;
    problems[11].boom = 3;
    let e = SearchContext::new()
        .with_threads(3)
        .solve_all(&problems, Algorithm::AStar)
        .unwrap_err();
    assert_eq!(
        e,
        PathError::WorkerPanicked {
            message: "successors of 3".into()
        }
    );
}
