//! `ply solve`: exact Connect Four scores with the generic solver of the `adversarial` crate.

use std::fs;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{
    CompactTable, MoveOrdering, Replacement, Solver, TranspositionTable, Transpositions,
};
use games::ConnectFour;
use games::connect4_line::{ScoredPosition, benchmark_score, parse_line};
use search_core::{Budget, Game, MoveValue, Outcome, Score, Stats};

use crate::Failure;
use crate::ai::DEFAULT_TABLE_MB;
use crate::grammar::GameKind;
use crate::input::{RawLine, read_raw_line};
use crate::progress::Progress;
use crate::solve_shard::{self, Kind, ShardRun};

/// Options of `ply solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: one position per line, `<moves> [score]`: the 1-based columns played from the empty
board (`-` is the empty board), then optionally the expected score from the side to move (0 a
draw, 22 - s for a win where s is the number of stones the winner has placed when it wins,
s - 22 for a loss). This is the format of the published Connect Four benchmark sets in
data/connect4. Positions come from the arguments, else from --file, else from stdin.

Output, one line per position: `<moves> <score> <nodes> <microseconds>`, with
`MISMATCH (expected N)` appended when the line's score differs. With --analyze:
`<moves> <s1> ... <s7>`, the score of playing each column in order, -1000 for a full column
(the format of the reference solver's `-a` mode, for line-by-line comparison). A summary goes
to stderr. A malformed line is reported with its line number; the others are still solved,
and the exit code is then 2 (1 if only mismatches were found).

The examples that read data/ read the repository's benchmark sets: ply finds them beside the
source it was built from, wherever it runs.

Examples:
  ply solve 4455
  ply solve --analyze 4455 2252576253462244111563365343671351441
  echo 2252576253462244111563365343671351441 | ply solve --analyze
  ply solve --file data/connect4/Test_L3_R1
  ply solve --time 2s --file data/connect4/Test_L2_R2
  ply solve --table-mb 256 --threads 2 --file data/connect4/Test_L3_R1
  ply solve --weak --file data/connect4/Test_L2_R1
  ply solve --book c4.book --file data/connect4/Test_L1_R1   # c4.book: see ply book build

In shards (see docs/distributed.md): --shard K/N -o FILE solves the K-th of N parts of the
positions of --file (or of the arguments), the same parts wherever it runs, and writes the
answers to FILE, saving them now and then: the same command goes on after a failure. Then
--merge prints the answers of all N shard files in the input's order, as one run prints them:
  for k in 1 2 3 4; do ply solve --file data/connect4/Test_L2_R1 --shard $k/4 -o s$k; done
  ply solve --merge s1 s2 s3 s4")]
pub(crate) struct Args {
    /// The game: Connect Four, the only game solve reads (c4 or connect4).
    #[arg(long, short, value_parser = GameKind::parser(GameKind::CONNECT_FOUR))]
    game: Option<GameKind>,
    /// Positions as move strings (1-based columns, `-` for the empty board).
    #[arg(value_name = "MOVES")]
    positions: Vec<String>,
    /// Read positions from this file instead.
    #[arg(long, short, conflicts_with = "positions")]
    file: Option<PathBuf>,
    /// Print the exact score of each of the 7 columns instead of the position's score.
    #[arg(long)]
    analyze: bool,
    /// Compute only win, draw or loss (scores 1, 0, -1).
    #[arg(long)]
    weak: bool,
    /// Transposition table size in megabytes. Each position starts with the table's first
    /// 16 MB (fast: a processor's cache can hold it) and takes more (doubling) as its search
    /// fills it: easy positions run as fast as with a 16 MB table, positions of tens of
    /// millions of nodes get the whole table. Emptying the table between positions rewrites
    /// only what the last one wrote. (`--table compact` uses all of it from the start.)
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// The table's layout: `plain` (16 bytes per position, one slot each) or `compact`
    /// (8 bytes per position in buckets of four; needs at least 2 MB).
    #[arg(long, value_enum, default_value_t = TableKind::Plain)]
    table: TableKind,
    /// Threads per position (Lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
    /// Stop each position after this time (500ms, 2s, 1m, or milliseconds); its line then
    /// reports the error. With --analyze the limit bounds the 7 columns together; with
    /// --analyze --weak, each column's weak solve.
    #[arg(long, value_name = "TIME", value_parser = crate::input::duration)]
    time: Option<Duration>,
    /// Tuning: nodes with fewer empty cells than this skip the table (default 8).
    #[arg(long, value_name = "N", hide_short_help = true)]
    min_table_plies: Option<u32>,
    /// Tuning: do not use the game's `winning_move` and `non_losing_moves` hooks.
    #[arg(long, hide_short_help = true)]
    no_hooks: bool,
    /// Tuning: do not prefetch the children's table slots.
    #[arg(long, hide_short_help = true)]
    no_prefetch: bool,
    /// Tuning: store a position and its mirror image as one table entry.
    #[arg(long, hide_short_help = true)]
    symmetry: bool,
    /// Tuning: with --threads, the helper threads probe values next to the main thread's
    /// instead of the same value.
    #[arg(long, hide_short_help = true)]
    spread_probes: bool,
    /// Tuning: with --threads, the nodes each position is searched on one thread before the
    /// other threads join (0: at once; default 4096). Positions solved sooner never wake
    /// them.
    #[arg(long, value_name = "NODES", hide_short_help = true)]
    helpers_after: Option<u64>,
    /// Tuning: enhanced transposition cut-off (look the children up in the table first).
    #[arg(long, hide_short_help = true)]
    etc: bool,
    /// Tuning: the value expected (from the side to move), where the probes start: `draw`,
    /// `win` (the slowest win) or `loss` (the slowest loss). Pays on positions whose value
    /// is near it, such as the empty board; costs on positions with quick wins. With
    /// --weak, `loss` asks first whether the position is lost instead of whether it is won.
    #[arg(long, value_enum, value_name = "VALUE", hide_short_help = true)]
    first_guess: Option<FirstGuess>,
    /// Tuning: move ordering.
    #[arg(long, value_enum, default_value_t = Ordering::Table, hide_short_help = true)]
    ordering: Ordering,
    /// An opening book (from `ply book build --game c4`): positions it holds are answered
    /// from it, at the root and inside the search.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    quiet: bool,
    /// Solve only the K-th of N parts of the positions (1 <= K <= N) and write the answers
    /// to -o FILE, for --merge.
    #[arg(long, value_name = "K/N", value_parser = crate::book::parse_shard, requires = "output")]
    shard: Option<adversarial::ShardId>,
    /// With --shard: the shard file to write (also where it saves its progress).
    #[arg(long, short, value_name = "FILE", requires = "shard")]
    output: Option<PathBuf>,
    /// With --shard: save the progress to -o FILE this often (500ms, 30s, 5m).
    #[arg(long, value_name = "TIME", default_value = "30s", value_parser = crate::input::duration, requires = "shard")]
    checkpoint_every: Duration,
    /// With --shard: stop after solving this many positions in this run, save, and exit
    /// with status 1 (the same command goes on from there).
    #[arg(long, value_name = "POSITIONS", requires = "shard", value_parser = crate::input::positive)]
    stop_after: Option<u64>,
    /// Print the answers of these shard files (all N shards of one input, from --shard) in
    /// the input's order, as one run prints them.
    #[arg(long, value_name = "SHARD", num_args = 1.., conflicts_with_all = ["positions", "file", "shard", "book", "analyze", "weak"])]
    merge: Vec<PathBuf>,
}

/// The options a shard records: those that change the answers.
fn shard_options(args: &Args) -> String {
    format!(
        "analyze={} weak={}",
        u8::from(args.analyze),
        u8::from(args.weak)
    )
}

/// Shard `id` of the positions `args` give: reads them once to find the input's identity
/// and the lines of the part, then starts the run (going on from a saved shard).
fn shard_run(args: &Args, id: adversarial::ShardId) -> Result<ShardRun, Failure> {
    if args.positions.is_empty() && args.file.is_none() {
        return Err(Failure::input(
            "--shard needs the positions from --file or the arguments: every shard reads the \
             same input, which standard input cannot be",
        ));
    }
    let mut input = Input::open(args)?;
    let mut checksum = solve_shard::FNV_START;
    let mut costs = Vec::new();
    while let Some(line) = input.next_line()? {
        let text = match &line.text {
            Ok(text) => text.as_str(),
            Err(why) => why.as_str(),
        };
        checksum = solve_shard::fnv1a(checksum, format!("{}:{text}\n", line.number).as_bytes());
        if is_blank(&line) {
            continue;
        }
        let cost = match &line.text {
            Ok(text) => match parse_line(text) {
                Ok(Some(p)) => solve_shard::position_cost(p.position.moves_played()),
                _ => 1,
            },
            Err(_) => 1,
        };
        costs.push((line.number as u64, cost));
    }
    let identity = solve_shard::Identity {
        checksum,
        positions: costs.len() as u64,
        options: shard_options(args),
        name: input.name.clone(),
    };
    let part = solve_shard::part_of(&costs, id);
    let out = args.output.as_deref().unwrap_or(Path::new("-"));
    ShardRun::start(
        id,
        identity,
        part,
        out,
        args.checkpoint_every,
        args.stop_after,
    )
}

/// The values `--first-guess` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FirstGuess {
    /// A draw.
    Draw,
    /// The slowest win the position allows.
    Win,
    /// The slowest loss the position allows.
    Loss,
}

impl FirstGuess {
    fn score(self) -> Score {
        match self {
            FirstGuess::Draw => Score::DRAW,
            FirstGuess::Win => Score::win_in(Score::MAX_DISTANCE),
            FirstGuess::Loss => Score::loss_in(Score::MAX_DISTANCE),
        }
    }
}

/// The tables `--table` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum TableKind {
    /// `TranspositionTable`: one 16-byte slot per position.
    Plain,
    /// `CompactTable`: 8-byte entries in four-way buckets.
    Compact,
}

/// The part of the plain table a position starts with (see `SolveTable::empty`).
const START_BYTES: u64 = 16 << 20;

/// A table `ply solve` can use: emptied before each position.
trait SolveTable: Transpositions<ConnectFour> + Sync {
    /// Empties the table for the next position. Only what the last position wrote is
    /// rewritten; the plain table then uses its first `START_BYTES` only, and the solver
    /// doubles the part in use as the search fills it, up to the whole table: an easy
    /// position searches a table that fits in the processor's cache, a hard one gets all of
    /// it.
    fn empty(&self);
}

impl SolveTable for Arc<TranspositionTable> {
    fn empty(&self) {
        self.clear();
        self.use_at_most(START_BYTES);
    }
}

impl SolveTable for Arc<CompactTable<ConnectFour>> {
    fn empty(&self) {
        self.clear();
    }
}

/// The move orderings `--ordering` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Ordering {
    /// The moves in the game's order.
    None,
    /// The game's move-order hints.
    Hints,
    /// The table's best move, then the hints.
    Table,
    /// Table move, hints, killers and history.
    All,
}

impl Ordering {
    fn to_move_ordering(self) -> MoveOrdering {
        match self {
            Ordering::None => MoveOrdering::none(),
            Ordering::Hints => MoveOrdering {
                table_move: false,
                ..MoveOrdering::table_and_hints()
            },
            Ordering::Table => MoveOrdering::table_and_hints(),
            Ordering::All => MoveOrdering::all(),
        }
    }
}

/// One line of input: its number and its text, or why it is not text.
struct Line {
    number: usize,
    text: Result<String, String>,
}

/// What solving one position gave.
struct Solved {
    /// The score, or the 7 column scores with `--analyze`.
    scores: Vec<i32>,
    /// The search's nodes and table look-ups.
    stats: Stats,
    elapsed: Duration,
}

/// Runs `ply solve`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    // `--game` names the one game solve reads: its parser took nothing else.
    debug_assert!(args.game.is_none_or(|g| g == GameKind::C4));
    if !args.merge.is_empty() {
        return solve_shard::merge(&args.merge);
    }
    let input = Input::open(&args)?;
    let megabytes = args.table_mb;
    // Exact values never go stale: the solver's table always replaces (as `with_table_mb`'s).
    match args.table {
        TableKind::Plain => {
            let table = TranspositionTable::with_megabytes(megabytes)
                .map_err(|e| Failure::input(format!("--table-mb: {e}")))?;
            solve_on(table.with_replacement(Replacement::Always), &args, input)
        }
        TableKind::Compact => {
            let table = CompactTable::<ConnectFour>::with_megabytes(megabytes)
                .map_err(|e| Failure::input(format!("--table-mb with --table compact: {e}")))?;
            solve_on(table.with_replacement(Replacement::Always), &args, input)
        }
    }
}

/// Solves every line with a solver on `table`.
fn solve_on<U>(table: U, args: &Args, input: Input) -> Result<ExitCode, Failure>
where
    Arc<U>: SolveTable,
{
    solve_all(
        configure(Solver::new().with_table(Arc::new(table)), args)?,
        args,
        input,
    )
}

/// The solver `args` ask for, on `solver`'s table.
fn configure<T>(solver: Solver<T>, args: &Args) -> Result<Solver<T>, Failure> {
    let budget = match args.time {
        Some(limit) => Budget::time(limit),
        None => Budget::new(),
    };
    let mut solver = solver
        .with_game_hooks(!args.no_hooks)
        .with_prefetch(!args.no_prefetch)
        .with_symmetry(args.symmetry)
        .with_etc(args.etc)
        .with_spread_probes(args.spread_probes)
        .with_first_guess(args.first_guess.map(FirstGuess::score))
        .with_move_ordering(args.ordering.to_move_ordering())
        .with_threads(args.threads as usize)
        .with_budget(budget);
    if let Some(n) = args.min_table_plies {
        solver = solver.with_min_table_plies(n);
    }
    if let Some(n) = args.helpers_after {
        solver = solver.with_helpers_after(n);
    }
    if let Some(path) = &args.book {
        solver = solver.with_book(crate::book::read_book(
            path,
            crate::book::CONNECT_FOUR,
            &ConnectFour::new(),
        )?);
    }
    Ok(solver)
}

/// Solves (or analyses) every line, printing a line per position and the summary; with
/// `--shard`, the lines of the shard's part, recorded in its file.
fn solve_all<T: SolveTable>(
    mut solver: Solver<T>,
    args: &Args,
    mut input: Input,
) -> Result<ExitCode, Failure> {
    let mut shard = match args.shard {
        Some(id) => Some(shard_run(args, id)?),
        None => None,
    };
    let progress = match &shard {
        Some(run) => Progress::new(run.to_solve(), "positions", args.quiet),
        None => match input.positions()? {
            Some(total) => Progress::new(total, "positions", args.quiet || total <= 1),
            None => Progress::open_ended("positions", args.quiet),
        },
    };
    let source = input.name.clone();
    let mut out = io::stdout().lock();
    let (mut solved, mut mismatches, mut malformed, mut failed) = (0u64, 0u64, 0u64, 0u64);
    let (mut total_time, mut total) = (Duration::ZERO, Stats::default());
    'lines: while let Some(line) = input.next_line()? {
        if is_blank(&line) {
            continue;
        }
        if shard
            .as_ref()
            .is_some_and(|run| !run.wants(line.number as u64))
        {
            continue;
        }
        progress.advance();
        let (kind, answer) = 'line: {
            let text = match &line.text {
                Ok(text) => text,
                Err(e) => break 'line (Kind::Malformed, e.clone()),
            };
            let position = match parse_line(text) {
                Ok(Some(p)) => p,
                Ok(None) => continue 'lines,
                Err(e) => break 'line (Kind::Malformed, e.to_string()),
            };
            let result = if args.analyze {
                analyze(&mut solver, &position.position, args)
            } else {
                solve_one(&mut solver, &position.position, args)
            };
            match result {
                Ok(result) => {
                    solved += 1;
                    total_time += result.elapsed;
                    total.merge(&result.stats);
                    (
                        Kind::Answer,
                        report_line(&position, &result, args, &mut mismatches),
                    )
                }
                Err(e) => (Kind::Failed, e),
            }
        };
        match kind {
            Kind::Malformed => malformed += 1,
            Kind::Failed => failed += 1,
            Kind::Answer => {}
        }
        if let Some(run) = &mut shard {
            if run.record(line.number as u64, kind, &answer)? {
                break;
            }
        } else if kind == Kind::Answer {
            writeln!(out, "{answer}")?;
        } else {
            progress.println(&format!("{source}:{}: {answer}", line.number));
        }
    }
    progress.finish();
    drop(out);
    if let Some(run) = shard {
        return run.finish();
    }
    let n = solved.max(1) as f64;
    let secs = total_time.as_secs_f64();
    let nodes = total.nodes as f64;
    let speed = if secs > 0.0 { nodes / secs / 1e6 } else { 0.0 };
    let hit_rate = if total.tt_probes > 0 {
        let rate = 100.0 * total.tt_hits as f64 / total.tt_probes as f64;
        format!(", table hits {rate:.1}%")
    } else {
        String::new()
    };
    eprintln!(
        "positions {solved}, mismatches {mismatches}, malformed lines {malformed}, failed {failed}, mean time {:.1} µs, mean nodes {:.1}, {speed:.2} M nodes/s{hit_rate}",
        secs * 1e6 / n,
        nodes / n,
    );
    if solved + malformed + failed == 0 {
        return Err(Failure::input(format!(
            "no positions in {source}: give move strings such as 4455, one per line"
        )));
    }
    Ok(crate::failure::status(
        malformed > 0,
        mismatches + failed > 0,
    ))
}

/// The longest input line `ply solve` reads, in bytes: a position has at most 42 moves, so
/// a longer line is an error (named by its number) read past without being kept.
const MAX_SOLVE_LINE_BYTES: usize = 4096;

/// Where the positions come from, read one line at a time: memory does not grow with the
/// input.
struct Input {
    /// The source's name, for messages.
    name: String,
    reader: Box<dyn BufRead>,
    /// The file, for counting its positions before solving them.
    file: Option<PathBuf>,
    /// The number of the last line read.
    number: usize,
    /// The number of positions among the arguments.
    argument_positions: Option<u64>,
}

impl Input {
    /// The arguments, else `--file`, else stdin.
    fn open(args: &Args) -> Result<Self, Failure> {
        let mut argument_positions = None;
        let (name, reader, file): (String, Box<dyn BufRead>, _) = if !args.positions.is_empty() {
            let text = args.positions.join("\n").into_bytes();
            argument_positions = Some(
                args.positions
                    .iter()
                    .filter(|p| !matches!(parse_line(p), Ok(None)))
                    .count() as u64,
            );
            (
                "argument".to_string(),
                Box::new(io::Cursor::new(text)),
                None,
            )
        } else if let Some(path) = &args.file {
            let file = open_file(path)?;
            (
                path.display().to_string(),
                Box::new(BufReader::new(file)),
                Some(path.clone()),
            )
        } else {
            (
                "stdin".to_string(),
                Box::new(BufReader::new(io::stdin())),
                None,
            )
        };
        Ok(Input {
            name,
            reader,
            file,
            number: 0,
            argument_positions,
        })
    }

    /// The number of positions (lines that are not blank or comments), counted by a first
    /// pass over a file or the arguments; `None` for stdin, which can be read only once.
    fn positions(&self) -> Result<Option<u64>, Failure> {
        let mut counter = match &self.file {
            Some(path) => Input {
                name: self.name.clone(),
                reader: Box::new(BufReader::new(open_file(path)?)),
                file: None,
                number: 0,
                argument_positions: None,
            },
            None => return Ok(self.argument_positions),
        };
        let mut count = 0;
        while let Some(line) = counter.next_line()? {
            if !is_blank(&line) {
                count += 1;
            }
        }
        Ok(Some(count))
    }

    /// The next line: its text, or why it is not a line to read (not text, too long);
    /// `None` at the end.
    fn next_line(&mut self) -> Result<Option<Line>, Failure> {
        let raw = read_raw_line(&mut self.reader, MAX_SOLVE_LINE_BYTES)
            .map_err(|e| Failure::input(format!("cannot read {}: {e}", self.name)))?;
        let Some(raw) = raw else {
            return Ok(None);
        };
        self.number += 1;
        let text = match raw {
            RawLine::TooLong(length) => Err(format!(
                "a line of {length} bytes: a position takes at most {MAX_SOLVE_LINE_BYTES}"
            )),
            RawLine::Bytes(bytes) => {
                let line = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
                match std::str::from_utf8(line) {
                    Ok(text) => Ok(text.to_string()),
                    Err(e) => Err(format!(
                        "not text: invalid UTF-8 at byte {} of the line",
                        e.valid_up_to() + 1
                    )),
                }
            }
        };
        Ok(Some(Line {
            number: self.number,
            text,
        }))
    }
}

fn open_file(path: &Path) -> Result<fs::File, Failure> {
    fs::File::open(crate::input::data_path(path))
        .map_err(|e| Failure::input(format!("cannot read {}: {e}", path.display())))
}

/// A blank line or a comment: no position, and not counted.
fn is_blank(line: &Line) -> bool {
    matches!(&line.text, Ok(text) if matches!(parse_line(text), Ok(None)))
}

/// The line to print for one solved position; counts a mismatch with the expected score.
fn report_line(
    position: &ScoredPosition,
    result: &Solved,
    args: &Args,
    mismatches: &mut u64,
) -> String {
    let moves = if position.moves.is_empty() {
        "-"
    } else {
        &position.moves
    };
    let scores: Vec<String> = result.scores.iter().map(i32::to_string).collect();
    let mut report = if args.analyze {
        format!("{moves} {}", scores.join(" "))
    } else {
        format!(
            "{moves} {} {} {}",
            scores.join(" "),
            result.stats.nodes,
            result.elapsed.as_micros()
        )
    };
    if let Some(expected) = position.score {
        let expected = if args.weak {
            expected.signum()
        } else {
            expected
        };
        // With --analyze, the position's score is that of its best column.
        let found = result.scores.iter().copied().max();
        if found != Some(expected) {
            *mismatches += 1;
            report.push_str(&format!(" MISMATCH (expected {expected})"));
        }
    }
    report
}

/// The score of one position (weak: its sign).
fn solve_one<T: SolveTable>(
    solver: &mut Solver<T>,
    position: &ConnectFour,
    args: &Args,
) -> Result<Solved, String> {
    solver.table().empty();
    let started = Instant::now();
    let (score, stats) = score_of(solver, position, args)?;
    Ok(Solved {
        scores: vec![score],
        stats,
        elapsed: started.elapsed(),
    })
}

/// The score of `position` from its side to move, with the search's statistics; the table is not
/// cleared, so that consecutive calls share what they learnt.
fn score_of<T: SolveTable>(
    solver: &mut Solver<T>,
    position: &ConnectFour,
    args: &Args,
) -> Result<(i32, Stats), String> {
    if position.outcome() == Outcome::Draw {
        return Ok((0, Stats::default()));
    }
    if args.weak {
        let s = solver.solve_weak(position).map_err(|e| e.to_string())?;
        let v = match s.value {
            Some(value) => i32::from(value.sign()),
            None => return Err("the budget ran out before the value was known".to_string()),
        };
        Ok((v, s.stats))
    } else {
        let s = solver.solve(position).map_err(|e| e.to_string())?;
        let score = s
            .score
            .and_then(|score| benchmark_score(score, position.moves_played()))
            .ok_or_else(|| {
                format!(
                    "the budget ran out before the value was known (between {} and {})",
                    s.lower, s.upper
                )
            })?;
        Ok((score, s.stats))
    }
}

/// The score of each of the 7 columns, -1000 for a full one. The exact scores come from the
/// solver's analysis (`Strategy::analyze`: one table shared by the columns); weak scores
/// from a weak solve of each column's position.
fn analyze<T: SolveTable>(
    solver: &mut Solver<T>,
    position: &ConnectFour,
    args: &Args,
) -> Result<Solved, String> {
    solver.table().empty();
    let started = Instant::now();
    let stones = position.moves_played();
    let mut scores = vec![-1000; 7];
    let done = |scores, stats| {
        let elapsed = started.elapsed();
        Ok(Solved {
            scores,
            stats,
            elapsed,
        })
    };
    if position.outcome().is_over() {
        return done(scores, Stats::default());
    }
    let mut total = Stats::default();
    if args.weak {
        for col in 0..7u8 {
            if !position.can_play(col) {
                continue;
            }
            let mut child = *position;
            child.play(col);
            scores[usize::from(col)] = match child.outcome() {
                Outcome::Win(_) => 1,
                Outcome::Draw => 0,
                Outcome::Ongoing => {
                    let (s, stats) = score_of(solver, &child, args)?;
                    total.merge(&stats);
                    -s
                }
            };
        }
    } else {
        let analysis = solver.analysis(position).map_err(|e| e.to_string())?;
        for m in analysis.moves {
            let score = match m.value {
                MoveValue::Exact(score) => benchmark_score(score, stones),
                _ => None,
            }
            .ok_or_else(|| format!("column {}: no exact value ({})", m.mv + 1, m.value))?;
            scores[usize::from(m.mv)] = score;
        }
        return done(scores, analysis.stats);
    }
    done(scores, total)
}
