//! [`JpsPlus`]: jump point search with precomputed jump distances (JPS+, after Rabin's
//! "JPS+: Over 100x Faster than A*", GDC 2015), for grids without corner cutting.

use search_core::FloatCost;

use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::slots::NONE;
use crate::grids::cell::Cell;
use crate::grids::grid::{DIRS, Grid};
use crate::grids::search::context::GridContext;
use crate::grids::search::jump_points::{Jumps, require_octile, run_cost};

/// The direction index of a straight move `(dx, dy)`.
#[inline(always)]
fn straight_dir(dx: i32, dy: i32) -> usize {
    match (dx, dy) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        _ => 3,
    }
}

/// The direction index of a diagonal move `(dx, dy)`.
#[inline(always)]
fn diagonal_dir(dx: i32, dy: i32) -> usize {
    match (dx, dy) {
        (1, 1) => 4,
        (1, -1) => 5,
        (-1, 1) => 6,
        _ => 7,
    }
}

/// A [`Grid`] (8-connected, no corner cutting) with the jump distances of every cell in
/// every direction precomputed, for [`GridContext::jps_plus`]: jump point search that
/// reads how far each straight or diagonal run goes instead of scanning it.
///
/// For every passable cell and direction it stores either the number of moves to the
/// next jump point in that direction (ignoring any goal) or, if the run meets an
/// obstacle first, minus the number of moves possible. Building it takes one pass over
/// the grid per direction; it owns its grid, and changing cells through
/// [`update`](Self::update) rebuilds the distances, so they never go stale.
///
/// ```
/// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, JpsPlus, Movement};
/// let grid = Grid::from_rows(&[
///     "..........",
///     "...@@.....",
///     "....@.....",
///     "..........",
/// ], Movement::OCTILE)?;
/// let mut table = JpsPlus::new(grid)?;
/// let mut ctx = GridContext::new();
/// let (s, t) = (Cell::new(0, 2), Cell::new(9, 1));
/// let fast = ctx.jps_plus(&table, [s], t)?;
/// let astar = ctx.solve(table.grid(), [s], t, Algorithm::AStar, Heuristic::Octile)?;
/// assert_eq!(fast.cost(), astar.cost());
/// // A wall appears: the distances are rebuilt.
/// table.update(&[(Cell::new(4, 3), false), (Cell::new(4, 0), false)])?;
/// let after = ctx.jps_plus(&table, [s], t)?;
/// let again = ctx.solve(table.grid(), [s], t, Algorithm::AStar, Heuristic::Octile)?;
/// assert_eq!(after.cost(), again.cost());
/// # Ok::<(), pathfind::PathError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JpsPlus {
    grid: Grid,
    /// Per padded cell and direction: `n > 0` moves to a jump point, `-n <= 0` moves
    /// before an obstacle.
    dist: Vec<[i32; 8]>,
}

impl JpsPlus {
    /// Precomputes the jump distances of `grid`.
    ///
    /// # Errors
    /// [`PathError::UnsupportedMovement`] unless the grid is
    /// [`Movement::OCTILE`](crate::Movement::OCTILE).
    ///
    /// ```
    /// use pathfind::{Grid, JpsPlus, Movement};
    /// assert!(JpsPlus::new(Grid::new(8, 8, Movement::OCTILE).unwrap()).is_ok());
    /// assert!(JpsPlus::new(Grid::new(8, 8, Movement::Four).unwrap()).is_err());
    /// ```
    pub fn new(grid: Grid) -> Result<Self, PathError> {
        require_octile(&grid, "JPS+")?;
        let mut table = JpsPlus {
            dist: vec![[0; 8]; grid.open.len()],
            grid,
        };
        table.rebuild();
        Ok(table)
    }

    /// The grid searched.
    ///
    /// ```
    /// use pathfind::{Grid, JpsPlus, Movement};
    /// let t = JpsPlus::new(Grid::new(8, 3, Movement::OCTILE).unwrap()).unwrap();
    /// assert_eq!(t.grid().height(), 3);
    /// ```
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid, giving up the distances.
    ///
    /// ```
    /// use pathfind::{Grid, JpsPlus, Movement};
    /// let g = Grid::new(8, 3, Movement::OCTILE).unwrap();
    /// assert_eq!(JpsPlus::new(g.clone()).unwrap().into_grid(), g);
    /// ```
    #[must_use]
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// Makes cells passable (`true`) or obstacles (`false`), then rebuilds the distances
    /// (one pass over the grid per direction, however many cells change). Either every
    /// change is applied or, on an error, none.
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`].
    ///
    /// ```
    /// use pathfind::{Cell, Grid, JpsPlus, Movement};
    /// let mut t = JpsPlus::new(Grid::new(4, 4, Movement::OCTILE).unwrap()).unwrap();
    /// t.update(&[(Cell::new(1, 1), false)]).unwrap();
    /// assert!(!t.grid().is_passable(Cell::new(1, 1)));
    /// assert!(t.update(&[(Cell::new(2, 2), false), (Cell::new(9, 9), false)]).is_err());
    /// assert!(t.grid().is_passable(Cell::new(2, 2)));
    /// ```
    pub fn update(&mut self, changes: &[(Cell, bool)]) -> Result<(), PathError> {
        for &(c, _) in changes {
            self.grid.check_inside(c)?;
        }
        for &(c, passable) in changes {
            self.grid.set_passable(c, passable)?;
        }
        self.rebuild();
        Ok(())
    }

    /// Recomputes every distance from the grid.
    fn rebuild(&mut self) {
        let stride = self.grid.stride;
        let (w, h) = (self.grid.width as usize, self.grid.height as usize);
        let open = &self.grid.open;
        let dist = &mut self.dist;
        let at = |x: usize, y: usize| (y + 1) * stride + x + 1;
        let off = |(dx, dy): (i32, i32)| dx as isize + dy as isize * stride as isize;
        let idx = |i: usize, o: isize| i.wrapping_add_signed(o);
        // Straight runs first: a diagonal run stops where a straight one finds a jump point.
        for k in 0..8 {
            let (dx, dy) = DIRS[k];
            let d = off((dx, dy));
            // Visit each cell after the one it moves to.
            let xs: Vec<usize> = if dx > 0 {
                (0..w).rev().collect()
            } else {
                (0..w).collect()
            };
            let ys: Vec<usize> = if dy > 0 {
                (0..h).rev().collect()
            } else {
                (0..h).collect()
            };
            for &y in &ys {
                for &x in &xs {
                    let i = at(x, y);
                    if !open[i] {
                        dist[i][k] = 0;
                        continue;
                    }
                    let next = idx(i, d);
                    let (legal, jump) = if k < 4 {
                        let p = off((dy, dx));
                        let forced = (open[idx(next, p)] && !open[idx(next, p - d)])
                            || (open[idx(next, -p)] && !open[idx(next, -p - d)]);
                        (open[next], forced)
                    } else {
                        let (ox, oy) = (off((dx, 0)), off((0, dy)));
                        let legal = open[idx(i, ox)] && open[idx(i, oy)] && open[next];
                        let (sx, sy) = (straight_dir(dx, 0), straight_dir(0, dy));
                        (legal, dist[next][sx] > 0 || dist[next][sy] > 0)
                    };
                    dist[i][k] = if !legal {
                        0
                    } else if jump {
                        1
                    } else {
                        let n = dist[next][k];
                        if n > 0 { n + 1 } else { n - 1 }
                    };
                }
            }
        }
    }
}

impl GridContext {
    /// Jump point search on the precomputed distances of `table` from the nearest of
    /// `starts` to `goal`: the same optimal costs as [`jps`](Self::jps) and A* with
    /// [`Heuristic::Octile`](crate::Heuristic), without
    /// scanning the grid. Budget, cost bound and statistics as in [`jps`](Self::jps).
    ///
    /// # Errors
    /// A bad start or goal, an unusable budget.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, JpsPlus, Movement};
    /// let table = JpsPlus::new(Grid::new(50, 50, Movement::OCTILE).unwrap()).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.jps_plus(&table, [Cell::new(0, 0)], Cell::new(49, 10)).unwrap();
    /// assert!((r.cost().unwrap().get() - (39.0 + 10.0 * 2f64.sqrt())).abs() < 1e-9);
    /// assert_eq!(r.path().unwrap().steps(), 49);
    /// ```
    pub fn jps_plus(
        &mut self,
        table: &JpsPlus,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let grid = &table.grid;
        self.jump_search(grid, starts, goal, |goal| Table {
            table,
            stride: grid.stride as u32,
            goal,
            gx: (goal % grid.stride as u32) as i32,
            gy: (goal / grid.stride as u32) as i32,
        })
    }
}

/// Finds jump points by reading the distances.
struct Table<'t> {
    table: &'t JpsPlus,
    stride: u32,
    goal: u32,
    gx: i32,
    gy: i32,
}

impl Table<'_> {
    #[inline(always)]
    fn open(&self, i: u32, (dx, dy): (i32, i32)) -> bool {
        let o = dx + dy * self.stride as i32;
        self.table.grid.open[i.wrapping_add_signed(o) as usize]
    }

    #[inline(always)]
    fn target(&self, x: i32, y: i32) -> u32 {
        (y * self.stride as i32 + x) as u32
    }

    /// The straight run from `at` (column `x`, row `y`) along `(dx, dy)`.
    #[inline]
    fn straight(
        &self,
        at: u32,
        x: i32,
        y: i32,
        (dx, dy): (i32, i32),
        out: &mut Vec<(u32, u64, u32)>,
    ) {
        let n = self.table.dist[at as usize][straight_dir(dx, dy)];
        let reach = n.abs();
        // The goal ahead, within reach?
        let to_goal = if dx != 0 {
            (y == self.gy && (self.gx - x) * dx > 0).then(|| (self.gx - x) * dx)
        } else {
            (x == self.gx && (self.gy - y) * dy > 0).then(|| (self.gy - y) * dy)
        };
        if let Some(m) = to_goal.filter(|&m| m <= reach) {
            out.push((self.goal, run_cost(m as u32, false), m as u32));
        } else if n > 0 {
            let moves = n as u32;
            out.push((
                self.target(x + dx * n, y + dy * n),
                run_cost(moves, false),
                moves,
            ));
        }
    }

    /// The diagonal run from `at` along `(dx, dy)`.
    #[inline]
    fn diagonal(
        &self,
        at: u32,
        x: i32,
        y: i32,
        (dx, dy): (i32, i32),
        out: &mut Vec<(u32, u64, u32)>,
    ) {
        let n = self.table.dist[at as usize][diagonal_dir(dx, dy)];
        let reach = n.abs();
        let (ax, ay) = ((self.gx - x) * dx, (self.gy - y) * dy);
        // The goal's row or column crossed within reach: stop there, a straight run may
        // reach the goal.
        if ax > 0 && ay > 0 && ax.min(ay) <= reach {
            let m = ax.min(ay);
            out.push((
                self.target(x + dx * m, y + dy * m),
                run_cost(m as u32, true),
                m as u32,
            ));
        } else if n > 0 {
            out.push((
                self.target(x + dx * n, y + dy * n),
                run_cost(n as u32, true),
                n as u32,
            ));
        }
    }
}

impl Jumps for Table<'_> {
    fn successors(&self, at: u32, parent: u32, out: &mut Vec<(u32, u64, u32)>) {
        let s = self.stride;
        let (x, y) = ((at % s) as i32, (at / s) as i32);
        if parent == NONE {
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                self.straight(at, x, y, d, out);
            }
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                self.diagonal(at, x, y, d, out);
            }
            return;
        }
        let (px, py) = ((parent % s) as i32, (parent / s) as i32);
        let (dx, dy) = ((x - px).signum(), (y - py).signum());
        if dx != 0 && dy != 0 {
            self.straight(at, x, y, (dx, 0), out);
            self.straight(at, x, y, (0, dy), out);
            self.diagonal(at, x, y, (dx, dy), out);
        } else {
            self.straight(at, x, y, (dx, dy), out);
            // The perpendicular directions whose cells are forced neighbours.
            for (qx, qy) in [(dy, dx), (-dy, -dx)] {
                if self.open(at, (qx, qy)) && !self.open(at, (qx - dx, qy - dy)) {
                    self.straight(at, x, y, (qx, qy), out);
                    self.diagonal(at, x, y, (dx + qx, dy + qy), out);
                }
            }
        }
    }
}
