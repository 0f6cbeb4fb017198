//! Published game values as oracles: each expected value below is copied from the source
//! named next to it, never from what the engines compute, so each test can fail.
//!
//! Kalah: G. Irving, H. H. L. M. Donkers and J. W. H. M. Uiterwijk, "Solving Kalah", ICGA
//! Journal 23(3), 2000, Tables 9 and 10 (the values for the boards listed here). The paper
//! plays the "empty capture" rule (`KalahRules::EMPTY_CAPTURE`): a last stone in an empty
//! pit of the mover's is always captured. Its values do not hold for the common rule, under
//! which the same boards are only checked against a brute force written here.
//!
//! Dots and Boxes: D. Wilson, "Dots-and-Boxes Analysis Results" (the 3 × 3 game: the second
//! player wins by 3); the 2 × 2 game is a first-player win (same analyses); 1 × 1 follows from
//! the rules (the fourth line is always the second player's).
//!
//! m,n,k-games: J. W. H. M. Uiterwijk and H. J. van den Herik, "The advantage of the
//! initiative", Information Sciences 122(1), 2000: (3,3,3) is a draw, (4,3,3) and (4,4,3)
//! are first-player wins, (4,4,4) is a draw.

use crate::common;
use common::brute_margin;

use std::collections::HashMap;

use adversarial::{MarginSolver, Solver};
use games::{DotsAndBoxes, Kalah, KalahRules, MnkGame};
use search_core::{Game, GameHash, GeneralGame, Outcome, Player, Turn, Wdl};

/// The first player's exact margin of Kalah(`pits`, `stones`) under `rules`.
fn kalah_margin(pits: usize, stones: u8, rules: KalahRules) -> i32 {
    let game = Kalah::new(pits, stones).unwrap().with_rules(rules);
    let s = MarginSolver::new().solve(&game).unwrap();
    assert!(s.complete);
    let margin = s.margin.unwrap();
    // The move the solver names keeps the margin.
    let mut after = game;
    after.play(s.best_move.unwrap());
    if !after.outcome().is_over() {
        let rest = MarginSolver::new().solve(&after).unwrap();
        assert_eq!(rest.margin, Some(margin), "the best move loses stones");
    }
    margin
}

/// Irving, Donkers and Uiterwijk (2000), Tables 9 and 10: the boards that solve in seconds.
#[test]
fn kalah_empty_capture_margins_are_the_published_ones() {
    // (pits, stones, the first player's margin as published)
    for (pits, stones, published) in [(4, 3, 8), (6, 2, 10), (5, 3, 8), (5, 4, 12)] {
        assert_eq!(
            kalah_margin(pits, stones, KalahRules::EMPTY_CAPTURE),
            published,
            "Kalah({pits}, {stones}), empty capture"
        );
    }
}

/// Irving, Donkers and Uiterwijk (2000): Kalah(6, 3) is a win by 2.
#[test]
#[ignore = "slow: about 20 s in a release build; run with --ignored"]
fn kalah_6_3_empty_capture_is_a_win_by_two() {
    assert_eq!(kalah_margin(6, 3, KalahRules::EMPTY_CAPTURE), 2);
}

/// Irving, Donkers and Uiterwijk (2000): Kalah(6, 4) is a win by 10.
#[test]
#[ignore = "not solved here yet in a measured time; run with --ignored to try"]
fn kalah_6_4_empty_capture_is_a_win_by_ten() {
    assert_eq!(kalah_margin(6, 4, KalahRules::EMPTY_CAPTURE), 10);
}

/// Small boards under every rule variant: the solver agrees with the brute force.
#[test]
fn kalah_margins_under_every_rule_match_brute_force() {
    use games::{KalahCapture, KalahSweep};
    for capture in [KalahCapture::OppositeNotEmpty, KalahCapture::Empty] {
        for sweep in [KalahSweep::Owner, KalahSweep::Emptier, KalahSweep::Discard] {
            let rules = KalahRules { capture, sweep };
            for (pits, stones) in [(1, 3), (2, 2), (3, 2), (3, 3), (4, 2)] {
                let game = Kalah::new(pits, stones).unwrap().with_rules(rules);
                let expected = brute_margin(&game, &mut HashMap::new());
                assert_eq!(
                    kalah_margin(pits, stones, rules),
                    expected,
                    "Kalah({pits}, {stones}), {rules:?}"
                );
            }
        }
    }
}

/// The first player's exact margin of Dots and Boxes on `rows × cols` boxes.
fn dots_margin(rows: usize, cols: usize) -> i32 {
    let s = MarginSolver::new()
        .solve(&DotsAndBoxes::new(rows, cols).unwrap())
        .unwrap();
    assert!(s.complete);
    s.margin.unwrap()
}

#[test]
fn dots_and_boxes_margins_are_the_published_ones() {
    // 1 × 1: the second player draws the fourth line, whatever the order.
    assert_eq!(dots_margin(1, 1), -1);
    // 2 × 2: a first-player win (Wilson's analyses).
    assert!(dots_margin(2, 2) > 0, "2 × 2 is a first-player win");
    // 3 × 3: the second player wins by 3 (Wilson, "Dots-and-Boxes Analysis Results").
    assert_eq!(dots_margin(3, 3), -3);
}

/// 2 × 3 has no published value at hand: the brute force is the oracle.
#[test]
fn dots_and_boxes_2x3_matches_brute_force() {
    let game = DotsAndBoxes::new(2, 3).unwrap();
    assert_eq!(dots_margin(2, 3), brute_margin(&game, &mut HashMap::new()));
}

/// The two-player m,n,k-game as a [`Game`], for the win/draw/loss solver.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct TwoPlayerMnk(MnkGame);

impl Game for TwoPlayerMnk {
    type Move = u8;
    fn to_move(&self) -> Player {
        match self.0.turn() {
            Turn::Player(1) => Player::Second,
            _ => Player::First,
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.moves(moves);
    }
    fn play(&mut self, mv: u8) {
        self.0.apply(mv);
    }
    fn outcome(&self) -> Outcome {
        if self.0.turn() != Turn::Over {
            return Outcome::Ongoing;
        }
        let mut rewards = [0.0; 2];
        self.0.rewards(&mut rewards);
        if rewards[0] > rewards[1] {
            Outcome::Win(Player::First)
        } else if rewards[1] > rewards[0] {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        }
    }
}

impl GameHash for TwoPlayerMnk {
    fn hash_key(&self) -> u64 {
        let key = self.0.state_key().expect("the m,n,k-game has a key");
        key ^ (key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The value of the empty `width × height` board, `k` in a row, for the first player.
fn mnk_value(width: usize, height: usize, k: usize) -> Wdl {
    let game = TwoPlayerMnk(MnkGame::new(width, height, k, 2).unwrap());
    let s = Solver::new().with_table_mb(64).solve_weak(&game).unwrap();
    s.value.expect("solved")
}

#[test]
fn mnk_values_are_the_published_ones() {
    // Uiterwijk and van den Herik (2000).
    assert_eq!(mnk_value(3, 3, 3), Wdl::Draw, "(3,3,3) is a draw");
    assert_eq!(
        mnk_value(4, 3, 3),
        Wdl::Win,
        "(4,3,3) is a first-player win"
    );
    assert_eq!(
        mnk_value(4, 4, 3),
        Wdl::Win,
        "(4,4,3) is a first-player win"
    );
    assert_eq!(mnk_value(4, 4, 4), Wdl::Draw, "(4,4,4) is a draw");
}
