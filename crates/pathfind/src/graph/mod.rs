//! The searches over any hashable state, through closures or a
//! [`SearchProblem`](search_core::SearchProblem). Each algorithm has one file holding its
//! loop (on the shared [`Engine`](crate::engine::buffers::Engine)), its
//! [`SearchContext`](crate::SearchContext) methods and its one-query function:
//!
//! | module | holds |
//! |---|---|
//! | [`context`] | `SearchContext`: configuration, reusable buffers, the best progress of a stopped search |
//! | [`bfs`] | breadth-first search and the distance map |
//! | [`dfs`] | depth-first search |
//! | [`best_first`] | Dijkstra, A*, weighted A*, greedy best-first: one loop, four priorities |
//! | [`deepening`] | IDDFS and IDA*: one loop, two bounds |
//! | [`fringe`] | fringe search |
//! | [`bidirectional`] | bidirectional BFS, Dijkstra and A* |
//! | [`reach`] | the lazy reachability iterators `BfsReach` and `DfsReach` |
//! | [`solve`] | a problem solved with an algorithm chosen at run time (`solve`, `SearchContext::solve`), batches on threads |
//! | [`stepper`] | `AStarStepper`: A* one expansion at a time |
//! | [`spawned`] | `spawn_astar`: A* on a thread of its own, polled for a `PathInfo` |
//!
//! The loops are generic over how states are numbered, so the grid searches
//! ([`grids::search`](crate::grids::search)) run the same code on cell indices.

pub(crate) mod best_first;
pub(crate) mod bfs;
pub(crate) mod bidirectional;
pub(crate) mod context;
pub(crate) mod deepening;
pub(crate) mod dfs;
pub(crate) mod fringe;
pub(crate) mod reach;
pub(crate) mod solve;
pub(crate) mod spawned;
pub(crate) mod stepper;
