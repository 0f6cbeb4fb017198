//! The match runner: seeded games between engines, in any game model, and a report that
//! says with a confidence interval which engine is stronger.
//!
//! "My new evaluator won 7 games of 10" is weak evidence; "70 of 100" is strong. [`Arena`]
//! plays the games and [`MatchReport`] counts them: each engine's wins, draws, losses and
//! mean reward in each seat, and for two engines a [`Tally`] with the score's 95 %
//! interval and the Elo difference with its interval.
//!
//! One runner serves every game: a two-player [`Game`](search_core::Game) is a
//! [`GeneralGame`] already, and so is a game with dice, with 2 to 4 players, or with hidden
//! cards ([`ImperfectInfo`](search_core::ImperfectInfo)); every engine is a [`Strategy`].
//!

mod report;
mod tally;

use std::time::Duration;

use search_core::{GeneralGame, Instant, Strategy, Turn};

use crate::clock::GameClock;
use crate::error::PlayError;
use crate::seats::{self, At, Boxed, Dice, derive_seed};

pub use report::{GameRecord, MatchReport, SeatTally};
pub use tally::{EloEstimate, Tally};

/// An engine of a match: the factory that builds its strategy for one seat of one game.
type Factory<'a, G> = Box<dyn FnMut(u64) -> Boxed<'a, G> + 'a>;

/// Plays seeded matches between engines from one start position.
///
/// # How games are set up
/// * `E` engines ([`with_engine`](Arena::with_engine)) share the `N` seats of a game. Game
///   `g` is rotation `r = g mod E` of its round: seat `s` is taken by engine `(s + r) mod E`.
///   Over the `E` games of a round every engine takes every seat equally often: two
///   engines in a two-player game alternate who moves first; two engines in three seats
///   play `A B A`, then `B A B`; three engines in two seats `A B`, `B C`, `C A`. With a
///   number of games that is not a multiple of `E`, the last round is cut short.
/// * **Every game of a round rolls the same dice and deals the same cards**: the `k`-th
///   chance outcome of each game is drawn from the `k`-th number of the round's seeded
///   stream, so the luck of the dice evens out over the round.
/// * With [`with_opening_plies`](Arena::with_opening_plies) set to `k > 0`, each round
///   starts from its own seeded random opening of `k` players' moves (chance outcomes in
///   between drawn from the round's dice), so two deterministic engines do not replay one
///   game over and over. The opening never ends the game: it stops early if every legal
///   move would.
/// * Every game builds a fresh strategy for each seat by calling the engine's factory with a
///   seed derived from the match's seed, the game and the seat, so any game can be
///   replayed; every strategy is told of every move ([`Strategy::observe_move`], opening
///   and chance outcomes included), so engines that keep a tree between moves follow the
///   game, and engines that think on the opponent's time (pondering) get that time.
/// * On a game clock ([`with_clock`](Arena::with_clock)) each seat starts each game with the
///   clock's time; each move gets its share of what is left through
///   [`Strategy::choose_move_within`]; the time taken is taken off, the increment added;
///   a seat whose clock runs out loses on time ([`GameRecord::lost_on_time`]).
/// * A seat's result is a **win** when its reward is above the table's mean reward, a
///   **draw** when it equals it, a **loss** below it ([`GameRecord::result`]): in a
///   two-player zero-sum game, the winner wins; in a game with one winner among several,
///   the winner wins and the others lose.
///
/// # Examples
/// ```
/// use games::TicTacToe;
/// use play::Arena;
/// use search_core::RandomMover;
///
/// let report = Arena::new(TicTacToe::new())
///     .with_engine(RandomMover::new)
///     .with_engine(RandomMover::new)
///     .with_games(40)
///     .with_seed(7)
///     .run()
///     .unwrap();
/// let t = report.tally().unwrap();
/// assert_eq!(t.wins + t.draws + t.losses, 40);
/// assert!(t.score_interval().contains(t.score()));
/// println!("{report}");
/// ```
///
/// Building one:
/// ```
/// use games::TicTacToe;
/// use play::Arena;
/// use search_core::RandomMover;
///
/// let arena = Arena::new(TicTacToe::new())
///     .with_engine(RandomMover::new)
///     .with_engine(RandomMover::new)
///     .with_games(200)
///     .with_seed(3)
///     .with_opening_plies(2)
///     .with_max_plies(500);
/// assert_eq!((arena.game_count(), arena.engine_count()), (200, 2));
/// assert_eq!(arena.seating(1), [1, 0]);
/// ```
pub struct Arena<'a, G: GeneralGame> {
    start: G,
    engines: Vec<Factory<'a, G>>,
    games: u32,
    seed: u64,
    opening_plies: u32,
    max_plies: Option<u32>,
    clock: Option<GameClock>,
}

/// Without a declared limit, games longer than this are errors.
const DEFAULT_MAX_PLIES: u32 = 1_000_000;

/// Mixed into the seed of the openings so they do not correlate with the players' seeds.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6773;

/// Mixed into the seed of the dice so they do not correlate with the openings or players.
const DICE_SALT: u64 = 0x6469_6365_2064_6963;

/// Where every game of a round starts: the opening's moves and chance outcomes, and the
/// dice after them.
struct RoundStart<M> {
    opening: Vec<M>,
    dice: Dice,
}

impl<'a, G: GeneralGame> Arena<'a, G> {
    /// 100 games from `start`, seed 0, no random openings, no clock, no engines yet.
    ///
    /// ```
    /// use play::Arena;
    /// assert_eq!(Arena::new(games::TicTacToe::new()).game_count(), 100);
    /// ```
    #[must_use]
    pub fn new(start: G) -> Self {
        Arena {
            start,
            engines: Vec::new(),
            games: 100,
            seed: 0,
            opening_plies: 0,
            max_plies: None,
            clock: None,
        }
    }

    /// Adds an engine: `make(seed)` builds its strategy for one seat of one game (so
    /// `RandomMover::new` is a factory, and so is any closure). Engines are numbered in
    /// the order they are added, from 0.
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::{Budget, RandomMover};
    /// let arena = Arena::new(games::TicTacToe::new())
    ///     .with_engine(|seed| mcts::Mcts::new().with_seed(seed).with_budget(Budget::iterations(50)))
    ///     .with_engine(RandomMover::new);
    /// assert_eq!(arena.engine_count(), 2);
    /// ```
    #[must_use]
    pub fn with_engine<S: Strategy<G> + 'a>(mut self, mut make: impl FnMut(u64) -> S + 'a) -> Self {
        self.engines
            .push(Box::new(move |seed| Box::new(make(seed)) as Boxed<'a, G>));
        self
    }

    search_core::builder_methods! {
        /// How many games to play (at least one, or [`run`](Arena::run) fails); a multiple of
        /// the number of engines gives every engine every seat equally often.
        ///
        /// ```
        /// assert_eq!(play::Arena::new(games::TicTacToe::new()).with_games(9).game_count(), 9);
        /// ```
        with_games(games: u32) => games;

        /// The seed of the whole match: the same seed replays the same games (given
        /// deterministic factories and budgets of depth, nodes or playouts, not time).
        ///
        /// ```
        /// let _ = play::Arena::new(games::TicTacToe::new()).with_seed(42);
        /// ```
        with_seed(seed: u64) => seed;

        /// Starts each round from a seeded random opening of `plies` players' moves (0, the
        /// default, starts every game from the start position).
        ///
        /// ```
        /// let _ = play::Arena::new(games::TicTacToe::new()).with_opening_plies(2);
        /// ```
        with_opening_plies(plies: u32) => opening_plies;
    }

    /// A game longer than `plies` moves and chance outcomes is a
    /// [`PlayError::TooLong`]. Default: one million.
    ///
    /// ```
    /// let _ = play::Arena::new(games::TicTacToe::new()).with_max_plies(200);
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    /// Plays every game on a game clock (see [`Arena`]). Opening moves are
    /// not timed. A strategy that keeps the default `choose_move_within` (a random mover;
    /// an exact solver, which has no answer before its proof) plays with its own budget and
    /// the clock counts what it takes. Without a clock (the default) strategies choose with
    /// [`Strategy::choose_move`] and their own budget.
    ///
    /// ```
    /// use std::time::Duration;
    /// use play::{Arena, GameClock};
    /// use search_core::RandomMover;
    ///
    /// let clock = GameClock::new(Duration::from_secs(5)).with_increment(Duration::from_millis(10));
    /// let report = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new)
    ///     .with_games(4)
    ///     .with_clock(clock)
    ///     .run()
    ///     .unwrap();
    /// // Random moves take microseconds: nobody runs out of time.
    /// assert_eq!(report.time_losses(), [0, 0]);
    /// ```
    #[must_use]
    pub fn with_clock(mut self, clock: GameClock) -> Self {
        self.clock = Some(clock);
        self
    }

    search_core::builder_methods! {
        /// The game clock each seat starts each game with, if the games are timed.
        ///
        /// ```
        /// assert_eq!(play::Arena::new(games::TicTacToe::new()).clock(), None);
        /// ```
        clock() -> Option<GameClock> = clock;

        /// The number of games [`run`](Arena::run) plays.
        ///
        /// ```
        /// assert_eq!(play::Arena::new(games::TicTacToe::new()).game_count(), 100);
        /// ```
        game_count() -> u32 = games;
    }

    /// The number of engines added.
    ///
    /// ```
    /// assert_eq!(play::Arena::new(games::TicTacToe::new()).engine_count(), 0);
    /// ```
    #[must_use]
    pub fn engine_count(&self) -> usize {
        self.engines.len()
    }

    /// The engine in each seat of game `game` (0-based): seat `s` is taken by engine
    /// `(s + game) mod E`. Empty without engines.
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::RandomMover;
    /// let arena = Arena::new(games::MnkGame::new(5, 5, 4, 3).unwrap())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new);
    /// assert_eq!((arena.seating(0), arena.seating(1)), (vec![0, 1, 0], vec![1, 0, 1]));
    /// ```
    #[must_use]
    pub fn seating(&self, game: u32) -> Vec<usize> {
        let engines = self.engines.len();
        if engines == 0 {
            return Vec::new();
        }
        let rotation = game as usize % engines;
        (0..self.start.player_count())
            .map(|seat| (seat + rotation) % engines)
            .collect()
    }

    /// The random opening of round `round` (games `E·round` to `E·round + E − 1`): the
    /// moves and chance outcomes, each legal in turn from the start position, none ending
    /// the game.
    ///
    /// # Errors
    /// [`PlayError::BrokenGame`] for a chance node without outcomes or a player without
    /// moves.
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::{Game, RandomMover};
    /// let arena = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new)
    ///     .with_opening_plies(3);
    /// let opening = arena.opening(0).unwrap();
    /// assert_eq!(opening.len(), 3);
    /// assert_eq!(opening, arena.opening(0).unwrap()); // seeded
    /// ```
    pub fn opening(&self, round: u32) -> Result<Vec<G::Move>, PlayError> {
        Ok(self.round_start(round)?.opening)
    }

    /// The opening and dice every game of round `round` starts from.
    fn round_start(&self, round: u32) -> Result<RoundStart<G::Move>, PlayError> {
        let engines = self.engines.len().max(1) as u32;
        let at = |ply| At {
            game: Some(round.saturating_mul(engines)),
            ply,
        };
        let mut choices =
            search_core::SplitMix64::new(derive_seed(self.seed ^ OPENING_SALT, round.into()));
        let mut dice = Dice::new(derive_seed(self.seed ^ DICE_SALT, round.into()));
        let mut state = self.start.clone();
        let mut opening = Vec::new();
        let (mut legal, mut keep, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        let mut played = 0;
        while played < self.opening_plies {
            let ply = opening.len() as u32;
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let outcome = dice.roll(&state, &mut outcomes, at(ply))?;
                    state.apply(outcome);
                    opening.push(outcome);
                }
                Turn::Player(_) => {
                    seats::legal_moves(&state, &mut legal, at(ply))?;
                    keep.clear();
                    keep.extend(legal.iter().copied().filter(|&mv| {
                        let mut next = state.clone();
                        next.apply(mv);
                        next.turn() != Turn::Over
                    }));
                    if keep.is_empty() {
                        break;
                    }
                    let mv = keep[choices.below(keep.len())];
                    state.apply(mv);
                    opening.push(mv);
                    played += 1;
                }
            }
        }
        Ok(RoundStart { opening, dice })
    }

    /// Plays the match.
    ///
    /// # Errors
    /// [`PlayError::NoGames`] for zero games, [`PlayError::NoEngines`] without engines,
    /// [`PlayError::NoTime`] for a clock without time, [`PlayError::StartOver`] when the
    /// start position is finished, [`PlayError::Strategy`] or
    /// [`PlayError::StrategyPanicked`] when a strategy fails, [`PlayError::IllegalMove`]
    /// when it chooses an illegal move, [`PlayError::BrokenGame`] for a chance node
    /// without outcomes or a player without moves, and [`PlayError::TooLong`] when a game
    /// exceeds [`with_max_plies`](Arena::with_max_plies).
    ///
    /// See the [`Arena`] docs for an example.
    pub fn run(&mut self) -> Result<MatchReport<G::Move>, PlayError> {
        self.run_with_progress(|_, _| {})
    }

    /// [`run`](Arena::run), calling `after_game` with each finished game and the report so
    /// far (to show progress).
    ///
    /// # Errors
    /// As [`run`](Arena::run).
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::RandomMover;
    /// let mut seen = 0;
    /// let report = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new)
    ///     .with_games(6)
    ///     .run_with_progress(|_game, so_far| {
    ///         seen += 1;
    ///         assert_eq!(so_far.tally().unwrap().games(), seen);
    ///     })
    ///     .unwrap();
    /// assert_eq!((seen, report.games.len()), (6, 6));
    /// ```
    pub fn run_with_progress(
        &mut self,
        mut after_game: impl FnMut(&GameRecord<G::Move>, &MatchReport<G::Move>),
    ) -> Result<MatchReport<G::Move>, PlayError> {
        if self.games == 0 {
            return Err(PlayError::NoGames);
        }
        if self.engines.is_empty() {
            return Err(PlayError::NoEngines);
        }
        if self.clock.is_some_and(|c| c.remaining().is_zero()) {
            return Err(PlayError::NoTime);
        }
        if self.start.turn() == Turn::Over {
            return Err(PlayError::StartOver);
        }
        let players = self.start.player_count();
        let engines = self.engines.len();
        let mut names: Vec<Option<String>> = vec![None; engines];
        let mut report = MatchReport::new(players, engines, self.games);
        let mut start = self.round_start(0)?;
        for game in 0..self.games {
            if game > 0 && game as usize % engines == 0 {
                start = self.round_start(game / engines as u32)?;
            }
            let seating = self.seating(game);
            let mut table: Vec<Option<Boxed<'a, G>>> = Vec::with_capacity(players);
            for (seat, &engine) in seating.iter().enumerate() {
                let index = u64::from(game) * players as u64 + seat as u64;
                let strategy = (self.engines[engine])(derive_seed(self.seed, index));
                names[engine].get_or_insert_with(|| strategy.name());
                table.push(Some(strategy));
            }
            let record = self.play_one(game, &start, seating, &mut table)?;
            report.record(record);
            if let Some(last) = report.games.last() {
                after_game(last, &report);
            }
        }
        report.names = names
            .into_iter()
            .enumerate()
            .map(|(engine, name)| name.unwrap_or_else(|| (self.engines[engine])(self.seed).name()))
            .collect();
        Ok(report)
    }

    /// Plays game `game` from its round's start with the strategies of `table`.
    fn play_one(
        &self,
        game: u32,
        start: &RoundStart<G::Move>,
        seating: Vec<usize>,
        table: &mut [Option<Boxed<'a, G>>],
    ) -> Result<GameRecord<G::Move>, PlayError> {
        let limit = self.max_plies.unwrap_or(DEFAULT_MAX_PLIES);
        let mut state = self.start.clone();
        let mut dice = start.dice.clone();
        let mut moves: Vec<G::Move> = Vec::new();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut left = self.clock.map(|c| vec![c.remaining(); table.len()]);
        let mut lost_on_time = None;
        loop {
            let ply = moves.len() as u32;
            let at = At {
                game: Some(game),
                ply,
            };
            let mv = if let Some(&mv) = start.opening.get(ply as usize) {
                mv
            } else {
                match state.turn() {
                    Turn::Over => break,
                    _ if ply >= limit => {
                        return Err(PlayError::TooLong {
                            game: Some(game),
                            limit,
                        });
                    }
                    Turn::Chance => dice.roll(&state, &mut outcomes, at)?,
                    Turn::Player(p) => {
                        let Some(Some(strategy)) = table.get_mut(p) else {
                            return Err(PlayError::BrokenGame {
                                game: Some(game),
                                ply,
                                what: format!(
                                    "player {} is to move, but the game has {} players",
                                    p + 1,
                                    seating.len()
                                ),
                            });
                        };
                        seats::legal_moves(&state, &mut legal, at)?;
                        let budget = match (self.clock, &left) {
                            (Some(clock), Some(left)) => {
                                Some(clock.with_remaining(left[p]).budget().map_err(|e| {
                                    PlayError::Strategy {
                                        game: Some(game),
                                        seat: Some(p),
                                        strategy: strategy.name(),
                                        method: "choose_move_within",
                                        ply,
                                        source: e.into(),
                                    }
                                })?)
                            }
                            _ => None,
                        };
                        let started = Instant::now();
                        let mv = seats::choose(strategy.as_mut(), p, &state, budget, &legal, at)?;
                        let used = started.elapsed();
                        if let (Some(clock), Some(left)) = (self.clock, left.as_mut()) {
                            if used >= left[p] {
                                // The flag fell: the move is not played.
                                left[p] = Duration::ZERO;
                                lost_on_time = Some(p);
                                break;
                            }
                            left[p] = left[p] - used + clock.increment();
                        }
                        mv
                    }
                }
            };
            let before = &state;
            seats::tell_all(table, None, "observe_move", at, |s| {
                s.observe_move(before, mv)
            })?;
            state.apply(mv);
            moves.push(mv);
        }
        let mut rewards = vec![0.0; seating.len()];
        match lost_on_time {
            Some(loser) => {
                let (low, high) = state.reward_range();
                rewards.fill(high);
                rewards[loser] = low;
            }
            None => state.rewards(&mut rewards),
        }
        Ok(GameRecord {
            seating,
            rewards,
            opening_plies: start.opening.len() as u32,
            moves,
            lost_on_time,
        })
    }
}
