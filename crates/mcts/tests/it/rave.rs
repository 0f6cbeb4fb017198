//! RAVE: seeded runs repeat, the solver's proofs still hold, tactics are still found, the
//! AMAF statistics follow the tree between moves, and bad settings are refused.

use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, Parallelism, Value};
use search_core::{Budget, Game, SearchError, Wdl};

fn rave<G: Game>(seed: u64, iterations: u64) -> Mcts<G> {
    Mcts::new()
        .with_rave(1000.0)
        .with_seed(seed)
        .with_budget(Budget::iterations(iterations))
}

#[test]
fn seeded_runs_repeat_bit_for_bit() {
    let state: ConnectFour = "4453".parse().unwrap();
    let a = rave::<ConnectFour>(7, 3_000).search(&state).unwrap();
    let b = rave::<ConnectFour>(7, 3_000).search(&state).unwrap();
    assert_eq!(a.best_move, b.best_move);
    let stats = |r: &mcts::SearchResult<u8>| -> Vec<(u8, u64, u64)> {
        r.moves
            .iter()
            .map(|m| (m.mv, m.visits, m.mean.to_bits()))
            .collect()
    };
    assert_eq!(stats(&a), stats(&b));
    // RAVE changes the search: the visits differ from plain UCT's with the same seed.
    let plain = Mcts::<ConnectFour>::new()
        .with_seed(7)
        .with_budget(Budget::iterations(3_000))
        .search(&state)
        .unwrap();
    assert_ne!(stats(&a), stats(&plain));
}

#[test]
fn the_solver_still_proves_the_tictactoe_draw() {
    let r = rave::<TicTacToe>(3, 200_000)
        .search(&TicTacToe::new())
        .unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Draw));
}

#[test]
fn immediate_wins_and_blocks_are_found() {
    // X to move wins at once in column 3 or 7 (three in a row on the bottom, both ends open).
    let r = rave::<ConnectFour>(1, 2_000)
        .search(&"445566".parse().unwrap())
        .unwrap();
    assert!(r.best_move == 2 || r.best_move == 6, "{}", r.best_move);
    // O to move must block X's three in column 4 (moves 4 5 4 5 4: X in column 4 three high).
    let r = rave::<ConnectFour>(2, 4_000)
        .search(&"45454".parse().unwrap())
        .unwrap();
    assert_eq!(r.best_move, 3);
}

#[test]
fn a_kept_tree_carries_on_with_rave_after_moves() {
    let mut ai = rave::<ConnectFour>(11, 2_000);
    let mut state = ConnectFour::new();
    for _ in 0..6 {
        let r = ai.search(&state).unwrap();
        assert!(state.legal_move_list().contains(&r.best_move));
        state.play(r.best_move);
        // The tree is kept across the move (the engine follows it by position).
        assert!(ai.tree_size() > 0);
    }
    // Switching RAVE on for an engine that kept a plain tree starts the AMAF statistics
    // afresh but keeps the tree.
    let mut plain = Mcts::<ConnectFour>::new()
        .with_seed(4)
        .with_budget(Budget::iterations(1_000));
    plain.search(&state).unwrap();
    let kept = plain.tree_size();
    let mut switched = plain.with_rave(500.0);
    assert_eq!(switched.tree_size(), kept);
    let r = switched.search(&state).unwrap();
    assert!(state.legal_move_list().contains(&r.best_move));
}

#[test]
fn root_parallel_rave_searches_on_two_threads() {
    let r = rave::<TicTacToe>(5, 20_000)
        .with_threads(2)
        .search(&TicTacToe::new())
        .unwrap();
    assert_eq!(r.threads, 2);
    assert!(TicTacToe::new().legal_move_list().contains(&r.best_move));
}

#[test]
fn bad_settings_are_refused() {
    for k in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let e = rave::<TicTacToe>(1, 10)
            .with_rave(k)
            .search(&TicTacToe::new())
            .unwrap_err();
        assert!(
            matches!(e, SearchError::Config(ref m) if m.contains("RAVE")),
            "{k}: {e}"
        );
    }
    let e = rave::<TicTacToe>(1, 100)
        .with_threads(2)
        .with_parallelism(Parallelism::Tree)
        .search(&TicTacToe::new())
        .unwrap_err();
    assert!(
        matches!(e, SearchError::Config(ref m) if m.contains("shared tree")),
        "{e}"
    );
}

#[test]
fn the_memory_cap_covers_the_amaf_statistics() {
    let cap = 200_000u64;
    let mut ai = rave::<ConnectFour>(2, 30_000).with_memory_cap(cap);
    let mut state = ConnectFour::new();
    for _ in 0..4 {
        let r = ai.search(&state).unwrap();
        assert!(ai.tree_bytes() as u64 <= cap, "{} > {cap}", ai.tree_bytes());
        state.play(r.best_move);
    }
}
