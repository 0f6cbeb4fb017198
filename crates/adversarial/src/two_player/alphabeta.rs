//! [`AlphaBeta`]: textbook alpha-beta pruning (fail-soft), in the `max-value` / `min-value`
//! form of the Berkeley CS188 course notes: minimax's value with far fewer nodes.
//!
//! No table, no ordering beyond the game's generation order, no hooks: the plain algorithm,
//! kept for teaching and as a second reference. It runs the walk of `textbook.rs` with
//! pruning switched on, the walk [`Minimax`](crate::Minimax) runs with it off.
//! [`Negamax`](crate::Negamax) is the same pruning with everything that makes it fast.

use search_core::{Budget, Evaluator, Game, SearchError};

use crate::builder::builder_methods;
use crate::two_player::result::SearchResult;
use crate::two_player::textbook;

/// Fail-soft alpha-beta to a fixed depth, from the root player's point of view.
///
/// ```
/// use adversarial::{AlphaBeta, Minimax};
/// use games::{OpenLines, TicTacToe};
/// use search_core::Budget;
///
/// let full = Minimax::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// let pruned = AlphaBeta::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// assert_eq!(full.score, pruned.score);
/// assert!(pruned.stats.nodes < full.stats.nodes / 10);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E> {
    eval: E,
    budget: Budget,
}

impl<E> AlphaBeta<E> {
    /// The depth searched unless [`with_budget`](AlphaBeta::with_budget) says otherwise.
    pub(crate) const DEFAULT_DEPTH: u32 = 8;

    /// An alpha-beta engine with evaluator `eval`.
    ///
    /// ```
    /// let a = adversarial::AlphaBeta::new(games::OpenLines);
    /// # let _ = a;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        AlphaBeta {
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
        /// use adversarial::AlphaBeta;
        /// use search_core::Budget;
        /// let e = AlphaBeta::new(games::OpenLines).with_budget(Budget::depth(3));
        /// assert_eq!(e.budget().max_depth(), Some(3));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The budget of every search.
        ///
        /// ```
        /// assert_eq!(adversarial::AlphaBeta::new(games::OpenLines).budget().max_depth(), Some(8));
        /// ```
        budget() -> &Budget = budget;
    }

    /// Searches `state` to the budget's depth (to the end without a depth limit); node and
    /// time limits and the stop flag interrupt it (the result is then incomplete, without a
    /// score).
    ///
    /// # Errors
    /// [`SearchError::GameOver`], [`SearchError::Budget`] (an invalid budget, or one with
    /// an iteration limit); for a broken game, wherever the
    /// search meets it, [`SearchError::NoLegalMoves`] (an ongoing state without moves).
    /// Games with extra turns are searched as they are: each node is `max-value` or
    /// `min-value` by whose turn it is, not by its depth.
    ///
    /// ```
    /// use adversarial::AlphaBeta;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// // O threatens 3-4-5; X to move must block at 5 (it cannot win at once).
    /// let g: TicTacToe = "X.. OO. X..".parse().unwrap();
    /// let r = AlphaBeta::new(OpenLines).with_budget(Budget::depth(4)).search(&g).unwrap();
    /// assert_eq!(r.best_move, 5);
    /// ```
    pub fn search<G>(&self, state: &G) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
    {
        textbook::search::<G, E, true>(
            &self.eval,
            &self.budget,
            "AlphaBeta",
            "use a depth: AlphaBeta searches one depth once",
            state,
        )
    }
}
