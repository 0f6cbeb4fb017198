//! # pathfind: shortest paths over closures, a problem trait, or a fast dense grid
//!
//! Breadth-first search, depth-first search, iterative-deepening DFS, Dijkstra, A*,
//! weighted A*, greedy best-first, IDA* and fringe search, each implemented once, with
//! one entry per level of use:
//!
//! | you have | one query | reusing buffers (and a cost bound, a memory cap, threads) |
//! |---|---|---|
//! | closures (successors, heuristic, goal test), like the `pathfinding` crate | [`bfs`], [`dfs`], [`iddfs`], [`dijkstra`], [`astar`], [`weighted_astar`], [`greedy_best_first`], [`idastar`], [`fringe`], and the path sets below | the [`SearchContext`] method of the same name |
//! | your own [`SearchProblem`] | [`solve`]`(&problem, algorithm, &budget)` | [`SearchContext::solve`], many problems on threads with [`SearchContext::solve_all`] |
//! | a [`Grid`] | — | [`GridContext::solve`] (any [`Algorithm`]), [`GridContext::jps`], [`GridContext::jps_plus`], [`GridContext::astar_costs`] on a [`CostGrid`], [`GridContext::bfs_distances`], [`GridContext::solve_all`] |
//!
//! Besides one path: every cheapest path ([`astar_bag`]), the cheapest path to every
//! state ([`dijkstra_all`], [`dijkstra_partial`]), the `k` cheapest loopless paths
//! ([`yen`]), bidirectional BFS, Dijkstra and A* ([`bidirectional_bfs`],
//! [`bidirectional_dijkstra`], [`bidirectional_astar`]), the number of paths of a graph
//! without cycles ([`count_paths`]), and the states reachable from the starts, lazily
//! ([`bfs_reach`], [`dfs_reach`]). For anytime use, A* runs one expansion at a time
//! ([`AStarStepper`]) or on a thread of its own ([`spawn_astar`]: poll it, stop it, get
//! the best path so far). [`Replanner`] (D* Lite) repairs a path on a grid whose cells
//! change, and [`movingai`] reads the Moving AI Lab's benchmark maps and scenarios.
//!
//! A [`GridContext`] keeps its per-cell data in flat arrays indexed by cell instead of
//! hash maps: the fastest way to search a grid ([`Grid`]: 4- or 8-connected, with or
//! without corner cutting, costs 1 and √2). On 8-connected grids without corner cutting,
//! jump point search ([`GridContext::jps`], and [`JpsPlus`] with precomputed jump
//! distances) finds the same optimal paths expanding far fewer cells on maps with open
//! areas and long walls. [`GridProblem`] turns a grid query into a [`SearchProblem`].
//!
//! ## The five steps: new, with_budget, with_threads, run, read stats
//!
//! Every engine of the workspace is used the same way: create it with `new` (then any
//! `with_*` options), bound it with `with_budget` (the one
//! [`Budget`](search_core::Budget) of `search-core`), give it threads with `with_threads`,
//! run it, and read the [`Stats`](search_core::Stats) in the result's `stats` field.
//! For path searches the engines are [`GridContext`] and [`SearchContext`]; a path search
//! adds only what is its own, a cost bound (`with_max_cost`) and a memory cap
//! (`with_memory_cap`).
//!
//! ```
//! use std::time::Duration;
//! use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
//! use search_core::Budget;
//!
//! let grid = Grid::from_rows(&[
//!     "........",
//!     ".@@@@@@.",
//!     "........",
//! ], Movement::OCTILE)?;
//! // 1. new, 2. with_budget, 3. with_threads
//! let mut ctx = GridContext::new()
//!     .with_budget(Budget::nodes(100_000).with_time(Duration::from_secs(5)))
//!     .with_threads(2);
//! // 4. run: one query...
//! let (start, goal) = (Cell::new(0, 1), Cell::new(7, 1));
//! let result = ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Octile)?;
//! assert_eq!(result.path().unwrap().steps(), 9); // around the wall
//! // ...or many, on the context's threads, results in query order.
//! let queries = [(Cell::new(0, 0), Cell::new(7, 2)), (Cell::new(7, 1), Cell::new(0, 1))];
//! let all = ctx.solve_all(&grid, &queries, Algorithm::AStar, Heuristic::Octile)?;
//! assert_eq!(all.len(), 2);
//! // 5. read stats: states expanded, states generated, time, steps of the path.
//! let stats = &result.stats;
//! assert!(stats.nodes > 0 && stats.leaves >= stats.nodes);
//! assert_eq!(stats.depth_reached, 9);
//! println!("{result}"); // "found (cost 9, 9 steps): <n> nodes in <time> ..."
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The [`Budget`] fields mean for a path search: `depth`, the longest path in steps;
//! `nodes`, the states expanded; `time` and a stop flag, looked at about every quarter of a
//! millisecond of search. `iterations` means nothing here and is refused
//! ([`PathError::Budget`] with `BudgetError::Unsupported`), never ignored. A search
//! stopped by a limit ends with [`PathOutcome::LimitReached`] naming it ([`Limit`]). Every
//! search returns a [`SearchResult`]: the [`PathOutcome`] (a [`Path`] with its cost, "no
//! path", or the limit that stopped it), the [`Stats`] (`nodes` expanded, `leaves`
//! generated, deepening `iterations`, `depth_reached` the steps of the path, `elapsed`) and
//! the largest frontier. Bad input (a negative or overflowing cost, a start outside the
//! grid, a malformed map file, an unusable budget) is a [`PathError`], never a panic.
//!
//! ## Which algorithm?
//!
//! | you have | use | you get |
//! |---|---|---|
//! | unit step costs | BFS | fewest steps; [`GridContext::bfs_distances`] or [`bfs_reach`] give every distance |
//! | varying costs, no heuristic | Dijkstra | cheapest path |
//! | varying costs and a lower bound of the remaining cost | **A*** | cheapest path, fewest expansions |
//! | a huge state space, little memory | IDA* (costs) or IDDFS (steps) | optimal, memory ∝ path length |
//! | no need for the optimum | weighted A* (≤ w × optimum with a consistent heuristic), greedy best-first, DFS | speed |
//!
//! A* is optimal when its heuristic is *admissible* (never above the true remaining cost).
//! On grids, [`Heuristic`] lists which estimate is admissible for which movement: Manhattan
//! distance is *not* admissible once diagonal moves are allowed. The `testing` feature checks
//! any heuristic of yours for admissibility and consistency, and ships proptest strategies
//! for random grids.
//!
//! ## Coming from the `pathfinding` crate
//!
//! | `pathfinding` 4.x | `pathfind` | notes |
//! |---|---|---|
//! | `bfs`, `dfs`, `iddfs` | `bfs`, `dfs`, `iddfs` | many starts; a `SearchResult` with the path, its cost (steps) and statistics |
//! | `dijkstra`, `astar`, `idastar` | `dijkstra`, `astar`, `idastar` | also `weighted_astar`, `greedy_best_first` |
//! | `dijkstra_all` | `dijkstra_all` | a `ShortestPaths` tree (`cost`, `parent`, `path_to`; `to_parent_map` gives `pathfinding`'s map) |
//! | `dijkstra_partial` | `dijkstra_partial` | `stopped_at` is the state where the condition held |
//! | `dijkstra_reach` | `dijkstra_all(..).iter()` | settled states with their costs |
//! | `bfs_reach`, `dfs_reach` | `bfs_reach`, `dfs_reach` | lazy iterators in the same order, bounded by a `Budget`; `BfsReach::depth_of` gives each state's distance |
//! | `astar_bag` | `astar_bag` | `AllShortestPaths::paths()` enumerates the paths lazily |
//! | `yen` | `yen` | `KShortestPaths`; parallel steps cost the cheapest one |
//! | `bfs_bidirectional` | `bidirectional_bfs` | also `bidirectional_dijkstra` and `bidirectional_astar` (costed predecessors; A* with an estimate towards each end) |
//! | `fringe` | `fringe` | rounds of `f` thresholds over an unsorted list; budget, statistics, many starts |
//! | `count_paths` | `count_paths` | a `PathCount`; a cycle is `PathError::Cycle` and a count beyond `u64` `PathError::CountOverflow`, not a stack overflow |
//! | a limit stops A* | `SearchResult::best_so_far` | the path to the expanded state with the lowest heuristic value, labelled as not an answer |
//!
//! Every function but the two lazy iterators `bfs_reach` and `dfs_reach` (which keep
//! their own state, and take a memory cap themselves) is also a `SearchContext` method,
//! which reuses the buffers across queries and adds a cost bound and a memory cap. A
//! [`SearchProblem`] of yours runs any of them through closures that call its methods, and
//! any [`Algorithm`] through [`solve`].
//!
//! ## Example: the textbook grid
//!
//! A 7 × 9 grid, 4-connected, start at (row 5, column 3), goal at (row 6, column 9), rows
//! and columns counted from 1 as in the textbook; cells are [`Cell`]`{ x: column - 1, y: row - 1 }`.
//!
//! ```
//! use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
//!
//! let obstacles = [(3, 4), (3, 5), (3, 6), (3, 7), (3, 8), (4, 5), (5, 5), (5, 7), (5, 9),
//!                  (6, 2), (6, 3), (6, 4), (6, 5), (6, 7), (7, 7)];
//! let cell = |(row, col): (u32, u32)| Cell::new(col - 1, row - 1);
//! let mut grid = Grid::new(9, 7, Movement::Four)?;
//! for o in obstacles {
//!     grid.set_passable(cell(o), false)?;
//! }
//! let (start, goal) = (cell((5, 3)), cell((6, 9)));
//! let mut ctx = GridContext::new();
//!
//! // BFS from the start: steps to every cell ("inf" = obstacle or unreachable).
//! let distances = ctx.bfs_distances(&grid, [start])?;
//! assert_eq!(distances.to_string(), "\
//! [6, 5, 4, 5, 6, 7, 8, 9, 10]
//! [5, 4, 3, 4, 5, 6, 7, 8, 9]
//! [4, 3, 2, inf, inf, inf, inf, inf, 10]
//! [3, 2, 1, 2, inf, 12, 13, 12, 11]
//! [2, 1, 0, 1, inf, 11, inf, 13, inf]
//! [3, inf, inf, inf, inf, 10, inf, 14, 15]
//! [4, 5, 6, 7, 8, 9, inf, 15, 16]
//! ");
//!
//! // A* with the Euclidean heuristic: cost 15, a path of 16 cells.
//! let result = ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Euclidean)?;
//! let path = result.path().expect("a path exists");
//! assert_eq!(path.cost.get(), 15.0);
//! assert_eq!(path.nodes.len(), 16);
//! assert_eq!((path.nodes[0], path.nodes[15]), (start, goal));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Example: closures
//!
//! ```
//! use pathfind::astar;
//! use search_core::Budget;
//!
//! // Knight moves on an unbounded board, from (0, 0) to (7, 5).
//! let goal = (7i32, 5i32);
//! let r = astar(
//!     [(0i32, 0i32)],
//!     |&(x, y)| {
//!         [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
//!             .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
//!     },
//!     // Each move changes |dx| + |dy| by at most 3: an admissible estimate.
//!     |&(x, y)| ((goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs()).div_ceil(3),
//!     |&p| p == goal,
//!     &Budget::nodes(100_000),
//! )
//! .unwrap();
//! assert_eq!(r.cost(), Some(4));
//! ```
//!
//! ## Cost
//!
//! Best-first searches (Dijkstra, A* and variants) take O(E log V) time for the E edges and
//! V states they touch, and O(V) memory; BFS and DFS O(V + E). IDDFS and IDA* use memory
//! proportional to the path length times the branching factor but may expand states many
//! times. Per-state data live in flat arrays reused from one query to the next (a
//! generation counter invalidates them in O(1)), so a query allocates nothing per state:
//! on a [`Grid`] with a [`GridContext`] the arrays are indexed by cell and no hashing
//! happens at all; closure and trait searches number states with a hash table of their own
//! and otherwise work the same way. Keep a [`SearchContext`] or [`GridContext`] to reuse
//! them.
//!
//! Grid best-first searches count costs in exact fixed-point integers (a straight move is
//! 2^32 units, a diagonal one √2 × 2^32 rounded), so that equal path costs tie exactly and
//! ties go to the deepest state, and the open list is then a radix heap; the reported cost
//! is recomputed from the path as `straight + √2 × diagonal` moves. With `u64` costs the
//! closure searches use the radix heap too (falling back to a binary heap if a heuristic
//! makes keys decrease). `docs/benchmarks/pathfind.md` in the repository compares the speed with the
//! `pathfinding` crate on the MovingAI benchmarks.
//!
//! ## Features
//! * `testing`: [`check_admissible`][admissible], [`check_consistent`][consistent] and
//!   proptest strategies for random grids and queries ([`grid_query`][grid_query]), to
//!   property-test a heuristic of yours in a few lines.
//!
#![cfg_attr(
    not(feature = "testing"),
    doc = "These docs were built without the `testing` feature; build them with \
           `--features testing` to see its items."
)]
#![cfg_attr(not(feature = "testing"), doc = "")]
#![cfg_attr(feature = "testing", doc = "[admissible]: testing::check_admissible")]
#![cfg_attr(feature = "testing", doc = "[consistent]: testing::check_consistent")]
#![cfg_attr(feature = "testing", doc = "[grid_query]: testing::grid_query")]
#![cfg_attr(not(feature = "testing"), doc = "[admissible]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[consistent]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[grid_query]: #features")]
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The families of modules, each of which says what it holds: `engine`, the machinery every
// search shares and the types every search returns; `graph`, the searches over any state
// (and a problem solved with an algorithm chosen at run time); `paths`, the path sets;
// `grids`, grids and their searches; `replan`, D* Lite; `movingai`, the benchmark files;
// `testing`, the helpers of the feature of that name. Each family uses `engine`; `paths`
// and `grids` also use `graph`, `replan` and `movingai` use `grids`, `testing` uses
// `graph` and `grids`. The one use the other way is `engine`'s error type naming a grid's
// `Movement`. The uses among files form no cycle.
mod engine;
mod graph;
mod grids;
pub mod movingai;
mod paths;
mod replan;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use engine::algorithm::Algorithm;
pub use engine::error::PathError;
pub use engine::result::{Limit, Path, PathOutcome, SearchResult};
pub use graph::best_first::{astar, dijkstra, greedy_best_first, weighted_astar};
pub use graph::bfs::bfs;
pub use graph::bidirectional::{bidirectional_astar, bidirectional_bfs, bidirectional_dijkstra};
pub use graph::context::SearchContext;
pub use graph::deepening::{idastar, iddfs};
pub use graph::dfs::dfs;
pub use graph::fringe::fringe;
pub use graph::reach::{BfsReach, DfsReach, bfs_reach, dfs_reach};
pub use graph::solve::solve;
pub use graph::spawned::{PathHandle, PathInfo, spawn_astar};
pub use graph::stepper::{AStarStepper, Step};
pub use grids::cell::Cell;
pub use grids::cost_grid::CostGrid;
pub use grids::distance_map::DistanceMap;
pub use grids::grid::Grid;
pub use grids::heuristic::Heuristic;
pub use grids::movement::Movement;
pub use grids::problem::GridProblem;
pub use grids::search::context::GridContext;
pub use grids::search::jps_plus::JpsPlus;
pub use paths::astar_bag::{AllShortestPaths, astar_bag};
pub use paths::count_paths::{PathCount, count_paths};
pub use paths::dijkstra_all::{ShortestPaths, dijkstra_all, dijkstra_partial};
pub use paths::yen::{KShortestPaths, yen};
pub use replan::replanner::Replanner;
pub use search_core::{Budget, BudgetField, Cost, CostError, FloatCost, SearchProblem, Stats};
