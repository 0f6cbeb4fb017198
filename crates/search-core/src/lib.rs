//! # search-core: the shared vocabulary of the search workspace
//!
//! This crate has no algorithms and no program's loops. It defines the types every other
//! crate of the workspace speaks, so that one game implementation works with every engine
//! and one search problem with every path finder. The match runner and the terminal loop
//! that sit above the engines live in the `plysearch-play` crate.
//!
//! | you want to... | use |
//! |---|---|
//! | describe a two-player game | [`Game`] (five required items), [`Player`], [`Outcome`] |
//! | describe dice, cards or more players | [`GeneralGame`], [`Turn`] |
//! | describe hidden information (cards in hand) | [`ImperfectInfo`]; [`PerfectInfo`] for a game where everyone sees everything |
//! | describe simultaneous moves | [`SimultaneousGame`], played as an [`ImperfectInfo`] game by [`Sequential`] |
//! | let engines use a transposition table | [`GameHash`] |
//! | read or compare search values | [`Score`] (exact win/loss distance, heuristic values) |
//! | give a depth-limited search your knowledge | [`Evaluator`] (closures qualify) |
//! | plug any player (any engine, of any game model) into a match or a terminal loop | [`Strategy`], [`RandomMover`] |
//! | bound a search (the one budget of every engine) | [`Budget`], [`BudgetField`], [`StopFlag`], [`RunningBudget`] |
//! | give an engine one move's share of a game clock | [`Strategy::choose_move_within`], [`Budget::capped_by`] |
//! | pace an engine's looks at the clock | [`ClockPacer`] |
//! | run a search on its own thread: poll, wait, stop | [`SearchHandle`], [`Progress`] |
//! | read the clock, or ask for threads, on any target (WebAssembly in a browser too) | [`Instant`], [`threads_available`], [`check_threads`] |
//! | read what a search did | [`Stats`] (embedded in every engine's result) |
//! | read every root move's value | [`Strategy::analyze`], [`MoveAnalysis`], [`MoveValue`] |
//! | name a game-theoretic result | [`Wdl`] (win, draw, loss) |
//! | a confidence interval of a mean in `[0, 1]` | [`Interval`] |
//! | seeded, reproducible randomness | [`SplitMix64`] |
//! | describe a single-agent problem for path finding | [`SearchProblem`], [`Cost`], [`FloatCost`] |
//! | handle failures | [`SearchError`], [`BudgetError`], [`IllegalMoveError`], [`CostError`] |
//! | test your `Game` implementation | `testing` module (feature `testing`) |
//!
//! ## Features
//! * `testing`: the [`Conformance`][conformance] checker that any `Game`
//!   implementation can run from its tests, and proptest strategies
//!   ([`reachable_state`][reachable], [`ongoing_state`][ongoing])
//!   yielding random reachable states of any game.
//!
#![cfg_attr(
    not(feature = "testing"),
    doc = "These docs were built without the `testing` feature; build them with \
           `--features testing` to see its items."
)]
#![cfg_attr(not(feature = "testing"), doc = "")]
#![cfg_attr(feature = "testing", doc = "[conformance]: testing::Conformance")]
#![cfg_attr(feature = "testing", doc = "[reachable]: testing::reachable_state")]
#![cfg_attr(feature = "testing", doc = "[ongoing]: testing::ongoing_state")]
#![cfg_attr(not(feature = "testing"), doc = "[conformance]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[reachable]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[ongoing]: #features")]
//!
//! ## A game in five items
//! ```
//! use search_core::{Game, Outcome, Player, Score};
//!
//! /// Take 1 or 2 stones; whoever takes the last stone wins.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { stones: u32, to_move: Player }
//!
//! impl Game for Nim {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.extend((1..=2).filter(|&t| t <= self.stones));
//!     }
//!     fn play(&mut self, take: u32) {
//!         self.stones -= take;
//!         self.to_move = self.to_move.opponent();
//!     }
//!     fn outcome(&self) -> Outcome {
//!         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
//!     }
//! }
//!
//! let nim = Nim { stones: 2, to_move: Player::First };
//! assert_eq!(nim.winning_move(), Some(2));
//! assert_eq!(Score::win_in(1).to_string(), "win in 1");
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod analysis;
mod budget;
mod contract;
mod error;
mod eval;
mod game;
mod game_hash;
mod general;
mod handle;
mod imperfect;
mod interval;
mod pacer;
mod platform;
mod problem;
mod rng;
mod running;
mod score;
mod stats;
mod strategy;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
mod wdl;

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use analysis::{MoveAnalysis, MoveValue};
pub use budget::{Budget, BudgetError, BudgetField, StopFlag, check_threads};
pub use contract::{check_root, check_root_keys};
pub use error::{CostError, IllegalMoveError, SearchError};
pub use eval::{Evaluator, ZeroEvaluator};
pub use game::{Game, Outcome, Player};
pub use game_hash::GameHash;
pub use general::{GeneralGame, OutOfTurn, Turn};
pub use handle::{Progress, SearchHandle};
pub use imperfect::{ImperfectInfo, PerfectInfo, Sequential, SequentialKey, SimultaneousGame};
pub use interval::Interval;
pub use pacer::ClockPacer;
pub use platform::{Instant, threads_available};
pub use problem::{Cost, FloatCost, SearchProblem};
pub use rng::SplitMix64;
pub use running::RunningBudget;
pub use score::{ExactScore, Score};
pub use stats::Stats;
pub use strategy::{RandomMover, Strategy};
pub use wdl::Wdl;
