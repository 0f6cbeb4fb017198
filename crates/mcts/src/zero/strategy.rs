//! [`Puct`] as a [`Strategy`]: choosing a move and listing every root move's visits.

use search_core::{Budget, Game, MoveAnalysis, MoveValue, SearchError, Strategy};

use crate::zero::engine::Puct;
use crate::zero::evaluator::BatchEvaluator;

impl<G, E> Strategy<G> for Puct<G, E>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: BatchEvaluator<G>,
{
    /// The move [`search`](Puct::search) chooses.
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.search(state).map(|r| r.best_move)
    }

    /// The move [`search`](Puct::search) chooses within the engine's budget
    /// [capped by](Budget::capped_by) `budget`; the engine's own budget stays as it was.
    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        let own = self.budget().clone();
        self.set_budget(own.capped_by(&budget));
        let result = self.search(state);
        self.set_budget(own);
        result.map(|r| r.best_move)
    }

    /// Every legal move with its visits, mean reward (1 win, ½ draw, 0 loss for the side to
    /// move), interval and, for a move that ends the game, its result, as
    /// [`MoveValue::Sampled`], most visited first.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::{Budget, MoveValue, Strategy, Wdl};
    /// // X completes the top row at cell 2.
    /// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    /// let mut ai = Puct::new(UniformEvaluator).with_budget(Budget::iterations(300));
    /// let moves = ai.analyze(&g).unwrap();
    /// assert_eq!(moves.len(), 5);
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
        MoveAnalysis::sort_best_first(&mut moves);
        Ok(moves)
    }

    fn name(&self) -> String {
        format!("puct(c={})", self.c_puct)
    }
}
