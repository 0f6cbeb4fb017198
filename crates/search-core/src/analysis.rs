//! [`MoveValue`] and [`MoveAnalysis`]: every root move with its value, as returned by
//! [`Strategy::analyze`](crate::Strategy::analyze).

use core::cmp::Ordering;
use core::fmt;

use crate::interval::Interval;
use crate::score::Score;
use crate::wdl::Wdl;

/// What an engine knows of one root move's value, for the side to move at the root.
///
/// ```
/// use search_core::{MoveValue, Score};
/// let exact = MoveValue::Exact(Score::win_in(5));
/// assert_eq!(exact.to_string(), "win in 5 (exact)");
/// let estimate = MoveValue::Estimate { score: Score::heuristic(12), depth: 8 };
/// assert_eq!(estimate.to_string(), "+12 (depth 8)");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum MoveValue {
    /// The game-theoretic value, as an exact solver proves it.
    Exact(Score),
    /// The value of a search to `depth` plies below the root move (alpha-beta, negamax):
    /// exact within that horizon, heuristic beyond it.
    Estimate {
        /// The score.
        score: Score,
        /// The depth it was searched to, counting the root move.
        depth: u32,
    },
    /// Sampled by playouts (MCTS).
    Sampled {
        /// Playouts through the move.
        visits: u64,
        /// Mean reward for the side to move: 1 win, ½ draw, 0 loss.
        mean: f64,
        /// 95 % confidence interval of the mean.
        interval: Interval,
        /// The value, when the search proved it.
        proven: Option<Wdl>,
    },
    /// The exact final margin (boxes, stones) the side to move reaches with perfect play
    /// by both sides, as a margin solver proves it: `+3` wins by three, `0` draws.
    Margin(i32),
    /// The strategy gives no value (a random mover).
    Unknown,
}

impl MoveValue {
    /// Orders two values, better for the side to move first (`Less` = `self` is better):
    /// exact and estimated scores by score (higher first), sampled values as MCTS chooses
    /// its move (a proven win first, a proven loss last, the others by visits, then by
    /// mean), margins by margin (higher first); values of different kinds by kind (exact
    /// and margin, estimate, sampled, unknown).
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use search_core::{MoveValue, Score};
    /// let win = MoveValue::Exact(Score::win_in(3));
    /// let draw = MoveValue::Exact(Score::DRAW);
    /// assert_eq!(win.better_first(&draw), Ordering::Less);
    /// ```
    #[must_use]
    pub fn better_first(&self, other: &MoveValue) -> Ordering {
        use MoveValue::{Estimate, Exact, Margin, Sampled, Unknown};
        fn rank(v: &MoveValue) -> u8 {
            match v {
                Exact(_) | Margin(_) => 0,
                Estimate { .. } => 1,
                Sampled { .. } => 2,
                Unknown => 3,
            }
        }
        fn proven_rank(p: Option<Wdl>) -> u8 {
            match p {
                Some(Wdl::Win) => 0,
                // An unproven move may still be a win: it ranks with the proven draws.
                Some(Wdl::Draw) | None => 1,
                Some(Wdl::Loss) => 2,
            }
        }
        match (self, other) {
            (Exact(a), Exact(b)) => b.cmp(a),
            (Margin(a), Margin(b)) => b.cmp(a),
            (Estimate { score: a, .. }, Estimate { score: b, .. }) => b.cmp(a),
            (
                Sampled {
                    visits: va,
                    mean: ma,
                    proven: pa,
                    ..
                },
                Sampled {
                    visits: vb,
                    mean: mb,
                    proven: pb,
                    ..
                },
            ) => proven_rank(*pa)
                .cmp(&proven_rank(*pb))
                .then(vb.cmp(va))
                .then(mb.total_cmp(ma)),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

impl fmt::Display for MoveValue {
    /// `win in 5 (exact)`, `+12 (depth 8)`, `1200 visits, mean 0.612 [0.584, 0.639]`
    /// (with `, proven win` when proven), `margin +3 (exact)`, `unknown`.
    ///
    /// ```
    /// use search_core::{Interval, MoveValue, Wdl};
    /// let v = MoveValue::Sampled { visits: 10, mean: 1.0, interval: Interval::wilson(1.0, 10),
    ///                              proven: Some(Wdl::Win) };
    /// assert_eq!(v.to_string(), "10 visits, mean 1.000 [0.722, 1.000], proven win");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveValue::Exact(score) => write!(f, "{} (exact)", score.exact()),
            MoveValue::Estimate { score, depth } => write!(f, "{score} (depth {depth})"),
            MoveValue::Sampled {
                visits,
                mean,
                interval,
                proven,
            } => {
                write!(f, "{visits} visits, mean {mean:.3} {interval}")?;
                if let Some(p) = proven {
                    write!(f, ", proven {p}")?;
                }
                Ok(())
            }
            MoveValue::Margin(m) => write!(f, "margin {m:+} (exact)"),
            MoveValue::Unknown => f.write_str("unknown"),
        }
    }
}

/// One root move and its value, an element of [`Strategy::analyze`](crate::Strategy::analyze)'s
/// answer.
///
/// ```
/// use search_core::{MoveAnalysis, MoveValue, Score};
/// let a = MoveAnalysis::new(3u8, MoveValue::Exact(Score::DRAW));
/// assert_eq!(a.to_string(), "3: draw (exact)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis<M> {
    /// The move.
    pub mv: M,
    /// Its value for the side to move.
    pub value: MoveValue,
}

impl<M> MoveAnalysis<M> {
    /// Pairs a move with its value.
    ///
    /// ```
    /// let a = search_core::MoveAnalysis::new('a', search_core::MoveValue::Unknown);
    /// assert_eq!(a.mv, 'a');
    /// ```
    #[must_use]
    pub fn new(mv: M, value: MoveValue) -> Self {
        MoveAnalysis { mv, value }
    }

    /// Sorts an analysis best move first ([`MoveValue::better_first`]); the sort is stable,
    /// so equally good moves keep the engine's order.
    ///
    /// ```
    /// use search_core::{MoveAnalysis, MoveValue, Score};
    /// let mut moves = vec![
    ///     MoveAnalysis::new(0u8, MoveValue::Exact(Score::loss_in(4))),
    ///     MoveAnalysis::new(1u8, MoveValue::Exact(Score::win_in(7))),
    ///     MoveAnalysis::new(2u8, MoveValue::Exact(Score::DRAW)),
    /// ];
    /// MoveAnalysis::sort_best_first(&mut moves);
    /// assert_eq!(moves.iter().map(|m| m.mv).collect::<Vec<_>>(), [1, 2, 0]);
    /// ```
    pub fn sort_best_first(moves: &mut [MoveAnalysis<M>]) {
        moves.sort_by(|a, b| a.value.better_first(&b.value));
    }
}

impl<M: fmt::Display> fmt::Display for MoveAnalysis<M> {
    /// `move: value`.
    ///
    /// ```
    /// let a = search_core::MoveAnalysis::new(5, search_core::MoveValue::Unknown);
    /// assert_eq!(a.to_string(), "5: unknown");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.mv, self.value)
    }
}
