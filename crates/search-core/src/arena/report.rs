//! What a match produced: [`GameRecord`] per game and the [`MatchReport`].

use core::fmt;

use crate::game::{Outcome, Player};
use crate::wdl::Wdl;

use super::Tally;

/// One game of a match: who played which colour, how it went, and every move, so that a
/// surprising game can be replayed from the arena's initial state.
///
/// ```
/// use search_core::arena::GameRecord;
/// use search_core::Wdl;
/// use search_core::{Outcome, Player};
/// let r = GameRecord { a_played: Player::First, outcome: Outcome::Win(Player::First),
///                      result: Wdl::Win, opening_plies: 0, moves: vec![1u8, 2],
///                      lost_on_time: None };
/// assert_eq!(r.moves.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord<M> {
    /// The colour strategy `A` played.
    pub a_played: Player,
    /// How the game ended.
    pub outcome: Outcome,
    /// The same, from `A`'s point of view.
    pub result: Wdl,
    /// How many of the first `moves` were the random opening.
    pub opening_plies: u32,
    /// Every move from the initial state, opening included.
    pub moves: Vec<M>,
    /// On a timed match ([`Arena::with_clock`](super::Arena::with_clock)), the colour whose
    /// clock ran out, losing the game on time; `None` when the game ended on the board.
    pub lost_on_time: Option<Player>,
}

/// What a match produced: the strategies' names, the [`Tally`] for `A`, and every game.
///
/// Its `Display` is one readable table line:
/// `A vs B: N games  +W =D -L  score S% [L%, H%]  Elo E [L, H]`.
///
/// ```
/// use search_core::arena::{MatchReport, Tally};
/// let r: MatchReport<u8> = MatchReport {
///     name_a: "greedy".into(), name_b: "random".into(),
///     tally: Tally::new(8, 1, 1), games: Vec::new(),
/// };
/// assert!(r.to_string().starts_with("greedy vs random: 10 games  +8 =1 -1  score 85.0%"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport<M> {
    /// The [`name`](crate::Strategy::name) of strategy `A`.
    pub name_a: String,
    /// The [`name`](crate::Strategy::name) of strategy `B`.
    pub name_b: String,
    /// `A`'s wins, draws and losses.
    pub tally: Tally,
    /// Every game, in the order played.
    pub games: Vec<GameRecord<M>>,
}

impl<M> MatchReport<M> {
    /// How many games `A` and `B` lost on time ([`GameRecord::lost_on_time`]).
    ///
    /// ```
    /// use search_core::arena::{GameRecord, MatchReport, Tally};
    /// use search_core::{Outcome, Player, Wdl};
    /// let flagged = GameRecord { a_played: Player::Second, outcome: Outcome::Win(Player::First),
    ///     result: Wdl::Loss, opening_plies: 0, moves: vec![3u8], lost_on_time: Some(Player::Second) };
    /// let r = MatchReport { name_a: "A".into(), name_b: "B".into(), tally: Tally::new(0, 0, 1),
    ///     games: vec![flagged] };
    /// assert_eq!(r.time_losses(), (1, 0));
    /// ```
    #[must_use]
    pub fn time_losses(&self) -> (u32, u32) {
        let mut losses = (0, 0);
        for game in &self.games {
            match game.lost_on_time {
                Some(p) if p == game.a_played => losses.0 += 1,
                Some(_) => losses.1 += 1,
                None => {}
            }
        }
        losses
    }
}

impl<M> fmt::Display for MatchReport<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vs {}: {} games  {}",
            self.name_a,
            self.name_b,
            self.tally.games(),
            self.tally
        )
    }
}
