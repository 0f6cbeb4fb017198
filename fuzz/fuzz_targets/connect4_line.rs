//! `games::connect4_line::parse_line`. Properties: an accepted line prints (`Display`) as a
//! line that parses back to an equal value; its moves parse to its position with one stone
//! per digit; its score lies within `max_score` of the stones on the board.
#![no_main]

use games::ConnectFour;
use games::connect4_line::{max_score, parse_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    let Ok(Some(scored)) = parse_line(line) else {
        return;
    };
    let printed = scored.to_string();
    match parse_line(&printed) {
        Ok(Some(again)) => assert_eq!(again, scored, "{line:?} printed as {printed:?}"),
        other => panic!("{line:?} printed as {printed:?}, which parses as {other:?}"),
    }
    assert_eq!(
        scored.moves.parse::<ConnectFour>(),
        Ok(scored.position),
        "{line:?}"
    );
    let stones = scored.position.moves_played();
    assert_eq!(stones as usize, scored.moves.len(), "{line:?}");
    if let Some(score) = scored.score {
        let max = max_score(stones);
        assert!(
            (-max..=max).contains(&score),
            "{line:?}: score {score}, max {max}"
        );
    }
});
