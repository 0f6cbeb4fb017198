//! Depth-limited search of two-player games ([`search_core::Game`]).
pub(crate) mod alphabeta;
pub(crate) mod deepening;
pub(crate) mod minimax;
pub(crate) mod negamax;
pub(crate) mod ordering;
pub(crate) mod parallel;
pub(crate) mod result;
pub(crate) mod searcher;
pub(crate) mod textbook;
