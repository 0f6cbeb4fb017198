//! The grid A* and Dijkstra loop ([`GridContext::astar`](crate::GridContext::astar)):
//! the best-first engine's algorithm, specialised to a [`Grid`], with an open list made
//! for the grid's fixed-point costs ([`RingOpen`]).
//!
//! What it saves over the generic loop: successors are read from the cell's move mask
//! straight into the open list (no successor buffer), a successor's coordinates come from
//! the expanded cell's plus the move (one division per expansion instead of one per
//! successor), and the open list is a ring of buckets instead of a radix heap.

use std::collections::BinaryHeap;

use core::f64::consts::SQRT_2;

use search_core::{CostError, FloatCost};

use crate::engine::error::PathError;
use crate::engine::open_list::Entry;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::successors::add_step;
use crate::grids::cell::Cell;
use crate::grids::fixed_point::{FIXED_COSTS, fixed_estimate, float};
use crate::grids::grid::Grid;
use crate::grids::heuristic::Heuristic;
use crate::grids::movement::Movement;

/// A bucket spans 2^SHIFT fixed-point units: 1/64 of a straight move.
const SHIFT: u32 = 26;
/// Buckets in the ring: keys up to 4 straight moves above the minimum fit.
const RING: usize = 256;

/// The open list of the grid A*: a ring of [`RING`] buckets, each holding the keys of one
/// slice of 2^[`SHIFT`] units, with an occupancy bitmap to find the next non-empty one.
///
/// In A* on a grid every key pushed lies between the key of the state being expanded
/// (the minimum) and that plus the largest move cost plus the largest change of the
/// estimate over one move (at most √2 + 2 moves for every grid heuristic), so the ring
/// covers every key. The bucket of the minimum is kept sorted by key (among equal keys
/// the last pushed pops first, as on the engine's lane), so every pop takes a smallest key. A key below the minimum (an inconsistent heuristic) goes into the sorted
/// bucket; a key beyond the ring (never met with the grid heuristics) into an overflow
/// binary heap, compared at each pop.
#[derive(Clone, Debug)]
pub(crate) struct RingOpen {
    buckets: Vec<Vec<Entry<u64>>>,
    /// Bit `b` set: bucket `b` is not empty.
    occupied: [u64; RING / 64],
    /// Absolute index (key >> SHIFT) of the current bucket, which is sorted.
    current: u64,
    overflow: BinaryHeap<Entry<u64>>,
    len: usize,
}

impl Default for RingOpen {
    fn default() -> Self {
        RingOpen {
            buckets: (0..RING).map(|_| Vec::new()).collect(),
            occupied: [0; RING / 64],
            current: 0,
            overflow: BinaryHeap::new(),
            len: 0,
        }
    }
}

/// `true` if `a` pops after `b`: a larger key, or the same key pushed earlier (among
/// equal keys the last pushed, usually the deepest, pops first).
#[inline(always)]
fn pops_after(a: &Entry<u64>, b: &Entry<u64>) -> bool {
    a.key >= b.key
}

impl RingOpen {
    /// Empties the list. Only the buckets marked occupied hold entries, so a search that
    /// left a few entries behind (a short query) clears a few buckets, not the whole ring.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            for (w, word) in self.occupied.iter().enumerate() {
                let mut bits = *word;
                while bits != 0 {
                    self.buckets[w * 64 + bits.trailing_zeros() as usize].clear();
                    bits &= bits - 1;
                }
            }
            self.overflow.clear();
        }
        self.occupied = [0; RING / 64];
        self.current = 0;
        self.len = 0;
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Starts the ring at the first key (the open list must be empty).
    pub(crate) fn start_at(&mut self, key: u64) {
        self.current = key >> SHIFT;
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, e: Entry<u64>) {
        self.len += 1;
        let q = e.key >> SHIFT;
        if q <= self.current {
            let b = &mut self.buckets[(self.current as usize) & (RING - 1)];
            // Sorted with the next pop last: insert after every entry that pops after `e`.
            // The common case on grids, a key tied with the next pop's (or any key when
            // the bucket is empty), goes on top without a search.
            if b.last().is_none_or(|x| pops_after(x, &e)) {
                b.push(e);
            } else {
                let at = b.partition_point(|x| pops_after(x, &e));
                b.insert(at, e);
            }
            self.occupied[(self.current as usize & (RING - 1)) / 64] |=
                1 << (self.current as usize % 64);
        } else if q - self.current < RING as u64 {
            let i = q as usize & (RING - 1);
            self.buckets[i].push(e);
            self.occupied[i / 64] |= 1 << (i % 64);
        } else {
            self.overflow.push(e);
        }
    }

    /// Takes a smallest entry. The common case, the current bucket not empty and nothing
    /// in the overflow heap, pops its top; the rest is [`pop_slow`](Self::pop_slow).
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<u64>> {
        let i = self.current as usize & (RING - 1);
        if self.overflow.is_empty() {
            let b = &mut self.buckets[i];
            if let Some(e) = b.pop() {
                if b.is_empty() {
                    self.occupied[i / 64] &= !(1 << (i % 64));
                }
                self.len -= 1;
                return Some(e);
            }
        }
        self.pop_slow()
    }

    /// [`pop`](Self::pop) when the current bucket is empty or the overflow heap is not.
    #[inline]
    fn pop_slow(&mut self) -> Option<Entry<u64>> {
        if self.len == 0 {
            return None;
        }
        let ring = self.peek_ring();
        let take_overflow = match (ring, self.overflow.peek()) {
            (None, _) => true,
            (Some(r), Some(o)) => r.key > o.key,
            (Some(_), None) => false,
        };
        self.len -= 1;
        if take_overflow {
            let e = self.overflow.pop()?;
            if ring.is_none() {
                self.current = e.key >> SHIFT;
            }
            return Some(e);
        }
        let i = self.current as usize & (RING - 1);
        let b = &mut self.buckets[i];
        let e = b.pop();
        if b.is_empty() {
            self.occupied[i / 64] &= !(1 << (i % 64));
        }
        e
    }

    /// The smallest entry of the ring, after moving `current` to the first non-empty
    /// bucket and sorting it.
    #[inline]
    fn peek_ring(&mut self) -> Option<Entry<u64>> {
        let i = self.current as usize & (RING - 1);
        if let Some(&e) = self.buckets[i].last() {
            return Some(e);
        }
        let step = self.next_occupied(i)?;
        self.current += step as u64;
        let j = self.current as usize & (RING - 1);
        let b = &mut self.buckets[j];
        if b.len() > 1 {
            // Largest key first, the next pop last; often all keys are equal (ties), which
            // the sort detects in one pass.
            b.sort_unstable_by_key(|x| core::cmp::Reverse(x.key));
        }
        b.last().copied()
    }

    /// How many buckets after `i` (in ring order) the next non-empty one is.
    #[inline]
    fn next_occupied(&self, i: usize) -> Option<usize> {
        let words = RING / 64;
        let bit = i % 64;
        for k in 0..=words {
            let w = (i / 64 + k) % words;
            let mut word = self.occupied[w];
            if k == 0 {
                // The buckets after `i` in its own word.
                word &= if bit == 63 { 0 } else { !0u64 << (bit + 1) };
            } else if k == words {
                // Back to the first word: the buckets before `i`.
                word &= (1u64 << bit) - 1;
            }
            if word != 0 {
                let j = w * 64 + word.trailing_zeros() as usize;
                return Some((j + RING - i) % RING);
            }
        }
        None
    }
}

/// The per-heuristic estimate from the coordinate differences, as a zero-sized closure.
macro_rules! with_estimate {
    ($heuristic:expr, |$h:ident| $body:expr) => {
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
    };
}

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

/// The move of each direction in coordinates, in the order of the grid's offsets (0..4
/// straight, 4..8 diagonal).
const DX: [i64; 8] = [1, -1, 0, 0, 1, 1, -1, -1];
const DY: [i64; 8] = [0, 0, 1, -1, 1, -1, 1, -1];

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
    /// Starts a search on a grid of `n` padded cells.
    fn begin(&mut self, n: usize) {
        if self.g.len() < n {
            self.g.resize(n, 0);
            self.from.resize(n, ROOT);
        }
        self.marks.reset(n);
        self.open.clear();
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
        run: Run<u64>,
    ) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        self.begin(grid.open.len());
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
            if run.out_of_budget() {
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
        cost: float(straight as f64 + diagonal as f64 * SQRT_2),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Every pop takes a smallest key, whatever the keys: near the minimum, below it
        /// (inconsistent estimates) or beyond the ring (the overflow heap), also after the
        /// list is cleared with entries in it and reused.
        #[test]
        fn ring_pops_a_smallest_key(
            first in 0u64..1 << 40,
            ops in proptest::collection::vec(
                prop_oneof![
                    3 => (0u64..1 << 28).prop_map(|d| (true, d, false, false)),
                    1 => (0u64..1 << 36).prop_map(|d| (true, d, false, false)),
                    1 => (0u64..1 << 27).prop_map(|d| (true, d, true, false)),
                    2 => Just((false, 0, false, false)),
                    // Rarely, the list is cleared with entries left in it (a search
                    // that found its goal) and starts again further on.
                    1 => (0u64..1 << 34).prop_map(|d| (false, d, false, true)),
                ],
                1..300,
            ),
        ) {
            let mut ring = RingOpen::default();
            ring.clear();
            ring.start_at(first);
            let mut reference: BTreeMap<u64, usize> = BTreeMap::new();
            let mut last = first;
            let mut slot = 0;
            for (push, delta, below, clear) in ops {
                if clear {
                    // A new search on the same list: whatever the last one left behind
                    // is gone.
                    ring.clear();
                    reference.clear();
                    last += delta;
                    ring.start_at(last);
                    prop_assert_eq!(ring.len(), 0);
                    continue;
                }
                if push {
                    let key = if below { last.saturating_sub(delta) } else { last + delta };
                    slot += 1;
                    ring.push(Entry { key, depth: 0, slot });
                    *reference.entry(key).or_default() += 1;
                } else {
                    let popped = ring.pop().map(|e| e.key);
                    let expected = reference.keys().next().copied();
                    prop_assert_eq!(popped, expected);
                    if let Some(k) = expected {
                        last = k;
                        let n = reference.get_mut(&k).unwrap();
                        *n -= 1;
                        if *n == 0 {
                            reference.remove(&k);
                        }
                    }
                }
                prop_assert_eq!(ring.len(), reference.values().sum::<usize>());
            }
        }
    }
}
