//! `ply`'s one grammar: the same spelling of a game, an engine and its strength works in
//! every command that takes it; every alias of a game is listed in the help; the old
//! spellings still work, printing a one-line notice of their new form; and every example of
//! the help runs in an empty directory.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::ply;

/// Runs `ply ARGS` in `dir` with `input`: (exit code, stdout, stderr).
fn ply_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("start ply");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "ply panicked: {err}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        err,
    )
}

/// A fresh empty directory.
fn empty_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-grammar-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn one_game_spelling_works_in_every_command() {
    let dir = empty_dir("games");
    for game in ["c4", "connect4", "connect-four"] {
        let book = format!("{game}.book");
        for args in [
            vec![
                "play", "-g", game, "--seat", "none", "-e", "random", "-s", "3",
            ],
            vec![
                "match", "-g", game, "--games", "2", "-q", "-e", "random", "-e", "random",
            ],
            vec!["tree", "-g", game, "-e", "mcts:50p", "-o", "-"],
            vec!["perft", "-g", game, "2"],
            vec!["solve", "-g", game, "4455"],
            vec![
                "book",
                "build",
                "-g",
                game,
                "--start",
                "274552224131661",
                "--depth",
                "2",
                "-q",
                "-o",
                &book,
            ],
            vec!["book", "info", "-g", game, &book],
        ] {
            let (code, out, err) = ply_in(&dir, &args);
            assert_eq!(code, 0, "{args:?}: {out}\n{err}");
            assert!(
                !err.contains("is now written"),
                "{args:?}: a new spelling: {err}"
            );
        }
    }
    for game in ["kuhn", "liars-dice", "liars"] {
        for args in [
            vec!["cards", "-g", game, "--hands", "1", "-e", "random"],
            vec![
                "cards-match",
                "-g",
                game,
                "--games",
                "2",
                "-q",
                "-e",
                "random",
                "-e",
                "random",
            ],
        ] {
            let (code, out, err) = ply_in(&dir, &args);
            assert_eq!(code, 0, "{args:?}: {out}\n{err}");
        }
    }
    let (code, out, err) = ply_in(&dir, &["equilibrium", "-g", "kuhn", "--iterations", "10"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("values (player 1, player 2): "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_engine_and_strength_spelling_works_in_every_command() {
    for engine in ["mcts:200p", "alphabeta:d2", "alphabeta:20ms", "mcts:20ms"] {
        for args in [
            vec!["play", "-g", "ttt", "--seat", "none", "-e", engine],
            vec![
                "match", "-g", "ttt", "--games", "2", "-q", "-e", engine, "-e", "random",
            ],
            vec!["tree", "-g", "ttt", "-e", engine, "-o", "-"],
        ] {
            let (code, out, err) = ply(&args, b"");
            // tree draws MCTS by playouts and alpha-beta by depth: a time is refused, and
            // says why.
            if args[0] == "tree" && engine.ends_with("ms") {
                assert_eq!(code, 2, "{args:?}: {out}\n{err}");
                assert!(err.contains("draws its tree by"), "{args:?}: {err}");
                continue;
            }
            assert_eq!(code, 0, "{args:?}: {out}\n{err}");
        }
    }
    for engine in ["ismcts:100p", "determinized:100p", "random", "cfr:50p"] {
        for args in [
            vec!["cards", "-g", "kuhn", "--hands", "1", "-e", engine],
            vec![
                "cards-match",
                "-g",
                "kuhn",
                "--games",
                "2",
                "-q",
                "-e",
                engine,
                "-e",
                "random",
            ],
        ] {
            let (code, out, err) = ply(&args, b"");
            assert_eq!(code, 0, "{args:?}: {out}\n{err}");
        }
    }
    // A strength an engine cannot use is refused in every command, the same way.
    for args in [
        vec!["play", "-g", "c4", "-e", "mcts:d4"],
        vec!["match", "-g", "c4", "-e", "mcts:d4", "-e", "random"],
        vec!["cards", "-g", "kuhn", "-e", "ismcts:d4"],
        vec![
            "cards-match",
            "-g",
            "kuhn",
            "-e",
            "ismcts:d4",
            "-e",
            "random",
        ],
    ] {
        let (code, _, err) = ply(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("plays by"), "{args:?}: {err}");
    }
}

#[test]
fn every_alias_of_a_game_is_listed_in_the_help() {
    for command in [
        &["play"][..],
        &["match"],
        &["tree"],
        &["perft"],
        &["book", "build"],
    ] {
        let mut args = command.to_vec();
        args.push("--help");
        let (code, help, err) = ply(&args, b"");
        assert_eq!(code, 0, "{err}");
        for alias in [
            "connect4",
            "connect-four",
            "tictactoe",
            "othello",
            "dots-and-boxes",
            "mancala",
        ] {
            assert!(
                help.contains(alias),
                "{command:?} --help lists no {alias}: {help}"
            );
        }
    }
    let (_, help, _) = ply(&["--help"], b"");
    assert!(
        help.contains("docs/cli.md") || help.contains("-g GAME"),
        "{help}"
    );
}

/// The old spellings, each with its new form: the same seeded game either way, and the
/// old one says what it is now.
#[test]
fn old_spellings_print_their_notice_and_still_work() {
    let same = [
        (
            vec!["play", "--game", "ttt", "--ai-vs-ai", "--depth", "2"],
            vec!["play", "-g", "ttt", "--seat", "none", "-e", "alphabeta:d2"],
        ),
        (
            vec![
                "play",
                "--game",
                "c4",
                "--first",
                "ai",
                "--ai",
                "mcts",
                "--playouts",
                "100",
            ],
            vec!["play", "-g", "c4", "--seat", "2", "-e", "mcts:100p"],
        ),
        (
            vec![
                "play",
                "-g",
                "ttt",
                "--ai-vs-ai",
                "--ai-x",
                "random",
                "--ai-o",
                "alphabeta",
                "--depth",
                "3",
            ],
            vec![
                "play",
                "-g",
                "ttt",
                "--seat",
                "none",
                "-e",
                "random",
                "-e",
                "alphabeta:d3",
            ],
        ),
        (
            vec![
                "match",
                "--game",
                "ttt",
                "--games",
                "4",
                "-q",
                "mcts:100p",
                "alphabeta:2",
            ],
            vec![
                "match",
                "-g",
                "ttt",
                "--games",
                "4",
                "-q",
                "-e",
                "mcts:100p",
                "-e",
                "alphabeta:d2",
            ],
        ),
        (
            vec![
                "cards",
                "--game",
                "kuhn",
                "--hands",
                "2",
                "--ai",
                "ismcts",
                "--playouts",
                "100",
            ],
            vec!["cards", "-g", "kuhn", "--hands", "2", "-e", "ismcts:100p"],
        ),
        (
            vec![
                "cards",
                "-g",
                "liars-dice",
                "--hands",
                "1",
                "--dice",
                "2",
                "-e",
                "random",
            ],
            vec![
                "cards",
                "-g",
                "liars-dice",
                "--hands",
                "1",
                "--size",
                "2",
                "-e",
                "random",
            ],
        ),
        (
            vec![
                "cards-match",
                "-g",
                "kuhn",
                "--games",
                "4",
                "-q",
                "--cfr-iterations",
                "30",
                "cfr",
                "random",
            ],
            vec![
                "cards-match",
                "-g",
                "kuhn",
                "--games",
                "4",
                "-q",
                "-e",
                "cfr:30p",
                "-e",
                "random",
            ],
        ),
        (
            vec![
                "tree",
                "-g",
                "ttt",
                "--engine",
                "alphabeta",
                "--depth",
                "2",
                "--dot",
                "-",
            ],
            vec!["tree", "-g", "ttt", "-e", "alphabeta:d2", "-o", "-"],
        ),
        (
            vec!["perft", "connect4", "3"],
            vec!["perft", "-g", "c4", "3"],
        ),
        (
            vec![
                "equilibrium",
                "kuhn",
                "--iterations",
                "20",
                "--list",
                "--player",
                "0",
            ],
            vec![
                "equilibrium",
                "-g",
                "kuhn",
                "--iterations",
                "20",
                "--list",
                "--seat",
                "1",
            ],
        ),
        (
            vec![
                "equilibrium",
                "-g",
                "goofspiel",
                "--cards",
                "2",
                "--iterations",
                "5",
            ],
            vec![
                "equilibrium",
                "-g",
                "goofspiel",
                "--size",
                "2",
                "--iterations",
                "5",
            ],
        ),
    ];
    for (old, new) in same {
        let (code, old_out, old_err) = ply(&old, b"");
        assert_eq!(code, 0, "{old:?}: {old_out}\n{old_err}");
        let notices: Vec<&str> = old_err
            .lines()
            .filter(|l| l.contains("is now written"))
            .collect();
        assert!(!notices.is_empty(), "{old:?}: no notice: {old_err}");
        assert!(
            notices.iter().all(|l| l.starts_with("ply: note: `")),
            "{old_err}"
        );
        let (code, new_out, new_err) = ply(&new, b"");
        assert_eq!(code, 0, "{new:?}: {new_out}\n{new_err}");
        assert!(!new_err.contains("is now written"), "{new:?}: {new_err}");
        // The timings of a solve or a search differ from run to run; the rest is the same.
        let steady = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| !l.contains(" s") && !l.contains("/s") && !l.contains("perft("))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(steady(&old_out), steady(&new_out), "{old:?} and {new:?}");
    }
    // The old book and picture spellings write the same files.
    let dir = empty_dir("old-files");
    let (code, _, err) = ply_in(
        &dir,
        &[
            "book", "build", "--game", "ttt", "--depth", "9", "--out", "old.book",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`--out old.book` is now written `-o old.book`"),
        "{err}"
    );
    let (code, _, err) = ply_in(
        &dir,
        &[
            "book", "build", "-g", "ttt", "--depth", "9", "-q", "-o", "new.book",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(dir.join("old.book")).unwrap(),
        std::fs::read(dir.join("new.book")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_says_which_game_it_is_for() {
    let dir = empty_dir("book-info");
    let (code, _, err) = ply_in(
        &dir,
        &[
            "book",
            "build",
            "-g",
            "dots",
            "--size",
            "2x2",
            "--depth",
            "3",
            "-q",
            "-o",
            "dots.book",
        ],
    );
    assert_eq!(code, 0, "{err}");
    // Without --game, the book's own game; with --game and no --size, any board of it.
    for args in [
        vec!["book", "info", "dots.book"],
        vec!["book", "info", "-g", "dots", "dots.book"],
        vec!["book", "info", "-g", "dots", "--size", "2x2", "dots.book"],
    ] {
        let (code, out, err) = ply_in(&dir, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            out.starts_with("game dots-2x2, depth 3, "),
            "{args:?}: {out}"
        );
        assert!(out.contains("not by how many boxes"), "{out}");
    }
    for (args, says) in [
        (
            vec!["book", "info", "-g", "dots", "--size", "3x3", "dots.book"],
            "not `dots-3x3`",
        ),
        (
            vec!["book", "info", "-g", "c4", "dots.book"],
            "not `connect4`",
        ),
    ] {
        let (code, _, err) = ply_in(&dir, &args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `Examples:` lines of `ply --help` and of every command's help (and subcommand's).
fn help_examples() -> Vec<String> {
    let mut examples = Vec::new();
    let mut pending = vec![Vec::<String>::new()];
    while let Some(path) = pending.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (_, help, _) = ply(&args, b"");
        examples.extend(
            help.lines()
                .skip_while(|l| l.trim() != "Examples:")
                .skip(1)
                .take_while(|l| !l.trim().is_empty())
                .map(|l| l.trim().to_string()),
        );
        let commands = help
            .lines()
            .skip_while(|l| l.trim() != "Commands:")
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|name| *name != "help")
            .map(str::to_string)
            .collect::<Vec<_>>();
        for name in commands.into_iter().rev() {
            let mut sub = path.clone();
            sub.push(name);
            pending.push(sub);
        }
    }
    examples
}

/// Every example of the help runs where a person who installed ply would type it: an
/// empty directory, with nothing of the repository's beside it (the examples that read
/// `data/` find it beside the source ply was built from). The examples that read no file
/// run the same anywhere, and `examples.rs` runs them all: here run those that read
/// `data/`, whole, and the books they read, built first as the help shows them.
#[test]
fn every_help_example_runs_in_an_empty_directory() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = empty_dir("examples");
    let bin = Path::new(env!("CARGO_BIN_EXE_ply")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let all = help_examples();
    assert!(all.len() >= 40, "{all:#?}");
    let mut examples: Vec<String> = all
        .into_iter()
        .filter(|e| e.contains("data/") || e.contains(".book"))
        .collect();
    assert!(examples.len() >= 8, "{examples:#?}");
    examples.sort_by_key(|e| !e.contains("book build"));
    let mut failures = Vec::new();
    for example in &examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(example)
            .current_dir(&dir)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .expect("start sh");
        let err = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || err.contains("panicked") {
            failures.push(format!("`{example}`: {}: {err}", out.status));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}
