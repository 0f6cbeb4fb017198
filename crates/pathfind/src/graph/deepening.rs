//! Iterative deepening, the one implementation behind IDDFS (the bound is the depth) and
//! IDA* (the bound is `f = g + h`): repeated depth-first searches along a single path,
//! each cut where the bound exceeds a threshold, the next threshold being the smallest bound
//! that was cut. Memory is proportional to the path length times the branching factor;
//! states on the current path are never revisited, so cycles are harmless.
//!
//! Here are the loop, the [`SearchContext`] methods `iddfs` and `idastar`, and the
//! one-query functions [`iddfs`] and [`idastar`].

use core::hash::Hash;

use search_core::{Budget, Cost, CostError};

use crate::engine::buffers::{Engine, Frame};
use crate::engine::error::PathError;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{Slots, vec_bytes};
use crate::engine::successors::{Direct, Steps, Successors, add_step, check_h};
use crate::graph::context::SearchContext;

/// Which quantity iterative deepening bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The number of steps (IDDFS).
    Depth,
    /// `g + h` (IDA*).
    F,
}

/// A threshold value: a depth or a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level<C> {
    Depth(u32),
    F(C),
}

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// IDDFS or IDA* from `starts`.
    pub(crate) fn deepening<S>(
        &mut self,
        bound: Bound,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut h: impl FnMut(&N) -> C,
        mut goal: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: Successors<N, C>,
    {
        self.nodes.begin();
        self.roots.clear();
        self.roots.extend(starts);
        let level = |g: C, h: C, depth: u32| -> Result<Level<C>, PathError> {
            match bound {
                Bound::Depth => Ok(Level::Depth(depth)),
                Bound::F => g
                    .checked_add_cost(h)
                    .map(Level::F)
                    .ok_or(PathError::Cost(CostError::Overflow)),
            }
        };
        // The first threshold: the smallest level of a start.
        let mut threshold = None;
        for i in 0..self.roots.len() {
            let r = self.roots[i].clone();
            self.nodes.visit(&r)?;
            let l = level(C::ZERO, check_h(h(&r))?, 0)?;
            threshold = Some(threshold.map_or(l, |t: Level<C>| t.min(l)));
        }
        let Some(mut threshold) = threshold else {
            return Ok(run.finish_exhausted());
        };
        loop {
            run.stats.iterations += 1;
            let mut next: Option<Level<C>> = None;
            for i in 0..self.roots.len() {
                let r = self.roots[i].clone();
                let (slot, _) = self.nodes.visit(&r)?;
                let d = self.nodes.data[slot as usize];
                if d.closed {
                    continue;
                }
                let l = level(C::ZERO, check_h(h(&r))?, 0)?;
                if l > threshold {
                    next = Some(next.map_or(l, |n| n.min(l)));
                    continue;
                }
                if goal(&r) {
                    let path = Path {
                        nodes: vec![r],
                        cost: C::ZERO,
                    };
                    return Ok(run.finish_found(path));
                }
                self.frames.clear();
                self.arena.clear();
                self.nodes.data[slot as usize].closed = true;
                self.frames.push(Frame {
                    slot,
                    g: C::ZERO,
                    depth: 0,
                    start: 0,
                    next: 0,
                    expanded: false,
                });
                while let Some(top) = self.frames.last_mut() {
                    if !top.expanded {
                        top.expanded = true;
                        // The frames are as many as the path is long; the rest grows.
                        let bytes =
                            || self.nodes.bytes() + vec_bytes(&self.arena) + vec_bytes(&self.succ);
                        if run.out_of_budget(bytes) {
                            return Ok(run.finish_budget());
                        }
                        let too_deep = run.max_depth.is_some_and(|m| top.depth >= m);
                        run.stats.expanded += 1;
                        let node = self.nodes.slots.node(top.slot);
                        succ.fill(&node, &mut self.succ);
                        run.stats.generated += self.succ.len() as u64;
                        if too_deep {
                            if !self.succ.is_empty() {
                                run.too_deep(top.depth + 1);
                            }
                        } else {
                            self.arena.append(&mut self.succ);
                        }
                        run.frontier(self.arena.len());
                        continue;
                    }
                    if top.next == self.arena.len() {
                        // Every successor tried: backtrack.
                        let done = *top;
                        self.frames.pop();
                        self.nodes.data[done.slot as usize].closed = false;
                        self.arena.truncate(done.start);
                        continue;
                    }
                    let (m, c) = self.arena[top.next].clone();
                    top.next += 1;
                    let (g, depth) = (add_step(top.g, c)?, top.depth + 1);
                    if run.too_costly(g) {
                        continue;
                    }
                    let (ms, _) = self.nodes.visit(&m)?;
                    if self.nodes.data[ms as usize].closed {
                        continue;
                    }
                    let l = level(g, check_h(h(&m))?, depth)?;
                    if l > threshold {
                        next = Some(next.map_or(l, |n| n.min(l)));
                        continue;
                    }
                    if goal(&m) {
                        let mut nodes: Vec<N> = self
                            .frames
                            .iter()
                            .map(|f| self.nodes.slots.node(f.slot))
                            .collect();
                        nodes.push(m);
                        return Ok(run.finish_found(Path { nodes, cost: g }));
                    }
                    self.nodes.data[ms as usize].closed = true;
                    let start = self.arena.len();
                    self.frames.push(Frame {
                        slot: ms,
                        g,
                        depth,
                        start,
                        next: start,
                        expanded: false,
                    });
                }
            }
            match next {
                Some(n) => threshold = n,
                None => return Ok(run.finish_exhausted()),
            }
        }
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Iterative-deepening DFS: depth-limited DFS with limits 0, 1, 2…; the fewest steps like
    /// BFS with the memory of DFS. See [`iddfs`](crate::iddfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.iddfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 3]);
    /// assert_eq!(r.stats.iterations, 3);
    /// ```
    pub fn iddfs<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        success: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        IN: IntoIterator<Item = N>,
    {
        timed(|| {
            self.engine.deepening(
                Bound::Depth,
                starts,
                self.run()?,
                Steps(successors),
                |_| 0,
                success,
            )
        })
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// IDA*: iterative deepening on `g + h`. Memory grows only with the path length, at
    /// the price of re-expanding states; optimal with an admissible heuristic. See
    /// [`idastar`](crate::idastar).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.idastar([0i32], |&n| [(n + 1, 1u32), (n + 2, 3)], |&n| (6 - n).unsigned_abs(),
    ///                     |&n| n == 6).unwrap();
    /// assert_eq!(r.cost(), Some(6));
    /// ```
    pub fn idastar<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        heuristic: impl FnMut(&N) -> C,
        success: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            self.engine.deepening(
                Bound::F,
                starts,
                self.run()?,
                Direct(successors),
                heuristic,
                success,
            )
        })
    }
}

/// Iterative-deepening DFS with a fresh [`SearchContext`]: the fewest steps, DFS memory.
///
/// # Errors
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::{iddfs, Limit, PathOutcome};
/// use search_core::{Budget, BudgetField};
/// let r = iddfs([0u32], |&n| [n + 1], |&n| n == 100, &Budget::depth(10)).unwrap();
/// assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth)));
/// ```
pub fn iddfs<N, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    IN: IntoIterator<Item = N>,
{
    SearchContext::bounded(budget).iddfs(starts, successors, success)
}

/// IDA* with a fresh [`SearchContext`]: optimal with an admissible heuristic, memory linear
/// in the path length.
///
/// # Errors
/// As [`astar`](crate::astar).
///
/// ```
/// use pathfind::idastar;
/// use search_core::Budget;
/// let r = idastar([0u32], |&n| [(n + 1, 1u32)], |&n| 4u32.saturating_sub(n), |&n| n == 4,
///                 &Budget::new());
/// assert_eq!(r.unwrap().path().unwrap().nodes, [0, 1, 2, 3, 4]);
/// ```
pub fn idastar<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    heuristic: impl FnMut(&N) -> C,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).idastar(starts, successors, heuristic, success)
}
