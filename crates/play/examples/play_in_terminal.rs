//! You against alpha-beta at 6 × 6 Reversi (`games::reversi`), in the terminal: the game of
//! `docs/guide-your-own-game.md`, played with `play::PlayLoop` (section 6 of the guide).
//!
//! ```text
//! cargo run --release -p plysearch-play --example play_in_terminal          # depth 6
//! cargo run --release -p plysearch-play --example play_in_terminal -- 8     # depth 8
//! printf 'moves\nhint\nc2\nquit\n' | cargo run -p plysearch-play --example play_in_terminal -- 2
//! cargo test -p plysearch-play --example play_in_terminal                  # a scripted game
//! ```
//! You are X and move first; type a square such as `c2` (or `pass` when you must),
//! `moves`, `hint`, `undo`, `help` or `quit`. The moves come from standard input, so a
//! pipe works as well as a keyboard.

use std::process::ExitCode;

use games::reversi::Move;

// ANCHOR: play
use std::io::{BufRead, Write};

use adversarial::Negamax;
use games::reversi::{Reversi, Weights};
use play::{PlayError, PlayLoop, PlayReport};
use search_core::{Budget, Player};

/// You (X) against alpha-beta (O), which searches `depth` plies with the evaluator of
/// section 5. Moves are typed and shown by `FromStr` and `Display` (`c4`, `pass`), the
/// board by `Display`: Reversi needs no other code to be played at the prompt.
fn play_reversi(
    depth: u32,
    input: impl BufRead,
    output: impl Write,
) -> Result<PlayReport<Reversi>, PlayError> {
    let ai = Negamax::new(Weights::DEFAULT).with_budget(Budget::depth(depth));
    PlayLoop::new(Reversi::new())
        .with_ai(Player::Second.index(), ai)
        .run(input, output)
}
// ANCHOR_END: play

const USAGE: &str = "usage: play_in_terminal [D]
  D: the AI's search depth, from 1 to 12 (default 6)";

/// The largest depth accepted (deeper searches keep you waiting for minutes).
const MAX_DEPTH: u32 = 12;

/// The depth from the command line's arguments (after the program name).
fn parse_depth(args: &[String]) -> Result<u32, String> {
    match args {
        [] => Ok(6),
        [d] => d
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or(format!("the depth is from 1 to {MAX_DEPTH}, not {d:?}")),
        _ => Err("give one depth".to_string()),
    }
}

/// The score of a finished game, in discs: `X 20 - O 16`.
fn discs(position: &Reversi) -> String {
    format!(
        "X {} - O {}",
        position.count(Player::First),
        position.count(Player::Second)
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = match parse_depth(&args) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    match play_reversi(depth, stdin.lock(), std::io::stdout()) {
        Ok(report) => {
            let passes = report.moves.iter().filter(|&&m| m == Move::Pass).count();
            println!(
                "{} after {} moves ({passes} passes), {}.",
                report.ending,
                report.moves.len(),
                discs(&report.position)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use play::Ending;
    use search_core::Game;

    /// Plays the scripted `typed` lines at depth 2; returns the report and the text shown.
    fn scripted(typed: &str) -> (PlayReport<Reversi>, String) {
        let mut shown = Vec::new();
        let report = play_reversi(2, typed.as_bytes(), &mut shown).expect("the game runs");
        (report, String::from_utf8(shown).expect("UTF-8"))
    }

    #[test]
    fn a_scripted_game_answers_every_command() {
        let (report, shown) = scripted("moves\nzz\nc3\nhint\nc2\nundo\nb3\nquit\n");
        // The four placements of the start, in the order the game lists them.
        let start = Reversi::new();
        let listed: Vec<String> = start
            .legal_move_list()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(listed, ["c2", "b3", "e4", "d5"]);
        assert!(shown.contains("Legal moves: c2 b3 e4 d5\n"), "{shown}");
        assert!(
            shown.contains(
                "\"zz\" is not a move: 'z' is not a column: columns are the letters a to f."
            ),
            "{shown}"
        );
        assert!(
            shown.contains("c3 is not legal here; legal moves: c2 b3 e4 d5\n"),
            "{shown}"
        );
        // The hint lists the four moves, each with a depth-2 value.
        let hint = shown
            .split("Hint from negamax, best move first:\n")
            .nth(1)
            .expect("a hint");
        let lines: Vec<&str> = hint.lines().take(4).collect();
        assert!(lines.iter().all(|l| l.ends_with("(depth 2)")), "{hint}");
        let mut hinted: Vec<&str> = lines
            .iter()
            .map(|l| l.trim().split(':').next().unwrap())
            .collect();
        hinted.sort_unstable();
        assert_eq!(hinted, ["b3", "c2", "d5", "e4"]);
        // c2 and the AI's reply were taken back; b3 and a reply stand.
        assert!(shown.contains("Took back 2 moves: c2 "), "{shown}");
        assert_eq!(report.undos, 1);
        assert_eq!(report.moves.len(), 2);
        assert_eq!(report.moves[0].to_string(), "b3");
        assert_eq!(report.ending, Ending::Quit(0));
        let mut replayed = Reversi::new();
        for &mv in &report.moves {
            replayed.try_play(mv).expect("a legal move");
        }
        assert_eq!(replayed, report.position);
        assert_eq!(shown.matches("player 2 (negamax) plays ").count(), 2);
    }

    #[test]
    fn the_end_of_input_ends_the_game_cleanly() {
        let (report, shown) = scripted("c2\n");
        assert_eq!(report.ending, Ending::InputEnded(0));
        assert_eq!(report.moves.len(), 2);
        assert!(shown.ends_with("Input ended: goodbye.\n"), "{shown}");
        assert_eq!(discs(&Reversi::new()), "X 2 - O 2");
    }

    #[test]
    fn the_depth_is_checked() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(parse_depth(&args("")), Ok(6));
        assert_eq!(parse_depth(&args("3")), Ok(3));
        assert!(parse_depth(&args("0")).is_err());
        assert!(
            parse_depth(&args("13"))
                .unwrap_err()
                .contains("from 1 to 12")
        );
        assert!(parse_depth(&args("3 4")).is_err());
    }
}
