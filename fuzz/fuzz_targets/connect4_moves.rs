//! `ConnectFour: FromStr`. Property: an accepted move string, trimmed, is a sequence of
//! digits 1..=7 whose replay with `try_play` from the empty board is legal move by move and
//! reaches the parsed board, and `moves_played` is the number of digits.
#![no_main]

use games::ConnectFour;
use libfuzzer_sys::fuzz_target;
use search_core::Game;

fuzz_target!(|text: &str| {
    let Ok(parsed) = text.parse::<ConnectFour>() else {
        return;
    };
    let moves = text.trim();
    let mut replay = ConnectFour::new();
    for (i, ch) in moves.chars().enumerate() {
        let column = match ch {
            '1'..='7' => ch as u8 - b'1',
            _ => panic!("accepted {text:?} with {ch:?} at position {}", i + 1),
        };
        if let Err(e) = replay.try_play(column) {
            panic!("accepted {text:?}, but move {} is illegal: {e}", i + 1);
        }
    }
    assert_eq!(replay, parsed, "{text:?}");
    assert_eq!(
        parsed.moves_played() as usize,
        moves.chars().count(),
        "{text:?}"
    );
});
