//! [`perft`]: count the move sequences of a given length, for any [`Game`].

use search_core::Game;

/// The number of move sequences of exactly `depth` plies from `state` (games that end
/// sooner are not counted). The last ply is counted in bulk, without playing it (with
/// [`Game::legal_move_count`] when the game sets [`Game::HAS_MOVE_COUNT`]). The walk keeps
/// its path on the heap, not on the call stack, so any depth is safe, even in a game that
/// never ends (on any thread); it reuses one move list per ply and allocates nothing per
/// node. It plays and undoes moves when the game sets [`Game::HAS_UNDO`], and copies a
/// position per ply otherwise.
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
    if depth == 0 {
        return 1;
    }
    let mut walk = Walk {
        lists: Vec::new(),
        copies: Vec::new(),
        current: state.clone(),
    };
    walk.count(depth)
}

/// The path of a perft walk: per ply below the root, its move list and the next move to
/// take; the position at the end of the path, and (without undo) the positions before it.
struct Walk<G: Game> {
    /// Per ply on the path: the moves and the index of the next one. The vectors stay
    /// allocated when the walk climbs back, for the next visit of that ply.
    lists: Vec<(Vec<G::Move>, usize)>,
    /// Without undo: the positions along the path, the root first.
    copies: Vec<G>,
    /// The position at the end of the path.
    current: G,
}

impl<G: Game> Walk<G> {
    /// The number of moves at the current position when one ply is left.
    fn leaves(&mut self, ply: usize) -> u64 {
        if G::HAS_MOVE_COUNT {
            return self.current.legal_move_count() as u64;
        }
        let list = &mut self.lists[ply].0;
        list.clear();
        self.current.legal_moves(list);
        list.len() as u64
    }

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

    /// Takes back the move that led from ply `ply - 1` to the current position.
    fn back(&mut self, ply: usize) {
        if G::HAS_UNDO {
            let (list, next) = &self.lists[ply - 1];
            let undone = self.current.undo(list[*next - 1]);
            debug_assert!(undone, "HAS_UNDO is true but undo() returned false");
        } else if let Some(parent) = self.copies.pop() {
            self.current = parent;
        }
    }

    fn count(&mut self, depth: u32) -> u64 {
        if depth == 1 {
            self.lists.push((Vec::new(), 0));
            return self.leaves(0);
        }
        let mut total = 0;
        // The current position is at `ply`; `depth - ply` plies are left from it.
        let mut ply = 0usize;
        self.enter(0);
        loop {
            let (list, next) = &mut self.lists[ply];
            let Some(&mv) = list.get(*next) else {
                if ply == 0 {
                    return total;
                }
                self.back(ply);
                ply -= 1;
                continue;
            };
            *next += 1;
            if !G::HAS_UNDO {
                self.copies.push(self.current.clone());
            }
            self.current.play(mv);
            ply += 1;
            if depth as u64 - ply as u64 == 1 {
                if self.lists.len() <= ply {
                    self.lists.push((Vec::new(), 0));
                }
                total += self.leaves(ply);
                self.back(ply);
                ply -= 1;
            } else {
                self.enter(ply);
            }
        }
    }
}
