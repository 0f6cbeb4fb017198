//! [`GridContext`]: the engine of grid searches, its configuration (budget, cost bound,
//! threads), its per-cell arrays reused from one query to the next (repeated queries
//! allocate nothing but the returned path), what the last search expanded, and how each
//! kind of grid search is prepared and run on those arrays. The searches themselves are
//! methods added by [`queries`](super::queries), [`costs`](super::costs),
//! [`jps`](super::jps) and [`jps_plus`](super::jps_plus).

use search_core::FloatCost;

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::SlotData;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::{Run, timed};
use crate::engine::settings::{Settings, settings_builders};
use crate::engine::slots::{DenseSlots, NONE};
use crate::grids::cell::Cell;
use crate::grids::fixed_point::{exact_cost, to_fixed};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::search::astar::GridAStar;
use crate::grids::search::jump_points::{self, JumpNodes, Jumps};

/// The per-cell arrays of a [`GridContext`]'s searches.
#[derive(Clone, Copy, Debug)]
enum Last {
    /// The fixed-point engine: BFS and the distance map, weighted A*, greedy, the others.
    Fixed,
    /// A* and Dijkstra.
    GridAStar,
    /// The jump point searches (JPS and JPS+).
    Jumps,
}

/// The search engine of grids: its configuration (a budget, a cost bound, a number of
/// threads for batches of queries) and its reusable flat per-cell arrays. The arrays are
/// sized to the largest grid searched and invalidated by a generation counter, so a query
/// costs nothing for the cells it does not touch and allocates nothing but its returned
/// path.
///
/// Configure it with `with_*` methods, then run any search on it; every run obeys the
/// budget and the cost bound.
///
/// ```
/// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
/// let grid = Grid::new(64, 64, Movement::OCTILE).unwrap();
/// let mut ctx = GridContext::new();
/// for i in 1..10 {
///     let goal = Cell::new(i, 2 * i);
///     let r = ctx.solve(&grid, [Cell::new(0, 0)], goal, Algorithm::AStar, Heuristic::Octile)
///         .unwrap();
///     let exact = Heuristic::Octile.estimate(Cell::new(0, 0), Cell::new(i, 2 * i));
///     assert!((r.cost().unwrap().get() - exact).abs() < 1e-9);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct GridContext {
    /// The fixed-point engine: BFS, weighted A*, greedy, DFS, IDDFS, IDA*, fringe, A* on a
    /// cost grid; its open list and start cells also serve the jump point searches.
    fixed: Engine<u32, u64, DenseSlots>,
    /// The successors of a jump point search's expansion: (cell, cost, moves).
    jumps: Vec<(u32, u64, u32)>,
    /// The jump points of a jump point search.
    jump_nodes: JumpNodes,
    /// A* and Dijkstra.
    grid_astar: GridAStar,
    /// Which per-cell arrays the last search used.
    last: Last,
    pub(crate) settings: Settings<FloatCost>,
}

impl Default for GridContext {
    fn default() -> Self {
        GridContext {
            fixed: Engine::default(),
            jumps: Vec::new(),
            jump_nodes: JumpNodes::default(),
            grid_astar: GridAStar::default(),
            last: Last::Fixed,
            settings: Settings::default(),
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

    settings_builders!(
        FloatCost,
        r#"On a grid `depth` is the longest path in moves and `nodes` counts cells expanded (jump
points for [`jps`](Self::jps) and [`jps_plus`](Self::jps_plus)).

```
use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Limit, Movement, PathOutcome};
use search_core::{Budget, BudgetField};
let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
let mut ctx = GridContext::new().with_budget(Budget::nodes(5));
let r = ctx.solve(&grid, [Cell::new(0, 0)], Cell::new(19, 19), Algorithm::Dijkstra, Heuristic::Zero)
    .unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
assert_eq!(r.stats.nodes, 5);
```"#,
        r#"On a grid the cost is the path cost (moves of 1 and √2, times the weights of a
[`CostGrid`](crate::CostGrid)); for [`bfs_distances`](Self::bfs_distances) it counts moves
(so the bound is `max_cost` rounded down, in moves).

```
use pathfind::{Algorithm, Cell, FloatCost, Grid, GridContext, Heuristic, Limit, Movement, PathOutcome};
let grid = Grid::new(20, 20, Movement::OCTILE).unwrap();
let mut ctx = GridContext::new().with_max_cost(FloatCost::new(10.0).unwrap());
let (s, far, near) = (Cell::new(0, 0), Cell::new(19, 19), Cell::new(5, 5));
let r = ctx.solve(&grid, [s], far, Algorithm::AStar, Heuristic::Octile).unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
let r = ctx.solve(&grid, [s], near, Algorithm::AStar, Heuristic::Octile).unwrap();
assert!(r.cost().unwrap().get() <= 10.0);
```"#,
        r#"A grid search's per-cell arrays take 9 to 24 bytes a cell of the grid, by algorithm.

```
use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Limit, Movement, PathOutcome};
let grid = Grid::new(500, 500, Movement::OCTILE).unwrap();
let mut ctx = GridContext::new().with_memory_cap(1 << 20);
let r = ctx.solve(&grid, [Cell::new(0, 0)], Cell::new(499, 499), Algorithm::AStar, Heuristic::Octile)
    .unwrap();
assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Memory));
```"#,
        r#"```
use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
let grid = Grid::new(16, 16, Movement::OCTILE).unwrap();
let queries = [(Cell::new(0, 0), Cell::new(15, 3)), (Cell::new(2, 9), Cell::new(0, 0))];
let mut ctx = GridContext::new().with_threads(2);
let all = ctx.solve_all(&grid, &queries, Algorithm::AStar, Heuristic::Octile).unwrap();
assert_eq!(all.len(), 2);
```"#
    );

    /// The cells the last search run with this context expanded (took from its open list
    /// or queue and generated the successors of), row by row: what the search explored, to
    /// draw or to count. `grid` must be the grid that search ran on.
    ///
    /// This reads the per-cell arrays the search left behind (each cell's "closed" flag), so
    /// it costs the search nothing and allocates nothing; the iterator visits every cell of
    /// the grid once. A goal taken from the open list ends the search without being
    /// expanded, and BFS, which tests the goal when it generates it, never expands it
    /// either. Each cell is expanded at most once unless A* or Dijkstra reopens it (only
    /// with an inconsistent heuristic, such as [`Heuristic::Manhattan`] on an 8-connected
    /// grid); then a cell reopened and not expanded again is not listed. So with BFS,
    /// greedy and weighted A*, and with A* under an admissible [`Heuristic`] of the grid's
    /// movement, the number of cells listed equals the search's `stats.nodes`; for the jump
    /// point searches it lists the jump points expanded.
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::from_rows(&[
    ///     ".....",
    ///     ".@@@.",
    ///     ".....",
    /// ], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(4, 1));
    /// let r = ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Octile).unwrap();
    /// let expanded: Vec<Cell> = ctx.expanded_cells(&grid).collect();
    /// assert_eq!(expanded.len() as u64, r.stats.nodes);
    /// assert!(expanded.contains(&start));
    /// assert!(!expanded.contains(&goal)); // reached, not expanded
    /// ```
    pub fn expanded_cells<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Cell> + 'a {
        (0..grid.height)
            .flat_map(move |y| (0..grid.width).map(move |x| Cell::new(x, y)))
            .filter(move |&c| {
                let i = grid.pad(c.x, c.y);
                match self.last {
                    Last::Fixed => self.fixed.nodes.seen(i).is_some_and(|d| d.closed),
                    Last::GridAStar => self.grid_astar.expanded(i),
                    Last::Jumps => self.jump_nodes.expanded(i as u32),
                }
            })
    }

    /// A fresh context with `settings` (a worker of a batch).
    pub(crate) fn with_settings(settings: Settings<FloatCost>) -> Self {
        GridContext {
            settings,
            ..GridContext::default()
        }
    }

    /// Checks the budget and starts the clock of a search, notes which table the search
    /// fills (`last`), and puts the start cells as padded indices in the fixed-point
    /// engine's `roots`; returns the run and the goal's padded index ([`NONE`] without a
    /// goal: no padded index is `NONE`). Errors come in that order: the budget, the goal, a
    /// start.
    fn prepare_roots(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Option<Cell>,
        last: Last,
    ) -> Result<(Run<u64>, u32), PathError> {
        let run = self.settings.run(|c| to_fixed(c.get()))?;
        let goal_index = goal.map_or(Ok(NONE), |g| grid.endpoint(g))?;
        self.last = last;
        let roots = &mut self.fixed.roots;
        roots.clear();
        for s in starts {
            roots.push(grid.endpoint(s)?);
        }
        Ok((run, goal_index))
    }

    /// Runs A* over jump points from the nearest of `starts` to `goal`, finding the
    /// successors of a jump point with the [`Jumps`] that `jumps` makes for the goal's
    /// padded index: what [`jps`](Self::jps) and [`jps_plus`](Self::jps_plus) share.
    pub(crate) fn jump_search<J: Jumps>(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        jumps: impl FnOnce(u32) -> J,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        timed(|| {
            let (mut run, goal_index) =
                self.prepare_roots(grid, starts, Some(goal), Last::Jumps)?;
            if !run.setup_exceeds_memory(grid.open.len() * 4) {
                self.jump_nodes
                    .reserve_cells(grid.open.len(), || run.interrupted(0));
            }
            let jumper = jumps(goal_index);
            let roots = core::mem::take(&mut self.fixed.roots);
            let result = jump_points::search(
                &jumper,
                &mut self.jump_nodes,
                &mut self.fixed.open,
                &mut self.jumps,
                grid.stride as u32,
                &roots,
                goal_index,
                run,
            );
            self.fixed.roots = roots;
            Ok(result)
        })
    }

    /// Runs `search` on the fixed-point engine (the algorithms of [`graph`](crate::graph)
    /// on dense per-cell slots) from the nearest of `starts` to `goal` (every reachable
    /// cell without one): it gets the engine, the start cells and the goal as padded
    /// indices, and the run. Its result is in padded indices and fixed-point costs.
    pub(crate) fn on_fixed(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Option<Cell>,
        search: impl FnOnce(
            &mut Engine<u32, u64, DenseSlots>,
            &[u32],
            u32,
            Run<u64>,
        ) -> Result<SearchResult<u32, u64>, PathError>,
    ) -> Result<SearchResult<u32, u64>, PathError> {
        let (mut run, goal_index) = self.prepare_roots(grid, starts, goal, Last::Fixed)?;
        let per_cell = core::mem::size_of::<SlotData<u64>>();
        if !run.setup_exceeds_memory(grid.open.len() * per_cell) {
            self.fixed
                .nodes
                .reserve_slots(grid.open.len(), || run.interrupted(0));
        }
        let roots = core::mem::take(&mut self.fixed.roots);
        let result = search(&mut self.fixed, &roots, goal_index, run);
        self.fixed.roots = roots;
        result
    }

    /// The moves from the nearest start of the last search on the fixed-point engine to
    /// padded cell `i`, if it reached it.
    pub(crate) fn moves_to(&self, i: usize) -> Option<u32> {
        self.fixed.nodes.seen(i).map(|d| d.depth)
    }

    /// A* and Dijkstra on the grid's own loop and open list ([`GridAStar`]).
    pub(crate) fn grid_astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        timed(|| {
            // The grid A* keeps its own per-cell arrays: the fixed-point engine's state
            // table is not needed (reserving it would add its per-cell records to every
            // search).
            let (run, goal_index) =
                self.prepare_roots(grid, starts, Some(goal), Last::GridAStar)?;
            let roots = core::mem::take(&mut self.fixed.roots);
            // The grid A* reports cells and the exact cost itself.
            let result = self
                .grid_astar
                .search(grid, &roots, goal_index, heuristic, run);
            self.fixed.roots = roots;
            result
        })
    }
}

/// Converts a result of the fixed-point engine (padded indices, fixed-point costs) to one
/// over cells, with the exact cost of the path: straight moves + √2 × diagonal moves.
pub(crate) fn exact_cells(grid: &Grid, r: SearchResult<u32, u64>) -> SearchResult<Cell, FloatCost> {
    r.map_path(|path| {
        let nodes: Vec<Cell> = path.nodes.into_iter().map(|i| grid.unpad(i)).collect();
        let diagonal = nodes
            .windows(2)
            .filter(|w| w[0].x != w[1].x && w[0].y != w[1].y)
            .count() as u64;
        let straight = (nodes.len() as u64).saturating_sub(1) - diagonal;
        Path {
            cost: exact_cost(straight, diagonal),
            nodes,
        }
    })
}
