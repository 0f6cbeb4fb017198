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
//! | `searcher.rs` | the searcher: one thread's state and the node, fail-soft alpha-beta with PVS, the table, the game's hooks |
//! | `window.rs` | a child's value and window seen from its parent (negation, extra turns, null windows) |
//! | `ordering.rs` | [`MoveOrdering`](crate::MoveOrdering), and how the searcher ranks a node's moves (table move, hints, killers, history) |
//! | `lookahead.rs` | before a node searches its children: prefetching their table slots, the enhanced transposition cut-off |
//! | `quiescence.rs` | quiescence search beyond the horizon |
//! | `root.rs` | the root's moves searched once, random ties, one root move's value |
//! | `polling.rs` | when a thread stops, and what it does every so many nodes (waking helpers, growing the table) |
//! | `deepening.rs` | iterative deepening, with the full window, aspiration windows or MTD(f); every move's value for an analysis |
//! | `parallel.rs` | Lazy SMP, and what every parallel search shares |
//! | `result.rs` | [`SearchResult`](crate::SearchResult) |

pub(crate) mod alphabeta;
pub(crate) mod deepening;
pub(crate) mod lookahead;
pub(crate) mod minimax;
pub(crate) mod negamax;
pub(crate) mod options;
pub(crate) mod ordering;
pub(crate) mod parallel;
pub(crate) mod polling;
pub(crate) mod quiescence;
pub(crate) mod result;
pub(crate) mod root;
pub(crate) mod searcher;
pub(crate) mod textbook;
pub(crate) mod window;
