//! The games with dice, extra turns and more than two players pass the conformance checker
//! of general games (and, for the two-player ones written as `Game`, the blanket
//! implementation is checked too).

use games::{DotsAndBoxes, EinStein, EinSteinMove, Kalah, MnkGame};
use search_core::testing::Conformance;
use search_core::{Game, GeneralGame, Turn};

#[test]
fn einstein_conforms() {
    let report = Conformance::new()
        .with_games(300)
        .with_seed(7)
        .check_general(&EinStein::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 300);
    // A game alternates rolls and steps; each step brings a cube closer to its goal.
    assert!(report.longest_game >= 10, "{report:?}");
}

#[test]
fn mnk_games_for_two_to_four_players_conform() {
    for (w, h, k, players) in [(3, 3, 3, 2), (4, 4, 3, 3), (5, 5, 4, 4), (8, 8, 5, 3)] {
        let game = MnkGame::new(w, h, k, players).unwrap();
        Conformance::new()
            .with_games(100)
            .check_general(&game)
            .unwrap_or_else(|e| panic!("{w}x{h} k={k} players={players}: {e}"));
    }
}

#[test]
fn dots_and_boxes_and_kalah_conform_as_general_games() {
    for (rows, cols) in [(1, 1), (2, 2), (2, 3), (3, 3), (4, 5)] {
        Conformance::new()
            .with_games(100)
            .check_general(&DotsAndBoxes::new(rows, cols).unwrap())
            .unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"));
    }
    for (pits, stones) in [(1, 1), (3, 3), (4, 4), (6, 4), (6, 6)] {
        Conformance::new()
            .with_games(100)
            .check_general(&Kalah::new(pits, stones).unwrap())
            .unwrap_or_else(|e| panic!("Kalah({pits}, {stones}): {e}"));
    }
}

/// The rules of Dots and Boxes, checked on a 1 × 2 board by hand: the shared line closes
/// two boxes at once, and closing a box keeps the turn.
#[test]
fn dots_and_boxes_extra_turns_and_double_boxes() {
    // Lines: horizontal 0, 1 (top), 2, 3 (bottom); vertical 4 (left), 5 (middle), 6 (right).
    let mut game = DotsAndBoxes::new(1, 2).unwrap();
    for line in [0, 1, 2, 3, 4, 6] {
        game.play(line);
    }
    let mover = game.to_move();
    game.play(5);
    assert_eq!(game.boxes()[mover.index()], 2);
    assert!(game.outcome().is_over());
    assert_eq!(game.margin().unwrap().abs(), 2);
    assert_eq!(game.outcome().winner(), Some(mover));
}

/// Kalah's rules on a small board: an extra turn, a capture, and the sweep at the end.
#[test]
fn kalah_extra_turn_capture_and_sweep() {
    let mut k = Kalah::new(3, 1).unwrap();
    // First: pits [1, 1, 1]; pit 2 sows into the store: extra turn.
    k.play(2);
    assert_eq!(
        (k.to_move(), k.stores()),
        (search_core::Player::First, [1, 0])
    );
    // Pit 0 sows its stone into pit 1, which holds one already: no capture, the turn passes.
    k.play(0);
    assert_eq!(k.to_move(), search_core::Player::Second);
    // Second: pits [1, 1, 1]; pit 0 lands in its own pit 1 (now 2): turn passes.
    k.play(0);
    // First: pits [0, 2, 0]; pit 1 sows into pit 2 and the store: extra turn.
    k.play(1);
    assert_eq!(k.stores(), [2, 0]);
    assert_eq!(k.to_move(), search_core::Player::First);
    // First: pits [0, 0, 1]: pit 2 into the store, First's side is empty: the game ends and
    // Second's stones are swept into Second's store.
    k.play(2);
    assert!(k.outcome().is_over());
    assert_eq!(k.stores(), [3, 3]);
    assert_eq!(k.margin(), Some(0));
}

#[test]
fn einstein_moves_the_nearest_cube_when_the_rolled_one_is_gone() {
    // Player 0 has only cubes 2 and 5; a roll of 3 lets it move either.
    let mut game = EinStein::from_cubes([&[(2, 0), (5, 12)], &[(1, 24)]], 0).unwrap();
    game.apply(EinSteinMove::Roll(3));
    assert_eq!(game.turn(), Turn::Player(0));
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let froms: std::collections::BTreeSet<u8> = moves
        .iter()
        .map(|m| match m {
            EinSteinMove::Step { from, .. } => *from,
            EinSteinMove::Roll(_) => panic!("a roll among the moves"),
        })
        .collect();
    assert_eq!(froms, [0, 12].into_iter().collect());
    // Stepping onto the opponent's last cube wins.
    let mut near = EinStein::from_cubes([&[(1, 18)], &[(1, 24)]], 0).unwrap();
    near.apply(EinSteinMove::Roll(6));
    near.apply(EinSteinMove::Step { from: 18, to: 24 });
    assert_eq!(near.winner(), Some(0));
}
