//! [`perft`]: count the move sequences of a given length, for any [`Game`].

use search_core::Game;

/// The number of move sequences of exactly `depth` plies from `state` (games that end
/// sooner are not counted). The last ply is counted in bulk, without playing it (with
/// [`Game::legal_move_count`] when the game sets [`Game::HAS_MOVE_COUNT`]). Any depth is
/// safe, even in a game that never ends and on any thread: a walk deeper than a few
/// kilobytes of call stack keeps its path on the heap. It reuses one move list per ply and
/// allocates nothing per node; it plays and undoes moves when the game sets
/// [`Game::HAS_UNDO`], and copies a position per ply otherwise.
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
    let mut scratch = Vec::new();
    match depth {
        0 => 1,
        1 => leaves(state, &mut scratch),
        _ if (depth as usize)
            .checked_mul(size_of::<G>() + FRAME_BYTES)
            .is_some_and(|bytes| bytes <= RECURSION_BYTES) =>
        {
            let mut root = state.clone();
            recurse(&mut root, depth, 0, &mut Vec::new(), &mut scratch)
        }
        _ => {
            let mut walk = Walk {
                lists: Vec::new(),
                copies: Vec::new(),
                current: state.clone(),
                scratch,
            };
            walk.count(depth)
        }
    }
}

/// The call stack a perft may take by recursing, once per ply: less than any thread has.
/// A deeper perft walks with its path on the heap ([`Walk`]), a few per cent slower.
const RECURSION_BYTES: usize = 32 << 10;

/// A generous bound on the stack one level of [`recurse`] takes besides a position.
const FRAME_BYTES: usize = 256;

/// The sequences of `depth >= 2` plies from `state`, by recursion: the move list of each
/// ply reused from `lists`, the last two plies counted without a call.
fn recurse<G: Game>(
    state: &mut G,
    depth: u32,
    ply: usize,
    lists: &mut Vec<Vec<G::Move>>,
    scratch: &mut Vec<G::Move>,
) -> u64 {
    if lists.len() <= ply {
        lists.push(Vec::new());
    }
    let mut moves = core::mem::take(&mut lists[ply]);
    moves.clear();
    state.legal_moves(&mut moves);
    let mut total = 0;
    if depth == 2 {
        for &mv in &moves {
            total += state.with_move(mv, |child| leaves(child, scratch));
        }
    } else {
        for &mv in &moves {
            total += state.with_move(mv, |child| {
                recurse(child, depth - 1, ply + 1, lists, scratch)
            });
        }
    }
    lists[ply] = moves;
    total
}

/// The number of moves at `state`, where one ply is left.
#[inline]
fn leaves<G: Game>(state: &G, scratch: &mut Vec<G::Move>) -> u64 {
    if G::HAS_MOVE_COUNT {
        return state.legal_move_count() as u64;
    }
    scratch.clear();
    state.legal_moves(scratch);
    scratch.len() as u64
}

/// The path of a perft walk from the root down to the positions two plies above the
/// counted ones: per ply, its move list and the next move to take; the position at the end
/// of the path, and (without undo) the positions before it.
struct Walk<G: Game> {
    /// Per ply on the path: the moves and the index of the next one. The vectors stay
    /// allocated when the walk climbs back, for the next visit of that ply.
    lists: Vec<(Vec<G::Move>, usize)>,
    /// Without undo: per ply on the path, the position before its move.
    copies: Vec<G>,
    /// The position at the end of the path.
    current: G,
    /// The move list of the counted positions.
    scratch: Vec<G::Move>,
}

impl<G: Game> Walk<G> {
    /// Fills ply `ply`'s move list from the current position, growing the path's storage
    /// when the walk reaches a ply for the first time.
    fn enter(&mut self, ply: usize) {
        if self.lists.len() <= ply {
            self.lists.push((Vec::new(), 0));
        }
        let (list, next) = &mut self.lists[ply];
        list.clear();
        *next = 0;
        self.current.legal_moves(list);
    }

    /// The sequences of `depth >= 2` plies from the current position.
    fn count(&mut self, depth: u32) -> u64 {
        // The path holds plies `0..=last`; the children of ply `last`'s position are the
        // counted ones' parents, valued directly (as a recursion's last two levels would be).
        let last = depth as usize - 2;
        let mut total = 0;
        let mut ply = 0usize;
        self.enter(0);
        loop {
            let (list, next) = &mut self.lists[ply];
            let Some(&mv) = list.get(*next) else {
                if ply == 0 {
                    return total;
                }
                // Back to the parent: take back the move that led here.
                ply -= 1;
                if G::HAS_UNDO {
                    let (list, next) = &self.lists[ply];
                    let undone = self.current.undo(list[*next - 1]);
                    debug_assert!(undone, "HAS_UNDO is true but undo() returned false");
                } else {
                    core::mem::swap(&mut self.current, &mut self.copies[ply]);
                }
                continue;
            };
            *next += 1;
            if ply == last {
                total += if G::HAS_UNDO {
                    self.current.play(mv);
                    let n = leaves(&self.current, &mut self.scratch);
                    let undone = self.current.undo(mv);
                    debug_assert!(undone, "HAS_UNDO is true but undo() returned false");
                    n
                } else {
                    let mut child = self.current.clone();
                    child.play(mv);
                    leaves(&child, &mut self.scratch)
                };
                continue;
            }
            if !G::HAS_UNDO {
                if self.copies.len() <= ply {
                    self.copies.push(self.current.clone());
                } else {
                    self.copies[ply].clone_from(&self.current);
                }
            }
            self.current.play(mv);
            ply += 1;
            self.enter(ply);
        }
    }
}
