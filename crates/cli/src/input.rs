//! What the user types: questions at the prompt (lines of input, asked again until the
//! answer makes sense), and values on the command line: counts that must be at least 1 and
//! durations such as `500ms` or `2s`.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// The longest line the prompt reads, in bytes. A longer line is refused as a whole and read
/// past without being kept, so no input can make the prompt hold more than this.
pub const MAX_LINE_BYTES: usize = 4096;

/// The most characters of a typed answer that a message quotes back.
const QUOTE_CHARS: usize = 40;

/// What a question at the prompt got.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply<T> {
    /// An answer that made sense.
    Value(T),
    /// `quit` (or `q`, `exit`): the user wants to stop.
    Quit,
    /// The input ended (or cannot be read).
    Ended,
}

/// One line as read.
enum Line {
    Text(String),
    TooLong(usize),
    Ended,
}

/// Lines of input with a prompt on an output (stdout for `ply`).
pub struct Prompt<R, W = crate::output::Stdout> {
    input: R,
    out: W,
    /// Words left over from a line that held several moves (`4 4 3`).
    words: VecDeque<String>,
}

impl<R: BufRead> Prompt<R> {
    /// Reads answers from `input` and writes questions to stdout.
    pub fn new(input: R) -> Self {
        Prompt::with_output(input, crate::output::stdout())
    }
}

impl<R: BufRead, W: Write> Prompt<R, W> {
    /// Reads answers from `input` and writes questions to `out`.
    pub fn with_output(input: R, out: W) -> Self {
        Prompt {
            input,
            out,
            words: VecDeque::new(),
        }
    }

    /// Writes a line of text (messages between questions).
    pub fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    /// A setup question: asks until `parse` accepts the answer (an empty answer means
    /// `default`), printing what was wrong each time. One question reads one line.
    pub fn ask<T>(
        &mut self,
        question: &str,
        default: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Reply<T> {
        self.words.clear();
        loop {
            let answer = match self.read_answer(question) {
                Ok(answer) => answer,
                Err(reply) => return reply,
            };
            let answer = if answer.is_empty() {
                default.to_string()
            } else {
                answer
            };
            match parse(&answer.to_lowercase()) {
                Ok(v) => return Reply::Value(v),
                Err(message) => self.say(&message),
            }
        }
    }

    /// A move question: like [`ask`](Prompt::ask) without a default, but a line that `parse`
    /// refuses as a whole and that holds several words is taken as several answers, one per
    /// word, the later ones answering the next move questions (`4 4 3` plays three moves of
    /// a game). A word that is refused drops the words after it.
    pub fn ask_move<T>(
        &mut self,
        question: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Reply<T> {
        loop {
            if let Some(word) = self.words.pop_front() {
                // The word as if typed, cut as a message would quote it.
                let mut chars = word.chars();
                let shown: String = chars.by_ref().take(QUOTE_CHARS).collect();
                let more = if chars.next().is_some() { "…" } else { "" };
                let _ = writeln!(self.out, "{question}{shown}{more}");
                match parse(&word.to_lowercase()) {
                    Ok(v) => return Reply::Value(v),
                    Err(message) => {
                        self.say(&message);
                        if !self.words.is_empty() {
                            self.say(&format!(
                                "(the {} move(s) typed after it are dropped)",
                                self.words.len()
                            ));
                            self.words.clear();
                        }
                        continue;
                    }
                }
            }
            let answer = match self.read_answer(question) {
                Ok(answer) => answer,
                Err(reply) => return reply,
            };
            let whole = parse(&answer.to_lowercase());
            match whole {
                Ok(v) => return Reply::Value(v),
                Err(message) => {
                    let words: Vec<&str> = answer.split_whitespace().collect();
                    if words.len() > 1 {
                        self.words.extend(words.iter().map(|w| (*w).to_string()));
                    } else {
                        self.say(&message);
                    }
                }
            }
        }
    }

    /// Prints `question` and reads one trimmed line: `Err(Quit)` for `quit`, `Err(Ended)` at
    /// the end of the input; a line too long is refused here and the question asked again.
    fn read_answer<T>(&mut self, question: &str) -> Result<String, Reply<T>> {
        loop {
            let _ = write!(self.out, "{question}");
            let _ = self.out.flush();
            match self.read_line() {
                Line::Ended => {
                    let _ = writeln!(self.out);
                    return Err(Reply::Ended);
                }
                Line::TooLong(bytes) => self.say(&format!(
                    "That line is {bytes} bytes long; answers are at most {MAX_LINE_BYTES}."
                )),
                Line::Text(text) => {
                    let text = text.trim().to_string();
                    if is_quit(&text) {
                        return Err(Reply::Quit);
                    }
                    return Ok(text);
                }
            }
        }
    }

    /// Reads one line of at most [`MAX_LINE_BYTES`] bytes; a longer one is consumed to its
    /// end without being kept. A line that is not UTF-8 is read with replacement characters
    /// (a typing error to answer, not the end of the input).
    fn read_line(&mut self) -> Line {
        match read_raw_line(&mut self.input, MAX_LINE_BYTES) {
            Ok(Some(RawLine::Bytes(bytes))) => {
                let text = String::from_utf8_lossy(&bytes);
                Line::Text(text.strip_suffix('\r').unwrap_or(&text).to_string())
            }
            Ok(Some(RawLine::TooLong(length))) => Line::TooLong(length),
            Ok(None) | Err(_) => Line::Ended,
        }
    }
}

/// One line of input as read by [`read_raw_line`].
#[derive(Debug, PartialEq, Eq)]
pub enum RawLine {
    /// The line's bytes, without its `\n`.
    Bytes(Vec<u8>),
    /// A line longer than the limit: its length in bytes (its bytes were not kept).
    TooLong(usize),
}

/// Reads the next line of `input`, keeping at most `max` bytes: a longer line is read to its
/// end without being kept, so no input makes the reader hold more than `max` bytes. `None`
/// at the end of the input. The last line may lack its `\n`.
pub fn read_raw_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<RawLine>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    loop {
        let buffer = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok((length > 0).then(|| finish_raw(kept, length, max)));
        }
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], true),
            None => (buffer, false),
        };
        if length + chunk.len() <= max {
            kept.extend_from_slice(chunk);
        } else {
            kept = Vec::new();
        }
        length += chunk.len();
        let used = chunk.len() + usize::from(found_end);
        input.consume(used);
        if found_end {
            return Ok(Some(finish_raw(kept, length, max)));
        }
    }
}

fn finish_raw(kept: Vec<u8>, length: usize, max: usize) -> RawLine {
    if length > max {
        RawLine::TooLong(length)
    } else {
        RawLine::Bytes(kept)
    }
}

/// `quit`, `q` or `exit`, in any case.
pub fn is_quit(text: &str) -> bool {
    matches!(text.to_lowercase().as_str(), "quit" | "q" | "exit")
}

/// `text` for a message: at most a few dozen characters, marked when cut.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_CHARS).collect();
    if chars.next().is_some() {
        format!("{head:?}…")
    } else {
        format!("{head:?}")
    }
}

/// Parses a command-line count that must be at least 1 (a limit, a 1-based number), with
/// a message that says so: clap's `range(1..)` would name `u64::MAX` as the upper end.
pub fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be 1 or more".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (expected a whole number, 1 or more)")),
    }
}

/// The longest duration accepted anywhere: 30 days.
pub const MAX_DURATION: Duration = Duration::from_secs(30 * 24 * 3600);

/// Parses a duration: `500ms`, `2s`, `1.5s`, `2m`, `1h`, or a bare number of milliseconds
/// (`500`). It must be at least 1 ms and at most 30 days.
pub fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim().to_lowercase();
    let bad = || {
        format!(
            "{} is not a duration: write 500ms, 2s, 1.5s, 2m or a number of milliseconds",
            quote(text)
        )
    };
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale_ms = match unit.trim() {
        "" | "ms" => 1.0,
        "s" | "sec" | "secs" | "second" | "seconds" => 1_000.0,
        "m" | "min" | "mins" | "minute" | "minutes" => 60_000.0,
        "h" | "hour" | "hours" => 3_600_000.0,
        _ => return Err(bad()),
    };
    if number.is_empty() || number.matches('.').count() > 1 {
        return Err(bad());
    }
    let value: f64 = number.parse().map_err(|_| bad())?;
    let ms = value * scale_ms;
    if !ms.is_finite() || ms < 1.0 {
        return Err(format!(
            "{} is too short: a duration is at least 1ms",
            quote(text)
        ));
    }
    if ms > MAX_DURATION.as_millis() as f64 {
        return Err(format!(
            "{} is too long: a duration is at most 30 days",
            quote(text)
        ));
    }
    Ok(Duration::from_micros((ms * 1_000.0).round() as u64))
}

/// A duration as `ply` prints it: `500ms`, `2s`, `1500ms`.
pub fn show_duration(d: Duration) -> String {
    let micros = d.as_micros();
    if micros % 1_000 != 0 {
        return format!("{}s", d.as_secs_f64());
    }
    let ms = micros / 1_000;
    if ms % 1_000 == 0 {
        format!("{}s", ms / 1_000)
    } else {
        format!("{ms}ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn prompt(input: &str) -> Prompt<Cursor<Vec<u8>>, Vec<u8>> {
        Prompt::with_output(Cursor::new(input.as_bytes().to_vec()), Vec::new())
    }

    fn number(text: &str) -> Result<u32, String> {
        text.parse()
            .map_err(|_| format!("{} is not a number", quote(text)))
    }

    #[test]
    fn durations_read_every_unit_and_refuse_the_rest() {
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("500"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(duration(" 1.5s "), Ok(Duration::from_millis(1_500)));
        assert_eq!(duration("2 s"), Ok(Duration::from_secs(2)));
        assert_eq!(duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(duration("1h"), Ok(Duration::from_secs(3_600)));
        assert_eq!(duration("2S"), Ok(Duration::from_secs(2)));
        for bad in [
            "", "s", "0", "0ms", "0.5ms", "-2s", "2x", "1.2.3s", "fast", "inf", "NaN",
        ] {
            assert!(duration(bad).is_err(), "{bad:?}");
        }
        assert!(duration("31d").is_err());
        assert!(duration("1000h").unwrap_err().contains("too long"));
    }

    #[test]
    fn durations_print_as_they_are_read() {
        for text in ["500ms", "2s", "1.5s", "1ms", "120s", "2500ms"] {
            let d = duration(text).unwrap();
            assert_eq!(duration(&show_duration(d)), Ok(d), "{text}");
        }
        assert_eq!(show_duration(Duration::from_millis(500)), "500ms");
        assert_eq!(show_duration(Duration::from_secs(2)), "2s");
        assert_eq!(show_duration(Duration::from_millis(1_500)), "1500ms");
    }

    #[test]
    fn a_setup_question_reads_one_line_and_takes_the_default_for_an_empty_one() {
        let mut p = prompt("\n7 8\n");
        assert_eq!(p.ask("depth? ", "6", number), Reply::Value(6));
        // "7 8" is one answer to a setup question, and not a number.
        assert_eq!(p.ask("depth? ", "6", number), Reply::Ended);
        let out = String::from_utf8(p.out).unwrap();
        assert!(out.contains("\"7 8\" is not a number"), "{out}");
    }

    #[test]
    fn quit_works_at_every_question() {
        for quit in ["quit", "QUIT", "q", "exit"] {
            let mut p = prompt(&format!("{quit}\n"));
            assert_eq!(p.ask("game? ", "c4", number), Reply::Quit);
            let mut p = prompt(&format!("{quit}\n"));
            assert_eq!(p.ask_move("move? ", number), Reply::Quit);
        }
    }

    #[test]
    fn a_line_of_several_moves_answers_several_move_questions() {
        let mut p = prompt("4 4 3\n5\n");
        assert_eq!(p.ask_move("move? ", number), Reply::Value(4));
        assert_eq!(p.ask_move("move? ", number), Reply::Value(4));
        assert_eq!(p.ask_move("move? ", number), Reply::Value(3));
        assert_eq!(p.ask_move("move? ", number), Reply::Value(5));
        assert_eq!(p.ask_move("move? ", number), Reply::Ended);
    }

    #[test]
    fn a_line_the_parser_takes_whole_is_one_answer() {
        let mut p = prompt("b2 c3\n");
        let step = |t: &str| {
            if t == "b2 c3" {
                Ok("step")
            } else {
                Err("no".to_string())
            }
        };
        assert_eq!(p.ask_move("move? ", step), Reply::Value("step"));
    }

    #[test]
    fn a_refused_word_drops_the_words_after_it() {
        let mut p = prompt("4 x 3\n6\n");
        assert_eq!(p.ask_move("move? ", number), Reply::Value(4));
        assert_eq!(p.ask_move("move? ", number), Reply::Value(6));
        let out = String::from_utf8(p.out).unwrap();
        assert!(out.contains("\"x\" is not a number"), "{out}");
        assert!(out.contains("dropped"), "{out}");
    }

    #[test]
    fn a_line_too_long_is_refused_without_being_kept() {
        let long = "9".repeat(3 * MAX_LINE_BYTES);
        let mut p = Prompt::with_output(
            io::BufReader::with_capacity(64, Cursor::new(format!("{long}\n5\n").into_bytes())),
            Vec::new(),
        );
        assert_eq!(p.ask("n? ", "1", number), Reply::Value(5));
        let out = String::from_utf8(p.out).unwrap();
        assert!(
            out.contains(&format!("{} bytes long", 3 * MAX_LINE_BYTES)),
            "{out}"
        );
        assert!(out.len() < 1_000, "the long line is not echoed");
    }

    #[test]
    fn a_line_without_its_newline_at_the_end_is_still_an_answer() {
        let mut p = prompt("7");
        assert_eq!(p.ask("n? ", "1", number), Reply::Value(7));
        assert_eq!(p.ask("n? ", "1", number), Reply::Ended);
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("abc"), "\"abc\"");
        let q = quote(&"x".repeat(10_000));
        assert!(q.len() < 60 && q.ends_with('…'), "{q}");
    }
}
