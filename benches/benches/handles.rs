//! Stop latency of a search on its own thread: how long `SearchHandle::stop` takes to
//! return (set the flag, the search notices it, the thread hands back the engine and the
//! result) for each engine's `spawn`.
//!
//! ```text
//! cargo bench -p benches --bench handles                     # 50 trials per engine
//! cargo bench -p benches --bench handles -- --runs 20 --after-ms 10
//! ```
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

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
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
    let after = Duration::from_millis(arg("--after-ms", 30));
    let c4: ConnectFour = "4453".parse().unwrap();
    let mnk = MnkGame::new(6, 6, 4, 3).unwrap();
    let mut rolled = EinStein::new();
    rolled.apply(EinSteinMove::Roll(5));
    let names = [
        "negamax, 64 MB table",
        "solver, 64 MB table",
        "MCTS, 1 thread",
        "general MCTS, 3 players",
        "A* (spawn_astar), open plane",
        "expectimax, deepening (EinStein)",
        "max^n, 3 players",
        "paranoid, 3 players",
        "best-reply search, 3 players",
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
    for _ in 0..runs {
        let engine = Negamax::new(ThreatEvaluator)
            .with_table_mb(64)
            .with_budget(Budget::depth(60));
        // The table is allocated by a first, tiny search, before the clock.
        let mut engine = engine.with_budget(Budget::depth(1));
        engine.search(&c4).unwrap();
        let engine = engine.with_budget(Budget::depth(60));
        times[0].push(trial(
            || engine.spawn(&c4).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        let mut solver = Solver::new()
            .with_table_mb(64)
            .with_budget(Budget::nodes(1));
        solver.solve(&ConnectFour::new()).unwrap();
        let solver = solver.with_budget(Budget::new());
        times[1].push(trial(
            || solver.spawn(&ConnectFour::new()).unwrap(),
            |h| {
                let (s, r) = h.stop().unwrap();
                r.unwrap();
                s
            },
            after,
        ));
        let ai = Mcts::new().with_budget(Budget::new());
        times[2].push(trial(
            || ai.spawn(&ConnectFour::new()).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        let ai = GeneralMcts::new().with_budget(Budget::new());
        times[3].push(trial(
            || ai.spawn(&mnk).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        times[4].push(trial(
            || pathfind::spawn_astar(OpenPlane, &Budget::new()).unwrap(),
            |h| h.stop().unwrap().unwrap(),
            after,
        ));
        let expectimax = Expectimax::new(|_: &EinStein, v: &mut [f64]| v.fill(0.5))
            .with_iterative_deepening(true)
            .with_budget(Budget::depth(60));
        times[5].push(trial(
            || expectimax.clone().spawn(&rolled).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        let flat = |_: &MnkGame, v: &mut [f64]| v.fill(0.0);
        let depth = Budget::depth(30);
        let maxn = MaxN::new(flat).with_budget(depth.clone());
        times[6].push(trial(
            || maxn.spawn(&mnk).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        let paranoid = Paranoid::new(flat).with_budget(depth.clone());
        times[7].push(trial(
            || paranoid.spawn(&mnk).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
        let best_reply = BestReply::new(flat).with_budget(depth);
        times[8].push(trial(
            || best_reply.spawn(&mnk).unwrap(),
            |h| {
                let (e, r) = h.stop().unwrap();
                r.unwrap();
                e
            },
            after,
        ));
    }
    println!("stop latency of spawned searches, {runs} trials each, stopped after {after:?}");
    println!("| engine | median | p99 | max |");
    println!("|---|---:|---:|---:|");
    for (name, t) in names.iter().zip(&mut times) {
        t.sort_unstable();
        let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
        println!(
            "| {name} | {} | {} | {} |",
            ms(at(0.5)),
            ms(at(0.99)),
            ms(at(1.0))
        );
    }
}
