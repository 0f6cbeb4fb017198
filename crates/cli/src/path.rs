//! `ply path`: run a path search on every scenario of a MovingAI map, check each length
//! against the scenario file's optimum, report the time and the expanded cells per query,
//! and draw one search as SVG or PNG.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::{Path as FsPath, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use pathfind::movingai::{Scenario, load_map, parse_scen};
use pathfind::{
    Algorithm, Budget, Cell, FloatCost, Grid, GridContext, GridProblem, Heuristic, JpsPlus,
    Movement, Outcome, PathError, SearchContext, SearchProblem, SearchResult,
};

use crate::Failure;

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

--render draws one search (the map, the cells it expanded, the path, start and goal) as SVG
or PNG, chosen by the file's extension: by default the last scenario run, usually among the
longest.

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
  ply path data/movingai/arena.map --render arena.svg --scenario 150
  ply path data/movingai/maze512-1-0.map --limit 500 --render maze.png")]
pub struct Args {
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
    #[arg(long, value_name = "FILE")]
    render: Option<PathBuf>,
    /// The scenario --render draws: its 1-based number in the scenario file [default: the
    /// last one run].
    #[arg(long, value_name = "K", requires = "render", value_parser = crate::input::positive)]
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

/// What an algorithm guarantees about its lengths, and so what is checked.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Guarantee {
    /// Equal to the optimum.
    Optimal,
    /// Between the optimum and this factor times it.
    Bounded(f64),
    /// No shorter than the optimum.
    None,
}

/// What one scenario row of the file expects.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Expected {
    /// A path of this length.
    Length(f64),
    /// No path (the 4-connected file says -1).
    Unreachable,
    /// Nothing known: only timed.
    Unknown,
}

/// One data row of a scenario file: a scenario, or the reason it was skipped.
enum Row {
    Ok(Scenario),
    Bad,
}

/// How one query ended.
#[derive(Clone, Debug, PartialEq)]
enum Found {
    Path(f64),
    NoPath,
    Limit,
}

/// One query's result.
struct Query {
    found: Found,
    expanded: u64,
    path: Option<Vec<Cell>>,
}

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
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let movement = match args.connectivity {
        Connectivity::Eight => Movement::OCTILE,
        Connectivity::Four => Movement::FOUR,
    };
    let setup = Setup::from_args(&args, movement)?;
    let map_name = args.map.display().to_string();
    let map = load_map(&args.map).map_err(|e| map_failure(&map_name, &e))?;
    let grid = map
        .to_grid(movement)
        .map_err(|e| Failure::input(format!("{map_name}: {e}")))?;
    let scen_path = args.scen.clone().unwrap_or_else(|| {
        let mut p = args.map.clone().into_os_string();
        p.push(".scen");
        PathBuf::from(p)
    });
    let scen_name = scen_path.display().to_string();
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
    if run_count == 0 {
        return Err(Failure::input(format!(
            "{scen_name}: no scenario to run{}",
            if malformed.is_empty() {
                ""
            } else {
                " (every line was malformed)"
            }
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

    if let Some(file) = &args.render {
        let k = match args.scenario {
            Some(k) => {
                let k = k as usize;
                if k > total_rows {
                    return Err(Failure::input(format!(
                        "--scenario {k}: {scen_name} has {total_rows} scenarios"
                    )));
                }
                k - 1
            }
            None => last_run.unwrap_or(0),
        };
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
        write_picture(file, &picture)?;
        println!(
            "rendered scenario {} ({scen_name} line {}) to {}: {} cells expanded ({} expansions), path of {} cells",
            k + 1,
            s.line,
            file.display(),
            cells,
            query.expanded,
            query.path.as_ref().map_or(0, Vec::len)
        );
    }

    Ok(if !malformed.is_empty() {
        ExitCode::from(2)
    } else if total.mismatches > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
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
    heuristic: Heuristic,
    weight: f64,
    max_expansions: Option<u64>,
    guarantee: Guarantee,
}

impl Setup {
    fn from_args(args: &Args, movement: Movement) -> Result<Self, Failure> {
        let alg = args.algorithm;
        let four = movement == Movement::FOUR;
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
        let heuristic = args
            .heuristic
            .map(HeuristicArg::to_heuristic)
            .unwrap_or(if four {
                Heuristic::Manhattan
            } else {
                Heuristic::Octile
            });
        let admissible = four || heuristic != Heuristic::Manhattan;
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
        self.movement == Connectivity::Four || self.heuristic != Heuristic::Manhattan
    }
}

fn heuristic_name(h: Heuristic) -> &'static str {
    match h {
        Heuristic::Zero => "zero",
        Heuristic::Manhattan => "manhattan",
        Heuristic::Euclidean => "euclidean",
        Heuristic::Octile => "octile",
        Heuristic::Chebyshev => "chebyshev",
        _ => "other",
    }
}

/// Reads a scenario file: every data line as a scenario or, when it cannot be read or does
/// not fit the map, as a message naming the file, the line and what was expected.
fn load_scenarios(path: &FsPath, grid: &Grid) -> Result<(Vec<Row>, Vec<String>), Failure> {
    let name = path.display().to_string();
    let text = fs::read_to_string(path).map_err(|e| {
        Failure::input(format!(
            "cannot read the scenario file {name}: {e} (give another one with --scen)"
        ))
    })?;
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, l)) if l.split_whitespace().next() == Some("version") => {}
        Some((_, l)) => {
            return Err(Failure::input(format!(
                "{name}: line 1: expected `version 1`, found {l:?}"
            )));
        }
        None => {
            return Err(Failure::input(format!(
                "{name}: line 1: expected `version 1`, found an empty file"
            )));
        }
    }
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    for (i, l) in lines {
        let line = i + 1;
        let l = l.strip_suffix('\r').unwrap_or(l);
        if l.trim().is_empty() {
            continue;
        }
        match parse_scen(&format!("version 1\n{l}\n")) {
            Ok(mut v) if v.len() == 1 => {
                let mut s = v.remove(0);
                s.line = line;
                match fits(&s, grid) {
                    Ok(()) => rows.push(Row::Ok(s)),
                    Err(why) => {
                        bad.push(format!("{name}: line {line}: {why}; skipped"));
                        rows.push(Row::Bad);
                    }
                }
            }
            Ok(_) => {
                bad.push(format!(
                    "{name}: line {line}: expected one scenario; skipped"
                ));
                rows.push(Row::Bad);
            }
            Err(e) => {
                let why = match e {
                    PathError::MapLine { message, .. } => message,
                    e => e.to_string(),
                };
                bad.push(format!(
                    "{name}: line {line}: {why} (expected `bucket map width height start_x \
                     start_y goal_x goal_y optimal_length`); skipped"
                ));
                rows.push(Row::Bad);
            }
        }
    }
    Ok((rows, bad))
}

/// Whether a scenario belongs to the map: same size, start and goal passable.
fn fits(s: &Scenario, grid: &Grid) -> Result<(), String> {
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
enum Oracle {
    /// The scenario file's lengths (8-connected).
    Scenarios,
    /// 4-connected lengths, one per scenario row, from this file.
    FourConn(Vec<Option<u32>>, PathBuf),
    /// No 4-connected lengths: this file was looked for.
    Missing(PathBuf),
}

impl Oracle {
    fn expected(&self, row: usize, s: &Scenario) -> Expected {
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

    fn describe(&self) -> String {
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
fn four_conn_path(map: &FsPath) -> PathBuf {
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
fn load_four_conn(path: &FsPath, rows: &[Row]) -> Result<Vec<Option<u32>>, Failure> {
    let name = path.display().to_string();
    let text =
        fs::read_to_string(path).map_err(|e| Failure::input(format!("cannot read {name}: {e}")))?;
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i + 1;
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let expected = "expected `sx sy gx gy octile_opt len4`";
        let f: Vec<&str> = l.split_whitespace().collect();
        let bad = || Failure::input(format!("{name}: line {line}: {expected}, found {l:?}"));
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
enum Check {
    /// As expected; with the length / optimum ratio for algorithms that are not optimal.
    Ok(Option<f64>),
    /// Nothing to compare with, or stopped by the expansion limit.
    Unchecked,
    /// Not as expected: why.
    Mismatch(String),
}

fn check(found: &Found, expected: Expected, guarantee: Guarantee) -> Check {
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

/// Runs the chosen algorithm, reusing its buffers from one query to the next.
struct Runner {
    alg: Alg,
    heuristic: Heuristic,
    weight: f64,
    grid_ctx: GridContext,
    ctx: SearchContext<Cell, FloatCost>,
    /// The JPS+ distances of the grid last searched, built on its first query.
    jps_plus: Option<JpsPlus>,
}

impl Runner {
    fn new(setup: &Setup) -> Self {
        let budget = match setup.max_expansions {
            Some(n) => Budget::nodes(n),
            None => Budget::unlimited(),
        };
        Runner {
            alg: setup.alg,
            heuristic: setup.heuristic,
            weight: setup.weight,
            grid_ctx: GridContext::new().with_budget(budget.clone()),
            ctx: SearchContext::new().with_budget(budget),
            jps_plus: None,
        }
    }

    fn run(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Query, PathError> {
        let h = self.heuristic;
        let ctx = &mut self.grid_ctx;
        Ok(match self.alg {
            Alg::Astar => query(ctx.astar(grid, [start], goal, h)?),
            Alg::Dijkstra => query(ctx.dijkstra(grid, [start], goal)?),
            Alg::Wastar => query(ctx.weighted_astar(grid, [start], goal, h, self.weight)?),
            Alg::Greedy => query(ctx.greedy_best_first(grid, [start], goal, h)?),
            Alg::Jps => query(ctx.jps(grid, [start], goal)?),
            Alg::JpsPlus => {
                if self.jps_plus.as_ref().is_none_or(|t| t.grid() != grid) {
                    self.jps_plus = Some(JpsPlus::new(grid.clone())?);
                }
                let table = self
                    .jps_plus
                    .as_ref()
                    .ok_or(PathError::UnsupportedMovement {
                        algorithm: "JPS+",
                        movement: grid.movement(),
                    })?;
                query(ctx.jps_plus(table, [start], goal)?)
            }
            Alg::Bfs => {
                let r = ctx.bfs(grid, [start], goal)?;
                Query {
                    found: found(&r.outcome, |&c| f64::from(c)),
                    expanded: r.stats.nodes,
                    path: r.into_path().map(|p| p.nodes),
                }
            }
            Alg::Idastar | Alg::Iddfs | Alg::Dfs => {
                let algorithm = self.alg.generic().unwrap_or(Algorithm::IdaStar);
                let problem = grid.problem(start, goal, h);
                query(self.ctx.solve(&problem, algorithm)?)
            }
        })
    }

    /// Runs a query and also returns which cells it expanded (row by row).
    fn run_recorded(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
    ) -> Result<(Query, Vec<bool>), PathError> {
        let w = grid.width() as usize;
        let mut expanded = vec![false; w * grid.height() as usize];
        let q = match self.alg.generic() {
            None => {
                let q = self.run(grid, start, goal)?;
                for c in self.grid_ctx.expanded_cells(grid) {
                    expanded[c.y as usize * w + c.x as usize] = true;
                }
                q
            }
            Some(algorithm) => {
                let problem = Recording {
                    inner: grid.problem(start, goal, self.heuristic),
                    expanded: std::cell::RefCell::new(std::mem::take(&mut expanded)),
                };
                let q = query(self.ctx.solve(&problem, algorithm)?);
                expanded = problem.expanded.into_inner();
                q
            }
        };
        Ok((q, expanded))
    }
}

/// A grid problem that marks every cell whose successors are asked for: the cells a search
/// through the problem interface expands.
struct Recording<'g> {
    inner: GridProblem<'g>,
    expanded: std::cell::RefCell<Vec<bool>>,
}

impl SearchProblem for Recording<'_> {
    type State = Cell;
    type Cost = FloatCost;

    fn start(&self) -> Cell {
        self.inner.start()
    }

    fn successors(&self, state: &Cell, out: &mut Vec<(Cell, FloatCost)>) {
        let w = self.inner.grid.width() as usize;
        if let Some(e) = self
            .expanded
            .borrow_mut()
            .get_mut(state.y as usize * w + state.x as usize)
        {
            *e = true;
        }
        self.inner.successors(state, out);
    }

    fn is_goal(&self, state: &Cell) -> bool {
        self.inner.is_goal(state)
    }

    fn heuristic(&self, state: &Cell) -> FloatCost {
        self.inner.heuristic(state)
    }
}

fn found<C>(outcome: &Outcome<Cell, C>, length: impl Fn(&C) -> f64) -> Found {
    match outcome {
        Outcome::Found(p) => Found::Path(length(&p.cost)),
        Outcome::NoPath => Found::NoPath,
        // A limit stopped the search.
        _ => Found::Limit,
    }
}

fn query(r: SearchResult<Cell, FloatCost>) -> Query {
    Query {
        found: found(&r.outcome, |c| c.get()),
        expanded: r.stats.nodes,
        path: r.into_path().map(|p| p.nodes),
    }
}

/// The caption of a picture.
fn caption(
    map: &FsPath,
    row: usize,
    s: &Scenario,
    setup: &Setup,
    q: &Query,
    expected: Expected,
) -> String {
    let map = map.file_name().map_or_else(
        || map.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut c = format!(
        "{map}, scenario {} (bucket {}): {}",
        row + 1,
        s.bucket,
        setup.alg.name()
    );
    if setup.alg.uses_heuristic() {
        let _ = write!(c, " ({}", heuristic_name(setup.heuristic));
        if setup.alg == Alg::Wastar {
            let _ = write!(c, ", w = {}", setup.weight);
        }
        c.push(')');
    }
    match (&q.found, expected) {
        (Found::Path(len), Expected::Length(opt)) => {
            let _ = write!(c, ", length {len:.2} (optimum {opt:.2})");
        }
        (Found::Path(len), _) => {
            let _ = write!(c, ", length {len:.2}");
        }
        (Found::NoPath, _) => c.push_str(", no path"),
        (Found::Limit, _) => c.push_str(", stopped by the expansion limit"),
    }
    c
}

/// What a picture shows.
struct Picture<'a> {
    grid: &'a Grid,
    /// Per cell, row by row: expanded by the search.
    expanded: &'a [bool],
    query: &'a Query,
    start: Cell,
    goal: Cell,
    caption: String,
}

const FREE: [u8; 3] = [0xf6, 0xf4, 0xef];
const WALL: [u8; 3] = [0x2d, 0x31, 0x42];
const EXPANDED: [u8; 3] = [0xa8, 0xd5, 0xe8];
const PATH: [u8; 3] = [0xe4, 0x57, 0x2e];
const START: [u8; 3] = [0x17, 0xa0, 0x5d];
const GOAL: [u8; 3] = [0x7b, 0x2c, 0xbf];

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The legend under a picture, the same in SVG and PNG: each colour with what it shows.
fn legend(p: &Picture<'_>) -> [([u8; 3], String); 5] {
    let expanded_cells = p.expanded.iter().filter(|&&e| e).count();
    [
        (EXPANDED, format!("expanded ({expanded_cells} cells)")),
        (PATH, "path".to_string()),
        (START, "start".to_string()),
        (GOAL, "goal".to_string()),
        (WALL, "obstacle".to_string()),
    ]
}

/// Pixels per cell: the larger side near 1,024 pixels, 1 to 16 pixels a cell.
fn cell_pixels(grid: &Grid) -> u32 {
    (1024 / grid.width().max(grid.height())).clamp(1, 16)
}

fn write_picture(file: &FsPath, picture: &Picture<'_>) -> Result<(), Failure> {
    let ext = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let bytes = match ext.as_deref() {
        Some("svg") => svg(picture).into_bytes(),
        Some("png") => png(picture)?,
        _ => {
            return Err(Failure::input(format!(
                "--render {}: the file name must end in .svg or .png",
                file.display()
            )));
        }
    };
    fs::write(file, bytes)
        .map_err(|e| Failure::run(format!("cannot write {}: {e}", file.display())))
}

/// Runs of consecutive cells of a row for which `on` holds, as `(x, y, length)`.
fn runs(grid: &Grid, on: impl Fn(Cell) -> bool) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for y in 0..grid.height() {
        let mut x = 0;
        while x < grid.width() {
            if on(Cell::new(x, y)) {
                let from = x;
                while x < grid.width() && on(Cell::new(x, y)) {
                    x += 1;
                }
                out.push((from, y, x - from));
            } else {
                x += 1;
            }
        }
    }
    out
}

/// An SVG path of unit-high rectangles, one subpath per run.
fn runs_path(runs: &[(u32, u32, u32)]) -> String {
    let mut d = String::with_capacity(runs.len() * 16);
    for &(x, y, n) in runs {
        let _ = write!(d, "M{x} {y}h{n}v1h-{n}z");
    }
    d
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture as SVG, in map units (one unit a cell), scaled by `width` and `height`.
/// Walls and expanded cells are one path each of row runs, so that a 512 × 512 map stays
/// within a few megabytes; the expanded path's `data-cells` gives the number of cells.
fn svg(p: &Picture<'_>) -> String {
    let g = p.grid;
    let (w, h) = (g.width(), g.height());
    let px = f64::from(cell_pixels(g));
    let unit = 1.0 / px; // one pixel in map units
    let caption_h = 44.0 * unit;
    let view_w = f64::from(w).max(620.0 * unit);
    let view_h = f64::from(h) + caption_h;
    let expanded_cells = p.expanded.iter().filter(|&&e| e).count();
    let idx = |c: Cell| c.y as usize * w as usize + c.x as usize;
    let walls = runs(g, |c| !g.is_passable(c));
    let explored = runs(g, |c| p.expanded[idx(c)]);
    let mut s = String::with_capacity(64 * 1024 + 16 * (walls.len() + explored.len()));
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {view_w:.3} {view_h:.3}">"#,
        view_w * px,
        view_h * px
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&p.caption));
    let _ = writeln!(
        s,
        r##"<rect width="{view_w:.3}" height="{view_h:.3}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<rect id="free" width="{w}" height="{h}" fill="{}"/>"#,
        hex(FREE)
    );
    let _ = writeln!(
        s,
        r#"<path id="walls" fill="{}" shape-rendering="crispEdges" d="{}"/>"#,
        hex(WALL),
        runs_path(&walls)
    );
    let _ = writeln!(
        s,
        r#"<path id="expanded" data-cells="{expanded_cells}" fill="{}" shape-rendering="crispEdges" d="{}"/>"#,
        hex(EXPANDED),
        runs_path(&explored)
    );
    if let Some(path) = &p.query.path {
        let mut points = String::with_capacity(path.len() * 12);
        for c in path {
            let _ = write!(
                points,
                "{}{}.5,{}.5",
                if points.is_empty() { "" } else { " " },
                c.x,
                c.y
            );
        }
        let _ = writeln!(
            s,
            r#"<polyline id="path" fill="none" stroke="{}" stroke-width="{:.3}" stroke-linecap="round" stroke-linejoin="round" points="{points}"/>"#,
            hex(PATH),
            (3.0 * unit).max(0.3)
        );
    }
    let r = (6.0 * unit).max(0.7);
    for (id, c, colour) in [("start", p.start, START), ("goal", p.goal, GOAL)] {
        let _ = writeln!(
            s,
            r##"<circle id="{id}" cx="{}.5" cy="{}.5" r="{r:.3}" fill="{}" stroke="#ffffff" stroke-width="{:.3}"/>"##,
            c.x,
            c.y,
            hex(colour),
            1.5 * unit
        );
    }
    // Caption and legend, in pixels scaled to map units.
    let font = 13.0 * unit;
    let y1 = f64::from(h) + 17.0 * unit;
    let y2 = f64::from(h) + 36.0 * unit;
    let _ = writeln!(
        s,
        r##"<text x="{:.3}" y="{y1:.3}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{font:.3}" fill="#222222">{}</text>"##,
        6.0 * unit,
        escape(&p.caption)
    );
    let mut x = 6.0 * unit;
    for (colour, label) in legend(p) {
        let _ = writeln!(
            s,
            r#"<rect x="{x:.3}" y="{:.3}" width="{:.3}" height="{:.3}" fill="{}"/>"#,
            y2 - 10.0 * unit,
            11.0 * unit,
            11.0 * unit,
            hex(colour)
        );
        let _ = writeln!(
            s,
            r##"<text x="{:.3}" y="{y2:.3}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="{font:.3}" fill="#222222">{}</text>"##,
            x + 15.0 * unit,
            escape(&label)
        );
        x += (15.0 + 7.5 * label.chars().count() as f64 + 16.0) * unit;
    }
    s.push_str("</svg>\n");
    s
}

/// The picture as a PNG: `cell_pixels` pixels a cell, and under the map the caption and the
/// legend of the SVG, in an 8 × 8 bitmap font drawn at twice its size.
fn png(p: &Picture<'_>) -> Result<Vec<u8>, Failure> {
    let g = p.grid;
    let s = cell_pixels(g);
    let (map_w, map_h) = (g.width() * s, g.height() * s);
    let legend = legend(p);
    let band = Band::new(&p.caption, &legend);
    let w = map_w.max(band.width);
    let h = map_h + band.height;
    let (wu, su) = (w as usize, s as usize);
    let mut rgb = vec![0xffu8; wu * h as usize * 3];
    let mut fill = |x0: usize, y0: usize, x1: usize, y1: usize, colour: [u8; 3]| {
        for y in y0..y1.min(h as usize) {
            for x in x0..x1.min(wu) {
                let i = (y * wu + x) * 3;
                rgb[i..i + 3].copy_from_slice(&colour);
            }
        }
    };
    for y in 0..g.height() {
        for x in 0..g.width() {
            let c = Cell::new(x, y);
            let colour = if !g.is_passable(c) {
                WALL
            } else if p.expanded[y as usize * g.width() as usize + x as usize] {
                EXPANDED
            } else {
                FREE
            };
            let (px, py) = (x as usize * su, y as usize * su);
            fill(px, py, px + su, py + su, colour);
        }
    }
    band.draw(&mut rgb, wu, map_h as usize, &p.caption, &legend);
    // The path: a square brush moved along each segment between cell centres.
    let centre = |c: Cell| {
        (
            (f64::from(c.x) + 0.5) * f64::from(s),
            (f64::from(c.y) + 0.5) * f64::from(s),
        )
    };
    let brush = (f64::from(s) * 0.18).max(1.0);
    let mut dab = |x: f64, y: f64, r: f64, colour: [u8; 3]| {
        let (x0, y0) = ((x - r).max(0.0) as usize, (y - r).max(0.0) as usize);
        let (x1, y1) = ((x + r).ceil() as usize, (y + r).ceil() as usize);
        for yy in y0..y1.min(h as usize) {
            for xx in x0..x1.min(wu) {
                let (dx, dy) = (xx as f64 + 0.5 - x, yy as f64 + 0.5 - y);
                if dx * dx + dy * dy <= r * r + 0.25 {
                    let i = (yy * wu + xx) * 3;
                    rgb[i..i + 3].copy_from_slice(&colour);
                }
            }
        }
    };
    if let Some(path) = &p.query.path {
        for pair in path.windows(2) {
            let (a, b) = (centre(pair[0]), centre(pair[1]));
            let steps = (2 * s).max(2);
            for k in 0..=steps {
                let t = f64::from(k) / f64::from(steps);
                dab(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, brush, PATH);
            }
        }
    }
    let r = (f64::from(s) * 0.7).max(4.0);
    for (c, colour) in [(p.start, START), (p.goal, GOAL)] {
        let (x, y) = centre(c);
        dab(x, y, r + 1.0, [0xff, 0xff, 0xff]);
        dab(x, y, r, colour);
    }
    let mut bytes = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut bytes, w, h);
    encoder
        .add_text_chunk("Title".to_string(), p.caption.clone())
        .map_err(|e| Failure::run(format!("cannot encode the PNG: {e}")))?;
    encoder.set_color(::png::ColorType::Rgb);
    encoder.set_depth(::png::BitDepth::Eight);
    let encoded = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&rgb));
    encoded.map_err(|e| Failure::run(format!("cannot encode the PNG: {e}")))?;
    Ok(bytes)
}

/// The text band under a PNG picture: the caption on one line, the legend on the next.
struct Band {
    width: u32,
    height: u32,
}

impl Band {
    /// Pixels per font pixel.
    const SCALE: usize = 2;
    /// A glyph's side in pixels.
    const GLYPH: usize = 8 * Self::SCALE;
    /// The margin around and between the lines.
    const PAD: usize = 6;
    const INK: [u8; 3] = [0x22, 0x22, 0x22];

    fn new(caption: &str, legend: &[([u8; 3], String)]) -> Self {
        let caption_w = caption.chars().count() * Self::GLYPH;
        let legend_w: usize = legend
            .iter()
            .map(|(_, label)| {
                Self::GLYPH + Self::PAD + label.chars().count() * Self::GLYPH + 2 * Self::PAD
            })
            .sum();
        Band {
            width: (2 * Self::PAD + caption_w.max(legend_w)) as u32,
            height: (3 * Self::PAD + 2 * Self::GLYPH) as u32,
        }
    }

    /// Draws the caption and the legend into `rgb` (rows `width` pixels wide) from row `top`.
    fn draw(
        &self,
        rgb: &mut [u8],
        width: usize,
        top: usize,
        caption: &str,
        legend: &[([u8; 3], String)],
    ) {
        let mut set = |x: usize, y: usize, colour: [u8; 3]| {
            if x < width {
                let i = (y * width + x) * 3;
                if let Some(px) = rgb.get_mut(i..i + 3) {
                    px.copy_from_slice(&colour);
                }
            }
        };
        let line1 = top + Self::PAD;
        let line2 = line1 + Self::GLYPH + Self::PAD;
        Self::text(&mut set, Self::PAD, line1, caption);
        let mut x = Self::PAD;
        for (colour, label) in legend {
            for dy in 2..Self::GLYPH - 2 {
                for dx in 2..Self::GLYPH - 2 {
                    set(x + dx, line2 + dy, *colour);
                }
            }
            x += Self::GLYPH + Self::PAD;
            x = Self::text(&mut set, x, line2, label) + 2 * Self::PAD;
        }
    }

    /// Draws `text` with its top-left corner at `(x, y)`; returns the x after it. Characters
    /// outside ASCII show as `?`.
    fn text(set: &mut impl FnMut(usize, usize, [u8; 3]), x: usize, y: usize, text: &str) -> usize {
        let mut x = x;
        for ch in text.chars() {
            let code = if ch.is_ascii() {
                ch as usize
            } else {
                usize::from(b'?')
            };
            let glyph = font8x8::legacy::BASIC_LEGACY[code];
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits >> col & 1 == 1 {
                        for sy in 0..Self::SCALE {
                            for sx in 0..Self::SCALE {
                                set(
                                    x + col * Self::SCALE + sx,
                                    y + row * Self::SCALE + sy,
                                    Self::INK,
                                );
                            }
                        }
                    }
                }
            }
            x += Self::GLYPH;
        }
        x
    }
}
