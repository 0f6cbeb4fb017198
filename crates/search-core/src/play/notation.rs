//! [`Notation`]: how moves are typed and shown, and how the position is shown;
//! [`DisplayNotation`] for games whose moves are `FromStr + Display`.

use core::fmt::Display;
use core::str::FromStr;

use crate::game::{Game, Player};

/// How a game is written at the prompt: reading a typed move, writing a move, showing the
/// position, and naming the players. [`PlayLoop`](super::PlayLoop) asks nothing else of a
/// game.
///
/// A game whose position is `Display` and whose moves are `FromStr + Display` needs none of
/// this: [`DisplayNotation`], the loop's default, uses those. Implement `Notation` for a
/// game that lacks them, or to read and write its moves differently (coordinates instead of
/// cell numbers, 1-based columns, player names such as `X` and `O`).
///
/// ```
/// use search_core::play::Notation;
/// use search_core::{Game, Outcome, Player};
///
/// /// A row of 3 cells; each player in turn fills one; the game ends when the row is full.
/// #[derive(Clone)]
/// struct Row([Option<Player>; 3]);
/// impl Game for Row {
///     type Move = usize;
///     fn to_move(&self) -> Player {
///         if self.0.iter().flatten().count() % 2 == 0 { Player::First } else { Player::Second }
///     }
///     fn legal_moves(&self, m: &mut Vec<usize>) { m.extend((0..3).filter(|&i| self.0[i].is_none())) }
///     fn play(&mut self, i: usize) { self.0[i] = Some(self.to_move()) }
///     fn outcome(&self) -> Outcome {
///         if self.0.iter().all(Option::is_some) { Outcome::Draw } else { Outcome::Ongoing }
///     }
/// }
///
/// /// Cells typed as the letters a, b, c; players named X and O.
/// struct Letters;
/// impl Notation<Row> for Letters {
///     fn parse_move(&self, _: &Row, text: &str) -> Result<usize, String> {
///         match text {
///             "a" => Ok(0),
///             "b" => Ok(1),
///             "c" => Ok(2),
///             _ => Err("cells are the letters a, b and c".to_string()),
///         }
///     }
///     fn move_text(&self, _: &Row, cell: usize) -> String {
///         ["a", "b", "c"][cell].to_string()
///     }
///     fn position_text(&self, row: &Row) -> String {
///         row.0.iter().map(|c| match c {
///             Some(Player::First) => 'X',
///             Some(Player::Second) => 'O',
///             None => '.',
///         }).collect()
///     }
///     fn player_name(&self, player: Player) -> String {
///         if player == Player::First { "X".into() } else { "O".into() }
///     }
/// }
///
/// let row = Row([None, Some(Player::First), None]);
/// assert_eq!(Letters.parse_move(&row, "c"), Ok(2));
/// assert_eq!(Letters.position_text(&row), ".X.");
/// ```
pub trait Notation<G: Game> {
    /// Reads a move typed in `state` (trimmed; never one of the loop's commands). The
    /// error says what is wrong with the text, for the person who typed it; whether the
    /// move is legal is the loop's check, not the notation's.
    ///
    /// ```
    /// use search_core::play::{DisplayNotation, Notation};
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{} stones", self.0) }
    /// # }
    /// assert_eq!(DisplayNotation.parse_move(&Pile(3), "2"), Ok(2));
    /// // The error is the move type's own: here `u32`'s.
    /// assert_eq!(
    ///     DisplayNotation.parse_move(&Pile(3), "two"),
    ///     Err("invalid digit found in string".to_string())
    /// );
    /// ```
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String>;

    /// How `mv`, a legal move of `state`, is written: in the list of legal moves, in a
    /// hint and when an AI plays it.
    ///
    /// ```
    /// use search_core::play::{DisplayNotation, Notation};
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{} stones", self.0) }
    /// # }
    /// assert_eq!(DisplayNotation.move_text(&Pile(3), 2), "2");
    /// ```
    fn move_text(&self, state: &G, mv: G::Move) -> String;

    /// The position, shown at the start and after every move.
    ///
    /// ```
    /// use search_core::play::{DisplayNotation, Notation};
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Pile(u32);
    /// # impl Game for Pile {
    /// #   type Move = u32;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
    /// #   fn play(&mut self, t: u32) { self.0 -= t }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
    /// # }
    /// # impl std::fmt::Display for Pile {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{} stones", self.0) }
    /// # }
    /// assert_eq!(DisplayNotation.position_text(&Pile(3)), "3 stones");
    /// ```
    fn position_text(&self, state: &G) -> String;

    /// A player's name in prompts and in the result. The default is the
    /// [`Player`]'s own `Display`: `first player`, `second player`.
    ///
    /// ```
    /// use search_core::play::{DisplayNotation, Notation};
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
    /// # impl std::fmt::Display for G {
    /// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("g") }
    /// # }
    /// let name = Notation::<G>::player_name(&DisplayNotation, Player::Second);
    /// assert_eq!(name, "second player");
    /// ```
    fn player_name(&self, player: Player) -> String {
        player.to_string()
    }
}

/// The [`Notation`] of a game whose position is `Display` and whose moves are
/// `FromStr + Display`: a move is typed as its `FromStr` reads it (the parse error, shown
/// to the person at the prompt, says what was wrong) and shown with `Display`, and so is
/// the position. It is [`PlayLoop`](super::PlayLoop)'s default, so such a game needs no
/// notation code at all.
///
/// ```
/// use search_core::play::{DisplayNotation, Notation};
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone)] struct Pile(u32);
/// # impl Game for Pile {
/// #   type Move = u32;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
/// #   fn play(&mut self, t: u32) { self.0 -= t }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Draw } else { Outcome::Ongoing } }
/// # }
/// # impl std::fmt::Display for Pile {
/// #   fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{} stones", self.0) }
/// # }
/// // `Pile` is `Display` ("5 stones") and its moves are `u32`.
/// let notation = DisplayNotation;
/// assert_eq!(notation.parse_move(&Pile(5), "2"), Ok(2));
/// assert!(notation.parse_move(&Pile(5), "two").is_err());
/// assert_eq!(notation.position_text(&Pile(5)), "5 stones");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DisplayNotation;

impl<G> Notation<G> for DisplayNotation
where
    G: Game + Display,
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

    fn position_text(&self, state: &G) -> String {
        state.to_string()
    }
}
