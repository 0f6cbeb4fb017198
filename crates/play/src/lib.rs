//! # play: what sits above the engines
//!
//! The engines of the workspace (`adversarial`, `mcts`) choose moves; this crate plays
//! games with them. It has one match runner and one terminal loop, and both serve every
//! game model of `search_core`: a two-player [`Game`](search_core::Game), a
//! [`GeneralGame`](search_core::GeneralGame) with dice or 2 to 4 players, a game with
//! hidden cards ([`ImperfectInfo`](search_core::ImperfectInfo)). Every engine is a
//! [`Strategy`](search_core::Strategy), and so is any player you write.
//!
//! | you want to... | use |
//! |---|---|
//! | play a seeded match between engines: seats rotated, the same dice for every seat, random openings | [`Arena`] |
//! | read who is stronger: score with its 95 % interval, Elo difference with its interval, results per seat | [`MatchReport`], [`Tally`], [`SeatTally`] |
//! | play a match on a game clock and count the losses on time | [`Arena::with_clock`], [`GameClock`] |
//! | play your game against any engine at a text prompt: moves, hints, undo, the AI's report | [`PlayLoop`] |
//! | ask setup questions before a game (which game, who starts, how strong) | [`Console`], [`Reply`] |
//! | type and show moves your way, show a player only their own cards | [`Notation`], [`DisplayNotation`] |
//! | handle failures | [`PlayError`] |
//!
//! The library prints nothing of its own accord: the loop writes to the [`Write`](std::io::Write)
//! its caller gives it, and the runner reports through return values and a progress callback.
//! `ply`, the workspace's program, is built on both.
//!
//! ## A match in a few lines
//! ```
//! use play::Arena;
//! use search_core::{Budget, RandomMover};
//!
//! let report = Arena::new(games::TicTacToe::new())
//!     .with_engine(|seed| mcts::Mcts::new().with_seed(seed).with_budget(Budget::iterations(200)))
//!     .with_engine(RandomMover::new)
//!     .with_games(20)
//!     .with_seed(1)
//!     .run()
//!     .unwrap();
//! let tally = report.tally().unwrap();
//! assert!(tally.wins > tally.losses, "{report}");
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod arena;
mod clock;
mod error;
mod seats;
mod terminal;

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use arena::{Arena, EloEstimate, GameRecord, MatchReport, SeatTally, Tally};
pub use clock::GameClock;
pub use error::PlayError;
pub use terminal::{
    Console, DEFAULT_MAX_LINE_BYTES, DisplayNotation, Ending, Notation, PlayLoop, PlayReport, Reply,
};
