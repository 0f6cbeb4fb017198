//! [`perft`]: count the move sequences of a given length, for any [`Game`].

use search_core::Game;

/// The number of move sequences of exactly `depth` plies from `state` (games that end
/// sooner are not counted). The last ply is counted in bulk, without playing it (with
/// [`Game::legal_move_count`] when the game sets [`Game::HAS_MOVE_COUNT`]). Move lists are reused per ply, so the walk allocates nothing per node.
///
/// Perft is the standard correctness test of a move generator: compare with published
/// counts (tic-tac-toe perft(9) = 127,872; Connect Four perft(8) = 5,673,234).
///
/// ```
/// use games::{perft, ConnectFour, TicTacToe};
/// assert_eq!(perft(&TicTacToe::new(), 3), 504);
/// assert_eq!(perft(&ConnectFour::new(), 4), 2_401);
/// assert_eq!(perft(&TicTacToe::new(), 0), 1);
/// // A depth beyond the end of every game counts nothing, at once.
/// assert_eq!(perft(&TicTacToe::new(), u32::MAX), 0);
/// ```
#[must_use]
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    // One move list per ply reached, made when first reached: a depth far beyond the
    // game's length costs nothing.
    let mut buffers: Vec<Vec<G::Move>> = Vec::new();
    let mut root = state.clone();
    perft_inner(&mut root, depth, 0, &mut buffers)
}

fn perft_inner<G: Game>(
    state: &mut G,
    depth: u32,
    ply: usize,
    buffers: &mut Vec<Vec<G::Move>>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && G::HAS_MOVE_COUNT {
        return state.legal_move_count() as u64;
    }
    if buffers.len() <= ply {
        buffers.push(Vec::new());
    }
    let mut moves = core::mem::take(&mut buffers[ply]);
    moves.clear();
    state.legal_moves(&mut moves);
    let total = if depth == 1 {
        moves.len() as u64
    } else {
        let mut total = 0;
        for &mv in &moves {
            total += state.with_move(mv, |child| perft_inner(child, depth - 1, ply + 1, buffers));
        }
        total
    };
    buffers[ply] = moves;
    total
}
