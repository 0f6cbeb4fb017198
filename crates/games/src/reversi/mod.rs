//! Reversi (Othello) on a 6 × 6 board: the game that `docs/guide-your-own-game.md` walks
//! through as "your own game".
//!
//! Reversi exercises what tic-tac-toe and Connect Four do not: a **pass** is a real move
//! (the turn changes when a player cannot place a disc), every placement **captures** by
//! flipping discs in up to eight directions, and the move type is an enum rather than a
//! cell index.
//!
//! | item | what |
//! |---|---|
//! | [`Reversi`] | the position: one 36-bit bitboard per player and the side to move; [`Game`] and [`GameHash`] (an exact key) |
//! | [`Move`], [`Square`] | a disc on a square (`c4`) or [`Move::Pass`]; both parse with [`str::parse`] and print back the same text |
//! | [`ParseMoveError`] | why typed text is not a move |
//! | [`Weights`] | the evaluator: a weighted sum of discs, mobility, corners and X-squares |
//! | [`Greedy`] | a player that looks one move ahead with [`Weights`] |
//!
//! Squares are named by a column letter `a`–`f` (left to right) and a row number `1`–`6`
//! (top to bottom); X (black, [`Player::First`]) moves first.
//!
//! ```
//! use games::reversi::{Move, Reversi};
//! use search_core::{Game, Outcome, Player};
//!
//! let mut game = Reversi::new();
//! // The legal moves, as a prompt would list them:
//! let moves: Vec<String> = game.legal_move_list().iter().map(Move::to_string).collect();
//! assert_eq!(moves.join(" "), "c2 b3 e4 d5");
//! // A typed move: parse it, then play it with a legality check.
//! let mv: Move = "c2".parse().unwrap();
//! game.try_play(mv).unwrap();
//! assert!(game.try_play("a1".parse().unwrap()).is_err()); // flips nothing: illegal
//! assert_eq!((game.count(Player::First), game.count(Player::Second)), (4, 1));
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! ```

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

mod players;

pub use players::{Greedy, Weights};

// The guide (`docs/guide-your-own-game.md`) quotes the blocks between `ANCHOR` markers; the
// `use` lines of the names they need from `search_core` stand at the start of the first
// block that needs each, so that the blocks, read in order, say where every name comes from.

// ---------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------

// The board's size and masks (`SIZE`, `SQUARES`, `FULL`, `NOT_COL_A`, `NOT_COL_F`) stand
// with the rules that use them, below.

/// The four corners: a1, f1, a6, f6.
const CORNERS: u64 = 1 | 1 << 5 | 1 << 30 | 1 << 35;
/// The "X-squares", diagonally next to each corner, in the order of the corners above.
const X_SQUARES: [(u64, u64); 4] = [
    (1, 1 << 7),
    (1 << 5, 1 << 10),
    (1 << 30, 1 << 25),
    (1 << 35, 1 << 28),
];

/// A square of the board: `row * 6 + col`, with `a1` = 0 at the top left and `f6` = 35.
/// It prints and parses as a column letter and a row number (`c4`).
///
/// ```
/// use games::reversi::Square;
///
/// let c4 = Square::new(3, 2).unwrap(); // row 4, column c (both 0-based here)
/// assert_eq!(c4.to_string(), "c4");
/// assert_eq!("C4".parse(), Ok(c4));
/// assert_eq!((c4.row(), c4.col(), c4.index()), (3, 2, 20));
/// assert_eq!(Square::new(6, 0), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square in `row` and `col`, both counted from 0 (`a1` is `(0, 0)`); `None`
    /// outside the 6 × 6 board.
    ///
    /// ```
    /// use games::reversi::Square;
    /// assert_eq!(Square::new(0, 5).unwrap().to_string(), "f1");
    /// assert_eq!(Square::new(0, 6), None);
    /// ```
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Option<Square> {
        if row < SIZE && col < SIZE {
            Some(Square::at(row, col))
        } else {
            None
        }
    }

    /// The square with index `row * 6 + col` (`0..36`); `None` from 36 on.
    ///
    /// ```
    /// use games::reversi::Square;
    /// assert_eq!(Square::from_index(35).unwrap().to_string(), "f6");
    /// assert_eq!(Square::from_index(36), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Every square, `a1`, `b1`, …, `f6` (index order).
    ///
    /// ```
    /// use games::reversi::Square;
    /// assert_eq!(Square::all().count(), 36);
    /// assert_eq!(Square::all().nth(6).unwrap().to_string(), "a2");
    /// ```
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(Square)
    }

    /// The index `row * 6 + col`, `0..36`: the square's bit in a bitboard
    /// ([`Reversi::discs`]).
    ///
    /// ```
    /// assert_eq!("b1".parse::<games::reversi::Square>().unwrap().index(), 1);
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The row, from 0 (row `1`, at the top) to 5.
    ///
    /// ```
    /// assert_eq!("c4".parse::<games::reversi::Square>().unwrap().row(), 3);
    /// ```
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / SIZE
    }

    /// The column, from 0 (column `a`, at the left) to 5.
    ///
    /// ```
    /// assert_eq!("c4".parse::<games::reversi::Square>().unwrap().col(), 2);
    /// ```
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % SIZE
    }

    /// The square as a one-bit bitboard, `1 << index`.
    ///
    /// ```
    /// assert_eq!("a2".parse::<games::reversi::Square>().unwrap().bit(), 1 << 6);
    /// ```
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The square in `row` and `col`, which the caller knows are on the board.
    const fn at(row: u8, col: u8) -> Square {
        Square(row * SIZE + col)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = char::from(b'a' + self.col());
        write!(f, "{col}{}", self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseMoveError;

    /// A column letter and a row number (`c4`; any case, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Square, ParseMoveError> {
        let s = s.trim();
        let mut chars = s.chars();
        let c = chars.next().ok_or(ParseMoveError::Empty)?;
        let col = match c.to_ascii_lowercase() {
            l @ 'a'..='f' => l as u8 - b'a',
            _ => return Err(ParseMoveError::BadColumn(c)),
        };
        let rest = chars.as_str();
        let row = match rest.parse::<u8>() {
            Ok(r @ 1..=6) if !rest.starts_with('+') => r - 1,
            _ => return Err(ParseMoveError::BadRow(rest.to_string())),
        };
        Ok(Square::at(row, col))
    }
}

// ANCHOR: move
/// A Reversi move: a disc on a square, or a pass when the player has no placement but the
/// opponent has one. (Moves carry more than a cell index, so the type is an enum.)
///
/// ```
/// use games::reversi::{Move, Square};
/// assert_eq!("c4".parse(), Ok(Move::Place(Square::new(3, 2).unwrap())));
/// assert_eq!(Move::Pass.to_string(), "pass");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc on this square, flipping the opponent's discs it encloses.
    Place(Square),
    /// No disc: the turn goes to the opponent.
    Pass,
}
// ANCHOR_END: move

impl fmt::Display for Move {
    /// The square (`c4`) or `pass`, as [`FromStr`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why typed text is not a [`Move`] (or a [`Square`]); the message says what to type.
///
/// ```
/// use games::reversi::{Move, ParseMoveError};
/// assert_eq!("g1".parse::<Move>(), Err(ParseMoveError::BadColumn('g')));
/// assert_eq!(
///     ParseMoveError::BadColumn('g').to_string(),
///     "'g' is not a column: columns are the letters a to f"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing but spaces was typed.
    #[error("no move given: type a square like c4, or pass")]
    Empty,
    /// The first character is not a column letter `a`–`f`.
    #[error("{0:?} is not a column: columns are the letters a to f")]
    BadColumn(char),
    /// What follows the column letter is not a row number `1`–`6`.
    #[error("{0:?} is not a row: rows are the numbers 1 to 6")]
    BadRow(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// `c4` (column letter, row number; any case, surrounding spaces ignored) or `pass`.
    /// The move is read, not checked against a position: use [`Game::try_play`] or
    /// [`Game::is_legal`] for that.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        s.parse().map(Move::Place)
    }
}

// ANCHOR: state
use search_core::Player;

/// A 6 × 6 Reversi position: one bitboard per player and the side to move.
/// `Player::First` is X (black, moves first), `Player::Second` is O (white).
///
/// ```
/// use games::reversi::Reversi;
/// use search_core::{Game, Player};
///
/// let start = Reversi::new();
/// assert_eq!(start.to_move(), Player::First);
/// assert_eq!(start.legal_move_count(), 4);
/// assert!(start.to_string().ends_with("X 2 - O 2, X to move"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reversi {
    discs: [u64; 2],
    to_move: Player,
}
// ANCHOR_END: state

// ANCHOR: rules
/// Squares per side.
const SIZE: u8 = 6;
/// Squares on the board.
const SQUARES: u8 = SIZE * SIZE;
/// All 36 squares: bit `row * 6 + col`, row 0 at the top, column 0 ("a") at the left.
const FULL: u64 = (1 << SQUARES) - 1;
/// Every square except column "a" / column "f": a shift that lands there has wrapped
/// around a row's end.
const NOT_COL_A: u64 = FULL & !0b000001_000001_000001_000001_000001_000001;
const NOT_COL_F: u64 = FULL & !0b100000_100000_100000_100000_100000_100000;

/// One step in each of the eight directions, with the wrap-around masked off.
fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        0 => (b << 1) & NOT_COL_A,        // east
        1 => (b >> 1) & NOT_COL_F,        // west
        2 => (b << 6) & FULL,             // south
        3 => b >> 6,                      // north
        4 => (b << 7) & NOT_COL_A,        // south-east
        5 => (b << 5) & NOT_COL_F & FULL, // south-west
        6 => (b >> 5) & NOT_COL_A,        // north-east
        _ => (b >> 7) & NOT_COL_F,        // north-west
    }
}

/// The squares where the owner of `own` may place a disc against `opp`.
fn placements(own: u64, opp: u64) -> u64 {
    let empty = FULL & !(own | opp);
    let mut moves = 0;
    for dir in 0..8 {
        // A run of opponent discs next to one of ours, at most four long on a 6-wide board.
        let mut run = shift(own, dir) & opp;
        for _ in 0..3 {
            run |= shift(run, dir) & opp;
        }
        moves |= shift(run, dir) & empty;
    }
    moves
}

/// The opponent discs flipped by placing on `square`.
fn flips(own: u64, opp: u64, square: u64) -> u64 {
    let mut flipped = 0;
    for dir in 0..8 {
        let mut run = shift(square, dir) & opp;
        for _ in 0..3 {
            run |= shift(run, dir) & opp;
        }
        if shift(run, dir) & own != 0 {
            flipped |= run;
        }
    }
    flipped
}
// ANCHOR_END: rules

impl Reversi {
    /// The start position: c3 and d4 white, d3 and c4 black, black (X) to move.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::Player;
    /// let start = Reversi::new();
    /// assert_eq!(start.at("d3".parse().unwrap()), Some(Player::First));
    /// assert_eq!(start, Reversi::default());
    /// ```
    #[must_use]
    pub const fn new() -> Reversi {
        let (c3, d3) = (Square::at(2, 2).bit(), Square::at(2, 3).bit());
        let (c4, d4) = (Square::at(3, 2).bit(), Square::at(3, 3).bit());
        Reversi {
            discs: [d3 | c4, c3 | d4],
            to_move: Player::First,
        }
    }

    /// A position from the bitboards of X (`first`) and O (`second`), bit
    /// [`Square::index`] per disc, and the side to move; `None` if the two overlap or use a
    /// bit from 36 on. Any such position is accepted, reachable from the start or not.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::{Game, Outcome, Player};
    ///
    /// // X on a1 and b1, O on f6: nothing can be captured, so the game is over, 2 - 1.
    /// let p = Reversi::from_discs(0b11, 1 << 35, Player::Second).unwrap();
    /// assert_eq!(p.outcome(), Outcome::Win(Player::First));
    /// assert_eq!(Reversi::from_discs(1, 1, Player::First), None);
    /// assert_eq!(Reversi::from_discs(1 << 36, 0, Player::First), None);
    /// ```
    #[must_use]
    pub const fn from_discs(first: u64, second: u64, to_move: Player) -> Option<Reversi> {
        if first & second != 0 || (first | second) & !FULL != 0 {
            return None;
        }
        Some(Reversi {
            discs: [first, second],
            to_move,
        })
    }

    /// The bitboard of `player`'s discs: bit [`Square::index`] is set for each.
    ///
    /// ```
    /// use games::reversi::{Reversi, Square};
    /// use search_core::Player;
    /// let d3 = Square::new(2, 3).unwrap();
    /// assert_ne!(Reversi::new().discs(Player::First) & d3.bit(), 0);
    /// ```
    #[must_use]
    pub const fn discs(&self, player: Player) -> u64 {
        self.discs[player.index()]
    }

    /// The number of discs `player` has on the board.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::Player;
    /// assert_eq!(Reversi::new().count(Player::Second), 2);
    /// ```
    #[must_use]
    pub const fn count(&self, player: Player) -> u32 {
        self.discs[player.index()].count_ones()
    }

    /// Whose disc is on `square`, if any.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::Player;
    /// let start = Reversi::new();
    /// assert_eq!(start.at("c3".parse().unwrap()), Some(Player::Second));
    /// assert_eq!(start.at("a1".parse().unwrap()), None);
    /// ```
    #[must_use]
    pub const fn at(&self, square: Square) -> Option<Player> {
        if self.discs[0] & square.bit() != 0 {
            Some(Player::First)
        } else if self.discs[1] & square.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The same discs with `player` to move. Handing the turn over without a move is not
    /// a legal Reversi move (see [`Move::Pass`]) but is what a symmetry check of an
    /// evaluator needs.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::{Game, Player};
    /// let o_to_move = Reversi::new().with_to_move(Player::Second);
    /// assert_eq!(o_to_move.to_move(), Player::Second);
    /// assert_eq!(o_to_move.count(Player::First), 2);
    /// ```
    #[must_use]
    pub const fn with_to_move(self, player: Player) -> Reversi {
        Reversi {
            discs: self.discs,
            to_move: player,
        }
    }

    /// The discs of the side to move and of its opponent.
    const fn own_opp(&self) -> (u64, u64) {
        let me = self.to_move.index();
        (self.discs[me], self.discs[1 - me])
    }
}

impl Default for Reversi {
    /// The start position, [`Reversi::new`].
    fn default() -> Reversi {
        Reversi::new()
    }
}

// ANCHOR: game
use search_core::{Game, Outcome};

impl Game for Reversi {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let (own, opp) = self.own_opp();
        let mut mine = placements(own, opp);
        if mine == 0 {
            // No placement: pass if the opponent can go on, else the game is over.
            if placements(opp, own) != 0 {
                moves.push(Move::Pass);
            }
            return;
        }
        while mine != 0 {
            moves.push(Move::Place(Square(mine.trailing_zeros() as u8)));
            mine &= mine - 1;
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Place(square) = mv {
            let (own, opp) = self.own_opp();
            let flipped = flips(own, opp, square.bit());
            let me = self.to_move.index();
            self.discs[me] = own | flipped | square.bit();
            self.discs[1 - me] = opp & !flipped;
        }
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Outcome {
        let (own, opp) = self.own_opp();
        if placements(own, opp) != 0 || placements(opp, own) != 0 {
            return Outcome::Ongoing;
        }
        let (x, o) = (self.count(Player::First), self.count(Player::Second));
        match x.cmp(&o) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
    // ANCHOR_END: game

    // ANCHOR: hooks
    /// Counting the moves is a popcount: perft counts its last ply with it.
    const HAS_MOVE_COUNT: bool = true;

    fn legal_move_count(&self) -> usize {
        let (own, opp) = self.own_opp();
        match placements(own, opp).count_ones() {
            0 => usize::from(placements(opp, own) != 0),
            n => n as usize,
        }
    }

    /// Each placement fills a square and a pass is always followed by a placement, so with
    /// `e` empty squares at most `2e − 1` plies remain (`2e` if the side to move must pass).
    fn remaining_plies_bound(&self) -> Option<u32> {
        let (own, opp) = self.own_opp();
        let empty = (FULL & !(own | opp)).count_ones();
        Some(if placements(own, opp) != 0 {
            2 * empty - 1
        } else if placements(opp, own) != 0 {
            2 * empty
        } else {
            0
        })
    }

    /// Corners first, squares next to an empty corner last.
    fn move_order_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Pass => 0,
            Move::Place(sq) => SQUARE_HINT[usize::from(sq.0)],
        }
    }
    // ANCHOR_END: hooks

    /// A disc on a corner: it can never be flipped, and the evaluation of the position
    /// before it (which weighs corners most) changes the most.
    ///
    /// ```
    /// use games::reversi::{Move, Reversi};
    /// use search_core::Game;
    /// let g = Reversi::new();
    /// assert!(g.is_noisy("a1".parse::<Move>().unwrap()));
    /// assert!(!g.is_noisy("c2".parse::<Move>().unwrap()));
    /// assert!(!g.is_noisy(Move::Pass));
    /// ```
    fn is_noisy(&self, mv: Move) -> bool {
        matches!(mv, Move::Place(sq) if SQUARE_HINT[usize::from(sq.0)] == 100)
    }

    // ANCHOR: margin
    /// At the end, X's discs minus O's: positive exactly when X won, as `outcome` says.
    /// `adversarial::MarginSolver` proves it.
    ///
    /// ```
    /// use games::reversi::Reversi;
    /// use search_core::Game;
    /// assert_eq!(Reversi::new().margin(), None); // the game is not over
    /// ```
    fn margin(&self) -> Option<i32> {
        let (x, o) = (self.count(Player::First), self.count(Player::Second));
        self.outcome().is_over().then(|| x as i32 - o as i32)
    }
    // ANCHOR_END: margin
}

/// Ordering hints per square: corners, edges, then the rest; the squares that hand a
/// corner to the opponent last.
#[rustfmt::skip]
const SQUARE_HINT: [i32; 36] = [
    100, -20,  10,  10, -20, 100,
    -20, -50,  -2,  -2, -50, -20,
     10,  -2,   0,   0,  -2,  10,
     10,  -2,   0,   0,  -2,  10,
    -20, -50,  -2,  -2, -50, -20,
    100, -20,  10,  10, -20, 100,
];

// ANCHOR: hash
use search_core::GameHash;

/// Each row of six squares as a base-3 number (0 empty, 1 X, 2 O) is below 3^6 = 729, so
/// the whole board is a 36-digit base-3 number below 3^36 ≈ 1.5e17, and the side to move
/// one more digit: the key is a bijection onto 0..2·3^36, which fits in a `u64`.
impl GameHash for Reversi {
    const KEY_IS_EXACT: bool = true;

    fn hash_key(&self) -> u64 {
        let [x, o] = self.discs;
        let mut key = 0u64;
        for row in (0..SIZE).rev() {
            let shift = row * SIZE;
            let xr = ((x >> shift) & 0b111111) as usize;
            let or = ((o >> shift) & 0b111111) as usize;
            key = key * 729 + u64::from(BASE3[xr]) + 2 * u64::from(BASE3[or]);
        }
        key + self.to_move.index() as u64 * 729u64.pow(6)
    }
}

/// `BASE3[bits]` reads a 6-bit row mask as base-3 digits 0/1: Σ 3^i over the set bits.
const BASE3: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut bits = 0;
    while bits < 64 {
        let (mut i, mut power, mut value) = (0, 1u16, 0u16);
        while i < 6 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};
// ANCHOR_END: hash

impl fmt::Display for Reversi {
    /// The board with coordinates, then the disc count and whose turn it is:
    ///
    /// ```text
    ///    a b c d e f
    ///  1 . . . . . .
    ///  2 . . . . . .
    ///  3 . . O X . .
    ///  4 . . X O . .
    ///  5 . . . . . .
    ///  6 . . . . . .
    /// X 2 - O 2, X to move
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "   a b c d e f")?;
        for row in 0..SIZE {
            write!(f, " {}", row + 1)?;
            for col in 0..SIZE {
                let c = match self.at(Square::at(row, col)) {
                    Some(player) => mark(player),
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "X {} - O {}, {} to move",
            self.count(Player::First),
            self.count(Player::Second),
            mark(self.to_move)
        )
    }
}

/// `X` for the first player, `O` for the second.
const fn mark(player: Player) -> char {
    match player {
        Player::First => 'X',
        Player::Second => 'O',
    }
}
