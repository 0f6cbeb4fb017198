//! Pondering with `Negamax`: a hit goes on with the pondering search (a pondering search
//! that finished is exactly a fresh search of the same position and depth), a miss throws
//! it away and searches the position played; the engine comes back with its own budget.
//! Also `Strategy::choose_move_within`, which caps the engine's budget by the move's.

use std::time::Duration;

use adversarial::Negamax;
use games::{ConnectFour, ThreatEvaluator};
use search_core::{Budget, Game, SearchError, Strategy};

const DEPTH: u32 = 7;

fn engine() -> Negamax<ThreatEvaluator, std::sync::Arc<adversarial::TranspositionTable>> {
    Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_budget(Budget::depth(DEPTH))
}

/// Positions with the opponent to move, and the reply the engine expects there.
fn positions() -> Vec<(ConnectFour, u8)> {
    ["", "4", "44", "4455", "343", "1234567"]
        .iter()
        .map(|text| {
            let g: ConnectFour = text.parse().unwrap();
            let r = engine().search(&g).unwrap();
            (g, r.best_move)
        })
        .collect()
}

#[test]
fn a_hit_after_a_finished_ponder_is_the_fresh_search() {
    for (g, expected) in positions() {
        let ponder = engine().ponder(&g, expected).unwrap();
        while !ponder.is_finished() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let (back, answer) = ponder.reply(expected, &Budget::depth(DEPTH)).unwrap();
        let answer = answer.unwrap();
        assert!(answer.hit);
        assert_eq!(back.budget().max_depth(), Some(DEPTH));
        let mut after = g;
        after.play(expected);
        let fresh = engine().search(&after).unwrap();
        let r = &answer.result;
        assert_eq!(
            (
                r.best_move,
                r.score,
                &r.pv,
                r.stats.depth_reached,
                r.stats.nodes
            ),
            (
                fresh.best_move,
                fresh.score,
                &fresh.pv,
                fresh.stats.depth_reached,
                fresh.stats.nodes
            ),
            "{g:?} after {expected}"
        );
    }
}

#[test]
fn a_miss_throws_the_pondering_away_and_searches_the_move_played() {
    let mut answers = Vec::new();
    for _ in 0..2 {
        let mut run = Vec::new();
        for (g, expected) in positions() {
            let ponder = engine().ponder(&g, expected).unwrap();
            // Let the pondering finish, so that the table it leaves is the same each run.
            while !ponder.is_finished() {
                std::thread::sleep(Duration::from_millis(1));
            }
            let played = g
                .legal_move_list()
                .into_iter()
                .find(|&m| m != expected)
                .unwrap();
            let (back, answer) = ponder.reply(played, &Budget::depth(DEPTH)).unwrap();
            let answer = answer.unwrap();
            assert!(!answer.hit);
            assert_eq!(back.budget().max_depth(), Some(DEPTH));
            let mut after = g;
            after.play(played);
            assert!(after.is_legal(answer.result.best_move), "{g:?}, {played}");
            assert_eq!(answer.result.stats.depth_reached, DEPTH);
            run.push((
                answer.result.best_move,
                answer.result.score,
                answer.result.stats.nodes,
            ));
        }
        answers.push(run);
    }
    assert_eq!(answers[0], answers[1], "a miss is reproducible");
}

#[test]
fn a_hit_runs_on_for_the_moves_time_and_counts_the_pondering() {
    let g: ConnectFour = "44".parse().unwrap();
    let own = Budget::time(Duration::from_secs(30));
    let engine = Negamax::new(ThreatEvaluator)
        .with_table_mb(4)
        .with_budget(own);
    let ponder = engine.ponder(&g, 3).unwrap();
    std::thread::sleep(Duration::from_millis(30));
    let (back, answer) = ponder
        .reply(3, &Budget::time(Duration::from_millis(20)))
        .unwrap();
    let answer = answer.unwrap();
    assert!(answer.hit);
    assert!(answer.result.stats.depth_reached >= 1);
    // The statistics include the time spent pondering.
    assert!(answer.result.stats.elapsed >= Duration::from_millis(30));
    assert_eq!(back.budget().time_limit(), Some(Duration::from_secs(30)));
    assert_eq!(back.budget().max_depth(), None);
}

#[test]
fn a_hit_stops_at_the_moves_depth() {
    let g: ConnectFour = "4455".parse().unwrap();
    let engine = Negamax::new(ThreatEvaluator)
        .with_table_mb(4)
        .with_budget(Budget::depth(40));
    let ponder = engine.ponder(&g, 3).unwrap();
    let (_, answer) = ponder.reply(3, &Budget::depth(5)).unwrap();
    let r = answer.unwrap().result;
    assert!(r.stats.depth_reached >= 5, "{:?}", r.stats);
    let mut after = g;
    after.play(3);
    assert!(after.is_legal(r.best_move));
}

#[test]
fn illegal_moves_are_errors_not_panics() {
    let g: ConnectFour = "4455".parse().unwrap();
    assert!(matches!(
        engine().ponder(&g, 9),
        Err(SearchError::Config(_))
    ));
    let ponder = engine().ponder(&g, 3).unwrap();
    let (back, answer) = ponder.reply(9, &Budget::depth(3)).unwrap();
    assert!(matches!(answer, Err(SearchError::Config(_))));
    assert_eq!(back.budget().max_depth(), Some(DEPTH));
}

#[test]
fn choosing_within_a_budget_caps_the_engines_own() {
    let g: ConnectFour = "4455".parse().unwrap();
    let mut deep = Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_budget(Budget::depth(30));
    let capped = deep.choose_move_within(&g, Budget::depth(4)).unwrap();
    assert_eq!(
        deep.budget().max_depth(),
        Some(30),
        "its own budget is kept"
    );
    let shallow = Negamax::new(ThreatEvaluator)
        .with_table_mb(2)
        .with_budget(Budget::depth(4))
        .search(&g)
        .unwrap();
    assert_eq!(capped, shallow.best_move);
}
