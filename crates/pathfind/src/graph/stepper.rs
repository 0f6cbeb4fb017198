//! [`AStarStepper`]: A* one expansion at a time, over a [`SearchProblem`].

use search_core::Instant;

use search_core::{Budget, SearchProblem, Stats};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::slots::HashSlots;
use crate::engine::successors::{Buffered, problem_successors};
use crate::graph::best_first::{AStarKey, Step as CoreStep};
use crate::graph::context::add_best_so_far;

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
/// [`solve`](crate::solve) with [`Algorithm::AStar`](crate::Algorithm::AStar)
/// (its statistics aside: the clock of a stepper starts when it is created).
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
        let step = self.advance()?;
        if let Step::Done(result) = &step {
            self.done = Some(result.clone());
        }
        Ok(step)
    }

    /// [`step`](Self::step) for a caller that takes the result when the search is over and
    /// never steps again: the result is not kept.
    pub(crate) fn advance(&mut self) -> Result<Step<P::State, P::Cost>, PathError> {
        let p = self.problem;
        let step = self.engine.bf_step(
            AStarKey,
            &mut self.run,
            &mut Buffered(problem_successors(p)),
            &mut |n: &P::State| p.heuristic(n),
            &mut |n: &P::State| p.is_goal(n),
        )?;
        let mut result = match step {
            CoreStep::Expanded(slot) => {
                let nodes = &self.engine.nodes;
                return Ok(Step::Expanded {
                    state: nodes.slots.nodes()[slot as usize].clone(),
                    cost: nodes.data[slot as usize].g,
                });
            }
            CoreStep::Found(slot) => self.run.finish_found(self.engine.nodes.path_to(slot)),
            CoreStep::Exhausted => self.run.finish_exhausted(),
            CoreStep::OutOfBudget => add_best_so_far(&self.engine, self.run.finish_budget()),
        };
        result.stats.elapsed = self.started.elapsed();
        Ok(Step::Done(result))
    }

    /// The search's tables (its state table and open list), for a caller that frees them
    /// somewhere else than where it waits for the result.
    pub(crate) fn into_tables(self) -> Engine<P::State, P::Cost, HashSlots<P::State>> {
        self.engine
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
