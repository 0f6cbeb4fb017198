//! Exact values: the [`Solver`](crate::Solver), which finds a position's game-theoretic value
//! by null-window searches of the two-player searcher, and the opening books it consults.
//! The margin solver ([`MarginSolver`](crate::MarginSolver)) solves for the exact margin
//! instead, with null-window probes of its own over the margin still to come.
//!
//! | file | holds |
//! |---|---|
//! | `solver.rs` | [`Solver`](crate::Solver): its options, strong and weak solves |
//! | `null_window.rs` | the ladder of values a position can have, and the null-window probes over it, on one thread |
//! | `analysis.rs` | what the solver says about the moves: [`best_move`](crate::Solver::best_move), [`analysis`](crate::Solver::analysis) |
//! | `race.rs` | a solve on several threads: the first to finish answers |
//! | `pool.rs` | the helper threads a parallel solver keeps parked between solves |
//! | `solution.rs` | [`Solution`](crate::Solution), [`WeakSolution`](crate::WeakSolution), [`BestMove`](crate::BestMove), [`Analysis`](crate::Analysis) |
//! | `anytime.rs` | the bounds reported as they narrow ([`BoundsInfo`](crate::BoundsInfo)) and a solve on its own thread (`Solver::spawn`) |
//! | `book.rs` | [`OpeningBook`](crate::OpeningBook): its file format, and the table with a book in front that the solver reads; [`BookError`](crate::BookError) and [`ShardId`](crate::ShardId), which it names |
//! | `book_builder.rs` | [`BookBuilder`](crate::BookBuilder): a book built by solving its positions, on one machine or in shards merged afterwards |
//! | `book_plan.rs` | [`BookPlan`](crate::BookPlan): a build's positions and their partition into shards |
//! | `book_shard.rs` | [`BookShard`](crate::BookShard): one shard's values and their file format |
//! | `margin.rs` | [`MarginSolver`](crate::MarginSolver), [`MarginSolution`](crate::MarginSolution): the exact margin by MTD(f) probes |
//! | `margin_table.rs` | the margin solver's table of bounds, keyed by what is not yet banked |

pub(crate) mod analysis;
pub(crate) mod anytime;
pub(crate) mod book;
pub(crate) mod book_builder;
pub(crate) mod book_error;
pub(crate) mod book_plan;
pub(crate) mod book_shard;
pub(crate) mod margin;
pub(crate) mod margin_table;
pub(crate) mod null_window;
pub(crate) mod pool;
pub(crate) mod race;
pub(crate) mod solution;
pub(crate) mod solver;
