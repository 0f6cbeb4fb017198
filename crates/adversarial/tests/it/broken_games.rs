//! The catalogue of broken games, run through every engine of the crate: tic-tac-toe with
//! one contract of `Game` or `GameHash` broken at a time (a hook that names an illegal move,
//! an `undo` that forgets the turn, a key that claims to be exact and is not, a key that is
//! constant, a move list that changes from call to call). Every engine either answers with
//! a typed error or gives the honest game's answer (the value the solver proves for plain
//! tic-tac-toe, and a move that achieves it): never a wrong answer with `Ok`.
//!
//! The checks that cost something at every node run in debug builds only (as the tests
//! run); the root's checks run in every build.

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use adversarial::{AlphaBeta, Minimax, Negamax, Solver, TranspositionTable};
use games::TicTacToe;
use search_core::{Game, GameHash, Outcome, Player, Score, SearchError};

/// What one contract break does to tic-tac-toe.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    /// `winning_move` names cell 42.
    WinningMove,
    /// `non_losing_moves` adds cell 42.
    NonLosingMoves,
    /// `undo` restores the board but reports the wrong side to move after it.
    UndoForgetsTurn,
    /// `hash_key` is the same for every position and claims to be exact.
    ExactConstantKey,
    /// `hash_key` is the same for every position (not claimed exact).
    ConstantKey,
    /// `legal_moves` leaves out the last move on every other call.
    FlakyMoves,
}

const FAULTS: [Fault; 6] = [
    Fault::WinningMove,
    Fault::NonLosingMoves,
    Fault::UndoForgetsTurn,
    Fault::ExactConstantKey,
    Fault::ConstantKey,
    Fault::FlakyMoves,
];

/// Tic-tac-toe with the fault `F` (an index into [`FAULTS`]): the constants of `Game` and
/// `GameHash` cannot depend on a value, so each fault is a type of its own.
#[derive(Clone, Debug)]
struct Broken<const F: usize> {
    board: TicTacToe,
    /// The boards before each move, for `undo`.
    history: Vec<TicTacToe>,
    /// Set by a forgetful `undo`: the side to move is reported wrong from then on.
    skewed: bool,
    /// Calls of `legal_moves`, for the flaky list (shared by the copies).
    calls: Arc<AtomicU64>,
}

impl<const F: usize> Broken<F> {
    fn new(board: TicTacToe) -> Self {
        Broken {
            board,
            history: Vec::new(),
            skewed: false,
            calls: Arc::new(AtomicU64::new(0)),
        }
    }
}

impl<const F: usize> Game for Broken<F> {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = matches!(FAULTS[F], Fault::WinningMove | Fault::NonLosingMoves);
    const HAS_UNDO: bool = matches!(FAULTS[F], Fault::UndoForgetsTurn);
    fn to_move(&self) -> Player {
        if self.skewed {
            self.board.to_move().opponent()
        } else {
            self.board.to_move()
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        let before = moves.len();
        self.board.legal_moves(moves);
        if FAULTS[F] == Fault::FlakyMoves {
            let calls = self.calls.fetch_add(1, Ordering::Relaxed) + 1;
            if calls % 2 == 0 && moves.len() > before + 1 {
                moves.pop();
            }
        }
    }
    fn play(&mut self, mv: u8) {
        self.history.push(self.board);
        self.board.play(mv);
    }
    fn undo(&mut self, _: u8) -> bool {
        match self.history.pop() {
            Some(board) => {
                self.board = board;
                self.skewed = !self.skewed;
                true
            }
            None => false,
        }
    }
    fn outcome(&self) -> Outcome {
        self.board.outcome()
    }
    fn winning_move(&self) -> Option<u8> {
        match FAULTS[F] {
            Fault::WinningMove => Some(42),
            _ => self.board.winning_move(),
        }
    }
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        self.board.non_losing_moves(moves);
        if FAULTS[F] == Fault::NonLosingMoves {
            moves.push(42);
        }
    }
}

impl<const F: usize> GameHash for Broken<F> {
    const KEY_IS_EXACT: bool = !matches!(FAULTS[F], Fault::ConstantKey);
    fn hash_key(&self) -> u64 {
        match FAULTS[F] {
            Fault::ExactConstantKey | Fault::ConstantKey => 7,
            _ => self.board.hash_key() | u64::from(self.skewed) << 40,
        }
    }
}

/// Positions with a win, a forced loss and a draw for the side to move, and the start.
const POSITIONS: [&str; 5] = [
    "... ... ...",
    "X.. .O. ...",
    "XX. OO. ...",
    "XO. .X. ..O",
    "X.O .X. ...",
];

/// The honest answer at `board`: its exact score, and the exact value of each move.
fn honest(board: &TicTacToe) -> (Score, Vec<(u8, Score)>) {
    let mut solver = Solver::new().with_table_mb(1);
    let score = solver.solve(board).unwrap().score.unwrap();
    let moves = solver
        .analyze(board)
        .unwrap()
        .into_iter()
        .map(|m| match m.value {
            search_core::MoveValue::Exact(s) => (m.mv, s),
            other => panic!("the solver gave {other:?}"),
        })
        .collect();
    (score, moves)
}

/// What an engine said: a typed error, or a best move with (when the engine gives one) its
/// score, each from the side to move.
type Answer = Result<(u8, Option<Score>), SearchError>;

/// Fails unless `answer` is a typed error or the honest game's answer at `board`.
fn check(engine: &str, fault: Fault, board: &TicTacToe, answer: Answer) -> bool {
    let (score, moves) = honest(board);
    match answer {
        Err(_) => true,
        Ok((mv, got)) => {
            let value = moves.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
            assert_eq!(
                value,
                Some(score),
                "{engine} on {fault:?} at {board}: move {mv} is not an optimal legal move"
            );
            if let Some(got) = got {
                assert_eq!(got, score, "{engine} on {fault:?} at {board}: wrong score");
            }
            false
        }
    }
}

/// Runs every engine on every position of the fault `F`; returns how many answers were
/// typed errors.
fn every_engine<const F: usize>() -> usize {
    let fault = FAULTS[F];
    let mut errors = 0;
    let zero = |_: &Broken<F>| 0;
    let table = || Arc::new(TranspositionTable::new(1 << 12).unwrap());
    for text in POSITIONS {
        let board: TicTacToe = text.parse().unwrap();
        let g = Broken::<F>::new(board);
        let mut answers: Vec<(&str, Answer)> = Vec::new();
        let full = search_core::Budget::depth(9);
        let r = |r: Result<adversarial::SearchResult<u8>, SearchError>| {
            r.map(|r| (r.best_move, r.score))
        };
        answers.push((
            "minimax",
            r(Minimax::new(zero).with_budget(full.clone()).search(&g)),
        ));
        answers.push((
            "alpha-beta",
            r(AlphaBeta::new(zero).with_budget(full.clone()).search(&g)),
        ));
        for iterative in [false, true] {
            let mut plain = Negamax::new(zero)
                .with_iterative_deepening(iterative)
                .with_budget(full.clone());
            answers.push(("negamax", r(plain.search(&g))));
            let mut tabled = Negamax::new(zero)
                .with_iterative_deepening(iterative)
                .with_min_table_plies(0)
                .with_table(table())
                .with_budget(full.clone());
            answers.push(("negamax with a table", r(tabled.search(&g))));
            let mut threads = tabled.with_threads(2);
            answers.push(("negamax on two threads", r(threads.search(&g))));
        }
        let mut solver = Solver::new().with_table(table()).with_min_table_plies(0);
        answers.push((
            "solver",
            solver.best_move(&g).map(|b| (b.mv, Some(b.score))),
        ));
        let mut solver = solver.with_threads(2);
        answers.push((
            "solver on two threads",
            solver.best_move(&g).map(|b| (b.mv, Some(b.score))),
        ));
        answers.push((
            "solver without a table",
            Solver::new()
                .without_table()
                .best_move(&g)
                .map(|b| (b.mv, Some(b.score))),
        ));
        for (engine, answer) in answers {
            if check(engine, fault, &board, answer) {
                errors += 1;
            }
        }
    }
    errors
}

#[test]
fn a_hook_that_names_an_illegal_move_is_an_error_or_harmless() {
    // The lie is seen at the root of every position, by every engine that calls the hook.
    assert!(every_engine::<0>() > 0);
    assert!(every_engine::<1>() > 0);
}

#[test]
fn an_undo_that_forgets_the_turn_is_an_error_or_harmless() {
    let errors = every_engine::<2>();
    if cfg!(debug_assertions) {
        assert!(errors > 0);
    }
}

#[test]
fn keys_that_are_no_hash_are_an_error_or_harmless() {
    every_engine::<3>();
    every_engine::<4>();
}

#[test]
fn a_move_list_that_changes_between_calls_is_an_error_or_harmless() {
    every_engine::<5>();
}

/// The errors name the contract that is broken: the hook and its move, or the undo.
#[test]
fn the_errors_name_the_broken_contract() {
    let start = TicTacToe::new();
    let hook = |hook: &'static str| {
        Err(SearchError::IllegalHookMove {
            hook,
            mv: "42".into(),
        })
    };
    let solve = |r: Result<adversarial::Solution, SearchError>| r.map(|_| ());
    let search = |r: Result<adversarial::SearchResult<u8>, SearchError>| r.map(|_| ());
    let mut solver = Solver::new().with_table_mb(1);
    assert_eq!(
        solve(solver.solve(&Broken::<0>::new(start))),
        hook("winning_move")
    );
    assert_eq!(
        solve(solver.solve(&Broken::<1>::new(start))),
        hook("non_losing_moves")
    );
    let negamax = |_: &Broken<0>| 0;
    let r = Negamax::new(negamax)
        .with_budget(search_core::Budget::depth(4))
        .search(&Broken::<0>::new(start));
    assert_eq!(search(r), hook("winning_move"));
    // Below the root, every node's hooks are checked in debug builds.
    if cfg!(debug_assertions) {
        let moved = Broken::<1>::new("X.. ... ...".parse().unwrap());
        let r = Negamax::new(|_: &Broken<1>| 0)
            .with_budget(search_core::Budget::depth(4))
            .search(&moved);
        assert_eq!(search(r), hook("non_losing_moves"));
        let r = Negamax::new(|_: &Broken<2>| 0)
            .with_table(Arc::new(TranspositionTable::new(1 << 12).unwrap()))
            .with_budget(search_core::Budget::depth(3))
            .search(&Broken::<2>::new(start));
        assert!(
            matches!(r, Err(SearchError::KeyNotRestored { .. })),
            "{r:?}"
        );
    }
}

/// The catalogue is what the conformance checker finds: each fault is reported by it.
#[test]
fn the_conformance_checker_reports_every_fault() {
    fn report<const F: usize>() -> String {
        let g = Broken::<F>::new(TicTacToe::new());
        search_core::testing::Conformance::new()
            .check_hashed(&g)
            .map(|r| format!("passed: {r:?}"))
            .unwrap_or_else(|e| e.rule)
    }
    for (fault, rule) in [
        (FAULTS[0], report::<0>()),
        (FAULTS[1], report::<1>()),
        (FAULTS[2], report::<2>()),
        (FAULTS[3], report::<3>()),
        (FAULTS[4], report::<4>()),
        (FAULTS[5], report::<5>()),
    ] {
        assert!(!rule.starts_with("passed"), "{fault:?}: {rule}");
    }
}

impl<const F: usize> PartialEq for Broken<F> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.skewed == other.skewed
    }
}

impl<const F: usize> std::fmt::Display for Broken<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.board)
    }
}
