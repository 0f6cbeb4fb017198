//! The MCTS-Solver proves the positions of the End-Easy Connect Four benchmark set
//! (`data/connect4/Test_L3_R1`, Pascal Pons' published scores): the proven value has the sign
//! of the published score, and a winning move is checked by an independent search.

use games::ConnectFour;
use games::connect4_line::parse_line;
use mcts::{Mcts, Value};
use search_core::{Budget, Game, Wdl};

/// The proven value of a published score's sign, from the side to move.
fn proven(sign: i8) -> Wdl {
    Wdl::from_sign(sign.into())
}

/// The End-Easy set's positions and scores (`None` outside the repository).
fn end_game_positions() -> Option<Vec<(ConnectFour, i32)>> {
    let file = crate::repository::file("data/connect4/Test_L3_R1")?;
    let path = file.display();
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let positions = text
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            parse_line(line).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1))
        })
        .map(|p| (p.position, p.score.expect("the set has scores")))
        .collect();
    Some(positions)
}

#[test]
fn proves_connect_four_end_game_positions() {
    let Some(positions) = end_game_positions() else {
        return;
    };
    assert!(positions.len() >= 100);
    let mut wins = 0;
    for (i, (pos, score)) in positions.iter().take(60).enumerate() {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(i as u64)
            .with_budget(Budget::iterations(300_000));
        let r = ai.search(pos).unwrap();
        let expected = proven(score.signum() as i8);
        assert_eq!(
            r.value,
            Value::Proven(expected),
            "line {i}: {pos:?} score {score}"
        );
        if *score > 0 {
            wins += 1;
            // The chosen move really wins: an independent search from the position after
            // it proves a loss for the opponent.
            let mut after = *pos;
            after.play(r.best_move);
            if !after.outcome().is_over() {
                let mut check = Mcts::<ConnectFour>::new()
                    .with_seed(1_000 + i as u64)
                    .with_budget(Budget::iterations(300_000));
                assert_eq!(
                    check.search(&after).unwrap().value,
                    Value::Proven(Wdl::Loss)
                );
            } else {
                assert!(after.outcome().winner().is_some());
            }
        }
    }
    assert!(wins >= 10, "only {wins} winning positions checked");
}

/// The proofs hold with every MCTS option on two threads: transpositions and RAVE with
/// root parallelism, and the shared tree of tree parallelism.
#[test]
fn proofs_hold_with_transpositions_rave_and_two_threads() {
    let Some(positions) = end_game_positions() else {
        return;
    };
    for (i, (pos, score)) in positions.iter().take(30).enumerate() {
        let expected = Value::Proven(proven(score.signum() as i8));
        let mut all = Mcts::<ConnectFour>::new()
            .with_seed(i as u64)
            .with_threads(2)
            .with_transpositions(true)
            .with_rave(1000.0)
            .with_budget(Budget::iterations(300_000));
        assert_eq!(
            all.search(pos).unwrap().value,
            expected,
            "line {i}: {pos:?}"
        );
        let mut shared = Mcts::<ConnectFour>::new()
            .with_seed(i as u64)
            .with_threads(2)
            .with_parallelism(mcts::Parallelism::Tree)
            .with_budget(Budget::iterations(300_000));
        assert_eq!(
            shared.search(pos).unwrap().value,
            expected,
            "line {i}: {pos:?}"
        );
    }
}
