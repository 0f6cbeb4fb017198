//! Play tic-tac-toe or Connect Four against the AI in the terminal (or watch two AIs).
//!
//! ```text
//! cargo run --release -p games --example play
//! cargo run --release -p games --example play -- --game c4 --first human --time 500
//! cargo run --release -p games --example play -- --game ttt --ai-vs-ai
//! cargo run --release -p games --example play -- --game c4 --first human --ai mcts --time 500
//! cargo run --release -p games --example play -- --game c4 --ai-vs-ai --ai-x mcts --ai-o negamax --time 100
//! echo "4 4 4 4" | cargo run --release -p games --example play -- --game c4 --first human --depth 6
//! ```
//!
//! Options (anything not given is asked for at the prompt; an empty answer takes the
//! default):
//! * `--game ttt|c4` — tic-tac-toe or Connect Four;
//! * `--first human|ai` — who moves first (X);
//! * `--depth N`, `--time MS` or `--playouts N` — the AI's strength: search depth (negamax),
//!   thinking time per move in milliseconds (either), or playouts per move (MCTS); at the
//!   prompt, `6`, `500ms` or `20000p`;
//! * `--ai negamax|mcts|random` — which AI (default: negamax with a transposition table);
//! * `--ai-x KIND`, `--ai-o KIND` — a different AI for X or for O (with `--ai-vs-ai`, MCTS
//!   against alpha-beta, say);
//! * `--ai-vs-ai` — the AI plays both sides;
//! * `--seed N` — seed of the AI's random choice among equally good moves.
//!
//! Moves are read one per line: a cell `0`-`8` for tic-tac-toe, a column `1`-`7` for Connect
//! Four; `quit` ends the game. Input may come from a pipe; when it ends, the program ends
//! cleanly.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{Negamax, TranspositionTable};
use games::{ConnectFour, OpenLines, ThreatEvaluator, TicTacToe};
use mcts::Mcts;
use search_core::{
    Budget, Evaluator, Game, GameHash, Outcome, Player, RandomMover, SearchError, Strategy,
};

/// `println!` that ignores a closed stdout (`play | head`) instead of panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        let _ = writeln!(io::stdout(), $($t)*);
    }};
}

/// `print!` that ignores a closed stdout.
macro_rules! say_inline {
    ($($t:tt)*) => {{
        let _ = write!(io::stdout(), $($t)*);
    }};
}

/// What the play loop needs from a game beyond [`Game`]: how to show it and read a move.
trait Playable: GameHash<Move = u8> + PartialEq + Display + Send + Sync + 'static {
    /// The game's name.
    const NAME: &'static str;
    /// What to type, for the prompt.
    const MOVE_HELP: &'static str;
    /// Parses what a person typed into a legal move, or explains what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The move as a person would type it.
    fn show_move(mv: Self::Move) -> String;
    /// The evaluator the AI uses at its horizon.
    fn evaluate(&self) -> i32;
}

impl Playable for TicTacToe {
    const NAME: &'static str = "tic-tac-toe";
    const MOVE_HELP: &'static str = "a cell number 0-8 (shown on the right of the board)";

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let cell: u8 = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a cell 0-8"))?;
        if cell > 8 {
            return Err(format!(
                "there is no cell {cell}: cells are numbered 0 to 8"
            ));
        }
        if self.cell(cell).is_some() {
            return Err(format!("cell {cell} is already taken: choose an empty one"));
        }
        Ok(cell)
    }

    fn show_move(mv: u8) -> String {
        format!("cell {mv}")
    }

    fn evaluate(&self) -> i32 {
        OpenLines.evaluate(self)
    }
}

impl Playable for ConnectFour {
    const NAME: &'static str = "Connect Four";
    const MOVE_HELP: &'static str = "a column number 1-7";

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let col: u8 = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a column 1-7"))?;
        if !(1..=7).contains(&col) {
            return Err(format!(
                "there is no column {col}: columns are numbered 1 to 7"
            ));
        }
        if !self.can_play(col - 1) {
            return Err(format!("column {col} is full: choose another one"));
        }
        Ok(col - 1)
    }

    fn show_move(mv: u8) -> String {
        format!("column {}", mv + 1)
    }

    fn evaluate(&self) -> i32 {
        ThreatEvaluator.evaluate(self)
    }
}

/// How strong the AI is.
#[derive(Copy, Clone, Debug)]
enum Strength {
    Depth(u32),
    Time(Duration),
    Playouts(u64),
}

impl Strength {
    fn budget(self) -> Budget {
        match self {
            Strength::Depth(d) => Budget::depth(d),
            Strength::Time(t) => Budget::time(t),
            Strength::Playouts(n) => Budget::iterations(n),
        }
    }
}

/// The AIs on offer. To add one (an MCTS player, say), add a variant, its name in
/// [`AiKind::parse`], and an arm in [`AiKind::build`] that boxes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AiKind {
    /// Negamax with PVS, a transposition table and iterative deepening.
    Negamax,
    /// Monte Carlo tree search (UCT with the MCTS-Solver), keeping its tree between moves.
    Mcts,
    /// Uniformly random moves (a baseline to beat).
    Random,
}

impl AiKind {
    fn parse(text: &str) -> Result<Self, String> {
        match text {
            "negamax" | "alphabeta" | "alpha-beta" => Ok(AiKind::Negamax),
            "mcts" => Ok(AiKind::Mcts),
            "random" => Ok(AiKind::Random),
            other => Err(format!(
                "unknown AI {other:?}: choose negamax, mcts or random"
            )),
        }
    }

    /// Builds the AI for game `G`.
    fn build<G: Playable>(self, strength: Strength, seed: u64) -> Result<Box<dyn Ai<G>>, String> {
        Ok(match self {
            AiKind::Negamax => {
                if let Strength::Playouts(_) = strength {
                    return Err("negamax plays by depth or time: give e.g. 8 or 500ms".to_string());
                }
                Box::new(NegamaxAi::new(strength, seed)?)
            }
            AiKind::Mcts => {
                if let Strength::Depth(_) = strength {
                    return Err(
                        "MCTS plays by time or playouts: give e.g. 500ms or 20000p".to_string()
                    );
                }
                Box::new(MctsAi(Mcts::<G>::new(seed).with_budget(strength.budget())))
            }
            AiKind::Random => Box::new(StrategyAi(RandomMover::new(seed))),
        })
    }
}

/// A chosen move and, when the AI can tell, what it thought.
struct Choice<M> {
    mv: M,
    thoughts: Option<String>,
}

/// An AI player: any [`Strategy`] (through [`StrategyAi`]), or an engine that also reports
/// its score, depth and node count.
trait Ai<G: Game> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError>;
    /// Told about every move played (by either side), so an AI can follow the game.
    fn observe(&mut self, before: &G, mv: G::Move);
}

/// Wraps any [`Strategy`] as an [`Ai`] that reports nothing but its move.
struct StrategyAi<S>(S);

impl<G: Game, S: Strategy<G>> Ai<G> for StrategyAi<S> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        Ok(Choice {
            mv: self.0.choose_move(state)?,
            thoughts: None,
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.0.observe_move(before, mv);
    }
}

/// MCTS, reporting the value it found and how much it searched; it keeps the subtree of
/// every move played as its next root.
struct MctsAi<G: Playable>(Mcts<G>);

impl<G: Playable> Ai<G> for MctsAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let r = self.0.search(state)?;
        let thoughts = format!(
            "{}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s",
            r.value,
            r.stats.playouts,
            r.stats.playouts_per_second(),
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        );
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.0.observe_move(before, mv);
    }
}

type Eval<G> = fn(&G) -> i32;

struct NegamaxAi<G: Playable> {
    engine: Negamax<Eval<G>, Arc<TranspositionTable>>,
    budget: Budget,
}

impl<G: Playable> NegamaxAi<G> {
    fn new(strength: Strength, seed: u64) -> Result<Self, String> {
        let table = TranspositionTable::with_megabytes(64).map_err(|e| e.to_string())?;
        let eval: Eval<G> = G::evaluate;
        Ok(NegamaxAi {
            engine: Negamax::new(eval)
                .with_table(Arc::new(table))
                .random_ties(seed),
            budget: strength.budget(),
        })
    }
}

impl<G: Playable> Ai<G> for NegamaxAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let r = self.engine.search(state, &self.budget)?;
        let thoughts = format!(
            "score {}, depth {}, {} nodes, {:.3} s",
            r.score,
            r.stats.depth_reached,
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        );
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {
        // The transposition table already carries what the engine learnt.
    }
}

/// Lines of input, with a prompt; `None` at the end of the input.
struct Input<R> {
    lines: R,
}

impl<R: BufRead> Input<R> {
    fn ask(&mut self, prompt: &str) -> Option<String> {
        say_inline!("{prompt}");
        let _ = io::stdout().flush();
        let mut line = String::new();
        match self.lines.read_line(&mut line) {
            Ok(0) | Err(_) => {
                say!("");
                None
            }
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// Asks until `parse` accepts the answer (empty = `default`); `None` at end of input.
    fn ask_until<T>(
        &mut self,
        prompt: &str,
        default: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        loop {
            let answer = self.ask(prompt)?;
            let answer = if answer.is_empty() {
                default.to_string()
            } else {
                answer
            };
            match parse(&answer.to_lowercase()) {
                Ok(v) => return Some(v),
                Err(message) => say!("{message}"),
            }
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameKind {
    TicTacToe,
    ConnectFour,
}

fn parse_game(text: &str) -> Result<GameKind, String> {
    match text {
        "ttt" | "tictactoe" | "tic-tac-toe" | "1" => Ok(GameKind::TicTacToe),
        "c4" | "connect4" | "connect-four" | "2" => Ok(GameKind::ConnectFour),
        other => Err(format!(
            "unknown game {other:?}: type ttt (tic-tac-toe) or c4 (Connect Four)"
        )),
    }
}

fn parse_first(text: &str) -> Result<bool, String> {
    match text {
        "human" | "me" | "h" | "1" => Ok(true),
        "ai" | "computer" | "a" | "2" => Ok(false),
        other => Err(format!("{other:?}: type human or ai")),
    }
}

fn parse_strength(text: &str) -> Result<Strength, String> {
    let bad = || {
        format!(
            "{text:?}: type a depth such as 6, a time such as 500ms, or playouts such as 20000p"
        )
    };
    if let Some(n) = text
        .strip_suffix("playouts")
        .or_else(|| text.strip_suffix('p'))
    {
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || n > 1_000_000_000 {
            return Err("the playouts must be between 1 and 1000000000".to_string());
        }
        return Ok(Strength::Playouts(n));
    }
    if let Some(ms) = text.strip_suffix("ms") {
        let ms: u64 = ms.trim().parse().map_err(|_| bad())?;
        if ms == 0 || ms > 600_000 {
            return Err("the time must be between 1 ms and 600000 ms".to_string());
        }
        return Ok(Strength::Time(Duration::from_millis(ms)));
    }
    let depth: u32 = text.parse().map_err(|_| bad())?;
    if depth == 0 || depth > 64 {
        return Err("the depth must be between 1 and 64".to_string());
    }
    Ok(Strength::Depth(depth))
}

struct Settings {
    game: Option<GameKind>,
    human_first: Option<bool>,
    strength: Option<Strength>,
    ai: [AiKind; 2],
    ai_vs_ai: bool,
    seed: u64,
}

fn parse_args() -> Result<Settings, String> {
    let mut s = Settings {
        game: None,
        human_first: None,
        strength: None,
        ai: [AiKind::Negamax; 2],
        ai_vs_ai: false,
        seed: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--game" => s.game = Some(parse_game(&value("--game")?.to_lowercase())?),
            "--first" => s.human_first = Some(parse_first(&value("--first")?.to_lowercase())?),
            "--depth" => s.strength = Some(parse_strength(&value("--depth")?)?),
            "--time" => {
                let ms = value("--time")?;
                s.strength = Some(parse_strength(&format!("{}ms", ms.trim_end_matches("ms")))?);
            }
            "--playouts" => {
                let n = value("--playouts")?;
                s.strength = Some(parse_strength(&format!("{}p", n.trim_end_matches('p')))?);
            }
            "--ai" => s.ai = [AiKind::parse(&value("--ai")?.to_lowercase())?; 2],
            "--ai-x" => s.ai[0] = AiKind::parse(&value("--ai-x")?.to_lowercase())?,
            "--ai-o" => s.ai[1] = AiKind::parse(&value("--ai-o")?.to_lowercase())?,
            "--ai-vs-ai" => s.ai_vs_ai = true,
            "--seed" => {
                s.seed = value("--seed")?
                    .parse()
                    .map_err(|_| "--seed needs a whole number".to_string())?
            }
            "-h" | "--help" => {
                return Err("usage: play [--game ttt|c4] [--first human|ai] [--depth N | --time MS | --playouts N] [--ai negamax|mcts|random] [--ai-x KIND] [--ai-o KIND] [--ai-vs-ai] [--seed N]".to_string())
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(s)
}

fn play<G: Playable, R: BufRead>(
    start: G,
    input: &mut Input<R>,
    human: [bool; 2],
    mut ais: [Option<Box<dyn Ai<G>>>; 2],
) -> ExitCode {
    let mut state = start;
    let mark = |p: Player| if p == Player::First { "X" } else { "O" };
    say!("\n{state}\n");
    loop {
        match state.outcome() {
            Outcome::Win(p) => {
                let who = if human[p.index()] {
                    "you win"
                } else {
                    "the AI wins"
                };
                say!("{} ({}) wins: {who}.", mark(p), p);
                return ExitCode::SUCCESS;
            }
            Outcome::Draw => {
                say!("Draw.");
                return ExitCode::SUCCESS;
            }
            Outcome::Ongoing => {}
        }
        let side = state.to_move();
        let mv = if human[side.index()] {
            let prompt = format!("{} to move, {}: ", mark(side), G::MOVE_HELP);
            let answer = input.ask_until(&prompt, "", |text| {
                if text == "quit" || text == "q" {
                    return Ok(None);
                }
                if text.is_empty() {
                    return Err(format!("type {}, or quit", G::MOVE_HELP));
                }
                state.parse_move(text).map(Some)
            });
            match answer {
                Some(Some(mv)) => mv,
                Some(None) => {
                    say!("Goodbye.");
                    return ExitCode::SUCCESS;
                }
                None => {
                    say!("Input ended: goodbye.");
                    return ExitCode::SUCCESS;
                }
            }
        } else {
            let Some(ai) = ais[side.index()].as_mut() else {
                eprintln!("no AI for {side}");
                return ExitCode::FAILURE;
            };
            let started = Instant::now();
            match ai.choose(&state) {
                Ok(choice) => {
                    let thoughts = choice
                        .thoughts
                        .unwrap_or_else(|| format!("{:.3} s", started.elapsed().as_secs_f64()));
                    say!(
                        "AI ({}) plays {}: {thoughts}",
                        mark(side),
                        G::show_move(choice.mv)
                    );
                    choice.mv
                }
                Err(e) => {
                    eprintln!("the AI could not move: {e}");
                    return ExitCode::FAILURE;
                }
            }
        };
        let before = state.clone();
        if let Err(e) = state.try_play(mv) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
        for ai in ais.iter_mut().flatten() {
            ai.observe(&before, mv);
        }
        say!("\n{state}\n");
    }
}

fn run<G: Playable, R: BufRead>(start: G, input: &mut Input<R>, s: &Settings) -> ExitCode {
    let human_first = if s.ai_vs_ai {
        false
    } else {
        match s.human_first {
            Some(h) => h,
            None => {
                match input.ask_until("Who starts, human or ai? [human] ", "human", parse_first) {
                    Some(h) => h,
                    None => return ExitCode::SUCCESS,
                }
            }
        }
    };
    let strength = match s.strength {
        Some(st) => st,
        None => match input.ask_until(
            "AI strength: a depth (e.g. 6), a time per move (e.g. 500ms) or playouts (e.g. 20000p)? [500ms] ",
            "500ms",
            parse_strength,
        ) {
            Some(st) => st,
            None => return ExitCode::SUCCESS,
        },
    };
    let human = if s.ai_vs_ai {
        [false, false]
    } else if human_first {
        [true, false]
    } else {
        [false, true]
    };
    let mut ais: [Option<Box<dyn Ai<G>>>; 2] = [None, None];
    for (i, slot) in ais.iter_mut().enumerate() {
        if !human[i] {
            match s.ai[i].build(strength, s.seed.wrapping_add(i as u64)) {
                Ok(ai) => *slot = Some(ai),
                Err(e) => {
                    eprintln!("cannot build the AI: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    say!("{}: X moves first. Type quit to stop.", G::NAME);
    play(start, input, human, ais)
}

fn main() -> ExitCode {
    let settings = match parse_args() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut input = Input {
        lines: stdin.lock(),
    };
    let game = match settings.game {
        Some(g) => g,
        None => match input.ask_until(
            "Which game, ttt (tic-tac-toe) or c4 (Connect Four)? [c4] ",
            "c4",
            parse_game,
        ) {
            Some(g) => g,
            None => return ExitCode::SUCCESS,
        },
    };
    match game {
        GameKind::TicTacToe => run(TicTacToe::new(), &mut input, &settings),
        GameKind::ConnectFour => run(ConnectFour::new(), &mut input, &settings),
    }
}
