//! A classic textbook exercise on tic-tac-toe state spaces, reproduced exactly.
//!
//! Introductory AI textbooks count the games in which X, "the AI", follows a rule (take a
//! win when there is one; play a move of highest static utility, 1000/100/10/1) while O
//! plays every reply, printing the number of boards before each step and a final tally. The
//! exercise's Python counting routine removes won boards from a list *while iterating over
//! it*, which skips the board after each removed one: some won games stay in the list and
//! go on. The printed numbers include that effect, so [`count_possibilities`] reproduces the
//! routine's list semantics exactly. What is under test is the library's side of it: the
//! AI's branching comes from [`utility_matrix`] (every tie matters) and from
//! [`Game::winning_move`] (the first winning cell).

use games::{LINE_CELLS, TicTacToe, utility_matrix};
use search_core::{Game, Player};

/// The exercise's `game_won_by`: the owner of the first complete line, in line order.
fn won_by(b: &TicTacToe) -> Option<Player> {
    LINE_CELLS.iter().find_map(|line| {
        let owner = b.cell(line[0])?;
        (b.cell(line[1]) == Some(owner) && b.cell(line[2]) == Some(owner)).then_some(owner)
    })
}

/// Places a stone of `who` on `cell` (boards may go on after a win, so no legality check).
fn place(b: &TicTacToe, cell: u8, who: Player) -> TicTacToe {
    let mut x = b.stones_of(Player::First);
    let mut o = b.stones_of(Player::Second);
    match who {
        Player::First => x |= 1 << cell,
        Player::Second => o |= 1 << cell,
    }
    let text: String = (0..9)
        .map(|c| {
            if x & (1 << c) != 0 {
                'X'
            } else if o & (1 << c) != 0 {
                'O'
            } else {
                '.'
            }
        })
        .collect();
    board_from(&text)
}

/// Builds a board, reachable or not, from nine cells.
fn board_from(text: &str) -> TicTacToe {
    // Boards that went on after a win are unreachable positions; rebuild them by playing
    // the stones in alternation on an empty board through `play`, which does not check.
    let xs: Vec<u8> = (0..9u8)
        .filter(|&c| text.as_bytes()[c as usize] == b'X')
        .collect();
    let os: Vec<u8> = (0..9u8)
        .filter(|&c| text.as_bytes()[c as usize] == b'O')
        .collect();
    let mut b = TicTacToe::new();
    for i in 0..xs.len().max(os.len()) {
        if let Some(&c) = xs.get(i) {
            b.play(c);
        }
        if let Some(&c) = os.get(i) {
            b.play(c);
        }
    }
    b
}

fn empty_cells(b: &TicTacToe) -> impl Iterator<Item = u8> + '_ {
    (0..9u8).filter(move |&c| b.empty_cells() & (1 << c) != 0)
}

struct Tally {
    steps: Vec<usize>,
    first_wins: usize,
    second_wins: usize,
    draws: usize,
}

/// The exercise's `count_possibilities`, with Python's remove-while-iterating list semantics.
fn count_possibilities(
    ai: impl Fn(&TicTacToe) -> Vec<TicTacToe>,
    opponent: impl Fn(&TicTacToe) -> Vec<TicTacToe>,
) -> Tally {
    let mut boards = vec![TicTacToe::new()];
    let mut t = Tally {
        steps: Vec::new(),
        first_wins: 0,
        second_wins: 0,
        draws: 0,
    };
    for step in 0..9 {
        t.steps.push(boards.len());
        let mut next: Vec<TicTacToe> = boards
            .iter()
            .flat_map(|b| if step % 2 == 0 { ai(b) } else { opponent(b) })
            .collect();
        let mut i = 0;
        while i < next.len() {
            if let Some(winner) = won_by(&next[i]) {
                match winner {
                    Player::First => t.first_wins += 1,
                    Player::Second => t.second_wins += 1,
                }
                let first_equal = next.iter().position(|b| *b == next[i]).unwrap_or(i);
                next.remove(first_equal);
            }
            i += 1;
        }
        boards = next;
    }
    t.draws = boards.len();
    t
}

/// The exercise's `all_moves_from_board` (win if possible): every move, but only the first one
/// that leaves the board won by X when there is one.
fn moves_stopping_at_x_win(b: &TicTacToe, who: Player) -> Vec<TicTacToe> {
    let mut out = Vec::new();
    for c in empty_cells(b) {
        let nb = place(b, c, who);
        if won_by(&nb) == Some(Player::First) {
            return vec![nb];
        }
        out.push(nb);
    }
    out
}

/// Win if possible: X takes a winning move when it has one and otherwise considers every move.
#[test]
fn win_if_possible_player_tally() {
    // The library's hook picks the same move as the exercise's scan, on every valid board.
    let ai = |b: &TicTacToe| {
        let scan = moves_stopping_at_x_win(b, Player::First);
        if won_by(b).is_none() {
            if let Some(mv) = b.winning_move() {
                assert_eq!(scan, vec![place(b, mv, Player::First)]);
            }
        }
        scan
    };
    let t = count_possibilities(ai, |b| moves_stopping_at_x_win(b, Player::Second));
    assert_eq!(
        t.steps,
        [1, 9, 72, 504, 3024, 8525, 28612, 42187, 55888],
        "boards per step"
    );
    assert_eq!(
        (t.first_wins, t.second_wins, t.draws),
        (32395, 23445, 35544)
    );
    // The exercise prints "Total 91344", but its own three figures add up to 91,384: the
    // printed total is a typo, and the three counts above are what the routine produces.
}

/// Utility player: X plays every move of highest utility (1000/100/10/1); O plays
/// every move.
#[test]
fn utility_matrix_player_tally() {
    let ai = |b: &TicTacToe| {
        let u = utility_matrix(b);
        let best = u.iter().copied().max().unwrap_or(-1);
        (0..9u8)
            .filter(|&c| u[usize::from(c)] == best)
            .map(|c| place(b, c, Player::First))
            .collect::<Vec<_>>()
    };
    let opponent = |b: &TicTacToe| {
        empty_cells(b)
            .map(|c| place(b, c, Player::Second))
            .collect::<Vec<_>>()
    };
    let t = count_possibilities(ai, opponent);
    assert_eq!(
        t.steps,
        [1, 1, 8, 24, 144, 83, 214, 148, 172],
        "boards per step"
    );
    assert_eq!((t.first_wins, t.second_wins, t.draws), (504, 12, 91));
    assert_eq!(t.first_wins + t.second_wins + t.draws, 607);
}

/// The utility rules applied by hand to one board.
#[test]
fn utility_matrix_by_hand() {
    // X to move.      X . .
    //                 . O .
    //                 . . .
    let b: TicTacToe = "X.. .O. ...".parse().unwrap();
    let u = utility_matrix(&b);
    // Occupied cells are -1.
    assert_eq!((u[0], u[4]), (-1, -1));
    // Cell 1: row 0 (X + 2 empty: +10), column 1 (O only: 0)            = 10.
    // Cell 2: row 0 (+10), column 2 (all empty: +1), anti-diagonal (O: 0) = 11.
    // Cell 8: row 2 (+1), column 2 (+1), diagonal 0-4-8 (X and O: 0)    = 2.
    assert_eq!((u[1], u[2], u[8]), (10, 11, 2));
    // Two X in a line with the third empty: +1000 for the AI; two O: +100.
    let b: TicTacToe = "XX. OO. ...".parse().unwrap();
    let u = utility_matrix(&b);
    assert!(u[2] >= 1000, "{u:?}");
    assert!((100..1000).contains(&u[5]), "{u:?}");
}
