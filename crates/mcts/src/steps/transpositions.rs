//! Transpositions: statistics shared by the tree nodes that hold the same position
//! (the "UCT2" update of Childs, Brodeur and Kocsis 2008). The tree stays a tree; beside it
//! every node knows its position's key, and a table keyed by position counts the visits
//! and the mean reward of the position over every path that reached it. Selection scores a
//! child by its position's mean when the position has been visited more often than the
//! child itself (its other paths know more), and explores by the child's own visits.

use crate::tree::zero_sum::ZsNode;

/// One position's statistics: its key, visits and mean reward for the first player.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Slot {
    pub key: u64,
    pub visits: u32,
    pub mean: f32,
}

/// A table of positions in buckets of two slots (the bucket of a key is the top bits of
/// the key times a large odd constant, so that keys that are board bits spread out; a new
/// key takes over the slot of its bucket with fewer visits), grown with the tree to at most
/// one slot per node of the cap.
#[derive(Clone, Debug, Default)]
pub(crate) struct Positions {
    slots: Vec<Slot>,
    /// `64 - log2(buckets)`.
    shift: u32,
}

/// Fibonacci hashing's multiplier: 2^64 divided by the golden ratio, made odd.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// The first slot of `key`'s bucket in a table of `2^(64 - shift)` buckets.
#[inline]
fn index(key: u64, shift: u32) -> usize {
    ((key.wrapping_mul(SPREAD) >> shift) as usize) * 2
}

/// Where `key` goes in `slots` (buckets of two, `shift` as in [`index`]): its own slot,
/// else the slot with fewer visits, emptied.
#[inline]
fn place(slots: &mut [Slot], shift: u32, key: u64) -> &mut Slot {
    let b = index(key, shift);
    let pair = &mut slots[b..b + 2];
    let k = if pair[0].key == key && pair[0].visits > 0 {
        0
    } else if pair[1].key == key && pair[1].visits > 0 {
        1
    } else {
        let k = usize::from(pair[1].visits < pair[0].visits);
        pair[k] = Slot {
            key,
            visits: 0,
            mean: 0.0,
        };
        k
    };
    &mut pair[k]
}

/// The fewest slots a table has once it holds anything.
const MIN_SLOTS: usize = 1 << 10;

impl Positions {
    /// The statistics of `key`, if its slot holds it.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Slot> {
        if self.slots.is_empty() {
            return None;
        }
        let b = index(key, self.shift);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.key == key && s.visits > 0)
            .copied()
    }

    /// Counts a visit of position `key` with reward `first` for the first player.
    #[inline]
    pub(crate) fn add(&mut self, key: u64, first: f32) {
        let slot = place(&mut self.slots, self.shift, key);
        slot.visits += 1;
        slot.mean += (first - slot.mean) / slot.visits as f32;
    }

    /// Grows the table (doubling, keeping what it holds) until it has at least `nodes`
    /// slots or `max_slots`, whichever is fewer (both rounded down to a power of two).
    ///
    /// Each doubling splits the buckets in place: a bucket's keys go to the two buckets
    /// that take its place (the next bit of the key's spread decides which), so the old
    /// and the new table are never held at once, and memory stays within one slot a node.
    pub(crate) fn grow(&mut self, nodes: usize, max_slots: usize) {
        let limit = prev_power_of_two(max_slots.max(1));
        let want = prev_power_of_two(nodes.max(MIN_SLOTS)).min(limit);
        if self.slots.len() >= want {
            return;
        }
        if self.slots.is_empty() {
            self.slots.reserve_exact(want);
            self.slots.resize(want, Slot::default());
            self.shift = 64 - (want / 2).trailing_zeros();
            return;
        }
        self.slots.reserve_exact(want - self.slots.len());
        while self.slots.len() < want {
            let buckets = self.slots.len() / 2;
            self.slots.resize(self.slots.len() * 2, Slot::default());
            let shift = self.shift - 1;
            // From the last bucket down: bucket `b` splits into `2b` and `2b + 1`, which
            // are at or above it, and every bucket above it has already moved out.
            for b in (0..buckets).rev() {
                let pair = [self.slots[2 * b], self.slots[2 * b + 1]];
                self.slots[2 * b] = Slot::default();
                self.slots[2 * b + 1] = Slot::default();
                for slot in pair.into_iter().filter(|s| s.visits > 0) {
                    let to = index(slot.key, shift);
                    let free = usize::from(self.slots[to].visits > 0);
                    self.slots[to + free] = slot;
                }
            }
            self.shift = shift;
        }
    }

    /// Slots allocated.
    pub(crate) fn capacity(&self) -> usize {
        self.slots.capacity()
    }

    /// Forgets every position (keeping the memory).
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }
}

fn prev_power_of_two(n: usize) -> usize {
    if n.is_power_of_two() {
        n
    } else {
        n.next_power_of_two() / 2
    }
}

/// The value a child is scored by: its position's mean for the child's owner when the
/// position was visited more often than the child (through other paths), else the
/// child's own mean.
#[inline]
pub(crate) fn child_mean<M: Copy>(child: &ZsNode<M>, key: u64, positions: &Positions) -> f32 {
    match positions.get(key) {
        Some(slot) if slot.visits > child.visits => {
            if child.owner() == 0 {
                slot.mean
            } else {
                1.0 - slot.mean
            }
        }
        _ => child.mean,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_in_place_keeps_every_position_where_lookups_find_it() {
        let mut p = Positions::default();
        p.grow(1, 1 << 20);
        let keys: Vec<u64> = (1..5_000u64)
            .map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            for _ in 0..=(i % 3) {
                p.add(k, (i % 2) as f32);
            }
        }
        let before: Vec<Option<Slot>> = keys.iter().map(|&k| p.get(k)).collect();
        let kept = before.iter().flatten().count();
        assert!(kept > 500, "{kept}");
        // Several doublings at once, and one more after.
        p.grow(1 << 14, 1 << 20);
        assert_eq!(p.slots.len(), 1 << 14);
        p.grow(1 << 15, 1 << 20);
        for (&k, was) in keys.iter().zip(&before) {
            assert_eq!(p.get(k), *was, "key {k:#x}");
        }
        assert_eq!(p.slots.iter().filter(|s| s.visits > 0).count(), kept);
    }

    #[test]
    fn visits_and_means_add_up_per_key() {
        let mut p = Positions::default();
        p.grow(10, 1 << 20);
        for r in [1.0, 0.0, 1.0] {
            p.add(42, r);
        }
        p.add(7, 0.5);
        let s = p.get(42).unwrap();
        assert_eq!(s.visits, 3);
        assert!((s.mean - 2.0 / 3.0).abs() < 1e-6);
        assert_eq!(p.get(7).unwrap().visits, 1);
        assert_eq!(p.get(8), None);
    }

    #[test]
    fn a_new_key_takes_over_the_slot_with_fewer_visits() {
        let mut p = Positions::default();
        p.grow(1, 1 << 20);
        let mut same = (1..u64::MAX).filter(|&k| k != 5 && index(k, p.shift) == index(5, p.shift));
        let (a, b) = (same.next().unwrap(), same.next().unwrap());
        p.add(5, 1.0);
        p.add(5, 1.0);
        p.add(a, 0.0);
        // The bucket holds 5 and a; b takes a's slot (fewer visits), 5 stays.
        p.add(b, 0.0);
        assert_eq!(p.get(5).unwrap().visits, 2);
        assert_eq!(p.get(a), None);
        assert_eq!(p.get(b).unwrap().visits, 1);
    }

    #[test]
    fn keys_that_differ_in_high_bits_only_spread_out() {
        let mut p = Positions::default();
        p.grow(1, 1 << 20);
        for k in 0..64u64 {
            p.add(k << 40, 1.0);
        }
        let kept = (0..64u64).filter(|&k| p.get(k << 40).is_some()).count();
        assert!(kept >= 60, "{kept}");
    }

    #[test]
    fn growing_keeps_the_positions() {
        let mut p = Positions::default();
        p.grow(1, 1 << 20);
        for k in 0..500u64 {
            p.add(k * 3, 1.0);
        }
        let held: Vec<u64> = (0..500u64)
            .map(|k| k * 3)
            .filter(|&k| p.get(k).is_some())
            .collect();
        assert!(held.len() > 300, "{}", held.len());
        p.grow(1 << 14, 1 << 20);
        assert_eq!(p.capacity(), 1 << 14);
        for &k in &held {
            assert_eq!(p.get(k).map(|s| s.visits), Some(1), "{k}");
        }
        // Never shrinks, and never grows past the limit.
        p.grow(1 << 20, 3000);
        assert_eq!(p.capacity(), 1 << 14);
        let mut q = Positions::default();
        q.grow(1 << 20, 3000);
        assert_eq!(q.capacity(), 2048);
    }

    #[test]
    fn the_childs_own_mean_counts_until_its_position_knows_more() {
        let mut child = ZsNode::new(0u8, 1, 0.0);
        child.visits = 2;
        child.mean = 0.25;
        let mut p = Positions::default();
        p.grow(1, 1 << 20);
        p.add(9, 0.0);
        p.add(9, 0.0);
        assert_eq!(child_mean(&child, 9, &p), 0.25);
        p.add(9, 0.0);
        // Owner 1 (the second player): the first player's 0 is a 1 for it.
        assert_eq!(child_mean(&child, 9, &p), 1.0);
    }

    #[test]
    fn visit_counts_add_up_along_paths_and_positions_never_overcount() {
        use crate::Mcts;
        use games::{ConnectFour, TicTacToe};
        use search_core::Budget;

        fn check<G: search_core::GameHash + PartialEq + Send>(state: G, iterations: u64)
        where
            G::Move: Send + Sync + core::fmt::Debug,
        {
            let mut ai = Mcts::<G>::new()
                .with_transpositions(true)
                .with_seed(3)
                .with_budget(Budget::iterations(iterations));
            let mut state = state;
            for round in 0..3 {
                let Ok(r) = ai.search(&state) else { break };
                let w = &ai.workers[0];
                assert_eq!(w.keys.len(), w.tree.len());
                let mut by_key = std::collections::HashMap::<u64, u64>::new();
                for (i, n) in w.tree.iter().enumerate() {
                    // A node's visits: its own first one, plus its children's.
                    if n.expanded() && n.num_children > 0 && n.visits > 0 {
                        let below: u32 = w.tree[n.children()].iter().map(|c| c.visits).sum();
                        assert!(
                            n.visits == below + 1 || n.visits == below,
                            "{} vs {below}",
                            n.visits
                        );
                    }
                    if w.keys[i] != 0 {
                        *by_key.entry(w.keys[i]).or_default() += u64::from(n.visits);
                    }
                }
                if round == 0 {
                    // Nothing else reaches the root's position: its slot counts every visit.
                    let root = w.positions.get(w.keys[0]).map(|s| s.visits);
                    assert_eq!(root, Some(w.tree[0].visits));
                }
                // In a fresh tree what the table counts for a position never exceeds its
                // nodes' visits (a slot taken over starts again from zero); after a move it
                // also remembers the nodes of the branches given up.
                for (&key, &visits) in by_key.iter().filter(|_| round == 0) {
                    if let Some(slot) = w.positions.get(key) {
                        assert!(
                            u64::from(slot.visits) <= visits,
                            "{key}: {} > {visits}",
                            slot.visits
                        );
                    }
                }
                if state.legal_move_list().is_empty() {
                    break;
                }
                state.play(r.best_move);
            }
        }
        check(TicTacToe::new(), 3_000);
        check(ConnectFour::new(), 20_000);
    }
}
