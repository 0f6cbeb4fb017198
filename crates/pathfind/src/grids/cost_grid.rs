//! [`CostGrid`]: a [`Grid`] whose cells have weights (entering a cell costs its weight
//! times the length of the move, 1 or √2). Its searches are
//! [`GridContext::astar_costs`](crate::GridContext::astar_costs).

use search_core::FloatCost;

use crate::engine::error::PathError;
use crate::grids::cell::Cell;
use crate::grids::fixed_point::exact_cost;
use crate::grids::grid::Grid;
use crate::grids::movement::Movement;

/// A [`Grid`] with a weight per cell: a move into a cell of weight `w` costs `w` times its
/// length (`w` straight, `w·√2` diagonal). Weights are 1..=65,535; obstacles stay
/// obstacles. Search it with [`GridContext::astar_costs`](crate::GridContext::astar_costs);
/// replan on it with
/// [`Replanner`](crate::Replanner).
///
/// The A* estimate is a [`Heuristic`](crate::Heuristic) times the smallest weight, a lower bound on the cost
/// of any move, so a heuristic admissible on the plain grid stays admissible. That weight
/// is [`min_weight`](Self::min_weight): it follows every lowering of a weight, but raising
/// the cheapest cells does not raise it (it stays a valid, looser bound) until
/// [`recompute_min_weight`](Self::recompute_min_weight).
///
/// ```
/// use pathfind::{Cell, CostGrid, GridContext, Heuristic, Movement};
/// // Digits are weights, '.' weighs 1, '@' is an obstacle.
/// let grid = CostGrid::from_rows(&[
///     ".....",
///     ".999.",
///     ".....",
/// ], Movement::Four)?;
/// let mut ctx = GridContext::new();
/// let r = ctx.astar_costs(&grid, [Cell::new(0, 1)], Cell::new(4, 1), Heuristic::Manhattan)?;
/// assert_eq!(r.cost().unwrap().get(), 6.0); // around the expensive cells
/// # Ok::<(), pathfind::PathError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostGrid {
    grid: Grid,
    /// Weight per padded cell (1 on obstacles and the border).
    pub(crate) weights: Vec<u16>,
    min_weight: u16,
}

impl CostGrid {
    /// `grid` with every cell weighing 1.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement};
    /// let g = CostGrid::new(Grid::new(3, 3, Movement::OCTILE).unwrap());
    /// assert_eq!(g.weight(Cell::new(1, 1)), Some(1));
    /// ```
    #[must_use]
    pub fn new(grid: Grid) -> Self {
        let weights = vec![1; grid.open.len()];
        CostGrid {
            grid,
            weights,
            min_weight: 1,
        }
    }

    /// A grid from text rows: `1` to `9` are passable cells of that weight, the other
    /// characters as in [`Grid::from_rows`] (`.` weighs 1, `@` is an obstacle).
    ///
    /// # Errors
    /// As [`Grid::from_rows`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Movement};
    /// let g = CostGrid::from_rows(&["1.5", "@9."], Movement::OCTILE).unwrap();
    /// assert_eq!(g.weight(Cell::new(2, 0)), Some(5));
    /// assert_eq!(g.weight(Cell::new(0, 1)), None);
    /// assert!(CostGrid::from_rows(&["0"], Movement::OCTILE).is_err());
    /// ```
    pub fn from_rows<S: AsRef<str>>(rows: &[S], movement: Movement) -> Result<Self, PathError> {
        let plain: Vec<String> = rows
            .iter()
            .map(|r| {
                r.as_ref()
                    .chars()
                    .map(|c| if matches!(c, '1'..='9') { '.' } else { c })
                    .collect()
            })
            .collect();
        let mut grid = CostGrid::new(Grid::from_rows(&plain, movement)?);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.as_ref().chars().enumerate() {
                if let Some(w) = ch.to_digit(10) {
                    // `from_rows` accepted the row, so the cell is inside.
                    grid.set_weight(Cell::new(x as u32, y as u32), w as u16)?;
                }
            }
        }
        Ok(grid)
    }

    /// The grid of passable cells and obstacles.
    ///
    /// ```
    /// use pathfind::{CostGrid, Grid, Movement};
    /// let g = CostGrid::new(Grid::new(4, 2, Movement::Four).unwrap());
    /// assert_eq!(g.grid().width(), 4);
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The weight of a passable cell; `None` for an obstacle or a cell outside.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Movement};
    /// let g = CostGrid::from_rows(&["3@"], Movement::Four).unwrap();
    /// assert_eq!(g.weight(Cell::new(0, 0)), Some(3));
    /// assert_eq!(g.weight(Cell::new(1, 0)), None);
    /// assert_eq!(g.weight(Cell::new(5, 0)), None);
    /// ```
    #[must_use]
    pub fn weight(&self, cell: Cell) -> Option<u16> {
        self.grid
            .is_passable(cell)
            .then(|| self.weights[self.grid.pad(cell.x, cell.y)])
    }

    /// Sets the weight of `cell` (passable or not: an obstacle keeps it for when it opens).
    ///
    /// # Errors
    /// [`PathError::ZeroWeight`], [`PathError::OutOfGrid`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement};
    /// let mut g = CostGrid::new(Grid::new(2, 1, Movement::Four).unwrap());
    /// g.set_weight(Cell::new(1, 0), 7).unwrap();
    /// assert_eq!(g.weight(Cell::new(1, 0)), Some(7));
    /// assert!(g.set_weight(Cell::new(2, 0), 7).is_err());
    /// ```
    pub fn set_weight(&mut self, cell: Cell, weight: u16) -> Result<(), PathError> {
        self.grid.check_inside(cell)?;
        if weight == 0 {
            return Err(PathError::ZeroWeight {
                x: cell.x,
                y: cell.y,
            });
        }
        let i = self.grid.pad(cell.x, cell.y);
        self.weights[i] = weight;
        self.min_weight = self.min_weight.min(weight);
        Ok(())
    }

    /// Makes `cell` passable or an obstacle (its weight is kept).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement};
    /// let mut g = CostGrid::new(Grid::new(2, 1, Movement::Four).unwrap());
    /// g.set_passable(Cell::new(1, 0), false).unwrap();
    /// assert_eq!(g.weight(Cell::new(1, 0)), None);
    /// ```
    pub fn set_passable(&mut self, cell: Cell, passable: bool) -> Result<(), PathError> {
        self.grid.set_passable(cell, passable)
    }

    /// Sets a cell in one call: `None` makes it an obstacle, `Some(weight)` passable with
    /// that weight (the form [`Replanner::update`](crate::Replanner::update) takes).
    ///
    /// # Errors
    /// [`PathError::ZeroWeight`], [`PathError::OutOfGrid`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement};
    /// let mut g = CostGrid::new(Grid::new(2, 1, Movement::Four).unwrap());
    /// g.set_cell(Cell::new(0, 0), None).unwrap();
    /// g.set_cell(Cell::new(1, 0), Some(4)).unwrap();
    /// assert_eq!((g.weight(Cell::new(0, 0)), g.weight(Cell::new(1, 0))), (None, Some(4)));
    /// ```
    pub fn set_cell(&mut self, cell: Cell, state: Option<u16>) -> Result<(), PathError> {
        match state {
            None => self.set_passable(cell, false),
            Some(w) => {
                self.set_weight(cell, w)?;
                self.set_passable(cell, true)
            }
        }
    }

    /// A lower bound of the weights of the passable cells (see the type's documentation):
    /// the factor of the A* estimate.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Movement};
    /// let mut g = CostGrid::from_rows(&["45", "67"], Movement::Four).unwrap();
    /// assert_eq!(g.min_weight(), 1); // the grid started with weights of 1
    /// g.recompute_min_weight();
    /// assert_eq!(g.min_weight(), 4);
    /// ```
    #[must_use]
    pub fn min_weight(&self) -> u16 {
        self.min_weight
    }

    /// Sets [`min_weight`](Self::min_weight) to the smallest weight of a passable cell
    /// (one pass over the grid), for the tightest estimate.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement};
    /// let mut g = CostGrid::new(Grid::new(2, 1, Movement::Four).unwrap());
    /// g.set_weight(Cell::new(0, 0), 3).unwrap();
    /// g.set_weight(Cell::new(1, 0), 3).unwrap();
    /// g.recompute_min_weight();
    /// assert_eq!(g.min_weight(), 3);
    /// ```
    pub fn recompute_min_weight(&mut self) {
        self.min_weight = self
            .grid
            .open
            .iter()
            .zip(&self.weights)
            .filter(|(o, _)| **o)
            .map(|(_, &w)| w)
            .min()
            .unwrap_or(1);
    }

    /// The exact cost of a path of adjacent cells: the weight of each cell entered times
    /// the length of the move, summed as integers (the weights of straight moves, those of
    /// diagonal moves) so that equal costs are equal floats whatever the order of moves.
    pub(crate) fn exact_cost(&self, nodes: &[Cell]) -> FloatCost {
        let (mut straight, mut diagonal) = (0u64, 0u64);
        for w in nodes.windows(2) {
            let weight = u64::from(self.weights[self.grid.pad(w[1].x, w[1].y)]);
            if w[0].x != w[1].x && w[0].y != w[1].y {
                diagonal += weight;
            } else {
                straight += weight;
            }
        }
        exact_cost(straight, diagonal)
    }
}
