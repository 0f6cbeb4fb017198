//! Games beyond two alternating players without chance: [`GeneralGame`] describes a game of
//! any number of players, with chance nodes (dice, shuffled cards) and a reward for every
//! player at the end. Every two-player [`Game`] is a `GeneralGame` already, through a blanket
//! implementation, so the engines written for general games (expectiminimax, max^n, paranoid
//! and best-reply search in `adversarial`) play the classic games too.

use core::fmt::Debug;
use core::hash::Hash;

use crate::game::{Game, Outcome, Player};

/// Who acts in a state of a [`GeneralGame`].
///
/// ```
/// use search_core::{GeneralGame, Turn};
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone)] struct Done;
/// # impl Game for Done {
/// #   type Move = u8;
/// #   fn to_move(&self) -> Player { Player::Second }
/// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
/// #   fn play(&mut self, _: u8) {}
/// #   fn outcome(&self) -> Outcome { Outcome::Draw }
/// # }
/// // A finished two-player game seen as a general game:
/// assert_eq!(Done.turn(), Turn::Over);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The player with this index (`0..player_count()`) chooses a move.
    Player(usize),
    /// Chance chooses: a die is rolled or a card is drawn, with the probabilities of
    /// [`GeneralGame::chance_outcomes`].
    Chance,
    /// The game is over; [`GeneralGame::rewards`] gives each player's reward.
    Over,
}

/// A game of `N >= 1` players, possibly with chance nodes, a reward per player at the end,
/// and turns in any order (a player may move several times in a row).
///
/// Implement it for a game that [`Game`] cannot describe: dice or cards (a state whose
/// [`turn`](GeneralGame::turn) is [`Turn::Chance`] lists its outcomes with their
/// probabilities), three or more players, or rewards that are not a plain win or loss.
/// A two-player deterministic game should implement [`Game`] instead: it then is a
/// `GeneralGame` too (player 0 is [`Player::First`]; a win is worth `1` to the winner and
/// `-1` to the loser, a draw `0`; zero-sum).
///
/// The method names differ from [`Game`]'s on purpose, so that both traits can be in scope
/// at once without ambiguity.
///
/// # Contract
/// * [`moves`](GeneralGame::moves) appends the legal moves (unique) of the player to move,
///   at least one, exactly when `turn()` is [`Turn::Player`].
/// * [`chance_outcomes`](GeneralGame::chance_outcomes) appends `(outcome, probability)`
///   pairs exactly when `turn()` is [`Turn::Chance`]: unique outcomes, each probability
///   positive, summing to 1 within `1e-9`. Outcomes are played with
///   [`apply`](GeneralGame::apply) like moves.
/// * [`rewards`](GeneralGame::rewards) fills one reward per player when the game is over,
///   each within [`reward_range`](GeneralGame::reward_range). If
///   [`REWARD_SUM`](GeneralGame::REWARD_SUM) is `Some(s)`, the rewards always add up to `s`
///   (zero-sum for `s = 0`); engines prune with it.
///
/// The conformance checker (feature `testing`,
/// `Conformance::check_general`) verifies all
/// of this on random games.
///
/// # Example: a one-player dice game
/// ```
/// use search_core::{GeneralGame, Turn};
///
/// /// Roll a die; then keep it, or roll once more and keep that roll.
/// #[derive(Clone)]
/// struct Reroll { roll: Option<u8>, rerolling: bool, done: bool }
///
/// impl GeneralGame for Reroll {
///     type Move = u8; // 0 = keep, 1 = roll again; 1..=6 = the die's faces
///     fn player_count(&self) -> usize { 1 }
///     fn turn(&self) -> Turn {
///         if self.done { Turn::Over }
///         else if self.roll.is_none() || self.rerolling { Turn::Chance }
///         else { Turn::Player(0) }
///     }
///     fn moves(&self, moves: &mut Vec<u8>) {
///         if self.turn() == Turn::Player(0) { moves.extend([0, 1]) }
///     }
///     fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
///         if self.turn() == Turn::Chance { outcomes.extend((1..=6).map(|face| (face, 1.0 / 6.0))) }
///     }
///     fn apply(&mut self, mv: u8) {
///         match self.turn() {
///             Turn::Chance => {
///                 self.done = self.rerolling;
///                 self.roll = Some(mv);
///             }
///             _ if mv == 0 => self.done = true,
///             _ => self.rerolling = true,
///         }
///     }
///     fn rewards(&self, rewards: &mut [f64]) { rewards[0] = f64::from(self.roll.unwrap_or(0)) }
///     fn reward_range(&self) -> (f64, f64) { (1.0, 6.0) }
/// }
///
/// let mut game = Reroll { roll: None, rerolling: false, done: false };
/// game.apply(2); // the die shows 2
/// assert_eq!(game.turn(), Turn::Player(0));
/// game.apply(1); // roll again
/// game.apply(5);
/// assert_eq!(game.turn(), Turn::Over);
/// let mut rewards = [0.0];
/// game.rewards(&mut rewards);
/// assert_eq!(rewards, [5.0]);
/// ```
pub trait GeneralGame: Clone {
    /// A move of a player, or an outcome of a chance node.
    type Move: Copy + Eq + Hash + Debug;

    /// `Some(s)` if the players' rewards always add up to `s` (`Some(0.0)`: zero-sum).
    /// Engines use it to prune (max^n's shallow pruning); the conformance checker verifies
    /// it. `None` (the default) promises nothing.
    const REWARD_SUM: Option<f64> = None;

    /// The number of players, at least 1.
    fn player_count(&self) -> usize;

    /// Who acts now: a player, chance, or nobody because the game is over.
    fn turn(&self) -> Turn;

    /// Appends the legal moves of the player to move (see the [contract](GeneralGame#contract)).
    fn moves(&self, moves: &mut Vec<Self::Move>);

    /// Appends the outcomes of a chance node with their probabilities. The default appends
    /// nothing, for games without chance.
    fn chance_outcomes(&self, _outcomes: &mut Vec<(Self::Move, f64)>) {}

    /// Plays a move (at a player's turn) or an outcome (at a chance node).
    fn apply(&mut self, mv: Self::Move);

    /// Writes every player's reward into `rewards` (of length
    /// [`player_count`](GeneralGame::player_count)) when the game is over.
    fn rewards(&self, rewards: &mut [f64]);

    /// The smallest and largest reward any player can get; engines that prune need it.
    /// The default is `(-1.0, 1.0)`.
    fn reward_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// A 64-bit key of the state for transposition tables: equal states have equal keys,
    /// and the key includes whose turn it is. `None` (the default) means the game has no
    /// key, and engines search without a table.
    fn state_key(&self) -> Option<u64> {
        None
    }
}

impl<G: Game> GeneralGame for G {
    type Move = G::Move;

    const REWARD_SUM: Option<f64> = Some(0.0);

    #[inline]
    fn player_count(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.outcome().is_over() {
            Turn::Over
        } else {
            Turn::Player(self.to_move().index())
        }
    }

    #[inline]
    fn moves(&self, moves: &mut Vec<Self::Move>) {
        self.legal_moves(moves);
    }

    #[inline]
    fn apply(&mut self, mv: Self::Move) {
        self.play(mv);
    }

    fn rewards(&self, rewards: &mut [f64]) {
        let first = match self.outcome() {
            Outcome::Win(Player::First) => 1.0,
            Outcome::Win(Player::Second) => -1.0,
            Outcome::Draw | Outcome::Ongoing => 0.0,
        };
        rewards[0] = first;
        rewards[1] = -first;
    }
}

/// A [`GeneralGame`] in which any player can be asked to move out of turn, as best-reply
/// search needs (`adversarial::BestReply`): after the root player's move it tries every
/// opponent's replies and plays only the strongest one, then the root player moves again.
///
/// This fits games where a move's legality does not depend on whose turn it is (placing
/// stones, claiming cells, most board games where each player has their own pieces).
///
/// ```
/// use search_core::{GeneralGame, OutOfTurn, Turn};
///
/// /// Three players claim numbers 0..6; whoever holds two adjacent numbers first wins.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Claim { owner: [Option<usize>; 6], to_move: usize, winner: Option<usize> }
///
/// impl Claim {
///     fn claim(&mut self, player: usize, n: u8) {
///         let n = usize::from(n);
///         self.owner[n] = Some(player);
///         let adjacent = (n > 0 && self.owner[n - 1] == Some(player))
///             || (n < 5 && self.owner[n + 1] == Some(player));
///         if adjacent { self.winner = Some(player) }
///     }
/// }
///
/// impl GeneralGame for Claim {
///     type Move = u8;
///     fn player_count(&self) -> usize { 3 }
///     fn turn(&self) -> Turn {
///         if self.winner.is_some() || self.owner.iter().all(Option::is_some) { Turn::Over }
///         else { Turn::Player(self.to_move) }
///     }
///     fn moves(&self, moves: &mut Vec<u8>) { self.moves_of(self.to_move, moves) }
///     fn apply(&mut self, n: u8) { self.claim(self.to_move, n); self.to_move = (self.to_move + 1) % 3 }
///     fn rewards(&self, r: &mut [f64]) {
///         for (p, v) in r.iter_mut().enumerate() { *v = if self.winner == Some(p) { 1.0 } else { 0.0 } }
///     }
///     fn reward_range(&self) -> (f64, f64) { (0.0, 1.0) }
/// }
///
/// impl OutOfTurn for Claim {
///     fn moves_of(&self, _player: usize, moves: &mut Vec<u8>) {
///         if self.turn() != Turn::Over {
///             moves.extend((0..6).filter(|&n| self.owner[usize::from(n)].is_none()));
///         }
///     }
///     fn apply_as(&mut self, player: usize, n: u8, next: usize) {
///         self.claim(player, n);
///         self.to_move = next;
///     }
/// }
///
/// let mut game = Claim { owner: [None; 6], to_move: 0, winner: None };
/// game.apply_as(2, 3, 0); // player 2 claims 3 out of turn; player 0 is to move
/// assert_eq!(game.turn(), Turn::Player(0));
/// ```
pub trait OutOfTurn: GeneralGame {
    /// Appends the moves `player` could make now if it were its turn (nothing once the
    /// game is over).
    fn moves_of(&self, player: usize, moves: &mut Vec<Self::Move>);

    /// Plays `mv` for `player` (a move [`moves_of`](OutOfTurn::moves_of) gave for it), then
    /// gives the turn to player `next`.
    fn apply_as(&mut self, player: usize, mv: Self::Move, next: usize);
}
