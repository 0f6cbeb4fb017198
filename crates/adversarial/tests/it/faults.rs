//! Faults surface: a panic in user code on a search thread is `WorkerPanicked` (never a
//! partial answer), a broken game is a typed error from every engine (never a value), and
//! the other threads stop promptly.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;

use adversarial::{AlphaBeta, Minimax, Negamax, Solver, TranspositionTable};
use games::{ConnectFour, ThreatEvaluator};
use search_core::{Budget, Game, GameHash, Outcome, Player, Score, SearchError};

fn panicked_with(r: Result<impl std::fmt::Debug, SearchError>, text: &str) {
    match r {
        Err(SearchError::WorkerPanicked { message }) => {
            assert!(message.contains(text), "message {message:?}");
        }
        other => panic!("expected WorkerPanicked, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Panics on worker threads.

/// Connect Four whose `play` panics once, on the `after`-th call counted by `calls` (so
/// exactly one thread panics, wherever it is; the others must be stopped).
#[derive(Clone, Copy, Debug)]
struct Boom {
    game: ConnectFour,
    calls: &'static AtomicU64,
    fired: &'static AtomicBool,
    after: u64,
}

impl Boom {
    fn new(calls: &'static AtomicU64, fired: &'static AtomicBool, after: u64) -> Self {
        Boom {
            game: ConnectFour::new(),
            calls,
            fired,
            after,
        }
    }
}

impl PartialEq for Boom {
    fn eq(&self, other: &Boom) -> bool {
        self.game == other.game
    }
}

impl Game for Boom {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.game.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.game.legal_moves(moves);
    }
    fn play(&mut self, mv: u8) {
        if self.calls.fetch_add(1, Ordering::Relaxed) + 1 == self.after
            && !self.fired.swap(true, Ordering::Relaxed)
        {
            panic!("boom: the game broke at play #{}", self.after);
        }
        self.game.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        self.game.remaining_plies_bound()
    }
}

impl GameHash for Boom {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        self.game.hash_key()
    }
}

#[test]
fn a_panic_on_a_helper_of_a_parallel_negamax_is_worker_panicked() {
    let r = {
        // The evaluator panics on every thread but the calling one: only helpers panic,
        // and the main search (depth 30: hours) must be stopped by the failure.
        let caller = thread::current().id();
        let eval = move |g: &ConnectFour| {
            if thread::current().id() != caller {
                panic!("evaluator exploded on a helper");
            }
            ThreatEvaluator.evaluate_for(g)
        };
        let mut engine = Negamax::new(eval)
            .with_table_mb(4)
            .with_budget(Budget::depth(30))
            .with_threads(2);
        engine.search(&ConnectFour::new())
    };
    panicked_with(r, "evaluator exploded on a helper");
}

/// `ThreatEvaluator::evaluate` through the trait, for the closures above.
trait EvaluateFor {
    fn evaluate_for(&self, g: &ConnectFour) -> i32;
}

impl EvaluateFor for ThreatEvaluator {
    fn evaluate_for(&self, g: &ConnectFour) -> i32 {
        search_core::Evaluator::evaluate(self, g)
    }
}

#[test]
fn a_panic_in_the_game_on_one_thread_of_a_parallel_negamax_is_worker_panicked() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    let r = {
        let table = Arc::new(TranspositionTable::with_megabytes(4).unwrap());
        let mut engine = Negamax::new(|_: &Boom| 0)
            .with_table(table)
            .with_budget(Budget::depth(30))
            .with_threads(2);
        let g = Boom::new(&CALLS, &FIRED, 5_000);
        // Whichever thread panics: a helper's panic is WorkerPanicked; the main thread's
        // unwinds to the caller (documented), after the helpers were stopped.
        match catch_unwind(AssertUnwindSafe(|| engine.search(&g))) {
            Ok(r) => r.map(|r| r.best_move),
            Err(p) => Err(SearchError::from_panic(&*p)),
        }
    };
    panicked_with(r, "boom: the game broke at play #5000");
}

#[test]
fn a_panic_on_the_calling_thread_of_a_parallel_negamax_unwinds_after_the_helpers_stop() {
    let r = {
        let caller = thread::current().id();
        let eval = move |g: &ConnectFour| {
            if thread::current().id() == caller {
                panic!("evaluator exploded on the calling thread");
            }
            ThreatEvaluator.evaluate_for(g)
        };
        let mut engine = Negamax::new(eval)
            .with_table(Arc::new(TranspositionTable::with_megabytes(4).unwrap()))
            .with_budget(Budget::depth(30))
            .with_threads(2);
        // The helper alone would search to depth 30 for hours: it must be stopped.
        catch_unwind(AssertUnwindSafe(|| engine.search(&ConnectFour::new())))
            .map(|r| r.map(|r| r.best_move))
            .map_err(|p| SearchError::from_panic(&*p))
    };
    match r {
        Err(SearchError::WorkerPanicked { message }) => {
            assert!(message.contains("calling thread"), "{message}");
        }
        other => panic!("expected the caller's panic to unwind, got {other:?}"),
    }
}

#[test]
fn a_panic_on_one_thread_of_a_parallel_solve_is_worker_panicked() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    let r = {
        // Solving the empty Connect Four board takes far longer than the test allows:
        // the thread that does not panic must be stopped.
        let g = Boom::new(&CALLS, &FIRED, 5_000);
        Solver::new().with_table_mb(4).with_threads(2).solve(&g)
    };
    panicked_with(r, "boom: the game broke at play #5000");
}

#[test]
fn a_panic_in_a_weak_parallel_solve_is_worker_panicked() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    let r = {
        let g = Boom::new(&CALLS, &FIRED, 3_000);
        Solver::new()
            .with_table_mb(4)
            .with_threads(2)
            .solve_weak(&g)
    };
    panicked_with(r, "boom: the game broke at play #3000");
}

// ---------------------------------------------------------------------------------------
// A game that is ongoing without a legal move, deep in the tree.

/// Two moves a ply; after two plies the game claims to be ongoing but has no move. With
/// `HOOKS`, it declares a fast `winning_move` (never a win) so engines use its hooks.
#[derive(Clone, Debug, PartialEq)]
struct Stuck<const HOOKS: bool> {
    plies: u8,
}

impl<const HOOKS: bool> Game for Stuck<HOOKS> {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = HOOKS;
    fn to_move(&self) -> Player {
        if self.plies % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        if self.plies < 2 {
            m.extend([0, 1]);
        }
    }
    fn play(&mut self, _: u8) {
        self.plies += 1;
    }
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
    fn winning_move(&self) -> Option<u8> {
        None
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(10 - u32::from(self.plies))
    }
}

impl<const HOOKS: bool> GameHash for Stuck<HOOKS> {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        u64::from(self.plies)
    }
}

fn no_legal_moves<T: std::fmt::Debug>(name: &str, r: Result<T, SearchError>) {
    assert_eq!(r.map(|_| ()), Err(SearchError::NoLegalMoves), "{name}");
}

fn every_engine_says_no_legal_moves<const HOOKS: bool>() {
    let g = Stuck::<HOOKS> { plies: 0 };
    let depth = Budget::depth(6);
    let table = || Arc::new(TranspositionTable::new(1 << 12).unwrap());
    let minimax = Minimax::new(|_: &Stuck<HOOKS>| 0).with_budget(depth.clone());
    no_legal_moves("minimax", minimax.search(&g));
    no_legal_moves(
        "alpha-beta",
        AlphaBeta::new(|_: &Stuck<HOOKS>| 0)
            .with_budget(depth.clone())
            .search(&g),
    );
    for iterative in [true, false] {
        let mut plain = Negamax::new(|_: &Stuck<HOOKS>| 0)
            .with_iterative_deepening(iterative)
            .with_budget(depth.clone());
        no_legal_moves("negamax", plain.search(&g));
        no_legal_moves("negamax analysis", plain.analyze(&g));
        let mut tabled = Negamax::new(|_: &Stuck<HOOKS>| 0)
            .with_iterative_deepening(iterative)
            .with_min_table_plies(0)
            .with_table(table())
            .with_budget(depth.clone());
        no_legal_moves("negamax + table", tabled.search(&g));
        let mut tabled = tabled.with_threads(2);
        no_legal_moves("negamax on 2 threads", tabled.search(&g));
        no_legal_moves("negamax analysis on 2 threads", tabled.analyze(&g));
    }
    let mut solver = Solver::new().with_table(table()).with_min_table_plies(0);
    no_legal_moves("solve", solver.solve(&g));
    no_legal_moves("solve_weak", solver.solve_weak(&g));
    no_legal_moves("best_move", solver.best_move(&g));
    no_legal_moves("solver analysis", solver.analyze(&g));
    let mut solver = solver.with_threads(2);
    no_legal_moves("solve on 2 threads", solver.solve(&g));
    no_legal_moves("solve_weak on 2 threads", solver.solve_weak(&g));
    no_legal_moves("solver analysis on 2 threads", solver.analyze(&g));
    no_legal_moves(
        "solver without table",
        Solver::new().without_table().solve(&g),
    );
    // And at the root itself.
    let root = Stuck::<HOOKS> { plies: 2 };
    no_legal_moves(
        "negamax at the root",
        Negamax::new(|_: &Stuck<HOOKS>| 0)
            .with_budget(depth.clone())
            .search(&root),
    );
    no_legal_moves(
        "negamax analysis at the root",
        Negamax::new(|_: &Stuck<HOOKS>| 0)
            .with_budget(depth.clone())
            .analyze(&root),
    );
    no_legal_moves("solve at the root", solver.solve(&root));
    no_legal_moves("solver analysis at the root", solver.analyze(&root));
    no_legal_moves("minimax at the root", minimax.search(&root));
}

#[test]
fn an_ongoing_state_without_moves_is_no_legal_moves_for_every_engine() {
    every_engine_says_no_legal_moves::<false>();
}

#[test]
fn an_ongoing_state_without_moves_is_no_legal_moves_with_the_game_hooks_too() {
    // With hooks, an empty `non_losing_moves` means "every move loses", unless there is no
    // move at all.
    every_engine_says_no_legal_moves::<true>();
}

// ---------------------------------------------------------------------------------------
// A game whose turn does not always pass.

/// Dots and Boxes in one line: take one or two sticks; taking two closes a box, scores a
/// point and gives the same player another turn. Most points when the sticks run out wins.
/// With `PROMISE` it declares `NON_LOSING_MOVES_EXACT`, a promise that needs alternating
/// turns, so the engines must refuse it when they meet an extra turn.
#[derive(Clone, Debug, PartialEq)]
struct Boxes<const PROMISE: bool> {
    sticks: u8,
    points: [u8; 2],
    to_move: Player,
}

impl<const PROMISE: bool> Game for Boxes<PROMISE> {
    type Move = u8;
    const NON_LOSING_MOVES_EXACT: bool = PROMISE;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        m.extend((1..=2).filter(|&t| t <= self.sticks));
    }
    fn play(&mut self, take: u8) {
        self.sticks -= take;
        if take == 2 {
            self.points[self.to_move.index()] += 1; // a box: play again
        } else {
            self.to_move = self.to_move.opponent();
        }
    }
    fn outcome(&self) -> Outcome {
        if self.sticks > 0 {
            return Outcome::Ongoing;
        }
        match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

impl<const PROMISE: bool> GameHash for Boxes<PROMISE> {
    fn hash_key(&self) -> u64 {
        let h = u64::from(self.sticks)
            | u64::from(self.points[0]) << 8
            | u64::from(self.points[1]) << 16
            | (self.to_move.index() as u64) << 24;
        h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

fn boxes<const PROMISE: bool>() -> Boxes<PROMISE> {
    Boxes {
        sticks: 7,
        points: [0, 0],
        to_move: Player::First,
    }
}

fn turn_did_not_pass<T: std::fmt::Debug>(name: &str, r: Result<T, SearchError>) {
    match r {
        Err(SearchError::TurnDidNotPass { mv }) => assert_eq!(mv, "2", "{name}"),
        other => panic!("{name}: expected TurnDidNotPass, got {other:?}"),
    }
}

#[test]
fn an_extra_turn_in_a_game_that_promised_alternation_is_refused() {
    let g = boxes::<true>();
    let depth = Budget::depth(8);
    let mut plain = Negamax::new(|_: &Boxes<true>| 0).with_budget(depth.clone());
    turn_did_not_pass("negamax", plain.search(&g));
    turn_did_not_pass("negamax analysis", plain.analyze(&g));
    let mut tabled = Negamax::new(|_: &Boxes<true>| 0)
        .with_table(Arc::new(TranspositionTable::new(1 << 12).unwrap()))
        .with_budget(depth);
    turn_did_not_pass("negamax + table", tabled.search(&g));
    let mut tabled = tabled.with_threads(2);
    turn_did_not_pass("negamax, 2 threads", tabled.search(&g));
    let mut solver = Solver::new().with_table_mb(1);
    turn_did_not_pass("solve", solver.solve(&g));
    turn_did_not_pass("solve_weak", solver.solve_weak(&g));
    turn_did_not_pass("best_move", solver.best_move(&g));
    turn_did_not_pass("solver analysis", solver.analyze(&g));
    let mut solver = solver.with_threads(2);
    turn_did_not_pass("solve, 2 threads", solver.solve(&g));
    turn_did_not_pass(
        "solver without table",
        Solver::new().without_table().solve(&g),
    );
}

#[test]
fn extra_turns_are_searched_by_every_engine() {
    // Without the promise, the same game is searched as it is: every engine agrees with
    // minimax, which scores each node for the root player and needs no negation.
    let g = boxes::<false>();
    let full = Budget::new();
    let reference = Minimax::new(|_: &Boxes<false>| 0)
        .with_budget(full.clone())
        .search(&g)
        .unwrap()
        .score
        .unwrap();
    assert!(reference.is_decisive() || reference == Score::DRAW);
    let depth = Budget::depth(20);
    let values = [
        (
            "alpha-beta",
            AlphaBeta::new(|_: &Boxes<false>| 0)
                .with_budget(depth.clone())
                .search(&g)
                .unwrap()
                .score,
        ),
        (
            "negamax",
            Negamax::new(|_: &Boxes<false>| 0)
                .with_budget(depth.clone())
                .search(&g)
                .unwrap()
                .score,
        ),
        (
            "negamax, 2 threads + table",
            Negamax::new(|_: &Boxes<false>| 0)
                .with_table(Arc::new(TranspositionTable::new(1 << 12).unwrap()))
                .with_threads(2)
                .with_budget(depth)
                .search(&g)
                .unwrap()
                .score,
        ),
        (
            "solver",
            Solver::new().with_table_mb(1).solve(&g).unwrap().score,
        ),
        (
            "solver, 2 threads",
            Solver::new()
                .with_table_mb(1)
                .with_threads(2)
                .solve(&g)
                .unwrap()
                .score,
        ),
    ];
    for (name, v) in values {
        assert_eq!(v, Some(reference), "{name}");
    }
}

// ---------------------------------------------------------------------------------------
// A key that is no hash.

/// Nim (take 1 to 3; who takes the last stone wins) with a constant key that does not claim
/// to be exact.
#[derive(Clone, Debug, PartialEq)]
struct ZeroKeyNim {
    stones: u32,
    to_move: Player,
}

impl Game for ZeroKeyNim {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        m.extend((1..=3).filter(|&t| t <= self.stones));
    }
    fn play(&mut self, t: u32) {
        self.stones -= t;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        if self.stones == 0 {
            Outcome::Win(self.to_move.opponent())
        } else {
            Outcome::Ongoing
        }
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(self.stones)
    }
}

impl GameHash for ZeroKeyNim {
    fn hash_key(&self) -> u64 {
        0
    }
}

impl std::fmt::Display for ZeroKeyNim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} stones, {} to move", self.stones, self.to_move)
    }
}

#[test]
fn a_constant_key_is_flagged_by_the_checker_and_refused_by_the_engines() {
    let start = ZeroKeyNim {
        stones: 30,
        to_move: Player::First,
    };
    let err = search_core::testing::Conformance::new()
        .with_games(20)
        .check_hashed(&start)
        .unwrap_err();
    assert!(err.rule.contains("share the key"), "{err}");
    // The engines see at the root that different children share the key: with one stone
    // there is one child and nothing to see, and the value is still right (the table folds
    // whose turn it is and the plies left into a key that is not exact).
    let refused = |e: SearchError| match e {
        SearchError::BrokenPromise { what } => assert!(what.contains("same key"), "{what}"),
        other => panic!("{other}"),
    };
    for stones in 1..=30 {
        let g = ZeroKeyNim {
            stones,
            to_move: Player::First,
        };
        let solved = Solver::new()
            .with_table_mb(1)
            .with_min_table_plies(0)
            .solve(&g);
        let searched = Negamax::new(|_: &ZeroKeyNim| 0)
            .with_min_table_plies(0)
            .with_table(Arc::new(TranspositionTable::new(1 << 10).unwrap()))
            .with_budget(Budget::depth(30))
            .search(&g);
        if stones == 1 {
            assert!(solved.unwrap().score.unwrap().is_win());
            assert!(searched.unwrap().score.unwrap().is_win());
        } else {
            refused(solved.unwrap_err());
            refused(searched.unwrap_err());
        }
    }
}

/// Connect Four with a key that claims to be exact but is the same for every position.
#[derive(Clone, Debug, PartialEq)]
struct OneKey(ConnectFour);

impl Game for OneKey {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        self.0.legal_moves(m);
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
}

impl GameHash for OneKey {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        7
    }
}

/// A solve that proves crossing bounds, as a key that lies about being exact makes it do,
/// is a typed error, never an `Ok` with a lower bound above the upper one; a solve whose
/// bounds do not cross may still be `Ok` (the lie is not always seen), but never with
/// crossing bounds.
#[test]
fn crossing_bounds_from_a_lying_key_are_a_broken_promise() {
    let mut crossed = 0;
    for moves in [
        "",
        "4",
        "44",
        "443",
        "4435",
        "44355",
        "2252576253462244111563365343671351441",
    ] {
        let position = OneKey(moves.parse().unwrap());
        match Solver::new().with_table_mb(1).solve(&position) {
            Ok(s) => assert!(s.lower <= s.upper, "{moves}: {s}"),
            Err(SearchError::BrokenPromise { what }) => {
                assert!(
                    what.contains("KEY_IS_EXACT") || what.contains("same key"),
                    "{what}"
                );
                crossed += 1;
            }
            Err(e) => panic!("{moves}: {e}"),
        }
    }
    assert!(crossed > 0, "no position made the bounds cross");
}
