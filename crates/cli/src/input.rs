//! What the user types on the command line and in input files: lines read in bounded
//! memory, counts that must be at least 1, and durations such as `500ms` or `2s`. (The
//! prompt of a game is the `play` crate's `Console`.)

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most characters of a typed answer that a message quotes back.
const QUOTE_CHARS: usize = 40;

/// `path` as given or, for a path under `data/` that is not here, the same path in the
/// source tree `ply` was built from: the help's examples read the repository's data
/// folder, and work from a `ply` installed from that tree whatever the directory.
pub(crate) fn data_path(path: &Path) -> PathBuf {
    let under_data = path
        .components()
        .next()
        .is_some_and(|c| c.as_os_str() == "data");
    if under_data && !path.exists() {
        let beside = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path);
        if beside.exists() {
            return beside;
        }
    }
    path.to_path_buf()
}

/// One line of input as read by [`read_raw_line`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RawLine {
    /// The line's bytes, without its `\n`.
    Bytes(Vec<u8>),
    /// A line longer than the limit: its length in bytes (its bytes were not kept).
    TooLong(usize),
}

/// Reads the next line of `input`, keeping at most `max` bytes: a longer line is read to its
/// end without being kept, so no input makes the reader hold more than `max` bytes. `None`
/// at the end of the input. The last line may lack its `\n`.
pub(crate) fn read_raw_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<RawLine>> {
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

/// `text` cut to [`QUOTE_CHARS`] characters and an ellipsis, when it is longer.
pub(crate) fn clip(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_CHARS).collect();
    chars.next().map(|_| format!("{head}…"))
}

/// `text` for a message: at most a few dozen characters, marked when cut.
pub(crate) fn quote(text: &str) -> String {
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
pub(crate) fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be 1 or more".to_owned()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (expected a whole number, 1 or more)")),
    }
}

/// The longest duration accepted anywhere: 30 days.
pub(crate) const MAX_DURATION: Duration = Duration::from_secs(30 * 24 * 3600);

/// Parses a duration: `500ms`, `2s`, `1.5s`, `2m`, `1h`, or a bare number of milliseconds
/// (`500`). It must be at least 1 ms and at most 30 days.
pub(crate) fn duration(text: &str) -> Result<Duration, String> {
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
pub(crate) fn show_duration(d: Duration) -> String {
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

    #[test]
    fn long_values_are_clipped() {
        assert_eq!(clip("short"), None);
        let long = "é".repeat(1_000);
        let clipped = clip(&long).unwrap();
        assert_eq!(clipped.chars().count(), QUOTE_CHARS + 1);
        assert!(clipped.ends_with('…'));
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
    fn quotes_are_short() {
        assert_eq!(quote("abc"), "\"abc\"");
        let q = quote(&"x".repeat(10_000));
        assert!(q.len() < 60 && q.ends_with('…'), "{q}");
    }
}
