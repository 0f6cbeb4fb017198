//! The best-first loop shared by jump point search ([`GridContext::jps`]) and its
//! precomputed form ([`GridContext::jps_plus`]): A* over jump points, where an expansion
//! produces a few far successors (a straight or diagonal run of moves each) instead of the
//! adjacent cells. The two differ only in how they find the successors ([`Jumps`]).

use core::f64::consts::SQRT_2;

use search_core::FloatCost;

use crate::cell::Cell;
use crate::engine::{DenseSlots, NONE, Nodes, Run};
use crate::error::PathError;
use crate::fixed_point::{DIAGONAL, UNIT, fixed_estimate, float};
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

impl GridContext {
    /// Runs A* over jump points from the nearest of `starts` to `goal` with `jumps`: the
    /// common part of [`jps`](Self::jps) and [`jps_plus`](Self::jps_plus).
    pub(crate) fn jump_search<J: Jumps>(
        &mut self,
        grid: &Grid,
        starts: impl IntoIterator<Item = Cell>,
        goal: Cell,
        jumps: impl FnOnce(u32) -> J,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
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
        let mut r = result?;
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
) -> Result<SearchResult<Cell, FloatCost>, PathError> {
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
    open.clear_binary();
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
            let (cells, exact) = cells_to(nodes, stride, goal, d.depth);
            let found = run.finish_found(Path {
                nodes: cells,
                cost: d.g,
            });
            return Ok(found.map_path(|p| Path {
                nodes: p.nodes,
                cost: exact,
            }));
        }
        if run.out_of_budget() {
            open.push(e, None);
            return Ok(run.finish_budget().map_path(in_float));
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
    Ok(run.finish_exhausted().map_path(in_float))
}

/// A path's fixed-point cost in float (for the type of the results without a path: a found
/// path gets its exact cost from [`cells_to`]).
fn in_float(p: Path<Cell, u64>) -> Path<Cell, FloatCost> {
    Path {
        nodes: p.nodes,
        cost: float(p.cost as f64 / UNIT as f64),
    }
}

/// The path to jump point `goal`, `moves` moves long, cell by cell, and its exact cost:
/// consecutive jump points are joined by a straight or a diagonal run (more generally, a
/// diagonal run then a straight one along the longer side, the canonical order). The cells
/// are written from the goal back, walking coordinates rather than dividing each cell
/// index, then reversed.
fn cells_to(
    nodes: &Nodes<u32, u64, DenseSlots>,
    stride: u32,
    goal: u32,
    moves: u32,
) -> (Vec<Cell>, FloatCost) {
    let mut cells = Vec::with_capacity(moves as usize + 1);
    let (mut straight, mut diagonal) = (0u32, 0u32);
    let mut at = goal;
    let (mut x, mut y) = (goal % stride, goal / stride);
    // Padded coordinates to a cell of the grid.
    let cell = |x: u32, y: u32| Cell::new(x - 1, y - 1);
    cells.push(cell(x, y));
    loop {
        let parent = nodes.data[at as usize].parent;
        if parent == NONE {
            break;
        }
        let (px, py) = (parent % stride, parent / stride);
        let sx = i32::from(px > x) - i32::from(px < x);
        let sy = i32::from(py > y) - i32::from(py < y);
        let (ax, ay) = (x.abs_diff(px), y.abs_diff(py));
        for _ in ay..ax {
            x = x.wrapping_add_signed(sx);
            cells.push(cell(x, y));
        }
        for _ in ax..ay {
            y = y.wrapping_add_signed(sy);
            cells.push(cell(x, y));
        }
        for _ in 0..ax.min(ay) {
            x = x.wrapping_add_signed(sx);
            y = y.wrapping_add_signed(sy);
            cells.push(cell(x, y));
        }
        straight += ax.abs_diff(ay);
        diagonal += ax.min(ay);
        at = parent;
    }
    cells.reverse();
    (
        cells,
        float(f64::from(straight) + f64::from(diagonal) * SQRT_2),
    )
}
