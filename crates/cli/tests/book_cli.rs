//! Drives `ply book` and `ply solve --book` as a user would: building books, reading them
//! back, published scores with a book, and damaged, foreign or missing book files.

mod common;

use std::path::PathBuf;

use common::ply;

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
            "book", "build", "--game", "ttt", "--depth", "9", "--out", path, "--quiet",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("627 positions to depth 9"), "{err}");
    let (code, out, err) = ply(&["book", "info", "--game", "ttt", path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("depth 9, 627 positions"), "{out}");
}

#[test]
fn solving_with_a_book_gives_the_published_scores() {
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
            "--from",
            first,
            "--depth",
            "3",
            "--out",
            path,
            "--table-mb",
            "4",
            "--quiet",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
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
            "--out",
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
            "book", "build", "--game", "c4", "--from", "12345678", "--depth", "1", "--out",
            "x.book",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--from"), "{err}");
}
