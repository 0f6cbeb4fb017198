//! `ply play --game kalah --kalah-rules`: the rule variant chosen is the one played, and the
//! game says which at its start.

use crate::common;

use common::ply_command;

#[test]
fn the_rules_in_force_are_said_at_the_start() {
    let (code, out, err) = ply_command(
        "play",
        &[
            "-g", "kalah", "--size", "2x1", "--seat", "none", "-e", "random",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains(
            "Kalah (2 pits of 1 stone, common rules: a capture needs stones in the opposite pit): seat 1 random"
        ),
        "{out}"
    );
    let (code, out, err) = ply_command(
        "play",
        &[
            "-g",
            "kalah",
            "--size",
            "2x1",
            "--kalah-rules",
            "empty-capture",
            "--seat",
            "none",
            "-e",
            "random",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("Kalah (2 pits of 1 stone, empty capture:"),
        "{out}"
    );
}

/// Kalah(2, 1): X sows pit 1 into its pit 2; O sows its pit 2 into its store (and moves
/// again), then its pit 1 into its empty pit 2, opposite X's empty pit 1. Only the empty
/// capture takes that stone, which empties O's side and ends the game.
#[test]
fn the_empty_capture_is_played_when_chosen() {
    let run = |rules: &str| {
        ply_command(
            "play",
            &[
                "-g",
                "kalah",
                "--size",
                "2x1",
                "--kalah-rules",
                rules,
                "--seat",
                "1",
                "-e",
                "random",
                "--start",
                "1 2 1",
            ],
            b"quit\n",
        )
    };
    let (code, out, err) = run("common");
    assert_eq!(code, 0, "{out}\n{err}");
    let (code, out, err) = run("empty-capture");
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("already over"), "{err}");
}

#[test]
fn kalah_rules_are_refused_for_other_games() {
    let (code, _, err) = ply_command("play", &["-g", "c4", "--kalah-rules", "common"], b"");
    assert_ne!(code, 0);
    assert!(err.contains("--kalah-rules is for kalah"), "{err}");
    let (code, out, _) = ply_command("play", &["--help"], b"");
    assert_eq!(code, 0);
    assert!(
        out.contains("--kalah-rules") && out.contains("empty-capture"),
        "{out}"
    );
    assert!(
        out.contains("Kalah is\nplayed with the common rules"),
        "{out}"
    );
}
