//! The queries of a [`GridContext`] on a plain [`Grid`]: A* and Dijkstra (on the grid's own
//! loop, [`astar`](super::astar)), weighted A*, greedy best-first, BFS and the distance map,
//! any [`Algorithm`] chosen at run time, and batches of queries on threads; and the
//! one-query shortcuts of [`Grid`].

use search_core::FloatCost;

use crate::engine::algorithm::Algorithm;
use crate::engine::error::PathError;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::timed;
use crate::engine::successors::Buffered;
use crate::graph::best_first::{GreedyKey, Priority, WeightedKey};
use crate::graph::deepening::Bound;
use crate::grids::cell::Cell;
use crate::grids::distance_map::DistanceMap;
use crate::grids::fixed_point::{FIXED_COSTS, toward, with_estimate};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::search::context::{GridContext, exact_cells};

impl Grid {
    /// A* from `start` to `goal` with a fresh [`GridContext`] (use a context for repeated
    /// queries).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Heuristic, Movement};
    /// let g = Grid::new(5, 5, Movement::FOUR).unwrap();
    /// let r = g.astar(Cell::new(0, 0), Cell::new(4, 4), Heuristic::Manhattan).unwrap();
    /// assert_eq!(r.cost().unwrap().get(), 8.0);
    /// ```
    pub fn astar(
        &self,
        start: Cell,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        GridContext::new().astar(self, [start], goal, heuristic)
    }

    /// BFS (fewest moves) from `start` to `goal` with a fresh [`GridContext`].
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::new(5, 5, Movement::OCTILE).unwrap();
    /// assert_eq!(g.bfs(Cell::new(0, 0), Cell::new(4, 4)).unwrap().cost(), Some(4));
    /// ```
    pub fn bfs(&self, start: Cell, goal: Cell) -> Result<SearchResult<Cell, u32>, PathError> {
        GridContext::new().bfs(self, [start], goal)
    }

    /// The number of moves from the nearest of `starts` to every cell (BFS), with a fresh
    /// [`GridContext`].
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::from_rows(&["...", "@@.", "..."], Movement::FOUR).unwrap();
    /// let d = g.bfs_distances([Cell::new(0, 0)]).unwrap();
    /// assert_eq!(d.get(Cell::new(0, 2)), Some(6));
    /// assert_eq!(d.get(Cell::new(0, 1)), None);
    /// ```
    pub fn bfs_distances(
        &self,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<DistanceMap, PathError> {
        GridContext::new().bfs_distances(self, starts)
    }
}

/// The searches [`GridContext::solve`] runs on the fixed-point engine besides best-first.
#[derive(Clone, Copy, Debug)]
enum Other {
    Bfs,
    Dfs,
    Iddfs,
    IdaStar,
}

impl GridContext {
    /// Runs `algorithm` from the nearest of `starts` to `goal`, on this context's per-cell
    /// arrays, for any [`Algorithm`] (DFS, IDDFS and IDA* included), with `heuristic` for
    /// the algorithms that use one. The cost is always the path cost (moves of 1 and √2),
    /// whatever the algorithm minimises: BFS, DFS and IDDFS count moves, so their paths
    /// are not the cheapest in general on an 8-connected grid. The best-first algorithms
    /// run exactly as [`astar`](Self::astar) and the others.
    ///
    /// # Errors
    /// A bad start or goal, an invalid weight, an unusable budget.
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::from_rows(&["....", ".@@.", "...."], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let (s, t) = (Cell::new(0, 1), Cell::new(3, 1));
    /// for alg in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Dijkstra, Algorithm::Bfs] {
    ///     let r = ctx.solve(&grid, [s], t, alg, Heuristic::Octile).unwrap();
    ///     assert_eq!(r.cost().unwrap().get(), 5.0, "{alg:?}");
    /// }
    /// ```
    pub fn solve(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        algorithm: Algorithm,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        match algorithm {
            Algorithm::AStar => self.astar(grid, starts, goal, heuristic),
            Algorithm::Dijkstra => self.dijkstra(grid, starts, goal),
            Algorithm::WeightedAStar(w) => self.weighted_astar(grid, starts, goal, heuristic, w),
            Algorithm::GreedyBestFirst => self.greedy_best_first(grid, starts, goal, heuristic),
            Algorithm::Bfs => self.other(grid, starts, goal, heuristic, Other::Bfs),
            Algorithm::Dfs => self.other(grid, starts, goal, heuristic, Other::Dfs),
            Algorithm::Iddfs => self.other(grid, starts, goal, heuristic, Other::Iddfs),
            Algorithm::IdaStar => self.other(grid, starts, goal, heuristic, Other::IdaStar),
        }
    }

    /// Runs [`solve`](Self::solve) for every `(start, goal)` of `queries` on
    /// [`threads`](Self::with_threads) threads, each with its own per-cell arrays (made by
    /// [`std::thread::scope`]). The results come in the order of `queries` and are the same
    /// as running the queries one by one (the same paths, outcomes and counters; only the
    /// measured times differ). The budget bounds each query; with one thread the queries
    /// reuse this context's arrays.
    ///
    /// # Errors
    /// [`PathError::ZeroThreads`]; otherwise the error of the first query (in the order
    /// given) that fails, as [`solve`](Self::solve).
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::new(32, 32, Movement::OCTILE).unwrap();
    /// let queries: Vec<(Cell, Cell)> =
    ///     (0..32).map(|i| (Cell::new(0, 0), Cell::new(i, 31 - i))).collect();
    /// let mut ctx = GridContext::new().with_threads(4);
    /// let all = ctx.find_all(&grid, &queries, Algorithm::AStar, Heuristic::Octile).unwrap();
    /// let mut one = GridContext::new();
    /// for (r, &(s, t)) in all.iter().zip(&queries) {
    ///     let alone = one.astar(&grid, [s], t, Heuristic::Octile).unwrap();
    ///     assert_eq!((&r.outcome, r.stats.nodes), (&alone.outcome, alone.stats.nodes));
    /// }
    /// ```
    pub fn find_all(
        &mut self,
        grid: &Grid,
        queries: &[(Cell, Cell)],
        algorithm: Algorithm,
        heuristic: Heuristic,
    ) -> Result<Vec<SearchResult<Cell, FloatCost>>, PathError> {
        let solve = |ctx: &mut GridContext, &(s, t): &(Cell, Cell)| {
            ctx.solve(grid, [s], t, algorithm, heuristic)
        };
        let settings = self.settings.clone();
        settings.batch(queries, self, GridContext::with_settings, solve)
    }

    /// A* from the nearest of `starts` to `goal`: the cheapest path when the heuristic is
    /// admissible for the grid's movement (see [`Heuristic`]).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement, Outcome};
    /// let grid = Grid::from_rows(&[".@.", ".@.", ".@."], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(2, 0), Heuristic::Octile).unwrap();
    /// assert_eq!(r.outcome, Outcome::NoPath);
    /// ```
    pub fn astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.grid_astar(grid, starts, goal, heuristic)
    }

    /// Weighted A* (`f = g + weight·h`): at most `weight` times the optimal cost with a
    /// consistent heuristic (every grid [`Heuristic`] that is admissible for the grid's moves
    /// is), usually with far fewer expansions.
    ///
    /// # Errors
    /// [`PathError::InvalidWeight`], or a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::new(30, 30, Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.weighted_astar(&grid, [Cell::new(0, 0)], Cell::new(29, 10), Heuristic::Octile,
    ///                            1.5).unwrap();
    /// let best = Heuristic::Octile.estimate(Cell::new(0, 0), Cell::new(29, 10));
    /// assert!(r.cost().unwrap().get() <= 1.5 * best + 1e-9);
    /// ```
    pub fn weighted_astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        weight: f64,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let key = WeightedKey::new(weight)?;
        self.best_first(key, grid, starts, goal, heuristic)
    }

    /// Greedy best-first search: follows the heuristic alone; a path, not the cheapest.
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::new(30, 30, Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.greedy_best_first(&grid, [Cell::new(0, 0)], Cell::new(29, 29),
    ///                               Heuristic::Manhattan).unwrap();
    /// assert_eq!(r.stats.nodes, 58);
    /// ```
    pub fn greedy_best_first(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.best_first(GreedyKey, grid, starts, goal, heuristic)
    }

    /// Dijkstra's algorithm (A* with [`Heuristic::Zero`]).
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let grid = Grid::new(5, 5, Movement::OCTILE).unwrap();
    /// let r = GridContext::new().dijkstra(&grid, [Cell::new(0, 0)], Cell::new(2, 2)).unwrap();
    /// assert!((r.cost().unwrap().get() - 2.0 * 2f64.sqrt()).abs() < 1e-12);
    /// ```
    pub fn dijkstra(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.grid_astar(grid, starts, goal, Heuristic::Zero)
    }

    /// BFS: the path with the fewest moves (straight and diagonal moves both count 1); its
    /// cost is the number of moves. On a 4-connected grid this is also the cheapest path.
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let grid = Grid::from_rows(&["....", ".@@.", "...."], Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.bfs(&grid, [Cell::new(0, 1)], Cell::new(3, 1)).unwrap();
    /// assert_eq!(r.cost(), Some(5));
    /// ```
    pub fn bfs(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<SearchResult<Cell, u32>, PathError> {
        timed(|| {
            let r = self.steps_bfs(grid, starts, Some(goal))?;
            Ok(r.map_path(|p| Path {
                nodes: p.nodes.into_iter().map(|i| grid.unpad(i)).collect(),
                cost: p.cost,
            }))
        })
    }

    /// The number of moves from the nearest of `starts` to every cell (a multi-source BFS
    /// that never stops at a goal). The budget and the cost bound (in moves) apply: a depth
    /// limit leaves the cells farther away out of the map, and so does a budget that runs
    /// out (the cells not reached yet are `None`).
    ///
    /// # Errors
    /// A bad start, an unusable budget.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let grid = Grid::new(5, 1, Movement::FOUR).unwrap();
    /// let d = GridContext::new().bfs_distances(&grid, [Cell::new(0, 0), Cell::new(4, 0)]).unwrap();
    /// assert_eq!(d.to_string(), "[0, 1, 2, 1, 0]\n");
    /// ```
    pub fn bfs_distances(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<DistanceMap, PathError> {
        self.steps_bfs(grid, starts, None)?;
        let mut steps = Vec::with_capacity(grid.width as usize * grid.height as usize);
        for y in 0..grid.height {
            for x in 0..grid.width {
                steps.push(self.steps_to(grid.pad(x, y)));
            }
        }
        Ok(DistanceMap {
            width: grid.width,
            height: grid.height,
            steps,
        })
    }

    /// Weighted A* or greedy best-first search on the fixed-point engine.
    fn best_first<P: Priority<u64>>(
        &mut self,
        p: P,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        timed(|| {
            let r = self.on_fixed(grid, starts, goal, |e, roots, goal, run| {
                let starts = roots.iter().copied();
                let is_goal = |&i: &u32| i == goal;
                with_estimate!(heuristic, |estimate| {
                    let h = toward(estimate, grid.stride as u32, goal);
                    e.best_first(p, starts, run, Buffered(successors(grid)), h, is_goal)
                })
            })?;
            Ok(exact_cells(grid, r))
        })
    }

    /// BFS, DFS, IDDFS or IDA* on the fixed-point engine, for [`solve`](Self::solve).
    fn other(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        other: Other,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        timed(|| {
            let r = self.on_fixed(grid, starts, goal, |e, roots, goal, run| {
                let starts = roots.iter().copied();
                let succ = Buffered(successors(grid));
                let is_goal = |&i: &u32| i == goal;
                match other {
                    Other::Bfs => e.bfs(starts, run, succ, is_goal),
                    Other::Dfs => e.dfs(starts, run, succ, is_goal),
                    Other::Iddfs => {
                        e.deepening(Bound::Depth, starts, run, succ, |_: &u32| 0, is_goal)
                    }
                    Other::IdaStar => with_estimate!(heuristic, |estimate| {
                        let h = toward(estimate, grid.stride as u32, goal);
                        e.deepening(Bound::F, starts, run, succ, h, is_goal)
                    }),
                }
            })?;
            Ok(exact_cells(grid, r))
        })
    }
}

/// The moves of a plain grid at their fixed-point costs.
#[inline(always)]
fn successors(grid: &Grid) -> impl Fn(&u32, &mut Vec<(u32, u64)>) + '_ {
    move |&i: &u32, out: &mut Vec<(u32, u64)>| grid.push_successors(i, &FIXED_COSTS, out)
}
