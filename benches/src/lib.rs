//! Shared helpers for the benchmarks.
#![forbid(unsafe_code)]
