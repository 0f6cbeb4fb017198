//! 6 × 6 Reversi (`games::reversi`) with the workspace's engines: the evaluator passes
//! `adversarial`'s property checks (alpha-beta with every option agrees with plain minimax),
//! the symmetry check catches a wrong evaluator, and alpha-beta and MCTS beat the one-ply
//! player and random play in seeded matches (`play::Arena`). `docs/guide-your-own-game.md`
//! quotes the blocks between `ANCHOR` markers (`crates/games/tests/it/reversi.rs` checks
//! the quotes).

use games::reversi::{Greedy, Reversi, Weights};
use play::Arena;
use search_core::{Game, Player, RandomMover};

use engines_as_quoted::{alpha_beta, mcts};

/// The engines as the guide quotes them: in a module of their own whose `use` lines are
/// part of the quote, so that the guide's block compiles as shown.
mod engines_as_quoted {
    // ANCHOR: engines
    use adversarial::{Negamax, TranspositionTable};
    use games::reversi::{Reversi, Weights};
    use mcts::Mcts;
    use search_core::Budget;

    /// Alpha-beta: negamax with iterative deepening to `depth` plies, the evaluator of
    /// section 5, a transposition table and random tie-breaks from `seed`.
    pub fn alpha_beta(seed: u64, depth: u32) -> Negamax<Weights, TranspositionTable> {
        let table = TranspositionTable::with_megabytes(4).expect("a 4 MiB table");
        Negamax::new(Weights::DEFAULT)
            .with_table(table)
            .with_random_ties(true)
            .with_seed(seed)
            .with_budget(Budget::depth(depth))
    }

    /// MCTS: `playouts` random playouts per move; it needs no evaluator.
    pub fn mcts(seed: u64, playouts: u64) -> Mcts<Reversi> {
        Mcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(playouts))
    }
    // ANCHOR_END: engines
}

/// The property test as the guide quotes it, in a module without imports (see above).
mod evaluator_properties_as_quoted {
    // ANCHOR: evaluator_properties
    /// The evaluator scores from the side to move (passing the turn negates it, as a
    /// "mine minus yours" evaluator of a partisan game must), alpha-beta with every option
    /// returns plain minimax's value and the move-order hints change only the node count,
    /// on random positions; and the one-ply player's view (a finished game by its outcome,
    /// then the evaluator) ranks a won game above every open one, a lost one below.
    #[test]
    fn the_evaluator_passes_the_property_checks() {
        use adversarial::testing::{
            check_hints_preserve_value, check_matches_minimax, check_symmetric,
            check_terminal_order,
        };
        use games::reversi::{Reversi, Weights};
        use proptest::prelude::*;
        use search_core::testing::{ongoing_state, reachable_state};
        use search_core::{Evaluator, Game};

        let pass_the_turn = |s: &Reversi| s.with_to_move(s.to_move().opponent());
        let one_ply = |s: &Reversi| match s.outcome().value_for(s.to_move()) {
            Some(result) => result * 1_000_000,
            None => Weights::DEFAULT.evaluate(s),
        };
        let config = ProptestConfig::with_cases(48);
        proptest!(config, |(s in ongoing_state(Reversi::new(), 40))| {
            let r = check_symmetric(&Weights::DEFAULT, &s, pass_the_turn);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            let r = check_matches_minimax(&Weights::DEFAULT, &s, 3);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            let r = check_hints_preserve_value(&Weights::DEFAULT, &s, 3);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        });
        let (a, b) = (
            reachable_state(Reversi::new(), 60),
            reachable_state(Reversi::new(), 60),
        );
        proptest!(config, |(a in a, b in b)| {
            let r = check_terminal_order(&one_ply, &a, &b);
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        });
    }
    // ANCHOR_END: evaluator_properties
}

/// The exact solvers on a Reversi endgame, as the guide quotes them (see above).
mod solvers_as_quoted {
    // ANCHOR: solver
    /// With ten empty squares left, the exact solver proves who wins and finds a move that
    /// does, `analyze` gives every move's exact value (best first), and the margin solver
    /// proves by how many discs; the two agree on who wins.
    #[test]
    fn the_solvers_prove_an_endgame() {
        use adversarial::{MarginSolver, Solver};
        use games::reversi::Reversi;
        use search_core::{Budget, Game, MoveValue, Player, RandomMover, Strategy};

        // A position with ten empty squares, from a seeded random game.
        let mut position = Reversi::new();
        let mut random = RandomMover::new(3);
        while position.count(Player::First) + position.count(Player::Second) < 26 {
            let mv = random.choose_move(&position).expect("the game goes on");
            position.play(mv);
        }

        let mut solver = Solver::new().with_budget(Budget::nodes(20_000_000));
        let best = solver.best_move(&position).unwrap(); // win, draw or loss, in plies
        let values = solver.analyze(&position).unwrap(); // every move, best first
        assert_eq!(values[0].value, MoveValue::Exact(best.score));

        let exact = MarginSolver::new().solve(&position).unwrap();
        let margin = exact.margin.unwrap(); // X's discs minus O's, with best play
        let for_mover = match position.to_move() {
            Player::First => margin,
            Player::Second => -margin,
        };
        assert_eq!(for_mover > 0, best.score.is_win());
        assert_eq!(for_mover < 0, best.score.is_loss());
    }
    // ANCHOR_END: solver
}

/// The property check catches an evaluator that counts the first player's discs,
/// whoever is to move.
#[test]
fn the_symmetry_check_catches_a_fixed_point_of_view() {
    use adversarial::testing::check_symmetric;
    let black_view = |s: &Reversi| s.count(Player::First) as i32 - s.count(Player::Second) as i32;
    let pass_the_turn = |s: &Reversi| s.with_to_move(s.to_move().opponent());
    let mut s = Reversi::new();
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    s.play(moves[0]);
    let err = check_symmetric(&black_view, &s, pass_the_turn).unwrap_err();
    assert!(err.to_string().contains("negamax symmetry"), "{err}");
}

#[test]
fn the_search_engines_beat_the_one_ply_player_and_random_play() {
    let report = Arena::new(Reversi::new())
        .with_engine(|s| alpha_beta(s, 8))
        .with_engine(|s| Greedy::new(Weights::DEFAULT, s))
        .with_games(8)
        .with_seed(4)
        .with_opening_plies(4)
        .run()
        .unwrap();
    assert!(
        report.tally().unwrap().score_interval().low > 0.5,
        "{report}"
    );
    assert!(report.names[0].starts_with("negamax"), "{report}");
    assert_eq!(report.names[1], "greedy", "{report}");
    // A small MCTS (debug builds are slow) against random play.
    let report = Arena::new(Reversi::new())
        .with_engine(|s| mcts(s, 1_000))
        .with_engine(RandomMover::new)
        .with_games(10)
        .with_seed(4)
        .run()
        .unwrap();
    assert!(
        report.tally().unwrap().score_interval().low > 0.5,
        "{report}"
    );
}

#[test]
fn greedy_beats_random_clearly() {
    let report = Arena::new(Reversi::new())
        .with_engine(|s| Greedy::new(Weights::DEFAULT, s))
        .with_engine(RandomMover::new)
        .with_games(60)
        .with_seed(2)
        .with_opening_plies(2)
        .run()
        .unwrap();
    let tally = report.tally().unwrap();
    assert_eq!(tally.games(), 60);
    assert!(tally.score_interval().low > 0.5, "{report}");
}

/// The match as the guide quotes it, in a module without imports (see above).
mod match_as_quoted {
    // ANCHOR: match
    /// Is the full evaluator better than counting discs? Only if the whole 95 % interval
    /// of its score lies above one half.
    #[test]
    fn the_full_evaluator_beats_counting_discs() {
        use games::reversi::{Greedy, Reversi, Weights};
        use play::Arena;

        let report = Arena::new(Reversi::new())
            .with_engine(|s| Greedy::new(Weights::DEFAULT, s))
            .with_engine(|s| Greedy::new(Weights::MATERIAL, s).with_name("material"))
            .with_games(100)
            .with_seed(3)
            .with_opening_plies(4)
            .run()
            .unwrap();
        let tally = report.tally().unwrap();
        assert!(tally.score_interval().low > 0.5, "{report}");
    }
    // ANCHOR_END: match
}
