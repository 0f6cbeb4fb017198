//! [`PathError`]: the one error type of the crate, for searches, grids and MovingAI files.

use search_core::{BudgetError, CostError};
use thiserror::Error;

use crate::grids::movement::Movement;

/// Why a search, a grid or a map file could not be used. A search that simply finds no
/// path is not an error: it returns [`PathOutcome::NoPath`](crate::PathOutcome::NoPath); a search
/// stopped by its budget returns [`PathOutcome::LimitReached`](crate::PathOutcome::LimitReached).
///
/// Every error about a line of a MovingAI file names it (1-based). New variants may be
/// added, so a `match` needs a wildcard arm.
///
/// ```
/// use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement, PathError};
/// let grid = Grid::new(3, 3, Movement::Four).unwrap();
/// let err = GridContext::new()
///     .solve(&grid, [Cell::new(5, 0)], Cell::new(0, 0), Algorithm::AStar, Heuristic::Manhattan)
///     .unwrap_err();
/// assert_eq!(err, PathError::OutOfGrid { x: 5, y: 0, width: 3, height: 3 });
///
/// let map = "type octile\nheight 1\nwidth 2\nmap\n.X\n";
/// let err = pathfind::movingai::read_map(map.as_bytes(), 2).unwrap_err();
/// assert_eq!(err.to_string(), "line 5: unknown map character 'X' at column 2");
/// ```
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum PathError {
    /// A step cost or heuristic value is unusable: NaN, negative, or the path cost overflowed
    /// the cost type. Check the successor function and the heuristic.
    #[error("invalid cost: {0}")]
    Cost(#[from] CostError),
    /// The budget cannot bound a path search: a zero limit, a time limit too large for the
    /// clock, or a field path searches refuse ([`BudgetError::Unsupported`] for
    /// `iterations`: bound a path search with `nodes`, states expanded, instead).
    #[error("budget: {0}")]
    Budget(#[from] BudgetError),
    /// The weight of weighted A* is NaN, infinite or below 1.
    #[error("the weight {0} of weighted A* must be a finite number >= 1")]
    InvalidWeight(f64),
    /// `with_threads(0)`: a batch of queries needs at least one thread.
    #[error("threads must be at least 1 (with_threads(1) runs the queries one by one)")]
    ZeroThreads,
    /// A worker thread of a batch panicked (in a successor function, heuristic or goal test
    /// of yours); no partial answer is returned.
    #[error("a worker thread panicked: {message}")]
    WorkerPanicked {
        /// The panic message.
        message: String,
    },
    /// A start or goal cell lies outside the grid.
    #[error("cell ({x}, {y}) is outside the {width}x{height} grid")]
    OutOfGrid {
        /// Column of the cell.
        x: u32,
        /// Row of the cell.
        y: u32,
        /// Width of the grid.
        width: u32,
        /// Height of the grid.
        height: u32,
    },
    /// A start or goal cell is an obstacle.
    #[error("cell ({x}, {y}) is an obstacle")]
    Blocked {
        /// Column of the cell.
        x: u32,
        /// Row of the cell.
        y: u32,
    },
    /// A grid too large to index its cells with `u32`, or with a zero side.
    #[error("a {width}x{height} grid is not supported (each side 1..=65533 cells)")]
    GridSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// More distinct states than a search can number (`u32::MAX - 1`).
    #[error("the search met more than {0} distinct states")]
    TooManyStates(u32),
    /// A line of a map or scenario file (or a row given to
    /// [`Grid::from_rows`](crate::Grid::from_rows)) does not have the expected form.
    #[error("line {line}: {message}")]
    MapLine {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A map character that is neither passable nor an obstacle.
    #[error("line {line}: unknown map character {ch:?} at column {column}")]
    MapChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The file ends before the expected line.
    #[error("line {line}: unexpected end of file ({expected})")]
    MapTruncated {
        /// The 1-based number of the missing line.
        line: usize,
        /// What was expected there.
        expected: String,
    },
    /// The map header declares more cells than the limit given to
    /// [`read_map`](crate::movingai::read_map): refused before anything is allocated.
    ///
    /// ```
    /// use pathfind::PathError;
    /// use pathfind::movingai::read_map;
    /// let err = read_map("type octile\nheight 20\nwidth 10\nmap\n".as_bytes(), 100);
    /// assert_eq!(
    ///     err.unwrap_err(),
    ///     PathError::MapTooManyCells { width: 10, height: 20, max_cells: 100 }
    /// );
    /// ```
    #[error(
        "the header declares a {width}x{height} map ({} cells), more than the limit of \
         {max_cells} cells",
        u64::from(*width) * u64::from(*height)
    )]
    MapTooManyCells {
        /// Declared width.
        width: u32,
        /// Declared height.
        height: u32,
        /// The limit.
        max_cells: u64,
    },
    /// A map or scenario file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path given.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// The grid's movement rule is not the one the algorithm is made for: jump point
    /// search (and its precomputed form) needs [`Movement::OCTILE`], 8-connected moves
    /// without corner cutting.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement, PathError};
    /// let grid = Grid::new(4, 4, Movement::Four).unwrap();
    /// let err = GridContext::new().jps(&grid, [Cell::new(0, 0)], Cell::new(3, 3)).unwrap_err();
    /// assert!(matches!(err, PathError::UnsupportedMovement { movement: Movement::Four, .. }));
    /// ```
    #[error("{algorithm} needs 8-connected moves without corner cutting, not {movement:?}")]
    UnsupportedMovement {
        /// The algorithm.
        algorithm: &'static str,
        /// The grid's movement rule.
        movement: Movement,
    },
    /// A cell weight of a [`CostGrid`](crate::CostGrid) of 0: entering a cell costs at
    /// least 1 (make the cell an obstacle instead).
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, PathError};
    /// let mut grid = CostGrid::new(Grid::new(2, 2, Movement::OCTILE).unwrap());
    /// assert_eq!(grid.set_weight(Cell::new(1, 1), 0), Err(PathError::ZeroWeight { x: 1, y: 1 }));
    /// ```
    #[error("cell ({x}, {y}): a cell weight must be at least 1")]
    ZeroWeight {
        /// Column of the cell.
        x: u32,
        /// Row of the cell.
        y: u32,
    },
    /// [`count_paths`](crate::count_paths) met a cycle among the states reachable from
    /// the start without passing through a goal: the number of paths is infinite.
    ///
    /// ```
    /// use pathfind::{count_paths, PathError};
    /// use search_core::Budget;
    /// let r = count_paths(0u8, |&n| [n ^ 1], |_| false, &Budget::new());
    /// assert_eq!(r.unwrap_err(), PathError::Cycle);
    /// ```
    #[error("a cycle is reachable from the start: the paths cannot be counted")]
    Cycle,
    /// [`count_paths`](crate::count_paths) found more paths than a `u64` holds.
    ///
    /// ```
    /// use pathfind::{count_paths, PathError};
    /// use search_core::Budget;
    /// // 2 ways through each of 64 diamonds: 2^64 paths.
    /// let diamonds = |&n: &u32| match n % 3 {
    ///     _ if n >= 192 => vec![],
    ///     0 => vec![n + 1, n + 2],
    ///     _ => vec![n + 3 - n % 3],
    /// };
    /// let r = count_paths(0u32, diamonds, |&n| n == 192, &Budget::new());
    /// assert_eq!(r.unwrap_err(), PathError::CountOverflow);
    /// ```
    #[error("more paths than a u64 holds")]
    CountOverflow,
}
