//! The match runner for [`GeneralGame`]s: games of any number of players, with or without
//! chance nodes (dice), played by several engines that take turns in every seat.
//!
//! # How games are set up
//! * `E` engines share the `N` seats of a game. Game `g` is rotation `r = g mod E` of its
//!   round: seat `s` is taken by engine `(s + r) mod E`. Over the `E` games of a round every
//!   engine takes every seat exactly once, whether there are fewer engines than seats (two
//!   engines in three seats: `A B A`, then `B A B`), as many, or more (three engines in two
//!   seats: `A B`, `B C`, `C A`). With a number of games that is not a multiple of `E`, the
//!   last round is cut short and the seats are not quite balanced.
//! * **Every game of a round rolls the same dice**: the `k`-th chance outcome of each game
//!   is drawn from the `k`-th number of the round's seeded stream. In a game where chance
//!   and the players alternate (a roll, then a move) each seat gets the same rolls in every
//!   game of the round, whichever engine sits there, so the luck of the dice cancels out
//!   over the round.
//! * With [`GeneralArena::with_opening_plies`] set to `k > 0`, each round starts from its
//!   own seeded random opening of `k` players' moves (chance outcomes in between are drawn
//!   from the round's dice), shared by all the games of the round. The opening never ends
//!   the game: it stops early if every legal move would.
//! * Every game builds a fresh player for each seat by calling the factory with the engine's
//!   number and a seed derived from the match's seed, the game and the seat, so any game
//!   can be replayed.
//! * A seat's result is a **win** when its reward is the highest and no other seat has it,
//!   a **draw** when it shares the highest reward, a **loss** otherwise.
//!
//! # Example
//! ```
//! use search_core::arena::{GeneralArena, GeneralStrategy};
//! use search_core::{GeneralGame, SearchError, SplitMix64, Turn};
//!
//! /// Three players in turn add 1 or 2 to a total; whoever brings it to 10 wins.
//! #[derive(Clone)]
//! struct Ten { total: u8, to_move: usize }
//! impl GeneralGame for Ten {
//!     type Move = u8;
//!     fn player_count(&self) -> usize { 3 }
//!     fn turn(&self) -> Turn { if self.total >= 10 { Turn::Over } else { Turn::Player(self.to_move) } }
//!     fn moves(&self, m: &mut Vec<u8>) { if self.total < 10 { m.extend([1, 2]) } }
//!     fn apply(&mut self, mv: u8) {
//!         self.total += mv;
//!         if self.total < 10 { self.to_move = (self.to_move + 1) % 3 }
//!     }
//!     fn rewards(&self, r: &mut [f64]) { r.fill(0.0); r[self.to_move] = 1.0 }
//!     fn reward_range(&self) -> (f64, f64) { (0.0, 1.0) }
//! }
//!
//! /// A random choice of 1 or 2.
//! struct Random(SplitMix64);
//! impl GeneralStrategy<Ten> for Random {
//!     fn choose_move(&mut self, _: &Ten) -> Result<u8, SearchError> { Ok(1 + self.0.below(2) as u8) }
//!     fn name(&self) -> String { "random".into() }
//! }
//!
//! let report = GeneralArena::new(Ten { total: 0, to_move: 0 }, 3)
//!     .with_games(30)
//!     .with_seed(7)
//!     .run(|_engine, seed| Random(SplitMix64::new(seed)))
//!     .unwrap();
//! // Every engine took every seat 10 times.
//! for engine in report.seat_results() {
//!     assert!(engine.iter().all(|seat| seat.games() == 10));
//! }
//! assert_eq!(report.games.len(), 30);
//! ```

use crate::error::SearchError;
use crate::general::{GeneralGame, Turn};
use crate::rng::SplitMix64;
use crate::wdl::Wdl;

use super::{ArenaError, DEFAULT_MAX_PLIES, OPENING_SALT, Tally, derive_seed};

/// Anything that chooses a move for the player to move in a state of a [`GeneralGame`]:
/// what [`GeneralArena`] seats.
///
/// ```
/// use search_core::arena::GeneralStrategy;
/// use search_core::{GeneralGame, SearchError};
/// /// Always the first legal move.
/// struct First;
/// impl<G: GeneralGame> GeneralStrategy<G> for First {
///     fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
///         let mut moves = Vec::new();
///         state.moves(&mut moves);
///         moves.first().copied().ok_or(SearchError::NoLegalMoves)
///     }
///     fn name(&self) -> String { "first".into() }
/// }
/// ```
pub trait GeneralStrategy<G: GeneralGame> {
    /// Chooses a move for the player to move in `state`.
    ///
    /// # Errors
    /// Whatever keeps the strategy from choosing (a search error, a configuration it
    /// cannot play with).
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError>;

    /// A short name for reports.
    fn name(&self) -> String;
}

/// A boxed strategy plays as the strategy inside: a factory may return engines of
/// different types as `Box<dyn GeneralStrategy<G>>`.
impl<G: GeneralGame, S: GeneralStrategy<G> + ?Sized> GeneralStrategy<G> for Box<S> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        (**self).choose_move(state)
    }

    fn name(&self) -> String {
        (**self).name()
    }
}

/// Mixed into the seed of the dice so they do not correlate with the openings or players.
const DICE_SALT: u64 = 0x6469_6365_2064_6963;

/// Plays seeded matches between engines in a [`GeneralGame`] (see the
/// [module docs](self) for how seats, dice and openings are set up).
///
/// ```
/// use search_core::arena::GeneralArena;
/// # use search_core::{GeneralGame, Turn};
/// # #[derive(Clone)] struct G;
/// # impl GeneralGame for G {
/// #   type Move = u8;
/// #   fn player_count(&self) -> usize { 3 }
/// #   fn turn(&self) -> Turn { Turn::Over }
/// #   fn moves(&self, _: &mut Vec<u8>) {}
/// #   fn apply(&mut self, _: u8) {}
/// #   fn rewards(&self, r: &mut [f64]) { r.fill(0.0) }
/// # }
/// let arena = GeneralArena::new(G, 2).with_games(12).with_seed(3).with_opening_plies(2);
/// assert_eq!((arena.game_count(), arena.engine_count()), (12, 2));
/// assert_eq!(arena.seating(0), [0, 1, 0]);
/// assert_eq!(arena.seating(1), [1, 0, 1]);
/// ```
#[derive(Clone, Debug)]
pub struct GeneralArena<G> {
    initial: G,
    engines: usize,
    games: u32,
    seed: u64,
    opening_plies: u32,
    max_plies: Option<u32>,
}

/// One game of a general match: who sat where, the rewards, and every move and chance
/// outcome, so that a game can be replayed from the arena's initial state.
///
/// ```
/// use search_core::arena::GeneralRecord;
/// use search_core::Wdl;
/// let r = GeneralRecord { seating: vec![1, 0, 1], rewards: vec![0.0, 1.0, 0.0],
///                         opening_plies: 0, moves: vec![3u8, 4, 5] };
/// assert_eq!((r.result(0), r.result(1)), (Wdl::Loss, Wdl::Win));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralRecord<M> {
    /// The engine in each seat (seat 0 is player 0).
    pub seating: Vec<usize>,
    /// Each seat's reward at the end.
    pub rewards: Vec<f64>,
    /// How many of the first `moves` were the random opening (chance outcomes included).
    pub opening_plies: u32,
    /// Every move and chance outcome from the initial state, opening included.
    pub moves: Vec<M>,
}

impl<M> GeneralRecord<M> {
    /// The result of `seat`: a win for the highest reward alone, a draw for a share of the
    /// highest, a loss below it.
    ///
    /// ```
    /// use search_core::arena::GeneralRecord;
    /// use search_core::Wdl;
    /// let all_equal = GeneralRecord::<u8> { seating: vec![0, 1, 2], rewards: vec![1.0 / 3.0; 3],
    ///                                       opening_plies: 0, moves: vec![] };
    /// assert_eq!(all_equal.result(2), Wdl::Draw);
    /// ```
    #[must_use]
    pub fn result(&self, seat: usize) -> Wdl {
        let mine = self.rewards[seat];
        let best = self
            .rewards
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        if mine < best {
            Wdl::Loss
        } else if self.rewards.iter().filter(|&&r| r == best).count() > 1 {
            Wdl::Draw
        } else {
            Wdl::Win
        }
    }
}

/// Wins, draws, losses and the rewards of an engine, in one seat or in all of them.
///
/// ```
/// use search_core::arena::{SeatTally, Tally};
/// let t = SeatTally { tally: Tally::new(2, 1, 1), reward: 2.5 };
/// assert_eq!((t.games(), t.mean_reward()), (4, Some(0.625)));
/// assert_eq!(SeatTally::default().mean_reward(), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SeatTally {
    /// Wins, draws and losses (see [`GeneralRecord::result`]).
    pub tally: Tally,
    /// The sum of the rewards.
    pub reward: f64,
}

impl SeatTally {
    /// The number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.tally.games()
    }

    /// The mean reward, `None` without games.
    #[must_use]
    pub fn mean_reward(&self) -> Option<f64> {
        match self.games() {
            0 => None,
            n => Some(self.reward / n as f64),
        }
    }

    fn record(&mut self, result: Wdl, reward: f64) {
        self.tally.record(result);
        self.reward += reward;
    }
}

/// What a general match produced: the engines' names and every game.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralReport<M> {
    /// The [`name`](GeneralStrategy::name) of each engine.
    pub names: Vec<String>,
    /// The number of seats (players) of the game.
    pub players: usize,
    /// Every game, in the order played.
    pub games: Vec<GeneralRecord<M>>,
}

impl<M> GeneralReport<M> {
    /// The results of each engine in each seat: element `[engine][seat]`.
    #[must_use]
    pub fn seat_results(&self) -> Vec<Vec<SeatTally>> {
        let mut results = vec![vec![SeatTally::default(); self.players]; self.names.len()];
        for game in &self.games {
            for (seat, &engine) in game.seating.iter().enumerate() {
                results[engine][seat].record(game.result(seat), game.rewards[seat]);
            }
        }
        results
    }

    /// The results of each engine over every seat it took (an engine in two seats of a game
    /// counts both).
    #[must_use]
    pub fn engine_results(&self) -> Vec<SeatTally> {
        self.seat_results()
            .into_iter()
            .map(|seats| {
                seats.into_iter().fold(SeatTally::default(), |mut all, s| {
                    all.tally.wins += s.tally.wins;
                    all.tally.draws += s.tally.draws;
                    all.tally.losses += s.tally.losses;
                    all.reward += s.reward;
                    all
                })
            })
            .collect()
    }

    /// Engine 0's wins, draws and losses against engine 1, for two engines in a game of two
    /// players (`None` otherwise): the tally an Elo estimate is made of.
    #[must_use]
    pub fn tally(&self) -> Option<Tally> {
        if self.players != 2 || self.names.len() != 2 {
            return None;
        }
        let mut tally = Tally::default();
        for game in &self.games {
            let seat = game.seating.iter().position(|&e| e == 0)?;
            tally.record(game.result(seat));
        }
        Some(tally)
    }
}

/// The dice of a round: the seeded stream chance outcomes are drawn from.
#[derive(Clone, Debug)]
struct Dice(SplitMix64);

impl Dice {
    /// An outcome of `state`'s chance node, by its probability.
    fn roll<G: GeneralGame>(
        &mut self,
        state: &G,
        outcomes: &mut Vec<(G::Move, f64)>,
        game: u32,
        ply: u32,
    ) -> Result<G::Move, ArenaError> {
        outcomes.clear();
        state.chance_outcomes(outcomes);
        let Some(&(last, _)) = outcomes.last() else {
            return Err(ArenaError::BrokenGame {
                game,
                ply,
                what: "a chance node has no outcomes".into(),
            });
        };
        let mut u = self.0.next_f64();
        for &(outcome, p) in outcomes.iter() {
            if u < p {
                return Ok(outcome);
            }
            u -= p;
        }
        // Rounding left `u` past the total: the last outcome.
        Ok(last)
    }
}

/// Where every game of a round starts: the state after the opening, the opening's moves
/// and outcomes, and the dice after them.
#[derive(Clone)]
struct RoundStart<G: GeneralGame> {
    state: G,
    moves: Vec<G::Move>,
    dice: Dice,
}

impl<G: GeneralGame> GeneralArena<G> {
    /// 100 games from `initial` between `engines` engines, seed 0, no random openings.
    ///
    /// ```
    /// # use search_core::{GeneralGame, Turn};
    /// # #[derive(Clone)] struct G;
    /// # impl GeneralGame for G {
    /// #   type Move = u8;
    /// #   fn player_count(&self) -> usize { 2 }
    /// #   fn turn(&self) -> Turn { Turn::Over }
    /// #   fn moves(&self, _: &mut Vec<u8>) {}
    /// #   fn apply(&mut self, _: u8) {}
    /// #   fn rewards(&self, r: &mut [f64]) { r.fill(0.0) }
    /// # }
    /// assert_eq!(search_core::arena::GeneralArena::new(G, 2).game_count(), 100);
    /// ```
    #[must_use]
    pub fn new(initial: G, engines: usize) -> Self {
        GeneralArena {
            initial,
            engines,
            games: 100,
            seed: 0,
            opening_plies: 0,
            max_plies: None,
        }
    }

    /// How many games to play (at least one, or [`run`](GeneralArena::run) fails); a
    /// multiple of the number of engines gives every engine every seat equally often.
    #[must_use]
    pub fn with_games(mut self, games: u32) -> Self {
        self.games = games;
        self
    }

    /// The seed of the whole match: the same seed replays the same games (given
    /// deterministic strategies).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Starts each round from a seeded random opening of `plies` players' moves (0, the
    /// default, starts every game from the initial state).
    #[must_use]
    pub fn with_opening_plies(mut self, plies: u32) -> Self {
        self.opening_plies = plies;
        self
    }

    /// A game longer than `plies` moves and chance outcomes is an
    /// [`ArenaError::TooLong`]. Default: one million.
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    /// The number of games [`run`](GeneralArena::run) plays.
    #[must_use]
    pub fn game_count(&self) -> u32 {
        self.games
    }

    /// The number of engines.
    #[must_use]
    pub fn engine_count(&self) -> usize {
        self.engines
    }

    /// The engine in each seat of game `game` (0-based): seat `s` is taken by engine
    /// `(s + game) mod E`. Empty without engines.
    ///
    /// ```
    /// # use search_core::{GeneralGame, Turn};
    /// # #[derive(Clone)] struct G;
    /// # impl GeneralGame for G {
    /// #   type Move = u8;
    /// #   fn player_count(&self) -> usize { 2 }
    /// #   fn turn(&self) -> Turn { Turn::Over }
    /// #   fn moves(&self, _: &mut Vec<u8>) {}
    /// #   fn apply(&mut self, _: u8) {}
    /// #   fn rewards(&self, r: &mut [f64]) { r.fill(0.0) }
    /// # }
    /// let arena = search_core::arena::GeneralArena::new(G, 3);
    /// let seatings: Vec<Vec<usize>> = (0..3).map(|g| arena.seating(g)).collect();
    /// assert_eq!(seatings, [[0, 1], [1, 2], [2, 0]]);
    /// ```
    #[must_use]
    pub fn seating(&self, game: u32) -> Vec<usize> {
        if self.engines == 0 {
            return Vec::new();
        }
        let rotation = game as usize % self.engines;
        (0..self.initial.player_count())
            .map(|seat| (seat + rotation) % self.engines)
            .collect()
    }

    /// The random opening of round `round` (games `E·round` to `E·round + E - 1`): the
    /// moves and chance outcomes, each legal in turn from the initial state, none ending the
    /// game.
    ///
    /// # Errors
    /// [`ArenaError::BrokenGame`] for a chance node without outcomes or a player without
    /// moves.
    pub fn opening(&self, round: u32) -> Result<Vec<G::Move>, ArenaError> {
        Ok(self.round_start(round)?.moves)
    }

    /// The state, moves and dice every game of round `round` starts from.
    fn round_start(&self, round: u32) -> Result<RoundStart<G>, ArenaError> {
        let first_game = round.saturating_mul(self.engines as u32);
        let mut choices = SplitMix64::new(derive_seed(self.seed ^ OPENING_SALT, round.into()));
        let mut dice = Dice(SplitMix64::new(derive_seed(
            self.seed ^ DICE_SALT,
            round.into(),
        )));
        let mut state = self.initial.clone();
        let mut moves = Vec::new();
        let (mut legal, mut keep, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        let mut played = 0;
        while played < self.opening_plies {
            let ply = moves.len() as u32;
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let outcome = dice.roll(&state, &mut outcomes, first_game, ply)?;
                    state.apply(outcome);
                    moves.push(outcome);
                }
                Turn::Player(_) => {
                    legal.clear();
                    state.moves(&mut legal);
                    if legal.is_empty() {
                        return Err(no_moves(first_game, ply));
                    }
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
                    moves.push(mv);
                    played += 1;
                }
            }
        }
        Ok(RoundStart { state, moves, dice })
    }

    /// Plays the match. `make(engine, seed)` builds a fresh player of engine `engine`
    /// (0-based) for one seat of one game.
    ///
    /// # Errors
    /// [`ArenaError::NoGames`] for zero games, [`ArenaError::NoEngines`] for zero engines,
    /// [`ArenaError::GeneralStateOver`] when the initial state is finished,
    /// [`ArenaError::Strategy`] when a player fails to choose, [`ArenaError::IllegalMove`]
    /// when it chooses an illegal move, [`ArenaError::BrokenGame`] for a chance node without
    /// outcomes or a player without moves, and [`ArenaError::TooLong`] when a game exceeds
    /// [`with_max_plies`](GeneralArena::with_max_plies).
    ///
    /// See the [module docs](self) for an example.
    pub fn run<S: GeneralStrategy<G>>(
        &self,
        make: impl FnMut(usize, u64) -> S,
    ) -> Result<GeneralReport<G::Move>, ArenaError> {
        self.run_with_progress(make, |_| {})
    }

    /// [`run`](GeneralArena::run), calling `after_game` with each finished game.
    ///
    /// # Errors
    /// As [`run`](GeneralArena::run).
    pub fn run_with_progress<S: GeneralStrategy<G>>(
        &self,
        mut make: impl FnMut(usize, u64) -> S,
        mut after_game: impl FnMut(&GeneralRecord<G::Move>),
    ) -> Result<GeneralReport<G::Move>, ArenaError> {
        if self.games == 0 {
            return Err(ArenaError::NoGames);
        }
        if self.engines == 0 {
            return Err(ArenaError::NoEngines);
        }
        if self.initial.turn() == Turn::Over {
            return Err(ArenaError::GeneralStateOver);
        }
        let players = self.initial.player_count();
        let limit = self.max_plies.unwrap_or(DEFAULT_MAX_PLIES);
        let mut names: Vec<Option<String>> = vec![None; self.engines];
        let mut games = Vec::with_capacity(self.games as usize);
        let mut start = self.round_start(0)?;
        for game in 0..self.games {
            if game > 0 && game as usize % self.engines == 0 {
                start = self.round_start(game / self.engines as u32)?;
            }
            let seating = self.seating(game);
            let mut seats: Vec<S> = seating
                .iter()
                .enumerate()
                .map(|(seat, &engine)| {
                    let index = u64::from(game) * players as u64 + seat as u64;
                    make(engine, derive_seed(self.seed, index))
                })
                .collect();
            for (seat, &engine) in seating.iter().enumerate() {
                names[engine].get_or_insert_with(|| seats[seat].name());
            }
            let record = self.play_one(game, &start, seating, &mut seats, limit)?;
            after_game(&record);
            games.push(record);
        }
        let names = names
            .into_iter()
            .enumerate()
            .map(|(engine, name)| name.unwrap_or_else(|| make(engine, self.seed).name()))
            .collect();
        Ok(GeneralReport {
            names,
            players,
            games,
        })
    }

    /// Plays game `game` from its round's start with `seats`.
    fn play_one<S: GeneralStrategy<G>>(
        &self,
        game: u32,
        start: &RoundStart<G>,
        seating: Vec<usize>,
        seats: &mut [S],
        limit: u32,
    ) -> Result<GeneralRecord<G::Move>, ArenaError> {
        let RoundStart {
            mut state,
            mut moves,
            mut dice,
        } = start.clone();
        let opening_plies = moves.len() as u32;
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        loop {
            let ply = moves.len() as u32;
            let mv = match state.turn() {
                Turn::Over => break,
                _ if ply >= limit => return Err(ArenaError::TooLong { game, limit }),
                Turn::Chance => dice.roll(&state, &mut outcomes, game, ply)?,
                Turn::Player(p) => {
                    let Some(seat) = seats.get_mut(p) else {
                        return Err(ArenaError::BrokenGame {
                            game,
                            ply,
                            what: format!(
                                "player {p} is to move, but the game has {} players",
                                seating.len()
                            ),
                        });
                    };
                    let mv = seat
                        .choose_move(&state)
                        .map_err(|source| ArenaError::Strategy {
                            game,
                            ply,
                            strategy: seat.name(),
                            source,
                        })?;
                    legal.clear();
                    state.moves(&mut legal);
                    if legal.is_empty() {
                        return Err(no_moves(game, ply));
                    }
                    if !legal.contains(&mv) {
                        return Err(ArenaError::IllegalMove {
                            game,
                            ply,
                            strategy: seat.name(),
                            mv: format!("{mv:?}"),
                        });
                    }
                    mv
                }
            };
            state.apply(mv);
            moves.push(mv);
        }
        let mut rewards = vec![0.0; seating.len()];
        state.rewards(&mut rewards);
        Ok(GeneralRecord {
            seating,
            rewards,
            opening_plies,
            moves,
        })
    }
}

fn no_moves(game: u32, ply: u32) -> ArenaError {
    ArenaError::BrokenGame {
        game,
        ply,
        what: "a player is to move but has no legal move".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Each turn the player to move rolls a die, then keeps the roll or halves it (rounding
    /// up); the first to a total of 12 wins. Two or three players.
    #[derive(Clone, Debug)]
    struct DiceRace {
        totals: Vec<u32>,
        to_move: usize,
        roll: Option<u8>,
    }

    impl DiceRace {
        fn new(players: usize) -> Self {
            DiceRace {
                totals: vec![0; players],
                to_move: 0,
                roll: None,
            }
        }
    }

    impl GeneralGame for DiceRace {
        type Move = u8; // 1..=6: a face; 100: keep; 101: halve
        const REWARD_SUM: Option<f64> = Some(1.0);
        fn player_count(&self) -> usize {
            self.totals.len()
        }
        fn turn(&self) -> Turn {
            if self.totals.iter().any(|&t| t >= 12) {
                Turn::Over
            } else if self.roll.is_none() {
                Turn::Chance
            } else {
                Turn::Player(self.to_move)
            }
        }
        fn moves(&self, moves: &mut Vec<u8>) {
            if let Turn::Player(_) = self.turn() {
                moves.extend([100, 101]);
            }
        }
        fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
            if self.turn() == Turn::Chance {
                outcomes.extend((1..=6).map(|f| (f, 1.0 / 6.0)));
            }
        }
        fn apply(&mut self, mv: u8) {
            match self.roll.take() {
                None => self.roll = Some(mv),
                Some(r) => {
                    let gain = if mv == 100 { r } else { r.div_ceil(2) };
                    self.totals[self.to_move] += u32::from(gain);
                    if self.totals[self.to_move] < 12 {
                        self.to_move = (self.to_move + 1) % self.totals.len();
                    }
                }
            }
        }
        fn rewards(&self, rewards: &mut [f64]) {
            rewards.fill(0.0);
            rewards[self.to_move] = 1.0;
        }
        fn reward_range(&self) -> (f64, f64) {
            (0.0, 1.0)
        }
    }

    /// Keeps every roll (engine 0) or halves it (others), with a name for the engine.
    struct Fixed(usize);
    impl GeneralStrategy<DiceRace> for Fixed {
        fn choose_move(&mut self, _: &DiceRace) -> Result<u8, SearchError> {
            Ok(if self.0 == 0 { 100 } else { 101 })
        }
        fn name(&self) -> String {
            format!("fixed {}", self.0)
        }
    }

    /// A random legal move.
    struct Random(SplitMix64);
    impl<G: GeneralGame> GeneralStrategy<G> for Random {
        fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            if moves.is_empty() {
                return Err(SearchError::NoLegalMoves);
            }
            Ok(moves[self.0.below(moves.len())])
        }
        fn name(&self) -> String {
            "random".into()
        }
    }

    /// The chance outcomes of a record, in order.
    fn rolls(record: &GeneralRecord<u8>) -> Vec<u8> {
        let mut state = DiceRace::new(record.seating.len());
        let mut out = Vec::new();
        for &mv in &record.moves {
            if state.turn() == Turn::Chance {
                out.push(mv);
            }
            state.apply(mv);
        }
        out
    }

    #[test]
    fn every_engine_takes_every_seat_equally_often() {
        for players in 1..=4 {
            for engines in 1..=4 {
                let arena = GeneralArena::new(DiceRace::new(players), engines)
                    .with_games(3 * engines as u32)
                    .with_seed(5);
                let report = arena
                    .run(|e, seed| (e, Random(SplitMix64::new(seed))))
                    .unwrap();
                for (engine, seats) in report.seat_results().iter().enumerate() {
                    for (seat, t) in seats.iter().enumerate() {
                        assert_eq!(
                            t.games(),
                            3,
                            "{players} players, {engines} engines: {engine} in {seat}"
                        );
                    }
                }
                for (g, record) in report.games.iter().enumerate() {
                    assert_eq!(record.seating, arena.seating(g as u32));
                    assert_eq!(record.seating.len(), players);
                }
            }
        }
    }

    impl<G: GeneralGame> GeneralStrategy<G> for (usize, Random) {
        fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
            self.1.choose_move(state)
        }
        fn name(&self) -> String {
            format!("random {}", self.0)
        }
    }

    #[test]
    fn the_games_of_a_round_roll_the_same_dice() {
        let arena = GeneralArena::new(DiceRace::new(2), 2)
            .with_games(40)
            .with_seed(11);
        let report = arena.run(|e, _| Fixed(e)).unwrap();
        let mut distinct = HashSet::new();
        for pair in report.games.chunks(2) {
            let (first, second) = (rolls(&pair[0]), rolls(&pair[1]));
            let n = first.len().min(second.len());
            assert_eq!(first[..n], second[..n]);
            distinct.insert(first);
        }
        // Rounds differ from each other.
        assert!(distinct.len() > 15, "{}", distinct.len());
        // Keeping beats halving, and with the same dice in both seats the first mover's
        // advantage cancels: engine 0 wins most games from either seat.
        let seats = report.seat_results();
        assert!(
            seats[0][0].tally.wins > seats[0][0].tally.losses,
            "{seats:?}"
        );
        assert!(
            seats[0][1].tally.wins > seats[0][1].tally.losses,
            "{seats:?}"
        );
    }

    #[test]
    fn openings_are_shared_by_each_round_and_records_replay() {
        let arena = GeneralArena::new(DiceRace::new(3), 3)
            .with_games(30)
            .with_seed(2)
            .with_opening_plies(2);
        let report = arena
            .run(|e, seed| (e, Random(SplitMix64::new(seed))))
            .unwrap();
        for (round, games) in (0u32..).zip(report.games.chunks(3)) {
            let opening = arena.opening(round).unwrap();
            // Two players' moves, and the rolls before them.
            assert_eq!(opening.iter().filter(|&&m| m >= 100).count(), 2);
            for g in games {
                assert_eq!(g.opening_plies as usize, opening.len());
                assert_eq!(&g.moves[..opening.len()], opening.as_slice());
            }
        }
        for g in &report.games {
            let mut state = DiceRace::new(3);
            for &mv in &g.moves {
                assert_ne!(state.turn(), Turn::Over);
                state.apply(mv);
            }
            let mut rewards = vec![0.0; 3];
            state.rewards(&mut rewards);
            assert_eq!(rewards, g.rewards);
            assert_eq!((0..3).filter(|&s| g.result(s) == Wdl::Win).count(), 1);
        }
        let again = arena
            .run(|e, seed| (e, Random(SplitMix64::new(seed))))
            .unwrap();
        assert_eq!(again, report);
        assert_eq!(report.names, ["random 0", "random 1", "random 2"]);
        assert_eq!(report.tally(), None);
    }

    #[test]
    fn two_engines_in_a_two_player_game_give_a_tally() {
        let report = GeneralArena::new(DiceRace::new(2), 2)
            .with_games(10)
            .run(|e, _| Fixed(e))
            .unwrap();
        let tally = report.tally().unwrap();
        assert_eq!(tally.games(), 10);
        let totals = report.engine_results();
        assert_eq!(totals[0].tally, tally);
        assert_eq!(
            (totals[1].tally.wins, totals[1].tally.losses),
            (tally.losses, tally.wins)
        );
        assert_eq!(totals[0].reward + totals[1].reward, 10.0);
    }

    /// Returns a move that is never legal.
    struct Cheater;
    impl GeneralStrategy<DiceRace> for Cheater {
        fn choose_move(&mut self, _: &DiceRace) -> Result<u8, SearchError> {
            Ok(7)
        }
        fn name(&self) -> String {
            "cheater".into()
        }
    }

    /// A die without faces after the first roll.
    #[derive(Clone, Debug)]
    struct NoFaces(DiceRace);
    impl GeneralGame for NoFaces {
        type Move = u8;
        fn player_count(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn moves(&self, m: &mut Vec<u8>) {
            self.0.moves(m);
        }
        fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
            if self.0.totals[0] == 0 {
                self.0.chance_outcomes(o);
            }
        }
        fn apply(&mut self, mv: u8) {
            self.0.apply(mv);
        }
        fn rewards(&self, r: &mut [f64]) {
            self.0.rewards(r);
        }
    }

    #[test]
    fn failures_are_typed_errors() {
        let arena = GeneralArena::new(DiceRace::new(2), 2).with_games(2);
        // Game 0: the cheater sits in seat 0, after the first roll (ply 1).
        let e = arena
            .run(|engine, _| -> Box<dyn GeneralStrategy<DiceRace>> {
                if engine == 0 {
                    Box::new(Cheater)
                } else {
                    Box::new(Fixed(1))
                }
            })
            .unwrap_err();
        assert_eq!(
            e,
            ArenaError::IllegalMove {
                game: 0,
                ply: 1,
                strategy: "cheater".into(),
                mv: "7".into()
            }
        );
        assert_eq!(
            arena
                .clone()
                .with_games(0)
                .run(|e, _| Fixed(e))
                .unwrap_err(),
            ArenaError::NoGames
        );
        assert_eq!(
            GeneralArena::new(DiceRace::new(2), 0)
                .run(|e, _| Fixed(e))
                .unwrap_err(),
            ArenaError::NoEngines
        );
        let mut over = DiceRace::new(2);
        over.totals[1] = 12;
        assert_eq!(
            GeneralArena::new(over, 2).run(|e, _| Fixed(e)).unwrap_err(),
            ArenaError::GeneralStateOver
        );
        assert_eq!(
            arena
                .clone()
                .with_max_plies(3)
                .run(|e, _| Fixed(e))
                .unwrap_err(),
            ArenaError::TooLong { game: 0, limit: 3 }
        );
        let broken = GeneralArena::new(NoFaces(DiceRace::new(2)), 2)
            .run(|_, seed| Random(SplitMix64::new(seed)))
            .unwrap_err();
        assert!(
            matches!(
                broken,
                ArenaError::BrokenGame {
                    game: 0,
                    ply: 2,
                    ..
                }
            ),
            "{broken}"
        );
    }
}
