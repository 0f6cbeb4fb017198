//! Anytime search with MCTS: bounded slices from the caller's own loop
//! ([`Mcts::step`](Engine::step)), root statistics reported while a search runs
//! ([`RootInfo`], [`Mcts::search_observed`](Engine::search_observed)), and a search on its
//! own thread ([`Engine::spawn`], a [`SearchHandle`]), also on the opponent's time
//! ([`Engine::ponder`]).
//!
//! In the two-player mode a search of the position the kept tree belongs to goes on from
//! that tree, with the threads' random generators where they stopped: slices of `k`
//! iterations add up to one search of `N·k` (the same visits per root move, with the same
//! seed on one thread). An observed search is such a sequence of slices of iterations,
//! each sized from the speed of the ones before to last about the report interval.

use search_core::Instant;
use std::time::Duration;

use search_core::{Budget, Game, GeneralGame, SearchError, SearchHandle, Stats};

use crate::engine::Engine;
use crate::engine::mode::{General, Mode, ZeroSum};
use crate::engine::result::{SearchResult, Value};
use crate::steps::playout::Playout;

/// Root statistics of an MCTS search under way: the move it would choose now, with that
/// move's visits and mean reward, and the search's counters so far.
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
/// use std::time::Duration;
/// let mut reports = Vec::new();
/// let mut ai = Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(3_000));
/// let r = ai.search_observed(&TicTacToe::new(), Duration::from_millis(1), |i| reports.push(i.clone())).unwrap();
/// let last = reports.last().unwrap();
/// assert_eq!((last.best_move, last.iterations), (r.best_move, 3_000));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RootInfo<M> {
    /// The move the search would choose now (by the engine's final choice).
    pub best_move: M,
    /// Its visits (kept from earlier searches included).
    pub visits: u64,
    /// Its mean reward in `[0, 1]` for the player to move at the root.
    pub mean: f64,
    /// The root's value as the search sees it now.
    pub value: Value,
    /// Iterations of this search so far.
    pub iterations: u64,
    /// Visits of the root, kept from earlier searches included.
    pub root_visits: u64,
    /// Nodes in the tree(s).
    pub tree_size: usize,
    /// Time since the search started.
    pub elapsed: Duration,
}

impl<M: Copy + PartialEq> RootInfo<M> {
    /// The report of a search's result, `iterations` and `elapsed` for the whole search.
    fn of(r: &SearchResult<M>, iterations: u64, elapsed: Duration) -> Self {
        let chosen = r.moves.iter().find(|m| m.mv == r.best_move);
        RootInfo {
            best_move: r.best_move,
            visits: chosen.map_or(0, |m| m.visits),
            mean: chosen.map_or(0.0, |m| m.mean),
            value: r.value,
            iterations,
            root_visits: r.root_visits,
            tree_size: r.tree_size,
            elapsed,
        }
    }
}

/// The handle of an MCTS search on its own thread: [`wait`](SearchHandle::wait) and
/// [`stop`](SearchHandle::stop) give back the engine (with its tree) and the result;
/// [`poll`](SearchHandle::poll) gives the latest root statistics.
pub type MctsHandle<G, P, K> = SearchHandle<
    (
        Engine<G, P, K>,
        Result<SearchResult<<G as GeneralGame>::Move>, SearchError>,
    ),
    RootInfo<<G as GeneralGame>::Move>,
>;

/// How often a spawned search reports its root statistics.
pub const REPORT_INTERVAL: Duration = Duration::from_millis(20);

impl<G, P> Engine<G, P, ZeroSum>
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    /// Runs `iterations` more iterations on `state` from the caller's own loop (a game's
    /// frame, an event loop), without threads of its own beyond the engine's: the tree
    /// grows on from the last step on the same position. The budget set with
    /// [`with_budget`](Engine::with_budget) is not used (only its depth limit); the result
    /// is the search's so far (its `stats` count this step).
    ///
    /// With the same seed on one thread, `N` steps of `k` iterations leave the same tree,
    /// and choose the same move, as one search of `N·k` iterations.
    ///
    /// # Errors
    /// As [`search`](Engine::search), and [`SearchError::Config`] when tree reuse is off
    /// ([`with_tree_reuse(false)`](Engine::with_tree_reuse)): every step would start afresh.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// let start = ConnectFour::new();
    /// let mut stepped = Mcts::new().with_seed(7);
    /// let mut so_far = None;
    /// for _frame in 0..10 {
    ///     so_far = Some(stepped.step(&start, 100).unwrap());
    /// }
    /// let so_far = so_far.unwrap();
    /// let mut whole = Mcts::new().with_seed(7).with_budget(Budget::iterations(1_000));
    /// let whole = whole.search(&start).unwrap();
    /// let visits = |r: &mcts::SearchResult<u8>| r.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>();
    /// assert_eq!(visits(&so_far), visits(&whole));
    /// assert_eq!(so_far.best_move, whole.best_move);
    /// ```
    pub fn step(
        &mut self,
        state: &G,
        iterations: u64,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let open_ended = self.budget.max_iterations().is_none()
            && self.budget.time_limit().is_none()
            && self.budget.stop_flag().is_none();
        if !self.reuse || open_ended {
            return Err(SearchError::Config(
                "stepping needs tree reuse: with_tree_reuse(false) would start every step afresh"
                    .into(),
            ));
        }
        let mut slice = Budget::iterations(iterations);
        if let Some(depth) = self.budget.max_depth() {
            slice = slice.with_depth(depth);
        }
        let kept = core::mem::replace(&mut self.budget, slice);
        let result = self.search(state);
        self.budget = kept;
        result
    }

    /// [`search`](Engine::search), calling `observer` about every `every` with the root's
    /// statistics ([`RootInfo`]); the last report is the result's. The search runs in
    /// slices of iterations on the kept tree, each sized to last about `every`, so that
    /// with an iteration budget the result is the one `search` gives with the same seed on
    /// one thread. Without tree reuse, or with a budget that has no iteration or time
    /// limit and no stop flag (the search ends when the tree is full), the search is one
    /// slice: one report, at the end.
    ///
    /// # Errors
    /// As [`search`](Engine::search); [`SearchError::Config`] for `every` of zero.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// use std::time::Duration;
    /// let mut ai = Mcts::new().with_seed(2).with_budget(Budget::time(Duration::from_millis(30)));
    /// let mut seen = Vec::new();
    /// ai.search_observed(&ConnectFour::new(), Duration::from_millis(5), |i| seen.push(i.iterations)).unwrap();
    /// assert!(seen.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub fn search_observed<F>(
        &mut self,
        state: &G,
        every: Duration,
        mut observer: F,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        F: FnMut(&RootInfo<G::Move>),
    {
        let sliceable = self.reuse;
        observed(
            self,
            state,
            every,
            &mut observer,
            sliceable,
            |engine, state, _| engine.search(state),
        )
    }

    /// Starts [`search`](Engine::search) of `state` on a thread of its own and returns at
    /// once: poll the handle for the root's statistics (every
    /// [`REPORT_INTERVAL`](crate::REPORT_INTERVAL), from
    /// [`search_observed`](Engine::search_observed)), wait for the result, or stop the
    /// search (the flag is the budget's own if it has one, else a new one); dropping the
    /// handle stops it. The engine moves into the thread and comes back with the result,
    /// its kept tree (for [`advance`](Engine::advance) and the next search) and its budget.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the thread cannot start; the search's own errors come
    /// with the result; a panic in the game or the playout policy is
    /// [`SearchError::WorkerPanicked`] from `wait` or `stop`.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// let ai = Mcts::new().with_seed(5).with_budget(Budget::new().with_depth(60));
    /// let handle = ai.spawn(&ConnectFour::new()).unwrap();
    /// while handle.poll().is_none() {
    ///     std::thread::sleep(std::time::Duration::from_millis(1));
    /// }
    /// let (ai, result) = handle.stop().unwrap();
    /// assert!(result.unwrap().stats.iterations > 0);
    /// assert!(ai.root_visits() > 0); // the tree is kept
    /// ```
    pub fn spawn(self, state: &G) -> Result<MctsHandle<G, P, ZeroSum>, SearchError>
    where
        G: 'static,
        P: Send + 'static,
    {
        self.spawn_observed(state, REPORT_INTERVAL, |_| {})
    }

    /// [`spawn`](Engine::spawn), reporting every `every` and also calling `observer` (on
    /// the search's thread) with each report.
    ///
    /// # Errors
    /// As [`spawn`](Engine::spawn).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// use std::time::Duration;
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// let ai = Mcts::<TicTacToe>::new().with_budget(Budget::iterations(2_000));
    /// let handle = ai
    ///     .spawn_observed(&TicTacToe::new(), Duration::from_millis(1), move |i| { let _ = tx.send(i.iterations); })
    ///     .unwrap();
    /// let (_, result) = handle.wait().unwrap();
    /// assert_eq!(rx.iter().last(), Some(result.unwrap().stats.iterations));
    /// ```
    pub fn spawn_observed<F>(
        self,
        state: &G,
        every: Duration,
        mut observer: F,
    ) -> Result<MctsHandle<G, P, ZeroSum>, SearchError>
    where
        G: 'static,
        P: Send + 'static,
        F: FnMut(&RootInfo<G::Move>) + Send + 'static,
    {
        spawned(self, state, move |engine, state, progress| {
            engine.search_observed(state, every, |info| {
                observer(info);
                progress.report(info.clone());
            })
        })
    }

    /// Thinks on the opponent's time: grows the tree of the position after `expected`, the
    /// reply the opponent is expected to play in `state`, on a thread of its own until the
    /// handle is stopped (the budget is not used meanwhile; the engine comes back with it).
    /// When the opponent has moved, stop the handle and search the real position: on a
    /// ponder hit (the expected reply was played) the search goes on from the pondered tree;
    /// on a miss that tree is dropped and the search starts afresh.
    ///
    /// # Errors
    /// [`SearchError::Config`] when `expected` is not a legal move of `state` or the thread
    /// cannot start.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::{Budget, Game};
    /// let mut ai = Mcts::new().with_seed(4).with_budget(Budget::iterations(2_000));
    /// let mut g = ConnectFour::new();
    /// let mine = ai.search(&g).unwrap().best_move;
    /// ai.advance(&g, mine);
    /// g.play(mine);
    /// let handle = ai.ponder(&g, 3).unwrap(); // we expect the reply in the middle column
    /// std::thread::sleep(std::time::Duration::from_millis(10));
    /// let (mut ai, _) = handle.stop().unwrap();
    /// let pondered = ai.root_visits();
    /// g.play(3); // a hit
    /// let r = ai.search(&g).unwrap();
    /// assert_eq!(r.root_visits, pondered + 2_000);
    /// ```
    pub fn ponder(
        self,
        state: &G,
        expected: G::Move,
    ) -> Result<MctsHandle<G, P, ZeroSum>, SearchError>
    where
        G: 'static,
        P: Send + 'static,
    {
        let mut after = state.clone();
        after
            .try_play(expected)
            .map_err(|e| SearchError::Config(format!("the expected reply: {e}")))?;
        let original = self.budget.clone();
        let depth = original.max_depth();
        SearchHandle::spawn(Budget::new(), move |flag_only, progress| {
            let mut budget = flag_only;
            if let Some(d) = depth {
                budget = budget.with_depth(d);
            }
            let mut engine = self.with_budget(budget);
            let result = engine.search_observed(&after, REPORT_INTERVAL, |info| {
                progress.report(info.clone());
            });
            engine.budget = original;
            (engine, result)
        })
    }
}

impl<G, P> Engine<G, P, General>
where
    G: GeneralGame + Send,
    G::Move: Send + PartialEq,
    P: Playout<G> + Sync,
{
    /// [`search`](Engine::search), calling `observer` about every `every` with the root's
    /// statistics ([`RootInfo`]), as the two-player mode's
    /// [`search_observed`](Engine::search_observed) does: the search runs in slices of
    /// iterations, each going on from the tree of the one before (the general mode keeps
    /// its tree only within one observed search), so that with an iteration budget the
    /// result is the one `search` gives with the same seed on one thread.
    ///
    /// # Errors
    /// As [`search`](Engine::search); [`SearchError::Config`] for `every` of zero.
    ///
    /// ```
    /// use games::MnkGame;
    /// use mcts::GeneralMcts;
    /// use search_core::Budget;
    /// use std::time::Duration;
    /// let game = MnkGame::new(4, 4, 3, 3).unwrap();
    /// let mut ai = GeneralMcts::new().with_seed(2).with_budget(Budget::iterations(20_000));
    /// let mut seen = Vec::new();
    /// let r = ai.search_observed(&game, Duration::from_millis(1), |i| seen.push(i.iterations)).unwrap();
    /// assert!(seen.windows(2).all(|w| w[0] < w[1]));
    /// assert_eq!(seen.last(), Some(&r.stats.iterations));
    /// ```
    pub fn search_observed<F>(
        &mut self,
        state: &G,
        every: Duration,
        mut observer: F,
    ) -> Result<SearchResult<G::Move>, SearchError>
    where
        F: FnMut(&RootInfo<G::Move>),
    {
        // Each slice but the first goes on from the tree of the one before: the flag is
        // taken by the slice's search as it starts (and a plain `search` clears it).
        observed(
            self,
            state,
            every,
            &mut observer,
            true,
            |engine, state, on| {
                engine.continue_tree = on;
                crate::engine::search::run_search(engine, state)
            },
        )
    }

    /// Starts [`search`](Engine::search) of `state` on a thread of its own, as the
    /// two-player mode's [`spawn`](Engine::spawn) does: [`poll`](SearchHandle::poll) gives
    /// the root's statistics every [`REPORT_INTERVAL`](crate::REPORT_INTERVAL) (from
    /// [`search_observed`](Engine::search_observed)); wait for the result or stop the
    /// search (dropping the handle stops it too).
    ///
    /// # Errors
    /// As the two-player mode's [`spawn`](Engine::spawn).
    ///
    /// ```
    /// use games::MnkGame;
    /// use mcts::GeneralMcts;
    /// use search_core::Budget;
    /// let game = MnkGame::new(5, 5, 4, 3).unwrap();
    /// let handle = GeneralMcts::new().with_budget(Budget::new()).spawn(&game).unwrap();
    /// while handle.poll().is_none() {
    ///     std::thread::sleep(std::time::Duration::from_millis(1));
    /// }
    /// let (_, result) = handle.stop().unwrap();
    /// let r = result.unwrap();
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), r.stats.iterations);
    /// ```
    pub fn spawn(self, state: &G) -> Result<MctsHandle<G, P, General>, SearchError>
    where
        G: 'static,
        P: Send + 'static,
    {
        self.spawn_observed(state, REPORT_INTERVAL, |_| {})
    }

    /// [`spawn`](Engine::spawn), reporting every `every` and also calling `observer` (on
    /// the search's thread) with each report.
    ///
    /// # Errors
    /// As [`spawn`](Engine::spawn).
    ///
    /// ```
    /// use games::MnkGame;
    /// use mcts::GeneralMcts;
    /// use search_core::Budget;
    /// use std::time::Duration;
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// let ai = GeneralMcts::new().with_budget(Budget::iterations(5_000));
    /// let handle = ai
    ///     .spawn_observed(&MnkGame::new(4, 4, 3, 3).unwrap(), Duration::from_millis(1), move |i| {
    ///         let _ = tx.send(i.iterations);
    ///     })
    ///     .unwrap();
    /// let (_, result) = handle.wait().unwrap();
    /// assert_eq!(rx.iter().last(), Some(result.unwrap().stats.iterations));
    /// ```
    pub fn spawn_observed<F>(
        self,
        state: &G,
        every: Duration,
        mut observer: F,
    ) -> Result<MctsHandle<G, P, General>, SearchError>
    where
        G: 'static,
        P: Send + 'static,
        F: FnMut(&RootInfo<G::Move>) + Send + 'static,
    {
        spawned(self, state, move |engine, state, progress| {
            engine.search_observed(state, every, |info| {
                observer(info);
                progress.report(info.clone());
            })
        })
    }
}

/// Starts `search` of `engine` on `state` on a thread of its own: the engine takes the
/// handle's budget (its own, with a stop flag added if it had none) and comes back with
/// its own budget and the result.
fn spawned<G, P, K, S>(
    engine: Engine<G, P, K>,
    state: &G,
    mut search: S,
) -> Result<MctsHandle<G, P, K>, SearchError>
where
    G: GeneralGame + Send + 'static,
    G::Move: Send,
    P: Send + 'static,
    K: Mode,
    S: FnMut(
            &mut Engine<G, P, K>,
            &G,
            &search_core::Progress<RootInfo<G::Move>>,
        ) -> Result<SearchResult<G::Move>, SearchError>
        + Send
        + 'static,
{
    let state = state.clone();
    let original = engine.budget.clone();
    SearchHandle::spawn(original.clone(), move |budget, progress| {
        let mut engine = engine.with_budget(budget);
        let result = search(&mut engine, &state, &progress);
        engine.budget = original;
        (engine, result)
    })
}

/// The observed search of both modes: `search` runs one slice of `engine` on `state`
/// (told whether it goes on from the slice before); `sliceable` says whether a slice goes
/// on from the tree of the one before (otherwise the search is one slice). See
/// [`Engine::search_observed`] for the slicing and the reports.
fn observed<G, P, K, S>(
    engine: &mut Engine<G, P, K>,
    state: &G,
    every: Duration,
    observer: &mut dyn FnMut(&RootInfo<G::Move>),
    sliceable: bool,
    mut search: S,
) -> Result<SearchResult<G::Move>, SearchError>
where
    G: GeneralGame,
    G::Move: PartialEq,
    K: Mode,
    S: FnMut(&mut Engine<G, P, K>, &G, bool) -> Result<SearchResult<G::Move>, SearchError>,
{
    if every.is_zero() {
        return Err(SearchError::Config(
            "the report interval must be longer than zero".into(),
        ));
    }
    let started = Instant::now();
    let open_ended = engine.budget.max_iterations().is_none()
        && engine.budget.time_limit().is_none()
        && engine.budget.stop_flag().is_none();
    if !sliceable || open_ended {
        let r = search(engine, state, false)?;
        observer(&RootInfo::of(&r, r.stats.iterations, started.elapsed()));
        return Ok(r);
    }
    let whole = engine.budget.clone();
    // The whole budget's checks (zero limits, limits MCTS refuses) come first: the
    // slices' budgets do not carry them.
    whole.refuse(
        <K as crate::engine::mode::sealed::Sealed>::NAME,
        &[search_core::BudgetField::Nodes],
        "use iterations to bound the work and with_node_cap/with_memory_cap to bound the tree",
    )?;
    whole.start()?;
    let deadline = whole.time_limit().map(|t| started + t);
    let mut stats = Stats::default();
    let mut last: Option<SearchResult<G::Move>> = None;
    // Slices are counted in iterations (so that they add up exactly), sized from the
    // speed of the slices before to last about `every`.
    let mut slice_iterations: u64 = 16;
    let result = loop {
        let left = whole
            .max_iterations()
            .map_or(u64::MAX, |n| n - stats.iterations);
        // A slice of fewer iterations than threads would run on fewer threads, and a
        // search on another number of threads starts a new tree: every slice asks at least
        // one iteration a thread, and the last takes what would be left below that.
        let threads = engine.threads as u64;
        let mut asked = slice_iterations.max(threads).min(left);
        if left - asked < threads {
            asked = left;
        }
        let mut slice = Budget::iterations(asked);
        if let Some(d) = deadline {
            slice = slice.with_time(d.saturating_duration_since(Instant::now()));
        }
        if let Some(d) = whole.max_depth() {
            slice = slice.with_depth(d);
        }
        if let Some(flag) = whole.stop_flag() {
            slice = slice.with_stop(flag.clone());
        }
        engine.budget = slice;
        let r = match search(engine, state, last.is_some()) {
            Ok(r) => r,
            // A slice whose time ran out before it started: the last slice answers.
            Err(SearchError::Budget(_)) if last.is_some() => break Ok(()),
            Err(e) => break Err(e),
        };
        stats.iterations += r.stats.iterations;
        stats.leaves += r.stats.leaves;
        stats.nodes += r.stats.nodes;
        stats.max_ply = stats.max_ply.max(r.stats.max_ply);
        // A slice that ended before its iterations were done ended the search: time
        // is up, the flag is set, the root is proven or the tree is full.
        let done = r.stats.iterations < asked
            || r.value.is_proven()
            || whole
                .max_iterations()
                .is_some_and(|n| stats.iterations >= n)
            || deadline.is_some_and(|d| Instant::now() >= d)
            || whole.stop_flag().is_some_and(search_core::StopFlag::is_set);
        if r.stats.iterations > 0 || last.is_none() {
            observer(&RootInfo::of(&r, stats.iterations, started.elapsed()));
        }
        let secs = r.stats.elapsed.as_secs_f64();
        if secs > 0.0 {
            let rate = r.stats.iterations as f64 / secs;
            slice_iterations = (rate * every.as_secs_f64()).clamp(1.0, 1e12) as u64;
        }
        last = Some(r);
        if done {
            break Ok(());
        }
    };
    engine.budget = whole;
    result?;
    let mut r = last.expect("the first slice either answered or failed");
    stats.depth_reached = stats.max_ply;
    stats.elapsed = started.elapsed();
    r.stats = stats;
    Ok(r)
}
