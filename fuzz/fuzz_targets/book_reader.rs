//! `adversarial::OpeningBook::from_bytes` and `BookFile::read_from`. Properties: they never
//! panic; a book accepted is written back byte for byte by `to_bytes` (the format has one
//! encoding of each book), finds each of its entries, and holds only values a tic-tac-toe
//! position can have (a draw, or a win or a loss 1 to 9 plies away, the winner making the
//! last move); reading through a reader gives the same answer as reading the bytes (but
//! `TooLarge` where the bytes are `Truncated`: a header announcing more than there is), and
//! a reader whose limit is below the length the header announces refuses the file as too
//! large without reading further. Since random bytes rarely carry a valid checksum, an input
//! whose first byte is odd is read with a fresh checksum appended to the rest, so that the
//! fuzzer also reaches the checks after the checksum (the game's name, key order, values).
#![no_main]

use adversarial::{BookError, BookFile, OpeningBook};
use games::TicTacToe;
use libfuzzer_sys::fuzz_target;

#[path = "common/book_checksum.rs"]
mod book_checksum;
use book_checksum::fnv1a;

fuzz_target!(|data: &[u8]| {
    let board = TicTacToe::new();
    let Some((&mode, rest)) = data.split_first() else {
        assert!(OpeningBook::from_bytes(data, "tictactoe", &board).is_err());
        return;
    };
    let bytes = if mode % 2 == 1 {
        let mut sealed = rest.to_vec();
        sealed.extend_from_slice(&fnv1a(rest).to_le_bytes());
        sealed
    } else {
        rest.to_vec()
    };
    let read = OpeningBook::from_bytes(&bytes, "tictactoe", &board);
    // The same through a reader with room for the whole file, except that a header
    // announcing more than the file holds is refused by the reader as too large for its
    // limit before it reads on, where the bytes are found cut short.
    let streamed = BookFile::read_from(&bytes[..], bytes.len() as u64)
        .and_then(|file| file.into_book("tictactoe", &board));
    same_answer(&read, &streamed, bytes.len());
    // A reader with less room refuses the file as too large, or for what is wrong before
    // its length is known.
    if let Some(limit) = bytes.len().checked_sub(1 + usize::from(mode / 2) % 8) {
        match BookFile::read_from(&bytes[..], limit as u64) {
            Err(BookError::TooLarge {
                announced,
                limit: l,
            }) => {
                assert!(announced > l && l == limit as u64);
            }
            Err(
                BookError::Truncated { .. }
                | BookError::NotABook
                | BookError::UnsupportedVersion { .. },
            ) => {}
            Err(BookError::Malformed(_)) => {}
            other => assert!(
                read.is_err(),
                "{other:?} within a limit below the file's length"
            ),
        }
    }
    let Ok(book) = read else {
        return;
    };
    assert_eq!(
        book.to_bytes(),
        bytes,
        "the book is not written back as it was read"
    );
    assert_eq!(book.game(), "tictactoe");
    for (key, value) in book.entries() {
        assert_eq!(book.get(key), Some(value));
        if let Some(d) = value.plies_to_end() {
            assert!((1..=9).contains(&d), "{value}");
            assert_eq!(d % 2 == 1, value.is_win(), "{value}");
        }
    }
});

/// `streamed` (read through a reader whose limit is `len`) is `read` (from the `len` bytes),
/// or, where the bytes are cut short of what their header announces, the reader's refusal
/// of that length.
fn same_answer<T: PartialEq + std::fmt::Debug>(
    read: &Result<T, BookError>,
    streamed: &Result<T, BookError>,
    len: usize,
) {
    match (read, streamed) {
        (
            Err(BookError::Truncated { needed, found }),
            Err(BookError::TooLarge { announced, limit }),
        ) => {
            assert!(*found == len as u64 && *limit == len as u64);
            assert!(announced == needed && announced > limit);
        }
        _ => assert_eq!(read, streamed),
    }
}
