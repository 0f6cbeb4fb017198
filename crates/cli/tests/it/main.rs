//! The integration tests of `cli`, in one binary so that they link once: a module per
//! file of this folder.

mod book_cli;
mod book_shards_cli;
mod cards_cli;
mod common;
mod equilibrium_cli;
mod examples;
mod exit_status;
mod grammar_cli;
mod hostile_input;
mod kalah_rules_cli;
mod match_cli;
mod output_cli;
mod path_cli;
mod play_cli;
mod play_more_games;
mod solve_cli;
mod tree_cli;
