//! `SmMcts` against the exact solvers of `adversarial`: matrix games solved by the simplex
//! method, and a two-round game solved round by round.

use adversarial::{SimultaneousSolver, solve_matrix_game};
use mcts::{SmMcts, SmResult, SmSelection};
use search_core::{Budget, SearchError, SimultaneousGame, StopFlag};

/// A zero-sum matrix game played once, or twice: the second round's matrix is `second`
/// when the first round's moves matched, `first` otherwise. Player 0 chooses the row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Matrix {
    rows: u8,
    columns: u8,
    first: Vec<i32>,
    second: Option<Vec<i32>>,
    played: Vec<[u8; 2]>,
}

impl Matrix {
    fn once(rows: u8, columns: u8, payoffs: &[i32]) -> Self {
        Matrix {
            rows,
            columns,
            first: payoffs.to_vec(),
            second: None,
            played: Vec::new(),
        }
    }

    fn rounds(&self) -> usize {
        1 + usize::from(self.second.is_some())
    }

    fn payoff(&self, round: usize, [a, b]: [u8; 2]) -> f64 {
        let matrix = if round == 1 && self.played[0][0] == self.played[0][1] {
            self.second.as_ref().unwrap_or(&self.first)
        } else {
            &self.first
        };
        f64::from(matrix[usize::from(a) * usize::from(self.columns) + usize::from(b)])
    }
}

impl SimultaneousGame for Matrix {
    type Move = u8;
    const REWARD_SUM: Option<f64> = Some(0.0);
    fn player_count(&self) -> usize {
        2
    }
    fn is_over(&self) -> bool {
        self.played.len() >= self.rounds()
    }
    fn moves_of(&self, player: usize, moves: &mut Vec<u8>) {
        if !self.is_over() {
            moves.extend(0..if player == 0 { self.rows } else { self.columns });
        }
    }
    fn apply_joint(&mut self, joint: &[u8]) {
        self.played.push([joint[0], joint[1]]);
    }
    fn rewards(&self, r: &mut [f64]) {
        let total: f64 = (0..self.played.len())
            .map(|k| self.payoff(k, self.played[k]))
            .sum();
        r[0] = total;
        r[1] = -total;
    }
    fn reward_range(&self) -> (f64, f64) {
        let top = self
            .first
            .iter()
            .chain(self.second.iter().flatten())
            .map(|p| p.abs())
            .max();
        let top = f64::from(top.unwrap_or(0)) * self.rounds() as f64;
        (-top, top)
    }
}

fn probabilities(r: &SmResult<u8>, player: usize) -> Vec<f64> {
    r.strategies[player].iter().map(|m| m.probability).collect()
}

/// How much each player could gain by deviating from the strategies of `r` in the matrix
/// game `payoffs` (rows × columns, for the row player), against its exact value.
fn exploitability(r: &SmResult<u8>, payoffs: &[i32], rows: usize, columns: usize) -> f64 {
    let exact = solve_matrix_game(
        &payoffs.iter().map(|&p| f64::from(p)).collect::<Vec<_>>(),
        rows,
        columns,
    )
    .unwrap();
    let (x, y) = (probabilities(r, 0), probabilities(r, 1));
    let a = |i: usize, j: usize| f64::from(payoffs[i * columns + j]);
    let row_guarantee = (0..columns)
        .map(|j| (0..rows).map(|i| x[i] * a(i, j)).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    let column_concedes = (0..rows)
        .map(|i| (0..columns).map(|j| y[j] * a(i, j)).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    (exact.value - row_guarantee) + (column_concedes - exact.value)
}

const RPS: [i32; 9] = [0, -1, 1, 1, 0, -1, -1, 1, 0];

fn rm(iterations: u64, seed: u64) -> SmMcts {
    SmMcts::new()
        .with_seed(seed)
        .with_selection(SmSelection::RegretMatching { gamma: 0.1 })
        .with_budget(Budget::iterations(iterations))
}

#[test]
fn rock_paper_scissors_converges_near_uniform() {
    let game = Matrix::once(3, 3, &RPS);
    for seed in 0..3 {
        let r = rm(40_000, seed).search(&game).unwrap();
        for p in 0..2 {
            for q in probabilities(&r, p) {
                assert!(
                    (q - 1.0 / 3.0).abs() < 0.05,
                    "seed {seed}: {:?}",
                    r.strategies
                );
            }
        }
        assert!(exploitability(&r, &RPS, 3, 3) < 0.1);
    }
    let duct = SmMcts::new()
        .with_selection(SmSelection::DecoupledUct { c: 0.7 })
        .with_budget(Budget::iterations(40_000))
        .search(&game)
        .unwrap();
    for p in 0..2 {
        for q in probabilities(&duct, p) {
            assert!((q - 1.0 / 3.0).abs() < 0.1, "{:?}", duct.strategies);
        }
    }
}

#[test]
fn a_dominated_move_gets_almost_no_weight() {
    // Row 2 is worse than row 0 against every column; the game is biased (value != 0).
    let payoffs = [2, -1, 0, -1, 1, 0, 1, -2, 1, -2, -1, -2];
    let (rows, columns) = (3, 4);
    let game = Matrix::once(3, 4, &payoffs);
    let exact = solve_matrix_game(
        &payoffs.iter().map(|&p| f64::from(p)).collect::<Vec<_>>(),
        rows,
        columns,
    )
    .unwrap();
    assert!(exact.row[2] < 1e-9, "the oracle agrees: {exact:?}");
    for seed in 0..3 {
        let r = rm(40_000, seed).search(&game).unwrap();
        let x = probabilities(&r, 0);
        assert!(x[2] < 0.05, "seed {seed}: {x:?}");
        assert!(
            exploitability(&r, &payoffs, rows, columns) < 0.15,
            "{:?}",
            r.strategies
        );
    }
}

#[test]
fn the_value_of_a_two_round_game_is_near_the_exact_one() {
    let game = Matrix {
        rows: 2,
        columns: 2,
        first: vec![3, -1, -2, 1],
        second: Some(vec![-1, 2, 1, 0]),
        played: Vec::new(),
    };
    let exact = SimultaneousSolver::new().solve(&game).unwrap();
    let r = rm(100_000, 7).search(&game).unwrap();
    // The value for player 0: the mean reward of its strategy, back in game units.
    let (low, high) = game.reward_range();
    let mean: f64 = r.strategies[0].iter().map(|m| m.probability * m.mean).sum();
    let value = low + mean * (high - low);
    assert!(
        (value - exact.value).abs() < 0.15,
        "{value} vs {}",
        exact.value
    );
    for (found, optimal) in probabilities(&r, 0).iter().zip(&exact.first_round.row) {
        assert!(
            (found - optimal).abs() < 0.1,
            "{:?} vs {:?}",
            r.strategies,
            exact.first_round
        );
    }
}

#[test]
fn seeds_budgets_and_errors() {
    let game = Matrix::once(3, 3, &RPS);
    let run = |seed| rm(3_000, seed).search(&game).unwrap().strategies;
    assert_eq!(run(4), run(4));
    assert_ne!(run(4), run(5));
    let r = rm(1_234, 0).search(&game).unwrap();
    assert_eq!(r.stats.iterations, 1_234);
    let visits: u64 = r.strategies[0].iter().map(|m| m.visits).sum();
    assert_eq!(visits, 1_234);
    let nodes = SmMcts::new()
        .with_budget(Budget::nodes(500))
        .search(&game)
        .unwrap();
    assert!(nodes.stats.nodes >= 500 && nodes.stats.nodes <= 502);
    let capped = rm(1_000, 0).with_node_cap(3).search(&game).unwrap();
    assert_eq!(capped.tree_size, 3);
    let flag = StopFlag::new();
    flag.stop();
    let stopped = SmMcts::new()
        .with_budget(Budget::new().with_stop(flag))
        .search(&game);
    assert_eq!(stopped.unwrap().stats.iterations, 0);
    for budget in [Budget::iterations(0), Budget::new(), Budget::depth(2)] {
        let e = SmMcts::new().with_budget(budget).search(&game);
        assert!(matches!(e, Err(SearchError::Budget(_))));
    }
    for selection in [
        SmSelection::DecoupledUct { c: f64::NAN },
        SmSelection::DecoupledUct { c: -1.0 },
        SmSelection::RegretMatching { gamma: 0.0 },
        SmSelection::RegretMatching { gamma: 1.5 },
    ] {
        let e = SmMcts::new().with_selection(selection).search(&game);
        assert!(matches!(e, Err(SearchError::Config(_))));
    }
    assert!(matches!(
        SmMcts::new().with_node_cap(0).search(&game),
        Err(SearchError::Config(_))
    ));
    let mut over = game.clone();
    over.apply_joint(&[0, 0]);
    assert_eq!(
        SmMcts::new().search(&over).unwrap_err(),
        SearchError::GameOver
    );
}

#[test]
fn random_matrix_games_are_solved_near_the_simplex_solution() {
    let mut rng = search_core::SplitMix64::new(2024);
    for case in 0..12 {
        let rows = 2 + rng.below(3);
        let columns = 2 + rng.below(3);
        let payoffs: Vec<i32> = (0..rows * columns)
            .map(|_| rng.below(9) as i32 - 4)
            .collect();
        if payoffs.iter().all(|&p| p == payoffs[0]) {
            continue;
        }
        let game = Matrix::once(rows as u8, columns as u8, &payoffs);
        let r = rm(60_000, case).search(&game).unwrap();
        let e = exploitability(&r, &payoffs, rows, columns);
        // Within 5 % of the payoffs' span of the value, summed over both players.
        let span = f64::from(payoffs.iter().max().unwrap() - payoffs.iter().min().unwrap());
        assert!(
            e < 0.05 * span,
            "case {case}: {rows}x{columns} {payoffs:?}: {e} {:?}",
            r.strategies
        );
    }
}
