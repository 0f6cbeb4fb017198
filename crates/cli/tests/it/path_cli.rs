//! `ply path` as a user runs it: every algorithm on the arena map checks every length, a
//! wrong optimum is caught, malformed files are reported with their line, and the pictures
//! show what the search did (the expanded cells drawn are the cells it reports).

use crate::common;
use common::assert_well_formed;
use std::path::PathBuf;
use std::process::{Command, Output};

const ARENA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/movingai/arena.map");

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory for this test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-path-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The numbers of the summary line `total: N scenarios, M mismatches, ...` and the count
/// of unchecked queries (0 when not mentioned).
fn summary(stdout: &str) -> (u64, u64, u64) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("total: "))
        .unwrap_or_else(|| panic!("no summary in {stdout}"));
    let number_before = |word: &str| -> Option<u64> {
        let at = line.find(word)?;
        line[..at].split_whitespace().last()?.parse().ok()
    };
    (
        number_before(" scenarios").unwrap(),
        number_before(" mismatches").unwrap(),
        number_before(" unchecked").unwrap_or(0),
    )
}

fn run_ok(args: &[&str]) -> (u64, u64) {
    let out = ply(args);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "ply {args:?}\n{stdout}\n{}",
        text(&out.stderr)
    );
    let (scenarios, mismatches, unchecked) = summary(&stdout);
    assert_eq!(mismatches, 0, "ply {args:?}\n{stdout}");
    assert!(scenarios > 0 && unchecked < scenarios, "{stdout}");
    (scenarios, unchecked)
}

#[test]
fn every_algorithm_finds_the_arena_lengths() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    for alg in ["astar", "dijkstra", "greedy", "dfs", "jps", "jps-plus"] {
        assert_eq!(
            run_ok(&["path", ARENA, "--algorithm", alg]),
            (160, 0),
            "{alg}"
        );
    }
    assert_eq!(
        run_ok(&["path", ARENA, "-a", "wastar", "--weight", "2"]),
        (160, 0)
    );
    for h in ["euclidean", "chebyshev", "zero"] {
        assert_eq!(run_ok(&["path", ARENA, "--heuristic", h]), (160, 0), "{h}");
    }
    // Manhattan overestimates diagonal moves: A* is then checked as not optimal.
    let out = ply(&["path", ARENA, "--heuristic", "manhattan", "--limit", "40"]);
    assert!(text(&out.stdout).contains("not optimal"));
    assert_eq!(out.status.code(), Some(0));
    // IDA* re-expands cells many times: a few short scenarios, with a small budget.
    let (n, unchecked) = run_ok(&[
        "path",
        ARENA,
        "-a",
        "idastar",
        "--limit",
        "30",
        "--max-expansions",
        "20000",
    ]);
    assert_eq!(n, 30);
    assert!(unchecked < 10, "{unchecked} of 30 unchecked");
    // 4-connected, against the lengths of data/movingai/4conn.
    for alg in ["bfs", "astar", "dijkstra", "greedy"] {
        assert_eq!(
            run_ok(&["path", ARENA, "--connectivity", "4", "-a", alg]),
            (160, 0),
            "{alg}"
        );
    }
    for alg in ["iddfs", "idastar"] {
        let (n, unchecked) = run_ok(&[
            "path",
            ARENA,
            "--connectivity",
            "4",
            "-a",
            alg,
            "--limit",
            "20",
            "--max-expansions",
            "20000",
        ]);
        assert_eq!(n, 20);
        assert!(unchecked < 10, "{alg}: {unchecked} of 20 unchecked");
    }
}

#[test]
fn a_wrong_optimum_is_a_mismatch() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let dir = temp_dir("wrong");
    let scen = std::fs::read_to_string(format!("{ARENA}.scen")).unwrap();
    // Lengthen the optimum of scenario 100 (line 101) by one.
    let mut lines: Vec<String> = scen.lines().map(String::from).collect();
    let mut fields: Vec<String> = lines[100].split('\t').map(String::from).collect();
    let opt: f64 = fields[8].parse().unwrap();
    fields[8] = format!("{:.8}", opt + 1.0);
    lines[100] = fields.join("\t");
    let file = dir.join("arena.scen");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let out = ply(&["path", ARENA, "--scen", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(summary(&text(&out.stdout)), (160, 1, 0));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("scenario 100") && stderr.contains("line 101"),
        "{stderr}"
    );
    // A non-optimal algorithm is only held to "no shorter": a longer optimum catches it too.
    let out = ply(&[
        "path",
        ARENA,
        "--scen",
        file.to_str().unwrap(),
        "-a",
        "greedy",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

#[test]
fn jump_point_search_needs_eight_moves_and_unknown_names_list_the_algorithms() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let out = ply(&["path", ARENA, "--algorithm", "jps", "--connectivity", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--connectivity 8"),
        "{}",
        text(&out.stderr)
    );
    let out = ply(&["path", ARENA, "--algorithm", "jsp"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    for name in ["astar", "jps", "jps-plus"] {
        assert!(stderr.contains(name), "{stderr}");
    }
}

#[test]
fn bfs_on_an_octile_map_is_refused() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let out = ply(&["path", ARENA, "--algorithm", "bfs"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--connectivity 4"),
        "{}",
        text(&out.stderr)
    );
    let out = ply(&["path", ARENA, "--weight", "2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = ply(&["path", ARENA, "-a", "wastar", "--weight", "0.5"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn malformed_files_name_their_line() {
    let dir = temp_dir("malformed");
    let map = dir.join("broken.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 4\nmap\n....\n..X.\n....\n",
    )
    .unwrap();
    let out = ply(&["path", map.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("broken.map") && stderr.contains("line 6") && stderr.contains("expected"),
        "{stderr}"
    );

    let map = dir.join("short.map");
    std::fs::write(&map, "type octile\nheight 3\nwidth 4\nmap\n....\n....\n").unwrap();
    let out = ply(&["path", map.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 7"),
        "{}",
        text(&out.stderr)
    );

    // A good map with a scenario file whose third and fourth lines are bad: the others run.
    let map = dir.join("small.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n",
    )
    .unwrap();
    let scen = "version 1\n\
                0\tsmall.map\t4\t3\t0\t0\t3\t0\t3\n\
                0\tsmall.map\t4\t3\t0\t0\t3\tx\t3\n\
                0\tsmall.map\t4\t3\t0\t0\t1\t1\t1.41421\n\
                1\tsmall.map\t4\t3\t0\t1\t3\t1\t5\n";
    std::fs::write(dir.join("small.map.scen"), scen).unwrap();
    let out = ply(&["path", map.to_str().unwrap()]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(summary(&stdout), (2, 0, 0), "{stdout}");
    assert!(stdout.contains("2 malformed lines skipped"), "{stdout}");
    assert!(
        stderr.contains("small.map.scen: line 3") && stderr.contains("goal y"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 4") && stderr.contains("obstacle"),
        "{stderr}"
    );

    let out = ply(&[
        "path",
        map.to_str().unwrap(),
        "--scen",
        "/nonexistent/x.scen",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// The reliability issue's report: a map or scenario line was read whole (1 GB took 2 GB)
/// and quoted whole in the error. Here lines of 8 MiB in the map, the scenario file and the
/// 4-connected lengths: each is an error naming its line, quoting at most 40 characters.
#[test]
fn a_long_line_is_reported_in_a_short_message() {
    let dir = temp_dir("long-lines");
    let long = "@".repeat(8 << 20);
    let good_map = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";
    let good_scen = "version 1\n0\tlong.map\t4\t3\t0\t0\t3\t0\t3\n";
    let cases = [
        (
            format!("type octile\nheight 3\nwidth 4\nmap\n....\n.{long}\n....\n"),
            good_scen.to_string(),
            None,
        ),
        (
            good_map.to_string(),
            format!("version 1\n0\tlong.map\t4\t3\t0\t0\t3\t0\t{long}\n"),
            None,
        ),
        (
            good_map.to_string(),
            good_scen.to_string(),
            Some(format!("0\t0\t3\t0\t3\t{long}\n")),
        ),
    ];
    for (k, (map, scen, four)) in cases.iter().enumerate() {
        let path = dir.join("long.map");
        std::fs::write(&path, map).unwrap();
        std::fs::write(dir.join("long.map.scen"), scen).unwrap();
        let mut args = vec!["path", path.to_str().unwrap()];
        if let Some(four) = four {
            std::fs::create_dir_all(dir.join("4conn")).unwrap();
            std::fs::write(dir.join("4conn").join("long.map.4conn.tsv"), four).unwrap();
            args.extend(["--connectivity", "4", "--algorithm", "bfs"]);
        }
        let out = ply(&args);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(2), "case {k}: {:.300}", stderr);
        assert!(stderr.contains("line "), "case {k}: {:.300}", stderr);
        for line in stdout.lines().chain(stderr.lines()) {
            assert!(
                line.len() < 400,
                "case {k}: a line of {} bytes: {line:.400}",
                line.len()
            );
        }
    }
}

#[test]
fn without_a_four_connected_oracle_the_searches_are_only_timed() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let dir = temp_dir("oracle");
    let map = dir.join("arena.map");
    std::fs::copy(ARENA, &map).unwrap();
    std::fs::copy(format!("{ARENA}.scen"), dir.join("arena.map.scen")).unwrap();
    let out = ply(&[
        "path",
        map.to_str().unwrap(),
        "--connectivity",
        "4",
        "--limit",
        "10",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.contains("no 4-connected optima"), "{stdout}");
    assert_eq!(summary(&stdout), (10, 0, 10));
}

/// The `rendered ... N cells expanded (M expansions), path of K cells` line.
fn rendered(stdout: &str) -> (u64, u64, u64) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("rendered "))
        .unwrap_or_else(|| panic!("no render line in {stdout}"));
    let number_before = |word: &str| -> u64 {
        let at = line.find(word).unwrap();
        line[..at]
            .split_whitespace()
            .last()
            .unwrap()
            .trim_start_matches('(')
            .parse()
            .unwrap()
    };
    let path_cells = line
        .rsplit("path of ")
        .next()
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    (
        number_before(" cells expanded"),
        number_before(" expansions"),
        path_cells,
    )
}

/// The value of attribute `name` of the element with `id`.
fn attribute<'a>(svg: &'a str, id: &str, name: &str) -> &'a str {
    let at = svg
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no element {id}"));
    let element = &svg[svg[..at].rfind('<').unwrap()..];
    let element = &element[..element.find('>').unwrap()];
    let key = format!(" {name}=\"");
    let from = element
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {id}"))
        + key.len();
    &element[from..from + element[from..].find('"').unwrap()]
}

/// Cells covered by a path of row runs `Mx yhNv1h-Nz...`.
fn run_cells(d: &str) -> u64 {
    d.split('M')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let h = s.find('h').unwrap();
            s[h + 1..s.find('v').unwrap()].parse::<u64>().unwrap()
        })
        .sum()
}

#[test]
fn the_svg_shows_the_cells_the_search_expanded() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let dir = temp_dir("svg");
    for (args, equal) in [
        (vec!["--scenario", "150"], true),
        (vec!["-a", "dijkstra"], true),
        (vec!["-a", "greedy", "--scenario", "120"], true),
        (vec!["--connectivity", "4", "-a", "bfs"], true),
        // IDA* expands some cells several times: distinct cells <= expansions.
        (
            vec!["-a", "idastar", "--scenario", "20", "--limit", "20"],
            false,
        ),
    ] {
        let file = dir.join("arena.svg");
        let mut all = vec!["path", ARENA, "--render", file.to_str().unwrap()];
        all.extend(&args);
        let out = ply(&all);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {stdout}{}",
            text(&out.stderr)
        );
        let (cells, expansions, path_cells) = rendered(&stdout);
        let svg = std::fs::read_to_string(&file).unwrap();
        assert_well_formed(&svg);
        assert_eq!(svg.matches("<polyline").count(), 1);
        let drawn = run_cells(attribute(&svg, "expanded", "d"));
        assert_eq!(drawn, cells, "{args:?}");
        assert_eq!(attribute(&svg, "expanded", "data-cells"), cells.to_string());
        if equal {
            assert_eq!(cells, expansions, "{args:?}");
        } else {
            assert!(0 < cells && cells <= expansions, "{args:?}");
        }
        let points = attribute(&svg, "path", "points").split(' ').count() as u64;
        assert_eq!(points, path_cells, "{args:?}");
        assert!(svg.contains("id=\"start\"") && svg.contains("id=\"goal\""));
    }
    let out = ply(&[
        "path",
        ARENA,
        "--render",
        dir.join("x.gif").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_png_is_a_png_of_the_map_with_the_svgs_caption_and_legend() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let dir = temp_dir("png");
    let file = dir.join("arena.png");
    let svg_file = dir.join("arena.svg");
    for f in [&file, &svg_file] {
        let out = ply(&[
            "path",
            ARENA,
            "--render",
            f.to_str().unwrap(),
            "--limit",
            "50",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info().clone();
    // 16 pixels a cell for a 49 x 49 map, and a band of text under it.
    let map_side = 49 * 16;
    assert!(info.width >= map_side, "{}", info.width);
    assert!(info.height > map_side, "{}", info.height);
    // The caption is the SVG's title.
    let svg = std::fs::read_to_string(&svg_file).unwrap();
    let title = &svg[svg.find("<title>").unwrap() + 7..svg.find("</title>").unwrap()];
    let caption = info
        .uncompressed_latin1_text
        .iter()
        .find(|t| t.keyword == "Title")
        .map(|t| t.text.clone());
    assert_eq!(caption.as_deref(), Some(title));
    // Every colour of the SVG's legend has its swatch in the band under the map.
    let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut rgb).unwrap();
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    let width = info.width as usize;
    let band: Vec<[u8; 3]> = rgb[map_side as usize * width * 3..frame.buffer_size()]
        .chunks(3)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    let swatches = svg
        .lines()
        .filter(|l| l.starts_with("<rect x="))
        .map(|l| attribute_of(l, "fill"))
        .collect::<Vec<_>>();
    assert_eq!(swatches.len(), 5, "{svg}");
    for colour in swatches {
        let c = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
        let rgb = [(c >> 16) as u8, (c >> 8) as u8, c as u8];
        assert!(
            band.contains(&rgb),
            "no {colour} swatch in the PNG's legend"
        );
    }
}

/// The value of attribute `name` in one SVG element's text.
fn attribute_of<'a>(element: &'a str, name: &str) -> &'a str {
    let at = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    &element[at..at + element[at..].find('"').unwrap()]
}

#[test]
fn render_options_are_checked_before_any_search() {
    if !crate::common::in_repository("data/movingai") {
        return;
    }
    let dir = temp_dir("preflight");
    // The slowest map: a check after the searches would take seconds; these take none.
    let maze = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/movingai/maze512-1-0.map"
    );
    let cases: [(Vec<String>, &str); 3] = [
        (
            vec!["--render".into(), dir.join("out.txt").display().to_string()],
            "must end in .svg or .png",
        ),
        (
            vec![
                "--render".into(),
                dir.join("no/such/dir/out.svg").display().to_string(),
            ],
            "cannot write",
        ),
        (
            vec![
                "--render".into(),
                dir.join("out.svg").display().to_string(),
                "--scenario".into(),
                "999999".into(),
            ],
            "--scenario 999999",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["path", maze];
        args.extend(extra.iter().map(String::as_str));
        let out = ply(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            !text(&out.stdout).contains("total:"),
            "{args:?}: no scenario runs before the check"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "a refused run leaves no file: {left:?}");
}
