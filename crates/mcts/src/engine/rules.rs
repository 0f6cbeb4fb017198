//! The promises of a [`GeneralGame`] that the general mode checks wherever it meets them:
//! its player count and reward range ([`Rules`], which also normalise the rewards to
//! `[0, 1]`), chance outcomes whose probabilities add up to 1, and child counts that fit a
//! node; and drawing an outcome by its probability.

use search_core::{GeneralGame, SearchError, SplitMix64};

/// The most players the engine handles (a player index is stored in a byte, and 255 means
/// nobody).
const MAX_PLAYERS: usize = u8::MAX as usize;

/// No player gets the top of the reward range (see [`Rules::score`]).
pub(crate) const NOBODY: u8 = u8::MAX;

/// The reward range and declared sum of the searched game, and the player count.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Rules {
    pub players: usize,
    pub low: f64,
    pub high: f64,
    sum: Option<f64>,
}

impl Rules {
    /// The rules of every two-player [`Game`](search_core::Game): rewards 1, 0 and -1,
    /// zero-sum.
    pub(crate) fn two_player() -> Self {
        Rules {
            players: 2,
            low: -1.0,
            high: 1.0,
            sum: Some(0.0),
        }
    }

    /// Reads and checks the game's promises at the root.
    pub(crate) fn of<G: GeneralGame>(state: &G) -> Result<Self, SearchError> {
        let players = state.player_count();
        if players == 0 {
            return Err(broken(
                "player_count() is 0; a game has at least one player".into(),
            ));
        }
        if players > MAX_PLAYERS {
            return Err(SearchError::UnsupportedGame {
                engine: "GeneralMcts",
                reason: format!("{players} players; the engine handles at most {MAX_PLAYERS}"),
            });
        }
        let (low, high) = state.reward_range();
        if !(low.is_finite() && high.is_finite() && low <= high) {
            return Err(broken(format!(
                "reward_range() = ({low}, {high}) is not a finite range"
            )));
        }
        Ok(Rules {
            players,
            low,
            high,
            sum: G::REWARD_SUM,
        })
    }

    /// Checks a finished game's rewards (in `raw`) against the range and the declared
    /// sum, and writes them normalised to `[0, 1]` into `norm`; returns the player who
    /// gets the top of the range, if any.
    pub(crate) fn score(&self, raw: &[f64], norm: &mut [f64]) -> Result<u8, SearchError> {
        let mut total = 0.0;
        let mut top = NOBODY;
        let span = self.high - self.low;
        for (p, (&r, n)) in raw.iter().zip(norm.iter_mut()).enumerate() {
            if !(r >= self.low && r <= self.high) {
                return Err(broken(format!(
                    "the reward {r} of player {p} is outside reward_range() = ({}, {})",
                    self.low, self.high
                )));
            }
            total += r;
            *n = if span > 0.0 {
                (r - self.low) / span
            } else {
                0.5
            };
            if r == self.high && top == NOBODY {
                top = p as u8;
            }
        }
        if let Some(s) = self.sum {
            if (total - s).abs() > 1e-9 * s.abs().max(1.0) {
                return Err(broken(format!(
                    "the rewards {raw:?} add up to {total}, but REWARD_SUM is {s}"
                )));
            }
        }
        Ok(top)
    }

    /// The player to move, checked against the player count.
    pub(crate) fn mover(&self, p: usize) -> Result<u8, SearchError> {
        if p < self.players {
            Ok(p as u8)
        } else {
            Err(broken(format!(
                "turn() names player {p}, but player_count() is {}",
                self.players
            )))
        }
    }
}

fn broken(what: String) -> SearchError {
    SearchError::BrokenPromise { what }
}

/// Checks a chance node's outcomes: at least one, every probability positive, adding up
/// to 1 within 1e-9; returns their sum.
pub(crate) fn check_outcomes<M>(outcomes: &[(M, f64)]) -> Result<f64, SearchError> {
    let mut total = 0.0;
    let mut valid = !outcomes.is_empty();
    for &(_, p) in outcomes {
        valid &= p.is_finite() && p > 0.0;
        total += p;
    }
    if valid && (total - 1.0).abs() <= 1e-9 {
        Ok(total)
    } else {
        let probabilities: Vec<f64> = outcomes.iter().map(|o| o.1).collect();
        Err(broken(format!(
            "a chance node's probabilities must be positive and add up to 1, but they are {probabilities:?}"
        )))
    }
}

/// Index of the item whose cumulative weight first passes `u` (the last one if rounding
/// leaves `u` past the total).
#[inline]
pub(crate) fn sample_index(weights: impl Iterator<Item = f64>, u: f64) -> usize {
    let mut acc = 0.0;
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        acc += w;
        last = i;
        if u < acc {
            return i;
        }
    }
    last
}

/// Draws an outcome of the chance node `state` by its probability, with one number from
/// `rng`; `outcomes` is a buffer (its contents are replaced). The outcomes are checked by
/// [`check_outcomes`].
pub(crate) fn draw_outcome<G: GeneralGame>(
    state: &G,
    outcomes: &mut Vec<(G::Move, f64)>,
    rng: &mut SplitMix64,
) -> Result<G::Move, SearchError> {
    outcomes.clear();
    state.chance_outcomes(outcomes);
    let total = check_outcomes(outcomes)?;
    let u = rng.next_f64() * total;
    Ok(outcomes[sample_index(outcomes.iter().map(|o| o.1), u)].0)
}

/// [`SearchError::TooManyMoves`] past the 16-bit child count of a node.
pub(crate) fn too_many(n: usize) -> Result<(), SearchError> {
    let max = u16::MAX as usize;
    if n > max {
        Err(SearchError::TooManyMoves { count: n, max })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_follows_the_cumulative_weights() {
        let w = [0.25, 0.5, 0.25];
        assert_eq!(sample_index(w.into_iter(), 0.0), 0);
        assert_eq!(sample_index(w.into_iter(), 0.2499), 0);
        assert_eq!(sample_index(w.into_iter(), 0.25), 1);
        assert_eq!(sample_index(w.into_iter(), 0.75), 2);
        assert_eq!(sample_index(w.into_iter(), 1.5), 2);
    }

    #[test]
    fn outcomes_are_checked() {
        assert!(check_outcomes(&[(0u8, 0.5), (1, 0.5)]).is_ok());
        assert!(check_outcomes::<u8>(&[]).is_err());
        assert!(check_outcomes(&[(0u8, 0.5), (1, 0.4)]).is_err());
        assert!(check_outcomes(&[(0u8, 1.5), (1, -0.5)]).is_err());
        assert!(check_outcomes(&[(0u8, f64::NAN)]).is_err());
    }

    #[test]
    fn rewards_are_checked_and_normalised() {
        let rules = Rules {
            players: 3,
            low: -1.0,
            high: 2.0,
            sum: Some(1.0),
        };
        let mut norm = [0.0; 3];
        assert_eq!(rules.score(&[2.0, -1.0, 0.0], &mut norm), Ok(0));
        assert_eq!(norm, [1.0, 0.0, 1.0 / 3.0]);
        assert_eq!(rules.score(&[0.5, 0.5, 0.0], &mut norm), Ok(NOBODY));
        assert!(
            rules.score(&[3.0, -1.0, -1.0], &mut norm).is_err(),
            "out of range"
        );
        assert!(
            rules.score(&[0.0, 0.0, 0.0], &mut norm).is_err(),
            "wrong sum"
        );
        assert!(rules.mover(2).is_ok() && rules.mover(3).is_err());
    }
}
