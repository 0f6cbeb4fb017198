//! The one grammar of every `ply` command: the games and their names, the engines and the
//! spec that carries an engine's strength (`mcts:500p`, `alphabeta:d8`, `solver:2s`), the
//! board sizes (rows before columns), seats numbered from 1, and the notice an old spelling
//! prints (old spellings still work for one release).
//!
//! | option | every command that has it |
//! |---|---|
//! | `-g, --game GAME` | play, cards, match, cards-match, tree, book build, perft, solve, equilibrium |
//! | `-e, --engine KIND[:STRENGTH]` | play, cards, match, cards-match, tree |
//! | `--seat N` (from 1; 1 moves first) | play, cards, equilibrium |
//! | `--size ROWSxCOLS[xK]`, `PITSxSTONES`, `N` | play, match, tree, book, perft, cards, cards-match, equilibrium |
//! | `-s, --seed N` | play, cards, match, cards-match, tree |
//! | `-o, --output FILE` | tree, book build |
//! | `-q, --quiet` | match, cards-match, book build |

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use search_core::Budget;

use crate::input::{quote, show_duration};

/// Every game `ply` knows. Each command accepts the ones it plays ([`GameKind::parser`]),
/// and its help lists them with every name they answer to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum GameKind {
    /// Tic-tac-toe (also: tictactoe, tic-tac-toe).
    #[value(alias = "tictactoe", alias = "tic-tac-toe")]
    Ttt,
    /// Connect Four (also: connect4, connect-four).
    #[value(alias = "connect4", alias = "connect-four")]
    C4,
    /// Reversi (Othello) on a 6 x 6 board (also: othello).
    #[value(alias = "othello")]
    Reversi,
    /// Dots and Boxes, 3 x 3 boxes unless --size says (also: dots-and-boxes, boxes).
    #[value(alias = "dots-and-boxes", alias = "boxes")]
    Dots,
    /// Kalah, the mancala game: 6 pits of 4 stones unless --size says (also: mancala).
    #[value(alias = "mancala")]
    Kalah,
    /// EinStein würfelt nicht!: a race of numbered cubes moved by the die.
    Einstein,
    /// The m,n,k-game for 2 to 4 players: k in a row on a rows x columns board (also: m,n,k).
    #[value(alias = "m,n,k")]
    Mnk,
    /// Kuhn poker: three cards, one bet, two players.
    Kuhn,
    /// Leduc hold'em: six cards, two betting rounds, a public card.
    Leduc,
    /// Liar's Dice for two, --size dice each (1 unless given) (also: liars).
    #[value(alias = "liars")]
    LiarsDice,
    /// A whist-like trick-taking game: four players, four suits of six cards.
    Tricks,
    /// Goofspiel: simultaneous bids for prizes, --size cards each.
    Goofspiel,
}

impl GameKind {
    /// The two-player games without dice: the games of `tree` and `book`.
    pub(crate) const TWO_PLAYER: &'static [GameKind] = &[
        GameKind::Ttt,
        GameKind::C4,
        GameKind::Reversi,
        GameKind::Dots,
        GameKind::Kalah,
    ];
    /// The board games: those of `play`, `match` and `perft`.
    pub(crate) const BOARD: &'static [GameKind] = &[
        GameKind::Ttt,
        GameKind::C4,
        GameKind::Reversi,
        GameKind::Dots,
        GameKind::Kalah,
        GameKind::Einstein,
        GameKind::Mnk,
    ];
    /// The games with hidden cards or simultaneous bids: those of `cards` and `cards-match`.
    pub(crate) const CARDS: &'static [GameKind] = &[
        GameKind::Kuhn,
        GameKind::Leduc,
        GameKind::LiarsDice,
        GameKind::Tricks,
        GameKind::Goofspiel,
    ];

    /// The games `equilibrium` solves whole.
    pub(crate) const SOLVABLE: &'static [GameKind] =
        &[GameKind::Kuhn, GameKind::Leduc, GameKind::Goofspiel];
    /// The game of `solve`.
    pub(crate) const CONNECT_FOUR: &'static [GameKind] = &[GameKind::C4];

    /// A parser of `--game` that accepts only `games` (with their aliases), so that a
    /// command's help lists exactly the games it plays.
    pub(crate) fn parser(
        games: &'static [GameKind],
    ) -> impl clap::builder::TypedValueParser<Value = GameKind> {
        use clap::ValueEnum;
        use clap::builder::TypedValueParser;
        let names: Vec<clap::builder::PossibleValue> = games
            .iter()
            .filter_map(GameKind::to_possible_value)
            .collect();
        clap::builder::PossibleValuesParser::new(names)
            .try_map(|name: String| GameKind::from_str(&name, true))
    }

    /// The game's name on the command line.
    pub(crate) fn name(self) -> String {
        cli_name(self)
    }

    /// Reads a game's name as typed at a setup question (any of its names, or its number
    /// in the list of `games`).
    pub(crate) fn parse_in(games: &'static [GameKind], text: &str) -> Result<GameKind, String> {
        use clap::ValueEnum;
        if let Ok(n) = text.parse::<usize>() {
            if let Some(&g) = n.checked_sub(1).and_then(|i| games.get(i)) {
                return Ok(g);
            }
        }
        match GameKind::from_str(text, true) {
            Ok(g) if games.contains(&g) => Ok(g),
            _ => Err(format!(
                "unknown game {}: type one of {}",
                quote(text),
                games
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}

/// The name clap gives `value` on the command line (its first, without the aliases).
pub(crate) fn cli_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}

/// How much an engine may think per move: the part of an engine spec after the colon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    /// Search depth in plies: `d8`.
    Depth(u32),
    /// Thinking time per move: `500ms`, `2s`.
    Time(Duration),
    /// Playouts per move (MCTS), or iterations (CFR+): `20000p`.
    Playouts(u64),
}

/// The longest time per move an engine may be given: one hour.
pub(crate) const MAX_MOVE_TIME: Duration = Duration::from_secs(3_600);

impl Strength {
    /// The budget of one move.
    pub(crate) fn budget(self) -> Budget {
        match self {
            Strength::Depth(d) => Budget::depth(d),
            Strength::Time(t) => Budget::time(t),
            Strength::Playouts(n) => Budget::iterations(n),
        }
    }

    /// Reads a strength, and says whether it was written the old way (a bare depth, `6`
    /// for `d6`).
    fn read(text: &str) -> Result<(Self, bool), String> {
        let text = text.trim().to_lowercase();
        let bad = || {
            format!(
                "{}: write a depth such as d8, a time such as 500ms or 2s, or playouts such as 20000p",
                quote(&text)
            )
        };
        if let Some(n) = text
            .strip_suffix("playouts")
            .or_else(|| text.strip_suffix('p'))
        {
            let n: u64 = n.trim().parse().map_err(|_| bad())?;
            if n == 0 || n > 1_000_000_000 {
                return Err("the playouts must be between 1 and 1000000000".to_string());
            }
            return Ok((Strength::Playouts(n), false));
        }
        let (depth, old) = match text.strip_prefix('d') {
            Some(d) => (d, false),
            None if text.chars().all(|c| c.is_ascii_digit()) && !text.is_empty() => {
                (&text[..], true)
            }
            None => {
                let time = crate::input::duration(&text).map_err(|_| bad())?;
                if time > MAX_MOVE_TIME {
                    return Err(format!("{}: the time per move is at most 1h", quote(&text)));
                }
                return Ok((Strength::Time(time), false));
            }
        };
        let depth: u32 = depth.parse().map_err(|_| bad())?;
        if depth == 0 || depth > 64 {
            return Err("the depth must be between 1 and 64".to_string());
        }
        Ok((Strength::Depth(depth), old))
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Depth(d) => write!(f, "d{d}"),
            Strength::Time(t) => f.write_str(&show_duration(*t)),
            Strength::Playouts(n) => write!(f, "{n}p"),
        }
    }
}

impl FromStr for Strength {
    type Err = String;

    /// `d6` is a depth (a bare `6` too, the old spelling), `500ms` or `2s` a time,
    /// `20000p` playouts.
    fn from_str(text: &str) -> Result<Self, String> {
        Strength::read(text).map(|(s, _)| s)
    }
}

/// Every engine `ply` knows. Each command accepts the ones that play its games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum EngineKind {
    /// Negamax alpha-beta with PVS, a transposition table and iterative deepening; with dice,
    /// expectiminimax with Star2 pruning; with more than two players, paranoid search
    /// (also: negamax, alpha-beta, ab, expectimax, paranoid). Strength: a depth or a time.
    #[value(
        alias = "negamax",
        alias = "alpha-beta",
        alias = "ab",
        alias = "expectimax",
        alias = "paranoid"
    )]
    Alphabeta,
    /// Monte Carlo tree search (UCT with the MCTS-Solver), keeping its tree between moves.
    /// Strength: playouts or a time.
    Mcts,
    /// The exact solver: perfect play when it proves the position in three quarters of its
    /// time, alpha-beta's move otherwise. Strength: a time.
    Solver,
    /// Uniformly random legal moves: a baseline to beat. No strength.
    Random,
    /// Max^n search (three or more players): each player maximises its own reward
    /// (also: max-n). Strength: a depth or a time.
    #[value(alias = "max-n")]
    Maxn,
    /// Best-reply search (three or more players): only the strongest opponent replies
    /// between two of the engine's moves (also: brs). Strength: a depth or a time.
    #[value(alias = "brs")]
    BestReply,
    /// Information-set MCTS: one tree of the mover's information sets. Strength: playouts
    /// or a time.
    Ismcts,
    /// Determinized MCTS: searches of sampled deals, root moves added up. Strength:
    /// playouts or a time.
    Determinized,
    /// Simultaneous-move MCTS (Goofspiel): a mixed bid from each round's statistics.
    /// Strength: playouts or a time.
    Smmcts,
    /// The CFR+ average strategy of the whole game (Kuhn, Leduc), solved first. Strength:
    /// the CFR+ iterations, as playouts (1000p unless given).
    Cfr,
}

impl EngineKind {
    /// The engines of the board games.
    pub(crate) const BOARD: &'static [EngineKind] = &[
        EngineKind::Alphabeta,
        EngineKind::Mcts,
        EngineKind::Solver,
        EngineKind::Random,
        EngineKind::Maxn,
        EngineKind::BestReply,
    ];
    /// The engines of the games with hidden cards.
    pub(crate) const CARDS: &'static [EngineKind] = &[
        EngineKind::Ismcts,
        EngineKind::Determinized,
        EngineKind::Smmcts,
        EngineKind::Cfr,
        EngineKind::Random,
    ];

    /// The engine's name on the command line.
    pub(crate) fn name(self) -> String {
        cli_name(self)
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// An engine and, optionally, its strength: `alphabeta`, `mcts:20000p`, `alphabeta:d6`,
/// `solver:2s`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineSpec {
    /// The engine.
    pub kind: EngineKind,
    /// Its strength, if given.
    pub strength: Option<Strength>,
}

impl EngineSpec {
    /// The spec with `default` as its strength when it has none (random moves take none).
    pub(crate) fn or_strength(self, default: Strength) -> EngineSpec {
        EngineSpec {
            kind: self.kind,
            strength: match self.kind {
                EngineKind::Random => None,
                _ => Some(self.strength.unwrap_or(default)),
            },
        }
    }

    /// The strength to build the engine with (random moves ignore it).
    pub(crate) fn strength(self) -> Strength {
        self.strength.unwrap_or(Strength::Depth(1))
    }

    /// Reads a spec, printing the notice of an old spelling (`alphabeta:6`).
    pub(crate) fn parse(text: &str) -> Result<EngineSpec, String> {
        let (kind, strength) = match text.split_once(':') {
            Some((k, s)) => {
                let (strength, old) = Strength::read(s)?;
                if old {
                    notice(text, &format!("{k}:{strength}"));
                }
                (k, Some(strength))
            }
            None => (text, None),
        };
        let kind = <EngineKind as clap::ValueEnum>::from_str(kind.trim(), true).map_err(|_| {
            format!(
                "unknown engine {}: choose alphabeta, mcts, solver, random, maxn, best-reply, ismcts, determinized, smmcts or cfr",
                quote(kind)
            )
        })?;
        Ok(EngineSpec { kind, strength })
    }

    /// A parser of `--engine` that accepts only `engines`, naming them when it refuses one.
    pub(crate) fn parser(
        engines: &'static [EngineKind],
    ) -> impl Fn(&str) -> Result<EngineSpec, String> + Clone + Send + Sync + 'static {
        move |text: &str| {
            let spec = EngineSpec::parse(text)?;
            if engines.contains(&spec.kind) {
                Ok(spec)
            } else {
                let names: Vec<String> = engines.iter().map(|e| e.name()).collect();
                Err(format!(
                    "{} does not play these games: choose {}",
                    spec.kind,
                    names.join(", ")
                ))
            }
        }
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.strength {
            Some(s) => write!(f, "{}:{s}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// The numbers of `--size`, separated by `x`: as many as `names` says (rows before
/// columns).
pub(crate) fn parse_size(text: &str, names: &[&str]) -> Result<Vec<usize>, String> {
    let parts: Vec<&str> = text.split(['x', 'X', '×']).map(str::trim).collect();
    let bad = || {
        format!(
            "--size {}: give {} as numbers separated by x, such as {}",
            quote(text),
            names.join(", "),
            names.iter().map(|_| "3").collect::<Vec<_>>().join("x")
        )
    };
    if parts.len() != names.len() {
        return Err(bad());
    }
    parts
        .iter()
        .map(|p| p.parse::<usize>().map_err(|_| bad()))
        .collect()
}

/// A seat as the command line numbers it: from 1 (seat 1 moves first), or `none`.
pub(crate) fn parse_seat(text: &str) -> Result<Option<usize>, String> {
    match text.trim().to_lowercase().as_str() {
        "none" | "0" => Ok(None),
        n => match n.parse::<usize>() {
            Ok(s @ 1..=4) => Ok(Some(s - 1)),
            _ => Err(format!(
                "{}: seats are numbered from 1 (the first to move) to 4, or none",
                quote(text)
            )),
        },
    }
}

/// Prints the one-line notice of an old spelling, which still works for one release.
pub(crate) fn notice(old: &str, new: &str) {
    // A word of the command line is shown as far as a quote goes (40 characters).
    let short = |text: &str| {
        let words: Vec<String> = text
            .split(' ')
            .map(|w| crate::input::clip(w).unwrap_or_else(|| w.to_string()))
            .collect();
        words.join(" ")
    };
    eprintln!(
        "ply: note: `{}` is now written `{}` (the old spelling goes in 0.4)",
        short(old),
        short(new)
    );
}

/// Reads a time per move: a duration (`500ms`, `2s`, or milliseconds) of at most
/// [`MAX_MOVE_TIME`].
pub(crate) fn move_time(text: &str) -> Result<Duration, String> {
    let time = crate::input::duration(text)?;
    if time > MAX_MOVE_TIME {
        return Err("the time per move is at most 1h".to_string());
    }
    Ok(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_read_back_what_they_print() {
        for text in ["d6", "500ms", "2s", "20000p"] {
            let s: Strength = text.parse().unwrap();
            assert_eq!(s.to_string(), text);
        }
        assert_eq!("6".parse::<Strength>(), Ok(Strength::Depth(6)));
        assert_eq!(
            "20000 playouts".parse::<Strength>(),
            Ok(Strength::Playouts(20_000))
        );
        assert_eq!(
            "1.5s".parse::<Strength>(),
            Ok(Strength::Time(Duration::from_millis(1_500)))
        );
        for bad in [
            "0", "65", "d0", "d65", "0ms", "fast", "-3", "0p", "", "2h", "5x", "dx",
        ] {
            assert!(bad.parse::<Strength>().is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_specs_read_back_what_they_print() {
        for text in [
            "alphabeta",
            "mcts:20000p",
            "alphabeta:d6",
            "solver:500ms",
            "random",
            "maxn:d3",
            "best-reply:2s",
            "cfr:300p",
        ] {
            let spec = EngineSpec::parse(text).unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            EngineSpec::parse("negamax").unwrap().kind,
            EngineKind::Alphabeta
        );
        assert_eq!(
            EngineSpec::parse("alphabeta:6").unwrap().strength,
            Some(Strength::Depth(6))
        );
        for bad in ["chess", "mcts:", "alphabeta:fast", ":6"] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
        let board = EngineSpec::parser(EngineKind::BOARD);
        assert!(
            board("ismcts")
                .unwrap_err()
                .contains("choose alphabeta, mcts")
        );
    }

    #[test]
    fn games_are_read_by_any_name_or_number() {
        assert_eq!(
            GameKind::parse_in(GameKind::BOARD, "connect4"),
            Ok(GameKind::C4)
        );
        assert_eq!(GameKind::parse_in(GameKind::BOARD, "2"), Ok(GameKind::C4));
        assert!(GameKind::parse_in(GameKind::BOARD, "kuhn").is_err());
        assert_eq!(GameKind::LiarsDice.name(), "liars-dice");
        assert_eq!(parse_seat("2"), Ok(Some(1)));
        assert_eq!(parse_seat("none"), Ok(None));
        assert!(parse_seat("5").is_err());
        assert_eq!(parse_size("2x3", &["rows", "columns"]), Ok(vec![2, 3]));
        assert!(parse_size("2x3x4", &["rows", "columns"]).is_err());
    }
}
