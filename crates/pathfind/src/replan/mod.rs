//! Replanning on a grid whose cells change: [`Replanner`](crate::Replanner), D* Lite
//! ([`replanner`]), and the keys it orders the cells to repair by, with their heap
//! ([`keys`]).

pub(crate) mod keys;
pub(crate) mod replanner;
