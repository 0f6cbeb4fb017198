//! The type-level choice of what an [`Engine`](crate::Engine) searches: [`ZeroSum`] (a
//! two-player [`Game`](search_core::Game), with the MCTS-Solver's proofs) or [`General`]
//! (any [`GeneralGame`]: chance, any number of players), and [`Model`], what the one search
//! loop asks of a mode.

use search_core::{GeneralGame, SearchError};

use crate::engine::Engine;
use crate::final_choice::Choice;
use crate::tree::Node;
use crate::worker::{Ctx, Limits, Worker};

/// What an [`Engine`](crate::Engine) searches, chosen by its type: [`ZeroSum`] (the engine
/// [`Mcts`](crate::Mcts)) or [`General`] (the engine [`GeneralMcts`](crate::GeneralMcts)).
/// Both run the same search (one tree, one selection, playout and backup loop, one thread
/// pool); the mode decides what a node keeps, what a reward is and what can be proven.
///
/// The trait is sealed: the two modes are all there is.
///
/// ```
/// use mcts::{Engine, General, GeneralMcts, Mcts, ZeroSum};
/// let two: Engine<games::ConnectFour, mcts::RandomPlayout, ZeroSum> = Mcts::new();
/// let dice: Engine<games::EinStein, mcts::RandomPlayout, General> = GeneralMcts::new();
/// # let _ = (two, dice);
/// ```
pub trait Mode: sealed::Sealed + Send + Sync + 'static {}

/// The mode for two-player zero-sum games ([`Game`](search_core::Game)): rewards 1, ½ and
/// 0 for a win, a draw and a loss, the score-bounded MCTS-Solver (proven wins, losses and
/// draws, negamax over the bounds), tree reuse between moves, the game's
/// `winning_move` / `non_losing_moves` hooks, priors, progressive widening, RAVE,
/// transpositions, tree parallelism, and [`Strategy`](search_core::Strategy) with
/// [`analyze`](search_core::Strategy::analyze). [`Mcts`](crate::Mcts) is the engine in
/// this mode.
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Mcts, Value};
/// use search_core::{Budget, Wdl};
/// let mut ai = Mcts::<TicTacToe>::new().with_budget(Budget::unlimited());
/// assert_eq!(ai.search(&TicTacToe::new())?.value, Value::Proven(Wdl::Draw));
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZeroSum;

/// The mode for any [`GeneralGame`]: chance nodes (each outcome a child, entered with its
/// probability), any number of players (each node backs up the reward of the player who
/// moved into it, normalised by the game's reward range), turns in any order; it proves
/// where a player can force the top of the reward range. Every search starts from an empty
/// tree; one thread, or a tree per thread. [`GeneralMcts`](crate::GeneralMcts) is the
/// engine in this mode.
///
/// ```
/// use games::{EinStein, EinSteinMove};
/// use mcts::GeneralMcts;
/// use search_core::{Budget, GeneralGame};
/// let mut dice = EinStein::new();
/// dice.apply(EinSteinMove::Roll(6));
/// let r = GeneralMcts::new().with_budget(Budget::iterations(1_000)).search(&dice)?;
/// assert_eq!(r.stats.iterations, 1_000);
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct General;

impl Mode for ZeroSum {}
impl Mode for General {}

pub(crate) mod sealed {
    use crate::tree::NodeData;

    /// What a mode fixes for its engine's type: the data of a tree node. Public in a
    /// private module, so that [`Mode`](super::Mode) cannot be implemented elsewhere.
    pub trait Sealed {
        /// What each node keeps beside its statistics.
        type Data: NodeData;
        /// The engine's name, in errors and `Debug`.
        const NAME: &'static str;
    }

    impl Sealed for super::ZeroSum {
        type Data = crate::solver::ZeroSumData;
        const NAME: &'static str = "Mcts";
    }

    impl Sealed for super::General {
        type Data = crate::general::GeneralData;
        const NAME: &'static str = "GeneralMcts";
    }
}

/// What the one search loop asks of a mode, for games `G` and playouts `P`: implemented by
/// [`ZeroSum`] (in `zero_sum.rs`) and [`General`] (in `general.rs`). Everything is
/// monomorphised: the loop of a mode compiles to that mode's code alone.
pub(crate) trait Model<G: GeneralGame, P>: Mode + Sized {
    /// What a playout or a settled node yields, before it is read per node owner: the
    /// first player's reward for [`ZeroSum`], nothing for [`General`] (whose normalised
    /// rewards wait in the worker's scratch).
    type Reward: Copy;

    /// Whether a tree that failed to grow once (at the node cap) tries again at later
    /// leaves (whose smaller sibling groups may still fit).
    const RETRIES_WHEN_FULL: bool;

    /// Whether the threads' generators go on from one search to the next (with tree
    /// reuse) rather than start again from the seed's streams at every search.
    const KEEPS_GENERATORS: bool;

    /// Checks the options of `engine` that only this mode has.
    fn check(engine: &Engine<G, P, Self>) -> Result<(), SearchError>;

    /// Checks the root: the error for a state that cannot be searched, else the game's
    /// rules and the player to move.
    fn root(state: &G) -> Result<(crate::general::Rules, u8), SearchError>;

    /// Makes the workers' trees belong to `state` (tree reuse): `false` when they must
    /// start afresh.
    fn follow(engine: &mut Engine<G, P, Self>, state: &G) -> bool;

    /// The root node of a new tree for `state`, whose player to move is `player`.
    fn root_node(placeholder: G::Move, player: u8) -> Node<G::Move, Self::Data>;

    /// Runs the workers on `state` (a tree each, or one shared tree when `shared`).
    #[allow(clippy::too_many_arguments)]
    fn run_threads(
        workers: &mut [Worker<G::Move, Self::Data>],
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

    /// Readies a worker's buffers for a search of `root` (before its root is expanded).
    fn prepare(
        w: &mut Worker<G::Move, Self::Data>,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError>;

    /// `true` when the search may stop: the root's value is settled.
    fn root_settled(root: &Node<G::Move, Self::Data>, ctx: &Ctx<'_, G, P>) -> bool;

    /// Creates the children of `w.tree[idx]`, the node of `state`; `Ok(false)` when they
    /// do not fit under the node cap (an error at the root).
    fn expand(
        w: &mut Worker<G::Move, Self::Data>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError>;

    /// The start of an iteration.
    fn begin(w: &mut Worker<G::Move, Self::Data>, ctx: &Ctx<'_, G, P>);

    /// The reward of `w.tree[idx]` if it is settled (proven, or a finished game): the
    /// iteration stops there.
    fn settled(
        w: &mut Worker<G::Move, Self::Data>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<Option<Self::Reward>, SearchError>;

    /// Whether a settled node is proven (its proof may change its parent's).
    fn is_proven(node: &Node<G::Move, Self::Data>) -> bool;

    /// The child of the expanded `w.tree[idx]` to descend into; `None` when none can
    /// change the node's value.
    fn select(
        w: &mut Worker<G::Move, Self::Data>,
        idx: usize,
        ctx: &Ctx<'_, G, P>,
    ) -> Option<usize>;

    /// Whether a step out of `node` counts towards the depth.
    fn counts_depth(node: &Node<G::Move, Self::Data>) -> bool;

    /// Plays the move into `w.tree[child]` on `state`.
    fn enter(w: &mut Worker<G::Move, Self::Data>, child: usize, state: &mut G, ctx: &Ctx<'_, G, P>);

    /// The first visit to `w.tree[child]` (whose state is `state`): a playout, or, for a
    /// finished game, the node settled. The reward, and whether the node was proven.
    fn first_visit(
        w: &mut Worker<G::Move, Self::Data>,
        child: usize,
        state: &mut G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(Self::Reward, bool), SearchError>;

    /// A playout from a node that is not visited for the first time, counted.
    fn playout(
        w: &mut Worker<G::Move, Self::Data>,
        ctx: &Ctx<'_, G, P>,
        state: &mut G,
    ) -> Result<Self::Reward, SearchError>;

    /// Recomputes the proof of `tree[idx]` from its children; `true` if it changed.
    fn prove(tree: &mut [Node<G::Move, Self::Data>], idx: usize) -> bool;

    /// The reward of the owner of `w.tree[idx]`, in `[0, 1]`.
    fn owner_reward(w: &Worker<G::Move, Self::Data>, reward: Self::Reward, idx: usize) -> f32;

    /// After `w.tree[idx]` was visited on the way back up.
    fn visited(
        w: &mut Worker<G::Move, Self::Data>,
        idx: usize,
        reward: Self::Reward,
        ctx: &Ctx<'_, G, P>,
    );

    /// The end of an iteration.
    fn end(w: &mut Worker<G::Move, Self::Data>, reward: Self::Reward, ctx: &Ctx<'_, G, P>);
}

/// The data of a node of mode `K`.
pub(crate) type DataOf<K> = <K as sealed::Sealed>::Data;
