//! Dense grids: [`Grid`] (4- or 8-connected, with or without corner cutting, per-cell
//! obstacles), [`GridContext`] (reusable flat per-cell arrays: repeated queries allocate
//! nothing but the returned path), the [`Heuristic`]s of grids, and [`GridProblem`] to run
//! any algorithm of the crate on a grid through the [`SearchProblem`] trait.
//!
//! Cells are numbered row by row in a grid padded with a border of obstacles, so a
//! neighbour is the cell index plus a constant offset and no bounds check is needed. The
//! legal moves of each cell are precomputed as an 8-bit mask.

use core::f64::consts::SQRT_2;
use core::fmt;

use search_core::{Cost, FloatCost, SearchProblem};

use crate::best_first::{AStarKey, GreedyKey, Priority, WeightedKey};
use crate::engine::{DenseSlots, Engine};
use crate::error::{MapError, PathError};
use crate::result::{Limits, Outcome, Path, SearchResult};

/// A grid cell: column `x` and row `y`, from (0, 0) at the top left.
///
/// ```
/// let c = pathfind::Cell::new(2, 5);
/// assert_eq!((c.x, c.y), (2, 5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    ///
    /// ```
    /// assert_eq!(pathfind::Cell::new(1, 2), pathfind::Cell { x: 1, y: 2 });
    /// ```
    #[must_use]
    pub const fn new(x: u32, y: u32) -> Self {
        Cell { x, y }
    }
}

/// How a unit moves on a [`Grid`].
///
/// ```
/// use pathfind::Movement;
/// assert_eq!(Movement::OCTILE, Movement::Eight { corner_cutting: false });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// Up, down, left, right, each at cost 1.
    Four,
    /// The four straight moves at cost 1 and the four diagonal ones at cost √2. Without
    /// corner cutting a diagonal move needs both cells it passes beside to be free (the
    /// MovingAI benchmark rule); with it, only the target cell.
    Eight {
        /// Whether a diagonal move may pass beside an obstacle.
        corner_cutting: bool,
    },
}

impl Movement {
    /// 4-connected.
    pub const FOUR: Movement = Movement::Four;
    /// 8-connected without corner cutting (MovingAI rules).
    pub const OCTILE: Movement = Movement::Eight {
        corner_cutting: false,
    };
}

/// A distance estimate to the goal on a grid. Which ones are admissible (never above the
/// true cost) depends on the movement:
///
/// | heuristic | formula (`dx`, `dy` ≥ 0) | 4-connected | 8-connected |
/// |---|---|---|---|
/// | `Zero` | 0 (Dijkstra) | admissible | admissible |
/// | `Manhattan` | `dx + dy` | admissible, exact on open ground | **overestimates** |
/// | `Euclidean` | `√(dx² + dy²)` | admissible | admissible |
/// | `Octile` | `max + (√2 − 1)·min` | admissible | admissible, exact on open ground |
/// | `Chebyshev` | `max(dx, dy)` | admissible | admissible |
///
/// ```
/// use pathfind::{Cell, Heuristic};
/// let (a, b) = (Cell::new(0, 0), Cell::new(3, 4));
/// assert_eq!(Heuristic::Manhattan.estimate(a, b), 7.0);
/// assert_eq!(Heuristic::Euclidean.estimate(a, b), 5.0);
/// assert_eq!(Heuristic::Chebyshev.estimate(a, b), 4.0);
/// assert!((Heuristic::Octile.estimate(a, b) - (4.0 + 3.0 * (2f64.sqrt() - 1.0))).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Always 0.
    Zero,
    /// Sum of the coordinate differences.
    Manhattan,
    /// Straight-line distance.
    Euclidean,
    /// Straight and diagonal moves at cost √2: the exact distance on an empty 8-connected grid.
    Octile,
    /// Largest coordinate difference.
    Chebyshev,
}

impl Heuristic {
    /// The estimate from `from` to `to`.
    ///
    /// ```
    /// use pathfind::{Cell, Heuristic};
    /// assert_eq!(Heuristic::Zero.estimate(Cell::new(0, 0), Cell::new(9, 9)), 0.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn estimate(self, from: Cell, to: Cell) -> f64 {
        estimate(self, from.x.abs_diff(to.x), from.y.abs_diff(to.y))
    }
}

#[inline(always)]
fn estimate(h: Heuristic, dx: u32, dy: u32) -> f64 {
    let (dx, dy) = (f64::from(dx), f64::from(dy));
    match h {
        Heuristic::Zero => 0.0,
        Heuristic::Manhattan => dx + dy,
        Heuristic::Euclidean => (dx * dx + dy * dy).sqrt(),
        Heuristic::Octile => {
            let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
            hi + (SQRT_2 - 1.0) * lo
        }
        Heuristic::Chebyshev => dx.max(dy),
    }
}

/// Largest side: the padded grid must be indexable with `u32`.
const MAX_SIDE: u32 = 65_533;

/// Moves: 4 straight (E, W, S, N), then 4 diagonal (SE, NE, SW, NW).
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A rectangular grid of passable cells and obstacles with a movement rule.
///
/// ```
/// use pathfind::{Cell, Grid, Heuristic, Movement};
/// let grid = Grid::from_rows(&[
///     "....",
///     ".@@.",
///     "....",
/// ], Movement::OCTILE).unwrap();
/// let r = grid.astar(Cell::new(0, 1), Cell::new(3, 1), Heuristic::Octile).unwrap();
/// let path = r.path().unwrap();
/// // No corner cutting: the diagonals beside the obstacles are not allowed.
/// assert_eq!(path.nodes.len(), 6);
/// assert_eq!(path.cost.get(), 5.0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: u32,
    height: u32,
    movement: Movement,
    /// Padded row length (`width + 2`).
    stride: usize,
    /// Passable flag per padded cell (the border is never passable).
    open: Vec<bool>,
    /// Legal-move mask per padded cell (bit `k` = direction `DIRS[k]`).
    moves: Vec<u8>,
    /// Index offset per direction.
    offsets: [isize; 8],
    /// Step cost per direction.
    costs: [FloatCost; 8],
}

impl Grid {
    /// A `width` × `height` grid with every cell passable.
    ///
    /// # Errors
    /// [`PathError::GridSize`] if a side is 0 or above 65,533.
    ///
    /// ```
    /// use pathfind::{Grid, Movement};
    /// let g = Grid::new(4, 3, Movement::FOUR).unwrap();
    /// assert_eq!((g.width(), g.height()), (4, 3));
    /// assert!(Grid::new(0, 3, Movement::FOUR).is_err());
    /// ```
    pub fn new(width: u32, height: u32, movement: Movement) -> Result<Self, PathError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(PathError::GridSize { width, height });
        }
        let stride = width as usize + 2;
        let cells = stride * (height as usize + 2);
        let mut open = vec![false; cells];
        for y in 1..=height as usize {
            open[y * stride + 1..y * stride + 1 + width as usize].fill(true);
        }
        let mut offsets = [0isize; 8];
        for (o, &(dx, dy)) in offsets.iter_mut().zip(DIRS.iter()) {
            *o = dx as isize + dy as isize * stride as isize;
        }
        let costs = core::array::from_fn(step_cost);
        let mut grid = Grid {
            width,
            height,
            movement,
            stride,
            open,
            moves: vec![0; cells],
            offsets,
            costs,
        };
        grid.recompute_all();
        Ok(grid)
    }

    /// A grid from text rows, one character per cell: `.`, `G`, `S` are passable; `@`, `O`,
    /// `T`, `W` (the MovingAI obstacles) and `#` are not.
    ///
    /// # Errors
    /// [`MapError::BadChar`] naming the row (as line) and column, [`MapError::Line`] for rows
    /// of unequal length, [`MapError::Grid`] for an unsupported size.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::from_rows(&[".#", ".."], Movement::FOUR).unwrap();
    /// assert!(!g.is_passable(Cell::new(1, 0)));
    /// assert!(Grid::from_rows(&[".x"], Movement::FOUR).is_err());
    /// ```
    pub fn from_rows<S: AsRef<str>>(rows: &[S], movement: Movement) -> Result<Self, MapError> {
        let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let width_u32 = u32::try_from(width).unwrap_or(u32::MAX);
        let mut grid = Grid::new(width_u32, height, movement)?;
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != width {
                return Err(MapError::Line {
                    line: y + 1,
                    message: format!("row has {} cells, expected {width}", row.chars().count()),
                });
            }
            for (x, ch) in row.chars().enumerate() {
                let passable = cell_char(ch).ok_or(MapError::BadChar {
                    line: y + 1,
                    column: x + 1,
                    ch,
                })?;
                let i = grid.pad(x as u32, y as u32);
                grid.open[i] = passable;
            }
        }
        grid.recompute_all();
        Ok(grid)
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::new(7, 2, pathfind::Movement::FOUR).unwrap().width(), 7);
    /// ```
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::new(7, 2, pathfind::Movement::FOUR).unwrap().height(), 2);
    /// ```
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The movement rule.
    ///
    /// ```
    /// use pathfind::{Grid, Movement};
    /// assert_eq!(Grid::new(2, 2, Movement::OCTILE).unwrap().movement(), Movement::OCTILE);
    /// ```
    #[must_use]
    pub fn movement(&self) -> Movement {
        self.movement
    }

    /// Changes the movement rule.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let mut g = Grid::new(2, 2, Movement::FOUR).unwrap();
    /// assert_eq!(g.neighbors(Cell::new(0, 0)).count(), 2);
    /// g.set_movement(Movement::OCTILE);
    /// assert_eq!(g.neighbors(Cell::new(0, 0)).count(), 3);
    /// ```
    pub fn set_movement(&mut self, movement: Movement) {
        self.movement = movement;
        self.recompute_all();
    }

    /// `true` if `cell` is inside the grid.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::new(2, 2, Movement::FOUR).unwrap();
    /// assert!(g.contains(Cell::new(1, 1)) && !g.contains(Cell::new(2, 0)));
    /// ```
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// `true` if `cell` is inside the grid and not an obstacle.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::new(2, 2, Movement::FOUR).unwrap();
    /// assert!(g.is_passable(Cell::new(0, 0)) && !g.is_passable(Cell::new(5, 5)));
    /// ```
    #[must_use]
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.contains(cell) && self.open[self.pad(cell.x, cell.y)]
    }

    /// Makes `cell` passable or an obstacle.
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] if the cell is outside the grid.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let mut g = Grid::new(3, 1, Movement::FOUR).unwrap();
    /// g.set_passable(Cell::new(1, 0), false).unwrap();
    /// assert!(!g.is_passable(Cell::new(1, 0)));
    /// assert!(g.set_passable(Cell::new(3, 0), false).is_err());
    /// ```
    pub fn set_passable(&mut self, cell: Cell, passable: bool) -> Result<(), PathError> {
        self.check_inside(cell)?;
        let i = self.pad(cell.x, cell.y);
        self.open[i] = passable;
        // The moves of the cell and its 8 neighbours may change.
        for dy in -1isize..=1 {
            for dx in -1isize..=1 {
                let j = (i as isize + dx + dy * self.stride as isize) as usize;
                self.moves[j] = self.compute_moves(j);
            }
        }
        Ok(())
    }

    /// The passable neighbours of `cell` under the movement rule, with the step cost
    /// (1 or √2). Empty for a cell outside the grid or an obstacle.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::from_rows(&["..", ".@"], Movement::OCTILE).unwrap();
    /// let n: Vec<_> = g.neighbors(Cell::new(0, 0)).map(|(c, _)| c).collect();
    /// assert_eq!(n, [Cell::new(1, 0), Cell::new(0, 1)]);
    /// ```
    pub fn neighbors(&self, cell: Cell) -> impl Iterator<Item = (Cell, FloatCost)> + '_ {
        let mut mask = if self.contains(cell) {
            self.moves[self.pad(cell.x, cell.y)]
        } else {
            0
        };
        core::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let (dx, dy) = DIRS[k];
            let to = Cell::new(
                cell.x.wrapping_add_signed(dx),
                cell.y.wrapping_add_signed(dy),
            );
            Some((to, step_cost(k)))
        })
    }

    /// Number of passable cells.
    ///
    /// ```
    /// let g = pathfind::Grid::from_rows(&[".@."], pathfind::Movement::FOUR).unwrap();
    /// assert_eq!(g.passable_count(), 2);
    /// ```
    #[must_use]
    pub fn passable_count(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// A* from `start` to `goal` with a fresh [`GridContext`] (use a context for repeated
    /// queries).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Heuristic, Movement};
    /// let g = Grid::new(5, 5, Movement::FOUR).unwrap();
    /// let r = g.astar(Cell::new(0, 0), Cell::new(4, 4), Heuristic::Manhattan).unwrap();
    /// assert_eq!(r.cost().unwrap().get(), 8.0);
    /// ```
    pub fn astar(
        &self,
        start: Cell,
        goal: Cell,
        heuristic: Heuristic,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        GridContext::new().astar(self, [start], goal, heuristic, &Limits::none())
    }

    /// BFS (fewest moves) from `start` to `goal` with a fresh [`GridContext`].
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::new(5, 5, Movement::OCTILE).unwrap();
    /// assert_eq!(g.bfs(Cell::new(0, 0), Cell::new(4, 4)).unwrap().cost(), Some(4));
    /// ```
    pub fn bfs(&self, start: Cell, goal: Cell) -> Result<SearchResult<Cell, u32>, PathError> {
        GridContext::new().bfs(self, [start], goal, &Limits::none())
    }

    /// The number of moves from the nearest of `starts` to every cell (BFS), with a fresh
    /// [`GridContext`].
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::from_rows(&["...", "@@.", "..."], Movement::FOUR).unwrap();
    /// let d = g.bfs_distances([Cell::new(0, 0)]).unwrap();
    /// assert_eq!(d.get(Cell::new(0, 2)), Some(6));
    /// assert_eq!(d.get(Cell::new(0, 1)), None);
    /// ```
    pub fn bfs_distances(
        &self,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<DistanceMap, PathError> {
        GridContext::new().bfs_distances(self, starts)
    }

    /// This grid as a [`SearchProblem`] from `start` to `goal`, to run any algorithm of the
    /// crate (IDA*, IDDFS, DFS...) on it through [`Solve`](crate::Solve).
    ///
    /// ```
    /// use pathfind::{Algorithm, Cell, Grid, Heuristic, Limits, Movement, Solve};
    /// let g = Grid::new(4, 4, Movement::OCTILE).unwrap();
    /// let p = g.problem(Cell::new(0, 0), Cell::new(3, 2), Heuristic::Octile);
    /// let r = p.solve(Algorithm::IdaStar, &Limits::none()).unwrap();
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

    #[inline]
    fn pad(&self, x: u32, y: u32) -> usize {
        (y as usize + 1) * self.stride + x as usize + 1
    }

    #[inline]
    fn unpad(&self, i: u32) -> Cell {
        let i = i as usize;
        Cell::new((i % self.stride) as u32 - 1, (i / self.stride) as u32 - 1)
    }

    fn check_inside(&self, cell: Cell) -> Result<(), PathError> {
        if self.contains(cell) {
            Ok(())
        } else {
            Err(PathError::OutOfGrid {
                x: cell.x,
                y: cell.y,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The padded index of a start or goal, which must be passable.
    fn endpoint(&self, cell: Cell) -> Result<u32, PathError> {
        self.check_inside(cell)?;
        if !self.is_passable(cell) {
            return Err(PathError::Blocked {
                x: cell.x,
                y: cell.y,
            });
        }
        Ok(self.pad(cell.x, cell.y) as u32)
    }

    fn recompute_all(&mut self) {
        for i in 0..self.moves.len() {
            self.moves[i] = self.compute_moves(i);
        }
    }

    fn compute_moves(&self, i: usize) -> u8 {
        if !self.open[i] {
            return 0;
        }
        let open = |k: usize| self.open[(i as isize + self.offsets[k]) as usize];
        let mut mask = 0u8;
        for k in 0..4 {
            if open(k) {
                mask |= 1 << k;
            }
        }
        if let Movement::Eight { corner_cutting } = self.movement {
            for (k, &(dx, dy)) in DIRS.iter().enumerate().skip(4) {
                // The straight moves along x and along y that this diagonal combines.
                let along_x = if dx > 0 { 0 } else { 1 };
                let along_y = if dy > 0 { 2 } else { 3 };
                if open(k) && (corner_cutting || (open(along_x) && open(along_y))) {
                    mask |= 1 << k;
                }
            }
        }
        mask
    }

    /// Appends the successors of padded cell `i`.
    #[inline(always)]
    fn push_successors<C: Copy>(&self, i: u32, costs: &[C; 8], out: &mut Vec<(u32, C)>) {
        let mut mask = self.moves[i as usize];
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out.push(((i as isize + self.offsets[k]) as u32, costs[k]));
        }
    }
}

fn cell_char(ch: char) -> Option<bool> {
    match ch {
        '.' | 'G' | 'S' => Some(true),
        '@' | 'O' | 'T' | 'W' | '#' => Some(false),
        _ => None,
    }
}

/// A float known not to be NaN (a constant or a finite computation) as a [`FloatCost`].
#[inline(always)]
pub(crate) fn float(value: f64) -> FloatCost {
    FloatCost::new(value).unwrap_or(FloatCost::ZERO)
}

#[inline(always)]
fn step_cost(k: usize) -> FloatCost {
    float(if k < 4 { 1.0 } else { SQRT_2 })
}

/// The number of moves from the nearest start to every cell, as computed by
/// [`GridContext::bfs_distances`]; `None` for obstacles and unreachable cells. Its
/// `Display` prints one bracketed row per line with `inf` for `None`.
///
/// ```
/// use pathfind::{Cell, Grid, Movement};
/// let g = Grid::from_rows(&["..@", "..."], Movement::FOUR).unwrap();
/// let d = g.bfs_distances([Cell::new(0, 0)]).unwrap();
/// assert_eq!(d.to_string(), "[0, 1, inf]\n[1, 2, 3]\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    width: u32,
    height: u32,
    steps: Vec<Option<u32>>,
}

impl DistanceMap {
    /// The distance of `cell`, or `None` if it is unreachable, an obstacle or outside.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let d = Grid::new(3, 1, Movement::FOUR).unwrap().bfs_distances([Cell::new(0, 0)]).unwrap();
    /// assert_eq!(d.get(Cell::new(2, 0)), Some(2));
    /// assert_eq!(d.get(Cell::new(3, 0)), None);
    /// ```
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<u32> {
        if cell.x < self.width && cell.y < self.height {
            self.steps[cell.y as usize * self.width as usize + cell.x as usize]
        } else {
            None
        }
    }

    /// The rows, top first.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let d = Grid::new(2, 2, Movement::FOUR).unwrap().bfs_distances([Cell::new(0, 0)]).unwrap();
    /// let rows: Vec<&[Option<u32>]> = d.rows().collect();
    /// assert_eq!(rows, [[Some(0), Some(1)], [Some(1), Some(2)]]);
    /// ```
    pub fn rows(&self) -> impl Iterator<Item = &[Option<u32>]> + '_ {
        self.steps.chunks(self.width as usize)
    }
}

impl fmt::Display for DistanceMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            f.write_str("[")?;
            for (i, d) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                match d {
                    Some(d) => write!(f, "{d}")?,
                    None => f.write_str("inf")?,
                }
            }
            f.write_str("]\n")?;
        }
        Ok(())
    }
}

/// Reusable flat per-cell arrays for grid searches. The arrays are sized to the largest grid
/// searched and invalidated by a generation counter, so a query costs nothing for the cells
/// it does not touch and allocates nothing but its returned path.
///
/// ```
/// use pathfind::{Cell, Grid, GridContext, Heuristic, Limits, Movement};
/// let grid = Grid::new(64, 64, Movement::OCTILE).unwrap();
/// let mut ctx = GridContext::new();
/// for i in 1..10 {
///     let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(i, 2 * i), Heuristic::Octile,
///                       &Limits::none()).unwrap();
///     let exact = Heuristic::Octile.estimate(Cell::new(0, 0), Cell::new(i, 2 * i));
///     assert!((r.cost().unwrap().get() - exact).abs() < 1e-9);
/// }
/// ```
#[derive(Clone, Debug, Default)]
pub struct GridContext {
    fixed: Engine<u32, u64, DenseSlots>,
    steps: Engine<u32, u32, DenseSlots>,
    /// Whether the last search used `steps` (BFS) rather than `fixed` (best-first).
    last_was_steps: bool,
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

    /// A* from the nearest of `starts` to `goal`: the cheapest path when the heuristic is
    /// admissible for the grid's movement (see [`Heuristic`]).
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] or [`PathError::Blocked`] for a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limits, Movement, Outcome};
    /// let grid = Grid::from_rows(&[".@.", ".@.", ".@."], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.astar(&grid, [Cell::new(0, 0)], Cell::new(2, 0), Heuristic::Octile,
    ///                   &Limits::none()).unwrap();
    /// assert_eq!(r.outcome, Outcome::NoPath);
    /// ```
    pub fn astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        limits: &Limits<FloatCost>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.best_first(AStarKey, grid, starts, goal, heuristic, limits)
    }

    /// Weighted A* (`f = g + weight·h`): at most `weight` times the optimal cost with a
    /// consistent heuristic (every grid [`Heuristic`] that is admissible for the grid's moves
    /// is), usually with far fewer expansions.
    ///
    /// # Errors
    /// [`PathError::InvalidWeight`], or a bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limits, Movement};
    /// let grid = Grid::new(30, 30, Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.weighted_astar(&grid, [Cell::new(0, 0)], Cell::new(29, 10), Heuristic::Octile,
    ///                            1.5, &Limits::none()).unwrap();
    /// let best = Heuristic::Octile.estimate(Cell::new(0, 0), Cell::new(29, 10));
    /// assert!(r.cost().unwrap().get() <= 1.5 * best + 1e-9);
    /// ```
    pub fn weighted_astar(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        weight: f64,
        limits: &Limits<FloatCost>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let key = WeightedKey::new(weight)?;
        self.best_first(key, grid, starts, goal, heuristic, limits)
    }

    /// Greedy best-first search: follows the heuristic alone; a path, not the cheapest.
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limits, Movement};
    /// let grid = Grid::new(30, 30, Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.greedy_best_first(&grid, [Cell::new(0, 0)], Cell::new(29, 29),
    ///                               Heuristic::Manhattan, &Limits::none()).unwrap();
    /// assert_eq!(r.stats.expanded, 58);
    /// ```
    pub fn greedy_best_first(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        limits: &Limits<FloatCost>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.best_first(GreedyKey, grid, starts, goal, heuristic, limits)
    }

    /// Dijkstra's algorithm (A* with [`Heuristic::Zero`]).
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Limits, Movement};
    /// let grid = Grid::new(5, 5, Movement::OCTILE).unwrap();
    /// let r = GridContext::new().dijkstra(&grid, [Cell::new(0, 0)], Cell::new(2, 2),
    ///                                     &Limits::none()).unwrap();
    /// assert!((r.cost().unwrap().get() - 2.0 * 2f64.sqrt()).abs() < 1e-12);
    /// ```
    pub fn dijkstra(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        limits: &Limits<FloatCost>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.best_first(AStarKey, grid, starts, goal, Heuristic::Zero, limits)
    }

    /// BFS: the path with the fewest moves (straight and diagonal moves both count 1); its
    /// cost is the number of moves. On a 4-connected grid this is also the cheapest path.
    ///
    /// # Errors
    /// A bad start or goal.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Limits, Movement};
    /// let grid = Grid::from_rows(&["....", ".@@.", "...."], Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.bfs(&grid, [Cell::new(0, 1)], Cell::new(3, 1), &Limits::none()).unwrap();
    /// assert_eq!(r.cost(), Some(5));
    /// ```
    pub fn bfs(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        limits: &Limits<u32>,
    ) -> Result<SearchResult<Cell, u32>, PathError> {
        let goal = grid.endpoint(goal)?;
        self.prepare_steps(grid, starts)?;
        let e = &mut self.steps;
        let roots = core::mem::take(&mut e.roots);
        let ones = [1u32; 8];
        let result = e.bfs(
            roots.iter().copied(),
            limits,
            |&i, out| grid.push_successors(i, &ones, out),
            |&i| i == goal,
        );
        e.roots = roots;
        Ok(to_cells(grid, result?))
    }

    /// The number of moves from the nearest of `starts` to every cell (a multi-source BFS).
    ///
    /// # Errors
    /// A bad start.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let grid = Grid::new(5, 1, Movement::FOUR).unwrap();
    /// let d = GridContext::new().bfs_distances(&grid, [Cell::new(0, 0), Cell::new(4, 0)]).unwrap();
    /// assert_eq!(d.to_string(), "[0, 1, 2, 1, 0]\n");
    /// ```
    pub fn bfs_distances(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<DistanceMap, PathError> {
        self.prepare_steps(grid, starts)?;
        let e = &mut self.steps;
        let roots = core::mem::take(&mut e.roots);
        let ones = [1u32; 8];
        let result = e.bfs(
            roots.iter().copied(),
            &Limits::none(),
            |&i, out| grid.push_successors(i, &ones, out),
            |_| false,
        );
        e.roots = roots;
        result?;
        let mut steps = Vec::with_capacity(grid.width as usize * grid.height as usize);
        for y in 0..grid.height {
            for x in 0..grid.width {
                steps.push(e.nodes.seen(grid.pad(x, y)).map(|d| d.depth));
            }
        }
        Ok(DistanceMap {
            width: grid.width,
            height: grid.height,
            steps,
        })
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
    /// [`SearchStats::expanded`](crate::SearchStats::expanded). Before any search, or after
    /// [`bfs_distances`](Self::bfs_distances) (which expands every reachable cell), it lists
    /// what that call explored.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Heuristic, Limits, Movement};
    /// let grid = Grid::from_rows(&[
    ///     ".....",
    ///     ".@@@.",
    ///     ".....",
    /// ], Movement::OCTILE).unwrap();
    /// let mut ctx = GridContext::new();
    /// let (start, goal) = (Cell::new(0, 1), Cell::new(4, 1));
    /// let r = ctx.astar(&grid, [start], goal, Heuristic::Octile, &Limits::none()).unwrap();
    /// let expanded: Vec<Cell> = ctx.expanded_cells(&grid).collect();
    /// assert_eq!(expanded.len() as u64, r.stats.expanded);
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
    /// use pathfind::{Cell, Grid, GridContext, Limits, Movement};
    /// let grid = Grid::new(5, 1, Movement::FOUR).unwrap();
    /// let mut ctx = GridContext::new();
    /// let r = ctx.bfs(&grid, [Cell::new(0, 0)], Cell::new(3, 0), &Limits::none()).unwrap();
    /// // BFS tests the goal when it generates it: cells 0, 1 and 2 were expanded.
    /// assert_eq!(r.stats.expanded, 3);
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
        if self.last_was_steps {
            self.steps.nodes.seen(i).is_some_and(|d| d.closed)
        } else {
            self.fixed.nodes.seen(i).is_some_and(|d| d.closed)
        }
    }

    fn prepare_steps(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
    ) -> Result<(), PathError> {
        self.last_was_steps = true;
        let e = &mut self.steps;
        e.nodes.reserve_slots(grid.open.len());
        e.roots.clear();
        for s in starts {
            e.roots.push(grid.endpoint(s)?);
        }
        Ok(())
    }

    fn best_first<P: Priority<u64>>(
        &mut self,
        p: P,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        heuristic: Heuristic,
        limits: &Limits<FloatCost>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let goal_index = grid.endpoint(goal)?;
        self.last_was_steps = false;
        let e = &mut self.fixed;
        e.nodes.reserve_slots(grid.open.len());
        e.roots.clear();
        for s in starts {
            e.roots.push(grid.endpoint(s)?);
        }
        let roots = core::mem::take(&mut e.roots);
        let limits = Limits {
            max_cost: limits.max_cost.map(|c| to_fixed(c.get())),
            max_depth: limits.max_depth,
            max_expansions: limits.max_expansions,
            max_time: limits.max_time,
            stop: limits.stop.clone(),
        };
        let stride = grid.stride as u32;
        let (gx, gy) = (goal_index % stride, goal_index / stride);
        let succ = |&i: &u32, out: &mut Vec<(u32, u64)>| {
            grid.push_successors(i, &FIXED_COSTS, out);
        };
        let is_goal = |&i: &u32| i == goal_index;
        macro_rules! run {
            ($h:expr) => {{
                let h = |&i: &u32| {
                    let (x, y) = (i % stride, i / stride);
                    fixed_estimate($h, u64::from(x.abs_diff(gx)), u64::from(y.abs_diff(gy)))
                };
                e.best_first(p, roots.iter().copied(), &limits, succ, h, is_goal)
            }};
        }
        // One instantiation per heuristic, so the estimate is inlined in the search loop.
        let result = match heuristic {
            Heuristic::Zero => e.best_first(
                p,
                roots.iter().copied(),
                &limits,
                succ,
                |_: &u32| 0,
                is_goal,
            ),
            Heuristic::Manhattan => run!(Heuristic::Manhattan),
            Heuristic::Euclidean => run!(Heuristic::Euclidean),
            Heuristic::Octile => run!(Heuristic::Octile),
            Heuristic::Chebyshev => run!(Heuristic::Chebyshev),
        };
        e.roots = roots;
        let r = to_cells(grid, result?);
        // Report the exact cost of the path: straight moves + √2 × diagonal moves.
        let outcome = match r.outcome {
            Outcome::Found(path) => {
                let (mut straight, mut diagonal) = (0u64, 0u64);
                for w in path.nodes.windows(2) {
                    if w[0].x != w[1].x && w[0].y != w[1].y {
                        diagonal += 1;
                    } else {
                        straight += 1;
                    }
                }
                let cost = float(straight as f64 + diagonal as f64 * SQRT_2);
                Outcome::Found(Path {
                    nodes: path.nodes,
                    cost,
                })
            }
            Outcome::NoPath => Outcome::NoPath,
            Outcome::LimitReached(l) => Outcome::LimitReached(l),
        };
        Ok(SearchResult {
            outcome,
            stats: r.stats,
        })
    }
}

/// Grid best-first searches count costs in fixed point, in units of 2^-32: a straight move
/// is 2^32 units, a diagonal one √2 · 2^32 rounded. Integer costs make equal path costs
/// exactly equal, so ties between equal `f` values are broken by `g` as intended (float sums
/// of 1 and √2 differ in their last bits depending on the order of the moves, which scatters
/// ties and costs many extra expansions) and keep heap comparisons cheap. Two different
/// combinations of `a` straight and `b` diagonal moves are ordered exactly as their real
/// costs while `b` < 50,000; the reported cost is recomputed exactly from the path.
const UNIT: u64 = 1 << 32;
const FIXED_COSTS: [u64; 8] = [
    UNIT, UNIT, UNIT, UNIT, DIAGONAL, DIAGONAL, DIAGONAL, DIAGONAL,
];
/// round(√2 · 2^32).
const DIAGONAL: u64 = 6_074_001_000;

/// A real cost limit in fixed-point units (saturating, rounded up by a relative 1e-12 so that
/// a path of exactly that cost is kept).
fn to_fixed(cost: f64) -> u64 {
    let units = cost * UNIT as f64 * (1.0 + 1e-12);
    if units >= u64::MAX as f64 {
        u64::MAX
    } else if units > 0.0 {
        units as u64
    } else {
        0
    }
}

#[inline(always)]
fn fixed_estimate(h: Heuristic, dx: u64, dy: u64) -> u64 {
    let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
    match h {
        Heuristic::Zero => 0,
        Heuristic::Manhattan => (dx + dy) * UNIT,
        // Rounded down: the real distance never exceeds the octile one.
        Heuristic::Euclidean => (((dx * dx + dy * dy) as f64).sqrt() * UNIT as f64) as u64,
        Heuristic::Octile => (hi - lo) * UNIT + lo * DIAGONAL,
        Heuristic::Chebyshev => hi * UNIT,
    }
}

/// Converts a result over padded indices to one over cells.
fn to_cells<C: Cost>(grid: &Grid, r: SearchResult<u32, C>) -> SearchResult<Cell, C> {
    let outcome = match r.outcome {
        Outcome::Found(p) => Outcome::Found(Path {
            nodes: p.nodes.into_iter().map(|i| grid.unpad(i)).collect(),
            cost: p.cost,
        }),
        Outcome::NoPath => Outcome::NoPath,
        Outcome::LimitReached(l) => Outcome::LimitReached(l),
    };
    SearchResult {
        outcome,
        stats: r.stats,
    }
}

/// A [`Grid`] with a start, a goal and a heuristic, as a [`SearchProblem`]: states are
/// cells, costs [`FloatCost`]. It lets every algorithm of the crate, and the heuristic
/// checks of the `testing` feature, run on grids. Searches through it hash cells; use
/// [`GridContext`] for speed.
///
/// ```
/// use pathfind::{Algorithm, Cell, Grid, Heuristic, Limits, Movement, Solve};
/// let g = Grid::from_rows(&["...", ".@.", "..."], Movement::FOUR).unwrap();
/// let p = g.problem(Cell::new(0, 0), Cell::new(2, 2), Heuristic::Manhattan);
/// for alg in [Algorithm::AStar, Algorithm::IdaStar, Algorithm::Dijkstra] {
///     assert_eq!(p.solve(alg, &Limits::none()).unwrap().cost().unwrap().get(), 4.0);
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
