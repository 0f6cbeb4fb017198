//! [`DistanceMap`]: the number of moves from the nearest start to every cell of a grid.

use core::fmt;

use crate::grids::cell::Cell;

/// The number of moves from the nearest start to every cell, as computed by
/// [`GridContext::bfs_distances`](crate::GridContext::bfs_distances); `None` for obstacles
/// and unreachable cells. Its `Display` prints one bracketed row per line with `inf` for
/// `None`.
///
/// ```
/// use pathfind::{Cell, Grid, GridContext, Movement};
/// let g = Grid::from_rows(&["..@", "..."], Movement::Four).unwrap();
/// let d = GridContext::new().bfs_distances(&g, [Cell::new(0, 0)]).unwrap();
/// assert_eq!(d.to_string(), "[0, 1, inf]\n[1, 2, 3]\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) steps: Vec<Option<u32>>,
}

impl DistanceMap {
    /// The distance of `cell`, or `None` if it is unreachable, an obstacle or outside.
    ///
    /// ```
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let g = Grid::new(3, 1, Movement::Four).unwrap();
    /// let d = GridContext::new().bfs_distances(&g, [Cell::new(0, 0)]).unwrap();
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
    /// use pathfind::{Cell, Grid, GridContext, Movement};
    /// let g = Grid::new(2, 2, Movement::Four).unwrap();
    /// let d = GridContext::new().bfs_distances(&g, [Cell::new(0, 0)]).unwrap();
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
