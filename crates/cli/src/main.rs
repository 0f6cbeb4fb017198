//! `ply`: the search workspace's engines from the terminal.
//!
//! Play seven board games and five card games against the AI (tic-tac-toe, Connect Four,
//! Reversi, Dots and Boxes, Kalah, EinStein würfelt nicht!, the m,n,k-game; Kuhn poker,
//! Leduc hold'em, Liar's Dice, tricks, Goofspiel), solve Connect Four positions exactly,
//! build opening books, count move sequences, run path searches on MovingAI maps, match
//! engines, and draw search trees. `ply <command> --help` shows each command's options and examples.
//!
//! Exit status, the same for every command (the end of `ply --help` says it): 0 on success,
//! 1 when a run went wrong (a search error, a mismatch with an expected value, an output or
//! standard output that cannot be written), 2 for a usage error (an argument, a file or a
//! line that cannot be read as what was expected). Error messages quote at most 40
//! characters of any input.
#![forbid(unsafe_code)]

mod ai;
mod book;
mod cards;
mod equilibrium;
mod failure;
mod games;
mod grammar;
mod input;
mod r#match;
mod output;
mod path;
mod perft;
mod play;
mod progress;
mod solve;
mod solve_shard;
mod timing;
mod tree;

use std::io::Write;
use std::process::ExitCode;

use clap::error::{ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

pub(crate) use failure::Failure;
use input::clip;

/// Game-tree search, Monte Carlo tree search and path finding from the terminal.
#[derive(Debug, Parser)]
#[command(name = "ply", version, about, long_about = None, after_help = HELP_END)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The end of `ply --help`: the exit status of every command, then examples.
const HELP_END: &str = "\
Exit status (every command):
  0  success
  1  the run went wrong: a search error, a mismatch with an expected value, a file or
     standard output that cannot be written (a full disk, a closed pipe)
  2  a usage error: an unknown option, a value out of range, a position, file or line that
     cannot be read as what was expected
Errors go to standard error and quote at most 40 characters of any input.

Every command speaks one grammar (docs/cli.md): -g GAME names the game (every name it answers
to is listed in the command's help); -e KIND:STRENGTH names an engine and how hard it thinks
(mcts:500p playouts, alphabeta:d8 a depth, solver:2s a time per move); --seat N is a seat
counted from 1, the first to move; --size gives a board rows before columns (3x4, 6x6x4);
-o FILE writes a file, its format from its name; -s SEED and -q (quiet) wherever they apply.
Scores always say whose they are (score +6 for O). The 0.2 spellings still work for this
release, each with a one-line note of its new form.

Examples:
  ply play                                  # a game against the AI (seven to choose from)
  ply solve 4455 2252576253462244111563365  # exact Connect Four scores
  ply solve --analyze --file data/connect4/Test_L2_R1
  ply book build -g c4 --start 274552224131661 --depth 6 -o c4.book
  ply perft -g c4 10
  ply path data/movingai/arena.map -o arena.svg
  ply match -g c4 --games 10 -e alphabeta:50ms -e mcts:50ms
  ply tree -g ttt -e mcts:2000p -o tree.svg
  ply equilibrium -g kuhn --info-set 'K b'
  ply cards -g leduc --hands 5              # poker against ISMCTS: you see your own card";

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
    Match(r#match::Args),
    /// Export the top of a search tree as Graphviz DOT or as SVG.
    Tree(tree::Args),
    /// Solve a small game with hidden cards or simultaneous bids by CFR+: value,
    /// exploitability, strategies.
    Equilibrium(equilibrium::Args),
    /// Play Kuhn poker, Leduc hold'em, Liar's Dice, tricks or Goofspiel against the AI,
    /// seeing only your own cards.
    Cards(cards::Args),
    /// Play engines against each other in those games: score, 95 % interval and Elo.
    CardsMatch(cards::MatchArgs),
}

fn main() -> ExitCode {
    if let Err(failure) = output::check_stdout_open() {
        return failure.report();
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return command_line_error(e),
    };
    let result = match cli.command {
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Book(args) => book::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Path(args) => path::run(args),
        Command::Match(args) => r#match::run(args),
        Command::Tree(args) => tree::run(args),
        Command::Equilibrium(args) => equilibrium::run(args),
        Command::Cards(args) => cards::run(args),
        Command::CardsMatch(args) => cards::run_match(args),
    };
    // A write to standard output that failed anywhere in the run (a full disk, a pipe
    // closed early) is a failure even where the command went on.
    match result.and_then(|code| output::finish_stdout().map(|()| code)) {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}

/// Reports what clap found on the command line: help and version on standard output (exit
/// status 0, or 1 when it cannot be written), anything else on standard error with status 2,
/// every value from the command line cut to 40 characters ([`clip`]).
fn command_line_error(mut e: clap::Error) -> ExitCode {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let printed = write!(output::stdout(), "{}", e.render());
        return match printed
            .map_err(Failure::from)
            .and_then(|()| output::finish_stdout())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(failure) => failure.report(),
        };
    }
    let clipped: Vec<_> = e
        .context()
        .filter_map(|(kind, value)| {
            let value = match value {
                ContextValue::String(s) => ContextValue::String(clip(s)?),
                ContextValue::Strings(list) => {
                    if list.iter().all(|s| clip(s).is_none()) {
                        return None;
                    }
                    ContextValue::Strings(
                        list.iter()
                            .map(|s| clip(s).unwrap_or_else(|| s.clone()))
                            .collect(),
                    )
                }
                _ => return None,
            };
            Some((kind, value))
        })
        .collect();
    for (kind, value) in clipped {
        e.insert(kind, value);
    }
    let _ = e.print();
    ExitCode::from(2)
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
