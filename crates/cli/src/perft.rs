//! `ply perft`: count the move sequences of a game to a depth.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::Failure;
use crate::games::{BoardArgs, PlyGame};
use crate::grammar::{GameKind, notice};

/// Options of `ply perft`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Prints the number of move sequences (leaves) of every depth from 1 to DEPTH, with the time
and the leaves per second: a check of a move generator against published counts, and a
measure of its speed.

Examples:
  ply perft -g c4 10
  ply perft -g ttt 9
  ply perft -g c4 8 --start 4455
  ply perft -g reversi 8
  ply perft -g kalah 10 --start '3 1'
  ply perft -g dots 4 --size 2x2
  ply perft -g einstein 4          # a roll of the die counts as a ply
  ply perft -g mnk 5               # 6 x 6, 4 in a row, 3 players")]
pub(crate) struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::BOARD))]
    game: Option<GameKind>,
    /// The deepest depth to count (0 to 42).
    #[arg(value_name = "DEPTH")]
    first: String,
    /// The depth, after the game named without --game (the old spelling).
    #[arg(hide = true)]
    second: Option<String>,
    /// The start position: 1-based Connect Four columns (`4455`), nine tic-tac-toe cells
    /// (`X.O.X....`), or moves as `ply play` reads them (Reversi `c2 b2`, Dots and Boxes
    /// lines `1 13`, Kalah pits `3 1`).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
}

/// Reads the depth of `ply perft`.
fn depth(text: &str) -> Result<u32, Failure> {
    match text.parse::<u32>() {
        Ok(d) if d <= 42 => Ok(d),
        _ => Err(Failure::input(format!(
            "the depth is a number from 0 to 42, not {}",
            crate::input::quote(text)
        ))),
    }
}

/// Runs `ply perft`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    let (game, depth) = match (&args.second, args.game) {
        (None, Some(game)) => (game, depth(&args.first)?),
        (None, None) => {
            return Err(Failure::input("give the game: ply perft -g GAME DEPTH"));
        }
        (Some(d), None) => {
            let game = GameKind::parse_in(GameKind::BOARD, &args.first).map_err(Failure::input)?;
            notice(
                &format!("ply perft {} {d}", args.first),
                &format!("ply perft -g {} {d}", game.name()),
            );
            (game, depth(d)?)
        }
        (Some(_), Some(_)) => {
            return Err(Failure::input(
                "give the game once: ply perft -g GAME DEPTH",
            ));
        }
    };
    let start = args.start.as_deref();
    crate::with_game!(game, &args.board, |g| count(g.start(start)?, depth))
}

/// Prints the start position, then the leaves of every depth up to `depth` with its time.
fn count<G: PlyGame>(start: crate::games::Start<G>, depth: u32) -> Result<ExitCode, Failure> {
    use play::Notation;
    let picture = G::shown(&start).position_text(&start.state, &[], None);
    count_with(picture, &start.state, depth, G::perft)
}

/// Prints `start`, then `leaves(start, d)` for every depth `d` up to `depth` with its time.
fn count_with<G>(
    picture: String,
    start: &G,
    depth: u32,
    leaves: impl Fn(&G, u32) -> u64,
) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{picture}")?;
    for d in 1..=depth {
        let started = Instant::now();
        let leaves = leaves(start, d);
        let secs = started.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            leaves as f64 / secs
        } else {
            0.0
        };
        writeln!(
            out,
            "perft({d:>2}) = {leaves:>15}   {secs:>9.3} s   {:>8.1} M leaves/s",
            rate / 1e6
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
