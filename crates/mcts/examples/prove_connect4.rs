//! The MCTS-Solver on Pascal Pons' Connect Four test sets: how many positions it proves
//! (and whether every proof agrees with the published score), within an iteration budget:
//! `cargo run --release --manifest-path crates/mcts/Cargo.toml --example prove_connect4 -- [set] [iterations]`
//! (defaults: `Test_L3_R1`, 1 000 000). The sets are in `data/connect4` of
//! the repository; a path to another file of the same format works too.

use std::time::Duration;

use games::ConnectFour;
use games::connect4_line::{ScoredPosition, parse_line};
use mcts::{Mcts, Value};
use search_core::{Budget, Wdl};

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "Test_L3_R1".to_string());
    let iterations: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let path = if std::path::Path::new(&set).is_file() {
        set.clone()
    } else {
        format!("{}/../../data/connect4/{set}", env!("CARGO_MANIFEST_DIR"))
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return;
        }
    };
    let (mut positions, mut proven, mut wrong) = (0u32, 0u32, 0u32);
    let (mut total_iterations, mut total_time) = (0u64, Duration::ZERO);
    for (number, line) in text.lines().enumerate() {
        let (moves, pos, score) = match parse_line(line) {
            Ok(Some(ScoredPosition {
                moves,
                position,
                score: Some(score),
            })) => (moves, position, score),
            Ok(Some(_)) => {
                eprintln!("{path}:{}: no expected score", number + 1);
                continue;
            }
            Ok(None) => continue,
            Err(e) => {
                eprintln!("{path}:{}: {e}", number + 1);
                continue;
            }
        };
        positions += 1;
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(u64::from(positions))
            .with_budget(Budget::iterations(iterations));
        let r = match ai.search(&pos) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{moves}: {e}");
                continue;
            }
        };
        total_iterations += r.stats.iterations;
        total_time += r.stats.elapsed;
        if let Value::Proven(p) = r.value {
            proven += 1;
            let expected = Wdl::from_sign(i64::from(score.signum()));
            if p != expected {
                wrong += 1;
                eprintln!("{moves}: proved {p}, published score {score}");
            }
        }
    }
    let n = f64::from(positions.max(1));
    println!(
        "{set}: {positions} positions, {proven} proven within {iterations} iterations, {wrong} \
         disagreeing with the published score; mean {:.0} iterations and {:.2?} per position",
        total_iterations as f64 / n,
        total_time / positions.max(1)
    );
}
