//! `ply path`: run a path search on every scenario of a MovingAI map, check each length
//! against the scenario file's optimum, report the time and the expanded cells per query,
//! and draw one search as SVG or PNG.
//!
//! This module reads the options and runs the scenarios; [`check`](mod@check) reads the scenario files
//! and judges each length, [`runner`] runs the chosen algorithm query after query, and
//! [`picture`] draws one search.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use pathfind::movingai::load_map;
use pathfind::{Algorithm, Heuristic, Movement, PathError};

use crate::Failure;

mod check;
mod picture;
mod runner;

use check::{Check, Guarantee, Oracle, Row, check, four_conn_path, load_four_conn, load_scenarios};
use picture::{Format, Picture, caption, write_picture};

use crate::output::OutputFile;
use runner::Runner;

/// Options of `ply path`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Runs the search from start to goal of every scenario of a MovingAI benchmark map and checks
each path length against the optimum: the scenario file's (8-connected moves, diagonals √2,
no corner cutting), or with --connectivity 4 the 4-connected unit-cost lengths of
4conn/NAME.map.4conn.tsv beside the map (without that file the searches are only timed).
Optimal algorithms must match the optimum within 1e-4 (relative); the others are checked to
be no shorter (weighted A*: at most WEIGHT times longer) and their length / optimum ratio is
reported. The table gives per scenario bucket the mean time per query and the mean number
of expanded cells.

Exit code: 0 when every length checks, 1 on a mismatch, 2 for a malformed map or scenario
file (a scenario line that cannot be read is reported with its line number and skipped; the
others still run).

-o draws one search (the map, the cells it expanded, the path, start and goal) as SVG or
PNG, chosen by the file's extension: by default the last scenario run, usually among the
longest.

The examples read the repository's maps in data/movingai: ply finds them beside the source it
was built from, wherever it runs.

Algorithms: astar, dijkstra, bfs (4-connected only: the fewest moves), wastar (weighted A*,
--weight), greedy (greedy best-first), idastar, iddfs (4-connected only), dfs, jps (jump
point search) and jps-plus (JPS+, precomputed jump distances; both 8-connected only). IDA*, IDDFS
and DFS search through the generic problem interface and hash cells; IDA* and IDDFS revisit
cells many times on open maps, so they stop after --max-expansions per query (1,000,000 by
default) and such queries are reported as unchecked.

Examples:
  ply path data/movingai/arena.map
  ply path data/movingai/den312d.map --algorithm wastar --weight 2
  ply path data/movingai/Berlin_0_512.map --connectivity 4 --algorithm bfs
  ply path data/movingai/arena.map -o arena.svg --scenario 150
  ply path data/movingai/maze512-1-0.map --limit 500 -o maze.png")]
pub(crate) struct Args {
    /// The MovingAI map (`.map`).
    #[arg(value_name = "MAP")]
    map: PathBuf,
    /// The scenario file [default: MAP.scen beside the map].
    #[arg(long, value_name = "FILE")]
    scen: Option<PathBuf>,
    /// The search algorithm.
    #[arg(long, short, value_enum, default_value_t = Alg::Astar)]
    algorithm: Alg,
    /// Weighted A*'s weight: f = g + WEIGHT·h, a path at most WEIGHT times the optimum
    /// [default: 1.5].
    #[arg(long, short, value_name = "WEIGHT")]
    weight: Option<f64>,
    /// The heuristic of astar, wastar, greedy and idastar [default: octile with
    /// --connectivity 8, manhattan with --connectivity 4].
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// Which neighbours a cell has: 8 (straight 1, diagonal √2, no corner cutting: the
    /// scenario files' rule) or 4 (unit cost).
    #[arg(long, value_enum, default_value_t = Connectivity::Eight)]
    connectivity: Connectivity,
    /// Run only the first N scenarios.
    #[arg(long, short = 'n', value_name = "N", value_parser = crate::input::positive)]
    limit: Option<u64>,
    /// Stop each query after this many expansions and report it unchecked [default:
    /// 1,000,000 for idastar and iddfs, no limit for the others].
    #[arg(long, value_name = "N", value_parser = crate::input::positive)]
    max_expansions: Option<u64>,
    /// Draw one search into this file: SVG (`.svg`) or PNG (`.png`).
    #[arg(long, short, value_name = "FILE", group = "picture")]
    output: Option<PathBuf>,
    /// Old spelling of --output.
    #[arg(long, hide = true, group = "picture")]
    render: Option<PathBuf>,
    /// The scenario -o draws: its 1-based number in the scenario file [default: the last
    /// one run].
    #[arg(long, value_name = "K", requires = "picture", value_parser = crate::input::positive)]
    scenario: Option<u64>,
}

/// The algorithms `--algorithm` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Alg {
    /// A*: optimal with an admissible heuristic.
    #[value(alias = "a*")]
    Astar,
    /// Dijkstra (uniform-cost search): optimal.
    Dijkstra,
    /// Breadth-first search: the fewest moves (4-connected only).
    Bfs,
    /// Weighted A*: at most WEIGHT times the optimum.
    #[value(alias = "weighted-astar", alias = "wa*")]
    Wastar,
    /// Greedy best-first search: follows the heuristic, not optimal.
    #[value(alias = "greedy-best-first")]
    Greedy,
    /// Iterative-deepening A*: optimal, memory linear in the path length.
    #[value(alias = "ida*")]
    Idastar,
    /// Iterative-deepening DFS: the fewest moves (4-connected only).
    Iddfs,
    /// Depth-first search: some path, not optimal.
    Dfs,
    /// Jump point search: optimal, 8-connected only.
    Jps,
    /// Jump point search on precomputed jump distances (JPS+): optimal, 8-connected only.
    #[value(alias = "jps+")]
    JpsPlus,
}

impl Alg {
    fn name(self) -> &'static str {
        match self {
            Alg::Astar => "A*",
            Alg::Dijkstra => "Dijkstra",
            Alg::Bfs => "BFS",
            Alg::Wastar => "weighted A*",
            Alg::Greedy => "greedy best-first",
            Alg::Idastar => "IDA*",
            Alg::Iddfs => "IDDFS",
            Alg::Dfs => "DFS",
            Alg::Jps => "jump point search",
            Alg::JpsPlus => "JPS+",
        }
    }

    fn uses_heuristic(self) -> bool {
        matches!(self, Alg::Astar | Alg::Wastar | Alg::Greedy | Alg::Idastar)
    }

    /// The problem-interface algorithm, for those a grid context lacks.
    fn generic(self) -> Option<Algorithm> {
        match self {
            Alg::Idastar => Some(Algorithm::IdaStar),
            Alg::Iddfs => Some(Algorithm::Iddfs),
            Alg::Dfs => Some(Algorithm::Dfs),
            _ => None,
        }
    }
}

/// The heuristics `--heuristic` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum HeuristicArg {
    /// 0 everywhere.
    Zero,
    /// dx + dy (not admissible with diagonal moves).
    Manhattan,
    /// Straight-line distance.
    Euclidean,
    /// max + (√2 - 1)·min: exact on open 8-connected ground.
    Octile,
    /// max(dx, dy).
    Chebyshev,
}

impl HeuristicArg {
    fn to_heuristic(self) -> Heuristic {
        match self {
            HeuristicArg::Zero => Heuristic::Zero,
            HeuristicArg::Manhattan => Heuristic::Manhattan,
            HeuristicArg::Euclidean => Heuristic::Euclidean,
            HeuristicArg::Octile => Heuristic::Octile,
            HeuristicArg::Chebyshev => Heuristic::Chebyshev,
        }
    }
}

/// `--connectivity`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Connectivity {
    /// 8-connected, diagonals √2, no corner cutting.
    #[value(name = "8")]
    Eight,
    /// 4-connected, unit cost.
    #[value(name = "4")]
    Four,
}

/// Relative tolerance of a length check.
const TOLERANCE: f64 = 1e-4;
/// Default expansion limit per query of IDA* and IDDFS.
const DEEPENING_EXPANSIONS: u64 = 1_000_000;
/// Mismatches and malformed lines printed in full (the rest are counted).
const SHOWN: usize = 10;

/// Totals of a group of scenarios.
#[derive(Clone, Debug, Default)]
struct Tally {
    scenarios: u64,
    mismatches: u64,
    unchecked: u64,
    time: Duration,
    expanded: u64,
    ratio_sum: f64,
    ratios: u64,
    ratio_max: f64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.scenarios += other.scenarios;
        self.mismatches += other.mismatches;
        self.unchecked += other.unchecked;
        self.time += other.time;
        self.expanded += other.expanded;
        self.ratio_sum += other.ratio_sum;
        self.ratios += other.ratios;
        self.ratio_max = self.ratio_max.max(other.ratio_max);
    }

    fn mean_micros(&self) -> f64 {
        self.time.as_secs_f64() * 1e6 / self.scenarios.max(1) as f64
    }

    fn mean_expanded(&self) -> f64 {
        self.expanded as f64 / self.scenarios.max(1) as f64
    }

    fn mean_ratio(&self) -> f64 {
        if self.ratios == 0 {
            f64::NAN
        } else {
            self.ratio_sum / self.ratios as f64
        }
    }
}

/// Runs `ply path`.
pub(crate) fn run(mut args: Args) -> Result<ExitCode, Failure> {
    args.map = crate::input::data_path(&args.map);
    args.scen = args.scen.map(|s| crate::input::data_path(&s));
    if let Some(file) = args.render.take() {
        let file_name = file.display().to_string();
        crate::grammar::notice(&format!("--render {file_name}"), &format!("-o {file_name}"));
        args.output = Some(file);
    }
    let movement = match args.connectivity {
        Connectivity::Eight => Movement::OCTILE,
        Connectivity::Four => Movement::Four,
    };
    let setup = Setup::from_args(&args, movement)?;
    // The picture's format and file are checked before any search.
    let render = match &args.output {
        Some(file) => Some((Format::of(file)?, OutputFile::claim(file)?)),
        None => None,
    };
    let map_name = crate::output::shown_path(&args.map);
    let map = load_map(&args.map).map_err(|e| map_failure(&map_name, &e))?;
    let grid = map
        .to_grid(movement)
        .map_err(|e| Failure::input(format!("{map_name}: {e}")))?;
    let scen_path = args.scen.clone().unwrap_or_else(|| {
        let mut p = args.map.clone().into_os_string();
        p.push(".scen");
        PathBuf::from(p)
    });
    let scen_name = crate::output::shown_path(&scen_path);
    let (rows, malformed) = load_scenarios(&scen_path, &grid)?;
    let oracle = match args.connectivity {
        Connectivity::Eight => Oracle::Scenarios,
        Connectivity::Four => {
            let tsv = four_conn_path(&args.map);
            if tsv.is_file() {
                Oracle::FourConn(load_four_conn(&tsv, &rows)?, tsv)
            } else {
                Oracle::Missing(tsv)
            }
        }
    };
    let total_rows = rows.len();
    let limit = args.limit.map_or(usize::MAX, |n| n as usize);
    let run_rows: Vec<usize> = (0..total_rows.min(limit)).collect();
    let run_count = run_rows
        .iter()
        .filter(|&&k| matches!(rows[k], Row::Ok(_)))
        .count();
    if let Some(k) = args.scenario {
        let k = k as usize;
        if k > total_rows {
            return Err(Failure::input(format!(
                "--scenario {k}: {scen_name} has {total_rows} scenarios"
            )));
        }
        if !matches!(rows[k - 1], Row::Ok(_)) {
            return Err(Failure::input(format!(
                "--scenario {k}: that line of {scen_name} is malformed"
            )));
        }
    }
    if run_count == 0 {
        return Err(Failure::input(format!(
            "{scen_name}: no scenario to run{}",
            malformed.first().map_or(String::new(), |first| format!(
                " (every line was malformed; the first: {first})"
            ))
        )));
    }

    let mut out = io::stdout().lock();
    writeln!(
        out,
        "map        {map_name}: {}x{}, {} passable cells, {}",
        grid.width(),
        grid.height(),
        grid.passable_count(),
        match args.connectivity {
            Connectivity::Eight => "8-connected (straight 1, diagonal √2, no corner cutting)",
            Connectivity::Four => "4-connected (unit cost)",
        }
    )?;
    writeln!(
        out,
        "scenarios  {scen_name}: running {run_count} of {}; {}",
        rows.iter().filter(|r| matches!(r, Row::Ok(_))).count(),
        oracle.describe()
    )?;
    writeln!(out, "algorithm  {}", setup.describe())?;

    let mut runner = Runner::new(&setup);
    let mut buckets: BTreeMap<u32, Tally> = BTreeMap::new();
    let mut mismatch_lines = Vec::new();
    let mut last_run = None;
    for &k in &run_rows {
        let Row::Ok(s) = &rows[k] else { continue };
        let expected = oracle.expected(k, s);
        let started = Instant::now();
        let query = runner
            .run(&grid, s.start, s.goal)
            .map_err(|e| Failure::run(format!("{scen_name}: line {}: {e}", s.line)))?;
        let elapsed = started.elapsed();
        last_run = Some(k);
        let t = buckets.entry(s.bucket).or_default();
        t.scenarios += 1;
        t.time += elapsed;
        t.expanded += query.expanded;
        match check(&query.found, expected, setup.guarantee) {
            Check::Ok(ratio) => {
                if let Some(r) = ratio {
                    t.ratio_sum += r;
                    t.ratios += 1;
                    t.ratio_max = t.ratio_max.max(r);
                }
            }
            Check::Unchecked => t.unchecked += 1,
            Check::Mismatch(why) => {
                t.mismatches += 1;
                mismatch_lines.push(format!(
                    "mismatch: scenario {} ({scen_name} line {}), ({}, {}) to ({}, {}): {why}",
                    k + 1,
                    s.line,
                    s.start.x,
                    s.start.y,
                    s.goal.x,
                    s.goal.y
                ));
            }
        }
    }

    print_table(&mut out, &buckets, setup.guarantee != Guarantee::Optimal)?;
    let mut total = Tally::default();
    for t in buckets.values() {
        total.add(t);
    }
    let mut summary = format!(
        "total: {} scenarios, {} mismatches, mean {:.2} µs per query, mean {:.1} expanded",
        total.scenarios,
        total.mismatches,
        total.mean_micros(),
        total.mean_expanded()
    );
    if total.ratios > 0 && setup.guarantee != Guarantee::Optimal {
        let _ = write!(
            summary,
            ", length / optimum mean {:.4} max {:.4}",
            total.mean_ratio(),
            total.ratio_max
        );
    }
    if total.unchecked > 0 {
        let _ = write!(summary, ", {} unchecked", total.unchecked);
    }
    if !malformed.is_empty() {
        let _ = write!(summary, ", {} malformed lines skipped", malformed.len());
    }
    writeln!(out, "{summary}")?;
    if total.unchecked > 0 {
        let why = if matches!(oracle, Oracle::Missing(_)) {
            "no optimum to compare with".to_string()
        } else {
            format!(
                "stopped by the expansion limit ({}; raise it with --max-expansions)",
                setup
                    .max_expansions
                    .map_or("none".into(), |n| n.to_string())
            )
        };
        writeln!(out, "unchecked: {} queries, {why}", total.unchecked)?;
    }
    drop(out);

    for line in mismatch_lines.iter().take(SHOWN) {
        eprintln!("{line}");
    }
    if mismatch_lines.len() > SHOWN {
        eprintln!("... and {} more mismatches", mismatch_lines.len() - SHOWN);
    }
    for line in malformed.iter().take(SHOWN) {
        eprintln!("{line}");
    }
    if malformed.len() > SHOWN {
        eprintln!("... and {} more malformed lines", malformed.len() - SHOWN);
    }

    if let Some((format, output)) = render {
        // --scenario was checked before the searches.
        let k = args
            .scenario
            .map_or_else(|| last_run.unwrap_or(0), |k| k as usize - 1);
        let Row::Ok(s) = &rows[k] else {
            return Err(Failure::input(format!(
                "--scenario {}: that line of {scen_name} is malformed",
                k + 1
            )));
        };
        let (query, expanded) = runner
            .run_recorded(&grid, s.start, s.goal)
            .map_err(|e| Failure::run(format!("{scen_name}: line {}: {e}", s.line)))?;
        let picture = Picture {
            grid: &grid,
            expanded: &expanded,
            query: &query,
            start: s.start,
            goal: s.goal,
            caption: caption(&args.map, k, s, &setup, &query, oracle.expected(k, s)),
        };
        let cells = expanded.iter().filter(|&&e| e).count();
        let file = output.path().display().to_string();
        write_picture(output, format, &picture)?;
        writeln!(
            io::stdout(),
            "rendered scenario {} ({scen_name} line {}) to {file}: {} cells expanded ({} expansions), path of {} cells",
            k + 1,
            s.line,
            cells,
            query.expanded,
            query.path.as_ref().map_or(0, Vec::len)
        )?;
    }

    Ok(crate::failure::status(
        !malformed.is_empty(),
        total.mismatches > 0,
    ))
}

/// A map error as a message naming the file, the line and what was expected.
fn map_failure(file: &str, e: &PathError) -> Failure {
    match e {
        PathError::MapChar { line, column, ch } => Failure::input(format!(
            "{file}: line {line}, column {column}: unknown map character {ch:?} (expected `.`, \
             `G` or `S` for a free cell, `@`, `O`, `T` or `W` for an obstacle)"
        )),
        PathError::Io { message, .. } => Failure::input(format!("cannot read {file}: {message}")),
        e => Failure::input(format!("{file}: {e}")),
    }
}

/// The options, checked, in the form the searches take them.
struct Setup {
    alg: Alg,
    movement: Connectivity,
    heuristic: HeuristicArg,
    weight: f64,
    max_expansions: Option<u64>,
    guarantee: Guarantee,
}

impl Setup {
    fn from_args(args: &Args, movement: Movement) -> Result<Self, Failure> {
        let alg = args.algorithm;
        let four = movement == Movement::Four;
        if matches!(alg, Alg::Bfs | Alg::Iddfs) && !four {
            return Err(Failure::input(format!(
                "{} finds the path with the fewest moves, which is the shortest only when every \
                 move costs the same: use it with --connectivity 4, or use dijkstra or astar on the \
                 8-connected map",
                alg.name()
            )));
        }
        if matches!(alg, Alg::Jps | Alg::JpsPlus) && four {
            return Err(Failure::input(format!(
                "{} needs 8-connected moves without corner cutting: use it with --connectivity 8",
                alg.name()
            )));
        }
        if args.heuristic.is_some() && !alg.uses_heuristic() {
            return Err(Failure::input(format!(
                "--heuristic: {} uses no heuristic (astar, wastar, greedy and idastar do)",
                alg.name()
            )));
        }
        if args.weight.is_some() && alg != Alg::Wastar {
            return Err(Failure::input(
                "--weight applies to --algorithm wastar only",
            ));
        }
        let weight = args.weight.unwrap_or(1.5);
        if !(weight.is_finite() && weight >= 1.0) {
            return Err(Failure::input(format!(
                "--weight {weight}: the weight must be a finite number >= 1"
            )));
        }
        let heuristic = args.heuristic.unwrap_or(if four {
            HeuristicArg::Manhattan
        } else {
            HeuristicArg::Octile
        });
        let admissible = four || heuristic != HeuristicArg::Manhattan;
        let guarantee = match alg {
            Alg::Dijkstra | Alg::Bfs | Alg::Iddfs | Alg::Jps | Alg::JpsPlus => Guarantee::Optimal,
            Alg::Astar | Alg::Idastar if admissible => Guarantee::Optimal,
            Alg::Wastar if admissible => Guarantee::Bounded(weight),
            _ => Guarantee::None,
        };
        let max_expansions = args.max_expansions.or(match alg {
            Alg::Idastar | Alg::Iddfs => Some(DEEPENING_EXPANSIONS),
            _ => None,
        });
        Ok(Setup {
            alg,
            movement: args.connectivity,
            heuristic,
            weight,
            max_expansions,
            guarantee,
        })
    }

    fn describe(&self) -> String {
        let mut s = self.alg.name().to_string();
        if self.alg.uses_heuristic() {
            let _ = write!(s, ", heuristic {}", heuristic_name(self.heuristic));
        }
        if self.alg == Alg::Wastar {
            let _ = write!(s, ", weight {}", self.weight);
        }
        if let Some(n) = self.max_expansions {
            let _ = write!(s, ", at most {n} expansions per query");
        }
        s.push_str(match self.guarantee {
            Guarantee::Optimal => ": optimal, every length must equal the optimum",
            Guarantee::Bounded(_) => {
                ": at most WEIGHT times the optimum, lengths checked to lie in between"
            }
            Guarantee::None if self.alg.uses_heuristic() && !self.heuristic_admissible() => {
                ": not optimal (the heuristic overestimates diagonal moves), lengths checked \
                 to be no shorter than the optimum"
            }
            Guarantee::None => ": not optimal, lengths checked to be no shorter than the optimum",
        });
        s
    }

    fn heuristic_admissible(&self) -> bool {
        self.movement == Connectivity::Four || self.heuristic != HeuristicArg::Manhattan
    }
}

fn heuristic_name(h: HeuristicArg) -> String {
    crate::grammar::cli_name(h)
}

fn print_table(
    out: &mut impl Write,
    buckets: &BTreeMap<u32, Tally>,
    ratios: bool,
) -> io::Result<()> {
    // Many buckets (the maze maps have over a thousand): group them into about 20 rows.
    let keys: Vec<u32> = buckets.keys().copied().collect();
    let group = keys.len().div_ceil(20).max(1);
    writeln!(out)?;
    write!(
        out,
        "{:>11}  {:>9}  {:>10}  {:>10}  {:>13}",
        "bucket", "scenarios", "mismatches", "mean µs", "mean expanded"
    )?;
    if ratios {
        write!(out, "  {:>10}  {:>9}", "mean ratio", "max ratio")?;
    }
    writeln!(out)?;
    for chunk in keys.chunks(group) {
        let mut t = Tally::default();
        for k in chunk {
            t.add(&buckets[k]);
        }
        let label = match chunk {
            [one] => one.to_string(),
            [first, .., last] => format!("{first}-{last}"),
            [] => continue,
        };
        write!(
            out,
            "{label:>11}  {:>9}  {:>10}  {:>10.2}  {:>13.1}",
            t.scenarios,
            t.mismatches,
            t.mean_micros(),
            t.mean_expanded()
        )?;
        if ratios {
            if t.ratios > 0 {
                write!(out, "  {:>10.4}  {:>9.4}", t.mean_ratio(), t.ratio_max)?;
            } else {
                write!(out, "  {:>10}  {:>9}", "-", "-")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}
