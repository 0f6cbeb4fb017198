//! Path sets.
pub(crate) mod astar_bag;
pub(crate) mod count_paths;
pub(crate) mod dijkstra_all;
pub(crate) mod yen;
