//! Kalah, the mancala game: sow the stones of one of your pits counter-clockwise; a last stone
//! in your store gives you another move, a last stone in an empty pit of yours captures the
//! stones opposite. The game is won by the fuller store, and its [`margin`](Game::margin) is
//! the difference.

use core::fmt;

use search_core::{Game, GameHash, Outcome, Player, SplitMix64};

use crate::setup::SetupError;

/// The most pits a side may have (the classic game's six).
const PITS: usize = 6;

/// Kalah with `pits` pits a side and `stones` stones in each pit at the start (the classic
/// game is Kalah(6, 4)), written naturally: after a move whose last stone lands in the
/// mover's store, [`to_move`](Game::to_move) stays the same.
///
/// A move is the index (`0..pits`) of one of the mover's pits, counted from the pit
/// farthest from the mover's store. Captures take the opposite pit's stones only when it is
/// not empty. When either side has no stones left, the other side's stones go to that side's
/// store and the game is over.
///
/// ```
/// use games::Kalah;
/// use search_core::{Game, Player};
///
/// let mut kalah = Kalah::new(6, 4).unwrap();
/// kalah.play(2); // 4 stones from the third pit: the last lands in the store
/// assert_eq!(kalah.to_move(), Player::First);
/// assert_eq!(kalah.stores(), [1, 0]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Kalah {
    /// Pits `0..pits` of the first player, its store at `pits`, the second player's pits
    /// at `pits + 1..2 * pits + 1` and its store at `2 * pits + 1`.
    board: [u8; 2 * PITS + 2],
    pits: u8,
    to_move: Player,
}

impl Kalah {
    /// The most pits a side may have.
    pub const MAX_PITS: usize = PITS;

    /// The starting position of Kalah(`pits`, `stones`): `1..=6` pits a side, `1..=20`
    /// stones a pit.
    ///
    /// ```
    /// assert!(games::Kalah::new(3, 3).is_ok());
    /// assert!(games::Kalah::new(7, 4).is_err());
    /// ```
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] outside those ranges.
    pub fn new(pits: usize, stones: u8) -> Result<Self, SetupError> {
        if !(1..=Self::MAX_PITS).contains(&pits) || !(1..=20).contains(&stones) {
            return Err(SetupError::BoardSize {
                game: "Kalah",
                detail: format!(
                    "{pits} pits of {stones} stones: a side has 1 to {PITS} pits of 1 to 20 stones"
                ),
            });
        }
        let mut board = [0; 2 * PITS + 2];
        for i in 0..pits {
            board[i] = stones;
            board[pits + 1 + i] = stones;
        }
        Ok(Kalah {
            board,
            pits: pits as u8,
            to_move: Player::First,
        })
    }

    /// The number of pits a side.
    ///
    /// ```
    /// assert_eq!(games::Kalah::new(4, 3).unwrap().pits(), 4);
    /// ```
    #[must_use]
    pub fn pits(&self) -> usize {
        usize::from(self.pits)
    }

    /// The stones in each player's store, indexed by [`Player::index`].
    ///
    /// ```
    /// assert_eq!(games::Kalah::new(3, 3).unwrap().stores(), [0, 0]);
    /// ```
    #[must_use]
    pub fn stores(&self) -> [u8; 2] {
        let n = usize::from(self.pits);
        [self.board[n], self.board[2 * n + 1]]
    }

    /// The stones in `player`'s pit `pit` (`0..pits`, as moves count them).
    ///
    /// ```
    /// use search_core::Player;
    /// assert_eq!(games::Kalah::new(3, 5).unwrap().stones(Player::Second, 2), 5);
    /// ```
    #[must_use]
    pub fn stones(&self, player: Player, pit: usize) -> u8 {
        self.board[self.base(player) + pit]
    }

    fn base(&self, player: Player) -> usize {
        match player {
            Player::First => 0,
            Player::Second => usize::from(self.pits) + 1,
        }
    }

    fn side_empty(&self, player: Player) -> bool {
        let base = self.base(player);
        self.board[base..base + usize::from(self.pits)]
            .iter()
            .all(|&s| s == 0)
    }
}

impl Default for Kalah {
    /// The classic game, Kalah(6, 4).
    ///
    /// ```
    /// assert_eq!(games::Kalah::default(), games::Kalah::new(6, 4).unwrap());
    /// ```
    fn default() -> Self {
        Kalah::new(6, 4).expect("Kalah(6, 4) is the classic game")
    }
}

impl Game for Kalah {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_over() {
            return;
        }
        let base = self.base(self.to_move);
        moves.extend((0..self.pits).filter(|&p| self.board[base + usize::from(p)] > 0));
    }

    fn play(&mut self, pit: u8) {
        let n = usize::from(self.pits);
        let size = 2 * n + 2;
        let me = self.to_move;
        let my_store = self.base(me) + n;
        let their_store = self.base(me.opponent()) + n;
        let start = self.base(me) + usize::from(pit);
        let mut stones = self.board[start];
        self.board[start] = 0;
        let mut pos = start;
        while stones > 0 {
            pos = (pos + 1) % size;
            if pos == their_store {
                continue;
            }
            self.board[pos] += 1;
            stones -= 1;
        }
        let mine = self.base(me)..self.base(me) + n;
        if mine.contains(&pos) && self.board[pos] == 1 {
            let opposite = 2 * n - pos;
            if self.board[opposite] > 0 {
                self.board[my_store] += self.board[opposite] + 1;
                self.board[pos] = 0;
                self.board[opposite] = 0;
            }
        }
        if self.side_empty(Player::First) || self.side_empty(Player::Second) {
            for player in [Player::First, Player::Second] {
                let base = self.base(player);
                let rest: u8 = self.board[base..base + n].iter().sum();
                self.board[base..base + n].fill(0);
                self.board[base + n] += rest;
            }
        }
        if pos != my_store {
            self.to_move = me.opponent();
        }
    }

    fn outcome(&self) -> Outcome {
        if !self.side_empty(Player::First) {
            return Outcome::Ongoing;
        }
        let [a, b] = self.stores();
        match a.cmp(&b) {
            core::cmp::Ordering::Greater => Outcome::Win(Player::First),
            core::cmp::Ordering::Less => Outcome::Win(Player::Second),
            core::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    fn margin(&self) -> Option<i32> {
        let [a, b] = self.stores();
        Some(i32::from(a) - i32::from(b))
    }
}

impl GameHash for Kalah {
    /// A hash of the 14 board bytes and the side to move (not exact: the board does not fit
    /// in 64 bits).
    fn hash_key(&self) -> u64 {
        let mut low = [0; 8];
        let mut high = [0; 8];
        low.copy_from_slice(&self.board[..8]);
        high[..6].copy_from_slice(&self.board[8..]);
        high[7] = self.to_move.index() as u8;
        SplitMix64::new(
            u64::from_le_bytes(low) ^ SplitMix64::new(u64::from_le_bytes(high)).next_u64(),
        )
        .next_u64()
    }
}

impl fmt::Display for Kalah {
    /// The second player's pits on top (right to left), the stores at the sides, the first
    /// player's pits below (left to right).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = usize::from(self.pits);
        let [a, b] = self.stores();
        write!(f, "    ")?;
        for i in (0..n).rev() {
            write!(f, "{:>3}", self.stones(Player::Second, i))?;
        }
        writeln!(f)?;
        writeln!(f, "{b:>3} {:>w$} {a:<3}", "", w = 3 * n)?;
        write!(f, "    ")?;
        for i in 0..n {
            write!(f, "{:>3}", self.stones(Player::First, i))?;
        }
        writeln!(f)?;
        write!(f, "{} to move", self.to_move)
    }
}
