//! `ply`: the search workspace's engines from the terminal.
//!
//! Play seven games against the AI (tic-tac-toe, Connect Four, Reversi, Dots and Boxes,
//! Kalah, EinStein würfelt nicht!, the m,n,k-game), solve Connect Four positions exactly,
//! build opening books, count move sequences, run path searches on MovingAI maps, match two
//! engines, and draw search trees. `ply <command> --help` shows each command's options and examples.
//!
//! Exit codes: 0 on success, 1 when a run finished but found a problem (a mismatch with an
//! expected score, a search error, a line that could not be processed), 2 for bad input (an
//! argument, a file or a line that cannot be read as what was expected).
#![forbid(unsafe_code)]

mod ai;
mod book;
mod equilibrium;
mod failure;
mod hidden;
mod input;
mod output;
mod path;
mod perft;
mod play;
mod play_general;
mod progress;
mod solve;
mod solve_shard;
mod timing;
mod tree;
mod versus;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use failure::Failure;

/// Game-tree search, Monte Carlo tree search and path finding from the terminal.
#[derive(Debug, Parser)]
#[command(name = "ply", version, about, long_about = None, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples:
  ply play                                  # a game against the AI (seven to choose from)
  ply solve 4455 2252576253462244111563365  # exact Connect Four scores
  ply solve --analyze < data/connect4/Test_L2_R1
  ply book build --game c4 --start 274552224131661 --depth 6 --out c4.book
  ply perft connect4 10
  ply path data/movingai/arena.map --render arena.svg
  ply match --game c4 --games 10 --time 50ms alphabeta mcts
  ply tree --game ttt --engine mcts --playouts 2000 --svg tree.svg
  ply equilibrium kuhn --info-set 'K b'
  ply cards --game leduc --hands 5          # poker against ISMCTS: you see your own card";

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game against the AI, or watch two AIs play.
    Play(play::Args),
    /// Solve Connect Four positions exactly (the published benchmark's line format).
    Solve(solve::Args),
    /// Build an opening book (exact values near a start position), or check a book file.
    Book(book::Args),
    /// Count the move sequences of a game to a depth, with nodes per second.
    Perft(perft::Args),
    /// Run a path search on every scenario of a MovingAI map and check its lengths.
    Path(path::Args),
    /// Play engines against each other: results per seat, and the Elo difference of two.
    Match(versus::Args),
    /// Export the top of a search tree as Graphviz DOT or as SVG.
    Tree(tree::Args),
    /// Solve a small game with hidden cards or simultaneous bids by CFR+: value,
    /// exploitability, strategies.
    Equilibrium(equilibrium::Args),
    /// Play Kuhn poker, Leduc hold'em, Liar's Dice, tricks or Goofspiel against the AI,
    /// seeing only your own cards.
    Cards(hidden::play::Args),
    /// Play engines against each other in those games: score, 95 % interval and Elo.
    CardsMatch(hidden::matches::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Book(args) => book::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Path(args) => path::run(args),
        Command::Match(args) => versus::run(args),
        Command::Tree(args) => tree::run(args),
        Command::Equilibrium(args) => equilibrium::run(args),
        Command::Cards(args) => hidden::play::run(args),
        Command::CardsMatch(args) => hidden::matches::run(args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
