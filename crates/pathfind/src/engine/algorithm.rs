//! [`Algorithm`]: the algorithms of this crate, to choose one at run time.

/// The algorithms, to choose one at run time: for a problem with [`solve`](crate::solve) or
/// [`SearchContext::solve`](crate::SearchContext::solve), for a grid with
/// [`GridContext::solve`](crate::GridContext::solve).
///
/// | algorithm | finds | memory | use it when |
/// |---|---|---|---|
/// | `Bfs` | fewest steps | all states seen | every step costs the same |
/// | `Dfs` | some path | all states seen | any path will do, deep problems |
/// | `Iddfs` | fewest steps | the current path | the state space is huge or infinite |
/// | `Dijkstra` | cheapest path | all states seen | costs differ, no heuristic |
/// | `AStar` | cheapest path (admissible `h`) | all states seen | a heuristic exists: the default |
/// | `WeightedAStar(w)` | at most `w` × cheapest (consistent `h`) | fewer states | speed matters more than optimality |
/// | `GreedyBestFirst` | some path | few states | a good heuristic, any path will do |
/// | `IdaStar` | cheapest path (admissible `h`) | the current path | A* runs out of memory |
/// | `Fringe` | cheapest path (admissible `h`) | all states seen | many states share each `g + h` |
///
/// ```
/// use pathfind::Algorithm;
/// assert_ne!(Algorithm::AStar, Algorithm::WeightedAStar(1.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Algorithm {
    /// Breadth-first search.
    Bfs,
    /// Depth-first search.
    Dfs,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Dijkstra's algorithm (uniform-cost search).
    Dijkstra,
    /// A*.
    AStar,
    /// Weighted A* with this weight (finite, at least 1).
    WeightedAStar(f64),
    /// Greedy best-first search.
    GreedyBestFirst,
    /// Iterative-deepening A*.
    IdaStar,
    /// Fringe search: A*'s expansions in rounds of `g + h` thresholds, without a priority
    /// queue (see [`fringe`](crate::fringe)).
    Fringe,
}
