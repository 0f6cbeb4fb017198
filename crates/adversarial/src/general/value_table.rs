//! [`ValueTable`]: the transposition table of [`Expectimax`](crate::Expectimax), bounded by
//! a number of entries, of `f64` values keyed by [`GeneralGame::state_key`](search_core::GeneralGame::state_key).

use fxhash::FxHashMap;
use search_core::SearchError;

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
    /// A table of up to `capacity` entries, its room reserved at once: a map that grew as
    /// it filled would move every entry at each growth, with no look at the clock or the
    /// stop flag while it does (tens of milliseconds at a million entries). The reserved
    /// memory is touched only as entries are stored.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the room cannot be reserved.
    pub(crate) fn new(capacity: usize) -> Result<Self, SearchError> {
        let mut map = FxHashMap::default();
        map.try_reserve(capacity).map_err(|e| {
            SearchError::Config(format!(
                "a table of {capacity} entries cannot be allocated ({e}): ask for fewer"
            ))
        })?;
        Ok(ValueTable { map, capacity })
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.map.get(&key).copied()
    }

    pub(crate) fn store(&mut self, key: u64, entry: Entry<M>) {
        if let Some(old) = self.map.get_mut(&key) {
            *old = entry;
        } else if self.map.len() < self.capacity {
            self.map.insert(key, entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_never_moved_its_entries() {
        // Room for every entry is reserved up front: storing up to the capacity never
        // grows (and so never rehashes) the map, the pause a search could not interrupt.
        let mut table = ValueTable::<u8>::new(100_000).unwrap();
        let room = table.map.capacity();
        assert!(room >= 100_000);
        for key in 0..150_000u64 {
            let entry = Entry {
                depth: 1,
                value: key as f64,
                bound: Bound::Exact,
                best: Some(1),
            };
            table.store(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), entry);
            assert_eq!(table.map.capacity(), room, "after {key} stores");
        }
        assert_eq!(table.map.len(), 100_000);
    }

    #[test]
    fn a_table_beyond_the_address_space_is_a_config_error() {
        assert!(matches!(
            ValueTable::<u8>::new(usize::MAX / 4),
            Err(SearchError::Config(_))
        ));
    }
}
