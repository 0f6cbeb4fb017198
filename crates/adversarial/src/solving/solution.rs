//! [`Solution`] and [`WeakSolution`]: what the exact [`Solver`](crate::Solver) returns.

use core::fmt;

use search_core::{MoveAnalysis, Score, Stats, Wdl};

/// The result of [`Solver::solve`](crate::Solver::solve): the exact value, or the bounds
/// reached when the budget ran out first.
///
/// ```
/// use adversarial::Solver;
/// use games::TicTacToe;
/// use search_core::Score;
/// let s = Solver::new().with_table_mb(1).solve(&TicTacToe::new()).unwrap();
/// assert!(s.solved);
/// assert_eq!(s.score, Some(Score::DRAW));
/// assert_eq!((s.lower, s.upper), (Score::DRAW, Score::DRAW));
/// println!("{s}"); // draw (exact), 1234 nodes in ...
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Solution {
    /// The exact value for the side to move, with the distance to the end in plies; `None`
    /// when the budget (nodes, time, stop flag) ran out first (then read the bounds).
    pub score: Option<Score>,
    /// The value is at least this (equal to `upper` when solved).
    pub lower: Score,
    /// The value is at most this.
    pub upper: Score,
    /// `true` when the value is exact (`score` is `Some`); `false` when the budget ran out.
    pub solved: bool,
    /// Counters; `iterations` is the number of null-window searches.
    pub stats: Stats,
}

impl Solution {
    /// A solution from the bounds reached: solved when they meet.
    pub(crate) fn from_bounds(lower: Score, upper: Score, stats: Stats) -> Self {
        let solved = lower == upper;
        Solution {
            score: solved.then_some(lower),
            lower,
            upper,
            solved,
            stats,
        }
    }

    /// Win, draw or loss for the side to move, once solved.
    pub(crate) fn wdl(&self) -> Option<Wdl> {
        self.score.map(wdl_of)
    }
}

/// The win, draw or loss an exact score means.
pub(crate) fn wdl_of(score: Score) -> Wdl {
    if score.is_win() {
        Wdl::Win
    } else if score.is_loss() {
        Wdl::Loss
    } else {
        Wdl::Draw
    }
}

impl fmt::Display for Solution {
    /// One line: `win in 3 (exact), <stats>`, or when the budget ran out
    /// `unsolved, between draw and win in 9, <stats>`.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::ConnectFour;
    /// let g: ConnectFour = "4455".parse().unwrap();
    /// let s = Solver::new().with_table_mb(8).solve(&g).unwrap();
    /// assert!(s.to_string().starts_with("win in 3 (exact), "));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Some(score) => write!(f, "{} (exact), {}", score.exact(), self.stats),
            None => write!(
                f,
                "unsolved, between {} and {}, {}",
                self.lower, self.upper, self.stats
            ),
        }
    }
}

/// The result of [`Solver::solve_weak`](crate::Solver::solve_weak): only whether the side
/// to move wins, draws or loses.
///
/// ```
/// use adversarial::Solver;
/// use games::ConnectFour;
/// use search_core::Wdl;
/// let g: ConnectFour = "4455".parse().unwrap();
/// let s = Solver::new().with_table_mb(8).solve_weak(&g).unwrap();
/// assert_eq!(s.value, Some(Wdl::Win));
/// assert_eq!(s.to_string().split(',').next(), Some("win"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct WeakSolution {
    /// The value for the side to move, or `None` when the budget ran out first.
    pub value: Option<Wdl>,
    /// Counters; `iterations` is the number of null-window searches.
    pub stats: Stats,
}

impl From<Solution> for WeakSolution {
    fn from(s: Solution) -> Self {
        WeakSolution {
            value: s.wdl(),
            stats: s.stats,
        }
    }
}

impl fmt::Display for WeakSolution {
    /// One line: `win, <stats>` (or `draw`, `loss`), or `unsolved, <stats>` when the budget
    /// ran out.
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// let s = Solver::new().with_table_mb(1).solve_weak(&TicTacToe::new()).unwrap();
    /// assert!(s.to_string().starts_with("draw, "));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Some(v) => write!(f, "{v}, {}", self.stats),
            None => write!(f, "unsolved, {}", self.stats),
        }
    }
}

/// The result of [`Solver::best_move`](crate::Solver::best_move): a move that keeps the
/// exact value, the value, and the statistics of the solve and the move search together.
///
/// ```
/// use adversarial::Solver;
/// use games::TicTacToe;
/// use search_core::Score;
/// // O to move completes its row 3-4-5 in cell 5.
/// let g: TicTacToe = "X.X OO. X..".parse().unwrap();
/// let b = Solver::new().with_table_mb(1).best_move(&g).unwrap();
/// assert_eq!((b.mv, b.score), (5, Score::win_in(1)));
/// assert!(b.to_string().starts_with("move 5, win in 1 (exact), "));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct BestMove<M> {
    /// A move whose value is the position's exact value.
    pub mv: M,
    /// The exact value of the position for the side to move.
    pub score: Score,
    /// Counters of the solve and of the search for the move.
    pub stats: Stats,
}

impl<M: fmt::Debug> fmt::Display for BestMove<M> {
    /// `move 5, win in 1 (exact), <stats>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {:?}, {} (exact), {}",
            self.mv,
            self.score.exact(),
            self.stats
        )
    }
}

/// The result of [`Solver::analysis`](crate::Solver::analysis): every legal move with its
/// exact value, best first, and the statistics of the whole analysis.
///
/// ```
/// use adversarial::Solver;
/// use games::TicTacToe;
/// let a = Solver::new().with_table_mb(1).analysis(&TicTacToe::new()).unwrap();
/// assert_eq!(a.moves.len(), 9);
/// assert!(a.stats.nodes > 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Analysis<M> {
    /// Every legal move with its value, best first (as
    /// [`MoveAnalysis::sort_best_first`] orders them).
    pub moves: Vec<MoveAnalysis<M>>,
    /// Counters of the position's solve and of its children's, all together;
    /// `iterations` is the number of null-window searches.
    pub stats: Stats,
}
