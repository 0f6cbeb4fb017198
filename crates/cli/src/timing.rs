//! `--clock BASE+INC`: the game clock of a timed match, each side's time and increment.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use play::GameClock;

use crate::input::{duration, quote, show_duration};

/// The longest base time a clock may have: one day.
const MAX_BASE: Duration = Duration::from_secs(24 * 3_600);
/// The largest increment: one hour.
const MAX_INCREMENT: Duration = Duration::from_secs(3_600);

/// A game clock as typed: `60+1` (60 s and 1 s added after each move), `10+0.1`, `2+0.02`,
/// `5m+2s`, `30` (no increment). Plain numbers are seconds; a unit (`ms`, `s`, `m`, `h`)
/// may be given instead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClockSpec {
    /// Each side's time at the start of a game.
    pub base: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

impl ClockSpec {
    /// The clock each side starts a game with (the default margin and floor of
    /// [`GameClock`]).
    pub(crate) fn clock(self) -> GameClock {
        GameClock::new(self.base).with_increment(self.increment)
    }
}

/// One part of a clock: a number of seconds, or a duration with its unit.
fn part(text: &str, what: &str, whole: &str) -> Result<Duration, String> {
    let t = text.trim();
    let help = || {
        format!(
            "{}: write the {what} in seconds, as in 60+1 or 10+0.1 (BASE+INCREMENT; units such as 5m+2s or 500ms+10ms work too)",
            quote(whole)
        )
    };
    if t.is_empty() {
        return Err(help());
    }
    if t.chars().all(|c| c.is_ascii_digit() || c == '.') {
        if t.matches('.').count() > 1 || t == "." {
            return Err(help());
        }
        let seconds: f64 = t.parse().map_err(|_| help())?;
        if !seconds.is_finite() || seconds > MAX_BASE.as_secs_f64() {
            return Err(format!("{}: the {what} is too long", quote(whole)));
        }
        return Ok(Duration::from_micros((seconds * 1e6).round() as u64));
    }
    duration(t).map_err(|_| help())
}

impl FromStr for ClockSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (text, None),
        };
        let base = part(base, "base time", text)?;
        let increment = match increment {
            Some(i) => part(i, "increment", text)?,
            None => Duration::ZERO,
        };
        if base < Duration::from_millis(1) {
            return Err(format!(
                "{}: the base time is at least 1ms (0.001)",
                quote(text)
            ));
        }
        if base > MAX_BASE {
            return Err(format!("{}: the base time is at most 24h", quote(text)));
        }
        if increment > MAX_INCREMENT {
            return Err(format!("{}: the increment is at most 1h", quote(text)));
        }
        Ok(ClockSpec { base, increment })
    }
}

impl fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            show_duration(self.base),
            show_duration(self.increment)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clocks_read_seconds_and_units() {
        let read = |t: &str| t.parse::<ClockSpec>().map(|c| (c.base, c.increment));
        assert_eq!(read("60+1"), Ok((ms(60_000), ms(1_000))));
        assert_eq!(read("10+0.1"), Ok((ms(10_000), ms(100))));
        assert_eq!(read("2+0.02"), Ok((ms(2_000), ms(20))));
        assert_eq!(read(" 30 "), Ok((ms(30_000), ms(0))));
        assert_eq!(read("5m+2s"), Ok((ms(300_000), ms(2_000))));
        assert_eq!(read("500ms+10ms"), Ok((ms(500), ms(10))));
        assert_eq!(read("1+0"), Ok((ms(1_000), ms(0))));
        for bad in [
            "", "+", "60+", "+1", "0+1", "0", "-5+1", "60+-1", "a+b", "60+1+2", "1..2+0", "60+2h",
            "25h+0", "1e9+0", "inf", "60 + x",
        ] {
            let e = bad.parse::<ClockSpec>();
            assert!(e.is_err(), "{bad:?} gave {e:?}");
        }
        assert!(
            "60+x"
                .parse::<ClockSpec>()
                .unwrap_err()
                .contains("as in 60+1 or 10+0.1")
        );
    }

    #[test]
    fn clocks_show_what_they_hold() {
        let c: ClockSpec = "10+0.1".parse().unwrap();
        assert_eq!(c.to_string(), "10s+100ms");
        assert_eq!(c.to_string().parse::<ClockSpec>(), Ok(c));
        assert_eq!(c.clock().remaining(), ms(10_000));
        assert_eq!(c.clock().increment(), ms(100));
    }
}
