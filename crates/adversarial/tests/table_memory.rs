//! A transposition table never uses more memory than it was given: every byte allocated
//! while creating or resizing tables is counted by a counting global allocator, and the
//! peak never passes the requested size (power-of-two rounding goes down, never up).
//!
//! One test function only: the allocator counts the whole process, and the test harness
//! runs the functions of a file on parallel threads.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use adversarial::{Negamax, Solver, TranspositionTable};
use games::{ConnectFour, ThreatEvaluator};
use search_core::Budget;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn add(n: usize) {
    let now = CURRENT.fetch_add(n, Ordering::SeqCst) + n;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counters only
// observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's pointer, layout and size.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Counted as if old and new coexisted, the worst case of a moving realloc.
            add(new_size);
            CURRENT.fetch_sub(layout.size(), Ordering::SeqCst);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns the largest number of bytes it had allocated at once, beyond what
/// was allocated before, with its value.
fn peak_of<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let base = CURRENT.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let value = f();
    ((PEAK.load(Ordering::SeqCst) - base) as u64, value)
}

/// Slack for what is not the slots: the struct, for shared tables the `Arc`'s counters,
/// and the test harness' own small allocations on its other thread, which the allocator
/// counts too (about 1 KB at start-up). Every size tested is a KiB multiple far above it.
const OVERHEAD: u64 = 4096;

#[test]
fn tables_never_use_more_than_their_size() {
    const MIB: u64 = 1 << 20;
    for mb in [1u64, 2, 3, 5, 7, 16, 24, 100] {
        let (peak, table) = peak_of(|| TranspositionTable::with_megabytes(mb).unwrap());
        let want = mb * MIB;
        // What you get: the largest power of two of slots that fits.
        assert!(table.slots().is_power_of_two());
        assert_eq!(table.size_bytes(), table.slots() as u64 * 16);
        assert!(
            table.size_bytes() <= want,
            "{mb} MB: {} bytes",
            table.size_bytes()
        );
        assert!(
            2 * table.size_bytes() > want,
            "{mb} MB: {} bytes",
            table.size_bytes()
        );
        // What it allocated: the slots and nothing else of any size.
        assert!(
            peak <= table.size_bytes() + OVERHEAD,
            "{mb} MB: peak {peak}"
        );
        drop(table);
    }
    // Odd byte counts round down as well.
    for bytes in [65_536u64, 65_537, 100_000, 3 * MIB + 5, 10_000_000] {
        let (peak, table) = peak_of(|| TranspositionTable::new(bytes).unwrap());
        assert!(table.size_bytes() <= bytes && 2 * table.size_bytes() > bytes);
        assert!(peak <= bytes + OVERHEAD, "{bytes} bytes: peak {peak}");
    }
    // Resizing frees the old slots first: never both tables at once.
    let mut table = TranspositionTable::with_megabytes(8).unwrap();
    for mb in [4u64, 16, 2, 8] {
        let old = table.size_bytes();
        let (peak, ()) = peak_of(|| table.resize(mb * MIB).unwrap());
        assert_eq!(table.size_bytes(), mb * MIB);
        // `peak` counts from a base that holds the old table.
        assert!(
            old + peak <= old.max(mb * MIB) + OVERHEAD,
            "resize from {old} bytes to {mb} MB: peak {} bytes",
            old + peak
        );
    }
    // A failed resize changes nothing and allocates nothing.
    let (peak, r) = peak_of(|| table.resize(0));
    assert!(r.is_err() && peak == 0 && table.size_bytes() == 8 * MIB);
    drop(table);

    // The solver's table, and searches with it: a search allocates per-ply buffers, never
    // anything table-sized. A table asked for by size is allocated when the first search
    // starts (and the default one of `Solver::new` is never allocated when replaced).
    let (peak, mut solver) = peak_of(|| {
        Solver::new()
            .with_table_mb(4)
            .with_budget(Budget::nodes(200_000))
    });
    assert!(
        peak < MIB / 4,
        "configuring a solver allocated {peak} bytes at once"
    );
    let position: ConnectFour = "4455443".parse().unwrap();
    // The first solve allocates the table and the search's per-ply buffers (under MIB / 4,
    // as checked below).
    let (peak, _) = peak_of(|| solver.solve(&position).unwrap());
    assert!(peak <= 4 * MIB + MIB / 4, "solver: peak {peak}");
    assert_eq!(solver.table().size_bytes(), 4 * MIB);
    let (peak, _) = peak_of(|| solver.solve(&position).unwrap());
    assert!(peak < MIB / 4, "a solve allocated {peak} bytes at once");
    let table = Arc::new(TranspositionTable::with_megabytes(4).unwrap());
    let mut engine = Negamax::new(ThreatEvaluator)
        .with_table(table)
        .with_budget(Budget::depth(10));
    let (peak, _) = peak_of(|| engine.search(&position).unwrap());
    assert!(peak < MIB / 4, "a search allocated {peak} bytes at once");
    let mut engine = Negamax::new(ThreatEvaluator)
        .with_table_mb(4)
        .with_budget(Budget::depth(10));
    let (peak, _) = peak_of(|| engine.search(&position).unwrap());
    assert!(peak <= 4 * MIB + MIB / 4, "negamax: peak {peak}");
    assert_eq!(engine.table().size_bytes(), 4 * MIB);
    let (peak, _) = peak_of(|| engine.search(&position).unwrap());
    assert!(peak < MIB / 4, "a search allocated {peak} bytes at once");
}
