//! The integration tests of `play`, in one binary so that they link once: a module per
//! file of this folder.

mod arena_general;
mod arena_two_player;
mod play_loop;
mod reversi_engines;
mod scripted;
