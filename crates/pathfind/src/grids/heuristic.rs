//! [`Heuristic`]: the distance estimates of grids.

use core::f64::consts::SQRT_2;

use crate::grids::cell::Cell;

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
#[non_exhaustive]
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
