//! `ply perft`: count the move sequences of a game to a depth.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use games::{ConnectFour, EinStein, Reversi, TicTacToe, perft};
use search_core::{GeneralGame, Turn};

use crate::Failure;
use crate::ai::{GameKind, Playable};
use crate::play::{check_board_options, dots_board, kalah_board, mnk_board, start_position};
use crate::play_general::Tabletop;

/// Options of `ply perft`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Prints the number of move sequences (leaves) of every depth from 1 to DEPTH, with the time
and the leaves per second: a check of a move generator against published counts, and a
measure of its speed.

Examples:
  ply perft connect4 10
  ply perft ttt 9
  ply perft c4 8 --start 4455
  ply perft reversi 8
  ply perft kalah 10 --start '3 1'
  ply perft dots 4 --size 2x2
  ply perft einstein 4          # a roll of the die counts as a ply
  ply perft mnk 5               # 6 x 6, 4 in a row, 3 players")]
pub struct Args {
    /// The game.
    #[arg(value_enum)]
    game: GameKind,
    /// The deepest depth to count.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=42))]
    depth: u32,
    /// The start position: 1-based Connect Four columns (`4455`), nine tic-tac-toe cells
    /// (`X.O.X....`), or moves as `ply play` reads them (Reversi `c2 b2`, Dots and Boxes
    /// lines `1 13`, Kalah pits `3 1`).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// The board, as in `ply play`: ROWSxCOLS boxes for Dots and Boxes (3x3), PITSxSTONES
    /// for Kalah (6x4, common rules), WIDTHxHEIGHTxK for the m,n,k-game (6x6x4).
    #[arg(long)]
    size: Option<String>,
    /// Players of the m,n,k-game (3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
}

/// Runs `ply perft`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let start = args.start.as_deref();
    let size = args.size.as_deref();
    check_board_options(args.game, size, args.players)?;
    match args.game {
        GameKind::C4 => count(
            &start_position(ConnectFour::new(), start)?.state,
            args.depth,
        ),
        GameKind::Ttt => count(&start_position(TicTacToe::new(), start)?.state, args.depth),
        GameKind::Reversi => count(&start_position(Reversi::new(), start)?.state, args.depth),
        GameKind::Dots => count(&start_position(dots_board(size)?, start)?.state, args.depth),
        GameKind::Kalah => count(
            &start_position(kalah_board(size)?, start)?.state,
            args.depth,
        ),
        GameKind::Einstein | GameKind::Mnk if start.is_some() => Err(Failure::input(
            "--start is not available for einstein and mnk: they count from the usual start",
        )),
        GameKind::Einstein => general(&EinStein::new(), args.depth),
        GameKind::Mnk => general(&mnk_board(size, args.players)?, args.depth),
    }
}

fn general<G: Tabletop>(start: &G, depth: u32) -> Result<ExitCode, Failure> {
    count_with(start.board(), start, depth, general_perft)
}

/// The sequences of `depth` plies from `state` of a game with dice or more players, a roll
/// of the die counting as a ply as a move does.
fn general_perft<G: GeneralGame>(state: &G, depth: u32) -> u64 {
    /// One level's buffers, reused at every node of that level: its moves, and the chance
    /// outcomes with their probabilities.
    struct Level<M> {
        moves: Vec<M>,
        outcomes: Vec<(M, f64)>,
    }
    fn walk<G: GeneralGame>(state: &G, depth: u32, levels: &mut [Level<G::Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (level, deeper) = levels
            .split_first_mut()
            .expect("one level of buffers per ply");
        level.moves.clear();
        match state.turn() {
            Turn::Over => {}
            Turn::Chance => {
                level.outcomes.clear();
                state.chance_outcomes(&mut level.outcomes);
                level.moves.extend(level.outcomes.iter().map(|&(m, _)| m));
            }
            Turn::Player(_) => state.moves(&mut level.moves),
        }
        level
            .moves
            .iter()
            .map(|&mv| {
                let mut child = state.clone();
                child.apply(mv);
                walk(&child, depth - 1, deeper)
            })
            .sum()
    }
    let mut levels: Vec<Level<G::Move>> = (0..depth)
        .map(|_| Level {
            moves: Vec::new(),
            outcomes: Vec::new(),
        })
        .collect();
    walk(state, depth, &mut levels)
}

fn count<G: Playable>(start: &G, depth: u32) -> Result<ExitCode, Failure> {
    count_with(start.board(), start, depth, perft)
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
