//! Kuhn poker (Kuhn 1950): the smallest poker, a classic test of equilibrium solvers.

use core::fmt;

use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};

/// No card yet.
const NONE: u8 = u8::MAX;

/// Kuhn poker for two players: a deck of three cards (jack `0`, queen `1`, king `2`), an
/// ante of 1 each, one card each, and one betting round in which one bet of 1 can be made.
///
/// Chance deals player 0's card, then player 1's (each card of the rest equally likely).
/// Then player 0 passes ([`Kuhn::PASS`], `0`) or bets ([`Kuhn::BET`], `1`); player 1 answers
/// a pass with a pass (showdown for 1) or a bet (player 0 then folds with a pass, losing 1,
/// or calls with a bet: showdown for 2), and a bet with a pass (fold, losing 1) or a bet
/// (call: showdown for 2). At a showdown the higher card wins. Rewards: what a player wins
/// or loses, zero-sum. The value of the game for player 0 is −1/18 (Kuhn 1950).
///
/// A player sees their own card and every action: the key is [`KuhnInfo`]. There are 12
/// information sets, 6 per player, and 30 ways a game can end.
///
/// ```
/// use games::Kuhn;
/// use search_core::{GeneralGame, ImperfectInfo, Turn};
///
/// let mut game = Kuhn::new();
/// game.apply(2); // player 0 gets the king
/// game.apply(0); // player 1 the jack
/// game.apply(Kuhn::BET);
/// game.apply(Kuhn::PASS); // player 1 folds
/// assert_eq!(game.turn(), Turn::Over);
/// let mut rewards = [0.0; 2];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [1.0, -1.0]);
/// assert_eq!(game.info_key(1).to_string(), "J bp");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kuhn {
    cards: [u8; 2],
    actions: [u8; 3],
    len: u8,
}

/// What a player of [`Kuhn`] knows: their own card (once dealt) and the actions so far.
/// `Display`: the card (`J`, `Q`, `K`, or `?` before the deal), a space, and the actions
/// (`p` pass, `b` bet).
///
/// ```
/// use games::{Kuhn, KuhnInfo};
/// let key = KuhnInfo::new(Some(1), &[Kuhn::PASS, Kuhn::BET]).unwrap();
/// assert_eq!(key.to_string(), "Q pb");
/// assert_eq!((key.card(), key.actions()), (Some(1), &[0, 1][..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KuhnInfo {
    card: Option<u8>,
    actions: [u8; 3],
    len: u8,
}

impl KuhnInfo {
    /// The key of a player holding `card` (`0..3`, or `None` before the deal) after
    /// `actions` (at most three, each [`Kuhn::PASS`] or [`Kuhn::BET`]); `None` when one of
    /// them is out of range.
    ///
    /// ```
    /// use games::KuhnInfo;
    /// assert!(KuhnInfo::new(Some(3), &[]).is_none());
    /// assert!(KuhnInfo::new(Some(0), &[0, 1, 1, 0]).is_none());
    /// ```
    #[must_use]
    pub fn new(card: Option<u8>, actions: &[u8]) -> Option<Self> {
        if card.is_some_and(|c| c > 2) || actions.len() > 3 || actions.iter().any(|&a| a > 1) {
            return None;
        }
        let mut key = KuhnInfo {
            card,
            actions: [0; 3],
            len: actions.len() as u8,
        };
        key.actions[..actions.len()].copy_from_slice(actions);
        Some(key)
    }

    /// The player's card, `0..3` (jack, queen, king), once dealt.
    ///
    /// See [`KuhnInfo`] for an example.
    #[must_use]
    pub fn card(&self) -> Option<u8> {
        self.card
    }

    /// The actions so far ([`Kuhn::PASS`] or [`Kuhn::BET`]).
    ///
    /// See [`KuhnInfo`] for an example.
    #[must_use]
    pub fn actions(&self) -> &[u8] {
        &self.actions[..usize::from(self.len)]
    }
}

impl fmt::Display for KuhnInfo {
    /// See [`KuhnInfo`].
    ///
    /// ```
    /// assert_eq!(games::KuhnInfo::new(None, &[]).unwrap().to_string(), "? ");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let card = self.card.map_or('?', card_letter);
        write!(f, "{card} ")?;
        for &a in self.actions() {
            f.write_str(if a == Kuhn::BET { "b" } else { "p" })?;
        }
        Ok(())
    }
}

fn card_letter(card: u8) -> char {
    ['J', 'Q', 'K'][usize::from(card.min(2))]
}

impl Default for Kuhn {
    fn default() -> Self {
        Self::new()
    }
}

impl Kuhn {
    /// The action that passes (checks, or folds when facing a bet).
    pub const PASS: u8 = 0;
    /// The action that bets (or calls a bet).
    pub const BET: u8 = 1;

    /// A new game: no card dealt yet (chance is to move).
    ///
    /// ```
    /// use search_core::{GeneralGame, Turn};
    /// assert_eq!(games::Kuhn::new().turn(), Turn::Chance);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Kuhn {
            cards: [NONE; 2],
            actions: [0; 3],
            len: 0,
        }
    }

    /// Player `player`'s card (`0..3`), once dealt.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut g = games::Kuhn::new();
    /// g.apply(1);
    /// assert_eq!((g.card(0), g.card(1)), (Some(1), None));
    /// ```
    #[must_use]
    pub fn card(&self, player: usize) -> Option<u8> {
        self.cards.get(player).copied().filter(|&c| c != NONE)
    }

    /// The actions so far.
    ///
    /// ```
    /// assert!(games::Kuhn::new().actions().is_empty());
    /// ```
    #[must_use]
    pub fn actions(&self) -> &[u8] {
        &self.actions[..usize::from(self.len)]
    }

    fn dealt(&self) -> usize {
        self.cards.iter().filter(|&&c| c != NONE).count()
    }

    /// `Some(reward of player 0)` once the betting is over.
    fn result(&self) -> Option<f64> {
        let showdown = |stake: f64| {
            if self.cards[0] > self.cards[1] {
                stake
            } else {
                -stake
            }
        };
        match self.actions() {
            [Kuhn::PASS, Kuhn::PASS] => Some(showdown(1.0)),
            [Kuhn::BET, Kuhn::PASS] => Some(1.0),
            [Kuhn::BET, Kuhn::BET] | [Kuhn::PASS, Kuhn::BET, Kuhn::BET] => Some(showdown(2.0)),
            [Kuhn::PASS, Kuhn::BET, Kuhn::PASS] => Some(-1.0),
            _ => None,
        }
    }
}

impl GeneralGame for Kuhn {
    type Move = u8;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.dealt() < 2 {
            Turn::Chance
        } else if self.result().is_some() {
            Turn::Over
        } else {
            Turn::Player(usize::from(self.len % 2))
        }
    }

    fn moves(&self, moves: &mut Vec<u8>) {
        if matches!(self.turn(), Turn::Player(_)) {
            moves.extend([Kuhn::PASS, Kuhn::BET]);
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            let p = 1.0 / (3 - self.dealt()) as f64;
            outcomes.extend((0..3).filter(|c| !self.cards.contains(c)).map(|c| (c, p)));
        }
    }

    /// Deals `mv` as the next card at a chance node, or plays the action `mv`. A move
    /// that is not legal in the state is ignored.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut g = games::Kuhn::new();
    /// g.apply(7); // not a card
    /// assert_eq!(g, games::Kuhn::new());
    /// ```
    fn apply(&mut self, mv: u8) {
        match self.turn() {
            Turn::Chance if mv < 3 && !self.cards.contains(&mv) => {
                let dealt = self.dealt();
                self.cards[dealt] = mv;
            }
            Turn::Player(_) if mv <= Kuhn::BET => {
                self.actions[usize::from(self.len)] = mv;
                self.len += 1;
            }
            _ => {}
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let first = self.result().unwrap_or(0.0);
        rewards[0] = first;
        rewards[1] = -first;
    }

    fn reward_range(&self) -> (f64, f64) {
        (-2.0, 2.0)
    }
}

impl ImperfectInfo for Kuhn {
    type InfoKey = KuhnInfo;

    fn info_key(&self, player: usize) -> KuhnInfo {
        KuhnInfo {
            card: self.card(player),
            actions: self.actions,
            len: self.len,
        }
    }

    /// The other player's card, when dealt, is drawn from the two `player` does not hold.
    ///
    /// ```
    /// use games::Kuhn;
    /// use search_core::{GeneralGame, ImperfectInfo, SplitMix64};
    /// let mut g = Kuhn::new();
    /// g.apply(0);
    /// g.apply(2);
    /// let s = g.sample_state(0, &mut SplitMix64::new(3));
    /// assert_eq!(s.card(0), Some(0));
    /// assert!(matches!(s.card(1), Some(1 | 2)));
    /// ```
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        let mut sample = *self;
        if self.dealt() == 2 && player < 2 {
            let own = self.cards[player];
            let others = [0, 1, 2].into_iter().filter(|&c| c != own);
            let pick = rng.below(2);
            if let Some(card) = others.clone().nth(pick) {
                sample.cards[1 - player] = card;
            }
        }
        sample
    }
}

impl fmt::Display for Kuhn {
    /// The cards (`?` before the deal) and the actions: `K J bp`.
    ///
    /// ```
    /// assert_eq!(games::Kuhn::new().to_string(), "? ? ");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for player in 0..2 {
            let card = self.card(player).map_or('?', card_letter);
            write!(f, "{card} ")?;
        }
        for &a in self.actions() {
            f.write_str(if a == Kuhn::BET { "b" } else { "p" })?;
        }
        Ok(())
    }
}
