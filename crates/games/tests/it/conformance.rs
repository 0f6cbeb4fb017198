//! Both games pass the search-core conformance checker, and the hooks agree with brute force.

use games::{ConnectFour, TicTacToe};
use proptest::prelude::*;
use search_core::Game;
use search_core::testing::{Conformance, ongoing_state};

#[test]
fn tictactoe_conforms() {
    let report = Conformance::new()
        .with_games(2_000)
        .with_seed(7)
        .check_hashed(&TicTacToe::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 2_000);
    assert!(report.longest_game <= 9);
    assert!(report.transpositions > 0);
}

#[test]
fn connect_four_conforms() {
    let report = Conformance::new()
        .with_games(1_000)
        .with_seed(11)
        .check_hashed(&ConnectFour::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 1_000);
    assert!(report.longest_game <= 42);
    assert!(report.transpositions > 0);
}

/// The checker must be able to fail: a game whose `winning_move` hook lies is caught.
#[test]
fn checker_catches_a_lying_hook() {
    #[derive(Clone, PartialEq, Debug)]
    struct Lying(TicTacToe);
    impl Game for Lying {
        type Move = u8;
        fn to_move(&self) -> search_core::Player {
            self.0.to_move()
        }
        fn legal_moves(&self, m: &mut Vec<u8>) {
            self.0.legal_moves(m)
        }
        fn play(&mut self, mv: u8) {
            self.0.play(mv)
        }
        fn outcome(&self) -> search_core::Outcome {
            self.0.outcome()
        }
        fn winning_move(&self) -> Option<u8> {
            None
        }
    }
    impl std::fmt::Display for Lying {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.fmt(f)
        }
    }
    let err = Conformance::new()
        .with_games(200)
        .check(&Lying(TicTacToe::new()))
        .unwrap_err();
    assert!(err.rule.contains("winning_move"), "{err}");
}

proptest! {
    #[test]
    fn connect_four_non_losing_moves_keep_every_survivor(s in ongoing_state(ConnectFour::new(), 41)) {
        prop_assume!(s.winning_move().is_none());
        let mut reduced = Vec::new();
        s.non_losing_moves(&mut reduced);
        // A move is a survivor when the opponent cannot win right after it.
        for mv in s.legal_move_list() {
            let mut c = s;
            c.play(mv);
            let survives = c.outcome().is_over() || c.winning_move().is_none();
            prop_assert_eq!(reduced.contains(&mv), survives, "column {} in\n{}", mv, s);
        }
    }

    #[test]
    fn tictactoe_non_losing_moves_keep_a_survivor_when_one_exists(s in ongoing_state(TicTacToe::new(), 8)) {
        prop_assume!(s.winning_move().is_none());
        let mut reduced = Vec::new();
        s.non_losing_moves(&mut reduced);
        let survivors: Vec<u8> = s.legal_move_list().into_iter().filter(|&mv| {
            let mut c = s;
            c.play(mv);
            c.outcome().is_over() || c.winning_move().is_none()
        }).collect();
        prop_assert_eq!(reduced.is_empty(), survivors.is_empty());
        for mv in reduced {
            prop_assert!(survivors.contains(&mv));
        }
    }
}
