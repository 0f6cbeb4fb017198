//! Fringe search against the `pathfinding` crate (4.x: its `astar` and `fringe`) and
//! against Dijkstra, on random graphs whose states have positions (so that the Manhattan
//! distance is a consistent estimate), with admissible but inconsistent estimates, and on
//! random 4-connected grids with cell weights; plus the budget, the cost bound and bad input.

use pathfind::{
    Algorithm, Limit, PathError, PathOutcome, SearchContext, SearchProblem, dijkstra, fringe, solve,
};
use proptest::prelude::*;
use search_core::{Budget, BudgetError, BudgetField};

use crate::positioned;

use positioned::{Graph, graphs, manhattan};

/// The graph as a [`SearchProblem`] from state 0 to `goal` with the Manhattan estimate.
struct Problem<'g> {
    graph: &'g Graph,
    goal: u8,
}

impl SearchProblem for Problem<'_> {
    type State = u8;
    type Cost = u32;
    fn start(&self) -> u8 {
        0
    }
    fn successors(&self, &s: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend(self.graph.succ(s));
    }
    fn is_goal(&self, &s: &u8) -> bool {
        s == self.goal
    }
    fn heuristic(&self, &s: &u8) -> u32 {
        manhattan(
            self.graph.pos[s as usize],
            self.graph.pos[self.goal as usize],
        )
    }
}

/// Checks that `nodes` is a walk from `from` to `to` along edges whose cheapest costs add
/// up to `cost`.
fn check_walk(g: &Graph, nodes: &[u8], from: u8, to: u8, cost: u32) -> Result<(), TestCaseError> {
    prop_assert_eq!(nodes[0], from);
    prop_assert_eq!(*nodes.last().unwrap(), to);
    let mut sum = 0;
    for w in nodes.windows(2) {
        let step = g
            .edges
            .iter()
            .filter(|e| e.0 == w[0] && e.1 == w[1])
            .map(|e| e.2)
            .min();
        prop_assert!(step.is_some(), "no edge {} -> {}", w[0], w[1]);
        sum += step.unwrap();
    }
    prop_assert_eq!(sum, cost);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fringe_costs_equal_pathfinding_astar_and_fringe(g in graphs(), goal in 0u8..14) {
        let goal = goal % g.pos.len() as u8;
        let h = |&s: &u8| manhattan(g.pos[s as usize], g.pos[goal as usize]);
        let ours = fringe([0u8], |&s| g.succ(s), h, |&s| s == goal, &Budget::new()).unwrap();
        let astar = pathfinding::directed::astar::astar(&0u8, |&s| g.succ(s), h, |&s| s == goal);
        let theirs = pathfinding::directed::fringe::fringe(&0u8, |&s| g.succ(s), h, |&s| s == goal);
        prop_assert_eq!(ours.cost(), astar.as_ref().map(|a| a.1));
        prop_assert_eq!(ours.cost(), theirs.map(|t| t.1));
        match ours.path() {
            Some(p) => check_walk(&g, &p.nodes, 0, goal, p.cost)?,
            None => prop_assert_eq!(&ours.outcome, &PathOutcome::NoPath),
        }
        let via_trait = solve(&Problem { graph: &g, goal }, Algorithm::Fringe, &Budget::new()).unwrap();
        prop_assert_eq!(via_trait.cost(), ours.cost());
    }

    #[test]
    fn fringe_is_optimal_with_an_admissible_inconsistent_estimate(
        g in graphs(),
        goal in 0u8..14,
        quarters in prop::collection::vec(0u32..=4, 14),
    ) {
        let goal = goal % g.pos.len() as u8;
        let exact = g.exact(goal, false);
        // A random fraction of the true remaining cost per state: admissible, and
        // inconsistent wherever neighbours got different fractions.
        let h = |&s: &u8| exact[s as usize].map_or(0, |d| d * quarters[s as usize] / 4);
        let ours = fringe([0u8], |&s| g.succ(s), h, |&s| s == goal, &Budget::new()).unwrap();
        let reference = dijkstra([0u8], |&s| g.succ(s), |&s| s == goal, &Budget::new()).unwrap();
        prop_assert_eq!(ours.cost(), reference.cost());
        if let Some(p) = ours.path() {
            check_walk(&g, &p.nodes, 0, goal, p.cost)?;
        }
    }

    #[test]
    fn fringe_on_weighted_grids_equals_pathfinding_astar(
        weights in prop::collection::vec(0u32..5, 100),
        s in 0u32..100,
        t in 0u32..100,
    ) {
        // A 10 x 10 grid, 4-connected; weight 0 is a wall, entering a cell costs its weight.
        let open = |c: u32| weights[c as usize] > 0;
        let succ = |&c: &u32| {
            let (x, y) = (c % 10, c / 10);
            let mut out = Vec::new();
            if x > 0 { out.push(c - 1) }
            if x < 9 { out.push(c + 1) }
            if y > 0 { out.push(c - 10) }
            if y < 9 { out.push(c + 10) }
            out.into_iter().filter(|&m| open(m)).map(|m| (m, weights[m as usize])).collect::<Vec<_>>()
        };
        let h = |&c: &u32| (c % 10).abs_diff(t % 10) + (c / 10).abs_diff(t / 10);
        let ours = fringe([s], succ, h, |&c| c == t, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::astar::astar(&s, succ, h, |&c| c == t);
        prop_assert_eq!(ours.cost(), theirs.map(|t| t.1));
    }
}

#[test]
fn fringe_from_many_starts_reaches_the_nearest() {
    let r = fringe(
        [0i32, 20],
        |&n| [(n + 1, 1u32), (n - 1, 1)],
        |&n| (n - 15).unsigned_abs(),
        |&n| n == 15,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(r.cost(), Some(5));
    assert_eq!(r.path().unwrap().nodes, [20, 19, 18, 17, 16, 15]);
    let none = fringe(
        std::iter::empty::<u8>(),
        |&n| [(n, 1u32)],
        |_| 0,
        |_| true,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(none.outcome, PathOutcome::NoPath);
}

#[test]
fn fringe_obeys_the_budget_the_cost_bound_and_refuses_bad_input() {
    let line = |&n: &u32| [(n + 1, 1u32)];
    let r = fringe([0u32], line, |_| 0, |&n| n == 1000, &Budget::nodes(10)).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 10);
    let r = fringe([0u32], line, |_| 0, |&n| n == 1000, &Budget::depth(5)).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth))
    );
    let r = SearchContext::new()
        .with_max_cost(20u32)
        .fringe([0u32], line, |_| 0, |&n| n == 1000)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    let r = SearchContext::new()
        .with_max_cost(20u32)
        .fringe([0u32], line, |_| 0, |&n| n == 20)
        .unwrap();
    assert_eq!(r.cost(), Some(20));
    let err = fringe([0u32], line, |_| 0, |&n| n == 3, &Budget::iterations(3)).unwrap_err();
    assert!(matches!(
        err,
        PathError::Budget(BudgetError::Unsupported {
            field: BudgetField::Iterations,
            ..
        })
    ));
    let err = fringe(
        [0i32],
        |&n| [(n + 1, 1i32)],
        |_| -1,
        |&n| n == 3,
        &Budget::new(),
    );
    assert!(matches!(err, Err(PathError::Cost(_))));
    let err = fringe(
        [0i32],
        |&n| [(n + 1, -1i32)],
        |_| 0,
        |&n| n == 3,
        &Budget::new(),
    );
    assert!(matches!(err, Err(PathError::Cost(_))));
    let err = fringe(
        [0u8],
        |&n| [(n.wrapping_add(1), 200u8)],
        |_| 0,
        |&n| n == 3,
        &Budget::new(),
    );
    assert!(matches!(err, Err(PathError::Cost(_))));
    // A cycle of free steps ends (nothing gets cheaper), with no path.
    let r = fringe(
        [0u8],
        |&n| [((n + 1) % 4, 0u32)],
        |_| 0,
        |&n| n == 9,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(r.outcome, PathOutcome::NoPath);
}

#[test]
fn fringe_counts_rounds_and_stops_on_the_flag() {
    // The estimate is half the true cost: the threshold rises several times.
    let r = fringe(
        [0u32],
        |&n| [(n + 1, 2u32)],
        |&n| 20u32.saturating_sub(n),
        |&n| n == 20,
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(r.cost(), Some(40));
    assert!(r.stats.iterations > 1, "{}", r.stats.iterations);
    let stop = search_core::StopFlag::new();
    stop.stop();
    let r = fringe(
        [0u64],
        |&n| [(n + 1, 1u32)],
        |_| 0,
        |_| false,
        &Budget::new().with_stop(stop),
    )
    .unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Stop))
    );
}
