//! [`peak_resident_growth`]: how much resident memory a piece of code takes at its peak.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The process's resident memory in bytes, as `/proc/self/status` gives it (`VmRSS`);
/// `None` where there is no such file (outside Linux).
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Runs `f` and returns its result with the largest growth of the process's resident
/// memory while it ran, above what was resident when it started: sampled every 200 µs by
/// a thread of its own (so a peak shorter than that may be missed), read from
/// `/proc/self/status`. `None` where that file does not exist (outside Linux).
///
/// Memory is counted for the whole process: run it where nothing else allocates at the
/// same time (a test binary with one test). This is how the workspace's tests check that
/// an engine's memory cap bounds what it really holds, not only what it counts.
///
/// ```
/// use search_core::testing::peak_resident_growth;
/// let (len, growth) = peak_resident_growth(|| {
///     let v = vec![1u8; 64 << 20]; // 64 MiB, written
///     v.iter().filter(|&&b| b == 1).count()
/// });
/// assert_eq!(len, 64 << 20);
/// if let Some(growth) = growth {
///     assert!(growth >= 32 << 20, "{growth}");
/// }
/// ```
pub fn peak_resident_growth<R>(f: impl FnOnce() -> R) -> (R, Option<u64>) {
    let Some(before) = resident_bytes() else {
        return (f(), None);
    };
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let sampler = scope.spawn(|| {
            let mut peak = before;
            while !done.load(Ordering::Relaxed) {
                peak = peak.max(resident_bytes().unwrap_or(0));
                std::thread::sleep(Duration::from_micros(200));
            }
            peak.max(resident_bytes().unwrap_or(0))
        });
        let result = f();
        done.store(true, Ordering::Relaxed);
        let peak = sampler.join().unwrap_or(before);
        (result, Some(peak.saturating_sub(before)))
    })
}
