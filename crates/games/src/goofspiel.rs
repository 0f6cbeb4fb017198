//! Goofspiel (the game of pure strategy): two players bid for prizes with the cards in
//! their hands, simultaneously.

use core::fmt;

use search_core::SimultaneousGame;

use crate::setup::SetupError;

/// The most cards per suit.
const MAX_CARDS: usize = 13;

/// Goofspiel for two players with `n` cards each (`1..=n`) and `n` prize cards, as a
/// [`SimultaneousGame`]: in each round the next prize is shown, both players bid a card of
/// their hand at once, the higher bid wins the prize's points (a tie: nobody does), and
/// both bids are discarded. After `n` rounds the player with more points wins: reward 1 to
/// the winner and −1 to the loser, 0 each for equal points. The prizes come in a fixed
/// order, `n, n − 1, ..., 1` unless [`with_prizes`](Goofspiel::with_prizes) says
/// otherwise. The game is symmetric, so its value is 0.
///
/// A move is the value of the card bid, `1..=n`. Play it with any engine for hidden
/// information through [`Sequential`](search_core::Sequential).
///
/// ```
/// use games::Goofspiel;
/// use search_core::SimultaneousGame;
///
/// let mut game = Goofspiel::new(3).unwrap(); // prizes 3, 2, 1
/// game.apply_joint(&[3, 1]); // player 0 wins the 3
/// game.apply_joint(&[1, 2]); // player 1 wins the 2
/// game.apply_joint(&[2, 3]); // player 1 wins the 1
/// assert!(game.is_over());
/// assert_eq!(game.points(), [3, 3]);
/// let mut rewards = [0.0; 2];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [0.0, 0.0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Goofspiel {
    cards: u8,
    prizes: [u8; MAX_CARDS],
    round: u8,
    /// Bit `c - 1`: card `c` is still in the hand.
    hands: [u16; 2],
    points: [u16; 2],
}

impl Goofspiel {
    /// Goofspiel with `cards` cards per player (1 to 13), prizes in descending order.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for 0 or more than 13 cards.
    ///
    /// ```
    /// assert!(games::Goofspiel::new(14).is_err());
    /// ```
    pub fn new(cards: usize) -> Result<Self, SetupError> {
        if !(1..=MAX_CARDS).contains(&cards) {
            return Err(SetupError::BoardSize {
                game: "Goofspiel",
                detail: format!("{cards} cards: 1 to {MAX_CARDS} are supported"),
            });
        }
        let order: Vec<u8> = (1..=cards as u8).rev().collect();
        Self::with_prizes(&order)
    }

    /// Goofspiel whose prizes come in the order `prizes`, a permutation of `1..=n`
    /// (1 ≤ n ≤ 13); each player holds the cards `1..=n`.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] when `prizes` is not such a permutation.
    ///
    /// ```
    /// use games::Goofspiel;
    /// assert!(Goofspiel::with_prizes(&[2, 1, 3]).is_ok());
    /// assert!(Goofspiel::with_prizes(&[2, 2, 3]).is_err());
    /// ```
    pub fn with_prizes(prizes: &[u8]) -> Result<Self, SetupError> {
        let n = prizes.len();
        if !(1..=MAX_CARDS).contains(&n) {
            return Err(SetupError::BoardSize {
                game: "Goofspiel",
                detail: format!("{n} prizes: 1 to {MAX_CARDS} are supported"),
            });
        }
        let mut seen = 0u16;
        for &p in prizes {
            if p == 0 || usize::from(p) > n || seen & (1 << (p - 1)) != 0 {
                return Err(SetupError::BoardSize {
                    game: "Goofspiel",
                    detail: format!("the prizes {prizes:?} are not an order of 1..={n}"),
                });
            }
            seen |= 1 << (p - 1);
        }
        let mut order = [0; MAX_CARDS];
        order[..n].copy_from_slice(prizes);
        let full = ((1u32 << n) - 1) as u16;
        Ok(Goofspiel {
            cards: n as u8,
            prizes: order,
            round: 0,
            hands: [full; 2],
            points: [0; 2],
        })
    }

    /// The points each player has won so far.
    ///
    /// See [`Goofspiel`] for an example.
    #[must_use]
    pub fn points(&self) -> [u16; 2] {
        self.points
    }

    /// The prize of this round, while the game is on.
    ///
    /// ```
    /// assert_eq!(games::Goofspiel::new(4).unwrap().prize(), Some(4));
    /// ```
    #[must_use]
    pub fn prize(&self) -> Option<u8> {
        (self.round < self.cards).then(|| self.prizes[usize::from(self.round)])
    }

    /// Whether `player` still holds `card`.
    fn holds(&self, player: usize, card: u8) -> bool {
        (1..=self.cards).contains(&card) && self.hands[player] & (1 << (card - 1)) != 0
    }
}

impl SimultaneousGame for Goofspiel {
    type Move = u8;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        2
    }

    fn is_over(&self) -> bool {
        self.round >= self.cards
    }

    fn moves_of(&self, player: usize, moves: &mut Vec<u8>) {
        if player < 2 && !self.is_over() {
            moves.extend((1..=self.cards).filter(|&c| self.holds(player, c)));
        }
    }

    /// Plays a round. A joint move with a card a player does not hold is ignored.
    ///
    /// ```
    /// use search_core::SimultaneousGame;
    /// let mut g = games::Goofspiel::new(2).unwrap();
    /// g.apply_joint(&[3, 1]);
    /// assert_eq!(g, games::Goofspiel::new(2).unwrap());
    /// ```
    fn apply_joint(&mut self, joint: &[u8]) {
        let (Some(&a), Some(&b)) = (joint.first(), joint.get(1)) else {
            return;
        };
        if self.is_over() || !self.holds(0, a) || !self.holds(1, b) {
            return;
        }
        let prize = u16::from(self.prizes[usize::from(self.round)]);
        match a.cmp(&b) {
            core::cmp::Ordering::Greater => self.points[0] += prize,
            core::cmp::Ordering::Less => self.points[1] += prize,
            core::cmp::Ordering::Equal => {}
        }
        self.hands[0] &= !(1 << (a - 1));
        self.hands[1] &= !(1 << (b - 1));
        self.round += 1;
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let first = match self.points[0].cmp(&self.points[1]) {
            core::cmp::Ordering::Greater => 1.0,
            core::cmp::Ordering::Less => -1.0,
            core::cmp::Ordering::Equal => 0.0,
        };
        rewards[0] = first;
        rewards[1] = -first;
    }
}

impl fmt::Display for Goofspiel {
    /// The round's prize, the points, and each hand.
    ///
    /// ```
    /// let g = games::Goofspiel::new(3).unwrap();
    /// assert_eq!(g.to_string(), "prize 3, points 0-0, hands [1, 2, 3] [1, 2, 3]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.prize() {
            Some(p) => write!(f, "prize {p}, ")?,
            None => f.write_str("over, ")?,
        }
        write!(f, "points {}-{}, hands", self.points[0], self.points[1])?;
        for player in 0..2 {
            let hand: Vec<u8> = (1..=self.cards)
                .filter(|&c| self.holds(player, c))
                .collect();
            write!(f, " {hand:?}")?;
        }
        Ok(())
    }
}
