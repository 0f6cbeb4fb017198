//! The memory of the tables, and the crate's two `unsafe` blocks that touch it: the
//! cache-prefetch hint both tables issue for a slot or bucket ([`prefetch_line`]), the advice
//! that a new table's memory be mapped with huge pages ([`advise_huge_pages`]), the one
//! allocation of a table, written once ([`allocate_written`]), and the map of the regions
//! written since a table was last emptied ([`Written`]), which makes emptying it cost what
//! was written rather than its size.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::tables::entry::TableSizeError;

/// One of the crate's three `unsafe` blocks: the x86_64 prefetch instruction, which Rust exposes as an
/// `unsafe fn` because it takes a raw pointer. It is a cache hint: it never faults, reads
/// nothing into the program and changes no memory, whatever the address. It roughly halves
/// the Connect Four solver's time per position (`docs/benchmarks/adversarial.md` has the
/// measurement); a plain load in its place gains much less, because a load that misses the
/// cache holds up the processor until it completes. The table's tests also run under Miri.
/// Both tables ([`TranspositionTable`](crate::TranspositionTable) and [`CompactTable`](crate::CompactTable)) call it with
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
            bytes: (count as u64).saturating_mul(size_of::<T>() as u64),
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        // Starts anywhere in the lower half of the address space (32-bit targets too).
        fn huge_page_spans_lie_inside(start in 0usize..usize::MAX / 2, bytes in 0usize..1 << 30) {
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

    }

    #[test]
    fn written_regions_grow_with_the_table_and_the_map_stays_small() {
        for (items, region) in [
            (1usize, MIN_REGION),
            (16, MIN_REGION),
            (1 << 20, MIN_REGION),
            (MIN_REGION * MAX_REGIONS, MIN_REGION),
            (1 << 24, 1 << 10),
            (1 << 30, 1 << 16),
            // The largest table a target can address: 2^31 items on a 32-bit one.
            (1 << (usize::BITS - 1), 1 << (usize::BITS - 1 - 14)),
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
    }
}
