//! The engines a person can choose at the terminal, and the games they can play.
//!
//! [`Playable`] says what the terminal needs from a game beyond [`Game`](search_core::Game): a name, how to read
//! and show a move, and the evaluator alpha-beta uses at its horizon. [`EngineKind`] and
//! [`Strength`] together build an [`Ai`]: alpha-beta (negamax with a transposition table and
//! iterative deepening), MCTS (keeping its tree between moves), the exact solver, or random
//! moves.
//!
//! | file | holds |
//! |---|---|
//! | `playable.rs` | [`Playable`] and its implementations for the games: reading and showing moves and boards |
//! | `engines.rs` | [`EngineKind::build`] and the [`Ai`]s it builds: the solvers, random moves |
//! | `thinkers.rs` | alpha-beta and MCTS as [`Ai`]s, with `--live` and `--ponder` |

mod engines;
mod playable;
mod thinkers;

use std::fmt::{self, Display};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use search_core::{Budget, GameHash, MoveAnalysis, Player, SearchError, Strategy};

pub use playable::Playable;

/// The games on offer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameKind {
    /// Tic-tac-toe.
    #[value(alias = "tictactoe", alias = "tic-tac-toe")]
    Ttt,
    /// Connect Four.
    #[value(alias = "connect4", alias = "connect-four")]
    C4,
    /// Reversi (Othello) on a 6 x 6 board.
    #[value(alias = "othello")]
    Reversi,
    /// Dots and Boxes on 3 x 3 boxes (closing a box gives another move).
    #[value(alias = "dots-and-boxes", alias = "boxes")]
    Dots,
    /// Kalah(6, 4), the mancala game (ending in your store gives another move).
    #[value(alias = "mancala")]
    Kalah,
    /// EinStein würfelt nicht!: a race of numbered cubes, moved by the die.
    Einstein,
    /// The m,n,k-game for 2 to 4 players: k in a row on a width x height board.
    #[value(alias = "m,n,k")]
    Mnk,
}

impl GameKind {
    /// The two-player games without dice: the games of `tree` and `book`.
    pub const TWO_PLAYER: &'static [GameKind] = &[
        GameKind::Ttt,
        GameKind::C4,
        GameKind::Reversi,
        GameKind::Dots,
        GameKind::Kalah,
    ];

    /// A parser of `--game` that accepts only `games` (with their aliases), so that a
    /// command's help lists exactly the games it plays.
    pub fn parser(
        games: &'static [GameKind],
    ) -> impl clap::builder::TypedValueParser<Value = GameKind> {
        use clap::ValueEnum;
        use clap::builder::TypedValueParser;
        let names: Vec<clap::builder::PossibleValue> = games
            .iter()
            .filter_map(GameKind::to_possible_value)
            .collect();
        clap::builder::PossibleValuesParser::new(names)
            .try_map(|name: String| GameKind::from_str(&name, true))
    }

    /// Whether the game has several boards (`--size`).
    pub fn has_sizes(self) -> bool {
        matches!(self, GameKind::Dots | GameKind::Kalah | GameKind::Mnk)
    }
}

/// How much an AI may think per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Search depth in plies (alpha-beta).
    Depth(u32),
    /// Thinking time per move (any engine).
    Time(Duration),
    /// Playouts per move (MCTS).
    Playouts(u64),
}

impl Strength {
    /// The budget of one move.
    pub fn budget(self) -> Budget {
        match self {
            Strength::Depth(d) => Budget::depth(d),
            Strength::Time(t) => Budget::time(t),
            Strength::Playouts(n) => Budget::iterations(n),
        }
    }
}

impl Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Depth(d) => write!(f, "{d}"),
            Strength::Time(t) => f.write_str(&crate::input::show_duration(*t)),
            Strength::Playouts(n) => write!(f, "{n}p"),
        }
    }
}

impl FromStr for Strength {
    type Err = String;

    /// `6` is a depth, `500ms` or `2s` a time, `20000p` a number of playouts.
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim().to_lowercase();
        let bad = || {
            format!(
                "{}: type a depth such as 6, a time such as 500ms or 2s, or playouts such as 20000p",
                crate::input::quote(&text)
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
        if text.ends_with(|c: char| c.is_ascii_alphabetic()) {
            let time = crate::input::duration(&text)?;
            if time > MAX_MOVE_TIME {
                return Err(format!(
                    "{}: the time per move is at most 1h",
                    crate::input::quote(&text)
                ));
            }
            return Ok(Strength::Time(time));
        }
        let depth: u32 = text.parse().map_err(|_| bad())?;
        if depth == 0 || depth > 64 {
            return Err("the depth must be between 1 and 64".to_string());
        }
        Ok(Strength::Depth(depth))
    }
}

/// The longest time per move an AI may be given: one hour.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(3_600);

/// Parses `--time`, the time per move: a duration (`500ms`, `2s`, or milliseconds) of at
/// most [`MAX_MOVE_TIME`].
pub fn move_time(text: &str) -> Result<Duration, String> {
    let time = crate::input::duration(text)?;
    if time > MAX_MOVE_TIME {
        return Err("the time per move is at most 1h".to_string());
    }
    Ok(time)
}

/// The transposition table size every command uses unless `--table-mb` says otherwise, in
/// megabytes.
pub const DEFAULT_TABLE_MB: u64 = 64;

/// The engines on offer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineKind {
    /// Negamax alpha-beta with PVS, a transposition table and iterative deepening; with dice,
    /// expectiminimax with Star2 pruning; with more than two players, paranoid search.
    #[value(
        alias = "negamax",
        alias = "alpha-beta",
        alias = "expectimax",
        alias = "paranoid"
    )]
    Alphabeta,
    /// Monte Carlo tree search (UCT with the MCTS-Solver), keeping its tree between moves.
    Mcts,
    /// The exact solver: perfect play, however long it takes (within a time, if given).
    Solver,
    /// Uniformly random moves: a baseline to beat.
    Random,
    /// Max^n search (games of three or more players): each player maximises its own reward.
    #[value(alias = "max-n")]
    Maxn,
    /// Best-reply search (games of three or more players): only the strongest opponent
    /// replies between two of the AI's moves.
    #[value(alias = "brs")]
    BestReply,
}

impl Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EngineKind::Alphabeta => "alphabeta",
            EngineKind::Mcts => "mcts",
            EngineKind::Solver => "solver",
            EngineKind::Random => "random",
            EngineKind::Maxn => "maxn",
            EngineKind::BestReply => "best-reply",
        })
    }
}

/// A chosen move and, when the engine can tell, what it thought.
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The engine's value, depth and effort, for a person to read.
    pub thoughts: Option<String>,
}

/// An AI player.
pub trait Ai<G: GameHash> {
    /// Chooses a move in `state`.
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError>;
    /// Chooses a move in `state` within the AI's strength [capped by](Budget::capped_by)
    /// `budget`, this move's share of a game clock (random moves take no budget).
    fn choose_within(&mut self, state: &G, budget: &Budget)
    -> Result<Choice<G::Move>, SearchError>;
    /// Told about every move played (by either side), so an AI can follow the game.
    fn observe(&mut self, before: &G, mv: G::Move);
    /// Every legal move of `state` with its value, best first, within the AI's budget
    /// ([`Strategy::analyze`]).
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError>;
    /// How many of the opponent's replies the AI pondered on were hits and misses
    /// (`--ponder`); (0, 0) for an AI that does not ponder.
    fn ponder_record(&self) -> (u64, u64) {
        (0, 0)
    }
    /// Every legal move with its value in words, best first: what `hint` shows.
    fn hint(&mut self, state: &G) -> Result<Hint<G::Move>, SearchError> {
        Ok(Hint::from_analysis(self.analyze(state)?, None))
    }
}

/// What `hint` shows: every legal move with its value in words, best first, and a note on
/// how the values were found when that needs saying.
pub struct Hint<M> {
    /// The moves and their values, best first.
    pub moves: Vec<(M, String)>,
    /// A note under the list.
    pub note: Option<String>,
}

impl<M> Hint<M> {
    fn from_analysis(moves: Vec<MoveAnalysis<M>>, note: Option<String>) -> Self {
        Hint {
            moves: moves
                .into_iter()
                .map(|m| (m.mv, m.value.to_string()))
                .collect(),
            note,
        }
    }
}

/// Ponder hits and misses added up over the games of a match (`ply match --ponder`).
#[derive(Debug, Default)]
pub struct PonderTally {
    hits: AtomicU64,
    misses: AtomicU64,
}

impl PonderTally {
    /// The hits and misses so far.
    pub fn get(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.misses.load(Ordering::Relaxed),
        )
    }
}

/// An [`Ai`] with a name, as a [`Strategy`] for the match runner.
pub struct Named<G: GameHash> {
    ai: Box<dyn Ai<G>>,
    name: String,
    /// Where its ponder hits and misses go when it is dropped, at the end of its game.
    tally: Option<Arc<PonderTally>>,
}

impl<G: GameHash> Named<G> {
    /// Names `ai`.
    pub fn new(ai: Box<dyn Ai<G>>, name: String) -> Self {
        Named {
            ai,
            name,
            tally: None,
        }
    }

    /// Adds the AI's ponder hits and misses to `tally` at the end of its game.
    pub fn with_ponder_tally(mut self, tally: Arc<PonderTally>) -> Self {
        self.tally = Some(tally);
        self
    }
}

impl<G: GameHash> Drop for Named<G> {
    fn drop(&mut self) {
        if let Some(t) = &self.tally {
            let (hits, misses) = self.ai.ponder_record();
            t.hits.fetch_add(hits, Ordering::Relaxed);
            t.misses.fetch_add(misses, Ordering::Relaxed);
        }
    }
}

impl<G: GameHash> Strategy<G> for Named<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.ai.choose(state).map(|c| c.mv)
    }

    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        self.ai.choose_within(state, &budget).map(|c| c.mv)
    }

    fn observe_move(&mut self, before: &G, mv: G::Move) {
        self.ai.observe(before, mv);
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.ai.analyze(state)
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

/// A margin as the player to move sees it: `+3`, `-1`, `0`.
fn margin_for_mover(first_margin: i32, mover: Player) -> i32 {
    if mover == Player::First {
        first_margin
    } else {
        -first_margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::TicTacToe;

    #[test]
    fn strengths_read_back_what_they_print() {
        for text in ["6", "500ms", "2s", "20000p"] {
            let s: Strength = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert_eq!(
            "20000 playouts".parse::<Strength>(),
            Ok(Strength::Playouts(20_000))
        );
        assert_eq!(
            "1.5s".parse::<Strength>(),
            Ok(Strength::Time(Duration::from_millis(1_500)))
        );
        for bad in ["0", "65", "0ms", "fast", "-3", "0p", "", "2h", "5x"] {
            assert!(bad.parse::<Strength>().is_err(), "{bad}");
        }
    }

    #[test]
    fn engines_refuse_strengths_they_cannot_use() {
        let build = |k: EngineKind, s: Strength| k.build::<TicTacToe>(s, 1, 1).map(|_| ());
        assert!(build(EngineKind::Alphabeta, Strength::Playouts(10)).is_err());
        assert!(build(EngineKind::Mcts, Strength::Depth(3)).is_err());
        assert!(build(EngineKind::Solver, Strength::Depth(3)).is_err());
        assert!(build(EngineKind::Alphabeta, Strength::Depth(3)).is_ok());
        assert!(build(EngineKind::Random, Strength::Depth(3)).is_ok());
    }
}
