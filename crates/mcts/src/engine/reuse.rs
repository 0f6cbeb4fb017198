//! Tree reuse in the two-player mode: following the moves played (the kept subtree becomes
//! the root, compacted in place), and finding the kept tree's position again.

use search_core::{Game, IllegalMoveError};

use crate::engine::Engine;
use crate::engine::mode::ZeroSum;
use crate::parallel::worker::Worker;
use crate::tree::reroot::{child_index, reroot_with};
use crate::tree::zero_sum::ZeroSumData;

impl<M: Copy + PartialEq> Worker<M, ZeroSumData> {
    /// Re-roots the tree at the root's child reached by `mv`, or empties it.
    pub(crate) fn advance(&mut self, mv: M) {
        if self.deferred.is_some() {
            // Only the subtree under the move is written back.
            self.settle(Some(mv), &mut || false);
            return;
        }
        match child_index(&self.tree, mv) {
            Some(child) => {
                // What is kept beside the tree follows its nodes when it is in step.
                let (amaf, keys) = (&mut self.amaf, &mut self.keys);
                let amaf_in_step = amaf.len() == self.tree.len();
                let keys_in_step = keys.len() == self.tree.len();
                reroot_with(&mut self.tree, child, |from, to| {
                    if amaf_in_step {
                        amaf[to] = amaf[from];
                    }
                    if keys_in_step {
                        keys[to] = keys[from];
                    }
                });
                let len = self.tree.len();
                self.amaf.truncate(if amaf_in_step { len } else { 0 });
                self.keys.truncate(if keys_in_step { len } else { 0 });
            }
            None => self.tree.clear(),
        }
    }

    /// Writes a deferred shared tree back into `tree` (see
    /// [`Deferred`](crate::parallel::deferred::Deferred)), and with `at` follows the move `at` (only
    /// the subtree under it is written back): `false`, and the tree dropped, if `give_up`
    /// said so during the write-back.
    pub(crate) fn settle(&mut self, at: Option<M>, give_up: &mut impl FnMut() -> bool) -> bool {
        let Some(shared) = self.deferred.take() else {
            if let Some(mv) = at {
                self.advance(mv);
            }
            return true;
        };
        // RAVE and transpositions do not run on a shared tree: nothing is kept beside it.
        self.amaf.clear();
        self.keys.clear();
        match shared.into_tree(at, give_up) {
            Some(tree) => {
                self.tree = tree;
                true
            }
            None => {
                self.tree.clear();
                false
            }
        }
    }
}

impl<G: Game + PartialEq, P> Engine<G, P, ZeroSum> {
    /// Follows a move played from `before` (by either side): the subtree under it becomes
    /// the root, with its statistics; the rest of the tree is discarded. A position the
    /// engine does not know drops the tree (the next search starts afresh).
    ///
    /// `before` is the position **before** the move. Given a move that is not legal in
    /// `before` (the sign of passing the position after the move), builds with debug
    /// assertions panic with a message that says so, and other builds drop the tree;
    /// [`try_advance`](Engine::try_advance) returns the mistake as an error in every build.
    /// [`Strategy::observe_move`](search_core::Strategy::observe_move) calls this.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Game};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(2_000));
    /// let start = TicTacToe::new();
    /// let r = ai.search(&start).unwrap();
    /// let kept = r.moves.iter().find(|m| m.mv == r.best_move).unwrap().visits;
    /// ai.advance(&start, r.best_move);
    /// assert_eq!(ai.root_visits(), kept);
    /// ```
    pub fn advance(&mut self, before: &G, mv: G::Move) {
        debug_assert!(
            before.is_legal(mv),
            "Mcts::advance (Strategy::observe_move) was told that {mv:?} was played from a \
             position where it is not legal: pass the position before the move, not the \
             position after it"
        );
        if !self.reuse {
            return;
        }
        let follows = matches!(&self.root, Some(r) if r == before);
        let mut after = before.clone();
        if follows && after.try_play(mv).is_ok() {
            for w in &mut self.workers {
                w.advance(mv);
            }
            self.root = Some(after);
        } else {
            self.reset();
        }
    }

    /// [`advance`](Engine::advance) after checking, in every build, that `mv` can be played
    /// in `before`. On an error the engine, its tree included, is left as it was.
    ///
    /// The check catches the position after the move whenever the move is not legal
    /// there (a taken square, a full column), the usual case; where the same move can be
    /// played again from the position after it, only the caller can tell.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] when `before` is finished,
    /// [`IllegalMoveError::NotLegal`] when `mv` is not one of its legal moves.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Game, IllegalMoveError};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(500));
    /// let start = TicTacToe::new();
    /// let r = ai.search(&start).unwrap();
    /// let mut after = start;
    /// after.play(r.best_move);
    /// // The position after the move, by mistake: refused, and the tree is kept.
    /// let err = ai.try_advance(&after, r.best_move).unwrap_err();
    /// assert!(matches!(err, IllegalMoveError::NotLegal { .. }));
    /// assert_eq!(ai.root_visits(), 500);
    /// // The position before it: followed.
    /// assert_eq!(ai.try_advance(&start, r.best_move), Ok(()));
    /// assert!(ai.root_visits() < 500);
    /// ```
    pub fn try_advance(&mut self, before: &G, mv: G::Move) -> Result<(), IllegalMoveError> {
        before.clone().try_play(mv)?;
        self.advance(before, mv);
        Ok(())
    }
}

/// Finds one or two moves leading from `from` to `to`.
pub(crate) fn find_path<G: Game + PartialEq>(from: &G, to: &G, path: &mut Vec<G::Move>) -> bool {
    let mut first = Vec::new();
    from.legal_moves(&mut first);
    let mut second = Vec::new();
    for &m1 in &first {
        let mut s1 = from.clone();
        s1.play(m1);
        if s1 == *to {
            path.push(m1);
            return true;
        }
        second.clear();
        s1.legal_moves(&mut second);
        for &m2 in &second {
            let mut s2 = s1.clone();
            s2.play(m2);
            if s2 == *to {
                path.extend([m1, m2]);
                return true;
            }
        }
    }
    false
}
