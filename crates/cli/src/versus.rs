//! `ply match`: engines play a series of games with the seats rotated. Two engines in a
//! two-player game give a win/draw/loss tally and an Elo difference with its 95 % interval;
//! in EinStein würfelt nicht! (dice) and the m,n,k-game (two to four players) the report
//! gives every engine's results in every seat.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use adversarial::Solver;
use games::{ConnectFour, EinStein, Reversi, TicTacToe};
use search_core::arena::{Arena, GeneralArena, GeneralReport, GeneralStrategy, SeatTally};
use search_core::{Budget, Player, SearchError, Wdl};

use crate::Failure;
use crate::ai::{DEFAULT_TABLE_MB, EngineKind, GameKind, Named, Playable, PonderTally, Strength};
use crate::play::{check_board_options, dots_board, kalah_board, mnk_board, start_position};
use crate::play_general::{Seat, Tabletop, table_entries};
use crate::progress::Progress;
use crate::timing::ClockSpec;

/// Options of `ply match`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
An engine is written KIND or KIND:STRENGTH, with KIND one of alphabeta, mcts, solver, random,
maxn, best-reply and STRENGTH a depth (6), a time per move (100ms) or playouts (20000p);
without a strength an engine thinks --time per move. alphabeta is expectiminimax in EinStein
würfelt nicht! (and the m,n,k-game for two) and paranoid search in the m,n,k-game for three
or four; maxn plays EinStein and the m,n,k-game, best-reply the m,n,k-game for three or four,
solver only the two-player games without dice. An engine that does not fit the game, or a
strength it cannot use, is refused before any game is played.

Two-player games (ttt, c4, reversi, dots, kalah): give two engines, A and B. Games come in
pairs from the same opening, each engine playing each side once, so neither gains from moving
first. The report gives A's wins, draws and losses, its score with a 95 % interval, the Elo
difference A - B with its 95 % interval, and how many openings were already decided (the
solver gets 20000 nodes for each): a game lost from an opening proven lost for that side is
no fault of the engine.

EinStein würfelt nicht! and the m,n,k-game (--players 2 to 4, --size WIDTHxHEIGHTxK): give
two engines or more, up to one per seat. Game g deals the engines round the seats starting
with the g-th engine (two engines in three seats: A B A, then B A B), so over a round of one
game per engine every engine takes every seat once; every game of a round starts from the
same opening and rolls the same dice (the k-th roll of each game is the same), so the luck of
the dice evens out. The report gives each engine's wins, draws, losses and mean reward in
each seat and over all seats (a win is the highest reward alone, a draw a share of it), and
with two engines in a two-player game the score and Elo difference too.

Random openings: each pair or round starts from --opening-plies random moves (0 for none);
the default is 2, and 0 for tic-tac-toe (2 random plies hand X a won game in 48 of the 72
openings) and EinStein würfelt nicht! (the dice vary the games). The engines' seeds vary the
games too. The same --seed replays the same match (given depths or playouts, not times).

Examples:
  ply match --game c4 --games 10 --time 50ms alphabeta mcts
  ply match --game c4 --games 100 alphabeta:4 alphabeta:6
  ply match --game ttt --games 50 mcts:2000p random
  ply match --game c4 --games 10 --time 20ms mcts alphabeta --seed 7
  ply match --game c4 --games 2 --clock 1+0.01 alphabeta mcts
  ply match --game c4 --games 2 --clock 1+0.01 --ponder a mcts mcts
  ply match --game kalah --size 4x3 --games 20 --time 50ms mcts random
  ply match --game einstein --games 20 alphabeta:3 mcts:2000p
  ply match --game mnk --players 3 --size 5x5x4 --games 12 mcts:1000p maxn:2 random")]
pub struct Args {
    /// The engines, A and B (and C, D in the m,n,k-game): KIND or KIND:STRENGTH.
    #[arg(value_name = "ENGINE", required = true, num_args = 2..=4)]
    engines: Vec<EngineSpec>,
    /// The game.
    #[arg(long, value_enum, default_value_t = GameKind::C4)]
    game: GameKind,
    /// The board: ROWSxCOLS boxes for Dots and Boxes (3x3), PITSxSTONES for Kalah (6x4,
    /// common rules), WIDTHxHEIGHTxK for the m,n,k-game (6x6x4).
    #[arg(long)]
    size: Option<String>,
    /// Players of the m,n,k-game [default: 3].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
    /// A start position instead of the empty board, as in `ply play` (two-player games).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// Games to play (a multiple of the number of engines gives each engine each seat
    /// equally often).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Thinking time per move of an engine given without a strength: 500ms, 2s, or
    /// milliseconds.
    #[arg(long, value_name = "TIME", default_value = "100ms", value_parser = crate::ai::move_time)]
    time: Duration,
    /// Play on a game clock (two-player games): BASE+INCREMENT in seconds, as 60+1 or
    /// 10+0.1. Each side starts each game with BASE; each move gets its share of the time
    /// left, the time it takes is taken off and INCREMENT added; a side whose clock runs
    /// out loses on time. Replaces --time; an engine's own strength still caps its moves.
    #[arg(long, value_name = "BASE+INC", conflicts_with = "time")]
    clock: Option<ClockSpec>,
    /// Let engine A, B or both think on the opponent's time (alphabeta and mcts, in the
    /// two-player games): alpha-beta searches the position after the reply it expects and
    /// goes on with that search when the reply comes, MCTS grows its tree there. Pondering
    /// runs on a thread of its own while the other engine thinks.
    #[arg(long, value_enum, value_name = "WHO")]
    ponder: Option<Ponder>,
    /// Random moves played before each pair (or round) of games; 0 for none [default: 2;
    /// 0 for ttt and einstein].
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(0..=1000))]
    opening_plies: Option<u32>,
    /// Seed of the openings, the dice and the engines.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table size of alpha-beta, expectiminimax and the solver, in megabytes
    /// (per engine).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    quiet: bool,
}

/// Who ponders (`--ponder`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Ponder {
    /// Engine A.
    #[value(alias = "a")]
    A,
    /// Engine B.
    #[value(alias = "b")]
    B,
    /// Both engines.
    Both,
}

impl Ponder {
    /// Whether engine `index` (0 for A) ponders.
    fn includes(self, index: usize) -> bool {
        matches!(
            (self, index),
            (Ponder::Both, _) | (Ponder::A, 0) | (Ponder::B, 1)
        )
    }
}

/// An engine and, optionally, its strength: `alphabeta`, `mcts:20000p`, `alphabeta:6`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EngineSpec {
    kind: EngineKind,
    strength: Option<Strength>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (kind, strength) = match text.split_once(':') {
            Some((k, s)) => (k, Some(s.parse::<Strength>()?)),
            None => (text, None),
        };
        let kind = <EngineKind as clap::ValueEnum>::from_str(kind, true).map_err(|_| {
            format!(
                "unknown engine {}: choose alphabeta, mcts, solver, random, maxn or best-reply",
                crate::input::quote(kind)
            )
        })?;
        Ok(EngineSpec { kind, strength })
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.strength {
            Some(s) => write!(f, "{}:{s}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl EngineSpec {
    /// The strength the engine plays with: its own, or `default` (random moves take none).
    fn settle(&self, default: Strength) -> EngineSpec {
        EngineSpec {
            kind: self.kind,
            strength: match self.kind {
                EngineKind::Random => None,
                _ => Some(self.strength.unwrap_or(default)),
            },
        }
    }

    /// The strength to build the engine with.
    fn strength(&self) -> Strength {
        // Random moves ignore it.
        self.strength.unwrap_or(Strength::Depth(1))
    }
}

/// The mark of a player of a two-player game: X moves first.
fn mark(p: Player) -> char {
    if p == Player::First { 'X' } else { 'O' }
}

/// The letter of engine `index`: A, B, C, D.
fn letter(index: usize) -> char {
    char::from(b'A' + index as u8)
}

/// The nodes the solver gets to prove each opening.
const OPENING_PROOF_NODES: u64 = 20_000;
/// The solver's table for the openings, in megabytes.
const OPENING_PROOF_TABLE_MB: u64 = 8;
/// Openings proven at most (the first pairs'), so that proving stays cheap next to playing.
const OPENING_PROOF_PAIRS: u32 = 1_000;

/// Runs `ply match`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let game = args.game;
    check_board_options(game, args.size.as_deref(), args.players)?;
    let size = args.size.as_deref();
    match game {
        GameKind::Ttt => two_player(TicTacToe::new(), String::new(), &args),
        GameKind::C4 => two_player(ConnectFour::new(), String::new(), &args),
        GameKind::Reversi => two_player(Reversi::new(), String::new(), &args),
        GameKind::Dots => {
            let board = dots_board(size)?;
            let (rows, cols) = board.size();
            two_player(board, format!("{rows} x {cols} boxes"), &args)
        }
        GameKind::Kalah => {
            let board = kalah_board(size)?;
            let variant = format!(
                "{} pits of {} stones",
                board.pits(),
                board.stones(Player::First, 0)
            );
            two_player(board, variant, &args)
        }
        GameKind::Einstein => general(EinStein::new(), &args),
        GameKind::Mnk => general(mnk_board(size, args.players)?, &args),
    }
}

/// `--opening-plies`, or the game's default, with the reason for a default of 0.
fn opening_plies(args: &Args) -> (u32, &'static str) {
    let (default, why) = match args.game {
        GameKind::Ttt => (
            0,
            " in tic-tac-toe, where 2 random plies hand X a won game in 48 of the 72 openings",
        ),
        GameKind::Einstein => (0, " in EinStein würfelt nicht!, whose dice vary the games"),
        _ => (2, ""),
    };
    match args.opening_plies {
        Some(n) => (n, ""),
        None => (default, why),
    }
}

/// The line that says how the games start.
fn opening_note(args: &Args, unit: &str) -> String {
    let (plies, why) = opening_plies(args);
    let default = match args.opening_plies {
        Some(_) => String::new(),
        None => format!(", {plies} by default{why}"),
    };
    let after = if args.start.is_some() {
        " after the --start position"
    } else {
        ""
    };
    format!(
        "openings: each {unit} starts from {plies} random plies{after} (--opening-plies; 0 for none{default})"
    )
}

/// A game name with its board, for headings: "Dots and Boxes (2 x 2 boxes)".
fn titled(name: &str, variant: &str) -> String {
    if variant.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({variant})")
    }
}

// ---------------------------------------------------------------------------------------
// Two-player games

fn two_player<G: Playable>(board: G, variant: String, args: &Args) -> Result<ExitCode, Failure> {
    if args.engines.len() != 2 {
        return Err(Failure::input(format!(
            "{} has two players: give two engines, A and B (not {})",
            G::NAME,
            args.engines.len()
        )));
    }
    let start = start_position(board, args.start.as_deref())?.state;
    // On a clock, an engine without a strength thinks as long as the clock allows.
    let default = match args.clock {
        Some(_) => Strength::Time(crate::ai::MAX_MOVE_TIME),
        None => Strength::Time(args.time),
    };
    let (a, b) = (
        args.engines[0].settle(default),
        args.engines[1].settle(default),
    );
    let shown = |e: &EngineSpec, settled: &EngineSpec| match args.clock {
        Some(_) => e.clone(),
        None => settled.clone(),
    };
    let (shown_a, shown_b) = (shown(&args.engines[0], &a), shown(&args.engines[1], &b));
    let table_mb = args.table_mb;
    let ponders = |index: usize| args.ponder.is_some_and(|p| p.includes(index));
    // Build each engine once up front, so that an engine or a strength that does not fit
    // the game is reported before any game is played.
    for (index, (label, e)) in [("A", &a), ("B", &b)].into_iter().enumerate() {
        e.kind
            .build::<G>(e.strength(), args.seed, table_mb)
            .map_err(|msg| Failure::input(format!("engine {label} ({e}): {msg}")))?;
        if ponders(index) && !matches!(e.kind, EngineKind::Alphabeta | EngineKind::Mcts) {
            return Err(Failure::input(format!(
                "engine {label} ({e}) does not ponder: --ponder is for alphabeta and mcts"
            )));
        }
    }
    let tallies = [
        Arc::new(PonderTally::default()),
        Arc::new(PonderTally::default()),
    ];
    let make = |e: EngineSpec, shown: EngineSpec, index: usize| {
        let label = if index == 0 { "A" } else { "B" };
        let ponder = ponders(index);
        let note = if ponder { " pondering" } else { "" };
        let tally = Arc::clone(&tallies[index]);
        move |seed: u64| {
            let ai = e
                .kind
                .build_live::<G>(e.strength(), seed, table_mb, false, ponder)
                .expect("the engine was built once with these settings before the match");
            Named::new(ai, format!("{label} {shown}{note}")).with_ponder_tally(Arc::clone(&tally))
        }
    };
    let (plies, _) = opening_plies(args);
    let mut arena = Arena::new(start.clone())
        .with_games(args.games)
        .with_seed(args.seed)
        .with_opening_plies(plies);
    if let Some(clock) = args.clock {
        arena = arena.with_clock(clock.clock());
    }
    let name = titled(G::NAME, &variant);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{name}: A {shown_a}{} vs B {shown_b}{}, {} games, seed {}",
        if ponders(0) { " pondering" } else { "" },
        if ponders(1) { " pondering" } else { "" },
        args.games,
        args.seed
    )?;
    if let Some(clock) = args.clock {
        writeln!(
            out,
            "clock {clock}: each side starts each game with {}, gets {} after each move, and loses on time if its clock runs out",
            crate::input::show_duration(clock.base),
            crate::input::show_duration(clock.increment)
        )?;
    }
    writeln!(out, "{}", opening_note(args, "pair of games"))?;
    let pairs = args.games.div_ceil(2);
    let proven = prove_openings(&arena, &start, pairs.min(OPENING_PROOF_PAIRS));
    writeln!(out, "{}", proven_note(&proven, pairs, plies))?;
    out.flush()?;

    let progress = Progress::new(u64::from(args.games), "games", args.quiet);
    let report = arena
        .run_with_progress(
            make(a.clone(), shown_a.clone(), 0),
            make(b.clone(), shown_b.clone(), 1),
            |_, tally| {
                progress.set_message(&format!("{tally}"));
                progress.advance();
            },
        )
        .map_err(|e| Failure::run(format!("the match stopped: {e}")))?;
    progress.finish();
    writeln!(out, "{name}: {report}")?;
    let (mut first, mut second) = ([0u32; 3], [0u32; 3]);
    // Losses of A and of B, and how many of them came from openings proven lost for the
    // loser's side.
    let (mut lost, mut lost_opening) = ([0u32; 2], [0u32; 2]);
    for (index, game) in (0u32..).zip(&report.games) {
        let slot = match game.result {
            Wdl::Win => 0,
            Wdl::Draw => 1,
            Wdl::Loss => 2,
        };
        if game.a_played == Player::First {
            first[slot] += 1;
        } else {
            second[slot] += 1;
        }
        let (loser, side) = match game.result {
            Wdl::Loss => (0, game.a_played),
            Wdl::Win => (1, game.a_played.opponent()),
            Wdl::Draw => continue,
        };
        lost[loser] += 1;
        if proven.get(index as usize / 2) == Some(&Some(Proof::Won(side.opponent()))) {
            lost_opening[loser] += 1;
        }
    }
    writeln!(
        out,
        "A moving first: +{} ={} -{}; A moving second: +{} ={} -{}",
        first[0], first[1], first[2], second[0], second[1], second[2]
    )?;
    if args.clock.is_some() {
        let (a_flags, b_flags) = report.time_losses();
        writeln!(out, "lost on time: A {a_flags}, B {b_flags}")?;
    }
    for (index, tally) in tallies.iter().enumerate() {
        let (hits, misses) = tally.get();
        if ponders(index) && hits + misses > 0 {
            writeln!(
                out,
                "{}'s ponder hits: {hits} of the {} replies it pondered on ({:.1} %)",
                letter(index),
                hits + misses,
                100.0 * hits as f64 / (hits + misses) as f64
            )?;
        }
    }
    if lost_opening.iter().any(|&n| n > 0) {
        writeln!(
            out,
            "games lost from an opening proven lost for the loser's side: A {} of its {} losses, B {} of its {}",
            lost_opening[0], lost[0], lost_opening[1], lost[1]
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What the solver proved of an opening, with perfect play from it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Proof {
    /// This side wins.
    Won(Player),
    /// A draw.
    Drawn,
}

/// The proven value of the first `pairs` pairs' openings (`None`: not proven within
/// [`OPENING_PROOF_NODES`]), each distinct position solved once.
fn prove_openings<G: Playable>(arena: &Arena<G>, start: &G, pairs: u32) -> Vec<Option<Proof>> {
    let mut solver = Solver::new()
        .with_table_mb(OPENING_PROOF_TABLE_MB)
        .with_budget(Budget::nodes(OPENING_PROOF_NODES));
    let mut known: HashMap<u64, Option<Proof>> = HashMap::new();
    (0..pairs)
        .map(|pair| {
            let mut state = start.clone();
            for mv in arena.opening(pair) {
                state.play(mv);
            }
            *known
                .entry(state.hash_key())
                .or_insert_with(|| prove(&mut solver, &state))
        })
        .collect()
}

/// The solver's verdict on `state`, if it finds one within its budget.
fn prove<G: Playable>(solver: &mut Solver, state: &G) -> Option<Proof> {
    let score = solver.solve(state).ok()?.score?;
    let mover = state.to_move();
    Some(if score.is_win() {
        Proof::Won(mover)
    } else if score.is_loss() {
        Proof::Won(mover.opponent())
    } else {
        Proof::Drawn
    })
}

/// The line that says how many openings were already decided (`plies` random moves each).
fn proven_note(proven: &[Option<Proof>], pairs: u32, plies: u32) -> String {
    if plies == 0 {
        let verdict = match proven.first().copied().flatten() {
            Some(Proof::Won(p)) => format!(
                "won for {} with perfect play: a game lost from it by {} is no fault of the engine",
                mark(p),
                mark(p.opponent())
            ),
            Some(Proof::Drawn) => "a draw with perfect play".to_string(),
            None => "not proven".to_string(),
        };
        return format!(
            "the start position is {verdict} (the solver given {OPENING_PROOF_NODES} nodes)"
        );
    }
    let count = |p: Option<Proof>| proven.iter().filter(|&&q| q == p).count();
    let of = if proven.len() as u32 == pairs {
        format!("the {pairs} openings")
    } else {
        format!("the first {} of the {pairs} openings", proven.len())
    };
    format!(
        "already decided (the solver given {OPENING_PROOF_NODES} nodes for each), of {of}: {} won for X, {} won for O, {} drawn, {} not proven; \
         a game lost from an opening lost for that side is no fault of the engine",
        count(Some(Proof::Won(Player::First))),
        count(Some(Proof::Won(Player::Second))),
        count(Some(Proof::Drawn)),
        count(None),
    )
}

// ---------------------------------------------------------------------------------------
// Games with dice or more than two players

/// An engine in a seat of a general game, for the match runner.
struct SeatPlayer<G: Tabletop> {
    seat: Seat<G>,
    strength: Strength,
    name: String,
}

impl<G: Tabletop> GeneralStrategy<G> for SeatPlayer<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.seat.choose(state, self.strength).map(|(mv, _)| mv)
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

fn general<G: Tabletop>(start: G, args: &Args) -> Result<ExitCode, Failure> {
    if args.start.is_some() {
        return Err(Failure::input(format!(
            "--start is not available for {}: it starts from the usual position",
            G::NAME
        )));
    }
    if args.ponder.is_some() {
        return Err(Failure::input(format!(
            "--ponder is for the two-player games without dice (ttt, c4, reversi, dots, kalah), not {}",
            G::NAME
        )));
    }
    if args.clock.is_some() {
        return Err(Failure::input(format!(
            "--clock is for the two-player games without dice (ttt, c4, reversi, dots, kalah), not {}: use --time",
            G::NAME
        )));
    }
    let players = start.player_count();
    let engines: Vec<EngineSpec> = args
        .engines
        .iter()
        .map(|e| e.settle(Strength::Time(args.time)))
        .collect();
    if engines.len() > players {
        let give = if players == 2 {
            "two engines".to_string()
        } else {
            format!("2 to {players} engines")
        };
        return Err(Failure::input(format!(
            "{} has {players} players: give {give}, not {}",
            titled(G::NAME, &start.variant()),
            engines.len()
        )));
    }
    let entries = table_entries(args.table_mb as usize);
    for (index, e) in engines.iter().enumerate() {
        Seat::build_with_table(e.kind, e.strength(), args.seed, &start, entries)
            .map_err(|msg| Failure::input(format!("engine {} ({e}): {msg}", letter(index))))?;
    }
    let (plies, _) = opening_plies(args);
    let arena = GeneralArena::new(start.clone(), engines.len())
        .with_games(args.games)
        .with_seed(args.seed)
        .with_opening_plies(plies);
    let names: Vec<String> = engines
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{} {e}", letter(i)))
        .collect();
    let title = titled(G::NAME, &start.variant());
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{title}: {}, {} games, seed {}",
        names.join(", "),
        args.games,
        args.seed
    )?;
    let round = engines.len();
    let deals: Vec<String> = (0..round.min(args.games as usize))
        .map(|g| {
            let seats: Vec<String> = arena
                .seating(g as u32)
                .iter()
                .map(|&e| letter(e).to_string())
                .collect();
            format!("game {}: {}", g + 1, seats.join(" "))
        })
        .collect();
    writeln!(
        out,
        "seats (seat 1 moves first): {}{}; every engine takes every seat once in each round of {round} games",
        deals.join(", "),
        if args.games as usize > round {
            ", and so on"
        } else {
            ""
        }
    )?;
    let unit = format!("round of {round} games");
    writeln!(out, "{}", opening_note(args, &unit))?;
    if has_dice(&start) {
        writeln!(
            out,
            "dice: every game of a round rolls the same dice (the k-th roll of each game is the same), so the luck evens out over the round"
        )?;
    }
    if args.games as usize % round != 0 {
        writeln!(
            out,
            "the last round is cut short ({} games are not a multiple of {round}): the seats are not quite balanced",
            args.games
        )?;
    }
    out.flush()?;

    let make = |engine: usize, seat_seed: u64| {
        let e = &engines[engine];
        let seat = Seat::build_with_table(e.kind, e.strength(), seat_seed, &start, entries)
            .expect("the engine was built once with these settings before the match");
        SeatPlayer {
            seat,
            strength: e.strength(),
            name: names[engine].clone(),
        }
    };
    let progress = Progress::new(u64::from(args.games), "games", args.quiet);
    let mut wins = vec![0u32; engines.len()];
    let report = arena
        .run_with_progress(make, |game| {
            for (seat, &engine) in game.seating.iter().enumerate() {
                if game.result(seat) == Wdl::Win {
                    wins[engine] += 1;
                }
            }
            let tally: Vec<String> = wins
                .iter()
                .enumerate()
                .map(|(e, w)| format!("{} {w}", letter(e)))
                .collect();
            progress.set_message(&format!("wins: {}", tally.join(", ")));
            progress.advance();
        })
        .map_err(|e| Failure::run(format!("the match stopped: {e}")))?;
    progress.finish();
    write_general_report(&mut out, &title, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// Whether the game starts with a roll of the dice or reaches one in its first moves.
fn has_dice<G: Tabletop>(start: &G) -> bool {
    use search_core::Turn;
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..4 {
        match state.turn() {
            Turn::Chance => return true,
            Turn::Over => return false,
            Turn::Player(_) => {
                moves.clear();
                state.moves(&mut moves);
                let Some(&mv) = moves.first() else {
                    return false;
                };
                state.apply(mv);
            }
        }
    }
    false
}

/// The per-seat and per-engine tables, and the Elo line for two engines in a two-player
/// game.
fn write_general_report<M>(
    out: &mut impl Write,
    title: &str,
    report: &GeneralReport<M>,
) -> io::Result<()> {
    let width = report
        .names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let row = |t: &SeatTally| {
        format!(
            "{:>5}  {:>4}  {:>5}  {:>6}  {:>11}",
            t.games(),
            t.tally.wins,
            t.tally.draws,
            t.tally.losses,
            t.mean_reward()
                .map_or_else(|| "-".to_string(), |r| format!("{r:.3}"))
        )
    };
    writeln!(
        out,
        "results by seat (a win is the highest reward alone, a draw a share of it):"
    )?;
    writeln!(
        out,
        "  {:<width$}  seat  games  wins  draws  losses  mean reward",
        "engine"
    )?;
    for (engine, seats) in report.seat_results().iter().enumerate() {
        for (seat, t) in seats.iter().enumerate() {
            writeln!(
                out,
                "  {:<width$}  {:>4}  {}",
                report.names[engine],
                seat + 1,
                row(t)
            )?;
        }
    }
    writeln!(out, "results by engine, all seats together:")?;
    writeln!(
        out,
        "  {:<width$}  seats  wins  draws  losses  mean reward",
        "engine"
    )?;
    for (engine, t) in report.engine_results().iter().enumerate() {
        writeln!(out, "  {:<width$}  {}", report.names[engine], row(t))?;
    }
    if let Some(tally) = report.tally() {
        writeln!(
            out,
            "{title}: {} vs {}: {} games  {tally}",
            report.names[0],
            report.names[1],
            tally.games()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_read_back_what_they_print() {
        for text in [
            "alphabeta",
            "mcts:20000p",
            "alphabeta:6",
            "solver:500ms",
            "random",
            "maxn:3",
            "best-reply:2s",
        ] {
            let spec: EngineSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "negamax".parse::<EngineSpec>().unwrap().kind,
            EngineKind::Alphabeta
        );
        for bad in ["chess", "mcts:", "alphabeta:fast", ":6"] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_proven_note_counts_every_opening() {
        let proven = [
            Some(Proof::Won(Player::First)),
            None,
            Some(Proof::Drawn),
            Some(Proof::Won(Player::First)),
        ];
        let note = proven_note(&proven, 4, 2);
        assert!(
            note.contains("the 4 openings: 2 won for X, 0 won for O, 1 drawn, 1 not proven"),
            "{note}"
        );
        assert!(proven_note(&proven, 9, 2).contains("the first 4 of the 9 openings"));
        let start = proven_note(&[Some(Proof::Won(Player::Second))], 1, 0);
        assert!(
            start.contains("start position is won for O") && start.contains("lost from it by X"),
            "{start}"
        );
    }
}
