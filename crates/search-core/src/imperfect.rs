//! Games with hidden information: [`ImperfectInfo`] adds to a [`GeneralGame`] what each
//! player knows (an information-state key), and a way to draw a full state consistent with
//! what a player has seen (a determinization). [`PerfectInfo`] turns any `GeneralGame` into
//! one, where every player knows everything.
//!
//! # Simultaneous moves
//! There is no separate kind of node for moves made at once. A simultaneous move is
//! modelled as sequential moves whose earlier choices are hidden: the players choose one
//! after the other, and the information state of a later chooser does not include what the
//! earlier ones chose this round (it includes it once the round is revealed). For the
//! equilibrium solvers this is exactly the same game, and it keeps one kind of player node
//! for every engine. A game of rounds of simultaneous moves can be written as a
//! [`SimultaneousGame`] (a joint move per round), which [`Sequential`] plays this way, and
//! which exact solvers of matrix games can read round by round.

use core::fmt::Debug;
use core::hash::Hash;

use crate::general::{GeneralGame, Turn};
use crate::rng::SplitMix64;

/// A [`GeneralGame`] whose players observe only part of the state: cards in hand, a hidden
/// die, an opponent's simultaneous choice.
///
/// An *information set* of player `p` is the set of states among which `p` cannot tell:
/// those with the same [`info_key`](ImperfectInfo::info_key)`(p)`. Strategies are
/// functions of information sets, not of states.
///
/// # Contract
/// * `info_key(p)` depends only on what `p` has observed; two states where `p` is to move
///   with equal keys have the same legal [`moves`](GeneralGame::moves), in the same order
///   (a player cannot see more in the moves than in the key). The key includes everything
///   `p` has seen and done so far (perfect recall): `p`'s own earlier moves in particular.
/// * [`sample_state`](ImperfectInfo::sample_state)`(p, rng)` returns a state with the same
///   key for `p` and the same turn, drawn with `rng` (the same generator state gives the
///   same sample). Any consistent state is allowed; the draw need not follow the true
///   posterior, which depends on the other players' strategies.
///
/// The conformance checker (feature `testing`, `Conformance::check_imperfect`) verifies
/// this on random games.
///
/// # Example: one card each, whoever holds the higher wins
/// ```
/// use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};
///
/// /// Each player gets a card 0..3 (dealt by chance, no repeats); player 0 may
/// /// fold (move 0, loses 1) or play on (move 1): the higher card wins 2.
/// #[derive(Clone, Debug, PartialEq)]
/// struct HighCard { cards: Vec<u8>, folded: Option<bool> }
///
/// impl GeneralGame for HighCard {
///     type Move = u8;
///     const REWARD_SUM: Option<f64> = Some(0.0);
///     fn player_count(&self) -> usize { 2 }
///     fn turn(&self) -> Turn {
///         if self.cards.len() < 2 { Turn::Chance }
///         else if self.folded.is_none() { Turn::Player(0) }
///         else { Turn::Over }
///     }
///     fn moves(&self, m: &mut Vec<u8>) {
///         if self.turn() == Turn::Player(0) { m.extend([0, 1]) }
///     }
///     fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
///         if self.turn() == Turn::Chance {
///             let left: Vec<u8> = (0..3).filter(|c| !self.cards.contains(c)).collect();
///             let p = 1.0 / left.len() as f64;
///             o.extend(left.into_iter().map(|c| (c, p)));
///         }
///     }
///     fn apply(&mut self, mv: u8) {
///         if self.turn() == Turn::Chance { self.cards.push(mv) } else { self.folded = Some(mv == 0) }
///     }
///     fn rewards(&self, r: &mut [f64]) {
///         let first = match self.folded {
///             Some(true) => -1.0,
///             _ if self.cards[0] > self.cards[1] => 2.0,
///             _ => -2.0,
///         };
///         r[0] = first;
///         r[1] = -first;
///     }
///     fn reward_range(&self) -> (f64, f64) { (-2.0, 2.0) }
/// }
///
/// impl ImperfectInfo for HighCard {
///     type InfoKey = Option<u8>; // a player knows their own card only
///     fn info_key(&self, player: usize) -> Option<u8> { self.cards.get(player).copied() }
///     fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
///         let mut s = self.clone();
///         if s.cards.len() == 2 {
///             let other = 1 - player;
///             let left: Vec<u8> = (0..3).filter(|&c| c != s.cards[player]).collect();
///             s.cards[other] = left[rng.below(left.len())];
///         }
///         s
///     }
/// }
///
/// let mut game = HighCard { cards: vec![], folded: None };
/// game.apply(2);
/// game.apply(0);
/// assert_eq!(game.info_key(0), Some(2));
/// let guess = game.sample_state(0, &mut SplitMix64::new(7));
/// assert_eq!(guess.info_key(0), Some(2)); // player 0 still holds 2; player 1's card is drawn
/// ```
pub trait ImperfectInfo: GeneralGame {
    /// What a player knows: equal keys of one player are one information set.
    type InfoKey: Clone + Eq + Hash + Debug;

    /// The information state of `player` (`0..player_count()`) in this state.
    fn info_key(&self, player: usize) -> Self::InfoKey;

    /// A state `player` cannot tell from this one (same [`info_key`](ImperfectInfo::info_key)
    /// for `player`, same turn), drawn with `rng`.
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self;
}

/// Any [`GeneralGame`] as an [`ImperfectInfo`] game in which every player sees everything:
/// the information state of every player is the sequence of moves and chance outcomes so
/// far, which in a game tree names one node (an information set of one state), and a
/// sample is the state itself.
///
/// ```
/// use search_core::{GeneralGame, ImperfectInfo, PerfectInfo, SplitMix64};
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Nim { stones: u32, to_move: Player }
/// # impl Game for Nim {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
/// #     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
/// #     fn outcome(&self) -> Outcome {
/// #         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
/// #     }
/// # }
/// let mut game = PerfectInfo::new(Nim { stones: 3, to_move: Player::First });
/// game.apply(1);
/// assert_eq!(game.info_key(0), vec![1]);
/// assert_eq!(game.info_key(1), vec![1]);
/// assert_eq!(game.sample_state(1, &mut SplitMix64::new(1)), game);
/// assert_eq!(game.state().stones, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PerfectInfo<G: GeneralGame> {
    state: G,
    history: Vec<G::Move>,
}

impl<G: GeneralGame> PerfectInfo<G> {
    /// Wraps `state` as the start of the game (an empty history).
    ///
    /// ```
    /// # use search_core::{GeneralGame, PerfectInfo, Turn};
    /// # #[derive(Clone)] struct One;
    /// # impl GeneralGame for One {
    /// #   type Move = u8;
    /// #   fn player_count(&self) -> usize { 1 }
    /// #   fn turn(&self) -> Turn { Turn::Over }
    /// #   fn moves(&self, _: &mut Vec<u8>) {}
    /// #   fn apply(&mut self, _: u8) {}
    /// #   fn rewards(&self, r: &mut [f64]) { r[0] = 0.0 }
    /// # }
    /// let game = PerfectInfo::new(One);
    /// assert!(game.history().is_empty());
    /// ```
    #[must_use]
    pub fn new(state: G) -> Self {
        PerfectInfo {
            state,
            history: Vec::new(),
        }
    }

    /// The wrapped state.
    ///
    /// See [`PerfectInfo`] for an example.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The moves and chance outcomes played since [`new`](PerfectInfo::new).
    ///
    /// See [`new`](PerfectInfo::new) for an example.
    #[must_use]
    pub fn history(&self) -> &[G::Move] {
        &self.history
    }
}

impl<G: GeneralGame> GeneralGame for PerfectInfo<G> {
    type Move = G::Move;

    const REWARD_SUM: Option<f64> = G::REWARD_SUM;

    fn player_count(&self) -> usize {
        self.state.player_count()
    }

    fn turn(&self) -> Turn {
        self.state.turn()
    }

    fn moves(&self, moves: &mut Vec<Self::Move>) {
        self.state.moves(moves);
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(Self::Move, f64)>) {
        self.state.chance_outcomes(outcomes);
    }

    fn apply(&mut self, mv: Self::Move) {
        self.state.apply(mv);
        self.history.push(mv);
    }

    fn rewards(&self, rewards: &mut [f64]) {
        self.state.rewards(rewards);
    }

    fn reward_range(&self) -> (f64, f64) {
        self.state.reward_range()
    }

    fn state_key(&self) -> Option<u64> {
        self.state.state_key()
    }
}

impl<G: GeneralGame> ImperfectInfo for PerfectInfo<G> {
    type InfoKey = Vec<G::Move>;

    fn info_key(&self, _player: usize) -> Vec<G::Move> {
        self.history.clone()
    }

    fn sample_state(&self, _player: usize, _rng: &mut SplitMix64) -> Self {
        self.clone()
    }
}

impl<G: GeneralGame + core::fmt::Display> core::fmt::Display for PerfectInfo<G> {
    /// The wrapped state's `Display`.
    ///
    /// ```
    /// # use search_core::{GeneralGame, PerfectInfo, Turn};
    /// # #[derive(Clone)] struct One;
    /// # impl GeneralGame for One {
    /// #   type Move = u8;
    /// #   fn player_count(&self) -> usize { 1 }
    /// #   fn turn(&self) -> Turn { Turn::Over }
    /// #   fn moves(&self, _: &mut Vec<u8>) {}
    /// #   fn apply(&mut self, _: u8) {}
    /// #   fn rewards(&self, r: &mut [f64]) { r[0] = 0.0 }
    /// # }
    /// # impl std::fmt::Display for One {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("one") }
    /// # }
    /// assert_eq!(PerfectInfo::new(One).to_string(), "one");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.state.fmt(f)
    }
}

/// A game of simultaneous moves: in every round, each player chooses a move without seeing
/// the others' choices, then the joint move is applied and everyone sees it. No chance.
///
/// Exact solvers of such games (`adversarial::SimultaneousSolver`) solve the matrix game of
/// every round. Every other engine for hidden information plays it as a [`Sequential`]
/// game: the players choose one after the other, the later ones not seeing the earlier
/// choices of the round.
///
/// # Contract
/// While the game is not over, [`moves_of`](SimultaneousGame::moves_of) appends at least
/// one move, without repeats, for every player; [`apply_joint`](SimultaneousGame::apply_joint)
/// takes one of them per player, in player order; [`rewards`](SimultaneousGame::rewards)
/// fills one reward per player at the end, within
/// [`reward_range`](SimultaneousGame::reward_range), adding up to
/// [`REWARD_SUM`](SimultaneousGame::REWARD_SUM) when it is declared; every game ends.
///
/// ```
/// use search_core::SimultaneousGame;
///
/// /// Rock (0), paper (1), scissors (2), once.
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Rps { played: Option<[u8; 2]> }
///
/// impl SimultaneousGame for Rps {
///     type Move = u8;
///     const REWARD_SUM: Option<f64> = Some(0.0);
///     fn player_count(&self) -> usize { 2 }
///     fn is_over(&self) -> bool { self.played.is_some() }
///     fn moves_of(&self, _player: usize, moves: &mut Vec<u8>) {
///         if !self.is_over() { moves.extend([0, 1, 2]) }
///     }
///     fn apply_joint(&mut self, joint: &[u8]) { self.played = Some([joint[0], joint[1]]) }
///     fn rewards(&self, r: &mut [f64]) {
///         let [a, b] = self.played.unwrap_or([0, 0]);
///         r[0] = match (3 + a - b) % 3 { 0 => 0.0, 1 => 1.0, _ => -1.0 };
///         r[1] = -r[0];
///     }
/// }
///
/// let mut game = Rps { played: None };
/// game.apply_joint(&[1, 0]); // paper covers rock
/// let mut r = [0.0; 2];
/// game.rewards(&mut r);
/// assert_eq!(r, [1.0, -1.0]);
/// ```
pub trait SimultaneousGame: Clone {
    /// A move of one player in one round.
    type Move: Copy + Eq + Hash + Debug;

    /// `Some(s)` if the rewards always add up to `s` (`Some(0.0)`: zero-sum).
    const REWARD_SUM: Option<f64> = None;

    /// The number of players, at least 1.
    fn player_count(&self) -> usize;

    /// `true` once the game is over.
    fn is_over(&self) -> bool;

    /// Appends the moves `player` may choose in this round (nothing once the game is over).
    fn moves_of(&self, player: usize, moves: &mut Vec<Self::Move>);

    /// Plays one round: `joint[p]` is player `p`'s move.
    fn apply_joint(&mut self, joint: &[Self::Move]);

    /// Writes every player's reward when the game is over.
    fn rewards(&self, rewards: &mut [f64]);

    /// The smallest and largest reward; the default is `(-1.0, 1.0)`.
    fn reward_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

/// A [`SimultaneousGame`] played as an [`ImperfectInfo`] game: in each round the players
/// choose in turn, player 0 first, and a player's key holds the rounds played so far and
/// its own choice of this round, never the others' choices of this round (those are
/// revealed together when the round is applied). Equilibria of this game are the
/// equilibria of the simultaneous game.
///
/// ```
/// use search_core::{GeneralGame, ImperfectInfo, Sequential, SimultaneousGame, Turn};
/// # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// # struct Rps { played: Option<[u8; 2]> }
/// # impl SimultaneousGame for Rps {
/// #     type Move = u8;
/// #     const REWARD_SUM: Option<f64> = Some(0.0);
/// #     fn player_count(&self) -> usize { 2 }
/// #     fn is_over(&self) -> bool { self.played.is_some() }
/// #     fn moves_of(&self, _p: usize, m: &mut Vec<u8>) { if !self.is_over() { m.extend([0, 1, 2]) } }
/// #     fn apply_joint(&mut self, j: &[u8]) { self.played = Some([j[0], j[1]]) }
/// #     fn rewards(&self, r: &mut [f64]) {
/// #         let [a, b] = self.played.unwrap_or([0, 0]);
/// #         r[0] = match (3 + a - b) % 3 { 0 => 0.0, 1 => 1.0, _ => -1.0 };
/// #         r[1] = -r[0];
/// #     }
/// # }
/// let mut game = Sequential::new(Rps { played: None });
/// let before = game.info_key(1);
/// game.apply(2); // player 0 chooses scissors
/// assert_eq!(game.turn(), Turn::Player(1));
/// assert_eq!(game.info_key(1), before.clone()); // player 1 has seen nothing new
/// assert_ne!(game.info_key(0), game.info_key(1));
/// game.apply(0); // player 1 chooses rock: the round is played
/// assert_eq!(game.turn(), Turn::Over);
/// assert_eq!(game.state().played, Some([2, 0]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sequential<G: SimultaneousGame> {
    state: G,
    /// The choices made so far in this round, in player order.
    pending: Vec<G::Move>,
    /// Every joint move played, one after the other.
    rounds: Vec<G::Move>,
}

impl<G: SimultaneousGame> Sequential<G> {
    /// The game `state`, at the start of a round.
    ///
    /// See [`Sequential`] for an example.
    #[must_use]
    pub fn new(state: G) -> Self {
        Sequential {
            state,
            pending: Vec::new(),
            rounds: Vec::new(),
        }
    }

    /// The simultaneous game (as of the last round played).
    ///
    /// See [`Sequential`] for an example.
    #[must_use]
    pub fn state(&self) -> &G {
        &self.state
    }
}

/// What a player of a [`Sequential`] game knows: every joint move played so far (in
/// player order, round after round), and its own choice in this round, if made.
///
/// ```
/// use search_core::SequentialKey;
/// // After a round in which player 0 played 2 and player 1 played 0, player 0 has chosen
/// // 1 in the next round:
/// let key: SequentialKey<u8> = (vec![2, 0], Some(1));
/// assert_eq!(key.0.len(), 2);
/// ```
pub type SequentialKey<M> = (Vec<M>, Option<M>);

impl<G: SimultaneousGame> GeneralGame for Sequential<G> {
    type Move = G::Move;

    const REWARD_SUM: Option<f64> = G::REWARD_SUM;

    fn player_count(&self) -> usize {
        self.state.player_count()
    }

    fn turn(&self) -> Turn {
        if self.state.is_over() {
            Turn::Over
        } else {
            Turn::Player(self.pending.len())
        }
    }

    fn moves(&self, moves: &mut Vec<Self::Move>) {
        if let Turn::Player(p) = self.turn() {
            self.state.moves_of(p, moves);
        }
    }

    fn apply(&mut self, mv: Self::Move) {
        if self.state.is_over() {
            return;
        }
        self.pending.push(mv);
        if self.pending.len() >= self.state.player_count() {
            self.state.apply_joint(&self.pending);
            self.rounds.append(&mut self.pending);
        }
    }

    fn rewards(&self, rewards: &mut [f64]) {
        self.state.rewards(rewards);
    }

    fn reward_range(&self) -> (f64, f64) {
        self.state.reward_range()
    }
}

impl<G: SimultaneousGame> ImperfectInfo for Sequential<G> {
    type InfoKey = SequentialKey<G::Move>;

    fn info_key(&self, player: usize) -> Self::InfoKey {
        (self.rounds.clone(), self.pending.get(player).copied())
    }

    /// The other players' choices of this round drawn again (uniformly from their moves).
    fn sample_state(&self, player: usize, rng: &mut SplitMix64) -> Self {
        let mut sample = self.clone();
        let mut moves = Vec::new();
        for (p, choice) in sample.pending.iter_mut().enumerate() {
            if p != player {
                moves.clear();
                self.state.moves_of(p, &mut moves);
                if !moves.is_empty() {
                    *choice = moves[rng.below(moves.len())];
                }
            }
        }
        sample
    }
}

impl<G: SimultaneousGame + core::fmt::Display> core::fmt::Display for Sequential<G> {
    /// The game's `Display`, and the number of choices made in this round.
    ///
    /// ```
    /// # use search_core::{Sequential, SimultaneousGame};
    /// # #[derive(Clone)] struct Done;
    /// # impl SimultaneousGame for Done {
    /// #   type Move = u8;
    /// #   fn player_count(&self) -> usize { 2 }
    /// #   fn is_over(&self) -> bool { true }
    /// #   fn moves_of(&self, _: usize, _: &mut Vec<u8>) {}
    /// #   fn apply_joint(&mut self, _: &[u8]) {}
    /// #   fn rewards(&self, r: &mut [f64]) { r.fill(0.0) }
    /// # }
    /// # impl std::fmt::Display for Done {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("done") }
    /// # }
    /// assert_eq!(Sequential::new(Done).to_string(), "done (0 chosen this round)");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} ({} chosen this round)",
            self.state,
            self.pending.len()
        )
    }
}
