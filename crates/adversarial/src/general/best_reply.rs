//! [`BestReply`]: best-reply search for multi-player games (Schadd and Winands 2011).

use search_core::{Budget, OutOfTurn, SearchError, Turn};

use crate::builder::builder_methods;
use crate::general::walk::{MinMax, Stop, Walk, is_leaf, root_player};
use crate::general::{GeneralEvaluator, GeneralResult};

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
    pub(crate) const DEFAULT_DEPTH: u32 = 4;

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

    builder_methods! {
        /// The budget: depth (in layers), nodes, time and stop flag; an iteration limit is
        /// refused when the search starts.
        ///
        /// ```
        /// use search_core::Budget;
        /// let b = adversarial::BestReply::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
        ///     .with_budget(Budget::depth(2));
        /// assert_eq!(b.budget().max_depth(), Some(2));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The budget of every search.
        ///
        /// ```
        /// let b = adversarial::BestReply::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
        /// assert_eq!(b.budget().max_depth(), Some(4));
        /// ```
        budget() -> &Budget = budget;
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
        let players = state.player_count();
        let mut walk = Walk::start(
            "BestReply",
            "use a depth (in layers)",
            &self.eval,
            &self.budget,
            state,
            Replies { root, players },
        )?;
        let depth = walk.budget.max_depth();
        let mut moves = Vec::new();
        state.moves_of(root, &mut moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        let next = walk.engine.next_of(root);
        let high = walk.range.1;
        let (best_move, best, complete) = walk.maximise_root(&moves, |walk, mv, alpha| {
            let mut child = state.clone();
            child.apply_as(root, mv, next);
            walk.node(&child, depth.saturating_sub(1), false, alpha, high)
        })?;
        Ok(walk.finish(best_move, best, Vec::new(), complete, depth))
    }
}

fn chance_refused() -> SearchError {
    SearchError::UnsupportedGame {
        engine: "BestReply",
        reason: "best-reply search has no chance nodes: use Expectimax (two players) or MaxN"
            .into(),
    }
}

/// What best-reply search adds to the walk: who plays against whom.
#[derive(Copy, Clone)]
struct Replies {
    /// The root player, who maximises its value.
    root: usize,
    /// The number of players.
    players: usize,
}

impl Replies {
    /// The player after `player` in turn order: whose turn the state shows during the
    /// replies' layer (the engine chooses who replies).
    fn next_of(&self, player: usize) -> usize {
        (player + 1) % self.players
    }
}

impl<G: OutOfTurn, E: GeneralEvaluator<G>> Walk<'_, G, E, Replies> {
    /// The root player's value of `state`, fail-soft within `(alpha, beta)`: the root
    /// player's layer if `root_layer`, else the layer of the strongest reply.
    fn node(
        &mut self,
        state: &G,
        depth: u32,
        root_layer: bool,
        alpha: f64,
        beta: f64,
    ) -> Result<f64, Stop> {
        self.deeper(|walk| walk.visit(state, depth, root_layer, alpha, beta))
    }

    fn visit(
        &mut self,
        state: &G,
        depth: u32,
        root_layer: bool,
        alpha: f64,
        beta: f64,
    ) -> Result<f64, Stop> {
        self.enter()?;
        let turn = state.turn();
        if turn == Turn::Chance {
            return Err(Stop::Error(chance_refused()));
        }
        let Replies { root, players } = self.engine;
        if is_leaf(turn, depth) {
            return Ok(self.leaf(state, turn == Turn::Over)?[root]);
        }
        let mut moves = self.take_moves();
        let mut node = MinMax::new(root_layer, alpha, beta);
        let mut result = Ok(());
        let movers = if root_layer {
            root..root + 1
        } else {
            0..players
        };
        let next = if root_layer {
            self.engine.next_of(root)
        } else {
            root
        };
        'layer: for player in movers {
            if !root_layer && player == root {
                continue;
            }
            moves.clear();
            state.moves_of(player, &mut moves);
            for &mv in &moves {
                let mut child = state.clone();
                child.apply_as(player, mv, next);
                match self.node(&child, depth - 1, !root_layer, node.alpha, node.beta) {
                    Ok(v) => {
                        node.add(v);
                    }
                    Err(stop) => {
                        result = Err(stop);
                        break 'layer;
                    }
                }
                if node.cut() {
                    self.stats.beta_cutoffs += 1;
                    break 'layer;
                }
            }
        }
        self.put_moves(moves);
        result?;
        if node.best.is_infinite() {
            // Nobody could move in this layer although the game goes on.
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        Ok(node.best)
    }
}
