//! What the match runner and the terminal loop share: the strategies at a table, asked
//! for moves with every answer checked and every panic caught, told of every move; and the
//! dice, drawn from a seeded stream.

use std::panic::{AssertUnwindSafe, catch_unwind};

use search_core::{Budget, GeneralGame, SearchError, SplitMix64, Strategy};

use crate::error::PlayError;

/// A strategy borrowed for the lifetime `'a`.
pub(crate) type Boxed<'a, G> = Box<dyn Strategy<G> + 'a>;

/// Where a call happens, for the errors: the game of a match (`None` at the prompt) and
/// the ply.
#[derive(Copy, Clone, Debug)]
pub(crate) struct At {
    pub(crate) game: Option<u32>,
    pub(crate) ply: u32,
}

/// Calls `call` on `strategy` (in `seat`; `None` for an advisor), turning a panic into
/// [`PlayError::StrategyPanicked`] and an error into [`PlayError::Strategy`].
pub(crate) fn ask<G: GeneralGame, T>(
    strategy: &mut dyn Strategy<G>,
    seat: Option<usize>,
    method: &'static str,
    at: At,
    call: impl FnOnce(&mut dyn Strategy<G>) -> Result<T, SearchError>,
) -> Result<T, PlayError> {
    let name = strategy.name();
    let answer = catch_unwind(AssertUnwindSafe(|| call(strategy))).map_err(|payload| {
        let message = match SearchError::from_panic(payload.as_ref()) {
            SearchError::WorkerPanicked { message } => message,
            other => other.to_string(),
        };
        PlayError::StrategyPanicked {
            game: at.game,
            seat,
            strategy: name.clone(),
            method,
            ply: at.ply,
            message,
        }
    })?;
    answer.map_err(|source| PlayError::Strategy {
        game: at.game,
        seat,
        strategy: name,
        method,
        ply: at.ply,
        source,
    })
}

/// The move of the strategy in `seat` for `state`, within `budget` if given (a game
/// clock's share), checked against `legal`.
pub(crate) fn choose<G: GeneralGame>(
    strategy: &mut dyn Strategy<G>,
    seat: usize,
    state: &G,
    budget: Option<Budget>,
    legal: &[G::Move],
    at: At,
) -> Result<G::Move, PlayError> {
    let mv = match budget {
        Some(budget) => ask(strategy, Some(seat), "choose_move_within", at, |s| {
            s.choose_move_within(state, budget)
        })?,
        None => ask(strategy, Some(seat), "choose_move", at, |s| {
            s.choose_move(state)
        })?,
    };
    if !legal.contains(&mv) {
        return Err(PlayError::IllegalMove {
            game: at.game,
            seat,
            strategy: strategy.name(),
            mv: format!("{mv:?}"),
            ply: at.ply,
        });
    }
    Ok(mv)
}

/// Tells every strategy of `seats` (a `None` seat is a person) and the `extra` one (an
/// advisor) through `tell`, catching panics.
pub(crate) fn tell_all<'a, G: GeneralGame>(
    seats: &mut [Option<Boxed<'a, G>>],
    extra: Option<&mut Boxed<'a, G>>,
    method: &'static str,
    at: At,
    mut tell: impl FnMut(&mut dyn Strategy<G>),
) -> Result<(), PlayError> {
    for (seat, strategy) in seats.iter_mut().enumerate() {
        if let Some(strategy) = strategy {
            ask(strategy.as_mut(), Some(seat), method, at, |s| {
                tell(s);
                Ok(())
            })?;
        }
    }
    if let Some(advisor) = extra {
        ask(advisor.as_mut(), None, method, at, |s| {
            tell(s);
            Ok(())
        })?;
    }
    Ok(())
}

/// The legal moves of the player to move in `state`, or the error of a player without
/// moves.
pub(crate) fn legal_moves<G: GeneralGame>(
    state: &G,
    legal: &mut Vec<G::Move>,
    at: At,
) -> Result<(), PlayError> {
    legal.clear();
    state.moves(legal);
    if legal.is_empty() {
        return Err(PlayError::BrokenGame {
            game: at.game,
            ply: at.ply,
            what: "a player is to move but has no legal move".into(),
        });
    }
    Ok(())
}

/// The dice: chance outcomes drawn by their probabilities from a seeded stream, so the
/// same seed rolls the same outcomes in the same states.
#[derive(Clone, Debug)]
pub(crate) struct Dice(SplitMix64);

impl Dice {
    /// Dice rolling from `seed`.
    pub(crate) fn new(seed: u64) -> Self {
        Dice(SplitMix64::new(seed))
    }

    /// An outcome of `state`'s chance node, by its probability.
    pub(crate) fn roll<G: GeneralGame>(
        &mut self,
        state: &G,
        outcomes: &mut Vec<(G::Move, f64)>,
        at: At,
    ) -> Result<G::Move, PlayError> {
        outcomes.clear();
        state.chance_outcomes(outcomes);
        let Some(&(last, _)) = outcomes.last() else {
            return Err(PlayError::BrokenGame {
                game: at.game,
                ply: at.ply,
                what: "a chance node has no outcomes".into(),
            });
        };
        let mut u = self.0.next_f64();
        for &(outcome, p) in outcomes.iter() {
            if u < p {
                return Ok(outcome);
            }
            u -= p;
        }
        // Rounding left `u` past the total: the last outcome.
        Ok(last)
    }
}

/// [`SplitMix64`] of `seed` advanced `index + 1` steps: well-spread, independent-looking
/// seeds for each game and seat from one match seed.
pub(crate) fn derive_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::Turn;

    /// A die of three faces with probabilities 1/2, 1/4, 1/4, then the game is over.
    #[derive(Clone)]
    struct Die(Option<u8>);
    impl GeneralGame for Die {
        type Move = u8;
        fn player_count(&self) -> usize {
            1
        }
        fn turn(&self) -> Turn {
            if self.0.is_some() {
                Turn::Over
            } else {
                Turn::Chance
            }
        }
        fn moves(&self, _: &mut Vec<u8>) {}
        fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
            o.extend([(1, 0.5), (2, 0.25), (3, 0.25)]);
        }
        fn apply(&mut self, mv: u8) {
            self.0 = Some(mv);
        }
        fn rewards(&self, r: &mut [f64]) {
            r[0] = 0.0;
        }
    }

    #[test]
    fn dice_follow_the_probabilities_and_the_seed() {
        let at = At { game: None, ply: 0 };
        let mut dice = Dice::new(9);
        let mut outcomes = Vec::new();
        let mut counts = [0u32; 4];
        for _ in 0..8_000 {
            counts[usize::from(dice.roll(&Die(None), &mut outcomes, at).unwrap())] += 1;
        }
        // 4000, 2000, 2000 expected; 5 standard deviations is about 220.
        assert!((counts[1] as i32 - 4000).abs() < 220, "{counts:?}");
        assert!((counts[2] as i32 - 2000).abs() < 200, "{counts:?}");
        let rolls = |seed| {
            let mut d = Dice::new(seed);
            (0..20)
                .map(|_| d.roll(&Die(None), &mut Vec::new(), at).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(rolls(3), rolls(3));
        assert_ne!(rolls(3), rolls(4));
    }
}
