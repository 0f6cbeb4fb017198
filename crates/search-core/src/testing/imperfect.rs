//! The conformance checker of [`ImperfectInfo`]: information states and determinizations.

use core::fmt::Display;
use std::collections::{HashMap, HashSet};

use super::{Conformance, ConformanceError, ConformanceReport, DEFAULT_MAX_LENGTH};
use crate::general::Turn;
use crate::imperfect::ImperfectInfo;
use crate::rng::SplitMix64;

/// How many determinizations are drawn per player and state.
const SAMPLES_PER_STATE: usize = 3;

impl Conformance {
    /// Checks every contract of [`GeneralGame`](crate::GeneralGame) (as
    /// [`check_general`](Conformance::check_general) does), then those of
    /// [`ImperfectInfo`] on a second series of seeded random games:
    ///
    /// * `info_key` is deterministic: a clone gives every player the same key;
    /// * one information set, one list of moves: whenever a player is to move, the moves
    ///   equal (in order) those of every earlier state of any game with the same key for
    ///   that player, and those of the states drawn by `sample_state`;
    /// * perfect recall: a player is never to move twice in one game with the same key;
    /// * `sample_state(p, rng)` returns, for every player `p`, a state with the same key for
    ///   `p` and the same turn, and the same state for the same generator state.
    ///
    /// ```
    /// use search_core::testing::Conformance;
    /// use search_core::{GeneralGame, ImperfectInfo, SplitMix64, Turn};
    ///
    /// /// A coin is tossed where only player 0 sees it; player 1 guesses it and wins 1 if right.
    /// #[derive(Clone, Debug, PartialEq)]
    /// struct Guess { coin: Option<u8>, guess: Option<u8> }
    /// impl GeneralGame for Guess {
    ///     type Move = u8;
    ///     const REWARD_SUM: Option<f64> = Some(0.0);
    ///     fn player_count(&self) -> usize { 2 }
    ///     fn turn(&self) -> Turn {
    ///         match (self.coin, self.guess) {
    ///             (None, _) => Turn::Chance,
    ///             (Some(_), None) => Turn::Player(1),
    ///             _ => Turn::Over,
    ///         }
    ///     }
    ///     fn moves(&self, m: &mut Vec<u8>) { if self.turn() == Turn::Player(1) { m.extend([0, 1]) } }
    ///     fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
    ///         if self.turn() == Turn::Chance { o.extend([(0, 0.5), (1, 0.5)]) }
    ///     }
    ///     fn apply(&mut self, mv: u8) {
    ///         if self.coin.is_none() { self.coin = Some(mv) } else { self.guess = Some(mv) }
    ///     }
    ///     fn rewards(&self, r: &mut [f64]) {
    ///         r[1] = if self.coin == self.guess { 1.0 } else { -1.0 };
    ///         r[0] = -r[1];
    ///     }
    /// }
    /// impl ImperfectInfo for Guess {
    ///     type InfoKey = (Option<u8>, bool, Option<u8>); // seen coin, coin tossed, guess
    ///     fn info_key(&self, p: usize) -> Self::InfoKey {
    ///         let seen = if p == 0 { self.coin } else { None };
    ///         (seen, self.coin.is_some(), self.guess)
    ///     }
    ///     fn sample_state(&self, p: usize, rng: &mut SplitMix64) -> Self {
    ///         let mut s = self.clone();
    ///         if p == 1 && s.coin.is_some() { s.coin = Some(rng.below(2) as u8) }
    ///         s
    ///     }
    /// }
    /// impl std::fmt::Display for Guess {
    ///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{self:?}") }
    /// }
    ///
    /// let report = Conformance::new().with_games(20).check_imperfect(&Guess { coin: None, guess: None });
    /// assert!(report.is_ok());
    /// ```
    ///
    /// # Errors
    /// The first [`ConformanceError`] found.
    pub fn check_imperfect<G>(&self, initial: &G) -> Result<ConformanceReport, ConformanceError>
    where
        G: ImperfectInfo + PartialEq + Display,
    {
        let mut report = self.check_general(initial)?;
        let max_length = self.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        let players = initial.player_count();
        let mut rng = SplitMix64::stream(self.seed, 1);
        let mut seen: HashMap<(usize, G::InfoKey), Vec<G::Move>> = HashMap::new();
        let mut moves = Vec::new();
        let mut other_moves = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..self.games {
            let mut state = initial.clone();
            let mut history: Vec<G::Move> = Vec::new();
            let mut decided: HashSet<(usize, G::InfoKey)> = HashSet::new();
            loop {
                let fail = |rule: String, state: &G| ConformanceError {
                    rule,
                    state: state.to_string(),
                    moves: format!("{history:?}"),
                };
                report.states += 1;
                let turn = state.turn();
                moves.clear();
                state.moves(&mut moves);
                for player in 0..players {
                    let key = state.info_key(player);
                    if state.clone().info_key(player) != key {
                        return Err(fail(
                            format!("a clone gives player {player} a different info_key()"),
                            &state,
                        ));
                    }
                    if turn == Turn::Player(player) {
                        if !decided.insert((player, key.clone())) {
                            return Err(fail(
                                format!(
                                    "player {player} is to move a second time in one game with the key {key:?}: the key forgets what the player saw or did (perfect recall)"
                                ),
                                &state,
                            ));
                        }
                        let known = seen
                            .entry((player, key.clone()))
                            .or_insert_with(|| moves.clone());
                        if *known != moves {
                            return Err(fail(
                                format!(
                                    "player {player}'s information set {key:?} has the moves {known:?} in one state and {moves:?} in another"
                                ),
                                &state,
                            ));
                        }
                    }
                    for _ in 0..SAMPLES_PER_STATE {
                        let mut replay = rng.clone();
                        let sample = state.sample_state(player, &mut rng);
                        if sample != state.sample_state(player, &mut replay) {
                            return Err(fail(
                                format!(
                                    "sample_state({player}, ...) gave two different states for the same generator state"
                                ),
                                &state,
                            ));
                        }
                        let sample_key = sample.info_key(player);
                        if sample_key != key {
                            return Err(fail(
                                format!(
                                    "sample_state({player}, ...) drew a state where player {player}'s key is {sample_key:?}, not {key:?}:\n{sample}"
                                ),
                                &state,
                            ));
                        }
                        if sample.turn() != turn {
                            return Err(fail(
                                format!(
                                    "sample_state({player}, ...) drew a state whose turn is {:?}, not {turn:?}:\n{sample}",
                                    sample.turn()
                                ),
                                &state,
                            ));
                        }
                        if turn == Turn::Player(player) {
                            other_moves.clear();
                            sample.moves(&mut other_moves);
                            if other_moves != moves {
                                return Err(fail(
                                    format!(
                                        "player {player}'s information set {key:?} has the moves {moves:?} here and {other_moves:?} in the state sample_state drew:\n{sample}"
                                    ),
                                    &state,
                                ));
                            }
                        }
                    }
                }
                let mv = match turn {
                    Turn::Over => break,
                    _ if history.len() as u32 >= max_length => break,
                    Turn::Chance => {
                        outcomes.clear();
                        state.chance_outcomes(&mut outcomes);
                        outcomes[rng.below(outcomes.len())].0
                    }
                    Turn::Player(_) => moves[rng.below(moves.len())],
                };
                state.apply(mv);
                history.push(mv);
            }
        }
        Ok(report)
    }
}
