//! `astar_bag` against the `pathfinding` crate's `astar_bag` (4.x) on random directed
//! graphs and on small random grids given by closures.

use std::collections::BTreeSet;

use crate::via_problem;
use pathfind::{SearchProblem, astar_bag, dijkstra};
use proptest::prelude::*;
use search_core::Budget;

/// A random directed graph with positive step costs (small, so that ties are common).
fn graph() -> impl Strategy<Value = Vec<Vec<(u8, u32)>>> {
    (1usize..10).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec((0..n as u8, 1u32..4), 0..4), n)
    })
}

struct Graph(Vec<Vec<(u8, u32)>>, u8);

impl SearchProblem for Graph {
    type State = u8;
    type Cost = u32;
    fn start(&self) -> u8 {
        0
    }
    fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend_from_slice(&self.0[n as usize]);
    }
    fn is_goal(&self, &n: &u8) -> bool {
        n == self.1
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn path_sets_equal_pathfinding(g in graph(), goal in 0u8..10) {
        let succ = |&n: &u8| g[n as usize].clone();
        let ours = astar_bag([0u8], succ, |_| 0, |&n| n == goal, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::astar::astar_bag(&0u8, succ, |_| 0, |&n| n == goal);
        prop_assert_eq!(ours.cost, theirs.as_ref().map(|t| t.1));
        let our_paths: BTreeSet<Vec<u8>> = ours.paths().collect();
        let their_paths: BTreeSet<Vec<u8>> = theirs.map(|(s, _)| s.collect()).unwrap_or_default();
        prop_assert_eq!(&our_paths, &their_paths);
        // Each path is distinct and costs the optimum, which Dijkstra confirms.
        prop_assert_eq!(our_paths.len(), ours.paths().count());
        let best = dijkstra([0u8], succ, |&n| n == goal, &Budget::new()).unwrap().cost();
        prop_assert_eq!(ours.cost, best);
        let problem = Graph(g.clone(), goal);
        let via_trait: BTreeSet<Vec<u8>> = astar_bag(
            [problem.start()], via_problem::successors(&problem), |n| problem.heuristic(n),
            |n| problem.is_goal(n), &Budget::new(),
        ).unwrap().paths().collect();
        prop_assert_eq!(&via_trait, &our_paths);
    }

    #[test]
    fn grid_path_sets_equal_pathfinding(
        w in 2i32..6, h in 2i32..6, walls in prop::collection::vec(any::<bool>(), 36),
    ) {
        let open = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && !walls[(y * 6 + x) as usize] || (x, y) == (0, 0);
        let goal = (w - 1, h - 1);
        let succ = |&(x, y): &(i32, i32)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(move |(dx, dy)| ((x + dx, y + dy), 1u32))
                .filter(|&((x, y), _)| open(x, y))
                .collect::<Vec<_>>()
        };
        let manhattan = |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
        let ours = astar_bag([(0, 0)], succ, manhattan, |&p| p == goal, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::astar::astar_bag(&(0, 0), succ, manhattan, |&p| p == goal);
        prop_assert_eq!(ours.cost, theirs.as_ref().map(|t| t.1));
        let our_paths: BTreeSet<Vec<(i32, i32)>> = ours.paths().collect();
        let their_paths: BTreeSet<Vec<(i32, i32)>> = theirs.map(|(s, _)| s.collect()).unwrap_or_default();
        prop_assert_eq!(our_paths, their_paths);
    }
}

#[test]
fn zero_cost_cycles_give_loopless_paths() {
    // 0 <-> 1 at cost 0, both lead to 2 at cost 1.
    let succ = |&n: &u8| match n {
        0 => vec![(1, 0u32), (2, 1)],
        1 => vec![(0, 0), (2, 1)],
        _ => vec![],
    };
    let all = astar_bag([0u8], succ, |_| 0, |&n| n == 2, &Budget::new()).unwrap();
    let paths: BTreeSet<Vec<u8>> = all.paths().collect();
    assert_eq!(paths, BTreeSet::from([vec![0, 2], vec![0, 1, 2]]));
}
