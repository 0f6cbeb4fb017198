//! [`Engine::search`]: checking the request, making the kept trees belong to the position
//! (tree reuse, in the two-player mode), running the threads and reading the result, for
//! both modes, with [`Model`], what a search asks of a mode beside its iterations.

use std::sync::atomic::AtomicBool;

use search_core::{
    Budget, BudgetError, BudgetField, Game, GeneralGame, RunningBudget, SearchError, SplitMix64,
    Stats,
};

use crate::engine::Engine;
use crate::engine::context::{Ctx, Expansion, Limits};
use crate::engine::final_choice::Choice;
use crate::engine::mode::{DataOf, General, ZeroSum};
use crate::engine::result::SearchResult;
use crate::engine::rules::Rules;
use crate::parallel::threads::Parallelism;
use crate::parallel::worker::{Steps, Worker};
use crate::steps::playout::Playout;
use crate::steps::rave::Amaf;
use crate::steps::selection::Widening;
use crate::steps::transpositions::Slot;
use crate::tree::{Node, reserve_within};

/// What a search asks of a mode beside its iterations ([`Steps`]): its checks, the root,
/// tree reuse, the threads and the final move. Implemented by [`ZeroSum`] (in
/// `zero_sum.rs`) and [`General`] (in `general.rs`).
pub(crate) trait Model<G: GeneralGame, P>: Steps<G, P> {
    /// Whether the threads' generators go on from one search to the next (with tree
    /// reuse) rather than start again from the seed's streams at every search.
    const KEEPS_GENERATORS: bool;

    /// Checks the options of `engine` that only this mode has.
    fn check(engine: &Engine<G, P, Self>) -> Result<(), SearchError>;

    /// Checks the root: the error for a state that cannot be searched, else the game's
    /// rules and the player to move.
    fn root(state: &G) -> Result<(Rules, u8), SearchError>;

    /// Makes the workers' trees belong to `state` (tree reuse): `false` when they must
    /// start afresh. Work this takes counts towards the search's budget, `running`.
    fn follow(engine: &mut Engine<G, P, Self>, state: &G, running: &RunningBudget) -> bool;

    /// The root node of a new tree for `state`, whose player to move is `player`.
    fn root_node(placeholder: G::Move, player: u8) -> Node<G::Move, DataOf<Self>>;

    /// Runs the workers on `state` (a tree each, or one shared tree when `shared`).
    #[allow(clippy::too_many_arguments)]
    fn run_threads(
        workers: &mut [Worker<G::Move, DataOf<Self>>],
        state: &G,
        ctx: &Ctx<'_, G, P>,
        limits: &Limits<'_>,
        max_iterations: u64,
        cap: usize,
        shared: bool,
    ) -> Result<(), SearchError>;

    /// The move chosen by the search that just ended, the root's value and every root
    /// move's statistics, merged over the threads.
    fn choose(
        engine: &Engine<G, P, Self>,
        state: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<Choice<G::Move>, SearchError>;
}

impl<G, P> Engine<G, P, ZeroSum>
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    /// Searches `state` within the budget and returns the chosen move with the root's
    /// value, per-move statistics and counters. The kept tree is reused when it belongs to
    /// this position (or to one up to two plies before it).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game. [`SearchError::Budget`] for a budget
    /// the engine cannot use: zero iterations or time
    /// ([`BudgetError::ZeroIterations`]...), a node limit
    /// ([`BudgetError::Unsupported`]: bound the tree with
    /// [`with_node_cap`](Engine::with_node_cap)), or a depth limit with nothing that would
    /// end the search ([`BudgetError::NeverStops`]); see [`with_budget`](Engine::with_budget).
    /// [`SearchError::Config`] for an invalid option (exploration constant NaN or negative,
    /// zero threads, a node cap too small for the root's moves). A broken game, wherever
    /// the search meets it (in the tree or in a playout): [`SearchError::NoLegalMoves`]
    /// for a state that is ongoing without legal moves, and
    /// [`SearchError::IllegalHookMove`] for a
    /// `winning_move` or `non_losing_moves` hook that returns a move that is not legal
    /// (checked when the root is expanded; at every expansion in debug builds).
    /// [`SearchError::TooManyMoves`] for a state with more than 65 535 moves. After an
    /// error the kept tree is dropped.
    ///
    /// # Panics
    /// With one thread the search runs on the calling thread, and a panic in the game, the
    /// playout policy or the evaluator prior unwinds to the caller. With more threads
    /// ([`with_threads`](Engine::with_threads)) every thread is one the engine started: a
    /// panic on any of them is caught, the other threads stop within 16 iterations, and
    /// the search returns [`SearchError::WorkerPanicked`] with the panic's message (never
    /// a move chosen from the threads that survived).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{Mcts, Value};
    /// use search_core::{Budget, SearchError, Wdl};
    ///
    /// // X (to move) has three in a row on the bottom with both ends open.
    /// let g: ConnectFour = "445566".parse().unwrap();
    /// let mut ai = Mcts::new().with_seed(3).with_budget(Budget::iterations(1_000));
    /// let r = ai.search(&g).unwrap();
    /// assert!(r.best_move == 2 || r.best_move == 6);
    /// assert_eq!(r.value, Value::Proven(Wdl::Win));
    ///
    /// let mut bad = Mcts::<ConnectFour>::new().with_budget(Budget::iterations(0));
    /// assert!(matches!(bad.search(&g), Err(SearchError::Budget(_))));
    /// ```
    ///
    /// [`BudgetError::ZeroIterations`]: search_core::BudgetError::ZeroIterations
    /// [`BudgetError::Unsupported`]: search_core::BudgetError::Unsupported
    /// [`BudgetError::NeverStops`]: search_core::BudgetError::NeverStops
    pub fn search(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError> {
        run_search(self, state)
    }
}

impl<G, P> Engine<G, P, General>
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    /// Searches `state`, where a player is to move, within the budget, and returns the
    /// chosen move with every root move's statistics.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Config`] for a chance
    /// node at the root (apply an outcome first), an exploration constant that is NaN or
    /// negative, zero threads, a playout policy with a cut-off, or a node cap of zero or
    /// too small for the root's moves;
    /// [`SearchError::Budget`] for a zero limit, a node limit, or a depth alone;
    /// [`SearchError::UnsupportedGame`] for more than 255 players;
    /// [`SearchError::TooManyMoves`] for more than 65 535 moves or outcomes in one state;
    /// and the broken promises listed in the type's documentation.
    ///
    /// # Panics
    /// With one thread a panic in the game or the playout policy unwinds to the caller.
    /// With more ([`with_threads`](Engine::with_threads)) it is caught on its thread,
    /// the other threads stop within 16 iterations, and the search returns
    /// [`SearchError::WorkerPanicked`].
    ///
    /// ```
    /// use games::MnkGame;
    /// use mcts::GeneralMcts;
    /// use search_core::{Budget, SearchError};
    /// let game = MnkGame::new(3, 3, 3, 3).unwrap();
    /// let mut ai = GeneralMcts::new().with_seed(4).with_budget(Budget::iterations(3_000));
    /// let r = ai.search(&game).unwrap();
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 3_000);
    /// assert_eq!(r.player, 0);
    ///
    /// let mut bad = GeneralMcts::new().with_budget(Budget::nodes(100));
    /// assert!(matches!(bad.search(&game), Err(SearchError::Budget(_))));
    /// ```
    pub fn search(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError> {
        // Only an observed search's slices go on from the tree (see `continue_tree`).
        self.continue_tree = false;
        run_search(self, state)
    }
}

/// The search of both modes (see the two `search` methods for what they promise).
pub(crate) fn run_search<G: GeneralGame, P, K: Model<G, P>>(
    engine: &mut Engine<G, P, K>,
    state: &G,
) -> Result<SearchResult<G::Move>, SearchError> {
    engine.validate()?;
    K::check(engine)?;
    check_budget(
        &engine.budget,
        <K as crate::engine::mode::sealed::Sealed>::NAME,
    )?;
    let (rules, player) = K::root(state)?;
    let running = engine.budget.start()?;
    let max_iterations = engine.budget.max_iterations().unwrap_or(u64::MAX);
    // With RAVE and transpositions every node also carries what they keep beside the
    // tree: fewer nodes fit in the memory the node cap stands for (node cap x
    // NODE_BYTES).
    let node = Engine::<G, P, K>::NODE_BYTES as u64;
    let mut beside = 0;
    if engine.rave.is_some() {
        beside += core::mem::size_of::<Amaf>() as u64;
    }
    if engine.position_key.is_some() {
        beside += (core::mem::size_of::<u64>() + core::mem::size_of::<Slot>()) as u64;
    }
    let node_cap = engine.node_cap * node / (node + beside);
    let threads = (engine.threads as u64).min(node_cap).min(max_iterations) as usize;
    let shared = threads > 1 && engine.parallelism == Parallelism::Tree;
    let tree_cap = if shared {
        // The shared tree's nodes are larger than a thread's own, and the tree is kept as
        // it is after the search, then written back as a compact tree (with an index of
        // 4 bytes a node to walk it) while it is still held, when it is needed whole:
        // for a moment both are in memory, and the cap stands for the memory of both.
        let shared_node =
            core::mem::size_of::<crate::parallel::arena::SharedNode<G::Move>>() as u64;
        node_cap * node / (shared_node + node + 4)
    } else {
        node_cap / threads as u64
    };
    let cap = tree_cap.min(u64::from(u32::MAX)) as usize;
    sync(engine, state, player, threads, cap, shared, &running)?;
    let with_prior = engine.prior_weight as f32 > 0.0;
    let ctx = Ctx {
        playout: &engine.playout,
        exploration: engine.exploration,
        max_depth: engine.budget.max_depth().unwrap_or(u32::MAX),
        expansion: Expansion {
            prior: &engine.prior,
            hooks: engine.hooks,
            cap,
            by_hint: engine.widening.is_some(),
        },
        prior_weight: engine.prior_weight,
        widening: engine.widening.map(|(coefficient, exponent)| Widening {
            coefficient: coefficient as f32,
            exponent: exponent as f32,
        }),
        rave: engine.rave.map(|k| k as f32),
        key: engine.position_key,
        max_slots: cap,
        plain: engine.rave.is_none()
            && engine.position_key.is_none()
            && engine.widening.is_none()
            && !with_prior,
        rules,
        player,
    };
    let proven = AtomicBool::new(false);
    let halt = AtomicBool::new(false);
    let limits = Limits {
        running: &running,
        proven: &proven,
        halt: &halt,
        open_ended: engine.budget.max_iterations().is_none()
            && engine.budget.time_limit().is_none()
            && engine.budget.stop_flag().is_none(),
    };
    let run = K::run_threads(
        &mut engine.workers,
        state,
        &ctx,
        &limits,
        max_iterations,
        cap,
        shared,
    );
    if let Err(e) = run {
        // A failed thread may have left its tree half-updated: start afresh next time.
        engine.reset();
        return Err(e);
    }
    let elapsed = running.elapsed();
    let choice = K::choose(engine, state, &ctx)?;
    let mut stats = Stats {
        elapsed,
        ..Stats::default()
    };
    for w in &engine.workers {
        stats.iterations += w.iterations;
        stats.leaves += w.playouts;
        stats.nodes += w.added() as u64;
        stats.max_ply = stats.max_ply.max(w.max_depth);
    }
    stats.depth_reached = stats.max_ply;
    Ok(SearchResult {
        best_move: choice.best_move,
        value: choice.value,
        player: usize::from(player),
        moves: choice.moves,
        stats,
        tree_size: engine.tree_size(),
        root_visits: engine.root_visits(),
        threads,
        reward_range: (rules.low, rules.high),
    })
}

/// Makes the workers' trees belong to `state`: reuse, re-root (as the mode allows), or
/// start afresh. With `shared` (tree parallelism) only the first worker keeps a tree.
fn sync<G: GeneralGame, P, K: Model<G, P>>(
    engine: &mut Engine<G, P, K>,
    state: &G,
    player: u8,
    threads: usize,
    cap: usize,
    shared: bool,
    running: &RunningBudget,
) -> Result<(), SearchError> {
    if engine.workers.len() != threads {
        engine.workers = (0..threads)
            .map(|i| Worker::new(SplitMix64::stream(engine.seed, i as u64)))
            .collect();
        engine.root = None;
    }
    if !K::follow(engine, state, running) {
        for (i, w) in engine.workers.iter_mut().enumerate() {
            w.clear_tree();
            if !K::KEEPS_GENERATORS {
                w.rng = SplitMix64::stream(engine.seed, i as u64);
            }
        }
    }
    let mut moves = Vec::new();
    state.moves(&mut moves);
    let Some(&placeholder) = moves.first() else {
        return Err(SearchError::NoLegalMoves);
    };
    if shared {
        for w in &mut engine.workers[1..] {
            w.tree = Vec::new();
        }
    }
    for w in engine
        .workers
        .iter_mut()
        .take(if shared { 1 } else { threads })
    {
        let stale = w.tree.len() > cap
            || w.tree
                .first()
                .is_some_and(|r| r.expanded() && r.num_children == 0);
        if stale {
            w.tree.clear();
        }
        // A tree grown under a larger cap gives the memory above this one back.
        if w.tree.capacity() > cap {
            w.tree.shrink_to(cap);
        }
        w.kept = w.tree.len();
        if w.tree.is_empty() {
            reserve_within(&mut w.tree, 1, cap);
            w.tree.push(K::root_node(placeholder, player));
        }
    }
    engine.root = Some(state.clone());
    Ok(())
}

/// Refuses the budget fields an MCTS engine cannot honour (a node limit: the tree's size
/// is the node cap's job), and a depth limit with nothing that would end the search.
fn check_budget(budget: &Budget, engine: &'static str) -> Result<(), BudgetError> {
    budget.refuse(
        engine,
        &[BudgetField::Nodes],
        "use iterations to bound the work and with_node_cap/with_memory_cap to bound the tree",
    )?;
    let ends = budget.max_iterations().is_some()
        || budget.time_limit().is_some()
        || budget.stop_flag().is_some();
    if budget.max_depth().is_some() && !ends {
        return Err(BudgetError::NeverStops {
            engine,
            advice: "a depth limit only stops the tree growing, the playouts go on: add an \
                     iterations or time limit, or a stop flag",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::StopFlag;

    #[test]
    fn budgets_an_mcts_search_cannot_honour_are_refused() {
        let refused = |b: Budget| check_budget(&b, "Mcts");
        assert!(matches!(
            refused(Budget::nodes(10)),
            Err(BudgetError::Unsupported {
                field: BudgetField::Nodes,
                ..
            })
        ));
        assert!(matches!(
            refused(Budget::depth(4)),
            Err(BudgetError::NeverStops { engine: "Mcts", .. })
        ));
        assert!(refused(Budget::depth(4).with_iterations(10)).is_ok());
        assert!(refused(Budget::new().with_depth(4).with_stop(StopFlag::new())).is_ok());
        assert!(refused(Budget::new()).is_ok(), "ends when the tree is full");
    }
}
