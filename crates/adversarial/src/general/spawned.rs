//! The general-game searches on a thread of their own: `spawn` on [`Expectimax`],
//! [`MaxN`], [`Paranoid`] and [`BestReply`], each giving a [`GeneralHandle`].
//!
//! [`Expectimax`]: crate::Expectimax
//! [`MaxN`]: crate::MaxN
//! [`Paranoid`]: crate::Paranoid
//! [`BestReply`]: crate::BestReply

use search_core::{Budget, GeneralGame, OutOfTurn, Progress, SearchError, SearchHandle};

use crate::general::GeneralEvaluator;
use crate::general::GeneralResult;
use crate::{BestReply, Expectimax, MaxN, Paranoid};

/// The handle of a general-game search on its own thread: [`wait`](SearchHandle::wait) and
/// [`stop`](SearchHandle::stop) give back the engine `S` (its budget as it was) and the
/// result; [`poll`](SearchHandle::poll) gives the latest report: [`Expectimax`]'s result
/// after each finished depth of its iterative deepening (when on), the other searches'
/// result once they have ended (they search one depth, and have no better answer before).
///
/// ```
/// use adversarial::{GeneralHandle, MaxN};
/// use games::MnkGame;
/// use search_core::Budget;
/// let engine = MaxN::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0)).with_budget(Budget::depth(2));
/// let handle: GeneralHandle<_, _> = engine.spawn(&MnkGame::new(4, 4, 3, 3).unwrap()).unwrap();
/// let (engine, result) = handle.wait().unwrap();
/// assert!(result.unwrap().complete);
/// assert_eq!(engine.budget().max_depth(), Some(2));
/// ```
///
/// [`Expectimax`]: crate::Expectimax
pub type GeneralHandle<S, M> =
    SearchHandle<(S, Result<GeneralResult<M>, SearchError>), GeneralResult<M>>;

/// Runs `search` of a copy of `state` on a thread of its own, with the handle's budget
/// (`original` with a stop flag): the engine comes back with `original`.
fn spawn_with<S, G, F>(
    engine: S,
    original: Budget,
    state: &G,
    search: F,
) -> Result<GeneralHandle<S, G::Move>, SearchError>
where
    S: Send + 'static,
    G: GeneralGame + Send + 'static,
    G::Move: Send,
    F: FnOnce(
            S,
            Budget,
            &G,
            &Progress<GeneralResult<G::Move>>,
        ) -> (S, Result<GeneralResult<G::Move>, SearchError>)
        + Send
        + 'static,
{
    let state = state.clone();
    SearchHandle::spawn(original, move |budget, progress| {
        search(engine, budget, &state, &progress)
    })
}

/// `spawn` for a search of one depth, which reports its result when it ends.
macro_rules! spawn_one_depth {
    ($engine:ident, $bound:ident, $example:literal) => {
        impl<E> $engine<E> {
            /// Starts [`search`]($engine::search) of `state` on a thread of its own and
            /// returns at once: wait for the result, or stop the search (the flag is the
            /// budget's own if it has one, else a new one) for the best move found so far;
            /// dropping the handle stops it. [`poll`](SearchHandle::poll) has the result
            /// once the search has ended. The engine moves into the thread and comes back
            /// with its budget as it was.
            ///
            /// # Errors
            /// [`SearchError::Config`] when the thread cannot start. The search's own
            /// errors come with the result; a panic in the game or the evaluator is
            /// [`SearchError::WorkerPanicked`] from `wait` or `stop`.
            ///
            #[doc = $example]
            pub fn spawn<G>(self, state: &G) -> Result<GeneralHandle<Self, G::Move>, SearchError>
            where
                G: $bound + Send + 'static,
                G::Move: Send,
                E: GeneralEvaluator<G> + Send + 'static,
            {
                let original = self.budget().clone();
                let kept = original.clone();
                spawn_with(
                    self,
                    original,
                    state,
                    move |engine, budget, state, progress| {
                        let engine = engine.with_budget(budget);
                        let result = engine.search(state);
                        if let Ok(r) = &result {
                            progress.report(r.clone());
                        }
                        (engine.with_budget(kept), result)
                    },
                )
            }
        }
    };
}

spawn_one_depth!(
    MaxN,
    GeneralGame,
    "```\nuse adversarial::MaxN;\nuse games::MnkGame;\nuse search_core::Budget;\nlet engine = MaxN::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0)).with_budget(Budget::depth(30));\nlet handle = engine.spawn(&MnkGame::new(5, 5, 4, 3).unwrap()).unwrap();\nstd::thread::sleep(std::time::Duration::from_millis(5));\nlet (engine, result) = handle.stop().unwrap();\nassert!(result.is_ok());\nassert_eq!(engine.budget().max_depth(), Some(30));\n```"
);
spawn_one_depth!(
    Paranoid,
    GeneralGame,
    "```\nuse adversarial::Paranoid;\nuse games::MnkGame;\nuse search_core::Budget;\nlet engine = Paranoid::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0)).with_budget(Budget::depth(2));\nlet (_, result) = engine.spawn(&MnkGame::new(4, 4, 3, 3).unwrap()).unwrap().wait().unwrap();\nassert!(result.unwrap().complete);\n```"
);
spawn_one_depth!(
    BestReply,
    OutOfTurn,
    "```\nuse adversarial::BestReply;\nuse games::MnkGame;\nuse search_core::Budget;\nlet engine = BestReply::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0)).with_budget(Budget::depth(2));\nlet (_, result) = engine.spawn(&MnkGame::new(4, 4, 3, 3).unwrap()).unwrap().wait().unwrap();\nassert!(result.unwrap().complete);\n```"
);

impl<E> Expectimax<E> {
    /// Starts [`search`](Expectimax::search) of `state` on a thread of its own and returns
    /// at once: [`poll`](SearchHandle::poll) has the result of each finished depth of the
    /// [iterative deepening](Expectimax::with_iterative_deepening) (the move and value the
    /// search would give if stopped then; without deepening, the one depth's at the end);
    /// wait for the result, or stop the search for the best move found so far; dropping
    /// the handle stops it. The engine moves into the thread and comes back with its budget
    /// as it was.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the thread cannot start. The search's own errors come
    /// with the result; a panic in the game or the evaluator is
    /// [`SearchError::WorkerPanicked`] from `wait` or `stop`.
    ///
    /// ```
    /// use adversarial::Expectimax;
    /// use games::{EinStein, EinSteinMove};
    /// use search_core::{Budget, GeneralGame};
    /// let mut dice = EinStein::new();
    /// dice.apply(EinSteinMove::Roll(4));
    /// let engine = Expectimax::new(|_: &EinStein, v: &mut [f64]| v.fill(0.5))
    ///     .with_iterative_deepening(true)
    ///     .with_budget(Budget::depth(40));
    /// let handle = engine.spawn(&dice).unwrap();
    /// while handle.poll().is_none_or(|r| r.stats.depth_reached < 2) {
    ///     std::thread::sleep(std::time::Duration::from_millis(1));
    /// }
    /// let (engine, result) = handle.stop().unwrap();
    /// assert!(result.unwrap().stats.depth_reached >= 2);
    /// assert_eq!(engine.budget().max_depth(), Some(40));
    /// ```
    pub fn spawn<G>(self, state: &G) -> Result<GeneralHandle<Self, G::Move>, SearchError>
    where
        G: GeneralGame + Send + 'static,
        G::Move: Send,
        E: GeneralEvaluator<G> + Send + 'static,
    {
        // The search's table is freed after the result is handed over, not before: a
        // stop returns without waiting for a million entries to be freed.
        let original = self.budget().clone();
        let kept = original.clone();
        let state = state.clone();
        SearchHandle::spawn_with_leftovers(original, move |budget, progress| {
            let engine = self.with_budget(budget);
            let (result, table) =
                engine.search_leaving(&state, &mut |r| progress.report(r.clone()));
            ((engine.with_budget(kept), result), table)
        })
    }
}
