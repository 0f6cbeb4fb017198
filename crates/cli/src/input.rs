//! What the user types: questions at the prompt (lines of input, asked again until the
//! answer makes sense), and counts on the command line that must be at least 1.

use std::io::{self, BufRead, Write};

/// Lines of input with a prompt on stdout; `None` once the input ends.
pub struct Prompt<R> {
    lines: R,
}

impl<R: BufRead> Prompt<R> {
    /// Reads answers from `lines`.
    pub fn new(lines: R) -> Self {
        Prompt { lines }
    }

    /// Prints `prompt` and reads one trimmed line; `None` at the end of the input or when it
    /// cannot be read.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        let mut out = io::stdout();
        let _ = write!(out, "{prompt}");
        let _ = out.flush();
        // Bytes, not `read_line`: a line that is not UTF-8 is a typing error to answer,
        // not the end of the input.
        let mut line = Vec::new();
        match self.lines.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(out);
                None
            }
            Ok(_) => Some(String::from_utf8_lossy(&line).trim().to_string()),
        }
    }

    /// Asks until `parse` accepts the answer (an empty answer means `default`), printing what
    /// was wrong each time; `None` at the end of the input.
    pub fn ask_until<T>(
        &mut self,
        prompt: &str,
        default: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Option<T> {
        loop {
            let answer = self.ask(prompt)?;
            let answer = if answer.is_empty() {
                default.to_string()
            } else {
                answer
            };
            match parse(&answer.to_lowercase()) {
                Ok(v) => return Some(v),
                Err(message) => {
                    let _ = writeln!(io::stdout(), "{message}");
                }
            }
        }
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
