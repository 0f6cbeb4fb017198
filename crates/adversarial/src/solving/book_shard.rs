//! A book built in shards: [`BookShard`] holds the values one shard (a
//! [`ShardId`](crate::ShardId), kept in `book.rs` with the errors that name it) solved, in
//! a checked file of its own. The partition and the merge are
//! [`BookBuilder`](crate::BookBuilder)'s ([`BookPlan`](crate::BookPlan),
//! [`BookBuilder::merge`](crate::BookBuilder::merge)); this file knows the format.

use std::io::Read;

use search_core::Score;

use crate::solving::book::{
    CHECKSUM_BYTES, ENTRY_BYTES, FieldReader, check_name, decode, encode, fnv1a, parse_entry,
};
use crate::solving::book_error::BookError;
use crate::solving::book_error::ShardId;

const MAGIC: [u8; 8] = *b"PLYSHARD";

/// What a shard says about the build it belongs to: everything a merge compares, and the
/// settings it was built with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShardHeader {
    pub(crate) game: String,
    pub(crate) depth: u32,
    pub(crate) start_key: u64,
    pub(crate) start_text: String,
    pub(crate) id: ShardId,
    pub(crate) scheme: u16,
    /// The positions of the level split into shards.
    pub(crate) level_len: u64,
    /// The positions of this shard's part of it.
    pub(crate) part_len: u64,
    pub(crate) table_mb: u64,
    pub(crate) threads: u32,
    pub(crate) max_positions: u64,
}

/// The values one shard of a book build solved: all of its part's positions when it is
/// finished, the first of them when it was stopped (a checkpoint, from which
/// [`BookBuilder::build_shard_with`](crate::BookBuilder::build_shard_with) goes on). Its
/// file records the game, the depth, the start (its key, and its text as the program that
/// built it wrote it), the shard's number and the number of shards, the partition's
/// version, the build's settings (table size, threads, position limit) and a checksum.
///
/// # The file format (version 1)
///
/// All integers little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 8 | the magic bytes `PLYSHARD` |
/// | 2 | the format version, 1 |
/// | 1 + n | the length of the game's name, then the name (UTF-8, 1 to 255 bytes) |
/// | 4 | the depth in plies of the book |
/// | 8 | the start position's key (as a book stores it) |
/// | 1 + n | the length of the start's text, then the text (UTF-8, 0 to 255 bytes) |
/// | 4 + 4 | K, then N |
/// | 2 | the version of the partition |
/// | 8 | the positions of the level split into shards |
/// | 8 | the positions of this shard's part |
/// | 8 + 4 + 8 | the build's table size in MiB, threads, and position limit |
/// | 8 | the number of entries: the part's positions solved so far |
/// | 10 × entries | the entries in the part's order: the key (8 bytes), then the value (2 bytes, as in a book) |
/// | 8 | the 64-bit FNV-1a hash of every byte before it |
///
/// ```
/// use adversarial::{BookBuilder, BookShard, ShardId};
/// use games::TicTacToe;
/// let builder = BookBuilder::new("tictactoe", 2);
/// let plan = builder.plan(&TicTacToe::new(), 3).unwrap();
/// let shard = builder.build_shard(&plan, "2/3".parse().unwrap()).unwrap();
/// assert!(shard.is_finished());
/// assert_eq!(shard.solved(), plan.part("2/3".parse().unwrap()).unwrap().len() as u64);
/// let bytes = shard.to_bytes();
/// assert_eq!(BookShard::from_bytes(&bytes).unwrap(), shard);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookShard {
    pub(crate) header: ShardHeader,
    pub(crate) entries: Vec<(u64, Score)>,
}

impl BookShard {
    /// The version of the file format this crate reads and writes.
    pub(crate) const FORMAT_VERSION: u16 = 1;

    /// The shard's number.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 2).unwrap();
    /// let shard = builder.build_shard(&plan, "2/2".parse().unwrap()).unwrap();
    /// assert_eq!(shard.id().to_string(), "2/2");
    /// ```
    #[must_use]
    pub fn id(&self) -> ShardId {
        self.header.id
    }

    /// The name of the game.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert_eq!(builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().game(), "tictactoe");
    /// ```
    #[must_use]
    pub fn game(&self) -> &str {
        &self.header.game
    }

    /// The depth of the book the shard is part of.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert_eq!(builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().depth(), 1);
    /// ```
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.header.depth
    }

    /// The start position as the program that built the shard wrote it
    /// ([`BookBuilder::with_start_text`](crate::BookBuilder::with_start_text); empty if it
    /// gave none).
    ///
    /// ```
    /// use adversarial::{BookBuilder, ShardId};
    /// let builder = BookBuilder::new("tictactoe", 1).with_start_text("x.. ... ...");
    /// let plan = builder.plan(&"x.. ... ...".parse::<games::TicTacToe>().unwrap(), 1).unwrap();
    /// assert_eq!(builder.build_shard(&plan, ShardId::WHOLE).unwrap().start_text(), "x.. ... ...");
    /// ```
    #[must_use]
    pub fn start_text(&self) -> &str {
        &self.header.start_text
    }

    /// The number of positions of its part solved so far.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert_eq!(builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().solved(), 3);
    /// ```
    #[must_use]
    pub fn solved(&self) -> u64 {
        self.entries.len() as u64
    }

    /// The number of positions of its part.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert_eq!(builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().positions(), 3);
    /// ```
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.header.part_len
    }

    /// Whether every position of its part is solved.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert!(builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().is_finished());
    /// ```
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.solved() == self.header.part_len
    }

    /// The settings it was built with: table size in MiB, threads, position limit.
    ///
    /// ```
    /// use adversarial::{BookBuilder, ShardId};
    /// let builder = BookBuilder::new("tictactoe", 1).with_table_mb(2).with_threads(1);
    /// let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// let shard = builder.build_shard(&plan, ShardId::WHOLE).unwrap();
    /// assert_eq!(shard.settings(), (2, 1, 10_000_000));
    /// ```
    #[must_use]
    pub fn settings(&self) -> (u64, u32, u64) {
        (
            self.header.table_mb,
            self.header.threads,
            self.header.max_positions,
        )
    }

    /// The solved entries, `(key, value)`, in the part's order.
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// let shard = builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap();
    /// assert!(shard.entries().all(|(_, v)| v == search_core::Score::DRAW));
    /// ```
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (u64, Score)> + '_ {
        self.entries.iter().copied()
    }

    /// The shard in its file format (see [`BookShard`]).
    ///
    /// ```
    /// # let builder = adversarial::BookBuilder::new("tictactoe", 1);
    /// # let plan = builder.plan(&games::TicTacToe::new(), 1).unwrap();
    /// let bytes = builder.build_shard(&plan, adversarial::ShardId::WHOLE).unwrap().to_bytes();
    /// assert_eq!(&bytes[..8], b"PLYSHARD");
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let mut out = Vec::with_capacity(
            100 + h.game.len() + h.start_text.len() + self.entries.len() * ENTRY_BYTES as usize,
        );
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&Self::FORMAT_VERSION.to_le_bytes());
        // Both lengths were checked when the shard was built or read.
        out.push(h.game.len() as u8);
        out.extend_from_slice(h.game.as_bytes());
        out.extend_from_slice(&h.depth.to_le_bytes());
        out.extend_from_slice(&h.start_key.to_le_bytes());
        out.push(h.start_text.len() as u8);
        out.extend_from_slice(h.start_text.as_bytes());
        out.extend_from_slice(&h.id.number().to_le_bytes());
        out.extend_from_slice(&h.id.count().to_le_bytes());
        out.extend_from_slice(&h.scheme.to_le_bytes());
        out.extend_from_slice(&h.level_len.to_le_bytes());
        out.extend_from_slice(&h.part_len.to_le_bytes());
        out.extend_from_slice(&h.table_mb.to_le_bytes());
        out.extend_from_slice(&h.threads.to_le_bytes());
        out.extend_from_slice(&h.max_positions.to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for &(key, value) in &self.entries {
            out.extend_from_slice(&key.to_le_bytes());
            // Every value was encodable when the shard was built or read.
            out.extend_from_slice(&encode(value).unwrap_or(0).to_le_bytes());
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Reads a shard file from `reader`: its header first, then at most the `limit` bytes
    /// the header may announce (nothing past the header is read when it announces more).
    /// Whether the shard belongs to a build, and whether its values are those its
    /// positions can have, is checked when it is merged or resumed, where its positions are
    /// known.
    ///
    /// # Errors
    /// As [`BookFile::read_from`](crate::BookFile::read_from), in the same order, with
    /// [`BookError::NotABook`] for a file that is not a shard (a book, say) and
    /// [`BookError::Malformed`] for a shard number that is not K/N, more entries than its
    /// part has, a name or text that is not UTF-8, or a value no position has.
    ///
    /// ```
    /// use adversarial::{BookError, BookShard};
    /// assert_eq!(BookShard::read_from(std::io::repeat(7), 1 << 20), Err(BookError::NotABook));
    /// ```
    pub fn read_from(reader: impl Read, limit: u64) -> Result<BookShard, BookError> {
        let mut r = FieldReader::new(reader);
        r.magic(&MAGIC)?;
        let version = u16::from_le_bytes(r.array()?);
        if version != Self::FORMAT_VERSION {
            return Err(BookError::UnsupportedVersion {
                found: version,
                supported: Self::FORMAT_VERSION,
            });
        }
        let len = usize::from(r.array::<1>()?[0]);
        let game = r.take(len)?.to_vec();
        let depth = u32::from_le_bytes(r.array()?);
        let start_key = u64::from_le_bytes(r.array()?);
        let len = usize::from(r.array::<1>()?[0]);
        let start_text = r.take(len)?.to_vec();
        let number = u32::from_le_bytes(r.array()?);
        let count = u32::from_le_bytes(r.array()?);
        let scheme = u16::from_le_bytes(r.array()?);
        let level_len = u64::from_le_bytes(r.array()?);
        let part_len = u64::from_le_bytes(r.array()?);
        let table_mb = u64::from_le_bytes(r.array()?);
        let threads = u32::from_le_bytes(r.array()?);
        let max_positions = u64::from_le_bytes(r.array()?);
        let solved = u64::from_le_bytes(r.array()?);
        let first_entry = r.bytes().len();
        let needed = solved
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add((first_entry + CHECKSUM_BYTES) as u64))
            .unwrap_or(u64::MAX);
        let bytes = r.finish(needed, limit)?;
        let malformed = |what: &str| BookError::Malformed(format!("the shard's {what}"));
        let game = String::from_utf8(game).map_err(|_| malformed("game name is not UTF-8"))?;
        check_name(&game).map_err(|_| malformed("game name is empty"))?;
        let start_text =
            String::from_utf8(start_text).map_err(|_| malformed("start is not UTF-8"))?;
        let id = ShardId::new(number, count)
            .map_err(|_| malformed(&format!("number {number}/{count} is not K/N")))?;
        if part_len > level_len || solved > part_len {
            return Err(malformed(&format!(
                "counts do not add up: {solved} solved of a part of {part_len} of {level_len} positions"
            )));
        }
        let body = &bytes[first_entry..bytes.len() - CHECKSUM_BYTES];
        let mut entries = Vec::with_capacity(body.len() / ENTRY_BYTES as usize);
        for (i, entry) in body.chunks_exact(ENTRY_BYTES as usize).enumerate() {
            let (key, raw) = parse_entry(entry);
            let Some(value) = decode(raw) else {
                return Err(malformed(&format!(
                    "entry {i} has the value {raw}, which no position has"
                )));
            };
            entries.push((key, value));
        }
        Ok(BookShard {
            header: ShardHeader {
                game,
                depth,
                start_key,
                start_text,
                id,
                scheme,
                level_len,
                part_len,
                table_mb,
                threads,
                max_positions,
            },
            entries,
        })
    }

    /// [`read_from`](BookShard::read_from) a file held in memory.
    ///
    /// # Errors
    /// As [`read_from`](BookShard::read_from), never [`BookError::TooLarge`] or
    /// [`BookError::Io`].
    ///
    /// ```
    /// use adversarial::{BookError, BookShard};
    /// assert_eq!(BookShard::from_bytes(b"PLYSH"), Err(BookError::Truncated { needed: 8, found: 5 }));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<BookShard, BookError> {
        Self::read_from(bytes, u64::MAX)
    }
}
