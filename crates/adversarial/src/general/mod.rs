//! What the searches of [`GeneralGame`]s share: the evaluator at the depth horizon, the
//! result, the reward checks and a bounded transposition table of `f64` values.

pub(crate) mod best_reply;
pub(crate) mod expectimax;
pub(crate) mod maxn;
pub(crate) mod paranoid;

use core::fmt;

use fxhash::FxHashMap;
use search_core::{GeneralGame, SearchError, Stats, Turn};

/// Estimates every player's reward at a position where a depth-limited search of a
/// [`GeneralGame`] stops. Estimates must lie within the game's
/// [`reward_range`](GeneralGame::reward_range) (the searches that prune rely on it and
/// check it: an estimate outside is [`SearchError::BrokenPromise`]).
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
pub(crate) fn check_chance<M: fmt::Debug>(outcomes: &[(M, f64)]) -> Result<(), SearchError> {
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

/// What a table entry says about its value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    pub depth: u32,
    pub value: f64,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A transposition table of `f64` values keyed by [`GeneralGame::state_key`], bounded by
/// a number of entries: when it is full, only the entries already stored are updated. The
/// last search of a position replaces its entry.
pub(crate) struct ValueTable<M> {
    map: FxHashMap<u64, Entry<M>>,
    capacity: usize,
}

impl<M: Copy> ValueTable<M> {
    pub fn new(capacity: usize) -> Self {
        ValueTable {
            map: FxHashMap::default(),
            capacity,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.map.get(&key).copied()
    }

    pub fn store(&mut self, key: u64, entry: Entry<M>) {
        if let Some(old) = self.map.get_mut(&key) {
            *old = entry;
        } else if self.map.len() < self.capacity {
            self.map.insert(key, entry);
        }
    }
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

/// A leaf's values: the rewards at a finished position, the evaluator's estimates at the
/// horizon, each checked against the reward range.
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
