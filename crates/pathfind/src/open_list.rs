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
/// this moves everything to the binary heap, so any heuristic stays correct. Popping takes
/// the first of the lane's top and the queue's minimum. Outdated entries (of states since
/// reached more cheaply) stay queued and are skipped when popped.
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
        for b in &mut self.buckets {
            b.clear();
        }
        self.last = 0;
        self.radix_len = 0;
        self.radix = TypeId::of::<K>() == TypeId::of::<u64>();
        if self.radix && self.buckets.is_empty() {
            self.buckets.resize_with(65, Vec::new);
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.heap.len() + self.lane.len() + self.radix_len
    }

    /// Moves the smallest keys of the radix heap into bucket 0, unless the lane's top
    /// (`lane`, its key) is below every key of the heap, which is then left as it is.
    ///
    /// `last` only ever rises to the smallest key that can be popped next, the lane's
    /// included: a key pushed while a state of the lane is expanded is at least that
    /// state's key (A* with a consistent heuristic), so it is never below `last` and never
    /// sends the list to the binary heap. (Raising `last` to the heap's minimum while a
    /// smaller lane entry was still to be popped did exactly that, on most grid searches.)
    #[inline]
    fn radix_fill(&mut self, lane: Option<u64>) {
        if self.radix_len == 0 || !self.buckets[0].is_empty() {
            return;
        }
        let Some(i) = self.buckets.iter().position(|b| !b.is_empty()) else {
            return;
        };
        // Every key of bucket `i` shares the bits above `i - 1` with `last` and has bit
        // `i - 1` set: at least this.
        let low = ((self.last >> (i - 1)) | 1) << (i - 1);
        if lane.is_some_and(|l| l < low) {
            return;
        }
        let mut moved = core::mem::take(&mut self.buckets[i]);
        let Some(min) = moved.iter().filter_map(|e| bits(&e.key)).min() else {
            self.buckets[i] = moved;
            return;
        };
        // A lane key in `low..min` shares the bits from `i - 1` up with every key moved,
        // so they all go to lower buckets.
        self.last = lane.map_or(min, |l| l.min(min));
        for e in moved.drain(..) {
            let k = bits(&e.key).unwrap_or(self.last);
            self.buckets[bucket(k, self.last)].push(e);
        }
        // Keep the emptied bucket's memory for later pushes.
        if self.buckets[i].is_empty() {
            self.buckets[i] = moved;
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<K>> {
        let queued = if self.radix {
            let lane = self.lane.last().and_then(|l| bits(&l.key));
            self.radix_fill(lane);
            self.buckets[0].last().copied()
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
    #[inline]
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

    /// Runs an A*-like sequence: pop the minimum, then push successors whose keys are at
    /// least the popped key plus `rise` (0 goes to the lane). Checks every pop against the
    /// smallest key still queued; returns whether the list kept its radix heap.
    fn run(first: Vec<u64>, rises: Vec<Vec<u64>>) -> Result<bool, TestCaseError> {
        let mut list = OpenList::<u64>::default();
        list.clear();
        let mut queued: Vec<u64> = Vec::new();
        for (slot, &k) in first.iter().enumerate() {
            list.push(
                Entry {
                    key: k,
                    depth: 0,
                    slot: slot as u32,
                },
                None,
            );
            queued.push(k);
        }
        let mut rises = rises.into_iter();
        while let Some(e) = list.pop() {
            let min = queued.iter().copied().min();
            prop_assert_eq!(Some(e.key), min);
            let at = queued.iter().position(|&k| k == e.key).unwrap();
            queued.swap_remove(at);
            for r in rises.next().unwrap_or_default() {
                let k = e.key + r;
                list.push(
                    Entry {
                        key: k,
                        depth: e.depth + 1,
                        slot: 0,
                    },
                    Some(e.key),
                );
                queued.push(k);
            }
            prop_assert_eq!(list.len(), queued.len());
        }
        prop_assert!(queued.is_empty());
        Ok(list.radix)
    }

    proptest! {
        #[test]
        fn consistent_pushes_pop_in_order_and_keep_the_radix_heap(
            first in prop::collection::vec(0u64..1 << 40, 1..6),
            rises in prop::collection::vec(
                prop::collection::vec(prop_oneof![Just(0u64), 0u64..4, 0u64..1 << 33], 0..5),
                0..200,
            ),
        ) {
            prop_assert!(run(first, rises)?);
        }

        #[test]
        fn any_pushes_pop_in_order(
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
            }
        }
    }

    #[test]
    fn a_lane_entry_below_the_heap_does_not_raise_the_floor() {
        // The situation of grid A*: the state being expanded (key 10) left a tie in the
        // lane, the heap's smallest key is 12, and the next successor has key 11.
        let mut list = OpenList::<u64>::default();
        list.clear();
        list.push(
            Entry {
                key: 10,
                depth: 0,
                slot: 0,
            },
            None,
        );
        list.push(
            Entry {
                key: 12,
                depth: 0,
                slot: 1,
            },
            None,
        );
        let e = list.pop().unwrap();
        assert_eq!(e.key, 10);
        list.push(
            Entry {
                key: 10,
                depth: 1,
                slot: 2,
            },
            Some(10),
        );
        assert_eq!(list.pop().unwrap().slot, 2);
        list.push(
            Entry {
                key: 11,
                depth: 2,
                slot: 3,
            },
            Some(10),
        );
        assert!(list.radix, "a consistent push fell back to the binary heap");
        assert_eq!(list.pop().unwrap().key, 11);
        assert_eq!(list.pop().unwrap().key, 12);
        assert!(list.pop().is_none());
    }
}
