//! The root of a search: every legal move searched once within a window, the previous
//! iteration's best move first, ties between equally good moves broken at random on request;
//! and one root move's value.

use search_core::{Evaluator, Game, Score, SearchError, SplitMix64};

use super::{Frame, Searcher};
use crate::tables::entry::{Bound, TableEntry};
use crate::tables::transpositions::Transpositions;
use crate::two_player::window::{child_window, next_down, null_child_window, to_parent};

/// The result of searching the root's moves once.
pub(crate) struct RootSearch<M> {
    pub best: Option<M>,
    pub score: Score,
    pub pv: Vec<M>,
}

impl<G, E, T> Searcher<'_, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    /// The value of playing `mv` from the root `state`, for the side to move there, within
    /// `(alpha, beta)` (fail-soft): the child searched to `depth - 1` plies (`depth` counts
    /// the move). With the open window the value is exact at that depth. Meaningless if
    /// `self.aborted`.
    pub(crate) fn move_value(
        &mut self,
        state: &mut G,
        mv: G::Move,
        depth: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let mover = state.to_move();
        self.child(state, mover, mv, |this, child, same| {
            let (ca, cb) = child_window(alpha, beta, same);
            to_parent(this.negamax(child, depth - 1, 1, ca, cb), same)
        })
    }

    /// Searches every legal move of the root to `depth` within `(alpha, beta)`.
    ///
    /// `first` (the previous iteration's best move) is searched first. With `ties`, moves
    /// equal to the best are searched with a window one unit wider, so that their exact
    /// value is known, and the best move is drawn at random among them.
    pub(crate) fn root(
        &mut self,
        state: &mut G,
        depth: u32,
        alpha: Score,
        beta: Score,
        first: Option<G::Move>,
        mut ties: Option<&mut SplitMix64>,
    ) -> RootSearch<G::Move> {
        self.stats.nodes += 1;
        self.ensure_ply(1);
        // The root's moves and ranking are the bottom of the stacks.
        self.moves.clear();
        self.order.clear();
        self.child_keys.clear();
        let frame = Frame {
            moves: 0,
            order: 0,
            keys: 0,
        };
        state.legal_moves(&mut self.moves);
        if self.moves.is_empty() {
            self.fail(SearchError::NoLegalMoves);
        }
        let table_move = if T::ENABLED && first.is_none() {
            self.table
                .probe(self.table.key(state))
                .and_then(|e| e.move_index)
        } else {
            None
        };
        self.order_moves(state, 0, table_move, frame);
        if let Some(f) = first {
            let (moves, order) = (&self.moves, &mut self.order);
            if let Some(pos) = order.iter().position(|&(_, i)| moves[i as usize] == f) {
                let item = order.remove(pos);
                order.insert(0, item);
            }
        }
        let n = if self.aborted { 0 } else { self.order.len() };
        let mover = state.to_move();
        let mut best = Score::NEG_INFINITY;
        let mut candidates: Vec<(G::Move, Vec<G::Move>)> = Vec::new();
        let mut best_index = None;
        for i in 0..n {
            let idx = self.order[i].1 as usize;
            let mv = self.moves[idx];
            let floor = if ties.is_some() && best > Score::NEG_INFINITY {
                next_down(best)
            } else {
                best
            };
            let a = alpha.max(floor);
            let score = self.child(state, mover, mv, |this, child, same| {
                if this.opts.pvs && i > 0 {
                    let (na, nb) = null_child_window(a, same);
                    let s = to_parent(this.negamax(child, depth - 1, 1, na, nb), same);
                    if s > a && s < beta && !this.aborted {
                        let (ca, cb) = child_window(a, beta, same);
                        to_parent(this.negamax(child, depth - 1, 1, ca, cb), same)
                    } else {
                        s
                    }
                } else {
                    let (ca, cb) = child_window(a, beta, same);
                    to_parent(this.negamax(child, depth - 1, 1, ca, cb), same)
                }
            });
            if self.aborted {
                break;
            }
            let line = || {
                let mut line = vec![mv];
                line.extend_from_slice(&self.plies[1].pv);
                line
            };
            if score > best {
                best = score;
                best_index = Some(idx);
                candidates.clear();
                candidates.push((mv, line()));
            } else if ties.is_some() && score == best && score > a {
                candidates.push((mv, line()));
            }
            if best >= beta {
                self.stats.beta_cutoffs += 1;
                break;
            }
        }
        let chosen = match (&mut ties, candidates.len()) {
            (_, 0) => None,
            (Some(rng), k) if k > 1 => Some(rng.below(k)),
            _ => Some(0),
        };
        let (best_move, pv) = match chosen {
            Some(c) => {
                let (m, pv) = candidates.swap_remove(c);
                (Some(m), pv)
            }
            None => (None, Vec::new()),
        };
        if T::ENABLED && !self.aborted && best_move.is_some() {
            let bound = if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let index = best_move
                .and_then(|m| self.moves.iter().position(|&x| x == m))
                .or(best_index);
            self.table.store(
                self.table.key(state),
                TableEntry {
                    score: best,
                    depth: depth.min(0xffff) as u16,
                    bound,
                    move_index: index.and_then(|i| u8::try_from(i).ok()),
                },
            );
        }
        RootSearch {
            best: best_move,
            score: best,
            pv: if self.opts.track_pv {
                pv
            } else {
                best_move.into_iter().collect()
            },
        }
    }
}
