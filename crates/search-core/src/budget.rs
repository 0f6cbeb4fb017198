//! [`Budget`]: how much a search may do (depth, nodes, iterations, time, a stop flag), and
//! [`RunningBudget`](crate::RunningBudget), the started clock engines poll.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use thiserror::Error;

use crate::platform::threads_available;

/// A flag shared between threads: set it and every search holding a clone stops soon after.
///
/// ```
/// use search_core::StopFlag;
/// let flag = StopFlag::new();
/// let for_ui = flag.clone();
/// assert!(!flag.is_set());
/// for_ui.stop();
/// assert!(flag.is_set());
/// flag.reset();
/// assert!(!for_ui.is_set());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

/// Two flags are equal when they are the same flag: one is a clone of the other (setting
/// one sets the other). Two separately created flags are never equal, even both unset.
///
/// ```
/// use search_core::StopFlag;
/// let flag = StopFlag::new();
/// assert_eq!(flag, flag.clone());
/// assert_ne!(flag, StopFlag::new());
/// ```
impl PartialEq for StopFlag {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for StopFlag {}

impl StopFlag {
    /// A new, unset flag.
    ///
    /// ```
    /// assert!(!search_core::StopFlag::new().is_set());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    ///
    /// ```
    /// let f = search_core::StopFlag::new();
    /// f.stop();
    /// assert!(f.is_set());
    /// ```
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Clears the flag so it can be used for another search.
    ///
    /// ```
    /// let f = search_core::StopFlag::new();
    /// f.stop();
    /// f.reset();
    /// assert!(!f.is_set());
    /// ```
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// `true` once [`stop`](StopFlag::stop) was called.
    ///
    /// ```
    /// assert!(!search_core::StopFlag::new().is_set());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much a search may do: the one budget every engine of the workspace accepts, from
/// `with_budget`. Every limit is optional; a search stops at the first one reached.
///
/// Each field means one thing everywhere:
///
/// | field | meaning | alpha-beta, negamax | solver | MCTS | path searches |
/// |---|---|---|---|---|---|
/// | [`depth`](Budget::depth) | how many plies (or steps) below the start the search looks | nominal search depth | refused: a solve has no horizon | the tree grows no deeper (playouts still run to the end) | longest path, in steps |
/// | [`nodes`](Budget::nodes) | positions the search visits, as counted in [`Stats::nodes`](crate::Stats::nodes) | positions searched | positions searched | refused: use iterations; the tree's memory cap is its own setting | states expanded |
/// | [`iterations`](Budget::iterations) | rounds of the engine's outer loop, counted in [`Stats::iterations`](crate::Stats::iterations) | refused: use depth | refused | playouts | refused |
/// | [`time`](Budget::time) | wall-clock time from the start of the search | yes | yes | yes | yes |
/// | [`with_stop`](Budget::with_stop) | a [`StopFlag`] another thread may set | yes | yes | yes | yes |
///
/// A field an engine cannot honour is refused with [`BudgetError::Unsupported`] when the
/// search starts, never ignored ([`Budget::refuse`] is how engines do it, yours too).
/// Limits are validated when the search starts ([`Budget::start`]): a zero limit, an absurd
/// depth or a time limit too large for the clock is a [`BudgetError`], never a panic.
///
/// ```
/// use std::time::Duration;
/// use search_core::{Budget, StopFlag};
///
/// let stop = StopFlag::new();
/// let budget = Budget::depth(12)
///     .with_nodes(5_000_000)
///     .with_time(Duration::from_millis(250))
///     .with_stop(stop.clone());
/// assert_eq!(budget.max_depth(), Some(12));
/// assert!(budget.start().is_ok());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    pub(crate) max_depth: Option<u32>,
    pub(crate) max_nodes: Option<u64>,
    pub(crate) max_iterations: Option<u64>,
    pub(crate) time_limit: Option<Duration>,
    pub(crate) stop: Option<StopFlag>,
}

/// One field of a [`Budget`], to name it in an error or in [`Budget::refuse`].
///
/// ```
/// use search_core::BudgetField;
/// assert_eq!(BudgetField::Iterations.to_string(), "iterations");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BudgetField {
    /// [`Budget::depth`].
    Depth,
    /// [`Budget::nodes`].
    Nodes,
    /// [`Budget::iterations`].
    Iterations,
    /// [`Budget::time`].
    Time,
    /// [`Budget::with_stop`].
    Stop,
}

impl core::fmt::Display for BudgetField {
    /// The builder's name: `depth`, `nodes`, `iterations`, `time` or `stop flag`.
    ///
    /// ```
    /// assert_eq!(search_core::BudgetField::Stop.to_string(), "stop flag");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            BudgetField::Depth => "depth",
            BudgetField::Nodes => "nodes",
            BudgetField::Iterations => "iterations",
            BudgetField::Time => "time",
            BudgetField::Stop => "stop flag",
        })
    }
}

impl Budget {
    /// The deepest search any engine accepts, in plies.
    pub const MAX_DEPTH: u32 = 10_000;

    /// A budget with no limit yet, to fill in with the `with_*` methods. Alone, it sets no
    /// limit at all: the search runs until it is done (an exact solve) or the stop flag is
    /// set. The same as `Budget::default()`.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = search_core::Budget::new().with_depth(8).with_time(Duration::from_secs(1));
    /// assert_eq!(b.max_depth(), Some(8));
    /// assert!(search_core::Budget::new().is_unlimited());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Search at most `plies` deep.
    ///
    /// ```
    /// assert_eq!(search_core::Budget::depth(6).max_depth(), Some(6));
    /// ```
    #[must_use]
    pub fn depth(plies: u32) -> Self {
        Self::default().with_depth(plies)
    }

    /// Visit at most `nodes` positions (path searches: expand at most `nodes` states).
    ///
    /// ```
    /// assert_eq!(search_core::Budget::nodes(1000).max_nodes(), Some(1000));
    /// ```
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Self::default().with_nodes(nodes)
    }

    /// Run at most `iterations` rounds of the engine's outer loop (MCTS: playouts).
    ///
    /// ```
    /// assert_eq!(search_core::Budget::iterations(500).max_iterations(), Some(500));
    /// ```
    #[must_use]
    pub fn iterations(iterations: u64) -> Self {
        Self::default().with_iterations(iterations)
    }

    /// Stop after `limit` of wall-clock time.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = search_core::Budget::time(Duration::from_millis(100));
    /// assert_eq!(b.time_limit(), Some(Duration::from_millis(100)));
    /// ```
    #[must_use]
    pub fn time(limit: Duration) -> Self {
        Self::default().with_time(limit)
    }

    /// Adds (or replaces) the depth limit.
    ///
    /// ```
    /// let b = search_core::Budget::nodes(10).with_depth(3);
    /// assert_eq!((b.max_depth(), b.max_nodes()), (Some(3), Some(10)));
    /// ```
    #[must_use]
    pub fn with_depth(mut self, plies: u32) -> Self {
        self.max_depth = Some(plies);
        self
    }

    /// Adds (or replaces) the node limit.
    ///
    /// ```
    /// let b = search_core::Budget::depth(3).with_nodes(10);
    /// assert_eq!(b.max_nodes(), Some(10));
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Adds (or replaces) the iteration limit.
    ///
    /// ```
    /// let b = search_core::Budget::nodes(100).with_iterations(10);
    /// assert_eq!(b.max_iterations(), Some(10));
    /// ```
    #[must_use]
    pub fn with_iterations(mut self, iterations: u64) -> Self {
        self.max_iterations = Some(iterations);
        self
    }

    /// Adds (or replaces) the time limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// let b = search_core::Budget::depth(3).with_time(Duration::from_secs(1));
    /// assert_eq!(b.time_limit(), Some(Duration::from_secs(1)));
    /// ```
    #[must_use]
    pub fn with_time(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Attaches a stop flag that another thread may set.
    ///
    /// ```
    /// use search_core::{Budget, StopFlag};
    /// let b = Budget::new().with_stop(StopFlag::new());
    /// assert!(b.stop_flag().is_some());
    /// ```
    #[must_use]
    pub fn with_stop(mut self, flag: StopFlag) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Each limit the tighter of `self`'s and `other`'s (a limit only one of them has is
    /// kept); the stop flag is `self`'s, or `other`'s if `self` has none. This is how an
    /// engine with limits of its own takes the budget of one move from a game clock
    /// ([`Strategy::choose_move_within`](crate::Strategy::choose_move_within)).
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::Budget;
    /// let own = Budget::depth(6).with_time(Duration::from_secs(5));
    /// let this_move = Budget::time(Duration::from_millis(300));
    /// let b = own.capped_by(&this_move);
    /// assert_eq!(b.max_depth(), Some(6));
    /// assert_eq!(b.time_limit(), Some(Duration::from_millis(300)));
    /// assert_eq!(b.max_nodes(), None);
    /// ```
    #[must_use]
    pub fn capped_by(&self, other: &Budget) -> Budget {
        fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            a.into_iter().chain(b).min()
        }
        Budget {
            max_depth: tighter(self.max_depth, other.max_depth),
            max_nodes: tighter(self.max_nodes, other.max_nodes),
            max_iterations: tighter(self.max_iterations, other.max_iterations),
            time_limit: tighter(self.time_limit, other.time_limit),
            stop: self.stop.clone().or_else(|| other.stop.clone()),
        }
    }

    /// The depth limit, if any.
    ///
    /// ```
    /// assert_eq!(search_core::Budget::new().max_depth(), None);
    /// ```
    #[must_use]
    pub fn max_depth(&self) -> Option<u32> {
        self.max_depth
    }

    /// The node limit, if any.
    ///
    /// ```
    /// assert_eq!(search_core::Budget::new().max_nodes(), None);
    /// ```
    #[must_use]
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The iteration limit, if any.
    ///
    /// ```
    /// assert_eq!(search_core::Budget::new().max_iterations(), None);
    /// ```
    #[must_use]
    pub fn max_iterations(&self) -> Option<u64> {
        self.max_iterations
    }

    /// The time limit, if any.
    ///
    /// ```
    /// assert_eq!(search_core::Budget::new().time_limit(), None);
    /// ```
    #[must_use]
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The stop flag, if any.
    ///
    /// ```
    /// assert!(search_core::Budget::new().stop_flag().is_none());
    /// ```
    #[must_use]
    pub fn stop_flag(&self) -> Option<&StopFlag> {
        self.stop.as_ref()
    }

    /// `true` when no depth, node, iteration or time limit and no stop flag is set.
    ///
    /// ```
    /// assert!(!search_core::Budget::depth(1).is_unlimited());
    /// ```
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        self.max_depth.is_none()
            && self.max_nodes.is_none()
            && self.max_iterations.is_none()
            && self.time_limit.is_none()
            && self.stop.is_none()
    }

    /// `true` when the budget sets `field`.
    ///
    /// ```
    /// use search_core::{Budget, BudgetField};
    /// let b = Budget::depth(3);
    /// assert!(b.has(BudgetField::Depth) && !b.has(BudgetField::Time));
    /// ```
    #[must_use]
    pub fn has(&self, field: BudgetField) -> bool {
        match field {
            BudgetField::Depth => self.max_depth.is_some(),
            BudgetField::Nodes => self.max_nodes.is_some(),
            BudgetField::Iterations => self.max_iterations.is_some(),
            BudgetField::Time => self.time_limit.is_some(),
            BudgetField::Stop => self.stop.is_some(),
        }
    }

    /// Refuses the budget when it sets one of `fields`, which `engine` cannot honour:
    /// [`BudgetError::Unsupported`] naming the engine and the field, with `advice` (what
    /// to use instead) in the message. Every engine calls this when a search starts, so
    /// that no limit is silently ignored; call it in your own engines too.
    ///
    /// ```
    /// use search_core::{Budget, BudgetError, BudgetField};
    /// let b = Budget::iterations(100);
    /// let err = b.refuse("Negamax", &[BudgetField::Iterations], "use a depth").unwrap_err();
    /// assert!(matches!(err, BudgetError::Unsupported { field: BudgetField::Iterations, .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Negamax cannot honour the iterations limit of this budget: use a depth"
    /// );
    /// assert!(Budget::depth(4).refuse("Negamax", &[BudgetField::Iterations], "").is_ok());
    /// ```
    pub fn refuse(
        &self,
        engine: &'static str,
        fields: &[BudgetField],
        advice: &'static str,
    ) -> Result<(), BudgetError> {
        match fields.iter().find(|&&f| self.has(f)) {
            Some(&field) => Err(BudgetError::Unsupported {
                engine,
                field,
                advice,
            }),
            None => Ok(()),
        }
    }
}

/// A [`Budget`] that cannot bound a search.
///
/// ```
/// use search_core::{Budget, BudgetError};
/// assert_eq!(Budget::depth(0).start().unwrap_err(), BudgetError::ZeroDepth);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BudgetError {
    /// A maximum depth of zero leaves nothing to search.
    #[error("the depth limit is zero: a search needs a depth of at least 1")]
    ZeroDepth,
    /// A node limit of zero leaves nothing to search.
    #[error("the node limit is zero: a search needs at least one node")]
    ZeroNodes,
    /// An iteration limit of zero leaves nothing to search.
    #[error("the iteration limit is zero: a search needs at least one iteration")]
    ZeroIterations,
    /// A time limit of zero leaves nothing to search.
    #[error("the time limit is zero: give the search some time")]
    ZeroTime,
    /// The depth limit is larger than any search could use.
    #[error("the depth limit {depth} is absurd (the largest supported is {max})")]
    DepthTooLarge {
        /// The requested depth.
        depth: u32,
        /// The largest depth supported.
        max: u32,
    },
    /// The time limit cannot be represented as a deadline on the system's monotonic clock.
    #[error("the time limit {limit:?} is too large to be a deadline")]
    TimeTooLarge {
        /// The requested limit.
        limit: Duration,
    },
    /// The engine cannot honour one of the budget's limits: it was refused rather than
    /// ignored. Use what the message advises instead.
    ///
    /// ```
    /// use search_core::{Budget, BudgetError, BudgetField};
    /// let e = Budget::iterations(5).refuse("Solver", &[BudgetField::Iterations], "remove it");
    /// assert!(matches!(e, Err(BudgetError::Unsupported { engine: "Solver", .. })));
    /// ```
    #[error("{engine} cannot honour the {field} limit of this budget: {advice}")]
    Unsupported {
        /// The engine that refused it.
        engine: &'static str,
        /// The limit it cannot honour.
        field: BudgetField,
        /// What to do instead.
        advice: &'static str,
    },
    /// The budget has no limit that would ever end this engine's search (for example a
    /// depth limit alone for MCTS, whose playouts go on at every depth).
    ///
    /// ```
    /// let e = search_core::BudgetError::NeverStops { engine: "Mcts", advice: "add a time limit" };
    /// assert!(e.to_string().contains("add a time limit"));
    /// ```
    #[error("this budget would never stop {engine}: {advice}")]
    NeverStops {
        /// The engine.
        engine: &'static str,
        /// Which limit to add.
        advice: &'static str,
    },
    /// More than one thread was asked for on a target that cannot start threads
    /// (WebAssembly in a web browser): refused when the search starts
    /// ([`check_threads`](crate::check_threads)) rather than a panic in the middle of it.
    ///
    /// ```
    /// let e = search_core::BudgetError::NoThreads { engine: "Mcts", threads: 4 };
    /// assert!(e.to_string().contains("with_threads(1)"));
    /// ```
    #[error(
        "{engine} cannot use {threads} threads: this target (WebAssembly without threads) cannot start a thread; search on the calling thread alone (with_threads(1))"
    )]
    NoThreads {
        /// The engine.
        engine: &'static str,
        /// The threads it was asked to use.
        threads: usize,
    },
}

/// Refuses `threads` threads for `engine` where none can be started
/// ([`threads_available`] is `false`): [`BudgetError::NoThreads`] for more than one, so that
/// a `with_threads(n)` fails when the search starts instead of panicking in the standard
/// library. One thread (the calling one) is always fine, and so is any number where
/// threads exist. Engines call it when a search starts; call it in your own too.
///
/// # Errors
/// [`BudgetError::NoThreads`] for `threads > 1` on a target without threads.
///
/// ```
/// use search_core::{check_threads, threads_available, BudgetError};
/// assert!(check_threads("Mcts", 1).is_ok());
/// let two = check_threads("Mcts", 2);
/// if threads_available() {
///     assert!(two.is_ok());
/// } else {
///     assert_eq!(two, Err(BudgetError::NoThreads { engine: "Mcts", threads: 2 }));
/// }
/// ```
pub fn check_threads(engine: &'static str, threads: usize) -> Result<(), BudgetError> {
    if threads > 1 && !threads_available() {
        return Err(BudgetError::NoThreads { engine, threads });
    }
    Ok(())
}
