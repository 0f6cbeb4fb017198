//! The conformance checker (`search_core::testing`) against games broken on purpose.

use search_core::testing::*;
use search_core::*;
use std::fmt::Display;

/// A race to 3 points by coin flips: each flip gives the player to move a point with
/// probability `p_point`; then the other player moves. Broken on purpose by its knobs.
#[derive(Clone, Debug, PartialEq)]
struct CoinRace {
    points: [u8; 3],
    to_move: usize,
    flipping: bool,
    players: usize,
    probabilities: [f64; 2],
    declared_turn_offset: usize,
    winner_reward: f64,
}

impl Display for CoinRace {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?}, player {} to move", self.points, self.to_move)
    }
}

impl GeneralGame for CoinRace {
    type Move = u8;
    const REWARD_SUM: Option<f64> = Some(1.0);
    fn player_count(&self) -> usize {
        self.players
    }
    fn turn(&self) -> Turn {
        if self.points.iter().any(|&p| p >= 3) {
            Turn::Over
        } else if self.flipping {
            Turn::Chance
        } else {
            Turn::Player(self.to_move + self.declared_turn_offset)
        }
    }
    fn moves(&self, moves: &mut Vec<u8>) {
        if matches!(self.turn(), Turn::Player(_)) {
            moves.push(0);
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            outcomes.extend([(0, self.probabilities[0]), (1, self.probabilities[1])]);
        }
    }
    fn apply(&mut self, mv: u8) {
        if self.flipping {
            self.points[self.to_move] += mv;
            self.to_move = (self.to_move + 1) % self.players;
            self.flipping = false;
        } else {
            self.flipping = true;
        }
    }
    fn rewards(&self, rewards: &mut [f64]) {
        for (r, &p) in rewards.iter_mut().zip(&self.points) {
            *r = if p >= 3 { self.winner_reward } else { 0.0 };
        }
    }
    fn reward_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }
}

fn fair() -> CoinRace {
    CoinRace {
        points: [0; 3],
        to_move: 0,
        flipping: false,
        players: 3,
        probabilities: [0.5, 0.5],
        declared_turn_offset: 0,
        winner_reward: 1.0,
    }
}

fn rule_of(game: &CoinRace) -> String {
    Conformance::new()
        .with_games(20)
        .check_general(game)
        .expect_err("the broken game must be rejected")
        .rule
}

#[test]
fn a_correct_three_player_chance_game_passes() {
    let report = Conformance::new()
        .with_games(30)
        .check_general(&fair())
        .unwrap();
    assert_eq!(report.games, 30);
    assert!(report.longest_game >= 12);
}

#[test]
fn probabilities_that_do_not_add_up_to_one_are_rejected() {
    let game = CoinRace {
        probabilities: [0.5, 0.6],
        ..fair()
    };
    assert!(rule_of(&game).contains("add up to"), "{}", rule_of(&game));
    let game = CoinRace {
        probabilities: [1.0, 0.0],
        ..fair()
    };
    assert!(rule_of(&game).contains("positive"), "{}", rule_of(&game));
}

#[test]
fn a_player_index_beyond_the_player_count_is_rejected() {
    let game = CoinRace {
        declared_turn_offset: 1,
        ..fair()
    };
    assert!(rule_of(&game).contains("players"), "{}", rule_of(&game));
}

#[test]
fn a_false_reward_sum_is_rejected() {
    let game = CoinRace {
        winner_reward: 0.5,
        ..fair()
    };
    assert!(rule_of(&game).contains("REWARD_SUM"), "{}", rule_of(&game));
}
