//! [`PlayError`]: why a match or a game at the prompt could not be played to the end.

use std::io;

use search_core::SearchError;
use thiserror::Error;

/// Why a match ([`Arena`](crate::Arena)) or a game at the prompt
/// ([`PlayLoop`](crate::PlayLoop)) could not be played to the end. Where a match was
/// playing, `game` is the game's number (0-based); at the prompt it is `None`. Seats are
/// numbered from 0, as [`Turn::Player`](search_core::Turn::Player) numbers them, and shown
/// from 1 ("player 1" is seat 0).
///
/// ```
/// use play::PlayError;
/// assert_eq!(PlayError::NoGames.to_string(), "a match needs at least one game");
/// let e = PlayError::TooLong { game: Some(3), limit: 40 };
/// assert_eq!(e.to_string(), "game 3: the game did not end within 40 plies");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A match was asked to play zero games.
    #[error("a match needs at least one game")]
    NoGames,
    /// A match was given no engine ([`Arena::with_engine`](crate::Arena::with_engine)).
    #[error("a match needs at least one engine")]
    NoEngines,
    /// A timed match was given a clock without time.
    #[error("a game clock needs some time on it")]
    NoTime,
    /// The start position is already over: no game can be played from it.
    #[error("the start position is already over: no game can be played from it")]
    StartOver,
    /// A strategy returned an error instead of a move or an analysis.
    #[error("{}{strategy} ({}) failed in {method} at ply {ply}: {source}", game_text(*.game), seat_text(*.seat))]
    Strategy {
        /// The game of the match, `None` at the prompt.
        game: Option<u32>,
        /// The seat of the strategy, `None` for the advisor of the prompt.
        seat: Option<usize>,
        /// The strategy's [`name`](search_core::Strategy::name).
        strategy: String,
        /// The method that failed: `choose_move`, `choose_move_within` or `analyze`.
        method: &'static str,
        /// The ply (0-based, opening and chance outcomes included) at which it happened.
        ply: u32,
        /// The strategy's error.
        #[source]
        source: SearchError,
    },
    /// A strategy panicked. The game cannot go on: the strategy may be half-updated.
    #[error("{}{strategy} ({}) panicked in {method} at ply {ply}: {message}", game_text(*.game), seat_text(*.seat))]
    StrategyPanicked {
        /// The game of the match, `None` at the prompt.
        game: Option<u32>,
        /// The seat of the strategy, `None` for the advisor of the prompt.
        seat: Option<usize>,
        /// The strategy's [`name`](search_core::Strategy::name).
        strategy: String,
        /// The method that panicked, such as `choose_move` or `observe_move`.
        method: &'static str,
        /// The ply (0-based) at which it happened.
        ply: u32,
        /// The panic's message, when it was a string.
        message: String,
    },
    /// A strategy chose a move that is not legal in the position it was given.
    #[error("{}{strategy} ({}) chose the illegal move {mv} at ply {ply}", game_text(*.game), seat_text(Some(*.seat)))]
    IllegalMove {
        /// The game of the match, `None` at the prompt.
        game: Option<u32>,
        /// The seat of the strategy.
        seat: usize,
        /// The strategy's [`name`](search_core::Strategy::name).
        strategy: String,
        /// The move, formatted with `Debug`.
        mv: String,
        /// The ply (0-based) at which it happened.
        ply: u32,
    },
    /// The game broke its contract: a chance node without outcomes, a player to move
    /// without moves, a player that does not exist.
    #[error("{}the game is broken at ply {ply}: {what}", game_text(*.game))]
    BrokenGame {
        /// The game of the match, `None` at the prompt.
        game: Option<u32>,
        /// The ply (0-based) at which it happened.
        ply: u32,
        /// What went wrong.
        what: String,
    },
    /// A game went on past the ply limit (a game implementation that never ends).
    #[error("{}the game did not end within {limit} plies", game_text(*.game))]
    TooLong {
        /// The game of the match, `None` at the prompt.
        game: Option<u32>,
        /// The limit.
        limit: u32,
    },
    /// Reading the input or writing the output of the prompt failed.
    #[error("reading the input or writing the game failed: {0}")]
    Io(#[from] io::Error),
}

/// `game 3: ` for a match's game, nothing at the prompt.
fn game_text(game: Option<u32>) -> String {
    game.map_or_else(String::new, |g| format!("game {g}: "))
}

/// `player 2` for seat 1, `the advisor` for no seat.
fn seat_text(seat: Option<usize>) -> String {
    seat.map_or_else(
        || "the advisor".to_string(),
        |s| format!("player {}", s + 1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_where_and_who() {
        let e = PlayError::Strategy {
            game: None,
            seat: Some(1),
            strategy: "mcts".into(),
            method: "choose_move",
            ply: 4,
            source: SearchError::GameOver,
        };
        assert!(
            e.to_string()
                .starts_with("mcts (player 2) failed in choose_move at ply 4: "),
            "{e}"
        );
        let e = PlayError::IllegalMove {
            game: Some(2),
            seat: 0,
            strategy: "cheater".into(),
            mv: "9".into(),
            ply: 0,
        };
        assert_eq!(
            e.to_string(),
            "game 2: cheater (player 1) chose the illegal move 9 at ply 0"
        );
        let e = PlayError::StrategyPanicked {
            game: None,
            seat: None,
            strategy: "x".into(),
            method: "analyze",
            ply: 1,
            message: "boom".into(),
        };
        assert_eq!(
            e.to_string(),
            "x (the advisor) panicked in analyze at ply 1: boom"
        );
    }
}
