//! What the margin tests share: the reference they check the margin solver against.

use std::collections::HashMap;

use search_core::{Game, Player};

/// The margin for `Player::First` by plain minimax with a memo, whatever the game's margin
/// hooks say.
pub fn brute_margin<G: Game + Eq + std::hash::Hash>(state: &G, memo: &mut HashMap<G, i32>) -> i32 {
    if state.outcome().is_over() {
        return state.margin().expect("a margin");
    }
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let first = state.to_move() == Player::First;
    let mut best = if first { i32::MIN } else { i32::MAX };
    for mv in state.legal_move_list() {
        let mut child = state.clone();
        child.play(mv);
        let v = brute_margin(&child, memo);
        best = if first { best.max(v) } else { best.min(v) };
    }
    memo.insert(state.clone(), best);
    best
}
