//! The MovingAI grid benchmark formats (Nathan Sturtevant's Moving AI Lab): `.map` files
//! ([`read_map`], [`load_map`]) and `.scen` scenario files ([`read_scen`], [`load_scen`]).
//!
//! A `.map` has four header lines (`type octile`, `height H`, `width W`, `map`) and then H
//! rows of W characters: `.`, `G`, `S` are passable; `@`, `O`, `T`, `W` are not. Line ends
//! may be CRLF. Nothing but blank lines may follow the last row. A map declaring more cells
//! than a limit is refused before anything is allocated.
//!
//! A `.scen` starts with `version 1` (or `version 1.0`), then one scenario per line:
//! `bucket map width height start_x start_y goal_x goal_y optimal_length`, tab- or
//! space-separated. The optimal lengths assume 8-connected moves, √2 diagonals and no
//! corner cutting ([`Movement::OCTILE`]).
//!
//! Both readers check the header first and then read their input a line at a time, each
//! line at most as long as it may be (a map row: the declared width; any other line: 1,024
//! bytes); a longer line is an error, and the rest of it is skipped without being kept, so
//! that no input, however long its lines, makes a reader hold more than the map or
//! scenarios it builds. An error message quotes at most 40 characters of the input.
//!
//! ```
//! use pathfind::movingai::{read_map, read_scen};
//! use pathfind::{Algorithm, GridContext, Heuristic, Movement};
//!
//! let map = read_map("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n".as_bytes(), 1 << 20)?;
//! let grid = map.to_grid(Movement::OCTILE)?;
//! let mut scenarios = read_scen("version 1\n0\tm.map\t3\t2\t0\t1\t2\t1\t4\n".as_bytes())?;
//! let s = scenarios.next().unwrap()?;
//! let r = GridContext::new().solve(&grid, [s.start], s.goal, Algorithm::AStar, Heuristic::Octile)?;
//! assert!(s.is_optimal(r.cost().unwrap().get()));
//! # Ok::<(), pathfind::PathError>(())
//! ```

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path as FsPath;

use crate::engine::error::PathError;
use crate::grids::cell::Cell;
use crate::grids::grid::Grid;
use crate::grids::movement::Movement;

/// The longest line but a map row: a header line, a line after the map, a scenario line.
const LINE_BYTES: usize = 1024;

/// The most cells a map may declare for [`load_map`]: 16,777,216 (a 4096 × 4096 map, 16 MiB
/// of passability flags), 64 times the largest map of the repository's `data/movingai`.
const LOAD_MAX_CELLS: u64 = 1 << 24;

/// The most scenarios (data lines) a scenario reader reads: over a hundred times as many
/// as the largest file of the benchmark sets.
const MAX_SCENARIOS: usize = 1 << 20;

/// The characters of the input an error message quotes at most.
const QUOTED: usize = 40;

/// A parsed `.map`: its size and the passable flag of every cell, row by row.
///
/// ```
/// let m = pathfind::movingai::read_map("type octile\nheight 1\nwidth 2\nmap\n.T\n".as_bytes(), 2)?;
/// assert_eq!((m.width, m.height), (2, 1));
/// assert_eq!(m.passable, [true, false]);
/// # Ok::<(), pathfind::PathError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovingAiMap {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// `passable[y * width + x]`.
    pub passable: Vec<bool>,
}

impl MovingAiMap {
    /// The map as a [`Grid`] with the given movement rule ([`Movement::OCTILE`] for the
    /// benchmark's optimal lengths). Cells missing from `passable` are obstacles.
    ///
    /// # Errors
    /// [`PathError::GridSize`] for a zero or too large side.
    ///
    /// ```
    /// use pathfind::{movingai::read_map, Cell, Movement};
    /// let m = read_map("type octile\nheight 1\nwidth 2\nmap\n.@\n".as_bytes(), 2)?;
    /// let g = m.to_grid(Movement::OCTILE)?;
    /// assert!(g.is_passable(Cell::new(0, 0)) && !g.is_passable(Cell::new(1, 0)));
    /// # Ok::<(), pathfind::PathError>(())
    /// ```
    pub fn to_grid(&self, movement: Movement) -> Result<Grid, PathError> {
        Grid::from_passable(self.width, self.height, movement, &self.passable)
    }
}

/// One scenario of a `.scen` file.
///
/// ```
/// let text = "version 1\n3\tx.map\t9\t9\t1\t2\t3\t4\t2.83\n";
/// let s = pathfind::movingai::read_scen(text.as_bytes())?.next().unwrap()?;
/// assert_eq!((s.bucket, s.start, s.goal), (3, pathfind::Cell::new(1, 2), pathfind::Cell::new(3, 4)));
/// # Ok::<(), pathfind::PathError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// Difficulty bucket.
    pub bucket: u32,
    /// The map file named by the scenario.
    pub map: String,
    /// Map width stated by the scenario.
    pub map_width: u32,
    /// Map height stated by the scenario.
    pub map_height: u32,
    /// Start cell.
    pub start: Cell,
    /// Goal cell.
    pub goal: Cell,
    /// The optimal path length, as printed.
    pub optimal: f64,
    /// Digits printed after the decimal point of `optimal`.
    pub decimals: u32,
    /// 1-based line of the scenario in its file.
    pub line: usize,
}

impl Scenario {
    /// The tolerance of a comparison with `optimal`: 1e-6 relative, or half a unit of the
    /// last printed digit when that is coarser (some files print only 5 decimals, so
    /// `3.41421` stands for 1 + √2 = 3.414213...).
    ///
    /// ```
    /// let text = "version 1\n0\tm\t9\t9\t0\t0\t1\t1\t1.41421\n";
    /// let s = pathfind::movingai::read_scen(text.as_bytes())?.next().unwrap()?;
    /// assert!((s.tolerance() - 5e-6).abs() < 1e-12);
    /// # Ok::<(), pathfind::PathError>(())
    /// ```
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        let printed = 0.5 * 10f64.powi(-(self.decimals.min(300) as i32));
        (1e-6 * self.optimal.abs()).max(printed)
    }

    /// `true` if `cost` equals the optimal length within [`tolerance`](Self::tolerance).
    ///
    /// ```
    /// let text = "version 1\n0\tm\t9\t9\t0\t0\t1\t1\t1.41421356\n";
    /// let s = pathfind::movingai::read_scen(text.as_bytes())?.next().unwrap()?;
    /// assert!(s.is_optimal(2f64.sqrt()));
    /// assert!(!s.is_optimal(1.415));
    /// # Ok::<(), pathfind::PathError>(())
    /// ```
    #[must_use]
    pub fn is_optimal(&self, cost: f64) -> bool {
        (cost - self.optimal).abs() <= self.tolerance()
    }
}

/// `bytes` as a quoted string of at most [`QUOTED`] characters, with `…` when there were
/// more (or when `cut`: the bytes are the start of a longer line).
fn quote(bytes: &[u8], cut: bool) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut chars = text.chars();
    let mut shown: String = chars.by_ref().take(QUOTED).collect();
    if cut || chars.next().is_some() {
        shown.push('…');
    }
    format!("{shown:?}")
}

/// `true` for a line of white space alone.
fn blank(line: &[u8]) -> bool {
    String::from_utf8_lossy(line).trim().is_empty()
}

/// The lines of an input, read one at a time, each up to a limit.
struct Lines<R> {
    input: R,
    /// What an I/O error names (a path, or "the input").
    name: String,
    /// The line last read, without its line end; only its first `limit + 1` bytes if it was
    /// longer.
    buf: Vec<u8>,
    /// The 1-based number of the line last read.
    number: usize,
}

/// How [`Lines::next`] found the next line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// A line of at most the limit, in the buffer.
    Fits,
    /// A longer line: its first `limit + 1` bytes are in the buffer, the rest was skipped.
    TooLong,
    /// The input ended.
    End,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R, name: String) -> Self {
        Lines {
            input,
            name,
            buf: Vec::new(),
            number: 0,
        }
    }

    fn io(name: &str, e: &std::io::Error) -> PathError {
        PathError::Io {
            path: name.to_string(),
            message: e.to_string(),
        }
    }

    /// Reads the next line, at most `limit` bytes of it besides its line end (`\n` or
    /// `\r\n`, or a last line without one).
    fn next(&mut self, limit: usize) -> Result<Line, PathError> {
        self.buf.clear();
        let read = (&mut self.input)
            .take(limit as u64 + 2)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Self::io(&self.name, &e))?;
        if read == 0 {
            return Ok(Line::End);
        }
        self.number += 1;
        let ended = self.buf.last() == Some(&b'\n');
        if ended {
            self.buf.pop();
        }
        if (ended || self.buf.len() <= limit + 1) && self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() <= limit {
            return Ok(Line::Fits);
        }
        // One byte past the limit is kept, so that what makes the line too long can be named.
        self.buf.truncate(limit + 1);
        if !ended {
            self.skip_line()?;
        }
        Ok(Line::TooLong)
    }

    /// Skips the input up to the end of the current line, without keeping it.
    fn skip_line(&mut self) -> Result<(), PathError> {
        loop {
            let chunk = self
                .input
                .fill_buf()
                .map_err(|e| Self::io(&self.name, &e))?;
            if chunk.is_empty() {
                return Ok(());
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.input.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = chunk.len();
                    self.input.consume(n);
                }
            }
        }
    }

    /// Reads the next line into the buffer, which must be there and at most `limit` bytes
    /// long (`expected` says what it should hold); `Err` names the line.
    fn expect(&mut self, limit: usize, expected: &str) -> Result<(), PathError> {
        match self.next(limit)? {
            Line::Fits => Ok(()),
            Line::TooLong => Err(PathError::MapLine {
                line: self.number,
                message: format!("expected {expected}, found {}", quote(&self.buf, true)),
            }),
            Line::End => Err(PathError::MapTruncated {
                line: self.number + 1,
                expected: expected.to_string(),
            }),
        }
    }
}

/// Reads a `.map` from `input` (a file through a [`BufReader`], or `text.as_bytes()`),
/// refusing a header that declares more than `max_cells` cells before allocating anything.
/// Each row is read up to its declared width and every other line up to 1,024 bytes, so
/// the reader holds the cells and one short line, whatever the input.
///
/// # Errors
/// [`PathError`] naming the line: a bad header, a missing, short or long row, an unknown
/// character, a non-blank line after the last row; [`PathError::MapTooManyCells`] for a
/// size above `max_cells`, [`PathError::GridSize`] for a zero or too long side,
/// [`PathError::Io`] if the input cannot be read.
///
/// ```
/// use pathfind::PathError;
/// use pathfind::movingai::read_map;
/// assert!(read_map("type octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n".as_bytes(), 1).is_ok());
/// let e = read_map("type octile\nheight x\nwidth 1\nmap\n.\n".as_bytes(), 1).unwrap_err();
/// assert_eq!(e.to_string(), "line 2: expected `height <number>`, found \"height x\"");
/// let huge = "type octile\nheight 4000000000\nwidth 4000000000\nmap\n";
/// let e = read_map(huge.as_bytes(), 1 << 20).unwrap_err();
/// assert!(matches!(e, PathError::MapTooManyCells { max_cells: 1048576, .. }));
/// // A long line is never kept whole, and never quoted whole.
/// let long = format!("type octile\nheight 1\nwidth 2\nmap\n{}\n", ".".repeat(1 << 20));
/// let e = read_map(long.as_bytes(), 4).unwrap_err();
/// assert_eq!(e.to_string(), "line 5: map row has more than 2 cells");
/// ```
pub fn read_map(input: impl BufRead, max_cells: u64) -> Result<MovingAiMap, PathError> {
    map_from(Lines::new(input, "the input".into()), max_cells)
}

/// Reads a `.map` file, refusing a map of more than 16,777,216 cells (4096 × 4096); call
/// [`read_map`] on the opened file to choose another limit.
///
/// # Errors
/// [`PathError::Io`] if it cannot be read, else as [`read_map`].
///
/// ```
/// let e = pathfind::movingai::load_map("/nonexistent/x.map").unwrap_err();
/// assert!(matches!(e, pathfind::PathError::Io { .. }));
/// ```
pub fn load_map(path: impl AsRef<FsPath>) -> Result<MovingAiMap, PathError> {
    map_from(open(path.as_ref())?, LOAD_MAX_CELLS)
}

fn map_from<R: BufRead>(mut lines: Lines<R>, max_cells: u64) -> Result<MovingAiMap, PathError> {
    let header = |lines: &mut Lines<R>, expected: &str| -> Result<(), PathError> {
        lines.expect(LINE_BYTES, expected)?;
        if String::from_utf8_lossy(&lines.buf).trim() == &expected[1..expected.len() - 1] {
            return Ok(());
        }
        Err(PathError::MapLine {
            line: lines.number,
            message: format!("expected {expected}, found {}", quote(&lines.buf, false)),
        })
    };
    header(&mut lines, "`type octile`")?;
    let height = header_number(&mut lines, "height")?;
    let width = header_number(&mut lines, "width")?;
    header(&mut lines, "`map`")?;
    // Both factors are below 2^32, so the product fits a u64.
    if u64::from(width) * u64::from(height) > max_cells {
        return Err(PathError::MapTooManyCells {
            width,
            height,
            max_cells,
        });
    }
    if width == 0 || height == 0 || width > 65_533 || height > 65_533 {
        return Err(PathError::GridSize { width, height });
    }
    let w = width as usize;
    // Grown row by row: a header larger than its input gets no more than twice the cells
    // the input holds.
    let mut passable = Vec::new();
    for row in 0..height {
        let expected = format!("map row {} of {height}", row + 1);
        let fits = match lines.next(w)? {
            Line::End => {
                return Err(PathError::MapTruncated {
                    line: lines.number + 1,
                    expected,
                });
            }
            found => found == Line::Fits,
        };
        let line = lines.number;
        // Every valid character is one byte: the first byte that is not one names the
        // character it starts.
        for (column, &b) in lines.buf.iter().enumerate() {
            passable.push(match b {
                b'.' | b'G' | b'S' => true,
                b'@' | b'O' | b'T' | b'W' => false,
                _ => {
                    let ch = String::from_utf8_lossy(&lines.buf[column..])
                        .chars()
                        .next()
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    return Err(PathError::MapChar {
                        line,
                        column: column + 1,
                        ch,
                    });
                }
            });
        }
        if !fits || lines.buf.len() != w {
            let message = if fits {
                format!("map row has {} cells, expected {width}", lines.buf.len())
            } else {
                format!("map row has more than {width} cells")
            };
            return Err(PathError::MapLine { line, message });
        }
    }
    // A row too many is a map of another size, not one to cut short.
    loop {
        let found = lines.next(LINE_BYTES)?;
        if found == Line::End {
            break;
        }
        if found == Line::TooLong || !blank(&lines.buf) {
            return Err(PathError::MapLine {
                line: lines.number,
                message: format!(
                    "expected the end of the {height}-row map, found {}",
                    quote(&lines.buf, found == Line::TooLong)
                ),
            });
        }
    }
    Ok(MovingAiMap {
        width,
        height,
        passable,
    })
}

/// The number of a header line `key <number>`.
fn header_number<R: BufRead>(lines: &mut Lines<R>, key: &str) -> Result<u32, PathError> {
    let expected = format!("`{key} <number>`");
    lines.expect(LINE_BYTES, &expected)?;
    let text = String::from_utf8_lossy(&lines.buf);
    let mut parts = text.split_whitespace();
    match (
        parts.next(),
        parts.next().map(str::parse::<u32>),
        parts.next(),
    ) {
        (Some(k), Some(Ok(n)), None) if k == key => Ok(n),
        _ => Err(PathError::MapLine {
            line: lines.number,
            message: format!(
                "expected {expected}, found {}",
                quote(text.as_bytes(), false)
            ),
        }),
    }
}

/// The scenarios of a `.scen` input, read a line at a time ([`read_scen`], [`load_scen`]):
/// each data line gives a scenario, or an error naming the line (then the next line is
/// read, so that a caller may skip a malformed line and go on). An I/O error ends the
/// iteration, and so does an error after 1,048,576 data lines, a bound on what the
/// scenarios may hold.
///
/// ```
/// let text = "version 1\n0\tm.map\t9\t9\t1\t2\t3\t4\t2.83\nnot a scenario\n0\tm.map\t9\t9\t0\t0\t0\t0\t0\n";
/// let read: Vec<_> = pathfind::movingai::read_scen(text.as_bytes())?.collect();
/// assert!(read[0].is_ok() && read[2].is_ok());
/// assert_eq!(read[1].as_ref().unwrap_err().to_string(), "line 3: expected 9 fields, found 3");
/// # Ok::<(), pathfind::PathError>(())
/// ```
pub struct ScenarioReader<R> {
    lines: Lines<R>,
    /// Data lines read.
    read: usize,
    done: bool,
}

/// Reads the `version` line of a `.scen` input and returns a reader of its scenarios: see
/// [`ScenarioReader`].
///
/// # Errors
/// [`PathError::MapLine`] or [`PathError::MapTruncated`] for a missing `version` line,
/// [`PathError::Io`] if the input cannot be read.
///
/// ```
/// use pathfind::movingai::read_scen;
/// let e = read_scen("0\tm.map\t9\t9\t1\t2\t3\t4\t2.83\n".as_bytes()).err().unwrap();
/// assert_eq!(e.to_string(), "line 1: expected `version 1`, found \"0\\tm.map\\t9\\t9\\t1\\t2\\t3\\t4\\t2.83\"");
/// ```
pub fn read_scen<R: BufRead>(input: R) -> Result<ScenarioReader<R>, PathError> {
    ScenarioReader::new(Lines::new(input, "the input".into()))
}

/// Reads every scenario of a `.scen` file.
///
/// # Errors
/// [`PathError::Io`] if it cannot be read, else the first error of [`read_scen`] and its
/// [`ScenarioReader`]: a field that is not a number (the optimal length in plain decimal
/// notation, `2.41421`, without sign or exponent), a wrong number of fields, a start or
/// goal outside the stated map size.
///
/// ```
/// assert!(pathfind::movingai::load_scen("/nonexistent/x.map.scen").is_err());
/// ```
pub fn load_scen(path: impl AsRef<FsPath>) -> Result<Vec<Scenario>, PathError> {
    ScenarioReader::new(open(path.as_ref())?)?.collect()
}

impl<R: BufRead> ScenarioReader<R> {
    fn new(mut lines: Lines<R>) -> Result<Self, PathError> {
        lines.expect(LINE_BYTES, "`version 1`")?;
        if String::from_utf8_lossy(&lines.buf)
            .split_whitespace()
            .next()
            != Some("version")
        {
            return Err(PathError::MapLine {
                line: lines.number,
                message: format!("expected `version 1`, found {}", quote(&lines.buf, false)),
            });
        }
        Ok(ScenarioReader {
            lines,
            read: 0,
            done: false,
        })
    }
}

impl<R: BufRead> Iterator for ScenarioReader<R> {
    type Item = Result<Scenario, PathError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let found = match self.lines.next(LINE_BYTES) {
                Ok(found) => found,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            let line = self.lines.number;
            if found == Line::End {
                self.done = true;
            } else if found == Line::TooLong || !blank(&self.lines.buf) {
                if self.read == MAX_SCENARIOS {
                    self.done = true;
                    let message = format!("more than {MAX_SCENARIOS} scenarios");
                    return Some(Err(PathError::MapLine { line, message }));
                }
                self.read += 1;
                if found == Line::TooLong {
                    let message = format!(
                        "a scenario line of more than {LINE_BYTES} bytes: {}",
                        quote(&self.lines.buf, true)
                    );
                    return Some(Err(PathError::MapLine { line, message }));
                }
                return Some(scenario(&String::from_utf8_lossy(&self.lines.buf), line));
            }
        }
        None
    }
}

/// The scenario of data line `line`, `l`.
fn scenario(l: &str, line: usize) -> Result<Scenario, PathError> {
    let bad = |message: String| PathError::MapLine { line, message };
    let f: Vec<&str> = l.split(['\t', ' ']).filter(|s| !s.is_empty()).collect();
    if f.len() != 9 {
        return Err(bad(format!("expected 9 fields, found {}", f.len())));
    }
    let int = |k: usize, name: &str| {
        f[k].parse::<u32>().map_err(|_| {
            bad(format!(
                "field {} ({name}) is not a non-negative integer: {}",
                k + 1,
                quote(f[k].as_bytes(), false)
            ))
        })
    };
    // Plain decimal notation only: `decimals` (and with it the tolerance) counts the
    // digits after the point, which an exponent (`15e-1`) would make meaningless.
    let plain = f[8].bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && f[8].bytes().filter(|&b| b == b'.').count() <= 1
        && f[8].bytes().any(|b| b.is_ascii_digit());
    let optimal: f64 = Some(f[8])
        .filter(|_| plain)
        .and_then(|t| t.parse().ok())
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| {
            bad(format!(
                "field 9 (optimal length) is not a non-negative decimal number: {}",
                quote(f[8].as_bytes(), false)
            ))
        })?;
    let decimals = f[8].split_once('.').map_or(0, |(_, d)| d.len() as u32);
    let s = Scenario {
        bucket: int(0, "bucket")?,
        map: f[1].to_string(),
        map_width: int(2, "width")?,
        map_height: int(3, "height")?,
        start: Cell::new(int(4, "start x")?, int(5, "start y")?),
        goal: Cell::new(int(6, "goal x")?, int(7, "goal y")?),
        optimal,
        decimals,
        line,
    };
    for c in [s.start, s.goal] {
        if c.x >= s.map_width || c.y >= s.map_height {
            return Err(bad(format!(
                "cell ({}, {}) is outside the stated {}x{} map",
                c.x, c.y, s.map_width, s.map_height
            )));
        }
    }
    Ok(s)
}

/// The lines of the file at `path`.
fn open(path: &FsPath) -> Result<Lines<BufReader<File>>, PathError> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| PathError::Io {
        path: name.clone(),
        message: e.to_string(),
    })?;
    Ok(Lines::new(BufReader::new(file), name))
}
