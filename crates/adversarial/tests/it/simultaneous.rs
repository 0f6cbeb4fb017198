//! Simultaneous moves: matrix games against their published solutions (rock-paper-scissors,
//! matching pennies, a game solved by removing dominated strategies) and against optimality
//! certificates on random matrices; Goofspiel's value 0; and the exact solver against CFR+
//! on the same game played sequentially.

use adversarial::{Cfr, GameTree, SimultaneousSolver, solve_matrix_game};
use games::Goofspiel;
use search_core::{
    Budget, BudgetError, BudgetField, SearchError, Sequential, SimultaneousGame, SplitMix64,
};

fn close(a: &[f64], b: &[f64], tolerance: f64) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tolerance)
}

#[test]
fn rock_paper_scissors_and_matching_pennies() {
    let rps = [0.0, -1.0, 1.0, 1.0, 0.0, -1.0, -1.0, 1.0, 0.0];
    let s = solve_matrix_game(&rps, 3, 3).unwrap();
    assert!(s.value.abs() < 1e-12);
    assert!(close(&s.row, &[1.0 / 3.0; 3], 1e-12), "{s:?}");
    assert!(close(&s.column, &[1.0 / 3.0; 3], 1e-12), "{s:?}");
    let pennies = [1.0, -1.0, -1.0, 1.0];
    let s = solve_matrix_game(&pennies, 2, 2).unwrap();
    assert!(s.value.abs() < 1e-12);
    assert!(close(&s.row, &[0.5; 2], 1e-12) && close(&s.column, &[0.5; 2], 1e-12));
}

#[test]
fn dominated_strategies_get_no_weight() {
    // Row 3 is dominated by row 1 and column 3 by column 1; what is left,
    // [[2, -1], [-1, 1]], has no saddle point: the row player plays (2/5, 3/5), the column
    // player (2/5, 3/5), and the value is (2·1 − (−1)(−1)) / (2 + 1 + 1 + 1) = 1/5.
    let game = [2.0, -1.0, 3.0, -1.0, 1.0, 2.0, 0.0, -2.0, 1.0];
    let s = solve_matrix_game(&game, 3, 3).unwrap();
    assert!((s.value - 0.2).abs() < 1e-12, "{s:?}");
    assert!(close(&s.row, &[0.4, 0.6, 0.0], 1e-12), "{s:?}");
    assert!(close(&s.column, &[0.4, 0.6, 0.0], 1e-12), "{s:?}");
    // A saddle point: pure strategies.
    let s = solve_matrix_game(&[3.0, 1.0, 4.0, 2.0], 2, 2).unwrap();
    assert!((s.value - 2.0).abs() < 1e-12);
    assert!(close(&s.row, &[0.0, 1.0], 1e-12) && close(&s.column, &[0.0, 1.0], 1e-12));
}

/// On random matrices, the strategies prove the value: the row strategy earns at least the
/// value against every column, and the column strategy concedes at most the value to every
/// row. Small integer payoffs make ties and degenerate programs common.
#[test]
fn random_matrix_games_come_with_a_certificate() {
    let mut rng = SplitMix64::new(5);
    for case in 0..500 {
        let rows = 1 + rng.below(6);
        let columns = 1 + rng.below(7);
        let integers = case % 2 == 0;
        let payoffs: Vec<f64> = (0..rows * columns)
            .map(|_| {
                if integers {
                    rng.below(5) as f64 - 2.0
                } else {
                    rng.next_f64() * 10.0 - 5.0
                }
            })
            .collect();
        let s = solve_matrix_game(&payoffs, rows, columns).unwrap();
        for p in [&s.row, &s.column] {
            assert!(p.iter().all(|&x| x >= 0.0));
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
        for j in 0..columns {
            let earned: f64 = (0..rows).map(|i| s.row[i] * payoffs[i * columns + j]).sum();
            assert!(earned >= s.value - 1e-9, "case {case}: column {j}");
        }
        for i in 0..rows {
            let conceded: f64 = (0..columns)
                .map(|j| s.column[j] * payoffs[i * columns + j])
                .sum();
            assert!(conceded <= s.value + 1e-9, "case {case}: row {i}");
        }
    }
    assert!(solve_matrix_game(&[1.0, 2.0, 3.0], 2, 2).is_err());
    assert!(solve_matrix_game(&[], 0, 0).is_err());
    assert!(solve_matrix_game(&[f64::NAN], 1, 1).is_err());
}

#[test]
fn goofspiel_is_worth_nothing_to_either_player() {
    for cards in [1, 2, 3, 4, 5] {
        let s = SimultaneousSolver::new()
            .solve(&Goofspiel::new(cards).unwrap())
            .unwrap();
        assert!(s.value.abs() < 1e-9, "{cards} cards: {}", s.value);
        assert!((s.first_round.value - s.value).abs() < 1e-12);
        assert_eq!(s.moves[0].len(), cards);
        assert!(s.stats.nodes > 0 && s.stats.leaves > 0);
    }
    let shuffled = Goofspiel::with_prizes(&[2, 4, 1, 3]).unwrap();
    let s = SimultaneousSolver::new().solve(&shuffled).unwrap();
    assert!(s.value.abs() < 1e-9);
}

/// Rounds of matrix games whose payoffs add up: round `k`'s matrix depends on the joint
/// moves so far (drawn from a seeded table), player 0 gets the sum. Not symmetric: its
/// value is not 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Rounds {
    table: Vec<i8>,
    moves: [u8; 2],
    rounds: usize,
    played: Vec<u8>,
    total: i32,
}

impl Rounds {
    fn new(seed: u64, moves: [u8; 2], rounds: usize) -> Self {
        let mut rng = SplitMix64::new(seed);
        let table = (0..4096).map(|_| rng.below(9) as i8 - 4).collect();
        Rounds {
            table,
            moves,
            rounds,
            played: Vec::new(),
            total: 0,
        }
    }
}

impl SimultaneousGame for Rounds {
    type Move = u8;
    const REWARD_SUM: Option<f64> = Some(0.0);
    fn player_count(&self) -> usize {
        2
    }
    fn is_over(&self) -> bool {
        self.played.len() >= 2 * self.rounds
    }
    fn moves_of(&self, player: usize, moves: &mut Vec<u8>) {
        if !self.is_over() {
            moves.extend(0..self.moves[player]);
        }
    }
    fn apply_joint(&mut self, joint: &[u8]) {
        let mut index: usize = 17;
        for &m in self.played.iter().chain(joint) {
            index = (index * 31 + usize::from(m) + 1) % self.table.len();
        }
        self.total += i32::from(self.table[index]);
        self.played.extend_from_slice(&joint[..2]);
    }
    fn rewards(&self, r: &mut [f64]) {
        r[0] = f64::from(self.total);
        r[1] = -r[0];
    }
    fn reward_range(&self) -> (f64, f64) {
        let bound = 4.0 * self.rounds as f64;
        (-bound, bound)
    }
}

impl std::fmt::Display for Rounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}, total {}", self.played, self.total)
    }
}

#[test]
fn the_exact_solver_agrees_with_cfr_plus_on_the_sequential_game() {
    for seed in 0..4 {
        let game = Rounds::new(seed, [3, 2], 2);
        let exact = SimultaneousSolver::new().solve(&game).unwrap();
        let tree = GameTree::new(&Sequential::new(game)).unwrap();
        let cfr = Cfr::new(&tree)
            .with_budget(Budget::iterations(100_000))
            .with_target_exploitability(1e-6)
            .run()
            .unwrap();
        // (These small games with tied payoffs converge slowly: 100,000 iterations leave
        // exploitabilities of 2e-5 to 1e-4.) An exploitability e puts the value of the average strategy within 2e of the
        // game's value.
        let e = cfr.exploitability.unwrap();
        assert!(e <= 1e-4, "seed {seed}: {cfr}");
        assert!(
            (cfr.values[0] - exact.value).abs() <= 2.0 * e + 1e-9,
            "seed {seed}: exact {} vs CFR+ {}",
            exact.value,
            cfr.values[0]
        );
    }
    let game = Rounds::new(9, [2, 3], 3);
    search_core::testing::Conformance::new()
        .check_imperfect(&Sequential::new(game.clone()))
        .unwrap();
    assert!(
        SimultaneousSolver::new().solve(&game).unwrap().value.abs() > 1e-6,
        "a game whose value is not 0, so that agreeing means something"
    );
}

#[test]
fn the_exact_solver_refuses_what_it_cannot_do() {
    let goofspiel = Goofspiel::new(5).unwrap();
    let e = SimultaneousSolver::new()
        .with_budget(Budget::depth(3))
        .solve(&goofspiel)
        .unwrap_err();
    assert!(matches!(
        e,
        SearchError::Budget(BudgetError::Unsupported {
            field: BudgetField::Depth,
            ..
        })
    ));
    let e = SimultaneousSolver::new()
        .with_budget(Budget::nodes(10))
        .solve(&goofspiel)
        .unwrap_err();
    assert!(matches!(e, SearchError::Config(_)), "{e}");
    let mut over = Goofspiel::new(1).unwrap();
    over.apply_joint(&[1, 1]);
    assert_eq!(
        SimultaneousSolver::new().solve(&over).unwrap_err(),
        SearchError::GameOver
    );
}
