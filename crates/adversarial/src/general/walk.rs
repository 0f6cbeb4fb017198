//! The walk every search of a [`GeneralGame`] runs: counting nodes and polling the budget,
//! the leaves (rewards where the game is over, the evaluator's estimates at the horizon,
//! both checked against the reward range), one move and one outcome buffer per ply, the
//! chance nodes' outcomes, the alpha-beta loop of the players' nodes, the root that
//! maximises the root player's value, and the result.
//!
//! Each engine keeps what is its own in the walk's `engine` field (the root player, the
//! pruning rule, a table, scratch buffers) and writes its node functions as methods of
//! `Walk<.., ItsOwnType>`; the shared steps here call back into them through closures,
//! which monomorphise to each engine's own code.

use search_core::Instant;

use search_core::{
    Budget, BudgetField, ClockPacer, GeneralGame, RunningBudget, SearchError, Stats, Turn,
};

use crate::general::{GeneralEvaluator, GeneralResult};

/// The search stopped because the budget ran out, or with an error.
pub(crate) enum Stop {
    Budget,
    Error(SearchError),
}

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Self {
        Stop::Error(e)
    }
}

/// Checks that every value lies within the game's reward range.
pub(crate) fn check_range(
    values: &[f64],
    range: (f64, f64),
    what: &str,
) -> Result<(), SearchError> {
    for (player, &v) in values.iter().enumerate() {
        if !(v >= range.0 && v <= range.1) {
            return Err(SearchError::BrokenPromise {
                what: format!(
                    "the {what} {v} of player {player} is outside reward_range() = ({}, {})",
                    range.0, range.1
                ),
            });
        }
    }
    Ok(())
}

/// Checks the probabilities of a chance node.
pub(crate) fn check_chance<M: core::fmt::Debug>(outcomes: &[(M, f64)]) -> Result<(), SearchError> {
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    if outcomes.is_empty()
        || outcomes.iter().any(|(_, p)| !(p.is_finite() && *p > 0.0))
        || (total - 1.0).abs() > 1e-9
    {
        return Err(SearchError::BrokenPromise {
            what: format!(
                "a chance node's probabilities must be positive and add up to 1, but they are {:?}",
                outcomes.iter().map(|(_, p)| p).collect::<Vec<_>>()
            ),
        });
    }
    Ok(())
}

/// The player to move at the root of a search, or why there is none: a finished game, or a
/// chance node (whose outcome must be applied first).
pub(crate) fn root_player<G: GeneralGame>(state: &G) -> Result<usize, SearchError> {
    match state.turn() {
        Turn::Over => Err(SearchError::GameOver),
        Turn::Chance => Err(SearchError::Config(
            "the position is a chance node: apply one of its outcomes first".into(),
        )),
        Turn::Player(p) => Ok(p),
    }
}

/// A leaf's values: the rewards at a finished position (`over`), the evaluator's estimates
/// at the horizon, each checked against the reward range.
pub(crate) fn leaf_values<G: GeneralGame, E: GeneralEvaluator<G>>(
    state: &G,
    over: bool,
    eval: &E,
    values: &mut [f64],
    range: (f64, f64),
) -> Result<(), SearchError> {
    if over {
        state.rewards(values);
        check_range(values, range, "reward")
    } else {
        eval.estimate(state, values);
        check_range(values, range, "estimate")
    }
}

/// Whether a node whose turn is `turn` is a leaf at `depth` plies from the horizon: the game
/// is over, or the horizon is reached at a player's turn (chance outcomes do not use up
/// depth).
#[inline]
pub(crate) fn is_leaf(turn: Turn, depth: u32) -> bool {
    turn == Turn::Over || (depth == 0 && turn != Turn::Chance)
}

/// Moves `first` to the front of `moves`, if it is one of them (the others keep their order).
#[inline]
pub(crate) fn move_first<M: PartialEq>(moves: &mut [M], first: M) {
    if let Some(i) = moves.iter().position(|m| *m == first) {
        moves[..=i].rotate_right(1);
    }
}

/// A players' node under alpha-beta, between the side that maximises the value and the side
/// that minimises it: the best value of the children searched so far, and the window that
/// each child narrows.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MinMax {
    maximizing: bool,
    /// The best value so far (`-inf` for the maximising side before any child, `+inf` for
    /// the other).
    pub best: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl MinMax {
    /// A node of the maximising side (`maximizing`) or of the minimising one, searched within
    /// `(alpha, beta)`.
    #[inline]
    pub(crate) fn new(maximizing: bool, alpha: f64, beta: f64) -> Self {
        MinMax {
            maximizing,
            best: if maximizing {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            alpha,
            beta,
        }
    }

    /// Takes a child's value into the best value and the window; `true` if it is the new
    /// best (the first of equal values stays the best).
    #[inline]
    pub(crate) fn add(&mut self, v: f64) -> bool {
        let better = if self.maximizing {
            self.alpha = self.alpha.max(v);
            v > self.best
        } else {
            self.beta = self.beta.min(v);
            v < self.best
        };
        if better {
            self.best = v;
        }
        better
    }

    /// Whether the window has closed: the node's other children cannot change the result.
    #[inline]
    pub(crate) fn cut(&self) -> bool {
        self.alpha >= self.beta
    }
}

/// One search of a general game: what every engine's recursion shares, and in `engine` what
/// is the engine's own.
pub(crate) struct Walk<'e, G: GeneralGame, E, X> {
    pub eval: &'e E,
    pub budget: RunningBudget,
    /// When to read the budget's clock.
    pacer: ClockPacer,
    pub started: Instant,
    /// The game's reward range, which every leaf value is checked against.
    pub range: (f64, f64),
    /// The values of the last leaf scored by [`leaf`](Walk::leaf), one per player.
    pub values: Vec<f64>,
    pub stats: Stats,
    /// The distance from the root of the node being searched.
    pub ply: usize,
    /// One move buffer per ply.
    moves: Vec<Vec<G::Move>>,
    /// One outcome buffer per ply.
    outcomes: Vec<Vec<(G::Move, f64)>>,
    /// What the engine adds to the walk.
    pub engine: X,
}

impl<'e, G: GeneralGame, E: GeneralEvaluator<G>, X> Walk<'e, G, E, X> {
    /// Starts a search of `state` by `engine_name` (which refuses an iteration limit with
    /// `advice`), with the engine's own part `engine`.
    pub(crate) fn start(
        engine_name: &'static str,
        advice: &'static str,
        eval: &'e E,
        budget: &Budget,
        state: &G,
        engine: X,
    ) -> Result<Self, SearchError> {
        budget.refuse(engine_name, &[BudgetField::Iterations], advice)?;
        let budget = budget.start()?;
        Ok(Walk {
            eval,
            pacer: budget.pacer(),
            budget,
            started: Instant::now(),
            range: state.reward_range(),
            values: vec![0.0; state.player_count()],
            stats: Stats::default(),
            ply: 0,
            moves: Vec::new(),
            outcomes: Vec::new(),
            engine,
        })
    }

    /// Runs `f`, which searches a child, one ply further from the root.
    #[inline]
    pub(crate) fn deeper<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.ply += 1;
        let ply = self.ply;
        let result = crate::stack::grow_if_low(ply, || f(self));
        self.ply -= 1;
        result
    }

    /// What every node does first: counts it and polls the budget.
    #[inline]
    pub(crate) fn enter(&mut self) -> Result<(), Stop> {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(self.ply as u32);
        if self.budget.poll_paced(self.stats.nodes, &mut self.pacer) {
            return Err(Stop::Budget);
        }
        Ok(())
    }

    /// Scores a leaf into `out` (see [`leaf_values`]).
    #[inline]
    pub(crate) fn leaf_into(&mut self, state: &G, over: bool, out: &mut [f64]) -> Result<(), Stop> {
        self.stats.leaves += 1;
        leaf_values(state, over, self.eval, out, self.range)?;
        Ok(())
    }

    /// Scores a leaf (see [`leaf_values`]) into [`values`](Walk::values).
    #[inline]
    pub(crate) fn leaf(&mut self, state: &G, over: bool) -> Result<&[f64], Stop> {
        self.stats.leaves += 1;
        leaf_values(state, over, self.eval, &mut self.values, self.range)?;
        Ok(&self.values)
    }

    /// This ply's move buffer, empty; give it back with [`put_moves`](Walk::put_moves) at
    /// the same ply.
    #[inline]
    pub(crate) fn take_moves(&mut self) -> Vec<G::Move> {
        let level = self.ply;
        if self.moves.len() <= level {
            self.moves.resize_with(level + 1, Vec::new);
        }
        let mut moves = core::mem::take(&mut self.moves[level]);
        moves.clear();
        moves
    }

    /// Gives this ply's move buffer back.
    #[inline]
    pub(crate) fn put_moves(&mut self, moves: Vec<G::Move>) {
        self.moves[self.ply] = moves;
    }

    /// This ply's outcome buffer, filled with the outcomes of the chance node `state` (not
    /// yet checked); give it back with [`put_outcomes`](Walk::put_outcomes) at the same ply.
    #[inline]
    pub(crate) fn take_outcomes(&mut self, state: &G) -> Vec<(G::Move, f64)> {
        let level = self.ply;
        if self.outcomes.len() <= level {
            self.outcomes.resize_with(level + 1, Vec::new);
        }
        let mut outcomes = core::mem::take(&mut self.outcomes[level]);
        outcomes.clear();
        state.chance_outcomes(&mut outcomes);
        outcomes
    }

    /// Gives this ply's outcome buffer back.
    #[inline]
    pub(crate) fn put_outcomes(&mut self, outcomes: Vec<(G::Move, f64)>) {
        self.outcomes[self.ply] = outcomes;
    }

    /// Calls `f` with each outcome's position and probability of the chance node `state`,
    /// once its probabilities are checked (positive, adding up to 1), until `f` stops.
    pub(crate) fn each_outcome(
        &mut self,
        state: &G,
        mut f: impl FnMut(&mut Self, &G, f64) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let outcomes = self.take_outcomes(state);
        let mut result = check_chance(&outcomes).map_err(Stop::Error);
        if result.is_ok() {
            for &(outcome, p) in &outcomes {
                let mut child = state.clone();
                child.apply(outcome);
                result = f(self, &child, p);
                if result.is_err() {
                    break;
                }
            }
        }
        self.put_outcomes(outcomes);
        result
    }

    /// A players' node under alpha-beta: every move of `state` (`first` first, when it is
    /// one), each child's value from `child(walk, position, alpha, beta)` within the window
    /// `node` has narrowed to, until the window closes. The best value and its move.
    pub(crate) fn alpha_beta(
        &mut self,
        state: &G,
        mut node: MinMax,
        first: Option<G::Move>,
        mut child: impl FnMut(&mut Self, &G, f64, f64) -> Result<f64, Stop>,
    ) -> Result<(f64, Option<G::Move>), Stop> {
        let mut moves = self.take_moves();
        state.moves(&mut moves);
        if moves.is_empty() {
            self.put_moves(moves);
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        if let Some(first) = first {
            move_first(&mut moves, first);
        }
        let mut best_move = None;
        let mut result = Ok(());
        for &mv in &moves {
            let mut position = state.clone();
            position.apply(mv);
            match child(self, &position, node.alpha, node.beta) {
                Ok(v) => {
                    if node.add(v) {
                        best_move = Some(mv);
                    }
                }
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
            if node.cut() {
                self.stats.beta_cutoffs += 1;
                break;
            }
        }
        self.put_moves(moves);
        result.map(|()| (node.best, best_move))
    }

    /// The root of a search that maximises the root player's value: each of `moves` (at
    /// least one) valued
    /// by `child(walk, move, alpha)`, where `alpha` is the best value so far (the low end of
    /// the reward range at first). The first best move (the first move if none was
    /// finished), its value, and whether every move was searched (`false` when the budget
    /// ran out).
    pub(crate) fn maximise_root(
        &mut self,
        moves: &[G::Move],
        mut child: impl FnMut(&mut Self, G::Move, f64) -> Result<f64, Stop>,
    ) -> Result<(G::Move, Option<f64>, bool), SearchError> {
        let (mut best_move, mut best) = (moves[0], None::<f64>);
        for &mv in moves {
            let alpha = best.unwrap_or(self.range.0);
            match child(self, mv, alpha) {
                Ok(v) => {
                    if best.is_none_or(|b| v > b) {
                        best = Some(v);
                        best_move = mv;
                    }
                }
                Err(Stop::Budget) => return Ok((best_move, best, false)),
                Err(Stop::Error(e)) => return Err(e),
            }
        }
        Ok((best_move, best, true))
    }

    /// The result of a search to `depth` that chose `best_move`: `value` and `values` only
    /// if it is `complete`.
    pub(crate) fn finish(
        mut self,
        best_move: G::Move,
        value: Option<f64>,
        values: Vec<f64>,
        complete: bool,
        depth: u32,
    ) -> GeneralResult<G::Move> {
        self.stats.elapsed = self.started.elapsed();
        if complete {
            self.stats.depth_reached = depth;
        }
        GeneralResult {
            best_move,
            value: if complete { value } else { None },
            values: if complete { values } else { Vec::new() },
            stats: self.stats,
            complete,
        }
    }
}
