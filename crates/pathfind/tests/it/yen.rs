//! Yen's k cheapest loopless paths against the `pathfinding` crate's `yen` (4.x) on random
//! directed graphs.

use std::collections::HashSet;

use crate::via_problem;
use pathfind::{SearchProblem, dijkstra, yen};
use proptest::prelude::*;
use search_core::Budget;

/// A random directed graph without parallel steps: `pathfinding`'s `yen` (4.16) adds up
/// the costs of parallel steps when it prices a path (see
/// `parallel_steps_cost_the_cheapest_one`).
fn graph() -> impl Strategy<Value = Vec<Vec<(u8, u32)>>> {
    (1usize..9)
        .prop_flat_map(|n| {
            prop::collection::vec(prop::collection::vec((0..n as u8, 1u32..6), 0..4), n)
        })
        .prop_map(|mut g| {
            for edges in &mut g {
                edges.sort();
                edges.dedup_by_key(|e| e.0);
            }
            g
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
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn costs_equal_pathfinding(g in graph(), goal in 0u8..9, k in 0usize..6) {
        let succ = |&n: &u8| g[n as usize].clone();
        let ours = yen([0u8], succ, |&n| n == goal, k, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::yen::yen(&0u8, succ, |&n| n == goal, k);
        let our_costs: Vec<u32> = ours.paths.iter().map(|p| p.cost).collect();
        let their_costs: Vec<u32> = theirs.iter().map(|p| p.1).collect();
        prop_assert_eq!(&our_costs, &their_costs);
        // Each path is loopless, distinct, really costs what it says, ends at the goal.
        let mut distinct = HashSet::new();
        for p in &ours.paths {
            prop_assert!(distinct.insert(p.nodes.clone()));
            let states: HashSet<u8> = p.nodes.iter().copied().collect();
            prop_assert_eq!(states.len(), p.nodes.len());
            prop_assert_eq!(p.nodes[0], 0);
            prop_assert_eq!(*p.nodes.last().unwrap(), goal);
            let sum: u32 = p.nodes.windows(2).map(|w| {
                g[w[0] as usize].iter().filter(|e| e.0 == w[1]).map(|e| e.1).min().unwrap()
            }).sum();
            prop_assert_eq!(sum, p.cost);
        }
        // The first is the cheapest path.
        let best = dijkstra([0u8], succ, |&n| n == goal, &Budget::new()).unwrap().cost();
        prop_assert_eq!(our_costs.first().copied(), if k == 0 { None } else { best });
        let problem = Graph(g.clone(), goal);
        let via_trait = yen(
            [problem.start()], via_problem::successors(&problem), |n| problem.is_goal(n), k,
            &Budget::new(),
        ).unwrap();
        let trait_costs: Vec<u32> = via_trait.paths.iter().map(|p| p.cost).collect();
        prop_assert_eq!(trait_costs, our_costs);
    }
}

#[test]
fn parallel_steps_cost_the_cheapest_one() {
    // 0 -> 2 -> 1 with two parallel steps 2 -> 1 of cost 1: the second path costs 2.
    let succ = |&n: &u8| match n {
        0 => vec![(1, 1u32), (2, 1)],
        2 => vec![(1, 1), (1, 1)],
        _ => vec![],
    };
    let k = yen([0u8], succ, |&n| n == 1, 3, &Budget::new()).unwrap();
    let costs: Vec<u32> = k.paths.iter().map(|p| p.cost).collect();
    assert_eq!(costs, [1, 2]);
    assert_eq!(k.paths[1].nodes, [0, 2, 1]);
}
