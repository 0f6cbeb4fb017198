//! Counting paths against the `pathfinding` crate's `count_paths` (4.x) on random acyclic
//! graphs, and against a reference cycle search on random graphs that may have cycles
//! (where `pathfinding` would recurse for ever); plus overflow, budgets and long chains.

use crate::via_problem;
use pathfind::{Limit, PathError, SearchProblem, count_paths};
use proptest::prelude::*;
use search_core::{Budget, BudgetField};

/// Random edges on `n` states; `acyclic` keeps only edges to a larger state.
fn graphs(acyclic: bool) -> impl Strategy<Value = (u8, Vec<(u8, u8)>)> {
    (1u8..14).prop_flat_map(move |n| {
        (Just(n), prop::collection::vec((0..n, 0..n), 0..45)).prop_map(move |(n, raw)| {
            let edges = raw
                .into_iter()
                .filter(|&(a, b)| !acyclic || a < b)
                .collect();
            (n, edges)
        })
    })
}

fn succ(edges: &[(u8, u8)], s: u8) -> Vec<u8> {
    edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect()
}

/// Whether a cycle is reachable from 0 without entering a state of `goals`
/// (a reference by plain recursion on tiny graphs).
fn reaches_cycle(edges: &[(u8, u8)], goals: &[bool]) -> bool {
    fn visit(
        edges: &[(u8, u8)],
        goals: &[bool],
        s: u8,
        on: &mut Vec<u8>,
        done: &mut Vec<u8>,
    ) -> bool {
        if goals[s as usize] || done.contains(&s) {
            return false;
        }
        if on.contains(&s) {
            return true;
        }
        on.push(s);
        let found = succ(edges, s)
            .into_iter()
            .any(|m| visit(edges, goals, m, on, done));
        on.pop();
        done.push(s);
        found
    }
    visit(edges, goals, 0, &mut Vec::new(), &mut Vec::new())
}

struct Dag {
    edges: Vec<(u8, u8)>,
    goals: Vec<bool>,
}

impl SearchProblem for Dag {
    type State = u8;
    type Cost = u32;
    fn start(&self) -> u8 {
        0
    }
    fn successors(&self, &s: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend(succ(&self.edges, s).into_iter().map(|m| (m, 7)));
    }
    fn is_goal(&self, &s: &u8) -> bool {
        self.goals[s as usize]
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn counts_equal_pathfinding_on_random_dags(
        (_n, edges) in graphs(true),
        goals in prop::collection::vec(prop::bool::weighted(0.3), 14),
    ) {
        let ours = count_paths(0u8, |&s| succ(&edges, s), |&s| goals[s as usize], &Budget::new())
            .unwrap();
        let theirs = pathfinding::directed::count_paths::count_paths(
            0u8, |&s| succ(&edges, s), |&s| goals[s as usize]);
        prop_assert_eq!(ours.count, Some(theirs as u64));
        prop_assert_eq!(ours.limit, None);
        let problem = Dag { edges: edges.clone(), goals: goals.clone() };
        let via_trait = count_paths(
            problem.start(), via_problem::states(&problem), |n| problem.is_goal(n), &Budget::new(),
        ).unwrap();
        prop_assert_eq!(via_trait.count, ours.count);
    }

    #[test]
    fn a_reachable_cycle_is_an_error_and_otherwise_counts_equal_pathfinding(
        (_n, edges) in graphs(false),
        goals in prop::collection::vec(prop::bool::weighted(0.2), 14),
    ) {
        let ours = count_paths(0u8, |&s| succ(&edges, s), |&s| goals[s as usize], &Budget::new());
        if reaches_cycle(&edges, &goals) {
            prop_assert_eq!(ours.unwrap_err(), PathError::Cycle);
        } else {
            let theirs = pathfinding::directed::count_paths::count_paths(
                0u8, |&s| succ(&edges, s), |&s| goals[s as usize]);
            prop_assert_eq!(ours.unwrap().count, Some(theirs as u64));
        }
    }
}

#[test]
fn grid_counts_are_binomials_and_overflow_is_an_error() {
    // Right or down on an n x n board: C(2(n - 1), n - 1) paths corner to corner.
    for (n, expected) in [(1u32, 1u64), (2, 2), (8, 3432), (17, 601_080_390)] {
        let r = count_paths(
            (0u32, 0u32),
            |&(x, y)| {
                [(x + 1, y), (x, y + 1)]
                    .into_iter()
                    .filter(|&(x, y)| x < n && y < n)
            },
            |&c| c == (n - 1, n - 1),
            &Budget::new(),
        )
        .unwrap();
        assert_eq!(r.count, Some(expected), "n = {n}");
        assert_eq!(r.stats.nodes, u64::from(n * n - 1));
    }
    // C(68, 34) > u64::MAX > C(66, 33).
    let board = |n: u32| {
        count_paths(
            (0u32, 0u32),
            move |&(x, y)| {
                [(x + 1, y), (x, y + 1)]
                    .into_iter()
                    .filter(move |&(x, y)| x < n && y < n)
            },
            move |&c| c == (n - 1, n - 1),
            &Budget::new(),
        )
    };
    assert_eq!(board(33).unwrap().count, Some(1_832_624_140_942_590_534));
    assert_eq!(board(34).unwrap().count, Some(7_219_428_434_016_265_740));
    assert_eq!(board(35).unwrap_err(), PathError::CountOverflow);
}

#[test]
fn budgets_stop_the_count_and_a_long_chain_does_not_overflow_the_stack() {
    let chain = |&n: &u32| if n < 300_000 { vec![n + 1] } else { vec![] };
    let r = count_paths(0u32, chain, |&n| n == 300_000, &Budget::new()).unwrap();
    assert_eq!(r.count, Some(1));
    assert_eq!(r.stats.depth_reached, 299_999);
    let r = count_paths(0u32, chain, |&n| n == 300_000, &Budget::nodes(100)).unwrap();
    assert_eq!(
        (r.count, r.limit),
        (None, Some(Limit::Budget(BudgetField::Nodes)))
    );
    assert_eq!(r.stats.nodes, 100);
    let r = count_paths(0u32, chain, |&n| n == 300_000, &Budget::depth(50)).unwrap();
    assert_eq!(
        (r.count, r.limit),
        (None, Some(Limit::Budget(BudgetField::Depth)))
    );
    assert!(count_paths(0u32, chain, |_| false, &Budget::iterations(5)).is_err());
    // The start is a goal: one path; no goal reachable: zero.
    assert_eq!(
        count_paths(0u8, |_| [1u8], |&n| n == 0, &Budget::new())
            .unwrap()
            .count,
        Some(1)
    );
    assert_eq!(
        count_paths(
            0u8,
            |&n| if n < 5 { vec![n + 1] } else { vec![] },
            |_| false,
            &Budget::new()
        )
        .unwrap()
        .count,
        Some(0)
    );
    // A cycle through a goal is not one: paths end there.
    let r = count_paths(0u8, |&n| [(n + 1) % 3], |&n| n == 2, &Budget::new()).unwrap();
    assert_eq!(r.count, Some(1));
}
