//! Drives `ply play` through a pipe: prompts, typing errors, end of input, AI vs AI.

use crate::common;

/// Runs `ply play ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    common::ply_command("play", args, input.as_bytes())
}

#[test]
fn piped_input_holds_moves_only_and_rejects_typing_errors() {
    // Not a terminal: no setup questions, the defaults are announced, every line is a move.
    let input = "four\n42\n5\n5\n1\n2\n3\n4\n6\n7\n8\n9\n";
    let (code, out, err) = run(&["-g", "ttt", "-e", "alphabeta:d4"], input);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("--seat: 1 (the default"), "{out}");
    assert!(
        out.contains("\"four\" is not a move: type a cell 1-9"),
        "{out}"
    );
    assert!(
        out.contains("there is no cell 42: cells are numbered 1 to 9"),
        "{out}"
    );
    assert!(out.contains("cell 5 is already taken"), "{out}");
    assert!(
        out.contains("1 2 3") && out.contains("7 8 9"),
        "the board shows the numbers to type: {out}"
    );
    assert!(out.contains("O (alphabeta) plays "), "{out}");
    // Depth 4 never loses at tic-tac-toe: the game ends in a draw or an AI win, or input ends.
    assert!(!out.contains("You win"), "{out}");
}

#[test]
fn defaults_are_announced_when_nothing_is_given() {
    let (code, out, err) = run(&[], "quit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("--game: c4 (the default"), "{out}");
    assert!(
        out.contains("--engine: alphabeta:500ms (the default"),
        "{out}"
    );
    assert!(out.contains("Connect Four"), "{out}");
    assert!(out.contains("Goodbye"), "{out}");
}

#[test]
fn several_moves_on_one_line_are_played_in_turn() {
    // The example of `ply play --help`.
    let (code, out, err) = run(
        &["-g", "c4", "--seat", "1", "-e", "alphabeta:d6"],
        "4 4 4 4\n",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(out.matches("O (alphabeta) plays ").count(), 4, "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn end_of_input_ends_cleanly() {
    let (code, out, err) = run(&["-g", "c4", "--seat", "1", "-e", "alphabeta:d4"], "4\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Input ended"), "{out}");
    let (code, _, err) = run(&[], "");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn full_columns_are_refused() {
    // Column 4 is full in the start position; the human (X, to move) tries it, is told,
    // then plays column 1, and the AI answers.
    let args = [
        "-g",
        "c4",
        "--start",
        "444444",
        "--seat",
        "1",
        "-e",
        "alphabeta:d2",
    ];
    let (code, out, err) = run(&args, "4\n1\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("column 4 is full"), "{out}");
    assert!(out.contains("O (alphabeta) plays "), "{out}");
    assert!(out.contains("Goodbye"), "{out}");
    assert!(out.contains("  1 2 3 4 5 6 7"), "{out}");
}

#[test]
fn a_start_position_that_is_not_legal_is_refused() {
    let (code, _, err) = run(&["-g", "c4", "--start", "4444444"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 4, which is full"), "{err}");
    let (code, _, err) = run(&["-g", "c4", "--start", "1212121"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("over"), "{err}");
}

#[test]
fn ai_against_ai_draws_tictactoe() {
    let (code, out, err) = run(&["-g", "ttt", "--seat", "none", "-e", "alphabeta:d9"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.trim_end().ends_with("Game over: draw."), "{out}");
    // Alpha-beta's values are numbers, for a named side; it does not call a 0 a draw.
    assert!(out.contains("score 0 for X"), "{out}");
    assert!(!out.contains("score draw"), "{out}");
}

#[test]
fn ai_against_ai_finishes_connect_four_with_a_time_budget() {
    let (code, out, err) = run(&["-g", "c4", "--seat", "none", "-e", "alphabeta:20ms"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Game over: "), "{out}");
}

#[test]
fn bad_arguments_are_reported() {
    let (code, _, err) = run(&["-e", "alphabeta:dzero"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("invalid value 'alphabeta:dzero' for '--engine"),
        "{err}"
    );
    let (code, _, err) = run(&["-e", "alphabeta:d65"], "");
    assert_eq!(code, 2);
    assert!(err.contains("the depth must be between 1 and 64"), "{err}");
    let (code, _, err) = run(&["--frobnicate"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '--frobnicate'"), "{err}");
    let (code, _, err) = run(&["-e", "chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown engine \"chess\""), "{err}");
    let (code, _, err) = run(&["--seat", "5"], "");
    assert_eq!(code, 2);
    assert!(err.contains("seats are numbered from 1"), "{err}");
}

#[test]
fn mcts_against_alpha_beta_draws_tictactoe() {
    let args = [
        "-g",
        "ttt",
        "--seat",
        "none",
        "-e",
        "mcts:30ms",
        "-e",
        "negamax:30ms",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.trim_end().ends_with("Game over: draw."), "{out}");
    assert!(out.contains("playouts"), "MCTS reports its search: {out}");
    assert!(out.contains("nodes"), "negamax reports its search: {out}");
}

#[test]
fn a_human_plays_mcts_by_playouts() {
    let (code, out, err) = run(
        &["-g", "c4", "--seat", "1", "-e", "mcts:3000p"],
        "4\n4\n4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("O (mcts) plays "), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn a_budget_the_ai_cannot_use_is_explained() {
    let (code, _, err) = run(&["-g", "c4", "-e", "mcts:d6"], "");
    assert_ne!(code, 0);
    assert!(err.contains("MCTS plays by time or playouts"), "{err}");
    let (code, _, err) = run(&["-g", "c4", "-e", "negamax:100p", "--seat", "2"], "");
    assert_ne!(code, 0);
    assert!(err.contains("alpha-beta plays by depth or time"), "{err}");
}

#[test]
fn reversi_reprompts_with_the_legal_moves() {
    let args = ["-g", "reversi", "--seat", "1", "-e", "random"];
    // Random moves need no strength.
    let (code, out, err) = run(&args, "zz\ng9\nc3\nmoves\nc2\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("'z' is not a column"), "{out}");
    assert!(
        out.contains("c3 is not legal here; legal moves: c2 b3 e4 d5"),
        "{out}"
    );
    assert!(out.contains("Legal moves: c2 b3 e4 d5\n"), "{out}");
    assert!(
        out.contains("X 4 - O 1, O to move"),
        "c2 flips one disc: {out}"
    );
    assert!(out.contains("O (random) plays "), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn reversi_start_positions_are_moves_from_the_start() {
    let args = [
        "-g",
        "reversi",
        "--seat",
        "none",
        "-e",
        "alphabeta:d2",
        "--start",
        "c2 b2",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("X 3 - O 3, X to move"), "{out}");
    assert!(out.contains("Game over: "), "{out}");
    let (code, _, err) = run(&["-g", "reversi", "--start", "c2 c2"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("move 2 (\"c2\"): c2 is not legal here"),
        "{err}"
    );
}

#[test]
fn hint_lists_every_move_best_first_from_each_engine() {
    // X (to move, the human) wins at once in column 4; every engine's hint says so first.
    for engine in ["alphabeta:d4", "solver:5s", "mcts:2000p"] {
        let args = ["-g", "c4", "--start", "112233", "--seat", "1", "-e", engine];
        let (code, out, err) = run(&args, "hint\n4\n");
        assert_eq!(code, 0, "{engine:?}: {out}\n{err}");
        assert!(!err.contains("panicked"), "{err}");
        let hint: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.contains(", best move first:"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .collect();
        assert_eq!(hint.len(), 7, "{engine:?}: {out}");
        let first = hint[0].trim();
        assert!(first.starts_with("4: "), "{engine:?}: {first}");
        assert!(
            first.contains("win in 1") || first.contains("proven win"),
            "{engine:?}: {first}"
        );
        assert!(out.contains("You win."), "{engine:?}: {out}");
    }
}

#[test]
fn the_solver_plays_alpha_betas_move_when_its_time_runs_out() {
    // The empty Connect Four board is not proven in 75 ms: the solver says so, alpha-beta
    // chooses the move in the rest of the time, and the game goes on.
    let (code, out, err) = run(&["-g", "c4", "--seat", "2", "-e", "solver:100ms"], "");
    assert_eq!(code, 0, "{out}\n{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("X (solver) plays "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("not proven in 75ms"), "{line}");
    assert!(line.contains("alpha-beta's choice"), "{line}");
    // A position the solver proves at once is played as proven.
    let (code, out, err) = run(
        &[
            "-g",
            "c4",
            "--start",
            "445566",
            "--seat",
            "2",
            "-e",
            "solver:1s",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("X (solver) plays 3: proved win in 1 for X"),
        "{out}"
    );
    assert!(out.contains("Game over: X wins.\nYou lose."), "{out}");
}

#[test]
fn margin_solvers_finish_their_games_whatever_their_time() {
    // Kalah(6, 4) is far from proven in 20 ms a move: every move still gets played.
    let (code, out, err) = run(&["-g", "kalah", "--seat", "none", "-e", "solver:20ms"], "");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("margin not proven in 15ms"), "{out}");
    assert!(out.contains("Game over: "), "{out}");
}

/// The AI's lines: "O (mcts) plays ...".
fn ai_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.find("O (").map(|i| &l[i..]))
        .filter(|l| l.contains(") plays "))
        .collect()
}

#[test]
fn with_ponder_the_ai_thinks_while_the_human_types() {
    // Lines arrive one by one, with a pause between them, as a person types; a hint in
    // the middle stops the pondering to answer.
    let lines = ["4", "4", "hint", "3", "5", "quit"];
    for ai in ["alphabeta", "mcts"] {
        let engine = format!("{ai}:50ms");
        let args = ["play", "-g", "c4", "--seat", "1", "-e", &engine, "--ponder"];
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let typist = std::thread::spawn(move || {
            use std::io::Write;
            for line in lines {
                std::thread::sleep(std::time::Duration::from_millis(150));
                if writeln!(stdin, "{line}").is_err() {
                    break;
                }
            }
        });
        let output = child.wait_with_output().unwrap();
        typist.join().unwrap();
        let out = String::from_utf8_lossy(&output.stdout);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{ai}: {out}\n{err}");
        assert!(out.contains(", best move first"), "{ai}: {out}");
        let moves = ai_lines(&out);
        assert_eq!(moves.len(), 4, "{ai}: {out}");
        // The first move had nothing to ponder on, nor the move after the hint (which
        // stopped the pondering); the others say how it went.
        for (k, line) in moves.iter().enumerate() {
            let pondered = line.contains("ponder hit") || line.contains("ponder miss");
            assert_eq!(pondered, k == 1 || k == 3, "{ai}: move {k}: {out}");
        }
        // Without --ponder, nothing of the kind.
        let engine = format!("{ai}:20ms");
        let (code, plain, err) = run(&["-g", "c4", "--seat", "1", "-e", &engine], "4\n4\nquit\n");
        assert_eq!(code, 0, "{plain}\n{err}");
        assert!(!plain.contains("ponder"), "{ai}: {plain}");
    }
}

#[test]
fn ponder_is_refused_where_it_cannot_work() {
    let (code, out, err) = run(&["-g", "einstein", "--ponder", "--seat", "none"], "");
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("--ponder is for the two-player games"),
        "{err}"
    );
}
