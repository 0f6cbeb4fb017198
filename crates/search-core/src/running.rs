//! [`RunningBudget`]: a [`Budget`] started by [`Budget::start`], the clock and the limits an
//! engine polls while it searches.

use crate::budget::{Budget, BudgetError, StopFlag};
use crate::pacer::ClockPacer;
use crate::platform::Instant;

impl Budget {
    /// Checks the limits and starts the clock.
    ///
    /// # Errors
    /// A [`BudgetError`] for a zero limit, a depth above [`Budget::MAX_DEPTH`], or a time
    /// limit too large to form a deadline.
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::{Budget, BudgetError};
    /// assert!(Budget::depth(4).start().is_ok());
    /// assert_eq!(Budget::nodes(0).start().unwrap_err(), BudgetError::ZeroNodes);
    /// assert!(matches!(
    ///     Budget::time(Duration::MAX).start(),
    ///     Err(BudgetError::TimeTooLarge { .. })
    /// ));
    /// ```
    pub fn start(&self) -> Result<RunningBudget, BudgetError> {
        match self.max_depth {
            Some(0) => return Err(BudgetError::ZeroDepth),
            Some(d) if d > Self::MAX_DEPTH => {
                return Err(BudgetError::DepthTooLarge {
                    depth: d,
                    max: Self::MAX_DEPTH,
                });
            }
            _ => {}
        }
        if self.max_nodes == Some(0) {
            return Err(BudgetError::ZeroNodes);
        }
        if self.max_iterations == Some(0) {
            return Err(BudgetError::ZeroIterations);
        }
        let started = Instant::now();
        let deadline = match self.time_limit {
            None => None,
            Some(limit) if limit.is_zero() => return Err(BudgetError::ZeroTime),
            Some(limit) => Some(
                started
                    .checked_add(limit)
                    .ok_or(BudgetError::TimeTooLarge { limit })?,
            ),
        };
        Ok(RunningBudget {
            started,
            deadline,
            max_depth: self.max_depth.unwrap_or(Self::MAX_DEPTH),
            max_nodes: self.max_nodes.unwrap_or(u64::MAX),
            max_iterations: self.max_iterations.unwrap_or(u64::MAX),
            stop: self.stop.clone(),
        })
    }
}

/// A started [`Budget`]: the clock and the limits an engine checks while it searches.
///
/// Reading the clock costs far more than visiting a node, so
/// [`poll`](RunningBudget::poll) checks the node limit every time but the clock and stop
/// flag only every [`RunningBudget::POLL_INTERVAL`] nodes.
///
/// ```
/// use search_core::Budget;
/// let running = Budget::nodes(100).start().unwrap();
/// assert!(!running.poll(99));
/// assert!(running.poll(100));
/// ```
#[derive(Clone, Debug)]
pub struct RunningBudget {
    started: Instant,
    deadline: Option<Instant>,
    max_depth: u32,
    max_nodes: u64,
    max_iterations: u64,
    stop: Option<StopFlag>,
}

impl RunningBudget {
    /// How many nodes pass between two looks at the clock in [`poll`](RunningBudget::poll).
    pub const POLL_INTERVAL: u64 = 1024;

    /// The depth limit (`Budget::MAX_DEPTH` when none was set).
    ///
    /// ```
    /// use search_core::Budget;
    /// assert_eq!(Budget::depth(5).start().unwrap().max_depth(), 5);
    /// ```
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// The node limit (`u64::MAX` when none was set).
    ///
    /// ```
    /// use search_core::Budget;
    /// assert_eq!(Budget::new().start().unwrap().max_nodes(), u64::MAX);
    /// ```
    #[must_use]
    pub fn max_nodes(&self) -> u64 {
        self.max_nodes
    }

    /// The iteration limit (`u64::MAX` when none was set).
    ///
    /// ```
    /// use search_core::Budget;
    /// assert_eq!(Budget::iterations(9).start().unwrap().max_iterations(), 9);
    /// ```
    #[must_use]
    pub fn max_iterations(&self) -> u64 {
        self.max_iterations
    }

    /// Time since the search started.
    ///
    /// ```
    /// use search_core::Budget;
    /// let r = Budget::new().start().unwrap();
    /// assert!(r.elapsed().as_secs() < 60);
    /// ```
    #[must_use]
    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    /// `true` if the deadline has passed or the stop flag is set. Reads the clock: call it
    /// sparingly, or use [`poll`](RunningBudget::poll).
    ///
    /// ```
    /// use search_core::{Budget, StopFlag};
    /// let flag = StopFlag::new();
    /// let r = Budget::new().with_stop(flag.clone()).start().unwrap();
    /// assert!(!r.out_of_time());
    /// flag.stop();
    /// assert!(r.out_of_time());
    /// ```
    #[must_use]
    pub fn out_of_time(&self) -> bool {
        self.out_of_time_at(Instant::now())
    }

    /// Thread `index`'s share of this budget when `parts` threads search together: the
    /// same clock, deadline and stop flag, and an equal part of the node limit still left
    /// after `spent` nodes (the first threads take one node more when it does not divide),
    /// so that the threads' nodes together stay within the one limit that
    /// [`Stats::nodes`](crate::Stats::nodes) reports. Each thread counts from `spent`.
    ///
    /// ```
    /// use search_core::Budget;
    /// let running = Budget::nodes(10).start().unwrap();
    /// let shares: Vec<u64> = (0..3).map(|k| running.share_nodes(3, k, 1).max_nodes()).collect();
    /// assert_eq!(shares, [1 + 3, 1 + 3, 1 + 3]); // 9 left: 3 each, counted from 1
    /// let unlimited = Budget::new().start().unwrap();
    /// assert_eq!(unlimited.share_nodes(2, 1, 0).max_nodes(), u64::MAX);
    /// ```
    #[must_use]
    pub fn share_nodes(&self, parts: usize, index: usize, spent: u64) -> RunningBudget {
        let mut share = self.clone();
        if self.max_nodes != u64::MAX {
            let parts = parts.max(1) as u64;
            let rest = self.max_nodes.saturating_sub(spent);
            share.max_nodes = spent + rest / parts + u64::from((index as u64) < rest % parts);
        }
        share
    }

    /// The same clock, deadline and stop flag with the node limit lowered to `nodes` (kept
    /// when it is lower already): to run one slice of a search, counted from the nodes the
    /// earlier slices spent.
    ///
    /// ```
    /// use search_core::Budget;
    /// let running = Budget::nodes(100).start().unwrap();
    /// assert_eq!(running.limit_nodes(30).max_nodes(), 30);
    /// assert_eq!(running.limit_nodes(300).max_nodes(), 100);
    /// ```
    #[must_use]
    pub fn limit_nodes(&self, nodes: u64) -> RunningBudget {
        let mut slice = self.clone();
        slice.max_nodes = self.max_nodes.min(nodes);
        slice
    }

    /// `true` if the search must stop after visiting `nodes` nodes: the node limit is
    /// reached, or (checked every `POLL_INTERVAL` nodes) time is up or the stop flag is set.
    ///
    /// ```
    /// use search_core::{Budget, StopFlag};
    /// let flag = StopFlag::new();
    /// let r = Budget::new().with_stop(flag.clone()).start().unwrap();
    /// flag.stop();
    /// assert!(!r.poll(1));     // the flag is only read every POLL_INTERVAL nodes
    /// assert!(r.poll(1024));
    /// ```
    #[inline]
    #[must_use]
    pub fn poll(&self, nodes: u64) -> bool {
        nodes >= self.max_nodes || (nodes % Self::POLL_INTERVAL == 0 && self.out_of_time())
    }

    /// A [`ClockPacer`] for one search loop under this budget: it paces the looks at the
    /// clock to what the loop's work costs, at most [`POLL_INTERVAL`](Self::POLL_INTERVAL)
    /// units apart; never due when the budget has neither a time limit nor a stop flag.
    ///
    /// ```
    /// use search_core::Budget;
    /// assert!(!Budget::nodes(9).start().unwrap().pacer().due(1_000_000));
    /// assert!(Budget::time(std::time::Duration::from_secs(1)).start().unwrap().pacer().due(1));
    /// ```
    #[must_use]
    pub fn pacer(&self) -> ClockPacer {
        if self.deadline.is_none() && self.stop.is_none() {
            ClockPacer::never()
        } else {
            ClockPacer::new(Self::POLL_INTERVAL)
        }
    }

    /// [`out_of_time`](Self::out_of_time) at the time `now`, read by the caller (from
    /// [`ClockPacer::look`]).
    ///
    /// ```
    /// use search_core::{Budget, Instant};
    /// use std::time::Duration;
    /// let r = Budget::time(Duration::from_secs(60)).start().unwrap();
    /// assert!(!r.out_of_time_at(Instant::now()));
    /// assert!(r.out_of_time_at(Instant::now() + Duration::from_secs(61)));
    /// ```
    #[must_use]
    pub fn out_of_time_at(&self, now: Instant) -> bool {
        if let Some(flag) = &self.stop {
            if flag.is_set() {
                return true;
            }
        }
        matches!(self.deadline, Some(d) if now >= d)
    }

    /// `true` if the search must stop after `work` units (nodes, iterations, expansions)
    /// because its time is up or its stop flag is set, looked at when `pacer` is due: the
    /// paced form of [`out_of_time`](Self::out_of_time), for any kind of work.
    ///
    /// ```
    /// use search_core::{Budget, StopFlag};
    /// let flag = StopFlag::new();
    /// let r = Budget::new().with_stop(flag.clone()).start().unwrap();
    /// let mut pacer = r.pacer();
    /// assert!(!r.out_of_time_paced(1, &mut pacer));
    /// flag.stop();
    /// assert!(r.out_of_time_paced(2, &mut pacer));
    /// ```
    #[inline]
    pub fn out_of_time_paced(&self, work: u64, pacer: &mut ClockPacer) -> bool {
        pacer.due(work) && self.out_of_time_at(pacer.look(work))
    }

    /// `true` if the search must stop after visiting `nodes` nodes: the node limit is
    /// reached, or (looked at when `pacer` is due) time is up or the stop flag is set. The
    /// paced form of [`poll`](Self::poll), which a search whose nodes may be slow (user code
    /// in every node) should use.
    ///
    /// ```
    /// use search_core::Budget;
    /// let r = Budget::nodes(100).start().unwrap();
    /// let mut pacer = r.pacer();
    /// assert!(!r.poll_paced(99, &mut pacer));
    /// assert!(r.poll_paced(100, &mut pacer));
    /// ```
    #[inline]
    pub fn poll_paced(&self, nodes: u64, pacer: &mut ClockPacer) -> bool {
        nodes >= self.max_nodes || self.out_of_time_paced(nodes, pacer)
    }

    /// `true` if `iterations` iterations exhaust the budget, checking the clock every time
    /// (an MCTS iteration is long enough that reading the clock is cheap in comparison,
    /// but engines may still check only every few iterations).
    ///
    /// ```
    /// use search_core::Budget;
    /// let r = Budget::iterations(3).start().unwrap();
    /// assert!(!r.iterations_done(2));
    /// assert!(r.iterations_done(3));
    /// ```
    #[must_use]
    pub fn iterations_done(&self, iterations: u64) -> bool {
        iterations >= self.max_iterations || self.out_of_time()
    }
}
