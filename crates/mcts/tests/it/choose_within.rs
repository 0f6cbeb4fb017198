//! `Strategy::choose_move_within` on MCTS: the move's budget caps the engine's own, which
//! stays as it was.

use games::ConnectFour;
use mcts::Mcts;
use search_core::{Budget, Game, Strategy};

#[test]
fn a_moves_budget_caps_the_engines_own() {
    let g = ConnectFour::new();
    for cap in [50u64, 300, 2_000] {
        let mut capped = Mcts::new()
            .with_seed(9)
            .with_budget(Budget::iterations(100_000));
        let mv = capped
            .choose_move_within(&g, Budget::iterations(cap))
            .unwrap();
        assert_eq!(capped.budget().max_iterations(), Some(100_000));
        assert_eq!(
            capped.root_visits(),
            cap,
            "the search ran the capped budget"
        );
        // The same as an engine given that budget, with the same seed.
        let mut plain = Mcts::new()
            .with_seed(9)
            .with_budget(Budget::iterations(cap));
        assert_eq!(mv, plain.choose_move(&g).unwrap());
        assert!(g.is_legal(mv));
    }
    // A looser cap leaves the engine's own, tighter limit.
    let mut tight = Mcts::new().with_seed(9).with_budget(Budget::iterations(40));
    tight
        .choose_move_within(&g, Budget::iterations(5_000))
        .unwrap();
    assert_eq!(tight.root_visits(), 40);
}
