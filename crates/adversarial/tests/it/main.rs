//! The integration tests of `adversarial`, in one binary so that they link once: a module per
//! file of this folder.

mod analysis;
mod anytime;
mod book;
mod book_shards;
mod broken_games;
mod budgets;
mod common;
mod cross_check;
mod deep_stack;
mod enhancements;
mod evaluator_properties;
mod extra_turns;
mod faults;
mod general_games;
mod general_spawn;
mod imperfect;
mod liars_dice;
mod margin_solver;
mod parallel_solver;
mod ponder;
mod published_values;
mod repository;
mod simultaneous;
mod solver_connect4;
mod stepping;
mod table_growth;
mod targets;
mod tictactoe;
