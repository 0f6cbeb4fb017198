//! Your own card game with hidden cards, solved with CFR+, as `docs/guide-your-own-game.md`
//! (section 11) shows: the game, its information states, the game tree, the solve, and the
//! equilibrium strategy printed per information set.
//!
//! `cargo run --release -p plysearch-adversarial --example card_game_cfr`
//!
//! The guide quotes the body of `main`, its `use` lines and the game included (they stand
//! inside `main` so that the quote compiles as shown).

fn main() {
    // ANCHOR: card_game_cfr
    use adversarial::{Cfr, GameTree, exploitability};
    use search_core::{Budget, GeneralGame, ImperfectInfo, SplitMix64, Turn};

    /// Bluff: four cards (0 the lowest, 3 the highest), an ante of 1 each, one card each.
    /// Player 0 checks (0: the higher card wins the antes) or bets 2 (1); facing a bet,
    /// player 1 folds (0: loses the ante) or calls (1: the higher card wins 3).
    #[derive(Clone, Debug, PartialEq)]
    struct Bluff {
        cards: Vec<u8>,
        actions: Vec<u8>,
    }

    impl Bluff {
        /// Player 0's reward at the showdown for `stake` each.
        fn showdown(&self, stake: f64) -> f64 {
            if self.cards[0] > self.cards[1] {
                stake
            } else {
                -stake
            }
        }
    }

    impl GeneralGame for Bluff {
        type Move = u8; // a card at a chance node, an action at a player's turn
        const REWARD_SUM: Option<f64> = Some(0.0);

        fn player_count(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            match (self.cards.len(), self.actions.as_slice()) {
                (0 | 1, _) => Turn::Chance,
                (_, []) => Turn::Player(0),
                (_, [1]) => Turn::Player(1),
                _ => Turn::Over,
            }
        }
        fn moves(&self, moves: &mut Vec<u8>) {
            if let Turn::Player(_) = self.turn() {
                moves.extend([0, 1]);
            }
        }
        fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
            if self.turn() == Turn::Chance {
                let p = 1.0 / (4 - self.cards.len()) as f64;
                let left = (0..4).filter(|c| !self.cards.contains(c));
                outcomes.extend(left.map(|c| (c, p)));
            }
        }
        fn apply(&mut self, mv: u8) {
            match self.turn() {
                Turn::Chance => self.cards.push(mv),
                Turn::Player(_) => self.actions.push(mv),
                Turn::Over => {}
            }
        }
        fn rewards(&self, rewards: &mut [f64]) {
            let first = match self.actions.as_slice() {
                [0] => self.showdown(1.0),
                [1, 0] => 1.0,
                _ => self.showdown(3.0),
            };
            rewards[0] = first;
            rewards[1] = -first;
        }
        fn reward_range(&self) -> (f64, f64) {
            (-3.0, 3.0)
        }
    }

    impl ImperfectInfo for Bluff {
        /// A player knows their own card and every action.
        type InfoKey = (Option<u8>, Vec<u8>);

        fn info_key(&self, player: usize) -> Self::InfoKey {
            (self.cards.get(player).copied(), self.actions.clone())
        }
        /// A state the player cannot tell from this one: the other card drawn again.
        fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
            let mut sample = self.clone();
            if self.cards.len() == 2 {
                let others: Vec<u8> = (0..4).filter(|&c| c != self.cards[player]).collect();
                sample.cards[1 - player] = others[rng.below(others.len())];
            }
            sample
        }
    }

    impl std::fmt::Display for Bluff {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "cards {:?}, actions {:?}", self.cards, self.actions)
        }
    }

    let start = Bluff {
        cards: vec![],
        actions: vec![],
    };
    // In the tests (feature `testing` of search-core): the contracts, on random games.
    #[cfg(test)]
    let _report = search_core::testing::Conformance::new()
        .check_imperfect(&start)
        .unwrap_or_else(|e| panic!("{e}"));

    // The whole tree, once: 12 deals and 3 ways to bet each; 8 information sets.
    let tree = GameTree::new(&start).expect("a small game");
    assert_eq!(tree.info_set_count(), 8);

    // CFR+ until no best response wins more than 1e-6 against the average strategy.
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(100_000))
        .with_target_exploitability(1e-6)
        .run()
        .expect("a valid budget");
    println!("{result}");
    for id in tree.info_sets() {
        let bet = result
            .average
            .probabilities(id)
            .expect("an id of this tree")[1];
        let (card, actions) = tree.key(id);
        println!(
            "player {} with card {card:?} after {actions:?}: bet or call {bet:.3}",
            tree.player(id)
        );
    }
    assert!(exploitability(&tree, &result.average).expect("two players, zero-sum") <= 1e-6);

    // The probability that `player` holding `card` bets (or calls) after `actions`.
    let bet = |player, card, actions: Vec<u8>| {
        let id = tree
            .find(player, &(Some(card), actions))
            .expect("an information set");
        result
            .average
            .probabilities(id)
            .expect("an id of this tree")[1]
    };
    // What no equilibrium can do otherwise: call with the highest card, fold the lowest.
    assert!(bet(1, 3, vec![1]) > 0.999 && bet(1, 0, vec![1]) < 0.001);
    // The value worked out by hand (see the guide): 1/12 for player 0, who bluffs with the
    // lowest card half the time.
    assert!((result.values[0] - 1.0 / 12.0).abs() < 1e-5);
    assert!((bet(0, 0, vec![]) - 0.5).abs() < 1e-3);
    // ANCHOR_END: card_game_cfr
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example: the game passes the conformance checker, the solve
    /// reaches its target and the dominated choices are avoided (the assertions above).
    #[test]
    fn the_example_runs() {
        super::main();
    }
}
