//! `ply tree` (being written).

use std::process::ExitCode;

use crate::Failure;

/// Options of `ply tree`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `ply tree`.
pub fn run(_args: Args) -> Result<ExitCode, Failure> {
    Err(Failure::input("ply tree is being written"))
}
