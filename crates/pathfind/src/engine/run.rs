//! [`Run`]: the bookkeeping of one search (its budget, cost bound, counters, the bound that
//! pruned something, the clock), and how it becomes a [`SearchResult`].

use search_core::Instant;
use std::time::Duration;

use search_core::{Budget, BudgetError, BudgetField, ClockPacer, Cost, Stats, StopFlag};

use crate::engine::error::PathError;
use crate::engine::result::{Limit, POLL_INTERVAL, Path, PathOutcome, SearchResult};

/// What the search loops count; turned into [`Stats`] and the extras of a
/// [`SearchResult`] when the search ends.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counters {
    /// States expanded (`Stats::nodes`).
    pub expanded: u64,
    /// Successors generated (`Stats::leaves`).
    pub generated: u64,
    /// Largest frontier.
    pub max_frontier: usize,
    /// Closed states reopened.
    pub reopened: u64,
    /// Deepening iterations (`Stats::iterations`).
    pub iterations: u64,
}

/// The name path searches give when they refuse a budget field.
const ENGINE: &str = "path search";

/// Bookkeeping shared by every algorithm: the bounds, counters, the bound that pruned
/// something, and the clock.
#[derive(Clone, Debug)]
pub(crate) struct Run<C> {
    pub max_cost: Option<C>,
    pub max_depth: Option<u32>,
    max_nodes: Option<u64>,
    stop: Option<StopFlag>,
    pub stats: Counters,
    pub pruned: Option<Limit>,
    /// When the time limit runs out (`None`: no time limit).
    deadline: Option<Instant>,
    /// When to look at the clock and the flag (never without a deadline or a flag).
    pacer: ClockPacer,
    /// The limit that ended the search early (nodes, time, the stop flag or memory).
    reached: Limit,
    /// The bytes the search may hold (`None`: no cap).
    memory_cap: Option<u64>,
    /// A limit the search's setup found reached before its first expansion (then the node
    /// limit is zero, so that the search ends at once, with this limit).
    refused: Option<Limit>,
    /// The structures are freed before the caller gets the result (a one-query function's
    /// context): the search keeps time for that before its deadline.
    frees_on_return: bool,
}

/// The time a search keeps before its deadline per mebibyte its structures hold, when they
/// are freed before the caller gets the result: returning tens of megabytes to the system
/// takes milliseconds. The rate is a generous one for memory the search has touched.
const FREE_NANOS_PER_MIB: u64 = 100_000;

/// The time kept to free structures of `bytes` (see [`FREE_NANOS_PER_MIB`]).
fn time_to_free(bytes: u64) -> Duration {
    Duration::from_nanos(bytes.saturating_mul(FREE_NANOS_PER_MIB) >> 20)
}

impl<C: Cost> Run<C> {
    /// Checks `budget` and starts the clock.
    ///
    /// Path searches refuse `iterations` (they count states expanded: `nodes`), and like
    /// `Budget::start` a zero depth, node or time limit and a time limit too large for the
    /// clock; the depth limit has no upper bound (a path may be very long).
    pub(crate) fn new(budget: &Budget, max_cost: Option<C>) -> Result<Self, PathError> {
        budget.refuse(
            ENGINE,
            &[BudgetField::Iterations],
            "a path search counts states expanded: bound it with nodes (or depth, time, a stop flag)",
        )?;
        if budget.max_depth() == Some(0) {
            return Err(BudgetError::ZeroDepth.into());
        }
        if budget.max_nodes() == Some(0) {
            return Err(BudgetError::ZeroNodes.into());
        }
        let deadline = match budget.time_limit() {
            None => None,
            Some(limit) if limit.is_zero() => return Err(BudgetError::ZeroTime.into()),
            Some(limit) => Some(
                Instant::now()
                    .checked_add(limit)
                    .ok_or(BudgetError::TimeTooLarge { limit })?,
            ),
        };
        let stop = budget.stop_flag().cloned();
        Ok(Run {
            max_cost,
            max_depth: budget.max_depth(),
            max_nodes: budget.max_nodes(),
            pacer: if deadline.is_some() || stop.is_some() {
                ClockPacer::new(POLL_INTERVAL)
            } else {
                ClockPacer::never()
            },
            stop,
            stats: Counters::default(),
            pruned: None,
            deadline,
            reached: Limit::Budget(BudgetField::Nodes),
            memory_cap: None,
            refused: None,
            frees_on_return: false,
        })
    }

    /// Caps the bytes the search may hold: its structures are measured whenever the pacer
    /// looks at the clock (it looks for this alone when there is no time limit or flag),
    /// and the search stops once they hold more than half of `cap`, since each of them may
    /// double (one reallocation) before the next look.
    pub(crate) fn with_memory_cap(mut self, cap: Option<u64>) -> Self {
        if cap.is_some() && self.deadline.is_none() && self.stop.is_none() {
            self.pacer = ClockPacer::new(POLL_INTERVAL);
        }
        self.memory_cap = cap;
        self
    }

    /// Makes the search stop early enough to free its structures before its deadline: for
    /// the one-query functions, whose context is dropped before they return. The time
    /// kept grows with the bytes the structures hold ([`FREE_NANOS_PER_MIB`]), measured
    /// whenever the pacer looks at the clock.
    pub(crate) fn with_time_to_free(mut self, frees_on_return: bool) -> Self {
        self.frees_on_return = frees_on_return;
        self
    }

    /// `true` if the search must stop before its next expansion: the node limit is
    /// reached, or (looked at when the pacer says, at most `POLL_INTERVAL` expansions
    /// apart) time is up, the stop flag is set or the structures hold more than half the
    /// memory cap. The limit is remembered for [`Run::finish_budget`].
    ///
    /// `bytes` gives the bytes the search's structures hold (their capacities): called
    /// when the pacer is due, if the search has a memory cap.
    #[inline]
    pub(crate) fn out_of_budget(&mut self, bytes: impl FnOnce() -> usize) -> bool {
        if self.max_nodes.is_some_and(|m| self.stats.expanded >= m) {
            self.reached = self.refused.unwrap_or(Limit::Budget(BudgetField::Nodes));
            return true;
        }
        self.pacer.due(self.stats.expanded) && self.look(bytes)
    }

    /// `true` if the search has a deadline or a stop flag: something may stop it at any
    /// moment, so it prepares the growths of its tables ahead, a part at a time (see
    /// [`Nodes::growth_stops`](crate::engine::nodes::Nodes::growth_stops)).
    #[inline]
    pub(crate) fn interruptible(&self) -> bool {
        self.deadline.is_some() || self.stop.is_some()
    }

    /// The memory cap's check and the clock's, when the pacer is due.
    #[cold]
    #[inline(never)]
    fn look(&mut self, bytes: impl FnOnce() -> usize) -> bool {
        let held = (self.memory_cap.is_some() || self.frees_on_return).then(|| bytes() as u64);
        if let (Some(cap), Some(held)) = (self.memory_cap, held) {
            if held.saturating_mul(2) > cap {
                self.pacer.look(self.stats.expanded);
                self.reached = Limit::Memory;
                return true;
            }
        }
        let to_free = match held {
            Some(bytes) if self.frees_on_return => time_to_free(bytes),
            _ => Duration::ZERO,
        };
        self.clock_ran_out(to_free)
    }

    /// `true` if arrays of `bytes` that a search makes before it starts (the per-cell
    /// arrays of a grid search) would hold more than half the memory cap: then the search
    /// ends at its first expansion with [`Limit::Memory`], and the caller makes none.
    pub(crate) fn setup_exceeds_memory(&mut self, bytes: usize) -> bool {
        let exceeds = self
            .memory_cap
            .is_some_and(|cap| (bytes as u64).saturating_mul(2) > cap);
        if exceeds {
            self.refused = Some(Limit::Memory);
            self.reached = Limit::Memory;
            self.max_nodes = Some(0);
        }
        exceeds
    }

    /// `true` (and remembers the limit) if the stop flag is set or the time is up, looked
    /// at now, for a search whose structures hold `held` bytes: a search that frees them on
    /// return keeps the time to, as at the pacer's looks. A search setting up its arrays
    /// before its first expansion holds nothing yet (`held` 0).
    pub(crate) fn interrupted(&mut self, held: usize) -> bool {
        let keep = if self.frees_on_return {
            time_to_free(held as u64)
        } else {
            Duration::ZERO
        };
        self.clock_ran_out(keep)
    }

    /// `true` if the stop flag is set or the deadline is less than `keep` away.
    fn clock_ran_out(&mut self, keep: Duration) -> bool {
        let now = self.pacer.look(self.stats.expanded);
        if self.stop.as_ref().is_some_and(StopFlag::is_set) {
            self.reached = Limit::Budget(BudgetField::Stop);
            true
        } else if self.deadline.is_some_and(|d| now + keep >= d) {
            self.reached = Limit::Budget(BudgetField::Time);
            true
        } else {
            false
        }
    }

    /// The limit [`Run::out_of_budget`] found reached.
    pub(crate) fn reached(&self) -> Limit {
        self.reached
    }

    /// `true` (and remembers it) if a successor at `depth` is too deep.
    #[inline]
    pub(crate) fn too_deep(&mut self, depth: u32) -> bool {
        if self.max_depth.is_some_and(|m| depth > m) {
            self.pruned = Some(Limit::Budget(BudgetField::Depth));
            true
        } else {
            false
        }
    }

    /// `true` (and remembers it) if a successor of cost `g` is too expensive.
    #[inline]
    pub(crate) fn too_costly(&mut self, g: C) -> bool {
        if self.max_cost.is_some_and(|m| g > m) {
            self.pruned = Some(Limit::Cost);
            true
        } else {
            false
        }
    }

    /// Records a frontier size.
    #[inline]
    pub(crate) fn frontier(&mut self, len: usize) {
        if len > self.stats.max_frontier {
            self.stats.max_frontier = len;
        }
    }

    /// The statistics so far, without the elapsed time: the clock of a search is read by
    /// [`timed`] around it, not kept in the run (a field more here measurably slows the
    /// grid searches' loop).
    pub(crate) fn stats(&self, path_steps: u32) -> Stats {
        Stats {
            nodes: self.stats.expanded,
            leaves: self.stats.generated,
            depth_reached: path_steps,
            max_ply: path_steps,
            iterations: self.stats.iterations,
            ..Stats::default()
        }
    }

    /// The result of a search that ended with `outcome`. Its path's cost may be of another
    /// type than the run's (the grid A* counts in fixed point and reports `FloatCost`).
    pub(crate) fn finish<N, D>(&self, outcome: PathOutcome<N, D>) -> SearchResult<N, D> {
        let steps = match &outcome {
            PathOutcome::Found(p) => u32::try_from(p.steps()).unwrap_or(u32::MAX),
            _ => 0,
        };
        SearchResult {
            outcome,
            stats: self.stats(steps),
            max_frontier: self.stats.max_frontier,
            reopened: self.stats.reopened,
            best_so_far: None,
        }
    }

    /// The result of a search that found `path`.
    pub(crate) fn finish_found<N, D>(&self, path: Path<N, D>) -> SearchResult<N, D> {
        self.finish(PathOutcome::Found(path))
    }

    /// The result of a search that ran out of states: no path, unless a bound pruned some.
    pub(crate) fn finish_exhausted<N, D>(&self) -> SearchResult<N, D> {
        self.finish(match self.pruned {
            Some(limit) => PathOutcome::LimitReached(limit),
            None => PathOutcome::NoPath,
        })
    }

    /// The result of a search that [`Run::out_of_budget`] stopped.
    pub(crate) fn finish_budget<N, D>(&self) -> SearchResult<N, D> {
        self.finish(PathOutcome::LimitReached(self.reached))
    }
}

/// A search's result that carries its [`Stats`]: [`timed`] sets their elapsed time.
pub(crate) trait Timed {
    /// The statistics of the search.
    fn stats_mut(&mut self) -> &mut Stats;
}

impl<N, C> Timed for SearchResult<N, C> {
    fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }
}

/// Runs a whole search and sets the elapsed time of its result.
#[inline(always)]
pub(crate) fn timed<R: Timed>(
    search: impl FnOnce() -> Result<R, PathError>,
) -> Result<R, PathError> {
    let started = Instant::now();
    let mut result = search()?;
    result.stats_mut().elapsed = started.elapsed();
    Ok(result)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use search_core::{Budget, BudgetField};

    use super::Run;
    use crate::engine::result::Limit;

    /// A deadline or a stop flag can stop a search at any moment; limits on nodes or depth
    /// and a memory cap are checked at expansions only.
    #[test]
    fn deadlines_and_stop_flags_make_a_search_interruptible() {
        let hour = Budget::time(Duration::from_secs(3600));
        assert!(Run::<u32>::new(&hour, None).unwrap().interruptible());
        let flagged = Budget::new().with_stop(search_core::StopFlag::new());
        assert!(Run::<u32>::new(&flagged, None).unwrap().interruptible());
        let counted = Budget::nodes(10).with_depth(5);
        let run = Run::<u32>::new(&counted, None)
            .unwrap()
            .with_memory_cap(Some(1 << 20));
        assert!(!run.interruptible());
    }

    /// A search whose structures are freed on return keeps time for that before its
    /// deadline, in proportion to what they hold; one that keeps them does not.
    #[test]
    fn a_search_that_frees_on_return_stops_before_its_deadline() {
        // The whole address space held (0.4 s to free on a 32-bit target, hours on a
        // 64-bit one) takes twice the budget to free: out of time at the first look.
        let held = || usize::MAX;
        let short = Budget::time(super::time_to_free(usize::MAX as u64) / 2);
        let mut frees = Run::<u32>::new(&short, None)
            .unwrap()
            .with_time_to_free(true);
        assert!(frees.look(held));
        assert_eq!(frees.reached(), Limit::Budget(BudgetField::Time));

        let budget = Budget::time(Duration::from_secs(5));
        let mut keeps = Run::<u32>::new(&budget, None).unwrap();
        assert!(!keeps.look(held));
        // A small search has time left to free its structures.
        let mut small = Run::<u32>::new(&budget, None)
            .unwrap()
            .with_time_to_free(true);
        assert!(!small.look(|| 1 << 20));
    }
}
