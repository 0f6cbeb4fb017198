//! The grid A* and Dijkstra loop (of [`GridContext::solve`](crate::GridContext::solve)):
//! the best-first engine's algorithm, specialised to a [`Grid`], with an open list made
//! for the grid's fixed-point costs ([`RingOpen`](super::ring_open::RingOpen)).
//!
//! What it saves over the generic loop: successors are read from the cell's move mask
//! straight into the open list (no successor buffer), a successor's coordinates come from
//! the expanded cell's plus the move (one division per expansion instead of one per
//! successor), and the open list is a ring of buckets instead of a radix heap.

use search_core::{CostError, FloatCost};

use crate::engine::error::PathError;
use crate::engine::nodes::grow_to;
use crate::engine::open_list::Entry;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::slots::vec_bytes;
use crate::engine::successors::add_step;
use crate::grids::cell::Cell;
use crate::grids::fixed_point::{FIXED_COSTS, exact_cost, with_estimate};
use crate::grids::grid::{DIRS, Grid};
use crate::grids::heuristic::Heuristic;
use crate::grids::movement::Movement;
use crate::grids::search::ring_open::RingOpen;

/// Two bits per cell, *reached* and *expanded* side by side in one word (one load tells
/// both), with the list of the words set since the last reset, so that a reset costs what
/// the search touched rather than the grid's size. A cell is expanded only once reached.
#[derive(Clone, Debug, Default)]
struct Marks {
    words: Vec<u64>,
    dirty: Vec<u32>,
}

/// The reached bit of a cell's pair in [`Marks`].
const REACHED: u64 = 1;
/// The expanded bit of a cell's pair in [`Marks`].
const CLOSED: u64 = 2;

impl Marks {
    /// Clears every mark and makes room for `n` cells.
    fn reset(&mut self, n: usize) {
        for &w in &self.dirty {
            self.words[w as usize] = 0;
        }
        self.dirty.clear();
        // One word more than the cells need: [`row_of_three`](Self::row_of_three) reads
        // the word after the one holding its first cell.
        let words = n.div_ceil(32) + 1;
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
    }

    /// The bytes the marks hold, for a memory cap.
    fn bytes(&self) -> usize {
        vec_bytes(&self.words) + vec_bytes(&self.dirty)
    }

    /// The marks of cell `i`: [`REACHED`] and [`CLOSED`] bits.
    #[inline(always)]
    fn get(&self, i: u32) -> u64 {
        (self.words[i as usize / 32] >> (2 * (i % 32))) & 3
    }

    /// The marks of cells `i - 1`, `i` and `i + 1` (two bits each, `i - 1`'s lowest), read
    /// from the two words that hold them without a branch. `i - 1` must be a cell.
    #[inline(always)]
    fn row_of_three(&self, i: u32) -> usize {
        let bit = 2 * (i as usize - 1);
        let j = bit / 64;
        let pair = (u128::from(self.words[j + 1]) << 64) | u128::from(self.words[j]);
        (pair >> (bit % 64)) as usize & 63
    }

    /// Marks cell `i` reached.
    #[inline(always)]
    fn reach(&mut self, i: u32) {
        let w = &mut self.words[i as usize / 32];
        if *w == 0 {
            self.dirty.push(i / 32);
        }
        *w |= REACHED << (2 * (i % 32));
    }

    /// Marks cell `i`, which is reached, expanded.
    #[inline(always)]
    fn close(&mut self, i: u32) {
        self.words[i as usize / 32] |= CLOSED << (2 * (i % 32));
    }

    /// Marks cell `i`, which is expanded, not expanded (it is reopened).
    #[inline(always)]
    fn reopen(&mut self, i: u32) {
        self.words[i as usize / 32] &= !(CLOSED << (2 * (i % 32)));
    }
}

/// The move of each direction in columns and rows, in the order of the grid's offsets
/// ([`DIRS`]: 0..4 straight, 4..8 diagonal), as `i64` for the loop's coordinates.
const DX: [i64; 8] = coordinates(0);
const DY: [i64; 8] = coordinates(1);

/// Column (`axis` 0) or row (1) moves of [`DIRS`].
const fn coordinates(axis: usize) -> [i64; 8] {
    let mut out = [0; 8];
    let mut k = 0;
    while k < 8 {
        out[k] = if axis == 0 { DIRS[k].0 } else { DIRS[k].1 } as i64;
        k += 1;
    }
    out
}

/// The directions (as in [`DX`], [`DY`]) of the cells `i - 1`, `i`, `i + 1` of the row
/// above a cell `at` (`i = at - stride`), of its own row (`i = at`: itself, no
/// direction), and of the row below (`i = at + stride`).
const ROW_DIRECTIONS: [[Option<usize>; 3]; 3] = [
    [Some(7), Some(3), Some(5)],
    [Some(1), None, Some(0)],
    [Some(6), Some(2), Some(4)],
];

/// For each row of [`ROW_DIRECTIONS`] and each 6-bit [`Marks::row_of_three`] value of
/// that row, the neighbours it marks expanded (bit `k` for direction `k`) and, 8 bits
/// up, the neighbours it marks reached: the three or-ed give a cell's neighbour masks
/// from three reads, so that the grid A* drops its expanded neighbours before the loop
/// over them instead of testing each in a branch that the processor cannot predict.
const NEIGHBOUR_MARKS: [[u16; 64]; 3] = {
    let mut t = [[0u16; 64]; 3];
    let mut row = 0;
    while row < 3 {
        let mut v = 0;
        while v < 64 {
            let mut c = 0;
            while c < 3 {
                if let Some(k) = ROW_DIRECTIONS[row][c] {
                    let marks = (v >> (2 * c)) & 3;
                    if marks & CLOSED as usize != 0 {
                        t[row][v] |= 1 << k;
                    }
                    if marks & REACHED as usize != 0 {
                        t[row][v] |= 1 << (k + 8);
                    }
                }
                c += 1;
            }
            v += 1;
        }
        row += 1;
    }
    t
};

/// "No predecessor" in [`GridAStar`]'s per-cell move: a start.
const ROOT: u8 = 8;

/// The per-cell data and the open list of the grid A*, reused from one search to the
/// next. Which cells were reached and which expanded are bits (small enough to stay in
/// the cache, so that looking at a neighbour reached for the first time or already
/// expanded touches no other array); the cost and the move into a cell (a byte, where a
/// predecessor's index would take four) are valid while it is reached.
#[derive(Clone, Debug, Default)]
pub(crate) struct GridAStar {
    /// Best known path cost from a start, per padded cell.
    g: Vec<u64>,
    /// The direction of the last move of that path (the predecessor is the cell minus
    /// that direction's offset), or [`ROOT`].
    from: Vec<u8>,
    marks: Marks,
    open: RingOpen,
}

impl GridAStar {
    /// Starts a search on a grid of `n` padded cells; `false` if the budget ran out while
    /// the per-cell arrays were being made (the first search on a large grid), looked at
    /// between parts of them.
    #[inline(never)]
    fn begin(&mut self, n: usize, run: &mut Run<u64>) -> bool {
        // `g` and `from`: 9 bytes a cell.
        if run.setup_exceeds_memory(n * 9) {
            return false;
        }
        grow_to(&mut self.g, n, 0, || run.interrupted(0));
        if self.g.len() < n {
            return false;
        }
        grow_to(&mut self.from, n, ROOT, || run.interrupted(0));
        if self.from.len() < n {
            return false;
        }
        self.marks.reset(n);
        self.open.clear();
        true
    }

    /// Whether the last search expanded padded cell `i` (and did not reopen it since).
    pub(crate) fn expanded(&self, i: usize) -> bool {
        u32::try_from(i).is_ok_and(|i| {
            (i as usize) < self.marks.words.len() * 32 && self.marks.get(i) & CLOSED != 0
        })
    }

    /// A* (Dijkstra with [`Heuristic::Zero`]) on `grid` from `roots` to the padded cell
    /// `goal`: the algorithm, counters and results of the engine's best-first search with
    /// the A* key. Closed cells reached more cheaply are reopened, unless `heuristic` is
    /// consistent for the grid's moves (then that cannot happen and expanded neighbours
    /// are skipped on their bit alone).
    pub(crate) fn search(
        &mut self,
        grid: &Grid,
        roots: &[u32],
        goal: u32,
        heuristic: Heuristic,
        mut run: Run<u64>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        if !self.begin(grid.open.len(), &mut run) {
            return Ok(run.finish_budget());
        }
        let consistent = match heuristic {
            Heuristic::Zero | Heuristic::Octile | Heuristic::Chebyshev => true,
            Heuristic::Manhattan => grid.movement() == Movement::Four,
            _ => false,
        };
        if consistent {
            with_estimate!(heuristic, |h| self
                .run::<_, true>(grid, roots, goal, h, run))
        } else {
            with_estimate!(heuristic, |h| self
                .run::<_, false>(grid, roots, goal, h, run))
        }
    }

    #[inline(always)]
    fn run<H: Fn(u64, u64) -> u64, const CONSISTENT: bool>(
        &mut self,
        grid: &Grid,
        roots: &[u32],
        goal: u32,
        h: H,
        mut run: Run<u64>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let stride = grid.stride as u32;
        let (gx, gy) = (i64::from(goal % stride), i64::from(goal / stride));
        let estimate = |x: i64, y: i64| h((x - gx).unsigned_abs(), (y - gy).unsigned_abs());
        let offsets: [i32; 8] = core::array::from_fn(|k| grid.offset(k) as i32);
        // Without a cost bound, `g > max_cost` never holds.
        let max_cost = run.max_cost.unwrap_or(u64::MAX);
        // The per-cell arrays, sized by the grid.
        let arrays = vec_bytes(&self.g) + vec_bytes(&self.from);
        let g_of = &mut self.g[..];
        let from = &mut self.from[..];
        let marks = &mut self.marks;
        let open = &mut self.open;
        let mut started = false;
        for &s in roots {
            if marks.get(s) & REACHED != 0 {
                continue;
            }
            marks.reach(s);
            g_of[s as usize] = 0;
            from[s as usize] = ROOT;
            let key = estimate(i64::from(s % stride), i64::from(s / stride));
            if !started {
                open.start_at(key);
                started = true;
            }
            open.push(Entry {
                key,
                depth: 0,
                slot: s,
            });
        }
        run.frontier(open.len());
        while let Some(e) = open.pop() {
            let at = e.slot;
            if marks.get(at) & CLOSED != 0 {
                continue;
            }
            if at == goal {
                return Ok(run.finish_found(path_to(from, &offsets, goal, (gx, gy), e.depth)));
            }
            let bytes = || arrays + marks.bytes() + open.bytes();
            if run.out_of_budget(bytes) {
                open.push(e);
                return Ok(run.finish_budget());
            }
            marks.close(at);
            run.stats.expanded += 1;
            let mut mask = grid.move_mask(at as usize);
            run.stats.generated += u64::from(mask.count_ones());
            let depth = e.depth + 1;
            if mask == 0 || run.too_deep(depth) {
                continue;
            }
            let (x, y) = (i64::from(at % stride), i64::from(at / stride));
            // The entry popped first for a cell is its newest (each improvement pushes a
            // smaller key), so its key minus the estimate is the cell's cost.
            let g_at = e.key - estimate(x, y);
            // Relaxes the move in direction `k` to cell `m`, reached before if `reached`,
            // expanded if `closed`.
            macro_rules! relax {
                ($k:expr, $m:expr, $reached:expr, $closed:expr) => {{
                    let (k, m) = ($k, $m);
                    let g = add_step(g_at, FIXED_COSTS[k])?;
                    if g > max_cost {
                        run.too_costly(g);
                        continue;
                    }
                    if $reached {
                        if g >= g_of[m as usize] {
                            continue;
                        }
                        if !CONSISTENT && $closed {
                            marks.reopen(m);
                            run.stats.reopened += 1;
                        }
                    } else {
                        marks.reach(m);
                    }
                    g_of[m as usize] = g;
                    from[m as usize] = k as u8;
                    let key = g
                        .checked_add(estimate(x + DX[k], y + DY[k]))
                        .ok_or(PathError::Cost(CostError::Overflow))?;
                    open.push(Entry {
                        key,
                        depth,
                        slot: m,
                    });
                }};
            }
            if mask == u8::MAX {
                // Every move open: in open areas which neighbours are expanded follows the
                // direction of the search, and the processor predicts a branch on each
                // neighbour's marks well.
                while mask != 0 {
                    let k = mask.trailing_zeros() as usize & 7;
                    mask &= mask - 1;
                    let m = at.wrapping_add_signed(offsets[k]);
                    let seen = marks.get(m);
                    if CONSISTENT && seen & CLOSED != 0 {
                        continue;
                    }
                    relax!(k, m, seen & REACHED != 0, seen & CLOSED != 0);
                }
            } else {
                // Near obstacles it does not: the marks of the 8 neighbours are read at
                // once (expanded in the low byte, reached above), and the expanded ones
                // are dropped before the loop instead of in a branch each.
                let seen = NEIGHBOUR_MARKS[0][marks.row_of_three(at - stride)]
                    | NEIGHBOUR_MARKS[1][marks.row_of_three(at)]
                    | NEIGHBOUR_MARKS[2][marks.row_of_three(at + stride)];
                let (closed, reached) = (seen as u8, (seen >> 8) as u8);
                if CONSISTENT {
                    mask &= !closed;
                }
                while mask != 0 {
                    let k = mask.trailing_zeros() as usize & 7;
                    mask &= mask - 1;
                    let m = at.wrapping_add_signed(offsets[k]);
                    relax!(k, m, reached & (1 << k) != 0, closed & (1 << k) != 0);
                }
            }
            run.frontier(open.len());
        }
        Ok(run.finish_exhausted())
    }
}

/// The path to `goal` (padded coordinates `(gx, gy)`; `moves` moves long, a capacity hint)
/// by following the moves into each cell back to a start, in cells, with its exact cost
/// from its numbers of straight and diagonal moves.
fn path_to(
    from: &[u8],
    offsets: &[i32; 8],
    goal: u32,
    (gx, gy): (i64, i64),
    moves: u32,
) -> Path<Cell, FloatCost> {
    let mut nodes = Vec::with_capacity(moves as usize + 1);
    let (mut at, mut x, mut y) = (goal, gx, gy);
    let mut diagonal = 0u64;
    loop {
        // Padded coordinates are at least 1 and at most 65,534.
        nodes.push(Cell::new(x as u32 - 1, y as u32 - 1));
        let k = from[at as usize] as usize;
        if k == ROOT as usize {
            break;
        }
        diagonal += u64::from(k >= 4);
        at = at.wrapping_add_signed(-offsets[k]);
        x -= DX[k];
        y -= DY[k];
    }
    nodes.reverse();
    let straight = (nodes.len() - 1) as u64 - diagonal;
    Path {
        nodes,
        cost: exact_cost(straight, diagonal),
    }
}
