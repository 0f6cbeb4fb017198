//! The integration tests of `search-core`, in one binary so that they link once: a module per
//! file of this folder.

#[cfg(feature = "testing")]
mod conformance;
#[cfg(feature = "testing")]
mod conformance_general;
#[cfg(feature = "testing")]
mod conformance_imperfect;
mod observe_move;
