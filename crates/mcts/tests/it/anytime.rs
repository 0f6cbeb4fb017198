//! Anytime MCTS: steps from the caller's loop add up to one search, live root statistics,
//! and a search on its own thread (`spawn`: poll, wait, stop, drop).

use std::time::{Duration, Instant};

use games::{ConnectFour, MnkGame, TicTacToe};
use mcts::{GeneralMcts, Mcts, RootInfo};
use search_core::{Budget, Game, SearchError, StopFlag};

fn visits(r: &mcts::SearchResult<u8>) -> Vec<(u8, u64)> {
    let mut v: Vec<_> = r.moves.iter().map(|m| (m.mv, m.visits)).collect();
    v.sort_unstable();
    v
}

#[test]
fn steps_add_up_to_one_search_with_the_same_seed() {
    let start = ConnectFour::new();
    for (slices, k) in [(10, 100), (7, 333), (50, 40)] {
        let mut whole = Mcts::new()
            .with_seed(11)
            .with_budget(Budget::iterations(slices * k));
        let one = whole.search(&start).unwrap();
        let mut stepped = Mcts::new().with_seed(11);
        let mut last = None;
        for _ in 0..slices {
            last = Some(stepped.step(&start, k).unwrap());
        }
        let last = last.unwrap();
        assert_eq!(visits(&last), visits(&one), "{slices} x {k}");
        assert_eq!(last.best_move, one.best_move);
        assert_eq!(last.root_visits, one.root_visits);
        assert_eq!(last.tree_size, one.tree_size);
        assert_eq!(last.stats.iterations, k);
    }
    let mut no_reuse = Mcts::<ConnectFour>::new().with_tree_reuse(false);
    assert!(matches!(
        no_reuse.step(&start, 10),
        Err(SearchError::Config(_))
    ));
}

#[test]
fn an_observed_search_reports_in_order_and_answers_as_the_plain_one() {
    let g: ConnectFour = "4453".parse().unwrap();
    let plain = Mcts::new()
        .with_seed(3)
        .with_budget(Budget::iterations(20_000))
        .search(&g)
        .unwrap();
    let mut infos: Vec<RootInfo<u8>> = Vec::new();
    let observed = Mcts::new()
        .with_seed(3)
        .with_budget(Budget::iterations(20_000))
        .search_observed(&g, Duration::from_millis(2), |i| infos.push(i.clone()))
        .unwrap();
    assert_eq!(visits(&observed), visits(&plain));
    assert_eq!(observed.best_move, plain.best_move);
    assert_eq!(observed.stats.iterations, 20_000);
    assert_eq!(observed.stats.nodes, plain.stats.nodes);
    assert!(!infos.is_empty());
    for w in infos.windows(2) {
        assert!(w[0].iterations < w[1].iterations);
        assert!(w[0].root_visits < w[1].root_visits);
        assert!(w[0].elapsed <= w[1].elapsed);
    }
    for i in &infos {
        assert!(g.is_legal(i.best_move));
        assert!(i.visits <= i.root_visits);
        assert!((0.0..=1.0).contains(&i.mean));
    }
    let last = infos.last().unwrap();
    assert_eq!(
        (last.best_move, last.iterations),
        (observed.best_move, 20_000)
    );
    // A limit MCTS cannot honour is refused, as by `search`.
    let refused = Mcts::<ConnectFour>::new()
        .with_budget(Budget::nodes(100).with_iterations(10))
        .search_observed(&g, Duration::from_millis(1), |_| {});
    assert!(matches!(refused, Err(SearchError::Budget(_))));
}

/// The general mode slices an observed search as the two-player mode does: in order
/// reports, and with an iteration budget on one thread the plain search's answer (for
/// three players, and with dice).
#[test]
fn a_general_observed_search_reports_in_order_and_answers_as_the_plain_one() {
    fn check<G>(g: &G, iterations: u64)
    where
        G: search_core::GeneralGame + Send + 'static,
        G::Move: Send + PartialEq + core::fmt::Debug,
    {
        let engine = || {
            GeneralMcts::new()
                .with_seed(5)
                .with_budget(Budget::iterations(iterations))
        };
        let plain = engine().search(g).unwrap();
        let mut infos = Vec::new();
        let observed = engine()
            .search_observed(g, Duration::from_micros(300), |i| infos.push(i.clone()))
            .unwrap();
        // Root moves in the game's order, with their visits.
        let visits = |r: &mcts::SearchResult<G::Move>| {
            let mut moves = Vec::new();
            g.moves(&mut moves);
            moves
                .iter()
                .map(|&mv| r.moves.iter().find(|m| m.mv == mv).map(|m| m.visits))
                .collect::<Vec<_>>()
        };
        assert_eq!(visits(&observed), visits(&plain));
        assert_eq!(observed.best_move, plain.best_move);
        assert_eq!(observed.stats.iterations, iterations);
        assert!(infos.len() > 1, "{} reports", infos.len());
        for w in infos.windows(2) {
            assert!(w[0].iterations < w[1].iterations);
            assert!(w[0].elapsed <= w[1].elapsed);
        }
        let last = infos.last().unwrap();
        assert_eq!(
            (last.best_move, last.iterations),
            (observed.best_move, iterations)
        );
        // The next plain search starts afresh, as the general mode always does.
        let mut again = engine();
        again
            .search_observed(g, Duration::from_millis(1), |_| {})
            .unwrap();
        assert_eq!(visits(&again.search(g).unwrap()), visits(&plain));
    }
    check(&MnkGame::new(4, 4, 3, 3).unwrap(), 30_000);
    let mut dice = games::EinStein::new();
    search_core::GeneralGame::apply(&mut dice, games::EinSteinMove::Roll(3));
    check(&dice, 20_000);
}

/// Every slice of an observed search runs on all the threads, the last one too: a slice
/// on fewer threads would start a new tree and the result would count only its visits.
#[test]
fn the_last_slice_of_an_observed_search_keeps_the_tree_of_all_threads() {
    let hour = Duration::from_secs(3600);
    for iterations in [18, 21, 100] {
        let r = Mcts::new()
            .with_threads(4)
            .with_budget(Budget::iterations(iterations))
            .search_observed(&ConnectFour::new(), hour, |_| {})
            .unwrap();
        assert_eq!(r.stats.iterations, iterations);
        assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), iterations);
        let g = GeneralMcts::new()
            .with_threads(4)
            .with_budget(Budget::iterations(iterations))
            .search_observed(&MnkGame::new(4, 4, 3, 3).unwrap(), hour, |_| {})
            .unwrap();
        assert_eq!(g.stats.iterations, iterations);
        assert_eq!(g.moves.iter().map(|m| m.visits).sum::<u64>(), iterations);
    }
}

#[test]
fn a_spawned_search_returns_what_the_blocking_one_does_and_keeps_its_tree() {
    let g: ConnectFour = "44".parse().unwrap();
    let engine = || {
        Mcts::new()
            .with_seed(9)
            .with_budget(Budget::iterations(5_000))
    };
    let blocking = engine().search(&g).unwrap();
    let (mut engine, spawned) = engine().spawn(&g).unwrap().wait().unwrap();
    let spawned = spawned.unwrap();
    assert_eq!(visits(&spawned), visits(&blocking));
    assert_eq!(spawned.best_move, blocking.best_move);
    assert_eq!(engine.budget().max_iterations(), Some(5_000));
    assert!(engine.budget().stop_flag().is_none());
    // The tree is kept: the next move's search starts from the chosen subtree.
    let kept = spawned
        .moves
        .iter()
        .find(|m| m.mv == spawned.best_move)
        .unwrap()
        .visits;
    engine.advance(&g, spawned.best_move);
    assert_eq!(engine.root_visits(), kept);
}

#[test]
fn stopping_and_dropping_end_an_unbounded_search() {
    let flag = StopFlag::new();
    let engine = Mcts::<ConnectFour>::new().with_budget(Budget::new().with_stop(flag.clone()));
    let handle = engine.spawn(&ConnectFour::new()).unwrap();
    let start = Instant::now();
    while handle.poll().is_none() {
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(1));
    }
    let polled = handle.poll().unwrap();
    let (_, result) = handle.stop().unwrap();
    let result = result.unwrap();
    assert!(result.stats.iterations >= polled.iterations);
    assert!(flag.is_set());

    let handle = Mcts::<ConnectFour>::new()
        .with_budget(Budget::new().with_depth(50))
        .spawn(&ConnectFour::new())
        .unwrap();
    let stop = handle.stop_flag().clone();
    drop(handle);
    assert!(stop.is_set());

    let handle = GeneralMcts::new()
        .with_budget(Budget::new())
        .spawn(&MnkGame::new(5, 5, 4, 3).unwrap())
        .unwrap();
    std::thread::sleep(Duration::from_millis(5));
    let (_, result) = handle.stop().unwrap();
    let r = result.unwrap();
    assert_eq!(
        r.moves.iter().map(|m| m.visits).sum::<u64>(),
        r.stats.iterations
    );
}

#[test]
fn a_panic_in_a_spawned_search_is_worker_panicked() {
    #[derive(Clone, Debug, PartialEq)]
    struct Broken(TicTacToe);
    impl Game for Broken {
        type Move = u8;
        fn to_move(&self) -> search_core::Player {
            self.0.to_move()
        }
        fn legal_moves(&self, moves: &mut Vec<u8>) {
            self.0.legal_moves(moves);
        }
        fn play(&mut self, mv: u8) {
            if self.0.legal_move_count() == 3 {
                panic!("the game broke");
            }
            self.0.play(mv);
        }
        fn outcome(&self) -> search_core::Outcome {
            self.0.outcome()
        }
    }
    let handle = Mcts::new()
        .with_budget(Budget::iterations(1_000))
        .spawn(&Broken(TicTacToe::new()))
        .unwrap();
    match handle.wait() {
        Err(e) => assert_eq!(
            e,
            SearchError::WorkerPanicked {
                message: "the game broke".into()
            }
        ),
        Ok(_) => panic!("the panic was not reported"),
    }
}

#[test]
fn a_ponder_hit_keeps_the_tree_and_a_miss_drops_it() {
    let before: ConnectFour = "44".parse().unwrap();
    for (expected, played) in [(3, 3), (3, 0)] {
        let ai = Mcts::new()
            .with_seed(8)
            .with_budget(Budget::iterations(1_500));
        let handle = ai.ponder(&before, expected).unwrap();
        let start = Instant::now();
        while handle.poll().is_none_or(|i| i.iterations < 500) {
            assert!(start.elapsed() < Duration::from_secs(60));
            std::thread::sleep(Duration::from_millis(1));
        }
        let (mut ai, pondered) = handle.stop().unwrap();
        let pondered = pondered.unwrap();
        assert!(pondered.root_visits >= 500);
        assert_eq!(
            ai.budget().max_iterations(),
            Some(1_500),
            "the budget comes back"
        );
        let mut after = before;
        after.play(played);
        let r = ai.search(&after).unwrap();
        if expected == played {
            assert_eq!(r.root_visits, pondered.root_visits + 1_500, "a hit goes on");
        } else {
            assert_eq!(r.root_visits, 1_500, "a miss starts afresh");
        }
        assert_eq!(r.stats.iterations, 1_500);
    }
    let ai = Mcts::<ConnectFour>::new();
    assert!(matches!(
        ai.ponder(&ConnectFour::new(), 9),
        Err(SearchError::Config(_))
    ));
}
