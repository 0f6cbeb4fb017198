//! A denser transposition table for games with a short exact key: 8-byte entries in
//! four-way buckets of 32 bytes, each entry holding only the part of the key its bucket does
//! not already tell.
//!
//! A key of `K` bits ([`GameHash::KEY_BITS`], exact by [`GameHash::KEY_IS_EXACT`]) is first
//! mixed by a multiplication modulo `2^K` with an odd constant, which is a bijection of the
//! `K`-bit numbers. The top bits of the mixed key pick the bucket and the remaining low bits
//! are stored in the entry, so bucket and entry together hold the whole mixed key: two
//! states are never confused, although an entry keeps at most 33 bits of it (Connect Four's
//! 49-bit key needs at least 2^16 buckets, 2 MiB). Each entry is one `AtomicU64`, written
//! and read whole, so threads share the table without locks and without torn entries.

use core::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

use search_core::{GameHash, Score};

use crate::tables::entry::{
    Bound, Generation, Replacement, TableEntry, TableSizeError, TableStats, largest_fitting,
    megabytes_to_bytes, move_code, move_of_code,
};
use crate::tables::memory::{Written, allocate_written, prefetch_line};
use crate::tables::transpositions::Transpositions;
use search_core::builder_methods;

/// Bytes taken by one entry of a [`CompactTable`].
pub(crate) const COMPACT_ENTRY_BYTES: usize = 8;

/// Entries per bucket of a [`CompactTable`].
const WAYS: usize = 4;

/// Bits of an entry that hold the data; the key's check bits sit above them.
const DATA_BITS: u32 = 31;

/// The most key bits an entry can hold.
const CHECK_BITS_MAX: u32 = 64 - DATA_BITS;

/// Generations an entry can tell apart (2 bits).
const GENERATIONS: u8 = 4;

/// The largest depth stored as it is; deeper results are stored as "at least this deep" and
/// read back as `u16::MAX`, so that only an exact solver (which ignores depths) or a search
/// of the largest depth takes a cut-off from them.
const DEPTH_SATURATED: u16 = 127;

/// Scores stored as they are: heuristic values and draws within this bound, wins and losses
/// within this many plies of the end.
const SCORE_SPAN: i32 = 16_383;

#[repr(align(32))]
struct Bucket([AtomicU64; WAYS]);

impl Bucket {
    fn empty() -> Self {
        Bucket([
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
            AtomicU64::new(0),
        ])
    }
}

/// The 16-bit code of a score, if it has one: heuristic values and draws in
/// `-SCORE_SPAN..=SCORE_SPAN` as they are, wins and losses at most `SCORE_SPAN` plies from
/// the end above and below them.
#[inline]
fn encode_score(score: Score) -> Option<u16> {
    let code = if let Some(value) = score.heuristic_value() {
        if value.abs() > SCORE_SPAN {
            return None;
        }
        value
    } else {
        let plies = i32::try_from(score.plies_to_end()?).ok()?;
        if plies > SCORE_SPAN {
            return None;
        }
        if score.is_win() {
            32_767 - plies
        } else {
            plies - 32_767
        }
    };
    Some(code as i16 as u16)
}

#[inline]
fn decode_score(code: u16) -> Option<Score> {
    let code = i32::from(code as i16);
    if code.abs() <= SCORE_SPAN {
        Some(Score::heuristic(code))
    } else if code > SCORE_SPAN {
        Some(Score::win_in((32_767 - code) as u32))
    } else if code > -32_768 {
        Some(Score::loss_in((32_767 + code) as u32))
    } else {
        None
    }
}

// Data bits: bound (2: 0 empty, 1 exact, 2 lower, 3 upper) | generation (2) |
// move index + 1 (4, 0 = none) | depth (7) | score code (16).
#[inline]
fn pack(entry: &TableEntry, generation: u8) -> Option<u64> {
    let score = u64::from(encode_score(entry.score)?);
    let depth = u64::from(entry.depth.min(DEPTH_SATURATED));
    let mv = move_code(entry.move_index, 15);
    Some(
        entry.bound.code()
            | (u64::from(generation % GENERATIONS) << 2)
            | (mv << 4)
            | (depth << 8)
            | (score << 15),
    )
}

#[inline]
fn bound_of(word: u64) -> u64 {
    word & 3
}

#[inline]
fn generation_of(word: u64) -> u8 {
    ((word >> 2) & 3) as u8
}

#[inline]
fn depth_of(word: u64) -> u16 {
    ((word >> 8) & 0x7f) as u16
}

#[inline]
fn unpack(word: u64) -> Option<TableEntry> {
    let bound = Bound::from_code(word)?;
    let depth = depth_of(word);
    Some(TableEntry {
        score: decode_score(((word >> 15) & 0xffff) as u16)?,
        depth: if depth == DEPTH_SATURATED {
            u16::MAX
        } else {
            depth
        },
        bound,
        move_index: move_of_code(((word >> 4) & 0xf) as u8),
    })
}

/// A transposition table of 8-byte entries in four-way buckets, for games whose exact key
/// fits in few bits: twice the positions of a [`TranspositionTable`](crate::TranspositionTable)
/// in the same memory, and a choice of four slots for each position instead of one.
///
/// It is typed by the game, whose [`KEY_BITS`](GameHash::KEY_BITS) it checks when it is
/// made: the key must be [exact](GameHash::KEY_IS_EXACT), and short enough that the bucket
/// index and an entry's 33 check bits hold all of it
/// ([`TableSizeError::KeyTooWide`] names the smallest size that does). What an entry keeps:
///
/// * scores: heuristic values and draws within ±16,383, wins and losses within 16,383 plies
///   of the end (anything else is not stored: the search just does not find it);
/// * depths up to 126 as they are; deeper results are read back as depth `u16::MAX`;
/// * move indices 0 to 14 (a later best move is stored without it).
///
/// Replacement: a store for a position already in its bucket overwrites it; otherwise it
/// takes an empty entry, or else the least valuable one (an older
/// [generation](CompactTable::new_search) first, then the smallest depth). With
/// [`Replacement::DepthPreferred`] (the default), a store gives way when that entry is
/// from this generation and deeper; with [`Replacement::Always`] it never does.
///
/// ```
/// use adversarial::{Bound, CompactTable, Solver, TableEntry};
/// use games::ConnectFour;
/// use search_core::Score;
/// use std::sync::Arc;
///
/// let table = CompactTable::<ConnectFour>::with_megabytes(4).unwrap();
/// assert_eq!(table.entries(), 1 << 19); // 8 bytes each
/// let e = TableEntry { score: Score::win_in(7), depth: 3, bound: Bound::Lower, move_index: Some(2) };
/// table.store(0x1_2345_6789, e);
/// assert_eq!(table.probe(0x1_2345_6789), Some(e));
/// assert_eq!(table.probe(0x1_2345_6788), None);
///
/// // The solver takes it as it takes any table.
/// let mut solver = Solver::new().with_table(Arc::new(table));
/// let s = solver.solve(&"274552224131661".parse::<ConnectFour>().unwrap()).unwrap();
/// assert_eq!(s.score, Some(Score::DRAW)); // Pascal Pons' benchmark score 0
/// ```
pub struct CompactTable<G> {
    buckets: Box<[Bucket]>,
    written: Written,
    /// Bits of the key below the bucket index: the check bits an entry stores.
    check_bits: u32,
    /// The game's key bits.
    key_bits: u32,
    generation: Generation<GENERATIONS>,
    replacement: Replacement,
    game: PhantomData<fn() -> G>,
}

impl<G> core::fmt::Debug for CompactTable<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CompactTable")
            .field("entries", &self.entries())
            .field("key_bits", &self.key_bits)
            .field("replacement", &self.replacement)
            .finish()
    }
}

impl<G: GameHash> CompactTable<G> {
    /// A table of at most `bytes` bytes for `G`, with depth-preferred replacement: the
    /// largest power-of-two number of 32-byte buckets that fits, but never more buckets
    /// than `G`'s keys can fill (`2^KEY_BITS`). The memory is allocated and written here,
    /// once (on Linux, advised for transparent huge pages first, as
    /// [`TranspositionTable::new`](crate::TranspositionTable::new) does); a search never
    /// allocates in the table.
    ///
    /// # Errors
    /// [`TableSizeError::KeyNotExact`] if `G`'s key is not exact;
    /// [`TableSizeError::KeyTooWide`] if the table is too small to verify `G`'s key;
    /// otherwise as [`TranspositionTable::new`](crate::TranspositionTable::new).
    ///
    /// ```
    /// use adversarial::{CompactTable, TableSizeError};
    /// use games::{ConnectFour, TicTacToe};
    /// let t = CompactTable::<TicTacToe>::with_megabytes(64).unwrap();
    /// assert_eq!(t.entries(), 4 << 18); // a bucket per possible 18-bit key, no more
    /// assert_eq!(
    ///     CompactTable::<ConnectFour>::new(1 << 20).unwrap_err(),
    ///     TableSizeError::KeyTooWide { key_bits: 49, min_bytes: 2 << 20 }
    /// );
    /// ```
    pub fn new(bytes: u64) -> Result<Self, TableSizeError> {
        let bucket_bytes = WAYS * COMPACT_ENTRY_BYTES;
        let fit = largest_fitting(bytes, bucket_bytes)?;
        if !G::KEY_IS_EXACT {
            return Err(TableSizeError::KeyNotExact);
        }
        let key_bits = G::KEY_BITS.min(64);
        let bucket_bits = fit.trailing_zeros().min(key_bits);
        let check_bits = key_bits - bucket_bits;
        if check_bits > CHECK_BITS_MAX {
            let min_bits = key_bits - CHECK_BITS_MAX;
            return Err(TableSizeError::KeyTooWide {
                key_bits,
                min_bytes: (bucket_bytes as u64)
                    .saturating_mul(1u64.checked_shl(min_bits).unwrap_or(u64::MAX)),
            });
        }
        let count = 1usize << bucket_bits;
        Ok(CompactTable {
            buckets: allocate_written(count, Bucket::empty)?,
            written: Written::new(count),
            check_bits,
            key_bits,
            generation: Generation::new(),
            replacement: Replacement::DepthPreferred,
            game: PhantomData,
        })
    }

    /// A table of at most `megabytes` MiB, as [`CompactTable::new`].
    ///
    /// # Errors
    /// As [`CompactTable::new`].
    ///
    /// ```
    /// let t = adversarial::CompactTable::<games::ConnectFour>::with_megabytes(16).unwrap();
    /// assert_eq!(t.size_bytes(), 16 << 20);
    /// ```
    pub fn with_megabytes(megabytes: u64) -> Result<Self, TableSizeError> {
        Self::new(megabytes_to_bytes(megabytes))
    }
}

impl<G> CompactTable<G> {
    builder_methods! {
        /// The same table with another replacement policy.
        ///
        /// ```
        /// use adversarial::{CompactTable, Replacement};
        /// let t = CompactTable::<games::TicTacToe>::new(4096).unwrap().with_replacement(Replacement::Always);
        /// assert_eq!(t.replacement(), Replacement::Always);
        /// ```
        with_replacement(replacement: Replacement) => replacement;

        /// The replacement policy.
        ///
        /// ```
        /// let t = adversarial::CompactTable::<games::TicTacToe>::new(64).unwrap();
        /// assert_eq!(t.replacement(), adversarial::Replacement::DepthPreferred);
        /// ```
        replacement() -> Replacement = replacement;
    }

    /// The number of entries (four per bucket).
    ///
    /// ```
    /// assert_eq!(adversarial::CompactTable::<games::TicTacToe>::new(100).unwrap().entries(), 8);
    /// ```
    #[must_use]
    pub fn entries(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// The memory the entries take, in bytes.
    ///
    /// ```
    /// assert_eq!(adversarial::CompactTable::<games::TicTacToe>::new(100).unwrap().size_bytes(), 64);
    /// ```
    #[must_use]
    pub fn size_bytes(&self) -> u64 {
        (self.entries() * COMPACT_ENTRY_BYTES) as u64
    }

    /// Empties every entry (and resets the generation). As
    /// [`TranspositionTable::clear`](crate::TranspositionTable::clear), it rewrites only the
    /// parts of the table written since it was last emptied (regions of 2 KiB or more).
    ///
    /// ```
    /// use adversarial::{Bound, CompactTable, TableEntry};
    /// use search_core::Score;
    /// let t = CompactTable::<games::TicTacToe>::new(64).unwrap();
    /// t.store(1, TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None });
    /// t.clear();
    /// assert_eq!(t.stats().occupied, 0);
    /// ```
    pub fn clear(&self) {
        self.written.drain(|region| {
            for bucket in &self.buckets[region] {
                for entry in &bucket.0 {
                    entry.store(0, Ordering::Relaxed);
                }
            }
        });
        self.generation.reset();
    }

    /// Starts a new search generation: entries of older generations are the first to be
    /// replaced, whatever their depth.
    ///
    /// ```
    /// use adversarial::{Bound, CompactTable, TableEntry};
    /// use search_core::Score;
    /// let t = CompactTable::<games::TicTacToe>::new(32).unwrap(); // one bucket
    /// let deep = TableEntry { score: Score::DRAW, depth: 9, bound: Bound::Exact, move_index: None };
    /// for key in 1..=4 {
    ///     t.store(key, deep);
    /// }
    /// t.store(5, TableEntry { depth: 1, ..deep });
    /// assert_eq!(t.probe(5), None); // four deeper entries were kept
    /// t.new_search();
    /// t.store(5, TableEntry { depth: 1, ..deep });
    /// assert!(t.probe(5).is_some()); // an old entry gave way
    /// ```
    pub fn new_search(&self) {
        self.generation.advance();
    }

    /// The bucket and check bits of `key`, or `None` for a key wider than the game's
    /// [`KEY_BITS`](GameHash::KEY_BITS) (which a conforming game never gives).
    #[inline]
    fn locate(&self, key: u64) -> Option<(usize, u64)> {
        if self.key_bits < 64 && key >> self.key_bits != 0 {
            return None;
        }
        let mask = if self.key_bits >= 64 {
            u64::MAX
        } else {
            (1 << self.key_bits) - 1
        };
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
        let bucket = (mixed.checked_shr(self.check_bits).unwrap_or(0)) as usize;
        let check = if self.check_bits >= 64 {
            mixed
        } else {
            mixed & ((1 << self.check_bits) - 1)
        };
        Some((bucket & (self.buckets.len() - 1), check))
    }

    /// The entry stored for `key`, if any.
    ///
    /// ```
    /// let t = adversarial::CompactTable::<games::TicTacToe>::new(64).unwrap();
    /// assert_eq!(t.probe(7), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        unpack(self.find(key)?)
    }

    /// The occupied entry word of `key`'s position in its bucket, if there is one.
    #[inline]
    fn find(&self, key: u64) -> Option<u64> {
        let (index, check) = self.locate(key)?;
        self.buckets[index].0.iter().find_map(|entry| {
            let word = entry.load(Ordering::Relaxed);
            (bound_of(word) != 0 && word >> DATA_BITS == check).then_some(word)
        })
    }

    /// Stores `entry` for `key` (see the type's documentation for the replacement rule).
    /// An entry that cannot be represented (a score out of range) is not stored.
    ///
    /// ```
    /// use adversarial::{Bound, CompactTable, TableEntry};
    /// use search_core::Score;
    /// let t = CompactTable::<games::TicTacToe>::new(64).unwrap();
    /// let e = TableEntry { score: Score::loss_in(4), depth: 2, bound: Bound::Upper, move_index: None };
    /// t.store(99, e);
    /// assert_eq!(t.probe(99), Some(e));
    /// ```
    #[inline]
    pub fn store(&self, key: u64, entry: TableEntry) {
        let Some((index, check)) = self.locate(key) else {
            return;
        };
        let bucket = &self.buckets[index];
        let generation = self.generation.get();
        let Some(data) = pack(&entry, generation) else {
            return;
        };
        let word = (check << DATA_BITS) | data;
        // The position's own entry, else an empty one, else the least valuable: an older
        // generation first, then the smallest depth; among equals, the scan starts at a
        // place the key chooses, so that equal entries are not always evicted in the same
        // slot.
        let start = (check as usize) & (WAYS - 1);
        let mut victim = start;
        let mut victim_rank = u32::MAX;
        for i in 0..WAYS {
            let way = (start + i) & (WAYS - 1);
            let old = bucket.0[way].load(Ordering::Relaxed);
            if bound_of(old) == 0 || old >> DATA_BITS == check {
                self.written.mark(index);
                bucket.0[way].store(word, Ordering::Relaxed);
                return;
            }
            let current = generation_of(old) == generation % GENERATIONS;
            let rank = (u32::from(current) << 8) | u32::from(depth_of(old));
            if rank < victim_rank {
                victim = way;
                victim_rank = rank;
            }
        }
        if self.replacement == Replacement::DepthPreferred
            && victim_rank >> 8 == 1
            && victim_rank & 0xff > u32::from(entry.depth.min(DEPTH_SATURATED))
        {
            return;
        }
        self.written.mark(index);
        bucket.0[victim].store(word, Ordering::Relaxed);
    }

    /// Asks the processor to start loading `key`'s bucket into its cache (see
    /// [`TranspositionTable::prefetch`](crate::TranspositionTable::prefetch)); a hint only.
    ///
    /// ```
    /// let t = adversarial::CompactTable::<games::TicTacToe>::new(1 << 10).unwrap();
    /// t.prefetch(12);
    /// assert_eq!(t.probe(12), None);
    /// ```
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if let Some((index, _)) = self.locate(key) {
            prefetch_line(core::ptr::from_ref(&self.buckets[index]).cast());
        }
    }

    /// Counts the occupied entries (a full scan: call it between searches).
    ///
    /// ```
    /// use adversarial::{Bound, CompactTable, TableEntry};
    /// use search_core::Score;
    /// let t = CompactTable::<games::TicTacToe>::new(1024).unwrap();
    /// t.store(5, TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None });
    /// let s = t.stats();
    /// assert_eq!((s.slots, s.occupied, s.current_generation), (128, 1, 1));
    /// ```
    #[must_use]
    pub fn stats(&self) -> TableStats {
        let generation = self.generation.get() % GENERATIONS;
        let mut stats = TableStats {
            slots: self.entries(),
            ..TableStats::default()
        };
        for bucket in self.buckets.iter() {
            for entry in &bucket.0 {
                let word = entry.load(Ordering::Relaxed);
                if bound_of(word) != 0 {
                    stats.occupied += 1;
                    if generation_of(word) == generation {
                        stats.current_generation += 1;
                    }
                }
            }
        }
        stats
    }
}

impl<G: GameHash> Transpositions<G> for CompactTable<G> {
    const ENABLED: bool = true;
    /// The state's [`hash_key`](GameHash::hash_key) (exact, as the table requires).
    ///
    /// ```
    /// use adversarial::{CompactTable, Transpositions};
    /// use games::ConnectFour;
    /// use search_core::GameHash;
    /// let t = CompactTable::<ConnectFour>::with_megabytes(2).unwrap();
    /// let g: ConnectFour = "44".parse().unwrap();
    /// assert_eq!(t.key(&g), g.hash_key());
    /// ```
    #[inline]
    fn key(&self, state: &G) -> u64 {
        state.hash_key()
    }
    /// The state's [`canonical_key`](GameHash::canonical_key) for a game with
    /// [`HAS_SYMMETRY`](GameHash::HAS_SYMMETRY), and whether it is the state's own key.
    #[inline]
    fn class_key(&self, state: &G) -> (u64, bool) {
        if !G::HAS_SYMMETRY {
            return (state.hash_key(), true);
        }
        let class = state.canonical_key();
        (class, class == state.hash_key())
    }
    #[inline]
    fn probe(&self, key: u64) -> Option<TableEntry> {
        CompactTable::probe(self, key)
    }
    /// Looks `key` up at once (a bucket is read whole): the entry's word and 1 when found,
    /// zeros otherwise.
    #[inline]
    fn fetch(&self, key: u64) -> [u64; 2] {
        self.find(key).map_or([0, 0], |word| [word, 1])
    }
    #[inline]
    fn decode(&self, _key: u64, raw: [u64; 2]) -> Option<TableEntry> {
        if raw[1] == 1 { unpack(raw[0]) } else { None }
    }
    #[inline]
    fn store(&self, key: u64, entry: TableEntry) {
        CompactTable::store(self, key, entry);
    }
    #[inline]
    fn prefetch(&self, key: u64) {
        CompactTable::prefetch(self, key);
    }
    #[inline]
    fn check_keys(&self, state: &G) -> Result<(), search_core::SearchError> {
        search_core::check_root_keys(state)
    }
    fn new_search(&self) {
        CompactTable::new_search(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_TABLE_BYTES;
    use crate::tables::checks::{self, Table};
    use proptest::prelude::*;

    impl<G: GameHash> Table for CompactTable<G> {
        fn store(&self, key: u64, entry: TableEntry) {
            CompactTable::store(self, key, entry);
        }
        fn probe(&self, key: u64) -> Option<TableEntry> {
            CompactTable::probe(self, key)
        }
        fn prefetch(&self, key: u64) {
            CompactTable::prefetch(self, key);
        }
        fn clear(&self) {
            CompactTable::clear(self);
        }
        fn occupied(&self) -> usize {
            self.stats().occupied
        }
    }

    fn any_entry() -> impl Strategy<Value = TableEntry> {
        let score = prop_oneof![
            (-SCORE_SPAN..=SCORE_SPAN).prop_map(Score::heuristic),
            (0..=SCORE_SPAN as u32).prop_map(Score::win_in),
            (0..=SCORE_SPAN as u32).prop_map(Score::loss_in),
        ];
        (score, 0u16..127, 0..3u8, proptest::option::of(0u8..15)).prop_map(
            |(score, depth, b, move_index)| TableEntry {
                score,
                depth,
                bound: [Bound::Exact, Bound::Lower, Bound::Upper][b as usize],
                move_index,
            },
        )
    }

    /// A game whose key has `BITS` bits; only the table's arithmetic is used.
    #[derive(Clone, Debug)]
    struct Bits<const BITS: u32>;

    impl<const BITS: u32> search_core::Game for Bits<BITS> {
        type Move = u8;
        fn to_move(&self) -> search_core::Player {
            search_core::Player::First
        }
        fn legal_moves(&self, _: &mut Vec<u8>) {}
        fn play(&mut self, _: u8) {}
        fn outcome(&self) -> search_core::Outcome {
            search_core::Outcome::Draw
        }
    }

    impl<const BITS: u32> GameHash for Bits<BITS> {
        const KEY_IS_EXACT: bool = true;
        const KEY_BITS: u32 = BITS;
        fn hash_key(&self) -> u64 {
            0
        }
    }

    proptest! {
        #[test]
        fn entries_round_trip(e in any_entry(), g in 0u8..4) {
            prop_assert_eq!(unpack(pack(&e, g).unwrap()), Some(e));
            prop_assert_eq!(generation_of(pack(&e, g).unwrap()), g);
        }

        #[test]
        fn keys_are_told_apart_exactly(keys in proptest::collection::vec(0u64..1 << 40, 1..400)) {
            // 40-bit keys in a table of 2^10 buckets: 30 check bits, every key exact.
            let t = CompactTable::<Bits<40>>::new(32 << 10).unwrap();
            let mut stored = std::collections::HashMap::new();
            for (i, &key) in keys.iter().enumerate() {
                let e = TableEntry {
                    score: Score::heuristic(i as i32),
                    depth: 1,
                    bound: Bound::Exact,
                    move_index: None,
                };
                t.store(key, e);
                stored.insert(key, e);
            }
            // Whatever is found is what was stored last for that key, never another key's.
            for (&key, &e) in &stored {
                if let Some(found) = t.probe(key) {
                    prop_assert_eq!(found, e);
                }
            }
            // And a key never stored is never found.
            for &key in &keys {
                let other = key ^ (1 << 39);
                if !stored.contains_key(&other) {
                    prop_assert_eq!(t.probe(other), None);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn clear_empties_what_stores_wrote(keys in proptest::collection::vec(0u64..1 << 20, 0..300)) {
            for bytes in [32, 1 << 10, checks::LARGE_TEST_TABLE_BYTES] {
                for replacement in [Replacement::Always, Replacement::DepthPreferred] {
                    let t = CompactTable::<Bits<20>>::new(bytes)
                        .unwrap()
                        .with_replacement(replacement);
                    checks::clear_empties_what_stores_wrote(&t, &keys)?;
                }
            }
        }
    }

    #[test]
    fn scores_out_of_range_are_not_stored() {
        let t = CompactTable::<Bits<20>>::new(1 << 10).unwrap();
        for score in [
            Score::heuristic(SCORE_SPAN + 1),
            Score::win_in(SCORE_SPAN as u32 + 1),
            Score::INFINITY,
            Score::NEG_INFINITY,
        ] {
            let e = TableEntry {
                score,
                depth: 1,
                bound: Bound::Lower,
                move_index: None,
            };
            t.store(3, e);
            assert_eq!(t.probe(3), None, "{score:?}");
        }
    }

    #[test]
    fn deep_results_read_back_as_the_largest_depth() {
        let t = CompactTable::<Bits<20>>::new(1 << 10).unwrap();
        let e = TableEntry {
            score: Score::DRAW,
            depth: 500,
            bound: Bound::Exact,
            move_index: Some(20),
        };
        t.store(9, e);
        let got = t.probe(9).unwrap();
        assert_eq!((got.depth, got.move_index), (u16::MAX, None));
    }

    #[test]
    fn keys_wider_than_promised_are_neither_stored_nor_found() {
        let t = CompactTable::<Bits<20>>::new(1 << 10).unwrap();
        let e = TableEntry {
            score: Score::DRAW,
            depth: 1,
            bound: Bound::Exact,
            move_index: None,
        };
        t.store(1 << 20, e);
        assert_eq!(t.probe(1 << 20), None);
        assert_eq!(t.stats().occupied, 0);
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entries() {
        let t = CompactTable::<Bits<2>>::new(32).unwrap(); // one bucket of four
        let e = |depth| TableEntry {
            score: Score::DRAW,
            depth,
            bound: Bound::Exact,
            move_index: None,
        };
        for key in 0..4 {
            t.store(key, e(10 + key as u16));
        }
        assert_eq!(t.stats().occupied, 4);
        // Keys are 2 bits here, so a fifth position cannot exist; overwrite key 1 instead.
        t.store(1, e(3));
        assert_eq!(t.probe(1), Some(e(3)));
        let t = CompactTable::<Bits<3>>::new(32).unwrap();
        for key in 0..4 {
            t.store(key, e(10 + key as u16));
        }
        t.store(7, e(5));
        assert_eq!(
            t.probe(7),
            None,
            "depth-preferred keeps four deeper entries"
        );
        let t = t.with_replacement(Replacement::Always);
        t.store(7, e(5));
        assert_eq!(t.probe(7), Some(e(5)));
        assert_eq!(t.probe(0), None, "the shallowest entry gave way");
        for key in 1..4 {
            assert_eq!(t.probe(key), Some(e(10 + key as u16)));
        }
    }

    #[test]
    fn prefetch_changes_nothing() {
        let t = CompactTable::<Bits<12>>::new(1 << 10).unwrap();
        checks::prefetch_changes_nothing(&t, (0..1 << 12).chain([u64::MAX]));
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(
            CompactTable::<Bits<20>>::new(31).unwrap_err(),
            TableSizeError::TooSmall { bytes: 31 }
        );
        assert!(matches!(
            CompactTable::<Bits<20>>::new(MAX_TABLE_BYTES + 1),
            Err(TableSizeError::TooLarge { .. })
        ));
        // 64-bit keys need 2^31 buckets (64 GiB) to verify: refused below that.
        assert_eq!(
            CompactTable::<Bits<64>>::new(1 << 20).unwrap_err(),
            TableSizeError::KeyTooWide {
                key_bits: 64,
                min_bytes: 64 << 30
            }
        );
    }

    #[test]
    fn threads_share_the_table() {
        let t = CompactTable::<Bits<32>>::new(1 << 12).unwrap();
        checks::threads_share_the_table(&t, |key| Score::heuristic((key % 10_000) as i32));
    }
}
