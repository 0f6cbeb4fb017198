//! Drives `ply solve` as a user would: scores of the published benchmark, `--analyze`
//! checked against independent solves of every child, malformed lines among good ones,
//! mismatches, and the weak solver.

use crate::common;

const END_EASY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/connect4/Test_L3_R1"
);

/// Runs `ply solve ARGS` with `input` on stdin: (exit code, stdout, stderr).
fn solve(args: &[&str], input: &str) -> (i32, String, String) {
    common::ply_command("solve", args, input.as_bytes())
}

/// The first `n` lines of the End-Easy set.
fn end_easy(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(END_EASY).expect("the benchmark set is in data/");
    text.lines().take(n).map(str::to_string).collect()
}

#[test]
fn scores_match_the_published_benchmark() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let lines = end_easy(40);
    let (code, out, err) = solve(&["--file", END_EASY], "");
    // The whole file: every line printed, no mismatch.
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1000, "{err}");
    assert!(!out.contains("MISMATCH"), "{out}");
    assert!(err.contains("positions 1000, mismatches 0"), "{err}");
    // Each output line: the moves, the published score, nodes and microseconds.
    for (line, given) in out.lines().zip(&lines) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let expected: Vec<&str> = given.split_whitespace().collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert_eq!(&fields[..2], &expected[..], "{line}");
        assert!(fields[2].parse::<u64>().unwrap() > 0, "{line}");
    }
}

#[test]
fn analysis_agrees_with_solving_every_child() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    for given in end_easy(12) {
        let moves = given.split_whitespace().next().unwrap();
        let (code, out, err) = solve(&["--analyze", moves], "");
        assert_eq!(code, 0, "{err}");
        let fields: Vec<&str> = out.split_whitespace().collect();
        assert_eq!(fields.len(), 8, "{out}");
        assert_eq!(fields[0], moves);
        let scores: Vec<i32> = fields[1..].iter().map(|s| s.parse().unwrap()).collect();
        // The position's published score is the best column's.
        let published: i32 = given.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert_eq!(scores.iter().max(), Some(&published), "{moves}: {out}");
        let stones = moves.len() as i32;
        for (col, &score) in scores.iter().enumerate() {
            let child = format!("{moves}{}", col + 1);
            let (code, out, err) = solve(&[&child], "");
            if score == -1000 {
                // A full column: the child is not a position.
                assert_eq!(code, 2, "{child}: {out} {err}");
                assert!(err.contains("full"), "{err}");
            } else if code == 1 && err.contains("over") {
                // The move wins at once: the best score there is after this many stones.
                assert_eq!(score, (43 - stones) / 2, "{moves} column {}", col + 1);
            } else {
                assert_eq!(code, 0, "{child}: {err}");
                let child_score: i32 = out.split_whitespace().nth(1).unwrap().parse().unwrap();
                assert_eq!(score, -child_score, "{moves} column {}", col + 1);
            }
        }
    }
}

#[test]
fn one_bad_line_is_reported_and_the_others_solved() {
    let input = "4455 18\n44x 3\n\n# a comment\n44455554221 -15\n4455 18 7\n4455 40\n";
    let (code, out, err) = solve(&[], input);
    assert_eq!(code, 2, "{out}\n{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.starts_with("4455 18 "), "{out}");
    assert!(out.contains("\n44455554221 -15 "), "{out}");
    assert!(err.contains("stdin:2: bad moves \"44x\""), "{err}");
    assert!(err.contains("stdin:6: unexpected field \"7\""), "{err}");
    assert!(err.contains("stdin:7: the score 40 is impossible"), "{err}");
    assert!(err.contains("malformed lines 3"), "{err}");
}

#[test]
fn a_wrong_expected_score_is_a_mismatch() {
    let (code, out, err) = solve(&[], "4455 17\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("4455 18 ") && out.contains("MISMATCH (expected 17)"),
        "{out}"
    );
    assert!(err.contains("mismatches 1"), "{err}");
}

#[test]
fn the_weak_solver_gives_signs() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let input: String = end_easy(30).join("\n");
    for args in [
        &["--weak"][..],
        &["--weak", "--first-guess", "loss"],
        &["--weak", "--first-guess", "win"],
    ] {
        the_weak_solver_gives_signs_with(args, &input);
    }
}

fn the_weak_solver_gives_signs_with(args: &[&str], input: &str) {
    let (code, out, err) = solve(args, input);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(out.lines().count(), input.lines().count(), "{args:?}");
    for (line, given) in out.lines().zip(input.lines()) {
        let sign: i32 = given
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<i32>()
            .unwrap()
            .signum();
        assert_eq!(
            line.split_whitespace().nth(1),
            Some(sign.to_string().as_str()),
            "{line}"
        );
    }
}

#[test]
fn the_compact_table_and_etc_give_the_same_lines() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let input = end_easy(60).join("\n");
    let (code, plain, err) = solve(&[], &input);
    assert_eq!(code, 0, "{err}");
    let scores = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    for args in [
        &["--table", "compact"][..],
        &["--etc"],
        &["--table", "compact", "--etc"],
        &["--threads", "2"],
        &["--threads", "2", "--spread-probes"],
        &["--first-guess", "draw"],
        &["--first-guess", "win", "--etc"],
        &["--first-guess", "loss", "--threads", "2"],
    ] {
        let (code, out, err) = solve(args, &input);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(scores(&out), scores(&plain), "{args:?}");
        assert!(
            err.contains("mismatches 0") && err.contains("table hits"),
            "{err}"
        );
    }
    // Connect Four's 49-bit key needs a compact table of at least 2 MiB to be verified whole.
    let (code, _, err) = solve(&["--table", "compact", "--table-mb", "1"], "4455");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("at least 2097152 bytes"), "{err}");
}

#[test]
fn bad_arguments_exit_with_2() {
    for args in [
        &["--threads", "0"][..],
        &["--table-mb", "0"],
        &["--table", "sparse"],
        &["--first-guess", "3"],
        &["--file", "/nonexistent/positions.txt"],
        &["--frobnicate"],
    ] {
        let (code, _, err) = solve(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn progress_lines_reach_stderr_when_it_is_a_file_with_the_right_total() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("ply-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("stderr.log");
    // 20 positions, a blank line and the file's last newline: 20 to do.
    let mut input = end_easy(20).join("\n");
    input.push_str("\n\n");
    let file = dir.join("positions.txt");
    std::fs::write(&file, &input).unwrap();
    let run = |quiet: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_ply"));
        command
            .args(["solve", "--file", file.to_str().unwrap()])
            .env("PLY_PROGRESS_SECONDS", "0")
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap());
        if quiet {
            command.arg("--quiet");
        }
        let status = command.status().unwrap();
        assert!(status.success());
        std::fs::read_to_string(&log).unwrap()
    };
    let err = run(false);
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("progress: "))
        .collect();
    // A line per position (the interval is 0 s), then the last line again when done.
    assert_eq!(lines.len(), 21, "{err}");
    assert!(
        lines[0].starts_with("progress: 1/20 positions (5.0 %)"),
        "{err}"
    );
    assert!(
        lines[19].starts_with("progress: 20/20 positions (100.0 %)"),
        "{err}"
    );
    assert!(lines[20].ends_with("done"), "{err}");
    assert!(lines.iter().all(|l| l.contains("/s, ")), "{err}");
    let quiet = run(true);
    assert!(!quiet.contains("progress: "), "{quiet}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first two fields of each line (moves and score: the rest are timings).
fn answers(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

/// Positions solved in shards and merged print what one run prints, in the input's order,
/// with its exit status; a shard stopped again and again resumes to the same file; a merge
/// refuses a missing, duplicated, unfinished or foreign shard, naming it.
#[test]
fn shards_of_a_position_file_merge_into_one_runs_answers() {
    let dir = std::env::temp_dir().join(format!("ply-solve-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // 60 positions, a malformed line, a blank line and a comment among them.
    let mut lines = end_easy(60);
    lines.insert(20, "4444444".to_string());
    lines.insert(30, String::new());
    lines.insert(40, "# a comment".to_string());
    let input = dir.join("positions.txt");
    std::fs::write(&input, lines.join("\n")).unwrap();
    let input = input.to_str().unwrap();
    let (code, whole, whole_err) = solve(&["--quiet", "--file", input], "");
    assert_eq!(code, 2, "{whole_err}");
    let shard = |k: u32| dir.join(format!("s{k}")).to_str().unwrap().to_string();
    for k in 1..=4 {
        let (code, out, err) = solve(
            &[
                "-q",
                "--file",
                input,
                "--shard",
                &format!("{k}/4"),
                "-o",
                &shard(k),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        assert!(out.is_empty(), "{out}");
    }
    let (s1, s2, s3, s4) = (shard(1), shard(2), shard(3), shard(4));
    let (code, merged, err) = solve(&["--merge", &s3, &s1, &s4, &s2], "");
    assert_eq!(code, 2, "{err}");
    assert_eq!(answers(&merged), answers(&whole));
    assert!(err.contains(":21: bad moves"), "{err}");
    assert!(
        err.contains("positions 60, mismatches 0, malformed lines 1"),
        "{err}"
    );
    // Resumed after stops every 4 positions: the same file.
    let pieces = dir.join("pieces").to_str().unwrap().to_string();
    let mut runs = 0;
    loop {
        let args = [
            "-q",
            "--file",
            input,
            "--shard",
            "2/4",
            "-o",
            &pieces,
            "--stop-after",
            "4",
        ];
        let (code, _, err) = solve(&args, "");
        runs += 1;
        if code == 0 {
            break;
        }
        assert_eq!(code, 1, "{err}");
        assert!(runs < 50, "{err}");
    }
    assert!(runs > 2, "{runs}");
    let (_, resumed, _) = solve(&["--merge", &s1, &pieces, &s3, &s4], "");
    assert_eq!(answers(&resumed), answers(&whole));
    // Refusals, naming the file.
    let other = dir.join("other.txt");
    std::fs::write(&other, lines[..50].join("\n")).unwrap();
    let foreign = dir.join("foreign").to_str().unwrap().to_string();
    let (code, _, err) = solve(
        &[
            "-q",
            "--file",
            other.to_str().unwrap(),
            "--shard",
            "2/4",
            "-o",
            &foreign,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let unfinished = dir.join("unfinished").to_str().unwrap().to_string();
    let (code, _, _) = solve(
        &[
            "-q",
            "--file",
            input,
            "--shard",
            "2/4",
            "-o",
            &unfinished,
            "--stop-after",
            "1",
        ],
        "",
    );
    assert_eq!(code, 1);
    let mut damaged = std::fs::read_to_string(&s2).unwrap();
    damaged = damaged.replacen("R ", "R 1", 1);
    let damaged_path = dir.join("damaged").to_str().unwrap().to_string();
    std::fs::write(&damaged_path, damaged).unwrap();
    for (files, name, why) in [
        (vec![&s1, &s3, &s4], "2/4", "missing"),
        (vec![&s1, &s2, &s2, &s3, &s4], "s2", "given twice"),
        (vec![&s1, &foreign, &s3, &s4], "foreign", "another input"),
        (
            vec![&s1, &unfinished, &s3, &s4],
            "unfinished",
            "not finished",
        ),
        (vec![&s1, &damaged_path, &s3, &s4], "damaged", "checksum"),
        (
            vec![&s1, &input.to_string(), &s3, &s4],
            "positions.txt",
            "not a shard",
        ),
    ] {
        let mut args = vec!["--merge"];
        args.extend(files.iter().map(|s| s.as_str()));
        let (code, out, err) = solve(&args, "");
        assert_eq!(code, 2, "{why}: {err}");
        assert!(out.is_empty(), "{why}: {out}");
        assert!(err.contains(name) && err.contains(why), "{why}: {err}");
    }
    // Standard input cannot be sharded.
    let (code, _, err) = solve(&["--shard", "1/2", "-o", &pieces], "4455\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--file or the arguments"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
