//! [`BestReply`]: best-reply search for multi-player games (Schadd and Winands 2011).

use std::time::Instant;

use search_core::{Budget, BudgetField, OutOfTurn, RunningBudget, SearchError, Stats, Turn};

use crate::general::{GeneralEvaluator, GeneralResult, Stop, leaf_values, root_player};

/// Best-reply search: the player to move at the root (the "max" player) moves, then of
/// all the other players only the one with the strongest reply against it moves (the
/// others pass), then the root player again, and so on; alpha-beta prunes as between two
/// players. It looks deeper at the root player's own plans than paranoid search, whose
/// opponents all take a turn in between, at the price of positions that cannot arise in
/// play. The game must let any player move out of turn ([`OutOfTurn`]); chance nodes are
/// refused. With two players it is alpha-beta.
///
/// The depth counts layers: the root player's move is one, the best reply another.
/// Rewards and estimates must lie within the game's reward range (checked).
///
/// ```
/// use adversarial::BestReply;
/// use games::MnkGame;
/// use search_core::{Budget, GeneralGame};
///
/// // Player 0 must block player 2, who threatens to complete 8, 9, 10.
/// let mut game = MnkGame::new(4, 4, 3, 3).unwrap();
/// for cell in [0, 4, 8, 15, 7, 9] {
///     game.apply(cell);
/// }
/// let neutral = |_: &MnkGame, v: &mut [f64]| v.fill(1.0 / 3.0);
/// let r = BestReply::new(neutral).with_budget(Budget::depth(2)).search(&game).unwrap();
/// assert_eq!(r.best_move, 10);
/// ```
#[derive(Clone, Debug)]
pub struct BestReply<E> {
    eval: E,
    budget: Budget,
}

impl<E> BestReply<E> {
    /// The depth (in layers) searched unless [`with_budget`](BestReply::with_budget) says
    /// otherwise.
    pub const DEFAULT_DEPTH: u32 = 4;

    /// A best-reply engine with evaluator `eval`.
    ///
    /// ```
    /// let b = adversarial::BestReply::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
    /// # let _ = b;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        BestReply {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }

    /// The budget: depth (in layers), nodes, time and stop flag; an iteration limit is
    /// refused when the search starts.
    ///
    /// ```
    /// use search_core::Budget;
    /// let b = adversarial::BestReply::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
    ///     .with_budget(Budget::depth(2));
    /// assert_eq!(b.budget().max_depth(), Some(2));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget of every search.
    ///
    /// ```
    /// let b = adversarial::BestReply::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
    /// assert_eq!(b.budget().max_depth(), Some(4));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Chooses a move for the player to move at `state`; `value` is its reward if, after
    /// each of its moves, the strongest single reply among the other players follows.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::UnsupportedGame`] at a chance node (here or
    /// in the tree); [`SearchError::Budget`]; [`SearchError::BrokenPromise`] for a reward or
    /// estimate outside the reward range; [`SearchError::NoLegalMoves`] if the root player
    /// has no move.
    ///
    /// See the [type's documentation](BestReply) for an example.
    pub fn search<G>(&self, state: &G) -> Result<GeneralResult<G::Move>, SearchError>
    where
        G: OutOfTurn,
        E: GeneralEvaluator<G>,
    {
        if state.turn() == Turn::Chance {
            return Err(chance_refused());
        }
        let root = root_player(state)?;
        self.budget.refuse(
            "BestReply",
            &[BudgetField::Iterations],
            "use a depth (in layers)",
        )?;
        let budget = self.budget.start()?;
        let range = state.reward_range();
        let mut walk = Walk {
            eval: &self.eval,
            budget,
            started: Instant::now(),
            root,
            players: state.player_count(),
            range,
            values: vec![0.0; state.player_count()],
            stats: Stats::default(),
            ply: 0,
            moves: Vec::new(),
        };
        let depth = walk.budget.max_depth();
        let mut moves = Vec::new();
        state.moves_of(root, &mut moves);
        let Some(&first) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let next = walk.next_of(root);
        let (mut best_move, mut best) = (first, None::<f64>);
        let mut complete = true;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply_as(root, mv, next);
            let alpha = best.unwrap_or(range.0);
            match walk.node(&child, depth.saturating_sub(1), false, alpha, range.1) {
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

fn chance_refused() -> SearchError {
    SearchError::UnsupportedGame {
        engine: "BestReply",
        reason: "best-reply search has no chance nodes: use Expectimax (two players) or MaxN"
            .into(),
    }
}

struct Walk<'e, G: OutOfTurn, E> {
    eval: &'e E,
    budget: RunningBudget,
    started: Instant,
    root: usize,
    players: usize,
    range: (f64, f64),
    values: Vec<f64>,
    stats: Stats,
    ply: usize,
    moves: Vec<Vec<G::Move>>,
}

impl<G: OutOfTurn, E: GeneralEvaluator<G>> Walk<'_, G, E> {
    /// The player after `player` in turn order: whose turn the state shows during the
    /// replies' layer (the engine chooses who replies).
    fn next_of(&self, player: usize) -> usize {
        (player + 1) % self.players
    }

    fn node(
        &mut self,
        state: &G,
        depth: u32,
        root_layer: bool,
        alpha: f64,
        beta: f64,
    ) -> Result<f64, Stop> {
        self.ply += 1;
        let result = self.visit(state, depth, root_layer, alpha, beta);
        self.ply -= 1;
        result
    }

    fn visit(
        &mut self,
        state: &G,
        depth: u32,
        root_layer: bool,
        mut alpha: f64,
        mut beta: f64,
    ) -> Result<f64, Stop> {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(self.ply as u32);
        if self.budget.poll(self.stats.nodes) {
            return Err(Stop::Budget);
        }
        let turn = state.turn();
        if turn == Turn::Chance {
            return Err(Stop::Error(chance_refused()));
        }
        if turn == Turn::Over || depth == 0 {
            self.stats.leaves += 1;
            let over = turn == Turn::Over;
            leaf_values(state, over, self.eval, &mut self.values, self.range)?;
            return Ok(self.values[self.root]);
        }
        let level = self.ply;
        if self.moves.len() <= level {
            self.moves.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[level]);
        let mut best = if root_layer {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut result = Ok(());
        let movers = if root_layer {
            self.root..self.root + 1
        } else {
            0..self.players
        };
        'layer: for player in movers {
            if !root_layer && player == self.root {
                continue;
            }
            moves.clear();
            state.moves_of(player, &mut moves);
            let next = if root_layer {
                self.next_of(self.root)
            } else {
                self.root
            };
            for &mv in &moves {
                let mut child = state.clone();
                child.apply_as(player, mv, next);
                let v = match self.node(&child, depth - 1, !root_layer, alpha, beta) {
                    Ok(v) => v,
                    Err(stop) => {
                        result = Err(stop);
                        break 'layer;
                    }
                };
                if root_layer {
                    best = best.max(v);
                    alpha = alpha.max(v);
                } else {
                    best = best.min(v);
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    self.stats.beta_cutoffs += 1;
                    break 'layer;
                }
            }
        }
        self.moves[level] = moves;
        result?;
        if best.is_infinite() {
            // Nobody could move in this layer although the game goes on.
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        Ok(best)
    }
}
