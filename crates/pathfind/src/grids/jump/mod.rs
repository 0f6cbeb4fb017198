//! Jump point search.
pub(crate) mod jps;
pub(crate) mod jps_plus;
pub(crate) mod search;
