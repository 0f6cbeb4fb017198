//! `ply cards`: hands of Kuhn poker, Leduc hold'em, Liar's Dice, the trick-taking game or
//! Goofspiel against the AI, seeing only what your seat may see.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use search_core::{SplitMix64, Turn};

use super::{CardGame, Engine, Hidden, Player, Strength, deal, move_list, seat_name};
use crate::Failure;
use crate::input::{Prompt, Reply};

/// Options of `ply cards`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
You see your own cards or dice and every public action; the AI's hidden cards are shown
only when the hand ends. Your seat turns round the table from hand to hand (--seat is the
first hand's). Type a move at the prompt: pass or bet in Kuhn poker, call, raise or fold in
Leduc hold'em, a bid such as 2x3 (at least two threes, sixes wild) or liar in Liar's Dice, a
card such as H4 in the trick-taking game (you must follow the suit led), a card of your hand
in Goofspiel (the bids of a round are shown when both are made). `moves` lists the legal
moves, `quit` stops. The deals and the AI's choices come from --seed: the same seed and the
same answers replay the same hands (with --playouts; a time budget depends on the machine).

Examples:
  ply cards --game kuhn
  echo 'bet' | ply cards --game kuhn --hands 1 --seat 1
  ply cards --game leduc --ai cfr --hands 10
  ply cards --game liars-dice --dice 2 --playouts 5000
  ply cards --game tricks --ai determinized --time 200ms
  ply cards --game goofspiel --cards 6 --ai smmcts")]
pub struct Args {
    /// The game.
    #[arg(long, value_enum, default_value_t = CardGame::Kuhn)]
    game: CardGame,
    /// The AI in every other seat.
    #[arg(long, value_enum, default_value_t = Engine::Ismcts)]
    ai: Engine,
    /// The AI's playouts per move [default: 2000].
    #[arg(long, group = "strength", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    playouts: Option<u64>,
    /// The AI's thinking time per move: 500ms, 2s, or milliseconds.
    #[arg(long, value_name = "TIME", group = "strength", value_parser = crate::ai::move_time)]
    time: Option<Duration>,
    /// Hands (games) to play.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    hands: u32,
    /// Your seat in the first hand (1 is the first to act); it moves on by one each hand.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    seat: u8,
    /// Liar's Dice: dice per player (1 to 5) [default: 1].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    dice: Option<u8>,
    /// Goofspiel: cards per player (1 to 13) [default: 5].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=13))]
    cards: Option<u8>,
    /// CFR+ iterations that solve the game for --ai cfr [default: 1000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    cfr_iterations: Option<u64>,
    /// Seed of the deals and of the AI.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The table a person sits at: the options every game shares.
struct Table {
    engine: Engine,
    strength: Strength,
    hands: u32,
    seat: usize,
    cfr_iterations: u64,
    seed: u64,
}

/// Checks the options that belong to one game only.
pub fn check_game_options(
    game: CardGame,
    dice: Option<u8>,
    cards: Option<u8>,
    engines: &[Engine],
    cfr_iterations: Option<u64>,
) -> Result<(), Failure> {
    if dice.is_some() && game != CardGame::LiarsDice {
        return Err(Failure::input("--dice is for liars-dice only"));
    }
    if cards.is_some() && game != CardGame::Goofspiel {
        return Err(Failure::input("--cards is for goofspiel only"));
    }
    if cfr_iterations.is_some() && !engines.contains(&Engine::Cfr) {
        return Err(Failure::input(
            "--cfr-iterations is for the cfr engine only",
        ));
    }
    Ok(())
}

/// Runs `ply cards`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    check_game_options(
        args.game,
        args.dice,
        args.cards,
        &[args.ai],
        args.cfr_iterations,
    )?;
    let strength = match (args.playouts, args.time) {
        (_, Some(t)) => Strength::Time(t),
        (p, None) => Strength::Playouts(p.unwrap_or(2000)),
    };
    let table = Table {
        engine: args.ai,
        strength,
        hands: args.hands,
        seat: usize::from(args.seat - 1),
        cfr_iterations: args.cfr_iterations.unwrap_or(1000),
        seed: args.seed,
    };
    let mut prompt = Prompt::new(io::stdin().lock());
    match args.game {
        CardGame::Kuhn => table.play(games::Kuhn::new(), "Kuhn poker", &mut prompt),
        CardGame::Leduc => table.play(games::Leduc::new(), "Leduc hold'em", &mut prompt),
        CardGame::LiarsDice => {
            let start = super::liars_dice(usize::from(args.dice.unwrap_or(1)))?;
            table.play(start, "Liar's Dice", &mut prompt)
        }
        CardGame::Tricks => table.play(super::tricks()?, "Tricks", &mut prompt),
        CardGame::Goofspiel => {
            let start = super::goofspiel(usize::from(args.cards.unwrap_or(5)))?;
            table.play(start, "Goofspiel", &mut prompt)
        }
    }
}

/// What a person typed at the move prompt.
enum Typed<M> {
    Move(M),
    Moves,
}

impl Table {
    fn play<G: Hidden + Clone, R: BufRead>(
        &self,
        start: G,
        title: &str,
        prompt: &mut Prompt<R>,
    ) -> Result<ExitCode, Failure> {
        let players = start.player_count();
        if self.seat >= players {
            return Err(Failure::input(format!(
                "--seat must be 1 to {players} in this game"
            )));
        }
        let ai = Player::new(self.engine, self.strength, &start, self.cfr_iterations)?;
        let mut out = crate::output::stdout();
        writeln!(
            out,
            "{title}: you against {} in {}, {}. Type quit to stop.",
            ai.name(),
            plural(players - 1, "seat"),
            plural(self.hands as usize, "hand")
        )?;
        let mut total = 0.0;
        let mut rewards = vec![0.0; players];
        for hand in 0..self.hands {
            let human = (self.seat + hand as usize) % players;
            writeln!(
                out,
                "\nHand {} of {}: you are {}.",
                hand + 1,
                self.hands,
                seat_name(human)
            )?;
            let mut dealer = SplitMix64::stream(self.seed, 2 * u64::from(hand));
            let mut choices = SplitMix64::stream(self.seed, 2 * u64::from(hand) + 1);
            let mut state = start.clone();
            let mut ply = 0u64;
            loop {
                let mv = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        deal(&state, &mut dealer).ok_or_else(|| Failure::run("no outcome"))?
                    }
                    Turn::Player(p) if p == human => {
                        writeln!(out, "{}", state.view(human))?;
                        let question = format!(
                            "Your move, {} (moves lists them, quit stops): ",
                            G::MOVE_HELP
                        );
                        let answer = prompt.ask_move(&question, |text| match text {
                            "moves" | "?" => Ok(Typed::Moves),
                            _ => state.parse_move(text).map(Typed::Move),
                        });
                        match answer {
                            Reply::Value(Typed::Move(mv)) => mv,
                            Reply::Value(Typed::Moves) => {
                                writeln!(out, "Legal moves: {}.", move_list(&state))?;
                                continue;
                            }
                            Reply::Quit => {
                                writeln!(out, "Goodbye. {}", score_line(total, hand))?;
                                return Ok(ExitCode::SUCCESS);
                            }
                            Reply::Ended => {
                                writeln!(out, "Input ended: goodbye. {}", score_line(total, hand))?;
                                return Ok(ExitCode::SUCCESS);
                            }
                        }
                    }
                    Turn::Player(_) => {
                        let seed = self
                            .seed
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                            .wrapping_add(u64::from(hand) << 16 | ply);
                        ai.choose(&state, seed, &mut choices)
                            .map_err(|e| Failure::run(format!("the AI could not move: {e}")))?
                    }
                };
                let before = state.clone();
                state.apply(mv);
                ply += 1;
                if let Some(line) = G::announce(&before, mv, &state, human) {
                    writeln!(out, "{line}")?;
                }
            }
            state.rewards(&mut rewards);
            let mine = rewards[human];
            total += mine;
            let verdict = if mine > 1e-9 {
                format!("you win {}", number(mine))
            } else if mine < -1e-9 {
                format!("you lose {}", number(-mine))
            } else {
                "even".to_string()
            };
            writeln!(out, "{}", state.showdown())?;
            writeln!(
                out,
                "Hand {}: {verdict}. {}",
                hand + 1,
                score_line(total, hand + 1)
            )?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// `1 seat`, `3 seats`.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
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
