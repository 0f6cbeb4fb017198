//! [`Paranoid`]: the paranoid search of multi-player games (Sturtevant and Korf 2000): the
//! root player assumes that every other player plays against it, which reduces the game to
//! two sides and lets alpha-beta prune.

use std::time::Instant;

use search_core::{Budget, BudgetField, GeneralGame, RunningBudget, SearchError, Stats, Turn};

use crate::general::{
    GeneralEvaluator, GeneralResult, Stop, check_chance, leaf_values, root_player,
};

/// Paranoid search: the player to move at the root maximises its own reward, all the other
/// players minimise it (a coalition), and alpha-beta prunes as in a two-player game. A
/// chance node is worth the probability-weighted mean of its outcomes (searched with the
/// full window). Turns may come in any order.
///
/// The value is the root player's reward under that pessimistic assumption; with two
/// players and a zero-sum game it is minimax. Rewards and estimates must lie within
/// [`reward_range`](GeneralGame::reward_range) (checked).
///
/// ```
/// use adversarial::Paranoid;
/// use games::MnkGame;
/// use search_core::{Budget, GeneralGame};
///
/// // Player 0 must block player 2, who threatens to complete 8, 9, 10.
/// let mut game = MnkGame::new(4, 4, 3, 3).unwrap();
/// for cell in [0, 4, 8, 15, 7, 9] {
///     game.apply(cell);
/// }
/// let neutral = |_: &MnkGame, v: &mut [f64]| v.fill(1.0 / 3.0);
/// let r = Paranoid::new(neutral).with_budget(Budget::depth(3)).search(&game).unwrap();
/// assert_eq!(r.best_move, 10);
/// ```
#[derive(Clone, Debug)]
pub struct Paranoid<E> {
    eval: E,
    budget: Budget,
}

impl<E> Paranoid<E> {
    /// The depth searched unless [`with_budget`](Paranoid::with_budget) says otherwise.
    pub const DEFAULT_DEPTH: u32 = 4;

    /// A paranoid engine with evaluator `eval`.
    ///
    /// ```
    /// let p = adversarial::Paranoid::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
    /// # let _ = p;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Paranoid {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }

    /// The budget: depth (in players' moves), nodes, time and stop flag; an iteration limit
    /// is refused when the search starts.
    ///
    /// ```
    /// use search_core::Budget;
    /// let p = adversarial::Paranoid::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
    ///     .with_budget(Budget::depth(2));
    /// assert_eq!(p.budget().max_depth(), Some(2));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget of every search.
    ///
    /// ```
    /// let p = adversarial::Paranoid::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
    /// assert_eq!(p.budget().max_depth(), Some(4));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Chooses a move for the player to move at `state`; `value` is that player's reward
    /// if everybody else plays against it.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::Config`] at a chance node (apply an
    /// outcome first); [`SearchError::Budget`]; [`SearchError::BrokenPromise`] for a reward
    /// or estimate outside the reward range, or chance probabilities that do not add up to
    /// 1; [`SearchError::NoLegalMoves`].
    ///
    /// See the [type's documentation](Paranoid) for an example.
    pub fn search<G>(&self, state: &G) -> Result<GeneralResult<G::Move>, SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        let root = root_player(state)?;
        self.budget.refuse(
            "Paranoid",
            &[BudgetField::Iterations],
            "use a depth (in players' moves)",
        )?;
        let budget = self.budget.start()?;
        let range = state.reward_range();
        let mut walk = Walk {
            eval: &self.eval,
            budget,
            started: Instant::now(),
            root,
            range,
            values: vec![0.0; state.player_count()],
            stats: Stats::default(),
            ply: 0,
            moves: Vec::new(),
            outcomes: Vec::new(),
        };
        let depth = walk.budget.max_depth();
        let mut moves = Vec::new();
        state.moves(&mut moves);
        let Some(&first) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let (mut best_move, mut best) = (first, None::<f64>);
        let mut complete = true;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let alpha = best.unwrap_or(range.0);
            match walk.node(&child, depth.saturating_sub(1), alpha, range.1) {
                Ok(v) => {
                    if best.is_none_or(|b| v > b) {
                        best = Some(v);
                        best_move = mv;
                    }
                }
                Err(Stop::Budget) => {
                    complete = false;
                    break;
                }
                Err(Stop::Error(e)) => return Err(e),
            }
        }
        walk.stats.elapsed = walk.started.elapsed();
        if complete {
            walk.stats.depth_reached = depth;
        }
        Ok(GeneralResult {
            best_move,
            value: if complete { best } else { None },
            values: Vec::new(),
            stats: walk.stats,
            complete,
        })
    }
}

struct Walk<'e, G: GeneralGame, E> {
    eval: &'e E,
    budget: RunningBudget,
    started: Instant,
    root: usize,
    range: (f64, f64),
    values: Vec<f64>,
    stats: Stats,
    ply: usize,
    moves: Vec<Vec<G::Move>>,
    outcomes: Vec<Vec<(G::Move, f64)>>,
}

impl<G: GeneralGame, E: GeneralEvaluator<G>> Walk<'_, G, E> {
    /// The root player's value of `state`, fail-soft within `(alpha, beta)`.
    fn node(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        self.ply += 1;
        let result = self.visit(state, depth, alpha, beta);
        self.ply -= 1;
        result
    }

    fn visit(&mut self, state: &G, depth: u32, mut alpha: f64, mut beta: f64) -> Result<f64, Stop> {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(self.ply as u32);
        if self.budget.poll(self.stats.nodes) {
            return Err(Stop::Budget);
        }
        let turn = state.turn();
        if turn == Turn::Over || (depth == 0 && turn != Turn::Chance) {
            self.stats.leaves += 1;
            leaf_values(
                state,
                turn == Turn::Over,
                self.eval,
                &mut self.values,
                self.range,
            )?;
            return Ok(self.values[self.root]);
        }
        let level = self.ply;
        if self.moves.len() <= level {
            self.moves.resize_with(level + 1, Vec::new);
            self.outcomes.resize_with(level + 1, Vec::new);
        }
        if turn == Turn::Chance {
            let mut outcomes = std::mem::take(&mut self.outcomes[level]);
            outcomes.clear();
            state.chance_outcomes(&mut outcomes);
            let mut result = check_chance(&outcomes).map(|()| 0.0).map_err(Stop::Error);
            for &(outcome, p) in &outcomes {
                let Ok(sum) = result else { break };
                let mut child = state.clone();
                child.apply(outcome);
                result = self
                    .node(&child, depth, self.range.0, self.range.1)
                    .map(|v| sum + p * v);
            }
            self.outcomes[level] = outcomes;
            return result;
        }
        let maximizing = turn == Turn::Player(self.root);
        let mut moves = std::mem::take(&mut self.moves[level]);
        moves.clear();
        state.moves(&mut moves);
        if moves.is_empty() {
            self.moves[level] = moves;
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        let mut best = if maximizing {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut result = Ok(());
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let v = match self.node(&child, depth - 1, alpha, beta) {
                Ok(v) => v,
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.stats.beta_cutoffs += 1;
                break;
            }
        }
        self.moves[level] = moves;
        result.map(|()| best)
    }
}
