//! Counts move sequences to a depth and prints the count and the time.
//!
//! ```text
//! cargo run --release -p games --example perft -- connect4 10
//! cargo run --release -p games --example perft -- tictactoe 9
//! cargo run --release -p games --example perft -- connect4 8 4455
//! ```
//! The optional third argument is a start position: 1-based Connect Four columns
//! ("4455"), or nine tic-tac-toe cells ("X.O.X....").

use std::process::ExitCode;
use std::time::Instant;

use games::{ConnectFour, TicTacToe, perft};
use search_core::Game;

const USAGE: &str = "usage: perft <connect4|tictactoe> <depth> [position]";

fn run<G: Game + std::fmt::Display>(state: &G, depth: u32) {
    println!("{state}");
    for d in 1..=depth {
        let start = Instant::now();
        let count = perft(state, d);
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { count as f64 / secs } else { 0.0 };
        println!(
            "perft({d:>2}) = {count:>15}   {secs:>9.3} s   {:>8.1} M leaves/s",
            rate / 1e6
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, depth) = match (args.first(), args.get(1)) {
        (Some(g), Some(d)) => (g.as_str(), d),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let depth: u32 = match depth.parse() {
        Ok(d) if d <= 42 => d,
        _ => {
            eprintln!("depth must be a whole number from 0 to 42, not {depth:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let position = args.get(2).map(String::as_str).unwrap_or("");
    match game {
        "connect4" | "c4" => match position.parse::<ConnectFour>() {
            Ok(s) => run(&s, depth),
            Err(e) => {
                eprintln!("bad Connect Four position {position:?}: {e}");
                return ExitCode::from(2);
            }
        },
        "tictactoe" | "ttt" => {
            let parsed = if position.is_empty() {
                Ok(TicTacToe::new())
            } else {
                position.parse::<TicTacToe>()
            };
            match parsed {
                Ok(s) => run(&s, depth),
                Err(e) => {
                    eprintln!("bad tic-tac-toe position {position:?}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        other => {
            eprintln!("unknown game {other:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
