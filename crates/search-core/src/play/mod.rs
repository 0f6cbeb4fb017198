//! A game at a text prompt: people type their moves, [`Strategy`] values play the other
//! seats. The human-against-the-AI loop for any [`Game`], beside the match runner
//! ([`arena`](crate::arena)) that plays strategies against each other.
//!
//! [`PlayLoop`] reads lines from a [`BufRead`](std::io::BufRead) and writes to a [`Write`](std::io::Write) that the caller
//! gives it (the terminal's standard input and output, a pipe, a file, a test's byte
//! buffers); it prints nothing by itself. Either seat, or both, may be a person or a
//! strategy (every engine of the workspace is one). Moves are typed and shown through a
//! [`Notation`]; a game whose position is `Display` and whose moves are
//! `FromStr + Display` needs none ([`DisplayNotation`], the default).
//!
//! # At the prompt
//! | typed | what happens |
//! |---|---|
//! | a move | played if it is legal; otherwise the prompt says what was wrong (the notation's parse error, or the legal moves) and asks again |
//! | `moves` | the legal moves |
//! | `hint` | the AI's [`Strategy::analyze`]: every legal move with its value, best first (the advisor's, or the AI seat's) |
//! | `undo` | takes back the last move made at a prompt and the AI's replies after it, so the same person moves again |
//! | `help` | the commands |
//! | `quit` | ends the game ([`Ending::Quit`]) |
//!
//! Commands are matched without regard to case and before the notation is asked, so a
//! game cannot have a move written as one of them. The end of the input ends the game
//! cleanly ([`Ending::InputEnded`]). A line longer than
//! [`max_line_bytes`](PlayLoop::with_max_line_bytes) ([`DEFAULT_MAX_LINE_BYTES`] unless
//! set) is refused: it is read past in the reader's own buffer, never collected, so a
//! runaway input costs no memory. Typing errors never end the game.
//!
//! # What the strategies are told
//! Every strategy of the loop (the seats' and the advisor) hears of every move, by either
//! side, through [`Strategy::observe_move`] with the position *before* the move, and of
//! every `undo` through [`Strategy::observe_undo`] with the position the game goes on from,
//! so an engine that keeps a tree between moves (`mcts::Mcts`) follows the game and never
//! a line that was taken back. Nobody using the loop calls either method.
//!
//! A strategy that returns an error, panics, or chooses an illegal move ends the game with
//! a [`PlayError`] that says which one and where; nothing is dropped silently.
//!
//! # Example
//! ```
//! use search_core::play::{Ending, PlayLoop};
//! use search_core::{Game, Outcome, Player, RandomMover};
//!
//! /// Take 1 or 2 stones; whoever takes the last stone wins.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { stones: u32, to_move: Player }
//! impl Game for Nim {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
//!     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
//!     fn outcome(&self) -> Outcome {
//!         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
//!     }
//! }
//! impl std::fmt::Display for Nim {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "{} stones", self.stones)
//!     }
//! }
//!
//! // The person at the first seat asks for the moves, then takes 2 of the 3 stones; the
//! // random mover can only take the last one.
//! let typed = "moves\n2\n";
//! let mut shown = Vec::new();
//! let report = PlayLoop::new(Nim { stones: 3, to_move: Player::First })
//!     .with_ai(Player::Second, RandomMover::new(1))
//!     .run(typed.as_bytes(), &mut shown)
//!     .unwrap();
//! assert_eq!(report.ending, Ending::Finished(Outcome::Win(Player::Second)));
//! assert_eq!(report.moves, [2, 1]);
//! let shown = String::from_utf8(shown).unwrap();
//! assert!(shown.contains("Legal moves: 1 2"));
//! assert!(shown.contains("second player (random) plays 1"));
//! ```
//! In a program, `.run(std::io::stdin().lock(), std::io::stdout())` plays at the terminal.
//!
//! This file sets a loop up ([`PlayLoop`]'s builders); the game itself runs in `game.rs`,
//! reads its lines with `line.rs`, and reports through [`PlayReport`] and [`PlayError`];
//! [`Notation`] reads and shows moves.

mod game;
mod line;
mod notation;
mod report;

use core::fmt;

use crate::game::{Game, Player};
use crate::strategy::Strategy;

pub use notation::{DisplayNotation, Notation};
pub use report::{Ending, PlayError, PlayReport};

/// The longest line [`PlayLoop`] accepts unless
/// [`with_max_line_bytes`](PlayLoop::with_max_line_bytes) says otherwise: 1024 bytes, not
/// counting the line's end (`\n` or `\r\n`).
///
/// ```
/// assert_eq!(search_core::play::DEFAULT_MAX_LINE_BYTES, 1024);
/// ```
pub const DEFAULT_MAX_LINE_BYTES: usize = 1024;

/// Without a limit or a `remaining_plies_bound`, a game longer than this is an error.
const DEFAULT_MAX_PLIES: u32 = 1_000_000;

/// A strategy in a seat or as the advisor, borrowed for the lifetime `'a`.
type Seat<'a, G> = Option<Box<dyn Strategy<G> + 'a>>;

/// A game between people at a prompt and strategies, from a start position (see the
/// [module docs](self) for the commands and what the strategies are told).
///
/// Both seats start as people; [`with_ai`](PlayLoop::with_ai) puts a strategy in a seat.
/// [`run`](PlayLoop::run) plays the game.
///
/// ```
/// use search_core::play::PlayLoop;
/// use search_core::{Player, RandomMover};
/// # use search_core::{Game, Outcome};
/// # #[derive(Clone)] struct Pile(u32);
/// # impl Game for Pile {
/// #   type Move = u32;
/// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
/// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
/// #   fn play(&mut self, t: u32) { self.0 -= t }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
/// # }
/// let game = PlayLoop::new(Pile(4))
///     .with_ai(Player::First, RandomMover::new(7))
///     .with_max_line_bytes(80);
/// assert!(!game.is_human(Player::First));
/// assert!(game.is_human(Player::Second));
/// ```
pub struct PlayLoop<'a, G: Game, N = DisplayNotation> {
    start: G,
    seats: [Seat<'a, G>; 2],
    advisor: Seat<'a, G>,
    notation: N,
    max_line_bytes: usize,
    max_plies: Option<u32>,
}

impl<'a, G: Game> PlayLoop<'a, G, DisplayNotation> {
    /// A game from `start` with people at both seats, [`DisplayNotation`], lines of at
    /// most [`DEFAULT_MAX_LINE_BYTES`], and at most `start`'s
    /// [`remaining_plies_bound`](Game::remaining_plies_bound) plies (one million for a
    /// game that declares none).
    ///
    /// ```
    /// use search_core::play::{PlayLoop, DEFAULT_MAX_LINE_BYTES};
    /// use search_core::Player;
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let game = PlayLoop::new(G);
    /// assert!(game.is_human(Player::First) && game.is_human(Player::Second));
    /// assert_eq!(game.max_line_bytes(), DEFAULT_MAX_LINE_BYTES);
    /// ```
    #[must_use]
    pub fn new(start: G) -> Self {
        PlayLoop {
            start,
            seats: [None, None],
            advisor: None,
            notation: DisplayNotation,
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            max_plies: None,
        }
    }
}

impl<'a, G: Game, N> PlayLoop<'a, G, N> {
    /// Puts `strategy` in `seat`: it chooses that player's moves, and `hint` asks it
    /// (unless there is an advisor). Any [`Strategy`] will do; the loop owns it for the
    /// game.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::{Player, RandomMover};
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let game = PlayLoop::new(G).with_ai(Player::Second, RandomMover::new(1));
    /// assert!(!game.is_human(Player::Second));
    /// ```
    #[must_use]
    pub fn with_ai(mut self, seat: Player, strategy: impl Strategy<G> + 'a) -> Self {
        self.seats[seat.index()] = Some(Box::new(strategy));
        self
    }

    /// Gives `seat` to a person again (the default for both seats).
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::{Player, RandomMover};
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let game = PlayLoop::new(G)
    ///     .with_ai(Player::First, RandomMover::new(1))
    ///     .with_human(Player::First);
    /// assert!(game.is_human(Player::First));
    /// ```
    #[must_use]
    pub fn with_human(mut self, seat: Player) -> Self {
        self.seats[seat.index()] = None;
        self
    }

    /// The strategy that `hint` asks, instead of an AI seat's: for a game between two
    /// people, or for advice from another engine than the opponent. It plays no moves, and
    /// it is told of every move and `undo` like the seats' strategies.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::{Player, RandomMover};
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
    /// # }
    /// // Two people; a hint lists both moves of the 2-stone pile (a random mover has no
    /// // values for them).
    /// let mut shown = Vec::new();
    /// PlayLoop::new(Pile(2))
    ///     .with_advisor(RandomMover::new(0))
    ///     .run("hint\nquit\n".as_bytes(), &mut shown)
    ///     .unwrap();
    /// let shown = String::from_utf8(shown).unwrap();
    /// assert!(shown.contains("Hint from random, best move first:\n  1: unknown\n  2: unknown\n"));
    /// ```
    #[must_use]
    pub fn with_advisor(mut self, strategy: impl Strategy<G> + 'a) -> Self {
        self.advisor = Some(Box::new(strategy));
        self
    }

    /// Types and shows moves, the position and the players' names with `notation`
    /// instead of [`DisplayNotation`] (see [`Notation`] for an example of one).
    ///
    /// ```
    /// use search_core::play::{Notation, PlayLoop};
    /// use search_core::Player;
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// /// Moves typed as words; no `Display` needed on the game.
    /// struct Words;
    /// impl Notation<Pile> for Words {
    ///     fn parse_move(&self, _: &Pile, text: &str) -> Result<u32, String> {
    ///         match text { "one" => Ok(1), "two" => Ok(2), _ => Err("type one or two".into()) }
    ///     }
    ///     fn move_text(&self, _: &Pile, mv: u32) -> String {
    ///         if mv == 1 { "one".into() } else { "two".into() }
    ///     }
    ///     fn position_text(&self, pile: &Pile) -> String { "|".repeat(pile.0 as usize) }
    /// }
    /// let mut shown = Vec::new();
    /// let report = PlayLoop::new(Pile(3))
    ///     .with_notation(Words)
    ///     .run("three\ntwo\none\n".as_bytes(), &mut shown)
    ///     .unwrap();
    /// assert_eq!(report.moves, [2, 1]);
    /// assert!(String::from_utf8(shown).unwrap().contains("type one or two"));
    /// ```
    #[must_use]
    pub fn with_notation<M>(self, notation: M) -> PlayLoop<'a, G, M> {
        PlayLoop {
            start: self.start,
            seats: self.seats,
            advisor: self.advisor,
            notation,
            max_line_bytes: self.max_line_bytes,
            max_plies: self.max_plies,
        }
    }

    /// Refuses lines longer than `bytes` (not counting the line's end); default
    /// [`DEFAULT_MAX_LINE_BYTES`]. A refused line is read past without being kept, so the
    /// loop never holds more than `bytes + 1` bytes of a line.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::Player;
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
    /// # }
    /// let typed = format!("{}\nquit\n", "2".repeat(100));
    /// let mut shown = Vec::new();
    /// PlayLoop::new(Pile(2)).with_max_line_bytes(8).run(typed.as_bytes(), &mut shown).unwrap();
    /// assert!(String::from_utf8(shown).unwrap().contains("longer than 8 bytes"));
    /// ```
    #[must_use]
    pub fn with_max_line_bytes(mut self, bytes: usize) -> Self {
        self.max_line_bytes = bytes;
        self
    }

    /// A game still going after `plies` moves is a [`PlayError::TooLong`] (a `Game`
    /// that never ends must not keep two AIs playing for ever). Default: the start
    /// position's [`remaining_plies_bound`](Game::remaining_plies_bound), or one million
    /// plies for a game that declares none.
    ///
    /// ```
    /// use search_core::play::{PlayError, PlayLoop};
    /// use search_core::{Player, RandomMover};
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone, Debug)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
    /// # }
    /// // Two AIs on a pile of 10 take at least 5 moves: a limit of 2 stops them.
    /// let err = PlayLoop::new(Pile(10))
    ///     .with_ai(Player::First, RandomMover::new(1))
    ///     .with_ai(Player::Second, RandomMover::new(2))
    ///     .with_max_plies(2)
    ///     .run(std::io::empty(), std::io::sink())
    ///     .unwrap_err();
    /// assert!(matches!(err, PlayError::TooLong { limit: 2 }));
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    /// `true` when a person plays `seat`, `false` when a strategy does.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::Player;
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert!(PlayLoop::new(G).is_human(Player::Second));
    /// ```
    #[must_use]
    pub fn is_human(&self, seat: Player) -> bool {
        self.seats[seat.index()].is_none()
    }

    /// The longest line accepted, in bytes.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(PlayLoop::new(G).with_max_line_bytes(64).max_line_bytes(), 64);
    /// ```
    #[must_use]
    pub fn max_line_bytes(&self) -> usize {
        self.max_line_bytes
    }
}

impl<G: Game + fmt::Debug, N: fmt::Debug> fmt::Debug for PlayLoop<'_, G, N> {
    /// The start position, who plays each seat (`human`, or a strategy's name), the
    /// advisor's name, the notation and the limits.
    ///
    /// ```
    /// use search_core::play::PlayLoop;
    /// use search_core::{Player, RandomMover};
    /// # use search_core::{Game, Outcome};
    /// # #[derive(Clone, Debug)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// let game = PlayLoop::new(G).with_ai(Player::Second, RandomMover::new(1));
    /// assert!(format!("{game:?}").contains(r#"seats: ["human", "random"]"#));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |seat: &Seat<'_, G>| seat.as_ref().map_or("human".to_string(), |s| s.name());
        f.debug_struct("PlayLoop")
            .field("start", &self.start)
            .field("seats", &[who(&self.seats[0]), who(&self.seats[1])])
            .field("advisor", &self.advisor.as_ref().map(|s| s.name()))
            .field("notation", &self.notation)
            .field("max_line_bytes", &self.max_line_bytes)
            .field("max_plies", &self.max_plies)
            .finish()
    }
}
