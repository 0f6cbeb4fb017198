//! Sets of paths rather than one, over closures or a
//! [`SearchProblem`](search_core::SearchProblem), each as a
//! [`SearchContext`](crate::SearchContext) method and a one-query function:
//!
//! | module | holds |
//! |---|---|
//! | [`astar_bag`] | every cheapest path (`AllShortestPaths`, enumerated lazily) |
//! | [`dijkstra_all`] | the cheapest path to every state (`ShortestPaths`), or to every state cheaper than a stop condition |
//! | [`yen`] | the `k` cheapest loopless paths (`KShortestPaths`) |
//! | [`count_paths`] | the number of paths of a graph without cycles (`PathCount`) |
//!
//! They run on the engine and the loops of [`graph`](crate::graph).

pub(crate) mod astar_bag;
pub(crate) mod count_paths;
pub(crate) mod dijkstra_all;
pub(crate) mod yen;
