//! Transpositions: seeded runs repeat, the solver's proofs still hold, tactics are still
//! found, they work with RAVE and across moves, and a shared tree refuses them.

use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, Parallelism, Value};
use search_core::{Budget, Game, SearchError, Wdl};

fn shared<G: search_core::GameHash>(seed: u64, iterations: u64) -> Mcts<G> {
    Mcts::new()
        .with_transpositions(true)
        .with_seed(seed)
        .with_budget(Budget::iterations(iterations))
}

#[test]
fn seeded_runs_repeat_and_differ_from_plain_uct() {
    let state: ConnectFour = "4453".parse().unwrap();
    let stats = |r: &mcts::SearchResult<u8>| -> Vec<(u8, u64, u64)> {
        r.moves
            .iter()
            .map(|m| (m.mv, m.visits, m.mean.to_bits()))
            .collect()
    };
    let a = shared::<ConnectFour>(7, 5_000).search(&state).unwrap();
    let b = shared::<ConnectFour>(7, 5_000).search(&state).unwrap();
    assert_eq!(stats(&a), stats(&b));
    let plain = Mcts::<ConnectFour>::new()
        .with_seed(7)
        .with_budget(Budget::iterations(5_000))
        .search(&state)
        .unwrap();
    assert_ne!(stats(&a), stats(&plain));
}

#[test]
fn the_solver_still_proves_the_tictactoe_draw_on_two_threads() {
    for threads in [1, 2] {
        let r = shared::<TicTacToe>(3, 300_000)
            .with_threads(threads)
            .search(&TicTacToe::new())
            .unwrap();
        assert_eq!(r.value, Value::Proven(Wdl::Draw), "{threads} thread(s)");
    }
}

#[test]
fn tactics_are_found_with_and_without_rave() {
    for rave in [false, true] {
        let ai = shared::<ConnectFour>(2, 4_000);
        let mut ai = if rave { ai.with_rave(1000.0) } else { ai };
        let r = ai.search(&"445566".parse().unwrap()).unwrap();
        assert!(r.best_move == 2 || r.best_move == 6, "{}", r.best_move);
        let r = ai.search(&"45454".parse().unwrap()).unwrap();
        assert_eq!(r.best_move, 3, "rave {rave}");
    }
}

#[test]
fn a_game_is_played_to_the_end_with_the_tree_kept() {
    let mut ai = shared::<ConnectFour>(11, 2_000).with_memory_cap(400_000);
    let mut state = ConnectFour::new();
    while !state.outcome().is_over() {
        let r = ai.search(&state).unwrap();
        assert!(state.legal_move_list().contains(&r.best_move));
        assert!(ai.tree_bytes() <= 400_000, "{}", ai.tree_bytes());
        state.play(r.best_move);
    }
}

#[test]
fn a_shared_tree_refuses_transpositions() {
    let e = shared::<TicTacToe>(1, 100)
        .with_threads(2)
        .with_parallelism(Parallelism::Tree)
        .search(&TicTacToe::new())
        .unwrap_err();
    assert!(
        matches!(e, SearchError::Config(ref m) if m.contains("transpositions")),
        "{e}"
    );
    // Turned off again, the same engine searches.
    let mut off = shared::<TicTacToe>(1, 100)
        .with_threads(2)
        .with_parallelism(Parallelism::Tree)
        .with_transpositions(false);
    assert!(off.search(&TicTacToe::new()).is_ok());
}
