//! Random Connect Four positions in the benchmark files' format (1-based columns, one
//! position a line), for timing solvers beyond the published sets: each position has a
//! number of stones drawn uniformly between a minimum and a maximum, reached by uniformly
//! random moves among those that do not end the game (so every position is still being
//! played). The same seed always gives the same positions.
//!
//! ```text
//! cargo run --release -p plysearch-games --example connect4_random_positions -- --count 600 --seed 1 > random.txt
//! target/release/ply solve --quiet < random.txt
//! ```
//!
//! Options: `--count N` (default 600), `--seed S` (default 1), `--min-stones A` and
//! `--max-stones B` (default 8 and 34; `A <= B <= 41`). Bad arguments print a message and
//! exit with code 2.

use std::process::ExitCode;

use games::ConnectFour;
use search_core::{Game, SplitMix64};

const USAGE: &str =
    "usage: connect4_random_positions [--count N] [--seed S] [--min-stones A] [--max-stones B]
  --count N        positions to print (default 600)
  --seed S         seed of the random moves (default 1)
  --min-stones A   fewest stones in a position (default 8)
  --max-stones B   most stones in a position, at least A and at most 41 (default 34)";

struct Options {
    count: u64,
    seed: u64,
    min: usize,
    max: usize,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        count: 600,
        seed: 1,
        min: 8,
        max: 34,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{what} must be a whole number, not {value:?}"))
        };
        match flag.as_str() {
            "--count" => o.count = number("--count")?,
            "--seed" => o.seed = number("--seed")?,
            "--min-stones" => o.min = number("--min-stones")? as usize,
            "--max-stones" => o.max = number("--max-stones")? as usize,
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    if o.min > o.max || o.max > 41 {
        return Err(format!(
            "the stones must satisfy min <= max <= 41 (got {} and {})",
            o.min, o.max
        ));
    }
    Ok(o)
}

/// A position of `stones` stones reached by random moves that do not end the game, as its
/// move string; `None` when the random moves ran into a position where every move ends it.
fn random_position(rng: &mut SplitMix64, stones: usize) -> Option<String> {
    let mut game = ConnectFour::new();
    let mut line = String::with_capacity(stones);
    let mut moves = Vec::with_capacity(7);
    for _ in 0..stones {
        moves.clear();
        game.legal_moves(&mut moves);
        moves.retain(|&col| {
            let mut next = game;
            next.play(col);
            !next.outcome().is_over()
        });
        if moves.is_empty() {
            return None;
        }
        let col = moves[rng.below(moves.len())];
        game.play(col);
        line.push(char::from(b'1' + col));
    }
    Some(line)
}

fn main() -> ExitCode {
    let o = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut rng = SplitMix64::new(o.seed);
    let mut printed = 0;
    while printed < o.count {
        let stones = o.min + rng.below(o.max - o.min + 1);
        if let Some(line) = random_position(&mut rng, stones) {
            println!("{line}");
            printed += 1;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_have_the_asked_stones_and_are_still_being_played() {
        let mut rng = SplitMix64::new(7);
        for stones in [0, 1, 8, 20, 34, 41] {
            for _ in 0..20 {
                let Some(line) = random_position(&mut rng, stones) else {
                    continue;
                };
                assert_eq!(line.len(), stones);
                let game: ConnectFour = line.parse().expect("a legal move string");
                assert!(!game.outcome().is_over(), "{line}");
            }
        }
    }

    #[test]
    fn bad_arguments_are_refused() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(parse(args(&["--count"])).is_err());
        assert!(parse(args(&["--count", "x"])).is_err());
        assert!(parse(args(&["--min-stones", "10", "--max-stones", "9"])).is_err());
        assert!(parse(args(&["--max-stones", "42"])).is_err());
        assert!(parse(args(&["--colour", "red"])).is_err());
        let o = parse(args(&["--count", "5", "--seed", "3"])).unwrap();
        assert_eq!((o.count, o.seed, o.min, o.max), (5, 3, 8, 34));
    }
}
