//! [`Score`]: a negamax value with exact win/loss distance.

use core::fmt;
use core::ops::Neg;

/// A position's value from the point of view of the side to move, as negamax engines use it.
///
/// A score is either **decisive**, a win or a loss at a known distance in plies, or a
/// **heuristic** value from an evaluator (`0` is a draw or an even position). Ordering is
/// what a player wants: every win beats every heuristic value, a faster win beats a slower
/// one, and a slower loss beats a faster one.
///
/// Scores are measured *from the node they belong to*: `loss_in(0)` is a state whose side to
/// move has already lost, `win_in(1)` a state whose side to move wins with its next move.
/// [`to_parent`](Score::to_parent) turns a child's score into its parent's (negate, one ply
/// further), so transposition tables can store scores without adjustment.
///
/// ```
/// use search_core::Score;
/// assert!(Score::win_in(3) > Score::win_in(5));   // faster win is better
/// assert!(Score::loss_in(6) > Score::loss_in(2)); // slower loss is better
/// assert!(Score::win_in(99) > Score::heuristic(1_000_000));
/// assert_eq!(Score::loss_in(0).to_parent(), Score::win_in(1));
/// assert_eq!(Score::win_in(7).to_string(), "win in 7");
/// assert_eq!(Score::heuristic(35).to_string(), "+35");
/// assert_eq!(Score::DRAW.to_string(), "0");
/// assert_eq!(Score::DRAW.exact().to_string(), "draw");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

/// The raw value of a win at distance 0; decisive scores lie within [`Score::MAX_DISTANCE`] of it.
const WIN: i32 = 1_000_000_000;

impl Score {
    /// The longest win/loss distance a score can express, in plies.
    pub const MAX_DISTANCE: u32 = 1_000_000;

    /// The largest heuristic value; [`Score::heuristic`] clamps into
    /// `-MAX_HEURISTIC..=MAX_HEURISTIC`, which stays well apart from every decisive score.
    pub const MAX_HEURISTIC: i32 = WIN - 2 * Self::MAX_DISTANCE as i32;

    /// A draw, or an even position.
    pub const DRAW: Score = Score(0);

    /// Above every reachable score: the initial `beta` of a full-window search.
    pub const INFINITY: Score = Score(WIN + 1);

    /// Below every reachable score: the initial `alpha` of a full-window search.
    pub const NEG_INFINITY: Score = Score(-WIN - 1);

    /// The side to move wins in `plies` plies (its own moves and the opponent's replies
    /// counted together; `win_in(1)` = wins with its next move). Distances above
    /// [`Score::MAX_DISTANCE`] are clamped to it.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::win_in(1).plies_to_end(), Some(1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        let d = if plies > Self::MAX_DISTANCE {
            Self::MAX_DISTANCE
        } else {
            plies
        };
        Score(WIN - d as i32)
    }

    /// The side to move loses in `plies` plies (`loss_in(0)`: it has already lost).
    ///
    /// ```
    /// use search_core::Score;
    /// assert!(Score::loss_in(2).is_loss());
    /// assert_eq!(Score::loss_in(2), -Score::win_in(2));
    /// ```
    #[inline]
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Self::win_in(plies).0)
    }

    /// A heuristic (evaluator) value, clamped into `±MAX_HEURISTIC` so that it can never be
    /// mistaken for a decisive score.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::heuristic(i32::MAX), Score::heuristic(Score::MAX_HEURISTIC));
    /// assert!(!Score::heuristic(i32::MAX).is_decisive());
    /// ```
    #[inline]
    #[must_use]
    pub const fn heuristic(value: i32) -> Score {
        let v = if value > Self::MAX_HEURISTIC {
            Self::MAX_HEURISTIC
        } else if value < -Self::MAX_HEURISTIC {
            -Self::MAX_HEURISTIC
        } else {
            value
        };
        Score(v)
    }

    /// This score as the exact value of a position (a solver's answer), for display:
    /// zero shows as `draw` instead of `0`.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(format!("{} / {}", Score::DRAW, Score::DRAW.exact()), "0 / draw");
    /// ```
    #[must_use]
    pub const fn exact(self) -> ExactScore {
        ExactScore(self)
    }

    /// The raw integer, for storage (a transposition-table entry); see [`Score::from_raw`].
    ///
    /// ```
    /// use search_core::Score;
    /// let s = Score::win_in(4);
    /// assert_eq!(Score::from_raw(s.raw()), s);
    /// ```
    #[inline]
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Rebuilds a score from [`Score::raw`], clamping into `NEG_INFINITY..=INFINITY`.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::from_raw(i32::MAX), Score::INFINITY);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_raw(raw: i32) -> Score {
        if raw > WIN + 1 {
            Self::INFINITY
        } else if raw < -WIN - 1 {
            Self::NEG_INFINITY
        } else {
            Score(raw)
        }
    }

    /// `true` for a win at a known distance.
    ///
    /// ```
    /// use search_core::Score;
    /// assert!(Score::win_in(10).is_win());
    /// assert!(!Score::INFINITY.is_win());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 >= WIN - Self::MAX_DISTANCE as i32 && self.0 <= WIN
    }

    /// `true` for a loss at a known distance.
    ///
    /// ```
    /// use search_core::Score;
    /// assert!(Score::loss_in(0).is_loss());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 <= -(WIN - Self::MAX_DISTANCE as i32) && self.0 >= -WIN
    }

    /// `true` for a win or a loss.
    ///
    /// ```
    /// use search_core::Score;
    /// assert!(!Score::DRAW.is_decisive());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// The distance in plies to the end of a decisive score; `None` otherwise.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::loss_in(4).plies_to_end(), Some(4));
    /// assert_eq!(Score::heuristic(4).plies_to_end(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((WIN - self.0) as u32)
        } else if self.is_loss() {
            Some((WIN + self.0) as u32)
        } else {
            None
        }
    }

    /// The heuristic value, or `None` for a decisive score or an infinity.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::heuristic(-7).heuristic_value(), Some(-7));
    /// assert_eq!(Score::win_in(1).heuristic_value(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn heuristic_value(self) -> Option<i32> {
        if self.0 >= -Self::MAX_HEURISTIC && self.0 <= Self::MAX_HEURISTIC {
            Some(self.0)
        } else {
            None
        }
    }

    /// The score of a parent, seen from its side to move, whose child has score `self`:
    /// negated, and a decisive score one ply further from the end.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::win_in(2).to_parent(), Score::loss_in(3));
    /// assert_eq!(Score::heuristic(5).to_parent(), Score::heuristic(-5));
    /// assert_eq!(Score::INFINITY.to_parent(), Score::NEG_INFINITY);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_parent(self) -> Score {
        let p = -self.0;
        if p > WIN || p < -WIN {
            Score(p)
        } else if p >= WIN - Self::MAX_DISTANCE as i32 {
            Score(p - 1)
        } else if p <= -(WIN - Self::MAX_DISTANCE as i32) {
            Score(p + 1)
        } else {
            Score(p)
        }
    }

    /// The inverse of [`to_parent`](Score::to_parent), for search-window bounds: a parent's
    /// bound `b` becomes the child bound `c` with `c.to_parent() == b`. Engines use it to pass
    /// `(alpha, beta)` down as `(beta.to_child(), alpha.to_child())`. For every score `c`,
    /// `c.to_parent() > b` exactly when `c < b.to_child()`; `win_in(0)` and `loss_in(0)`,
    /// which no parent can have, map to the infinities.
    ///
    /// ```
    /// use search_core::Score;
    /// for s in [Score::win_in(3), Score::loss_in(4), Score::heuristic(-9), Score::DRAW] {
    ///     assert_eq!(s.to_child().to_parent(), s);
    /// }
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_child(self) -> Score {
        let c = -self.0;
        if c > WIN || c < -WIN {
            Score(c)
        } else if self.0 >= WIN - Self::MAX_DISTANCE as i32 {
            // Parent win in n  <=  child loss in n - 1.
            Score(c - 1).clamp_infinite()
        } else if self.0 <= -(WIN - Self::MAX_DISTANCE as i32) {
            Score(c + 1).clamp_infinite()
        } else {
            Score(c)
        }
    }

    /// The score of a parent whose child has score `self` and the **same** side to move (an
    /// extra turn: the player who closed a box in Dots and Boxes, or whose last seed landed
    /// in their store in Kalah, moves again): not negated, and a decisive score one ply
    /// further from the end. Negamax engines use it instead of [`to_parent`](Score::to_parent)
    /// when a move keeps the turn.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::win_in(2).to_parent_same_mover(), Score::win_in(3));
    /// assert_eq!(Score::loss_in(0).to_parent_same_mover(), Score::loss_in(1));
    /// assert_eq!(Score::heuristic(5).to_parent_same_mover(), Score::heuristic(5));
    /// assert_eq!(Score::INFINITY.to_parent_same_mover(), Score::INFINITY);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_parent_same_mover(self) -> Score {
        Score(-self.0).to_parent()
    }

    /// The inverse of [`to_parent_same_mover`](Score::to_parent_same_mover), for window
    /// bounds: engines pass `(alpha, beta)` down to a child with the same side to move as
    /// `(alpha.to_child_same_mover(), beta.to_child_same_mover())` (not swapped). For every
    /// score `c`, `c.to_parent_same_mover() > b` exactly when `c > b.to_child_same_mover()`.
    ///
    /// ```
    /// use search_core::Score;
    /// for s in [Score::win_in(3), Score::loss_in(4), Score::heuristic(-9), Score::DRAW] {
    ///     assert_eq!(s.to_child_same_mover().to_parent_same_mover(), s);
    /// }
    /// assert_eq!(Score::win_in(3).to_child_same_mover(), Score::win_in(2));
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_child_same_mover(self) -> Score {
        Score(-self.to_child().0)
    }

    #[inline]
    const fn clamp_infinite(self) -> Score {
        Score::from_raw(self.0)
    }
}

impl Neg for Score {
    type Output = Score;
    /// Negation without moving the distance: `-win_in(n) == loss_in(n)`.
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(-Score::win_in(5), Score::loss_in(5));
    /// ```
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `win in N` / `loss in N` (plies), `+35` / `-12` / `0` for other values, `+inf` /
    /// `-inf` for the window bounds. A `0` is not called a draw here: a searched score of 0
    /// may be an even position as well as a drawn one. A score known to be exact shows as
    /// `draw` through [`Score::exact`].
    ///
    /// ```
    /// use search_core::Score;
    /// assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
    /// assert_eq!(Score::heuristic(-12).to_string(), "-12");
    /// assert_eq!(Score::heuristic(0).to_string(), "0");
    /// assert_eq!(Score::NEG_INFINITY.to_string(), "-inf");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self >= Score::INFINITY {
            f.write_str("+inf")
        } else if *self <= Score::NEG_INFINITY {
            f.write_str("-inf")
        } else if self.is_win() {
            write!(f, "win in {}", WIN - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", WIN + self.0)
        } else if self.0 == 0 {
            f.write_str("0")
        } else {
            write!(f, "{:+}", self.0)
        }
    }
}

/// A [`Score`] known to be the exact game-theoretic value, for display: a zero is a `draw`.
/// Made by [`Score::exact`].
///
/// ```
/// use search_core::Score;
/// assert_eq!(Score::DRAW.exact().to_string(), "draw");
/// assert_eq!(Score::win_in(3).exact().to_string(), "win in 3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExactScore(pub Score);

impl fmt::Display for ExactScore {
    /// As [`Score`]'s display, with `draw` for zero.
    ///
    /// ```
    /// assert_eq!(search_core::Score::loss_in(4).exact().to_string(), "loss in 4");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == Score::DRAW {
            f.write_str("draw")
        } else {
            fmt::Display::fmt(&self.0, f)
        }
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_score() -> impl Strategy<Value = Score> {
        prop_oneof![
            (1u32..200).prop_map(Score::win_in),
            (0u32..200).prop_map(Score::loss_in),
            (-10_000i32..10_000).prop_map(Score::heuristic),
            Just(Score::heuristic(Score::MAX_HEURISTIC)),
            Just(Score::heuristic(-Score::MAX_HEURISTIC)),
        ]
    }

    /// `win_in(0)` and `loss_in(0)` are only ever the values of finished positions.
    fn a_parent_can_have(s: Score) -> bool {
        s != Score::win_in(0) && s != Score::loss_in(0)
    }

    proptest! {
        #[test]
        fn to_parent_is_strictly_decreasing(a in any_score(), b in any_score()) {
            if a < b {
                prop_assert!(a.to_parent() > b.to_parent());
            }
        }

        #[test]
        fn to_child_inverts_to_parent(a in any_score()) {
            prop_assert_eq!(a.to_parent().to_child(), a);
            // A node that has lost already has no children: loss_in(0) is never a parent's.
            if a != Score::loss_in(0) {
                prop_assert_eq!(a.to_child().to_parent(), a);
            }
        }

        #[test]
        fn window_transform_is_exact(c in any_score(), alpha in any_score()) {
            // parent value > alpha  <=>  child value < alpha.to_child()
            prop_assert_eq!(c.to_parent() > alpha, c < alpha.to_child());
        }

        #[test]
        fn same_mover_transform_is_exact(c in any_score(), b in any_score()) {
            // parent value > b  <=>  child value > b.to_child_same_mover(), and the same
            // with >=, so windows pass down unswapped
            prop_assert_eq!(c.to_parent_same_mover() > b, c > b.to_child_same_mover());
            prop_assert_eq!(c.to_parent_same_mover() >= b, c >= b.to_child_same_mover());
            prop_assert_eq!(c.to_parent_same_mover().to_child_same_mover(), c);
            if a_parent_can_have(b) {
                prop_assert_eq!(b.to_child_same_mover().to_parent_same_mover(), b);
            }
        }

        #[test]
        fn same_mover_keeps_the_order(a in any_score(), b in any_score()) {
            prop_assert_eq!(a < b, a.to_parent_same_mover() < b.to_parent_same_mover());
        }

        #[test]
        fn negation_is_an_involution(a in any_score()) {
            prop_assert_eq!(-(-a), a);
        }
    }

    #[test]
    fn decisive_and_heuristic_are_disjoint() {
        let top = Score::heuristic(i32::MAX);
        assert!(top < Score::win_in(Score::MAX_DISTANCE));
        assert!(!top.to_parent().is_decisive());
        assert!(Score::win_in(Score::MAX_DISTANCE).is_win());
        assert_eq!(
            Score::win_in(u32::MAX).plies_to_end(),
            Some(Score::MAX_DISTANCE)
        );
    }

    #[test]
    fn infinities_bound_everything() {
        assert!(Score::INFINITY > Score::win_in(0));
        assert!(Score::NEG_INFINITY < Score::loss_in(0));
        assert_eq!(Score::NEG_INFINITY.to_child(), Score::INFINITY);
    }
}
