//! Searches over any hashable state.
pub(crate) mod best_first;
mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod context;
pub(crate) mod deepening;
mod dfs;
pub(crate) mod fringe;
pub(crate) mod reach;
