//! The conformance checker (`search_core::testing`) against games broken on purpose.

use search_core::testing::*;
use search_core::*;
use std::fmt::Display;

/// Each player gets a card from 0..3; player 0 then says "high" (1) or "low" (0), and
/// player 1 answers by calling (1) or folding (0). Broken on purpose by its knobs.
#[derive(Clone, Debug, PartialEq)]
struct Cards {
    cards: Vec<u8>,
    actions: Vec<u8>,
    /// Player 1's key shows player 0's card.
    leak: bool,
    /// Player 1 may not fold when player 0 holds card 2.
    moves_depend_on_card: bool,
    /// The sample keeps nothing.
    careless_sample: bool,
    /// Player 0's key forgets its own action.
    forgetful: bool,
}

impl Display for Cards {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "cards {:?}, actions {:?}", self.cards, self.actions)
    }
}

impl GeneralGame for Cards {
    type Move = u8;
    const REWARD_SUM: Option<f64> = Some(0.0);
    fn player_count(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.cards.len() < 2 {
            Turn::Chance
        } else if self.actions.len() < 3 {
            Turn::Player(self.actions.len() % 2)
        } else {
            Turn::Over
        }
    }
    fn moves(&self, m: &mut Vec<u8>) {
        match self.turn() {
            Turn::Player(1) if self.moves_depend_on_card && self.cards[0] == 2 => m.push(1),
            Turn::Player(_) => m.extend([0, 1]),
            _ => {}
        }
    }
    fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            let left: Vec<u8> = (0..3).filter(|c| !self.cards.contains(c)).collect();
            let p = 1.0 / left.len() as f64;
            o.extend(left.into_iter().map(|c| (c, p)));
        }
    }
    fn apply(&mut self, mv: u8) {
        if self.turn() == Turn::Chance {
            self.cards.push(mv);
        } else {
            self.actions.push(mv);
        }
    }
    fn rewards(&self, r: &mut [f64]) {
        r[0] = if self.cards[0] > self.cards[1] {
            1.0
        } else {
            -1.0
        };
        r[1] = -r[0];
    }
}

impl ImperfectInfo for Cards {
    type InfoKey = (Vec<u8>, Vec<u8>);
    fn info_key(&self, player: usize) -> Self::InfoKey {
        let mut cards: Vec<u8> = self.cards.get(player).copied().into_iter().collect();
        if self.leak && player == 1 {
            cards.extend(self.cards.first());
        }
        let mut actions = self.actions.clone();
        if self.forgetful && player == 0 {
            actions.retain(|_| false);
            actions.push(u8::try_from(self.actions.len() / 3).unwrap_or(0));
        }
        (cards, actions)
    }
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        let mut s = self.clone();
        if self.careless_sample {
            s.actions.clear();
            return s;
        }
        if s.cards.len() == 2 && !(self.leak && player == 1) {
            let other = 1 - player;
            let left: Vec<u8> = (0..3).filter(|&c| c != s.cards[player]).collect();
            s.cards[other] = left[rng.below(left.len())];
        }
        s
    }
}

fn honest() -> Cards {
    Cards {
        cards: Vec::new(),
        actions: Vec::new(),
        leak: false,
        moves_depend_on_card: false,
        careless_sample: false,
        forgetful: false,
    }
}

fn rule_of(game: &Cards) -> String {
    Conformance::new()
        .with_games(50)
        .check_imperfect(game)
        .expect_err("the broken game must be rejected")
        .rule
}

#[test]
fn a_correct_card_game_passes() {
    let report = Conformance::new()
        .with_games(50)
        .check_imperfect(&honest())
        .unwrap();
    assert_eq!(report.games, 50);
    // The leaking key is still a consistent (if wrong) game: the checker cannot know
    // what a player should not see, only that keys and moves agree.
    let leaky = Cards {
        leak: true,
        ..honest()
    };
    assert!(Conformance::new().check_imperfect(&leaky).is_ok());
}

#[test]
fn moves_that_reveal_a_hidden_card_are_rejected() {
    let game = Cards {
        moves_depend_on_card: true,
        ..honest()
    };
    let rule = rule_of(&game);
    assert!(rule.contains("information set"), "{rule}");
}

#[test]
fn a_sample_with_another_key_is_rejected() {
    let game = Cards {
        careless_sample: true,
        ..honest()
    };
    let rule = rule_of(&game);
    assert!(rule.contains("sample_state"), "{rule}");
}

#[test]
fn a_key_without_perfect_recall_is_rejected() {
    let game = Cards {
        forgetful: true,
        ..honest()
    };
    let rule = rule_of(&game);
    assert!(rule.contains("perfect recall"), "{rule}");
}
