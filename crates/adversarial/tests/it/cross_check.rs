//! Every engine and option combination returns exactly plain minimax's root value at the
//! same depth, on random reachable positions, with a deterministic pseudo-random evaluator.

use std::sync::Arc;

use adversarial::{AlphaBeta, Minimax, MoveOrdering, Negamax, Replacement, TranspositionTable};
use games::{ConnectFour, TicTacToe};
use proptest::prelude::*;
use search_core::testing::ongoing_state;
use search_core::{Budget, Game, GameHash, Score};

/// A pseudo-random but deterministic evaluation: a mix of the state's key, in -50..=50,
/// with many ties (so ordering and tie handling are exercised).
fn noise<G: GameHash>(state: &G) -> i32 {
    let h = state
        .hash_key()
        .wrapping_add(0x1234_5678)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 40) % 101) as i32 - 50
}

fn variants<G>(state: &G, depth: u32) -> Vec<(String, Option<Score>)>
where
    G: GameHash + Sync + std::fmt::Debug,
    G::Move: Send,
{
    let budget = Budget::depth(depth);
    let mut out = Vec::new();
    let ab = AlphaBeta::new(noise::<G>)
        .with_budget(budget.clone())
        .search(state)
        .unwrap();
    out.push(("alphabeta".to_string(), ab.score));
    for pvs in [false, true] {
        for ordering in [MoveOrdering::none(), MoveOrdering::all()] {
            for iterative in [false, true] {
                for hooks in [false, true] {
                    let name = format!(
                        "pvs={pvs} ordering={} id={iterative} hooks={hooks}",
                        ordering.hints
                    );
                    let base = Negamax::new(noise::<G>)
                        .with_pvs(pvs)
                        .with_move_ordering(ordering)
                        .with_iterative_deepening(iterative)
                        .with_game_hooks(hooks)
                        .with_budget(budget.clone());
                    let mut plain = base;
                    let r = plain.search(state).unwrap();
                    out.push((format!("{name} table=none"), r.score));
                    for replacement in [Replacement::DepthPreferred, Replacement::Always] {
                        let table = TranspositionTable::new(1 << 14)
                            .unwrap()
                            .with_replacement(replacement);
                        let mut engine = Negamax::new(noise::<G>)
                            .with_pvs(pvs)
                            .with_move_ordering(ordering)
                            .with_iterative_deepening(iterative)
                            .with_game_hooks(hooks)
                            .with_min_table_plies(u32::from(pvs))
                            .with_prefetch(replacement == Replacement::DepthPreferred)
                            .with_table(Arc::new(table))
                            .with_budget(budget.clone());
                        let r = engine.search(state).unwrap();
                        out.push((
                            format!(
                                "{name} table={replacement:?} prefetch={}",
                                replacement == Replacement::DepthPreferred
                            ),
                            r.score,
                        ));
                    }
                }
            }
        }
    }
    let mut par = Negamax::new(noise::<G>)
        .with_table(Arc::new(TranspositionTable::new(1 << 16).unwrap()))
        .with_budget(budget.clone())
        .with_threads(2);
    let r = par.search(state).unwrap();
    out.push(("lazy smp x2".to_string(), r.score));
    let mut ties = Negamax::new(noise::<G>)
        .with_random_ties(true)
        .with_seed(7)
        .with_budget(budget.clone());
    out.push(("random ties".to_string(), ties.search(state).unwrap().score));
    out
}

fn check<G>(state: &G, depth: u32) -> Result<(), TestCaseError>
where
    G: GameHash + Sync + std::fmt::Debug,
    G::Move: Send,
{
    let reference = Minimax::new(noise::<G>)
        .with_budget(Budget::depth(depth))
        .search(state)
        .unwrap();
    prop_assert!(reference.score.is_some());
    for (name, score) in variants(state, depth) {
        prop_assert_eq!(
            score,
            reference.score,
            "{} on {:?} at depth {}",
            name,
            state,
            depth
        );
    }
    // The reference's principal variation is made of legal moves and ends where it should.
    let mut g = state.clone();
    for &mv in &reference.pv {
        prop_assert!(g.try_play(mv).is_ok());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn tictactoe_engines_agree_with_minimax(state in ongoing_state(TicTacToe::new(), 8), depth in 1u32..=7) {
        check(&state, depth)?;
    }

    #[test]
    fn connect4_engines_agree_with_minimax(state in ongoing_state(ConnectFour::new(), 30), depth in 1u32..=4) {
        check(&state, depth)?;
    }
}

#[test]
fn negamax_pv_is_legal_and_starts_with_the_best_move() {
    let g: ConnectFour = "4453".parse().unwrap();
    let mut e = Negamax::new(games::ThreatEvaluator)
        .with_table_mb(4)
        .with_budget(Budget::depth(8));
    let r = e.search(&g).unwrap();
    assert_eq!(r.pv[0], r.best_move);
    let mut s = g;
    for &mv in &r.pv {
        s.try_play(mv).unwrap();
    }
}

/// Connect Four without any declared promise or fast hook: the engines' generic paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Undeclared(ConnectFour);

impl Game for Undeclared {
    type Move = u8;
    fn to_move(&self) -> search_core::Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves)
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv)
    }
    fn outcome(&self) -> search_core::Outcome {
        self.0.outcome()
    }
    fn move_order_hint(&self, mv: u8) -> i32 {
        self.0.move_order_hint(mv)
    }
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        self.0.non_losing_moves(moves)
    }
}

impl GameHash for Undeclared {
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
}

/// Checks the promises the shipped games declare, on every state of a random game.
fn promises_hold<G: Game>(mut g: G, choices: &[u16]) -> Result<(), TestCaseError> {
    for &c in choices {
        if g.outcome().is_over() {
            break;
        }
        let moves = g.legal_move_list();
        let mut safe = Vec::new();
        g.non_losing_moves(&mut safe);
        for &mv in &moves {
            let mut child = g.clone();
            child.play(mv);
            if G::MOVES_CANNOT_LOSE {
                prop_assert_ne!(child.outcome(), search_core::Outcome::Win(child.to_move()));
            }
            if G::NON_LOSING_MOVES_EXACT && g.winning_move().is_none() && safe.contains(&mv) {
                prop_assert!(
                    child.winning_move().is_none(),
                    "{:?} lets the opponent win",
                    mv
                );
            }
        }
        g.play(moves[c as usize % moves.len()]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn undeclared_game_engines_agree_with_minimax(state in ongoing_state(ConnectFour::new(), 30), depth in 1u32..=4) {
        check(&Undeclared(state), depth)?;
    }

    #[test]
    fn shipped_games_keep_their_promises(choices in proptest::collection::vec(any::<u16>(), 0..42)) {
        promises_hold(ConnectFour::new(), &choices)?;
        promises_hold(TicTacToe::new(), &choices)?;
    }
}
