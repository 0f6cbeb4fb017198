//! The integration tests of `mcts`, in one binary so that they link once: a module per
//! file of this folder.

mod analysis;
mod anytime;
mod choose_within;
mod common;
mod deep_stack;
mod engine;
mod extra_turns;
mod faults;
mod general;
mod guide;
mod mcts_connect4;
mod memory;
mod observe;
mod parallel;
mod play;
mod rave;
mod repository;
mod sm_mcts;
mod solver;
mod transpositions;
mod widening;
mod zero;
