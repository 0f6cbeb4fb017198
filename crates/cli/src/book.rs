//! `ply book`: build an opening book (the exact values of every position within a number of
//! plies of a start) and show what a book file holds; `ply solve --book FILE` uses one.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use adversarial::{BookBuilder, OpeningBook};
use games::{ConnectFour, TicTacToe};
use search_core::GameHash;

use crate::Failure;
use crate::progress::Progress;

/// The name Connect Four books carry (a reader for another game rejects them).
pub const CONNECT_FOUR: &str = "connect4";
/// The name tic-tac-toe books carry.
pub const TIC_TAC_TOE: &str = "tictactoe";

/// Options of `ply book`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, clap::Subcommand)]
enum BookCommand {
    /// Solve every position within --depth plies of the start and write their values.
    #[command(after_help = "\
The positions are solved deepest first, each level with the values of the levels below it,
so a book costs about as much as solving its deepest level. Symmetric positions (a Connect
Four position and its mirror image, the 8 images of a tic-tac-toe board) are stored once, 10
bytes each, with a checksum over the file.

Examples:
  ply book build --game ttt --depth 9 --out ttt.book
  ply book build --game c4 --from 4444 --depth 4 --out c4-4444.book
  ply solve --book c4-4444.book 44445")]
    Build(BuildArgs),
    /// Check a book file and print what it holds.
    #[command(after_help = "\
Examples:
  ply book info --game ttt ttt.book")]
    Info(InfoArgs),
}

/// The games books can be built for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum BookGame {
    /// Tic-tac-toe.
    #[value(alias = "tictactoe", alias = "tic-tac-toe")]
    Ttt,
    /// Connect Four.
    #[value(alias = "connect4", alias = "connect-four")]
    C4,
}

impl BookGame {
    fn name(self) -> &'static str {
        match self {
            BookGame::Ttt => TIC_TAC_TOE,
            BookGame::C4 => CONNECT_FOUR,
        }
    }
}

/// Options of `ply book build`.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// The game.
    #[arg(long, value_enum)]
    game: BookGame,
    /// Plies from the start: every position this many moves or fewer from it is solved.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=42))]
    depth: u32,
    /// The start position (Connect Four: 1-based columns such as 4453; tic-tac-toe: the
    /// board, e.g. 'x.. .o. ...'). Default: the empty board.
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    /// The book file to write.
    #[arg(long, short)]
    out: PathBuf,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// Threads per position (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
    /// Refuse a book with more positions than this.
    #[arg(long, default_value_t = 10_000_000)]
    max_positions: usize,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `ply book info`.
#[derive(Debug, clap::Args)]
struct InfoArgs {
    /// The game the book should be for.
    #[arg(long, value_enum)]
    game: BookGame,
    /// The book file.
    file: PathBuf,
}

/// Runs `ply book`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    match args.command {
        BookCommand::Build(args) => build(&args),
        BookCommand::Info(args) => info(&args),
    }
}

/// Reads the book at `path`, checking that it is `game`'s: a damaged, cut, foreign or
/// unreadable file is bad input with a message that names it.
pub fn read_book(path: &Path, game: &str) -> Result<OpeningBook, Failure> {
    let bytes = fs::read(path)
        .map_err(|e| Failure::input(format!("cannot read the book {}: {e}", path.display())))?;
    OpeningBook::from_bytes(&bytes, game)
        .map_err(|e| Failure::input(format!("{}: {e}", path.display())))
}

fn build(args: &BuildArgs) -> Result<ExitCode, Failure> {
    let from = args.from.as_deref().unwrap_or("");
    match args.game {
        BookGame::C4 => {
            let start: ConnectFour = if from.is_empty() || from == "-" {
                ConnectFour::new()
            } else {
                from.parse()
                    .map_err(|e| Failure::input(format!("--from {from}: {e}")))?
            };
            build_book(args, &start)
        }
        BookGame::Ttt => {
            let start: TicTacToe = if from.is_empty() {
                TicTacToe::new()
            } else {
                from.parse()
                    .map_err(|e| Failure::input(format!("--from {from:?}: {e}")))?
            };
            build_book(args, &start)
        }
    }
}

fn build_book<G: GameHash + Sync>(args: &BuildArgs, start: &G) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let builder = BookBuilder::new(args.game.name(), args.depth)
        .with_table_mb(args.table_mb as usize)
        .with_threads(args.threads as usize)
        .with_max_positions(args.max_positions);
    let mut progress: Option<Progress> = None;
    let book = builder
        .build_with_progress(start, |done, total| match &progress {
            None => progress = Some(Progress::new(total as u64, "positions", args.quiet)),
            Some(bar) if done > 0 => bar.advance(),
            Some(_) => {}
        })
        .map_err(|e| Failure::run(format!("building the book: {e}")))?;
    if let Some(bar) = &progress {
        bar.finish();
    }
    let bytes = book.to_bytes();
    fs::write(&args.out, &bytes)
        .map_err(|e| Failure::run(format!("cannot write {}: {e}", args.out.display())))?;
    eprintln!(
        "{}: {} positions to depth {}, {} bytes, built in {:.2} s",
        args.out.display(),
        book.len(),
        book.depth(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn info(args: &InfoArgs) -> Result<ExitCode, Failure> {
    let book = read_book(&args.file, args.game.name())?;
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    for (_, value) in book.entries() {
        if value.is_win() {
            wins += 1;
        } else if value.is_loss() {
            losses += 1;
        } else {
            draws += 1;
        }
    }
    writeln!(
        io::stdout().lock(),
        "game {}, depth {}, {} positions: {wins} won, {draws} drawn, {losses} lost by the side to move",
        book.game(),
        book.depth(),
        book.len()
    )?;
    Ok(ExitCode::SUCCESS)
}
