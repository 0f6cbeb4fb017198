//! The MovingAI benchmark maps in `data/movingai`: A* (8-connected, √2 diagonals, no
//! corner cutting, octile heuristic) returns the `.scen` optimal length, and 4-connected BFS
//! the length of `4conn/*.tsv`. A deterministic sample (at most about 300 evenly spaced
//! scenarios per map) keeps the suite fast; `cargo run --release -p plysearch-pathfind --example
//! movingai` runs every scenario.

use std::path::PathBuf;

use pathfind::movingai::{MovingAiMap, Scenario, load_map, load_scen, read_map, read_scen};

/// A map's text read as `load_map` reads a file (at most 2^24 cells).
fn parse_map(text: &str) -> Result<MovingAiMap, PathError> {
    read_map(text.as_bytes(), 1 << 24)
}

/// A scenario file's text read whole, as `load_scen` reads a file.
fn parse_scen(text: &str) -> Result<Vec<Scenario>, PathError> {
    read_scen(text.as_bytes())?.collect()
}
use pathfind::{
    Algorithm, Budget, Cell, GridContext, Heuristic, Movement, PathError, PathOutcome, astar,
};

const MAPS: [&str; 6] = [
    "arena",
    "den312d",
    "Boston_0_256",
    "Berlin_0_512",
    "random512-10-0",
    "maze512-1-0",
];

/// The MovingAI maps, `data/movingai`; `None` outside the repository, where the tests that
/// read them skip.
fn maps() -> Option<PathBuf> {
    crate::repository::file("data/movingai")
}

fn data_dir() -> PathBuf {
    maps().expect("the tests that read the maps skip outside the repository")
}

/// Every `stride`-th scenario, so that at most about 300 are checked per map.
fn sample<T: Clone>(all: &[T]) -> Vec<T> {
    let stride = all.len().div_ceil(300).max(1);
    all.iter().step_by(stride).cloned().collect()
}

/// `(start, goal, 4-connected length or None)` rows of a `4conn/*.tsv` file.
fn load_4conn(name: &str) -> Vec<(Cell, Cell, Option<u32>)> {
    let path = data_dir()
        .join("4conn")
        .join(format!("{name}.map.4conn.tsv"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "{}:{}", path.display(), i + 1);
            let n = |k: usize| {
                f[k].parse::<u32>()
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
            };
            let len: i64 = f[5]
                .parse()
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
            (
                Cell::new(n(0), n(1)),
                Cell::new(n(2), n(3)),
                u32::try_from(len).ok(),
            )
        })
        .collect()
}

fn scenarios(name: &str) -> Vec<Scenario> {
    load_scen(data_dir().join(format!("{name}.map.scen"))).unwrap()
}

#[test]
fn grid_astar_matches_every_sampled_scen_optimum() {
    if maps().is_none() {
        return;
    }
    let mut ctx = GridContext::new();
    for name in MAPS {
        let map = load_map(data_dir().join(format!("{name}.map"))).unwrap();
        let grid = map.to_grid(Movement::OCTILE).unwrap();
        let all = scenarios(name);
        assert!(!all.is_empty(), "{name}: no scenario");
        for s in sample(&all) {
            let r = ctx
                .solve(
                    &grid,
                    [s.start],
                    s.goal,
                    Algorithm::AStar,
                    Heuristic::Octile,
                )
                .unwrap();
            let cost = r
                .cost()
                .unwrap_or_else(|| panic!("{name} line {}: {:?}", s.line, r.outcome))
                .get();
            assert!(
                s.is_optimal(cost),
                "{name} line {}: cost {cost}, optimal {}",
                s.line,
                s.optimal
            );
            assert_eq!(r.path().unwrap().nodes.first(), Some(&s.start));
        }
    }
}

#[test]
fn closure_astar_matches_sampled_scen_optima() {
    if maps().is_none() {
        return;
    }
    // The closure interface on the same maps, fewer scenarios (it hashes states).
    for name in ["arena", "den312d", "Boston_0_256"] {
        let grid = load_map(data_dir().join(format!("{name}.map")))
            .unwrap()
            .to_grid(Movement::OCTILE)
            .unwrap();
        let all = scenarios(name);
        for s in sample(&all).into_iter().step_by(3) {
            let r = astar(
                [s.start],
                |&c| grid.neighbors(c).collect::<Vec<_>>(),
                |&c| pathfind::FloatCost::new(Heuristic::Octile.estimate(c, s.goal)).unwrap(),
                |&c| c == s.goal,
                &Budget::new(),
            )
            .unwrap();
            let cost = r.cost().unwrap().get();
            assert!(
                s.is_optimal(cost),
                "{name} line {}: cost {cost}, optimal {}",
                s.line,
                s.optimal
            );
        }
    }
}

#[test]
fn four_connected_bfs_matches_every_sampled_tsv_length() {
    if maps().is_none() {
        return;
    }
    let mut ctx = GridContext::new();
    for name in MAPS {
        let grid = load_map(data_dir().join(format!("{name}.map")))
            .unwrap()
            .to_grid(Movement::Four)
            .unwrap();
        let rows = load_4conn(name);
        let scen = scenarios(name);
        assert_eq!(
            rows.len(),
            scen.len(),
            "{name}: tsv and scen differ in length"
        );
        for (i, &(start, goal, _)) in rows.iter().enumerate() {
            assert_eq!(
                (start, goal),
                (scen[i].start, scen[i].goal),
                "{name} row {i}"
            );
        }
        for (start, goal, want) in sample(&rows) {
            let r = ctx
                .solve(&grid, [start], goal, Algorithm::Bfs, Heuristic::Zero)
                .unwrap();
            match want {
                Some(len) => assert_eq!(
                    r.cost().map(|c| c.get()),
                    Some(f64::from(len)),
                    "{name} {start:?} -> {goal:?}"
                ),
                None => assert_eq!(r.outcome, PathOutcome::NoPath),
            }
        }
    }
}

#[test]
fn malformed_files_give_errors_naming_the_line() {
    let e = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n..\n").unwrap_err();
    assert_eq!(
        e,
        PathError::MapLine {
            line: 6,
            message: "map row has 2 cells, expected 3".into()
        }
    );
    let e = parse_map("type octile\nheight 3\nwidth 1\nmap\n.\n.\n").unwrap_err();
    assert!(
        matches!(e, PathError::MapTruncated { line: 7, .. }),
        "{e:?}"
    );
    let e = parse_map("type tile\nheight 1\nwidth 1\nmap\n.\n").unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 1, .. }));
    let e = parse_map("type octile\nheight 1\nwidth 1\nmop\n.\n").unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 4, .. }));
    let e = parse_map("type octile\nheight 0\nwidth 1\nmap\n").unwrap_err();
    assert!(matches!(e, PathError::GridSize { .. }));
    let e = parse_map("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.?\r\n").unwrap_err();
    assert_eq!(
        e,
        PathError::MapChar {
            line: 5,
            column: 2,
            ch: '?'
        }
    );
    let e = parse_scen("version 1\n0\tm\t4\t4\t0\t0\t1\t1\t1\n0\tm\t4\t4\t0\t9\t1\t1\t1\n")
        .unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 3, .. }), "{e:?}");
    let e = parse_scen("version 1\n0\tm\t4\t4\t0\t0\t1\t1\tNaN\n").unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 2, .. }), "{e:?}");
    let e = parse_scen("0\tm\t4\t4\t0\t0\t1\t1\t1\n").unwrap_err();
    assert!(matches!(e, PathError::MapLine { line: 1, .. }), "{e:?}");
    let e = parse_scen("version 1\n0\tm\t4\t4\t-1\t0\t1\t1\t1\n").unwrap_err();
    assert!(
        e.to_string().starts_with("line 2: field 5 (start x)"),
        "{e}"
    );
}

/// A map's grid, built at once from its passable flags, equals the grid of the same rows
/// (`Grid::from_rows`) and the grid whose obstacles are set one cell at a time, on every
/// map of the data set (each obstacle rule, each movement).
#[test]
fn a_maps_grid_equals_the_grid_of_its_rows_and_of_its_cells() {
    if maps().is_none() {
        return;
    }
    for name in ["arena", "den312d", "Boston_0_256"] {
        let map = load_map(data_dir().join(format!("{name}.map"))).unwrap();
        let rows: Vec<String> = (0..map.height as usize)
            .map(|y| {
                let w = map.width as usize;
                map.passable[y * w..(y + 1) * w]
                    .iter()
                    .map(|&p| if p { '.' } else { '@' })
                    .collect()
            })
            .collect();
        for movement in [Movement::Four, Movement::OCTILE] {
            let grid = map.to_grid(movement).unwrap();
            assert_eq!(
                grid,
                pathfind::Grid::from_rows(&rows, movement).unwrap(),
                "{name}"
            );
            let mut by_cells = pathfind::Grid::new(map.width, map.height, movement).unwrap();
            for (i, &p) in map.passable.iter().enumerate() {
                let cell = Cell::new(i as u32 % map.width, i as u32 / map.width);
                by_cells.set_passable(cell, p).unwrap();
            }
            assert_eq!(grid, by_cells, "{name}");
        }
    }
}
