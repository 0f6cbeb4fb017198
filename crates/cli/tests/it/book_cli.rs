//! Drives `ply book` and `ply solve --book` as a user would: building books, reading them
//! back, published scores with a book, and damaged, foreign or missing book files.

use crate::common;

use std::path::PathBuf;

use adversarial::Solver;
use common::ply;
use games::reversi::Reversi;
use games::{ConnectFour, DotsAndBoxes, Kalah, TicTacToe};
use search_core::{Game, GameHash, Player, Score, SplitMix64};

const MIDDLE_EASY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/connect4/Test_L2_R1"
);

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_tictactoe_book_is_built_and_described() {
    let dir = temp_dir("ttt");
    let file = dir.join("ttt.book");
    let path = file.to_str().unwrap();
    let (code, _, err) = ply(
        &[
            "book", "build", "--game", "ttt", "--depth", "9", "-o", path, "--quiet",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("627 positions of tictactoe to depth 9"),
        "{err}"
    );
    let (code, out, err) = ply(&["book", "info", "--game", "ttt", path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("depth 9, 627 positions"), "{out}");
}

#[test]
fn solving_with_a_book_gives_the_published_scores() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let dir = temp_dir("c4");
    let file = dir.join("c4.book");
    let path = file.to_str().unwrap();
    let text = std::fs::read_to_string(MIDDLE_EASY).unwrap();
    let lines: Vec<&str> = text.lines().take(30).collect();
    let first = lines[0].split_whitespace().next().unwrap();
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "c4",
            "--start",
            first,
            "--depth",
            "3",
            "-o",
            path,
            "--table-mb",
            "4",
            "--quiet",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = ply(&["book", "info", "--game", "c4", path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("game connect4, depth 3, "), "{out}");
    // The book's start, its parent (whose search reaches the book) and other positions.
    let parent = &first[..first.len() - 1];
    let mut input = lines.join("\n");
    input.push('\n');
    input.push_str(parent);
    let (code, out, err) = ply(&["solve", "--quiet", "--book", path], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("positions 31, mismatches 0"), "{err}");
    // The start is answered by the book: no node searched.
    let start = out.lines().next().unwrap();
    let fields: Vec<&str> = start.split_whitespace().collect();
    assert_eq!(
        &fields[..3],
        &[first, lines[0].split_whitespace().nth(1).unwrap(), "0"]
    );
    // The parent's score equals a solve without the book.
    let (_, plain, _) = ply(&["solve", "--quiet", parent], b"");
    let score = |out: &str| {
        out.lines()
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .map(String::from)
    };
    assert_eq!(score(&out), score(&plain));
}

#[test]
fn bad_book_files_are_reported_not_panicked_on() {
    let dir = temp_dir("bad");
    let good = dir.join("ttt.book");
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "2",
            "-o",
            good.to_str().unwrap(),
            "-q",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&good).unwrap();
    let cut = dir.join("cut.book");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped_bytes = bytes.clone();
    flipped_bytes[bytes.len() - 12] ^= 0x10;
    let flipped = dir.join("flipped.book");
    std::fs::write(&flipped, flipped_bytes).unwrap();
    let garbage = dir.join("garbage.book");
    std::fs::write(&garbage, b"4455 18\n").unwrap();
    let missing = dir.join("missing.book");
    let cases = [
        (&good, "for the game `tictactoe`, not `connect4`"),
        (&cut, "cut short"),
        (&flipped, "corrupt"),
        (&garbage, "not an opening book"),
        (&missing, "cannot read the book"),
    ];
    for (file, message) in cases {
        let (code, out, err) = ply(&["solve", "--book", file.to_str().unwrap(), "4455"], b"");
        assert_eq!(code, 2, "{}: {err}", file.display());
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(message), "{}: {err}", file.display());
    }
    let (code, _, err) = ply(
        &["book", "info", "--game", "c4", good.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("not `connect4`"), "{err}");
    let (code, _, err) = ply(
        &[
            "book", "build", "--game", "c4", "--start", "12345678", "--depth", "1", "-o", "x.book",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("12345678"), "{err}");
    // The old name of --start is gone.
    let (code, _, err) = ply(
        &[
            "book", "build", "--game", "c4", "--from", "4", "--depth", "1", "-o", "x.book",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
}

/// A Reversi game of random moves until `empty` squares are left, as `ply play` reads moves
/// (`c2 b3 ...`), and the position it reaches.
fn late_reversi(seed: u64, empty: u32) -> (String, Reversi) {
    let mut rng = SplitMix64::new(seed);
    let mut state = Reversi::new();
    let mut moves = Vec::new();
    loop {
        // The moves that do not end the game; a game where every move would starts again.
        let open: Vec<_> = state
            .legal_move_list()
            .into_iter()
            .filter(|&mv| {
                let mut next = state;
                next.play(mv);
                !next.outcome().is_over()
            })
            .collect();
        if open.is_empty() {
            state = Reversi::new();
            moves.clear();
            continue;
        }
        let mv = open[rng.below(open.len())];
        state.play(mv);
        moves.push(mv.to_string());
        if empty_squares(&state) <= empty {
            return (moves.join(" "), state);
        }
    }
}

/// The empty squares of a 6 x 6 Reversi board.
fn empty_squares(state: &Reversi) -> u32 {
    let discs = state.count(Player::First) + state.count(Player::Second);
    36 - discs
}

/// The value of `state` for its side to move, solved here.
fn solved<G: GameHash + Sync>(state: &G) -> Score {
    Solver::new()
        .with_table_mb(4)
        .solve(state)
        .unwrap()
        .score
        .unwrap()
}

/// What `book info` says of a one-position book with this value.
fn one_position(score: Score) -> String {
    let (won, lost) = (u8::from(score.is_win()), u8::from(score.is_loss()));
    let drawn = 1 - won - lost;
    format!("1 positions: {won} won, {drawn} drawn, {lost} lost by the side to move")
}

#[test]
fn every_listed_game_builds_a_book_that_carries_its_name() {
    if !crate::common::in_repository("data/connect4") {
        return;
    }
    let dir = temp_dir("games");
    let listed = common::possible_values(&["book", "build"], "--game");
    assert_eq!(listed, common::possible_values(&["book", "info"], "--game"));
    for game in ["ttt", "c4", "reversi", "dots", "kalah"] {
        assert!(listed.iter().any(|g| g == game), "{listed:?}");
    }
    let c4_line = std::fs::read_to_string(MIDDLE_EASY).unwrap();
    let c4_start = c4_line.split_whitespace().next().unwrap().to_string();
    let (reversi_start, reversi_state) = late_reversi(5, 9);
    for game in &listed {
        // A start, a small board, the name the book must carry, and the start's value
        // solved here from the same position.
        let (start, size, name, value): (Option<&str>, Option<&str>, &str, Score) =
            match game.as_str() {
                "ttt" => (Some("x.. .o. ..."), None, "tictactoe", {
                    solved(&"x.. .o. ...".parse::<TicTacToe>().unwrap())
                }),
                "c4" => (
                    Some(&c4_start),
                    None,
                    "connect4",
                    solved(&c4_start.parse::<ConnectFour>().unwrap()),
                ),
                "reversi" => (
                    Some(&reversi_start),
                    None,
                    "reversi",
                    solved(&reversi_state),
                ),
                "dots" => (
                    None,
                    Some("2x2"),
                    "dots-2x2",
                    solved(&DotsAndBoxes::new(2, 2).unwrap()),
                ),
                "kalah" => (
                    None,
                    Some("4x3"),
                    "kalah-4x3",
                    solved(&Kalah::new(4, 3).unwrap()),
                ),
                other => panic!("a game the test does not know: {other}"),
            };
        for depth in ["0", "2"] {
            let file = dir.join(format!("{game}-{depth}.book"));
            let path = file.to_str().unwrap();
            let mut args = vec!["book", "build", "--game", game, "--depth", depth, "-q"];
            args.extend(["-o", path, "--table-mb", "16"]);
            if let Some(start) = start {
                args.extend(["--start", start]);
            }
            let mut info = vec!["book", "info", "--game", game, path];
            if let Some(size) = size {
                args.extend(["--size", size]);
                info.extend(["--size", size]);
            }
            let (code, _, err) = ply(&args, b"");
            assert_eq!(code, 0, "{args:?}: {err}");
            assert!(
                err.contains(&format!("of {name} to depth {depth}")),
                "{err}"
            );
            let (code, out, err) = ply(&info, b"");
            assert_eq!(code, 0, "{info:?}: {err}");
            assert!(
                out.starts_with(&format!("game {name}, depth {depth}, ")),
                "{out}"
            );
            let numbers: Vec<u64> = out
                .split([',', ':', ' '])
                .filter_map(|w| w.parse().ok())
                .collect();
            // depth, positions, won, drawn, lost
            assert_eq!(numbers[1], numbers[2] + numbers[3] + numbers[4], "{out}");
            if depth == "0" {
                assert!(
                    out.contains(&one_position(value)),
                    "{game}: {out} but the start is {value}"
                );
            }
        }
        // Another game's (or board's) name is refused.
        let file = dir.join(format!("{game}-0.book"));
        let other = if game == "ttt" { "c4" } else { "ttt" };
        let (code, _, err) = ply(
            &["book", "info", "--game", other, file.to_str().unwrap()],
            b"",
        );
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!("the book is for the game `{name}`")),
            "{err}"
        );
    }
    // The game is read from the file: `--game` is not needed, and without `--size` any board
    // of the game is accepted; with it, a board of another size is another game.
    let dots = dir.join("dots-0.book");
    let dots = dots.to_str().unwrap();
    for args in [
        &["book", "info", dots][..],
        &["book", "info", "--game", "dots", dots],
        &["book", "info", "--game", "dots", "--size", "2x2", dots],
    ] {
        let (code, out, err) = ply(args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.starts_with("game dots-2x2, depth 0, "), "{out}");
        assert!(out.contains("who wins with perfect play"), "{out}");
    }
    let (code, _, err) = ply(
        &["book", "info", "--game", "dots", "--size", "3x3", dots],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not `dots-3x3`"), "{err}");
    for game in &listed {
        let file = dir.join(format!("{game}-2.book"));
        let (code, out, err) = ply(&["book", "info", file.to_str().unwrap()], b"");
        assert_eq!(code, 0, "{game}: {err}");
        assert!(out.starts_with("game "), "{out}");
    }
}

#[test]
fn a_book_that_cannot_be_written_fails_before_building() {
    let dir = temp_dir("out");
    // The output is refused before any of the build: a build would first find more than
    // ten positions, and fail with that message.
    let missing = dir.join("no-such-directory").join("c4.book");
    for (out, why) in [
        (missing.to_str().unwrap(), "its folder does not exist"),
        (dir.to_str().unwrap(), "it is a directory"),
    ] {
        let (code, _, err) = ply(
            &[
                "book",
                "build",
                "--game",
                "c4",
                "--depth",
                "8",
                "--max-positions",
                "10",
                "-o",
                out,
            ],
            b"",
        );
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("cannot write") && err.contains(why), "{err}");
        assert!(
            !err.contains("positions"),
            "refused before the build: {err}"
        );
    }
    assert!(!missing.exists());
    // A finished start position is refused, and no file is left behind.
    let file = dir.join("over.book");
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--start",
            "xxx oo. ...",
            "--depth",
            "1",
            "-o",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("already over"), "{err}");
    assert!(!file.exists());
    // A build that fails leaves no new file, and an old one as it was.
    let too_many = [
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
    ];
    let mut args = too_many.to_vec();
    args.push(file.to_str().unwrap());
    let (code, _, err) = ply(&args, b"");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("more than 10 positions"), "{err}");
    assert!(!file.exists());
    std::fs::write(&file, b"an older book").unwrap();
    let (code, _, _) = ply(&args, b"");
    assert_eq!(code, 1);
    assert_eq!(std::fs::read(&file).unwrap(), b"an older book");
    // --size is for the games with several boards.
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--size",
            "3x3",
            "--depth",
            "1",
            "-o",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--size is for dots and kalah"), "{err}");
}

#[test]
fn a_limit_beyond_the_machines_memory_is_refused_before_any_work() {
    let dir = temp_dir("memory");
    let file = dir.join("c4.book");
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "c4",
            "--depth",
            "42",
            "--max-positions",
            &u64::MAX.to_string(),
            "-o",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more memory than the machine has"), "{err}");
    assert!(!file.exists());
    // The default limit fits.
    let (code, _, err) = ply(
        &[
            "book",
            "build",
            "--game",
            "ttt",
            "--depth",
            "2",
            "-q",
            "-o",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
