//! Dense grids: what a grid is here, and in [`search`] how it is searched.
//!
//! | module | holds |
//! |---|---|
//! | [`grid`] | `Grid`: passable cells in a padded array, each cell's legal moves as a mask, the obstacle bits jump point search scans |
//! | [`cell`], [`movement`] | a cell; the movement rule (4- or 8-connected, corner cutting) |
//! | [`heuristic`] | `Heuristic`: the distance estimates, and which is admissible for which movement |
//! | [`fixed_point`] | the fixed-point costs and estimates of the grid searches, the exact cost of a path |
//! | [`cost_grid`] | `CostGrid`: a grid whose cells have weights |
//! | [`distance_map`] | `DistanceMap`: moves from the nearest start to every cell |
//! | [`problem`] | `GridProblem`: a grid query as a `SearchProblem` |
//! | [`search`] | `GridContext` and the grid searches |
//!
//! Nothing outside [`search`] depends on it: a grid knows nothing of its searches.

pub(crate) mod cell;
pub(crate) mod cost_grid;
pub(crate) mod distance_map;
pub(crate) mod fixed_point;
pub(crate) mod grid;
pub(crate) mod heuristic;
pub(crate) mod movement;
pub(crate) mod problem;
pub(crate) mod search;
