//! [`PathView`]: a MovingAI map, its scenarios, and A* or jump point search between two
//! cells, with the search's expansion replayed frame by frame for the page to draw.

use pathfind::movingai::{self, Scenario};
use pathfind::{Algorithm, Cell, FloatCost, Grid, GridContext, Heuristic, Movement, SearchResult};
use search_core::{Budget, Instant};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

use crate::json::{self, Object};

/// The most frames [`PathView::search`] replays an expansion in.
pub const MAX_FRAMES: u32 = 200;

/// The largest map [`PathView::new`] reads, in cells (4096 × 4096, as `load_map`).
const MAX_MAP_CELLS: u64 = 1 << 24;

/// A MovingAI map (`.map`) with its scenarios (`.map.scen`), searched with A* (octile
/// heuristic) or jump point search on its 8-connected grid without corner cutting, the
/// benchmark's rules, so that every length can be checked against the scenario's optimum.
///
/// ```
/// use plysearch_web::PathView;
/// let map = "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n";
/// let scen = "version 1\n0\tm.map\t4\t3\t0\t1\t3\t1\t5\n";
/// let mut view = PathView::new(map, scen).unwrap();
/// let r = view.check("jps", 0).unwrap();
/// assert!(r.contains("\"optimal\":true"));
/// ```
#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
pub struct PathView {
    grid: Grid,
    scenarios: Vec<Scenario>,
}

/// One search, and the cells it expanded after `nodes` expansions at most.
fn run(
    grid: &Grid,
    alg: &str,
    start: Cell,
    goal: Cell,
    nodes: Option<u64>,
) -> Result<(SearchResult<Cell, FloatCost>, GridContext), String> {
    let mut ctx = GridContext::new();
    if let Some(n) = nodes {
        ctx = ctx.with_budget(Budget::nodes(n.max(1)));
    }
    let r = match alg {
        "astar" => ctx.solve(grid, [start], goal, Algorithm::AStar, Heuristic::Octile),
        "jps" => ctx.jps(grid, [start], goal),
        _ => return Err(format!("no algorithm {alg:?}: choose astar or jps")),
    }
    .map_err(|e| e.to_string())?;
    Ok((r, ctx))
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
impl PathView {
    /// Reads a map and its scenario file (which may be empty).
    ///
    /// # Errors
    /// A malformed map or scenario file (the message names the line), or scenarios of another
    /// map size.
    ///
    /// ```
    /// assert!(plysearch_web::PathView::new("not a map", "").is_err());
    /// ```
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen(constructor))]
    pub fn new(map: &str, scenarios: &str) -> Result<PathView, String> {
        let parsed =
            movingai::read_map(map.as_bytes(), MAX_MAP_CELLS).map_err(|e| format!("map: {e}"))?;
        let grid = parsed
            .to_grid(Movement::OCTILE)
            .map_err(|e| format!("map: {e}"))?;
        let scenarios = if scenarios.trim().is_empty() {
            Vec::new()
        } else {
            movingai::read_scen(scenarios.as_bytes())
                .and_then(|r| r.collect::<Result<Vec<_>, _>>())
                .map_err(|e| format!("scenarios: {e}"))?
        };
        if let Some(s) = scenarios
            .iter()
            .find(|s| (s.map_width, s.map_height) != (parsed.width, parsed.height))
        {
            return Err(format!(
                "scenarios: line {} is for a {}x{} map, not this {}x{} one",
                s.line, s.map_width, s.map_height, parsed.width, parsed.height
            ));
        }
        Ok(PathView { grid, scenarios })
    }

    /// The map's width in cells.
    ///
    /// ```
    /// let v = plysearch_web::PathView::new("type octile\nheight 1\nwidth 2\nmap\n.@\n", "").unwrap();
    /// assert_eq!((v.width(), v.height()), (2, 1));
    /// ```
    #[must_use]
    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    /// The map's height in cells.
    ///
    /// ```
    /// let v = plysearch_web::PathView::new("type octile\nheight 1\nwidth 2\nmap\n.@\n", "").unwrap();
    /// assert_eq!(v.height(), 1);
    /// ```
    #[must_use]
    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    /// The cells row by row, `.` passable and `@` blocked.
    ///
    /// ```
    /// let v = plysearch_web::PathView::new("type octile\nheight 1\nwidth 2\nmap\n.T\n", "").unwrap();
    /// assert_eq!(v.cells(), ".@");
    /// ```
    #[must_use]
    pub fn cells(&self) -> String {
        (0..self.height())
            .flat_map(|y| (0..self.width()).map(move |x| Cell::new(x, y)))
            .map(|c| if self.grid.is_passable(c) { '.' } else { '@' })
            .collect()
    }

    /// The scenarios as a JSON list of `[bucket, start x, start y, goal x, goal y, optimum]`.
    ///
    /// ```
    /// let v = plysearch_web::PathView::new(
    ///     "type octile\nheight 1\nwidth 2\nmap\n..\n",
    ///     "version 1\n0\tm\t2\t1\t0\t0\t1\t0\t1\n",
    /// ).unwrap();
    /// assert_eq!(v.scenarios(), "[[0,0,0,1,0,1]]");
    /// ```
    #[must_use]
    pub fn scenarios(&self) -> String {
        json::list(self.scenarios.iter().map(|s| {
            format!(
                "[{},{},{},{},{},{}]",
                s.bucket,
                s.start.x,
                s.start.y,
                s.goal.x,
                s.goal.y,
                json::Number::Float(s.optimal).to_json()
            )
        }))
    }

    /// Searches from `(sx, sy)` to `(gx, gy)` with `alg` (`"astar"` or `"jps"`) and replays
    /// the expansion in at most `frames` frames (1 to [`MAX_FRAMES`]; each frame is the same
    /// search stopped after a share of its expansions), as JSON: `found`, `length` (`null`
    /// without a path), `expanded` (the search's expansions), `path` (the cells, as flat
    /// `x, y` pairs), `frames` (per frame, the indices `y * width + x` of the cells newly
    /// expanded), `ms` (the one full search).
    ///
    /// # Errors
    /// An unknown algorithm, or a start or goal outside the map or on an obstacle.
    ///
    /// ```
    /// let mut v = plysearch_web::PathView::new("type octile\nheight 1\nwidth 3\nmap\n...\n", "").unwrap();
    /// let r = v.search("astar", 0, 0, 2, 0, 4).unwrap();
    /// assert!(r.contains(r#""found":true,"length":2"#));
    /// assert!(r.contains(r#""path":[0,0,1,0,2,0]"#));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        alg: &str,
        sx: u32,
        sy: u32,
        gx: u32,
        gy: u32,
        frames: u32,
    ) -> Result<String, String> {
        let (start, goal) = (Cell::new(sx, sy), Cell::new(gx, gy));
        let started = Instant::now();
        let (full, _) = run(&self.grid, alg, start, goal, None)?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let expansions = full.stats.nodes;
        let frames = u64::from(frames.clamp(1, MAX_FRAMES));
        let width = self.width() as usize;
        let mut seen = vec![false; width * self.height() as usize];
        let mut replay = Vec::new();
        for k in 1..=frames {
            let limit = (expansions * k).div_ceil(frames);
            let (_, ctx) = run(&self.grid, alg, start, goal, Some(limit))?;
            let mut new = Vec::new();
            for c in ctx.expanded_cells(&self.grid) {
                let i = c.y as usize * width + c.x as usize;
                if !seen[i] {
                    seen[i] = true;
                    new.push(i);
                }
            }
            replay.push(json::array(new));
        }
        let length = full.cost().map(FloatCost::get);
        let path = full.path().map_or_else(Vec::new, |p| {
            p.nodes.iter().flat_map(|c| [c.x, c.y]).collect()
        });
        let mut o = Object::new();
        o.bool("found", length.is_some())
            .raw(
                "length",
                &length.map_or("null".to_string(), |l| json::Number::Float(l).to_json()),
            )
            .num("expanded", expansions)
            .raw("path", &json::array(path))
            .raw("frames", &json::list(replay))
            .num("ms", ms);
        Ok(o.finish())
    }

    /// Runs scenario `index` with `alg` and compares the length found with the scenario's
    /// optimum, as JSON: `length`, `expected`, `optimal` (equal within the file's printed
    /// precision), `expanded`.
    ///
    /// # Errors
    /// An unknown algorithm or scenario.
    ///
    /// ```
    /// let mut v = plysearch_web::PathView::new(
    ///     "type octile\nheight 2\nwidth 2\nmap\n..\n..\n",
    ///     "version 1\n0\tm\t2\t2\t0\t0\t1\t1\t1.41421356\n",
    /// ).unwrap();
    /// assert!(v.check("astar", 0).unwrap().contains("\"optimal\":true"));
    /// assert!(v.check("astar", 1).is_err());
    /// ```
    pub fn check(&mut self, alg: &str, index: usize) -> Result<String, String> {
        let s = self
            .scenarios
            .get(index)
            .ok_or_else(|| format!("no scenario {index}: the file has {}", self.scenarios.len()))?;
        let (r, _) = run(&self.grid, alg, s.start, s.goal, None)?;
        let length = r.cost().map(FloatCost::get);
        let mut o = Object::new();
        o.raw(
            "length",
            &length.map_or("null".to_string(), |l| json::Number::Float(l).to_json()),
        )
        .num("expected", s.optimal)
        .bool("optimal", length.is_some_and(|l| s.is_optimal(l)))
        .num("expanded", r.stats.nodes);
        Ok(o.finish())
    }
}
