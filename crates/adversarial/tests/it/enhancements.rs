//! The alpha-beta enhancements of `Negamax`: aspiration windows, MTD(f), the enhanced
//! transposition cut-off and the compact table give exactly the value of the plain
//! full-window search at the same depth, and quiescence search gives
//! exactly the value of a separate brute-force quiescence search written here, on random
//! reachable positions of tic-tac-toe, Connect Four and 6 x 6 Reversi.

use std::sync::Arc;

use adversarial::{CompactTable, Negamax, TranspositionTable};
use games::{ConnectFour, Reversi, TicTacToe};
use proptest::prelude::*;
use search_core::testing::ongoing_state;
use search_core::{Budget, Game, GameHash, MoveValue, Outcome, Score, SearchError};

/// A pseudo-random but deterministic evaluation in -50..=50 with many ties, so that the
/// value often changes from one depth to the next and narrow windows fail both ways.
fn noise<G: GameHash>(state: &G) -> i32 {
    let h = state
        .hash_key()
        .wrapping_add(0x1234_5678)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 40) % 101) as i32 - 50
}

fn table() -> Arc<TranspositionTable> {
    Arc::new(TranspositionTable::new(1 << 14).unwrap())
}

/// Every root-window option, with and without a table, equals the plain search.
fn windows_agree<G>(state: &G, depth: u32) -> Result<(), TestCaseError>
where
    G: GameHash + Sync + std::fmt::Debug,
    G::Move: Send,
{
    let budget = Budget::depth(depth);
    let plain = Negamax::new(noise::<G>)
        .with_budget(budget.clone())
        .search(state)
        .unwrap();
    prop_assert!(plain.score.is_some());
    let mut variants = Vec::new();
    for iterative in [false, true] {
        for w in [1, 8, 1000] {
            let r = Negamax::new(noise::<G>)
                .with_aspiration(Some(w))
                .with_iterative_deepening(iterative)
                .with_budget(budget.clone())
                .search(state)
                .unwrap();
            variants.push((format!("aspiration {w} id={iterative}"), r));
            let r = Negamax::new(noise::<G>)
                .with_aspiration(Some(w))
                .with_iterative_deepening(iterative)
                .with_table(table())
                .with_budget(budget.clone())
                .search(state)
                .unwrap();
            variants.push((format!("aspiration {w} id={iterative} + table"), r));
        }
        let r = Negamax::new(noise::<G>)
            .with_mtdf(true)
            .with_iterative_deepening(iterative)
            .with_table(table())
            .with_budget(budget.clone())
            .search(state)
            .unwrap();
        variants.push((format!("mtd(f) id={iterative} + table"), r));
        let r = Negamax::new(noise::<G>)
            .with_mtdf(true)
            .with_iterative_deepening(iterative)
            .with_budget(budget.clone())
            .search(state)
            .unwrap();
        variants.push((format!("mtd(f) id={iterative}"), r));
    }
    let r = Negamax::new(noise::<G>)
        .with_mtdf(true)
        .with_pvs(false)
        .with_game_hooks(false)
        .with_table(table())
        .with_budget(budget.clone())
        .search(state)
        .unwrap();
    variants.push(("mtd(f), no pvs, no hooks".to_string(), r));
    let r = Negamax::new(noise::<G>)
        .with_mtdf(true)
        .with_table(table())
        .with_threads(2)
        .with_budget(budget.clone())
        .search(state)
        .unwrap();
    variants.push(("mtd(f), 2 threads".to_string(), r));
    let r = Negamax::new(noise::<G>)
        .with_aspiration(Some(4))
        .with_table(table())
        .with_threads(2)
        .with_budget(budget.clone())
        .search(state)
        .unwrap();
    variants.push(("aspiration 4, 2 threads".to_string(), r));
    for mtdf in [false, true] {
        let r = Negamax::new(noise::<G>)
            .with_etc(true)
            .with_mtdf(mtdf)
            .with_table(table())
            .with_budget(budget.clone())
            .search(state)
            .unwrap();
        variants.push((format!("etc, mtd(f) {mtdf}"), r));
    }
    // Games whose exact key is short enough (tic-tac-toe, Connect Four) also get the compact
    // table, with and without the cut-off; for the others it refuses to be made.
    if let Ok(compact) = CompactTable::<G>::with_megabytes(2) {
        let compact = Arc::new(compact);
        for etc in [false, true] {
            compact.clear();
            let r = Negamax::new(noise::<G>)
                .with_etc(etc)
                .with_table(compact.clone())
                .with_budget(budget.clone())
                .search(state)
                .unwrap();
            variants.push((format!("compact table, etc {etc}"), r));
        }
    }
    for (name, r) in &variants {
        prop_assert_eq!(
            r.score,
            plain.score,
            "{} on {:?} at depth {}",
            name,
            state,
            depth
        );
        prop_assert!(r.complete, "{}", name);
    }

    // With random ties, the move chosen is one of the best: its own value (an open-window
    // analysis at the same depth) is the position's.
    let values = Negamax::new(noise::<G>)
        .with_budget(budget.clone())
        .analyze(state)
        .unwrap();
    for (name, mut engine) in [
        (
            "mtd(f) + ties",
            Negamax::new(noise::<G>).with_mtdf(true).with_table(table()),
        ),
        (
            "aspiration + ties",
            Negamax::new(noise::<G>)
                .with_aspiration(Some(2))
                .with_table(table()),
        ),
    ] {
        for seed in 0..3 {
            engine = engine
                .with_random_ties(true)
                .with_seed(seed)
                .with_budget(budget.clone());
            engine.table().clear();
            let r = engine.search(state).unwrap();
            prop_assert_eq!(r.score, plain.score, "{}", name);
            let chosen = values.iter().find(|m| m.mv == r.best_move).unwrap();
            let value = match chosen.value {
                MoveValue::Estimate { score, .. } => Some(score),
                _ => None,
            };
            prop_assert_eq!(value, plain.score, "{} chose {:?}", name, r.best_move);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Quiescence

/// The parent's value of a child's value: negated unless the mover moves again.
fn up<G: Game>(parent: &G, child: &G, v: Score) -> Score {
    if child.to_move() == parent.to_move() {
        v.to_parent_same_mover()
    } else {
        v.to_parent()
    }
}

fn exact<G: Game>(state: &G) -> Option<Score> {
    match state.outcome() {
        Outcome::Ongoing => None,
        Outcome::Draw => Some(Score::DRAW),
        Outcome::Win(p) if p == state.to_move() => Some(Score::win_in(0)),
        Outcome::Win(_) => Some(Score::loss_in(0)),
    }
}

/// Brute-force quiescence: the best of the evaluation and every noisy move's value, with
/// `left` plies of noisy moves left; no pruning.
fn quiescence_reference<G: GameHash>(state: &G, left: u32) -> Score {
    if let Some(s) = exact(state) {
        return s;
    }
    let mut best = Score::heuristic(noise(state));
    if left == 0 {
        return best;
    }
    for mv in state.legal_move_list() {
        if state.is_noisy(mv) {
            let mut child = state.clone();
            child.play(mv);
            best = best.max(up(state, &child, quiescence_reference(&child, left - 1)));
        }
    }
    best
}

/// Brute-force negamax to `depth` with the quiescence reference at the horizon.
fn negamax_reference<G: GameHash>(state: &G, depth: u32, q: u32) -> Score {
    if let Some(s) = exact(state) {
        return s;
    }
    if depth == 0 {
        return quiescence_reference(state, q);
    }
    let mut best = Score::NEG_INFINITY;
    for mv in state.legal_move_list() {
        let mut child = state.clone();
        child.play(mv);
        best = best.max(up(state, &child, negamax_reference(&child, depth - 1, q)));
    }
    best
}

fn quiescence_agrees<G>(state: &G, depth: u32, q: u32) -> Result<(), TestCaseError>
where
    G: GameHash + Sync + std::fmt::Debug,
    G::Move: Send,
{
    let expected = negamax_reference(state, depth, q);
    let budget = Budget::depth(depth);
    let mut quiet_nodes = 0;
    for pvs in [false, true] {
        for hooks in [false, true] {
            for tabled in [false, true] {
                let engine = || {
                    Negamax::new(noise::<G>)
                        .with_quiescence(q)
                        .with_pvs(pvs)
                        .with_game_hooks(hooks)
                        .with_budget(budget.clone())
                };
                let r = if tabled {
                    engine().with_table(table()).search(state).unwrap()
                } else {
                    engine().search(state).unwrap()
                };
                prop_assert_eq!(
                    r.score,
                    Some(expected),
                    "pvs={} hooks={} table={} on {:?} depth {} q {}",
                    pvs,
                    hooks,
                    tabled,
                    state,
                    depth,
                    q
                );
                quiet_nodes = quiet_nodes.max(r.stats.quiescence_nodes);
            }
        }
    }
    let r = Negamax::new(noise::<G>)
        .with_quiescence(q)
        .with_mtdf(true)
        .with_table(table())
        .with_budget(budget)
        .search(state)
        .unwrap();
    prop_assert_eq!(r.score, Some(expected), "mtd(f)");
    if q == 0 {
        prop_assert_eq!(quiet_nodes, 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn tictactoe_windows_agree(state in ongoing_state(TicTacToe::new(), 8), depth in 1u32..=6) {
        windows_agree(&state, depth)?;
    }

    #[test]
    fn connect4_windows_agree(state in ongoing_state(ConnectFour::new(), 30), depth in 1u32..=5) {
        windows_agree(&state, depth)?;
    }

    #[test]
    fn reversi_windows_agree(state in ongoing_state(Reversi::new(), 28), depth in 1u32..=4) {
        windows_agree(&state, depth)?;
    }

    #[test]
    fn connect4_quiescence_matches_brute_force(
        state in ongoing_state(ConnectFour::new(), 30),
        depth in 0u32..=3,
        q in 0u32..=4,
    ) {
        // Depth 0 is not a search; the horizon at depth 1 is the nearest.
        quiescence_agrees(&state, depth.max(1), q)?;
    }

    #[test]
    fn reversi_quiescence_matches_brute_force(
        state in ongoing_state(Reversi::new(), 30),
        depth in 1u32..=3,
        q in 0u32..=3,
    ) {
        quiescence_agrees(&state, depth, q)?;
    }
}

#[test]
fn quiescence_sees_the_win_the_horizon_hides() {
    // X threatens to win on the bottom row at both ends; at depth 1 plain negamax sees only
    // the evaluation after O's move, quiescence follows X's winning reply.
    let g: ConnectFour = "4455661".parse().unwrap(); // O to move, X threatens 3 and 7
    let plain = Negamax::new(noise::<ConnectFour>)
        .with_game_hooks(false)
        .with_budget(Budget::depth(1))
        .search(&g)
        .unwrap();
    assert!(!plain.score.unwrap().is_decisive());
    let deep = Negamax::new(noise::<ConnectFour>)
        .with_game_hooks(false)
        .with_quiescence(2)
        .with_budget(Budget::depth(1))
        .search(&g)
        .unwrap();
    assert_eq!(deep.score, Some(Score::loss_in(2)));
    assert!(deep.stats.quiescence_nodes > 0);
}

#[test]
fn bad_enhancement_settings_are_config_errors() {
    let g = TicTacToe::new();
    let config = |r: Result<_, SearchError>| matches!(r, Err(SearchError::Config(_)));
    assert!(config(
        Negamax::new(noise::<TicTacToe>)
            .with_aspiration(Some(0))
            .search(&g)
    ));
    assert!(config(
        Negamax::new(noise::<TicTacToe>)
            .with_aspiration(Some(5))
            .with_mtdf(true)
            .search(&g)
    ));
    assert!(config(
        Negamax::new(noise::<TicTacToe>)
            .with_quiescence(Budget::MAX_DEPTH + 1)
            .search(&g)
    ));
}
