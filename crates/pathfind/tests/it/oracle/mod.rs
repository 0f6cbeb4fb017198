//! Independent references shared by the property tests, written without pathfind's search
//! or neighbour code:
//!
//! * [`Exact`]: a grid cost `straight + diagonal·√2` with exact comparisons, so that the
//!   `pathfinding` crate (which needs `Ord` costs) and Bellman-Ford give exact grid optima;
//! * [`RefGrid`]: the moves of a grid rebuilt from its passability bitmap alone, 4- or
//!   8-connected, with or without corner cutting (MovingAI: a diagonal move needs both cells
//!   it passes beside to be free);
//! * [`bellman_ford`]: plain edge relaxation, a second oracle next to `pathfinding`.

#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::ops::Add;

use pathfind::{Cell, Cost, Grid, Movement};
use pathfinding::num_traits::Zero;

/// `straight + diagonal·√2`, compared exactly (√2 is irrational, so two costs are equal
/// exactly when both counts are).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Exact {
    /// Straight moves (or the integer part).
    pub straight: i64,
    /// Diagonal moves (or the coefficient of √2).
    pub diagonal: i64,
}

impl Exact {
    /// A straight move.
    pub const STRAIGHT: Exact = Exact::new(1, 0);
    /// A diagonal move.
    pub const DIAGONAL: Exact = Exact::new(0, 1);

    /// `straight + diagonal·√2`.
    pub const fn new(straight: i64, diagonal: i64) -> Self {
        Exact { straight, diagonal }
    }

    /// The value as a float.
    pub fn get(self) -> f64 {
        self.straight as f64 + self.diagonal as f64 * std::f64::consts::SQRT_2
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Self) -> Ordering {
        // self - other = a - b·√2 with:
        let a = self.straight - other.straight;
        let b = other.diagonal - self.diagonal;
        match (a.signum(), b.signum()) {
            (0, 0) => Ordering::Equal,
            (sa, sb) if sa >= 0 && sb <= 0 => Ordering::Greater,
            (sa, sb) if sa <= 0 && sb >= 0 => Ordering::Less,
            // a > 0 and b > 0: a > b√2 iff a² > 2b².
            (1, _) => (a * a).cmp(&(2 * b * b)),
            // a < 0 and b < 0: a - b√2 = |b|√2 - |a| > 0 iff 2b² > a².
            _ => (2 * b * b).cmp(&(a * a)),
        }
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Exact {
    type Output = Exact;
    fn add(self, o: Exact) -> Exact {
        Exact::new(self.straight + o.straight, self.diagonal + o.diagonal)
    }
}

impl Zero for Exact {
    fn zero() -> Self {
        Exact::default()
    }
    fn is_zero(&self) -> bool {
        *self == Exact::default()
    }
}

/// So that pathfind's closure searches run on exact costs too.
impl Cost for Exact {
    const ZERO: Self = Exact::new(0, 0);
    fn checked_add_cost(self, o: Self) -> Option<Self> {
        Some(Exact::new(
            self.straight.checked_add(o.straight)?,
            self.diagonal.checked_add(o.diagonal)?,
        ))
    }
    fn is_negative(self) -> bool {
        self < Self::ZERO
    }
    fn as_f64(self) -> f64 {
        self.get()
    }
}

/// Straight moves first (E, W, S, N), then diagonal ones (SE, NE, SW, NW).
const STRAIGHT: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A grid's moves, rebuilt from its size, movement and passable cells only.
#[derive(Clone, Debug)]
pub struct RefGrid {
    pub width: u32,
    pub height: u32,
    open: Vec<bool>,
    diagonals: bool,
    corner_cutting: bool,
}

impl RefGrid {
    /// Reads `grid`'s bitmap (`is_passable`) and movement; nothing else of it is used.
    pub fn of(grid: &Grid) -> Self {
        Self::with_movement(grid, grid.movement())
    }

    /// As [`of`](Self::of), with another movement.
    pub fn with_movement(grid: &Grid, movement: Movement) -> Self {
        let (width, height) = (grid.width(), grid.height());
        let open = (0..height)
            .flat_map(|y| (0..width).map(move |x| Cell::new(x, y)))
            .map(|c| grid.is_passable(c))
            .collect();
        let (diagonals, corner_cutting) = match movement {
            Movement::Four => (false, false),
            Movement::Eight { corner_cutting } => (true, corner_cutting),
        };
        RefGrid {
            width,
            height,
            open,
            diagonals,
            corner_cutting,
        }
    }

    /// Number of cells, passable or not.
    pub fn len(&self) -> usize {
        self.open.len()
    }

    /// Row-major index of a cell.
    pub fn index(&self, c: Cell) -> usize {
        c.y as usize * self.width as usize + c.x as usize
    }

    /// The cell of a row-major index.
    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(
            (i % self.width as usize) as u32,
            (i / self.width as usize) as u32,
        )
    }

    fn open_at(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x)
            && (0..i64::from(self.height)).contains(&y)
            && self.open[y as usize * self.width as usize + x as usize]
    }

    /// Whether `c` is inside and passable.
    pub fn is_open(&self, c: Cell) -> bool {
        self.open_at(i64::from(c.x), i64::from(c.y))
    }

    /// The passable cells, row by row.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len())
            .map(|i| self.cell(i))
            .filter(|&c| self.is_open(c))
    }

    /// The moves from `c` with their exact costs (none from an obstacle).
    pub fn moves(&self, c: Cell) -> Vec<(Cell, Exact)> {
        let (x, y) = (i64::from(c.x), i64::from(c.y));
        let mut out = Vec::new();
        if !self.open_at(x, y) {
            return out;
        }
        let to = |dx: i64, dy: i64| Cell::new((x + dx) as u32, (y + dy) as u32);
        for (dx, dy) in STRAIGHT {
            if self.open_at(x + dx, y + dy) {
                out.push((to(dx, dy), Exact::STRAIGHT));
            }
        }
        if self.diagonals {
            for (dx, dy) in DIAGONAL {
                let beside = self.open_at(x + dx, y) && self.open_at(x, y + dy);
                if self.open_at(x + dx, y + dy) && (self.corner_cutting || beside) {
                    out.push((to(dx, dy), Exact::DIAGONAL));
                }
            }
        }
        out
    }

    /// The cells one move away from `c`.
    pub fn steps(&self, c: Cell) -> Vec<Cell> {
        self.moves(c).into_iter().map(|(n, _)| n).collect()
    }

    /// The exact cost of a move, or `None` if `from → to` is not a move.
    pub fn move_cost(&self, from: Cell, to: Cell) -> Option<Exact> {
        self.moves(from)
            .into_iter()
            .find(|&(n, _)| n == to)
            .map(|(_, c)| c)
    }

    /// The exact cost of walking `nodes` from `start` to `goal`, or why it is no such walk.
    pub fn walk(&self, nodes: &[Cell], start: Cell, goal: Cell) -> Result<Exact, String> {
        if nodes.first() != Some(&start) || nodes.last() != Some(&goal) {
            return Err(format!(
                "the path runs {:?} -> {:?}, not {start:?} -> {goal:?}",
                nodes.first(),
                nodes.last()
            ));
        }
        let mut total = Exact::default();
        for w in nodes.windows(2) {
            total = total
                + self
                    .move_cost(w[0], w[1])
                    .ok_or_else(|| format!("illegal move {:?} -> {:?}", w[0], w[1]))?;
        }
        Ok(total)
    }

    /// Every edge, as row-major indices, for [`bellman_ford`].
    pub fn edges(&self) -> Vec<(usize, usize, Exact)> {
        self.open_cells()
            .flat_map(|c| {
                self.moves(c)
                    .into_iter()
                    .map(move |(n, cost)| (self.index(c), self.index(n), cost))
            })
            .collect()
    }

    /// Exact costs from `start` to every cell by `pathfinding::dijkstra_all`.
    pub fn pathfinding_costs(&self, start: Cell) -> HashMap<Cell, Exact> {
        let mut d: HashMap<Cell, Exact> =
            pathfinding::prelude::dijkstra_all(&start, |&c| self.moves(c))
                .into_iter()
                .map(|(c, (_, cost))| (c, cost))
                .collect();
        d.insert(start, Exact::default());
        d
    }

    /// Numbers of moves from `start` to every cell by `pathfinding::dijkstra_all` on unit
    /// costs.
    pub fn pathfinding_moves(&self, start: Cell) -> HashMap<Cell, u32> {
        let mut d: HashMap<Cell, u32> = pathfinding::prelude::dijkstra_all(&start, |&c| {
            self.steps(c).into_iter().map(|n| (n, 1u32))
        })
        .into_iter()
        .map(|(c, (_, cost))| (c, cost))
        .collect();
        d.insert(start, 0);
        d
    }
}

/// An exact lower bound from `from` to `to`: octile distance with diagonals, Manhattan
/// distance without.
pub fn exact_estimate(diagonals: bool, from: Cell, to: Cell) -> Exact {
    let (dx, dy) = (
        i64::from(from.x.abs_diff(to.x)),
        i64::from(from.y.abs_diff(to.y)),
    );
    if diagonals {
        Exact::new(dx.max(dy) - dx.min(dy), dx.min(dy))
    } else {
        Exact::new(dx + dy, 0)
    }
}

/// Cheapest costs from the nearest of `sources` to every one of `n` vertices by
/// relaxing every edge until nothing changes (at most `n` rounds without negative edges).
pub fn bellman_ford<C: Copy + Ord + Add<Output = C>>(
    n: usize,
    edges: &[(usize, usize, C)],
    sources: &[usize],
    zero: C,
) -> Vec<Option<C>> {
    let mut dist = vec![None; n];
    for &s in sources {
        dist[s] = Some(zero);
    }
    for _ in 0..n {
        let mut changed = false;
        for &(a, b, c) in edges {
            if let Some(d) = dist[a] {
                if dist[b].is_none_or(|old| d + c < old) {
                    dist[b] = Some(d + c);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist
}
