//! A time limit and a stop flag end every algorithm's search on a graph it could never
//! finish, reported as `LimitReached(Time)` / `LimitReached(Stopped)`; a search that
//! finishes first is unaffected; every field of a `search_core::Budget` means one thing, and
//! `iterations` is refused.

use std::time::{Duration, Instant};

use pathfind::{
    AStarStepper, Algorithm, Cell, Grid, GridContext, Heuristic, Limit, Movement, PathError,
    PathOutcome, SearchContext, SearchProblem, SearchResult, Step, astar, bfs, bfs_reach, dfs,
    dijkstra, greedy_best_first, idastar, iddfs, solve, weighted_astar,
};
use search_core::{Budget, BudgetError, BudgetField, StopFlag};

type P = (i32, i32);

/// The infinite 4-connected lattice: no search ever runs out of states.
fn lattice(&(x, y): &P) -> [(P, u64); 4] {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|p| (p, 1))
}

fn unit(p: &P) -> [P; 4] {
    lattice(p).map(|(q, _)| q)
}

fn never(_: &P) -> bool {
    false
}

/// Far away and unreachable in practice: the heuristic searches have a direction to go.
fn toward(&(x, y): &P) -> u64 {
    u64::from((1_000_000 - x).unsigned_abs() + (1_000_000 - y).unsigned_abs())
}

/// The same result with the measured time cleared, to compare two runs of one search.
fn untimed<N, C>(mut r: SearchResult<N, C>) -> SearchResult<N, C> {
    r.stats.elapsed = Duration::ZERO;
    r
}

/// Runs every algorithm once with `budget` and returns (name, outcome, expanded).
fn every_algorithm(budget: &Budget) -> Vec<(&'static str, PathOutcome<P, u64>, u64)> {
    let (limits, steps) = (budget, budget);
    let mut out = Vec::new();
    let mut add =
        |name, r: pathfind::SearchResult<P, u64>| out.push((name, r.outcome, r.stats.nodes));
    add(
        "dijkstra",
        dijkstra([(0, 0)], lattice, never, limits).unwrap(),
    );
    add(
        "astar",
        astar([(0, 0)], lattice, toward, never, limits).unwrap(),
    );
    add(
        "weighted",
        weighted_astar([(0, 0)], lattice, toward, never, 2.0, limits).unwrap(),
    );
    add(
        "greedy",
        greedy_best_first([(0, 0)], lattice, toward, never, limits).unwrap(),
    );
    add(
        "idastar",
        idastar([(0, 0)], lattice, |_| 0, never, limits).unwrap(),
    );
    let mut add_steps = |name, r: pathfind::SearchResult<P, usize>| {
        let cost = r.cost().map(|c| c as u64);
        let outcome = match r.outcome {
            PathOutcome::LimitReached(l) => PathOutcome::LimitReached(l),
            PathOutcome::NoPath => PathOutcome::NoPath,
            PathOutcome::Found(p) => PathOutcome::Found(pathfind::Path {
                nodes: p.nodes,
                cost: cost.unwrap(),
            }),
            other => panic!("an outcome this test does not know: {other:?}"),
        };
        out.push((name, outcome, r.stats.nodes));
    };
    add_steps("bfs", bfs([(0, 0)], unit, never, steps).unwrap());
    add_steps("dfs", dfs([(0, 0)], unit, never, steps).unwrap());
    add_steps("iddfs", iddfs([(0, 0)], unit, never, steps).unwrap());
    out
}

#[test]
fn a_time_limit_ends_every_algorithm() {
    let limit = Duration::from_millis(30);
    let started = Instant::now();
    let runs = every_algorithm(&Budget::time(limit));
    for (name, outcome, expanded) in &runs {
        assert_eq!(
            *outcome,
            PathOutcome::LimitReached(Limit::Budget(BudgetField::Time)),
            "{name}"
        );
        assert!(*expanded > 0, "{name}");
    }
    // Eight searches of 30 ms each: generous slack for a debug build on a busy machine,
    // but none of them ran away.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_stop_flag_set_before_the_search_stops_it_at_once() {
    let stop = StopFlag::new();
    stop.stop();
    let runs = every_algorithm(&Budget::new().with_stop(stop));
    for (name, outcome, expanded) in &runs {
        assert_eq!(
            *outcome,
            PathOutcome::LimitReached(Limit::Budget(BudgetField::Stop)),
            "{name}"
        );
        assert_eq!(*expanded, 0, "{name}");
    }
}

#[test]
fn a_stop_flag_set_from_another_thread_ends_the_search() {
    // A grid with a wall the goal sits behind: Dijkstra has to flood all of it, again and
    // again until stopped.
    let mut grid = Grid::new(1_000, 1_000, Movement::OCTILE).unwrap();
    for y in 0..1_000 {
        grid.set_passable(Cell::new(990, y), false).unwrap();
    }
    let mut ctx = GridContext::new().with_budget(Budget::nodes(1));
    // Allocates the context's per-cell arrays, so that the timed searches only search.
    ctx.solve(
        &grid,
        [Cell::new(0, 0)],
        Cell::new(999, 999),
        Algorithm::Dijkstra,
        Heuristic::Zero,
    )
    .unwrap();
    for algorithm in ["dijkstra", "grid"] {
        let stop = StopFlag::new();
        let setter = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                stop.stop();
                Instant::now()
            })
        };
        let (outcome, expanded) = if algorithm == "dijkstra" {
            let budget = Budget::new().with_stop(stop.clone());
            let r = dijkstra([(0, 0)], lattice, never, &budget).unwrap();
            (format!("{:?}", r.outcome), r.stats.nodes)
        } else {
            // The same context (and its arrays), with the stop flag as its budget.
            ctx = std::mem::take(&mut ctx).with_budget(Budget::new().with_stop(stop.clone()));
            let mut total = 0;
            loop {
                let r = ctx
                    .solve(
                        &grid,
                        [Cell::new(0, 0)],
                        Cell::new(999, 999),
                        Algorithm::Dijkstra,
                        Heuristic::Zero,
                    )
                    .unwrap();
                total += r.stats.nodes;
                if r.outcome != PathOutcome::NoPath {
                    break (format!("{:?}", r.outcome), total);
                }
            }
        };
        let returned = Instant::now();
        let set = setter.join().unwrap();
        assert_eq!(
            outcome,
            format!(
                "{:?}",
                PathOutcome::<P, u64>::LimitReached(Limit::Budget(BudgetField::Stop))
            )
        );
        assert!(expanded > 0);
        assert!(returned >= set);
        // Polled every 256 expansions: far below a second even in a debug build.
        assert!(
            returned - set < Duration::from_millis(500),
            "{algorithm}: {:?}",
            returned - set
        );
    }
}

#[test]
fn a_search_that_finishes_first_is_unaffected() {
    let limits = Budget::time(Duration::from_secs(60)).with_stop(StopFlag::new());
    let r = astar(
        [(0, 0)],
        lattice,
        |&(x, y)| u64::from((10 - x).unsigned_abs() + (7 - y).unsigned_abs()),
        |&p| p == (10, 7),
        &limits,
    )
    .unwrap();
    assert_eq!(r.cost(), Some(17));
    let plain = astar(
        [(0, 0)],
        lattice,
        |&(x, y)| u64::from((10 - x).unsigned_abs() + (7 - y).unsigned_abs()),
        |&p| p == (10, 7),
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(untimed(r), untimed(plain));
    // The expansion limit still reports itself, with a clock running alongside.
    let r = dijkstra(
        [(0, 0)],
        lattice,
        never,
        &Budget::nodes(1_000).with_time(Duration::from_secs(60)),
    )
    .unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 1_000);
    let grid = Grid::new(50, 50, Movement::OCTILE).unwrap();
    let r = GridContext::new()
        .with_budget(Budget::time(Duration::from_secs(60)))
        .solve(
            &grid,
            [Cell::new(0, 0)],
            Cell::new(49, 49),
            Algorithm::AStar,
            Heuristic::Octile,
        )
        .unwrap();
    assert!(r.is_found());
}

struct Lattice;

impl SearchProblem for Lattice {
    type State = P;
    type Cost = u64;
    fn start(&self) -> P {
        (0, 0)
    }
    fn successors(&self, p: &P, out: &mut Vec<(P, u64)>) {
        out.extend(lattice(p));
    }
    fn is_goal(&self, _: &P) -> bool {
        false
    }
}

#[test]
fn problems_contexts_and_steppers_take_the_limits_too() {
    let limits = Budget::time(Duration::from_millis(10));
    for algorithm in [
        Algorithm::Dijkstra,
        Algorithm::AStar,
        Algorithm::Bfs,
        Algorithm::IdaStar,
    ] {
        let r = solve(&Lattice, algorithm, &limits).unwrap();
        assert_eq!(
            r.outcome,
            PathOutcome::LimitReached(Limit::Budget(BudgetField::Time)),
            "{algorithm:?}"
        );
    }
    let mut ctx = SearchContext::new().with_budget(limits.clone());
    let r = ctx.dijkstra([(0, 0)], lattice, never).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Time))
    );
    // A stepper's clock starts when it is created.
    let mut stepper = AStarStepper::new(&Lattice, &limits).unwrap();
    let result = loop {
        if let Step::Done(r) = stepper.step().unwrap() {
            break r;
        }
    };
    assert_eq!(
        result.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Time))
    );
    assert!(result.stats.nodes > 0);
    // A stepper that is done stays done, with the same result.
    assert!(
        matches!(stepper.step(), Ok(Step::Done(again)) if again.stats.nodes == result.stats.nodes)
    );
}

#[test]
fn a_budget_sets_nodes_depth_time_and_stop() {
    let r = dijkstra([(0, 0)], lattice, never, &Budget::nodes(500)).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 500);
    let budget = Budget::time(Duration::from_millis(10));
    let called = Instant::now();
    let r = dijkstra([(0, 0)], lattice, never, &budget).unwrap();
    let wall = called.elapsed();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Time))
    );
    // The statistics measure the search's time: most of the limit (a one-query function
    // keeps a little of it to free its tables), and no more than the call took.
    assert!(
        r.stats.elapsed >= Duration::from_millis(5) && r.stats.elapsed <= wall,
        "{:?} in a call of {wall:?}",
        r.stats
    );
    assert!(r.stats.nodes > 0 && r.stats.leaves >= r.stats.nodes);
    let stop = StopFlag::new();
    stop.stop();
    let budget = Budget::new().with_stop(stop);
    let r = dijkstra([(0, 0)], lattice, never, &budget).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Stop))
    );
    let r = bfs([(0, 0)], unit, never, &Budget::depth(3)).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth))
    );
}

fn is_unsupported_iterations(e: &PathError) -> bool {
    matches!(
        e,
        PathError::Budget(BudgetError::Unsupported {
            field: BudgetField::Iterations,
            ..
        })
    )
}

#[test]
fn an_iteration_limit_is_refused_by_every_search() {
    let budget = Budget::iterations(10);
    let goal = |p: &P| *p == (2, 2);
    let errors = [
        dijkstra([(0, 0)], lattice, goal, &budget).unwrap_err(),
        astar([(0, 0)], lattice, toward, goal, &budget).unwrap_err(),
        weighted_astar([(0, 0)], lattice, toward, goal, 2.0, &budget).unwrap_err(),
        greedy_best_first([(0, 0)], lattice, toward, goal, &budget).unwrap_err(),
        idastar([(0, 0)], lattice, toward, goal, &budget).unwrap_err(),
        bfs([(0, 0)], unit, goal, &budget).unwrap_err(),
        dfs([(0, 0)], unit, goal, &budget).unwrap_err(),
        iddfs([(0, 0)], unit, goal, &budget).unwrap_err(),
        solve(&Lattice, Algorithm::AStar, &budget).unwrap_err(),
        AStarStepper::new(&Lattice, &budget).err().unwrap(),
        SearchContext::new()
            .with_budget(budget.clone())
            .count_paths((0, 0), unit, goal)
            .unwrap_err(),
        bfs_reach([(0, 0)], unit, &budget).err().unwrap(),
    ];
    for e in &errors {
        assert!(is_unsupported_iterations(e), "{e:?}");
    }
    assert!(
        errors[0].to_string().contains("iterations"),
        "{}",
        errors[0]
    );
    // Together with limits path searches do honour, it is still refused.
    let both = Budget::nodes(100).with_iterations(5);
    assert!(is_unsupported_iterations(
        &dijkstra([(0, 0)], lattice, goal, &both).unwrap_err()
    ));
    let grid = Grid::new(8, 8, Movement::OCTILE).unwrap();
    let mut ctx = GridContext::new().with_budget(budget);
    let (s, t) = (Cell::new(0, 0), Cell::new(7, 7));
    for alg in [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Iddfs,
        Algorithm::IdaStar,
        Algorithm::GreedyBestFirst,
        Algorithm::WeightedAStar(1.5),
    ] {
        let e = ctx
            .solve(&grid, [s], t, alg, Heuristic::Octile)
            .unwrap_err();
        assert!(is_unsupported_iterations(&e), "{alg:?}: {e:?}");
    }
    assert!(is_unsupported_iterations(
        &ctx.solve(&grid, [s], t, Algorithm::Bfs, Heuristic::Zero)
            .unwrap_err()
    ));
    assert!(is_unsupported_iterations(
        &ctx.bfs_distances(&grid, [s]).unwrap_err()
    ));
    assert!(is_unsupported_iterations(
        &ctx.solve_all(&grid, &[(s, t)], Algorithm::AStar, Heuristic::Octile)
            .unwrap_err()
    ));
}

#[test]
fn zero_limits_and_an_unreachable_deadline_are_errors() {
    let goal = |p: &P| *p == (2, 2);
    let e = dijkstra([(0, 0)], lattice, goal, &Budget::nodes(0)).unwrap_err();
    assert_eq!(e, PathError::Budget(BudgetError::ZeroNodes));
    let e = bfs([(0, 0)], unit, goal, &Budget::depth(0)).unwrap_err();
    assert_eq!(e, PathError::Budget(BudgetError::ZeroDepth));
    let e = astar(
        [(0, 0)],
        lattice,
        toward,
        goal,
        &Budget::time(Duration::ZERO),
    )
    .unwrap_err();
    assert_eq!(e, PathError::Budget(BudgetError::ZeroTime));
    let e = astar(
        [(0, 0)],
        lattice,
        toward,
        goal,
        &Budget::time(Duration::MAX),
    )
    .unwrap_err();
    assert!(matches!(
        e,
        PathError::Budget(BudgetError::TimeTooLarge { .. })
    ));
    // Paths may be long: a depth limit above the game engines' maximum is accepted.
    let r = bfs([(0, 0)], unit, goal, &Budget::depth(1_000_000)).unwrap();
    assert_eq!(r.cost(), Some(4));
}
