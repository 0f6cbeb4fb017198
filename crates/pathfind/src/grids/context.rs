//! [`GridContext`]: the search engine of [`Grid`]s, with flat per-cell arrays reused from
//! one query to the next (repeated queries allocate nothing but the returned path), its
//! budget, cost bound and threads; and the one-query shortcuts of [`Grid`] built on it.

use core::f64::consts::SQRT_2;
use std::time::Instant;

use search_core::{Budget, FloatCost};

use crate::engine::algorithm::Algorithm;
use crate::engine::batch::run_batch;
use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::slots::DenseSlots;
use crate::graph::best_first::{GreedyKey, Priority, WeightedKey};
use crate::graph::deepening::Bound;
use crate::grids::astar::GridAStar;
use crate::grids::cell::Cell;
use crate::grids::distance_map::DistanceMap;
use crate::grids::fixed_point::{FIXED_COSTS, fixed_estimate, float, to_fixed};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::jump::search::JumpNodes;

/// Runs `$body` with `$h` bound to the fixed-point estimate of `$heuristic` towards the
/// cell at padded column `$gx`, row `$gy`: one closure type per heuristic, so that the
/// estimate is inlined in the search loop.
macro_rules! with_heuristic {
    ($heuristic:expr, $stride:expr, $gx:expr, $gy:expr, |$h:ident| $body:expr) => {{
        let (stride, gx, gy): (u32, u32, u32) = ($stride, $gx, $gy);
        match $heuristic {
            Heuristic::Zero => {
                let $h = |_: &u32| 0u64;
                $body
            }
            Heuristic::Manhattan => {
                let $h = |&i: &u32| {
                    let (x, y) = (i % stride, i / stride);
                    fixed_estimate(
                        Heuristic::Manhattan,
                        u64::from(x.abs_diff(gx)),
                        u64::from(y.abs_diff(gy)),
                    )
                };
                $body
            }
            Heuristic::Euclidean => {
                let $h = |&i: &u32| {
                    let (x, y) = (i % stride, i / stride);
                    fixed_estimate(
                        Heuristic::Euclidean,
                        u64::from(x.abs_diff(gx)),
                        u64::from(y.abs_diff(gy)),
                    )
                };
                $body
            }
            Heuristic::Octile => {
                let $h = |&i: &u32| {
                    let (x, y) = (i % stride, i / stride);
                    fixed_estimate(
                        Heuristic::Octile,
                        u64::from(x.abs_diff(gx)),
                        u64::from(y.abs_diff(gy)),
                    )
                };
                $body
            }
            Heuristic::Chebyshev => {
                let $h = |&i: &u32| {
                    let (x, y) = (i % stride, i / stride);
                    fixed_estimate(
                        Heuristic::Chebyshev,
                        u64::from(x.abs_diff(gx)),
                        u64::from(y.abs_diff(gy)),
                    )
                };
                $body
            }
        }
    }};
}

pub(crate) use with_heuristic;

/// The per-cell arrays of a [`GridContext`]'s searches.
#[derive(Clone, Copy, Debug)]
enum Last {
    /// BFS and the distance map.
    Steps,
    /// The fixed-point engine: weighted A*, greedy, jump point searches, the others.
    Fixed,
    /// A* and Dijkstra.
    GridAStar,
    /// The jump point searches (JPS and JPS+).
    Jumps,
}

/// The searches [`GridContext::solve`] runs on the fixed-point engine besides best-first.
#[derive(Clone, Copy, Debug)]
enum Other {
    Bfs,
    Dfs,
    Iddfs,
    IdaStar,
}

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

/// The search engine of grids: its configuration (a [`Budget`], a cost bound, a number of
/// threads for batches of queries) and its reusable flat per-cell arrays. The arrays are
/// sized to the largest grid searched and invalidated by a generation counter, so a query
/// costs nothing for the cells it does not touch and allocates nothing but its returned
/// path.
///
/// Configure it with `with_*` methods, then run any search on it; every run obeys the
/// budget and the cost bound.
///
/// ```
/// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement};
/// let grid = Grid::new(64, 64, Movement::OCTILE).unwrap();
/// let mut ctx = GridContext::new();
/// for i in 1..10 {
///     let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(i, 2 * i), Heuristic::Octile)
///         .unwrap();
///     let exact = Heuristic::Octile.estimate(Cell::new(0, 0), Cell::new(i, 2 * i));
///     assert!((r.cost().unwrap().get() - exact).abs() < 1e-9);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct GridContext {
    pub(crate) fixed: Engine<u32, u64, DenseSlots>,
    /// The successors of a jump point search's expansion: (cell, cost, moves).
    pub(crate) jumps: Vec<(u32, u64, u32)>,
    /// The jump points of a jump point search.
    pub(crate) jump_nodes: JumpNodes,
    /// A* and Dijkstra.
    grid_astar: GridAStar,
    /// Which per-cell arrays the last search used.
    last: Last,
    steps: Engine<u32, u32, DenseSlots>,
    budget: Budget,
    max_cost: Option<FloatCost>,
    threads: usize,
}

impl Default for GridContext {
    fn default() -> Self {
        GridContext {
            fixed: Engine::default(),
            jumps: Vec::new(),
            jump_nodes: JumpNodes::default(),
            grid_astar: GridAStar::default(),
            last: Last::Fixed,
            steps: Engine::default(),
            budget: Budget::new(),
            max_cost: None,
            threads: 1,
        }
    }
}

impl GridContext {
    /// An empty context; it grows to the first grid searched.
    ///
    /// ```
    /// let ctx = pathfind::GridContext::new();
    /// # drop(ctx);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Bounds every search run with this context: `depth` is the longest path in moves,
    /// `nodes` the number of cells expanded, then a time limit and a stop flag (read every
    /// [`POLL_INTERVAL`](crate::POLL_INTERVAL) expansions). A search stopped by one ends
    /// with [`Outcome::LimitReached`](crate::Outcome::LimitReached) naming the field.
    /// `iterations` means nothing to a path search: a budget that sets it makes every run
    /// fail with [`PathError::Budget`] (`BudgetError::Unsupported`), as do a zero limit and
    /// a time limit too large for the clock.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limit, Movement, Outcome, PathError};
    /// use search_core::{Budget, BudgetError, BudgetField};
    /// let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
    /// let (s, t) = (Cell::new(0, 0), Cell::new(19, 19));
    /// let mut ctx = GridContext::new().with_budget(Budget::nodes(5));
    /// let r = ctx.astar(&grid, [s], t, Heuristic::Zero).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
    /// assert_eq!(r.stats.nodes, 5);
    /// let mut ctx = GridContext::new().with_budget(Budget::iterations(5));
    /// assert!(matches!(
    ///     ctx.astar(&grid, [s], t, Heuristic::Octile),
    ///     Err(PathError::Budget(BudgetError::Unsupported { field: BudgetField::Iterations, .. }))
    /// ));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Bounds the cost of the reported path: cells whose path cost would exceed `max_cost`
    /// are not generated, so a returned path never costs more; a search that pruned some
    /// and found nothing ends with
    /// [`Outcome::LimitReached`](crate::Outcome::LimitReached)`(`[`Limit::Cost`](crate::Limit::Cost)`)`.
    /// The cost is that of the result: the path cost (moves of 1 and √2) for every search
    /// but [`bfs`](Self::bfs) and [`bfs_distances`](Self::bfs_distances), whose cost is the
    /// number of moves (so the bound is `max_cost` rounded down, in moves).
    ///
    /// ```
    /// use pathfind::{Cell, FloatCost, Grid, GridContext, Heuristic, Limit, Movement, Outcome};
    /// let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new().with_max_cost(FloatCost::new(10.0).unwrap());
    /// let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(19, 19), Heuristic::Octile).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Cost));
    /// let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(5, 5), Heuristic::Octile).unwrap();
    /// assert!(r.cost().unwrap().get() <= 10.0);
    /// ```
    #[must_use]
    pub fn with_max_cost(mut self, max_cost: FloatCost) -> Self {
        self.max_cost = Some(max_cost);
        self
    }

    /// How many threads [`find_all`](Self::find_all) runs its queries on (default 1). Each
    /// thread has its own per-cell arrays; the results are the same as running the queries
    /// one by one. 0 makes `find_all` fail with [`PathError::ZeroThreads`].
    ///
    /// ```
    /// let ctx = pathfind::GridContext::new().with_threads(4);
    /// assert_eq!(ctx.threads(), 4);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The budget of every search.
    ///
    /// ```
    /// use search_core::Budget;
    /// let ctx = pathfind::GridContext::new().with_budget(Budget::depth(9));
    /// assert_eq!(ctx.budget().max_depth(), Some(9));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The cost bound, if any.
    ///
    /// ```
    /// assert_eq!(pathfind::GridContext::new().max_cost(), None);
    /// ```
    #[must_use]
    pub fn max_cost(&self) -> Option<FloatCost> {
        self.max_cost
    }

    /// The number of threads of [`find_all`](Self::find_all).
    ///
    /// ```
    /// assert_eq!(pathfind::GridContext::new().threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

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
        let (budget, max_cost) = (self.budget.clone(), self.max_cost);
        let make = || GridContext {
            budget: budget.clone(),
            max_cost,
            ..GridContext::default()
        };
        let solve = |ctx: &mut GridContext, &(s, t): &(Cell, Cell)| {
            ctx.solve(grid, [s], t, algorithm, heuristic)
        };
        run_batch(self.threads, queries, self, make, solve)
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
        let started = Instant::now();
        let run = self.steps_run()?;
        let goal = grid.endpoint(goal)?;
        self.prepare_steps(grid, starts)?;
        let e = &mut self.steps;
        let roots = core::mem::take(&mut e.roots);
        let ones = [1u32; 8];
        let result = e.bfs(
            roots.iter().copied(),
            run,
            |&i, out| grid.push_successors(i, &ones, out),
            |&i| i == goal,
        );
        e.roots = roots;
        let mut r = result?.map_path(|p| Path {
            nodes: p.nodes.into_iter().map(|i| grid.unpad(i)).collect(),
            cost: p.cost,
        });
        r.stats.elapsed = started.elapsed();
        Ok(r)
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
        let run = self.steps_run()?;
        self.prepare_steps(grid, starts)?;
        let e = &mut self.steps;
        let roots = core::mem::take(&mut e.roots);
        let ones = [1u32; 8];
        let result = e.bfs(
            roots.iter().copied(),
            run,
            |&i, out| grid.push_successors(i, &ones, out),
            |_| false,
        );
        e.roots = roots;
        result?;
        let mut steps = Vec::with_capacity(grid.width as usize * grid.height as usize);
        for y in 0..grid.height {
            for x in 0..grid.width {
                steps.push(e.nodes.seen(grid.pad(x, y)).map(|d| d.depth));
            }
        }
        Ok(DistanceMap {
            width: grid.width,
            height: grid.height,
            steps,
        })
    }

    /// The cells the last search run with this context expanded (took from its open list
    /// or queue and generated the successors of), row by row: what the search explored, to
    /// draw or to count. `grid` must be the grid that search ran on.
    ///
    /// This reads the per-cell arrays the search left behind (each cell's "closed" flag), so
    /// it costs the search nothing and allocates nothing; the iterator visits every cell of
    /// the grid once. A goal taken from the open list ends the search without being
    /// expanded. Each cell is expanded at most once unless A* or Dijkstra reopens it (only
    /// with an inconsistent heuristic, such as [`Heuristic::Manhattan`] on an 8-connected
    /// grid); then a cell reopened and not expanded again is not listed. So with BFS,
    /// greedy and weighted A*, and with A* under an admissible [`Heuristic`] of the grid's
    /// movement, the number of cells listed equals the search's
    /// `stats.nodes`. Before any search, or after
    /// [`bfs_distances`](Self::bfs_distances) (which expands every reachable cell), it lists
    /// what that call explored.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::from_rows(&[
    ///     ".....",
    ///     ".@@@.",
    ///     ".....",
    /// ], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(4, 1));
    /// let r = ctx.astar(&grid, [start], goal, Heuristic::Octile).unwrap();
    /// let expanded: Vec<Cell> = ctx.expanded_cells(&grid).collect();
    /// assert_eq!(expanded.len() as u64, r.stats.nodes);
    /// assert!(expanded.contains(&start));
    /// assert!(!expanded.contains(&goal)); // reached, not expanded
    /// assert!(ctx.was_expanded(&grid, start));
    /// ```
    pub fn expanded_cells<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Cell> + 'a {
        (0..grid.height)
            .flat_map(move |y| (0..grid.width).map(move |x| Cell::new(x, y)))
            .filter(move |&c| self.was_expanded(grid, c))
    }

    /// Whether the last search run with this context expanded `cell` of `grid` (the grid
    /// that search ran on); `false` for a cell outside it. See
    /// [`expanded_cells`](Self::expanded_cells).
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let grid = Grid::new(5, 1, Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.bfs(&grid, [Cell::new(0, 0)], Cell::new(3, 0)).unwrap();
    /// // BFS tests the goal when it generates it: cells 0, 1 and 2 were expanded.
    /// assert_eq!(r.stats.nodes, 3);
    /// assert!(ctx.was_expanded(&grid, Cell::new(2, 0)));
    /// assert!(!ctx.was_expanded(&grid, Cell::new(3, 0)));
    /// assert!(!ctx.was_expanded(&grid, Cell::new(9, 9)));
    /// ```
    #[must_use]
    pub fn was_expanded(&self, grid: &Grid, cell: Cell) -> bool {
        if !grid.contains(cell) {
            return false;
        }
        let i = grid.pad(cell.x, cell.y);
        match self.last {
            Last::Steps => self.steps.nodes.seen(i).is_some_and(|d| d.closed),
            Last::Fixed => self.fixed.nodes.seen(i).is_some_and(|d| d.closed),
            Last::GridAStar => self.grid_astar.expanded(i),
            Last::Jumps => self.jump_nodes.expanded(i as u32),
        }
    }

    fn prepare_steps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<(), PathError> {
        self.last = Last::Steps;
        let e = &mut self.steps;
        e.nodes.reserve_slots(grid.open.len());
        e.roots.clear();
        for s in starts {
            e.roots.push(grid.endpoint(s)?);
        }
        Ok(())
    }

    /// Checks the budget and starts the clock of a search counting moves.
    fn steps_run(&self) -> Result<Run<u32>, PathError> {
        // `as` saturates: a bound beyond u32::MAX moves bounds nothing.
        Run::new(&self.budget, self.max_cost.map(|c| c.get() as u32))
    }

    /// Checks the budget, starts the clock and puts the start cells of a search on the
    /// fixed-point engine; returns the run and the goal's padded index.
    pub(crate) fn prepare_fixed(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<(Run<u64>, u32), PathError> {
        let prepared = self.prepare_roots(grid, starts, goal, Last::Fixed)?;
        self.fixed.nodes.reserve_slots(grid.open.len());
        Ok(prepared)
    }

    /// As [`prepare_fixed`](Self::prepare_fixed) for the jump point searches, whose jump
    /// points are kept apart ([`JumpNodes`]): the start cells go to the fixed-point
    /// engine's `roots`.
    pub(crate) fn prepare_jumps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<(Run<u64>, u32), PathError> {
        let prepared = self.prepare_roots(grid, starts, goal, Last::Jumps)?;
        self.jump_nodes.reserve_cells(grid.open.len());
        Ok(prepared)
    }

    /// What [`prepare_fixed`](Self::prepare_fixed) and
    /// [`prepare_jumps`](Self::prepare_jumps) share: the run, the goal's padded index, which
    /// table the search fills (`last`), and the start cells in the fixed-point engine's
    /// `roots`.
    fn prepare_roots(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        last: Last,
    ) -> Result<(Run<u64>, u32), PathError> {
        let run = Run::new(&self.budget, self.max_cost.map(|c| to_fixed(c.get())))?;
        let goal_index = grid.endpoint(goal)?;
        self.last = last;
        let roots = &mut self.fixed.roots;
        roots.clear();
        for s in starts {
            roots.push(grid.endpoint(s)?);
        }
        Ok((run, goal_index))
    }

    /// A* and Dijkstra on the grid's own loop and open list (`grid_astar.rs`).
    fn grid_astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        // The clock is read here, around the search (see `Run::stats`).
        let started = Instant::now();
        // The grid A* keeps its own per-cell arrays: the fixed-point engine's state table
        // is not needed (reserving it would add its per-cell records to every search).
        let (run, goal_index) = self.prepare_roots(grid, starts, goal, Last::GridAStar)?;
        let roots = core::mem::take(&mut self.fixed.roots);
        let result = self
            .grid_astar
            .search(grid, &roots, goal_index, heuristic, run);
        self.fixed.roots = roots;
        // The grid A* reports cells and the exact cost itself.
        let mut r = result?;
        r.stats.elapsed = started.elapsed();
        Ok(r)
    }

    fn best_first<P: Priority<u64>>(
        &mut self,
        p: P,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        // The clock is read here, around the search (see `Run::stats`).
        let started = Instant::now();
        let (run, goal_index) = self.prepare_fixed(grid, starts, goal)?;
        let e = &mut self.fixed;
        let roots = core::mem::take(&mut e.roots);
        let stride = grid.stride as u32;
        let (gx, gy) = (goal_index % stride, goal_index / stride);
        let succ = |&i: &u32, out: &mut Vec<(u32, u64)>| {
            grid.push_successors(i, &FIXED_COSTS, out);
        };
        let is_goal = |&i: &u32| i == goal_index;
        let result = with_heuristic!(heuristic, stride, gx, gy, |h| {
            e.best_first(p, roots.iter().copied(), run, succ, h, is_goal)
        });
        e.roots = roots;
        let mut r = exact_cells(grid, result?);
        r.stats.elapsed = started.elapsed();
        Ok(r)
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
        // The clock is read here, around the search (see `Run::stats`).
        let started = Instant::now();
        let (run, goal_index) = self.prepare_fixed(grid, starts, goal)?;
        let e = &mut self.fixed;
        let roots = core::mem::take(&mut e.roots);
        let stride = grid.stride as u32;
        let (gx, gy) = (goal_index % stride, goal_index / stride);
        let succ = |&i: &u32, out: &mut Vec<(u32, u64)>| {
            grid.push_successors(i, &FIXED_COSTS, out);
        };
        let is_goal = |&i: &u32| i == goal_index;
        let starts = roots.iter().copied();
        let result = match other {
            Other::Bfs => e.bfs(starts, run, succ, is_goal),
            Other::Dfs => e.dfs(starts, run, succ, is_goal),
            Other::Iddfs => e.deepening(Bound::Depth, starts, run, succ, |_: &u32| 0, is_goal),
            Other::IdaStar => with_heuristic!(heuristic, stride, gx, gy, |h| {
                e.deepening(Bound::F, starts, run, succ, h, is_goal)
            }),
        };
        e.roots = roots;
        let mut r = exact_cells(grid, result?);
        r.stats.elapsed = started.elapsed();
        Ok(r)
    }
}

/// Converts a result of the fixed-point engine (padded indices, fixed-point costs) to one
/// over cells, with the exact cost of the path: straight moves + √2 × diagonal moves.
pub(crate) fn exact_cells(grid: &Grid, r: SearchResult<u32, u64>) -> SearchResult<Cell, FloatCost> {
    r.map_path(|path| {
        let nodes: Vec<Cell> = path.nodes.into_iter().map(|i| grid.unpad(i)).collect();
        let (mut straight, mut diagonal) = (0u64, 0u64);
        for w in nodes.windows(2) {
            if w[0].x != w[1].x && w[0].y != w[1].y {
                diagonal += 1;
            } else {
                straight += 1;
            }
        }
        let cost = float(straight as f64 + diagonal as f64 * SQRT_2);
        Path { nodes, cost }
    })
}
