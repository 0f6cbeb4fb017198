//! Stop latency of a search on its own thread: how long `SearchHandle::stop` takes to
//! return (set the flag, the search notices it, the thread hands back the engine and the
//! result) for each engine's `spawn`.
//!
//! ```text
//! cargo bench -p benches --bench handles                     # 50 trials per engine
//! cargo bench -p benches --bench handles -- --runs 20 --after-ms 10
//! cargo bench -p benches --bench handles -- --rounds 5 --engine 'A*'
//! ```
//!
//! `--rounds N` repeats the whole measurement N times and prints each round's median, p99
//! and maximum (so that a tail cannot hide in one lucky run), then the largest maximum;
//! `--engine TEXT` keeps the engines whose name contains `TEXT`.
//!
//! Each trial spawns the search with a budget that would not end it (a depth of 60 for
//! negamax, nothing for the solver and MCTS), lets it run `--after-ms` (default 30 ms), then
//! times `stop` until it has returned. Engines take turns trial by trial. Building an
//! engine (allocating its table) and dropping what `stop` returns are not timed. The
//! workloads: negamax with a 64 MB table on the Connect Four position `4453`, the exact
//! solver (64 MB) on the empty Connect Four board, MCTS (one thread) on the empty board,
//! the general-mode MCTS on the 3-player 6,6,4-game, `pathfind::spawn_astar` on an
//! unbounded plane, expectiminimax with iterative deepening on EinStein würfelt nicht!
//! after a roll of 5, and max^n, paranoid and best-reply search (depth 30, which they do
//! not reach in the time) on the 3-player 6,6,4-game.

use std::time::{Duration, Instant};

use adversarial::{BestReply, Expectimax, MaxN, Negamax, Paranoid, Solver};
use games::{ConnectFour, EinStein, EinSteinMove, MnkGame, ThreatEvaluator};
use mcts::{GeneralMcts, Mcts};
use search_core::{Budget, GeneralGame};

/// The value after `name` on the command line, if any.
fn text_arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).cloned()
}

fn arg(name: &str, default: u64) -> u64 {
    text_arg(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The evaluation of the 3-player searches: every player worth the same.
fn flat(_: &MnkGame, v: &mut [f64]) {
    v.fill(0.0);
}

/// Times `stop` of the handle `spawn` returns, after `after` of searching; what `stop`
/// returns is dropped after the clock.
/// An unbounded plane of four-connected cells without a goal: A* runs until stopped.
struct OpenPlane;

impl search_core::SearchProblem for OpenPlane {
    type State = (i32, i32);
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<((i32, i32), u32)>) {
        out.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1)));
    }
    fn is_goal(&self, _: &(i32, i32)) -> bool {
        false
    }
}

fn trial<H, R>(spawn: impl FnOnce() -> H, stop: impl FnOnce(H) -> R, after: Duration) -> Duration {
    let handle = spawn();
    std::thread::sleep(after);
    let start = Instant::now();
    let returned = stop(handle);
    let time = start.elapsed();
    drop(returned);
    time
}

fn main() {
    let runs = arg("--runs", 50) as usize;
    let rounds = arg("--rounds", 1) as usize;
    let after = Duration::from_millis(arg("--after-ms", 30));
    let only = text_arg("--engine");
    let c4: ConnectFour = "4453".parse().unwrap();
    let mnk = MnkGame::new(6, 6, 4, 3).unwrap();
    let mut rolled = EinStein::new();
    rolled.apply(EinSteinMove::Roll(5));
    // One trial of each engine: spawn it, let it search, time `stop`.
    type Trial<'a> = Box<dyn FnMut() -> Duration + 'a>;
    let engines: Vec<(&str, Trial<'_>)> = vec![
        (
            "negamax, 64 MB table",
            Box::new(|| {
                // The table is allocated by a first, tiny search, before the clock.
                let mut engine = Negamax::new(ThreatEvaluator)
                    .with_table_mb(64)
                    .with_budget(Budget::depth(1));
                engine.search(&c4).unwrap();
                let engine = engine.with_budget(Budget::depth(60));
                trial(
                    || engine.spawn(&c4).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "solver, 64 MB table",
            Box::new(|| {
                let mut solver = Solver::new()
                    .with_table_mb(64)
                    .with_budget(Budget::nodes(1));
                solver.solve(&ConnectFour::new()).unwrap();
                let solver = solver.with_budget(Budget::new());
                trial(
                    || solver.spawn(&ConnectFour::new()).unwrap(),
                    |h| {
                        let (s, r) = h.stop().unwrap();
                        r.unwrap();
                        s
                    },
                    after,
                )
            }),
        ),
        (
            "MCTS, 1 thread",
            Box::new(|| {
                let ai = Mcts::new().with_budget(Budget::new());
                trial(
                    || ai.spawn(&ConnectFour::new()).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "general MCTS, 3 players",
            Box::new(|| {
                let ai = GeneralMcts::new().with_budget(Budget::new());
                trial(
                    || ai.spawn(&mnk).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "A* (spawn_astar), open plane",
            Box::new(|| {
                trial(
                    || pathfind::spawn_astar(OpenPlane, &Budget::new()).unwrap(),
                    |h| h.stop().unwrap().unwrap(),
                    after,
                )
            }),
        ),
        (
            "expectimax, deepening (EinStein)",
            Box::new(|| {
                let expectimax = Expectimax::new(|_: &EinStein, v: &mut [f64]| v.fill(0.5))
                    .with_iterative_deepening(true)
                    .with_budget(Budget::depth(60));
                trial(
                    || expectimax.clone().spawn(&rolled).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "max^n, 3 players",
            Box::new(|| {
                let maxn = MaxN::new(flat).with_budget(Budget::depth(30));
                trial(
                    || maxn.spawn(&mnk).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "paranoid, 3 players",
            Box::new(|| {
                let paranoid = Paranoid::new(flat).with_budget(Budget::depth(30));
                trial(
                    || paranoid.spawn(&mnk).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
        (
            "best-reply search, 3 players",
            Box::new(|| {
                let best_reply = BestReply::new(flat).with_budget(Budget::depth(30));
                trial(
                    || best_reply.spawn(&mnk).unwrap(),
                    |h| {
                        let (e, r) = h.stop().unwrap();
                        r.unwrap();
                        e
                    },
                    after,
                )
            }),
        ),
    ];
    let mut engines: Vec<_> = engines
        .into_iter()
        .filter(|(name, _)| only.as_ref().is_none_or(|o| name.contains(o.as_str())))
        .collect();
    assert!(!engines.is_empty(), "no engine matches --engine {only:?}");
    println!(
        "stop latency of spawned searches, {rounds} round(s) of {runs} trials each, stopped \
         after {after:?}"
    );
    println!("| engine | round | median | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
    let mut worst = vec![Duration::ZERO; engines.len()];
    for round in 1..=rounds {
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); engines.len()];
        // Engines take turns trial by trial.
        for _ in 0..runs {
            for (t, (_, trial)) in times.iter_mut().zip(&mut engines) {
                t.push(trial());
            }
        }
        for ((name, _), (t, worst)) in engines.iter().zip(times.iter_mut().zip(&mut worst)) {
            t.sort_unstable();
            let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
            *worst = (*worst).max(at(1.0));
            println!(
                "| {name} | {round} | {} | {} | {} |",
                ms(at(0.5)),
                ms(at(0.99)),
                ms(at(1.0))
            );
        }
    }
    if rounds > 1 {
        println!("largest of the {rounds} rounds' maxima:");
        for ((name, _), worst) in engines.iter().zip(&worst) {
            println!("| {name} | all | | | {} |", ms(*worst));
        }
    }
}
