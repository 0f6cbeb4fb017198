//! How the searcher ranks a node's moves, best first, from the sources [`MoveOrdering`](crate::MoveOrdering)
//! switches on (the table's move, the game's hints, killer moves, the history heuristic),
//! and how a cut-off rewards the move that caused it.

use core::hash::{Hash, Hasher};

use search_core::{Evaluator, Game};

use super::{Frame, Searcher};
use crate::tables::transpositions::Transpositions;

/// Buckets of the history table per player.
pub(crate) const HISTORY_BUCKETS: usize = 1024;

/// The history bucket of a move (moves are hashed, so any move type works).
#[inline]
pub(crate) fn history_bucket<M: Hash>(mv: &M) -> usize {
    let mut h = fxhash::FxHasher64::default();
    mv.hash(&mut h);
    (h.finish() >> 20) as usize % HISTORY_BUCKETS
}

/// Sorts `order` by decreasing key, keeping the generation order among equal keys
/// (insertion sort: move lists are short).
#[inline]
pub(crate) fn sort_descending(order: &mut [(i64, u32)]) {
    for i in 1..order.len() {
        let item = order[i];
        let mut j = i;
        while j > 0 && order[j - 1].0 < item.0 {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = item;
    }
}

impl<G, E, T> Searcher<'_, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    /// Appends to `order` (from `frame.order` on) the ranking of the node's moves
    /// (`moves[frame.moves..]`), best first.
    pub(super) fn order_moves(
        &mut self,
        state: &G,
        ply: usize,
        table_move: Option<u8>,
        frame: Frame,
    ) {
        let o = self.opts.ordering;
        let side = state.to_move().index() * HISTORY_BUCKETS;
        let salt = self.opts.salt;
        let moves = &self.moves[frame.moves..];
        let order = &mut self.order;
        order.truncate(frame.order);
        if let [_] = moves {
            // One move: nothing to rank.
            order.push((0, 0));
            return;
        }
        // The table's move goes first (its other keys need not be computed).
        let first = table_move
            .filter(|&t| o.table_move && t < u8::MAX)
            .map_or(usize::MAX, usize::from);
        if !o.killers && !o.history && salt == 0 {
            // The solver's ordering: the game's hints alone.
            order.extend(moves.iter().enumerate().map(|(i, &mv)| {
                let key = if i == first {
                    i64::MAX
                } else if o.hints {
                    i64::from(state.move_order_hint(mv)) << 40
                } else {
                    0
                };
                (key, i as u32)
            }));
        } else {
            let killers = self.plies[ply].killers;
            for (i, &mv) in moves.iter().enumerate() {
                let mut key: i64 = 0;
                if o.hints {
                    key += i64::from(state.move_order_hint(mv)) << 40;
                }
                if o.killers {
                    if killers[0] == Some(mv) {
                        key += 2 << 37;
                    } else if killers[1] == Some(mv) {
                        key += 1 << 37;
                    }
                }
                if o.history {
                    key += i64::from(self.history[side + history_bucket(&mv)].min(1 << 28)) << 8;
                }
                if salt != 0 {
                    key += ((salt ^ i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as i64;
                }
                if i == first {
                    key = i64::MAX;
                }
                order.push((key, i as u32));
            }
        }
        sort_descending(&mut order[frame.order..]);
    }

    pub(super) fn reward(&mut self, state: &G, ply: usize, mv: G::Move, depth: u32) {
        if self.opts.ordering.killers {
            let k = &mut self.plies[ply].killers;
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if self.opts.ordering.history {
            let d = depth.min(1000);
            let h =
                &mut self.history[state.to_move().index() * HISTORY_BUCKETS + history_bucket(&mv)];
            *h = h.saturating_add(d * d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_is_stable_and_descending() {
        let mut v = [(1, 0), (3, 1), (1, 2), (3, 3), (2, 4)];
        sort_descending(&mut v);
        assert_eq!(v, [(3, 1), (3, 3), (2, 4), (1, 0), (1, 2)]);
    }

    #[test]
    fn buckets_are_in_range() {
        for m in 0u32..5000 {
            assert!(history_bucket(&m) < HISTORY_BUCKETS);
        }
    }
}
