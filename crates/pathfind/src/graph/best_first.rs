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

use search_core::{Cost, CostError, FloatCost};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::open_list::{Entry, OpenList};
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::slots::Slots;
use crate::engine::successors::{Buffered, Successors, add_step, check_h};

/// The priority of a state on the open list, from its path cost `g` and heuristic `h`.
pub(crate) trait Priority<C: Cost>: Copy {
    /// The key type (smallest first).
    type Key: Ord + Copy + 'static;
    /// Whether a closed state reached more cheaply is searched again.
    const REOPEN: bool;
    /// The key of a state.
    fn key(self, g: C, h: C) -> Result<Self::Key, PathError>;
    /// The engine's slot table, open list for this key type, and successor buffer.
    fn parts<N, T>(engine: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, Self::Key>;
}

/// The parts of an [`Engine`] one best-first search uses.
pub(crate) struct Parts<'a, N, C, T, K> {
    pub nodes: &'a mut Nodes<N, C, T>,
    pub open: &'a mut OpenList<K>,
    pub buf: &'a mut Vec<(N, C)>,
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
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, C> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.open,
            buf: &mut e.succ,
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
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, C> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.open,
            buf: &mut e.succ,
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
    fn parts<N, T>(e: &mut Engine<N, C, T>) -> Parts<'_, N, C, T, FloatCost> {
        Parts {
            nodes: &mut e.nodes,
            open: &mut e.weighted_open,
            buf: &mut e.succ,
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
        let Parts { nodes, open, .. } = P::parts(self);
        nodes.begin();
        open.clear();
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
        let Parts { nodes, open, buf } = P::parts(self);
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
            if run.out_of_budget() {
                open.push(e, None);
                return Ok(Step::OutOfBudget);
            }
            nodes.data[e.slot as usize].closed = true;
            run.stats.expanded += 1;
            let depth = d.depth + 1;
            let deep = run.max_depth.is_some_and(|m| depth > m);
            succ.each(&node, buf, |m, c| {
                run.stats.generated += 1;
                if deep {
                    run.too_deep(depth);
                    return Ok(false);
                }
                let g = add_step(d.g, c)?;
                if run.too_costly(g) {
                    return Ok(false);
                }
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
    pub(crate) fn best_first<P, S, H, G>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        run: Run<C>,
        succ: S,
        h: H,
        goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: Priority<C>,
        S: FnMut(&N, &mut Vec<(N, C)>),
        H: FnMut(&N) -> C,
        G: FnMut(&N) -> bool,
    {
        self.best_first_with(p, starts, run, Buffered(succ), h, goal)
    }

    /// [`best_first`](Self::best_first) over any [`Successors`].
    pub(crate) fn best_first_with<P, S, H, G>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut h: H,
        mut goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: Priority<C>,
        S: Successors<N, C>,
        H: FnMut(&N) -> C,
        G: FnMut(&N) -> bool,
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
