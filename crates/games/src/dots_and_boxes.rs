//! Dots and Boxes: players take turns drawing a line between two neighbouring dots; a
//! player who completes the fourth side of a box owns it and moves again. The game is won
//! by the larger number of boxes, and its [`margin`](Game::margin) is the difference.

use core::fmt;

use search_core::{Game, GameHash, Outcome, Player};

use crate::setup::SetupError;

/// Dots and Boxes on a board of `rows × cols` boxes, written naturally: a player who closes
/// a box draws again, so [`to_move`](Game::to_move) stays the same after such a move.
///
/// Moves are line indices: first the horizontal lines row by row (`(rows + 1) × cols` of
/// them, line `r * cols + c` above box `(r, c)`), then the vertical lines
/// (`rows × (cols + 1)`, line `H + r * (cols + 1) + c` left of box `(r, c)`, where `H` is
/// the number of horizontal lines).
///
/// ```
/// use games::DotsAndBoxes;
/// use search_core::{Game, Player};
///
/// let mut game = DotsAndBoxes::new(1, 1).unwrap(); // one box, four lines
/// game.play(0); // top
/// game.play(1); // bottom
/// game.play(2); // left
/// assert_eq!(game.to_move(), Player::Second);
/// game.play(3); // right: Second closes the box
/// assert_eq!(game.margin(), Some(-1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DotsAndBoxes {
    rows: u8,
    cols: u8,
    drawn: u64,
    all: u64,
    boxes: [u8; 2],
    to_move: Player,
}

impl DotsAndBoxes {
    /// The most lines a board may have: the hash key packs the drawn lines, the first player's
    /// boxes and the side to move into 64 bits.
    pub(crate) const MAX_LINES: usize = 56;

    /// An empty board of `rows × cols` boxes (each at least 1, at most 56 lines).
    ///
    /// ```
    /// assert!(games::DotsAndBoxes::new(2, 3).is_ok());
    /// assert!(games::DotsAndBoxes::new(5, 5).is_err()); // 60 lines
    /// ```
    ///
    /// # Errors
    /// [`SetupError::BoardSize`] for an empty board or one with more than 56
    /// lines.
    pub fn new(rows: usize, cols: usize) -> Result<Self, SetupError> {
        let lines = (rows + 1) * cols + rows * (cols + 1);
        if rows == 0 || cols == 0 || lines > Self::MAX_LINES {
            return Err(SetupError::BoardSize {
                game: "Dots and Boxes",
                detail: format!(
                    "{rows} × {cols} boxes have {lines} lines; the board needs at least one box and at most {} lines",
                    Self::MAX_LINES
                ),
            });
        }
        Ok(DotsAndBoxes {
            rows: rows as u8,
            cols: cols as u8,
            drawn: 0,
            all: (1 << lines) - 1,
            boxes: [0; 2],
            to_move: Player::First,
        })
    }

    /// The board's size in boxes: `(rows, cols)`.
    ///
    /// ```
    /// assert_eq!(games::DotsAndBoxes::new(2, 3).unwrap().size(), (2, 3));
    /// ```
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        (usize::from(self.rows), usize::from(self.cols))
    }

    /// The number of lines on the board.
    ///
    /// ```
    /// assert_eq!(games::DotsAndBoxes::new(2, 2).unwrap().line_count(), 12);
    /// ```
    #[must_use]
    pub fn line_count(&self) -> usize {
        self.all.count_ones() as usize
    }

    /// The boxes each player owns, indexed by [`Player::index`].
    ///
    /// ```
    /// assert_eq!(games::DotsAndBoxes::new(2, 2).unwrap().boxes(), [0, 0]);
    /// ```
    #[must_use]
    pub fn boxes(&self) -> [u8; 2] {
        self.boxes
    }

    /// Whether line `line` is drawn.
    ///
    /// ```
    /// use search_core::Game;
    /// let mut game = games::DotsAndBoxes::new(1, 2).unwrap();
    /// game.play(4);
    /// assert!(game.is_drawn(4) && !game.is_drawn(0));
    /// ```
    #[must_use]
    pub fn is_drawn(&self, line: u8) -> bool {
        line < 64 && self.drawn & (1 << line) != 0
    }

    fn horizontal(&self) -> usize {
        (usize::from(self.rows) + 1) * usize::from(self.cols)
    }

    /// The four lines of box `(r, c)` as a mask.
    fn box_mask(&self, r: usize, c: usize) -> u64 {
        let cols = usize::from(self.cols);
        let h = self.horizontal();
        (1 << (r * cols + c))
            | (1 << ((r + 1) * cols + c))
            | (1 << (h + r * (cols + 1) + c))
            | (1 << (h + r * (cols + 1) + c + 1))
    }

    /// The lines `drawn` mirrored top to bottom: row `r` of horizontal lines goes to row
    /// `rows − r`, row `r` of vertical lines to row `rows − 1 − r`.
    fn flip_rows(&self, drawn: u64) -> u64 {
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let h = self.horizontal();
        let (row, column_row) = ((1u64 << cols) - 1, (1u64 << (cols + 1)) - 1);
        let mut out = 0;
        for r in 0..=rows {
            out |= ((drawn >> (r * cols)) & row) << ((rows - r) * cols);
        }
        for r in 0..rows {
            out |=
                ((drawn >> (h + r * (cols + 1))) & column_row) << (h + (rows - 1 - r) * (cols + 1));
        }
        out
    }

    /// The lines `drawn` turned half a turn: line `i` of each kind goes to the last minus
    /// `i`, so each kind's bits are reversed.
    fn rotate(&self, drawn: u64) -> u64 {
        let h = self.horizontal() as u32;
        let v = self.all.count_ones() - h;
        let horizontal = drawn & ((1u64 << h) - 1);
        let vertical = drawn >> h;
        (horizontal.reverse_bits() >> (64 - h)) | ((vertical.reverse_bits() >> (64 - v)) << h)
    }

    /// The (at most two) boxes a line borders.
    fn boxes_of(&self, line: usize) -> [Option<(usize, usize)>; 2] {
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let h = self.horizontal();
        if line < h {
            let (r, c) = (line / cols, line % cols);
            [(r > 0).then(|| (r - 1, c)), (r < rows).then_some((r, c))]
        } else {
            let v = line - h;
            let (r, c) = (v / (cols + 1), v % (cols + 1));
            [(c > 0).then(|| (r, c - 1)), (c < cols).then_some((r, c))]
        }
    }
}

impl Default for DotsAndBoxes {
    /// The usual small board: 3 × 3 boxes (24 lines).
    ///
    /// ```
    /// assert_eq!(games::DotsAndBoxes::default().line_count(), 24);
    /// ```
    fn default() -> Self {
        DotsAndBoxes::new(3, 3).expect("3 × 3 boxes have 24 lines")
    }
}

impl Game for DotsAndBoxes {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        let mut free = self.all & !self.drawn;
        while free != 0 {
            moves.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    fn play(&mut self, line: u8) {
        self.drawn |= 1 << line;
        let mut closed = false;
        for (r, c) in self.boxes_of(usize::from(line)).into_iter().flatten() {
            let mask = self.box_mask(r, c);
            if self.drawn & mask == mask {
                self.boxes[self.to_move.index()] += 1;
                closed = true;
            }
        }
        if !closed {
            self.to_move = self.to_move.opponent();
        }
    }

    fn outcome(&self) -> Outcome {
        if self.drawn != self.all {
            return Outcome::Ongoing;
        }
        match self.boxes[0].cmp(&self.boxes[1]) {
            core::cmp::Ordering::Greater => Outcome::Win(Player::First),
            core::cmp::Ordering::Less => Outcome::Win(Player::Second),
            core::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    fn legal_move_count(&self) -> usize {
        (self.all & !self.drawn).count_ones() as usize
    }

    const HAS_MOVE_COUNT: bool = true;

    /// `+1` for each box the line closes, `−1` for each box it gives away (draws its third
    /// side): captures first, sacrifices last.
    ///
    /// ```
    /// use search_core::Game;
    /// let mut game = games::DotsAndBoxes::new(1, 1).unwrap();
    /// assert_eq!(game.move_order_hint(0), 0);
    /// game.play(0);
    /// game.play(1);
    /// assert_eq!(game.move_order_hint(2), -1); // the third side
    /// game.play(2);
    /// assert_eq!(game.move_order_hint(3), 1); // the fourth
    /// ```
    fn move_order_hint(&self, line: u8) -> i32 {
        let drawn = self.drawn | (1 << line);
        self.boxes_of(usize::from(line))
            .into_iter()
            .flatten()
            .map(|(r, c)| match (drawn & self.box_mask(r, c)).count_ones() {
                4 => 1,
                3 => -1,
                _ => 0,
            })
            .sum()
    }

    fn remaining_plies_bound(&self) -> Option<u32> {
        Some((self.all & !self.drawn).count_ones())
    }

    fn margin(&self) -> Option<i32> {
        Some(i32::from(self.boxes[0]) - i32::from(self.boxes[1]))
    }
}

impl GameHash for DotsAndBoxes {
    const KEY_IS_EXACT: bool = true;

    /// The drawn lines (at most 56 bits), the first player's boxes (7 bits) and the side to
    /// move (1 bit): the second player's boxes follow from the closed boxes.
    fn hash_key(&self) -> u64 {
        self.drawn
            | (u64::from(self.boxes[0]) << Self::MAX_LINES)
            | ((self.to_move.index() as u64) << 63)
    }

    /// The boxes taken: the first player's minus the second player's.
    ///
    /// ```
    /// use search_core::{Game, GameHash};
    /// let mut game = games::DotsAndBoxes::new(1, 1).unwrap();
    /// for line in 0..4 { game.play(line) }
    /// assert_eq!(game.banked_margin(), -1); // the second player drew the fourth line
    /// ```
    fn banked_margin(&self) -> i32 {
        i32::from(self.boxes[0]) - i32::from(self.boxes[1])
    }

    /// The drawn lines and the side to move, without the boxes: which boxes can still be
    /// taken, and by whom, depends on the lines only. The board's mirror images (left and
    /// right, top and bottom, and both) have the same margin to come, so they share one
    /// key: the smallest image's lines.
    ///
    /// ```
    /// use search_core::{Game, GameHash};
    /// let mut left = games::DotsAndBoxes::new(2, 3).unwrap();
    /// let mut right = left;
    /// left.play(0); // the top line of the top-left box
    /// right.play(2); // the top line of the top-right box
    /// assert_eq!(left.unbanked_key(), right.unbanked_key());
    /// assert_ne!(left.hash_key(), right.hash_key());
    /// ```
    fn unbanked_key(&self) -> u64 {
        let top_bottom = self.flip_rows(self.drawn);
        let lowest = self
            .drawn
            .min(top_bottom)
            .min(self.rotate(self.drawn))
            .min(self.rotate(top_bottom));
        lowest | ((self.to_move.index() as u64) << 63)
    }

    /// The boxes not yet taken.
    ///
    /// ```
    /// use search_core::GameHash;
    /// assert_eq!(games::DotsAndBoxes::new(2, 3).unwrap().unbanked_margin_bound(), Some(6));
    /// ```
    fn unbanked_margin_bound(&self) -> Option<u32> {
        let (rows, cols) = self.size();
        Some((rows * cols) as u32 - u32::from(self.boxes[0]) - u32::from(self.boxes[1]))
    }
}

impl fmt::Display for DotsAndBoxes {
    /// Dots as `+`, drawn lines as `---` and `|`, closed boxes as `#`, then the score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = (usize::from(self.rows), usize::from(self.cols));
        let h = self.horizontal();
        for r in 0..=rows {
            for c in 0..cols {
                let drawn = self.drawn & (1 << (r * cols + c)) != 0;
                write!(f, "+{}", if drawn { "---" } else { "   " })?;
            }
            writeln!(f, "+")?;
            if r == rows {
                break;
            }
            for c in 0..=cols {
                let drawn = self.drawn & (1 << (h + r * (cols + 1) + c)) != 0;
                f.write_str(if drawn { "|" } else { " " })?;
                if c < cols {
                    let mask = self.box_mask(r, c);
                    f.write_str(if self.drawn & mask == mask {
                        " # "
                    } else {
                        "   "
                    })?;
                }
            }
            writeln!(f)?;
        }
        write!(
            f,
            "boxes {}–{}, {} to move",
            self.boxes[0], self.boxes[1], self.to_move
        )
    }
}
