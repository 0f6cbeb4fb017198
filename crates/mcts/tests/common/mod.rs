//! Helpers shared by the crate's integration tests.

use search_core::{Game, Outcome};

/// Exact value for the side to move: +1 win, 0 draw, -1 loss (plain recursive negamax).
pub fn negamax<G: Game>(state: &G) -> i8 {
    match state.outcome() {
        Outcome::Ongoing => {}
        o => return o.value_for(state.to_move()).unwrap() as i8,
    }
    let mut best = -1;
    for mv in state.legal_move_list() {
        let mut child = state.clone();
        child.play(mv);
        best = best.max(-negamax(&child));
        if best == 1 {
            break;
        }
    }
    best
}
