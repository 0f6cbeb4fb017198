//! Kalah's rule variants: each conforms to the game contract, keeps (or, discarding, only
//! loses at the end) its stones, captures as its rule says, and keeps the banked-margin
//! promise of the margin hooks.

use games::{Kalah, KalahCapture, KalahRules, KalahSweep};
use proptest::prelude::*;
use search_core::testing::Conformance;
use search_core::{Game, GameHash, Player};

fn all_rules() -> Vec<KalahRules> {
    let mut out = Vec::new();
    for capture in [KalahCapture::OppositeNotEmpty, KalahCapture::Empty] {
        for sweep in [KalahSweep::Owner, KalahSweep::Emptier, KalahSweep::Discard] {
            out.push(KalahRules { capture, sweep });
        }
    }
    out
}

#[test]
fn every_variant_conforms() {
    for rules in all_rules() {
        for (pits, stones) in [(3, 2), (4, 3), (6, 4)] {
            Conformance::new()
                .with_games(200)
                .with_seed(3)
                .check_hashed(&Kalah::new(pits, stones).unwrap().with_rules(rules))
                .unwrap_or_else(|e| panic!("Kalah({pits}, {stones}), {rules:?}: {e}"));
        }
    }
}

#[test]
fn a_new_game_plays_the_common_rules() {
    assert_eq!(Kalah::new(6, 4).unwrap().rules(), KalahRules::COMMON);
    assert_eq!(Kalah::default().rules(), KalahRules::default());
}

/// Kalah(3, 1): the first player sows pit 0 into pit 1; the second sows its pit 2 into its
/// store, then its pit 1 into its empty pit 2, whose opposite pit (the first player's pit 0)
/// is empty.
#[test]
fn only_the_empty_capture_takes_a_stone_opposite_an_empty_pit() {
    let play = |rules| {
        let mut k = Kalah::new(3, 1).unwrap().with_rules(rules);
        for mv in [0, 2, 1] {
            k.play(mv);
        }
        k
    };
    let common = play(KalahRules::COMMON);
    assert_eq!(common.stores(), [0, 1]);
    assert_eq!(common.stones(Player::Second, 2), 1, "the stone stays");
    let empty = play(KalahRules::EMPTY_CAPTURE);
    assert_eq!(empty.stores(), [0, 2], "the stone is captured");
    assert_eq!(empty.stones(Player::Second, 2), 0);
    // Both pass the turn after a capture or a plain move.
    assert_eq!(common.to_move(), Player::First);
    assert_eq!(empty.to_move(), Player::First);
}

/// Kalah(1, 2): the first player sows its only pit: one stone into the store, one into the
/// second player's pit; its side is empty, so the game ends with 3 stones on the second
/// side, which each sweep rule sends somewhere else.
#[test]
fn the_sweep_sends_the_stones_left_where_the_rule_says() {
    let end = |sweep| {
        let mut k = Kalah::new(1, 2).unwrap().with_rules(KalahRules {
            sweep,
            ..KalahRules::COMMON
        });
        k.play(0);
        assert!(k.outcome().is_over());
        (k.stores(), k.margin())
    };
    assert_eq!(end(KalahSweep::Owner), ([1, 3], Some(-2)));
    assert_eq!(end(KalahSweep::Emptier), ([4, 0], Some(4)));
    assert_eq!(end(KalahSweep::Discard), ([1, 0], Some(1)));
}

proptest! {
    /// Stones are never created; only the discarding sweep removes any, and only at the end.
    /// What is banked is the stores' difference; the bound holds the stones still in play.
    #[test]
    fn stones_are_kept_and_the_hooks_agree(
        rule in 0usize..6,
        pits in 1usize..=6,
        stones in 1u8..=6,
        seed in any::<u64>(),
    ) {
        let rules = all_rules()[rule];
        let mut k = Kalah::new(pits, stones).unwrap().with_rules(rules);
        let total = 2 * pits as u32 * u32::from(stones);
        let mut rng = search_core::SplitMix64::new(seed);
        while !k.outcome().is_over() {
            let moves = k.legal_move_list();
            k.play(moves[rng.below(moves.len())]);
            let [a, b] = k.stores();
            let kept = u32::from(a) + u32::from(b) + k.stones_in_pits();
            if rules.sweep == KalahSweep::Discard && k.outcome().is_over() {
                prop_assert!(kept <= total);
            } else {
                prop_assert_eq!(kept, total);
            }
            prop_assert_eq!(k.banked_margin(), i32::from(a) - i32::from(b));
            prop_assert_eq!(k.unbanked_margin_bound(), Some(k.stones_in_pits()));
        }
        prop_assert_eq!(k.margin(), Some(k.banked_margin()));
    }
}
