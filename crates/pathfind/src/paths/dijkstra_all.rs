//! Dijkstra's algorithm without a single goal: the cheapest path to every reachable state
//! ([`dijkstra_all`]), or to every state cheaper than the first one where a condition holds
//! ([`dijkstra_partial`]), returned as a [`ShortestPaths`] tree.

use core::hash::Hash;

use fxhash::FxHashMap;
use search_core::{Budget, Cost, Stats};

use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::result::{Limit, Path, PathOutcome, SearchResult};
use crate::engine::slots::{HashSlots, NONE};
use crate::graph::context::SearchContext;

/// The cheapest paths from the starts to every state a Dijkstra search settled: each
/// state's cost and the predecessor on its cheapest path (a shortest-path tree), built by
/// [`dijkstra_all`] and [`dijkstra_partial`].
///
/// Only *settled* states are in the tree (taken from the open list, so their cost is
/// final); states that were generated but not settled when the search stopped are not.
///
/// ```
/// use pathfind::dijkstra_all;
/// use search_core::Budget;
/// // 0 -> 1 costs 4, 0 -> 2 costs 1, 2 -> 1 costs 1.
/// let succ = |&n: &u8| match n {
///     0 => vec![(1, 4u32), (2, 1)],
///     2 => vec![(1, 1)],
///     _ => vec![],
/// };
/// let tree = dijkstra_all([0u8], succ, &Budget::new()).unwrap();
/// assert_eq!(tree.len(), 3);
/// assert_eq!(tree.cost(&1), Some(2));
/// assert_eq!(tree.parent(&1), Some(&2));
/// assert_eq!(tree.path_to(&1).unwrap().nodes, [0, 2, 1]);
/// assert_eq!(tree.limit, None);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ShortestPaths<N, C> {
    nodes: Vec<N>,
    costs: Vec<C>,
    parents: Vec<u32>,
    index: FxHashMap<N, u32>,
    /// The state where the stop condition of [`dijkstra_partial`] held (the search ended
    /// there; it is in the tree). `None` for [`dijkstra_all`], or if no state met it.
    pub stopped_at: Option<N>,
    /// The bound that stopped the search before every reachable state was settled (the
    /// tree then holds the states settled so far), or `None`.
    pub limit: Option<Limit>,
    /// What the search did: `nodes` states expanded, `leaves` states generated.
    pub stats: Stats,
}

impl<N: Clone + Eq + Hash, C: Cost> ShortestPaths<N, C> {
    /// Collects the settled states of a finished best-first search (`found`: the slot it
    /// stopped at, settled too).
    pub(crate) fn from_nodes(
        nodes: &Nodes<N, C, HashSlots<N>>,
        result: SearchResult<N, C>,
        found: Option<N>,
    ) -> Self {
        let states = nodes.slots.nodes();
        let found_slot = found
            .as_ref()
            .and_then(|f| (0..states.len()).find(|&i| nodes.seen(i).is_some() && states[i] == *f));
        let mut new_index = vec![NONE; states.len()];
        let mut tree = ShortestPaths {
            nodes: Vec::new(),
            costs: Vec::new(),
            parents: Vec::new(),
            index: FxHashMap::default(),
            stopped_at: found,
            limit: match result.outcome {
                PathOutcome::LimitReached(l) => Some(l),
                _ => None,
            },
            stats: result.stats,
        };
        for (i, n) in states.iter().enumerate() {
            let Some(d) = nodes.seen(i) else { continue };
            if !(d.closed || Some(i) == found_slot) {
                continue;
            }
            let k = tree.nodes.len() as u32;
            new_index[i] = k;
            tree.nodes.push(n.clone());
            tree.costs.push(d.g);
            tree.parents.push(d.parent);
            tree.index.insert(n.clone(), k);
        }
        // Parents were slots of the search; a settled state's parent is settled and
        // numbered before it (it was met first).
        for p in &mut tree.parents {
            if *p != NONE {
                *p = new_index[*p as usize];
            }
        }
        tree
    }

    /// The number of settled states.
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([0u8], |&n| if n < 5 { vec![(n + 1, 1u32)] } else { vec![] },
    ///                         &Budget::new()).unwrap();
    /// assert_eq!(tree.len(), 6);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// `true` if no state was settled (no starts were given).
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let none: [u8; 0] = [];
    /// assert!(dijkstra_all(none, |_| [(0u8, 1u32)], &Budget::new()).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The cost of the cheapest path to `state`, if it was settled.
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([0i32], |&n| [(n + 1, 2u32)].into_iter().filter(|&(m, _)| m < 4),
    ///                         &Budget::new()).unwrap();
    /// assert_eq!((tree.cost(&3), tree.cost(&4)), (Some(6), None));
    /// ```
    #[must_use]
    pub fn cost(&self, state: &N) -> Option<C> {
        self.index.get(state).map(|&i| self.costs[i as usize])
    }

    /// The predecessor of `state` on its cheapest path (`None` for a start or a state not
    /// settled).
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([0u8], |&n| if n < 2 { vec![(n + 1, 1u32)] } else { vec![] },
    ///                         &Budget::new()).unwrap();
    /// assert_eq!((tree.parent(&2), tree.parent(&0)), (Some(&1), None));
    /// ```
    #[must_use]
    pub fn parent(&self, state: &N) -> Option<&N> {
        let i = *self.index.get(state)? as usize;
        let p = self.parents[i];
        (p != NONE).then(|| &self.nodes[p as usize])
    }

    /// The cheapest path from a start to `state`, if it was settled.
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([1u32], |&n| [(n * 2, 1u32), (n + 1, 1)].into_iter()
    ///                         .filter(|&(m, _)| m <= 20), &Budget::new()).unwrap();
    /// assert_eq!(tree.path_to(&20).unwrap().nodes, [1, 2, 4, 5, 10, 20]);
    /// ```
    #[must_use]
    pub fn path_to(&self, state: &N) -> Option<Path<N, C>> {
        let mut i = *self.index.get(state)?;
        let cost = self.costs[i as usize];
        let mut nodes = Vec::new();
        while i != NONE {
            nodes.push(self.nodes[i as usize].clone());
            i = self.parents[i as usize];
        }
        nodes.reverse();
        Some(Path { nodes, cost })
    }

    /// Every settled state with its cost, in the order the search first met them.
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([0u8], |&n| if n < 2 { vec![(n + 1, 3u32)] } else { vec![] },
    ///                         &Budget::new()).unwrap();
    /// let all: Vec<(u8, u32)> = tree.iter().map(|(n, c)| (*n, c)).collect();
    /// assert_eq!(all, [(0, 0), (1, 3), (2, 6)]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&N, C)> + '_ {
        self.nodes.iter().zip(self.costs.iter().copied())
    }

    /// Every settled state with its predecessor and cost, as `pathfinding`'s `dijkstra_all`
    /// returns them (the starts, which have no predecessor, are left out).
    ///
    /// ```
    /// use pathfind::dijkstra_all;
    /// use search_core::Budget;
    /// let tree = dijkstra_all([0u8], |&n| if n < 2 { vec![(n + 1, 3u32)] } else { vec![] },
    ///                         &Budget::new()).unwrap();
    /// let map = tree.to_parent_map();
    /// assert_eq!(map[&2], (1, 6));
    /// assert!(!map.contains_key(&0));
    /// ```
    #[must_use]
    pub fn to_parent_map(&self) -> FxHashMap<N, (N, C)> {
        (0..self.nodes.len())
            .filter(|&i| self.parents[i] != NONE)
            .map(|i| {
                let p = self.nodes[self.parents[i] as usize].clone();
                (self.nodes[i].clone(), (p, self.costs[i]))
            })
            .collect()
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Dijkstra's algorithm from `starts` to every reachable state (within the budget and
    /// the cost bound): see [`dijkstra_all`].
    ///
    /// # Errors
    /// A negative step cost, a cost overflow, too many states or an unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new().with_max_cost(3u32);
    /// let tree = ctx.dijkstra_all([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)]).unwrap();
    /// assert_eq!(tree.len(), 7); // -3..=3
    /// ```
    pub fn dijkstra_all<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
    ) -> Result<ShortestPaths<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        self.dijkstra_partial(starts, successors, |_| false)
    }

    /// Dijkstra's algorithm from `starts` until the first state taken from the open list
    /// where `stop` holds: see [`dijkstra_partial`].
    ///
    /// # Errors
    /// A negative step cost, a cost overflow, too many states or an unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let tree = ctx.dijkstra_partial([0u32], |&n| [(n + 1, 1u32)], |&n| n == 4).unwrap();
    /// assert_eq!((tree.stopped_at, tree.len()), (Some(4), 5));
    /// ```
    pub fn dijkstra_partial<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        stop: impl FnMut(&N) -> bool,
    ) -> Result<ShortestPaths<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        let result = self.dijkstra(starts, successors, stop)?;
        let found = result.path().and_then(|p| p.nodes.last().cloned());
        Ok(ShortestPaths::from_nodes(self.nodes(), result, found))
    }
}

/// The cheapest path from the nearest of `starts` to every reachable state, with a fresh
/// [`SearchContext`] (like `pathfinding`'s `dijkstra_all`, from one or many starts). A
/// budget that runs out leaves the tree with the states settled so far and sets its
/// [`limit`](ShortestPaths::limit).
///
/// # Errors
/// A negative step cost, a cost overflow, too many states or an unusable budget.
///
/// ```
/// use pathfind::{dijkstra_all, Limit};
/// use search_core::{Budget, BudgetField};
/// let line = |&n: &u32| [(n + 1, 1u32)];
/// let tree = dijkstra_all([0u32], line, &Budget::nodes(10)).unwrap();
/// assert_eq!(tree.limit, Some(Limit::Budget(BudgetField::Nodes)));
/// assert_eq!(tree.len(), 10);
/// ```
pub fn dijkstra_all<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    budget: &Budget,
) -> Result<ShortestPaths<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).dijkstra_all(starts, successors)
}

/// Dijkstra's algorithm from `starts` until the first state taken from the open list where
/// `stop` holds, with a fresh [`SearchContext`] (like `pathfinding`'s `dijkstra_partial`):
/// the tree holds every state cheaper than it (and it, in
/// [`stopped_at`](ShortestPaths::stopped_at)).
///
/// # Errors
/// A negative step cost, a cost overflow, too many states or an unusable budget.
///
/// ```
/// use pathfind::dijkstra_partial;
/// use search_core::Budget;
/// // The nearest multiple of 7 above 20, by steps of +1 (cost 1) or *2 (cost 3).
/// let tree = dijkstra_partial([20u32], |&n| [(n + 1, 1u32), (n * 2, 3)],
///                             |&n| n > 20 && n % 7 == 0, &Budget::new()).unwrap();
/// assert_eq!(tree.stopped_at, Some(21));
/// assert_eq!(tree.cost(&21), Some(1));
/// ```
pub fn dijkstra_partial<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    stop: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<ShortestPaths<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).dijkstra_partial(starts, successors, stop)
}
