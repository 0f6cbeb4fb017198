//! Connect Four (7 columns × 6 rows) on two 64-bit bitboards, with threat-based move
//! ordering, the exact "can win at once" and "non-losing moves" hooks, and evaluators.

use core::fmt;
use core::str::FromStr;

use search_core::{Evaluator, Game, GameHash, Outcome, Player, SplitMix64};
use thiserror::Error;

/// Columns of the board.
///
/// ```
/// assert_eq!(games::WIDTH * games::HEIGHT, 42);
/// ```
pub const WIDTH: u32 = 7;
/// Rows of the board.
///
/// ```
/// assert_eq!(games::HEIGHT, 6);
/// ```
pub const HEIGHT: u32 = 6;
/// Bits per column: the rows plus one always-empty sentinel bit that stops carries.
const H1: u32 = HEIGHT + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut b = 0u64;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c * H1);
        c += 1;
    }
    b
};
/// The top cell of every column: a column is full when its top cell is taken.
const TOP_ROW: u64 = BOTTOM << (HEIGHT - 1);
/// Every playable cell.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// Cells on the board.
const CELLS: u32 = WIDTH * HEIGHT;

#[inline]
const fn bottom_of(col: u32) -> u64 {
    1 << (col * H1)
}

#[inline]
const fn top_of(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * H1)
}

#[inline]
const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * H1)
}

/// `true` if `stones` contains four in a row in any direction.
#[inline]
const fn has_four(stones: u64) -> bool {
    // Directions: vertical (1), horizontal (H1), the two diagonals (H1 - 1, H1 + 1).
    let mut k = 0;
    let shifts = [1, H1, H1 - 1, H1 + 1];
    while k < 4 {
        let s = shifts[k];
        let m = stones & (stones >> s);
        if m & (m >> (2 * s)) != 0 {
            return true;
        }
        k += 1;
    }
    false
}

/// The columns that are not full, as bits `0..WIDTH` of the result: the empty top cells,
/// gathered by one multiplication. Column `col`'s bit, at `H1 * col`, is shifted by
/// `(WIDTH - 1 - col) * (H1 - 1)` to `(WIDTH - 1) * (H1 - 1) + col`; every other product
/// term lands outside those `WIDTH` bits and no two terms share a bit, so nothing carries.
#[inline]
const fn open_columns(mask: u64) -> u64 {
    let open_tops = (!mask & TOP_ROW) >> (HEIGHT - 1);
    (open_tops.wrapping_mul(GATHER_COLUMNS) >> ((WIDTH - 1) * (H1 - 1))) & ((1 << WIDTH) - 1)
}

/// Moves bit `H1 * col` of a one-bit-per-column word to bit `(WIDTH - 1) * (H1 - 1) + col`.
const GATHER_COLUMNS: u64 = {
    let mut magic = 0u64;
    let mut col = 0;
    while col < WIDTH {
        magic |= 1 << ((WIDTH - 1 - col) * (H1 - 1));
        col += 1;
    }
    magic
};

/// `OPEN_COLUMN_LIST[open]`: the column set `open` as a list packed into one word, so
/// that a random move needs one look-up: byte `k` (for `k` below the count) is the `k`-th
/// lowest set bit of `open`, and the top byte is the count of set bits.
static OPEN_COLUMN_LIST: [u64; 1 << WIDTH] = {
    let mut table = [0u64; 1 << WIDTH];
    let mut open = 0;
    while open < 1 << WIDTH {
        let mut k = 0;
        let mut col = 0;
        while col < WIDTH {
            if open >> col & 1 == 1 {
                table[open] |= (col as u64) << (8 * k);
                k += 1;
            }
            col += 1;
        }
        table[open] |= (k as u64) << 56;
        open += 1;
    }
    table
};

/// The empty cells where `stones` would complete four in a row (whether or not they are
/// playable yet).
#[inline]
const fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: three stacked stones below the cell.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    let shifts = [H1, H1 - 1, H1 + 1];
    let mut k = 0;
    while k < 3 {
        let s = shifts[k];
        // Two stones on one side...
        let p = (stones << s) & (stones << (2 * s));
        r |= p & (stones << (3 * s)); // ...and a third beyond them: gap, then three
        r |= p & (stones >> s); // ...and one on the other side: X_XX
        let p = (stones >> s) & (stones >> (2 * s));
        r |= p & (stones << s); // XX_X
        r |= p & (stones >> (3 * s)); // three, then the gap
        k += 1;
    }
    r & (BOARD ^ mask)
}

/// A Connect Four position on the standard 7 × 6 board.
///
/// Two bitboards of 7 bits per column (6 rows plus a sentinel): `current`, the stones of the
/// side to move, and `mask`, all stones. Playing a move is two operations; the state is 17
/// bytes and engines search it by copying. `current + mask` is a unique key of the position
/// (49 bits), so [`GameHash::KEY_IS_EXACT`] holds.
///
/// A move is a 0-based column `0..7` (`u8`); text input and output use 1-based columns, as
/// the benchmark files do (`"4455"`: centre, centre, 5th, 5th).
///
/// ```
/// use games::ConnectFour;
/// use search_core::{Game, Outcome, Player};
///
/// let mut g: ConnectFour = "445566".parse().unwrap();
/// assert_eq!(g.winning_move(), Some(2)); // column 3 completes 3-4-5-6 on the bottom row
/// g.play(2);
/// assert_eq!(g.outcome(), Outcome::Win(Player::First));
/// assert!("4444444".parse::<ConnectFour>().is_err()); // column 4 holds only 6 stones
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    current: u64,
    mask: u64,
    moves: u8,
}

impl ConnectFour {
    /// The empty board, first player to move.
    ///
    /// ```
    /// assert_eq!(games::ConnectFour::new().moves_played(), 0);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The number of stones on the board.
    ///
    /// ```
    /// let g: games::ConnectFour = "4455".parse().unwrap();
    /// assert_eq!(g.moves_played(), 4);
    /// ```
    #[must_use]
    pub const fn moves_played(&self) -> u32 {
        self.moves as u32
    }

    /// `true` if column `col` (0-based) exists and is not full. It says nothing about
    /// whether the game is over.
    ///
    /// ```
    /// let g: games::ConnectFour = "444444".parse().unwrap();
    /// assert!(!g.can_play(3));
    /// assert!(g.can_play(0));
    /// assert!(!g.can_play(7));
    /// ```
    #[must_use]
    pub const fn can_play(&self, col: u8) -> bool {
        (col as u32) < WIDTH && self.mask & top_of(col as u32) == 0
    }

    /// Who occupies the cell at `col` (0-based, left to right) and `row` (0-based, from the
    /// bottom); `None` if it is empty or off the board.
    ///
    /// ```
    /// use search_core::Player;
    /// let g: games::ConnectFour = "45".parse().unwrap();
    /// assert_eq!(g.cell(3, 0), Some(Player::First));
    /// assert_eq!(g.cell(4, 0), Some(Player::Second));
    /// assert_eq!(g.cell(3, 1), None);
    /// ```
    #[must_use]
    pub fn cell(&self, col: u8, row: u8) -> Option<Player> {
        if u32::from(col) >= WIDTH || u32::from(row) >= HEIGHT {
            return None;
        }
        let bit = 1u64 << (u32::from(col) * H1 + u32::from(row));
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().opponent())
        }
    }

    /// The stones of `player` as a bitboard (bit `col * 7 + row`).
    ///
    /// ```
    /// use search_core::Player;
    /// let g: games::ConnectFour = "4".parse().unwrap();
    /// assert_eq!(g.stones_of(Player::First), 1 << 21);
    /// ```
    #[must_use]
    pub fn stones_of(&self, player: Player) -> u64 {
        if player == self.to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// The same stones with the other player to move, as if the side to move had passed (a
    /// state no game reaches). Negamax symmetry checks of an evaluator compare against it: an
    /// evaluator from the side to move's point of view must give `-eval(state)` here, and
    /// one that reads the board from a fixed player's point of view gets caught.
    ///
    /// ```
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::{Evaluator, Game, Player};
    /// let g: ConnectFour = "4455".parse().unwrap();
    /// let p = g.with_turn_passed();
    /// assert_eq!(p.to_move(), Player::Second);
    /// assert_eq!(p.stones_of(Player::First), g.stones_of(Player::First));
    /// assert_eq!(ThreatEvaluator.evaluate(&p), -ThreatEvaluator.evaluate(&g));
    /// assert_eq!(p.with_turn_passed(), g);
    /// ```
    #[must_use]
    pub fn with_turn_passed(&self) -> ConnectFour {
        ConnectFour {
            current: self.current ^ self.mask,
            mask: self.mask,
            moves: self.moves ^ 1,
        }
    }

    /// The cells where the side to move can play now, one per non-full column.
    #[inline]
    const fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline]
    fn opponent_stones(&self) -> u64 {
        self.current ^ self.mask
    }

    /// The empty cells that would complete four for the side to move (playable now or not).
    ///
    /// ```
    /// let g: games::ConnectFour = "445566".parse().unwrap();
    /// assert_eq!(g.threats().count_ones(), 2); // bottom row, columns 3 and 7
    /// ```
    #[must_use]
    pub fn threats(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells that would complete four for the opponent of the side to move.
    ///
    /// ```
    /// let g: games::ConnectFour = "4455661".parse().unwrap(); // O to move
    /// assert_eq!(g.opponent_threats().count_ones(), 2); // X: columns 3 and 7, bottom row
    /// ```
    #[must_use]
    pub fn opponent_threats(&self) -> u64 {
        winning_cells(self.opponent_stones(), self.mask)
    }

    /// Plays the 1-based columns of `moves` (the benchmark-file format) on this position.
    ///
    /// # Errors
    /// A [`ParseConnectFourError`] naming the 1-based position of the offending character;
    /// the position is left as it was before the call.
    ///
    /// ```
    /// let mut g = games::ConnectFour::new();
    /// g.play_sequence("44").unwrap();
    /// assert!(g.play_sequence("4x").is_err());
    /// assert_eq!(g.moves_played(), 2);
    /// ```
    pub fn play_sequence(&mut self, moves: &str) -> Result<(), ParseConnectFourError> {
        let mut g = *self;
        let len = moves.chars().count();
        if g.moves_played() as usize + len > CELLS as usize {
            return Err(ParseConnectFourError::TooLong {
                len,
                max: CELLS as usize - g.moves_played() as usize,
            });
        }
        for (i, ch) in moves.chars().enumerate() {
            let index = i + 1;
            let col = match ch.to_digit(10) {
                Some(d @ 1..=7) => (d - 1) as u8,
                _ => return Err(ParseConnectFourError::InvalidCharacter { index, found: ch }),
            };
            if g.outcome().is_over() {
                return Err(ParseConnectFourError::GameOver { index });
            }
            if !g.can_play(col) {
                return Err(ParseConnectFourError::ColumnFull {
                    index,
                    column: col + 1,
                });
            }
            g.play(col);
        }
        *self = g;
        Ok(())
    }

    #[inline]
    fn push_columns(mut cells: u64, moves: &mut Vec<u8>) {
        while cells != 0 {
            moves.push((cells.trailing_zeros() / H1) as u8);
            cells &= cells - 1;
        }
    }

    /// The cells a move in `col` would occupy.
    #[inline]
    fn move_cell(&self, col: u8) -> u64 {
        (self.mask + bottom_of(u32::from(col))) & column_mask(u32::from(col))
    }
}

impl Game for ConnectFour {
    type Move = u8;

    const HAS_WINNING_MOVE: bool = true;
    const HAS_MOVE_COUNT: bool = true;
    const MOVES_CANNOT_LOSE: bool = true;
    const NON_LOSING_MOVES_EXACT: bool = true;

    #[inline]
    fn to_move(&self) -> Player {
        if self.moves & 1 == 0 {
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
        Self::push_columns(self.playable(), moves);
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            0
        } else {
            self.playable().count_ones() as usize
        }
    }

    /// Picks the `k`-th playable column straight from the bitboard, drawing `k` as the
    /// default does, so a seeded search plays the same moves either way. While no column
    /// is full, the `k`-th open column is `k` itself: that case (most plies of a playout
    /// from an early position) skips the table, so the draw does not wait for the board
    /// and the plies of a playout overlap on the processor.
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, _moves: &mut Vec<u8>) -> Option<u8> {
        if self.outcome().is_over() {
            return None;
        }
        if self.mask & TOP_ROW == 0 {
            return Some(rng.below(WIDTH as usize) as u8);
        }
        let list = OPEN_COLUMN_LIST[open_columns(self.mask) as usize];
        let count = (list >> 56) as usize;
        if count == 0 {
            return None;
        }
        let k = rng.below(count);
        Some((list >> (8 * k)) as u8)
    }

    #[inline]
    fn play(&mut self, col: u8) {
        debug_assert!(self.can_play(col));
        self.current ^= self.mask;
        self.mask |= self.mask + bottom_of(u32::from(col));
        self.moves += 1;
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        if has_four(self.opponent_stones()) {
            Outcome::Win(self.to_move().opponent())
        } else if u32::from(self.moves) == CELLS {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// How many winning cells the move creates for the mover (×8), then centre first.
    #[inline]
    fn move_order_hint(&self, col: u8) -> i32 {
        let cell = self.move_cell(col);
        let threats = winning_cells(self.current | cell, self.mask | cell).count_ones() as i32;
        threats * 8 + 3 - (i32::from(col) - 3).abs()
    }

    #[inline]
    fn winning_move(&self) -> Option<u8> {
        if self.outcome().is_over() {
            return None;
        }
        let wins = self.threats() & self.playable();
        (wins != 0).then(|| (wins.trailing_zeros() / H1) as u8)
    }

    /// Drops every move that lets the opponent win at once: a forced block when the opponent
    /// threatens one playable cell, nothing when it threatens two, and never a move right
    /// under an opponent's winning cell.
    #[inline]
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_over() {
            return;
        }
        let mut possible = self.playable();
        let opp_wins = self.opponent_threats();
        let forced = possible & opp_wins;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return; // two threats: every move loses
            }
            possible = forced;
        }
        Self::push_columns(possible & !(opp_wins >> 1), moves);
    }

    #[inline]
    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(CELLS - u32::from(self.moves))
    }

    #[inline]
    fn is_legal(&self, col: u8) -> bool {
        self.can_play(col) && !self.outcome().is_over()
    }

    /// A move that wins at once or takes a cell where the opponent would win at once: the
    /// evaluation of the position before it says little about what follows.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Game;
    /// let g: ConnectFour = "4455661".parse().unwrap(); // O to move; X threatens 3 and 7
    /// assert!(g.is_noisy(2) && g.is_noisy(6));
    /// assert!(!g.is_noisy(3));
    /// ```
    #[inline]
    fn is_noisy(&self, col: u8) -> bool {
        self.move_cell(col) & (self.threats() | self.opponent_threats()) != 0
    }
}

/// The key of the mirror image (columns 1..7 read as 7..1): the key is `current + mask`,
/// which never carries from one 7-bit column into the next, so mirroring the key mirrors
/// the position.
#[inline]
fn mirror_key(key: u64) -> u64 {
    let col = |c: u32| (key >> (c * H1)) & 0x7f;
    (col(0) << (6 * H1))
        | (col(1) << (5 * H1))
        | (col(2) << (4 * H1))
        | (col(3) << (3 * H1))
        | (col(4) << (2 * H1))
        | (col(5) << H1)
        | col(6)
}

impl GameHash for ConnectFour {
    const KEY_IS_EXACT: bool = true;
    const KEY_BITS: u32 = 49;
    #[inline]
    fn hash_key(&self) -> u64 {
        self.current + self.mask
    }

    const HAS_SYMMETRY: bool = true;

    /// The smaller of the keys of the position and of its mirror image (the board read
    /// from right to left), which has the same value.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::GameHash;
    /// let a: ConnectFour = "1234".parse().unwrap();
    /// let b: ConnectFour = "7654".parse().unwrap();
    /// assert_ne!(a.hash_key(), b.hash_key());
    /// assert_eq!(a.canonical_key(), b.canonical_key());
    /// ```
    #[inline]
    fn canonical_key(&self) -> u64 {
        let key = self.current + self.mask;
        key.min(mirror_key(key))
    }
}

impl fmt::Display for ConnectFour {
    /// Six rows, top first, `X` for the first player and `O` for the second, and the
    /// 1-based column numbers underneath.
    ///
    /// ```
    /// let g: games::ConnectFour = "44".parse().unwrap();
    /// let text = g.to_string();
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert_eq!(lines[4], "| . . . O . . . |");
    /// assert_eq!(lines[5], "| . . . X . . . |");
    /// assert_eq!(lines[6], "  1 2 3 4 5 6 7");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT as u8).rev() {
            f.write_str("|")?;
            for col in 0..WIDTH as u8 {
                let c = match self.cell(col, row) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " |")?;
        }
        f.write_str(" ")?;
        for col in 1..=WIDTH {
            write!(f, " {col}")?;
        }
        Ok(())
    }
}

/// Why a Connect Four move string was rejected. Every variant names the 1-based position
/// of the offending character.
///
/// ```
/// use games::{ConnectFour, ParseConnectFourError};
/// assert_eq!(
///     "448".parse::<ConnectFour>().unwrap_err(),
///     ParseConnectFourError::InvalidCharacter { index: 3, found: '8' }
/// );
/// assert_eq!(
///     "4444444".parse::<ConnectFour>().unwrap_err(),
///     ParseConnectFourError::ColumnFull { index: 7, column: 4 }
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseConnectFourError {
    /// Not a column digit `1`..=`7`.
    #[error("invalid character {found:?} at position {index}: moves are columns 1 to 7")]
    InvalidCharacter {
        /// 1-based position in the string.
        index: usize,
        /// The character found.
        found: char,
    },
    /// The column is already full.
    #[error("move {index} plays column {column}, which is full")]
    ColumnFull {
        /// 1-based position in the string.
        index: usize,
        /// The 1-based column.
        column: u8,
    },
    /// A move after the game was already won.
    #[error("move {index} comes after the game is over")]
    GameOver {
        /// 1-based position in the string.
        index: usize,
    },
    /// More moves than empty cells.
    #[error("{len} moves is too long: at most {max} can still be played")]
    TooLong {
        /// The number of moves given.
        len: usize,
        /// The most that fit.
        max: usize,
    },
}

impl FromStr for ConnectFour {
    type Err = ParseConnectFourError;

    /// Parses a move string of 1-based columns from the empty board (`""` is the empty
    /// board; surrounding whitespace is ignored).
    ///
    /// ```
    /// use games::ConnectFour;
    /// assert_eq!("".parse::<ConnectFour>().unwrap(), ConnectFour::new());
    /// assert!(" 4455 ".parse::<ConnectFour>().is_ok());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut g = ConnectFour::new();
        g.play_sequence(s.trim())?;
        Ok(g)
    }
}

/// All 69 lines of four cells on the board, as bitboards.
fn all_lines() -> &'static [u64; 69] {
    static LINES: std::sync::OnceLock<[u64; 69]> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let mut lines = [0u64; 69];
        let mut n = 0;
        let cell = |c: i32, r: i32| 1u64 << (c as u32 * H1 + r as u32);
        for c in 0..WIDTH as i32 {
            for r in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if (0..WIDTH as i32).contains(&ec) && (0..HEIGHT as i32).contains(&er) {
                        lines[n] = (0..4).fold(0, |acc, k| acc | cell(c + k * dc, r + k * dr));
                        n += 1;
                    }
                }
            }
        }
        debug_assert_eq!(n, 69);
        lines
    })
}

/// Threat-counting evaluation: (winning cells of the side to move − those of the opponent)
/// × 16, plus the stone difference in the centre column × 3. One bitboard expression per
/// side: cheap enough for every leaf.
///
/// ```
/// use games::{ConnectFour, ThreatEvaluator};
/// use search_core::Evaluator;
/// assert_eq!(ThreatEvaluator.evaluate(&ConnectFour::new()), 0);
/// // X to move with three on the bottom row open at both ends: two threats.
/// let g: ConnectFour = "415161".parse().unwrap();
/// assert!(ThreatEvaluator.evaluate(&g) > 0);
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct ThreatEvaluator;

impl Evaluator<ConnectFour> for ThreatEvaluator {
    #[inline]
    fn evaluate(&self, s: &ConnectFour) -> i32 {
        let mine = s.threats().count_ones() as i32;
        let theirs = s.opponent_threats().count_ones() as i32;
        let centre = column_mask(WIDTH / 2);
        let c_mine = (s.current & centre).count_ones() as i32;
        let c_theirs = (s.opponent_stones() & centre).count_ones() as i32;
        (mine - theirs) * 16 + (c_mine - c_theirs) * 3
    }
}

/// Line-counting evaluation: every line of four holding stones of only one side counts for
/// that side, 1 / 8 / 64 points for one, two or three stones.
///
/// ```
/// use games::{ConnectFour, LineEvaluator};
/// use search_core::Evaluator;
/// let g: ConnectFour = "4".parse().unwrap(); // O to move; X's centre stone is on 7 lines
/// assert_eq!(LineEvaluator.evaluate(&g), -7);
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct LineEvaluator;

impl Evaluator<ConnectFour> for LineEvaluator {
    fn evaluate(&self, s: &ConnectFour) -> i32 {
        const POINTS: [i32; 5] = [0, 1, 8, 64, 0];
        let (me, opp) = (s.current, s.opponent_stones());
        all_lines().iter().fold(0, |acc, &line| {
            let (a, b) = ((me & line).count_ones(), (opp & line).count_ones());
            match (a, b) {
                (0, 0) => acc,
                (a, 0) => acc + POINTS[a as usize],
                (0, b) => acc - POINTS[b as usize],
                _ => acc,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_69_lines() {
        let lines = all_lines();
        assert!(lines.iter().all(|l| l.count_ones() == 4 && l & !BOARD == 0));
        let unique: std::collections::HashSet<_> = lines.iter().collect();
        assert_eq!(unique.len(), 69);
    }

    #[test]
    fn winning_cells_matches_brute_force() {
        // Every empty cell: does adding it to the side's stones make four?
        let mut g = ConnectFour::new();
        for col in [3u8, 3, 4, 2, 4, 4, 5, 1, 2, 6, 2, 2, 0] {
            g.play(col);
            for stones in [g.current, g.opponent_stones()] {
                let fast = winning_cells(stones, g.mask);
                let mut slow = 0;
                for bit in 0..64 {
                    let b = 1u64 << bit;
                    if BOARD & b != 0 && g.mask & b == 0 && has_four(stones | b) {
                        slow |= b;
                    }
                }
                assert_eq!(fast, slow, "after {g:?}");
            }
        }
    }
}
