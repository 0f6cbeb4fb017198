//! [`Settings`]: what a search context is configured with, the same for
//! [`SearchContext`](crate::SearchContext) and [`GridContext`](crate::GridContext): the
//! budget of every search, a cost bound, and the threads of a batch.

use search_core::Budget;

use crate::engine::batch::run_batch;
use crate::engine::error::PathError;
use crate::engine::run::Run;

/// The budget, cost bound (in the context's cost type `C`) and threads of a context.
#[derive(Clone, Debug)]
pub(crate) struct Settings<C> {
    pub budget: Budget,
    pub max_cost: Option<C>,
    pub threads: usize,
    /// The bytes the searches of the context's threads may hold together.
    pub memory_cap: Option<u64>,
    /// The context is dropped as soon as its one search returns (a one-query function's):
    /// its searches keep time to free their structures before the deadline.
    pub one_query: bool,
}

impl<C> Default for Settings<C> {
    fn default() -> Self {
        Settings {
            budget: Budget::new(),
            max_cost: None,
            threads: 1,
            memory_cap: None,
            one_query: false,
        }
    }
}

impl<C: Copy> Settings<C> {
    /// Checks the budget and starts the clock of one search, whose costs are counted in
    /// `D`: `to_run` converts the cost bound.
    pub(crate) fn run<D: search_core::Cost>(
        &self,
        to_run: impl FnOnce(C) -> D,
    ) -> Result<Run<D>, PathError> {
        Ok(Run::new(&self.budget, self.max_cost.map(to_run))?
            .with_memory_cap(self.search_memory())
            .with_time_to_free(self.one_query))
    }

    /// What one search may hold: the memory cap, shared by the context's threads.
    pub(crate) fn search_memory(&self) -> Option<u64> {
        self.memory_cap.map(|m| m / self.threads.max(1) as u64)
    }

    /// Runs `solve` on every query of `queries` on [`threads`](Self::threads) threads
    /// (see [`run_batch`]): the calling thread's queries with `first`, each other thread's
    /// with a context `make` builds from these settings (for one thread).
    pub(crate) fn batch<Q, R, W>(
        &self,
        queries: &[Q],
        first: &mut W,
        make: impl Fn(Settings<C>) -> W + Sync,
        solve: impl Fn(&mut W, &Q) -> Result<R, PathError> + Sync,
    ) -> Result<Vec<R>, PathError>
    where
        Q: Sync,
        R: Send,
        C: Sync,
    {
        let worker = || {
            make(Settings {
                budget: self.budget.clone(),
                max_cost: self.max_cost,
                threads: 1,
                memory_cap: self.search_memory(),
                one_query: false,
            })
        };
        run_batch(self.threads, queries, first, worker, solve)
    }
}

/// The builder methods of a context (`with_budget`, `with_max_cost`, `with_memory_cap`,
/// `with_threads`), the same for [`SearchContext`](crate::SearchContext) and
/// [`GridContext`](crate::GridContext), whose `settings` field they set: `$cost` is the
/// context's cost type, and each `$example` the runnable example of one method's
/// documentation, in that order.
macro_rules! settings_builders {
    ($cost:ty, $budget:literal, $max_cost:literal, $memory:literal, $threads:literal) => {
        search_core::builder_methods! {
            /// Bounds every search run with this context: `depth` is the longest path in
            /// steps, `nodes` the number of states expanded, then a time limit and a stop flag
            /// (looked at about every quarter of a millisecond of search). A search stopped by
            /// one ends with [`PathOutcome::LimitReached`](crate::PathOutcome::LimitReached)
            /// naming the field. `iterations` means nothing to a path search: a budget that
            /// sets it makes every run fail with [`PathError::Budget`](crate::PathError::Budget)
            /// (`BudgetError::Unsupported`), as do a zero limit and a time limit too large for
            /// the clock.
            ///
            #[doc = $budget]
            with_budget(budget: search_core::Budget) => settings.budget;
        }

        /// Bounds the path cost: states whose path cost would exceed `max_cost` are not
        /// generated, so a returned path never costs more; a search that pruned some and
        /// found nothing ends with
        /// [`PathOutcome::LimitReached`](crate::PathOutcome::LimitReached)`(`[`Limit::Cost`](crate::Limit::Cost)`)`.
        ///
        #[doc = $max_cost]
        #[must_use]
        pub fn with_max_cost(mut self, max_cost: $cost) -> Self {
            self.settings.max_cost = Some(max_cost);
            self
        }

        /// Caps the memory of this context's searches at `bytes`: what a search holds (its
        /// table of states or per-cell arrays, its open list, queue or stack, its other
        /// buffers), measured by their capacities whenever the clock is looked at. A search
        /// stops with
        /// [`PathOutcome::LimitReached`](crate::PathOutcome::LimitReached)`(`[`Limit::Memory`](crate::Limit::Memory)`)`
        /// once they hold more than half the cap, since each may double before the next
        /// look, or before it starts if the arrays it makes first alone would: what a search
        /// holds stays under the cap. With `with_threads` the cap is shared: each thread's
        /// searches get an equal part. Memory a state points to (a `Vec` inside a state) is
        /// not seen; only its own size counts.
        ///
        #[doc = $memory]
        #[must_use]
        pub fn with_memory_cap(mut self, bytes: u64) -> Self {
            self.settings.memory_cap = Some(bytes);
            self
        }

        search_core::builder_methods! {
            /// How many threads `solve_all` runs its queries on (default 1), each with its own
            /// buffers; the results are the same as running the queries one by one. 0 makes
            /// `solve_all` fail with [`PathError::ZeroThreads`](crate::PathError::ZeroThreads).
            ///
            #[doc = $threads]
            with_threads(threads: usize) => settings.threads;
        }
    };
}

pub(crate) use settings_builders;
