//! Numbering the states of a search with dense `u32` slots: [`HashSlots`] for any hashable
//! state (an open-addressing table with a hasher of its own), [`DenseSlots`] for grid cells,
//! which are their own slots.

use core::hash::Hash;

use crate::engine::error::PathError;

/// "No parent": the slot of a start.
pub(crate) const NONE: u32 = u32::MAX;

/// The bytes a growth made ahead, or the setup of a search's arrays, writes between two
/// looks at the clock and the stop flag: 16 pages, well under a millisecond of work even
/// where the system maps new memory slowly.
pub(crate) const PART_BYTES: usize = 1 << 16;

/// The entries of `T` in [`PART_BYTES`].
pub(crate) const fn part_of<T>() -> usize {
    let size = core::mem::size_of::<T>();
    if size == 0 {
        PART_BYTES
    } else {
        PART_BYTES.div_ceil(size)
    }
}

/// Numbers the states of one search.
pub(crate) trait Slots<N> {
    /// The bytes the table holds (its arrays' capacities), for a memory cap.
    fn bytes(&self) -> usize {
        0
    }
    /// Forgets every state (a new search starts).
    fn reset(&mut self);
    /// `true` if a slot new to the table is exactly a state new to the search (the table
    /// is emptied when a search begins), so that
    /// [`Nodes::visit`](crate::engine::nodes::Nodes::visit) need not look at the slot's
    /// generation.
    const NEW_IS_FRESH: bool;
    /// `true` if the slots of a search are `0, 1, 2, ...` in the order its states are
    /// first met, so that slot `i < count()` is the `i`-th state met (BFS then needs no
    /// queue: the states in order of slot are its queue).
    const IN_ORDER: bool;
    /// The number of states numbered by this search (meaningful when [`IN_ORDER`](Self::IN_ORDER)).
    fn count(&self) -> usize;
    /// The slot of `node`, numbering it if it is new, and whether it was new to the table.
    fn slot(&mut self, node: &N) -> Result<(u32, bool), PathError>;
    /// The state of a slot.
    fn node(&self, slot: u32) -> N;
    /// If the table grows as it numbers more states: how many more it numbers before it
    /// does. `None` for a table that never grows.
    fn room_before_growth(&self) -> Option<usize> {
        None
    }
    /// Grows the table now, before it is full, a part at a time, asking `stop` between
    /// parts (see [`HashSlots`]): `false` if `stop` said so before it was done (the table
    /// then stays as it was; what was built is kept, not freed). A table that never grows
    /// has nothing to do.
    fn grow_ahead(&mut self, _stop: impl FnMut() -> bool) -> bool {
        true
    }
}

/// The error of a search that numbered `u32::MAX - 1` states (kept out of the hot loops).
#[cold]
#[inline(never)]
fn too_many_states() -> PathError {
    PathError::TooManyStates(NONE - 1)
}

/// The hasher of [`HashSlots`]: the `FxHash` word combination (rotate, xor, multiply by an
/// odd constant per word), arranged for the table's buckets, which take their block from the
/// top bits of the hash (the well-mixed bits of a product) and their place in the block from
/// the low 3 bits.
///
/// A state hashed as one integer (a cell id, an index) keeps its own low 3 bits there: the
/// 8 states `8k..8k+8`, which searches over grids and arrays look up together, share one
/// block of the table and so one cache line, and the product of `k` by the constant spreads
/// the blocks of consecutive `k` evenly over the table (Fibonacci hashing). Several words
/// (tuples, strings) take bits 32 to 34 of the product instead.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SlotHasher {
    hash: u64,
    word: u64,
    words: u32,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl SlotHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
        self.word = word;
        self.words += 1;
    }
}

impl core::hash::Hasher for SlotHasher {
    /// Bytes as little-endian words, the last one padded with zeros (read without a
    /// call to copy them).
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            let word = tail
                .iter()
                .enumerate()
                .fold(0u64, |w, (i, &b)| w | u64::from(b) << (8 * i));
            self.add(word);
        }
    }
    #[inline(always)]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline(always)]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    #[inline(always)]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline(always)]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline(always)]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline(always)]
    fn finish(&self) -> u64 {
        if self.words == 1 {
            (((self.word >> 3).wrapping_mul(SEED)).rotate_left(26) & !7) | (self.word & 7)
        } else {
            self.hash.rotate_left(26)
        }
    }
}

/// The bucket of a hash in a table of `2^(64 - shift)` buckets: the top bits of the hash
/// choose a block of 8 buckets, its low 3 bits the bucket in the block.
#[inline(always)]
fn bucket(hash: u64, shift: u32) -> usize {
    ((hash >> shift) as usize & !7) | (hash as usize & 7)
}

/// The hash of one state.
#[inline(always)]
fn hash_of<N: Hash>(node: &N) -> u64 {
    let mut h = SlotHasher::default();
    node.hash(&mut h);
    core::hash::Hasher::finish(&h)
}

/// The first empty bucket of the probe sequence of `hash` in `buckets` (a power of two of
/// them, `2^(64 - shift)`, at most half full).
#[inline]
fn empty_bucket(buckets: &[u32], shift: u32, hash: u64) -> usize {
    let mask = buckets.len() - 1;
    let mut i = bucket(hash, shift);
    while buckets[i] != NONE {
        i = (i + PROBE_STEP) & mask;
    }
    i
}

/// How far [`HashSlots`] probes after a taken bucket: to the next place of the next block,
/// so that the 8 states of a block of ids rarely compete for a bucket. The step is odd, so
/// the probe sequence visits every bucket of a power-of-two table and always finds an
/// empty one, however badly a state type hashes.
const PROBE_STEP: usize = 9;

/// The smallest table [`HashSlots`] allocates (buckets).
const MIN_BUCKETS: usize = 64;

/// States a growth made ahead ([`Slots::grow_ahead`]) inserts into the next table between
/// two looks at its `stop`.
const INSERT_PART: usize = 1 << 12;

/// Numbers arbitrary hashable states in the order they are met: an open-addressing table
/// of slots (4 bytes a bucket, [`NONE`] when empty) beside the states in order of slot. A
/// look-up compares the states whose slots it probes; a new state is inserted where its
/// look-up ended (one probe sequence per state met), and is stored once. Probing steps by
/// [`PROBE_STEP`] buckets (see [`SlotHasher`]). The table is at most half full.
///
/// A new search empties the table by removing the slots of the last one in reverse order
/// of numbering (each removal finds its slot where the probe sequence of its insertion
/// ended, since every state numbered earlier is still in place), or, when they fill more
/// than an eighth of the table, by emptying every bucket.
///
/// A growth writes twice the memory the table held, memory the system has often yet to
/// map, and frees the old arrays, each of which takes milliseconds for a table of a few
/// hundred thousand states. A search that can be stopped (a deadline, a stop flag) grows
/// the table between two expansions instead, before it is full ([`Slots::grow_ahead`]):
/// its empty buckets, then the states numbered so far copied and inserted in order, a part
/// at a time, looking at the clock and the flag between parts; it keeps the arrays the table
/// outgrew until the next search (or the table's drop) frees them.
#[derive(Clone, Debug)]
pub(crate) struct HashSlots<N> {
    /// The slot in each bucket; a power of two buckets (at least [`MIN_BUCKETS`]), or none.
    buckets: Vec<u32>,
    /// 64 minus the base-2 logarithm of the number of buckets.
    shift: u32,
    /// How many states the table holds before it must grow: half the buckets, and never
    /// past the largest slot (`NONE - 1`), so that numbering a new state needs one
    /// comparison.
    limit: usize,
    nodes: Vec<N>,
    /// The buckets and states of the tables outgrown (or of a growth ahead that was
    /// stopped) in this search, freed when the next one begins.
    retired: Vec<(Vec<u32>, Vec<N>)>,
}

impl<N> Default for HashSlots<N> {
    fn default() -> Self {
        HashSlots {
            buckets: Vec::new(),
            shift: 63,
            limit: 0,
            nodes: Vec::new(),
            retired: Vec::new(),
        }
    }
}

/// The most states a table of `len` buckets holds: half of them, and never past the
/// largest slot.
fn limit_of(len: usize) -> usize {
    (len / 2).min(NONE as usize)
}

impl<N: Clone + Eq + Hash> HashSlots<N> {
    /// The slot of `node`, if it was numbered.
    pub(crate) fn find(&self, node: &N) -> Option<u32> {
        if self.buckets.is_empty() {
            return None;
        }
        let mask = self.buckets.len() - 1;
        let mut i = bucket(hash_of(node), self.shift);
        loop {
            let s = self.buckets[i];
            if s == NONE {
                return None;
            }
            if self.nodes[s as usize] == *node {
                return Some(s);
            }
            i = (i + PROBE_STEP) & mask;
        }
    }

    /// The first empty bucket of the probe sequence of `hash`.
    #[inline]
    fn empty_bucket(&self, hash: u64) -> usize {
        empty_bucket(&self.buckets, self.shift, hash)
    }

    /// Doubles the table (or creates it) and inserts the numbered states again, in order.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let len = (self.buckets.len() * 2).max(MIN_BUCKETS);
        self.buckets.clear();
        self.buckets.resize(len, NONE);
        self.shift = 64 - len.trailing_zeros();
        for s in 0..self.nodes.len() {
            let i = self.empty_bucket(hash_of(&self.nodes[s]));
            self.buckets[i] = s as u32;
        }
        self.limit = limit_of(len);
        // The states' array grows here too (as it would with the next push).
        self.nodes
            .reserve_exact(self.limit.saturating_sub(self.nodes.len()));
    }

    /// Numbers `node`, a state new to the table that would fill it past one half (or the
    /// first state of a table not created yet): grows (or creates) the table first, or
    /// refuses a state past the largest slot.
    #[cold]
    #[inline(never)]
    fn insert_after_growing(&mut self, node: &N) -> Result<(u32, bool), PathError> {
        let next = self.nodes.len();
        if next >= NONE as usize {
            return Err(too_many_states());
        }
        self.grow();
        let i = self.empty_bucket(hash_of(node));
        self.buckets[i] = next as u32;
        self.nodes.push(node.clone());
        Ok((next as u32, true))
    }
}

impl<N> HashSlots<N> {
    /// The states numbered so far, by slot.
    pub(crate) fn nodes(&self) -> &[N] {
        &self.nodes
    }
}

impl<N: Clone + Eq + Hash> Slots<N> for HashSlots<N> {
    fn bytes(&self) -> usize {
        let retired = self.retired.iter();
        let retired: usize = retired.map(|(b, n)| vec_bytes(b) + vec_bytes(n)).sum();
        vec_bytes(&self.buckets) + vec_bytes(&self.nodes) + retired
    }

    fn reset(&mut self) {
        self.retired = Vec::new();
        if self.nodes.len() * 8 > self.buckets.len() {
            self.buckets.fill(NONE);
        } else {
            let mask = self.buckets.len().wrapping_sub(1);
            for (s, n) in self.nodes.iter().enumerate().rev() {
                let mut i = bucket(hash_of(n), self.shift);
                // A state whose `Hash` changed since it was numbered is not found; then
                // every bucket is emptied.
                while self.buckets[i] != NONE && self.buckets[i] != s as u32 {
                    i = (i + PROBE_STEP) & mask;
                }
                if self.buckets[i] == NONE {
                    self.buckets.fill(NONE);
                    break;
                }
                self.buckets[i] = NONE;
            }
        }
        self.nodes.clear();
    }

    const NEW_IS_FRESH: bool = true;
    const IN_ORDER: bool = true;

    #[inline(always)]
    fn count(&self) -> usize {
        self.nodes.len()
    }

    /// Looks the state up; only numbering a new state checks whether the table must grow
    /// (a look-up of a known state, the commoner case, does not). A table not created yet
    /// has no bucket to read: the bounds check of the first read sends the look-up to
    /// [`insert_after_growing`](Self::insert_after_growing), which creates it.
    #[inline(always)]
    fn slot(&mut self, node: &N) -> Result<(u32, bool), PathError> {
        let mask = self.buckets.len().wrapping_sub(1);
        let mut i = bucket(hash_of(node), self.shift);
        loop {
            let Some(&s) = self.buckets.get(i) else {
                return self.insert_after_growing(node);
            };
            if s == NONE {
                let next = self.nodes.len();
                if next >= self.limit {
                    return self.insert_after_growing(node);
                }
                self.buckets[i] = next as u32;
                self.nodes.push(node.clone());
                return Ok((next as u32, true));
            }
            if self.nodes[s as usize] == *node {
                return Ok((s, false));
            }
            i = (i + PROBE_STEP) & mask;
        }
    }

    #[inline]
    fn node(&self, slot: u32) -> N {
        self.nodes[slot as usize].clone()
    }

    #[inline]
    fn room_before_growth(&self) -> Option<usize> {
        Some(self.limit.saturating_sub(self.nodes.len()))
    }

    fn grow_ahead(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        // The first table is small, and the largest is never doubled.
        if self.buckets.is_empty() || self.limit >= NONE as usize {
            return true;
        }
        let len = self.buckets.len() * 2;
        let shift = 64 - len.trailing_zeros();
        let mut buckets = Vec::with_capacity(len);
        let mut nodes = Vec::with_capacity(limit_of(len));
        let mut stopped = false;
        while buckets.len() < len && !stopped {
            buckets.resize(len.min(buckets.len() + part_of::<u32>()), NONE);
            stopped = stop();
        }
        while nodes.len() < self.nodes.len() && !stopped {
            let to = self.nodes.len().min(nodes.len() + INSERT_PART);
            for (s, n) in self.nodes[..to].iter().enumerate().skip(nodes.len()) {
                let i = empty_bucket(&buckets, shift, hash_of(n));
                buckets[i] = s as u32;
            }
            nodes.extend_from_slice(&self.nodes[nodes.len()..to]);
            stopped = to < self.nodes.len() && stop();
        }
        if stopped {
            self.retired.push((buckets, nodes));
            return false;
        }
        let old = (
            core::mem::replace(&mut self.buckets, buckets),
            core::mem::replace(&mut self.nodes, nodes),
        );
        self.retired.push(old);
        self.shift = shift;
        self.limit = limit_of(len);
        true
    }
}

/// States that are already small integers (grid cells): the slot is the state.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DenseSlots;

impl Slots<u32> for DenseSlots {
    fn reset(&mut self) {}

    const NEW_IS_FRESH: bool = false;
    const IN_ORDER: bool = false;

    #[inline(always)]
    fn count(&self) -> usize {
        0
    }

    #[inline(always)]
    fn slot(&mut self, node: &u32) -> Result<(u32, bool), PathError> {
        Ok((*node, false))
    }

    #[inline(always)]
    fn node(&self, slot: u32) -> u32 {
        slot
    }
}

/// The bytes `v`'s buffer holds (its capacity, not its length).
#[inline]
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * core::mem::size_of::<T>()
}

/// The bytes a `std` (hashbrown) hash table of entries `T` with room for `capacity`
/// entries holds: a power of two of buckets, an eighth more than the capacity, each an
/// entry and a control byte.
#[inline]
pub(crate) fn hash_table_bytes<T>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity.saturating_mul(8) / 7).next_power_of_two();
    buckets.saturating_mul(core::mem::size_of::<T>() + 1)
}

#[cfg(test)]
mod tests {
    use super::{HashSlots, Slots};

    /// The room before the next growth counts down by one per new state, and a growth
    /// (when the room was used up) doubles it.
    #[test]
    fn the_room_before_growth_is_counted_down() {
        let mut slots = HashSlots::<u64>::default();
        assert_eq!(slots.room_before_growth(), Some(0), "no table yet");
        let mut growths = 0;
        for n in 0..100_000u64 {
            let room = slots.room_before_growth().unwrap();
            slots.slot(&n).unwrap();
            // Numbering a known state again changes nothing.
            slots.slot(&n).unwrap();
            let after = slots.room_before_growth().unwrap();
            if room == 0 {
                growths += 1;
                assert!(after > 0, "a growth makes room");
                assert_eq!(after + n as usize + 1, slots.limit);
            } else {
                assert_eq!(after, room - 1);
            }
        }
        assert!(growths >= 10, "{growths} growths");
    }

    /// Growths made ahead, some of them stopped part-way (and made again later), number
    /// every state as growths made at once do; a stopped growth leaves the table as it was,
    /// and a growth ahead keeps what it outgrew (freed, with what a stopped one built, when
    /// the next search begins). A stopped growth asks `stop` once more after the flag at
    /// most: it does no part of its work after `stop` said so.
    #[test]
    fn growths_ahead_number_states_as_growths_made_at_once() {
        let states: Vec<u64> = (0..300_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9) % 200_000)
            .collect();
        let mut plain = HashSlots::default();
        let mut ahead = HashSlots::default();
        let (mut stopped, mut grown, mut attempts) = (0u32, 0u32, 0usize);
        for n in &states {
            // The first table is made at the first state, not ahead.
            if ahead.limit > 0 && ahead.room_before_growth().unwrap() <= 1024 {
                let before = (ahead.limit, ahead.retired.len(), ahead.bytes());
                // Every other attempt is stopped, at its first to fifth look.
                attempts += 1;
                let stop_at = (attempts % 2 == 1).then_some(attempts / 2 % 5);
                let mut looks = 0;
                let done = ahead.grow_ahead(|| {
                    looks += 1;
                    stop_at.is_some_and(|s| looks > s)
                });
                if done {
                    grown += 1;
                    assert_eq!(ahead.limit, 2 * before.0, "the table doubled");
                } else {
                    stopped += 1;
                    assert_eq!(looks, stop_at.unwrap() + 1, "no look after the stop");
                    assert_eq!(ahead.limit, before.0, "a stopped growth changes nothing");
                }
                assert_eq!(ahead.retired.len(), before.1 + 1, "nothing was freed");
                assert!(ahead.bytes() > before.2, "what is kept is counted");
            }
            assert_eq!(ahead.slot(n).unwrap(), plain.slot(n).unwrap(), "{n}");
        }
        assert!(
            grown >= 5 && stopped >= 3,
            "{grown} grown, {stopped} stopped"
        );
        assert_eq!(ahead.nodes(), plain.nodes());
        for n in (0..200_000u64).step_by(7) {
            assert_eq!(ahead.find(&n), plain.find(&n), "{n}");
        }
        ahead.reset();
        assert!(ahead.retired.is_empty(), "a new search frees what was kept");
        check_numbering(&mut ahead, &[3u64, 5, 3, 9]);
    }

    /// A state whose hash is the same for every value: every look-up probes past all the
    /// states numbered before it.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Colliding(u32);

    impl core::hash::Hash for Colliding {
        fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
            state.write_u32(7);
        }
    }

    /// Numbers `states` and checks every slot against the order of first appearance.
    fn check_numbering<N: Clone + Eq + core::hash::Hash + core::fmt::Debug>(
        slots: &mut HashSlots<N>,
        states: &[N],
    ) {
        let mut expected: Vec<N> = Vec::new();
        for n in states {
            let (s, new) = slots.slot(n).unwrap();
            let at = expected.iter().position(|e| e == n);
            assert_eq!(new, at.is_none(), "{n:?}");
            match at {
                Some(i) => assert_eq!(s as usize, i),
                None => {
                    assert_eq!(s as usize, expected.len());
                    expected.push(n.clone());
                }
            }
            assert_eq!(slots.find(n), Some(s));
        }
        assert_eq!(slots.nodes(), &expected[..]);
        for (i, n) in expected.iter().enumerate() {
            assert_eq!(slots.find(n), Some(i as u32));
            assert_eq!(&slots.node(i as u32), n);
        }
    }

    #[test]
    fn numbers_states_in_order_of_first_appearance_across_growth_and_resets() {
        let mut slots = HashSlots::default();
        assert_eq!(slots.find(&5u32), None);
        // Grid-like ids with repeats: 3000 distinct states grow the table several times.
        let states: Vec<u32> = (0..6000u32).map(|i| (i * 7919) % 3000 * 3).collect();
        check_numbering(&mut slots, &states);
        assert_eq!(slots.find(&1), None);
        // A large search then a small one (emptied bucket by bucket), then a small one
        // after a small one (emptied state by state), then a large one again.
        for round in 0..4u32 {
            slots.reset();
            assert_eq!(slots.find(&0), None);
            assert!(slots.nodes().is_empty());
            let n = if round == 2 { 2500 } else { 40 };
            let states: Vec<u32> = (0..n).map(|i| (i * 31 + round) % (n / 2) * 5).collect();
            check_numbering(&mut slots, &states);
        }
    }

    #[test]
    fn bytes_hash_as_little_endian_words_padded_with_zeros() {
        use core::hash::Hasher;
        let bytes: Vec<u8> = (1..=40u8).map(|b| b.wrapping_mul(37)).collect();
        for len in 0..=bytes.len() {
            let mut fast = super::SlotHasher::default();
            fast.write(&bytes[..len]);
            let mut words = super::SlotHasher::default();
            for chunk in bytes[..len].chunks(8) {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                words.write_u64(u64::from_le_bytes(word));
            }
            assert_eq!(fast.finish(), words.finish(), "{len} bytes");
        }
    }

    #[test]
    fn tuples_and_colliding_hashes_are_numbered_exactly() {
        let mut slots = HashSlots::default();
        let states: Vec<(i32, i32)> = (0..500).map(|i| (i % 23 - 11, i % 37)).collect();
        check_numbering(&mut slots, &states);
        let mut slots = HashSlots::default();
        let states: Vec<Colliding> = (0..200).map(|i| Colliding(i % 90)).collect();
        check_numbering(&mut slots, &states);
        slots.reset();
        assert_eq!(slots.find(&Colliding(3)), None);
        check_numbering(&mut slots, &states[..50]);
    }
}
