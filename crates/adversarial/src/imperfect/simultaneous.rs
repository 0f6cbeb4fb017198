//! [`SimultaneousSolver`]: the exact value of a two-player zero-sum game of simultaneous
//! moves, by backward induction over its rounds with the matrix game of every round solved
//! by linear programming.

use std::collections::HashMap;
use std::hash::Hash;

use search_core::{Budget, BudgetField, RunningBudget, SearchError, SimultaneousGame, Stats};

use crate::imperfect::matrix::{MatrixSolution, Simplex};
use search_core::builder_methods;

/// The solution of a [`SimultaneousGame`]: the value for player 0 and an optimal mixed
/// strategy of each player in the first round.
///
/// ```
/// use adversarial::SimultaneousSolver;
/// use games::Goofspiel;
/// let s = SimultaneousSolver::new().solve(&Goofspiel::new(3).unwrap()).unwrap();
/// assert!(s.value.abs() < 1e-9);
/// assert_eq!(s.moves[0], [1, 2, 3]);
/// println!("{:?}", s.first_round.row);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SimultaneousSolution<M> {
    /// The value of the game for player 0 (player 1's is the reward sum minus it).
    pub value: f64,
    /// The first round's moves of player 0 (`moves[0]`, the rows) and player 1
    /// (`moves[1]`, the columns).
    pub moves: [Vec<M>; 2],
    /// The first round's matrix game solved: its value (the game's) and the two optimal
    /// mixed strategies, in the order of [`moves`](SimultaneousSolution::moves).
    pub first_round: MatrixSolution,
    /// Rounds solved (`nodes`), finished games reached (`leaves`), look-ups of positions
    /// solved before (`tt_probes`, `tt_hits`), the time.
    pub stats: Stats,
}

/// Solves a two-player [`SimultaneousGame`] whose rewards add up to a constant exactly:
/// every position's value is the value of the matrix game of its round, whose entries are
/// the values of the positions the joint moves lead to; each matrix game is solved by the
/// simplex method. Positions reached twice (the same hands after different rounds) are
/// solved once (the game's `Eq` and `Hash` key a table).
///
/// The cost grows with the number of positions times the size of their matrices: Goofspiel
/// with 5 cards is solved in about a millisecond, with 8 in about a second
/// (`docs/benchmarks/imperfect.md` in the repository). Only a round's matrix and the table
/// of solved positions are allocated as the solve goes; the buffers of each depth are
/// reused. The budget: nodes (rounds solved), time and a stop flag; a solve they stop
/// returns an error (the value of part of a game is no value), and a depth or iteration
/// limit is refused.
///
/// ```
/// use adversarial::SimultaneousSolver;
/// use games::Goofspiel;
///
/// // Goofspiel is symmetric: its value is 0.
/// let solution = SimultaneousSolver::new().solve(&Goofspiel::new(4).unwrap()).unwrap();
/// assert!(solution.value.abs() < 1e-9);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SimultaneousSolver {
    budget: Budget,
}

/// Why a walk stopped.
enum Stop {
    Budget,
    Error(SearchError),
}

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Self {
        Stop::Error(e)
    }
}

/// The state of one solve.
struct Walk<'a, G: SimultaneousGame> {
    running: &'a RunningBudget,
    solved: HashMap<G, f64>,
    /// Per depth: the two players' moves and the matrix, reused by every node at that depth.
    rows: Vec<Vec<G::Move>>,
    columns: Vec<Vec<G::Move>>,
    matrices: Vec<Vec<f64>>,
    simplex: Simplex,
    rewards: [f64; 2],
    range: (f64, f64),
    stats: Stats,
}

impl SimultaneousSolver {
    /// The solver, with an unlimited budget (the solve ends when the game is solved).
    ///
    /// ```
    /// assert!(adversarial::SimultaneousSolver::new().budget().is_unlimited());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    builder_methods! {
        /// The budget: nodes (rounds solved), time and a stop flag.
        ///
        /// ```
        /// use search_core::Budget;
        /// let s = adversarial::SimultaneousSolver::new().with_budget(Budget::nodes(1000));
        /// assert_eq!(s.budget().max_nodes(), Some(1000));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The budget.
        ///
        /// See [`new`](SimultaneousSolver::new) for an example.
        budget() -> &Budget = budget;
    }

    /// Solves `start` exactly.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::UnsupportedGame`] for a game without two
    /// players or without a declared [`REWARD_SUM`](SimultaneousGame::REWARD_SUM);
    /// [`SearchError::Budget`] for a depth or iteration limit; [`SearchError::Config`]
    /// when the budget runs out before the game is solved; [`SearchError::NoLegalMoves`]
    /// when a player has no move in a round; [`SearchError::BrokenPromise`] for a reward outside the reward range;
    /// [`SearchError::GameTooLong`] beyond [`Budget::MAX_DEPTH`] rounds.
    ///
    /// See [`SimultaneousSolver`] for an example.
    pub fn solve<G>(&self, start: &G) -> Result<SimultaneousSolution<G::Move>, SearchError>
    where
        G: SimultaneousGame + Eq + Hash,
    {
        if start.player_count() != 2 || G::REWARD_SUM.is_none() {
            return Err(SearchError::UnsupportedGame {
                engine: "SimultaneousSolver",
                reason: "the game must have two players whose rewards add up to a declared constant (REWARD_SUM)".into(),
            });
        }
        if start.is_over() {
            return Err(SearchError::GameOver);
        }
        self.budget.refuse(
            "SimultaneousSolver",
            &[BudgetField::Depth, BudgetField::Iterations],
            "an exact solve has no horizon: bound it by nodes or time",
        )?;
        let running = self.budget.start()?;
        let mut walk = Walk {
            running: &running,
            solved: HashMap::new(),
            rows: Vec::new(),
            columns: Vec::new(),
            matrices: Vec::new(),
            simplex: Simplex::default(),
            rewards: [0.0; 2],
            range: start.reward_range(),
            stats: Stats::default(),
        };
        let value = match walk.value(start, 0) {
            Ok(v) => v,
            Err(Stop::Error(e)) => return Err(e),
            Err(Stop::Budget) => {
                return Err(SearchError::Config(format!(
                    "the budget ran out after {} rounds, before the game was solved",
                    walk.stats.nodes
                )));
            }
        };
        // The first round again, for its strategies (its children are all in the table).
        let moves = [walk.rows[0].clone(), walk.columns[0].clone()];
        let matrix = walk.matrices[0].clone();
        let mut first_round = MatrixSolution {
            value,
            row: vec![0.0; moves[0].len()],
            column: vec![0.0; moves[1].len()],
        };
        walk.simplex.solve(
            &matrix,
            moves[0].len(),
            moves[1].len(),
            Some((&mut first_round.row, &mut first_round.column)),
        )?;
        let mut stats = walk.stats;
        stats.elapsed = running.elapsed();
        Ok(SimultaneousSolution {
            value,
            moves,
            first_round,
            stats,
        })
    }
}

impl<G: SimultaneousGame + Eq + Hash> Walk<'_, G> {
    /// The value of `state` for player 0.
    fn value(&mut self, state: &G, depth: usize) -> Result<f64, Stop> {
        if state.is_over() {
            self.stats.leaves += 1;
            state.rewards(&mut self.rewards);
            let r = self.rewards[0];
            if !(r >= self.range.0 && r <= self.range.1) {
                return Err(SearchError::BrokenPromise {
                    what: format!(
                        "the reward {r} of player 0 is outside reward_range() = ({}, {})",
                        self.range.0, self.range.1
                    ),
                }
                .into());
            }
            return Ok(r);
        }
        self.stats.tt_probes += 1;
        if let Some(&v) = self.solved.get(state) {
            self.stats.tt_hits += 1;
            return Ok(v);
        }
        if depth >= Budget::MAX_DEPTH as usize {
            return Err(SearchError::GameTooLong {
                max_plies: Budget::MAX_DEPTH,
            }
            .into());
        }
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(depth as u32 + 1);
        if self.running.poll(self.stats.nodes) {
            return Err(Stop::Budget);
        }
        if self.rows.len() <= depth {
            self.rows.push(Vec::new());
            self.columns.push(Vec::new());
            self.matrices.push(Vec::new());
        }
        let mut rows = std::mem::take(&mut self.rows[depth]);
        let mut columns = std::mem::take(&mut self.columns[depth]);
        let mut matrix = std::mem::take(&mut self.matrices[depth]);
        rows.clear();
        columns.clear();
        state.moves_of(0, &mut rows);
        state.moves_of(1, &mut columns);
        if rows.is_empty() || columns.is_empty() {
            return Err(SearchError::NoLegalMoves.into());
        }
        matrix.clear();
        let mut outcome = Ok(());
        'fill: for &a in &rows {
            for &b in &columns {
                let mut next = state.clone();
                next.apply_joint(&[a, b]);
                match crate::stack::grow_if_low(depth + 1, || self.value(&next, depth + 1)) {
                    Ok(v) => matrix.push(v),
                    Err(e) => {
                        outcome = Err(e);
                        break 'fill;
                    }
                }
            }
        }
        let result = outcome.and_then(|()| {
            self.simplex
                .solve(&matrix, rows.len(), columns.len(), None)
                .map_err(Stop::from)
        });
        self.rows[depth] = rows;
        self.columns[depth] = columns;
        self.matrices[depth] = matrix;
        let v = result?;
        self.solved.insert(state.clone(), v);
        Ok(v)
    }
}
