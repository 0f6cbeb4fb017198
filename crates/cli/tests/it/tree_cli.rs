//! `ply tree` as a user runs it: the DOT it prints has as many nodes as it says, the MCTS
//! visit counts add up as the engine keeps them, the alpha-beta tree is the one the engine
//! searched (its node count and value), and the SVG is well formed.

use crate::common;
use common::assert_well_formed;
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-tree-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The number before `word` in the line of `report` that contains `marker`.
fn number(report: &str, marker: &str, word: &str) -> u64 {
    let line = report
        .lines()
        .find(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("no {marker:?} in {report}"));
    let at = line
        .find(word)
        .unwrap_or_else(|| panic!("no {word:?} in {line}"));
    line[..at]
        .split_whitespace()
        .last()
        .unwrap()
        .parse()
        .unwrap()
}

/// A parsed DOT tree: labels by node id and children by node id, in order.
struct Dot {
    labels: HashMap<String, String>,
    children: HashMap<String, Vec<String>>,
    edge_labels: HashMap<String, String>,
}

fn parse_dot(dot: &str) -> Dot {
    assert!(dot.starts_with("digraph"), "{}", &dot[..dot.len().min(80)]);
    assert!(dot.trim_end().ends_with('}'));
    let mut d = Dot {
        labels: HashMap::new(),
        children: HashMap::new(),
        edge_labels: HashMap::new(),
    };
    let label_of = |rest: &str| -> String {
        let from = rest.find("label=\"").unwrap() + 7;
        let mut out = String::new();
        let mut chars = rest[from..].chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.push(chars.next().unwrap()),
                '"' => break,
                c => out.push(c),
            }
        }
        out
    };
    for line in dot.lines().map(str::trim) {
        let Some(id) = line.split_whitespace().next() else {
            continue;
        };
        if !id.starts_with('n') || !id[1..].chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        if let Some(rest) = line.strip_prefix(&format!("{id} -> ")) {
            let child = rest.split_whitespace().next().unwrap().to_string();
            d.edge_labels.insert(child.clone(), label_of(rest));
            d.children.entry(id.to_string()).or_default().push(child);
        } else {
            assert!(d.labels.insert(id.to_string(), label_of(line)).is_none());
        }
    }
    d
}

/// The `n=VISITS` of an MCTS label.
fn visits(label: &str) -> u64 {
    let at = label
        .find("n=")
        .unwrap_or_else(|| panic!("no visits in {label}"));
    label[at + 2..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
fn mcts_dot_counts_and_visits_add_up() {
    for (game, moves, playouts, levels) in [
        ("ttt", "", "2000", "2"),
        ("c4", "4453", "3000", "2"),
        ("ttt", "x.. .o. ...", "500", "3"),
    ] {
        let mut args = vec![
            "tree",
            "--game",
            game,
            "--playouts",
            playouts,
            "--levels",
            levels,
        ];
        if !moves.is_empty() {
            args.extend(["--start", moves]);
        }
        let out = ply(&args);
        let (dot, report) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {report}");
        let d = parse_dot(&dot);
        assert_eq!(d.labels.len() as u64, number(&report, "exported", " nodes"));
        assert_eq!(
            d.children.values().map(Vec::len).sum::<usize>() + 1,
            d.labels.len()
        );
        // The root of a fresh search: exactly its children's visits, all the playouts.
        let root = visits(&d.labels["n0"]);
        // (Fewer playouts than asked for when the solver proved the root early.)
        assert!(root <= playouts.parse::<u64>().unwrap(), "{report}");
        assert_eq!(root, number(&report, "MCTS", " playouts"));
        let below: u64 = d.children["n0"].iter().map(|c| visits(&d.labels[c])).sum();
        assert_eq!(root, below, "{args:?}");
        // Below the root: one visit more than the children together, or more.
        for (parent, kids) in d.children.iter().filter(|(p, _)| *p != "n0") {
            let n = visits(&d.labels[parent]);
            let sum: u64 = kids.iter().map(|c| visits(&d.labels[c])).sum();
            assert!(n > sum, "{parent}: {n} visits, children {sum}");
        }
        // Every edge is labelled with a move by X or O.
        assert!(
            d.edge_labels
                .values()
                .all(|l| l.starts_with("X ") || l.starts_with("O "))
        );
    }
}

#[test]
fn alphabeta_tree_is_the_searched_tree() {
    let dir = temp_dir("ab");
    let file = dir.join("ab.dot");
    let out = ply(&[
        "tree",
        "--game",
        "ttt",
        "--engine",
        "alphabeta",
        "--depth",
        "3",
        "--dot",
        file.to_str().unwrap(),
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let d = parse_dot(&std::fs::read_to_string(&file).unwrap());
    let exported = number(&report, "exported", " nodes");
    // Every level is exported: the node count is the engine's.
    assert_eq!(d.labels.len() as u64, exported);
    assert_eq!(exported, number(&report, "alpha-beta", " nodes"));
    // 9 moves at the root, each searched (the root has an infinite window).
    assert_eq!(d.children["n0"].len(), 9);
    // The root's label carries the engine's value.
    let value = report
        .split("value ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert_eq!(d.labels["n0"], format!("max = {value}"));
    // Cut-offs: every node marked cut has fewer children than 9 - its depth, and at least
    // one exists in tic-tac-toe's tree to depth 3.
    let cut: Vec<&String> = d
        .labels
        .keys()
        .filter(|k| d.labels[*k].contains("cut: "))
        .collect();
    assert!(!cut.is_empty());
    let cutoffs = number(&report, "alpha-beta", " cut-offs");
    assert_eq!(cut.len() as u64, cutoffs);

    // Fewer levels: only the top of the same tree.
    let out = ply(&["tree", "-g", "ttt", "-e", "alphabeta", "--levels", "1"]);
    let d1 = parse_dot(&text(&out.stdout));
    assert_eq!(d1.labels.len(), 10);
}

#[test]
fn the_node_limit_gives_a_partial_tree_that_says_so() {
    let out = ply(&[
        "tree",
        "-g",
        "ttt",
        "-e",
        "alphabeta",
        "--depth",
        "9",
        "--max-nodes",
        "60",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let report = text(&out.stderr);
    assert!(report.contains("node limit"), "{report}");
    let d = parse_dot(&text(&out.stdout));
    assert_eq!(d.labels.len(), 60);
    assert!(d.labels.values().any(|l| l.contains("unfinished")));
}

#[test]
fn svg_pictures_are_well_formed_and_hold_every_node() {
    let dir = temp_dir("svg");
    for args in [
        vec!["-g", "ttt", "--playouts", "3000", "--levels", "2"],
        vec![
            "-g",
            "ttt",
            "--playouts",
            "3000",
            "--levels",
            "1",
            "--layout",
            "right",
        ],
        vec![
            "-g",
            "c4",
            "-e",
            "alphabeta",
            "--depth",
            "2",
            "--layout",
            "down",
        ],
        vec![
            "-g",
            "ttt",
            "-e",
            "alphabeta",
            "--levels",
            "2",
            "--layout",
            "compact",
        ],
    ] {
        let svg_file = dir.join("t.svg");
        let dot_file = dir.join("t.dot");
        let mut all = vec!["tree"];
        all.extend(&args);
        all.extend([
            "--svg",
            svg_file.to_str().unwrap(),
            "--dot",
            dot_file.to_str().unwrap(),
        ]);
        let out = ply(&all);
        let report = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let svg = std::fs::read_to_string(&svg_file).unwrap();
        assert_well_formed(&svg);
        let exported = number(&report, "exported", " nodes");
        assert_eq!(
            svg.matches("<g class=\"node\"").count() as u64,
            exported,
            "{args:?}"
        );
        let d = parse_dot(&std::fs::read_to_string(&dot_file).unwrap());
        assert_eq!(d.labels.len() as u64, exported);
        // One drawn edge per child: a line, or a connector off a column's spine.
        assert!(
            svg.matches("<path d=").count() as u64 >= exported - 1,
            "{args:?}"
        );
    }
}

#[test]
fn bad_requests_are_input_errors() {
    for args in [
        vec!["tree", "-g", "c4", "--start", "4448"],
        vec!["tree", "-g", "ttt", "--start", "xx. ..."],
        vec!["tree", "-g", "ttt", "--start", "xxx oo. ..."], // already won
        vec!["tree", "-g", "ttt", "--moves", "5"],           // the old name of --start
        vec!["tree", "-g", "ttt", "--size", "3x3"],
        vec!["tree", "-g", "dots", "--size", "1"],
        vec!["tree", "-g", "mnk"], // not offered: see the help
        vec!["tree", "-g", "einstein"],
        vec!["tree", "-g", "ttt", "--depth", "3"], // alpha-beta option for MCTS
        vec!["tree", "-g", "ttt", "-e", "alphabeta", "--playouts", "9"],
        vec!["tree", "-g", "chess"],
    ] {
        let out = ply(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out.stderr.is_empty());
    }
}

/// The `--size` that keeps a game small, if it takes one.
fn small(game: &str) -> Vec<&'static str> {
    match game {
        "dots" => vec!["--size", "2x2"],
        "kalah" => vec!["--size", "4x3"],
        _ => Vec::new(),
    }
}

/// The moves of the root's side to move as `ply play` reads them, 1-based, in the game's
/// order: the edge labels the root's children must carry.
fn first_moves(game: &str) -> Vec<String> {
    let numbers = |n: u32| (1..=n).map(|i| format!("X {i}")).collect();
    match game {
        "ttt" => numbers(9),
        "c4" => numbers(7),
        "dots" => numbers(12), // 2 x 2 boxes: 6 horizontal lines, 6 vertical
        "kalah" => numbers(4),
        "reversi" => ["c2", "b3", "e4", "d5"]
            .iter()
            .map(|m| format!("X {m}"))
            .collect(),
        other => panic!("a game the test does not know: {other}"),
    }
}

#[test]
fn every_listed_game_exports_both_trees_with_moves_counted_from_1() {
    let listed = common::possible_values(&["tree"], "--game");
    for game in ["ttt", "c4", "reversi", "dots", "kalah"] {
        assert!(listed.iter().any(|g| g == game), "{listed:?}");
    }
    for game in &listed {
        for engine in [
            vec!["-e", "mcts", "--playouts", "400", "--levels", "1"],
            vec!["-e", "alphabeta", "--depth", "2", "--levels", "1"],
        ] {
            let mut args = vec!["tree", "-g", game];
            args.extend(small(game));
            args.extend(&engine);
            let out = ply(&args);
            let report = text(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {report}");
            let d = parse_dot(&text(&out.stdout));
            assert_eq!(d.labels.len() as u64, number(&report, "exported", " nodes"));
            // The root's children in the game's order, each labelled with its move as a
            // person types it.
            let labels: Vec<&str> = d.children["n0"]
                .iter()
                .map(|c| d.edge_labels[c].as_str())
                .collect();
            assert_eq!(labels, first_moves(game), "{args:?}");
            // The best move is reported the same way.
            let best = report.split("best move ").nth(1).unwrap();
            let best: Vec<&str> = best.split([',', ' ', '\n']).take(2).collect();
            assert!(
                labels.contains(&best.join(" ").as_str()),
                "{best:?} in {report}"
            );
        }
    }
}

#[test]
fn max_and_min_follow_the_player_to_move_through_extra_turns() {
    // Kalah: ending in the own store gives another move, so X can move twice in a row.
    let out = ply(&["tree", "-g", "kalah", "-e", "alphabeta", "--depth", "4"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let d = parse_dot(&text(&out.stdout));
    let mut twice = 0;
    for (parent, kids) in &d.children {
        let label = &d.labels[parent];
        let kind = label.split_whitespace().next().unwrap();
        for kid in kids {
            // The player who moves from `parent` is on its children's edges.
            let mover = d.edge_labels[kid].chars().next().unwrap();
            match kind {
                "max" => assert_eq!(mover, 'X', "{parent}: {label}"),
                "min" => assert_eq!(mover, 'O', "{parent}: {label}"),
                other => panic!("{parent}: an interior node labelled {other}"),
            }
            if parent != "n0" && d.edge_labels[parent].starts_with(mover) {
                twice += 1;
            }
        }
    }
    assert!(twice > 0, "no extra turn in the tree");
}

#[test]
fn a_bad_output_path_fails_before_the_search_and_leaves_no_file() {
    let dir = temp_dir("preflight");
    let svg = dir.join("ok.svg");
    let out = ply(&[
        "tree",
        "--game",
        "ttt",
        "--playouts",
        "500",
        "--svg",
        svg.to_str().unwrap(),
        "--dot",
        dir.join("missing/d.dot").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "no ok.svg, no temporary file: {left:?}");
}

/// The node lines of a DOT text (`  nK [label=...]`).
fn dot_nodes(dot: &str) -> usize {
    dot.lines()
        .filter(|l| l.trim_start().starts_with('n') && l.contains(" [label=") && !l.contains("->"))
        .count()
}

#[test]
fn an_export_stops_at_the_deepest_level_that_fits_its_cap() {
    const CAP: usize = 50_000;
    for args in [
        &["--game", "c4", "--playouts", "150000", "--levels", "64"][..],
        &[
            "--game",
            "c4",
            "--engine",
            "ab",
            "--depth",
            "10",
            "--max-nodes",
            "300000",
        ],
    ] {
        let mut all = vec!["tree"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--dot", "-"]);
        let out = ply(&all);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        let dot = text(&out.stdout);
        let nodes = dot_nodes(&dot);
        assert!(nodes <= CAP, "{args:?}: {nodes} nodes");
        assert_eq!(number(&err, "exported", "nodes") as usize, nodes);
        // The report says which levels were left out, and that one more would not fit.
        let line = err
            .lines()
            .find(|l| l.contains("left out"))
            .unwrap_or_else(|| panic!("{args:?}: {err}"));
        let with_next = number(line, "would hold", "nodes") as usize;
        assert!(with_next > CAP, "{line}");
        assert!(nodes < with_next, "{line}");
        let levels: usize = line
            .split("--levels ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            err.contains(&format!("(levels 0-{levels} below the root)")),
            "{err}"
        );
        // Asking for those levels exports the same tree, with no cut.
        let mut again: Vec<String> = all.iter().map(|s| s.to_string()).collect();
        let at = again.iter().position(|a| a == "--levels");
        match at {
            Some(i) => again[i + 1] = levels.to_string(),
            None => again.extend(["--levels".to_string(), levels.to_string()]),
        }
        let refs: Vec<&str> = again.iter().map(String::as_str).collect();
        let out = ply(&refs);
        assert_eq!(text(&out.stdout), dot, "{args:?}");
        assert!(!text(&out.stderr).contains("left out"));
    }
}
