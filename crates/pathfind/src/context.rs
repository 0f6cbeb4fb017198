//! The closure interface: [`SearchContext`], whose buffers are reused from one query to the
//! next, and free functions that create a fresh context for a single query.
//!
//! Successor functions return anything iterable: `(state, step cost)` pairs for the
//! cost-aware searches, bare states for BFS, DFS and IDDFS (whose cost is the number of
//! steps, as a `usize`). Every function takes the start states (one or many) and
//! [`Limits`].

use core::hash::Hash;

use fxhash::FxHashMap;
use search_core::{Cost, SearchProblem};

use crate::algorithm::Algorithm;
use crate::best_first::{AStarKey, GreedyKey, WeightedKey};
use crate::deepening::Bound;
use crate::engine::{Engine, HashSlots};
use crate::error::PathError;
use crate::result::{Limits, SearchResult};

/// Reusable buffers for searches over any hashable state type `N` with cost type `C`.
/// Keeping one context for many queries avoids reallocating the hash map, the per-state
/// arrays and the open list each time.
///
/// ```
/// use pathfind::{Limits, SearchContext};
/// let mut ctx = SearchContext::new();
/// for (target, steps) in [(10u32, 4u32), (20, 5), (30, 7)] {
///     let r = ctx
///         .astar([1u32], |&n| [(n + 1, 1u32), (n * 2, 1)], |_| 0, |&n| n == target, &Limits::none())
///         .unwrap();
///     assert_eq!(r.cost(), Some(steps));
/// }
/// ```
#[derive(Clone, Debug)]
pub struct SearchContext<N, C> {
    engine: Engine<N, C, HashSlots<N>>,
}

impl<N: Clone + Eq + Hash, C: Cost> Default for SearchContext<N, C> {
    fn default() -> Self {
        SearchContext {
            engine: Engine::default(),
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

    /// Dijkstra's algorithm (uniform-cost search): the cheapest path, states taken in order
    /// of path cost. See [`dijkstra`](crate::dijkstra).
    ///
    /// # Errors
    /// A negative step cost, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dijkstra([0i32], |&n| [(n + 1, 2u32), (n + 3, 5)], |&n| n == 3, &Limits::none());
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn dijkstra<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FS: FnMut(&N) -> bool,
    {
        self.engine.best_first(
            AStarKey,
            starts,
            limits,
            |n, out| out.extend(successors(n)),
            |_| C::ZERO,
            success,
        )
    }

    /// A*: the cheapest path, states taken in order of `g + h`; optimal when `heuristic`
    /// never overestimates the remaining cost (admissible). See [`astar`](crate::astar).
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let goal = 7i32;
    /// let r = ctx.astar([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)], |&n| (goal - n).unsigned_abs(),
    ///                   |&n| n == goal, &Limits::none()).unwrap();
    /// assert_eq!(r.cost(), Some(7));
    /// assert_eq!(r.stats.expanded, 7);
    /// ```
    pub fn astar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        heuristic: FH,
        success: FS,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        self.engine.best_first(
            AStarKey,
            starts,
            limits,
            |n, out| out.extend(successors(n)),
            heuristic,
            success,
        )
    }

    /// Weighted A*: states taken in order of `g + weight * h`. With a consistent heuristic
    /// the path costs at most `weight` times the optimum, usually after far fewer
    /// expansions. A state is expanded at most once, so with a heuristic that is admissible
    /// but not consistent the bound can fail. See [`weighted_astar`](crate::weighted_astar).
    ///
    /// # Errors
    /// [`PathError::InvalidWeight`] unless `weight` is finite and at least 1; otherwise as
    /// [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.weighted_astar([0i32], |&n| [(n + 1, 1u32)], |&n| (5 - n).unsigned_abs(),
    ///                            |&n| n == 5, 2.0, &Limits::none());
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn weighted_astar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        heuristic: FH,
        success: FS,
        weight: f64,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        let key = WeightedKey::new(weight)?;
        self.engine.best_first(
            key,
            starts,
            limits,
            |n, out| out.extend(successors(n)),
            heuristic,
            success,
        )
    }

    /// Greedy best-first search: states taken in order of the heuristic alone. Fast when
    /// the heuristic is good, but the path is not the cheapest in general. See
    /// [`greedy_best_first`](crate::greedy_best_first).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.greedy_best_first([0i32], |&n| [(n + 1, 1u32), (n - 1, 1)],
    ///                               |&n| (4 - n).unsigned_abs(), |&n| n == 4, &Limits::none());
    /// assert_eq!(r.unwrap().stats.expanded, 4);
    /// ```
    pub fn greedy_best_first<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        heuristic: FH,
        success: FS,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        self.engine.best_first(
            GreedyKey,
            starts,
            limits,
            |n, out| out.extend(successors(n)),
            heuristic,
            success,
        )
    }

    /// IDA*: iterative deepening on `g + h`. Memory grows only with the path length, at
    /// the price of re-expanding states; optimal with an admissible heuristic. See
    /// [`idastar`](crate::idastar).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.idastar([0i32], |&n| [(n + 1, 1u32), (n + 2, 3)], |&n| (6 - n).unsigned_abs(),
    ///                     |&n| n == 6, &Limits::none()).unwrap();
    /// assert_eq!(r.cost(), Some(6));
    /// ```
    pub fn idastar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        heuristic: FH,
        success: FS,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        self.engine.deepening(
            Bound::F,
            starts,
            limits,
            |n, out| out.extend(successors(n)),
            heuristic,
            success,
        )
    }

    /// Solves a [`SearchProblem`] with the chosen algorithm, reusing this context's buffers.
    /// BFS, DFS and IDDFS minimise (or ignore) the number of steps; the cost they report is
    /// the sum of the problem's step costs along their path.
    ///
    /// # Errors
    /// As the chosen algorithm.
    ///
    /// ```
    /// use pathfind::{Algorithm, Limits, SearchContext, SearchProblem};
    /// struct Line;
    /// impl SearchProblem for Line {
    ///     type State = u8;
    ///     type Cost = u32;
    ///     fn start(&self) -> u8 { 0 }
    ///     fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) { if n < 9 { out.push((n + 1, 2)) } }
    ///     fn is_goal(&self, &n: &u8) -> bool { n == 9 }
    /// }
    /// let mut ctx = SearchContext::new();
    /// for alg in [Algorithm::Bfs, Algorithm::AStar, Algorithm::IdaStar] {
    ///     assert_eq!(ctx.solve(&Line, alg, &Limits::none()).unwrap().cost(), Some(18));
    /// }
    /// ```
    pub fn solve<P>(
        &mut self,
        problem: &P,
        algorithm: Algorithm,
        limits: &Limits<C>,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: SearchProblem<State = N, Cost = C> + ?Sized,
    {
        let e = &mut self.engine;
        let start = [problem.start()];
        let succ = |n: &N, out: &mut Vec<(N, C)>| problem.successors(n, out);
        let h = |n: &N| problem.heuristic(n);
        let goal = |n: &N| problem.is_goal(n);
        match algorithm {
            Algorithm::Bfs => e.bfs(start, limits, succ, goal),
            Algorithm::Dfs => e.dfs(start, limits, succ, goal),
            Algorithm::Iddfs => e.deepening(Bound::Depth, start, limits, succ, |_| C::ZERO, goal),
            Algorithm::Dijkstra => e.best_first(AStarKey, start, limits, succ, |_| C::ZERO, goal),
            Algorithm::AStar => e.best_first(AStarKey, start, limits, succ, h, goal),
            Algorithm::WeightedAStar(w) => {
                e.best_first(WeightedKey::new(w)?, start, limits, succ, h, goal)
            }
            Algorithm::GreedyBestFirst => e.best_first(GreedyKey, start, limits, succ, h, goal),
            Algorithm::IdaStar => e.deepening(Bound::F, start, limits, succ, h, goal),
        }
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Breadth-first search: the path with the fewest steps; its cost is the number of
    /// steps. The goal is tested when a state is first generated. See [`bfs`](crate::bfs).
    ///
    /// # Errors
    /// Only [`PathError::TooManyStates`].
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.bfs([(0i32, 0i32)], |&(x, y)| [(x + 1, y), (x, y + 1)], |&p| p == (2, 3), &Limits::none());
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn bfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
        limits: &Limits<usize>,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        self.engine.bfs(
            starts,
            limits,
            |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
            success,
        )
    }

    /// Depth-first search: some path, found with little memory, not the shortest. See
    /// [`dfs`](crate::dfs).
    ///
    /// # Errors
    /// Only [`PathError::TooManyStates`].
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3, &Limits::none()).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 2, 3]);
    /// ```
    pub fn dfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
        limits: &Limits<usize>,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        self.engine.dfs(
            starts,
            limits,
            |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
            success,
        )
    }

    /// Iterative-deepening DFS: depth-limited DFS with limits 0, 1, 2…; the fewest steps like
    /// BFS with the memory of DFS. See [`iddfs`](crate::iddfs).
    ///
    /// # Errors
    /// Only [`PathError::TooManyStates`].
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.iddfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3, &Limits::none()).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 3]);
    /// assert_eq!(r.stats.iterations, 3);
    /// ```
    pub fn iddfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
        limits: &Limits<usize>,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        self.engine.deepening(
            Bound::Depth,
            starts,
            limits,
            |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
            |_| 0,
            success,
        )
    }

    /// The number of steps from the nearest start to every state reachable within the
    /// limits (a multi-source BFS that never stops early).
    ///
    /// # Errors
    /// Only [`PathError::TooManyStates`].
    ///
    /// ```
    /// use pathfind::{Limits, SearchContext};
    /// let mut ctx = SearchContext::new();
    /// let d = ctx.bfs_distances([0i32, 10], |&n| [n - 1, n + 1], &Limits::none().depth(2)).unwrap();
    /// assert_eq!((d[&2], d[&8], d[&-1]), (2, 2, 1));
    /// assert!(!d.contains_key(&5));
    /// ```
    pub fn bfs_distances<FN, IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        limits: &Limits<usize>,
    ) -> Result<FxHashMap<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
    {
        self.engine.bfs(
            starts,
            limits,
            |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
            |_| false,
        )?;
        let nodes = &self.engine.nodes;
        Ok(nodes
            .slots
            .nodes()
            .iter()
            .enumerate()
            .filter_map(|(i, n)| nodes.seen(i).map(|d| (n.clone(), d.depth as usize)))
            .collect())
    }
}

/// Breadth-first search with a fresh [`SearchContext`]: the path with the fewest steps from
/// any of `starts` to a state where `success` holds; its cost is the number of steps.
///
/// # Errors
/// Only [`PathError::TooManyStates`].
///
/// ```
/// use pathfind::{bfs, Limits};
/// let r = bfs([1u32], |&n| [n + 1, n * 3], |&n| n == 10, &Limits::none()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 3, 9, 10]);
/// ```
pub fn bfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    limits: &Limits<usize>,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().bfs(starts, successors, success, limits)
}

/// Depth-first search with a fresh [`SearchContext`]: some path (not the shortest).
///
/// # Errors
/// Only [`PathError::TooManyStates`].
///
/// ```
/// use pathfind::{dfs, Limits};
/// let r = dfs([0u32], |&n| if n < 5 { vec![n + 1] } else { vec![] }, |&n| n == 5, &Limits::none());
/// assert_eq!(r.unwrap().cost(), Some(5));
/// ```
pub fn dfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    limits: &Limits<usize>,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().dfs(starts, successors, success, limits)
}

/// Iterative-deepening DFS with a fresh [`SearchContext`]: the fewest steps, DFS memory.
///
/// # Errors
/// Only [`PathError::TooManyStates`].
///
/// ```
/// use pathfind::{iddfs, Limits, Outcome};
/// let r = iddfs([0u32], |&n| [n + 1], |&n| n == 100, &Limits::none().depth(10)).unwrap();
/// assert_eq!(r.outcome, Outcome::LimitReached(pathfind::Limit::Depth));
/// ```
pub fn iddfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    limits: &Limits<usize>,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().iddfs(starts, successors, success, limits)
}

/// Dijkstra's algorithm with a fresh [`SearchContext`]: the cheapest path.
///
/// # Errors
/// A negative step cost, a cost overflow or too many states.
///
/// ```
/// use pathfind::{dijkstra, Limits, PathError};
/// use search_core::CostError;
/// let r = dijkstra([0u8], |&n| [(n + 1, 3u32)], |&n| n == 2, &Limits::none());
/// assert_eq!(r.unwrap().cost(), Some(6));
/// let r = dijkstra([0u8], |&n| [(n + 1, -1i32)], |&n| n == 2, &Limits::none());
/// assert_eq!(r.unwrap_err(), PathError::Cost(CostError::Negative));
/// ```
pub fn dijkstra<N, C, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    limits: &Limits<C>,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().dijkstra(starts, successors, success, limits)
}

/// A* with a fresh [`SearchContext`]: the cheapest path, guided by an admissible heuristic.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow or too many states.
///
/// ```
/// use pathfind::{astar, Limits};
/// let goal = (3i32, 4i32);
/// let r = astar(
///     [(0i32, 0i32)],
///     |&(x, y)| [((x + 1, y), 1u32), ((x - 1, y), 1), ((x, y + 1), 1), ((x, y - 1), 1)],
///     |&(x, y)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs(),
///     |&p| p == goal,
///     &Limits::none(),
/// )
/// .unwrap();
/// assert_eq!(r.cost(), Some(7));
/// assert_eq!(r.path().unwrap().nodes.len(), 8);
/// ```
pub fn astar<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits<C>,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().astar(starts, successors, heuristic, success, limits)
}

/// Weighted A* with a fresh [`SearchContext`]: at most `weight` times the optimal cost with a
/// consistent heuristic.
///
/// # Errors
/// [`PathError::InvalidWeight`], or as [`astar`].
///
/// ```
/// use pathfind::{weighted_astar, Limits, PathError};
/// let r = weighted_astar([0u8], |&n| [(n + 1, 1u32)], |_| 0, |&n| n == 3, f64::NAN, &Limits::none());
/// assert!(matches!(r, Err(PathError::InvalidWeight(_))));
/// ```
pub fn weighted_astar<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    weight: f64,
    limits: &Limits<C>,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().weighted_astar(starts, successors, heuristic, success, weight, limits)
}

/// Greedy best-first search with a fresh [`SearchContext`]: follows the heuristic alone.
///
/// # Errors
/// As [`astar`].
///
/// ```
/// use pathfind::{greedy_best_first, Limits};
/// let r = greedy_best_first([0i32], |&n| [(n + 1, 1u32)], |&n| (3 - n).unsigned_abs(),
///                           |&n| n == 3, &Limits::none());
/// assert_eq!(r.unwrap().cost(), Some(3));
/// ```
pub fn greedy_best_first<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits<C>,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().greedy_best_first(starts, successors, heuristic, success, limits)
}

/// IDA* with a fresh [`SearchContext`]: optimal with an admissible heuristic, memory linear
/// in the path length.
///
/// # Errors
/// As [`astar`].
///
/// ```
/// use pathfind::{idastar, Limits};
/// let r = idastar([0u32], |&n| [(n + 1, 1u32)], |&n| 4u32.saturating_sub(n), |&n| n == 4,
///                 &Limits::none());
/// assert_eq!(r.unwrap().path().unwrap().nodes, [0, 1, 2, 3, 4]);
/// ```
pub fn idastar<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits<C>,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new().idastar(starts, successors, heuristic, success, limits)
}
