//! The node cap: at the cap the tree stops growing but the search keeps iterating, on one
//! thread and on two (where the cap is shared), and the trees' memory never passes
//! `cap × NODE_BYTES`, across moves (re-rooting) and when the cap is lowered.

use std::time::Duration;

use games::ConnectFour;
use mcts::Mcts;
use search_core::{Budget, BudgetError, Game, SearchError, Strategy};

const NODE_BYTES: usize = Mcts::<ConnectFour>::NODE_BYTES;

#[test]
fn at_the_cap_the_search_keeps_iterating_without_growing() {
    for threads in [1usize, 2] {
        for cap in [200u64, 1_000, 5_000] {
            let iterations = 50_000;
            let mut ai = Mcts::<ConnectFour>::new()
                .with_seed(11)
                .with_threads(threads)
                .with_node_cap(cap)
                .with_budget(Budget::iterations(iterations));
            let start = ConnectFour::new();
            let r = ai.search(&start).unwrap();
            let nodes = r.tree_size as u64;
            assert_eq!(r.stats.nodes as usize, r.tree_size, "a fresh tree");
            // At the cap, not above it: a full tree stops at most one sibling group (7
            // Connect Four moves) short of its share, per thread; the shared tree of two
            // threads also leaves less than a group unused in each 256-node block.
            assert!(nodes <= cap, "{threads} threads, cap {cap}: {nodes} nodes");
            let blocks = if threads > 1 { cap.div_ceil(256) } else { 0 };
            assert!(
                nodes + 7 * threads as u64 + 6 * blocks >= cap,
                "{threads} threads, cap {cap}: only {nodes} nodes"
            );
            assert_eq!(
                r.stats.iterations, iterations,
                "the search ran on at the cap"
            );
            assert!(r.stats.iterations >= 10 * cap);
            assert!(start.is_legal(r.best_move));
            assert_eq!(r.root_visits, iterations);
            assert!(ai.tree_bytes() <= cap as usize * NODE_BYTES);
        }
    }
}

#[test]
fn a_time_budget_runs_to_its_end_at_the_cap() {
    for threads in [1usize, 2] {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(3)
            .with_threads(threads)
            .with_node_cap(300)
            .with_budget(Budget::time(Duration::from_millis(150)));
        let r = ai.search(&ConnectFour::new()).unwrap();
        assert!(r.tree_size <= 300);
        // Full within a few hundred iterations, it keeps going for the whole 150 ms.
        assert!(r.stats.elapsed >= Duration::from_millis(150));
        assert!(
            r.stats.iterations > 3_000,
            "{} iterations",
            r.stats.iterations
        );
        assert!(ConnectFour::new().is_legal(r.best_move));
    }
}

#[test]
fn the_cap_holds_across_moves_and_when_it_is_lowered() {
    for threads in [1usize, 2] {
        let cap = 2_000u64;
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(5)
            .with_threads(threads)
            .with_node_cap(cap)
            .with_budget(Budget::iterations(20_000));
        let mut state = ConnectFour::new();
        for _ in 0..8 {
            let r = ai.search(&state).unwrap();
            assert!(r.tree_size as u64 <= cap);
            assert!(ai.tree_bytes() <= cap as usize * NODE_BYTES);
            ai.observe_move(&state, r.best_move);
            state.play(r.best_move);
            // The kept subtree was compacted in place: no second buffer.
            assert!(ai.tree_bytes() <= cap as usize * NODE_BYTES);
        }
        let mut ai = ai.with_node_cap(300);
        let r = ai.search(&state).unwrap();
        assert!(r.tree_size <= 300);
        assert!(ai.tree_bytes() <= 300 * NODE_BYTES, "{}", ai.tree_bytes());
    }
}

#[test]
fn bytes_cap_the_tree_too_and_the_budget_does_not() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_memory_cap(10_000)
        .with_budget(Budget::iterations(5_000));
    assert_eq!(ai.node_cap(), 10_000 / NODE_BYTES as u64);
    ai.search(&ConnectFour::new()).unwrap();
    assert!(ai.tree_bytes() <= 10_000);
    // The tree's size is the cap's job alone: a node limit in the budget is refused.
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_node_cap(1_000)
        .with_budget(Budget::iterations(5_000).with_nodes(100));
    assert!(matches!(
        ai.search(&ConnectFour::new()),
        Err(SearchError::Budget(BudgetError::Unsupported { .. }))
    ));
}

#[test]
fn a_cap_too_small_is_an_error() {
    for cap in [0u64, 5] {
        let mut ai = Mcts::<ConnectFour>::new().with_seed(1).with_node_cap(cap);
        assert!(matches!(
            ai.search(&ConnectFour::new()),
            Err(SearchError::Config(_))
        ));
        assert!(ai.choose_move(&ConnectFour::new()).is_err());
    }
}
