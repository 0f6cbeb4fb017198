//! What every search returns: [`SearchResult`] (the [`PathOutcome`] and the statistics), and
//! why a search stopped early ([`Limit`]).

use core::fmt;

use search_core::{BudgetField, Cost, Stats};

/// The most expansions that pass between two looks at the clock and the stop flag of a
/// [`Budget`](search_core::Budget): the clock and the flag are looked at when a
/// [`ClockPacer`](search_core::ClockPacer) says so, about every
/// [`ClockPacer::TARGET`](search_core::ClockPacer::TARGET) of search and at most this many
/// expansions apart. Without a time limit or a flag the clock is never read.
pub(crate) const POLL_INTERVAL: u64 = 256;

/// Which bound stopped a search: a field of the [`Budget`](search_core::Budget), or the
/// cost bound of a context (`with_max_cost`).
///
/// * `Budget(BudgetField::Depth)`: the depth limit (longest path, in steps) pruned at least
///   one state and nothing else was left to search.
/// * `Budget(BudgetField::Nodes)`: the node limit (states expanded) was reached.
/// * `Budget(BudgetField::Time)`: the time limit ran out.
/// * `Budget(BudgetField::Stop)`: the stop flag was set.
/// * `Cost`: the cost bound pruned at least one state and nothing else was left to search.
/// * `Memory`: the search's structures reached half its memory cap (`with_memory_cap`).
///
/// ```
/// use pathfind::Limit;
/// use search_core::BudgetField;
/// assert_eq!(Limit::Budget(BudgetField::Nodes).to_string(), "the nodes limit");
/// assert_eq!(Limit::Cost.to_string(), "the cost bound");
/// assert_eq!(Limit::Memory.to_string(), "the memory cap");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// A limit of the search's [`Budget`](search_core::Budget).
    Budget(BudgetField),
    /// The cost bound set with `with_max_cost`.
    Cost,
    /// The memory cap set with `with_memory_cap`: the search stopped before its
    /// structures (the states it knows, its open list, its buffers) could grow past it.
    Memory,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Budget(field) => write!(f, "the {field} limit"),
            Limit::Cost => f.write_str("the cost bound"),
            Limit::Memory => f.write_str("the memory cap"),
        }
    }
}

/// A path from a start to a goal, both included, and its cost. `Display` shows the cost,
/// the number of steps and the states.
///
/// ```
/// let p = pathfind::Path { nodes: vec![1, 2, 3], cost: 2u32 };
/// assert_eq!(p.steps(), 2);
/// assert_eq!(p.to_string(), "cost 2 in 2 steps: 1 -> 2 -> 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path<N, C> {
    /// The states of the path, start first, goal last.
    pub nodes: Vec<N>,
    /// The sum of the step costs along the path.
    pub cost: C,
}

impl<N, C> Path<N, C> {
    /// The number of steps (moves) of the path: one less than the number of states.
    ///
    /// ```
    /// assert_eq!(pathfind::Path { nodes: vec!['a'], cost: 0u8 }.steps(), 0);
    /// ```
    #[must_use]
    pub fn steps(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }
}

impl<N: fmt::Debug, C: fmt::Display> fmt::Display for Path<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cost {} in {} steps:", self.cost, self.steps())?;
        for (i, n) in self.nodes.iter().enumerate() {
            let sep = if i == 0 { " " } else { " -> " };
            write!(f, "{sep}{n:?}")?;
        }
        Ok(())
    }
}

/// How a path search ended: a path found, no path, or a limit that stopped it (the
/// outcome of a game is another thing, [`search_core::Outcome`]).
///
/// ```
/// use pathfind::{Limit, Path, PathOutcome};
/// let found = PathOutcome::Found(Path { nodes: vec![0u8, 1], cost: 1u32 });
/// assert_ne!(found, PathOutcome::NoPath);
/// assert_ne!(found, PathOutcome::LimitReached(Limit::Cost));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathOutcome<N, C> {
    /// A path to a goal.
    Found(Path<N, C>),
    /// Every reachable state was searched and none is a goal: there is no path.
    NoPath,
    /// A bound (of the budget, or the cost bound) stopped the search before it could decide.
    LimitReached(Limit),
}

impl<N, C: fmt::Display> fmt::Display for PathOutcome<N, C> {
    /// `found (cost 3, 2 steps)`, `no path`, or `stopped by the nodes limit`.
    ///
    /// ```
    /// use pathfind::{Limit, PathOutcome, Path};
    /// let found = PathOutcome::Found(Path { nodes: vec![0u8, 1, 2], cost: 3u32 });
    /// assert_eq!(found.to_string(), "found (cost 3, 2 steps)");
    /// assert_eq!(PathOutcome::<u8, u32>::NoPath.to_string(), "no path");
    /// assert_eq!(PathOutcome::<u8, u32>::LimitReached(Limit::Cost).to_string(),
    ///            "stopped by the cost bound");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathOutcome::Found(p) => write!(f, "found (cost {}, {} steps)", p.cost, p.steps()),
            PathOutcome::NoPath => f.write_str("no path"),
            PathOutcome::LimitReached(l) => write!(f, "stopped by {l}"),
        }
    }
}

/// The result of a search: how it ended, the [`Stats`] every engine of the workspace
/// reports, and what is a path search's own (the largest frontier, reopened states).
///
/// The [`Stats`] fields mean for a path search:
///
/// | field | counts |
/// |---|---|
/// | `nodes` | states expanded (their successors generated): what `Budget::nodes` bounds |
/// | `leaves` | states generated: successors produced (every edge looked at) |
/// | `iterations` | deepening iterations of IDA* and IDDFS; 0 for the other algorithms |
/// | `depth_reached`, `max_ply` | steps of the path found (0 without one) |
/// | `elapsed` | wall-clock time of the search |
///
/// `Display` gives one line: the outcome, then the statistics.
///
/// ```
/// use pathfind::bfs;
/// use search_core::Budget;
/// let r = bfs([1u32], |&n| [n + 1, n * 2], |&n| n == 6, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 2, 3, 6]);
/// assert_eq!(r.cost(), Some(3));
/// assert!(r.stats.nodes >= 3);
/// assert_eq!(r.stats.depth_reached, 3);
/// assert!(r.to_string().starts_with("found (cost 3, 3 steps): "));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<N, C> {
    /// Found, no path, or stopped by a limit.
    pub outcome: PathOutcome<N, C>,
    /// What the search did (see the table above).
    pub stats: Stats,
    /// Largest size of the frontier: the open list (priority queue entries, stale ones
    /// included) for best-first searches, the queue for BFS, the stack for DFS, the stored
    /// successors along the current path for IDDFS and IDA*.
    pub max_frontier: usize,
    /// Closed states reopened because a cheaper path reached them (A* and Dijkstra with an
    /// inconsistent heuristic).
    pub reopened: u64,
    /// The best progress of a heuristic search that a limit stopped: when A*, weighted A*
    /// or greedy best-first search over closures or a problem ends with
    /// [`PathOutcome::LimitReached`], the path to the
    /// expanded state with the lowest heuristic value (ties: the lowest cost). It is **not
    /// an answer**: it does not reach a goal and is not known to be the cheapest way to
    /// where it ends. `None` for every other outcome and algorithm.
    ///
    /// ```
    /// use pathfind::{astar, PathOutcome};
    /// use search_core::Budget;
    /// let goal = 100i32;
    /// let r = astar([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)], |&n| (goal - n).unsigned_abs(),
    ///               |&n| n == goal, &Budget::nodes(10)).unwrap();
    /// assert!(matches!(r.outcome, PathOutcome::LimitReached(_)));
    /// assert_eq!(r.best_so_far.unwrap().nodes, (0..10).collect::<Vec<_>>());
    /// ```
    pub best_so_far: Option<Path<N, C>>,
}

impl<N, C: Cost> SearchResult<N, C> {
    /// The path, if one was found.
    ///
    /// ```
    /// use pathfind::dijkstra;
    /// use search_core::Budget;
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Budget::new()).unwrap();
    /// assert_eq!(r.path().map(|p| p.nodes.len()), Some(3));
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&Path<N, C>> {
        match &self.outcome {
            PathOutcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The path, if one was found, by value.
    ///
    /// ```
    /// use pathfind::dijkstra;
    /// use search_core::Budget;
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Budget::new()).unwrap();
    /// assert_eq!(r.into_path().unwrap().nodes, [0, 1, 2]);
    /// ```
    #[must_use]
    pub fn into_path(self) -> Option<Path<N, C>> {
        match self.outcome {
            PathOutcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The cost of the path, if one was found.
    ///
    /// ```
    /// use pathfind::dijkstra;
    /// use search_core::Budget;
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Budget::new()).unwrap();
    /// assert_eq!(r.cost(), Some(10));
    /// ```
    #[must_use]
    pub fn cost(&self) -> Option<C> {
        self.path().map(|p| p.cost)
    }

    /// `true` if a path was found.
    ///
    /// ```
    /// use pathfind::bfs;
    /// use search_core::Budget;
    /// let r = bfs([0u8], |_| [], |&n| n == 1, &Budget::new()).unwrap();
    /// assert!(!r.is_found());
    /// ```
    #[must_use]
    pub fn is_found(&self) -> bool {
        matches!(self.outcome, PathOutcome::Found(_))
    }

    /// The same result with the path converted by `f` (the grid searches number cells
    /// and count fixed-point costs while they search).
    pub(crate) fn map_path<M, D>(
        self,
        mut f: impl FnMut(Path<N, C>) -> Path<M, D>,
    ) -> SearchResult<M, D> {
        let best_so_far = self.best_so_far.map(&mut f);
        let outcome = match self.outcome {
            PathOutcome::Found(p) => PathOutcome::Found(f(p)),
            PathOutcome::NoPath => PathOutcome::NoPath,
            PathOutcome::LimitReached(l) => PathOutcome::LimitReached(l),
        };
        SearchResult {
            outcome,
            stats: self.stats,
            max_frontier: self.max_frontier,
            reopened: self.reopened,
            best_so_far,
        }
    }
}

impl<N, C: fmt::Display> fmt::Display for SearchResult<N, C> {
    /// The outcome, then the [`Stats`] line and the largest frontier.
    ///
    /// ```
    /// use pathfind::bfs;
    /// use search_core::Budget;
    /// let r = bfs([0u8], |&n| [n + 1], |&n| n == 2, &Budget::new()).unwrap();
    /// let line = r.to_string();
    /// assert!(line.starts_with("found (cost 2, 2 steps): 2 nodes in "), "{line}");
    /// assert!(line.ends_with(", depth 2 (max ply 2), frontier 1"), "{line}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}, frontier {}",
            self.outcome, self.stats, self.max_frontier
        )?;
        if self.reopened > 0 {
            write!(f, ", {} reopened", self.reopened)?;
        }
        Ok(())
    }
}
