//! What PUCT asks of a policy and value evaluator: [`BatchEvaluator`] (a batch of states
//! in, one [`Evaluations`] entry per state out), the buffer it answers in, and
//! [`UniformEvaluator`], the evaluator that knows nothing.

use search_core::{EvaluationError, Game};

/// Evaluates a batch of states for [`Puct`](crate::Puct): for each state a **policy** (a
/// probability for each legal move: how promising the move looks) and a **value** (what the
/// state is worth to its side to move, from `-1` for a loss through `0` for a draw to `+1`
/// for a win). A neural network is the usual evaluator; a hand-written heuristic or an
/// exact solver works as well.
///
/// The search gathers the states of several leaves (see
/// [`with_batch_size`](crate::Puct::with_batch_size)) and asks for them at once, because a
/// network evaluates a batch of states far faster than the same states one by one. Every
/// state it asks about is ongoing (the search scores finished games itself).
///
/// **The answer.** For each state of `states`, in order, push one entry into `out` with
/// [`Evaluations::push`]: the value, then the policy as `(move, probability)` pairs. Moves
/// left out get probability 0; the search divides the probabilities by their sum, so they
/// need not add up to 1. The search checks every answer before it enters the tree and
/// stops with [`SearchError::Evaluation`](search_core::SearchError::Evaluation) for a move
/// that is not legal, a move named twice, a value or probability that is NaN or infinite,
/// a value outside `[-1, 1]`, a negative probability, a policy whose probabilities add up
/// to zero, or a count of entries other than the states'. A failure of the evaluator's own
/// (a backend error) is returned as [`EvaluationError::Failed`].
///
/// The evaluator is shared by the search threads ([`with_threads`](crate::Puct::with_threads)),
/// hence `Sync`; it is called outside the lock that guards the tree, so several threads
/// may evaluate at once.
///
/// ```
/// use games::TicTacToe;
/// use mcts::{BatchEvaluator, Evaluations, Puct};
/// use search_core::{Budget, EvaluationError, Game};
///
/// /// Prefers the centre and says nothing about the value.
/// struct Centre;
/// impl BatchEvaluator<TicTacToe> for Centre {
///     fn evaluate(
///         &self,
///         states: &[TicTacToe],
///         out: &mut Evaluations<u8>,
///     ) -> Result<(), EvaluationError> {
///         for state in states {
///             let policy = state.legal_move_list().into_iter().map(|m| (m, if m == 4 { 4.0 } else { 1.0 }));
///             out.push(0.0, policy);
///         }
///         Ok(())
///     }
/// }
///
/// let mut ai = Puct::new(Centre).with_budget(Budget::iterations(200));
/// let result = ai.search(&TicTacToe::new())?;
/// assert_eq!(result.stats.iterations, 200);
/// # Ok::<(), search_core::SearchError>(())
/// ```
pub trait BatchEvaluator<G: Game>: Sync {
    /// Evaluates `states` (at least one, every one ongoing), pushing one entry per state
    /// into `out` (empty when called), in the order of `states`.
    ///
    /// # Errors
    /// [`EvaluationError::Failed`] (or any other [`EvaluationError`]) when the evaluator
    /// cannot answer; the search stops with it.
    fn evaluate(&self, states: &[G], out: &mut Evaluations<G::Move>)
    -> Result<(), EvaluationError>;
}

impl<G: Game, E: BatchEvaluator<G> + ?Sized> BatchEvaluator<G> for &E {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        (**self).evaluate(states, out)
    }
}

impl<G: Game, E: BatchEvaluator<G> + ?Sized + Send> BatchEvaluator<G> for Box<E> {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        (**self).evaluate(states, out)
    }
}

impl<G: Game, E: BatchEvaluator<G> + ?Sized + Send> BatchEvaluator<G> for std::sync::Arc<E> {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        (**self).evaluate(states, out)
    }
}

/// The answers of a [`BatchEvaluator`] to one batch: per state a value and a policy, kept
/// in flat buffers that the search reuses from batch to batch (nothing is allocated once
/// they have grown to the largest batch).
///
/// ```
/// use mcts::Evaluations;
/// let mut out = Evaluations::new();
/// out.push(0.5, [(3u8, 0.75), (4, 0.25)]);
/// out.push(-1.0, [(0u8, 1.0)]);
/// assert_eq!(out.len(), 2);
/// assert_eq!(out.value(1), -1.0);
/// assert_eq!(out.policy(0), &[(3, 0.75), (4, 0.25)]);
/// out.clear();
/// assert!(out.is_empty());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Evaluations<M> {
    values: Vec<f32>,
    /// Where each entry's policy ends in `policy`.
    ends: Vec<usize>,
    policy: Vec<(M, f32)>,
    /// A buffer for a state's legal moves ([`push_uniform`](Evaluations::push_uniform)).
    moves: Vec<M>,
}

impl<M: Copy> Evaluations<M> {
    /// An empty buffer.
    ///
    /// ```
    /// assert!(mcts::Evaluations::<u8>::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Evaluations {
            values: Vec::new(),
            ends: Vec::new(),
            policy: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Appends the answer for `state`: `value` and the uniform policy over its legal moves
    /// (weight 1 each), without allocating once the buffers have grown.
    ///
    /// ```
    /// use games::TicTacToe;
    /// let mut out = mcts::Evaluations::new();
    /// out.push_uniform(0.0, &TicTacToe::new());
    /// assert_eq!(out.policy(0).len(), 9);
    /// assert!(out.policy(0).iter().all(|&(_, p)| p == 1.0));
    /// ```
    pub fn push_uniform<G: Game<Move = M>>(&mut self, value: f32, state: &G) {
        self.moves.clear();
        state.legal_moves(&mut self.moves);
        self.values.push(value);
        self.policy.extend(self.moves.iter().map(|&m| (m, 1.0)));
        self.ends.push(self.policy.len());
    }

    /// Appends the answer for the next state: its `value` for the side to move (in
    /// `[-1, 1]`) and its policy, `(move, probability)` pairs.
    ///
    /// ```
    /// let mut out = mcts::Evaluations::new();
    /// out.push(0.0, vec![(1u8, 0.5), (2, 0.5)]);
    /// assert_eq!(out.policy(0).len(), 2);
    /// ```
    pub fn push(&mut self, value: f32, policy: impl IntoIterator<Item = (M, f32)>) {
        self.values.push(value);
        self.policy.extend(policy);
        self.ends.push(self.policy.len());
    }

    /// The number of answers pushed.
    ///
    /// ```
    /// let mut out = mcts::Evaluations::new();
    /// out.push(0.0, [(0u8, 1.0)]);
    /// assert_eq!(out.len(), 1);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// `true` when nothing was pushed.
    ///
    /// ```
    /// assert!(mcts::Evaluations::<u8>::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of answer `i` (panics when `i >= len()`).
    ///
    /// ```
    /// let mut out = mcts::Evaluations::new();
    /// out.push(0.25, [(0u8, 1.0)]);
    /// assert_eq!(out.value(0), 0.25);
    /// ```
    #[must_use]
    pub fn value(&self, i: usize) -> f32 {
        self.values[i]
    }

    /// The policy of answer `i` (panics when `i >= len()`).
    ///
    /// ```
    /// let mut out = mcts::Evaluations::new();
    /// out.push(0.0, [(7u8, 1.0)]);
    /// assert_eq!(out.policy(0), &[(7, 1.0)]);
    /// ```
    #[must_use]
    pub fn policy(&self, i: usize) -> &[(M, f32)] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.policy[start..self.ends[i]]
    }

    /// Removes every answer, keeping the memory.
    ///
    /// ```
    /// let mut out = mcts::Evaluations::new();
    /// out.push(0.0, [(7u8, 1.0)]);
    /// out.clear();
    /// assert_eq!(out.len(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.values.clear();
        self.ends.clear();
        self.policy.clear();
    }
}

/// The evaluator that knows nothing: every legal move equally likely, every state a draw
/// (value 0). PUCT with it is a plain best-first search guided by terminal positions
/// alone; it is the baseline and a stand-in for tests.
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Puct, UniformEvaluator};
/// use search_core::Budget;
/// let mut ai = Puct::new(UniformEvaluator).with_budget(Budget::iterations(100));
/// let r = ai.search(&TicTacToe::new()).unwrap();
/// assert_eq!(r.moves.len(), 9);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UniformEvaluator;

impl<G: Game> BatchEvaluator<G> for UniformEvaluator {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        for state in states {
            out.push_uniform(0.0, state);
        }
        Ok(())
    }
}

/// Checks answer `i` of `out` for the state whose legal moves are `legal`, and writes the
/// normalised prior of each legal move into `priors` (aligned with `legal`). Returns the
/// value.
pub(crate) fn checked_answer<M: Copy + PartialEq + core::fmt::Debug>(
    out: &Evaluations<M>,
    i: usize,
    legal: &[M],
    priors: &mut Vec<f32>,
) -> Result<f32, EvaluationError> {
    let value = out.value(i);
    if !value.is_finite() {
        return Err(EvaluationError::NotFinite {
            what: "value".into(),
        });
    }
    if !(-1.0..=1.0).contains(&value) {
        return Err(EvaluationError::OutOfRange {
            what: format!("value {value}"),
        });
    }
    priors.clear();
    priors.resize(legal.len(), -1.0);
    for &(mv, p) in out.policy(i) {
        let Some(k) = legal.iter().position(|&m| m == mv) else {
            return Err(EvaluationError::IllegalMove {
                mv: format!("{mv:?}"),
            });
        };
        if !p.is_finite() {
            return Err(EvaluationError::NotFinite {
                what: format!("probability of move {mv:?}"),
            });
        }
        if p < 0.0 {
            return Err(EvaluationError::OutOfRange {
                what: format!("probability {p} of move {mv:?}"),
            });
        }
        if priors[k] >= 0.0 {
            return Err(EvaluationError::DuplicateMove {
                mv: format!("{mv:?}"),
            });
        }
        priors[k] = p;
    }
    let mut sum = 0.0f64;
    for p in priors.iter_mut() {
        *p = p.max(0.0);
        sum += f64::from(*p);
    }
    if !(sum > 0.0 && sum.is_finite()) {
        return Err(EvaluationError::EmptyPolicy);
    }
    for p in priors.iter_mut() {
        *p = (f64::from(*p) / sum) as f32;
    }
    Ok(value)
}
