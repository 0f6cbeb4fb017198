//! Helpers for testing heuristics (feature `testing`): [`check_admissible`] and
//! [`check_consistent`] on any [`SearchProblem`], and proptest strategies for random grids
//! ([`grid`], [`grid_query`]), so that a custom heuristic can be property-tested in a few
//! lines.
//!
//! A heuristic is *admissible* if it never exceeds the exact cost from a state to the
//! nearest goal; A* then returns optimal paths. It is *consistent* if
//! `h(n) ≤ c(n, n') + h(n')` for every step `n → n'` (with `h = 0` at goals this implies
//! admissibility); A* then never reopens a state.
//!
//! The classic mistake, caught here: Manhattan distance on an 8-connected grid. One diagonal
//! step costs √2 ≈ 1.41 but Manhattan distance counts it as 2.
//!
//! ```
//! use pathfind::testing::{check_admissible, HeuristicViolation};
//! use pathfind::{Cell, Grid, Heuristic, Movement};
//!
//! let grid = Grid::new(3, 3, Movement::OCTILE).unwrap();
//! let goal = Cell::new(2, 2);
//! let octile = grid.problem(Cell::new(0, 0), goal, Heuristic::Octile);
//! assert!(check_admissible(&octile, 100, 1e-9).is_ok());
//!
//! let manhattan = grid.problem(Cell::new(0, 0), goal, Heuristic::Manhattan);
//! match check_admissible(&manhattan, 100, 1e-9) {
//!     Err(HeuristicViolation::Inadmissible { state, heuristic, exact }) => {
//!         assert!(heuristic.get() > exact.get());
//!         println!("h{state:?} = {heuristic} > {exact}");
//!     }
//!     other => panic!("Manhattan distance passed on an 8-connected grid: {other:?}"),
//! }
//! ```
//!
//! Property-testing a heuristic over random grids:
//!
//! ```
//! use pathfind::testing::{check_admissible, check_consistent, grid_query};
//! use pathfind::{Heuristic, Movement};
//! use proptest::test_runner::TestRunner;
//!
//! let mut runner = TestRunner::default();
//! runner
//!     .run(&grid_query(8, 8, Movement::OCTILE, 0.3), |(grid, start, goal)| {
//!         let p = grid.problem(start, goal, Heuristic::Octile);
//!         assert!(check_admissible(&p, 100, 1e-9).is_ok());
//!         assert!(check_consistent(&p, 100, 1e-9).is_ok());
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use proptest::prelude::*;
use search_core::{Budget, Cost, SearchProblem};

use crate::engine::error::PathError;
use crate::graph::context::SearchContext;
use crate::graph::reach::bfs_reach;
use crate::grids::cell::Cell;
use crate::grids::grid::Grid;
use crate::grids::movement::Movement;

/// Why a heuristic check failed.
///
/// ```
/// use pathfind::testing::HeuristicViolation;
/// let v: HeuristicViolation<u8, u32> = HeuristicViolation::Inadmissible { state: 1, heuristic: 5, exact: 3 };
/// assert!(v.to_string().contains("above the exact cost"));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum HeuristicViolation<S: core::fmt::Debug, C: core::fmt::Debug> {
    /// `h(state)` is above the exact cost from `state` to the nearest goal.
    #[error("h({state:?}) = {heuristic:?} is above the exact cost {exact:?} to a goal")]
    Inadmissible {
        /// The state.
        state: S,
        /// Its heuristic value.
        heuristic: C,
        /// The exact cost from it to the nearest goal (Dijkstra).
        exact: C,
    },
    /// `h(from) > step + h(to)` for a step `from → to`.
    #[error("h({from:?}) = {h_from:?} > {step:?} + h({to:?}) = {step:?} + {h_to:?}")]
    Inconsistent {
        /// Where the step starts.
        from: S,
        /// Where it ends.
        to: S,
        /// Its cost.
        step: C,
        /// `h(from)`.
        h_from: C,
        /// `h(to)`.
        h_to: C,
    },
    /// A search needed by the check failed (a negative or overflowing cost...).
    #[error("search failed during the check: {0}")]
    Search(PathError),
}

/// `a ≤ b`, allowing `a` to exceed `b` by a relative `tolerance` (for float rounding; pass
/// 0.0 for integer costs).
fn at_most<C: Cost>(a: C, b: C, tolerance: f64) -> bool {
    a <= b || a.as_f64() - b.as_f64() <= tolerance * b.as_f64().abs().max(1.0)
}

/// The states reachable from the start, breadth first, at most `max_states` of them.
fn reachable<P: SearchProblem + ?Sized>(
    problem: &P,
    max_states: usize,
) -> Result<Vec<P::State>, PathError> {
    let mut pairs = Vec::new();
    let successors = |s: &P::State| {
        pairs.clear();
        problem.successors(s, &mut pairs);
        pairs.drain(..).map(|(t, _)| t).collect::<Vec<_>>()
    };
    Ok(bfs_reach([problem.start()], successors, &Budget::new())?
        .take(max_states)
        .collect())
}

/// Checks that the problem's heuristic never exceeds the exact cost to the nearest goal, on
/// up to `max_states` states reachable from the start (breadth first). The exact costs come
/// from a Dijkstra search from each state; states that cannot reach a goal are skipped.
/// Returns the number of states checked.
///
/// `tolerance` is a relative slack for float rounding (1e-9 suits [`FloatCost`](crate::FloatCost)
/// sums of 1 and √2); use 0.0 for integer costs.
///
/// # Errors
/// The first violation found, or [`HeuristicViolation::Search`] if a search fails.
///
/// ```
/// use pathfind::testing::check_admissible;
/// use pathfind::{Cell, Grid, Heuristic, Movement};
/// let grid = Grid::new(4, 4, Movement::Four).unwrap();
/// let p = grid.problem(Cell::new(0, 0), Cell::new(3, 3), Heuristic::Manhattan);
/// assert_eq!(check_admissible(&p, 1000, 0.0), Ok(16));
/// ```
pub fn check_admissible<P: SearchProblem + ?Sized>(
    problem: &P,
    max_states: usize,
    tolerance: f64,
) -> Result<usize, HeuristicViolation<P::State, P::Cost>> {
    let states = reachable(problem, max_states).map_err(HeuristicViolation::Search)?;
    let mut ctx: SearchContext<P::State, P::Cost> = SearchContext::new();
    let mut buf = Vec::new();
    for s in &states {
        let r = ctx
            .dijkstra(
                [s.clone()],
                |n| {
                    buf.clear();
                    problem.successors(n, &mut buf);
                    buf.clone()
                },
                |n| problem.is_goal(n),
            )
            .map_err(HeuristicViolation::Search)?;
        if let Some(exact) = r.cost() {
            let h = problem.heuristic(s);
            if !at_most(h, exact, tolerance) {
                return Err(HeuristicViolation::Inadmissible {
                    state: s.clone(),
                    heuristic: h,
                    exact,
                });
            }
        }
    }
    Ok(states.len())
}

/// Checks `h(n) ≤ c(n, n') + h(n')` for every step from up to `max_states` states reachable
/// from the start (breadth first). Returns the number of states checked.
///
/// `tolerance` is a relative slack for float rounding; use 0.0 for integer costs.
///
/// # Errors
/// The first violation found, or [`HeuristicViolation::Search`] if a cost overflows.
///
/// ```
/// use pathfind::testing::check_consistent;
/// use pathfind::{Cell, Grid, Heuristic, Movement};
/// let grid = Grid::new(4, 4, Movement::OCTILE).unwrap();
/// let p = grid.problem(Cell::new(0, 0), Cell::new(3, 1), Heuristic::Euclidean);
/// assert_eq!(check_consistent(&p, 1000, 1e-9), Ok(16));
/// let p = grid.problem(Cell::new(0, 0), Cell::new(3, 1), Heuristic::Manhattan);
/// assert!(check_consistent(&p, 1000, 1e-9).is_err());
/// ```
pub fn check_consistent<P: SearchProblem + ?Sized>(
    problem: &P,
    max_states: usize,
    tolerance: f64,
) -> Result<usize, HeuristicViolation<P::State, P::Cost>> {
    let states = reachable(problem, max_states).map_err(HeuristicViolation::Search)?;
    let mut buf = Vec::new();
    for s in &states {
        let h_from = problem.heuristic(s);
        buf.clear();
        problem.successors(s, &mut buf);
        for (t, step) in &buf {
            let h_to = problem.heuristic(t);
            let bound = step
                .checked_add_cost(h_to)
                .ok_or(HeuristicViolation::Search(PathError::Cost(
                    search_core::CostError::Overflow,
                )))?;
            if !at_most(h_from, bound, tolerance) {
                return Err(HeuristicViolation::Inconsistent {
                    from: s.clone(),
                    to: t.clone(),
                    step: *step,
                    h_from,
                    h_to,
                });
            }
        }
    }
    Ok(states.len())
}

/// Random grids of 1..=`max_width` × 1..=`max_height` cells (sides capped at 1,000), each
/// cell an obstacle with probability `obstacle_density` (clamped to 0..=1).
///
/// ```
/// use pathfind::testing::grid;
/// use pathfind::Movement;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let g = grid(5, 4, Movement::Four, 0.2).new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(g.width() <= 5 && g.height() <= 4);
/// ```
pub fn grid(
    max_width: u32,
    max_height: u32,
    movement: Movement,
    obstacle_density: f64,
) -> impl Strategy<Value = Grid> {
    let (mw, mh) = (max_width.clamp(1, 1000), max_height.clamp(1, 1000));
    let density = if obstacle_density.is_nan() {
        0.0
    } else {
        obstacle_density.clamp(0.0, 1.0)
    };
    (1..=mw, 1..=mh)
        .prop_flat_map(move |(w, h)| {
            (
                Just(w),
                Just(h),
                proptest::collection::vec(proptest::bool::weighted(density), (w * h) as usize),
            )
        })
        .prop_filter_map("grid size", move |(w, h, blocked)| {
            let passable: Vec<bool> = blocked.iter().map(|&b| !b).collect();
            Grid::from_passable(w, h, movement, &passable).ok()
        })
}

/// Random queries: a grid as from [`grid`] and a start and goal cell, both made passable.
///
/// ```
/// use pathfind::testing::grid_query;
/// use pathfind::Movement;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let (g, s, t) = grid_query(6, 6, Movement::OCTILE, 0.3)
///     .new_tree(&mut TestRunner::default()).unwrap().current();
/// assert!(g.is_passable(s) && g.is_passable(t));
/// ```
pub fn grid_query(
    max_width: u32,
    max_height: u32,
    movement: Movement,
    obstacle_density: f64,
) -> impl Strategy<Value = (Grid, Cell, Cell)> {
    grid(max_width, max_height, movement, obstacle_density)
        .prop_flat_map(|g| {
            let (w, h) = (g.width(), g.height());
            (Just(g), 0..w, 0..h, 0..w, 0..h)
        })
        .prop_filter_map("endpoints", |(mut g, sx, sy, gx, gy)| {
            let (s, t) = (Cell::new(sx, sy), Cell::new(gx, gy));
            g.set_passable(s, true).ok()?;
            g.set_passable(t, true).ok()?;
            Some((g, s, t))
        })
}
