//! The MCTS-Solver: proofs on tic-tac-toe (cross-checked against exhaustive negamax) and
//! forced wins in Connect Four (the published benchmark's end-game set is proved in
//! `crates/mcts/tests/it/mcts_connect4.rs`).

use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, Value};
use search_core::{Budget, Game, SplitMix64, Strategy, Wdl};

use crate::common;
use common::negamax;

fn proven(v: i8) -> Wdl {
    Wdl::from_sign(i64::from(v))
}

#[test]
fn proves_the_empty_tic_tac_toe_board_a_draw() {
    for seed in 0..3 {
        for c in [0.5, 1.0, 2.0, 5.0] {
            let mut ai = Mcts::<TicTacToe>::new()
                .with_seed(seed)
                .with_exploration(c)
                .with_budget(Budget::iterations(2_000_000));
            let r = ai.search(&TicTacToe::new()).unwrap();
            assert_eq!(r.value, Value::Proven(Wdl::Draw), "seed {seed}, c {c}");
            assert!(r.stats.iterations < 2_000_000);
            // Every first move draws: each is proven a draw or at least not a loss.
            assert!(
                r.moves
                    .iter()
                    .all(|m| !matches!(m.proven, Some(p) if p != Wdl::Draw))
            );
        }
    }
}

#[test]
fn proves_the_draw_without_game_hooks_and_on_two_threads() {
    let mut plain = Mcts::<TicTacToe>::new()
        .with_seed(9)
        .with_game_hooks(false)
        .with_budget(Budget::iterations(2_000_000));
    let r = plain.search(&TicTacToe::new()).unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Draw));
    let mut par = Mcts::<TicTacToe>::new()
        .with_seed(9)
        .with_threads(2)
        .with_budget(Budget::iterations(2_000_000));
    let r = par.search(&TicTacToe::new()).unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Draw));
    assert_eq!(r.threads, 2);
}

/// Every position reached in seeded random games, solved by the engine (no limit but the
/// proof; with and without the game's hooks, on one or two threads) and compared with
/// exhaustive negamax: root value and every proven root move.
#[test]
fn proofs_agree_with_exhaustive_search_on_tic_tac_toe() {
    let mut rng = SplitMix64::new(2024);
    let mut checked = 0;
    for game in 0..40 {
        let mut state = TicTacToe::new();
        let mut ai = Mcts::<TicTacToe>::new()
            .with_seed(game)
            .with_game_hooks(game % 2 == 0)
            .with_threads(1 + usize::from(game % 3 == 0))
            .with_budget(Budget::new());
        while !state.outcome().is_over() {
            let r = ai.search(&state).unwrap();
            let exact = negamax(&state);
            assert_eq!(r.value, Value::Proven(proven(exact)), "{state:?}");
            for m in &r.moves {
                let mut child = state;
                child.play(m.mv);
                let move_value = -negamax(&child);
                if let Some(p) = m.proven {
                    assert_eq!(p, proven(move_value), "{state:?} move {}", m.mv);
                }
            }
            // The chosen move keeps the proven value.
            let mut after = state;
            after.play(r.best_move);
            assert_eq!(-negamax(&after), exact, "{state:?} chose {}", r.best_move);
            checked += 1;
            let moves = state.legal_move_list();
            let mv = moves[rng.below(moves.len())];
            ai.observe_move(&state, mv);
            state.play(mv);
        }
    }
    assert!(checked > 150);
}

#[test]
fn finds_the_winning_move_in_tic_tac_toe() {
    // X to move: 0 1 on top, O on 3 4: X wins at 2 (O would win at 5).
    let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    for hooks in [true, false] {
        let mut ai = Mcts::<TicTacToe>::new()
            .with_seed(1)
            .with_game_hooks(hooks)
            .with_budget(Budget::iterations(500));
        let r = ai.search(&g).unwrap();
        assert_eq!(r.best_move, 2);
        assert_eq!(r.value, Value::Proven(Wdl::Win));
    }
    // X 0, O 1, X 8, O to move: the proof must match exhaustive negamax.
    let mut g = TicTacToe::new();
    for cell in [0, 1, 8] {
        g.play(cell);
    }
    let mut ai = Mcts::<TicTacToe>::new()
        .with_seed(2)
        .with_budget(Budget::iterations(200_000));
    let r = ai.search(&g).unwrap();
    assert_eq!(r.value, Value::Proven(proven(negamax(&g))));
}

#[test]
fn blocks_an_immediate_loss() {
    // X: 0, 8; O: 3, 4; X to move, no win of its own: must block 5.
    let mut g = TicTacToe::new();
    for cell in [0, 4, 8, 3] {
        g.play(cell);
    }
    for hooks in [true, false] {
        let mut ai = Mcts::<TicTacToe>::new()
            .with_seed(3)
            .with_game_hooks(hooks)
            .with_budget(Budget::iterations(2_000));
        assert_eq!(ai.choose_move(&g).unwrap(), 5, "hooks {hooks}");
    }
    // Connect Four: X holds columns 5, 6, 7 on the bottom row; O must block column 4.
    let c4: ConnectFour = "71625".parse().unwrap();
    for hooks in [true, false] {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(4)
            .with_game_hooks(hooks)
            .with_budget(Budget::iterations(3_000));
        assert_eq!(ai.choose_move(&c4).unwrap(), 3, "hooks {hooks}");
    }
}
