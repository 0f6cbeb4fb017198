//! Shared helpers for the benchmarks.
#![forbid(unsafe_code)]

/// The Rust blocks of `docs/guide-your-own-game.md`: `cargo test -p benches --doc` compiles
/// each complete block as the guide shows it and runs those that are statements (the
/// excerpts of a file, fenced `rust,ignore`, compile in that file instead). This package
/// depends on every library of the workspace and is never published, so the guide outside
/// it is no problem for `cargo package`.
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide-your-own-game.md")]
pub struct GuideDoctests;

/// The Rust blocks of `docs/guide-anytime.md`, tested as those of the guide above.
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide-anytime.md")]
pub struct GuideAnytimeDoctests;
