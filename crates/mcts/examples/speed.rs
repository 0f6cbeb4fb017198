//! Random playouts per second on Connect Four from the empty board, for a quick look
//! without criterion: `cargo run --release --manifest-path crates/mcts/Cargo.toml --example speed -- [threads] [iterations] [tree|root|rave|tt]`
//! (`rave`: root parallelism with RAVE, equivalence 1000; `tt`: root parallelism with
//! transpositions).

use games::ConnectFour;
use mcts::{Mcts, Parallelism};
use search_core::Budget;

fn main() {
    let mut args = std::env::args().skip(1);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let iterations: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let setting = args.next();
    let parallelism = match setting.as_deref() {
        Some("root" | "rave" | "tt") => Parallelism::Root,
        _ => Parallelism::Tree,
    };
    let ai = Mcts::<ConnectFour>::new();
    let ai = match setting.as_deref() {
        Some("rave") => ai.with_rave(1000.0),
        Some("tt") => ai.with_transpositions(true),
        _ => ai,
    };
    let mut ai = ai
        .with_seed(1)
        .with_threads(threads)
        .with_parallelism(parallelism)
        .with_tree_reuse(false)
        .with_budget(Budget::iterations(iterations));
    for _ in 0..3 {
        match ai.search(&ConnectFour::new()) {
            Ok(r) => println!("{:.0} playouts/s; {}", r.playouts_per_second(), r.stats),
            Err(e) => eprintln!("error: {e}"),
        }
    }
}
