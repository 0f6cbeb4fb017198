//! What the transposition table and each source of move ordering save alpha-beta, on
//! 6 × 6 Reversi (`games::reversi`): the table of section 9 of
//! `docs/guide-your-own-game.md`.
//!
//! ```text
//! cargo run --release -p plysearch-adversarial --example reversi_hooks -- 8
//! cargo test -p plysearch-adversarial --example reversi_hooks     # every configuration agrees
//! ```
//! It searches 40 seeded middle-game positions (6 to 13 random plies from the start) to
//! depth `D` (default 8, at most 14) with [`Negamax`] and the evaluator
//! [`Weights::DEFAULT`], with and without the transposition table (which needs
//! `GameHash`) and each source of move ordering, and prints a Markdown table of the nodes
//! and time of each configuration and whether it found the same 40 values as the first.
//! Every search gets a fresh table, so no configuration profits from another's work.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use adversarial::{MoveOrdering, Negamax, TranspositionTable};
use games::reversi::{Reversi, Weights};
use search_core::{Budget, Game, SplitMix64};

const USAGE: &str = "usage: reversi_hooks [D]
  D: the alpha-beta depth, from 1 to 14 (default 8)";

/// The largest depth accepted (deeper runs take hours).
const MAX_DEPTH: u32 = 14;

/// The depth from the command line's arguments (after the program name).
fn parse_depth(args: &[String]) -> Result<u32, String> {
    match args {
        [] => Ok(8),
        [d] => d
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or(format!("the depth is from 1 to {MAX_DEPTH}, not {d:?}")),
        _ => Err("give one depth".to_string()),
    }
}

/// 40 seeded positions, 6 to 13 random plies from the start, none of them over.
fn positions() -> Vec<Reversi> {
    let mut rng = SplitMix64::new(77);
    let mut positions = Vec::new();
    while positions.len() < 40 {
        let mut s = Reversi::new();
        for _ in 0..6 + rng.below(8) {
            let moves = s.legal_move_list();
            if moves.is_empty() {
                break;
            }
            s.play(moves[rng.below(moves.len())]);
        }
        if !s.outcome().is_over() {
            positions.push(s);
        }
    }
    positions
}

/// Searches [`positions`] to `depth` in every configuration and prints the table.
fn run_hooks(depth: u32, out: &mut impl Write) -> io::Result<()> {
    let positions = positions();
    // A fresh table per search: 16 MiB for the deep searches, 1 MiB for shallow ones.
    let table_megabytes = if depth >= 8 { 16 } else { 1 };
    let none = MoveOrdering::none();
    let configs = [
        ("no", "none", none, false),
        ("yes", "none", none, true),
        (
            "yes",
            "hints only",
            MoveOrdering {
                hints: true,
                ..none
            },
            true,
        ),
        (
            "yes",
            "table move only",
            MoveOrdering {
                table_move: true,
                ..none
            },
            true,
        ),
        (
            "yes",
            "table move + hints",
            MoveOrdering::table_and_hints(),
            true,
        ),
        (
            "yes",
            "table move, killers, history",
            MoveOrdering {
                hints: false,
                ..MoveOrdering::all()
            },
            true,
        ),
        ("yes", "all (the default)", MoveOrdering::all(), true),
        ("no", "all", MoveOrdering::all(), false),
    ];
    writeln!(out, "| table | ordering | nodes | time | same values |")?;
    writeln!(out, "|---|---|---:|---:|---|")?;
    let mut reference = Vec::new();
    for (table, ordering_name, ordering, with_table) in configs {
        let start = Instant::now();
        let mut nodes = 0;
        let mut values = Vec::new();
        for p in &positions {
            let budget = Budget::depth(depth);
            let engine = Negamax::new(Weights::DEFAULT)
                .with_move_ordering(ordering)
                .with_budget(budget);
            let result = if with_table {
                match TranspositionTable::with_megabytes(table_megabytes) {
                    Ok(t) => engine.with_table(t).search(p),
                    Err(e) => return Err(io::Error::other(e)),
                }
            } else {
                let mut engine = engine;
                engine.search(p)
            };
            let result = result.map_err(io::Error::other)?;
            nodes += result.stats.nodes;
            values.push(result.score);
        }
        let secs = start.elapsed().as_secs_f64();
        if reference.is_empty() {
            reference = values.clone();
        }
        let same = if values == reference { "yes" } else { "NO" };
        writeln!(
            out,
            "| {table} | {ordering_name} | {nodes} | {secs:.2} s | {same} |"
        )?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = match parse_depth(&args) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run_hooks(depth, &mut io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        // Standard output closed early (`reversi_hooks | head`) is not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the measurement failed: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_measurement_runs_and_every_configuration_agrees() {
        let mut out = Vec::new();
        run_hooks(2, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 10, "{text}");
        assert!(
            !text.contains("| NO |"),
            "every configuration finds the same values:\n{text}"
        );
        assert_eq!(positions().len(), 40);
        assert!(positions().iter().all(|p| !p.outcome().is_over()));
    }

    #[test]
    fn the_depth_is_checked() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(parse_depth(&args("")), Ok(8));
        assert_eq!(parse_depth(&args("3")), Ok(3));
        assert!(parse_depth(&args("0")).is_err());
        assert!(
            parse_depth(&args("99"))
                .unwrap_err()
                .contains("from 1 to 14")
        );
        assert!(parse_depth(&args("x")).is_err());
        assert!(parse_depth(&args("3 4")).is_err());
    }
}
