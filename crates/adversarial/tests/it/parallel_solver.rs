//! A parallel `Solver` keeps its helper threads between solves: the scores are those of one
//! thread, the same threads serve every solve, dropping the solver joins them, and a panic
//! on a helper surfaces as `WorkerPanicked` without spoiling the solves after it.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::ThreadId;

use adversarial::Solver;
use games::ConnectFour;
use games::connect4_line::parse_line;
use search_core::{Budget, Game, GameHash, Outcome, Player, Score, SearchError};

/// The first `n` positions of a published Connect Four set, with their scores (`None`
/// outside the repository).
fn positions(set: &str, n: usize) -> Option<Vec<(ConnectFour, i32)>> {
    let path = crate::repository::file(&format!("data/connect4/{set}"))?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(
        text.lines()
            .filter_map(|line| parse_line(line).unwrap())
            .take(n)
            .map(|p| (p.position, p.score.unwrap()))
            .collect(),
    )
}

/// What the threads that played moves of a [`Spy`] game did.
struct Watch {
    /// Every thread that played a move.
    threads: Mutex<Vec<ThreadId>>,
    /// Threads that played a move and have since ended.
    ended: AtomicUsize,
    /// While set, the next move played on a thread other than `caller` panics (once).
    armed: AtomicBool,
    caller: Mutex<Option<ThreadId>>,
}

impl Watch {
    const fn new() -> Self {
        Watch {
            threads: Mutex::new(Vec::new()),
            ended: AtomicUsize::new(0),
            armed: AtomicBool::new(false),
            caller: Mutex::new(None),
        }
    }

    fn threads(&self) -> HashSet<ThreadId> {
        self.threads.lock().unwrap().iter().copied().collect()
    }
}

/// Counts its thread in `Watch::ended` when the thread ends.
struct Ending(&'static Watch);

impl Drop for Ending {
    fn drop(&mut self) {
        self.0.ended.fetch_add(1, Ordering::SeqCst);
    }
}

thread_local! {
    /// The watches this thread has reported to (one `Ending` each).
    static REPORTED: RefCell<Vec<Ending>> = const { RefCell::new(Vec::new()) };
}

/// Connect Four that reports the threads playing its moves to a [`Watch`].
#[derive(Clone, Copy, Debug)]
struct Spy {
    game: ConnectFour,
    watch: &'static Watch,
}

impl PartialEq for Spy {
    fn eq(&self, other: &Spy) -> bool {
        self.game == other.game
    }
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Watch")
    }
}

impl Spy {
    fn report(&self) {
        let watch = self.watch;
        REPORTED.with(|r| {
            let mut r = r.borrow_mut();
            if !r.iter().any(|e| std::ptr::eq(e.0, watch)) {
                r.push(Ending(watch));
                // Once per thread: this thread's first report to this watch.
                watch
                    .threads
                    .lock()
                    .unwrap()
                    .push(std::thread::current().id());
            }
        });
        let on_helper = *watch.caller.lock().unwrap() != Some(std::thread::current().id());
        if on_helper && watch.armed.swap(false, Ordering::SeqCst) {
            panic!("spy: a helper broke the game");
        }
    }
}

impl Game for Spy {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = true;
    const HAS_MOVE_COUNT: bool = true;
    const MOVES_CANNOT_LOSE: bool = true;
    const NON_LOSING_MOVES_EXACT: bool = true;
    fn to_move(&self) -> Player {
        self.game.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.game.legal_moves(moves);
    }
    fn legal_move_count(&self) -> usize {
        self.game.legal_move_count()
    }
    fn play(&mut self, mv: u8) {
        self.report();
        self.game.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
    fn move_order_hint(&self, mv: u8) -> i32 {
        self.game.move_order_hint(mv)
    }
    fn winning_move(&self) -> Option<u8> {
        self.game.winning_move()
    }
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        self.game.non_losing_moves(moves);
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        self.game.remaining_plies_bound()
    }
    fn is_legal(&self, mv: u8) -> bool {
        self.game.is_legal(mv)
    }
}

impl GameHash for Spy {
    const KEY_IS_EXACT: bool = true;
    const KEY_BITS: u32 = ConnectFour::KEY_BITS;
    fn hash_key(&self) -> u64 {
        self.game.hash_key()
    }
}

fn spy(watch: &'static Watch, game: ConnectFour) -> Spy {
    *watch.caller.lock().unwrap() = Some(std::thread::current().id());
    Spy { game, watch }
}

#[test]
fn a_parallel_solver_reused_across_many_solves_gives_the_scores_of_one_thread() {
    let Some(mut sets) = positions("Test_L1_R1", 40) else {
        return;
    };
    sets.extend(positions("Test_L2_R2", 10).unwrap());
    let mut one = Solver::new().with_table_mb(8);
    // Helpers from the start, after the default threshold, and for each of three threads.
    let mut parallel = [
        Solver::new()
            .with_table_mb(8)
            .with_threads(2)
            .with_helpers_after(0),
        Solver::new().with_table_mb(8).with_threads(2),
        Solver::new()
            .with_table_mb(8)
            .with_threads(3)
            .with_helpers_after(2_000),
    ];
    for (i, (g, published)) in sets.iter().enumerate() {
        let serial = one.solve(g).unwrap().score.unwrap();
        for (k, solver) in parallel.iter_mut().enumerate() {
            // Weak solves between the strong ones: the same helpers serve both.
            if i % 5 == 0 {
                let weak = solver.solve_weak(g).unwrap().value.unwrap();
                assert_eq!(i32::from(weak.sign()), published.signum(), "line {i}");
            }
            let s = solver.solve(g).unwrap();
            assert!(s.solved, "line {i}, solver {k}");
            assert_eq!(s.score, Some(serial), "line {i}, solver {k}");
            let stones = g.moves_played();
            assert_eq!(
                games::connect4_line::benchmark_score(serial, stones),
                Some(*published),
                "line {i}"
            );
        }
        one.clear();
        for solver in &parallel {
            solver.clear();
        }
    }
}

#[test]
fn a_parallel_solver_starts_its_helper_threads_once() {
    static WATCH: Watch = Watch::new();
    let mut solver = Solver::new()
        .with_table_mb(4)
        .with_threads(3)
        .with_helpers_after(0);
    let Some(lines) = positions("Test_L2_R2", 12) else {
        return;
    };
    for (g, _) in &lines {
        solver.solve(&spy(&WATCH, *g)).unwrap();
        solver.clear();
    }
    // The calling thread and at most the same two helpers, whatever the number of solves
    // (threads started for each solve would be new threads each time); at least one helper
    // took part.
    let threads = WATCH.threads();
    assert!(threads.contains(&std::thread::current().id()));
    assert!((2..=3).contains(&threads.len()), "{threads:?}");
    // Analyses and best moves use them too.
    solver.analyze(&spy(&WATCH, lines[0].0)).unwrap();
    solver.best_move(&spy(&WATCH, lines[1].0)).unwrap();
    assert!(WATCH.threads().len() <= 3);
    // Changing the thread count replaces them: one new helper at most.
    let mut solver = solver.with_threads(2);
    for (g, _) in &lines[2..5] {
        solver.solve(&spy(&WATCH, *g)).unwrap();
    }
    assert!(WATCH.threads().len() <= 4);
}

#[test]
fn a_solve_that_ends_before_the_threshold_never_wakes_the_helpers() {
    static WATCH: Watch = Watch::new();
    let mut solver = Solver::new()
        .with_table_mb(4)
        .with_threads(2)
        .with_helpers_after(1 << 40);
    let Some(lines) = positions("Test_L2_R2", 5) else {
        return;
    };
    for (g, _) in lines {
        solver.solve(&spy(&WATCH, g)).unwrap();
    }
    assert_eq!(WATCH.threads().len(), 1);
    assert!(WATCH.threads().contains(&std::thread::current().id()));
}

#[test]
fn dropping_a_parallel_solver_joins_its_helper_threads() {
    static WATCH: Watch = Watch::new();
    let solver = Solver::new()
        .with_table_mb(4)
        .with_threads(3)
        .with_helpers_after(0);
    let Some(lines) = positions("Test_L2_R2", 4) else {
        return;
    };
    // Solve on a thread of the test's own, so that every thread that played a move (that
    // one and the helpers) has ended once the solver is dropped and that thread joined.
    let solver = std::thread::spawn(move || {
        let mut solver = solver;
        for (g, _) in lines {
            solver.solve(&spy(&WATCH, g)).unwrap();
        }
        solver
    })
    .join()
    .unwrap();
    let threads = WATCH.threads().len();
    assert!((2..=3).contains(&threads), "{threads} threads");
    assert_eq!(
        WATCH.ended.load(Ordering::SeqCst),
        1,
        "only the test's thread"
    );
    drop(solver);
    // `drop` returned after the helpers had ended (their thread-locals dropped).
    assert_eq!(WATCH.ended.load(Ordering::SeqCst), threads);
}

#[test]
fn a_panic_on_a_helper_in_the_second_solve_surfaces_and_the_solver_goes_on() {
    static WATCH: Watch = Watch::new();
    let mut solver = Solver::new()
        .with_table_mb(4)
        .with_threads(2)
        .with_helpers_after(0);
    let Some(lines) = positions("Test_L2_R2", 4) else {
        return;
    };
    let first = solver.solve(&spy(&WATCH, lines[0].0)).unwrap();
    assert!(first.solved);
    let helpers = WATCH.threads();
    assert_eq!(helpers.len(), 2);
    WATCH.armed.store(true, Ordering::SeqCst);
    // A position of a tenth of a second or more: the helper surely plays a move in it.
    let (hard, _) = positions("Test_L1_R2", 1).unwrap()[0];
    match solver.solve(&spy(&WATCH, hard)) {
        Err(SearchError::WorkerPanicked { message }) => {
            assert!(
                message.contains("spy: a helper broke the game"),
                "{message}"
            );
        }
        other => panic!("expected WorkerPanicked, got {other:?}"),
    }
    assert!(!WATCH.armed.load(Ordering::SeqCst), "the helper played");
    // The solver goes on: exact scores, on the same helper thread.
    let mut one = Solver::new().with_table_mb(4);
    for (g, _) in &lines {
        let expected = one.solve(g).unwrap().score;
        assert_eq!(solver.solve(&spy(&WATCH, *g)).unwrap().score, expected);
    }
    assert_eq!(WATCH.threads(), helpers);
}

#[test]
fn a_node_limit_bounds_a_parallel_solve_before_and_after_the_helpers_wake() {
    let g = ConnectFour::new();
    for after in [0, 3_000, 50_000] {
        for limit in [1_000u64, 20_000, 100_001] {
            let s = Solver::new()
                .with_table_mb(4)
                .with_threads(3)
                .with_helpers_after(after)
                .with_budget(Budget::nodes(limit))
                .solve(&g)
                .unwrap();
            assert!(!s.solved, "after {after}, limit {limit}");
            assert!(s.lower <= Score::win_in(41) && Score::win_in(41) <= s.upper);
            // Each thread may finish the node it is in.
            assert!(
                s.stats.nodes <= limit + 3,
                "after {after}: {} nodes for a limit of {limit}",
                s.stats.nodes
            );
            // The threads together use the limit, whenever the helpers join.
            assert!(
                s.stats.nodes + 3 * 1024 >= limit,
                "after {after}: {} nodes for a limit of {limit}",
                s.stats.nodes
            );
        }
    }
}
