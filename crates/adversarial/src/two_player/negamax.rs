//! [`Negamax`]: the configurable depth-limited engine — its options, and how a search or an
//! analysis is started on one thread or several.
//!
//! The per-node loop is in `two_player/searcher/`, iterative deepening in
//! `two_player/deepening.rs`, Lazy SMP in `two_player/parallel.rs`.

use std::sync::Arc;

use search_core::{
    Budget, BudgetField, Evaluator, Game, MoveAnalysis, MoveValue, RunningBudget, SearchError,
    SplitMix64, Stats, Strategy,
};

use crate::builder::builder_methods;
use crate::tables::entry::Replacement;
use crate::tables::transposition::TranspositionTable;
use crate::tables::transpositions::{NoTable, Transpositions};
use crate::two_player::deepening::{RootWindow, deepen, deepen_every_move};
use crate::two_player::options::{LoopOptions, Setup};
use crate::two_player::ordering::MoveOrdering;
use crate::two_player::parallel::{check_threads, lazy_smp};
use crate::two_player::result::SearchResult;
use crate::two_player::searcher::root::RootSearch;

/// What [`Negamax::run_search`] tells after each finished depth of the main thread: that
/// depth's root search, the thread's counters and the running budget (for the time).
pub(crate) type RootObserver<'o, M> = &'o mut dyn FnMut(&RootSearch<M>, &Stats, &RunningBudget);

/// Negamax with fail-soft alpha-beta for any [`Game`]: iterative deepening, optional
/// principal-variation search, optional transposition table, move ordering, the game's
/// hooks, and Lazy SMP on several threads — the engine to play with.
///
/// Options (all builder methods; the defaults are the fast choice):
///
/// | option | default | what |
/// |---|---|---|
/// | [`with_budget`](Negamax::with_budget) | depth 8 | depth, nodes, time, stop flag (iterations are refused: use a depth) |
/// | [`with_threads`](Negamax::with_threads) | 1 | Lazy SMP threads sharing the table |
/// | [`with_table_mb`](Negamax::with_table_mb), [`with_table`](Negamax::with_table) | none | a [`TranspositionTable`] (needs [`GameHash`](search_core::GameHash)) |
/// | [`with_pvs`](Negamax::with_pvs) | on | null-window search of every move after the first |
/// | [`with_move_ordering`](Negamax::with_move_ordering) | all | table move, hints, killers, history |
/// | [`with_game_hooks`](Negamax::with_game_hooks) | on | `winning_move` / `non_losing_moves` |
/// | [`with_min_table_plies`](Negamax::with_min_table_plies) | 2 | small subtrees skip the table |
/// | [`with_prefetch`](Negamax::with_prefetch) | on | prefetch the children's table slots |
/// | [`with_iterative_deepening`](Negamax::with_iterative_deepening) | on | depth 1, 2, ... or the budget's depth at once |
/// | [`with_random_ties`](Negamax::with_random_ties), [`with_seed`](Negamax::with_seed) | off, 0 | seeded random choice among equally good root moves |
/// | [`with_aspiration`](Negamax::with_aspiration) | off | each depth's root window around the previous depth's value |
/// | [`with_mtdf`](Negamax::with_mtdf) | off | MTD(f): each depth's value by null-window searches over the table |
/// | [`with_quiescence`](Negamax::with_quiescence) | 0 (off) | extend noisy moves ([`Game::is_noisy`]) beyond the horizon |
/// | [`with_etc`](Negamax::with_etc) | off | enhanced transposition cut-off: the children's table entries first |
///
/// None of them changes the value found at a given depth — only how fast it is found (the
/// crate's tests check this against plain [`Minimax`](crate::Minimax)) — except
/// quiescence, which searches more than the depth on purpose. Aspiration windows and MTD(f)
/// are off by default because the benchmarks (`docs/benchmarks/adversarial.md`) found no position set on
/// which they pay for themselves in this engine, whose principal-variation search already
/// searches most nodes with a null window.
///
/// ```
/// use adversarial::Negamax;
/// use games::{ConnectFour, ThreatEvaluator};
/// use search_core::Budget;
///
/// let mut engine = Negamax::new(ThreatEvaluator)
///     .with_table_mb(4)
///     .with_budget(Budget::depth(10))
///     .with_threads(2);
/// let position: ConnectFour = "4455".parse().unwrap();
/// let result = engine.search(&position).unwrap();
/// assert!(result.stats.depth_reached <= 10);
/// assert!(position.legal_move_list().contains(&result.best_move));
/// # use search_core::Game;
/// ```
#[derive(Debug)]
pub struct Negamax<E, T = NoTable> {
    eval: E,
    /// The table, the options of every node, the budget and the threads.
    pub(crate) setup: Setup<T>,
    iterative: bool,
    random_ties: bool,
    rng: SplitMix64,
    aspiration: Option<u32>,
    mtdf: bool,
}

impl<E> Negamax<E, NoTable> {
    /// The depth searched unless [`with_budget`](Negamax::with_budget) says otherwise.
    pub(crate) const DEFAULT_DEPTH: u32 = 8;

    /// An engine with evaluator `eval`, no transposition table, one thread, and a budget of
    /// depth 8.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let r = Negamax::new(OpenLines).with_budget(Budget::depth(2)).search(&TicTacToe::new()).unwrap();
    /// assert!(!r.score.unwrap().is_decisive());
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Negamax {
            eval,
            setup: Setup {
                table: NoTable,
                pending_table: None,
                opts: LoopOptions {
                    pvs: true,
                    ordering: MoveOrdering::all(),
                    hooks: true,
                    exact: false,
                    min_table_plies: 2,
                    prefetch: true,
                    track_pv: true,
                    symmetry: false,
                    salt: 0,
                    quiescence: 0,
                    etc: false,
                    spread_probes: true,
                    first_guess: None,
                    grow_after: 0,
                },
                budget: Budget::depth(Self::DEFAULT_DEPTH),
                threads: 1,
            },
            iterative: true,
            random_ties: false,
            rng: SplitMix64::new(0),
            aspiration: None,
            mtdf: false,
        }
    }
}

impl<E, T> Negamax<E, T> {
    /// Uses `table` (an `Arc<TranspositionTable>`, a `&TranspositionTable`, a
    /// `TranspositionTable`, or [`NoTable`]): to share one table between engines or keep
    /// it after the engine is gone. The table is kept between searches; clear it yourself
    /// when positions are unrelated.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use adversarial::{Negamax, TranspositionTable};
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, Score};
    /// let table = Arc::new(TranspositionTable::new(1 << 16).unwrap());
    /// let mut e = Negamax::new(OpenLines).with_table(table.clone()).with_budget(Budget::depth(9));
    /// assert_eq!(e.search(&TicTacToe::new()).unwrap().score, Some(Score::DRAW));
    /// assert!(table.stats().occupied > 0);
    /// ```
    #[must_use]
    pub fn with_table<U>(self, table: U) -> Negamax<E, U> {
        Negamax {
            eval: self.eval,
            setup: self.setup.with_table(table),
            iterative: self.iterative,
            random_ties: self.random_ties,
            rng: self.rng,
            aspiration: self.aspiration,
            mtdf: self.mtdf,
        }
    }

    /// Uses a fresh [`TranspositionTable`] of at most `megabytes` MiB (sized as
    /// [`TranspositionTable::with_megabytes`]: the largest power-of-two number of slots that
    /// fits), depth-preferred replacement. It is allocated when the first search starts; a
    /// size that cannot be used (0, above [`MAX_TABLE_BYTES`](crate::MAX_TABLE_BYTES), or
    /// more than the system can allocate) makes that search return
    /// [`SearchError::Config`].
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::SearchError;
    /// let mut e = Negamax::new(ThreatEvaluator).with_table_mb(2);
    /// e.search(&ConnectFour::new()).unwrap();
    /// assert_eq!(e.table().size_bytes(), 2 << 20);
    /// let r = Negamax::new(ThreatEvaluator).with_table_mb(0).search(&ConnectFour::new());
    /// assert!(matches!(r, Err(SearchError::Config(_))));
    /// ```
    #[must_use]
    pub fn with_table_mb(self, megabytes: u64) -> Negamax<E, Arc<TranspositionTable>> {
        Negamax {
            eval: self.eval,
            setup: self
                .setup
                .with_table_mb(megabytes, Replacement::DepthPreferred),
            iterative: self.iterative,
            random_ties: self.random_ties,
            rng: self.rng,
            aspiration: self.aspiration,
            mtdf: self.mtdf,
        }
    }

    builder_methods! {
        /// Principal-variation search on (default) or off (plain alpha-beta windows).
        ///
        /// ```
        /// let e = adversarial::Negamax::new(games::OpenLines).with_pvs(false);
        /// # let _ = e;
        /// ```
        with_pvs(on: bool) => setup.opts.pvs;

        /// Which move-ordering sources to use.
        ///
        /// ```
        /// use adversarial::{MoveOrdering, Negamax};
        /// let e = Negamax::new(games::OpenLines).with_move_ordering(MoveOrdering::none());
        /// # let _ = e;
        /// ```
        with_move_ordering(ordering: MoveOrdering) => setup.opts.ordering;

        /// Whether to use the game's [`winning_move`](Game::winning_move) and
        /// [`non_losing_moves`](Game::non_losing_moves) hooks (on by default).
        ///
        /// ```
        /// let e = adversarial::Negamax::new(games::OpenLines).with_game_hooks(false);
        /// # let _ = e;
        /// ```
        with_game_hooks(on: bool) => setup.opts.hooks;

        /// Nodes with fewer than `plies` plies left to search (the remaining depth, or the
        /// game's [`remaining_plies_bound`](Game::remaining_plies_bound) when smaller) neither
        /// read nor write the table: such a small subtree is searched faster than a table
        /// access that misses the cache costs. Default: 2. It never changes a value.
        ///
        /// ```
        /// let e = adversarial::Negamax::new(games::OpenLines).with_min_table_plies(4);
        /// # let _ = e;
        /// ```
        with_min_table_plies(plies: u32) => setup.opts.min_table_plies;

        /// Whether a node starts loading its children's table slots into the cache before
        /// searching them (default on). It costs one extra play of each move at nodes whose
        /// children use the table and saves waiting on main memory at each child searched; turn
        /// it off for a game whose moves are expensive to play. It never changes a value.
        ///
        /// ```
        /// let e = adversarial::Negamax::new(games::OpenLines).with_prefetch(false);
        /// # let _ = e;
        /// ```
        with_prefetch(on: bool) => setup.opts.prefetch;

        /// Iterative deepening on (default), or a single search at the budget's depth limit
        /// (which then must be set).
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{OpenLines, TicTacToe};
        /// use search_core::Budget;
        /// let e = Negamax::new(OpenLines).with_iterative_deepening(false);
        /// let mut e = e.with_budget(Budget::depth(3));
        /// assert!(e.search(&TicTacToe::new()).is_ok());
        /// let mut e = e.with_budget(Budget::nodes(1000));
        /// assert!(e.search(&TicTacToe::new()).is_err()); // no depth limit
        /// ```
        with_iterative_deepening(on: bool) => iterative;

        /// Chooses at random among the root moves whose score equals the best, reproducibly
        /// from the seed of [`with_seed`](Negamax::with_seed) (off by default: then the first
        /// best move in search order is played). Costs a slightly wider window at the root.
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::TicTacToe;
        /// use search_core::Budget;
        /// let pick = |seed| {
        ///     let mut e = Negamax::new(|_: &TicTacToe| 0)
        ///         .with_random_ties(true)
        ///         .with_seed(seed)
        ///         .with_budget(Budget::depth(1));
        ///     e.search(&TicTacToe::new()).unwrap().best_move
        /// };
        /// assert_eq!(pick(5), pick(5));
        /// assert!((0..20).any(|s| pick(s) != pick(0)));
        /// ```
        with_random_ties(on: bool) => random_ties;
    }

    /// The seed of the random choices ([`with_random_ties`](Negamax::with_random_ties));
    /// default 0. The generator ([`SplitMix64`]) goes on from search to search, so that a
    /// game played with one engine is reproducible from its seed.
    ///
    /// ```
    /// let e = adversarial::Negamax::new(games::OpenLines).with_random_ties(true).with_seed(42);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.rng = SplitMix64::new(seed);
        self
    }

    builder_methods! {
        /// The budget of every search (default: depth
        /// 8): depth, nodes, time and stop flag.
        /// A budget with an iteration limit is refused when the search starts
        /// ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)): the rounds of
        /// iterative deepening are depths, so give a depth.
        ///
        /// ```
        /// use std::time::Duration;
        /// use adversarial::Negamax;
        /// use search_core::{Budget, Strategy};
        /// use games::{ConnectFour, ThreatEvaluator};
        /// let mut e = Negamax::new(ThreatEvaluator).with_budget(Budget::time(Duration::from_millis(20)));
        /// let mv = e.choose_move(&ConnectFour::new()).unwrap();
        /// assert!(mv < 7);
        /// ```
        with_budget(budget: Budget) => setup.budget;

        /// Searches on `threads` threads sharing the table (Lazy SMP; default 1: the calling
        /// thread only). The result is the main thread's; `stats.nodes` counts the nodes of all
        /// threads. 0 or more than 1024 threads makes the search return
        /// [`SearchError::Config`]. Without a table the threads cannot share their work:
        /// give it one.
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{ConnectFour, ThreatEvaluator};
        /// use search_core::Budget;
        /// let mut engine = Negamax::new(ThreatEvaluator)
        ///     .with_table_mb(8)
        ///     .with_budget(Budget::depth(9))
        ///     .with_threads(2);
        /// let r = engine.search(&ConnectFour::new()).unwrap();
        /// assert_eq!(r.stats.depth_reached, 9);
        /// assert!(engine.with_threads(0).search(&ConnectFour::new()).is_err());
        /// ```
        with_threads(threads: usize) => setup.threads;

        /// Aspiration windows: from the second depth of iterative deepening on, the root is
        /// searched within the previous depth's value ± `half_width` (in evaluation units), and
        /// searched again with the failing side opened when the value falls outside. A narrow
        /// window prunes more when the value moves little from one depth to the next, and costs
        /// a second search when it moves more. The previous value must be a heuristic one (a
        /// proven win or loss ends the deepening anyway). `None` (the default): the full window.
        /// `Some(0)` makes the search return [`SearchError::Config`], as does combining it with
        /// [`with_mtdf`](Negamax::with_mtdf). The value found is the full window's; only
        /// [`search`](Negamax::search) uses it (an analysis searches every move with an open
        /// window).
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{ConnectFour, ThreatEvaluator};
        /// use search_core::Budget;
        /// let g: ConnectFour = "4453".parse().unwrap();
        /// let full = Negamax::new(ThreatEvaluator).with_budget(Budget::depth(7)).search(&g).unwrap();
        /// let narrow = Negamax::new(ThreatEvaluator)
        ///     .with_aspiration(Some(8))
        ///     .with_budget(Budget::depth(7))
        ///     .search(&g)
        ///     .unwrap();
        /// assert_eq!(narrow.score, full.score);
        /// ```
        with_aspiration(half_width: Option<u32>) => aspiration;

        /// MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996): each depth's value is found by
        /// null-window searches of the root, the first at the previous depth's value, each
        /// next one at the bound the last one proved, until the lower and upper bounds meet;
        /// every search reuses what the table learned in the ones before. Off by default. It
        /// needs a transposition table to be fast (without one, each null-window search
        /// starts from nothing, though the value is still right). The value found is the full
        /// window's; only [`search`](Negamax::search) uses it. Combined with
        /// [`with_aspiration`](Negamax::with_aspiration), the search returns
        /// [`SearchError::Config`]: both choose the root's window.
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{ConnectFour, ThreatEvaluator};
        /// use search_core::Budget;
        /// let g: ConnectFour = "4453".parse().unwrap();
        /// let full = Negamax::new(ThreatEvaluator).with_budget(Budget::depth(7)).search(&g).unwrap();
        /// let mut mtdf = Negamax::new(ThreatEvaluator)
        ///     .with_table_mb(4)
        ///     .with_mtdf(true)
        ///     .with_budget(Budget::depth(7));
        /// assert_eq!(mtdf.search(&g).unwrap().score, full.score);
        /// ```
        with_mtdf(on: bool) => mtdf;

        /// Quiescence search: at the depth horizon, instead of trusting the evaluation of a
        /// position where a noisy move ([`Game::is_noisy`]: a capture, a corner, a move that
        /// makes or blocks an immediate win) is available, the side to move may either take the
        /// evaluation ("stand pat") or play one of its noisy moves, and so on for at most
        /// `max_plies` plies beyond the horizon; the value is the best of these. Positions
        /// searched there are counted in [`Stats::quiescence_nodes`](search_core::Stats::quiescence_nodes)
        /// (and in `nodes`). `0` (the default) turns it off; more than
        /// [`Budget::MAX_DEPTH`] makes the search return [`SearchError::Config`]. A game whose
        /// moves are never noisy (the default of `is_noisy`) gets the evaluation, as without it.
        /// Table entries hold values with the quiescence of the search that stored them: do not
        /// share one table between engines with different settings.
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{ConnectFour, ThreatEvaluator};
        /// use search_core::Budget;
        /// let g: ConnectFour = "445566".parse().unwrap(); // X threatens to win on the bottom row
        /// let r = Negamax::new(ThreatEvaluator)
        ///     .with_quiescence(4)
        ///     .with_budget(Budget::depth(2))
        ///     .search(&g)
        ///     .unwrap();
        /// assert!(r.stats.quiescence_nodes > 0);
        /// ```
        with_quiescence(max_plies: u32) => setup.opts.quiescence;

        /// Enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin, 1996): before
        /// searching a node's children, look each of them up in the table, and end the node at
        /// once when a child's entry (searched to the child's depth) already proves the node's
        /// value reaches `beta`. It costs a play and a table probe per child at every node that
        /// uses the table; it saves the subtrees that a transposition answers. It never changes
        /// the value found at a depth. Off by default, as in the [`Solver`](crate::Solver),
        /// where it was measured (`docs/benchmarks/adversarial.md`) to save nodes everywhere but time only
        /// on deep positions. Counted in
        /// [`Stats::etc_cutoffs`](search_core::Stats::etc_cutoffs); it needs a table.
        ///
        /// ```
        /// use adversarial::Negamax;
        /// use games::{ConnectFour, ThreatEvaluator};
        /// use search_core::Budget;
        /// let g = ConnectFour::new();
        /// let engine = |etc| {
        ///     Negamax::new(ThreatEvaluator).with_table_mb(4).with_budget(Budget::depth(9)).with_etc(etc)
        /// };
        /// let (plain, with_etc) = (engine(false).search(&g).unwrap(), engine(true).search(&g).unwrap());
        /// assert_eq!(plain.score, with_etc.score);
        /// ```
        with_etc(on: bool) => setup.opts.etc;

        /// The table the engine uses (a one-slot stand-in before the first search of an engine
        /// built with [`with_table_mb`](Negamax::with_table_mb)).
        ///
        /// ```
        /// use adversarial::{Negamax, NoTable};
        /// assert_eq!(*Negamax::new(games::OpenLines).table(), NoTable);
        /// ```
        table() -> &T = setup.table;

        /// The budget of every search.
        ///
        /// ```
        /// let e = adversarial::Negamax::new(games::OpenLines);
        /// assert_eq!(e.budget().max_depth(), Some(8));
        /// ```
        budget() -> &Budget = setup.budget;
    }

    /// Replaces the budget of the next searches in place (as
    /// [`with_budget`](Negamax::with_budget) does for a builder), keeping the table and
    /// everything else: to give each move of a game its share of a clock.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use search_core::Budget;
    /// let mut e = Negamax::new(games::OpenLines);
    /// e.set_budget(Budget::depth(3));
    /// assert_eq!(e.budget().max_depth(), Some(3));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.setup.budget = budget;
    }

    /// How each depth's root window is chosen (checked by [`prepare`](Self::prepare)).
    fn root_window(&self) -> RootWindow {
        match (self.aspiration, self.mtdf) {
            (Some(w), false) => RootWindow::Aspiration(w),
            (None, true) => RootWindow::Mtdf,
            _ => RootWindow::Full,
        }
    }

    /// Checks the state and the configuration before a search, allocates a table asked for
    /// by size, and starts the budget; returns it with the deepest iteration to run.
    fn prepare<G: Game>(&mut self, state: &G) -> Result<(RunningBudget, u32), SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        if state.legal_move_count() == 0 {
            return Err(SearchError::NoLegalMoves);
        }
        search_core::check_root(state)?;
        self.setup.budget.refuse(
            "Negamax",
            &[BudgetField::Iterations],
            "use a depth: each round of iterative deepening is one ply deeper",
        )?;
        check_threads("Negamax", self.setup.threads)?;
        if self.aspiration == Some(0) {
            return Err(SearchError::Config(
                "an aspiration window's half-width must be at least 1 (None turns it off)".into(),
            ));
        }
        if self.aspiration.is_some() && self.mtdf {
            return Err(SearchError::Config(
                "aspiration windows and MTD(f) both choose the root's window: use one of them"
                    .into(),
            ));
        }
        if self.setup.opts.quiescence > Budget::MAX_DEPTH {
            return Err(SearchError::Config(format!(
                "a quiescence search of {} plies is more than the deepest search allowed ({})",
                self.setup.opts.quiescence,
                Budget::MAX_DEPTH
            )));
        }
        if !self.iterative && self.setup.budget.max_depth().is_none() {
            return Err(SearchError::Config(
                "a search without iterative deepening needs a depth limit in its budget".into(),
            ));
        }
        let running = self.setup.start()?;
        let max_depth = running.max_depth();
        Ok((running, max_depth))
    }

    /// Searches `state` within the engine's budget, on the engine's threads.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Budget`] for an
    /// invalid budget or one with an iteration limit
    /// ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported));
    /// [`SearchError::Config`] for a single-depth search without a depth limit, a thread
    /// count out of range or a table size that cannot be allocated. A broken game, wherever
    /// the search meets it: [`SearchError::NoLegalMoves`] (an ongoing state without moves),
    /// [`SearchError::TurnDidNotPass`] (a move after which the same player is to move, in a
    /// game that declares [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE) or
    /// [`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT); other games may have
    /// extra turns, which the search follows),
    /// [`SearchError::IllegalHookMove`] (checked at the root, and everywhere in debug
    /// builds), and in debug builds [`SearchError::KeyNotRestored`]. A panic in the game or
    /// the evaluator on a helper thread is [`SearchError::WorkerPanicked`] with the panic's
    /// message: the other threads are stopped and nothing they found is returned.
    ///
    /// # Panics
    /// The main search runs on the calling thread: a panic there in the game or the
    /// evaluator unwinds to the caller (once the helper threads, if any, have been stopped
    /// and joined).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::{Budget, BudgetError, Score, SearchError};
    /// // X to move wins at once in column 3 (0-based 2).
    /// let g: ConnectFour = "445566".parse().unwrap();
    /// let mut engine = Negamax::new(ThreatEvaluator).with_budget(Budget::depth(6));
    /// let r = engine.search(&g).unwrap();
    /// assert_eq!((r.best_move, r.score), (2, Some(Score::win_in(1))));
    /// let mut engine = engine.with_budget(Budget::iterations(5));
    /// assert!(matches!(
    ///     engine.search(&g),
    ///     Err(SearchError::Budget(BudgetError::Unsupported { .. }))
    /// ));
    /// ```
    pub fn search<G>(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
        T: Transpositions<G> + Sync,
    {
        self.run_search(state, None)
    }

    /// [`search`](Negamax::search), telling `observer` after each finished depth of the
    /// main thread (`src/two_player/progress.rs` turns it into the public observer).
    pub(crate) fn run_search<G>(
        &mut self,
        state: &G,
        observer: Option<RootObserver<'_, G::Move>>,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
        T: Transpositions<G> + Sync,
    {
        let (running, max_depth) = self.prepare(state)?;
        self.setup.table.check_keys(state)?;
        self.setup.table.new_search();
        let (iterative, opts, window) = (self.iterative, self.setup.opts, self.root_window());
        let ties = self.random_ties.then_some(&mut self.rng);
        let (run, mut stats) = lazy_smp(
            &self.eval,
            &self.setup.table,
            &running,
            opts,
            self.setup.threads,
            |s| {
                deepen(s, state, max_depth, iterative, None, window, None);
            },
            |s| match observer {
                Some(observe) => {
                    let mut tell = |r: &RootSearch<G::Move>, st: &Stats| observe(r, st, &running);
                    deepen(
                        s,
                        state,
                        max_depth,
                        iterative,
                        ties,
                        window,
                        Some(&mut tell),
                    )
                }
                None => deepen(s, state, max_depth, iterative, ties, window, None),
            },
        )?;
        stats.elapsed = running.elapsed();
        Ok(run.into_result(state, stats))
    }

    /// Every legal move of `state` with its value for the side to move, best first
    /// ([`MoveAnalysis::sort_best_first`]): [`MoveValue::Estimate`] with the score of the
    /// position after the move searched with an open window, at the deepest depth finished
    /// for every move within the engine's one budget (iterative deepening runs depth 1, 2,
    /// ... and searches each root move at each depth). A value equals plain
    /// [`Minimax`](crate::Minimax)'s for that move at that depth. Moves get
    /// [`MoveValue::Unknown`] when the budget ran out before depth 1 was finished. This
    /// costs more than [`search`](Negamax::search), which only needs the best move's value.
    /// Runs on the engine's threads, as `search` does.
    ///
    /// # Errors
    /// As [`search`](Negamax::search).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, MoveValue, Score};
    /// // X to move: 2 wins at once; every other move lets O win or draw at best.
    /// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    /// let moves = Negamax::new(OpenLines).with_budget(Budget::depth(9)).analyze(&g).unwrap();
    /// assert_eq!(moves.len(), 5);
    /// assert_eq!(moves[0].mv, 2);
    /// assert!(matches!(moves[0].value, MoveValue::Estimate { score, .. } if score == Score::win_in(1)));
    /// ```
    pub fn analyze<G>(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
        T: Transpositions<G> + Sync,
    {
        let (running, max_depth) = self.prepare(state)?;
        self.setup.table.check_keys(state)?;
        self.setup.table.new_search();
        let iterative = self.iterative;
        let (values, _) = lazy_smp(
            &self.eval,
            &self.setup.table,
            &running,
            self.setup.opts,
            self.setup.threads,
            |s| {
                deepen_every_move(s, state, max_depth, iterative);
            },
            |s| deepen_every_move(s, state, max_depth, iterative),
        )?;
        let mut moves: Vec<_> = match values {
            Some(v) => v
                .values
                .into_iter()
                .map(|(mv, score)| {
                    MoveAnalysis::new(
                        mv,
                        MoveValue::Estimate {
                            score,
                            depth: v.depth,
                        },
                    )
                })
                .collect(),
            None => state
                .legal_move_list()
                .into_iter()
                .map(|mv| MoveAnalysis::new(mv, MoveValue::Unknown))
                .collect(),
        };
        MoveAnalysis::sort_best_first(&mut moves);
        Ok(moves)
    }
}

impl<G, E, T> Strategy<G> for Negamax<E, T>
where
    G: Game + Sync,
    E: Evaluator<G> + Sync,
    T: Transpositions<G> + Sync,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.search(state).map(|r| r.best_move)
    }

    /// The move [`search`](Negamax::search) chooses within the engine's budget
    /// [capped by](Budget::capped_by) `budget`; the engine's own budget stays as it was.
    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        let own = self.setup.budget.clone();
        self.setup.budget = own.capped_by(&budget);
        let result = self.search(state);
        self.setup.budget = own;
        result.map(|r| r.best_move)
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        Negamax::analyze(self, state)
    }

    fn name(&self) -> String {
        "negamax".to_string()
    }
}
