//! [`Grid`]: a dense grid of passable cells and obstacles (4- or 8-connected, with or
//! without corner cutting) with a movement rule.
//!
//! Cells are numbered row by row in a grid padded with a border of obstacles, so a
//! neighbour is the cell index plus a constant offset and no bounds check is needed. The
//! legal moves of each cell are precomputed as an 8-bit mask. The searches of a grid are
//! in [`GridContext`](crate::GridContext); [`GridProblem`](crate::GridProblem) makes a grid
//! query a [`SearchProblem`](search_core::SearchProblem).

use core::f64::consts::SQRT_2;

use search_core::FloatCost;

use crate::engine::error::PathError;
use crate::grids::cell::Cell;
use crate::grids::fixed_point::float;
use crate::grids::movement::Movement;

/// Largest side: the padded grid must be indexable with `u32`.
const MAX_SIDE: u32 = 65_533;

/// The moves `(dx, dy)` of the directions of a cell's legal-move mask, bit `k` for
/// `DIRS[k]`: 4 straight (E, W, S, N), then 4 diagonal (SE, NE, SW, NW).
pub(crate) const DIRS: [(i32, i32); 8] = [
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
/// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
/// let grid = Grid::from_rows(&[
///     "....",
///     ".@@.",
///     "....",
/// ], Movement::OCTILE).unwrap();
/// let (start, goal) = (Cell::new(0, 1), Cell::new(3, 1));
/// let r = GridContext::new().solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Octile)
///     .unwrap();
/// let path = r.path().unwrap();
/// // No corner cutting: the diagonals beside the obstacles are not allowed.
/// assert_eq!(path.nodes.len(), 6);
/// assert_eq!(path.cost.get(), 5.0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub(crate) width: u32,
    pub(crate) height: u32,
    movement: Movement,
    /// Padded row length (`width + 2`).
    pub(crate) stride: usize,
    /// Passable flag per padded cell (the border is never passable).
    pub(crate) open: Vec<bool>,
    /// Legal-move mask per padded cell (bit `k` = direction `DIRS[k]`).
    moves: Vec<u8>,
    /// Index offset per direction.
    offsets: [isize; 8],
    /// Obstacle bits by padded row, [`row_words`](Self::row_words) words a row: bit `x` of
    /// row `y` is set if padded cell `(x, y)` is not passable (bits past the row's end are
    /// set too). Jump point search scans rows with them a word at a time.
    pub(crate) blocked_rows: Vec<u64>,
    pub(crate) row_words: usize,
    /// The same by padded column: bit `y` of column `x`, [`col_words`](Self::col_words)
    /// words a column.
    pub(crate) blocked_cols: Vec<u64>,
    pub(crate) col_words: usize,
    /// Where a straight scan of jump point search stops, by padded row as
    /// [`blocked_rows`](Self::blocked_rows): the obstacle bits or-ed with the cells that
    /// have a forced neighbour when entered moving towards higher columns (a cell open on a
    /// neighbouring row whose cell before it on that row is an obstacle); `[1]` the same
    /// moving towards lower columns. Derived from the obstacles, kept up to date with them.
    pub(crate) row_stops: [Vec<u64>; 2],
    /// The same by padded column, moving towards higher rows (`[0]`) and lower rows (`[1]`).
    pub(crate) col_stops: [Vec<u64>; 2],
}

impl Grid {
    /// A `width` × `height` grid with every cell passable.
    ///
    /// # Errors
    /// [`PathError::GridSize`] if a side is 0 or above 65,533.
    ///
    /// ```
    /// use pathfind::{Grid, Movement};
    /// let g = Grid::new(4, 3, Movement::Four).unwrap();
    /// assert_eq!((g.width(), g.height()), (4, 3));
    /// assert!(Grid::new(0, 3, Movement::Four).is_err());
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
        let row_words = stride.div_ceil(64);
        let col_words = (height as usize + 2).div_ceil(64);
        let mut grid = Grid {
            width,
            height,
            movement,
            stride,
            open,
            moves: vec![0; cells],
            offsets,
            blocked_rows: vec![0; row_words * (height as usize + 2)],
            row_words,
            blocked_cols: vec![0; col_words * stride],
            col_words,
            row_stops: [Vec::new(), Vec::new()],
            col_stops: [Vec::new(), Vec::new()],
        };
        grid.recompute_all();
        Ok(grid)
    }

    /// A grid from text rows, one character per cell: `.`, `G`, `S` are passable; `@`, `O`,
    /// `T`, `W` (the MovingAI obstacles) and `#` are not.
    ///
    /// # Errors
    /// [`PathError::MapChar`] naming the row (as line) and column, [`PathError::MapLine`] for
    /// rows of unequal length, [`PathError::GridSize`] for an unsupported size.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, Movement};
    /// let g = Grid::from_rows(&[".#", ".."], Movement::Four).unwrap();
    /// assert!(!g.is_passable(Cell::new(1, 0)));
    /// assert!(Grid::from_rows(&[".x"], Movement::Four).is_err());
    /// ```
    pub fn from_rows<S: AsRef<str>>(rows: &[S], movement: Movement) -> Result<Self, PathError> {
        let height = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let width_u32 = u32::try_from(width).unwrap_or(u32::MAX);
        let mut grid = Grid::new(width_u32, height, movement)?;
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != width {
                return Err(PathError::MapLine {
                    line: y + 1,
                    message: format!("row has {} cells, expected {width}", row.chars().count()),
                });
            }
            for (x, ch) in row.chars().enumerate() {
                let passable = cell_char(ch).ok_or(PathError::MapChar {
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

    /// A `width` × `height` grid whose cell `(x, y)` is passable if `passable[y * width +
    /// x]` is (cells beyond the slice are not): every derived array computed once, where
    /// setting the cells one by one would recompute the lines around each.
    pub(crate) fn from_passable(
        width: u32,
        height: u32,
        movement: Movement,
        passable: &[bool],
    ) -> Result<Self, PathError> {
        let mut grid = Grid::new(width, height, movement)?;
        for y in 0..height {
            for x in 0..width {
                let i = grid.pad(x, y);
                grid.open[i] = passable
                    .get(y as usize * width as usize + x as usize)
                    .copied()
                    .unwrap_or(false);
            }
        }
        grid.recompute_all();
        Ok(grid)
    }

    /// Number of columns.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::new(7, 2, pathfind::Movement::Four).unwrap().width(), 7);
    /// ```
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    ///
    /// ```
    /// assert_eq!(pathfind::Grid::new(7, 2, pathfind::Movement::Four).unwrap().height(), 2);
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
    /// let mut g = Grid::new(2, 2, Movement::Four).unwrap();
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
    /// let g = Grid::new(2, 2, Movement::Four).unwrap();
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
    /// let g = Grid::new(2, 2, Movement::Four).unwrap();
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
    /// let mut g = Grid::new(3, 1, Movement::Four).unwrap();
    /// g.set_passable(Cell::new(1, 0), false).unwrap();
    /// assert!(!g.is_passable(Cell::new(1, 0)));
    /// assert!(g.set_passable(Cell::new(3, 0), false).is_err());
    /// ```
    pub fn set_passable(&mut self, cell: Cell, passable: bool) -> Result<(), PathError> {
        self.check_inside(cell)?;
        let i = self.pad(cell.x, cell.y);
        if self.open[i] == passable {
            // Nothing derived from the cell changes.
            return Ok(());
        }
        self.open[i] = passable;
        self.set_blocked_bits(i);
        // The stop bits of a line depend on the line and its two neighbours.
        let (x, y) = (i % self.stride, i / self.stride);
        for l in y - 1..=y + 1 {
            self.set_row_stops(l);
        }
        for l in x - 1..=x + 1 {
            self.set_col_stops(l);
        }
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
    /// let g = pathfind::Grid::from_rows(&[".@."], pathfind::Movement::Four).unwrap();
    /// assert_eq!(g.passable_count(), 2);
    /// ```
    #[must_use]
    pub fn passable_count(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    #[inline]
    pub(crate) fn pad(&self, x: u32, y: u32) -> usize {
        (y as usize + 1) * self.stride + x as usize + 1
    }

    #[inline]
    pub(crate) fn unpad(&self, i: u32) -> Cell {
        let i = i as usize;
        Cell::new((i % self.stride) as u32 - 1, (i / self.stride) as u32 - 1)
    }

    /// `Ok` if `cell` is inside the grid, else [`PathError::OutOfGrid`].
    pub(crate) fn check_inside(&self, cell: Cell) -> Result<(), PathError> {
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
    pub(crate) fn endpoint(&self, cell: Cell) -> Result<u32, PathError> {
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
        self.blocked_rows.fill(u64::MAX);
        self.blocked_cols.fill(u64::MAX);
        for i in 0..self.open.len() {
            self.set_blocked_bits(i);
        }
        self.row_stops = [self.blocked_rows.clone(), self.blocked_rows.clone()];
        self.col_stops = [self.blocked_cols.clone(), self.blocked_cols.clone()];
        for y in 0..self.height as usize + 2 {
            self.set_row_stops(y);
        }
        for x in 0..self.stride {
            self.set_col_stops(x);
        }
    }

    /// Recomputes the stop bits of padded row `y` ([`row_stops`](Self::row_stops)).
    fn set_row_stops(&mut self, y: usize) {
        let lines = self.height as usize + 2;
        stop_bits(
            &self.blocked_rows,
            self.row_words,
            lines,
            y,
            &mut self.row_stops,
        );
    }

    /// Recomputes the stop bits of padded column `x` ([`col_stops`](Self::col_stops)).
    fn set_col_stops(&mut self, x: usize) {
        stop_bits(
            &self.blocked_cols,
            self.col_words,
            self.stride,
            x,
            &mut self.col_stops,
        );
    }

    /// Copies the passable flag of padded cell `i` into the obstacle bits.
    fn set_blocked_bits(&mut self, i: usize) {
        let (x, y) = (i % self.stride, i / self.stride);
        let blocked = u64::from(!self.open[i]);
        let row = &mut self.blocked_rows[y * self.row_words + x / 64];
        *row = (*row & !(1 << (x % 64))) | (blocked << (x % 64));
        let col = &mut self.blocked_cols[x * self.col_words + y / 64];
        *col = (*col & !(1 << (y % 64))) | (blocked << (y % 64));
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
    pub(crate) fn push_successors<C: Copy>(&self, i: u32, costs: &[C; 8], out: &mut Vec<(u32, C)>) {
        let mut mask = self.moves[i as usize];
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out.push(((i as isize + self.offsets[k]) as u32, costs[k]));
        }
    }

    /// Appends the successors of padded cell `i` with the cost of each move: `costs` of
    /// its direction times the weight of the cell entered.
    #[inline(always)]
    pub(crate) fn push_weighted_successors(
        &self,
        i: u32,
        costs: &[u64; 8],
        weights: &[u16],
        out: &mut Vec<(u32, u64)>,
    ) {
        let mut mask = self.moves[i as usize];
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let j = (i as isize + self.offsets[k]) as u32;
            out.push((j, costs[k] * u64::from(weights[j as usize])));
        }
    }

    /// The legal-move mask of padded cell `i` (bit `k`: direction `k` of
    /// [`Grid::offset`]).
    #[inline(always)]
    pub(crate) fn move_mask(&self, i: usize) -> u8 {
        self.moves[i]
    }

    /// The padded index offset of direction `k` (0..4 straight: E, W, S, N; 4..8
    /// diagonal: SE, NE, SW, NW).
    #[inline(always)]
    pub(crate) fn offset(&self, k: usize) -> isize {
        self.offsets[k]
    }
}

/// Writes the stop bits of line `l` (of `lines` lines of `words` words of obstacle bits in
/// `blocked`) into `stops[0]` (scans towards higher positions) and `stops[1]` (towards
/// lower ones): the line's obstacles, and each cell open on a neighbouring line whose cell
/// before it on that line (in the direction of the scan) is an obstacle. The first and last
/// lines are the border, all obstacles.
fn stop_bits(blocked: &[u64], words: usize, lines: usize, l: usize, stops: &mut [Vec<u64>; 2]) {
    let line = |l: usize| &blocked[l * words..(l + 1) * words];
    if l == 0 || l + 1 == lines {
        for s in stops.iter_mut() {
            s[l * words..(l + 1) * words].copy_from_slice(line(l));
        }
        return;
    }
    let (own, a, b) = (line(l), line(l - 1), line(l + 1));
    for k in 0..words {
        let forced = |r: &[u64], up: bool| {
            let w = r[k];
            let before = if up {
                (w << 1) | r.get(k.wrapping_sub(1)).map_or(0, |p| p >> 63)
            } else {
                (w >> 1) | r.get(k + 1).map_or(0, |n| n << 63)
            };
            !w & before
        };
        stops[0][l * words + k] = own[k] | forced(a, true) | forced(b, true);
        stops[1][l * words + k] = own[k] | forced(a, false) | forced(b, false);
    }
}

fn cell_char(ch: char) -> Option<bool> {
    match ch {
        '.' | 'G' | 'S' => Some(true),
        '@' | 'O' | 'T' | 'W' | '#' => Some(false),
        _ => None,
    }
}

#[inline(always)]
fn step_cost(k: usize) -> FloatCost {
    float(if k < 4 { 1.0 } else { SQRT_2 })
}
