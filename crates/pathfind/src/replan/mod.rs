//! Replanning.
pub(crate) mod replanner;
