//! The general-game searches on their own thread (`spawn`): the same answer as the
//! blocking search, the engine's budget given back, Expectimax's reports of each finished
//! depth in order, stop and drop, and a panic in user code as `WorkerPanicked`.

use std::time::Duration;

use adversarial::{BestReply, Expectimax, MaxN, Paranoid};
use games::{EinStein, EinSteinMove, MnkGame};
use search_core::{Budget, GeneralGame, SearchError};

fn neutral(_: &MnkGame, v: &mut [f64]) {
    v.fill(1.0 / v.len() as f64);
}

fn rolled() -> EinStein {
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(5));
    dice
}

#[test]
fn a_spawned_search_answers_as_the_blocking_one_and_gives_the_budget_back() {
    let game = MnkGame::new(4, 4, 3, 3).unwrap();
    let budget = Budget::depth(3);
    let blocking = MaxN::new(neutral).with_budget(budget.clone()).search(&game);
    let (engine, spawned) = MaxN::new(neutral)
        .with_budget(budget.clone())
        .spawn(&game)
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(spawned.unwrap().values, blocking.unwrap().values);
    assert_eq!(engine.budget().max_depth(), Some(3));
    assert!(engine.budget().stop_flag().is_none());

    let blocking = Paranoid::new(neutral)
        .with_budget(budget.clone())
        .search(&game);
    let (_, spawned) = Paranoid::new(neutral)
        .with_budget(budget.clone())
        .spawn(&game)
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(spawned.unwrap().value, blocking.unwrap().value);

    let blocking = BestReply::new(neutral)
        .with_budget(budget.clone())
        .search(&game);
    let (_, spawned) = BestReply::new(neutral)
        .with_budget(budget)
        .spawn(&game)
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(spawned.unwrap().value, blocking.unwrap().value);

    let half = |_: &EinStein, v: &mut [f64]| v.fill(0.5);
    let blocking = Expectimax::new(half)
        .with_budget(Budget::depth(3))
        .search(&rolled())
        .unwrap();
    let handle = Expectimax::new(half)
        .with_budget(Budget::depth(3))
        .spawn(&rolled())
        .unwrap();
    let (_, spawned) = handle.wait().unwrap();
    let spawned = spawned.unwrap();
    assert_eq!(spawned.best_move, blocking.best_move);
    assert_eq!(spawned.value, blocking.value);
}

#[test]
fn expectimax_reports_each_finished_depth_and_stops_on_request() {
    let half = |_: &EinStein, v: &mut [f64]| v.fill(0.5);
    let handle = Expectimax::new(half)
        .with_iterative_deepening(true)
        .with_budget(Budget::depth(60))
        .spawn(&rolled())
        .unwrap();
    let mut depths = Vec::new();
    while depths.last().is_none_or(|&d| d < 3) {
        if let Some(r) = handle.poll() {
            if depths.last() != Some(&r.stats.depth_reached) {
                depths.push(r.stats.depth_reached);
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    let flag = handle.stop_flag().clone();
    let (engine, result) = handle.stop().unwrap();
    let result = result.unwrap();
    assert!(flag.is_set());
    assert!(result.stats.depth_reached >= 3);
    assert!(!result.complete);
    assert_eq!(engine.budget().max_depth(), Some(60));

    // Dropping the handle stops the search too.
    let handle = Expectimax::new(half)
        .with_budget(Budget::depth(60))
        .spawn(&rolled())
        .unwrap();
    let flag = handle.stop_flag().clone();
    drop(handle);
    assert!(flag.is_set());
}

#[test]
fn a_panic_in_the_evaluator_is_worker_panicked() {
    let game = MnkGame::new(4, 4, 3, 3).unwrap();
    let broken = |_: &MnkGame, _: &mut [f64]| panic!("the evaluator fails");
    let (_, result) = match MaxN::new(broken)
        .with_budget(Budget::depth(2))
        .spawn(&game)
        .unwrap()
        .wait()
    {
        Err(SearchError::WorkerPanicked { .. }) => return,
        other => other.map(|(e, r)| (e, r.map(|r| r.value))).unwrap(),
    };
    panic!("a panic came back as {result:?}");
}

#[test]
fn a_stop_ends_deepening_expectimax_within_a_bounded_amount_of_work() {
    // The evaluator sets the flag at its 20,000th call, deep in some iteration; the search
    // must notice within one poll interval of nodes, whatever phase it is in (a deeper
    // iteration's start, a chance node's outcomes, the table filling up).
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    for entries in [0, 1 << 10, 1 << 16] {
        let flag = search_core::StopFlag::new();
        let calls = Arc::new(AtomicU64::new(0));
        let at_flag = Arc::new(AtomicU64::new(0));
        let (f, c, a) = (flag.clone(), calls.clone(), at_flag.clone());
        let eval = move |_: &EinStein, v: &mut [f64]| {
            let n = c.fetch_add(1, Ordering::Relaxed) + 1;
            if n == 20_000 {
                a.store(n, Ordering::Relaxed);
                f.stop();
            }
            v.fill(0.5);
        };
        let result = Expectimax::new(eval)
            .with_iterative_deepening(true)
            .with_table_entries(entries)
            .with_budget(Budget::depth(40).with_stop(flag))
            .search(&rolled())
            .unwrap();
        assert!(!result.complete);
        let after = calls.load(Ordering::Relaxed) - at_flag.load(Ordering::Relaxed);
        assert!(
            after <= search_core::RunningBudget::POLL_INTERVAL,
            "{entries} entries: {after} evaluations after the flag"
        );
    }
}
