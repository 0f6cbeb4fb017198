//! Following the game: `observe_move` / `Mcts::advance` given the position after the move
//! is caught (a debug assertion, or an error from `try_advance`), `observe_undo` drops a
//! tree whose line was taken back (a game with `undo` at the prompt is played in the tests of
//! `plysearch-play`, the crate of the terminal loop).

use games::TicTacToe;
use mcts::Mcts;
use search_core::{Budget, Game, IllegalMoveError, Strategy};

fn engine(iterations: u64) -> Mcts<TicTacToe> {
    Mcts::new()
        .with_seed(9)
        .with_budget(Budget::iterations(iterations))
}

/// The start, searched by `ai`, and the position after the move it chose.
fn searched(ai: &mut Mcts<TicTacToe>) -> (TicTacToe, u8, TicTacToe) {
    let start = TicTacToe::new();
    let mv = ai.search(&start).unwrap().best_move;
    let mut after = start;
    after.play(mv);
    (start, mv, after)
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "pass the position before the move, not the position after it")]
fn observe_move_with_the_position_after_the_move_fails_the_debug_assertion() {
    let mut ai = engine(200);
    let (_, mv, after) = searched(&mut ai);
    ai.observe_move(&after, mv);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "Mcts::advance")]
fn advance_with_the_position_after_the_move_fails_the_debug_assertion() {
    let mut ai = engine(200);
    let (_, mv, after) = searched(&mut ai);
    ai.advance(&after, mv);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "pass the position before the move")]
fn the_check_holds_without_tree_reuse_too() {
    let mut ai = engine(200).with_tree_reuse(false);
    let (_, mv, after) = searched(&mut ai);
    ai.advance(&after, mv);
}

#[test]
fn try_advance_returns_the_mistake_and_keeps_the_tree() {
    let mut ai = engine(1_000);
    let (start, mv, after) = searched(&mut ai);
    let (size, visits) = (ai.tree_size(), ai.root_visits());
    assert_eq!(visits, 1_000);
    assert_eq!(
        ai.try_advance(&after, mv),
        Err(IllegalMoveError::NotLegal {
            mv: format!("{mv:?}")
        })
    );
    assert_eq!((ai.tree_size(), ai.root_visits()), (size, visits));
    assert!(matches!(
        ai.try_observe_move(&after, mv),
        Err(IllegalMoveError::NotLegal { .. })
    ));
    // The position before the move is followed: the chosen child becomes the root.
    assert_eq!(ai.try_observe_move(&start, mv), Ok(()));
    let child = ai.root_visits();
    assert!(0 < child && child < visits, "{child} of {visits}");
}

#[test]
fn observe_undo_drops_the_tree_of_a_line_taken_back() {
    let mut ai = engine(2_000);
    let (start, mv, after) = searched(&mut ai);
    ai.observe_move(&start, mv);
    let reply = ai.search(&after).unwrap().best_move;
    ai.observe_move(&after, reply);
    assert!(ai.tree_size() > 0);
    // Back to the start: the tree, rooted two moves later, is dropped.
    ai.observe_undo(&start);
    assert_eq!(ai.tree_size(), 0);
    assert_eq!(ai.search(&start).unwrap().root_visits, 2_000);
    // Told of an undo back to its own root, the engine keeps its tree.
    let kept = ai.tree_size();
    ai.observe_undo(&start);
    assert_eq!(ai.tree_size(), kept);
}
