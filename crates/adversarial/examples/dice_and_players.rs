//! Dice and more players: expectiminimax on EinStein würfelt nicht! and max^n on a
//! three-player m,n,k-game, as `docs/guide-your-own-game.md` (section 10) shows.
//!
//! `cargo run --release -p plysearch-adversarial --example dice_and_players`
//!
//! The guide quotes the body of `main`, its `use` lines included (they stand inside `main`
//! so that the quote compiles as shown).

fn main() {
    // ANCHOR: dice_and_players
    use adversarial::{ChancePruning, Expectimax, MaxN};
    use games::{EinStein, EinSteinMove, MnkGame};
    use search_core::{Budget, GeneralGame};

    // A dice game: roll, then let expectiminimax choose the step.
    let mut game = EinStein::new();
    game.apply(EinSteinMove::Roll(3));
    let neutral = |_: &EinStein, v: &mut [f64]| v.fill(0.0);
    let r = Expectimax::new(neutral)
        .with_pruning(ChancePruning::Star2)
        .with_budget(Budget::depth(3))
        .search(&game)
        .expect("a position where player 0 has rolled");
    println!("EinStein: {r}");

    // Three players: each player's value, and the move of the player to move.
    let three = MnkGame::new(4, 4, 3, 3).expect("a valid board");
    let share = |_: &MnkGame, v: &mut [f64]| v.fill(1.0 / 3.0);
    let r = MaxN::new(share)
        .with_budget(Budget::depth(3))
        .search(&three)
        .expect("an ongoing game");
    assert_eq!(r.values.len(), 3);
    println!("m,n,k for three: {r}, values {:?}", r.values);
    // ANCHOR_END: dice_and_players
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example: both searches succeed and the three-player search
    /// returns a value for each player (the `expect`s and the assertion above).
    #[test]
    fn the_example_runs() {
        super::main();
    }
}
