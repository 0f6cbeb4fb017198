//! "Is my new heuristic better?" — plays seeded matches between alpha-beta engines that differ
//! only in their Connect Four evaluator (and one match of the threat evaluator with
//! quiescence search against itself without), and prints wins, draws and losses with a 95 %
//! confidence interval and an Elo estimate (the `play::Arena` match runner).
//!
//! ```text
//! cargo run --release -p plysearch-play --example evaluator_match -- --depth 6 --games 100
//! cargo run --release -p plysearch-play --example evaluator_match -- --time 20 --games 50 --openings 4
//! ```
//! Options: `--depth N` (default 6) or `--time MS` per move, `--games N` (default 100, played
//! in pairs with colours swapped), `--openings K` (random opening plies shared by each pair,
//! default 4), `--seed S` (default 1), `--quiescence Q` (the plies of quiescence of the
//! engine with it, default 4).

use std::process::ExitCode;
use std::time::Duration;

use adversarial::{Negamax, TranspositionTable};
use games::{ConnectFour, LineEvaluator, ThreatEvaluator};
use play::Arena;
use search_core::{Budget, Evaluator, ZeroEvaluator};

struct Options {
    budget: Budget,
    budget_text: String,
    games: u32,
    openings: u32,
    seed: u64,
    quiescence: u32,
}

fn parse_options() -> Result<Options, String> {
    let mut o = Options {
        budget: Budget::depth(6),
        budget_text: "depth 6".into(),
        games: 100,
        openings: 4,
        seed: 1,
        quiescence: 4,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let text = it.next().ok_or(format!("{name} needs a value"))?;
            text.parse::<u64>()
                .map_err(|_| format!("{name} takes a whole number, not {text:?}"))
        };
        match flag.as_str() {
            "--depth" => {
                let d = value("--depth")?;
                let d = u32::try_from(d).map_err(|_| "--depth is too large".to_string())?;
                o.budget = Budget::depth(d);
                o.budget_text = format!("depth {d}");
            }
            "--time" => {
                let ms = value("--time")?;
                o.budget = Budget::time(Duration::from_millis(ms));
                o.budget_text = format!("{ms} ms per move");
            }
            "--games" => {
                o.games = u32::try_from(value("--games")?).map_err(|_| "--games is too large")?
            }
            "--openings" => {
                o.openings =
                    u32::try_from(value("--openings")?).map_err(|_| "--openings is too large")?
            }
            "--seed" => o.seed = value("--seed")?,
            "--quiescence" => {
                o.quiescence = u32::try_from(value("--quiescence")?)
                    .map_err(|_| "--quiescence is too large")?
            }
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    o.budget.start().map_err(|e| e.to_string())?;
    Ok(o)
}

fn engine<E: Evaluator<ConnectFour>>(
    eval: E,
    budget: &Budget,
    seed: u64,
    quiescence: u32,
) -> Negamax<E, TranspositionTable> {
    let table = TranspositionTable::with_megabytes(8).expect("8 MB is a valid table size");
    Negamax::new(eval)
        .with_table(table)
        .with_random_ties(true)
        .with_seed(seed)
        .with_quiescence(quiescence)
        .with_budget(budget.clone())
}

/// A match of A (with `quiescence` plies of quiescence search) against B (without).
fn play<A, B>(
    o: &Options,
    name_a: &str,
    a: A,
    quiescence: u32,
    name_b: &str,
    b: B,
) -> Result<(), String>
where
    A: Evaluator<ConnectFour> + Clone + Sync,
    B: Evaluator<ConnectFour> + Clone + Sync,
{
    let report = Arena::new(ConnectFour::new())
        .with_engine(|seed| engine(a.clone(), &o.budget, seed, quiescence))
        .with_engine(|seed| engine(b.clone(), &o.budget, seed, 0))
        .with_games(o.games)
        .with_seed(o.seed)
        .with_opening_plies(o.openings)
        .run()
        .map_err(|e| e.to_string())?;
    let t = report.tally().ok_or("two engines give a tally")?;
    let interval = t.score_interval();
    let (lo, hi) = (interval.low, interval.high);
    println!(
        "| {name_a} | {name_b} | {} | {} | {} | {:.1} % [{:.1} %, {:.1} %] | {} |",
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score(),
        100.0 * lo,
        100.0 * hi,
        t.elo()
    );
    Ok(())
}

fn main() -> ExitCode {
    let o = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!(
                "{e}\nusage: evaluator_match [--depth N | --time MS] [--games N] [--openings K] [--seed S] [--quiescence Q]"
            );
            return ExitCode::from(2);
        }
    };
    println!(
        "Connect Four, negamax with an 8 MB table at {}, {} games per match, {}-ply openings, seed {}",
        o.budget_text, o.games, o.openings, o.seed
    );
    println!();
    println!("| A | B | A wins | draws | B wins | A's score [95 %] | A's Elo difference [95 %] |");
    println!("|---|---|---|---|---|---|---|");
    let results = [
        play(&o, "threats", ThreatEvaluator, 0, "lines", LineEvaluator),
        play(&o, "threats", ThreatEvaluator, 0, "zero", ZeroEvaluator),
        play(&o, "lines", LineEvaluator, 0, "zero", ZeroEvaluator),
        play(
            &o,
            &format!("threats, quiescence {}", o.quiescence),
            ThreatEvaluator,
            o.quiescence,
            "threats",
            ThreatEvaluator,
        ),
    ];
    for r in results {
        if let Err(e) = r {
            eprintln!("match failed: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
