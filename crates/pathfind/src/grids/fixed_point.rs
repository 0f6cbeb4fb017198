//! Fixed-point costs of the grid best-first searches, their distance estimates (chosen once
//! per search: [`with_estimate!`]), and the exact float cost of a path from its moves.

use core::f64::consts::SQRT_2;

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

/// The exact cost of a path of `straight` straight and `diagonal` diagonal moves (or, on a
/// [`CostGrid`](crate::CostGrid), of those weights summed): `straight + √2 × diagonal`.
/// Summing integers first makes equal costs equal floats, whatever the order of the moves.
#[inline]
pub(crate) fn exact_cost(straight: u64, diagonal: u64) -> FloatCost {
    float(straight as f64 + diagonal as f64 * SQRT_2)
}

/// Runs `$body` with `$h` bound to the fixed-point estimate of `$heuristic` from the
/// coordinate differences (`Fn(u64, u64) -> u64`): one closure type per heuristic, so that
/// the estimate is chosen once per search and inlined in its loop.
macro_rules! with_estimate {
    ($heuristic:expr, |$h:ident| $body:expr) => {{
        use $crate::grids::fixed_point::fixed_estimate;
        use $crate::grids::heuristic::Heuristic;
        match $heuristic {
            Heuristic::Zero => {
                let $h = |_: u64, _: u64| 0u64;
                $body
            }
            Heuristic::Manhattan => {
                let $h = |dx: u64, dy: u64| fixed_estimate(Heuristic::Manhattan, dx, dy);
                $body
            }
            Heuristic::Euclidean => {
                let $h = |dx: u64, dy: u64| fixed_estimate(Heuristic::Euclidean, dx, dy);
                $body
            }
            Heuristic::Octile => {
                let $h = |dx: u64, dy: u64| fixed_estimate(Heuristic::Octile, dx, dy);
                $body
            }
            Heuristic::Chebyshev => {
                let $h = |dx: u64, dy: u64| fixed_estimate(Heuristic::Chebyshev, dx, dy);
                $body
            }
        }
    }};
}

pub(crate) use with_estimate;

/// The estimate `estimate` (from the coordinate differences) from a padded cell index to
/// the padded cell `goal` of a grid whose padded rows are `stride` cells long.
#[inline(always)]
pub(crate) fn toward<E: Fn(u64, u64) -> u64>(
    estimate: E,
    stride: u32,
    goal: u32,
) -> impl Fn(&u32) -> u64 {
    let (gx, gy) = (goal % stride, goal / stride);
    move |&i: &u32| {
        let (x, y) = (i % stride, i / stride);
        estimate(u64::from(x.abs_diff(gx)), u64::from(y.abs_diff(gy)))
    }
}
