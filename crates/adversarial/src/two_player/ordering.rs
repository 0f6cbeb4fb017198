//! Move ordering: which of the moves of a node are searched first.
//!
//! Alpha-beta prunes most when the best move comes first. The engines combine four sources,
//! each of which can be switched off (to measure what it buys, or to cross-check that it
//! never changes a search's value):
//! 1. the **table move**: the best move stored in the transposition table for this position
//!    (from an earlier iteration or another branch);
//! 2. the game's own **hints** ([`Game::move_order_hint`](search_core::Game::move_order_hint));
//! 3. **killer moves**: two moves per ply that recently caused a cut-off at the same ply;
//! 4. the **history heuristic**: how often (weighted by depth²) a move caused a cut-off
//!    anywhere in the tree.
//!
//! How the searcher ranks a node's moves from these sources is `searcher/ranking.rs`.

/// Which sources of move ordering an engine uses. The default uses all of them.
///
/// ```
/// use adversarial::MoveOrdering;
/// let o = MoveOrdering::default();
/// assert!(o.table_move && o.hints && o.killers && o.history);
/// assert_eq!(MoveOrdering::none(), MoveOrdering {
///     table_move: false, hints: false, killers: false, history: false,
/// });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrdering {
    /// Search the transposition table's best move first.
    pub table_move: bool,
    /// Order by the game's [`move_order_hint`](search_core::Game::move_order_hint).
    pub hints: bool,
    /// Try the two killer moves of the ply before other moves with the same hint.
    pub killers: bool,
    /// Break remaining ties by the history heuristic.
    pub history: bool,
}

impl Default for MoveOrdering {
    fn default() -> Self {
        Self::all()
    }
}

impl MoveOrdering {
    /// Every source on.
    ///
    /// ```
    /// assert_eq!(adversarial::MoveOrdering::all(), adversarial::MoveOrdering::default());
    /// ```
    #[must_use]
    pub const fn all() -> Self {
        MoveOrdering {
            table_move: true,
            hints: true,
            killers: true,
            history: true,
        }
    }

    /// Every source off: moves are searched in the order the game generates them.
    ///
    /// ```
    /// assert!(!adversarial::MoveOrdering::none().hints);
    /// ```
    #[must_use]
    pub const fn none() -> Self {
        MoveOrdering {
            table_move: false,
            hints: false,
            killers: false,
            history: false,
        }
    }

    /// The table move and the game's hints only: the ordering of an exact solver such as
    /// Pascal Pons' Connect Four solver.
    ///
    /// ```
    /// let o = adversarial::MoveOrdering::table_and_hints();
    /// assert!(o.table_move && o.hints && !o.killers && !o.history);
    /// ```
    #[must_use]
    pub const fn table_and_hints() -> Self {
        MoveOrdering {
            table_move: true,
            hints: true,
            killers: false,
            history: false,
        }
    }
}
