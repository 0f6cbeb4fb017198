//! `ply book`: build an opening book (the exact values of every position within a number of
//! plies of a start) and show what a book file holds; `ply solve --book FILE` uses one.

use std::fs::{self};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use adversarial::{BookBuilder, OpeningBook};
use games::{ConnectFour, Reversi, TicTacToe};
use search_core::Player;

use crate::Failure;
use crate::ai::{DEFAULT_TABLE_MB, GameKind, Playable};
use crate::output::OutputFile;
use crate::play::{dots_board, kalah_board, start_position};
use crate::progress::Progress;

/// The name Connect Four books carry (a reader for another game rejects them).
pub const CONNECT_FOUR: &str = "connect4";
/// The name tic-tac-toe books carry.
pub const TIC_TAC_TOE: &str = "tictactoe";
/// The name Reversi books carry.
pub const REVERSI: &str = "reversi";

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

A book holds exact values: win, draw or loss for the side to move (in Dots and Boxes and
Kalah too: who wins, not by how many boxes or stones). It carries its game's name
(tictactoe, connect4, reversi, dots-ROWSxCOLS, kalah-PITSxSTONES), so it is never read for
another game or board. Tic-tac-toe is solved whole in a moment, Connect Four near a start in
seconds to hours. Reversi (6 x 6), Dots and Boxes (3 x 3) and Kalah (6 pits of 4) are too deep
to solve from their first move: give a --start near the end, or a smaller --size. The output
file is checked before the build starts; a start position that is already over is refused.
ply solve --book reads Connect Four books.

Examples:
  ply book build --game ttt --depth 9 --out ttt.book
  ply book build --game c4 --start 274552224131661 --depth 6 --out c4.book
  ply solve --book c4.book 2745522241316614
  ply book build --game dots --size 2x2 --depth 4 --out dots.book
  ply book build --game kalah --size 4x3 --start '1 4' --depth 3 --out kalah.book")]
    Build(BuildArgs),
    /// Check a book file and print what it holds.
    #[command(after_help = "\
Examples:
  ply book info --game ttt ttt.book
  ply book info --game dots --size 2x2 dots.book")]
    Info(InfoArgs),
}

/// Options of `ply book build`.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// The game.
    #[arg(long, value_parser = GameKind::parser(GameKind::TWO_PLAYER))]
    game: GameKind,
    /// Plies from the start: every position this many moves or fewer from it is solved.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100))]
    depth: u32,
    /// The start position, as in `ply play`: 1-based Connect Four columns (`4453`), nine
    /// tic-tac-toe cells (`x.. .o. ...`), or moves as typed at the prompt (`c2 b2` for
    /// Reversi, `1 6` for Dots and Boxes, `3 1` for Kalah). Default: the empty board.
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// The board: ROWSxCOLS boxes for Dots and Boxes (3x3), PITSxSTONES for Kalah (6x4, common
    /// rules).
    #[arg(long)]
    size: Option<String>,
    /// The book file to write.
    #[arg(long, short)]
    out: PathBuf,
    /// Transposition table size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// Threads per position (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
    /// Refuse a book with more positions than this. Refused at once when this many
    /// positions and the table could need more memory than the machine has.
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
    #[arg(long, value_parser = GameKind::parser(GameKind::TWO_PLAYER))]
    game: GameKind,
    /// The board the book should be for: ROWSxCOLS for Dots and Boxes (3x3), PITSxSTONES
    /// for Kalah (6x4).
    #[arg(long)]
    size: Option<String>,
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
/// unreadable file is bad input with a message that names it. A device (`/dev/zero`) is
/// refused, and no more than half the machine's memory is read.
pub fn read_book(path: &Path, game: &str) -> Result<OpeningBook, Failure> {
    let shown = crate::output::shown_path(path);
    let cannot = |why: String| Failure::input(format!("cannot read the book {shown}: {why}"));
    let meta = fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    if meta.is_dir() {
        return Err(cannot("it is a directory".into()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_char_device() || kind.is_block_device() {
            return Err(cannot("it is a device, not a book file".into()));
        }
    }
    // At most half the machine's memory is read (a FIFO's length is not known before).
    let limit = machine_memory().map_or(u64::MAX, |m| m / 2);
    if meta.len() > limit {
        return Err(cannot(format!(
            "{} bytes, more than half the machine's memory",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(limit.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(|e| cannot(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(cannot("more than half the machine's memory".into()));
    }
    OpeningBook::from_bytes(&bytes, game).map_err(|e| Failure::input(format!("{shown}: {e}")))
}

/// Refuses `--size` for a game with one board.
fn check_size(game: GameKind, size: Option<&str>) -> Result<(), Failure> {
    if size.is_some() && !matches!(game, GameKind::Dots | GameKind::Kalah) {
        return Err(Failure::input(
            "--size is for dots and kalah: the other games have one board",
        ));
    }
    Ok(())
}

/// The name a book of `game` on the board `size` asks for carries.
fn book_name(game: GameKind, size: Option<&str>) -> Result<String, Failure> {
    check_size(game, size)?;
    Ok(match game {
        GameKind::Ttt => TIC_TAC_TOE.to_string(),
        GameKind::C4 => CONNECT_FOUR.to_string(),
        GameKind::Reversi => REVERSI.to_string(),
        GameKind::Dots => {
            let (rows, cols) = dots_board(size)?.size();
            format!("dots-{rows}x{cols}")
        }
        GameKind::Kalah => {
            let board = kalah_board(size)?;
            format!("kalah-{}x{}", board.pits(), board.stones(Player::First, 0))
        }
        GameKind::Einstein | GameKind::Mnk => return Err(no_book(game)),
    })
}

/// The games with dice or more than two players have no exact values to keep (the `--game`
/// parser does not offer them).
fn no_book(game: GameKind) -> Failure {
    Failure::input(format!(
        "there are no books for {game:?}: books hold the exact values of two-player games without dice"
    ))
}

fn build(args: &BuildArgs) -> Result<ExitCode, Failure> {
    let size = args.size.as_deref();
    let name = book_name(args.game, size)?;
    match args.game {
        GameKind::Ttt => build_book(args, name, TicTacToe::new()),
        GameKind::C4 => build_book(args, name, ConnectFour::new()),
        GameKind::Reversi => build_book(args, name, Reversi::new()),
        GameKind::Dots => build_book(args, name, dots_board(size)?),
        GameKind::Kalah => build_book(args, name, kalah_board(size)?),
        GameKind::Einstein | GameKind::Mnk => Err(no_book(args.game)),
    }
}

/// The most bytes a build holds for each position, beyond its table: the position's key in
/// the set of positions seen (a hash set of 9-byte slots at most 7/8 full, three times that
/// while it grows into a new one), the position itself in its level (three times its size
/// while the level grows), its solved entry (key and value, 16 bytes) in the list of
/// entries, in the copy the solver reads as the book below and in the book, and its 10 bytes
/// in the file.
fn bytes_per_position<G>() -> u64 {
    32 + 3 * size_of::<G>() as u64 + 4 * 16 + 10
}

/// The memory of the machine (`MemTotal` of `/proc/meminfo`), where it can be read.
fn machine_memory() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kb.checked_mul(1024)
}

/// Refuses, before any work, a build whose table and `--max-positions` could need more
/// memory than the machine has (and any whose estimate does not fit in 64 bits): the
/// positions are gathered before they are solved, so a limit beyond memory would end in a
/// failed allocation, not in the limit's message.
fn check_memory<G>(args: &BuildArgs) -> Result<(), Failure> {
    let per_position = bytes_per_position::<G>();
    let table = args.table_mb << 20;
    let need = (args.max_positions as u64)
        .checked_mul(per_position)
        .and_then(|b| b.checked_add(table));
    let memory = machine_memory();
    match (need, memory) {
        (Some(need), Some(memory)) if need <= memory => Ok(()),
        (Some(_), None) => Ok(()),
        (_, memory) => {
            let fits = memory.map_or(String::new(), |m| {
                format!(
                    " (this machine has {} MB: at most {} positions with a {} MB table)",
                    m >> 20,
                    m.saturating_sub(table) / per_position,
                    args.table_mb
                )
            });
            Err(Failure::input(format!(
                "--max-positions {}: a book that large could need more memory than the machine \
                 has, {per_position} bytes a position beside the table{fits}",
                args.max_positions
            )))
        }
    }
}

fn build_book<G: Playable>(args: &BuildArgs, name: String, board: G) -> Result<ExitCode, Failure> {
    check_memory::<G>(args)?;
    let start = start_position(board, args.start.as_deref())?.state;
    let output = OutputFile::claim(&args.out)?;
    let started = Instant::now();
    let builder = BookBuilder::new(name, args.depth)
        .with_table_mb(args.table_mb)
        .with_threads(args.threads as usize)
        .with_max_positions(args.max_positions);
    let mut progress: Option<Progress> = None;
    let built = builder.build_with_progress(&start, |done, total| match &progress {
        None => progress = Some(Progress::new(total as u64, "positions", args.quiet)),
        Some(bar) if done > 0 => bar.advance(),
        Some(_) => {}
    });
    if let Some(bar) = &progress {
        bar.finish();
    }
    let book = match built {
        Ok(book) => book,
        // Dropping the claim leaves the path as it was.
        Err(e) => return Err(Failure::run(format!("building the book: {e}"))),
    };
    let bytes = book.to_bytes();
    output.write(&bytes)?;
    eprintln!(
        "{}: {} positions of {} to depth {}, {} bytes, built in {:.2} s",
        args.out.display(),
        book.len(),
        book.game(),
        book.depth(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn info(args: &InfoArgs) -> Result<ExitCode, Failure> {
    let name = book_name(args.game, args.size.as_deref())?;
    let book = read_book(&args.file, &name)?;
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
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "game {}, depth {}, {} positions: {wins} won, {draws} drawn, {losses} lost by the side to move",
        book.game(),
        book.depth(),
        book.len()
    )?;
    if matches!(args.game, GameKind::Dots | GameKind::Kalah) {
        writeln!(
            out,
            "(who wins with perfect play, not by how many {})",
            if args.game == GameKind::Dots {
                "boxes"
            } else {
                "stones"
            }
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
