//! Solves Kuhn poker or Leduc hold'em with CFR+ (or vanilla CFR, or external- or
//! outcome-sampling MCCFR) until the average strategy is within a target exploitability
//! (checked after every iteration for CFR, every 1000 for external sampling, every 10,000
//! for outcome sampling), or for a number of iterations, and
//! prints the iterations, the time, the value and the exploitability reached.
//!
//! ```sh
//! cargo run --release -p plysearch-adversarial --example solve_poker -- leduc 1e-3
//! cargo run --release -p plysearch-adversarial --example solve_poker -- leduc 454
//! cargo run --release -p plysearch-adversarial --example solve_poker -- kuhn 1e-4 vanilla
//! ```
//!
//! Arguments: the game (`kuhn` or `leduc`, default `leduc`); the target exploitability, or
//! a whole number of iterations (default `1e-3`); the solver (`plus`, `vanilla`, `alternating` or
//! `mccfr` (external sampling) or `outcome` (outcome sampling), default `plus`); the seed
//! of MCCFR (default 0).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{Cfr, CfrResult, CfrVariant, GameTree, Mccfr, OutcomeMccfr};
use games::{Kuhn, Leduc};
use search_core::{Budget, ImperfectInfo, SearchError};

/// When a run stops.
#[derive(Copy, Clone)]
enum Until {
    Exploitability(f64),
    Iterations(u64),
}

fn solve<G: ImperfectInfo>(
    game: &G,
    until: Until,
    solver: &str,
    seed: u64,
) -> Result<(), SearchError> {
    let start = Instant::now();
    let tree = GameTree::new(game)?;
    let built = start.elapsed();
    println!(
        "tree: {} nodes, {} information sets, built in {built:.2?}",
        tree.node_count(),
        tree.info_set_count()
    );
    let (budget, target) = match until {
        Until::Exploitability(target) => (Budget::time(Duration::from_secs(600)), Some(target)),
        Until::Iterations(n) => (Budget::iterations(n), None),
    };
    let result: CfrResult = if solver == "outcome" {
        let mut os = OutcomeMccfr::new(&tree).with_budget(budget).with_seed(seed);
        if let Some(target) = target {
            os = os.with_target_exploitability(target);
        }
        os.run()?
    } else if solver == "mccfr" {
        let mut mccfr = Mccfr::new(&tree).with_budget(budget).with_seed(seed);
        if let Some(target) = target {
            mccfr = mccfr.with_target_exploitability(target);
        }
        mccfr.run()?
    } else {
        let variant = match solver {
            "vanilla" => CfrVariant::Vanilla,
            "alternating" => CfrVariant::Alternating,
            _ => CfrVariant::Plus,
        };
        let mut cfr = Cfr::new(&tree)
            .with_variant(variant)
            .with_budget(budget)
            .with_check_every(1);
        if let Some(target) = target {
            cfr = cfr.with_target_exploitability(target);
        }
        cfr.run()?
    };
    println!(
        "{solver}: {} iterations in {:.3} s ({} nodes); value of player 0 {:.9}; exploitability {:.9e}",
        result.iterations,
        result.stats.elapsed.as_secs_f64(),
        result.stats.nodes,
        result.values[0],
        result.exploitability.unwrap_or(f64::NAN)
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("leduc", String::as_str);
    let until = match args.get(1) {
        None => Until::Exploitability(1e-3),
        Some(arg) => match (arg.parse::<u64>(), arg.parse::<f64>()) {
            (Ok(n), _) if n > 0 => Until::Iterations(n),
            (_, Ok(t)) => Until::Exploitability(t),
            _ => {
                eprintln!("{arg}: give a target exploitability or a number of iterations");
                return ExitCode::FAILURE;
            }
        },
    };
    let solver = args.get(2).map_or("plus", String::as_str);
    if !["plus", "vanilla", "alternating", "mccfr", "outcome"].contains(&solver) {
        eprintln!("unknown solver {solver}: plus, vanilla, alternating, mccfr or outcome");
        return ExitCode::FAILURE;
    }
    let Ok(seed) = args.get(3).map_or(Ok(0), |s| s.parse::<u64>()) else {
        eprintln!("the seed must be a whole number");
        return ExitCode::FAILURE;
    };
    let outcome = match game {
        "kuhn" => solve(&Kuhn::new(), until, solver, seed),
        "leduc" => solve(&Leduc::new(), until, solver, seed),
        other => {
            eprintln!("unknown game {other}: kuhn or leduc");
            return ExitCode::FAILURE;
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Until, solve};

    /// `cargo test` runs the example's solves on Kuhn poker, with every solver.
    #[test]
    fn the_example_runs() {
        for solver in ["plus", "vanilla"] {
            solve(&games::Kuhn::new(), Until::Exploitability(1e-3), solver, 0).unwrap();
        }
        solve(&games::Kuhn::new(), Until::Iterations(2000), "mccfr", 1).unwrap();
        solve(&games::Kuhn::new(), Until::Iterations(2000), "outcome", 1).unwrap();
    }
}
