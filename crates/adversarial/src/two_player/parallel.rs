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
//! thread runs the shared loop of `two_player/searcher.rs`.
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

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use search_core::{Evaluator, Game, RunningBudget, SearchError, Stats, ZeroEvaluator};

use crate::solving::null_window::{Bounds, null_window_search};
use crate::solving::pool::Helpers;
use crate::tables::transpositions::Transpositions;
use crate::two_player::options::LoopOptions;
use crate::two_player::searcher::Searcher;

/// The most threads a search accepts.
pub(crate) const MAX_THREADS: usize = 1024;

/// Which rung of the value ladder thread `k` of a parallel solve probes with
/// [`Solver::with_spread_probes`](crate::Solver::with_spread_probes), relative to the one
/// the serial search would choose: 0 for the main thread, then -1, +1, -2, +2, ... for the
/// helpers, so that the threads prove different bounds into the shared table instead of
/// sharing the work of one probe.
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

/// [`SearchError::Config`] unless `threads` is in `1..=MAX_THREADS`.
pub(crate) fn check_threads(threads: usize) -> Result<(), SearchError> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(SearchError::Config(format!(
            "with_threads({threads}): use between 1 and {MAX_THREADS} threads (std::thread::available_parallelism() is a good choice)"
        )));
    }
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
                scope.spawn(move || {
                    guarded(halt, || {
                        // The threads share the one node limit.
                        let share = running.share_nodes(threads, k, 0);
                        let mut s = Searcher::new(eval, table, &share, Some(halt), opts);
                        helper(&mut s);
                        s.take_fault()?;
                        Ok(s.stats)
                    })
                })
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
            .map(|h| SearchError::flatten_panic(h.join()))
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

/// What a null-window solve on one or more threads produced.
pub(crate) struct Race {
    /// The bounds proven (equal when solved).
    pub bounds: Bounds,
    /// The counters of all threads.
    pub stats: Stats,
    /// A thread met a line longer than the deepest search allowed.
    pub horizon: bool,
}

/// The helper threads of a parallel solve, and when its main thread wakes them.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Crew<'h> {
    /// The helpers, parked between solves.
    pub helpers: &'h Helpers,
    /// The main thread searches this many nodes alone before it wakes them.
    pub after: u64,
}

/// What one thread of a null-window solve found: its bounds, counters, and whether it met
/// a line longer than the deepest search allowed.
type Outcome = (Bounds, Stats, bool);

/// The null-window solve of `state` sharing `table`, on the calling thread alone or with the
/// `crew`'s helpers: thread `k` (0 the calling thread, the helpers 1, 2, ...) probes rungs
/// `probe_offset(k)` away from the serial choice. The calling thread searches alone until it
/// has searched `crew.after` nodes, then wakes the helpers, which start their own searches
/// from the root (so a position solved sooner never pays for waking them). The first thread
/// to finish answers (every finished thread has the exact value); when the budget stops them
/// all first, the answer is the intersection of the bounds each thread proved. Without
/// helpers, a panic unwinds to the caller; with them, a panic on any thread (the calling
/// one included) is [`SearchError::WorkerPanicked`].
///
/// `known` holds bounds already proven for the value ([`Bounds::OPEN`] when none).
///
/// Every searcher starts counting at `nodes_before` (nodes already spent from `running` by
/// earlier solves of the same run), so that a node limit covers them all; the statistics
/// returned count only this solve. The calling thread has all of what is left of a node
/// limit until it wakes the helpers; what is left then is split equally between all threads.
#[allow(clippy::too_many_arguments)]
pub(crate) fn race<G, T>(
    table: &T,
    running: &RunningBudget,
    opts: LoopOptions,
    crew: Option<Crew<'_>>,
    state: &G,
    weak: bool,
    nodes_before: u64,
    known: Bounds,
) -> Result<Race, SearchError>
where
    G: Game + Sync,
    T: Transpositions<G> + Sync,
{
    let Some(crew) = crew.filter(|c| c.helpers.count() > 0) else {
        let mut s = Searcher::new(&ZeroEvaluator, table, running, None, opts);
        s.stats.nodes = nodes_before;
        let bounds = null_window_search(&mut s, state, weak, 0, known);
        s.take_fault()?;
        s.stats.nodes -= nodes_before;
        return Ok(Race {
            bounds,
            stats: s.stats,
            horizon: s.horizon_reached,
        });
    };
    let threads = crew.helpers.count() + 1;
    let halt = AtomicBool::new(false);
    // The index of the first thread to finish, `usize::MAX` until one has.
    let first = AtomicUsize::new(usize::MAX);
    // The calling thread's node count when it woke the helpers: they count from there.
    let woken_at = AtomicU64::new(nodes_before);
    // Thread `k`'s search, counting nodes from `from` within `budget`.
    let search = |k: usize,
                  budget: &RunningBudget,
                  from: u64,
                  wake: Option<&dyn Fn(u64) -> u64>|
     -> Result<Outcome, SearchError> {
        let opts = LoopOptions {
            salt: k as u64,
            ..opts
        };
        let offset = if opts.spread_probes {
            probe_offset(k)
        } else {
            0
        };
        let mut s = Searcher::new(&ZeroEvaluator, table, budget, Some(&halt), opts);
        s.stats.nodes = from;
        if let Some(wake) = wake {
            s.wake_helpers_at(from.saturating_add(crew.after), wake);
        }
        let bounds = null_window_search(&mut s, state, weak, offset, known);
        s.take_fault()?;
        s.stats.nodes -= from;
        if !s.aborted {
            let _ = first.compare_exchange(usize::MAX, k, Ordering::Relaxed, Ordering::Relaxed);
            halt.store(true, Ordering::Relaxed);
        }
        Ok((bounds, s.stats, s.horizon_reached))
    };
    // The helpers' outcomes, in the order they finish (nothing is allocated unless they
    // were woken).
    let helper_outcomes: Mutex<Vec<(usize, Result<Outcome, SearchError>)>> = Mutex::new(Vec::new());
    let job = |k: usize| {
        if halt.load(Ordering::Relaxed) {
            return; // the solve ended before this helper started
        }
        let from = woken_at.load(Ordering::Relaxed);
        // The threads share what is left of the one node limit.
        let share = running.share_nodes(threads, k, from);
        let outcome = guarded(&halt, || search(k, &share, from, None));
        helper_outcomes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((k, outcome));
    };
    let main = crew.helpers.run(&job, |waker| {
        let wake = |at: u64| {
            woken_at.store(at, Ordering::Relaxed);
            waker.wake();
            running.share_nodes(threads, 0, at).max_nodes()
        };
        // A main search that finished, failed or was stopped has raised `halt` (or found it
        // raised), which stops the helpers at their next poll; one that spent its share of
        // a node limit leaves the helpers to spend theirs.
        guarded(&halt, || search(0, running, nodes_before, Some(&wake)))
    });
    // Every helper has finished: the first error in thread order, if any (nothing is
    // allocated when no helper ran).
    let main = main?;
    let mut helpers = helper_outcomes
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    helpers.sort_unstable_by_key(|o| o.0);
    let helpers: Vec<(usize, Outcome)> = helpers
        .into_iter()
        .map(|(k, o)| o.map(|o| (k, o)))
        .collect::<Result<_, _>>()?;
    let all = || core::iter::once(&main).chain(helpers.iter().map(|(_, o)| o));
    let mut stats = Stats::default();
    for (_, s, _) in all() {
        stats.merge(s);
    }
    let horizon = all().any(|o| o.2);
    let winner = match first.load(Ordering::Relaxed) {
        0 => Some(&main),
        k => helpers.iter().find(|h| h.0 == k).map(|h| &h.1),
    };
    let bounds = match winner {
        Some(winner) => winner.0,
        // Nobody finished: every thread's bounds hold, so together they hold too.
        None => all().fold(Bounds::OPEN, |acc, o| acc.intersect(o.0)),
    };
    Ok(Race {
        bounds,
        stats,
        horizon,
    })
}

#[cfg(test)]
mod tests {
    use super::probe_offset;
    use crate::Solver;
    use games::ConnectFour;

    #[test]
    fn helpers_probe_alternating_rungs() {
        let offsets: Vec<i64> = (0..7).map(probe_offset).collect();
        assert_eq!(offsets, [0, -1, 1, -2, 2, -3, 3]);
    }

    #[test]
    fn every_helper_offset_solves_exactly() {
        // Four threads use offsets 0, -1, +1 and -2 (or all 0); whichever finishes first must
        // give the serial value.
        for moves in [
            "4455",
            "44455554221",
            "5554224333234511764415115",
            "52753311433677442422121",
            "1233722555341451114725221333",
            "2252576253462244111563365343671351441",
        ] {
            let g: ConnectFour = moves.parse().unwrap();
            let serial = Solver::new().with_table_mb(4).solve(&g).unwrap();
            for spread in [true, false] {
                let parallel = Solver::new()
                    .with_table_mb(4)
                    .with_threads(4)
                    .with_spread_probes(spread)
                    .solve(&g)
                    .unwrap();
                assert!(parallel.solved, "{moves}");
                assert_eq!(parallel.score, serial.score, "{moves} spread {spread}");
            }
        }
    }
}
