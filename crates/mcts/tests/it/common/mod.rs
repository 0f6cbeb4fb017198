//! Helpers shared by the crate's integration tests.

use search_core::{Game, Outcome};

/// Exact value for the side to move: +1 win, 0 draw, -1 loss (plain recursive negamax).
/// A child's value is negated only when the side to move changes, so games with extra
/// turns (the same player moves again) are solved exactly too.
#[allow(dead_code)]
pub fn negamax<G: Game>(state: &G) -> i8 {
    match state.outcome() {
        Outcome::Ongoing => {}
        o => return o.value_for(state.to_move()).unwrap() as i8,
    }
    let mut best = -1;
    for mv in state.legal_move_list() {
        let mut child = state.clone();
        child.play(mv);
        let v = negamax(&child);
        best = best.max(if child.to_move() == state.to_move() {
            v
        } else {
            -v
        });
        if best == 1 {
            break;
        }
    }
    best
}
