//! [`Puct`]: the engine's type, its options (`new` and the `with_*` builders) and what it
//! keeps between searches (the tree's memory and the evaluation cache).

use search_core::{Budget, Game, GameHash, SearchError};

use crate::zero::cache::EvalCache;
use crate::zero::noise::RootNoise;
use crate::zero::tree::{Fpu, Node, Tree};

/// AlphaZero's search: Monte Carlo tree search guided by a policy and a value
/// ([`BatchEvaluator`](crate::BatchEvaluator), usually a neural network) instead of
/// random playouts.
///
/// Each **simulation** descends from the root, at every node to the child with the highest
///
/// `PUCT = Q + c_puct · P · sqrt(N) / (1 + n)`
///
/// (`Q` the child's mean value for the player choosing it, `P` its prior from the
/// evaluator's policy, `n` its visits, `N` the parent's; a child never visited gets the
/// [first-play urgency](crate::Fpu) as `Q`), until it reaches a position it has not
/// evaluated yet. The evaluator gives that position a value and a policy: the value is
/// backed up along the path (each node adds it for the player who moved into it, negated
/// for the other), the policy becomes the priors of the new node's children. A finished
/// game is scored by its result and needs no evaluation. The move played is the most
/// visited (or one drawn in proportion to the visits, see
/// [`with_temperature`](Puct::with_temperature)).
///
/// **Batches and threads.** A descent whose leaf waits for its evaluation marks its path
/// with a *virtual loss*, so that the next descent goes elsewhere; a thread gathers up to
/// [`with_batch_size`](Puct::with_batch_size) leaves this way and hands them to the
/// evaluator at once, and [`with_threads`](Puct::with_threads) threads do so on one shared
/// tree (the evaluator runs outside the lock that guards it). The virtual losses are
/// counters, taken back exactly when the values arrive.
///
/// **Self-play.** [`with_root_noise`](Puct::with_root_noise) mixes Dirichlet noise into the
/// root's priors, [`with_temperature`](Puct::with_temperature) draws the move played in
/// proportion to the visits, and the result's
/// [`visit_distribution`](crate::SearchResult::visit_distribution) is the policy target a
/// network learns from.
///
/// **Evaluation cache.** For a game with a [`GameHash`] key,
/// [`with_cache`](Puct::with_cache) keeps every evaluation under its position's key, from
/// search to search, so that no position is evaluated twice while it stays in the cache.
///
/// **Result.** A search returns the [`SearchResult`](crate::SearchResult) of every MCTS
/// engine: the move, every root move's visits, mean reward (`(Q + 1) / 2`: 1 win, ½ draw, 0
/// loss for the side to move), interval and prior, and [`Stats`](search_core::Stats):
/// `iterations` = simulations, `nodes` = nodes added to the tree, `leaves` = positions the
/// evaluator evaluated, `tt_probes` / `tt_hits` = look-ups and hits of the evaluation
/// cache, `depth_reached` = `max_ply` = the deepest node.
///
/// **Reproducible.** With one thread, an iteration budget and a seed
/// ([`with_seed`](Puct::with_seed)) a search is the same bit for bit from run to run; the
/// noise and the temperature draw from stream `k` of the seed in the engine's `k`-th
/// search. The batch size changes the search itself (virtual losses send a batch's
/// descents to other leaves than one-at-a-time simulations would visit), and with several
/// threads the order in which evaluations come back varies, and so do the visits.
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Puct, UniformEvaluator};
/// use search_core::{Budget, Strategy};
///
/// let mut ai = Puct::new(UniformEvaluator)
///     .with_c_puct(1.5)
///     .with_batch_size(8)
///     .with_budget(Budget::iterations(800));
/// let result = ai.search(&TicTacToe::new())?;
/// println!("{result}");
/// assert_eq!(result.stats.iterations, 800);
/// // Blocks the row X threatens to complete.
/// let g: TicTacToe = "XX. O.. ...".parse().unwrap();
/// assert_eq!(ai.choose_move(&g)?, 2);
/// # Ok::<(), search_core::SearchError>(())
/// ```
pub struct Puct<G: Game, E> {
    pub(crate) evaluator: E,
    pub(crate) c_puct: f64,
    pub(crate) fpu: Fpu,
    pub(crate) batch_size: usize,
    pub(crate) threads: usize,
    pub(crate) budget: Budget,
    pub(crate) node_cap: u64,
    pub(crate) noise: Option<RootNoise>,
    pub(crate) temperature: f64,
    pub(crate) seed: u64,
    /// Searches run so far (the stream of the seed the next one draws from).
    pub(crate) searches: u64,
    /// The position key of the evaluation cache, when it is on.
    pub(crate) key: Option<fn(&G) -> u64>,
    /// The cache's slots as asked for (checked when a search starts).
    pub(crate) cache_entries: usize,
    /// The cache, allocated by the first search that uses it.
    pub(crate) cache: Option<EvalCache<G::Move>>,
    /// The last search's tree (its memory is reused by the next).
    pub(crate) tree: Tree<G::Move>,
}

/// The most threads a search may have.
pub(crate) const MAX_THREADS: usize = 1024;

/// The most slots the evaluation cache may have.
pub(crate) const MAX_CACHE: usize = 1 << 28;

/// The largest batch a thread may gather.
pub(crate) const MAX_BATCH: usize = 1 << 16;

impl<G: Game, E: core::fmt::Debug> core::fmt::Debug for Puct<G, E> {
    /// The options and the evaluator.
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// assert!(format!("{ai:?}").contains("c_puct: 1.25"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Puct")
            .field("evaluator", &self.evaluator)
            .field("c_puct", &self.c_puct)
            .field("fpu", &self.fpu)
            .field("batch_size", &self.batch_size)
            .field("threads", &self.threads)
            .field("budget", &self.budget)
            .field("node_cap", &self.node_cap)
            .field("noise", &self.noise)
            .field("temperature", &self.temperature)
            .field("seed", &self.seed)
            .field("cache_entries", &self.cache_entries)
            .finish()
    }
}

impl<G: Game, E> Puct<G, E> {
    /// The default `c_puct`.
    pub const DEFAULT_C_PUCT: f64 = 1.25;

    /// An engine with `evaluator`, `c_puct` [`DEFAULT_C_PUCT`](Puct::DEFAULT_C_PUCT), the
    /// default [first-play urgency](Fpu::default), batches of one leaf, one thread, 800
    /// simulations a move ([`with_budget`](Puct::with_budget)), at most 2^22 nodes, no
    /// root noise, temperature 0 (the most visited move), no cache, seed 0.
    ///
    /// ```
    /// use mcts::{Puct, UniformEvaluator};
    /// let ai = Puct::<games::ConnectFour, _>::new(UniformEvaluator);
    /// assert_eq!(ai.budget().max_iterations(), Some(800));
    /// assert_eq!(ai.batch_size(), 1);
    /// ```
    #[must_use]
    pub fn new(evaluator: E) -> Self {
        Puct {
            evaluator,
            c_puct: Self::DEFAULT_C_PUCT,
            fpu: Fpu::default(),
            batch_size: 1,
            threads: 1,
            budget: Budget::iterations(800),
            node_cap: 1 << 22,
            noise: None,
            temperature: 0.0,
            seed: 0,
            searches: 0,
            key: None,
            cache_entries: 0,
            cache: None,
            tree: Tree::default(),
        }
    }

    /// Sets the exploration constant `c_puct` of the PUCT rule (finite and `> 0`, checked
    /// when a search starts: anything else is a [`SearchError::Config`]).
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).with_c_puct(2.0);
    /// assert_eq!(ai.c_puct(), 2.0);
    /// ```
    #[must_use]
    pub fn with_c_puct(mut self, c_puct: f64) -> Self {
        self.c_puct = c_puct;
        self
    }

    /// The exploration constant.
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// assert_eq!(ai.c_puct(), 1.25);
    /// ```
    #[must_use]
    pub fn c_puct(&self) -> f64 {
        self.c_puct
    }

    /// Sets the first-play urgency, the value of a child never visited (its value must lie
    /// in `[-1, 1]`, a reduction be finite and `>= 0`: checked when a search starts).
    ///
    /// ```
    /// use mcts::{Fpu, Puct, UniformEvaluator};
    /// let ai = Puct::<games::TicTacToe, _>::new(UniformEvaluator).with_fpu(Fpu::Absolute(0.0));
    /// assert_eq!(ai.fpu(), Fpu::Absolute(0.0));
    /// ```
    #[must_use]
    pub fn with_fpu(mut self, fpu: Fpu) -> Self {
        self.fpu = fpu;
        self
    }

    /// The first-play urgency.
    ///
    /// ```
    /// use mcts::{Fpu, Puct, UniformEvaluator};
    /// assert_eq!(Puct::<games::TicTacToe, _>::new(UniformEvaluator).fpu(), Fpu::Reduction(0.25));
    /// ```
    #[must_use]
    pub fn fpu(&self) -> Fpu {
        self.fpu
    }

    /// Each thread gathers up to `leaves` leaves (marked by virtual losses) before it calls
    /// the evaluator with all of them; `1` evaluates every leaf as soon as it is found. A
    /// network evaluates a batch much faster than its states one by one; a larger batch
    /// spreads the simulations a little wider than the PUCT rule alone would. From 1 to
    /// 65,536 (checked when a search starts).
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).with_batch_size(16);
    /// assert_eq!(ai.batch_size(), 16);
    /// ```
    #[must_use]
    pub fn with_batch_size(mut self, leaves: usize) -> Self {
        self.batch_size = leaves;
        self
    }

    /// The batch size.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).batch_size(), 1);
    /// ```
    #[must_use]
    pub fn batch_size(&self) -> usize {
        self.batch_size
    }

    /// Searches one tree with `threads` threads (1 to 1,024, checked when a search starts),
    /// each gathering its own batches; the evaluator is called by several threads at once.
    /// With one thread (the default) the search runs on the calling thread.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::Budget;
    /// let mut ai = Puct::new(UniformEvaluator).with_threads(2).with_batch_size(4)
    ///     .with_budget(Budget::iterations(500));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert_eq!((r.threads, r.stats.iterations), (2, 500));
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The number of threads.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Replaces the budget. PUCT reads **iterations** as simulations, a **time** limit and a
    /// **stop flag** between batches, and a **depth** as the deepest the tree grows (a leaf
    /// at that depth backs up its evaluation at every visit); a **node** limit is refused
    /// (the tree's size is [`with_node_cap`](Puct::with_node_cap)'s), and so is a budget
    /// without an iteration, time or stop limit, which would never end.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::{Budget, BudgetError, SearchError};
    /// let mut ai = Puct::new(UniformEvaluator).with_budget(Budget::nodes(100));
    /// assert!(matches!(
    ///     ai.search(&TicTacToe::new()),
    ///     Err(SearchError::Budget(BudgetError::Unsupported { .. }))
    /// ));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Replaces the budget in place.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// ai.set_budget(Budget::iterations(10));
    /// assert_eq!(ai.budget().max_iterations(), Some(10));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The budget.
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// assert!(ai.budget().time_limit().is_none());
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Caps the tree at `nodes` nodes (default 2^22). At the cap the tree stops growing: a
    /// leaf that would be expanded keeps its evaluation and backs it up at every visit. A
    /// cap too small for the root and its moves is a [`SearchError::Config`] when a search
    /// starts.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::Budget;
    /// let mut ai = Puct::new(UniformEvaluator).with_node_cap(30).with_budget(Budget::iterations(200));
    /// let r = ai.search(&TicTacToe::new()).unwrap();
    /// assert!(r.tree_size <= 30);
    /// assert_eq!(r.stats.iterations, 200);
    /// ```
    #[must_use]
    pub fn with_node_cap(mut self, nodes: u64) -> Self {
        self.node_cap = nodes;
        self
    }

    /// Bytes one node of the tree takes (it depends on the size of the game's move).
    ///
    /// ```
    /// let bytes = mcts::Puct::<games::ConnectFour, mcts::UniformEvaluator>::NODE_BYTES;
    /// assert!(bytes > 0 && bytes <= 64);
    /// ```
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<G::Move>>();

    /// Caps the tree at about `bytes` bytes: [`with_node_cap`](Puct::with_node_cap) with
    /// `bytes / NODE_BYTES` nodes (the evaluation cache is not counted: its size is set by
    /// [`with_cache`](Puct::with_cache)).
    ///
    /// ```
    /// use mcts::{Puct, UniformEvaluator};
    /// type P = Puct<games::ConnectFour, UniformEvaluator>;
    /// let ai = P::new(UniformEvaluator).with_memory_cap(1 << 20);
    /// assert_eq!(ai.node_cap(), (1 << 20) / P::NODE_BYTES as u64);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        let nodes = bytes / Self::NODE_BYTES as u64;
        self.with_node_cap(nodes)
    }

    /// The node cap.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).node_cap(), 1 << 22);
    /// ```
    #[must_use]
    pub fn node_cap(&self) -> u64 {
        self.node_cap
    }

    /// Mixes Dirichlet noise into the root's priors at every search (self-play), or none
    /// (`None`, the default). The parameters are checked when a search starts.
    ///
    /// ```
    /// use mcts::{Puct, RootNoise, UniformEvaluator};
    /// let ai = Puct::<games::TicTacToe, _>::new(UniformEvaluator)
    ///     .with_root_noise(Some(RootNoise::new(0.3, 0.25)));
    /// assert_eq!(ai.root_noise(), Some(RootNoise::new(0.3, 0.25)));
    /// ```
    #[must_use]
    pub fn with_root_noise(mut self, noise: Option<RootNoise>) -> Self {
        self.noise = noise;
        self
    }

    /// Sets the root noise in place (self-play turns it off for evaluation games).
    ///
    /// ```
    /// let mut ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// ai.set_root_noise(None);
    /// assert_eq!(ai.root_noise(), None);
    /// ```
    pub fn set_root_noise(&mut self, noise: Option<RootNoise>) {
        self.noise = noise;
    }

    /// The root noise.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).root_noise(), None);
    /// ```
    #[must_use]
    pub fn root_noise(&self) -> Option<RootNoise> {
        self.noise
    }

    /// The move temperature `t`: `0` (the default) plays the most visited move; `t > 0`
    /// draws the move in proportion to `visits^(1/t)` (1: to the visits themselves, as
    /// AlphaZero's self-play does in a game's first moves). Finite and `>= 0`, checked when a
    /// search starts.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::Budget;
    /// let mut ai = Puct::new(UniformEvaluator).with_temperature(1.0).with_budget(Budget::iterations(300));
    /// let r = ai.search(&TicTacToe::new()).unwrap();
    /// assert!(r.moves.iter().any(|m| m.mv == r.best_move && m.visits > 0));
    /// ```
    #[must_use]
    pub fn with_temperature(mut self, t: f64) -> Self {
        self.temperature = t;
        self
    }

    /// Sets the temperature in place (self-play lowers it after a game's first moves).
    ///
    /// ```
    /// let mut ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// ai.set_temperature(0.5);
    /// assert_eq!(ai.temperature(), 0.5);
    /// ```
    pub fn set_temperature(&mut self, t: f64) {
        self.temperature = t;
    }

    /// The temperature.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).temperature(), 0.0);
    /// ```
    #[must_use]
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// Sets the seed of the root noise and the temperature draws (default 0).
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).with_seed(9);
    /// assert_eq!(ai.seed(), 9);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self.searches = 0;
        self
    }

    /// The seed.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).seed(), 0);
    /// ```
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The evaluator.
    ///
    /// ```
    /// let ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// assert_eq!(*ai.evaluator(), mcts::UniformEvaluator);
    /// ```
    #[must_use]
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Replaces the evaluator (a newly trained network), emptying the evaluation cache,
    /// whose answers were the old one's.
    ///
    /// ```
    /// let mut ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator);
    /// ai.set_evaluator(mcts::UniformEvaluator);
    /// ```
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.evaluator = evaluator;
        self.clear_cache();
    }

    /// Empties the evaluation cache (if any), keeping its memory.
    ///
    /// ```
    /// let mut ai = mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).with_cache(64);
    /// ai.clear_cache();
    /// ```
    pub fn clear_cache(&mut self) {
        if let Some(c) = &mut self.cache {
            c.clear();
        }
    }

    /// Nodes in the last search's tree.
    ///
    /// ```
    /// assert_eq!(mcts::Puct::<games::TicTacToe, _>::new(mcts::UniformEvaluator).tree_size(), 0);
    /// ```
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Checks the options: a [`SearchError::Config`] for the first one out of range.
    pub(crate) fn validate(&self) -> Result<(), SearchError> {
        let bad = |what: String| Err(SearchError::Config(what));
        if !(self.c_puct.is_finite() && self.c_puct > 0.0) {
            return bad(format!(
                "c_puct must be finite and > 0, got {}",
                self.c_puct
            ));
        }
        match self.fpu {
            Fpu::Absolute(v) if !(-1.0..=1.0).contains(&v) => {
                return bad(format!(
                    "an absolute first-play urgency must lie in [-1, 1], got {v}"
                ));
            }
            Fpu::Reduction(r) if !(r.is_finite() && r >= 0.0) => {
                return bad(format!(
                    "a first-play urgency reduction must be finite and >= 0, got {r}"
                ));
            }
            _ => {}
        }
        if self.batch_size == 0 || self.batch_size > MAX_BATCH {
            return bad(format!(
                "the batch size must lie in 1..={MAX_BATCH}, got {}",
                self.batch_size
            ));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return bad(format!(
                "the thread count must lie in 1..={MAX_THREADS}, got {}",
                self.threads
            ));
        }
        if let Some(n) = self.noise {
            if !n.is_valid() {
                return bad(format!(
                    "root noise needs alpha finite and > 0 and a fraction in [0, 1], got alpha {} and fraction {}",
                    n.alpha, n.fraction
                ));
            }
        }
        if self.cache_entries > MAX_CACHE {
            return bad(format!(
                "the evaluation cache may have at most {MAX_CACHE} slots, got {}",
                self.cache_entries
            ));
        }
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return bad(format!(
                "the temperature must be finite and >= 0, got {}",
                self.temperature
            ));
        }
        Ok(())
    }
}

impl<G: GameHash, E> Puct<G, E> {
    /// Keeps the evaluator's answers in a cache of `entries` slots (rounded up to a power of
    /// two), keyed by [`GameHash::hash_key`], from search to search; `0` turns it off (the
    /// default). A slot holds one position (a newer one replaces it), and an answer is
    /// taken only for a position with the same key and the same legal moves. At most
    /// 2^28 slots (more is a [`SearchError::Config`] when a search starts); the first search
    /// allocates them. The cache
    /// belongs to the evaluator: [`set_evaluator`](Puct::set_evaluator) empties it.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::Budget;
    /// let mut ai = Puct::new(UniformEvaluator).with_cache(1 << 12).with_budget(Budget::iterations(300));
    /// let first = ai.search(&TicTacToe::new()).unwrap();
    /// let again = ai.search(&TicTacToe::new()).unwrap();
    /// assert!(first.stats.leaves > 0);
    /// assert!(again.stats.tt_hits > 0 && again.stats.leaves < first.stats.leaves);
    /// ```
    #[must_use]
    pub fn with_cache(mut self, entries: usize) -> Self {
        self.key = (entries > 0).then_some(<G as GameHash>::hash_key as fn(&G) -> u64);
        self.cache_entries = entries;
        self.cache = None;
        self
    }
}
