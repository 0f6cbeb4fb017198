//! `ply book`: build an opening book (the exact values of every position within a number of
//! plies of a start), on one machine or in shards that a scheduler runs and `ply book merge`
//! joins, and show what a book or shard file holds; `ply solve --book FILE` uses one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{BookBuilder, BookError, BookFile, BookShard, OpeningBook, ShardId};
use games::{ConnectFour, Reversi, TicTacToe};
use search_core::{Game, Player};

use crate::Failure;
use crate::ai::DEFAULT_TABLE_MB;
use crate::games::board::Playable;
use crate::games::{board_start as start_position, dots_board, kalah_board};
use crate::grammar::{GameKind, notice};
use crate::output::{OutputFile, shown_path as shown};
use crate::progress::Progress;

/// The name Connect Four books carry (a reader for another game rejects them).
pub(crate) const CONNECT_FOUR: &str = "connect4";
/// The name tic-tac-toe books carry.
pub(crate) const TIC_TAC_TOE: &str = "tictactoe";
/// The name Reversi books carry.
pub(crate) const REVERSI: &str = "reversi";

/// Options of `ply book`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, clap::Subcommand)]
enum BookCommand {
    /// Solve every position within --depth plies of the start and write their values (or,
    /// with --shard, one part of them).
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

In shards (see docs/distributed.md): --shard K/N solves the K-th of N parts of the deepest
level (the same parts on every machine, of about equal expected cost) and writes a shard
file; ply book merge joins the N shard files into the book a single build writes, byte for
byte. A shard saves what it has solved into its -o file now and then: run the same
command again after a failure and it goes on from there (a finished shard is left as it is).

Examples:
  ply book build -g ttt --depth 9 -o ttt.book
  ply book build -g c4 --start 274552224131661 --depth 6 -o c4.book
  ply solve --book c4.book 2745522241316614
  ply book build -g dots --size 2x2 --depth 4 -o dots.book
  ply book build -g kalah --size 4x3 --start '1 4' --depth 3 -o kalah.book
  for k in 1 2 3 4; do ply book build -g c4 --start 274552224131661 --depth 4 --shard $k/4 -o c4.$k.shard; done
  ply book merge c4.book c4.1.shard c4.2.shard c4.3.shard c4.4.shard")]
    Build(BuildArgs),
    /// Join the shard files of a build made with --shard into its book.
    #[command(after_help = "\
Every shard must belong to the same build (game, board, start, depth, number of shards), be
given once, be finished and undamaged, and all N must be there; otherwise nothing is written
and the message names the file. The levels above the shards' are solved here (their
children are in the shards, so this is quick). The book is the one `ply book build` without
--shard writes, byte for byte.

Examples:
  ply book merge c4.book c4.1.shard c4.2.shard c4.3.shard c4.4.shard
  ply book merge c4.book c4.?.shard")]
    Merge(MergeArgs),
    /// Check a book or shard file and print what it holds.
    #[command(after_help = "\
The game and board are read from the file; --game (and --size) only check them.

Examples:
  ply book info ttt.book
  ply book info -g dots dots.book
  ply book info c4.3.shard")]
    Info(InfoArgs),
}

/// Options of `ply book build`.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::TWO_PLAYER))]
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
    /// The book file to write (with --shard: the shard file, also where it saves its
    /// progress).
    #[arg(long, short, value_name = "FILE", required_unless_present = "out")]
    output: Option<PathBuf>,
    /// Old spelling of --output.
    #[arg(long, hide = true, conflicts_with = "output")]
    out: Option<PathBuf>,
    /// The file written: --output, or the old --out.
    #[arg(skip)]
    path: PathBuf,
    /// Build only the K-th of N parts of the book (1 <= K <= N) into a shard file, for
    /// `ply book merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<ShardId>,
    /// With --shard: save the shard's progress to -o FILE this often (500ms, 30s, 5m).
    #[arg(long, value_name = "TIME", default_value = "30s", value_parser = crate::input::duration, requires = "shard")]
    checkpoint_every: Duration,
    /// With --shard: stop after solving this many positions in this run, save, and exit
    /// with status 1 (the same command goes on from there).
    #[arg(long, value_name = "POSITIONS", requires = "shard", value_parser = crate::input::positive)]
    stop_after: Option<u64>,
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

/// Options of `ply book merge`.
#[derive(Debug, clap::Args)]
struct MergeArgs {
    /// The book file to write.
    out: PathBuf,
    /// The shard files, all N of them, in any order.
    #[arg(required = true, value_name = "SHARDS")]
    shards: Vec<PathBuf>,
    /// Transposition table size in megabytes, for the levels above the shards'.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// Threads per position (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    quiet: bool,
}

/// Options of `ply book info`.
#[derive(Debug, clap::Args)]
struct InfoArgs {
    /// Check that the book is for this game (it is read from the file).
    #[arg(long, short, value_parser = GameKind::parser(GameKind::TWO_PLAYER))]
    game: Option<GameKind>,
    /// With --game: check the board too, ROWSxCOLS for Dots and Boxes, PITSxSTONES for
    /// Kalah (without it any board of the game is accepted).
    #[arg(long, requires = "game")]
    size: Option<String>,
    /// The book or shard file.
    file: PathBuf,
}

pub(crate) fn parse_shard(text: &str) -> Result<ShardId, String> {
    text.parse().map_err(|e: BookError| e.to_string())
}

/// Runs `ply book`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    match args.command {
        BookCommand::Build(mut args) => {
            args.path = match (args.output.take(), args.out.take()) {
                (Some(path), _) => path,
                (None, Some(path)) => {
                    notice(
                        &format!("--out {}", path.display()),
                        &format!("-o {}", path.display()),
                    );
                    path
                }
                (None, None) => return Err(Failure::input("give the book file: -o FILE")),
            };
            build(&args)
        }
        BookCommand::Merge(args) => merge(&args),
        BookCommand::Info(args) => info(&args),
    }
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

/// The most bytes of one book or shard file a command reads: half the machine's memory.
pub(crate) fn read_limit() -> u64 {
    machine_memory().map_or(u64::MAX, |m| m / 2)
}

/// Opens the book or shard file at `path` for reading: a folder or a device (`/dev/zero`)
/// is refused before anything is read.
pub(crate) fn open_input(path: &Path, what: &str) -> Result<File, Failure> {
    let cannot =
        |why: String| Failure::input(format!("cannot read the {what} {}: {why}", shown(path)));
    let meta = fs::metadata(path).map_err(|e| cannot(e.to_string()))?;
    if meta.is_dir() {
        return Err(cannot("it is a directory".into()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_char_device() || kind.is_block_device() {
            return Err(cannot(format!("it is a device, not a {what} file")));
        }
    }
    File::open(path).map_err(|e| cannot(e.to_string()))
}

/// Reads the book file at `path` (its header first, then at most what the header announces
/// and half the machine's memory) and checks that it is `game`'s and that its values are
/// ones positions of `board` can have: a damaged, cut, foreign or unreadable file is bad
/// input with a message that names it.
pub(crate) fn read_book<G: Game>(
    path: &Path,
    game: &str,
    board: &G,
) -> Result<OpeningBook, Failure> {
    let file = open_input(path, "book")?;
    OpeningBook::read_from(io::BufReader::new(file), game, board, read_limit())
        .map_err(|e| Failure::input(format!("{}: {e}", shown(path))))
}

/// Refuses `--size` for a game with one board.
pub(crate) fn check_size(game: GameKind, size: Option<&str>) -> Result<(), Failure> {
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
        _ => return Err(no_book(game)),
    })
}

/// The game and board a book's name stands for (the inverse of [`book_name`]).
fn game_of_name(name: &str) -> Option<(GameKind, Option<String>)> {
    let (game, size) = match name {
        TIC_TAC_TOE => (GameKind::Ttt, None),
        CONNECT_FOUR => (GameKind::C4, None),
        REVERSI => (GameKind::Reversi, None),
        _ => {
            if let Some(size) = name.strip_prefix("dots-") {
                (GameKind::Dots, Some(size.to_string()))
            } else if let Some(size) = name.strip_prefix("kalah-") {
                (GameKind::Kalah, Some(size.to_string()))
            } else {
                return None;
            }
        }
    };
    // Only a name this program writes: `dots-02x2` is not one.
    (book_name(game, size.as_deref()).ok()? == name).then_some((game, size))
}

/// The game a file's name stands for, or why it is none this program knows.
fn known_game(name: &str, path: &Path) -> Result<(GameKind, Option<String>), Failure> {
    game_of_name(name).ok_or_else(|| {
        Failure::input(format!(
            "{}: a book of the game {}, which this program does not know (it writes tictactoe, \
             connect4, reversi, dots-ROWSxCOLS and kalah-PITSxSTONES)",
            shown(path),
            crate::input::quote(name)
        ))
    })
}

/// The games with dice or more than two players have no exact values to keep (the `--game`
/// parser does not offer them).
fn no_book(game: GameKind) -> Failure {
    Failure::input(format!(
        "there are no books for {game:?}: books hold the exact values of two-player games without dice"
    ))
}

/// Work to do on one game's board, whichever game it is.
trait OnBoard {
    /// Does the work with the book name `name` and the start of a game on `board`.
    fn run<G: Playable>(self, name: String, board: G) -> Result<ExitCode, Failure>;
}

/// Runs `job` on the board of `game` and `size`.
fn on_board(game: GameKind, size: Option<&str>, job: impl OnBoard) -> Result<ExitCode, Failure> {
    let name = book_name(game, size)?;
    match game {
        GameKind::Ttt => job.run(name, TicTacToe::new()),
        GameKind::C4 => job.run(name, ConnectFour::new()),
        GameKind::Reversi => job.run(name, Reversi::new()),
        GameKind::Dots => job.run(name, dots_board(size)?),
        GameKind::Kalah => job.run(name, kalah_board(size)?),
        _ => Err(no_book(game)),
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

fn build(args: &BuildArgs) -> Result<ExitCode, Failure> {
    on_board(args.game, args.size.as_deref(), Build(args))
}

/// `ply book build`.
struct Build<'a>(&'a BuildArgs);

impl OnBoard for Build<'_> {
    fn run<G: Playable>(self, name: String, board: G) -> Result<ExitCode, Failure> {
        let args = self.0;
        check_memory::<G>(args)?;
        let start_text = args.start.as_deref().map_or("", str::trim);
        let start = start_position(board, args.start.as_deref())?.state;
        let output = OutputFile::claim(&args.path)?;
        let builder = BookBuilder::new(name, args.depth)
            .with_table_mb(args.table_mb)
            .with_threads(args.threads as usize)
            .with_max_positions(args.max_positions);
        match args.shard {
            Some(id) => {
                if start_text.len() > 255 {
                    return Err(Failure::input(format!(
                        "--start: a shard records at most 255 bytes of the start, not {}",
                        start_text.len()
                    )));
                }
                build_shard(
                    args,
                    &builder.with_start_text(start_text),
                    &start,
                    id,
                    output,
                )
            }
            None => build_book(args, &builder, &start, output),
        }
    }
}

fn build_book<G: Playable>(
    args: &BuildArgs,
    builder: &BookBuilder,
    start: &G,
    output: OutputFile,
) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let mut progress = None;
    let built = builder.build_with_progress(start, |done, total| {
        Progress::follow(&mut progress, done, total, args.quiet);
    });
    progress.iter().for_each(Progress::finish);
    let book = match built {
        Ok(book) => book,
        // Dropping the claim leaves the path as it was.
        Err(e) => return Err(Failure::run(format!("building the book: {e}"))),
    };
    let bytes = book.to_bytes();
    output.write(&bytes)?;
    eprintln!(
        "{}: {} positions of {} to depth {}, {} bytes, built in {:.2} s",
        shown(&args.path),
        book.len(),
        book.game(),
        book.depth(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// The shard a previous run of the same command saved at `path`, if there is one: nothing
/// for a path that does not exist, an empty file or one that is not a regular file (a
/// device, a pipe: nothing is saved there); a file that is not a shard is refused rather
/// than overwritten.
fn saved_shard(path: &Path) -> Result<Option<BookShard>, Failure> {
    let Ok(meta) = fs::metadata(path) else {
        return Ok(None);
    };
    if !meta.is_file() || meta.len() == 0 {
        return Ok(None);
    }
    let file = open_input(path, "shard")?;
    BookShard::read_from(io::BufReader::new(file), read_limit())
        .map(Some)
        .map_err(|e| {
            Failure::input(format!(
                "{} is there and is not a shard this command can go on from ({e}): remove it or \
                 choose another -o",
                shown(path)
            ))
        })
}

/// Writes `shard` to `path` through the program's output writer (a temporary file renamed
/// into place: a kill leaves the previous save whole).
fn save_shard(path: &Path, shard: &BookShard) -> Result<(), Failure> {
    OutputFile::claim(path)?.write(&shard.to_bytes())
}

fn build_shard<G: Playable>(
    args: &BuildArgs,
    builder: &BookBuilder,
    start: &G,
    id: ShardId,
    output: OutputFile,
) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    // The path was checked; the shard is written by a new claim at each save.
    drop(output);
    let plan = builder
        .plan(start, id.count())
        .map_err(|e| Failure::run(format!("building the book: {e}")))?;
    let part = plan.part(id).map_or(0, <[G]>::len) as u64;
    // Saved progress is read from, and written to, a regular file only.
    let saves = fs::metadata(&args.path).map_or(true, |m| m.is_file());
    let saved = if saves {
        saved_shard(&args.path)?
    } else {
        None
    };
    let resumed = saved.as_ref().map_or(0, BookShard::solved);
    if let Some(s) = &saved {
        if s.id() == id && s.is_finished() && s.positions() == part {
            // Checked as a resumed shard would be: the same build, the same positions.
            builder
                .build_shard_with(&plan, id, Some(s.clone()), |_| ControlFlow::Break(()))
                .map_err(|e| refuse_saved(&args.path, &e))?;
            eprintln!(
                "{}: shard {id} is already finished ({part} positions)",
                shown(&args.path)
            );
            return Ok(ExitCode::SUCCESS);
        }
    }
    let bar = Progress::new(part, "positions", args.quiet);
    for _ in 0..resumed {
        bar.advance();
    }
    let mut last_save = Instant::now();
    let mut this_run = 0u64;
    let mut stopped = false;
    let mut save_error = None;
    let result = builder.build_shard_with(&plan, id, saved, |shard| {
        bar.advance();
        this_run += 1;
        if args.stop_after.is_some_and(|n| this_run >= n) && !shard.is_finished() {
            stopped = true;
            return ControlFlow::Break(());
        }
        if saves && !shard.is_finished() && last_save.elapsed() >= args.checkpoint_every {
            if let Err(e) = save_shard(&args.path, shard) {
                save_error = Some(e);
                return ControlFlow::Break(());
            }
            last_save = Instant::now();
        }
        ControlFlow::Continue(())
    });
    bar.finish();
    if let Some(e) = save_error {
        return Err(e);
    }
    let shard = match result {
        Ok(shard) => shard,
        Err(e @ BookError::ForeignShard { .. }) => return Err(refuse_saved(&args.path, &e)),
        Err(e) => return Err(Failure::run(format!("building shard {id}: {e}"))),
    };
    if stopped {
        save_shard(&args.path, &shard)?;
        return Err(Failure::run(format!(
            "stopped after {this_run} positions, as --stop-after asked: {} holds {} of the {part} \
             positions of shard {id}; run the same command again to go on",
            shown(&args.path),
            shard.solved()
        )));
    }
    save_shard(&args.path, &shard)?;
    eprintln!(
        "{}: shard {id} of {} to depth {}, {part} positions{}, solved in {:.2} s",
        shown(&args.path),
        shard.game(),
        shard.depth(),
        if resumed > 0 {
            format!(" ({resumed} of them saved by an earlier run)")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// A saved shard that belongs to another build.
fn refuse_saved(path: &Path, e: &BookError) -> Failure {
    Failure::input(format!(
        "{} holds a shard of another build ({e}): remove it or choose another -o",
        shown(path)
    ))
}

fn merge(args: &MergeArgs) -> Result<ExitCode, Failure> {
    let output = OutputFile::claim(&args.out)?;
    let mut shards = Vec::with_capacity(args.shards.len());
    for path in &args.shards {
        let file = open_input(path, "shard")?;
        let shard = BookShard::read_from(io::BufReader::new(file), read_limit())
            .map_err(|e| Failure::input(format!("{}: {e}", shown(path))))?;
        shards.push(shard);
    }
    // The build is the one most shards belong to (the first of them on a tie): the others
    // are named as foreign.
    let build_of = |s: &BookShard| {
        (
            s.game().to_string(),
            s.depth(),
            s.id().count(),
            s.start_text().to_string(),
        )
    };
    let reference = shards
        .iter()
        .max_by_key(|s| {
            let build = build_of(s);
            let votes = shards.iter().filter(|t| build_of(t) == build).count();
            let first = shards.iter().position(|t| build_of(t) == build);
            (votes, std::cmp::Reverse(first))
        })
        .map(|s| (s.clone(), shards.iter().position(|t| t == s).unwrap_or(0)))
        .ok_or_else(|| Failure::input("no shards to merge"))?;
    let (reference, at) = reference;
    let (game, size) = known_game(reference.game(), &args.shards[at])?;
    on_board(
        game,
        size.as_deref(),
        Merge {
            args,
            shards,
            reference,
            output,
        },
    )
}

/// `ply book merge`, on the board of the shards' game.
struct Merge<'a> {
    args: &'a MergeArgs,
    shards: Vec<BookShard>,
    reference: BookShard,
    output: OutputFile,
}

impl OnBoard for Merge<'_> {
    fn run<G: Playable>(self, name: String, board: G) -> Result<ExitCode, Failure> {
        let Merge {
            args,
            shards,
            reference,
            output,
        } = self;
        let started = Instant::now();
        let text = reference.start_text();
        let start = start_position(board, (!text.is_empty()).then_some(text))
            .map_err(|e| {
                Failure::input(format!(
                    "the shards' start {} cannot be read: {e}",
                    crate::input::quote(text)
                ))
            })?
            .state;
        let builder = BookBuilder::new(name, reference.depth())
            .with_table_mb(args.table_mb)
            .with_threads(args.threads as usize)
            .with_start_text(text);
        let plan = builder
            .plan(&start, reference.id().count())
            .map_err(|e| Failure::run(format!("merging the shards: {e}")))?;
        let mut progress = None;
        let merged = builder.merge_with_progress(&plan, &shards, |done, total| {
            Progress::follow(&mut progress, done, total, args.quiet);
        });
        progress.iter().for_each(Progress::finish);
        let book = merged.map_err(|e| match e.shard_input() {
            Some(i) => Failure::input(format!(
                "{}: {e}; nothing was written",
                shown(&args.shards[i])
            )),
            None if matches!(e, BookError::MissingShards { .. }) => {
                Failure::input(format!("{e}; nothing was written"))
            }
            None => Failure::run(format!("merging the shards: {e}")),
        })?;
        let bytes = book.to_bytes();
        output.write(&bytes)?;
        eprintln!(
            "{}: {} positions of {} to depth {} from {} shards, {} bytes, merged in {:.2} s",
            shown(&args.out),
            book.len(),
            book.game(),
            book.depth(),
            shards.len(),
            bytes.len(),
            started.elapsed().as_secs_f64()
        );
        Ok(ExitCode::SUCCESS)
    }
}

fn info(args: &InfoArgs) -> Result<ExitCode, Failure> {
    let file = open_input(&args.file, "book")?;
    let mut reader = io::BufReader::new(file);
    let mut magic = [0u8; 8];
    let peeked = io::Read::read(&mut reader, &mut magic).unwrap_or(0);
    let again = io::Read::chain(&magic[..peeked], reader);
    if magic.starts_with(b"PLYSHARD") {
        let shard = BookShard::read_from(again, read_limit())
            .map_err(|e| Failure::input(format!("{}: {e}", shown(&args.file))))?;
        check_game(args, shard.game())?;
        return shard_info(&shard);
    }
    let book = BookFile::read_from(again, read_limit())
        .map_err(|e| Failure::input(format!("{}: {e}", shown(&args.file))))?;
    let (game, size) = check_game(args, book.game())?;
    on_board(game, size.as_deref(), Info { args, book })
}

/// The game and board of a file's `name`, checked against `--game` and `--size`.
fn check_game(args: &InfoArgs, name: &str) -> Result<(GameKind, Option<String>), Failure> {
    let (game, size) = known_game(name, &args.file)?;
    if let Some(asked) = args.game {
        let expected = match &args.size {
            Some(_) => book_name(asked, args.size.as_deref())?,
            None if asked == game => name.to_string(),
            None => book_name(asked, None)?,
        };
        if expected != name {
            return Err(Failure::input(format!(
                "{}: {}",
                shown(&args.file),
                BookError::ForeignGame {
                    found: name.to_string(),
                    expected,
                }
            )));
        }
    }
    Ok((game, size))
}

fn shard_info(shard: &BookShard) -> Result<ExitCode, Failure> {
    let (table_mb, threads, _) = shard.settings();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "shard {} of a book of {} to depth {} from {}: {} of its {} positions solved{} \
         (built with a {table_mb} MB table, {threads} thread{})",
        shard.id(),
        shard.game(),
        shard.depth(),
        if shard.start_text().is_empty() {
            "the start".to_string()
        } else {
            crate::input::quote(shard.start_text())
        },
        shard.solved(),
        shard.positions(),
        if shard.is_finished() {
            ", finished"
        } else {
            ", not finished"
        },
        if threads == 1 { "" } else { "s" },
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `ply book info` of a book file, on its game's board.
struct Info<'a> {
    args: &'a InfoArgs,
    book: BookFile,
}

impl OnBoard for Info<'_> {
    fn run<G: Playable>(self, name: String, board: G) -> Result<ExitCode, Failure> {
        let book = self
            .book
            .into_book(&name, &board)
            .map_err(|e| Failure::input(format!("{}: {e}", shown(&self.args.file))))?;
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
        if G::MARGIN {
            writeln!(
                out,
                "(who wins with perfect play, not by how many {})",
                if name.starts_with("dots") {
                    "boxes"
                } else {
                    "stones"
                }
            )?;
        }
        Ok(ExitCode::SUCCESS)
    }
}
