//! Connect Four solver benchmark: solves every position read from stdin with the generic
//! exact solver of the `adversarial` crate and compares with the expected scores.
//!
//! ```text
//! cargo run --release -p games --example c4solve [-- [--weak] [--threads N] [--table-mb MB]] < file
//! ```
//!
//! `--table-mb` sets the transposition table (default 16 MB: best on the five smaller sets;
//! the deep positions of Begin-Hard and the empty board want 256 MB, the entry count of
//! Pons' table). `--threads N` solves each position on N threads (Lazy SMP).
//!
//! Tuning flags, to measure what each part buys: `--min-table-plies N` (nodes with fewer
//! empty cells skip the table; default 8), `--no-hooks` (no `winning_move` /
//! `non_losing_moves`), `--no-prefetch` (children's table slots are not prefetched),
//! `--ordering none|hints|table|all` (default `table`: table move, then
//! the game's hints).
//!
//! Input lines: `<moves> [<expected score>]`, moves as 1-based columns (an empty or `-`
//! move string is the empty board), scores in Pascal Pons' convention (from the side to
//! move: `22 - stones the winner has placed when it wins`, negative for a loss, 0 for a
//! draw). Output per position: `moves score nodes microseconds`, with `MISMATCH (expected
//! ...)` appended when the score differs. Malformed lines are reported on stderr with their
//! line number and skipped. A summary follows: positions, mismatches, mean time, mean nodes,
//! nodes per second. The table is cleared before each position (as in Pons' benchmark) and
//! the clearing is not timed. With `--weak` only the sign is computed and compared.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{MoveOrdering, Solver, WeakValue};
use games::{ConnectFour, HEIGHT, WIDTH};
use search_core::{Budget, Score};

/// Pons' score of a Connect Four position with `stones` stones whose exact value is `score`.
fn pons_score(score: Score, stones: u32) -> Option<i32> {
    let half = (WIDTH * HEIGHT) as i32 / 2 + 1; // 22
    let winner_stones = |d: u32| ((stones + d).div_ceil(2)) as i32;
    if score.is_win() {
        score.plies_to_end().map(|d| half - winner_stones(d))
    } else if score.is_loss() {
        score.plies_to_end().map(|d| winner_stones(d) - half)
    } else if score == Score::DRAW {
        Some(0)
    } else {
        None
    }
}

struct Options {
    weak: bool,
    threads: usize,
    table_mb: usize,
    hooks: bool,
    prefetch: bool,
    ordering: MoveOrdering,
    min_table_plies: Option<u32>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        weak: false,
        threads: 1,
        table_mb: 16,
        hooks: true,
        prefetch: true,
        ordering: MoveOrdering::table_and_hints(),
        min_table_plies: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} needs a positive number"))
        };
        match a.as_str() {
            "--weak" => o.weak = true,
            "--threads" => {
                o.threads = number("--threads")?;
                if o.threads == 0 || o.threads > 1024 {
                    return Err("--threads needs a number from 1 to 1024".into());
                }
            }
            "--table-mb" => o.table_mb = number("--table-mb")?,
            "--min-table-plies" => {
                o.min_table_plies = Some(
                    u32::try_from(number("--min-table-plies")?)
                        .map_err(|_| "--min-table-plies is too large".to_string())?,
                )
            }
            "--no-hooks" => o.hooks = false,
            "--no-prefetch" => o.prefetch = false,
            "--ordering" => {
                o.ordering = match args.next().as_deref() {
                    Some("none") => MoveOrdering::none(),
                    Some("hints") => MoveOrdering {
                        table_move: false,
                        ..MoveOrdering::table_and_hints()
                    },
                    Some("table") => MoveOrdering::table_and_hints(),
                    Some("all") => MoveOrdering::all(),
                    _ => return Err("--ordering needs none, hints, table or all".into()),
                }
            }
            "-h" | "--help" => {
                return Err(
                    "usage: c4solve [--weak] [--threads N] [--table-mb MB] [--min-table-plies N] [--no-hooks] [--no-prefetch] [--ordering none|hints|table|all] < positions".into(),
                )
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = match Solver::with_megabytes(opts.table_mb) {
        Ok(s) => {
            let s = s
                .game_hooks(opts.hooks)
                .prefetch(opts.prefetch)
                .move_ordering(opts.ordering);
            match opts.min_table_plies {
                Some(n) => s.min_table_plies(n),
                None => s,
            }
        }
        Err(e) => {
            eprintln!("--table-mb: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (mut positions, mut mismatches, mut malformed) = (0u64, 0u64, 0u64);
    let (mut total_time, mut total_nodes) = (Duration::ZERO, 0u64);
    for (number, line) in stdin.lock().lines().enumerate() {
        let number = number + 1;
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("line {number}: cannot read input: {e}");
                malformed += 1;
                break;
            }
        };
        let mut fields = line.split_whitespace();
        let (moves, expected) = match (fields.next(), fields.next(), fields.next()) {
            (None, _, _) => continue,
            (Some(m), e, None) => (m, e),
            (Some(_), _, Some(extra)) => {
                eprintln!("line {number}: unexpected field {extra:?} (expected `moves [score]`)");
                malformed += 1;
                continue;
            }
        };
        let moves = if moves == "-" { "" } else { moves };
        let position: ConnectFour = match moves.parse() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("line {number}: bad moves {moves:?}: {e}");
                malformed += 1;
                continue;
            }
        };
        let expected: Option<i32> = match expected.map(str::parse) {
            None => None,
            Some(Ok(s)) => Some(s),
            Some(Err(_)) => {
                eprintln!(
                    "line {number}: the expected score {:?} is not an integer",
                    expected.unwrap_or_default()
                );
                malformed += 1;
                continue;
            }
        };
        solver.clear();
        let budget = Budget::unlimited();
        let started = Instant::now();
        let (score, nodes) = if opts.weak {
            match solver.solve_weak_parallel(&position, &budget, opts.threads) {
                Ok(s) => {
                    let v = match s.value {
                        Some(WeakValue::Win) => 1,
                        Some(WeakValue::Loss) => -1,
                        _ => 0,
                    };
                    (Some(v), s.stats.nodes)
                }
                Err(e) => {
                    eprintln!("line {number}: {e}");
                    malformed += 1;
                    continue;
                }
            }
        } else {
            match solver.solve_parallel(&position, &budget, opts.threads) {
                Ok(s) => (pons_score(s.score, position.moves_played()), s.stats.nodes),
                Err(e) => {
                    eprintln!("line {number}: {e}");
                    malformed += 1;
                    continue;
                }
            }
        };
        let elapsed = started.elapsed();
        positions += 1;
        total_time += elapsed;
        total_nodes += nodes;
        let shown = score.map_or_else(|| "?".to_string(), |s| s.to_string());
        let mut report = format!("{moves} {shown} {nodes} {}", elapsed.as_micros());
        if let Some(e) = expected {
            let e = if opts.weak { e.signum() } else { e };
            if score != Some(e) {
                mismatches += 1;
                report.push_str(&format!(" MISMATCH (expected {e})"));
            }
        }
        if writeln!(out, "{report}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    let n = positions.max(1) as f64;
    let secs = total_time.as_secs_f64();
    let summary = format!(
        "positions {positions}, mismatches {mismatches}, malformed lines {malformed}, mean time {:.1} µs, mean nodes {:.1}, {:.2} M nodes/s",
        secs * 1e6 / n,
        total_nodes as f64 / n,
        if secs > 0.0 {
            total_nodes as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    if writeln!(out, "{summary}").is_err() {
        return ExitCode::FAILURE;
    }
    if mismatches > 0 || malformed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pons_examples() {
        assert_eq!(pons_score(Score::win_in(3), 4), Some(18));
        assert_eq!(pons_score(Score::loss_in(2), 11), Some(-15));
        assert_eq!(pons_score(Score::DRAW, 30), Some(0));
    }
}
