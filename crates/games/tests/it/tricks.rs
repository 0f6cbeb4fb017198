//! The trick-taking game: the conformance checker, determinizations that respect what a
//! player has seen, and the numbers of histories and information sets counted by walking
//! the game against an independent enumeration of the rules written here from scratch.

use std::collections::HashSet;

use games::{Tricks, TricksInfo};
use search_core::testing::Conformance;
use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};

#[test]
fn passes_the_conformance_checker() {
    for (seed, (players, suits, ranks, hand)) in
        [(3, 2, 3, 2), (4, 4, 3, 3), (3, 3, 4, 3), (4, 4, 13, 13)]
            .into_iter()
            .enumerate()
    {
        let game = Tricks::new(players, suits, ranks, hand).unwrap();
        let report = Conformance::new()
            .with_games(100)
            .with_seed(seed as u64)
            .check_imperfect(&game)
            .unwrap();
        assert_eq!(report.games, 100);
    }
}

/// Walks every history of the game: terminal histories, and the information sets of the
/// players to move.
fn walk(state: &Tricks, sets: &mut HashSet<(usize, TricksInfo)>, terminals: &mut u64) {
    match state.turn() {
        Turn::Over => *terminals += 1,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (card, _) in outcomes {
                let mut next = state.clone();
                next.apply(card);
                walk(&next, sets, terminals);
            }
        }
        Turn::Player(p) => {
            sets.insert((p, state.info_key(p)));
            let mut moves = Vec::new();
            state.moves(&mut moves);
            for card in moves {
                let mut next = state.clone();
                next.apply(card);
                walk(&next, sets, terminals);
            }
        }
    }
}

/// The rules again, as plainly as possible: hands as lists of (suit, rank).
struct Plain {
    players: usize,
    ranks: usize,
    deck: usize,
    hand: usize,
}

type Key = (usize, Vec<usize>, Vec<usize>);

impl Plain {
    fn deal(&self, dealt: &mut Vec<usize>, sets: &mut HashSet<Key>, terminals: &mut u64) {
        if dealt.len() == self.players * self.hand {
            let mut hands: Vec<Vec<usize>> = vec![Vec::new(); self.players];
            for (i, &c) in dealt.iter().enumerate() {
                hands[i % self.players].push(c);
            }
            let mut seen: Vec<Vec<usize>> = hands.clone();
            for h in &mut seen {
                h.sort_unstable();
            }
            self.play(&mut hands, &seen, 0, &mut Vec::new(), sets, terminals);
            return;
        }
        for c in 0..self.deck {
            if !dealt.contains(&c) {
                dealt.push(c);
                self.deal(dealt, sets, terminals);
                dealt.pop();
            }
        }
    }

    fn play(
        &self,
        hands: &mut Vec<Vec<usize>>,
        seen: &[Vec<usize>],
        leader: usize,
        played: &mut Vec<usize>,
        sets: &mut HashSet<Key>,
        terminals: &mut u64,
    ) {
        if played.len() == self.players * self.hand {
            *terminals += 1;
            return;
        }
        let in_trick = played.len() % self.players;
        let trick = &played[played.len() - in_trick..];
        let player = (leader + in_trick) % self.players;
        sets.insert((player, seen[player].clone(), played.clone()));
        let suit = |c: usize| c / self.ranks;
        let follow: Vec<usize> = match trick.first() {
            Some(&lead) => hands[player]
                .iter()
                .copied()
                .filter(|&c| suit(c) == suit(lead))
                .collect(),
            None => Vec::new(),
        };
        let choices = if follow.is_empty() {
            hands[player].clone()
        } else {
            follow
        };
        for c in choices {
            hands[player].retain(|&x| x != c);
            played.push(c);
            let mut next_leader = leader;
            if played.len() % self.players == 0 {
                let t = &played[played.len() - self.players..];
                let best = (0..self.players)
                    .filter(|&k| suit(t[k]) == suit(t[0]))
                    .max_by_key(|&k| t[k] % self.ranks)
                    .unwrap_or(0);
                next_leader = (leader + best) % self.players;
            }
            self.play(hands, seen, next_leader, played, sets, terminals);
            played.pop();
            hands[player].push(c);
        }
    }
}

#[test]
fn histories_and_information_sets_match_an_independent_enumeration() {
    for (players, suits, ranks, hand) in [(3, 2, 3, 2), (3, 3, 2, 1), (3, 2, 4, 2), (4, 2, 4, 2)] {
        let game = Tricks::new(players, suits, ranks, hand).unwrap();
        let mut sets = HashSet::new();
        let mut terminals = 0;
        walk(&game, &mut sets, &mut terminals);
        let plain = Plain {
            players,
            ranks,
            deck: suits * ranks,
            hand,
        };
        let mut plain_sets = HashSet::new();
        let mut plain_terminals = 0;
        plain.deal(&mut Vec::new(), &mut plain_sets, &mut plain_terminals);
        let label = format!("{players} players, {suits}x{ranks}, {hand} each");
        assert_eq!(terminals, plain_terminals, "{label}");
        assert_eq!(sets.len(), plain_sets.len(), "{label}");
        assert!(terminals > 0 && !sets.is_empty());
    }
}

#[test]
fn determinizations_keep_hand_sizes_and_shown_voids() {
    let mut rng = SplitMix64::new(3);
    let mut changed = 0;
    for game_no in 0..200u64 {
        let mut state = Tricks::new(4, 4, 4, 3).unwrap();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        let stop = 4 + game_no as usize % 20;
        for _ in 0..stop {
            match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    state.apply(outcomes[rng.below(outcomes.len())].0);
                }
                Turn::Player(_) => {
                    moves.clear();
                    state.moves(&mut moves);
                    state.apply(moves[rng.below(moves.len())]);
                }
            }
        }
        for p in 0..4 {
            let sample = state.sample_state(p, &mut rng);
            assert_eq!(sample.info_key(p), state.info_key(p));
            assert_eq!(sample.turn(), state.turn());
            // Replaying the cards played from the sample's deal is legal all along: a
            // player never gets a suit it failed to follow.
            for q in 0..4 {
                assert_eq!(
                    sample.info_key(q).hand().len(),
                    state.info_key(q).hand().len()
                );
            }
            assert!(replays(&sample), "{sample}");
            changed += usize::from(sample != state);
        }
    }
    assert!(
        changed > 400,
        "the hidden cards are drawn again: {changed} of 800 changed"
    );
}

/// `true` if the cards played in `state` can be played again from its deal.
fn replays(state: &Tricks) -> bool {
    let mut fresh = Tricks::new(4, 4, 4, 3).unwrap();
    let hands: Vec<Vec<u8>> = (0..4).map(|p| state.info_key(p).hand().to_vec()).collect();
    let dealt = hands.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..dealt {
        for hand in &hands {
            if let Some(&c) = hand.get(k) {
                fresh.apply(c);
            }
        }
    }
    let plays = state.info_key(0).plays().to_vec();
    for c in plays {
        let mut moves = Vec::new();
        fresh.moves(&mut moves);
        if !moves.contains(&c) {
            return false;
        }
        fresh.apply(c);
    }
    fresh.info_key(0).plays() == state.info_key(0).plays()
}
