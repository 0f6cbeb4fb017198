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

use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::slots::NONE;
use crate::grids::cell::Cell;
use crate::grids::grid::Grid;
use crate::grids::search::context::GridContext;
use crate::grids::search::jump_points::{Jumps, require_octile, run_cost};

impl GridContext {
    /// Jump point search from the nearest of `starts` to `goal`: the cheapest path (the
    /// same cost as A* with [`Heuristic::Octile`](crate::Heuristic)),
    /// usually much faster on open maps. The grid must be 8-connected without corner
    /// cutting ([`Movement::OCTILE`](crate::Movement::OCTILE), the MovingAI rule).
    ///
    /// What it saves is expansions: a straight or diagonal run with nothing beside it is
    /// crossed without stopping. Where obstacles are scattered cell by cell, many cells
    /// have an obstacle beside them and become jump points, and A* is about as fast; compare
    /// `stats.nodes` of both on your maps.
    ///
    /// The path is returned cell by cell. The budget counts jump points: `stats.nodes` is
    /// the number of jump points expanded (what `Budget::nodes` bounds), `stats.leaves` the
    /// number generated; `depth` and the cost bound apply to the path as for
    /// A* in [`solve`](Self::solve). [`expanded_cells`](Self::expanded_cells) lists the jump
    /// points expanded.
    ///
    /// # Errors
    /// [`PathError::UnsupportedMovement`] for another movement rule, a bad start or goal,
    /// an unusable budget.
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
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
    /// let astar = ctx.solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)?;
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
            grid,
            stride: grid.stride,
            goal,
            gx: goal as usize % grid.stride,
            gy: goal as usize / grid.stride,
        })
    }
}

/// Finds jump points by scanning the grid: straight runs a 64-bit word at a time, in the stop
/// bits the grid keeps by row and by column for each direction ([`Grid::row_stops`],
/// [`Grid::col_stops`]: its obstacles and the cells with a forced neighbour), diagonal runs
/// cell by cell. Scans
/// carry the padded coordinates of their cell along, so that no scan divides a cell index
/// by the row length.
struct Scanner<'g> {
    /// Passable flag per padded cell (a border of obstacles keeps scans inside).
    open: &'g [bool],
    grid: &'g Grid,
    stride: usize,
    goal: u32,
    /// The goal's padded coordinates.
    gx: usize,
    gy: usize,
}

/// The first position after `from` (towards higher positions if `up`) at which a scan
/// along a line stops, from the stop bits for that direction ([`Grid::row_stops`] or
/// [`Grid::col_stops`]), whose line starts at word `base`. The border of a padded grid is an
/// obstacle, so a scan always stops inside the line.
#[inline(always)]
fn scan(stops: &[u64], base: usize, from: usize, up: bool) -> usize {
    if up {
        let mut k = (from + 1) / 64;
        let mut w = stops[base + k] & (u64::MAX << ((from + 1) % 64));
        while w == 0 {
            k += 1;
            w = stops[base + k];
        }
        k * 64 + w.trailing_zeros() as usize
    } else {
        let mut k = (from - 1) / 64;
        let mut w = stops[base + k] & (u64::MAX >> (63 - (from - 1) % 64));
        while w == 0 {
            k -= 1;
            w = stops[base + k];
        }
        k * 64 + 63 - w.leading_zeros() as usize
    }
}

impl Scanner<'_> {
    #[inline(always)]
    fn is_open(&self, i: usize) -> bool {
        self.open[i]
    }

    /// Scans row `y` from column `x` towards higher columns if `up`, else lower ones; the
    /// jump point and the moves to it: the goal, or the first cell with a forced neighbour
    /// before an obstacle.
    #[inline(always)]
    fn along_row(&self, x: usize, y: usize, up: bool) -> Option<(u32, u32)> {
        let g = self.grid;
        let stop = scan(&g.row_stops[usize::from(!up)], y * g.row_words, x, up);
        if self.gy == y {
            // The goal is open: a scan that reaches it stops there, at the latest.
            let ga = self.gx;
            if (up && x < ga && ga <= stop) || (!up && stop <= ga && ga < x) {
                return Some((self.goal, ga.abs_diff(x) as u32));
            }
        }
        // A stop is an obstacle or a cell with a forced neighbour: only the latter is a
        // jump point.
        let cell = y * self.stride + stop;
        self.is_open(cell)
            .then(|| (cell as u32, stop.abs_diff(x) as u32))
    }

    /// Scans column `x` from row `y` towards higher rows if `up`, else lower ones (see
    /// [`along_row`](Self::along_row)).
    #[inline(always)]
    fn along_col(&self, x: usize, y: usize, up: bool) -> Option<(u32, u32)> {
        let g = self.grid;
        let stop = scan(&g.col_stops[usize::from(!up)], x * g.col_words, y, up);
        if self.gx == x {
            let ga = self.gy;
            if (up && y < ga && ga <= stop) || (!up && stop <= ga && ga < y) {
                return Some((self.goal, ga.abs_diff(y) as u32));
            }
        }
        let cell = stop * self.stride + x;
        self.is_open(cell)
            .then(|| (cell as u32, stop.abs_diff(y) as u32))
    }

    /// Scans from the cell at `(x, y)` in straight direction `d` (`±1` along a row,
    /// `±stride` along a column).
    #[inline(always)]
    fn straight(&self, x: usize, y: usize, d: isize) -> Option<(u32, u32)> {
        if d == 1 || d == -1 {
            self.along_row(x, y, d > 0)
        } else {
            self.along_col(x, y, d > 0)
        }
    }

    /// Scans from cell `from` at `(x, y)` diagonally, `sx` (±1) along rows and `sy` (±1)
    /// along columns: the jump point, its diagonal moves, and the straight moves after
    /// them.
    ///
    /// The scan stops at the first cell from which a straight scan finds a jump point. When
    /// what that straight scan finds is the goal, the goal itself is returned, a diagonal
    /// run then a straight one away: the cell where the scan turned is not needed as a
    /// jump point, since every path through it costs at least the octile distance from it,
    /// which the straight run to the goal achieves. The search then ends without expanding
    /// that cell.
    #[inline]
    fn diagonal(
        &self,
        from: u32,
        x: usize,
        y: usize,
        sx: isize,
        sy: isize,
    ) -> Option<(u32, u32, u32)> {
        let step = sx + sy * self.stride as isize;
        // The bit of this diagonal in the grid's legal-move masks (directions 4..8: SE, NE,
        // SW, NW), which without corner cutting also requires both straight neighbours.
        let bit = 1u8 << (4 + 2 * usize::from(sx < 0) + usize::from(sy < 0));
        let (mut i, mut x, mut y) = (from as usize, x, y);
        let mut moves = 0;
        loop {
            if self.grid.move_mask(i) & bit == 0 {
                return None;
            }
            i = i.wrapping_add_signed(step);
            x = x.wrapping_add_signed(sx);
            y = y.wrapping_add_signed(sy);
            moves += 1;
            if i == self.goal as usize {
                return Some((self.goal, moves, 0));
            }
            let row = self.along_row(x, y, sx > 0);
            let col = if row.is_none() || self.gx == x {
                self.along_col(x, y, sy > 0)
            } else {
                None
            };
            match (row, col) {
                (Some((m, straight)), _) | (_, Some((m, straight))) if m == self.goal => {
                    return Some((m, moves, straight));
                }
                (None, None) => {}
                _ => return Some((i as u32, moves, 0)),
            }
        }
    }
}

impl Jumps for Scanner<'_> {
    fn successors(&self, at: u32, parent: u32, out: &mut Vec<(u32, u64, u32)>) {
        let stride = self.stride;
        let (x, y) = (at as usize % stride, at as usize / stride);
        let s = stride as isize;
        let mut straights = [0isize; 4];
        // Diagonals as (±1 along the row, ±1 along the column).
        let mut diagonals = [(0isize, 0isize); 4];
        let (ns, nd) = if parent == NONE {
            straights = [1, -1, s, -s];
            diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            (4, 4)
        } else {
            let (px, py) = (parent as usize % stride, parent as usize / stride);
            let sx = (x > px) as isize - (x < px) as isize;
            let sy = (y > py) as isize - (y < py) as isize;
            if sx != 0 && sy != 0 {
                straights[0] = sx;
                straights[1] = sy * s;
                diagonals[0] = (sx, sy);
                (2, 1)
            } else {
                // A straight move along `d`; the perpendicular neighbours are forced if
                // open while the cell behind them is not.
                let d = sx + sy * s;
                let (mut ns, mut nd) = (1, 0);
                straights[0] = d;
                for q in [1isize, -1] {
                    let (q_off, diagonal) = if sx != 0 {
                        (q * s, (sx, q))
                    } else {
                        (q, (q, sy))
                    };
                    if self.is_open((at as usize).wrapping_add_signed(q_off))
                        && !self.is_open((at as usize).wrapping_add_signed(q_off - d))
                    {
                        straights[ns] = q_off;
                        ns += 1;
                        diagonals[nd] = diagonal;
                        nd += 1;
                    }
                }
                (ns, nd)
            }
        };
        for &d in &straights[..ns] {
            if let Some((m, moves)) = self.straight(x, y, d) {
                out.push((m, run_cost(moves, false), moves));
            }
        }
        for &(sx, sy) in &diagonals[..nd] {
            if let Some((m, diagonal, straight)) = self.diagonal(at, x, y, sx, sy) {
                out.push((
                    m,
                    run_cost(diagonal, true) + run_cost(straight, false),
                    diagonal + straight,
                ));
            }
        }
    }
}
