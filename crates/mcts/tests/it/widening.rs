//! Progressive widening: a node selects only among its first `floor(c · n^e)` children,
//! created best `move_order_hint` first; proofs stay exact because the solver sees every
//! child.

use crate::common;

use common::negamax;
use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, NodeView, Parallelism, Value};
use search_core::{Budget, Game, SearchError, SplitMix64, Wdl};

fn allowed(c: f64, e: f64, visits: u32, count: usize) -> usize {
    let k = (c as f32 * (visits.max(1) as f32).powf(e as f32)) as usize;
    k.clamp(1, count.max(1))
}

/// Checks every node under `node` (the node of `state`): the visited children are a
/// prefix of the creation order, the children come best hint first, and, in a subtree
/// without any proven node (where the solver cannot have settled the admitted children,
/// letting others in), no more children are visited than widening admits at the node's
/// visits. Returns the nodes seen and whether one of them is proven.
fn check<G: Game>(node: NodeView<'_, G::Move>, state: &G, c: f64, e: f64) -> (usize, bool) {
    let kids: Vec<_> = node.children().collect();
    let hints: Vec<i32> = kids
        .iter()
        .map(|k| state.move_order_hint(k.mv().unwrap()))
        .collect();
    assert!(
        hints.windows(2).all(|w| w[0] >= w[1]),
        "hint order: {hints:?}"
    );
    let visited = kids.iter().take_while(|k| k.visits() > 0).count();
    assert!(kids[visited..].iter().all(|k| k.visits() == 0), "a prefix");
    let mut nodes = 1;
    let mut proven = node.proven().is_some();
    for k in &kids {
        let mut child = state.clone();
        child.play(k.mv().unwrap());
        let (n, p) = check(*k, &child, c, e);
        nodes += n;
        proven |= p;
    }
    if !kids.is_empty() && !proven {
        assert!(
            visited <= allowed(c, e, node.visits(), kids.len()),
            "{visited} of {} children visited at {} visits",
            kids.len(),
            node.visits()
        );
    }
    (nodes, proven)
}

#[test]
fn only_the_admitted_children_are_visited_best_hint_first() {
    for (c, e) in [(1.0, 0.25), (2.0, 0.5), (1.0, 0.0)] {
        let start = ConnectFour::new();
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(4)
            .with_progressive_widening(c, e)
            .with_budget(Budget::iterations(5_000));
        let r = ai.search(&start).unwrap();
        let (seen, _) = check(ai.root_view().unwrap(), &start, c, e);
        assert_eq!(seen, r.tree_size);
        // The root admitted at least what its visits allow, and no proof lets more in
        // this early in Connect Four.
        let visited = r.moves.iter().filter(|m| m.visits > 0).count();
        assert_eq!(visited, allowed(c, e, 5_000, 7), "c {c}, e {e}");
    }
}

#[test]
fn without_widening_every_root_move_is_visited() {
    let start = ConnectFour::new();
    let mut plain = Mcts::<ConnectFour>::new()
        .with_seed(4)
        .with_budget(Budget::iterations(2_000));
    let r = plain.search(&start).unwrap();
    assert!(r.moves.iter().all(|m| m.visits > 0));
}

#[test]
fn proofs_with_widening_agree_with_negamax() {
    let mut rng = SplitMix64::new(12);
    for (threads, parallelism) in [(1, Parallelism::Tree), (2, Parallelism::Tree)] {
        let mut ai = Mcts::<TicTacToe>::new()
            .with_seed(3)
            .with_threads(threads)
            .with_parallelism(parallelism)
            .with_progressive_widening(1.0, 0.5)
            .with_budget(Budget::new());
        let r = ai.search(&TicTacToe::new()).unwrap();
        assert_eq!(r.value, Value::Proven(Wdl::Draw), "{threads} threads");
        for _ in 0..30 {
            let mut state = TicTacToe::new();
            for _ in 0..rng.below(6) {
                let moves = state.legal_move_list();
                state.play(moves[rng.below(moves.len())]);
                if state.outcome().is_over() {
                    break;
                }
            }
            if state.outcome().is_over() {
                continue;
            }
            let r = ai.search(&state).unwrap();
            assert_eq!(
                r.value,
                Value::Proven(Wdl::from_sign(negamax(&state).into())),
                "{state:?}, {threads} threads"
            );
        }
    }
}

#[test]
fn bad_widening_parameters_are_config_errors() {
    for (c, e) in [
        (0.0, 0.5),
        (-1.0, 0.5),
        (f64::NAN, 0.5),
        (f64::INFINITY, 0.5),
        (1.0, -0.1),
        (1.0, 1.5),
        (1.0, f64::NAN),
    ] {
        let mut ai = Mcts::<TicTacToe>::new().with_progressive_widening(c, e);
        assert!(
            matches!(ai.search(&TicTacToe::new()), Err(SearchError::Config(_))),
            "{c}, {e}"
        );
    }
}
