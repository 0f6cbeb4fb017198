//! Why a book or a shard of one could not be built, read or merged ([`BookError`], with the
//! quoting every message uses for a name read from a file), and the shard numbers
//! ([`ShardId`]) those errors name.

use std::fmt;
use std::str::FromStr;

use search_core::{Score, SearchError};
use thiserror::Error;

/// The most characters of a name read from a file that an error message shows.
const QUOTED_CHARS: usize = 40;

/// Why a book (or a shard of one) could not be built, read or merged.
///
/// ```
/// use adversarial::{BookError, OpeningBook};
/// use games::TicTacToe;
/// let board = TicTacToe::new();
/// let e = OpeningBook::from_bytes(b"PLYBO", "tictactoe", &board).unwrap_err();
/// assert_eq!(e, BookError::Truncated { needed: 8, found: 5 });
/// println!("{e}"); // the book file ends after 5 bytes, but its header announces 8 ...
/// assert_eq!(OpeningBook::from_bytes(b"hello", "tictactoe", &board), Err(BookError::NotABook));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BookError {
    /// The file ends before what its header announces.
    #[error(
        "the file ends after {found} bytes, but its header announces {needed} bytes: it was cut short (an interrupted copy or download?)"
    )]
    Truncated {
        /// The bytes the file should have (at least).
        needed: u64,
        /// The bytes it has.
        found: u64,
    },
    /// The file does not start with the magic bytes of a book (or of a shard, where a shard
    /// was expected).
    #[error(
        "not an opening book (or not a shard, where one was expected): the file does not start with the right magic bytes"
    )]
    NotABook,
    /// The file was written in a format version this program does not read.
    #[error(
        "the file is in format version {found}, but this program reads version {supported}: rebuild it with `ply book build`"
    )]
    UnsupportedVersion {
        /// The file's version.
        found: u16,
        /// The version this crate reads and writes.
        supported: u16,
    },
    /// The checksum does not match the contents: the file was damaged.
    #[error(
        "the file is corrupt: its checksum is {stored:#018x}, but its contents hash to {computed:#018x}"
    )]
    ChecksumMismatch {
        /// The checksum stored in the file.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// The book is another game's (or another board's).
    #[error("the book is for the game `{}`, not `{}`", quoted(.found), quoted(.expected))]
    ForeignGame {
        /// The game the book was built for.
        found: String,
        /// The game it was asked for.
        expected: String,
    },
    /// The checksum matches but the contents break the format or hold a value no position
    /// of the board can have (a book written by another program, or forged).
    #[error("the book is malformed: {0}")]
    Malformed(String),
    /// The header announces more bytes than the reader was allowed to read
    /// ([`OpeningBook::read_from`]): nothing beyond the header was read.
    #[error("the header announces {announced} bytes, more than the {limit} this reader may take")]
    TooLarge {
        /// The file's length as its header announces it.
        announced: u64,
        /// The reader's limit.
        limit: u64,
    },
    /// Reading the file failed.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// A game name that a book cannot store: empty or longer than 255 bytes.
    #[error("a book's game name must have 1 to 255 bytes, not {len}")]
    GameName {
        /// The name's length in bytes.
        len: usize,
    },
    /// More positions within the depth than the builder's limit
    /// ([`BookBuilder::with_max_positions`](crate::BookBuilder::with_max_positions)).
    #[error(
        "more than {limit} positions within {depth} plies of the start: build a shallower book or raise the limit"
    )]
    TooManyPositions {
        /// The limit.
        limit: usize,
        /// The depth asked for.
        depth: u32,
    },
    /// A value the file format cannot store: not a draw or a win or loss within 32,766 plies.
    #[error("the value {0} cannot be stored in a book (draws, wins and losses within 32766 plies)")]
    Unstorable(Score),
    /// Solving a position failed (a broken game, or a budget that ran out).
    #[error("solving a book position failed: {0}")]
    Search(#[from] SearchError),
    /// A shard number that is not `K/N` with `1 <= K <= N`.
    #[error("a shard is K/N with 1 <= K <= N, not {0}")]
    ShardNumber(String),
    /// A shard (the `input`-th of those given, from 0) belongs to another build: another
    /// game, start, depth or number of shards, or positions other than its part's.
    #[error("shard {shard}: {what}")]
    ForeignShard {
        /// Its place among the shards given, from 0.
        input: usize,
        /// The shard's number, as its file says.
        shard: ShardId,
        /// What differs.
        what: String,
    },
    /// The same shard was given twice.
    #[error("shard {shard} is given twice (the {}{} and the {}{} of the shards)", .first + 1, ordinal(.first + 1), .second + 1, ordinal(.second + 1))]
    DuplicateShard {
        /// Its number.
        shard: ShardId,
        /// The first place it was given at, from 0.
        first: usize,
        /// The second, from 0.
        second: usize,
    },
    /// Some shards of the build were not given.
    #[error("{}", missing_shards(.missing, .count))]
    MissingShards {
        /// The number of shards of the build.
        count: u32,
        /// The numbers (from 1) of those not given.
        missing: Vec<u32>,
    },
    /// A shard was stopped before it solved its whole part (a checkpoint): run its build
    /// again to finish it.
    #[error(
        "shard {shard} is not finished: {solved} of its {positions} positions are solved (run its build again to continue)"
    )]
    UnfinishedShard {
        /// Its place among the shards given, from 0.
        input: usize,
        /// Its number.
        shard: ShardId,
        /// The positions it solved.
        solved: u64,
        /// The positions of its part.
        positions: u64,
    },
}

impl BookError {
    /// The place (from 0) among the shards given of the shard an error is about, for a
    /// program to name its file: a foreign, unfinished or duplicated (its second place)
    /// shard.
    ///
    /// ```
    /// use adversarial::{BookError, ShardId};
    /// let e = BookError::DuplicateShard { shard: "2/4".parse().unwrap(), first: 0, second: 3 };
    /// assert_eq!(e.shard_input(), Some(3));
    /// assert_eq!(BookError::NotABook.shard_input(), None);
    /// # let _ = ShardId::WHOLE;
    /// ```
    #[must_use]
    pub fn shard_input(&self) -> Option<usize> {
        match self {
            BookError::ForeignShard { input, .. } | BookError::UnfinishedShard { input, .. } => {
                Some(*input)
            }
            BookError::DuplicateShard { second, .. } => Some(*second),
            _ => None,
        }
    }
}

/// `text` for a message: at most [`QUOTED_CHARS`] characters, cut with an ellipsis, and
/// control characters escaped.
pub(crate) fn quoted(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(QUOTED_CHARS)
        .flat_map(char::escape_default)
        .collect();
    if text.chars().count() > QUOTED_CHARS {
        out.push('…');
    }
    out
}

/// "st", "nd", "rd" or "th" after `n`.
fn ordinal(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// The message of [`BookError::MissingShards`]: the missing shards as `K/N`, at most ten of
/// them.
fn missing_shards(missing: &[u32], count: &u32) -> String {
    let mut list: Vec<String> = missing
        .iter()
        .take(10)
        .map(|k| format!("{k}/{count}"))
        .collect();
    if missing.len() > 10 {
        list.push(format!("and {} more", missing.len() - 10));
    }
    format!(
        "{} of the {count} shards {} missing: {}",
        missing.len(),
        if missing.len() == 1 { "is" } else { "are" },
        list.join(", ")
    )
}

/// One of the N parts of a book built in shards: `K/N`, K from 1 to N.
///
/// ```
/// use adversarial::ShardId;
/// let id: ShardId = "3/16".parse().unwrap();
/// assert_eq!((id.number(), id.count()), (3, 16));
/// assert_eq!(id.to_string(), "3/16");
/// assert!("0/16".parse::<ShardId>().is_err());
/// assert!("17/16".parse::<ShardId>().is_err());
/// assert_eq!(ShardId::all(4).map(|s| s.number()).collect::<Vec<_>>(), [1, 2, 3, 4]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShardId {
    number: u32,
    count: u32,
}

impl ShardId {
    /// The one shard of a build that is not split: `1/1`.
    pub const WHOLE: ShardId = ShardId {
        number: 1,
        count: 1,
    };

    /// The most shards a build may be split into.
    pub(crate) const MAX_COUNT: u32 = 1 << 20;

    /// The `number`-th of `count` shards.
    ///
    /// # Errors
    /// [`BookError::ShardNumber`] unless `1 <= number <= count <= 2^20`.
    ///
    /// ```
    /// use adversarial::ShardId;
    /// assert_eq!(ShardId::new(1, 1).unwrap(), ShardId::WHOLE);
    /// assert!(ShardId::new(2, 1).is_err());
    /// ```
    pub fn new(number: u32, count: u32) -> Result<ShardId, BookError> {
        if number == 0 || number > count || count > Self::MAX_COUNT {
            return Err(BookError::ShardNumber(format!("{number}/{count}")));
        }
        Ok(ShardId { number, count })
    }

    /// K, from 1 to N.
    ///
    /// ```
    /// assert_eq!(adversarial::ShardId::new(2, 5).unwrap().number(), 2);
    /// ```
    #[must_use]
    pub fn number(self) -> u32 {
        self.number
    }

    /// N, the number of shards of the build.
    ///
    /// ```
    /// assert_eq!(adversarial::ShardId::new(2, 5).unwrap().count(), 5);
    /// ```
    #[must_use]
    pub fn count(self) -> u32 {
        self.count
    }

    /// Every shard of a build in `count` shards (none if `count` is 0 or above
    /// 2^20).
    ///
    /// ```
    /// assert_eq!(adversarial::ShardId::all(3).count(), 3);
    /// ```
    pub fn all(count: u32) -> impl DoubleEndedIterator<Item = ShardId> {
        let count = if count > Self::MAX_COUNT { 0 } else { count };
        (1..=count).map(move |number| ShardId { number, count })
    }
}

impl fmt::Display for ShardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.number, self.count)
    }
}

impl FromStr for ShardId {
    type Err = BookError;

    /// `K/N`, as `3/16`.
    fn from_str(text: &str) -> Result<ShardId, BookError> {
        let bad = || BookError::ShardNumber(quoted(text));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        ShardId::new(k, n).map_err(|_| bad())
    }
}
