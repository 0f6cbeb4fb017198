//! Tree reuse, budgets (iterations, nodes, depth, time, stop flag), errors, statistics and
//! reproducibility.

use std::time::Duration;

use games::{ConnectFour, TicTacToe};
use mcts::{FinalChoice, Mcts, Parallelism, Playout, Value};
use search_core::{
    Budget, BudgetError, BudgetField, Game, SearchError, SplitMix64, StopFlag, Strategy, Wdl,
};

#[test]
fn tree_reuse_keeps_the_chosen_subtree_and_its_visits() {
    let start = ConnectFour::new();
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(5)
        .with_budget(Budget::iterations(20_000));
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
    assert_eq!(r2.root_visits, mine + 20_000);
    let reply_visits = r2.moves.iter().find(|m| m.mv == reply).unwrap().visits;
    ai.observe_move(&state, reply);
    assert_eq!(ai.root_visits(), reply_visits);

    // Searching a position two plies later without being told the moves still finds it.
    state.play(reply);
    let kept = ai.root_visits();
    let r3 = ai.search(&state).unwrap();
    assert_eq!(r3.root_visits, kept + 20_000);
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
    assert!(r4.root_visits > 20_000, "the grandchild's visits were kept");

    // An unrelated position drops the tree.
    let other: ConnectFour = "1111".parse().unwrap();
    let r5 = ai.search(&other).unwrap();
    assert_eq!(r5.root_visits, 20_000);
}

#[test]
fn without_tree_reuse_every_search_starts_afresh() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(5)
        .with_tree_reuse(false)
        .with_budget(Budget::iterations(3_000));
    let g = ConnectFour::new();
    ai.search(&g).unwrap();
    assert_eq!(ai.search(&g).unwrap().root_visits, 3_000);
}

#[test]
fn the_node_cap_is_respected() {
    for threads in [1, 2] {
        for cap in [50u64, 1_000, 20_000] {
            let mut ai = Mcts::<ConnectFour>::new()
                .with_seed(7)
                .with_threads(threads)
                .with_node_cap(cap)
                .with_budget(Budget::iterations(30_000));
            let mut state = ConnectFour::new();
            for _ in 0..6 {
                let r = ai.search(&state).unwrap();
                assert!(r.tree_size as u64 <= cap, "{} > {cap}", r.tree_size);
                assert!(r.stats.nodes as usize <= r.tree_size);
                assert!(ai.tree_size() as u64 <= cap);
                ai.observe_move(&state, r.best_move);
                state.play(r.best_move);
            }
        }
    }
    // A node cap and no limit in the budget: the search ends once the tree is full.
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_node_cap(5_000)
        .with_budget(Budget::new());
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.tree_size <= 5_000 && r.tree_size > 4_900);
    assert_eq!(r.stats.nodes as usize, r.tree_size);
}

#[test]
fn the_depth_limit_stops_expansion() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_budget(Budget::iterations(5_000).with_depth(2));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.stats.max_ply <= 2);
    assert_eq!(r.stats.depth_reached, r.stats.max_ply);
    assert!(r.stats.nodes <= 1 + 7 + 49);
    assert_eq!(r.stats.nodes as usize, r.tree_size);
}

#[test]
fn time_and_stop_flag_end_the_search() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_budget(Budget::time(Duration::from_millis(30)));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.stats.iterations > 0);
    let flag = StopFlag::new();
    flag.stop();
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_budget(Budget::new().with_stop(flag.clone()))
        .with_threads(2);
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert_eq!(r.stats.iterations, 0);
    assert!(ConnectFour::new().is_legal(r.best_move));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let g = TicTacToe::new();
    let budget_err = |b: Budget| {
        Mcts::<TicTacToe>::new()
            .with_seed(1)
            .with_budget(b)
            .search(&g)
            .unwrap_err()
    };
    assert_eq!(
        budget_err(Budget::iterations(0)),
        SearchError::Budget(BudgetError::ZeroIterations)
    );
    assert_eq!(
        budget_err(Budget::time(Duration::ZERO)),
        SearchError::Budget(BudgetError::ZeroTime)
    );
    assert!(matches!(
        budget_err(Budget::time(Duration::MAX)),
        SearchError::Budget(BudgetError::TimeTooLarge { .. })
    ));
    for c in [f64::NAN, -1.0, f64::INFINITY, f64::NEG_INFINITY] {
        let mut ai = Mcts::<TicTacToe>::new().with_seed(1).with_exploration(c);
        assert!(
            matches!(ai.choose_move(&g), Err(SearchError::Config(_))),
            "{c}"
        );
    }
    let mut ai = Mcts::<TicTacToe>::new().with_seed(1).with_threads(0);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let mut ai = Mcts::<TicTacToe>::new()
        .with_seed(1)
        .with_hint_prior(f64::NAN);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let mut ai =
        Mcts::<TicTacToe>::new()
            .with_seed(1)
            .with_evaluator_prior(|_: &TicTacToe| 0, 0.0, 1.0);
    assert!(matches!(ai.choose_move(&g), Err(SearchError::Config(_))));
    let over: TicTacToe = "xxx oo. ...".parse().unwrap();
    assert_eq!(
        Mcts::<TicTacToe>::new()
            .with_seed(1)
            .search(&over)
            .unwrap_err(),
        SearchError::GameOver
    );
}

#[test]
fn a_seed_gives_the_same_search() {
    let g: ConnectFour = "4453".parse().unwrap();
    let run = |seed| {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&g).unwrap();
        (r.best_move, r.moves, r.stats.nodes, r.stats.max_ply)
    };
    assert_eq!(run(11), run(11));
    let a = run(11);
    let b = run(12);
    assert!(a.1 != b.1, "different seeds explore differently");
}

/// `RandomPlayout` asks the game's `random_move`, which Connect Four answers from its
/// bitboard without listing the moves; a policy that picks from the listed moves the same
/// way must give the same search.
#[test]
fn random_playouts_from_the_bitboard_equal_those_from_the_move_list() {
    struct Listed;
    impl Playout<ConnectFour> for Listed {
        fn choose(&self, _: &ConnectFour, moves: &[u8], rng: &mut SplitMix64) -> u8 {
            moves[rng.below(moves.len())]
        }
    }
    let g: ConnectFour = "4453".parse().unwrap();
    let fast = Mcts::<ConnectFour>::new()
        .with_seed(4)
        .with_budget(Budget::iterations(5_000))
        .search(&g)
        .unwrap();
    let listed = Mcts::<ConnectFour, _>::new()
        .with_playout(Listed)
        .with_seed(4)
        .with_budget(Budget::iterations(5_000))
        .search(&g)
        .unwrap();
    assert_eq!(fast.moves, listed.moves);
    assert_eq!(fast.stats.nodes, listed.stats.nodes);
}

#[test]
fn statistics_are_consistent() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(3)
        .with_budget(Budget::iterations(10_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    let total: u64 = r.moves.iter().map(|m| m.visits).sum();
    // The root is expanded before the first iteration; every iteration passes through one
    // root move.
    assert_eq!(total, r.root_visits);
    assert_eq!(r.stats.iterations, 10_000);
    assert!(r.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
    for m in &r.moves {
        assert!((0.0..=1.0).contains(&m.mean));
        assert!(m.interval.low <= m.mean + 1e-6);
        assert!(m.mean <= m.interval.high + 1e-6);
    }
    assert!(matches!(r.value, Value::Estimate(v) if (0.0..=1.0).contains(&v)));
    assert!(r.stats.leaves <= r.stats.iterations);
    assert!(r.stats.max_ply >= 3);
    assert_eq!(r.stats.nodes as usize, r.tree_size);
    assert_eq!(r.threads, 1);
    // More visits, narrower interval.
    let most = &r.moves[0];
    let least = r.moves.last().unwrap();
    assert!(most.interval.width() <= least.interval.width());
}

#[test]
fn proven_wins_come_first_and_proven_losses_are_avoided() {
    // X to move wins at once in column 3 (0-based 2) or 7 (6).
    let g: ConnectFour = "445566".parse().unwrap();
    for choice in [FinalChoice::MostVisits, FinalChoice::BestMean] {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(2)
            .with_game_hooks(false)
            .with_final_choice(choice)
            .with_budget(Budget::iterations(2_000));
        let r = ai.search(&g).unwrap();
        assert!(r.best_move == 2 || r.best_move == 6);
        assert_eq!(r.value, Value::Proven(Wdl::Win));
    }
    // O to move, X threatens two cells at once: every move loses, the engine still moves.
    let lost: ConnectFour = "4455661".parse().unwrap();
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(2)
        .with_budget(Budget::iterations(2_000));
    let r = ai.search(&lost).unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Loss));
    assert!(lost.is_legal(r.best_move));
}

/// The generator moved to `search_core::SplitMix64` (thread `i` draws from
/// `SplitMix64::stream(seed, i)`) with the same streams as before: these searches were
/// recorded with the engine's earlier generator and must not change.
/// (The two-thread search is root-parallel: tree-parallel searches on several threads
/// depend on the scheduling.)
#[test]
fn seeded_searches_are_unchanged_by_the_shared_generator() {
    let g: ConnectFour = "4453".parse().unwrap();
    // (seed, threads, best move, nodes, deepest node, (move, visits) most visited first)
    type Recorded = (u64, usize, u8, u64, u32, [(u8, u64); 7]);
    let recorded: [Recorded; 3] = [
        (
            11,
            1,
            3,
            39_536,
            11,
            [
                (3, 10826),
                (2, 5262),
                (4, 2052),
                (1, 648),
                (0, 488),
                (5, 457),
                (6, 267),
            ],
        ),
        (
            0,
            1,
            2,
            40_268,
            11,
            [
                (2, 9498),
                (3, 6196),
                (4, 1946),
                (6, 778),
                (0, 663),
                (5, 610),
                (1, 309),
            ],
        ),
        (
            5,
            2,
            3,
            39_628,
            10,
            [
                (3, 7962),
                (2, 5974),
                (4, 3247),
                (1, 870),
                (6, 741),
                (0, 624),
                (5, 582),
            ],
        ),
    ];
    for (seed, threads, best, nodes, depth, visits) in recorded {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(seed)
            .with_threads(threads)
            .with_parallelism(Parallelism::Root)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&g).unwrap();
        let got: Vec<(u8, u64)> = r.moves.iter().map(|m| (m.mv, m.visits)).collect();
        assert_eq!(got, visits, "seed {seed}, {threads} threads");
        assert_eq!(
            (r.best_move, r.stats.nodes, r.stats.max_ply),
            (best, nodes, depth),
            "seed {seed}, {threads} threads"
        );
    }
    let mut ai = Mcts::<TicTacToe>::new()
        .with_seed(3)
        .with_budget(Budget::iterations(300_000));
    let r = ai.search(&TicTacToe::new()).unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Draw));
    assert_eq!((r.stats.iterations, r.stats.nodes), (4_375, 5_582));
}

#[test]
fn a_node_limit_in_the_budget_is_refused() {
    let g = ConnectFour::new();
    for budget in [
        Budget::nodes(1_000),
        Budget::nodes(0),
        Budget::iterations(5_000).with_nodes(100),
        Budget::time(Duration::from_millis(10)).with_nodes(1 << 40),
    ] {
        for threads in [1, 2] {
            let mut ai = Mcts::<ConnectFour>::new()
                .with_threads(threads)
                .with_budget(budget.clone());
            let refused = |e: SearchError| match e {
                SearchError::Budget(BudgetError::Unsupported {
                    engine,
                    field,
                    advice,
                }) => {
                    engine == "Mcts" && field == BudgetField::Nodes && advice.contains("node_cap")
                }
                _ => false,
            };
            assert!(refused(ai.search(&g).unwrap_err()), "{budget:?}");
            assert!(refused(ai.choose_move(&g).unwrap_err()), "{budget:?}");
            assert!(refused(ai.analyze(&g).unwrap_err()), "{budget:?}");
            assert_eq!(ai.tree_size(), 0, "refused before any search");
        }
    }
}

#[test]
fn a_depth_limit_alone_is_refused_as_never_stopping() {
    let g = ConnectFour::new();
    let never = |b: Budget| {
        matches!(
            Mcts::<ConnectFour>::new().with_budget(b).search(&g),
            Err(SearchError::Budget(BudgetError::NeverStops {
                engine: "Mcts",
                ..
            }))
        )
    };
    assert!(never(Budget::depth(3)));
    assert!(never(Budget::new().with_depth(40)));
    // With something that ends the search, a depth limit is fine.
    let flag = StopFlag::new();
    flag.stop();
    for b in [
        Budget::depth(3).with_iterations(500),
        Budget::depth(3).with_time(Duration::from_millis(20)),
        Budget::depth(3).with_stop(flag),
    ] {
        let r = Mcts::<ConnectFour>::new()
            .with_budget(b)
            .search(&g)
            .unwrap();
        assert!(r.stats.max_ply <= 3);
    }
}

#[test]
fn an_unlimited_budget_ends_when_the_root_is_proven_or_the_tree_is_full() {
    // Proven: the empty tic-tac-toe board is a draw.
    let mut ai = Mcts::<TicTacToe>::new().with_budget(Budget::new());
    let r = ai.search(&TicTacToe::new()).unwrap();
    assert_eq!(r.value, Value::Proven(Wdl::Draw));
    // Full: Connect Four cannot be proven in 2 000 nodes, on one thread or two.
    for threads in [1, 2] {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_threads(threads)
            .with_node_cap(2_000)
            .with_budget(Budget::new());
        let r = ai.search(&ConnectFour::new()).unwrap();
        // Full: less than a sibling group short per thread, and with two threads (one
        // shared tree) per 256-node block.
        let slack = 7 * threads
            + if threads > 1 {
                6 * 2_000usize.div_ceil(256)
            } else {
                0
            };
        assert!(r.tree_size <= 2_000 && r.tree_size + slack >= 2_000);
        assert!(matches!(r.value, Value::Estimate(_)));
    }
}

#[test]
fn the_result_reads_as_text() {
    let mut ai = Mcts::<ConnectFour>::new().with_budget(Budget::iterations(3_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    let text = r.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 7 + 1, "{text}");
    assert!(lines[0].starts_with(&format!("best move {} (estimated reward ", r.best_move)));
    assert!(lines[1].starts_with(&format!(
        "  {}: {} visits, mean ",
        r.moves[0].mv, r.moves[0].visits
    )));
    assert!(lines[8].starts_with(&r.stats.to_string()), "{text}");
    assert!(lines[8].contains("playouts/s, 1 thread, tree "), "{text}");
    assert!(r.playouts_per_second() > 0.0);
    assert_eq!(r.stats.iterations, 3_000);
}

/// Claims to choose uniformly at random but panics when asked: the two-player engine must
/// then ask the game's own `random_move` instead.
struct ClaimsUniform;

impl<G: search_core::GeneralGame> Playout<G> for ClaimsUniform {
    const UNIFORM: bool = true;
    fn choose(&self, _: &G, _: &[G::Move], _: &mut search_core::SplitMix64) -> G::Move {
        panic!("a uniform policy is not asked by the two-player engine")
    }
}

#[test]
fn a_uniform_policy_leaves_the_two_player_playouts_to_the_game() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_playout(ClaimsUniform)
        .with_seed(1)
        .with_budget(Budget::iterations(500));
    let uniform = ai.search(&ConnectFour::new()).unwrap();
    // The same search as with the random policy, which is uniform too.
    let random = Mcts::<ConnectFour>::new()
        .with_seed(1)
        .with_budget(Budget::iterations(500))
        .search(&ConnectFour::new())
        .unwrap();
    assert_eq!(uniform.moves, random.moves);
}
