//! Typed errors shared by every crate of the workspace.
//!
//! Every error enum is `#[non_exhaustive]`: match it with a wildcard arm, so that a new
//! variant in a later version does not break your code.

use std::any::Any;

use thiserror::Error;

use crate::budget::BudgetError;

/// A move that cannot be played in the current state.
///
/// ```
/// use search_core::IllegalMoveError;
/// let e = IllegalMoveError::NotLegal { mv: "7".into() };
/// assert_eq!(e.to_string(), "illegal move 7 in this position");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMoveError {
    /// The move is not among the legal moves of the state.
    #[error("illegal move {mv} in this position")]
    NotLegal {
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// The game is already over, so no move can be played.
    #[error("cannot play {mv}: the game is over")]
    GameOver {
        /// The move, formatted with `Debug`.
        mv: String,
    },
}

/// Why a search could not choose a move.
///
/// Three kinds of failure:
/// * **the request**: [`GameOver`](SearchError::GameOver), [`Budget`](SearchError::Budget),
///   [`Config`](SearchError::Config);
/// * **a broken [`Game`](crate::Game)**, found while searching:
///   [`NoLegalMoves`](SearchError::NoLegalMoves),
///   [`TurnDidNotPass`](SearchError::TurnDidNotPass),
///   [`IllegalHookMove`](SearchError::IllegalHookMove),
///   [`KeyNotRestored`](SearchError::KeyNotRestored), and
///   [`BrokenPromise`](SearchError::BrokenPromise) for a move list that changes between
///   calls or a key that gives different positions one value (checked at the root,
///   [`check_root`](crate::check_root)). The engines check what costs at most a comparison
///   per node in every build, and more in debug builds; the conformance checker (feature
///   `testing`) checks the whole contract;
/// * **a panic** in your `Game`, `Evaluator` or playout code on a thread the engine started:
///   [`WorkerPanicked`](SearchError::WorkerPanicked), never a partial answer from the
///   threads that survived. A panic on the calling thread itself (every single-threaded
///   search) unwinds to the caller as usual.
///
/// ```
/// use search_core::{BudgetError, SearchError};
/// let e: SearchError = BudgetError::ZeroNodes.into();
/// assert!(e.to_string().contains("node limit is zero"));
///
/// // The enum is non-exhaustive: always keep a wildcard arm.
/// let what = match e {
///     SearchError::Budget(_) | SearchError::Config(_) => "fix the request",
///     SearchError::WorkerPanicked { .. } => "a bug in user code",
///     _ => "something else",
/// };
/// assert_eq!(what, "fix the request");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The game is already over: there is no move to choose.
    #[error("the game is over: there is no move to choose")]
    GameOver,
    /// The game claims to be ongoing but has no legal move (a broken `Game` implementation),
    /// at the root or anywhere in the searched tree.
    #[error("the game is ongoing but has no legal move (check the Game implementation)")]
    NoLegalMoves,
    /// The budget is invalid.
    #[error("invalid budget: {0}")]
    Budget(#[from] BudgetError),
    /// A configuration value is out of range (a table size, an exploration constant...).
    #[error("invalid configuration: {0}")]
    Config(String),
    /// An exact solve ran out of budget before the value was known; the value lies between
    /// the two bounds reached (raise the budget, or read the bounds from
    /// the solver's `Solution` instead).
    ///
    /// ```
    /// use search_core::{Score, SearchError};
    /// let e = SearchError::Unsolved { lower: Score::DRAW, upper: Score::win_in(9) };
    /// assert!(e.to_string().contains("between"));
    /// ```
    #[error(
        "the budget ran out before the position was solved (value between {lower} and {upper})"
    )]
    Unsolved {
        /// The value is at least this.
        lower: crate::Score,
        /// The value is at most this.
        upper: crate::Score,
    },
    /// The game did not end within `max_plies` plies of the root, so it cannot be solved
    /// or searched to the end (check that the game always ends).
    ///
    /// ```
    /// let e = search_core::SearchError::GameTooLong { max_plies: 10_000 };
    /// assert!(e.to_string().contains("10000"));
    /// ```
    #[error(
        "the game did not end within {max_plies} plies of the root: it cannot be searched to the end"
    )]
    GameTooLong {
        /// The longest line the engine follows.
        max_plies: u32,
    },
    /// A state has more legal moves than the engine can store per node.
    ///
    /// ```
    /// let e = search_core::SearchError::TooManyMoves { count: 70_000, max: 65_535 };
    /// assert!(e.to_string().contains("65535"));
    /// ```
    #[error("a state has {count} legal moves; this engine supports at most {max} per state")]
    TooManyMoves {
        /// Moves in the state.
        count: usize,
        /// The most the engine supports.
        max: usize,
    },
    /// User code (a `Game`, `Evaluator` or playout policy) panicked on a search thread the
    /// engine started. The other threads were stopped and their partial results dropped.
    #[error("a search thread panicked: {message}")]
    WorkerPanicked {
        /// The panic's message (its `&str` or `String` payload).
        message: String,
    },
    /// After a move the same player was to move again, in a game that declares
    /// [`Game::MOVES_CANNOT_LOSE`](crate::Game::MOVES_CANNOT_LOSE) or
    /// [`Game::NON_LOSING_MOVES_EXACT`](crate::Game::NON_LOSING_MOVES_EXACT): promises whose
    /// bounds hold only when turns alternate. Extra turns themselves are fine (every engine
    /// follows [`Game::to_move`](crate::Game::to_move)); a game that has them must not make
    /// these two promises.
    ///
    /// ```
    /// let e = search_core::SearchError::TurnDidNotPass { mv: "2".into() };
    /// assert!(e.to_string().contains("MOVES_CANNOT_LOSE"));
    /// ```
    #[error(
        "after the move {mv} the same player is to move again, but the game declares MOVES_CANNOT_LOSE or NON_LOSING_MOVES_EXACT, which hold only when turns alternate (drop them, or check Game::play and Game::to_move)"
    )]
    TurnDidNotPass {
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// The engine cannot search this game correctly (chance nodes in a search without
    /// them, more players than it handles, a finished position without a margin for the
    /// margin solver), so it refuses rather than return a wrong value.
    #[error("{engine} cannot search this game: {reason}")]
    UnsupportedGame {
        /// The engine's name, e.g. `"Paranoid"`.
        engine: &'static str,
        /// What the game has that the engine does not handle, and what to use instead.
        reason: String,
    },
    /// A value the game or its evaluator produced breaks a declared promise: a reward or an
    /// evaluation outside the declared range, probabilities that do not add up to 1, a
    /// reward vector that does not add up to the declared sum.
    #[error("the game broke a promise: {what}")]
    BrokenPromise {
        /// What was promised and what was seen.
        what: String,
    },
    /// A game hook returned a move that is not legal in the state it was asked about.
    #[error("the game's {hook} hook returned {mv}, which is not a legal move in that state")]
    IllegalHookMove {
        /// The hook: `"winning_move"` or `"non_losing_moves"`.
        hook: &'static str,
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// An evaluator (a policy and value network, say) gave an answer a search cannot use:
    /// a move that is not legal, a value that is not a number, fewer answers than states
    /// (see [`EvaluationError`]). The search stops rather than go on with a wrong tree.
    ///
    /// ```
    /// use search_core::{EvaluationError, SearchError};
    /// let e: SearchError = EvaluationError::NotFinite { what: "value".into() }.into();
    /// assert!(e.to_string().contains("not a finite number"));
    /// ```
    #[error("the evaluator's answer cannot be used: {0}")]
    Evaluation(#[from] EvaluationError),
    /// Debug builds only: playing a move and undoing it did not restore the state's hash
    /// key (or whose turn it is), so [`Game::undo`](crate::Game::undo) does not restore
    /// the state exactly.
    #[error(
        "play({mv}) then undo({mv}) did not restore the hash key or the side to move (check Game::undo)"
    )]
    KeyNotRestored {
        /// The move, formatted with `Debug`.
        mv: String,
    },
}

impl SearchError {
    /// The [`WorkerPanicked`](SearchError::WorkerPanicked) error for a panic payload, as
    /// [`std::thread::JoinHandle::join`] or [`std::panic::catch_unwind`] return it: the
    /// message when the payload is a `&str` or a `String` (what `panic!` produces).
    ///
    /// ```
    /// use search_core::SearchError;
    /// let payload = std::panic::catch_unwind(|| panic!("bad move {}", 7)).unwrap_err();
    /// assert_eq!(
    ///     SearchError::from_panic(payload.as_ref()),
    ///     SearchError::WorkerPanicked { message: "bad move 7".into() }
    /// );
    /// ```
    #[must_use]
    pub fn from_panic(payload: &(dyn Any + Send)) -> SearchError {
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "(the panic payload is not a string)".to_string()
        };
        SearchError::WorkerPanicked { message }
    }

    /// The result of work that may have panicked, as [`std::thread::ScopedJoinHandle::join`]
    /// or [`std::panic::catch_unwind`] return it for work that returns a `Result`: the
    /// work's own result, or for a panic its [`from_panic`](SearchError::from_panic) error.
    /// The one place where an engine's threads turn a panic into an error.
    ///
    /// ```
    /// use search_core::SearchError;
    /// let ok = std::panic::catch_unwind(|| Ok::<u32, SearchError>(7));
    /// assert_eq!(SearchError::flatten_panic(ok), Ok(7));
    /// let panicked = std::panic::catch_unwind(|| -> Result<u32, SearchError> { panic!("bad move") });
    /// assert_eq!(
    ///     SearchError::flatten_panic(panicked),
    ///     Err(SearchError::WorkerPanicked { message: "bad move".into() })
    /// );
    /// ```
    pub fn flatten_panic<T>(
        outcome: std::thread::Result<Result<T, SearchError>>,
    ) -> Result<T, SearchError> {
        outcome.unwrap_or_else(|p| Err(SearchError::from_panic(&*p)))
    }

    /// `true` for the errors that mean the [`Game`](crate::Game) implementation breaks its
    /// contract ([`NoLegalMoves`](SearchError::NoLegalMoves),
    /// [`TurnDidNotPass`](SearchError::TurnDidNotPass),
    /// [`IllegalHookMove`](SearchError::IllegalHookMove),
    /// [`KeyNotRestored`](SearchError::KeyNotRestored),
    /// [`BrokenPromise`](SearchError::BrokenPromise)).
    ///
    /// ```
    /// use search_core::SearchError;
    /// assert!(SearchError::NoLegalMoves.is_broken_game());
    /// assert!(!SearchError::GameOver.is_broken_game());
    /// ```
    #[must_use]
    pub fn is_broken_game(&self) -> bool {
        matches!(
            self,
            SearchError::NoLegalMoves
                | SearchError::TurnDidNotPass { .. }
                | SearchError::IllegalHookMove { .. }
                | SearchError::KeyNotRestored { .. }
                | SearchError::BrokenPromise { .. }
        )
    }
}

/// What is wrong with an evaluator's answer: the answer of a policy and value evaluator
/// (such as a neural network) to a batch of states, checked by the search that asked for it
/// before any of it enters the tree.
///
/// ```
/// use search_core::EvaluationError;
/// let e = EvaluationError::IllegalMove { mv: "7".into() };
/// assert_eq!(e.to_string(), "the policy names the move 7, which is not legal in its state");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EvaluationError {
    /// The policy gives a probability to a move that is not legal in the state.
    #[error("the policy names the move {mv}, which is not legal in its state")]
    IllegalMove {
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// The same move appears twice in one state's policy.
    #[error("the policy names the move {mv} twice")]
    DuplicateMove {
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// A value or a probability is NaN or infinite.
    #[error("the {what} is not a finite number")]
    NotFinite {
        /// What it is: `"value"` or `"probability of move 3"`.
        what: String,
    },
    /// A value outside `[-1, 1]`, or a negative probability.
    #[error("the {what} lies outside its range")]
    OutOfRange {
        /// What it is and what was seen: `"value 1.5"`.
        what: String,
    },
    /// The probabilities of a state's legal moves add up to zero: the policy says nothing.
    #[error("the policy gives no weight to any legal move")]
    EmptyPolicy,
    /// The evaluator answered for a different number of states than it was given.
    #[error("the evaluator answered for {answered} states out of {asked}")]
    WrongCount {
        /// States in the batch.
        asked: usize,
        /// Answers given.
        answered: usize,
    },
    /// The evaluator itself failed (its backend reported an error).
    #[error("the evaluator failed: {message}")]
    Failed {
        /// The backend's message.
        message: String,
    },
}

/// A path-finding cost that cannot be used.
///
/// ```
/// use search_core::{CostError, FloatCost};
/// assert_eq!(FloatCost::new(f64::NAN).unwrap_err(), CostError::NaN);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CostError {
    /// Not a number: NaN has no place in a total order of costs.
    #[error("a cost is NaN")]
    NaN,
    /// A step cost below zero (shortest-path searches need non-negative step costs).
    #[error("a step cost is negative")]
    Negative,
    /// Adding costs overflowed the cost type.
    #[error("path cost overflowed the cost type")]
    Overflow,
}
