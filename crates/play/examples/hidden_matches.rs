//! Matches for games with hidden information and simultaneous moves, as measured in
//! `docs/benchmarks/imperfect.md`:
//!
//! * `goofspiel CARDS GAMES ITERATIONS`: Goofspiel with `CARDS` cards, `SmMcts` (regret
//!   matching, then decoupled UCT with `c` = 0.7) and `Ismcts` (on the game played as sequential moves), each against a
//!   uniformly random player, `GAMES` games each, seats alternating; first the best any
//!   player can do against random (an exact best response);
//! * `tricks GAMES ITERATIONS`: the trick-taking game for 4 players, 4 suits of 6 cards, 6
//!   each: `Ismcts` in one seat (turn by turn) against `Determinized` (10
//!   determinizations, the same iterations in all) in the three others, then against
//!   random players; and `Determinized` against random players. A game is a win when the engine takes more tricks than the table's
//!   average (a reward above 0), a draw when exactly as many;
//! * `tricks-paired GAMES ITERATIONS`: the first match of `tricks` again, each game played
//!   a second time with `Determinized` in `Ismcts`'s seat (the same deal): the second
//!   tally is what an engine as strong as the others scores in that seat, the third
//!   compares the two engines deal by deal (a win when `Ismcts` took more tricks in the
//!   seat than `Determinized` did, a draw when as many), so that equal engines score 50 %.
//!
//! Every game has its own seed; the results are the same from run to run.
//!
//! ```text
//! cargo run --release -p plysearch-play --example hidden_matches -- goofspiel 5 200 2000
//! cargo run --release -p plysearch-play --example hidden_matches -- tricks 400 1000
//! cargo run --release -p plysearch-play --example hidden_matches -- tricks-paired 400 1000
//! ```

use std::time::Instant;

use games::{Goofspiel, Tricks};
use mcts::{Determinized, Ismcts, SmMcts, SmSelection};
use play::Tally;
use search_core::{
    Budget, GeneralGame, SearchError, Sequential, SimultaneousGame, SplitMix64, Turn, Wdl,
};

fn result(reward: f64) -> Wdl {
    if reward > 1e-9 {
        Wdl::Win
    } else if reward < -1e-9 {
        Wdl::Loss
    } else {
        Wdl::Draw
    }
}

fn random_move<G: GeneralGame>(state: &G, rng: &mut SplitMix64) -> G::Move {
    let mut moves = Vec::new();
    state.moves(&mut moves);
    moves[rng.below(moves.len())]
}

fn chance<G: GeneralGame>(state: &mut G, rng: &mut SplitMix64) {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let mut u = rng.next_f64();
    for &(mv, p) in &outcomes {
        if u < p {
            state.apply(mv);
            return;
        }
        u -= p;
    }
    state.apply(outcomes[outcomes.len() - 1].0);
}

/// `SmMcts` against random in Goofspiel: the engine samples its move from its strategy.
fn goofspiel_sm(
    cards: usize,
    games: u64,
    iterations: u64,
    selection: SmSelection,
) -> Result<Tally, SearchError> {
    let mut tally = Tally::default();
    for g in 0..games {
        let seat = (g % 2) as usize;
        let mut rng = SplitMix64::stream(1, g);
        let mut state = Goofspiel::new(cards).map_err(|e| SearchError::Config(e.to_string()))?;
        let mut round = 0;
        while !state.is_over() {
            let found = SmMcts::new()
                .with_selection(selection)
                .with_seed(g * 100 + round)
                .with_budget(Budget::iterations(iterations))
                .search(&state)?;
            let mut joint = [0u8; 2];
            joint[seat] = found
                .sample(seat, &mut rng)
                .ok_or(SearchError::NoLegalMoves)?;
            let mut moves = Vec::new();
            state.moves_of(1 - seat, &mut moves);
            joint[1 - seat] = moves[rng.below(moves.len())];
            state.apply_joint(&joint);
            round += 1;
        }
        let mut rewards = [0.0; 2];
        state.rewards(&mut rewards);
        tally.record(result(rewards[seat]));
    }
    Ok(tally)
}

/// `Ismcts` against random in Goofspiel played as sequential moves with hidden choices.
fn goofspiel_is(cards: usize, games: u64, iterations: u64) -> Result<Tally, SearchError> {
    let mut tally = Tally::default();
    for g in 0..games {
        let seat = (g % 2) as usize;
        let mut rng = SplitMix64::stream(2, g);
        let game = Goofspiel::new(cards).map_err(|e| SearchError::Config(e.to_string()))?;
        let mut state = Sequential::new(game);
        let mut ply = 0;
        while let Turn::Player(p) = state.turn() {
            let mv = if p == seat {
                Ismcts::new()
                    .with_seed(g * 100 + ply)
                    .with_budget(Budget::iterations(iterations))
                    .search(&state)?
                    .best_move
            } else {
                random_move(&state, &mut rng)
            };
            state.apply(mv);
            ply += 1;
        }
        let mut rewards = [0.0; 2];
        state.rewards(&mut rewards);
        tally.record(result(rewards[seat]));
    }
    Ok(tally)
}

/// The best a player can do against a uniformly random one in Goofspiel with `cards`
/// cards (prizes in descending order), by exact search: the highest probability of a
/// win, and the highest expected score (a draw counting one half). Every round's bids are
/// revealed, so the state is the two hands and the point difference.
fn goofspiel_ceiling(cards: usize) -> (f64, f64) {
    fn value(
        cards: usize,
        mine: u16,
        theirs: u16,
        diff: i32,
        draw: f64,
        memo: &mut std::collections::HashMap<(u16, u16, i32), f64>,
    ) -> f64 {
        let round = cards - mine.count_ones() as usize;
        if round == cards {
            return match diff.signum() {
                1 => 1.0,
                0 => draw,
                _ => 0.0,
            };
        }
        if let Some(&v) = memo.get(&(mine, theirs, diff)) {
            return v;
        }
        let prize = (cards - round) as i32;
        let held = |hand: u16| (0..cards).filter(move |&c| hand & (1 << c) != 0);
        let mut best = 0.0f64;
        for a in held(mine) {
            let mut total = 0.0;
            for b in held(theirs) {
                let d = diff + prize * (a as i32 - b as i32).signum();
                total += value(cards, mine & !(1 << a), theirs & !(1 << b), d, draw, memo);
            }
            best = best.max(total / theirs.count_ones() as f64);
        }
        memo.insert((mine, theirs, diff), best);
        best
    }
    let full = (1u16 << cards) - 1;
    let win = value(cards, full, full, 0, 0.0, &mut Default::default());
    let score = value(cards, full, full, 0, 0.5, &mut Default::default());
    (win, score)
}

#[derive(Copy, Clone)]
enum Player {
    Ismcts,
    Determinized,
    Random,
}

/// Game `g` with `one` in one seat (turning round the table game by game), `others` in
/// the others: the reward of that seat. The deal depends on `g` only.
fn tricks_game(g: u64, iterations: u64, one: Player, others: Player) -> Result<f64, SearchError> {
    let seat = (g % 4) as usize;
    let mut rng = SplitMix64::stream(3, g);
    let mut state = Tricks::new(4, 4, 6, 6).map_err(|e| SearchError::Config(e.to_string()))?;
    let mut ply = 0;
    loop {
        match state.turn() {
            Turn::Over => break,
            Turn::Chance => chance(&mut state, &mut rng),
            Turn::Player(p) => {
                let who = if p == seat { one } else { others };
                let seed = g * 100 + ply;
                let budget = Budget::iterations(iterations);
                let mv = match who {
                    Player::Ismcts => {
                        Ismcts::new()
                            .with_seed(seed)
                            .with_budget(budget)
                            .search(&state)?
                            .best_move
                    }
                    Player::Determinized => {
                        Determinized::new()
                            .with_determinizations(10)
                            .with_seed(seed)
                            .with_budget(budget)
                            .search(&state)?
                            .best_move
                    }
                    Player::Random => random_move(&state, &mut rng),
                };
                state.apply(mv);
                ply += 1;
            }
        }
    }
    let mut rewards = [0.0; 4];
    state.rewards(&mut rewards);
    Ok(rewards[seat])
}

/// `one` in one seat (turning round the table game by game), `others` in the others.
fn tricks(games: u64, iterations: u64, one: Player, others: Player) -> Result<Tally, SearchError> {
    let mut tally = Tally::default();
    for g in 0..games {
        let reward = tricks_game(g, iterations, one, others)?;
        tally.record(result(reward));
    }
    Ok(tally)
}

/// Every game of [`tricks`] with `Ismcts` against `Determinized` played a second time with
/// `Determinized` in `Ismcts`'s seat (the same deal):
/// the tallies of both in the one seat, and `Ismcts` against `Determinized` game by game
/// (a win when `Ismcts` took more tricks in the seat than `Determinized` did, a draw when
/// as many).
fn tricks_paired(games: u64, iterations: u64) -> Result<[Tally; 3], SearchError> {
    let mut tallies = [Tally::default(), Tally::default(), Tally::default()];
    let (is, det) = (Player::Ismcts, Player::Determinized);
    for g in 0..games {
        let mine = tricks_game(g, iterations, is, det)?;
        let theirs = tricks_game(g, iterations, det, det)?;
        tallies[0].record(result(mine));
        tallies[1].record(result(theirs));
        tallies[2].record(result(mine - theirs));
    }
    Ok(tallies)
}

fn number(args: &[String], i: usize, what: &str) -> Result<u64, String> {
    let text = args.get(i).ok_or_else(|| format!("missing {what}"))?;
    match text.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{what} must be a positive whole number, not {text:?}"
        )),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let error = |e: SearchError| e.to_string();
    let start = Instant::now();
    match args.first().map(String::as_str) {
        Some("goofspiel") => {
            let cards = number(args, 1, "CARDS")? as usize;
            let games = number(args, 2, "GAMES")?;
            let iterations = number(args, 3, "ITERATIONS")?;
            if cards > 13 {
                return Err("CARDS must be at most 13".into());
            }
            let (win, score) = goofspiel_ceiling(cards);
            println!(
                "goofspiel {cards}: the best response to random wins {:.1}% of games, scores {:.1}%",
                100.0 * win,
                100.0 * score
            );
            let rm = SmSelection::RegretMatching { gamma: 0.1 };
            let sm = goofspiel_sm(cards, games, iterations, rm).map_err(error)?;
            println!("goofspiel {cards}: SmMcts (regret matching) vs random: {sm}");
            let duct = SmSelection::DecoupledUct { c: 0.7 };
            let sm = goofspiel_sm(cards, games, iterations, duct).map_err(error)?;
            println!("goofspiel {cards}: SmMcts (decoupled UCT) vs random: {sm}");
            let is = goofspiel_is(cards, games, iterations).map_err(error)?;
            println!("goofspiel {cards}: Ismcts vs random: {is}");
        }
        Some("tricks") => {
            let games = number(args, 1, "GAMES")?;
            let iterations = number(args, 2, "ITERATIONS")?;
            let (is, det, random) = (Player::Ismcts, Player::Determinized, Player::Random);
            let t = tricks(games, iterations, is, det).map_err(error)?;
            println!("tricks: Ismcts vs Determinized: {t}");
            let t = tricks(games, iterations, is, random).map_err(error)?;
            println!("tricks: Ismcts vs random: {t}");
            let t = tricks(games, iterations, det, random).map_err(error)?;
            println!("tricks: Determinized vs random: {t}");
        }
        Some("tricks-paired") => {
            let games = number(args, 1, "GAMES")?;
            let iterations = number(args, 2, "ITERATIONS")?;
            let [is, det, paired] = tricks_paired(games, iterations).map_err(error)?;
            println!("tricks: Ismcts vs Determinized: {is}");
            println!("tricks: Determinized vs Determinized, the same deals: {det}");
            println!("tricks: Ismcts vs Determinized in the same seat, deal by deal: {paired}");
        }
        _ => {
            return Err("usage: hidden_matches goofspiel CARDS GAMES ITERATIONS | \
                        hidden_matches tricks GAMES ITERATIONS | \
                        hidden_matches tricks-paired GAMES ITERATIONS"
                .into());
        }
    }
    println!("({:.1} s)", start.elapsed().as_secs_f64());
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = run(&args) {
        eprintln!("{message}");
        std::process::exit(2);
    }
}
