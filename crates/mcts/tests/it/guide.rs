//! The code `docs/guide-your-own-game.md` (section 11, "Played with ISMCTS") quotes, run as
//! a test; the guide's test checks that it quotes it exactly.

#[test]
fn the_guide_plays_kuhn_poker_with_ismcts() {
    // ANCHOR: ismcts_kuhn
    use games::Kuhn;
    use mcts::Ismcts;
    use search_core::{Budget, GeneralGame};

    let mut game = Kuhn::new();
    game.apply(2); // player 0 holds the king
    game.apply(0); // player 1 the jack, which player 0 cannot see
    game.apply(Kuhn::PASS);
    game.apply(Kuhn::BET);
    let result = Ismcts::new()
        .with_budget(Budget::iterations(2_000))
        .search(&game)
        .expect("player 0 is to move");
    assert_eq!(result.best_move, Kuhn::BET); // call: the king always wins
    // ANCHOR_END: ismcts_kuhn
}
