//! `adversarial::BookShard::from_bytes` and `read_from`, the shard files of a book built in
//! shards. Properties: they never panic; a shard accepted is written back byte for byte by
//! `to_bytes`, its number is K/N with 1 <= K <= N, it has no more entries than its part and
//! no part larger than its level; reading through a reader with room for the file gives the
//! same answer (but `TooLarge` where the bytes are `Truncated`: a header announcing more). Inputs with an odd first byte get a valid checksum appended, so that the
//! fuzzer reaches the checks behind it; and a merge of an accepted shard into a small real
//! build never panics (it is refused as foreign, or accepted when it is the real shard).
#![no_main]

use std::sync::OnceLock;

use adversarial::{BookBuilder, BookError, BookPlan, BookShard};
use games::TicTacToe;
use libfuzzer_sys::fuzz_target;

#[path = "common/book_checksum.rs"]
mod book_checksum;
use book_checksum::fnv1a;

fn build() -> &'static (BookBuilder, BookPlan<TicTacToe>) {
    static BUILD: OnceLock<(BookBuilder, BookPlan<TicTacToe>)> = OnceLock::new();
    BUILD.get_or_init(|| {
        let builder = BookBuilder::new("tictactoe", 2);
        let plan = builder.plan(&TicTacToe::new(), 1).expect("a plan");
        (builder, plan)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        assert!(BookShard::from_bytes(data).is_err());
        return;
    };
    let bytes = if mode % 2 == 1 {
        let mut sealed = rest.to_vec();
        sealed.extend_from_slice(&fnv1a(rest).to_le_bytes());
        sealed
    } else {
        rest.to_vec()
    };
    let read = BookShard::from_bytes(&bytes);
    let streamed = BookShard::read_from(&bytes[..], bytes.len() as u64);
    match (&read, &streamed) {
        // A header announcing more than the file holds: the reader refuses that length
        // before it reads on, the bytes are found cut short.
        (
            Err(BookError::Truncated { needed, found }),
            Err(BookError::TooLarge { announced, limit }),
        ) => {
            assert!(*found == bytes.len() as u64 && *limit == bytes.len() as u64);
            assert!(announced == needed && announced > limit);
        }
        _ => assert_eq!(read, streamed),
    }
    let Ok(shard) = read else {
        return;
    };
    assert_eq!(
        shard.to_bytes(),
        bytes,
        "the shard is not written back as it was read"
    );
    let id = shard.id();
    assert!(1 <= id.number() && id.number() <= id.count());
    assert!(shard.solved() <= shard.positions());
    let (builder, plan) = build();
    // Foreign, unfinished or accepted: never a panic.
    let _ = builder.merge(plan, &[shard]);
});
