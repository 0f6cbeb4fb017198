//! The deepest search a budget allows fits any calling thread: every engine that recurses
//! grows its stack in segments when the caller's runs low, so a game of `MAX_DEPTH` plies
//! gives a value (or a typed error), never a stack overflow, on 1, 2 and 4 threads. The
//! searches run on a thread with a stack of 256 KiB, an eighth of a spawned thread's default.

use adversarial::{
    AlphaBeta, BestReply, Cfr, Expectimax, GameTree, MarginSolver, MaxN, Mccfr, Minimax, Negamax,
    OutcomeMccfr, Paranoid, Solver, expected_values, exploitability,
};
use search_core::{
    Budget, Game, GameHash, GeneralGame, OutOfTurn, Outcome, PerfectInfo, Player, Score,
};

/// A game of one move per turn that ends in a draw after `left` plies.
#[derive(Clone, Debug)]
struct Countdown {
    left: u32,
    to_move: Player,
}

impl Game for Countdown {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        if self.left > 0 {
            m.push(0);
        }
    }
    fn play(&mut self, _: u8) {
        self.left -= 1;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        if self.left == 0 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
    fn margin(&self) -> Option<i32> {
        (self.left == 0).then_some(0)
    }
}

impl GameHash for Countdown {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        u64::from(self.left) << 1 | self.to_move.index() as u64
    }
}

impl OutOfTurn for Countdown {
    fn moves_of(&self, _player: usize, moves: &mut Vec<u8>) {
        self.legal_moves(moves);
    }
    fn apply_as(&mut self, _player: usize, _mv: u8, next: usize) {
        self.left -= 1;
        self.to_move = if next == 0 {
            Player::First
        } else {
            Player::Second
        };
    }
}

const SMALL_STACK: usize = 256 << 10;

fn deepest() -> Countdown {
    Countdown {
        left: Budget::MAX_DEPTH - 1,
        to_move: Player::First,
    }
}

/// Runs `f` on a thread with a small stack and returns what it returns.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn the_solver_solves_the_deepest_game_on_a_small_stack() {
    for threads in [1, 2, 4] {
        let solved = on_small_stack(move || {
            Solver::new()
                .with_table_mb(4)
                .with_threads(threads)
                .with_helpers_after(0)
                .solve(&deepest())
                .unwrap()
        });
        assert_eq!(solved.score, Some(Score::DRAW), "{threads} threads");
    }
}

#[test]
fn negamax_searches_the_deepest_game_on_a_small_stack() {
    for threads in [1, 2, 4] {
        let searched = on_small_stack(move || {
            Negamax::new(|_: &Countdown| 0)
                .with_table_mb(4)
                .with_iterative_deepening(false)
                .with_threads(threads)
                .with_budget(Budget::depth(Budget::MAX_DEPTH))
                .search(&deepest())
                .unwrap()
        });
        assert_eq!(searched.score, Some(Score::DRAW), "{threads} threads");
    }
}

#[test]
fn the_textbook_searches_reach_the_deepest_leaf_on_a_small_stack() {
    let (ab, mm) = on_small_stack(|| {
        let budget = Budget::depth(Budget::MAX_DEPTH);
        let ab = AlphaBeta::new(|_: &Countdown| 0)
            .with_budget(budget.clone())
            .search(&deepest())
            .unwrap();
        let mm = Minimax::new(|_: &Countdown| 0)
            .with_budget(budget)
            .search(&deepest())
            .unwrap();
        (ab, mm)
    });
    assert_eq!(ab.score, Some(Score::DRAW));
    assert_eq!(mm.score, Some(Score::DRAW));
}

/// Each general search's value of a game of `plies` plies.
fn general_values(plies: u32) -> [Option<f64>; 4] {
    let start = Countdown {
        left: plies,
        to_move: Player::First,
    };
    let budget = Budget::depth(Budget::MAX_DEPTH);
    let zero = |_: &Countdown, v: &mut [f64]| v.fill(0.0);
    [
        Expectimax::new(zero)
            .with_budget(budget.clone())
            .with_iterative_deepening(false)
            .search(&start)
            .unwrap()
            .value,
        MaxN::new(zero)
            .with_budget(budget.clone())
            .search(&start)
            .unwrap()
            .value,
        Paranoid::new(zero)
            .with_budget(budget.clone())
            .search(&start)
            .unwrap()
            .value,
        BestReply::new(zero)
            .with_budget(budget)
            .search(&start)
            .unwrap()
            .value,
    ]
}

#[test]
fn the_general_searches_reach_the_deepest_leaf_on_a_small_stack() {
    let deep = on_small_stack(|| general_values(Budget::MAX_DEPTH - 1));
    // The same draw as at the end of a short game, in each engine's own scale.
    let short = general_values(9);
    let names = ["Expectimax", "MaxN", "Paranoid", "BestReply"];
    for ((name, deep), short) in names.iter().zip(deep).zip(short) {
        assert!(short.is_some(), "{name}");
        assert_eq!(deep, short, "{name}");
    }
}

#[test]
fn the_margin_solver_solves_the_deepest_game_on_a_small_stack() {
    let solved = on_small_stack(|| MarginSolver::new().solve(&deepest()).unwrap());
    assert_eq!(solved.margin, Some(0));
}

#[test]
fn a_game_tree_of_the_deepest_allowed_game_builds_and_solves_on_a_small_stack() {
    let plies = GameTree::<PerfectInfo<Countdown>>::MAX_DEPTH - 1;
    let (nodes, value, exploitability) = on_small_stack(move || {
        let start = PerfectInfo::new(Countdown {
            left: plies,
            to_move: Player::First,
        });
        let tree = GameTree::new(&start).unwrap();
        let solved = Cfr::new(&tree)
            .with_budget(Budget::iterations(2))
            .run()
            .unwrap();
        let sampled = Mccfr::new(&tree)
            .with_budget(Budget::iterations(2))
            .run()
            .unwrap();
        assert_eq!(sampled.iterations, 2);
        let outcome = OutcomeMccfr::new(&tree)
            .with_budget(Budget::iterations(2))
            .run()
            .unwrap();
        assert_eq!(outcome.iterations, 2);
        (
            tree.node_count(),
            expected_values(&tree, &solved.average).unwrap()[0],
            exploitability(&tree, &solved.average).unwrap(),
        )
    });
    assert_eq!(nodes, plies as usize + 1);
    // The one line ends in a draw: the value is a finished game's reward.
    let mut draw = [f64::NAN; 2];
    GeneralGame::rewards(
        &Countdown {
            left: 0,
            to_move: Player::First,
        },
        &mut draw,
    );
    assert_eq!(value, draw[0]);
    assert_eq!(exploitability, 0.0);
}

/// A panic in user code at the deepest horizon unwinds through the stack segments to the
/// caller, as it would without them.
#[test]
fn a_panic_at_the_deepest_horizon_reaches_the_caller() {
    let caught = on_small_stack(|| {
        std::panic::catch_unwind(|| {
            // The horizon, 9,990 plies down, is where the evaluator is called.
            Negamax::new(|_: &Countdown| -> i32 { panic!("the evaluator refuses the leaf") })
                .with_table_mb(1)
                .with_iterative_deepening(false)
                .with_budget(Budget::depth(Budget::MAX_DEPTH - 10))
                .search(&deepest())
        })
        .map_err(|payload| {
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        })
    });
    let message = caught.expect_err("the panic is not swallowed");
    assert!(
        message.is_some_and(|m| m.contains("refuses the leaf")),
        "the panic's own message"
    );
}

/// A game whose every move is noisy: quiescence search follows it to the end.
#[derive(Clone, Debug)]
struct NoisyCountdown(Countdown);

impl Game for NoisyCountdown {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        self.0.legal_moves(m);
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        true
    }
}

impl GameHash for NoisyCountdown {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
}

/// Quiescence search as deep as it is allowed (`MAX_DEPTH` plies of noisy moves past a
/// horizon of one ply) on a small stack.
#[test]
fn quiescence_follows_the_longest_noisy_line_on_a_small_stack() {
    let r = on_small_stack(|| {
        Negamax::new(|_: &NoisyCountdown| -1)
            .with_table_mb(1)
            .with_iterative_deepening(false)
            .with_quiescence(Budget::MAX_DEPTH)
            .with_budget(Budget::depth(1))
            .search(&NoisyCountdown(deepest()))
            .unwrap()
    });
    assert!(
        r.stats.nodes >= u64::from(Budget::MAX_DEPTH) - 2,
        "{}",
        r.stats
    );
}
