//! Typed errors: [`PathError`] for searches, [`MapError`] for MovingAI files.

use search_core::CostError;
use thiserror::Error;

/// Why a search could not run to the end. A search that simply finds no path is not an
/// error: it returns [`Outcome::NoPath`](crate::Outcome::NoPath).
///
/// ```
/// use pathfind::{Cell, Grid, Heuristic, Movement, PathError};
/// let grid = Grid::new(3, 3, Movement::FOUR).unwrap();
/// let err = grid.astar(Cell::new(5, 0), Cell::new(0, 0), Heuristic::Manhattan).unwrap_err();
/// assert_eq!(err, PathError::OutOfGrid { x: 5, y: 0, width: 3, height: 3 });
/// ```
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PathError {
    /// A step cost or heuristic value is unusable: NaN, negative, or the path cost overflowed
    /// the cost type.
    #[error("invalid cost: {0}")]
    Cost(#[from] CostError),
    /// The weight of weighted A* is NaN, infinite or below 1.
    #[error("the weight {0} of weighted A* must be a finite number >= 1")]
    InvalidWeight(f64),
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
}

/// A malformed MovingAI `.map` or `.scen` file. Every error about a line names it
/// (1-based); new variants may be added, so a `match` needs a wildcard arm.
///
/// ```
/// use pathfind::movingai::parse_map;
/// let err = parse_map("type octile\nheight 1\nwidth 2\nmap\n.X\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 5: unknown map character 'X' at column 2");
/// ```
#[derive(Debug, Clone, PartialEq, Error)]
#[non_exhaustive]
pub enum MapError {
    /// A line does not have the expected form.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A map character that is neither passable nor an obstacle.
    #[error("line {line}: unknown map character {ch:?} at column {column}")]
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The file ends before the expected line.
    #[error("line {line}: unexpected end of file ({expected})")]
    Truncated {
        /// The 1-based number of the missing line.
        line: usize,
        /// What was expected there.
        expected: String,
    },
    /// The header declares more cells than the limit of
    /// [`MapLimits`](crate::movingai::MapLimits): refused before anything is allocated.
    ///
    /// ```
    /// use pathfind::MapError;
    /// use pathfind::movingai::{MapLimits, parse_map_with_limits};
    /// let limits = MapLimits::new().with_max_cells(100);
    /// let err = parse_map_with_limits("type octile\nheight 20\nwidth 10\nmap\n", &limits);
    /// assert_eq!(
    ///     err.unwrap_err(),
    ///     MapError::TooManyCells { width: 10, height: 20, max_cells: 100 }
    /// );
    /// ```
    #[error(
        "the header declares a {width}x{height} map ({} cells), more than the limit of \
         {max_cells} cells",
        u64::from(*width) * u64::from(*height)
    )]
    TooManyCells {
        /// Declared width.
        width: u32,
        /// Declared height.
        height: u32,
        /// The limit: [`MapLimits::max_cells`](crate::movingai::MapLimits::max_cells).
        max_cells: u64,
    },
    /// The map's size cannot become a grid.
    #[error("grid: {0}")]
    Grid(#[from] PathError),
    /// The file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path given.
        path: String,
        /// The operating system's message.
        message: String,
    },
}
