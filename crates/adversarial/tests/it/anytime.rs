//! Anytime search: `Negamax` and `Solver` on a thread of their own (`spawn`: poll, wait,
//! stop, drop), and their live reports (`search_observed`, `solve_observed`).

use std::sync::Arc;
use std::time::Duration;

use adversarial::{DepthInfo, Negamax, Solver, TranspositionTable};
use games::{ConnectFour, ThreatEvaluator, TicTacToe};
use search_core::{Budget, Game, SearchError, StopFlag};

fn position() -> ConnectFour {
    "4453".parse().unwrap()
}

#[test]
fn a_spawned_negamax_returns_what_the_blocking_search_returns() {
    let engine = || {
        Negamax::new(ThreatEvaluator)
            .with_table_mb(2)
            .with_budget(Budget::depth(8))
    };
    let blocking = engine().search(&position()).unwrap();
    let handle = engine().spawn(&position()).unwrap();
    let (engine, spawned) = handle.wait().unwrap();
    let spawned = spawned.unwrap();
    assert_eq!(
        (
            spawned.best_move,
            spawned.score,
            &spawned.pv,
            spawned.stats.nodes
        ),
        (
            blocking.best_move,
            blocking.score,
            &blocking.pv,
            blocking.stats.nodes
        )
    );
    assert!(spawned.complete);
    assert_eq!(engine.budget().max_depth(), Some(8));
    assert!(
        engine.budget().stop_flag().is_none(),
        "the budget comes back as it was"
    );
}

#[test]
fn the_reports_are_the_finished_depths_in_order_and_the_last_is_the_result() {
    let mut infos: Vec<DepthInfo<u8>> = Vec::new();
    let mut engine = Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_budget(Budget::depth(9));
    let r = engine
        .search_observed(&position(), |i| infos.push(i.clone()))
        .unwrap();
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=r.stats.depth_reached).collect::<Vec<_>>());
    assert!(
        infos
            .windows(2)
            .all(|w| w[0].nodes <= w[1].nodes && w[0].elapsed <= w[1].elapsed)
    );
    for i in &infos {
        assert_eq!(i.pv.first(), Some(&i.best_move));
        assert!(position().is_legal(i.best_move));
    }
    let last = infos.last().unwrap();
    assert_eq!(
        (last.best_move, Some(last.score), &last.pv),
        (r.best_move, r.score, &r.pv)
    );
    // The same search without an observer finds the same.
    let plain = Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_budget(Budget::depth(9))
        .search(&position())
        .unwrap();
    assert_eq!(
        (plain.best_move, plain.score, plain.stats.nodes),
        (r.best_move, r.score, r.stats.nodes)
    );
}

#[test]
fn stopping_a_negamax_gives_the_last_finished_depth_and_keeps_the_table() {
    let table = Arc::new(TranspositionTable::new(1 << 16).unwrap());
    let engine = Negamax::new(ThreatEvaluator)
        .with_table(Arc::clone(&table))
        .with_budget(Budget::depth(42));
    let handle = engine.spawn(&ConnectFour::new()).unwrap();
    let polled = loop {
        if let Some(info) = handle.poll().filter(|i| i.depth >= 4) {
            break info;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let (_engine, result) = handle.stop().unwrap();
    let result = result.unwrap();
    assert!(!result.complete, "stopped long before depth 42");
    assert!(result.stats.depth_reached >= polled.depth);
    assert!(ConnectFour::new().is_legal(result.best_move));
    assert!(table.stats().occupied > 0);
}

#[test]
fn dropping_a_negamax_handle_stops_the_search() {
    let flag = StopFlag::new();
    let engine =
        Negamax::new(ThreatEvaluator).with_budget(Budget::depth(42).with_stop(flag.clone()));
    let handle = engine.spawn(&ConnectFour::new()).unwrap();
    assert_eq!(handle.stop_flag(), &flag, "the budget's own flag stops it");
    drop(handle);
    assert!(flag.is_set());
}

#[test]
fn a_panic_in_a_spawned_search_is_worker_panicked() {
    let evaluator = |g: &TicTacToe| -> i32 {
        if g.legal_move_count() < 6 {
            panic!("the evaluator broke");
        }
        0
    };
    let handle = Negamax::new(evaluator)
        .with_budget(Budget::depth(6))
        .spawn(&TicTacToe::new())
        .unwrap();
    match handle.wait() {
        Err(e) => assert_eq!(
            e,
            SearchError::WorkerPanicked {
                message: "the evaluator broke".into()
            }
        ),
        Ok(_) => panic!("the panic was not reported"),
    }
    // A bad request is the search's error, with the engine given back.
    let handle = Negamax::new(ThreatEvaluator)
        .with_budget(Budget::iterations(3))
        .spawn(&position())
        .unwrap();
    let (_, result) = handle.wait().unwrap();
    assert!(matches!(result, Err(SearchError::Budget(_))));
}

#[test]
fn the_solver_reports_narrowing_bounds_that_hold_the_value() {
    // Positions of Pons' benchmark sets (data/connect4/Test_L2_R1), and an opening.
    for moves in [
        "4455",
        "5554224333234511764415115",
        "52753311433677442422121",
        "1233722555341451114725221333",
    ] {
        let g: ConnectFour = moves.parse().unwrap();
        let exact = Solver::new().with_table_mb(8).solve(&g).unwrap();
        let mut reports = Vec::new();
        let observed = Solver::new()
            .with_table_mb(8)
            .solve_observed(&g, |b| reports.push(b.clone()))
            .unwrap();
        assert_eq!(observed.score, exact.score, "{moves}");
        let value = exact.score.unwrap();
        assert!(!reports.is_empty(), "{moves}");
        for b in &reports {
            assert!(b.lower <= value && value <= b.upper, "{moves}: {b:?}");
        }
        for w in reports.windows(2) {
            assert!(
                w[0].lower <= w[1].lower && w[1].upper <= w[0].upper,
                "{moves}: {w:?}"
            );
            assert!((w[0].lower, w[0].upper) != (w[1].lower, w[1].upper));
            assert!(w[0].nodes <= w[1].nodes);
        }
        assert!(reports.last().unwrap().is_solved());
    }
}

#[test]
fn a_node_limit_holds_across_the_slices_and_ends_with_the_last_bounds() {
    let mut last = None;
    let s = Solver::new()
        .with_table_mb(8)
        .with_budget(Budget::nodes(200_000))
        .solve_observed(&ConnectFour::new(), |b| last = Some(b.clone()))
        .unwrap();
    assert!(!s.solved);
    assert!(s.stats.nodes <= 200_000, "{}", s.stats.nodes);
    if let Some(b) = last {
        assert_eq!((b.lower, b.upper), (s.lower, s.upper));
    }
}

#[test]
fn a_spawned_solver_solves_as_the_blocking_one_and_stops_with_bounds() {
    let g: ConnectFour = "4455".parse().unwrap();
    let blocking = Solver::new().with_table_mb(8).solve(&g).unwrap();
    let (_, spawned) = Solver::new()
        .with_table_mb(8)
        .spawn(&g)
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(spawned.unwrap().score, blocking.score);

    let handle = Solver::new()
        .with_table_mb(8)
        .spawn(&ConnectFour::new())
        .unwrap();
    std::thread::sleep(Duration::from_millis(30));
    let polled = handle.poll();
    let (solver, solution) = handle.stop().unwrap();
    let solution = solution.unwrap();
    assert!(!solution.solved);
    if let Some(b) = polled {
        assert!(solution.lower >= b.lower && solution.upper <= b.upper);
    }
    assert!(solver.budget().stop_flag().is_none());
}
