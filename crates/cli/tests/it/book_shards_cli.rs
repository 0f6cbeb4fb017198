//! Drives `ply book build --shard`, `ply book merge` and the book readers as a user (or a
//! scheduler) would: shards run under GNU parallel merge into the book one build writes; a
//! shard stopped again and again, or killed, resumes to the same bytes; a merge refuses,
//! naming the file and writing nothing, a shard that does not belong; and forged or endless
//! book files never make `ply solve` print a wrong score.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::ply;

const MIDDLE_EASY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/connect4/Test_L2_R1"
);

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The first position of the Middle-Easy set: 15 stones, books from it build in moments.
fn c4_start() -> String {
    let text = std::fs::read_to_string(MIDDLE_EASY).unwrap();
    text.split_whitespace().next().unwrap().to_string()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `ply book build` of the book from `start` to `depth`, with `extra` arguments.
fn build(start: &str, depth: &str, out: &Path, extra: &[&str]) -> (i32, String) {
    let mut args = vec![
        "book",
        "build",
        "--game",
        "c4",
        "--start",
        start,
        "--depth",
        depth,
        "--table-mb",
        "4",
        "-q",
        "-o",
    ];
    args.push(s(out));
    args.extend_from_slice(extra);
    let (code, _, err) = ply(&args, b"");
    (code, err)
}

/// Whether GNU parallel can be run. CI installs it and sets `PLY_REQUIRE_PARALLEL`, so that
/// there the test cannot quietly run without it.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU"));
    assert!(
        found || std::env::var_os("PLY_REQUIRE_PARALLEL").is_none(),
        "GNU parallel is required here (PLY_REQUIRE_PARALLEL is set) but cannot be run"
    );
    found
}

#[test]
fn four_shards_under_gnu_parallel_merge_into_the_book_one_build_writes() {
    let dir = temp_dir("parallel");
    let start = c4_start();
    let whole = dir.join("whole.book");
    let (code, err) = build(&start, "3", &whole, &[]);
    assert_eq!(code, 0, "{err}");
    let shard = |k: &str| dir.join(format!("c4.{k}.shard"));
    if gnu_parallel() {
        // As docs/distributed.md runs them: the job number is K.
        let status = Command::new("parallel")
            .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
            .arg(env!("CARGO_BIN_EXE_ply"))
            .args([
                "book", "build", "--game", "c4", "--start", &start, "--depth", "3",
            ])
            .args(["--table-mb", "4", "-q", "--shard", "{}/4", "-o"])
            .arg(dir.join("c4.{}.shard"))
            .args([":::", "1", "2", "3", "4"])
            .status()
            .expect("run GNU parallel");
        assert!(status.success(), "parallel: {status}");
    } else {
        eprintln!("GNU parallel is not installed: the four shards run one after another");
        for k in ["1", "2", "3", "4"] {
            let (code, err) = build(&start, "3", &shard(k), &["--shard", &format!("{k}/4")]);
            assert_eq!(code, 0, "{err}");
        }
    }
    let merged = dir.join("merged.book");
    let shards: Vec<PathBuf> = ["3", "1", "4", "2"].iter().map(|k| shard(k)).collect();
    let mut args = vec!["book", "merge", s(&merged), "-q"];
    args.extend(shards.iter().map(|p| s(p)));
    let (code, _, err) = ply(&args, b"");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("from 4 shards"), "{err}");
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&whole).unwrap(),
        "the merged book is the one a single build writes"
    );
    // `book info` reads a shard too.
    let (code, out, err) = ply(&["book", "info", s(&shard("2"))], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("shard 2/4 of a book of connect4 to depth 3"),
        "{out}"
    );
    assert!(out.contains("finished"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_stopped_again_and_again_resumes_to_the_same_bytes() {
    let dir = temp_dir("resume");
    let start = c4_start();
    let whole = dir.join("whole.shard");
    let (code, err) = build(&start, "3", &whole, &["--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    let pieces = dir.join("pieces.shard");
    let mut runs = 0;
    loop {
        let (code, err) = build(
            &start,
            "3",
            &pieces,
            &["--shard", "2/3", "--stop-after", "9"],
        );
        runs += 1;
        if code == 0 {
            break;
        }
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("run the same command again to go on"), "{err}");
        let (code, out, err) = ply(&["book", "info", s(&pieces)], b"");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("{} of its", 9 * runs)), "{out}");
        assert!(out.contains("not finished"), "{out}");
        assert!(runs < 100, "it went on from where it stopped");
    }
    assert!(runs > 3, "{runs} runs");
    assert_eq!(
        std::fs::read(&pieces).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    // Run once more: nothing to do.
    let (code, err) = build(&start, "3", &pieces, &["--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("already finished"), "{err}");
    // The saved file of another build, or a file that is not a shard, is not overwritten.
    let before = std::fs::read(&pieces).unwrap();
    for (extra, why) in [
        (&["--shard", "3/3"][..], "not shard 3/3"),
        (&["--shard", "2/4"], "one of 3 shards"),
    ] {
        let (code, err) = build(&start, "3", &pieces, extra);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(why) && err.contains("remove it"), "{err}");
        assert_eq!(std::fs::read(&pieces).unwrap(), before);
    }
    let (code, err) = build(&start, "2", &pieces, &["--shard", "2/3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("depth 3, not 2"), "{err}");
    let book = dir.join("a.book");
    std::fs::write(&book, b"a book, not a shard").unwrap();
    let (code, err) = build(&start, "3", &book, &["--shard", "1/3"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not a shard this command can go on from"),
        "{err}"
    );
    assert_eq!(std::fs::read(&book).unwrap(), b"a book, not a shard");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A shard killed (SIGKILL, no chance to save) each time it has saved some progress,
/// again and again, resumes from its last save to the bytes of a run that was never
/// killed. The kill waits for a save rather than for a time, so what is checked does not
/// depend on the machine's speed; the last run finishes the shard.
#[test]
fn a_shard_killed_while_it_works_resumes_to_the_same_bytes() {
    let dir = temp_dir("kill");
    let start = c4_start();
    let whole = dir.join("whole.shard");
    let (code, err) = build(&start, "4", &whole, &["--shard", "1/2"]);
    assert_eq!(code, 0, "{err}");
    let killed = dir.join("killed.shard");
    let mut kills = 0;
    let mut last_save: Option<Vec<u8>> = None;
    while kills < 5 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args([
                "book", "build", "--game", "c4", "--start", &start, "--depth", "4",
            ])
            .args([
                "--table-mb",
                "4",
                "-q",
                "--shard",
                "1/2",
                "--checkpoint-every",
                "1ms",
            ])
            .arg("-o")
            .arg(&killed)
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("run ply");
        // Until a new save is in place (each is renamed into place whole) or the run ends.
        let ended = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            let now = std::fs::read(&killed).ok();
            if now.is_some() && now != last_save {
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        if let Some(status) = ended {
            assert!(status.success(), "{status}");
            break;
        }
        child.kill().unwrap();
        let status = child.wait().unwrap();
        if status.success() {
            break;
        }
        kills += 1;
        let saved = std::fs::read(&killed).unwrap();
        let (code, out, err) = ply(&["book", "info", s(&killed)], b"");
        assert_eq!(code, 0, "a kill left a file that is not a shard: {err}");
        assert!(
            out.starts_with("shard 1/2 of a book of connect4 to depth 4"),
            "{out}"
        );
        last_save = Some(saved);
    }
    eprintln!("killed {kills} times");
    // Run to the end (or once more, if a run finished before its kill).
    let (code, err) = build(&start, "4", &killed, &["--shard", "1/2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&killed).unwrap(),
        std::fs::read(&whole).unwrap(),
        "resumed after {kills} kills"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_merge_refuses_what_does_not_belong_names_the_file_and_writes_nothing() {
    let dir = temp_dir("refuse");
    let start = c4_start();
    let shard = |name: &str| dir.join(format!("{name}.shard"));
    for k in 1..=3 {
        let (code, err) = build(
            &start,
            "2",
            &shard(&k.to_string()),
            &["--shard", &format!("{k}/3")],
        );
        assert_eq!(code, 0, "{err}");
    }
    let out = dir.join("out.book");
    let merge = |files: &[PathBuf]| {
        let mut args = vec!["book", "merge", s(&out), "-q"];
        args.extend(files.iter().map(|p| s(p)));
        ply(&args, b"")
    };
    let good: Vec<PathBuf> = (1..=3).map(|k| shard(&k.to_string())).collect();

    // Foreign shards: another depth, another start, another number of shards, another game.
    let (code, err) = build(&start, "1", &shard("depth"), &["--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    let (code, err) = build(
        &start[..start.len() - 1],
        "2",
        &shard("start"),
        &["--shard", "2/3"],
    );
    assert_eq!(code, 0, "{err}");
    let (code, err) = build(&start, "2", &shard("count"), &["--shard", "2/4"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "2",
            "--shard",
            "2/3",
            "-q",
            "-o",
            s(&shard("game")),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    // Corrupt: a changed byte, a cut file; a book where a shard should be; not a file.
    let bytes = std::fs::read(&good[1]).unwrap();
    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 4;
    std::fs::write(shard("flipped"), flipped).unwrap();
    std::fs::write(shard("cut"), &bytes[..bytes.len() - 3]).unwrap();
    let (code, err) = build(&start, "2", &shard("book"), &[]);
    assert_eq!(code, 0, "{err}");
    // Unfinished: stopped after one position.
    let (code, err) = build(
        &start,
        "2",
        &shard("unfinished"),
        &["--shard", "2/3", "--stop-after", "1"],
    );
    assert_eq!(code, 1, "{err}");

    let with = |name: &str| vec![good[0].clone(), shard(name), good[2].clone()];
    let cases: Vec<(Vec<PathBuf>, &str, &str)> = vec![
        (with("depth"), "depth.shard", "depth 1, not 2"),
        (with("start"), "start.shard", "another start"),
        (with("count"), "count.shard", "one of 4 shards, not of 3"),
        (with("game"), "game.shard", "tictactoe"),
        (with("flipped"), "flipped.shard", "corrupt"),
        (with("cut"), "cut.shard", "cut short"),
        (with("book"), "book.shard", "not a shard"),
        (with("unfinished"), "unfinished.shard", "not finished"),
        (with("missing"), "missing.shard", "cannot read"),
        (
            vec![good[0].clone(), dir.clone(), good[2].clone()],
            "refuse",
            "directory",
        ),
        (
            vec![
                good[0].clone(),
                good[1].clone(),
                good[1].clone(),
                good[2].clone(),
            ],
            "2.shard",
            "given twice",
        ),
        (vec![good[0].clone(), good[2].clone()], "2/3", "missing"),
    ];
    for (files, names, why) in cases {
        let (code, stdout, err) = merge(&files);
        assert_eq!(code, 2, "{why}: {err}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(err.contains(names) && err.contains(why), "{why}: {err}");
        assert!(!out.exists(), "{why}: nothing is written");
    }
    // A book that was there stays as it was.
    std::fs::write(&out, b"the old book").unwrap();
    let (code, _, err) = merge(&with("depth"));
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"the old book");
    let (code, _, err) = merge(&good);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// 64-bit FNV-1a, to forge well-checksummed files.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.truncate(bytes.len() - 8);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes.extend_from_slice(&h.to_le_bytes());
    bytes
}

/// The score column of `ply solve`'s lines.
fn scores(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

/// A Connect Four book re-sealed with impossible values (win in 32766; wins and losses
/// further away than its positions have plies left, with the header's bound forged to
/// match; a win an even number of plies away): `ply solve --book` refuses the book (exit 2)
/// or prints the scores it prints without a book, never another.
#[test]
fn a_forged_book_never_makes_solve_print_a_wrong_score() {
    let dir = temp_dir("forged");
    let start = c4_start();
    let file = dir.join("c4.book");
    let (code, err) = build(&start, "1", &file, &[]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&file).unwrap();
    // The book's positions and the start's parent, whose search reaches them.
    let mut positions = vec![start.clone(), start[..start.len() - 1].to_string()];
    positions.extend(
        (1..=7)
            .map(|c| format!("{start}{c}"))
            .filter(|p| p.parse::<games::ConnectFour>().is_ok()),
    );
    let input = positions.join("\n");
    let (code, plain, err) = ply(&["solve", "--quiet"], input.as_bytes());
    assert!(code <= 1, "{err}");
    let expected = scores(&plain);
    let name = usize::from(bytes[10]);
    let most = 8 + 2 + 1 + name + 4 + 4;
    let first = most + 4 + 8;
    let entries = (bytes.len() - 8 - first) / 10;
    let (mut refused, mut right) = (0, 0);
    for e in 0..entries {
        let at = first + e * 10 + 8;
        // d + 1 is a win in d plies, -(d + 1) a loss in d.
        for raw in [
            i16::MAX,
            32767 - 1,
            43,
            -43,
            42,
            -42,
            41,
            28,
            -28,
            27,
            26,
            -27,
            20,
            -19,
            -1,
            -2,
        ] {
            for forged_most in [None, Some(42u32), Some(u32::MAX - 1)] {
                let mut f = bytes.clone();
                f[at..at + 2].copy_from_slice(&raw.to_le_bytes());
                if let Some(m) = forged_most {
                    f[most..most + 4].copy_from_slice(&m.to_le_bytes());
                }
                let forged = dir.join("forged.book");
                std::fs::write(&forged, resealed(f)).unwrap();
                let (code, out, err) = ply(
                    &["solve", "--quiet", "--book", s(&forged)],
                    input.as_bytes(),
                );
                if code == 2 {
                    assert!(err.contains("malformed"), "{raw}: {err}");
                    assert!(out.is_empty(), "{out}");
                    refused += 1;
                } else {
                    assert!(code <= 1, "{raw}: {err}");
                    assert_eq!(scores(&out), expected, "entry {e} forged to {raw}: {err}");
                    right += 1;
                }
            }
        }
    }
    assert!(
        refused > 0 && right > 0,
        "{refused} refused, {right} answered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Book and shard files are read header first: a header that announces more than the
/// reader takes, an endless file, a device, are refused at once.
#[test]
fn endless_and_oversized_book_files_are_refused_at_once() {
    let dir = temp_dir("endless");
    // A header announcing 2^59 entries (over 5 EB), and a few bytes.
    let mut huge = b"PLYBOOK\0".to_vec();
    huge.extend_from_slice(&1u16.to_le_bytes());
    huge.push(8);
    huge.extend_from_slice(b"connect4");
    huge.extend_from_slice(&[0; 12]);
    huge.extend_from_slice(&(1u64 << 59).to_le_bytes());
    huge.extend_from_slice(&[0; 100]);
    let file = dir.join("huge.book");
    std::fs::write(&file, &huge).unwrap();
    for args in [
        &["book", "info", s(&file)][..],
        &["solve", "--book", s(&file), "4455"],
    ] {
        let (code, _, err) = ply(args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("more than"), "{err}");
    }
    for device in ["/dev/zero", "/dev/null"] {
        if Path::new(device).exists() {
            let (code, _, err) = ply(&["book", "info", device], b"");
            assert_eq!(code, 2, "{err}");
            assert!(err.contains("device"), "{err}");
        }
    }
    // A long name in a file is quoted short.
    let mut long = b"PLYBOOK\0".to_vec();
    long.extend_from_slice(&1u16.to_le_bytes());
    long.push(255);
    long.extend(std::iter::repeat_n(b'x', 255));
    long.extend_from_slice(&[0; 20]);
    let mut sealed = long.clone();
    sealed.extend_from_slice(&[0; 8]);
    let sealed = resealed(sealed);
    let file = dir.join("long.book");
    std::fs::write(&file, &sealed).unwrap();
    let (code, _, err) = ply(&["book", "info", s(&file)], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not know"), "{err}");
    assert!(!err.contains(&"x".repeat(41)), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
