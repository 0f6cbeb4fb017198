//! [`Mcts`]: the engine's type, its options (the `with_*` builders) and what it keeps
//! between searches.

use search_core::{Budget, Evaluator, Game, GameHash, SearchError};

use crate::expansion::PriorSource;
use crate::final_choice::FinalChoice;
use crate::playout::RandomPlayout;
use crate::shared::SharedNode;
use crate::tree::Node;
use crate::worker::Worker;

/// The default [node cap](Mcts::with_node_cap): the largest tree, in nodes, all threads
/// together, unless [`Mcts::with_node_cap`] or [`Mcts::with_memory_cap`] sets another (24
/// bytes a node for a one- or two-byte move: at most 403 MB).
///
/// ```
/// assert_eq!(mcts::DEFAULT_NODE_CAP, 1 << 24);
/// ```
pub const DEFAULT_NODE_CAP: u64 = 1 << 24;

/// The largest number of search threads accepted.
///
/// ```
/// use games::TicTacToe;
/// let mut ai = mcts::Mcts::<TicTacToe>::new().with_threads(mcts::MAX_THREADS + 1);
/// assert!(ai.search(&TicTacToe::new()).is_err());
/// ```
pub const MAX_THREADS: usize = 1024;

/// How several search threads share the work (see [`Mcts::with_parallelism`]).
///
/// ```
/// use games::ConnectFour;
/// use mcts::{Mcts, Parallelism};
/// let ai = Mcts::<ConnectFour>::new().with_threads(2).with_parallelism(Parallelism::Root);
/// assert_eq!(ai.parallelism(), Parallelism::Root);
/// assert_eq!(Parallelism::default(), Parallelism::Root);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Parallelism {
    /// Tree parallelisation: one tree shared by all threads, whose node
    /// statistics are atomics; a thread descending into a node adds a *virtual loss* (its
    /// visit counts before its reward arrives, as a loss), so the threads spread over
    /// different lines. The iterations are taken from one shared budget and the node cap
    /// holds for the one tree.
    Tree,
    /// Root parallelisation: every thread grows a tree of its own, with its share of the
    /// iterations and of the node cap; the root statistics are merged at the end. No
    /// shared memory is written during the search. The default: it runs more playouts a
    /// second than the shared tree on two cores, at equal strength within the arena's
    /// intervals (`docs/benchmarks/mcts.md`).
    #[default]
    Root,
}

/// Monte Carlo tree search with UCT, an MCTS-Solver (score-bounded: proves wins, losses and
/// draws), tree reuse between moves, optional priors and progressive widening, and
/// threads sharing one tree (or one tree each).
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
/// **What the game must provide.** [`Mcts::search`] and the [`Strategy`] implementation
/// need `G: Game + PartialEq + Send` with `G::Move: Send + Sync`, and a playout policy
/// `P: Playout<G> + Sync`: `PartialEq` lets the engine recognise the position its kept
/// tree belongs to (tree reuse), `Send` and `Sync` let it search on several threads
/// ([`with_threads`](Mcts::with_threads)). Configuring an engine needs only `G: Game`.
///
/// [`Strategy`]: search_core::Strategy
/// [`Playout<G>`]: crate::Playout
pub struct Mcts<G: Game, P = RandomPlayout> {
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
    pub(crate) workers: Vec<Worker<G::Move>>,
    /// The position the kept trees belong to.
    pub(crate) root: Option<G>,
}

impl<G: Game, P: core::fmt::Debug> core::fmt::Debug for Mcts<G, P> {
    /// The options, the playout policy and the kept tree's size.
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai = mcts::Mcts::<TicTacToe>::new();
    /// assert!(format!("{ai:?}").contains("exploration: 1.0"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let prior = match &self.prior {
            PriorSource::None => "none",
            PriorSource::Hints => "move hints",
            PriorSource::Evaluator(..) => "evaluator",
        };
        f.debug_struct("Mcts")
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

impl<G: Game> Mcts<G, RandomPlayout> {
    /// An engine with uniform random playouts, exploration constant
    /// [`Mcts::DEFAULT_EXPLORATION`], 10 000 iterations per move
    /// ([`with_budget`](Mcts::with_budget)), one thread, tree reuse and the game's hooks
    /// on, the node cap [`DEFAULT_NODE_CAP`], and seed 0 ([`with_seed`](Mcts::with_seed)):
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
        Mcts {
            exploration: Self::DEFAULT_EXPLORATION,
            final_choice: FinalChoice::MostVisits,
            threads: 1,
            parallelism: Parallelism::Root,
            reuse: true,
            hooks: true,
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
        }
    }
}

impl<G: Game> Default for Mcts<G, RandomPlayout> {
    /// The same as [`Mcts::new`].
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

impl<G: GameHash, P> Mcts<G, P> {
    /// Transpositions (off by default): the tree nodes that hold the same position (by
    /// [`GameHash::hash_key`]) share its statistics. Every iteration also counts its reward
    /// for the position of each node on its path, over all the paths that reach it, and
    /// selection scores a child by its position's mean once the position has been visited
    /// more often than the child (the "UCT2" update of Childs, Brodeur and Kocsis 2008);
    /// exploration still counts the child's own visits. The tree stays a tree, so the
    /// MCTS-Solver's proofs, tree reuse and the visit counts along each path are as
    /// without transpositions.
    ///
    /// The position table has one slot per key (a new key takes a slot over) and grows
    /// with the tree. Keys and table take up to 24 bytes a node beside the tree, and the
    /// memory bound stays the node cap times [`NODE_BYTES`](Mcts::NODE_BYTES): the tree
    /// holds proportionally fewer nodes. Transpositions run with root parallelism (the
    /// default) or one thread; with [`Parallelism::Tree`] and several threads the search
    /// refuses them with [`SearchError::Config`].
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_transpositions(true)
    ///     .with_seed(5)
    ///     .with_budget(Budget::iterations(2_000));
    /// // X (to move) has three in a row on the bottom with both ends open.
    /// let r = ai.search(&"445566".parse().unwrap()).unwrap();
    /// assert!(r.best_move == 2 || r.best_move == 6);
    /// assert!(ai.transpositions());
    /// ```
    #[must_use]
    pub fn with_transpositions(mut self, on: bool) -> Self {
        self.position_key = on.then_some(G::hash_key as fn(&G) -> u64);
        for w in &mut self.workers {
            w.keys.clear();
        }
        self
    }
}

impl<G: Game, P> Mcts<G, P> {
    /// Whether transpositions are on (see [`with_transpositions`](Mcts::with_transpositions)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert!(!mcts::Mcts::<TicTacToe>::new().transpositions());
    /// ```
    #[must_use]
    pub fn transpositions(&self) -> bool {
        self.position_key.is_some()
    }

    /// The default exploration constant `c` of the UCT formula (rewards in `[0, 1]`).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::Mcts;
    /// assert_eq!(Mcts::<TicTacToe>::DEFAULT_EXPLORATION, 1.0);
    /// ```
    pub const DEFAULT_EXPLORATION: f64 = 1.0;

    /// Fixes every random choice of the search (playouts, the order unvisited children
    /// are tried in) by `seed`; the default is 0. Search thread `i` draws from
    /// [`SplitMix64::stream(seed, i)`](search_core::SplitMix64::stream): with one thread
    /// and an iteration budget, a seed always gives the same result. Setting it drops the
    /// kept tree.
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

    /// The seed (see [`with_seed`](Mcts::with_seed)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().with_seed(5).seed(), 5);
    /// ```
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Replaces the budget used by [`search`](Mcts::search),
    /// [`choose_move`](search_core::Strategy::choose_move) and
    /// [`analyze`](search_core::Strategy::analyze). MCTS reads each field as the
    /// [`Budget`] table says:
    ///
    /// * **iterations**: iterations (one playout each), split among the threads;
    /// * **depth**: the tree grows no deeper than this many plies below the root
    ///   (playouts still run to the end of the game);
    /// * **time** and the **stop flag**: checked every 16 iterations;
    /// * **nodes**: refused ([`BudgetError::Unsupported`]) when a search starts: bound the
    ///   work with iterations, and the tree's memory with
    ///   [`with_node_cap`](Mcts::with_node_cap) or [`with_memory_cap`](Mcts::with_memory_cap),
    ///   a setting of its own.
    ///
    /// A budget with a depth limit but no iteration, time or stop limit would never stop
    /// (the playouts go on below the depth limit): the search refuses it with
    /// [`BudgetError::NeverStops`]. A budget with no limit at all
    /// ([`Budget::unlimited`]) runs until the root is proven or the tree is full (at the
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
    /// rebuilding the engine. Read as [`with_budget`](Mcts::with_budget) says.
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

    /// Bytes taken by one tree node for this game's move type: what the
    /// [node cap](Mcts::with_node_cap) costs in memory (24 for a move of one or two bytes).
    ///
    /// ```
    /// use games::{ConnectFour, Reversi, TicTacToe};
    /// use mcts::Mcts;
    /// assert_eq!(Mcts::<ConnectFour>::NODE_BYTES, 24);
    /// assert_eq!(Mcts::<TicTacToe>::NODE_BYTES, 24);
    /// assert!(Mcts::<Reversi>::NODE_BYTES <= 32);
    /// ```
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<G::Move>>();

    /// Bytes taken by one node of the tree shared by the threads of a tree-parallel
    /// search ([`Parallelism::Tree`]) while it runs (32 for a move of one or two bytes).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// assert_eq!(Mcts::<ConnectFour>::SHARED_NODE_BYTES, 32);
    /// ```
    pub const SHARED_NODE_BYTES: usize = core::mem::size_of::<SharedNode<G::Move>>();

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
    ///   cap, so the trees hold at most `nodes ×` [`NODE_BYTES`](Mcts::NODE_BYTES) bytes
    ///   ([`Mcts::tree_bytes`]); besides that, each thread keeps a 32 KiB table and its move
    ///   buffers. Re-rooting after a move compacts the kept subtree in place, and a kept
    ///   tree larger than a lowered cap is dropped and its memory shrunk to the new cap.
    /// * **Threads:** the cap holds for all threads together. With tree parallelism
    ///   the one shared tree may hold `nodes` nodes; the threads take its slots in
    ///   blocks of 256, and a sibling group that does not fit in what is left of a block
    ///   starts a new one, so a full shared tree may stop short of the cap by less than one
    ///   sibling group per block. While the search runs its nodes take
    ///   [`SHARED_NODE_BYTES`](Mcts::SHARED_NODE_BYTES) each; at the end the tree is copied
    ///   into the compact arena of `NODE_BYTES` nodes the engine keeps. With root
    ///   parallelism (one tree per thread) each tree may hold `nodes / t` nodes.
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

    /// Caps the search tree at `bytes` bytes: a [node cap](Mcts::with_node_cap) of
    /// `bytes / NODE_BYTES` nodes (rounded down), with everything said there.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// let ai = Mcts::<ConnectFour>::new().with_memory_cap(64 << 20);
    /// assert_eq!(ai.node_cap(), (64 << 20) / 24);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        self.with_node_cap(bytes / Self::NODE_BYTES as u64)
    }

    /// The node cap (see [`Mcts::with_node_cap`]).
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
    /// [`NODE_BYTES`](Mcts::NODE_BYTES).
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
                    + w.amaf.capacity() * core::mem::size_of::<crate::rave::Amaf>()
                    + w.keys.capacity() * core::mem::size_of::<u64>()
                    + w.positions.capacity() * core::mem::size_of::<crate::transpositions::Slot>()
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

    /// Searches on `threads` threads, growing one tree each ([`Parallelism::Root`], the
    /// default) or sharing one tree ([`Parallelism::Tree`]; see
    /// [`with_parallelism`](Mcts::with_parallelism)). Thread `i` draws its random numbers
    /// from the stream `i` of the engine's seed. `0` or more than [`MAX_THREADS`] is a
    /// [`SearchError::Config`] when a search starts. The default is one thread: the search
    /// then runs on the calling thread, and both kinds of parallelism are the same search.
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
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// How several threads share the work: a tree each ([`Parallelism::Root`], the
    /// default) or one shared tree ([`Parallelism::Tree`]). Nothing changes with one thread.
    ///
    /// **Tree**: every
    /// playout refines the one tree, so the threads together search as deep as one thread
    /// given their combined iterations, less what virtual loss and contention cost. The
    /// node cap bounds the shared tree; during the search its nodes take
    /// [`SHARED_NODE_BYTES`](Mcts::SHARED_NODE_BYTES) each, and at the end the tree is
    /// copied into the compact form of [`NODE_BYTES`](Mcts::NODE_BYTES) a node that the
    /// engine keeps (so the search's peak is the shared tree plus that copy).
    ///
    /// **Root** (the default, chosen by measurement: on two cores the shared tree ran
    /// 0.58–0.60× the playouts a second of one thread and root parallelism 0.97–1.04×,
    /// while their arena matches were level within the intervals; see
    /// `docs/benchmarks/mcts.md`): each thread grows a tree of its own from the root with its share of the
    /// iterations and of the node cap, and the root statistics are summed at the end. The
    /// threads never write shared memory, but each tree is shallower and they repeat each
    /// other's work.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Mcts, Parallelism, Value};
    /// use search_core::{Budget, Wdl};
    /// for parallelism in [Parallelism::Tree, Parallelism::Root] {
    ///     let mut ai = Mcts::<TicTacToe>::new()
    ///         .with_threads(2)
    ///         .with_parallelism(parallelism)
    ///         .with_budget(Budget::iterations(200_000));
    ///     let r = ai.search(&TicTacToe::new()).unwrap();
    ///     assert_eq!(r.value, Value::Proven(Wdl::Draw));
    /// }
    /// ```
    #[must_use]
    pub fn with_parallelism(mut self, parallelism: Parallelism) -> Self {
        self.parallelism = parallelism;
        self
    }

    /// The kind of parallelism (see [`with_parallelism`](Mcts::with_parallelism)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().parallelism(), mcts::Parallelism::Root);
    /// ```
    #[must_use]
    pub fn parallelism(&self) -> Parallelism {
        self.parallelism
    }

    /// The number of search threads (see [`with_threads`](Mcts::with_threads)).
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
    pub fn with_playout<Q>(self, playout: Q) -> Mcts<G, Q> {
        Mcts {
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
        }
    }

    /// How the move is chosen at the end of a search (default [`FinalChoice::MostVisits`]).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::FinalChoice;
    /// let ai = mcts::Mcts::<TicTacToe>::new().with_final_choice(FinalChoice::BestMean);
    /// assert_eq!(ai.final_choice(), FinalChoice::BestMean);
    /// ```
    #[must_use]
    pub fn with_final_choice(mut self, choice: FinalChoice) -> Self {
        self.final_choice = choice;
        self
    }

    /// The final-move rule.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().final_choice(), mcts::FinalChoice::MostVisits);
    /// ```
    #[must_use]
    pub fn final_choice(&self) -> FinalChoice {
        self.final_choice
    }

    /// Keep the tree between searches (default `true`): the subtree under the moves played
    /// since (reported with [`Strategy::observe_move`](search_core::Strategy::observe_move),
    /// or found by comparing positions up to two plies deep) becomes the new root with its
    /// statistics. With `false` every search starts from an empty tree.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new()
    ///     .with_tree_reuse(false)
    ///     .with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let again = ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(again.root_visits, 100);
    /// ```
    #[must_use]
    pub fn with_tree_reuse(mut self, reuse: bool) -> Self {
        self.reuse = reuse;
        self
    }

    /// Use the game's [`winning_move`](Game::winning_move) (when the game declares it fast
    /// with [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE)) and
    /// [`non_losing_moves`](Game::non_losing_moves) hooks when expanding a node (default
    /// `true`): a node whose side to move can win at once is proven on the spot, and moves
    /// the game knows to lose at once are never added. With `false` the tree holds every
    /// legal move.
    ///
    /// ```
    /// use games::ConnectFour;
    /// let ai = mcts::Mcts::<ConnectFour>::new().with_game_hooks(false);
    /// # let _ = ai;
    /// ```
    #[must_use]
    pub fn with_game_hooks(mut self, hooks: bool) -> Self {
        self.hooks = hooks;
        self
    }

    /// Progressive bias from the game's [`move_order_hint`](Game::move_order_hint): at
    /// expansion each move's hint is mapped linearly onto `[0, 1]` among its siblings
    /// (all equal: ½), children are tried highest prior first, and UCT adds
    /// `weight · prior / (n + 1)`. `weight` must be finite and `>= 0` (checked when a
    /// search starts).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_hint_prior(1.0)
    ///     .with_budget(Budget::iterations(500));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// let centre = r.moves.iter().find(|m| m.mv == 3).unwrap();
    /// assert_eq!(centre.prior, 1.0); // the centre column has the best hint
    /// ```
    #[must_use]
    pub fn with_hint_prior(mut self, weight: f64) -> Self {
        self.prior = PriorSource::Hints;
        self.prior_weight = weight;
        self
    }

    /// Progressive bias from an [`Evaluator`]: at expansion each move's prior is
    /// `1 / (1 + e^(-v / scale))`, `v` the evaluation of the resulting state for the player
    /// who moved (a finished game counts 1, ½ or 0), children are tried highest prior first,
    /// and UCT adds `weight · prior / (n + 1)`. `scale` must be finite and `> 0`, `weight`
    /// finite and `>= 0` (checked when a search starts).
    ///
    /// ```
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_evaluator_prior(ThreatEvaluator, 16.0, 0.5)
    ///     .with_budget(Budget::iterations(500));
    /// assert!(ai.search(&ConnectFour::new()).is_ok());
    /// ```
    #[must_use]
    pub fn with_evaluator_prior<E>(mut self, evaluator: E, scale: f64, weight: f64) -> Self
    where
        E: Evaluator<G> + Send + Sync + 'static,
    {
        self.prior = PriorSource::Evaluator(Box::new(evaluator), scale);
        self.prior_weight = weight;
        self
    }

    /// Progressive widening, for games with many moves: a node with `n` visits selects only
    /// among its first `max(1, floor(coefficient · n^exponent))` children, so its visits
    /// go to a few moves first and the others are admitted one by one as it is visited
    /// more. The children are created in the game's
    /// [`move_order_hint`](Game::move_order_hint) order (best first, ties at random), or in
    /// prior order when a prior is set ([`with_hint_prior`](Mcts::with_hint_prior),
    /// [`with_evaluator_prior`](Mcts::with_evaluator_prior)). The solver still sees every
    /// child: a node is proven only from all its children, and when none of the admitted
    /// children can change its value the others are selected. `coefficient` must be finite
    /// and `> 0`, `exponent` in `[0, 1]` (checked when a search starts). Off by default
    /// (see `docs/benchmarks/mcts.md` for the measurement).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_progressive_widening(1.0, 0.25)
    ///     .with_budget(Budget::iterations(200));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// // 200 root visits admit floor(200^0.25) = 3 moves; the centre column's hint is best.
    /// assert_eq!(r.moves.iter().filter(|m| m.visits > 0).count(), 3);
    /// assert!(r.moves.iter().any(|m| m.mv == 3 && m.visits > 0));
    /// assert_eq!(ai.progressive_widening(), Some((1.0, 0.25)));
    /// ```
    #[must_use]
    pub fn with_progressive_widening(mut self, coefficient: f64, exponent: f64) -> Self {
        self.widening = Some((coefficient, exponent));
        self
    }

    /// The progressive widening's `(coefficient, exponent)`, if on (see
    /// [`with_progressive_widening`](Mcts::with_progressive_widening)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().progressive_widening(), None);
    /// ```
    #[must_use]
    pub fn progressive_widening(&self) -> Option<(f64, f64)> {
        self.widening
    }

    /// RAVE (rapid action value estimation, Gelly and Silver 2007), off by default: every
    /// iteration also updates the all-moves-as-first (AMAF) statistics of each child, along
    /// its path, whose move the same player played later in that iteration (in the tree or
    /// in the playout), and selection blends a child's mean with its AMAF mean with weight
    /// `β = sqrt(k / (3 n + k))`, where `n` is the parent's visits and `k` the
    /// `equivalence` parameter (the visits at which both count equally after a fashion:
    /// larger trusts AMAF longer; Gelly and Silver used around 1000). AMAF pays in games
    /// where a move is worth much the same whenever it is played (Go, connection games);
    /// `docs/benchmarks/mcts.md` has its measured strength on the shipped games.
    ///
    /// RAVE runs with root parallelism (the default) or one thread; with
    /// [`Parallelism::Tree`] and several threads the search refuses it with
    /// [`SearchError::Config`]. The AMAF statistics follow the kept subtree between moves.
    /// They take 8 bytes a node beside the tree, and the memory bound stays the node cap
    /// times [`NODE_BYTES`](Mcts::NODE_BYTES): the tree holds proportionally fewer nodes
    /// (28 / 36 of the cap for Connect Four).
    /// An equivalence that is not finite and positive is a [`SearchError::Config`].
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new()
    ///     .with_rave(1000.0)
    ///     .with_seed(5)
    ///     .with_budget(Budget::iterations(2_000));
    /// // X (to move) has three in a row on the bottom with both ends open.
    /// let r = ai.search(&"445566".parse().unwrap()).unwrap();
    /// assert!(r.best_move == 2 || r.best_move == 6);
    /// assert_eq!(ai.rave(), Some(1000.0));
    /// ```
    #[must_use]
    pub fn with_rave(mut self, equivalence: f64) -> Self {
        self.rave = Some(equivalence);
        for w in &mut self.workers {
            w.amaf.clear();
        }
        self
    }

    /// RAVE's equivalence parameter, if on (see [`with_rave`](Mcts::with_rave)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().rave(), None);
    /// ```
    #[must_use]
    pub fn rave(&self) -> Option<f64> {
        self.rave
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
        self.workers.iter().map(|w| w.tree.len()).sum()
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

    /// Each search thread's kept tree, root first (read by [`NodeView`](crate::NodeView)).
    pub(crate) fn trees(&self) -> impl Iterator<Item = &[Node<G::Move>]> + '_ {
        self.workers.iter().map(|w| w.tree.as_slice())
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
            w.tree.clear();
        }
        self.root = None;
    }

    /// Checks the options: a [`SearchError::Config`] for the first one out of range.
    pub(crate) fn validate(&self) -> Result<(), SearchError> {
        let config = |msg: String| Err(SearchError::Config(msg));
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return config(format!(
                "the exploration constant must be finite and >= 0, got {}",
                self.exploration
            ));
        }
        if !(self.prior_weight.is_finite() && self.prior_weight >= 0.0) {
            return config(format!(
                "the prior weight must be finite and >= 0, got {}",
                self.prior_weight
            ));
        }
        if let PriorSource::Evaluator(_, scale) = &self.prior {
            if !(scale.is_finite() && *scale > 0.0) {
                return config(format!(
                    "the evaluator prior's scale must be finite and > 0, got {scale}"
                ));
            }
        }
        if let Some((coefficient, exponent)) = self.widening {
            if !(coefficient.is_finite() && coefficient > 0.0) {
                return config(format!(
                    "the progressive widening coefficient must be finite and > 0, got {coefficient}"
                ));
            }
            if !(0.0..=1.0).contains(&exponent) {
                return config(format!(
                    "the progressive widening exponent must lie in [0, 1], got {exponent}"
                ));
            }
        }
        if let Some(k) = self.rave {
            if !(k.is_finite() && k > 0.0) {
                return config(format!(
                    "the RAVE equivalence parameter must be finite and > 0, got {k}"
                ));
            }
            if self.threads > 1 && self.parallelism == Parallelism::Tree {
                return config(
                    "RAVE runs with root parallelism or one thread, not with a shared tree".into(),
                );
            }
        }
        if self.position_key.is_some() && self.threads > 1 && self.parallelism == Parallelism::Tree
        {
            return config(
                "transpositions run with root parallelism or one thread, not with a shared tree"
                    .into(),
            );
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return config(format!(
                "the thread count must lie in 1..={MAX_THREADS}, got {}",
                self.threads
            ));
        }
        if self.node_cap == 0 {
            return config("the node cap must be at least 1".into());
        }
        Ok(())
    }
}
