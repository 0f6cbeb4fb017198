//! When a search thread stops, and what else it does every so many nodes: the node limit
//! (this thread's share of it in a parallel solve), the budget's clock and stop flag, the
//! stop flag of the other threads, waking a parallel solve's helper threads, and growing a
//! table that uses only part of itself.

use std::sync::atomic::Ordering;

use search_core::{Evaluator, Game, RunningBudget};

use super::Searcher;
use crate::tables::transpositions::Transpositions;

/// How often (in nodes) a thread of a parallel search looks at the shared stop flag and, on
/// a parallel solve's main thread, whether to wake the helpers: a relaxed load of a flag
/// that is written once, far cheaper than the clock the budget reads every
/// [`POLL_INTERVAL`](RunningBudget::POLL_INTERVAL) nodes at most. Often enough that the threads
/// still searching when one finishes stop within microseconds, since the solve waits for
/// them.
pub(super) const CHECK_INTERVAL: u64 = 128;

// The clock is read at the checks that fall on its interval.
const _: () = assert!(RunningBudget::POLL_INTERVAL.is_power_of_two());
const _: () = assert!(RunningBudget::POLL_INTERVAL % CHECK_INTERVAL == 0);

/// An exact solve grows a table that uses only part of itself (see
/// [`Transpositions::slots_in_use`]) once a thread has searched this many nodes per slot in
/// use, times the number of threads (each thread counts its own nodes). Measured on Connect
/// Four with a table starting at 16 MiB of 64 (`docs/benchmarks/adversarial.md`).
pub(crate) const GROW_AFTER_NODES_PER_SLOT: u64 = 16;

/// The helper threads a parallel solve's main thread wakes once it has searched `at` nodes
/// (as its node count counts them): `wake` starts them and returns the main thread's node
/// limit from then on (its share of the budget's).
pub(super) struct Wake<'a> {
    at: u64,
    wake: &'a dyn Fn(u64) -> u64,
}

impl<'a, G, E, T> Searcher<'a, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    /// Has `wake` called once the node count reaches `at` (at once if it has, else checked
    /// every [`CHECK_INTERVAL`] nodes); the node limit `wake` returns becomes this
    /// searcher's (its share of the budget's once the helpers search too).
    pub(crate) fn wake_helpers_at(&mut self, at: u64, wake: &'a dyn Fn(u64) -> u64) {
        if self.stats.nodes >= at {
            self.max_nodes = wake(self.stats.nodes);
        } else {
            self.wake = Some(Wake { at, wake });
            self.check_mask = self.check_mask.min(CHECK_INTERVAL - 1);
        }
    }

    /// The nodes between two runs of `every_interval`: the interval at which the other
    /// threads' flag is read (with one) or the longest the clock may wait, and no more
    /// than the pacer's interval, when the clock is due sooner.
    pub(super) fn plan_checks(&mut self) {
        let base = if self.halt.is_some() || self.wake.is_some() {
            CHECK_INTERVAL
        } else {
            RunningBudget::POLL_INTERVAL
        };
        self.check_mask = base.min(self.pacer.interval()) - 1;
    }

    #[inline]
    pub(super) fn should_stop(&mut self) -> bool {
        // The budget's `poll`, with this thread's node limit (the clock and the stop flag in
        // `every_interval`).
        let nodes = self.stats.nodes;
        if nodes >= self.max_nodes || (nodes & self.check_mask == 0 && self.every_interval()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// What is checked every `check_mask + 1` nodes besides the node limit: the helpers to
    /// wake, whether another thread asked this one to stop, every
    /// [`POLL_INTERVAL`](RunningBudget::POLL_INTERVAL) nodes the table's growth, and the
    /// budget's clock and stop flag when the pacer says so (at most `POLL_INTERVAL` nodes
    /// apart, and about every [`ClockPacer::TARGET`](search_core::ClockPacer::TARGET) when
    /// nodes are slow).
    #[inline(never)]
    fn every_interval(&mut self) -> bool {
        let nodes = self.stats.nodes;
        if self.wake.as_ref().is_some_and(|w| nodes >= w.at) {
            if let Some(w) = self.wake.take() {
                self.max_nodes = (w.wake)(nodes);
            }
        }
        if nodes % RunningBudget::POLL_INTERVAL == 0 && self.opts.grow_after > 0 {
            self.grow_table(nodes);
        }
        self.ticks += self.check_mask + 1;
        if self.pacer.due(self.ticks) {
            let now = self.pacer.look(self.ticks);
            self.plan_checks();
            if self.budget.out_of_time_at(now) {
                return true;
            }
        }
        self.halt.is_some_and(|h| h.load(Ordering::Relaxed))
    }

    /// Counts one unit of work done between nodes (a child played to look ahead) and, when
    /// the pacer is due, looks at the clock: `true` (and the search aborted) once the time
    /// is up or the stop flag is set.
    #[inline]
    pub(super) fn tick_clock(&mut self) -> bool {
        self.ticks += 1;
        if self.pacer.due(self.ticks) {
            let now = self.pacer.look(self.ticks);
            self.plan_checks();
            if self.budget.out_of_time_at(now) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Grows a table that uses only part of itself once this thread has searched
    /// `grow_after` nodes per slot in use (see [`Transpositions::slots_in_use`]).
    fn grow_table(&self, nodes: u64) {
        if let Some(in_use) = self.table.slots_in_use() {
            if nodes / self.opts.grow_after >= in_use as u64 {
                self.table.grow();
            }
        }
    }
}
