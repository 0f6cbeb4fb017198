//! [`Minimax`]: plain minimax to a fixed depth, the reference every other engine is checked
//! against (`testing::check_matches_minimax` and the crate's tests compare them with it).
//!
//! Kept deliberately as the textbook algorithm: the `max-value` / `min-value` pair from the
//! root player's point of view (not as negamax), without any pruning, table, ordering or
//! game hook, so that it shares no logic with the engines it checks. It runs the walk of
//! `textbook.rs` with pruning switched off, the walk [`AlphaBeta`](crate::AlphaBeta) runs
//! with it on. It visits every node of the tree to the depth limit: use it for testing and
//! teaching, [`Negamax`](crate::Negamax) for play.

use search_core::{Budget, Evaluator, Game, SearchError};

use crate::builder::builder_methods;
use crate::two_player::result::SearchResult;
use crate::two_player::textbook;

/// Plain minimax with an evaluator at the depth horizon.
///
/// Scores are from the side to move at the root; decisive scores count plies from the root
/// (`win in 3`: the root player wins with its second move), exactly as every engine of the
/// crate reports them.
///
/// ```
/// use adversarial::Minimax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Budget, Score};
///
/// let r = Minimax::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// assert_eq!(r.score, Some(Score::DRAW));
/// assert_eq!(r.stats.nodes, 549_946); // every node of the game tree
/// ```
#[derive(Clone, Debug)]
pub struct Minimax<E> {
    eval: E,
    budget: Budget,
}

impl<E> Minimax<E> {
    /// The depth searched unless [`with_budget`](Minimax::with_budget) says otherwise.
    pub(crate) const DEFAULT_DEPTH: u32 = 8;

    /// A minimax engine with evaluator `eval`.
    ///
    /// ```
    /// let m = adversarial::Minimax::new(games::OpenLines);
    /// # let _ = m;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Minimax {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }

    builder_methods! {
        /// The budget of every search (default: depth
        /// 8): depth, nodes, time and stop flag; without
        /// a depth limit the search goes to the end of the game. An iteration limit is refused
        /// when the search starts ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)):
        /// give a depth.
        ///
        /// ```
        /// use adversarial::Minimax;
        /// use search_core::Budget;
        /// let e = Minimax::new(games::OpenLines).with_budget(Budget::depth(3));
        /// assert_eq!(e.budget().max_depth(), Some(3));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The budget of every search.
        ///
        /// ```
        /// assert_eq!(adversarial::Minimax::new(games::OpenLines).budget().max_depth(), Some(8));
        /// ```
        budget() -> &Budget = budget;
    }

    /// Searches every line of `state` to the budget's depth (to the end of the game
    /// without a depth limit). Node and time limits and the stop flag interrupt it: the
    /// result is then marked incomplete, has no score, and its move is the best of the root
    /// moves finished.
    ///
    /// # Errors
    /// [`SearchError::GameOver`], [`SearchError::Budget`] (an invalid budget, or one with
    /// an iteration limit), and
    /// [`SearchError::NoLegalMoves`] for an ongoing state without legal moves, at the root
    /// or anywhere in the tree. (Written from the root player's point of view, minimax does
    /// not need the turn to pass with every move, so it does not check that.)
    ///
    /// ```
    /// use adversarial::Minimax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, Score};
    /// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    /// let r = Minimax::new(OpenLines).with_budget(Budget::depth(3)).search(&g).unwrap();
    /// assert_eq!((r.best_move, r.score), (2, Some(Score::win_in(1))));
    /// ```
    pub fn search<G>(&self, state: &G) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
    {
        textbook::search::<G, E, false>(
            &self.eval,
            &self.budget,
            "Minimax",
            "use a depth: Minimax searches one depth once",
            state,
        )
    }
}
