//! PUCT simulations per second on Connect Four from the empty board with the trivial
//! evaluator (uniform policy, value 0), so that the figure is the search's own cost:
//! `cargo run --release --manifest-path crates/mcts/Cargo.toml --example puct_speed -- [simulations] [threads] [batch sizes...]`
//! (default 200,000 simulations, one thread, batches of 1 and 16). The batch sizes are run in
//! turn, three rounds, so that a noisy machine weighs on all of them alike.

use games::ConnectFour;
use mcts::{Puct, UniformEvaluator};
use search_core::Budget;

fn main() {
    let mut args = std::env::args().skip(1);
    let simulations: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut batches: Vec<usize> = args.filter_map(|a| a.parse().ok()).collect();
    if batches.is_empty() {
        batches = vec![1, 16];
    }
    for round in 1..=3 {
        for &batch in &batches {
            let mut ai = Puct::new(UniformEvaluator)
                .with_batch_size(batch)
                .with_threads(threads)
                .with_budget(Budget::iterations(simulations));
            match ai.search(&ConnectFour::new()) {
                Ok(r) => {
                    let secs = r.stats.elapsed.as_secs_f64();
                    println!(
                        "round {round} batch {batch:>3} threads {threads}: {:.0} simulations/s ({} in {:.3} s, {} nodes)",
                        r.stats.iterations as f64 / secs,
                        r.stats.iterations,
                        secs,
                        r.tree_size
                    );
                }
                Err(e) => eprintln!("error: {e}"),
            }
        }
    }
}
