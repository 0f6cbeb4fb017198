//! The state table of a search: per-slot data ([`SlotData`]: cost, parent, depth, closed)
//! in one flat array reused from search to search, invalidated in O(1) by an epoch.

use core::marker::PhantomData;

use search_core::Cost;

use crate::engine::error::PathError;
use crate::engine::result::Path;
use crate::engine::run::Run;
use crate::engine::slots::{NONE, Slots, part_of, vec_bytes};

/// What a search knows about one state. Valid only while `epoch` equals the search's epoch,
/// so starting a new search invalidates every slot without touching the array.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotData<C> {
    /// Best known path cost from a start.
    pub g: C,
    /// Slot of the predecessor on the best known path, or [`NONE`].
    pub parent: u32,
    /// Steps from a start along the best known path.
    pub depth: u32,
    epoch: u32,
    /// Expanded (best-first, BFS, DFS) or on the current path (IDDFS, IDA*).
    pub closed: bool,
}

/// The slot table and its per-slot data.
#[derive(Clone, Debug)]
pub(crate) struct Nodes<N, C, T> {
    pub slots: T,
    pub data: Vec<SlotData<C>>,
    epoch: u32,
    /// The arrays `data` outgrew in a search that may be stopped, kept until the next
    /// search begins (or the table is dropped) so that the search never waits for their
    /// memory to be freed (see [`Nodes::growth_stops`]).
    retired: Vec<Vec<SlotData<C>>>,
    _node: PhantomData<fn() -> N>,
}

/// States a search may number before a growth of its tables during which it makes the
/// growth ahead, a part at a time (see [`Nodes::growth_stops`]): more than most states have
/// successors.
pub(crate) const GROWTH_WATCH: usize = 1024;

impl<N, C: Cost, T: Slots<N> + Default> Default for Nodes<N, C, T> {
    fn default() -> Self {
        Nodes {
            slots: T::default(),
            data: Vec::new(),
            epoch: 0,
            retired: Vec::new(),
            _node: PhantomData,
        }
    }
}

impl<N, C: Cost, T: Slots<N>> Nodes<N, C, T> {
    /// Starts a new search: every slot becomes unknown.
    pub(crate) fn begin(&mut self) {
        self.slots.reset();
        self.retired = Vec::new();
        if self.epoch == u32::MAX {
            for d in &mut self.data {
                d.epoch = 0;
            }
            self.epoch = 0;
        }
        self.epoch += 1;
    }

    /// The bytes the table holds, for a memory cap.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.bytes()
            + vec_bytes(&self.data)
            + self.retired.iter().map(vec_bytes).sum::<usize>()
    }

    /// Makes room for `n` slots so that a dense search never grows the array (see
    /// [`grow_to`], which asks `stop` between parts).
    pub(crate) fn reserve_slots(&mut self, n: usize, stop: impl FnMut() -> bool) {
        grow_to(&mut self.data, n, SlotData::stale(), stop);
    }

    /// The slot of `node` and whether this search sees it for the first time (its data then
    /// reset: cost zero, no parent, depth zero, open).
    #[inline(always)]
    pub(crate) fn visit(&mut self, node: &N) -> Result<(u32, bool), PathError> {
        self.visit_from(node, C::ZERO, NONE, 0)
    }

    /// [`visit`](Self::visit), but a state seen for the first time gets cost `g`, parent
    /// `parent` and depth `depth` (one write of its data instead of a reset and then the
    /// values).
    #[inline(always)]
    pub(crate) fn visit_from(
        &mut self,
        node: &N,
        g: C,
        parent: u32,
        depth: u32,
    ) -> Result<(u32, bool), PathError> {
        let (s, new) = self.slots.slot(node)?;
        let i = s as usize;
        if T::NEW_IS_FRESH && !new {
            return Ok((s, false));
        }
        if i >= self.data.len() {
            self.grow(i);
        }
        let d = &mut self.data[i];
        if !T::NEW_IS_FRESH && d.epoch == self.epoch {
            Ok((s, false))
        } else {
            *d = SlotData {
                g,
                parent,
                depth,
                epoch: self.epoch,
                closed: false,
            };
            Ok((s, true))
        }
    }

    /// Makes `data[i]` exist (amortised doubling, outside the hot loop).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, i: usize) {
        let len = (i + 1).max(self.data.len() * 2).max(64);
        self.data.resize(len, SlotData::stale());
    }

    /// `true` if a growth of the tables is near: [`GROWTH_WATCH`] more new states would set
    /// it off.
    #[inline]
    fn growth_near(&self) -> bool {
        self.slots
            .room_before_growth()
            .is_some_and(|room| room <= GROWTH_WATCH)
            || (T::IN_ORDER && self.data.len().saturating_sub(self.slots.count()) <= GROWTH_WATCH)
    }

    /// `true` if the search must stop before its next expansion because its deadline came
    /// or its stop flag was set while it grew its tables. Growing a table of a few hundred
    /// thousand states copies and writes megabytes the system has often yet to map, and
    /// freeing the old one gives megabytes back, each of which takes milliseconds; a search
    /// that can be stopped (see [`Run::interruptible`]) therefore grows each table when
    /// its growth is near, between two expansions, a part of
    /// [`PART_BYTES`](crate::engine::slots::PART_BYTES) at a time, looking at the clock and
    /// the flag between parts, and keeps the arrays it outgrew until the next search begins
    /// (see [`HashSlots`](crate::engine::slots::HashSlots)).
    #[inline]
    pub(crate) fn growth_stops(&mut self, run: &mut Run<C>) -> bool {
        self.growth_near() && run.interruptible() && !self.grow_ahead_for(run)
    }

    /// [`grow_ahead`](Self::grow_ahead) for the search `run`, which looks at its clock and
    /// flag between parts.
    #[cold]
    #[inline(never)]
    fn grow_ahead_for(&mut self, run: &mut Run<C>) -> bool {
        // What the tables will hold with their next ones, for a search that keeps the time
        // to free them.
        let held = self.bytes().saturating_mul(3);
        self.grow_ahead(|| run.interrupted(held))
    }

    /// Grows the tables whose growth is near, a part at a time, asking `stop` between
    /// parts; `false` if it said so (the tables then stay as they were, and what was built
    /// is kept until the next search).
    fn grow_ahead(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        if T::IN_ORDER && self.data.len().saturating_sub(self.slots.count()) <= GROWTH_WATCH {
            let (before, len) = (self.data.len(), (self.data.len() * 2).max(64));
            let mut next = Vec::with_capacity(len);
            while next.len() < len {
                let to = len.min(next.len() + part_of::<SlotData<C>>());
                if next.len() < before {
                    next.extend_from_slice(&self.data[next.len()..to.min(before)]);
                } else {
                    next.resize(to, SlotData::stale());
                }
                if next.len() < len && stop() {
                    self.retired.push(next);
                    return false;
                }
            }
            self.retired.push(core::mem::replace(&mut self.data, next));
        }
        self.slots.grow_ahead(stop)
    }

    /// The data of a slot if this search has seen it.
    #[inline]
    pub(crate) fn seen(&self, slot: usize) -> Option<&SlotData<C>> {
        self.data.get(slot).filter(|d| d.epoch == self.epoch)
    }

    /// The path to `slot` by following parents.
    pub(crate) fn path_to(&self, slot: u32) -> Path<N, C> {
        let mut nodes = Vec::with_capacity(self.data[slot as usize].depth as usize + 1);
        let mut s = slot;
        while s != NONE {
            nodes.push(self.slots.node(s));
            s = self.data[s as usize].parent;
        }
        nodes.reverse();
        Path {
            nodes,
            cost: self.data[slot as usize].g,
        }
    }
}

impl<C: Cost> SlotData<C> {
    fn stale() -> Self {
        SlotData {
            g: C::ZERO,
            parent: NONE,
            depth: 0,
            epoch: 0,
            closed: false,
        }
    }
}

/// Grows `v` to `n` copies of `value` (never shrinks it), a part of
/// [`PART_BYTES`](crate::engine::slots::PART_BYTES) at a time, asking `stop` between parts:
/// filling the per-cell arrays of a large grid takes long enough that a search's clock and
/// stop flag must be looked at while it sets up. Stops early when `stop` says so; the
/// search then grows the array as it goes, and ends at its first look at the budget.
pub(crate) fn grow_to<T: Clone>(
    v: &mut Vec<T>,
    n: usize,
    value: T,
    mut stop: impl FnMut() -> bool,
) {
    if v.len() < n {
        v.reserve_exact(n - v.len());
    }
    while v.len() < n {
        let to = n.min(v.len() + part_of::<T>());
        v.resize(to, value.clone());
        if to < n && stop() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{GROWTH_WATCH, Nodes, SlotData};
    use crate::engine::slots::{HashSlots, Slots, part_of};

    /// A growth made ahead copies every slot's data (and the states), or, stopped, leaves
    /// the tables as they were having done no part of its work after `stop` said so: the
    /// array it was filling holds at most as many parts as `stop` was asked.
    #[test]
    fn a_growth_ahead_stops_within_a_part_and_copies_everything_otherwise() {
        let mut nodes: Nodes<u64, u64, HashSlots<u64>> = Nodes::default();
        nodes.begin();
        let part = part_of::<SlotData<u64>>();
        let mut n = 0u64;
        let (mut stopped, mut grown) = (0, 0);
        while grown < 6 {
            let (s, fresh) = nodes
                .visit_from(&n, 3 * n, n.saturating_sub(1) as u32, 7)
                .unwrap();
            assert!(fresh && s as u64 == n);
            n += 1;
            if nodes.data.len() >= 4 * part && nodes.growth_near() {
                let before = (nodes.data.len(), nodes.slots.room_before_growth());
                let mut looks = 0;
                assert!(!nodes.grow_ahead(|| {
                    looks += 1;
                    looks == 2
                }));
                stopped += 1;
                assert_eq!(looks, 2, "no look after the stop");
                assert_eq!(
                    (nodes.data.len(), nodes.slots.room_before_growth()),
                    before,
                    "a stopped growth changes nothing"
                );
                let partial = nodes.retired.last().unwrap();
                assert!(partial.len() <= 2 * part, "{} entries built", partial.len());
                assert!(nodes.grow_ahead(|| false));
                grown += 1;
                assert!(!nodes.growth_near());
                assert!(
                    nodes.data.len() >= 2 * before.0
                        || nodes.slots.room_before_growth() > Some(GROWTH_WATCH)
                );
            }
        }
        assert!(stopped >= 6);
        for k in 0..n {
            assert_eq!(nodes.slots.node(k as u32), k);
            let d = nodes.seen(k as usize).unwrap();
            assert_eq!(
                (d.g, d.parent, d.depth),
                (3 * k, k.saturating_sub(1) as u32, 7)
            );
        }
        nodes.begin();
        assert!(nodes.retired.is_empty(), "a new search frees what was kept");
    }
}
