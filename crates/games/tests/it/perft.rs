//! `perft` against a plain recursive reference on every game that ships, with and without
//! undo, and at depths far beyond what the call stack holds.

use games::{ConnectFour, DotsAndBoxes, Kalah, Reversi, TicTacToe, perft};
use search_core::{Game, Outcome, Player};

/// The textbook definition: every legal move played on a copy, recursively.
fn reference<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            reference(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_agrees_with_the_recursive_reference_on_every_game() {
    for depth in 0..=5 {
        assert_eq!(
            perft(&TicTacToe::new(), depth),
            reference(&TicTacToe::new(), depth)
        );
        assert_eq!(
            perft(&ConnectFour::new(), depth),
            reference(&ConnectFour::new(), depth)
        );
        assert_eq!(
            perft(&Reversi::new(), depth),
            reference(&Reversi::new(), depth)
        );
        let kalah = Kalah::new(4, 3).unwrap();
        assert_eq!(
            perft(&kalah, depth),
            reference(&kalah, depth),
            "kalah {depth}"
        );
        let dots = DotsAndBoxes::new(2, 2).unwrap();
        assert_eq!(perft(&dots, depth), reference(&dots, depth), "dots {depth}");
    }
    // Past the end of every tic-tac-toe game.
    assert_eq!(perft(&TicTacToe::new(), 10), 0);
    assert_eq!(reference(&TicTacToe::new(), 10), 0);
}

/// Tic-tac-toe in a large position: too large to recurse on a few kilobytes of stack, so
/// perft walks with its path on the heap even at small depths.
#[derive(Clone, Debug)]
struct Padded {
    game: TicTacToe,
    /// Only there to make the position large.
    _padding: [u8; 16_384],
}

impl Game for Padded {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.game.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.game.legal_moves(moves);
    }
    fn play(&mut self, mv: u8) {
        self.game.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
}

#[test]
fn the_walk_on_the_heap_agrees_with_the_reference() {
    let start = Padded {
        game: TicTacToe::new(),
        _padding: [0; 16_384],
    };
    for depth in 0..=6 {
        assert_eq!(
            perft(&start, depth),
            perft(&TicTacToe::new(), depth),
            "{depth}"
        );
    }
    let midgame: TicTacToe = "X.. .O. ...".parse().unwrap();
    let start = Padded {
        game: midgame,
        _padding: [0; 16_384],
    };
    for depth in 0..=7 {
        assert_eq!(perft(&start, depth), reference(&midgame, depth), "{depth}");
    }
}

/// A counter that never ends: two moves at plies 10,000 and 20,000, one elsewhere, with undo
/// when `UNDO` is set, so both of perft's ways of walking are tried.
#[derive(Clone, Debug, PartialEq)]
struct Endless<const UNDO: bool> {
    ply: u64,
    total: u64,
}

impl<const UNDO: bool> Game for Endless<UNDO> {
    type Move = u8;
    const HAS_UNDO: bool = UNDO;
    fn to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.push(1);
        if self.ply == 10_000 || self.ply == 20_000 {
            moves.push(2);
        }
    }
    fn play(&mut self, mv: u8) {
        self.ply += 1;
        self.total += u64::from(mv);
    }
    fn undo(&mut self, mv: u8) -> bool {
        self.ply -= 1;
        self.total -= u64::from(mv);
        true
    }
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
}

#[test]
fn perft_of_a_game_that_never_ends_needs_no_call_stack() {
    // A thread with a small stack: a walk that recursed once per ply would overflow it
    // long before 30,000 plies.
    let counts = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| {
            let with_undo = perft(&Endless::<true> { ply: 1, total: 0 }, 30_000);
            let with_copies = perft(&Endless::<false> { ply: 1, total: 0 }, 15_000);
            (with_undo, with_copies)
        })
        .unwrap()
        .join()
        .unwrap();
    // From ply 1, 30,000 plies pass both branching positions and 15,000 only the first.
    assert_eq!(counts, (4, 2));
}
