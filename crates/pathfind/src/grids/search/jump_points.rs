//! The best-first loop shared by jump point search
//! ([`GridContext::jps`](crate::GridContext::jps)) and its precomputed form
//! ([`GridContext::jps_plus`](crate::GridContext::jps_plus)): A* over jump points, where an
//! expansion produces a few far successors (a straight or diagonal run of moves each)
//! instead of the adjacent cells. The two differ only in how they find the successors
//! ([`Jumps`]). [`JumpNodes`] keeps the jump points a search reached.

use search_core::FloatCost;

use crate::engine::error::PathError;
use crate::engine::nodes::grow_to;
use crate::engine::open_list::{Entry, OpenList};
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::slots::{NONE, vec_bytes};
use crate::grids::cell::Cell;
use crate::grids::fixed_point::{DIAGONAL, UNIT, exact_cost, fixed_estimate, float, toward};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::movement::Movement;

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

/// A jump point reached by the current search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JumpNode {
    /// Best known path cost from a start.
    g: u64,
    /// The padded cell.
    cell: u32,
    /// Record of the predecessor on the best known path, or [`NONE`].
    parent: u32,
    /// Moves from a start along the best known path.
    depth: u32,
    closed: bool,
}

/// The jump points of a search, as a sparse set: records in the order they are reached,
/// and per padded cell the index of its record, valid only if that record names the cell.
/// A new search forgets every record without touching the per-cell array, and the records
/// of a search, few next to the cells of a large map, stay close together in memory (the
/// per-cell array holds 4 bytes a cell where a dense table of records would hold 24).
#[derive(Clone, Debug, Default)]
pub(crate) struct JumpNodes {
    index: Vec<u32>,
    records: Vec<JumpNode>,
}

impl JumpNodes {
    /// The bytes the records and the per-cell index hold, for a memory cap.
    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.index) + vec_bytes(&self.records)
    }

    /// Makes room for `cells` padded cells, asking `stop` between parts (see [`grow_to`]);
    /// a cell beyond the room made when it stopped early grows the array when it is
    /// visited.
    pub(crate) fn reserve_cells(&mut self, cells: usize, stop: impl FnMut() -> bool) {
        grow_to(&mut self.index, cells, 0, stop);
    }

    /// The record of `cell` in the current search.
    #[inline(always)]
    fn find(&self, cell: u32) -> Option<u32> {
        let r = *self.index.get(cell as usize)?;
        self.records
            .get(r as usize)
            .is_some_and(|n| n.cell == cell)
            .then_some(r)
    }

    /// The record of `cell`, and whether it is new (then with cost zero, no parent, open).
    #[inline(always)]
    fn visit(&mut self, cell: u32) -> (u32, bool) {
        if let Some(r) = self.find(cell) {
            return (r, false);
        }
        // Fewer records than padded cells, which `u32` indexes.
        let r = self.records.len() as u32;
        if cell as usize >= self.index.len() {
            self.index.resize(cell as usize + 1, 0);
        }
        self.index[cell as usize] = r;
        self.records.push(JumpNode {
            g: 0,
            cell,
            parent: NONE,
            depth: 0,
            closed: false,
        });
        (r, true)
    }

    /// Whether the last search expanded padded cell `cell`.
    pub(crate) fn expanded(&self, cell: u32) -> bool {
        (cell as usize) < self.index.len()
            && self
                .find(cell)
                .is_some_and(|r| self.records[r as usize].closed)
    }
}

/// A* over jump points with the octile heuristic, in fixed-point costs. `stats.nodes`
/// counts the jump points expanded, `stats.leaves` the jump points generated; the path is
/// returned cell by cell. Open-list entries name records of `nodes`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search<J: Jumps>(
    jumper: &J,
    nodes: &mut JumpNodes,
    open: &mut OpenList<u64>,
    buf: &mut Vec<(u32, u64, u32)>,
    stride: u32,
    roots: &[u32],
    goal: u32,
    mut run: Run<u64>,
) -> SearchResult<Cell, FloatCost> {
    let h = toward(
        |dx, dy| fixed_estimate(Heuristic::Octile, dx, dy),
        stride,
        goal,
    );
    nodes.records.clear();
    open.clear_binary();
    for &s in roots {
        let (slot, fresh) = nodes.visit(s);
        if fresh {
            open.push(
                Entry {
                    key: h(&s),
                    depth: 0,
                    slot,
                },
                None,
            );
        }
    }
    run.frontier(open.len());
    while let Some(e) = open.pop() {
        let d = nodes.records[e.slot as usize];
        if d.closed {
            continue;
        }
        if d.cell == goal {
            let (cells, exact) = cells_to(nodes, stride, e.slot);
            let found = run.finish_found(Path {
                nodes: cells,
                cost: d.g,
            });
            return found.map_path(|p| Path {
                nodes: p.nodes,
                cost: exact,
            });
        }
        if run.out_of_budget(|| nodes.bytes() + open.bytes()) {
            open.push(e, None);
            return run.finish_budget().map_path(in_float);
        }
        nodes.records[e.slot as usize].closed = true;
        run.stats.expanded += 1;
        buf.clear();
        let parent = match d.parent {
            NONE => NONE,
            p => nodes.records[p as usize].cell,
        };
        jumper.successors(d.cell, parent, buf);
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
            let (ms, fresh) = nodes.visit(m);
            let md = &mut nodes.records[ms as usize];
            if !fresh {
                if g >= md.g {
                    continue;
                }
                if md.closed {
                    md.closed = false;
                    run.stats.reopened += 1;
                }
            }
            md.g = g;
            md.parent = e.slot;
            md.depth = depth;
            open.push(
                Entry {
                    key: g + h(&m),
                    depth,
                    slot: ms,
                },
                Some(e.key),
            );
        }
        run.frontier(open.len());
    }
    run.finish_exhausted().map_path(in_float)
}

/// A path's fixed-point cost in float (for the type of the results without a path: a found
/// path gets its exact cost from [`cells_to`]).
fn in_float(p: Path<Cell, u64>) -> Path<Cell, FloatCost> {
    Path {
        nodes: p.nodes,
        cost: float(p.cost as f64 / UNIT as f64),
    }
}

/// The path to the jump point of record `goal`, cell by cell, and its exact cost:
/// consecutive jump points are joined by a straight or a diagonal run (more generally, a
/// diagonal run then a straight one along the longer side, the canonical order). The cells
/// are written from the goal back into a vector of the path's length, walking coordinates
/// rather than dividing each cell index.
fn cells_to(nodes: &JumpNodes, stride: u32, goal: u32) -> (Vec<Cell>, FloatCost) {
    let moves = nodes.records[goal as usize].depth as usize;
    let goal_cell = nodes.records[goal as usize].cell;
    let (mut x, mut y) = (goal_cell % stride, goal_cell / stride);
    // Padded coordinates to a cell of the grid.
    let cell = |x: u32, y: u32| Cell::new(x - 1, y - 1);
    let mut cells = vec![cell(x, y); moves + 1];
    let (mut straight, mut diagonal) = (0u32, 0u32);
    let mut at = goal;
    // The next cell to write, from the end.
    let mut k = moves;
    loop {
        let parent = nodes.records[at as usize].parent;
        if parent == NONE {
            break;
        }
        let parent_cell = nodes.records[parent as usize].cell;
        let (px, py) = (parent_cell % stride, parent_cell / stride);
        let sx = i32::from(px > x) - i32::from(px < x);
        let sy = i32::from(py > y) - i32::from(py < y);
        let (ax, ay) = (x.abs_diff(px), y.abs_diff(py));
        // Back along the straight part (along the longer side), then the diagonal part.
        let (tx, ty) = if ax > ay { (sx, 0) } else { (0, sy) };
        for _ in 0..ax.abs_diff(ay) {
            x = x.wrapping_add_signed(tx);
            y = y.wrapping_add_signed(ty);
            k -= 1;
            cells[k] = cell(x, y);
        }
        for _ in 0..ax.min(ay) {
            x = x.wrapping_add_signed(sx);
            y = y.wrapping_add_signed(sy);
            k -= 1;
            cells[k] = cell(x, y);
        }
        straight += ax.abs_diff(ay);
        diagonal += ax.min(ay);
        at = parent;
    }
    debug_assert_eq!(k, 0);
    (cells, exact_cost(straight.into(), diagonal.into()))
}
