//! The [`Evaluator`] trait: a static estimate of a state, for depth-limited search.

use crate::game::Game;

/// A static evaluation of a non-terminal state, **from the point of view of the side to
/// move**: positive means good for the player whose turn it is.
///
/// Negamax engines require this symmetry: a state's value for one side is the negation of
/// its value for the other. Engines call it only on ongoing states at the depth horizon;
/// terminal states are scored by their [`Outcome`](crate::Outcome) as exact wins, losses and
/// draws. Values are clamped into [`Score::MAX_HEURISTIC`](crate::Score::MAX_HEURISTIC).
///
/// Any `Fn(&G) -> i32` is an evaluator, so a weighted sum of features is one closure:
///
/// ```
/// use search_core::{Evaluator, Game, Outcome, Player};
///
/// #[derive(Clone)]
/// struct Pile { stones: u32, to_move: Player }
/// # impl Game for Pile {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
/// #     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
/// #     fn outcome(&self) -> Outcome {
/// #         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
/// #     }
/// # }
/// // In take-1-or-2 Nim the side to move loses exactly when stones % 3 == 0.
/// let eval = |s: &Pile| if s.stones % 3 == 0 { -100 } else { 100 };
/// assert_eq!(eval.evaluate(&Pile { stones: 6, to_move: Player::First }), -100);
/// ```
pub trait Evaluator<G: Game> {
    /// The value of `state` for its side to move.
    fn evaluate(&self, state: &G) -> i32;
}

impl<G: Game, F: Fn(&G) -> i32> Evaluator<G> for F {
    #[inline]
    fn evaluate(&self, state: &G) -> i32 {
        self(state)
    }
}

/// The evaluator that knows nothing: every non-terminal state is worth `0`. With it, a search
/// sees only forced wins and losses, which is exactly what an exact solver needs.
///
/// ```
/// use search_core::{Evaluator, ZeroEvaluator};
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone)] struct G;
/// # impl Game for G {
/// #   type Move = u8;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
/// #   fn play(&mut self, _: u8) {}
/// #   fn outcome(&self) -> Outcome { Outcome::Draw }
/// # }
/// assert_eq!(ZeroEvaluator.evaluate(&G), 0);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ZeroEvaluator;

impl<G: Game> Evaluator<G> for ZeroEvaluator {
    #[inline]
    fn evaluate(&self, _state: &G) -> i32 {
        0
    }
}
