//! Fixed-point costs of the grid best-first searches, and the float helper of grid costs.

use search_core::{Cost, FloatCost};

use crate::grids::heuristic::Heuristic;

/// A float known not to be NaN (a constant or a finite computation) as a [`FloatCost`].
#[inline(always)]
pub(crate) fn float(value: f64) -> FloatCost {
    FloatCost::new(value).unwrap_or(FloatCost::ZERO)
}

/// Grid best-first searches count costs in fixed point, in units of 2^-32: a straight move
/// is 2^32 units, a diagonal one √2 · 2^32 rounded. Integer costs make equal path costs
/// exactly equal, so ties between equal `f` values are broken by `g` as intended (float sums
/// of 1 and √2 differ in their last bits depending on the order of the moves, which scatters
/// ties and costs many extra expansions) and keep heap comparisons cheap. Two different
/// combinations of `a` straight and `b` diagonal moves are ordered exactly as their real
/// costs while `b` < 50,000; the reported cost is recomputed exactly from the path.
pub(crate) const UNIT: u64 = 1 << 32;
pub(crate) const FIXED_COSTS: [u64; 8] = [
    UNIT, UNIT, UNIT, UNIT, DIAGONAL, DIAGONAL, DIAGONAL, DIAGONAL,
];
/// round(√2 · 2^32).
pub(crate) const DIAGONAL: u64 = 6_074_001_000;

/// A real cost limit in fixed-point units (saturating), rounded up so that a path of
/// exactly that cost is kept: [`DIAGONAL`] is √2 · 2^32 rounded up by 0.048 units, so a
/// path's fixed-point cost exceeds its real cost by at most 0.034 units per unit of cost;
/// the limit gets 0.05 units per unit of cost, plus one for the float rounding.
pub(crate) fn to_fixed(cost: f64) -> u64 {
    let units = cost * UNIT as f64 + cost * 0.05 + 1.0;
    if units >= u64::MAX as f64 {
        u64::MAX
    } else if units > 0.0 {
        units as u64
    } else {
        0
    }
}

#[inline(always)]
pub(crate) fn fixed_estimate(h: Heuristic, dx: u64, dy: u64) -> u64 {
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
