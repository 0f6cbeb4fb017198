//! The evaluator property helpers (feature `testing`, which the crate's dev-dependency on
//! itself turns on, so that plain `cargo test -p plysearch-adversarial` runs these): they pass on the
//! shipped evaluators and games, and they catch wrong evaluators and wrong game hooks.

use std::fmt;

use adversarial::testing::{
    check_hints_preserve_value, check_matches_minimax, check_symmetric, check_terminal_order,
};
use games::{ConnectFour, LineEvaluator, OpenLines, ThreatEvaluator, TicTacToe};
use proptest::prelude::*;
use search_core::testing::{ongoing_state, reachable_state};
use search_core::{Evaluator, Game, GameHash, Outcome, Player};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn shipped_evaluators_are_symmetric(
        c4 in ongoing_state(ConnectFour::new(), 40),
        ttt in ongoing_state(TicTacToe::new(), 8),
    ) {
        for r in [
            check_symmetric(&ThreatEvaluator, &c4, ConnectFour::with_turn_passed),
            check_symmetric(&LineEvaluator, &c4, ConnectFour::with_turn_passed),
        ] {
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        }
        let r = check_symmetric(&OpenLines, &ttt, TicTacToe::with_colours_swapped);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn engines_agree_with_minimax_through_the_helper(s in ongoing_state(ConnectFour::new(), 30)) {
        let r = check_matches_minimax(&ThreatEvaluator, &s, 4);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn hints_never_change_the_value(s in ongoing_state(ConnectFour::new(), 30)) {
        let r = check_hints_preserve_value(&LineEvaluator, &s, 5);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn an_outcome_aware_evaluator_orders_terminal_states(
        a in reachable_state(TicTacToe::new(), 9),
        b in reachable_state(TicTacToe::new(), 9),
    ) {
        let r = check_terminal_order(&outcome_aware, &a, &b);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

fn outcome_aware(s: &TicTacToe) -> i32 {
    match s.outcome() {
        Outcome::Win(p) if p == s.to_move() => 1_000,
        Outcome::Win(_) => -1_000,
        _ => OpenLines.evaluate(s),
    }
}

/// Every state reached by `plies` moves from the empty Connect Four board.
fn all_states(plies: u32) -> Vec<ConnectFour> {
    let mut layer = vec![ConnectFour::new()];
    for _ in 0..plies {
        layer = layer
            .iter()
            .flat_map(|s| {
                s.legal_move_list().into_iter().map(move |mv| {
                    let mut c = *s;
                    c.play(mv);
                    c
                })
            })
            .collect();
    }
    layer
}

#[test]
fn symmetry_catches_a_first_player_evaluator() {
    // Wrong: the first player's point of view, whoever is to move.
    let wrong = |s: &ConnectFour| {
        let centre = 0b11_1111u64 << 21;
        (s.stones_of(Player::First) & centre).count_ones() as i32
            - (s.stones_of(Player::Second) & centre).count_ones() as i32
    };
    let caught = all_states(3)
        .iter()
        .filter(|s| check_symmetric(&wrong, *s, ConnectFour::with_turn_passed).is_err())
        .count();
    assert!(caught > 0, "the wrong evaluator was never caught");
    let err =
        check_symmetric(&wrong, &"4".parse().unwrap(), ConnectFour::with_turn_passed).unwrap_err();
    assert!(err.to_string().contains("| . . . X . . . |"), "{err}");
}

#[test]
fn terminal_order_catches_an_evaluator_that_likes_losing() {
    let loves_losing = |s: &TicTacToe| match s.outcome() {
        Outcome::Win(p) if p != s.to_move() => 500,
        _ => 0,
    };
    let lost: TicTacToe = "xxx oo. ...".parse().unwrap();
    let open = TicTacToe::new();
    let err = check_terminal_order(&loves_losing, &lost, &open).unwrap_err();
    assert!(err.detail.contains("lost state evaluates to 500"), "{err}");
}

/// Connect Four with a broken `non_losing_moves`: it keeps only the first legal move.
#[derive(Clone, Copy, PartialEq, Debug)]
struct BrokenHook(ConnectFour);

impl Game for BrokenHook {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = true;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves)
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv)
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn winning_move(&self) -> Option<u8> {
        self.0.winning_move()
    }
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(self.0.legal_move_list().first());
    }
}

impl GameHash for BrokenHook {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
}

impl fmt::Display for BrokenHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[test]
fn agreement_with_minimax_catches_a_broken_game_hook() {
    let eval = |s: &BrokenHook| ThreatEvaluator.evaluate(&s.0);
    let failures: Vec<_> = all_states(2)
        .into_iter()
        .filter_map(|s| check_matches_minimax(&eval, &BrokenHook(s), 3).err())
        .collect();
    assert!(!failures.is_empty(), "the broken hook was never caught");
    assert!(
        failures[0].detail.contains("hooks true"),
        "only configurations using the hook may disagree: {}",
        failures[0]
    );
    assert!(failures[0].state.contains("1 2 3 4 5 6 7"));
}
