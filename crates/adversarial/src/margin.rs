//! [`MarginSolver`]: the exact margin of a two-player game won by a number (boxes in Dots
//! and Boxes, stones in Kalah), for games with extra turns too.

use std::fmt;
use std::time::Instant;

use fxhash::FxHashMap;
use search_core::{
    Budget, BudgetField, Game, GameHash, Outcome, Player, RunningBudget, SearchError, Stats,
};

/// The result of [`MarginSolver::solve`].
///
/// ```
/// use adversarial::MarginSolver;
/// use games::DotsAndBoxes;
/// let s = MarginSolver::new().solve(&DotsAndBoxes::new(1, 2).unwrap()).unwrap();
/// assert!(s.complete);
/// println!("{s}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MarginSolution<M> {
    /// The margin by which [`Player::First`] wins with best play by both sides (negative:
    /// `Second` wins), as [`Game::margin`] counts it; `None` if the budget ran out.
    pub margin: Option<i32>,
    /// A move of the player to move that achieves it; `None` if the budget ran out.
    pub best_move: Option<M>,
    /// Counters: nodes, leaves, table probes, hits and cutoffs, the longest line.
    pub stats: Stats,
    /// `true` if the margin is proven.
    pub complete: bool,
}

impl<M: fmt::Debug> fmt::Display for MarginSolution<M> {
    /// One line: the margin for the first player and the move, or `unsolved`, then the
    /// statistics.
    ///
    /// ```
    /// let s = adversarial::MarginSolution::<u8> { margin: Some(-1), best_move: Some(3), stats: Default::default(), complete: true };
    /// assert!(s.to_string().starts_with("margin -1 for the first player, move 3"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.margin, &self.best_move) {
            (Some(m), Some(mv)) => write!(f, "margin {m} for the first player, move {mv:?}")?,
            _ => f.write_str("unsolved")?,
        }
        write!(f, "; {}", self.stats)
    }
}

/// Solves a two-player game for the exact final margin, not only win, draw or loss:
/// alpha-beta over the margin with a transposition table, from the point of view of the
/// side to move, negating a child's value only when the side to move changes, so a player
/// who moves several times in a row (Dots and Boxes, Kalah) is searched correctly.
///
/// The game must give [`Game::margin`] at every finished position, with the sign of its
/// [`outcome`](Game::outcome) (checked: [`SearchError::UnsupportedGame`] without a margin,
/// [`SearchError::BrokenPromise`] for a sign that disagrees). Its [`GameHash`] key must
/// identify everything the rest of the game's margin depends on, the score so far included.
///
/// ```
/// use adversarial::MarginSolver;
/// use games::DotsAndBoxes;
///
/// let s = MarginSolver::new().solve(&DotsAndBoxes::new(2, 2).unwrap()).unwrap();
/// println!("2 × 2 Dots and Boxes: {s}");
/// assert!(s.complete && s.margin.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct MarginSolver {
    budget: Budget,
    table_entries: usize,
}

impl Default for MarginSolver {
    fn default() -> Self {
        Self::new()
    }
}

/// What a table entry says about its value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

impl MarginSolver {
    /// A solver without limits and a table of up to 4,194,304 positions.
    ///
    /// ```
    /// let s = adversarial::MarginSolver::new();
    /// assert!(s.budget().is_unlimited());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        MarginSolver {
            budget: Budget::unlimited(),
            table_entries: 1 << 22,
        }
    }

    /// The budget: nodes, time and stop flag. A depth or an iteration limit is refused
    /// when the solve starts (an exact solve has no horizon).
    ///
    /// ```
    /// use search_core::Budget;
    /// let s = adversarial::MarginSolver::new().with_budget(Budget::nodes(1_000));
    /// assert_eq!(s.budget().max_nodes(), Some(1_000));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The most positions the table holds (about 24 bytes each); `0` solves without one.
    /// When the table is full, only the positions already in it are updated.
    ///
    /// ```
    /// let s = adversarial::MarginSolver::new().with_table_entries(1 << 16);
    /// # let _ = s;
    /// ```
    #[must_use]
    pub fn with_table_entries(mut self, entries: usize) -> Self {
        self.table_entries = entries;
        self
    }

    /// The budget of every solve.
    ///
    /// ```
    /// assert!(adversarial::MarginSolver::new().budget().is_unlimited());
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The exact margin of `state` with best play, and a move that achieves it.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::Budget`] (an invalid budget, or one with a
    /// depth or iteration limit); [`SearchError::UnsupportedGame`] if a finished position
    /// has no margin; [`SearchError::BrokenPromise`] if a margin's sign disagrees with the
    /// outcome; [`SearchError::NoLegalMoves`].
    ///
    /// See the [type's documentation](MarginSolver) for an example.
    pub fn solve<G: GameHash>(&self, state: &G) -> Result<MarginSolution<G::Move>, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        self.budget.refuse(
            "MarginSolver",
            &[BudgetField::Depth, BudgetField::Iterations],
            "an exact solve has no horizon: bound it by nodes or time",
        )?;
        let budget = self.budget.start()?;
        let mut walk = Walk {
            budget,
            table: FxHashMap::default(),
            capacity: self.table_entries,
            stats: Stats::default(),
            ply: 0,
            moves: Vec::new(),
        };
        let started = Instant::now();
        let result = walk.node(state, i32::MIN + 1, i32::MAX);
        walk.stats.elapsed = started.elapsed();
        let (value, best) = match result {
            Ok(v) => v,
            Err(Stop::Budget) => {
                return Ok(MarginSolution {
                    margin: None,
                    best_move: None,
                    stats: walk.stats,
                    complete: false,
                });
            }
            Err(Stop::Error(e)) => return Err(e),
        };
        let first = if state.to_move() == Player::First {
            value
        } else {
            -value
        };
        Ok(MarginSolution {
            margin: Some(first),
            best_move: best,
            stats: walk.stats,
            complete: true,
        })
    }
}

enum Stop {
    Budget,
    Error(SearchError),
}

struct Walk<M> {
    budget: RunningBudget,
    table: FxHashMap<u64, (i32, Bound, Option<M>)>,
    capacity: usize,
    stats: Stats,
    ply: usize,
    moves: Vec<Vec<M>>,
}

impl<M: Copy + Eq> Walk<M> {
    /// The margin for the side to move at `state` and its best move, fail-soft within
    /// `(alpha, beta)`.
    fn node<G: GameHash<Move = M>>(
        &mut self,
        state: &G,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<M>), Stop> {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(self.ply as u32);
        if self.budget.poll(self.stats.nodes) {
            return Err(Stop::Budget);
        }
        let outcome = state.outcome();
        if outcome.is_over() {
            self.stats.leaves += 1;
            return terminal(state, outcome)
                .map(|v| (v, None))
                .map_err(Stop::Error);
        }
        let key = state.hash_key();
        let mut table_move = None;
        if self.capacity > 0 {
            self.stats.tt_probes += 1;
            if let Some(&(value, bound, best)) = self.table.get(&key) {
                self.stats.tt_hits += 1;
                table_move = best;
                let cut = match bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    self.stats.tt_cutoffs += 1;
                    return Ok((value, best));
                }
            }
        }
        let level = self.ply;
        if self.moves.len() <= level {
            self.moves.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[level]);
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.moves[level] = moves;
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        if let Some(best) = table_move {
            if let Some(i) = moves.iter().position(|&m| m == best) {
                moves[..=i].rotate_right(1);
            }
        }
        let mover = state.to_move();
        let mut best_value = i32::MIN;
        let mut best_move = None;
        let mut a = alpha;
        let mut result = Ok(());
        self.ply += 1;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let same = child.to_move() == mover;
            // The child's window, from the child's mover's point of view.
            let (ca, cb) = if same { (a, beta) } else { (-beta, -a) };
            let v = match self.node(&child, ca, cb) {
                Ok((v, _)) => {
                    if same {
                        v
                    } else {
                        -v
                    }
                }
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            };
            if v > best_value {
                best_value = v;
                best_move = Some(mv);
            }
            a = a.max(v);
            if a >= beta {
                self.stats.beta_cutoffs += 1;
                break;
            }
        }
        self.ply -= 1;
        self.moves[level] = moves;
        result?;
        if self.capacity > 0 {
            let bound = if best_value <= alpha {
                Bound::Upper
            } else if best_value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            if self.table.len() < self.capacity || self.table.contains_key(&key) {
                self.table.insert(key, (best_value, bound, best_move));
            }
        }
        Ok((best_value, best_move))
    }
}

/// The margin of a finished position for its side to move, checked against its outcome.
fn terminal<G: Game>(state: &G, outcome: Outcome) -> Result<i32, SearchError> {
    let Some(first) = state.margin() else {
        return Err(SearchError::UnsupportedGame {
            engine: "MarginSolver",
            reason: "a finished position has no margin (implement Game::margin)".into(),
        });
    };
    let agrees = match outcome {
        Outcome::Win(Player::First) => first > 0,
        Outcome::Win(Player::Second) => first < 0,
        Outcome::Draw | Outcome::Ongoing => first == 0,
    };
    if !agrees || first == i32::MIN {
        return Err(SearchError::BrokenPromise {
            what: format!("the margin {first} disagrees with the outcome '{outcome}'"),
        });
    }
    Ok(if state.to_move() == Player::First {
        first
    } else {
        -first
    })
}
