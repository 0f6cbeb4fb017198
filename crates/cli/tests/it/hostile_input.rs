//! Input a hostile or careless user could give `ply`: bytes that are not text, a megabyte
//! on one line, impossible moves, empty input, and the input ending at every question. Each
//! bad line gets its own message, the good lines are still processed, the exit code says
//! something went wrong, and nothing panics or hangs.

use crate::common;
use common::ply;

#[test]
fn solve_reports_each_bad_line_and_solves_the_good_ones() {
    let mut input = b"4455 18\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, 0x00, 0x9f, b'4', b'\n']); // not UTF-8
    input.extend_from_slice(&vec![b'4'; 1 << 20]); // a megabyte of moves on one line
    input.extend_from_slice(b"\n4444444\n48\n0\n44455554221 -15\n\x00\x01\x02\n");
    let (code, out, err) = ply(&["solve"], &input);
    assert_eq!(code, 2, "{err}");
    let solved: Vec<&str> = out.lines().collect();
    assert_eq!(solved.len(), 2, "{out}");
    assert!(solved[0].starts_with("4455 18 "), "{out}");
    assert!(solved[1].starts_with("44455554221 -15 "), "{out}");
    assert!(err.contains("stdin:2: not text"), "{err}");
    // Refused by its length, without being kept.
    assert!(err.contains("stdin:3: a line of 1048576 bytes"), "{err}");
    assert!(err.contains("stdin:4: bad moves \"4444444\""), "{err}");
    assert!(err.contains("stdin:5: bad moves \"48\""), "{err}");
    assert!(err.contains("stdin:6: bad moves \"0\""), "{err}");
    assert!(err.contains("stdin:8: bad moves"), "{err}");
    assert!(err.contains("malformed lines 6"), "{err}");
    // The error for the long line names the problem without echoing a megabyte.
    assert!(err.len() < 10_000, "{} bytes of messages", err.len());
}

#[test]
fn solve_with_no_positions_says_so() {
    for input in [&b""[..], b"\n\n", b"# only a comment\n"] {
        let (code, out, err) = ply(&["solve"], input);
        assert_eq!(code, 2, "{input:?}: {out} {err}");
        assert!(err.contains("no positions in stdin"), "{err}");
    }
}

#[test]
fn play_ends_cleanly_wherever_the_input_ends() {
    // The questions: game, who starts, strength, then moves.
    let answers = ["c4\n", "human\n", "4\n", "4\n"];
    for cut in 0..=answers.len() {
        let input: String = answers[..cut].concat();
        let (code, out, err) = ply(&["play"], input.as_bytes());
        assert_eq!(code, 0, "input {input:?}: {out} {err}");
        assert!(
            out.trim_end().ends_with("Input ended: goodbye."),
            "input {input:?}: {out}"
        );
    }
}

#[test]
fn play_answers_bytes_that_are_not_text_and_asks_again() {
    let mut input = b"c4\nhuman\n4\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(&vec![b'9'; 1 << 20]);
    input.extend_from_slice(b"\n8\n4\nquit\n");
    let (code, out, err) = ply(&["play"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("is not a move: type a column 1-7"), "{out}");
    assert!(out.contains("there is no column 8"), "{out}");
    assert!(
        out.contains("O (alphabeta) plays "),
        "the game went on: {out}"
    );
    assert!(out.contains("Goodbye."), "{out}");
}

#[test]
fn bad_files_are_named() {
    let dir = std::env::temp_dir().join(format!("ply-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = dir.join("garbage.map");
    std::fs::write(&garbage, [0xffu8, 0x00, 0x13, 0x37, b'\n', b'@']).unwrap();
    let (code, _, err) = ply(&["path", garbage.to_str().unwrap()], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("garbage.map"), "{err}");
    let (code, _, err) = ply(&["solve", "--file", garbage.to_str().unwrap()], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("garbage.map:1: not text"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

mod typing_at_the_new_games {
    use super::ply;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// Whatever is typed at the move prompt of the games with extra turns, dice or
        /// more players, ply answers and ends cleanly when the input ends.
        #[test]
        fn any_lines_get_an_answer(
            game in prop::sample::select(vec!["dots", "kalah", "einstein", "mnk"]),
            lines in prop::collection::vec("[ -~éü×\u{1F600}]{0,8}", 0..12),
        ) {
            let mut input = lines.join("\n");
            input.push('\n');
            let args = ["play", "-g", game, "--seat", "1", "-e", "random"];
            let (code, out, err) = ply(&args, input.as_bytes());
            prop_assert_eq!(code, 0, "{} {:?}: {} {}", game, lines, out, err);
            let ended = out.contains("Input ended") || out.contains("Goodbye")
                || out.contains("Game over: ");
            prop_assert!(ended, "{} {:?}: {}", game, lines, out);
        }
    }
}

#[test]
fn a_zero_or_absurd_time_is_refused_with_its_rule() {
    for (args, rule) in [
        (&["solve", "--time", "0", "44"][..], "at least 1ms"),
        (&["solve", "--time", "0ms", "44"], "at least 1ms"),
        (&["solve", "--time", "100d", "44"], "not a duration"),
        (&["solve", "--time", "1000h", "44"], "at most 30 days"),
        (&["play", "-e", "mcts:2h"], "at most 1h"),
    ] {
        let (code, _, err) = ply(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(rule), "{args:?}: {err}");
    }
}

#[test]
fn a_count_below_one_is_refused_with_its_rule() {
    for args in [
        &["path", "data/movingai/arena.map", "--limit", "0"][..],
        &["path", "data/movingai/arena.map", "--max-expansions=-3"],
    ] {
        let (code, _, err) = ply(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("1 or more"), "{args:?}: {err}");
        assert!(!err.contains(&u64::MAX.to_string()), "{args:?}: {err}");
    }
}
