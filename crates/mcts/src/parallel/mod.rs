//! Parallelism: one search thread and its iteration loop (`worker.rs`), the threads of a
//! search and how iterations are shared among them (`threads.rs`), the tree shared by
//! several threads in tree parallelism (`shared.rs`, its nodes in `arena.rs`), and a
//! shared tree kept after the search until something needs it whole (`deferred.rs`).

pub(crate) mod arena;
pub(crate) mod deferred;
pub(crate) mod shared;
pub(crate) mod threads;
pub(crate) mod worker;
