//! Liar's Dice with one six-faced die each: the game tree's size as `GameTree` counts it
//! (against the count by formula of `crates/games/tests/it/liars_dice.rs`), and CFR+ on it.

use adversarial::{Cfr, GameTree, Policy, exploitability};
use games::LiarsDice;
use search_core::Budget;

#[test]
fn the_tree_of_one_die_each_and_cfr_plus_on_it() {
    let game = LiarsDice::new(2, 1, 6).unwrap();
    let tree = GameTree::new(&game).unwrap();
    // Every bid sequence (2^12 of them) for each own die (6), per player to move.
    assert_eq!(tree.info_set_count(), 6 << 12);
    assert_eq!(
        tree.info_set_count_of(0) + tree.info_set_count_of(1),
        24_576
    );
    // Every non-empty bid sequence ends with a call, for each of the 36 rolls.
    assert_eq!(tree.terminal_count(), 36 * ((1 << 12) - 1));
    let uniform = exploitability(&tree, &Policy::uniform(&tree)).unwrap();
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(30))
        .run()
        .unwrap();
    let e = result.exploitability.unwrap();
    assert!(
        e < uniform / 5.0,
        "{e} after 30 iterations, uniform {uniform}"
    );
    // Zero-sum: the values add up to 0.
    assert!((result.values[0] + result.values[1]).abs() < 1e-9);
}
