//! The closure API with states bigger than a word: breadth-first search across a 300 × 300
//! grid with walls (about 82,000 reachable cells), its states written as `(i32, i32)`
//! pairs and as `String`s (`"x,y"`), ours (`SearchContext::bfs`) and the `pathfinding`
//! crate's `bfs` on the same successor function, each the fastest of a number of rounds.
//!
//! ```text
//! cargo run --release -p plysearch-pathfind --example state_types -- [rounds]
//! ```
//!
//! Both must find a shortest path of the same length; the example fails if they do not.

use std::time::Instant;

use pathfind::SearchContext;

/// The side of the grid.
const W: i32 = 300;

/// Whether `(x, y)` is a free cell: inside the grid and not on the walls that cross every
/// 10th column, each with a gap in every 7th row.
fn free(x: i32, y: i32) -> bool {
    (0..W).contains(&x) && (0..W).contains(&y) && !(x % 10 == 5 && y % 7 != 0)
}

/// The free neighbours of `(x, y)`.
fn neighbours((x, y): (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        .into_iter()
        .filter(|&(a, b)| free(a, b))
}

/// The cell a `String` state names.
fn parse(s: &str) -> (i32, i32) {
    let (a, b) = s.split_once(',').expect("x,y");
    (a.parse().expect("a column"), b.parse().expect("a row"))
}

/// The fastest of `rounds` runs of `search` (which returns the path's length), in
/// milliseconds, and the length.
fn fastest(rounds: usize, mut search: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut len = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        len = search();
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    (best, len)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = match std::env::args().nth(1) {
        Some(a) => a.parse().map_err(|e| format!("rounds {a:?}: {e}"))?,
        None => 10,
    };
    let goal = (W - 1, W - 1);

    let mut pairs: SearchContext<(i32, i32), usize> = SearchContext::new();
    let ours_pair = fastest(rounds, || {
        let r = pairs.bfs([(0, 0)], |&c| neighbours(c), |&c| c == goal);
        r.ok()
            .and_then(|r| r.path().map(|p| p.nodes.len()))
            .unwrap_or(0)
    });
    let theirs_pair = fastest(rounds, || {
        pathfinding::directed::bfs::bfs(&(0, 0), |&c| neighbours(c), |&c| c == goal)
            .map_or(0, |p| p.len())
    });

    let goal_text = format!("{},{}", goal.0, goal.1);
    let text = |c: (i32, i32)| format!("{},{}", c.0, c.1);
    let mut strings: SearchContext<String, usize> = SearchContext::new();
    let ours_string = fastest(rounds, || {
        let r = strings.bfs(
            ["0,0".to_owned()],
            |s: &String| neighbours(parse(s)).map(text),
            |s| *s == goal_text,
        );
        r.ok()
            .and_then(|r| r.path().map(|p| p.nodes.len()))
            .unwrap_or(0)
    });
    let theirs_string = fastest(rounds, || {
        pathfinding::directed::bfs::bfs(
            &"0,0".to_owned(),
            |s: &String| neighbours(parse(s)).map(text),
            |s| *s == goal_text,
        )
        .map_or(0, |p| p.len())
    });

    for (name, ours, theirs) in [
        ("(i32, i32)", ours_pair, theirs_pair),
        ("String", ours_string, theirs_string),
    ] {
        if ours.1 != theirs.1 || ours.1 == 0 {
            return Err(format!(
                "{name}: path lengths differ: ours {}, pathfinding {}",
                ours.1, theirs.1
            )
            .into());
        }
        println!(
            "{name:>10}: ours {:8.2} ms, pathfinding {:8.2} ms, ours / pathfinding {:.2} (path of {} cells)",
            ours.0,
            theirs.0,
            ours.0 / theirs.0,
            ours.1
        );
    }
    Ok(())
}
