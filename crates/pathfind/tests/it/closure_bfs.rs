//! The closure BFS, whose queue is the order in which its state table numbers states,
//! against a plain queue-based BFS written here (the same successor order, so the same
//! expansions, frontier sizes and path) and `pathfinding`'s BFS (the same number of steps),
//! on random directed graphs, with one context reused for every query, several and repeated
//! starts, and node and depth limits.

use std::collections::{HashMap, VecDeque};

use pathfind::{Limit, PathOutcome, SearchContext};
use proptest::prelude::*;
use search_core::{Budget, BudgetField};

/// What the reference BFS found: the path (or `None`), states expanded and the largest
/// frontier, under an optional node limit (expansions) and depth limit (steps).
struct Reference {
    outcome: PathOutcome<u16, usize>,
    expanded: u64,
    max_frontier: usize,
}

/// A textbook BFS with the engine's conventions: the goal is tested when a state is first
/// generated (and on the starts), the frontier is measured after the starts and after each
/// expansion, and a node limit stops the search before an expansion.
fn reference(
    adj: &[Vec<u16>],
    starts: &[u16],
    goal: u16,
    max_nodes: Option<u64>,
    max_depth: Option<u32>,
) -> Reference {
    let mut parent: HashMap<u16, Option<u16>> = HashMap::new();
    let mut depth: HashMap<u16, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    let path_to = |parent: &HashMap<u16, Option<u16>>, mut at: u16| {
        let mut nodes = vec![at];
        while let Some(&Some(p)) = parent.get(&at) {
            nodes.push(p);
            at = p;
        }
        nodes.reverse();
        nodes
    };
    let found = |nodes: Vec<u16>| {
        let cost = nodes.len() - 1;
        PathOutcome::Found(pathfind::Path { nodes, cost })
    };
    for &s in starts {
        if parent.contains_key(&s) {
            continue;
        }
        parent.insert(s, None);
        depth.insert(s, 0);
        if s == goal {
            return Reference {
                outcome: found(vec![s]),
                expanded: 0,
                max_frontier: 0,
            };
        }
        queue.push_back(s);
    }
    let mut max_frontier = queue.len();
    let mut expanded = 0u64;
    let mut pruned = false;
    while let Some(v) = queue.pop_front() {
        if max_nodes.is_some_and(|m| expanded >= m) {
            return Reference {
                outcome: PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes)),
                expanded,
                max_frontier,
            };
        }
        expanded += 1;
        let d = depth[&v] + 1;
        for &m in &adj[usize::from(v)] {
            if max_depth.is_some_and(|limit| d > limit) {
                pruned = true;
                continue;
            }
            if parent.contains_key(&m) {
                continue;
            }
            parent.insert(m, Some(v));
            depth.insert(m, d);
            if m == goal {
                return Reference {
                    outcome: found(path_to(&parent, m)),
                    expanded,
                    max_frontier,
                };
            }
            queue.push_back(m);
        }
        max_frontier = max_frontier.max(queue.len());
    }
    Reference {
        outcome: if pruned {
            PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth))
        } else {
            PathOutcome::NoPath
        },
        expanded,
        max_frontier,
    }
}

/// A random directed graph on `n` states (successor lists in a random order, repeats
/// allowed) and queries on it: starts (some repeated), a goal, and limits.
#[allow(clippy::type_complexity)]
fn cases() -> impl Strategy<
    Value = (
        Vec<Vec<u16>>,
        Vec<(Vec<u16>, u16, Option<u64>, Option<u32>)>,
    ),
> {
    (2u16..60).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec(0..n, 0..5), usize::from(n)),
            prop::collection::vec(
                (
                    prop::collection::vec(0..n, 1..4),
                    0..n,
                    prop::option::of(1u64..40),
                    prop::option::of(1u32..8),
                ),
                1..12,
            ),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn closure_bfs_matches_a_queue_bfs_and_pathfinding((adj, queries) in cases()) {
        // One context for every query: its state table is emptied between them.
        let mut plain: SearchContext<u16, usize> = SearchContext::new();
        for (starts, goal, max_nodes, max_depth) in queries {
            let want = reference(&adj, &starts, goal, max_nodes, max_depth);
            let mut budget = Budget::new();
            if let Some(m) = max_nodes {
                budget = budget.with_nodes(m);
            }
            if let Some(d) = max_depth {
                budget = budget.with_depth(d);
            }
            let limits = max_nodes.is_some() || max_depth.is_some();
            let mut limited = SearchContext::new().with_budget(budget);
            for (ctx, limits) in [(&mut plain, false), (&mut limited, limits)] {
                let r = ctx
                    .bfs(starts.iter().copied(), |&v| adj[usize::from(v)].iter().copied(), |&v| v == goal)
                    .unwrap();
                if limits {
                    prop_assert_eq!(&r.outcome, &want.outcome);
                    prop_assert_eq!(r.stats.nodes, want.expanded);
                    prop_assert_eq!(r.max_frontier, want.max_frontier);
                } else {
                    let free = reference(&adj, &starts, goal, None, None);
                    prop_assert_eq!(&r.outcome, &free.outcome);
                    prop_assert_eq!(r.stats.nodes, free.expanded);
                    prop_assert_eq!(r.max_frontier, free.max_frontier);
                    if let [start] = starts[..] {
                        let pf = pathfinding::prelude::bfs(
                            &start,
                            |&v| adj[usize::from(v)].iter().copied(),
                            |&v| v == goal,
                        );
                        prop_assert_eq!(r.cost(), pf.map(|p| p.len() - 1));
                    }
                }
            }
        }
    }
}
