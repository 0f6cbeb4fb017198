//! `pathfind::movingai::{read_map, read_scen}` on inputs with a long line: the fuzzer's
//! text with one of its lines (or one more after its end) stretched by up to 16 KiB of one
//! byte (sixteen times the longest line kept), fed through a reader that hands the bytes
//! over in chunks of a size the fuzzer chooses. Properties: the readers never allocate more than a few kilobytes beyond what
//! they build (the map's cells, the scenarios), so no line is ever kept whole; every
//! message stays short (a quote of at most 40 characters); a line stretched past every
//! limit (1,024 bytes, or a row's width) is an error; and the chunks do not change the
//! answer: an input read in chunks gives what the same bytes read at once give.
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{BufReader, Read};

use libfuzzer_sys::fuzz_target;
use pathfind::PathError;
use pathfind::movingai::{read_map, read_scen};

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

/// The cell limit of the maps read: small, so that the fuzzer never runs out of memory.
const MAX_CELLS: u64 = 1 << 16;
/// The longest line the readers keep, besides map rows.
const LINE_BYTES: usize = 1024;

/// `before`, then `fill` repeated `len` times, then `after`, handed over at most `chunk`
/// bytes a read, without ever holding the stretched part.
struct Stretched<'a> {
    before: &'a [u8],
    fill: u8,
    len: usize,
    after: &'a [u8],
    chunk: usize,
}

impl Read for Stretched<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = out.len().min(self.chunk);
        let from = |part: &mut &[u8], out: &mut [u8]| {
            let k = n.min(part.len());
            out[..k].copy_from_slice(&part[..k]);
            *part = &part[k..];
            k
        };
        if !self.before.is_empty() {
            return Ok(from(&mut self.before, out));
        }
        if self.len > 0 {
            let k = n.min(self.len);
            out[..k].fill(self.fill);
            self.len -= k;
            return Ok(k);
        }
        Ok(from(&mut self.after, out))
    }
}

/// What a reader gave: the map's cells or the scenarios read, or the errors' messages.
#[derive(Debug, PartialEq)]
enum Reading {
    Map(Result<Vec<bool>, String>),
    Scen(Result<Vec<Result<String, String>>, String>),
}

fn read(map: bool, input: impl Read, capacity: usize) -> Reading {
    let input = BufReader::with_capacity(capacity, input);
    if map {
        Reading::Map(
            read_map(input, MAX_CELLS)
                .map(|m| m.passable)
                .map_err(|e| e.to_string()),
        )
    } else {
        Reading::Scen(
            read_scen(input)
                .map(|it| {
                    it.map(|s| s.map(|s| format!("{s:?}")).map_err(|e| e.to_string()))
                        .collect()
                })
                .map_err(|e| e.to_string()),
        )
    }
}

/// Every message of a reading.
fn messages(r: &Reading) -> Vec<&str> {
    match r {
        Reading::Map(Err(e)) | Reading::Scen(Err(e)) => vec![e],
        Reading::Scen(Ok(items)) => items.iter().filter_map(|i| i.as_ref().err()).map(String::as_str).collect(),
        Reading::Map(Ok(_)) => vec![],
    }
}

fuzz_target!(|data: &[u8]| {
    let [kind, line, l0, l1, fill, chunk, ref text @ ..] = *data else {
        return;
    };
    let map = kind % 2 == 0;
    // The end of the chosen line (its `\r\n` or `\n`), or the text's end: the stretch goes
    // there, so that the line grows.
    let ends: Vec<usize> = text
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| if i > 0 && text[i - 1] == b'\r' { i - 1 } else { i })
        .chain([text.len()])
        .collect();
    let at = ends[usize::from(line) % ends.len()];
    let len = usize::from(l0) | usize::from(l1 % 64) << 8;
    let fill = if fill == b'\n' || fill == b'\r' { b'x' } else { fill };
    let (before, after) = text.split_at(at);
    let stretched = Stretched {
        before,
        fill,
        len,
        after,
        chunk: usize::from(chunk) + 1,
    };
    LARGEST.with(|l| l.set(0));
    let got = read(map, stretched, 8 * (usize::from(chunk) + 1));
    let largest = LARGEST.with(Cell::get);
    // What the reading built, besides the line buffers of a few kilobytes.
    let built = match &got {
        Reading::Map(Ok(cells)) => 2 * cells.len(),
        Reading::Scen(Ok(items)) => {
            2 * items.len() * size_of::<Result<pathfind::movingai::Scenario, PathError>>()
        }
        _ => 0,
    };
    assert!(
        largest <= 8 * LINE_BYTES + built,
        "{len} bytes of {fill:?} at {at}: an allocation of {largest} bytes"
    );
    for m in messages(&got) {
        assert!(m.len() <= 600, "a message of {} bytes: {m:.600}", m.len());
    }
    if len > LINE_BYTES + 2 {
        let failed = match &got {
            Reading::Map(r) => r.is_err(),
            Reading::Scen(Err(_)) => true,
            Reading::Scen(Ok(items)) => items.iter().any(Result::is_err),
        };
        assert!(failed, "a line of {len} more bytes accepted: {got:?}");
    }
    if len <= 4096 {
        let mut whole = before.to_vec();
        whole.extend(std::iter::repeat_n(fill, len));
        whole.extend_from_slice(after);
        assert_eq!(got, read(map, &whole[..], 1 << 16), "read in chunks of {}", chunk + 1);
    }
});
