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
            grid,
            stride: grid.stride as u32,
            goal,
            gx: goal as usize % grid.stride,
            gy: goal as usize / grid.stride,
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

/// Finds jump points by scanning the grid: straight runs a 64-bit word of obstacle bits at a
/// time ([`Grid::blocked_rows`], [`Grid::blocked_cols`]), diagonal runs cell by cell.
struct Scanner<'g> {
    /// Passable flag per padded cell (a border of obstacles keeps scans inside).
    open: &'g [bool],
    grid: &'g Grid,
    stride: u32,
    goal: u32,
    /// The goal's padded coordinates.
    gx: usize,
    gy: usize,
}

/// The cells of line `line` (the obstacle bits of a row or column) at which a straight scan
/// stops, in word `k`: an obstacle, or a cell with a forced neighbour, one that is open on a
/// neighbouring line (`a` or `b`) while the cell before it on that line (at a lower
/// position if `up`, else at a higher one) is an obstacle.
#[inline(always)]
fn stops(line: &[u64], a: &[u64], b: &[u64], k: usize, up: bool) -> u64 {
    let forced = |r: &[u64]| {
        let w = r[k];
        let before = if up {
            (w << 1) | r.get(k.wrapping_sub(1)).map_or(0, |p| p >> 63)
        } else {
            (w >> 1) | r.get(k + 1).map_or(0, |n| n << 63)
        };
        !w & before
    };
    line[k] | forced(a) | forced(b)
}

/// The first position after `from` (towards higher positions if `up`) at which a scan
/// along `line` stops (see [`stops`]), and whether it is an obstacle. The border of a
/// padded grid is an obstacle, so a scan always stops inside the line.
#[inline]
fn scan(line: &[u64], a: &[u64], b: &[u64], from: usize, up: bool) -> (usize, bool) {
    let pos;
    if up {
        let mut k = (from + 1) / 64;
        let mut w = stops(line, a, b, k, true) & (u64::MAX << ((from + 1) % 64));
        while w == 0 {
            k += 1;
            w = stops(line, a, b, k, true);
        }
        pos = k * 64 + w.trailing_zeros() as usize;
    } else {
        let mut k = (from - 1) / 64;
        let mut w = stops(line, a, b, k, false) & (u64::MAX >> (63 - (from - 1) % 64));
        while w == 0 {
            k -= 1;
            w = stops(line, a, b, k, false);
        }
        pos = k * 64 + 63 - w.leading_zeros() as usize;
    }
    (pos, line[pos / 64] >> (pos % 64) & 1 == 1)
}

impl Scanner<'_> {
    #[inline(always)]
    fn is_open(&self, i: u32, offset: isize) -> bool {
        self.open[i.wrapping_add_signed(offset as i32) as usize]
    }

    /// Scans from `from` along `d` (a straight direction); the jump point and the moves to
    /// it: the goal, or the first cell with a forced neighbour before an obstacle.
    #[inline]
    fn straight(&self, from: u32, d: isize) -> Option<(u32, u32)> {
        let stride = self.stride as usize;
        let (x, y) = (from as usize % stride, from as usize / stride);
        let up = d > 0;
        let g = self.grid;
        // The line scanned, the position on it, and the goal's position if on it.
        let (lines, words, line, at, goal_at) = if d == 1 || d == -1 {
            (
                &g.blocked_rows,
                g.row_words,
                y,
                x,
                (self.gy == y).then_some(self.gx),
            )
        } else {
            (
                &g.blocked_cols,
                g.col_words,
                x,
                y,
                (self.gx == x).then_some(self.gy),
            )
        };
        let word_line = |l: usize| &lines[l * words..(l + 1) * words];
        let (stop, blocked) = scan(
            word_line(line),
            word_line(line - 1),
            word_line(line + 1),
            at,
            up,
        );
        // The goal is open: a scan that reaches it stops there, at the latest.
        if let Some(ga) = goal_at {
            let reached = if up {
                at < ga && ga <= stop
            } else {
                stop <= ga && ga < at
            };
            if reached {
                return Some((self.goal, ga.abs_diff(at) as u32));
            }
        }
        if blocked {
            return None;
        }
        let moves = stop.abs_diff(at);
        let cell = if d == 1 || d == -1 {
            y * stride + stop
        } else {
            stop * stride + x
        };
        Some((cell as u32, moves as u32))
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
            if i == self.goal || self.straight(i, dx).is_some() || self.straight(i, dy).is_some() {
                return Some((i, moves));
            }
        }
    }
}

impl Jumps for Scanner<'_> {
    fn successors(&self, at: u32, parent: u32, out: &mut Vec<(u32, u64, u32)>) {
        let s = self.stride as isize;
        let mut straight = |d: isize| {
            if let Some((m, moves)) = self.straight(at, d) {
                out.push((m, run_cost(moves, false), moves));
            }
        };
        let mut straights = [0isize; 4];
        let mut diagonals = [(0isize, 0isize); 4];
        let (ns, nd) = if parent == NONE {
            straights = [1, -1, s, -s];
            diagonals = [(1, s), (1, -s), (-1, s), (-1, -s)];
            (4, 4)
        } else {
            let (dx, dy) = direction(self.stride, parent, at);
            if dx != 0 && dy != 0 {
                straights[0] = dx;
                straights[1] = dy;
                diagonals[0] = (dx, dy);
                (2, 1)
            } else {
                // A straight move along `d`; `p` is perpendicular to it.
                let d = dx + dy;
                let p = if dx != 0 { s } else { 1 };
                straights[0] = d;
                let (mut ns, mut nd) = (1, 0);
                for q in [p, -p] {
                    if self.is_open(at, q) && !self.is_open(at, q - d) {
                        straights[ns] = q;
                        ns += 1;
                        diagonals[nd] = (d, q);
                        nd += 1;
                    }
                }
                (ns, nd)
            }
        };
        for &d in &straights[..ns] {
            straight(d);
        }
        for &(dx, dy) in &diagonals[..nd] {
            if let Some((m, moves)) = self.diagonal(at, dx, dy) {
                out.push((m, run_cost(moves, true), moves));
            }
        }
    }
}
