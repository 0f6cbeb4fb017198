//! `spawn_astar`: A* on its own thread gives the result of A* with the same budget, its
//! reports' bounds rise and never pass the cheapest path's cost, and a stop returns the
//! best found so far.

use pathfind::{Algorithm, Limit, PathOutcome, SearchProblem, solve, spawn_astar};
use search_core::{Budget, BudgetField, SplitMix64, StopFlag};

/// A `size x size` 8-connected maze with random walls (costs 2 straight, 3 diagonal), the
/// goal in the far corner; owned, so that it can move to the search's thread.
#[derive(Clone, Debug)]
struct Maze {
    size: i32,
    walls: Vec<bool>,
}

impl Maze {
    fn new(size: i32, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let walls = (0..size * size)
            .map(|i| i != 0 && i != size * size - 1 && rng.below(100) < 25)
            .collect();
        Maze { size, walls }
    }
    fn open(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < self.size
            && y < self.size
            && !self.walls[(y * self.size + x) as usize]
    }
}

impl SearchProblem for Maze {
    type State = (i32, i32);
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<((i32, i32), u32)>) {
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) != (0, 0) && self.open(x + dx, y + dy) {
                    out.push(((x + dx, y + dy), if dx == 0 || dy == 0 { 2 } else { 3 }));
                }
            }
        }
    }
    fn is_goal(&self, &s: &(i32, i32)) -> bool {
        s == (self.size - 1, self.size - 1)
    }
    fn heuristic(&self, &(x, y): &(i32, i32)) -> u32 {
        // Octile distance with these costs: admissible and consistent.
        let (dx, dy) = (
            (self.size - 1 - x).unsigned_abs(),
            (self.size - 1 - y).unsigned_abs(),
        );
        let (lo, hi) = (dx.min(dy), dx.max(dy));
        3 * lo + 2 * (hi - lo)
    }
}

#[test]
fn a_spawned_search_is_a_star() {
    for seed in 0..12 {
        let maze = Maze::new(48, seed);
        let budget = Budget::new();
        let direct = solve(&maze, Algorithm::AStar, &budget).unwrap();
        let handle = spawn_astar(maze.clone(), &budget).unwrap();
        let mut bounds = Vec::new();
        while !handle.is_finished() {
            if let Some(info) = handle.poll() {
                bounds.push(info.bound);
            }
            std::thread::yield_now();
        }
        let spawned = handle.poll().expect("a last report");
        assert!(spawned.done);
        let result = handle.wait().unwrap().unwrap();
        assert_eq!(result.cost(), direct.cost(), "seed {seed}");
        assert_eq!(result.stats.nodes, direct.stats.nodes, "seed {seed}");
        assert_eq!(spawned.expanded, direct.stats.nodes);
        bounds.push(spawned.bound);
        // The bounds only rise, and never above the cheapest path's cost.
        assert!(
            bounds.windows(2).all(|w| w[0] <= w[1]),
            "seed {seed}: {bounds:?}"
        );
        if let Some(cost) = direct.cost() {
            assert_eq!(spawned.bound, Some(cost));
            assert!(bounds.iter().flatten().all(|&b| b <= cost));
        }
    }
}

#[test]
fn a_node_limit_gives_the_same_best_so_far() {
    let maze = Maze::new(64, 3);
    let budget = Budget::nodes(40);
    let direct = solve(&maze, Algorithm::AStar, &budget).unwrap();
    let spawned = spawn_astar(maze, &budget).unwrap().wait().unwrap().unwrap();
    assert!(!matches!(direct.outcome, PathOutcome::Found(_)));
    assert_eq!(spawned.outcome, direct.outcome);
    assert_eq!(spawned.best_so_far, direct.best_so_far);
    assert_eq!(spawned.stats.nodes, 40);
}

/// No goal at all: the search runs until it is stopped.
struct Endless;
impl SearchProblem for Endless {
    type State = u64;
    type Cost = u64;
    fn start(&self) -> u64 {
        0
    }
    fn successors(&self, &n: &u64, out: &mut Vec<(u64, u64)>) {
        out.push((n + 1, 1));
        out.push((n + 2, 3));
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

#[test]
fn stop_returns_the_best_so_far_and_the_budgets_flag_stops_it_too() {
    let handle = spawn_astar(Endless, &Budget::new()).unwrap();
    while handle.poll().is_none_or(|i| i.expanded < 5_000) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let result = handle.stop().unwrap().unwrap();
    assert!(result.path().is_none());
    assert!(result.stats.nodes >= 5_000);
    let flag = StopFlag::new();
    let handle = spawn_astar(Endless, &Budget::new().with_stop(flag.clone())).unwrap();
    flag.stop();
    let result = handle.wait().unwrap().unwrap();
    assert!(result.path().is_none());
    // A panic in the problem's code comes back as an error, not a panic.
    struct Broken;
    impl SearchProblem for Broken {
        type State = u8;
        type Cost = u8;
        fn start(&self) -> u8 {
            0
        }
        fn successors(&self, _: &u8, _: &mut Vec<(u8, u8)>) {
            panic!("broken successors");
        }
        fn is_goal(&self, _: &u8) -> bool {
            false
        }
    }
    let handle = spawn_astar(Broken, &Budget::new()).unwrap();
    assert!(handle.wait().is_err());
}

/// A line of states without a goal (each state reaches the next two) whose successor
/// function sets the search's stop flag at its `trip`-th call and counts the calls after
/// it: how much work a spawned search does between a stop and its return.
struct Tripwire {
    flag: StopFlag,
    trip: u64,
    calls: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl SearchProblem for Tripwire {
    type State = u64;
    type Cost = u64;
    fn start(&self) -> u64 {
        0
    }
    fn successors(&self, &n: &u64, out: &mut Vec<(u64, u64)>) {
        let call = self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        if call == self.trip {
            self.flag.stop();
        }
        out.extend([(n + 1, 1), (n + 2, 3)]);
    }
    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

/// A stop returns after a bounded amount of work wherever it comes: amid ordinary
/// expansions, and just before the state table and the per-state data grow (their growths
/// are made ahead between expansions, a part at a time, and stop at the next part). The
/// bound is in expansions, not time: the clock and the flag are looked at least every 256
/// expansions (`POLL_INTERVAL`), and a growth does none.
#[test]
fn a_stop_returns_within_a_bounded_number_of_expansions_in_every_phase() {
    // The table holds half its buckets: 2^16 and 2^17 states. Each expansion numbers one
    // new state; the growth is made when 1024 new states would set it off.
    let before_growth = [(1u64 << 16) - 1024 - 2, (1 << 17) - 1024 - 2];
    for trip in [1, 2, 300, 5_000, 40_000]
        .into_iter()
        .chain(before_growth.iter().flat_map(|&g| [g - 1, g, g + 1]))
    {
        let flag = StopFlag::new();
        let calls = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let problem = Tripwire {
            flag: flag.clone(),
            trip,
            calls: calls.clone(),
        };
        let handle = spawn_astar(problem, &Budget::new().with_stop(flag)).unwrap();
        let result = handle.wait().unwrap().unwrap();
        let calls = calls.load(std::sync::atomic::Ordering::SeqCst);
        assert_eq!(
            result.outcome,
            PathOutcome::LimitReached(Limit::Budget(BudgetField::Stop)),
            "trip {trip}"
        );
        assert!(calls >= trip, "trip {trip}: {calls} calls");
        assert!(
            calls - trip <= 256,
            "trip {trip}: {} expansions after the stop",
            calls - trip
        );
        assert_eq!(result.stats.nodes, calls, "one call per expansion");
    }
}
