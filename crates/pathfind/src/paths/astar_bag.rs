//! Every cheapest path at once: A* that keeps, for each state, all the predecessors through
//! which it is reached at its best cost, and goes on until no cheaper-or-equal goal can be
//! left ([`astar_bag`], like `pathfinding`'s `astar_bag`). The paths are enumerated lazily
//! from the resulting graph ([`AllShortestPaths::paths`]): there can be exponentially many.

use core::hash::Hash;

use search_core::{Budget, Cost, Stats};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::open_list::Entry;
use crate::engine::result::Limit;
use crate::engine::run::{Run, Timed, timed};
use crate::engine::slots::{HashSlots, NONE, Slots, vec_bytes};
use crate::engine::successors::{Direct, Successors, check_h, expand};
use crate::graph::best_first::{AStarKey, Priority};
use crate::graph::context::SearchContext;

/// Every cheapest path from a start to a goal, found by [`astar_bag`]: the optimal cost and
/// the graph of the predecessors on cheapest paths, from which [`paths`](Self::paths)
/// enumerates the paths lazily.
///
/// ```
/// use pathfind::astar_bag;
/// use search_core::Budget;
/// // A 3 x 3 grid, right or down moves only: 6 shortest paths from (0, 0) to (2, 2).
/// let all = astar_bag(
///     [(0u8, 0u8)],
///     |&(x, y)| [((x + 1, y), 1u32), ((x, y + 1), 1)].into_iter().filter(|&((x, y), _)| x < 3 && y < 3),
///     |&(x, y)| u32::from(2 - x + 2 - y),
///     |&p| p == (2, 2),
///     &Budget::new(),
/// )
/// .unwrap();
/// assert_eq!(all.cost, Some(4));
/// assert_eq!(all.paths().count(), 6);
/// assert!(all.paths().all(|p| p.len() == 5 && p[0] == (0, 0) && p[4] == (2, 2)));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct AllShortestPaths<N, C> {
    /// The cost of every path, or `None` if no goal was reached.
    pub cost: Option<C>,
    /// The bound that stopped the search before it could finish, or `None`. The paths
    /// found before it are kept but may not be all of them (or the cheapest).
    pub limit: Option<Limit>,
    /// What the search did: `nodes` states expanded, `leaves` states generated.
    pub stats: Stats,
    nodes: Vec<N>,
    g: Vec<C>,
    starts: Vec<bool>,
    heads: Vec<u32>,
    edges: Vec<(u32, u32, C)>,
    sinks: Vec<u32>,
}

impl<N: Clone, C: Cost> AllShortestPaths<N, C> {
    /// The paths, lazily, each from a start to a goal (both included), in no particular
    /// order. Each path is loopless (a state met again along a path of zero-cost steps is
    /// not followed twice).
    ///
    /// ```
    /// use pathfind::astar_bag;
    /// use search_core::Budget;
    /// // Two ways from 0 to 3 of cost 2, one of cost 3.
    /// let succ = |&n: &u8| match n {
    ///     0 => vec![(1, 1u32), (2, 1), (3, 3)],
    ///     1 | 2 => vec![(3, 1)],
    ///     _ => vec![],
    /// };
    /// let all = astar_bag([0u8], succ, |_| 0, |&n| n == 3, &Budget::new()).unwrap();
    /// let mut paths: Vec<Vec<u8>> = all.paths().collect();
    /// paths.sort();
    /// assert_eq!(paths, [vec![0, 1, 3], vec![0, 2, 3]]);
    /// ```
    pub fn paths(&self) -> impl Iterator<Item = Vec<N>> + '_ {
        Paths {
            all: self,
            sink: 0,
            frames: Vec::new(),
            on_path: vec![false; self.nodes.len()],
            root_pending: false,
        }
    }

    /// The number of distinct goals reached at the optimal cost.
    ///
    /// ```
    /// use pathfind::astar_bag;
    /// use search_core::Budget;
    /// let all = astar_bag([0i32], |&n| [(n - 1, 1u32), (n + 1, 1)], |_| 0,
    ///                     |&n| n.abs() == 2, &Budget::new()).unwrap();
    /// assert_eq!((all.goals(), all.paths().count()), (2, 2));
    /// ```
    #[must_use]
    pub fn goals(&self) -> usize {
        self.sinks.len()
    }
}

impl<N, C> Timed for AllShortestPaths<N, C> {
    fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }
}

/// The iterator of [`AllShortestPaths::paths`]: a depth-first walk from each goal back
/// along the predecessors to a start.
#[derive(Clone, Debug)]
struct Paths<'a, N, C> {
    all: &'a AllShortestPaths<N, C>,
    /// The next goal to walk from.
    sink: usize,
    /// The walk: `(slot, next predecessor edge to try)`, the goal first.
    frames: Vec<(u32, u32)>,
    on_path: Vec<bool>,
    /// The top frame is a start: its path is the next one to yield.
    root_pending: bool,
}

impl<N: Clone, C: Cost> Paths<'_, N, C> {
    /// Steps onto `slot`: a start completes a path, another state is walked through.
    fn enter(&mut self, slot: u32) {
        self.frames.push((slot, self.all.heads[slot as usize]));
        self.on_path[slot as usize] = true;
        self.root_pending = self.all.starts[slot as usize];
    }

    fn leave(&mut self) {
        if let Some((slot, _)) = self.frames.pop() {
            self.on_path[slot as usize] = false;
        }
    }
}

impl<N: Clone, C: Cost> Iterator for Paths<'_, N, C> {
    type Item = Vec<N>;

    fn next(&mut self) -> Option<Vec<N>> {
        let all = self.all;
        loop {
            if self.root_pending {
                self.root_pending = false;
                let path = self
                    .frames
                    .iter()
                    .rev()
                    .map(|&(s, _)| all.nodes[s as usize].clone())
                    .collect();
                // A path ends at its start: do not go on through other predecessors.
                self.leave();
                return Some(path);
            }
            let Some(top) = self.frames.last_mut() else {
                let &sink = all.sinks.get(self.sink)?;
                self.sink += 1;
                self.enter(sink);
                continue;
            };
            let (slot, edge) = *top;
            if edge == NONE {
                self.leave();
                continue;
            }
            let (parent, next, cost) = all.edges[edge as usize];
            top.1 = next;
            let p = parent as usize;
            // Only predecessors still on a cheapest path (their cost may have dropped
            // since) and not already on this path.
            let on_best = all.g[p].checked_add_cost(cost) == Some(all.g[slot as usize]);
            if on_best && !self.on_path[p] {
                self.enter(parent);
            }
        }
    }
}

impl<N: Clone + Eq + Hash, C: Cost> Engine<N, C, HashSlots<N>> {
    /// A* keeping every predecessor at the best cost, until the open list's minimum
    /// exceeds the optimal cost.
    pub(crate) fn astar_bag<S>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut h: impl FnMut(&N) -> C,
        mut goal: impl FnMut(&N) -> bool,
    ) -> Result<AllShortestPaths<N, C>, PathError>
    where
        S: Successors<N, C>,
    {
        let p = AStarKey;
        let nodes = &mut self.nodes;
        let open = &mut self.open;
        let buf = &mut self.succ;
        nodes.begin();
        open.clear();
        // Per slot: the first predecessor edge (into `edges`: parent, next edge, step cost).
        let mut heads: Vec<u32> = Vec::new();
        let mut edges: Vec<(u32, u32, C)> = Vec::new();
        let mut start_slots = Vec::new();
        let mut sinks = Vec::new();
        let mut best: Option<C> = None;
        for s in starts {
            let (slot, fresh) = nodes.visit(&s)?;
            if !fresh {
                continue;
            }
            heads.push(NONE);
            start_slots.push(slot);
            let key = <AStarKey as Priority<C>>::key(p, C::ZERO, check_h(h(&s))?)?;
            open.push(
                Entry {
                    key,
                    depth: 0,
                    slot,
                },
                None,
            );
        }
        let mut limit = None;
        while let Some(e) = open.pop() {
            if best.is_some_and(|b| e.key > b) {
                break;
            }
            let d = nodes.data[e.slot as usize];
            if d.closed {
                continue;
            }
            let node = nodes.slots.node(e.slot);
            nodes.data[e.slot as usize].closed = true;
            if goal(&node) {
                // Goals are not expanded (as `pathfinding` does): a path ends at its goal.
                best = Some(best.map_or(d.g, |b: C| b.min(d.g)));
                if best == Some(d.g) {
                    sinks.push(e.slot);
                }
                continue;
            }
            let bytes = || {
                nodes.bytes()
                    + open.bytes()
                    + vec_bytes(buf)
                    + vec_bytes(&heads)
                    + vec_bytes(&edges)
                    + vec_bytes(&sinks)
            };
            if run.out_of_budget(bytes) {
                limit = Some(run.reached());
                break;
            }
            run.stats.expanded += 1;
            let depth = d.depth + 1;
            expand(
                &mut run,
                &mut succ,
                &node,
                buf,
                d.g,
                depth,
                |run, m, g, c| {
                    let (ms, fresh) = nodes.visit(&m)?;
                    let i = ms as usize;
                    if fresh {
                        heads.resize(heads.len().max(i + 1), NONE);
                    } else {
                        let md = &mut nodes.data[i];
                        if g > md.g {
                            return Ok(false);
                        }
                        if g == md.g {
                            // Another predecessor at the best cost (once: parallel steps
                            // give the same sequence of states).
                            let mut k = heads[i];
                            while k != NONE {
                                if edges[k as usize].0 == e.slot {
                                    return Ok(false);
                                }
                                k = edges[k as usize].1;
                            }
                            edges.push((e.slot, heads[i], c));
                            heads[i] = (edges.len() - 1) as u32;
                            return Ok(false);
                        }
                        if md.closed {
                            md.closed = false;
                            run.stats.reopened += 1;
                        }
                    }
                    edges.push((e.slot, NONE, c));
                    heads[i] = (edges.len() - 1) as u32;
                    let hv = check_h(h(&m))?;
                    let md = &mut nodes.data[i];
                    md.g = g;
                    md.parent = e.slot;
                    md.depth = depth;
                    open.push(
                        Entry {
                            key: <AStarKey as Priority<C>>::key(p, g, hv)?,
                            depth,
                            slot: ms,
                        },
                        Some(e.key),
                    );
                    Ok(false)
                },
            )?;
            run.frontier(open.len());
        }
        if limit.is_none() && best.is_none() {
            limit = run.pruned;
        }
        let count = nodes.slots.nodes().len();
        let mut starts = vec![false; count];
        for s in start_slots {
            starts[s as usize] = true;
        }
        heads.resize(count, NONE);
        // Only goals at the optimal cost (a cheaper one may have been found after).
        sinks.retain(|&s| Some(nodes.data[s as usize].g) == best);
        Ok(AllShortestPaths {
            cost: best,
            limit,
            stats: run.stats(0),
            nodes: nodes.slots.nodes().to_vec(),
            g: (0..count).map(|i| nodes.data[i].g).collect(),
            starts,
            heads,
            edges,
            sinks,
        })
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Every cheapest path: see [`astar_bag`].
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow, too many states or an
    /// unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let all = ctx.astar_bag([0u32], |&n| [(n + 1, 1u32), (n + 2, 2)], |_| 0, |&n| n == 3)
    ///     .unwrap();
    /// // 0-1-2-3, 0-2-3, 0-1-3: three ways of cost 3.
    /// assert_eq!((all.cost, all.paths().count()), (Some(3), 3));
    /// ```
    pub fn astar_bag<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        heuristic: impl FnMut(&N) -> C,
        success: impl FnMut(&N) -> bool,
    ) -> Result<AllShortestPaths<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            let run = self.run()?;
            self.engine
                .astar_bag(starts, run, Direct(successors), heuristic, success)
        })
    }
}

/// Every cheapest path from one of `starts` to a state where `success` holds, with a fresh
/// [`SearchContext`] (like `pathfinding`'s `astar_bag`). The heuristic must be admissible
/// and consistent for the set to be complete; goals are not expanded (a path ends at the
/// first goal on it). With zero-cost steps the paths given are the loopless ones.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow, too many states or an
/// unusable budget.
///
/// ```
/// use pathfind::astar_bag;
/// use search_core::Budget;
/// // Two starts, both 2 away from the goal 0: one path from each.
/// let all = astar_bag([-2i32, 2], |&n| [(n - 1, 1u32), (n + 1, 1)], |&n| n.unsigned_abs(),
///                     |&n| n == 0, &Budget::new()).unwrap();
/// assert_eq!((all.cost, all.paths().count()), (Some(2), 2));
/// ```
pub fn astar_bag<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    heuristic: impl FnMut(&N) -> C,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<AllShortestPaths<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).astar_bag(starts, successors, heuristic, success)
}
