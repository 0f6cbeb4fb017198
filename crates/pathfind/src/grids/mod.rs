//! Grids.
pub(crate) mod cell;
pub(crate) mod cost_grid;
pub(crate) mod distance_map;
pub(crate) mod fixed_point;
pub(crate) mod grid;
pub(crate) mod heuristic;
pub(crate) mod movement;
pub(crate) mod problem;
pub(crate) mod search;
