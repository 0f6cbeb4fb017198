//! [`Replanner`]: incremental replanning on a grid whose cells change (D* Lite).

use search_core::Instant;

use search_core::{Budget, BudgetField, FloatCost};

use crate::engine::error::PathError;
use crate::engine::result::{Path, PathOutcome, SearchResult};
use crate::engine::run::Run;
use crate::grids::cell::Cell;
use crate::grids::cost_grid::CostGrid;
use crate::grids::fixed_point::{FIXED_COSTS, fixed_estimate};
use crate::grids::heuristic::Heuristic;
use crate::grids::movement::Movement;
use crate::replan::keys::{Entry, KeyHeap, Node};

/// "Unreachable": an infinite cost.
const INF: u64 = u64::MAX;

/// The name the replanner gives when it refuses a budget field.
const ENGINE: &str = "replanner";

/// The smallest heap [`Replanner::purge`] cleans.
const MIN_PURGE: usize = 4096;
/// `n / d` for any `n: u32` by a multiplication: `magic` is `divisor_magic(d)` (Lemire,
/// Kaser and Kurz, "Faster remainder by direct computation", 2019: with a 64-bit
/// fraction the quotient is exact for every 32-bit dividend).
#[inline(always)]
fn fast_div(n: u32, magic: u64) -> u32 {
    ((u128::from(magic) * u128::from(n)) >> 64) as u32
}

/// The multiplier of [`fast_div`] for a divisor `d` >= 2.
fn divisor_magic(d: u32) -> u64 {
    debug_assert!(d >= 2);
    u64::MAX / u64::from(d) + 1
}

/// Shortest paths from a start to a goal on a [`CostGrid`] whose cells change, replanned
/// incrementally: D* Lite (Koenig and Likhachev, 2002). It searches backwards from the goal
/// and keeps, for every cell it touched, the cost to the goal; after cells change it
/// repairs only the costs the change affects, instead of searching again from scratch.
/// The start may move too ([`set_start`](Self::set_start)), as for a unit walking along
/// its path and discovering obstacles.
///
/// The costs are those of [`GridContext::astar_costs`](crate::GridContext::astar_costs):
/// entering a cell costs its weight times the move's length. The estimate is the octile
/// distance on 8-connected grids and the Manhattan one on 4-connected grids, times the
/// grid's [`min_weight`](CostGrid::min_weight).
///
/// ```
/// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
/// let grid = Grid::from_rows(&[
///     ".......",
///     ".......",
///     ".......",
/// ], Movement::OCTILE)?;
/// let (start, goal) = (Cell::new(0, 1), Cell::new(6, 1));
/// let mut planner = Replanner::new(CostGrid::new(grid), start, goal)?;
/// assert_eq!(planner.path()?.cost().unwrap().get(), 6.0);
/// // A wall appears across the middle row, and a costly cell: replan.
/// planner.update(&[(Cell::new(3, 0), None), (Cell::new(3, 1), None), (Cell::new(3, 2), Some(5))])?;
/// let r = planner.path()?;
/// assert!((r.cost().unwrap().get() - (8.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
/// // It opens again.
/// planner.update(&[(Cell::new(3, 1), Some(1))])?;
/// assert_eq!(planner.path()?.cost().unwrap().get(), 6.0);
/// # Ok::<(), pathfind::PathError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replanner {
    grid: CostGrid,
    start: u32,
    goal: u32,
    /// Where the start was when `km` last changed.
    last_start: u32,
    /// The sum of the estimates between the successive starts (D* Lite's `k_m`).
    km: u64,
    /// The costs to the goal per padded cell.
    nodes: Vec<Node>,
    /// Inconsistent cells by key, with outdated entries skipped when popped.
    heap: KeyHeap,
    /// The heap size at which [`purge`](Self::purge) drops its outdated entries.
    purge_at: usize,
    /// How many times the start moved: entries of an older epoch may have keys too low.
    epoch: u32,
    /// The start's column and row in the padded grid, for the estimates.
    start_x: u32,
    start_y: u32,
    /// [`divisor_magic`] of the padded grid's stride.
    stride_magic: u64,
    heuristic: Heuristic,
    /// The weight factor of the estimate the keys were computed with.
    min_weight: u16,
    budget: Budget,
}

impl Replanner {
    /// A replanner on `grid` from `start` to `goal`. Nothing is searched yet: the first
    /// [`path`](Self::path) searches the whole problem, the next ones repair it.
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`] for a start or goal outside the grid (an obstacle is
    /// allowed: [`path`](Self::path) reports it while it lasts).
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
    /// let grid = CostGrid::new(Grid::new(4, 4, Movement::Four).unwrap());
    /// let planner = Replanner::new(grid.clone(), Cell::new(0, 0), Cell::new(3, 3)).unwrap();
    /// assert_eq!(planner.goal(), Cell::new(3, 3));
    /// assert!(Replanner::new(grid, Cell::new(0, 0), Cell::new(4, 0)).is_err());
    /// ```
    pub fn new(grid: CostGrid, start: Cell, goal: Cell) -> Result<Self, PathError> {
        let plain = grid.grid();
        plain.check_inside(start)?;
        plain.check_inside(goal)?;
        let (s, t) = (
            plain.pad(start.x, start.y) as u32,
            plain.pad(goal.x, goal.y) as u32,
        );
        let heuristic = match plain.movement() {
            Movement::Four => Heuristic::Manhattan,
            Movement::Eight { .. } => Heuristic::Octile,
        };
        let n = plain.open.len();
        let stride = plain.stride as u32;
        let mut planner = Replanner {
            start: s,
            goal: t,
            last_start: s,
            km: 0,
            nodes: vec![Node { g: INF, rhs: INF }; n],
            heap: KeyHeap::new(n),
            purge_at: MIN_PURGE,
            epoch: 0,
            start_x: s % stride,
            start_y: s / stride,
            stride_magic: divisor_magic(stride),
            heuristic,
            min_weight: grid.min_weight(),
            grid,
            budget: Budget::new(),
        };
        planner.nodes[t as usize].rhs = 0;
        planner.queue(t);
        Ok(planner)
    }

    search_core::builder_methods! {
        /// Bounds each [`path`](Self::path) call: `nodes` cells expanded, time, a stop flag. A
        /// call stopped by one returns
        /// [`PathOutcome::LimitReached`](crate::PathOutcome::LimitReached) and the next call goes on
        /// from where it stopped. `depth` and `iterations` are refused
        /// ([`PathError::Budget`]): the replanner cannot bound the length of a path.
        ///
        /// ```
        /// use pathfind::{Cell, CostGrid, Grid, Limit, Movement, PathOutcome, Replanner};
        /// use search_core::{Budget, BudgetField};
        /// let grid = CostGrid::new(Grid::new(30, 30, Movement::OCTILE).unwrap());
        /// let mut planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(29, 29))
        ///     .unwrap()
        ///     .with_budget(Budget::nodes(10));
        /// let r = planner.path().unwrap();
        /// assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes)));
        /// let mut calls = 1;
        /// while !planner.path().unwrap().is_found() {
        ///     calls += 1;
        /// }
        /// assert!(calls > 1);
        /// ```
        with_budget(budget: Budget) => budget;

        /// The grid as it is now.
        ///
        /// ```
        /// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
        /// let grid = CostGrid::new(Grid::new(3, 1, Movement::Four).unwrap());
        /// let mut planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(2, 0)).unwrap();
        /// planner.update(&[(Cell::new(1, 0), Some(4))]).unwrap();
        /// assert_eq!(planner.grid().weight(Cell::new(1, 0)), Some(4));
        /// ```
        grid() -> &CostGrid = grid;
    }

    /// The start.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
    /// let grid = CostGrid::new(Grid::new(3, 1, Movement::Four).unwrap());
    /// let planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(2, 0)).unwrap();
    /// assert_eq!(planner.start(), Cell::new(0, 0));
    /// ```
    #[must_use]
    pub fn start(&self) -> Cell {
        self.grid.grid().unpad(self.start)
    }

    /// The goal.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
    /// let grid = CostGrid::new(Grid::new(3, 1, Movement::Four).unwrap());
    /// let planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(2, 0)).unwrap();
    /// assert_eq!(planner.goal(), Cell::new(2, 0));
    /// ```
    #[must_use]
    pub fn goal(&self) -> Cell {
        self.grid.grid().unpad(self.goal)
    }

    /// Moves the start (the unit walked): the costs to the goal stay valid, only the
    /// order of the repairs changes.
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, Replanner};
    /// let grid = CostGrid::new(Grid::new(5, 1, Movement::Four).unwrap());
    /// let mut planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(4, 0)).unwrap();
    /// assert_eq!(planner.path().unwrap().cost().unwrap().get(), 4.0);
    /// planner.set_start(Cell::new(2, 0)).unwrap();
    /// assert_eq!(planner.path().unwrap().cost().unwrap().get(), 2.0);
    /// ```
    pub fn set_start(&mut self, start: Cell) -> Result<(), PathError> {
        let plain = self.grid.grid();
        plain.check_inside(start)?;
        let s = plain.pad(start.x, start.y) as u32;
        if s != self.start {
            let stride = plain.stride as u32;
            self.km = self.km.saturating_add(self.h(self.last_start, s));
            self.last_start = s;
            self.start = s;
            (self.start_x, self.start_y) = (s % stride, s / stride);
            self.epoch = self.epoch.wrapping_add(1);
        }
        Ok(())
    }

    /// Changes cells: `None` makes a cell an obstacle, `Some(weight)` passable with that
    /// weight. The costs the changes affect are marked for repair by the next
    /// [`path`](Self::path). Either every change is applied or, on an error, none.
    ///
    /// # Errors
    /// [`PathError::OutOfGrid`], [`PathError::ZeroWeight`].
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, Movement, PathOutcome, Replanner};
    /// let grid = CostGrid::new(Grid::new(3, 1, Movement::Four).unwrap());
    /// let mut planner = Replanner::new(grid, Cell::new(0, 0), Cell::new(2, 0)).unwrap();
    /// planner.update(&[(Cell::new(1, 0), None)]).unwrap();
    /// assert_eq!(planner.path().unwrap().outcome, PathOutcome::NoPath);
    /// assert!(planner.update(&[(Cell::new(1, 0), Some(0))]).is_err());
    /// ```
    pub fn update(&mut self, changes: &[(Cell, Option<u16>)]) -> Result<(), PathError> {
        let plain = self.grid.grid();
        for &(c, state) in changes {
            plain.check_inside(c)?;
            if state == Some(0) {
                return Err(PathError::ZeroWeight { x: c.x, y: c.y });
            }
        }
        for &(c, state) in changes {
            self.grid.set_cell(c, state)?;
        }
        if self.grid.min_weight() != self.min_weight {
            self.rekey();
        }
        let stride = self.grid.grid().stride as isize;
        for &(c, _) in changes {
            let i = self.grid.grid().pad(c.x, c.y) as isize;
            // The moves out of the cell and its neighbours may have changed (into the cell,
            // and diagonals passing beside it).
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let p = (i + dx + dy * stride) as u32;
                    if p != self.goal {
                        self.nodes[p as usize].rhs = self.lookahead(p);
                    }
                    self.queue(p);
                }
            }
        }
        Ok(())
    }

    /// The cheapest path from the start to the goal on the grid as it is now, repairing
    /// what the changes since the last call affected. `stats.nodes` counts the cells this
    /// call expanded.
    ///
    /// # Errors
    /// [`PathError::Blocked`] if the goal or the start is an obstacle (the goal named first,
    /// as by [`GridContext::solve`](crate::GridContext::solve)), an unusable budget.
    ///
    /// ```
    /// use pathfind::{Cell, CostGrid, Grid, GridContext, Heuristic, Movement, Replanner};
    /// let grid = CostGrid::new(Grid::new(40, 40, Movement::OCTILE).unwrap());
    /// let (s, t) = (Cell::new(0, 0), Cell::new(39, 20));
    /// let mut planner = Replanner::new(grid, s, t).unwrap();
    /// let first = planner.path().unwrap();
    /// planner.update(&[(Cell::new(30, 20), None)]).unwrap();
    /// let again = planner.path().unwrap();
    /// let fresh = GridContext::new().astar_costs(planner.grid(), [s], t, Heuristic::Octile).unwrap();
    /// assert_eq!(again.cost(), fresh.cost());
    /// assert!(again.stats.nodes < first.stats.nodes);
    /// ```
    pub fn path(&mut self) -> Result<SearchResult<Cell, FloatCost>, PathError> {
        let started = Instant::now();
        self.budget.refuse(
            ENGINE,
            &[BudgetField::Depth],
            "the replanner cannot bound the length of a path: bound it with nodes, time or a stop flag",
        )?;
        let mut run: Run<u64> = Run::new(&self.budget, None)?;
        let plain = self.grid.grid();
        for c in [self.goal(), self.start()] {
            if !plain.is_passable(c) {
                return Err(PathError::Blocked { x: c.x, y: c.y });
            }
        }
        let finished = self.compute(&mut run);
        let r: SearchResult<Cell, u64> = if !finished {
            run.finish_budget()
        } else if self.nodes[self.start as usize].rhs == INF {
            run.finish(PathOutcome::NoPath)
        } else {
            run.finish_found(Path {
                nodes: self.extract(),
                cost: self.nodes[self.start as usize].rhs,
            })
        };
        let mut result = r.map_path(|p| {
            let cost = self.grid.exact_cost(&p.nodes);
            Path {
                nodes: p.nodes,
                cost,
            }
        });
        result.stats.elapsed = started.elapsed();
        Ok(result)
    }

    /// The estimate between padded cells `a` and `b`.
    #[inline]
    fn h(&self, a: u32, b: u32) -> u64 {
        let stride = self.grid.grid().stride as u32;
        let (ax, ay, bx, by) = (a % stride, a / stride, b % stride, b / stride);
        self.estimate(ax.abs_diff(bx), ay.abs_diff(by))
    }

    /// The estimate from the start to `i`, without a division.
    #[inline(always)]
    fn h_start(&self, i: u32) -> u64 {
        let stride = self.grid.grid().stride as u32;
        let y = fast_div(i, self.stride_magic);
        let x = i - y * stride;
        self.estimate(x.abs_diff(self.start_x), y.abs_diff(self.start_y))
    }

    /// The estimate over `dx` columns and `dy` rows: the heuristic times the weight factor.
    #[inline(always)]
    fn estimate(&self, dx: u32, dy: u32) -> u64 {
        fixed_estimate(self.heuristic, u64::from(dx), u64::from(dy))
            .saturating_mul(u64::from(self.min_weight))
    }

    /// `i`'s key now.
    #[inline(always)]
    fn entry(&self, i: u32) -> Entry {
        let node = self.nodes[i as usize];
        let m = node.least();
        Entry {
            k1: m.saturating_add(self.h_start(i)).saturating_add(self.km),
            tie: node.tie(),
            cell: i,
            epoch: self.epoch,
        }
    }

    /// Queues `i` if it is inconsistent.
    #[inline(always)]
    fn queue(&mut self, i: u32) {
        if !self.nodes[i as usize].consistent() {
            let e = self.entry(i);
            self.heap.push(e);
        }
    }

    /// The estimate's weight changed: every key is recomputed (from the current start).
    fn rekey(&mut self) {
        self.min_weight = self.grid.min_weight();
        self.km = 0;
        self.last_start = self.start;
        self.epoch = self.epoch.wrapping_add(1);
        let old = self.heap.take_all();
        for e in old {
            // Outdated entries go; a cell queued twice with its key keeps both (harmless).
            if !e.outdated(self.nodes[e.cell as usize]) {
                self.queue(e.cell);
            }
        }
    }

    /// Drops the outdated entries once the heap has doubled since the last time: entries
    /// above the start's key stay from call to call, and the outdated ones among them
    /// would pile up over many replans.
    fn purge(&mut self) {
        if self.heap.len() < self.purge_at {
            return;
        }
        let nodes = &self.nodes;
        self.heap.retain(|e| !e.outdated(nodes[e.cell as usize]));
        self.purge_at = (2 * self.heap.len()).max(MIN_PURGE);
    }

    /// `min` over the moves out of `p` of the move's cost plus the cost to the goal after it.
    #[inline]
    fn lookahead(&self, p: u32) -> u64 {
        let plain = self.grid.grid();
        let mut mask = plain.move_mask(p as usize);
        let mut best = INF;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let s = p.wrapping_add_signed(plain.offset(k) as i32) as usize;
            let c = FIXED_COSTS[k] * u64::from(self.grid.weights[s]);
            best = best.min(c.saturating_add(self.nodes[s].g));
        }
        best
    }

    /// D* Lite's main loop; `false` if the budget stopped it.
    fn compute(&mut self, run: &mut Run<u64>) -> bool {
        let offsets: [isize; 8] = core::array::from_fn(|k| self.grid.grid().offset(k));
        self.purge();
        loop {
            let Some(top) = self.heap.pop() else {
                return true;
            };
            let u = top.cell;
            let node = self.nodes[u as usize];
            if top.outdated(node) {
                continue;
            }
            if top.epoch != self.epoch {
                // Keyed before the start moved: the key may have grown since (D* Lite's
                // keys only grow then; any change is refreshed all the same).
                let current = self.entry(u);
                if top.key() != current.key() {
                    self.heap.push(current);
                    continue;
                }
            }
            // The start's key (its estimate is 0).
            let start = self.nodes[self.start as usize];
            let sm = start.least();
            let start_key =
                (u128::from(sm.saturating_add(self.km)) << 64) | u128::from(start.tie());
            if top.key() >= start_key && start.rhs <= start.g {
                self.heap.push(top);
                return true;
            }
            if run.out_of_budget(|| 0) {
                self.heap.push(top);
                return false;
            }
            run.stats.expanded += 1;
            let mask = self.grid.grid().move_mask(u as usize);
            let weight = u64::from(self.grid.weights[u as usize]);
            run.stats.generated += u64::from(mask.count_ones());
            let (gu, ru) = (node.g, node.rhs);
            if gu > ru {
                // Overconsistent: the cost to the goal dropped; propagate it.
                self.nodes[u as usize].g = ru;
                let mut m = mask;
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    // p -> u is the move opposite to k, of the same length. (The goal's
                    // rhs, 0, is below any move's cost: it never changes here.)
                    let p = u.wrapping_add_signed(offsets[k] as i32);
                    let via = (FIXED_COSTS[k] * weight).saturating_add(ru);
                    let before = self.nodes[p as usize];
                    if via < before.rhs {
                        self.nodes[p as usize].rhs = via;
                        // A cell whose cost rose and whose rhs stays above its g keeps its
                        // key (its g): its entry is queued already.
                        if before.g >= via || before.g >= before.rhs {
                            self.queue(p);
                        }
                    }
                }
            } else {
                // Underconsistent: the cost to the goal rose; recompute what relied on it.
                // Its own look-ahead does not depend on its cost: it stays.
                self.nodes[u as usize].g = INF;
                self.queue(u);
                let mut m = mask;
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let p = u.wrapping_add_signed(offsets[k] as i32);
                    // (Never the goal: its rhs, 0, is below any move's cost.)
                    let before = self.nodes[p as usize];
                    if before.rhs == (FIXED_COSTS[k] * weight).saturating_add(gu) {
                        self.nodes[p as usize].rhs = self.lookahead(p);
                        // Its rhs only rose: if it was above its g already, the key (its g)
                        // is unchanged and queued already.
                        if before.g >= before.rhs {
                            self.queue(p);
                        }
                    }
                }
            }
            run.frontier(self.heap.len());
        }
    }

    /// The path from the start, following the cheapest move to the goal at each cell.
    fn extract(&self) -> Vec<Cell> {
        let plain = self.grid.grid();
        let mut nodes = vec![plain.unpad(self.start)];
        let mut at = self.start;
        // A path visits each cell at most once.
        let mut left = plain.open.len();
        while at != self.goal && left > 0 {
            left -= 1;
            let mut mask = plain.move_mask(at as usize);
            let (mut best, mut next) = (INF, at);
            while mask != 0 {
                let k = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let s = at.wrapping_add_signed(plain.offset(k) as i32);
                let c = (FIXED_COSTS[k] * u64::from(self.grid.weights[s as usize]))
                    .saturating_add(self.nodes[s as usize].g);
                if c < best {
                    (best, next) = (c, s);
                }
            }
            if next == at {
                break;
            }
            at = next;
            nodes.push(plain.unpad(at));
        }
        nodes
    }
}

#[cfg(test)]
mod tests {
    use super::{divisor_magic, fast_div};

    #[test]
    fn fast_division_is_exact() {
        for d in (2u32..600)
            .chain([1027, 2050])
            .chain([65_537, 1 << 20, u32::MAX / 3, u32::MAX])
        {
            let magic = divisor_magic(d);
            let mut n = 0u32;
            loop {
                assert_eq!(fast_div(n, magic), n / d, "{n} / {d}");
                for edge in [n.wrapping_sub(1), n.wrapping_add(1)] {
                    assert_eq!(fast_div(edge, magic), edge / d, "{edge} / {d}");
                }
                match n.checked_add(d.wrapping_mul(977).max(d)) {
                    Some(next) => n = next,
                    None => break,
                }
            }
            assert_eq!(fast_div(u32::MAX, magic), u32::MAX / d);
        }
    }
}
