//! [`Paranoid`]: the paranoid search of multi-player games (Sturtevant and Korf 2000): the
//! root player assumes that every other player plays against it, which reduces the game to
//! two sides and lets alpha-beta prune.

use search_core::{Budget, GeneralGame, SearchError, Turn};

use crate::builder::builder_methods;
use crate::general::walk::{MinMax, Stop, Walk, is_leaf, root_player};
use crate::general::{GeneralEvaluator, GeneralResult};

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
    pub(crate) const DEFAULT_DEPTH: u32 = 4;

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

    builder_methods! {
        /// The budget: depth (in players' moves), nodes, time and stop flag; an iteration limit
        /// is refused when the search starts.
        ///
        /// ```
        /// use search_core::Budget;
        /// let p = adversarial::Paranoid::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0))
        ///     .with_budget(Budget::depth(2));
        /// assert_eq!(p.budget().max_depth(), Some(2));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The budget of every search.
        ///
        /// ```
        /// let p = adversarial::Paranoid::new(|_: &games::MnkGame, v: &mut [f64]| v.fill(0.0));
        /// assert_eq!(p.budget().max_depth(), Some(4));
        /// ```
        budget() -> &Budget = budget;
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
        let mut walk = Walk::start(
            "Paranoid",
            "use a depth (in players' moves)",
            &self.eval,
            &self.budget,
            state,
            Paranoia { root },
        )?;
        let depth = walk.budget.max_depth();
        let mut moves = Vec::new();
        state.moves(&mut moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        let high = walk.range.1;
        let (best_move, best, complete) = walk.maximise_root(&moves, |walk, mv, alpha| {
            let mut child = state.clone();
            child.apply(mv);
            walk.node(&child, depth.saturating_sub(1), alpha, high)
        })?;
        Ok(walk.finish(best_move, best, Vec::new(), complete, depth))
    }
}

/// What paranoid search adds to the walk: whose value it is.
struct Paranoia {
    /// The root player, who maximises its value against everybody else.
    root: usize,
}

impl<G: GeneralGame, E: GeneralEvaluator<G>> Walk<'_, G, E, Paranoia> {
    /// The root player's value of `state`, fail-soft within `(alpha, beta)`.
    fn node(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        self.deeper(|walk| walk.visit(state, depth, alpha, beta))
    }

    fn visit(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        self.enter()?;
        let turn = state.turn();
        if is_leaf(turn, depth) {
            let root = self.engine.root;
            return Ok(self.leaf(state, turn == Turn::Over)?[root]);
        }
        if turn == Turn::Chance {
            // The probability-weighted mean of the outcomes, each searched with the full
            // window.
            let (low, high) = self.range;
            let mut sum = 0.0;
            self.each_outcome(state, |walk, child, p| {
                sum += p * walk.node(child, depth, low, high)?;
                Ok(())
            })?;
            return Ok(sum);
        }
        let maximizing = turn == Turn::Player(self.engine.root);
        let node = MinMax::new(maximizing, alpha, beta);
        let (value, _) = self.alpha_beta(state, node, None, |walk, child, alpha, beta| {
            walk.node(child, depth - 1, alpha, beta)
        })?;
        Ok(value)
    }
}
