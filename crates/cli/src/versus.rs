//! `ply match`: two engines play a series of games with alternating sides; the result is
//! a win/draw/loss tally and an Elo difference with its 95 % interval.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;

use games::{ConnectFour, DotsAndBoxes, Kalah, Reversi, TicTacToe};
use search_core::Wdl;
use search_core::arena::Arena;

use crate::Failure;
use crate::ai::{EngineKind, GameKind, Named, Playable, Strength};
use crate::progress::Progress;

/// Options of `ply match`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
An engine is written KIND or KIND:STRENGTH, with KIND one of alphabeta, mcts, solver, random
and STRENGTH a depth (6), a time per move (100ms) or playouts (20000p); without a strength
an engine thinks --time milliseconds per move. Games come in pairs from the same random
opening (--opening-plies moves), each engine playing each side once, so neither gains from
moving first. The report gives A's wins, draws and losses, its score with a 95 % interval,
and the Elo difference A - B with its 95 % interval.

Examples:
  ply match --game c4 --games 20 alphabeta mcts
  ply match --game c4 --games 100 alphabeta:4 alphabeta:6
  ply match --game ttt --games 50 mcts:2000p random
  ply match --game c4 --games 40 --time 50 mcts alphabeta --seed 7
  ply match --game kalah --games 20 --time 50 mcts random")]
pub struct Args {
    /// Engine A.
    a: EngineSpec,
    /// Engine B.
    b: EngineSpec,
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::C4)]
    game: GameKind,
    /// Games to play (an even number gives each engine each side equally often).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Thinking time per move of an engine given without a strength, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time: u64,
    /// Random opening moves played before each pair of games.
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Seed of the openings and of the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table size of alpha-beta and the solver, in megabytes.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    quiet: bool,
}

/// An engine and, optionally, its strength: `alphabeta`, `mcts:20000p`, `alphabeta:6`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EngineSpec {
    kind: EngineKind,
    strength: Option<Strength>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (kind, strength) = match text.split_once(':') {
            Some((k, s)) => (k, Some(s.parse::<Strength>()?)),
            None => (text, None),
        };
        let kind = <EngineKind as clap::ValueEnum>::from_str(kind, true).map_err(|_| {
            format!("unknown engine {kind:?}: choose alphabeta, mcts, solver or random")
        })?;
        Ok(EngineSpec { kind, strength })
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.strength {
            Some(s) => write!(f, "{}:{s}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// Runs `ply match`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    match args.game {
        GameKind::Ttt => play_match(TicTacToe::new(), &args),
        GameKind::C4 => play_match(ConnectFour::new(), &args),
        GameKind::Reversi => play_match(Reversi::new(), &args),
        GameKind::Dots => play_match(DotsAndBoxes::default(), &args),
        GameKind::Kalah => play_match(Kalah::default(), &args),
        GameKind::Einstein | GameKind::Mnk => Err(Failure::input(
            "ply match plays the two-player games without dice (ttt, c4, reversi, dots, kalah); \
             play einstein and mnk with ply play",
        )),
    }
}

fn play_match<G: Playable>(start: G, args: &Args) -> Result<ExitCode, Failure> {
    let default = Strength::Time(Duration::from_millis(args.time));
    // Random moves take no time, so a strength would only clutter their name.
    let spec = |e: &EngineSpec| EngineSpec {
        kind: e.kind,
        strength: match e.kind {
            EngineKind::Random => None,
            _ => Some(e.strength.unwrap_or(default)),
        },
    };
    let (a, b) = (spec(&args.a), spec(&args.b));
    let table_mb = args.table_mb as usize;
    // Build each engine once up front, so that a strength an engine cannot use is reported
    // before any game is played.
    for (label, e) in [("A", &a), ("B", &b)] {
        let strength = e.strength.unwrap_or(default);
        e.kind
            .build::<G>(strength, args.seed, table_mb)
            .map_err(|msg| Failure::input(format!("engine {label} ({e}): {msg}")))?;
    }
    let make = |e: EngineSpec, label: &'static str| {
        move |seed: u64| {
            let strength = e.strength.unwrap_or(default);
            let ai = e
                .kind
                .build::<G>(strength, seed, table_mb)
                .expect("the engine was built once with these settings before the match");
            Named::new(ai, format!("{label} {e}"))
        }
    };
    let arena = Arena::new(start)
        .with_games(args.games)
        .with_seed(args.seed)
        .with_opening_plies(args.opening_plies);
    let progress = Progress::new(u64::from(args.games), "games", args.quiet);
    let report = arena
        .run_with_progress(make(a.clone(), "A"), make(b.clone(), "B"), |_, tally| {
            progress.set_message(&format!("{tally}"));
            progress.advance();
        })
        .map_err(|e| Failure::run(format!("the match stopped: {e}")))?;
    progress.finish();
    let mut out = io::stdout().lock();
    writeln!(out, "{}: {report}", G::NAME)?;
    let (mut first, mut second) = ([0u32; 3], [0u32; 3]);
    for game in &report.games {
        let slot = match game.result {
            Wdl::Win => 0,
            Wdl::Draw => 1,
            Wdl::Loss => 2,
        };
        if game.a_played == search_core::Player::First {
            first[slot] += 1;
        } else {
            second[slot] += 1;
        }
    }
    writeln!(
        out,
        "A moving first: +{} ={} -{}; A moving second: +{} ={} -{}",
        first[0], first[1], first[2], second[0], second[1], second[2]
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_read_back_what_they_print() {
        for text in [
            "alphabeta",
            "mcts:20000p",
            "alphabeta:6",
            "solver:500ms",
            "random",
        ] {
            let spec: EngineSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "negamax".parse::<EngineSpec>().unwrap().kind,
            EngineKind::Alphabeta
        );
        for bad in ["chess", "mcts:", "alphabeta:fast", ":6"] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad}");
        }
    }
}
