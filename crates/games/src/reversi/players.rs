//! The players that come with Reversi: [`Weights`], the evaluator alpha-beta uses, and
//! [`Greedy`], a one-ply player built on it.

use search_core::{Game, SearchError, SplitMix64, Strategy};

use super::{CORNERS, FULL, Move, Reversi, X_SQUARES, placements};

// ---------------------------------------------------------------------------------------
// The evaluator: a weighted sum of features
// ---------------------------------------------------------------------------------------

// ANCHOR: evaluator
use search_core::Evaluator;

/// A weighted sum of features, each counted as "mine minus yours" from the side to move,
/// so that the value for one side is exactly the negation of the value for the other.
///
/// ```
/// use games::reversi::{Reversi, Weights};
/// use search_core::Evaluator;
/// let start = Reversi::new();
/// assert_eq!(Weights::DEFAULT.evaluate(&start), 0); // the start is symmetric
/// let corner_lover = Weights { corners: 100, ..Weights::DEFAULT }; // tune one weight
/// assert_eq!(corner_lover.evaluate(&start), 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per disc on the board (material).
    pub discs: i32,
    /// Per legal placement (mobility).
    pub mobility: i32,
    /// Per corner held.
    pub corners: i32,
    /// Per disc on a square diagonally next to an empty corner (it gives the corner away).
    pub x_squares: i32,
}

impl Weights {
    /// Corners matter most and early disc count matters little, as Reversi players learn.
    ///
    /// ```
    /// assert_eq!(games::reversi::Weights::DEFAULT.corners, 30);
    /// ```
    pub const DEFAULT: Weights = Weights {
        discs: 1,
        mobility: 5,
        corners: 30,
        x_squares: -15,
    };

    /// Material only: the naive "more discs is better".
    ///
    /// ```
    /// assert_eq!(games::reversi::Weights::MATERIAL.mobility, 0);
    /// ```
    pub const MATERIAL: Weights = Weights {
        discs: 1,
        mobility: 0,
        corners: 0,
        x_squares: 0,
    };

    /// The features of `own` against `opp`: discs, mobility, corners, risky X-squares.
    fn features(own: u64, opp: u64) -> [i32; 4] {
        let empty = FULL & !(own | opp);
        let x_risk = X_SQUARES
            .iter()
            .filter(|&&(corner, x)| corner & empty != 0 && own & x != 0)
            .count();
        [
            own.count_ones() as i32,
            placements(own, opp).count_ones() as i32,
            (own & CORNERS).count_ones() as i32,
            x_risk as i32,
        ]
    }
}

impl Evaluator<Reversi> for Weights {
    fn evaluate(&self, state: &Reversi) -> i32 {
        let (own, opp) = state.own_opp();
        let weights = [self.discs, self.mobility, self.corners, self.x_squares];
        let mine = Weights::features(own, opp);
        let yours = Weights::features(opp, own);
        (0..4).map(|i| weights[i] * (mine[i] - yours[i])).sum()
    }
}
// ANCHOR_END: evaluator

impl Default for Weights {
    /// [`Weights::DEFAULT`].
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

// ---------------------------------------------------------------------------------------
// A one-ply player
// ---------------------------------------------------------------------------------------

/// Looks one ply ahead: plays the move after which the evaluator likes the position best
/// (a won game best of all, a lost one worst), breaking ties at random from its seed.
/// Its name in match reports is `greedy` unless given another with [`Greedy::with_name`].
///
/// ```
/// use games::reversi::{Greedy, Reversi, Weights};
/// use search_core::{Game, Strategy};
///
/// let mut ai = Greedy::new(Weights::DEFAULT, 7);
/// let mv = ai.choose_move(&Reversi::new()).unwrap();
/// assert!(Reversi::new().is_legal(mv));
/// assert_eq!(ai.name(), "greedy");
/// ```
#[derive(Clone, Debug)]
pub struct Greedy {
    weights: Weights,
    rng: SplitMix64,
    name: String,
}

impl Greedy {
    /// A one-ply player valuing positions with `weights`, its tie-breaks fixed by `seed`.
    ///
    /// ```
    /// use games::reversi::{Greedy, Weights};
    /// let _ = Greedy::new(Weights::MATERIAL, 1);
    /// ```
    #[must_use]
    pub fn new(weights: Weights, seed: u64) -> Greedy {
        Greedy {
            weights,
            rng: SplitMix64::new(seed),
            name: "greedy".to_string(),
        }
    }

    /// The same player under another name (for match reports).
    ///
    /// ```
    /// use games::reversi::{Greedy, Weights};
    /// use search_core::Strategy;
    /// let material = Greedy::new(Weights::MATERIAL, 1).with_name("material");
    /// assert_eq!(material.name(), "material");
    /// ```
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Greedy {
        self.name = name.into();
        self
    }
}

impl Strategy<Reversi> for Greedy {
    fn choose_move(&mut self, state: &Reversi) -> Result<Move, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let me = state.to_move();
        let mut best = Vec::new();
        let mut best_value = i32::MIN;
        for mv in state.legal_move_list() {
            let mut child = *state;
            child.play(mv);
            let value = match child.outcome().value_for(me) {
                Some(result) => result * 1_000_000,
                // The child's side to move is the opponent: negate its view.
                None => -self.weights.evaluate(&child),
            };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        if best.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        Ok(best[self.rng.below(best.len())])
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}
