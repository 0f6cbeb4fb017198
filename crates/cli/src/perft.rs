//! `ply perft`: count the move sequences of a game to a depth.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use games::{ConnectFour, DotsAndBoxes, EinStein, Kalah, MnkGame, Reversi, TicTacToe, perft};
use search_core::{Game, GeneralGame, Turn};

use crate::Failure;
use crate::ai::{GameKind, Playable};

/// Options of `ply perft`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Prints the number of move sequences (leaves) of every depth from 1 to DEPTH, with the time
and the leaves per second: a check of a move generator against published counts, and a
measure of its speed.

Examples:
  ply perft connect4 10
  ply perft ttt 9
  ply perft c4 8 --moves 4455
  ply perft reversi 8
  ply perft kalah 10 --moves '3 1'
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
    /// lines `0 12`, Kalah pits `3 1`).
    #[arg(long)]
    moves: Option<String>,
}

/// Runs `ply perft`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let moves = args.moves.as_deref().unwrap_or("");
    match args.game {
        GameKind::C4 => {
            let start: ConnectFour = moves
                .parse()
                .map_err(|e| Failure::input(format!("bad Connect Four position {moves:?}: {e}")))?;
            count(&start, args.depth)
        }
        GameKind::Ttt => {
            let start = if moves.is_empty() {
                TicTacToe::new()
            } else {
                moves.parse().map_err(|e| {
                    Failure::input(format!("bad tic-tac-toe position {moves:?}: {e}"))
                })?
            };
            count(&start, args.depth)
        }
        GameKind::Reversi => {
            let start = Reversi::parse_position(moves).map_err(Failure::input)?;
            count(&start, args.depth)
        }
        GameKind::Dots => {
            let start = DotsAndBoxes::parse_position(moves).map_err(Failure::input)?;
            count(&start, args.depth)
        }
        GameKind::Kalah => {
            let start = Kalah::parse_position(moves).map_err(Failure::input)?;
            count(&start, args.depth)
        }
        GameKind::Einstein | GameKind::Mnk if !moves.is_empty() => Err(Failure::input(
            "--moves is not available for einstein and mnk: they count from the usual start",
        )),
        GameKind::Einstein => count_with(&EinStein::new(), args.depth, general_perft),
        GameKind::Mnk => count_with(
            &MnkGame::new(6, 6, 4, 3).expect("6 x 6, 4 in a row, 3 players"),
            args.depth,
            general_perft,
        ),
    }
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

fn count<G: Game + Display>(start: &G, depth: u32) -> Result<ExitCode, Failure> {
    count_with(start, depth, perft)
}

/// Prints `start`, then `leaves(start, d)` for every depth `d` up to `depth` with its time.
fn count_with<G: Display>(
    start: &G,
    depth: u32,
    leaves: impl Fn(&G, u32) -> u64,
) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{start}")?;
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
