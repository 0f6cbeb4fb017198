//! How long the MCTS-Solver takes to prove the empty tic-tac-toe board a draw, at the
//! exploration constants where OpenSpiel's MCTS-Solver never proves it:
//! `cargo run --release --manifest-path crates/mcts/Cargo.toml --example prove_tictactoe`.

use games::TicTacToe;
use mcts::Mcts;
use search_core::Budget;

fn main() {
    let budget = Budget::iterations(10_000_000);
    for hooks in [true, false] {
        for c in [0.5, 1.0, 2.0, 5.0] {
            for seed in 0..3 {
                let mut ai = Mcts::<TicTacToe>::new()
                    .with_seed(seed)
                    .with_exploration(c)
                    .with_game_hooks(hooks)
                    .with_budget(budget.clone());
                match ai.search(&TicTacToe::new()) {
                    Ok(r) => println!(
                        "hooks {hooks:5}  c = {c}  seed {seed}: {} after {} iterations, {} nodes, {:.2?}",
                        r.value, r.stats.iterations, r.stats.nodes, r.stats.elapsed
                    ),
                    Err(e) => eprintln!("error: {e}"),
                }
            }
        }
    }
}
