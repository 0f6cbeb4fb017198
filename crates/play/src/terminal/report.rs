//! What a game at the prompt produced: [`PlayReport`] and its [`Ending`].

use core::fmt;

use search_core::GeneralGame;

/// How a game at the prompt ended.
///
/// ```
/// use play::Ending;
/// assert_eq!(Ending::Quit(1).to_string(), "player 2 quit");
/// assert_eq!(Ending::Finished.seat(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ending {
    /// The game reached its end; the report's position has the rewards.
    Finished,
    /// The person in this seat typed `quit`.
    Quit(usize),
    /// The input ended while this seat's person was to move.
    InputEnded(usize),
}

impl Ending {
    /// The seat of the person who stopped the game, `None` when it finished.
    ///
    /// ```
    /// assert_eq!(play::Ending::InputEnded(0).seat(), Some(0));
    /// ```
    #[must_use]
    pub fn seat(self) -> Option<usize> {
        match self {
            Ending::Finished => None,
            Ending::Quit(seat) | Ending::InputEnded(seat) => Some(seat),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Finished => f.write_str("the game ended"),
            Ending::Quit(seat) => write!(f, "player {} quit", seat + 1),
            Ending::InputEnded(seat) => {
                write!(f, "the input ended at player {}'s move", seat + 1)
            }
        }
    }
}

/// What a game at the prompt produced: how it ended, the moves, where it stopped.
///
/// ```
/// use play::{Ending, PlayLoop};
/// use search_core::{GeneralGame, RandomMover};
///
/// let report = PlayLoop::new(games::TicTacToe::new())
///     .with_ai(0, RandomMover::new(1))
///     .with_ai(1, RandomMover::new(2))
///     .run(std::io::empty(), std::io::sink())
///     .unwrap();
/// assert_eq!(report.ending, Ending::Finished);
/// let mut rewards = [0.0; 2];
/// report.position.rewards(&mut rewards);
/// assert_eq!(rewards[0], -rewards[1]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PlayReport<G: GeneralGame> {
    /// How the game ended.
    pub ending: Ending,
    /// The moves and chance outcomes from the start position to
    /// [`position`](PlayReport::position), moves taken back not included.
    pub moves: Vec<G::Move>,
    /// The position the game stopped in.
    pub position: G,
    /// How many times `undo` took moves back.
    pub undos: u32,
}
