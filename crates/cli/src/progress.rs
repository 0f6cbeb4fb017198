//! A progress bar on stderr (items done, rate, time left), shown only when asked for.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Progress through a known number of items; draws nothing when hidden, and then
/// [`println`](Progress::println) writes straight to stderr.
pub struct Progress {
    bar: ProgressBar,
    shown: bool,
}

impl Progress {
    /// A bar for `len` items named `what` (e.g. "positions"), drawn on stderr if `shown`.
    pub fn new(len: u64, what: &str, shown: bool) -> Self {
        let target = if shown {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(len), target);
        let template =
            format!("{{bar:40}} {{pos}}/{{len}} {what}, {{per_sec}}, ETA {{eta}} {{msg}}");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress { bar, shown }
    }

    /// One more item done.
    pub fn advance(&self) {
        self.bar.inc(1);
    }

    /// Text shown after the bar (a running tally, say).
    pub fn set_message(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }

    /// A message on stderr that does not garble the bar.
    pub fn println(&self, message: &str) {
        if self.shown {
            self.bar.println(message);
        } else {
            eprintln!("{message}");
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
