//! Threads: how several share the work ([`Parallelism`]), and root parallelisation, for
//! both modes: every search thread grows its own tree from the same root, with its share of
//! the iterations; a failure on one thread stops the others. (Tree parallelism, the
//! two-player mode's, is in `shared/`.)

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{GeneralGame, SearchError};

use crate::engine::context::{Ctx, Limits};
use crate::engine::mode::DataOf;
use crate::parallel::worker::{Steps, Worker};

/// How several search threads share the work (see [`with_parallelism`](crate::Engine::with_parallelism)).
///
/// ```
/// use games::ConnectFour;
/// use mcts::{Mcts, Parallelism};
/// let ai = Mcts::<ConnectFour>::new().with_threads(2).with_parallelism(Parallelism::Root);
/// assert_eq!(ai.parallelism(), Parallelism::Root);
/// assert_eq!(Parallelism::default(), Parallelism::Root);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Parallelism {
    /// Tree parallelisation: one tree shared by all threads, whose node
    /// statistics are atomics; a thread descending into a node adds a *virtual loss* (its
    /// visit counts before its reward arrives, as a loss), so the threads spread over
    /// different lines. The iterations are taken from one shared budget and the node cap
    /// holds for the one tree.
    Tree,
    /// Root parallelisation: every thread grows a tree of its own, with its share of the
    /// iterations and of the node cap; the root statistics are merged at the end. No
    /// shared memory is written during the search. The default: it runs more playouts a
    /// second than the shared tree on two cores, at equal strength within the arena's
    /// intervals (`docs/benchmarks/mcts.md`).
    #[default]
    Root,
}

/// The iterations thread `index` of `threads` runs: `max_iterations` split as evenly as
/// possible (`u64::MAX`, no limit, stays unlimited).
pub(crate) fn share(max_iterations: u64, threads: usize, index: usize) -> u64 {
    if max_iterations == u64::MAX {
        u64::MAX
    } else {
        max_iterations / threads as u64
            + u64::from((index as u64) < max_iterations % threads as u64)
    }
}

/// Runs every worker on `state`: on the calling thread when there is one worker (a panic
/// then unwinds to the caller), otherwise each on a thread of its own, where a panic is
/// caught and becomes [`SearchError::WorkerPanicked`]. The first error, in thread order,
/// is returned, after every thread has stopped (a failing thread raises `limits.halt`).
pub(crate) fn run_workers<G, P, K>(
    workers: &mut [Worker<G::Move, DataOf<K>>],
    state: &G,
    ctx: &Ctx<'_, G, P>,
    limits: &Limits<'_>,
    max_iterations: u64,
) -> Result<(), SearchError>
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: Sync,
    K: Steps<G, P>,
{
    let threads = workers.len();
    if let [only] = workers {
        return only.run::<G, P, K>(state, ctx, limits, share(max_iterations, 1, 0));
    }
    let tasks: Vec<_> = workers
        .iter_mut()
        .enumerate()
        .map(|(i, w)| {
            let root = state.clone();
            let n = share(max_iterations, threads, i);
            move || w.run::<G, P, K>(&root, ctx, limits, n)
        })
        .collect();
    run_tasks(tasks, limits.halt)
}

/// Runs every task on a thread of its own and waits for all of them. A panic is caught
/// and becomes [`SearchError::WorkerPanicked`]; a task that fails raises `halt`, which the
/// others poll to stop. Returns the first error in task order.
pub(crate) fn run_tasks<F>(tasks: Vec<F>, halt: &AtomicBool) -> Result<(), SearchError>
where
    F: FnOnce() -> Result<(), SearchError> + Send,
{
    let results: Vec<Result<(), SearchError>> = std::thread::scope(|s| {
        let handles: Vec<_> = tasks
            .into_iter()
            .map(|task| {
                s.spawn(move || {
                    // A panic in user code, or an error, stops the other threads.
                    let r = SearchError::flatten_panic(catch_unwind(AssertUnwindSafe(task)));
                    if r.is_err() {
                        halt.store(true, Ordering::Relaxed);
                    }
                    r
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| SearchError::flatten_panic(h.join()))
            .collect()
    });
    results.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn shares_add_up_to_the_limit() {
        for (total, threads) in [(10u64, 3usize), (2, 4), (1_000_001, 7)] {
            let sum: u64 = (0..threads).map(|i| share(total, threads, i)).sum();
            assert_eq!(sum, total);
        }
        assert_eq!(share(u64::MAX, 3, 2), u64::MAX);
    }
}
