//! `analyze` returns every legal move, sorted best first, each with the value an independent
//! computation gives: plain minimax of the position after the move for `Negamax`, a
//! separate exact solve of the position after the move for `Solver`.

use std::fmt::Debug;

use adversarial::{Minimax, Negamax, Solver};
use games::{ConnectFour, TicTacToe};
use proptest::prelude::*;
use search_core::testing::ongoing_state;
use search_core::{Budget, Game, GameHash, MoveAnalysis, MoveValue, Outcome, Score, Strategy};

/// The deterministic pseudo-random evaluation of `cross_check.rs`, with many ties.
fn noise<G: GameHash>(state: &G) -> i32 {
    let h = state
        .hash_key()
        .wrapping_add(0x1234_5678)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 40) % 101) as i32 - 50
}

/// The value of playing `mv` in `state` for the side to move there, searched `depth` plies
/// deep counting the move, by plain minimax on the position after the move.
fn minimax_value<G: GameHash>(state: &G, mv: G::Move, depth: u32) -> Score {
    let mut child = state.clone();
    child.play(mv);
    match child.outcome() {
        Outcome::Win(p) if p == state.to_move() => Score::win_in(1),
        Outcome::Win(_) => Score::loss_in(1),
        Outcome::Draw => Score::DRAW,
        Outcome::Ongoing if depth == 1 => Score::heuristic(noise(&child)).to_parent(),
        Outcome::Ongoing => Minimax::new(noise::<G>)
            .with_budget(Budget::depth(depth - 1))
            .search(&child)
            .unwrap()
            .score
            .unwrap()
            .to_parent(),
    }
}

/// Every legal move once, and the values in best-first order.
fn check_shape<M: Copy + PartialEq + Debug>(
    moves: &[M],
    analysis: &[MoveAnalysis<M>],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(analysis.len(), moves.len());
    for mv in moves {
        prop_assert_eq!(analysis.iter().filter(|a| a.mv == *mv).count(), 1);
    }
    let mut sorted = analysis.to_vec();
    MoveAnalysis::sort_best_first(&mut sorted);
    prop_assert_eq!(sorted, analysis.to_vec());
    Ok(())
}

/// One engine configuration's analysis, to run.
type Run<'a, G> = Box<dyn FnOnce() -> Vec<MoveAnalysis<<G as Game>::Move>> + 'a>;

fn check_negamax<G>(state: &G, depth: u32) -> Result<(), TestCaseError>
where
    G: GameHash + Sync + Debug,
{
    let budget = Budget::depth(depth);
    let engines: Vec<(&str, Run<'_, G>)> = vec![
        (
            "plain",
            Box::new(|| {
                Negamax::new(noise::<G>)
                    .with_budget(budget.clone())
                    .analyze(state)
                    .unwrap()
            }),
        ),
        (
            "no pvs, no hooks, no deepening",
            Box::new(|| {
                Negamax::new(noise::<G>)
                    .with_pvs(false)
                    .with_game_hooks(false)
                    .with_iterative_deepening(false)
                    .with_budget(budget.clone())
                    .analyze(state)
                    .unwrap()
            }),
        ),
        (
            "table",
            Box::new(|| {
                Negamax::new(noise::<G>)
                    .with_table_mb(1)
                    .with_min_table_plies(0)
                    .with_budget(budget.clone())
                    .analyze(state)
                    .unwrap()
            }),
        ),
        (
            "table, 2 threads, as a Strategy",
            Box::new(|| {
                let mut e = Negamax::new(noise::<G>)
                    .with_table_mb(1)
                    .with_budget(budget.clone())
                    .with_threads(2);
                Strategy::analyze(&mut e, state).unwrap()
            }),
        ),
    ];
    let moves = state.legal_move_list();
    let root = Minimax::new(noise::<G>)
        .with_budget(budget.clone())
        .search(state)
        .unwrap()
        .score
        .unwrap();
    for (name, run) in engines {
        let analysis = run();
        check_shape(&moves, &analysis)?;
        let mut reached = None;
        for a in &analysis {
            let MoveValue::Estimate { score, depth: d } = a.value else {
                return Err(TestCaseError::fail(format!("{name}: {:?}", a.value)));
            };
            prop_assert!(reached.is_none_or(|r| r == d), "{}: depths differ", name);
            reached = Some(d);
            prop_assert_eq!(
                score,
                minimax_value(state, a.mv, d),
                "{}: move {:?} of {:?} at depth {}",
                name,
                a.mv,
                state,
                d
            );
        }
        // The analysis stops early only when nothing deeper can change a value.
        let reached = reached.unwrap();
        prop_assert!(reached <= depth);
        if reached < depth {
            let all_decisive = analysis.iter().all(
                |a| matches!(a.value, MoveValue::Estimate { score, .. } if score.is_decisive()),
            );
            let to_the_end = state.remaining_plies_bound().is_some_and(|b| b <= reached);
            prop_assert!(
                all_decisive || to_the_end,
                "{}: stopped at {}",
                name,
                reached
            );
        } else {
            // At the full depth, the best move's value is the root's minimax value.
            let MoveValue::Estimate { score, .. } = analysis[0].value else {
                unreachable!()
            };
            prop_assert_eq!(score, root, "{}", name);
        }
    }
    Ok(())
}

/// Solves each child alone, with a fresh solver, and negates.
fn check_solver<G>(state: &G) -> Result<(), TestCaseError>
where
    G: GameHash + Sync + Debug,
{
    let moves = state.legal_move_list();
    for threads in [1, 2] {
        let mut solver = Solver::new().with_table_mb(1).with_threads(threads);
        let analysis = solver.analyze(state).unwrap();
        check_shape(&moves, &analysis)?;
        for a in &analysis {
            let mut child = state.clone();
            child.play(a.mv);
            let alone = Solver::new().with_table_mb(1).solve(&child).unwrap();
            let expected = MoveValue::Exact(alone.score.unwrap().to_parent());
            prop_assert_eq!(&a.value, &expected, "move {:?} of {:?}", a.mv, state);
        }
        // The best move's value is the position's.
        let whole = Solver::new().with_table_mb(1).solve(state).unwrap();
        prop_assert_eq!(&analysis[0].value, &MoveValue::Exact(whole.score.unwrap()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn negamax_analysis_matches_minimax_on_tictactoe(
        state in ongoing_state(TicTacToe::new(), 8),
        depth in 1u32..=7,
    ) {
        check_negamax(&state, depth)?;
    }

    #[test]
    fn negamax_analysis_matches_minimax_on_connect4(
        state in ongoing_state(ConnectFour::new(), 30),
        depth in 1u32..=4,
    ) {
        check_negamax(&state, depth)?;
    }

    #[test]
    fn solver_analysis_matches_solving_each_child_on_tictactoe(
        state in ongoing_state(TicTacToe::new(), 8),
    ) {
        check_solver(&state)?;
    }
}

#[test]
fn solver_analysis_matches_solving_each_child_on_connect4() {
    // Positions from the middle and the end of a game (the children of an opening position
    // take minutes each in a debug build).
    for moves in [
        "5554224333234511764415115",
        "52753311433677442422121",
        "1233722555341451114725221333",
        "2252576253462244111563365343671351441",
    ] {
        let g: ConnectFour = moves.parse().unwrap();
        check_solver(&g).unwrap();
    }
}

#[test]
fn an_analysis_that_runs_out_of_budget_says_what_it_does_not_know() {
    let g = ConnectFour::new();
    // Not even depth 1 finished: every move is unknown.
    let analysis = Negamax::new(noise::<ConnectFour>)
        .with_budget(Budget::nodes(3))
        .analyze(&g)
        .unwrap();
    assert_eq!(analysis.len(), 7);
    assert!(analysis.iter().all(|a| a.value == MoveValue::Unknown));
    // The empty board is far too hard for 20,000 nodes: the moves not solved are unknown,
    // and exact values (if any) come first.
    let analysis = Solver::new()
        .with_table_mb(1)
        .with_budget(Budget::nodes(20_000))
        .analyze(&g)
        .unwrap();
    assert_eq!(analysis.len(), 7);
    assert!(analysis.iter().any(|a| a.value == MoveValue::Unknown));
    let first_unknown = analysis
        .iter()
        .position(|a| a.value == MoveValue::Unknown)
        .unwrap();
    assert!(
        analysis[first_unknown..]
            .iter()
            .all(|a| a.value == MoveValue::Unknown)
    );
}

#[test]
fn a_finished_game_has_nothing_to_analyze() {
    // X has completed the left column.
    let g: TicTacToe = "X.. XO. XO.".parse().unwrap();
    assert!(g.outcome().is_over());
    let over = Err(search_core::SearchError::GameOver);
    assert_eq!(Negamax::new(noise::<TicTacToe>).analyze(&g), over);
    assert_eq!(Solver::new().with_table_mb(1).analyze(&g), over);
}
