//! Telling a strategy of a move with the position after it, instead of before it, is
//! caught: by a debug assertion in `Strategy::observe_move`'s default, and as a typed error
//! by `Strategy::try_observe_move`.

use search_core::{Game, IllegalMoveError, Outcome, Player, RandomMover, Strategy};

/// A row of 4 cells that the players fill in turn; full, it is a draw. A cell taken is
/// never legal again, so the position after a move never has that move.
#[derive(Clone, Debug, PartialEq)]
struct Row([Option<Player>; 4]);

impl Game for Row {
    type Move = usize;
    fn to_move(&self) -> Player {
        if self.0.iter().flatten().count() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.extend((0..4).filter(|&i| self.0[i].is_none()));
    }
    fn play(&mut self, cell: usize) {
        self.0[cell] = Some(self.to_move());
    }
    fn outcome(&self) -> Outcome {
        if self.0.iter().all(Option::is_some) {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

/// The start and the position after cell 2.
fn before_and_after() -> (Row, Row) {
    let before = Row([None; 4]);
    let mut after = before.clone();
    after.play(2);
    (before, after)
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "pass the position before the move, not the position after it")]
fn the_position_after_the_move_fails_the_debug_assertion() {
    let (_, after) = before_and_after();
    RandomMover::new(1).observe_move(&after, 2);
}

#[test]
fn the_position_before_the_move_passes() {
    let (before, _) = before_and_after();
    let mut player = RandomMover::new(1);
    player.observe_move(&before, 2);
    assert_eq!(player.try_observe_move(&before, 2), Ok(()));
}

#[test]
fn try_observe_move_returns_the_mistake_as_an_error() {
    let (_, after) = before_and_after();
    let mut player = RandomMover::new(1);
    assert_eq!(
        player.try_observe_move(&after, 2),
        Err(IllegalMoveError::NotLegal { mv: "2".into() })
    );
    let full = Row([Some(Player::First); 4]);
    assert_eq!(
        player.try_observe_move(&full, 0),
        Err(IllegalMoveError::GameOver { mv: "0".into() })
    );
}
