//! [`Cell`]: a cell of a [`Grid`](crate::Grid).

use core::fmt;

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

impl fmt::Display for Cell {
    /// `(x, y)`.
    ///
    /// ```
    /// assert_eq!(pathfind::Cell::new(2, 5).to_string(), "(2, 5)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
