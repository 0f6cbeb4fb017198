//! The open list of the best-first searches ([`OpenList`]) and its entries ([`Entry`]): a
//! stack for entries that tie with the state being expanded, plus a radix heap for `u64`
//! keys or a binary heap otherwise, with lazy deletion.

use core::any::{Any, TypeId};
use core::cmp::Ordering;
use std::collections::BinaryHeap;

/// An open-list entry: smallest key first, then the deepest state (which breaks the many
/// ties of grids towards the goal). 16 bytes for 64-bit keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<K> {
    pub key: K,
    pub depth: u32,
    pub slot: u32,
}

impl<K: Ord> PartialEq for Entry<K> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<K: Ord> Eq for Entry<K> {}
impl<K: Ord> PartialOrd for Entry<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
/// Greater = popped first (for `BinaryHeap`).
impl<K: Ord> Ord for Entry<K> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .key
            .cmp(&self.key)
            .then_with(|| self.depth.cmp(&other.depth))
    }
}

impl<K: Ord> Entry<K> {
    /// `true` if `self` is popped before `other`.
    #[inline(always)]
    pub(crate) fn before(&self, other: &Self) -> bool {
        match self.key.cmp(&other.key) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => self.depth > other.depth,
        }
    }
}

/// The open list. Entries whose key equals the key of the state being expanded when they
/// are pushed go to the *lane*, a stack: they are minimal, and on grids, where many
/// successors keep the same `f`, many are. Pushes happen with the current minimum key, so
/// the lane's keys never increase towards its top, and its top is its minimum. The other
/// entries go to a priority queue: a radix heap when keys are `u64` (the fixed-point costs
/// of grids), a binary heap otherwise. A radix heap needs keys that never fall below the
/// last key popped (true of A* with a consistent heuristic); the first push that breaks
/// this moves everything to the binary heap, so any heuristic stays correct. Popping a lane
/// entry may first raise `last` to the radix heap's minimum, above the lane's key, so a
/// consistent search whose next successor key falls between the two moves to the binary
/// heap too. That is kept on purpose: a version that kept the radix heap in that case was
/// slower on grid searches, and its last-in-first-out bucket 0, which does not break ties
/// towards the deepest state as the binary heap does, made jump point search expand more
/// states (`docs/benchmarks/pathfind.md`, "The open list's radix heap"). Popping takes the
/// first of the lane's top and the queue's minimum.
/// Outdated entries (of states since reached more cheaply) stay queued and are skipped
/// when popped.
#[derive(Clone, Debug)]
pub(crate) struct OpenList<K> {
    heap: BinaryHeap<Entry<K>>,
    lane: Vec<Entry<K>>,
    /// Radix buckets: bucket `i > 0` holds keys whose highest bit differing from `last` is
    /// bit `i - 1`; bucket 0 holds keys equal to `last`.
    buckets: Vec<Vec<Entry<K>>>,
    last: u64,
    radix_len: usize,
    radix: bool,
}

impl<K: Ord + Copy + 'static> Default for OpenList<K> {
    fn default() -> Self {
        OpenList {
            heap: BinaryHeap::new(),
            lane: Vec::new(),
            buckets: Vec::new(),
            last: 0,
            radix_len: 0,
            radix: false,
        }
    }
}

/// The key as a `u64` if it is one (a compile-time check after monomorphisation).
#[inline(always)]
fn bits<K: 'static>(key: &K) -> Option<u64> {
    (key as &dyn Any).downcast_ref::<u64>().copied()
}

#[inline(always)]
fn bucket(key: u64, last: u64) -> usize {
    (64 - (key ^ last).leading_zeros()) as usize
}

impl<K: Ord + Copy + 'static> OpenList<K> {
    pub(crate) fn clear(&mut self) {
        self.heap.clear();
        self.lane.clear();
        // `radix_len` counts the entries of the buckets: none to clear if it is 0.
        if self.radix_len > 0 {
            for b in &mut self.buckets {
                b.clear();
            }
        }
        self.last = 0;
        self.radix_len = 0;
        self.radix = TypeId::of::<K>() == TypeId::of::<u64>();
        if self.radix && self.buckets.is_empty() {
            self.buckets.resize_with(65, Vec::new);
        }
    }

    /// Empties the list for a search that orders it with the binary heap alone, never the
    /// radix heap: jump point search, whose few pushes per expansion often fall below the
    /// radix heap's last key (the fallback would then copy the buckets to the heap), and
    /// whose ties are better broken by the binary heap (see the type's documentation).
    pub(crate) fn clear_binary(&mut self) {
        self.clear();
        self.radix = false;
    }

    pub(crate) fn len(&self) -> usize {
        self.heap.len() + self.lane.len() + self.radix_len
    }

    /// The bytes the list holds (its buffers' capacities), for a memory cap.
    pub(crate) fn bytes(&self) -> usize {
        let entry = core::mem::size_of::<Entry<K>>();
        (self.heap.capacity()
            + self.lane.capacity()
            + self.buckets.iter().map(Vec::capacity).sum::<usize>())
            * entry
    }

    /// The radix heap's minimum, after moving the smallest keys into bucket 0.
    #[inline]
    fn radix_peek(&mut self) -> Option<Entry<K>> {
        if self.radix_len == 0 {
            return None;
        }
        if self.buckets[0].is_empty() {
            let i = self.buckets.iter().position(|b| !b.is_empty())?;
            let mut moved = core::mem::take(&mut self.buckets[i]);
            self.last = moved.iter().filter_map(|e| bits(&e.key)).min()?;
            for e in moved.drain(..) {
                let k = bits(&e.key).unwrap_or(self.last);
                self.buckets[bucket(k, self.last)].push(e);
            }
            // Keep the emptied bucket's memory for later pushes.
            self.buckets[i] = moved;
        }
        self.buckets[0].last().copied()
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<K>> {
        let queued = if self.radix {
            self.radix_peek()
        } else {
            self.heap.peek().copied()
        };
        match (self.lane.last(), queued) {
            (Some(l), Some(q)) if q.before(l) => self.pop_queued(),
            (Some(_), _) => self.lane.pop(),
            (None, _) => self.pop_queued(),
        }
    }

    #[inline]
    fn pop_queued(&mut self) -> Option<Entry<K>> {
        if self.radix {
            let e = self.buckets[0].pop()?;
            self.radix_len -= 1;
            Some(e)
        } else {
            self.heap.pop()
        }
    }

    /// Pushes `e`; `current` is the key of the state being expanded (the minimum).
    #[inline(always)]
    pub(crate) fn push(&mut self, e: Entry<K>, current: Option<K>) {
        if current == Some(e.key) {
            self.lane.push(e);
            return;
        }
        if self.radix {
            match bits(&e.key) {
                Some(k) if k >= self.last => {
                    self.buckets[bucket(k, self.last)].push(e);
                    self.radix_len += 1;
                    return;
                }
                _ => {
                    // A key below the last one popped: fall back to the binary heap.
                    for b in &mut self.buckets {
                        self.heap.extend(b.drain(..));
                    }
                    self.radix_len = 0;
                    self.radix = false;
                }
            }
        }
        self.heap.push(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_pushes_pop_in_key_order(
            ops in prop::collection::vec(prop::option::of(0u64..1000), 1..300),
        ) {
            // Keys that fall below the last one popped send the list to the binary heap;
            // the order stays right either way.
            let mut list = OpenList::<u64>::default();
            list.clear();
            let mut queued: Vec<u64> = Vec::new();
            for op in ops {
                match op {
                    Some(k) => {
                        list.push(Entry { key: k, depth: 0, slot: 0 }, None);
                        queued.push(k);
                    }
                    None => {
                        let e = list.pop().map(|e| e.key);
                        prop_assert_eq!(e, queued.iter().copied().min());
                        if let Some(k) = e {
                            let at = queued.iter().position(|&q| q == k).unwrap();
                            queued.swap_remove(at);
                        }
                    }
                }
                prop_assert_eq!(list.len(), queued.len());
            }
        }
    }
}
