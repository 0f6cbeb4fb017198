//! Transposition tables.
pub(crate) mod compact;
pub(crate) mod transposition;
