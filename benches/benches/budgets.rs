//! Honest budgets: how far past its time limit each engine returns, how soon it stops after
//! its stop flag is set, and (with `--peak`) one long search to measure peak memory.
//!
//! ```text
//! cargo bench -p benches --bench budgets                      # the overshoot table
//! cargo bench -p benches --bench budgets -- --runs 20 --limit-ms 50
//! cargo bench -p benches --bench budgets -- --peak mcts-1 --seconds 10
//! ```
//!
//! For each engine the table gives, over `--runs` searches (default 100) with a time budget
//! of `--limit-ms` (default 100 ms), the **overshoot**: the time `search` took beyond the
//! limit (median, 99th percentile, maximum); and over as many searches with an unlimited
//! budget and a stop flag that another thread sets after 30 ms, the **stop latency**: the
//! time from setting the flag until the search has returned. Engines take turns run by
//! run, so that a noisy moment of the machine is spread over all of them. Building an
//! engine (allocating its table) is not timed; dropping its result and tree is not either.
//!
//! The engines: negamax with iterative deepening and a 64 MB table on an early Connect
//! Four position; the exact solver (64 MB) on the empty Connect Four board; MCTS on the
//! empty board on one and on two threads; A* on a 3000 × 3000 grid whose goal is walled
//! off, so that it expands every cell unless a limit stops it. The tables are allocated
//! and the grid context's arrays created before the clock starts; how long a 64 MB table
//! takes to allocate is printed below the table (a table given by size with
//! `with_table_mb` is allocated in the first search and counts towards its time).
//!
//! `--cost-us LIST` (for example `--cost-us 1,100,1000`) measures the same with user code
//! that costs that many microseconds a call: the Connect Four rows search a wrapper whose
//! `play` spins for the cost before it plays, and a closure A* (on an open plane, its
//! successor function and its heuristic each spinning as long a call) joins them; each row is measured for every cost of
//! the list (0 is the plain game). `--engines LIST` keeps only the engines named (the
//! names `--peak` takes). The engines with user code: negamax and the solver on one and
//! two threads, MCTS on one thread and on two (root and tree parallelism), closure A*.
//!
//! Two rows run no search at all (`floor-1`, `floor-2`): one or two threads that only look
//! at the clock and the stop flag until told to stop, then are joined. They measure what
//! the machine adds to every row (a thread that waits for a core or is interrupted returns
//! late whatever it runs).
//!
//! `--peak ENGINE --seconds S` runs one search of that engine with a time budget of `S`
//! seconds and prints its statistics: run it under `/usr/bin/time -v` (as
//! `benches/scripts/peak-memory.sh` does) to read the peak resident memory. `--peak none`
//! measures the process without a search.
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use adversarial::{Negamax, Replacement, Solver, TranspositionTable};
use games::{ConnectFour, ThreatEvaluator};
use mcts::{Mcts, Parallelism};
use pathfind::{Algorithm, Cell, Grid, GridContext, Heuristic, Movement};
use search_core::{Budget, Evaluator, Game, GameHash, Outcome, Player, StopFlag};

/// Side of the square grid of the path search.
const GRID_SIDE: u32 = 3_000;

/// How long a stop-latency run searches before the flag is set.
const STOP_AFTER: Duration = Duration::from_millis(30);

/// The engines measured, by the name `--peak` and `--engines` take.
const ENGINES: [&str; 12] = [
    "negamax",
    "negamax-2",
    "solver",
    "solver-2",
    "mcts-1",
    "mcts-2",
    "mcts-tree-2",
    "astar",
    "closure-astar",
    "floor-1",
    "floor-2",
    "none",
];

/// What one call of user code costs, in nanoseconds (0: nothing added): `Slow::play` and
/// the closure A*'s successor function and heuristic spin this long.
static COST_NS: AtomicU64 = AtomicU64::new(0);

/// Spends [`COST_NS`] nanoseconds, as user code would.
fn user_code() {
    let ns = COST_NS.load(Ordering::Relaxed);
    if ns > 0 {
        let t = Instant::now();
        while (t.elapsed().as_nanos() as u64) < ns {
            std::hint::spin_loop();
        }
    }
}

/// Connect Four whose `play` costs [`COST_NS`] more: a game with slow user code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Slow(ConnectFour);

impl Game for Slow {
    type Move = <ConnectFour as Game>::Move;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        self.0.legal_moves(moves);
    }
    fn play(&mut self, mv: Self::Move) {
        user_code();
        self.0.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        self.0.move_order_hint(mv)
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        self.0.remaining_plies_bound()
    }
}

impl GameHash for Slow {
    const KEY_IS_EXACT: bool = <ConnectFour as GameHash>::KEY_IS_EXACT;
    const KEY_BITS: u32 = <ConnectFour as GameHash>::KEY_BITS;
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
}

/// [`ThreatEvaluator`] for [`Slow`].
struct SlowThreats;

impl Evaluator<Slow> for SlowThreats {
    fn evaluate(&self, state: &Slow) -> i32 {
        ThreatEvaluator.evaluate(&state.0)
    }
}

/// When one search started and returned, and a line of its statistics.
struct Run {
    started: Instant,
    returned: Instant,
    line: String,
}

/// One engine: `search` builds it (untimed), calls `ready`, runs one search under the
/// budget and times it, then drops what the search left (untimed).
struct Engine {
    title: &'static str,
    search: SearchFn,
}

/// Builds an engine, calls the callback when the search is about to start, searches.
type SearchFn = Box<dyn FnMut(Budget, &dyn Fn()) -> Run + Send>;

/// Times `search` alone.
fn run<R>(ready: &dyn Fn(), search: impl FnOnce() -> R, line: impl FnOnce(&R) -> String) -> Run {
    ready();
    let started = Instant::now();
    let result = search();
    let returned = Instant::now();
    Run {
        started,
        returned,
        line: line(&result),
    }
}

/// A grid with a free border and the goal in a walled-off corner: A* expands every
/// reachable cell before it can say there is no path.
fn walled_grid() -> (Grid, Cell, Cell) {
    let mut grid = Grid::new(GRID_SIDE, GRID_SIDE, Movement::OCTILE).expect("valid size");
    let goal = Cell::new(GRID_SIDE - 1, GRID_SIDE - 1);
    for c in [
        Cell::new(GRID_SIDE - 2, GRID_SIDE - 1),
        Cell::new(GRID_SIDE - 2, GRID_SIDE - 2),
        Cell::new(GRID_SIDE - 1, GRID_SIDE - 2),
    ] {
        grid.set_passable(c, false).expect("inside the grid");
    }
    (grid, Cell::new(0, 0), goal)
}

/// A fresh 64 MB transposition table, allocated (and written) before the clock starts,
/// with the given replacement rule (the solver's is `Always`, as with `with_table_mb`).
fn table_64mb(replacement: Replacement) -> Arc<TranspositionTable> {
    Arc::new(
        TranspositionTable::with_megabytes(64)
            .expect("64 MB table")
            .with_replacement(replacement),
    )
}

fn engine(name: &str) -> Engine {
    let position = Slow("4453".parse().expect("a valid position"));
    let threads = if name.ends_with("-2") { 2 } else { 1 };
    match name {
        "negamax" | "negamax-2" => Engine {
            title: if threads == 1 {
                "negamax, iterative deepening, 64 MB table (Connect Four, 4 stones)"
            } else {
                "negamax, 2 threads, 64 MB table (Connect Four, 4 stones)"
            },
            search: Box::new(move |budget, ready| {
                let mut e = Negamax::new(SlowThreats)
                    .with_table(table_64mb(Replacement::DepthPreferred))
                    .with_threads(threads)
                    .with_budget(budget);
                run(
                    ready,
                    || e.search(&position).expect("search"),
                    |r| r.to_string(),
                )
            }),
        },
        "solver" | "solver-2" => Engine {
            title: if threads == 1 {
                "exact solver, 64 MB table (Connect Four, empty board)"
            } else {
                "exact solver, 2 threads, 64 MB table (Connect Four, empty board)"
            },
            search: Box::new(move |budget, ready| {
                let mut s = Solver::new()
                    .with_table(table_64mb(Replacement::Always))
                    .with_threads(threads)
                    .with_budget(budget);
                run(
                    ready,
                    || s.solve(&Slow(ConnectFour::new())),
                    |r| match r {
                        Ok(r) => r.to_string(),
                        Err(e) => e.to_string(),
                    },
                )
            }),
        },
        "mcts-1" | "mcts-2" | "mcts-tree-2" => {
            let parallelism = if name == "mcts-tree-2" {
                Parallelism::Tree
            } else {
                Parallelism::Root
            };
            Engine {
                title: match name {
                    "mcts-1" => "MCTS, 1 thread (Connect Four, empty board)",
                    "mcts-2" => "MCTS, 2 threads, a tree each (Connect Four, empty board)",
                    _ => "MCTS, 2 threads, one shared tree (Connect Four, empty board)",
                },
                search: Box::new(move |budget, ready| {
                    let mut m = Mcts::<Slow>::new()
                        .with_seed(1)
                        .with_threads(threads)
                        .with_parallelism(parallelism)
                        .with_budget(budget);
                    run(
                        ready,
                        || m.search(&Slow(ConnectFour::new())).expect("search"),
                        |r| format!("tree {} nodes, {}", r.tree_size, r.stats),
                    )
                }),
            }
        }
        "astar" => {
            let (grid, start, goal) = walled_grid();
            // One search first, so that the context's per-cell arrays exist before any
            // timed search.
            let mut ctx = GridContext::new().with_budget(Budget::nodes(1));
            ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Octile)
                .expect("search");
            Engine {
                title: "grid A*, 3000 x 3000, goal walled off",
                search: Box::new(move |budget, ready| {
                    ctx = std::mem::take(&mut ctx).with_budget(budget);
                    run(
                        ready,
                        || {
                            ctx.solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Octile)
                                .expect("search")
                        },
                        |r| r.to_string(),
                    )
                }),
            }
        }
        "closure-astar" => Engine {
            title: "closure A*, open plane, goal unreachable",
            search: Box::new(|budget, ready| {
                // Four neighbours on an unbounded plane; the goal is off the plane, so
                // only a limit ends the search.
                let successors = |&(x, y): &(i32, i32)| {
                    user_code();
                    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1u32))
                };
                run(
                    ready,
                    || {
                        let heuristic = |_: &(i32, i32)| {
                            user_code();
                            0
                        };
                        pathfind::astar([(0, 0)], successors, heuristic, |_| false, &budget)
                            .expect("search")
                    },
                    |r| r.to_string(),
                )
            }),
        },
        "floor-1" | "floor-2" => Engine {
            title: match threads {
                1 => "no search, 1 thread watching the clock and the flag",
                _ => "no search, 2 threads watching the clock and the flag",
            },
            search: Box::new(move |budget, ready| {
                run(
                    ready,
                    || floor(&budget, threads),
                    |looks| format!("{looks} looks"),
                )
            }),
        },
        other => panic!("unknown engine {other:?}: use one of {ENGINES:?}"),
    }
}

/// Median, 99th percentile and maximum of `samples`, in milliseconds.
fn summary(samples: &mut [Duration]) -> (f64, f64, f64) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let n = samples.len();
    let p99 = samples[(n * 99).div_ceil(100).max(1) - 1];
    (ms(samples[n / 2]), ms(p99), ms(samples[n - 1]))
}

/// One stop-latency run: the search runs on a thread with an unlimited budget and a stop
/// flag, which is set [`STOP_AFTER`] after the search started; returns the time from
/// setting the flag until the search had returned.
fn stop_latency(engine: &mut Engine) -> Duration {
    let flag = StopFlag::new();
    let budget = Budget::new().with_stop(flag.clone());
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let ready = move || {
                let _ = tx.send(());
            };
            (engine.search)(budget, &ready)
        });
        rx.recv().expect("the search thread starts");
        thread::sleep(STOP_AFTER);
        let stopped = Instant::now();
        flag.stop();
        let run = worker.join().expect("the search thread");
        std::hint::black_box(&run.line);
        run.returned.saturating_duration_since(stopped)
    })
}

/// The engines whose searches run user code (all but the grid A* and the floors).
fn runs_user_code(name: &str) -> bool {
    name != "astar" && !name.starts_with("floor")
}

/// No search: `threads` threads that do nothing but look at the clock and the stop flag
/// (`RunningBudget::out_of_time` in a loop) until one of them says stop, joined. What the
/// machine itself adds to every engine's overshoot and stop latency: a thread that waits
/// for a core, or is interrupted, returns late whatever it runs.
fn floor(budget: &Budget, threads: usize) -> u64 {
    let running = budget.start().expect("a valid budget");
    thread::scope(|s| {
        let spinners: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut looks = 0u64;
                    while !running.out_of_time() {
                        looks += 1;
                        std::hint::spin_loop();
                    }
                    looks
                })
            })
            .collect();
        spinners
            .into_iter()
            .map(|t| t.join().expect("a spinning thread"))
            .sum()
    })
}

fn overshoot_table(runs: usize, limit: Duration, names: &[String], costs: &[u64]) {
    // One row per engine and cost of user code.
    let mut rows: Vec<(Engine, u64)> = Vec::new();
    for name in names {
        for &cost in costs {
            if cost == 0 || runs_user_code(name) {
                rows.push((engine(name), cost));
            }
        }
    }
    let mut over: Vec<Vec<Duration>> = vec![Vec::with_capacity(runs); rows.len()];
    let mut latency: Vec<Vec<Duration>> = vec![Vec::with_capacity(runs); rows.len()];
    let mut allocation = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        let table = table_64mb(Replacement::DepthPreferred);
        allocation.push(started.elapsed());
        drop(table);
        for (i, (e, cost)) in rows.iter_mut().enumerate() {
            COST_NS.store(*cost * 1_000, Ordering::Relaxed);
            let r = (e.search)(Budget::time(limit), &|| {});
            std::hint::black_box(&r.line);
            over[i].push((r.returned - r.started).saturating_sub(limit));
            latency[i].push(stop_latency(e));
        }
    }
    COST_NS.store(0, Ordering::Relaxed);
    println!(
        "{runs} runs per engine, time limit {} ms; stop flag set after {} ms",
        limit.as_millis(),
        STOP_AFTER.as_millis()
    );
    println!();
    println!(
        "| engine | user code a call | overshoot median | p99 | max | stop latency median | p99 | max |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (i, (e, cost)) in rows.iter().enumerate() {
        let (om, op, ox) = summary(&mut over[i]);
        let (lm, lp, lx) = summary(&mut latency[i]);
        let cost = if *cost == 0 {
            "-".to_string()
        } else {
            format!("{cost} µs")
        };
        println!(
            "| {} | {cost} | {om:.2} ms | {op:.2} ms | {ox:.2} ms | {lm:.3} ms | {lp:.3} ms | {lx:.3} ms |",
            e.title
        );
    }
    let (am, ap, ax) = summary(&mut allocation);
    println!();
    println!(
        "Allocating a 64 MB transposition table (outside the rows above): median {am:.1} ms, \
         p99 {ap:.1} ms, max {ax:.1} ms"
    );
}

/// A comma-separated list of numbers.
fn numbers(list: &str) -> Result<Vec<u64>, String> {
    list.split(',')
        .map(|v| v.trim().parse().map_err(|e| format!("{v:?}: {e}")))
        .collect()
}

fn main() -> ExitCode {
    let mut runs = 100usize;
    let mut limit_ms = 100u64;
    let mut peak: Option<String> = None;
    let mut seconds = 10u64;
    let mut costs = vec![0u64];
    let mut names: Vec<String> = ENGINES
        .iter()
        .filter(|&&n| n != "none")
        .map(|n| n.to_string())
        .collect();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{arg} needs {what}"));
        let parsed = match arg.as_str() {
            "--runs" => value("a number").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--runs: {e}"))
                    .map(|v| runs = v)
            }),
            "--limit-ms" => value("a number of milliseconds").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--limit-ms: {e}"))
                    .map(|v| limit_ms = v)
            }),
            "--seconds" => value("a number of seconds").and_then(|v| {
                v.parse()
                    .map_err(|e| format!("--seconds: {e}"))
                    .map(|v| seconds = v)
            }),
            "--peak" => value("an engine").map(|v| peak = Some(v)),
            "--cost-us" => value("a list of microseconds").and_then(|v| {
                numbers(&v)
                    .map_err(|e| format!("--cost-us: {e}"))
                    .map(|v| costs = v)
            }),
            "--engines" => value("a list of engines").and_then(|v| {
                let list: Vec<String> = v.split(',').map(|n| n.trim().to_string()).collect();
                match list
                    .iter()
                    .find(|n| !ENGINES.contains(&n.as_str()) || *n == "none")
                {
                    Some(bad) => Err(format!("--engines: unknown engine {bad:?}")),
                    None => {
                        names = list;
                        Ok(())
                    }
                }
            }),
            // Flags cargo bench passes to every bench binary.
            "--bench" => Ok(()),
            other => Err(format!(
                "unknown argument {other:?}: use --runs N, --limit-ms MS, --cost-us LIST, \
                 --engines LIST, --peak ENGINE, --seconds S"
            )),
        };
        if let Err(message) = parsed {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    }
    if runs == 0 || limit_ms == 0 || seconds == 0 {
        eprintln!("--runs, --limit-ms and --seconds must be at least 1");
        return ExitCode::from(2);
    }
    match peak.as_deref() {
        None => overshoot_table(runs, Duration::from_millis(limit_ms), &names, &costs),
        Some("none") => println!("no search"),
        Some(name) if ENGINES.contains(&name) => {
            let mut e = engine(name);
            let r = (e.search)(Budget::time(Duration::from_secs(seconds)), &|| {});
            println!("{}: {}", e.title, r.line);
        }
        Some(other) => {
            eprintln!("unknown engine {other:?}: use one of {ENGINES:?} or none");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
