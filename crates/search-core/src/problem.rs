//! Single-agent search: the [`SearchProblem`] trait path finders solve, and the [`Cost`]
//! types they add up.

use core::cmp::Ordering;
use core::fmt::{self, Debug};
use core::hash::Hash;

use crate::error::CostError;

/// A path cost: totally ordered, with a zero and an overflow-checked addition.
///
/// Implemented for the unsigned and signed integer types and for [`FloatCost`], a float that
/// can never be NaN. Shortest-path searches reject negative step costs with an error.
///
/// ```
/// use search_core::Cost;
/// assert_eq!(u32::ZERO, 0);
/// assert_eq!(u8::MAX.checked_add_cost(1), None);
/// assert!((-3i32).is_negative());
/// assert_eq!(7u64.as_f64(), 7.0);
/// ```
pub trait Cost: Copy + Ord + Debug + Send + Sync + 'static {
    /// The cost of the empty path.
    const ZERO: Self;
    /// `self + other`, or `None` on overflow.
    fn checked_add_cost(self, other: Self) -> Option<Self>;
    /// `true` below zero.
    fn is_negative(self) -> bool;
    /// The cost as a float, for reports and relative comparisons.
    fn as_f64(self) -> f64;
}

macro_rules! int_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            #[inline]
            fn checked_add_cost(self, other: Self) -> Option<Self> {
                self.checked_add(other)
            }
            #[inline]
            #[allow(unused_comparisons)]
            fn is_negative(self) -> bool {
                self < 0
            }
            #[inline]
            fn as_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
int_cost!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// An `f64` cost that is never NaN, so it has a total order (`Ord`) and can sit in a
/// priority queue. Build one with [`FloatCost::new`], which rejects NaN with an error;
/// infinities are allowed as values but an addition that overflows to infinity is reported
/// as overflow.
///
/// ```
/// use search_core::{Cost, FloatCost};
/// let diag = FloatCost::new(std::f64::consts::SQRT_2).unwrap();
/// let one = FloatCost::new(1.0).unwrap();
/// assert!(one < diag);
/// assert_eq!(one.checked_add_cost(diag).unwrap().get(), 1.0 + std::f64::consts::SQRT_2);
/// assert!(FloatCost::new(f64::NAN).is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Default)]
pub struct FloatCost(f64);

impl FloatCost {
    /// Wraps `value`.
    ///
    /// # Errors
    /// [`CostError::NaN`] if `value` is NaN.
    ///
    /// ```
    /// assert!(search_core::FloatCost::new(2.5).is_ok());
    /// ```
    pub fn new(value: f64) -> Result<Self, CostError> {
        if value.is_nan() {
            Err(CostError::NaN)
        } else {
            // Fold -0.0 into 0.0 so that equal costs are bitwise equal.
            Ok(FloatCost(value + 0.0))
        }
    }

    /// The wrapped value.
    ///
    /// ```
    /// assert_eq!(search_core::FloatCost::new(2.5).unwrap().get(), 2.5);
    /// ```
    #[inline]
    #[must_use]
    pub fn get(self) -> f64 {
        self.0
    }
}

impl Eq for FloatCost {}

impl PartialOrd for FloatCost {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for FloatCost {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Never NaN, so the partial order is total.
        self.0.partial_cmp(&other.0).unwrap_or(Ordering::Equal)
    }
}

impl Debug for FloatCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for FloatCost {
    /// ```
    /// assert_eq!(search_core::FloatCost::new(1.5).unwrap().to_string(), "1.5");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl TryFrom<f64> for FloatCost {
    type Error = CostError;
    /// ```
    /// use search_core::FloatCost;
    /// assert!(FloatCost::try_from(f64::NAN).is_err());
    /// ```
    fn try_from(value: f64) -> Result<Self, CostError> {
        FloatCost::new(value)
    }
}

impl Cost for FloatCost {
    const ZERO: Self = FloatCost(0.0);
    #[inline]
    fn checked_add_cost(self, other: Self) -> Option<Self> {
        let sum = self.0 + other.0;
        if sum.is_finite() || !(self.0.is_finite() && other.0.is_finite()) {
            if sum.is_nan() {
                None
            } else {
                Some(FloatCost(sum))
            }
        } else {
            None
        }
    }
    #[inline]
    fn is_negative(self) -> bool {
        self.0 < 0.0
    }
    #[inline]
    fn as_f64(self) -> f64 {
        self.0
    }
}

/// A single-agent search problem, in the spirit of simpleai's `SearchProblem`: a start
/// state, successors with step costs, a goal test, and an optional heuristic.
///
/// Path finders in the `pathfind` crate solve any implementation (BFS, Dijkstra, A*, IDA*...).
/// For A* to return optimal paths the heuristic must be *admissible* (never above the true
/// remaining cost); the `pathfind` crate's testing helpers check that on your problem.
///
/// ```
/// use search_core::SearchProblem;
///
/// /// Reach `target` from 1 by "+1" (cost 1) or "*2" (cost 1).
/// struct Doubling { target: u32 }
///
/// impl SearchProblem for Doubling {
///     type State = u32;
///     type Cost = u32;
///     fn start(&self) -> u32 { 1 }
///     fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32)>) {
///         if n < self.target {
///             out.push((n + 1, 1));
///             out.push((n * 2, 1));
///         }
///     }
///     fn is_goal(&self, &n: &u32) -> bool { n == self.target }
/// }
///
/// let p = Doubling { target: 10 };
/// let mut out = Vec::new();
/// p.successors(&p.start(), &mut out);
/// assert_eq!(out, [(2, 1), (2, 1)]);
/// assert_eq!(p.heuristic(&5), 0); // default heuristic: zero (always admissible)
/// ```
pub trait SearchProblem {
    /// A state of the problem (a grid cell, a puzzle configuration...).
    type State: Clone + Eq + Hash + Debug;
    /// The cost type of a step and of a path.
    type Cost: Cost;

    /// The state the search starts from.
    fn start(&self) -> Self::State;

    /// Appends every successor of `state` with the cost of the step to it to `out` (the
    /// caller clears the buffer first, so it can be reused without allocating).
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::State, Self::Cost)>);

    /// `true` if `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// An estimate of the cost from `state` to the nearest goal. Default: zero, which is
    /// admissible and turns A* into Dijkstra.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_cost_overflow_is_detected() {
        let big = FloatCost::new(f64::MAX).unwrap();
        assert_eq!(big.checked_add_cost(big), None);
        let inf = FloatCost::new(f64::INFINITY).unwrap();
        let neg_inf = FloatCost::new(f64::NEG_INFINITY).unwrap();
        assert_eq!(inf.checked_add_cost(neg_inf), None);
        assert_eq!(inf.checked_add_cost(FloatCost::ZERO), Some(inf));
    }

    #[test]
    fn float_cost_negative_zero_equals_zero() {
        let nz = FloatCost::new(-0.0).unwrap();
        assert_eq!(nz, FloatCost::ZERO);
        assert_eq!(nz.get().to_bits(), 0.0f64.to_bits());
        assert!(!nz.is_negative());
    }
}
