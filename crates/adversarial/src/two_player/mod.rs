//! Depth-limited search of two-player games ([`search_core::Game`]).
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
