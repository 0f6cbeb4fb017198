//! Jump point search ([`GridContext::jps`]) on 8-connected grids without corner cutting.
//!
//! On a uniform-cost grid many shortest paths are symmetric: they differ only in the order
//! of the same moves. Jump point search (Harabor and Grastien, 2011; the rules for grids
//! without corner cutting from their 2014 follow-up) keeps one canonical path of each such
//! family (diagonal moves first) and scans straight and diagonal runs of cells without
//! putting them on the open list, stopping only at *jump points*: the goal, or a cell with a
//! *forced* neighbour, one that the canonical paths can reach only through this cell. A* then
//! orders the jump points. The path found is optimal; far fewer cells pass through the open
//! list than with A*, at the price of scanning cells.
//!
//! Rules, moving in direction `(dx, dy)` from the previous cell:
//! * straight (say `dx = 1, dy = 0`): the next cells are `(x + 1, y)` and, when
//!   `(x, y ± 1)` is open but `(x - 1, y ± 1)` is not (the previous cell could not reach it
//!   diagonally), the forced neighbours `(x, y ± 1)` and `(x + 1, y ± 1)`; a straight scan
//!   stops at a cell with a forced neighbour;
//! * diagonal: the straight moves `(dx, 0)` and `(0, dy)` and the diagonal `(dx, dy)`; a
//!   diagonal scan stops at a cell from which a straight scan along `dx` or `dy` finds a
//!   jump point. Without corner cutting a diagonal move has no forced neighbour.

use search_core::FloatCost;

use crate::cell::Cell;
use crate::engine::NONE;
use crate::error::PathError;
use crate::grid::Grid;
use crate::grid_context::GridContext;
use crate::jump_search::{Jumps, direction, require_octile, run_cost};
use crate::result::SearchResult;

impl GridContext {
    /// Jump point search from the nearest of `starts` to `goal`: the cheapest path (the
    /// same cost as [`astar`](Self::astar) with [`Heuristic::Octile`](crate::Heuristic)),
    /// usually much faster on open maps. The grid must be 8-connected without corner
    /// cutting ([`Movement::OCTILE`](crate::Movement::OCTILE), the MovingAI rule).
    ///
    /// The path is returned cell by cell. The budget counts jump points: `stats.nodes` is
    /// the number of jump points expanded (what `Budget::nodes` bounds), `stats.leaves` the
    /// number generated; `depth` and the cost bound apply to the path as for
    /// [`astar`](Self::astar). [`expanded_cells`](Self::expanded_cells) lists the jump
    /// points expanded.
    ///
    /// # Errors
    /// [`PathError::UnsupportedMovement`] for another movement rule, a bad start or goal,
    /// an unusable budget.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Movement};
    /// let grid = Grid::from_rows(&[
    ///     "..........",
    ///     "....@.....",
    ///     "....@.....",
    ///     "....@.....",
    ///     "..........",
    /// ], Movement::OCTILE)?;
    /// let mut ctx = GridContext::new();
    /// let (s, t) = (Cell::new(0, 2), Cell::new(9, 2));
    /// let jps = ctx.jps(&grid, [s], t)?;
    /// let astar = ctx.astar(&grid, [s], t, Heuristic::Octile)?;
    /// assert_eq!(jps.cost(), astar.cost());
    /// let path = jps.path().unwrap();
    /// assert_eq!((path.nodes[0], *path.nodes.last().unwrap()), (s, t));
    /// assert_eq!(path.steps(), 9); // cell by cell
    /// assert!(jps.stats.nodes < astar.stats.nodes);
    /// # Ok::<(), pathfind::PathError>(())
    /// ```
    pub fn jps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        require_octile(grid, "jump point search")?;
        self.jump_search(grid, starts, goal, |goal| Scanner {
            open: &grid.open,
            stride: grid.stride as u32,
            goal,
        })
    }
}

impl Grid {
    /// Jump point search from `start` to `goal` with a fresh [`GridContext`] (see
    /// [`GridContext::jps`]; use a context for repeated queries).
    ///
    /// # Errors
    /// As [`GridContext::jps`].
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::new(5, 5, Movement::OCTILE).unwrap();
    /// let r = g.jps(Cell::new(0, 0), Cell::new(4, 2)).unwrap();
    /// assert!((r.cost().unwrap().get() - (2.0 + 2.0 * 2f64.sqrt())).abs() < 1e-12);
    /// ```
    pub fn jps(&self, start: Cell, goal: Cell) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        GridContext::new().jps(self, [start], goal)
    }
}

/// Finds jump points by scanning the grid cell by cell.
struct Scanner<'g> {
    /// Passable flag per padded cell (a border of obstacles keeps scans inside).
    open: &'g [bool],
    stride: u32,
    goal: u32,
}

impl Scanner<'_> {
    #[inline(always)]
    fn is_open(&self, i: u32, offset: isize) -> bool {
        self.open[i.wrapping_add_signed(offset as i32) as usize]
    }

    /// Scans from `from` along `d` (perpendicular offset `p`); the jump point and the moves
    /// to it.
    #[inline]
    fn straight(&self, from: u32, d: isize, p: isize) -> Option<(u32, u32)> {
        let mut i = from;
        let mut moves = 0;
        loop {
            i = i.wrapping_add_signed(d as i32);
            moves += 1;
            if !self.is_open(i, 0) {
                return None;
            }
            if i == self.goal
                || (self.is_open(i, p) && !self.is_open(i, p - d))
                || (self.is_open(i, -p) && !self.is_open(i, -p - d))
            {
                return Some((i, moves));
            }
        }
    }

    /// Scans from `from` diagonally along `dx + dy`.
    #[inline]
    fn diagonal(&self, from: u32, dx: isize, dy: isize) -> Option<(u32, u32)> {
        let mut i = from;
        let mut moves = 0;
        loop {
            if !(self.is_open(i, dx) && self.is_open(i, dy) && self.is_open(i, dx + dy)) {
                return None;
            }
            i = i.wrapping_add_signed((dx + dy) as i32);
            moves += 1;
            if i == self.goal
                || self.straight(i, dx, dy).is_some()
                || self.straight(i, dy, dx).is_some()
            {
                return Some((i, moves));
            }
        }
    }
}

impl Jumps for Scanner<'_> {
    fn successors(&self, at: u32, parent: u32, out: &mut Vec<(u32, u64, u32)>) {
        let s = self.stride as isize;
        let mut straight = |d: isize, p: isize| {
            if let Some((m, moves)) = self.straight(at, d, p) {
                out.push((m, run_cost(moves, false), moves));
            }
        };
        let mut straights = [(0isize, 0isize); 4];
        let mut diagonals = [(0isize, 0isize); 4];
        let (ns, nd) = if parent == NONE {
            straights = [(1, s), (-1, s), (s, 1), (-s, 1)];
            diagonals = [(1, s), (1, -s), (-1, s), (-1, -s)];
            (4, 4)
        } else {
            let (dx, dy) = direction(self.stride, parent, at);
            if dx != 0 && dy != 0 {
                straights[0] = (dx, dy);
                straights[1] = (dy, dx);
                diagonals[0] = (dx, dy);
                (2, 1)
            } else {
                // A straight move along `d`; `p` is perpendicular to it.
                let d = dx + dy;
                let p = if dx != 0 { s } else { 1 };
                straights[0] = (d, p);
                let (mut ns, mut nd) = (1, 0);
                for q in [p, -p] {
                    if self.is_open(at, q) && !self.is_open(at, q - d) {
                        straights[ns] = (q, d);
                        ns += 1;
                        diagonals[nd] = (d, q);
                        nd += 1;
                    }
                }
                (ns, nd)
            }
        };
        for &(d, p) in &straights[..ns] {
            straight(d, p);
        }
        for &(dx, dy) in &diagonals[..nd] {
            if let Some((m, moves)) = self.diagonal(at, dx, dy) {
                out.push((m, run_cost(moves, true), moves));
            }
        }
    }
}
