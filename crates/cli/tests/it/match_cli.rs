//! Drives `ply match` as a user would: every game its help lists, the per-seat report of
//! the games with dice or more than two players, the note on the random openings, and
//! engines that do not fit a game, refused before any game is played.

use crate::common;

use adversarial::Solver;
use common::{ply_command, possible_values};
use games::TicTacToe;
use play::Arena;
use search_core::Game;

fn run(args: &[&str]) -> (i32, String, String) {
    ply_command("match", args, b"")
}

/// The `--size` that keeps a game small, if it takes one.
fn small(game: &str) -> Vec<&'static str> {
    match game {
        "dots" => vec!["--size", "2x2"],
        "kalah" => vec!["--size", "4x3"],
        "mnk" => vec!["--size", "4x4x3"],
        _ => Vec::new(),
    }
}

#[test]
fn every_listed_game_plays_a_match() {
    let listed = possible_values(&["match"], "--game");
    for new in ["einstein", "mnk"] {
        assert!(listed.iter().any(|g| g == new), "{listed:?}");
    }
    for game in &listed {
        for engines in [["mcts:60p", "random"], ["alphabeta:d2", "random"]] {
            let mut args = vec!["-g", game, "--games", "2", "-q"];
            args.extend(small(game));
            args.extend(["-e", engines[0], "-e", engines[1]]);
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {out}\n{err}");
            // Every game played shows in the results: A's tally, or the seats' table.
            let played = out.contains("2 games  +") || out.contains("results by seat");
            assert!(played, "{args:?}: {out}");
            assert!(out.contains("openings: each "), "{args:?}: {out}");
        }
    }
}

/// The rows of a results table: the lines after `heading` up to the next unindented line,
/// without the column names, split into the engine's name and the numbers.
fn rows(out: &str, heading: &str) -> Vec<(String, Vec<f64>)> {
    out.lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(2)
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            // "A mcts:200p 1 2 1 0 1 0.500": a letter, the engine, then numbers.
            let name = format!("{} {}", words[0], words[1]);
            let numbers = words[2..].iter().map(|w| w.parse().unwrap()).collect();
            (name, numbers)
        })
        .collect()
}

#[test]
fn a_three_player_match_reports_every_engine_in_every_seat() {
    let args = [
        "-g",
        "mnk",
        "--players",
        "3",
        "--size",
        "4x4x3",
        "--games",
        "6",
        "-q",
        "-e",
        "mcts:200p",
        "-e",
        "random",
        "-e",
        "maxn:d1",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("game 1: A B C, game 2: B C A, game 3: C A B"),
        "{out}"
    );
    let seats = rows(&out, "results by seat");
    assert_eq!(seats.len(), 9, "{out}");
    let mut reward = 0.0;
    for (name, n) in &seats {
        // Two rounds of three games: every engine in every seat twice.
        assert_eq!(n[1], 2.0, "{name}: {out}");
        assert_eq!(n[2] + n[3] + n[4], n[1], "{name}: {out}");
        reward += n[5] * n[1];
    }
    // The rewards of a game add up to 1 (a win, or a draw shared by three).
    assert!((reward - 6.0).abs() < 0.01, "{reward}: {out}");
    // At most one winner a game.
    let wins: f64 = seats.iter().map(|(_, n)| n[2]).sum();
    assert!(wins <= 6.0, "{out}");
    // The engines' totals are their seats' sums.
    let engines = rows(&out, "results by engine");
    assert_eq!(engines.len(), 3, "{out}");
    for (name, n) in &engines {
        let mine: Vec<&Vec<f64>> = seats
            .iter()
            .filter(|(s, _)| s == name)
            .map(|(_, n)| n)
            .collect();
        for column in 0..4 {
            let sum: f64 = mine.iter().map(|m| m[column + 1]).sum();
            assert_eq!(n[column], sum, "{name} column {column}: {out}");
        }
    }
    // No Elo line: that is for two engines.
    assert!(!out.contains("Elo"), "{out}");

    // Two engines in three seats: dealt A B A, then B A B.
    let args = [
        "-g",
        "mnk",
        "--size",
        "4x4x3",
        "--games",
        "4",
        "-q",
        "-e",
        "mcts:100p",
        "-e",
        "random",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("game 1: A B A, game 2: B A B"), "{out}");
    for (name, n) in rows(&out, "results by seat") {
        assert_eq!(n[1], 2.0, "{name}: {out}");
    }
}

#[test]
fn a_dice_match_reports_the_seats_and_is_reproducible() {
    let args = [
        "-g",
        "einstein",
        "--games",
        "8",
        "-q",
        "-e",
        "alphabeta:d2",
        "-e",
        "mcts:200p",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("every game of a round gets the same (the k-th roll"),
        "{out}"
    );
    let seats = rows(&out, "results by seat");
    assert_eq!(seats.len(), 4, "{out}");
    let mut wins = 0.0;
    for (name, n) in &seats {
        assert_eq!(n[1], 4.0, "{name}: {out}");
        // No draws in a race: every game has a winner and a loser.
        assert_eq!(n[3], 0.0, "{name}: {out}");
        // Rewards of 1 and -1.
        assert!((n[5] - (n[2] - n[4]) / n[1]).abs() < 1e-3, "{name}: {out}");
        wins += n[2];
    }
    assert_eq!(wins, 8.0, "{out}");
    // Two engines, two players: A's score and the Elo difference, from A's seats.
    let a_wins: f64 = seats
        .iter()
        .filter(|(s, _)| s.starts_with("A "))
        .map(|(_, n)| n[2])
        .sum();
    let elo = out
        .lines()
        .find(|l| l.contains("Elo"))
        .expect("an Elo line");
    assert!(elo.contains(&format!("8 games  +{a_wins} =0")), "{elo}");
    // The same seed plays the same games.
    let (_, again, _) = run(&args);
    assert_eq!(again, out);
}

#[test]
fn the_opening_randomisation_is_printed_before_the_results() {
    for (game, extra, note) in [
        (
            "c4",
            vec![],
            "each round starts from 2 random plies (--opening-plies; 0 for none, 2 by default)",
        ),
        (
            "ttt",
            vec![],
            "each round starts from 0 random plies (--opening-plies; 0 for none, 0 by default",
        ),
        (
            "ttt",
            vec!["--opening-plies", "3"],
            "each round starts from 3 random plies (--opening-plies; 0 for none)",
        ),
        (
            "mnk",
            vec!["--size", "4x4x3"],
            "each round starts from 2 random plies (--opening-plies; 0 for none, 2 by default)",
        ),
    ] {
        let mut args = vec!["-g", game, "--games", "2", "-q"];
        args.extend(extra);
        args.extend(["-e", "random", "-e", "random"]);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let at = out.find(note).unwrap_or_else(|| panic!("{args:?}: {out}"));
        let results = out
            .find("games  +")
            .or_else(|| out.find("results by seat"))
            .unwrap();
        assert!(at < results, "{out}");
    }
}

/// The numbers before `words` in `text`: "3 won for X" gives 3 for "won for X".
fn count_before(text: &str, words: &str) -> u32 {
    let at = text
        .find(words)
        .unwrap_or_else(|| panic!("{words:?} in {text}"));
    text[..at]
        .split_whitespace()
        .last()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn decided_openings_are_counted_as_the_solver_finds_them() {
    let (code, out, err) = run(&[
        "-g",
        "ttt",
        "--games",
        "40",
        "--opening-plies",
        "2",
        "-s",
        "3",
        "-q",
        "-e",
        "random",
        "-e",
        "random",
    ]);
    assert_eq!(code, 0, "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("already decided"))
        .unwrap_or_else(|| panic!("{out}"));
    // The same openings, from the match runner with the same seed, solved here.
    let arena = Arena::new(TicTacToe::new())
        .with_engine(search_core::RandomMover::new)
        .with_engine(search_core::RandomMover::new)
        .with_seed(3)
        .with_opening_plies(2);
    let mut solver = Solver::new().with_table_mb(1);
    let (mut x, mut o, mut drawn) = (0, 0, 0);
    for pair in 0..20 {
        let mut state = TicTacToe::new();
        for mv in arena.opening(pair).unwrap() {
            state.play(mv);
        }
        let score = solver.solve(&state).unwrap().score.unwrap();
        // X is to move after two plies.
        if score.is_win() {
            x += 1;
        } else if score.is_loss() {
            o += 1;
        } else {
            drawn += 1;
        }
    }
    assert!(x > 0, "some two-ply openings are won for X");
    assert_eq!(count_before(line, "won for X"), x, "{line}");
    assert_eq!(count_before(line, "won for O"), o, "{line}");
    assert_eq!(count_before(line, "drawn"), drawn, "{line}");
    assert_eq!(count_before(line, "not proven"), 0, "{line}");
}

#[test]
fn mcts_loses_tic_tac_toe_only_from_lost_openings() {
    // From the empty board (the default), MCTS does not lose to random moves.
    let (code, out, err) = run(&[
        "-g",
        "ttt",
        "--games",
        "50",
        "-q",
        "-e",
        "mcts:2000p",
        "-e",
        "random",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the start position is a draw"), "{out}");
    let tally = out.lines().find(|l| l.contains("Elo")).unwrap();
    assert!(tally.contains(" -0  score"), "{tally}");
    // From two random plies, every game it loses starts from a lost opening.
    let (code, out, err) = run(&[
        "-g",
        "ttt",
        "--games",
        "50",
        "--opening-plies",
        "2",
        "-q",
        "-e",
        "mcts:2000p",
        "-e",
        "random",
    ]);
    assert_eq!(code, 0, "{err}");
    let tally = out.lines().find(|l| l.contains("Elo")).unwrap();
    // "+W =D -L  score ...": the number after the minus sign.
    let losses: u32 = tally
        .split_whitespace()
        .find_map(|w| w.strip_prefix('-')?.parse().ok())
        .unwrap_or_else(|| panic!("{tally}"));
    if losses > 0 {
        let line = out
            .lines()
            .find(|l| l.starts_with("games lost from an opening"))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            line.contains(&format!("A {losses} of its {losses} losses")),
            "{line}"
        );
    }
}

/// `-e` before each engine.
fn with_engines<'a>(mut args: Vec<&'a str>, engines: &[&'a str]) -> Vec<&'a str> {
    for e in engines {
        args.extend(["-e", e]);
    }
    args
}

#[test]
fn engines_and_options_that_do_not_fit_are_refused_before_play() {
    for (args, engines, message) in [
        (
            vec!["-g", "einstein"],
            vec!["solver", "random"],
            "solver does not play EinStein",
        ),
        (
            vec!["-g", "mnk"],
            vec!["solver:1s", "random"],
            "solver does not play m,n,k-game",
        ),
        (
            vec!["-g", "c4"],
            vec!["maxn", "random"],
            "maxn is for games of three or more players",
        ),
        (
            vec!["-g", "ttt"],
            vec!["random", "best-reply"],
            "engine B (best-reply",
        ),
        (
            vec!["-g", "einstein"],
            vec!["mcts", "best-reply"],
            "three or more players",
        ),
        (
            vec!["-g", "mnk", "--players", "2"],
            vec!["best-reply", "random"],
            "three or more players",
        ),
        (
            vec!["-g", "mnk"],
            vec!["alphabeta:100p", "random"],
            "plays by depth or time",
        ),
        (
            vec!["-g", "c4"],
            vec!["mcts:d6", "random"],
            "MCTS plays by time or playouts",
        ),
        (
            vec!["-g", "c4"],
            vec!["random", "random", "random"],
            "give two engines",
        ),
        (
            vec!["-g", "mnk", "--players", "3"],
            vec!["random", "random", "random", "random"],
            "give 2 to 3 engines",
        ),
        (
            vec!["-g", "c4"],
            vec!["random"],
            "a match needs two engines or more",
        ),
        (
            vec!["-g", "ttt", "--size", "3x3"],
            vec!["random", "random"],
            "--size is for",
        ),
        (
            vec!["-g", "c4", "--players", "3"],
            vec!["random", "random"],
            "--players is for",
        ),
        (
            vec!["-g", "einstein", "--start", "b2c3"],
            vec!["random", "random"],
            "--start is not available",
        ),
        (
            vec!["-g", "ttt", "--start", "xxx oo. ..."],
            vec!["random", "random"],
            "already over",
        ),
        (vec!["-g", "c4"], vec!["chess", "random"], "unknown engine"),
        (
            vec!["-g", "c4"],
            vec!["ismcts", "random"],
            "ismcts does not play these games",
        ),
    ] {
        let args = with_engines(args, &engines);
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}\n{err}");
        assert!(out.is_empty(), "{args:?}: nothing is played: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn a_match_on_the_clock_reports_the_time_losses() {
    let (code, out, err) = run(&[
        "-g",
        "c4",
        "--games",
        "2",
        "--clock",
        "1+0.01",
        "-q",
        "-e",
        "alphabeta",
        "-e",
        "mcts",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("clock 1s+10ms: each side starts each game with 1s"),
        "{out}"
    );
    assert!(out.contains("A alphabeta vs B mcts"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("lost on time: "))
        .expect(&out);
    let counts: Vec<u32> = line
        .trim_start_matches("lost on time: ")
        .split(", ")
        .map(|w| w.split_once(' ').unwrap().1.parse().unwrap())
        .collect();
    assert!(counts.iter().sum::<u32>() <= 2, "{out}");
    assert!(out.contains("2 games  +"), "{out}");
}

#[test]
fn a_clock_too_short_to_think_loses_on_time() {
    // 1 ms on the clock: alpha-beta searches the whole millisecond it is given (Connect
    // Four is not solved in that time), so its flag falls on its first move; random moves
    // take microseconds.
    let (code, out, err) = run(&[
        "-g",
        "c4",
        "--games",
        "2",
        "--clock",
        "0.001",
        "-q",
        "-e",
        "alphabeta",
        "-e",
        "random",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("lost on time: A 2, B 0"), "{out}");
    assert!(out.contains("+0 =0 -2"), "{out}");
}

#[test]
fn bad_clocks_are_refused_with_help() {
    for (clock, says) in [
        ("60+x", "as in 60+1 or 10+0.1"),
        ("0+1", "at least 1ms"),
        ("60+", "as in 60+1"),
        ("60+2h", "at most 1h"),
        ("1,5", "write the base time in seconds"),
    ] {
        let (code, out, err) = run(&["--clock", clock, "-e", "random", "-e", "random"]);
        assert_ne!(code, 0, "{clock}: {out}");
        assert!(err.contains(says), "{clock}: {err}");
    }
    let (code, _, err) = run(&[
        "-g", "einstein", "--clock", "10+0.1", "-e", "random", "-e", "random",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--clock and --ponder are for the two-player games"),
        "{err}"
    );
}

#[test]
fn pondering_engines_play_and_are_named() {
    for (engines, heading, ponders) in [
        (
            ["mcts", "random"],
            "A mcts pondering, B random,",
            [true, false],
        ),
        (
            ["alphabeta", "mcts"],
            "A alphabeta pondering, B mcts pondering,",
            [true, true],
        ),
    ] {
        let args = with_engines(
            vec![
                "-g", "c4", "--games", "2", "--clock", "1+0.01", "--ponder", "-q",
            ],
            &engines,
        );
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {out}\n{err}");
        assert!(out.contains(heading), "{args:?}: {out}");
        assert!(
            out.contains("2 games  +") && out.contains("lost on time: "),
            "{out}"
        );
        // Each pondering engine says how often it guessed the reply.
        for (letter, ponders) in [("A", ponders[0]), ("B", ponders[1])] {
            let line = format!("{letter}'s ponder hits: ");
            assert_eq!(out.contains(&line), ponders, "{args:?}: {out}");
        }
    }
    // Without a clock too, each engine thinking its own time per move.
    let (code, out, err) = run(&[
        "-g",
        "ttt",
        "--games",
        "2",
        "--ponder",
        "-q",
        "-e",
        "alphabeta:10ms",
        "-e",
        "mcts:10ms",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("2 games  +"), "{out}");
}

#[test]
fn pondering_is_refused_where_it_does_nothing() {
    let (code, _, err) = run(&[
        "--ponder", "a", "--games", "2", "-e", "solver", "-e", "random",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("engine A (solver:100ms) does not ponder"),
        "{err}"
    );
    let (code, _, err) = run(&["-g", "mnk", "--ponder", "-e", "mcts", "-e", "mcts"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--clock and --ponder are for the two-player games"),
        "{err}"
    );
}
