//! `ply match` and `ply cards-match`: engines play a series of games on the match runner of
//! the `play` crate (`play::Arena`), the seats rotated; the report gives every engine's
//! results in every seat, and for two engines the score with its 95 % interval and the Elo
//! difference with its interval.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use adversarial::Solver;
use play::{Arena, MatchReport, SeatTally};
use search_core::{Budget, GeneralGame, Player, Turn, Wdl};

use crate::Failure;
use crate::ai::{DEFAULT_TABLE_MB, PonderTally, Settings};
use crate::games::{BoardArgs, PlyGame, Proof, board::mark};
use crate::grammar::{EngineKind, EngineSpec, GameKind, MAX_MOVE_TIME, Strength, notice};
use crate::input::show_duration;
use crate::progress::Progress;
use crate::timing::ClockSpec;

/// Options of `ply match`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
An engine is KIND or KIND:STRENGTH, with KIND one of alphabeta, mcts, solver, random, maxn,
best-reply and STRENGTH a depth (d6), a time per move (100ms) or playouts (20000p); without a
strength an engine thinks 100ms a move. alphabeta is expectiminimax in EinStein würfelt
nicht! (and the m,n,k-game for two) and paranoid search in the m,n,k-game for three or
four; maxn plays EinStein and the m,n,k-game, best-reply the m,n,k-game for three or four,
solver only the two-player games without dice. An engine that does not fit the game, or a
strength it cannot use, is refused before any game is played.

Give two engines or more (-e for each), up to one per seat. Game g deals the engines round
the seats starting with the g-th engine (two engines in a two-player game alternate who
moves first; two engines in three seats play A B A, then B A B), so over a round of one game
per engine every engine takes every seat once; every game of a round starts from the same
opening and rolls the same dice, so the luck of the dice evens out. The report gives each
engine's wins, draws, losses and mean reward in each seat and over all seats (a win is a
reward above the table's mean, a draw one equal to it), and with two engines engine A's
score with a 95 % interval and the Elo difference A - B with its 95 % interval. In the
two-player games without dice it also says how many openings were already decided (the
solver gets 20000 nodes for each): a game lost from an opening proven lost for that side is
no fault of the engine.

Random openings: each round starts from --opening-plies random moves (0 for none); the
default is 2, and 0 for tic-tac-toe (2 random plies hand X a won game in 48 of the 72
openings) and EinStein würfelt nicht! (the dice vary the games). The same --seed replays the
same match (given depths or playouts, not times).

Examples:
  ply match -g c4 --games 10 -e alphabeta:50ms -e mcts:50ms
  ply match -g c4 --games 100 -e alphabeta:d4 -e alphabeta:d6
  ply match -g ttt --games 50 -e mcts:2000p -e random
  ply match -g c4 --games 10 -e mcts:20ms -e alphabeta:20ms -s 7
  ply match -g c4 --games 2 --clock 1+0.01 -e alphabeta -e mcts
  ply match -g c4 --games 2 --clock 1+0.01 --ponder -e mcts -e mcts
  ply match -g kalah --size 4x3 --games 20 -e mcts:50ms -e random
  ply match -g einstein --games 20 -e alphabeta:d3 -e mcts:2000p
  ply match -g mnk --players 3 --size 5x5x4 --games 12 -e mcts:1000p -e maxn:d2 -e random")]
pub(crate) struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::BOARD), default_value = "c4")]
    game: GameKind,
    /// The engines, A, B (and C, D), KIND or KIND:STRENGTH each [default strength: 100ms].
    #[arg(long, short, value_name = "ENGINE", value_parser = EngineSpec::parser(EngineKind::BOARD))]
    engine: Vec<EngineSpec>,
    #[command(flatten)]
    board: BoardArgs,
    /// A start position instead of the empty board, as in `ply play` (two-player games).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    #[command(flatten)]
    common: Common,
    /// Play on a game clock (two-player games without dice): BASE+INCREMENT in seconds, as
    /// 60+1 or 10+0.1. Each side starts each game with BASE; each move gets its share of
    /// the time left, the time it takes is taken off and INCREMENT added; a side whose clock
    /// runs out loses on time. An engine's own strength still caps its moves.
    #[arg(long, value_name = "BASE+INC")]
    clock: Option<ClockSpec>,
    /// Let alphabeta and mcts think on the opponent's time (two-player games without
    /// dice): alpha-beta searches the position after the reply it expects, MCTS grows its
    /// tree there, on a thread of its own while the other engine thinks.
    #[arg(long, value_name = "WHO", num_args = 0..=1, default_missing_value = "all")]
    ponder: Option<String>,
    /// Random moves played before each round of games; 0 for none [default: 2; 0 for ttt
    /// and einstein].
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(0..=1000))]
    opening_plies: Option<u32>,
    /// Transposition table size of alpha-beta, expectiminimax and the solver, in megabytes
    /// (per engine).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_TABLE_MB, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mb: u64,
    /// Old spelling of the engines' strength: the time of an engine given without one.
    #[arg(long, hide = true, value_parser = crate::grammar::move_time)]
    time: Option<Duration>,
}

/// The options `ply match` and `ply cards-match` share.
#[derive(Debug, clap::Args)]
pub(crate) struct Common {
    /// Games to play (a multiple of the number of engines gives each engine each seat
    /// equally often) [default: 20; 100 in cards-match].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: Option<u32>,
    /// Seed of the openings, the dice and the engines.
    #[arg(long, short, default_value_t = 1)]
    pub seed: u64,
    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
    /// Old spelling of the engines (-e for each).
    #[arg(value_name = "ENGINE", hide = true)]
    pub positional: Vec<String>,
}

impl Common {
    /// The engines of `-e`, then those of the old positional spelling (with its notice).
    pub(crate) fn given(
        &self,
        given: &[EngineSpec],
        allowed: &'static [EngineKind],
    ) -> Result<Vec<EngineSpec>, Failure> {
        let mut specs = given.to_vec();
        if !self.positional.is_empty() {
            let parse = EngineSpec::parser(allowed);
            let old: Vec<EngineSpec> = self
                .positional
                .iter()
                .map(|t| parse(t).map_err(Failure::input))
                .collect::<Result<_, _>>()?;
            let new: Vec<String> = old.iter().map(|s| format!("-e {s}")).collect();
            notice(&self.positional.join(" "), &new.join(" "));
            specs.extend(old);
        }
        Ok(specs)
    }
}

/// `specs`, at least two, each with `default` as its strength unless it has one.
pub(crate) fn settle(
    specs: Vec<EngineSpec>,
    default: Strength,
) -> Result<Vec<EngineSpec>, Failure> {
    if specs.len() < 2 {
        return Err(Failure::input(
            "a match needs two engines or more: give -e for each, such as -e alphabeta -e mcts",
        ));
    }
    Ok(specs.into_iter().map(|s| s.or_strength(default)).collect())
}

/// What a match is played with, from the command line.
pub(crate) struct Match {
    /// The engines, each with its strength.
    pub engines: Vec<EngineSpec>,
    /// Games to play.
    pub games: u32,
    /// Seed of the openings, the dice and the engines.
    pub seed: u64,
    /// No progress bar.
    pub quiet: bool,
    /// `--opening-plies`, if given.
    pub opening_plies: Option<u32>,
    /// `--start`, if given.
    pub start: Option<String>,
    /// `--clock`, if given.
    pub clock: Option<ClockSpec>,
    /// Which engines ponder (by index).
    pub ponder: Vec<bool>,
    /// Transposition table size per engine, in megabytes.
    pub table_mb: usize,
}

/// The nodes the solver gets to prove each opening.
const OPENING_PROOF_NODES: u64 = 20_000;
/// The solver's table for the openings, in megabytes.
const OPENING_PROOF_TABLE_MB: u64 = 8;
/// Openings proven at most (the first rounds'), so that proving stays cheap next to playing.
const OPENING_PROOF_ROUNDS: u32 = 1_000;

/// Runs `ply match`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    let default = match (args.time, args.clock) {
        (Some(t), _) => {
            notice(
                &format!("--time {}", show_duration(t)),
                &format!("KIND:{} for each engine", show_duration(t)),
            );
            Strength::Time(t)
        }
        // On a clock, an engine without a strength thinks as long as the clock allows.
        (None, Some(_)) => Strength::Time(MAX_MOVE_TIME),
        (None, None) => Strength::Time(Duration::from_millis(100)),
    };
    let engines = settle(args.common.given(&args.engine, EngineKind::BOARD)?, default)?;
    let two_player = GameKind::TWO_PLAYER.contains(&args.game);
    if !two_player && (args.clock.is_some() || args.ponder.is_some()) {
        return Err(Failure::input(format!(
            "--clock and --ponder are for the two-player games without dice (ttt, c4, reversi, dots, kalah), not {}",
            args.game.name()
        )));
    }
    let ponder = ponders(args.ponder.as_deref(), &engines)?;
    let m = Match {
        engines,
        games: args.common.games.unwrap_or(20),
        seed: args.common.seed,
        quiet: args.common.quiet,
        opening_plies: args.opening_plies,
        start: args.start.clone(),
        clock: args.clock,
        ponder,
        table_mb: args.table_mb as usize,
    };
    crate::with_game!(args.game, &args.board, |g| m.run(g))
}

/// Which engines ponder: `--ponder` (every engine that can), or the old `a`, `b`, `both`.
fn ponders(who: Option<&str>, engines: &[EngineSpec]) -> Result<Vec<bool>, Failure> {
    let can = |e: &EngineSpec| matches!(e.kind, EngineKind::Alphabeta | EngineKind::Mcts);
    let chosen: Vec<bool> = match who {
        None => return Ok(vec![false; engines.len()]),
        Some("all") => return Ok(engines.iter().map(can).collect()),
        Some(old @ ("a" | "b" | "both")) => {
            notice(
                &format!("--ponder {old}"),
                "--ponder (every alphabeta and mcts engine ponders)",
            );
            (0..engines.len())
                .map(|i| matches!((old, i), ("both", _) | ("a", 0) | ("b", 1)))
                .collect()
        }
        Some(other) => {
            return Err(Failure::input(format!(
                "--ponder takes no value (every alphabeta and mcts engine ponders), not {other}"
            )));
        }
    };
    for (i, e) in engines.iter().enumerate() {
        if chosen[i] && !can(e) {
            return Err(Failure::input(format!(
                "engine {} ({e}) does not ponder: --ponder is for alphabeta and mcts",
                letter(i)
            )));
        }
    }
    Ok(chosen)
}

/// The letter of engine `index`: A, B, C, D.
fn letter(index: usize) -> char {
    char::from(b'A' + index as u8)
}

impl Match {
    /// Plays the match on `board` and prints its report.
    pub(crate) fn run<G: PlyGame>(&self, board: G) -> Result<ExitCode, Failure> {
        let start = board.start(self.start.as_deref())?.state;
        let players = start.player_count();
        let variant = start.variant();
        let title = if variant.is_empty() {
            G::NAME.to_string()
        } else {
            format!("{} ({variant})", G::NAME)
        };
        if self.engines.len() > players && players > 1 {
            let give = if players == 2 {
                "two engines".to_string()
            } else {
                format!("2 to {players} engines")
            };
            return Err(Failure::input(format!(
                "{title} has {players} players: give {give}, not {}",
                self.engines.len()
            )));
        }
        let shared = Arc::new(start.share(&self.engines).map_err(Failure::input)?);
        let tallies: Vec<Arc<PonderTally>> = self
            .engines
            .iter()
            .map(|_| Arc::new(PonderTally::default()))
            .collect();
        let settings = |index: usize| Settings {
            table_mb: self.table_mb,
            live: false,
            ponder: self.ponder[index].then(|| Arc::clone(&tallies[index])),
        };
        // Build each engine once up front, so that an engine or a strength that does not
        // fit the game is reported before any game is played.
        for (index, e) in self.engines.iter().enumerate() {
            start
                .engine(*e, self.seed, &settings(index), &shared)
                .map_err(|msg| Failure::input(format!("engine {} ({e}): {msg}", letter(index))))?;
        }
        let (plies, why) = match self.opening_plies {
            Some(n) => (n, ""),
            None => G::OPENING,
        };
        let mut arena = Arena::new(start.clone())
            .with_games(self.games)
            .with_seed(self.seed)
            .with_opening_plies(plies);
        for (index, &e) in self.engines.iter().enumerate() {
            let (start, shared, settings) = (start.clone(), Arc::clone(&shared), settings(index));
            arena = arena.with_engine(move |seed| {
                start
                    .engine(e, seed, &settings, &shared)
                    .expect("the engine was built once with these settings before the match")
            });
        }
        if let Some(clock) = self.clock {
            arena = arena.with_clock(clock.clock());
        }
        let names: Vec<String> = self
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let ponders = if self.ponder[i] { " pondering" } else { "" };
                // On a clock, an engine given without a strength thinks as the clock allows.
                let shown = match e.strength {
                    Some(Strength::Time(t)) if self.clock.is_some() && t == MAX_MOVE_TIME => {
                        e.kind.to_string()
                    }
                    _ => e.to_string(),
                };
                format!("{} {shown}{ponders}", letter(i))
            })
            .collect();
        let mut out = crate::output::stdout();
        writeln!(
            out,
            "{title}: {}, {} games, seed {}",
            names.join(", "),
            self.games,
            self.seed
        )?;
        let round = self.engines.len();
        let deals: Vec<String> = (0..round.min(self.games as usize))
            .map(|g| {
                let seats: Vec<String> = arena
                    .seating(g as u32)
                    .iter()
                    .map(|&e| letter(e).to_string())
                    .collect();
                format!("game {}: {}", g + 1, seats.join(" "))
            })
            .collect();
        let more = if self.games as usize > round {
            ", and so on"
        } else {
            ""
        };
        writeln!(
            out,
            "seats (seat 1 moves first): {}{more}; every engine takes every seat once in each round of {round} games",
            deals.join(", ")
        )?;
        if let Some(clock) = self.clock {
            writeln!(
                out,
                "clock {clock}: each side starts each game with {}, gets {} after each move, and loses on time if its clock runs out",
                show_duration(clock.base),
                show_duration(clock.increment)
            )?;
        }
        let default = match self.opening_plies {
            Some(_) => String::new(),
            None => format!(", {plies} by default{why}"),
        };
        let after = if self.start.is_some() {
            " after the --start position"
        } else {
            ""
        };
        writeln!(
            out,
            "openings: each round starts from {plies} random plies{after} (--opening-plies; 0 for none{default})"
        )?;
        if has_dice(&start) {
            writeln!(
                out,
                "dice and cards: every game of a round gets the same (the k-th roll or deal of each game is the same), so the luck evens out over the round"
            )?;
        }
        if self.games as usize % round != 0 {
            writeln!(
                out,
                "the last round is cut short ({} games are not a multiple of {round}): the seats are not quite balanced",
                self.games
            )?;
        }
        let rounds = self.games.div_ceil(round as u32).min(OPENING_PROOF_ROUNDS);
        let proven = prove_openings(&arena, &start, rounds);
        if let Some(proven) = &proven {
            writeln!(
                out,
                "{}",
                proven_note(proven, self.games.div_ceil(round as u32), plies)
            )?;
        }
        out.flush()?;

        let progress = Progress::new(u64::from(self.games), "games", self.quiet);
        let mut report = arena
            .run_with_progress(|_, so_far| {
                let wins: Vec<String> = so_far
                    .engine_results()
                    .iter()
                    .enumerate()
                    .map(|(e, t)| format!("{} {}", letter(e), t.tally.wins))
                    .collect();
                progress.set_message(&format!("wins: {}", wins.join(", ")));
                progress.advance();
            })
            .map_err(|e| Failure::run(format!("the match stopped: {e}")))?;
        progress.finish();
        report.names = names;
        write_report(&mut out, &title, &report)?;
        if self.clock.is_some() {
            let losses: Vec<String> = report
                .time_losses()
                .iter()
                .enumerate()
                .map(|(e, n)| format!("{} {n}", letter(e)))
                .collect();
            writeln!(out, "lost on time: {}", losses.join(", "))?;
        }
        for (index, tally) in tallies.iter().enumerate() {
            let (hits, misses) = tally.get();
            if self.ponder[index] && hits + misses > 0 {
                writeln!(
                    out,
                    "{}'s ponder hits: {hits} of the {} replies it pondered on ({:.1} %)",
                    letter(index),
                    hits + misses,
                    100.0 * hits as f64 / (hits + misses) as f64
                )?;
            }
        }
        if let Some(proven) = &proven {
            if let Some(line) = lost_openings(&report, proven, round) {
                writeln!(out, "{line}")?;
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Whether the game starts with a roll of the dice or a deal, or reaches one in its first
/// moves.
fn has_dice<G: GeneralGame>(start: &G) -> bool {
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

/// The proven value of the first `rounds` rounds' openings (`None` in a proof: not proven
/// within [`OPENING_PROOF_NODES`]), each distinct position solved once; `None` for a game
/// the solver does not play.
fn prove_openings<G: PlyGame>(
    arena: &Arena<'_, G>,
    start: &G,
    rounds: u32,
) -> Option<Vec<Option<Proof>>> {
    if !G::PROVES {
        return None;
    }
    let mut solver = Solver::new()
        .with_table_mb(OPENING_PROOF_TABLE_MB)
        .with_budget(Budget::nodes(OPENING_PROOF_NODES));
    let mut known: HashMap<Vec<u8>, Option<Proof>> = HashMap::new();
    let proofs = (0..rounds)
        .map(|round| {
            let opening = arena.opening(round).unwrap_or_default();
            let key = format!("{opening:?}").into_bytes();
            *known.entry(key).or_insert_with(|| {
                let mut state = start.clone();
                for mv in opening {
                    state.apply(mv);
                }
                state.prove(&mut solver)
            })
        })
        .collect();
    Some(proofs)
}

/// The line that says how many openings were already decided (`plies` random moves each).
fn proven_note(proven: &[Option<Proof>], rounds: u32, plies: u32) -> String {
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
    let of = if proven.len() as u32 == rounds {
        format!("the {rounds} openings")
    } else {
        format!("the first {} of the {rounds} openings", proven.len())
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

/// How many of each engine's losses came from openings proven lost for its side, when any.
fn lost_openings<M>(
    report: &MatchReport<M>,
    proven: &[Option<Proof>],
    round: usize,
) -> Option<String> {
    let engines = report.names.len();
    let (mut lost, mut from_lost) = (vec![0u32; engines], vec![0u32; engines]);
    for (g, game) in report.games.iter().enumerate() {
        for (seat, &engine) in game.seating.iter().enumerate() {
            if game.result(seat) != Wdl::Loss {
                continue;
            }
            lost[engine] += 1;
            // Proven won for the other side of the two.
            if matches!(proven.get(g / round), Some(Some(Proof::Won(w))) if w.index() != seat) {
                from_lost[engine] += 1;
            }
        }
    }
    if from_lost.iter().all(|&n| n == 0) {
        return None;
    }
    let parts: Vec<String> = (0..engines)
        .map(|e| format!("{} {} of its {} losses", letter(e), from_lost[e], lost[e]))
        .collect();
    Some(format!(
        "games lost from an opening proven lost for the loser's side: {}",
        parts.join(", ")
    ))
}

/// The per-seat and per-engine tables, and for two engines the score and Elo line and
/// engine A's mean reward.
fn write_report<M>(out: &mut impl Write, title: &str, report: &MatchReport<M>) -> io::Result<()> {
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
                .map_or_else(|| "-".to_string(), |r| format!("{r:+.3}"))
        )
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "results by seat (a win is a reward above the table's mean, a draw one equal to it; rewards are each seat's own):"
    );
    let _ = writeln!(
        text,
        "  {:<width$}  seat  games  wins  draws  losses  mean reward",
        "engine"
    );
    for (engine, seats) in report.seat_results().iter().enumerate() {
        for (seat, t) in seats.iter().enumerate() {
            let _ = writeln!(
                text,
                "  {:<width$}  {:>4}  {}",
                report.names[engine],
                seat + 1,
                row(t)
            );
        }
    }
    let _ = writeln!(text, "results by engine, all seats together:");
    let _ = writeln!(
        text,
        "  {:<width$}  seats  wins  draws  losses  mean reward",
        "engine"
    );
    for (engine, t) in report.engine_results().iter().enumerate() {
        let _ = writeln!(text, "  {:<width$}  {}", report.names[engine], row(t));
    }
    if report.tally().is_some() {
        let _ = writeln!(text, "{title}: {report}");
        let a = report.engine_results()[0];
        if let (Some(mean), Some(half)) = (a.mean_reward(), a.mean_reward_half_width()) {
            let _ = writeln!(
                text,
                "A's mean reward a game: {mean:+.3} ± {half:.3} (95 %)"
            );
        }
    }
    out.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn ponder_takes_every_engine_that_can_or_the_old_letters() {
        let e = |t: &str| EngineSpec::parse(t).unwrap();
        let engines = [e("alphabeta"), e("random")];
        assert_eq!(ponders(None, &engines).unwrap(), [false, false]);
        assert_eq!(ponders(Some("all"), &engines).unwrap(), [true, false]);
        assert_eq!(ponders(Some("a"), &engines).unwrap(), [true, false]);
        assert!(ponders(Some("b"), &engines).is_err());
        assert!(ponders(Some("x"), &engines).is_err());
    }
}
