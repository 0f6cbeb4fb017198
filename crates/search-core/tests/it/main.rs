//! The integration tests of `search-core`, in one binary so that they link once: a module per
//! file of this folder.

mod observe_move;
