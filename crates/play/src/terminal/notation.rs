//! [`Notation`]: how moves are typed and shown, how the position is shown to whom, and
//! what the table is told of each move; [`DisplayNotation`] for games whose moves are
//! `FromStr + Display`.

use core::fmt::Display;
use core::str::FromStr;

use search_core::GeneralGame;

/// How a game is written at the prompt: reading a typed move, writing a move, showing the
/// position (to a seat, for a game with hidden information), naming the players, and what
/// the table is told of each move. [`PlayLoop`](crate::PlayLoop) asks nothing else of a
/// game.
///
/// A game whose position is `Display` and whose moves are `FromStr + Display` needs only
/// [`DisplayNotation`], the loop's default. Implement `Notation` for a game that lacks
/// them, to read and write its moves differently (coordinates instead of cell numbers,
/// actions by name), or to show a person only what their seat may see.
///
/// ```
/// use play::Notation;
/// use games::TicTacToe;
/// use search_core::{Game, GeneralGame};
///
/// /// Cells typed and shown 1 to 9; players named X and O.
/// struct Cells;
/// impl Notation<TicTacToe> for Cells {
///     fn parse_move(&self, _: &TicTacToe, text: &str) -> Result<u8, String> {
///         match text.parse::<u8>() {
///             Ok(n @ 1..=9) => Ok(n - 1),
///             _ => Err("cells are numbered 1 to 9".to_string()),
///         }
///     }
///     fn move_text(&self, _: &TicTacToe, cell: u8) -> String {
///         (cell + 1).to_string()
///     }
///     fn position_text(&self, state: &TicTacToe, _moves: &[u8], _viewer: Option<usize>) -> String {
///         state.to_string()
///     }
///     fn player_name(&self, seat: usize) -> String {
///         if seat == 0 { "X".into() } else { "O".into() }
///     }
/// }
///
/// let start = TicTacToe::new();
/// assert_eq!(Cells.parse_move(&start, "5"), Ok(4));
/// assert!(Cells.parse_move(&start, "10").is_err());
/// assert_eq!(Cells.move_help(&start, &start.legal_move_list()), "a move such as 1");
/// ```
pub trait Notation<G: GeneralGame> {
    /// Reads a move typed in `state` (trimmed; never one of the loop's commands). The
    /// error says what is wrong with the text, for the person who typed it; whether the
    /// move is legal is the loop's check, not the notation's.
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// let start = games::TicTacToe::new();
    /// assert_eq!(DisplayNotation.parse_move(&start, "4"), Ok(4));
    /// ```
    ///
    /// # Errors
    /// A message for the person when `text` is not a move.
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String>;

    /// How a move (or a chance outcome) of `state` is shown: by the move lists, the AI's
    /// moves and the hints. It should read back through
    /// [`parse_move`](Notation::parse_move).
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// assert_eq!(DisplayNotation.move_text(&games::TicTacToe::new(), 4), "4");
    /// ```
    fn move_text(&self, state: &G, mv: G::Move) -> String;

    /// The position as `viewer` sees it: a seat shown only what it may see, in a game with
    /// hidden information; `None` for everything (a game between AIs, or the end of the
    /// game, when every hand is shown). `moves` are the moves and chance outcomes played
    /// since the loop's start, for pictures that need the game's history (who closed which
    /// box).
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// let shown = DisplayNotation.position_text(&games::TicTacToe::new(), &[], None);
    /// assert_eq!(shown.lines().count(), 3);
    /// ```
    fn position_text(&self, state: &G, moves: &[G::Move], viewer: Option<usize>) -> String;

    /// The name of the player in `seat` (0-based): `player 1`, `player 2`, … by default.
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// let name = Notation::<games::TicTacToe>::player_name(&DisplayNotation, 1);
    /// assert_eq!(name, "player 2");
    /// ```
    fn player_name(&self, seat: usize) -> String {
        format!("player {}", seat + 1)
    }

    /// What to type for a move in `state`, for the prompt, given the legal moves: by
    /// default all of them when there are at most eight (`one of 1 2 3`), else an example
    /// (`a move such as 1`). A game whose moves have names (check, bet) lists them.
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// let start = games::TicTacToe::new();
    /// assert_eq!(DisplayNotation.move_help(&start, &[0, 4]), "one of 0 4");
    /// ```
    fn move_help(&self, state: &G, legal: &[G::Move]) -> String {
        match legal {
            [] => String::new(),
            [first, ..] if legal.len() > 8 => {
                format!("a move such as {}", self.move_text(state, *first))
            }
            _ => {
                let texts: Vec<String> = legal.iter().map(|&m| self.move_text(state, m)).collect();
                format!("one of {}", texts.join(" "))
            }
        }
    }

    /// The line `viewer` is told when `mv` takes `before` to `after` (a player's move or a
    /// chance outcome), or `None` for the loop's own: `player 2 (mcts) plays 4` for an AI's
    /// move, `chance: 5` for a chance outcome, nothing for a person's own move. A game with
    /// hidden information tells the viewer only what it may learn (`player 2 is dealt a
    /// card`, `you are dealt the king`).
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// let start = games::TicTacToe::new();
    /// assert_eq!(DisplayNotation.announce(&start, 4, &start, None), None);
    /// ```
    fn announce(
        &self,
        before: &G,
        mv: G::Move,
        after: &G,
        viewer: Option<usize>,
    ) -> Option<String> {
        let _ = (before, mv, after, viewer);
        None
    }

    /// How the finished game `end` came out, after `Game over: `: by default the winners
    /// by reward (`player 1 wins`, `player 1 and player 3 win`), or `draw` when every
    /// player has the same reward.
    ///
    /// ```
    /// use play::{DisplayNotation, Notation};
    /// use search_core::Game;
    /// let mut end = games::TicTacToe::new();
    /// for cell in [0, 3, 1, 4, 2] { end.play(cell) }
    /// assert_eq!(DisplayNotation.result_text(&end), "player 1 wins");
    /// ```
    fn result_text(&self, end: &G) -> String {
        let mut rewards = vec![0.0; end.player_count()];
        end.rewards(&mut rewards);
        let best = rewards.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners: Vec<String> = (0..rewards.len())
            .filter(|&p| rewards[p] == best)
            .map(|p| self.player_name(p))
            .collect();
        match winners.len() {
            n if n == rewards.len() => "draw".to_string(),
            1 => format!("{} wins", winners[0]),
            _ => format!("{} win", winners.join(" and ")),
        }
    }
}

/// The notation of a game whose position is `Display` and whose moves are
/// `FromStr + Display`: moves are typed and shown as those traits do, and the position is
/// shown whole to everyone (a game with hidden information needs its own notation).
///
/// ```
/// use play::{DisplayNotation, Notation};
/// let start = games::ConnectFour::new();
/// assert!(DisplayNotation.parse_move(&start, "x").is_err());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DisplayNotation;

impl<G> Notation<G> for DisplayNotation
where
    G: GeneralGame + Display,
    G::Move: FromStr + Display,
    <G::Move as FromStr>::Err: Display,
{
    fn parse_move(&self, _state: &G, text: &str) -> Result<G::Move, String> {
        text.parse()
            .map_err(|e: <G::Move as FromStr>::Err| e.to_string())
    }

    fn move_text(&self, _state: &G, mv: G::Move) -> String {
        mv.to_string()
    }

    fn position_text(&self, state: &G, _moves: &[G::Move], _viewer: Option<usize>) -> String {
        state.to_string()
    }
}
