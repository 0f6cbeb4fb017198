//! `ply path` (being written).

use std::process::ExitCode;

use crate::Failure;

/// Options of `ply path`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `ply path`.
pub fn run(_args: Args) -> Result<ExitCode, Failure> {
    Err(Failure::input("ply path is being written"))
}
