//! [`TranspositionTable`]: a fixed-size, lock-free hash table of search results shared by
//! every engine of the crate (and by all threads of a parallel search); and the request for
//! one by size that an engine fulfils when its first search starts.
//!
//! Each slot is two `AtomicU64` words: the packed data and the key XOR the data (the
//! "lockless hashing" trick). A reader that sees a torn write (the two words coming from
//! different stores) computes the wrong key and treats the slot as empty, so threads share
//! the table without locks, through atomics only. The two `unsafe` blocks the table relies
//! on (`memory.rs`) are not needed for that sharing: one is the cache-prefetch hint of
//! [`TranspositionTable::prefetch`], which reads and writes nothing, the other the advice
//! (on Linux) that a new table's memory be mapped with huge pages.
//!
//! A table takes at most the bytes it is given: its slot count is rounded *down* to a power
//! of two, so it gets between half of them and all of them ([`TranspositionTable::new`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use search_core::{GameHash, Score, SearchError};

use crate::tables::entry::{
    Bound, Generation, Replacement, TableEntry, TableSizeError, TableStats, largest_fitting,
    megabytes_to_bytes, move_code, move_of_code,
};
use crate::tables::memory::{Written, allocate_written, prefetch_line};
use crate::tables::transpositions::{Transpositions, check_value};
use search_core::builder_methods;

/// Bytes taken by one slot of the table.
pub(crate) const SLOT_BYTES: usize = 16;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Self {
        Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }
}

// Data word layout: score (32 bits) | depth (16) | move index + 1 (8, 0 = none) |
// bound (2 bits: 0 empty, 1 exact, 2 lower, 3 upper) | generation (6 bits).
const GENERATIONS: u8 = 64;

#[inline]
fn pack(entry: &TableEntry, generation: u8) -> u64 {
    let score = u64::from(entry.score.raw() as u32);
    let depth = u64::from(entry.depth);
    let mv = move_code(entry.move_index, u8::MAX);
    (score << 32)
        | (depth << 16)
        | (mv << 8)
        | (entry.bound.code() << 6)
        | u64::from(generation % GENERATIONS)
}

#[inline]
fn unpack(data: u64) -> Option<(TableEntry, u8)> {
    let bound = Bound::from_code(data >> 6)?;
    Some((
        TableEntry {
            score: Score::from_raw((data >> 32) as u32 as i32),
            depth: ((data >> 16) & 0xffff) as u16,
            bound,
            move_index: move_of_code(((data >> 8) & 0xff) as u8),
        },
        (data & 0x3f) as u8,
    ))
}

/// A fixed-size transposition table, safe to share between threads (`&self` everywhere).
///
/// Sizes are given in bytes and rounded down to a power of two of 16-byte slots; a key picks
/// its slot by Fibonacci hashing (a multiply and a shift), so keys that differ only in low
/// bits still spread. The full 64-bit key is checked on every probe, and the stored best
/// move is an index into the engine's own move list, so a collision can never produce an
/// illegal move. For a game whose key is not [exact](GameHash::KEY_IS_EXACT), engines fold
/// into the key whose turn it is and the game's
/// [`remaining_plies_bound`](search_core::Game::remaining_plies_bound) (see
/// [`Transpositions::key`]), so two states that share a key are told apart when they differ
/// in either; states that agree on both are not, which is why the conformance checker
/// (`search_core::testing`) rejects a key that is no real hash.
///
/// ```
/// use adversarial::{Bound, Replacement, TableEntry, TranspositionTable};
/// use search_core::Score;
///
/// let table = TranspositionTable::with_megabytes(1).unwrap();
/// assert_eq!(table.slots(), 65_536);
/// let entry = TableEntry { score: Score::win_in(3), depth: 5, bound: Bound::Lower, move_index: Some(1) };
/// table.store(42, entry);
/// assert_eq!(table.probe(42), Some(entry));
/// assert_eq!(table.probe(43), None);
/// table.clear();
/// assert_eq!(table.probe(42), None);
/// assert_eq!(table.replacement(), Replacement::DepthPreferred);
/// ```
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    written: Written,
    /// `64 - log2(slots in use)`: a key's slot is the top bits of its hash, so the slots in
    /// use are the first ones (see [`TranspositionTable::use_at_most`]).
    shift: AtomicU32,
    generation: Generation<GENERATIONS>,
    replacement: Replacement,
}

impl core::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("slots", &self.slots.len())
            .field("replacement", &self.replacement)
            .finish()
    }
}

impl TranspositionTable {
    /// A table of at most `bytes` bytes, with depth-preferred replacement.
    ///
    /// **The size you get:** `16 × 2^k` bytes, the largest power-of-two number of 16-byte
    /// slots that fits in `bytes`: never more than asked, and more than half of it. The
    /// slots are the table's only allocation of any size (the struct itself is a few dozen
    /// bytes, and its map of the regions written since the last [`clear`](Self::clear)
    /// at most 2 KiB), allocated exactly once here and never again; a search never
    /// allocates in the table. The memory is written once here, so the cost of mapping it is
    /// paid at creation rather than during the first search. On Linux it is first advised
    /// for transparent huge pages (`madvise`), which makes probes of a large table cheaper.
    ///
    /// # Errors
    /// [`TableSizeError`] below 16 bytes or above [`MAX_TABLE_BYTES`](crate::MAX_TABLE_BYTES), or when the memory
    /// cannot be allocated.
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(1000).unwrap();
    /// assert_eq!(t.slots(), 32); // 1000 / 16 = 62, rounded down to 32
    /// assert_eq!(t.size_bytes(), 512);
    /// ```
    pub fn new(bytes: u64) -> Result<Self, TableSizeError> {
        Self::with_slots(Self::slot_count(bytes)?)
    }

    /// An empty table of `slots` slots (a power of two), its memory written once.
    fn with_slots(slots: usize) -> Result<Self, TableSizeError> {
        Ok(TranspositionTable {
            slots: allocate_written(slots, Slot::empty)?,
            written: Written::new(slots),
            shift: AtomicU32::new(64 - slots.trailing_zeros()),
            generation: Generation::new(),
            replacement: Replacement::DepthPreferred,
        })
    }

    /// A one-slot table, standing in for a table that is allocated when a search starts.
    pub(crate) fn placeholder() -> Self {
        Self::with_slots(1).expect("one slot can be allocated")
    }

    /// A table of at most `megabytes` MiB (2^20 bytes): exactly `megabytes` MiB when it is a
    /// power of two, otherwise the largest power of two of MiB below it (100 gives 64 MiB).
    ///
    /// # Errors
    /// As [`TranspositionTable::new`].
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::with_megabytes(2).unwrap();
    /// assert_eq!(t.size_bytes(), 2 << 20);
    /// let t = adversarial::TranspositionTable::with_megabytes(100).unwrap();
    /// assert_eq!(t.size_bytes(), 64 << 20);
    /// assert!(adversarial::TranspositionTable::with_megabytes(0).is_err());
    /// ```
    pub fn with_megabytes(megabytes: u64) -> Result<Self, TableSizeError> {
        Self::new(megabytes_to_bytes(megabytes))
    }

    builder_methods! {
        /// The same table with another replacement policy.
        ///
        /// ```
        /// use adversarial::{Replacement, TranspositionTable};
        /// let t = TranspositionTable::new(4096).unwrap().with_replacement(Replacement::Always);
        /// assert_eq!(t.replacement(), Replacement::Always);
        /// ```
        with_replacement(replacement: Replacement) => replacement;
    }

    fn slot_count(bytes: u64) -> Result<usize, TableSizeError> {
        largest_fitting(bytes, SLOT_BYTES)
    }

    builder_methods! {
        /// The replacement policy.
        ///
        /// ```
        /// let t = adversarial::TranspositionTable::new(64).unwrap();
        /// assert_eq!(t.replacement(), adversarial::Replacement::DepthPreferred);
        /// ```
        replacement() -> Replacement = replacement;
    }

    /// The number of slots.
    ///
    /// ```
    /// assert_eq!(adversarial::TranspositionTable::new(64).unwrap().slots(), 4);
    /// ```
    #[must_use]
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The memory the slots take, in bytes.
    ///
    /// ```
    /// assert_eq!(adversarial::TranspositionTable::new(100).unwrap().size_bytes(), 64);
    /// ```
    #[must_use]
    pub fn size_bytes(&self) -> u64 {
        (self.slots.len() * SLOT_BYTES) as u64
    }

    /// Empties every slot (and resets the generation). Only the parts of the table written
    /// since it was last emptied are rewritten (regions of 1 KiB or more): emptying a large
    /// table after a small search is cheap, after a search that filled it as costly as
    /// writing the whole table.
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(64).unwrap();
    /// t.store(1, TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None });
    /// t.clear();
    /// assert_eq!(t.stats().occupied, 0);
    /// ```
    pub fn clear(&self) {
        self.written.drain(|region| {
            for slot in &self.slots[region] {
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        });
        self.generation.reset();
    }

    /// Replaces the table by an empty one of at most `bytes` bytes (sized as in
    /// [`TranspositionTable::new`]). The old slots are freed before the new ones are
    /// allocated, so the memory held never exceeds the larger of the two sizes.
    ///
    /// # Errors
    /// As [`TranspositionTable::new`]. A size that is refused leaves the table unchanged;
    /// when the allocation itself fails ([`TableSizeError::OutOfMemory`]), the old slots are
    /// already freed and the table is left with a single slot.
    ///
    /// ```
    /// let mut t = adversarial::TranspositionTable::new(64).unwrap();
    /// t.resize(1 << 20).unwrap();
    /// assert_eq!(t.slots(), 65_536);
    /// assert!(t.resize(0).is_err());
    /// assert_eq!(t.slots(), 65_536);
    /// ```
    pub fn resize(&mut self, bytes: u64) -> Result<(), TableSizeError> {
        let slots = Self::slot_count(bytes)?;
        let replacement = self.replacement;
        // Free the old slots before allocating the new ones: the two tables never exist
        // at once, so resizing never holds more than the larger of the two sizes.
        self.slots = Box::default();
        match Self::with_slots(slots) {
            Ok(table) => {
                *self = table.with_replacement(replacement);
                Ok(())
            }
            Err(e) => {
                // The old slots are gone: keep a usable (one-slot) table.
                *self = Self::placeholder().with_replacement(replacement);
                Err(e)
            }
        }
    }

    /// Starts a new search generation: with [`Replacement::DepthPreferred`], entries of
    /// older generations are replaced whatever their depth ("aging").
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(16).unwrap(); // one slot: every key collides
    /// let deep = TableEntry { score: Score::DRAW, depth: 9, bound: Bound::Exact, move_index: None };
    /// let shallow = TableEntry { depth: 1, ..deep };
    /// t.store(1, deep);
    /// t.store(2, shallow);
    /// assert_eq!(t.probe(2), None); // the deeper entry was kept
    /// t.new_search();
    /// t.store(2, shallow);
    /// assert_eq!(t.probe(2), Some(shallow)); // an old entry gives way
    /// ```
    pub fn new_search(&self) {
        self.generation.advance();
    }

    /// From now on, uses only the first slots of the table, as many as fit in `bytes` (the
    /// largest power of two, at least one slot, at most all of them), until
    /// [`grow`](Self::grow) or `use_at_most` is called again. A search that stores few
    /// entries is faster in a part of the table that fits in the processor's cache, and
    /// [`grow`](Self::grow) lets engines take more as their search fills it (the exact
    /// solver does, see [`Transpositions::slots_in_use`]). Entries stored before stay valid,
    /// but a change of the slots in use moves the slot of most keys, so most of them are no
    /// longer found: an entry is only ever found under its own key, wherever it is stored.
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::with_megabytes(4).unwrap();
    /// t.use_at_most(1 << 20);
    /// assert_eq!(t.slots_in_use(), 1 << 16); // 1 MiB of 16-byte slots
    /// let e = TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None };
    /// t.store(42, e);
    /// assert_eq!(t.probe(42), Some(e));
    /// assert!(t.grow());
    /// assert_eq!(t.slots_in_use(), 1 << 17);
    /// t.use_at_most(u64::MAX);
    /// assert_eq!(t.slots_in_use(), t.slots());
    /// assert!(!t.grow()); // all of it is in use
    /// ```
    pub fn use_at_most(&self, bytes: u64) {
        let fit = usize::try_from(bytes / SLOT_BYTES as u64).unwrap_or(usize::MAX);
        let slots = fit.clamp(1, self.slots.len());
        let slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        self.shift
            .store(64 - slots.trailing_zeros(), Ordering::Relaxed);
    }

    /// The number of slots in use (all of them unless
    /// [`use_at_most`](Self::use_at_most) said otherwise).
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(1 << 10).unwrap();
    /// assert_eq!(t.slots_in_use(), 64);
    /// ```
    #[must_use]
    pub fn slots_in_use(&self) -> usize {
        1usize
            .checked_shl(64 - self.shift.load(Ordering::Relaxed))
            .unwrap_or(usize::MAX)
            .min(self.slots.len())
    }

    /// Doubles the slots in use, if not all of them are: `true` if it did. The entries
    /// move to their slots in the larger part (a pass over the part used so far), so that
    /// they are still found. Threads that call it at once for the same size double it
    /// once; other threads may go on probing and storing meanwhile (an entry they miss or
    /// overwrite while it moves is only a miss, never a wrong entry).
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(1 << 10).unwrap();
    /// t.use_at_most(256);
    /// let e = TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None };
    /// t.store(7, e);
    /// assert!(t.grow());
    /// assert_eq!(t.slots_in_use(), 32);
    /// assert_eq!(t.probe(7), Some(e));
    /// ```
    pub fn grow(&self) -> bool {
        let shift = self.shift.load(Ordering::Relaxed);
        let in_use = 1usize.checked_shl(64 - shift).unwrap_or(usize::MAX);
        if in_use >= self.slots.len()
            || self
                .shift
                .compare_exchange(shift, shift - 1, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return false;
        }
        // A key's slot is the top bits of its hash, one bit more now: the entry of slot `i`
        // moves to `2i` or `2i + 1`. From the last slot down, every slot is moved out of
        // before an entry moves in.
        for i in (0..in_use).rev() {
            let slot = &self.slots[i];
            let data = slot.data.load(Ordering::Relaxed);
            if (data >> 6) & 3 == 0 {
                continue; // empty
            }
            let key = slot.check.load(Ordering::Relaxed) ^ data;
            let j = self.index(key);
            if j != i {
                let target = &self.slots[j];
                self.written.mark(j);
                target.data.store(data, Ordering::Relaxed);
                target.check.store(key ^ data, Ordering::Relaxed);
                slot.check.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        true
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // A one-slot table shifts by 64, which `checked_shr` turns into slot 0.
        let top = key
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .checked_shr(self.shift.load(Ordering::Relaxed))
            .unwrap_or(0);
        top as usize & (self.slots.len() - 1)
    }

    /// The entry stored for `key`, if any.
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(64).unwrap();
    /// assert_eq!(t.probe(7), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        Self::decode(key, self.fetch(key))
    }

    /// The raw words of `key`'s slot, not yet checked: engines read the slot as early as
    /// they can and [`decode`](TranspositionTable::decode) it later, so that the memory
    /// access overlaps with other work.
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(64).unwrap();
    /// let e = TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None };
    /// t.store(3, e);
    /// let raw = t.fetch(3);
    /// assert_eq!(TranspositionTable::decode(3, raw), Some(e));
    /// assert_eq!(TranspositionTable::decode(4, raw), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn fetch(&self, key: u64) -> [u64; 2] {
        let slot = &self.slots[self.index(key)];
        [
            slot.data.load(Ordering::Relaxed),
            slot.check.load(Ordering::Relaxed),
        ]
    }

    /// Asks the processor to start loading `key`'s slot into its cache, and returns at
    /// once. An engine calls it for every child of a node before searching the first one,
    /// so that each child finds its slot in the cache instead of waiting for main memory (on
    /// Connect Four this halves the solver's time per node). A hint only: it changes no
    /// result, and it does nothing on targets other than `x86_64`.
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(1 << 20).unwrap();
    /// t.prefetch(12345);
    /// assert_eq!(t.probe(12345), None);
    /// ```
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(core::ptr::from_ref(&self.slots[self.index(key)]).cast());
    }

    /// The entry in `raw` (from [`fetch`](TranspositionTable::fetch)) if it belongs to `key`.
    ///
    /// ```
    /// assert_eq!(adversarial::TranspositionTable::decode(1, [0, 0]), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn decode(key: u64, raw: [u64; 2]) -> Option<TableEntry> {
        let [data, check] = raw;
        if check ^ data != key {
            return None;
        }
        unpack(data).map(|(e, _)| e)
    }

    /// Stores `entry` for `key`, following the replacement policy.
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(64).unwrap();
    /// let e = TableEntry { score: Score::loss_in(4), depth: 2, bound: Bound::Upper, move_index: None };
    /// t.store(99, e);
    /// assert_eq!(t.probe(99), Some(e));
    /// ```
    #[inline]
    pub fn store(&self, key: u64, entry: TableEntry) {
        let index = self.index(key);
        let slot = &self.slots[index];
        let generation = self.generation.get();
        if self.replacement == Replacement::DepthPreferred {
            let old = slot.data.load(Ordering::Relaxed);
            let old_key = slot.check.load(Ordering::Relaxed) ^ old;
            if old_key != key {
                if let Some((e, g)) = unpack(old) {
                    if g == generation && e.depth > entry.depth {
                        return;
                    }
                }
            }
        }
        let data = pack(&entry, generation);
        self.written.mark(index);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Counts the occupied slots (a full scan: call it between searches, not during one).
    ///
    /// ```
    /// use adversarial::{Bound, TableEntry, TranspositionTable};
    /// use search_core::Score;
    /// let t = TranspositionTable::new(1024).unwrap();
    /// t.store(5, TableEntry { score: Score::DRAW, depth: 1, bound: Bound::Exact, move_index: None });
    /// assert_eq!(t.stats().occupied, 1);
    /// ```
    #[must_use]
    pub fn stats(&self) -> TableStats {
        let generation = self.generation.get();
        let mut stats = TableStats {
            slots: self.slots.len(),
            ..TableStats::default()
        };
        for slot in self.slots.iter() {
            if let Some((_, g)) = unpack(slot.data.load(Ordering::Relaxed)) {
                stats.occupied += 1;
                if g == generation {
                    stats.current_generation += 1;
                }
            }
        }
        stats
    }
}

/// A table asked for by its size (`with_table_mb`), allocated when the engine's next search
/// starts: a size that cannot be used then surfaces as that search's
/// [`SearchError::Config`], and a table replaced before any search is never allocated.
pub(crate) struct TableRequest<T> {
    megabytes: u64,
    replacement: Replacement,
    install: fn(&mut T, Arc<TranspositionTable>),
}

impl<T> Clone for TableRequest<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for TableRequest<T> {}

impl<T> core::fmt::Debug for TableRequest<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TableRequest")
            .field("megabytes", &self.megabytes)
            .field("replacement", &self.replacement)
            .finish()
    }
}

impl TableRequest<Arc<TranspositionTable>> {
    /// A request for a table of `megabytes` MiB (sized as
    /// [`TranspositionTable::with_megabytes`]) with `replacement`, and the one-slot table
    /// standing in for it until then.
    pub(crate) fn new(megabytes: u64, replacement: Replacement) -> (Self, Arc<TranspositionTable>) {
        let request = TableRequest {
            megabytes,
            replacement,
            install: |table, new| *table = new,
        };
        let placeholder = TranspositionTable::placeholder().with_replacement(replacement);
        (request, Arc::new(placeholder))
    }
}

impl<T> TableRequest<T> {
    /// Allocates the table and puts it in `table`.
    ///
    /// # Errors
    /// [`SearchError::Config`] naming the size when it cannot be used.
    pub(crate) fn fulfil(self, table: &mut T) -> Result<(), SearchError> {
        let new = TranspositionTable::with_megabytes(self.megabytes)
            .map_err(|e| SearchError::Config(format!("with_table_mb({}): {e}", self.megabytes)))?
            .with_replacement(self.replacement);
        (self.install)(table, Arc::new(new));
        Ok(())
    }
}

impl<G: GameHash> Transpositions<G> for TranspositionTable {
    const ENABLED: bool = true;
    /// The state's [`hash_key`](GameHash::hash_key), exact keys as they are; a key that is
    /// not [exact](GameHash::KEY_IS_EXACT) gets a check value folded in (whose turn it is
    /// and the game's [`remaining_plies_bound`](search_core::Game::remaining_plies_bound)), so that the
    /// table also verifies those on every probe.
    ///
    /// ```
    /// use adversarial::{TranspositionTable, Transpositions};
    /// use games::ConnectFour;
    /// use search_core::GameHash;
    /// let t = TranspositionTable::new(1024).unwrap();
    /// let g: ConnectFour = "44".parse().unwrap();
    /// assert_eq!(t.key(&g), g.hash_key()); // an exact key is used as it is
    /// ```
    #[inline]
    fn key(&self, state: &G) -> u64 {
        let key = state.hash_key();
        if G::KEY_IS_EXACT {
            key
        } else {
            key ^ check_value(state)
        }
    }
    /// The state's [`canonical_key`](GameHash::canonical_key) (folded as in
    /// [`key`](Transpositions::key)) for a game with
    /// [`HAS_SYMMETRY`](GameHash::HAS_SYMMETRY), and whether it is the state's own key.
    ///
    /// ```
    /// use adversarial::{TranspositionTable, Transpositions};
    /// use games::ConnectFour;
    /// let t = TranspositionTable::new(1024).unwrap();
    /// let a: ConnectFour = "12".parse().unwrap();
    /// let b: ConnectFour = "76".parse().unwrap(); // the mirror image
    /// let ((ka, ra), (kb, rb)) = (t.class_key(&a), t.class_key(&b));
    /// assert_eq!(ka, kb);
    /// assert!(ra != rb); // one of them is the representative
    /// ```
    #[inline]
    fn class_key(&self, state: &G) -> (u64, bool) {
        if !G::HAS_SYMMETRY {
            return (Transpositions::key(self, state), true);
        }
        let own = state.hash_key();
        let class = state.canonical_key();
        let key = if G::KEY_IS_EXACT {
            class
        } else {
            class ^ check_value(state)
        };
        (key, class == own)
    }
    #[inline]
    fn probe(&self, key: u64) -> Option<TableEntry> {
        TranspositionTable::probe(self, key)
    }
    #[inline]
    fn fetch(&self, key: u64) -> [u64; 2] {
        TranspositionTable::fetch(self, key)
    }
    #[inline]
    fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry> {
        TranspositionTable::decode(key, raw)
    }
    #[inline]
    fn store(&self, key: u64, entry: TableEntry) {
        TranspositionTable::store(self, key, entry);
    }
    #[inline]
    fn prefetch(&self, key: u64) {
        TranspositionTable::prefetch(self, key);
    }
    #[inline]
    fn check_keys(&self, state: &G) -> Result<(), search_core::SearchError> {
        search_core::check_root_keys(state)
    }
    fn new_search(&self) {
        TranspositionTable::new_search(self);
    }
    #[inline]
    fn slots_in_use(&self) -> Option<usize> {
        let in_use = TranspositionTable::slots_in_use(self);
        (in_use < self.slots()).then_some(in_use)
    }
    #[inline]
    fn grow(&self) {
        TranspositionTable::grow(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_TABLE_BYTES;
    use crate::tables::checks::{self, Table};
    use proptest::prelude::*;

    impl Table for TranspositionTable {
        fn store(&self, key: u64, entry: TableEntry) {
            TranspositionTable::store(self, key, entry);
        }
        fn probe(&self, key: u64) -> Option<TableEntry> {
            TranspositionTable::probe(self, key)
        }
        fn prefetch(&self, key: u64) {
            TranspositionTable::prefetch(self, key);
        }
        fn clear(&self) {
            TranspositionTable::clear(self);
        }
        fn occupied(&self) -> usize {
            self.stats().occupied
        }
    }

    fn any_entry() -> impl Strategy<Value = TableEntry> {
        (
            any::<i32>(),
            any::<u16>(),
            0..3u8,
            proptest::option::of(0u8..255),
        )
            .prop_map(|(s, depth, b, move_index)| TableEntry {
                score: Score::from_raw(s),
                depth,
                bound: [Bound::Exact, Bound::Lower, Bound::Upper][b as usize],
                move_index,
            })
    }

    proptest! {
        #[test]
        fn pack_round_trips(e in any_entry(), g in 0u8..64) {
            prop_assert_eq!(unpack(pack(&e, g)), Some((e, g)));
        }

        #[test]
        fn store_then_probe(e in any_entry(), key in any::<u64>()) {
            let t = TranspositionTable::new(4096).unwrap();
            t.store(key, e);
            prop_assert_eq!(t.probe(key), Some(e));
            prop_assert_eq!(t.probe(key ^ 1), None);
        }

        #[test]
        fn clear_empties_what_stores_wrote(keys in proptest::collection::vec(any::<u64>(), 0..300)) {
            for bytes in [16, 1 << 10, checks::LARGE_TEST_TABLE_BYTES] {
                for replacement in [Replacement::Always, Replacement::DepthPreferred] {
                    let t = TranspositionTable::new(bytes).unwrap().with_replacement(replacement);
                    checks::clear_empties_what_stores_wrote(&t, &keys)?;
                }
            }
        }
    }

    proptest! {
        #[test]
        fn entries_are_found_after_the_table_grows(keys in proptest::collection::vec(any::<u64>(), 0..200)) {
            let t = TranspositionTable::new(1 << 16).unwrap().with_replacement(Replacement::Always);
            t.use_at_most(1 << 10);
            let entry = |i: usize| TableEntry {
                score: Score::heuristic(i as i32),
                depth: 1,
                bound: Bound::Exact,
                move_index: None,
            };
            for (i, &key) in keys.iter().enumerate() {
                t.store(key, entry(i));
            }
            // What the small part holds (later keys may have replaced earlier ones)...
            let distinct: std::collections::BTreeSet<u64> = keys.iter().copied().collect();
            let held: Vec<(u64, TableEntry)> =
                distinct.iter().filter_map(|&k| t.probe(k).map(|e| (k, e))).collect();
            let mut slots = t.slots_in_use();
            while t.grow() {
                prop_assert_eq!(t.slots_in_use(), 2 * slots);
                slots *= 2;
                // ...is all still found, in the larger part.
                for &(k, e) in &held {
                    prop_assert_eq!(t.probe(k), Some(e));
                }
                prop_assert_eq!(t.stats().occupied, held.len());
            }
            prop_assert_eq!(slots, t.slots());
            t.clear();
            prop_assert_eq!(t.stats().occupied, 0);
        }
    }

    #[test]
    fn prefetch_changes_nothing() {
        // Every slot of a small table, and keys that map to the first and last slots.
        let t = TranspositionTable::new(1 << 10).unwrap();
        checks::prefetch_changes_nothing(&t, (0..4096u64).chain([u64::MAX, u64::MAX - 1]));
    }

    #[test]
    fn a_slot_takes_slot_bytes() {
        assert_eq!(core::mem::size_of::<Slot>(), SLOT_BYTES);
    }

    #[test]
    fn sizes_round_down_to_a_power_of_two_of_slots() {
        for bytes in (16..5_000).chain([1 << 20, (1 << 20) + 1, (3 << 20) - 1, 100 << 20]) {
            let slots = TranspositionTable::slot_count(bytes).unwrap();
            assert!(slots.is_power_of_two());
            let taken = (slots * SLOT_BYTES) as u64;
            assert!(taken <= bytes, "{bytes}: {slots} slots");
            assert!(2 * taken > bytes, "{bytes}: {slots} slots");
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(TranspositionTable::new(0).is_err());
        assert!(TranspositionTable::new(MAX_TABLE_BYTES + 1).is_err());
        assert_eq!(TranspositionTable::new(16).unwrap().slots(), 1);
    }

    #[test]
    fn always_replace_overwrites_deeper_entries() {
        let t = TranspositionTable::new(16)
            .unwrap()
            .with_replacement(Replacement::Always);
        let deep = TableEntry {
            score: Score::DRAW,
            depth: 9,
            bound: Bound::Exact,
            move_index: None,
        };
        t.store(1, deep);
        t.store(2, TableEntry { depth: 1, ..deep });
        assert_eq!(t.probe(1), None);
        assert_eq!(t.stats().occupied, 1);
    }

    #[test]
    fn threads_share_the_table() {
        let t = TranspositionTable::new(1 << 12).unwrap();
        checks::threads_share_the_table(&t, |key| Score::heuristic(key as i32));
    }
}
