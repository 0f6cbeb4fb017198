//! `adversarial::OpeningBook::from_bytes`. Properties: it never panics; a book it accepts is
//! written back byte for byte by `to_bytes` (the format has one encoding of each book), and
//! every entry is found by `get`. Since random bytes rarely carry a valid checksum, an input
//! whose first byte is odd is read with a fresh checksum appended to the rest, so that the
//! fuzzer also reaches the checks after the checksum (the game's name, key order, values).
#![no_main]

use adversarial::OpeningBook;
use libfuzzer_sys::fuzz_target;

#[path = "common/book_checksum.rs"]
mod book_checksum;
use book_checksum::fnv1a;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        assert!(OpeningBook::from_bytes(data, "tictactoe").is_err());
        return;
    };
    let bytes = if mode % 2 == 1 {
        let mut sealed = rest.to_vec();
        sealed.extend_from_slice(&fnv1a(rest).to_le_bytes());
        sealed
    } else {
        rest.to_vec()
    };
    let Ok(book) = OpeningBook::from_bytes(&bytes, "tictactoe") else {
        return;
    };
    assert_eq!(book.to_bytes(), bytes, "the book is not written back as it was read");
    assert_eq!(book.game(), "tictactoe");
    for (key, value) in book.entries() {
        assert_eq!(book.get(key), Some(value));
    }
});
