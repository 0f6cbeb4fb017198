//! The problem-trait interface: [`Solve`] adds every algorithm to any
//! [`SearchProblem`], and [`AStarStepper`] runs A* one expansion at a time.

use std::time::Instant;

use search_core::{Budget, SearchProblem, Stats};

use crate::engine::algorithm::Algorithm;
use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::slots::HashSlots;
use crate::engine::successors::Buffered;
use crate::graph::best_first::{AStarKey, Step as CoreStep};
use crate::graph::context::SearchContext;
use crate::paths::astar_bag::AllShortestPaths;
use crate::paths::count_paths::PathCount;
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
        SearchContext::new()
            .with_budget(budget.clone())
            .solve(self, algorithm)
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
        SearchContext::new()
            .with_budget(budget.clone())
            .dijkstra_all_problem(self)
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
        SearchContext::new()
            .with_budget(budget.clone())
            .astar_bag_problem(self)
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
        SearchContext::new()
            .with_budget(budget.clone())
            .fringe_problem(self)
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
        crate::paths::count_paths::count_paths_problem(self, budget)
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

/// What one [`AStarStepper::step`] did.
///
/// ```
/// use pathfind::Step;
/// let s: Step<u8, u32> = Step::Expanded { state: 3, cost: 2 };
/// assert!(matches!(s, Step::Expanded { state: 3, .. }));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Step<N, C> {
    /// `state`, reached at path cost `cost`, was expanded (its successors are on the open
    /// list).
    Expanded {
        /// The expanded state.
        state: N,
        /// Its path cost from the start.
        cost: C,
    },
    /// The search is over; further calls return the same result.
    Done(SearchResult<N, C>),
}

/// A* one expansion at a time, for visualisations, time slicing across frames, or custom
/// stopping rules. Running it to the end gives exactly the result of
/// [`Solve::solve`] with [`Algorithm::AStar`] (its statistics aside: the clock of a stepper
/// starts when it is created).
///
/// ```
/// use pathfind::{AStarStepper, SearchProblem, Step};
/// use search_core::Budget;
/// struct Count;
/// impl SearchProblem for Count {
///     type State = u32;
///     type Cost = u32;
///     fn start(&self) -> u32 { 0 }
///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
///     fn is_goal(&self, &n: &u32) -> bool { n == 3 }
/// }
/// let mut stepper = AStarStepper::new(&Count, &Budget::new()).unwrap();
/// let mut expanded = Vec::new();
/// let result = loop {
///     match stepper.step().unwrap() {
///         Step::Expanded { state, .. } => expanded.push(state),
///         Step::Done(result) => break result,
///     }
/// };
/// assert_eq!(expanded, [0, 1, 2]);
/// assert_eq!(result.cost(), Some(3));
/// ```
pub struct AStarStepper<'p, P: SearchProblem + ?Sized> {
    problem: &'p P,
    engine: Engine<P::State, P::Cost, HashSlots<P::State>>,
    run: Run<P::Cost>,
    started: Instant,
    done: Option<SearchResult<P::State, P::Cost>>,
}

impl<'p, P: SearchProblem + ?Sized> AStarStepper<'p, P> {
    /// Puts the start on the open list.
    ///
    /// # Errors
    /// A negative heuristic value at the start, or an unusable budget.
    ///
    /// ```
    /// # use pathfind::{AStarStepper, SearchProblem};
    /// # use search_core::Budget;
    /// # struct Count;
    /// # impl SearchProblem for Count {
    /// #     type State = u32; type Cost = u32;
    /// #     fn start(&self) -> u32 { 0 }
    /// #     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    /// #     fn is_goal(&self, &n: &u32) -> bool { n == 3 }
    /// # }
    /// let stepper = AStarStepper::new(&Count, &Budget::new()).unwrap();
    /// assert_eq!(stepper.stats().nodes, 0);
    /// ```
    pub fn new(problem: &'p P, budget: &Budget) -> Result<Self, PathError> {
        let started = Instant::now();
        let mut engine = Engine::default();
        let mut run = Run::new(budget, None)?;
        engine.bf_start(
            AStarKey,
            [problem.start()],
            &mut |n| problem.heuristic(n),
            &mut run,
        )?;
        Ok(AStarStepper {
            problem,
            engine,
            run,
            started,
            done: None,
        })
    }

    /// Expands one state, or finishes.
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow or too many states.
    ///
    /// ```
    /// # use pathfind::{AStarStepper, SearchProblem, Step};
    /// # use search_core::Budget;
    /// # struct Count;
    /// # impl SearchProblem for Count {
    /// #     type State = u32; type Cost = u32;
    /// #     fn start(&self) -> u32 { 0 }
    /// #     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    /// #     fn is_goal(&self, &n: &u32) -> bool { n == 0 }
    /// # }
    /// let mut stepper = AStarStepper::new(&Count, &Budget::new()).unwrap();
    /// assert!(matches!(stepper.step().unwrap(), Step::Done(r) if r.cost() == Some(0)));
    /// ```
    pub fn step(&mut self) -> Result<Step<P::State, P::Cost>, PathError> {
        if let Some(done) = &self.done {
            return Ok(Step::Done(done.clone()));
        }
        let p = self.problem;
        let step = self.engine.bf_step(
            AStarKey,
            &mut self.run,
            &mut Buffered(|n: &P::State, out: &mut Vec<(P::State, P::Cost)>| p.successors(n, out)),
            &mut |n: &P::State| p.heuristic(n),
            &mut |n: &P::State| p.is_goal(n),
        )?;
        let result = match step {
            CoreStep::Expanded(slot) => {
                let nodes = &self.engine.nodes;
                return Ok(Step::Expanded {
                    state: nodes.slots.nodes()[slot as usize].clone(),
                    cost: nodes.data[slot as usize].g,
                });
            }
            CoreStep::Found(slot) => self.run.finish_found(self.engine.nodes.path_to(slot)),
            CoreStep::Exhausted => self.run.finish_exhausted(),
            CoreStep::OutOfBudget => self.run.finish_budget(),
        };
        let mut result = result;
        result.stats.elapsed = self.started.elapsed();
        self.done = Some(result.clone());
        Ok(Step::Done(result))
    }

    /// The statistics so far (`nodes`: states expanded, `leaves`: states generated, the
    /// time since the stepper was created).
    ///
    /// ```
    /// # use pathfind::{AStarStepper, SearchProblem};
    /// # use search_core::Budget;
    /// # struct Count;
    /// # impl SearchProblem for Count {
    /// #     type State = u32; type Cost = u32;
    /// #     fn start(&self) -> u32 { 0 }
    /// #     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) { out.push((n + 1, 1)) }
    /// #     fn is_goal(&self, &n: &u32) -> bool { n == 3 }
    /// # }
    /// let mut stepper = AStarStepper::new(&Count, &Budget::new()).unwrap();
    /// stepper.step().unwrap();
    /// assert_eq!(stepper.stats().nodes, 1);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        let mut stats = self.run.stats(0);
        stats.elapsed = self.started.elapsed();
        stats
    }
}
