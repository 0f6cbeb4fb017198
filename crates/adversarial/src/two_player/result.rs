//! [`SearchResult`]: what a depth-limited search returns.

use core::fmt;

use search_core::{Score, Stats};

/// The answer of a depth-limited search ([`Negamax`](crate::Negamax),
/// [`Minimax`](crate::Minimax), [`AlphaBeta`](crate::AlphaBeta)): the move to play, its
/// score, the line the engine expects, and what the search did.
///
/// ```
/// use adversarial::Negamax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Budget, Score};
///
/// let result = Negamax::new(OpenLines)
///     .with_budget(Budget::depth(9))
///     .search(&TicTacToe::new())
///     .unwrap();
/// assert_eq!(result.score, Some(Score::DRAW));
/// assert_eq!(result.pv.first(), Some(&result.best_move));
/// assert!(result.complete);
/// println!("{result}"); // best move 0, draw, pv 0 4 1 ..., complete, 1234 nodes in ...
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The move to play: from the last finished iteration (or, if the budget ran out
    /// before the first one finished, the best move seen so far, else the first move in
    /// the engine's order). Always a legal move of the position searched.
    pub best_move: M,
    /// The value of the position for the side to move at the depth reached
    /// (`stats.depth_reached`; exact when decisive: `win in 5` is a forced win in 5
    /// plies); `None` when the budget ran out before any depth was finished.
    pub score: Option<Score>,
    /// The principal variation, starting with `best_move` (it may stop early where the
    /// transposition table answered).
    pub pv: Vec<M>,
    /// Counters: nodes, depth reached, table hits...
    pub stats: Stats,
    /// `true` if the search reached its depth limit or proved the result; `false` if the
    /// node or time budget (or the stop flag) cut it short.
    pub complete: bool,
}

impl<M: fmt::Debug> fmt::Display for SearchResult<M> {
    /// One line: the best move, the score (`no score` before the first finished depth), the
    /// principal variation, `complete` or `interrupted`, and the statistics.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    /// let r = Negamax::new(OpenLines).with_budget(Budget::depth(3)).search(&g).unwrap();
    /// assert!(r.to_string().starts_with("best move 2, win in 1, pv 2, complete, "));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "best move {:?}, ", self.best_move)?;
        match self.score {
            Some(score) => write!(f, "{score}, ")?,
            None => f.write_str("no score, ")?,
        }
        f.write_str("pv")?;
        for mv in &self.pv {
            write!(f, " {mv:?}")?;
        }
        let state = if self.complete {
            "complete"
        } else {
            "interrupted"
        };
        write!(f, ", {state}, {}", self.stats)
    }
}
