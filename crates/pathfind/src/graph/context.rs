//! [`SearchContext`]: the engine of the searches over any hashable state, with its
//! configuration (a budget, a cost bound, threads for batches) and the buffers it reuses
//! from one query to the next.
//!
//! Successor functions return anything iterable: `(state, step cost)` pairs for the
//! cost-aware searches, bare states for BFS, DFS and IDDFS (whose cost is the number of
//! steps, as a `usize`). A context's run methods take the start states (one or many) and the
//! closures; its [`Budget`] and cost bound are set with `with_budget` and `with_max_cost`.
//! Each algorithm's module adds its run methods to the context, and a function of the same
//! name that runs it once on a fresh context, taking the [`Budget`] as its last argument.

use core::hash::Hash;

use search_core::{Budget, Cost};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::result::{Outcome, SearchResult};
use crate::engine::run::Run;
use crate::engine::settings::Settings;
use crate::engine::slots::HashSlots;

/// The search engine over any hashable state type `N` with cost type `C`: its
/// configuration (a [`Budget`], a cost bound, a number of threads for batches) and its
/// reusable buffers. Keeping one context for many queries avoids reallocating the hash map,
/// the per-state arrays and the open list each time.
///
/// Configure it with `with_*` methods, then run any algorithm on it; every run obeys the
/// budget and the cost bound:
///
/// ```
/// use pathfind::{Limit, Outcome, SearchContext};
/// use search_core::{Budget, BudgetField};
/// let mut ctx = SearchContext::new().with_budget(Budget::nodes(1_000)).with_max_cost(50u32);
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 1u32)], |&n| n == 40).unwrap();
/// assert_eq!(r.cost(), Some(40));
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 1u32)], |&n| n == 60).unwrap();
/// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
/// // Free steps never reach the cost bound; the node limit ends this search.
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 0u32)], |_| false).unwrap();
/// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
/// ```
///
/// ```
/// use pathfind::SearchContext;
/// let mut ctx = SearchContext::new();
/// for (target, steps) in [(10u32, 4u32), (20, 5), (30, 7)] {
///     let r = ctx
///         .astar([1u32], |&n| [(n + 1, 1u32), (n * 2, 1)], |_| 0, |&n| n == target)
///         .unwrap();
///     assert_eq!(r.cost(), Some(steps));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct SearchContext<N, C> {
    pub(crate) engine: Engine<N, C, HashSlots<N>>,
    pub(crate) settings: Settings<C>,
}

impl<N: Clone + Eq + Hash, C: Cost> Default for SearchContext<N, C> {
    fn default() -> Self {
        SearchContext {
            engine: Engine::default(),
            settings: Settings::default(),
        }
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// An empty context.
    ///
    /// ```
    /// let ctx = pathfind::SearchContext::<(i32, i32), u32>::new();
    /// # drop(ctx);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Bounds every search run with this context: `depth` is the longest path in steps,
    /// `nodes` the number of states expanded, then a time limit and a stop flag (read every
    /// [`POLL_INTERVAL`](crate::POLL_INTERVAL) expansions). A search stopped by one ends
    /// with [`Outcome::LimitReached`](crate::Outcome::LimitReached) naming the field.
    /// `iterations` means nothing to a path search: a budget that sets it makes every run
    /// fail with [`PathError::Budget`] (`BudgetError::Unsupported`), as do a zero limit and a
    /// time limit too large for the clock.
    ///
    /// ```
    /// use pathfind::{Limit, Outcome, PathError, SearchContext};
    /// use search_core::{Budget, BudgetError, BudgetField};
    /// let mut ctx = SearchContext::new().with_budget(Budget::depth(3));
    /// let r = ctx.bfs([0u32], |&n| [n + 1], |&n| n == 5).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Budget(BudgetField::Depth)));
    /// let mut ctx = SearchContext::new().with_budget(Budget::iterations(10));
    /// let err = ctx.bfs([0u32], |&n| [n + 1], |&n| n == 5).unwrap_err();
    /// assert!(matches!(
    ///     err,
    ///     PathError::Budget(BudgetError::Unsupported { field: BudgetField::Iterations, .. })
    /// ));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.settings.budget = budget;
        self
    }

    /// Bounds the path cost: states whose path cost would exceed `max_cost` are not
    /// generated, so a returned path never costs more; a search that pruned some and found
    /// nothing ends with [`Outcome::LimitReached`](crate::Outcome::LimitReached)`(`[`Limit::Cost`](crate::Limit::Cost)`)`.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let ctx = SearchContext::<u8, u32>::new().with_max_cost(7);
    /// assert_eq!(ctx.max_cost(), Some(7));
    /// ```
    #[must_use]
    pub fn with_max_cost(mut self, max_cost: C) -> Self {
        self.settings.max_cost = Some(max_cost);
        self
    }

    /// Caps the memory of this context's searches at `bytes`: the states a search knows
    /// (their table and per-state data), its open list, queue or stack, and its other
    /// buffers, measured by their capacities whenever the clock is looked at (about every
    /// quarter of a millisecond, at most every [`POLL_INTERVAL`](crate::POLL_INTERVAL)
    /// expansions). A search stops with
    /// [`Outcome::LimitReached`](crate::Outcome::LimitReached)`(`[`Limit::Memory`](crate::Limit::Memory)`)`
    /// once they hold more than half the cap, since each of them may double before the
    /// next look: what the search holds stays under the cap. With
    /// [`with_threads`](Self::with_threads) the cap is shared: each thread's searches get
    /// an equal part. Memory the states themselves point to (a `Vec` inside a state) is
    /// not seen; only their own size counts.
    ///
    /// ```
    /// use pathfind::{Limit, Outcome, SearchContext};
    /// // An endless line of states: only a limit stops the search.
    /// let mut ctx = SearchContext::new().with_memory_cap(1 << 20);
    /// let r = ctx.bfs([0u64], |&n| [n + 1], |_| false).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Memory));
    /// assert_eq!(ctx.memory_cap(), Some(1 << 20));
    /// ```
    #[must_use]
    pub fn with_memory_cap(mut self, bytes: u64) -> Self {
        self.settings.memory_cap = Some(bytes);
        self
    }

    /// The memory cap, if any (see [`with_memory_cap`](Self::with_memory_cap)).
    ///
    /// ```
    /// assert_eq!(pathfind::SearchContext::<u8, u32>::new().memory_cap(), None);
    /// ```
    #[must_use]
    pub fn memory_cap(&self) -> Option<u64> {
        self.settings.memory_cap
    }

    /// How many threads [`solve_all`](Self::solve_all) runs its problems on (default 1).
    /// Each thread has its own buffers; the results are the same as solving the problems
    /// one by one. 0 makes `solve_all` fail with [`PathError::ZeroThreads`].
    ///
    /// ```
    /// let ctx = pathfind::SearchContext::<u8, u32>::new().with_threads(4);
    /// assert_eq!(ctx.threads(), 4);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.settings.threads = threads;
        self
    }

    /// The budget of every search.
    ///
    /// ```
    /// use search_core::Budget;
    /// let ctx = pathfind::SearchContext::<u8, u32>::new().with_budget(Budget::nodes(9));
    /// assert_eq!(ctx.budget().max_nodes(), Some(9));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.settings.budget
    }

    /// The cost bound, if any.
    ///
    /// ```
    /// assert_eq!(pathfind::SearchContext::<u8, u32>::new().max_cost(), None);
    /// ```
    #[must_use]
    pub fn max_cost(&self) -> Option<C> {
        self.settings.max_cost
    }

    /// The number of threads of [`solve_all`](Self::solve_all).
    ///
    /// ```
    /// assert_eq!(pathfind::SearchContext::<u8, u32>::new().threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.settings.threads
    }

    /// A fresh context bounded by `budget`: what the one-query functions run on.
    pub(crate) fn bounded(budget: &Budget) -> Self {
        let mut ctx = Self::new().with_budget(budget.clone());
        ctx.settings.one_query = true;
        ctx
    }

    /// The states and per-state data of the last search.
    pub(crate) fn nodes(&self) -> &Nodes<N, C, HashSlots<N>> {
        &self.engine.nodes
    }

    /// Sets [`SearchResult::best_so_far`] of a heuristic search that a limit stopped: the
    /// path to the expanded state with the lowest heuristic value, ties to the lowest cost.
    pub(crate) fn with_best_so_far(&self, r: SearchResult<N, C>) -> SearchResult<N, C> {
        add_best_so_far(&self.engine, r)
    }

    /// Checks the budget and starts the clock of one search.
    pub(crate) fn run(&self) -> Result<Run<C>, PathError> {
        self.settings.run(|c| c)
    }
}

/// When a limit stopped the search whose states `engine` holds, names the best progress
/// made in `r` ([`SearchResult::best_so_far`]): the path to the expanded state with the
/// lowest heuristic value (then the lowest cost), which the search kept as it went
/// ([`Engine::nearest`]), so that a stopped search returns without calling the heuristic
/// again on every state it expanded.
pub(crate) fn add_best_so_far<N: Clone + Eq + Hash, C: Cost>(
    engine: &Engine<N, C, HashSlots<N>>,
    mut r: SearchResult<N, C>,
) -> SearchResult<N, C> {
    if matches!(r.outcome, Outcome::LimitReached(_)) {
        r.best_so_far = engine
            .nearest
            .map(|(_, _, slot)| engine.nodes.path_to(slot));
    }
    r
}
