//! Budgets and configuration: a budget field an engine cannot honour is refused with a typed
//! error (never ignored), a configuration mistake is `SearchError::Config` when the search
//! starts, and a search the budget cuts short says so instead of answering with a value it
//! does not have.

use adversarial::{AlphaBeta, Minimax, Negamax, Solver};
use games::{ConnectFour, OpenLines, ThreatEvaluator, TicTacToe};
use search_core::{
    Budget, BudgetError, BudgetField, Game, Outcome, Player, Score, SearchError, Strategy,
};

fn refused<T: std::fmt::Debug>(
    r: Result<T, SearchError>,
    engine: &str,
    field: BudgetField,
    case: &str,
) {
    match r {
        Err(SearchError::Budget(BudgetError::Unsupported {
            engine: e,
            field: f,
            advice,
        })) => {
            assert_eq!((e, f), (engine, field), "{case}");
            assert!(!advice.is_empty(), "{case}");
        }
        other => panic!("{case}: expected {field} to be refused, got {other:?}"),
    }
}

#[test]
fn negamax_refuses_an_iteration_limit() {
    let g = TicTacToe::new();
    for budget in [
        Budget::iterations(5),
        Budget::depth(4).with_iterations(5),
        Budget::time(std::time::Duration::from_secs(1)).with_iterations(1),
    ] {
        for threads in [1, 2] {
            let mut e = Negamax::new(OpenLines)
                .with_budget(budget.clone())
                .with_threads(threads);
            refused(e.search(&g), "Negamax", BudgetField::Iterations, "search");
            refused(e.analyze(&g), "Negamax", BudgetField::Iterations, "analyze");
            refused(
                e.choose_move(&g),
                "Negamax",
                BudgetField::Iterations,
                "choose_move",
            );
        }
    }
    // Depth, nodes, time and the stop flag are honoured.
    let budget = Budget::depth(3)
        .with_nodes(1_000_000)
        .with_time(std::time::Duration::from_secs(60))
        .with_stop(search_core::StopFlag::new());
    assert!(
        Negamax::new(OpenLines)
            .with_budget(budget)
            .search(&g)
            .is_ok()
    );
}

#[test]
fn the_reference_engines_refuse_an_iteration_limit() {
    let g = TicTacToe::new();
    let budget = Budget::depth(3).with_iterations(2);
    refused(
        Minimax::new(OpenLines)
            .with_budget(budget.clone())
            .search(&g),
        "Minimax",
        BudgetField::Iterations,
        "minimax",
    );
    refused(
        AlphaBeta::new(OpenLines).with_budget(budget).search(&g),
        "AlphaBeta",
        BudgetField::Iterations,
        "alpha-beta",
    );
}

#[test]
fn the_solver_refuses_a_depth_or_an_iteration_limit() {
    let g = TicTacToe::new();
    for (budget, field) in [
        (Budget::depth(5), BudgetField::Depth),
        (Budget::nodes(1000).with_depth(5), BudgetField::Depth),
        (Budget::iterations(3), BudgetField::Iterations),
        (
            Budget::nodes(1000).with_iterations(3),
            BudgetField::Iterations,
        ),
    ] {
        for threads in [1, 2] {
            let mut s = Solver::new()
                .with_table_mb(1)
                .with_budget(budget.clone())
                .with_threads(threads);
            refused(s.solve(&g), "Solver", field, "solve");
            refused(s.solve_weak(&g), "Solver", field, "solve_weak");
            refused(s.best_move(&g), "Solver", field, "best_move");
            refused(s.analyze(&g), "Solver", field, "analyze");
            refused(s.choose_move(&g), "Solver", field, "choose_move");
        }
    }
}

#[test]
fn configuration_mistakes_are_config_errors_every_time() {
    let g = TicTacToe::new();
    let config = |r: Result<(), SearchError>, case: &str| {
        assert!(matches!(r, Err(SearchError::Config(_))), "{case}: {r:?}");
    };
    let mut e = Negamax::new(OpenLines).with_table_mb(0);
    // Twice: a table that could not be allocated is never replaced by a stand-in.
    config(e.search(&g).map(|_| ()), "negamax, 0 MB");
    config(e.search(&g).map(|_| ()), "negamax, 0 MB again");
    let mut e = Negamax::new(OpenLines).with_table_mb(u64::MAX);
    config(e.search(&g).map(|_| ()), "negamax, usize::MAX MB");
    for threads in [0, 5000] {
        let mut e = Negamax::new(OpenLines).with_threads(threads);
        config(e.search(&g).map(|_| ()), "negamax threads");
        let mut s = Solver::new().with_table_mb(1).with_threads(threads);
        config(s.solve(&g).map(|_| ()), "solver threads");
    }
    let mut s = Solver::new().with_table_mb(0);
    config(s.solve(&g).map(|_| ()), "solver, 0 MB");
    config(s.solve_weak(&g).map(|_| ()), "solver, 0 MB again");
    config(s.best_move(&g).map(|_| ()), "solver, 0 MB, best_move");
    config(s.analyze(&g).map(|_| ()), "solver, 0 MB, analyze");
    let mut s = Solver::new().with_table_mb(u64::MAX);
    config(s.solve(&g).map(|_| ()), "solver, usize::MAX MB");
    // A single-depth search needs a depth.
    let mut e = Negamax::new(OpenLines)
        .with_iterative_deepening(false)
        .with_budget(Budget::nodes(1000));
    config(e.search(&g).map(|_| ()), "no depth");
}

#[test]
fn a_search_cut_short_has_no_score() {
    let g = ConnectFour::new();
    let moves = g.legal_move_list();
    let r = Negamax::new(ThreatEvaluator)
        .with_budget(Budget::nodes(3))
        .search(&g)
        .unwrap();
    assert_eq!(r.score, None);
    assert!(!r.complete && moves.contains(&r.best_move));
    assert!(r.to_string().starts_with("best move "), "{r}");
    assert!(r.to_string().contains("no score"), "{r}");
    for r in [
        Minimax::new(ThreatEvaluator)
            .with_budget(Budget::depth(8).with_nodes(1000))
            .search(&g)
            .unwrap(),
        AlphaBeta::new(ThreatEvaluator)
            .with_budget(Budget::depth(12).with_nodes(1000))
            .search(&g)
            .unwrap(),
    ] {
        assert_eq!(r.score, None);
        assert!(!r.complete && moves.contains(&r.best_move));
    }
    // A finished search has its score.
    let r = Negamax::new(ThreatEvaluator)
        .with_budget(Budget::depth(2))
        .search(&g)
        .unwrap();
    assert!(r.score.is_some() && r.complete);
}

/// A hard position (the first of Pons' Begin-Medium set) with its exact value.
fn hard_position() -> (ConnectFour, Score) {
    let g: ConnectFour = "32751571231557".parse().unwrap();
    let exact = Solver::new().with_table_mb(16).solve(&g).unwrap();
    (g, exact.score.unwrap())
}

#[test]
fn a_parallel_solve_out_of_budget_returns_the_bounds_it_reached() {
    let (g, value) = hard_position();
    for nodes in [50, 500, 5_000] {
        for threads in [1, 2] {
            let s = Solver::new()
                .with_table_mb(4)
                .with_budget(Budget::nodes(nodes))
                .with_threads(threads)
                .solve(&g)
                .unwrap();
            let case = format!("{nodes} nodes, {threads} threads: {s}");
            assert!(!s.solved, "{case}");
            assert_eq!(s.score, None, "{case}");
            assert!(
                s.lower <= value && value <= s.upper,
                "{case}, value {value}"
            );
            // Not the "nothing known" placeholder: the bounds the search can always give
            // (no loss before the opponent's move, no win without a move) at least.
            assert!(
                s.lower > Score::loss_in(0) && s.upper < Score::win_in(0),
                "{case}"
            );
            assert!(s.to_string().starts_with("unsolved, between "), "{case}");
            let weak = Solver::new()
                .with_table_mb(4)
                .with_budget(Budget::nodes(nodes))
                .with_threads(threads)
                .solve_weak(&g)
                .unwrap();
            assert_eq!(weak.value, None);
            assert!(weak.to_string().starts_with("unsolved, "), "{weak}");
        }
    }
    // And the best move of a position not solved in the budget is `Unsolved`, with bounds.
    match Solver::new()
        .with_table_mb(4)
        .with_budget(Budget::nodes(500))
        .with_threads(2)
        .best_move(&g)
    {
        Err(SearchError::Unsolved { lower, upper }) => {
            assert!(lower <= value && value <= upper);
        }
        other => panic!("expected Unsolved, got {other:?}"),
    }
}

#[test]
fn results_read_as_one_line() {
    let g: ConnectFour = "4455".parse().unwrap();
    let s = Solver::new().with_table_mb(8).solve(&g).unwrap();
    let line = s.to_string();
    assert!(line.starts_with("win in 3 (exact), "), "{line}");
    assert!(line.contains("nodes"), "{line}");
    assert!(!line.contains('\n'));
    let w = Solver::new().with_table_mb(8).solve_weak(&g).unwrap();
    assert!(w.to_string().starts_with("win, "), "{w}");
    let r = Negamax::new(ThreatEvaluator)
        .with_budget(Budget::depth(4))
        .search(&g)
        .unwrap();
    let line = r.to_string();
    assert!(
        line.contains(", complete, ") && line.contains("nodes"),
        "{line}"
    );
    assert!(!line.contains('\n'));
}

/// A game that never ends: one move, the turn passes, forever.
#[derive(Clone, Debug, PartialEq)]
struct Endless(Player);

impl Game for Endless {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        m.push(0);
    }
    fn play(&mut self, _: u8) {
        self.0 = self.0.opponent();
    }
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
}

#[test]
fn a_game_that_does_not_end_cannot_be_solved() {
    // The solve follows one line 10,000 plies deep: give it a large stack.
    let r = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(|| Solver::new().without_table().solve(&Endless(Player::First)))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(
        r,
        Err(SearchError::GameTooLong {
            max_plies: Budget::MAX_DEPTH
        })
    );
}

/// A node limit bounds the nodes of all threads together, as `Stats::nodes` counts them.
#[test]
fn a_node_limit_is_shared_by_the_threads() {
    let g = ConnectFour::new();
    for threads in [1, 2, 3] {
        for limit in [1_000u64, 10_000, 100_001] {
            let r = Negamax::new(ThreatEvaluator)
                .with_table_mb(4)
                .with_budget(Budget::depth(30).with_nodes(limit))
                .with_threads(threads)
                .search(&g)
                .unwrap();
            assert!(!r.complete, "{threads} threads, {limit} nodes");
            // Each thread may finish the node it is in: one node over per thread at most.
            assert!(
                r.stats.nodes <= limit + threads as u64,
                "negamax, {threads} threads: {} nodes for a limit of {limit}",
                r.stats.nodes
            );
            let s = Solver::new()
                .with_table_mb(4)
                .with_budget(Budget::nodes(limit))
                .with_threads(threads)
                .solve(&g)
                .unwrap();
            assert!(!s.solved, "{threads} threads, {limit} nodes");
            assert!(
                s.stats.nodes <= limit + threads as u64,
                "solver, {threads} threads: {} nodes for a limit of {limit}",
                s.stats.nodes
            );
        }
    }
}
