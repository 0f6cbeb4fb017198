//! The games `ply` plays, each as a [`PlyGame`]: its name, its notation at the prompt, its
//! engines, its start position. One file per family:
//!
//! | file | games | at the prompt |
//! |---|---|---|
//! | `board.rs` | tic-tac-toe, Connect Four, Reversi, Dots and Boxes, Kalah | [`board::Board`]: numbers to type on the board, X and O |
//! | `table.rs` | EinStein würfelt nicht!, the m,n,k-game | [`table::Table`]: coordinates, the dice rolled |
//! | `cards.rs` | Kuhn poker, Leduc hold'em, Liar's Dice, tricks, Goofspiel | [`cards::Cards`]: only your own cards, actions by name |
//!
//! [`with_game!`](crate::with_game) builds the game a command line names and runs a generic
//! function on it.

pub(crate) mod board;
pub(crate) mod cards;
pub(crate) mod table;

use std::sync::Arc;

use adversarial::Solver;
use games::{ConnectFour, DotsAndBoxes, EinStein, Kalah, Kuhn, Leduc, LiarsDice, MnkGame};
use games::{Goofspiel, Reversi, TicTacToe, Tricks};
use search_core::{Game, GameHash, GeneralGame, Player, Sequential, Strategy, Turn};

use crate::Failure;
use crate::ai::{self, Settings};
use crate::grammar::{EngineKind, EngineSpec, GameKind, parse_size};
use board::{Board, Playable};
use cards::{Cards, Hidden};
use table::{Table, Tabletop};

/// The options that shape a board, shared by every command that builds one.
#[derive(Clone, Debug, Default, clap::Args)]
pub(crate) struct BoardArgs {
    /// The board, rows before columns: ROWSxCOLS boxes for dots (3x3), ROWSxCOLSxK for mnk
    /// (6x6x4: k in a row wins), PITSxSTONES for kalah (6x4); and for the card games the
    /// dice per player of liars-dice (1) and the cards per player of goofspiel (5).
    #[arg(long)]
    pub size: Option<String>,
    /// Players of the m,n,k-game (2 to 4) [default: 3].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// Old spelling of --size for liars-dice.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub dice: Option<u8>,
    /// Old spelling of --size for goofspiel.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u8).range(1..=13))]
    pub cards: Option<u8>,
}

impl BoardArgs {
    /// `--size`, or its old spellings `--dice` and `--cards` (with their notice).
    pub(crate) fn size(&self) -> Option<String> {
        if let Some(d) = self.dice {
            crate::grammar::notice(&format!("--dice {d}"), &format!("--size {d}"));
            return Some(d.to_string());
        }
        if let Some(c) = self.cards {
            crate::grammar::notice(&format!("--cards {c}"), &format!("--size {c}"));
            return Some(c.to_string());
        }
        self.size.clone()
    }

    /// Refuses `--size` for a game with one board and `--players` for a game with a fixed
    /// number of players.
    pub(crate) fn check(&self, game: GameKind) -> Result<(), Failure> {
        let sized = matches!(
            game,
            GameKind::Dots
                | GameKind::Kalah
                | GameKind::Mnk
                | GameKind::LiarsDice
                | GameKind::Goofspiel
        );
        if self.size().is_some() && !sized {
            return Err(Failure::input(format!(
                "--size is for dots, kalah, mnk, liars-dice and goofspiel: {} has one board",
                game.name()
            )));
        }
        if self.players.is_some() && game != GameKind::Mnk {
            return Err(Failure::input(
                "--players is for mnk: the other games have a fixed number of players",
            ));
        }
        Ok(())
    }

    /// The Dots and Boxes board (3 × 3 boxes by default).
    pub(crate) fn dots(&self) -> Result<DotsAndBoxes, Failure> {
        match self.size() {
            Some(text) => {
                let s = parse_size(&text, &["rows", "columns"]).map_err(Failure::input)?;
                DotsAndBoxes::new(s[0], s[1]).map_err(|e| Failure::input(format!("--size: {e}")))
            }
            None => Ok(DotsAndBoxes::default()),
        }
    }

    /// The Kalah board (6 pits of 4 stones by default), with the common rules.
    pub(crate) fn kalah(&self) -> Result<Kalah, Failure> {
        match self.size() {
            Some(text) => {
                let s = parse_size(&text, &["pits", "stones"]).map_err(Failure::input)?;
                let stones = u8::try_from(s[1]).map_err(|_| {
                    Failure::input(format!("--size {text}: at most 255 stones a pit"))
                })?;
                Kalah::new(s[0], stones).map_err(|e| Failure::input(format!("--size: {e}")))
            }
            None => Ok(Kalah::default()),
        }
    }

    /// The m,n,k-game (6 rows, 6 columns, 4 in a row, 3 players by default).
    pub(crate) fn mnk(&self) -> Result<MnkGame, Failure> {
        let [rows, cols, k] = match self.size() {
            Some(text) => {
                let s = parse_size(&text, &["rows", "columns", "k"]).map_err(Failure::input)?;
                [s[0], s[1], s[2]]
            }
            None => [6, 6, 4],
        };
        if cols > 26 {
            return Err(Failure::input(format!(
                "--size {rows}x{cols}x{k}: the board's columns are named a to z, so at most 26"
            )));
        }
        if rows
            .checked_mul(cols)
            .is_none_or(|cells| cells > MnkGame::MAX_CELLS)
        {
            return Err(Failure::input(format!(
                "--size {rows}x{cols}x{k}: the board has at most {} cells",
                MnkGame::MAX_CELLS
            )));
        }
        let players = usize::from(self.players.unwrap_or(3));
        MnkGame::new(cols, rows, k, players)
            .map_err(|e| Failure::input(format!("--size/--players: {e}")))
    }

    /// A number of `--size` (dice or cards per player), `default` without one.
    pub(crate) fn count(&self, default: usize) -> Result<usize, Failure> {
        match self.size() {
            Some(text) => parse_size(&text, &["a number"])
                .map(|s| s[0])
                .map_err(Failure::input),
            None => Ok(default),
        }
    }
}

/// The Dots and Boxes board of a `--size` (3 × 3 boxes without one).
pub(crate) fn dots_board(size: Option<&str>) -> Result<DotsAndBoxes, Failure> {
    sized(size).dots()
}

/// The Kalah board of a `--size` (6 pits of 4 stones without one).
pub(crate) fn kalah_board(size: Option<&str>) -> Result<Kalah, Failure> {
    sized(size).kalah()
}

/// The board options of a `--size` alone.
fn sized(size: Option<&str>) -> BoardArgs {
    BoardArgs {
        size: size.map(String::from),
        ..BoardArgs::default()
    }
}

/// Builds the game `$kind` names, with the shape `$board` ([`BoardArgs`]) gives, as `$g`,
/// and evaluates `$body` with it: a generic function of a [`PlyGame`] runs on every game.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $board:expr, |$g:ident| $body:expr) => {{
        let board: &$crate::games::BoardArgs = $board;
        board.check($kind)?;
        $crate::with_game!(@arms $kind, |$g| $body,
            Ttt => games::TicTacToe::new(),
            C4 => games::ConnectFour::new(),
            Reversi => games::Reversi::new(),
            Dots => board.dots()?,
            Kalah => board.kalah()?,
            Einstein => games::EinStein::new(),
            Mnk => board.mnk()?,
            Kuhn => games::Kuhn::new(),
            Leduc => games::Leduc::new(),
            LiarsDice => $crate::games::cards::liars_dice(board.count(1)?).map_err($crate::Failure::input)?,
            Tricks => $crate::games::cards::tricks().map_err($crate::Failure::input)?,
            Goofspiel => $crate::games::cards::goofspiel(board.count(5)?).map_err($crate::Failure::input)?)
    }};
    (@arms $kind:expr, |$g:ident| $body:expr, $($k:ident => $make:expr),*) => {
        match $kind {
            $($crate::grammar::GameKind::$k => {
                let $g = $make;
                $body
            })*
        }
    };
}

/// What the solver proved of a position, with perfect play from it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// This side wins.
    Won(Player),
    /// A draw.
    Drawn,
}

/// Where a game starts: the board before any move, the moves of `--start`, and the
/// position they lead to.
pub(crate) struct Start<G: GeneralGame> {
    /// The board before the start moves.
    pub origin: G,
    /// The moves from `origin` to the start position.
    pub moves: Vec<G::Move>,
    /// The start position.
    pub state: G,
}

/// What `ply` needs of a game beyond its rules: its name, how it is shown at the prompt,
/// its engines, and where it starts.
pub(crate) trait PlyGame: GeneralGame<Move: Send + Sync> + Send + Sync + 'static {
    /// The game's name.
    const NAME: &'static str;
    /// Random plies before each round of a match unless `--opening-plies` says, and why
    /// when it is 0.
    const OPENING: (u32, &'static str) = (2, "");
    /// Whether the solver proves its positions ([`prove`](PlyGame::prove)).
    const PROVES: bool = false;
    /// The notation at the prompt.
    type Shown: play::Notation<Self>;
    /// What the engines of a match or a game share, prepared once (the game solved by
    /// CFR+).
    type Shared: Default + Send + Sync;

    /// The notation of a game from `start`.
    fn shown(start: &Start<Self>) -> Self::Shown;

    /// The board's size and rules when the game has several, for headings (empty when it
    /// has one).
    fn variant(&self) -> String {
        String::new()
    }

    /// Prepares what the engines of `specs` share (by default nothing).
    ///
    /// # Errors
    /// Why an engine of `specs` cannot play the game.
    fn share(&self, specs: &[EngineSpec]) -> Result<Self::Shared, String> {
        let _ = specs;
        Ok(Self::Shared::default())
    }

    /// The engine `spec` asks for, seeded with `seed`.
    ///
    /// # Errors
    /// Why the engine or its strength does not fit the game.
    fn engine(
        &self,
        spec: EngineSpec,
        seed: u64,
        settings: &Settings,
        shared: &Self::Shared,
    ) -> Result<Box<dyn Strategy<Self>>, String>;

    /// The position after the moves of `--start` (as typed at the prompt).
    ///
    /// # Errors
    /// A start the game does not take, or cannot read.
    fn start(self, text: Option<&str>) -> Result<Start<Self>, Failure> {
        if text.is_some() {
            return Err(Failure::input(format!(
                "--start is not available for {}: it starts from the usual position",
                Self::NAME
            )));
        }
        Ok(Start {
            origin: self.clone(),
            moves: Vec::new(),
            state: self,
        })
    }

    /// The move sequences of `depth` plies from this position (a chance outcome counts as
    /// a ply): perft.
    fn perft(&self, depth: u32) -> u64 {
        general_perft(self, depth)
    }

    /// The solver's verdict on this position within its budget (two-player games without
    /// dice), for the openings of a match.
    fn prove(&self, solver: &mut Solver) -> Option<Proof> {
        let _ = solver;
        None
    }
}

/// The two-player games without dice.
macro_rules! board_games {
    ($($game:ty),*) => {$(
        impl PlyGame for $game {
            const NAME: &'static str = <$game as Playable>::NAME;
            const OPENING: (u32, &'static str) = <$game as Playable>::OPENING;
            const PROVES: bool = true;
            type Shown = Board<$game>;
            type Shared = ();

            fn shown(start: &Start<Self>) -> Board<$game> {
                Board {
                    origin: start.origin.clone(),
                    before: start.moves.clone(),
                }
            }

            fn variant(&self) -> String {
                Playable::variant(self)
            }

            fn engine(
                &self,
                spec: EngineSpec,
                seed: u64,
                settings: &Settings,
                _: &(),
            ) -> Result<Box<dyn Strategy<Self>>, String> {
                ai::two_player::engine(spec, seed, settings)
            }

            fn start(self, text: Option<&str>) -> Result<Start<Self>, Failure> {
                board_start(self, text)
            }

            fn prove(&self, solver: &mut Solver) -> Option<Proof> {
                prove(solver, self)
            }

            fn perft(&self, depth: u32) -> u64 {
                games::perft(self, depth)
            }
        }
    )*};
}

board_games!(TicTacToe, ConnectFour, Reversi, DotsAndBoxes, Kalah);

/// The games with dice or more than two players.
macro_rules! table_games {
    ($($game:ty),*) => {$(
        impl PlyGame for $game {
            const NAME: &'static str = <$game as Tabletop>::NAME;
            const OPENING: (u32, &'static str) = <$game as Tabletop>::OPENING;
            type Shown = Table;
            type Shared = ();

            fn shown(_: &Start<Self>) -> Table {
                Table
            }

            fn variant(&self) -> String {
                Tabletop::variant(self)
            }

            fn engine(
                &self,
                spec: EngineSpec,
                seed: u64,
                settings: &Settings,
                _: &(),
            ) -> Result<Box<dyn Strategy<Self>>, String> {
                ai::general::engine(spec, seed, settings, self)
            }
        }
    )*};
}

table_games!(EinStein, MnkGame);

/// The games with hidden cards or simultaneous bids.
macro_rules! card_games {
    ($($game:ty),*) => {$(
        impl PlyGame for $game {
            const NAME: &'static str = <$game as Hidden>::NAME;
            const OPENING: (u32, &'static str) = (0, " in the games with hidden cards, whose deals vary the games");
            type Shown = Cards;
            type Shared = Option<Arc<ai::cards::Solved<$game>>>;

            fn shown(_: &Start<Self>) -> Cards {
                Cards
            }

            fn share(&self, specs: &[EngineSpec]) -> Result<Self::Shared, String> {
                // One solution for every cfr engine, with the most iterations asked for.
                let iterations = specs
                    .iter()
                    .filter(|s| s.kind == EngineKind::Cfr)
                    .map(|s| match s.strength {
                        Some(crate::grammar::Strength::Playouts(n)) => Ok(n),
                        None => Ok(ai::cards::CFR_ITERATIONS),
                        Some(other) => Err(format!(
                            "cfr's strength is its CFR+ iterations, such as cfr:1000p, not {other}"
                        )),
                    })
                    .collect::<Result<Vec<u64>, String>>()?
                    .into_iter()
                    .max();
                iterations.map(|n| ai::cards::solve(self, n)).transpose()
            }

            fn engine(
                &self,
                spec: EngineSpec,
                seed: u64,
                _: &Settings,
                shared: &Self::Shared,
            ) -> Result<Box<dyn Strategy<Self>>, String> {
                ai::cards::engine(spec, seed, shared.as_ref())
            }
        }
    )*};
}

card_games!(Kuhn, Leduc, LiarsDice, Tricks, Sequential<Goofspiel>);

/// `board` after the moves of `start` if any; refused if the game is over then.
pub(crate) fn board_start<G: Playable>(board: G, start: Option<&str>) -> Result<Start<G>, Failure> {
    let Some(text) = start else {
        return Ok(Start {
            state: board.clone(),
            origin: board,
            moves: Vec::new(),
        });
    };
    let (origin, moves) = G::parse_start(&board, text).map_err(Failure::input)?;
    let mut state = origin.clone();
    for &mv in &moves {
        state.play(mv);
    }
    if state.outcome().is_over() {
        return Err(Failure::input(format!(
            "the start position {} is already over ({}): give a position where a move is left",
            crate::input::quote(text),
            state.outcome()
        )));
    }
    Ok(Start {
        origin,
        moves,
        state,
    })
}

/// The solver's verdict on `state`, if it finds one within its budget.
fn prove<G: Game + GameHash + Send + Sync>(solver: &mut Solver, state: &G) -> Option<Proof> {
    let score = solver.solve(state).ok()?.score?;
    let mover = state.to_move();
    Some(if score.is_win() {
        Proof::Won(mover)
    } else if score.is_loss() {
        Proof::Won(mover.opponent())
    } else {
        Proof::Drawn
    })
}

/// The sequences of `depth` plies from `state` of a game with dice or more players, a roll
/// of the die counting as a ply as a move does.
fn general_perft<G: GeneralGame>(state: &G, depth: u32) -> u64 {
    /// One level's buffers, reused at every node of that level: its moves, and the chance
    /// outcomes with their probabilities.
    struct Level<M> {
        moves: Vec<M>,
        outcomes: Vec<(M, f64)>,
    }
    fn walk<G: GeneralGame>(state: &G, depth: u32, levels: &mut [Level<G::Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (level, deeper) = levels
            .split_first_mut()
            .expect("one level of buffers per ply");
        level.moves.clear();
        match state.turn() {
            Turn::Over => {}
            Turn::Chance => {
                level.outcomes.clear();
                state.chance_outcomes(&mut level.outcomes);
                level.moves.extend(level.outcomes.iter().map(|&(m, _)| m));
            }
            Turn::Player(_) => state.moves(&mut level.moves),
        }
        level
            .moves
            .iter()
            .map(|&mv| {
                let mut child = state.clone();
                child.apply(mv);
                walk(&child, depth - 1, deeper)
            })
            .sum()
    }
    let mut levels: Vec<Level<G::Move>> = (0..depth)
        .map(|_| Level {
            moves: Vec::new(),
            outcomes: Vec::new(),
        })
        .collect();
    walk(state, depth, &mut levels)
}
