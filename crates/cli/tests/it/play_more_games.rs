//! Drives `ply play` on the games with extra turns (Dots and Boxes, Kalah), with dice
//! (EinStein würfelt nicht!) and with more than two players (the m,n,k-game).

use crate::common;

use adversarial::MarginSolver;
use games::{DotsAndBoxes, Kalah};

/// Runs `ply play ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    common::ply_command("play", args, input.as_bytes())
}

/// The last two numbers after `label` in `out`: the final score line of a game.
fn last_pair(out: &str, label: &str) -> (i32, i32) {
    let line = out
        .lines()
        .rev()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no {label:?} line in {out}"));
    let numbers: Vec<i32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

#[test]
fn two_solvers_play_dots_and_boxes_to_its_proven_margin() {
    let proven = MarginSolver::new()
        .solve(&DotsAndBoxes::new(2, 2).unwrap())
        .unwrap()
        .margin
        .unwrap();
    let args = [
        "-g",
        "dots",
        "--size",
        "2x2",
        "--seat",
        "none",
        "-e",
        "solver:20s",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{out}\n{err}");
    let (x, o) = last_pair(&out, "boxes: X");
    assert_eq!(x - o, proven, "{out}");
    assert!(out.contains("proved margin"), "{out}");
}

#[test]
fn two_solvers_play_kalah_to_its_proven_margin() {
    let proven = MarginSolver::new()
        .solve(&Kalah::new(3, 3).unwrap())
        .unwrap()
        .margin
        .unwrap();
    let args = [
        "-g",
        "kalah",
        "--size",
        "3x3",
        "--seat",
        "none",
        "-e",
        "solver:20s",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{out}\n{err}");
    // The board's middle line: "O <store> ... <store> X".
    let line = out
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("O ") && l.ends_with(" X"))
        .unwrap_or_else(|| panic!("no store line in {out}"));
    let stores: Vec<i32> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(stores[1] - stores[0], proven, "{out}");
}

#[test]
fn dots_and_boxes_explains_bad_lines_and_gives_extra_turns() {
    // X draws line 0; the AI answers; X then tries a drawn line, a line off the board and a
    // word, and quits.
    let args = [
        "-g",
        "dots",
        "--size",
        "1x1",
        "--seat",
        "1",
        "-e",
        "mcts:200p",
    ];
    let (code, out, err) = run(&args, "1\n1\n9\nline\nquit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("line 1 is already drawn"), "{out}");
    assert!(
        out.contains("there is no line 9: lines are numbered 1 to 4"),
        "{out}"
    );
    assert!(
        out.contains("\"line\" is not a move: type a line 1-4"),
        "{out}"
    );
    // On one box, whoever draws the fourth line closes it and moves again: the game ends.
    let args = [
        "-g", "dots", "--size", "1x1", "--start", "1 2", "--seat", "1", "-e", "random",
    ];
    let (code, out, err) = run(&args, "3\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("O (random) plays 4"), "{out}");
    // The closed box shows its owner.
    assert!(out.contains("| O   |"), "{out}");
    assert!(out.contains("Game over: O wins.\nYou lose."), "{out}");
}

#[test]
fn kalah_explains_bad_pits_and_hints_with_margins() {
    let args = [
        "-g",
        "kalah",
        "--size",
        "3x2",
        "--seat",
        "1",
        "-e",
        "solver:5s",
    ];
    let (code, out, err) = run(&args, "7\npit\nhint\nquit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("there is no pit 7"), "{out}");
    assert!(
        out.contains("\"pit\" is not a move: type a pit 1-3"),
        "{out}"
    );
    // Every pit's exact margin for the side to move.
    let hint: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.contains("Hint from solver, best move first:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(hint.len(), 3, "{out}");
    assert!(
        hint.iter()
            .all(|l| l.contains(": margin ") && l.ends_with(" (exact)")),
        "{out}"
    );
    // Pit 2's two stones end in X's store: X moves again, and pit 2 is now empty.
    let args = [
        "-g", "kalah", "--size", "3x2", "--seat", "1", "-e", "random",
    ];
    let (code, out, err) = run(&args, "2\n2\nquit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("pit 2 is empty"), "{out}");
    assert!(!out.contains("O (random) plays"), "X kept the move: {out}");
}

#[test]
fn einstein_games_repeat_from_their_seed() {
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(" rolls ") || l.contains(") plays "))
            .map(|l| l.split(':').next().unwrap_or("").to_string())
            .collect()
    };
    let args = [
        "-g",
        "einstein",
        "--seat",
        "none",
        "-e",
        "alphabeta:d2",
        "-s",
        "11",
    ];
    let (code, first, err) = run(&args, "");
    assert_eq!(code, 0, "{first}\n{err}");
    assert!(first.contains(" wins."), "{first}");
    let (_, second, _) = run(&args, "");
    assert_eq!(moves(&first), moves(&second));
    let (_, other, _) = run(
        &[
            "-g",
            "einstein",
            "--seat",
            "none",
            "-e",
            "alphabeta:d2",
            "-s",
            "12",
        ],
        "",
    );
    assert_ne!(
        moves(&first),
        moves(&other),
        "another seed rolls other dice"
    );
}

#[test]
fn mcts_plays_einstein_from_its_seed() {
    let args = [
        "-g",
        "einstein",
        "--seat",
        "none",
        "-e",
        "mcts:500p",
        "-s",
        "4",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains(" wins."), "{out}");
    assert!(out.contains("playouts"), "{out}");
}

#[test]
fn a_person_plays_einstein_by_steps() {
    let args = [
        "-g",
        "einstein",
        "--seat",
        "1",
        "-e",
        "alphabeta:d2",
        "-s",
        "3",
    ];
    let (code, out, err) = run(&args, "z9\na1a1\nmoves\nquit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("player 1 rolls"), "{out}");
    assert!(out.contains("is not a cell"), "{out}");
    assert!(out.contains("is not a legal step"), "{out}");
    assert!(out.contains("Legal moves: "), "{out}");
}

#[test]
fn three_players_play_the_mnk_game_with_each_search() {
    for ai in [
        "alphabeta:d2",
        "maxn:d2",
        "best-reply:d2",
        "random",
        "mcts:300p",
    ] {
        let args = ["-g", "mnk", "--size", "4x4x3", "--seat", "none", "-e", ai];
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{ai}: {out}\n{err}");
        assert!(out.contains("Game over: "), "{ai}: {out}");
        assert!(out.contains("C ("), "{ai}: {out}");
    }
}

#[test]
fn a_person_takes_a_seat_at_the_mnk_game() {
    let args = [
        "-g",
        "mnk",
        "--players",
        "4",
        "--size",
        "5x5x4",
        "--seat",
        "1",
        "-e",
        "maxn:d1",
    ];
    let (code, out, err) = run(&args, "c3\nc3\nk1\nhint\nquit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("D (maxn) plays"), "{out}");
    assert!(out.contains("c3 is taken"), "{out}");
    assert!(out.contains("is not a cell"), "{out}");
    assert!(out.contains("Hint from maxn, best move first:"), "{out}");
    assert!(
        out.contains("(value "),
        "the search's report under the hint: {out}"
    );
}

#[test]
fn options_that_do_not_fit_the_game_are_refused() {
    let cases: [(&[&str], &str); 10] = [
        (&["-g", "mnk", "--size", "2x30x3"], "at most 26"),
        (&["-g", "ttt", "--size", "3x3"], "--size is for"),
        (&["-g", "dots", "--players", "3"], "--players is for mnk"),
        (&["-g", "dots", "--size", "3"], "--size \"3\""),
        (&["-g", "dots", "--size", "9x9"], "--size"),
        (&["-g", "kalah", "--size", "6x300"], "--size"),
        (
            &["-g", "einstein", "-e", "best-reply:d2"],
            "three or more players",
        ),
        (&["-g", "einstein", "-e", "solver:d2"], "does not play"),
        (&["-g", "einstein", "-e", "mcts:d2"], "time or playouts"),
        (&["-g", "c4", "-e", "maxn:d2"], "three or more players"),
    ];
    for (args, message) in cases {
        let mut all = args.to_vec();
        all.extend(["--seat", "none"]);
        let (code, out, err) = run(&all, "");
        assert_eq!(code, 2, "{args:?}: {out}\n{err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn perft_counts_dots_and_boxes_line_orders() {
    // Every order of distinct lines is a legal game prefix (extra turns change who draws,
    // not which lines are free): perft(d) on 24 lines is 24 · 23 · … · (24 − d + 1).
    let (code, out, err) =
        common::ply_command("perft", &["-g", "dots", "4", "--start", "5 7"], b"");
    assert_eq!(code, 0, "{out}\n{err}");
    for depth in 1..=4u64 {
        let expected: u64 = (0..depth).map(|i| 22 - i).product();
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("perft({depth:>2})")))
            .unwrap_or_else(|| panic!("no perft({depth}) in {out}"));
        let count: u64 = line
            .split('=')
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        assert_eq!(count, expected, "{line}");
    }
    let (code, _, err) = common::ply_command("perft", &["-g", "kalah", "3", "--start", "7"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("there is no pit 7"), "{err}");
}

#[test]
fn perft_counts_the_three_player_mnk_game_and_einstein_rolls() {
    // Nobody can have 4 in a row before ply 10, so every order of distinct cells counts.
    let (code, out, err) = common::ply_command("perft", &["-g", "mnk", "4"], b"");
    assert_eq!(code, 0, "{out}\n{err}");
    let counts = perft_counts(&out);
    let expected: Vec<u64> = (1..=4u64)
        .map(|d| (0..d).map(|i| 36 - i).product())
        .collect();
    assert_eq!(counts, expected, "{out}");
    // EinStein starts with a roll: six outcomes, then the moves of each roll.
    let (code, out, err) = common::ply_command("perft", &["-g", "einstein", "2"], b"");
    assert_eq!(code, 0, "{out}\n{err}");
    let counts = perft_counts(&out);
    assert_eq!(counts[0], 6, "{out}");
    let mut after_rolls = 0;
    for face in 1..=6 {
        let mut game = games::EinStein::new();
        search_core::GeneralGame::apply(&mut game, games::EinSteinMove::Roll(face));
        let mut moves = Vec::new();
        search_core::GeneralGame::moves(&game, &mut moves);
        after_rolls += moves.len() as u64;
    }
    assert_eq!(counts[1], after_rolls, "{out}");
    let (code, _, err) = common::ply_command("perft", &["-g", "mnk", "2", "--start", "a1"], b"");
    assert_eq!(code, 2, "{err}");
}

/// The counts of `ply perft`'s lines, depth 1 first.
fn perft_counts(out: &str) -> Vec<u64> {
    out.lines()
        .filter(|l| l.starts_with("perft("))
        .filter_map(|l| l.split('=').nth(1)?.split_whitespace().next()?.parse().ok())
        .collect()
}

#[test]
fn alpha_beta_plays_the_games_with_extra_turns() {
    for game in ["dots", "kalah"] {
        let args = [
            "-g",
            game,
            "--size",
            "2x2",
            "--seat",
            "none",
            "-e",
            "alphabeta:d4",
        ];
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{game}: {out}\n{err}");
        assert!(out.contains("Game over: "), "{game}: {out}");
        assert!(out.contains("depth"), "{game}: {out}");
    }
}

#[test]
fn matches_are_played_on_games_with_extra_turns() {
    for game in ["dots", "kalah"] {
        let args = [
            "-g",
            game,
            "--games",
            "2",
            "-q",
            "-e",
            "alphabeta:d3",
            "-e",
            "random",
        ];
        let (code, out, err) = common::ply_command("match", &args, b"");
        assert_eq!(code, 0, "{game}: {out}\n{err}");
        let args = [
            "-g",
            game,
            "--games",
            "2",
            "-q",
            "-e",
            "mcts:300p",
            "-e",
            "random",
        ];
        let (code, out, err) = common::ply_command("match", &args, b"");
        assert_eq!(code, 0, "{game}: {out}\n{err}");
        assert!(out.contains("results by seat"), "{game}: {out}");
    }
}
