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
use std::time::{Duration, Instant};

use adversarial::{MarginSolver, Negamax, Replacement, Solver, TranspositionTable};
use games::reversi::{Move as ReversiMove, Weights};
use games::{ConnectFour, DotsAndBoxes, Kalah, OpenLines, Reversi, ThreatEvaluator, TicTacToe};
use mcts::Mcts;
use search_core::{
    Budget, Evaluator, Game, GameHash, MoveAnalysis, Player, RandomMover, SearchError, Strategy,
};

/// What the terminal needs from a game beyond [`GameHash`]. Every number a person types
/// or reads for a move counts from 1 (cells, columns, lines, pits).
pub trait Playable:
    GameHash<Move: Send + Sync> + PartialEq + Display + Send + Sync + 'static
{
    /// The game's name.
    const NAME: &'static str;
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;
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
    /// The board after `moves` were played from `origin`, for games whose picture needs the
    /// whole game (who owns which box); by default [`board`](Playable::board).
    fn board_with_history(&self, origin: &Self, moves: &[Self::Move]) -> String {
        let _ = (origin, moves);
        self.board()
    }
    /// The rule variant in force, for the line that starts a game (empty when the game has
    /// one set of rules; else ` (the rules)`).
    fn rules_note(&self) -> String {
        String::new()
    }
    /// Reads a start position (`--start`) from `board`: the board the moves start from and
    /// the moves, typed as at the prompt and separated by spaces.
    fn parse_start(board: &Self, text: &str) -> Result<(Self, Vec<Self::Move>), String> {
        let moves = board.moves_from_text(text)?;
        Ok((board.clone(), moves))
    }
    /// Plays `text`'s moves, typed as at the prompt and separated by spaces, from `self`,
    /// and returns them.
    fn moves_from_text(&self, text: &str) -> Result<Vec<Self::Move>, String> {
        let mut state = self.clone();
        let mut moves = Vec::new();
        for (i, word) in text.split_whitespace().enumerate() {
            if state.outcome().is_over() {
                return Err(format!(
                    "move {} ({}): the game is already over",
                    i + 1,
                    crate::input::quote(word)
                ));
            }
            let mv = state
                .parse_move(word)
                .map_err(|e| format!("move {} ({}): {e}", i + 1, crate::input::quote(word)))?;
            state.play(mv);
            moves.push(mv);
        }
        Ok(moves)
    }
}

/// Reads a 1-based number between 1 and `count` for a move the prompt calls `what` (a cell,
/// a line, a pit): its 0-based index.
fn one_based(text: &str, what: &str, count: usize) -> Result<usize, String> {
    let n: usize = text.parse().map_err(|_| {
        format!(
            "{} is not a number: type a {what} 1-{count}",
            crate::input::quote(text)
        )
    })?;
    if !(1..=count).contains(&n) {
        return Err(format!(
            "there is no {what} {n}: {what}s are numbered 1 to {count}"
        ));
    }
    Ok(n - 1)
}

impl Playable for TicTacToe {
    const NAME: &'static str = "tic-tac-toe";
    const MOVE_HELP: &'static str = "a cell number 1-9 (shown on the right of the board)";

    /// Nine cells (`X.O.X....`, spaces ignored) or moves as typed at the prompt (`5 1`).
    fn parse_start(board: &Self, text: &str) -> Result<(Self, Vec<u8>), String> {
        let cells: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() == 9 && cells.chars().all(|c| "xXoO.".contains(c)) {
            let state = cells.parse().map_err(|e| {
                format!(
                    "bad tic-tac-toe position {}: {e}",
                    crate::input::quote(text)
                )
            })?;
            return Ok((state, Vec::new()));
        }
        Ok((*board, board.moves_from_text(text)?))
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let cell = one_based(text, "cell", 9)? as u8;
        if self.cell(cell).is_some() {
            return Err(format!(
                "cell {} is already taken: choose an empty one",
                cell + 1
            ));
        }
        Ok(cell)
    }

    fn show_move(mv: u8) -> String {
        format!("cell {}", mv + 1)
    }

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
    }

    fn evaluate(&self) -> i32 {
        OpenLines.evaluate(self)
    }

    /// The board, and beside it the numbers of the cells to type (1 to 9).
    fn board(&self) -> String {
        let mut text = String::new();
        for row in 0..3u8 {
            for col in 0..3u8 {
                let c = match self.cell(row * 3 + col) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                text.push(' ');
                text.push(c);
            }
            text.push_str("   ");
            for col in 0..3u8 {
                text.push_str(&format!(" {}", row * 3 + col + 1));
            }
            if row < 2 {
                text.push('\n');
            }
        }
        text
    }
}

impl Playable for ConnectFour {
    const NAME: &'static str = "Connect Four";
    const MOVE_HELP: &'static str = "a column number 1-7";

    /// Columns played from the empty board, as in the published benchmark (`4455`), or as
    /// typed at the prompt (`4 4 5`).
    fn parse_start(board: &Self, text: &str) -> Result<(Self, Vec<u8>), String> {
        let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.is_empty() || digits == "-" {
            return Ok((*board, Vec::new()));
        }
        // The parser checks every column and that no move follows the end of the game.
        digits.parse::<ConnectFour>().map_err(|e| {
            format!(
                "bad Connect Four position {}: {e}",
                crate::input::quote(text)
            )
        })?;
        Ok((*board, digits.bytes().map(|b| b - b'1').collect()))
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let col = one_based(text, "column", 7)? as u8;
        if !self.can_play(col) {
            return Err(format!("column {} is full: choose another one", col + 1));
        }
        Ok(col)
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

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let line = one_based(text, "line", self.line_count())? as u8;
        if self.is_drawn(line) {
            return Err(format!(
                "line {} is already drawn: choose a free one",
                line + 1
            ));
        }
        Ok(line)
    }

    fn show_move(mv: u8) -> String {
        format!("line {}", mv + 1)
    }

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
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

    fn board(&self) -> String {
        dots_picture(self, &[])
    }

    /// Dots as `+`, drawn lines as `---` and `|`, free lines as their numbers, each closed
    /// box marked with its owner's letter, then the score.
    fn board_with_history(&self, origin: &Self, moves: &[u8]) -> String {
        let (rows, cols) = self.size();
        let mut owners = vec![None; rows * cols];
        let mut state = *origin;
        for &mv in moves {
            let mover = state.to_move();
            state.play(mv);
            for (b, owner) in owners.iter_mut().enumerate() {
                if owner.is_none() && box_closed(&state, b / cols, b % cols) {
                    *owner = Some(mover);
                }
            }
        }
        if state != *self {
            // The moves do not lead here: show the boxes without owners.
            owners.iter_mut().for_each(|o| *o = None);
        }
        dots_picture(self, &owners)
    }
}

/// Whether box `(r, c)` has all four lines.
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

/// The Dots and Boxes picture: a closed box shows its owner's mark (`X`, `O`), or `#` when
/// the owner is not known.
fn dots_picture(board: &DotsAndBoxes, owners: &[Option<Player>]) -> String {
    let (rows, cols) = board.size();
    let horizontal = (rows + 1) * cols;
    let mut text = String::new();
    for r in 0..=rows {
        for c in 0..cols {
            let line = (r * cols + c) as u8;
            if board.is_drawn(line) {
                text.push_str("  +---");
            } else {
                text.push_str(&format!("  +{:^3}", line + 1));
            }
        }
        text.push_str("  +\n");
        if r == rows {
            break;
        }
        for c in 0..=cols {
            let line = (horizontal + r * (cols + 1) + c) as u8;
            if board.is_drawn(line) {
                text.push_str("  |");
            } else {
                text.push_str(&format!("{:>3}", line + 1));
            }
            if c < cols {
                let mark = if box_closed(board, r, c) {
                    match owners.get(r * cols + c).copied().flatten() {
                        Some(p) => mark_of_player(p),
                        None => "#",
                    }
                } else {
                    " "
                };
                text.push_str(&format!(" {mark} "));
            }
        }
        text.push('\n');
    }
    let [x, o] = board.boxes();
    text.push_str(&format!("boxes: X {x}, O {o}"));
    text
}

/// A player's mark on the board.
fn mark_of_player(p: Player) -> &'static str {
    if p == Player::First { "X" } else { "O" }
}

impl Playable for Kalah {
    const NAME: &'static str = "Kalah";
    const MOVE_HELP: &'static str = "a pit number (your pits are numbered on your side)";
    const MARGIN: bool = true;

    /// The capture rule played (`--kalah-rules`).
    fn rules_note(&self) -> String {
        format!(" ({})", self.rules())
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let pit = one_based(text, "pit", self.pits())?;
        if self.stones(self.to_move(), pit) == 0 {
            return Err(format!("pit {} is empty: choose one with stones", pit + 1));
        }
        Ok(pit as u8)
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
            EngineKind::Solver => {
                let Strength::Time(time) = strength else {
                    return Err(
                        "the solver plays perfectly within a time: give e.g. 2s".to_string()
                    );
                };
                let fallback = Fallback::new(time, table_mb)?;
                let budget = Budget::time(fallback.solver_time());
                if G::MARGIN {
                    Box::new(MarginSolverAi {
                        solver: MarginSolver::new().with_budget(budget),
                        fallback,
                    })
                } else {
                    // Exact values never go stale: the solver's table always replaces (as
                    // `with_table_mb`'s does).
                    let table = TranspositionTable::with_megabytes(table_mb)
                        .map_err(|e| format!("--table-mb: {e}"))?
                        .with_replacement(Replacement::Always);
                    Box::new(SolverAi {
                        solver: Solver::new()
                            .with_table(Arc::new(table))
                            .with_budget(budget),
                        fallback,
                    })
                }
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

/// What a solver plays when it cannot prove the position in its time: it gets three quarters
/// of the time per move, and alpha-beta (with its own table: heuristic values must not mix
/// with exact ones) chooses the move in the rest.
struct Fallback {
    time: Duration,
    table: Arc<TranspositionTable>,
}

impl Fallback {
    /// The solver's share of the time per move.
    const SOLVER_SHARE: (u32, u32) = (3, 4);

    fn new(time: Duration, table_mb: usize) -> Result<Self, String> {
        let table = TranspositionTable::with_megabytes((table_mb / 4).max(1))
            .map_err(|e| format!("--table-mb: {e}"))?;
        Ok(Fallback {
            time,
            table: Arc::new(table),
        })
    }

    /// The time the solver gets.
    fn solver_time(&self) -> Duration {
        let (share, of) = Self::SOLVER_SHARE;
        (self.time * share / of).max(Duration::from_millis(1))
    }

    /// Alpha-beta bounded by what is left of the time per move since `started`.
    fn engine<G: Playable>(&self, started: Instant) -> Negamax<Eval<G>, Arc<TranspositionTable>> {
        let left = self
            .time
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        let eval: Eval<G> = G::evaluate;
        Negamax::new(eval)
            .with_table(Arc::clone(&self.table))
            .with_budget(Budget::time(left))
    }

    /// Alpha-beta's move within what is left of the time since `started`.
    fn search<G: Playable>(
        &self,
        state: &G,
        started: Instant,
    ) -> Result<adversarial::SearchResult<G::Move>, SearchError> {
        self.engine(started).search(state)
    }

    /// Alpha-beta's view of every move within what is left of the time since `started`.
    fn analyze<G: Playable>(
        &self,
        state: &G,
        started: Instant,
    ) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.engine(started).analyze(state)
    }

    /// The words for alpha-beta's choice: score, depth, nodes.
    fn describe<M>(r: &adversarial::SearchResult<M>) -> String {
        let score = r
            .score
            .map_or_else(|| "no depth finished".to_string(), |s| format!("score {s}"));
        format!(
            "alpha-beta's choice: {score}, depth {}, {} nodes",
            r.stats.depth_reached, r.stats.nodes
        )
    }
}

/// The exact solver: the value it proves and the nodes it took; alpha-beta's move when the
/// position is not proven in time.
struct SolverAi {
    solver: Solver,
    fallback: Fallback,
}

impl<G: Playable> Ai<G> for SolverAi {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let started = Instant::now();
        match self.solver.best_move(state) {
            Ok(best) => Ok(Choice {
                mv: best.mv,
                thoughts: Some(format!(
                    "proved {}, {} nodes, {:.3} s",
                    best.score.exact(),
                    best.stats.nodes,
                    best.stats.elapsed.as_secs_f64()
                )),
            }),
            Err(SearchError::Unsolved { lower, upper }) => {
                let r = self.fallback.search(state, started)?;
                Ok(Choice {
                    mv: r.best_move,
                    thoughts: Some(format!(
                        "not proven in {} (the value is between {} and {}); {}, {:.3} s",
                        crate::input::show_duration(self.fallback.solver_time()),
                        lower.exact(),
                        upper.exact(),
                        Fallback::describe(&r),
                        started.elapsed().as_secs_f64()
                    )),
                })
            }
            Err(e) => Err(e),
        }
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.solver.analyze(state)
    }

    /// The exact value of every move, or alpha-beta's estimates when they are not proven in
    /// time.
    fn hint(&mut self, state: &G) -> Result<Hint<G::Move>, SearchError> {
        let started = Instant::now();
        match self.solver.analyze(state) {
            Ok(moves) => Ok(Hint::from_analysis(moves, None)),
            Err(SearchError::Unsolved { .. }) => {
                let moves = self.fallback.analyze(state, started)?;
                Ok(Hint::from_analysis(
                    moves,
                    Some(format!(
                        "not proven in {}: alpha-beta's estimates",
                        crate::input::show_duration(self.fallback.solver_time())
                    )),
                ))
            }
            Err(e) => Err(e),
        }
    }
}

/// The exact margin solver, for games won by a number (boxes, stones); alpha-beta's move
/// when the margin is not proven in time.
struct MarginSolverAi {
    solver: MarginSolver,
    fallback: Fallback,
}

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
        let started = Instant::now();
        let s = self.solver.solve(state)?;
        if let (Some(margin), Some(mv)) = (s.margin, s.best_move) {
            return Ok(Choice {
                mv,
                thoughts: Some(format!(
                    "proved margin {:+} for the mover, {} nodes, {:.3} s",
                    margin_for_mover(margin, state.to_move()),
                    s.stats.nodes,
                    s.stats.elapsed.as_secs_f64()
                )),
            });
        }
        let r = self.fallback.search(state, started)?;
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(format!(
                "margin not proven in {}; {}, {:.3} s",
                crate::input::show_duration(self.fallback.solver_time()),
                Fallback::describe(&r),
                started.elapsed().as_secs_f64()
            )),
        })
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        // Margins are not win/draw/loss scores: the match runner and tree exports get
        // alpha-beta's view within the time per move.
        self.fallback.analyze(state, Instant::now())
    }

    /// Each move's exact margin for the player to move, best first.
    fn hint(&mut self, state: &G) -> Result<Hint<G::Move>, SearchError> {
        let mover = state.to_move();
        let mut moves = Vec::new();
        for mv in state.legal_move_list() {
            let mut child = state.clone();
            child.play(mv);
            let margin = match child.margin().filter(|_| child.outcome().is_over()) {
                Some(m) => Some(m),
                None => self.solver.solve(&child)?.margin,
            };
            moves.push((mv, margin.map(|m| margin_for_mover(m, mover))));
        }
        moves.sort_by_key(|&(_, m)| core::cmp::Reverse(m.unwrap_or(i32::MIN)));
        Ok(Hint {
            moves: moves
                .into_iter()
                .map(|(mv, m)| {
                    let text = m.map_or_else(
                        || "not proved in time".to_string(),
                        |m| format!("margin {m:+} (exact)"),
                    );
                    (mv, text)
                })
                .collect(),
            note: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
