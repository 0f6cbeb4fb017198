//! Monte Carlo tree search on games with dice and with three players: `GeneralMcts` on
//! EinStein würfelt nicht! and on a three-player m,n,k-game, as
//! `docs/guide-your-own-game.md` (section 10) shows.
//!
//! `cargo run --release --manifest-path crates/mcts/Cargo.toml --example general_mcts`
//!
//! The guide quotes the body of `main`, its `use` lines included (they stand inside `main`
//! so that the quote compiles as shown).

fn main() {
    // ANCHOR: general_mcts
    use games::{EinStein, EinSteinMove, MnkGame};
    use mcts::GeneralMcts;
    use search_core::{Budget, GeneralGame};

    // A dice game: the die shows 3, MCTS chooses the step (the dice of later turns are
    // sampled by their probabilities).
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(3));
    let mut ai = GeneralMcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(50_000));
    let r = ai
        .search(&dice)
        .expect("a position where player 0 has rolled");
    println!("EinStein:\n{r}\n");

    // Three players, 3 in a row on 4 × 4: each node backs up the reward of the player
    // who moved into it. Player 0 holds cells 0 and 1 and is to move: cell 2 wins at
    // once, which the search proves.
    let mut three = MnkGame::new(4, 4, 3, 3).expect("a valid board");
    for cell in [0, 4, 15, 1, 5, 12] {
        three.apply(cell);
    }
    let mut ai = GeneralMcts::new().with_budget(Budget::iterations(20_000));
    let r = ai.search(&three).expect("player 0 to move");
    println!("m,n,k-game, 3 players:\n{r}");
    assert_eq!(r.best_move, 2, "player 0 completes its row");
    // ANCHOR_END: general_mcts
}
