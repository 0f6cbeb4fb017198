//! `Strategy::analyze`: every legal move, sorted best first, each proven value checked
//! against exhaustive negamax, visits adding up to the root's.

use games::{ConnectFour, TicTacToe};
use mcts::Mcts;
use search_core::{Budget, Game, MoveAnalysis, MoveValue, Outcome, SearchError, Strategy, Wdl};

use crate::common;
use common::negamax;

/// The exact value of `mv` for the side to move in `state`.
fn move_value<G: Game>(state: &G, mv: G::Move) -> Wdl {
    let mut child = state.clone();
    child.play(mv);
    Wdl::from_sign(-i64::from(negamax(&child)))
}

fn sampled<M>(a: &MoveAnalysis<M>) -> (u64, f64, Option<Wdl>) {
    match a.value {
        MoveValue::Sampled {
            visits,
            mean,
            interval,
            proven,
        } => {
            assert!(visits == 0 || interval.contains(mean));
            (visits, mean, proven)
        }
        ref other => panic!("expected a sampled value, got {other:?}"),
    }
}

/// Checks what every analysis must satisfy: each legal move once, sorted best first.
fn check_shape<G: Game>(state: &G, moves: &[MoveAnalysis<G::Move>]) {
    let mut listed: Vec<G::Move> = moves.iter().map(|m| m.mv).collect();
    let mut legal = state.legal_move_list();
    listed.sort_by_key(|m| format!("{m:?}"));
    legal.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(listed, legal, "every legal move, once");
    for pair in moves.windows(2) {
        assert_ne!(
            pair[0].value.better_first(&pair[1].value),
            core::cmp::Ordering::Greater,
            "sorted best first: {pair:?}"
        );
    }
}

#[test]
fn a_forced_win_comes_first_and_is_proven() {
    // X in the corner, O on the adjacent edge, X to move: X forces a win, but not at once.
    let g: TicTacToe = "xo. ... ...".parse().unwrap();
    assert_eq!(negamax(&g), 1);
    for hooks in [true, false] {
        for threads in [1, 2] {
            let mut ai = Mcts::<TicTacToe>::new()
                .with_seed(4)
                .with_game_hooks(hooks)
                .with_threads(threads)
                .with_budget(Budget::new());
            let moves = ai.analyze(&g).unwrap();
            check_shape(&g, &moves);
            let (_, _, proven) = sampled(&moves[0]);
            assert_eq!(proven, Some(Wdl::Win), "hooks {hooks}, {threads} threads");
            assert_eq!(move_value(&g, moves[0].mv), Wdl::Win);
            // Every proven value is the exact one.
            for m in &moves {
                if let (_, _, Some(p)) = sampled(m) {
                    assert_eq!(p, move_value(&g, m.mv), "move {}", m.mv);
                }
            }
            // A fresh tree: every iteration passed through one root move.
            let visits: u64 = moves.iter().map(|m| sampled(m).0).sum();
            assert_eq!(visits, ai.root_visits(), "hooks {hooks}, {threads} threads");
        }
    }
}

#[test]
fn the_analysis_is_the_search_result_sorted() {
    let g: ConnectFour = "4453".parse().unwrap();
    let mut a = Mcts::<ConnectFour>::new()
        .with_seed(8)
        .with_budget(Budget::iterations(5_000));
    let mut b = Mcts::<ConnectFour>::new()
        .with_seed(8)
        .with_budget(Budget::iterations(5_000));
    let moves = a.analyze(&g).unwrap();
    let r = b.search(&g).unwrap();
    check_shape(&g, &moves);
    assert_eq!(moves.len(), r.moves.len());
    for m in &r.moves {
        let listed = moves.iter().find(|a| a.mv == m.mv).unwrap();
        assert_eq!(
            listed.value,
            MoveValue::Sampled {
                visits: m.visits,
                mean: m.mean,
                interval: m.interval,
                proven: m.proven,
            }
        );
    }
    // Nothing proven here: the most visited move comes first, as the search chose it.
    assert_eq!(moves[0].mv, r.best_move);
    let visits: u64 = moves.iter().map(|m| sampled(m).0).sum();
    assert_eq!(visits, r.root_visits);
}

#[test]
fn moves_the_hooks_dropped_are_listed_with_what_one_ply_shows() {
    // X to move can win at once in column 3 (index 2) or 7 (index 6); with the hooks the
    // tree holds only the one `winning_move` returns.
    let g: ConnectFour = "445566".parse().unwrap();
    let mut ai = Mcts::<ConnectFour>::new().with_budget(Budget::iterations(1_000));
    let r = ai.search(&g).unwrap();
    assert_eq!(r.moves.len(), 1);
    let moves = ai.analyze(&g).unwrap();
    check_shape(&g, &moves);
    assert_eq!(moves.len(), 7);
    for m in &moves {
        let (visits, _, proven) = sampled(m);
        let mut child = g;
        child.play(m.mv);
        if child.outcome().is_over() {
            assert_eq!(proven, Some(Wdl::Win), "column {}", m.mv);
        } else if visits == 0 {
            // Not in the tree: a loss exactly when the opponent then wins at once.
            let opponent_wins = child.legal_move_list().into_iter().any(|reply| {
                let mut after = child;
                after.play(reply);
                after.outcome() == Outcome::Win(child.to_move())
            });
            assert_eq!(
                proven,
                opponent_wins.then_some(Wdl::Loss),
                "column {}",
                m.mv
            );
        }
    }
    let (_, _, first) = sampled(&moves[0]);
    assert!(moves[0].mv == 2 || moves[0].mv == 6);
    assert_eq!(first, Some(Wdl::Win));
    assert!(matches!(sampled(&moves[1]).2, Some(Wdl::Win)));

    // The opponent threatens once: the hook keeps only the block, the rest lose at once.
    let block: ConnectFour = "71625".parse().unwrap();
    let moves = Mcts::<ConnectFour>::new()
        .with_budget(Budget::iterations(1_000))
        .analyze(&block)
        .unwrap();
    check_shape(&block, &moves);
    assert_eq!(moves[0].mv, 3);
    for m in &moves[1..] {
        assert_eq!(sampled(m).2, Some(Wdl::Loss), "column {}", m.mv);
    }
}

#[test]
fn analysing_a_finished_game_is_an_error() {
    let over: TicTacToe = "xxx oo. ...".parse().unwrap();
    assert_eq!(
        Mcts::<TicTacToe>::new().analyze(&over).unwrap_err(),
        SearchError::GameOver
    );
}
