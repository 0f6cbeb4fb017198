//! The problem-trait interface: [`Solve`] adds every algorithm of the crate to any
//! [`SearchProblem`] (the path searches, the path sets, counting, stepping A*), each call on
//! a fresh [`SearchContext`] bounded by a [`Budget`].

use search_core::{Budget, SearchProblem};

use crate::engine::algorithm::Algorithm;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::graph::context::SearchContext;
use crate::graph::stepper::AStarStepper;
use crate::paths::astar_bag::AllShortestPaths;
use crate::paths::count_paths::{PathCount, count_paths_problem};
use crate::paths::dijkstra_all::ShortestPaths;

/// Every algorithm of this crate, as methods of any [`SearchProblem`] (implemented for all
/// of them), bounded by a [`Budget`]. Each call uses a fresh [`SearchContext`]; call
/// [`SearchContext::solve`] to reuse buffers across queries or to bound the path cost.
///
/// ```
/// use pathfind::{Algorithm, SearchProblem, Solve};
/// use search_core::Budget;
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
/// let r = p.astar().unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 2, 4, 5, 10]);
/// assert_eq!(r.cost(), Some(6));
/// let r = p.solve(Algorithm::Bfs, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().steps(), 4);
/// ```
pub trait Solve: SearchProblem {
    /// Solves the problem with `algorithm` within `budget` (see
    /// [`SearchContext::with_budget`] for what each field means to a path search).
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow, too many states, an
    /// invalid weighted-A* weight, or a budget a path search cannot use
    /// ([`PathError::Budget`]).
    ///
    /// ```
    /// use pathfind::{Algorithm, Limit, Outcome, SearchProblem, Solve};
    /// use search_core::{Budget, BudgetField};
    /// struct Count;
    /// impl SearchProblem for Count {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    ///     fn is_goal(&self, &n: &u32) -> bool { n == 50 }
    /// }
    /// let r = Count.solve(Algorithm::Dijkstra, &Budget::nodes(10)).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
    /// assert_eq!(r.stats.nodes, 10);
    /// ```
    fn solve(
        &self,
        algorithm: Algorithm,
        budget: &Budget,
    ) -> Result<SearchResult<Self::State, Self::Cost>, PathError> {
        SearchContext::bounded(budget).solve(self, algorithm)
    }

    /// A* without a budget: the cheapest path when the heuristic is admissible.
    ///
    /// # Errors
    /// As [`solve`](Solve::solve).
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve};
    /// struct Count;
    /// impl SearchProblem for Count {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    ///     fn is_goal(&self, &n: &u32) -> bool { n == 3 }
    ///     fn heuristic(&self, &n: &u32) -> u32 { 3u32.saturating_sub(n) }
    /// }
    /// assert_eq!(Count.astar().unwrap().stats.nodes, 3);
    /// ```
    fn astar(&self) -> Result<SearchResult<Self::State, Self::Cost>, PathError> {
        self.solve(Algorithm::AStar, &Budget::new())
    }

    /// Dijkstra's algorithm from the start to every reachable state, within `budget`: the
    /// cheapest path to each (see [`dijkstra_all`](crate::dijkstra_all)). The goal test is
    /// not used.
    ///
    /// # Errors
    /// A negative step cost, a cost overflow, too many states or an unusable budget.
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve};
    /// use search_core::Budget;
    /// struct Ring;
    /// impl SearchProblem for Ring {
    ///     type State = u8;
    ///     type Cost = u32;
    ///     fn start(&self) -> u8 { 0 }
    ///     fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) {
    ///         out.push(((n + 1) % 6, 1));
    ///         out.push(((n + 5) % 6, 1));
    ///     }
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    /// }
    /// let tree = Ring.dijkstra_all(&Budget::new()).unwrap();
    /// assert_eq!(tree.cost(&3), Some(3));
    /// assert_eq!(tree.len(), 6);
    /// ```
    fn dijkstra_all(
        &self,
        budget: &Budget,
    ) -> Result<ShortestPaths<Self::State, Self::Cost>, PathError> {
        SearchContext::bounded(budget).dijkstra_all_problem(self)
    }

    /// Every cheapest path from the start to a goal, within `budget` (see
    /// [`astar_bag`](crate::astar_bag)); the problem's heuristic guides the search.
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow, too many states or an
    /// unusable budget.
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve};
    /// use search_core::Budget;
    /// /// Right or down on a 3 x 3 board.
    /// struct Board;
    /// impl SearchProblem for Board {
    ///     type State = (u8, u8);
    ///     type Cost = u32;
    ///     fn start(&self) -> (u8, u8) { (0, 0) }
    ///     fn successors(&self, &(x, y): &(u8, u8), out: &mut Vec<((u8, u8), u32)>) {
    ///         if x < 2 { out.push(((x + 1, y), 1)) }
    ///         if y < 2 { out.push(((x, y + 1), 1)) }
    ///     }
    ///     fn is_goal(&self, &p: &(u8, u8)) -> bool { p == (2, 2) }
    /// }
    /// let all = Board.astar_bag(&Budget::new()).unwrap();
    /// assert_eq!((all.cost, all.paths().count()), (Some(4), 6));
    /// ```
    fn astar_bag(
        &self,
        budget: &Budget,
    ) -> Result<AllShortestPaths<Self::State, Self::Cost>, PathError> {
        SearchContext::bounded(budget).astar_bag_problem(self)
    }

    /// Fringe search within `budget` (see [`fringe`](crate::fringe)): the cheapest path
    /// when the problem's heuristic is admissible.
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow, too many states or an
    /// unusable budget.
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve};
    /// use search_core::Budget;
    /// struct Count;
    /// impl SearchProblem for Count {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
    ///         out.push((n + 1, 2));
    ///         out.push((n + 3, 5));
    ///     }
    ///     fn is_goal(&self, &n: &u32) -> bool { n == 7 }
    ///     fn heuristic(&self, &n: &u32) -> u32 { 7u32.saturating_sub(n) }
    /// }
    /// assert_eq!(Count.fringe(&Budget::new()).unwrap().cost(), Some(12)); // 3 + 3 + 1
    /// ```
    fn fringe(&self, budget: &Budget) -> Result<SearchResult<Self::State, Self::Cost>, PathError> {
        SearchContext::bounded(budget).fringe_problem(self)
    }

    /// Counts the paths from the start to a goal state (see
    /// [`count_paths`](crate::count_paths)): the successors' step costs are not used, the
    /// graph reachable from the start must have no cycle and a path ends at the first goal
    /// it meets.
    ///
    /// # Errors
    /// [`PathError::Cycle`], [`PathError::CountOverflow`], too many states or an unusable
    /// budget.
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve};
    /// use search_core::Budget;
    /// /// Right or down on a 4 x 4 board.
    /// struct Board;
    /// impl SearchProblem for Board {
    ///     type State = (u8, u8);
    ///     type Cost = u32;
    ///     fn start(&self) -> (u8, u8) { (0, 0) }
    ///     fn successors(&self, &(x, y): &(u8, u8), out: &mut Vec<((u8, u8), u32)>) {
    ///         if x < 3 { out.push(((x + 1, y), 1)) }
    ///         if y < 3 { out.push(((x, y + 1), 1)) }
    ///     }
    ///     fn is_goal(&self, &p: &(u8, u8)) -> bool { p == (3, 3) }
    /// }
    /// assert_eq!(Board.count_paths(&Budget::new()).unwrap().count, Some(20));
    /// ```
    fn count_paths(&self, budget: &Budget) -> Result<PathCount, PathError> {
        count_paths_problem(self, budget)
    }

    /// An [`AStarStepper`] over this problem.
    ///
    /// # Errors
    /// A negative heuristic value at the start, or an unusable budget.
    ///
    /// ```
    /// use pathfind::{SearchProblem, Solve, Step};
    /// use search_core::Budget;
    /// struct Count;
    /// impl SearchProblem for Count {
    ///     type State = u32;
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    ///     fn is_goal(&self, &n: &u32) -> bool { n == 2 }
    /// }
    /// let mut stepper = Count.stepper(&Budget::new()).unwrap();
    /// assert_eq!(stepper.step().unwrap(), Step::Expanded { state: 0, cost: 0 });
    /// ```
    fn stepper(&self, budget: &Budget) -> Result<AStarStepper<'_, Self>, PathError> {
        AStarStepper::new(self, budget)
    }
}

impl<P: SearchProblem + ?Sized> Solve for P {}
