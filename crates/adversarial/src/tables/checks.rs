//! Properties every table must have, written once for the tests of
//! [`TranspositionTable`](crate::TranspositionTable) and [`CompactTable`](crate::CompactTable),
//! which run them on tables of their own sizes and keys.

use proptest::prelude::*;
use search_core::Score;

use crate::tables::entry::{Bound, TableEntry};

/// The largest table the tests fill and scan: 1 MiB, or 4 KiB under Miri, which interprets
/// every step and would take hours over a megabyte.
pub(crate) const LARGE_TEST_TABLE_BYTES: u64 = if cfg!(miri) { 1 << 12 } else { 1 << 20 };

/// What the checks need of a table.
pub(crate) trait Table: Sync {
    fn store(&self, key: u64, entry: TableEntry);
    fn probe(&self, key: u64) -> Option<TableEntry>;
    fn prefetch(&self, key: u64);
    fn clear(&self);
    /// The occupied entries ([`TableStats::occupied`](crate::TableStats::occupied)).
    fn occupied(&self) -> usize;
}

/// Twice, every key stored, then the table emptied: it holds something exactly when a key
/// was stored, and nothing once emptied.
pub(crate) fn clear_empties_what_stores_wrote(
    table: &impl Table,
    keys: &[u64],
) -> Result<(), TestCaseError> {
    for round in 0..2 {
        for (i, &key) in keys.iter().enumerate() {
            table.store(
                key,
                TableEntry {
                    score: Score::heuristic(i as i32),
                    depth: round,
                    bound: Bound::Exact,
                    move_index: None,
                },
            );
        }
        prop_assert_eq!(table.occupied() > 0, !keys.is_empty());
        table.clear();
        prop_assert_eq!(table.occupied(), 0);
        for &key in keys {
            prop_assert_eq!(table.probe(key), None);
        }
    }
    Ok(())
}

/// Prefetching `keys` (the prefetch hint reads nothing into the program and writes nothing)
/// leaves the table as it was.
pub(crate) fn prefetch_changes_nothing(table: &impl Table, keys: impl Iterator<Item = u64>) {
    let e = TableEntry {
        score: Score::win_in(5),
        depth: 7,
        bound: Bound::Lower,
        move_index: Some(3),
    };
    table.store(77, e);
    let before = table.occupied();
    for key in keys {
        table.prefetch(key);
    }
    assert_eq!(table.occupied(), before);
    assert_eq!(table.probe(77), Some(e));
}

/// Two threads store and probe keys of their own at once: whatever a thread finds for its
/// key is what it stored (with the score `score(key)`), never a torn entry.
pub(crate) fn threads_share_the_table(table: &impl Table, score: impl Fn(u64) -> Score + Sync) {
    // Miri interprets every step, and a few hundred interleaved stores are what it checks.
    let keys_per_thread = if cfg!(miri) { 300 } else { 10_000 };
    std::thread::scope(|s| {
        for id in 0..2u64 {
            let (table, score) = (table, &score);
            s.spawn(move || {
                for k in 0..keys_per_thread {
                    let key = k * 2 + id;
                    let e = TableEntry {
                        score: score(key),
                        depth: 1,
                        bound: Bound::Exact,
                        move_index: None,
                    };
                    table.store(key, e);
                    if let Some(got) = table.probe(key) {
                        assert_eq!(got.score, e.score);
                    }
                }
            });
        }
    });
}
