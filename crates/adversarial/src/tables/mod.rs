//! Transposition tables: where the engines of `two_player` and `solving` keep what they
//! learned about positions, shared between the searches of one engine and between its
//! threads.
//!
//! | file | holds |
//! |---|---|
//! | `entry.rs` | what a table stores and reports ([`TableEntry`](crate::TableEntry), [`Bound`](crate::Bound), [`Replacement`](crate::Replacement), [`TableStats`](crate::TableStats), [`TableSizeError`](crate::TableSizeError)), and the encoding and bookkeeping both tables share |
//! | `transpositions.rs` | the [`Transpositions`](crate::Transpositions) trait through which an engine reaches its table, [`NoTable`](crate::NoTable), and the handles (`Arc`, `&`) that are tables too |
//! | `transposition.rs` | [`TranspositionTable`](crate::TranspositionTable): 16-byte slots for any [`GameHash`](search_core::GameHash) key, lock-free; an engine's request for one by size |
//! | `compact.rs` | [`CompactTable`](crate::CompactTable): 8-byte entries in four-way buckets, for short exact keys |
//! | `memory.rs` | the tables' memory: one allocation written once, huge pages, the cache-prefetch hint (the two `unsafe` blocks), and the map of written regions that makes `clear` cheap |
//!
//! The solver's opening book is read through a table too (`solving/book.rs`), and the
//! general-game engines have a table of their own (`general/value_table.rs`).

#[cfg(test)]
mod checks;
pub(crate) mod compact;
pub(crate) mod entry;
pub(crate) mod memory;
pub(crate) mod transposition;
pub(crate) mod transpositions;
