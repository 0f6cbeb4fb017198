//! The keys of D* Lite: the two costs it keeps per cell ([`Node`]), the key a queued cell
//! gets from them ([`Entry`]), and the heap that orders the queued cells ([`KeyHeap`]).

/// The two costs D* Lite keeps per cell, side by side (one cache line holds both).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Cost to the goal, as last expanded.
    pub(crate) g: u64,
    /// One-step look-ahead cost to the goal.
    pub(crate) rhs: u64,
}

impl Node {
    #[inline(always)]
    pub(crate) fn consistent(self) -> bool {
        self.g == self.rhs
    }

    #[inline(always)]
    pub(crate) fn least(self) -> u64 {
        self.g.min(self.rhs)
    }

    /// The second part of the key, which orders cells of equal first part: cells whose
    /// cost rose (`g < rhs`) first, then the others by decreasing `rhs` (the farthest from
    /// the goal, nearest the start, first, as A* breaks ties towards the deepest state).
    #[inline(always)]
    pub(crate) fn tie(self) -> u64 {
        if self.g < self.rhs { 0 } else { !self.rhs }
    }
}

/// A queued cell: its key (`k1`, then [`Node::tie`]) as computed when it was queued, and
/// the start move count (`epoch`) it was computed at.
///
/// Whenever a cell's key changes while it is inconsistent, its entry gets the new key, so
/// the smallest entry is never above the smallest key of an inconsistent cell; an entry
/// left for a cell that became consistent is skipped when popped
/// ([`outdated`](Self::outdated)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) k1: u64,
    pub(crate) tie: u64,
    pub(crate) cell: u32,
    pub(crate) epoch: u32,
}

impl Entry {
    /// The key as one integer: comparing it compares (`k1`, `tie`) lexicographically.
    #[inline(always)]
    pub(crate) fn key(&self) -> u128 {
        (u128::from(self.k1) << 64) | u128::from(self.tie)
    }

    /// Whether the entry no longer holds the key of its cell, now `node`: the cell became
    /// consistent (its entry stays in the heap until popped), or its tie differs. The
    /// heap moves a cell's entry whenever its key changes, so the second test is a cheap
    /// guard: were an entry ever left with an older key of a cell whose cost rose, popping
    /// it would expand the cell early, which costs an expansion but stays correct
    /// (setting a `g` to infinity and queueing what relied on it keeps every invariant
    /// D* Lite's termination rests on).
    #[inline(always)]
    pub(crate) fn outdated(&self, node: Node) -> bool {
        node.consistent() || node.tie() != self.tie
    }
}

/// Where a cell's entry is in the heap: none.
const ABSENT: u32 = u32::MAX;

/// A 4-ary min-heap of entries by [`Entry::key`], at most one per cell: half the levels of
/// a binary heap, the four children of a slot side by side, and `pos` gives each cell's
/// slot so that queueing a queued cell moves its entry instead of adding one. A pop moves
/// the hole down to a leaf along the smallest children, then sifts the last entry up from
/// there (it usually stays).
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyHeap {
    items: Vec<Entry>,
    /// The slot of each cell's entry, or [`ABSENT`].
    pos: Vec<u32>,
}

impl KeyHeap {
    pub(crate) fn new(cells: usize) -> Self {
        KeyHeap {
            items: Vec::new(),
            pos: vec![ABSENT; cells],
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    #[inline(always)]
    fn place(&mut self, i: usize, e: Entry) {
        self.pos[e.cell as usize] = i as u32;
        self.items[i] = e;
    }

    /// Queues `e`, replacing the entry of its cell if it has one.
    #[inline]
    pub(crate) fn push(&mut self, e: Entry) {
        let at = self.pos[e.cell as usize];
        if at == ABSENT {
            let i = self.items.len();
            self.items.push(e);
            self.sift_up(i, e);
        } else if e.key() < self.items[at as usize].key() {
            self.sift_up(at as usize, e);
        } else {
            self.sift_down(at as usize, e);
        }
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize, e: Entry) {
        let key = e.key();
        while i > 0 {
            let parent = (i - 1) / 4;
            let up = self.items[parent];
            if up.key() <= key {
                break;
            }
            self.place(i, up);
            i = parent;
        }
        self.place(i, e);
    }

    /// Puts `e` in slot `i`, moving smaller children up.
    fn sift_down(&mut self, mut i: usize, e: Entry) {
        let key = e.key();
        let n = self.items.len();
        loop {
            let first = 4 * i + 1;
            if first >= n {
                break;
            }
            let mut best = first;
            for j in first + 1..(first + 4).min(n) {
                if self.items[j].key() < self.items[best].key() {
                    best = j;
                }
            }
            let down = self.items[best];
            if down.key() >= key {
                break;
            }
            self.place(i, down);
            i = best;
        }
        self.place(i, e);
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry> {
        let top = *self.items.first()?;
        self.pos[top.cell as usize] = ABSENT;
        let last = self.items.pop()?;
        if self.items.is_empty() {
            return Some(top);
        }
        let n = self.items.len();
        let mut hole = 0;
        loop {
            let first = 4 * hole + 1;
            if first + 4 <= n {
                // The smallest of the four children: two pairs, then their winners.
                let c = &self.items[first..first + 4];
                let (k0, k1, k2, k3) = (c[0].key(), c[1].key(), c[2].key(), c[3].key());
                let (low, low_key) = if k1 < k0 { (1, k1) } else { (0, k0) };
                let (high, high_key) = if k3 < k2 { (3, k3) } else { (2, k2) };
                let best = first + if high_key < low_key { high } else { low };
                let up = self.items[best];
                self.place(hole, up);
                hole = best;
            } else {
                if first < n {
                    let mut best = first;
                    for j in first + 1..n {
                        if self.items[j].key() < self.items[best].key() {
                            best = j;
                        }
                    }
                    let up = self.items[best];
                    self.place(hole, up);
                    hole = best;
                }
                break;
            }
        }
        self.sift_up(hole, last);
        Some(top)
    }

    /// Takes every entry out.
    pub(crate) fn take_all(&mut self) -> Vec<Entry> {
        for e in &self.items {
            self.pos[e.cell as usize] = ABSENT;
        }
        core::mem::take(&mut self.items)
    }

    /// Keeps the entries `keep` accepts, in heap order again.
    pub(crate) fn retain(&mut self, keep: impl FnMut(&Entry) -> bool) {
        let mut items = self.take_all();
        items.retain(keep);
        for e in items {
            self.push(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Entry, KeyHeap};

    #[test]
    fn key_heap_pops_in_key_order() {
        const CELLS: u32 = 200;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut heap = KeyHeap::new(CELLS as usize);
        // The key queued for each cell (one entry per cell: queueing again replaces it).
        let mut reference: Vec<Option<(u64, u64)>> = vec![None; CELLS as usize];
        for round in 0..5000u32 {
            // Few distinct first keys, so that ties are decided by the second.
            let (k1, tie, cell) = (next() % 50, next() % 7, (next() % u64::from(CELLS)) as u32);
            if next() % 3 != 0 {
                heap.push(Entry {
                    k1,
                    tie,
                    cell,
                    epoch: 0,
                });
                reference[cell as usize] = Some((k1, tie));
            } else if let Some(e) = heap.pop() {
                let least = reference.iter().flatten().min().copied();
                assert_eq!(Some((e.k1, e.tie)), least);
                assert_eq!(reference[e.cell as usize], least);
                reference[e.cell as usize] = None;
            }
            if round % 700 == 699 {
                // Keep the entries of even cells.
                heap.retain(|e| e.cell % 2 == 0);
                for (c, r) in reference.iter_mut().enumerate() {
                    if c % 2 == 1 {
                        *r = None;
                    }
                }
            }
            assert_eq!(heap.len(), reference.iter().flatten().count());
        }
        while let Some(e) = heap.pop() {
            let least = reference.iter().flatten().min().copied();
            assert_eq!(Some((e.k1, e.tie)), least);
            assert_eq!(reference[e.cell as usize], least);
            reference[e.cell as usize] = None;
        }
        assert!(reference.iter().all(Option::is_none));
    }
}
