//! The machinery every search shares, and the types every search returns.
//!
//! A search numbers its states with dense `u32` slots ([`slots`]: a hash table for any
//! state, the cell index itself on a grid), keeps what it knows of each slot in a flat
//! array reused from search to search ([`nodes`]), orders its frontier with an open list
//! ([`open_list`]), obtains successors through [`successors`], and keeps its bounds, counters
//! and clock in a [`run`]; [`buffers`] holds all of these between searches. A context's
//! [`settings`] (budget, cost bound, threads) are the same for every kind of context, and
//! [`batch`] runs many queries on threads. The public vocabulary: [`algorithm`], [`result`] and
//! [`error`].

pub(crate) mod algorithm;
pub(crate) mod batch;
pub(crate) mod buffers;
pub(crate) mod error;
pub(crate) mod nodes;
pub(crate) mod open_list;
pub(crate) mod result;
pub(crate) mod run;
pub(crate) mod settings;
pub(crate) mod slots;
pub(crate) mod successors;
