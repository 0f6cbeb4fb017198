//! What a match produced: a [`GameRecord`] per game, each engine's [`SeatTally`] per
//! seat, and the [`MatchReport`] that holds them.

use core::fmt;

use search_core::Wdl;

use super::Tally;

/// One game of a match: who sat where, the rewards, and every move and chance outcome, so
/// that a surprising game can be replayed from the arena's start position.
///
/// ```
/// use play::GameRecord;
/// use search_core::Wdl;
/// let r = GameRecord { seating: vec![1, 0, 1], rewards: vec![0.0, 1.0, 0.0],
///                      opening_plies: 0, moves: vec![3u8, 4, 5], lost_on_time: None };
/// assert_eq!((r.result(0), r.result(1)), (Wdl::Loss, Wdl::Win));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<M> {
    /// The engine in each seat (seat 0 is player 0, the first to move in most games).
    pub seating: Vec<usize>,
    /// Each seat's reward at the end.
    pub rewards: Vec<f64>,
    /// How many of the first `moves` were the random opening (chance outcomes included).
    pub opening_plies: u32,
    /// Every move and chance outcome from the start position, opening included.
    pub moves: Vec<M>,
    /// On a timed match ([`Arena::with_clock`](super::Arena::with_clock)), the seat whose
    /// clock ran out: it gets the lowest reward of the game's range, every other seat the
    /// highest. `None` when the game ended by its rules.
    pub lost_on_time: Option<usize>,
}

impl<M> GameRecord<M> {
    /// The result of `seat`: a win when its reward is above the table's mean reward, a
    /// draw when it equals it, a loss below it. In a two-player zero-sum game this is the
    /// game's result; in a game with one winner among several players the winner wins and
    /// the others lose; in a game where every reward counts (tricks taken, chips won) a
    /// seat wins by doing better than the table's average.
    ///
    /// ```
    /// use play::GameRecord;
    /// use search_core::Wdl;
    /// let all_equal = GameRecord::<u8> { seating: vec![0, 1, 2], rewards: vec![1.0 / 3.0; 3],
    ///                                    opening_plies: 0, moves: vec![], lost_on_time: None };
    /// assert_eq!(all_equal.result(2), Wdl::Draw);
    /// ```
    #[must_use]
    pub fn result(&self, seat: usize) -> Wdl {
        let mean = self.rewards.iter().sum::<f64>() / self.rewards.len().max(1) as f64;
        let mine = self.rewards[seat];
        // Rewards that differ by rounding only are equal.
        let tolerance = 1e-9 * (1.0 + mean.abs());
        if mine > mean + tolerance {
            Wdl::Win
        } else if mine < mean - tolerance {
            Wdl::Loss
        } else {
            Wdl::Draw
        }
    }
}

/// Wins, draws, losses and the rewards of an engine, in one seat or in all of them.
///
/// ```
/// use play::{SeatTally, Tally};
/// let t = SeatTally { tally: Tally::new(2, 1, 1), reward: 2.5, reward_squares: 3.0 };
/// assert_eq!((t.games(), t.mean_reward()), (4, Some(0.625)));
/// assert_eq!(SeatTally::default().mean_reward(), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SeatTally {
    /// Wins, draws and losses (see [`GameRecord::result`]).
    pub tally: Tally,
    /// The sum of the rewards.
    pub reward: f64,
    /// The sum of the squares of the rewards (for the interval of the mean).
    pub reward_squares: f64,
}

impl SeatTally {
    /// The number of games.
    ///
    /// ```
    /// assert_eq!(play::SeatTally::default().games(), 0);
    /// ```
    #[must_use]
    pub fn games(&self) -> u64 {
        self.tally.games()
    }

    /// The mean reward, `None` without games.
    ///
    /// ```
    /// use play::{SeatTally, Tally};
    /// let t = SeatTally { tally: Tally::new(1, 0, 1), reward: 1.0, reward_squares: 5.0 };
    /// assert_eq!(t.mean_reward(), Some(0.5));
    /// ```
    #[must_use]
    pub fn mean_reward(&self) -> Option<f64> {
        match self.games() {
            0 => None,
            n => Some(self.reward / n as f64),
        }
    }

    /// The half-width of the 95 % interval of the mean reward by the normal
    /// approximation, 1.96 · s / √n with the sample standard deviation `s`; `None` with
    /// fewer than two games.
    ///
    /// ```
    /// use play::{SeatTally, Tally};
    /// // Rewards +1 and -1: mean 0, sample standard deviation √2.
    /// let t = SeatTally { tally: Tally::new(1, 0, 1), reward: 0.0, reward_squares: 2.0 };
    /// assert!((t.mean_reward_half_width().unwrap() - 1.96).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn mean_reward_half_width(&self) -> Option<f64> {
        let n = self.games();
        if n < 2 {
            return None;
        }
        let n = n as f64;
        let mean = self.reward / n;
        let variance = ((self.reward_squares - n * mean * mean) / (n - 1.0)).max(0.0);
        Some(1.96 * (variance / n).sqrt())
    }

    fn record(&mut self, result: Wdl, reward: f64) {
        self.tally.record(result);
        self.reward += reward;
        self.reward_squares += reward * reward;
    }

    fn add(&mut self, other: &SeatTally) {
        self.tally.wins += other.tally.wins;
        self.tally.draws += other.tally.draws;
        self.tally.losses += other.tally.losses;
        self.reward += other.reward;
        self.reward_squares += other.reward_squares;
    }
}

/// What a match produced: the engines' names, every game, and each engine's results in
/// each seat.
///
/// Its `Display` is one line: for two engines,
/// `A vs B: N games  +W =D -L  score S% [L%, H%]  Elo E [L, H]` (engine 0's results);
/// for more, each engine's wins, draws, losses and mean reward.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport<M> {
    /// The [`name`](search_core::Strategy::name) of each engine.
    pub names: Vec<String>,
    /// The number of seats (players) of the game.
    pub players: usize,
    /// Every game, in the order played.
    pub games: Vec<GameRecord<M>>,
    /// `[engine][seat]`: the results of each engine in each seat.
    seats: Vec<Vec<SeatTally>>,
}

impl<M> MatchReport<M> {
    /// An empty report for `engines` engines in a game of `players` players.
    pub(super) fn new(players: usize, engines: usize, games: u32) -> Self {
        MatchReport {
            names: vec![String::new(); engines],
            players,
            games: Vec::with_capacity(games as usize),
            seats: vec![vec![SeatTally::default(); players]; engines],
        }
    }

    /// Adds a game.
    pub(super) fn record(&mut self, game: GameRecord<M>) {
        for (seat, &engine) in game.seating.iter().enumerate() {
            self.seats[engine][seat].record(game.result(seat), game.rewards[seat]);
        }
        self.games.push(game);
    }

    search_core::builder_methods! {
        /// The results of each engine in each seat: element `[engine][seat]`.
        ///
        /// ```
        /// use play::Arena;
        /// use search_core::RandomMover;
        /// let report = Arena::new(games::TicTacToe::new())
        ///     .with_engine(RandomMover::new)
        ///     .with_engine(RandomMover::new)
        ///     .with_games(10)
        ///     .run()
        ///     .unwrap();
        /// // Each engine moved first in 5 games and second in 5.
        /// assert!(report.seat_results().iter().flatten().all(|s| s.games() == 5));
        /// ```
        seat_results() -> &[Vec<SeatTally>] = seats;
    }

    /// The results of each engine over every seat it took (an engine in two seats of a game
    /// counts both).
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::RandomMover;
    /// let report = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new)
    ///     .with_games(10)
    ///     .run()
    ///     .unwrap();
    /// let all = report.engine_results();
    /// assert_eq!((all[0].tally.wins, all[0].tally.losses), (all[1].tally.losses, all[1].tally.wins));
    /// ```
    #[must_use]
    pub fn engine_results(&self) -> Vec<SeatTally> {
        self.seats
            .iter()
            .map(|seats| {
                seats.iter().fold(SeatTally::default(), |mut all, s| {
                    all.add(s);
                    all
                })
            })
            .collect()
    }

    /// For a match of two engines, engine 0's wins, draws and losses over every seat it
    /// took (in a two-player game, against engine 1): the tally its score interval and Elo
    /// estimate are made of. `None` for any other number of engines.
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::RandomMover;
    /// let report = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_engine(RandomMover::new)
    ///     .with_games(10)
    ///     .run()
    ///     .unwrap();
    /// assert_eq!(report.tally().unwrap().games(), 10);
    /// ```
    #[must_use]
    pub fn tally(&self) -> Option<Tally> {
        if self.seats.len() != 2 {
            return None;
        }
        Some(self.engine_results()[0].tally)
    }

    /// How many games each engine lost on time ([`GameRecord::lost_on_time`]).
    ///
    /// ```
    /// use play::Arena;
    /// use search_core::RandomMover;
    /// let report = Arena::new(games::TicTacToe::new())
    ///     .with_engine(RandomMover::new)
    ///     .with_games(2)
    ///     .run()
    ///     .unwrap();
    /// assert_eq!(report.time_losses(), [0]); // no clock: nobody loses on time
    /// ```
    #[must_use]
    pub fn time_losses(&self) -> Vec<u32> {
        let mut losses = vec![0; self.seats.len()];
        for game in &self.games {
            if let Some(seat) = game.lost_on_time {
                losses[game.seating[seat]] += 1;
            }
        }
        losses
    }
}

impl<M> fmt::Display for MatchReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.games.len();
        if let Some(tally) = self.tally() {
            return write!(
                f,
                "{} vs {}: {games} games  {tally}",
                self.names[0], self.names[1]
            );
        }
        write!(f, "{games} games:")?;
        for (name, t) in self.names.iter().zip(self.engine_results()) {
            let mean = t
                .mean_reward()
                .map_or_else(|| "-".into(), |m| format!("{m:+.3}"));
            write!(
                f,
                "  {name} +{} ={} -{} mean reward {mean};",
                t.tally.wins, t.tally.draws, t.tally.losses
            )?;
        }
        Ok(())
    }
}
