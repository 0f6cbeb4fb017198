//! The null-window solve of the [`Solver`](crate::Solver) on one thread or several: every
//! thread runs the null-window search of `null_window.rs` on the shared table (the calling
//! thread alone until it has searched a while, then with the solver's parked helper threads,
//! `pool.rs`), the first to finish answers, and the others are stopped. What parallel
//! searches share with [`Negamax`](crate::Negamax)'s Lazy SMP (catching a thread's panic,
//! the thread count's check) is in `two_player/parallel.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use search_core::{Game, RunningBudget, SearchError, Stats, ZeroEvaluator};

use crate::solving::null_window::{Bounds, null_window_search};
use crate::solving::pool::Helpers;
use crate::tables::transpositions::Transpositions;
use crate::two_player::options::LoopOptions;
use crate::two_player::parallel::guarded;
use crate::two_player::searcher::Searcher;

/// Which rung of the value ladder thread `k` of a parallel solve probes with
/// [`Solver::with_spread_probes`](crate::Solver::with_spread_probes), relative to the one
/// the serial search would choose: 0 for the main thread, then -1, +1, -2, +2, ... for the
/// helpers, so that the threads prove different bounds into the shared table instead of
/// sharing the work of one probe.
fn probe_offset(k: usize) -> i64 {
    let step = k.div_ceil(2) as i64;
    if k % 2 == 1 { -step } else { step }
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
