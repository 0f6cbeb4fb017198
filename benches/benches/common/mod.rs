//! What both path-finding benchmarks share: where the MovingAI data is, and the plain
//! passable-flag map with the successor functions the closure searches and `pathfinding`
//! are given. Each benchmark uses part of it.
#![allow(dead_code)]

use std::path::PathBuf;

use pathfind::Cell;
use pathfind::movingai::MovingAiMap;

pub const UNIT: u64 = 1 << 32;
/// round(√2 · 2^32), as in the `pathfind` grid.
pub const DIAGONAL: u64 = 6_074_001_000;

pub fn data_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/movingai"));
    assert!(
        dir.join("arena.map").is_file(),
        "MovingAI data missing at {}",
        dir.display()
    );
    dir
}

/// A map for the closure searches: passable flags by `y * width + x`.
pub struct Plain {
    width: u32,
    height: u32,
    open: Vec<bool>,
}

/// Up to 8 successors without allocating.
pub struct Moves<C: Copy> {
    buf: [(u32, C); 8],
    len: usize,
    pos: usize,
}

impl<C: Copy> Iterator for Moves<C> {
    type Item = (u32, C);
    fn next(&mut self) -> Option<(u32, C)> {
        (self.pos < self.len).then(|| {
            self.pos += 1;
            self.buf[self.pos - 1]
        })
    }
}

impl Plain {
    /// The map's passable flags.
    pub fn new(map: &MovingAiMap) -> Self {
        Plain {
            width: map.width,
            height: map.height,
            open: map.passable.clone(),
        }
    }

    pub fn open(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < i64::from(self.width)
            && y < i64::from(self.height)
            && self.open[(y * i64::from(self.width) + x) as usize]
    }

    /// 8-connected moves without corner cutting, costs in fixed point.
    pub fn octile_moves(&self, id: u32) -> Moves<u64> {
        let (x, y) = (i64::from(id % self.width), i64::from(id / self.width));
        let mut m = Moves {
            buf: [(0, 0); 8],
            len: 0,
            pos: 0,
        };
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let ok = if dx != 0 && dy != 0 {
                self.open(x + dx, y + dy) && self.open(x + dx, y) && self.open(x, y + dy)
            } else {
                self.open(x + dx, y + dy)
            };
            if ok {
                let to = ((y + dy) * i64::from(self.width) + x + dx) as u32;
                m.buf[m.len] = (to, if dx != 0 && dy != 0 { DIAGONAL } else { UNIT });
                m.len += 1;
            }
        }
        m
    }

    /// 4-connected moves.
    pub fn four_moves(&self, id: u32) -> impl Iterator<Item = u32> {
        let (x, y) = (i64::from(id % self.width), i64::from(id / self.width));
        let mut m = Moves {
            buf: [(0, ()); 8],
            len: 0,
            pos: 0,
        };
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if self.open(x + dx, y + dy) {
                m.buf[m.len] = (((y + dy) * i64::from(self.width) + x + dx) as u32, ());
                m.len += 1;
            }
        }
        m.map(|(id, ())| id)
    }

    pub fn octile(&self, id: u32, goal: u32) -> u64 {
        let dx = u64::from((id % self.width).abs_diff(goal % self.width));
        let dy = u64::from((id / self.width).abs_diff(goal / self.width));
        let (lo, hi) = if dx < dy { (dx, dy) } else { (dy, dx) };
        (hi - lo) * UNIT + lo * DIAGONAL
    }

    pub fn id(&self, c: Cell) -> u32 {
        c.y * self.width + c.x
    }
}
