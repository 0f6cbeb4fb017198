//! Before a node searches its children: starting to load their table slots into the cache,
//! and the enhanced transposition cut-off, which ends the node when a child's table entry
//! already proves enough.

use search_core::{Evaluator, Game, Score};

use super::{Frame, Searcher};
use crate::tables::entry::Bound;
use crate::tables::transpositions::Transpositions;
use crate::two_player::window::to_parent;

impl<G, E, T> Searcher<'_, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    /// Starts loading the table slots of the children of the node whose moves start at
    /// `frame.moves` (all but the one at index `skip`) into the cache; with `etc`, also
    /// pushes every child's key and whether it has the same side to move onto `child_keys`.
    pub(super) fn prefetch_children(
        &mut self,
        state: &mut G,
        frame: Frame,
        etc: bool,
        skip: usize,
    ) {
        let table = self.table;
        let symmetry = self.opts.symmetry;
        let prefetch = self.opts.prefetch;
        let mover = state.to_move();
        for i in 0..self.moves.len() - frame.moves {
            if i == skip {
                continue;
            }
            // Each child played here is user code, as slow as a node: it counts towards
            // the clock's pacing, and at the deadline the node is abandoned (its caller
            // truncates the stacks; the keys not pushed are never read).
            if self.tick_clock() {
                return;
            }
            let mv = self.moves[frame.moves + i];
            let (key, same) = state.with_move(mv, |child| {
                if T::HAS_KNOWN_VALUES {
                    table.prefetch_known(child);
                }
                let key = if symmetry {
                    table.class_key(child).0
                } else {
                    table.key(child)
                };
                (key, child.to_move() == mover)
            });
            if prefetch {
                table.prefetch(key);
            }
            if etc {
                self.child_keys.push((key, same));
            }
        }
    }

    /// The enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin): the first
    /// child, in the order of the node's ranking (from `frame`), whose table entry proves that moving there
    /// is worth at least `beta` to the node, as that lower bound and the child's index in the
    /// move list. A child whose turn passes needs an upper bound on its own value (exact or
    /// upper), one with an extra turn a lower bound; outside exact-solver mode the entry must
    /// also have been searched to the child's depth, as at any table cut-off.
    pub(super) fn transposition_cutoff(
        &self,
        depth: u32,
        beta: Score,
        frame: Frame,
    ) -> Option<(Score, usize)> {
        let child_depth = (depth - 1).min(0xffff);
        for &(_, idx) in &self.order[frame.order..] {
            let idx = idx as usize;
            let (key, same) = self.child_keys[frame.keys + idx];
            let Some(e) = self.table.probe(key) else {
                continue;
            };
            if !self.opts.exact && u32::from(e.depth) != child_depth {
                continue;
            }
            let bounds_parent_from_below = match e.bound {
                Bound::Exact => true,
                Bound::Upper => !same,
                Bound::Lower => same,
            };
            if bounds_parent_from_below {
                let value = to_parent(e.score, same);
                if value >= beta {
                    return Some((value, idx));
                }
            }
        }
        None
    }
}
