//! One rule for every command: 0 on success, 1 when the run went wrong (a write to standard
//! output that failed, a closed standard output), 2 for a usage error; and no error message
//! quotes more than 40 characters of what the user gave, on the command line or at the
//! prompt.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use crate::common::{self, possible_values};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-status-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn data(path: &str) -> String {
    format!("{}/../../data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A small run of every command, each writing to standard output, with what it reads on
/// stdin.
fn small_runs(book: &str) -> Vec<(Vec<String>, &'static str)> {
    let arena = data("movingai/arena.map");
    let runs: Vec<(Vec<&str>, &'static str)> = vec![
        (
            vec!["play", "--game", "c4", "--ai-vs-ai", "--depth", "1"],
            "",
        ),
        (
            vec!["play", "--game", "c4", "--first", "human", "--depth", "1"],
            "4\n4\nquit\n",
        ),
        (
            vec![
                "play", "--game", "kalah", "--size", "3x2", "--first", "human", "--ai", "random",
            ],
            "1\n2\n3\n",
        ),
        (vec!["solve", "4455"], ""),
        (vec!["book", "info", "--game", "ttt", book], ""),
        (
            vec!["book", "build", "--game", "ttt", "--depth", "1", "-o", "-"],
            "",
        ),
        (vec!["perft", "ttt", "2"], ""),
        (vec!["path", &arena, "--limit", "2"], ""),
        (
            vec!["match", "--game", "ttt", "--games", "1", "random", "random"],
            "",
        ),
        (vec!["tree", "--game", "ttt", "--playouts", "10"], ""),
        (vec!["equilibrium", "kuhn", "--iterations", "10"], ""),
        (
            vec!["cards", "--game", "kuhn", "--hands", "1", "--ai", "random"],
            "pass\nbet\n",
        ),
        (
            vec![
                "cards-match",
                "--game",
                "kuhn",
                "--games",
                "2",
                "--playouts",
                "10",
                "random",
                "random",
            ],
            "",
        ),
        (vec!["--help"], ""),
        (vec!["--version"], ""),
        (vec!["tree", "--help"], ""),
    ];
    runs.into_iter()
        .map(|(args, input)| (args.into_iter().map(String::from).collect(), input))
        .collect()
}

/// Runs `ply ARGS` with `stdout` as standard output and `input` on stdin.
fn run_with_stdout(args: &[String], input: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    let mut stdin = child.stdin.take().unwrap();
    let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// A tic-tac-toe book to read.
fn small_book(dir: &std::path::Path) -> String {
    let book = dir.join("ttt.book");
    let (code, _, err) = common::ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "2",
            "-q",
            "-o",
            book.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    book.to_str().unwrap().to_string()
}

#[test]
fn every_command_succeeds_on_a_pipe_and_fails_with_1_on_a_full_device() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("full");
    let book = small_book(&dir);
    for (args, input) in small_runs(&book) {
        let out = run_with_stdout(&args, input, Stdio::piped());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "{args:?} writes to standard output");
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_with_stdout(&args, input, Stdio::from(full));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn every_command_refuses_a_closed_standard_output_with_1() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("closed");
    let book = small_book(&dir);
    for (args, input) in small_runs(&book) {
        // `sh` closes standard output, then runs ply in its place.
        let mut all = vec![
            "-c".to_string(),
            "exec \"$0\" \"$@\" >&-".to_string(),
            env!("CARGO_BIN_EXE_ply").to_string(),
        ];
        all.extend(args.iter().cloned());
        let mut child = Command::new("sh")
            .args(&all)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("standard output"), "{args:?}: {err}");
    }
    // Standard output on /dev/null is not closed.
    let out = run_with_stdout(
        &["perft".into(), "ttt".into(), "1".into()],
        "",
        Stdio::null(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2_and_failed_runs_1_in_every_command() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("usage");
    let book = small_book(&dir);
    let out = dir.join("x.book");
    let out = out.to_str().unwrap();
    let arena = data("movingai/arena.map");
    let usage: Vec<Vec<&str>> = vec![
        vec![],
        vec!["frobnicate"],
        vec!["play", "--frobnicate"],
        vec!["play", "--game", "chess"],
        vec!["play", "--game", "c4", "--start", "4444444"],
        vec!["play", "--game", "kalah", "--size", "6x4294967295"],
        vec!["solve", "--threads", "0", "44"],
        vec!["solve", "--book", &arena, "44"],
        vec!["solve", "--file", "/no/such/file"],
        vec!["book", "build", "--game", "ttt", "--depth", "1"],
        vec![
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "1",
            "--start",
            "xxx oo. ...",
            "-o",
            out,
        ],
        vec![
            "book",
            "build",
            "--game",
            "c4",
            "--depth",
            "42",
            "--max-positions",
            "18446744073709551615",
            "-o",
            out,
        ],
        vec!["book", "info", "--game", "c4", &book],
        vec!["book", "info", "--game", "ttt", "/no/such/book"],
        // A device is no book: /dev/zero would never end.
        vec!["book", "info", "--game", "ttt", "/dev/zero"],
        vec!["solve", "--book", "/dev/zero", "44"],
        vec!["perft", "ttt", "99"],
        vec!["perft", "c4", "3", "--start", "9"],
        vec!["path", "/no/such/map"],
        vec!["path", &arena, "--algorithm", "teleport"],
        vec!["match", "--game", "c4", "random"],
        vec!["match", "--game", "c4", "random", "deep-blue"],
        vec!["tree", "--game", "ttt", "--start", "xxx oo. ..."],
        vec!["tree", "--game", "einstein"],
        vec!["tree", "--game", "ttt", "--engine", "mcts", "--depth", "3"],
        vec!["equilibrium", "kuhn", "--info-set", "no such set"],
        vec!["equilibrium", "kuhn", "--iterations", "0"],
        vec!["cards", "--game", "kuhn", "--ai", "smmcts"],
        vec!["cards-match", "--game", "kuhn", "random"],
    ];
    for args in usage {
        let (code, stdout, err) = common::ply(&args, b"");
        assert_eq!(code, 2, "{args:?}: {stdout} {err}");
        assert!(!err.trim().is_empty(), "{args:?}: a message");
    }
    assert!(!std::path::Path::new(out).exists());
    // A run that goes wrong: a wrong expected score, a book too small for its limit.
    let (code, _, err) = common::ply(&["solve", "4455 17"], b"");
    assert_eq!(code, 1, "{err}");
    let (code, _, err) = common::ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "9",
            "--max-positions",
            "10",
            "-q",
            "-o",
            out,
        ],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Whether `text` holds a run of more than 40 of `c`.
fn quotes_too_much(text: &str, c: char) -> bool {
    text.contains(&c.to_string().repeat(41))
}

/// The options and arguments that take a value in `ply COMMAND --help`: `--name` for
/// options, `<NAME>` for arguments.
fn value_options(command: &[&str]) -> Vec<String> {
    let mut args = command.to_vec();
    args.push("--help");
    let (code, help, _) = common::ply(&args, b"");
    assert_eq!(code, 0);
    let mut found = Vec::new();
    for line in help.lines() {
        let line = line.trim();
        if line.starts_with('<') {
            found.push(line.split_whitespace().next().unwrap().to_string());
        } else if line.starts_with('-') && line.contains(" <") {
            let long = line
                .split([' ', ','])
                .find(|w| w.starts_with("--"))
                .unwrap();
            found.push(long.to_string());
        }
    }
    found
}

#[test]
fn no_message_quotes_more_than_40_characters_of_an_argument() {
    if !crate::common::in_repository("data/") {
        return;
    }
    let dir = scratch("quote");
    let book = small_book(&dir);
    let arena = data("movingai/arena.map");
    let out = dir.join("q.book").to_str().unwrap().to_string();
    // A run of each command that works, and where each argument goes.
    let bases: Vec<(Vec<&str>, Vec<&str>, Vec<&str>)> = vec![
        // (command, options, positional arguments)
        (
            vec!["play"],
            vec!["--game", "c4", "--first", "human"],
            vec![],
        ),
        (
            vec!["play"],
            vec!["--game", "kalah", "--first", "human"],
            vec![],
        ),
        (
            vec!["play"],
            vec!["--game", "mnk", "--first", "human"],
            vec![],
        ),
        (vec!["solve"], vec![], vec!["44"]),
        (
            vec!["book", "build"],
            vec!["--game", "ttt", "--depth", "1", "-o", &out],
            vec![],
        ),
        (
            vec!["book", "build"],
            vec![
                "--game", "kalah", "--size", "3x2", "--depth", "1", "-o", &out,
            ],
            vec![],
        ),
        (vec!["book", "info"], vec!["--game", "ttt"], vec![&book]),
        (vec!["perft"], vec![], vec!["c4", "1"]),
        (vec!["path"], vec!["--limit", "1"], vec![&arena]),
        (
            vec!["match"],
            vec!["--game", "ttt", "--games", "1"],
            vec!["random", "random"],
        ),
        (
            vec!["tree"],
            vec!["--game", "c4", "--playouts", "10"],
            vec![],
        ),
        (
            vec!["tree"],
            vec!["--game", "dots", "--playouts", "10"],
            vec![],
        ),
        (
            vec!["equilibrium"],
            vec!["--iterations", "10"],
            vec!["kuhn"],
        ),
        (
            vec!["cards"],
            vec!["--game", "kuhn", "--hands", "1"],
            vec![],
        ),
        (
            vec!["cards-match"],
            vec!["--game", "kuhn", "--games", "1", "--playouts", "10"],
            vec!["random", "random"],
        ),
    ];
    let mut tried = 0;
    let mut failures = Vec::new();
    for (command, options, positional) in &bases {
        for target in value_options(command) {
            for long in [
                "Z".repeat(5_000),
                format!("4{}", "4".repeat(4_999)),
                format!("1x{}", "9".repeat(4_998)),
            ] {
                let mut args: Vec<String> = command.iter().map(|s| s.to_string()).collect();
                let mut replaced = false;
                for pair in options.chunks(2) {
                    args.push(pair[0].to_string());
                    if pair[0] == target {
                        args.push(long.clone());
                        replaced = true;
                    } else {
                        args.push(pair[1].to_string());
                    }
                }
                let positions: Vec<String> = value_options(command)
                    .into_iter()
                    .filter(|o| o.starts_with('<'))
                    .collect();
                for (k, value) in positional.iter().enumerate() {
                    if positions.get(k) == Some(&target) {
                        args.push(long.clone());
                        replaced = true;
                    } else {
                        args.push(value.to_string());
                    }
                }
                if !replaced {
                    if target.starts_with('<') {
                        continue; // a trailing list argument, already given
                    }
                    args.push(target.clone());
                    args.push(long.clone());
                }
                let refs: Vec<&str> = args.iter().map(String::as_str).collect();
                let (_, stdout, err) = common::ply(&refs, b"");
                for c in ['Z', '4', '9'] {
                    if quotes_too_much(&err, c) || quotes_too_much(&stdout, c) {
                        let line = err
                            .lines()
                            .chain(stdout.lines())
                            .find(|l| quotes_too_much(l, c))
                            .unwrap_or_default();
                        let end = line.char_indices().nth(120).map_or(line.len(), |(i, _)| i);
                        failures.push(format!("{command:?} {target}: {}", &line[..end]));
                    }
                }
                tried += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(tried > 150, "{tried} runs");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn no_answer_at_the_prompt_is_quoted_past_40_characters() {
    let long = "Z".repeat(4_000);
    let digits = "7".repeat(4_000);
    let input = format!("{long}\n{digits}\nZZZZ {long}\n{long} 1\nquit\n");
    let mut runs: Vec<Vec<String>> = Vec::new();
    for game in possible_values(&["play"], "--game") {
        runs.push(
            [
                "play", "--game", &game, "--first", "human", "--ai", "random",
            ]
            .map(String::from)
            .to_vec(),
        );
    }
    // The setup questions, asked when no option answers them.
    runs.push(vec!["play".into()]);
    for game in possible_values(&["cards"], "--game") {
        runs.push(
            ["cards", "--game", &game, "--ai", "random", "--hands", "1"]
                .map(String::from)
                .to_vec(),
        );
    }
    for args in runs {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = common::ply(&refs, input.as_bytes());
        assert_eq!(code, 0, "{args:?}: {err}");
        for c in ['Z', '7'] {
            assert!(
                !quotes_too_much(&out, c) && !quotes_too_much(&err, c),
                "{args:?}: {}",
                out.lines()
                    .find(|l| quotes_too_much(l, c))
                    .map_or("", |l| &l[..l.len().min(200)])
            );
        }
    }
}

#[test]
fn a_size_past_its_type_is_an_error_not_a_smaller_board() {
    for args in [
        &[
            "play",
            "--game",
            "kalah",
            "--size",
            "6x4294967295",
            "--ai-vs-ai",
        ][..],
        &["tree", "--game", "kalah", "--size", "6x4294967295"],
        &[
            "book", "build", "--game", "kalah", "--size", "6x256", "--depth", "1", "-o", "-",
        ],
        &["perft", "kalah", "1", "--size", "6x4294967297"],
        &[
            "match",
            "--game",
            "kalah",
            "--size",
            "6x4294967295",
            "random",
            "random",
        ],
        &["tree", "--game", "dots", "--size", "3x18446744073709551617"],
        &[
            "play",
            "--game",
            "mnk",
            "--size",
            "26x9223372036854775807x3",
            "--ai-vs-ai",
        ],
        &["perft", "mnk", "1", "--size", "5x9223372036854775807x3"],
    ] {
        let (code, out, err) = common::ply(args, b"");
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(!err.contains("pits of 255 stones"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}
