//! The queries of a [`GridContext`] on a plain [`Grid`]: any [`Algorithm`] from starts to
//! a goal (A* and Dijkstra on the grid's own loop, [`astar`](super::astar), the others on
//! the fixed-point engine), batches of queries on threads, and the distance map.

use search_core::FloatCost;

use crate::engine::algorithm::Algorithm;
use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::{Run, timed};
use crate::engine::slots::DenseSlots;
use crate::engine::successors::Buffered;
use crate::graph::best_first::{GreedyKey, WeightedKey};
use crate::graph::deepening::Bound;
use crate::grids::cell::Cell;
use crate::grids::distance_map::DistanceMap;
use crate::grids::fixed_point::{FIXED_COSTS, UNIT, toward, with_estimate};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::search::context::{GridContext, exact_cells};

impl GridContext {
    /// Runs `algorithm` from the nearest of `starts` to `goal` on this context's per-cell
    /// arrays, with `heuristic` for the algorithms that use one (A*, weighted A*, greedy
    /// best-first, IDA*, fringe; Dijkstra is A* with [`Heuristic::Zero`]). The cost is
    /// always the path cost (moves of 1 and √2), whatever the algorithm minimises: BFS, DFS
    /// and IDDFS count moves, so their paths are not the cheapest in general on an
    /// 8-connected grid. A* is the cheapest path when the heuristic is admissible for the
    /// grid's movement (see [`Heuristic`]); weighted A* costs at most `weight` times the
    /// optimum with a consistent heuristic (every grid heuristic admissible for the grid's
    /// moves is).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal,
    /// [`PathError::InvalidWeight`], an unusable budget.
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement, PathOutcome};
    /// let grid = Grid::from_rows(&["....", ".@@.", "...."], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let (s, t) = (Cell::new(0, 1), Cell::new(3, 1));
    /// for alg in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Dijkstra, Algorithm::Bfs] {
    ///     let r = ctx.solve(&grid, [s], t, alg, Heuristic::Octile).unwrap();
    ///     assert_eq!(r.cost().unwrap().get(), 5.0, "{alg:?}");
    /// }
    /// let walled = Grid::from_rows(&[".@.", ".@.", ".@."], Movement::OCTILE).unwrap();
    /// let r = ctx.solve(&walled, [Cell::new(0, 0)], Cell::new(2, 0), Algorithm::AStar,
    ///                   Heuristic::Octile).unwrap();
    /// assert_eq!(r.outcome, PathOutcome::NoPath);
    /// ```
    pub fn solve(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        algorithm: Algorithm,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let stride = grid.stride as u32;
        let succ = || {
            Buffered(move |&i: &u32, out: &mut Vec<(u32, u64)>| {
                grid.push_successors(i, &FIXED_COSTS, out);
            })
        };
        let at = |goal: u32| move |&i: &u32| i == goal;
        match algorithm {
            Algorithm::AStar => self.grid_astar(grid, starts, goal, heuristic),
            Algorithm::Dijkstra => self.grid_astar(grid, starts, goal, Heuristic::Zero),
            Algorithm::WeightedAStar(w) => {
                let key = WeightedKey::new(w)?;
                self.fixed(grid, starts, goal, |e, s, run, goal| {
                    with_estimate!(heuristic, |est| {
                        e.best_first(key, s, run, succ(), toward(est, stride, goal), at(goal))
                    })
                })
            }
            Algorithm::GreedyBestFirst => self.fixed(grid, starts, goal, |e, s, run, goal| {
                with_estimate!(heuristic, |est| {
                    e.best_first(
                        GreedyKey,
                        s,
                        run,
                        succ(),
                        toward(est, stride, goal),
                        at(goal),
                    )
                })
            }),
            Algorithm::IdaStar => self.fixed(grid, starts, goal, |e, s, run, goal| {
                with_estimate!(heuristic, |est| {
                    let h = toward(est, stride, goal);
                    e.deepening(Bound::F, s, run, succ(), h, at(goal))
                })
            }),
            Algorithm::Fringe => self.fixed(grid, starts, goal, |e, s, run, goal| {
                with_estimate!(heuristic, |est| {
                    e.fringe_with(s, run, succ(), toward(est, stride, goal), at(goal))
                })
            }),
            Algorithm::Bfs => self.fixed(grid, starts, goal, |e, s, run, goal| {
                e.bfs(s, run, succ(), at(goal))
            }),
            Algorithm::Dfs => self.fixed(grid, starts, goal, |e, s, run, goal| {
                e.dfs(s, run, succ(), at(goal))
            }),
            Algorithm::Iddfs => self.fixed(grid, starts, goal, |e, s, run, goal| {
                e.deepening(Bound::Depth, s, run, succ(), |_| 0, at(goal))
            }),
        }
    }

    /// A search of [`solve`](Self::solve) on the fixed-point engine (see
    /// [`on_fixed`](Self::on_fixed)), timed, its result over cells with exact costs.
    fn fixed(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        search: impl FnOnce(
            &mut Engine<u32, u64, DenseSlots>,
            core::iter::Copied<core::slice::Iter<'_, u32>>,
            Run<u64>,
            u32,
        ) -> Result<SearchResult<u32, u64>, PathError>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        timed(|| {
            let r = self.on_fixed(grid, starts, Some(goal), |e, roots, goal, run| {
                search(e, roots.iter().copied(), run, goal)
            })?;
            Ok(exact_cells(grid, r))
        })
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
    /// given) that fails, as [`solve`](Self::solve); [`PathError::WorkerPanicked`] if a
    /// worker thread panicked.
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::new(32, 32, Movement::OCTILE).unwrap();
    /// let queries: Vec<(Cell, Cell)> =
    ///     (0..32).map(|i| (Cell::new(0, 0), Cell::new(i, 31 - i))).collect();
    /// let mut ctx = GridContext::new().with_threads(4);
    /// let all = ctx.solve_all(&grid, &queries, Algorithm::AStar, Heuristic::Octile).unwrap();
    /// let mut one = GridContext::new();
    /// for (r, &(s, t)) in all.iter().zip(&queries) {
    ///     let alone = one.solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile).unwrap();
    ///     assert_eq!((&r.outcome, r.stats.nodes), (&alone.outcome, alone.stats.nodes));
    /// }
    /// ```
    pub fn solve_all(
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
    /// let grid = Grid::from_rows(&["...", "@@.", "..."], Movement::Four).unwrap();
    /// let mut ctx = GridContext::new();
    /// let d = ctx.bfs_distances(&grid, [Cell::new(0, 0)]).unwrap();
    /// assert_eq!(d.to_string(), "[0, 1, 2]\n[inf, inf, 3]\n[6, 5, 4]\n");
    /// assert_eq!(d.get(Cell::new(0, 2)), Some(6));
    /// ```
    pub fn bfs_distances(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<DistanceMap, PathError> {
        // Every move costs one unit: the cost bound counts moves.
        let unit = [UNIT; 8];
        self.on_fixed(grid, starts, None, |e, roots, _, run| {
            let succ = |&i: &u32, out: &mut Vec<(u32, u64)>| grid.push_successors(i, &unit, out);
            e.bfs(roots.iter().copied(), run, Buffered(succ), |_| false)
        })?;
        let mut steps = Vec::with_capacity(grid.width as usize * grid.height as usize);
        for y in 0..grid.height {
            for x in 0..grid.width {
                steps.push(self.moves_to(grid.pad(x, y)));
            }
        }
        Ok(DistanceMap {
            width: grid.width,
            height: grid.height,
            steps,
        })
    }
}
