//! The conformance checker of [`GeneralGame`]: chance nodes, any number of players, reward
//! vectors.

use core::fmt::Display;
use std::collections::HashSet;

use super::{Conformance, ConformanceError, ConformanceReport, DEFAULT_MAX_LENGTH};
use crate::general::{GeneralGame, Turn};
use crate::rng::SplitMix64;

/// How far the probabilities of a chance node may add up away from 1.
pub(super) const PROBABILITY_TOLERANCE: f64 = 1e-9;

impl Conformance {
    /// Checks every contract of [`GeneralGame`] on seeded random games from `initial`
    /// (chance outcomes are drawn with their probabilities):
    ///
    /// * a clone equals the original; the number of players is at least 1 and never changes;
    /// * at a player's turn, the player index is below the number of players, there is at
    ///   least one move, the moves are unique, and there are no chance outcomes;
    /// * at a chance node there are outcomes and no moves; the outcomes are unique, every
    ///   probability is positive and finite, and they add up to 1 within `1e-9`;
    /// * at the end there are neither moves nor outcomes; the rewards fill every player's
    ///   entry with a finite number within [`reward_range`](GeneralGame::reward_range), and
    ///   add up to [`REWARD_SUM`](GeneralGame::REWARD_SUM) when the game declares one;
    /// * a key, when the game has one, is the same for equal states and present everywhere;
    /// * every game ends within the declared maximum length (default 100,000 steps,
    ///   chance outcomes included).
    ///
    /// ```
    /// use search_core::testing::Conformance;
    /// use search_core::{GeneralGame, Turn};
    ///
    /// /// One die roll decides: the player who rolled 4 or more wins.
    /// #[derive(Clone, Debug, PartialEq)]
    /// struct Roll(Option<u8>);
    /// impl GeneralGame for Roll {
    ///     type Move = u8;
    ///     const REWARD_SUM: Option<f64> = Some(1.0);
    ///     fn player_count(&self) -> usize { 2 }
    ///     fn turn(&self) -> Turn { if self.0.is_some() { Turn::Over } else { Turn::Chance } }
    ///     fn moves(&self, _: &mut Vec<u8>) {}
    ///     fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
    ///         if self.0.is_none() { o.extend((1..=6).map(|f| (f, 1.0 / 6.0))) }
    ///     }
    ///     fn apply(&mut self, face: u8) { self.0 = Some(face) }
    ///     fn rewards(&self, r: &mut [f64]) {
    ///         let first = if self.0 >= Some(4) { 1.0 } else { 0.0 };
    ///         r[0] = first;
    ///         r[1] = 1.0 - first;
    ///     }
    ///     fn reward_range(&self) -> (f64, f64) { (0.0, 1.0) }
    /// }
    /// impl std::fmt::Display for Roll {
    ///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{:?}", self.0) }
    /// }
    ///
    /// let report = Conformance::new().with_games(20).check_general(&Roll(None)).unwrap();
    /// assert_eq!(report.games, 20);
    /// ```
    ///
    /// # Errors
    /// The first [`ConformanceError`] found.
    pub fn check_general<G>(&self, initial: &G) -> Result<ConformanceReport, ConformanceError>
    where
        G: GeneralGame + PartialEq + Display,
    {
        let max_length = self.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        let players = initial.player_count();
        let keyed = initial.state_key().is_some();
        let mut rng = SplitMix64::new(self.seed);
        let mut report = ConformanceReport::default();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        let mut rewards = vec![0.0; players];
        for _ in 0..self.games {
            let mut state = initial.clone();
            let mut history: Vec<G::Move> = Vec::new();
            loop {
                let fail = |rule: String, state: &G| ConformanceError {
                    rule,
                    state: state.to_string(),
                    moves: format!("{history:?}"),
                };
                report.states += 1;
                moves.clear();
                outcomes.clear();
                let turn = check_general_state(&state, players, keyed, &mut moves, &mut outcomes)
                    .map_err(|r| fail(r, &state))?;
                if turn == Turn::Over {
                    check_rewards(&state, &mut rewards).map_err(|r| fail(r, &state))?;
                    break;
                }
                if history.len() as u32 >= max_length {
                    return Err(fail(
                        format!(
                            "the game did not end within its maximum length of {max_length} steps"
                        ),
                        &state,
                    ));
                }
                let mv = if turn == Turn::Chance {
                    let draw = rng.next_f64();
                    let mut acc = 0.0;
                    let mut chosen = outcomes[outcomes.len() - 1].0;
                    for &(outcome, p) in &outcomes {
                        acc += p;
                        if draw < acc {
                            chosen = outcome;
                            break;
                        }
                    }
                    chosen
                } else {
                    moves[rng.below(moves.len())]
                };
                let mut a = state.clone();
                let mut b = state.clone();
                a.apply(mv);
                b.apply(mv);
                if a != b {
                    return Err(fail(
                        format!("two clones differ after both applied {mv:?}"),
                        &state,
                    ));
                }
                state = a;
                history.push(mv);
            }
            report.games += 1;
            report.longest_game = report.longest_game.max(history.len() as u32);
        }
        Ok(report)
    }
}

/// The checks of one state of a general game; returns its turn.
fn check_general_state<G: GeneralGame + PartialEq>(
    state: &G,
    players: usize,
    keyed: bool,
    moves: &mut Vec<G::Move>,
    outcomes: &mut Vec<(G::Move, f64)>,
) -> Result<Turn, String> {
    let copy = state.clone();
    if copy != *state {
        return Err("a clone is not equal to the original".into());
    }
    if players == 0 {
        return Err("player_count() is 0: a game has at least one player".into());
    }
    if state.player_count() != players {
        return Err(format!(
            "player_count() changed from {players} to {}",
            state.player_count()
        ));
    }
    match (keyed, state.state_key(), copy.state_key()) {
        (true, Some(a), Some(b)) if a != b => {
            return Err("a clone has a different state_key()".into());
        }
        (true, None, _) => {
            return Err("state_key() is None here but Some at the initial state".into());
        }
        (false, Some(_), _) => {
            return Err("state_key() is Some here but None at the initial state".into());
        }
        _ => {}
    }
    let turn = state.turn();
    state.moves(moves);
    state.chance_outcomes(outcomes);
    match turn {
        Turn::Player(p) => {
            if p >= players {
                return Err(format!(
                    "turn() is Player({p}) but the game has {players} players"
                ));
            }
            if moves.is_empty() {
                return Err(format!("Player({p}) is to move but has no legal move"));
            }
            if !outcomes.is_empty() {
                return Err("a player's turn lists chance outcomes".into());
            }
            let unique: HashSet<_> = moves.iter().collect();
            if unique.len() != moves.len() {
                return Err(format!("the moves are not unique: {moves:?}"));
            }
        }
        Turn::Chance => {
            if outcomes.is_empty() {
                return Err("a chance node lists no outcome".into());
            }
            if !moves.is_empty() {
                return Err("a chance node lists player moves".into());
            }
            let unique: HashSet<_> = outcomes.iter().map(|(o, _)| o).collect();
            if unique.len() != outcomes.len() {
                return Err(format!("the chance outcomes are not unique: {outcomes:?}"));
            }
            if let Some((o, p)) = outcomes.iter().find(|(_, p)| !(p.is_finite() && *p > 0.0)) {
                return Err(format!(
                    "the chance outcome {o:?} has probability {p}: every probability must be positive and finite"
                ));
            }
            let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
            if (total - 1.0).abs() > PROBABILITY_TOLERANCE {
                return Err(format!(
                    "the chance probabilities add up to {total}, not 1 (within {PROBABILITY_TOLERANCE})"
                ));
            }
        }
        Turn::Over => {
            if !moves.is_empty() || !outcomes.is_empty() {
                return Err("the game is over but lists moves or chance outcomes".into());
            }
        }
    }
    Ok(turn)
}

/// The rewards of a finished game: all set, finite, in range, and adding up as declared.
fn check_rewards<G: GeneralGame>(state: &G, rewards: &mut [f64]) -> Result<(), String> {
    rewards.fill(f64::NAN);
    state.rewards(rewards);
    let (low, high) = state.reward_range();
    for (player, &r) in rewards.iter().enumerate() {
        if !r.is_finite() {
            return Err(format!(
                "the reward of player {player} is {r}: rewards() must set every player's reward to a finite number"
            ));
        }
        if r < low || r > high {
            return Err(format!(
                "the reward {r} of player {player} is outside reward_range() = ({low}, {high})"
            ));
        }
    }
    if let Some(sum) = G::REWARD_SUM {
        let total: f64 = rewards.iter().sum();
        if (total - sum).abs() > PROBABILITY_TOLERANCE * sum.abs().max(1.0) {
            return Err(format!(
                "the rewards {rewards:?} add up to {total}, but REWARD_SUM declares {sum}"
            ));
        }
    }
    Ok(())
}
