//! A time limit and a stop flag end every algorithm's search on a graph it could never
//! finish, reported as `LimitReached(Time)` / `LimitReached(Stopped)`; a search that
//! finishes first is unaffected; a `search_core::Budget` carries over.

use std::time::{Duration, Instant};

use pathfind::{
    AStarStepper, Algorithm, Cell, Grid, GridContext, Heuristic, Limit, Limits, Movement, Outcome,
    SearchContext, SearchProblem, Solve, Step, astar, bfs, dfs, dijkstra, greedy_best_first,
    idastar, iddfs, weighted_astar,
};
use search_core::{Budget, StopFlag};

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

/// Runs every algorithm once with `limits` and returns (name, outcome, expanded).
fn every_algorithm(
    limits: &Limits<u64>,
    steps: &Limits<usize>,
) -> Vec<(&'static str, Outcome<P, u64>, u64)> {
    let mut out = Vec::new();
    let mut add =
        |name, r: pathfind::SearchResult<P, u64>| out.push((name, r.outcome, r.stats.expanded));
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
            Outcome::LimitReached(l) => Outcome::LimitReached(l),
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Found(p) => Outcome::Found(pathfind::Path {
                nodes: p.nodes,
                cost: cost.unwrap(),
            }),
        };
        out.push((name, outcome, r.stats.expanded));
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
    let runs = every_algorithm(&Limits::none().time(limit), &Limits::none().time(limit));
    for (name, outcome, expanded) in &runs {
        assert_eq!(*outcome, Outcome::LimitReached(Limit::Time), "{name}");
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
    let runs = every_algorithm(
        &Limits::none().with_stop(stop.clone()),
        &Limits::none().with_stop(stop),
    );
    for (name, outcome, expanded) in &runs {
        assert_eq!(*outcome, Outcome::LimitReached(Limit::Stopped), "{name}");
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
    let mut ctx = GridContext::new();
    // Allocates the context's per-cell arrays, so that the timed searches only search.
    ctx.dijkstra(
        &grid,
        [Cell::new(0, 0)],
        Cell::new(999, 999),
        &Limits::none().expansions(1),
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
            let limits = Limits::none().with_stop(stop.clone());
            let r = dijkstra([(0, 0)], lattice, never, &limits).unwrap();
            (format!("{:?}", r.outcome), r.stats.expanded)
        } else {
            let limits = Limits::none().with_stop(stop.clone());
            let mut total = 0;
            loop {
                let r = ctx
                    .dijkstra(&grid, [Cell::new(0, 0)], Cell::new(999, 999), &limits)
                    .unwrap();
                total += r.stats.expanded;
                if r.outcome != Outcome::NoPath {
                    break (format!("{:?}", r.outcome), total);
                }
            }
        };
        let returned = Instant::now();
        let set = setter.join().unwrap();
        assert_eq!(
            outcome,
            format!("{:?}", Outcome::<P, u64>::LimitReached(Limit::Stopped))
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
    let limits = Limits::none()
        .time(Duration::from_secs(60))
        .with_stop(StopFlag::new());
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
        &Limits::none(),
    )
    .unwrap();
    assert_eq!(r, plain);
    // The expansion limit still reports itself, with a clock running alongside.
    let r = dijkstra(
        [(0, 0)],
        lattice,
        never,
        &Limits::none()
            .expansions(1_000)
            .time(Duration::from_secs(60)),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Expansions));
    assert_eq!(r.stats.expanded, 1_000);
    let grid = Grid::new(50, 50, Movement::OCTILE).unwrap();
    let r = GridContext::new()
        .astar(
            &grid,
            [Cell::new(0, 0)],
            Cell::new(49, 49),
            Heuristic::Octile,
            &Limits::none().time(Duration::from_secs(60)),
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
    let limits = Limits::none().time(Duration::from_millis(10));
    for algorithm in [
        Algorithm::Dijkstra,
        Algorithm::AStar,
        Algorithm::Bfs,
        Algorithm::IdaStar,
    ] {
        let r = Lattice.solve(algorithm, &limits).unwrap();
        assert_eq!(
            r.outcome,
            Outcome::LimitReached(Limit::Time),
            "{algorithm:?}"
        );
    }
    let mut ctx = SearchContext::new();
    let r = ctx.dijkstra([(0, 0)], lattice, never, &limits).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Time));
    // A stepper's clock starts when it is created.
    let mut stepper = AStarStepper::new(&Lattice, &limits).unwrap();
    let result = loop {
        if let Step::Done(r) = stepper.step().unwrap() {
            break r;
        }
    };
    assert_eq!(result.outcome, Outcome::LimitReached(Limit::Time));
    assert_eq!(stepper.stats().expanded % Limits::POLL_INTERVAL, 0);
}

#[test]
fn a_budget_sets_nodes_depth_time_and_stop() {
    let r = dijkstra(
        [(0, 0)],
        lattice,
        never,
        &Limits::from_budget(&Budget::nodes(500)),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Expansions));
    assert_eq!(r.stats.expanded, 500);
    let budget = Budget::time(Duration::from_millis(10));
    let r = dijkstra([(0, 0)], lattice, never, &Limits::from_budget(&budget)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Time));
    let stop = StopFlag::new();
    stop.stop();
    let budget = Budget::unlimited().with_stop(stop);
    let r = dijkstra([(0, 0)], lattice, never, &Limits::from_budget(&budget)).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Stopped));
    let r = bfs(
        [(0, 0)],
        unit,
        never,
        &Limits::from_budget(&Budget::depth(3)),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Depth));
}
