//! Following the game: `observe_move` / `Mcts::advance` given the position after the move
//! is caught (a debug assertion, or an error from `try_advance`), `observe_undo` drops a
//! tree whose line was taken back, and a game with `undo` at the prompt plays on correctly.

use games::TicTacToe;
use mcts::Mcts;
use search_core::play::{Ending, PlayLoop};
use search_core::{Budget, Game, IllegalMoveError, Outcome, Player, Strategy};

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

#[test]
fn a_game_at_the_prompt_with_undo_plays_on_from_the_restored_position() {
    // The person (X) takes a corner, the engine replies; undo; the person takes the centre
    // instead, then quits. The engine's second reply is to the centre, a different line.
    let mut shown = Vec::new();
    let report = PlayLoop::new(TicTacToe::new())
        .with_ai(Player::Second, engine(3_000))
        .run("0\nundo\n4\nquit\n".as_bytes(), &mut shown)
        .unwrap();
    let shown = String::from_utf8(shown).unwrap();
    assert_eq!(report.undos, 1);
    assert_eq!(report.ending, Ending::Quit(Player::First));
    assert_eq!(report.moves.len(), 2, "{shown}");
    assert_eq!(report.moves[0], 4);
    let mut replayed = TicTacToe::new();
    for &mv in &report.moves {
        replayed.try_play(mv).unwrap();
    }
    assert_eq!(replayed, report.position);
    assert_eq!(report.position.outcome(), Outcome::Ongoing);
    assert!(shown.contains("Took back 2 moves: 0 "), "{shown}");
    assert_eq!(shown.matches("second player (mcts").count(), 2, "{shown}");
}
