//! Why a command stopped, and the exit status that says so: 2 for a usage error (the command
//! line or the input is wrong), 1 for a run that went wrong (a search error, a mismatch, an
//! output that cannot be written).

use std::fmt;
use std::process::ExitCode;

/// A failure to report on stderr, with its exit code: 2 for input that cannot be read as
/// what was expected (an argument, a file, a line), 1 for a run that went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Bad input: exit code 2.
    pub(crate) fn input(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    /// A run that went wrong (a search error, an output that cannot be written): exit code 1.
    pub(crate) fn run(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            code: 1,
        }
    }

    /// Prints the message on stderr and returns the exit code.
    pub(crate) fn report(&self) -> ExitCode {
        eprintln!("ply: error: {}", self.message);
        ExitCode::from(self.code)
    }
}

/// The exit status of a run over lines of input that went on past bad ones: 2 when a line
/// could not be read, 1 when an answer was wrong or a search failed, else 0.
pub(crate) fn status(malformed: bool, wrong: bool) -> ExitCode {
    ExitCode::from(if malformed { 2 } else { u8::from(wrong) })
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::run(format!("cannot write the output: {e}"))
    }
}

impl From<play::PlayError> for Failure {
    fn from(e: play::PlayError) -> Self {
        Failure::run(e.to_string())
    }
}

impl From<search_core::SearchError> for Failure {
    /// An invalid budget or configuration comes from the options, and a finished game from
    /// the position given: usage errors (2). The others happened during the run (1).
    fn from(e: search_core::SearchError) -> Self {
        use search_core::SearchError;
        match e {
            SearchError::Budget(_) | SearchError::Config(_) | SearchError::GameOver => {
                Failure::input(e.to_string())
            }
            _ => Failure::run(e.to_string()),
        }
    }
}
