//! [`GridContext`]: the engine of grid searches, its configuration (budget, cost bound,
//! threads), its per-cell arrays reused from one query to the next (repeated queries
//! allocate nothing but the returned path), what the last search expanded, and how each
//! kind of grid search is prepared and run on those arrays. The searches themselves are
//! methods added by [`queries`](super::queries), [`costs`](super::costs),
//! [`jps`](super::jps) and [`jps_plus`](super::jps_plus).

use search_core::{Budget, FloatCost};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::{Run, timed};
use crate::engine::settings::Settings;
use crate::engine::slots::{DenseSlots, NONE};
use crate::engine::successors::Buffered;
use crate::grids::cell::Cell;
use crate::grids::fixed_point::{exact_cost, to_fixed};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::search::astar::GridAStar;
use crate::grids::search::jump_points::{self, JumpNodes, Jumps};

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
    /// The fixed-point engine: weighted A*, greedy, DFS, IDDFS, IDA*, A* on a cost grid;
    /// its open list and start cells also serve the jump point searches.
    fixed: Engine<u32, u64, DenseSlots>,
    /// The successors of a jump point search's expansion: (cell, cost, moves).
    jumps: Vec<(u32, u64, u32)>,
    /// The jump points of a jump point search.
    jump_nodes: JumpNodes,
    /// A* and Dijkstra.
    grid_astar: GridAStar,
    /// Which per-cell arrays the last search used.
    last: Last,
    /// The engine counting moves: BFS and the distance map.
    steps: Engine<u32, u32, DenseSlots>,
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
            steps: Engine::default(),
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
        self.settings.budget = budget;
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
        self.settings.max_cost = Some(max_cost);
        self
    }

    /// Caps the memory of this context's searches at `bytes`: the per-cell arrays (about
    /// 9 to 24 bytes a cell of the grid, by algorithm), the open list and the other
    /// buffers, measured whenever the clock is looked at. A search stops (with
    /// [`Outcome::LimitReached`](crate::Outcome::LimitReached)`(`[`Limit::Memory`](crate::Limit::Memory)`)`)
    /// once they hold more than half the cap, since each may double before the next look,
    /// or before it starts if the per-cell arrays alone would. With
    /// [`with_threads`](Self::with_threads) the cap is shared: each thread's searches get
    /// an equal part.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limit, Movement, Outcome};
    /// let grid = Grid::new(500, 500, Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new().with_memory_cap(1 << 20);
    /// let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(499, 499), Heuristic::Octile).unwrap();
    /// assert_eq!(r.outcome, Outcome::LimitReached(Limit::Memory));
    /// assert_eq!(ctx.memory_cap(), Some(1 << 20));
    /// ```
    #[must_use]
    pub fn with_memory_cap(mut self, bytes: u64) -> Self {
        self.settings.memory_cap = Some(bytes);
        self
    }

    /// The memory cap, if any (see [`with_memory_cap`](Self::with_memory_cap)).
    ///
    /// ```
    /// assert_eq!(pathfind::GridContext::new().memory_cap(), None);
    /// ```
    #[must_use]
    pub fn memory_cap(&self) -> Option<u64> {
        self.settings.memory_cap
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
        self.settings.threads = threads;
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
        &self.settings.budget
    }

    /// The cost bound, if any.
    ///
    /// ```
    /// assert_eq!(pathfind::GridContext::new().max_cost(), None);
    /// ```
    #[must_use]
    pub fn max_cost(&self) -> Option<FloatCost> {
        self.settings.max_cost
    }

    /// The number of threads of [`find_all`](Self::find_all).
    ///
    /// ```
    /// assert_eq!(pathfind::GridContext::new().threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.settings.threads
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

    /// A fresh context with `settings` (a worker of a batch).
    pub(crate) fn with_settings(settings: Settings<FloatCost>) -> Self {
        GridContext {
            settings,
            ..GridContext::default()
        }
    }

    fn prepare_steps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        run: &mut Run<u32>,
    ) -> Result<(), PathError> {
        self.last = Last::Steps;
        let e = &mut self.steps;
        let per_cell = core::mem::size_of::<crate::engine::nodes::SlotData<u32>>();
        if !run.setup_exceeds_memory(grid.open.len() * per_cell) {
            e.nodes
                .reserve_slots(grid.open.len(), || run.setup_should_stop());
        }
        e.roots.clear();
        for s in starts {
            e.roots.push(grid.endpoint(s)?);
        }
        Ok(())
    }

    /// Checks the budget and starts the clock of a search counting moves.
    fn steps_run(&self) -> Result<Run<u32>, PathError> {
        // `as` saturates: a bound beyond u32::MAX moves bounds nothing.
        self.settings.run(|c| c.get() as u32)
    }

    /// Checks the budget, starts the clock and puts the start cells of a search on the
    /// fixed-point engine; returns the run and the goal's padded index.
    fn prepare_fixed(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<(Run<u64>, u32), PathError> {
        let mut prepared = self.prepare_roots(grid, starts, goal, Last::Fixed)?;
        let run = &mut prepared.0;
        let per_cell = core::mem::size_of::<crate::engine::nodes::SlotData<u64>>();
        if !run.setup_exceeds_memory(grid.open.len() * per_cell) {
            self.fixed
                .nodes
                .reserve_slots(grid.open.len(), || run.setup_should_stop());
        }
        Ok(prepared)
    }

    /// As [`prepare_fixed`](Self::prepare_fixed) for the jump point searches, whose jump
    /// points are kept apart ([`JumpNodes`]): the start cells go to the fixed-point
    /// engine's `roots`.
    fn prepare_jumps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<(Run<u64>, u32), PathError> {
        let mut prepared = self.prepare_roots(grid, starts, goal, Last::Jumps)?;
        let run = &mut prepared.0;
        if !run.setup_exceeds_memory(grid.open.len() * 4) {
            self.jump_nodes
                .reserve_cells(grid.open.len(), || run.setup_should_stop());
        }
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
        let run = self.settings.run(|c| to_fixed(c.get()))?;
        let goal_index = grid.endpoint(goal)?;
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
            let (run, goal_index) = self.prepare_jumps(grid, starts, goal)?;
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
    /// on dense per-cell slots) from the nearest of `starts` to `goal`: it gets the engine,
    /// the start cells and the goal as padded indices, and the run. Its result is in padded
    /// indices and fixed-point costs.
    pub(crate) fn on_fixed(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        search: impl FnOnce(
            &mut Engine<u32, u64, DenseSlots>,
            &[u32],
            u32,
            Run<u64>,
        ) -> Result<SearchResult<u32, u64>, PathError>,
    ) -> Result<SearchResult<u32, u64>, PathError> {
        let (run, goal_index) = self.prepare_fixed(grid, starts, goal)?;
        let roots = core::mem::take(&mut self.fixed.roots);
        let result = search(&mut self.fixed, &roots, goal_index, run);
        self.fixed.roots = roots;
        result
    }

    /// BFS on the per-cell arrays that count moves, from the nearest of `starts` to `goal`
    /// (every reachable cell without one); a bad goal is an error after a bad budget and
    /// before a bad start.
    pub(crate) fn steps_bfs(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Option<Cell>,
    ) -> Result<SearchResult<u32, u32>, PathError> {
        let mut run = self.steps_run()?;
        // No padded index is `NONE`: without a goal the search reaches every cell.
        let goal = goal.map_or(Ok(NONE), |g| grid.endpoint(g))?;
        self.prepare_steps(grid, starts, &mut run)?;
        let e = &mut self.steps;
        let roots = core::mem::take(&mut e.roots);
        let ones = [1u32; 8];
        let result = e.bfs(
            roots.iter().copied(),
            run,
            Buffered(|&i: &u32, out: &mut Vec<(u32, u32)>| grid.push_successors(i, &ones, out)),
            |&i| i == goal,
        );
        e.roots = roots;
        result
    }

    /// The moves from the nearest start of the last [`steps_bfs`](Self::steps_bfs) to
    /// padded cell `i`, if it reached it.
    pub(crate) fn steps_to(&self, i: usize) -> Option<u32> {
        self.steps.nodes.seen(i).map(|d| d.depth)
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
            let (run, goal_index) = self.prepare_roots(grid, starts, goal, Last::GridAStar)?;
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
