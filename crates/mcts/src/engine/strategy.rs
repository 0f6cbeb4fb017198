//! [`Mcts`](crate::Mcts) (mode [`ZeroSum`]) as a [`Strategy`]: choosing a move, following
//! the game, and analysing every root move with its proven value.

use search_core::{
    Game, IllegalMoveError, Interval, MoveAnalysis, MoveValue, Outcome, SearchError, Strategy, Wdl,
};

use crate::engine::Engine;
use crate::engine::mode::ZeroSum;
use crate::steps::playout::Playout;

impl<G, P> Strategy<G> for Engine<G, P, ZeroSum>
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    /// The move [`search`](Engine::search) chooses.
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.search(state).map(|r| r.best_move)
    }

    /// The move [`search`](Engine::search) chooses within the engine's budget
    /// [capped by](search_core::Budget::capped_by) `budget`; the engine's own budget stays
    /// as it was.
    fn choose_move_within(
        &mut self,
        state: &G,
        budget: search_core::Budget,
    ) -> Result<G::Move, SearchError> {
        let own = self.budget().clone();
        self.set_budget(own.capped_by(&budget));
        let result = self.search(state);
        self.set_budget(own);
        result.map(|r| r.best_move)
    }

    /// Runs [`search`](Engine::search) with the engine's budget and returns every legal
    /// move of `state` as [`MoveValue::Sampled`], best first
    /// ([`MoveAnalysis::sort_best_first`], the order in which MCTS chooses its move: proven
    /// wins first, proven losses last, the others by visits then mean). `visits`, `mean` (the reward of the side
    /// to move at `state`: 1 win, ½ draw, 0 loss), `interval` and `proven` are those of
    /// the result's [`MoveStats`](crate::MoveStats).
    ///
    /// **Moves the tree does not hold.** With the game's hooks on
    /// ([`with_game_hooks`](Engine::with_game_hooks)) the root holds only the winning move,
    /// or the moves that do not lose at once. The other legal moves are listed with 0
    /// visits, mean 0, [`Interval::UNKNOWN`], and `proven` set only where one ply shows it:
    /// the move ends the game (its result), or the opponent then has a winning move (a
    /// loss); otherwise `None`.
    ///
    /// **Visits.** The visits of the moves add up to the root's visits
    /// ([`SearchResult::root_visits`](crate::SearchResult::root_visits)) when the tree
    /// was grown by this search: every iteration passes through one root move. A root
    /// kept from an earlier search (tree reuse) was itself a move's node then, and
    /// iterations that stopped at it (its first playout, or a proof) were counted on it
    /// but on none of its moves, so its visits can exceed the sum by those.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::Mcts;
    /// use search_core::{Budget, MoveValue, Strategy, Wdl};
    ///
    /// // X to move completes the top row at cell 2.
    /// let g: TicTacToe = "xx. oo. ...".parse().unwrap();
    /// let mut ai = Mcts::new().with_budget(Budget::iterations(500));
    /// let moves = ai.analyze(&g).unwrap();
    /// assert_eq!(moves.len(), 5); // every legal move
    /// assert_eq!(moves[0].mv, 2);
    /// assert!(matches!(moves[0].value, MoveValue::Sampled { proven: Some(Wdl::Win), .. }));
    /// ```
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        let result = self.search(state)?;
        let mut moves: Vec<MoveAnalysis<G::Move>> = result
            .moves
            .iter()
            .map(|m| {
                MoveAnalysis::new(
                    m.mv,
                    MoveValue::Sampled {
                        visits: m.visits,
                        mean: m.mean,
                        interval: m.interval,
                        proven: m.proven,
                    },
                )
            })
            .collect();
        for mv in state.legal_move_list() {
            if result.moves.iter().any(|m| m.mv == mv) {
                continue;
            }
            moves.push(MoveAnalysis::new(
                mv,
                MoveValue::Sampled {
                    visits: 0,
                    mean: 0.0,
                    interval: Interval::UNKNOWN,
                    proven: one_ply_value(state, mv),
                },
            ));
        }
        MoveAnalysis::sort_best_first(&mut moves);
        Ok(moves)
    }

    /// [`advance`](Engine::advance): the subtree under `mv` becomes the root (a move not
    /// legal in `before` panics in builds with debug assertions).
    fn observe_move(&mut self, before: &G, mv: G::Move) {
        self.advance(before, mv);
    }

    /// [`try_advance`](Engine::try_advance).
    fn try_observe_move(&mut self, before: &G, mv: G::Move) -> Result<(), IllegalMoveError> {
        self.try_advance(before, mv)
    }

    /// Drops the kept tree unless its root is `restored`: the tree of a line that was taken
    /// back is never searched again, and the next search starts afresh from `restored`.
    fn observe_undo(&mut self, restored: &G) {
        if self.root.as_ref() != Some(restored) {
            self.reset();
        }
    }

    fn name(&self) -> String {
        format!("mcts(c={})", self.exploration)
    }
}

/// The value of `mv` for the side to move in `state` when one ply shows it: the result of
/// a game it ends, or a loss when the opponent can then win at once (a win when the same
/// player moves again and can; asked only of a game with a fast `winning_move`).
fn one_ply_value<G: Game>(state: &G, mv: G::Move) -> Option<Wdl> {
    let me = state.to_move();
    let mut child = state.clone();
    child.play(mv);
    match child.outcome() {
        Outcome::Ongoing => {
            // A winning move for the side to move next: the opponent's, or ours after an
            // extra turn.
            let wins = G::HAS_WINNING_MOVE && child.winning_move().is_some();
            let extra_turn = child.to_move() == me;
            wins.then_some(if extra_turn { Wdl::Win } else { Wdl::Loss })
        }
        o => o.value_for(me).map(|v| Wdl::from_sign(i64::from(v))),
    }
}
