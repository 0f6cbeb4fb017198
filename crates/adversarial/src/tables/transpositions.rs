//! [`Transpositions`]: how an engine reaches its table, chosen at compile time —
//! [`NoTable`], a [`TranspositionTable`](crate::TranspositionTable), a
//! [`CompactTable`](crate::CompactTable), an `Arc` or a reference to one, or the solver's
//! table with an opening book in front of it — and the check value that tables fold into a
//! key that is not exact.

use search_core::{Game, Score};

use crate::tables::entry::TableEntry;

/// How an engine reaches its transposition table: [`NoTable`] (nothing stored, any
/// [`Game`]), or a [`TranspositionTable`](crate::TranspositionTable) (behind an `Arc` or a reference) for games with
/// a [`GameHash`](search_core::GameHash) key. The choice is made at compile time, so a search without a table pays
/// nothing for the option.
///
/// ```
/// use adversarial::{NoTable, Transpositions, TranspositionTable};
/// use games::ConnectFour;
/// use std::sync::Arc;
/// let t = Arc::new(TranspositionTable::new(1024).unwrap());
/// assert!(<Arc<TranspositionTable> as Transpositions<ConnectFour>>::ENABLED);
/// assert!(!<NoTable as Transpositions<ConnectFour>>::ENABLED);
/// assert_eq!(Transpositions::<ConnectFour>::key(&t, &ConnectFour::new()), 0);
/// ```
pub trait Transpositions<G: Game> {
    /// `false` only for [`NoTable`].
    const ENABLED: bool;
    /// The key of `state`.
    fn key(&self, state: &G) -> u64;
    /// The key of `state`'s symmetry class (see
    /// [`GameHash::canonical_key`](search_core::GameHash::canonical_key)), and whether `state` is the class's representative
    /// (only then may a stored move index be used or stored: it names a move of the
    /// representative's move list). The default: [`key`](Transpositions::key), `true`.
    #[inline]
    fn class_key(&self, state: &G) -> (u64, bool) {
        (self.key(state), true)
    }
    /// The entry stored for `key`.
    fn probe(&self, key: u64) -> Option<TableEntry>;
    /// Reads `key`'s slot without interpreting it (see [`TranspositionTable::fetch`](crate::TranspositionTable::fetch)).
    fn fetch(&self, key: u64) -> [u64; 2];
    /// Interprets what [`fetch`](Transpositions::fetch) read.
    fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry>;
    /// Starts loading `key`'s slot into the cache (see [`TranspositionTable::prefetch`](crate::TranspositionTable::prefetch));
    /// a hint that changes no result. The default does nothing.
    #[inline]
    fn prefetch(&self, key: u64) {
        let _ = key;
    }
    /// Stores an entry for `key`.
    fn store(&self, key: u64, entry: TableEntry);
    /// Starts a new search generation.
    fn new_search(&self);
    /// Checks, once at the root of a search, that the keys tell the root's children apart
    /// ([`search_core::check_root_keys`]); the default, for no table, checks nothing.
    ///
    /// # Errors
    /// [`SearchError::BrokenPromise`](search_core::SearchError::BrokenPromise) for two
    /// different children with one key.
    fn check_keys(&self, state: &G) -> Result<(), search_core::SearchError> {
        let _ = state;
        Ok(())
    }
    /// The slots of the part of the table in use, when not all of it is: a table that can
    /// [`grow`](Transpositions::grow) (see [`TranspositionTable::use_at_most`](crate::TranspositionTable::use_at_most)). `None`, the
    /// default, for a table that uses all of itself.
    ///
    /// The exact [`Solver`](crate::Solver) grows such a table as its search goes: it looks
    /// every [`POLL_INTERVAL`](search_core::RunningBudget::POLL_INTERVAL) nodes, and grows it
    /// once a thread has searched 16 nodes per slot in use.
    #[inline]
    fn slots_in_use(&self) -> Option<usize> {
        None
    }
    /// Uses twice the slots (see [`TranspositionTable::grow`](crate::TranspositionTable::grow)); the default does nothing.
    #[inline]
    fn grow(&self) {}
    /// `true` if [`known_value`](Transpositions::known_value) can answer (an opening book
    /// is attached); engines skip it otherwise, at no cost. The default: `false`.
    const HAS_KNOWN_VALUES: bool = false;
    /// The exact value of `state` for its side to move, known without a search (from an
    /// [`OpeningBook`](crate::OpeningBook)), if any. The default: none.
    #[inline]
    fn known_value(&self, state: &G) -> Option<Score> {
        let _ = state;
        None
    }
    /// Starts loading into the cache what [`known_value`](Transpositions::known_value)
    /// will read for `state` (engines call it for each child before searching the first);
    /// a hint that changes no result. The default does nothing.
    #[inline]
    fn prefetch_known(&self, state: &G) {
        let _ = state;
    }
}

/// "No transposition table": searches store nothing and need no [`GameHash`](search_core::GameHash).
///
/// ```
/// use adversarial::{NoTable, Transpositions};
/// use games::TicTacToe;
/// assert_eq!(Transpositions::<TicTacToe>::probe(&NoTable, 1), None);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NoTable;

impl<G: Game> Transpositions<G> for NoTable {
    const ENABLED: bool = false;
    #[inline]
    fn key(&self, _state: &G) -> u64 {
        0
    }
    #[inline]
    fn probe(&self, _key: u64) -> Option<TableEntry> {
        None
    }
    #[inline]
    fn fetch(&self, _key: u64) -> [u64; 2] {
        [0, 0]
    }
    #[inline]
    fn decode(&self, _key: u64, _raw: [u64; 2]) -> Option<TableEntry> {
        None
    }
    #[inline]
    fn store(&self, _key: u64, _entry: TableEntry) {}
    #[inline]
    fn new_search(&self) {}
}

/// What the table can learn about a state for free, beyond its key: whose turn it is and
/// the game's [`remaining_plies_bound`](Game::remaining_plies_bound), mixed into 64 bits.
/// Folded into a key that is not exact, it makes the table tell apart states that share a
/// key but differ in either, so a key that forgets whose turn it is, or a degenerate key
/// (every state 0), can only mix up states that agree on both.
#[inline]
pub(crate) fn check_value<G: Game>(state: &G) -> u64 {
    let turn = state.to_move().index() as u64;
    let left = state
        .remaining_plies_bound()
        .map_or(0, |b| u64::from(b) + 1);
    (((left << 1) | turn) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// A handle that derefs to a table is a table: `Arc<T>` to share one between engines or
/// threads, `&T` to lend one to a single search.
macro_rules! delegate_transpositions {
    ($($handle:ty),*) => {$(
        impl<G: Game, T: Transpositions<G>> Transpositions<G> for $handle {
            const ENABLED: bool = T::ENABLED;
            #[inline]
            fn key(&self, state: &G) -> u64 {
                (**self).key(state)
            }
            #[inline]
            fn class_key(&self, state: &G) -> (u64, bool) {
                (**self).class_key(state)
            }
            #[inline]
            fn probe(&self, key: u64) -> Option<TableEntry> {
                (**self).probe(key)
            }
            #[inline]
            fn fetch(&self, key: u64) -> [u64; 2] {
                (**self).fetch(key)
            }
            #[inline]
            fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry> {
                (**self).decode(key, raw)
            }
            #[inline]
            fn store(&self, key: u64, entry: TableEntry) {
                (**self).store(key, entry);
            }
            #[inline]
            fn new_search(&self) {
                (**self).new_search();
            }
            fn check_keys(&self, state: &G) -> Result<(), search_core::SearchError> {
                (**self).check_keys(state)
            }
            #[inline]
            fn prefetch(&self, key: u64) {
                (**self).prefetch(key);
            }
            #[inline]
            fn slots_in_use(&self) -> Option<usize> {
                (**self).slots_in_use()
            }
            #[inline]
            fn grow(&self) {
                (**self).grow();
            }
            const HAS_KNOWN_VALUES: bool = T::HAS_KNOWN_VALUES;
            #[inline]
            fn known_value(&self, state: &G) -> Option<Score> {
                (**self).known_value(state)
            }
            #[inline]
            fn prefetch_known(&self, state: &G) {
                (**self).prefetch_known(state);
            }
        }
    )*};
}

delegate_transpositions!(std::sync::Arc<T>, &T);
