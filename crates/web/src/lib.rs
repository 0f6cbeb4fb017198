//! # plysearch-web: the engines in a web page
//!
//! The WebAssembly side of the page under `web/` (build it with `web/build.sh`): everything
//! the page asks of the engines, each answer as JSON. The page runs this module in a Web
//! Worker, so a search never holds up the page itself.
//!
//! | the page's view | type or function |
//! |---|---|
//! | play tic-tac-toe, Connect Four, Reversi, Dots and Boxes or Kalah against alpha-beta, MCTS or the exact solver | [`AiGame`] |
//! | the exact score of every Connect Four column, with an opening book | [`Analyzer`] |
//! | A* and jump point search on a MovingAI map, replayed, checked against the scenarios | [`PathView`] |
//! | the speed of the solver and of MCTS, in the browser and natively | [`bench_solve`], [`bench_mcts`] |
//!
//! Built for `wasm32-unknown-unknown`, the types and functions are exported to JavaScript
//! by `wasm-bindgen`; built for any other target the crate is plain Rust with the same API
//! (no web dependency at all), which is how its tests and the native side of the speed
//! comparison run.
//!
//! ```
//! let mut game = plysearch_web::AiGame::new("ttt").unwrap();
//! game.play(4).unwrap();
//! let report = game.think("mcts", 30, 7).unwrap();
//! assert!(report.contains("\"engine\":\"mcts\""));
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod analysis;
mod bench;
mod games;
pub mod json;
mod paths;

pub use analysis::{Analyzer, BOOK_GAME};
pub use bench::{BENCH_TABLE_MB, bench_mcts, bench_solve};
pub use games::{AiGame, ENGINES, GAMES};
pub use paths::{MAX_FRAMES, PathView};
