//! [`GridProblem`]: a grid query as a [`SearchProblem`], to run every algorithm of the crate
//! on a grid (through [`solve`](crate::solve)) and check heuristics on it.

use search_core::{FloatCost, SearchProblem};

use crate::grids::cell::Cell;
use crate::grids::fixed_point::float;
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;

impl Grid {
    /// This grid as a [`SearchProblem`] from `start` to `goal`, to run any algorithm of the
    /// crate on it through [`solve`](crate::solve) (with hashed cells: a
    /// [`GridContext`](crate::GridContext) is faster), or check a heuristic on it.
    ///
    /// ```
    /// use pathfind::{solve, Algorithm, Cell, Grid, Heuristic, Movement};
    /// use search_core::Budget;
    /// let g = Grid::new(4, 4, Movement::OCTILE).unwrap();
    /// let p = g.problem(Cell::new(0, 0), Cell::new(3, 2), Heuristic::Octile);
    /// let r = solve(&p, Algorithm::IdaStar, &Budget::new()).unwrap();
    /// assert!((r.cost().unwrap().get() - (1.0 + 2.0 * 2f64.sqrt())).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn problem(&self, start: Cell, goal: Cell, heuristic: Heuristic) -> GridProblem<'_> {
        GridProblem {
            grid: self,
            start,
            goal,
            heuristic,
        }
    }
}

/// A [`Grid`] with a start, a goal and a heuristic, as a [`SearchProblem`]: states are
/// cells, costs [`FloatCost`]. It lets every algorithm of the crate, and the heuristic
/// checks of the `testing` feature, run on grids. Searches through it hash cells; use
/// [`GridContext`](crate::GridContext) for speed.
///
/// ```
/// use pathfind::{solve, Algorithm, Cell, Grid, Heuristic, Movement};
/// use search_core::Budget;
/// let g = Grid::from_rows(&["...", ".@.", "..."], Movement::Four).unwrap();
/// let p = g.problem(Cell::new(0, 0), Cell::new(2, 2), Heuristic::Manhattan);
/// for alg in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Dijkstra, Algorithm::Fringe] {
///     assert_eq!(solve(&p, alg, &Budget::new()).unwrap().cost().unwrap().get(), 4.0);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GridProblem<'g> {
    /// The grid.
    pub grid: &'g Grid,
    /// Where the search starts.
    pub start: Cell,
    /// The goal cell.
    pub goal: Cell,
    /// The heuristic towards the goal.
    pub heuristic: Heuristic,
}

impl SearchProblem for GridProblem<'_> {
    type State = Cell;
    type Cost = FloatCost;

    fn start(&self) -> Cell {
        self.start
    }

    fn successors(&self, state: &Cell, out: &mut Vec<(Cell, FloatCost)>) {
        out.extend(self.grid.neighbors(*state));
    }

    fn is_goal(&self, state: &Cell) -> bool {
        *state == self.goal
    }

    fn heuristic(&self, state: &Cell) -> FloatCost {
        float(self.heuristic.estimate(*state, self.goal))
    }
}
