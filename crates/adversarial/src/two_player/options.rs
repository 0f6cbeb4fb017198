//! [`LoopOptions`]: what the engines that run the searcher ([`Negamax`](crate::Negamax) and
//! the [`Solver`](crate::Solver)) set for every node of their search.

use search_core::Score;

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
