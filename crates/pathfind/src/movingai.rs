//! The MovingAI grid benchmark formats (Nathan Sturtevant's Moving AI Lab): `.map` files
//! ([`parse_map`], [`load_map`]) and `.scen` scenario files ([`parse_scen`], [`load_scen`]).
//!
//! A `.map` has four header lines (`type octile`, `height H`, `width W`, `map`) and then H
//! rows of W characters: `.`, `G`, `S` are passable; `@`, `O`, `T`, `W` are not. Line ends
//! may be CRLF. Nothing but blank lines may follow the last row. The header declares the
//! size before any row, so a map declaring more cells than its [`MapLimits`] allow (by
//! default [`MapLimits::DEFAULT_MAX_CELLS`], a 4096 × 4096 map) is refused before anything
//! is allocated: see [`parse_map_with_limits`] and [`load_map_with_limits`].
//!
//! A `.scen` starts with `version 1` (or `version 1.0`), then one scenario per line:
//! `bucket map width height start_x start_y goal_x goal_y optimal_length`, tab- or
//! space-separated. The optimal lengths assume 8-connected moves, √2 diagonals and no
//! corner cutting ([`Movement::OCTILE`]).
//!
//! ```
//! use pathfind::movingai::{parse_map, parse_scen};
//! use pathfind::{GridContext, Heuristic, Movement};
//!
//! let map = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n").unwrap();
//! let grid = map.to_grid(Movement::OCTILE).unwrap();
//! let scen = parse_scen("version 1\n0\tm.map\t3\t2\t0\t1\t2\t1\t4\n").unwrap();
//! let s = &scen[0];
//! let r = GridContext::new()
//!     .astar(&grid, [s.start], s.goal, Heuristic::Octile)
//!     .unwrap();
//! assert!(s.is_optimal(r.cost().unwrap().get()));
//! ```

use std::path::Path as FsPath;

use crate::engine::error::PathError;
use crate::grids::cell::Cell;
use crate::grids::grid::Grid;
use crate::grids::movement::Movement;

/// A parsed `.map`: its size and the passable flag of every cell, row by row.
///
/// ```
/// let m = pathfind::movingai::parse_map("type octile\nheight 1\nwidth 2\nmap\n.T\n").unwrap();
/// assert_eq!((m.width, m.height), (2, 1));
/// assert_eq!(m.passable, [true, false]);
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
    /// use pathfind::{movingai::parse_map, Cell, Movement};
    /// let g = parse_map("type octile\nheight 1\nwidth 2\nmap\n.@\n").unwrap().to_grid(Movement::OCTILE).unwrap();
    /// assert!(g.is_passable(Cell::new(0, 0)) && !g.is_passable(Cell::new(1, 0)));
    /// ```
    pub fn to_grid(&self, movement: Movement) -> Result<Grid, PathError> {
        Grid::from_passable(self.width, self.height, movement, &self.passable)
    }
}

/// One scenario of a `.scen` file.
///
/// ```
/// let s = &pathfind::movingai::parse_scen("version 1\n3\tx.map\t9\t9\t1\t2\t3\t4\t2.83\n").unwrap()[0];
/// assert_eq!((s.bucket, s.start, s.goal), (3, pathfind::Cell::new(1, 2), pathfind::Cell::new(3, 4)));
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
    /// let s = &pathfind::movingai::parse_scen("version 1\n0\tm\t9\t9\t0\t0\t1\t1\t1.41421\n").unwrap()[0];
    /// assert!((s.tolerance() - 5e-6).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        let printed = 0.5 * 10f64.powi(-(self.decimals.min(300) as i32));
        (1e-6 * self.optimal.abs()).max(printed)
    }

    /// `true` if `cost` equals the optimal length within [`tolerance`](Self::tolerance).
    ///
    /// ```
    /// let s = &pathfind::movingai::parse_scen("version 1\n0\tm\t9\t9\t0\t0\t1\t1\t1.41421356\n").unwrap()[0];
    /// assert!(s.is_optimal(2f64.sqrt()));
    /// assert!(!s.is_optimal(1.415));
    /// ```
    #[must_use]
    pub fn is_optimal(&self, cost: f64) -> bool {
        (cost - self.optimal).abs() <= self.tolerance()
    }
}

/// What a `.map` file may make the parser allocate. The header declares the size before
/// any row is read, so [`parse_map_with_limits`] compares `width × height` with
/// [`max_cells`](Self::max_cells) first and refuses a larger map with
/// [`PathError::MapTooManyCells`] without allocating anything; a map within the limit never
/// reserves more cells than the text has bytes (each cell is one character).
///
/// The default, [`DEFAULT_MAX_CELLS`](Self::DEFAULT_MAX_CELLS), is what [`parse_map`] and
/// [`load_map`] use.
///
/// ```
/// use pathfind::PathError;
/// use pathfind::movingai::{MapLimits, parse_map_with_limits};
///
/// assert_eq!(MapLimits::default().max_cells(), 4096 * 4096);
/// let small = MapLimits::new().with_max_cells(4);
/// let text = "type octile\nheight 2\nwidth 3\nmap\n...\n...\n";
/// assert!(matches!(
///     parse_map_with_limits(text, &small),
///     Err(PathError::MapTooManyCells { width: 3, height: 2, max_cells: 4 })
/// ));
/// assert!(parse_map_with_limits(text, &small.with_max_cells(6)).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapLimits {
    max_cells: u64,
}

impl MapLimits {
    /// The default limit: 16,777,216 cells (a 4096 × 4096 map, 16 MiB of passability flags),
    /// 64 times the largest map in the repository's `data/movingai` (512 × 512).
    pub const DEFAULT_MAX_CELLS: u64 = 1 << 24;

    /// The default limits ([`DEFAULT_MAX_CELLS`](Self::DEFAULT_MAX_CELLS)).
    ///
    /// ```
    /// use pathfind::movingai::MapLimits;
    /// assert_eq!(MapLimits::new(), MapLimits::default());
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        MapLimits {
            max_cells: Self::DEFAULT_MAX_CELLS,
        }
    }

    /// The same limits with at most `max_cells` cells (`width × height`) per map. The grid
    /// itself still allows at most 65,533 cells per side ([`PathError::GridSize`]).
    ///
    /// ```
    /// use pathfind::movingai::MapLimits;
    /// assert_eq!(MapLimits::new().with_max_cells(1 << 20).max_cells(), 1 << 20);
    /// ```
    #[must_use]
    pub const fn with_max_cells(self, max_cells: u64) -> Self {
        MapLimits { max_cells }
    }

    /// The largest number of cells (`width × height`) a map may declare.
    ///
    /// ```
    /// use pathfind::movingai::MapLimits;
    /// assert_eq!(MapLimits::new().max_cells(), MapLimits::DEFAULT_MAX_CELLS);
    /// ```
    #[must_use]
    pub const fn max_cells(&self) -> u64 {
        self.max_cells
    }
}

impl Default for MapLimits {
    fn default() -> Self {
        Self::new()
    }
}

/// The lines of a file: split at `\n`, one `\r` before it (or at the very end) dropped.
/// Unlike [`str::lines`] followed by stripping a `\r`, a line keeps any second `\r`.
fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split_inclusive('\n').map(|l| {
        let l = l.strip_suffix('\n').unwrap_or(l);
        l.strip_suffix('\r').unwrap_or(l)
    })
}

/// Parses a `.map` file's text, refusing a map larger than
/// [`MapLimits::DEFAULT_MAX_CELLS`] (use [`parse_map_with_limits`] to choose the limit).
///
/// # Errors
/// [`PathError`] naming the line: a bad header, a missing, short or long row, an unknown
/// character, a non-blank line after the last row; [`PathError::MapTooManyCells`] for a size
/// above the limit, [`PathError::GridSize`] for a zero or too long side.
///
/// ```
/// use pathfind::movingai::parse_map;
/// assert!(parse_map("type octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n").is_ok());
/// let e = parse_map("type octile\nheight x\nwidth 1\nmap\n.\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 2: expected `height <number>`, found \"height x\"");
/// ```
pub fn parse_map(text: &str) -> Result<MovingAiMap, PathError> {
    parse_map_with_limits(text, &MapLimits::default())
}

/// Parses a `.map` file's text, refusing a header that declares more than
/// `limits.max_cells()` cells before allocating anything.
///
/// # Errors
/// As [`parse_map`], with [`PathError::MapTooManyCells`] for a size above `limits`.
///
/// ```
/// use pathfind::PathError;
/// use pathfind::movingai::{MapLimits, parse_map_with_limits};
///
/// let huge = "type octile\nheight 4000000000\nwidth 4000000000\nmap\n";
/// let err = parse_map_with_limits(huge, &MapLimits::new()).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "the header declares a 4000000000x4000000000 map (16000000000000000000 cells), \
///      more than the limit of 16777216 cells"
/// );
/// let limits = MapLimits::new().with_max_cells(1 << 20);
/// assert!(parse_map_with_limits("type octile\nheight 1\nwidth 2\nmap\n.@\n", &limits).is_ok());
/// ```
pub fn parse_map_with_limits(text: &str, limits: &MapLimits) -> Result<MovingAiMap, PathError> {
    let mut lines = text_lines(text).enumerate();
    let mut next = |expected: &str| {
        lines
            .next()
            .map(|(i, l)| (i + 1, l))
            .ok_or_else(|| PathError::MapTruncated {
                line: text_lines(text).count() + 1,
                expected: expected.to_string(),
            })
    };
    let (line, ty) = next("`type octile`")?;
    if ty.trim() != "type octile" {
        return Err(PathError::MapLine {
            line,
            message: format!("expected `type octile`, found {ty:?}"),
        });
    }
    let height = header_number(next("`height <number>`")?, "height")?;
    let width = header_number(next("`width <number>`")?, "width")?;
    let (line, m) = next("`map`")?;
    if m.trim() != "map" {
        return Err(PathError::MapLine {
            line,
            message: format!("expected `map`, found {m:?}"),
        });
    }
    // Both factors are below 2^32, so the product fits a u64.
    let cells = u64::from(width) * u64::from(height);
    if cells > limits.max_cells {
        return Err(PathError::MapTooManyCells {
            width,
            height,
            max_cells: limits.max_cells,
        });
    }
    if width == 0 || height == 0 || width > 65_533 || height > 65_533 {
        return Err(PathError::GridSize { width, height });
    }
    // Every cell is a character of at least one byte: a header larger than its text gets no
    // more than the text's length reserved, and the rows below push at most `width` cells
    // each, so the vector never grows past this.
    let capacity = usize::try_from(cells).map_or(text.len(), |c| c.min(text.len()));
    let mut passable = Vec::with_capacity(capacity);
    for row in 0..height {
        let (line, text) = next(&format!("map row {} of {height}", row + 1))?;
        let mut count = 0usize;
        for (col, ch) in text.chars().enumerate() {
            let p = match ch {
                '.' | 'G' | 'S' => true,
                '@' | 'O' | 'T' | 'W' => false,
                _ => {
                    return Err(PathError::MapChar {
                        line,
                        column: col + 1,
                        ch,
                    });
                }
            };
            if col < width as usize {
                passable.push(p);
            }
            count += 1;
        }
        if count != width as usize {
            return Err(PathError::MapLine {
                line,
                message: format!("map row has {count} cells, expected {width}"),
            });
        }
    }
    // A row too many is a map of another size, not one to cut short.
    for (i, rest) in lines {
        if !rest.trim().is_empty() {
            return Err(PathError::MapLine {
                line: i + 1,
                message: format!("expected the end of the {height}-row map, found {rest:?}"),
            });
        }
    }
    Ok(MovingAiMap {
        width,
        height,
        passable,
    })
}

fn header_number((line, text): (usize, &str), key: &str) -> Result<u32, PathError> {
    let mut parts = text.split_whitespace();
    match (
        parts.next(),
        parts.next().map(str::parse::<u32>),
        parts.next(),
    ) {
        (Some(k), Some(Ok(n)), None) if k == key => Ok(n),
        _ => Err(PathError::MapLine {
            line,
            message: format!("expected `{key} <number>`, found {text:?}"),
        }),
    }
}

/// Parses a `.scen` file's text.
///
/// # Errors
/// [`PathError::MapLine`] naming the line: a missing `version` line, a wrong number of fields,
/// a field that is not a number (the optimal length in plain decimal notation, `2.41421`,
/// without sign or exponent), or a start or goal outside the stated map size.
///
/// ```
/// use pathfind::movingai::parse_scen;
/// let e = parse_scen("version 1\n0\tm.map\t9\t9\t1\t2\t3\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 2: expected 9 fields, found 7");
/// ```
pub fn parse_scen(text: &str) -> Result<Vec<Scenario>, PathError> {
    let mut out = Vec::new();
    let mut lines = text_lines(text).enumerate();
    match lines.next() {
        Some((_, l)) if l.split_whitespace().next() == Some("version") => {}
        Some((_, l)) => {
            return Err(PathError::MapLine {
                line: 1,
                message: format!("expected `version 1`, found {l:?}"),
            });
        }
        None => {
            return Err(PathError::MapTruncated {
                line: 1,
                expected: "`version 1`".into(),
            });
        }
    }
    for (i, l) in lines {
        let line = i + 1;
        if l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split(['\t', ' ']).filter(|s| !s.is_empty()).collect();
        if f.len() != 9 {
            return Err(PathError::MapLine {
                line,
                message: format!("expected 9 fields, found {}", f.len()),
            });
        }
        let int = |k: usize, name: &str| {
            f[k].parse::<u32>().map_err(|_| PathError::MapLine {
                line,
                message: format!(
                    "field {} ({name}) is not a non-negative integer: {:?}",
                    k + 1,
                    f[k]
                ),
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
            .ok_or_else(|| PathError::MapLine {
                line,
                message: format!(
                    "field 9 (optimal length) is not a non-negative decimal number: {:?}",
                    f[8]
                ),
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
                return Err(PathError::MapLine {
                    line,
                    message: format!(
                        "cell ({}, {}) is outside the stated {}x{} map",
                        c.x, c.y, s.map_width, s.map_height
                    ),
                });
            }
        }
        out.push(s);
    }
    Ok(out)
}

/// Reads and parses a `.map` file with the default [`MapLimits`].
///
/// # Errors
/// [`PathError::Io`] if it cannot be read, else as [`parse_map`].
///
/// ```
/// let e = pathfind::movingai::load_map("/nonexistent/x.map").unwrap_err();
/// assert!(matches!(e, pathfind::PathError::Io { .. }));
/// ```
pub fn load_map(path: impl AsRef<FsPath>) -> Result<MovingAiMap, PathError> {
    parse_map(&read(path.as_ref())?)
}

/// Reads and parses a `.map` file with the given [`MapLimits`].
///
/// # Errors
/// [`PathError::Io`] if it cannot be read, else as [`parse_map_with_limits`].
///
/// ```
/// use pathfind::movingai::{MapLimits, load_map_with_limits};
/// let limits = MapLimits::new().with_max_cells(1 << 20);
/// let e = load_map_with_limits("/nonexistent/x.map", &limits).unwrap_err();
/// assert!(matches!(e, pathfind::PathError::Io { .. }));
/// ```
pub fn load_map_with_limits(
    path: impl AsRef<FsPath>,
    limits: &MapLimits,
) -> Result<MovingAiMap, PathError> {
    parse_map_with_limits(&read(path.as_ref())?, limits)
}

/// Reads and parses a `.scen` file.
///
/// # Errors
/// [`PathError::Io`] if it cannot be read, else as [`parse_scen`].
///
/// ```
/// assert!(pathfind::movingai::load_scen("/nonexistent/x.map.scen").is_err());
/// ```
pub fn load_scen(path: impl AsRef<FsPath>) -> Result<Vec<Scenario>, PathError> {
    parse_scen(&read(path.as_ref())?)
}

fn read(path: &FsPath) -> Result<String, PathError> {
    std::fs::read_to_string(path).map_err(|e| PathError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}
