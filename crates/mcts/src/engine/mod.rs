//! [`Engine`]: the one MCTS engine, its two names ([`Mcts`] for two-player games,
//! [`GeneralMcts`] for any [`GeneralGame`]), the options both modes have (the `with_*`
//! builders of budget, seed, threads, exploration, node cap and playout) and what it keeps
//! between searches.

pub(crate) mod anytime;
pub(crate) mod context;
pub(crate) mod final_choice;
pub(crate) mod general;
pub(crate) mod mode;
pub(crate) mod options;
pub(crate) mod result;
pub(crate) mod reuse;
pub(crate) mod rules;
pub(crate) mod search;
pub(crate) mod strategy;
pub(crate) mod view;
pub(crate) mod zero_sum;

use core::marker::PhantomData;

use search_core::{Budget, Game, GeneralGame, SearchError};

use crate::engine::context::PriorSource;
use crate::engine::final_choice::FinalChoice;
use crate::engine::mode::{DataOf, General, Mode, ZeroSum};
use crate::parallel::threads::Parallelism;
use crate::parallel::worker::Worker;
use crate::steps::playout::RandomPlayout;
use crate::tree::Node;

/// The default [node cap](Engine::with_node_cap): the largest tree, in nodes, all threads
/// together, unless [`with_node_cap`](Engine::with_node_cap) or
/// [`with_memory_cap`](Engine::with_memory_cap) sets another (24 bytes a node for a one- or
/// two-byte move of a two-player game: at most 403 MB).
///
/// ```
/// assert_eq!(mcts::DEFAULT_NODE_CAP, 1 << 24);
/// ```
pub const DEFAULT_NODE_CAP: u64 = 1 << 24;

/// The most threads a search may have (more is a configuration error).
pub(crate) const MAX_THREADS: usize = 1024;

/// Monte Carlo tree search: one engine for two-player games and for games with chance and
/// any number of players, whose mode `K` (a type, see [`Mode`]) decides what it searches
/// and what it can prove. Use it by one of its two names:
///
/// * [`Mcts`] (mode [`ZeroSum`]) for a two-player [`Game`]: UCT, the MCTS-Solver
///   (score-bounded: proves wins, losses and draws), tree reuse between moves, optional
///   priors, progressive widening, RAVE and transpositions, and threads sharing one tree
///   (or one tree each); a [`Strategy`](search_core::Strategy).
/// * [`GeneralMcts`] (mode [`General`]) for any [`GeneralGame`]: chance nodes, any number
///   of players, rewards in any range; one thread or a tree per thread.
///
/// Both grow the same tree, select with the same UCT formula, play out with the same
/// [`Playout`](crate::Playout) policies, back up in the same loop and return the same
/// [`SearchResult`](crate::SearchResult). The options both modes have are on every
/// `Engine`; those of two-player games alone are on [`Mcts`].
///
/// ```
/// use games::{EinStein, EinSteinMove, TicTacToe};
/// use mcts::{GeneralMcts, Mcts, Value};
/// use search_core::{Budget, GeneralGame, Strategy, Wdl};
///
/// let mut ai = Mcts::new(); // uniform random playouts, 10 000 iterations per move, seed 0
/// let mv = ai.choose_move(&TicTacToe::new())?;
/// assert!(mv < 9);
///
/// // The solver proves the empty board a draw.
/// let mut solver = Mcts::<TicTacToe>::new().with_budget(Budget::iterations(300_000));
/// assert_eq!(solver.search(&TicTacToe::new())?.value, Value::Proven(Wdl::Draw));
///
/// // A dice game: the same engine in the general mode.
/// let mut dice = EinStein::new();
/// dice.apply(EinSteinMove::Roll(6));
/// let r = GeneralMcts::new().with_budget(Budget::iterations(2_000)).search(&dice)?;
/// assert_eq!(r.stats.iterations, 2_000);
/// # Ok::<(), search_core::SearchError>(())
/// ```
pub struct Engine<G: GeneralGame, P = RandomPlayout, K: Mode = ZeroSum> {
    pub(crate) exploration: f64,
    pub(crate) final_choice: FinalChoice,
    pub(crate) threads: usize,
    pub(crate) parallelism: Parallelism,
    pub(crate) reuse: bool,
    pub(crate) hooks: bool,
    pub(crate) prior: PriorSource<G>,
    pub(crate) prior_weight: f64,
    /// Progressive widening: (coefficient, exponent).
    pub(crate) widening: Option<(f64, f64)>,
    /// RAVE's equivalence parameter, if on.
    pub(crate) rave: Option<f64>,
    /// With transpositions: the game's position key.
    pub(crate) position_key: Option<fn(&G) -> u64>,
    pub(crate) budget: Budget,
    pub(crate) node_cap: u64,
    pub(crate) playout: P,
    pub(crate) seed: u64,
    pub(crate) workers: Vec<Worker<G::Move, DataOf<K>>>,
    /// The position the kept trees belong to.
    pub(crate) root: Option<G>,
    /// The next search is of the position the trees belong to and goes on from them: set
    /// by the general mode's observed search between its slices (that mode keeps no tree
    /// from one search to the next otherwise).
    pub(crate) continue_tree: bool,
    mode: PhantomData<K>,
}

/// Monte Carlo tree search for two-player games: the [`Engine`] in mode [`ZeroSum`], with
/// UCT, an MCTS-Solver (score-bounded: proves wins, losses and draws), tree reuse between
/// moves, optional priors and progressive widening, RAVE, transpositions, and threads
/// sharing one tree (or one tree each).
///
/// Start one in one line; every option has a sensible default (see the
/// [crate documentation](crate) for the algorithm, the reward scale and the UCT formula):
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Mcts, Value};
/// use search_core::{Budget, Strategy, Wdl};
///
/// let mut ai = Mcts::new(); // uniform random playouts, 10 000 iterations per move, seed 0
/// let mv = ai.choose_move(&TicTacToe::new()).unwrap();
/// assert!(mv < 9);
///
/// // The solver proves the empty board a draw.
/// let mut solver = Mcts::<TicTacToe>::new().with_budget(Budget::iterations(300_000));
/// let result = solver.search(&TicTacToe::new()).unwrap();
/// assert_eq!(result.value, Value::Proven(Wdl::Draw));
/// ```
///
/// **What the game must provide.** [`search`](Engine::search) and the
/// [`Strategy`](search_core::Strategy) implementation need `G: Game + PartialEq + Send`
/// with `G::Move: Send + Sync`, and a playout policy `P: Playout<G> + Sync`: `PartialEq`
/// lets the engine recognise the position its kept tree belongs to (tree reuse), `Send`
/// and `Sync` let it search on several threads ([`with_threads`](Engine::with_threads)).
/// Configuring an engine needs only `G: Game`.
pub type Mcts<G, P = RandomPlayout> = Engine<G, P, ZeroSum>;

/// Monte Carlo tree search for any [`GeneralGame`]: the [`Engine`] in mode [`General`],
/// for chance nodes, any number of players, a player moving several times in a row, and
/// rewards in any range.
///
/// One iteration descends from the root: at a player's node to the child with the best
/// UCT score for that player (`mean + c · sqrt(ln N / n)`, children never visited first,
/// in a random order), at a chance node to an outcome drawn by its probability. The first
/// visit to a node plays a random game from it to the end (chance drawn by the
/// probabilities, the players' moves by the [`Playout`](crate::Playout) policy, uniformly
/// random by default); its second visit creates all its children. Every node on the path
/// then adds the reward of **the player who moved into it**, normalised to `[0, 1]` by the
/// game's [`reward_range`](GeneralGame::reward_range), so each player's node compares its
/// moves by its own reward (max^n in the limit, expectimax at chance nodes). Extra turns
/// need nothing special: every node knows who moved into it.
///
/// **Chance nodes** keep one child per outcome with its own statistics (closed loop), and
/// each iteration follows one outcome drawn by its probability. Open-loop MCTS (one node
/// per sequence of the players' moves, the outcomes forgotten) would use less memory, but
/// it cannot represent a game whose legal moves depend on the outcome (in EinStein
/// würfelt nicht! the die decides which cube may move) and it mixes the statistics of
/// different positions; with the outcomes as children the tree is the expectimax tree
/// itself and every node's mean converges to that node's own value. The price: a chance
/// node creates all its outcomes at once, so thousands of outcomes per node fill the node
/// cap quickly; and statistics are not shared between outcomes that leave the players the
/// same choices (two rolls that move the same cube), so such trees need more iterations
/// for their means to settle.
///
/// **What it proves.** A finished game is exact, and a player who can reach the top of
/// the reward range is found: a node is proven for player `q` (`q` gets the top of the
/// range there, whatever the others do) when it is finished with `q` at the top, when `q`
/// moves there and one child is proven for `q`, or when every child (every move of
/// another player, every outcome of a chance node) is proven for `q`. This is sound with
/// chance and with any number of players, since no player can do better than the top.
/// A node proven for its mover is always entered through its proven child, and the search
/// stops as soon as the root is proven for the root player (an immediate win is found in
/// as many iterations as the root has moves); such a move is reported as
/// [`Value::Proven`](crate::Value::Proven)`(Wdl::Win)`. Nothing else is proven: an
/// expected value below the top at a chance node, a draw, or the value vector of a node
/// where a player is indifferent between moves that differ for the others (max^n's ties)
/// stays an estimate.
///
/// **Bounds.** [`Budget`]: iterations, time, a stop flag, and a depth (in players' moves:
/// no node deeper is expanded; chance outcomes do not count); a node limit is refused
/// (the tree's size is [`with_node_cap`](Engine::with_node_cap)'s job), and so is a
/// depth with nothing that would end the search. At the node cap the tree stops growing
/// and the search goes on with playouts from its leaves. With one thread (the default;
/// [`with_threads`](Engine::with_threads) for a tree per thread), a seed
/// ([`with_seed`](Engine::with_seed)) and an iteration budget a search is reproducible
/// bit for bit. Every search starts from an empty tree (its memory is kept for the next
/// one). A playout policy with a cut-off ([`Playout::cutoff_plies`](crate::Playout::cutoff_plies))
/// scores the side to move of a two-player game, and is refused here.
///
/// **Checked promises.** A reward outside the reward range, rewards that do not add up to
/// [`REWARD_SUM`](GeneralGame::REWARD_SUM), chance probabilities that are not positive or
/// do not add up to 1, and a player index past `player_count` are
/// [`SearchError::BrokenPromise`], wherever the search meets them (in the tree or in a
/// playout); a player's turn without moves is [`SearchError::NoLegalMoves`].
///
/// ```
/// use games::{EinStein, EinSteinMove, MnkGame};
/// use mcts::GeneralMcts;
/// use search_core::{Budget, GeneralGame};
///
/// // A dice game: the die shows 6, player 0 chooses a step.
/// let mut dice = EinStein::new();
/// dice.apply(EinSteinMove::Roll(6));
/// let mut ai = GeneralMcts::new().with_seed(1).with_budget(Budget::iterations(2_000));
/// let r = ai.search(&dice)?;
/// println!("{r}");
///
/// // Three players: player 0 completes a row at once.
/// let mut three = MnkGame::new(4, 4, 3, 3)?;
/// for cell in [0, 4, 8, 1, 5, 9] {
///     three.apply(cell);
/// }
/// let r = GeneralMcts::new().with_budget(Budget::iterations(1_000)).search(&three)?;
/// assert_eq!(r.best_move, 2);
/// assert!(r.value.is_proven());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type GeneralMcts<G, P = RandomPlayout> = Engine<G, P, General>;

impl<G: GeneralGame, P: core::fmt::Debug, K: Mode> core::fmt::Debug for Engine<G, P, K> {
    /// The options, the playout policy and the kept tree's size.
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai = mcts::Mcts::<TicTacToe>::new();
    /// assert!(format!("{ai:?}").contains("exploration: 1.0"));
    /// assert!(format!("{:?}", mcts::GeneralMcts::<games::MnkGame>::new()).starts_with("GeneralMcts"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let prior = match &self.prior {
            PriorSource::None => "none",
            PriorSource::Hints => "move hints",
            PriorSource::Evaluator(..) => "evaluator",
        };
        f.debug_struct(<K as crate::engine::mode::sealed::Sealed>::NAME)
            .field("exploration", &self.exploration)
            .field("final_choice", &self.final_choice)
            .field("threads", &self.threads)
            .field("parallelism", &self.parallelism)
            .field("tree_reuse", &self.reuse)
            .field("game_hooks", &self.hooks)
            .field("prior", &prior)
            .field("prior_weight", &self.prior_weight)
            .field("progressive_widening", &self.widening)
            .field("rave", &self.rave)
            .field("transpositions", &self.position_key.is_some())
            .field("budget", &self.budget)
            .field("node_cap", &self.node_cap)
            .field("playout", &self.playout)
            .field("seed", &self.seed)
            .field("tree_size", &self.tree_size())
            .finish()
    }
}

impl<G: GeneralGame, K: Mode> Engine<G, RandomPlayout, K> {
    /// Every option at its default (see [`Mcts::new`](Engine::new)).
    fn defaults(reuse: bool, hooks: bool) -> Self {
        Engine {
            exploration: Self::DEFAULT_EXPLORATION,
            final_choice: FinalChoice::MostVisits,
            threads: 1,
            parallelism: Parallelism::Root,
            reuse,
            hooks,
            prior: PriorSource::None,
            prior_weight: 0.0,
            widening: None,
            rave: None,
            position_key: None,
            budget: Budget::iterations(10_000),
            node_cap: DEFAULT_NODE_CAP,
            playout: RandomPlayout,
            seed: 0,
            workers: Vec::new(),
            root: None,
            continue_tree: false,
            mode: PhantomData,
        }
    }
}

impl<G: Game> Engine<G, RandomPlayout, ZeroSum> {
    /// An engine with uniform random playouts, exploration constant
    /// 1.0, 10 000 iterations per move
    /// ([`with_budget`](Engine::with_budget)), one thread, tree reuse and the game's hooks
    /// on, the node cap [`DEFAULT_NODE_CAP`], and seed 0 ([`with_seed`](Engine::with_seed)):
    /// two engines built alike search alike.
    ///
    /// ```
    /// use games::ConnectFour;
    /// let ai = mcts::Mcts::<ConnectFour>::new();
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// assert_eq!(ai.seed(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::defaults(true, true)
    }
}

impl<G: GeneralGame> Engine<G, RandomPlayout, General> {
    /// An engine for a [`GeneralGame`] with random playouts, exploration constant
    /// 1.0, 10 000 iterations per
    /// search, one thread, the node cap [`DEFAULT_NODE_CAP`] and seed 0.
    ///
    /// ```
    /// let ai = mcts::GeneralMcts::<games::EinStein>::new();
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::defaults(false, false)
    }
}

impl<G: Game> Default for Engine<G, RandomPlayout, ZeroSum> {
    /// The same as [`Mcts::new`](Engine::new).
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai: mcts::Mcts<TicTacToe> = Default::default();
    /// assert_eq!(ai.threads(), 1);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

impl<G: GeneralGame> Default for Engine<G, RandomPlayout, General> {
    /// The same as [`GeneralMcts::new`](Engine::new).
    ///
    /// ```
    /// let ai: mcts::GeneralMcts<games::EinStein> = Default::default();
    /// assert_eq!(ai.seed(), 0);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

impl<G: GeneralGame, P, K: Mode> Engine<G, P, K> {
    /// The default exploration constant `c` of the UCT formula (rewards in `[0, 1]`).
    pub(crate) const DEFAULT_EXPLORATION: f64 = 1.0;

    /// Bytes taken by one tree node for this game's move type and mode: what the
    /// [node cap](Engine::with_node_cap) costs in memory (24 for a move of one or two
    /// bytes of a two-player game; 32 in the general mode, whose nodes also keep a
    /// probability and who is proven to get the top of the reward range).
    ///
    /// ```
    /// use games::{ConnectFour, MnkGame, Reversi, TicTacToe};
    /// use mcts::{GeneralMcts, Mcts};
    /// assert_eq!(Mcts::<ConnectFour>::NODE_BYTES, 24);
    /// assert_eq!(Mcts::<TicTacToe>::NODE_BYTES, 24);
    /// assert!(Mcts::<Reversi>::NODE_BYTES <= 32);
    /// assert_eq!(GeneralMcts::<MnkGame>::NODE_BYTES, 32);
    /// ```
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<G::Move, DataOf<K>>>();

    /// Fixes every random choice of the search (playouts, chance outcomes, the order
    /// unvisited children are tried in) by `seed`; the default is 0. Search thread `i`
    /// draws from [`SplitMix64::stream(seed, i)`](search_core::SplitMix64::stream): with
    /// one thread and an iteration budget, a seed always gives the same result. Setting it
    /// drops the kept tree.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let run = |seed| {
    ///     let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///         .with_seed(seed)
    ///         .with_budget(Budget::iterations(2_000));
    ///     ai.search(&ConnectFour::new()).unwrap().moves
    /// };
    /// assert_eq!(run(7), run(7));
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self.workers.clear();
        self.root = None;
        self
    }

    /// The seed (see [`with_seed`](Engine::with_seed)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().with_seed(5).seed(), 5);
    /// ```
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Replaces the budget used by [`search`](Engine::search) (and, for a two-player
    /// game, by [`choose_move`](search_core::Strategy::choose_move) and
    /// [`analyze`](search_core::Strategy::analyze)). MCTS reads each field as the
    /// [`Budget`] table says:
    ///
    /// * **iterations**: iterations (one playout each), split among the threads;
    /// * **depth**: the tree grows no deeper than this many plies below the root
    ///   (playouts still run to the end of the game; in the general mode only the players'
    ///   moves count, not chance outcomes);
    /// * **time** and the **stop flag**: checked every 16 iterations;
    /// * **nodes**: refused ([`BudgetError::Unsupported`]) when a search starts: bound the
    ///   work with iterations, and the tree's memory with
    ///   [`with_node_cap`](Engine::with_node_cap) or
    ///   [`with_memory_cap`](Engine::with_memory_cap), a setting of its own.
    ///
    /// A budget with a depth limit but no iteration, time or stop limit would never stop
    /// (the playouts go on below the depth limit): the search refuses it with
    /// [`BudgetError::NeverStops`]. A budget with no limit at all
    /// ([`Budget::new`] alone) runs until the root is proven or the tree is full (at the
    /// node cap), whichever comes first.
    ///
    /// [`BudgetError::Unsupported`]: search_core::BudgetError::Unsupported
    /// [`BudgetError::NeverStops`]: search_core::BudgetError::NeverStops
    ///
    /// ```
    /// use std::time::Duration;
    /// use games::ConnectFour;
    /// use search_core::{Budget, BudgetError, SearchError};
    /// let ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_budget(Budget::time(Duration::from_millis(50)).with_depth(12));
    /// assert_eq!(ai.budget().max_depth(), Some(12));
    ///
    /// let mut nodes = mcts::Mcts::<ConnectFour>::new().with_budget(Budget::nodes(1_000));
    /// assert!(matches!(
    ///     nodes.search(&ConnectFour::new()),
    ///     Err(SearchError::Budget(BudgetError::Unsupported { .. }))
    /// ));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Replaces the budget in place, keeping the tree: for a program that changes the
    /// budget between moves (a user interface's strength or time setting) without
    /// rebuilding the engine. Read as [`with_budget`](Engine::with_budget) says.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new();
    /// ai.set_budget(Budget::iterations(50));
    /// assert_eq!(ai.budget().max_iterations(), Some(50));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The current budget.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert!(mcts::Mcts::<TicTacToe>::new().budget().time_limit().is_none());
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Caps the search tree at `nodes` nodes, all threads together (default
    /// [`DEFAULT_NODE_CAP`]). The cap is a memory bound, separate from the budget: it
    /// does not end the search.
    ///
    /// * **At the cap** the tree stops growing. A leaf that would be expanded is simulated
    ///   from instead (one playout from the leaf, whose result updates the statistics of
    ///   the leaf and of every node above it as usual), so the search goes on, until its
    ///   budget ends, refining the statistics of the nodes it has without adding any. Nodes
    ///   are added a whole sibling group at a time, so a full tree may stop a few nodes short
    ///   of the cap. (A budget with no limit at all ends the search when the tree is full,
    ///   since nothing else would end it.)
    /// * **Memory:** each tree is one arena whose capacity never passes its share of the
    ///   cap, so the trees hold at most `nodes ×` [`NODE_BYTES`](Engine::NODE_BYTES) bytes
    ///   ([`tree_bytes`](Engine::tree_bytes)); besides that, each thread keeps a 32 KiB
    ///   table and its move buffers. Re-rooting after a move compacts the kept subtree in
    ///   place, and a kept tree larger than a lowered cap is dropped and its memory shrunk
    ///   to the new cap.
    /// * **Threads:** the cap holds for all threads together. With tree parallelism
    ///   the one shared tree's nodes take 32 bytes (for a move of one or two bytes)
    ///   each, and the engine keeps it after the search until it is needed whole, then
    ///   copies it into the compact arena of `NODE_BYTES` nodes (with an index of 4 bytes
    ///   a node to walk it) while it is still held: the shared tree may hold `nodes × NODE_BYTES /
    ///   (SHARED_NODE_BYTES + NODE_BYTES + 4)` nodes, so that both together stay within
    ///   the memory the cap stands for. The threads take its slots in blocks of 256, and a
    ///   sibling group that does not fit in what is left of a block starts a new one, so a
    ///   full shared tree may stop short of its cap by less than one sibling group per
    ///   block. With root parallelism (one tree per thread) each tree may hold `nodes / t`
    ///   nodes.
    ///
    /// A cap of zero, or one too small to expand the root, is a [`SearchError::Config`]
    /// when a search starts.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// let mut ai = Mcts::<ConnectFour>::new()
    ///     .with_node_cap(1_000)
    ///     .with_budget(Budget::iterations(20_000));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert!(r.tree_size <= 1_000);
    /// assert_eq!(r.stats.iterations, 20_000); // the search ran on at the cap
    /// assert!(ai.tree_bytes() <= 1_000 * Mcts::<ConnectFour>::NODE_BYTES);
    /// ```
    #[must_use]
    pub fn with_node_cap(mut self, nodes: u64) -> Self {
        self.node_cap = nodes;
        self
    }

    /// Caps the search tree at `bytes` bytes: a [node cap](Engine::with_node_cap) of
    /// `bytes / NODE_BYTES` nodes (rounded down), with everything said there.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// let ai = Mcts::<ConnectFour>::new().with_memory_cap(64 << 20);
    /// assert_eq!(ai.node_cap(), (64 << 20) / 24);
    /// let general = mcts::GeneralMcts::<games::MnkGame>::new().with_memory_cap(32_000);
    /// assert_eq!(general.node_cap(), 1_000);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        self.with_node_cap(bytes / Self::NODE_BYTES as u64)
    }

    /// The node cap (see [`with_node_cap`](Engine::with_node_cap)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().node_cap(), mcts::DEFAULT_NODE_CAP);
    /// ```
    #[must_use]
    pub fn node_cap(&self) -> u64 {
        self.node_cap
    }

    /// Bytes the kept trees hold (their arenas' capacity, and what RAVE and transpositions
    /// keep beside them, all threads together): at most the node cap times
    /// [`NODE_BYTES`](Engine::NODE_BYTES).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_budget(Budget::iterations(100));
    /// assert_eq!(ai.tree_bytes(), 0);
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert!(ai.tree_bytes() >= ai.tree_size() * mcts::Mcts::<TicTacToe>::NODE_BYTES);
    /// ```
    #[must_use]
    pub fn tree_bytes(&self) -> usize {
        self.workers
            .iter()
            .map(|w| {
                w.tree.capacity() * Self::NODE_BYTES
                    + w.deferred.as_ref().map_or(0, |d| d.bytes())
                    + w.amaf.capacity() * core::mem::size_of::<crate::steps::rave::Amaf>()
                    + w.keys.capacity() * core::mem::size_of::<u64>()
                    + w.positions.capacity()
                        * core::mem::size_of::<crate::steps::transpositions::Slot>()
            })
            .sum()
    }

    /// Sets the exploration constant `c` of UCT. It must be finite and `>= 0` (checked
    /// when a search starts: NaN, infinite or negative values are a
    /// [`SearchError::Config`]). Larger values explore more; `0` is greedy.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{SearchError, Strategy};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_exploration(f64::NAN);
    /// assert!(matches!(ai.choose_move(&TicTacToe::new()), Err(SearchError::Config(_))));
    /// ```
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The exploration constant.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().exploration(), 1.0);
    /// ```
    #[must_use]
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// Searches on `threads` threads. A two-player engine grows one tree each
    /// ([`Parallelism::Root`], the default) or shares one tree ([`Parallelism::Tree`]; see
    /// [`with_parallelism`](Engine::with_parallelism)); the general mode grows one tree
    /// each. Thread `i` draws its random numbers from the stream `i` of the engine's seed.
    /// `0` or more than 1,024 is a [`SearchError::Config`] when a search starts.
    /// The default is one thread: the search then runs on the calling thread, and both
    /// kinds of parallelism are the same search.
    ///
    /// **What several threads change.** With one thread and an iteration budget a seed
    /// always gives the same search, bit for bit. So does root parallelism on several
    /// threads: each thread runs a fixed share of the iterations on its own tree, so the
    /// merged result is the same from run to run, unless one tree proves the root's value
    /// first (the other threads then stop wherever they are). With tree parallelism the
    /// threads' interleaving (which thread expands a node first, which statistics another
    /// thread sees while it selects) depends on the operating system's scheduling, so the
    /// visit counts, the tree's shape and size and, in close positions, the chosen move
    /// vary from run to run; the number of iterations under an iteration budget, the node
    /// cap, and every proven value do not.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_threads(cores)
    ///     .with_budget(Budget::iterations(2_000));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert_eq!(r.threads, cores.min(2_000));
    /// assert_eq!(r.stats.iterations, 2_000);
    ///
    /// let mut general = mcts::GeneralMcts::new().with_threads(2).with_budget(Budget::iterations(2_000));
    /// let r = general.search(&games::MnkGame::new(4, 4, 3, 3).unwrap()).unwrap();
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 2_000);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The number of search threads (see [`with_threads`](Engine::with_threads)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().with_threads(4).threads(), 4);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Replaces the playout policy (see [`Playout`](crate::Playout)).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{HintPlayout, Mcts};
    /// let ai: Mcts<ConnectFour, HintPlayout> = Mcts::new().with_playout(HintPlayout::new(0.3));
    /// # let _ = ai;
    /// ```
    #[must_use]
    pub fn with_playout<Q>(self, playout: Q) -> Engine<G, Q, K> {
        Engine {
            exploration: self.exploration,
            final_choice: self.final_choice,
            threads: self.threads,
            parallelism: self.parallelism,
            reuse: self.reuse,
            hooks: self.hooks,
            prior: self.prior,
            prior_weight: self.prior_weight,
            widening: self.widening,
            rave: self.rave,
            position_key: self.position_key,
            budget: self.budget,
            node_cap: self.node_cap,
            playout,
            seed: self.seed,
            workers: self.workers,
            root: self.root,
            continue_tree: false,
            mode: PhantomData,
        }
    }

    /// Nodes currently kept (all threads' trees together).
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai = mcts::Mcts::<TicTacToe>::new();
    /// assert_eq!(ai.tree_size(), 0);
    /// ```
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.workers.iter().map(|w| w.tree_len()).sum()
    }

    /// Visits of the kept root (all threads together): after a move, what the kept subtree
    /// already knows.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().root_visits(), 0);
    /// ```
    #[must_use]
    pub fn root_visits(&self) -> u64 {
        self.workers
            .iter()
            .filter_map(|w| w.tree.first())
            .map(|r| u64::from(r.visits))
            .sum()
    }

    /// Drops the kept tree(s); the memory stays allocated for the next search.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_budget(Budget::iterations(10));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// ai.reset();
    /// assert_eq!(ai.tree_size(), 0);
    /// ```
    pub fn reset(&mut self) {
        for w in &mut self.workers {
            w.clear_tree();
        }
        self.root = None;
    }

    /// Checks the options both modes have: a [`SearchError::Config`] for the first one out
    /// of range, [`BudgetError::NoThreads`](search_core::BudgetError::NoThreads) for
    /// several threads on a target without threads.
    pub(crate) fn validate(&self) -> Result<(), SearchError> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(SearchError::Config(format!(
                "the exploration constant must be finite and >= 0, got {}",
                self.exploration
            )));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return Err(SearchError::Config(format!(
                "the thread count must lie in 1..={MAX_THREADS}, got {}",
                self.threads
            )));
        }
        // More than one thread where none can be started (WebAssembly in a browser).
        search_core::check_threads("Mcts", self.threads)?;
        if self.node_cap == 0 {
            return Err(SearchError::Config(
                "the node cap must be at least 1".into(),
            ));
        }
        Ok(())
    }
}
