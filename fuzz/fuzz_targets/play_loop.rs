//! `play::PlayLoop`, the interactive prompt: whatever a person types (any bytes,
//! lines of any length, commands at any time, the input ending anywhere), the loop never
//! panics and ends cleanly; every move it reports is legal in turn from the start; a line
//! over the limit is refused without being echoed; and what it writes stays within a fixed
//! size per line read, so no input makes it print (or hold) without bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use play::{Console, Ending, PlayLoop};
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
    let mut console = Console::new(typed, &mut shown).with_max_line_bytes(MAX_LINE);
    let report = PlayLoop::new(start.clone())
        .with_ai(Player::Second.index(), RandomMover::new(u64::from(seed)))
        .with_advisor(RandomMover::new(7))
        .play_on(&mut console)
        .expect("typing never ends the game with an error");
    drop(console);
    let mut state = start;
    for &mv in &report.moves {
        assert!(state.is_legal(mv), "the loop played an illegal move {mv}");
        state.play(mv);
    }
    assert_eq!(state, report.position);
    match report.ending {
        Ending::Finished => assert!(report.position.outcome().is_over()),
        Ending::Quit(_) | Ending::InputEnded(_) => {
            assert_eq!(report.position.outcome(), Outcome::Ongoing)
        }
        _ => {}
    }
    // A line of several words is answered word by word, each at a prompt of its own: at
    // most MAX_LINE / 2 + 1 prompts a line.
    let lines = typed.split(|&b| b == b'\n').count();
    assert!(
        shown.len() <= 1_024 * (lines * (MAX_LINE / 2 + 1) + report.moves.len() + 2),
        "{} bytes written for {lines} lines",
        shown.len()
    );
    // The loop quotes a line it cannot read as a Rust string literal (`{:?}`), which
    // changes backslashes, quotes, control characters and bytes that are not UTF-8 (a
    // short line of backslashes shows twice as many, and one of broken UTF-8 the same
    // replacement characters as a long one: both matched a long line's prefix, false
    // alarms). So the check takes the long lines whose first MAX_LINE + 2 bytes are
    // printable ASCII other than `\` and `"`, which quoting leaves as they are: no line
    // within the limit can show those MAX_LINE + 2 characters in a row.
    for line in typed.split(|&b| b == b'\n') {
        if line.len() > MAX_LINE + 2 {
            let prefix = &line[..MAX_LINE + 2];
            let plain = prefix
                .iter()
                .all(|&b| b.is_ascii_graphic() && b != b'\\' && b != b'"' || b == b' ');
            if plain {
                assert!(
                    !shown.windows(prefix.len()).any(|w| w == prefix),
                    "an over-long line was echoed: {}",
                    String::from_utf8_lossy(prefix)
                );
            }
        }
    }
});
