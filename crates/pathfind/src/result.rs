//! What every search returns ([`SearchResult`]) and how it may be bounded ([`Limits`]).

use std::time::Duration;

use search_core::{Budget, Cost, StopFlag};

/// Bounds on a search. Every field is optional; the search stops at the first one reached
/// and reports it as [`Outcome::LimitReached`].
///
/// * `max_cost`: states whose path cost would exceed it are not generated, so a returned
///   path never costs more.
/// * `max_depth`: states more than this many steps from a start are not generated.
/// * `max_expansions`: at most this many states have their successors generated.
/// * `max_time`: the search stops once this much wall-clock time has passed since it
///   started ([`Limit::Time`]).
/// * `stop`: the search stops soon after another thread sets the flag ([`Limit::Stopped`]).
///
/// The clock and the flag are read every [`Limits::POLL_INTERVAL`] expansions, not at every
/// one, so they cost the search loop next to nothing: a search overshoots its time or
/// notices the flag within that many expansions (well under a millisecond on a grid; with
/// a successor function of your own, 256 of its calls). Without a time limit or a flag the
/// clock is never read.
///
/// ```
/// use std::time::Duration;
/// use pathfind::Limits;
/// use search_core::StopFlag;
/// let stop = StopFlag::new();
/// let limits = Limits::none()
///     .cost(100u32)
///     .depth(20)
///     .expansions(10_000)
///     .time(Duration::from_millis(50))
///     .with_stop(stop.clone());
/// assert_eq!(limits.max_cost, Some(100));
/// assert_eq!(limits.max_depth, Some(20));
/// assert_eq!(limits.max_expansions, Some(10_000));
/// assert_eq!(limits.max_time, Some(Duration::from_millis(50)));
/// assert_eq!(limits.stop, Some(stop));
/// assert_eq!(Limits::<u32>::none().max_cost, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits<C> {
    /// Largest path cost explored.
    pub max_cost: Option<C>,
    /// Largest number of steps from a start explored.
    pub max_depth: Option<u32>,
    /// Largest number of expansions.
    pub max_expansions: Option<u64>,
    /// Longest wall-clock time, counted from the start of the search (for an
    /// [`AStarStepper`](crate::AStarStepper), from its creation).
    pub max_time: Option<Duration>,
    /// A flag another thread may set to stop the search.
    pub stop: Option<StopFlag>,
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Limits {
            max_cost: None,
            max_depth: None,
            max_expansions: None,
            max_time: None,
            stop: None,
        }
    }
}

impl<C> Limits<C> {
    /// No bound: the search runs until it finds a path or runs out of states.
    ///
    /// ```
    /// let l = pathfind::Limits::<f64>::none();
    /// assert!(l.max_depth.is_none());
    /// ```
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Sets the largest path cost explored.
    ///
    /// ```
    /// assert_eq!(pathfind::Limits::none().cost(7u8).max_cost, Some(7));
    /// ```
    #[must_use]
    pub fn cost(mut self, max_cost: C) -> Self {
        self.max_cost = Some(max_cost);
        self
    }

    /// Sets the largest number of steps from a start explored.
    ///
    /// ```
    /// assert_eq!(pathfind::Limits::<u32>::none().depth(3).max_depth, Some(3));
    /// ```
    #[must_use]
    pub fn depth(mut self, max_depth: u32) -> Self {
        self.max_depth = Some(max_depth);
        self
    }

    /// Sets the largest number of expansions.
    ///
    /// ```
    /// assert_eq!(pathfind::Limits::<u32>::none().expansions(9).max_expansions, Some(9));
    /// ```
    #[must_use]
    pub fn expansions(mut self, max_expansions: u64) -> Self {
        self.max_expansions = Some(max_expansions);
        self
    }

    /// Sets the longest wall-clock time; a search stopped by it ends with
    /// [`Outcome::LimitReached`]`(`[`Limit::Time`]`)`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use pathfind::{dijkstra, Limit, Limits, Outcome};
    /// // Count up forever: only the clock ends this search.
    /// let limits = Limits::none().time(Duration::from_millis(20));
    /// let r = dijkstra([0u64], |&n| [(n + 1, 1u64)], |_| false, &limits).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Time));
    /// ```
    #[must_use]
    pub fn time(mut self, max_time: Duration) -> Self {
        self.max_time = Some(max_time);
        self
    }

    /// Attaches a stop flag; a search stopped by it ends with
    /// [`Outcome::LimitReached`]`(`[`Limit::Stopped`]`)`.
    ///
    /// ```
    /// use pathfind::{bfs, Limit, Limits, Outcome};
    /// use search_core::StopFlag;
    /// let stop = StopFlag::new();
    /// stop.stop(); // set before the search starts: it stops at its first poll
    /// let r = bfs([0u64], |&n| [n + 1], |_| false, &Limits::none().with_stop(stop)).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Stopped));
    /// assert_eq!(r.stats.expanded, 0);
    /// ```
    #[must_use]
    pub fn with_stop(mut self, stop: StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The limits a [`Budget`] of `search-core` sets: its node limit bounds the expansions,
    /// its depth limit the steps from a start, and its time limit and stop flag carry over;
    /// its iteration limit does not apply to path searches. The cost limit stays unset.
    ///
    /// ```
    /// use std::time::Duration;
    /// use pathfind::Limits;
    /// use search_core::{Budget, StopFlag};
    /// let stop = StopFlag::new();
    /// let budget = Budget::time(Duration::from_millis(100)).and_nodes(5_000).with_stop(stop.clone());
    /// let limits = Limits::<u32>::from_budget(&budget);
    /// assert_eq!(limits.max_expansions, Some(5_000));
    /// assert_eq!(limits.max_time, Some(Duration::from_millis(100)));
    /// assert_eq!(limits.stop, Some(stop));
    /// assert_eq!((limits.max_cost, limits.max_depth), (None, None));
    /// ```
    #[must_use]
    pub fn from_budget(budget: &Budget) -> Self {
        Limits {
            max_cost: None,
            max_depth: budget.max_depth(),
            max_expansions: budget.max_nodes(),
            max_time: budget.time_limit(),
            stop: budget.stop_flag().cloned(),
        }
    }
}

impl Limits<()> {
    /// How many expansions pass between two looks at the clock and the stop flag.
    ///
    /// ```
    /// assert_eq!(pathfind::Limits::POLL_INTERVAL, 256);
    /// ```
    pub const POLL_INTERVAL: u64 = 256;
}

/// Which bound of [`Limits`] stopped a search.
///
/// ```
/// use pathfind::{Limit, Outcome};
/// let o: Outcome<u32, u32> = Outcome::LimitReached(Limit::Expansions);
/// assert!(!o.is_found());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// `max_cost` pruned at least one state and nothing else was left to search.
    Cost,
    /// `max_depth` pruned at least one state and nothing else was left to search.
    Depth,
    /// `max_expansions` was reached.
    Expansions,
    /// `max_time` ran out.
    Time,
    /// The `stop` flag was set.
    Stopped,
}

/// A path from a start to a goal, both included, and its cost.
///
/// ```
/// let p = pathfind::Path { nodes: vec![1, 2, 3], cost: 2u32 };
/// assert_eq!(p.steps(), 2);
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

/// How a search ended.
///
/// ```
/// use pathfind::{Outcome, Path};
/// let found = Outcome::Found(Path { nodes: vec![0u8, 1], cost: 1u32 });
/// assert!(found.is_found());
/// assert!(!Outcome::<u8, u32>::NoPath.is_found());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<N, C> {
    /// A path to a goal.
    Found(Path<N, C>),
    /// Every reachable state was searched and none is a goal: there is no path.
    NoPath,
    /// A bound of [`Limits`] stopped the search before it could decide.
    LimitReached(Limit),
}

impl<N, C> Outcome<N, C> {
    /// `true` for [`Outcome::Found`].
    ///
    /// ```
    /// assert!(!pathfind::Outcome::<u8, u8>::NoPath.is_found());
    /// ```
    #[must_use]
    pub fn is_found(&self) -> bool {
        matches!(self, Outcome::Found(_))
    }
}

/// Counters of one search.
///
/// ```
/// let s = pathfind::SearchStats::default();
/// assert_eq!((s.expanded, s.generated, s.max_frontier), (0, 0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors produced by the successor function (every edge looked at).
    pub generated: u64,
    /// Largest size of the frontier: the open list (priority queue entries, stale ones
    /// included) for best-first searches, the queue for BFS, the stack for DFS, the stored
    /// successors along the current path for IDDFS and IDA*.
    pub max_frontier: usize,
    /// Closed states reopened because a cheaper path reached them (A* and Dijkstra with an
    /// inconsistent heuristic or negative-free but unordered costs).
    pub reopened: u64,
    /// Iterations of iterative deepening (IDDFS, IDA*); 1 for the other algorithms.
    pub iterations: u32,
}

/// The result of a search: how it ended and what it did.
///
/// ```
/// use pathfind::{bfs, Limits};
/// let r = bfs([1u32], |&n| [n + 1, n * 2], |&n| n == 6, &Limits::none()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 2, 3, 6]);
/// assert_eq!(r.cost(), Some(3));
/// assert!(r.stats.expanded >= 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<N, C> {
    /// Found, no path, or stopped by a limit.
    pub outcome: Outcome<N, C>,
    /// What the search did.
    pub stats: SearchStats,
}

impl<N, C: Cost> SearchResult<N, C> {
    /// The path, if one was found.
    ///
    /// ```
    /// use pathfind::{dijkstra, Limits};
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Limits::none()).unwrap();
    /// assert_eq!(r.path().map(|p| p.nodes.len()), Some(3));
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&Path<N, C>> {
        match &self.outcome {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The path, if one was found, by value.
    ///
    /// ```
    /// use pathfind::{dijkstra, Limits};
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Limits::none()).unwrap();
    /// assert_eq!(r.into_path().unwrap().nodes, [0, 1, 2]);
    /// ```
    #[must_use]
    pub fn into_path(self) -> Option<Path<N, C>> {
        match self.outcome {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The cost of the path, if one was found.
    ///
    /// ```
    /// use pathfind::{dijkstra, Limits};
    /// let r = dijkstra([0u8], |&n| [(n + 1, 5u32)], |&n| n == 2, &Limits::none()).unwrap();
    /// assert_eq!(r.cost(), Some(10));
    /// ```
    #[must_use]
    pub fn cost(&self) -> Option<C> {
        self.path().map(|p| p.cost)
    }

    /// `true` if a path was found.
    ///
    /// ```
    /// use pathfind::{bfs, Limits};
    /// let r = bfs([0u8], |_| [], |&n| n == 1, &Limits::none()).unwrap();
    /// assert!(!r.is_found());
    /// ```
    #[must_use]
    pub fn is_found(&self) -> bool {
        self.outcome.is_found()
    }
}
