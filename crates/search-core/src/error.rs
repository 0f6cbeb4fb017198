//! Typed errors shared by every crate of the workspace.

use std::time::Duration;

use thiserror::Error;

/// A move that cannot be played in the current state.
///
/// ```
/// use search_core::IllegalMoveError;
/// let e = IllegalMoveError::NotLegal { mv: "7".into() };
/// assert_eq!(e.to_string(), "illegal move 7 in this position");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
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

/// A [`Budget`](crate::Budget) that cannot bound a search.
///
/// ```
/// use search_core::{Budget, BudgetError};
/// assert_eq!(Budget::depth(0).start().unwrap_err(), BudgetError::ZeroDepth);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BudgetError {
    /// A maximum depth of zero leaves nothing to search.
    #[error("the depth limit is zero: a search needs a depth of at least 1")]
    ZeroDepth,
    /// A node limit of zero leaves nothing to search.
    #[error("the node limit is zero: a search needs at least one node")]
    ZeroNodes,
    /// An iteration limit of zero leaves nothing to search.
    #[error("the iteration limit is zero: a search needs at least one iteration")]
    ZeroIterations,
    /// A time limit of zero leaves nothing to search.
    #[error("the time limit is zero: give the search some time")]
    ZeroTime,
    /// The depth limit is larger than any search could use.
    #[error("the depth limit {depth} is absurd (the largest supported is {max})")]
    DepthTooLarge {
        /// The requested depth.
        depth: u32,
        /// The largest depth supported.
        max: u32,
    },
    /// The time limit cannot be represented as a deadline on this machine's clock.
    #[error("the time limit {limit:?} is too large to be a deadline")]
    TimeTooLarge {
        /// The requested limit.
        limit: Duration,
    },
}

/// Why a search could not choose a move.
///
/// ```
/// use search_core::{BudgetError, SearchError};
/// let e: SearchError = BudgetError::ZeroNodes.into();
/// assert!(e.to_string().contains("node limit is zero"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The game is already over: there is no move to choose.
    #[error("the game is over: there is no move to choose")]
    GameOver,
    /// The game claims to be ongoing but has no legal move (a broken `Game` implementation).
    #[error("the game is ongoing but has no legal move (check the Game implementation)")]
    NoLegalMoves,
    /// The budget is invalid.
    #[error("invalid budget: {0}")]
    Budget(#[from] BudgetError),
    /// A configuration value is out of range (a table size, an exploration constant...).
    #[error("invalid configuration: {0}")]
    Config(String),
}

/// A path-finding cost that cannot be used.
///
/// ```
/// use search_core::{CostError, FloatCost};
/// assert_eq!(FloatCost::new(f64::NAN).unwrap_err(), CostError::NaN);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
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
