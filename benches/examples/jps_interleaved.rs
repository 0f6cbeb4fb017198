//! Jump point search (`GridContext::jps`), JPS+ and the `pathfinding` crate's A* timed in
//! turn over the same sample of MovingAI scenarios as `benches/pathfind_grid.rs` (20
//! evenly spaced scenarios a map), for a number of rounds; prints each one's fastest and
//! median round and `pathfinding`'s time divided by JPS's. Interleaving the three in one
//! loop and keeping the fastest round makes the ratio steadier than separate criterion
//! measurements when the cores run other work too.
//!
//! `PATHFIND_MAPS=arena,random512-10-0 ROUNDS=20 cargo run --release -p benches --example jps_interleaved`
//!
//! Maps narrower than 100 cells repeat their sample 50 times a round (their queries take
//! about a µs); times are per sample.
#![forbid(unsafe_code)]

#[path = "../benches/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{Plain, data_dir};
use pathfind::movingai::{load_map, load_scen};
use pathfind::{GridContext, JpsPlus, Movement};

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20)
        .max(1);
    let maps = std::env::var("PATHFIND_MAPS").unwrap_or_else(|_| "arena".to_string());
    for name in maps.split(',').map(str::trim) {
        let dir = data_dir();
        let map = load_map(dir.join(format!("{name}.map"))).expect("map");
        let scen = load_scen(dir.join(format!("{name}.map.scen"))).expect("scen");
        let step = scen.len().div_ceil(20).max(1);
        let sample: Vec<_> = scen.iter().step_by(step).cloned().collect();
        let grid = map.to_grid(Movement::OCTILE).expect("grid");
        let table = JpsPlus::new(grid.clone()).expect("octile grid");
        let plain = Plain::new(&map);
        let mut ctx = GridContext::new();
        let reps = if map.width < 100 { 50 } else { 1 };
        // Microseconds per sample: JPS, JPS+, pathfinding.
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        let mut time = |slot: usize, run: &mut dyn FnMut()| {
            let start = Instant::now();
            for _ in 0..reps {
                run();
            }
            times[slot].push(start.elapsed().as_secs_f64() * 1e6 / f64::from(reps));
        };
        for _ in 0..rounds {
            time(0, &mut || {
                for s in &sample {
                    black_box(ctx.jps(&grid, [s.start], s.goal).expect("valid"));
                }
            });
            time(1, &mut || {
                for s in &sample {
                    black_box(ctx.jps_plus(&table, [s.start], s.goal).expect("valid"));
                }
            });
            time(2, &mut || {
                for s in &sample {
                    let goal = plain.id(s.goal);
                    black_box(pathfinding::directed::astar::astar(
                        &plain.id(s.start),
                        |&i| plain.octile_moves(i),
                        |&i| plain.octile(i, goal),
                        |&i| i == goal,
                    ));
                }
            });
        }
        for t in &mut times {
            t.sort_by(f64::total_cmp);
        }
        let [jps, plus, peer] = &times;
        let median = |t: &[f64]| t[t.len() / 2];
        println!(
            "{name}: JPS fastest {:.1} µs, median {:.1} | JPS+ fastest {:.1}, median {:.1} | \
             pathfinding fastest {:.1}, median {:.1} | JPS speed-up fastest {:.2}x, median {:.2}x | \
             JPS+ speed-up fastest {:.2}x",
            jps[0],
            median(jps),
            plus[0],
            median(plus),
            peer[0],
            median(peer),
            peer[0] / jps[0],
            median(peer) / median(jps),
            peer[0] / plus[0],
        );
    }
}
