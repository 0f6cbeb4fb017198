//! `ply play`: a game against the AI in the terminal, or AIs against each other, on the
//! terminal loop of the `play` crate (`play::PlayLoop`). `ply cards` plays its games on the
//! same loop ([`play_loop`]).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use games::KalahRules;
use play::{Console, Ending, PlayLoop, Reply};
use search_core::Strategy;

use crate::Failure;
use crate::ai::{DEFAULT_TABLE_MB, PonderTally, Settings};
use crate::games::{BoardArgs, PlyGame};
use crate::grammar::{EngineKind, EngineSpec, GameKind, Strength, notice, parse_seat};

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
AI's own budget), `undo` takes back your last move, `quit` ends the game at any question.
When the input is not a terminal (a pipe or a file), ply asks no questions: what is not
given takes its default (Connect Four, seat 1, alphabeta:500ms) and the input holds moves
only.

An engine is KIND or KIND:STRENGTH: alphabeta, mcts, solver, random, maxn or best-reply, with a
depth (d8), a time per move (500ms, 2s) or playouts (20000p); without a strength it thinks
500ms a move. -e once gives every AI seat that engine; repeated, the AI seats in order.
Scores and values are always for the player named with them (\"score +6 for O\"); a number is
an estimate (alpha-beta's evaluation, MCTS's mean reward), win, draw and loss are said only
of proven results. The solver plays perfectly when it proves the position within three
quarters of its time; otherwise alpha-beta chooses the move in the rest, and says so.

Seats are numbered from 1, the first to move: X is seat 1 and O seat 2 in the two-player
games. In Dots and Boxes and Kalah a player may move several times in a row (closing a box,
or ending in the own store); the solver plays them by proving the exact margin. Kalah is
played with the common rules, where a last stone in an empty pit of your own captures only
when the opposite pit has stones; --kalah-rules empty-capture plays the rule of the
published solutions of Kalah instead. EinStein würfelt nicht! is played with a die rolled
from --seed; alphabeta plays it with expectiminimax (Star2 pruning). The m,n,k-game takes 2
to 4 players (--players, default 3) on a ROWSxCOLSxK board: alphabeta is paranoid search
there, maxn and best-reply the other searches.

Examples:
  ply play
  ply play -g c4 --seat 1 -e alphabeta:500ms
  ply play -g ttt --seat none
  ply play -g reversi --seat 1 -e mcts:20000p
  ply play -g c4 --seat none -e mcts:100ms -e alphabeta:100ms
  ply play -g ttt --seat none -e alphabeta:d9 --live
  ply play -g c4 --seat 1 -e alphabeta:1s --ponder
  ply play -g c4 --seat 2 -e solver:5s
  echo '4 4 4 4' | ply play -g c4 --seat 1 -e alphabeta:d6
  ply play -g dots --size 2x3 --seat 1 -e solver:2s
  ply play -g kalah --size 4x3 --seat none -e alphabeta:200ms
  ply play -g kalah --size 4x3 --kalah-rules empty-capture --seat 1 -e solver:2s
  ply play -g einstein --seat none -e alphabeta:300ms -s 5
  ply play -g mnk --players 3 --size 6x6x4 --seat 1 -e maxn:500ms")]
pub(crate) struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::BOARD))]
    game: Option<GameKind>,
    #[command(flatten)]
    board: BoardArgs,
    /// Kalah's capture rule [default: common].
    #[arg(long, value_enum, value_name = "RULES")]
    kalah_rules: Option<KalahRulesArg>,
    /// Your seat: 1 moves first, 2 second (3 and 4 in the m,n,k-game); none to watch the
    /// engines play every seat.
    #[arg(long, value_name = "N|none", value_parser = seat)]
    seat: Option<Seat>,
    /// The engine of the AI seats, KIND or KIND:STRENGTH; repeated, the AI seats in order
    /// [default: alphabeta:500ms].
    #[arg(long, short, value_name = "ENGINE", value_parser = EngineSpec::parser(EngineKind::BOARD))]
    engine: Vec<EngineSpec>,
    /// A start position instead of the empty board: 1-based Connect Four columns (`4455`),
    /// nine tic-tac-toe cells (`X.O.X....`), or moves as typed at the prompt (`c2 b2 pass`
    /// for Reversi, `1 6 13` for Dots and Boxes, `3 1` for Kalah).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// Show the AI's thinking as it goes, on stderr: each finished depth of alpha-beta
    /// (score, principal variation, nodes per second), MCTS's root every 20 ms.
    #[arg(long)]
    live: bool,
    /// Think on the opponent's time (alpha-beta and MCTS, two-player games without dice):
    /// while you type your move, the AI searches the position after the reply it expects.
    #[arg(long)]
    ponder: bool,
    /// Seed of the AIs' random choices (ties, playouts) and of the dice.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Transposition table size of alpha-beta and the solver, in megabytes (per AI).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    #[command(flatten)]
    old: OldPlay,
}

/// The old spellings of `ply play`'s options (hidden; each prints a notice of its new
/// form).
#[derive(Debug, clap::Args)]
struct OldPlay {
    /// Old spelling of --seat 1 (human) and --seat 2 (ai).
    #[arg(long, hide = true, value_enum)]
    first: Option<First>,
    /// Old spelling of --seat none.
    #[arg(long, hide = true)]
    ai_vs_ai: bool,
    /// Old spelling of --engine KIND.
    #[arg(long, hide = true)]
    ai: Option<String>,
    /// Old spelling of the first --engine.
    #[arg(long, hide = true)]
    ai_x: Option<String>,
    /// Old spelling of the second --engine.
    #[arg(long, hide = true)]
    ai_o: Option<String>,
    /// Old spelling of the strength dN.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Old spelling of a time strength.
    #[arg(long, hide = true, value_parser = crate::grammar::move_time)]
    time: Option<Duration>,
    /// Old spelling of the strength Np.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
}

/// `--first` (old spelling).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum First {
    /// You move first.
    Human,
    /// The AI moves first.
    Ai,
}

/// A seat given on the command line: a number from 1, or none.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seat(pub Option<usize>);

/// Reads `--seat`.
pub(crate) fn seat(text: &str) -> Result<Seat, String> {
    parse_seat(text).map(Seat)
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

/// The engine every AI seat gets when none is given and none can be asked for.
const DEFAULT_ENGINE: &str = "alphabeta:500ms";

/// The strength of an engine given without one.
const DEFAULT_STRENGTH: Strength = Strength::Time(Duration::from_millis(500));

impl OldPlay {
    /// The seat and the engines the old spellings give, with their notices; `seat` is the
    /// seat given the new way, if it was.
    fn translate(&self, seat: Option<Seat>) -> Result<(Option<Seat>, Vec<EngineSpec>), Failure> {
        let old_seat = if self.ai_vs_ai {
            notice("--ai-vs-ai", "--seat none");
            Some(Seat(None))
        } else {
            self.first.map(|f| {
                let (old, n) = if f == First::Human {
                    ("human", 1)
                } else {
                    ("ai", 2)
                };
                notice(&format!("--first {old}"), &format!("--seat {n}"));
                Seat(Some(n - 1))
            })
        };
        let strength = match (self.depth, self.time, self.playouts) {
            (Some(d), _, _) => Some(Strength::Depth(d)),
            (_, Some(t), _) => Some(Strength::Time(t)),
            (_, _, Some(n)) => Some(Strength::Playouts(n)),
            _ => None,
        };
        let parse = |text: &str| {
            EngineSpec::parser(EngineKind::BOARD)(text)
                .map(|mut spec| {
                    spec.strength = spec.strength.or(strength);
                    spec
                })
                .map_err(Failure::input)
        };
        let all = match &self.ai {
            Some(text) => parse(text)?,
            None => EngineSpec {
                kind: EngineKind::Alphabeta,
                strength,
            },
        };
        let x = self.ai_x.as_deref().map(parse).transpose()?.unwrap_or(all);
        let o = self.ai_o.as_deref().map(parse).transpose()?.unwrap_or(all);
        let given =
            self.ai.is_some() || self.ai_x.is_some() || self.ai_o.is_some() || strength.is_some();
        let specs = match seat.or(old_seat).unwrap_or(Seat(Some(0))) {
            _ if !given => Vec::new(),
            _ if x == o => vec![x],
            Seat(Some(0)) => vec![o],
            Seat(Some(_)) => vec![x],
            Seat(None) => vec![x, o],
        };
        let old: Vec<String> = [
            self.ai.as_ref().map(|a| format!("--ai {a}")),
            self.ai_x.as_ref().map(|a| format!("--ai-x {a}")),
            self.ai_o.as_ref().map(|a| format!("--ai-o {a}")),
            self.depth.map(|d| format!("--depth {d}")),
            self.time
                .map(|t| format!("--time {}", crate::input::show_duration(t))),
            self.playouts.map(|p| format!("--playouts {p}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !old.is_empty() {
            let new: Vec<String> = specs.iter().map(|s| format!("-e {s}")).collect();
            notice(&old.join(" "), &new.join(" "));
        }
        Ok((old_seat, specs))
    }
}

/// Runs `ply play`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    let (old_seat, old_engines) = args.old.translate(args.seat)?;
    let stdin = io::stdin();
    let mut console =
        Console::new(stdin.lock(), crate::output::stdout()).with_questions(stdin.is_terminal());
    let numbered: Vec<String> = GameKind::BOARD
        .iter()
        .enumerate()
        .map(|(i, g)| format!("{} {}", i + 1, g.name()))
        .collect();
    let question = format!("Which game: {}? [c4] ", numbered.join(", "));
    let game = match console.choose(args.game, &question, "c4", "--game", |t| {
        GameKind::parse_in(GameKind::BOARD, t)
    })? {
        Reply::Value(g) => g,
        Reply::Quit => return goodbye(&mut console, "Goodbye."),
        Reply::Ended => return goodbye(&mut console, "Input ended: goodbye."),
    };
    if args.kalah_rules.is_some() && game != GameKind::Kalah {
        return Err(Failure::input(
            "--kalah-rules is for kalah: the other games have one set of rules",
        ));
    }
    if args.ponder && !GameKind::TWO_PLAYER.contains(&game) {
        return Err(Failure::input(format!(
            "--ponder is for the two-player games without dice (ttt, c4, reversi, dots, kalah), not {}",
            game.name()
        )));
    }
    let table = Table {
        seat: args.seat.or(old_seat),
        engines: if args.engine.is_empty() {
            old_engines
        } else {
            args.engine.clone()
        },
        start: args.start.clone(),
        seed: args.seed,
        settings: Settings {
            table_mb: args.table_mb as usize,
            live: args.live,
            ponder: args.ponder.then(|| Arc::new(PonderTally::default())),
        },
    };
    if game == GameKind::Kalah {
        args.board.check(game)?;
        let rules = match args.kalah_rules {
            Some(KalahRulesArg::EmptyCapture) => KalahRules::EMPTY_CAPTURE,
            _ => KalahRules::COMMON,
        };
        return table.play(args.board.kalah()?.with_rules(rules), &mut console);
    }
    crate::with_game!(game, &args.board, |g| table.play(g, &mut console))
}

/// Who sits where and with what, from the command line.
pub(crate) struct Table {
    /// The person's seat (`Seat(None)`: nobody), if given.
    pub seat: Option<Seat>,
    /// The engines of the AI seats, in seat order (the last one for the seats after it).
    pub engines: Vec<EngineSpec>,
    /// `--start`.
    pub start: Option<String>,
    /// Seed of the engines and of the dice.
    pub seed: u64,
    /// How the engines are built.
    pub settings: Settings,
}

impl Table {
    /// Asks what was not given (the seat, the engine), then plays one game of `board`.
    pub(crate) fn play<G: PlyGame, R: io::BufRead, W: Write>(
        &self,
        board: G,
        console: &mut Console<R, W>,
    ) -> Result<ExitCode, Failure> {
        let start = board.start(self.start.as_deref())?;
        let players = start.state.player_count();
        let seats: Vec<String> = (1..=players).map(|s| s.to_string()).collect();
        let question = format!(
            "Your seat, {} (1 moves first) or none? [1] ",
            seats.join(", ")
        );
        let seat = match console.choose(self.seat, &question, "1", "--seat", seat)? {
            Reply::Value(Seat(s)) if s.is_some_and(|s| s >= players) => {
                return Err(Failure::input(format!(
                    "--seat {}: {} has {players} seats",
                    s.unwrap_or(0) + 1,
                    G::NAME
                )));
            }
            Reply::Value(Seat(s)) => s,
            Reply::Quit => return goodbye(console, "Goodbye."),
            Reply::Ended => return goodbye(console, "Input ended: goodbye."),
        };
        let engines = if self.engines.is_empty() {
            let question = format!(
                "The AI and its strength, such as alphabeta:d6, mcts:20000p or solver:2s? [{DEFAULT_ENGINE}] "
            );
            match console.choose(None, &question, DEFAULT_ENGINE, "--engine", |t| {
                EngineSpec::parser(EngineKind::BOARD)(t)
            })? {
                Reply::Value(spec) => vec![spec],
                Reply::Quit => return goodbye(console, "Goodbye."),
                Reply::Ended => return goodbye(console, "Input ended: goodbye."),
            }
        } else {
            self.engines.clone()
        };
        let engines: Vec<EngineSpec> = engines
            .iter()
            .map(|s| s.or_strength(DEFAULT_STRENGTH))
            .collect();
        let shared = start.state.share(&engines).map_err(Failure::input)?;
        let game =
            play_loop(&start.state, seat, &engines, &shared, self)?.with_notation(G::shown(&start));
        let variant = start.state.variant();
        let name = if variant.is_empty() {
            G::NAME.to_string()
        } else {
            format!("{} ({variant})", G::NAME)
        };
        writeln!(
            console.output(),
            "{name}: {}. Type quit to stop.",
            seating(players, seat, &engines)
        )?;
        let report = game
            .play_on(console)
            .map_err(|e| Failure::run(format!("the game stopped: {e}")))?;
        if let (Ending::Finished, Some(me)) = (report.ending, seat) {
            let mut rewards = vec![0.0; players];
            report.position.rewards(&mut rewards);
            writeln!(console.output(), "{}", verdict(&rewards, me))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// A loop from `state` with the person in `seat` (if any) and the engines of `specs` in the
/// other seats (in order, the last for the seats after it), sharing `shared`.
pub(crate) fn play_loop<'a, G: PlyGame>(
    state: &G,
    seat: Option<usize>,
    specs: &[EngineSpec],
    shared: &G::Shared,
    table: &Table,
) -> Result<PlayLoop<'a, G>, Failure> {
    let players = state.player_count();
    let ai_seats: Vec<usize> = (0..players).filter(|&s| Some(s) != seat).collect();
    let mut game = PlayLoop::new(state.clone()).with_seed(table.seed);
    for (i, &s) in ai_seats.iter().enumerate() {
        let spec = specs[i.min(specs.len() - 1)];
        let engine: Box<dyn Strategy<G>> = state
            .engine(
                spec,
                table.seed.wrapping_add(s as u64),
                &table.settings,
                shared,
            )
            .map_err(|e| Failure::input(format!("{spec} for player {}: {e}", s + 1)))?;
        game = game.with_ai(s, engine);
    }
    Ok(game)
}

/// Who plays which seat, for the game's first line: `seat 1 you, seat 2 alphabeta:500ms`.
fn seating(players: usize, seat: Option<usize>, specs: &[EngineSpec]) -> String {
    let mut ai = 0;
    let seats: Vec<String> = (0..players)
        .map(|s| {
            if Some(s) == seat {
                return format!("seat {} you", s + 1);
            }
            let spec = specs[ai.min(specs.len() - 1)].or_strength(DEFAULT_STRENGTH);
            ai += 1;
            format!("seat {} {spec}", s + 1)
        })
        .collect();
    seats.join(", ")
}

/// How the game came out for the person in `seat`.
fn verdict(rewards: &[f64], seat: usize) -> &'static str {
    let best = rewards.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners = rewards.iter().filter(|&&r| r == best).count();
    if winners == rewards.len() {
        "A draw."
    } else if rewards[seat] == best && winners == 1 {
        "You win."
    } else if rewards[seat] == best {
        "You share the win."
    } else {
        "You lose."
    }
}

/// A clean stop at a question: `quit`, or the end of the input.
fn goodbye<R: io::BufRead, W: Write>(
    console: &mut Console<R, W>,
    words: &str,
) -> Result<ExitCode, Failure> {
    writeln!(console.output(), "{words}")?;
    Ok(ExitCode::SUCCESS)
}
