//! What the engines need from the platform they run on, and what differs between targets:
//! the monotonic clock ([`Instant`]) and whether threads can be started
//! ([`threads_available`]; [`check_threads`](crate::check_threads) refuses them where not).
//!
//! On `wasm32-unknown-unknown` (WebAssembly in a web browser, a game engine's web build)
//! the standard library's `Instant::now` panics and no thread can be started. There the
//! clock is the browser's `performance.now()`, read through the `web-time` crate (a
//! dependency on that target only), and a request for more than one thread is refused with
//! [`BudgetError::NoThreads`](crate::BudgetError::NoThreads) before any work starts, as every limit an engine cannot honour
//! is. Every other target uses the standard library's clock and threads.

/// The monotonic clock every engine reads: [`std::time::Instant`] on every target but
/// WebAssembly in a web browser (`wasm32-unknown-unknown`), where it is `web_time::Instant`
/// (the same methods, reading `performance.now()`), since the standard library's panics
/// there. Use it wherever you hand an engine a time ([`RunningBudget::out_of_time_at`](crate::RunningBudget::out_of_time_at)).
///
/// ```
/// use std::time::Duration;
/// let started = search_core::Instant::now();
/// assert!(started.elapsed() < Duration::from_secs(3600));
/// ```
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub use std::time::Instant;

/// The monotonic clock every engine reads: `web_time::Instant` on WebAssembly in a web
/// browser (it reads `performance.now()`; the standard library's panics there), and
/// [`std::time::Instant`] everywhere else.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use web_time::Instant;

/// `true` where the standard library can start threads: every target but WebAssembly
/// without the `atomics` feature and an operating system behind it (`wasm32-unknown-unknown`,
/// `wasm32-wasip1`, `wasm32-wasip2`).
///
/// ```
/// assert_eq!(search_core::threads_available(), !cfg!(target_family = "wasm"));
/// ```
#[must_use]
pub const fn threads_available() -> bool {
    cfg!(not(target_family = "wasm"))
        || cfg!(all(target_feature = "atomics", not(target_os = "unknown")))
}
