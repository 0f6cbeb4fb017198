//! The search of a [`GridContext`] on a [`CostGrid`]: A* (and Dijkstra) where entering a
//! cell costs its weight times the length of the move.

use search_core::FloatCost;

use crate::engine::error::PathError;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::timed;
use crate::engine::successors::Buffered;
use crate::graph::best_first::AStarKey;
use crate::grids::cell::Cell;
use crate::grids::cost_grid::CostGrid;
use crate::grids::fixed_point::{FIXED_COSTS, toward, with_estimate};
use crate::grids::heuristic::Heuristic;
use crate::grids::search::context::GridContext;

impl GridContext {
    /// A* on a [`CostGrid`] from the nearest of `starts` to `goal` (Dijkstra with
    /// [`Heuristic::Zero`]): the cheapest path when `heuristic` is admissible for the grid's
    /// movement (see [`Heuristic`]); the estimate is scaled by [`CostGrid::min_weight`]. The
    /// cost is the sum over the cells entered of weight × move length. Budget, cost bound
    /// and statistics as in [`solve`](Self::solve).
    ///
    /// # Errors
    /// A bad start or goal, an unusable budget, [`PathError::Cost`] if a path cost
    /// overflows (only on huge grids of huge weights).
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, GridContext, Heuristic, Movement};
    /// let grid = CostGrid::from_rows(&["....", "@@9.", "...."], Movement::OCTILE)?;
    /// let mut ctx = GridContext::new();
    /// let (s, t) = (Cell::new(0, 0), Cell::new(0, 2));
    /// let r = ctx.astar_costs(&grid, [s], t, Heuristic::Octile)?;
    /// let d = ctx.astar_costs(&grid, [s], t, Heuristic::Zero)?;
    /// assert_eq!(r.cost(), d.cost());
    /// // Around the cell of weight 9 (1 + 1 + √2 + √2 + 1 + 1), not through it (14):
    /// assert!((r.cost().unwrap().get() - (4.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
    /// # Ok::<(), pathfind::PathError>(())
    /// ```
    pub fn astar_costs(
        &mut self,
        grid: &CostGrid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let plain = grid.grid();
        timed(|| {
            let r = self.on_fixed(plain, starts, Some(goal), |e, roots, goal, run| {
                let weights = &grid.weights[..];
                let min_weight = u64::from(grid.min_weight());
                let succ = |&i: &u32, out: &mut Vec<(u32, u64)>| {
                    plain.push_weighted_successors(i, &FIXED_COSTS, weights, out);
                };
                let starts = roots.iter().copied();
                let is_goal = |&i: &u32| i == goal;
                with_estimate!(heuristic, |estimate| {
                    let h = toward(estimate, plain.stride as u32, goal);
                    let scaled = |i: &u32| h(i).saturating_mul(min_weight);
                    e.best_first(AStarKey, starts, run, Buffered(succ), scaled, is_goal)
                })
            })?;
            Ok(r.map_path(|p| {
                let nodes: Vec<Cell> = p.nodes.into_iter().map(|i| plain.unpad(i)).collect();
                let cost = grid.exact_cost(&nodes);
                Path { nodes, cost }
            }))
        })
    }
}
