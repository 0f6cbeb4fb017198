//! The games with dice or more than two players, as `ply` shows them: EinStein würfelt
//! nicht! and the m,n,k-game for two to four players ([`Tabletop`]), and their notation at
//! the prompt ([`Table`]). Their engines are in `crate::ai::general`.

use std::fmt::Debug;

use adversarial::{BestReply, GeneralResult};
use games::{EinStein, EinSteinMove, MnkGame};
use search_core::{GeneralGame, SearchError, Turn};

/// The evaluator every search of these games uses: the game's own estimate.
pub(crate) type Eval<G> = fn(&G, &mut [f64]);

/// What the terminal needs from a game with dice or more than two players.
pub(crate) trait Tabletop: GeneralGame<Move: Debug + Send> + Send + Sync + 'static {
    /// The game's name.
    const NAME: &'static str;
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;
    /// Random moves before each round of a match unless `--opening-plies` says, and why
    /// when it is 0.
    const OPENING: (u32, &'static str) = (2, "");
    /// The board as the prompt shows it.
    fn board(&self) -> String;
    /// A player's name: its mark on the board.
    fn seat_name(player: usize) -> String;
    /// Reads what a person typed as a legal move of the player to move, or explains what is
    /// wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// A move (or a chance outcome) as a person would type or read it.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Every player's estimated reward where a search stops, within the reward range.
    fn estimate(&self, values: &mut [f64]);
    /// The board's size and rules when the game has several (empty when it has one).
    fn variant(&self) -> String {
        String::new()
    }
    /// Best-reply search of `self` (which needs moves out of turn), or why it cannot be.
    fn best_reply(
        &self,
        search: &BestReply<Eval<Self>>,
    ) -> Result<GeneralResult<Self::Move>, SearchError>;
}

/// The columns' letters and rows' numbers of a cell: `a1` is the top-left corner.
fn coordinate(cell: usize, width: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + (cell % width) as u8),
        cell / width + 1
    )
}

/// Reads a coordinate such as `c3` on a `width × height` board.
fn parse_coordinate(text: &str, width: usize, height: usize) -> Result<usize, String> {
    let mut chars = text.chars();
    let bad = || {
        format!(
            "{} is not a cell: type a column a-{} and a row 1-{height}, such as b2",
            crate::input::quote(text),
            char::from(b'a' + (width - 1) as u8)
        )
    };
    let col = chars.next().ok_or_else(bad)?;
    if !col.is_ascii_lowercase() || usize::from(col as u8 - b'a') >= width {
        return Err(bad());
    }
    let row: usize = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=height).contains(&row) {
        return Err(bad());
    }
    Ok((row - 1) * width + usize::from(col as u8 - b'a'))
}

/// The legal moves in words.
fn move_texts<G: Tabletop>(state: &G) -> String {
    let mut moves = Vec::new();
    state.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| state.move_text(m))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Tabletop for EinStein {
    const NAME: &'static str = "EinStein würfelt nicht!";
    const MOVE_HELP: &'static str = "a step such as b2c3 (from, to), or only where to (c3)";
    const OPENING: (u32, &'static str) =
        (0, " in EinStein würfelt nicht!, whose dice vary the games");

    fn board(&self) -> String {
        let side = EinStein::SIDE;
        let mut text = String::from("   a b c d e\n");
        for row in 0..side {
            text.push_str(&format!("{} ", row + 1));
            for col in 0..side {
                let mark = match self.cube(row * side + col) {
                    None => '.',
                    Some((0, n)) => char::from(b'0' + n),
                    Some((_, n)) => char::from(b'a' + n - 1),
                };
                text.push(' ');
                text.push(mark);
            }
            text.push('\n');
        }
        text.push_str("Player 1 (cubes 1-6) heads for e5, player 2 (cubes a-f) for a1.");
        text
    }

    fn seat_name(player: usize) -> String {
        format!("player {}", player + 1)
    }

    fn parse_move(&self, text: &str) -> Result<EinSteinMove, String> {
        let side = EinStein::SIDE;
        let text: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let mut moves = Vec::new();
        self.moves(&mut moves);
        let legal = || format!("legal moves: {}", move_texts(self));
        let found: Vec<EinSteinMove> = if text.len() > 2 {
            let split = text
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())
                .map_or(text.len(), |(i, _)| i);
            let from = parse_coordinate(&text[..split], side, side)?;
            let to = parse_coordinate(&text[split..], side, side)?;
            moves
                .into_iter()
                .filter(|m| {
                    matches!(m, EinSteinMove::Step { from: f, to: t }
                        if usize::from(*f) == from && usize::from(*t) == to)
                })
                .collect()
        } else {
            let to = parse_coordinate(&text, side, side)?;
            moves
                .into_iter()
                .filter(|m| matches!(m, EinSteinMove::Step { to: t, .. } if usize::from(*t) == to))
                .collect()
        };
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(format!(
                "{} is not a legal step; {}",
                crate::input::quote(&text),
                legal()
            )),
            _ => Err(format!(
                "two cubes can reach {}: say which, from and to; {}",
                crate::input::quote(&text),
                legal()
            )),
        }
    }

    fn move_text(&self, mv: EinSteinMove) -> String {
        match mv {
            EinSteinMove::Roll(face) => format!("a {face}"),
            EinSteinMove::Step { from, to } => format!(
                "{}{}",
                coordinate(usize::from(from), EinStein::SIDE),
                coordinate(usize::from(to), EinStein::SIDE)
            ),
        }
    }

    /// The race: how many steps each player's most advanced cube still needs, and how many
    /// cubes each has left, squeezed into (-0.9, 0.9) for the player to move's side.
    fn estimate(&self, values: &mut [f64]) {
        let side = EinStein::SIDE;
        let mut steps = [side; 2];
        let mut cubes = [0.0f64; 2];
        for cell in 0..side * side {
            if let Some((player, _)) = self.cube(cell) {
                let (row, col) = (cell / side, cell % side);
                let left = if player == 0 {
                    (side - 1 - row).max(side - 1 - col)
                } else {
                    row.max(col)
                };
                steps[player] = steps[player].min(left);
                cubes[player] += 1.0;
            }
        }
        let lead = (steps[1] as f64 - steps[0] as f64) / 2.0 + (cubes[0] - cubes[1]) / 6.0;
        let value = 0.9 * lead.tanh();
        values[0] = value;
        values[1] = -value;
    }

    fn best_reply(
        &self,
        _search: &BestReply<Eval<Self>>,
    ) -> Result<GeneralResult<EinSteinMove>, SearchError> {
        Err(SearchError::UnsupportedGame {
            engine: "BestReply",
            reason: "EinStein würfelt nicht! has two players and dice: play it with alphabeta (expectiminimax)".to_string(),
        })
    }
}

impl Tabletop for MnkGame {
    const NAME: &'static str = "m,n,k-game";
    const MOVE_HELP: &'static str = "a cell such as c3 (column letter, row number)";

    fn board(&self) -> String {
        let (width, height, k) = self.shape();
        let mut text = String::from("  ");
        for col in 0..width {
            text.push(' ');
            text.push(char::from(b'a' + col as u8));
        }
        text.push('\n');
        for row in 0..height {
            text.push_str(&format!("{:>2}", row + 1));
            for col in 0..width {
                let mark = self
                    .owner(row * width + col)
                    .map_or('.', |p| char::from(b'A' + p as u8));
                text.push(' ');
                text.push(mark);
            }
            text.push('\n');
        }
        text.push_str(&format!(
            "{k} in a row wins; {} players.",
            self.player_count()
        ));
        text
    }

    fn seat_name(player: usize) -> String {
        char::from(b'A' + player as u8).to_string()
    }

    fn variant(&self) -> String {
        let (width, height, k) = self.shape();
        format!(
            "{height} x {width}, {k} in a row, {} players",
            self.player_count()
        )
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let (width, height, _) = self.shape();
        let cell = parse_coordinate(text, width, height)?;
        if self.owner(cell).is_some() {
            return Err(format!("{text} is taken: choose an empty cell"));
        }
        Ok(cell as u8)
    }

    fn move_text(&self, cell: u8) -> String {
        coordinate(usize::from(cell), self.shape().0)
    }

    /// Each player's share of the lines still open to it, weighted by the square of its
    /// marks in each: the values add up to 1, as the rewards do.
    fn estimate(&self, values: &mut [f64]) {
        let (width, height, k) = self.shape();
        let players = self.player_count();
        let mut weight = [1.0f64; MnkGame::MAX_PLAYERS];
        let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for row in 0..height as isize {
            for col in 0..width as isize {
                for (dr, dc) in directions {
                    let end = (row + dr * (k as isize - 1), col + dc * (k as isize - 1));
                    if end.0 < 0 || end.0 >= height as isize || end.1 < 0 || end.1 >= width as isize
                    {
                        continue;
                    }
                    let mut counts = [0u32; MnkGame::MAX_PLAYERS];
                    for i in 0..k as isize {
                        let cell = (row + dr * i) as usize * width + (col + dc * i) as usize;
                        if let Some(p) = self.owner(cell) {
                            counts[p] += 1;
                        }
                    }
                    let owners: Vec<usize> = (0..players).filter(|&p| counts[p] > 0).collect();
                    if let [p] = owners.as_slice() {
                        weight[*p] += f64::from(counts[*p] * counts[*p]);
                    }
                }
            }
        }
        let total: f64 = weight[..players].iter().sum();
        for (v, w) in values.iter_mut().zip(&weight[..players]) {
            *v = w / total;
        }
    }

    fn best_reply(&self, search: &BestReply<Eval<Self>>) -> Result<GeneralResult<u8>, SearchError> {
        search.search(self)
    }
}

/// The notation of a [`Tabletop`] game at the prompt: its moves and board as
/// [`Tabletop`] writes them, its players by their marks, the dice announced as rolled.
pub(crate) struct Table;

impl<G: Tabletop> play::Notation<G> for Table {
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String> {
        state.parse_move(text)
    }

    fn move_text(&self, state: &G, mv: G::Move) -> String {
        state.move_text(mv)
    }

    fn position_text(&self, state: &G, _: &[G::Move], _: Option<usize>) -> String {
        state.board()
    }

    fn player_name(&self, seat: usize) -> String {
        G::seat_name(seat)
    }

    fn move_help(&self, _: &G, _: &[G::Move]) -> String {
        G::MOVE_HELP.to_string()
    }

    fn announce(&self, before: &G, mv: G::Move, after: &G, _: Option<usize>) -> Option<String> {
        (before.turn() == Turn::Chance).then(|| {
            let who = match after.turn() {
                Turn::Player(p) => G::seat_name(p),
                _ => "the dice".to_string(),
            };
            format!("{who} rolls {}.", before.move_text(mv))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::SplitMix64;

    #[test]
    fn coordinates_read_back_what_they_print() {
        for cell in 0..30 {
            assert_eq!(parse_coordinate(&coordinate(cell, 6), 6, 5), Ok(cell));
        }
        for bad in ["", "a", "a0", "g1", "a6", "A1", "1a", "a1x"] {
            assert!(parse_coordinate(bad, 6, 5).is_err(), "{bad}");
        }
    }

    #[test]
    fn estimates_stay_within_the_reward_range_and_sum() {
        let mut rng = SplitMix64::new(3);
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        for game in 0..20 {
            let mut e = EinStein::new();
            let mut m = MnkGame::new(5, 5, 3, 2 + game % 3).unwrap();
            for _ in 0..40 {
                let mut v = [0.0; 2];
                e.estimate(&mut v);
                assert!(v[0].abs() < 1.0 && v[0] == -v[1], "{v:?}");
                let mut w = [0.0; 4];
                let n = m.player_count();
                m.estimate(&mut w[..n]);
                assert!((w[..n].iter().sum::<f64>() - 1.0).abs() < 1e-9, "{w:?}");
                assert!(w[..n].iter().all(|x| (0.0..=1.0).contains(x)), "{w:?}");
                match e.turn() {
                    Turn::Chance => {
                        outcomes.clear();
                        e.chance_outcomes(&mut outcomes);
                        e.apply(outcomes[rng.below(outcomes.len())].0);
                    }
                    Turn::Player(_) => {
                        moves.clear();
                        e.moves(&mut moves);
                        e.apply(moves[rng.below(moves.len())]);
                    }
                    Turn::Over => e = EinStein::new(),
                }
                moves.clear();
                let mut cells = Vec::new();
                m.moves(&mut cells);
                if cells.is_empty() {
                    m = MnkGame::new(5, 5, 3, 2 + game % 3).unwrap();
                } else {
                    m.apply(cells[rng.below(cells.len())]);
                }
            }
        }
    }

    #[test]
    fn every_legal_move_reads_back_from_its_text() {
        let mut rng = SplitMix64::new(9);
        let mut state = EinStein::new();
        let mut moves = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..200 {
            match state.turn() {
                Turn::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    state.apply(outcomes[rng.below(outcomes.len())].0);
                }
                Turn::Player(_) => {
                    moves.clear();
                    state.moves(&mut moves);
                    for &mv in &moves {
                        assert_eq!(state.parse_move(&state.move_text(mv)), Ok(mv));
                    }
                    state.apply(moves[rng.below(moves.len())]);
                }
                Turn::Over => state = EinStein::new(),
            }
        }
        let mut mnk = MnkGame::new(6, 6, 4, 3).unwrap();
        let mut cells = Vec::new();
        mnk.moves(&mut cells);
        for &cell in &cells {
            assert_eq!(mnk.parse_move(&mnk.move_text(cell)), Ok(cell));
        }
        mnk.apply(cells[0]);
        assert!(mnk.parse_move(&mnk.move_text(cells[0])).is_err());
    }
}
