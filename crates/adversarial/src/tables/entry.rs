//! What every transposition table stores and reports: a [`TableEntry`] with its [`Bound`],
//! the [`Replacement`] policy, the [`TableStats`], the [`TableSizeError`] of a size that
//! cannot be used; and the pieces of an entry's encoding and of a table's bookkeeping that
//! [`TranspositionTable`](crate::TranspositionTable) and [`CompactTable`](crate::CompactTable)
//! share (the bound's code, the move index's code, the search generation, the size check).

use std::sync::atomic::{AtomicU8, Ordering};

use search_core::Score;
use thiserror::Error;

/// The largest table accepted, in bytes (64 GiB), on a target whose address space holds it.
/// Sizes are `u64` on every target: on a 32-bit one (WebAssembly, i686), a size the address
/// space cannot hold is [`TableSizeError::BeyondAddressSpace`], not an overflow.
///
/// ```
/// assert_eq!(adversarial::MAX_TABLE_BYTES, 64 << 30);
/// ```
pub const MAX_TABLE_BYTES: u64 = 1 << 36;

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
    /// [`TranspositionTable::new_search`](crate::TranspositionTable::new_search)) is always replaced.
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
        bytes: u64,
    },
    /// Larger than [`MAX_TABLE_BYTES`].
    #[error("a transposition table of {bytes} bytes is absurdly large (at most {max} bytes)")]
    TooLarge {
        /// The requested size.
        bytes: u64,
        /// The largest size accepted.
        max: u64,
    },
    /// The table this size gives (rounded down to a power of two of slots) is larger than
    /// any allocation on this target: a 32-bit one (WebAssembly, i686) allocates at most
    /// 2 GiB at once.
    ///
    /// ```
    /// use adversarial::{TableSizeError, TranspositionTable};
    /// if usize::BITS == 32 {
    ///     assert!(matches!(
    ///         TranspositionTable::new(4 << 30),
    ///         Err(TableSizeError::BeyondAddressSpace { bytes: 4294967296, .. })
    ///     ));
    /// }
    /// ```
    #[error(
        "a transposition table of {bytes} bytes does not fit in this target's address space (at most {max} bytes in one allocation)"
    )]
    BeyondAddressSpace {
        /// The requested size.
        bytes: u64,
        /// The largest allocation this target allows (`isize::MAX` bytes).
        max: u64,
    },
    /// A [`CompactTable`](crate::CompactTable) needs an exact key
    /// ([`GameHash::KEY_IS_EXACT`](search_core::GameHash::KEY_IS_EXACT)): it stores only part of the key.
    #[error(
        "a compact table needs a game whose key is exact (GameHash::KEY_IS_EXACT): use TranspositionTable"
    )]
    KeyNotExact,
    /// A [`CompactTable`](crate::CompactTable) this small cannot verify the game's whole key
    /// ([`GameHash::KEY_BITS`](search_core::GameHash::KEY_BITS)): its buckets and check bits hold fewer bits than the key.
    #[error(
        "a compact table this small cannot verify {key_bits}-bit keys: it needs at least {min_bytes} bytes"
    )]
    KeyTooWide {
        /// The game's [`GameHash::KEY_BITS`](search_core::GameHash::KEY_BITS).
        key_bits: u32,
        /// The smallest table that verifies such keys.
        min_bytes: u64,
    },
    /// The memory could not be allocated.
    #[error("a transposition table of {bytes} bytes could not be allocated: ask for less memory")]
    OutOfMemory {
        /// The size that could not be allocated (after rounding down).
        bytes: u64,
    },
}

/// One stored search result, as [`TranspositionTable::probe`](crate::TranspositionTable::probe) returns it.
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

impl Bound {
    /// The bound's two-bit code in a stored entry: 1 exact, 2 lower, 3 upper (0 marks an
    /// empty entry).
    #[inline]
    pub(crate) fn code(self) -> u64 {
        match self {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        }
    }

    /// The bound of a two-bit code (the low two bits of `code`); `None` for an empty entry.
    #[inline]
    pub(crate) fn from_code(code: u64) -> Option<Bound> {
        match code & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }
}

/// A move index's code in a stored entry that holds indices below `limit`: the index plus
/// one, 0 for none or for an index too large to store.
#[inline]
pub(crate) fn move_code(move_index: Option<u8>, limit: u8) -> u64 {
    match move_index {
        Some(i) if i < limit => u64::from(i) + 1,
        _ => 0,
    }
}

/// The move index of a code made by [`move_code`].
#[inline]
pub(crate) fn move_of_code(code: u8) -> Option<u8> {
    code.checked_sub(1)
}

/// A table's search generation, counted modulo `N` (what its entries' generation bits
/// hold): stores compare an entry's generation with it to find what an older search left.
pub(crate) struct Generation<const N: u8>(AtomicU8);

impl<const N: u8> Generation<N> {
    /// The first generation, 0.
    pub(crate) fn new() -> Self {
        Generation(AtomicU8::new(0))
    }

    /// The current generation, `0..N`.
    #[inline]
    pub(crate) fn get(&self) -> u8 {
        self.0.load(Ordering::Relaxed)
    }

    /// Starts the next generation (after `N - 1` comes 0 again).
    pub(crate) fn advance(&self) {
        let g = self.get();
        self.0.store(g.wrapping_add(1) % N, Ordering::Relaxed);
    }

    /// Back to the first generation.
    pub(crate) fn reset(&self) {
        self.0.store(0, Ordering::Relaxed);
    }
}

/// The number of `unit`-byte items a table of at most `bytes` bytes holds: the largest power
/// of two that fits.
///
/// # Errors
/// [`TableSizeError::TooLarge`] above [`MAX_TABLE_BYTES`], [`TableSizeError::TooSmall`] when
/// not one item fits, [`TableSizeError::BeyondAddressSpace`] when the items take more than
/// one allocation may hold on this target (`isize::MAX` bytes).
pub(crate) fn largest_fitting(bytes: u64, unit: usize) -> Result<usize, TableSizeError> {
    if bytes > MAX_TABLE_BYTES {
        return Err(TableSizeError::TooLarge {
            bytes,
            max: MAX_TABLE_BYTES,
        });
    }
    let unit = unit as u64;
    let fit = bytes / unit;
    if fit == 0 {
        return Err(TableSizeError::TooSmall { bytes });
    }
    let items = 1_u64 << (u64::BITS - 1 - fit.leading_zeros());
    let max = isize::MAX as u64;
    match usize::try_from(items) {
        Ok(count) if items * unit <= max => Ok(count),
        _ => Err(TableSizeError::BeyondAddressSpace { bytes, max }),
    }
}

/// `megabytes` MiB in bytes, saturating: a count too large for `u64` is refused as
/// [`TableSizeError::TooLarge`] like any size above [`MAX_TABLE_BYTES`].
pub(crate) fn megabytes_to_bytes(megabytes: u64) -> u64 {
    megabytes.saturating_mul(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
            assert_eq!(Bound::from_code(bound.code()), Some(bound));
        }
        assert_eq!(Bound::from_code(0), None);
        for limit in [15, u8::MAX] {
            for i in 0..limit {
                assert_eq!(move_of_code(move_code(Some(i), limit) as u8), Some(i));
            }
            assert_eq!(move_code(Some(limit), limit), 0);
            assert_eq!(move_code(None, limit), 0);
        }
        assert_eq!(move_of_code(0), None);
    }

    #[test]
    fn sizes_round_down_to_a_power_of_two_of_items() {
        assert_eq!(largest_fitting(1000, 16), Ok(32));
        assert_eq!(largest_fitting(16, 16), Ok(1));
        assert_eq!(
            largest_fitting(15, 16),
            Err(TableSizeError::TooSmall { bytes: 15 })
        );
        assert_eq!(
            largest_fitting(MAX_TABLE_BYTES + 1, 16),
            Err(TableSizeError::TooLarge {
                bytes: MAX_TABLE_BYTES + 1,
                max: MAX_TABLE_BYTES
            })
        );
        assert_eq!(megabytes_to_bytes(3), 3 << 20);
        assert_eq!(megabytes_to_bytes(u64::MAX), u64::MAX);
    }

    /// A size the address space cannot hold is a typed error on every target: above
    /// `isize::MAX` bytes (2 GiB on a 32-bit target; 8 EiB, which `MAX_TABLE_BYTES` refuses
    /// first, on a 64-bit one).
    #[test]
    fn a_size_beyond_the_address_space_is_a_typed_error() {
        let max = isize::MAX as u64;
        let beyond = max + 1;
        let expected = if beyond > MAX_TABLE_BYTES {
            TableSizeError::TooLarge {
                bytes: beyond,
                max: MAX_TABLE_BYTES,
            }
        } else {
            TableSizeError::BeyondAddressSpace { bytes: beyond, max }
        };
        assert_eq!(largest_fitting(beyond, 16), Err(expected));
        // The largest size that fits rounds down to half the address space.
        assert_eq!(
            largest_fitting(max.min(MAX_TABLE_BYTES), 16).map(|n| n as u64 * 16),
            Ok((max.min(MAX_TABLE_BYTES) + 1).next_power_of_two() / 2)
        );
    }

    #[test]
    fn generations_count_modulo_their_number() {
        let g = Generation::<4>::new();
        let seen: Vec<u8> = (0..6)
            .map(|_| {
                let now = g.get();
                g.advance();
                now
            })
            .collect();
        assert_eq!(seen, [0, 1, 2, 3, 0, 1]);
        g.reset();
        assert_eq!(g.get(), 0);
    }
}
