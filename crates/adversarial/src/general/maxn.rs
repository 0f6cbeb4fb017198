//! [`MaxN`]: the max^n search of games of any number of players (Luckhardt and Irani
//! 1986), with shallow pruning (Korf 1991) where the rewards add up to a constant.

use search_core::{Budget, GeneralGame, SearchError, Turn};

use crate::builder::builder_methods;
use crate::general::walk::{Stop, Walk, is_leaf, root_player};
use crate::general::{GeneralEvaluator, GeneralResult};

/// Max^n: at each node the player to move picks the child whose value vector is best for
/// itself (the first such child on ties); a chance node's vector is the probability-
/// weighted mean of its outcomes'. For N = 2 and a zero-sum game this is minimax.
///
/// When the game declares [`REWARD_SUM`](GeneralGame::REWARD_SUM), shallow pruning skips
/// the rest of a node's children once the player to move there has taken so much that the
/// parent's player cannot get more than it already has elsewhere; the root's vector and
/// move are the same as without pruning. Rewards and estimates must lie within
/// [`reward_range`](GeneralGame::reward_range) (checked).
///
/// ```
/// use adversarial::MaxN;
/// use games::MnkGame;
/// use search_core::{Budget, GeneralGame};
///
/// // Three players, three in a row on 4 × 4: player 0 holds 0 and 1 and is to move.
/// let mut game = MnkGame::new(4, 4, 3, 3).unwrap();
/// for cell in [0, 4, 8, 1, 5, 9] {
///     game.apply(cell);
/// }
/// let neutral = |_: &MnkGame, v: &mut [f64]| v.fill(1.0 / 3.0);
/// let r = MaxN::new(neutral).with_budget(Budget::depth(2)).search(&game).unwrap();
/// assert_eq!(r.best_move, 2); // completes the row
/// assert_eq!(r.values, [1.0, 0.0, 0.0]);
/// ```
#[derive(Clone, Debug)]
pub struct MaxN<E> {
    eval: E,
    budget: Budget,
    shallow_pruning: bool,
}

impl<E> MaxN<E> {
    /// The depth searched unless [`with_budget`](MaxN::with_budget) says otherwise.
    pub(crate) const DEFAULT_DEPTH: u32 = 4;

    /// A max^n engine with evaluator `eval`; shallow pruning on.
    ///
    /// ```
    /// let m = adversarial::MaxN::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
    /// # let _ = m;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        MaxN {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
            shallow_pruning: true,
        }
    }

    builder_methods! {
        /// The budget: depth (in players' moves), nodes, time and stop flag; an iteration limit
        /// is refused when the search starts.
        ///
        /// ```
        /// use search_core::Budget;
        /// let m = adversarial::MaxN::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
        ///     .with_budget(Budget::depth(3));
        /// assert_eq!(m.budget().max_depth(), Some(3));
        /// ```
        with_budget(budget: Budget) => budget;

        /// Shallow pruning on or off (default on; it needs a declared
        /// [`REWARD_SUM`](GeneralGame::REWARD_SUM) and is skipped without one).
        ///
        /// ```
        /// let m = adversarial::MaxN::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
        ///     .with_shallow_pruning(false);
        /// # let _ = m;
        /// ```
        with_shallow_pruning(on: bool) => shallow_pruning;

        /// The budget of every search.
        ///
        /// ```
        /// let m = adversarial::MaxN::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
        /// assert_eq!(m.budget().max_depth(), Some(4));
        /// ```
        budget() -> &Budget = budget;
    }

    /// Chooses a move for the player to move at `state`; `values` holds every player's
    /// backed-up value and `value` the mover's.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::Config`] at a chance node (apply an
    /// outcome first); [`SearchError::Budget`]; [`SearchError::BrokenPromise`] for a reward
    /// or estimate outside the reward range, or chance probabilities that do not add up to
    /// 1; [`SearchError::NoLegalMoves`].
    ///
    /// See the [type's documentation](MaxN) for an example.
    pub fn search<G>(&self, state: &G) -> Result<GeneralResult<G::Move>, SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        let root = root_player(state)?;
        let (low, _) = state.reward_range();
        let prune = self
            .shallow_pruning
            .then_some(())
            .and(G::REWARD_SUM)
            .map(|sum| (sum, low));
        let mut walk = Walk::start(
            "MaxN",
            "use a depth (in players' moves)",
            &self.eval,
            &self.budget,
            state,
            Vectors {
                prune,
                scratch: Vec::new(),
            },
        )?;
        let depth = walk.budget.max_depth();
        let players = state.player_count();
        let mut moves = Vec::new();
        state.moves(&mut moves);
        let Some(&first) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let mut best_move = first;
        let mut best: Option<Vec<f64>> = None;
        let mut child_values = vec![0.0; players];
        let mut complete = true;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let bound = best.as_ref().map(|b| (root, b[root]));
            match walk.node(&child, depth.saturating_sub(1), bound, &mut child_values) {
                Ok(()) => {}
                Err(Stop::Budget) => {
                    complete = false;
                    break;
                }
                Err(Stop::Error(e)) => return Err(e),
            }
            if best.as_ref().is_none_or(|b| child_values[root] > b[root]) {
                best_move = mv;
                best = Some(child_values.clone());
            }
        }
        let values = if complete {
            best.expect("the root has moves")
        } else {
            Vec::new()
        };
        let value = values.get(root).copied();
        Ok(walk.finish(best_move, value, values, complete, depth))
    }
}

/// What max^n adds to the walk: shallow pruning, and a value vector per ply.
struct Vectors {
    /// `(REWARD_SUM, the lowest reward)` when shallow pruning is on.
    prune: Option<(f64, f64)>,
    /// Each ply's children's value vector.
    scratch: Vec<Vec<f64>>,
}

impl<G: GeneralGame, E: GeneralEvaluator<G>> Walk<'_, G, E, Vectors> {
    /// Writes the value vector of `state` into `out`. `bound` is the parent's player and
    /// the best value it already has: once this node cannot give that player more, the
    /// rest of its children are skipped (and `out` is then not exact, but never chosen).
    fn node(
        &mut self,
        state: &G,
        depth: u32,
        bound: Option<(usize, f64)>,
        out: &mut [f64],
    ) -> Result<(), Stop> {
        self.deeper(|walk| walk.visit(state, depth, bound, out))
    }

    fn visit(
        &mut self,
        state: &G,
        depth: u32,
        bound: Option<(usize, f64)>,
        out: &mut [f64],
    ) -> Result<(), Stop> {
        self.enter()?;
        let turn = state.turn();
        if is_leaf(turn, depth) {
            return self.leaf_into(state, turn == Turn::Over, out);
        }
        let level = self.ply;
        if self.engine.scratch.len() <= level {
            self.engine.scratch.resize_with(level + 1, Vec::new);
        }
        let mut child_values = std::mem::take(&mut self.engine.scratch[level]);
        child_values.clear();
        child_values.resize(self.values.len(), 0.0);
        let result = match turn {
            Turn::Player(p) => self.player_node(state, p, depth, bound, out, &mut child_values),
            _ => self.chance_node(state, depth, out, &mut child_values),
        };
        self.engine.scratch[level] = child_values;
        result
    }

    fn player_node(
        &mut self,
        state: &G,
        player: usize,
        depth: u32,
        bound: Option<(usize, f64)>,
        out: &mut [f64],
        child_values: &mut [f64],
    ) -> Result<(), Stop> {
        let mut moves = self.take_moves();
        state.moves(&mut moves);
        if moves.is_empty() {
            self.put_moves(moves);
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        let players = self.values.len();
        let mut have = false;
        let mut result = Ok(());
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let child_bound = have.then(|| (player, out[player]));
            if let Err(stop) = self.node(&child, depth - 1, child_bound, child_values) {
                result = Err(stop);
                break;
            }
            if !have || child_values[player] > out[player] {
                out.copy_from_slice(child_values);
                have = true;
            }
            if let (Some((sum, low)), Some((parent, parent_best))) = (self.engine.prune, bound) {
                // What the parent's player can still get here is at most what is left
                // after this player's share and everybody else's minimum.
                let others = (players as f64 - 2.0) * low;
                if parent != player && sum - out[player] - others <= parent_best {
                    self.stats.beta_cutoffs += 1;
                    break;
                }
            }
        }
        self.put_moves(moves);
        result
    }

    /// The probability-weighted mean of the outcomes' value vectors.
    fn chance_node(
        &mut self,
        state: &G,
        depth: u32,
        out: &mut [f64],
        child_values: &mut [f64],
    ) -> Result<(), Stop> {
        out.fill(0.0);
        self.each_outcome(state, |walk, child, p| {
            walk.node(child, depth, None, child_values)?;
            for (o, v) in out.iter_mut().zip(child_values.iter()) {
                *o += p * v;
            }
            Ok(())
        })
    }
}
