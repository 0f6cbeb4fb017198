//! Leduc hold'em (Southey et al. 2005): a two-round poker small enough to solve exactly.

use core::fmt;

use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};

/// No card yet.
const NONE: u8 = u8::MAX;
/// The most actions one betting round can have (`c r r c`).
const ROUND_ACTIONS: usize = 4;
/// The raise size of each round.
const RAISE: [u8; 2] = [2, 4];
/// The most raises (the first bet included) per round.
const MAX_RAISES: u8 = 2;

/// Leduc hold'em for two players: six cards (jack, queen and king in two suits; card `c`
/// has rank `c / 2`), an ante of 1 each, a private card each, a betting round, a public
/// card, and a second betting round.
///
/// Chance deals player 0's card, then player 1's, and after the first round the public
/// card (each remaining card equally likely). In each round player 0 acts first; a player
/// may call ([`Leduc::CALL`]: check, or match the other's stake), raise ([`Leduc::RAISE`]:
/// by 2 in the first round and 4 in the second, at most two raises a round, the first bet
/// included) or, facing a raise only, fold ([`Leduc::FOLD`]: the other player wins what the
/// folder put in). A round ends when a call follows another action. At the showdown a
/// private card that pairs the public card wins, otherwise the higher rank; equal ranks
/// split the pot. Rewards: what a player wins or loses, zero-sum, at most 13 either way.
///
/// A player sees their own card, the public card once dealt, and every action: the key is
/// [`LeducInfo`]. There are 936 information sets (468 per player) and 5,520 ways a game
/// can end.
///
/// ```
/// use games::Leduc;
/// use search_core::{GeneralGame, Turn};
///
/// let mut game = Leduc::new();
/// game.apply(0); // player 0: a jack
/// game.apply(4); // player 1: a king
/// game.apply(Leduc::RAISE);
/// game.apply(Leduc::CALL); // first round over: 3 each in the pot
/// game.apply(1); // the public card: the other jack
/// game.apply(Leduc::CALL);
/// game.apply(Leduc::CALL);
/// assert_eq!(game.turn(), Turn::Over);
/// let mut rewards = [0.0; 2];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [3.0, -3.0]); // the pair of jacks beats the king
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leduc {
    private: [u8; 2],
    public: u8,
    /// The actions of each round.
    actions: [[u8; ROUND_ACTIONS]; 2],
    len: [u8; 2],
    round: u8,
    stake: [u8; 2],
    raises: u8,
    folded: Option<u8>,
    showdown: bool,
}

/// What a player of [`Leduc`] knows: their own card, the public card once dealt, and the
/// actions of each round. `Display`: `Qs`/`Qh`-style cards (suits `s` and `h`), the public
/// card or `-`, and each round's actions (`f` fold, `c` call, `r` raise): `Ks Jh rc:c`.
///
/// ```
/// use games::Leduc;
/// use search_core::{GeneralGame, ImperfectInfo};
/// let mut g = Leduc::new();
/// g.apply(5);
/// g.apply(2);
/// g.apply(Leduc::CALL);
/// let key = g.info_key(1);
/// assert_eq!(key.to_string(), "Qs - c");
/// assert_eq!((key.card(), key.public_card(), key.actions(0)), (Some(2), None, &[1][..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LeducInfo {
    card: Option<u8>,
    public: Option<u8>,
    actions: [[u8; ROUND_ACTIONS]; 2],
    len: [u8; 2],
}

impl LeducInfo {
    /// The player's card (`0..6`), once dealt.
    ///
    /// See [`LeducInfo`] for an example.
    #[must_use]
    pub fn card(&self) -> Option<u8> {
        self.card
    }

    /// The public card, once dealt.
    ///
    /// See [`LeducInfo`] for an example.
    #[must_use]
    pub fn public_card(&self) -> Option<u8> {
        self.public
    }

    /// The actions of betting round `round` (`0` or `1`; empty for any other).
    ///
    /// See [`LeducInfo`] for an example.
    #[must_use]
    pub fn actions(&self, round: usize) -> &[u8] {
        match round {
            0 | 1 => &self.actions[round][..usize::from(self.len[round])],
            _ => &[],
        }
    }
}

fn card_name(card: Option<u8>) -> String {
    match card {
        Some(c) if c < 6 => {
            let rank = ['J', 'Q', 'K'][usize::from(c / 2)];
            let suit = if c % 2 == 0 { 's' } else { 'h' };
            format!("{rank}{suit}")
        }
        _ => "-".into(),
    }
}

fn write_actions(f: &mut fmt::Formatter<'_>, rounds: [&[u8]; 2]) -> fmt::Result {
    for (round, actions) in rounds.into_iter().enumerate() {
        if round == 1 && !actions.is_empty() {
            f.write_str(":")?;
        }
        for &a in actions {
            f.write_str(match a {
                Leduc::FOLD => "f",
                Leduc::CALL => "c",
                _ => "r",
            })?;
        }
    }
    Ok(())
}

impl fmt::Display for LeducInfo {
    /// See [`LeducInfo`].
    ///
    /// ```
    /// use search_core::ImperfectInfo;
    /// assert_eq!(games::Leduc::new().info_key(0).to_string(), "- - ");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", card_name(self.card), card_name(self.public))?;
        write_actions(f, [self.actions(0), self.actions(1)])
    }
}

impl Default for Leduc {
    fn default() -> Self {
        Self::new()
    }
}

impl Leduc {
    /// Gives up the hand (only when facing a raise).
    pub const FOLD: u8 = 0;
    /// Checks, or calls the other player's raise.
    pub const CALL: u8 = 1;
    /// Bets or raises (2 in the first round, 4 in the second).
    pub const RAISE: u8 = 2;

    /// A new game: antes paid, no card dealt yet (chance is to move).
    ///
    /// ```
    /// use search_core::{GeneralGame, Turn};
    /// assert_eq!(games::Leduc::new().turn(), Turn::Chance);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Leduc {
            private: [NONE; 2],
            public: NONE,
            actions: [[0; ROUND_ACTIONS]; 2],
            len: [0; 2],
            round: 0,
            stake: [1; 2],
            raises: 0,
            folded: None,
            showdown: false,
        }
    }

    /// Player `player`'s private card (`0..6`), once dealt.
    ///
    /// ```
    /// use search_core::GeneralGame;
    /// let mut g = games::Leduc::new();
    /// g.apply(3);
    /// assert_eq!((g.card(0), g.card(1)), (Some(3), None));
    /// ```
    #[must_use]
    pub fn card(&self, player: usize) -> Option<u8> {
        self.private.get(player).copied().filter(|&c| c != NONE)
    }

    /// The public card, once dealt.
    ///
    /// ```
    /// assert_eq!(games::Leduc::new().public_card(), None);
    /// ```
    #[must_use]
    pub fn public_card(&self) -> Option<u8> {
        (self.public != NONE).then_some(self.public)
    }

    fn round_len(&self) -> usize {
        usize::from(self.len[usize::from(self.round)])
    }

    fn cards_dealt(&self) -> usize {
        self.private.iter().filter(|&&c| c != NONE).count() + usize::from(self.public != NONE)
    }

    fn is_dealt(&self, card: u8) -> bool {
        self.private.contains(&card) || self.public == card
    }

    fn over(&self) -> bool {
        self.folded.is_some() || self.showdown
    }

    fn mover(&self) -> usize {
        self.round_len() % 2
    }

    /// Player 0's reward at the end.
    fn result(&self) -> f64 {
        if let Some(folder) = self.folded {
            let lost = f64::from(self.stake[usize::from(folder)]);
            return if folder == 0 { -lost } else { lost };
        }
        let strength = |card: u8| {
            let rank = card / 2;
            if rank == self.public / 2 {
                3 + rank
            } else {
                rank
            }
        };
        let (a, b) = (strength(self.private[0]), strength(self.private[1]));
        let stake = f64::from(self.stake[0]);
        match a.cmp(&b) {
            core::cmp::Ordering::Greater => stake,
            core::cmp::Ordering::Less => -stake,
            core::cmp::Ordering::Equal => 0.0,
        }
    }
}

impl GeneralGame for Leduc {
    type Move = u8;

    const REWARD_SUM: Option<f64> = Some(0.0);

    fn player_count(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.over() {
            Turn::Over
        } else if self.card(1).is_none() || (self.round == 1 && self.public == NONE) {
            Turn::Chance
        } else {
            Turn::Player(self.mover())
        }
    }

    fn moves(&self, moves: &mut Vec<u8>) {
        if let Turn::Player(p) = self.turn() {
            if self.stake[p] < self.stake[1 - p] {
                moves.push(Leduc::FOLD);
            }
            moves.push(Leduc::CALL);
            if self.raises < MAX_RAISES {
                moves.push(Leduc::RAISE);
            }
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            let p = 1.0 / (6 - self.cards_dealt()) as f64;
            outcomes.extend((0..6).filter(|&c| !self.is_dealt(c)).map(|c| (c, p)));
        }
    }

    /// Deals `mv` as the next card at a chance node, or plays the action `mv`. A move
    /// that is not legal in the state is ignored.
    ///
    /// ```
    /// use games::Leduc;
    /// use search_core::GeneralGame;
    /// let mut g = Leduc::new();
    /// g.apply(0);
    /// g.apply(1);
    /// let before = g;
    /// g.apply(Leduc::FOLD); // nothing to fold against yet
    /// assert_eq!(g, before);
    /// ```
    fn apply(&mut self, mv: u8) {
        match self.turn() {
            Turn::Chance => {
                if mv >= 6 || self.is_dealt(mv) {
                } else if self.private[0] == NONE {
                    self.private[0] = mv;
                } else if self.private[1] == NONE {
                    self.private[1] = mv;
                } else {
                    self.public = mv;
                }
            }
            Turn::Player(p) => {
                let other = 1 - p;
                let round = usize::from(self.round);
                let legal = match mv {
                    Leduc::FOLD => self.stake[p] < self.stake[other],
                    Leduc::CALL => true,
                    Leduc::RAISE => self.raises < MAX_RAISES,
                    _ => false,
                };
                if !legal {
                    return;
                }
                self.actions[round][self.round_len()] = mv;
                self.len[round] += 1;
                match mv {
                    Leduc::FOLD => self.folded = Some(p as u8),
                    Leduc::CALL => {
                        self.stake[p] = self.stake[other];
                        if self.len[round] >= 2 {
                            if self.round == 0 {
                                self.round = 1;
                                self.raises = 0;
                            } else {
                                self.showdown = true;
                            }
                        }
                    }
                    _ => {
                        self.stake[p] = self.stake[other] + RAISE[round];
                        self.raises += 1;
                    }
                }
            }
            Turn::Over => {}
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let first = if self.over() { self.result() } else { 0.0 };
        rewards[0] = first;
        rewards[1] = -first;
    }

    fn reward_range(&self) -> (f64, f64) {
        (-13.0, 13.0)
    }
}

impl ImperfectInfo for Leduc {
    type InfoKey = LeducInfo;

    fn info_key(&self, player: usize) -> LeducInfo {
        LeducInfo {
            card: self.card(player),
            public: self.public_card(),
            actions: self.actions,
            len: self.len,
        }
    }

    /// The other player's card, when dealt, is drawn from the cards that are neither
    /// `player`'s nor the public card.
    ///
    /// ```
    /// use games::Leduc;
    /// use search_core::{GeneralGame, ImperfectInfo, SplitMix64};
    /// let mut g = Leduc::new();
    /// g.apply(0);
    /// g.apply(1);
    /// let s = g.sample_state(1, &mut SplitMix64::new(3));
    /// assert_eq!(s.card(1), Some(1));
    /// assert!(matches!(s.card(0), Some(0 | 2..=5)));
    /// ```
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        let mut sample = *self;
        if player < 2 && self.card(0).is_some() && self.card(1).is_some() {
            let own = self.private[player];
            let free = |c: &u8| *c != own && *c != self.public;
            let count = (0..6).filter(free).count();
            let pick = rng.below(count);
            if let Some(card) = (0..6).filter(free).nth(pick) {
                sample.private[1 - player] = card;
            }
        }
        sample
    }
}

impl fmt::Display for Leduc {
    /// The private cards, the public card (`-` before it is dealt), and each round's
    /// actions: `Js Kh Jh rc:cc`.
    ///
    /// ```
    /// assert_eq!(games::Leduc::new().to_string(), "- - - ");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} ",
            card_name(self.card(0)),
            card_name(self.card(1)),
            card_name(self.public_card())
        )?;
        write_actions(
            f,
            [
                &self.actions[0][..usize::from(self.len[0])],
                &self.actions[1][..usize::from(self.len[1])],
            ],
        )
    }
}
