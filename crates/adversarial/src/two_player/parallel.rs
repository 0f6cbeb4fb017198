//! Parallel search on all cores: **Lazy SMP**, reached through `with_threads(n)` on
//! [`Negamax`](crate::Negamax) and [`Solver`](crate::Solver).
//!
//! Every thread runs the same search (iterative deepening for `Negamax`, the null-window
//! loop for `Solver`) on the same position, sharing one lock-free
//! [`TranspositionTable`](crate::TranspositionTable). Helper threads order equally ranked
//! moves differently (a per-thread salt), so they tend to explore different subtrees first
//! and leave results in the table that the other threads then find; in a parallel solve
//! with [`Solver::with_spread_probes`](crate::Solver::with_spread_probes), each helper also
//! probes a different value of the null-window search. `Negamax` answers
//! with the main thread's result; a parallel solve answers with the first thread to finish
//! (all being exact), or, when the budget runs out first, with the bounds all threads proved
//! together. The others are stopped. There is no second copy of the search loop: each
//! thread runs the shared loop of `two_player/searcher/`.
//!
//! **A solver's threads.** `Negamax` starts its helper threads for each search. A parallel
//! `Solver` starts its helpers once and keeps them parked between solves (`solving/pool.rs`); a
//! solve runs its main search on the calling thread, which wakes the helpers only once it
//! has searched [`Solver::with_helpers_after`](crate::Solver::with_helpers_after) nodes
//! alone, so that an easy position costs what it costs on one thread.
//!
//! **Faults surface.** A panic in user code (the game, the evaluator) on a thread the
//! engine started (or, in a parallel solve, on the calling thread) is caught on that
//! thread, raises the shared stop flag so that every other thread stops within 128 nodes
//! (the threads of a parallel search look at the flag that often), and comes back as [`SearchError::WorkerPanicked`] with the panic's message, never as an
//! answer from the threads that survived. A broken game found by any thread
//! ([`SearchError::NoLegalMoves`], [`SearchError::TurnDidNotPass`]...) stops the others the
//! same way. The shared table stays usable: a slot is only ever written with a finished
//! result, and a slot torn by a thread that stopped half-way reads as empty.
//!
//! This file holds `Negamax`'s Lazy SMP and what every parallel search of the crate shares
//! (a guarded thread, the thread count's check); the parallel solve is `solving/race.rs`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{Evaluator, Game, RunningBudget, SearchError, Stats};

use crate::tables::transpositions::Transpositions;
use crate::two_player::options::LoopOptions;
use crate::two_player::searcher::Searcher;

/// The stack of every thread the engines of this crate start (`Negamax`'s Lazy SMP helpers,
/// a parallel [`Solver`](crate::Solver)'s helpers): 64 MiB of address space, of which the
/// system commits only what the search touches. The deepest search a
/// [`Budget`](search_core::Budget) allows ([`Budget::MAX_DEPTH`](search_core::Budget::MAX_DEPTH)
/// plies) needs a few MiB in an optimised build (the solver: between 2 and 4 MiB on a game
/// whose state is one byte; a larger state needs more); a thread's default 2 MiB is not
/// enough. A program that runs such deep searches on a thread of its own can give that
/// thread the same.
pub(crate) const THREAD_STACK_BYTES: usize = 64 << 20;

/// The most threads a search accepts.
pub(crate) const MAX_THREADS: usize = 1024;

/// Runs one search thread's work: a panic becomes [`SearchError::WorkerPanicked`], and a
/// panic or an error raises `halt`, so that the other threads stop at their next poll.
pub(crate) fn guarded<R>(
    halt: &AtomicBool,
    work: impl FnOnce() -> Result<R, SearchError>,
) -> Result<R, SearchError> {
    let result = SearchError::flatten_panic(catch_unwind(AssertUnwindSafe(work)));
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

/// [`SearchError::Config`] unless `threads` is in `1..=MAX_THREADS`, and
/// [`BudgetError::NoThreads`](search_core::BudgetError::NoThreads) for more than one where
/// the target cannot start threads (WebAssembly in a browser).
pub(crate) fn check_threads(engine: &'static str, threads: usize) -> Result<(), SearchError> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(SearchError::Config(format!(
            "with_threads({threads}): use between 1 and {MAX_THREADS} threads (std::thread::available_parallelism() is a good choice)"
        )));
    }
    search_core::check_threads(engine, threads)?;
    Ok(())
}

/// Lazy SMP: `main` runs on the calling thread and `helper` on `threads - 1` helper threads,
/// each on its own [`Searcher`] over the shared `table` (helper `k` with salt `k`). Returns
/// `main`'s answer and the statistics of all threads (the main thread's depth and
/// iterations). With one thread, `main` alone runs, without a stop flag.
///
/// A panic in `main` unwinds to the caller once the helpers have been stopped and joined;
/// a panic on a helper is [`SearchError::WorkerPanicked`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn lazy_smp<G, E, T, R>(
    eval: &E,
    table: &T,
    running: &RunningBudget,
    opts: LoopOptions,
    threads: usize,
    helper: impl Fn(&mut Searcher<'_, G, E, T>) + Sync,
    main: impl FnOnce(&mut Searcher<'_, G, E, T>) -> R,
) -> Result<(R, Stats), SearchError>
where
    G: Game + Sync,
    E: Evaluator<G> + Sync,
    T: Transpositions<G> + Sync,
{
    if threads <= 1 {
        let mut s = Searcher::new(eval, table, running, None, opts);
        let answer = main(&mut s);
        s.take_fault()?;
        return Ok((answer, s.stats));
    }
    let halt = AtomicBool::new(false);
    let (main, helpers) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|k| {
                let (halt, helper) = (&halt, &helper);
                let opts = LoopOptions {
                    salt: k as u64,
                    ..opts
                };
                let started = std::thread::Builder::new()
                    .name(format!("search-helper-{k}"))
                    .stack_size(THREAD_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        guarded(halt, || {
                            // The threads share the one node limit.
                            let share = running.share_nodes(threads, k, 0);
                            let mut s = Searcher::new(eval, table, &share, Some(halt), opts);
                            helper(&mut s);
                            s.take_fault()?;
                            Ok(s.stats)
                        })
                    });
                if started.is_err() {
                    // The search's answer would lack this thread: stop the others.
                    halt.store(true, Ordering::Relaxed);
                }
                started
            })
            .collect();
        // The main search polls `halt` too: a helper that fails raises it.
        let main = catch_unwind(AssertUnwindSafe(|| {
            let share = running.share_nodes(threads, 0, 0);
            let mut s = Searcher::new(eval, table, &share, Some(&halt), opts);
            let answer = main(&mut s);
            (answer, s.take_fault(), s.stats)
        }));
        halt.store(true, Ordering::Relaxed);
        let helpers: Vec<Result<Stats, SearchError>> = helpers
            .into_iter()
            .map(|h| match h {
                Ok(h) => SearchError::flatten_panic(h.join()),
                Err(e) => Err(SearchError::Config(format!(
                    "with_threads({threads}): a helper thread could not be started: {e}"
                ))),
            })
            .collect();
        (main, helpers)
    });
    let (answer, fault, mut stats) = main.unwrap_or_else(|p| std::panic::resume_unwind(p));
    fault?;
    for h in &first_error(helpers)? {
        let (depth, iterations) = (stats.depth_reached, stats.iterations);
        stats.merge(h);
        stats.depth_reached = depth;
        stats.iterations = iterations;
    }
    Ok((answer, stats))
}
