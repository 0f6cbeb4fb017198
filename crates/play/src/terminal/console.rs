//! [`Console`]: the input and output of a game at the prompt, given by the caller; lines
//! read in bounded memory, setup questions asked before a game, and moves typed several on
//! a line.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

/// The longest line a [`Console`] accepts unless
/// [`with_max_line_bytes`](Console::with_max_line_bytes) says otherwise: 1024 bytes, not
/// counting the line's end (`\n` or `\r\n`).
///
/// ```
/// assert_eq!(play::DEFAULT_MAX_LINE_BYTES, 1024);
/// ```
pub const DEFAULT_MAX_LINE_BYTES: usize = 1024;

/// The most characters of a word of a line of several moves echoed after its prompt.
const ECHO_CHARS: usize = 40;

/// `text` quoted for a message, cut after [`ECHO_CHARS`] characters (marked `…`), so that
/// no answer, however long, is written back whole.
pub(crate) fn quoted(text: &str) -> String {
    let (head, more) = cut(text);
    format!("{head:?}{more}")
}

/// The first [`ECHO_CHARS`] characters of `text`, and `…` when there were more.
pub(crate) fn cut(text: &str) -> (String, &'static str) {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(ECHO_CHARS).collect();
    (head, if chars.next().is_some() { "…" } else { "" })
}

/// The answer to a question at the prompt: a value, `quit`, or the end of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply<T> {
    /// The answer, or the default when the line was empty or no question was asked.
    Value(T),
    /// The person typed `quit` (or `q`, `exit`).
    Quit,
    /// The input ended.
    Ended,
}

/// The input and the output of a game at the prompt: lines are read from a
/// [`BufRead`] and everything is written to a [`Write`], both given by the caller (the
/// terminal's standard input and output, a pipe, a test's byte buffers); nothing is printed
/// of the console's own accord.
///
/// A line longer than [`max_line_bytes`](Console::with_max_line_bytes) is refused: it is
/// read past in the reader's own buffer, never collected, so a runaway input costs no
/// memory. Invalid UTF-8 is replaced, not fatal.
///
/// Before a game, [`choose`](Console::choose) asks the setup questions (which game, who
/// starts, how strong the AI is) when the console [asks questions](Console::with_questions)
/// (the input is a terminal), and otherwise announces the default it takes, so that piped
/// input holds moves only. A [`PlayLoop`](crate::PlayLoop) then plays on the same console.
///
/// ```
/// use play::{Console, Reply};
/// let mut out = Vec::new();
/// let mut console = Console::new("\nttt\n".as_bytes(), &mut out).with_questions(true);
/// let parse = |t: &str| if t == "c4" || t == "ttt" { Ok(t.to_string()) } else { Err(format!("no game {t}")) };
/// // An empty answer takes the default; a given value asks nothing.
/// assert_eq!(console.choose(None, "Game? [c4] ", "c4", "--game", parse).unwrap(), Reply::Value("c4".into()));
/// assert_eq!(console.choose(Some("x".into()), "Game? ", "c4", "--game", parse).unwrap(), Reply::Value("x".into()));
/// assert_eq!(console.choose(None, "Game? [c4] ", "c4", "--game", parse).unwrap(), Reply::Value("ttt".into()));
/// assert_eq!(console.choose(None, "Game? [c4] ", "c4", "--game", parse).unwrap(), Reply::Ended);
/// ```
pub struct Console<R, W> {
    input: R,
    output: W,
    max_line_bytes: usize,
    questions: bool,
    /// Moves typed several on a line, waiting for their turns.
    words: VecDeque<String>,
    line: Vec<u8>,
}

/// What the person typed at a move's prompt.
pub(crate) enum Typed {
    /// A line (or a word of a line of several moves), trimmed.
    Text(String),
    /// `quit`, `q` or `exit`.
    Quit,
    /// The end of the input.
    Ended,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console reading `input` and writing `output`, with lines of at most
    /// [`DEFAULT_MAX_LINE_BYTES`], asking no setup questions.
    ///
    /// ```
    /// let console = play::Console::new(std::io::empty(), std::io::sink());
    /// assert_eq!(console.max_line_bytes(), play::DEFAULT_MAX_LINE_BYTES);
    /// assert!(!console.asks_questions());
    /// ```
    #[must_use]
    pub fn new(input: R, output: W) -> Self {
        Console {
            input,
            output,
            max_line_bytes: DEFAULT_MAX_LINE_BYTES,
            questions: false,
            words: VecDeque::new(),
            line: Vec::new(),
        }
    }

    search_core::builder_methods! {
        /// Refuses lines longer than `bytes` (not counting the line's end); default
        /// [`DEFAULT_MAX_LINE_BYTES`]. A refused line is read past without being kept.
        ///
        /// ```
        /// let c = play::Console::new(std::io::empty(), std::io::sink()).with_max_line_bytes(64);
        /// assert_eq!(c.max_line_bytes(), 64);
        /// ```
        with_max_line_bytes(bytes: usize) => max_line_bytes;

        /// Whether [`choose`](Console::choose) asks its questions (`true`, for a person at a
        /// terminal) or announces the defaults it takes without reading a line (`false`, the
        /// default, for piped input that holds moves only).
        ///
        /// ```
        /// let c = play::Console::new(std::io::empty(), std::io::sink()).with_questions(true);
        /// assert!(c.asks_questions());
        /// ```
        with_questions(ask: bool) => questions;

        /// The longest line accepted, in bytes.
        ///
        /// ```
        /// assert_eq!(play::Console::new(std::io::empty(), std::io::sink()).max_line_bytes(), 1024);
        /// ```
        max_line_bytes() -> usize = max_line_bytes;

        /// Whether setup questions are asked (see [`with_questions`](Console::with_questions)).
        ///
        /// ```
        /// assert!(!play::Console::new(std::io::empty(), std::io::sink()).asks_questions());
        /// ```
        asks_questions() -> bool = questions;
    }

    /// The output, for the caller's own lines between questions and games.
    ///
    /// ```
    /// use std::io::Write;
    /// let mut out = Vec::new();
    /// let mut c = play::Console::new(std::io::empty(), &mut out);
    /// writeln!(c.output(), "Welcome.").unwrap();
    /// drop(c);
    /// assert_eq!(out, b"Welcome.\n");
    /// ```
    pub fn output(&mut self) -> &mut W {
        &mut self.output
    }

    /// A setup question: `given` when the caller has the answer already (from the command
    /// line); else, when the console asks questions, the answer to `question` (an empty
    /// line takes `default`; an answer `parse` refuses is explained and asked again; `quit`
    /// and the end of the input are replies of their own); else `default`, announced as
    /// `{option}: {default} (the default; ...)` so that a reader of the output knows which
    /// option would have chosen otherwise. `parse` gets the answer in lower case.
    ///
    /// # Errors
    /// [`PlayError::Io`](crate::PlayError::Io) when the input cannot be read or the output
    /// written.
    ///
    /// See the [type's docs](Console) for an example.
    pub fn choose<T>(
        &mut self,
        given: Option<T>,
        question: &str,
        default: &str,
        option: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Reply<T>, crate::PlayError> {
        if let Some(value) = given {
            return Ok(Reply::Value(value));
        }
        if !self.questions {
            writeln!(
                self.output,
                "{option}: {default} (the default; the input is not a terminal, so no questions are asked)"
            )?;
            return Ok(match parse(default) {
                Ok(value) => Reply::Value(value),
                Err(message) => {
                    writeln!(self.output, "{message}")?;
                    Reply::Ended
                }
            });
        }
        self.words.clear();
        loop {
            let text = match self.read(question)? {
                Typed::Text(text) => text,
                Typed::Quit => return Ok(Reply::Quit),
                Typed::Ended => return Ok(Reply::Ended),
            };
            let answer = if text.is_empty() { default } else { &text };
            match parse(&answer.to_lowercase()) {
                Ok(value) => return Ok(Reply::Value(value)),
                Err(message) => writeln!(self.output, "{message}")?,
            }
        }
    }

    /// Writes `prompt` and reads the answer: the next word of a line of several moves, or
    /// the next line (trimmed), asked again after a line that is too long.
    pub(crate) fn read(&mut self, prompt: &str) -> io::Result<Typed> {
        if let Some(word) = self.words.pop_front() {
            // The word as if typed, cut as a message quotes a long one.
            let (shown, more) = cut(&word);
            writeln!(self.output, "{prompt}{shown}{more}")?;
            return Ok(Typed::Text(word));
        }
        loop {
            write!(self.output, "{prompt}")?;
            self.output.flush()?;
            match read_line(&mut self.input, self.max_line_bytes, &mut self.line)? {
                Line::End => {
                    writeln!(self.output)?;
                    return Ok(Typed::Ended);
                }
                Line::TooLong => writeln!(
                    self.output,
                    "That line is longer than {} bytes: it was ignored.",
                    self.max_line_bytes
                )?,
                Line::Text(text) => {
                    let text = text.trim();
                    if matches!(text.to_lowercase().as_str(), "quit" | "q" | "exit") {
                        return Ok(Typed::Quit);
                    }
                    return Ok(Typed::Text(text.to_string()));
                }
            }
        }
    }

    /// Keeps the words of `line` (a line that is not one move) to be answered one by one
    /// at the next prompts; `false` when the line has fewer than two words.
    pub(crate) fn split_into_words(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 2 {
            return false;
        }
        self.words.extend(words.iter().map(|w| (*w).to_string()));
        true
    }

    /// Drops the words still waiting, saying how many, after one of them was refused.
    pub(crate) fn drop_words(&mut self) -> io::Result<()> {
        if !self.words.is_empty() {
            writeln!(
                self.output,
                "(the {} move(s) typed after it are dropped)",
                self.words.len()
            )?;
            self.words.clear();
        }
        Ok(())
    }
}

/// One line of input, as [`read_line`] returns it.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line of at most the maximum length, without its `\n` or `\r\n` end (invalid UTF-8
    /// replaced by U+FFFD, so that a typing error is answered, not fatal).
    Text(String),
    /// A line longer than the maximum: it was read to its end and dropped.
    TooLong,
    /// The input ended before another line began.
    End,
}

/// Reads the next line of `input`, holding at most `max + 1` of its bytes in `buf` (the one
/// more is room for a `\r` before the `\n`). A longer line is read past in the reader's
/// own buffer, chunk by chunk, and answered with [`Line::TooLong`]: however long the line,
/// the memory used stays the same. The last line may end without a `\n`.
fn read_line<R: BufRead>(input: &mut R, max: usize, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    let mut started = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !started {
                return Ok(Line::End);
            }
            return Ok(finish(buf, max, too_long));
        }
        started = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !too_long {
            if buf.len() + part.len() > max.saturating_add(1) {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = part.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            return Ok(finish(buf, max, too_long));
        }
    }
}

/// The line in `buf` without a final `\r`, or [`Line::TooLong`].
fn finish(buf: &mut Vec<u8>, max: usize, too_long: bool) -> Line {
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if too_long || buf.len() > max {
        buf.clear();
        return Line::TooLong;
    }
    Line::Text(String::from_utf8_lossy(buf).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out its bytes a few at a time and counts the largest buffer a
    /// caller could have held, to show that a long line is not collected.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(
            4,
            Trickle {
                bytes: input,
                step: 3,
            },
        );
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, max, &mut buf).unwrap();
            assert!(
                buf.capacity() <= 16,
                "the buffer grew to {}",
                buf.capacity()
            );
            if line == Line::End {
                return out;
            }
            out.push(line);
        }
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn lines_up_to_the_maximum_are_read_and_longer_ones_refused() {
        let input = b"12345\n123456\r\n1234567\n\n12\r\n";
        assert_eq!(
            lines(input, 6),
            [
                text("12345"),
                text("123456"),
                Line::TooLong,
                text(""),
                text("12")
            ]
        );
    }

    #[test]
    fn a_long_line_is_skipped_in_bounded_memory() {
        let mut input = vec![b'x'; 100_000];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(lines(&input, 8), [Line::TooLong, text("ok")]);
    }

    #[test]
    fn the_last_line_may_lack_its_newline() {
        assert_eq!(lines(b"a\nlast", 10), [text("a"), text("last")]);
        assert_eq!(lines(b"a\nlast one", 4), [text("a"), Line::TooLong]);
        assert_eq!(lines(b"", 4), []);
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        assert_eq!(lines(b"c\xff4\n", 10), [text("c\u{fffd}4")]);
    }

    #[test]
    fn a_zero_maximum_accepts_only_empty_lines() {
        assert_eq!(lines(b"\n\r\nx\n", 0), [text(""), text(""), Line::TooLong]);
    }
}
