//! Solves Kuhn poker or Leduc hold'em with CFR+ (or vanilla CFR, or external-sampling
//! MCCFR) until the average strategy is within a target exploitability, and prints the
//! iterations, the time, the value and the exploitability reached.
//!
//! ```sh
//! cargo run --release -p plysearch-adversarial --example solve_poker -- leduc 1e-3
//! cargo run --release -p plysearch-adversarial --example solve_poker -- kuhn 1e-4 vanilla
//! ```
//!
//! Arguments: the game (`kuhn` or `leduc`, default `leduc`), the target exploitability
//! (default `1e-3`), the solver (`plus`, `vanilla` or `mccfr`, default `plus`).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{Cfr, CfrResult, CfrVariant, GameTree, Mccfr};
use games::{Kuhn, Leduc};
use search_core::{Budget, ImperfectInfo, SearchError};

fn solve<G: ImperfectInfo>(game: &G, target: f64, solver: &str) -> Result<(), SearchError> {
    let start = Instant::now();
    let tree = GameTree::new(game)?;
    let built = start.elapsed();
    println!(
        "tree: {} nodes, {} information sets, built in {built:.2?}",
        tree.node_count(),
        tree.info_set_count()
    );
    let budget = Budget::time(Duration::from_secs(600));
    let result: CfrResult = match solver {
        "mccfr" => Mccfr::new(&tree)
            .with_budget(budget)
            .with_target_exploitability(target)
            .run()?,
        "vanilla" => Cfr::new(&tree)
            .with_variant(CfrVariant::Vanilla)
            .with_budget(budget)
            .with_target_exploitability(target)
            .run()?,
        _ => Cfr::new(&tree)
            .with_budget(budget)
            .with_target_exploitability(target)
            .with_check_every(1)
            .run()?,
    };
    println!(
        "{solver}: {} iterations in {:.3} s ({} nodes); value of player 0 {:.6}; exploitability {:.3e}",
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
    let target: f64 = match args.get(1).map_or(Ok(1e-3), |t| t.parse()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("the target exploitability must be a number: {e}");
            return ExitCode::FAILURE;
        }
    };
    let solver = args.get(2).map_or("plus", String::as_str);
    let outcome = match game {
        "kuhn" => solve(&Kuhn::new(), target, solver),
        "leduc" => solve(&Leduc::new(), target, solver),
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
