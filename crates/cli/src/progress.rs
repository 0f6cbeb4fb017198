//! Progress of long runs on stderr: a bar on a terminal, and a plain line every few seconds
//! when stderr is a file or a pipe (a log keeps what a bar would overwrite). `--quiet`
//! silences both.

use std::io::{self, IsTerminal};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The environment variable that sets the seconds between two progress lines when stderr is
/// not a terminal (a whole number; `0` writes a line for every item).
pub(crate) const INTERVAL_VARIABLE: &str = "PLY_PROGRESS_SECONDS";

/// The seconds between two progress lines when [`INTERVAL_VARIABLE`] is not set.
pub(crate) const DEFAULT_INTERVAL_SECONDS: u64 = 5;

/// Progress through a known number of items.
pub(crate) struct Progress {
    mode: Mode,
}

enum Mode {
    /// A bar that redraws itself on a terminal.
    Bar(ProgressBar),
    /// A line every `interval`, for a log.
    Lines {
        what: String,
        total: Option<u64>,
        interval: Duration,
        state: Mutex<LineState>,
    },
    /// Nothing (`--quiet`).
    Silent,
}

struct LineState {
    done: u64,
    started: Instant,
    last_line: Option<Instant>,
    message: String,
}

impl Progress {
    /// Progress through `total` items named `what` (e.g. "positions") on stderr: a bar when
    /// stderr is a terminal, lines every few seconds when it is not, nothing when `quiet`.
    pub(crate) fn new(total: u64, what: &str, quiet: bool) -> Self {
        Self::with_total(Some(total), what, quiet)
    }

    /// Follows a callback `(done, total)` over positions whose first call (`done` 0)
    /// announces the total: the progress starts then, and each later call advances it.
    pub(crate) fn follow(progress: &mut Option<Progress>, done: usize, total: usize, quiet: bool) {
        match progress {
            None => *progress = Some(Progress::new(total as u64, "positions", quiet)),
            Some(bar) if done > 0 => bar.advance(),
            Some(_) => {}
        }
    }

    /// Progress through items whose number is not known in advance (a stream on stdin):
    /// the count, the rate and the time so far.
    pub(crate) fn open_ended(what: &str, quiet: bool) -> Self {
        Self::with_total(None, what, quiet)
    }

    fn with_total(total: Option<u64>, what: &str, quiet: bool) -> Self {
        let mode = if quiet {
            Mode::Silent
        } else if io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
            let template = match total {
                Some(_) => {
                    format!("{{bar:40}} {{pos}}/{{len}} {what}, {{per_sec}}, ETA {{eta}} {{msg}}")
                }
                None => format!("{{spinner}} {{pos}} {what}, {{per_sec}}, {{elapsed}} {{msg}}"),
            };
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            Mode::Bar(bar)
        } else {
            Self::lines(total, what, interval_from_environment())
        };
        Progress { mode }
    }

    /// Plain lines every `interval` (the mode used when stderr is not a terminal).
    fn lines(total: Option<u64>, what: &str, interval: Duration) -> Mode {
        Mode::Lines {
            what: what.to_string(),
            total,
            interval,
            state: Mutex::new(LineState {
                done: 0,
                started: Instant::now(),
                last_line: None,
                message: String::new(),
            }),
        }
    }

    /// One more item done.
    pub(crate) fn advance(&self) {
        match &self.mode {
            Mode::Bar(bar) => bar.inc(1),
            Mode::Lines {
                what,
                total,
                interval,
                state,
            } => {
                let mut s = lock(state);
                s.done += 1;
                let now = Instant::now();
                let since = s.last_line.unwrap_or(s.started);
                if now.duration_since(since) >= *interval {
                    s.last_line = Some(now);
                    eprintln!("{}", line(&s, what, *total, now));
                }
            }
            Mode::Silent => {}
        }
    }

    /// Text shown after the counts (a running tally, say).
    pub(crate) fn set_message(&self, message: &str) {
        match &self.mode {
            Mode::Bar(bar) => bar.set_message(message.to_string()),
            Mode::Lines { state, .. } => lock(state).message = message.to_string(),
            Mode::Silent => {}
        }
    }

    /// A message on stderr that does not garble the bar.
    pub(crate) fn println(&self, message: &str) {
        match &self.mode {
            Mode::Bar(bar) => bar.println(message),
            Mode::Lines { .. } | Mode::Silent => eprintln!("{message}"),
        }
    }

    /// Removes the bar; in a log, a last line with the totals if any line was written.
    pub(crate) fn finish(&self) {
        match &self.mode {
            Mode::Bar(bar) => bar.finish_and_clear(),
            Mode::Lines {
                what, total, state, ..
            } => {
                let s = lock(state);
                if s.last_line.is_some() {
                    eprintln!("{}", line(&s, what, *total, Instant::now()));
                }
            }
            Mode::Silent => {}
        }
    }
}

/// The state, even if a thread panicked while holding it (it holds only counters).
fn lock(state: &Mutex<LineState>) -> std::sync::MutexGuard<'_, LineState> {
    state
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `progress: 120/1000 positions (12.0 %), 35.2/s, 3.4 s, ETA 25 s; <message>`, or without
/// a known total `progress: 120 positions, 35.2/s, 3.4 s`.
fn line(s: &LineState, what: &str, total: Option<u64>, now: Instant) -> String {
    let elapsed = now.duration_since(s.started).as_secs_f64();
    let rate = if elapsed > 0.0 {
        s.done as f64 / elapsed
    } else {
        0.0
    };
    let mut text = match total {
        None => format!("progress: {} {what}, {rate:.1}/s, {elapsed:.1} s", s.done),
        Some(total) => {
            let percent = if total > 0 {
                100.0 * s.done as f64 / total as f64
            } else {
                100.0
            };
            let eta = if s.done >= total {
                "done".to_string()
            } else if rate > 0.0 {
                format!("ETA {:.0} s", (total - s.done) as f64 / rate)
            } else {
                "ETA unknown".to_string()
            };
            format!(
                "progress: {}/{total} {what} ({percent:.1} %), {rate:.1}/s, {elapsed:.1} s, {eta}",
                s.done
            )
        }
    };
    if !s.message.is_empty() {
        text.push_str("; ");
        text.push_str(&s.message);
    }
    text
}

/// The interval [`INTERVAL_VARIABLE`] sets, or the default (also for a value that is not a
/// whole number of seconds).
fn interval_from_environment() -> Duration {
    let seconds = std::env::var(INTERVAL_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_INTERVAL_SECONDS);
    Duration::from_secs(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(mode: &Mode) -> (u64, bool) {
        match mode {
            Mode::Lines { state, .. } => {
                let s = lock(state);
                (s.done, s.last_line.is_some())
            }
            _ => panic!("not in line mode"),
        }
    }

    #[test]
    fn lines_count_every_item_and_write_when_the_interval_has_passed() {
        let p = Progress {
            mode: Progress::lines(Some(3), "games", Duration::from_secs(3600)),
        };
        p.advance();
        p.advance();
        assert_eq!(counts(&p.mode), (2, false), "no line before the interval");
        let q = Progress {
            mode: Progress::lines(Some(3), "games", Duration::ZERO),
        };
        q.advance();
        assert_eq!(counts(&q.mode), (1, true));
    }

    #[test]
    fn a_line_gives_done_total_rate_and_eta() {
        let started = Instant::now();
        let s = LineState {
            done: 250,
            started,
            last_line: None,
            message: "A +3 =1 -0".to_string(),
        };
        let text = line(
            &s,
            "positions",
            Some(1000),
            started + Duration::from_secs(10),
        );
        assert_eq!(
            text,
            "progress: 250/1000 positions (25.0 %), 25.0/s, 10.0 s, ETA 30 s; A +3 =1 -0"
        );
        let done = LineState {
            done: 4,
            started,
            last_line: None,
            message: String::new(),
        };
        assert!(line(&done, "games", Some(4), started + Duration::from_secs(2)).ends_with("done"));
        assert_eq!(
            line(&done, "positions", None, started + Duration::from_secs(2)),
            "progress: 4 positions, 2.0/s, 2.0 s"
        );
    }
}
