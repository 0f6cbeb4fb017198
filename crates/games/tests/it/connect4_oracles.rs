//! Connect Four against exact published counts: the number of distinct positions after each
//! ply is OEIS A212693 (John Tromp; Edelkamp and Kissmann), and the perft counts (move
//! sequences of each length) agree with other bitboard move generators, such as the
//! `minimax` crate's perft that the benchmarks run side by side.

use std::collections::HashSet;

use games::{ConnectFour, ParseConnectFourError, perft};
use search_core::{Game, GameHash, Outcome, Player};

#[test]
fn perft_1_to_9() {
    let expected = [
        7u64, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234, 39_394_572,
    ];
    for (depth, &count) in (1..=9).zip(expected.iter()) {
        assert_eq!(perft(&ConnectFour::new(), depth), count, "perft({depth})");
    }
}

#[test]
fn distinct_positions_per_ply_0_to_8() {
    let expected = [1usize, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    let mut layer: HashSet<ConnectFour> = HashSet::from([ConnectFour::new()]);
    let mut keys_seen = 0;
    for (ply, &count) in expected.iter().enumerate() {
        assert_eq!(layer.len(), count, "positions after {ply} plies");
        // The key is exact: distinct positions have distinct keys.
        let keys: HashSet<u64> = layer.iter().map(GameHash::hash_key).collect();
        assert_eq!(keys.len(), layer.len());
        keys_seen += keys.len();
        let mut next = HashSet::new();
        for s in &layer {
            for mv in s.legal_move_list() {
                let mut c = *s;
                c.play(mv);
                next.insert(c);
            }
        }
        layer = next;
    }
    assert!(keys_seen > 0);
}

#[test]
fn parse_errors_name_the_offending_position() {
    use ParseConnectFourError as E;
    assert_eq!(
        "12a4".parse::<ConnectFour>().unwrap_err(),
        E::InvalidCharacter {
            index: 3,
            found: 'a'
        }
    );
    assert_eq!(
        "0".parse::<ConnectFour>().unwrap_err(),
        E::InvalidCharacter {
            index: 1,
            found: '0'
        }
    );
    assert_eq!(
        "1111111".parse::<ConnectFour>().unwrap_err(),
        E::ColumnFull {
            index: 7,
            column: 1
        }
    );
    // X wins with 4444 vertically at move 7; an eighth move comes after the end.
    assert_eq!(
        "4545454".parse::<ConnectFour>().unwrap().outcome(),
        Outcome::Win(Player::First)
    );
    assert_eq!(
        "45454541".parse::<ConnectFour>().unwrap_err(),
        E::GameOver { index: 8 }
    );
    let long = "1".repeat(43);
    assert!(matches!(
        long.parse::<ConnectFour>().unwrap_err(),
        E::TooLong { len: 43, max: 42 }
    ));
    let msg = "12a4".parse::<ConnectFour>().unwrap_err().to_string();
    assert!(msg.contains("position 3"), "{msg}");
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    // Columns filled in pairs 1-2, 3-4, 5-6 with a one-move offset, then 7: no four anywhere.
    let seq = "121212212121343434434343565656656565777777";
    let g: ConnectFour = seq.parse().unwrap();
    assert_eq!(g.moves_played(), 42);
    assert_eq!(g.outcome(), Outcome::Draw);
    assert!(g.legal_move_list().is_empty());
}

#[test]
fn illegal_moves_are_errors() {
    let mut g: ConnectFour = "444444".parse().unwrap();
    assert!(g.try_play(3).is_err(), "full column");
    assert!(g.try_play(7).is_err(), "no such column");
    assert!(g.try_play(0).is_ok());
}

#[test]
fn display_shows_coordinates_and_stones() {
    let g: ConnectFour = "4455".parse().unwrap();
    let text = g.to_string();
    assert_eq!(text.lines().count(), 7);
    assert!(text.ends_with("  1 2 3 4 5 6 7"));
    assert_eq!(text.lines().nth(5), Some("| . . . X X . . |"));
    assert_eq!(text.lines().nth(4), Some("| . . . O O . . |"));
}

/// The mirror image of a move string (column c becomes 8 - c).
fn mirrored(moves: &str) -> String {
    moves
        .bytes()
        .map(|b| char::from(b'0' + (8 - (b - b'0'))))
        .collect()
}

#[test]
fn canonical_key_identifies_a_position_with_its_mirror_image_only() {
    // Random games: every prefix and its mirror image share the canonical key, which is one
    // of their own keys; different positions (up to the mirror) never share it.
    let mut rng = search_core::SplitMix64::new(7);
    let mut seen: std::collections::HashMap<u64, ConnectFour> = std::collections::HashMap::new();
    for _ in 0..300 {
        let mut moves = String::new();
        let mut g = ConnectFour::new();
        while !g.outcome().is_over() {
            let legal = g.legal_move_list();
            let mv = legal[rng.below(legal.len())];
            g.play(mv);
            moves.push(char::from(b'1' + mv));
            let m: ConnectFour = mirrored(&moves).parse().unwrap();
            assert_eq!(g.canonical_key(), m.canonical_key(), "{moves}");
            assert!(g.canonical_key() == g.hash_key() || g.canonical_key() == m.hash_key());
            let key = g.canonical_key();
            let class = *seen.entry(key).or_insert(g);
            assert!(
                class.hash_key() == g.hash_key() || class.hash_key() == m.hash_key(),
                "{moves}: two positions share a canonical key"
            );
        }
    }
}
