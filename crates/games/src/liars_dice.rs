//! Liar's Dice (a small form of Dudo / Perudo): players bid on the dice under everyone's
//! cups, and the first to call a bid a lie settles it.

use core::fmt;

use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};

use crate::setup::SetupError;

/// The most players.
const MAX_PLAYERS: usize = 4;
/// The most dice per player.
const MAX_DICE: usize = 5;

/// Liar's Dice for 2 to 4 players with 1 to 5 dice each of 2 to 6 faces, an
/// [`ImperfectInfo`] game.
///
/// Chance first rolls every die (player 0's dice, then player 1's, and so on), each player
/// seeing only its own. Then the players take turns, player 0 first. A turn is either a
/// *bid* "there are at least `q` dice showing face `v` under all the cups", higher than
/// the last bid, or (once there is a bid) the call [`LIAR`](LiarsDice::liar). A bid is
/// higher when it names more dice, or as many dice and a higher face; the highest face
/// is wild (it counts as any face). After a call, the dice are counted: if the last bid
/// holds, the caller loses, else the bidder does. The loser gets −1, the winner (the
/// caller or the bidder) +1, everyone else 0.
///
/// A move is a number: bid `(q, v)` is `(q − 1) · faces + (v − 1)`, counted from the
/// lowest bid (one die showing 1) to the highest (every die showing the top face), and
/// the call is [`liar`](LiarsDice::liar), one past the highest bid. Chance outcomes are
/// the face rolled, `1..=faces`.
///
/// Each bid sequence is a history of its own: with `n` players of `d` dice of `f` faces
/// there are `B = n · d · f` bids, so `2^B` bid sequences and, for each player's own dice,
/// `f^d` of them: `f^d · 2^B` information sets in all (24,576 with two players of one
/// six-faced die), as the tests find by walking the whole game.
///
/// ```
/// use games::LiarsDice;
/// use search_core::{GeneralGame, ImperfectInfo, Turn};
///
/// let mut game = LiarsDice::new(2, 1, 6).unwrap();
/// game.apply(3); // player 0 rolls a 3
/// game.apply(6); // player 1 rolls a 6 (wild)
/// assert_eq!(game.turn(), Turn::Player(0));
/// game.apply(game.bid(2, 3).unwrap()); // "two threes"
/// game.apply(game.liar()); // player 1 calls: there are two (the 6 is wild)
/// let mut rewards = [0.0; 2];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [1.0, -1.0]);
/// assert_eq!(game.info_key(1).dice(), &[6]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LiarsDice {
    players: u8,
    dice: u8,
    faces: u8,
    /// Every die, player 0's first; `rolled` of them are rolled.
    rolled_dice: [u8; MAX_PLAYERS * MAX_DICE],
    rolled: u8,
    /// The bids and the final call, in order.
    actions: Vec<u16>,
}

/// What a player of [`LiarsDice`] knows: its own dice and every bid so far.
///
/// ```
/// use games::LiarsDice;
/// use search_core::{GeneralGame, ImperfectInfo};
/// let mut game = LiarsDice::new(2, 1, 6).unwrap();
/// game.apply(2);
/// game.apply(5);
/// game.apply(0);
/// let key = game.info_key(1);
/// assert_eq!((key.dice(), key.bids()), (&[5][..], &[0][..]));
/// assert_eq!(key.to_string(), "5 | 1x1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LiarsDiceInfo {
    faces: u8,
    dice: Vec<u8>,
    bids: Vec<u16>,
}

impl LiarsDiceInfo {
    /// The player's own dice rolled so far.
    ///
    /// See [`LiarsDiceInfo`] for an example.
    #[must_use]
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// The moves made so far (bids, and the call at the end).
    ///
    /// See [`LiarsDiceInfo`] for an example.
    #[must_use]
    pub fn bids(&self) -> &[u16] {
        &self.bids
    }
}

impl fmt::Display for LiarsDiceInfo {
    /// The dice, `|`, the bids as `quantity x face`.
    ///
    /// See [`LiarsDiceInfo`] for an example.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dice.iter().enumerate() {
            write!(f, "{}{d}", if i == 0 { "" } else { " " })?;
        }
        f.write_str(" |")?;
        for &b in &self.bids {
            write_bid(f, self.faces, b)?;
        }
        Ok(())
    }
}

fn write_bid(f: &mut fmt::Formatter<'_>, faces: u8, bid: u16) -> fmt::Result {
    let faces = u16::from(faces);
    write!(f, " {}x{}", bid / faces + 1, bid % faces + 1)
}

impl LiarsDice {
    /// The game for `players` (2 to 4) with `dice` dice each (1 to 5) of `faces` faces
    /// (2 to 6), before the roll.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for a size out of these ranges.
    ///
    /// ```
    /// assert!(games::LiarsDice::new(2, 1, 6).is_ok());
    /// assert!(games::LiarsDice::new(5, 1, 6).is_err());
    /// assert!(games::LiarsDice::new(2, 0, 6).is_err());
    /// assert!(games::LiarsDice::new(2, 1, 7).is_err());
    /// ```
    pub fn new(players: usize, dice: usize, faces: usize) -> Result<Self, SetupError> {
        let fits = (2..=MAX_PLAYERS).contains(&players)
            && (1..=MAX_DICE).contains(&dice)
            && (2..=6).contains(&faces);
        if !fits {
            return Err(SetupError::BoardSize {
                game: "LiarsDice",
                detail: format!(
                    "{players} players of {dice} dice with {faces} faces: 2 to {MAX_PLAYERS} \
                     players, 1 to {MAX_DICE} dice, 2 to 6 faces"
                ),
            });
        }
        Ok(LiarsDice {
            players: players as u8,
            dice: dice as u8,
            faces: faces as u8,
            rolled_dice: [0; MAX_PLAYERS * MAX_DICE],
            rolled: 0,
            actions: Vec::new(),
        })
    }

    /// The number of different bids, `players · dice · faces`.
    ///
    /// ```
    /// assert_eq!(games::LiarsDice::new(2, 1, 6).unwrap().bid_count(), 12);
    /// ```
    #[must_use]
    pub fn bid_count(&self) -> u16 {
        u16::from(self.players) * u16::from(self.dice) * u16::from(self.faces)
    }

    /// The move that calls the last bid a lie.
    ///
    /// See [`LiarsDice`] for an example.
    #[must_use]
    pub fn liar(&self) -> u16 {
        self.bid_count()
    }

    /// The move bidding "at least `quantity` dice show `face`", if there is such a bid.
    ///
    /// ```
    /// let game = games::LiarsDice::new(2, 1, 6).unwrap();
    /// assert_eq!(game.bid(1, 1), Some(0));
    /// assert_eq!(game.bid(2, 6), Some(11));
    /// assert_eq!(game.bid(3, 1), None);
    /// ```
    #[must_use]
    pub fn bid(&self, quantity: usize, face: usize) -> Option<u16> {
        let total = usize::from(self.players) * usize::from(self.dice);
        let faces = usize::from(self.faces);
        ((1..=total).contains(&quantity) && (1..=faces).contains(&face))
            .then(|| ((quantity - 1) * faces + face - 1) as u16)
    }

    /// The dice of `player` rolled so far.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut game = games::LiarsDice::new(2, 2, 6).unwrap();
    /// game.apply(4);
    /// assert_eq!(game.dice_of(0), &[4]);
    /// assert!(game.dice_of(1).is_empty());
    /// ```
    #[must_use]
    pub fn dice_of(&self, player: usize) -> &[u8] {
        let d = usize::from(self.dice);
        let start = (player * d).min(usize::from(self.rolled));
        let end = ((player + 1) * d).min(usize::from(self.rolled));
        &self.rolled_dice[start..end]
    }

    fn all_rolled(&self) -> bool {
        self.rolled == self.players * self.dice
    }

    fn called(&self) -> bool {
        self.actions.last() == Some(&self.liar())
    }

    /// `true` if the bid `bid` holds for the dice rolled.
    fn holds(&self, bid: u16) -> bool {
        let faces = u16::from(self.faces);
        let (quantity, face) = (bid / faces + 1, (bid % faces + 1) as u8);
        let count = self.rolled_dice[..usize::from(self.rolled)]
            .iter()
            .filter(|&&d| d == face || d == self.faces)
            .count();
        count >= usize::from(quantity)
    }
}

impl GeneralGame for LiarsDice {
    type Move = u16;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        if !self.all_rolled() {
            Turn::Chance
        } else if self.called() {
            Turn::Over
        } else {
            Turn::Player(self.actions.len() % usize::from(self.players))
        }
    }

    fn moves(&self, moves: &mut Vec<u16>) {
        if !matches!(self.turn(), Turn::Player(_)) {
            return;
        }
        let first = self.actions.last().map_or(0, |&b| b + 1);
        moves.extend(first..self.bid_count());
        if !self.actions.is_empty() {
            moves.push(self.liar());
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u16, f64)>) {
        if self.turn() == Turn::Chance {
            let p = 1.0 / f64::from(self.faces);
            outcomes.extend((1..=u16::from(self.faces)).map(|v| (v, p)));
        }
    }

    /// Plays `mv`; a move that is not legal here is ignored.
    fn apply(&mut self, mv: u16) {
        match self.turn() {
            Turn::Chance if (1..=u16::from(self.faces)).contains(&mv) => {
                self.rolled_dice[usize::from(self.rolled)] = mv as u8;
                self.rolled += 1;
            }
            Turn::Player(_) => {
                let first = self.actions.last().map_or(0, |&b| b + 1);
                let call = mv == self.liar() && !self.actions.is_empty();
                if call || (first..self.bid_count()).contains(&mv) {
                    self.actions.push(mv);
                }
            }
            _ => {}
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        rewards.fill(0.0);
        if !self.called() || self.actions.len() < 2 {
            return;
        }
        let n = usize::from(self.players);
        let caller = (self.actions.len() - 1) % n;
        let bidder = (self.actions.len() - 2) % n;
        let bid = self.actions[self.actions.len() - 2];
        let (winner, loser) = if self.holds(bid) {
            (bidder, caller)
        } else {
            (caller, bidder)
        };
        rewards[winner] = 1.0;
        rewards[loser] = -1.0;
    }
}

impl ImperfectInfo for LiarsDice {
    type InfoKey = LiarsDiceInfo;

    fn info_key(&self, player: usize) -> LiarsDiceInfo {
        LiarsDiceInfo {
            faces: self.faces,
            dice: self.dice_of(player).to_vec(),
            bids: self.actions.clone(),
        }
    }

    /// Every other player's dice rolled again.
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        let mut sample = self.clone();
        let d = usize::from(self.dice);
        for (i, die) in sample.rolled_dice[..usize::from(self.rolled)]
            .iter_mut()
            .enumerate()
        {
            if i / d != player {
                *die = 1 + rng.below(usize::from(self.faces)) as u8;
            }
        }
        sample
    }
}

impl fmt::Display for LiarsDice {
    /// Every player's dice (`?` for a die not rolled yet), then the bids and a final
    /// `liar`.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut game = games::LiarsDice::new(2, 1, 6).unwrap();
    /// game.apply(1);
    /// assert_eq!(game.to_string(), "[1] [?] |");
    /// game.apply(2);
    /// game.apply(7);
    /// game.apply(game.liar());
    /// assert_eq!(game.to_string(), "[1] [2] | 2x2 liar");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = usize::from(self.dice);
        for p in 0..usize::from(self.players) {
            f.write_str(if p == 0 { "[" } else { " [" })?;
            for k in 0..d {
                let i = p * d + k;
                if k > 0 {
                    f.write_str(" ")?;
                }
                if i < usize::from(self.rolled) {
                    write!(f, "{}", self.rolled_dice[i])?;
                } else {
                    f.write_str("?")?;
                }
            }
            f.write_str("]")?;
        }
        f.write_str(" |")?;
        for &b in &self.actions {
            if b == self.liar() {
                f.write_str(" liar")?;
            } else {
                write_bid(f, self.faces, b)?;
            }
        }
        Ok(())
    }
}
