//! The error of the games' constructors.

use thiserror::Error;

/// A game cannot be set up as asked.
///
/// ```
/// let e = games::DotsAndBoxes::new(0, 3).unwrap_err();
/// assert!(e.to_string().contains("Dots and Boxes"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The board's size or the number of pieces or players is outside what the game
    /// supports.
    #[error("{game}: {detail}")]
    BoardSize {
        /// The game's name.
        game: &'static str,
        /// What is wrong and what is allowed.
        detail: String,
    },
}
