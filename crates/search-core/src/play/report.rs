//! What a game at the prompt produced: [`PlayReport`] and its [`Ending`], or a
//! [`PlayError`].

use core::fmt;
use std::io;

use thiserror::Error;

use crate::error::SearchError;
use crate::game::{Game, Outcome, Player};

/// How a game at the prompt ended.
///
/// ```
/// use search_core::play::Ending;
/// use search_core::{Outcome, Player};
/// assert_eq!(Ending::Finished(Outcome::Draw).to_string(), "the game ended: draw");
/// assert_eq!(Ending::Quit(Player::First).to_string(), "first player quit");
/// assert!(Ending::InputEnded(Player::Second).outcome().is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// The game reached its end: a win or a draw (never [`Outcome::Ongoing`]).
    Finished(Outcome),
    /// The person at this player's seat typed `quit`.
    Quit(Player),
    /// The input ended while this player's seat was asked for a move.
    InputEnded(Player),
}

impl Ending {
    /// The outcome of a finished game; `None` for a game that was stopped.
    ///
    /// ```
    /// use search_core::play::Ending;
    /// use search_core::{Outcome, Player};
    /// let won = Ending::Finished(Outcome::Win(Player::Second));
    /// assert_eq!(won.outcome(), Some(Outcome::Win(Player::Second)));
    /// assert_eq!(Ending::Quit(Player::First).outcome(), None);
    /// ```
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Ending::Finished(outcome) => Some(outcome),
            Ending::Quit(_) | Ending::InputEnded(_) => None,
        }
    }
}

impl fmt::Display for Ending {
    /// `the game ended: first player wins`, `second player quit`, `the input ended at
    /// first player's move`.
    ///
    /// ```
    /// use search_core::play::Ending;
    /// use search_core::Player;
    /// assert_eq!(
    ///     Ending::InputEnded(Player::First).to_string(),
    ///     "the input ended at first player's move"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Finished(outcome) => write!(f, "the game ended: {outcome}"),
            Ending::Quit(player) => write!(f, "{player} quit"),
            Ending::InputEnded(player) => write!(f, "the input ended at {player}'s move"),
        }
    }
}

/// What [`PlayLoop::run`](super::PlayLoop::run) returns for a game that ended or was
/// stopped: how it ended, the moves of the game as it stands (moves taken back with `undo`
/// are not in it), and the position they lead to.
///
/// ```
/// use search_core::play::{Ending, PlayReport};
/// use search_core::{Game, Outcome, Player};
/// # #[derive(Clone, Debug, PartialEq)] struct Pile(u32);
/// # impl Game for Pile {
/// #   type Move = u32;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
/// #   fn play(&mut self, t: u32) { self.0 -= t }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
/// # }
/// let report = PlayReport {
///     ending: Ending::Finished(Outcome::Draw),
///     moves: vec![2, 1],
///     position: Pile(0),
///     undos: 0,
/// };
/// assert_eq!(report.moves.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport<G: Game> {
    /// How the game ended.
    pub ending: Ending,
    /// Every move from the start position to [`position`](PlayReport::position), in order.
    pub moves: Vec<G::Move>,
    /// The position when the loop ended.
    pub position: G,
    /// How many times `undo` took moves back.
    pub undos: u32,
}

/// Why a game at the prompt could not go on. Typing errors are not errors: the loop
/// answers them and asks again.
///
/// It is not `Clone` or `PartialEq`, because [`Io`](PlayError::Io) holds an
/// [`io::Error`]; match on it instead.
///
/// ```
/// use search_core::play::PlayError;
/// use search_core::{Player, SearchError};
/// let e = PlayError::Strategy {
///     seat: Some(Player::Second),
///     strategy: "negamax".into(),
///     method: "choose_move",
///     ply: 3,
///     source: SearchError::GameOver,
/// };
/// assert!(e.to_string().starts_with("negamax (second player's seat) failed in choose_move at ply 3"));
/// let what = match e {
///     PlayError::Io(_) => "the terminal",
///     PlayError::Strategy { .. } | PlayError::StrategyPanicked { .. } => "an AI",
///     _ => "something else",
/// };
/// assert_eq!(what, "an AI");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// Reading the input or writing the output failed (not the end of the input, which
    /// ends the game cleanly: [`Ending::InputEnded`]).
    #[error("reading the input or writing the game failed: {0}")]
    Io(#[from] io::Error),
    /// A strategy returned an error: [`choose_move`](crate::Strategy::choose_move) at its
    /// seat, or [`analyze`](crate::Strategy::analyze) for a `hint`.
    #[error("{strategy} ({}) failed in {method} at ply {ply}: {source}", seat_text(*.seat))]
    Strategy {
        /// The seat it plays, or `None` for the advisor
        /// ([`PlayLoop::with_advisor`](super::PlayLoop::with_advisor)).
        seat: Option<Player>,
        /// Its [`name`](crate::Strategy::name).
        strategy: String,
        /// The [`Strategy`](crate::Strategy) method that failed.
        method: &'static str,
        /// The number of moves played before (0 at the start position).
        ply: u32,
        /// The strategy's error.
        #[source]
        source: SearchError,
    },
    /// A strategy panicked in one of its methods. The loop catches the panic (unless the
    /// program aborts on panics), drops every strategy and returns this error.
    #[error("{strategy} ({}) panicked in {method} at ply {ply}: {message}", seat_text(*.seat))]
    StrategyPanicked {
        /// The seat it plays, or `None` for the advisor.
        seat: Option<Player>,
        /// Its [`name`](crate::Strategy::name).
        strategy: String,
        /// The [`Strategy`](crate::Strategy) method that panicked.
        method: &'static str,
        /// The number of moves played before.
        ply: u32,
        /// The panic's message (its `&str` or `String` payload).
        message: String,
    },
    /// A strategy chose a move that is not legal in the position it was given.
    #[error("{strategy} ({player}'s seat) chose the illegal move {mv} at ply {ply}")]
    IllegalMove {
        /// The seat it plays.
        player: Player,
        /// Its [`name`](crate::Strategy::name).
        strategy: String,
        /// The move, formatted with `Debug`.
        mv: String,
        /// The number of moves played before.
        ply: u32,
    },
    /// The game broke its contract: it is ongoing but has no legal move
    /// ([`SearchError::NoLegalMoves`]).
    #[error("the game broke its contract at ply {ply}: {source}")]
    BrokenGame {
        /// The number of moves played before.
        ply: u32,
        /// What was wrong.
        #[source]
        source: SearchError,
    },
    /// The game went on past the loop's ply limit
    /// ([`PlayLoop::with_max_plies`](super::PlayLoop::with_max_plies)): a `Game` that
    /// never ends, or a limit set too low.
    #[error("the game did not end within {limit} plies")]
    TooLong {
        /// The limit.
        limit: u32,
    },
}

/// `second player's seat`, or `the advisor`.
fn seat_text(seat: Option<Player>) -> String {
    match seat {
        Some(player) => format!("{player}'s seat"),
        None => "the advisor".to_string(),
    }
}
