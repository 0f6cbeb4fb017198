//! Reversi (Othello) on a 6 × 6 board: a complete "your own game" example.
//!
//! It is written the way you would write your own game in your own crate: implement
//! `search_core::Game`, add the optional hooks that pay for themselves, write an evaluator
//! as a weighted sum of features, test it with the conformance checker, and play it.
//! Reversi exercises what tic-tac-toe and Connect Four do not: a **pass** is a real move
//! (the turn changes when a player cannot place a disc), every placement **captures** by
//! flipping discs in up to eight directions, and the move type is an enum rather than a
//! cell index. `docs/guide-your-own-game.md` walks through this file.
//!
//! ```text
//! cargo run --release -p games --example reversi                    # you against the greedy AI
//! cargo run --release -p games --example reversi -- human greedy    # you are X and move first
//! cargo run --release -p games --example reversi -- random human    # the random AI moves first
//! cargo run --release -p games --example reversi -- greedy random   # watch AI against AI
//! cargo run --release -p games --example reversi -- greedy random --games 200   # a match
//! cargo run --release -p games --example reversi -- greedy material --games 400 # which evaluator?
//! cargo test -p games --example reversi                             # rules, perft, conformance
//! ```
//! Options: `--seed N` seeds the AIs (and the match), `--opening-plies K` sets the random
//! opening of each pair of match games (default 4). Two measurements run alone:
//! `--perft D` counts and times the move sequences of `D` plies from the start, and
//! `--hooks D` prints what the transposition table and the move-ordering hints save
//! alpha-beta at depth `D` (the tables of `docs/guide-your-own-game.md`). Moves are typed as a column letter and
//! a row number (`c4`), or `pass`; `moves` lists the legal moves, `quit` (or end of input)
//! stops.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

use adversarial::{MoveOrdering, Negamax, TranspositionTable};
use mcts::Mcts;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use search_core::arena::Arena;
use search_core::{
    Budget, Evaluator, Game, GameHash, Outcome, Player, RandomMover, SearchError, Strategy,
};
use thiserror::Error;

// ---------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------

/// Squares per side.
const SIZE: u8 = 6;
/// Squares on the board.
const SQUARES: u8 = SIZE * SIZE;
/// All 36 squares: bit `row * 6 + col`, row 0 at the top, column 0 ("a") at the left.
const FULL: u64 = (1 << SQUARES) - 1;
/// Every square except column "a" / column "f": a shift that lands there has wrapped
/// around a row's end.
const NOT_COL_A: u64 = FULL & !0b000001_000001_000001_000001_000001_000001;
const NOT_COL_F: u64 = FULL & !0b100000_100000_100000_100000_100000_100000;
/// The four corners: a1, f1, a6, f6.
const CORNERS: u64 = 1 | 1 << 5 | 1 << 30 | 1 << 35;
/// The "X-squares", diagonally next to each corner, in the order of the corners above.
const X_SQUARES: [(u64, u64); 4] = [
    (1, 1 << 7),
    (1 << 5, 1 << 10),
    (1 << 30, 1 << 25),
    (1 << 35, 1 << 28),
];

/// A square: `row * 6 + col`, with `a1` = 0 at the top left and `f6` = 35.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Square(u8);

impl Square {
    fn new(row: u8, col: u8) -> Square {
        Square(row * SIZE + col)
    }
    fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = char::from(b'a' + self.0 % SIZE);
        write!(f, "{col}{}", self.0 / SIZE + 1)
    }
}

// ANCHOR: move
/// A Reversi move: a disc on a square, or a pass when the player has no placement but the
/// opponent has one. (Moves carry more than a cell index, so the type is an enum.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Move {
    Place(Square),
    Pass,
}
// ANCHOR_END: move

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why a typed move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
enum ParseMoveError {
    #[error("no move given: type a square like c4, or pass")]
    Empty,
    #[error("{0:?} is not a column: columns are the letters a to f")]
    BadColumn(char),
    #[error("{0:?} is not a row: rows are the numbers 1 to 6")]
    BadRow(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// `c4` (column letter, row number; any case, surrounding spaces ignored) or `pass`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let mut chars = s.chars();
        let c = chars.next().ok_or(ParseMoveError::Empty)?;
        let col = match c.to_ascii_lowercase() {
            l @ 'a'..='f' => l as u8 - b'a',
            _ => return Err(ParseMoveError::BadColumn(c)),
        };
        let rest = chars.as_str();
        let row = match rest.parse::<u8>() {
            Ok(r @ 1..=6) if !rest.starts_with('+') => r - 1,
            _ => return Err(ParseMoveError::BadRow(rest.to_string())),
        };
        Ok(Move::Place(Square::new(row, col)))
    }
}

// ANCHOR: state
/// A 6 × 6 Reversi position: one bitboard per player and the side to move.
/// `Player::First` is X (black, moves first), `Player::Second` is O (white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Reversi {
    discs: [u64; 2],
    to_move: Player,
}
// ANCHOR_END: state

// ANCHOR: rules
/// One step in each of the eight directions, with the wrap-around masked off.
fn shift(b: u64, dir: usize) -> u64 {
    match dir {
        0 => (b << 1) & NOT_COL_A,        // east
        1 => (b >> 1) & NOT_COL_F,        // west
        2 => (b << 6) & FULL,             // south
        3 => b >> 6,                      // north
        4 => (b << 7) & NOT_COL_A,        // south-east
        5 => (b << 5) & NOT_COL_F & FULL, // south-west
        6 => (b >> 5) & NOT_COL_A,        // north-east
        _ => (b >> 7) & NOT_COL_F,        // north-west
    }
}

/// The squares where the owner of `own` may place a disc against `opp`.
fn placements(own: u64, opp: u64) -> u64 {
    let empty = FULL & !(own | opp);
    let mut moves = 0;
    for dir in 0..8 {
        // A run of opponent discs next to one of ours, at most four long on a 6-wide board.
        let mut run = shift(own, dir) & opp;
        for _ in 0..3 {
            run |= shift(run, dir) & opp;
        }
        moves |= shift(run, dir) & empty;
    }
    moves
}

/// The opponent discs flipped by placing on `square`.
fn flips(own: u64, opp: u64, square: u64) -> u64 {
    let mut flipped = 0;
    for dir in 0..8 {
        let mut run = shift(square, dir) & opp;
        for _ in 0..3 {
            run |= shift(run, dir) & opp;
        }
        if shift(run, dir) & own != 0 {
            flipped |= run;
        }
    }
    flipped
}
// ANCHOR_END: rules

impl Reversi {
    /// The start position: c3 and d4 white, d3 and c4 black, black (X) to move.
    fn new() -> Reversi {
        let (c3, d3) = (Square::new(2, 2).bit(), Square::new(2, 3).bit());
        let (c4, d4) = (Square::new(3, 2).bit(), Square::new(3, 3).bit());
        Reversi {
            discs: [d3 | c4, c3 | d4],
            to_move: Player::First,
        }
    }

    /// The discs of the side to move and of its opponent.
    fn own_opp(&self) -> (u64, u64) {
        let me = self.to_move.index();
        (self.discs[me], self.discs[1 - me])
    }

    /// The number of discs `player` has on the board.
    fn count(&self, player: Player) -> u32 {
        self.discs[player.index()].count_ones()
    }
}

// ANCHOR: game
impl Game for Reversi {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let (own, opp) = self.own_opp();
        let mut mine = placements(own, opp);
        if mine == 0 {
            // No placement: pass if the opponent can go on, else the game is over.
            if placements(opp, own) != 0 {
                moves.push(Move::Pass);
            }
            return;
        }
        while mine != 0 {
            moves.push(Move::Place(Square(mine.trailing_zeros() as u8)));
            mine &= mine - 1;
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Place(square) = mv {
            let (own, opp) = self.own_opp();
            let flipped = flips(own, opp, square.bit());
            let me = self.to_move.index();
            self.discs[me] = own | flipped | square.bit();
            self.discs[1 - me] = opp & !flipped;
        }
        self.to_move = self.to_move.opponent();
    }

    fn outcome(&self) -> Outcome {
        let (own, opp) = self.own_opp();
        if placements(own, opp) != 0 || placements(opp, own) != 0 {
            return Outcome::Ongoing;
        }
        let (x, o) = (self.count(Player::First), self.count(Player::Second));
        match x.cmp(&o) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
    // ANCHOR_END: game

    // ANCHOR: hooks
    /// Counting the moves is a popcount: perft counts its last ply with it.
    const HAS_MOVE_COUNT: bool = true;

    fn legal_move_count(&self) -> usize {
        let (own, opp) = self.own_opp();
        match placements(own, opp).count_ones() {
            0 => usize::from(placements(opp, own) != 0),
            n => n as usize,
        }
    }

    /// Each placement fills a square and a pass is always followed by a placement, so with
    /// `e` empty squares at most `2e − 1` plies remain (`2e` if the side to move must pass).
    fn remaining_plies_bound(&self) -> Option<u32> {
        let (own, opp) = self.own_opp();
        let empty = (FULL & !(own | opp)).count_ones();
        Some(if placements(own, opp) != 0 {
            2 * empty - 1
        } else if placements(opp, own) != 0 {
            2 * empty
        } else {
            0
        })
    }

    /// Corners first, squares next to an empty corner last.
    fn move_order_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Pass => 0,
            Move::Place(sq) => SQUARE_HINT[usize::from(sq.0)],
        }
    }
    // ANCHOR_END: hooks
}

/// Ordering hints per square: corners, edges, then the rest; the squares that hand a
/// corner to the opponent last.
#[rustfmt::skip]
const SQUARE_HINT: [i32; 36] = [
    100, -20,  10,  10, -20, 100,
    -20, -50,  -2,  -2, -50, -20,
     10,  -2,   0,   0,  -2,  10,
     10,  -2,   0,   0,  -2,  10,
    -20, -50,  -2,  -2, -50, -20,
    100, -20,  10,  10, -20, 100,
];

// ANCHOR: hash
/// Each row of six squares as a base-3 number (0 empty, 1 X, 2 O) is below 3^6 = 729, so
/// the whole board is a 36-digit base-3 number below 3^36 ≈ 1.5e17, and the side to move
/// one more digit: the key is a bijection onto 0..2·3^36, which fits in a `u64`.
impl GameHash for Reversi {
    const KEY_IS_EXACT: bool = true;

    fn hash_key(&self) -> u64 {
        let [x, o] = self.discs;
        let mut key = 0u64;
        for row in (0..SIZE).rev() {
            let shift = row * SIZE;
            let xr = ((x >> shift) & 0b111111) as usize;
            let or = ((o >> shift) & 0b111111) as usize;
            key = key * 729 + u64::from(BASE3[xr]) + 2 * u64::from(BASE3[or]);
        }
        key + self.to_move.index() as u64 * 729u64.pow(6)
    }
}

/// `BASE3[bits]` reads a 6-bit row mask as base-3 digits 0/1: Σ 3^i over the set bits.
const BASE3: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut bits = 0;
    while bits < 64 {
        let (mut i, mut power, mut value) = (0, 1u16, 0u16);
        while i < 6 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};
// ANCHOR_END: hash

impl fmt::Display for Reversi {
    /// The board with coordinates, then whose turn it is and the disc count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "   a b c d e f")?;
        for row in 0..SIZE {
            write!(f, " {}", row + 1)?;
            for col in 0..SIZE {
                let bit = Square::new(row, col).bit();
                let c = if self.discs[0] & bit != 0 {
                    'X'
                } else if self.discs[1] & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "X {} - O {}, {} to move",
            self.count(Player::First),
            self.count(Player::Second),
            mark(self.to_move)
        )
    }
}

/// `X` for the first player, `O` for the second.
fn mark(player: Player) -> char {
    match player {
        Player::First => 'X',
        Player::Second => 'O',
    }
}

// ---------------------------------------------------------------------------------------
// The evaluator: a weighted sum of features
// ---------------------------------------------------------------------------------------

// ANCHOR: evaluator
/// A weighted sum of features, each counted as "mine minus yours" from the side to move,
/// so that the value for one side is exactly the negation of the value for the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Weights {
    /// Per disc on the board (material).
    discs: i32,
    /// Per legal placement (mobility).
    mobility: i32,
    /// Per corner held.
    corners: i32,
    /// Per disc on a square diagonally next to an empty corner (it gives the corner away).
    x_squares: i32,
}

impl Weights {
    /// Corners matter most and early disc count matters little, as Reversi players learn.
    const DEFAULT: Weights = Weights {
        discs: 1,
        mobility: 5,
        corners: 30,
        x_squares: -15,
    };

    /// Material only: the naive "more discs is better".
    const MATERIAL: Weights = Weights {
        discs: 1,
        mobility: 0,
        corners: 0,
        x_squares: 0,
    };

    /// The features of `own` against `opp`: discs, mobility, corners, risky X-squares.
    fn features(own: u64, opp: u64) -> [i32; 4] {
        let empty = FULL & !(own | opp);
        let x_risk = X_SQUARES
            .iter()
            .filter(|&&(corner, x)| corner & empty != 0 && own & x != 0)
            .count();
        [
            own.count_ones() as i32,
            placements(own, opp).count_ones() as i32,
            (own & CORNERS).count_ones() as i32,
            x_risk as i32,
        ]
    }
}

impl Evaluator<Reversi> for Weights {
    fn evaluate(&self, state: &Reversi) -> i32 {
        let (own, opp) = state.own_opp();
        let weights = [self.discs, self.mobility, self.corners, self.x_squares];
        let mine = Weights::features(own, opp);
        let yours = Weights::features(opp, own);
        (0..4).map(|i| weights[i] * (mine[i] - yours[i])).sum()
    }
}
// ANCHOR_END: evaluator

// ---------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------

/// Looks one ply ahead: plays the move after which the evaluator likes the position best
/// (a won game best of all, a lost one worst), breaking ties at random from its seed.
#[derive(Clone, Debug)]
struct Greedy {
    weights: Weights,
    rng: SmallRng,
    name: &'static str,
}

impl Greedy {
    fn new(weights: Weights, seed: u64, name: &'static str) -> Greedy {
        Greedy {
            weights,
            rng: SmallRng::seed_from_u64(seed),
            name,
        }
    }
}

impl Strategy<Reversi> for Greedy {
    fn choose_move(&mut self, state: &Reversi) -> Result<Move, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let me = state.to_move();
        let mut best = Vec::new();
        let mut best_value = i32::MIN;
        for mv in state.legal_move_list() {
            let mut child = *state;
            child.play(mv);
            let value = match child.outcome().value_for(me) {
                Some(result) => result * 1_000_000,
                // The child's side to move is the opponent: negate its view.
                None => -self.weights.evaluate(&child),
            };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        if best.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        Ok(best[self.rng.gen_range(0..best.len())])
    }

    fn name(&self) -> String {
        self.name.to_string()
    }
}

// ANCHOR: engines
/// The AIs this example can play with. Adding an engine is one variant here, one line in
/// `build`, one in `FromStr` and one per method of the `Strategy` impl.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum AiKind {
    Random,
    Greedy,
    Material,
    AlphaBeta,
    Mcts,
}

/// A built AI: every variant is a `Strategy<Reversi>`.
enum Ai {
    Random(RandomMover),
    Greedy(Greedy),
    AlphaBeta(Box<Negamax<Weights, TranspositionTable>>),
    Mcts(Box<Mcts<Reversi>>),
    /// An engine that could not be built: it answers every move with this error.
    Unavailable(String),
}

/// How deep alpha-beta looks, and how many playouts MCTS runs, per move.
const ALPHA_BETA_DEPTH: u32 = 8;
const MCTS_ITERATIONS: u64 = 20_000;
/// The alpha-beta engine's transposition table (one per engine).
const TABLE_MEGABYTES: usize = 4;

impl AiKind {
    const NAMES: &'static str = "random, greedy, material, alphabeta, mcts";

    fn build(self, seed: u64) -> Ai {
        match self {
            AiKind::Random => Ai::Random(RandomMover::new(seed)),
            AiKind::Greedy => Ai::Greedy(Greedy::new(Weights::DEFAULT, seed, "greedy")),
            AiKind::Material => Ai::Greedy(Greedy::new(Weights::MATERIAL, seed, "material")),
            AiKind::AlphaBeta => match TranspositionTable::with_megabytes(TABLE_MEGABYTES) {
                Ok(table) => Ai::AlphaBeta(Box::new(
                    Negamax::new(Weights::DEFAULT)
                        .with_table(table)
                        .random_ties(seed)
                        .with_budget(Budget::depth(ALPHA_BETA_DEPTH)),
                )),
                Err(e) => Ai::Unavailable(e.to_string()),
            },
            AiKind::Mcts => Ai::Mcts(Box::new(
                Mcts::new(seed).with_budget(Budget::iterations(MCTS_ITERATIONS)),
            )),
        }
    }
}

impl FromStr for AiKind {
    type Err = String;
    fn from_str(s: &str) -> Result<AiKind, String> {
        match s {
            "random" => Ok(AiKind::Random),
            "greedy" => Ok(AiKind::Greedy),
            "material" => Ok(AiKind::Material),
            "alphabeta" => Ok(AiKind::AlphaBeta),
            "mcts" => Ok(AiKind::Mcts),
            other => Err(format!(
                "unknown player {other:?}: use human or one of {}",
                AiKind::NAMES
            )),
        }
    }
}

impl Strategy<Reversi> for Ai {
    fn choose_move(&mut self, state: &Reversi) -> Result<Move, SearchError> {
        match self {
            Ai::Random(p) => p.choose_move(state),
            Ai::Greedy(p) => p.choose_move(state),
            Ai::AlphaBeta(p) => p.choose_move(state),
            Ai::Mcts(p) => p.choose_move(state),
            Ai::Unavailable(why) => Err(SearchError::Config(why.clone())),
        }
    }

    fn observe_move(&mut self, before: &Reversi, mv: Move) {
        match self {
            Ai::Random(p) => Strategy::<Reversi>::observe_move(p, before, mv),
            Ai::Greedy(p) => p.observe_move(before, mv),
            Ai::AlphaBeta(p) => p.observe_move(before, mv),
            Ai::Mcts(p) => p.observe_move(before, mv),
            Ai::Unavailable(_) => {}
        }
    }

    fn name(&self) -> String {
        match self {
            Ai::Random(p) => Strategy::<Reversi>::name(p),
            Ai::Greedy(p) => p.name(),
            Ai::AlphaBeta(_) => format!("alphabeta(depth {ALPHA_BETA_DEPTH})"),
            Ai::Mcts(_) => format!("mcts({MCTS_ITERATIONS} playouts)"),
            Ai::Unavailable(_) => "unavailable".to_string(),
        }
    }
}
// ANCHOR_END: engines

// ---------------------------------------------------------------------------------------
// The terminal game
// ---------------------------------------------------------------------------------------

/// Who sits on one side of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Seat {
    Human,
    Ai(AiKind),
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        if s == "human" {
            Ok(Seat::Human)
        } else {
            s.parse().map(Seat::Ai)
        }
    }
}

/// How a game in the terminal ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ending {
    /// Played to the end.
    Over,
    /// The human typed `quit` or the input ended.
    Stopped,
}

/// Reads one line; `None` at end of input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    Ok((input.read_line(&mut line)? > 0).then_some(line))
}

/// The legal moves, space-separated.
fn list_moves(state: &Reversi) -> String {
    let moves: Vec<String> = state
        .legal_move_list()
        .iter()
        .map(Move::to_string)
        .collect();
    moves.join(" ")
}

/// Asks the human at the keyboard for a legal move until one is typed; `None` on `quit` or
/// at end of input.
fn ask_move(
    state: &Reversi,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Option<Move>> {
    loop {
        write!(
            out,
            "{} to move (e.g. {}; 'moves', 'quit'): ",
            mark(state.to_move()),
            state
                .legal_move_list()
                .first()
                .map_or(String::new(), Move::to_string)
        )?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nend of input: stopping the game")?;
            return Ok(None);
        };
        match line.trim() {
            "quit" | "exit" => return Ok(None),
            "moves" | "help" | "?" => {
                writeln!(out, "legal moves: {}", list_moves(state))?;
                continue;
            }
            _ => {}
        }
        let mv = match line.parse::<Move>() {
            Ok(mv) => mv,
            Err(e) => {
                writeln!(out, "{e}")?;
                continue;
            }
        };
        let mut next = *state;
        match next.try_play(mv) {
            Ok(()) => return Ok(Some(mv)),
            Err(_) => writeln!(
                out,
                "{mv} is not legal here; legal moves: {}",
                list_moves(state)
            )?,
        }
    }
}

/// Plays one game in the terminal between two seats, reading human moves from `input`.
fn play_game(
    seats: [Seat; 2],
    seed: u64,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Ending> {
    let mut ais: [Option<Ai>; 2] = [0, 1].map(|i| match seats[i] {
        Seat::Ai(kind) => Some(kind.build(seed.wrapping_add(i as u64))),
        Seat::Human => None,
    });
    let mut state = Reversi::new();
    loop {
        writeln!(out, "\n{state}")?;
        match state.outcome() {
            Outcome::Ongoing => {}
            Outcome::Win(p) => {
                writeln!(out, "game over: {} wins", mark(p))?;
                return Ok(Ending::Over);
            }
            Outcome::Draw => {
                writeln!(out, "game over: draw")?;
                return Ok(Ending::Over);
            }
        }
        let side = state.to_move().index();
        let mv = match &mut ais[side] {
            Some(ai) => match ai.choose_move(&state) {
                Ok(mv) => {
                    writeln!(out, "{} ({}) plays {mv}", mark(state.to_move()), ai.name())?;
                    mv
                }
                Err(e) => {
                    writeln!(out, "the AI could not move: {e}")?;
                    return Ok(Ending::Stopped);
                }
            },
            None => match ask_move(&state, input, out)? {
                Some(mv) => mv,
                None => return Ok(Ending::Stopped),
            },
        };
        for ai in ais.iter_mut().flatten() {
            ai.observe_move(&state, mv);
        }
        state.play(mv);
    }
}

const USAGE: &str = "usage: reversi [BLACK WHITE] [--games N] [--seed N] [--opening-plies K]
       reversi --perft D | --hooks D
  BLACK, WHITE: human, random, greedy, material, alphabeta or mcts (BLACK = X moves first);
    greedy and material look one move ahead with the full evaluator / disc count only;
    alphabeta searches 8 plies with the full evaluator; mcts runs 20000 playouts a move
  no players: you against the greedy AI, asked who starts
  --games N with two AIs: play an N-game match and print the score
  --perft D: count the move sequences of D plies from the start, and time it
  --hooks D: alpha-beta node counts at depth D with and without the table and hints";

/// The parsed command line.
#[derive(Debug)]
struct Options {
    seats: Option<[Seat; 2]>,
    games: Option<u32>,
    seed: u64,
    opening_plies: u32,
    /// `--perft D`: count move sequences to depth D and time it.
    perft: Option<u32>,
    /// `--hooks D`: measure what the table and the ordering hints save alpha-beta at depth D.
    hooks: Option<u32>,
}

/// The largest depths `--perft` and `--hooks` accept (deeper runs take hours).
const MAX_PERFT_DEPTH: u32 = 14;
const MAX_HOOKS_DEPTH: u32 = 14;

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut seats = Vec::new();
    let mut options = Options {
        seats: None,
        games: None,
        seed: 1,
        opening_plies: 4,
        perft: None,
        hooks: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let value = it.next().ok_or(format!("{name} needs a number"))?;
            value
                .parse()
                .map_err(|_| format!("{name} needs a whole number, not {value:?}"))
        };
        match arg.as_str() {
            "--games" => {
                let n = number("--games")?;
                options.games = Some(
                    u32::try_from(n)
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or("--games must be from 1 to 4294967295")?,
                );
            }
            "--seed" => options.seed = number("--seed")?,
            "--opening-plies" => {
                options.opening_plies =
                    u32::try_from(number("--opening-plies")?).map_err(|e| e.to_string())?;
            }
            "--perft" => {
                let d = number("--perft")?;
                options.perft = Some(depth_in(d, MAX_PERFT_DEPTH, "--perft")?);
            }
            "--hooks" => {
                let d = number("--hooks")?;
                options.hooks = Some(depth_in(d, MAX_HOOKS_DEPTH, "--hooks")?);
            }
            "-h" | "--help" => return Err(String::new()),
            seat => seats.push(seat.parse::<Seat>()?),
        }
    }
    options.seats = match seats.as_slice() {
        [] => None,
        &[black, white] => Some([black, white]),
        _ => return Err("give two players (BLACK WHITE) or none".to_string()),
    };
    if options.games.is_some() && !matches!(options.seats, Some([Seat::Ai(_), Seat::Ai(_)])) {
        return Err("--games needs two AI players, e.g. greedy random".to_string());
    }
    let measuring = options.perft.is_some() || options.hooks.is_some();
    if measuring && (options.seats.is_some() || options.perft.is_some() == options.hooks.is_some())
    {
        return Err("--perft and --hooks run alone, without players".to_string());
    }
    Ok(options)
}

/// `value` as a depth from 1 to `max`.
fn depth_in(value: u64, max: u32, name: &str) -> Result<u32, String> {
    u32::try_from(value)
        .ok()
        .filter(|d| (1..=max).contains(d))
        .ok_or(format!("{name} takes a depth from 1 to {max}, not {value}"))
}

/// Counts the move sequences of `depth` plies from the start and prints the time.
fn run_perft(depth: u32, out: &mut impl Write) -> io::Result<()> {
    let start = Instant::now();
    let count = games::perft(&Reversi::new(), depth);
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "perft({depth}) = {count} in {secs:.3} s")
}

/// Searches 40 seeded middle-game positions to `depth` with alpha-beta, with and without
/// the transposition table and each source of move ordering, and prints the nodes and time
/// of each configuration (and whether it found the same values as the first). Every search
/// gets a fresh table, so no configuration profits from another's work.
fn run_hooks(depth: u32, out: &mut impl Write) -> io::Result<()> {
    let mut rng = SmallRng::seed_from_u64(77);
    let mut positions = Vec::new();
    while positions.len() < 40 {
        let mut s = Reversi::new();
        for _ in 0..rng.gen_range(6..14) {
            let moves = s.legal_move_list();
            if moves.is_empty() {
                break;
            }
            s.play(moves[rng.gen_range(0..moves.len())]);
        }
        if !s.outcome().is_over() {
            positions.push(s);
        }
    }
    // A fresh table per search: 16 MiB for the deep searches, 1 MiB for shallow ones.
    let table_megabytes = if depth >= 8 { 16 } else { 1 };
    let none = MoveOrdering::none();
    let configs = [
        ("no", "none", none, false),
        ("yes", "none", none, true),
        (
            "yes",
            "hints only",
            MoveOrdering {
                hints: true,
                ..none
            },
            true,
        ),
        (
            "yes",
            "table move only",
            MoveOrdering {
                table_move: true,
                ..none
            },
            true,
        ),
        (
            "yes",
            "table move + hints",
            MoveOrdering::table_and_hints(),
            true,
        ),
        (
            "yes",
            "table move, killers, history",
            MoveOrdering {
                hints: false,
                ..MoveOrdering::all()
            },
            true,
        ),
        ("yes", "all (the default)", MoveOrdering::all(), true),
        ("no", "all", MoveOrdering::all(), false),
    ];
    writeln!(out, "| table | ordering | nodes | time | same values |")?;
    writeln!(out, "|---|---|---:|---:|---|")?;
    let mut reference = Vec::new();
    for (table, ordering_name, ordering, with_table) in configs {
        let start = Instant::now();
        let mut nodes = 0;
        let mut values = Vec::new();
        for p in &positions {
            let budget = Budget::depth(depth);
            let engine = Negamax::new(Weights::DEFAULT).move_ordering(ordering);
            let result = if with_table {
                match TranspositionTable::with_megabytes(table_megabytes) {
                    Ok(t) => engine.with_table(t).search(p, &budget),
                    Err(e) => return Err(io::Error::other(e)),
                }
            } else {
                let mut engine = engine;
                engine.search(p, &budget)
            };
            let result = result.map_err(io::Error::other)?;
            nodes += result.stats.nodes;
            values.push(result.score);
        }
        let secs = start.elapsed().as_secs_f64();
        if reference.is_empty() {
            reference = values.clone();
        }
        let same = if values == reference { "yes" } else { "NO" };
        writeln!(
            out,
            "| {table} | {ordering_name} | {nodes} | {secs:.2} s | {same} |"
        )?;
    }
    Ok(())
}

/// Asks whether the human wants to move first; `None` at end of input.
fn ask_seats(input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Option<[Seat; 2]>> {
    let ai = Seat::Ai(AiKind::Greedy);
    loop {
        write!(out, "Do you want to move first (you are X)? [y/n] ")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nend of input: no game played")?;
            return Ok(None);
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Ok(Some([Seat::Human, ai])),
            "n" | "no" => return Ok(Some([ai, Seat::Human])),
            other => writeln!(out, "please answer y or n, not {other:?}")?,
        }
    }
}

/// The exit code for `result`: success, also when standard output was closed early
/// (`reversi greedy random | head`); otherwise `what` and the error on standard error.
fn finish(result: io::Result<()>, what: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{what}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let measured = match (options.perft, options.hooks) {
        (Some(depth), _) => Some(run_perft(depth, &mut out)),
        (_, Some(depth)) => Some(run_hooks(depth, &mut out)),
        _ => None,
    };
    if let Some(done) = measured {
        return finish(done, "the measurement failed");
    }
    if let (Some(games), Some([Seat::Ai(a), Seat::Ai(b)])) = (options.games, options.seats) {
        let arena = Arena::new(Reversi::new())
            .games(games)
            .seed(options.seed)
            .opening_plies(options.opening_plies);
        return match arena.run(|seed| a.build(seed), |seed| b.build(seed)) {
            Ok(report) => finish(writeln!(out, "{report}"), "cannot print the result"),
            Err(e) => {
                eprintln!("the match failed: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let seats = match options.seats {
        Some(seats) => seats,
        None => match ask_seats(&mut input, &mut out) {
            Ok(Some(seats)) => seats,
            Ok(None) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("cannot read the terminal: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    finish(
        play_game(seats, options.seed, &mut input, &mut out).map(|_| ()),
        "cannot use the terminal",
    )
}

// ---------------------------------------------------------------------------------------
// Tests: `cargo test -p games --example reversi`
// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use games::perft;
    use search_core::testing::Conformance;

    /// A position from six rows of `X`, `O` and `.` (spaces ignored), with `to_move`.
    fn board(rows: &str, to_move: Player) -> Reversi {
        let cells: Vec<char> = rows.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), 36, "a board has 36 cells: {rows}");
        let mut discs = [0u64; 2];
        for (i, c) in cells.iter().enumerate() {
            match c {
                'X' => discs[0] |= 1 << i,
                'O' => discs[1] |= 1 << i,
                '.' => {}
                other => panic!("bad cell {other:?}"),
            }
        }
        Reversi { discs, to_move }
    }

    fn place(name: &str) -> Move {
        name.parse().unwrap()
    }

    // ANCHOR: conformance
    #[test]
    fn reversi_passes_the_conformance_checker() {
        let report = Conformance::new()
            .games(300)
            .seed(6)
            .check_hashed(&Reversi::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.games, 300);
        assert!(report.longest_game <= 63);
        assert!(report.transpositions > 0);
    }
    // ANCHOR_END: conformance

    // ANCHOR: evaluator_properties
    /// The evaluator is symmetric, as negamax needs (passing the turn negates it), and
    /// alpha-beta with every option returns plain minimax's value, on random positions.
    #[test]
    fn the_evaluator_passes_the_property_checks() {
        use adversarial::testing::{check_matches_minimax, check_symmetric};
        use proptest::prelude::*;
        use search_core::testing::ongoing_state;

        let pass_the_turn = |s: &Reversi| Reversi {
            discs: s.discs,
            to_move: s.to_move.opponent(),
        };
        let config = ProptestConfig::with_cases(48);
        proptest!(config, |(s in ongoing_state(Reversi::new(), 40))| {
            let r = check_symmetric(&Weights::DEFAULT, &s, pass_the_turn);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            let r = check_matches_minimax(&Weights::DEFAULT, &s, 3);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        });
    }
    // ANCHOR_END: evaluator_properties

    /// The property check catches an evaluator that counts the first player's discs,
    /// whoever is to move.
    #[test]
    fn the_symmetry_check_catches_a_fixed_point_of_view() {
        use adversarial::testing::check_symmetric;
        let black_view =
            |s: &Reversi| s.discs[0].count_ones() as i32 - s.discs[1].count_ones() as i32;
        let pass_the_turn = |s: &Reversi| Reversi {
            discs: s.discs,
            to_move: s.to_move.opponent(),
        };
        let mut s = Reversi::new();
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        s.play(moves[0]);
        let err = check_symmetric(&black_view, &s, pass_the_turn).unwrap_err();
        assert!(err.to_string().contains("negamax symmetry"), "{err}");
    }

    /// An independent, slow reference: cells in an array, each direction walked square by
    /// square with row/column coordinates (no bitboards, no shifts, no masks).
    #[derive(Clone)]
    struct Slow {
        cells: [[Option<Player>; 6]; 6],
        to_move: Player,
    }

    const DIRS: [(i32, i32); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];

    impl Slow {
        fn from(r: &Reversi) -> Slow {
            let mut cells = [[None; 6]; 6];
            for (row, line) in cells.iter_mut().enumerate() {
                for (col, cell) in line.iter_mut().enumerate() {
                    let bit = 1u64 << (row * 6 + col);
                    if r.discs[0] & bit != 0 {
                        *cell = Some(Player::First);
                    } else if r.discs[1] & bit != 0 {
                        *cell = Some(Player::Second);
                    }
                }
            }
            Slow {
                cells,
                to_move: r.to_move,
            }
        }

        fn at(&self, row: i32, col: i32) -> Option<Option<Player>> {
            if (0..6).contains(&row) && (0..6).contains(&col) {
                Some(self.cells[row as usize][col as usize])
            } else {
                None
            }
        }

        /// The squares flipped if `who` places at (row, col).
        fn flips(&self, who: Player, row: i32, col: i32) -> Vec<(i32, i32)> {
            let mut all = Vec::new();
            if self.cells[row as usize][col as usize].is_some() {
                return all;
            }
            for (dr, dc) in DIRS {
                let mut line = Vec::new();
                let (mut r, mut c) = (row + dr, col + dc);
                while self.at(r, c) == Some(Some(who.opponent())) {
                    line.push((r, c));
                    r += dr;
                    c += dc;
                }
                if !line.is_empty() && self.at(r, c) == Some(Some(who)) {
                    all.extend(line);
                }
            }
            all
        }

        fn placements(&self, who: Player) -> Vec<(i32, i32)> {
            let mut out = Vec::new();
            for row in 0..6 {
                for col in 0..6 {
                    if !self.flips(who, row, col).is_empty() {
                        out.push((row, col));
                    }
                }
            }
            out
        }

        /// Perft with passes as moves and no moves once neither side can place.
        fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mine = self.placements(self.to_move);
            if mine.is_empty() {
                if self.placements(self.to_move.opponent()).is_empty() {
                    return 0;
                }
                let mut next = self.clone();
                next.to_move = next.to_move.opponent();
                return next.perft(depth - 1);
            }
            let mut total = 0;
            for (row, col) in mine {
                let mut next = self.clone();
                for (r, c) in self.flips(self.to_move, row, col) {
                    next.cells[r as usize][c as usize] = Some(self.to_move);
                }
                next.cells[row as usize][col as usize] = Some(self.to_move);
                next.to_move = self.to_move.opponent();
                total += next.perft(depth - 1);
            }
            total
        }
    }

    #[test]
    fn perft_matches_an_independent_reference_and_published_counts() {
        let start = Reversi::new();
        let slow = Slow::from(&start);
        let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
        for (d, &count) in (1..=7).zip(&counts) {
            assert_eq!(count, slow.perft(d), "perft({d})");
        }
        // Within three plies no disc can reach beyond the 6 × 6 board's edge from the
        // centre, so the first counts equal the published 8 × 8 Othello perft: 4, 12, 56.
        assert_eq!(&counts[..3], &[4, 12, 56]);
        // Published 8 × 8 Othello perft(5) is 1,396; on 6 × 6 some of those sequences would
        // leave the board.
        assert!(counts[4] < 1_396, "{counts:?}");
    }

    #[test]
    fn perft_agrees_with_the_reference_from_random_midgame_positions() {
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut s = Reversi::new();
            for _ in 0..rng.gen_range(4..24) {
                let moves = s.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                s.play(moves[rng.gen_range(0..moves.len())]);
            }
            assert_eq!(perft(&s, 3), Slow::from(&s).perft(3), "\n{s}");
        }
    }

    #[test]
    fn a_player_without_placements_must_pass() {
        // X cannot place (west of d1 the O run reaches the edge); O can: e1 flips d1.
        let s = board(
            "O O O X . .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . .",
            Player::First,
        );
        let slow = Slow::from(&s);
        assert!(slow.placements(Player::First).is_empty());
        assert!(!slow.placements(Player::Second).is_empty());
        assert_eq!(s.legal_move_list(), vec![Move::Pass]);
        assert_eq!(s.legal_move_count(), 1);
        assert_eq!(s.outcome(), Outcome::Ongoing);
        let mut after = s;
        after.try_play(Move::Pass).unwrap();
        assert_eq!(after.discs, s.discs, "a pass changes no disc");
        assert_eq!(after.to_move, Player::Second);
        assert_eq!(after.legal_move_list(), vec![place("e1")]);
        // Passing is not allowed when a placement exists.
        let mut start = Reversi::new();
        assert!(start.try_play(Move::Pass).is_err());
    }

    #[test]
    fn the_game_ends_when_neither_side_can_place() {
        // Board not full, but no placement for anyone: O has 2 discs, X 1.
        let s = board(
            "O O . . . X
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . .",
            Player::First,
        );
        assert_eq!(s.outcome(), Outcome::Win(Player::Second));
        assert!(s.legal_move_list().is_empty());
        assert_eq!(s.remaining_plies_bound(), Some(0));
        // A full board with 18 discs each is a draw.
        let full = board(&"XO".repeat(18), Player::Second);
        assert_eq!(full.outcome(), Outcome::Draw);
    }

    #[test]
    fn one_placement_captures_in_all_eight_directions() {
        let s = board(
            "X . X . X .
             . O O O . .
             X O . O X .
             . O O O . .
             X . X . X .
             . . . . . .",
            Player::First,
        );
        let mut after = s;
        after.try_play(place("c3")).unwrap();
        let want = board(
            "X . X . X .
             . X X X . .
             X X X X X .
             . X X X . .
             X . X . X .
             . . . . . .",
            Player::Second,
        );
        assert_eq!(after, want, "\n{after}");
        assert_eq!(Slow::from(&s).flips(Player::First, 2, 2).len(), 8);
    }

    #[test]
    fn runs_do_not_wrap_around_the_board_edges() {
        // In bit order a3 follows f2 and f3 sits five bits after a3 (one "north-east" step):
        // without the edge masks, X could play e2 (east over f2 onto a3) or e4 (north-east
        // over f3 onto a3), and O could play b3 (west over a3 onto f2).
        let s = board(
            ". . . . . .
             . . . . . O
             X . . . . O
             . . . . . .
             . . . . . .
             . . . . . .",
            Player::First,
        );
        let slow = Slow::from(&s);
        assert!(slow.placements(Player::First).is_empty());
        assert!(slow.placements(Player::Second).is_empty());
        assert!(s.legal_move_list().is_empty(), "{:?}", s.legal_move_list());
        assert_eq!(s.outcome(), Outcome::Win(Player::Second));
    }

    #[test]
    fn captures_stop_at_gaps_and_need_an_own_disc_at_the_end() {
        let s = board(
            ". O O X . .
             . . . . . .
             . O . X . .
             . . . . . .
             . O O . . .
             . . . . . .",
            Player::First,
        );
        let moves = s.legal_move_list();
        assert!(moves.contains(&place("a1")), "a1 flips b1 and c1");
        assert!(
            !moves.contains(&place("a3")),
            "b3 then a gap: nothing to flip"
        );
        assert!(
            !moves.contains(&place("a5")),
            "b5, c5 then empty: nothing to flip"
        );
        let mut after = s;
        after.play(place("a1"));
        assert_eq!(after.count(Player::First), 5);
        assert_eq!(after.count(Player::Second), 3);
    }

    #[test]
    fn moves_parse_and_print_with_typed_errors() {
        for i in 0..36 {
            let mv = Move::Place(Square(i));
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        assert_eq!(" C4 ".parse::<Move>(), Ok(Move::Place(Square::new(3, 2))));
        assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert_eq!("g1".parse::<Move>(), Err(ParseMoveError::BadColumn('g')));
        assert_eq!("4c".parse::<Move>(), Err(ParseMoveError::BadColumn('4')));
        for bad in ["a", "a0", "a7", "a12", "a+1", "ab"] {
            assert!(
                matches!(bad.parse::<Move>(), Err(ParseMoveError::BadRow(_))),
                "{bad}"
            );
        }
        let text = Reversi::new().to_string();
        assert!(text.contains(" 3 . . O X . ."), "{text}");
        assert!(text.contains(" 4 . . X O . ."), "{text}");
        assert!(text.ends_with("X 2 - O 2, X to move"), "{text}");
    }

    #[test]
    fn the_key_tells_apart_the_side_to_move_and_every_cell() {
        let s = Reversi::new();
        let mut other = s;
        other.to_move = Player::Second;
        assert_ne!(s.hash_key(), other.hash_key());
        // Every single-disc board has its own key, X and O apart.
        let mut keys = std::collections::HashSet::new();
        for i in 0..36 {
            for who in 0..2 {
                let mut discs = [0; 2];
                discs[who] = 1 << i;
                assert!(
                    keys.insert(
                        Reversi {
                            discs,
                            to_move: Player::First
                        }
                        .hash_key()
                    )
                );
            }
        }
        let full_o = Reversi {
            discs: [0, FULL],
            to_move: Player::Second,
        };
        assert_eq!(full_o.hash_key(), 2 * 3u64.pow(36) - 1, "the largest key");
    }

    #[test]
    fn the_evaluator_is_antisymmetric() {
        let mut rng = SmallRng::seed_from_u64(11);
        for _ in 0..200 {
            let mut s = Reversi::new();
            for _ in 0..rng.gen_range(0..30) {
                let moves = s.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                s.play(moves[rng.gen_range(0..moves.len())]);
            }
            // The same discs seen by the other side: its value is the negation.
            let mut flipped = s;
            flipped.to_move = s.to_move.opponent();
            let w = Weights::DEFAULT;
            assert_eq!(w.evaluate(&flipped), -w.evaluate(&s), "\n{s}");
            // Swapping the colours of the discs as well gives back the same value.
            let swapped = Reversi {
                discs: [s.discs[1], s.discs[0]],
                to_move: flipped.to_move,
            };
            assert_eq!(w.evaluate(&swapped), w.evaluate(&s), "\n{s}");
        }
        // A corner is worth more to its owner than the centre discs.
        let corner = board(
            "X . . . . .
             . . . . . .
             . . O X . .
             . . X O . .
             . . . . . .
             . . . . . .",
            Player::First,
        );
        assert!(Weights::DEFAULT.evaluate(&corner) > Weights::DEFAULT.evaluate(&Reversi::new()));
    }

    #[test]
    fn greedy_beats_random_clearly() {
        let report = Arena::new(Reversi::new())
            .games(60)
            .seed(2)
            .opening_plies(2)
            .run(|s| AiKind::Greedy.build(s), |s| AiKind::Random.build(s))
            .unwrap();
        assert_eq!(report.tally.games(), 60);
        assert!(report.tally.score_interval().0 > 0.5, "{report}");
    }

    #[test]
    fn the_search_engines_beat_the_one_ply_player_and_random_play() {
        let report = Arena::new(Reversi::new())
            .games(8)
            .seed(4)
            .opening_plies(4)
            .run(|s| AiKind::AlphaBeta.build(s), |s| AiKind::Greedy.build(s))
            .unwrap();
        assert!(report.tally.score_interval().0 > 0.5, "{report}");
        assert!(report.name_a.starts_with("alphabeta"), "{report}");
        // A small MCTS (debug builds are slow) against random play.
        let report = Arena::new(Reversi::new())
            .games(10)
            .seed(4)
            .run(
                |s| Mcts::new(s).with_budget(Budget::iterations(1_000)),
                RandomMover::new,
            )
            .unwrap();
        assert!(report.tally.score_interval().0 > 0.5, "{report}");
    }

    #[test]
    fn an_engine_that_cannot_be_built_reports_an_error() {
        let mut ai = Ai::Unavailable("no memory for the table".into());
        let err = ai.choose_move(&Reversi::new()).unwrap_err();
        assert!(err.to_string().contains("no memory for the table"), "{err}");
        let e = Arena::new(Reversi::new())
            .games(2)
            .run(
                |_| Ai::Unavailable("broken".into()),
                |s| AiKind::Random.build(s),
            )
            .unwrap_err();
        assert!(e.to_string().contains("broken"), "{e}");
    }

    // ANCHOR: match
    /// Is the full evaluator better than counting discs? Only if the whole 95 % interval of
    /// its score lies above one half.
    #[test]
    fn the_full_evaluator_beats_counting_discs() {
        let report = Arena::new(Reversi::new())
            .games(100)
            .seed(3)
            .opening_plies(4)
            .run(|s| AiKind::Greedy.build(s), |s| AiKind::Material.build(s))
            .unwrap();
        assert!(report.tally.score_interval().0 > 0.5, "{report}");
    }
    // ANCHOR_END: match

    #[test]
    fn the_terminal_loop_reprompts_on_bad_input_and_stops_at_end_of_input() {
        let typed = "zz\ng9\nc3\nd2\nmoves\nc2\n";
        let mut out = Vec::new();
        let ending = play_game(
            [Seat::Human, Seat::Ai(AiKind::Greedy)],
            5,
            &mut typed.as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(ending, Ending::Stopped);
        assert!(text.contains("'z' is not a column"), "{text}");
        assert!(text.contains("'g' is not a column"), "{text}");
        assert!(
            text.contains("c3 is not legal here; legal moves: c2 b3 e4 d5"),
            "{text}"
        );
        assert!(text.contains("d2 is not legal here"), "{text}");
        assert!(
            text.contains("'quit'): legal moves: c2 b3 e4 d5\n"),
            "{text}"
        );
        assert!(text.contains("O (greedy) plays"), "{text}");
        assert!(text.contains("end of input"), "{text}");
    }

    #[test]
    fn the_first_question_reprompts_and_handles_end_of_input() {
        let mut out = Vec::new();
        let seats = ask_seats(&mut "maybe\nn\n".as_bytes(), &mut out).unwrap();
        assert_eq!(seats, Some([Seat::Ai(AiKind::Greedy), Seat::Human]));
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("please answer y or n, not \"maybe\""),
            "{text}"
        );
        let mut out = Vec::new();
        assert_eq!(ask_seats(&mut io::empty(), &mut out).unwrap(), None);
        assert!(String::from_utf8(out).unwrap().contains("end of input"));
    }

    #[test]
    fn two_ais_play_a_full_game_in_the_terminal() {
        let mut out = Vec::new();
        let ending = play_game(
            [Seat::Ai(AiKind::Greedy), Seat::Ai(AiKind::Random)],
            9,
            &mut io::empty(),
            &mut out,
        )
        .unwrap();
        assert_eq!(ending, Ending::Over);
        assert!(String::from_utf8(out).unwrap().contains("game over: "));
    }

    #[test]
    fn command_lines_are_checked() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let o = parse_args(&args("greedy random --games 10 --seed 4")).unwrap();
        assert_eq!(
            o.seats,
            Some([Seat::Ai(AiKind::Greedy), Seat::Ai(AiKind::Random)])
        );
        assert_eq!((o.games, o.seed), (Some(10), 4));
        assert!(parse_args(&args("")).unwrap().seats.is_none());
        assert!(parse_args(&args("human")).is_err());
        assert!(
            parse_args(&args("human chess"))
                .unwrap_err()
                .contains("unknown player")
        );
        assert!(parse_args(&args("human greedy --games 3")).is_err());
        assert!(parse_args(&args("greedy random --games 0")).is_err());
        assert!(parse_args(&args("greedy random --seed x")).is_err());
        assert!(parse_args(&args("greedy random --seed")).is_err());
        assert_eq!(parse_args(&args("--perft 5")).unwrap().perft, Some(5));
        assert_eq!(parse_args(&args("--hooks 3")).unwrap().hooks, Some(3));
        assert!(parse_args(&args("--perft 0")).is_err());
        assert!(
            parse_args(&args("--perft 99"))
                .unwrap_err()
                .contains("from 1 to 14")
        );
        assert!(parse_args(&args("--perft 3 --hooks 3")).is_err());
        assert!(parse_args(&args("greedy random --hooks 3")).is_err());
    }

    #[test]
    fn the_measurements_run_and_agree() {
        let mut out = Vec::new();
        run_perft(3, &mut out).unwrap();
        assert!(
            String::from_utf8(out)
                .unwrap()
                .starts_with("perft(3) = 56 in ")
        );
        let mut out = Vec::new();
        run_hooks(2, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 10, "{text}");
        assert!(
            !text.contains("| NO |"),
            "every configuration finds the same values:\n{text}"
        );
    }

    /// The text between `// ANCHOR: name` and `// ANCHOR_END: name` in this file, with the
    /// common indentation removed.
    fn anchor(source: &str, name: &str) -> Option<String> {
        let start = format!("// ANCHOR: {name}");
        let end = format!("// ANCHOR_END: {name}");
        let lines: Vec<&str> = source.lines().collect();
        let from = lines.iter().position(|l| l.trim() == start)? + 1;
        let to = from + lines[from..].iter().position(|l| l.trim() == end)?;
        let body = &lines[from..to];
        let indent = body
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0);
        let text: Vec<&str> = body.iter().map(|l| l.get(indent..).unwrap_or("")).collect();
        Some(text.join("\n"))
    }

    /// Every code block of the guide marked `<!-- reversi.rs#name -->` is exactly the code
    /// between that anchor's markers here, so the guide shows code that compiles and runs.
    #[test]
    fn the_guide_quotes_this_file_exactly() {
        let source = include_str!("reversi.rs");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/guide-your-own-game.md"
        );
        let guide = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<&str> = guide.lines().collect();
        let mut quoted = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = line
                .trim()
                .strip_prefix("<!-- reversi.rs#")
                .and_then(|rest| rest.strip_suffix(" -->"))
            else {
                continue;
            };
            assert_eq!(
                lines.get(i + 1).map(|l| l.trim()),
                Some("```rust"),
                "block after {line}"
            );
            let len = lines[i + 2..]
                .iter()
                .position(|l| l.trim() == "```")
                .unwrap_or_else(|| panic!("unclosed block after {line}"));
            let block = lines[i + 2..i + 2 + len].join("\n");
            let code = anchor(source, name).unwrap_or_else(|| panic!("no anchor {name}"));
            assert_eq!(
                block, code,
                "the guide's {name} block differs from the example"
            );
            quoted += 1;
        }
        assert!(quoted >= 5, "only {quoted} quoted blocks found in {path}");
    }
}
