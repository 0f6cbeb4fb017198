//! "Is my new heuristic better?" for 6 × 6 Reversi: seeded matches between one-ply players
//! that differ only in their evaluator (section 7 of `docs/guide-your-own-game.md`).
//!
//! `greedy` looks one move ahead with [`Weights::DEFAULT`] (discs, mobility, corners,
//! X-squares), `material` with [`Weights::MATERIAL`] (discs only), and `random` plays
//! uniformly random moves. Two matches are played with `play::Arena`, greedy
//! against material and material against random, and each prints its report line: wins,
//! draws and losses of the first player, its score with a 95 % interval, and the Elo
//! difference with its interval.
//!
//! ```text
//! cargo run --release -p plysearch-play --example reversi_evaluators -- --games 1000 --seed 1 --opening-plies 4
//! ```
//!
//! Options: `--games N` (default 1000, played in pairs with colours swapped), `--seed S`
//! (default 1: the openings and the players' tie-breaks), `--opening-plies K` (random
//! opening plies shared by each pair of games, 0 to 32, default 4). Bad arguments print a
//! message and exit with code 2.

use std::process::ExitCode;

use games::reversi::{Greedy, Reversi, Weights};
use play::Arena;
use search_core::RandomMover;

const USAGE: &str = "usage: reversi_evaluators [--games N] [--seed S] [--opening-plies K]
  --games N          games per match, 1 or more (default 1000)
  --seed S           seed of the openings and the players (default 1)
  --opening-plies K  random opening plies before each pair of games, 0 to 32 (default 4)";

/// The most opening plies accepted: the start position has 32 empty squares.
const MAX_OPENING_PLIES: u32 = 32;

struct Options {
    games: u32,
    seed: u64,
    opening_plies: u32,
}

/// The options, or `Ok(None)` when help was asked for, or what was wrong.
fn parse_options(args: &[String]) -> Result<Option<Options>, String> {
    let mut o = Options {
        games: 1000,
        seed: 1,
        opening_plies: 4,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let text = it.next().ok_or(format!("{name} needs a value"))?;
            text.parse::<u64>()
                .map_err(|_| format!("{name} takes a whole number, not {text:?}"))
        };
        match flag.as_str() {
            "--games" => {
                let n = value("--games")?;
                o.games = u32::try_from(n)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--games takes 1 to {}, not {n}", u32::MAX))?;
            }
            "--seed" => o.seed = value("--seed")?,
            "--opening-plies" => {
                let k = value("--opening-plies")?;
                o.opening_plies = u32::try_from(k)
                    .ok()
                    .filter(|&k| k <= MAX_OPENING_PLIES)
                    .ok_or(format!(
                        "--opening-plies takes 0 to {MAX_OPENING_PLIES}, not {k}"
                    ))?;
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Some(o))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = match parse_options(&args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("reversi_evaluators: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let arena = || {
        Arena::new(Reversi::new())
            .with_games(o.games)
            .with_seed(o.seed)
            .with_opening_plies(o.opening_plies)
    };
    let material = |s| Greedy::new(Weights::MATERIAL, s).with_name("material");
    let matches = arena()
        .with_engine(|s| Greedy::new(Weights::DEFAULT, s))
        .with_engine(material)
        .run()
        .and_then(|greedy_vs_material| {
            println!("{greedy_vs_material}");
            arena()
                .with_engine(material)
                .with_engine(RandomMover::new)
                .run()
        });
    match matches {
        Ok(material_vs_random) => {
            println!("{material_vs_random}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("reversi_evaluators: {e}");
            ExitCode::FAILURE
        }
    }
}
