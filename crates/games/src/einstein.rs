//! EinStein würfelt nicht! — a dice game on a 5 × 5 board, the workspace's example of a
//! [`GeneralGame`] with chance nodes.

use core::fmt;

use search_core::{GeneralGame, SplitMix64, Turn};

use crate::setup::SetupError;

/// The cells of the 5 × 5 board.
const CELLS: usize = 25;

/// A move of [`EinStein`]: the roll of the die at a chance node, or a step of a cube.
///
/// ```
/// use games::EinSteinMove;
/// assert_ne!(EinSteinMove::Roll(3), EinSteinMove::Step { from: 0, to: 6 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EinSteinMove {
    /// The die shows this face (`1..=6`).
    Roll(u8),
    /// The cube on cell `from` steps to the neighbouring cell `to`, capturing whatever cube
    /// stood there (its own player's too).
    Step {
        /// The cell the cube leaves (`row * 5 + col`).
        from: u8,
        /// The cell it enters.
        to: u8,
    },
}

/// EinStein würfelt nicht! (Ingo Althöfer, 2004): two players, six numbered cubes each.
///
/// Player 0 starts in the top-left corner and moves right, down or diagonally down-right;
/// player 1 starts in the bottom-right corner and moves left, up or diagonally up-left.
/// Before each move the die is rolled ([`Turn::Chance`]): the player moves the cube with
/// that number, or, if it was captured, the nearest remaining number above or below it
/// (either, if both exist). A cube that enters an occupied cell captures the cube there.
/// A player wins by reaching the opposite corner or by capturing all the opponent's cubes.
/// Rewards are `1` for the winner and `-1` for the loser (zero-sum).
///
/// ```
/// use games::{EinStein, EinSteinMove};
/// use search_core::{GeneralGame, Turn};
///
/// let mut game = EinStein::new();
/// assert_eq!(game.turn(), Turn::Chance);
/// game.apply(EinSteinMove::Roll(1)); // cube 1 of player 0 stands on cell 0
/// assert_eq!(game.turn(), Turn::Player(0));
/// let mut moves = Vec::new();
/// game.moves(&mut moves);
/// assert_eq!(moves.len(), 3); // right (onto its own cube 2), down, diagonal
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EinStein {
    /// `0` empty, `1..=6` a cube of player 0, `7..=12` cube `n - 6` of player 1.
    board: [u8; CELLS],
    to_move: u8,
    roll: Option<u8>,
}

impl Default for EinStein {
    fn default() -> Self {
        Self::new()
    }
}

impl EinStein {
    /// The board's side.
    pub const SIDE: usize = 5;

    /// Cubes per player, numbered `1..=6`.
    pub(crate) const CUBES: usize = 6;

    /// The cells of the first player's starting corner, in the order its cubes `1..=6` are
    /// placed by [`EinStein::new`]: the triangle at the top-left corner (cell `row * 5 + col`).
    pub(crate) const FIRST_CORNER: [u8; Self::CUBES] = [0, 1, 2, 5, 6, 10];

    /// A start with a fixed arrangement, a convention of this crate: player 0's cubes
    /// `1..=6` on the six cells of the top left corner in order, player 1's mirrored through
    /// the centre; player 0 moves first. The official rules let each player arrange their
    /// own cubes in their corner as they like before the game: [`with_setup`](Self::with_setup)
    /// plays that free setup. The fixed one keeps games, tests and seeds reproducible.
    ///
    /// ```
    /// use search_core::{GeneralGame, Turn};
    /// assert_eq!(games::EinStein::new().turn(), Turn::Chance);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::with_setup([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]).expect("a permutation")
    }

    /// A start with the cubes placed in the given orders, the free setup of the official
    /// rules (each player arranges their six cubes in their corner): `first[i]` is the
    /// number of the cube on cell `Self::FIRST_CORNER[i]`, `second[i]` the number of player
    /// 1's cube on the mirrored cell `24 - Self::FIRST_CORNER[i]`.
    ///
    /// ```
    /// assert!(games::EinStein::with_setup([6, 5, 4, 3, 2, 1], [1, 2, 3, 4, 5, 6]).is_ok());
    /// assert!(games::EinStein::with_setup([1, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6]).is_err());
    /// ```
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] unless both are permutations of `1..=6`.
    pub fn with_setup(
        first: [u8; Self::CUBES],
        second: [u8; Self::CUBES],
    ) -> Result<Self, SetupError> {
        for order in [first, second] {
            let mut sorted = order;
            sorted.sort_unstable();
            if sorted != [1, 2, 3, 4, 5, 6] {
                return Err(SetupError::BoardSize {
                    game: "EinStein würfelt nicht!",
                    detail: format!("the setup {order:?} is not a permutation of the cubes 1 to 6"),
                });
            }
        }
        let mut board = [0; Self::SIDE * Self::SIDE];
        for i in 0..Self::CUBES {
            board[usize::from(Self::FIRST_CORNER[i])] = first[i];
            board[Self::SIDE * Self::SIDE - 1 - usize::from(Self::FIRST_CORNER[i])] = second[i] + 6;
        }
        Ok(EinStein {
            board,
            to_move: 0,
            roll: None,
        })
    }

    /// A position given cube by cube: `cubes[p]` lists player `p`'s `(cube number, cell)`
    /// pairs; `to_move` is the player about to roll.
    ///
    /// ```
    /// use search_core::{GeneralGame, Turn};
    /// let endgame = games::EinStein::from_cubes([&[(3, 18)], &[(5, 6)]], 1).unwrap();
    /// assert_eq!(endgame.turn(), Turn::Chance);
    /// ```
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for a cube number outside `1..=6`, a repeated cube or
    /// cell, a cell outside the board, a player without cubes, a game already won, or a
    /// player index other than 0 or 1.
    pub fn from_cubes(cubes: [&[(u8, u8)]; 2], to_move: usize) -> Result<Self, SetupError> {
        let fail = |detail: String| SetupError::BoardSize {
            game: "EinStein würfelt nicht!",
            detail,
        };
        if to_move > 1 {
            return Err(fail(format!("player {to_move} does not exist (0 or 1)")));
        }
        let mut board = [0; Self::SIDE * Self::SIDE];
        for (player, list) in cubes.iter().enumerate() {
            if list.is_empty() {
                return Err(fail(format!("player {player} has no cube")));
            }
            let mut seen = [false; Self::CUBES + 1];
            for &(number, cell) in *list {
                if !(1..=6).contains(&number) || seen[usize::from(number)] {
                    return Err(fail(format!(
                        "cube {number} of player {player} is not a new number in 1..=6"
                    )));
                }
                seen[usize::from(number)] = true;
                let cell = usize::from(cell);
                if cell >= Self::SIDE * Self::SIDE || board[cell] != 0 {
                    return Err(fail(format!("cell {cell} is off the board or taken")));
                }
                board[cell] = number + 6 * player as u8;
            }
        }
        let game = EinStein {
            board,
            to_move: to_move as u8,
            roll: None,
        };
        if game.winner().is_some() {
            return Err(fail("the position is already won".into()));
        }
        Ok(game)
    }

    /// The cube on `cell` (`row * 5 + col`) as `(player, number)`, number `1..=6`; `None`
    /// for an empty cell or one off the board.
    ///
    /// ```
    /// let game = games::EinStein::new();
    /// assert_eq!(game.cube(0), Some((0, 1)));
    /// assert_eq!(game.cube(24), Some((1, 1)));
    /// assert_eq!(game.cube(12), None);
    /// ```
    #[must_use]
    pub fn cube(&self, cell: usize) -> Option<(usize, u8)> {
        match self.board.get(cell).copied() {
            Some(v @ 1..=6) => Some((0, v)),
            Some(v @ 7..=12) => Some((1, v - 6)),
            _ => None,
        }
    }

    /// The face the die shows for the player to move, once rolled.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut game = games::EinStein::new();
    /// assert_eq!(game.roll(), None);
    /// game.apply(games::EinSteinMove::Roll(4));
    /// assert_eq!(game.roll(), Some(4));
    /// ```
    #[must_use]
    pub fn roll(&self) -> Option<u8> {
        self.roll
    }

    /// The player who has won, if any.
    ///
    /// ```
    /// assert_eq!(games::EinStein::new().winner(), None);
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<usize> {
        let owner = |v: u8| usize::from(v > 6);
        if self.board[Self::SIDE * Self::SIDE - 1] != 0
            && owner(self.board[Self::SIDE * Self::SIDE - 1]) == 0
        {
            return Some(0);
        }
        if self.board[0] != 0 && owner(self.board[0]) == 1 {
            return Some(1);
        }
        let mut alive = [false; 2];
        for &v in &self.board {
            if v != 0 {
                alive[owner(v)] = true;
            }
        }
        match alive {
            [true, false] => Some(0),
            [false, true] => Some(1),
            _ => None,
        }
    }

    /// The cubes the player to move may move after rolling `face`: that cube if it is
    /// still on the board, else the nearest numbers above and below that are.
    fn movable(&self, face: u8) -> [Option<usize>; 2] {
        let offset = 6 * self.to_move;
        let cell_of = |n: u8| self.board.iter().position(|&v| v == n + offset);
        if let Some(cell) = cell_of(face) {
            return [Some(cell), None];
        }
        let up = (face + 1..=6).find_map(cell_of);
        let down = (1..face).rev().find_map(cell_of);
        [up, down]
    }
}

impl GeneralGame for EinStein {
    type Move = EinSteinMove;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Over
        } else if self.roll.is_none() {
            Turn::Chance
        } else {
            Turn::Player(usize::from(self.to_move))
        }
    }

    fn moves(&self, moves: &mut Vec<EinSteinMove>) {
        let Some(face) = self.roll else { return };
        if self.winner().is_some() {
            return;
        }
        let steps: [(i32, i32); 3] = if self.to_move == 0 {
            [(0, 1), (1, 0), (1, 1)]
        } else {
            [(0, -1), (-1, 0), (-1, -1)]
        };
        for from in self.movable(face).into_iter().flatten() {
            let (row, col) = ((from / Self::SIDE) as i32, (from % Self::SIDE) as i32);
            for (dr, dc) in steps {
                let (r, c) = (row + dr, col + dc);
                if (0..Self::SIDE as i32).contains(&r) && (0..Self::SIDE as i32).contains(&c) {
                    moves.push(EinSteinMove::Step {
                        from: from as u8,
                        to: (r * Self::SIDE as i32 + c) as u8,
                    });
                }
            }
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(EinSteinMove, f64)>) {
        if self.roll.is_none() && self.winner().is_none() {
            outcomes.extend((1..=6).map(|face| (EinSteinMove::Roll(face), 1.0 / 6.0)));
        }
    }

    fn apply(&mut self, mv: EinSteinMove) {
        match mv {
            EinSteinMove::Roll(face) => self.roll = Some(face),
            EinSteinMove::Step { from, to } => {
                self.board[usize::from(to)] = self.board[usize::from(from)];
                self.board[usize::from(from)] = 0;
                self.roll = None;
                self.to_move ^= 1;
            }
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let (first, second) = match self.winner() {
            Some(0) => (1.0, -1.0),
            Some(_) => (-1.0, 1.0),
            None => (0.0, 0.0),
        };
        rewards[0] = first;
        rewards[1] = second;
    }

    /// The 25 cells (4 bits each, 100 bits) folded into 64 bits with the player to move
    /// and the roll: a hash, not an exact key.
    fn state_key(&self) -> Option<u64> {
        let mut low = 0u64;
        let mut high = 0u64;
        for (i, &v) in self.board.iter().enumerate() {
            if i < 16 {
                low |= u64::from(v) << (4 * i);
            } else {
                high |= u64::from(v) << (4 * (i - 16));
            }
        }
        high |= u64::from(self.to_move) << 40 | u64::from(self.roll.unwrap_or(0)) << 44;
        Some(SplitMix64::new(low ^ SplitMix64::new(high).next_u64()).next_u64())
    }
}

impl fmt::Display for EinStein {
    /// Player 0's cubes as `1`–`6`, player 1's as `a`–`f`, empty cells as `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..Self::SIDE {
            for col in 0..Self::SIDE {
                let v = self.board[row * Self::SIDE + col];
                let ch = match v {
                    0 => '.',
                    1..=6 => char::from(b'0' + v),
                    _ => char::from(b'a' + v - 7),
                };
                write!(f, "{ch}")?;
                if col + 1 < Self::SIDE {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        match self.roll {
            Some(face) => write!(f, "player {} rolled {face}", self.to_move),
            None => write!(f, "player {} to roll", self.to_move),
        }
    }
}
