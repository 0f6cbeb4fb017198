//! `ply cards-match`: two engines against each other in a game with hidden information
//! or simultaneous bids, the seats rotated, with the score's 95 % interval and the Elo
//! difference.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use search_core::{SplitMix64, Tally, Turn, Wdl};

use super::play::check_game_options;
use super::{CardGame, Engine, Hidden, Player, Strength, deal};
use crate::Failure;

/// Options of `ply cards-match`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Engine A plays one seat and engine B every other seat (one in the two-player games, three in
the trick-taking game); A's seat moves on by one each game, and the cards and dice are dealt
the same for each turn of A round the table, so with a multiple of the number of players as
--games each engine plays every deal from every seat. A game is a win for A when A's reward
is above 0 (chips in the poker games, the call in Liar's Dice, tricks above the table's
average, the bids in Goofspiel), a draw at 0. The report gives A's wins, draws and losses,
its score with the 95 % (Wilson) interval, the Elo difference with its interval, and A's
mean reward a game with its 95 % interval (normal approximation). Every game's deal and every search is seeded from --seed: the
same command prints the same result with --playouts (a time budget depends on the machine).

Engines: ismcts, determinized, random; smmcts for goofspiel; cfr (the CFR+ average strategy,
solved first) for kuhn and leduc.

Examples:
  ply cards-match --game kuhn --games 200 --playouts 500 ismcts random
  ply cards-match --game leduc --games 40 --playouts 300 cfr ismcts
  ply cards-match --game goofspiel --cards 4 --games 20 --playouts 500 smmcts ismcts
  ply cards-match --game tricks --games 8 --playouts 300 ismcts determinized
  ply cards-match --game liars-dice --games 20 --time 20ms determinized random")]
pub struct Args {
    /// Engine A and engine B.
    #[arg(value_enum, value_name = "ENGINE", num_args = 2, required = true)]
    engines: Vec<Engine>,
    /// The game.
    #[arg(long, value_enum, default_value_t = CardGame::Kuhn)]
    game: CardGame,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Playouts per move of the searching engines [default: 1000].
    #[arg(long, group = "strength", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
    /// Thinking time per move of the searching engines: 500ms, 2s, or milliseconds.
    #[arg(long, value_name = "TIME", group = "strength", value_parser = crate::ai::move_time)]
    time: Option<Duration>,
    /// Liar's Dice: dice per player (1 to 5) [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    dice: Option<u8>,
    /// Goofspiel: cards per player (1 to 13) [default: 5].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=13))]
    cards: Option<u8>,
    /// CFR+ iterations that solve the game for the cfr engine [default: 1000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    cfr_iterations: Option<u64>,
    /// Seed of the deals and of the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `ply cards-match`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    check_game_options(
        args.game,
        args.dice,
        args.cards,
        &args.engines,
        args.cfr_iterations,
    )?;
    let strength = match (args.playouts, args.time) {
        (_, Some(t)) => Strength::Time(t),
        (p, None) => Strength::Playouts(p.unwrap_or(1000)),
    };
    let cfr = args.cfr_iterations.unwrap_or(1000);
    let m = Match {
        a: args.engines[0],
        b: args.engines[1],
        strength,
        games: args.games,
        cfr_iterations: cfr,
        seed: args.seed,
    };
    match args.game {
        CardGame::Kuhn => m.run(games::Kuhn::new(), "kuhn"),
        CardGame::Leduc => m.run(games::Leduc::new(), "leduc"),
        CardGame::LiarsDice => {
            let dice = usize::from(args.dice.unwrap_or(1));
            m.run(super::liars_dice(dice)?, "liars-dice")
        }
        CardGame::Tricks => m.run(super::tricks()?, "tricks"),
        CardGame::Goofspiel => {
            let cards = usize::from(args.cards.unwrap_or(5));
            m.run(super::goofspiel(cards)?, "goofspiel")
        }
    }
}

struct Match {
    a: Engine,
    b: Engine,
    strength: Strength,
    games: u32,
    cfr_iterations: u64,
    seed: u64,
}

impl Match {
    /// Plays game number `game` from `start`: `players[0]` (A) in seat `game % n`,
    /// `players[1]` (B) in the others. The cards and dice of games `k·n` to `k·n + n − 1`
    /// are the same (A plays the deal from every seat).
    fn game<G: Hidden + Clone>(
        &self,
        start: &G,
        players: [&Player<G>; 2],
        game: u32,
    ) -> Result<G, Failure> {
        let n = start.player_count();
        let seat = game as usize % n;
        let round = u64::from(game) / n as u64;
        let mut dealer = SplitMix64::stream(self.seed, 2 * round);
        let mut choices = SplitMix64::stream(self.seed, 2 * u64::from(game) + 1);
        let mut state = start.clone();
        let mut ply = 0u64;
        loop {
            let mv = match state.turn() {
                Turn::Over => return Ok(state),
                Turn::Chance => {
                    deal(&state, &mut dealer).ok_or_else(|| Failure::run("no outcome"))?
                }
                Turn::Player(p) => {
                    let engine = players[usize::from(p != seat)];
                    let seed = self
                        .seed
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        .wrapping_add(u64::from(game) << 16 | ply);
                    engine.choose(&state, seed, &mut choices).map_err(|e| {
                        Failure::run(format!("{} could not move: {e}", engine.name()))
                    })?
                }
            };
            state.apply(mv);
            ply += 1;
        }
    }

    fn run<G: Hidden + Clone>(&self, start: G, title: &str) -> Result<ExitCode, Failure> {
        let a = Player::new(self.a, self.strength, &start, self.cfr_iterations)?;
        let b = Player::new(self.b, self.strength, &start, self.cfr_iterations)?;
        let players = start.player_count();
        let began = Instant::now();
        let mut tally = Tally::default();
        let (mut total, mut squares) = (0.0, 0.0);
        let mut rewards = vec![0.0; players];
        for game in 0..self.games {
            let seat = game as usize % players;
            let state = self.game(&start, [&a, &b], game)?;
            state.rewards(&mut rewards);
            let mine = rewards[seat];
            total += mine;
            squares += mine * mine;
            tally.record(if mine > 1e-9 {
                Wdl::Win
            } else if mine < -1e-9 {
                Wdl::Loss
            } else {
                Wdl::Draw
            });
        }
        let budget = match self.strength {
            Strength::Playouts(n) => format!("{n} playouts a move"),
            Strength::Time(t) => format!("{} a move", crate::input::show_duration(t)),
        };
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "{title}: {} (A) vs {} (B), {} games, A's seat rotated, {budget}, seed {} ({:.1} s)",
            a.name(),
            b.name(),
            self.games,
            self.seed,
            began.elapsed().as_secs_f64()
        )?;
        writeln!(out, "A: {tally}")?;
        let (mean, half) = mean_interval(total, squares, self.games);
        writeln!(out, "A's mean reward a game: {mean:+.3} ± {half:.3} (95 %)")?;
        Ok(ExitCode::SUCCESS)
    }
}

/// The mean of `n` rewards from their sum and sum of squares, and the half-width of its
/// 95 % interval by the normal approximation, 1.96 · s / √n with the sample standard
/// deviation `s` (0 for a single game).
fn mean_interval(sum: f64, squares: f64, n: u32) -> (f64, f64) {
    let n = f64::from(n.max(1));
    let mean = sum / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let variance = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
    (mean, 1.96 * (variance / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{Kuhn, LiarsDice};

    #[test]
    fn each_deal_is_played_from_every_seat() {
        let m = Match {
            a: Engine::Random,
            b: Engine::Random,
            strength: Strength::Playouts(1),
            games: 8,
            cfr_iterations: 1,
            seed: 5,
        };
        let kuhn = Kuhn::new();
        let random = Player::new(Engine::Random, m.strength, &kuhn, 1).unwrap();
        let cards = |g| {
            let end = m.game(&kuhn, [&random, &random], g).unwrap();
            (end.card(0), end.card(1))
        };
        for k in 0..4 {
            assert_eq!(cards(2 * k), cards(2 * k + 1), "deal {k}");
        }
        let deals: Vec<_> = (0..4).map(|k| cards(2 * k)).collect();
        assert!(deals.windows(2).any(|w| w[0] != w[1]), "{deals:?}");
        let dice = LiarsDice::new(2, 3, 6).unwrap();
        let random = Player::new(Engine::Random, m.strength, &dice, 1).unwrap();
        let rolled = |g| {
            let end = m.game(&dice, [&random, &random], g).unwrap();
            (end.dice_of(0).to_vec(), end.dice_of(1).to_vec())
        };
        assert_eq!(rolled(6), rolled(7));
        assert_ne!(rolled(5), rolled(6));
    }

    #[test]
    fn the_mean_interval_matches_a_direct_computation() {
        let rewards = [2.0, -1.0, 1.0, -2.0, 1.0, 1.0, -1.0];
        let n = rewards.len() as f64;
        let mean = rewards.iter().sum::<f64>() / n;
        let var = rewards.iter().map(|r| (r - mean) * (r - mean)).sum::<f64>() / (n - 1.0);
        let sum = rewards.iter().sum();
        let squares = rewards.iter().map(|r| r * r).sum();
        let (m, half) = mean_interval(sum, squares, rewards.len() as u32);
        assert!((m - mean).abs() < 1e-12);
        assert!((half - 1.96 * (var / n).sqrt()).abs() < 1e-12);
        assert_eq!(mean_interval(3.0, 9.0, 1), (3.0, 0.0));
        assert_eq!(mean_interval(4.0, 8.0, 2), (2.0, 0.0));
    }
}
