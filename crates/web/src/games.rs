//! [`AiGame`]: one game against the AI (tic-tac-toe, Connect Four, Reversi, Dots and Boxes
//! or Kalah), with the engine and the time of each AI move chosen per move, and every
//! answer as JSON for the page.

use std::sync::Arc;
use std::time::Duration;

use adversarial::{MarginSolver, Negamax, Solver, TranspositionTable};
use games::reversi::{Move as ReversiMove, Square, Weights};
use games::{ConnectFour, DotsAndBoxes, Kalah, OpenLines, Reversi, ThreatEvaluator, TicTacToe};
use mcts::Mcts;
use search_core::{Budget, Evaluator, Game, GameHash, Instant, Outcome, Player, SearchError};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

use crate::json::{self, Object};

/// The table of alpha-beta, in MiB (and of the alpha-beta that plays when the solver runs
/// out of time).
const ALPHABETA_TABLE_MB: u64 = 16;

/// The exact solver's table, in MiB.
const SOLVER_TABLE_MB: u64 = 32;

/// The games a [`AiGame`] plays, by the names the page uses.
pub const GAMES: [&str; 5] = ["ttt", "c4", "reversi", "dots", "kalah"];

/// The engines a [`AiGame`] offers, by the names the page uses.
pub const ENGINES: [&str; 3] = ["alphabeta", "mcts", "solver"];

/// What the page needs from a game beyond its rules: its name, its moves as numbers, the
/// evaluation alpha-beta uses at its horizon, and its board as JSON.
trait WebGame: GameHash<Move: Send + Sync> + PartialEq + Send + Sync + 'static {
    /// The name in the page (and in [`GAMES`]).
    const KEY: &'static str;
    /// `true` for games won by a number (boxes, stones): the exact solver proves the margin.
    const MARGIN: bool = false;
    /// The start position.
    fn start() -> Self;
    /// The move as the page's number.
    fn encode(mv: Self::Move) -> u32;
    /// The legal move the page's number stands for, if there is one.
    fn decode(&self, code: u32) -> Option<Self::Move> {
        self.legal_move_list()
            .into_iter()
            .find(|&mv| Self::encode(mv) == code)
    }
    /// The move as a person reads it.
    fn move_text(mv: Self::Move) -> String;
    /// Alpha-beta's evaluation, from the side to move.
    fn evaluate(&self) -> i32;
    /// The board as a JSON object, knowing the moves that led to it from `origin`.
    fn board(&self, origin: &Self, moves: &[Self::Move]) -> String;
}

/// A player as the page numbers them: 1 moves first (X, red, black), 2 second.
fn side(p: Player) -> u8 {
    if p == Player::First { 1 } else { 2 }
}

fn owner(p: Option<Player>) -> u8 {
    p.map_or(0, side)
}

/// The score of the side to move as a number, from a margin for the first player.
fn for_mover(margin: i32, mover: Player) -> i32 {
    if mover == Player::First {
        margin
    } else {
        -margin
    }
}

impl WebGame for TicTacToe {
    const KEY: &'static str = "ttt";
    fn start() -> Self {
        TicTacToe::new()
    }
    fn encode(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_text(mv: u8) -> String {
        format!("cell {}", mv + 1)
    }
    fn evaluate(&self) -> i32 {
        OpenLines.evaluate(self)
    }
    fn board(&self, _: &Self, _: &[u8]) -> String {
        let mut o = Object::new();
        o.raw("cells", &json::array((0..9).map(|c| owner(self.cell(c)))));
        o.finish()
    }
}

impl WebGame for ConnectFour {
    const KEY: &'static str = "c4";
    fn start() -> Self {
        ConnectFour::new()
    }
    fn encode(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_text(mv: u8) -> String {
        format!("column {}", mv + 1)
    }
    fn evaluate(&self) -> i32 {
        ThreatEvaluator.evaluate(self)
    }
    /// `cells[row * 7 + col]`, row 0 at the bottom.
    fn board(&self, _: &Self, _: &[u8]) -> String {
        let cells = (0..6u8).flat_map(|row| (0..7u8).map(move |col| (col, row)));
        let mut o = Object::new();
        o.raw(
            "cells",
            &json::array(cells.map(|(col, row)| owner(self.cell(col, row)))),
        );
        o.finish()
    }
}

/// A Reversi pass, as the page numbers it (after the 36 squares).
const PASS: u32 = 36;

impl WebGame for Reversi {
    const KEY: &'static str = "reversi";
    fn start() -> Self {
        Reversi::new()
    }
    fn encode(mv: ReversiMove) -> u32 {
        match mv {
            ReversiMove::Place(sq) => u32::from(sq.index()),
            ReversiMove::Pass => PASS,
        }
    }
    fn move_text(mv: ReversiMove) -> String {
        mv.to_string()
    }
    fn evaluate(&self) -> i32 {
        Weights::DEFAULT.evaluate(self)
    }
    /// `cells[row * 6 + col]`, row 0 at the top (`a1` is index 0).
    fn board(&self, _: &Self, _: &[ReversiMove]) -> String {
        let mut o = Object::new();
        o.raw(
            "cells",
            &json::array(Square::all().map(|sq| owner(self.at(sq)))),
        )
        .raw(
            "discs",
            &json::array([self.count(Player::First), self.count(Player::Second)]),
        );
        o.finish()
    }
}

/// Whether box `(r, c)` of `board` has all four lines.
fn box_closed(board: &DotsAndBoxes, r: usize, c: usize) -> bool {
    let (rows, cols) = board.size();
    let horizontal = (rows + 1) * cols;
    [
        r * cols + c,
        (r + 1) * cols + c,
        horizontal + r * (cols + 1) + c,
        horizontal + r * (cols + 1) + c + 1,
    ]
    .iter()
    .all(|&l| board.is_drawn(l as u8))
}

impl WebGame for DotsAndBoxes {
    const KEY: &'static str = "dots";
    const MARGIN: bool = true;
    fn start() -> Self {
        DotsAndBoxes::default()
    }
    fn encode(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_text(mv: u8) -> String {
        format!("line {}", mv + 1)
    }
    fn evaluate(&self) -> i32 {
        let [x, o] = self.boxes();
        for_mover(i32::from(x) - i32::from(o), self.to_move())
    }
    /// The lines (horizontal ones row by row, then vertical ones), whether each is drawn, and
    /// the owner of each box (replayed from the moves).
    fn board(&self, origin: &Self, moves: &[u8]) -> String {
        let (rows, cols) = self.size();
        let mut owners = vec![0u8; rows * cols];
        let mut state = *origin;
        for &mv in moves {
            let mover = state.to_move();
            state.play(mv);
            for (b, o) in owners.iter_mut().enumerate() {
                if *o == 0 && box_closed(&state, b / cols, b % cols) {
                    *o = side(mover);
                }
            }
        }
        let lines = (0..self.line_count()).map(|l| u8::from(self.is_drawn(l as u8)));
        let mut o = Object::new();
        o.num("rows", rows)
            .num("cols", cols)
            .raw("lines", &json::array(lines))
            .raw("owners", &json::array(owners))
            .raw("boxes", &json::array(self.boxes()));
        o.finish()
    }
}

impl WebGame for Kalah {
    const KEY: &'static str = "kalah";
    const MARGIN: bool = true;
    fn start() -> Self {
        Kalah::default()
    }
    fn encode(mv: u8) -> u32 {
        u32::from(mv)
    }
    fn move_text(mv: u8) -> String {
        format!("pit {}", mv + 1)
    }
    fn evaluate(&self) -> i32 {
        let [x, o] = self.stores();
        for_mover(i32::from(x) - i32::from(o), self.to_move())
    }
    /// Each player's pits, numbered from that player's side, and the two stores.
    fn board(&self, _: &Self, _: &[u8]) -> String {
        let pits = |p| json::array((0..self.pits()).map(|i| self.stones(p, i)));
        let mut o = Object::new();
        o.raw(
            "pits",
            &json::list([pits(Player::First), pits(Player::Second)]),
        )
        .raw("stores", &json::array(self.stores()));
        o.finish()
    }
}

/// What the AI of a [`AiGame`] reports of one move.
struct Report {
    mv: u32,
    text: String,
    summary: String,
    nodes: u64,
    depth: u32,
    proven: bool,
    elapsed: Duration,
}

/// One game of `G` against the AI, and the AI's tables, kept between its moves.
struct Match<G: WebGame> {
    origin: G,
    state: G,
    moves: Vec<G::Move>,
    alphabeta_table: Option<Arc<TranspositionTable>>,
    solver_table: Option<Arc<TranspositionTable>>,
}

impl<G: WebGame> Match<G> {
    fn new() -> Self {
        let origin = G::start();
        Match {
            state: origin.clone(),
            origin,
            moves: Vec::new(),
            alphabeta_table: None,
            solver_table: None,
        }
    }

    fn table(
        slot: &mut Option<Arc<TranspositionTable>>,
        megabytes: u64,
    ) -> Result<Arc<TranspositionTable>, String> {
        if let Some(t) = slot {
            return Ok(Arc::clone(t));
        }
        let table =
            Arc::new(TranspositionTable::with_megabytes(megabytes).map_err(|e| e.to_string())?);
        *slot = Some(Arc::clone(&table));
        Ok(table)
    }

    /// Alpha-beta within `time`, its table kept between moves.
    fn alphabeta(&mut self, time: Duration, seed: u64) -> Result<Report, String> {
        let table = Self::table(&mut self.alphabeta_table, ALPHABETA_TABLE_MB)?;
        let eval: fn(&G) -> i32 = G::evaluate;
        let r = Negamax::new(eval)
            .with_table(table)
            .with_random_ties(true)
            .with_seed(seed)
            .with_budget(Budget::time(time))
            .search(&self.state)
            .map_err(|e| e.to_string())?;
        let score = r
            .score
            .map_or_else(|| "no depth finished".to_string(), |s| format!("score {s}"));
        Ok(Report {
            mv: G::encode(r.best_move),
            text: G::move_text(r.best_move),
            summary: format!("alpha-beta: {score}, depth {}", r.stats.depth_reached),
            nodes: r.stats.nodes,
            depth: r.stats.depth_reached,
            proven: r.score.is_some_and(|s| s.is_win() || s.is_loss()),
            elapsed: r.stats.elapsed,
        })
    }

    fn mcts(&self, time: Duration, seed: u64) -> Result<Report, String> {
        let r = Mcts::<G>::new()
            .with_seed(seed)
            .with_budget(Budget::time(time))
            .search(&self.state)
            .map_err(|e| e.to_string())?;
        Ok(Report {
            mv: G::encode(r.best_move),
            text: G::move_text(r.best_move),
            summary: format!(
                "MCTS: {}, {} playouts, tree depth {}",
                r.value, r.stats.iterations, r.stats.depth_reached
            ),
            nodes: r.stats.nodes,
            depth: r.stats.depth_reached,
            proven: r.value.is_proven(),
            elapsed: r.stats.elapsed,
        })
    }

    /// The exact solver within three quarters of `time`; alpha-beta in the rest when the
    /// position is not proven by then.
    fn solver(&mut self, time: Duration, seed: u64) -> Result<Report, String> {
        let started = Instant::now();
        let solver_time = (time * 3 / 4).max(Duration::from_millis(1));
        let unproven = if G::MARGIN {
            let s = MarginSolver::new()
                .with_budget(Budget::time(solver_time))
                .solve(&self.state)
                .map_err(|e| e.to_string())?;
            if let (Some(margin), Some(mv)) = (s.margin, s.best_move) {
                return Ok(Report {
                    mv: G::encode(mv),
                    text: G::move_text(mv),
                    summary: format!(
                        "exact solver: proved a final margin of {:+} for the side to move",
                        for_mover(margin, self.state.to_move())
                    ),
                    nodes: s.stats.nodes,
                    depth: s.stats.depth_reached,
                    proven: true,
                    elapsed: started.elapsed(),
                });
            }
            "the margin was not proven in time".to_string()
        } else {
            let table = Self::table(&mut self.solver_table, SOLVER_TABLE_MB)?;
            let mut solver = Solver::new()
                .with_table(table)
                .with_budget(Budget::time(solver_time));
            match solver.best_move(&self.state) {
                Ok(best) => {
                    return Ok(Report {
                        mv: G::encode(best.mv),
                        text: G::move_text(best.mv),
                        summary: format!("exact solver: proved {}", best.score.exact()),
                        nodes: best.stats.nodes,
                        depth: best.stats.depth_reached,
                        proven: true,
                        elapsed: started.elapsed(),
                    });
                }
                Err(SearchError::Unsolved { lower, upper }) => format!(
                    "not proven in time (between {} and {})",
                    lower.exact(),
                    upper.exact()
                ),
                Err(e) => return Err(e.to_string()),
            }
        };
        let left = time
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        let mut r = self.alphabeta(left, seed)?;
        r.summary = format!("exact solver: {unproven}; {}", r.summary);
        r.proven = false;
        r.elapsed = started.elapsed();
        Ok(r)
    }
}

/// What a [`AiGame`] does with any game: the object-safe face of [`Match`].
trait Playing {
    fn state(&self) -> String;
    fn play(&mut self, code: u32) -> Result<(), String>;
    fn undo(&mut self) -> bool;
    fn think(&mut self, engine: &str, time: Duration, seed: u64) -> Result<Report, String>;
}

impl<G: WebGame> Playing for Match<G> {
    fn state(&self) -> String {
        let outcome = self.state.outcome();
        let (over, winner) = match outcome {
            Outcome::Ongoing => (false, 0),
            Outcome::Draw => (true, 0),
            Outcome::Win(p) => (true, side(p)),
        };
        let legal: Vec<u32> = if over {
            Vec::new()
        } else {
            self.state
                .legal_move_list()
                .into_iter()
                .map(G::encode)
                .collect()
        };
        let mut o = Object::new();
        o.str("game", G::KEY)
            .num("toMove", side(self.state.to_move()))
            .bool("over", over)
            .num("winner", winner)
            .raw("legal", &json::array(legal))
            .raw(
                "history",
                &json::array(self.moves.iter().map(|&mv| G::encode(mv))),
            )
            .raw("board", &self.state.board(&self.origin, &self.moves));
        if let Some(margin) = self.state.margin().filter(|_| over) {
            o.num("margin", margin);
        }
        o.finish()
    }

    fn play(&mut self, code: u32) -> Result<(), String> {
        if self.state.outcome().is_over() {
            return Err("the game is over".to_string());
        }
        let mv = self
            .state
            .decode(code)
            .ok_or_else(|| format!("{code} is not a legal move here"))?;
        self.state.play(mv);
        self.moves.push(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        let mut state = self.origin.clone();
        for &mv in &self.moves {
            state.play(mv);
        }
        self.state = state;
        true
    }

    fn think(&mut self, engine: &str, time: Duration, seed: u64) -> Result<Report, String> {
        if self.state.outcome().is_over() {
            return Err("the game is over".to_string());
        }
        match engine {
            "alphabeta" => self.alphabeta(time, seed),
            "mcts" => self.mcts(time, seed),
            "solver" => self.solver(time, seed),
            _ => Err(format!(
                "no engine {engine:?}: choose one of {}",
                ENGINES.join(", ")
            )),
        }
    }
}

/// One game against the AI: the page's player makes moves with [`play`](AiGame::play), asks
/// the AI for one with [`think`](AiGame::think), and draws [`state`](AiGame::state).
/// Moves are numbers: the cell (tic-tac-toe, 0-8), the column (Connect Four, 0-6), the
/// square (Reversi, `row * 6 + col`, 36 to pass), the line (Dots and Boxes), the pit of the
/// side to move (Kalah, 0-5). Every answer is JSON.
///
/// ```
/// use plysearch_web::AiGame;
/// let mut s = AiGame::new("c4").unwrap();
/// s.play(3).unwrap();
/// let report = s.think("alphabeta", 20, 1).unwrap();
/// assert!(report.contains("\"move\":"));
/// // `think` does not play its move: the history holds the person's move only.
/// assert!(s.state().contains("\"history\":[3]"));
/// ```
#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
pub struct AiGame {
    playing: Box<dyn Playing>,
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
impl AiGame {
    /// A new game: `"ttt"`, `"c4"`, `"reversi"`, `"dots"` (3 x 3 boxes) or `"kalah"`
    /// (Kalah(6, 4)).
    ///
    /// # Errors
    /// An unknown game's name.
    ///
    /// ```
    /// assert!(plysearch_web::AiGame::new("kalah").is_ok());
    /// assert!(plysearch_web::AiGame::new("chess").is_err());
    /// ```
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen(constructor))]
    pub fn new(game: &str) -> Result<AiGame, String> {
        let playing: Box<dyn Playing> = match game {
            "ttt" => Box::new(Match::<TicTacToe>::new()),
            "c4" => Box::new(Match::<ConnectFour>::new()),
            "reversi" => Box::new(Match::<Reversi>::new()),
            "dots" => Box::new(Match::<DotsAndBoxes>::new()),
            "kalah" => Box::new(Match::<Kalah>::new()),
            _ => {
                return Err(format!(
                    "no game {game:?}: choose one of {}",
                    GAMES.join(", ")
                ));
            }
        };
        Ok(AiGame { playing })
    }

    /// The position as JSON: `game`, `toMove` (1 or 2), `over`, `winner` (0 for none or a
    /// draw), `legal` (the move numbers), `history`, `board` (the game's own fields) and, at
    /// the end of Dots and Boxes and Kalah, `margin`.
    ///
    /// ```
    /// let s = plysearch_web::AiGame::new("ttt").unwrap();
    /// assert!(s.state().starts_with(r#"{"game":"ttt","toMove":1,"over":false"#));
    /// ```
    #[must_use]
    pub fn state(&self) -> String {
        self.playing.state()
    }

    /// Plays the move numbered `code`.
    ///
    /// # Errors
    /// A move that is not legal, or a game that is over.
    ///
    /// ```
    /// let mut s = plysearch_web::AiGame::new("ttt").unwrap();
    /// s.play(4).unwrap();
    /// assert!(s.play(4).is_err());
    /// ```
    pub fn play(&mut self, code: u32) -> Result<(), String> {
        self.playing.play(code)
    }

    /// Takes back the last move; `false` at the start.
    ///
    /// ```
    /// let mut s = plysearch_web::AiGame::new("ttt").unwrap();
    /// assert!(!s.undo());
    /// s.play(0).unwrap();
    /// assert!(s.undo());
    /// ```
    pub fn undo(&mut self) -> bool {
        self.playing.undo()
    }

    /// The AI's move for the side to move, found by `engine` (`"alphabeta"`, `"mcts"` or
    /// `"solver"`) within `millis` milliseconds, ties broken by `seed`, as JSON: `move` (its
    /// number), `text`, `summary` (what the engine thought), `nodes`, `depth`, `proven`
    /// and `ms`. The move is not played: [`play`](AiGame::play) it.
    ///
    /// # Errors
    /// An unknown engine, a game that is over, or a time of zero.
    ///
    /// ```
    /// let mut s = plysearch_web::AiGame::new("ttt").unwrap();
    /// let r = s.think("solver", 50, 0).unwrap();
    /// assert!(r.contains("\"proven\":true"));
    /// ```
    pub fn think(&mut self, engine: &str, millis: u32, seed: u64) -> Result<String, String> {
        if millis == 0 {
            return Err("give the AI some time: at least 1 ms".to_string());
        }
        let r = self
            .playing
            .think(engine, Duration::from_millis(u64::from(millis)), seed)?;
        let mut o = Object::new();
        o.str("engine", engine)
            .num("move", r.mv)
            .str("text", &r.text)
            .str("summary", &r.summary)
            .num("nodes", r.nodes)
            .num("depth", r.depth)
            .bool("proven", r.proven)
            .num("ms", r.elapsed.as_secs_f64() * 1e3);
        Ok(o.finish())
    }
}
