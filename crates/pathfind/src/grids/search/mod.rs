//! How grids are searched, in three layers (each uses only the ones above it):
//!
//! 1. The algorithms, which know nothing of a context: [`astar`], the grid's own A* and
//!    Dijkstra loop, with its open list [`ring_open`]; [`jump_points`], A* over jump points,
//!    with the jump points it reached. (BFS, weighted A*, greedy, DFS, IDDFS and IDA* are the
//!    loops of [`graph`](crate::graph), run on cell indices.)
//! 2. [`context`]: `GridContext`, its settings, its per-cell arrays reused from one query to
//!    the next, what the last search expanded, and how each kind of search is prepared on
//!    those arrays.
//! 3. The public searches, each a file of `GridContext` methods: [`queries`] (any algorithm
//!    chosen at run time, batches, the distance map), [`costs`] (A* on a `CostGrid`),
//!    [`jps`] (jump point search, scanning the grid) and [`jps_plus`] (`JpsPlus`, reading
//!    precomputed jump distances).

pub(crate) mod astar;
pub(crate) mod context;
pub(crate) mod costs;
pub(crate) mod jps;
pub(crate) mod jps_plus;
pub(crate) mod jump_points;
pub(crate) mod queries;
pub(crate) mod ring_open;
