//! The integration tests of `games`, in one binary so that they link once: a module per
//! file of this folder.

mod conformance;
mod connect4_oracles;
mod general_games;
mod imperfect_games;
mod kalah_rules;
mod liars_dice;
mod parsers_regressions;
mod perft;
mod repository;
mod reversi;
mod tictactoe_oracles;
mod tictactoe_textbook_counts;
mod tricks;
