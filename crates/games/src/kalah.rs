//! Kalah, the mancala game: sow the stones of one of your pits counter-clockwise; a last stone
//! in your store gives you another move, a last stone in an empty pit of yours captures the
//! stones opposite. The game is won by the fuller store, and its [`margin`](Game::margin) is
//! the difference. Where the published rules differ (a capture opposite an empty pit, where
//! the stones left at the end go), [`KalahRules`] chooses.

use core::fmt;

use search_core::{Game, GameHash, Outcome, Player, SplitMix64};

use crate::setup::SetupError;

/// The most pits a side may have (the classic game's six).
const PITS: usize = 6;

/// What a last stone that lands in an empty pit of the mover's side captures.
///
/// ```
/// use games::KalahCapture;
/// assert_eq!(KalahCapture::default(), KalahCapture::OppositeNotEmpty);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KalahCapture {
    /// The common rule: when the opposite pit has stones, they and the last stone go to the
    /// mover's store; when it is empty, nothing is captured and the last stone stays.
    #[default]
    OppositeNotEmpty,
    /// "Empty capture": the last stone always goes to the mover's store, with the opposite
    /// pit's stones if there are any. This is the rule of the published solutions of Kalah
    /// (Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000).
    Empty,
}

/// Where the stones still in the pits go when the game ends (when either side's pits are
/// empty after a move).
///
/// ```
/// use games::KalahSweep;
/// assert_eq!(KalahSweep::default(), KalahSweep::Owner);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KalahSweep {
    /// Each side's stones go to its owner's store: the common rule, and the rule of the
    /// published solutions.
    #[default]
    Owner,
    /// The stones left go to the store of the player whose pits are empty.
    Emptier,
    /// The stones left are taken off the board and count for nobody.
    Discard,
}

/// The rule variant a [`Kalah`] game is played with: the [`KalahCapture`] and the
/// [`KalahSweep`]. The default is [`KalahRules::COMMON`].
///
/// ```
/// use games::{Kalah, KalahRules};
/// let paper = Kalah::new(4, 3).unwrap().with_rules(KalahRules::EMPTY_CAPTURE);
/// assert_eq!(paper.rules(), KalahRules::EMPTY_CAPTURE);
/// assert_eq!(Kalah::new(4, 3).unwrap().rules(), KalahRules::COMMON);
/// assert_eq!(KalahRules::EMPTY_CAPTURE.to_string(), "empty capture: a last stone in an empty pit of your own is always captured");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct KalahRules {
    /// What a last stone in an empty pit of the mover's captures.
    pub capture: KalahCapture,
    /// Where the stones left at the end go.
    pub sweep: KalahSweep,
}

impl KalahRules {
    /// The common rules: a capture needs stones opposite; each side's stones left at the end
    /// go to its owner.
    pub const COMMON: KalahRules = KalahRules {
        capture: KalahCapture::OppositeNotEmpty,
        sweep: KalahSweep::Owner,
    };

    /// The rules of the published solutions (Irving, Donkers and Uiterwijk 2000): a last
    /// stone in an empty pit of the mover's is always captured; each side's stones left at
    /// the end go to its owner.
    pub const EMPTY_CAPTURE: KalahRules = KalahRules {
        capture: KalahCapture::Empty,
        sweep: KalahSweep::Owner,
    };
}

impl fmt::Display for KalahRules {
    /// The rules in words, for a person: the capture rule, then the sweep when it is not the
    /// owner's.
    ///
    /// ```
    /// use games::{KalahRules, KalahSweep};
    /// assert_eq!(KalahRules::COMMON.to_string(), "common rules: a capture needs stones in the opposite pit");
    /// let r = KalahRules { sweep: KalahSweep::Discard, ..KalahRules::COMMON };
    /// assert!(r.to_string().ends_with("the stones left at the end count for nobody"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.capture {
            KalahCapture::OppositeNotEmpty => {
                "common rules: a capture needs stones in the opposite pit"
            }
            KalahCapture::Empty => {
                "empty capture: a last stone in an empty pit of your own is always captured"
            }
        })?;
        match self.sweep {
            KalahSweep::Owner => Ok(()),
            KalahSweep::Emptier => {
                f.write_str("; the stones left at the end go to the player whose pits are empty")
            }
            KalahSweep::Discard => f.write_str("; the stones left at the end count for nobody"),
        }
    }
}

/// Kalah with `pits` pits a side and `stones` stones in each pit at the start (the classic
/// game is Kalah(6, 4)), written naturally: after a move whose last stone lands in the
/// mover's store, [`to_move`](Game::to_move) stays the same.
///
/// A move is the index (`0..pits`) of one of the mover's pits, counted from the pit
/// farthest from the mover's store. By default ([`KalahRules::COMMON`]) captures take the
/// opposite pit's stones only when it is not empty, and when either side has no stones
/// left, the other side's stones go to that side's store and the game is over;
/// [`with_rules`](Kalah::with_rules) chooses another variant, such as the empty capture of
/// the published solutions ([`KalahRules::EMPTY_CAPTURE`]).
///
/// For the margin solver the stores are banked ([`GameHash::banked_margin`]): positions with
/// the same pits and side to move share one table entry whatever the stores hold.
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
    rules: KalahRules,
}

impl Kalah {
    /// The most pits a side may have.
    pub(crate) const MAX_PITS: usize = PITS;

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
            rules: KalahRules::COMMON,
        })
    }

    /// The same position played on with `rules` (a new game's rules are
    /// [`KalahRules::COMMON`]).
    ///
    /// ```
    /// use games::{Kalah, KalahRules};
    /// use search_core::Game;
    ///
    /// // The first player sows pit 0; the second sows its pit 1 into its store (and moves
    /// // again), then its pit 0 into its empty pit 1, opposite an empty pit.
    /// let mut common = Kalah::new(2, 1).unwrap();
    /// let mut empty = common.with_rules(KalahRules::EMPTY_CAPTURE);
    /// for mv in [0, 1, 0] {
    ///     common.play(mv);
    ///     empty.play(mv);
    /// }
    /// assert_eq!(common.stores(), [0, 1]); // nothing captured: the stone stays in the pit
    /// assert_eq!(empty.stores(), [2, 2]); // captured; the second side is empty: game over
    /// assert!(empty.outcome().is_over() && !common.outcome().is_over());
    /// ```
    #[must_use]
    pub fn with_rules(mut self, rules: KalahRules) -> Self {
        self.rules = rules;
        self
    }

    /// The rule variant played.
    ///
    /// ```
    /// assert_eq!(games::Kalah::new(6, 4).unwrap().rules(), games::KalahRules::COMMON);
    /// ```
    #[must_use]
    pub fn rules(&self) -> KalahRules {
        self.rules
    }

    /// The stones still in the pits of both sides (not in the stores).
    ///
    /// ```
    /// assert_eq!(games::Kalah::new(3, 4).unwrap().stones_in_pits(), 24);
    /// ```
    #[must_use]
    pub fn stones_in_pits(&self) -> u32 {
        let n = usize::from(self.pits);
        self.board[..n]
            .iter()
            .chain(&self.board[n + 1..2 * n + 1])
            .map(|&s| u32::from(s))
            .sum()
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
            if self.board[opposite] > 0 || self.rules.capture == KalahCapture::Empty {
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
                let to = match self.rules.sweep {
                    KalahSweep::Owner => Some(player),
                    // The side with stones left is not the side that is empty.
                    KalahSweep::Emptier => Some(player.opponent()),
                    KalahSweep::Discard => None,
                };
                if let Some(to) = to {
                    self.board[self.base(to) + n] += rest;
                }
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

impl Kalah {
    /// A hash of `board` and the side to move.
    fn key_of(board: &[u8; 2 * PITS + 2], to_move: Player) -> u64 {
        let mut low = [0; 8];
        let mut high = [0; 8];
        low.copy_from_slice(&board[..8]);
        high[..6].copy_from_slice(&board[8..]);
        high[7] = to_move.index() as u8;
        SplitMix64::new(
            u64::from_le_bytes(low) ^ SplitMix64::new(u64::from_le_bytes(high)).next_u64(),
        )
        .next_u64()
    }
}

impl GameHash for Kalah {
    /// A hash of the 14 board bytes and the side to move (not exact: the board does not fit
    /// in 64 bits). The rules are not in it: one search plays one variant.
    fn hash_key(&self) -> u64 {
        Self::key_of(&self.board, self.to_move)
    }

    /// The stores: the first player's minus the second player's.
    ///
    /// ```
    /// use search_core::{Game, GameHash};
    /// let mut k = games::Kalah::new(6, 4).unwrap();
    /// k.play(2); // the last stone in the store
    /// assert_eq!(k.banked_margin(), 1);
    /// ```
    fn banked_margin(&self) -> i32 {
        let [a, b] = self.stores();
        i32::from(a) - i32::from(b)
    }

    /// A hash of the pits and the side to move, without the stores: moves, captures and the
    /// end of the game depend on the pits only, so the stones still to be won do too.
    ///
    /// ```
    /// use search_core::{Game, GameHash};
    /// let mut k = games::Kalah::new(6, 4).unwrap();
    /// assert_eq!(k.unbanked_key(), k.hash_key()); // the stores are empty
    /// k.play(2); // one stone in the store: the full key counts it, the unbanked key does not
    /// assert_ne!(k.unbanked_key(), k.hash_key());
    /// ```
    fn unbanked_key(&self) -> u64 {
        let n = usize::from(self.pits);
        let mut pits = self.board;
        pits[n] = 0;
        pits[2 * n + 1] = 0;
        Self::key_of(&pits, self.to_move)
    }

    /// The stones still in the pits: no more can change stores.
    ///
    /// ```
    /// use search_core::GameHash;
    /// assert_eq!(games::Kalah::new(6, 4).unwrap().unbanked_margin_bound(), Some(48));
    /// ```
    fn unbanked_margin_bound(&self) -> Option<u32> {
        Some(self.stones_in_pits())
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
