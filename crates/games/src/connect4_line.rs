//! The `<moves> [score]` line format of Pascal Pons' published Connect Four benchmark sets,
//! and the conversion between its scores and [`Score`].
//!
//! A line holds the 1-based columns played from the empty board (`4455`; `-` or nothing
//! before the score is the empty board), optionally followed by whitespace and the exact
//! score from the side to move: `0` for a draw, `22 - s` for a win where `s` is the number
//! of stones the winner has placed when it wins, `s - 22` for a loss. Blank lines and lines
//! starting with `#` carry no position.
//!
//! ```
//! use games::connect4_line::{parse_line, ScoredPosition};
//!
//! let line = parse_line("4455 18").unwrap().expect("a position");
//! assert_eq!(line.moves, "4455");
//! assert_eq!(line.score, Some(18));
//! assert_eq!(line.to_string(), "4455 18");
//! assert!(parse_line("   ").unwrap().is_none());
//! assert!(parse_line("4455 x").is_err());
//! ```

use std::fmt;

use search_core::Score;
use thiserror::Error;

use crate::connect4::{ConnectFour, HEIGHT, ParseConnectFourError, WIDTH};

/// One position of a benchmark line: the moves as written, the position they reach, and the
/// expected score if the line carries one.
///
/// `Display` writes the line back (`-` for the empty board), so parsing what it prints gives
/// the same value.
///
/// ```
/// use games::connect4_line::parse_line;
/// let line = parse_line("- 1").unwrap().unwrap();
/// assert_eq!(line.position.moves_played(), 0);
/// assert_eq!(parse_line(&line.to_string()).unwrap(), Some(line));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredPosition {
    /// The 1-based column digits, empty for the empty board.
    pub moves: String,
    /// The position the moves reach.
    pub position: ConnectFour,
    /// The expected score in the benchmark's convention, if the line has one.
    pub score: Option<i32>,
}

impl fmt::Display for ScoredPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves = if self.moves.is_empty() {
            "-"
        } else {
            &self.moves
        };
        match self.score {
            Some(score) => write!(f, "{moves} {score}"),
            None => f.write_str(moves),
        }
    }
}

/// Why a line was rejected.
///
/// ```
/// use games::connect4_line::{parse_line, ParseLineError};
/// assert!(matches!(parse_line("4455 18 7"), Err(ParseLineError::ExtraField { .. })));
/// assert!(matches!(parse_line("4455 40"), Err(ParseLineError::ScoreOutOfRange { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseLineError {
    /// The move string is not a legal sequence of moves. The message quotes at most 40
    /// characters of it.
    #[error("bad moves {}: {source}", Shortened(moves))]
    Moves {
        /// The move string as written.
        moves: String,
        /// What is wrong with it.
        source: ParseConnectFourError,
    },
    /// The second field is not an integer.
    #[error(
        "the score {} is not an integer (expected `moves [score]`)",
        Shortened(found)
    )]
    Score {
        /// The field as written.
        found: String,
    },
    /// The score cannot be the value of a position with this many stones.
    #[error(
        "the score {score} is impossible after {stones} stones (scores lie between -{max} and {max})"
    )]
    ScoreOutOfRange {
        /// The score given.
        score: i32,
        /// Stones on the board.
        stones: u32,
        /// The largest possible absolute score.
        max: i32,
    },
    /// More than two fields.
    #[error("unexpected field {} (expected `moves [score]`)", Shortened(found))]
    ExtraField {
        /// The first extra field.
        found: String,
    },
}

/// A field quoted in a message: `Debug` quoting, cut after 40 characters with the length
/// said, so that a megabyte-long line makes a short message.
struct Shortened<'a>(&'a str);

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 40;
        match self.0.char_indices().nth(SHOWN) {
            None => write!(f, "{:?}", self.0),
            Some((cut, _)) => write!(
                f,
                "{:?}... ({} characters)",
                &self.0[..cut],
                self.0.chars().count()
            ),
        }
    }
}

/// Parses one line: `Ok(None)` for a blank or `#` comment line.
///
/// # Errors
/// A [`ParseLineError`] saying what was expected.
///
/// ```
/// use games::connect4_line::parse_line;
/// let line = parse_line("2252576253462244111563365343671351441 -1").unwrap().unwrap();
/// assert_eq!(line.position.moves_played(), 37);
/// assert!(parse_line("# a comment").unwrap().is_none());
/// ```
pub fn parse_line(line: &str) -> Result<Option<ScoredPosition>, ParseLineError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or_default();
    let score = fields.next();
    if let Some(extra) = fields.next() {
        return Err(ParseLineError::ExtraField {
            found: extra.to_string(),
        });
    }
    let moves = if moves == "-" { "" } else { moves };
    let position: ConnectFour = moves.parse().map_err(|source| ParseLineError::Moves {
        moves: moves.to_string(),
        source,
    })?;
    let score = match score {
        None => None,
        Some(text) => {
            let score: i32 = text.parse().map_err(|_| ParseLineError::Score {
                found: text.to_string(),
            })?;
            let stones = position.moves_played();
            let max = max_score(stones);
            // A range test, not `score.abs() > max`: `i32::MIN` has no absolute value.
            if !(-max..=max).contains(&score) {
                return Err(ParseLineError::ScoreOutOfRange { score, stones, max });
            }
            Some(score)
        }
    };
    Ok(Some(ScoredPosition {
        moves: moves.to_string(),
        position,
        score,
    }))
}

/// The largest absolute score a position with `stones` stones can have: a win on the side
/// to move's next stone.
///
/// ```
/// use games::connect4_line::max_score;
/// assert_eq!(max_score(0), 21);
/// assert_eq!(max_score(41), 1);
/// ```
pub fn max_score(stones: u32) -> i32 {
    ((WIDTH * HEIGHT + 1).saturating_sub(stones) / 2) as i32
}

/// The benchmark score of a position with `stones` stones whose exact value is `value`, or
/// `None` if `value` is not exact (a bound or a heuristic value).
///
/// ```
/// use games::connect4_line::benchmark_score;
/// use search_core::Score;
/// assert_eq!(benchmark_score(Score::win_in(3), 4), Some(18));
/// assert_eq!(benchmark_score(Score::loss_in(2), 11), Some(-15));
/// assert_eq!(benchmark_score(Score::DRAW, 30), Some(0));
/// ```
pub fn benchmark_score(value: Score, stones: u32) -> Option<i32> {
    let half = (WIDTH * HEIGHT) as i32 / 2 + 1;
    let winner_stones = |plies: u32| (stones + plies).div_ceil(2) as i32;
    if value.is_win() {
        value.plies_to_end().map(|d| half - winner_stones(d))
    } else if value.is_loss() {
        value.plies_to_end().map(|d| winner_stones(d) - half)
    } else if value == Score::DRAW {
        Some(0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::{Game, Outcome};

    #[test]
    fn scores_round_trip_through_plies() {
        // Every win or loss distance that fits on the board maps to a score within range,
        // and the side that moves last decides the sign.
        for stones in 0..42u32 {
            for plies in 1..=(42 - stones) {
                let win = benchmark_score(Score::win_in(plies), stones).unwrap();
                let loss = benchmark_score(Score::loss_in(plies), stones).unwrap();
                assert!(
                    win > 0 && win <= max_score(stones),
                    "{stones} {plies} {win}"
                );
                assert!(
                    loss < 0 && -loss <= max_score(stones),
                    "{stones} {plies} {loss}"
                );
            }
        }
    }

    #[test]
    fn rejects_with_reasons() {
        assert!(matches!(
            parse_line("4448"),
            Err(ParseLineError::Moves { .. })
        ));
        assert!(matches!(
            parse_line("44 1.5"),
            Err(ParseLineError::Score { .. })
        ));
        assert!(matches!(
            parse_line("4444444"),
            Err(ParseLineError::Moves { .. })
        ));
        let err = parse_line("44 -22").unwrap_err();
        assert!(err.to_string().contains("impossible"), "{err}");
        let long = "4".repeat(100_000);
        let err = parse_line(&long).unwrap_err().to_string();
        assert!(err.len() < 200, "{err}");
        assert!(
            err.contains("(100000 characters)") && err.contains("too long"),
            "{err}"
        );
    }

    #[test]
    fn printed_lines_parse_back() {
        for text in ["- 0", "4455 18", "1", "-"] {
            let line = parse_line(text).unwrap().unwrap();
            let again = parse_line(&line.to_string()).unwrap().unwrap();
            assert_eq!(line, again);
            assert_eq!(line.position.moves_played() as usize, line.moves.len());
            assert_eq!(line.position.outcome(), Outcome::Ongoing);
        }
    }
}
