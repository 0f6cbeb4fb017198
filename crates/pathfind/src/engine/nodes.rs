//! The state table of a search: per-slot data ([`SlotData`]: cost, parent, depth, closed)
//! in one flat array reused from search to search, invalidated in O(1) by an epoch.

use core::marker::PhantomData;

use search_core::Cost;

use crate::engine::error::PathError;
use crate::engine::result::Path;
use crate::engine::run::Run;
use crate::engine::slots::{NONE, PREPARE_PART, Slots, vec_bytes};

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
    /// The next, doubled, `data`, while its growth is being prepared: its pages written a
    /// part at a time (with stale entries) before the growth copies `data` into it.
    next_data: Vec<SlotData<C>>,
    _node: PhantomData<fn() -> N>,
}

/// States a search may number before a growth of its tables during which it prepares the
/// growth, a part at a time (see [`Nodes::growth_stops`]): more than most states have
/// successors.
pub(crate) const GROWTH_WATCH: usize = 1024;

impl<N, C: Cost, T: Slots<N> + Default> Default for Nodes<N, C, T> {
    fn default() -> Self {
        Nodes {
            slots: T::default(),
            data: Vec::new(),
            epoch: 0,
            next_data: Vec::new(),
            _node: PhantomData,
        }
    }
}

impl<N, C: Cost, T: Slots<N>> Nodes<N, C, T> {
    /// Starts a new search: every slot becomes unknown.
    pub(crate) fn begin(&mut self) {
        self.slots.reset();
        self.next_data = Vec::new();
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
        self.slots.bytes() + vec_bytes(&self.data) + vec_bytes(&self.next_data)
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

    /// Makes `data[i]` exist (amortised doubling, outside the hot loop), into the
    /// prepared next array when there is one of that size.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, i: usize) {
        let before = self.data.len();
        let len = (i + 1).max(before * 2).max(64);
        if self.next_data.capacity() == len {
            let mut next = core::mem::take(&mut self.next_data);
            next.resize(len, SlotData::stale());
            next[..before].copy_from_slice(&self.data);
            self.data = next;
        } else {
            self.next_data = Vec::new();
            self.data.resize(len, SlotData::stale());
        }
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
    /// or its stop flag was set while it prepared a growth of its tables. Growing a table
    /// of a few hundred thousand states writes megabytes the system has often yet to map,
    /// which takes milliseconds; a search that can be stopped (see
    /// [`Run::interruptible`]) therefore prepares each growth when it is near, a part at a
    /// time, looking at the clock and the flag between parts, and the growth itself only
    /// copies into memory already written (see [`HashSlots`](crate::engine::slots::HashSlots)).
    #[inline]
    pub(crate) fn growth_stops(&mut self, run: &mut Run<C>) -> bool {
        self.growth_near() && run.interruptible() && !self.prepare_growth(run)
    }

    /// Prepares the growths that are near; `false` if the search must stop.
    #[cold]
    #[inline(never)]
    fn prepare_growth(&mut self, run: &mut Run<C>) -> bool {
        // What the tables will hold with their next ones, for a search that keeps the time
        // to free them.
        let held = self.bytes().saturating_mul(3);
        if T::IN_ORDER && self.data.len().saturating_sub(self.slots.count()) <= GROWTH_WATCH {
            let len = (self.data.len() * 2).max(64);
            if self.next_data.capacity() != len {
                self.next_data = Vec::with_capacity(len);
            }
            while self.next_data.len() < len {
                let to = len.min(self.next_data.len() + 4 * PREPARE_PART);
                self.next_data.resize(to, SlotData::stale());
                if run.interrupted(held) {
                    return false;
                }
            }
        }
        self.slots.prepare_growth(|| run.interrupted(held))
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

/// Grows `v` to `n` copies of `value` (never shrinks it), a part at a time, asking `stop`
/// between parts: filling the per-cell arrays of a large grid takes long enough that a
/// search's clock and stop flag must be looked at while it sets up. Stops early when `stop`
/// says so; the search then grows the array as it goes, and ends at its first look at the
/// budget.
pub(crate) fn grow_to<T: Clone>(
    v: &mut Vec<T>,
    n: usize,
    value: T,
    mut stop: impl FnMut() -> bool,
) {
    /// Entries set per part: a few milliseconds of work.
    const PART: usize = 1 << 18;
    if v.len() < n {
        v.reserve_exact(n - v.len());
    }
    while v.len() < n {
        let to = n.min(v.len() + PART);
        v.resize(to, value.clone());
        if to < n && stop() {
            break;
        }
    }
}
