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
    let (code, out, err) = run(&["--game", "ttt", "--depth", "4"], input);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("--first: human (the default"), "{out}");
    assert!(out.contains("\"four\" is not a number"), "{out}");
    assert!(
        out.contains("there is no cell 42: cells are numbered 1 to 9"),
        "{out}"
    );
    assert!(out.contains("cell 5 is already taken"), "{out}");
    assert!(
        out.contains("1 2 3") && out.contains("7 8 9"),
        "the board shows the numbers to type: {out}"
    );
    assert!(out.contains("AI (O) plays cell"), "{out}");
    // Depth 4 never loses at tic-tac-toe: the game ends in a draw or an AI win, or input ends.
    assert!(!out.contains("you win"), "{out}");
}

#[test]
fn defaults_are_announced_when_nothing_is_given() {
    let (code, out, err) = run(&[], "quit\n");
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("--game: c4 (the default"), "{out}");
    assert!(
        out.contains("AI strength (--time, --depth or --playouts): 500ms"),
        "{out}"
    );
    assert!(out.contains("Connect Four"), "{out}");
    assert!(out.contains("Goodbye"), "{out}");
}

#[test]
fn several_moves_on_one_line_are_played_in_turn() {
    // The example of `ply play --help`.
    let (code, out, err) = run(
        &["--game", "c4", "--first", "human", "--depth", "6"],
        "4 4 4 4\n",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(out.matches("AI (O) plays column").count(), 4, "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn end_of_input_ends_cleanly() {
    let (code, out, err) = run(&["--game", "c4", "--first", "human", "--depth", "4"], "4\n");
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
        "--game", "c4", "--start", "444444", "--first", "human", "--depth", "2",
    ];
    let (code, out, err) = run(&args, "4\n1\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("column 4 is full"), "{out}");
    assert!(out.contains("AI (O) plays column"), "{out}");
    assert!(out.contains("Goodbye"), "{out}");
    assert!(out.contains("  1 2 3 4 5 6 7"), "{out}");
}

#[test]
fn a_start_position_that_is_not_legal_is_refused() {
    let (code, _, err) = run(&["--game", "c4", "--start", "4444444"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 4, which is full"), "{err}");
    let (code, _, err) = run(&["--game", "c4", "--start", "1212121"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("over"), "{err}");
}

#[test]
fn ai_against_ai_draws_tictactoe() {
    let (code, out, err) = run(&["--game", "ttt", "--ai-vs-ai", "--depth", "9"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.trim_end().ends_with("Draw."), "{out}");
    // Alpha-beta's values are numbers; it does not call a 0 a draw.
    assert!(out.contains("score 0"), "{out}");
    assert!(!out.contains("score draw"), "{out}");
}

#[test]
fn ai_against_ai_finishes_connect_four_with_a_time_budget() {
    let (code, out, err) = run(&["--game", "c4", "--ai-vs-ai", "--time", "20"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wins") || out.contains("Draw."), "{out}");
}

#[test]
fn bad_arguments_are_reported() {
    let (code, _, err) = run(&["--depth", "zero"], "");
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'zero' for '--depth"), "{err}");
    let (code, _, err) = run(&["--depth", "65"], "");
    assert_eq!(code, 2);
    assert!(err.contains("65 is not in 1..=64"), "{err}");
    let (code, _, err) = run(&["--frobnicate"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '--frobnicate'"), "{err}");
    let (code, _, err) = run(&["--depth", "4", "--time", "100"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn mcts_against_alpha_beta_draws_tictactoe() {
    let args = [
        "--game",
        "ttt",
        "--ai-vs-ai",
        "--ai-x",
        "mcts",
        "--ai-o",
        "negamax",
        "--time",
        "30",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.trim_end().ends_with("Draw."), "{out}");
    assert!(out.contains("playouts"), "MCTS reports its search: {out}");
    assert!(out.contains("nodes"), "negamax reports its search: {out}");
}

#[test]
fn a_human_plays_mcts_by_playouts() {
    let (code, out, err) = run(
        &[
            "--game",
            "c4",
            "--first",
            "human",
            "--ai",
            "mcts",
            "--playouts",
            "3000",
        ],
        "4\n4\n4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("AI (O) plays column"), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn a_budget_the_ai_cannot_use_is_explained() {
    let (code, _, err) = run(&["--game", "c4", "--ai", "mcts", "--depth", "6"], "");
    assert_ne!(code, 0);
    assert!(err.contains("MCTS plays by time or playouts"), "{err}");
    let (code, _, err) = run(
        &[
            "--game",
            "c4",
            "--ai",
            "negamax",
            "--playouts",
            "100",
            "--first",
            "ai",
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("alpha-beta plays by depth or time"), "{err}");
}

#[test]
fn reversi_reprompts_with_the_legal_moves() {
    let args = ["--game", "reversi", "--first", "human", "--ai", "random"];
    // Random moves need no strength: ply does not ask for one.
    let (code, out, err) = run(&args, "zz\ng9\nc3\nmoves\nc2\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("'z' is not a column"), "{out}");
    assert!(
        out.contains("c3 is not legal here; legal moves: c2 b3 e4 d5"),
        "{out}"
    );
    assert!(out.contains("legal moves: c2 b3 e4 d5\n"), "{out}");
    assert!(
        out.contains("X 4 - O 1, O to move"),
        "c2 flips one disc: {out}"
    );
    assert!(out.contains("AI (O) plays "), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn reversi_start_positions_are_moves_from_the_start() {
    let args = [
        "--game",
        "reversi",
        "--ai-vs-ai",
        "--depth",
        "2",
        "--start",
        "c2 b2",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("X 3 - O 3, X to move"), "{out}");
    assert!(out.contains("wins") || out.contains("Draw."), "{out}");
    let (code, _, err) = run(&["--game", "reversi", "--start", "c2 c2"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("move 2 (\"c2\"): c2 is not legal here"),
        "{err}"
    );
}

#[test]
fn hint_lists_every_move_best_first_from_each_engine() {
    // X (to move, the human) wins at once in column 4; every engine's hint says so first.
    for engine in [
        &["--ai", "alphabeta", "--depth", "4"][..],
        &["--ai", "solver", "--time", "5s"],
        &["--ai", "mcts", "--playouts", "2000"],
    ] {
        let mut args = vec!["--game", "c4", "--start", "112233", "--first", "human"];
        args.extend_from_slice(engine);
        let (code, out, err) = run(&args, "hint\n4\n");
        assert_eq!(code, 0, "{engine:?}: {out}\n{err}");
        assert!(!err.contains("panicked"), "{err}");
        let hint: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.contains("The AI's view, best move first:"))
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
        assert!(out.contains("wins: you win"), "{engine:?}: {out}");
    }
}

#[test]
fn the_solver_plays_alpha_betas_move_when_its_time_runs_out() {
    // The empty Connect Four board is not proven in 75 ms: the solver says so, alpha-beta
    // chooses the move in the rest of the time, and the game goes on.
    let (code, out, err) = run(
        &[
            "--game", "c4", "--first", "ai", "--ai", "solver", "--time", "100ms",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("AI (X) plays column"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("not proven in 75ms"), "{line}");
    assert!(line.contains("alpha-beta's choice"), "{line}");
    // A position the solver proves at once is played as proven.
    let (code, out, err) = run(
        &[
            "--game", "c4", "--start", "445566", "--first", "ai", "--ai", "solver", "--time", "1s",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("AI (X) plays column 3: proved win in 1"),
        "{out}"
    );
    assert!(out.contains("X (first player) wins: the AI wins."), "{out}");
}

#[test]
fn margin_solvers_finish_their_games_whatever_their_time() {
    // Kalah(6, 4) is far from proven in 20 ms a move: every move still gets played.
    let (code, out, err) = run(
        &[
            "--game",
            "kalah",
            "--ai-vs-ai",
            "--ai",
            "solver",
            "--time",
            "20ms",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("margin not proven in 15ms"), "{out}");
    assert!(out.contains("wins") || out.contains("Draw."), "{out}");
}

/// The AI's lines: "AI (O) plays ...".
fn ai_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.find("AI (").map(|i| &l[i..]))
        .filter(|l| l.contains(") plays "))
        .collect()
}

#[test]
fn with_ponder_the_ai_thinks_while_the_human_types() {
    // Lines arrive one by one, with a pause between them, as a person types; a hint in
    // the middle stops the pondering to answer.
    let lines = ["4", "4", "hint", "3", "5", "quit"];
    for ai in ["alphabeta", "mcts"] {
        let args = [
            "play", "--game", "c4", "--first", "human", "--ai", ai, "--time", "50ms", "--ponder",
        ];
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
        assert!(
            out.contains("The AI's view, best move first"),
            "{ai}: {out}"
        );
        let moves = ai_lines(&out);
        assert_eq!(moves.len(), 4, "{ai}: {out}");
        // The first move had nothing to ponder on, nor the move after the hint (which
        // stopped the pondering); the others say how it went.
        for (k, line) in moves.iter().enumerate() {
            let pondered = line.contains("ponder hit") || line.contains("ponder miss");
            assert_eq!(pondered, k == 1 || k == 3, "{ai}: move {k}: {out}");
        }
        // Without --ponder, nothing of the kind.
        let (code, plain, err) = run(
            &[
                "--game", "c4", "--first", "human", "--ai", ai, "--time", "20ms",
            ],
            "4\n4\nquit\n",
        );
        assert_eq!(code, 0, "{plain}\n{err}");
        assert!(!plain.contains("ponder"), "{ai}: {plain}");
    }
}

#[test]
fn ponder_is_refused_where_it_cannot_work() {
    let (code, out, err) = run(&["--game", "einstein", "--ponder", "--ai-vs-ai"], "");
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("--ponder is for the two-player games"),
        "{err}"
    );
}
