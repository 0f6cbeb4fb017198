//! Faults surface: a panic in user code on a search thread is `WorkerPanicked` (never a
//! move chosen by the threads that survived), a broken game is a typed error, and the
//! game hooks are used only as documented.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, Parallelism, Value};
use search_core::{Budget, Game, Outcome, Player, SearchError, Wdl};

/// Runs `f` on a thread of its own and fails the test if it takes longer than `limit`
/// (instead of hanging when a thread that should have been stopped goes on searching).
fn within<R: Send + 'static>(limit: Duration, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .expect("the search did not stop: threads were not halted after a failure")
}

/// Connect Four whose `play` panics once, on the `after`-th call counted by `calls`: one
/// thread panics, and the others must be stopped.
#[derive(Clone, Copy, Debug)]
struct Boom {
    game: ConnectFour,
    calls: &'static AtomicU64,
    fired: &'static AtomicBool,
    after: u64,
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
}

/// Searches a [`Boom`] that panics at its 20,000th play on two threads with `parallelism`
/// and a billion iterations (the thread that does not panic must be stopped): the search
/// must be `WorkerPanicked` with the panic's message, and the failed search's trees
/// dropped.
fn a_panic_on_one_of_two_threads(
    parallelism: Parallelism,
    calls: &'static AtomicU64,
    fired: &'static AtomicBool,
) {
    let r = within(Duration::from_secs(120), move || {
        let g = Boom {
            game: ConnectFour::new(),
            calls,
            fired,
            after: 20_000,
        };
        let mut ai = Mcts::new()
            .with_seed(1)
            .with_threads(2)
            .with_parallelism(parallelism)
            .with_budget(Budget::iterations(1_000_000_000));
        let r = ai.search(&g).map(|r| r.best_move);
        (r, ai.tree_size())
    });
    match r {
        (Err(SearchError::WorkerPanicked { message }), kept) => {
            assert!(
                message.contains("boom: the game broke at play #20000"),
                "{message}"
            );
            assert_eq!(kept, 0, "the trees of a failed search are dropped");
        }
        other => panic!("expected WorkerPanicked, got {other:?}"),
    }
}

#[test]
fn a_panic_on_one_of_two_threads_is_worker_panicked() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    a_panic_on_one_of_two_threads(Parallelism::Root, &CALLS, &FIRED);
}

#[test]
fn a_panic_on_one_of_two_threads_sharing_a_tree_is_worker_panicked() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    a_panic_on_one_of_two_threads(Parallelism::Tree, &CALLS, &FIRED);
}

#[test]
fn a_panic_on_the_only_thread_unwinds_to_the_caller() {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    static FIRED: AtomicBool = AtomicBool::new(false);
    let g = Boom {
        game: ConnectFour::new(),
        calls: &CALLS,
        fired: &FIRED,
        after: 500,
    };
    let mut ai = Mcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(100_000));
    let payload = catch_unwind(AssertUnwindSafe(|| ai.search(&g))).unwrap_err();
    let e = SearchError::from_panic(&*payload);
    assert_eq!(
        e,
        SearchError::WorkerPanicked {
            message: "boom: the game broke at play #500".into()
        }
    );
}

/// Two moves a ply; after two plies the game claims to be ongoing but has no move. With
/// `HOOKS` it declares a fast `winning_move` (never a win), so the engine uses its hooks.
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
}

fn stuck<const HOOKS: bool>() {
    for threads in [1, 2] {
        for hooks in [false, true] {
            let mut ai = Mcts::new()
                .with_seed(3)
                .with_threads(threads)
                .with_game_hooks(hooks)
                .with_budget(Budget::iterations(1_000));
            let r = ai.search(&Stuck::<HOOKS> { plies: 0 }).map(|r| r.best_move);
            assert_eq!(
                r,
                Err(SearchError::NoLegalMoves),
                "{threads} threads, hooks {hooks}"
            );
            let r = ai.search(&Stuck::<HOOKS> { plies: 2 }).map(|r| r.best_move);
            assert_eq!(r, Err(SearchError::NoLegalMoves), "at the root");
        }
    }
}

#[test]
fn an_ongoing_state_without_moves_is_no_legal_moves() {
    stuck::<false>();
    stuck::<true>();
}

/// Tic-tac-toe whose hooks name cell 42: `winning_move` (`LIE == 0`) or
/// `non_losing_moves` (`LIE == 1`).
#[derive(Clone, Debug, PartialEq)]
struct Liar<const LIE: u8>(TicTacToe);

impl<const LIE: u8> Game for Liar<LIE> {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = true;
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
    fn winning_move(&self) -> Option<u8> {
        if LIE == 0 {
            Some(42)
        } else {
            self.0.winning_move()
        }
    }
    fn non_losing_moves(&self, m: &mut Vec<u8>) {
        self.0.non_losing_moves(m);
        if LIE == 1 {
            m.push(42);
        }
    }
}

#[test]
fn a_hook_move_that_is_not_legal_is_refused() {
    let mut ai = Mcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(100));
    let r = ai.search(&Liar::<0>(TicTacToe::new())).map(|r| r.best_move);
    assert_eq!(
        r,
        Err(SearchError::IllegalHookMove {
            hook: "winning_move",
            mv: "42".into()
        })
    );
    let mut ai = Mcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(100));
    let r = ai.search(&Liar::<1>(TicTacToe::new())).map(|r| r.best_move);
    assert_eq!(
        r,
        Err(SearchError::IllegalHookMove {
            hook: "non_losing_moves",
            mv: "42".into()
        })
    );
}

/// Tic-tac-toe whose `legal_moves` leaves out the last move on every other call.
#[derive(Clone, Debug)]
struct Flaky(TicTacToe, std::sync::Arc<std::sync::atomic::AtomicU64>);

impl PartialEq for Flaky {
    fn eq(&self, other: &Flaky) -> bool {
        self.0 == other.0
    }
}

impl Game for Flaky {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        self.0.legal_moves(m);
        if self.1.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 2 == 1 {
            m.pop();
        }
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
}

#[test]
fn a_move_list_that_changes_between_calls_is_refused_at_the_root() {
    let mut ai = Mcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(100));
    let flaky = Flaky(TicTacToe::new(), Default::default());
    let r = ai.search(&flaky).map(|r| r.best_move);
    assert!(
        matches!(&r, Err(SearchError::BrokenPromise { what }) if what.contains("legal_moves")),
        "{r:?}"
    );
}

/// Nim (take 1 or 2; who takes the last stone wins) without a fast `winning_move`, whose
/// `non_losing_moves` relies on its documented precondition (no win at once): it keeps
/// the moves that leave at least three stones. Called where a win exists, it would wrongly
/// say that every move loses.
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    stones: u32,
    to_move: Player,
}

impl Game for Nim {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        m.extend((1..=2).filter(|&t| t <= self.stones));
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
    fn non_losing_moves(&self, m: &mut Vec<u32>) {
        // Precondition: no win at once, so at least 3 stones; leaving 1 or 2 loses.
        m.extend((1..=2).filter(|&t| t + 3 <= self.stones));
    }
}

#[test]
fn non_losing_moves_is_not_asked_without_a_fast_winning_move() {
    // 3 stones: both moves lose (the opponent takes what is left). In the 2- and 1-stone
    // positions a win exists, so asking the hook there breaks its precondition: it returns
    // nothing, which reads as "every move loses": the opponent's win scored as a loss, and
    // the lost root as a win.
    for seed in 0..5 {
        let mut ai = Mcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(2_000));
        let r = ai
            .search(&Nim {
                stones: 3,
                to_move: Player::First,
            })
            .unwrap();
        assert_eq!(r.value, Value::Proven(Wdl::Loss), "seed {seed}");
        assert!(
            r.moves.iter().all(|m| m.proven == Some(Wdl::Loss)),
            "seed {seed}: {:?}",
            r.moves
        );
        // 4 stones: taking 1 wins.
        let mut ai = Mcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(2_000));
        let r = ai
            .search(&Nim {
                stones: 4,
                to_move: Player::First,
            })
            .unwrap();
        assert_eq!(
            (r.best_move, r.value),
            (1, Value::Proven(Wdl::Win)),
            "seed {seed}"
        );
    }
}
