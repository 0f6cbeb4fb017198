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
use crate::engine::result::{PathOutcome, SearchResult};
use crate::engine::run::Run;
use crate::engine::settings::{Settings, settings_builders};
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
/// use pathfind::{Limit, PathOutcome, SearchContext};
/// use search_core::{Budget, BudgetField};
/// let mut ctx = SearchContext::new().with_budget(Budget::nodes(1_000)).with_max_cost(50u32);
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 1u32)], |&n| n == 40).unwrap();
/// assert_eq!(r.cost(), Some(40));
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 1u32)], |&n| n == 60).unwrap();
/// assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
/// // Free steps never reach the cost bound; the node limit ends this search.
/// let r = ctx.dijkstra([0u32], |&n| [(n + 1, 0u32)], |_| false).unwrap();
/// assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
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

    settings_builders!(
        C,
        r#"```
use pathfind::{Limit, PathError, PathOutcome, SearchContext};
use search_core::{Budget, BudgetError, BudgetField};
let mut ctx = SearchContext::new().with_budget(Budget::depth(3));
let r = ctx.bfs([0u32], |&n| [n + 1], |&n| n == 5).unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth)));
let mut ctx = SearchContext::new().with_budget(Budget::iterations(10));
let err = ctx.bfs([0u32], |&n| [n + 1], |&n| n == 5).unwrap_err();
assert!(matches!(
    err,
    PathError::Budget(BudgetError::Unsupported { field: BudgetField::Iterations, .. })
));
```"#,
        r#"```
use pathfind::{Limit, PathOutcome, SearchContext};
let mut ctx = SearchContext::new().with_max_cost(7u32);
let r = ctx.dijkstra([0u8], |&n| [(n + 1, 2u32)], |&n| n == 3).unwrap();
assert_eq!(r.cost(), Some(6));
let r = ctx.dijkstra([0u8], |&n| [(n + 1, 2u32)], |&n| n == 4).unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
```"#,
        r#"```
use pathfind::{Limit, PathOutcome, SearchContext};
// An endless line of states: only a limit stops the search.
let mut ctx = SearchContext::new().with_memory_cap(1 << 20);
let r = ctx.bfs([0u64], |&n| [n + 1], |_| false).unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Memory));
```"#,
        r#"```
use pathfind::{Algorithm, SearchContext, SearchProblem};
struct Line(u32);
impl SearchProblem for Line {
    type State = u32;
    type Cost = u32;
    fn start(&self) -> u32 { 0 }
    fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    fn is_goal(&self, &n: &u32) -> bool { n == self.0 }
}
let mut ctx = SearchContext::new().with_threads(4);
let problems: Vec<Line> = (0..8).map(Line).collect();
let all = ctx.solve_all(&problems, Algorithm::AStar).unwrap();
assert_eq!(all[7].cost(), Some(7));
```"#
    );

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
    if matches!(r.outcome, PathOutcome::LimitReached(_)) {
        r.best_so_far = engine
            .nearest
            .map(|(_, _, slot)| engine.nodes.path_to(slot));
    }
    r
}
