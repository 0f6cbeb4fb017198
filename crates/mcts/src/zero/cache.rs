//! The evaluation cache: what the evaluator said about a position, kept under the
//! position's [`GameHash`](search_core::GameHash) key so that a position reached again (by
//! a transposition, in the next search of a game, in the next game of a self-play run) is
//! not evaluated again.

/// One slot: the key, the value for the side to move, and every legal move with its
/// normalised prior, in the order of the state's legal moves.
#[derive(Clone, Debug)]
struct Slot<M> {
    key: u64,
    used: bool,
    value: f32,
    moves: Vec<M>,
    priors: Vec<f32>,
}

/// A direct-mapped table of `2^k` slots: a new entry replaces whatever held its slot. The
/// slots keep their buffers, so nothing is allocated once every slot has been used.
///
/// A key is mixed before it picks its slot, since a game's key need not spread its low bits
/// (Connect Four's key is the board's bit pattern, whose low bits see only the first
/// columns).
#[derive(Clone, Debug)]
pub(crate) struct EvalCache<M> {
    slots: Vec<Slot<M>>,
    /// `64 - k`: the slot is the top `k` bits of the mixed key.
    shift: u32,
}

/// The slot of `key` in a table of `2^(64 - shift)` slots (Fibonacci hashing).
#[inline]
fn slot(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .checked_shr(shift)
        .unwrap_or(0)) as usize
}

impl<M: Copy + PartialEq> EvalCache<M> {
    /// A cache of at least `entries` slots (a power of two, at least 1).
    pub(crate) fn new(entries: usize) -> Self {
        let n = entries.max(1).next_power_of_two();
        EvalCache {
            slots: (0..n)
                .map(|_| Slot {
                    key: 0,
                    used: false,
                    value: 0.0,
                    moves: Vec::new(),
                    priors: Vec::new(),
                })
                .collect(),
            shift: 64 - n.trailing_zeros(),
        }
    }

    /// The value and priors stored for `key`, if the slot holds that key **and** the same
    /// legal moves (a different position that shares the key is a miss, not an answer).
    pub(crate) fn get(&self, key: u64, legal: &[M], priors: &mut Vec<f32>) -> Option<f32> {
        let s = &self.slots[slot(key, self.shift)];
        if !s.used || s.key != key || s.moves != legal {
            return None;
        }
        priors.clear();
        priors.extend_from_slice(&s.priors);
        Some(s.value)
    }

    /// Stores an evaluation.
    pub(crate) fn put(&mut self, key: u64, value: f32, legal: &[M], priors: &[f32]) {
        let s = &mut self.slots[slot(key, self.shift)];
        s.key = key;
        s.used = true;
        s.value = value;
        s.moves.clear();
        s.moves.extend_from_slice(legal);
        s.priors.clear();
        s.priors.extend_from_slice(priors);
    }

    /// Empties every slot, keeping the memory.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.slots {
            s.used = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_with_other_moves_is_a_miss() {
        let mut c = EvalCache::new(3);
        assert_eq!(c.slots.len(), 4);
        let mut p = Vec::new();
        c.put(5, 0.5, &[1u8, 2], &[0.25, 0.75]);
        assert_eq!(c.get(5, &[1, 2], &mut p), Some(0.5));
        assert_eq!(p, [0.25, 0.75]);
        assert_eq!(c.get(5, &[1, 3], &mut p), None);
        // Another key of the same slot.
        let other = (6..)
            .find(|&k| slot(k, c.shift) == slot(5, c.shift))
            .unwrap();
        assert_eq!(c.get(other, &[1, 2], &mut p), None, "same slot, other key");
        c.put(other, -0.5, &[0u8], &[1.0]);
        assert_eq!(c.get(5, &[1, 2], &mut p), None, "replaced");
        assert_eq!(c.get(other, &[0], &mut p), Some(-0.5));
        c.clear();
        assert_eq!(c.get(other, &[0], &mut p), None);
        // One slot: every key maps to it.
        let one = EvalCache::<u8>::new(0);
        assert_eq!((one.slots.len(), slot(u64::MAX, one.shift)), (1, 0));
    }
}
