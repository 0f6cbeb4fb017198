//! The two-player games without dice, as `ply` shows them: [`Playable`], what the terminal
//! needs from a game beyond its rules, its implementation for tic-tac-toe, Connect Four,
//! Reversi, Dots and Boxes and Kalah, and their notation at the prompt ([`Board`]). Their
//! engines are in `crate::ai::two_player`.

use std::fmt::Display;

use games::reversi::{Move as ReversiMove, Weights};
use games::{ConnectFour, DotsAndBoxes, Kalah, OpenLines, Reversi, ThreatEvaluator, TicTacToe};
use search_core::{Evaluator, Game, GameHash, Player};

use crate::ai::margin_for_mover;

/// What the terminal needs from a game beyond [`GameHash`]. Every number a person types
/// or reads for a move counts from 1 (cells, columns, lines, pits).
pub(crate) trait Playable:
    GameHash<Move: Send + Sync> + PartialEq + Display + Send + Sync + 'static
{
    /// The game's name.
    const NAME: &'static str;
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;
    /// Random plies before each pair of games of a match unless `--opening-plies` says,
    /// and why when it is 0.
    const OPENING: (u32, &'static str) = (2, "");
    /// The board's size and rules when the game has several, for headings (empty when it
    /// has one).
    fn variant(&self) -> String {
        String::new()
    }
    /// Reads what a person typed as a legal move, or explains what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
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
    /// [`MarginSolver`](adversarial::MarginSolver), which proves the exact margin.
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

/// The notation of a [`Playable`] game at the prompt: moves as `ply` reads them, the board
/// with the numbers to type, players X and O. The board is drawn with the whole game from
/// `origin` (the moves `before` the prompt's start, then those played at it), for pictures
/// that need it (who closed which box).
pub(crate) struct Board<G: Playable> {
    /// The board before any move.
    pub origin: G,
    /// The moves from `origin` to the position the prompt starts from.
    pub before: Vec<G::Move>,
}

impl<G: Playable> play::Notation<G> for Board<G> {
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String> {
        state.parse_move(&text.to_lowercase())
    }

    fn move_text(&self, _: &G, mv: G::Move) -> String {
        G::move_text(mv)
    }

    fn position_text(&self, state: &G, moves: &[G::Move], _: Option<usize>) -> String {
        let mut all = self.before.clone();
        all.extend_from_slice(moves);
        state.board_with_history(&self.origin, &all)
    }

    fn player_name(&self, seat: usize) -> String {
        if seat == 0 { "X" } else { "O" }.to_string()
    }

    fn move_help(&self, _: &G, _: &[G::Move]) -> String {
        G::MOVE_HELP.to_string()
    }
}

/// Reads a 1-based number between 1 and `count` for a move the prompt calls `what` (a cell,
/// a line, a pit): its 0-based index.
fn one_based(text: &str, what: &str, count: usize) -> Result<usize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("type a {what} 1-{count}"))?;
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
    const OPENING: (u32, &'static str) = (
        0,
        " in tic-tac-toe, where 2 random plies hand X a won game in 48 of the 72 openings",
    );

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

    fn variant(&self) -> String {
        let (rows, cols) = self.size();
        format!("{rows} x {cols} boxes")
    }

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

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
    }

    /// The boxes ahead, from the mover's side.
    fn evaluate(&self) -> i32 {
        let [x, o] = self.boxes();
        margin_for_mover(i32::from(x) - i32::from(o), self.to_move())
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
                        Some(p) => mark(p),
                        None => '#',
                    }
                } else {
                    ' '
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

/// A player's mark on the board and in messages: X moves first.
pub(crate) fn mark(p: Player) -> char {
    if p == Player::First { 'X' } else { 'O' }
}

impl Playable for Kalah {
    const NAME: &'static str = "Kalah";
    const MOVE_HELP: &'static str = "a pit number (your pits are numbered on your side)";
    const MARGIN: bool = true;

    /// The board and the capture rule played (`--kalah-rules`).
    fn variant(&self) -> String {
        let stones = self.stones(Player::First, 0);
        let plural = if stones == 1 { "stone" } else { "stones" };
        format!(
            "{} pits of {stones} {plural}, {}",
            self.pits(),
            self.rules()
        )
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let pit = one_based(text, "pit", self.pits())?;
        if self.stones(self.to_move(), pit) == 0 {
            return Err(format!("pit {} is empty: choose one with stones", pit + 1));
        }
        Ok(pit as u8)
    }

    fn move_text(mv: u8) -> String {
        (mv + 1).to_string()
    }

    /// The stones ahead in the stores, from the mover's side.
    fn evaluate(&self) -> i32 {
        let [x, o] = self.stores();
        margin_for_mover(i32::from(x) - i32::from(o), self.to_move())
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
