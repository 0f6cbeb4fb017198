//! Kuhn poker and Leduc hold'em: the conformance checker, and the sizes of their game trees
//! counted by a brute-force walk against the published figures (Kuhn: 12 information sets;
//! Leduc: 936, as OpenSpiel's `kuhn_poker` and `leduc_poker` also count them: 6 + 6 and
//! 468 + 468 information sets, 30 and 5,520 terminal histories).

use std::collections::{HashMap, HashSet};

use games::{EinStein, Kuhn, Leduc, TicTacToe};
use search_core::testing::Conformance;
use search_core::{GeneralGame, ImperfectInfo, PerfectInfo, Turn};

#[test]
fn kuhn_and_leduc_pass_the_conformance_checker() {
    let report = Conformance::new()
        .with_games(300)
        .with_seed(1)
        .check_imperfect(&Kuhn::new())
        .unwrap();
    assert_eq!(report.games, 300);
    let report = Conformance::new()
        .with_games(300)
        .with_seed(2)
        .check_imperfect(&Leduc::new())
        .unwrap();
    assert_eq!(report.games, 300);
    assert!(report.longest_game >= 7, "{report:?}");
}

#[test]
fn perfect_information_games_pass_as_imperfect_ones() {
    Conformance::new()
        .with_games(30)
        .check_imperfect(&PerfectInfo::new(TicTacToe::new()))
        .unwrap();
    Conformance::new()
        .with_games(10)
        .check_imperfect(&PerfectInfo::new(EinStein::new()))
        .unwrap();
}

/// What a player knows, written from the moves alone (not from the game's key): the cards
/// dealt to that player, every card dealt to nobody in private (Leduc's public card), and
/// every action, in order.
fn independent_key(history: &[(Option<usize>, u8)], player: usize) -> Vec<(u8, u8)> {
    let mut key = Vec::new();
    let mut deals = 0;
    for &(mover, mv) in history {
        match mover {
            None => {
                // Deals 0 and 1 are the private cards of players 0 and 1.
                if deals == player || deals >= 2 {
                    key.push((1, mv));
                } else {
                    key.push((2, 0)); // a card dealt to the other player, unseen
                }
                deals += 1;
            }
            Some(_) => key.push((0, mv)),
        }
    }
    key
}

struct Counts<K> {
    terminals: u64,
    sets: [HashSet<K>; 2],
    independent: [HashMap<Vec<(u8, u8)>, K>; 2],
}

fn walk<G>(state: &G, history: &mut Vec<(Option<usize>, u8)>, counts: &mut Counts<G::InfoKey>)
where
    G: ImperfectInfo<Move = u8>,
{
    match state.turn() {
        Turn::Over => counts.terminals += 1,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (card, _) in outcomes {
                let mut next = state.clone();
                next.apply(card);
                history.push((None, card));
                walk(&next, history, counts);
                history.pop();
            }
        }
        Turn::Player(p) => {
            let key = state.info_key(p);
            counts.sets[p].insert(key.clone());
            // The game's key and the key written from the moves partition the states the
            // same way: each independent key maps to one game key (and the counts agree).
            let mine = independent_key(history, p);
            let known = counts.independent[p]
                .entry(mine.clone())
                .or_insert_with(|| key.clone());
            assert_eq!(
                *known, key,
                "two game keys for one independent key {mine:?}"
            );
            let mut moves = Vec::new();
            state.moves(&mut moves);
            for mv in moves {
                let mut next = state.clone();
                next.apply(mv);
                history.push((Some(p), mv));
                walk(&next, history, counts);
                history.pop();
            }
        }
    }
}

fn count<G: ImperfectInfo<Move = u8>>(game: &G) -> (u64, [usize; 2], [usize; 2]) {
    let mut counts = Counts {
        terminals: 0,
        sets: [HashSet::new(), HashSet::new()],
        independent: [HashMap::new(), HashMap::new()],
    };
    walk(game, &mut Vec::new(), &mut counts);
    (
        counts.terminals,
        [counts.sets[0].len(), counts.sets[1].len()],
        [counts.independent[0].len(), counts.independent[1].len()],
    )
}

#[test]
fn kuhn_has_12_information_sets_and_30_terminal_histories() {
    let (terminals, sets, independent) = count(&Kuhn::new());
    assert_eq!(terminals, 30); // 6 deals × 5 action sequences
    assert_eq!(sets, [6, 6]);
    assert_eq!(independent, sets);
}

#[test]
fn leduc_has_936_information_sets_and_5520_terminal_histories() {
    let (terminals, sets, independent) = count(&Leduc::new());
    assert_eq!(terminals, 5_520);
    assert_eq!(sets, [468, 468]);
    assert_eq!(independent, sets);
}

#[test]
fn leduc_pays_the_stakes_of_the_rules() {
    let play = |moves: &[u8]| {
        let mut game = Leduc::new();
        for &mv in moves {
            game.apply(mv);
        }
        assert_eq!(game.turn(), Turn::Over, "{game}");
        let mut r = [0.0; 2];
        game.rewards(&mut r);
        r[0]
    };
    let (f, c, r) = (Leduc::FOLD, Leduc::CALL, Leduc::RAISE);
    // Raise, re-raise, call (5 each), then raise, re-raise, call (8 more): 13 at stake.
    // Player 0 holds a king (4), player 1 a queen (2), the public card is a jack (0).
    assert_eq!(play(&[4, 2, r, r, c, 0, r, r, c]), 13.0);
    // The same with the public card a queen: player 1's pair wins.
    assert_eq!(play(&[4, 2, r, r, c, 3, r, r, c]), -13.0);
    // Kings in both hands: a split pot.
    assert_eq!(play(&[4, 5, c, c, 0, c, c]), 0.0);
    // Player 1 bets 2 after a check and player 0 folds: player 0 loses the ante.
    assert_eq!(play(&[0, 2, c, r, f]), -1.0);
    // Player 0 raises in round 2 (3 + 4) and player 1 folds: player 1 loses 3.
    assert_eq!(play(&[0, 2, r, c, 5, r, f]), 3.0);
    // No third raise in a round, and no fold without a raise to face.
    let mut game = Leduc::new();
    for mv in [0, 2, r, r] {
        game.apply(mv);
    }
    let mut moves = Vec::new();
    game.moves(&mut moves);
    assert_eq!(moves, [f, c]);
    let mut game = Leduc::new();
    game.apply(0);
    game.apply(2);
    moves.clear();
    game.moves(&mut moves);
    assert_eq!(moves, [c, r]);
}

#[test]
fn kuhn_pays_the_stakes_of_the_rules() {
    let play = |moves: &[u8]| {
        let mut game = Kuhn::new();
        for &mv in moves {
            game.apply(mv);
        }
        assert_eq!(game.turn(), Turn::Over, "{game}");
        let mut r = [0.0; 2];
        game.rewards(&mut r);
        r[0]
    };
    let (p, b) = (Kuhn::PASS, Kuhn::BET);
    assert_eq!(play(&[0, 2, p, p]), -1.0);
    assert_eq!(play(&[2, 0, p, p]), 1.0);
    assert_eq!(play(&[0, 2, b, b]), -2.0);
    assert_eq!(play(&[1, 0, p, b, b]), 2.0);
    assert_eq!(play(&[2, 1, p, b, p]), -1.0);
    assert_eq!(play(&[0, 1, b, p]), 1.0);
}

#[test]
fn goofspiel_passes_the_conformance_checker_as_a_sequential_game() {
    use games::Goofspiel;
    use search_core::Sequential;
    for cards in [1, 3, 5] {
        let report = Conformance::new()
            .with_games(100)
            .check_imperfect(&Sequential::new(Goofspiel::new(cards).unwrap()))
            .unwrap();
        assert_eq!(report.longest_game, 2 * cards as u32);
    }
    let order = Goofspiel::with_prizes(&[2, 4, 1, 3]).unwrap();
    Conformance::new()
        .check_imperfect(&Sequential::new(order))
        .unwrap();
    assert!(Goofspiel::new(0).is_err());
    assert!(Goofspiel::with_prizes(&[1, 3]).is_err());
    assert!(Goofspiel::with_prizes(&[20; 20]).is_err());
}

/// The number of ways a game of Goofspiel can go: each round, each player bids one of
/// the cards left, so `(n!)^2` joint sequences; counted by a walk of the sequential game.
#[test]
fn goofspiel_has_n_factorial_squared_plays() {
    use games::Goofspiel;
    use search_core::Sequential;
    fn leaves(state: &Sequential<Goofspiel>) -> u64 {
        if state.turn() == Turn::Over {
            return 1;
        }
        let mut moves = Vec::new();
        state.moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut next = state.clone();
                next.apply(mv);
                leaves(&next)
            })
            .sum()
    }
    for (n, plays) in [(1, 1), (2, 4), (3, 36), (4, 576), (5, 14_400)] {
        assert_eq!(leaves(&Sequential::new(Goofspiel::new(n).unwrap())), plays);
    }
}
