//! The margin solver's transposition table: bounds on the margin still to come, keyed by
//! [`GameHash::unbanked_key`](search_core::GameHash::unbanked_key), in buckets of two slots
//! with a replacement rule, growing with use up to a fixed number of entries.

/// What the table knows about one position: the margin still to come for its side to move
/// lies in `lower..=upper`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known<M> {
    pub lower: i32,
    pub upper: i32,
    /// The move that proved the last bound, searched first the next time.
    pub best: Option<M>,
}

#[derive(Clone, Copy, Debug)]
struct Slot<M> {
    key: u64,
    lower: i32,
    upper: i32,
    best: Option<M>,
    /// `log2` of the nodes the last search of this position took, plus two (one node: 2);
    /// `0`: empty.
    work: u8,
}

impl<M: Copy> Slot<M> {
    const EMPTY: Self = Slot {
        key: 0,
        lower: 0,
        upper: 0,
        best: None,
        work: 0,
    };
}

/// Bounds by key, in buckets of two slots: the first keeps the position whose search took
/// the most work, the second the most recent other one. Until the table reaches its
/// capacity it doubles when half full; at capacity it replaces as just said, so it keeps
/// taking new positions however long the search.
pub(crate) struct MarginTable<M> {
    slots: Vec<Slot<M>>,
    capacity: usize,
    filled: usize,
}

/// The table's first size, in slots (it grows to the capacity as positions arrive).
const FIRST_SLOTS: usize = 1 << 12;

impl<M: Copy> MarginTable<M> {
    /// A table of at most `entries` slots (rounded down to a power of two, at least 2).
    pub(crate) fn new(entries: usize) -> Self {
        let capacity = if entries < 2 {
            2
        } else {
            1 << (usize::BITS - 1 - entries.leading_zeros())
        };
        MarginTable {
            slots: vec![Slot::EMPTY; capacity.min(FIRST_SLOTS)],
            capacity,
            filled: 0,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket, so keys that differ only in low bits spread too.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((mixed >> 32) as usize & (self.slots.len() - 1)) & !1
    }

    /// What is known of `key`'s position.
    pub(crate) fn get(&self, key: u64) -> Option<Known<M>> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.work > 0 && s.key == key)
            .map(|s| Known {
                lower: s.lower,
                upper: s.upper,
                best: s.best,
            })
    }

    /// Records that `key`'s margin to come lies in `lower..=upper`, proved with `nodes`
    /// nodes, `best` the move that proved it. Bounds already known for the same key are
    /// kept where tighter (both are proven).
    pub(crate) fn put(&mut self, key: u64, lower: i32, upper: i32, best: Option<M>, nodes: u64) {
        if self.filled * 2 >= self.slots.len() && self.slots.len() < self.capacity {
            self.grow();
        }
        // At most 65: it fits a byte.
        let work = (65 - nodes.max(1).leading_zeros()) as u8;
        let b = self.bucket(key);
        self.place(b, key, lower, upper, best, work);
    }

    fn place(&mut self, b: usize, key: u64, lower: i32, upper: i32, best: Option<M>, work: u8) {
        for i in b..b + 2 {
            let s = &mut self.slots[i];
            if s.work > 0 && s.key == key {
                let (lo, hi) = (s.lower.max(lower), s.upper.min(upper));
                // Disjoint bounds can only come from a key shared by two positions: the new
                // ones win.
                let (lo, hi) = if lo <= hi { (lo, hi) } else { (lower, upper) };
                *s = Slot {
                    key,
                    lower: lo,
                    upper: hi,
                    best: best.or(s.best),
                    work: work.max(s.work),
                };
                return;
            }
        }
        let new = Slot {
            key,
            lower,
            upper,
            best,
            work,
        };
        let [first, second] = [self.slots[b], self.slots[b + 1]];
        if first.work == 0 || work >= first.work {
            // The new position takes the first slot; the one it displaces, the second.
            if first.work > 0 {
                if second.work == 0 {
                    self.filled += 1;
                }
                self.slots[b + 1] = first;
            }
            if first.work == 0 {
                self.filled += 1;
            }
            self.slots[b] = new;
        } else {
            if second.work == 0 {
                self.filled += 1;
            }
            self.slots[b + 1] = new;
        }
    }

    /// Doubles the table and places every entry again.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::EMPTY; old.len() * 2];
        self.filled = 0;
        for s in old.into_iter().filter(|s| s.work > 0) {
            let b = self.bucket(s.key);
            self.place(b, s.key, s.lower, s.upper, s.best, s.work);
        }
    }

    /// The slots allocated now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.slots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_one_key_are_intersected_and_found_again() {
        let mut t = MarginTable::<u8>::new(64);
        t.put(7, 2, 100, Some(1), 10);
        t.put(7, -100, 5, None, 3);
        let k = t.get(7).unwrap();
        assert_eq!((k.lower, k.upper, k.best), (2, 5, Some(1)));
        assert!(t.get(8).is_none());
    }

    #[test]
    fn a_full_table_keeps_taking_new_positions() {
        let mut t = MarginTable::<u8>::new(16);
        for key in 1..=1000u64 {
            t.put(key, 0, 0, None, 1);
            assert!(t.get(key).is_some(), "key {key} was not stored");
        }
        assert_eq!(t.len(), 16);
    }

    #[test]
    fn the_table_grows_to_its_capacity_and_no_further() {
        let mut t = MarginTable::<u8>::new(1 << 14);
        assert_eq!(t.len(), FIRST_SLOTS);
        for key in 1..=100_000u64 {
            t.put(key, 0, 0, None, key);
        }
        assert_eq!(t.len(), 1 << 14);
        // The most worked-on positions stay.
        assert!(t.get(100_000).is_some());
    }
}
