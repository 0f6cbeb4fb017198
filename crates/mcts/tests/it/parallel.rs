//! Tree parallelism: several threads share one tree. Proofs stay exact (the tic-tac-toe
//! draw, Pascal Pons' End-Easy Connect Four positions), the budget and the node cap hold
//! for all threads together, the visit counts of the shared tree stay consistent, and many
//! threads on tiny budgets never return an illegal move.

use crate::common;

use std::time::Duration;

use common::negamax;
use games::connect4_line::parse_line;
use games::{ConnectFour, TicTacToe};
use mcts::{Mcts, NodeView, Parallelism, Value};
use search_core::{Budget, Game, SplitMix64, StopFlag, Strategy, Wdl};

fn tree(threads: usize) -> Mcts<TicTacToe> {
    Mcts::new()
        .with_threads(threads)
        .with_parallelism(Parallelism::Tree)
}

#[test]
fn two_threads_on_one_tree_prove_the_tic_tac_toe_draw() {
    for hooks in [true, false] {
        for seed in 0..4 {
            let mut ai = tree(2)
                .with_seed(seed)
                .with_game_hooks(hooks)
                .with_budget(Budget::iterations(2_000_000));
            let r = ai.search(&TicTacToe::new()).unwrap();
            assert_eq!(r.value, Value::Proven(Wdl::Draw), "hooks {hooks}");
            assert_eq!(r.threads, 2);
            // Every move keeps the draw except those proven lost; none is proven won.
            for m in &r.moves {
                assert_ne!(m.proven, Some(Wdl::Win));
            }
            let mut after = TicTacToe::new();
            after.play(r.best_move);
            assert_eq!(negamax(&after), 0, "the chosen move keeps the draw");
        }
    }
}

#[test]
fn two_threads_on_one_tree_prove_end_easy_connect_four_positions() {
    let Some(path) = crate::repository::file("data/connect4/Test_L3_R1") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let positions: Vec<_> = text
        .lines()
        .filter_map(|line| parse_line(line).unwrap())
        .take(12)
        .collect();
    assert_eq!(positions.len(), 12);
    let mut signs = [0usize; 3];
    for (i, p) in positions.iter().enumerate() {
        let score = p.score.expect("the set has scores");
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(i as u64)
            .with_threads(2)
            .with_parallelism(Parallelism::Tree)
            .with_budget(Budget::iterations(1_000_000));
        let r = ai.search(&p.position).unwrap();
        let want = Wdl::from_sign(score.signum().into());
        assert_eq!(r.value, Value::Proven(want), "line {i}: score {score}");
        assert!(p.position.is_legal(r.best_move));
        signs[(score.signum() + 1) as usize] += 1;
        if score > 0 {
            // The chosen move wins: a separate one-thread search proves the opponent lost.
            let mut after = p.position;
            after.play(r.best_move);
            if !after.outcome().is_over() {
                let mut check = Mcts::<ConnectFour>::new()
                    .with_seed(100 + i as u64)
                    .with_budget(Budget::iterations(1_000_000));
                assert_eq!(
                    check.search(&after).unwrap().value,
                    Value::Proven(Wdl::Loss)
                );
            }
        }
    }
    assert!(signs[0] > 0 && signs[2] > 0, "wins and losses: {signs:?}");
}

/// Checks the visit invariants of a tree grown from scratch: each visited node below the
/// root has at least one visit more than its children together; returns the nodes seen.
fn check_visits(node: NodeView<'_, u8>) -> usize {
    let mut seen = 1;
    let below: u64 = node.children().map(|c| u64::from(c.visits())).sum();
    if node.depth() > 0 && node.visits() > 0 {
        assert!(u64::from(node.visits()) > below, "{node:?}: {below} below");
    }
    for c in node.children() {
        seen += check_visits(c);
    }
    seen
}

#[test]
fn the_shared_tree_counts_every_iteration_once() {
    for threads in [2, 4] {
        let iterations = 30_000;
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(3)
            .with_threads(threads)
            .with_parallelism(Parallelism::Tree)
            .with_tree_reuse(false)
            .with_budget(Budget::iterations(iterations));
        let r = ai.search(&ConnectFour::new()).unwrap();
        assert_eq!(r.stats.iterations, iterations);
        assert_eq!(r.root_visits, iterations);
        let total: u64 = r.moves.iter().map(|m| m.visits).sum();
        assert_eq!(
            total, iterations,
            "every iteration passes through one root move"
        );
        let root = ai.root_view().unwrap();
        assert_eq!(ai.root_views().count(), 1, "one shared tree");
        let seen = check_visits(root);
        assert_eq!(seen, r.tree_size);
        assert_eq!(r.stats.nodes as usize, r.tree_size);
        // Iterations that did not stop at a node passed into one of its children.
        assert!(r.stats.leaves <= iterations);
    }
}

#[test]
fn the_kept_shared_tree_is_reused_after_a_move() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(8)
        .with_threads(2)
        .with_parallelism(Parallelism::Tree)
        .with_budget(Budget::iterations(20_000));
    let start = ConnectFour::new();
    let r = ai.search(&start).unwrap();
    let kept = r.moves.iter().find(|m| m.mv == r.best_move).unwrap().visits;
    let mut next = start;
    next.play(r.best_move);
    let again = ai.search(&next).unwrap();
    assert_eq!(again.root_visits, kept + 20_000);
    assert_eq!(again.stats.iterations, 20_000);
}

#[test]
fn many_threads_on_tiny_budgets_never_return_an_illegal_move() {
    let mut rng = SplitMix64::new(77);
    for round in 0..60u64 {
        // A random Connect Four position, a few plies in.
        let mut state = ConnectFour::new();
        for _ in 0..rng.below(20) {
            let moves = state.legal_move_list();
            let mv = moves[rng.below(moves.len())];
            let mut next = state;
            next.play(mv);
            if next.outcome().is_over() {
                break;
            }
            state = next;
        }
        let budget = match round % 4 {
            0 => Budget::iterations(1 + rng.below(40) as u64),
            1 => Budget::time(Duration::from_micros(200 + rng.below(800) as u64)),
            2 => Budget::iterations(5_000).with_stop(StopFlag::new()),
            _ => Budget::iterations(300 + rng.below(300) as u64),
        };
        let cap = [20u64, 60, 1_000, 1 << 20][rng.below(4)];
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(round)
            .with_threads(8)
            .with_parallelism(Parallelism::Tree)
            .with_node_cap(cap)
            .with_hint_prior(if round % 3 == 0 { 1.0 } else { 0.0 })
            .with_budget(budget.clone());
        match ai.search(&state) {
            Ok(r) => {
                assert!(state.is_legal(r.best_move), "round {round}: {r}");
                assert!(r.tree_size as u64 <= cap);
                if let Some(n) = budget.max_iterations() {
                    assert!(r.stats.iterations <= n);
                    if budget.time_limit().is_none() && !matches!(r.value, Value::Proven(_)) {
                        assert_eq!(r.stats.iterations, n, "round {round}");
                    }
                }
            }
            Err(e) => {
                // Only a cap too small for the root's moves may refuse the search.
                assert!(cap < 8, "round {round}: {e}");
            }
        }
    }
}

#[test]
fn proofs_with_tree_reuse_agree_with_negamax_on_four_threads() {
    let mut rng = SplitMix64::new(5);
    for game in 0..6 {
        let mut state = TicTacToe::new();
        let mut ai = tree(4).with_seed(game).with_budget(Budget::new());
        while !state.outcome().is_over() {
            let r = ai.search(&state).unwrap();
            let exact = negamax(&state);
            assert_eq!(r.value, Value::Proven(Wdl::from_sign(exact.into())));
            for m in &r.moves {
                let mut child = state;
                child.play(m.mv);
                if let Some(p) = m.proven {
                    assert_eq!(p, Wdl::from_sign((-negamax(&child)).into()));
                }
            }
            let moves = state.legal_move_list();
            let mv = moves[rng.below(moves.len())];
            ai.observe_move(&state, mv);
            state.play(mv);
        }
    }
}

/// Connect Four whose moves take 100 µs to play: user code slow enough that a search's
/// deadline falls in the middle of an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SlowFour(ConnectFour);

impl Game for SlowFour {
    type Move = u8;
    fn to_move(&self) -> search_core::Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves);
    }
    fn play(&mut self, mv: u8) {
        let t = std::time::Instant::now();
        while t.elapsed() < Duration::from_micros(100) {}
        self.0.play(mv);
    }
    fn outcome(&self) -> search_core::Outcome {
        self.0.outcome()
    }
}

#[test]
fn iterations_cut_short_by_the_deadline_leave_no_trace_in_the_tree() {
    // An iteration plays some twenty slow moves, so the 30 ms deadline falls inside one:
    // it is abandoned (and on a shared tree its visits on the way down taken back), so
    // the tree still counts every finished iteration once and nothing else.
    for (threads, parallelism) in [
        (1, Parallelism::Root),
        (2, Parallelism::Root),
        (2, Parallelism::Tree),
    ] {
        let mut ai = Mcts::<SlowFour>::new()
            .with_seed(5)
            .with_threads(threads)
            .with_parallelism(parallelism)
            .with_tree_reuse(false)
            .with_budget(Budget::time(Duration::from_millis(30)));
        let r = ai.search(&SlowFour(ConnectFour::new())).unwrap();
        let total: u64 = r.moves.iter().map(|m| m.visits).sum();
        assert_eq!(total, r.stats.iterations, "{threads} {parallelism:?}");
        assert_eq!(
            r.root_visits, r.stats.iterations,
            "{threads} {parallelism:?}"
        );
        for root in ai.root_views() {
            let seen = check_visits(root);
            assert!(seen <= r.tree_size);
        }
    }
}

/// A node's depth, move, visits, mean, proof and number of children.
type Seen = (u32, Option<u8>, u32, f64, Option<Wdl>, usize);

/// Every node of a tree, depth first.
fn nodes(node: NodeView<'_, u8>, out: &mut Vec<Seen>) {
    out.push((
        node.depth(),
        node.mv(),
        node.visits(),
        node.mean(),
        node.proven(),
        node.num_children(),
    ));
    for c in node.children() {
        nodes(c, out);
    }
}

/// A tree-parallel engine's search of the empty Connect Four board, ended by a stop flag
/// set from another thread after `after` or by `iterations`.
fn stopped_shared_search(
    ai: &mut Mcts<ConnectFour>,
    iterations: u64,
    after: Duration,
) -> mcts::SearchResult<u8> {
    let flag = StopFlag::new();
    ai.set_budget(Budget::iterations(iterations).with_stop(flag.clone()));
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(after);
            flag.stop();
        });
        ai.search(&ConnectFour::new()).unwrap()
    })
}

#[test]
fn a_stopped_shared_search_keeps_its_whole_tree_for_the_next_search() {
    for seed in 0..3 {
        let mut ai = Mcts::<ConnectFour>::new()
            .with_seed(seed)
            .with_threads(2)
            .with_parallelism(Parallelism::Tree);
        let r = stopped_shared_search(&mut ai, 1_500, Duration::from_millis(2));
        // Small enough to be written back whole even with the next search's flag set.
        assert!(r.tree_size < 16_384, "{}", r.tree_size);
        let mut before = Vec::new();
        nodes(ai.root_view().unwrap(), &mut before);
        assert_eq!(before.len(), r.tree_size);
        assert_eq!(u64::from(before[0].2), r.root_visits);
        assert_eq!(r.stats.nodes as usize, r.tree_size);
        // The same position again, its flag set before it starts: no iteration, and the
        // tree it returns is the one it was given (written back, loaded, kept again).
        let flag = StopFlag::new();
        flag.stop();
        ai.set_budget(Budget::new().with_stop(flag));
        let again = ai.search(&ConnectFour::new()).unwrap();
        assert_eq!(again.stats.iterations, 0);
        assert_eq!(
            (again.tree_size, again.root_visits),
            (r.tree_size, r.root_visits)
        );
        assert_eq!(again.best_move, r.best_move);
        for (a, b) in again.moves.iter().zip(&r.moves) {
            assert_eq!((a.mv, a.visits, a.proven), (b.mv, b.visits, b.proven));
            assert!((a.mean - b.mean).abs() < 1e-5);
        }
        let mut after = Vec::new();
        nodes(ai.root_view().unwrap(), &mut after);
        assert_eq!(after.len(), before.len());
        for (a, b) in after.iter().zip(&before) {
            assert_eq!((a.0, a.1, a.2, a.4, a.5), (b.0, b.1, b.2, b.4, b.5));
            assert!((a.3 - b.3).abs() < 1e-5, "{a:?} {b:?}");
        }
    }
}

#[test]
fn a_kept_shared_tree_too_large_for_the_next_search_s_time_is_dropped() {
    let mut ai = Mcts::<ConnectFour>::new()
        .with_seed(2)
        .with_threads(2)
        .with_parallelism(Parallelism::Tree);
    ai.set_budget(Budget::iterations(60_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(r.tree_size > 16_384, "{}", r.tree_size);
    // The next search's flag is set before it starts: writing the kept tree back is given
    // up, and the search starts afresh, from the root's children alone.
    let flag = StopFlag::new();
    flag.stop();
    ai.set_budget(Budget::new().with_stop(flag));
    let again = ai.search(&ConnectFour::new()).unwrap();
    assert_eq!(again.stats.iterations, 0);
    assert_eq!((again.tree_size, again.root_visits), (8, 0));
    assert!(ConnectFour::new().is_legal(again.best_move));
    // A view or a move played reads the whole kept tree.
    ai.set_budget(Budget::iterations(30_000));
    let r = ai.search(&ConnectFour::new()).unwrap();
    let child = r.moves.iter().find(|m| m.mv == r.best_move).unwrap();
    let mut below = Vec::new();
    nodes(
        ai.root_view().unwrap().child(r.best_move).unwrap(),
        &mut below,
    );
    ai.advance(&ConnectFour::new(), r.best_move);
    assert_eq!(ai.root_visits(), child.visits);
    assert_eq!(ai.tree_size(), below.len());
}

/// More than one thread is refused with `BudgetError::NoThreads` exactly where no thread can
/// be started (WebAssembly in a browser); everywhere else two threads search as asked.
#[test]
fn several_threads_are_refused_only_where_none_can_start() {
    use search_core::{BudgetError, SearchError, threads_available};
    let got = tree(2)
        .with_budget(Budget::iterations(1_000))
        .search(&TicTacToe::new())
        .map(|r| r.threads);
    if threads_available() {
        assert_eq!(got, Ok(2));
    } else {
        assert_eq!(
            got,
            Err(SearchError::Budget(BudgetError::NoThreads {
                engine: "Mcts",
                threads: 2
            }))
        );
    }
}
