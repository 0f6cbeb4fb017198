//! Anytime search in an interactive program: a game of Connect Four between two MCTS
//! players on a game clock, one thinking in slices from a frame loop (`Mcts::step`), the
//! other on its own thread, polled from the loop and stopped when its time is up
//! (`Mcts::spawn`). Both keep their trees between moves. `docs/guide-anytime.md` explains
//! the pieces.
//!
//! ```text
//! cargo run --release -p plysearch-play --example anytime_loop
//! cargo run --release -p plysearch-play --example anytime_loop -- 2000   # ms per side
//! ```

use std::time::{Duration, Instant};

use games::ConnectFour;
use mcts::Mcts;
use play::GameClock;
use search_core::{Budget, Game, Outcome, SearchError};

/// How long a frame's slice of thinking may be.
const FRAME: Duration = Duration::from_millis(16);

/// One move, as the loop saw it.
#[derive(Debug)]
struct Played {
    mv: u8,
    /// Reports polled (spawned player) or steps run (stepped player).
    looks: u32,
    thought: Duration,
}

/// The stepped player: 64 iterations at a time until the frame's slice is spent, frames
/// until the clock's time for the move is.
fn stepped_move(
    ai: &mut Mcts<ConnectFour>,
    g: &ConnectFour,
    clock: GameClock,
) -> Result<Played, SearchError> {
    let time = clock.move_time()?;
    let start = Instant::now();
    let mut steps = 0;
    let mut result = ai.step(g, 64)?;
    while start.elapsed() < time && !result.value.is_proven() {
        let frame = Instant::now();
        while frame.elapsed() < FRAME.min(time) && start.elapsed() < time {
            result = ai.step(g, 64)?;
            steps += 1;
        }
        // ... the frame would be drawn here ...
    }
    Ok(Played {
        mv: result.best_move,
        looks: steps,
        thought: start.elapsed(),
    })
}

/// The spawned player: the search runs on its thread with the clock's budget; the loop
/// polls it each frame and stops it when its time is up.
fn spawned_move(
    ai: Mcts<ConnectFour>,
    g: &ConnectFour,
    clock: GameClock,
) -> Result<(Mcts<ConnectFour>, Played), SearchError> {
    let time = clock.move_time()?;
    let start = Instant::now();
    let handle = ai.with_budget(Budget::new()).spawn(g)?;
    let mut looks = 0;
    while !handle.is_finished() && start.elapsed() < time {
        std::thread::sleep(FRAME.min(time.saturating_sub(start.elapsed())));
        if handle.poll().is_some() {
            looks += 1;
        }
    }
    let (ai, result) = handle.stop()?;
    let mv = result?.best_move;
    Ok((
        ai,
        Played {
            mv,
            looks,
            thought: start.elapsed(),
        },
    ))
}

/// Plays one game with `ms_per_side` on each clock; returns the moves and the outcome.
fn play(ms_per_side: u64, seed: u64) -> Result<(Vec<Played>, Outcome), SearchError> {
    let mut g = ConnectFour::new();
    let mut stepped = Mcts::new().with_seed(seed);
    let mut spawned = Some(Mcts::new().with_seed(seed + 1));
    let mut clocks = [Duration::from_millis(ms_per_side); 2];
    let mut moves = Vec::new();
    while !g.outcome().is_over() {
        let side = g.to_move().index();
        let clock = GameClock::new(clocks[side]).with_margin(Duration::from_millis(5));
        let played = if side == 0 {
            stepped_move(&mut stepped, &g, clock)?
        } else {
            let (ai, played) = spawned_move(spawned.take().expect("given back"), &g, clock)?;
            spawned = Some(ai);
            played
        };
        clocks[side] = clocks[side].saturating_sub(played.thought);
        stepped.advance(&g, played.mv);
        if let Some(ai) = spawned.as_mut() {
            ai.advance(&g, played.mv);
        }
        g.try_play(played.mv)
            .map_err(|e| SearchError::Config(e.to_string()))?;
        moves.push(played);
    }
    Ok((moves, g.outcome()))
}

fn main() -> Result<(), SearchError> {
    let ms = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000);
    let (moves, outcome) = play(ms, 1)?;
    for (i, p) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "stepped" } else { "spawned" };
        println!(
            "{:2}. {who} plays column {} after {:.0?} ({} {})",
            i + 1,
            p.mv + 1,
            p.thought,
            p.looks,
            if i % 2 == 0 { "steps" } else { "polls" }
        );
    }
    println!("{outcome:?}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_on_the_clock_ends_with_legal_moves_within_the_time() {
        let (moves, outcome) = play(400, 3).unwrap();
        assert!(outcome.is_over());
        let mut g = ConnectFour::new();
        for p in &moves {
            assert!(g.try_play(p.mv).is_ok(), "{p:?}");
        }
        assert_eq!(g.outcome(), outcome);
    }

    #[test]
    fn no_time_left_is_an_error_not_a_move() {
        let clock = GameClock::new(Duration::ZERO);
        let mut ai = Mcts::new();
        assert!(matches!(
            stepped_move(&mut ai, &ConnectFour::new(), clock),
            Err(SearchError::Budget(_))
        ));
    }
}
