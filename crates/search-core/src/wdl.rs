//! [`Wdl`]: win, draw or loss, the one game-value enum of the workspace.

use core::fmt;

/// A game's result or value as win, draw or loss, always from the point of view of one
/// player, which the context names (the side to move for a solved value, the player
/// who made a move for a root move, strategy `A` for an arena game).
///
/// The solver's weak values, the MCTS-Solver's proven values and the arena's game results
/// are all this type.
///
/// ```
/// use search_core::Wdl;
/// assert_eq!(Wdl::Win.flip(), Wdl::Loss);
/// assert_eq!(Wdl::Draw.points(), 0.5);
/// assert_eq!(Wdl::from_sign(-3), Wdl::Loss);
/// assert_eq!(Wdl::Win.to_string(), "win");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// A win (a forced one, when the value is proven).
    Win,
    /// A draw.
    Draw,
    /// A loss.
    Loss,
}

impl Wdl {
    /// The same result seen by the other player: a win becomes a loss.
    ///
    /// ```
    /// assert_eq!(search_core::Wdl::Draw.flip(), search_core::Wdl::Draw);
    /// ```
    #[must_use]
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }

    /// The points this result scores: 1 for a win, ½ for a draw, 0 for a loss (the reward
    /// scale of MCTS and of the arena's tally).
    ///
    /// ```
    /// assert_eq!(search_core::Wdl::Loss.points(), 0.0);
    /// ```
    #[must_use]
    pub const fn points(self) -> f64 {
        match self {
            Wdl::Win => 1.0,
            Wdl::Draw => 0.5,
            Wdl::Loss => 0.0,
        }
    }

    /// Positive → win, zero → draw, negative → loss.
    ///
    /// ```
    /// assert_eq!(search_core::Wdl::from_sign(1), search_core::Wdl::Win);
    /// ```
    #[must_use]
    pub const fn from_sign(value: i64) -> Wdl {
        if value > 0 {
            Wdl::Win
        } else if value == 0 {
            Wdl::Draw
        } else {
            Wdl::Loss
        }
    }

    /// `+1`, `0` or `-1`.
    ///
    /// ```
    /// assert_eq!(search_core::Wdl::Loss.sign(), -1);
    /// ```
    #[must_use]
    pub const fn sign(self) -> i8 {
        match self {
            Wdl::Win => 1,
            Wdl::Draw => 0,
            Wdl::Loss => -1,
        }
    }
}

impl fmt::Display for Wdl {
    /// `win`, `draw` or `loss`.
    ///
    /// ```
    /// assert_eq!(search_core::Wdl::Draw.to_string(), "draw");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}
