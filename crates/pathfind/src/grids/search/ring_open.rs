//! [`RingOpen`]: the open list of the grid A*, a ring of buckets over its fixed-point keys.

use std::collections::BinaryHeap;

use crate::engine::open_list::Entry;

/// A bucket spans 2^SHIFT fixed-point units: 1/64 of a straight move.
const SHIFT: u32 = 26;
/// Buckets in the ring: keys up to 4 straight moves above the minimum fit.
const RING: usize = 256;

/// The open list of the grid A*: a ring of [`RING`] buckets, each holding the keys of one
/// slice of 2^[`SHIFT`] units, with an occupancy bitmap to find the next non-empty one.
///
/// In A* on a grid every key pushed lies between the key of the state being expanded
/// (the minimum) and that plus the largest move cost plus the largest change of the
/// estimate over one move (at most √2 + 2 moves for every grid heuristic), so the ring
/// covers every key. The bucket of the minimum is kept sorted by key (among equal keys
/// the last pushed pops first, as on the engine's lane), so every pop takes a smallest key. A key below the minimum (an inconsistent heuristic) goes into the sorted
/// bucket; a key beyond the ring (never met with the grid heuristics) into an overflow
/// binary heap, compared at each pop.
#[derive(Clone, Debug)]
pub(crate) struct RingOpen {
    buckets: Vec<Vec<Entry<u64>>>,
    /// Bit `b` set: bucket `b` is not empty.
    occupied: [u64; RING / 64],
    /// Absolute index (key >> SHIFT) of the current bucket, which is sorted.
    current: u64,
    overflow: BinaryHeap<Entry<u64>>,
    len: usize,
}

impl Default for RingOpen {
    fn default() -> Self {
        RingOpen {
            buckets: (0..RING).map(|_| Vec::new()).collect(),
            occupied: [0; RING / 64],
            current: 0,
            overflow: BinaryHeap::new(),
            len: 0,
        }
    }
}

/// `true` if `a` pops after `b`: a larger key, or the same key pushed earlier (among
/// equal keys the last pushed, usually the deepest, pops first).
#[inline(always)]
fn pops_after(a: &Entry<u64>, b: &Entry<u64>) -> bool {
    a.key >= b.key
}

impl RingOpen {
    /// Empties the list. Only the buckets marked occupied hold entries, so a search that
    /// left a few entries behind (a short query) clears a few buckets, not the whole ring.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            for (w, word) in self.occupied.iter().enumerate() {
                let mut bits = *word;
                while bits != 0 {
                    self.buckets[w * 64 + bits.trailing_zeros() as usize].clear();
                    bits &= bits - 1;
                }
            }
            self.overflow.clear();
        }
        self.occupied = [0; RING / 64];
        self.current = 0;
        self.len = 0;
    }

    /// The bytes the list holds (its buffers' capacities), for a memory cap.
    pub(crate) fn bytes(&self) -> usize {
        let entry = core::mem::size_of::<Entry<u64>>();
        (self.buckets.iter().map(Vec::capacity).sum::<usize>() + self.overflow.capacity()) * entry
            + self.buckets.capacity() * core::mem::size_of::<Vec<Entry<u64>>>()
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Starts the ring at the first key (the open list must be empty).
    pub(crate) fn start_at(&mut self, key: u64) {
        self.current = key >> SHIFT;
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, e: Entry<u64>) {
        self.len += 1;
        let q = e.key >> SHIFT;
        if q <= self.current {
            let b = &mut self.buckets[(self.current as usize) & (RING - 1)];
            // Sorted with the next pop last: insert after every entry that pops after `e`.
            // The common case on grids, a key tied with the next pop's (or any key when
            // the bucket is empty), goes on top without a search.
            if b.last().is_none_or(|x| pops_after(x, &e)) {
                b.push(e);
            } else {
                let at = b.partition_point(|x| pops_after(x, &e));
                b.insert(at, e);
            }
            self.occupied[(self.current as usize & (RING - 1)) / 64] |=
                1 << (self.current as usize % 64);
        } else if q - self.current < RING as u64 {
            let i = q as usize & (RING - 1);
            self.buckets[i].push(e);
            self.occupied[i / 64] |= 1 << (i % 64);
        } else {
            self.overflow.push(e);
        }
    }

    /// Takes a smallest entry. The common case, the current bucket not empty and nothing
    /// in the overflow heap, pops its top; the rest is [`pop_slow`](Self::pop_slow).
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<u64>> {
        let i = self.current as usize & (RING - 1);
        if self.overflow.is_empty() {
            let b = &mut self.buckets[i];
            if let Some(e) = b.pop() {
                if b.is_empty() {
                    self.occupied[i / 64] &= !(1 << (i % 64));
                }
                self.len -= 1;
                return Some(e);
            }
        }
        self.pop_slow()
    }

    /// [`pop`](Self::pop) when the current bucket is empty or the overflow heap is not.
    #[inline]
    fn pop_slow(&mut self) -> Option<Entry<u64>> {
        if self.len == 0 {
            return None;
        }
        let ring = self.peek_ring();
        let take_overflow = match (ring, self.overflow.peek()) {
            (None, _) => true,
            (Some(r), Some(o)) => r.key > o.key,
            (Some(_), None) => false,
        };
        self.len -= 1;
        if take_overflow {
            let e = self.overflow.pop()?;
            if ring.is_none() {
                self.current = e.key >> SHIFT;
            }
            return Some(e);
        }
        let i = self.current as usize & (RING - 1);
        let b = &mut self.buckets[i];
        let e = b.pop();
        if b.is_empty() {
            self.occupied[i / 64] &= !(1 << (i % 64));
        }
        e
    }

    /// The smallest entry of the ring, after moving `current` to the first non-empty
    /// bucket and sorting it.
    #[inline]
    fn peek_ring(&mut self) -> Option<Entry<u64>> {
        let i = self.current as usize & (RING - 1);
        if let Some(&e) = self.buckets[i].last() {
            return Some(e);
        }
        let step = self.next_occupied(i)?;
        self.current += step as u64;
        let j = self.current as usize & (RING - 1);
        let b = &mut self.buckets[j];
        if b.len() > 1 {
            // Largest key first, the next pop last; often all keys are equal (ties), which
            // the sort detects in one pass.
            b.sort_unstable_by_key(|x| core::cmp::Reverse(x.key));
        }
        b.last().copied()
    }

    /// How many buckets after `i` (in ring order) the next non-empty one is.
    #[inline]
    fn next_occupied(&self, i: usize) -> Option<usize> {
        let words = RING / 64;
        let bit = i % 64;
        for k in 0..=words {
            let w = (i / 64 + k) % words;
            let mut word = self.occupied[w];
            if k == 0 {
                // The buckets after `i` in its own word.
                word &= if bit == 63 { 0 } else { !0u64 << (bit + 1) };
            } else if k == words {
                // Back to the first word: the buckets before `i`.
                word &= (1u64 << bit) - 1;
            }
            if word != 0 {
                let j = w * 64 + word.trailing_zeros() as usize;
                return Some((j + RING - i) % RING);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Every pop takes a smallest key, whatever the keys: near the minimum, below it
        /// (inconsistent estimates) or beyond the ring (the overflow heap), also after the
        /// list is cleared with entries in it and reused.
        #[test]
        fn ring_pops_a_smallest_key(
            first in 0u64..1 << 40,
            ops in proptest::collection::vec(
                prop_oneof![
                    3 => (0u64..1 << 28).prop_map(|d| (true, d, false, false)),
                    1 => (0u64..1 << 36).prop_map(|d| (true, d, false, false)),
                    1 => (0u64..1 << 27).prop_map(|d| (true, d, true, false)),
                    2 => Just((false, 0, false, false)),
                    // Rarely, the list is cleared with entries left in it (a search
                    // that found its goal) and starts again further on.
                    1 => (0u64..1 << 34).prop_map(|d| (false, d, false, true)),
                ],
                1..300,
            ),
        ) {
            let mut ring = RingOpen::default();
            ring.clear();
            ring.start_at(first);
            let mut reference: BTreeMap<u64, usize> = BTreeMap::new();
            let mut last = first;
            let mut slot = 0;
            for (push, delta, below, clear) in ops {
                if clear {
                    // A new search on the same list: whatever the last one left behind
                    // is gone.
                    ring.clear();
                    reference.clear();
                    last += delta;
                    ring.start_at(last);
                    prop_assert_eq!(ring.len(), 0);
                    continue;
                }
                if push {
                    let key = if below { last.saturating_sub(delta) } else { last + delta };
                    slot += 1;
                    ring.push(Entry { key, depth: 0, slot });
                    *reference.entry(key).or_default() += 1;
                } else {
                    let popped = ring.pop().map(|e| e.key);
                    let expected = reference.keys().next().copied();
                    prop_assert_eq!(popped, expected);
                    if let Some(k) = expected {
                        last = k;
                        let n = reference.get_mut(&k).unwrap();
                        *n -= 1;
                        if *n == 0 {
                            reference.remove(&k);
                        }
                    }
                }
                prop_assert_eq!(ring.len(), reference.values().sum::<usize>());
            }
        }
    }
}
