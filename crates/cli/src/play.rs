//! `ply play`: a game against the AI in the terminal, or two AIs against each other.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use games::{ConnectFour, DotsAndBoxes, EinStein, Kalah, MnkGame, Reversi, TicTacToe};
use search_core::{Outcome, Player};

use crate::Failure;
use crate::ai::{Ai, EngineKind, GameKind, Playable, Strength};
use crate::input::Prompt;
use crate::play_general::{self, Table};

/// Options of `ply play`. What is not given is asked for at the prompt (an empty answer
/// takes the default shown in brackets).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Moves are typed one per line: a cell 0-8 for tic-tac-toe, a column 1-7 for Connect Four,
a square such as c4 (or pass) for Reversi, a line number for Dots and Boxes, a pit 1-6 for
Kalah, a step such as b2c3 for EinStein würfelt nicht!, a cell such as c3 for the m,n,k-game;
`moves` lists the legal moves, `hint` asks the AI (every move's value, best first, with the
AI's own budget), `quit` ends the game. Input may come from a pipe.

In Dots and Boxes and Kalah a player may move several times in a row (closing a box, or
ending in the own store); the solver plays them by proving the exact margin. EinStein
würfelt nicht! is played with a die rolled from --seed; alphabeta plays it with
expectiminimax (Star2 pruning). The m,n,k-game takes 2 to 4 players (--players, default 3):
alphabeta is paranoid search there, maxn and best-reply are the other searches; you take the
first seat (--first human) or the second (--first ai). mcts plays both by time or playouts.

Examples:
  ply play
  ply play --game c4 --first human --time 500
  ply play --game ttt --ai-vs-ai
  ply play --game reversi --first human --ai mcts --playouts 20000
  ply play --game c4 --ai-vs-ai --ai-x mcts --ai-o alphabeta --time 100
  ply play --game c4 --first ai --ai solver --time 5000
  echo '4 4 4 4' | ply play --game c4 --first human --depth 6
  ply play --game dots --size 2x3 --first human --ai solver --time 2000
  ply play --game kalah --size 4x3 --ai-vs-ai --time 200
  ply play --game einstein --ai-vs-ai --time 300 --seed 5
  ply play --game mnk --players 3 --size 6x6x4 --first human --ai maxn --time 500")]
pub struct Args {
    /// The game.
    #[arg(long, value_enum)]
    game: Option<GameKind>,
    /// The board: ROWSxCOLS boxes for Dots and Boxes (3x3), PITSxSTONES for Kalah (6x4),
    /// WIDTHxHEIGHTxK for the m,n,k-game (6x6x4).
    #[arg(long)]
    size: Option<String>,
    /// Players of the m,n,k-game.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
    /// Who plays X, the side that moves first from the empty board.
    #[arg(long, value_enum)]
    first: Option<First>,
    /// A start position instead of the empty board: 1-based Connect Four columns (`4455`),
    /// nine tic-tac-toe cells (`X.O.X....`), or moves as typed at the prompt (`c2 b2 pass`
    /// for Reversi, `0 5 12` for Dots and Boxes, `3 1` for Kalah).
    #[arg(long)]
    moves: Option<String>,
    /// The AI's search depth in plies (alpha-beta).
    #[arg(long, group = "strength", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The AI's thinking time per move, in milliseconds (any engine).
    #[arg(long, value_name = "MS", group = "strength", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time: Option<u64>,
    /// The AI's playouts per move (MCTS).
    #[arg(long, group = "strength", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
    /// The AI for both sides.
    #[arg(long, value_enum, default_value_t = EngineKind::Alphabeta)]
    ai: EngineKind,
    /// A different AI for X.
    #[arg(long, value_enum)]
    ai_x: Option<EngineKind>,
    /// A different AI for O.
    #[arg(long, value_enum)]
    ai_o: Option<EngineKind>,
    /// The AI plays both sides.
    #[arg(long)]
    ai_vs_ai: bool,
    /// Seed of the AIs' random choices (ties, playouts).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table size of alpha-beta and the solver, in megabytes.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum First {
    /// You move first.
    Human,
    /// The AI moves first.
    Ai,
}

fn parse_game(text: &str) -> Result<GameKind, String> {
    match text {
        "ttt" | "tictactoe" | "tic-tac-toe" | "1" => Ok(GameKind::Ttt),
        "c4" | "connect4" | "connect-four" | "2" => Ok(GameKind::C4),
        "reversi" | "othello" | "3" => Ok(GameKind::Reversi),
        "dots" | "dots-and-boxes" | "boxes" | "4" => Ok(GameKind::Dots),
        "kalah" | "mancala" | "5" => Ok(GameKind::Kalah),
        "einstein" | "6" => Ok(GameKind::Einstein),
        "mnk" | "m,n,k" | "7" => Ok(GameKind::Mnk),
        other => Err(format!(
            "unknown game {other:?}: type ttt (tic-tac-toe), c4 (Connect Four), reversi, dots (Dots and Boxes), kalah, einstein (EinStein würfelt nicht!) or mnk (3 players)"
        )),
    }
}

/// Reads `--size`: numbers separated by `x`, as many as `names` says.
fn parse_size(text: &str, names: &[&str]) -> Result<Vec<usize>, Failure> {
    let parts: Vec<&str> = text.split(['x', 'X', '×']).map(str::trim).collect();
    let bad = || {
        Failure::input(format!(
            "--size {text:?}: give {} as numbers separated by x, such as {}",
            names.join(", "),
            names.iter().map(|_| "3").collect::<Vec<_>>().join("x")
        ))
    };
    if parts.len() != names.len() {
        return Err(bad());
    }
    parts
        .iter()
        .map(|p| p.parse::<usize>().map_err(|_| bad()))
        .collect()
}

fn parse_first(text: &str) -> Result<First, String> {
    match text {
        "human" | "me" | "h" | "1" => Ok(First::Human),
        "ai" | "computer" | "a" | "2" => Ok(First::Ai),
        other => Err(format!("{other:?}: type human or ai")),
    }
}

/// Runs `ply play`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let stdin = io::stdin();
    let mut prompt = Prompt::new(stdin.lock());
    let game = match args.game {
        Some(g) => g,
        None => match prompt.ask_until(
            "Which game, ttt (tic-tac-toe), c4 (Connect Four), reversi, dots (Dots and Boxes), kalah, einstein or mnk? [c4] ",
            "c4",
            parse_game,
        ) {
            Some(g) => g,
            None => return input_ended(),
        },
    };
    let sized = matches!(game, GameKind::Dots | GameKind::Kalah | GameKind::Mnk);
    if args.size.is_some() && !sized {
        return Err(Failure::input(
            "--size is for dots, kalah and mnk: the other games have one board",
        ));
    }
    if args.players.is_some() && game != GameKind::Mnk {
        return Err(Failure::input(
            "--players is for mnk: the other games have a fixed number of players",
        ));
    }
    let size = args.size.as_deref();
    match game {
        GameKind::Ttt => play_game(start::<TicTacToe>(&args)?, &mut prompt, &args),
        GameKind::C4 => play_game(start::<ConnectFour>(&args)?, &mut prompt, &args),
        GameKind::Reversi => play_game(start::<Reversi>(&args)?, &mut prompt, &args),
        GameKind::Dots => {
            let board = match size {
                Some(text) => {
                    let s = parse_size(text, &["rows", "columns"])?;
                    DotsAndBoxes::new(s[0], s[1])
                        .map_err(|e| Failure::input(format!("--size: {e}")))?
                }
                None => DotsAndBoxes::default(),
            };
            play_game(start_from(board, &args)?, &mut prompt, &args)
        }
        GameKind::Kalah => {
            let board = match size {
                Some(text) => {
                    let s = parse_size(text, &["pits", "stones"])?;
                    let stones = u8::try_from(s[1]).unwrap_or(u8::MAX);
                    Kalah::new(s[0], stones).map_err(|e| Failure::input(format!("--size: {e}")))?
                }
                None => Kalah::default(),
            };
            play_game(start_from(board, &args)?, &mut prompt, &args)
        }
        GameKind::Einstein => play_tabletop(EinStein::new(), &mut prompt, &args),
        GameKind::Mnk => {
            let [w, h, k] = match size {
                Some(text) => {
                    let s = parse_size(text, &["width", "height", "k"])?;
                    [s[0], s[1], s[2]]
                }
                None => [6, 6, 4],
            };
            if w > 26 {
                return Err(Failure::input(format!(
                    "--size {w}x{h}x{k}: the board's columns are named a to z, so at most 26 wide"
                )));
            }
            let players = usize::from(args.players.unwrap_or(3));
            let board = MnkGame::new(w, h, k, players)
                .map_err(|e| Failure::input(format!("--size/--players: {e}")))?;
            play_tabletop(board, &mut prompt, &args)
        }
    }
}

/// `board`, after the moves given with `--moves` if any, if the game is not over.
fn start_from<G: Playable>(board: G, args: &Args) -> Result<G, Failure> {
    let Some(text) = &args.moves else {
        return Ok(board);
    };
    let state = board.after_moves(text).map_err(Failure::input)?;
    if state.outcome().is_over() {
        return Err(Failure::input(format!(
            "the start position {text:?} is already over ({:?})",
            state.outcome()
        )));
    }
    Ok(state)
}

/// A game with dice or more than two players: asks who plays and how strong, and plays.
fn play_tabletop<G: play_general::Tabletop, R: BufRead>(
    start: G,
    prompt: &mut Prompt<R>,
    args: &Args,
) -> Result<ExitCode, Failure> {
    if args.moves.is_some() {
        return Err(Failure::input(format!(
            "--moves is not available for {}: it starts from the usual position",
            G::NAME
        )));
    }
    let players = start.player_count();
    let Some(first) = ask_first(prompt, args) else {
        return input_ended();
    };
    let mut human = vec![false; players];
    if !args.ai_vs_ai {
        human[usize::from(first == First::Ai)] = true;
    }
    let mut engines = vec![args.ai; players];
    engines[0] = args.ai_x.unwrap_or(args.ai);
    engines[1] = args.ai_o.unwrap_or(args.ai);
    let only_random = (0..players).all(|i| human[i] || engines[i] == EngineKind::Random);
    let Some(strength) = ask_strength(prompt, args, only_random) else {
        return input_ended();
    };
    let table = Table {
        human,
        engines,
        strength,
        seed: args.seed,
    };
    play_general::play(start, prompt, &table)
}

/// Who moves first: `--ai-vs-ai`, `--first`, or the answer at the prompt; `None` if the input
/// ended.
fn ask_first<R: BufRead>(prompt: &mut Prompt<R>, args: &Args) -> Option<First> {
    if args.ai_vs_ai {
        return Some(First::Ai);
    }
    match args.first {
        Some(f) => Some(f),
        None => prompt.ask_until("Who starts, human or ai? [human] ", "human", parse_first),
    }
}

/// The AI's strength: `--depth`, `--time`, `--playouts`, or the answer at the prompt; `None`
/// if the input ended.
fn ask_strength<R: BufRead>(
    prompt: &mut Prompt<R>,
    args: &Args,
    only_random: bool,
) -> Option<Strength> {
    match (args.depth, args.time, args.playouts) {
        (Some(d), _, _) => Some(Strength::Depth(d)),
        (_, Some(ms), _) => Some(Strength::Time(Duration::from_millis(ms))),
        (_, _, Some(n)) => Some(Strength::Playouts(n)),
        // Random moves take no thought: there is no strength to ask for.
        _ if only_random => Some(Strength::Depth(1)),
        _ => prompt.ask_until(
            "AI strength: a depth (e.g. 6), a time per move (e.g. 500ms) or playouts (e.g. 20000p)? [500ms] ",
            "500ms",
            |text| text.parse::<Strength>(),
        ),
    }
}

/// The empty board, or the position given with `--moves` if it is not over.
fn start<G: Playable + Default>(args: &Args) -> Result<G, Failure> {
    let Some(text) = &args.moves else {
        return Ok(G::default());
    };
    let state = G::parse_position(text).map_err(Failure::input)?;
    if state.outcome().is_over() {
        return Err(Failure::input(format!(
            "the start position {text:?} is already over ({:?})",
            state.outcome()
        )));
    }
    Ok(state)
}

/// The input ended at a question: a clean stop.
fn input_ended() -> Result<ExitCode, Failure> {
    let _ = writeln!(io::stdout(), "Input ended: goodbye.");
    Ok(ExitCode::SUCCESS)
}

fn mark(p: Player) -> &'static str {
    if p == Player::First { "X" } else { "O" }
}

/// Asks what was not given, builds the AIs, and plays.
fn play_game<G: Playable, R: BufRead>(
    start: G,
    prompt: &mut Prompt<R>,
    args: &Args,
) -> Result<ExitCode, Failure> {
    let Some(first) = ask_first(prompt, args) else {
        return input_ended();
    };
    let human = match (args.ai_vs_ai, first) {
        (true, _) => [false, false],
        (false, First::Human) => [true, false],
        (false, First::Ai) => [false, true],
    };
    let kinds = [args.ai_x.unwrap_or(args.ai), args.ai_o.unwrap_or(args.ai)];
    let only_random = (0..2).all(|i| human[i] || kinds[i] == EngineKind::Random);
    let Some(strength) = ask_strength(prompt, args, only_random) else {
        return input_ended();
    };
    let mut ais: [Option<Box<dyn Ai<G>>>; 2] = [None, None];
    for (i, slot) in ais.iter_mut().enumerate() {
        if !human[i] {
            let ai = kinds[i]
                .build(
                    strength,
                    args.seed.wrapping_add(i as u64),
                    args.table_mb as usize,
                )
                .map_err(|e| Failure::input(format!("{} for {}: {e}", kinds[i], mark_of(i))))?;
            *slot = Some(ai);
        }
    }
    let mut out = io::stdout();
    let _ = writeln!(out, "{}: X moves first. Type quit to stop.", G::NAME);
    play_moves(start, prompt, human, ais)
}

fn mark_of(index: usize) -> &'static str {
    if index == 0 { "X" } else { "O" }
}

/// The game loop: asks the human, lets the AI think, shows the board after every move.
fn play_moves<G: Playable, R: BufRead>(
    start: G,
    prompt: &mut Prompt<R>,
    human: [bool; 2],
    mut ais: [Option<Box<dyn Ai<G>>>; 2],
) -> Result<ExitCode, Failure> {
    let mut out = io::stdout();
    let mut state = start;
    let _ = writeln!(out, "\n{}\n", state.board());
    loop {
        match state.outcome() {
            Outcome::Win(p) => {
                let who = if human[p.index()] {
                    "you win"
                } else {
                    "the AI wins"
                };
                let _ = writeln!(out, "{} ({}) wins: {who}.", mark(p), p);
                return Ok(ExitCode::SUCCESS);
            }
            Outcome::Draw => {
                let _ = writeln!(out, "Draw.");
                return Ok(ExitCode::SUCCESS);
            }
            Outcome::Ongoing => {}
        }
        let side = state.to_move();
        let mv = if human[side.index()] {
            let question = format!(
                "{} to move, {} (moves lists them, hint asks the AI, quit stops): ",
                mark(side),
                G::MOVE_HELP
            );
            loop {
                let answer = prompt.ask_until(&question, "", |text| {
                    if text == "quit" || text == "q" {
                        return Ok(Answer::Quit);
                    }
                    if text == "hint" || text == "h" {
                        return Ok(Answer::Hint);
                    }
                    if text == "moves" || text == "?" {
                        return Err(format!("legal moves: {}", state.legal_move_texts()));
                    }
                    if text.is_empty() {
                        return Err(format!("type {}, or quit", G::MOVE_HELP));
                    }
                    state.parse_move(text).map(Answer::Move)
                });
                match answer {
                    Some(Answer::Move(mv)) => break mv,
                    Some(Answer::Hint) => {
                        let _ = writeln!(out, "{}", hint(&mut ais, &state));
                    }
                    Some(Answer::Quit) => {
                        let _ = writeln!(out, "Goodbye.");
                        return Ok(ExitCode::SUCCESS);
                    }
                    None => return input_ended(),
                }
            }
        } else {
            let ai = ais[side.index()]
                .as_mut()
                .ok_or_else(|| Failure::run(format!("no AI for {side}")))?;
            let started = Instant::now();
            let choice = ai
                .choose(&state)
                .map_err(|e| Failure::run(format!("the AI could not move: {e}")))?;
            let thoughts = choice
                .thoughts
                .unwrap_or_else(|| format!("{:.3} s", started.elapsed().as_secs_f64()));
            let _ = writeln!(
                out,
                "AI ({}) plays {}: {thoughts}",
                mark(side),
                G::show_move(choice.mv)
            );
            choice.mv
        };
        let before = state.clone();
        state
            .try_play(mv)
            .map_err(|e| Failure::run(format!("illegal move {}: {e}", G::show_move(mv))))?;
        for ai in ais.iter_mut().flatten() {
            ai.observe(&before, mv);
        }
        let _ = writeln!(out, "\n{}\n", state.board());
    }
}

/// What a person typed at the move prompt.
enum Answer<M> {
    /// A legal move.
    Move(M),
    /// `hint`: show the AI's analysis.
    Hint,
    /// `quit`.
    Quit,
}

/// The AI's analysis of `state`: every legal move with its value, best first, one per line.
fn hint<G: Playable>(ais: &mut [Option<Box<dyn Ai<G>>>; 2], state: &G) -> String {
    let Some(ai) = ais.iter_mut().flatten().next() else {
        return "No AI plays in this game: there is nobody to ask for a hint.".to_string();
    };
    match ai.hint(state) {
        Ok(moves) => {
            let mut text = String::from("The AI's view, best move first:");
            for (mv, value) in moves {
                text.push_str(&format!("\n  {:>8}: {value}", G::move_text(mv)));
            }
            text
        }
        Err(e) => format!("No hint: {e}"),
    }
}
