//! Anytime search with [`Negamax`]: live reports of every finished depth
//! ([`DepthInfo`], [`Negamax::search_observed`]) and a search on its own thread
//! ([`Negamax::spawn`], a [`SearchHandle`]).

use std::time::Duration;

use search_core::{Evaluator, Game, SearchError, SearchHandle, Stats};

use crate::tables::transpositions::Transpositions;
use crate::two_player::negamax::Negamax;
use crate::two_player::result::SearchResult;

/// What [`Negamax`] reports after each finished depth of iterative deepening: the best
/// move, its score and the principal variation at that depth, with the main thread's
/// counters so far.
///
/// ```
/// use adversarial::Negamax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::Budget;
/// let mut depths = Vec::new();
/// let r = Negamax::new(OpenLines)
///     .with_budget(Budget::depth(4))
///     .search_observed(&TicTacToe::new(), |info| depths.push(info.depth))
///     .unwrap();
/// assert_eq!(depths, [1, 2, 3, 4]);
/// assert_eq!(r.stats.depth_reached, 4);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct DepthInfo<M> {
    /// The depth just finished, in plies.
    pub depth: u32,
    /// The best move at that depth.
    pub best_move: M,
    /// Its value for the side to move.
    pub score: search_core::Score,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Positions searched so far by the main thread (helper threads, if any, are counted
    /// in the result's statistics only).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl<M> DepthInfo<M> {
    /// Nodes per second so far (0 before any time was measured).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let mut last = None;
    /// Negamax::new(OpenLines)
    ///     .with_budget(Budget::depth(5))
    ///     .search_observed(&TicTacToe::new(), |i| last = Some(i.clone()))
    ///     .unwrap();
    /// assert!(last.unwrap().nodes_per_second() >= 0.0);
    /// ```
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        Stats {
            nodes: self.nodes,
            elapsed: self.elapsed,
            ..Stats::default()
        }
        .nodes_per_second()
    }
}

/// The handle of a [`Negamax`] search on its own thread: [`wait`](SearchHandle::wait) and
/// [`stop`](SearchHandle::stop) give back the engine (with its table) and the result;
/// [`poll`](SearchHandle::poll) gives the last finished depth.
pub type NegamaxHandle<G, E, T> = SearchHandle<
    (
        Negamax<E, T>,
        Result<SearchResult<<G as Game>::Move>, SearchError>,
    ),
    DepthInfo<<G as Game>::Move>,
>;

impl<E, T> Negamax<E, T> {
    /// [`search`](Negamax::search), calling `observer` after each finished depth (on the
    /// main thread of the search, in increasing depth) with that depth's best move, score,
    /// principal variation and counters. The result is the same as `search`'s.
    ///
    /// # Errors
    /// As [`search`](Negamax::search).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    /// let position: ConnectFour = "4455".parse().unwrap();
    /// let mut lines = Vec::new();
    /// let r = Negamax::new(ThreatEvaluator)
    ///     .with_table_mb(1)
    ///     .with_budget(Budget::depth(6))
    ///     .search_observed(&position, |i| lines.push(format!("depth {} score {}", i.depth, i.score)))
    ///     .unwrap();
    /// assert_eq!(lines.len() as u32, r.stats.depth_reached);
    /// ```
    pub fn search_observed<G, F>(
        &mut self,
        state: &G,
        mut observer: F,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
        T: Transpositions<G> + Sync,
        F: FnMut(&DepthInfo<G::Move>),
    {
        let mut tell = |r: &crate::two_player::searcher::root::RootSearch<G::Move>,
                        stats: &Stats,
                        running: &search_core::RunningBudget| {
            if let Some(best_move) = r.best {
                observer(&DepthInfo {
                    depth: stats.depth_reached,
                    best_move,
                    score: r.score,
                    pv: r.pv.clone(),
                    nodes: stats.nodes,
                    elapsed: running.elapsed(),
                });
            }
        };
        self.run_search(state, Some(&mut tell))
    }

    /// Starts [`search`](Negamax::search) of `state` on a thread of its own and returns at
    /// once: poll the handle for the last finished depth ([`DepthInfo`]), wait for the
    /// result, or stop the search (the flag is the budget's own stop flag if it has one,
    /// else a new one); dropping the handle stops it. The engine moves into the thread and
    /// comes back with the result, its table and budget as they were.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the thread cannot start. The search's own errors come
    /// with the result; a panic in the game or the evaluator is
    /// [`SearchError::WorkerPanicked`] from `wait` or `stop` (the engine is then lost).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    ///
    /// let engine = Negamax::new(ThreatEvaluator).with_table_mb(4).with_budget(Budget::depth(40));
    /// let handle = engine.spawn(&ConnectFour::new()).unwrap();
    /// while handle.poll().is_none_or(|info| info.depth < 3) {
    ///     std::thread::sleep(std::time::Duration::from_millis(1));
    /// }
    /// let (engine, result) = handle.stop().unwrap(); // the best move found so far
    /// let result = result.unwrap();
    /// assert!(result.stats.depth_reached >= 3);
    /// assert_eq!(engine.budget().max_depth(), Some(40));
    /// ```
    pub fn spawn<G>(self, state: &G) -> Result<NegamaxHandle<G, E, T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        G::Move: Send,
        E: Evaluator<G> + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
    {
        self.spawn_observed(state, |_| {})
    }

    /// [`spawn`](Negamax::spawn), also calling `observer` (on the search's thread) after
    /// each finished depth, as [`search_observed`](Negamax::search_observed) does: to send
    /// the reports down a channel, for example.
    ///
    /// # Errors
    /// As [`spawn`](Negamax::spawn).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// let engine = Negamax::new(OpenLines).with_budget(Budget::depth(5));
    /// let handle = engine
    ///     .spawn_observed(&TicTacToe::new(), move |info| { let _ = tx.send(info.depth); })
    ///     .unwrap();
    /// let (_, result) = handle.wait().unwrap();
    /// assert_eq!(result.unwrap().stats.depth_reached, 5);
    /// assert_eq!(rx.iter().collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    /// ```
    pub fn spawn_observed<G, F>(
        self,
        state: &G,
        mut observer: F,
    ) -> Result<NegamaxHandle<G, E, T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        G::Move: Send,
        E: Evaluator<G> + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
        F: FnMut(&DepthInfo<G::Move>) + Send + 'static,
    {
        let state = state.clone();
        let original = self.budget().clone();
        SearchHandle::spawn(original.clone(), move |budget, progress| {
            let mut engine = self.with_budget(budget);
            let result = engine.search_observed(&state, |info| {
                observer(info);
                progress.report(info.clone());
            });
            (engine.with_budget(original), result)
        })
    }
}
