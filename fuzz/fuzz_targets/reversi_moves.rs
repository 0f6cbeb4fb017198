//! `games::reversi::{Move, Square}: FromStr`. Property: an accepted move or square prints
//! (`Display`) as text that parses back to the same value, and that text is canonical (it
//! is its own printing).
#![no_main]

use games::reversi::{Move, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(mv) = text.parse::<Move>() {
        let printed = mv.to_string();
        assert_eq!(
            printed.parse::<Move>(),
            Ok(mv),
            "{text:?} printed as {printed:?}"
        );
        assert!(printed == "pass" || printed.len() == 2, "{printed:?}");
    }
    if let Ok(square) = text.parse::<Square>() {
        let printed = square.to_string();
        assert_eq!(
            printed.parse::<Square>(),
            Ok(square),
            "{text:?} printed as {printed:?}"
        );
        assert_eq!(text.parse::<Move>(), Ok(Move::Place(square)), "{text:?}");
    }
});
