//! Engines for games with hidden information: information set MCTS (`ismcts.rs`) and
//! determinized search (`determinized.rs`), and the settings they share
//! (`settings.rs`).

pub(crate) mod determinized;
pub(crate) mod ismcts;
pub(crate) mod settings;
