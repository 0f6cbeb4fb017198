//! The closure interface: [`SearchContext`], whose buffers are reused from one query to the
//! next, and free functions that create a fresh context for a single query.
//!
//! Successor functions return anything iterable: `(state, step cost)` pairs for the
//! cost-aware searches, bare states for BFS, DFS and IDDFS (whose cost is the number of
//! steps, as a `usize`). A context's run methods take the start states (one or many) and the
//! closures; its [`Budget`] and cost bound are set with `with_budget` and `with_max_cost`.
//! The free functions take the [`Budget`] as their last argument.

use core::hash::Hash;

use fxhash::FxHashMap;
use search_core::{Budget, Cost, SearchProblem};

use crate::engine::algorithm::Algorithm;
use crate::engine::batch::run_batch;
use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::{Outcome, SearchResult};
use crate::engine::run::{Run, timed};
use crate::engine::slots::HashSlots;
use crate::engine::successors::{Direct, check_h};
use crate::graph::best_first::{AStarKey, GreedyKey, WeightedKey};
use crate::graph::deepening::Bound;

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
    budget: Budget,
    max_cost: Option<C>,
    threads: usize,
}

impl<N: Clone + Eq + Hash, C: Cost> Default for SearchContext<N, C> {
    fn default() -> Self {
        SearchContext {
            engine: Engine::default(),
            budget: Budget::new(),
            max_cost: None,
            threads: 1,
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
        self.budget = budget;
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
        self.max_cost = Some(max_cost);
        self
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
        self.threads = threads;
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
        &self.budget
    }

    /// The cost bound, if any.
    ///
    /// ```
    /// assert_eq!(pathfind::SearchContext::<u8, u32>::new().max_cost(), None);
    /// ```
    #[must_use]
    pub fn max_cost(&self) -> Option<C> {
        self.max_cost
    }

    /// The number of threads of [`solve_all`](Self::solve_all).
    ///
    /// ```
    /// assert_eq!(pathfind::SearchContext::<u8, u32>::new().threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The states and per-state data of the last search.
    pub(crate) fn nodes(&self) -> &crate::engine::nodes::Nodes<N, C, HashSlots<N>> {
        &self.engine.nodes
    }

    /// Sets [`SearchResult::best_so_far`] of a heuristic search that a limit stopped: the
    /// path to the expanded state with the lowest heuristic value, ties to the lowest cost.
    fn with_best_so_far<H: FnMut(&N) -> C>(
        &self,
        mut r: SearchResult<N, C>,
        h: &mut H,
    ) -> Result<SearchResult<N, C>, PathError> {
        if !matches!(r.outcome, Outcome::LimitReached(_)) {
            return Ok(r);
        }
        let nodes = &self.engine.nodes;
        let mut best: Option<(C, C, u32)> = None;
        for (i, n) in nodes.slots.nodes().iter().enumerate() {
            let Some(d) = nodes.seen(i).filter(|d| d.closed) else {
                continue;
            };
            let key = (check_h(h(n))?, d.g, i as u32);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        r.best_so_far = best.map(|(_, _, slot)| nodes.path_to(slot));
        Ok(r)
    }

    /// Checks the budget and starts the clock of one search.
    pub(crate) fn run(&self) -> Result<Run<C>, PathError> {
        Run::new(&self.budget, self.max_cost)
    }

    /// Dijkstra's algorithm (uniform-cost search): the cheapest path, states taken in order
    /// of path cost. See [`dijkstra`](crate::dijkstra).
    ///
    /// # Errors
    /// A negative step cost, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dijkstra([0i32], |&n| [(n + 1, 2u32), (n + 3, 5)], |&n| n == 3);
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn dijkstra<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: FN,
        success: FS,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            self.engine.best_first_with(
                AStarKey,
                starts,
                self.run()?,
                Direct(successors),
                |_| C::ZERO,
                success,
            )
        })
    }

    /// A*: the cheapest path, states taken in order of `g + h`; optimal when `heuristic`
    /// never overestimates the remaining cost (admissible). See [`astar`](crate::astar).
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let goal = 7i32;
    /// let r = ctx.astar([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)], |&n| (goal - n).unsigned_abs(),
    ///                   |&n| n == goal).unwrap();
    /// assert_eq!(r.cost(), Some(7));
    /// assert_eq!(r.stats.nodes, 7);
    /// ```
    pub fn astar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: FN,
        mut heuristic: FH,
        success: FS,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            let r = self.engine.best_first_with(
                AStarKey,
                starts,
                self.run()?,
                Direct(successors),
                &mut heuristic,
                success,
            )?;
            self.with_best_so_far(r, &mut heuristic)
        })
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
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.weighted_astar([0i32], |&n| [(n + 1, 1u32)], |&n| (5 - n).unsigned_abs(),
    ///                            |&n| n == 5, 2.0);
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn weighted_astar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: FN,
        mut heuristic: FH,
        success: FS,
        weight: f64,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        let key = WeightedKey::new(weight)?;
        timed(|| {
            let r = self.engine.best_first_with(
                key,
                starts,
                self.run()?,
                Direct(successors),
                &mut heuristic,
                success,
            )?;
            self.with_best_so_far(r, &mut heuristic)
        })
    }

    /// Greedy best-first search: states taken in order of the heuristic alone. Fast when
    /// the heuristic is good, but the path is not the cheapest in general. See
    /// [`greedy_best_first`](crate::greedy_best_first).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.greedy_best_first([0i32], |&n| [(n + 1, 1u32), (n - 1, 1)],
    ///                               |&n| (4 - n).unsigned_abs(), |&n| n == 4);
    /// assert_eq!(r.unwrap().stats.nodes, 4);
    /// ```
    pub fn greedy_best_first<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: FN,
        mut heuristic: FH,
        success: FS,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            let r = self.engine.best_first_with(
                GreedyKey,
                starts,
                self.run()?,
                Direct(successors),
                &mut heuristic,
                success,
            )?;
            self.with_best_so_far(r, &mut heuristic)
        })
    }

    /// IDA*: iterative deepening on `g + h`. Memory grows only with the path length, at
    /// the price of re-expanding states; optimal with an admissible heuristic. See
    /// [`idastar`](crate::idastar).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.idastar([0i32], |&n| [(n + 1, 1u32), (n + 2, 3)], |&n| (6 - n).unsigned_abs(),
    ///                     |&n| n == 6).unwrap();
    /// assert_eq!(r.cost(), Some(6));
    /// ```
    pub fn idastar<FN, IN, FH, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        heuristic: FH,
        success: FS,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FH: FnMut(&N) -> C,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            self.engine.deepening(
                Bound::F,
                starts,
                self.run()?,
                |n, out| out.extend(successors(n)),
                heuristic,
                success,
            )
        })
    }

    /// Solves a [`SearchProblem`] with the chosen algorithm, reusing this context's buffers.
    /// BFS, DFS and IDDFS minimise (or ignore) the number of steps; the cost they report is
    /// the sum of the problem's step costs along their path.
    ///
    /// # Errors
    /// As the chosen algorithm.
    ///
    /// ```
    /// use pathfind::{Algorithm, SearchContext, SearchProblem};
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
    ///     assert_eq!(ctx.solve(&Line, alg).unwrap().cost(), Some(18));
    /// }
    /// ```
    pub fn solve<P>(
        &mut self,
        problem: &P,
        algorithm: Algorithm,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: SearchProblem<State = N, Cost = C> + ?Sized,
    {
        timed(|| self.solve_untimed(problem, algorithm))
    }

    fn solve_untimed<P>(
        &mut self,
        problem: &P,
        algorithm: Algorithm,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: SearchProblem<State = N, Cost = C> + ?Sized,
    {
        let run = self.run()?;
        let e = &mut self.engine;
        let start = [problem.start()];
        let succ = |n: &N, out: &mut Vec<(N, C)>| problem.successors(n, out);
        let h = |n: &N| problem.heuristic(n);
        let goal = |n: &N| problem.is_goal(n);
        let r = match algorithm {
            Algorithm::Bfs => e.bfs(start, run, succ, goal),
            Algorithm::Dfs => e.dfs(start, run, succ, goal),
            Algorithm::Iddfs => e.deepening(Bound::Depth, start, run, succ, |_| C::ZERO, goal),
            Algorithm::Dijkstra => e.best_first(AStarKey, start, run, succ, |_| C::ZERO, goal),
            Algorithm::AStar => e.best_first(AStarKey, start, run, succ, h, goal),
            Algorithm::WeightedAStar(w) => {
                e.best_first(WeightedKey::new(w)?, start, run, succ, h, goal)
            }
            Algorithm::GreedyBestFirst => e.best_first(GreedyKey, start, run, succ, h, goal),
            Algorithm::IdaStar => e.deepening(Bound::F, start, run, succ, h, goal),
        }?;
        match algorithm {
            Algorithm::AStar | Algorithm::WeightedAStar(_) | Algorithm::GreedyBestFirst => {
                self.with_best_so_far(r, &mut |n: &N| problem.heuristic(n))
            }
            _ => Ok(r),
        }
    }

    /// Solves every problem of `problems` with `algorithm`, on [`threads`](Self::with_threads)
    /// threads (each with its own buffers, made by [`std::thread::scope`]); the results come
    /// in the order of `problems` and are the same as calling [`solve`](Self::solve) on each
    /// in turn (the same paths, outcomes and counters; only the measured times differ). The
    /// budget bounds each search.
    ///
    /// # Errors
    /// [`PathError::ZeroThreads`]; the error of the first problem (in the order given) that
    /// fails; [`PathError::WorkerPanicked`] if a problem's code panics on a worker thread.
    ///
    /// ```
    /// use pathfind::{Algorithm, SearchContext, SearchProblem};
    /// struct Line(u32);
    /// impl SearchProblem for Line {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 2)) }
    ///     fn is_goal(&self, &n: &u32) -> bool { n == self.0 }
    /// }
    /// let problems: Vec<Line> = (0..20).map(Line).collect();
    /// let mut ctx = SearchContext::new().with_threads(4);
    /// let results = ctx.solve_all(&problems, Algorithm::AStar).unwrap();
    /// for (k, r) in results.iter().enumerate() {
    ///     assert_eq!(r.cost(), Some(2 * k as u32));
    /// }
    /// ```
    pub fn solve_all<P>(
        &mut self,
        problems: &[P],
        algorithm: Algorithm,
    ) -> Result<Vec<SearchResult<N, C>>, PathError>
    where
        P: SearchProblem<State = N, Cost = C> + Sync,
        N: Send,
    {
        let (budget, max_cost) = (&self.budget, self.max_cost);
        let make = || SearchContext {
            engine: Engine::default(),
            budget: budget.clone(),
            max_cost,
            threads: 1,
        };
        let solve = |ctx: &mut Self, p: &P| ctx.solve(p, algorithm);
        // The calling thread's runs (one thread) reuse this context's buffers.
        let mut ctx = SearchContext {
            engine: core::mem::take(&mut self.engine),
            ..make()
        };
        let results = run_batch(self.threads, problems, &mut ctx, make, solve);
        self.engine = ctx.engine;
        results
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Breadth-first search: the path with the fewest steps; its cost is the number of
    /// steps. The goal is tested when a state is first generated. See [`bfs`](crate::bfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.bfs([(0i32, 0i32)], |&(x, y)| [(x + 1, y), (x, y + 1)], |&p| p == (2, 3));
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn bfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            self.engine.bfs_with(
                starts,
                self.run()?,
                Direct(|n: &N| successors(n).into_iter().map(|m| (m, 1))),
                success,
            )
        })
    }

    /// Depth-first search: some path, found with little memory, not the shortest. See
    /// [`dfs`](crate::dfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 2, 3]);
    /// ```
    pub fn dfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            self.engine.dfs(
                starts,
                self.run()?,
                |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
                success,
            )
        })
    }

    /// Iterative-deepening DFS: depth-limited DFS with limits 0, 1, 2…; the fewest steps like
    /// BFS with the memory of DFS. See [`iddfs`](crate::iddfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.iddfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 3]);
    /// assert_eq!(r.stats.iterations, 3);
    /// ```
    pub fn iddfs<FN, IN, FS>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
        success: FS,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        timed(|| {
            self.engine.deepening(
                Bound::Depth,
                starts,
                self.run()?,
                |n, out| out.extend(successors(n).into_iter().map(|m| (m, 1))),
                |_| 0,
                success,
            )
        })
    }

    /// The number of steps from the nearest start to every state reachable within the
    /// budget and cost bound (a multi-source BFS that never stops at a goal; a budget that
    /// runs out leaves the states not reached yet out of the map).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or an unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// use search_core::Budget;
    /// let mut ctx = SearchContext::new().with_budget(Budget::depth(2));
    /// let d = ctx.bfs_distances([0i32, 10], |&n| [n - 1, n + 1]).unwrap();
    /// assert_eq!((d[&2], d[&8], d[&-1]), (2, 2, 1));
    /// assert!(!d.contains_key(&5));
    /// ```
    pub fn bfs_distances<FN, IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut successors: FN,
    ) -> Result<FxHashMap<N, usize>, PathError>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
    {
        self.engine.bfs_with(
            starts,
            self.run()?,
            Direct(|n: &N| successors(n).into_iter().map(|m| (m, 1))),
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
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::bfs;
/// use search_core::Budget;
/// let r = bfs([1u32], |&n| [n + 1, n * 3], |&n| n == 10, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 3, 9, 10]);
/// ```
pub fn bfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .bfs(starts, successors, success)
}

/// Depth-first search with a fresh [`SearchContext`]: some path (not the shortest).
///
/// # Errors
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::dfs;
/// use search_core::Budget;
/// let r = dfs([0u32], |&n| if n < 5 { vec![n + 1] } else { vec![] }, |&n| n == 5, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(5));
/// ```
pub fn dfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .dfs(starts, successors, success)
}

/// Iterative-deepening DFS with a fresh [`SearchContext`]: the fewest steps, DFS memory.
///
/// # Errors
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::{iddfs, Limit, Outcome};
/// use search_core::{Budget, BudgetField};
/// let r = iddfs([0u32], |&n| [n + 1], |&n| n == 100, &Budget::depth(10)).unwrap();
/// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Budget(BudgetField::Depth)));
/// ```
pub fn iddfs<N, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .iddfs(starts, successors, success)
}

/// Dijkstra's algorithm with a fresh [`SearchContext`]: the cheapest path.
///
/// # Errors
/// A negative step cost, a cost overflow or too many states.
///
/// ```
/// use pathfind::{dijkstra, PathError};
/// use search_core::Budget;
/// use search_core::CostError;
/// let r = dijkstra([0u8], |&n| [(n + 1, 3u32)], |&n| n == 2, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(6));
/// let r = dijkstra([0u8], |&n| [(n + 1, -1i32)], |&n| n == 2, &Budget::new());
/// assert_eq!(r.unwrap_err(), PathError::Cost(CostError::Negative));
/// ```
pub fn dijkstra<N, C, FN, IN, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .dijkstra(starts, successors, success)
}

/// A* with a fresh [`SearchContext`]: the cheapest path, guided by an admissible heuristic.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow or too many states.
///
/// ```
/// use pathfind::astar;
/// use search_core::Budget;
/// let goal = (3i32, 4i32);
/// let r = astar(
///     [(0i32, 0i32)],
///     |&(x, y)| [((x + 1, y), 1u32), ((x - 1, y), 1), ((x, y + 1), 1), ((x, y - 1), 1)],
///     |&(x, y)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs(),
///     |&p| p == goal,
///     &Budget::new(),
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
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .astar(starts, successors, heuristic, success)
}

/// Weighted A* with a fresh [`SearchContext`]: at most `weight` times the optimal cost with a
/// consistent heuristic.
///
/// # Errors
/// [`PathError::InvalidWeight`], or as [`astar`].
///
/// ```
/// use pathfind::{weighted_astar, PathError};
/// use search_core::Budget;
/// let r = weighted_astar([0u8], |&n| [(n + 1, 1u32)], |_| 0, |&n| n == 3, f64::NAN, &Budget::new());
/// assert!(matches!(r, Err(PathError::InvalidWeight(_))));
/// ```
pub fn weighted_astar<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    weight: f64,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .weighted_astar(starts, successors, heuristic, success, weight)
}

/// Greedy best-first search with a fresh [`SearchContext`]: follows the heuristic alone.
///
/// # Errors
/// As [`astar`].
///
/// ```
/// use pathfind::greedy_best_first;
/// use search_core::Budget;
/// let r = greedy_best_first([0i32], |&n| [(n + 1, 1u32)], |&n| (3 - n).unsigned_abs(),
///                           |&n| n == 3, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(3));
/// ```
pub fn greedy_best_first<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .greedy_best_first(starts, successors, heuristic, success)
}

/// IDA* with a fresh [`SearchContext`]: optimal with an admissible heuristic, memory linear
/// in the path length.
///
/// # Errors
/// As [`astar`].
///
/// ```
/// use pathfind::idastar;
/// use search_core::Budget;
/// let r = idastar([0u32], |&n| [(n + 1, 1u32)], |&n| 4u32.saturating_sub(n), |&n| n == 4,
///                 &Budget::new());
/// assert_eq!(r.unwrap().path().unwrap().nodes, [0, 1, 2, 3, 4]);
/// ```
pub fn idastar<N, C, FN, IN, FH, FS>(
    starts: impl IntoIterator<Item = N>,
    successors: FN,
    heuristic: FH,
    success: FS,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .idastar(starts, successors, heuristic, success)
}
