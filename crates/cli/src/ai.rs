//! The engines a person can choose at the terminal, and the games they can play.
//!
//! [`Playable`] says what the terminal needs from a game beyond [`Game`]: a name, how to read
//! and show a move, and the evaluator alpha-beta uses at its horizon. [`EngineKind`] and
//! [`Strength`] together build an [`Ai`]: alpha-beta (negamax with a transposition table and
//! iterative deepening), MCTS (keeping its tree between moves), the exact solver, or random
//! moves.

use std::fmt::{self, Display};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use adversarial::{MarginSolver, Negamax, Replacement, Solver, TranspositionTable};
use games::reversi::{Move as ReversiMove, Weights};
use games::{ConnectFour, DotsAndBoxes, Kalah, OpenLines, Reversi, ThreatEvaluator, TicTacToe};
use mcts::Mcts;
use search_core::{
    Budget, Evaluator, Game, GameHash, MoveAnalysis, Player, RandomMover, SearchError, Strategy,
};

/// What the terminal needs from a game beyond [`GameHash`].
pub trait Playable:
    GameHash<Move: Send + Sync> + PartialEq + Display + Send + Sync + 'static
{
    /// The game's name.
    const NAME: &'static str;
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;
    /// Reads a start position (`--moves`), or explains what is wrong.
    fn parse_position(text: &str) -> Result<Self, String>;
    /// Reads what a person typed as a legal move, or explains what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// The move in words, for messages ("column 4").
    fn show_move(mv: Self::Move) -> String;
    /// The move as a person would type it ("4").
    fn move_text(mv: Self::Move) -> String;
    /// The legal moves as a person would type them, for the prompt.
    fn legal_move_texts(&self) -> String {
        self.legal_move_list()
            .into_iter()
            .map(Self::move_text)
            .collect::<Vec<_>>()
            .join(" ")
    }
    /// The evaluator alpha-beta uses at its horizon.
    fn evaluate(&self) -> i32;
    /// `true` for games won by a number (boxes, stones): the solver plays them with the
    /// [`MarginSolver`], which proves the exact margin.
    const MARGIN: bool = false;
    /// The board as the prompt shows it (by default the game's own picture).
    fn board(&self) -> String {
        self.to_string()
    }
    /// Plays `text`'s moves, typed as at the prompt and separated by spaces, from `self`.
    fn after_moves(&self, text: &str) -> Result<Self, String> {
        let mut state = self.clone();
        for (i, word) in text.split_whitespace().enumerate() {
            if state.outcome().is_over() {
                return Err(format!("move {} ({word}): the game is already over", i + 1));
            }
            let mv = state
                .parse_move(word)
                .map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
            state.play(mv);
        }
        Ok(state)
    }
}

impl Playable for TicTacToe {
    const NAME: &'static str = "tic-tac-toe";
    const MOVE_HELP: &'static str = "a cell number 0-8 (shown on the right of the board)";

    fn parse_position(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e| format!("bad tic-tac-toe position {text:?}: {e}"))
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let cell: u8 = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a cell 0-8"))?;
        if cell > 8 {
            return Err(format!(
                "there is no cell {cell}: cells are numbered 0 to 8"
            ));
        }
        if self.cell(cell).is_some() {
            return Err(format!("cell {cell} is already taken: choose an empty one"));
        }
        Ok(cell)
    }

    fn show_move(mv: u8) -> String {
        format!("cell {mv}")
    }

    fn move_text(mv: u8) -> String {
        mv.to_string()
    }

    fn evaluate(&self) -> i32 {
        OpenLines.evaluate(self)
    }
}

impl Playable for ConnectFour {
    const NAME: &'static str = "Connect Four";
    const MOVE_HELP: &'static str = "a column number 1-7";

    fn parse_position(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e| format!("bad Connect Four position {text:?}: {e}"))
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let col: u8 = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a column 1-7"))?;
        if !(1..=7).contains(&col) {
            return Err(format!(
                "there is no column {col}: columns are numbered 1 to 7"
            ));
        }
        if !self.can_play(col - 1) {
            return Err(format!("column {col} is full: choose another one"));
        }
        Ok(col - 1)
    }

    fn show_move(mv: u8) -> String {
        format!("column {}", mv + 1)
    }

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
    }

    fn evaluate(&self) -> i32 {
        ThreatEvaluator.evaluate(self)
    }
}

impl Playable for Reversi {
    const NAME: &'static str = "Reversi (6 x 6)";
    const MOVE_HELP: &'static str = "a square such as c4, or pass";

    /// Moves from the start position, separated by spaces: `c2 b2 pass`.
    fn parse_position(text: &str) -> Result<Self, String> {
        let mut state = Reversi::new();
        for (i, word) in text.split_whitespace().enumerate() {
            let mv: ReversiMove = word
                .parse()
                .map_err(|e| format!("bad Reversi move {} ({word:?}): {e}", i + 1))?;
            state
                .try_play(mv)
                .map_err(|e| format!("Reversi move {} ({word}): {e}", i + 1))?;
        }
        Ok(state)
    }

    fn parse_move(&self, text: &str) -> Result<ReversiMove, String> {
        let mv: ReversiMove = text.parse().map_err(|e| format!("{e}"))?;
        if !self.legal_move_list().contains(&mv) {
            return Err(format!(
                "{mv} is not legal here; legal moves: {}",
                self.legal_move_texts()
            ));
        }
        Ok(mv)
    }

    fn show_move(mv: ReversiMove) -> String {
        mv.to_string()
    }

    fn move_text(mv: ReversiMove) -> String {
        mv.to_string()
    }

    fn evaluate(&self) -> i32 {
        Weights::DEFAULT.evaluate(self)
    }
}

impl Playable for DotsAndBoxes {
    const NAME: &'static str = "Dots and Boxes";
    const MOVE_HELP: &'static str = "a line number (the free lines show their numbers)";
    const MARGIN: bool = true;

    /// Lines from the start, as at the prompt: `0 12 5`.
    fn parse_position(text: &str) -> Result<Self, String> {
        DotsAndBoxes::default().after_moves(text)
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let lines = self.line_count();
        let line: usize = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a line 0-{}", lines - 1))?;
        if line >= lines {
            return Err(format!(
                "there is no line {line}: lines are numbered 0 to {}",
                lines - 1
            ));
        }
        let line = line as u8;
        if self.is_drawn(line) {
            return Err(format!("line {line} is already drawn: choose a free one"));
        }
        Ok(line)
    }

    fn show_move(mv: u8) -> String {
        format!("line {mv}")
    }

    fn move_text(mv: u8) -> String {
        mv.to_string()
    }

    /// The boxes ahead, from the mover's side.
    fn evaluate(&self) -> i32 {
        let [x, o] = self.boxes();
        let lead = i32::from(x) - i32::from(o);
        if self.to_move() == Player::First {
            lead
        } else {
            -lead
        }
    }

    /// Dots as `+`, drawn lines as `---` and `|`, free lines as their numbers, boxes as
    /// `#`, then the score.
    fn board(&self) -> String {
        let (rows, cols) = self.size();
        let horizontal = (rows + 1) * cols;
        let mut text = String::new();
        for r in 0..=rows {
            for c in 0..cols {
                let line = (r * cols + c) as u8;
                if self.is_drawn(line) {
                    text.push_str("  +---");
                } else {
                    text.push_str(&format!("  +{line:^3}"));
                }
            }
            text.push_str("  +\n");
            if r == rows {
                break;
            }
            for c in 0..=cols {
                let line = (horizontal + r * (cols + 1) + c) as u8;
                if self.is_drawn(line) {
                    text.push_str("  |");
                } else {
                    text.push_str(&format!("{line:>3}"));
                }
                if c < cols {
                    let sides = [
                        r * cols + c,
                        (r + 1) * cols + c,
                        horizontal + r * (cols + 1) + c,
                        horizontal + r * (cols + 1) + c + 1,
                    ];
                    let closed = sides.iter().all(|&l| self.is_drawn(l as u8));
                    text.push_str(if closed { " # " } else { "   " });
                }
            }
            text.push('\n');
        }
        let [x, o] = self.boxes();
        text.push_str(&format!("boxes: X {x}, O {o}"));
        text
    }
}

impl Playable for Kalah {
    const NAME: &'static str = "Kalah";
    const MOVE_HELP: &'static str = "a pit number (your pits are numbered on your side)";
    const MARGIN: bool = true;

    /// Pits from the start, as at the prompt: `3 1 6`.
    fn parse_position(text: &str) -> Result<Self, String> {
        Kalah::default().after_moves(text)
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let pits = self.pits();
        let pit: usize = text
            .parse()
            .map_err(|_| format!("{text:?} is not a number: type a pit 1-{pits}"))?;
        if !(1..=pits).contains(&pit) {
            return Err(format!(
                "there is no pit {pit}: your pits are numbered 1 to {pits}"
            ));
        }
        if self.stones(self.to_move(), pit - 1) == 0 {
            return Err(format!("pit {pit} is empty: choose one with stones"));
        }
        Ok((pit - 1) as u8)
    }

    fn show_move(mv: u8) -> String {
        format!("pit {}", mv + 1)
    }

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
    }

    /// The stones ahead in the stores, from the mover's side.
    fn evaluate(&self) -> i32 {
        let [x, o] = self.stores();
        let lead = i32::from(x) - i32::from(o);
        if self.to_move() == Player::First {
            lead
        } else {
            -lead
        }
    }

    /// O's pits on top, numbered right to left from O's side, the stores at the ends (O's on
    /// the left), X's pits below, numbered left to right.
    fn board(&self) -> String {
        let n = self.pits();
        let [x, o] = self.stores();
        let mut text = String::from("      ");
        for i in (1..=n).rev() {
            text.push_str(&format!("{:>4}", format!("({i})")));
        }
        text.push_str("   O's pits\n      ");
        for i in (0..n).rev() {
            text.push_str(&format!("{:>4}", self.stones(Player::Second, i)));
        }
        text.push_str(&format!("\n O {o:>3}{:w$}{x:>4} X\n      ", "", w = 4 * n));
        for i in 0..n {
            text.push_str(&format!("{:>4}", self.stones(Player::First, i)));
        }
        text.push_str("\n      ");
        for i in 1..=n {
            text.push_str(&format!("{:>4}", format!("({i})")));
        }
        text.push_str("   X's pits");
        text
    }
}

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
    /// EinStein würfelt nicht!: a race of numbered cubes, moved by the die (`ply play`).
    Einstein,
    /// The m,n,k-game for 2 to 4 players: k in a row on a width x height board (`ply play`).
    #[value(alias = "m,n,k")]
    Mnk,
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
            Strength::Time(t) => write!(f, "{}ms", t.as_millis()),
            Strength::Playouts(n) => write!(f, "{n}p"),
        }
    }
}

impl FromStr for Strength {
    type Err = String;

    /// `6` is a depth, `500ms` a time, `20000p` a number of playouts.
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim().to_lowercase();
        let bad = || {
            format!(
                "{text:?}: type a depth such as 6, a time such as 500ms, or playouts such as 20000p"
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
        if let Some(ms) = text.strip_suffix("ms") {
            let ms: u64 = ms.trim().parse().map_err(|_| bad())?;
            if ms == 0 || ms > 600_000 {
                return Err("the time must be between 1 ms and 600000 ms".to_string());
            }
            return Ok(Strength::Time(Duration::from_millis(ms)));
        }
        let depth: u32 = text.parse().map_err(|_| bad())?;
        if depth == 0 || depth > 64 {
            return Err("the depth must be between 1 and 64".to_string());
        }
        Ok(Strength::Depth(depth))
    }
}

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

impl EngineKind {
    /// Builds the engine for game `G`, or says why this strength does not suit it.
    pub fn build<G: Playable>(
        self,
        strength: Strength,
        seed: u64,
        table_mb: usize,
    ) -> Result<Box<dyn Ai<G>>, String> {
        Ok(match self {
            EngineKind::Alphabeta => {
                if let Strength::Playouts(_) = strength {
                    return Err(
                        "alpha-beta plays by depth or time: give e.g. 8 or 500ms".to_string()
                    );
                }
                let table = TranspositionTable::with_megabytes(table_mb)
                    .map_err(|e| format!("--table-mb: {e}"))?;
                let eval: Eval<G> = G::evaluate;
                Box::new(NegamaxAi(
                    Negamax::new(eval)
                        .with_table(Arc::new(table))
                        .with_random_ties(true)
                        .with_seed(seed)
                        .with_budget(strength.budget()),
                ))
            }
            EngineKind::Mcts => {
                if let Strength::Depth(_) = strength {
                    return Err(
                        "MCTS plays by time or playouts: give e.g. 500ms or 20000p".to_string()
                    );
                }
                Box::new(MctsAi(
                    Mcts::<G>::new()
                        .with_seed(seed)
                        .with_budget(strength.budget()),
                ))
            }
            EngineKind::Solver if G::MARGIN => {
                let budget = match strength {
                    Strength::Time(t) => Budget::time(t),
                    _ => {
                        return Err("the solver plays perfectly within a time: give e.g. 2000ms"
                            .to_string());
                    }
                };
                Box::new(MarginSolverAi(MarginSolver::new().with_budget(budget)))
            }
            EngineKind::Solver => {
                let budget = match strength {
                    Strength::Time(t) => Budget::time(t),
                    _ => {
                        return Err("the solver plays perfectly within a time: give e.g. 2000ms"
                            .to_string());
                    }
                };
                // Exact values never go stale: the solver's table always replaces (as
                // `with_table_mb`'s does).
                let table = TranspositionTable::with_megabytes(table_mb)
                    .map_err(|e| format!("--table-mb: {e}"))?
                    .with_replacement(Replacement::Always);
                Box::new(SolverAi(
                    Solver::new()
                        .with_table(Arc::new(table))
                        .with_budget(budget),
                ))
            }
            EngineKind::Random => Box::new(StrategyAi(RandomMover::new(seed))),
            EngineKind::Maxn | EngineKind::BestReply => {
                return Err(format!(
                    "{self} is for games of three or more players (mnk); {} has two",
                    G::NAME
                ));
            }
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
    /// Told about every move played (by either side), so an AI can follow the game.
    fn observe(&mut self, before: &G, mv: G::Move);
    /// Every legal move of `state` with its value, best first, within the AI's budget
    /// ([`Strategy::analyze`]).
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError>;
    /// Every legal move with its value in words, best first: what `hint` shows.
    fn hint(&mut self, state: &G) -> Result<Vec<(G::Move, String)>, SearchError> {
        Ok(self
            .analyze(state)?
            .into_iter()
            .map(|m| (m.mv, m.value.to_string()))
            .collect())
    }
}

/// An [`Ai`] with a name, as a [`Strategy`] for the match runner.
pub struct Named<G: GameHash> {
    ai: Box<dyn Ai<G>>,
    name: String,
}

impl<G: GameHash> Named<G> {
    /// Names `ai`.
    pub fn new(ai: Box<dyn Ai<G>>, name: String) -> Self {
        Named { ai, name }
    }
}

impl<G: GameHash> Strategy<G> for Named<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.ai.choose(state).map(|c| c.mv)
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

/// Any [`Strategy`] as an [`Ai`] that reports nothing but its move.
struct StrategyAi<S>(S);

impl<G: GameHash, S: Strategy<G>> Ai<G> for StrategyAi<S> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        Ok(Choice {
            mv: self.0.choose_move(state)?,
            thoughts: None,
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.0.observe_move(before, mv);
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.0.analyze(state)
    }
}

/// MCTS, reporting the value it found and how much it searched; it keeps the subtree of
/// every move played as its next root.
struct MctsAi<G: Playable>(Mcts<G>);

impl<G: Playable> Ai<G> for MctsAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let r = self.0.search(state)?;
        let thoughts = format!(
            "{}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s",
            r.value,
            r.stats.iterations,
            r.playouts_per_second(),
            r.tree_size,
            r.stats.elapsed.as_secs_f64()
        );
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.0.observe_move(before, mv);
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.0.analyze(state)
    }
}

type Eval<G> = fn(&G) -> i32;

/// Alpha-beta with its own table, reporting score, depth and nodes.
struct NegamaxAi<G: Playable>(Negamax<Eval<G>, Arc<TranspositionTable>>);

impl<G: Playable> Ai<G> for NegamaxAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let r = self.0.search(state)?;
        let score = r
            .score
            .map_or_else(|| "no depth finished".to_string(), |s| format!("score {s}"));
        let thoughts = format!(
            "{score}, depth {}, {} nodes, {:.3} s",
            r.stats.depth_reached,
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        );
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {
        // The transposition table already carries what the engine learnt.
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.0.analyze(state)
    }
}

/// The exact solver: the value it proves and the nodes it took.
struct SolverAi(Solver);

impl<G: Playable> Ai<G> for SolverAi {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let best = self.0.best_move(state)?;
        Ok(Choice {
            mv: best.mv,
            thoughts: Some(format!(
                "proved {}, {} nodes, {:.3} s",
                best.score,
                best.stats.nodes,
                best.stats.elapsed.as_secs_f64()
            )),
        })
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.0.analyze(state)
    }
}

/// The exact margin solver, for games won by a number (boxes, stones).
struct MarginSolverAi(MarginSolver);

/// A margin as the player to move sees it: `+3`, `-1`, `0`.
fn margin_for_mover(first_margin: i32, mover: Player) -> i32 {
    if mover == Player::First {
        first_margin
    } else {
        -first_margin
    }
}

impl<G: Playable> Ai<G> for MarginSolverAi {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let s = self.0.solve(state)?;
        let (Some(margin), Some(mv)) = (s.margin, s.best_move) else {
            return Err(SearchError::Config(
                "the solver's time ran out before it proved a move: give it more time".to_string(),
            ));
        };
        Ok(Choice {
            mv,
            thoughts: Some(format!(
                "proved margin {:+} for the mover, {} nodes, {:.3} s",
                margin_for_mover(margin, state.to_move()),
                s.stats.nodes,
                s.stats.elapsed.as_secs_f64()
            )),
        })
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, _state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        Err(SearchError::UnsupportedGame {
            engine: "MarginSolver",
            reason: "it proves margins, not win/draw/loss scores; ask for a hint instead"
                .to_string(),
        })
    }

    /// Each move's exact margin for the player to move, best first.
    fn hint(&mut self, state: &G) -> Result<Vec<(G::Move, String)>, SearchError> {
        let mover = state.to_move();
        let mut moves = Vec::new();
        for mv in state.legal_move_list() {
            let mut child = state.clone();
            child.play(mv);
            let margin = match child.margin().filter(|_| child.outcome().is_over()) {
                Some(m) => Some(m),
                None => self.0.solve(&child)?.margin,
            };
            moves.push((mv, margin.map(|m| margin_for_mover(m, mover))));
        }
        moves.sort_by_key(|&(_, m)| core::cmp::Reverse(m.unwrap_or(i32::MIN)));
        Ok(moves
            .into_iter()
            .map(|(mv, m)| {
                let text = m.map_or_else(
                    || "not proved in time".to_string(),
                    |m| format!("margin {m:+} (exact)"),
                );
                (mv, text)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_read_back_what_they_print() {
        for text in ["6", "500ms", "20000p"] {
            let s: Strength = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert_eq!(
            "20000 playouts".parse::<Strength>(),
            Ok(Strength::Playouts(20_000))
        );
        for bad in ["0", "65", "0ms", "fast", "-3", "0p", ""] {
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
