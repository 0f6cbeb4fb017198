//! MCTS against alpha-beta at equal time per move in Connect Four.
//!
//! `cargo run --release --manifest-path crates/mcts/Cargo.toml --example versus_alphabeta -- [ms per move] [games] [opening plies]`
//! (defaults: 100 ms, 50 games, 2 random opening plies). Colours alternate in pairs of games
//! that share a seeded random opening, both engines run on one thread, and both are told
//! every move (the MCTS keeps its tree between moves). MCTS: uniform random playouts and
//! the default settings; alpha-beta: iterative-deepening negamax with a 32 MB
//! transposition table and the threat-counting evaluator.

use std::sync::Arc;
use std::time::Duration;

use adversarial::{Negamax, TranspositionTable};
use games::{ConnectFour, ThreatEvaluator};
use mcts::Mcts;
use search_core::{Arena, Budget};

fn main() {
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let opening: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let per_move = Budget::time(Duration::from_millis(ms.max(1)));
    let report = Arena::new(ConnectFour::new())
        .games(games)
        .seed(2026)
        .opening_plies(opening)
        .run(
            |seed| Mcts::<ConnectFour>::new(seed).with_budget(per_move.clone()),
            |_seed| match TranspositionTable::with_megabytes(32) {
                Ok(table) => Negamax::new(ThreatEvaluator)
                    .with_table(Arc::new(table))
                    .with_budget(per_move.clone()),
                Err(e) => {
                    eprintln!("cannot allocate the transposition table: {e}");
                    std::process::exit(1)
                }
            },
        );
    match report {
        Ok(r) => {
            println!("{ms} ms per move, {games} games, {opening} opening plies");
            println!("{r}");
        }
        Err(e) => eprintln!("match failed: {e}"),
    }
}
