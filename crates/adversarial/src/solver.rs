//! [`Solver`]: the exact value of a position for any finite game, weak (win / draw / loss)
//! or strong (win or loss with its exact distance in plies).
//!
//! The approach of Pascal Pons' Connect Four solver, made generic: the shared negamax loop
//! runs without an evaluator or horizon, in *exact mode* (table entries are valid at any
//! depth), and the root value is found by a sequence of **null-window** searches — each one
//! only answers "is the value above `s`?" and is far cheaper than a full-window search —
//! binary-searching over the values the position can still have. The bounds each search
//! proves stay in the transposition table and speed up the next one. The game's hooks
//! (win at once, non-losing moves, ordering hints) and the generic mate-distance bounds do
//! the rest; nothing in the solver knows which game it solves.

use std::sync::Arc;

use search_core::{
    Budget, Game, Outcome, RunningBudget, Score, SearchError, Stats, Strategy, ZeroEvaluator,
};

use crate::negamax::{LoopOptions, Searcher};
use crate::ordering::MoveOrdering;
use crate::table::{NoTable, Replacement, TableSizeError, TranspositionTable, Transpositions};

/// The result of a weak solve.
///
/// ```
/// use adversarial::WeakValue;
/// assert_ne!(WeakValue::Win, WeakValue::Draw);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WeakValue {
    /// The side to move wins with perfect play.
    Win,
    /// Perfect play ends in a draw.
    Draw,
    /// The side to move loses against perfect play.
    Loss,
}

/// The result of [`Solver::solve`].
///
/// ```
/// use adversarial::Solver;
/// use games::TicTacToe;
/// use search_core::{Budget, Score};
/// let s = Solver::with_megabytes(1).unwrap().solve(&TicTacToe::new(), &Budget::unlimited()).unwrap();
/// assert!(s.solved);
/// assert_eq!(s.score, Score::DRAW);
/// assert_eq!((s.lower, s.upper), (s.score, s.score));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The exact value when `solved`; otherwise the lower bound reached.
    pub score: Score,
    /// The value is at least this.
    pub lower: Score,
    /// The value is at most this.
    pub upper: Score,
    /// `false` when the budget (nodes, time, stop flag) ran out first.
    pub solved: bool,
    /// Counters; `iterations` is the number of null-window searches.
    pub stats: Stats,
}

/// The result of [`Solver::solve_weak`].
///
/// ```
/// use adversarial::{Solver, WeakValue};
/// use games::ConnectFour;
/// use search_core::Budget;
/// let g: ConnectFour = "4455".parse().unwrap();
/// let s = Solver::with_megabytes(8).unwrap().solve_weak(&g, &Budget::unlimited()).unwrap();
/// assert_eq!(s.value, Some(WeakValue::Win));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct WeakSolution {
    /// The value, or `None` when the budget ran out first.
    pub value: Option<WeakValue>,
    /// Counters; `iterations` is the number of null-window searches.
    pub stats: Stats,
}

/// An exact solver for any finite two-player game (see the module docs for the method).
///
/// It keeps its transposition table between solves: values are exact, so old entries
/// stay valid; [`clear`](Solver::clear) it to measure one position alone. Do not share the
/// table with a depth-limited [`Negamax`](crate::Negamax): heuristic entries are not exact.
///
/// ```
/// use adversarial::Solver;
/// use games::ConnectFour;
/// use search_core::{Budget, Score};
///
/// let mut solver = Solver::with_megabytes(16).unwrap();
/// let g: ConnectFour = "44455554221".parse().unwrap();
/// let s = solver.solve(&g, &Budget::unlimited()).unwrap();
/// // The side to move loses: the opponent wins with its 7th stone, at ply 13 (2 plies away).
/// assert_eq!(s.score, Score::loss_in(2));
/// ```
#[derive(Debug)]
pub struct Solver<T = Arc<TranspositionTable>> {
    pub(crate) table: T,
    pub(crate) ordering: MoveOrdering,
    pub(crate) hooks: bool,
    pub(crate) min_table_plies: u32,
    pub(crate) prefetch: bool,
    pub(crate) budget: Budget,
}

impl Solver<Arc<TranspositionTable>> {
    /// A solver with a table of `megabytes` MiB, always-replace policy.
    ///
    /// # Errors
    /// [`TableSizeError`] for 0 or an absurd size.
    ///
    /// ```
    /// assert!(adversarial::Solver::with_megabytes(0).is_err());
    /// ```
    pub fn with_megabytes(megabytes: usize) -> Result<Self, TableSizeError> {
        let table =
            TranspositionTable::with_megabytes(megabytes)?.with_replacement(Replacement::Always);
        Ok(Self::new(Arc::new(table)))
    }

    /// Empties the table.
    ///
    /// ```
    /// let s = adversarial::Solver::with_megabytes(1).unwrap();
    /// s.clear();
    /// assert_eq!(s.table().stats().occupied, 0);
    /// ```
    pub fn clear(&self) {
        self.table.clear();
    }
}

impl Solver<NoTable> {
    /// A solver without a table, for games without a [`GameHash`](search_core::GameHash)
    /// key (much slower on games with many transpositions).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::{Budget, Score};
    /// let s = Solver::without_table().solve(&TicTacToe::new(), &Budget::unlimited()).unwrap();
    /// assert_eq!(s.score, Score::DRAW);
    /// ```
    #[must_use]
    pub fn without_table() -> Self {
        Self::new(NoTable)
    }
}

impl<T> Solver<T> {
    /// A solver over `table` (an `Arc<TranspositionTable>`, a `&TranspositionTable`, or
    /// [`NoTable`]). Ordering: table move and game hints (killers and history do not pay
    /// in null-window solving); game hooks on.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use adversarial::{Solver, TranspositionTable};
    /// let s = Solver::new(Arc::new(TranspositionTable::new(1 << 20).unwrap()));
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn new(table: T) -> Self {
        Solver {
            table,
            ordering: MoveOrdering::table_and_hints(),
            hooks: true,
            min_table_plies: 8,
            prefetch: true,
            budget: Budget::unlimited(),
        }
    }

    /// Which move-ordering sources to use.
    ///
    /// ```
    /// use adversarial::{MoveOrdering, Solver};
    /// let s = Solver::with_megabytes(1).unwrap().move_ordering(MoveOrdering::all());
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn move_ordering(mut self, ordering: MoveOrdering) -> Self {
        self.ordering = ordering;
        self
    }

    /// Whether to use the game's `winning_move` / `non_losing_moves` hooks (default on).
    ///
    /// ```
    /// let s = adversarial::Solver::with_megabytes(1).unwrap().game_hooks(false);
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn game_hooks(mut self, on: bool) -> Self {
        self.hooks = on;
        self
    }

    /// Nodes with fewer than `plies` plies left to search (the remaining depth, or the
    /// game's [`remaining_plies_bound`](Game::remaining_plies_bound) when smaller) neither
    /// read nor write the table: such a small subtree is searched faster than a table
    /// access that misses the cache costs. Default: 8. It never changes a value.
    ///
    /// ```
    /// let e = adversarial::Solver::with_megabytes(1).unwrap().min_table_plies(4);
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
    /// let e = adversarial::Solver::with_megabytes(1).unwrap().prefetch(false);
    /// # let _ = e;
    /// ```
    #[must_use]
    pub fn prefetch(mut self, on: bool) -> Self {
        self.prefetch = on;
        self
    }

    /// The budget used when the solver plays as a [`Strategy`] (default: unlimited).
    ///
    /// ```
    /// use std::time::Duration;
    /// let s = adversarial::Solver::with_megabytes(1).unwrap()
    ///     .with_budget(search_core::Budget::time(Duration::from_secs(5)));
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The solver's table.
    ///
    /// ```
    /// let s = adversarial::Solver::with_megabytes(1).unwrap();
    /// assert_eq!(s.table().size_bytes(), 1 << 20);
    /// ```
    #[must_use]
    pub fn table(&self) -> &T {
        &self.table
    }

    pub(crate) fn loop_options(&self, salt: u64) -> LoopOptions {
        LoopOptions {
            pvs: false,
            ordering: self.ordering,
            hooks: self.hooks,
            min_table_plies: self.min_table_plies,
            prefetch: self.prefetch,
            exact: true,
            track_pv: false,
            salt,
        }
    }

    /// Strong solve: the exact value of `state`, with the distance to the end in plies.
    ///
    /// Reads the budget's node and time limits and stop flag; when they run out, the
    /// result has `solved == false` and the bounds proven so far.
    ///
    /// # Errors
    /// [`SearchError::Budget`] for an invalid budget, [`SearchError::Config`] for a budget
    /// with a depth limit (an exact solve has no horizon) or a game that did not end within
    /// [`Budget::MAX_DEPTH`] plies. A broken game, wherever the solve meets it, is an error
    /// rather than a wrong value: [`SearchError::NoLegalMoves`],
    /// [`SearchError::TurnDidNotPass`], [`SearchError::IllegalHookMove`] (checked at the
    /// root, and everywhere in debug builds), and in debug builds
    /// [`SearchError::KeyNotRestored`].
    ///
    /// # Panics
    /// The solve runs on the calling thread: a panic in the game unwinds to the caller
    /// ([`solve_parallel`](Solver::solve_parallel) turns a panic on any of its threads into
    /// [`SearchError::WorkerPanicked`]).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// use search_core::{Budget, Score};
    /// let g: ConnectFour = "4455".parse().unwrap(); // Pons' score 18: X wins with its 4th stone
    /// let s = Solver::with_megabytes(8).unwrap().solve(&g, &Budget::unlimited()).unwrap();
    /// assert_eq!(s.score, Score::win_in(3));
    /// assert!(Solver::with_megabytes(1).unwrap().solve(&g, &Budget::depth(5)).is_err());
    /// ```
    pub fn solve<G>(&mut self, state: &G, budget: &Budget) -> Result<Solution, SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        self.run_serial(state, budget, false)
    }

    /// Weak solve: only whether the side to move wins, draws or loses (one or two
    /// null-window searches around the draw: often much faster than a strong solve).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    ///
    /// ```
    /// use adversarial::{Solver, WeakValue};
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let s = Solver::with_megabytes(1).unwrap().solve_weak(&TicTacToe::new(), &Budget::unlimited()).unwrap();
    /// assert_eq!(s.value, Some(WeakValue::Draw));
    /// ```
    pub fn solve_weak<G>(&mut self, state: &G, budget: &Budget) -> Result<WeakSolution, SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        self.solve_weak_bounds(state, budget).map(|s| weak_of(&s))
    }

    pub(crate) fn solve_weak_bounds<G>(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Solution, SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        self.run_serial(state, budget, true)
    }

    /// One null-window solve on this thread: weak (around the draw) or strong.
    fn run_serial<G>(
        &mut self,
        state: &G,
        budget: &Budget,
        weak: bool,
    ) -> Result<Solution, SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        let running = start(budget)?;
        self.table.new_search();
        let mut searcher = Searcher::new(
            &ZeroEvaluator,
            &self.table,
            &running,
            None,
            self.loop_options(0),
        );
        let out = null_window_search(&mut searcher, state, weak, 0);
        searcher.take_fault()?;
        finish(out, searcher.stats, searcher.horizon_reached, &running)
    }

    /// A move that keeps the exact value, with that value: the solver's choice as a player.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, [`SearchError::NoLegalMoves`] for a
    /// broken one, or the errors of [`Solver::solve`]; a budget that runs out before the
    /// value is known is a [`SearchError::Config`] naming the bounds reached.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::{Budget, Score};
    /// // O to move completes its row 3-4-5 in cell 5.
    /// let g: TicTacToe = "X.X OO. X..".parse().unwrap();
    /// let (mv, score, _) = Solver::with_megabytes(1).unwrap().best_move(&g, &Budget::unlimited()).unwrap();
    /// assert_eq!(score, Score::win_in(1));
    /// assert_eq!(mv, 5);
    /// ```
    pub fn best_move<G>(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<(G::Move, Score, Stats), SearchError>
    where
        G: Game,
        T: Transpositions<G>,
    {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let running = start(budget)?;
        self.table.new_search();
        let mut searcher = Searcher::new(
            &ZeroEvaluator,
            &self.table,
            &running,
            None,
            self.loop_options(0),
        );
        let out = null_window_search(&mut searcher, state, false, 0);
        searcher.take_fault()?;
        let solution = finish(
            out,
            searcher.stats.clone(),
            searcher.horizon_reached,
            &running,
        )?;
        if !solution.solved {
            return Err(unsolved(&solution));
        }
        let value = solution.score;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        moves.sort_by_key(|&m| core::cmp::Reverse(state.move_order_hint(m)));
        let mut root = state.clone();
        let mover = state.to_move();
        for mv in moves {
            // Is the child's value, seen from here, at least `value`?
            let below = Score::from_raw(value.raw() - 1);
            let s = root.with_move(mv, |child| {
                if child.to_move() == mover {
                    searcher.fail(SearchError::TurnDidNotPass {
                        mv: format!("{mv:?}"),
                    });
                    return Score::DRAW;
                }
                searcher.negamax(
                    child,
                    Budget::MAX_DEPTH,
                    1,
                    value.to_child(),
                    below.to_child(),
                )
            });
            searcher.take_fault()?;
            if searcher.aborted {
                break;
            }
            if s.to_parent() >= value {
                let mut stats = searcher.stats;
                stats.elapsed = running.elapsed();
                return Ok((mv, value, stats));
            }
        }
        Err(SearchError::Config(format!(
            "the budget ran out while looking for a move that keeps the value {value}"
        )))
    }
}

fn unsolved(s: &Solution) -> SearchError {
    SearchError::Config(format!(
        "the budget ran out before the position was solved (value between {} and {})",
        s.lower, s.upper
    ))
}

pub(crate) fn start(budget: &Budget) -> Result<RunningBudget, SearchError> {
    if budget.max_depth().is_some() {
        return Err(SearchError::Config(
            "an exact solve has no horizon: remove the depth limit from the budget (use Negamax for depth-limited search)"
                .into(),
        ));
    }
    Ok(budget.start()?)
}

pub(crate) fn weak_of(s: &Solution) -> WeakSolution {
    let value = if s.solved {
        Some(if s.score.is_win() {
            WeakValue::Win
        } else if s.score.is_loss() {
            WeakValue::Loss
        } else {
            WeakValue::Draw
        })
    } else {
        None
    };
    WeakSolution {
        value,
        stats: s.stats.clone(),
    }
}

/// What the null-window loop ended with: bounds (equal when solved).
pub(crate) struct Bounds {
    pub lower: Score,
    pub upper: Score,
}

pub(crate) fn finish(
    out: Bounds,
    mut stats: Stats,
    horizon: bool,
    running: &RunningBudget,
) -> Result<Solution, SearchError> {
    if horizon {
        return Err(SearchError::Config(format!(
            "the game did not end within {} plies: it cannot be solved exactly",
            Budget::MAX_DEPTH
        )));
    }
    stats.elapsed = running.elapsed();
    Ok(Solution {
        score: out.lower,
        lower: out.lower,
        upper: out.upper,
        solved: out.lower == out.upper,
        stats,
    })
}

/// The ladder of values a position can have, as ranks `-k..=k`: rank `m > 0` is
/// `win_in(k + 1 - m)`, rank `0` a draw, rank `m < 0` is `loss_in(k + 1 + m)`. In weak mode
/// the ladder is `-1` (some loss), `0`, `1` (some win).
struct Ladder {
    k: i64,
    weak: bool,
}

impl Ladder {
    fn score(&self, m: i64) -> Score {
        let d = |x: i64| x.clamp(0, i64::from(Score::MAX_DISTANCE)) as u32;
        match (self.weak, m.signum()) {
            (_, 0) => Score::DRAW,
            (true, 1) => Score::win_in(d(self.k)),
            (true, _) => Score::loss_in(d(self.k)),
            (false, 1) => Score::win_in(d(self.k + 1 - m)),
            (false, _) => Score::loss_in(d(self.k + 1 + m)),
        }
    }

    /// The smallest rank whose score is `>= s`.
    fn ceil(&self, s: Score) -> i64 {
        let (lo, hi) = if self.weak {
            (-1, 1)
        } else {
            (-self.k, self.k)
        };
        // Scores are monotone in rank: binary search (ladders are short).
        let (mut a, mut b) = (lo, hi + 1);
        while a < b {
            let m = a + (b - a) / 2;
            if self.score(m) >= s {
                b = m;
            } else {
                a = m + 1;
            }
        }
        a.min(hi)
    }

    /// The largest rank whose score is `<= s`.
    fn floor(&self, s: Score) -> i64 {
        let (lo, hi) = if self.weak {
            (-1, 1)
        } else {
            (-self.k, self.k)
        };
        let (mut a, mut b) = (lo - 1, hi);
        while a < b {
            let m = b - (b - a) / 2;
            if self.score(m) <= s {
                a = m;
            } else {
                b = m - 1;
            }
        }
        a.max(lo)
    }
}

/// The null-window binary search over the root's possible values. `probe_offset` moves each
/// probe that many rungs away from the usual choice (0 for a serial solve; parallel helpers
/// use other values so that the threads do not repeat each other's searches).
pub(crate) fn null_window_search<G, T>(
    searcher: &mut Searcher<'_, G, ZeroEvaluator, T>,
    state: &G,
    weak: bool,
    probe_offset: i64,
) -> Bounds
where
    G: Game,
    T: Transpositions<G>,
{
    match state.outcome() {
        Outcome::Ongoing => {}
        Outcome::Draw => {
            return Bounds {
                lower: Score::DRAW,
                upper: Score::DRAW,
            };
        }
        Outcome::Win(p) => {
            let s = if p == state.to_move() {
                Score::win_in(0)
            } else {
                Score::loss_in(0)
            };
            return Bounds { lower: s, upper: s };
        }
    }
    let fast_win = searcher.hooks() && G::HAS_WINNING_MOVE;
    if fast_win {
        if let Some(mv) = state.winning_move() {
            if !state.is_legal(mv) {
                searcher.fail(SearchError::IllegalHookMove {
                    hook: "winning_move",
                    mv: format!("{mv:?}"),
                });
            }
            let s = Score::win_in(1);
            return Bounds { lower: s, upper: s };
        }
    }
    let k = state
        .remaining_plies_bound()
        .unwrap_or(Budget::MAX_DEPTH)
        .min(Budget::MAX_DEPTH);
    let ladder = Ladder {
        k: i64::from(k),
        weak,
    };
    let (mut min, mut max) = if weak { (-1, 1) } else { (-ladder.k, ladder.k) };
    if fast_win && !weak {
        // No immediate win: a win takes at least 2 plies (3 if moves cannot lose).
        let soonest = if G::MOVES_CANNOT_LOSE { 3 } else { 2 };
        max = max.min(ladder.floor(Score::win_in(soonest)));
    }
    let mut root = state.clone();
    while min < max {
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        // A parallel solve's helper probes a nearby rung (see `parallel.rs`).
        if min <= med + probe_offset && med + probe_offset < max {
            med += probe_offset;
        }
        let s = ladder.score(med);
        let above = Score::from_raw(s.raw() + 1);
        let r = searcher.negamax(&mut root, Budget::MAX_DEPTH, 0, s, above);
        if searcher.aborted {
            break;
        }
        searcher.stats.iterations += 1;
        if r <= s {
            max = ladder.floor(r).min(med);
        } else {
            min = ladder.ceil(r).max(med + 1);
        }
    }
    Bounds {
        lower: ladder.score(min),
        upper: ladder.score(max),
    }
}

impl<G, T> Strategy<G> for Solver<T>
where
    G: Game,
    T: Transpositions<G>,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let budget = self.budget.clone();
        self.best_move(state, &budget).map(|(m, _, _)| m)
    }

    fn name(&self) -> String {
        "solver".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::Ladder;
    use search_core::Score;

    #[test]
    fn ladders_are_strictly_increasing_and_invertible() {
        for k in 0..60 {
            for weak in [false, true] {
                let l = Ladder { k, weak };
                let (lo, hi) = if weak { (-1, 1) } else { (-k, k) };
                let rungs: Vec<Score> = (lo..=hi).map(|m| l.score(m)).collect();
                assert!(rungs.windows(2).all(|w| w[0] < w[1]), "k {k} weak {weak}");
                for m in lo..=hi {
                    assert_eq!(l.ceil(l.score(m)), m);
                    assert_eq!(l.floor(l.score(m)), m);
                }
            }
        }
        let l = Ladder { k: 4, weak: false };
        let all: Vec<Score> = (-4..=4).map(|m| l.score(m)).collect();
        let expected: Vec<Score> = (1..=4)
            .map(Score::loss_in)
            .chain([Score::DRAW])
            .chain((1..=4).rev().map(Score::win_in))
            .collect();
        assert_eq!(all, expected);
    }
}
