//! `SearchResult::best_so_far`: when a limit stops A*, weighted A* or greedy best-first
//! search, the result carries a real path from the start to the expanded state nearest the
//! goal by the heuristic; otherwise none.

use pathfind::{Algorithm, PathOutcome, SearchContext, SearchProblem, astar, dijkstra, solve};
use proptest::prelude::*;
use search_core::Budget;

/// A `w x h` 4-connected grid with walls, goal in the far corner.
#[derive(Clone, Debug)]
struct Maze {
    w: i32,
    h: i32,
    walls: Vec<bool>,
}

impl Maze {
    fn open(&self, (x, y): (i32, i32)) -> bool {
        x >= 0
            && y >= 0
            && x < self.w
            && y < self.h
            && (!self.walls[(y * 8 + x) as usize] || (x, y) == (0, 0))
    }
    fn goal(&self) -> (i32, i32) {
        (self.w - 1, self.h - 1)
    }
    fn steps(&self, (x, y): (i32, i32)) -> Vec<((i32, i32), u32)> {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(|(dx, dy)| ((x + dx, y + dy), 1))
            .filter(|&(p, _)| self.open(p))
            .collect()
    }
    fn manhattan(&self, (x, y): (i32, i32)) -> u32 {
        let g = self.goal();
        (g.0 - x).unsigned_abs() + (g.1 - y).unsigned_abs()
    }
}

impl SearchProblem for Maze {
    type State = (i32, i32);
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn successors(&self, &p: &(i32, i32), out: &mut Vec<((i32, i32), u32)>) {
        out.extend(self.steps(p));
    }
    fn is_goal(&self, &p: &(i32, i32)) -> bool {
        p == self.goal()
    }
    fn heuristic(&self, &p: &(i32, i32)) -> u32 {
        self.manhattan(p)
    }
}

fn maze() -> impl Strategy<Value = Maze> {
    (
        2i32..9,
        2i32..9,
        prop::collection::vec(prop::bool::weighted(0.25), 64),
    )
        .prop_map(|(w, h, walls)| Maze { w, h, walls })
}

/// A path of real steps from the start, costing what it says.
fn check_path(m: &Maze, nodes: &[(i32, i32)], cost: u32) -> Result<(), TestCaseError> {
    prop_assert_eq!(nodes[0], (0, 0));
    for w in nodes.windows(2) {
        prop_assert!(
            m.steps(w[0]).iter().any(|s| s.0 == w[1]),
            "{:?} is not a step",
            w
        );
    }
    prop_assert_eq!(cost as usize, nodes.len() - 1);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_stopped_search_returns_real_progress(m in maze(), nodes in 1u64..12) {
        let budget = Budget::nodes(nodes);
        let r = astar([(0, 0)], |&p| m.steps(p), |&p| m.manhattan(p), |&p| p == m.goal(), &budget).unwrap();
        match &r.outcome {
            PathOutcome::LimitReached(_) => {
                let best = r.best_so_far.as_ref().expect("a stopped A* has progress to show");
                check_path(&m, &best.nodes, best.cost)?;
                // The start was expanded, so the progress is at least as near the goal.
                let end = *best.nodes.last().unwrap();
                prop_assert!(m.manhattan(end) <= m.manhattan((0, 0)));
                // Not promised to be the cheapest way there, but never cheaper than it.
                let d = dijkstra([(0, 0)], |&p| m.steps(p), |&p| p == end, &Budget::new()).unwrap();
                prop_assert!(d.cost().unwrap() <= best.cost);
            }
            _ => prop_assert!(r.best_so_far.is_none()),
        }
        for alg in [Algorithm::AStar, Algorithm::WeightedAStar(2.0), Algorithm::GreedyBestFirst] {
            let r = solve(&m, alg, &budget).unwrap();
            match &r.outcome {
                PathOutcome::LimitReached(_) => {
                    let best = r.best_so_far.as_ref().expect("progress");
                    check_path(&m, &best.nodes, best.cost)?;
                }
                _ => prop_assert!(r.best_so_far.is_none()),
            }
        }
        // Algorithms without a heuristic never set it.
        let r = solve(&m, Algorithm::Bfs, &budget).unwrap();
        prop_assert!(r.best_so_far.is_none());
    }
}

#[test]
fn a_cost_bound_also_gives_progress() {
    let goal = 50i32;
    let mut ctx = SearchContext::new().with_max_cost(10u32);
    let r = ctx
        .astar(
            [0i32],
            |&n| [(n - 1, 1u32), (n + 1, 1)],
            |&n| (goal - n).unsigned_abs(),
            |&n| n == goal,
        )
        .unwrap();
    assert!(matches!(
        r.outcome,
        PathOutcome::LimitReached(pathfind::Limit::Cost)
    ));
    let best = r.best_so_far.unwrap();
    assert_eq!(best.nodes.last(), Some(&10));
    assert_eq!(best.cost, 10);
}

/// A line whose heuristic counts its calls.
struct CountedLine {
    calls: std::cell::Cell<u64>,
}

impl SearchProblem for CountedLine {
    type State = i64;
    type Cost = u64;
    fn start(&self) -> i64 {
        0
    }
    fn successors(&self, &n: &i64, out: &mut Vec<(i64, u64)>) {
        out.extend([(n - 1, 1), (n + 1, 1)]);
    }
    fn is_goal(&self, &n: &i64) -> bool {
        n == 1_000_000
    }
    fn heuristic(&self, &n: &i64) -> u64 {
        self.calls.set(self.calls.get() + 1);
        (1_000_000 - n).unsigned_abs()
    }
}

/// The progress of a stopped search is kept as it goes: stopping calls the heuristic no
/// more (a heuristic that costs a millisecond would otherwise delay the return by a
/// millisecond per state expanded), and the progress is the expanded state nearest the
/// goal.
#[test]
fn stopping_does_not_call_the_heuristic_again() {
    let line = CountedLine {
        calls: std::cell::Cell::new(0),
    };
    let mut stepper = pathfind::AStarStepper::new(&line, &Budget::nodes(500)).unwrap();
    let mut before = 0;
    let result = loop {
        match stepper.step().unwrap() {
            pathfind::Step::Expanded { .. } => before = line.calls.get(),
            pathfind::Step::Done(r) => break r,
        }
    };
    assert_eq!(
        line.calls.get(),
        before,
        "no heuristic call once the limit is reached"
    );
    assert!(matches!(result.outcome, PathOutcome::LimitReached(_)));
    let best = result.best_so_far.unwrap();
    assert_eq!(
        best.nodes.last(),
        Some(&499),
        "the 500 states expanded are 0..500"
    );
    assert_eq!(best.cost, 499);
    let calls = std::cell::Cell::new(0u64);
    let r = astar(
        [0i64],
        |&n| [(n - 1, 1u64), (n + 1, 1)],
        |&n| {
            calls.set(calls.get() + 1);
            (1_000_000 - n).unsigned_abs()
        },
        |&n| n == 1_000_000,
        &Budget::nodes(500),
    )
    .unwrap();
    assert_eq!(r.best_so_far.unwrap().nodes.last(), Some(&499));
    // One call per state generated: the start, then two neighbours per state expanded of
    // which one is new (the other was met before), plus the first expansion's two.
    assert!(
        calls.get() <= 2 * r.stats.nodes + 1,
        "{} calls",
        calls.get()
    );
}
