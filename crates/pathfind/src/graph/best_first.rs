//! Best-first search, the one implementation behind Dijkstra, A*, weighted A* and greedy
//! best-first: they differ only in the priority of a state ([`Priority`]).
//!
//! The open list ([`OpenList`]) is a binary heap with lazy deletion (an improved state is
//! pushed again and its outdated entries are skipped when popped) plus a stack for entries
//! that tie with the state being expanded; the closed set is a flag in the per-slot data.
//! Ties between equal keys go to the deepest state.
//! The goal test happens when a state is taken from the heap, which makes A* optimal with an
//! admissible heuristic. A* and Dijkstra reopen a closed state reached again more cheaply
//! (needed with an admissible but inconsistent heuristic); weighted A* and greedy search do not.
//!
//! Here are the loop (one expansion at a time, for [`AStarStepper`](crate::AStarStepper)
//! too), the four priorities, the [`SearchContext`] methods `dijkstra`, `astar`,
//! `weighted_astar` and `greedy_best_first`, and the one-query functions of the same names.

use core::hash::Hash;

use search_core::{Budget, Cost, CostError, FloatCost};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::open_list::{Entry, OpenList};
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{Slots, vec_bytes};
use crate::engine::successors::{Direct, Successors, check_h, expand};
use crate::graph::context::SearchContext;

/// The priority of a state on the open list, from its path cost `g` and heuristic `h`.
pub(crate) trait Priority<C: Cost>: Copy {
    /// The key type (smallest first).
    type Key: Ord + Copy + 'static;
    /// Whether a closed state reached more cheaply is searched again.
    const REOPEN: bool;
    /// The key of a state.
    fn key(self, g: C, h: C) -> Result<Self::Key, PathError>;
    /// The heuristic value of the state whose newest key is `key` at cost `g`, recovered
    /// from the key (exact for integer costs below 2^53).
    fn estimate(self, key: Self::Key, g: C) -> f64;
    /// The engine's slot table, open list for this key type, and successor buffer.
    fn parts<N, T>(engine: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, Self::Key>;
}

/// The parts of an [`Engine`] one best-first search uses.
pub(crate) struct Parts<'a, N, C, T, K> {
    pub nodes: &'a mut Nodes<N, C, T>,
    pub open: &'a mut OpenList<K>,
    pub buf: &'a mut Vec<(N, C)>,
    pub nearest: &'a mut Option<(f64, C, u32)>,
}

/// `f = g + h`: A* (and Dijkstra with `h = 0`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct AStarKey;

impl<C: Cost> Priority<C> for AStarKey {
    type Key = C;
    const REOPEN: bool = true;
    #[inline]
    fn key(self, g: C, h: C) -> Result<C, PathError> {
        g.checked_add_cost(h)
            .ok_or(PathError::Cost(CostError::Overflow))
    }
    #[inline]
    fn estimate(self, key: C, g: C) -> f64 {
        key.as_f64() - g.as_f64()
    }
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, C> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.open,
            buf: &mut e.succ,
            nearest: &mut e.nearest,
        }
    }
}

/// `f = h`: greedy best-first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GreedyKey;

impl<C: Cost> Priority<C> for GreedyKey {
    type Key = C;
    const REOPEN: bool = false;
    #[inline]
    fn key(self, _g: C, h: C) -> Result<C, PathError> {
        Ok(h)
    }
    #[inline]
    fn estimate(self, key: C, _g: C) -> f64 {
        key.as_f64()
    }
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, C> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.open,
            buf: &mut e.succ,
            nearest: &mut e.nearest,
        }
    }
}

/// `f = g + w * h` in floating point: weighted A*.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WeightedKey(pub f64);

impl WeightedKey {
    /// Validates the weight.
    pub(crate) fn new(weight: f64) -> Result<Self, PathError> {
        if weight.is_finite() && weight >= 1.0 {
            Ok(WeightedKey(weight))
        } else {
            Err(PathError::InvalidWeight(weight))
        }
    }
}

impl<C: Cost> Priority<C> for WeightedKey {
    type Key = FloatCost;
    const REOPEN: bool = false;
    #[inline]
    fn key(self, g: C, h: C) -> Result<FloatCost, PathError> {
        FloatCost::new(g.as_f64() + self.0 * h.as_f64()).map_err(PathError::from)
    }
    #[inline]
    fn estimate(self, key: FloatCost, g: C) -> f64 {
        (key.as_f64() - g.as_f64()) / self.0
    }
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, FloatCost> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.weighted_open,
            buf: &mut e.succ,
            nearest: &mut e.nearest,
        }
    }
}

/// What one call of [`Engine::bf_step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// This slot was expanded.
    Expanded(u32),
    /// This slot is a goal taken from the open list.
    Found(u32),
    /// The open list is empty.
    Exhausted,
    /// A limit of the run ended the search: expansions, time or the stop flag.
    OutOfBudget,
}

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// Starts a best-first search from `starts`.
    pub(crate) fn bf_start<P: Priority<C>, H: FnMut(&N) -> C>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        h: &mut H,
        run: &mut Run<C>,
    ) -> Result<(), PathError> {
        let Parts {
            nodes,
            open,
            nearest,
            ..
        } = P::parts(self);
        nodes.begin();
        open.clear();
        *nearest = None;
        for s in starts {
            let (slot, fresh) = nodes.visit(&s)?;
            if !fresh {
                continue;
            }
            let hv = check_h(h(&s))?;
            open.push(
                Entry {
                    key: p.key(C::ZERO, hv)?,
                    depth: 0,
                    slot,
                },
                None,
            );
        }
        run.frontier(open.len());
        Ok(())
    }

    /// Takes the best state from the open list: reports it if it is a goal, else expands it.
    #[inline]
    pub(crate) fn bf_step<P, S, H, G>(
        &mut self,
        p: P,
        run: &mut Run<C>,
        succ: &mut S,
        h: &mut H,
        goal: &mut G,
    ) -> Result<Step, PathError>
    where
        P: Priority<C>,
        S: Successors<N, C>,
        H: FnMut(&N) -> C,
        G: FnMut(&N) -> bool,
    {
        let Parts {
            nodes,
            open,
            buf,
            nearest,
        } = P::parts(self);
        loop {
            let Some(e) = open.pop() else {
                return Ok(Step::Exhausted);
            };
            let d = nodes.data[e.slot as usize];
            // Every push for a state has a smaller key than the previous ones (its cost
            // dropped, its estimate did not change), so its newest entry pops first and the
            // older ones find it closed.
            if d.closed {
                continue;
            }
            let node = nodes.slots.node(e.slot);
            if goal(&node) {
                return Ok(Step::Found(e.slot));
            }
            if run.out_of_budget(|| nodes.bytes() + open.bytes() + vec_bytes(buf))
                || nodes.growth_stops(run)
            {
                open.push(e, None);
                return Ok(Step::OutOfBudget);
            }
            nodes.data[e.slot as usize].closed = true;
            let estimate = p.estimate(e.key, d.g);
            if nearest.is_none_or(|(bh, bg, _)| estimate < bh || (estimate == bh && d.g < bg)) {
                *nearest = Some((estimate, d.g, e.slot));
            }
            run.stats.expanded += 1;
            let depth = d.depth + 1;
            expand(run, succ, &node, buf, d.g, depth, |run, m, g, _| {
                // A new state gets its cost, parent and depth with its slot.
                let (ms, fresh) = nodes.visit_from(&m, g, e.slot, depth)?;
                if !fresh {
                    let md = &mut nodes.data[ms as usize];
                    if g >= md.g {
                        return Ok(false);
                    }
                    if md.closed {
                        if !P::REOPEN {
                            return Ok(false);
                        }
                        md.closed = false;
                        run.stats.reopened += 1;
                    }
                    md.g = g;
                    md.parent = e.slot;
                    md.depth = depth;
                }
                let hv = check_h(h(&m))?;
                open.push(
                    Entry {
                        key: p.key(g, hv)?,
                        depth,
                        slot: ms,
                    },
                    Some(e.key),
                );
                Ok(false)
            })?;
            run.frontier(open.len());
            return Ok(Step::Expanded(e.slot));
        }
    }

    /// A whole best-first search.
    pub(crate) fn best_first<P, S>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut h: impl FnMut(&N) -> C,
        mut goal: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: Priority<C>,
        S: Successors<N, C>,
    {
        self.bf_start(p, starts, &mut h, &mut run)?;
        loop {
            match self.bf_step(p, &mut run, &mut succ, &mut h, &mut goal)? {
                Step::Expanded(_) => {}
                Step::Found(slot) => {
                    let path = self.nodes.path_to(slot);
                    return Ok(run.finish_found(path));
                }
                Step::Exhausted => return Ok(run.finish_exhausted()),
                Step::OutOfBudget => return Ok(run.finish_budget()),
            }
        }
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Dijkstra's algorithm (uniform-cost search): the cheapest path, states taken in order
    /// of path cost. See [`dijkstra`](crate::dijkstra).
    ///
    /// # Errors
    /// A negative step cost, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dijkstra([0i32], |&n| [(n + 1, 2u32), (n + 3, 5)], |&n| n == 3);
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn dijkstra<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        success: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            let run = self.run()?;
            self.engine.best_first(
                AStarKey,
                starts,
                run,
                Direct(successors),
                |_| C::ZERO,
                success,
            )
        })
    }

    /// A*: the cheapest path, states taken in order of `g + h`; optimal when `heuristic`
    /// never overestimates the remaining cost (admissible). See [`astar`](crate::astar).
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow or too many states.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let goal = 7i32;
    /// let r = ctx.astar([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)], |&n| (goal - n).unsigned_abs(),
    ///                   |&n| n == goal).unwrap();
    /// assert_eq!(r.cost(), Some(7));
    /// assert_eq!(r.stats.nodes, 7);
    /// ```
    pub fn astar<IN>(
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
            let run = self.run()?;
            self.guided(
                AStarKey,
                starts,
                run,
                Direct(successors),
                heuristic,
                success,
            )
        })
    }

    /// Weighted A*: states taken in order of `g + weight * h`. With a consistent heuristic
    /// the path costs at most `weight` times the optimum, usually after far fewer
    /// expansions. A state is expanded at most once, so with a heuristic that is admissible
    /// but not consistent the bound can fail. See [`weighted_astar`](crate::weighted_astar).
    ///
    /// # Errors
    /// [`PathError::InvalidWeight`] unless `weight` is finite and at least 1; otherwise as
    /// [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.weighted_astar([0i32], |&n| [(n + 1, 1u32)], |&n| (5 - n).unsigned_abs(),
    ///                            |&n| n == 5, 2.0);
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn weighted_astar<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        heuristic: impl FnMut(&N) -> C,
        success: impl FnMut(&N) -> bool,
        weight: f64,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        let key = WeightedKey::new(weight)?;
        timed(|| {
            let run = self.run()?;
            self.guided(key, starts, run, Direct(successors), heuristic, success)
        })
    }

    /// Greedy best-first search: states taken in order of the heuristic alone. Fast when
    /// the heuristic is good, but the path is not the cheapest in general. See
    /// [`greedy_best_first`](crate::greedy_best_first).
    ///
    /// # Errors
    /// As [`astar`](Self::astar).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.greedy_best_first([0i32], |&n| [(n + 1, 1u32), (n - 1, 1)],
    ///                               |&n| (4 - n).unsigned_abs(), |&n| n == 4);
    /// assert_eq!(r.unwrap().stats.nodes, 4);
    /// ```
    pub fn greedy_best_first<IN>(
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
            let run = self.run()?;
            self.guided(
                GreedyKey,
                starts,
                run,
                Direct(successors),
                heuristic,
                success,
            )
        })
    }

    /// A best-first search ordered by `p` (A*, weighted A*, greedy), which uses the
    /// heuristic `h`: when a limit stops it, the result names the best progress made
    /// ([`SearchResult::best_so_far`]).
    pub(crate) fn guided<P, S>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        run: Run<C>,
        succ: S,
        mut h: impl FnMut(&N) -> C,
        goal: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: Priority<C>,
        S: Successors<N, C>,
    {
        let r = self.engine.best_first(p, starts, run, succ, &mut h, goal)?;
        Ok(self.with_best_so_far(r))
    }
}

/// Dijkstra's algorithm with a fresh [`SearchContext`]: the cheapest path.
///
/// # Errors
/// A negative step cost, a cost overflow or too many states.
///
/// ```
/// use pathfind::{dijkstra, PathError};
/// use search_core::Budget;
/// use search_core::CostError;
/// let r = dijkstra([0u8], |&n| [(n + 1, 3u32)], |&n| n == 2, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(6));
/// let r = dijkstra([0u8], |&n| [(n + 1, -1i32)], |&n| n == 2, &Budget::new());
/// assert_eq!(r.unwrap_err(), PathError::Cost(CostError::Negative));
/// ```
pub fn dijkstra<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).dijkstra(starts, successors, success)
}

/// A* with a fresh [`SearchContext`]: the cheapest path, guided by an admissible heuristic.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow or too many states.
///
/// ```
/// use pathfind::astar;
/// use search_core::Budget;
/// let goal = (3i32, 4i32);
/// let r = astar(
///     [(0i32, 0i32)],
///     |&(x, y)| [((x + 1, y), 1u32), ((x - 1, y), 1), ((x, y + 1), 1), ((x, y - 1), 1)],
///     |&(x, y)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs(),
///     |&p| p == goal,
///     &Budget::new(),
/// )
/// .unwrap();
/// assert_eq!(r.cost(), Some(7));
/// assert_eq!(r.path().unwrap().nodes.len(), 8);
/// ```
pub fn astar<N, C, IN>(
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
    SearchContext::bounded(budget).astar(starts, successors, heuristic, success)
}

/// Weighted A* with a fresh [`SearchContext`]: at most `weight` times the optimal cost with a
/// consistent heuristic.
///
/// # Errors
/// [`PathError::InvalidWeight`], or as [`astar`].
///
/// ```
/// use pathfind::{weighted_astar, PathError};
/// use search_core::Budget;
/// let r = weighted_astar([0u8], |&n| [(n + 1, 1u32)], |_| 0, |&n| n == 3, f64::NAN, &Budget::new());
/// assert!(matches!(r, Err(PathError::InvalidWeight(_))));
/// ```
pub fn weighted_astar<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    heuristic: impl FnMut(&N) -> C,
    success: impl FnMut(&N) -> bool,
    weight: f64,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).weighted_astar(starts, successors, heuristic, success, weight)
}

/// Greedy best-first search with a fresh [`SearchContext`]: follows the heuristic alone.
///
/// # Errors
/// As [`astar`].
///
/// ```
/// use pathfind::greedy_best_first;
/// use search_core::Budget;
/// let r = greedy_best_first([0i32], |&n| [(n + 1, 1u32)], |&n| (3 - n).unsigned_abs(),
///                           |&n| n == 3, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(3));
/// ```
pub fn greedy_best_first<N, C, IN>(
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
    SearchContext::bounded(budget).greedy_best_first(starts, successors, heuristic, success)
}
