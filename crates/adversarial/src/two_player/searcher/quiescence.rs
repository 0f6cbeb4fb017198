//! Quiescence search: beyond the depth horizon, the side to move may play its noisy moves
//! ([`Game::is_noisy`]) instead of taking the evaluation.

use search_core::{Evaluator, Game, Outcome, Score};

use super::Searcher;
use crate::tables::transpositions::Transpositions;
use crate::two_player::window::{child_window, to_parent};

impl<G, E, T> Searcher<'_, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    /// The quiescence value of an ongoing `state` at (or beyond) the horizon, with at most
    /// `left` more plies of noisy moves: the larger of the evaluation ("stand pat": the side
    /// to move need not play a noisy move) and the values of the noisy moves
    /// ([`Game::is_noisy`]), each searched the same way with `left - 1`; the evaluation
    /// alone when `left` is 0 or there is no noisy move. Fail-soft within `(alpha, beta)`,
    /// no table, no hooks. Meaningless if `self.aborted`.
    pub(super) fn quiesce(
        &mut self,
        state: &mut G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        left: u32,
    ) -> Score {
        self.stats.leaves += 1;
        let stand = Score::heuristic(self.eval.evaluate(state));
        if left == 0 || stand >= beta {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        self.ensure_ply(ply + 1);
        // The noisy moves, on the move stack above the caller's (removed before returning).
        let start = self.moves.len();
        state.legal_moves(&mut self.moves);
        let mut kept = start;
        for i in start..self.moves.len() {
            let mv = self.moves[i];
            if state.is_noisy(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        let mover = state.to_move();
        for i in start..kept {
            let mv = self.moves[i];
            let score = self.child(state, mover, mv, |this, child, same| {
                let (ca, cb) = child_window(alpha, beta, same);
                let value = crate::stack::grow_if_low(ply + 1, || {
                    this.quiescence_node(child, ply + 1, ca, cb, left - 1)
                });
                to_parent(value, same)
            });
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.stats.beta_cutoffs += 1;
                        break;
                    }
                }
            }
        }
        self.moves.truncate(start);
        best
    }

    /// A position reached by a noisy move beyond the horizon: counted (in `nodes` and
    /// `quiescence_nodes`), scored exactly if the game is over, else [`quiesce`](Self::quiesce)d.
    pub(super) fn quiescence_node(
        &mut self,
        state: &mut G,
        ply: usize,
        alpha: Score,
        beta: Score,
        left: u32,
    ) -> Score {
        self.stats.nodes += 1;
        self.stats.quiescence_nodes += 1;
        if self.should_stop() {
            return Score::DRAW;
        }
        self.stats.max_ply = self.stats.max_ply.max(ply as u32);
        match state.outcome() {
            Outcome::Ongoing => self.quiesce(state, ply, alpha, beta, left),
            Outcome::Draw => {
                self.stats.leaves += 1;
                Score::DRAW
            }
            Outcome::Win(p) => {
                self.stats.leaves += 1;
                if p == state.to_move() {
                    Score::win_in(0)
                } else {
                    Score::loss_in(0)
                }
            }
        }
    }
}
