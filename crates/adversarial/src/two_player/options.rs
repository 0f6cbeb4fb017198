//! What the engines that run the searcher ([`Negamax`](crate::Negamax) and the
//! [`Solver`](crate::Solver)) set: [`LoopOptions`] for every node of their search, and the
//! [`Setup`] both engines hold (the table, those options, the budget, the threads).

use std::sync::Arc;

use search_core::{Budget, RunningBudget, Score, SearchError};

use crate::tables::entry::Replacement;
use crate::tables::transposition::{TableRequest, TranspositionTable};
use crate::two_player::ordering::MoveOrdering;

/// What a search loop does at each node, set by the engine driving it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LoopOptions {
    /// Principal-variation search: null window for every move after the first.
    pub pvs: bool,
    /// Which move-ordering sources to use.
    pub ordering: MoveOrdering,
    /// Use the game's `winning_move` and `non_losing_moves` hooks.
    pub hooks: bool,
    /// Exact-solver mode: no heuristic leaves are expected, so table entries are valid
    /// whatever depth they were searched to.
    pub exact: bool,
    /// Nodes with fewer plies than this left (remaining depth, or the game's
    /// `remaining_plies_bound`) do not use the table.
    pub min_table_plies: u32,
    /// Before searching a node's children, start loading their table slots into the cache
    /// (see [`Transpositions::prefetch`](crate::Transpositions::prefetch)): costs a play per child, saves a memory stall per
    /// child searched.
    pub prefetch: bool,
    /// Maintain the principal variation (a copy per improving move; off in the solver).
    pub track_pv: bool,
    /// Store symmetric states under one key ([`Transpositions::class_key`](crate::Transpositions::class_key)); a state that
    /// is not its class's representative neither reads nor writes a table move.
    pub symmetry: bool,
    /// Perturbs the order of equally ranked moves (0 = none): Lazy SMP helpers use it to
    /// explore different parts of the tree.
    pub salt: u64,
    /// Quiescence search: at the horizon, up to this many extra plies of noisy moves
    /// ([`Game::is_noisy`](search_core::Game::is_noisy)) with stand-pat; 0 = off (the evaluation alone).
    pub quiescence: u32,
    /// Enhanced transposition cut-off: before searching a node's children, look their
    /// entries up in the table and end the node if one already proves `value >= beta`.
    pub etc: bool,
    /// Parallel solves: helper threads probe neighbouring rungs of the value ladder
    /// (`true`) or the same rung as the main thread (`false`).
    pub spread_probes: bool,
    /// Null-window solves: the value the root's first probe tests, from which the probes
    /// then move outwards (`None`: halve the range of possible values from the start).
    pub first_guess: Option<Score>,
    /// Grow a table that uses only part of itself (see [`Transpositions::slots_in_use`](crate::Transpositions::slots_in_use))
    /// once this thread has searched this many nodes per slot in use; 0: never.
    pub grow_after: u64,
}

/// What [`Negamax`](crate::Negamax) and the [`Solver`](crate::Solver) both hold, and the
/// steps they share with it: the table (or the request for one by size), the options of
/// every node, the budget and the threads.
#[derive(Debug)]
pub(crate) struct Setup<T> {
    pub table: T,
    /// A table asked for by size, allocated when the next search starts.
    pub pending_table: Option<TableRequest<T>>,
    pub opts: LoopOptions,
    pub budget: Budget,
    pub threads: usize,
}

impl<T> Setup<T> {
    /// The same setup with `table` instead of the table (or the request) it had.
    pub(crate) fn with_table<U>(self, table: U) -> Setup<U> {
        Setup {
            table,
            pending_table: None,
            opts: self.opts,
            budget: self.budget,
            threads: self.threads,
        }
    }

    /// The same setup with a table of at most `megabytes` MiB and `replacement`, allocated
    /// when the next search starts (a one-slot table stands in for it until then).
    pub(crate) fn with_table_mb(
        self,
        megabytes: u64,
        replacement: Replacement,
    ) -> Setup<Arc<TranspositionTable>> {
        let (request, placeholder) = TableRequest::new(megabytes, replacement);
        let mut setup = self.with_table(placeholder);
        setup.pending_table = Some(request);
        setup
    }

    /// Starts the budget, then allocates a table asked for by size: the clock starts first,
    /// so that the allocation counts towards the time limit. A size that cannot be used
    /// stays asked for (each search returns the error).
    ///
    /// # Errors
    /// The budget's, and [`SearchError::Config`] for a table size that cannot be used.
    pub(crate) fn start(&mut self) -> Result<RunningBudget, SearchError> {
        let running = self.budget.start()?;
        if let Some(request) = self.pending_table {
            request.fulfil(&mut self.table)?;
            self.pending_table = None;
        }
        Ok(running)
    }
}
