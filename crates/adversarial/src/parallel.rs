//! Parallel search on all cores: **Lazy SMP**.
//!
//! Every thread runs the same search (iterative deepening for [`Negamax`], the null-window
//! loop for [`Solver`]) on the same position, sharing one lock-free
//! [`TranspositionTable`](crate::TranspositionTable). Helper threads order equally ranked
//! moves differently (a per-thread salt), so they tend to explore different subtrees first
//! and leave results in the table that the other threads then find; in a parallel solve,
//! each helper also probes a different value of the null-window search. The main thread's
//! answer is returned (for the solver: the first thread to finish, all being exact); the
//! others are stopped. There is no second copy of the search loop: each thread runs the
//! shared [`negamax`](crate::negamax) loop.
//!
//! **Faults surface.** A panic in user code (the game, the evaluator) on a thread the
//! engine started is caught on that thread, raises the shared stop flag so that every other
//! thread stops within [`POLL_INTERVAL`](search_core::RunningBudget::POLL_INTERVAL) nodes,
//! and comes back as [`SearchError::WorkerPanicked`] with the panic's message, never as an
//! answer from the threads that survived. A broken game found by any thread
//! ([`SearchError::NoLegalMoves`], [`SearchError::TurnDidNotPass`]...) stops the others the
//! same way. The shared table stays usable: a slot is only ever written with a finished
//! result, and a slot torn by a thread that stopped half-way reads as empty.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{Budget, Evaluator, Game, SearchError, Stats, ZeroEvaluator};

use crate::deepening::{Negamax, deepen};
use crate::negamax::Searcher;
use crate::result::SearchResult;
use crate::solver::{Solution, Solver, WeakSolution, finish, null_window_search, start, weak_of};
use crate::table::Transpositions;

/// Which rung of the value ladder thread `k` of a parallel solve probes, relative to the
/// one the serial search would choose: 0 for the main thread, then -1, +1, -2, +2, ... for
/// the helpers, so that the threads prove different bounds into the shared table instead of
/// repeating each other's searches (on Connect Four with two threads, 6–15 % fewer nodes in
/// all than when both threads probe the same rung).
fn probe_offset(k: usize) -> i64 {
    let step = k.div_ceil(2) as i64;
    if k % 2 == 1 { -step } else { step }
}

/// Runs one search thread's work: a panic becomes [`SearchError::WorkerPanicked`], and a
/// panic or an error raises `halt`, so that the other threads stop at their next poll.
fn guarded<R>(
    halt: &AtomicBool,
    work: impl FnOnce() -> Result<R, SearchError>,
) -> Result<R, SearchError> {
    let result =
        catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|p| Err(SearchError::from_panic(&*p)));
    if result.is_err() {
        halt.store(true, Ordering::Relaxed);
    }
    result
}

/// The results of the threads, once all have been joined: the first error, if any (a
/// thread that was only stopped by another's failure has none).
fn first_error<R>(
    results: impl IntoIterator<Item = Result<R, SearchError>>,
) -> Result<Vec<R>, SearchError> {
    results.into_iter().collect()
}

fn check_threads(threads: usize) -> Result<(), SearchError> {
    if threads == 0 || threads > 1024 {
        return Err(SearchError::Config(format!(
            "{threads} threads: use between 1 and 1024 (std::thread::available_parallelism() is a good choice)"
        )));
    }
    Ok(())
}

impl<E, T> Negamax<E, T> {
    /// [`search`](Negamax::search) on `threads` threads sharing the table (Lazy SMP). With
    /// one thread it is exactly `search`. The result is the main thread's; `stats.nodes`
    /// counts the nodes of all threads.
    ///
    /// # Errors
    /// As [`search`](Negamax::search), and [`SearchError::Config`] for 0 or more than 1024
    /// threads. A panic in the game or the evaluator on a helper thread is
    /// [`SearchError::WorkerPanicked`] with the panic's message: the other threads are
    /// stopped and nothing they found is returned.
    ///
    /// # Panics
    /// The main search runs on the calling thread: a panic there unwinds to the caller, as
    /// in [`search`](Negamax::search), once the helpers have been stopped and joined.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use adversarial::{Negamax, TranspositionTable};
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    /// let table = Arc::new(TranspositionTable::with_megabytes(8).unwrap());
    /// let mut engine = Negamax::new(ThreatEvaluator).with_table(table);
    /// let r = engine.search_parallel(&ConnectFour::new(), &Budget::depth(9), 2).unwrap();
    /// assert_eq!(r.stats.depth_reached, 9);
    /// assert!(engine.search_parallel(&ConnectFour::new(), &Budget::depth(9), 0).is_err());
    /// ```
    pub fn search_parallel<G>(
        &mut self,
        state: &G,
        budget: &Budget,
        threads: usize,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game + Sync,
        G::Move: Send,
        E: Evaluator<G> + Sync,
        T: Transpositions<G> + Sync,
    {
        check_threads(threads)?;
        if threads == 1 {
            return self.search(state, budget);
        }
        let (running, max_depth) = self.prepare(state, budget)?;
        self.table.new_search();
        let halt = AtomicBool::new(false);
        let iterative = self.iterative;
        let helper_opts: Vec<_> = (1..threads).map(|k| self.loop_options(k as u64)).collect();
        let main_opts = self.loop_options(0);
        let (eval, table, rng) = (&self.eval, &self.table, self.rng.as_mut());
        let (main, helpers) = std::thread::scope(|scope| {
            let helpers: Vec<_> = helper_opts
                .into_iter()
                .map(|opts| {
                    let (running, halt) = (&running, &halt);
                    scope.spawn(move || {
                        guarded(halt, || {
                            let mut s = Searcher::new(eval, table, running, Some(halt), opts);
                            deepen(&mut s, state, max_depth, iterative, None);
                            s.take_fault()?;
                            Ok(s.stats)
                        })
                    })
                })
                .collect();
            // The main search polls `halt` too: a helper that fails raises it.
            let main = catch_unwind(AssertUnwindSafe(|| {
                let mut s = Searcher::new(eval, table, &running, Some(&halt), main_opts);
                let run = deepen(&mut s, state, max_depth, iterative, rng);
                (run, s.take_fault(), s.stats)
            }));
            halt.store(true, Ordering::Relaxed);
            let helpers: Vec<Result<Stats, SearchError>> = helpers
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|p| Err(SearchError::from_panic(&*p)))
                })
                .collect();
            (main, helpers)
        });
        let (run, fault, mut stats) = main.unwrap_or_else(|p| std::panic::resume_unwind(p));
        fault?;
        let helper_stats = first_error(helpers)?;
        for h in &helper_stats {
            let depth = stats.depth_reached;
            let iterations = stats.iterations;
            stats.merge(h);
            stats.depth_reached = depth;
            stats.iterations = iterations;
        }
        stats.elapsed = running.elapsed();
        Ok(run.into_result(state, stats))
    }
}

impl<T> Solver<T> {
    /// [`solve`](Solver::solve) on `threads` threads sharing the table (Lazy SMP); the
    /// first thread to finish answers. `stats.nodes` counts all threads.
    ///
    /// # Errors
    /// As [`solve`](Solver::solve), and [`SearchError::Config`] for 0 or more than 1024
    /// threads. With two threads or more every thread is one the solver started: a panic in
    /// the game on any of them is [`SearchError::WorkerPanicked`] with the panic's message,
    /// and the other threads are stopped (even one that already finished: the answer is an
    /// error, never a value from the threads that survived). With one thread the solve runs
    /// on the calling thread, as [`solve`](Solver::solve), and a panic unwinds to the caller.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// use search_core::{Budget, Score};
    /// let g: ConnectFour = "4455".parse().unwrap();
    /// let s = Solver::with_megabytes(8).unwrap().solve_parallel(&g, &Budget::unlimited(), 2).unwrap();
    /// assert_eq!(s.score, Score::win_in(3));
    /// ```
    pub fn solve_parallel<G>(
        &mut self,
        state: &G,
        budget: &Budget,
        threads: usize,
    ) -> Result<Solution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        self.race(state, budget, threads, false)
    }

    /// [`solve_weak`](Solver::solve_weak) on `threads` threads (Lazy SMP).
    ///
    /// # Errors
    /// As [`solve_parallel`](Solver::solve_parallel).
    ///
    /// ```
    /// use adversarial::{Solver, WeakValue};
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let s = Solver::with_megabytes(1).unwrap()
    ///     .solve_weak_parallel(&TicTacToe::new(), &Budget::unlimited(), 2).unwrap();
    /// assert_eq!(s.value, Some(WeakValue::Draw));
    /// ```
    pub fn solve_weak_parallel<G>(
        &mut self,
        state: &G,
        budget: &Budget,
        threads: usize,
    ) -> Result<WeakSolution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        self.race(state, budget, threads, true).map(|s| weak_of(&s))
    }

    fn race<G>(
        &mut self,
        state: &G,
        budget: &Budget,
        threads: usize,
        weak: bool,
    ) -> Result<Solution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        check_threads(threads)?;
        if threads == 1 {
            return if weak {
                self.solve_weak_bounds(state, budget)
            } else {
                self.solve(state, budget)
            };
        }
        let running = start(budget)?;
        self.table.new_search();
        let halt = AtomicBool::new(false);
        let outcomes: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let opts = self.loop_options(k as u64);
                    let (table, running, halt) = (&self.table, &running, &halt);
                    scope.spawn(move || {
                        guarded(halt, || {
                            let mut s =
                                Searcher::new(&ZeroEvaluator, table, running, Some(halt), opts);
                            let out = null_window_search(&mut s, state, weak, probe_offset(k));
                            s.take_fault()?;
                            let done = !s.aborted;
                            if done {
                                halt.store(true, Ordering::Relaxed);
                            }
                            Ok((out, s.stats, s.horizon_reached, done))
                        })
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|p| Err(SearchError::from_panic(&*p)))
                })
                .collect::<Vec<_>>()
        });
        let outcomes = first_error(outcomes)?;
        let mut total = search_core::Stats::default();
        for (_, stats, _, _) in &outcomes {
            total.merge(stats);
        }
        let horizon = outcomes.iter().any(|o| o.2);
        let chosen = outcomes.into_iter().find(|o| o.3).map(|o| o.0);
        let bounds = match chosen {
            Some(b) => b,
            None => crate::solver::Bounds {
                lower: search_core::Score::loss_in(0),
                upper: search_core::Score::win_in(0),
            },
        };
        finish(bounds, total, horizon, &running)
    }
}

#[cfg(test)]
mod tests {
    use super::probe_offset;
    use crate::Solver;
    use games::ConnectFour;
    use search_core::Budget;

    #[test]
    fn helpers_probe_alternating_rungs() {
        let offsets: Vec<i64> = (0..7).map(probe_offset).collect();
        assert_eq!(offsets, [0, -1, 1, -2, 2, -3, 3]);
    }

    #[test]
    fn every_helper_offset_solves_exactly() {
        // Four threads use offsets 0, -1, +1 and -2; whichever finishes first must give
        // the serial value.
        for moves in [
            "4455",
            "44455554221",
            "5554224333234511764415115",
            "52753311433677442422121",
            "1233722555341451114725221333",
            "2252576253462244111563365343671351441",
        ] {
            let g: ConnectFour = moves.parse().unwrap();
            let serial = Solver::with_megabytes(4)
                .unwrap()
                .solve(&g, &Budget::unlimited())
                .unwrap();
            let parallel = Solver::with_megabytes(4)
                .unwrap()
                .solve_parallel(&g, &Budget::unlimited(), 4)
                .unwrap();
            assert!(parallel.solved, "{moves}");
            assert_eq!(parallel.score, serial.score, "{moves}");
        }
    }
}
