//! What each scenario of `ply path` expects: the scenario rows of a MovingAI file, the
//! optimum they come with (or the 4-connected lengths beside the map), and the verdict on a
//! length found.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path as FsPath, PathBuf};

use pathfind::movingai::{Scenario, read_scen};
use pathfind::{Grid, PathError};

use crate::Failure;
use crate::input::quote;

use super::TOLERANCE;
use super::runner::Found;

/// What an algorithm guarantees about its lengths, and so what is checked.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Guarantee {
    /// Equal to the optimum.
    Optimal,
    /// Between the optimum and this factor times it.
    Bounded(f64),
    /// No shorter than the optimum.
    None,
}

/// What one scenario row of the file expects.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Expected {
    /// A path of this length.
    Length(f64),
    /// No path (the 4-connected file says -1).
    Unreachable,
    /// Nothing known: only timed.
    Unknown,
}

/// One data row of a scenario file: a scenario, or the reason it was skipped.
pub(super) enum Row {
    Ok(Scenario),
    Bad,
}

/// Reads a scenario file a line at a time (each line read up to the reader's limit, and
/// quoted in a message by 40 characters at most): every data line as a scenario or, when it
/// cannot be read or does not fit the map, as a message naming the file, the line and what
/// was expected.
pub(super) fn load_scenarios(
    path: &FsPath,
    grid: &Grid,
) -> Result<(Vec<Row>, Vec<String>), Failure> {
    let name = crate::output::shown_path(path);
    let cannot = |e: String| {
        Failure::input(format!(
            "cannot read the scenario file {name}: {e} (give another one with --scen)"
        ))
    };
    let file = File::open(path).map_err(|e| cannot(e.to_string()))?;
    let scenarios = read_scen(BufReader::new(file)).map_err(|e| match e {
        PathError::Io { message, .. } => cannot(message),
        e => Failure::input(format!("{name}: {e}")),
    })?;
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    for scenario in scenarios {
        let why = match scenario {
            Ok(s) => match fits(&s, grid) {
                Ok(()) => {
                    rows.push(Row::Ok(s));
                    continue;
                }
                Err(why) => format!("line {}: {why}; skipped", s.line),
            },
            Err(PathError::MapLine { line, message }) => format!(
                "line {line}: {message} (expected `bucket map width height start_x start_y \
                 goal_x goal_y optimal_length`); skipped"
            ),
            Err(PathError::Io { message, .. }) => return Err(cannot(message)),
            Err(e) => format!("{e}; skipped"),
        };
        bad.push(format!("{name}: {why}"));
        rows.push(Row::Bad);
    }
    Ok((rows, bad))
}

/// Whether a scenario belongs to the map: same size, start and goal passable.
pub(super) fn fits(s: &Scenario, grid: &Grid) -> Result<(), String> {
    if (s.map_width, s.map_height) != (grid.width(), grid.height()) {
        return Err(format!(
            "the scenario is for a {}x{} map, this map is {}x{}",
            s.map_width,
            s.map_height,
            grid.width(),
            grid.height()
        ));
    }
    for (what, c) in [("start", s.start), ("goal", s.goal)] {
        if !grid.is_passable(c) {
            return Err(format!(
                "the {what} ({}, {}) is an obstacle of the map",
                c.x, c.y
            ));
        }
    }
    Ok(())
}

/// Where the optima come from.
pub(super) enum Oracle {
    /// The scenario file's lengths (8-connected).
    Scenarios,
    /// 4-connected lengths, one per scenario row, from this file.
    FourConn(Vec<Option<u32>>, PathBuf),
    /// No 4-connected lengths: this file was looked for.
    Missing(PathBuf),
}

impl Oracle {
    pub(super) fn expected(&self, row: usize, s: &Scenario) -> Expected {
        match self {
            Oracle::Scenarios => Expected::Length(s.optimal),
            Oracle::FourConn(lengths, _) => match lengths.get(row) {
                Some(Some(n)) => Expected::Length(f64::from(*n)),
                Some(None) => Expected::Unreachable,
                None => Expected::Unknown,
            },
            Oracle::Missing(_) => Expected::Unknown,
        }
    }

    pub(super) fn describe(&self) -> String {
        match self {
            Oracle::Scenarios => format!(
                "lengths checked against the file's optima (tolerance {TOLERANCE} relative)"
            ),
            Oracle::FourConn(_, path) => format!(
                "lengths checked against the 4-connected optima of {} (tolerance {TOLERANCE} relative)",
                path.display()
            ),
            Oracle::Missing(path) => format!(
                "no 4-connected optima ({} does not exist): the searches are only timed",
                path.display()
            ),
        }
    }
}

/// `DIR/4conn/NAME.4conn.tsv` for the map `DIR/NAME`.
pub(super) fn four_conn_path(map: &FsPath) -> PathBuf {
    let name = map
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    map.parent()
        .unwrap_or(FsPath::new(""))
        .join("4conn")
        .join(format!("{name}.4conn.tsv"))
}

/// Reads a `4conn` file: per scenario row, the 4-connected length (`None` = unreachable).
/// Its rows must match the scenario file's, start and goal included.
pub(super) fn load_four_conn(path: &FsPath, rows: &[Row]) -> Result<Vec<Option<u32>>, Failure> {
    /// The longest line read: a row is six numbers.
    const LINE_BYTES: u64 = 1024;
    let name = crate::output::shown_path(path);
    let cannot = |e: std::io::Error| Failure::input(format!("cannot read {name}: {e}"));
    let mut input = BufReader::new(File::open(path).map_err(cannot)?);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    for line in 1.. {
        buf.clear();
        let read = (&mut input)
            .take(LINE_BYTES + 1)
            .read_until(b'\n', &mut buf)
            .map_err(cannot)?;
        if read == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&buf);
        if buf.last() != Some(&b'\n') && read as u64 > LINE_BYTES {
            return Err(Failure::input(format!(
                "{name}: line {line}: longer than {LINE_BYTES} bytes: {}",
                quote(&text)
            )));
        }
        let l = text.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let expected = "expected `sx sy gx gy octile_opt len4`";
        let f: Vec<&str> = l.split_whitespace().collect();
        let bad = || {
            Failure::input(format!(
                "{name}: line {line}: {expected}, found {}",
                quote(l)
            ))
        };
        if f.len() != 6 {
            return Err(bad());
        }
        let mut coords = [0u32; 4];
        for (c, field) in coords.iter_mut().zip(&f[..4]) {
            *c = field.parse().map_err(|_| bad())?;
        }
        let len: i64 = f[5].parse().map_err(|_| bad())?;
        let len = match len {
            -1 => None,
            n => Some(u32::try_from(n).map_err(|_| bad())?),
        };
        let k = out.len();
        match rows.get(k) {
            Some(Row::Ok(s)) => {
                if [s.start.x, s.start.y, s.goal.x, s.goal.y] != coords {
                    return Err(Failure::input(format!(
                        "{name}: line {line}: start and goal {coords:?} differ from scenario {} \
                         (line {} of the scenario file)",
                        k + 1,
                        s.line
                    )));
                }
            }
            Some(Row::Bad) => {}
            None => {
                return Err(Failure::input(format!(
                    "{name}: line {line}: more rows than the scenario file has scenarios ({})",
                    rows.len()
                )));
            }
        }
        out.push(len);
    }
    if out.len() != rows.len() {
        return Err(Failure::input(format!(
            "{name}: {} rows, expected one per scenario ({})",
            out.len(),
            rows.len()
        )));
    }
    Ok(out)
}

/// The verdict on one query.
pub(super) enum Check {
    /// As expected; with the length / optimum ratio for algorithms that are not optimal.
    Ok(Option<f64>),
    /// Nothing to compare with, or stopped by the expansion limit.
    Unchecked,
    /// Not as expected: why.
    Mismatch(String),
}

pub(super) fn check(found: &Found, expected: Expected, guarantee: Guarantee) -> Check {
    let close = |a: f64, b: f64| (a - b).abs() <= TOLERANCE * b.abs().max(1.0);
    match (found, expected) {
        (Found::Limit, _) | (_, Expected::Unknown) => Check::Unchecked,
        (Found::NoPath, Expected::Unreachable) => Check::Ok(None),
        (Found::NoPath, Expected::Length(opt)) => {
            Check::Mismatch(format!("no path found, the optimum is {opt}"))
        }
        (Found::Path(len), Expected::Unreachable) => Check::Mismatch(format!(
            "found a path of length {len}, but the goal is unreachable"
        )),
        (Found::Path(len), Expected::Length(opt)) => {
            let (len, opt) = (*len, opt);
            let ratio =
                (guarantee != Guarantee::Optimal).then(|| if opt > 0.0 { len / opt } else { 1.0 });
            let shorter = len < opt && !close(len, opt);
            match guarantee {
                Guarantee::Optimal if !close(len, opt) => {
                    Check::Mismatch(format!("length {len:.6}, optimum {opt:.6}"))
                }
                Guarantee::Bounded(w) if shorter || (len > w * opt && !close(len, w * opt)) => {
                    Check::Mismatch(format!(
                        "length {len:.6} outside [optimum {opt:.6}, {w} x optimum]"
                    ))
                }
                Guarantee::None if shorter => Check::Mismatch(format!(
                    "length {len:.6} is shorter than the optimum {opt:.6}"
                )),
                _ => Check::Ok(ratio),
            }
        }
    }
}
