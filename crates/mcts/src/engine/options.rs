//! The options of two-player engines alone ([`Mcts`](crate::Mcts), mode
//! [`ZeroSum`]): transpositions, tree parallelism, the final-move rule, tree reuse, the
//! game's hooks, priors, progressive widening and RAVE, and their checks.

use search_core::{Evaluator, Game, GameHash, SearchError};

use crate::engine::Engine;
use crate::engine::context::PriorSource;
use crate::engine::final_choice::FinalChoice;
use crate::engine::mode::ZeroSum;
use crate::parallel::threads::Parallelism;

impl<G: GameHash, P> Engine<G, P, ZeroSum> {
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
    /// memory bound stays the node cap times [`NODE_BYTES`](Engine::NODE_BYTES): the tree
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

impl<G: Game, P> Engine<G, P, ZeroSum> {
    /// Whether transpositions are on (see [`with_transpositions`](Engine::with_transpositions)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert!(!mcts::Mcts::<TicTacToe>::new().transpositions());
    /// ```
    #[must_use]
    pub fn transpositions(&self) -> bool {
        self.position_key.is_some()
    }

    /// How several threads share the work: a tree each ([`Parallelism::Root`], the
    /// default) or one shared tree ([`Parallelism::Tree`]). Nothing changes with one thread.
    ///
    /// **Tree**: every
    /// playout refines the one tree, so the threads together search as deep as one thread
    /// given their combined iterations, less what virtual loss and contention cost. The
    /// node cap bounds the shared tree; its nodes take
    /// 32 bytes each (for a move of one
    /// or two bytes). When the search stops it
    /// reads its result from the shared tree's first levels, and the engine keeps the
    /// shared tree as it is: it is copied into the compact form of
    /// [`NODE_BYTES`](Engine::NODE_BYTES) a node only when it is needed whole, by a tree
    /// view, [`advance`](Engine::advance) or the next search that reuses it (so the peak
    /// is the shared tree plus that copy). The next search counts that copy in its time
    /// and gives the kept tree up when its time runs out or its stop flag is set during
    /// the copy.
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

    /// The kind of parallelism (see [`with_parallelism`](Engine::with_parallelism)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().parallelism(), mcts::Parallelism::Root);
    /// ```
    #[must_use]
    pub fn parallelism(&self) -> Parallelism {
        self.parallelism
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
        self.prior = PriorSource::Evaluator(
            Box::new(move |state: &G| f64::from(evaluator.evaluate(state))),
            scale,
        );
        self.prior_weight = weight;
        self
    }

    /// Progressive widening, for games with many moves: a node with `n` visits selects only
    /// among its first `max(1, floor(coefficient · n^exponent))` children, so its visits
    /// go to a few moves first and the others are admitted one by one as it is visited
    /// more. The children are created in the game's
    /// [`move_order_hint`](Game::move_order_hint) order (best first, ties at random), or in
    /// prior order when a prior is set ([`with_hint_prior`](Engine::with_hint_prior),
    /// [`with_evaluator_prior`](Engine::with_evaluator_prior)). The solver still sees every
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
    /// [`with_progressive_widening`](Engine::with_progressive_widening)).
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
    /// times [`NODE_BYTES`](Engine::NODE_BYTES): the tree holds proportionally fewer nodes
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

    /// RAVE's equivalence parameter, if on (see [`with_rave`](Engine::with_rave)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new().rave(), None);
    /// ```
    #[must_use]
    pub fn rave(&self) -> Option<f64> {
        self.rave
    }

    /// Checks the options of two-player engines alone: a [`SearchError::Config`] for the
    /// first one out of range.
    pub(crate) fn check_two_player(&self) -> Result<(), SearchError> {
        let config = |msg: String| Err(SearchError::Config(msg));
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
        Ok(())
    }
}
