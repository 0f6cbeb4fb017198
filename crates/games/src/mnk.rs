//! The m,n,k-game for two to four players: take turns claiming a cell of an `m × n` board;
//! the first to hold `k` cells in a row, column or diagonal wins. The workspace's example
//! of a [`GeneralGame`] with more than two players.

use core::fmt;

use search_core::{GeneralGame, OutOfTurn, Turn};

use crate::setup::SetupError;

/// The most players.
const PLAYERS: usize = 4;

/// An m,n,k-game for `2..=4` players on a board of at most 64 cells.
///
/// Players move in turn, `0, 1, …, N − 1, 0, …`; a move is a cell index
/// `row * width + col`. The winner's reward is `1` and everybody else's `0`; a full board
/// without a winner gives every player `1 / N`, so the rewards always add up to 1.
///
/// ```
/// use games::MnkGame;
/// use search_core::{GeneralGame, OutOfTurn, Turn};
///
/// let mut game = MnkGame::new(4, 4, 3, 3).unwrap(); // 3 players, 3 in a row on 4 × 4
/// for cell in [0, 4, 8, 1, 5, 9, 2] {
///     game.apply(cell);
/// }
/// assert_eq!(game.turn(), Turn::Over); // player 0 holds 0, 1, 2
/// let mut rewards = [0.0; 3];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [1.0, 0.0, 0.0]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MnkGame {
    width: u8,
    height: u8,
    k: u8,
    players: u8,
    to_move: u8,
    winner: Option<u8>,
    cells: [u64; PLAYERS],
}

impl MnkGame {
    /// The most cells a board may have.
    pub const MAX_CELLS: usize = 64;

    /// The most players.
    pub const MAX_PLAYERS: usize = PLAYERS;

    /// An empty `width × height` board, `k` in a row to win, `players` players.
    ///
    /// ```
    /// assert!(games::MnkGame::new(5, 5, 4, 3).is_ok());
    /// assert!(games::MnkGame::new(3, 3, 4, 2).is_err()); // 4 in a row cannot fit
    /// assert!(games::MnkGame::new(26, usize::MAX, 3, 2).is_err()); // no overflow either
    /// ```
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for a board of more than 64 cells, `k` outside
    /// `1..=max(width, height)`, or a number of players outside `2..=4`.
    pub fn new(width: usize, height: usize, k: usize, players: usize) -> Result<Self, SetupError> {
        let ok = width >= 1
            && height >= 1
            && width
                .checked_mul(height)
                .is_some_and(|cells| cells <= Self::MAX_CELLS)
            && (1..=width.max(height)).contains(&k)
            && (2..=Self::MAX_PLAYERS).contains(&players);
        if !ok {
            return Err(SetupError::BoardSize {
                game: "m,n,k-game",
                detail: format!(
                    "{width} × {height}, {k} in a row, {players} players: the board has 1 to 64 cells, k fits on it, and 2 to {PLAYERS} play"
                ),
            });
        }
        Ok(MnkGame {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            players: players as u8,
            to_move: 0,
            winner: None,
            cells: [0; Self::MAX_PLAYERS],
        })
    }

    /// The board's width, height and the line length that wins: `(width, height, k)`.
    ///
    /// ```
    /// assert_eq!(games::MnkGame::new(5, 4, 3, 3).unwrap().shape(), (5, 4, 3));
    /// ```
    #[must_use]
    pub fn shape(&self) -> (usize, usize, usize) {
        (
            usize::from(self.width),
            usize::from(self.height),
            usize::from(self.k),
        )
    }

    /// The player whose mark is on `cell`, if any.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut game = games::MnkGame::new(3, 3, 3, 3).unwrap();
    /// game.apply(4);
    /// assert_eq!(game.owner(4), Some(0));
    /// assert_eq!(game.owner(0), None);
    /// ```
    #[must_use]
    pub fn owner(&self, cell: usize) -> Option<usize> {
        (cell < Self::MAX_CELLS)
            .then(|| self.cells.iter().position(|&c| c & (1 << cell) != 0))
            .flatten()
    }

    fn size(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    fn occupied(&self) -> u64 {
        self.cells.iter().fold(0, |a, &c| a | c)
    }

    /// Whether the stone just placed on `cell` completes `k` in a row for its owner.
    fn completes_line(&self, owner: usize, cell: usize) -> bool {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        let (row, col) = (
            (cell / usize::from(self.width)) as i32,
            (cell % usize::from(self.width)) as i32,
        );
        let mine = self.cells[owner];
        let has = |r: i32, c: i32| {
            (0..h).contains(&r) && (0..w).contains(&c) && mine & (1 << (r * w + c)) != 0
        };
        [(0, 1), (1, 0), (1, 1), (1, -1)]
            .into_iter()
            .any(|(dr, dc)| {
                let mut count = 1;
                for sign in [1, -1] {
                    let (mut r, mut c) = (row + sign * dr, col + sign * dc);
                    while has(r, c) {
                        count += 1;
                        r += sign * dr;
                        c += sign * dc;
                    }
                }
                count >= i32::from(self.k)
            })
    }
}

impl GeneralGame for MnkGame {
    type Move = u8;

    const REWARD_SUM: Option<f64> = Some(1.0);

    fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        if self.winner.is_some() || self.occupied().count_ones() as usize == self.size() {
            Turn::Over
        } else {
            Turn::Player(usize::from(self.to_move))
        }
    }

    fn moves(&self, moves: &mut Vec<u8>) {
        if self.turn() == Turn::Over {
            return;
        }
        let occupied = self.occupied();
        moves.extend((0..self.size() as u8).filter(|&c| occupied & (1 << c) == 0));
    }

    fn apply(&mut self, cell: u8) {
        let me = usize::from(self.to_move);
        self.apply_as(me, cell, (me + 1) % usize::from(self.players));
    }

    fn rewards(&self, rewards: &mut [f64]) {
        match self.winner {
            Some(w) => {
                rewards.fill(0.0);
                rewards[usize::from(w)] = 1.0;
            }
            None => rewards.fill(1.0 / f64::from(self.players)),
        }
    }

    fn reward_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    /// Exact for boards of up to 21 cells (3 bits a cell); a hash beyond.
    fn state_key(&self) -> Option<u64> {
        let mut key = 0u64;
        for cell in 0..self.size() {
            let mark = self.owner(cell).map_or(0, |p| p as u64 + 1);
            key = key.wrapping_mul(5).wrapping_add(mark);
        }
        Some(key.wrapping_mul(5).wrapping_add(u64::from(self.to_move)))
    }
}

impl OutOfTurn for MnkGame {
    /// Every empty cell, whoever asks (nothing once the game is over).
    fn moves_of(&self, _player: usize, moves: &mut Vec<u8>) {
        self.moves(moves);
    }

    fn apply_as(&mut self, player: usize, cell: u8, next: usize) {
        self.cells[player] |= 1 << cell;
        if self.completes_line(player, usize::from(cell)) {
            self.winner = Some(player as u8);
        }
        self.to_move = next as u8;
    }
}

impl fmt::Display for MnkGame {
    /// Players' marks as `A`–`D`, empty cells as `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..usize::from(self.height) {
            for col in 0..usize::from(self.width) {
                let cell = row * usize::from(self.width) + col;
                let ch = self.owner(cell).map_or('.', |p| char::from(b'A' + p as u8));
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        match self.turn() {
            Turn::Over => match self.winner {
                Some(w) => write!(f, "{} wins", char::from(b'A' + w)),
                None => f.write_str("draw"),
            },
            _ => write!(f, "{} to move", char::from(b'A' + self.to_move)),
        }
    }
}
