//! # games: tic-tac-toe, Connect Four, Reversi and more for the search workspace
//!
//! Three classic games implemented on bitboards, ready for every engine of the workspace
//! (they implement [`search_core::Game`] and [`search_core::GameHash`]), plus the knowledge a
//! user can start from:
//!
//! | type | what |
//! |---|---|
//! | [`TicTacToe`] | 3 × 3, two 9-bit masks; cells `0..9`; parses `"X.O .X. ..O"` |
//! | [`ConnectFour`] | 7 × 6, `current` + `mask` bitboards; columns `0..7`; parses `"4455"` (1-based) |
//! | [`utility_matrix`], [`UtilityPlayer`] | the classic static utility of a tic-tac-toe move (1000/100/10/1) |
//! | [`RulePlayer`] | a rule player: win, else block, else a safe random move (any game) |
//! | [`OpenLines`] | a tic-tac-toe evaluator: open lines for me minus open lines for you |
//! | [`ThreatEvaluator`], [`LineEvaluator`] | Connect Four evaluators: threat counting, line counting |
//! | [`Reversi`], [`reversi`] | 6 × 6 Reversi (Othello) with passes, an evaluator ([`reversi::Weights`]) and a one-ply player |
//! | [`DotsAndBoxes`] | Dots and Boxes on up to 56 lines, with extra turns and the box [`margin`](search_core::Game::margin) |
//! | [`Kalah`], [`KalahRules`] | Kalah(pits, stones), the mancala game, with extra turns and the stone margin; the common rules or the empty capture of the published solutions |
//! | [`EinStein`] | EinStein würfelt nicht!, a dice game: a [`GeneralGame`](search_core::GeneralGame) with chance nodes |
//! | [`Kuhn`], [`KuhnInfo`] | Kuhn poker: three cards, one bet; hidden cards ([`ImperfectInfo`](search_core::ImperfectInfo)) |
//! | [`Leduc`], [`LeducInfo`] | Leduc hold'em: six cards, two betting rounds, a public card |
//! | [`LiarsDice`], [`LiarsDiceInfo`] | Liar's Dice for 2 to 4 players: hidden dice, rising bids, a call |
//! | [`Tricks`], [`TricksInfo`] | a small trick-taking card game for 3 or 4 players: hidden hands, follow suit, a point per trick |
//! | [`Goofspiel`] | Goofspiel with 1 to 13 cards: simultaneous bids ([`SimultaneousGame`](search_core::SimultaneousGame)) |
//! | [`MnkGame`] | the m,n,k-game for 2 to 4 players: a [`GeneralGame`](search_core::GeneralGame) with a reward per player |
//! | [`perft`] | count move sequences to a depth, for any game |
//! | [`connect4_line`] | the `<moves> [score]` line format of the published Connect Four benchmark |
//!
//! Connect Four also implements the engine hooks that make a generic search reach
//! hand-written-solver speed: [`winning_move`](search_core::Game::winning_move) and
//! [`non_losing_moves`](search_core::Game::non_losing_moves) as single bitboard expressions,
//! and [`move_order_hint`](search_core::Game::move_order_hint) by the number of winning
//! cells a move creates, centre first.
//!
//! ```
//! use games::{perft, ConnectFour, TicTacToe};
//! use search_core::{Game, Outcome};
//!
//! let mut c4: ConnectFour = "4455".parse().unwrap();
//! println!("{c4}");
//! c4.try_play(5).unwrap(); // column 6, 0-based 5
//! assert_eq!(c4.outcome(), Outcome::Ongoing);
//! assert_eq!(perft(&TicTacToe::new(), 9), 127_872);
//! ```
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod connect4;
pub mod connect4_line;
mod dots_and_boxes;
mod einstein;
mod goofspiel;
mod kalah;
mod kuhn;
mod leduc;
mod liars_dice;
mod mnk;
mod perft;
pub mod reversi;
mod setup;
mod tictactoe;
mod tricks;

pub use connect4::{
    ConnectFour, HEIGHT, LineEvaluator, ParseConnectFourError, ThreatEvaluator, WIDTH,
};
pub use dots_and_boxes::DotsAndBoxes;
pub use einstein::{EinStein, EinSteinMove};
pub use goofspiel::Goofspiel;
pub use kalah::{Kalah, KalahCapture, KalahRules, KalahSweep};
pub use kuhn::{Kuhn, KuhnInfo};
pub use leduc::{Leduc, LeducInfo};
pub use liars_dice::{LiarsDice, LiarsDiceInfo};
pub use mnk::MnkGame;
pub use perft::perft;
pub use reversi::Reversi;
pub use setup::SetupError;
pub use tictactoe::{
    LINE_CELLS, LINES, OpenLines, ParseTicTacToeError, RulePlayer, TicTacToe, UtilityPlayer,
    best_utility_moves, utility_matrix,
};
pub use tricks::{Tricks, TricksInfo};

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
