//! Anytime solving: the [`Solver`]'s bounds reported as they narrow ([`BoundsInfo`],
//! [`Solver::solve_observed`]) and a solve on its own thread ([`Solver::spawn`]).
//!
//! An observed solve runs the null-window search in slices of nodes (4,096 at first,
//! doubling up to 2^20), each starting from the bounds the slices before it proved, on the
//! same table: after each slice the bounds are reported when they narrowed.

use std::time::Duration;

use search_core::{Game, Score, SearchError, SearchHandle, Stats};

use crate::solving::null_window::Bounds;
use crate::solving::race::Race;
use crate::solving::solution::Solution;
use crate::solving::solver::{Solver, finish};
use crate::tables::transpositions::Transpositions;

/// The first slice of an observed solve, in nodes.
const FIRST_SLICE: u64 = 1 << 12;
/// The largest slice of an observed solve, in nodes.
const LAST_SLICE: u64 = 1 << 20;

/// What the [`Solver`] reports when a solve narrowed the bounds of the value: the value
/// (for the side to move, with the distance to the end) lies between `lower` and `upper`,
/// which meet once solved.
///
/// ```
/// use adversarial::Solver;
/// use games::TicTacToe;
/// use search_core::Score;
/// let mut reports = Vec::new();
/// let s = Solver::new()
///     .with_table_mb(1)
///     .solve_observed(&TicTacToe::new(), |b| reports.push((b.lower, b.upper)))
///     .unwrap();
/// assert_eq!(reports.last(), Some(&(Score::DRAW, Score::DRAW)));
/// assert_eq!(s.score, Some(Score::DRAW));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BoundsInfo {
    /// The value is at least this.
    pub lower: Score,
    /// The value is at most this.
    pub upper: Score,
    /// Positions searched so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
}

impl BoundsInfo {
    /// `true` once the bounds meet: the value is known.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// let mut last = None;
    /// Solver::new().with_table_mb(1).solve_observed(&TicTacToe::new(), |b| last = Some(b.clone())).unwrap();
    /// assert!(last.unwrap().is_solved());
    /// ```
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.lower == self.upper
    }
}

/// The handle of a [`Solver`] solve on its own thread: [`wait`](SearchHandle::wait) and
/// [`stop`](SearchHandle::stop) give back the solver (with its table) and the solution
/// (with the bounds proven, when stopped); [`poll`](SearchHandle::poll) gives the bounds
/// narrowed so far.
pub type SolverHandle<T> = SearchHandle<(Solver<T>, Result<Solution, SearchError>), BoundsInfo>;

impl<T> Solver<T> {
    /// [`solve`](Solver::solve), calling `observer` each time the bounds of the value
    /// narrow (see the module's documentation for how: the solve runs in slices of nodes,
    /// so it may search somewhat more nodes than `solve`). The reports narrow: each one's
    /// bounds lie within the one before; the value found, or the bounds of an unfinished
    /// solve, are those of the last report.
    ///
    /// # Errors
    /// As [`solve`](Solver::solve).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// use search_core::Score;
    /// let g: ConnectFour = "4455".parse().unwrap();
    /// let mut widths = Vec::new();
    /// let s = Solver::new()
    ///     .with_table_mb(8)
    ///     .solve_observed(&g, |b| widths.push(b.upper.raw() - b.lower.raw()))
    ///     .unwrap();
    /// assert_eq!(s.score, Some(Score::win_in(3)));
    /// assert!(widths.windows(2).all(|w| w[0] > w[1]));
    /// ```
    pub fn solve_observed<G, F>(
        &mut self,
        state: &G,
        mut observer: F,
    ) -> Result<Solution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
        F: FnMut(&BoundsInfo),
    {
        let (running, booked) = self.begin(state)?;
        if let Some(s) = booked {
            observer(&BoundsInfo {
                lower: s.lower,
                upper: s.upper,
                nodes: 0,
                elapsed: running.elapsed(),
            });
            return Ok(s);
        }
        let opts = self.loop_options();
        let mut known = Bounds::OPEN;
        let mut stats = Stats::default();
        let mut slice = FIRST_SLICE;
        let mut horizon = false;
        loop {
            let spent = stats.nodes;
            let part = running.limit_nodes(spent.saturating_add(slice));
            let r = self.race(&part, opts, state, false, spent, known)?;
            stats.merge(&r.stats);
            horizon |= r.horizon;
            let narrowed = known.intersect(r.bounds);
            if narrowed != known && narrowed.lower <= narrowed.upper {
                observer(&BoundsInfo {
                    lower: narrowed.lower,
                    upper: narrowed.upper,
                    nodes: stats.nodes,
                    elapsed: running.elapsed(),
                });
            }
            known = narrowed;
            let spent_all = stats.nodes >= running.max_nodes();
            if horizon || known.lower >= known.upper || spent_all || running.out_of_time() {
                break;
            }
            slice = (slice * 2).min(LAST_SLICE);
        }
        finish(
            Race {
                bounds: known,
                stats,
                horizon,
            },
            &running,
        )
    }

    /// Starts [`solve`](Solver::solve) of `state` on a thread of its own and returns at
    /// once, as [`Negamax::spawn`](crate::Negamax::spawn) does: poll the handle for the
    /// bounds narrowed so far ([`BoundsInfo`], from
    /// [`solve_observed`](Solver::solve_observed)), wait for the solution, or stop the
    /// solve (the solution then has the bounds proven). The solver moves into the thread
    /// and comes back with the solution, its table and budget as they were.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the thread cannot start; the solve's own errors come
    /// with the solution; a panic in the game is [`SearchError::WorkerPanicked`] from
    /// `wait` or `stop`.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// let handle = Solver::new().with_table_mb(8).spawn(&ConnectFour::new()).unwrap();
    /// std::thread::sleep(std::time::Duration::from_millis(20));
    /// let (solver, solution) = handle.stop().unwrap();
    /// let solution = solution.unwrap();
    /// assert!(solution.lower <= solution.upper);
    /// assert!(solver.budget().stop_flag().is_none());
    /// ```
    pub fn spawn<G>(self, state: &G) -> Result<SolverHandle<T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
    {
        self.spawn_observed(state, |_| {})
    }

    /// [`spawn`](Solver::spawn), also calling `observer` on the solve's thread each time
    /// the bounds narrow.
    ///
    /// # Errors
    /// As [`spawn`](Solver::spawn).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// let handle = Solver::new()
    ///     .with_table_mb(1)
    ///     .spawn_observed(&TicTacToe::new(), move |b| { let _ = tx.send(b.clone()); })
    ///     .unwrap();
    /// let (_, solution) = handle.wait().unwrap();
    /// assert_eq!(rx.iter().last().map(|b| b.lower), solution.unwrap().score);
    /// ```
    pub fn spawn_observed<G, F>(
        self,
        state: &G,
        mut observer: F,
    ) -> Result<SolverHandle<T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
        F: FnMut(&BoundsInfo) + Send + 'static,
    {
        let state = state.clone();
        let original = self.budget().clone();
        SearchHandle::spawn(original.clone(), move |budget, progress| {
            let mut solver = self.with_budget(budget);
            let result = solver.solve_observed(&state, |info| {
                observer(info);
                progress.report(info.clone());
            });
            (solver.with_budget(original), result)
        })
    }
}
