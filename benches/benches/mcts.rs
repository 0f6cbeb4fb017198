//! Monte Carlo tree search speed: random playouts per second on Connect Four from the empty
//! board, our `mcts` crate side by side with the `mcts` crate 0.3 (zxqfl) and the MCTS of
//! the `minimax` crate 0.6, on the same bitboard game (`games::ConnectFour`), one thread and
//! two threads (ours with root parallelism, the default, and with tree parallelism), one
//! fresh search of `PLAYOUTS` playouts per measured iteration.
//!
//! `cargo bench -p benches --bench mcts`
//!
//! The peers get adapters written here: their game traits implemented for the same
//! `ConnectFour` (no allocation per move list), and for zxqfl's crate, which leaves the
//! playout to the user, the same uniform random playout loop and generator our engine uses.
//! The `minimax` crate runs its own built-in random rollouts.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use games::ConnectFour;
use mcts::{Mcts, Parallelism};
use search_core::{Budget, Game, Outcome, Player, SplitMix64};

/// Playouts per measured search.
const PLAYOUTS: u64 = 100_000;

/// A uniform random playout to the end of the game, with a reused move buffer.
fn random_playout(mut state: ConnectFour, rng: &mut SplitMix64, moves: &mut Vec<u8>) -> Outcome {
    loop {
        moves.clear();
        state.legal_moves(moves);
        if moves.is_empty() {
            return state.outcome();
        }
        state.play(moves[rng.below(moves.len())]);
    }
}

/// Adapter for the `mcts` crate 0.3 (zxqfl).
mod zxqfl {
    use super::*;
    use zxqfl_mcts::tree_policy::UCTPolicy;
    use zxqfl_mcts::{Evaluator, GameState, MCTS, MoveList, SearchHandle};

    #[derive(Clone)]
    pub struct State(pub ConnectFour);

    /// The legal columns as a fixed array: no allocation per node.
    pub type Columns = std::iter::Take<std::array::IntoIter<u8, 7>>;

    impl GameState for State {
        type Move = u8;
        type Player = Player;
        type MoveList = Columns;

        fn current_player(&self) -> Player {
            self.0.to_move()
        }

        fn available_moves(&self) -> Columns {
            let mut cols = [0u8; 7];
            let mut n = 0;
            if !self.0.outcome().is_over() {
                for c in 0..7 {
                    if self.0.can_play(c) {
                        cols[n] = c;
                        n += 1;
                    }
                }
            }
            cols.into_iter().take(n)
        }

        fn make_move(&mut self, mv: &u8) {
            self.0.play(*mv);
        }
    }

    /// Per-thread playout state: a generator and a move buffer.
    pub struct Scratch {
        rng: SplitMix64,
        moves: Vec<u8>,
    }

    static SEEDS: AtomicU64 = AtomicU64::new(1);

    impl Default for Scratch {
        fn default() -> Self {
            Scratch {
                rng: SplitMix64::new(SEEDS.fetch_add(1, Ordering::Relaxed)),
                moves: Vec::with_capacity(7),
            }
        }
    }

    /// Evaluates a new leaf by one random playout: +1 first player wins, -1 second, 0 draw.
    pub struct RandomRollout;

    fn score(outcome: Outcome) -> i64 {
        match outcome {
            Outcome::Win(Player::First) => 1,
            Outcome::Win(Player::Second) => -1,
            _ => 0,
        }
    }

    impl Evaluator<Spec> for RandomRollout {
        type StateEvaluation = i64;

        fn evaluate_new_state(
            &self,
            state: &State,
            moves: &MoveList<Spec>,
            handle: Option<SearchHandle<Spec>>,
        ) -> (Vec<()>, i64) {
            let outcome = match handle {
                Some(mut h) => {
                    let s = &mut h.thread_data().extra_data;
                    random_playout(state.0, &mut s.rng, &mut s.moves)
                }
                None => {
                    let mut s = Scratch::default();
                    random_playout(state.0, &mut s.rng, &mut s.moves)
                }
            };
            (vec![(); moves.len()], score(outcome))
        }

        fn evaluate_existing_state(&self, _: &State, e: &i64, _: SearchHandle<Spec>) -> i64 {
            *e
        }

        fn interpret_evaluation_for_player(&self, e: &i64, player: &Player) -> i64 {
            match player {
                Player::First => *e,
                Player::Second => -*e,
            }
        }
    }

    #[derive(Default)]
    pub struct Spec;

    impl MCTS for Spec {
        type State = State;
        type Eval = RandomRollout;
        type TreePolicy = UCTPolicy;
        type NodeData = ();
        type TranspositionTable = ();
        type ExtraThreadData = Scratch;
    }

    /// One fresh search of `playouts` playouts on `threads` threads.
    pub fn search(playouts: u64, threads: usize) -> Option<u8> {
        let mut manager = zxqfl_mcts::MCTSManager::new(
            State(ConnectFour::new()),
            Spec,
            RandomRollout,
            UCTPolicy::new(1.0),
            (),
        );
        if threads == 1 {
            manager.playout_n(playouts);
        } else {
            manager.playout_n_parallel(playouts as u32, threads);
        }
        manager.best_move()
    }
}

/// Adapter for the MCTS of the `minimax` crate 0.6.
mod minimax_peer {
    use super::*;
    use minimax::{Game as MGame, MCTSOptions, MonteCarloTreeSearch, Strategy, Winner};

    pub struct C4;

    impl MGame for C4 {
        type S = ConnectFour;
        type M = u8;

        fn generate_moves(state: &ConnectFour, moves: &mut Vec<u8>) -> Option<Winner> {
            state.legal_moves(moves);
            if moves.is_empty() {
                Self::get_winner(state)
            } else {
                None
            }
        }

        fn apply(state: &mut ConnectFour, mv: u8) -> Option<ConnectFour> {
            let mut next = *state;
            next.play(mv);
            Some(next)
        }

        fn get_winner(state: &ConnectFour) -> Option<Winner> {
            match state.outcome() {
                Outcome::Ongoing => None,
                Outcome::Draw => Some(Winner::Draw),
                Outcome::Win(_) => Some(Winner::PlayerJustMoved),
            }
        }
    }

    /// One fresh search of `playouts` rollouts on `threads` threads.
    pub fn search(playouts: u64, threads: usize) -> Option<u8> {
        let mut ai =
            MonteCarloTreeSearch::<C4>::new(MCTSOptions::default().with_num_threads(threads));
        ai.set_max_rollouts(playouts as u32);
        ai.choose_move(&ConnectFour::new())
    }
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcts connect4 playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    let empty = ConnectFour::new();
    for threads in [1usize, 2] {
        // Our engine as a game loop uses it: one engine, one search per move (no tree kept
        // here, so every search starts from the empty board; the arena's memory is reused).
        let mut ours = Mcts::<ConnectFour>::new()
            .with_seed(1)
            .with_threads(threads)
            .with_tree_reuse(false)
            .with_budget(Budget::iterations(PLAYOUTS));
        group.bench_function(format!("ours/{threads} thread(s)"), |b| {
            b.iter(|| ours.search(black_box(&empty)).map(|r| r.best_move))
        });
        if threads > 1 {
            // The same with tree parallelism (one shared tree) instead of the default root
            // parallelism (one tree per thread).
            let mut shared = Mcts::<ConnectFour>::new()
                .with_seed(1)
                .with_threads(threads)
                .with_parallelism(Parallelism::Tree)
                .with_tree_reuse(false)
                .with_budget(Budget::iterations(PLAYOUTS));
            group.bench_function(format!("ours tree-parallel/{threads} thread(s)"), |b| {
                b.iter(|| shared.search(black_box(&empty)).map(|r| r.best_move))
            });
        }
        group.bench_function(format!("zxqfl mcts 0.3/{threads} thread(s)"), |b| {
            b.iter(|| zxqfl::search(black_box(PLAYOUTS), threads))
        });
        group.bench_function(format!("minimax 0.6 mcts/{threads} thread(s)"), |b| {
            b.iter(|| minimax_peer::search(black_box(PLAYOUTS), threads))
        });
    }
    // Ours with a new engine (and a new arena) for every search, as the peers build theirs.
    group.bench_function("ours, fresh engine/1 thread(s)", |b| {
        b.iter(|| {
            Mcts::<ConnectFour>::new()
                .with_seed(1)
                .with_budget(Budget::iterations(PLAYOUTS))
                .search(black_box(&empty))
                .map(|r| r.best_move)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
