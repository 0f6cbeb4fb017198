//! Searches over any hashable state.
pub(crate) mod best_first;
pub(crate) mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod context;
pub(crate) mod deepening;
pub(crate) mod dfs;
pub(crate) mod fringe;
pub(crate) mod reach;
pub(crate) mod solve;
pub(crate) mod stepper;
