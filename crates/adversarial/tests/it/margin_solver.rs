//! The margin solver (null-window probes, a table keyed without what is banked, replacement
//! when full) against a brute force written here, on random positions of Kalah under each
//! rule variant and of Dots and Boxes; and what it reports when stopped early.

use crate::common;
use common::brute_margin;

use std::collections::HashMap;

use adversarial::MarginSolver;
use games::{DotsAndBoxes, Kalah, KalahCapture, KalahRules, KalahSweep};
use proptest::prelude::*;
use search_core::{Budget, Game, GameHash, Player, SplitMix64};

/// `plies` random moves from `state` (fewer if the game ends first: the last ongoing
/// position is kept).
fn walk<G: Game>(state: &G, plies: usize, seed: u64) -> G {
    let mut rng = SplitMix64::new(seed);
    let mut s = state.clone();
    for _ in 0..plies {
        let moves = s.legal_move_list();
        let mut next = s.clone();
        next.play(moves[rng.below(moves.len())]);
        if next.outcome().is_over() {
            break;
        }
        s = next;
    }
    s
}

fn rules() -> impl Strategy<Value = KalahRules> {
    (
        prop::sample::select(vec![KalahCapture::OppositeNotEmpty, KalahCapture::Empty]),
        prop::sample::select(vec![
            KalahSweep::Owner,
            KalahSweep::Emptier,
            KalahSweep::Discard,
        ]),
    )
        .prop_map(|(capture, sweep)| KalahRules { capture, sweep })
}

/// Checks the solver's margin and move at `state` against the brute force, with a table
/// of `entries` positions.
fn check<G: GameHash + Copy + Eq + std::hash::Hash + std::fmt::Display>(
    state: &G,
    entries: usize,
    guess: Option<i32>,
) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let expected = brute_margin(state, &mut memo);
    let mut solver = MarginSolver::new().with_table_entries(entries);
    if let Some(g) = guess {
        solver = solver.with_first_guess(g);
    }
    let s = solver.solve(state).unwrap();
    prop_assert_eq!(s.margin, Some(expected), "{}", state);
    prop_assert_eq!(s.bounds, (Some(expected), Some(expected)));
    let mut after = *state;
    after.play(s.best_move.unwrap());
    prop_assert_eq!(
        brute_margin(&after, &mut memo),
        expected,
        "the move\n{}",
        state
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn kalah_positions_under_every_rule(
        rules in rules(),
        pits in 2usize..=4,
        stones in 1u8..=3,
        plies in 0usize..20,
        seed in any::<u64>(),
        entries in prop::sample::select(vec![0usize, 2, 64, 1 << 16]),
        guess in prop::option::of(-12i32..=12),
    ) {
        let start = Kalah::new(pits, stones).unwrap().with_rules(rules);
        check(&walk(&start, plies, seed), entries, guess)?;
    }

    #[test]
    fn dots_and_boxes_positions(
        (rows, cols) in prop::sample::select(vec![(1usize, 2usize), (2, 2), (1, 3), (2, 3)]),
        plies in 0usize..12,
        seed in any::<u64>(),
        entries in prop::sample::select(vec![0usize, 2, 64, 1 << 16]),
        guess in prop::option::of(-6i32..=6),
    ) {
        let start = DotsAndBoxes::new(rows, cols).unwrap();
        check(&walk(&start, plies, seed), entries, guess)?;
    }
}

/// Stopped by its budget, the solver reports bounds that hold, and no margin.
#[test]
fn a_stopped_solve_reports_true_bounds() {
    let game = Kalah::new(4, 3)
        .unwrap()
        .with_rules(KalahRules::EMPTY_CAPTURE);
    let exact = MarginSolver::new().solve(&game).unwrap();
    let margin = exact.margin.unwrap();
    for nodes in [1, 10, 100, 1_000, 5_000] {
        let s = MarginSolver::new()
            .with_budget(Budget::nodes(nodes))
            .solve(&game)
            .unwrap();
        if s.complete {
            assert_eq!(s.margin, Some(margin));
            continue;
        }
        assert!(s.margin.is_none() && s.best_move.is_none());
        let (lo, hi) = s.bounds;
        assert!(lo.is_none_or(|lo| lo <= margin), "{s}");
        assert!(hi.is_none_or(|hi| hi >= margin), "{s}");
        assert!(s.stats.nodes <= nodes, "{s}");
    }
}

/// Positions that differ only in their stores share a table entry, and what is still to
/// come is the same for both: the promise of the banked hooks, on every reachable position.
#[test]
fn kalah_stores_are_banked() {
    for rules in [KalahRules::COMMON, KalahRules::EMPTY_CAPTURE] {
        let start = Kalah::new(3, 2).unwrap().with_rules(rules);
        let mut memo = HashMap::new();
        let mut seen = std::collections::HashSet::from([start]);
        let mut todo = vec![start];
        // unbanked key -> (the margin still to come for the side to move, the stores seen)
        let mut by_key: HashMap<u64, (i32, [u8; 2])> = HashMap::new();
        let mut shared = 0;
        while let Some(state) = todo.pop() {
            if state.outcome().is_over() {
                continue;
            }
            let rest = brute_margin(&state, &mut memo) - state.banked_margin();
            let rest = if state.to_move() == Player::First {
                rest
            } else {
                -rest
            };
            if let Some((other, stores)) =
                by_key.insert(state.unbanked_key(), (rest, state.stores()))
            {
                assert_eq!(other, rest, "{state}");
                shared += usize::from(stores != state.stores());
            }
            for mv in state.legal_move_list() {
                let mut child = state;
                child.play(mv);
                if seen.insert(child) {
                    todo.push(child);
                }
            }
        }
        assert!(shared > 100, "only {shared} positions share an entry");
    }
}

/// A game that never ends: one move, the turn passing, a new position every ply.
#[derive(Clone, Debug, PartialEq)]
struct Endless(u64);

impl Game for Endless {
    type Move = ();
    fn to_move(&self) -> Player {
        if self.0 % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, moves: &mut Vec<()>) {
        moves.push(());
    }
    fn play(&mut self, (): ()) {
        self.0 += 1;
    }
    fn outcome(&self) -> search_core::Outcome {
        search_core::Outcome::Ongoing
    }
}

impl GameHash for Endless {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        self.0
    }
}

#[test]
fn a_game_that_never_ends_is_too_long_not_an_unbounded_walk() {
    // Without a limit the walk would go on until the memory runs out; with one it stops at
    // the deepest ply a search allows, having visited one node per ply.
    let err = MarginSolver::new().solve(&Endless(0)).unwrap_err();
    assert_eq!(
        err,
        search_core::SearchError::GameTooLong {
            max_plies: Budget::MAX_DEPTH
        }
    );
}
