//! The terminal loop: people type their moves at a prompt, [`Strategy`] values play the
//! other seats, in any game model — two players, dice, 2 to 4 players, hidden cards.
//!
//! [`PlayLoop`] reads lines from a [`BufRead`](std::io::BufRead) and writes to a
//! [`Write`](std::io::Write) that the caller gives it, through a [`Console`] (the
//! terminal's standard input and output, a pipe, a test's byte buffers); it prints nothing
//! by itself. Any seat may be a person or a strategy (every engine of the workspace is
//! one). Moves are typed and shown through a [`Notation`]; a game whose position is
//! `Display` and whose moves are `FromStr + Display` needs none ([`DisplayNotation`], the
//! default).
//!
//! This file sets a loop up ([`PlayLoop`]'s builders); the game itself runs in `game.rs`,
//! reads its lines through `console.rs`, and reports through [`PlayReport`];
//! [`Notation`] reads and shows moves.

mod console;
mod game;
mod notation;
mod report;

use core::fmt;
use std::io::{BufRead, Write};

use search_core::{GeneralGame, Strategy};

use crate::error::PlayError;
use crate::seats::Boxed;

pub use console::{Console, DEFAULT_MAX_LINE_BYTES, Reply};
pub use notation::{DisplayNotation, Notation};
pub use report::{Ending, PlayReport};

/// A game between people at a prompt and strategies, from a start position.
///
/// # At the prompt
/// | typed | what happens |
/// |---|---|
/// | a move | played if it is legal; otherwise the prompt says what was wrong (the notation's parse error, or the legal moves) and asks again |
/// | several moves on one line, separated by spaces | played in turn, each at its own prompt (a refused one drops the rest) |
/// | `moves` (or `?`) | the legal moves |
/// | `hint` (or `h`) | the advisor's or an AI seat's [`Strategy::analyze`]: every legal move with its value, best first, and the strategy's [report](Strategy::report) |
/// | `undo` | takes back the last move made at a prompt and what followed it, so the same person moves again (unless [turned off](PlayLoop::with_undo)) |
/// | `help` | the commands |
/// | `quit` (or `q`, `exit`) | ends the game ([`Ending::Quit`]) |
///
/// Commands are matched without regard to case and before the notation is asked, so a
/// game cannot have a move written as one of them. The end of the input ends the game
/// cleanly ([`Ending::InputEnded`]). Typing errors never end the game.
///
/// # What is shown, and to whom
/// After each move the loop writes the line the table is told ([`Notation::announce`]; by
/// default `player 2 (mcts) plays 4` for an AI's move, followed by its
/// [report](Strategy::report): the value, the depth, what it took), then the position,
/// unless it shows nothing new or the dice are still to roll (a deal of several cards
/// shows the hand once). With exactly one person at the table, the position is
/// shown as that person's seat sees it, so a game with hidden cards shows only their own
/// hand; otherwise whole. At the end every hand is shown and `Game over: ...` says who won.
/// Chance outcomes (dice, cards) are drawn from [`with_seed`](PlayLoop::with_seed).
///
/// # What the strategies are told
/// Every strategy of the loop (the seats' and the advisor) hears of every move, by anyone,
/// chance outcomes included, through [`Strategy::observe_move`] with the position *before*
/// the move, and of every `undo` through [`Strategy::observe_undo`] with the position the
/// game goes on from, so an engine that keeps a tree between moves follows the game and
/// never a line that was taken back. An engine that ponders (thinks on the opponent's time)
/// starts when it hears of its own move, and thinks while the person types.
///
/// A strategy that returns an error, panics, or chooses an illegal move ends the game with
/// a [`PlayError`](crate::PlayError) that says which one and where; nothing is dropped
/// silently.
///
/// # Examples
/// ```
/// use play::{Ending, PlayLoop};
/// use search_core::{Game, Outcome, Player, RandomMover};
///
/// /// Take 1 or 2 stones; whoever takes the last stone wins.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Nim { stones: u32, to_move: Player }
/// impl Game for Nim {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
///     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
///     fn outcome(&self) -> Outcome {
///         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
///     }
/// }
/// impl std::fmt::Display for Nim {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{} stones", self.stones)
///     }
/// }
///
/// // The person in the first seat asks for the moves, then takes 2 of the 3 stones; the
/// // random mover can only take the last one.
/// let mut shown = Vec::new();
/// let report = PlayLoop::new(Nim { stones: 3, to_move: Player::First })
///     .with_ai(1, RandomMover::new(1))
///     .run("moves\n2\n".as_bytes(), &mut shown)
///     .unwrap();
/// assert_eq!(report.ending, Ending::Finished);
/// assert_eq!(report.position.outcome(), Outcome::Win(Player::Second));
/// assert_eq!(report.moves, [2, 1]);
/// let shown = String::from_utf8(shown).unwrap();
/// assert!(shown.contains("Legal moves: 1 2"));
/// assert!(shown.contains("player 2 (random) plays 1"));
/// ```
/// In a program, `.run(std::io::stdin().lock(), std::io::stdout())` plays at the terminal;
/// [`Console`] asks setup questions first, and [`PlayLoop::play_on`] plays on it.
///
///
/// Building one:
/// Every seat starts as a person; [`with_ai`](PlayLoop::with_ai) puts a strategy in a
/// seat. [`run`](PlayLoop::run) plays the game.
///
/// ```
/// use play::PlayLoop;
/// use search_core::RandomMover;
/// let game = PlayLoop::new(games::TicTacToe::new()).with_ai(0, RandomMover::new(7));
/// assert!(!game.is_human(0));
/// assert!(game.is_human(1));
/// ```
pub struct PlayLoop<'a, G: GeneralGame, N = DisplayNotation> {
    start: G,
    seats: Vec<Option<Boxed<'a, G>>>,
    advisor: Option<Boxed<'a, G>>,
    notation: N,
    seed: u64,
    max_plies: Option<u32>,
    undo: bool,
}

impl<'a, G: GeneralGame> PlayLoop<'a, G, DisplayNotation> {
    /// A game from `start` with people in every seat, [`DisplayNotation`], dice seeded with
    /// 0, `undo` allowed, and at most one million plies.
    ///
    /// ```
    /// use play::PlayLoop;
    /// let game = PlayLoop::new(games::TicTacToe::new());
    /// assert!(game.is_human(0) && game.is_human(1));
    /// ```
    #[must_use]
    pub fn new(start: G) -> Self {
        let players = start.player_count();
        PlayLoop {
            start,
            seats: (0..players).map(|_| None).collect(),
            advisor: None,
            notation: DisplayNotation,
            seed: 0,
            max_plies: None,
            undo: true,
        }
    }
}

impl<'a, G: GeneralGame, N> PlayLoop<'a, G, N> {
    /// Puts `strategy` in `seat` (0-based; a seat the game does not have is ignored): it
    /// chooses that player's moves, and `hint` may ask it. Any [`Strategy`] will do; the
    /// loop owns it for the game.
    ///
    /// ```
    /// use play::PlayLoop;
    /// use search_core::RandomMover;
    /// let game = PlayLoop::new(games::TicTacToe::new()).with_ai(1, RandomMover::new(1));
    /// assert!(!game.is_human(1));
    /// ```
    #[must_use]
    pub fn with_ai(mut self, seat: usize, strategy: impl Strategy<G> + 'a) -> Self {
        if let Some(slot) = self.seats.get_mut(seat) {
            *slot = Some(Box::new(strategy));
        }
        self
    }

    /// Gives `seat` to a person again (the default for every seat).
    ///
    /// ```
    /// use play::PlayLoop;
    /// use search_core::RandomMover;
    /// let game = PlayLoop::new(games::TicTacToe::new())
    ///     .with_ai(0, RandomMover::new(1))
    ///     .with_human(0);
    /// assert!(game.is_human(0));
    /// ```
    #[must_use]
    pub fn with_human(mut self, seat: usize) -> Self {
        if let Some(slot) = self.seats.get_mut(seat) {
            *slot = None;
        }
        self
    }

    /// The strategy that `hint` asks, instead of an AI seat's: for a game between people,
    /// or for advice from another engine than the opponent. It plays no moves, and it is
    /// told of every move and `undo` like the seats' strategies.
    ///
    /// ```
    /// use play::PlayLoop;
    /// use search_core::RandomMover;
    /// // Two people; a hint lists every move (a random mover has no values for them).
    /// let mut shown = Vec::new();
    /// PlayLoop::new(games::TicTacToe::new())
    ///     .with_advisor(RandomMover::new(0))
    ///     .run("hint\nquit\n".as_bytes(), &mut shown)
    ///     .unwrap();
    /// let shown = String::from_utf8(shown).unwrap();
    /// assert!(shown.contains("Hint from random, best move first:\n  0: unknown\n"));
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
    /// use play::{Notation, PlayLoop};
    /// use games::TicTacToe;
    /// /// Cells typed and shown 1 to 9.
    /// struct Cells;
    /// impl Notation<TicTacToe> for Cells {
    ///     fn parse_move(&self, _: &TicTacToe, text: &str) -> Result<u8, String> {
    ///         text.parse::<u8>().ok().filter(|n| (1..=9).contains(n)).map(|n| n - 1)
    ///             .ok_or_else(|| "type a cell 1-9".to_string())
    ///     }
    ///     fn move_text(&self, _: &TicTacToe, cell: u8) -> String { (cell + 1).to_string() }
    ///     fn position_text(&self, s: &TicTacToe, _: &[u8], _: Option<usize>) -> String { s.to_string() }
    /// }
    /// let mut shown = Vec::new();
    /// let report = PlayLoop::new(TicTacToe::new())
    ///     .with_notation(Cells)
    ///     .run("0\n5\nquit\n".as_bytes(), &mut shown)
    ///     .unwrap();
    /// assert_eq!(report.moves, [4]);
    /// assert!(String::from_utf8(shown).unwrap().contains("type a cell 1-9"));
    /// ```
    #[must_use]
    pub fn with_notation<M>(self, notation: M) -> PlayLoop<'a, G, M> {
        PlayLoop {
            start: self.start,
            seats: self.seats,
            advisor: self.advisor,
            notation,
            seed: self.seed,
            max_plies: self.max_plies,
            undo: self.undo,
        }
    }

    search_core::builder_methods! {
        /// The seed the chance outcomes (dice, cards) are drawn from; default 0. The same seed
        /// and the same answers replay the same game (given deterministic strategies).
        ///
        /// ```
        /// let _ = play::PlayLoop::new(games::EinStein::new()).with_seed(5);
        /// ```
        with_seed(seed: u64) => seed;
    }

    /// A game still going after `plies` moves and chance outcomes is a
    /// [`PlayError::TooLong`] (a game that never ends must not keep AIs playing for ever).
    /// Default: one million.
    ///
    /// ```
    /// use play::{PlayError, PlayLoop};
    /// use search_core::RandomMover;
    /// // Two AIs at tic-tac-toe take at least 5 moves: a limit of 2 stops them.
    /// let err = PlayLoop::new(games::TicTacToe::new())
    ///     .with_ai(0, RandomMover::new(1))
    ///     .with_ai(1, RandomMover::new(2))
    ///     .with_max_plies(2)
    ///     .run(std::io::empty(), std::io::sink())
    ///     .unwrap_err();
    /// assert!(matches!(err, PlayError::TooLong { game: None, limit: 2 }));
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, plies: u32) -> Self {
        self.max_plies = Some(plies);
        self
    }

    search_core::builder_methods! {
        /// Whether `undo` is offered (the default); a game of chance for stakes may turn it off,
        /// so that nobody takes back a move after seeing what came of it.
        ///
        /// ```
        /// let mut shown = Vec::new();
        /// play::PlayLoop::new(games::TicTacToe::new())
        ///     .with_undo(false)
        ///     .run("4\nundo\nquit\n".as_bytes(), &mut shown)
        ///     .unwrap();
        /// assert!(String::from_utf8(shown).unwrap().contains("undo is turned off"));
        /// ```
        with_undo(allowed: bool) => undo;
    }

    /// `true` when a person plays `seat`, `false` when a strategy does (or the game has no
    /// such seat).
    ///
    /// ```
    /// assert!(play::PlayLoop::new(games::TicTacToe::new()).is_human(1));
    /// ```
    #[must_use]
    pub fn is_human(&self, seat: usize) -> bool {
        matches!(self.seats.get(seat), Some(None))
    }
}

impl<G: GeneralGame, N: Notation<G>> PlayLoop<'_, G, N> {
    /// Plays the game on a new [`Console`] reading `input` and writing `output`.
    ///
    /// # Errors
    /// As [`play_on`](PlayLoop::play_on).
    ///
    /// See [`PlayLoop`] for an example.
    pub fn run<R: BufRead, W: Write>(
        self,
        input: R,
        output: W,
    ) -> Result<PlayReport<G>, PlayError> {
        self.play_on(&mut Console::new(input, output))
    }
}

impl<G: GeneralGame + fmt::Debug, N: fmt::Debug> fmt::Debug for PlayLoop<'_, G, N> {
    /// The start position, who plays each seat (`human`, or a strategy's name), the
    /// advisor's name, the notation and the settings.
    ///
    /// ```
    /// use play::PlayLoop;
    /// use search_core::RandomMover;
    /// let game = PlayLoop::new(games::TicTacToe::new()).with_ai(1, RandomMover::new(1));
    /// assert!(format!("{game:?}").contains(r#"seats: ["human", "random"]"#));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| s.as_ref().map_or("human".to_string(), |s| s.name()))
            .collect();
        f.debug_struct("PlayLoop")
            .field("start", &self.start)
            .field("seats", &seats)
            .field("advisor", &self.advisor.as_ref().map(|s| s.name()))
            .field("notation", &self.notation)
            .field("seed", &self.seed)
            .field("max_plies", &self.max_plies)
            .field("undo", &self.undo)
            .finish()
    }
}
