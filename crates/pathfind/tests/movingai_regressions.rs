//! Regression tests for the MovingAI readers: every input that made a fuzz target
//! (`fuzz/fuzz_targets/movingai_{map,scen,lines}.rs`) fail, written out literally, and the
//! proof that neither a map header nor a long line can make a reader allocate more than
//! its limits.
//!
//! This test binary counts allocations: a global allocator records, per thread, the largest
//! single request, so a test can show that a header asking for billions of cells is refused
//! without reserving them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use pathfind::PathError;
use pathfind::movingai::{MovingAiMap, Scenario, read_map, read_scen};

/// The cell limit of `load_map`.
const DEFAULT_MAX_CELLS: u64 = 1 << 24;

fn parse_map(text: &str) -> Result<MovingAiMap, PathError> {
    read_map(text.as_bytes(), DEFAULT_MAX_CELLS)
}

fn parse_scen(text: &str) -> Result<Vec<Scenario>, PathError> {
    read_scen(text.as_bytes())?.collect()
}

struct LargestRequest;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn record(size: usize) {
    // `try_with`: the slot may already be gone while the thread shuts down.
    let _ = LARGEST.try_with(|l| l.set(l.get().max(size)));
}

// SAFETY: every call is forwarded unchanged to the system allocator; recording a size
// touches only a const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for LargestRequest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size);
        // SAFETY: forwarded with the caller's pointer, layout and size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: LargestRequest = LargestRequest;

/// Runs `f` and returns its value with the largest single allocation it made.
fn largest_allocation<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LARGEST.with(|l| l.set(0));
    let value = f();
    (value, LARGEST.with(Cell::get))
}

fn header(height: u64, width: u64) -> String {
    format!("type octile\nheight {height}\nwidth {width}\nmap\n")
}

/// The reliability issue's report: `height 65533` / `width 65533` made `parse_map` reserve
/// 4,294,574,089 cells before reading a row (libFuzzer: `out-of-memory
/// (malloc(4294574089))`). Larger headers, including ones whose cell count overflows
/// `u32` (and a 32-bit `usize`), get the same typed error, with nothing allocated for the
/// cells.
#[test]
fn a_huge_header_is_refused_before_allocating() {
    let max = DEFAULT_MAX_CELLS;
    for (height, width) in [
        (65_533, 65_533),
        (4_000_000_000, 4_000_000_000),
        (u32::MAX, u32::MAX),
        (1, 16_777_217),
        (4097, 4096),
    ] {
        let text = header(height.into(), width.into());
        let (result, largest) = largest_allocation(|| parse_map(&text));
        assert_eq!(
            result,
            Err(PathError::MapTooManyCells {
                width,
                height,
                max_cells: max
            }),
            "{text:?}"
        );
        assert!(largest < 4096, "{text:?}: an allocation of {largest} bytes");
    }
    let e = parse_map(&header(4_000_000_000, 4_000_000_000)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the header declares a 4000000000x4000000000 map (16000000000000000000 cells), more \
         than the limit of 16777216 cells"
    );
    // A number beyond u32 is not a size at all.
    let e = parse_map(&header(4_294_967_296, 1)).unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 2, .. }), "{e:?}");
}

/// The limit is inclusive and configurable; the grid's own side limit still applies.
#[test]
fn the_cell_limit_is_configurable() {
    let ok = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";
    assert_eq!(read_map(ok.as_bytes(), 6).unwrap().passable.len(), 6);
    let e = read_map(ok.as_bytes(), 5).unwrap_err();
    assert_eq!(
        e,
        PathError::MapTooManyCells {
            width: 3,
            height: 2,
            max_cells: 5
        }
    );
    // A side above 65,533 is still a grid-size error under a larger limit.
    let e = read_map(header(1, 70_000).as_bytes(), u64::MAX).unwrap_err();
    assert!(matches!(e, PathError::GridSize { .. }), "{e:?}");
    // The default admits a 4096 x 4096 header (here without rows: truncated).
    let e = parse_map(&header(4096, 4096)).unwrap_err();
    assert!(
        matches!(e, PathError::MapTruncated { line: 5, .. }),
        "{e:?}"
    );
}

/// A header within the limit but larger than its text reserves no more cells than the text
/// has bytes (twice as many at most), and a long row is read no further than the width.
#[test]
fn a_short_text_reserves_no_more_than_its_length() {
    let text = header(4096, 4096) + "....\n";
    let (result, largest) = largest_allocation(|| parse_map(&text));
    assert!(
        matches!(result, Err(PathError::MapLine { line: 5, .. })),
        "{result:?}"
    );
    assert!(
        largest <= (2 * text.len()).max(1024),
        "an allocation of {largest} bytes"
    );

    let text = header(1, 1) + &".".repeat(1 << 20) + "\n";
    let (result, largest) = largest_allocation(|| parse_map(&text));
    assert_eq!(
        result,
        Err(PathError::MapLine {
            line: 5,
            message: "map row has more than 1 cells".into()
        })
    );
    assert!(largest < 4096, "an allocation of {largest} bytes");
}

/// fuzz `movingai_map`, crash-1bfecd496e69a9db6b2872cfcf429a7a0154f366: a row after the
/// declared last one was ignored, so a 3 x 2 map was accepted as 3 x 1.
#[test]
fn rows_beyond_the_declared_height_are_an_error() {
    let e = parse_map("type octile\r\nheight 1\r\nwidth 3\r\nmap\r\n.G@\r\nSTW\rz").unwrap_err();
    assert_eq!(
        e,
        PathError::MapLine {
            line: 6,
            message: "expected the end of the 1-row map, found \"STW\\rz\"".into()
        }
    );
    // Blank lines after the last row are fine.
    let m = parse_map("type octile\nheight 1\nwidth 3\nmap\n.G@\n\n  \r\n").unwrap();
    assert_eq!(m.passable, [true, true, false]);
}

/// The `movingai_map` property (row `y` is line `5 + y`, line ends `\n` or `\r\n`): the
/// parser dropped a `\r` twice, so `.\r\r` was read as the one-cell row `.`.
#[test]
fn a_second_carriage_return_is_part_of_the_row() {
    let e = parse_map("type octile\nheight 1\nwidth 1\nmap\n.\r\r\n").unwrap_err();
    assert_eq!(
        e,
        PathError::MapChar {
            line: 5,
            column: 2,
            ch: '\r'
        }
    );
    // One `\r` before the `\n`, or at the very end, is a line end.
    assert!(parse_map("type octile\nheight 1\nwidth 1\nmap\n.\r\n").is_ok());
    assert!(parse_map("type octile\nheight 1\nwidth 1\nmap\n.\r").is_ok());
}

/// fuzz `movingai_scen`, crash-5d289a8f046a023b1127e81b419e5ddc6f34717d: an optimal length
/// in exponent notation (`15e-134`) counted no decimals, so its tolerance was 0.5 and the
/// scenario did not print back as itself. Only plain decimals are optimal lengths now.
#[test]
fn an_optimal_length_with_an_exponent_is_an_error() {
    let e = parse_scen(
        "version 1\n0\tmaps/dao/[arena.maarena.map\t49\t49\t1\t13\t4\t12\t3.41421\n\
         0\tmaps/dao/arena.map\t49\t49\t1\t3\t3\t1\t3.41421\n\
         0\tmaps/dao/arena.map\t49\t49\t1\t3\t4\t3\t15e-134",
    )
    .unwrap_err();
    assert_eq!(
        e,
        PathError::MapLine {
            line: 4,
            message: "field 9 (optimal length) is not a non-negative decimal number: \"15e-134\""
                .into()
        }
    );
    for bad in ["15e-1", "1.5E1", "+1.5", "-0", "inf", ".", "1.2.3", "0x10"] {
        let text = format!("version 1\n0 m 9 9 1 1 2 2 {bad}\n");
        assert!(parse_scen(&text).is_err(), "{bad:?} accepted");
    }
    for (good, optimal, decimals) in [("1.5", 1.5, 1), ("2", 2.0, 0), (".5", 0.5, 1)] {
        let text = format!("version 1\n0 m 9 9 1 1 2 2 {good}\n");
        let s = &parse_scen(&text).unwrap()[0];
        assert_eq!((s.optimal, s.decimals), (optimal, decimals), "{good:?}");
    }
}

/// The reliability issue's report: `ply path` read a map or scenario line whole (a 1 GB
/// line took 2 GB) and quoted it whole in its error (a message of 1,000,000,067 bytes).
/// Every line is now read up to its limit and the rest skipped without being kept, and a
/// message quotes at most 40 characters: here 16 MiB lines in every place of both formats.
#[test]
fn a_long_line_is_neither_kept_nor_quoted_whole() {
    let long = "x".repeat(16 << 20);
    let maps = [
        format!("{long}\nheight 1\nwidth 1\nmap\n.\n"),
        format!("type octile\nheight {long}\nwidth 1\nmap\n.\n"),
        format!("type octile\nheight 1\nwidth 1\nmap {long}\n.\n"),
        format!("type octile\nheight 1\nwidth 2\nmap\n..{long}\n"),
        format!("type octile\nheight 1\nwidth 1\nmap\n.\n{long}"),
        format!(
            "type octile\nheight 1\nwidth 1\nmap\n.\n{}x",
            " ".repeat(16 << 20)
        ),
    ];
    for text in &maps {
        let (result, largest) = largest_allocation(|| parse_map(text));
        let e = result.unwrap_err();
        assert!(e.to_string().len() < 200, "{}", &e.to_string()[..200]);
        assert!(largest < 4096, "an allocation of {largest} bytes: {e}");
    }
    let scens = [
        format!("version 1{long}\n"),
        format!("{long}\n"),
        format!("version 1\n0\tm{long}\t9\t9\t1\t2\t3\t4\t2.83\n"),
        format!(
            "version 1\n0\tm\t9\t9\t1\t2\t3\t4\t2.{}\n",
            "8".repeat(16 << 20)
        ),
    ];
    for text in &scens {
        let (result, largest) = largest_allocation(|| parse_scen(text));
        let e = result.unwrap_err();
        assert!(e.to_string().len() < 200, "{}", &e.to_string()[..200]);
        assert!(largest < 4096, "an allocation of {largest} bytes: {e}");
    }
    // A scenario line too long is skipped, and the reading goes on with the next.
    let text = format!("version 1\n{long}\n0\tm\t9\t9\t1\t2\t3\t4\t2.83\n");
    let read: Vec<_> = read_scen(text.as_bytes()).unwrap().collect();
    assert_eq!(read.len(), 2);
    let e = read[0].as_ref().unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "line 2: a scenario line of more than 1024 bytes: \"{}…\"",
            "x".repeat(40)
        )
    );
    assert_eq!(read[1].as_ref().unwrap().line, 3);
}
