//! Reading one line of input in bounded memory.

use std::io::{self, BufRead};

/// One line of input, as [`read_line`] returns it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
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
pub(crate) fn read_line<R: BufRead>(
    input: &mut R,
    max: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Line> {
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
