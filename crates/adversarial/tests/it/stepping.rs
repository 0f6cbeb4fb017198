//! `Negamax::steps`: one depth of iterative deepening per step from the caller's loop,
//! the same result as one search with the same budget.

use adversarial::Negamax;
use games::{ConnectFour, ThreatEvaluator};
use search_core::{Budget, SearchError};

fn engine(
    budget: Budget,
) -> Negamax<ThreatEvaluator, std::sync::Arc<adversarial::TranspositionTable>> {
    Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_random_ties(true)
        .with_seed(3)
        .with_budget(budget)
}

fn positions() -> Vec<ConnectFour> {
    ["", "4", "4455", "343", "1234567", "44444"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn stepping_to_the_end_is_one_search() {
    for budget in [
        Budget::depth(8),
        Budget::nodes(20_000),
        Budget::depth(30).with_nodes(5_000),
    ] {
        for g in positions() {
            let mut steps = engine(budget.clone()).steps(&g).unwrap();
            let mut depths = Vec::new();
            while let Some(info) = steps.step() {
                depths.push(info.depth);
            }
            let (back, stepped) = steps.finish().unwrap();
            let stepped = stepped.unwrap();
            let whole = engine(budget.clone()).search(&g).unwrap();
            assert_eq!(
                (
                    stepped.best_move,
                    stepped.score,
                    &stepped.pv,
                    stepped.stats.nodes,
                    stepped.stats.depth_reached
                ),
                (
                    whole.best_move,
                    whole.score,
                    &whole.pv,
                    whole.stats.nodes,
                    whole.stats.depth_reached
                ),
                "{g:?} {budget:?}"
            );
            let expected: Vec<u32> = (1..=whole.stats.depth_reached).collect();
            assert_eq!(depths, expected, "{g:?} {budget:?}");
            assert_eq!(
                (back.budget().max_depth(), back.budget().max_nodes()),
                (budget.max_depth(), budget.max_nodes())
            );
        }
    }
}

#[test]
fn finishing_after_k_steps_answers_as_a_search_k_deep() {
    for g in positions() {
        for k in 1..=5 {
            let mut steps = engine(Budget::depth(20)).steps(&g).unwrap();
            // A proven value ends the search before k depths.
            let mut stepped = 0;
            while stepped < k && steps.step().is_some() {
                stepped += 1;
            }
            let (_, r) = steps.finish().unwrap();
            let r = r.unwrap();
            let shallow = engine(Budget::depth(stepped)).search(&g).unwrap();
            assert_eq!(
                (r.best_move, r.score, &r.pv, r.stats.depth_reached),
                (shallow.best_move, shallow.score, &shallow.pv, stepped),
                "{g:?} k {k}"
            );
        }
    }
}

#[test]
fn dropping_or_finishing_early_never_hangs_and_threads_are_refused() {
    let g: ConnectFour = "44".parse().unwrap();
    let mut steps = engine(Budget::depth(40)).steps(&g).unwrap();
    steps.step();
    drop(steps);
    let steps = engine(Budget::depth(40)).steps(&g).unwrap();
    let (_, r) = steps.finish().unwrap();
    // Nothing was searched: no depth finished, a legal move all the same.
    let r = r.unwrap();
    assert_eq!((r.score, r.stats.depth_reached), (None, 0));
    let two = engine(Budget::depth(4)).with_threads(2);
    assert!(matches!(two.steps(&g), Err(SearchError::Config(_))));
}
