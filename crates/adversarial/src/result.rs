//! [`SearchResult`]: what a depth-limited search returns.

use search_core::{Score, Stats};

/// The answer of a search: the move to play, its score, the line the engine expects, and
/// what the search did.
///
/// ```
/// use adversarial::Negamax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Budget, Score};
///
/// let result = Negamax::new(OpenLines).search(&TicTacToe::new(), &Budget::depth(9)).unwrap();
/// assert_eq!(result.score, Score::DRAW);
/// assert_eq!(result.pv.first(), Some(&result.best_move));
/// assert!(result.complete);
/// println!("{} after {}", result.score, result.stats);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play: from the last finished iteration (or, if the budget ran out
    /// before the first one finished, the best move seen so far, else the first move in
    /// the engine's order).
    pub best_move: M,
    /// The value of the position for the side to move, at the depth reached (exact when
    /// decisive: `win in 5` is a forced win in 5 plies).
    pub score: Score,
    /// The principal variation, starting with `best_move` (it may stop early where the
    /// transposition table answered).
    pub pv: Vec<M>,
    /// Counters: nodes, depth reached, table hits...
    pub stats: Stats,
    /// `true` if the search reached its depth limit or proved the result; `false` if the
    /// node or time budget (or the stop flag) cut it short.
    pub complete: bool,
}
