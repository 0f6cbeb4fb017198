//! Liar's Dice: the conformance checker, and the sizes of its game tree counted by walking
//! the game against a count by formula (every bid sequence is a history: `2^B` of them,
//! with `B = players · dice · faces` bids).

use std::collections::HashSet;

use games::{LiarsDice, LiarsDiceInfo};
use search_core::testing::Conformance;
use search_core::{GeneralGame, ImperfectInfo, Turn};

#[test]
fn passes_the_conformance_checker() {
    for (seed, (players, dice, faces)) in [(2, 1, 6), (2, 2, 3), (3, 1, 4), (4, 2, 2)]
        .into_iter()
        .enumerate()
    {
        let game = LiarsDice::new(players, dice, faces).unwrap();
        let report = Conformance::new()
            .with_games(200)
            .with_seed(seed as u64)
            .check_imperfect(&game)
            .unwrap();
        assert_eq!(report.games, 200);
    }
}

/// Terminal histories, and the information sets of the players to move, by walking every
/// history.
fn walk(state: &mut LiarsDice, sets: &mut HashSet<(usize, LiarsDiceInfo)>, terminals: &mut u64) {
    match state.turn() {
        Turn::Over => *terminals += 1,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (face, _) in outcomes {
                let mut next = state.clone();
                next.apply(face);
                walk(&mut next, sets, terminals);
            }
        }
        Turn::Player(p) => {
            sets.insert((p, state.info_key(p)));
            let mut moves = Vec::new();
            state.moves(&mut moves);
            for mv in moves {
                let mut next = state.clone();
                next.apply(mv);
                walk(&mut next, sets, terminals);
            }
        }
    }
}

#[test]
fn information_sets_and_histories_match_the_count_by_formula() {
    let mut one_die_six_faces = 0;
    for (players, dice, faces) in [(2, 1, 6), (2, 1, 3), (3, 1, 2), (2, 2, 2), (2, 2, 3)] {
        let game = LiarsDice::new(players, dice, faces).unwrap();
        let bids = (players * dice * faces) as u32;
        let own = (faces as u64).pow(dice as u32);
        let deals = (faces as u64).pow((players * dice) as u32);
        let mut sets = HashSet::new();
        let mut terminals = 0;
        walk(&mut game.clone(), &mut sets, &mut terminals);
        // Each player's own dice times the bid sequences it is to move after; every bid
        // sequence has one player to move.
        assert_eq!(sets.len() as u64, own << bids, "{players}-{dice}-{faces}");
        if (players, dice, faces) == (2, 1, 6) {
            one_die_six_faces = sets.len();
        }
        // Every non-empty bid sequence ends with a call, for every roll.
        assert_eq!(
            terminals,
            deals * ((1u64 << bids) - 1),
            "{players}-{dice}-{faces}"
        );
        for p in 0..players {
            let of_p = sets.iter().filter(|(q, _)| *q == p).count() as u64;
            let sequences = (0..=bids as u64)
                .filter(|len| len % players as u64 == p as u64)
                .map(|len| binomial(bids as u64, len))
                .sum::<u64>();
            assert_eq!(of_p, own * sequences);
        }
    }
    // Two players with one six-faced die: the walk agrees with the 24,576 information
    // states quoted for OpenSpiel's `liars_dice` in that setting.
    assert_eq!(one_die_six_faces, 24_576);
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn a_call_is_settled_by_counting_with_the_wild_face() {
    let mut game = LiarsDice::new(3, 1, 4).unwrap();
    for face in [2, 4, 1] {
        game.apply(face);
    }
    let three_twos = game.bid(3, 2).unwrap();
    let two_twos = game.bid(2, 2).unwrap();
    game.apply(two_twos); // player 0: two twos (the 2 and the wild 4)
    game.apply(three_twos); // player 1: three twos
    game.apply(game.liar()); // player 2 calls: only two
    let mut rewards = [0.0; 3];
    game.rewards(&mut rewards);
    assert_eq!(rewards, [0.0, -1.0, 1.0]);
    // An illegal move changes nothing: a lower bid, a call with no bid.
    let mut fresh = LiarsDice::new(2, 1, 6).unwrap();
    fresh.apply(1);
    fresh.apply(1);
    let before = fresh.clone();
    fresh.apply(fresh.liar());
    assert_eq!(fresh, before);
    fresh.apply(5);
    let after = fresh.clone();
    fresh.apply(4);
    assert_eq!(fresh, after);
}
