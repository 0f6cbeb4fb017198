//! `ply cards` and `ply cards-match`: hands of Kuhn poker, Leduc hold'em, Liar's Dice, the
//! trick-taking game or Goofspiel against the AI, seeing only what your seat may see (on the
//! terminal loop of the `play` crate, as `ply play`), and engines against each other in
//! those games (on the match runner, as `ply match`).

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use play::{Console, Ending};

use crate::Failure;
use crate::ai::Settings;
use crate::ai::cards::CFR_ITERATIONS;
use crate::games::{BoardArgs, PlyGame};
use crate::grammar::{EngineKind, EngineSpec, GameKind, Strength, notice};
use crate::input::show_duration;
use crate::r#match::{Common, Match, settle};
use crate::play::{Seat, Table, play_loop, seat};

/// Options of `ply cards`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
You see your own cards or dice and every public action; the AI's hidden cards are shown
only when the hand ends. Your seat turns round the table from hand to hand (--seat is the
first hand's). The prompt offers the legal moves by name: check or bet with no bet to face,
fold, call or raise facing one (Kuhn poker, Leduc hold'em); a bid such as 2x3 (at least two
threes, sixes wild) or liar in Liar's Dice; a card such as H4 in the trick-taking game (you
must follow the suit led); a card of your hand in Goofspiel (the bids of a round are shown
when both are made). A unique start of a name is enough (c, b, f). `moves` lists the legal
moves, `quit` stops. The deals and the AI's choices come from --seed: the same seed and the
same answers replay the same hands (with playouts; a time per move depends on the machine).

An engine is KIND or KIND:STRENGTH: ismcts, determinized, random; smmcts for goofspiel; cfr (the
CFR+ average strategy, solved first; its strength is its iterations) for kuhn and leduc.
Without a strength an engine plays 2000 playouts a move (cfr: 1000 iterations).

Examples:
  ply cards -g kuhn
  echo 'bet' | ply cards -g kuhn --hands 1 --seat 1
  ply cards -g leduc -e cfr --hands 10
  ply cards -g liars-dice --size 2 -e ismcts:5000p
  ply cards -g tricks -e determinized:200ms
  ply cards -g goofspiel --size 6 -e smmcts")]
pub(crate) struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::CARDS), default_value = "kuhn")]
    game: GameKind,
    /// The engine in every other seat, KIND or KIND:STRENGTH [default: ismcts:2000p].
    #[arg(long, short, value_name = "ENGINE", value_parser = EngineSpec::parser(EngineKind::CARDS))]
    engine: Option<EngineSpec>,
    #[command(flatten)]
    board: BoardArgs,
    /// Hands (games) to play.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    hands: u32,
    /// Your seat in the first hand (1 is the first to act); it moves on by one each hand.
    #[arg(long, value_name = "N", default_value = "1", value_parser = seat)]
    seat: Seat,
    /// Seed of the deals and of the AI.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    old: OldCards,
}

/// The old spellings of the strength of the card games' engines (hidden; each prints a
/// notice of its new form).
#[derive(Debug, clap::Args)]
pub(crate) struct OldCards {
    /// Old spelling of --engine KIND.
    #[arg(long, hide = true, value_parser = EngineSpec::parser(EngineKind::CARDS))]
    ai: Option<EngineSpec>,
    /// Old spelling of the strength Np.
    #[arg(long, hide = true, conflicts_with = "time", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
    /// Old spelling of a time strength.
    #[arg(long, hide = true, value_parser = crate::grammar::move_time)]
    time: Option<Duration>,
    /// Old spelling of cfr's strength, cfr:Np.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    cfr_iterations: Option<u64>,
}

impl OldCards {
    /// `specs` with the strengths of the old spellings (and their notices); `--ai` comes
    /// first.
    fn apply(&self, mut specs: Vec<EngineSpec>) -> Result<Vec<EngineSpec>, Failure> {
        if let Some(ai) = self.ai {
            notice(&format!("--ai {ai}"), &format!("--engine {ai}"));
            specs.insert(0, ai);
        }
        if self.cfr_iterations.is_some() && !specs.iter().any(|s| s.kind == EngineKind::Cfr) {
            return Err(Failure::input(
                "--cfr-iterations is for the cfr engine only",
            ));
        }
        let strength = match (self.time, self.playouts) {
            (Some(t), _) => Some((Strength::Time(t), format!("--time {}", show_duration(t)))),
            (None, Some(n)) => Some((Strength::Playouts(n), format!("--playouts {n}"))),
            _ => None,
        };
        for spec in &mut specs {
            match (spec.kind, self.cfr_iterations, &strength) {
                (EngineKind::Cfr, Some(n), _) if spec.strength.is_none() => {
                    spec.strength = Some(Strength::Playouts(n));
                    notice(&format!("--cfr-iterations {n}"), &format!("cfr:{n}p"));
                }
                (EngineKind::Cfr | EngineKind::Random, _, _) => {}
                (_, _, Some((s, old))) if spec.strength.is_none() => {
                    spec.strength = Some(*s);
                    notice(old, &spec.to_string());
                }
                _ => {}
            }
        }
        Ok(specs)
    }
}

/// The strength of an engine given without one: playouts per move, or CFR+ iterations.
fn default_strength(kind: EngineKind, playouts: u64) -> Strength {
    match kind {
        EngineKind::Cfr => Strength::Playouts(CFR_ITERATIONS),
        _ => Strength::Playouts(playouts),
    }
}

/// Runs `ply cards`.
pub(crate) fn run(args: Args) -> Result<ExitCode, Failure> {
    let specs = args.old.apply(args.engine.into_iter().collect())?;
    let spec = specs.first().copied().unwrap_or(EngineSpec {
        kind: EngineKind::Ismcts,
        strength: None,
    });
    let spec = spec.or_strength(default_strength(spec.kind, 2000));
    let hands = Hands {
        spec,
        hands: args.hands,
        seat: args.seat.0.unwrap_or(0),
        seed: args.seed,
    };
    crate::with_game!(args.game, &args.board, |g| hands.play(g))
}

/// The hands a person plays.
struct Hands {
    spec: EngineSpec,
    hands: u32,
    seat: usize,
    seed: u64,
}

impl Hands {
    /// Plays the hands of `start`'s game, the person's seat moving on by one each hand.
    fn play<G: PlyGame>(&self, start: G) -> Result<ExitCode, Failure> {
        let players = start.player_count();
        if self.seat >= players {
            return Err(Failure::input(format!(
                "--seat {}: {} has {players} seats",
                self.seat + 1,
                G::NAME
            )));
        }
        let stdin = io::stdin();
        let mut console =
            Console::new(stdin.lock(), crate::output::stdout()).with_questions(stdin.is_terminal());
        let plural = if self.hands == 1 { "hand" } else { "hands" };
        writeln!(
            console.output(),
            "{}: you against {} in every other seat, {} {plural}; your seat moves on by one each hand. Type quit to stop.",
            G::NAME,
            self.spec,
            self.hands
        )?;
        let origin = start.clone().start(None)?;
        let shared = origin.state.share(&[self.spec]).map_err(Failure::input)?;
        let mut total = 0.0;
        let mut rewards = vec![0.0; players];
        for hand in 0..self.hands {
            let human = (self.seat + hand as usize) % players;
            writeln!(
                console.output(),
                "\nHand {} of {}: you are player {}.",
                hand + 1,
                self.hands,
                human + 1
            )?;
            let table = Table {
                seat: None,
                engines: vec![self.spec],
                start: None,
                seed: self
                    .seed
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(u64::from(hand)),
                settings: Settings::default(),
            };
            let report = play_loop(&origin.state, Some(human), &[self.spec], &shared, &table)?
                .with_notation(G::shown(&origin))
                .with_undo(false)
                .play_on(&mut console)
                .map_err(|e| Failure::run(format!("the hand stopped: {e}")))?;
            if report.ending != Ending::Finished {
                writeln!(console.output(), "{}", score_line(total, hand))?;
                return Ok(ExitCode::SUCCESS);
            }
            report.position.rewards(&mut rewards);
            let mine = rewards[human];
            total += mine;
            let verdict = if mine > 1e-9 {
                format!("you win {}", number(mine))
            } else if mine < -1e-9 {
                format!("you lose {}", number(-mine))
            } else {
                "even".to_string()
            };
            writeln!(
                console.output(),
                "Hand {}: {verdict}. {}",
                hand + 1,
                score_line(total, hand + 1)
            )?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// A reward without needless decimals: `2`, `1.5`.
fn number(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round())
    } else {
        format!("{x:.2}")
    }
}

/// The running score after `hands` finished hands.
fn score_line(total: f64, hands: u32) -> String {
    let sign = if total > 1e-9 { "+" } else { "" };
    format!("Your score: {sign}{} after {hands} hand(s).", number(total))
}

/// Options of `ply cards-match`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Engines play the games with hidden cards against each other on the match runner of ply
match: the seats rotate from game to game, and every game of a round gets the same deal, so
each engine plays every deal from every seat. The report gives each engine's results in
each seat and over all seats (a win is a reward above the table's mean: chips in the poker
games, the call in Liar's Dice, tricks in the trick-taking game, points in Goofspiel), engine
A's score with its 95 % (Wilson) interval, the Elo difference with its interval, and A's
mean reward a game with its 95 % interval (normal approximation). Every deal and every
search is seeded from --seed: the same command prints the same result with playouts (a time
per move depends on the machine).

Engines: ismcts, determinized, random; smmcts for goofspiel; cfr (the CFR+ average strategy,
solved first; its strength is its iterations) for kuhn and leduc. Without a strength an
engine plays 1000 playouts a move (cfr: 1000 iterations).

Examples:
  ply cards-match -g kuhn --games 200 -e ismcts:500p -e random
  ply cards-match -g leduc --games 40 -e cfr -e ismcts:300p
  ply cards-match -g goofspiel --size 4 --games 20 -e smmcts:500p -e ismcts:500p
  ply cards-match -g tricks --games 8 -e ismcts:300p -e determinized:300p
  ply cards-match -g liars-dice --games 20 -e determinized:20ms -e random")]
pub(crate) struct MatchArgs {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::CARDS), default_value = "kuhn")]
    game: GameKind,
    /// The engines, A and B (and more, up to one per seat), KIND or KIND:STRENGTH each.
    #[arg(long, short, value_name = "ENGINE", value_parser = EngineSpec::parser(EngineKind::CARDS))]
    engine: Vec<EngineSpec>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    old: OldCards,
}

/// Runs `ply cards-match`.
pub(crate) fn run_match(args: MatchArgs) -> Result<ExitCode, Failure> {
    let given = args.common.given(&args.engine, EngineKind::CARDS)?;
    let specs = settle(args.old.apply(given)?, Strength::Playouts(1000))?;
    let m = Match {
        ponder: vec![false; specs.len()],
        engines: specs,
        games: args.common.games.unwrap_or(100),
        seed: args.common.seed,
        quiet: args.common.quiet,
        opening_plies: None,
        start: None,
        clock: None,
        table_mb: 1,
    };
    crate::with_game!(args.game, &args.board, |g| m.run(g))
}
