//! `ply play` for games with dice or with more than two players: EinStein würfelt nicht!
//! and the m,n,k-game for three or four players. The dice are rolled from the seed; each
//! seat is a person or an AI (expectiminimax with Star2 pruning, paranoid, max^n or
//! best-reply search, Monte Carlo tree search, or random moves). `ply match` seats the same
//! AIs ([`Seat`]).

use std::fmt::Debug;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial::{BestReply, ChancePruning, Expectimax, GeneralResult, MaxN, Paranoid};
use games::{EinStein, EinSteinMove, MnkGame};
use mcts::GeneralMcts;
use search_core::{Budget, GeneralGame, SearchError, SplitMix64, Turn};

use crate::Failure;
use crate::ai::{EngineKind, Strength};
use crate::input::{Prompt, Reply};

/// The deepest search a time limit leads to.
const MAX_DEPTH: u32 = 64;

/// The evaluator every search here uses: the game's own estimate.
type Eval<G> = fn(&G, &mut [f64]);

/// What the terminal needs from a game with dice or more than two players.
pub trait Tabletop: GeneralGame<Move: Debug + Send> + Send + Sync + 'static {
    /// The game's name.
    const NAME: &'static str;
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;
    /// The board as the prompt shows it.
    fn board(&self) -> String;
    /// A player's name: its mark on the board.
    fn seat(&self, player: usize) -> String;
    /// Reads what a person typed as a legal move of the player to move, or explains what is
    /// wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// A move (or a chance outcome) as a person would type or read it.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Every player's estimated reward where a search stops, within the reward range.
    fn estimate(&self, values: &mut [f64]);
    /// The board's size and rules when the game has several (empty when it has one).
    fn variant(&self) -> String {
        String::new()
    }
    /// Best-reply search of `self` (which needs moves out of turn), or why it cannot be.
    fn best_reply(
        &self,
        search: &BestReply<Eval<Self>>,
    ) -> Result<GeneralResult<Self::Move>, SearchError>;
}

/// The columns' letters and rows' numbers of a cell: `a1` is the top-left corner.
fn coordinate(cell: usize, width: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + (cell % width) as u8),
        cell / width + 1
    )
}

/// Reads a coordinate such as `c3` on a `width × height` board.
fn parse_coordinate(text: &str, width: usize, height: usize) -> Result<usize, String> {
    let mut chars = text.chars();
    let bad = || {
        format!(
            "{} is not a cell: type a column a-{} and a row 1-{height}, such as b2",
            crate::input::quote(text),
            char::from(b'a' + (width - 1) as u8)
        )
    };
    let col = chars.next().ok_or_else(bad)?;
    if !col.is_ascii_lowercase() || usize::from(col as u8 - b'a') >= width {
        return Err(bad());
    }
    let row: usize = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=height).contains(&row) {
        return Err(bad());
    }
    Ok((row - 1) * width + usize::from(col as u8 - b'a'))
}

/// The legal moves in words.
fn move_texts<G: Tabletop>(state: &G) -> String {
    let mut moves = Vec::new();
    state.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| state.move_text(m))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Tabletop for EinStein {
    const NAME: &'static str = "EinStein würfelt nicht!";
    const MOVE_HELP: &'static str = "a step such as b2c3 (from, to), or only where to (c3)";

    fn board(&self) -> String {
        let side = EinStein::SIDE;
        let mut text = String::from("   a b c d e\n");
        for row in 0..side {
            text.push_str(&format!("{} ", row + 1));
            for col in 0..side {
                let mark = match self.cube(row * side + col) {
                    None => '.',
                    Some((0, n)) => char::from(b'0' + n),
                    Some((_, n)) => char::from(b'a' + n - 1),
                };
                text.push(' ');
                text.push(mark);
            }
            text.push('\n');
        }
        text.push_str("Player 1 (cubes 1-6) heads for e5, player 2 (cubes a-f) for a1.");
        text
    }

    fn seat(&self, player: usize) -> String {
        format!("player {}", player + 1)
    }

    fn parse_move(&self, text: &str) -> Result<EinSteinMove, String> {
        let side = EinStein::SIDE;
        let text: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let mut moves = Vec::new();
        self.moves(&mut moves);
        let legal = || format!("legal moves: {}", move_texts(self));
        let found: Vec<EinSteinMove> = if text.len() > 2 {
            let split = text
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())
                .map_or(text.len(), |(i, _)| i);
            let from = parse_coordinate(&text[..split], side, side)?;
            let to = parse_coordinate(&text[split..], side, side)?;
            moves
                .into_iter()
                .filter(|m| {
                    matches!(m, EinSteinMove::Step { from: f, to: t }
                        if usize::from(*f) == from && usize::from(*t) == to)
                })
                .collect()
        } else {
            let to = parse_coordinate(&text, side, side)?;
            moves
                .into_iter()
                .filter(|m| matches!(m, EinSteinMove::Step { to: t, .. } if usize::from(*t) == to))
                .collect()
        };
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(format!(
                "{} is not a legal step; {}",
                crate::input::quote(&text),
                legal()
            )),
            _ => Err(format!(
                "two cubes can reach {}: say which, from and to; {}",
                crate::input::quote(&text),
                legal()
            )),
        }
    }

    fn move_text(&self, mv: EinSteinMove) -> String {
        match mv {
            EinSteinMove::Roll(face) => format!("a {face}"),
            EinSteinMove::Step { from, to } => format!(
                "{}{}",
                coordinate(usize::from(from), EinStein::SIDE),
                coordinate(usize::from(to), EinStein::SIDE)
            ),
        }
    }

    /// The race: how many steps each player's most advanced cube still needs, and how many
    /// cubes each has left, squeezed into (-0.9, 0.9) for the player to move's side.
    fn estimate(&self, values: &mut [f64]) {
        let side = EinStein::SIDE;
        let mut steps = [side; 2];
        let mut cubes = [0.0f64; 2];
        for cell in 0..side * side {
            if let Some((player, _)) = self.cube(cell) {
                let (row, col) = (cell / side, cell % side);
                let left = if player == 0 {
                    (side - 1 - row).max(side - 1 - col)
                } else {
                    row.max(col)
                };
                steps[player] = steps[player].min(left);
                cubes[player] += 1.0;
            }
        }
        let lead = (steps[1] as f64 - steps[0] as f64) / 2.0 + (cubes[0] - cubes[1]) / 6.0;
        let value = 0.9 * lead.tanh();
        values[0] = value;
        values[1] = -value;
    }

    fn best_reply(
        &self,
        _search: &BestReply<Eval<Self>>,
    ) -> Result<GeneralResult<EinSteinMove>, SearchError> {
        Err(SearchError::UnsupportedGame {
            engine: "BestReply",
            reason: "EinStein würfelt nicht! has two players and dice: play it with alphabeta (expectiminimax)".to_string(),
        })
    }
}

impl Tabletop for MnkGame {
    const NAME: &'static str = "m,n,k-game";
    const MOVE_HELP: &'static str = "a cell such as c3 (column letter, row number)";

    fn board(&self) -> String {
        let (width, height, k) = self.shape();
        let mut text = String::from("  ");
        for col in 0..width {
            text.push(' ');
            text.push(char::from(b'a' + col as u8));
        }
        text.push('\n');
        for row in 0..height {
            text.push_str(&format!("{:>2}", row + 1));
            for col in 0..width {
                let mark = self
                    .owner(row * width + col)
                    .map_or('.', |p| char::from(b'A' + p as u8));
                text.push(' ');
                text.push(mark);
            }
            text.push('\n');
        }
        text.push_str(&format!(
            "{k} in a row wins; {} players.",
            self.player_count()
        ));
        text
    }

    fn seat(&self, player: usize) -> String {
        char::from(b'A' + player as u8).to_string()
    }

    fn variant(&self) -> String {
        let (width, height, k) = self.shape();
        format!(
            "{width} x {height}, {k} in a row, {} players",
            self.player_count()
        )
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let (width, height, _) = self.shape();
        let cell = parse_coordinate(text, width, height)?;
        if self.owner(cell).is_some() {
            return Err(format!("{text} is taken: choose an empty cell"));
        }
        Ok(cell as u8)
    }

    fn move_text(&self, cell: u8) -> String {
        coordinate(usize::from(cell), self.shape().0)
    }

    /// Each player's share of the lines still open to it, weighted by the square of its
    /// marks in each: the values add up to 1, as the rewards do.
    fn estimate(&self, values: &mut [f64]) {
        let (width, height, k) = self.shape();
        let players = self.player_count();
        let mut weight = [1.0f64; MnkGame::MAX_PLAYERS];
        let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for row in 0..height as isize {
            for col in 0..width as isize {
                for (dr, dc) in directions {
                    let end = (row + dr * (k as isize - 1), col + dc * (k as isize - 1));
                    if end.0 < 0 || end.0 >= height as isize || end.1 < 0 || end.1 >= width as isize
                    {
                        continue;
                    }
                    let mut counts = [0u32; MnkGame::MAX_PLAYERS];
                    for i in 0..k as isize {
                        let cell = (row + dr * i) as usize * width + (col + dc * i) as usize;
                        if let Some(p) = self.owner(cell) {
                            counts[p] += 1;
                        }
                    }
                    let owners: Vec<usize> = (0..players).filter(|&p| counts[p] > 0).collect();
                    if let [p] = owners.as_slice() {
                        weight[*p] += f64::from(counts[*p] * counts[*p]);
                    }
                }
            }
        }
        let total: f64 = weight[..players].iter().sum();
        for (v, w) in values.iter_mut().zip(&weight[..players]) {
            *v = w / total;
        }
    }

    fn best_reply(&self, search: &BestReply<Eval<Self>>) -> Result<GeneralResult<u8>, SearchError> {
        search.search(self)
    }
}

/// A searching AI for a [`Tabletop`] game.
#[derive(Clone)]
pub(crate) enum Searcher<G: Tabletop> {
    Expectimax(Expectimax<Eval<G>>),
    Paranoid(Paranoid<Eval<G>>),
    MaxN(MaxN<Eval<G>>),
    BestReply(BestReply<Eval<G>>),
}

/// An AI seat: a search, Monte Carlo tree search, or random moves.
pub(crate) enum Seat<G: Tabletop> {
    Search(Searcher<G>),
    Mcts(GeneralMcts<G>),
    Random(SplitMix64),
}

/// The entries of expectiminimax's table in `ply play` (about 48 MB).
const PLAY_TABLE_ENTRIES: usize = 1 << 20;

/// The bytes an entry of expectiminimax's table takes, about.
const TABLE_ENTRY_BYTES: usize = 48;

/// The entries of expectiminimax's table that fit in `megabytes`.
pub(crate) fn table_entries(megabytes: usize) -> usize {
    megabytes.saturating_mul(1 << 20) / TABLE_ENTRY_BYTES
}

impl<G: Tabletop> Seat<G> {
    /// Builds `kind` for `state`'s game, or says why it does not fit.
    fn build(kind: EngineKind, strength: Strength, seed: u64, state: &G) -> Result<Self, String> {
        Self::build_with_table(kind, strength, seed, state, PLAY_TABLE_ENTRIES)
    }

    /// Builds `kind` for `state`'s game with an expectiminimax table of `table_entries`
    /// positions (used with dice), or says why it does not fit.
    pub(crate) fn build_with_table(
        kind: EngineKind,
        strength: Strength,
        seed: u64,
        state: &G,
        table_entries: usize,
    ) -> Result<Self, String> {
        let eval: Eval<G> = G::estimate;
        let two_players = state.player_count() == 2 && G::REWARD_SUM.is_some();
        let searcher = match kind {
            EngineKind::Random => return Ok(Seat::Random(SplitMix64::new(seed))),
            EngineKind::Mcts => {
                let budget = match strength {
                    Strength::Depth(_) => {
                        return Err(
                            "MCTS plays by time or playouts: give e.g. 500ms or 20000p".to_string()
                        );
                    }
                    other => other.budget(),
                };
                return Ok(Seat::Mcts(
                    GeneralMcts::new().with_seed(seed).with_budget(budget),
                ));
            }
            EngineKind::Alphabeta if two_players => Searcher::Expectimax(
                Expectimax::new(eval)
                    .with_pruning(ChancePruning::Star2)
                    .with_table_entries(table_entries)
                    .with_iterative_deepening(true),
            ),
            EngineKind::Alphabeta => Searcher::Paranoid(Paranoid::new(eval)),
            EngineKind::Maxn => Searcher::MaxN(MaxN::new(eval)),
            EngineKind::BestReply if state.player_count() == 2 => {
                return Err(format!(
                    "{kind} is for games of three or more players; {} has two",
                    G::NAME
                ));
            }
            EngineKind::BestReply => Searcher::BestReply(BestReply::new(eval)),
            EngineKind::Solver => {
                return Err(format!(
                    "{kind} does not play {}: choose alphabeta, mcts, maxn, best-reply or random",
                    G::NAME
                ));
            }
        };
        if let Strength::Playouts(_) = strength {
            return Err(format!(
                "{kind} plays by depth or time: give e.g. 4 or 500ms"
            ));
        }
        Ok(Seat::Search(searcher))
    }

    /// Chooses a move and says what the AI thought.
    pub(crate) fn choose(
        &mut self,
        state: &G,
        strength: Strength,
    ) -> Result<(G::Move, String), SearchError> {
        match self {
            Seat::Search(searcher) => searcher.choose(state, strength),
            Seat::Mcts(mcts) => {
                let r = mcts.search(state)?;
                let proven = if r.value.is_proven() { ", proven" } else { "" };
                Ok((
                    r.best_move,
                    format!(
                        "value {:+.3}{proven}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s",
                        r.in_game_units(r.value.reward()),
                        r.stats.iterations,
                        r.playouts_per_second(),
                        r.tree_size,
                        r.stats.elapsed.as_secs_f64()
                    ),
                ))
            }
            Seat::Random(rng) => {
                let mut moves = Vec::new();
                state.moves(&mut moves);
                if moves.is_empty() {
                    return Err(SearchError::NoLegalMoves);
                }
                Ok((moves[rng.below(moves.len())], "a random move".to_string()))
            }
        }
    }
}

impl<G: Tabletop> Searcher<G> {
    /// One search to `budget`.
    fn search(&self, state: &G, budget: Budget) -> Result<GeneralResult<G::Move>, SearchError> {
        match self {
            Searcher::Expectimax(e) => e.clone().with_budget(budget).search(state),
            Searcher::Paranoid(p) => p.clone().with_budget(budget).search(state),
            Searcher::MaxN(m) => m.clone().with_budget(budget).search(state),
            Searcher::BestReply(b) => state.best_reply(&b.clone().with_budget(budget)),
        }
    }

    /// Chooses a move and says what the search found.
    fn choose(&self, state: &G, strength: Strength) -> Result<(G::Move, String), SearchError> {
        let started = Instant::now();
        let result = match strength {
            Strength::Depth(d) => self.search(state, Budget::depth(d))?,
            Strength::Time(limit) => self.deepen(state, limit)?,
            Strength::Playouts(_) => {
                return Err(SearchError::Config(
                    "this AI plays by depth or time".to_string(),
                ));
            }
        };
        let value = result.value.map_or_else(
            || "no depth finished".to_string(),
            |v| format!("value {v:+.3}"),
        );
        let depth = match result.stats.depth_reached {
            d if d >= MAX_DEPTH => format!("{d} plies or more"),
            d => format!("depth {d}"),
        };
        Ok((
            result.best_move,
            format!(
                "{value}, {depth}, {} nodes, {:.3} s",
                result.stats.nodes,
                started.elapsed().as_secs_f64()
            ),
        ))
    }

    /// Searches one depth deeper at a time until `limit` runs out: the answer of the deepest
    /// finished depth (expectiminimax deepens by itself). A depth that visits no more nodes
    /// than the one before has reached the end of every line, so deepening stops there.
    fn deepen(&self, state: &G, limit: Duration) -> Result<GeneralResult<G::Move>, SearchError> {
        if let Searcher::Expectimax(_) = self {
            return self.search(state, Budget::time(limit).with_depth(MAX_DEPTH));
        }
        let started = Instant::now();
        let mut best: Option<GeneralResult<G::Move>> = None;
        let mut nodes = 0;
        for depth in 1..=MAX_DEPTH {
            let left = limit.saturating_sub(started.elapsed());
            if left.is_zero() {
                break;
            }
            let r = self.search(state, Budget::depth(depth).with_time(left))?;
            nodes += r.stats.nodes;
            let finished = r.complete;
            let exhausted = best
                .as_ref()
                .is_some_and(|b| b.stats.nodes == r.stats.nodes);
            if finished || best.is_none() {
                best = Some(r);
            }
            if !finished || exhausted {
                break;
            }
        }
        let mut best = best.ok_or(SearchError::NoLegalMoves)?;
        best.stats.nodes = nodes;
        Ok(best)
    }
}

/// The settings of one game, from `ply play`'s options.
pub struct Table {
    /// Which seats a person takes.
    pub human: Vec<bool>,
    /// The engine of each seat (ignored for people).
    pub engines: Vec<EngineKind>,
    /// How much each AI may think.
    pub strength: Strength,
    /// Seed of the dice and of the AIs.
    pub seed: u64,
}

/// The input ended at a question: a clean stop.
fn input_ended() -> Result<ExitCode, Failure> {
    let _ = writeln!(crate::output::stdout(), "Input ended: goodbye.");
    Ok(ExitCode::SUCCESS)
}

/// Plays `start` to the end.
pub fn play<G: Tabletop, R: BufRead>(
    start: G,
    prompt: &mut Prompt<R>,
    table: &Table,
) -> Result<ExitCode, Failure> {
    let players = start.player_count();
    let mut seats: Vec<Option<Seat<G>>> = Vec::with_capacity(players);
    for p in 0..players {
        if table.human[p] {
            seats.push(None);
        } else {
            let kind = table.engines[p];
            let seat = Seat::build(
                kind,
                table.strength,
                table.seed.wrapping_add(p as u64),
                &start,
            )
            .map_err(|e| Failure::input(format!("{kind} for {}: {e}", start.seat(p))))?;
            seats.push(Some(seat));
        }
    }
    let mut dice = SplitMix64::new(table.seed ^ 0xD1CE);
    let mut out = crate::output::stdout();
    let _ = writeln!(out, "{}: type quit to stop.", G::NAME);
    let mut state = start;
    let mut outcomes = Vec::new();
    let mut rewards = vec![0.0; players];
    let _ = writeln!(out, "\n{}\n", state.board());
    loop {
        let mover = match state.turn() {
            Turn::Over => {
                state.rewards(&mut rewards);
                let _ = writeln!(out, "{}", result_text(&state, &rewards, &table.human));
                return Ok(ExitCode::SUCCESS);
            }
            Turn::Chance => {
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let mut pick = dice.next_f64();
                let mut chosen = outcomes
                    .last()
                    .map(|(m, _)| *m)
                    .ok_or_else(|| Failure::run("a chance node without outcomes"))?;
                for &(m, p) in &outcomes {
                    if pick < p {
                        chosen = m;
                        break;
                    }
                    pick -= p;
                }
                state.apply(chosen);
                let who = match state.turn() {
                    Turn::Player(p) => state.seat(p),
                    _ => "the dice".to_string(),
                };
                let _ = writeln!(out, "{who} rolls {}.", state.move_text(chosen));
                continue;
            }
            Turn::Player(p) => p,
        };
        let hinter = seats.iter().flatten().find_map(|s| match s {
            Seat::Search(searcher) => Some(searcher.clone()),
            Seat::Mcts(_) | Seat::Random(_) => None,
        });
        let mv = match &mut seats[mover] {
            None => {
                let question = format!(
                    "{} to move, {} (moves lists them, hint asks the AI, quit stops): ",
                    state.seat(mover),
                    G::MOVE_HELP
                );
                let answer = prompt.ask_move(&question, |text| match text {
                    "moves" | "?" => Ok(Typed::Moves),
                    "hint" | "h" => Ok(Typed::Hint),
                    "" => Err(format!("type {}, or quit", G::MOVE_HELP)),
                    _ => state.parse_move(text).map(Typed::Move),
                });
                match answer {
                    Reply::Value(Typed::Move(mv)) => mv,
                    Reply::Value(Typed::Moves) => {
                        let _ = writeln!(out, "legal moves: {}", move_texts(&state));
                        continue;
                    }
                    Reply::Value(Typed::Hint) => {
                        let _ = writeln!(out, "{}", hint(&hinter, &state, table.strength));
                        continue;
                    }
                    Reply::Quit => {
                        let _ = writeln!(out, "Goodbye.");
                        return Ok(ExitCode::SUCCESS);
                    }
                    Reply::Ended => return input_ended(),
                }
            }
            Some(seat) => {
                let (mv, thoughts) = seat
                    .choose(&state, table.strength)
                    .map_err(|e| Failure::run(format!("the AI could not move: {e}")))?;
                let _ = writeln!(
                    out,
                    "AI ({}) plays {}: {thoughts}",
                    state.seat(mover),
                    state.move_text(mv)
                );
                mv
            }
        };
        state.apply(mv);
        let _ = writeln!(out, "\n{}\n", state.board());
    }
}

/// What a person typed at the move prompt.
enum Typed<M> {
    /// A legal move.
    Move(M),
    /// `moves`: list the legal moves.
    Moves,
    /// `hint`: ask the AI.
    Hint,
}

/// What the first searching AI would play here.
fn hint<G: Tabletop>(searcher: &Option<Searcher<G>>, state: &G, strength: Strength) -> String {
    let Some(searcher) = searcher else {
        return "No searching AI plays in this game: there is nobody to ask for a hint."
            .to_string();
    };
    match searcher.choose(state, strength) {
        Ok((mv, thoughts)) => format!("The AI would play {}: {thoughts}", state.move_text(mv)),
        Err(e) => format!("No hint: {e}"),
    }
}

/// Who won, from the final rewards.
fn result_text<G: Tabletop>(state: &G, rewards: &[f64], human: &[bool]) -> String {
    let best = rewards.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners: Vec<usize> = (0..rewards.len()).filter(|&p| rewards[p] == best).collect();
    if winners.len() == rewards.len() {
        return "Draw.".to_string();
    }
    let names: Vec<String> = winners
        .iter()
        .map(|&p| {
            let who = if human[p] { "you" } else { "the AI" };
            format!("{} ({who})", state.seat(p))
        })
        .collect();
    format!("{} wins.", names.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_read_back_what_they_print() {
        for cell in 0..30 {
            assert_eq!(parse_coordinate(&coordinate(cell, 6), 6, 5), Ok(cell));
        }
        for bad in ["", "a", "a0", "g1", "a6", "A1", "1a", "a1x"] {
            assert!(parse_coordinate(bad, 6, 5).is_err(), "{bad}");
        }
    }

    #[test]
    fn estimates_stay_within_the_reward_range_and_sum() {
        let mut rng = SplitMix64::new(3);
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        for game in 0..20 {
            let mut e = EinStein::new();
            let mut m = MnkGame::new(5, 5, 3, 2 + game % 3).unwrap();
            for _ in 0..40 {
                let mut v = [0.0; 2];
                e.estimate(&mut v);
                assert!(v[0].abs() < 1.0 && v[0] == -v[1], "{v:?}");
                let mut w = [0.0; 4];
                let n = m.player_count();
                m.estimate(&mut w[..n]);
                assert!((w[..n].iter().sum::<f64>() - 1.0).abs() < 1e-9, "{w:?}");
                assert!(w[..n].iter().all(|x| (0.0..=1.0).contains(x)), "{w:?}");
                match e.turn() {
                    Turn::Chance => {
                        outcomes.clear();
                        e.chance_outcomes(&mut outcomes);
                        e.apply(outcomes[rng.below(outcomes.len())].0);
                    }
                    Turn::Player(_) => {
                        moves.clear();
                        e.moves(&mut moves);
                        e.apply(moves[rng.below(moves.len())]);
                    }
                    Turn::Over => e = EinStein::new(),
                }
                moves.clear();
                let mut cells = Vec::new();
                m.moves(&mut cells);
                if cells.is_empty() {
                    m = MnkGame::new(5, 5, 3, 2 + game % 3).unwrap();
                } else {
                    m.apply(cells[rng.below(cells.len())]);
                }
            }
        }
    }

    #[test]
    fn every_legal_move_reads_back_from_its_text() {
        let mut rng = SplitMix64::new(9);
        let mut state = EinStein::new();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..200 {
            match state.turn() {
                Turn::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    state.apply(outcomes[rng.below(outcomes.len())].0);
                }
                Turn::Player(_) => {
                    moves.clear();
                    state.moves(&mut moves);
                    for &mv in &moves {
                        assert_eq!(state.parse_move(&state.move_text(mv)), Ok(mv));
                    }
                    state.apply(moves[rng.below(moves.len())]);
                }
                Turn::Over => state = EinStein::new(),
            }
        }
        let mut mnk = MnkGame::new(6, 6, 4, 3).unwrap();
        let mut cells = Vec::new();
        mnk.moves(&mut cells);
        for &cell in &cells {
            assert_eq!(mnk.parse_move(&mnk.move_text(cell)), Ok(cell));
        }
        mnk.apply(cells[0]);
        assert!(mnk.parse_move(&mnk.move_text(cells[0])).is_err());
    }
}
