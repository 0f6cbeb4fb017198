//! `dijkstra_all`, `dijkstra_partial` and the reachability iterators against the
//! `pathfinding` crate (4.x) on random directed graphs.

use std::collections::{HashMap, HashSet};

use crate::via_problem;
use pathfind::{Limit, SearchProblem, bfs_reach, dfs_reach, dijkstra_all, dijkstra_partial};
use proptest::prelude::*;
use search_core::{Budget, BudgetField};

/// A random directed graph: adjacency lists with step costs.
fn graph() -> impl Strategy<Value = Vec<Vec<(u8, u32)>>> {
    (1usize..12).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec((0..n as u8, 0u32..10), 0..4), n)
    })
}

struct Graph(Vec<Vec<(u8, u32)>>);

impl SearchProblem for Graph {
    type State = u8;
    type Cost = u32;
    fn start(&self) -> u8 {
        0
    }
    fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend_from_slice(&self.0[n as usize]);
    }
    fn is_goal(&self, _: &u8) -> bool {
        false
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dijkstra_all_costs_equal_pathfinding(g in graph()) {
        let succ = |&n: &u8| g[n as usize].clone();
        let ours = dijkstra_all([0u8], succ, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::dijkstra::dijkstra_all(&0u8, succ);
        let our_map: HashMap<u8, u32> = ours.to_parent_map().into_iter().map(|(n, (_, c))| (n, c)).collect();
        let their_map: HashMap<u8, u32> = theirs.iter().map(|(&n, &(_, c))| (n, c)).collect();
        prop_assert_eq!(our_map, their_map);
        prop_assert_eq!(ours.limit, None);
        // Every path of the tree is a real path of its cost.
        for (n, c) in ours.iter() {
            let p = ours.path_to(n).unwrap();
            prop_assert_eq!(p.cost, c);
            prop_assert_eq!(p.nodes[0], 0);
            let sum: u32 = p.nodes.windows(2).map(|w| {
                g[w[0] as usize].iter().filter(|e| e.0 == w[1]).map(|e| e.1).min().unwrap()
            }).sum();
            prop_assert_eq!(sum, c);
        }
        // A problem run through closures settles the same states at the same costs.
        let problem = Graph(g.clone());
        let trait_form = dijkstra_all([problem.start()], via_problem::successors(&problem), &Budget::new()).unwrap();
        let a: HashMap<u8, u32> = ours.iter().map(|(&n, c)| (n, c)).collect();
        let b: HashMap<u8, u32> = trait_form.iter().map(|(&n, c)| (n, c)).collect();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn dijkstra_partial_stops_where_pathfinding_does(g in graph(), target in 0u8..12) {
        let succ = |&n: &u8| g[n as usize].clone();
        let ours = dijkstra_partial([0u8], succ, |&n| n == target, &Budget::new()).unwrap();
        let (_, reached) = pathfinding::directed::dijkstra::dijkstra_partial(&0u8, succ, |&n| n == target);
        prop_assert_eq!(ours.stopped_at, reached);
        let full = dijkstra_all([0u8], succ, &Budget::new()).unwrap();
        if let Some(t) = reached {
            prop_assert_eq!(ours.cost(&t), full.cost(&t));
        }
        // Every state settled before the stop has its final cost.
        for (n, c) in ours.iter() {
            prop_assert_eq!(full.cost(n), Some(c));
        }
    }

    #[test]
    fn reach_iterators_equal_pathfinding(g in graph()) {
        let succ = |&n: &u8| g[n as usize].iter().map(|e| e.0).collect::<Vec<_>>();
        let ours: Vec<u8> = bfs_reach([0u8], succ, &Budget::new()).unwrap().collect();
        let theirs: Vec<u8> = pathfinding::directed::bfs::bfs_reach(0u8, succ).collect();
        prop_assert_eq!(&ours, &theirs);
        let ours_dfs: Vec<u8> = dfs_reach([0u8], succ, &Budget::new()).unwrap().collect();
        let theirs_dfs: Vec<u8> = pathfinding::directed::dfs::dfs_reach(0u8, succ).collect();
        prop_assert_eq!(&ours_dfs, &theirs_dfs);
        let set: HashSet<u8> = ours.iter().copied().collect();
        prop_assert_eq!(set.len(), ours.len());
        let problem = Graph(g.clone());
        let via_trait: Vec<u8> = bfs_reach([problem.start()], via_problem::states(&problem), &Budget::new()).unwrap().collect();
        prop_assert_eq!(&via_trait, &ours);
    }

    #[test]
    fn a_budget_bounds_the_reach_iterators(g in graph(), nodes in 1u64..5) {
        let succ = |&n: &u8| g[n as usize].iter().map(|e| e.0).collect::<Vec<_>>();
        let mut it = bfs_reach([0u8], succ, &Budget::nodes(nodes)).unwrap();
        let got: Vec<u8> = it.by_ref().collect();
        let all: Vec<u8> = bfs_reach([0u8], succ, &Budget::new()).unwrap().collect();
        // A prefix of the unbounded order, stopped by the node limit or complete.
        prop_assert_eq!(&all[..got.len()], &got[..]);
        prop_assert!(it.stats().nodes <= nodes);
        if got.len() < all.len() {
            prop_assert_eq!(it.limit(), Some(Limit::Budget(BudgetField::Nodes)));
        }
    }
}

#[test]
fn an_iteration_budget_is_refused() {
    let err = bfs_reach([0u8], |&n| [n], &Budget::iterations(3)).err();
    assert!(matches!(err, Some(pathfind::PathError::Budget(_))));
    let err = dijkstra_all([0u8], |&n| [(n, 1u32)], &Budget::iterations(3)).err();
    assert!(matches!(err, Some(pathfind::PathError::Budget(_))));
}
