//! The transposition table: a fixed-size, lock-free hash table of search results shared by
//! every engine of the crate (and by all threads of a parallel search).
//!
//! Each slot is two `AtomicU64` words: the packed data and the key XOR the data (the
//! "lockless hashing" trick). A reader that sees a torn write (the two words coming from
//! different stores) computes the wrong key and treats the slot as empty, so threads share
//! the table without locks, through atomics only. The table's two `unsafe` blocks are not
//! needed for that sharing: one is the cache-prefetch hint of
//! [`TranspositionTable::prefetch`], which reads and writes nothing, the other the advice
//! (on Linux) that a new table's memory be mapped with huge pages.
//!
//! A table takes at most the bytes it is given: its slot count is rounded *down* to a power
//! of two, so it gets between half of them and all of them ([`TranspositionTable::new`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

use search_core::{Game, GameHash, Score, SearchError};
use thiserror::Error;

/// Bytes taken by one slot of the table.
pub const SLOT_BYTES: usize = 16;

/// The largest table accepted, in bytes (64 GiB).
pub const MAX_TABLE_BYTES: usize = 1 << 36;

/// What a stored score says about the true value of the position.
///
/// ```
/// use adversarial::Bound;
/// assert_ne!(Bound::Lower, Bound::Upper);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The score is the exact value.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// When a store may overwrite an occupied slot holding another position.
///
/// ```
/// use adversarial::Replacement;
/// assert_eq!(Replacement::default(), Replacement::DepthPreferred);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Replacement {
    /// Keep the deeper result; a result from an older search (see
    /// [`TranspositionTable::new_search`]) is always replaced.
    #[default]
    DepthPreferred,
    /// Every store replaces what the slot held (what an exact solver wants: recent results
    /// are the most useful ones).
    Always,
}

/// A table size that cannot be used.
///
/// ```
/// use adversarial::{TableSizeError, TranspositionTable};
/// assert_eq!(TranspositionTable::new(8).unwrap_err(), TableSizeError::TooSmall { bytes: 8 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableSizeError {
    /// Smaller than one slot.
    #[error("a transposition table of {bytes} bytes is too small: it needs at least 16 bytes")]
    TooSmall {
        /// The requested size.
        bytes: usize,
    },
    /// Larger than [`MAX_TABLE_BYTES`].
    #[error("a transposition table of {bytes} bytes is absurdly large (at most {max} bytes)")]
    TooLarge {
        /// The requested size.
        bytes: usize,
        /// The largest size accepted.
        max: usize,
    },
    /// A [`CompactTable`](crate::CompactTable) needs an exact key
    /// ([`GameHash::KEY_IS_EXACT`]): it stores only part of the key.
    #[error(
        "a compact table needs a game whose key is exact (GameHash::KEY_IS_EXACT): use TranspositionTable"
    )]
    KeyNotExact,
    /// A [`CompactTable`](crate::CompactTable) this small cannot verify the game's whole key
    /// ([`GameHash::KEY_BITS`]): its buckets and check bits hold fewer bits than the key.
    #[error(
        "a compact table this small cannot verify {key_bits}-bit keys: it needs at least {min_bytes} bytes"
    )]
    KeyTooWide {
        /// The game's [`GameHash::KEY_BITS`].
        key_bits: u32,
        /// The smallest table that verifies such keys.
        min_bytes: usize,
    },
    /// The memory could not be allocated.
    #[error("a transposition table of {bytes} bytes could not be allocated: ask for less memory")]
    OutOfMemory {
        /// The size that could not be allocated (after rounding down).
        bytes: usize,
    },
}

/// One stored search result, as [`TranspositionTable::probe`] returns it.
///
/// `move_index` is the index of the best move in the move list the engine generated for
/// the position, never a move itself: engines take it from the list they generate, so a
/// corrupted or colliding entry can only ever name a legal move (or none, when the index is
/// out of range).
///
/// ```
/// use adversarial::{Bound, TableEntry};
/// use search_core::Score;
/// let e = TableEntry { score: Score::DRAW, depth: 3, bound: Bound::Exact, move_index: Some(2) };
/// assert_eq!(e.move_index, Some(2));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableEntry {
    /// The stored score, relative to the stored position (as [`Score`] always is).
    pub score: Score,
    /// The remaining depth the score was searched to.
    pub depth: u16,
    /// What the score says about the true value.
    pub bound: Bound,
    /// Index of the best move in the engine's move list, if one was found.
    pub move_index: Option<u8>,
}

/// Occupancy and traffic counters of a table.
///
/// ```
/// use adversarial::TranspositionTable;
/// let t = TranspositionTable::new(1024).unwrap();
/// let s = t.stats();
/// assert_eq!((s.slots, s.occupied), (64, 0));
/// assert_eq!(s.occupancy(), 0.0);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Slots in the table.
    pub slots: usize,
    /// Slots holding an entry.
    pub occupied: usize,
    /// Slots holding an entry written during the current search generation.
    pub current_generation: usize,
}

impl TableStats {
    /// The fraction of slots in use, `0.0..=1.0`.
    ///
    /// ```
    /// let s = adversarial::TableStats { slots: 4, occupied: 1, current_generation: 1 };
    /// assert_eq!(s.occupancy(), 0.25);
    /// ```
    #[must_use]
    pub fn occupancy(&self) -> f64 {
        if self.slots == 0 {
            0.0
        } else {
            self.occupied as f64 / self.slots as f64
        }
    }
}

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
    let mv = match entry.move_index {
        Some(i) if i < u8::MAX => u64::from(i) + 1,
        _ => 0,
    };
    let bound = match entry.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    (score << 32) | (depth << 16) | (mv << 8) | (bound << 6) | u64::from(generation % GENERATIONS)
}

#[inline]
fn unpack(data: u64) -> Option<(TableEntry, u8)> {
    let bound = match (data >> 6) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = ((data >> 8) & 0xff) as u8;
    Some((
        TableEntry {
            score: Score::from_raw((data >> 32) as u32 as i32),
            depth: ((data >> 16) & 0xffff) as u16,
            bound,
            move_index: mv.checked_sub(1),
        },
        (data & 0x3f) as u8,
    ))
}

/// One of the crate's three `unsafe` blocks: the x86_64 prefetch instruction, which Rust exposes as an
/// `unsafe fn` because it takes a raw pointer. It is a cache hint: it never faults, reads
/// nothing into the program and changes no memory, whatever the address. Measured: it took
/// the Connect Four solver from 138–146 ms to 68–86 ms per position on the first 40 lines
/// of Begin-Medium (see `docs/benchmarks/adversarial.md`); a plain load in its place gained only a quarter, because a load
/// that misses the cache holds up the processor until it completes. The table's tests
/// also run under Miri.
/// Both tables ([`TranspositionTable`] and [`CompactTable`](crate::CompactTable)) call it with
/// a pointer made from a live reference to one of their slots or buckets.
#[inline]
#[allow(unsafe_code)]
pub(crate) fn prefetch_line(line: *const i8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is only a hint (PREFETCHT0): it cannot fault or change
    // memory, whatever the address; callers pass a pointer made from a live reference.
    // SSE, which provides it, is part of the x86_64 baseline.
    unsafe {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(line);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = line;
}

/// The huge-page size the tables' memory is advised in (2 MiB on x86_64, and on aarch64
/// with 4 KiB base pages).
const HUGE_PAGE_BYTES: usize = 2 << 20;

/// The whole huge pages inside the memory `start .. start + bytes`: the offset of the first
/// from `start`, and their length together; `None` when not one fits (under 2 MiB, or
/// under 4 MiB badly aligned).
fn huge_page_span(start: usize, bytes: usize) -> Option<(usize, usize)> {
    let from = start.checked_next_multiple_of(HUGE_PAGE_BYTES)?;
    let to = start.checked_add(bytes)? / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    (to > from).then(|| (from - start, to - from))
}

/// Asks the kernel (Linux) to back the memory `memory` has reserved with transparent huge
/// pages, before anything is written to it: every probe of a large table lands on a random
/// page, and with 4 KiB pages nearly every one also misses the processor's address
/// translation cache. Only the whole 2 MiB pages inside the allocation are advised
/// ([`huge_page_span`]). The advice is a hint: on a kernel without transparent huge pages,
/// or where they are switched off, nothing changes (the error is ignored). Measured on the
/// Connect Four solver (`docs/benchmarks/adversarial.md`): a sixth to a third less time on the first
/// three Begin-Hard positions with a 1 GiB table, a few percent with 64 MiB.
#[inline]
#[allow(unsafe_code)]
pub(crate) fn advise_huge_pages<T>(memory: &Vec<T>) {
    let span = huge_page_span(memory.as_ptr() as usize, memory.capacity() * size_of::<T>());
    #[cfg(all(target_os = "linux", not(miri)))]
    if let Some((offset, len)) = span {
        let first = memory.as_ptr().cast::<u8>().wrapping_add(offset);
        // SAFETY: `madvise` with `MADV_HUGEPAGE` changes only how the kernel maps the pages
        // of the range, never their contents or their validity; the range `first .. first
        // + len` lies inside the allocation `memory` owns and starts on a page boundary, as
        // `madvise` requires. Its result is ignored: a refusal leaves ordinary pages, which
        // serve as well.
        unsafe {
            libc::madvise(first.cast_mut().cast(), len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    let _ = span;
}

/// The memory of a table of `count` entries, each written with `empty()`: reserved exactly
/// (a refusal is [`TableSizeError::OutOfMemory`]), advised for huge pages, then written.
/// Writing every entry here maps the memory now: the page faults are paid at creation, not
/// in the first search, where threads sharing the table would fault on the same pages at
/// once (one pass: no `clear()` after it).
pub(crate) fn allocate_written<T>(
    count: usize,
    empty: impl Fn() -> T,
) -> Result<Box<[T]>, TableSizeError> {
    let mut memory = Vec::new();
    memory
        .try_reserve_exact(count)
        .map_err(|_| TableSizeError::OutOfMemory {
            bytes: count.saturating_mul(size_of::<T>()),
        })?;
    advise_huge_pages(&memory);
    memory.extend((0..count).map(|_| empty()));
    Ok(memory.into_boxed_slice())
}

/// The regions of a table written since it was last emptied, one bit each, so that emptying
/// it rewrites only those: emptying a large table after a small search costs what the search
/// wrote, not the table's size (a file of easy positions solved one by one, each on an
/// emptied table, then runs as fast with a large table as with a small one).
///
/// A region is at least [`MIN_REGION`] items (slots or buckets: 1 KiB of 16-byte slots), and
/// larger in tables of more than [`MAX_REGIONS`] such regions (4 KiB in a 64 MiB table,
/// 16 KiB in 256 MiB), so that the map takes at most 2 KiB: a table still takes no more than
/// the bytes it is given beyond its few fixed bytes (`tests/table_memory.rs`), and a scan of
/// the map takes a fraction of a microsecond. A store that writes an item marks its
/// region: one read of the map (which stays in the cache), and a write only for the first
/// store in the region since the last emptying.
pub(crate) struct Written {
    bits: Box<[AtomicU64]>,
    /// log2 of the items per region.
    shift: u32,
    /// The items of the table.
    items: usize,
}

/// The fewest items in a region of [`Written`].
pub(crate) const MIN_REGION: usize = 64;

/// The most regions [`Written`] tracks.
pub(crate) const MAX_REGIONS: usize = 1 << 14;

impl Written {
    /// The map of a table of `items` items (a power of two), nothing written.
    pub(crate) fn new(items: usize) -> Self {
        let shift = (items / MAX_REGIONS)
            .max(MIN_REGION)
            .next_power_of_two()
            .trailing_zeros();
        let regions = items.div_ceil(1 << shift);
        Written {
            bits: (0..regions.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            shift,
            items,
        }
    }

    /// Marks the region of item `index` written.
    #[inline]
    pub(crate) fn mark(&self, index: usize) {
        let region = index >> self.shift;
        let word = &self.bits[region / 64];
        let bit = 1 << (region % 64);
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Calls `empty` with the items of every region written since the last call (in
    /// increasing order), and marks them unwritten.
    pub(crate) fn drain(&self, mut empty: impl FnMut(core::ops::Range<usize>)) {
        for (w, word) in self.bits.iter().enumerate() {
            if word.load(Ordering::Relaxed) == 0 {
                continue;
            }
            let mut bits = word.swap(0, Ordering::Relaxed);
            while bits != 0 {
                let region = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let start = region << self.shift;
                empty(start..self.items.min(start + (1 << self.shift)));
            }
        }
    }
}

/// A fixed-size transposition table, safe to share between threads (`&self` everywhere).
///
/// Sizes are given in bytes and rounded down to a power of two of 16-byte slots; a key picks
/// its slot by Fibonacci hashing (a multiply and a shift), so keys that differ only in low
/// bits still spread. The full 64-bit key is checked on every probe, and the stored best
/// move is an index into the engine's own move list, so a collision can never produce an
/// illegal move. For a game whose key is not [exact](GameHash::KEY_IS_EXACT), engines fold
/// into the key whose turn it is and the game's
/// [`remaining_plies_bound`](Game::remaining_plies_bound) (see
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
    generation: AtomicU8,
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
    /// [`TableSizeError`] below 16 bytes or above [`MAX_TABLE_BYTES`], or when the memory
    /// cannot be allocated.
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(1000).unwrap();
    /// assert_eq!(t.slots(), 32); // 1000 / 16 = 62, rounded down to 32
    /// assert_eq!(t.size_bytes(), 512);
    /// ```
    pub fn new(bytes: usize) -> Result<Self, TableSizeError> {
        Self::with_slots(Self::slot_count(bytes)?)
    }

    /// An empty table of `slots` slots (a power of two), its memory written once.
    fn with_slots(slots: usize) -> Result<Self, TableSizeError> {
        Ok(TranspositionTable {
            slots: allocate_written(slots, Slot::empty)?,
            written: Written::new(slots),
            shift: AtomicU32::new(64 - slots.trailing_zeros()),
            generation: AtomicU8::new(0),
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
    pub fn with_megabytes(megabytes: usize) -> Result<Self, TableSizeError> {
        Self::new(megabytes.saturating_mul(1 << 20))
    }

    /// The same table with another replacement policy.
    ///
    /// ```
    /// use adversarial::{Replacement, TranspositionTable};
    /// let t = TranspositionTable::new(4096).unwrap().with_replacement(Replacement::Always);
    /// assert_eq!(t.replacement(), Replacement::Always);
    /// ```
    #[must_use]
    pub fn with_replacement(mut self, replacement: Replacement) -> Self {
        self.replacement = replacement;
        self
    }

    fn slot_count(bytes: usize) -> Result<usize, TableSizeError> {
        if bytes > MAX_TABLE_BYTES {
            return Err(TableSizeError::TooLarge {
                bytes,
                max: MAX_TABLE_BYTES,
            });
        }
        let slots = bytes / SLOT_BYTES;
        if slots == 0 {
            return Err(TableSizeError::TooSmall { bytes });
        }
        Ok(1 << (usize::BITS - 1 - slots.leading_zeros()))
    }

    /// The replacement policy.
    ///
    /// ```
    /// let t = adversarial::TranspositionTable::new(64).unwrap();
    /// assert_eq!(t.replacement(), adversarial::Replacement::DepthPreferred);
    /// ```
    #[must_use]
    pub fn replacement(&self) -> Replacement {
        self.replacement
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
    pub fn size_bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
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
        self.generation.store(0, Ordering::Relaxed);
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
    pub fn resize(&mut self, bytes: usize) -> Result<(), TableSizeError> {
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
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) % GENERATIONS, Ordering::Relaxed);
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
    /// t.use_at_most(usize::MAX);
    /// assert_eq!(t.slots_in_use(), t.slots());
    /// assert!(!t.grow()); // all of it is in use
    /// ```
    pub fn use_at_most(&self, bytes: usize) {
        let slots = (bytes / SLOT_BYTES).clamp(1, self.slots.len());
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
        let generation = self.generation.load(Ordering::Relaxed);
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
        let generation = self.generation.load(Ordering::Relaxed);
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
    megabytes: usize,
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
    pub(crate) fn new(
        megabytes: usize,
        replacement: Replacement,
    ) -> (Self, Arc<TranspositionTable>) {
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

/// How an engine reaches its transposition table: [`NoTable`] (nothing stored, any
/// [`Game`]), or a [`TranspositionTable`] (behind an `Arc` or a reference) for games with
/// a [`GameHash`] key. The choice is made at compile time, so a search without a table pays
/// nothing for the option.
///
/// ```
/// use adversarial::{NoTable, Transpositions, TranspositionTable};
/// use games::ConnectFour;
/// use std::sync::Arc;
/// let t = Arc::new(TranspositionTable::new(1024).unwrap());
/// assert!(<Arc<TranspositionTable> as Transpositions<ConnectFour>>::ENABLED);
/// assert!(!<NoTable as Transpositions<ConnectFour>>::ENABLED);
/// assert_eq!(Transpositions::<ConnectFour>::key(&t, &ConnectFour::new()), 0);
/// ```
pub trait Transpositions<G: Game> {
    /// `false` only for [`NoTable`].
    const ENABLED: bool;
    /// The key of `state`.
    fn key(&self, state: &G) -> u64;
    /// The key of `state`'s symmetry class (see
    /// [`GameHash::canonical_key`]), and whether `state` is the class's representative
    /// (only then may a stored move index be used or stored: it names a move of the
    /// representative's move list). The default: [`key`](Transpositions::key), `true`.
    #[inline]
    fn class_key(&self, state: &G) -> (u64, bool) {
        (self.key(state), true)
    }
    /// The entry stored for `key`.
    fn probe(&self, key: u64) -> Option<TableEntry>;
    /// Reads `key`'s slot without interpreting it (see [`TranspositionTable::fetch`]).
    fn fetch(&self, key: u64) -> [u64; 2];
    /// Interprets what [`fetch`](Transpositions::fetch) read.
    fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry>;
    /// Starts loading `key`'s slot into the cache (see [`TranspositionTable::prefetch`]);
    /// a hint that changes no result. The default does nothing.
    #[inline]
    fn prefetch(&self, key: u64) {
        let _ = key;
    }
    /// Stores an entry for `key`.
    fn store(&self, key: u64, entry: TableEntry);
    /// Starts a new search generation.
    fn new_search(&self);
    /// The slots of the part of the table in use, when not all of it is: a table that can
    /// [`grow`](Transpositions::grow) (see [`TranspositionTable::use_at_most`]). `None`, the
    /// default, for a table that uses all of itself.
    ///
    /// The exact [`Solver`](crate::Solver) grows such a table as its search goes: it looks
    /// every [`POLL_INTERVAL`](search_core::RunningBudget::POLL_INTERVAL) nodes, and grows it
    /// once a thread has searched 16 nodes per slot in use.
    #[inline]
    fn slots_in_use(&self) -> Option<usize> {
        None
    }
    /// Uses twice the slots (see [`TranspositionTable::grow`]); the default does nothing.
    #[inline]
    fn grow(&self) {}
    /// `true` if [`known_value`](Transpositions::known_value) can answer (an opening book
    /// is attached); engines skip it otherwise, at no cost. The default: `false`.
    const HAS_KNOWN_VALUES: bool = false;
    /// The exact value of `state` for its side to move, known without a search (from an
    /// [`OpeningBook`](crate::OpeningBook)), if any. The default: none.
    #[inline]
    fn known_value(&self, state: &G) -> Option<Score> {
        let _ = state;
        None
    }
    /// Starts loading into the cache what [`known_value`](Transpositions::known_value)
    /// will read for `state` (engines call it for each child before searching the first);
    /// a hint that changes no result. The default does nothing.
    #[inline]
    fn prefetch_known(&self, state: &G) {
        let _ = state;
    }
}

/// "No transposition table": searches store nothing and need no [`GameHash`].
///
/// ```
/// use adversarial::{NoTable, Transpositions};
/// use games::TicTacToe;
/// assert_eq!(Transpositions::<TicTacToe>::probe(&NoTable, 1), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NoTable;

impl<G: Game> Transpositions<G> for NoTable {
    const ENABLED: bool = false;
    #[inline]
    fn key(&self, _state: &G) -> u64 {
        0
    }
    #[inline]
    fn probe(&self, _key: u64) -> Option<TableEntry> {
        None
    }
    #[inline]
    fn fetch(&self, _key: u64) -> [u64; 2] {
        [0, 0]
    }
    #[inline]
    fn decode(&self, _key: u64, _raw: [u64; 2]) -> Option<TableEntry> {
        None
    }
    #[inline]
    fn store(&self, _key: u64, _entry: TableEntry) {}
    #[inline]
    fn new_search(&self) {}
}

/// What the table can learn about a state for free, beyond its key: whose turn it is and
/// the game's [`remaining_plies_bound`](Game::remaining_plies_bound), mixed into 64 bits.
/// Folded into a key that is not exact, it makes the table tell apart states that share a
/// key but differ in either, so a key that forgets whose turn it is, or a degenerate key
/// (every state 0), can only mix up states that agree on both.
#[inline]
pub(crate) fn check_value<G: Game>(state: &G) -> u64 {
    let turn = state.to_move().index() as u64;
    let left = state
        .remaining_plies_bound()
        .map_or(0, |b| u64::from(b) + 1);
    (((left << 1) | turn) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

impl<G: GameHash> Transpositions<G> for TranspositionTable {
    const ENABLED: bool = true;
    /// The state's [`hash_key`](GameHash::hash_key), exact keys as they are; a key that is
    /// not [exact](GameHash::KEY_IS_EXACT) gets a check value folded in (whose turn it is
    /// and the game's [`remaining_plies_bound`](Game::remaining_plies_bound)), so that the
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

/// A handle that derefs to a table is a table: `Arc<T>` to share one between engines or
/// threads, `&T` to lend one to a single search.
macro_rules! delegate_transpositions {
    ($($handle:ty),*) => {$(
        impl<G: Game, T: Transpositions<G>> Transpositions<G> for $handle {
            const ENABLED: bool = T::ENABLED;
            #[inline]
            fn key(&self, state: &G) -> u64 {
                (**self).key(state)
            }
            #[inline]
            fn class_key(&self, state: &G) -> (u64, bool) {
                (**self).class_key(state)
            }
            #[inline]
            fn probe(&self, key: u64) -> Option<TableEntry> {
                (**self).probe(key)
            }
            #[inline]
            fn fetch(&self, key: u64) -> [u64; 2] {
                (**self).fetch(key)
            }
            #[inline]
            fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry> {
                (**self).decode(key, raw)
            }
            #[inline]
            fn store(&self, key: u64, entry: TableEntry) {
                (**self).store(key, entry);
            }
            #[inline]
            fn new_search(&self) {
                (**self).new_search();
            }
            #[inline]
            fn prefetch(&self, key: u64) {
                (**self).prefetch(key);
            }
            #[inline]
            fn slots_in_use(&self) -> Option<usize> {
                (**self).slots_in_use()
            }
            #[inline]
            fn grow(&self) {
                (**self).grow();
            }
            const HAS_KNOWN_VALUES: bool = T::HAS_KNOWN_VALUES;
            #[inline]
            fn known_value(&self, state: &G) -> Option<Score> {
                (**self).known_value(state)
            }
            #[inline]
            fn prefetch_known(&self, state: &G) {
                (**self).prefetch_known(state);
            }
        }
    )*};
}

delegate_transpositions!(std::sync::Arc<T>, &T);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    #[test]
    fn huge_pages_are_advised_only_inside_the_allocation() {
        const MIB: usize = 1 << 20;
        // Aligned: every whole 2 MiB page.
        assert_eq!(huge_page_span(64 * MIB, 16 * MIB), Some((0, 16 * MIB)));
        // A malloc header before the memory: the first page starts at the next boundary,
        // and the last partial one is left out.
        assert_eq!(
            huge_page_span(64 * MIB + 16, 16 * MIB),
            Some((2 * MIB - 16, 14 * MIB))
        );
        // Too small for one whole page, aligned or not.
        assert_eq!(huge_page_span(64 * MIB + 16, 4 * MIB - 32), None);
        assert_eq!(huge_page_span(64 * MIB, 2 * MIB - 1), None);
        assert_eq!(huge_page_span(64 * MIB, 0), None);
        // At the top of the address space: nothing, not an overflow.
        assert_eq!(huge_page_span(usize::MAX - 100, 50), None);
    }

    proptest! {
        #[test]
        fn huge_page_spans_lie_inside(start in 0usize..1 << 40, bytes in 0usize..1 << 30) {
            if let Some((offset, len)) = huge_page_span(start, bytes) {
                prop_assert_eq!((start + offset) % HUGE_PAGE_BYTES, 0);
                prop_assert_eq!(len % HUGE_PAGE_BYTES, 0);
                prop_assert!(len > 0 && offset + len <= bytes);
                // At most one page's worth missed at each end.
                prop_assert!(bytes - len < 2 * HUGE_PAGE_BYTES);
            } else {
                prop_assert!(bytes < 2 * HUGE_PAGE_BYTES);
            }
        }

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
    }

    #[test]
    fn written_regions_grow_with_the_table_and_the_map_stays_small() {
        for (items, region) in [
            (1usize, MIN_REGION),
            (16, MIN_REGION),
            (1 << 20, MIN_REGION),
            (MIN_REGION * MAX_REGIONS, MIN_REGION),
            (1 << 24, 1 << 10),
            (1 << 32, 1 << 18),
        ] {
            let w = Written::new(items);
            assert_eq!(1usize << w.shift, region, "{items} items");
            assert!(w.bits.len() * 8 <= 2 << 10, "{items} items");
            assert!((w.bits.len() * 64) << w.shift >= items, "{items} items");
        }
    }

    proptest! {
        #[test]
        fn drained_regions_cover_exactly_the_marked_ones(
            log_items in 0u32..28,
            picks in proptest::collection::vec(any::<usize>(), 0..200),
        ) {
            let items = 1usize << log_items;
            let w = Written::new(items);
            let marked: Vec<usize> = picks.iter().map(|p| p % items).collect();
            for &i in &marked {
                w.mark(i);
            }
            let mut ranges = Vec::new();
            w.drain(|r| ranges.push(r));
            // Increasing, disjoint, inside the table, one region each...
            for pair in ranges.windows(2) {
                prop_assert!(pair[0].end <= pair[1].start);
            }
            for r in &ranges {
                prop_assert!(r.start < r.end && r.end <= items);
                prop_assert!(r.end - r.start <= 1 << w.shift);
                // ...each holding a marked item,
                prop_assert!(marked.iter().any(|i| r.contains(i)));
            }
            // ...and every marked item in one of them.
            for i in &marked {
                prop_assert!(ranges.iter().any(|r| r.contains(i)));
            }
            // Drained: nothing is left marked.
            let mut again = 0;
            w.drain(|_| again += 1);
            prop_assert_eq!(again, 0);
        }

        #[test]
        fn clear_empties_what_stores_wrote(keys in proptest::collection::vec(any::<u64>(), 0..300)) {
            for bytes in [16, 1 << 10, 1 << 20] {
                for replacement in [Replacement::Always, Replacement::DepthPreferred] {
                    let t = TranspositionTable::new(bytes).unwrap().with_replacement(replacement);
                    for round in 0..2 {
                        for (i, &key) in keys.iter().enumerate() {
                            t.store(key, TableEntry {
                                score: Score::heuristic(i as i32),
                                depth: round,
                                bound: Bound::Exact,
                                move_index: None,
                            });
                        }
                        prop_assert_eq!(t.stats().occupied > 0, !keys.is_empty());
                        t.clear();
                        prop_assert_eq!(t.stats().occupied, 0);
                        for &key in &keys {
                            prop_assert_eq!(t.probe(key), None);
                        }
                    }
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
        // Every slot of a small table, and keys that map to the first and last slots: the
        // prefetch hint reads nothing into the program and writes nothing.
        let t = TranspositionTable::new(1 << 10).unwrap();
        let e = TableEntry {
            score: Score::win_in(5),
            depth: 7,
            bound: Bound::Lower,
            move_index: Some(3),
        };
        t.store(77, e);
        let before = t.stats();
        for key in (0..4096u64).chain([u64::MAX, u64::MAX - 1]) {
            t.prefetch(key);
        }
        assert_eq!(t.stats(), before);
        assert_eq!(t.probe(77), Some(e));
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
            assert!(slots * SLOT_BYTES <= bytes, "{bytes}: {slots} slots");
            assert!(2 * slots * SLOT_BYTES > bytes, "{bytes}: {slots} slots");
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
        std::thread::scope(|s| {
            for id in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for k in 0..10_000u64 {
                        let key = k * 2 + id;
                        let e = TableEntry {
                            score: Score::heuristic(key as i32),
                            depth: 1,
                            bound: Bound::Exact,
                            move_index: None,
                        };
                        t.store(key, e);
                        if let Some(got) = t.probe(key) {
                            assert_eq!(got.score, e.score);
                        }
                    }
                });
            }
        });
    }
}
