//! Tree reuse, budgets (iterations, nodes, depth, time, stop flag), errors, statistics and
//! reproducibility.

use std::time::Duration;

use games::{ConnectFour, TicTacToe};
use mcts::{FinalChoice, Mcts, Proven, Value};
use search_core::{Budget, BudgetError, Game, SearchError, StopFlag, Strategy};

#[test]
fn tree_reuse_keeps_the_chosen_subtree_and_its_visits() {
    let start = ConnectFour::new();
    let mut ai = Mcts::<ConnectFour>::new(5).with_budget(Budget::iterations(20_000));
    let r = ai.search(&start).unwrap();
    let before = ai.tree_size();
    let mine = r.moves.iter().find(|m| m.mv == r.best_move).unwrap().visits;
    assert!(mine > 0);
    ai.observe_move(&start, r.best_move);
    assert_eq!(ai.root_visits(), mine);
    let after_mine = ai.tree_size();
    assert!(after_mine < before, "discarded branches are reclaimed");

    // The opponent's reply: the kept subtree shrinks to that grandchild.
    let mut state = start;
    state.play(r.best_move);
    let reply = 3;
    let r2 = ai.search(&state).unwrap(); // reuses the subtree, adds 20 000 visits
    assert_eq!(r2.stats.root_visits, mine + 20_000);
    let reply_visits = r2.moves.iter().find(|m| m.mv == reply).unwrap().visits;
    ai.observe_move(&state, reply);
    assert_eq!(ai.root_visits(), reply_visits);

    // Searching a position two plies later without being told the moves still finds it.
    state.play(reply);
    let kept = ai.root_visits();
    let r3 = ai.search(&state).unwrap();
    assert_eq!(r3.stats.root_visits, kept + 20_000);
    let chosen = r3
        .moves
        .iter()
        .find(|m| m.mv == r3.best_move)
        .unwrap()
        .visits;
    let child_of_chosen = r3.moves.iter().map(|m| m.visits).max().unwrap();
    assert_eq!(chosen, child_of_chosen);
    let mut later = state;
    later.play(r3.best_move);
    later.play(0);
    let r4 = ai.search(&later).unwrap();
    assert!(
        r4.stats.root_visits > 20_000,
        "the grandchild's visits were kept"
    );

    // An unrelated position drops the tree.
    let other: ConnectFour = "1111".parse().unwrap();
    let r5 = ai.search(&other).unwrap();
    assert_eq!(r5.stats.root_visits, 20_000);
}

#[test]
fn without_tree_reuse_every_search_starts_afresh() {
    let mut ai = Mcts::<ConnectFour>::new(5)
        .with_tree_reuse(false)
        .with_budget(Budget::iterations(3_000));
    let g = ConnectFour::new();
    ai.search(&g).unwrap();
    assert_eq!(ai.search(&g).unwrap().stats.root_visits, 3_000);
}

#[test]
fn the_node_cap_is_respected() {
    for threads in [1, 2] {
        for cap in [50u64, 1_000, 20_000] {
            let mut ai = Mcts::<ConnectFour>::new(7)
                .with_threads(threads)
                .with_budget(Budget::iterations(30_000).and_nodes(cap));
            let mut state = ConnectFour::new();
            for _ in 0..6 {
                let r = ai.search(&state).unwrap();
                assert!(r.stats.nodes as u64 <= cap, "{} > {cap}", r.stats.nodes);
                assert!(ai.tree_size() as u64 <= cap);
                ai.observe_move(&state, r.best_move);
                state.play(r.best_move);
            }
        }
    }
    // A node limit alone ends the search once the tree is full.
    let mut ai = Mcts::<ConnectFour>::new(1).with_budget(Budget::nodes(5_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.stats.nodes <= 5_000 && r.stats.nodes > 4_900);
}

#[test]
fn the_depth_limit_stops_expansion() {
    let mut ai = Mcts::<ConnectFour>::new(1).with_budget(Budget::iterations(5_000).and_depth(2));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.stats.max_depth <= 2);
    assert!(r.stats.nodes <= 1 + 7 + 49);
}

#[test]
fn time_and_stop_flag_end_the_search() {
    let mut ai = Mcts::<ConnectFour>::new(1).with_budget(Budget::time(Duration::from_millis(30)));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.stats.iterations > 0);
    let flag = StopFlag::new();
    flag.stop();
    let mut ai = Mcts::<ConnectFour>::new(1)
        .with_budget(Budget::unlimited().with_stop(flag.clone()))
        .with_threads(2);
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert_eq!(r.stats.iterations, 0);
    assert!(ConnectFour::new().is_legal(r.best_move));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let g = TicTacToe::new();
    let budget_err = |b: Budget| {
        Mcts::<TicTacToe>::new(1)
            .with_budget(b)
            .search(&g)
            .unwrap_err()
    };
    assert_eq!(
        budget_err(Budget::iterations(0)),
        SearchError::Budget(BudgetError::ZeroIterations)
    );
    assert_eq!(
        budget_err(Budget::nodes(0)),
        SearchError::Budget(BudgetError::ZeroNodes)
    );
    assert_eq!(
        budget_err(Budget::time(Duration::ZERO)),
        SearchError::Budget(BudgetError::ZeroTime)
    );
    assert!(matches!(
        budget_err(Budget::time(Duration::MAX)),
        SearchError::Budget(BudgetError::TimeTooLarge { .. })
    ));
    assert!(matches!(
        budget_err(Budget::nodes(5)),
        SearchError::Config(_)
    ));
    for c in [f64::NAN, -1.0, f64::INFINITY, f64::NEG_INFINITY] {
        let mut ai = Mcts::<TicTacToe>::new(1).with_exploration(c);
        assert!(
            matches!(ai.choose_move(&g), Err(SearchError::Config(_))),
            "{c}"
        );
    }
    let mut ai = Mcts::<TicTacToe>::new(1).with_threads(0);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let mut ai = Mcts::<TicTacToe>::new(1).with_hint_prior(f64::NAN);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let mut ai = Mcts::<TicTacToe>::new(1).with_evaluator_prior(|_: &TicTacToe| 0, 0.0, 1.0);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let over: TicTacToe = "xxx oo. ...".parse().unwrap();
    assert_eq!(
        Mcts::<TicTacToe>::new(1).search(&over).unwrap_err(),
        SearchError::GameOver
    );
}

#[test]
fn a_seed_gives_the_same_search() {
    let g: ConnectFour = "4453".parse().unwrap();
    let run = |seed| {
        let mut ai = Mcts::<ConnectFour>::new(seed).with_budget(Budget::iterations(20_000));
        let r = ai.search(&g).unwrap();
        (r.best_move, r.moves, r.stats.nodes, r.stats.max_depth)
    };
    assert_eq!(run(11), run(11));
    let a = run(11);
    let b = run(12);
    assert!(a.1 != b.1, "different seeds explore differently");
}

#[test]
fn statistics_are_consistent() {
    let mut ai = Mcts::<ConnectFour>::new(3).with_budget(Budget::iterations(10_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    let total: u64 = r.moves.iter().map(|m| m.visits).sum();
    // The root is expanded before the first iteration; every iteration passes through one
    // root move.
    assert_eq!(total, r.stats.root_visits);
    assert_eq!(r.stats.iterations, 10_000);
    assert!(r.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    for m in &r.moves {
        assert!((0.0..=1.0).contains(&m.mean_reward));
        assert!(m.confidence.low <= m.mean_reward + 1e-6);
        assert!(m.mean_reward <= m.confidence.high + 1e-6);
    }
    assert!(matches!(r.value, Value::Estimate(v) if (0.0..=1.0).contains(&v)));
    assert!(r.stats.playouts <= r.stats.iterations);
    assert!(r.stats.max_depth >= 3);
    // More visits, narrower interval.
    let most = &r.moves[0];
    let least = r.moves.last().unwrap();
    assert!(most.confidence.width() <= least.confidence.width());
}

#[test]
fn proven_wins_come_first_and_proven_losses_are_avoided() {
    // X to move wins at once in column 3 (0-based 2) or 7 (6).
    let g: ConnectFour = "445566".parse().unwrap();
    for choice in [FinalChoice::MostVisits, FinalChoice::BestMean] {
        let mut ai = Mcts::<ConnectFour>::new(2)
            .with_game_hooks(false)
            .with_final_choice(choice)
            .with_budget(Budget::iterations(2_000));
        let r = ai.search(&g).unwrap();
        assert!(r.best_move == 2 || r.best_move == 6);
        assert_eq!(r.value, Value::Proven(Proven::Win));
    }
    // O to move, X threatens two cells at once: every move loses, the engine still moves.
    let lost: ConnectFour = "4455661".parse().unwrap();
    let mut ai = Mcts::<ConnectFour>::new(2).with_budget(Budget::iterations(2_000));
    let r = ai.search(&lost).unwrap();
    assert_eq!(r.value, Value::Proven(Proven::Loss));
    assert!(lost.is_legal(r.best_move));
}
