//! Depth-limited search of two-player games ([`Game`](search_core::Game)): the textbook
//! references, [`Negamax`](crate::Negamax), and the per-node loop that `Negamax` and the
//! exact [`Solver`](crate::Solver) both run.
//!
//! | file | holds |
//! |---|---|
//! | `minimax.rs`, `alphabeta.rs` | [`Minimax`](crate::Minimax) and [`AlphaBeta`](crate::AlphaBeta), the references the other engines are checked against |
//! | `textbook.rs` | their one walk: `max-value` / `min-value`, alpha-beta's cut-offs switched off (minimax) or on |
//! | `negamax.rs` | [`Negamax`](crate::Negamax): its options, and how a search or an analysis starts |
//! | `options.rs` | what `Negamax` and the `Solver` set for every node (`LoopOptions`) and the setup both hold |
//! | `searcher/` | the searcher: one thread's state and the node (`mod.rs`), fail-soft alpha-beta with PVS, the table, the game's hooks; in its submodules the root (`root.rs`), the ranking of a node's moves (`ranking.rs`), prefetching and the enhanced transposition cut-off (`lookahead.rs`), quiescence search (`quiescence.rs`), and when a thread stops (`polling.rs`) |
//! | `window.rs` | a child's value and window seen from its parent (negation, extra turns, null windows) |
//! | `ordering.rs` | [`MoveOrdering`](crate::MoveOrdering): which sources rank a node's moves |
//! | `deepening.rs` | iterative deepening, with the full window, aspiration windows or MTD(f); every move's value for an analysis |
//! | `parallel.rs` | Lazy SMP, and what every parallel search shares |
//! | `anytime.rs` | live reports of each finished depth ([`DepthInfo`](crate::DepthInfo)) and a search on its own thread (`Negamax::spawn`) |
//! | `ponder.rs` | thinking on the opponent's time: `Negamax::ponder`, [`NegamaxPonder`](crate::NegamaxPonder) |
//! | `stepping.rs` | iterative deepening one depth per call from the caller's loop: `Negamax::steps`, [`NegamaxSteps`](crate::NegamaxSteps) |
//! | `result.rs` | [`SearchResult`](crate::SearchResult) |

pub(crate) mod alphabeta;
pub(crate) mod anytime;
pub(crate) mod deepening;
pub(crate) mod minimax;
pub(crate) mod negamax;
pub(crate) mod options;
pub(crate) mod ordering;
pub(crate) mod parallel;
pub(crate) mod ponder;
pub(crate) mod result;
pub(crate) mod searcher;
pub(crate) mod stepping;
pub(crate) mod textbook;
pub(crate) mod window;
