//! Thinking on the opponent's time with [`Negamax`]: [`Negamax::ponder`] searches the
//! position after the reply the opponent is expected to play, on a thread of its own;
//! [`NegamaxPonder::reply`] turns that search into the answer to the move actually played.

use search_core::Instant;
use std::time::Duration;

use search_core::{Budget, Evaluator, Game, SearchError};

use crate::tables::transpositions::Transpositions;
use crate::two_player::anytime::{DepthInfo, NegamaxHandle};
use crate::two_player::negamax::Negamax;
use crate::two_player::result::SearchResult;

/// How often [`NegamaxPonder::reply`] looks at a ponder hit's search while it runs on.
const WATCH: Duration = Duration::from_millis(1);

/// A [`Negamax`] search of the position after the opponent's expected reply, running on
/// its own thread while the opponent thinks ([`Negamax::ponder`]). When the opponent has
/// moved, [`reply`](NegamaxPonder::reply) gives the engine back with its answer; dropping
/// the ponder stops the search (and the engine with it).
pub struct NegamaxPonder<G: Game, E, T> {
    /// The position with the opponent to move.
    before: G,
    /// The reply pondered on.
    expected: G::Move,
    /// The search of the position after it.
    handle: NegamaxHandle<G, E, T>,
    /// The engine's own budget, given back with it.
    own: Budget,
}

/// What [`NegamaxPonder::reply`] found: whether the opponent played the expected reply,
/// and the search's result for the position after the move played.
///
/// ```
/// use adversarial::Negamax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Budget, Game};
/// let g = TicTacToe::new(); // X to move: X is the opponent here
/// let ponder = Negamax::new(OpenLines).with_table_mb(1).with_budget(Budget::depth(8)).ponder(&g, 4).unwrap();
/// let (_engine, answer) = ponder.reply(4, &Budget::depth(8)).unwrap();
/// let answer = answer.unwrap();
/// assert!(answer.hit);
/// assert_eq!(answer.result.stats.depth_reached, 8);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PonderAnswer<M> {
    /// The opponent played the reply pondered on: the result is the pondering search's,
    /// gone on for the move's budget, its statistics counting the time and nodes spent
    /// pondering too. `false`: the pondering was thrown away and the result is a new
    /// search of the position after the move played.
    pub hit: bool,
    /// The search of the position after the move played.
    pub result: SearchResult<M>,
}

impl<E, T> Negamax<E, T> {
    /// Thinks on the opponent's time: searches the position after `expected`, the reply
    /// the opponent is expected to play in `state` (the second move of the last search's
    /// principal variation, say), on a thread of its own, until
    /// [`reply`](NegamaxPonder::reply) says what was played. The pondering search keeps the
    /// engine's depth limit, if its budget has one, and no other limit (the opponent's time
    /// is not known); it fills the engine's transposition table as any search does.
    ///
    /// # Errors
    /// [`SearchError::Config`] when `expected` is not a legal move of `state` or the thread
    /// cannot start (the engine is dropped: check the move first to keep it).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::{Budget, Game};
    /// use std::time::Duration;
    ///
    /// let mut g = ConnectFour::new();
    /// let mut engine = Negamax::new(ThreatEvaluator).with_table_mb(4).with_budget(Budget::depth(8));
    /// let mine = engine.search(&g).unwrap();
    /// g.play(mine.best_move);
    /// let expected = mine.pv[1]; // the reply it expects
    /// let ponder = engine.ponder(&g, expected).unwrap();
    /// std::thread::sleep(Duration::from_millis(10)); // the opponent thinks...
    /// let (engine, answer) = ponder.reply(expected, &Budget::time(Duration::from_millis(50))).unwrap();
    /// let answer = answer.unwrap();
    /// assert!(answer.hit);
    /// assert_eq!(engine.budget().max_depth(), Some(8)); // its own budget, as it was
    /// ```
    pub fn ponder<G>(
        self,
        state: &G,
        expected: G::Move,
    ) -> Result<NegamaxPonder<G, E, T>, SearchError>
    where
        G: Game + Sync + Send + 'static,
        G::Move: Send,
        E: Evaluator<G> + Sync + Send + 'static,
        T: Transpositions<G> + Sync + Send + 'static,
    {
        let mut after = state.clone();
        after
            .try_play(expected)
            .map_err(|e| SearchError::Config(format!("the expected reply: {e}")))?;
        let own = self.budget().clone();
        let mut pondering = Budget::new();
        if let Some(depth) = own.max_depth() {
            pondering = pondering.with_depth(depth);
        }
        let handle = self.with_budget(pondering).spawn(&after)?;
        Ok(NegamaxPonder {
            before: state.clone(),
            expected,
            handle,
            own,
        })
    }
}

impl<G, E, T> NegamaxPonder<G, E, T>
where
    G: Game + Sync + Send + 'static,
    G::Move: Send,
    E: Evaluator<G> + Sync + Send + 'static,
    T: Transpositions<G> + Sync + Send + 'static,
{
    /// The reply pondered on.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// let p = Negamax::new(OpenLines).ponder(&TicTacToe::new(), 4).unwrap();
    /// assert_eq!(p.expected(), 4);
    /// ```
    #[must_use]
    pub fn expected(&self) -> G::Move {
        self.expected
    }

    /// The last depth the pondering search finished, if any.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let p = Negamax::new(OpenLines).with_budget(Budget::depth(3)).ponder(&TicTacToe::new(), 4).unwrap();
    /// while !p.is_finished() {
    ///     std::thread::sleep(std::time::Duration::from_millis(1));
    /// }
    /// assert_eq!(p.poll().unwrap().depth, 3);
    /// ```
    #[must_use]
    pub fn poll(&self) -> Option<DepthInfo<G::Move>> {
        self.handle.poll()
    }

    /// Whether the pondering search has ended on its own (the engine's depth limit, or a
    /// position searched to the end).
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// let p = Negamax::new(OpenLines).ponder(&TicTacToe::new(), 4).unwrap();
    /// let _ = p.is_finished();
    /// ```
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Stops the pondering search and gives the engine back, its own budget restored,
    /// throwing the search away (its table keeps what it found): when the position is
    /// wanted for something else than the opponent's reply, an analysis say.
    ///
    /// # Errors
    /// [`SearchError::WorkerPanicked`] when the game or the evaluator panicked on the
    /// pondering thread.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let p = Negamax::new(OpenLines).with_budget(Budget::depth(9)).ponder(&TicTacToe::new(), 4).unwrap();
    /// let engine = p.cancel().unwrap();
    /// assert_eq!(engine.budget().max_depth(), Some(9));
    /// ```
    pub fn cancel(self) -> Result<Negamax<E, T>, SearchError> {
        let (engine, _thrown_away) = self.handle.stop()?;
        Ok(engine.with_budget(self.own))
    }

    /// The opponent played `played` (in the position given to
    /// [`ponder`](Negamax::ponder)): the answer for the position after it, within
    /// `budget`, the budget of this move (capped by the engine's own, as
    /// [`Budget::capped_by`] does).
    ///
    /// * **Hit** (`played` is the expected reply): the pondering search runs on from where
    ///   it is until it ends, or `budget`'s time (counted from now) runs out, its stop flag
    ///   is set, or a depth it reports reaches `budget`'s depth or node limit; then it is
    ///   stopped and its result is the answer (the best move of the deepest depth finished).
    /// * **Miss**: the pondering search is stopped and its result thrown away; the engine,
    ///   its table filled by both searches, searches the position after `played` within
    ///   `budget`, on this thread.
    ///
    /// The engine comes back with its own budget, as it was before pondering.
    ///
    /// # Errors
    /// [`SearchError::WorkerPanicked`] when the game or the evaluator panicked on the
    /// pondering thread (the engine is then lost). The answer's own errors come with it:
    /// [`SearchError::Config`] for a `played` move that is not legal, the search's errors
    /// on a miss, and those of the pondering search (a finished game after the expected
    /// reply, [`SearchError::GameOver`]) on a hit.
    ///
    /// ```
    /// use adversarial::Negamax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// let g = TicTacToe::new();
    /// let engine = Negamax::new(OpenLines).with_table_mb(1).with_budget(Budget::depth(6));
    /// let (_engine, answer) = engine.ponder(&g, 4).unwrap().reply(0, &Budget::depth(6)).unwrap();
    /// let answer = answer.unwrap();
    /// assert!(!answer.hit); // a corner, not the centre: searched afresh
    /// assert_ne!(answer.result.best_move, 0);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn reply(
        self,
        played: G::Move,
        budget: &Budget,
    ) -> Result<(Negamax<E, T>, Result<PonderAnswer<G::Move>, SearchError>), SearchError> {
        let NegamaxPonder {
            before,
            expected,
            handle,
            own,
        } = self;
        if played == expected {
            let start = Instant::now();
            let limit = own.capped_by(budget);
            loop {
                if handle.is_finished() || limit.stop_flag().is_some_and(|f| f.is_set()) {
                    break;
                }
                let left = limit
                    .time_limit()
                    .map(|t| t.saturating_sub(start.elapsed()));
                if left.is_some_and(|t| t.is_zero()) {
                    break;
                }
                if let Some(info) = handle.poll() {
                    let deep = limit.max_depth().is_some_and(|d| info.depth >= d);
                    let many = limit.max_nodes().is_some_and(|n| info.nodes >= n);
                    if deep || many {
                        break;
                    }
                }
                std::thread::sleep(left.map_or(WATCH, |t| t.min(WATCH)));
            }
            let (engine, result) = handle.stop()?;
            let engine = engine.with_budget(own);
            let answer = result.map(|result| PonderAnswer { hit: true, result });
            return Ok((engine, answer));
        }
        let (engine, _thrown_away) = handle.stop()?;
        let mut engine = engine.with_budget(own.capped_by(budget));
        let mut after = before;
        let answer = match after.try_play(played) {
            Ok(()) => engine
                .search(&after)
                .map(|result| PonderAnswer { hit: false, result }),
            Err(e) => Err(SearchError::Config(format!("the move played: {e}"))),
        };
        Ok((engine.with_budget(own), answer))
    }
}
