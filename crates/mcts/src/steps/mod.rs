//! The steps of an iteration, one file each: selection (`selection.rs`, UCT with the
//! solver's pruning, priors, widening, RAVE and transpositions), expansion
//! (`expansion.rs`), playouts (`playout.rs`), and what RAVE (`rave.rs`) and
//! transpositions (`transpositions.rs`) keep beside the tree.

pub(crate) mod expansion;
pub(crate) mod playout;
pub(crate) mod rave;
pub(crate) mod selection;
pub(crate) mod transpositions;
