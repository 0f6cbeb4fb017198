//! `ply play`: a game against the AI in the terminal, or two AIs against each other.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use games::{ConnectFour, DotsAndBoxes, EinStein, Kalah, KalahRules, MnkGame, Reversi, TicTacToe};
use search_core::{Outcome, Player};

use crate::Failure;
use crate::ai::{Ai, DEFAULT_TABLE_MB, EngineKind, GameKind, Playable, Strength};
use crate::input::{Prompt, Reply};
use crate::play_general::{self, Table};

/// Options of `ply play`. What is not given is asked for at the prompt (an empty answer
/// takes the default shown in brackets) when the input is a terminal, and takes its default
/// otherwise.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Moves are typed at the prompt, one per line or several on a line separated by spaces: a
cell 1-9 for tic-tac-toe, a column 1-7 for Connect Four, a square such as c4 (or pass) for
Reversi, a line number for Dots and Boxes (the free lines show their numbers), a pit 1-6 for
Kalah, a step such as b2c3 for EinStein würfelt nicht!, a cell such as c3 for the m,n,k-game.
`moves` lists the legal moves, `hint` asks the AI (every move's value, best first, with the
AI's own budget), `quit` ends the game at any question. When the input is not a terminal
(a pipe or a file), ply asks no questions: what is not given takes its default (Connect
Four, you first, 500ms a move) and the input holds moves only.

Values: a number is an estimate (alpha-beta's evaluation, MCTS's mean reward); win, draw and
loss are said only of proven results. The solver plays perfectly when it proves the position
within three quarters of its time; otherwise alpha-beta chooses the move in the rest of the
time, and the move is reported as not proven.

In Dots and Boxes and Kalah a player may move several times in a row (closing a box, or
ending in the own store); the solver plays them by proving the exact margin. Kalah is played
with the common rules, where a last stone in an empty pit of your own captures only when the
opposite pit has stones; --kalah-rules empty-capture plays the rule of the published
solutions of Kalah instead, where that stone is always captured. EinStein
würfelt nicht! is played with a die rolled from --seed; alphabeta plays it with
expectiminimax (Star2 pruning). The m,n,k-game takes 2 to 4 players (--players, default 3):
alphabeta is paranoid search there, maxn and best-reply are the other searches; you take the
first seat (--first human) or the second (--first ai). mcts plays both by time or playouts.

Examples:
  ply play
  ply play --game c4 --first human --time 500ms
  ply play --game ttt --ai-vs-ai
  ply play --game reversi --first human --ai mcts --playouts 20000
  ply play --game c4 --ai-vs-ai --ai-x mcts --ai-o alphabeta --time 100ms
  ply play --game ttt --ai-vs-ai --depth 9 --live
  ply play --game c4 --first human --time 1s --ponder
  ply play --game c4 --first ai --ai solver --time 5s
  echo '4 4 4 4' | ply play --game c4 --first human --depth 6
  ply play --game dots --size 2x3 --first human --ai solver --time 2s
  ply play --game kalah --size 4x3 --ai-vs-ai --time 200ms
  ply play --game kalah --size 4x3 --kalah-rules empty-capture --first human --ai solver
  ply play --game einstein --ai-vs-ai --time 300ms --seed 5
  ply play --game mnk --players 3 --size 6x6x4 --first human --ai maxn --time 500ms")]
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
    /// Kalah's rules (default: common).
    #[arg(long, value_enum, value_name = "RULES")]
    kalah_rules: Option<KalahRulesArg>,
    /// Who plays X, the side that moves first from the empty board.
    #[arg(long, value_enum)]
    first: Option<First>,
    /// A start position instead of the empty board: 1-based Connect Four columns (`4455`),
    /// nine tic-tac-toe cells (`X.O.X....`), or moves as typed at the prompt (`c2 b2 pass`
    /// for Reversi, `1 6 13` for Dots and Boxes, `3 1` for Kalah).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// The AI's search depth in plies (alpha-beta).
    #[arg(long, group = "strength", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The AI's thinking time per move (any engine): 500ms, 2s, or milliseconds.
    #[arg(long, value_name = "TIME", group = "strength", value_parser = crate::ai::move_time)]
    time: Option<Duration>,
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
    /// Show the AI's thinking as it goes, on stderr: each finished depth of alpha-beta
    /// (score, principal variation, nodes per second), MCTS's root every 20 ms.
    #[arg(long)]
    live: bool,
    /// Think on the opponent's time (alpha-beta and MCTS): while you type your move, the
    /// AI searches the position after the reply it expects; when you play it, the AI goes
    /// on from there (two-player games without dice).
    #[arg(long)]
    ponder: bool,
    /// Seed of the AIs' random choices (ties, playouts) and of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table size of alpha-beta and the solver, in megabytes (per AI).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
}

/// The Kalah rule variants `--kalah-rules` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum KalahRulesArg {
    /// A last stone in an empty pit of your own captures only when the opposite pit has
    /// stones.
    Common,
    /// A last stone in an empty pit of your own is always captured, with the stones opposite
    /// if any (the rule of the published solutions of Kalah).
    EmptyCapture,
}

impl KalahRulesArg {
    fn rules(self) -> KalahRules {
        match self {
            KalahRulesArg::Common => KalahRules::COMMON,
            KalahRulesArg::EmptyCapture => KalahRules::EMPTY_CAPTURE,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum First {
    /// You move first.
    Human,
    /// The AI moves first.
    Ai,
}

/// The strength an AI gets when none is given and none can be asked for.
const DEFAULT_STRENGTH: &str = "500ms";

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
            "unknown game {}: type ttt (tic-tac-toe), c4 (Connect Four), reversi, dots (Dots and Boxes), kalah, einstein (EinStein würfelt nicht!) or mnk (3 players)",
            crate::input::quote(other)
        )),
    }
}

/// Reads `--size`: numbers separated by `x`, as many as `names` says.
pub fn parse_size(text: &str, names: &[&str]) -> Result<Vec<usize>, Failure> {
    let parts: Vec<&str> = text.split(['x', 'X', '×']).map(str::trim).collect();
    let bad = || {
        Failure::input(format!(
            "--size {}: give {} as numbers separated by x, such as {}",
            crate::input::quote(text),
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
        other => Err(format!("{}: type human or ai", crate::input::quote(other))),
    }
}

/// The questions of a game's setup: asked at a terminal, answered by their defaults
/// otherwise (so that piped input holds moves only).
struct Setup<R: BufRead> {
    prompt: Prompt<R>,
    interactive: bool,
}

impl<R: BufRead> Setup<R> {
    /// `given` if the command line gave it; else the answer to `question` at a terminal;
    /// else `default`, announced with the option that would choose it.
    fn choose<T>(
        &mut self,
        given: Option<T>,
        question: &str,
        default: &str,
        option: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Reply<T> {
        if let Some(value) = given {
            return Reply::Value(value);
        }
        if self.interactive {
            return self.prompt.ask(question, default, parse);
        }
        self.prompt.say(&format!(
            "{option}: {default} (the default; the input is not a terminal, so ply asks no questions)"
        ));
        match parse(default) {
            Ok(value) => Reply::Value(value),
            Err(message) => {
                self.prompt.say(&message);
                Reply::Ended
            }
        }
    }
}

/// Runs `ply play`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut setup = Setup {
        prompt: Prompt::new(stdin.lock()),
        interactive,
    };
    let game = match setup.choose(
        args.game,
        "Which game, ttt (tic-tac-toe), c4 (Connect Four), reversi, dots (Dots and Boxes), kalah, einstein or mnk? [c4] ",
        "c4",
        "--game",
        parse_game,
    ) {
        Reply::Value(g) => g,
        Reply::Quit => return goodbye(),
        Reply::Ended => return input_ended(),
    };
    check_board_options(game, args.size.as_deref(), args.players)?;
    if args.kalah_rules.is_some() && game != GameKind::Kalah {
        return Err(Failure::input(
            "--kalah-rules is for kalah: the other games have one set of rules",
        ));
    }
    let size = args.size.as_deref();
    match game {
        GameKind::Ttt => play_game(start_from(TicTacToe::new(), &args)?, &mut setup, &args),
        GameKind::C4 => play_game(start_from(ConnectFour::new(), &args)?, &mut setup, &args),
        GameKind::Reversi => play_game(start_from(Reversi::new(), &args)?, &mut setup, &args),
        GameKind::Dots => {
            let board = dots_board(size)?;
            play_game(start_from(board, &args)?, &mut setup, &args)
        }
        GameKind::Kalah => {
            let rules = args
                .kalah_rules
                .map_or(KalahRules::COMMON, KalahRulesArg::rules);
            let board = kalah_board(size)?.with_rules(rules);
            play_game(start_from(board, &args)?, &mut setup, &args)
        }
        GameKind::Einstein => play_tabletop(EinStein::new(), &mut setup, &args),
        GameKind::Mnk => {
            let board = mnk_board(size, args.players)?;
            play_tabletop(board, &mut setup, &args)
        }
    }
}

/// Refuses `--size` for a game with one board and `--players` for a game with a fixed
/// number of players.
pub fn check_board_options(
    game: GameKind,
    size: Option<&str>,
    players: Option<u8>,
) -> Result<(), Failure> {
    if size.is_some() && !game.has_sizes() {
        return Err(Failure::input(
            "--size is for dots, kalah and mnk: the other games have one board",
        ));
    }
    if players.is_some() && game != GameKind::Mnk {
        return Err(Failure::input(
            "--players is for mnk: the other games have a fixed number of players",
        ));
    }
    Ok(())
}

/// The Dots and Boxes board `--size` asks for (3 × 3 boxes by default).
pub fn dots_board(size: Option<&str>) -> Result<DotsAndBoxes, Failure> {
    match size {
        Some(text) => {
            let s = parse_size(text, &["rows", "columns"])?;
            DotsAndBoxes::new(s[0], s[1]).map_err(|e| Failure::input(format!("--size: {e}")))
        }
        None => Ok(DotsAndBoxes::default()),
    }
}

/// The Kalah board `--size` asks for (6 pits of 4 stones by default), with the common rules
/// ([`KalahRules::COMMON`]).
pub fn kalah_board(size: Option<&str>) -> Result<Kalah, Failure> {
    match size {
        Some(text) => {
            let s = parse_size(text, &["pits", "stones"])?;
            let stones = u8::try_from(s[1]).map_err(|_| {
                Failure::input(format!(
                    "--size {}: at most {} stones a pit",
                    crate::input::quote(text),
                    u8::MAX
                ))
            })?;
            Kalah::new(s[0], stones).map_err(|e| Failure::input(format!("--size: {e}")))
        }
        None => Ok(Kalah::default()),
    }
}

/// The m,n,k-game `--size` and `--players` ask for (6 × 6, 4 in a row, 3 players by
/// default).
pub fn mnk_board(size: Option<&str>, players: Option<u8>) -> Result<MnkGame, Failure> {
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
    if w.checked_mul(h)
        .is_none_or(|cells| cells > MnkGame::MAX_CELLS)
    {
        return Err(Failure::input(format!(
            "--size {w}x{h}x{k}: the board has at most {} cells",
            MnkGame::MAX_CELLS
        )));
    }
    let players = usize::from(players.unwrap_or(3));
    MnkGame::new(w, h, k, players).map_err(|e| Failure::input(format!("--size/--players: {e}")))
}

/// Where a game starts: the board before any move, and the moves of `--start`.
pub struct Start<G: Playable> {
    /// The board before the start moves (for pictures that need the whole game, such as the
    /// owners of the boxes).
    pub origin: G,
    /// The moves from `origin` to the start position.
    pub moves: Vec<G::Move>,
    /// The start position.
    pub state: G,
}

/// `board` after the moves of `--start` if any, if the game is not over then.
fn start_from<G: Playable>(board: G, args: &Args) -> Result<Start<G>, Failure> {
    start_position(board, args.start.as_deref())
}

/// `board` after the moves of `start` if any; refused if the game is over then.
pub fn start_position<G: Playable>(board: G, start: Option<&str>) -> Result<Start<G>, Failure> {
    let Some(text) = start else {
        return Ok(Start {
            state: board.clone(),
            origin: board,
            moves: Vec::new(),
        });
    };
    let (origin, moves) = G::parse_start(&board, text).map_err(Failure::input)?;
    let mut state = origin.clone();
    for &mv in &moves {
        state.play(mv);
    }
    if state.outcome().is_over() {
        return Err(Failure::input(format!(
            "the start position {} is already over ({}): give a position where a move is left",
            crate::input::quote(text),
            state.outcome()
        )));
    }
    Ok(Start {
        origin,
        moves,
        state,
    })
}

/// A game with dice or more than two players: asks who plays and how strong, and plays.
fn play_tabletop<G: play_general::Tabletop, R: BufRead>(
    start: G,
    setup: &mut Setup<R>,
    args: &Args,
) -> Result<ExitCode, Failure> {
    if args.start.is_some() {
        return Err(Failure::input(format!(
            "--start is not available for {}: it starts from the usual position",
            G::NAME
        )));
    }
    if args.ponder {
        return Err(Failure::input(format!(
            "--ponder is for the two-player games without dice (ttt, c4, reversi, dots, kalah), not {}",
            G::NAME
        )));
    }
    let players = start.player_count();
    let first = match ask_first(setup, args) {
        Reply::Value(f) => f,
        Reply::Quit => return goodbye(),
        Reply::Ended => return input_ended(),
    };
    let mut human = vec![false; players];
    if !args.ai_vs_ai {
        human[usize::from(first == First::Ai)] = true;
    }
    let mut engines = vec![args.ai; players];
    engines[0] = args.ai_x.unwrap_or(args.ai);
    engines[1] = args.ai_o.unwrap_or(args.ai);
    let only_random = (0..players).all(|i| human[i] || engines[i] == EngineKind::Random);
    let strength = match ask_strength(setup, args, only_random) {
        Reply::Value(s) => s,
        Reply::Quit => return goodbye(),
        Reply::Ended => return input_ended(),
    };
    let table = Table {
        human,
        engines,
        strength,
        seed: args.seed,
    };
    play_general::play(start, &mut setup.prompt, &table)
}

/// Who moves first: `--ai-vs-ai`, `--first`, or the answer at the prompt.
fn ask_first<R: BufRead>(setup: &mut Setup<R>, args: &Args) -> Reply<First> {
    if args.ai_vs_ai {
        return Reply::Value(First::Ai);
    }
    setup.choose(
        args.first,
        "Who starts, human or ai? [human] ",
        "human",
        "--first",
        parse_first,
    )
}

/// The AI's strength: `--depth`, `--time`, `--playouts`, or the answer at the prompt.
fn ask_strength<R: BufRead>(
    setup: &mut Setup<R>,
    args: &Args,
    only_random: bool,
) -> Reply<Strength> {
    let given = match (args.depth, args.time, args.playouts) {
        (Some(d), _, _) => Some(Strength::Depth(d)),
        (_, Some(t), _) => Some(Strength::Time(t)),
        (_, _, Some(n)) => Some(Strength::Playouts(n)),
        // Random moves take no thought: there is no strength to ask for.
        _ if only_random => Some(Strength::Depth(1)),
        _ => None,
    };
    setup.choose(
        given,
        &format!(
            "AI strength: a depth (e.g. 6), a time per move (e.g. 500ms or 2s) or playouts (e.g. 20000p)? [{DEFAULT_STRENGTH}] "
        ),
        DEFAULT_STRENGTH,
        "AI strength (--time, --depth or --playouts)",
        |text| text.parse::<Strength>(),
    )
}

/// The input ended at a question: a clean stop.
fn input_ended() -> Result<ExitCode, Failure> {
    let _ = writeln!(crate::output::stdout(), "Input ended: goodbye.");
    Ok(ExitCode::SUCCESS)
}

/// `quit` at a question.
fn goodbye() -> Result<ExitCode, Failure> {
    let _ = writeln!(crate::output::stdout(), "Goodbye.");
    Ok(ExitCode::SUCCESS)
}

fn mark(p: Player) -> &'static str {
    if p == Player::First { "X" } else { "O" }
}

/// Asks what was not given, builds the AIs, and plays.
fn play_game<G: Playable, R: BufRead>(
    start: Start<G>,
    setup: &mut Setup<R>,
    args: &Args,
) -> Result<ExitCode, Failure> {
    let first = match ask_first(setup, args) {
        Reply::Value(f) => f,
        Reply::Quit => return goodbye(),
        Reply::Ended => return input_ended(),
    };
    let human = match (args.ai_vs_ai, first) {
        (true, _) => [false, false],
        (false, First::Human) => [true, false],
        (false, First::Ai) => [false, true],
    };
    let kinds = [args.ai_x.unwrap_or(args.ai), args.ai_o.unwrap_or(args.ai)];
    let only_random = (0..2).all(|i| human[i] || kinds[i] == EngineKind::Random);
    let strength = match ask_strength(setup, args, only_random) {
        Reply::Value(s) => s,
        Reply::Quit => return goodbye(),
        Reply::Ended => return input_ended(),
    };
    let mut ais: [Option<Box<dyn Ai<G>>>; 2] = [None, None];
    for (i, slot) in ais.iter_mut().enumerate() {
        if !human[i] {
            let ai = kinds[i]
                .build_live(
                    strength,
                    args.seed.wrapping_add(i as u64),
                    args.table_mb,
                    args.live,
                    args.ponder,
                )
                .map_err(|e| Failure::input(format!("{} for {}: {e}", kinds[i], mark_of(i))))?;
            *slot = Some(ai);
        }
    }
    let mut out = crate::output::stdout();
    let _ = writeln!(
        out,
        "{}{}: X moves first. Type quit to stop.",
        G::NAME,
        start.state.rules_note()
    );
    play_moves(start, &mut setup.prompt, human, ais)
}

fn mark_of(index: usize) -> &'static str {
    if index == 0 { "X" } else { "O" }
}

/// The game loop: asks the human, lets the AI think, shows the board after every move.
fn play_moves<G: Playable, R: BufRead>(
    start: Start<G>,
    prompt: &mut Prompt<R>,
    human: [bool; 2],
    mut ais: [Option<Box<dyn Ai<G>>>; 2],
) -> Result<ExitCode, Failure> {
    let mut out = crate::output::stdout();
    let Start {
        origin,
        mut moves,
        mut state,
    } = start;
    let _ = writeln!(out, "\n{}\n", state.board_with_history(&origin, &moves));
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
                let answer = prompt.ask_move(&question, |text| {
                    if text == "hint" || text == "h" {
                        return Ok(Answer::Hint);
                    }
                    if text == "moves" || text == "?" {
                        return Ok(Answer::Moves);
                    }
                    if text.is_empty() {
                        return Err(format!("type {}, or quit", G::MOVE_HELP));
                    }
                    state.parse_move(text).map(Answer::Move)
                });
                match answer {
                    Reply::Value(Answer::Move(mv)) => break mv,
                    Reply::Value(Answer::Moves) => {
                        let _ = writeln!(out, "legal moves: {}", state.legal_move_texts());
                    }
                    Reply::Value(Answer::Hint) => {
                        let _ = writeln!(out, "{}", hint(&mut ais, &state));
                    }
                    Reply::Quit => return goodbye(),
                    Reply::Ended => return input_ended(),
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
        moves.push(mv);
        for ai in ais.iter_mut().flatten() {
            ai.observe(&before, mv);
        }
        let _ = writeln!(out, "\n{}\n", state.board_with_history(&origin, &moves));
    }
}

/// What a person typed at the move prompt.
enum Answer<M> {
    /// A legal move.
    Move(M),
    /// `hint`: show the AI's analysis.
    Hint,
    /// `moves`: list the legal moves.
    Moves,
}

/// The AI's analysis of `state`: every legal move with its value, best first, one per line.
fn hint<G: Playable>(ais: &mut [Option<Box<dyn Ai<G>>>; 2], state: &G) -> String {
    let Some(ai) = ais.iter_mut().flatten().next() else {
        return "No AI plays in this game: there is nobody to ask for a hint.".to_string();
    };
    match ai.hint(state) {
        Ok(hint) => {
            let mut text = String::from("The AI's view, best move first:");
            for (mv, value) in hint.moves {
                text.push_str(&format!("\n  {:>8}: {value}", G::move_text(mv)));
            }
            if let Some(note) = hint.note {
                text.push_str(&format!("\n({note})"));
            }
            text
        }
        Err(e) => format!("No hint: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn setup(input: &str, interactive: bool) -> Setup<Cursor<Vec<u8>>> {
        Setup {
            prompt: Prompt::new(Cursor::new(input.as_bytes().to_vec())),
            interactive,
        }
    }

    #[test]
    fn at_a_terminal_setup_questions_read_one_line_each_and_quit_works() {
        let mut s = setup("chess\nttt\n", true);
        let game = s.choose(None, "game? ", "c4", "--game", parse_game);
        assert_eq!(game, Reply::Value(GameKind::Ttt));
        let mut s = setup("quit\n", true);
        assert_eq!(
            s.choose(None, "game? ", "c4", "--game", parse_game),
            Reply::Quit
        );
        let mut s = setup("\n", true);
        assert_eq!(
            s.choose(None, "game? ", "c4", "--game", parse_game),
            Reply::Value(GameKind::C4)
        );
    }

    #[test]
    fn without_a_terminal_setup_takes_the_default_and_reads_nothing() {
        let mut s = setup("ttt\n", false);
        assert_eq!(
            s.choose(None, "game? ", "c4", "--game", parse_game),
            Reply::Value(GameKind::C4)
        );
        // The line is still there for the moves.
        assert_eq!(
            s.prompt
                .ask_move("move? ", |t| Ok::<_, String>(t.to_string())),
            Reply::Value("ttt".to_string())
        );
        let mut s = setup("", false);
        assert_eq!(
            s.choose(Some(GameKind::Kalah), "game? ", "c4", "--game", parse_game),
            Reply::Value(GameKind::Kalah)
        );
    }
}
