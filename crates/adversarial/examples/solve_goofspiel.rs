//! Solves Goofspiel with `n` cards exactly (a matrix game per round, by linear
//! programming) and prints its value, the first round's optimal bids and the statistics.
//!
//! `cargo run --release -p plysearch-adversarial --example solve_goofspiel -- 5`

use std::process::ExitCode;

use adversarial::SimultaneousSolver;
use games::Goofspiel;
use search_core::SearchError;

fn solve(cards: usize) -> Result<f64, SearchError> {
    let game = Goofspiel::new(cards).map_err(|e| SearchError::Config(e.to_string()))?;
    let solution = SimultaneousSolver::new().solve(&game)?;
    println!(
        "Goofspiel {cards}: value {:.3e}; rounds solved {}, finished games {}, table hits {}, {:.3} s",
        solution.value,
        solution.stats.nodes,
        solution.stats.leaves,
        solution.stats.tt_hits,
        solution.stats.elapsed.as_secs_f64()
    );
    for (bid, p) in solution.moves[0].iter().zip(&solution.first_round.row) {
        println!("  first round: bid {bid} with probability {p:.4}");
    }
    Ok(solution.value)
}

fn main() -> ExitCode {
    let cards = std::env::args()
        .nth(1)
        .map_or(Ok(5), |a| a.parse::<usize>());
    let Ok(cards) = cards else {
        eprintln!("give the number of cards, 1 to 13");
        return ExitCode::FAILURE;
    };
    match solve(cards) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example on four cards: the value is 0.
    #[test]
    fn the_example_runs() {
        assert!(super::solve(4).unwrap().abs() < 1e-9);
    }
}
