//! Games with chance nodes or more than two players ([`GeneralGame`]): the searches, the
//! evaluator they call at the depth horizon ([`GeneralEvaluator`]) and the result they
//! return ([`GeneralResult`]), both here.
//!
//! | file | holds |
//! |---|---|
//! | `walk.rs` | the walk every search runs: nodes and budget, leaves checked against the reward range, per-ply buffers, chance nodes, the alpha-beta loop of a players' node, the root, the result |
//! | `expectimax.rs` | [`Expectimax`](crate::Expectimax): expectiminimax for two players, Star1/Star2 pruning at chance nodes, a table, iterative deepening |
//! | `value_table.rs` | `Expectimax`'s table of `f64` values |
//! | `paranoid.rs` | [`Paranoid`](crate::Paranoid): the root player against a coalition of the others |
//! | `maxn.rs` | [`MaxN`](crate::MaxN): every player's value, with shallow pruning |
//! | `best_reply.rs` | [`BestReply`](crate::BestReply): the root player against the strongest single reply |
//! | `spawned.rs` | `spawn` on each of them: the search on its own thread ([`GeneralHandle`](crate::GeneralHandle)) |
//!
//! Each search is its node functions on the shared walk, plus what is its own (the root
//! player, the pruning rule, a table) in the walk's `engine` field.

pub(crate) mod best_reply;
pub(crate) mod expectimax;
pub(crate) mod maxn;
pub(crate) mod paranoid;
pub(crate) mod spawned;
pub(crate) mod value_table;
pub(crate) mod walk;

use core::fmt;

use search_core::{GeneralGame, Stats};

/// Estimates every player's reward at a position where a depth-limited search of a
/// [`GeneralGame`] stops. Estimates must lie within the game's
/// [`reward_range`](GeneralGame::reward_range) (the searches that prune rely on it and
/// check it: an estimate outside is [`SearchError::BrokenPromise`](search_core::SearchError::BrokenPromise)).
///
/// Any `Fn(&G, &mut [f64])` is an evaluator.
///
/// ```
/// use adversarial::GeneralEvaluator;
/// use games::MnkGame;
///
/// let neutral = |_: &MnkGame, values: &mut [f64]| values.fill(1.0 / 3.0);
/// let mut values = [0.0; 3];
/// neutral.estimate(&MnkGame::new(4, 4, 3, 3).unwrap(), &mut values);
/// assert_eq!(values, [1.0 / 3.0; 3]);
/// ```
pub trait GeneralEvaluator<G: GeneralGame> {
    /// Writes an estimate of each player's reward into `values` (one per player).
    fn estimate(&self, state: &G, values: &mut [f64]);
}

impl<G: GeneralGame, F: Fn(&G, &mut [f64])> GeneralEvaluator<G> for F {
    fn estimate(&self, state: &G, values: &mut [f64]) {
        self(state, values);
    }
}

/// The result of a search of a [`GeneralGame`] (expectiminimax, max^n, paranoid and
/// best-reply search).
///
/// ```
/// use adversarial::{Expectimax, GeneralResult};
/// use games::MnkGame;
/// # use search_core::Budget;
/// let r: GeneralResult<u8> = adversarial::MaxN::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.5))
///     .with_budget(Budget::depth(1))
///     .search(&MnkGame::new(3, 3, 3, 2).unwrap())
///     .unwrap();
/// assert_eq!(r.values.len(), 2);
/// # let _ = Expectimax::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralResult<M> {
    /// The move to play (the best root move of the last finished depth, or of the moves
    /// searched so far if none finished).
    pub best_move: M,
    /// The value of the position for the player to move at the root, at the depth reached
    /// (`stats.depth_reached`); `None` when the budget ran out before the first depth.
    pub value: Option<f64>,
    /// Every player's backed-up value where the engine computes them all (max^n, and
    /// expectiminimax for its two players); empty for paranoid and best-reply search, which
    /// compute only the root player's.
    pub values: Vec<f64>,
    /// Counters: nodes, leaves, depth reached, table probes and hits, cutoffs.
    pub stats: Stats,
    /// `true` if the search finished its depth; `false` if the budget cut it short.
    pub complete: bool,
}

impl<M: fmt::Debug> fmt::Display for GeneralResult<M> {
    /// One line: the best move, the value, `complete` or `interrupted`, the statistics.
    ///
    /// ```
    /// use adversarial::GeneralResult;
    /// let r = GeneralResult { best_move: 3u8, value: Some(0.25), values: vec![], stats: Default::default(), complete: true };
    /// assert!(r.to_string().starts_with("best 3, value 0.25"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "best {:?}, ", self.best_move)?;
        match self.value {
            Some(v) => write!(f, "value {v}")?,
            None => f.write_str("no value")?,
        }
        let state = if self.complete {
            "complete"
        } else {
            "interrupted"
        };
        write!(f, ", {state}; {}", self.stats)
    }
}
