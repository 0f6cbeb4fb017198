//! # adversarial: game-tree search for any two-player game
//!
//! Engines for two-player, zero-sum, perfect-information games: anything that implements
//! [`search_core::Game`] — tic-tac-toe and Connect Four from the `games` crate, or your own
//! game. Nothing here knows any particular game: what a game knows (a fast "can I win at
//! once?", the moves that do not lose at once, ordering hints, a hash key) reaches the
//! engines through the `Game` and `GameHash` hooks.
//!
//! ## The five steps: new, with_budget, with_threads, run, read stats
//!
//! Every engine of the workspace is used the same way: create it with `new` (then any
//! `with_*` options), bound it with `with_budget` (the one
//! [`Budget`](search_core::Budget) of `search-core`), give it threads with `with_threads`,
//! run it, and read the [`Stats`](search_core::Stats) in the result's `stats` field.
//!
//! ```
//! use adversarial::{Negamax, Solver};
//! use games::{ConnectFour, ThreatEvaluator, TicTacToe};
//! use search_core::{Budget, Score};
//!
//! // 1. new (and options)
//! let engine = Negamax::new(ThreatEvaluator).with_table_mb(16);
//! // 2. the budget, 3. the threads
//! let mut engine = engine.with_budget(Budget::depth(8)).with_threads(2);
//! // 4. run
//! let position: ConnectFour = "4453".parse().unwrap(); // columns 1 to 7
//! let result = engine.search(&position).unwrap();
//! // 5. read the result and its stats
//! println!("play column {}: {result}", result.best_move + 1);
//! assert_eq!(result.stats.depth_reached, 8);
//!
//! // The exact value, the same way: tic-tac-toe is a draw.
//! let mut solver = Solver::new()
//!     .with_table_mb(1)
//!     .with_budget(Budget::new())
//!     .with_threads(1);
//! let s = solver.solve(&TicTacToe::new()).unwrap();
//! assert_eq!(s.score, Some(Score::DRAW));
//! println!("{s}"); // draw (exact), 1234 nodes in ...
//! ```
//!
//! ## Which engine?
//!
//! | you want to... | use | module |
//! |---|---|---|
//! | play well within a depth or time budget | [`Negamax`] (+ a [`TranspositionTable`]) | `two_player` |
//! | use every core | `with_threads(n)` on [`Negamax`] and [`Solver`] (Lazy SMP) | `two_player`, `solving` |
//! | search from an interactive program: live reports, a thread of its own, one depth per step, thinking on the opponent's time | `search_observed` ([`DepthInfo`]), `spawn` ([`NegamaxHandle`]), `steps` ([`NegamaxSteps`]), `ponder` ([`NegamaxPonder`]) on [`Negamax`] | `two_player` |
//! | know the exact value (win/draw/loss, and in how many plies) | [`Solver`] ([`Solution`], [`WeakSolution`], [`BestMove`]) | `solving` |
//! | the exact values of every position near the start, saved to a file and consulted first; built on one machine or in shards | [`BookBuilder`], [`OpeningBook`], [`BookFile`], [`BookPlan`], [`BookShard`], [`ShardId`], [`Solver::with_book`] | `solving` |
//! | every root move with its value | `analyze` on [`Negamax`] and [`Solver`] ([`Strategy::analyze`](search_core::Strategy::analyze)) | `two_player`, `solving` |
//! | a reference to check against, or to teach | [`Minimax`], [`AlphaBeta`] | `two_player` |
//! | the exact margin (boxes, seeds, points) of a game with [`Game::margin`](search_core::Game::margin) | [`MarginSolver`] (null-window probes over the margin still to come) | `solving` |
//! | dice or cards: expectiminimax with Star1/Star2 pruning, for two players | [`Expectimax`] ([`ChancePruning`]) | `general` |
//! | three or more players: every player's value | [`MaxN`] | `general` |
//! | three or more players: the root player against a coalition, with alpha-beta | [`Paranoid`] | `general` |
//! | three or more players: the root player against the strongest single reply | [`BestReply`] | `general` |
//! | hidden cards or simultaneous moves ([`ImperfectInfo`](search_core::ImperfectInfo)): an equilibrium strategy | [`GameTree`], then [`Cfr`] (vanilla or CFR+) or [`Mccfr`] (external sampling); [`Policy`], [`CfrResult`] | `imperfect` |
//! | simultaneous moves ([`SimultaneousGame`](search_core::SimultaneousGame)): the exact value and first-round strategies; a matrix game | [`SimultaneousSolver`]; [`solve_matrix_game`] | `imperfect` |
//! | how far a strategy is from an equilibrium, what a best response wins | [`exploitability`], [`nash_conv`], [`best_response`], [`expected_values`] | `imperfect` |
//! | tune what is searched first | [`MoveOrdering`] | `two_player` |
//! | a table shared between searches or threads | [`TranspositionTable`], [`CompactTable`] | `tables` |
//! | property-test your own evaluator and game hooks | `testing` module (feature `testing`) | `testing.rs` |
//!
//! ## Reading the source
//!
//! Start here, then go to the family of the engine you use: each family's `mod.rs` says what
//! each of its files holds, and each file is one engine, or one job of one, in a few hundred
//! lines (none has more than 800 outside its tests).
//!
//! | module | holds | read first |
//! |---|---|---|
//! | `two_player/` | depth-limited search of a [`Game`](search_core::Game): the textbook [`Minimax`] and [`AlphaBeta`] (one walk, with pruning off or on), [`Negamax`] and the per-node loop every table-using engine runs (the searcher), move ordering, iterative deepening with aspiration windows or MTD(f), quiescence, Lazy SMP | `searcher/mod.rs`, whose docs list a node's steps and the file of each |
//! | `solving/` | exact values: the [`Solver`] (null-window probes over the values a position can have), what it says about each move, its parallel solve and parked helper threads, [`Solution`]s, opening books, and the [`MarginSolver`] | `solver.rs`, then `null_window.rs` |
//! | `general/` | games with chance nodes or more than two players ([`GeneralGame`](search_core::GeneralGame)): [`Expectimax`], [`Paranoid`], [`MaxN`] and [`BestReply`], each a few node functions on one shared walk | `walk.rs` |
//! | `imperfect/` | games with hidden information ([`ImperfectInfo`](search_core::ImperfectInfo)): the [`GameTree`] walked once into flat arrays with its information sets numbered, [`Cfr`] and [`Cfr`]+, [`Mccfr`], exact best responses and exploitability | `tree.rs`, then `cfr.rs` |
//! | `tables/` | the transposition tables ([`TranspositionTable`], [`CompactTable`]) and the [`Transpositions`] trait through which the engines reach them | `transpositions.rs` |
//! | `builder.rs` | the macro that writes every engine's plain `with_*` setters and getters | |
//! | `testing.rs` | the `testing` feature's properties | |
//!
//! The families depend on each other one way only: `tables` on none of them, `two_player` on
//! `tables`, `solving` on both (the solver runs the searcher), and `general` and `imperfect` on none; no
//! module uses a module that uses it back (`benches/scripts/module-cycles.py` in the
//! repository checks it). Everything public is re-exported here, at the crate root.
//!
//! The same words mean the same thing in every engine of the workspace. A
//! [`Budget`](search_core::Budget)'s `depth` is the nominal search depth (refused by the
//! solver, which has no horizon), `nodes` the positions searched as counted in
//! [`Stats::nodes`](search_core::Stats::nodes), `time` the wall-clock time from the start,
//! and an `iterations` limit is refused here (iterative deepening counts depths: give a
//! depth). A field an engine cannot honour is an error when the search starts
//! ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)), never ignored.
//! `with_threads(n)` runs the same search on `n` threads; `with_table_mb(n)` gives a table
//! of at most `n` MiB; `with_seed(s)` makes random choices reproducible.
//!
//! ## Features
//! * `testing`: the [`testing`][testing-module] module, ready-made properties for your own
//!   evaluator and game hooks ([`check_symmetric`][symmetric], [`check_matches_minimax`][minimax],
//!   ...), to call from your proptest tests; it also turns on `search-core/testing`, whose
//!   proptest strategies draw the random positions.
//!
#![cfg_attr(
    not(feature = "testing"),
    doc = "These docs were built without the `testing` feature; build them with \
           `--features testing` to see its items."
)]
#![cfg_attr(not(feature = "testing"), doc = "")]
#![cfg_attr(feature = "testing", doc = "[testing-module]: crate::testing")]
#![cfg_attr(feature = "testing", doc = "[symmetric]: testing::check_symmetric")]
#![cfg_attr(feature = "testing", doc = "[minimax]: testing::check_matches_minimax")]
#![cfg_attr(not(feature = "testing"), doc = "[testing-module]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[symmetric]: #features")]
#![cfg_attr(not(feature = "testing"), doc = "[minimax]: #features")]
//!
//! [`Negamax`] is negamax with fail-soft alpha-beta, principal-variation (null-window)
//! search, a transposition table, move ordering (table move, the game's hints, killer
//! moves, history), and iterative deepening bounded by a [`Budget`](search_core::Budget)
//! (depth, nodes, time, stop flag). It returns a [`SearchResult`]: best move, score,
//! principal variation and [`Stats`](search_core::Stats). Scores carry exact win/loss
//! distances ([`Score`](search_core::Score)), so the engine prefers the fastest win and the
//! slowest loss and never misses a win in one or a block of a loss in one. Ties between
//! equally good root moves can be broken at random, reproducibly from a seed.
//!
//! [`Solver`] finds the game-theoretic value with null-window searches over the possible
//! scores, as Pascal Pons' Connect Four solver does, with nothing Connect-Four-specific:
//! the same solver proves the empty tic-tac-toe board a draw, gives Pons' score on all 6,000
//! positions of his six published Connect Four benchmark sets, and solves the empty Connect
//! Four board (+1, a first-player win). `docs/benchmarks/adversarial.md` in the repository compares its
//! time and nodes per position with Pons' C++ solver, set by set, with the commands to
//! reproduce them.
//!
//! ## Cost
//! * Minimax visits every node to the depth: `b^d` (tic-tac-toe's full tree: 549,946
//!   nodes). Alpha-beta with good ordering visits about `b^(d/2)`; the table removes
//!   transpositions on top of that. A node costs a copy of the state (games search by
//!   copy-make unless they declare a cheaper undo), a few hook calls, and one table probe;
//!   a node whose children use the table also plays each move once more to prefetch the
//!   children's slots (see [`TranspositionTable::prefetch`]).
//! * Nothing is allocated per node: move lists and orderings live on stacks (a node's
//!   entries above its parent's) and principal variations in per-ply buffers, all
//!   allocated once per search and reused by every node.
//! * A [`TranspositionTable`] never takes more than the bytes you give it: the largest
//!   power-of-two number of 16-byte slots that fits (so between half of them and all of
//!   them), allocated and written once when it is created — for `with_table_mb`, when the
//!   engine's first search starts.
//!
//! ## Safety
//! Three `unsafe` blocks. Two in `tables/memory.rs`: the x86_64 cache-prefetch instruction,
//! a hint that cannot fault or change memory, and (on Linux) the `madvise` call that asks
//! for huge pages for a table's memory before it is first written. One in `solving/pool.rs`:
//! the helper threads a parallel [`Solver`] keeps between solves are lent each solve's
//! borrowed data (the lifetime of a reference is extended, as `std::thread::scope` does, and
//! the solve waits for every helper to be done with it before it returns or unwinds). All
//! three are there because they make the solver measurably faster
//! (`docs/benchmarks/adversarial.md` in the repository); the tables' and the pool's tests
//! run under Miri. The crate is `#![deny(unsafe_code)]` with those three places allowed.
//!
//! ## Errors: a broken game or a panic is never an answer
//! Every engine returns a [`SearchError`](search_core::SearchError) instead of a value when
//! the game breaks its contract where the search can see it: an ongoing state without legal
//! moves (`NoLegalMoves`), an extra turn in a game that promised alternating turns by
//! declaring `MOVES_CANNOT_LOSE` or `NON_LOSING_MOVES_EXACT` (`TurnDidNotPass`), a hook move
//! that is not legal (`IllegalHookMove`: at the root, and everywhere in debug builds), an
//! `undo` that does not restore the key (`KeyNotRestored`, debug builds). A panic in your
//! game or evaluator on a thread the engine started (Lazy SMP helpers, the threads of a
//! solver `with_threads(n)`, n > 1) stops the other threads and is `WorkerPanicked` with the panic's
//! message; a panic on your own thread unwinds to you as usual.
//!
//! ## Extra turns
//! A move may keep the turn (Dots and Boxes, Kalah): [`Game::to_move`](search_core::Game::to_move)
//! says who moves next, and [`Negamax`], [`AlphaBeta`], [`Minimax`] and the [`Solver`]
//! follow it. Negamax negates a child's value and swaps its window only when the mover
//! changes ([`Score::to_parent_same_mover`](search_core::Score::to_parent_same_mover)
//! otherwise), which costs the one comparison of the side to move per child that the
//! engines always made. The solver's scores count plies to the end whoever makes them, so
//! its null-window ladder already holds every win and loss distance: it solves such games
//! exactly. [`MarginSolver`] solves for the exact margin instead of win/draw/loss.
//!
//! ```
//! use adversarial::{Negamax, Solver};
//! use search_core::{Budget, Game, Outcome, Player, Score};
//!
//! /// Take 1 or 2 sticks; taking 2 closes a box and the same player moves again; whoever
//! /// takes the last stick wins.
//! #[derive(Clone, Debug)]
//! struct Boxes { sticks: u8, to_move: Player, last: Player }
//! impl Game for Boxes {
//!     type Move = u8;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, m: &mut Vec<u8>) { m.extend((1..=2).filter(|&t| t <= self.sticks)) }
//!     fn play(&mut self, t: u8) {
//!         self.sticks -= t;
//!         self.last = self.to_move;
//!         if t == 1 { self.to_move = self.to_move.opponent() }
//!     }
//!     fn outcome(&self) -> Outcome {
//!         if self.sticks == 0 { Outcome::Win(self.last) } else { Outcome::Ongoing }
//!     }
//! }
//!
//! // Two sticks: take both at once and win (the extra turn comes after the last move).
//! let g = Boxes { sticks: 2, to_move: Player::First, last: Player::Second };
//! let r = Negamax::new(|_: &Boxes| 0).with_budget(Budget::depth(4)).search(&g).unwrap();
//! assert_eq!((r.best_move, r.score), (2, Some(Score::win_in(1))));
//! // Five sticks: 2 (again), 2 (again), 1 wins in three plies of the same player.
//! let g = Boxes { sticks: 5, ..g };
//! let s = Solver::new().without_table().solve(&g).unwrap();
//! assert_eq!(s.score, Some(Score::win_in(3)));
//! ```
//!
//! ## Correctness
//! The crate's tests check, as properties on random reachable positions of tic-tac-toe and
//! Connect Four with a pseudo-random evaluator, that every engine and option combination
//! returns exactly plain [`Minimax`]'s root value at the same depth; that the AI never loses
//! a game of tic-tac-toe whatever the opponent plays; and that the solver matches Pascal
//! Pons' published Connect Four scores.
#![warn(missing_docs)]
#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod builder;
mod general;
mod imperfect;
mod solving;
mod stack;
mod tables;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
mod two_player;

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub use general::best_reply::BestReply;
pub use general::expectimax::{ChancePruning, Expectimax};
pub use general::maxn::MaxN;
pub use general::paranoid::Paranoid;
pub use general::spawned::GeneralHandle;
pub use general::{GeneralEvaluator, GeneralResult};
pub use imperfect::best_response::{
    BestResponse, best_response, expected_values, exploitability, nash_conv,
};
pub use imperfect::cfr::{Cfr, CfrVariant};
pub use imperfect::matrix::{MatrixSolution, solve_matrix_game};
pub use imperfect::mccfr::Mccfr;
pub use imperfect::outcome::OutcomeMccfr;
pub use imperfect::simultaneous::{SimultaneousSolution, SimultaneousSolver};
pub use imperfect::tree::{GameTree, InfoSetId};
pub use imperfect::{CfrResult, Policy};
pub use solving::anytime::{BoundsInfo, SolverHandle};
pub use solving::book::{BookFile, OpeningBook};
pub use solving::book_builder::BookBuilder;
pub use solving::book_error::BookError;
pub use solving::book_error::ShardId;
pub use solving::book_plan::BookPlan;
pub use solving::book_shard::BookShard;
pub use solving::margin::{MarginSolution, MarginSolver};
pub use solving::solution::{Analysis, BestMove, Solution, WeakSolution};
pub use solving::solver::Solver;
pub use tables::compact::CompactTable;
pub use tables::entry::{
    Bound, MAX_TABLE_BYTES, Replacement, TableEntry, TableSizeError, TableStats,
};
pub use tables::transposition::TranspositionTable;
pub use tables::transpositions::{NoTable, Transpositions};
pub use two_player::alphabeta::AlphaBeta;
pub use two_player::anytime::{DepthInfo, NegamaxHandle};
pub use two_player::minimax::Minimax;
pub use two_player::negamax::Negamax;
pub use two_player::ordering::MoveOrdering;
pub use two_player::ponder::{NegamaxPonder, PonderAnswer};
pub use two_player::result::SearchResult;
pub use two_player::stepping::NegamaxSteps;
