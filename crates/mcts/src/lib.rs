//! # mcts: Monte Carlo tree search for two-player games, dice and many players
//!
//! Monte Carlo tree search (MCTS) chooses a move by *playing*: from the current position it
//! grows a tree of the positions it has tried, and from each new leaf it plays one
//! simulated game (a *playout*, uniformly random by default) to the end. The result is
//! backed up along the path; moves that win more often get tried more often, and the move
//! finally played is the one tried most. It needs no evaluation function at all, only the
//! rules of the game: implement [`search_core::Game`] and start it in one line.
//!
//! **One engine, two modes.** [`Engine`] is the crate's one MCTS engine; its type parameter
//! `K` ([`Mode`]) decides what it searches. [`Mcts`] (mode [`ZeroSum`]) is the engine for a
//! two-player [`Game`](search_core::Game), with everything only such games allow: the
//! MCTS-Solver's proven wins, losses and draws, tree reuse, the game's hooks, priors, RAVE,
//! transpositions, tree parallelism, and [`Strategy`](search_core::Strategy) with
//! [`analyze`](search_core::Strategy::analyze). [`GeneralMcts`] (mode [`General`]) is the
//! same engine for any [`GeneralGame`](search_core::GeneralGame): chance nodes, any number
//! of players. Both grow the same tree, run the same selection, playout and backup loop on
//! the same threads, take the same [`Playout`] policies and return the same
//! [`SearchResult`]; the mode decides what a node keeps, what a reward is and what can be
//! proven, and its code is compiled into that mode's engine alone.
//!
//! ## The five steps: new, with_budget, with_threads, run, read stats
//!
//! Every engine of the workspace is used the same way: create it with `new` (then any
//! `with_*` options), bound it with `with_budget` (the one
//! [`Budget`](search_core::Budget) of `search-core`), give it threads with `with_threads`,
//! run it, and read the [`Stats`](search_core::Stats) in the result's `stats` field.
//!
//! ```
//! use games::ConnectFour;
//! use mcts::Mcts;
//! use search_core::Budget;
//!
//! let mut ai = Mcts::new()                        // 1. new (seed 0: reproducible)
//!     .with_budget(Budget::iterations(20_000))    // 2. how much to search
//!     .with_threads(2);                           // 3. how many threads
//! let result = ai.search(&ConnectFour::new())?;   // 4. run
//! assert!(result.best_move < 7);
//! assert_eq!(result.stats.iterations, 20_000);    // 5. read the stats
//! println!("{} playouts/s, {}", result.playouts_per_second(), result.stats);
//! println!("{result}"); // the move, every root move's visits and mean, the counters
//! # Ok::<(), search_core::SearchError>(())
//! ```
//!
//! As a [`Strategy`](search_core::Strategy) it plays in one line
//! (`ai.choose_move(&state)`), and [`analyze`](search_core::Strategy::analyze) lists every
//! root move with its visits, mean reward, confidence interval and proven value.
//!
//! ## When to use it, and what it costs
//! * **Use MCTS** when you have no good evaluation function, when the branching factor is
//!   large, or when you want an anytime player whose strength grows smoothly with time.
//! * **Use alpha-beta** (the `adversarial` crate) when you have a good evaluator and tactics
//!   decide the game: alpha-beta sees every short forced line; MCTS may miss a narrow trap
//!   that random playouts rarely find (the solver and the game's `winning_move` /
//!   `non_losing_moves` hooks close most of that gap near the end of the game).
//! * **Cost:** one iteration = one walk down the tree, one playout, one walk back up. On
//!   bitboard Connect Four from the empty board it is a fraction of a microsecond, several
//!   times the playouts per second of the `mcts` 0.3 and `minimax` 0.6 crates (the figures
//!   are in `docs/benchmarks/mcts.md` in the repository). The tree grows by about two
//!   nodes per iteration there, 24 bytes each for a one- or two-byte move
//!   ([`NODE_BYTES`](Engine::NODE_BYTES)); cap it with
//!   [`with_node_cap`](Engine::with_node_cap) or [`with_memory_cap`](Engine::with_memory_cap)
//!   (default [`DEFAULT_NODE_CAP`] nodes, about 400 MB).
//!
//! ## The algorithm, exactly
//! Each iteration, starting from the root:
//! 1. **Selection.** In an expanded node, children never visited are tried first (in a
//!    random order, or highest prior first when priors are on). Once all were visited, the
//!    child maximising the UCT score is taken:
//!
//!    `UCT(child) = Q + c · sqrt(ln N / n) + w · prior / (n + 1)`
//!
//!    where `n` is the child's visits, `N` the parent's visits, `Q` the child's **mean
//!    reward for the player who made the move**, `c` the exploration constant
//!    ([`with_exploration`](Engine::with_exploration), default 1.0), and the last term the optional progressive bias (`w = 0` without priors). `Q`, `1/sqrt(n)`
//!    and `sqrt(ln N)` are kept per node in single precision and updated at
//!    backpropagation (`ln` exact to about 1e-9); children whose proven bounds cannot change
//!    the parent's value are skipped (see the solver below); ties go to the first child in
//!    expansion order.
//! 2. **Expansion.** The first time a visited node is selected again, all its children
//!    are created at once (the game's `winning_move` and `non_losing_moves` hooks may
//!    shrink that list, see [`with_game_hooks`](Engine::with_game_hooks)).
//! 3. **Simulation.** From the new child, a [`Playout`] plays to the end of the game, or
//!    to its cut-off where an evaluator scores it ([`EvalCutoff`]).
//! 4. **Backpropagation.** Every node on the path adds one visit and the reward for the
//!    player who moved into it.
//!
//! **Reward scale:** rewards lie in `[0, 1]`: **1 for a win, ½ for a draw, 0 for a loss**,
//! always from the point of view of the player who made the move into the node (so `Q` is
//! "how good was this move for whoever chose it"); a cut-off playout scores a fraction.
//! With this scale `c = √2` is the textbook UCB1 constant; 1.0, the default, explores a
//! little less and plays better in the workspace's games.
//!
//! ## MCTS-Solver: proven wins, losses and draws
//! Every node carries a lower and an upper bound on its game-theoretic value (loss, draw or
//! win), as in score-bounded MCTS: a finished game sets both, and each backup recomputes
//! the parent's bounds by negamax over its children. A node whose bounds meet is
//! **proven**; children that are proven, or whose upper bound cannot beat what a sibling
//! already guarantees, are never selected again, and the search stops as soon as the root
//! is proven. Because bounds rather than only exact values are backed up, draws get proven
//! too: the engine proves the empty tic-tac-toe board a draw.
//!
//! ## The rest
//! * **Tree reuse:** [`Strategy::observe_move`](search_core::Strategy::observe_move) (or
//!   [`advance`](Engine::advance)) re-roots the tree at the move played, keeping the subtree's
//!   statistics and compacting the arena so discarded branches' memory is reused. It takes
//!   the position *before* the move: a move that is not legal there panics in builds with
//!   debug assertions, and [`try_advance`](Engine::try_advance) returns it as an error.
//!   [`Strategy::observe_undo`](search_core::Strategy::observe_undo) (called after every
//!   `undo` of the terminal loop of the `plysearch-play` crate) drops a tree whose line was
//!   taken back.
//! * **Budgets:** iterations, time, depth (no expansion deeper), and a stop flag; a node
//!   limit is refused (the tree's size is the node cap's job), and so is a depth limit
//!   with nothing that would end the search; see [`with_budget`](Engine::with_budget).
//! * **Bounded memory:** a node cap ([`with_node_cap`](Engine::with_node_cap), or in bytes
//!   [`with_memory_cap`](Engine::with_memory_cap)), shared by the threads. The tree never grows past it: at
//!   the cap it stops expanding and keeps simulating from its leaves, so the search runs on
//!   within its budget at constant memory.
//! * **Final move:** a proven win first, then the most visited move ([`FinalChoice`]);
//!   never a proven loss while another move is not one.
//! * **Statistics:** [`SearchResult`] lists every root move with visits, mean reward, a
//!   95 % confidence interval and its proven value ([`MoveStats`]), carries the
//!   workspace-wide [`Stats`](search_core::Stats) (nodes added, playouts, iterations,
//!   depth, time) and the tree's own counters (tree size, root visits, threads,
//!   playouts/s), and prints all of it with `Display`.
//! * **Reading the tree:** [`root_view`](Engine::root_view) returns a [`NodeView`] of the kept tree's
//!   root: per node the move, visits, mean reward and proven value, and the children, to
//!   print or draw what the search explored.
//! * **Threads:** [`with_threads`](Engine::with_threads) grows one tree per thread, merged at the root
//!   (root parallelisation, the default, chosen by measurement), or searches one tree
//!   shared by all threads ([`Parallelism::Tree`]: node statistics are atomics, a thread
//!   adds a virtual loss to the nodes it descends through, expansion is claimed per node
//!   with a flag); no `unsafe` and no locks in the hot loop. See
//!   [`with_parallelism`](Engine::with_parallelism).
//! * **Progressive widening** ([`with_progressive_widening`](Engine::with_progressive_widening), off by default): a
//!   node with `n` visits selects among its first `c · n^e` children only, created in the
//!   game's [`move_order_hint`](search_core::Game::move_order_hint) order.
//! * **Reproducible:** all randomness comes from
//!   [`SplitMix64`](search_core::SplitMix64) streams of the seed
//!   ([`with_seed`](Engine::with_seed), default 0); with an iteration budget a seed always gives the
//!   same result on one thread, and with root parallelism (the default) on several
//!   unless a thread proves the root's value (see [`with_threads`](Engine::with_threads)).
//! * **Errors, not panics:** a finished game, a zero or refused budget, a NaN or negative
//!   exploration constant, zero threads: each is a [`SearchError`](search_core::SearchError). So is a
//!   broken game (an ongoing state without moves, a hook move that is not legal), and a panic in your game, playout or evaluator
//!   on one of several threads: [`WorkerPanicked`](search_core::SearchError::WorkerPanicked),
//!   with the other threads stopped (see [`search`](Engine::search)).
//! * **Extra turns:** like the `adversarial` engines, MCTS accepts a game in which a move
//!   may leave the same player to move (as a completed box does in Dots and Boxes): every
//!   node keeps the player who moved into it, rewards are backed up for that player, and
//!   the solver negates a proven value only where the mover changes, never by depth.
//! * **Dice, cards and more players:** [`GeneralMcts`], the engine in mode [`General`],
//!   searches any [`GeneralGame`](search_core::GeneralGame): chance nodes (each outcome a
//!   child with its own statistics, entered with its probability), any number of players
//!   (each node backs up the reward of the player who moved into it, normalised by the
//!   game's reward range), turns in any order; it proves where a player can force the top
//!   of the reward range. Random playouts by default (any [`Playout`] without a cut-off),
//!   one thread or a tree per thread.
//! * **What your game needs** beyond [`Game`](search_core::Game): searching needs
//!   `G: PartialEq + Send` and `G::Move: Send + Sync` (`PartialEq` to find the kept tree's
//!   position, `Send` and `Sync` for the threads), and the playout policy `P: Playout<G> + Sync`;
//!   configuring the engine and reading its tree need nothing more than `Game`. The general
//!   mode needs `G: GeneralGame + Send`, `G::Move: Send` and `P: Playout<G> + Sync`.
#![warn(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The folders, from the bottom up (a file uses only files of the folders before it and of
// its own; no file imports one that imports it back):
// - `tree/`: the arena tree, what a node keeps in each mode (`zero_sum.rs`: the
//   MCTS-Solver's bounds; `general.rs`: turns and proofs of the general mode), re-rooting
//   and the price of a growth;
// - `steps/`: the steps of an iteration, one file each: selection (UCT), expansion,
//   playouts, RAVE, transpositions;
// - `engine/`: the `Engine` type and its options, the modes, the settings a search
//   reads, the final choice, reuse between moves, results, strategy and anytime search;
// - `parallel/`: one search thread (`worker.rs`) and its loop, the threads, the tree
//   shared by several threads (`shared.rs`, `arena.rs`) and a shared tree kept after the
//   search (`deferred.rs`);
// - `hidden/`: engines for games with hidden information (ISMCTS, determinized search);
// - `simultaneous/`: simultaneous-move MCTS.
mod engine;
mod hidden;
mod parallel;
mod simultaneous;
mod steps;
mod tree;

pub use engine::anytime::{MctsHandle, REPORT_INTERVAL, RootInfo};
pub use engine::final_choice::FinalChoice;
pub use engine::mode::{General, Mode, ZeroSum};
pub use engine::result::{MoveStats, SearchResult, Value};
pub use engine::view::NodeView;
pub use engine::{DEFAULT_NODE_CAP, Engine, GeneralMcts, Mcts};
pub use hidden::determinized::{Combine, Determinized};
pub use hidden::ismcts::Ismcts;
pub use parallel::threads::Parallelism;
pub use simultaneous::sm_mcts::{MixedMove, SmMcts, SmResult, SmSelection};
pub use steps::playout::{EvalCutoff, HintPlayout, Playout, RandomPlayout};

/// The examples of `README.md`, run by `cargo test --doc`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
