//! `ply equilibrium`: an equilibrium of a small game with hidden information (Kuhn poker,
//! Leduc hold'em, Goofspiel) by CFR+, its value and exploitability, and the strategy of
//! the information sets asked for.

use std::io::{self, Write};
use std::process::ExitCode;

use adversarial::{Cfr, GameTree};
use games::{Goofspiel, Kuhn, Leduc};
use search_core::{Budget, ImperfectInfo, Sequential};

use crate::Failure;
use crate::grammar::{GameKind, notice};

/// Options of `ply equilibrium`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Runs CFR+ on the whole game tree and prints the value of each player under the average
strategy, its exploitability (what a best response would gain on average, 0 at an
equilibrium), and the strategy of every information set named with --info-set.

An information set is named as the game shows it: Kuhn poker 'K pb' (the player's card J,
Q or K, then the actions p for pass, b for bet), Leduc hold'em 'Ks Qh rc:r' (the player's
card, the public card or -, the actions f, c, r, rounds split by ':'), Goofspiel '3-1 2-2'
(the bids of the rounds played, player 1's first; '' at the start). --list prints them all.
Players are numbered from 1, the first to act.

Examples:
  ply equilibrium -g kuhn --info-set 'K b' --info-set 'J b'
  ply equilibrium -g leduc --iterations 200 --info-set 'Ks -'
  ply equilibrium -g goofspiel --size 3 --info-set '' --seat 1
  ply equilibrium -g kuhn --target 1e-3 --list")]
pub struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::SOLVABLE))]
    game: Option<GameKind>,
    /// Old spelling of --game: the game named first.
    #[arg(hide = true, value_parser = GameKind::parser(GameKind::SOLVABLE))]
    named: Option<GameKind>,
    /// CFR+ iterations to run (at most; fewer with --target).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    iterations: u64,
    /// Stop as soon as the exploitability is at most this (checked every iteration).
    #[arg(long, value_name = "EXPLOITABILITY")]
    target: Option<f64>,
    /// Goofspiel's cards per player (1 to 5) [default: 4].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    size: Option<u8>,
    /// Old spelling of --size.
    #[arg(long, hide = true, conflicts_with = "size", value_parser = clap::value_parser!(u8).range(1..=5))]
    cards: Option<u8>,
    /// Print the strategy of this information set (repeat for more).
    #[arg(long = "info-set", value_name = "NAME")]
    info_sets: Vec<String>,
    /// Only the information sets of the player in this seat (1 or 2).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    seat: Option<u8>,
    /// Old spelling of --seat, numbered from 0.
    #[arg(long, hide = true, conflicts_with = "seat", value_parser = clap::value_parser!(u8).range(0..=1))]
    player: Option<u8>,
    /// Print the name of every information set (with its player).
    #[arg(long)]
    list: bool,
}

/// Runs `ply equilibrium`.
pub fn run(mut args: Args) -> Result<ExitCode, Failure> {
    let game = match (args.game, args.named) {
        (Some(game), None) => game,
        (None, Some(game)) => {
            notice(
                &format!("ply equilibrium {}", game.name()),
                &format!("ply equilibrium -g {}", game.name()),
            );
            game
        }
        (None, None) => return Err(Failure::input("give the game: -g kuhn, leduc or goofspiel")),
        (Some(_), Some(_)) => return Err(Failure::input("give the game once: -g GAME")),
    };
    if let Some(c) = args.cards {
        notice(&format!("--cards {c}"), &format!("--size {c}"));
        args.size = Some(c);
    }
    if let Some(p) = args.player {
        notice(&format!("--player {p}"), &format!("--seat {}", p + 1));
        args.seat = Some(p + 1);
    }
    if args.size.is_some() && game != GameKind::Goofspiel {
        return Err(Failure::input("--size is for goofspiel only"));
    }
    if let Some(t) = args.target {
        if !(t.is_finite() && t > 0.0) {
            return Err(Failure::input(format!(
                "--target must be a positive number, not {t}"
            )));
        }
    }
    match game {
        GameKind::Kuhn => solve(&Kuhn::new(), &args, "kuhn", |k| k.to_string(), kuhn_move),
        GameKind::Leduc => solve(&Leduc::new(), &args, "leduc", |k| k.to_string(), leduc_move),
        _ => {
            let cards = usize::from(args.size.unwrap_or(4));
            let game = Goofspiel::new(cards).map_err(|e| Failure::input(e.to_string()))?;
            let name = format!("goofspiel {cards}");
            solve(&Sequential::new(game), &args, &name, goofspiel_key, |m| {
                m.to_string()
            })
        }
    }
}

fn kuhn_move(mv: &u8) -> String {
    if *mv == Kuhn::BET { "bet" } else { "pass" }.to_string()
}

fn leduc_move(mv: &u8) -> String {
    match *mv {
        Leduc::FOLD => "fold",
        Leduc::CALL => "call",
        _ => "raise",
    }
    .to_string()
}

/// A Goofspiel information set: the bids of every round played, `a-b` (player 1's bid
/// first), separated by spaces. (The key's own bid of this round is absent wherever the
/// player is to choose.)
fn goofspiel_key(key: &(Vec<u8>, Option<u8>)) -> String {
    let rounds: Vec<String> = key
        .0
        .chunks(2)
        .map(|r| match r {
            [a, b] => format!("{a}-{b}"),
            _ => format!("{r:?}"),
        })
        .collect();
    rounds.join(" ")
}

fn solve<G: ImperfectInfo>(
    game: &G,
    args: &Args,
    title: &str,
    name: impl Fn(&G::InfoKey) -> String,
    move_name: impl Fn(&G::Move) -> String,
) -> Result<ExitCode, Failure> {
    let tree = GameTree::new(game)?;
    let wanted = |id| {
        args.seat
            .is_none_or(|s| usize::from(s) == tree.player(id) + 1)
    };
    // Every information set asked for, found before the solve.
    let mut asked = Vec::new();
    for text in &args.info_sets {
        let found: Vec<_> = tree
            .info_sets()
            .filter(|&id| wanted(id) && name(tree.key(id)).trim() == text.trim())
            .collect();
        if found.is_empty() {
            return Err(Failure::input(format!(
                "no information set {}{} in {title} (--list prints them)",
                crate::input::quote(text),
                args.seat
                    .map_or(String::new(), |s| format!(" of player {s}"))
            )));
        }
        asked.extend(found.into_iter().map(|id| (text.trim(), id)));
    }
    let mut cfr = Cfr::new(&tree)
        .with_budget(Budget::iterations(args.iterations))
        .with_check_every(1);
    if let Some(target) = args.target {
        cfr = cfr.with_target_exploitability(target);
    }
    let result = cfr.run()?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{title}: CFR+, {} iterations in {:.3} s; {} information sets",
        result.iterations,
        result.stats.elapsed.as_secs_f64(),
        tree.info_set_count()
    )?;
    let values: Vec<String> = result.values.iter().map(|v| format!("{v:.6}")).collect();
    writeln!(out, "values (player 1, player 2): {}", values.join(" "))?;
    if let Some(e) = result.exploitability {
        writeln!(out, "exploitability: {e:.3e}")?;
    }
    if args.list {
        for id in tree.info_sets().filter(|&id| wanted(id)) {
            writeln!(
                out,
                "player {}: '{}'",
                tree.player(id) + 1,
                name(tree.key(id)).trim()
            )?;
        }
    }
    for (text, id) in asked {
        let probabilities = result.average.probabilities(id).unwrap_or(&[]);
        let moves: Vec<String> = tree
            .moves(id)
            .iter()
            .zip(probabilities)
            .map(|(mv, p)| format!("{} {p:.4}", move_name(mv)))
            .collect();
        writeln!(
            out,
            "'{text}' (player {}): {}",
            tree.player(id) + 1,
            moves.join(", ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
