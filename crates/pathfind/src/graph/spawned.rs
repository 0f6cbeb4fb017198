//! A* on a thread of its own ([`spawn_astar`]): the caller polls the states expanded and
//! the bound proven on the path's cost ([`PathInfo`]), waits for the path, or stops the
//! search.

use std::time::Duration;

use search_core::{Budget, Cost, SearchError, SearchHandle, SearchProblem};

use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::graph::stepper::{AStarStepper, Step};

/// How many expansions a spawned search makes between two progress reports.
pub(crate) const PATH_REPORT_EVERY: u64 = 1024;

/// What a spawned A* search ([`spawn_astar`]) reports every thousand expansions or so and
/// once more when it ends.
///
/// ```
/// use pathfind::{PathInfo, SearchProblem, spawn_astar};
/// use search_core::Budget;
/// struct Line;
/// impl SearchProblem for Line {
///     type State = u32;
///     type Cost = u32;
///     fn start(&self) -> u32 { 0 }
///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
///     fn is_goal(&self, &n: &u32) -> bool { n == 5_000 }
/// }
/// let handle = spawn_astar(Line, &Budget::new()).unwrap();
/// let result = handle.wait().unwrap().unwrap();
/// assert_eq!(result.cost(), Some(5_000));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PathInfo<C> {
    /// States expanded so far.
    pub expanded: u64,
    /// A lower bound on the cost of a cheapest path: the largest `g + h` of the states
    /// expanded so far (A* expands no state above the cheapest path's cost when the
    /// heuristic is admissible). `None` before the first expansion.
    pub bound: Option<C>,
    /// Whether the search has ended (the last report).
    pub done: bool,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// The handle of [`spawn_astar`]: [`wait`](SearchHandle::wait) for the result,
/// [`stop`](SearchHandle::stop) it (a stopped search's result says which limit it reached,
/// and the last report its bound), [`poll`](SearchHandle::poll) for a [`PathInfo`].
pub type PathHandle<N, C> = SearchHandle<Result<SearchResult<N, C>, PathError>, PathInfo<C>>;

/// Starts A* on `problem` within `budget` on a thread of its own and returns at once. The
/// search is the one [`AStarStepper`] runs: its result is that of
/// [`solve`](crate::solve) with [`Algorithm::AStar`](crate::Algorithm::AStar)
/// within the same budget. Poll the handle for the states expanded and the bound proven so
/// far; stop it at any moment (the flag is the budget's own stop flag if it has one, else a
/// new one; dropping the handle stops it too). The search's thread frees its tables after
/// it has handed the result over, so `stop` and `wait` do not wait for that.
///
/// # Errors
/// [`SearchError::Config`] when the thread cannot start. The search's own errors (a
/// negative cost, an unusable budget) come with the result; a panic in the problem's code
/// is [`SearchError::WorkerPanicked`] from `wait` or `stop`.
///
/// ```
/// use pathfind::{SearchProblem, spawn_astar};
/// use search_core::Budget;
/// /// An endless line: no goal, so the search runs until it is stopped.
/// struct Endless;
/// impl SearchProblem for Endless {
///     type State = u64;
///     type Cost = u64;
///     fn start(&self) -> u64 { 0 }
///     fn successors(&self, &n: &u64, out: &mut Vec<(u64, u64)>) { out.push((n + 1, 1)) }
///     fn is_goal(&self, _: &u64) -> bool { false }
/// }
/// let handle = spawn_astar(Endless, &Budget::new()).unwrap();
/// while handle.poll().is_none_or(|i| i.expanded < 10_000) {
///     std::thread::sleep(std::time::Duration::from_millis(1));
/// }
/// let result = handle.stop().unwrap().unwrap();
/// assert!(result.path().is_none());
/// assert!(result.stats.nodes >= 10_000);
/// ```
pub fn spawn_astar<P>(
    problem: P,
    budget: &Budget,
) -> Result<PathHandle<P::State, P::Cost>, SearchError>
where
    P: SearchProblem + Send + 'static,
    P::State: Send,
    P::Cost: Send,
{
    SearchHandle::spawn_with_leftovers(budget.clone(), move |budget, progress| {
        let mut stepper = match AStarStepper::new(&problem, &budget) {
            Ok(stepper) => stepper,
            Err(e) => return (Err(e), None),
        };
        let mut bound: Option<P::Cost> = None;
        let mut expanded = 0u64;
        loop {
            match stepper.advance() {
                Err(e) => return (Err(e), Some(stepper.into_tables())),
                Ok(Step::Expanded { state, cost }) => {
                    let f = cost
                        .checked_add_cost(problem.heuristic(&state))
                        .unwrap_or(cost);
                    if bound.is_none_or(|b| f > b) {
                        bound = Some(f);
                    }
                    expanded += 1;
                    if expanded % PATH_REPORT_EVERY == 0 {
                        let stats = stepper.stats();
                        progress.report(PathInfo {
                            expanded: stats.nodes,
                            bound,
                            done: false,
                            elapsed: stats.elapsed,
                        });
                    }
                }
                Ok(Step::Done(result)) => {
                    if let Some(c) = result.cost() {
                        // With an admissible heuristic the path found is a cheapest one:
                        // its cost is the bound.
                        bound = Some(c);
                    }
                    progress.report(PathInfo {
                        expanded: result.stats.nodes,
                        bound,
                        done: true,
                        elapsed: result.stats.elapsed,
                    });
                    return (Ok(result), Some(stepper.into_tables()));
                }
            }
        }
    })
}
