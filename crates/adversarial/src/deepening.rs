//! [`Negamax`]: the configurable depth-limited engine, driven by iterative deepening.
//!
//! It runs the shared loop of [`negamax`](crate::negamax) at depth 1, 2, 3... up to the
//! budget's depth limit, passing each iteration's best move to the next one, until the
//! budget (depth, nodes, time, stop flag) runs out or the value is proven (a forced win or
//! loss, or the whole game tree searched). It always answers with the best move of the last
//! finished iteration.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use search_core::{Budget, Evaluator, Game, RunningBudget, Score, SearchError, Stats, Strategy};

use crate::negamax::{LoopOptions, RootSearch, Searcher};
use crate::ordering::MoveOrdering;
use crate::result::SearchResult;
use crate::table::{NoTable, Transpositions};

/// Negamax with fail-soft alpha-beta for any [`Game`]: iterative deepening, optional
/// principal-variation search, optional transposition table, move ordering, and the game's
/// hooks — the engine to play with.
///
/// Options (all builder methods; the defaults are the fast choice):
///
/// | option | default | what |
/// |---|---|---|
/// | [`with_table`](Negamax::with_table) | none | a [`TranspositionTable`](crate::TranspositionTable) (needs [`GameHash`](search_core::GameHash)) |
/// | [`pvs`](Negamax::pvs) | on | null-window search of every move after the first |
/// | [`move_ordering`](Negamax::move_ordering) | all | table move, hints, killers, history |
/// | [`game_hooks`](Negamax::game_hooks) | on | `winning_move` / `non_losing_moves` |
/// | [`iterative_deepening`](Negamax::iterative_deepening) | on | depth 1, 2, ... or the budget's depth at once |
/// | [`random_ties`](Negamax::random_ties) | off | seeded random choice among equally good root moves |
/// | [`with_budget`](Negamax::with_budget) | depth 8 | the budget used when playing as a [`Strategy`] |
///
/// None of them changes the value found at a given depth — only how fast it is found (the
/// crate's tests check this against plain [`Minimax`](crate::Minimax)).
///
/// ```
/// use std::sync::Arc;
/// use adversarial::{Negamax, TranspositionTable};
/// use games::{ConnectFour, ThreatEvaluator};
/// use search_core::Budget;
///
/// let table = Arc::new(TranspositionTable::with_megabytes(4).unwrap());
/// let mut engine = Negamax::new(ThreatEvaluator).with_table(table);
/// let position: ConnectFour = "4455".parse().unwrap();
/// let result = engine.search(&position, &Budget::depth(10)).unwrap();
/// assert!(result.stats.depth_reached <= 10);
/// assert!(position.is_legal_after(result.best_move));
/// # trait Legal { fn is_legal_after(&self, m: u8) -> bool; }
/// # impl Legal for ConnectFour { fn is_legal_after(&self, m: u8) -> bool { self.can_play(m) } }
/// ```
#[derive(Debug)]
pub struct Negamax<E, T = NoTable> {
    pub(crate) eval: E,
    pub(crate) table: T,
    pub(crate) pvs: bool,
    pub(crate) ordering: MoveOrdering,
    pub(crate) hooks: bool,
    pub(crate) min_table_plies: u32,
    pub(crate) prefetch: bool,
    pub(crate) iterative: bool,
    pub(crate) rng: Option<SmallRng>,
    pub(crate) budget: Budget,
}

impl<E> Negamax<E, NoTable> {
    /// The depth a [`Strategy`] use searches to unless [`with_budget`](Negamax::with_budget)
    /// says otherwise.
    pub const DEFAULT_DEPTH: u32 = 8;

    /// An engine with evaluator `eval` and no transposition table.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, Score};
    /// let r = Negamax::new(OpenLines).search(&TicTacToe::new(), &Budget::depth(2)).unwrap();
    /// assert!(!r.score.is_decisive());
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Negamax {
            eval,
            table: NoTable,
            pvs: true,
            ordering: MoveOrdering::all(),
            hooks: true,
            min_table_plies: 2,
            prefetch: true,
            iterative: true,
            rng: None,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }
}

impl<E, T> Negamax<E, T> {
    /// Uses `table` (an `Arc<TranspositionTable>`, a `&TranspositionTable`, or [`NoTable`]).
    /// The table is kept between searches; clear it yourself when positions are unrelated.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use adversarial::{Negamax, TranspositionTable};
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, Score};
    /// let table = Arc::new(TranspositionTable::new(1 << 16).unwrap());
    /// let mut e = Negamax::new(OpenLines).with_table(table.clone());
    /// assert_eq!(e.search(&TicTacToe::new(), &Budget::depth(9)).unwrap().score, Score::DRAW);
    /// assert!(table.stats().occupied > 0);
    /// ```
    #[must_use]
    pub fn with_table<U>(self, table: U) -> Negamax<E, U> {
        Negamax {
            eval: self.eval,
            table,
            pvs: self.pvs,
            ordering: self.ordering,
            hooks: self.hooks,
            min_table_plies: self.min_table_plies,
            prefetch: self.prefetch,
            iterative: self.iterative,
            rng: self.rng,
            budget: self.budget,
        }
    }

    /// Principal-variation search on (default) or off (plain alpha-beta windows).
    ///
    /// ```
    /// let e = adversarial::Negamax::new(games::OpenLines).pvs(false);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn pvs(mut self, on: bool) -> Self {
        self.pvs = on;
        self
    }

    /// Which move-ordering sources to use.
    ///
    /// ```
    /// use adversarial::{MoveOrdering, Negamax};
    /// let e = Negamax::new(games::OpenLines).move_ordering(MoveOrdering::none());
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn move_ordering(mut self, ordering: MoveOrdering) -> Self {
        self.ordering = ordering;
        self
    }

    /// Whether to use the game's [`winning_move`](Game::winning_move) and
    /// [`non_losing_moves`](Game::non_losing_moves) hooks (on by default).
    ///
    /// ```
    /// let e = adversarial::Negamax::new(games::OpenLines).game_hooks(false);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn game_hooks(mut self, on: bool) -> Self {
        self.hooks = on;
        self
    }

    /// Nodes with fewer than `plies` plies left to search (the remaining depth, or the
    /// game's [`remaining_plies_bound`](Game::remaining_plies_bound) when smaller) neither
    /// read nor write the table: such a small subtree is searched faster than a table
    /// access that misses the cache costs. Default: 2. It never changes a value.
    ///
    /// ```
    /// let e = adversarial::Negamax::new(games::OpenLines).min_table_plies(4);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn min_table_plies(mut self, plies: u32) -> Self {
        self.min_table_plies = plies;
        self
    }

    /// Whether a node starts loading its children's table slots into the cache before
    /// searching them (default on). It costs one extra play of each move at nodes whose
    /// children use the table and saves waiting on main memory at each child searched; turn
    /// it off for a game whose moves are expensive to play. It never changes a value.
    ///
    /// ```
    /// let e = adversarial::Negamax::new(games::OpenLines).prefetch(false);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn prefetch(mut self, on: bool) -> Self {
        self.prefetch = on;
        self
    }

    /// Iterative deepening on (default), or a single search at the budget's depth limit
    /// (which then must be set).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let mut e = Negamax::new(OpenLines).iterative_deepening(false);
    /// assert!(e.search(&TicTacToe::new(), &Budget::depth(3)).is_ok());
    /// assert!(e.search(&TicTacToe::new(), &Budget::nodes(1000)).is_err()); // no depth limit
    /// ```
    #[must_use]
    pub fn iterative_deepening(mut self, on: bool) -> Self {
        self.iterative = on;
        self
    }

    /// Chooses at random, reproducibly from `seed`, among the root moves whose score equals
    /// the best (off by default: then the first best move in search order is played).
    /// Costs a slightly wider window at the root.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let pick = |seed| {
    ///     let mut e = Negamax::new(|_: &TicTacToe| 0).random_ties(seed);
    ///     e.search(&TicTacToe::new(), &Budget::depth(1)).unwrap().best_move
    /// };
    /// assert_eq!(pick(5), pick(5));
    /// assert!((0..20).any(|s| pick(s) != pick(0)));
    /// ```
    #[must_use]
    pub fn random_ties(mut self, seed: u64) -> Self {
        self.rng = Some(SmallRng::seed_from_u64(seed));
        self
    }

    /// The budget used by [`Strategy::choose_move`] (default: depth
    /// [`DEFAULT_DEPTH`](Negamax::DEFAULT_DEPTH)).
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
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The table the engine uses.
    ///
    /// ```
    /// use adversarial::{Negamax, NoTable};
    /// assert_eq!(*Negamax::new(games::OpenLines).table(), NoTable);
    /// ```
    #[must_use]
    pub fn table(&self) -> &T {
        &self.table
    }

    pub(crate) fn loop_options(&self, salt: u64) -> LoopOptions {
        LoopOptions {
            pvs: self.pvs,
            ordering: self.ordering,
            hooks: self.hooks,
            min_table_plies: self.min_table_plies,
            prefetch: self.prefetch,
            exact: false,
            track_pv: true,
            salt,
        }
    }

    /// Checks the state and the budget before a search; returns the started budget and the
    /// deepest iteration to run.
    pub(crate) fn prepare<G: Game>(
        &self,
        state: &G,
        budget: &Budget,
    ) -> Result<(RunningBudget, u32), SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        if state.legal_move_count() == 0 {
            return Err(SearchError::NoLegalMoves);
        }
        if !self.iterative && budget.max_depth().is_none() {
            return Err(SearchError::Config(
                "a search without iterative deepening needs a depth limit in its budget".into(),
            ));
        }
        let running = budget.start()?;
        let max_depth = running.max_depth();
        Ok((running, max_depth))
    }

    /// Searches `state` within `budget` (depth, nodes, time, stop flag) on this thread.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, [`SearchError::Budget`] for an invalid
    /// budget, and [`SearchError::Config`] for a single-depth search without a depth limit.
    /// A broken game, wherever the search meets it: [`SearchError::NoLegalMoves`] (an
    /// ongoing state without moves), [`SearchError::TurnDidNotPass`] (a move after which
    /// the same player is to move), [`SearchError::IllegalHookMove`] (checked at the root,
    /// and everywhere in debug builds), and in debug builds [`SearchError::KeyNotRestored`].
    ///
    /// # Panics
    /// The search runs on the calling thread: a panic in the game or the evaluator unwinds
    /// to the caller ([`search_parallel`](Negamax::search_parallel) turns a panic on one of
    /// its helper threads into [`SearchError::WorkerPanicked`]).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::{Budget, Score};
    /// // X to move wins at once in column 3 (0-based 2).
    /// let g: ConnectFour = "445566".parse().unwrap();
    /// let r = Negamax::new(ThreatEvaluator).search(&g, &Budget::depth(6)).unwrap();
    /// assert_eq!((r.best_move, r.score), (2, Score::win_in(1)));
    /// assert!(Negamax::new(ThreatEvaluator).search(&g, &Budget::depth(0)).is_err());
    /// ```
    pub fn search<G>(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
        T: Transpositions<G>,
    {
        let (running, max_depth) = self.prepare(state, budget)?;
        self.table.new_search();
        let opts = self.loop_options(0);
        let mut searcher = Searcher::new(&self.eval, &self.table, &running, None, opts);
        let run = deepen(
            &mut searcher,
            state,
            max_depth,
            self.iterative,
            self.rng.as_mut(),
        );
        searcher.take_fault()?;
        let mut stats = searcher.stats;
        stats.elapsed = running.elapsed();
        Ok(run.into_result(state, stats))
    }
}

/// What one thread's iterative deepening produced.
pub(crate) struct Deepening<M> {
    pub last: Option<RootSearch<M>>,
    pub partial: Option<M>,
    pub complete: bool,
}

impl<M: Copy> Deepening<M> {
    pub fn into_result<G: Game<Move = M>>(self, state: &G, stats: Stats) -> SearchResult<M> {
        match self.last.and_then(|r| r.best.map(|b| (b, r))) {
            Some((best, r)) => SearchResult {
                best_move: best,
                score: r.score,
                pv: r.pv,
                stats,
                complete: self.complete,
            },
            None => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let best = self.partial.unwrap_or_else(|| {
                    let first = moves[0];
                    moves.iter().copied().fold(first, |a, m| {
                        if state.move_order_hint(m) > state.move_order_hint(a) {
                            m
                        } else {
                            a
                        }
                    })
                });
                SearchResult {
                    best_move: best,
                    score: Score::DRAW,
                    pv: vec![best],
                    stats,
                    complete: false,
                }
            }
        }
    }
}

/// Iterative deepening on one thread: depth 1..=`max_depth` (or `max_depth` alone).
pub(crate) fn deepen<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    state: &G,
    max_depth: u32,
    iterative: bool,
    mut ties: Option<&mut SmallRng>,
) -> Deepening<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    let mut root = state.clone();
    let mut out = Deepening {
        last: None,
        partial: None,
        complete: false,
    };
    let first_depth = if iterative { 1 } else { max_depth };
    let game_bound = state.remaining_plies_bound();
    for depth in first_depth..=max_depth {
        let previous = out.last.as_ref().and_then(|r| r.best);
        let r = searcher.root(
            &mut root,
            depth,
            Score::NEG_INFINITY,
            Score::INFINITY,
            previous,
            ties.as_deref_mut(),
        );
        if searcher.aborted {
            if out.last.is_none() {
                out.partial = r.best;
            }
            break;
        }
        searcher.stats.iterations += 1;
        searcher.stats.depth_reached = depth;
        let proven = r.score.is_decisive() || game_bound.is_some_and(|b| b <= depth);
        out.last = Some(r);
        if proven || depth == max_depth {
            out.complete = true;
            break;
        }
    }
    out
}

impl<G, E, T> Strategy<G> for Negamax<E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let budget = self.budget.clone();
        self.search(state, &budget).map(|r| r.best_move)
    }

    fn name(&self) -> String {
        "negamax".to_string()
    }
}
