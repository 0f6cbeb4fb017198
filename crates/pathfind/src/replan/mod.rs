//! Replanning.
pub(crate) mod keys;
pub(crate) mod replanner;
