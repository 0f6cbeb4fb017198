//! Iterative deepening one depth at a time, driven from the caller's loop:
//! [`Negamax::steps`] and [`NegamaxSteps`].
//!
//! The search runs on a thread of its own that waits for the caller between depths, so
//! that its state (the table, the move ordering learnt, the previous depth's move and
//! window) carries over from one step to the next exactly as within one search: stepping
//! to the end gives the result of one [`search`](Negamax::search) with the same budget.

use std::sync::mpsc::{Receiver, Sender, channel};

use search_core::{Evaluator, Game, SearchError};

use crate::tables::transpositions::Transpositions;
use crate::two_player::anytime::{DepthInfo, NegamaxHandle};
use crate::two_player::negamax::Negamax;
use crate::two_player::result::SearchResult;

/// A [`Negamax`] search advanced one depth of iterative deepening per
/// [`step`](NegamaxSteps::step) ([`Negamax::steps`]). Between steps the search waits;
/// [`finish`](NegamaxSteps::finish) gives the engine back with the result (the best move
/// of the deepest depth finished). Dropping it stops the search.
pub struct NegamaxSteps<G: Game, E, T> {
    /// One message lets the search run one more depth; dropping it stops the search. (It
    /// is declared, so dropped, before the handle, whose drop joins the thread.)
    go: Option<Sender<()>>,
    /// Each finished depth, from the search's thread.
    depths: Receiver<DepthInfo<G::Move>>,
    handle: NegamaxHandle<G, E, T>,
    /// The last depth stepped.
    last: Option<DepthInfo<G::Move>>,
    /// The search has ended: no more depths.
    ended: bool,
}

impl<E, T> Negamax<E, T> {
    /// Prepares a search of `state` that runs one depth of iterative deepening per
    /// [`step`](NegamaxSteps::step), from the caller's loop (a frame loop, say). Nothing is
    /// searched before the first step; the budget starts then, and a time limit counts the
    /// time between steps too. Stepping until [`step`](NegamaxSteps::step) answers `None`
    /// gives the same result as one [`search`](Negamax::search) with the same budget;
    /// [`finish`](NegamaxSteps::finish) after `k` steps, the result of a search `k` deep.
    /// One thread only (Lazy SMP helpers would not wait between depths).
    ///
    /// # Errors
    /// [`SearchError::Config`] when the engine has helper threads or the search's thread
    /// cannot start (the engine is dropped).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    ///
    /// let g = ConnectFour::new();
    /// let engine = Negamax::new(ThreatEvaluator).with_table_mb(4).with_budget(Budget::depth(8));
    /// let mut steps = engine.steps(&g).unwrap();
    /// let mut depths = Vec::new();
    /// while let Some(info) = steps.step() {
    ///     depths.push(info.depth); // ... draw a frame between depths ...
    /// }
    /// let (_engine, stepped) = steps.finish().unwrap();
    /// assert_eq!(depths, (1..=8).collect::<Vec<_>>());
    ///
    /// let whole = Negamax::new(ThreatEvaluator).with_table_mb(4).with_budget(Budget::depth(8)).search(&g).unwrap();
    /// let stepped = stepped.unwrap();
    /// assert_eq!((stepped.best_move, stepped.score, stepped.stats.nodes), (whole.best_move, whole.score, whole.stats.nodes));
    /// ```
    pub fn steps<G>(self, state: &G) -> Result<NegamaxSteps<G, E, T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        G::Move: Send,
        E: Evaluator<G> + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
    {
        let threads = self.setup.threads;
        if threads != 1 {
            return Err(SearchError::Config(format!(
                "stepping runs on one thread, not {}: use with_threads(1)",
                threads
            )));
        }
        let (to_caller, depths) = channel();
        let (go, wait) = channel::<()>();
        let state = state.clone();
        let original = self.budget().clone();
        let handle = search_core::SearchHandle::spawn(original.clone(), move |budget, _| {
            let stop = budget.stop_flag().cloned().unwrap_or_default();
            let mut engine = self.with_budget(budget);
            // Nothing before the first step; a caller gone stops the search.
            if wait.recv().is_err() {
                stop.stop();
            }
            let result = engine.search_observed(&state, |info| {
                if to_caller.send(info.clone()).is_err() || wait.recv().is_err() {
                    stop.stop();
                }
            });
            (engine.with_budget(original), result)
        })?;
        Ok(NegamaxSteps {
            handle,
            depths,
            go: Some(go),
            last: None,
            ended: false,
        })
    }
}

impl<G, E, T> NegamaxSteps<G, E, T>
where
    G: Game,
{
    /// Searches one more depth and reports it; `None` once the search has ended (its depth
    /// limit, a proven value, the budget run out): then [`finish`](NegamaxSteps::finish).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let mut steps = Negamax::new(OpenLines).with_budget(Budget::depth(2)).steps(&TicTacToe::new()).unwrap();
    /// assert_eq!(steps.step().map(|i| i.depth), Some(1));
    /// assert_eq!(steps.step().map(|i| i.depth), Some(2));
    /// assert!(steps.step().is_none());
    /// assert!(steps.step().is_none());
    /// ```
    pub fn step(&mut self) -> Option<DepthInfo<G::Move>> {
        if self.ended {
            return None;
        }
        let sent = self.go.as_ref().is_some_and(|go| go.send(()).is_ok());
        let info = if sent { self.depths.recv().ok() } else { None };
        self.ended = info.is_none();
        if info.is_some() {
            self.last.clone_from(&info);
        }
        info
    }

    /// Stops the search (at once if it waits between depths) and gives the engine back,
    /// with its budget as it was, and the result: the best move of the last depth stepped
    /// (or, when the search ended by itself, of the deepest depth finished), as
    /// [`search`](Negamax::search) answers when its budget runs out.
    ///
    /// # Errors
    /// [`SearchError::WorkerPanicked`] when the game or the evaluator panicked on the
    /// search's thread (the engine is then lost).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let mut steps = Negamax::new(OpenLines).with_budget(Budget::depth(9)).steps(&TicTacToe::new()).unwrap();
    /// steps.step();
    /// steps.step();
    /// let (engine, result) = steps.finish().unwrap();
    /// assert_eq!(result.unwrap().stats.depth_reached, 2);
    /// assert_eq!(engine.budget().max_depth(), Some(9));
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn finish(
        mut self,
    ) -> Result<(Negamax<E, T>, Result<SearchResult<G::Move>, SearchError>), SearchError> {
        // The search waiting between depths (or before the first) stops when the caller
        // is gone; a search still running stops at the flag.
        self.go = None;
        let (engine, mut result) = self.handle.stop()?;
        // A depth that ends before the search next looks at its stop flag (a small one, or
        // one proven at once) may have been finished after the last step: the answer is the
        // last depth stepped all the same, as after a search that deep. (The nodes count
        // all that was searched.)
        if let (Ok(r), Some(last)) = (result.as_mut(), self.last.as_ref()) {
            if r.stats.depth_reached > last.depth {
                r.best_move = last.best_move;
                r.score = Some(last.score);
                r.pv.clone_from(&last.pv);
                r.stats.depth_reached = last.depth;
                r.stats.iterations = r.stats.iterations.min(u64::from(last.depth));
                r.complete = false;
            }
        }
        Ok((engine, result))
    }
}
