//! The match runner: play seeded games between two [`Strategy`] values and say, with a
//! confidence interval, which one is stronger.
//!
//! "My new evaluator won 7 games of 10" is weak evidence; "70 of 100" is strong. [`Arena`] plays the games, alternating colours, optionally
//! from random openings, and [`Tally`] turns the results into a score with a 95 %
//! confidence interval and an Elo difference with its interval.
//!
//! The arena needs nothing but the [`Game`] and [`Strategy`] traits and a seeded random
//! generator, so it is always available (it is not behind the `testing` feature): a user
//! runs it from a `main`, an example or a benchmark as often as from a test.
//!
//! [`GeneralArena`] does the same for a [`GeneralGame`](crate::GeneralGame): any number of
//! players and engines, the seats rotated so that every engine takes every seat equally
//! often, and the same dice in every game of a rotation (see [`general`]'s docs).
//!
//! # How games are set up
//! * Every game builds fresh players by calling the two factories with a seed derived from
//!   the arena's seed and the game's number, so any single game can be replayed.
//! * Games come in **pairs** that share an opening: in the first game of a pair `A` plays
//!   [`Player::First`], in the second `A` plays [`Player::Second`]. With an odd number of
//!   games the last pair is cut short, so `A` moves first once more than it moves second.
//! * With [`Arena::with_opening_plies`] set to `k > 0`, each pair starts from its own seeded
//!   random opening of `k` plies, so two deterministic engines do not replay one game over
//!   and over. The opening never ends the game: it stops early if every legal move would.
//! * After every move (opening moves included) both players' [`Strategy::observe_move`] is
//!   called, so engines that keep a tree or a table between moves follow the game.
//!
//! # Example
//! ```
//! use search_core::arena::Arena;
//! use search_core::{Game, Outcome, Player, RandomMover};
//!
//! /// Take 1 or 2 stones; whoever takes the last stone wins.
//! #[derive(Clone, Debug)]
//! struct Nim { stones: u32, to_move: Player }
//! impl Game for Nim {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
//!     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
//!     fn outcome(&self) -> Outcome {
//!         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
//!     }
//! }
//!
//! let report = Arena::new(Nim { stones: 9, to_move: Player::First })
//!     .with_games(40)
//!     .with_seed(7)
//!     .run(RandomMover::new, RandomMover::new)
//!     .unwrap();
//! let t = report.tally;
//! assert_eq!(t.wins + t.draws + t.losses, 40);
//! assert!(t.score_interval().contains(t.score()));
//! println!("{report}");
//! ```

pub mod general;
mod report;
mod tally;

use thiserror::Error;

use std::time::Duration;

use crate::clock::GameClock;
use crate::error::SearchError;
use crate::game::{Game, Outcome, Player};
use crate::platform::Instant;
use crate::rng::SplitMix64;
use crate::strategy::Strategy;
use crate::wdl::Wdl;

pub use general::{GeneralArena, GeneralRecord, GeneralReport, GeneralStrategy, SeatTally};
pub use report::{GameRecord, MatchReport};
pub use tally::{EloEstimate, Tally};

/// Why a match could not be played to the end.
///
/// ```
/// use search_core::arena::ArenaError;
/// assert_eq!(ArenaError::NoGames.to_string(), "a match needs at least one game");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The arena was asked to play zero games.
    #[error("a match needs at least one game")]
    NoGames,
    /// The initial state is already over, so no game can be played from it.
    #[error("the initial state is already over ({outcome}): no game can be played from it")]
    InitialStateOver {
        /// The outcome of the initial state.
        outcome: Outcome,
    },
    /// A strategy returned an error instead of a move.
    #[error("game {game}, ply {ply}: {strategy} failed to choose a move: {source}")]
    Strategy {
        /// The game (0-based) in which it happened.
        game: u32,
        /// The ply (0-based, opening included) at which it happened.
        ply: u32,
        /// The strategy's [`name`](Strategy::name).
        strategy: String,
        /// The strategy's error.
        #[source]
        source: SearchError,
    },
    /// A strategy returned a move that is not legal in the position it was given.
    #[error("game {game}, ply {ply}: {strategy} returned the illegal move {mv}")]
    IllegalMove {
        /// The game (0-based) in which it happened.
        game: u32,
        /// The ply (0-based, opening included) at which it happened.
        ply: u32,
        /// The strategy's [`name`](Strategy::name).
        strategy: String,
        /// The move, formatted with `Debug`.
        mv: String,
    },
    /// A general match ([`GeneralArena`]) was given no engine.
    #[error("a match needs at least one engine")]
    NoEngines,
    /// The initial state of a general match ([`GeneralArena`]) is already over.
    #[error("the initial state is already over: no game can be played from it")]
    GeneralStateOver,
    /// A general game broke its contract during a match: a chance node without outcomes, a
    /// player to move without moves, a player that does not exist.
    #[error("game {game}, ply {ply}: the game is broken: {what}")]
    BrokenGame {
        /// The game (0-based) in which it happened.
        game: u32,
        /// The ply (0-based, opening and chance outcomes included) at which it happened.
        ply: u32,
        /// What went wrong.
        what: String,
    },
    /// A timed match ([`Arena::with_clock`]) was given a clock without time.
    #[error("a game clock needs some time on it")]
    NoTime,
    /// A game went on past the arena's ply limit (a `Game` implementation that never ends).
    #[error("game {game} did not end within {limit} plies")]
    TooLong {
        /// The game (0-based).
        game: u32,
        /// The ply limit ([`Arena::with_max_plies`]).
        limit: u32,
    },
}

/// Plays seeded matches between two strategies from one initial state (see the
/// [module docs](self) for how games, colours and openings are set up).
///
/// ```
/// use search_core::arena::Arena;
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone)] struct G;
/// # impl Game for G {
/// #   type Move = u8;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
/// #   fn play(&mut self, _: u8) {}
/// #   fn outcome(&self) -> Outcome { Outcome::Draw }
/// # }
/// let arena = Arena::new(G).with_games(200).with_seed(3).with_opening_plies(4).with_max_plies(500);
/// assert_eq!(arena.game_count(), 200);
/// ```
#[derive(Clone, Debug)]
pub struct Arena<G> {
    initial: G,
    games: u32,
    seed: u64,
    opening_plies: u32,
    max_plies: Option<u32>,
    clock: Option<GameClock>,
}

/// Without a declared limit or a `remaining_plies_bound`, games longer than this are errors.
const DEFAULT_MAX_PLIES: u32 = 1_000_000;

impl<G: Game> Arena<G> {
    /// 100 games from `initial`, seed 0, no random openings.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(search_core::arena::Arena::new(G).game_count(), 100);
    /// ```
    #[must_use]
    pub fn new(initial: G) -> Self {
        Arena {
            initial,
            games: 100,
            seed: 0,
            opening_plies: 0,
            max_plies: None,
            clock: None,
        }
    }

    /// How many games to play (at least one, or [`run`](Arena::run) fails).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(search_core::arena::Arena::new(G).with_games(9).game_count(), 9);
    /// ```
    #[must_use]
    pub fn with_games(mut self, games: u32) -> Self {
        self.games = games;
        self
    }

    /// The seed of the whole match: the same seed replays the same games (given
    /// deterministic factories).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let _ = search_core::arena::Arena::new(G).with_seed(42);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Starts each pair of games from a seeded random opening of `plies` plies (0, the
    /// default, starts every game from the initial state).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let _ = search_core::arena::Arena::new(G).with_opening_plies(6);
    /// ```
    #[must_use]
    pub fn with_opening_plies(mut self, plies: u32) -> Self {
        self.opening_plies = plies;
        self
    }

    /// A game still going after `plies` plies is an [`ArenaError::TooLong`]. Default: the
    /// initial state's [`remaining_plies_bound`](Game::remaining_plies_bound), or one million
    /// plies for a game that declares none.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let _ = search_core::arena::Arena::new(G).with_max_plies(200);
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    /// Plays every game on a game clock: each strategy starts each game with `clock`'s
    /// time left; before each of its moves it gets that move's share
    /// ([`GameClock::budget`]) through [`Strategy::choose_move_within`]; the time the call
    /// takes is taken off its clock, then the increment is added. A strategy whose clock
    /// runs out (the call takes all the time it had left, or more) loses the game on time
    /// ([`GameRecord::lost_on_time`]). Opening moves are not timed. A strategy that keeps
    /// the default `choose_move_within` (a random mover; an exact solver, which has no
    /// answer before its proof) plays with its own budget and the clock counts what it
    /// takes. Without a clock (the default) strategies choose with
    /// [`Strategy::choose_move`] and their own budget.
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::arena::Arena;
    /// use search_core::{GameClock, RandomMover};
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Race(u8);
    /// # impl Game for Race {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 < 9 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome {
    /// #     if self.0 < 9 { Outcome::Ongoing } else { Outcome::Win(self.to_move().opponent()) }
    /// #   }
    /// # }
    /// let clock = GameClock::new(Duration::from_secs(5)).with_increment(Duration::from_millis(10));
    /// let report = Arena::new(Race(0))
    ///     .with_games(4)
    ///     .with_clock(clock)
    ///     .run(RandomMover::new, RandomMover::new)
    ///     .unwrap();
    /// // Random moves take microseconds: nobody runs out of time.
    /// assert_eq!(report.time_losses(), (0, 0));
    /// ```
    #[must_use]
    pub fn with_clock(mut self, clock: GameClock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The game clock each strategy starts each game with, if the games are timed.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(search_core::arena::Arena::new(G).clock(), None);
    /// ```
    #[must_use]
    pub fn clock(&self) -> Option<GameClock> {
        self.clock
    }

    /// The number of games [`run`](Arena::run) plays.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(search_core::arena::Arena::new(G).game_count(), 100);
    /// ```
    #[must_use]
    pub fn game_count(&self) -> u32 {
        self.games
    }

    /// The random opening of pair `pair` (games `2·pair` and `2·pair + 1`): the moves, each
    /// legal in turn from the initial state, none of them ending the game.
    ///
    /// ```
    /// use search_core::arena::Arena;
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Nim(u32, Player);
    /// # impl Game for Nim {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { self.1 }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t; self.1 = self.1.opponent() }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Win(self.1.opponent()) } else { Outcome::Ongoing } }
    /// # }
    /// let arena = Arena::new(Nim(3, Player::First)).with_opening_plies(5);
    /// let opening = arena.opening(0);
    /// assert!(opening.iter().sum::<u32>() < 3); // stops before taking the last stone
    /// assert_eq!(opening, arena.opening(0)); // seeded
    /// ```
    #[must_use]
    pub fn opening(&self, pair: u32) -> Vec<G::Move> {
        let mut rng = SplitMix64::new(derive_seed(self.seed ^ OPENING_SALT, pair.into()));
        let mut state = self.initial.clone();
        let mut opening = Vec::new();
        let mut moves = Vec::new();
        let mut keep = Vec::new();
        for _ in 0..self.opening_plies {
            if state.outcome().is_over() {
                break;
            }
            moves.clear();
            state.legal_moves(&mut moves);
            keep.clear();
            keep.extend(moves.iter().copied().filter(|&mv| {
                let mut next = state.clone();
                next.play(mv);
                !next.outcome().is_over()
            }));
            if keep.is_empty() {
                break;
            }
            let mv = keep[rng.below(keep.len())];
            state.play(mv);
            opening.push(mv);
        }
        opening
    }

    /// Plays the match. `make_a` and `make_b` build a fresh player for each game from a
    /// seed (so `RandomMover::new` works as a factory, and so does any closure).
    ///
    /// # Errors
    /// [`ArenaError::NoGames`] for zero games, [`ArenaError::InitialStateOver`] when the
    /// initial state is finished, [`ArenaError::Strategy`] when a player fails to choose,
    /// [`ArenaError::IllegalMove`] when it chooses an illegal move, and
    /// [`ArenaError::TooLong`] when a game exceeds [`with_max_plies`](Arena::with_max_plies).
    ///
    /// See the [module docs](self) for an example.
    pub fn run<A, B>(
        &self,
        make_a: impl FnMut(u64) -> A,
        make_b: impl FnMut(u64) -> B,
    ) -> Result<MatchReport<G::Move>, ArenaError>
    where
        A: Strategy<G>,
        B: Strategy<G>,
    {
        self.run_with_progress(make_a, make_b, |_, _| {})
    }

    /// [`run`](Arena::run), calling `after_game` with each finished game and the tally so
    /// far (to show progress, or to stop watching early by ignoring the rest).
    ///
    /// # Errors
    /// As [`run`](Arena::run).
    ///
    /// ```
    /// use search_core::RandomMover;
    /// use search_core::arena::Arena;
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Race(u8);
    /// # impl Game for Race {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 < 3 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome {
    /// #     if self.0 < 3 { Outcome::Ongoing } else if self.0 == 3 { Outcome::Draw } else { Outcome::Win(self.to_move().opponent()) }
    /// #   }
    /// # }
    /// let mut seen = 0;
    /// let report = Arena::new(Race(0)).with_games(6).run_with_progress(
    ///     RandomMover::new,
    ///     RandomMover::new,
    ///     |_game, tally| { seen += 1; assert_eq!(tally.games(), seen); },
    /// ).unwrap();
    /// assert_eq!((seen, report.tally.games()), (6, 6));
    /// ```
    pub fn run_with_progress<A, B>(
        &self,
        mut make_a: impl FnMut(u64) -> A,
        mut make_b: impl FnMut(u64) -> B,
        mut after_game: impl FnMut(&GameRecord<G::Move>, &Tally),
    ) -> Result<MatchReport<G::Move>, ArenaError>
    where
        A: Strategy<G>,
        B: Strategy<G>,
    {
        if self.games == 0 {
            return Err(ArenaError::NoGames);
        }
        if self.clock.is_some_and(|c| c.remaining().is_zero()) {
            return Err(ArenaError::NoTime);
        }
        let outcome = self.initial.outcome();
        if outcome.is_over() {
            return Err(ArenaError::InitialStateOver { outcome });
        }
        let limit = self
            .max_plies
            .or_else(|| self.initial.remaining_plies_bound())
            .unwrap_or(DEFAULT_MAX_PLIES);
        let mut report = MatchReport {
            name_a: String::new(),
            name_b: String::new(),
            tally: Tally::default(),
            games: Vec::with_capacity(self.games as usize),
        };
        let mut opening = Vec::new();
        for game in 0..self.games {
            let pair = game / 2;
            if game % 2 == 0 {
                opening = self.opening(pair);
            }
            let a_played = if game % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let mut a = make_a(derive_seed(self.seed, 2 * u64::from(game)));
            let mut b = make_b(derive_seed(self.seed, 2 * u64::from(game) + 1));
            if game == 0 {
                report.name_a = a.name();
                report.name_b = b.name();
            }
            let record = self.play_one(game, a_played, &opening, limit, &mut a, &mut b)?;
            report.tally.record(record.result);
            after_game(&record, &report.tally);
            report.games.push(record);
        }
        Ok(report)
    }

    /// Plays game number `game` with `A` as `a_played`, from `opening`.
    fn play_one<A, B>(
        &self,
        game: u32,
        a_played: Player,
        opening: &[G::Move],
        limit: u32,
        a: &mut A,
        b: &mut B,
    ) -> Result<GameRecord<G::Move>, ArenaError>
    where
        A: Strategy<G>,
        B: Strategy<G>,
    {
        let mut state = self.initial.clone();
        let mut moves = Vec::new();
        // The time left of A and of B, on a timed match.
        let mut left = self.clock.map(|c| [c.remaining(); 2]);
        let mut lost_on_time = None;
        loop {
            let outcome = match lost_on_time {
                Some(loser) => Outcome::Win(Player::opponent(loser)),
                None => state.outcome(),
            };
            if outcome.is_over() {
                let result = match outcome.value_for(a_played) {
                    Some(1) => Wdl::Win,
                    Some(-1) => Wdl::Loss,
                    _ => Wdl::Draw,
                };
                return Ok(GameRecord {
                    a_played,
                    outcome,
                    result,
                    opening_plies: opening.len() as u32,
                    moves,
                    lost_on_time,
                });
            }
            let ply = moves.len() as u32;
            if ply >= limit {
                return Err(ArenaError::TooLong { game, limit });
            }
            let mv = if let Some(&mv) = opening.get(ply as usize) {
                mv
            } else {
                let mover = state.to_move();
                let side = usize::from(mover != a_played);
                let started = Instant::now();
                let chosen = match (self.clock, left) {
                    (Some(clock), Some(left)) => {
                        let budget = clock
                            .with_remaining(left[side])
                            .budget()
                            .map_err(SearchError::Budget);
                        budget.and_then(|budget| {
                            if side == 0 {
                                a.choose_move_within(&state, budget)
                            } else {
                                b.choose_move_within(&state, budget)
                            }
                        })
                    }
                    _ if side == 0 => a.choose_move(&state),
                    _ => b.choose_move(&state),
                };
                let used = started.elapsed();
                let name = if side == 0 {
                    Strategy::<G>::name(a)
                } else {
                    Strategy::<G>::name(b)
                };
                let mv = chosen.map_err(|source| ArenaError::Strategy {
                    game,
                    ply,
                    strategy: name.clone(),
                    source,
                })?;
                if !state.is_legal(mv) {
                    return Err(ArenaError::IllegalMove {
                        game,
                        ply,
                        strategy: name,
                        mv: format!("{mv:?}"),
                    });
                }
                if let (Some(clock), Some(left)) = (self.clock, left.as_mut()) {
                    if used >= left[side] {
                        // The flag fell: the move is not played.
                        left[side] = Duration::ZERO;
                        lost_on_time = Some(mover);
                        continue;
                    }
                    left[side] = left[side] - used + clock.increment();
                }
                mv
            };
            a.observe_move(&state, mv);
            b.observe_move(&state, mv);
            state.play(mv);
            moves.push(mv);
        }
    }
}

/// Mixed into the seed of the openings so they do not correlate with the players' seeds.
const OPENING_SALT: u64 = 0x6f70_656e_696e_6773;

/// [`SplitMix64`] of `seed` advanced `index + 1` steps: well-spread, independent-looking
/// seeds for each game and player from one match seed.
fn derive_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Interval;
    use crate::RandomMover;
    use crate::strategy::Strategy;
    use proptest::prelude::{prop_assert, prop_assert_eq, proptest};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A small tic-tac-toe for the tests (search-core cannot depend on the `games` crate).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    struct Ttt {
        cells: [Option<Player>; 9],
        to_move: Player,
    }

    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    impl Ttt {
        fn new() -> Self {
            Ttt {
                cells: [None; 9],
                to_move: Player::First,
            }
        }
    }

    impl Game for Ttt {
        type Move = usize;
        fn to_move(&self) -> Player {
            self.to_move
        }
        fn legal_moves(&self, moves: &mut Vec<usize>) {
            if !self.outcome().is_over() {
                moves.extend((0..9).filter(|&c| self.cells[c].is_none()));
            }
        }
        fn play(&mut self, mv: usize) {
            self.cells[mv] = Some(self.to_move);
            self.to_move = self.to_move.opponent();
        }
        fn outcome(&self) -> Outcome {
            for line in LINES {
                if let Some(p) = self.cells[line[0]] {
                    if line.iter().all(|&c| self.cells[c] == Some(p)) {
                        return Outcome::Win(p);
                    }
                }
            }
            if self.cells.iter().all(Option::is_some) {
                Outcome::Draw
            } else {
                Outcome::Ongoing
            }
        }
    }

    /// Always the first legal move.
    struct FirstMover;
    impl<G: Game> Strategy<G> for FirstMover {
        fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
            state
                .legal_move_list()
                .first()
                .copied()
                .ok_or(SearchError::GameOver)
        }
        fn name(&self) -> String {
            "first".into()
        }
    }

    /// Plain negamax over the whole tic-tac-toe tree, memoised: a perfect player.
    #[derive(Default)]
    struct Perfect(std::collections::HashMap<Ttt, i32>);
    impl Perfect {
        /// The value of `s` for its side to move.
        fn negamax(&mut self, s: &Ttt) -> i32 {
            match s.outcome() {
                Outcome::Win(_) => return -1, // the player who just moved won
                Outcome::Draw => return 0,
                Outcome::Ongoing => {}
            }
            if let Some(&v) = self.0.get(s) {
                return v;
            }
            let v = s
                .legal_move_list()
                .into_iter()
                .map(|mv| {
                    let mut c = *s;
                    c.play(mv);
                    -self.negamax(&c)
                })
                .max()
                .unwrap_or(0);
            self.0.insert(*s, v);
            v
        }
    }
    impl Strategy<Ttt> for Perfect {
        fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
            s.legal_move_list()
                .into_iter()
                .max_by_key(|&mv| {
                    let mut c = *s;
                    c.play(mv);
                    -self.negamax(&c)
                })
                .ok_or(SearchError::GameOver)
        }
        fn name(&self) -> String {
            "perfect".into()
        }
    }

    /// Records, into a shared log, the colour it was asked to play and how many moves it saw.
    struct Spy {
        log: Rc<RefCell<Vec<(Player, usize)>>>,
        observed: Rc<RefCell<usize>>,
        inner: RandomMover,
    }
    impl Strategy<Ttt> for Spy {
        fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
            let before = s.cells.iter().filter(|c| c.is_some()).count();
            self.log.borrow_mut().push((s.to_move, before));
            self.inner.choose_move(s)
        }
        fn observe_move(&mut self, _: &Ttt, _: usize) {
            *self.observed.borrow_mut() += 1;
        }
    }

    /// Returns cell 9, which does not exist.
    struct Cheater;
    impl Strategy<Ttt> for Cheater {
        fn choose_move(&mut self, _: &Ttt) -> Result<usize, SearchError> {
            Ok(9)
        }
        fn name(&self) -> String {
            "cheater".into()
        }
    }

    /// Refuses to move.
    struct Sulker;
    impl Strategy<Ttt> for Sulker {
        fn choose_move(&mut self, _: &Ttt) -> Result<usize, SearchError> {
            Err(SearchError::Config("sulking".into()))
        }
    }

    /// Plays the first legal move after sleeping `sleep`, and logs each move's budget.
    struct Sleeper {
        sleep: std::time::Duration,
        budgets: Rc<RefCell<Vec<Option<std::time::Duration>>>>,
    }
    impl Strategy<Ttt> for Sleeper {
        fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
            std::thread::sleep(self.sleep);
            FirstMover.choose_move(s)
        }
        fn choose_move_within(
            &mut self,
            s: &Ttt,
            budget: crate::Budget,
        ) -> Result<usize, SearchError> {
            self.budgets.borrow_mut().push(budget.time_limit());
            self.choose_move(s)
        }
    }

    #[test]
    fn a_strategy_that_overspends_its_clock_loses_on_time() {
        let ms = std::time::Duration::from_millis;
        let budgets = Rc::new(RefCell::new(Vec::new()));
        let log = Rc::clone(&budgets);
        let report = Arena::new(Ttt::new())
            .with_games(2)
            .with_clock(GameClock::new(ms(50)))
            .run(
                move |_| Sleeper {
                    sleep: ms(30),
                    budgets: Rc::clone(&log),
                },
                |_| Perfect::default(),
            )
            .unwrap();
        assert_eq!(report.time_losses(), (2, 0));
        assert_eq!(report.tally.losses, 2);
        for game in &report.games {
            assert_eq!(game.lost_on_time, Some(game.a_played));
            assert_eq!(game.outcome, Outcome::Win(game.a_played.opponent()));
            // Its first move was played, its second (past the flag) was not.
            let a_moves = game.moves.len() / 2
                + usize::from(game.a_played == Player::First && game.moves.len() % 2 == 1);
            assert_eq!(a_moves, 1, "{game:?}");
        }
        // Every move was given its share of what was left, less and less.
        let budgets = budgets.borrow();
        assert_eq!(budgets.len(), 4);
        let first = GameClock::new(ms(50)).move_time().unwrap();
        assert_eq!(budgets[0], Some(first));
        assert!(budgets[1].unwrap() <= first);
    }

    #[test]
    fn a_generous_clock_changes_nothing_for_strategies_that_ignore_it() {
        let arena = Arena::new(Ttt::new()).with_games(6).with_seed(5);
        let untimed = arena.run(RandomMover::new, RandomMover::new).unwrap();
        let clock = GameClock::new(std::time::Duration::from_secs(60))
            .with_increment(std::time::Duration::from_secs(1));
        let timed = arena
            .clone()
            .with_clock(clock)
            .run(RandomMover::new, RandomMover::new)
            .unwrap();
        assert_eq!(timed.time_losses(), (0, 0));
        assert_eq!(timed.games, untimed.games);
        assert_eq!(arena.with_clock(clock).clock(), Some(clock));
    }

    #[test]
    fn a_clock_without_time_is_refused() {
        let arena = Arena::new(Ttt::new()).with_clock(GameClock::new(std::time::Duration::ZERO));
        assert_eq!(
            arena.run(RandomMover::new, RandomMover::new).unwrap_err(),
            ArenaError::NoTime
        );
    }

    #[test]
    fn results_add_up_and_replay_from_the_seed() {
        let arena = Arena::new(Ttt::new()).with_games(51).with_seed(5);
        let r = arena.run(|_| FirstMover, RandomMover::new).unwrap();
        let t = r.tally;
        assert_eq!(t.games(), 51);
        assert_eq!(r.games.len(), 51);
        assert_eq!((r.name_a.as_str(), r.name_b.as_str()), ("first", "random"));
        let counted = r.games.iter().fold(Tally::default(), |mut acc, g| {
            acc.record(g.result);
            acc
        });
        assert_eq!(counted, t);
        // Every record replays to its outcome from the initial state.
        for g in &r.games {
            let mut s = Ttt::new();
            for &mv in &g.moves {
                s.try_play(mv).unwrap();
            }
            assert_eq!(s.outcome(), g.outcome);
        }
        let again = arena.run(|_| FirstMover, RandomMover::new).unwrap();
        assert_eq!(again, r);
        let other = Arena::new(Ttt::new())
            .with_games(51)
            .with_seed(6)
            .run(|_| FirstMover, RandomMover::new)
            .unwrap();
        assert_ne!(other.games, r.games);
    }

    #[test]
    fn a_perfect_player_never_loses_to_random_and_the_interval_says_so() {
        let r = Arena::new(Ttt::new())
            .with_games(60)
            .with_seed(1)
            .run(|_| Perfect::default(), RandomMover::new)
            .unwrap();
        assert_eq!(r.tally.losses, 0, "{r}");
        assert!(r.tally.score_interval().low > 0.5, "{r}");
        assert!(r.tally.elo().low.unwrap() > 0.0, "{r}");
        // The first-move player is beatable: random wins some games against it.
        let weak = Arena::new(Ttt::new())
            .with_games(60)
            .with_seed(1)
            .run(|_| FirstMover, RandomMover::new)
            .unwrap();
        assert!(weak.tally.losses > 0, "{weak}");
        assert!(weak.tally.score() < r.tally.score());
    }

    #[test]
    fn colours_alternate_and_every_move_is_observed() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let observed = Rc::new(RefCell::new(0));
        let r = {
            let (log, observed) = (log.clone(), observed.clone());
            Arena::new(Ttt::new())
                .with_games(9)
                .with_seed(2)
                .run(
                    move |seed| {
                        log.borrow_mut().clear();
                        *observed.borrow_mut() = 0;
                        Spy {
                            log: log.clone(),
                            observed: observed.clone(),
                            inner: RandomMover::new(seed),
                        }
                    },
                    RandomMover::new,
                )
                .unwrap()
        };
        // The log holds the last game only (cleared per game): game 8, A first.
        for (i, g) in r.games.iter().enumerate() {
            let want = if i % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(g.a_played, want, "game {i}");
        }
        let last = r.games.last().unwrap();
        assert_eq!(*observed.borrow(), last.moves.len());
        let log = log.borrow();
        assert!(log.iter().all(|&(p, _)| p == Player::First));
        // A moved at plies 0, 2, 4...: exactly its share of the game.
        assert_eq!(log.len(), last.moves.len().div_ceil(2));
        assert!(log.iter().enumerate().all(|(i, &(_, seen))| seen == 2 * i));
    }

    #[test]
    fn openings_are_shared_by_each_pair_and_vary_between_pairs() {
        let arena = Arena::new(Ttt::new())
            .with_games(20)
            .with_seed(9)
            .with_opening_plies(3);
        let r = arena.run(|_| FirstMover, |_| FirstMover).unwrap();
        let mut distinct = std::collections::HashSet::new();
        for (index, pair) in (0u32..).zip(r.games.chunks(2)) {
            let open = &pair[0].moves[..3];
            assert_eq!(pair[0].opening_plies, 3);
            assert_eq!(&pair[1].moves[..3], open);
            assert_eq!(open, arena.opening(index).as_slice());
            distinct.insert(open.to_vec());
        }
        // Two deterministic players still produce many different games.
        assert!(distinct.len() > 5, "{distinct:?}");
        let games: std::collections::HashSet<_> = r.games.iter().map(|g| &g.moves).collect();
        assert!(games.len() > 5);
        // Without openings they replay one game twenty times.
        let plain = Arena::new(Ttt::new())
            .with_games(20)
            .run(|_| FirstMover, |_| FirstMover)
            .unwrap();
        let games: std::collections::HashSet<_> = plain.games.iter().map(|g| &g.moves).collect();
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn failures_are_typed_errors() {
        let arena = Arena::new(Ttt::new()).with_games(4);
        let e = arena.run(|_| Cheater, RandomMover::new).unwrap_err();
        assert_eq!(
            e,
            ArenaError::IllegalMove {
                game: 0,
                ply: 0,
                strategy: "cheater".into(),
                mv: "9".into()
            }
        );
        // In game 1 the cheater plays second: its first move is at ply 1.
        let e = arena.run(RandomMover::new, |_| Cheater).unwrap_err();
        assert!(
            matches!(
                e,
                ArenaError::IllegalMove {
                    game: 0,
                    ply: 1,
                    ..
                }
            ),
            "{e}"
        );
        let e = arena.run(|_| Sulker, RandomMover::new).unwrap_err();
        assert!(matches!(
            e,
            ArenaError::Strategy {
                source: SearchError::Config(_),
                ..
            }
        ));
        assert!(e.to_string().contains("sulking"));
        assert_eq!(
            Arena::new(Ttt::new())
                .with_games(0)
                .run(RandomMover::new, RandomMover::new)
                .unwrap_err(),
            ArenaError::NoGames
        );
        let mut won = Ttt::new();
        for mv in [0, 3, 1, 4, 2] {
            won.play(mv);
        }
        assert!(matches!(
            Arena::new(won).run(RandomMover::new, RandomMover::new),
            Err(ArenaError::InitialStateOver { .. })
        ));
        assert_eq!(
            Arena::new(Ttt::new())
                .with_max_plies(4)
                .run(|_| FirstMover, |_| FirstMover)
                .unwrap_err(),
            ArenaError::TooLong { game: 0, limit: 4 }
        );
    }

    #[test]
    fn wilson_interval_matches_hand_computed_values() {
        // 7 of 10 and 70 of 100: computed from the formula by hand.
        let Interval { low: l, high: h } = Tally::new(7, 0, 3).score_interval();
        assert!(
            (l - 0.396_8).abs() < 5e-4 && (h - 0.892_2).abs() < 5e-4,
            "{l} {h}"
        );
        let Interval { low: l, high: h } = Tally::new(70, 0, 30).score_interval();
        assert!(
            (l - 0.604_2).abs() < 5e-4 && (h - 0.780_9).abs() < 5e-4,
            "{l} {h}"
        );
        // Elo: 75 % is 400·log10(3).
        let d = Tally::new(30, 0, 10).elo().difference.unwrap();
        assert!((d - 400.0 * 3f64.log10()).abs() < 1e-9);
        assert_eq!(Tally::new(5, 10, 5).elo().difference, Some(0.0));
    }

    #[test]
    fn the_interval_narrows_with_more_games() {
        let mut last = f64::INFINITY;
        for n in [10, 40, 160, 640] {
            let Interval { low: l, high: h } =
                Tally::new(n * 6 / 10, 0, n * 4 / 10).score_interval();
            assert!(h - l < last, "n = {n}");
            last = h - l;
        }
        // And with real matches of the same strategies.
        let short = Arena::new(Ttt::new()).with_games(20).with_seed(4);
        let long = Arena::new(Ttt::new()).with_games(200).with_seed(4);
        let width = |r: MatchReport<usize>| {
            let Interval { low: l, high: h } = r.tally.score_interval();
            h - l
        };
        let s = width(short.run(|_| FirstMover, RandomMover::new).unwrap());
        let l = width(long.run(|_| FirstMover, RandomMover::new).unwrap());
        assert!(l < s, "{l} >= {s}");
    }

    #[test]
    fn reports_display_as_one_line() {
        let r = Arena::new(Ttt::new())
            .with_games(10)
            .run(|_| Perfect::default(), RandomMover::new)
            .unwrap();
        let line = r.to_string();
        assert!(line.starts_with("perfect vs random: 10 games  +"), "{line}");
        assert!(!line.contains('\n'));
        assert!(!line.contains("inf") && !line.contains("NaN"), "{line}");
    }

    proptest! {
        #[test]
        fn intervals_are_finite_ordered_and_contain_the_score(
            w in 0u32..2_000, d in 0u32..2_000, l in 0u32..2_000
        ) {
            let t = Tally::new(w, d, l);
            let Interval { low, high } = t.score_interval();
            let s = t.score();
            prop_assert!(low.is_finite() && high.is_finite());
            prop_assert!(0.0 <= low && low <= s && s <= high && high <= 1.0, "{low} {s} {high}");
            let e = t.elo();
            for v in [e.difference, e.low, e.high].into_iter().flatten() {
                prop_assert!(v.is_finite());
            }
            if let (Some(lo), Some(d), Some(hi)) = (e.low, e.difference, e.high) {
                prop_assert!(lo <= d && d <= hi);
            }
            prop_assert_eq!(e.difference.is_none(), t.games() == 0 || s == 0.0 || s == 1.0);
            let text = t.to_string();
            prop_assert!(!text.contains("inf") && !text.contains("NaN"), "{}", text);
        }
    }
}
