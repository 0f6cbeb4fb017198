//! Best-first search, the one implementation behind Dijkstra, A*, weighted A* and greedy
//! best-first: they differ only in the priority of a state ([`Priority`]).
//!
//! The open list is a binary heap with lazy deletion (an improved state is pushed again and
//! its stale entries are skipped when popped), the closed set a flag in the per-slot data.
//! The goal test happens when a state is taken from the heap, which makes A* optimal with an
//! admissible heuristic. A* and Dijkstra reopen a closed state reached again more cheaply
//! (needed with an admissible but inconsistent heuristic); weighted A* and greedy search do not.

use std::collections::BinaryHeap;

use search_core::{Cost, CostError, FloatCost};

use crate::engine::{add_step, check_h, Engine, Entry, Nodes, Run, Slots};
use crate::error::PathError;
use crate::result::{Limits, Outcome, SearchResult};

/// The priority of a state on the open list, from its path cost `g` and heuristic `h`.
pub(crate) trait Priority<C: Cost>: Copy {
    /// The key type (smallest first).
    type Key: Ord + Copy;
    /// Whether a closed state reached more cheaply is searched again.
    const REOPEN: bool;
    /// The key of a state.
    fn key(self, g: C, h: C) -> Result<Self::Key, PathError>;
    /// The engine's slot table, heap for this key type, and successor buffer.
    #[allow(clippy::type_complexity)]
    fn parts<N, T>(
        engine: &mut Engine<N, C, T>,
    ) -> (&mut Nodes<N, C, T>, &mut BinaryHeap<Entry<Self::Key, C>>, &mut Vec<(N, C)>);
}

/// `f = g + h`: A* (and Dijkstra with `h = 0`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct AStarKey;

impl<C: Cost> Priority<C> for AStarKey {
    type Key = C;
    const REOPEN: bool = true;
    #[inline]
    fn key(self, g: C, h: C) -> Result<C, PathError> {
        g.checked_add_cost(h).ok_or(PathError::Cost(CostError::Overflow))
    }
    fn parts<N, T>(
        e: &mut Engine<N, C, T>,
    ) -> (&mut Nodes<N, C, T>, &mut BinaryHeap<Entry<C, C>>, &mut Vec<(N, C)>) {
        (&mut e.nodes, &mut e.heap, &mut e.succ)
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
    fn parts<N, T>(
        e: &mut Engine<N, C, T>,
    ) -> (&mut Nodes<N, C, T>, &mut BinaryHeap<Entry<C, C>>, &mut Vec<(N, C)>) {
        (&mut e.nodes, &mut e.heap, &mut e.succ)
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
    fn parts<N, T>(
        e: &mut Engine<N, C, T>,
    ) -> (&mut Nodes<N, C, T>, &mut BinaryHeap<Entry<FloatCost, C>>, &mut Vec<(N, C)>) {
        (&mut e.nodes, &mut e.weighted_heap, &mut e.succ)
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
    /// The expansion budget is spent.
    OutOfExpansions,
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
        let (nodes, heap, _) = P::parts(self);
        nodes.begin();
        heap.clear();
        for s in starts {
            let (slot, fresh) = nodes.visit(&s)?;
            if !fresh {
                continue;
            }
            let hv = check_h(h(&s))?;
            nodes.data[slot as usize].h = hv;
            heap.push(Entry { key: p.key(C::ZERO, hv)?, g: C::ZERO, slot });
        }
        run.frontier(heap.len());
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
        S: FnMut(&N, &mut Vec<(N, C)>),
        H: FnMut(&N) -> C,
        G: FnMut(&N) -> bool,
    {
        let (nodes, heap, buf) = P::parts(self);
        loop {
            let Some(e) = heap.pop() else {
                return Ok(Step::Exhausted);
            };
            let d = nodes.data[e.slot as usize];
            if d.closed || e.g != d.g {
                continue;
            }
            let node = nodes.slots.node(e.slot);
            if goal(&node) {
                return Ok(Step::Found(e.slot));
            }
            if run.out_of_expansions() {
                heap.push(e);
                return Ok(Step::OutOfExpansions);
            }
            nodes.data[e.slot as usize].closed = true;
            run.stats.expanded += 1;
            buf.clear();
            succ(&node, buf);
            run.stats.generated += buf.len() as u64;
            let depth = d.depth + 1;
            if buf.is_empty() || run.too_deep(depth) {
                return Ok(Step::Expanded(e.slot));
            }
            for (m, c) in buf.drain(..) {
                let g = add_step(d.g, c)?;
                if run.too_costly(g) {
                    continue;
                }
                let (ms, fresh) = nodes.visit(&m)?;
                let hv = if fresh {
                    let hv = check_h(h(&m))?;
                    nodes.data[ms as usize].h = hv;
                    hv
                } else {
                    let md = &mut nodes.data[ms as usize];
                    if g >= md.g {
                        continue;
                    }
                    if md.closed {
                        if !P::REOPEN {
                            continue;
                        }
                        md.closed = false;
                        run.stats.reopened += 1;
                    }
                    md.h
                };
                let md = &mut nodes.data[ms as usize];
                md.g = g;
                md.parent = e.slot;
                md.depth = depth;
                heap.push(Entry { key: p.key(g, hv)?, g, slot: ms });
            }
            run.frontier(heap.len());
            return Ok(Step::Expanded(e.slot));
        }
    }

    /// A whole best-first search.
    pub(crate) fn best_first<P, S, H, G>(
        &mut self,
        p: P,
        starts: impl IntoIterator<Item = N>,
        limits: &Limits<C>,
        mut succ: S,
        mut h: H,
        mut goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        P: Priority<C>,
        S: FnMut(&N, &mut Vec<(N, C)>),
        H: FnMut(&N) -> C,
        G: FnMut(&N) -> bool,
    {
        let mut run = Run::new(limits);
        self.bf_start(p, starts, &mut h, &mut run)?;
        loop {
            match self.bf_step(p, &mut run, &mut succ, &mut h, &mut goal)? {
                Step::Expanded(_) => {}
                Step::Found(slot) => {
                    let path = self.nodes.path_to(slot);
                    return Ok(SearchResult { outcome: Outcome::Found(path), stats: run.stats });
                }
                Step::Exhausted => return Ok(run.finish_exhausted()),
                Step::OutOfExpansions => return Ok(run.finish_expansions()),
            }
        }
    }
}
