//! Bidirectional A* against Dijkstra and the `pathfinding` crate's Dijkstra (4.x) on
//! random directed graphs whose states have positions (Manhattan distances to either end
//! are consistent estimates), with admissible but inconsistent estimates, and on random
//! weighted grids; plus a problem of one's own through closures, budgets and bad input.

use crate::via_problem;
use pathfind::{
    Limit, PathError, PathOutcome, SearchContext, SearchProblem, bidirectional_astar, dijkstra,
};
use proptest::prelude::*;
use search_core::{Budget, BudgetError, BudgetField};

use crate::positioned;

use positioned::{Graph, graphs, manhattan};

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

impl Problem<'_> {
    /// The states one step before `s`, with the cost of that step.
    fn predecessors(&self, &s: &u8, out: &mut Vec<(u8, u32)>) {
        out.extend(self.graph.pred(s));
    }
    /// A lower bound of the cost from the start to `s`.
    fn heuristic_from_start(&self, &s: &u8) -> u32 {
        manhattan(self.graph.pos[0], self.graph.pos[s as usize])
    }
}

fn check_walk(g: &Graph, nodes: &[u8], to: u8, cost: u32) -> Result<(), TestCaseError> {
    prop_assert_eq!(nodes[0], 0);
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
    fn bidirectional_astar_costs_equal_dijkstra_and_pathfinding(g in graphs(), goal in 0u8..14) {
        let goal = goal % g.pos.len() as u8;
        let (ps, pg) = (g.pos[0], g.pos[goal as usize]);
        let two = bidirectional_astar(
            0u8, goal, |&s| g.succ(s), |&s| g.pred(s),
            |&s| manhattan(g.pos[s as usize], pg), |&s| manhattan(ps, g.pos[s as usize]),
            &Budget::new(),
        ).unwrap();
        let one = dijkstra([0u8], |&s| g.succ(s), |&s| s == goal, &Budget::new()).unwrap();
        let theirs = pathfinding::directed::dijkstra::dijkstra(&0u8, |&s| g.succ(s), |&s| s == goal);
        prop_assert_eq!(two.cost(), one.cost());
        prop_assert_eq!(two.cost(), theirs.map(|t| t.1));
        prop_assert_eq!(two.reopened, 0); // consistent estimates
        match two.path() {
            Some(p) => check_walk(&g, &p.nodes, goal, p.cost)?,
            None => prop_assert_eq!(&two.outcome, &PathOutcome::NoPath),
        }
        // A problem of one's own runs through closures that call its methods.
        let p = Problem { graph: &g, goal };
        let pred = |n: &u8| { let mut out = Vec::new(); p.predecessors(n, &mut out); out };
        let via_problem = bidirectional_astar(
            p.start(), p.goal, via_problem::successors(&p), pred,
            |n| p.heuristic(n), |n| p.heuristic_from_start(n), &Budget::new(),
        ).unwrap();
        prop_assert_eq!(via_problem.cost(), one.cost());
    }

    #[test]
    fn bidirectional_astar_is_optimal_with_admissible_inconsistent_estimates(
        g in graphs(),
        goal in 0u8..14,
        quarters in prop::collection::vec((0u32..=4, 0u32..=4), 14),
    ) {
        let goal = goal % g.pos.len() as u8;
        let to_goal = g.exact(goal, false);
        let from_start = g.exact(0, true);
        let two = bidirectional_astar(
            0u8, goal, |&s| g.succ(s), |&s| g.pred(s),
            |&s| to_goal[s as usize].map_or(0, |d| d * quarters[s as usize].0 / 4),
            |&s| from_start[s as usize].map_or(0, |d| d * quarters[s as usize].1 / 4),
            &Budget::new(),
        ).unwrap();
        prop_assert_eq!(two.cost(), from_start[goal as usize]);
        if let Some(p) = two.path() {
            check_walk(&g, &p.nodes, goal, p.cost)?;
        }
    }

    #[test]
    fn bidirectional_astar_on_weighted_grids_equals_pathfinding(
        weights in prop::collection::vec(0u32..5, 144),
        s in 0u32..144,
        t in 0u32..144,
    ) {
        // A 12 x 12 grid, 4-connected; weight 0 is a wall, which can be left (a start
        // may be one) but not entered; entering a cell costs its weight, so the
        // predecessors of an open cell are all its neighbours, at the cell's weight.
        let open = |c: u32| weights[c as usize] > 0;
        let around = |c: u32| {
            let (x, y) = (c % 12, c / 12);
            let mut out = Vec::new();
            if x > 0 { out.push(c - 1) }
            if x < 11 { out.push(c + 1) }
            if y > 0 { out.push(c - 12) }
            if y < 11 { out.push(c + 12) }
            out
        };
        let succ = |&c: &u32| {
            around(c).into_iter().filter(|&m| open(m)).map(|m| (m, weights[m as usize])).collect::<Vec<_>>()
        };
        let pred = |&c: &u32| {
            let w = weights[c as usize];
            if open(c) { around(c).into_iter().map(|m| (m, w)).collect() } else { Vec::new() }
        };
        let dist = |a: u32, b: u32| (a % 12).abs_diff(b % 12) + (a / 12).abs_diff(b / 12);
        let ours = bidirectional_astar(s, t, succ, pred, |&c| dist(c, t), |&c| dist(s, c),
            &Budget::new()).unwrap();
        let theirs = pathfinding::directed::dijkstra::dijkstra(&s, succ, |&c| c == t);
        prop_assert_eq!(ours.cost(), theirs.map(|t| t.1));
    }
}

#[test]
fn bidirectional_astar_obeys_the_budget_and_refuses_bad_input() {
    let succ = |&n: &i64| [(n + 1, 1u32), (n - 1, 1)];
    let h0 = |_: &i64| 0u32;
    let r = bidirectional_astar(0i64, 1000, succ, succ, h0, h0, &Budget::nodes(50)).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 50);
    let err = bidirectional_astar(0i64, 10, succ, succ, h0, h0, &Budget::depth(5)).unwrap_err();
    assert!(matches!(
        err,
        PathError::Budget(BudgetError::Unsupported {
            field: BudgetField::Depth,
            ..
        })
    ));
    let r = SearchContext::new()
        .with_max_cost(5u32)
        .bidirectional_astar(0i64, 10, succ, succ, h0, h0)
        .unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    let r = SearchContext::new()
        .with_max_cost(10u32)
        .bidirectional_astar(
            0i64,
            10,
            succ,
            succ,
            |&n| (10 - n).unsigned_abs() as u32,
            |&n| n.unsigned_abs() as u32,
        )
        .unwrap();
    assert_eq!(r.cost(), Some(10));
    let neg = |&n: &i32| [(n + 1, 1i32)];
    let err = bidirectional_astar(0i32, 5, neg, neg, |_| -1, |_| 0, &Budget::new());
    assert!(matches!(err, Err(PathError::Cost(_))));
    // The start is the goal.
    let r = bidirectional_astar(3i64, 3, succ, succ, h0, h0, &Budget::new()).unwrap();
    assert_eq!(r.path().unwrap().nodes, [3]);
    // On an open plane, good estimates expand far fewer states than none (which expand a
    // disc around each end).
    let plane = |&(x, y): &(i32, i32)| {
        [
            ((x + 1, y), 1u32),
            ((x - 1, y), 1),
            ((x, y + 1), 1),
            ((x, y - 1), 1),
        ]
    };
    let (s, t) = ((0i32, 0i32), (30i32, 7i32));
    let d = |a: (i32, i32), b: (i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
    let zero = |_: &(i32, i32)| 0u32;
    let blind = bidirectional_astar(s, t, plane, plane, zero, zero, &Budget::new()).unwrap();
    let guided = bidirectional_astar(
        s,
        t,
        plane,
        plane,
        |&p| d(p, t),
        |&p| d(s, p),
        &Budget::new(),
    )
    .unwrap();
    assert_eq!(blind.cost(), Some(37));
    assert_eq!(guided.cost(), Some(37));
    assert!(
        guided.stats.nodes * 4 < blind.stats.nodes,
        "{} vs {}",
        guided.stats.nodes,
        blind.stats.nodes
    );
}
