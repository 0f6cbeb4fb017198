//! [`ValueTable`]: the transposition table of [`Expectimax`](crate::Expectimax), bounded by
//! a number of entries, of `f64` values keyed by [`GeneralGame::state_key`](search_core::GeneralGame::state_key).

use fxhash::FxHashMap;

/// What a table entry says about its value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    pub depth: u32,
    pub value: f64,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A transposition table of `f64` values keyed by
/// [`GeneralGame::state_key`](search_core::GeneralGame::state_key), bounded by
/// a number of entries: when it is full, only the entries already stored are updated. The
/// last search of a position replaces its entry.
pub(crate) struct ValueTable<M> {
    map: FxHashMap<u64, Entry<M>>,
    capacity: usize,
}

impl<M: Copy> ValueTable<M> {
    pub fn new(capacity: usize) -> Self {
        ValueTable {
            map: FxHashMap::default(),
            capacity,
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.map.get(&key).copied()
    }

    pub fn store(&mut self, key: u64, entry: Entry<M>) {
        if let Some(old) = self.map.get_mut(&key) {
            *old = entry;
        } else if self.map.len() < self.capacity {
            self.map.insert(key, entry);
        }
    }
}
