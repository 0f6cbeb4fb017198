//! Tic-tac-toe against exact published counts: 255,168 complete games (OEIS A061526;
//! 131,184 won by X, 77,904 by O, 46,080 drawn, by length as in Henry Bottomley's analysis),
//! 5,478 legal positions, and 765 up to the board's 8 symmetries (OEIS A008907, by ply).

use std::collections::HashSet;

use games::{TicTacToe, perft};
use search_core::{Game, GameHash, Outcome, Player};

#[test]
fn perft_1_to_9() {
    let expected = [
        9u64, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872,
    ];
    for (depth, &count) in (1..=9).zip(expected.iter()) {
        assert_eq!(perft(&TicTacToe::new(), depth), count, "perft({depth})");
    }
    assert_eq!(perft(&TicTacToe::new(), 10), 0, "no game lasts 10 plies");
}

#[derive(Default)]
struct Tally {
    games: u64,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
    by_length: [u64; 10],
    nodes: u64,
}

fn walk(state: &TicTacToe, plies: usize, tally: &mut Tally) {
    tally.nodes += 1;
    match state.outcome() {
        Outcome::Ongoing => {
            for mv in state.legal_move_list() {
                let mut child = *state;
                child.play(mv);
                walk(&child, plies + 1, tally);
            }
        }
        outcome => {
            tally.games += 1;
            tally.by_length[plies] += 1;
            match outcome {
                Outcome::Win(Player::First) => tally.x_wins += 1,
                Outcome::Win(Player::Second) => tally.o_wins += 1,
                _ => tally.draws += 1,
            }
        }
    }
}

#[test]
fn every_game_counted() {
    let mut t = Tally::default();
    walk(&TicTacToe::new(), 0, &mut t);
    assert_eq!(t.games, 255_168);
    assert_eq!((t.x_wins, t.o_wins, t.draws), (131_184, 77_904, 46_080));
    assert_eq!(&t.by_length[5..], &[1_440, 5_328, 47_952, 72_576, 127_872]);
    assert_eq!(t.by_length[..5].iter().sum::<u64>(), 0);
    assert_eq!(t.nodes, 549_946);
}

#[test]
fn distinct_positions_and_symmetry_classes() {
    let mut layer: HashSet<TicTacToe> = HashSet::from([TicTacToe::new()]);
    let mut all: HashSet<u64> = HashSet::new();
    let mut terminal = 0;
    let mut per_ply = Vec::new();
    let mut classes: HashSet<u64> = HashSet::new();
    while !layer.is_empty() {
        per_ply.push(layer.len());
        let mut next = HashSet::new();
        for s in &layer {
            all.insert(s.hash_key());
            classes.insert(s.canonical().hash_key());
            // The table's symmetry hook: one key per class, the representative's own key.
            assert_eq!(s.canonical_key(), s.canonical().hash_key());
            for image in s.symmetries() {
                assert_eq!(image.canonical_key(), s.canonical_key(), "{s}");
            }
            if s.outcome().is_over() {
                terminal += 1;
            }
            for mv in s.legal_move_list() {
                let mut c = *s;
                c.play(mv);
                next.insert(c);
            }
        }
        layer = next;
    }
    assert_eq!(per_ply, [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]);
    assert_eq!(all.len(), 5_478);
    assert_eq!(terminal, 958);
    assert_eq!(classes.len(), 765);
}

#[test]
fn parse_rejects_bad_boards_with_typed_errors() {
    use games::ParseTicTacToeError as E;
    assert_eq!(
        "XO".parse::<TicTacToe>().unwrap_err(),
        E::WrongLength { cells: 2 }
    );
    assert_eq!(
        "OO. ... ...".parse::<TicTacToe>().unwrap_err(),
        E::ImpossibleCounts { x: 0, o: 2 }
    );
    assert!(matches!(
        "xxx ooo ...".parse::<TicTacToe>().unwrap_err(),
        E::Unreachable { .. }
    ));
    assert!(matches!(
        "xxx oo. o..".parse::<TicTacToe>().unwrap_err(),
        E::Unreachable { .. }
    ));
    let err = "X.. .z. ...".parse::<TicTacToe>().unwrap_err();
    assert_eq!(
        err,
        E::InvalidCharacter {
            index: 6,
            found: 'z'
        }
    );
    assert!(err.to_string().contains("position 6"));
}

#[test]
fn display_round_trips_through_parse() {
    let mut g = TicTacToe::new();
    for cell in [4u8, 0, 8, 2, 1] {
        g.play(cell);
        let board: String = g
            .to_string()
            .lines()
            .map(|l| l.split("   ").next().unwrap_or_default().to_string())
            .collect();
        assert_eq!(board.parse::<TicTacToe>().unwrap(), g);
    }
}

#[test]
fn illegal_moves_are_errors() {
    let mut g = TicTacToe::new();
    g.try_play(4).unwrap();
    assert!(g.try_play(4).is_err(), "occupied cell");
    assert!(g.try_play(9).is_err(), "off the board");
    let mut won: TicTacToe = "xxx oo. ...".parse().unwrap();
    assert!(won.try_play(8).is_err(), "game over");
}
