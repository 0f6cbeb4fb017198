//! Random directed graphs whose states have positions, shared by the tests of the searches
//! that take estimates: a step costs at least the Manhattan distance it covers, so that
//! distance to either end is a consistent estimate.

#![allow(dead_code)] // Each test binary uses its own part of this module.

use proptest::prelude::*;

/// Positions of the states, and edges `(from, to, cost)`.
#[derive(Clone, Debug)]
pub struct Graph {
    pub pos: Vec<(u32, u32)>,
    pub edges: Vec<(u8, u8, u32)>,
}

pub fn manhattan(a: (u32, u32), b: (u32, u32)) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// Random graphs on up to 14 states; a step costs at least the distance it covers.
pub fn graphs() -> impl Strategy<Value = Graph> {
    (2usize..14).prop_flat_map(|n| {
        (
            prop::collection::vec((0u32..6, 0u32..6), n),
            prop::collection::vec((0..n as u8, 0..n as u8, 0u32..5), 0..40),
        )
            .prop_map(|(pos, raw)| {
                let edges = raw
                    .into_iter()
                    .map(|(a, b, extra)| {
                        (a, b, manhattan(pos[a as usize], pos[b as usize]) + extra)
                    })
                    .collect();
                Graph { pos, edges }
            })
    })
}

impl Graph {
    pub fn succ(&self, s: u8) -> Vec<(u8, u32)> {
        self.edges
            .iter()
            .filter(|e| e.0 == s)
            .map(|e| (e.1, e.2))
            .collect()
    }
    pub fn pred(&self, s: u8) -> Vec<(u8, u32)> {
        self.edges
            .iter()
            .filter(|e| e.1 == s)
            .map(|e| (e.0, e.2))
            .collect()
    }
    /// Exact costs from `from` over `next` (successors or predecessors).
    pub fn exact(&self, from: u8, forward: bool) -> Vec<Option<u32>> {
        let all = pathfinding::directed::dijkstra::dijkstra_all(&from, |&s| {
            if forward { self.succ(s) } else { self.pred(s) }
        });
        (0..self.pos.len() as u8)
            .map(|s| {
                if s == from {
                    Some(0)
                } else {
                    all.get(&s).map(|&(_, c)| c)
                }
            })
            .collect()
    }
}
