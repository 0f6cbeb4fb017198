//! A game as long as a budget allows (`Budget::MAX_DEPTH` plies) searched by MCTS from a
//! thread with a small stack, on 1, 2 and 4 threads with a tree each or one shared tree:
//! the tree's descent, the playouts and the backups are loops, never a recursion per ply,
//! so the search returns instead of overflowing the stack.

use games::MnkGame;
use mcts::{GeneralMcts, Mcts, Parallelism};
use search_core::{Budget, Game, Outcome, Player};

/// Two moves a turn, each taking one ply off a game that ends in a draw after `left`.
#[derive(Clone, Debug, PartialEq)]
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
            m.extend([0, 1]);
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
}

/// Runs `f` on a thread with a stack of 256 KiB, an eighth of a spawned thread's default.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn mcts_searches_the_longest_game_on_a_small_stack() {
    for parallelism in [Parallelism::Root, Parallelism::Tree] {
        for threads in [1, 2, 4] {
            let r = on_small_stack(move || {
                Mcts::new()
                    .with_seed(3)
                    .with_threads(threads)
                    .with_parallelism(parallelism)
                    .with_budget(Budget::iterations(400))
                    .search(&Countdown {
                        left: Budget::MAX_DEPTH - 1,
                        to_move: Player::First,
                    })
                    .unwrap()
            });
            assert_eq!(
                r.moves.iter().map(|m| m.visits).sum::<u64>(),
                r.stats.iterations,
                "{parallelism:?}, {threads} threads"
            );
            assert!(r.stats.iterations > 0);
        }
    }
}

#[test]
fn general_mcts_searches_the_longest_game_on_a_small_stack() {
    for threads in [1, 2, 4] {
        let r = on_small_stack(move || {
            GeneralMcts::new()
                .with_seed(3)
                .with_threads(threads)
                .with_budget(Budget::iterations(400))
                .search(&Countdown {
                    left: Budget::MAX_DEPTH - 1,
                    to_move: Player::First,
                })
                .unwrap()
        });
        assert_eq!(r.stats.iterations, 400, "{threads} threads");
    }
    // A game of the general model, to the end, as a check that the small stack is enough
    // for a whole ordinary search.
    let r = on_small_stack(|| {
        GeneralMcts::new()
            .with_seed(3)
            .with_budget(Budget::iterations(2_000))
            .search(&MnkGame::new(4, 4, 3, 3).unwrap())
            .unwrap()
    });
    assert_eq!(r.stats.iterations, 2_000);
}
