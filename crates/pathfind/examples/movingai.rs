//! Runs every scenario of MovingAI maps with the dense grid A* (8-connected, √2 diagonals,
//! no corner cutting, octile heuristic) and checks each cost against the `.scen` optimum.
//! When `4conn/NAME.map.4conn.tsv` sits beside the map (as in the repository's
//! `data/movingai`), also runs 4-connected BFS on the same scenarios and checks its lengths.
//!
//! ```text
//! cargo run --release -p plysearch-pathfind --example movingai -- MAP.map [MAP.map.scen] [MAP2.map ...]
//! cargo run --release -p plysearch-pathfind --example movingai -- data/movingai/arena.map
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use pathfind::movingai::{load_map, load_scen};
use pathfind::{Algorithm, Cell, GridContext, Heuristic, Movement};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: movingai MAP.map [MAP.map.scen] [MAP2.map [MAP2.map.scen]]...");
        return ExitCode::from(2);
    }
    // Pair each map with its scenario file (the next argument if it is a .scen).
    let mut jobs = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let map = PathBuf::from(&args[i]);
        let scen = match args.get(i + 1) {
            Some(s) if s.ends_with(".scen") => {
                i += 1;
                PathBuf::from(s)
            }
            _ => PathBuf::from(format!("{}.scen", map.display())),
        };
        jobs.push((map, scen));
        i += 1;
    }
    println!(
        "{:<22} {:<10} {:>9}  {:<14} {:>14} {:>14}",
        "map", "search", "scenarios", "all optimal", "mean µs/query", "mean expanded"
    );
    let mut all_ok = true;
    for (map, scen) in jobs {
        match run(&map, &scen) {
            Ok(ok) => all_ok &= ok,
            Err(e) => {
                eprintln!("{}: {e}", map.display());
                all_ok = false;
            }
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run(map_path: &Path, scen_path: &Path) -> Result<bool, Box<dyn std::error::Error>> {
    let map = load_map(map_path)?;
    let scenarios = load_scen(scen_path)?;
    let name = map_path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut ctx = GridContext::new();

    let grid = map.to_grid(Movement::OCTILE)?;
    let (mut micros, mut expanded, mut mismatch) = (0.0, 0u64, None);
    for s in &scenarios {
        let t = Instant::now();
        let r = ctx.solve(
            &grid,
            [s.start],
            s.goal,
            Algorithm::AStar,
            Heuristic::Octile,
        )?;
        micros += t.elapsed().as_secs_f64() * 1e6;
        expanded += r.stats.nodes;
        let cost = r.cost().map(|c| c.get());
        if mismatch.is_none() && !cost.is_some_and(|c| s.is_optimal(c)) {
            mismatch = Some(format!(
                "line {}: got {cost:?}, optimal {}",
                s.line, s.optimal
            ));
        }
    }
    let ok = report(
        &name,
        "A* 8-conn",
        scenarios.len(),
        mismatch,
        micros,
        expanded,
    );

    let tsv = map_path
        .parent()
        .unwrap_or(Path::new("."))
        .join("4conn")
        .join(format!("{name}.4conn.tsv"));
    let Ok(text) = std::fs::read_to_string(&tsv) else {
        return Ok(ok);
    };
    let grid = map.to_grid(Movement::Four)?;
    let (mut micros, mut expanded, mut mismatch, mut count) = (0.0, 0u64, None, 0usize);
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let parsed = (|| -> Option<(Cell, Cell, i64)> {
            let n = |k: usize| f.get(k)?.parse::<u32>().ok();
            Some((
                Cell::new(n(0)?, n(1)?),
                Cell::new(n(2)?, n(3)?),
                f.get(5)?.parse().ok()?,
            ))
        })();
        let Some((start, goal, want)) = parsed else {
            return Err(format!("{}: line {}: malformed row", tsv.display(), i + 1).into());
        };
        count += 1;
        let t = Instant::now();
        let r = ctx.solve(&grid, [start], goal, Algorithm::Bfs, Heuristic::Zero)?;
        micros += t.elapsed().as_secs_f64() * 1e6;
        expanded += r.stats.nodes;
        let got = r.path().map_or(-1, |p| p.steps() as i64);
        if mismatch.is_none() && got != want {
            mismatch = Some(format!("line {}: got {got}, expected {want}", i + 1));
        }
    }
    Ok(report(&name, "BFS 4-conn", count, mismatch, micros, expanded) && ok)
}

fn report(
    name: &str,
    search: &str,
    n: usize,
    mismatch: Option<String>,
    micros: f64,
    expanded: u64,
) -> bool {
    let d = n.max(1) as f64;
    let verdict = match &mismatch {
        None => "y".to_string(),
        Some(m) => format!("n ({m})"),
    };
    println!(
        "{name:<22} {search:<10} {n:>9}  {verdict:<14} {:>14.1} {:>14.1}",
        micros / d,
        expanded as f64 / d
    );
    mismatch.is_none()
}
