//! Bidirectional BFS and Dijkstra against one-directional Dijkstra and BFS, and against
//! the `pathfinding` crate (4.x), on random directed graphs.

use crate::via_problem;
use pathfind::{
    PathOutcome, SearchProblem, bfs, bidirectional_bfs, bidirectional_dijkstra, dijkstra,
};
use proptest::prelude::*;
use search_core::Budget;

/// Random edges `(from, to, cost)` on `n` states.
fn edges() -> impl Strategy<Value = (u8, Vec<(u8, u8, u32)>)> {
    (1u8..12).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n, 0u32..8), 0..30)))
}

struct Graph {
    edges: Vec<(u8, u8, u32)>,
    goal: u8,
}

impl SearchProblem for Graph {
    type State = u8;
    type Cost = u32;
    fn start(&self) -> u8 {
        0
    }
    fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend(self.edges.iter().filter(|e| e.0 == n).map(|e| (e.1, e.2)));
    }
    fn is_goal(&self, &n: &u8) -> bool {
        n == self.goal
    }
}

impl Graph {
    /// The states one step before `n`, with the cost of that step.
    fn predecessors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend(self.edges.iter().filter(|e| e.1 == n).map(|e| (e.0, e.2)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bidirectional_dijkstra_costs_equal_dijkstra((n, edges) in edges(), goal in 0u8..12) {
        let goal = goal % n;
        let succ = |&s: &u8| edges.iter().filter(move |e| e.0 == s).map(|e| (e.1, e.2)).collect::<Vec<_>>();
        let pred = |&s: &u8| edges.iter().filter(move |e| e.1 == s).map(|e| (e.0, e.2)).collect::<Vec<_>>();
        let one = dijkstra([0u8], succ, |&s| s == goal, &Budget::new()).unwrap();
        let two = bidirectional_dijkstra(0u8, goal, succ, pred, &Budget::new()).unwrap();
        prop_assert_eq!(one.cost(), two.cost());
        let theirs = pathfinding::directed::dijkstra::dijkstra(&0u8, succ, |&s| s == goal);
        prop_assert_eq!(two.cost(), theirs.map(|t| t.1));
        if let Some(p) = two.path() {
            // A real path from the start to the goal of the cost reported.
            prop_assert_eq!(p.nodes[0], 0);
            prop_assert_eq!(*p.nodes.last().unwrap(), goal);
            let sum: u32 = p.nodes.windows(2).map(|w| {
                edges.iter().filter(|e| e.0 == w[0] && e.1 == w[1]).map(|e| e.2).min().unwrap()
            }).sum();
            prop_assert_eq!(sum, p.cost);
        } else {
            prop_assert_eq!(two.outcome, PathOutcome::NoPath);
        }
        // A problem of one's own runs through closures that call its methods.
        let p = Graph { edges: edges.clone(), goal };
        let pred = |n: &u8| { let mut out = Vec::new(); p.predecessors(n, &mut out); out };
        let via_problem = bidirectional_dijkstra(
            p.start(), p.goal, via_problem::successors(&p), pred, &Budget::new(),
        ).unwrap();
        prop_assert_eq!(via_problem.cost(), one.cost());
    }

    #[test]
    fn bidirectional_bfs_lengths_equal_bfs((n, edges) in edges(), goal in 0u8..12) {
        let goal = goal % n;
        let succ = |&s: &u8| edges.iter().filter(move |e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
        let pred = |&s: &u8| edges.iter().filter(move |e| e.1 == s).map(|e| e.0).collect::<Vec<_>>();
        let one = bfs([0u8], succ, |&s| s == goal, &Budget::new()).unwrap();
        let two = bidirectional_bfs(0u8, goal, succ, pred, &Budget::new()).unwrap();
        prop_assert_eq!(one.cost(), two.cost());
        let theirs = pathfinding::directed::bfs::bfs(&0u8, succ, |&s| s == goal);
        prop_assert_eq!(two.cost(), theirs.map(|t| t.len() - 1));
        if let Some(p) = two.path() {
            prop_assert_eq!(p.nodes.len() - 1, p.cost);
            for w in p.nodes.windows(2) {
                prop_assert!(edges.iter().any(|e| e.0 == w[0] && e.1 == w[1]));
            }
        }
    }
}

#[test]
fn a_depth_limit_is_refused_and_a_node_limit_stops() {
    let line = |&n: &u32| [n + 1];
    let back = |&n: &u32| [n.wrapping_sub(1)];
    assert!(bidirectional_bfs(0u32, 50, line, back, &Budget::depth(5)).is_err());
    let r = bidirectional_bfs(0u32, 50, line, back, &Budget::nodes(10)).unwrap();
    assert!(matches!(r.outcome, PathOutcome::LimitReached(_)));
    assert_eq!(r.stats.nodes, 10);
}
