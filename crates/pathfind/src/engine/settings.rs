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
