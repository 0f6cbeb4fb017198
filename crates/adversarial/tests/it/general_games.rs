//! Games with extra turns, margins, dice and more than two players, each engine checked
//! against a separate brute-force computation written here.

use crate::common;
use common::brute_margin;

use std::collections::HashMap;

use adversarial::{ChancePruning, Expectimax, MarginSolver, MaxN, Minimax, Paranoid};
use games::{DotsAndBoxes, EinStein, EinSteinMove, Kalah, MnkGame, TicTacToe};
use proptest::prelude::*;
use search_core::{
    Budget, Game, GameHash, GeneralGame, Score, SearchError, SplitMix64, Turn, ZeroEvaluator,
};

// ---------------------------------------------------------------------------------------
// Margins with extra turns

/// The solver's margin equals the brute force's, and its move achieves it.
fn check_margin<G: GameHash + Eq + std::hash::Hash + std::fmt::Display>(
    state: &G,
    memo: &mut HashMap<G, i32>,
) {
    let solution = MarginSolver::new().solve(state).unwrap();
    let expected = brute_margin(state, memo);
    assert_eq!(solution.margin, Some(expected), "{state}");
    let mut after = state.clone();
    after.play(solution.best_move.unwrap());
    assert_eq!(
        brute_margin(&after, memo),
        expected,
        "the move does not keep the margin\n{state}"
    );
}

/// Random positions reached by `plies` random moves.
fn random_positions<G: Game>(initial: &G, count: usize, max_plies: usize, seed: u64) -> Vec<G> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut state = initial.clone();
        let plies = rng.below(max_plies + 1);
        for _ in 0..plies {
            let moves = state.legal_move_list();
            if moves.is_empty() {
                break;
            }
            state.play(moves[rng.below(moves.len())]);
        }
        if !state.outcome().is_over() {
            out.push(state);
        }
    }
    out
}

#[test]
fn dots_and_boxes_exact_margins_match_brute_force() {
    for (rows, cols, count) in [(1, 1, 1), (1, 2, 1), (2, 2, 1), (2, 3, 1)] {
        let initial = DotsAndBoxes::new(rows, cols).unwrap();
        let mut memo = HashMap::new();
        check_margin(&initial, &mut memo);
        for state in random_positions(&initial, count.max(40), initial.line_count() - 1, 5) {
            check_margin(&state, &mut memo);
        }
    }
}

#[test]
fn kalah_exact_margins_match_brute_force() {
    for (pits, stones) in [(1, 1), (2, 2), (3, 2), (3, 3)] {
        let initial = Kalah::new(pits, stones).unwrap();
        let mut memo = HashMap::new();
        check_margin(&initial, &mut memo);
        for state in random_positions(&initial, 30, 12, 9) {
            check_margin(&state, &mut memo);
        }
    }
}

#[test]
fn margin_solver_refuses_games_without_margins_and_horizons() {
    let e = MarginSolver::new().solve(&TicTacToe::new()).unwrap_err();
    assert!(
        matches!(
            e,
            SearchError::UnsupportedGame {
                engine: "MarginSolver",
                ..
            }
        ),
        "{e}"
    );
    let e = MarginSolver::new()
        .with_budget(Budget::depth(3))
        .solve(&DotsAndBoxes::new(1, 1).unwrap())
        .unwrap_err();
    assert!(matches!(e, SearchError::Budget(_)), "{e}");
    let s = MarginSolver::new()
        .with_budget(Budget::nodes(10))
        .solve(&DotsAndBoxes::new(2, 3).unwrap())
        .unwrap();
    assert!(!s.complete && s.margin.is_none());
}

// ---------------------------------------------------------------------------------------
// Chance: EinStein würfelt nicht!

/// A heuristic within (-1, 1): how much closer player 0's cubes are to their goal corner
/// than player 1's, plus the cube count difference.
fn progress(state: &EinStein, values: &mut [f64]) {
    let text = state.to_string();
    let mut score = 0.0;
    for (row, line) in text.lines().take(5).enumerate() {
        for (col, ch) in line.split(' ').enumerate() {
            let ch = ch.chars().next().unwrap();
            if ch.is_ascii_digit() {
                score += 1.0 + (row.max(col) as f64) / 4.0;
            } else if ch.is_ascii_lowercase() {
                score -= 1.0 + ((4 - row).max(4 - col) as f64) / 4.0;
            }
        }
    }
    let v = (score / 16.0).clamp(-0.95, 0.95);
    values[0] = v;
    values[1] = -v;
}

/// Plain expectiminimax to `depth` players' moves, no pruning, no table.
fn reference(state: &EinStein, depth: u32) -> f64 {
    match state.turn() {
        Turn::Over => {
            let mut r = [0.0; 2];
            state.rewards(&mut r);
            r[0]
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(o, p)| {
                    let mut child = *state;
                    child.apply(o);
                    p * reference(&child, depth)
                })
                .sum()
        }
        Turn::Player(p) if depth == 0 => {
            let _ = p;
            let mut v = [0.0; 2];
            progress(state, &mut v);
            v[0]
        }
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            let values = moves.iter().map(|&m| {
                let mut child = *state;
                child.apply(m);
                reference(&child, depth - 1)
            });
            if p == 0 {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// A random EinStein position with the player to move having rolled.
fn einstein_position(seed: u64, steps: usize) -> Option<EinStein> {
    let mut rng = SplitMix64::new(seed);
    let mut state = EinStein::new();
    for _ in 0..steps {
        match state.turn() {
            Turn::Over => return None,
            Turn::Chance => state.apply(EinSteinMove::Roll(1 + rng.below(6) as u8)),
            Turn::Player(_) => {
                let mut moves = Vec::new();
                state.moves(&mut moves);
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
    match state.turn() {
        Turn::Over => None,
        Turn::Chance => {
            state.apply(EinSteinMove::Roll(1 + rng.below(6) as u8));
            Some(state)
        }
        Turn::Player(_) => Some(state),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn expectimax_star1_star2_with_and_without_table_equal_plain_expectimax(
        seed in any::<u64>(),
        steps in 0usize..40,
        depth in 1u32..4,
    ) {
        let Some(state) = einstein_position(seed, steps) else { return Ok(()) };
        let expected = reference(&state, depth);
        let root_player = match state.turn() { Turn::Player(p) => p, _ => unreachable!() };
        for pruning in [ChancePruning::None, ChancePruning::Star1, ChancePruning::Star2] {
            for entries in [0, 1 << 16] {
                for deepening in [false, true] {
                    let r = Expectimax::new(progress)
                        .with_pruning(pruning)
                        .with_table_entries(entries)
                        .with_iterative_deepening(deepening)
                        .with_budget(Budget::depth(depth))
                        .search(&state)
                        .unwrap();
                    let value = r.value.unwrap();
                    let for_first = if root_player == 0 { value } else { -value };
                    prop_assert!(
                        (for_first - expected).abs() < 1e-9,
                        "{pruning:?} table {entries} deepening {deepening}: {for_first} vs {expected}\n{state}"
                    );
                    // The chosen move is worth the value.
                    let mut child = state;
                    child.apply(r.best_move);
                    let move_value = reference(&child, depth - 1);
                    prop_assert!((move_value - expected).abs() < 1e-9);
                }
            }
        }
    }
}

/// Exact expected values of endgames (three cubes at most, searched to the end) against a
/// dynamic program over the positions, memoised by position.
#[test]
fn exact_expected_values_of_endgames_match_dynamic_programming() {
    fn dp(state: &EinStein, memo: &mut HashMap<EinStein, f64>) -> f64 {
        if let Some(&v) = memo.get(state) {
            return v;
        }
        let v = match state.turn() {
            Turn::Over => {
                let mut r = [0.0; 2];
                state.rewards(&mut r);
                r[0]
            }
            Turn::Chance => (1..=6)
                .map(|face| {
                    let mut child = *state;
                    child.apply(EinSteinMove::Roll(face));
                    dp(&child, memo) / 6.0
                })
                .sum(),
            Turn::Player(p) => {
                let mut moves = Vec::new();
                state.moves(&mut moves);
                let values: Vec<f64> = moves
                    .iter()
                    .map(|&m| {
                        let mut child = *state;
                        child.apply(m);
                        dp(&child, memo)
                    })
                    .collect();
                if p == 0 {
                    values.into_iter().fold(f64::NEG_INFINITY, f64::max)
                } else {
                    values.into_iter().fold(f64::INFINITY, f64::min)
                }
            }
        };
        memo.insert(*state, v);
        v
    }
    /// Each player's `(cube, cell)` pairs and the player about to roll.
    type Endgame = ([&'static [(u8, u8)]; 2], usize);
    let positions: [Endgame; 5] = [
        ([&[(1, 0)], &[(1, 24)]], 0),
        ([&[(1, 6), (4, 2)], &[(2, 18)]], 1),
        ([&[(3, 12)], &[(2, 23), (5, 14)]], 0),
        ([&[(6, 1)], &[(1, 20), (4, 22)]], 1),
        ([&[(2, 0), (5, 4)], &[(6, 24)]], 0),
    ];
    let mut memo = HashMap::new();
    for (cubes, to_move) in positions {
        let state = EinStein::from_cubes(cubes, to_move).unwrap();
        let expected = dp(&state, &mut memo);
        for pruning in [
            ChancePruning::None,
            ChancePruning::Star1,
            ChancePruning::Star2,
        ] {
            let engine = Expectimax::new(progress)
                .with_pruning(pruning)
                .with_budget(Budget::new());
            let (value, _) = engine.value(&state).unwrap();
            let value = value.unwrap();
            assert!(
                (value - expected).abs() < 1e-9,
                "{pruning:?}: {value} vs {expected}\n{state}"
            );
        }
    }
}

#[test]
fn engines_refuse_games_they_cannot_search() {
    let three = MnkGame::new(4, 4, 3, 3).unwrap();
    let e = Expectimax::new(|_: &MnkGame, v: &mut [f64]| v.fill(0.0))
        .search(&three)
        .unwrap_err();
    assert!(
        matches!(
            e,
            SearchError::UnsupportedGame {
                engine: "Expectimax",
                ..
            }
        ),
        "{e}"
    );
    let mut rolled = EinStein::new();
    let e = Expectimax::new(progress).search(&rolled).unwrap_err();
    assert!(matches!(e, SearchError::Config(_)), "a chance root: {e}");
    rolled.apply(EinSteinMove::Roll(2));
    let out_of_range = |_: &EinStein, v: &mut [f64]| v.fill(2.0);
    let e = Expectimax::new(out_of_range).search(&rolled).unwrap_err();
    assert!(matches!(e, SearchError::BrokenPromise { .. }), "{e}");
}

// ---------------------------------------------------------------------------------------
// More than two players

/// A heuristic for the m,n,k-game: each player's share of the cells in the centre rows,
/// summing to 1 like the rewards.
fn shares(state: &MnkGame, values: &mut [f64]) {
    let n = values.len();
    let mut counts = vec![1.0; n];
    for cell in 0..16 {
        if let Some(p) = state.owner(cell) {
            counts[p] += if (5..=10).contains(&cell) { 2.0 } else { 1.0 };
        }
    }
    let total: f64 = counts.iter().sum();
    for (v, c) in values.iter_mut().zip(&counts) {
        *v = c / total;
    }
}

/// Max^n without pruning: the mover takes the first child best for itself.
fn brute_maxn(state: &MnkGame, depth: u32) -> Vec<f64> {
    let n = state.player_count();
    let mut values = vec![0.0; n];
    match state.turn() {
        Turn::Over => state.rewards(&mut values),
        Turn::Player(_) if depth == 0 => shares(state, &mut values),
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            let mut best: Option<Vec<f64>> = None;
            for m in moves {
                let mut child = *state;
                child.apply(m);
                let v = brute_maxn(&child, depth - 1);
                if best.as_ref().is_none_or(|b| v[p] > b[p]) {
                    best = Some(v);
                }
            }
            values = best.unwrap();
        }
        Turn::Chance => unreachable!("no chance in this game"),
    }
    values
}

/// The paranoid value by plain minimax over the two teams: the root player against all.
fn brute_paranoid(state: &MnkGame, root: usize, depth: u32) -> f64 {
    let mut values = vec![0.0; state.player_count()];
    match state.turn() {
        Turn::Over => {
            state.rewards(&mut values);
            values[root]
        }
        Turn::Player(_) if depth == 0 => {
            shares(state, &mut values);
            values[root]
        }
        Turn::Player(p) => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            let children = moves.into_iter().map(|m| {
                let mut child = *state;
                child.apply(m);
                brute_paranoid(&child, root, depth - 1)
            });
            if p == root {
                children.fold(f64::NEG_INFINITY, f64::max)
            } else {
                children.fold(f64::INFINITY, f64::min)
            }
        }
        Turn::Chance => unreachable!("no chance in this game"),
    }
}

fn mnk_position(players: usize, seed: u64, stones: usize) -> Option<MnkGame> {
    let mut rng = SplitMix64::new(seed);
    let mut state = MnkGame::new(4, 4, 3, players).unwrap();
    for _ in 0..stones {
        let mut moves = Vec::new();
        state.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        state.apply(moves[rng.below(moves.len())]);
    }
    (state.turn() != Turn::Over).then_some(state)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn maxn_with_and_without_pruning_equals_brute_force_maxn(
        seed in any::<u64>(),
        players in 2usize..=4,
        stones in 4usize..10,
        depth in 1u32..4,
    ) {
        let Some(state) = mnk_position(players, seed, stones) else { return Ok(()) };
        let expected = brute_maxn(&state, depth);
        for pruning in [false, true] {
            let r = MaxN::new(shares)
                .with_shallow_pruning(pruning)
                .with_budget(Budget::depth(depth))
                .search(&state)
                .unwrap();
            prop_assert_eq!(&r.values, &expected, "pruning {}\n{}", pruning, state);
        }
    }

    #[test]
    fn paranoid_equals_minimax_of_the_two_teams(
        seed in any::<u64>(),
        players in 2usize..=4,
        stones in 4usize..10,
        depth in 1u32..4,
    ) {
        let Some(state) = mnk_position(players, seed, stones) else { return Ok(()) };
        let Turn::Player(root) = state.turn() else { unreachable!() };
        let r = Paranoid::new(shares).with_budget(Budget::depth(depth)).search(&state).unwrap();
        prop_assert_eq!(r.value, Some(brute_paranoid(&state, root, depth)), "{}", state);
    }
}

/// With two players and a zero-sum game, max^n, paranoid and expectiminimax are minimax:
/// their values on random tic-tac-toe positions (searched to the end) equal the sign of
/// the exact minimax score.
#[test]
fn with_two_players_the_general_engines_are_minimax() {
    let zero = |_: &TicTacToe, v: &mut [f64]| v.fill(0.0);
    for state in random_positions(&TicTacToe::new(), 60, 7, 3) {
        let exact = Minimax::new(ZeroEvaluator)
            .with_budget(Budget::depth(9))
            .search(&state)
            .unwrap()
            .score
            .unwrap();
        let expected = if exact == Score::DRAW {
            0.0
        } else if exact.is_win() {
            1.0
        } else {
            -1.0
        };
        let budget = Budget::depth(9);
        let maxn = MaxN::new(zero)
            .with_budget(budget.clone())
            .search(&state)
            .unwrap();
        let paranoid = Paranoid::new(zero)
            .with_budget(budget.clone())
            .search(&state)
            .unwrap();
        let expecti = Expectimax::new(zero)
            .with_budget(budget)
            .search(&state)
            .unwrap();
        for (name, value) in [
            ("max^n", maxn.value),
            ("paranoid", paranoid.value),
            ("expectimax", expecti.value),
        ] {
            assert_eq!(value, Some(expected), "{name}\n{state}");
        }
    }
}

/// Best-reply search by plain minimax: the root player's layer, then every reply of every
/// other player (the best one counts), alternating.
fn brute_best_reply(state: &MnkGame, root: usize, depth: u32, root_layer: bool) -> f64 {
    use search_core::OutOfTurn;
    let n = state.player_count();
    let mut values = vec![0.0; n];
    match state.turn() {
        Turn::Over => {
            state.rewards(&mut values);
            return values[root];
        }
        _ if depth == 0 => {
            shares(state, &mut values);
            return values[root];
        }
        _ => {}
    }
    let mut results = Vec::new();
    for player in 0..n {
        if (player == root) != root_layer {
            continue;
        }
        let mut moves = Vec::new();
        state.moves_of(player, &mut moves);
        for m in moves {
            let mut child = *state;
            child.apply_as(player, m, if root_layer { (root + 1) % n } else { root });
            results.push(brute_best_reply(&child, root, depth - 1, !root_layer));
        }
    }
    if root_layer {
        results.into_iter().fold(f64::NEG_INFINITY, f64::max)
    } else {
        results.into_iter().fold(f64::INFINITY, f64::min)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn best_reply_equals_brute_force_best_reply_and_is_paranoid_for_two_players(
        seed in any::<u64>(),
        players in 2usize..=4,
        stones in 4usize..10,
        depth in 1u32..4,
    ) {
        let Some(state) = mnk_position(players, seed, stones) else { return Ok(()) };
        let Turn::Player(root) = state.turn() else { unreachable!() };
        let r = adversarial::BestReply::new(shares).with_budget(Budget::depth(depth)).search(&state).unwrap();
        prop_assert_eq!(r.value, Some(brute_best_reply(&state, root, depth, true)), "{}", state);
        if players == 2 {
            let p = Paranoid::new(shares).with_budget(Budget::depth(depth)).search(&state).unwrap();
            prop_assert_eq!(r.value, p.value);
        }
    }
}
