//! The values of an opening book (`adversarial::OpeningBook::from_bytes`): every input is
//! made into a well-formed book (the header of a real one, keys in order, a valid
//! checksum) whose plies-left range and values come from the fuzzer, so that every input
//! reaches the checks of the values. Property: the book is accepted exactly when an
//! independent reading of the format says it should be (the range is a range within the
//! board's 9 plies, or unknown; no value is the unused `i16::MIN`; every win or loss is 1 to
//! `most` and at most 9 plies away, a win an odd number and a loss an even number, since in
//! tic-tac-toe the winner makes the last move); an accepted book gives back the values
//! written and is written back byte for byte.
#![no_main]

use std::sync::OnceLock;

use adversarial::{BookBuilder, OpeningBook};
use games::TicTacToe;
use libfuzzer_sys::fuzz_target;

#[path = "common/book_checksum.rs"]
mod book_checksum;
use book_checksum::fnv1a;

/// The magic bytes, version and game name of a real tic-tac-toe book.
fn prefix() -> &'static [u8] {
    static PREFIX: OnceLock<Vec<u8>> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let bytes = BookBuilder::new("tictactoe", 1)
            .build(&TicTacToe::new())
            .expect("a book")
            .to_bytes();
        // Magic (8), version (2), the name's length (1) and the name.
        let len = 8 + 2 + 1 + usize::from(bytes[10]);
        bytes[..len].to_vec()
    })
}

/// `u32` from the first four bytes of `data`, advancing it (zero bytes past its end).
fn take_u32(data: &mut &[u8]) -> u32 {
    let mut b = [0u8; 4];
    let n = data.len().min(4);
    b[..n].copy_from_slice(&data[..n]);
    *data = &data[n..];
    u32::from_le_bytes(b)
}

fuzz_target!(|input: &[u8]| {
    let mut data = input;
    let depth = take_u32(&mut data);
    // Small ranges are the interesting ones: the high bit of each selects a large value.
    let spread = |v: u32| if v & 0x8000_0000 != 0 { v } else { v % 64 };
    let fewest = spread(take_u32(&mut data));
    let most = spread(take_u32(&mut data));
    let mut entries = Vec::new();
    let mut key = 0u64;
    for chunk in data.chunks_exact(4) {
        // Keys strictly increase: the step is at least 1.
        key = key.saturating_add(1 + u64::from(u16::from_le_bytes([chunk[0], chunk[1]])));
        entries.push((key, i16::from_le_bytes([chunk[2], chunk[3]])));
    }
    entries.dedup_by_key(|e| e.0);
    let mut bytes = prefix().to_vec();
    bytes.extend_from_slice(&depth.to_le_bytes());
    bytes.extend_from_slice(&fewest.to_le_bytes());
    bytes.extend_from_slice(&most.to_le_bytes());
    bytes.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for &(k, v) in &entries {
        bytes.extend_from_slice(&k.to_le_bytes());
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    let checksum = fnv1a(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());

    // The format, read independently: the board (tic-tac-toe) lasts at most 9 plies.
    let range = match (fewest, most) {
        (u32::MAX, u32::MAX) => Some(9),
        (f, m) if f <= m && m <= 9 => Some(m),
        _ => None,
    };
    let valid = range.is_some_and(|most| {
        entries.iter().all(|&(_, v)| match v {
            0 => true,
            i16::MIN => false,
            v => {
                let plies = u32::from(v.unsigned_abs()) - 1;
                plies >= 1 && plies <= most && (plies % 2 == 1) == (v > 0)
            }
        })
    });
    match OpeningBook::from_bytes(&bytes, "tictactoe", &TicTacToe::new()) {
        Ok(book) => {
            assert!(
                valid,
                "accepted a book the format forbids: {fewest}..{most}, {entries:?}"
            );
            assert_eq!(book.to_bytes(), bytes);
            assert_eq!(book.len(), entries.len());
            for ((k, v), (bk, bv)) in entries.iter().zip(book.entries()) {
                assert_eq!(*k, bk);
                let plies = bv.plies_to_end();
                match *v {
                    0 => assert_eq!(plies, None),
                    v => assert_eq!(plies, Some(u32::from(v.unsigned_abs()) - 1)),
                }
                assert_eq!(*v > 0, bv > search_core::Score::DRAW);
            }
        }
        Err(e) => {
            assert!(
                !valid,
                "refused a valid book ({fewest}..{most}, {entries:?}): {e}"
            );
            assert!(matches!(e, adversarial::BookError::Malformed(_)), "{e}");
        }
    }
});
