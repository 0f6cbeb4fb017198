//! [`Solver`]: the exact value of a position for any finite game, weak (win / draw / loss)
//! or strong (win or loss with its exact distance in plies).
//!
//! The approach of Pascal Pons' Connect Four solver, made generic (`solving/null_window.rs`): the
//! shared search loop runs without an evaluator or horizon, and the root value is found by
//! a sequence of **null-window** searches — each one only answers "is the value above
//! `s`?" and is far cheaper than a full-window search — binary-searching over the values
//! the position can still have. The bounds each search proves stay in the transposition
//! table and speed up the next one. The game's hooks (win at once, non-losing moves,
//! ordering hints) and the generic mate-distance bounds do the rest; nothing in the solver
//! knows which game it solves.
//!
//! Games with extra turns (a move after which the same player moves again) are solved
//! exactly too: a score counts the plies to the end whoever plays them, the ladder of
//! values it binary-searches holds every distance (odd and even, for wins and losses
//! alike), and the search loop keeps a child's value unnegated when the mover does not
//! change. The one exception is a game that declares `MOVES_CANNOT_LOSE` or
//! `NON_LOSING_MOVES_EXACT` (bounds that need alternating turns): an extra turn there is
//! [`SearchError::TurnDidNotPass`]. For the exact margin rather than win/draw/loss, use
//! [`MarginSolver`](crate::MarginSolver).

use std::sync::Arc;

use search_core::{
    Budget, BudgetField, Game, MoveAnalysis, RunningBudget, Score, SearchError, Strategy,
};

use crate::builder::builder_methods;
use crate::solving::book::{Booked, OpeningBook};
use crate::solving::null_window::Bounds;
use crate::solving::pool::Helpers;
use crate::solving::race::{Crew, Race, race};
use crate::solving::solution::{Solution, WeakSolution};
use crate::tables::entry::Replacement;
use crate::tables::transposition::TranspositionTable;
use crate::tables::transpositions::{NoTable, Transpositions};
use crate::two_player::options::{LoopOptions, Setup};
use crate::two_player::ordering::MoveOrdering;
use crate::two_player::parallel::check_threads;
use crate::two_player::searcher::polling::GROW_AFTER_NODES_PER_SLOT;

/// An exact solver for any finite two-player game (see the module docs for the method).
///
/// Options (all builder methods):
///
/// | option | default | what |
/// |---|---|---|
/// | [`with_budget`](Solver::with_budget) | unlimited | nodes, time, stop flag (a depth or an iteration limit is refused: a solve has no horizon) |
/// | [`with_threads`](Solver::with_threads) | 1 | threads racing on the shared table (Lazy SMP), kept between solves |
/// | [`with_helpers_after`](Solver::with_helpers_after) | 4,096 | nodes the calling thread searches alone before it wakes the other threads |
/// | [`with_table_mb`](Solver::with_table_mb) | [`DEFAULT_TABLE_MB`](Solver::DEFAULT_TABLE_MB) | the table's size; or [`with_table`](Solver::with_table), [`without_table`](Solver::without_table) |
/// | [`with_move_ordering`](Solver::with_move_ordering) | table move and hints | killers and history do not pay in null-window solving |
/// | [`with_game_hooks`](Solver::with_game_hooks) | on | `winning_move` / `non_losing_moves` |
/// | [`with_min_table_plies`](Solver::with_min_table_plies) | 8 | small subtrees skip the table |
/// | [`with_prefetch`](Solver::with_prefetch) | on | prefetch the children's table slots |
/// | [`with_symmetry`](Solver::with_symmetry) | off | symmetric states share a table entry ([`GameHash::canonical_key`](search_core::GameHash::canonical_key)) |
/// | [`with_spread_probes`](Solver::with_spread_probes) | off | parallel solves: helpers probe neighbouring values instead of the main thread's |
/// | [`with_etc`](Solver::with_etc) | off | enhanced transposition cut-off: the children's table entries before any child is searched |
/// | [`with_first_guess`](Solver::with_first_guess) | none | the value the first probe tests; the probes then move outwards from it |
/// | [`with_book`](Solver::with_book) | none | an [`OpeningBook`] whose exact values answer the positions it holds |
///
/// It keeps its transposition table between solves: values are exact, so old entries
/// stay valid; [`clear`](Solver::clear) it to measure one position alone. Do not share the
/// table with a depth-limited [`Negamax`](crate::Negamax): heuristic entries are not exact.
///
/// ```
/// use adversarial::Solver;
/// use games::ConnectFour;
/// use search_core::Score;
///
/// let mut solver = Solver::new().with_table_mb(16);
/// let g: ConnectFour = "44455554221".parse().unwrap();
/// let s = solver.solve(&g).unwrap();
/// // The side to move loses: the opponent wins with its 7th stone, at ply 13 (2 plies away).
/// assert_eq!(s.score, Some(Score::loss_in(2)));
/// ```
#[derive(Debug)]
pub struct Solver<T = Arc<TranspositionTable>> {
    /// The table, the options of every node, the budget and the threads.
    pub(super) setup: Setup<T>,
    pub(super) book: Option<Arc<OpeningBook>>,
    helpers_after: u64,
    /// The helper threads of a parallel solver, started by its first solve and kept (parked)
    /// between solves; dropping the solver ends and joins them.
    helpers: Option<Helpers>,
}

impl Solver<Arc<TranspositionTable>> {
    /// The size of the table of [`Solver::new`], in MiB.
    pub const DEFAULT_TABLE_MB: u64 = 64;

    /// How many nodes a parallel solve's main thread searches alone before it wakes the
    /// helper threads (see [`with_helpers_after`](Solver::with_helpers_after)).
    pub(crate) const DEFAULT_HELPERS_AFTER: u64 = 4_096;

    /// A solver with a table of [`DEFAULT_TABLE_MB`](Solver::DEFAULT_TABLE_MB) MiB
    /// (always-replace policy), allocated when the first solve starts, an unlimited budget
    /// and one thread. Ordering: table move and game hints; game hooks on.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.solve(&TicTacToe::new()).unwrap().score, Some(Score::DRAW));
    /// assert_eq!(solver.table().size_bytes(), Solver::DEFAULT_TABLE_MB << 20);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        let setup = Setup {
            table: NoTable,
            pending_table: None,
            opts: LoopOptions {
                pvs: false,
                ordering: MoveOrdering::table_and_hints(),
                hooks: true,
                exact: true,
                min_table_plies: 8,
                prefetch: true,
                track_pv: false,
                symmetry: false,
                salt: 0,
                quiescence: 0,
                etc: false,
                spread_probes: false,
                first_guess: None,
                grow_after: 0,
            },
            budget: Budget::new(),
            threads: 1,
        };
        Solver {
            setup: setup.with_table_mb(Self::DEFAULT_TABLE_MB, Replacement::Always),
            book: None,
            helpers_after: Self::DEFAULT_HELPERS_AFTER,
            helpers: None,
        }
    }

    /// Empties the table.
    ///
    /// ```
    /// let mut s = adversarial::Solver::new().with_table_mb(1);
    /// s.solve(&games::TicTacToe::new()).unwrap();
    /// s.clear();
    /// assert_eq!(s.table().stats().occupied, 0);
    /// ```
    pub fn clear(&self) {
        self.setup.table.clear();
    }
}

impl Default for Solver<Arc<TranspositionTable>> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Solver<T> {
    /// Uses `table` (an `Arc<TranspositionTable>`, a `&TranspositionTable`, a
    /// `TranspositionTable`, or [`NoTable`]) instead of the solver's own: to share one
    /// table between solvers, or to keep it after the solver is gone. An exact solver
    /// wants [`Replacement::Always`].
    ///
    /// ```
    /// use std::sync::Arc;
    /// use adversarial::{Replacement, Solver, TranspositionTable};
    /// let table = TranspositionTable::new(1 << 20).unwrap().with_replacement(Replacement::Always);
    /// let s = Solver::new().with_table(Arc::new(table));
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn with_table<U>(self, table: U) -> Solver<U> {
        Solver {
            setup: self.setup.with_table(table),
            book: self.book,
            helpers_after: self.helpers_after,
            helpers: self.helpers,
        }
    }

    /// Uses a fresh table of at most `megabytes` MiB (sized as
    /// [`TranspositionTable::with_megabytes`]: the largest power-of-two number of slots that
    /// fits; always-replace policy). It is allocated when the first solve starts; a size
    /// that cannot be used (0, above [`MAX_TABLE_BYTES`](crate::MAX_TABLE_BYTES), or more
    /// than the system can allocate) makes that solve return [`SearchError::Config`].
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::SearchError;
    /// let mut s = Solver::new().with_table_mb(1);
    /// s.solve(&TicTacToe::new()).unwrap();
    /// assert_eq!(s.table().size_bytes(), 1 << 20);
    /// let r = Solver::new().with_table_mb(0).solve(&TicTacToe::new());
    /// assert!(matches!(r, Err(SearchError::Config(_))));
    /// ```
    #[must_use]
    pub fn with_table_mb(self, megabytes: u64) -> Solver<Arc<TranspositionTable>> {
        Solver {
            setup: self.setup.with_table_mb(megabytes, Replacement::Always),
            book: self.book,
            helpers_after: self.helpers_after,
            helpers: self.helpers,
        }
    }

    /// No table, for games without a [`GameHash`](search_core::GameHash) key (much slower
    /// on games with many transpositions).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// let s = Solver::new().without_table().solve(&TicTacToe::new()).unwrap();
    /// assert_eq!(s.score, Some(Score::DRAW));
    /// ```
    #[must_use]
    pub fn without_table(self) -> Solver<NoTable> {
        self.with_table(NoTable)
    }

    builder_methods! {
        /// Which move-ordering sources to use.
        ///
        /// ```
        /// use adversarial::{MoveOrdering, Solver};
        /// let s = Solver::new().with_move_ordering(MoveOrdering::all());
        /// # let _ = s;
        /// ```
        with_move_ordering(ordering: MoveOrdering) => setup.opts.ordering;

        /// Whether to use the game's `winning_move` / `non_losing_moves` hooks (default on).
        ///
        /// ```
        /// let s = adversarial::Solver::new().with_game_hooks(false);
        /// # let _ = s;
        /// ```
        with_game_hooks(on: bool) => setup.opts.hooks;

        /// Nodes with fewer than `plies` plies left to search (the game's
        /// [`remaining_plies_bound`](Game::remaining_plies_bound)) neither read nor write the
        /// table: such a small subtree is searched faster than a table access that misses the
        /// cache costs. Default: 8. It never changes a value.
        ///
        /// ```
        /// let e = adversarial::Solver::new().with_min_table_plies(4);
        /// # let _ = e;
        /// ```
        with_min_table_plies(plies: u32) => setup.opts.min_table_plies;

        /// Whether a node starts loading its children's table slots into the cache before
        /// searching them (default on). It costs one extra play of each move at nodes whose
        /// children use the table and saves waiting on main memory at each child searched; turn
        /// it off for a game whose moves are expensive to play. It never changes a value.
        ///
        /// ```
        /// let e = adversarial::Solver::new().with_prefetch(false);
        /// # let _ = e;
        /// ```
        with_prefetch(on: bool) => setup.opts.prefetch;

        /// Whether symmetric states share one table entry (default off), through the game's
        /// [`canonical_key`](search_core::GameHash::canonical_key) (Connect Four: a position
        /// and its mirror image; tic-tac-toe: the 8 rotations and reflections). It changes
        /// node counts, never a value; it does nothing for a game without
        /// [`HAS_SYMMETRY`](search_core::GameHash::HAS_SYMMETRY). A state that is not its
        /// class's representative gets no table move, so it pays only where symmetric states
        /// meet often (near the start of a game); on Connect Four's benchmark sets, whose
        /// positions are far from symmetric, it saves no nodes, hence the default.
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// let g: ConnectFour = "4455".parse().unwrap();
        /// let with = Solver::new().with_table_mb(1).with_symmetry(true).solve(&g).unwrap();
        /// let without = Solver::new().with_table_mb(1).solve(&g).unwrap();
        /// assert_eq!(with.score, without.score);
        /// ```
        with_symmetry(on: bool) => setup.opts.symmetry;

        /// Enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin, 1996): before
        /// searching a node's children, look each of them up in the table, and end the node at
        /// once when a child's entry already proves that the node reaches the probed value. It
        /// costs a play and a probe per child at every node whose children use the table, and
        /// saves the subtrees a transposition answers; it changes node counts, never a score.
        /// Counted in [`Stats::etc_cutoffs`](search_core::Stats::etc_cutoffs). Off by default
        /// (see `docs/benchmarks/adversarial.md` for what it saves and costs on Connect Four).
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// let g: ConnectFour = "274552224131661".parse().unwrap();
        /// let plain = Solver::new().with_table_mb(4).solve(&g).unwrap();
        /// let etc = Solver::new().with_table_mb(4).with_etc(true).solve(&g).unwrap();
        /// assert_eq!(plain.score, etc.score);
        /// assert!(etc.stats.etc_cutoffs > 0);
        /// ```
        with_etc(on: bool) => setup.opts.etc;

        /// With [`with_threads`](Solver::with_threads) above 1: whether the helper threads probe
        /// neighbouring rungs of the value ladder (on: they prove other bounds into the shared
        /// table, ready for the main thread's next probe) or the main thread's own rung (off,
        /// the default: plain Lazy SMP, the threads share the work of each probe and differ only
        /// in the order of equally ranked moves). Which is faster depends on the positions: on
        /// Connect Four, neighbouring rungs win on positions that need many short probes
        /// (Begin-Medium), the same rung on deep positions whose few probes are long
        /// (Begin-Hard), where a second thread matters most; `docs/benchmarks/adversarial.md` has the
        /// figures. Results are exact either way.
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// use search_core::Score;
        /// let g: ConnectFour = "4455".parse().unwrap();
        /// let mut s = Solver::new().with_table_mb(8).with_threads(2).with_spread_probes(true);
        /// assert_eq!(s.solve(&g).unwrap().score, Some(Score::win_in(3)));
        /// ```
        with_spread_probes(on: bool) => setup.opts.spread_probes;

        /// The value the solve expects (default: none), as seen by the side to move of the
        /// position solved. The null-window searches then start with one that asks whether the
        /// value is above the guess, and move outwards from it with doubling steps in the
        /// direction the searches fail, until the value is bracketed (as MTD(f) starts from a
        /// first guess; Plaat et al., 1996). A right guess needs two searches, one for each
        /// bound; a guess near the value saves the searches that halving the range would spend
        /// far from it.
        ///
        /// Without a guess, the solver halves the range of possible values from the start,
        /// probing the half further from a draw first (Pascal Pons' order): cheap probes, and
        /// decisive ones when the value is a quick win or loss. A guess pays on positions whose
        /// value is near it, such as a balanced opening and a draw; on Connect Four, a guessed
        /// draw makes the strong solve of the empty board (a win with the last stone) faster,
        /// and the benchmark sets' positions, whose values spread, slower (`docs/benchmarks/adversarial.md`).
        /// Scores are exact whatever the guess. A weak solve, which asks first whether the
        /// position is won, asks first whether it is lost when the guess is a loss.
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// use search_core::Score;
        /// let g: ConnectFour = "274552224131661".parse().unwrap();
        /// let plain = Solver::new().with_table_mb(4).solve(&g).unwrap();
        /// let value = plain.score.unwrap();
        /// let guessed = Solver::new().with_table_mb(4).with_first_guess(Some(value)).solve(&g).unwrap();
        /// assert_eq!(guessed.score, Some(value));
        /// // Right at once: one search proves the value is not above the guess, one that it is
        /// // above the value below.
        /// assert_eq!(guessed.stats.iterations, 2);
        /// ```
        with_first_guess(guess: Option<Score>) => setup.opts.first_guess;
    }

    /// Consults `book` first (default: no book): at the root and at every node of the search
    /// whose position the book holds, the book's exact value is used without searching, and
    /// [`Stats::book_hits`](search_core::Stats::book_hits) counts those positions. The book
    /// must be one of this game's (check its [`game`](OpeningBook::game) name when reading
    /// it: [`OpeningBook::from_bytes`]); a solver with a book and without a table
    /// ([`without_table`](Solver::without_table)) returns [`SearchError::Config`], since the
    /// book is keyed as the table is.
    ///
    /// ```
    /// use adversarial::{BookBuilder, Solver};
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// let book = BookBuilder::new("tictactoe", 2).build(&TicTacToe::new()).unwrap();
    /// let mut solver = Solver::new().with_table_mb(1).with_book(book);
    /// let s = solver.solve(&"X.. ... ...".parse::<TicTacToe>().unwrap()).unwrap();
    /// assert_eq!(s.score, Some(Score::DRAW));
    /// assert_eq!(s.stats.book_hits, 1); // the root itself is in the book
    /// ```
    #[must_use]
    pub fn with_book(mut self, book: impl Into<Arc<OpeningBook>>) -> Self {
        self.book = Some(book.into());
        self
    }

    builder_methods! {
        /// The budget of every solve (default: unlimited): nodes, time and stop flag. When it
        /// runs out, [`solve`](Solver::solve) returns the bounds proven so far. A depth or an
        /// iteration limit is refused when the solve starts
        /// ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)): an exact solve
        /// has no horizon, and its rounds are not yours to count.
        ///
        /// ```
        /// use std::time::Duration;
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// use search_core::{Budget, BudgetError, SearchError};
        /// let mut s = Solver::new().with_table_mb(1).with_budget(Budget::time(Duration::from_secs(5)));
        /// assert!(s.solve(&"4455".parse::<ConnectFour>().unwrap()).is_ok());
        /// let mut s = s.with_budget(Budget::depth(5));
        /// assert!(matches!(
        ///     s.solve(&ConnectFour::new()),
        ///     Err(SearchError::Budget(BudgetError::Unsupported { .. }))
        /// ));
        /// ```
        with_budget(budget: Budget) => setup.budget;

        /// Solves on `threads` threads sharing the table (Lazy SMP; default 1: the calling
        /// thread only): the calling thread and `threads - 1` helper threads search the same
        /// position, each in its own order of equally ranked moves, and the first thread to
        /// finish answers; `stats.nodes` counts all threads. 0 or more than 1024 threads makes
        /// the solve return [`SearchError::Config`].
        ///
        /// The helper threads are started by the first solve and kept, parked, between solves
        /// (a solver that solves many positions starts them once); dropping the solver ends and
        /// joins them. A solve wakes them only once its calling thread has searched
        /// [`with_helpers_after`](Solver::with_helpers_after) nodes alone, so that a position
        /// solved in microseconds never pays for waking them.
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// use search_core::Score;
        /// let g: ConnectFour = "4455".parse().unwrap();
        /// let mut solver = Solver::new().with_table_mb(8).with_threads(2);
        /// assert_eq!(solver.solve(&g).unwrap().score, Some(Score::win_in(3)));
        /// // The same helper thread serves the next solves.
        /// let g: ConnectFour = "44455554221".parse().unwrap();
        /// assert_eq!(solver.solve(&g).unwrap().score, Some(Score::loss_in(2)));
        /// ```
        with_threads(threads: usize) => setup.threads;

        /// With [`with_threads`](Solver::with_threads) above 1: the calling thread searches
        /// `nodes` nodes alone before it wakes the helper threads (default
        /// 4,096); 0 wakes them as the solve
        /// starts. Waking a parked thread, and waiting for it to stop again at the end, costs
        /// tens of microseconds, more than a whole easy position takes: below the threshold a
        /// parallel solve costs what a solve on one thread costs. The helpers then start from
        /// the root, with the table the calling thread has filled so far. A node limit of the
        /// budget is the calling thread's alone until then; what is left of it when the helpers
        /// are woken is split equally between all threads. It never changes a value;
        /// `docs/benchmarks/adversarial.md` has the measurements behind the default.
        ///
        /// ```
        /// use adversarial::Solver;
        /// use games::ConnectFour;
        /// use search_core::Score;
        /// let g: ConnectFour = "4455".parse().unwrap();
        /// let mut at_once = Solver::new().with_table_mb(8).with_threads(2).with_helpers_after(0);
        /// assert_eq!(at_once.solve(&g).unwrap().score, Some(Score::win_in(3)));
        /// ```
        with_helpers_after(nodes: u64) => helpers_after;

        /// The solver's table (a one-slot stand-in before the first solve of a solver whose
        /// table was asked for by size).
        ///
        /// ```
        /// let mut s = adversarial::Solver::new().with_table_mb(1);
        /// s.solve(&games::TicTacToe::new()).unwrap();
        /// assert_eq!(s.table().size_bytes(), 1 << 20);
        /// ```
        table() -> &T = setup.table;

        /// The budget of every solve.
        ///
        /// ```
        /// assert!(adversarial::Solver::new().budget().is_unlimited());
        /// ```
        budget() -> &Budget = setup.budget;
    }

    /// Replaces the budget of the next solves in place (as
    /// [`with_budget`](Solver::with_budget) does for a builder), keeping the table: to give
    /// each move of a game its share of a clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::Budget;
    /// let mut s = adversarial::Solver::new();
    /// s.set_budget(Budget::time(Duration::from_millis(200)));
    /// assert_eq!(s.budget().time_limit(), Some(Duration::from_millis(200)));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.setup.budget = budget;
    }

    /// The options of every node: the solver's, and when to grow a table that uses only
    /// part of itself, which depends on the thread count.
    pub(super) fn loop_options(&self) -> LoopOptions {
        LoopOptions {
            grow_after: GROW_AFTER_NODES_PER_SLOT.saturating_mul(self.setup.threads.max(1) as u64),
            ..self.setup.opts
        }
    }

    /// Checks the configuration before a solve, starts the budget, and allocates a table
    /// asked for by size (its allocation counts towards the time limit).
    pub(super) fn prepare(&mut self) -> Result<RunningBudget, SearchError> {
        self.setup.budget.refuse(
            "Solver",
            &[BudgetField::Depth, BudgetField::Iterations],
            "an exact solve has no horizon: bound it with nodes or time (use Negamax for a depth-limited search)",
        )?;
        check_threads("Solver", self.setup.threads)?;
        let helpers = self.setup.threads - 1;
        if self.helpers.as_ref().map_or(0, Helpers::count) != helpers {
            // End the old helpers (if the thread count changed) before starting new ones.
            self.helpers = None;
            if helpers > 0 {
                let started = Helpers::start(helpers).map_err(|e| {
                    SearchError::Config(format!(
                        "with_threads({}): a helper thread could not be started: {e}",
                        self.setup.threads
                    ))
                })?;
                self.helpers = Some(started);
            }
        }
        let running = self.setup.start()?;
        Ok(running)
    }

    /// Runs the null-window search (see [`race`]) on the solver's table, through the book
    /// when there is one.
    pub(super) fn race<G>(
        &self,
        running: &RunningBudget,
        opts: LoopOptions,
        state: &G,
        weak: bool,
        spent: u64,
        known: Bounds,
    ) -> Result<Race, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        let crew = self.helpers.as_ref().map(|helpers| Crew {
            helpers,
            after: self.helpers_after,
        });
        match &self.book {
            Some(_) if !T::ENABLED => Err(no_table_for_book()),
            Some(book) => {
                let booked = Booked::new(&self.setup.table, book);
                race(&booked, running, opts, crew, state, weak, spent, known)
            }
            None => race(
                &self.setup.table,
                running,
                opts,
                crew,
                state,
                weak,
                spent,
                known,
            ),
        }
    }

    /// The root's solution when the book holds it; [`SearchError::Config`] for a book
    /// without a table to key it.
    pub(super) fn book_answer<G>(
        &self,
        state: &G,
        running: &RunningBudget,
    ) -> Result<Option<Solution>, SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        let Some(book) = &self.book else {
            return Ok(None);
        };
        if !T::ENABLED {
            return Err(no_table_for_book());
        }
        if state.outcome().is_over() {
            return Ok(None);
        }
        Ok(Booked::new(&self.setup.table, book)
            .known_value(state)
            .map(|score| {
                let stats = search_core::Stats {
                    book_hits: 1,
                    elapsed: running.elapsed(),
                    ..search_core::Stats::default()
                };
                Solution::from_bounds(score, score, stats)
            }))
    }

    /// Strong solve: the exact value of `state`, with the distance to the end in plies.
    ///
    /// When the budget (nodes, time, stop flag) runs out first, the result has
    /// `solved == false`, `score == None` and the bounds proven so far.
    ///
    /// # Errors
    /// [`SearchError::Budget`] for an invalid budget or one with a depth or iteration limit
    /// ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported));
    /// [`SearchError::Config`] for a thread count out of range or a table size that cannot
    /// be allocated; [`SearchError::GameTooLong`] for a game that did not end within
    /// [`Budget::MAX_DEPTH`] plies. A broken game, wherever the solve meets it, is an error
    /// rather than a wrong value: [`SearchError::NoLegalMoves`],
    /// [`SearchError::TurnDidNotPass`] (an extra turn in a game that declares
    /// [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE) or
    /// [`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT); other games may have extra
    /// turns), [`SearchError::IllegalHookMove`] (checked at the
    /// root, and everywhere in debug builds), and in debug builds
    /// [`SearchError::KeyNotRestored`]. With two threads or more, a panic in the game on
    /// any thread (the solver's helpers, or the calling thread, which runs the main search)
    /// is [`SearchError::WorkerPanicked`] with the panic's message, and the other threads
    /// are stopped (even one that already finished: the answer is an error, never a value
    /// from the threads that survived). The helper threads survive it: the solver can go on
    /// solving.
    ///
    /// # Panics
    /// With one thread a panic in the game unwinds to the caller.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// use search_core::{Budget, Score};
    /// let g: ConnectFour = "4455".parse().unwrap(); // Pons' score 18: X wins with its 4th stone
    /// let s = Solver::new().with_table_mb(8).solve(&g).unwrap();
    /// assert_eq!(s.score, Some(Score::win_in(3)));
    /// // The empty board (a win with the first player's last stone, at ply 41) in a few
    /// // nodes: not solved, but the bounds reached hold.
    /// let mut solver = Solver::new().with_table_mb(8).with_budget(Budget::nodes(10_000));
    /// let s = solver.solve(&ConnectFour::new()).unwrap();
    /// assert!(!s.solved && s.score.is_none());
    /// assert!(s.lower <= Score::win_in(41) && Score::win_in(41) <= s.upper);
    /// ```
    pub fn solve<G>(&mut self, state: &G) -> Result<Solution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        self.run(state, false)
    }

    /// Weak solve: only whether the side to move wins, draws or loses (one or two
    /// null-window searches around the draw: often much faster than a strong solve).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::Wdl;
    /// let s = Solver::new().with_table_mb(1).solve_weak(&TicTacToe::new()).unwrap();
    /// assert_eq!(s.value, Some(Wdl::Draw));
    /// ```
    pub fn solve_weak<G>(&mut self, state: &G) -> Result<WeakSolution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        self.run(state, true).map(WeakSolution::from)
    }

    /// A null-window solve, weak (around the draw) or strong, on the solver's threads.
    fn run<G>(&mut self, state: &G, weak: bool) -> Result<Solution, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        let (running, booked) = self.begin(state)?;
        if let Some(r) = booked {
            return Ok(r);
        }
        let r = self.race(&running, self.loop_options(), state, weak, 0, Bounds::OPEN)?;
        finish(r, &running)
    }

    /// The start of a solve: checks, the budget started, a new search of the table, and the
    /// book's answer when it has one.
    pub(super) fn begin<G>(
        &mut self,
        state: &G,
    ) -> Result<(RunningBudget, Option<Solution>), SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        search_core::check_root(state)?;
        self.setup.table.check_keys(state)?;
        let running = self.prepare()?;
        self.setup.table.new_search();
        let booked = self.book_answer(state, &running)?;
        Ok((running, booked))
    }
}

/// The error of a solver with a book and without a table.
fn no_table_for_book() -> SearchError {
    SearchError::Config(
        "with_book needs a transposition table: a book is keyed as the table is (remove without_table)"
            .to_string(),
    )
}

/// The solution of a null-window solve, or [`SearchError::GameTooLong`] when a line went
/// past the deepest search allowed.
pub(super) fn finish(r: Race, running: &RunningBudget) -> Result<Solution, SearchError> {
    if r.horizon {
        return Err(SearchError::GameTooLong {
            max_plies: Budget::MAX_DEPTH,
        });
    }
    if r.bounds.lower > r.bounds.upper {
        // Exact searches cannot prove crossing bounds: the table was told that different
        // positions are one (a key that is not exact, declared exact).
        return Err(SearchError::BrokenPromise {
            what: format!(
                "the solve proved the value at least {} and at most {}: the game's hash_key \
                 gives different positions one key (check KEY_IS_EXACT and KEY_BITS)",
                r.bounds.lower, r.bounds.upper
            ),
        });
    }
    let mut stats = r.stats;
    stats.elapsed = running.elapsed();
    Ok(Solution::from_bounds(r.bounds.lower, r.bounds.upper, stats))
}

impl<G, T> Strategy<G> for Solver<T>
where
    G: Game + Sync,
    T: Transpositions<G> + Sync,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.best_move(state).map(|b| b.mv)
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        Solver::analyze(self, state)
    }

    fn name(&self) -> String {
        "solver".to_string()
    }
}
