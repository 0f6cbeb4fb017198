//! Solves the exact margin of a Kalah or Dots and Boxes board with the margin solver, and
//! prints the margin, the move, the time and the nodes: the measurements of
//! `docs/benchmarks/adversarial.md`.
//!
//! ```text
//! cargo run --release -p plysearch-adversarial --example solve_margin -- kalah 6 2 empty
//! cargo run --release -p plysearch-adversarial --example solve_margin -- kalah 4 3 common
//! cargo run --release -p plysearch-adversarial --example solve_margin -- dots 2 5
//! ```
//!
//! An optional last argument bounds the solve in seconds (`kalah 5 4 empty 600`); an
//! unfinished solve prints the bounds its probes proved.

use std::time::Duration;

use adversarial::MarginSolver;
use games::{DotsAndBoxes, Kalah, KalahRules};
use search_core::{Budget, GameHash};

fn usage() -> ! {
    eprintln!("usage: solve_margin kalah PITS STONES common|empty [SECONDS]");
    eprintln!("       solve_margin dots ROWS COLS [SECONDS]");
    std::process::exit(2)
}

fn number(text: Option<&String>) -> usize {
    text.and_then(|t| t.parse().ok()).unwrap_or_else(|| usage())
}

fn report<G: GameHash>(name: &str, game: &G, seconds: Option<u64>)
where
    G::Move: std::fmt::Debug,
{
    let budget = seconds.map_or_else(Budget::unlimited, |s| Budget::time(Duration::from_secs(s)));
    let s = MarginSolver::new()
        .with_budget(budget)
        .solve(game)
        .expect("a solvable game");
    println!(
        "{name}: {s}; {} probes, {:.1} s, {:.2} M nodes/s",
        s.stats.iterations,
        s.stats.elapsed.as_secs_f64(),
        s.stats.nodes_per_second() / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("kalah") => {
            let (pits, stones) = (number(args.get(1)), number(args.get(2)));
            let rules = match args.get(3).map(String::as_str) {
                Some("common") => KalahRules::COMMON,
                Some("empty") => KalahRules::EMPTY_CAPTURE,
                _ => usage(),
            };
            let seconds = args.get(4).map(|s| number(Some(s)) as u64);
            let game = Kalah::new(pits, u8::try_from(stones).unwrap_or_else(|_| usage()))
                .unwrap_or_else(|e| {
                    eprintln!("{e}");
                    std::process::exit(2)
                })
                .with_rules(rules);
            report(&format!("Kalah({pits}, {stones}), {rules}"), &game, seconds);
        }
        Some("dots") => {
            let (rows, cols) = (number(args.get(1)), number(args.get(2)));
            let seconds = args.get(3).map(|s| number(Some(s)) as u64);
            let game = DotsAndBoxes::new(rows, cols).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            report(&format!("Dots and Boxes {rows} x {cols}"), &game, seconds);
        }
        _ => usage(),
    }
}
