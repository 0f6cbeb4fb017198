//! The best-first loop shared by jump point search ([`GridContext::jps`]) and its
//! precomputed form ([`GridContext::jps_plus`]): A* over jump points, where an expansion
//! produces a few far successors (a straight or diagonal run of moves each) instead of the
//! adjacent cells. The two differ only in how they find the successors ([`Jumps`]).

use crate::engine::{DenseSlots, Nodes, Run};
use crate::error::PathError;
use crate::fixed_point::{DIAGONAL, UNIT, fixed_estimate};
use crate::grid::Grid;
use crate::grid_context::GridContext;
use crate::heuristic::Heuristic;
use crate::movement::Movement;
use crate::open_list::{Entry, OpenList};
use crate::result::{Path, SearchResult};

/// How a jump point search finds the successors of a jump point.
pub(crate) trait Jumps {
    /// Appends the jump points reachable from padded cell `at`, reached from `parent`
    /// (`NONE` for a start: every direction), as `(cell, fixed-point cost, moves)`.
    fn successors(&self, at: u32, parent: u32, out: &mut Vec<(u32, u64, u32)>);
}

/// The fixed-point cost of `moves` straight or diagonal moves.
#[inline(always)]
pub(crate) fn run_cost(moves: u32, diagonal: bool) -> u64 {
    u64::from(moves) * if diagonal { DIAGONAL } else { UNIT }
}

/// Checks that `grid` has the movement rule jump point search is made for.
pub(crate) fn require_octile(grid: &Grid, algorithm: &'static str) -> Result<(), PathError> {
    if grid.movement() == Movement::OCTILE {
        Ok(())
    } else {
        Err(PathError::UnsupportedMovement {
            algorithm,
            movement: grid.movement(),
        })
    }
}

/// The direction of the move from padded cell `from` towards `to` (each coordinate -1, 0
/// or 1) as a padded index offset.
#[inline(always)]
pub(crate) fn direction(stride: u32, from: u32, to: u32) -> (isize, isize) {
    let (fx, fy) = (from % stride, from / stride);
    let (tx, ty) = (to % stride, to / stride);
    let dx = (tx > fx) as isize - (tx < fx) as isize;
    let dy = (ty > fy) as isize - (ty < fy) as isize;
    (dx, dy * stride as isize)
}

impl GridContext {
    /// Runs A* over jump points from the nearest of `starts` to `goal` with `jumps`: the
    /// common part of [`jps`](Self::jps) and [`jps_plus`](Self::jps_plus).
    pub(crate) fn jump_search<J: Jumps>(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = crate::cell::Cell>,
        goal: crate::cell::Cell,
        jumps: impl FnOnce(u32) -> J,
    ) -> Result<SearchResult<crate::cell::Cell, search_core::FloatCost>, PathError> {
        let started = std::time::Instant::now();
        let (run, goal_index) = self.prepare_fixed(grid, starts, goal)?;
        let jumper = jumps(goal_index);
        let e = &mut self.fixed;
        let roots = core::mem::take(&mut e.roots);
        let result = search(
            &jumper,
            &mut e.nodes,
            &mut e.open,
            &mut self.jumps,
            grid.stride as u32,
            &roots,
            goal_index,
            run,
        );
        self.fixed.roots = roots;
        let mut r = crate::grid_context::exact_cells(grid, result?);
        r.stats.elapsed = started.elapsed();
        Ok(r)
    }
}

/// A* over jump points with the octile heuristic, in fixed-point costs. `stats.nodes`
/// counts the jump points expanded, `stats.leaves` the jump points generated; the path is
/// returned cell by cell.
#[allow(clippy::too_many_arguments)]
fn search<J: Jumps>(
    jumper: &J,
    nodes: &mut Nodes<u32, u64, DenseSlots>,
    open: &mut OpenList<u64>,
    buf: &mut Vec<(u32, u64, u32)>,
    stride: u32,
    roots: &[u32],
    goal: u32,
    mut run: Run<u64>,
) -> Result<SearchResult<u32, u64>, PathError> {
    let (gx, gy) = (goal % stride, goal / stride);
    let h = |i: u32| {
        let (x, y) = (i % stride, i / stride);
        fixed_estimate(
            Heuristic::Octile,
            u64::from(x.abs_diff(gx)),
            u64::from(y.abs_diff(gy)),
        )
    };
    nodes.begin();
    open.clear();
    for &s in roots {
        let (slot, fresh) = nodes.visit(&s)?;
        if fresh {
            open.push(
                Entry {
                    key: h(s),
                    depth: 0,
                    slot,
                },
                None,
            );
        }
    }
    run.frontier(open.len());
    while let Some(e) = open.pop() {
        let d = nodes.data[e.slot as usize];
        if d.closed {
            continue;
        }
        if e.slot == goal {
            let jump_points = nodes.path_to(goal);
            let path = Path {
                nodes: fill_in(stride, &jump_points.nodes, d.depth),
                cost: d.g,
            };
            return Ok(run.finish_found(path));
        }
        if run.out_of_budget() {
            open.push(e, None);
            return Ok(run.finish_budget());
        }
        nodes.data[e.slot as usize].closed = true;
        run.stats.expanded += 1;
        buf.clear();
        jumper.successors(e.slot, d.parent, buf);
        run.stats.generated += buf.len() as u64;
        for &(m, cost, moves) in buf.iter() {
            let depth = d.depth.saturating_add(moves);
            if run.too_deep(depth) {
                continue;
            }
            let g = d.g.saturating_add(cost);
            if run.too_costly(g) {
                continue;
            }
            let (ms, fresh) = nodes.visit(&m)?;
            if !fresh {
                let md = &mut nodes.data[ms as usize];
                if g >= md.g {
                    continue;
                }
                if md.closed {
                    md.closed = false;
                    run.stats.reopened += 1;
                }
            }
            let md = &mut nodes.data[ms as usize];
            md.g = g;
            md.parent = e.slot;
            md.depth = depth;
            open.push(
                Entry {
                    key: g + h(m),
                    depth,
                    slot: ms,
                },
                Some(e.key),
            );
        }
        run.frontier(open.len());
    }
    Ok(run.finish_exhausted())
}

/// The cells of a path through `jump_points` (consecutive ones joined by a straight or
/// diagonal run), `moves` moves in all.
fn fill_in(stride: u32, jump_points: &[u32], moves: u32) -> Vec<u32> {
    let mut cells = Vec::with_capacity(moves as usize + 1);
    let Some(&first) = jump_points.first() else {
        return cells;
    };
    cells.push(first);
    for w in jump_points.windows(2) {
        let (dx, dy) = direction(stride, w[0], w[1]);
        let step = dx + dy;
        let mut i = w[0];
        while i != w[1] {
            i = i.wrapping_add_signed(step as i32);
            cells.push(i);
        }
    }
    cells
}
