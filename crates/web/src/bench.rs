//! The two workloads the page and the native build both time, so that their speeds compare
//! on the same machine: the exact solver on a Connect Four benchmark file
//! ([`bench_solve`]), and MCTS playouts from the empty Connect Four board ([`bench_mcts`]).

use std::sync::Arc;
use std::time::Duration;

use adversarial::{Solver, TranspositionTable};
use games::ConnectFour;
use games::connect4_line::{benchmark_score, parse_line};
use mcts::Mcts;
use search_core::{Budget, Instant};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

use crate::json::Object;

/// The solver's table in [`bench_solve`], in MiB (`ply solve`'s default too).
pub const BENCH_TABLE_MB: u64 = 64;

/// Solves the first `count` positions of a Connect Four benchmark file (`moves score` lines,
/// as in `data/connect4`) with the exact solver on one thread, the table emptied before each
/// position as `ply solve` does, and checks each score. Returns JSON: `positions`,
/// `mismatches` (scores that differ from the file's), `nodes`, `ms` (the solves alone).
///
/// # Errors
/// A malformed line (its number is named), or a table that cannot be allocated.
///
/// ```
/// let r = plysearch_web::bench_solve("2252576253462244111563365343671351441 -1\n", 5).unwrap();
/// assert!(r.starts_with(r#"{"positions":1,"mismatches":0,"#));
/// ```
#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
pub fn bench_solve(text: &str, count: u32) -> Result<String, String> {
    let table =
        Arc::new(TranspositionTable::with_megabytes(BENCH_TABLE_MB).map_err(|e| e.to_string())?);
    let mut solver = Solver::new().with_table(Arc::clone(&table));
    let mut positions = 0u32;
    let mut mismatches = 0u32;
    let mut nodes = 0u64;
    let mut spent = Duration::ZERO;
    for (i, line) in text.lines().enumerate() {
        if positions == count {
            break;
        }
        let Some(line) = parse_line(line).map_err(|e| format!("line {}: {e}", i + 1))? else {
            continue;
        };
        table.clear();
        let started = Instant::now();
        let s = solver
            .solve(&line.position)
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        spent += started.elapsed();
        let score = s
            .score
            .and_then(|v| benchmark_score(v, line.position.moves_played()));
        if line.score.is_some() && score != line.score {
            mismatches += 1;
        }
        positions += 1;
        nodes += s.stats.nodes;
    }
    let mut o = Object::new();
    o.num("positions", positions)
        .num("mismatches", mismatches)
        .num("nodes", nodes)
        .num("ms", spent.as_secs_f64() * 1e3);
    Ok(o.finish())
}

/// MCTS from the empty Connect Four board for `millis` milliseconds on one thread (seeded
/// with `seed`), as JSON: `playouts`, `ms`, `perSecond`.
///
/// # Errors
/// A time of zero.
///
/// ```
/// let r = plysearch_web::bench_mcts(20, 1).unwrap();
/// assert!(r.contains("\"perSecond\":"));
/// ```
#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
pub fn bench_mcts(millis: u32, seed: u64) -> Result<String, String> {
    let r = Mcts::<ConnectFour>::new()
        .with_seed(seed)
        .with_budget(Budget::time(Duration::from_millis(u64::from(millis))))
        .search(&ConnectFour::new())
        .map_err(|e| e.to_string())?;
    let seconds = r.stats.elapsed.as_secs_f64();
    let mut o = Object::new();
    o.num("playouts", r.stats.iterations)
        .num("ms", seconds * 1e3)
        .num("perSecond", r.stats.iterations as f64 / seconds.max(1e-9));
    Ok(o.finish())
}
