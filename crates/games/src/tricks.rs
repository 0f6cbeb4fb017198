//! [`Tricks`]: a small trick-taking card game of the whist family, for 3 or 4 players
//! with hidden hands.

use core::fmt;

use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};

use crate::setup::SetupError;

/// The most players.
const MAX_PLAYERS: usize = 4;
/// How many times a determinization is drawn again before the state itself is returned.
const SAMPLE_TRIES: usize = 64;

/// A trick-taking game in the family of whist, without trumps or bidding, for 3 or 4
/// players, as an [`ImperfectInfo`] game.
///
/// The deck has `suits` suits (1 to 4) of `ranks` ranks (2 to 13); card `c` is of suit
/// `c / ranks` and rank `c % ranks` (higher wins). Chance deals `hand` cards to each
/// player, one at a time, player 0 first, each card drawn uniformly from those left; the
/// cards left over stay hidden. Then `hand` tricks are played: the leader (player 0 for
/// the first trick) plays any card, and the others in turn must follow the suit led if
/// they can, else play any card. The highest card of the suit led takes the trick, and
/// its player leads the next one. Every player sees its own hand and every card played.
///
/// Each player's reward is the number of tricks it took minus `hand / players`, so that
/// the rewards add up to 0: a point per trick.
///
/// A move is a card's number, for the deal as for the play.
///
/// ```
/// use games::Tricks;
/// use search_core::{GeneralGame, ImperfectInfo, Turn};
///
/// let mut game = Tricks::new(3, 2, 3, 1).unwrap(); // 3 players, 6 cards, 1 card each
/// for card in [2, 4, 0] {
///     game.apply(card); // player 0 gets the top spade, 1 the middle heart, 2 the low spade
/// }
/// assert_eq!(game.turn(), Turn::Player(0));
/// game.apply(2);
/// let mut moves = Vec::new();
/// game.moves(&mut moves);
/// assert_eq!(moves, [4]); // player 1 has no spade: any card
/// game.apply(4);
/// game.apply(0);
/// let mut rewards = [0.0; 3];
/// game.rewards(&mut rewards);
/// let third = 1.0 / 3.0;
/// assert_eq!(rewards, [1.0 - third, -third, -third]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tricks {
    players: u8,
    suits: u8,
    ranks: u8,
    hand: u8,
    /// The cards dealt to each player (played or not).
    dealt_to: [u64; MAX_PLAYERS],
    /// The cards each player still holds.
    holding: [u64; MAX_PLAYERS],
    dealt: u8,
    /// The cards played, in order.
    plays: Vec<u8>,
    leader: u8,
    taken: [u8; MAX_PLAYERS],
}

/// What a player of [`Tricks`] knows: the cards dealt to it, how many cards were dealt,
/// and every card played.
///
/// ```
/// use games::Tricks;
/// use search_core::{GeneralGame, ImperfectInfo};
/// let mut game = Tricks::new(3, 2, 3, 1).unwrap();
/// game.apply(5);
/// assert_eq!(game.info_key(0).hand(), &[5]);
/// assert!(game.info_key(1).hand().is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TricksInfo {
    hand: Vec<u8>,
    dealt: u8,
    plays: Vec<u8>,
}

impl TricksInfo {
    /// The cards dealt to the player, in increasing order.
    ///
    /// See [`TricksInfo`] for an example.
    #[must_use]
    pub fn hand(&self) -> &[u8] {
        &self.hand
    }

    /// The cards played so far, in order.
    ///
    /// ```
    /// # use search_core::{GeneralGame, ImperfectInfo};
    /// let game = games::Tricks::new(3, 2, 3, 1).unwrap();
    /// assert!(game.info_key(2).plays().is_empty());
    /// ```
    #[must_use]
    pub fn plays(&self) -> &[u8] {
        &self.plays
    }
}

fn cards_of(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |&c| mask & (1 << c) != 0)
}

impl Tricks {
    /// The game for `players` (3 or 4) with a deck of `suits` (1 to 4) suits of `ranks`
    /// (2 to 13) cards, `hand` (at least 1) cards dealt to each, before the deal.
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for a size out of these ranges or a deck too small for
    /// the hands.
    ///
    /// ```
    /// assert!(games::Tricks::new(4, 4, 13, 13).is_ok());
    /// assert!(games::Tricks::new(4, 2, 3, 2).is_err()); // 8 cards needed, 6 in the deck
    /// assert!(games::Tricks::new(2, 2, 3, 1).is_err());
    /// ```
    pub fn new(
        players: usize,
        suits: usize,
        ranks: usize,
        hand: usize,
    ) -> Result<Self, SetupError> {
        let fits = (3..=MAX_PLAYERS).contains(&players)
            && (1..=4).contains(&suits)
            && (2..=13).contains(&ranks)
            && hand >= 1
            && players * hand <= suits * ranks;
        if !fits {
            return Err(SetupError::BoardSize {
                game: "Tricks",
                detail: format!(
                    "{players} players, {suits} suits of {ranks} cards, {hand} cards each: 3 or \
                     4 players, 1 to 4 suits of 2 to 13 cards, at least one card each and \
                     enough cards for every hand"
                ),
            });
        }
        Ok(Tricks {
            players: players as u8,
            suits: suits as u8,
            ranks: ranks as u8,
            hand: hand as u8,
            dealt_to: [0; MAX_PLAYERS],
            holding: [0; MAX_PLAYERS],
            dealt: 0,
            plays: Vec::new(),
            leader: 0,
            taken: [0; MAX_PLAYERS],
        })
    }

    /// The tricks each player has taken so far.
    ///
    /// ```
    /// assert_eq!(games::Tricks::new(3, 2, 3, 1).unwrap().tricks_taken(), &[0, 0, 0]);
    /// ```
    #[must_use]
    pub fn tricks_taken(&self) -> &[u8] {
        &self.taken[..usize::from(self.players)]
    }

    fn deck(&self) -> u64 {
        (1u64 << (u32::from(self.suits) * u32::from(self.ranks))) - 1
    }

    fn suit(&self, card: u8) -> u8 {
        card / self.ranks
    }

    fn suit_mask(&self, suit: u8) -> u64 {
        ((1u64 << self.ranks) - 1) << (u32::from(suit) * u32::from(self.ranks))
    }

    fn to_deal(&self) -> u8 {
        self.players * self.hand
    }

    /// The player to move in the play, and the suit led in this trick if any.
    fn in_trick(&self) -> (usize, Option<u8>) {
        let n = usize::from(self.players);
        let start = self.plays.len() - self.plays.len() % n;
        let k = self.plays.len() - start;
        let led = self
            .plays
            .get(start)
            .filter(|_| k > 0)
            .map(|&c| self.suit(c));
        ((usize::from(self.leader) + k) % n, led)
    }

    fn legal_mask(&self, player: usize) -> u64 {
        let held = self.holding[player];
        match self.in_trick().1 {
            Some(suit) if held & self.suit_mask(suit) != 0 => held & self.suit_mask(suit),
            _ => held,
        }
    }

    /// The suits `player` has shown it lacks (it did not follow them).
    fn voids(&self, player: usize) -> u64 {
        let n = usize::from(self.players);
        let mut voids = 0;
        let mut leader = 0usize;
        for trick in self.plays.chunks(n) {
            let led = self.suit(trick[0]);
            for (k, &card) in trick.iter().enumerate() {
                if (leader + k) % n == player && self.suit(card) != led {
                    voids |= self.suit_mask(led);
                }
            }
            if trick.len() == n {
                leader = (leader + self.winner_offset(trick)) % n;
            }
        }
        voids
    }

    /// The position in a full trick of the card that takes it.
    fn winner_offset(&self, trick: &[u8]) -> usize {
        let led = self.suit(trick[0]);
        let mut best = 0;
        for (k, &c) in trick.iter().enumerate() {
            if self.suit(c) == led && c > trick[best] {
                best = k;
            }
        }
        best
    }

    /// One draw of the cards `player` has not seen; `None` if this draw ran into the
    /// constraints (hand sizes, suits shown void).
    fn draw(&self, player: usize, rng: &mut SplitMix64) -> Option<Tricks> {
        let n = usize::from(self.players);
        let played: u64 = self.plays.iter().fold(0, |m, &c| m | 1 << c);
        let unseen = self.deck() & !self.dealt_to[player] & !played;
        let mut sample = self.clone();
        let mut need = [0usize; MAX_PLAYERS];
        let mut voids = [0u64; MAX_PLAYERS];
        for q in (0..n).filter(|&q| q != player) {
            need[q] = self.holding[q].count_ones() as usize;
            voids[q] = self.voids(q);
            sample.holding[q] = 0;
            sample.dealt_to[q] &= played;
        }
        // The cards not dealt yet, or left over, stay in the stock.
        let mut stock = (unseen.count_ones() as usize).checked_sub(need.iter().sum())?;
        let mut pool: Vec<u8> = cards_of(unseen).collect();
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.below(i + 1));
        }
        for card in pool {
            let bit = 1u64 << card;
            let open = |q: usize| if voids[q] & bit == 0 { need[q] } else { 0 };
            let places = stock + (0..n).map(open).sum::<usize>();
            if places == 0 {
                return None;
            }
            let mut pick = rng.below(places);
            if pick < stock {
                stock -= 1;
                continue;
            }
            pick -= stock;
            let taker = (0..n).find(|&q| {
                let k = open(q);
                if pick < k {
                    return true;
                }
                pick -= k;
                false
            });
            if let Some(q) = taker {
                need[q] -= 1;
                sample.holding[q] |= bit;
                sample.dealt_to[q] |= bit;
            }
        }
        Some(sample)
    }
}

impl GeneralGame for Tricks {
    type Move = u8;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        usize::from(self.players)
    }

    fn turn(&self) -> Turn {
        if self.dealt < self.to_deal() {
            Turn::Chance
        } else if self.plays.len() >= usize::from(self.to_deal()) {
            Turn::Over
        } else {
            Turn::Player(self.in_trick().0)
        }
    }

    fn moves(&self, moves: &mut Vec<u8>) {
        if let Turn::Player(p) = self.turn() {
            moves.extend(cards_of(self.legal_mask(p)));
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            let dealt: u64 = self.dealt_to.iter().fold(0, |m, &h| m | h);
            let left = self.deck() & !dealt;
            let p = 1.0 / f64::from(left.count_ones());
            outcomes.extend(cards_of(left).map(|c| (c, p)));
        }
    }

    /// Deals or plays `card`; a card that cannot be dealt or played here is ignored.
    fn apply(&mut self, card: u8) {
        let bit = 1u64.checked_shl(u32::from(card)).unwrap_or(0);
        match self.turn() {
            Turn::Chance => {
                let dealt: u64 = self.dealt_to.iter().fold(0, |m, &h| m | h);
                if self.deck() & !dealt & bit != 0 {
                    let to = usize::from(self.dealt % self.players);
                    self.dealt_to[to] |= bit;
                    self.holding[to] |= bit;
                    self.dealt += 1;
                }
            }
            Turn::Player(p) if self.legal_mask(p) & bit != 0 => {
                self.holding[p] &= !bit;
                self.plays.push(card);
                let n = usize::from(self.players);
                if self.plays.len() % n == 0 {
                    let trick = &self.plays[self.plays.len() - n..];
                    let winner = (usize::from(self.leader) + self.winner_offset(trick)) % n;
                    self.taken[winner] += 1;
                    self.leader = winner as u8;
                }
            }
            _ => {}
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let share = f64::from(self.hand) / f64::from(self.players);
        for (r, &t) in rewards.iter_mut().zip(self.tricks_taken()) {
            *r = f64::from(t) - share;
        }
    }

    fn reward_range(&self) -> (f64, f64) {
        let share = f64::from(self.hand) / f64::from(self.players);
        (-share, f64::from(self.hand) - share)
    }
}

impl ImperfectInfo for Tricks {
    type InfoKey = TricksInfo;

    fn info_key(&self, player: usize) -> TricksInfo {
        TricksInfo {
            hand: self
                .dealt_to
                .get(player)
                .map_or_else(Vec::new, |&m| cards_of(m).collect()),
            dealt: self.dealt,
            plays: self.plays.clone(),
        }
    }

    /// The cards `player` has not seen shared out again among the other players and the
    /// stock, each player keeping its number of cards and never getting a suit it has
    /// shown it lacks (drawn again up to 64 times when the constraints block a draw,
    /// then the state itself).
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        if player >= usize::from(self.players) {
            return self.clone();
        }
        (0..SAMPLE_TRIES)
            .find_map(|_| self.draw(player, rng))
            .unwrap_or_else(|| self.clone())
    }
}

const SUIT_NAMES: [char; 4] = ['S', 'H', 'D', 'C'];

impl Tricks {
    fn write_card(&self, f: &mut fmt::Formatter<'_>, card: u8) -> fmt::Result {
        let suit = SUIT_NAMES[usize::from(self.suit(card)).min(3)];
        write!(f, "{suit}{}", card % self.ranks + 1)
    }
}

impl fmt::Display for Tricks {
    /// Each player's cards in hand, then the cards played, trick by trick (a card is its
    /// suit letter, S H D C, and its rank from 1).
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut game = games::Tricks::new(3, 2, 3, 1).unwrap();
    /// for card in [2, 4, 0, 2] {
    ///     game.apply(card);
    /// }
    /// assert_eq!(game.to_string(), "0: - | 1: H2 | 2: S1 | played S3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in 0..usize::from(self.players) {
            if p > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{p}:")?;
            if self.holding[p] == 0 {
                f.write_str(" -")?;
            }
            for c in cards_of(self.holding[p]) {
                f.write_str(" ")?;
                self.write_card(f, c)?;
            }
        }
        f.write_str(" | played")?;
        let n = usize::from(self.players);
        for (i, &c) in self.plays.iter().enumerate() {
            f.write_str(if i > 0 && i % n == 0 { " /" } else { "" })?;
            f.write_str(" ")?;
            self.write_card(f, c)?;
        }
        Ok(())
    }
}
