//! Tic-tac-toe on a 9-bit bitboard, with the classic utility-matrix and rule-based players.

use core::fmt;
use core::str::FromStr;

use search_core::SplitMix64;
use search_core::{Evaluator, Game, GameHash, Outcome, Player, SearchError, Strategy};
use thiserror::Error;

/// The eight lines of three, as cell bitmasks (cells `0..9` row by row, 0 top-left).
///
/// ```
/// assert!(games::LINES.iter().all(|l| l.count_ones() == 3));
/// ```
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// The cell indices of each of the eight lines, in the same order as [`LINES`].
///
/// ```
/// use games::{LINES, LINE_CELLS};
/// for (mask, cells) in LINES.iter().zip(LINE_CELLS) {
///     assert_eq!(cells.iter().fold(0u16, |m, &c| m | 1 << c), *mask);
/// }
/// ```
pub const LINE_CELLS: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

const FULL: u16 = 0b111_111_111;

/// A tic-tac-toe position: two 9-bit masks, X (the first player) and O.
///
/// Cells are numbered `0..9` row by row from the top left:
/// ```text
/// 0 1 2
/// 3 4 5
/// 6 7 8
/// ```
/// A move is the cell index (`u8`). The state is 4 bytes, so engines search it by copying.
///
/// ```
/// use games::TicTacToe;
/// use search_core::{Game, Outcome, Player};
///
/// let mut g = TicTacToe::new();
/// for cell in [4, 0, 2, 6, 3, 5, 8, 1, 7] {
///     g.try_play(cell).unwrap();
/// }
/// assert_eq!(g.outcome(), Outcome::Draw);
/// let won: TicTacToe = "xxx oo. ...".parse().unwrap();
/// assert_eq!(won.outcome(), Outcome::Win(Player::First));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

impl TicTacToe {
    /// The empty board, X to move.
    ///
    /// ```
    /// assert_eq!(games::TicTacToe::new().stones(), 0);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        TicTacToe { x: 0, o: 0 }
    }

    /// The stones of `player` as a 9-bit mask.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Game, Player};
    /// let mut g = TicTacToe::new();
    /// g.play(4);
    /// assert_eq!(g.stones_of(Player::First), 1 << 4);
    /// ```
    #[must_use]
    pub const fn stones_of(&self, player: Player) -> u16 {
        match player {
            Player::First => self.x,
            Player::Second => self.o,
        }
    }

    /// The number of stones on the board.
    ///
    /// ```
    /// let g: games::TicTacToe = "X.. .O. ...".parse().unwrap();
    /// assert_eq!(g.stones(), 2);
    /// ```
    #[must_use]
    pub const fn stones(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Who occupies `cell` (`None` if empty or out of range).
    ///
    /// ```
    /// use search_core::Player;
    /// let g: games::TicTacToe = "X.. .O. ...".parse().unwrap();
    /// assert_eq!(g.cell(0), Some(Player::First));
    /// assert_eq!(g.cell(1), None);
    /// ```
    #[must_use]
    pub const fn cell(&self, cell: u8) -> Option<Player> {
        if cell >= 9 {
            None
        } else if self.x & (1 << cell) != 0 {
            Some(Player::First)
        } else if self.o & (1 << cell) != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The empty cells as a 9-bit mask.
    ///
    /// ```
    /// assert_eq!(games::TicTacToe::new().empty_cells(), 0b111_111_111);
    /// ```
    #[must_use]
    pub const fn empty_cells(&self) -> u16 {
        FULL & !(self.x | self.o)
    }

    /// The same board with X's and O's stones exchanged, so that the side to move owns what
    /// its opponent owned. The result need not be reachable in a game; it is what negamax
    /// symmetry checks of an evaluator compare against (`eval(swapped) == -eval(state)`).
    /// The turn follows the stone counts, so this catches an evaluator that weighs the two
    /// sides differently, but not one that reads the board from X's point of view
    /// whoever is to move.
    ///
    /// ```
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Evaluator;
    /// let g: TicTacToe = "X.. .O. ..X".parse().unwrap();
    /// let s = g.with_colours_swapped();
    /// assert_eq!(OpenLines.evaluate(&s), -OpenLines.evaluate(&g));
    /// assert_eq!(s.with_colours_swapped(), g);
    /// ```
    #[must_use]
    pub const fn with_colours_swapped(&self) -> TicTacToe {
        TicTacToe {
            x: self.o,
            o: self.x,
        }
    }

    /// The mirror images and rotations of this position (the 8 symmetries of the square),
    /// the identity first.
    ///
    /// ```
    /// let g: games::TicTacToe = "X.. ... ...".parse().unwrap();
    /// let corners: std::collections::HashSet<_> = g.symmetries().into_iter().collect();
    /// assert_eq!(corners.len(), 4);
    /// ```
    #[must_use]
    pub fn symmetries(&self) -> [TicTacToe; 8] {
        const MAPS: [[u8; 9]; 8] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [6, 3, 0, 7, 4, 1, 8, 5, 2],
            [8, 7, 6, 5, 4, 3, 2, 1, 0],
            [2, 5, 8, 1, 4, 7, 0, 3, 6],
            [2, 1, 0, 5, 4, 3, 8, 7, 6],
            [6, 7, 8, 3, 4, 5, 0, 1, 2],
            [0, 3, 6, 1, 4, 7, 2, 5, 8],
            [8, 5, 2, 7, 4, 1, 6, 3, 0],
        ];
        MAPS.map(|map| {
            let remap = |bits: u16| {
                (0..9).fold(0u16, |acc, i| {
                    if bits & (1 << map[i]) != 0 {
                        acc | (1 << i)
                    } else {
                        acc
                    }
                })
            };
            TicTacToe {
                x: remap(self.x),
                o: remap(self.o),
            }
        })
    }

    /// The smallest symmetric image (by hash key): equal for positions that are rotations
    /// or reflections of each other.
    ///
    /// ```
    /// let a: games::TicTacToe = "X.. ... ...".parse().unwrap();
    /// let b: games::TicTacToe = "... ... ..X".parse().unwrap();
    /// assert_eq!(a.canonical(), b.canonical());
    /// ```
    #[must_use]
    pub fn canonical(&self) -> TicTacToe {
        self.symmetries()
            .into_iter()
            .min_by_key(GameHash::hash_key)
            .unwrap_or(*self)
    }

    /// The cells where `player` would complete a line (empty cells only).
    fn threats(&self, player: Player) -> u16 {
        let mine = self.stones_of(player);
        let empty = self.empty_cells();
        LINES.iter().fold(0, |acc, &line| {
            if (mine & line).count_ones() == 2 && empty & line != 0 {
                acc | (empty & line)
            } else {
                acc
            }
        })
    }

    fn has_line(bits: u16) -> bool {
        for &line in &LINES {
            if bits & line == line {
                return true;
            }
        }
        false
    }
}

fn push_cells(mut bits: u16, moves: &mut Vec<u8>) {
    while bits != 0 {
        moves.push(bits.trailing_zeros() as u8);
        bits &= bits - 1;
    }
}

impl Game for TicTacToe {
    type Move = u8;

    const HAS_WINNING_MOVE: bool = true;
    const HAS_MOVE_COUNT: bool = true;
    const MOVES_CANNOT_LOSE: bool = true;
    const NON_LOSING_MOVES_EXACT: bool = true;

    #[inline]
    fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_over() {
            return;
        }
        push_cells(self.empty_cells(), moves);
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            0
        } else {
            self.empty_cells().count_ones() as usize
        }
    }

    #[inline]
    fn play(&mut self, cell: u8) {
        debug_assert!(cell < 9 && self.empty_cells() & (1 << cell) != 0);
        match self.to_move() {
            Player::First => self.x |= 1 << cell,
            Player::Second => self.o |= 1 << cell,
        }
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        if Self::has_line(self.x) {
            Outcome::Win(Player::First)
        } else if Self::has_line(self.o) {
            Outcome::Win(Player::Second)
        } else if self.x | self.o == FULL {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// Centre first (4 lines through it), then corners (3), then edges (2).
    #[inline]
    fn move_order_hint(&self, cell: u8) -> i32 {
        LINES.iter().filter(|&&l| l & (1 << cell) != 0).count() as i32
    }

    #[inline]
    fn winning_move(&self) -> Option<u8> {
        if self.outcome().is_over() {
            return None;
        }
        let t = self.threats(self.to_move());
        (t != 0).then(|| t.trailing_zeros() as u8)
    }

    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_over() {
            return;
        }
        let forced = self.threats(self.to_move().opponent());
        match forced.count_ones() {
            0 => push_cells(self.empty_cells(), moves),
            1 => push_cells(forced, moves),
            _ => {} // two threats: every move loses at the opponent's next turn
        }
    }

    #[inline]
    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(9 - self.stones())
    }

    #[inline]
    fn is_legal(&self, cell: u8) -> bool {
        cell < 9 && self.empty_cells() & (1 << cell) != 0 && !self.outcome().is_over()
    }
}

impl GameHash for TicTacToe {
    const KEY_IS_EXACT: bool = true;
    const KEY_BITS: u32 = 18;
    #[inline]
    fn hash_key(&self) -> u64 {
        u64::from(self.x) | (u64::from(self.o) << 9)
    }

    const HAS_SYMMETRY: bool = true;

    /// The smallest key among the board's 8 images under rotations and reflections, which
    /// all have the same value (the key of [`canonical`](TicTacToe::canonical)).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::GameHash;
    /// let corner: TicTacToe = "X.. ... ...".parse().unwrap();
    /// let other: TicTacToe = "... ... ..X".parse().unwrap();
    /// assert_eq!(corner.canonical_key(), other.canonical_key());
    /// ```
    fn canonical_key(&self) -> u64 {
        self.canonical().hash_key()
    }
}

impl fmt::Display for TicTacToe {
    /// The board with X, O and `.`, and beside it the cell numbers to type.
    ///
    /// ```
    /// let g: games::TicTacToe = "X.. .O. ...".parse().unwrap();
    /// assert_eq!(g.to_string().lines().next().unwrap(), " X . .    0 1 2");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            for col in 0..3u8 {
                let c = match self.cell(row * 3 + col) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            write!(f, "   ")?;
            for col in 0..3u8 {
                write!(f, " {}", row * 3 + col)?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// Why a tic-tac-toe board string was rejected.
///
/// ```
/// use games::{ParseTicTacToeError, TicTacToe};
/// let err = "XXQ......".parse::<TicTacToe>().unwrap_err();
/// assert_eq!(err, ParseTicTacToeError::InvalidCharacter { index: 3, found: 'Q' });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseTicTacToeError {
    /// A character other than `X`, `O`, `.`, `-` (cells) or spaces, `|`, `/` (separators).
    #[error("invalid character {found:?} at position {index} (use X, O and . for the 9 cells)")]
    InvalidCharacter {
        /// 1-based position in the input.
        index: usize,
        /// The character found.
        found: char,
    },
    /// Not exactly nine cells.
    #[error("expected 9 cells, found {cells}")]
    WrongLength {
        /// The number of cells found.
        cells: usize,
    },
    /// X moves first, so X has as many stones as O or one more.
    #[error("impossible stone counts: {x} X and {o} O (X moves first)")]
    ImpossibleCounts {
        /// Stones of X.
        x: u32,
        /// Stones of O.
        o: u32,
    },
    /// The position cannot arise in a game (both sides have a line, or the winner's count
    /// shows that play went on after the win).
    #[error("unreachable position: {reason}")]
    Unreachable {
        /// Why.
        reason: &'static str,
    },
}

impl FromStr for TicTacToe {
    type Err = ParseTicTacToeError;

    /// Reads nine cells, row by row: `X`/`x`, `O`/`o`, and `.` or `-` for empty; spaces,
    /// newlines, `|` and `/` are ignored. The position must be reachable.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert!("X.O/.X./..O".parse::<TicTacToe>().is_ok());
    /// assert!("XX. ... ...".parse::<TicTacToe>().is_err()); // O missing a stone
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut g = TicTacToe::new();
        let mut cells = 0usize;
        for (i, ch) in s.chars().enumerate() {
            let bit = match ch {
                ' ' | '\t' | '\n' | '\r' | '|' | '/' => continue,
                'X' | 'x' => Some(Player::First),
                'O' | 'o' => Some(Player::Second),
                '.' | '-' | '_' => None,
                found => {
                    return Err(ParseTicTacToeError::InvalidCharacter {
                        index: i + 1,
                        found,
                    });
                }
            };
            if cells < 9 {
                match bit {
                    Some(Player::First) => g.x |= 1 << cells,
                    Some(Player::Second) => g.o |= 1 << cells,
                    None => {}
                }
            }
            cells += 1;
        }
        if cells != 9 {
            return Err(ParseTicTacToeError::WrongLength { cells });
        }
        let (x, o) = (g.x.count_ones(), g.o.count_ones());
        if !(x == o || x == o + 1) {
            return Err(ParseTicTacToeError::ImpossibleCounts { x, o });
        }
        let (xw, ow) = (Self::has_line(g.x), Self::has_line(g.o));
        if xw && ow {
            return Err(ParseTicTacToeError::Unreachable {
                reason: "both X and O have a line",
            });
        }
        if xw && x != o + 1 {
            return Err(ParseTicTacToeError::Unreachable {
                reason: "X has a line but O moved after it",
            });
        }
        if ow && x != o {
            return Err(ParseTicTacToeError::Unreachable {
                reason: "O has a line but X moved after it",
            });
        }
        Ok(g)
    }
}

/// A classic textbook static "utility of a move" for the side to move (the AI): for every line of
/// three, an empty cell gets +1000 if the AI has the two other cells, +100 if the opponent
/// has them, +10 if the AI has one stone and the rest is empty, +1 if the whole line is
/// empty; occupied cells are -1. The best move is the highest utility.
///
/// ```
/// use games::{utility_matrix, TicTacToe};
/// // The empty board: the centre lies on 4 lines, corners on 3, edges on 2.
/// assert_eq!(utility_matrix(&TicTacToe::new()), [3, 2, 3, 2, 4, 2, 3, 2, 3]);
/// ```
#[must_use]
pub fn utility_matrix(board: &TicTacToe) -> [i32; 9] {
    let ai = board.stones_of(board.to_move());
    let opp = board.stones_of(board.to_move().opponent());
    let empty = board.empty_cells();
    let mut u = [0i32; 9];
    for (cell, value) in u.iter_mut().enumerate() {
        if empty & (1 << cell) == 0 {
            *value = -1;
        }
    }
    for &line in &LINES {
        let (a, b, e) = (
            (ai & line).count_ones(),
            (opp & line).count_ones(),
            (empty & line).count_ones(),
        );
        let points = match (a, b, e) {
            (2, 0, 1) => 1000,
            (0, 2, 1) => 100,
            (1, 0, 2) => 10,
            (0, 0, 3) => 1,
            _ => 0,
        };
        if points != 0 {
            for (cell, value) in u.iter_mut().enumerate() {
                if line & empty & (1 << cell) != 0 {
                    *value += points;
                }
            }
        }
    }
    u
}

/// The cells of highest [`utility_matrix`] value.
///
/// ```
/// use games::{best_utility_moves, TicTacToe};
/// assert_eq!(best_utility_moves(&TicTacToe::new()), vec![4]);
/// ```
#[must_use]
pub fn best_utility_moves(board: &TicTacToe) -> Vec<u8> {
    if board.outcome().is_over() {
        return Vec::new();
    }
    let u = utility_matrix(board);
    let best = u.iter().copied().max().unwrap_or(-1);
    (0..9u8).filter(|&c| u[usize::from(c)] == best).collect()
}

/// Plays a highest-utility move ([`utility_matrix`]), breaking ties at random from a seed.
///
/// ```
/// use games::{TicTacToe, UtilityPlayer};
/// use search_core::Strategy;
/// let mut p = UtilityPlayer::new(1);
/// assert_eq!(p.choose_move(&TicTacToe::new()).unwrap(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct UtilityPlayer {
    rng: SplitMix64,
}

impl UtilityPlayer {
    /// A utility player whose tie-breaks are fixed by `seed`.
    ///
    /// ```
    /// let _ = games::UtilityPlayer::new(0);
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Self {
        UtilityPlayer {
            rng: SplitMix64::new(seed),
        }
    }
}

impl Strategy<TicTacToe> for UtilityPlayer {
    fn choose_move(&mut self, state: &TicTacToe) -> Result<u8, SearchError> {
        let best = best_utility_moves(state);
        if best.is_empty() {
            return Err(SearchError::GameOver);
        }
        Ok(best[self.rng.below(best.len())])
    }

    fn name(&self) -> String {
        "utility matrix".into()
    }
}

/// A classic rule player: win at once if possible, else block the opponent's immediate
/// win, else play a random *safe* move (one after which the opponent cannot win at once),
/// else any random move. Works for any [`Game`].
///
/// ```
/// use games::{RulePlayer, TicTacToe};
/// use search_core::Strategy;
/// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
/// assert_eq!(RulePlayer::new(0).choose_move(&g).unwrap(), 2); // X wins at cell 2
/// ```
#[derive(Clone, Debug)]
pub struct RulePlayer {
    rng: SplitMix64,
}

impl RulePlayer {
    /// A rule player whose random choices are fixed by `seed`.
    ///
    /// ```
    /// let _ = games::RulePlayer::new(3);
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RulePlayer {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: Game> Strategy<G> for RulePlayer {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        if let Some(mv) = state.winning_move() {
            return Ok(mv);
        }
        let moves = state.legal_move_list();
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        let safe: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let mut child = state.clone();
                child.play(mv);
                child.outcome().is_over() || child.winning_move().is_none()
            })
            .collect();
        let pool = if safe.is_empty() { &moves } else { &safe };
        Ok(pool[self.rng.below(pool.len())])
    }

    fn name(&self) -> String {
        "rules (win, block, safe)".into()
    }
}

/// A simple evaluation for depth-limited search: lines still open for the side to move
/// minus lines still open for the opponent.
///
/// ```
/// use games::{OpenLines, TicTacToe};
/// use search_core::Evaluator;
/// let g: TicTacToe = "... .X. ...".parse().unwrap(); // O to move, X holds the centre
/// assert_eq!(OpenLines.evaluate(&g), 4 - 8);
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct OpenLines;

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, state: &TicTacToe) -> i32 {
        let me = state.stones_of(state.to_move());
        let opp = state.stones_of(state.to_move().opponent());
        LINES.iter().fold(0, |acc, &l| {
            acc + i32::from(opp & l == 0) - i32::from(me & l == 0)
        })
    }
}
