//! The exact solver and alpha-beta on Connect Four: Pascal Pons' published scores (the
//! benchmark sets in `data/connect4`), win-in-one and block-in-one, budgets and
//! errors, and table collisions that must never yield an illegal move.

use std::sync::Arc;
use std::time::Duration;

use adversarial::{CompactTable, Negamax, Replacement, Solver, TranspositionTable};
use games::connect4_line::{benchmark_score, parse_line};
use games::{ConnectFour, ThreatEvaluator};
use proptest::prelude::*;
use search_core::testing::ongoing_state;
use search_core::{
    Budget, BudgetError, BudgetField, Game, GameHash, MoveValue, Outcome, Player, Score,
    SearchError, StopFlag, Wdl,
};

/// The published sets' folder, `data/connect4`; `None` outside the repository, where a
/// test that reads the sets skips.
fn data() -> Option<std::path::PathBuf> {
    crate::repository::file("data/connect4")
}

/// The benchmark score of an exact solve.
fn pons_score(score: Score, stones: u32) -> i32 {
    benchmark_score(score, stones).expect("a solve ends in an exact value")
}

fn solver() -> Solver {
    Solver::new().with_table_mb(16)
}

fn solve(solver: &mut Solver, moves: &str) -> i32 {
    let g: ConnectFour = moves.parse().unwrap();
    solver.clear();
    let s = solver.solve(&g).unwrap();
    assert!(s.solved);
    pons_score(s.score.expect("solved"), g.moves_played())
}

/// Lines `(moves, score)` of a benchmark set, every `step`-th one.
fn load(set: &str, step: usize) -> Vec<(String, i32)> {
    let path = data()
        .expect("the tests that read the sets skip outside the repository")
        .join(set);
    let path = path.display();
    let text = std::fs::read_to_string(path.to_string())
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| parse_line(l).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1)))
        .step_by(step)
        .map(|p| {
            let score = p
                .score
                .unwrap_or_else(|| panic!("{set}: {} has no score", p.moves));
            (p.moves, score)
        })
        .collect()
}

/// The lines of several sets, every `step`-th of each `(set, step)`.
fn load_sets(sets: &[(&str, usize)]) -> Vec<(String, i32)> {
    sets.iter()
        .flat_map(|&(set, step)| load(set, step))
        .collect()
}

fn check_set(set: &str, step: usize) {
    let mut s = solver();
    let lines = load(set, step);
    assert!(!lines.is_empty());
    for (moves, expected) in &lines {
        assert_eq!(solve(&mut s, moves), *expected, "{set}: {moves}");
    }
}

#[test]
fn published_examples() {
    let mut s = solver();
    assert_eq!(solve(&mut s, "4455"), 18);
    assert_eq!(solve(&mut s, "44455554221"), -15);
}

#[test]
fn end_easy_all() {
    if data().is_none() {
        return;
    }
    check_set("Test_L3_R1", 1);
}

#[test]
fn middle_easy_all() {
    if data().is_none() {
        return;
    }
    check_set("Test_L2_R1", 1);
}

#[test]
fn middle_medium_sample() {
    if data().is_none() {
        return;
    }
    check_set("Test_L2_R2", 25);
}

#[test]
fn begin_easy_sample() {
    if data().is_none() {
        return;
    }
    check_set("Test_L1_R1", 10);
}

#[test]
fn begin_medium_sample() {
    if data().is_none() {
        return;
    }
    check_set("Test_L1_R2", 100);
}

#[test]
fn weak_solve_agrees_in_sign() {
    if data().is_none() {
        return;
    }
    let mut s = solver();
    for (moves, expected) in load("Test_L2_R2", 50) {
        let g: ConnectFour = moves.parse().unwrap();
        s.clear();
        let w = s.solve_weak(&g).unwrap().value.unwrap();
        let sign = match w {
            Wdl::Win => 1,
            Wdl::Draw => 0,
            Wdl::Loss => -1,
        };
        assert_eq!(sign, expected.signum(), "{moves}");
    }
}

#[test]
fn prefetch_is_only_a_hint() {
    if data().is_none() {
        return;
    }
    // With and without prefetching the children's slots, the solver visits exactly the
    // same nodes and finds the same values: the prefetch may only change the time.
    let mut with = solver();
    let mut without = solver().with_prefetch(false);
    for (moves, expected) in load("Test_L2_R2", 100) {
        let g: ConnectFour = moves.parse().unwrap();
        with.clear();
        without.clear();
        let a = with.solve(&g).unwrap();
        let b = without.solve(&g).unwrap();
        assert_eq!(
            pons_score(a.score.unwrap(), g.moves_played()),
            expected,
            "{moves}"
        );
        assert_eq!(a.score, b.score, "{moves}");
        assert_eq!(a.stats.nodes, b.stats.nodes, "{moves}");
        assert_eq!(a.stats.tt_hits, b.stats.tt_hits, "{moves}");
    }
}

/// The enhanced transposition cut-off and the compact table change node counts, never a
/// score: samples of every set (of Begin-Hard, whose lines take seconds, the first two with
/// at least 8 stones), solved with each on its
/// own and with both, on 2 MiB tables so that the compact table's buckets fill and replace,
/// against the published scores. The counts must differ somewhere, or the options did
/// nothing.
#[test]
fn etc_and_the_compact_table_keep_every_score() {
    if data().is_none() {
        return;
    }
    let compact = || {
        Arc::new(
            CompactTable::<ConnectFour>::with_megabytes(2)
                .unwrap()
                .with_replacement(Replacement::Always),
        )
    };
    let mut etc = Solver::new().with_table_mb(2).with_etc(true);
    let mut plain = Solver::new().with_table_mb(2);
    let mut both = Solver::new().with_table(compact()).with_etc(true);
    let mut dense = Solver::new().with_table(compact());
    let mut samples = load_sets(&[
        ("Test_L3_R1", 50),
        ("Test_L2_R1", 50),
        ("Test_L2_R2", 100),
        ("Test_L1_R1", 50),
        ("Test_L1_R2", 250),
    ]);
    samples.extend(
        load("Test_L1_R3", 1)
            .into_iter()
            .filter(|(moves, _)| moves.len() >= 8)
            .take(2),
    );
    let (mut etc_cutoffs, mut differ) = (0, false);
    for (moves, expected) in &samples {
        let g: ConnectFour = moves.parse().unwrap();
        plain.clear();
        etc.clear();
        let reference = plain.solve(&g).unwrap();
        let with_etc = etc.solve(&g).unwrap();
        both.table().clear();
        dense.table().clear();
        let with_both = both.solve(&g).unwrap();
        let with_dense = dense.solve(&g).unwrap();
        for (name, r) in [
            ("plain", &reference),
            ("etc", &with_etc),
            ("compact + etc", &with_both),
            ("compact", &with_dense),
        ] {
            assert_eq!(
                pons_score(r.score.expect("solved"), g.moves_played()),
                *expected,
                "{name}: {moves}"
            );
        }
        etc_cutoffs += with_etc.stats.etc_cutoffs + with_both.stats.etc_cutoffs;
        differ |= with_etc.stats.nodes != reference.stats.nodes
            || with_dense.stats.nodes != reference.stats.nodes;
        assert_eq!(
            reference.stats.etc_cutoffs + with_dense.stats.etc_cutoffs,
            0
        );
    }
    assert!(etc_cutoffs > 0 && differ);
}

#[test]
fn first_guesses_keep_every_score_and_a_right_guess_takes_two_probes() {
    if data().is_none() {
        return;
    }
    let samples = load_sets(&[
        ("Test_L3_R1", 100),
        ("Test_L2_R1", 100),
        ("Test_L2_R2", 200),
        ("Test_L1_R1", 100),
    ]);
    let mut plain = solver();
    let mut fewer = 0;
    for (moves, expected) in &samples {
        let g: ConnectFour = moves.parse().unwrap();
        plain.clear();
        let reference = plain.solve(&g).unwrap();
        let value = reference.score.expect("solved");
        // A guess one rung off: a win or loss two plies slower, or the slowest win.
        let near = match value.plies_to_end() {
            Some(d) if value.is_win() => Score::win_in(d + 2),
            Some(d) => Score::loss_in(d + 2),
            None => Score::win_in(Score::MAX_DISTANCE),
        };
        let guesses = [
            near,
            Score::DRAW,
            Score::win_in(Score::MAX_DISTANCE),
            Score::loss_in(Score::MAX_DISTANCE),
            Score::win_in(1),
            Score::loss_in(2),
            value,
        ];
        for guess in guesses {
            let mut guessed = solver().with_first_guess(Some(guess));
            let r = guessed.solve(&g).unwrap();
            assert_eq!(
                pons_score(r.score.expect("solved"), g.moves_played()),
                *expected,
                "{moves} guessing {guess}"
            );
            if guess == value {
                assert!(
                    r.stats.iterations <= 2,
                    "{moves}: {} probes",
                    r.stats.iterations
                );
                fewer += usize::from(r.stats.iterations < reference.stats.iterations);
            }
        }
    }
    // Halving the range from the start takes more probes on most positions.
    assert!(fewer * 2 > samples.len(), "{fewer} of {}", samples.len());
}

#[test]
fn analysis_with_a_first_guess_gives_every_column_the_same_value() {
    if data().is_none() {
        return;
    }
    for (moves, _) in load("Test_L2_R1", 250) {
        let g: ConnectFour = moves.parse().unwrap();
        let plain = solver().analysis(&g).unwrap();
        for guess in [Score::DRAW, Score::win_in(Score::MAX_DISTANCE)] {
            let guessed = solver().with_first_guess(Some(guess)).analysis(&g).unwrap();
            assert_eq!(guessed.moves, plain.moves, "{moves} guessing {guess}");
        }
    }
}

#[test]
fn parallel_solver_agrees() {
    if data().is_none() {
        return;
    }
    let mut s = solver().with_threads(2);
    for (moves, expected) in load("Test_L1_R1", 100) {
        let g: ConnectFour = moves.parse().unwrap();
        s.clear();
        let r = s.solve(&g).unwrap();
        assert_eq!(
            pons_score(r.score.unwrap(), g.moves_played()),
            expected,
            "{moves}"
        );
    }
}

#[test]
fn solver_best_move_keeps_the_value() {
    if data().is_none() {
        return;
    }
    let mut s = solver();
    for (moves, expected) in load("Test_L2_R1", 100) {
        let g: ConnectFour = moves.parse().unwrap();
        let best = s.best_move(&g).unwrap();
        let (mv, score) = (best.mv, best.score);
        assert_eq!(pons_score(score, g.moves_played()), expected);
        let mut child = g;
        child.try_play(mv).unwrap();
        let after = match child.outcome() {
            Outcome::Ongoing => s.solve(&child).unwrap().score.unwrap().to_parent(),
            Outcome::Win(_) => Score::win_in(1),
            Outcome::Draw => Score::DRAW,
        };
        assert_eq!(after, score, "{moves}: column {}", mv + 1);
    }
}

#[test]
fn budgets_interrupt_and_errors_are_typed() {
    let g = ConnectFour::new();
    // A node budget interrupts the solver with honest bounds and no value.
    let r = solver()
        .with_budget(Budget::nodes(10_000))
        .solve(&g)
        .unwrap();
    assert!(!r.solved);
    assert_eq!(r.score, None);
    assert!(r.lower <= r.upper);
    // A stop flag set in advance stops it soon.
    let flag = StopFlag::new();
    flag.stop();
    let r = solver()
        .with_budget(Budget::new().with_stop(flag))
        .solve(&g)
        .unwrap();
    assert!(!r.solved);
    // Time-bounded play returns a legal move.
    let table = Arc::new(TranspositionTable::with_megabytes(8).unwrap());
    let negamax = |budget: Budget| {
        Negamax::new(ThreatEvaluator)
            .with_table(Arc::clone(&table))
            .with_budget(budget)
    };
    let r = negamax(Budget::time(Duration::from_millis(50)))
        .search(&g)
        .unwrap();
    assert!(g.is_legal(r.best_move));
    let r = negamax(Budget::nodes(3)).search(&g).unwrap();
    assert!(g.is_legal(r.best_move));
    assert!(!r.complete);
    // Errors.
    for bad in [Budget::depth(0), Budget::nodes(0), Budget::depth(20_000)] {
        assert!(matches!(
            negamax(bad).search(&g),
            Err(SearchError::Budget(_))
        ));
    }
    let won: ConnectFour = "1212121".parse().unwrap();
    assert!(matches!(
        negamax(Budget::depth(3)).search(&won),
        Err(SearchError::GameOver)
    ));
    assert!(matches!(
        solver().best_move(&won),
        Err(SearchError::GameOver)
    ));
    assert!(matches!(
        solver().with_budget(Budget::depth(3)).solve(&g),
        Err(SearchError::Budget(BudgetError::Unsupported {
            field: BudgetField::Depth,
            ..
        }))
    ));
    assert!(matches!(
        negamax(Budget::iterations(3)).search(&g),
        Err(SearchError::Budget(BudgetError::Unsupported {
            field: BudgetField::Iterations,
            ..
        }))
    ));
    assert!(matches!(
        negamax(Budget::depth(3)).with_threads(0).search(&g),
        Err(SearchError::Config(_))
    ));
    assert!(matches!(
        solver().with_threads(5000).solve(&g),
        Err(SearchError::Config(_))
    ));
    assert!(TranspositionTable::new(0).is_err());
    assert!(matches!(
        Solver::new().with_table_mb(u64::MAX).solve(&g),
        Err(SearchError::Config(_))
    ));
}

#[test]
fn iterative_deepening_stops_on_a_proven_result() {
    let g: ConnectFour = "4455".parse().unwrap();
    let r = Negamax::new(ThreatEvaluator)
        .with_budget(Budget::depth(20))
        .search(&g)
        .unwrap();
    assert_eq!(r.score, Some(Score::win_in(3)));
    assert_eq!(r.stats.depth_reached, 3);
    assert!(r.complete);
}

/// Connect Four with a key that makes every position collide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Colliding(ConnectFour);

impl Game for Colliding {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves)
    }
    fn play(&mut self, mv: u8) {
        assert!(
            self.0.can_play(mv),
            "illegal move {mv} played on\n{}",
            self.0
        );
        self.0.play(mv)
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
}

impl GameHash for Colliding {
    fn hash_key(&self) -> u64 {
        u64::from(self.0.moves_played() % 2)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Never misses a win in one, never fails to block a loss in one.
    #[test]
    fn wins_at_once_and_blocks(g in ongoing_state(ConnectFour::new(), 36), depth in 1u32..=6) {
        let r = Negamax::new(ThreatEvaluator).with_budget(Budget::depth(depth)).search(&g).unwrap();
        if g.winning_move().is_some() {
            let mut child = g;
            child.play(r.best_move);
            prop_assert_eq!(child.outcome(), Outcome::Win(g.to_move()));
            prop_assert_eq!(r.score, Some(Score::win_in(1)));
        } else if depth >= 2 {
            let mut child = g;
            child.play(r.best_move);
            // After the chosen move the opponent cannot win at once, unless every move allows it.
            if child.winning_move().is_some() {
                let mut moves = Vec::new();
                g.non_losing_moves(&mut moves);
                prop_assert!(moves.is_empty(), "missed the block: {:?} then {}", g, r.best_move);
                prop_assert_eq!(r.score, Some(Score::loss_in(2)));
            }
        }
    }

    /// Any first guess -- a win or loss at any distance, a draw, a heuristic value, the
    /// infinities -- gives the value and the weak value of the solve without one.
    #[test]
    fn any_first_guess_gives_the_same_value(
        g in ongoing_state(ConnectFour::new(), 42),
        kind in 0u8..6,
        distance in 0u32..50,
        heuristic in -1000i32..=1000,
    ) {
        prop_assume!(g.moves_played() >= 22);
        let guess = match kind {
            0 => Score::win_in(distance),
            1 => Score::loss_in(distance),
            2 => Score::DRAW,
            3 => Score::heuristic(heuristic),
            4 => Score::INFINITY,
            _ => Score::NEG_INFINITY,
        };
        let plain = Solver::new().with_table_mb(1).solve(&g).unwrap();
        let mut guessed = Solver::new().with_table_mb(1).with_first_guess(Some(guess));
        prop_assert_eq!(guessed.solve(&g).unwrap().score, plain.score, "guess {}", guess);
        let weak = Solver::new().with_table_mb(1).solve_weak(&g).unwrap().value;
        prop_assert_eq!(guessed.solve_weak(&g).unwrap().value, weak, "guess {}", guess);
    }

    /// A table in which every position collides still only ever yields legal moves (or,
    /// when the root's children show that the key is no hash, a typed error).
    #[test]
    fn collisions_never_yield_illegal_moves(g in ongoing_state(ConnectFour::new(), 30), depth in 1u32..=6) {
        let table = Arc::new(TranspositionTable::new(1 << 10).unwrap());
        let mut e = Negamax::new(|s: &Colliding| ThreatEvaluator.evaluate_c4(&s.0))
            .with_table(table)
            .with_budget(Budget::depth(depth));
        let r = match e.search(&Colliding(g)) {
            Ok(r) => r,
            Err(SearchError::BrokenPromise { what }) => {
                prop_assert!(what.contains("same key"), "{}", what);
                return Ok(());
            }
            Err(other) => panic!("{other}"),
        };
        let mut s = g;
        for &mv in &r.pv {
            prop_assert!(s.try_play(mv).is_ok());
        }
    }
}

trait EvalC4 {
    fn evaluate_c4(&self, g: &ConnectFour) -> i32;
}

impl EvalC4 for ThreatEvaluator {
    fn evaluate_c4(&self, g: &ConnectFour) -> i32 {
        search_core::Evaluator::evaluate(self, g)
    }
}

/// The mirror image of a move string (column c becomes 8 - c).
fn mirrored(moves: &str) -> String {
    moves
        .bytes()
        .map(|b| char::from(b'0' + (8 - (b - b'0'))))
        .collect()
}

#[test]
fn mirror_images_get_identical_scores_with_and_without_symmetry() {
    if data().is_none() {
        return;
    }
    // The table stores a position and its mirror image once (`GameHash::canonical_key`):
    // both solve to the published score, from a cleared table and from a table the other
    // one filled, and the solver without symmetry agrees.
    let mut with = solver().with_symmetry(true);
    let mut without = solver();
    for (moves, expected) in load("Test_L2_R2", 50)
        .into_iter()
        .chain(load("Test_L1_R1", 100))
    {
        let mirror = mirrored(&moves);
        assert_eq!(solve(&mut with, &moves), expected, "{moves}");
        assert_eq!(solve(&mut with, &mirror), expected, "{mirror}");
        assert_eq!(solve(&mut without, &mirror), expected, "{mirror}");
        // The second solve reads what the first stored under the shared key.
        let g: ConnectFour = moves.parse().unwrap();
        let m: ConnectFour = mirror.parse().unwrap();
        with.clear();
        let a = with.solve(&g).unwrap();
        let b = with.solve(&m).unwrap();
        assert_eq!(a.score, b.score, "{moves}");
    }
}

#[test]
fn analysis_scores_equal_the_negated_solves_of_the_children() {
    if data().is_none() {
        return;
    }
    // Every column of `Solver::analyze` (one table, the root's value bounding each child's
    // search) against a fresh solve of the child position.
    let mut analyzer = solver();
    let mut fresh = solver();
    let sample = load("Test_L3_R1", 100)
        .into_iter()
        .chain(load("Test_L2_R1", 100))
        .chain(load("Test_L2_R2", 100))
        .chain(load("Test_L1_R1", 250));
    for (moves, expected) in sample {
        let g: ConnectFour = moves.parse().unwrap();
        analyzer.clear();
        let analysis = analyzer.analyze(&g).unwrap();
        assert_eq!(analysis.len(), g.legal_move_count(), "{moves}");
        let exact = |v: &MoveValue| match v {
            MoveValue::Exact(s) => *s,
            other => panic!("{moves}: not exact: {other}"),
        };
        let best = exact(&analysis[0].value);
        assert_eq!(pons_score(best, g.moves_played()), expected, "{moves}");
        for m in &analysis {
            let mut child = g;
            child.play(m.mv);
            let value = exact(&m.value);
            let direct = match child.outcome() {
                Outcome::Win(_) => Score::win_in(1),
                Outcome::Draw => Score::DRAW,
                Outcome::Ongoing => {
                    fresh.clear();
                    fresh.solve(&child).unwrap().score.unwrap().to_parent()
                }
            };
            assert_eq!(value, direct, "{moves} column {}", m.mv + 1);
        }
    }
}
