//! Solving a [`SearchProblem`] with an algorithm chosen at run time: [`solve`] for one
//! query, [`SearchContext::solve`] to reuse the buffers, and many problems at once on
//! threads ([`SearchContext::solve_all`]).

use core::hash::Hash;

use search_core::{Budget, Cost, SearchProblem};

use crate::engine::algorithm::Algorithm;
use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::timed;
use crate::engine::successors::{Buffered, problem_successors};
use crate::graph::best_first::{AStarKey, GreedyKey, WeightedKey};
use crate::graph::context::SearchContext;
use crate::graph::deepening::Bound;

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
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
        let start = [problem.start()];
        let succ = Buffered(problem_successors(problem));
        let h = |n: &N| problem.heuristic(n);
        let goal = |n: &N| problem.is_goal(n);
        let e = &mut self.engine;
        match algorithm {
            Algorithm::Bfs => e.bfs(start, run, succ, goal),
            Algorithm::Dfs => e.dfs(start, run, succ, goal),
            Algorithm::Iddfs => e.deepening(Bound::Depth, start, run, succ, |_| C::ZERO, goal),
            Algorithm::Dijkstra => e.best_first(AStarKey, start, run, succ, |_| C::ZERO, goal),
            Algorithm::IdaStar => e.deepening(Bound::F, start, run, succ, h, goal),
            Algorithm::AStar => self.guided(AStarKey, start, run, succ, h, goal),
            Algorithm::WeightedAStar(w) => {
                let key = WeightedKey::new(w)?;
                self.guided(key, start, run, succ, h, goal)
            }
            Algorithm::GreedyBestFirst => self.guided(GreedyKey, start, run, succ, h, goal),
            Algorithm::Fringe => e.fringe_with(start, run, succ, h, goal),
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
        let solve = |ctx: &mut Self, p: &P| ctx.solve(p, algorithm);
        // The calling thread's runs (one thread) reuse this context's buffers.
        let mut ctx = SearchContext {
            engine: core::mem::take(&mut self.engine),
            settings: self.settings.clone(),
        };
        let make = |settings| SearchContext {
            engine: Engine::default(),
            settings,
        };
        let results = self.settings.batch(problems, &mut ctx, make, solve);
        self.engine = ctx.engine;
        results
    }
}

/// Solves a [`SearchProblem`] with `algorithm` within `budget` on a fresh
/// [`SearchContext`]: the problem-trait entry of the crate, for one query (keep a
/// [`SearchContext`] and call [`SearchContext::solve`] to reuse the buffers, bound the path
/// cost or cap the memory). See [`SearchContext::with_budget`] for what each budget field
/// means to a path search.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow, too many states, an invalid
/// weighted-A* weight, or a budget a path search cannot use ([`PathError::Budget`]).
///
/// ```
/// use pathfind::{solve, Algorithm, Limit, PathOutcome, SearchProblem};
/// use search_core::{Budget, BudgetField};
///
/// /// Reach `target` from 1 by "+1" (cost 1) or "*2" (cost 2).
/// struct Doubling { target: u32 }
/// impl SearchProblem for Doubling {
///     type State = u32;
///     type Cost = u32;
///     fn start(&self) -> u32 { 1 }
///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
///         if n < self.target { out.push((n + 1, 1)); out.push((n * 2, 2)); }
///     }
///     fn is_goal(&self, &n: &u32) -> bool { n == self.target }
/// }
///
/// let p = Doubling { target: 10 };
/// let r = solve(&p, Algorithm::AStar, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 2, 4, 5, 10]);
/// assert_eq!(r.cost(), Some(6));
/// let r = solve(&p, Algorithm::Bfs, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().steps(), 4);
/// let r = solve(&Doubling { target: 5_000 }, Algorithm::Dijkstra, &Budget::nodes(10)).unwrap();
/// assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
/// ```
pub fn solve<P>(
    problem: &P,
    algorithm: Algorithm,
    budget: &Budget,
) -> Result<SearchResult<P::State, P::Cost>, PathError>
where
    P: SearchProblem + ?Sized,
{
    SearchContext::bounded(budget).solve(problem, algorithm)
}
