//! `search_core::play::PlayLoop`, the interactive prompt: whatever a person types (any bytes,
//! lines of any length, commands at any time, the input ending anywhere), the loop never
//! panics and ends cleanly; every move it reports is legal in turn from the start; a line
//! over the limit is refused without being echoed; and what it writes stays within a fixed
//! size per line read, so no input makes it print (or hold) without bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use search_core::play::{Ending, PlayLoop};
use search_core::{Game, Outcome, Player, RandomMover};

/// Take one to three stones from a pile; whoever takes the last stone wins.
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    stones: u32,
    to_move: Player,
}

impl Game for Nim {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&take| take <= self.stones));
    }
    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        if self.stones == 0 {
            Outcome::Win(self.to_move.opponent())
        } else {
            Outcome::Ongoing
        }
    }
}

impl std::fmt::Display for Nim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} stones", self.stones)
    }
}

/// The longest line the loop reads here.
const MAX_LINE: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Some((&seed, typed)) = data.split_first() else {
        return;
    };
    let start = Nim {
        stones: 5 + u32::from(seed % 16),
        to_move: Player::First,
    };
    let mut shown = Vec::new();
    let report = PlayLoop::new(start.clone())
        .with_ai(Player::Second, RandomMover::new(u64::from(seed)))
        .with_advisor(RandomMover::new(7))
        .with_max_line_bytes(MAX_LINE)
        .run(typed, &mut shown)
        .expect("typing never ends the game with an error");
    let mut state = start;
    for &mv in &report.moves {
        assert!(state.is_legal(mv), "the loop played an illegal move {mv}");
        state.play(mv);
    }
    assert_eq!(state, report.position);
    match report.ending {
        Ending::Finished(outcome) => assert_eq!(outcome, report.position.outcome()),
        Ending::Quit(_) | Ending::InputEnded(_) => {
            assert_eq!(report.position.outcome(), Outcome::Ongoing)
        }
        _ => {}
    }
    let lines = typed.split(|&b| b == b'\n').count();
    assert!(
        shown.len() <= 1_024 * (lines + report.moves.len() + 2),
        "{} bytes written for {lines} lines",
        shown.len()
    );
    // The loop quotes a line it cannot read as a Rust string literal (`{:?}`), so a short
    // line of backslashes shows twice as many: the search is for the quoted form of an
    // over-long line's first MAX_LINE + 2 bytes, which no line within the limit can
    // produce (a raw 80-byte prefix could be, and was, matched by a quoted short line).
    let shown = String::from_utf8_lossy(&shown);
    for line in typed.split(|&b| b == b'\n') {
        if line.len() > MAX_LINE + 2 {
            let quoted = format!("{:?}", String::from_utf8_lossy(&line[..MAX_LINE + 2]));
            let inner = &quoted[1..quoted.len() - 1];
            assert!(!shown.contains(inner), "an over-long line was echoed: {inner}");
        }
    }
});
