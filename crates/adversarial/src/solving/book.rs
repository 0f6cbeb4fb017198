//! Opening books for any game: an [`OpeningBook`] holds the exact values of the positions
//! near a start position, which a [`Solver`](crate::Solver) consults first
//! ([`Solver::with_book`](crate::Solver::with_book)), and is saved in a compact, checked
//! binary file. [`BookBuilder`](crate::BookBuilder) (`book_builder.rs`) builds one by
//! solving those positions; this file knows nothing of the solver.
//!
//! Nothing here knows a game: positions are keyed by the transposition table's class key
//! ([`GameHash::canonical_key`], so the images of a position under the game's symmetries are
//! stored once), and the values are the solver's exact [`Score`]s.
//!
//! The file format is described in [`OpeningBook`]'s docs.

use std::fmt;
use std::io::Read;

use search_core::{Budget, Game, GameHash, Score};

use crate::solving::book_error::BookError;
use crate::tables::entry::TableEntry;
use crate::tables::transpositions::{Transpositions, check_value};

const MAGIC: [u8; 8] = *b"PLYBOOK\0";
pub(crate) const ENTRY_BYTES: u64 = 10;
pub(crate) const CHECKSUM_BYTES: usize = 8;
/// No position's plies left is known (the field's value in the file).
pub(crate) const UNKNOWN_PLIES: u32 = u32::MAX;

/// Exact values of the positions near a start position, keyed by the transposition table's
/// class key, sorted for binary search (no allocation per look-up).
///
/// Build one with [`BookBuilder`](crate::BookBuilder), save it with [`to_bytes`](OpeningBook::to_bytes), read it
/// back with [`from_bytes`](OpeningBook::from_bytes), and give it to a solver with
/// [`Solver::with_book`](crate::Solver::with_book).
///
/// ```
/// use adversarial::{BookBuilder, OpeningBook};
/// use games::TicTacToe;
/// use search_core::Score;
/// let book = BookBuilder::new("tictactoe", 1).build(&TicTacToe::new()).unwrap();
/// // The empty board and the 3 kinds of first move (corner, edge, centre).
/// assert_eq!(book.len(), 4);
/// assert_eq!(book.value(&TicTacToe::new()), Some(Score::DRAW));
/// let bytes = book.to_bytes();
/// assert_eq!(OpeningBook::from_bytes(&bytes, "tictactoe", &TicTacToe::new()).unwrap(), book);
/// ```
///
/// # The file format (version 1)
///
/// All integers little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 8 | the magic bytes `PLYBOOK` and a zero byte |
/// | 2 | the format version, 1 |
/// | 1 + n | the length of the game's name, then the name (UTF-8, 1 to 255 bytes) |
/// | 4 | the depth in plies the book was built to |
/// | 4 | the fewest plies left ([`Game::remaining_plies_bound`]) of any position in the book, `u32::MAX` if unknown |
/// | 4 | the most plies left of any position in the book, `u32::MAX` if unknown: positions with fewer or more plies left than these two are not looked up |
/// | 8 | the number of entries |
/// | 10 × entries | the entries sorted by key: the key (8 bytes), then the value (2 bytes: 0 a draw, `d + 1` a win in `d` plies, `-(d + 1)` a loss in `d` plies) |
/// | 8 | the 64-bit FNV-1a hash of every byte before it |
///
/// Reading checks, in this order: the length of the header ([`BookError::Truncated`]), the
/// magic bytes ([`BookError::NotABook`]), the version ([`BookError::UnsupportedVersion`]),
/// the length the header announces ([`BookError::TooLarge`] beyond a reader's limit,
/// [`BookError::Truncated`] when the file is shorter; nothing past the header is read before
/// this), the checksum ([`BookError::ChecksumMismatch`]), the game's name
/// ([`BookError::ForeignGame`]), and the entries themselves ([`BookError::Malformed`]: keys
/// in order, and every value one an unfinished position of the game's board can have, see
/// [`BookFile::into_book`]). The bounds come from the board the reader is given, not from
/// the header, which a forger could change along with the values. When the book is
/// consulted, a value is checked once more against the plies its own position has left, and
/// one that it cannot have is not used: the solver searches that position itself.
#[derive(Clone, PartialEq, Eq)]
pub struct OpeningBook {
    game: String,
    depth: u32,
    plies_left: Option<(u32, u32)>,
    keys: Vec<u64>,
    values: Vec<Score>,
    filter: KeyFilter,
}

/// One bit per slot of a power-of-two bit array, set for the slot of each key of the book
/// (about 16 bits per key): a key whose bit is clear is not in the book, which spares most
/// missing keys the binary search (a memory access per step in a large book).
#[derive(Clone, PartialEq, Eq)]
struct KeyFilter {
    words: Vec<u64>,
    shift: u32,
}

impl KeyFilter {
    fn new(keys: &[u64]) -> Self {
        let bits = (keys.len() * 16).next_power_of_two().max(64);
        let mut filter = KeyFilter {
            words: vec![0; bits / 64],
            shift: 64 - bits.trailing_zeros(),
        };
        for &key in keys {
            let slot = filter.slot(key);
            filter.words[slot / 64] |= 1 << (slot % 64);
        }
        filter
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mixed = (key ^ (key >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (mixed >> self.shift) as usize
    }

    #[inline]
    fn may_contain(&self, key: u64) -> bool {
        let slot = self.slot(key);
        self.words[slot / 64] & (1 << (slot % 64)) != 0
    }

    /// Starts loading the word [`may_contain`](KeyFilter::may_contain) reads for `key`.
    #[inline]
    fn prefetch(&self, key: u64) {
        crate::tables::memory::prefetch_line(
            core::ptr::from_ref(&self.words[self.slot(key) / 64]).cast(),
        );
    }
}

impl fmt::Debug for OpeningBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpeningBook")
            .field("game", &self.game)
            .field("depth", &self.depth)
            .field("plies_left", &self.plies_left)
            .field("entries", &self.keys.len())
            .finish()
    }
}

/// The key a book stores `state` under: the transposition table's class key (the
/// canonical key, with the table's check value folded in when the key is not exact), as
/// [`TranspositionTable`](crate::TranspositionTable)'s
/// [`class_key`](Transpositions::class_key) computes it.
pub(crate) fn book_key<G: GameHash>(state: &G) -> u64 {
    let class = if G::HAS_SYMMETRY {
        state.canonical_key()
    } else {
        state.hash_key()
    };
    if G::KEY_IS_EXACT {
        class
    } else {
        class ^ check_value(state)
    }
}

/// The 64-bit FNV-1a hash of `bytes`.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A value as the file stores it, if it can.
pub(crate) fn encode(score: Score) -> Option<i16> {
    if score == Score::DRAW {
        return Some(0);
    }
    let d = i16::try_from(score.plies_to_end()?).ok()?.checked_add(1)?;
    Some(if score.is_win() { d } else { -d })
}

/// A stored value, if it is one.
pub(crate) fn decode(v: i16) -> Option<Score> {
    match v {
        0 => Some(Score::DRAW),
        i16::MIN => None,
        v if v > 0 => Some(Score::win_in(u32::from(v.unsigned_abs()) - 1)),
        v => Some(Score::loss_in(u32::from(v.unsigned_abs()) - 1)),
    }
}

pub(crate) fn check_name(game: &str) -> Result<(), BookError> {
    if game.is_empty() || game.len() > 255 {
        return Err(BookError::GameName { len: game.len() });
    }
    Ok(())
}

/// The longest distance in plies any game on `board` can last: its
/// [`remaining_plies_bound`](Game::remaining_plies_bound), and never more than
/// [`Budget::MAX_DEPTH`] (the solver follows no line further, so no value it proves is
/// further away).
pub(crate) fn board_bound<G: Game>(board: &G) -> u32 {
    board
        .remaining_plies_bound()
        .map_or(Budget::MAX_DEPTH, |b| b.min(Budget::MAX_DEPTH))
}

/// Why `value` cannot be the exact value of an unfinished position whose game lasts at most
/// `most` more plies, if it cannot: a win or a loss is 1 to `most` plies away, and in a game
/// whose moves never lose for their player ([`Game::MOVES_CANNOT_LOSE`], where turns
/// alternate) the winner makes the last move, so a win is an odd number of plies away and a
/// loss an even one.
pub(crate) fn impossible<G: Game>(value: Score, most: u32) -> Option<String> {
    let plies = value.plies_to_end()?;
    if plies == 0 || plies > most {
        return Some(format!(
            "{value}, but its positions end in 1 to {most} plies"
        ));
    }
    if G::MOVES_CANNOT_LOSE && (plies % 2 == 1) != value.is_win() {
        return Some(format!(
            "{value}, but in this game the winner makes the last move, so a win is an odd and a loss an even number of plies away"
        ));
    }
    None
}

/// Whether the book's `value` for `state` is one `state` can have (see [`impossible`]).
#[inline]
pub(crate) fn possible_at<G: Game>(state: &G, value: Score) -> bool {
    impossible::<G>(value, state.remaining_plies_bound().unwrap_or(u32::MAX)).is_none()
}

/// Reads a file's fields in order from `reader`, keeping every byte read (the checksum
/// covers them) and never asking for more than a field holds.
pub(crate) struct FieldReader<R> {
    reader: R,
    bytes: Vec<u8>,
}

impl<R: Read> FieldReader<R> {
    pub(crate) fn new(reader: R) -> Self {
        FieldReader {
            reader,
            bytes: Vec::new(),
        }
    }

    /// The bytes read so far.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Reads up to `n` more bytes (fewer at the end of the input); the number read.
    pub(crate) fn fill(&mut self, n: u64) -> Result<u64, BookError> {
        let before = self.bytes.len();
        (&mut self.reader)
            .take(n)
            .read_to_end(&mut self.bytes)
            .map_err(|e| BookError::Io(e.to_string()))?;
        Ok((self.bytes.len() - before) as u64)
    }

    /// The next `n` bytes; [`BookError::Truncated`] when the input ends first.
    pub(crate) fn take(&mut self, n: usize) -> Result<&[u8], BookError> {
        let start = self.bytes.len();
        if self.fill(n as u64)? < n as u64 {
            return Err(BookError::Truncated {
                needed: (start + n) as u64,
                found: self.bytes.len() as u64,
            });
        }
        Ok(&self.bytes[start..])
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    /// Reads the magic bytes `magic`: [`BookError::NotABook`] for other bytes, and for an
    /// input too short to hold them [`BookError::Truncated`] if it starts as they do.
    pub(crate) fn magic(&mut self, magic: &[u8; 8]) -> Result<(), BookError> {
        self.fill(magic.len() as u64)?;
        let n = self.bytes.len();
        if self.bytes[..] != magic[..n] {
            return Err(BookError::NotABook);
        }
        if n < magic.len() {
            return Err(BookError::Truncated {
                needed: magic.len() as u64,
                found: n as u64,
            });
        }
        Ok(())
    }

    /// Reads the rest of a file whose header announces `needed` bytes in all, refusing more
    /// than `limit` before reading them, then checks that the input ends there and that the
    /// last [`CHECKSUM_BYTES`] are the checksum of the others. Returns every byte.
    pub(crate) fn finish(mut self, needed: u64, limit: u64) -> Result<Vec<u8>, BookError> {
        if needed > limit {
            return Err(BookError::TooLarge {
                announced: needed,
                limit,
            });
        }
        let have = self.bytes.len() as u64;
        self.fill(needed.saturating_sub(have))?;
        let found = self.bytes.len() as u64;
        if found < needed {
            return Err(BookError::Truncated { needed, found });
        }
        // Bytes after the announced end: read on (within the limit) to tell a damaged
        // file (its checksum, taken at its real end, fails) from one written so.
        let extra = self.fill((limit - needed).saturating_add(1))?;
        let found = self.bytes.len() as u64;
        if found > limit {
            return Err(BookError::Malformed(format!(
                "the file goes on past the {needed} bytes its header announces"
            )));
        }
        let (contents, stored) = self.bytes.split_at(self.bytes.len() - CHECKSUM_BYTES);
        let mut checksum = [0; CHECKSUM_BYTES];
        checksum.copy_from_slice(stored);
        let stored = u64::from_le_bytes(checksum);
        let computed = fnv1a(contents);
        if stored != computed {
            return Err(BookError::ChecksumMismatch { stored, computed });
        }
        if extra > 0 {
            return Err(BookError::Malformed(format!(
                "{extra} bytes after the last entry"
            )));
        }
        Ok(self.bytes)
    }
}

/// A book file read whole and checked except for its values, which need the board: its
/// header (game, depth, number of entries) first, then at most the bytes the header
/// announces, its length and its checksum. A program that learns the game from the file
/// reads it so, picks the board by [`game`](BookFile::game), then makes it a book with
/// [`into_book`](BookFile::into_book).
///
/// ```
/// use adversarial::{BookBuilder, BookFile};
/// use games::TicTacToe;
/// let bytes = BookBuilder::new("tictactoe", 2).build(&TicTacToe::new()).unwrap().to_bytes();
/// let file = BookFile::read_from(&bytes[..], 1 << 20).unwrap();
/// assert_eq!((file.game(), file.depth(), file.len()), ("tictactoe", 2, 16));
/// let book = file.into_book("tictactoe", &TicTacToe::new()).unwrap();
/// assert_eq!(book.len(), 16);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct BookFile {
    game: Result<String, ()>,
    depth: u32,
    fewest: u32,
    most: u32,
    entries: u64,
    /// Where the entries start in `bytes`.
    first_entry: usize,
    bytes: Vec<u8>,
}

impl fmt::Debug for BookFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BookFile")
            .field("game", &self.game)
            .field("depth", &self.depth)
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

impl BookFile {
    /// Reads a book file from `reader`: the header first, then, if the length it announces
    /// is at most `limit` bytes, the rest; nothing more than that is read (but a byte, to
    /// see that the file ends there).
    ///
    /// # Errors
    /// In this order: [`BookError::Truncated`] for a file cut inside its header,
    /// [`BookError::NotABook`], [`BookError::UnsupportedVersion`], [`BookError::TooLarge`]
    /// when the header announces more than `limit` bytes, [`BookError::Truncated`] when the
    /// file ends before what its header announces, [`BookError::ChecksumMismatch`],
    /// [`BookError::Malformed`] for bytes after the last entry or a name that is not UTF-8;
    /// [`BookError::Io`] when reading fails.
    ///
    /// ```
    /// use adversarial::{BookError, BookFile};
    /// // An endless input is refused after its first bytes.
    /// let endless = std::io::repeat(0);
    /// assert_eq!(BookFile::read_from(endless, 1 << 20).unwrap_err(), BookError::NotABook);
    /// ```
    pub fn read_from(reader: impl Read, limit: u64) -> Result<Self, BookError> {
        let mut r = FieldReader::new(reader);
        r.magic(&MAGIC)?;
        let version = u16::from_le_bytes(r.array()?);
        if version != OpeningBook::FORMAT_VERSION {
            return Err(BookError::UnsupportedVersion {
                found: version,
                supported: OpeningBook::FORMAT_VERSION,
            });
        }
        let name_len = usize::from(r.array::<1>()?[0]);
        let name = r.take(name_len)?.to_vec();
        let depth = u32::from_le_bytes(r.array()?);
        let fewest = u32::from_le_bytes(r.array()?);
        let most = u32::from_le_bytes(r.array()?);
        let entries = u64::from_le_bytes(r.array()?);
        let first_entry = r.bytes().len();
        let needed = entries
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add((first_entry + CHECKSUM_BYTES) as u64))
            .unwrap_or(u64::MAX);
        let bytes = r.finish(needed, limit)?;
        let game = String::from_utf8(name).map_err(|_| ());
        if game.is_err() {
            return Err(BookError::Malformed("the game's name is not UTF-8".into()));
        }
        Ok(BookFile {
            game,
            depth,
            fewest,
            most,
            entries,
            first_entry,
            bytes,
        })
    }

    /// [`read_from`](BookFile::read_from) a file held in memory (no limit beyond its
    /// length).
    ///
    /// # Errors
    /// As [`read_from`](BookFile::read_from), but never [`BookError::TooLarge`] or
    /// [`BookError::Io`].
    ///
    /// ```
    /// use adversarial::{BookError, BookFile};
    /// assert_eq!(BookFile::from_bytes(b"hello").unwrap_err(), BookError::NotABook);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        // No limit: a header that announces more than the bytes there are is a truncated
        // file.
        Self::read_from(bytes, u64::MAX)
    }

    /// The name of the game the file says the book is for.
    ///
    /// ```
    /// let bytes = adversarial::BookBuilder::new("tictactoe", 0).build(&games::TicTacToe::new()).unwrap().to_bytes();
    /// assert_eq!(adversarial::BookFile::from_bytes(&bytes).unwrap().game(), "tictactoe");
    /// ```
    #[must_use]
    pub fn game(&self) -> &str {
        self.game.as_deref().unwrap_or_default()
    }

    /// The depth in plies the file says the book was built to.
    ///
    /// ```
    /// let bytes = adversarial::BookBuilder::new("tictactoe", 3).build(&games::TicTacToe::new()).unwrap().to_bytes();
    /// assert_eq!(adversarial::BookFile::from_bytes(&bytes).unwrap().depth(), 3);
    /// ```
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of entries.
    ///
    /// ```
    /// let bytes = adversarial::BookBuilder::new("tictactoe", 1).build(&games::TicTacToe::new()).unwrap().to_bytes();
    /// assert_eq!(adversarial::BookFile::from_bytes(&bytes).unwrap().len(), 4);
    /// ```
    #[must_use]
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the file holds no entry.
    ///
    /// ```
    /// let bytes = adversarial::BookBuilder::new("tictactoe", 1).build(&games::TicTacToe::new()).unwrap().to_bytes();
    /// assert!(!adversarial::BookFile::from_bytes(&bytes).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The book, if it is `game`'s and every value in it is one a position of `board` can
    /// have. `board` is the game's starting position on the book's board (Connect Four's
    /// empty 7 × 6 grid, a Dots and Boxes grid of the book's size): no value may be a win
    /// or a loss further away than a game on it can last
    /// ([`Game::remaining_plies_bound`], at most [`Budget::MAX_DEPTH`]), nor than the plies
    /// left of the book's positions as its header gives them; none may be a win or a loss
    /// at 0 plies (a book holds unfinished positions); and in a game whose moves never lose
    /// for their player ([`Game::MOVES_CANNOT_LOSE`]) a win is an odd number of plies away
    /// and a loss an even one. The header's plies-left range itself must be a range within
    /// the board's bound (or unknown). Each value is checked again, against its own
    /// position's plies left, when the book is consulted.
    ///
    /// # Errors
    /// [`BookError::GameName`] for an empty `game` or one longer than 255 bytes,
    /// [`BookError::ForeignGame`], then [`BookError::Malformed`].
    ///
    /// ```
    /// use adversarial::{BookBuilder, BookError, BookFile};
    /// use games::TicTacToe;
    /// let bytes = BookBuilder::new("tictactoe", 1).build(&TicTacToe::new()).unwrap().to_bytes();
    /// let file = BookFile::from_bytes(&bytes).unwrap();
    /// assert!(matches!(
    ///     file.clone().into_book("connect4", &TicTacToe::new()),
    ///     Err(BookError::ForeignGame { .. })
    /// ));
    /// assert!(file.into_book("tictactoe", &TicTacToe::new()).is_ok());
    /// ```
    pub fn into_book<G: Game>(self, game: &str, board: &G) -> Result<OpeningBook, BookError> {
        check_name(game)?;
        let name = self.game.unwrap_or_default();
        if name != game {
            return Err(BookError::ForeignGame {
                found: name,
                expected: game.to_string(),
            });
        }
        let bound = board_bound(board);
        let plies_left = match (self.fewest, self.most) {
            (UNKNOWN_PLIES, UNKNOWN_PLIES) => None,
            (fewest, most) if fewest <= most && most <= bound => Some((fewest, most)),
            (fewest, most) if fewest <= most && most != UNKNOWN_PLIES => {
                return Err(BookError::Malformed(format!(
                    "its header says its positions have up to {most} plies left, but a game on this board lasts at most {bound}"
                )));
            }
            (fewest, most) => {
                return Err(BookError::Malformed(format!(
                    "the plies left of its positions, {fewest} to {most}, are not a range"
                )));
            }
        };
        let most = plies_left.map_or(bound, |(_, most)| most);
        // `entries` entries were read, so they fit in memory.
        let count = self.entries as usize;
        let mut keys = Vec::with_capacity(count);
        let mut values = Vec::with_capacity(count);
        let body = &self.bytes[self.first_entry..self.bytes.len() - CHECKSUM_BYTES];
        for (i, entry) in body.chunks_exact(ENTRY_BYTES as usize).enumerate() {
            let (key, raw) = parse_entry(entry);
            if keys.last().is_some_and(|&last| last >= key) {
                return Err(BookError::Malformed(format!(
                    "entry {i} is out of key order"
                )));
            }
            let Some(value) = decode(raw) else {
                return Err(BookError::Malformed(format!(
                    "entry {i} has the value {raw}, which no position has"
                )));
            };
            if let Some(why) = impossible::<G>(value, most) {
                return Err(BookError::Malformed(format!("entry {i} says {why}")));
            }
            keys.push(key);
            values.push(value);
        }
        Ok(OpeningBook {
            game: name,
            depth: self.depth,
            plies_left,
            filter: KeyFilter::new(&keys),
            keys,
            values,
        })
    }
}

/// An entry's key and stored value.
pub(crate) fn parse_entry(entry: &[u8]) -> (u64, i16) {
    let mut key = [0; 8];
    key.copy_from_slice(&entry[..8]);
    (
        u64::from_le_bytes(key),
        i16::from_le_bytes([entry[8], entry[9]]),
    )
}

impl OpeningBook {
    /// The version of the file format this crate reads and writes.
    pub(crate) const FORMAT_VERSION: u16 = 1;

    /// A book from `(key, value)` entries (in any order; a key given twice keeps its last
    /// value).
    pub(crate) fn from_entries(
        game: String,
        depth: u32,
        plies_left: Option<(u32, u32)>,
        mut entries: Vec<(u64, Score)>,
    ) -> Self {
        entries.reverse();
        entries.sort_by_key(|&(k, _)| k);
        entries.dedup_by_key(|&mut (k, _)| k);
        let keys: Vec<u64> = entries.iter().map(|&(k, _)| k).collect();
        OpeningBook {
            game,
            depth,
            plies_left,
            filter: KeyFilter::new(&keys),
            keys,
            values: entries.iter().map(|&(_, v)| v).collect(),
        }
    }

    /// The name of the game the book is for.
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 0).build(&games::TicTacToe::new()).unwrap();
    /// assert_eq!(book.game(), "tictactoe");
    /// ```
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The depth in plies the book was built to.
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 2).build(&games::TicTacToe::new()).unwrap();
    /// assert_eq!(book.depth(), 2);
    /// ```
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of positions (symmetry classes) in the book.
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 2).build(&games::TicTacToe::new()).unwrap();
    /// assert_eq!(book.len(), 1 + 3 + 12); // 12 classes of positions with two marks
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book holds no position (a book of a finished start position).
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 2).build(&games::TicTacToe::new()).unwrap();
    /// assert!(!book.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The value stored under a class key (see [`value`](OpeningBook::value) for a state):
    /// a bit filter that rules out most missing keys, then a binary search; no allocation.
    ///
    /// ```
    /// use adversarial::{BookBuilder, TranspositionTable, Transpositions};
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// let book = BookBuilder::new("tictactoe", 0).build(&TicTacToe::new()).unwrap();
    /// let table = TranspositionTable::new(1024).unwrap();
    /// let (key, _) = Transpositions::<TicTacToe>::class_key(&table, &TicTacToe::new());
    /// assert_eq!(book.get(key), Some(Score::DRAW));
    /// ```
    #[must_use]
    #[inline]
    pub fn get(&self, key: u64) -> Option<Score> {
        if !self.filter.may_contain(key) {
            return None;
        }
        self.keys.binary_search(&key).ok().map(|i| self.values[i])
    }

    /// Whether `state` may be in the book: `false` when it has fewer or more plies left
    /// than every position of the book, which spares the look-up at most nodes of a search.
    #[inline]
    pub(crate) fn may_hold<G: Game>(&self, state: &G) -> bool {
        match self.plies_left {
            Some((fewest, most)) => state
                .remaining_plies_bound()
                .is_none_or(|left| (fewest..=most).contains(&left)),
            None => true,
        }
    }

    /// The exact value of `state` for its side to move, if the book holds it (or one of its
    /// symmetric images) and the value is one `state` can have (a win or a loss no further
    /// away than `state`'s [`remaining_plies_bound`](Game::remaining_plies_bound); in a game
    /// whose moves never lose for their player, a win an odd and a loss an even number of
    /// plies away): a value a forged book gives a position that cannot have it is not
    /// returned.
    ///
    /// ```
    /// use adversarial::BookBuilder;
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// let book = BookBuilder::new("tictactoe", 2).build(&TicTacToe::new()).unwrap();
    /// // X in a corner, O next to it: X wins (in 5 plies).
    /// let g: TicTacToe = "XO. ... ...".parse().unwrap();
    /// assert_eq!(book.value(&g), Some(Score::win_in(5)));
    /// let mirrored: TicTacToe = ".OX ... ...".parse().unwrap();
    /// assert_eq!(book.value(&mirrored), Some(Score::win_in(5)));
    /// assert_eq!(book.value(&"XOX ... ...".parse::<TicTacToe>().unwrap()), None); // 3 plies
    /// ```
    #[must_use]
    pub fn value<G: GameHash>(&self, state: &G) -> Option<Score> {
        if !self.may_hold(state) {
            return None;
        }
        self.get(book_key(state))
            .filter(|&value| possible_at(state, value))
    }

    /// The entries, `(key, value)`, in key order.
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 1).build(&games::TicTacToe::new()).unwrap();
    /// assert!(book.entries().all(|(_, v)| v == search_core::Score::DRAW));
    /// ```
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (u64, Score)> + '_ {
        self.keys.iter().copied().zip(self.values.iter().copied())
    }

    /// The book in its file format (see [`OpeningBook`]).
    ///
    /// ```
    /// let book = adversarial::BookBuilder::new("tictactoe", 1).build(&games::TicTacToe::new()).unwrap();
    /// let bytes = book.to_bytes();
    /// assert_eq!(&bytes[..7], b"PLYBOOK");
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(40 + self.game.len() + self.keys.len() * ENTRY_BYTES as usize);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&Self::FORMAT_VERSION.to_le_bytes());
        // The name's length was checked when the book was built or read.
        out.push(self.game.len() as u8);
        out.extend_from_slice(self.game.as_bytes());
        out.extend_from_slice(&self.depth.to_le_bytes());
        let (fewest, most) = self.plies_left.unwrap_or((UNKNOWN_PLIES, UNKNOWN_PLIES));
        out.extend_from_slice(&fewest.to_le_bytes());
        out.extend_from_slice(&most.to_le_bytes());
        out.extend_from_slice(&(self.keys.len() as u64).to_le_bytes());
        for (key, value) in self.entries() {
            out.extend_from_slice(&key.to_le_bytes());
            // Every stored value was encodable when the book was built or read.
            out.extend_from_slice(&encode(value).unwrap_or(0).to_le_bytes());
        }
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        out
    }

    /// Reads a book written by [`to_bytes`](OpeningBook::to_bytes), checking that it is
    /// whole, undamaged, `game`'s, and that every value in it is one a position of `board`
    /// (the game's starting position on the book's board) can have: see
    /// [`BookFile::into_book`].
    ///
    /// # Errors
    /// [`BookError::Truncated`], [`BookError::NotABook`], [`BookError::UnsupportedVersion`],
    /// [`BookError::ChecksumMismatch`], [`BookError::ForeignGame`] or
    /// [`BookError::Malformed`], checked in the order given in [`OpeningBook`]'s docs;
    /// [`BookError::GameName`] for an empty `game` or one longer than 255 bytes.
    ///
    /// ```
    /// use adversarial::{BookBuilder, BookError, OpeningBook};
    /// use games::TicTacToe;
    /// let board = TicTacToe::new();
    /// let bytes = BookBuilder::new("tictactoe", 2).build(&board).unwrap().to_bytes();
    /// assert!(OpeningBook::from_bytes(&bytes, "tictactoe", &board).is_ok());
    /// let cut = &bytes[..bytes.len() - 1];
    /// assert!(matches!(OpeningBook::from_bytes(cut, "tictactoe", &board), Err(BookError::Truncated { .. })));
    /// let mut flipped = bytes.clone();
    /// flipped[40] ^= 4;
    /// assert!(matches!(
    ///     OpeningBook::from_bytes(&flipped, "tictactoe", &board),
    ///     Err(BookError::ChecksumMismatch { .. })
    /// ));
    /// assert!(matches!(
    ///     OpeningBook::from_bytes(&bytes, "connect4", &board),
    ///     Err(BookError::ForeignGame { .. })
    /// ));
    /// ```
    pub fn from_bytes<G: Game>(bytes: &[u8], game: &str, board: &G) -> Result<Self, BookError> {
        check_name(game)?;
        BookFile::from_bytes(bytes)?.into_book(game, board)
    }

    /// [`from_bytes`](OpeningBook::from_bytes) from a reader (a file, a pipe), reading the
    /// header first and then at most the `limit` bytes it may announce: a huge or endless
    /// input costs no more than `limit` bytes of memory (see [`BookFile::read_from`]).
    ///
    /// # Errors
    /// As [`from_bytes`](OpeningBook::from_bytes), and [`BookError::TooLarge`] or
    /// [`BookError::Io`] as [`BookFile::read_from`].
    ///
    /// ```
    /// use adversarial::{BookBuilder, BookError, OpeningBook};
    /// use games::TicTacToe;
    /// let board = TicTacToe::new();
    /// let bytes = BookBuilder::new("tictactoe", 9).build(&board).unwrap().to_bytes();
    /// assert_eq!(OpeningBook::read_from(&bytes[..], "tictactoe", &board, 1 << 20).unwrap().len(), 627);
    /// assert!(matches!(
    ///     OpeningBook::read_from(&bytes[..], "tictactoe", &board, 1000),
    ///     Err(BookError::TooLarge { limit: 1000, .. })
    /// ));
    /// ```
    pub fn read_from<G: Game>(
        reader: impl Read,
        game: &str,
        board: &G,
        limit: u64,
    ) -> Result<Self, BookError> {
        check_name(game)?;
        BookFile::read_from(reader, limit)?.into_book(game, board)
    }
}

/// The solver's table with a book in front: the book answers the positions it holds
/// ([`Transpositions::known_value`]), the table does the rest.
pub(crate) struct Booked<'a, T> {
    table: &'a T,
    book: &'a OpeningBook,
}

impl<'a, T> Booked<'a, T> {
    pub(crate) fn new(table: &'a T, book: &'a OpeningBook) -> Self {
        Booked { table, book }
    }
}

impl<G: Game, T: Transpositions<G>> Transpositions<G> for Booked<'_, T> {
    const ENABLED: bool = T::ENABLED;
    const HAS_KNOWN_VALUES: bool = T::ENABLED;
    #[inline]
    fn key(&self, state: &G) -> u64 {
        self.table.key(state)
    }
    #[inline]
    fn class_key(&self, state: &G) -> (u64, bool) {
        self.table.class_key(state)
    }
    #[inline]
    fn probe(&self, key: u64) -> Option<TableEntry> {
        self.table.probe(key)
    }
    #[inline]
    fn fetch(&self, key: u64) -> [u64; 2] {
        self.table.fetch(key)
    }
    #[inline]
    fn decode(&self, key: u64, raw: [u64; 2]) -> Option<TableEntry> {
        self.table.decode(key, raw)
    }
    #[inline]
    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }
    #[inline]
    fn store(&self, key: u64, entry: TableEntry) {
        self.table.store(key, entry);
    }
    #[inline]
    fn check_keys(&self, state: &G) -> Result<(), search_core::SearchError> {
        self.table.check_keys(state)
    }
    fn new_search(&self) {
        self.table.new_search();
    }
    #[inline]
    fn slots_in_use(&self) -> Option<usize> {
        self.table.slots_in_use()
    }
    #[inline]
    fn grow(&self) {
        self.table.grow();
    }
    #[inline]
    fn known_value(&self, state: &G) -> Option<Score> {
        if !T::ENABLED || !self.book.may_hold(state) {
            return None;
        }
        self.book
            .get(self.table.class_key(state).0)
            .filter(|&value| possible_at(state, value))
    }
    /// Starts loading the book's filter word for `state` when the book may hold it: the
    /// filter is read at every node within the book's plies, and its cache misses cost more
    /// than the search saves when the book holds none of the positions searched.
    #[inline]
    fn prefetch_known(&self, state: &G) {
        if T::ENABLED && self.book.may_hold(state) {
            self.book.filter.prefetch(self.table.class_key(state).0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TranspositionTable;
    use games::{ConnectFour, TicTacToe};
    use search_core::SplitMix64;

    #[test]
    fn values_round_trip_through_the_encoding() {
        for s in [
            Score::DRAW,
            Score::win_in(0),
            Score::win_in(41),
            Score::loss_in(0),
            Score::loss_in(32766),
            Score::win_in(32766),
        ] {
            assert_eq!(decode(encode(s).unwrap()), Some(s), "{s}");
        }
        assert_eq!(encode(Score::win_in(32767)), None);
        assert_eq!(encode(Score::heuristic(5)), None);
        assert_eq!(decode(i16::MIN), None);
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    /// The book's key is the table's class key, which is what a solver's search looks up.
    #[test]
    fn book_keys_are_the_tables_class_keys() {
        let table = TranspositionTable::new(1024).unwrap();
        let mut rng = SplitMix64::new(7);
        for _ in 0..200 {
            let mut c4 = ConnectFour::new();
            let mut ttt = TicTacToe::new();
            for _ in 0..rng.below(12) {
                if !c4.outcome().is_over() {
                    let moves = c4.legal_move_list();
                    c4.play(moves[rng.below(moves.len())]);
                }
                if !ttt.outcome().is_over() {
                    let moves = ttt.legal_move_list();
                    ttt.play(moves[rng.below(moves.len())]);
                }
            }
            assert_eq!(book_key(&c4), Transpositions::class_key(&table, &c4).0);
            assert_eq!(book_key(&ttt), Transpositions::class_key(&table, &ttt).0);
        }
    }
}
