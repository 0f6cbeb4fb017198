//! [`GeneralMcts`]: Monte Carlo tree search for any [`GeneralGame`]: chance nodes, any
//! number of players, turns in any order.
//!
//! **Chance nodes keep their outcomes as children** (closed loop), each with its own
//! statistics, and an iteration descends into one outcome sampled by its probability. The
//! alternative, open-loop MCTS (one node per sequence of the players' moves, the dice
//! forgotten), cannot represent games whose legal moves depend on the outcome (in EinStein
//! würfelt nicht! the die decides which cube may move), and it mixes the statistics of
//! different positions; with outcomes as children the tree is the expectimax tree itself,
//! and each node's mean converges to its own value. The cost is memory: a chance node
//! creates all its outcomes at once, so a game with thousands of outcomes per chance node
//! fills the node cap quickly.

use core::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{
    Budget, GeneralGame, Interval, RunningBudget, SearchError, SplitMix64, Stats, Turn,
};

use crate::expansion::reserve_within;
use crate::mcts::{DEFAULT_NODE_CAP, MAX_THREADS};
use crate::playout::{MAX_PLAYOUT_PLIES, RandomPlayout};
use crate::result::per_second;
use crate::search::check_budget;
use crate::threads::{run_tasks, share};
use crate::tree::{terms, visit_table};

/// The engine's name in budget errors.
const ENGINE: &str = "GeneralMcts";

/// How a playout of a [`GeneralGame`] chooses the players' moves (chance outcomes are
/// always drawn by their probabilities). Implementations must return one of `moves`.
///
/// ```
/// use mcts::GeneralPlayout;
/// use search_core::{GeneralGame, SplitMix64};
///
/// /// Always the first move the game lists.
/// struct FirstMove;
/// impl<G: GeneralGame> GeneralPlayout<G> for FirstMove {
///     fn pick(&self, _state: &G, moves: &[G::Move], _rng: &mut SplitMix64) -> G::Move {
///         moves[0]
///     }
/// }
/// let ai = mcts::GeneralMcts::<games::MnkGame>::new().with_playout(FirstMove);
/// # let _ = ai;
/// ```
pub trait GeneralPlayout<G: GeneralGame> {
    /// Chooses the next move among `moves` (the legal moves of the player to move in
    /// `state`, never empty).
    ///
    /// ```
    /// use mcts::{GeneralPlayout, RandomPlayout};
    /// use search_core::SplitMix64;
    /// let game = games::MnkGame::new(3, 3, 3, 3).unwrap();
    /// let mv = GeneralPlayout::pick(&RandomPlayout, &game, &[2, 4], &mut SplitMix64::new(1));
    /// assert!(mv == 2 || mv == 4);
    /// ```
    fn pick(&self, state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move;
}

impl<G: GeneralGame> GeneralPlayout<G> for RandomPlayout {
    #[inline]
    fn pick(&self, _state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
        moves[rng.below(moves.len())]
    }
}

/// No player is proven to get the top of the reward range at a node.
const NOBODY: u8 = u8::MAX;

/// The most players the engine handles (a player index is stored in a byte).
const MAX_PLAYERS: usize = NOBODY as usize;

/// What a node is, once it was expanded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Not expanded yet.
    Leaf,
    /// A player chooses among the children.
    Player,
    /// Chance chooses among the children, by their probabilities.
    Chance,
    /// The game is over here.
    Over,
}

/// One node of the tree. Children of a node occupy `first_child .. first_child +
/// num_children` in the arena.
#[derive(Copy, Clone, Debug)]
struct Node<M> {
    /// Mean reward of `owner`, normalised to `[0, 1]` by the reward range.
    mean: f32,
    /// `1 / sqrt(visits)` (1 before the first visit).
    inv_sqrt: f32,
    /// `sqrt(ln visits)`, the exploration term of this node's children.
    sqrt_ln: f32,
    /// The probability of this outcome, for a child of a chance node (else 0).
    prob: f32,
    visits: u32,
    first_child: u32,
    num_children: u16,
    /// Children `0..next_unvisited` of a player's node were visited at least once.
    next_unvisited: u16,
    /// The player whose reward `mean` is: the one who moved into the node; an outcome of a
    /// chance node inherits the chance node's.
    owner: u8,
    /// The player proven to get the top of the reward range here, or `NOBODY`.
    top: u8,
    kind: Kind,
    /// The move or outcome leading here (a placeholder at the root).
    mv: M,
}

impl<M: Copy> Node<M> {
    fn new(mv: M, owner: u8, prob: f32) -> Self {
        Node {
            mean: 0.0,
            inv_sqrt: 1.0,
            sqrt_ln: 0.0,
            prob,
            visits: 0,
            first_child: 0,
            num_children: 0,
            next_unvisited: 0,
            owner,
            top: NOBODY,
            kind: Kind::Leaf,
            mv,
        }
    }

    fn children(&self) -> core::ops::Range<usize> {
        let f = self.first_child as usize;
        f..f + self.num_children as usize
    }

    #[inline]
    fn add_visit(&mut self, r: f32, table: &[[f32; 2]]) {
        self.visits += 1;
        let [inv, sqrt_ln] = terms(table, self.visits);
        self.inv_sqrt = inv;
        self.sqrt_ln = sqrt_ln;
        self.mean += (r - self.mean) * (inv * inv);
    }
}

/// The reward range and declared sum of the searched game, and the player count.
#[derive(Copy, Clone, Debug)]
struct Rules {
    players: usize,
    low: f64,
    high: f64,
    sum: Option<f64>,
}

impl Rules {
    /// Reads and checks the game's promises at the root.
    fn of<G: GeneralGame>(state: &G) -> Result<Self, SearchError> {
        let players = state.player_count();
        if players == 0 {
            return Err(broken(
                "player_count() is 0; a game has at least one player".into(),
            ));
        }
        if players > MAX_PLAYERS {
            return Err(SearchError::UnsupportedGame {
                engine: ENGINE,
                reason: format!("{players} players; the engine handles at most {MAX_PLAYERS}"),
            });
        }
        let (low, high) = state.reward_range();
        if !(low.is_finite() && high.is_finite() && low <= high) {
            return Err(broken(format!(
                "reward_range() = ({low}, {high}) is not a finite range"
            )));
        }
        Ok(Rules {
            players,
            low,
            high,
            sum: G::REWARD_SUM,
        })
    }

    /// Checks a finished game's rewards (in `raw`) against the range and the declared
    /// sum, and writes them normalised to `[0, 1]` into `norm`; returns the player who
    /// gets the top of the range, if any.
    fn score(&self, raw: &[f64], norm: &mut [f64]) -> Result<u8, SearchError> {
        let mut total = 0.0;
        let mut top = NOBODY;
        let span = self.high - self.low;
        for (p, (&r, n)) in raw.iter().zip(norm.iter_mut()).enumerate() {
            if !(r >= self.low && r <= self.high) {
                return Err(broken(format!(
                    "the reward {r} of player {p} is outside reward_range() = ({}, {})",
                    self.low, self.high
                )));
            }
            total += r;
            *n = if span > 0.0 {
                (r - self.low) / span
            } else {
                0.5
            };
            if r == self.high && top == NOBODY {
                top = p as u8;
            }
        }
        if let Some(s) = self.sum {
            if (total - s).abs() > 1e-9 * s.abs().max(1.0) {
                return Err(broken(format!(
                    "the rewards {raw:?} add up to {total}, but REWARD_SUM is {s}"
                )));
            }
        }
        Ok(top)
    }

    /// The player to move, checked against the player count.
    fn mover(&self, p: usize) -> Result<u8, SearchError> {
        if p < self.players {
            Ok(p as u8)
        } else {
            Err(broken(format!(
                "turn() names player {p}, but player_count() is {}",
                self.players
            )))
        }
    }
}

fn broken(what: String) -> SearchError {
    SearchError::BrokenPromise { what }
}

/// Checks a chance node's outcomes: at least one, every probability positive, adding up
/// to 1 within 1e-9; returns their sum.
fn check_outcomes<M>(outcomes: &[(M, f64)]) -> Result<f64, SearchError> {
    let mut total = 0.0;
    let mut valid = !outcomes.is_empty();
    for &(_, p) in outcomes {
        valid &= p.is_finite() && p > 0.0;
        total += p;
    }
    if valid && (total - 1.0).abs() <= 1e-9 {
        Ok(total)
    } else {
        let probabilities: Vec<f64> = outcomes.iter().map(|o| o.1).collect();
        Err(broken(format!(
            "a chance node's probabilities must be positive and add up to 1, but they are {probabilities:?}"
        )))
    }
}

/// Index of the item whose cumulative weight first passes `u` (the last one if rounding
/// leaves `u` past the total).
#[inline]
fn sample_index(weights: impl Iterator<Item = f64>, u: f64) -> usize {
    let mut acc = 0.0;
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        acc += w;
        last = i;
        if u < acc {
            return i;
        }
    }
    last
}

/// Statistics of one root move of a [`GeneralMcts`] search.
///
/// ```
/// use games::MnkGame;
/// use mcts::GeneralMcts;
/// use search_core::Budget;
/// let mut ai = GeneralMcts::new().with_budget(Budget::iterations(500));
/// let r = ai.search(&MnkGame::new(3, 3, 3, 3).unwrap()).unwrap();
/// let m = &r.moves[0];
/// assert!(m.visits > 0 && m.interval.contains(m.mean));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GeneralMoveStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations through the move.
    pub visits: u64,
    /// Mean reward of the player to move at the root over those iterations, in the game's
    /// own units (within its [`reward_range`](GeneralGame::reward_range); the range's
    /// midpoint when never visited).
    pub mean: f64,
    /// A 95 % interval of `mean`: the Wilson interval of the reward normalised to `[0, 1]`,
    /// mapped back onto the reward range ([`Interval::UNKNOWN`] when never visited).
    pub interval: Interval,
    /// `true` if the move is proven to give the root player the top of the reward range.
    pub proven: bool,
}

/// What [`GeneralMcts::search`] returns: the move, its estimated value, every root move's
/// statistics and the counters.
///
/// `stats` counts as [`SearchResult`](crate::SearchResult) does: `nodes` = nodes added to
/// the tree, `leaves` = playouts, `iterations`, `depth_reached` = `max_ply` = the deepest
/// tree node reached, in players' moves below the root (chance outcomes do not count),
/// and `elapsed`.
///
/// ```
/// use games::MnkGame;
/// use mcts::GeneralMcts;
/// use search_core::Budget;
/// let mut ai = GeneralMcts::new().with_budget(Budget::iterations(1_000));
/// let r = ai.search(&MnkGame::new(3, 3, 3, 3).unwrap()).unwrap();
/// assert_eq!(r.moves.len(), 9);
/// assert_eq!(r.player, 0);
/// assert_eq!(r.stats.iterations, 1_000);
/// println!("{r}");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GeneralSearchResult<M> {
    /// The chosen move: a move proven to give the root player the top of the reward range
    /// if there is one, otherwise the most visited (ties: the higher mean).
    pub best_move: M,
    /// The chosen move's value for the root player, in the game's units: the top of the
    /// reward range if it is proven, otherwise its mean reward.
    pub value: f64,
    /// `true` if the chosen move is proven to give the root player the top of the reward
    /// range (see [`GeneralMcts`] for what the engine proves).
    pub proven: bool,
    /// The player to move at the root.
    pub player: usize,
    /// Every root move, most visited first.
    pub moves: Vec<GeneralMoveStats<M>>,
    /// Counters of this search (see above).
    pub stats: Stats,
    /// Nodes in the tree at the end.
    pub tree_size: usize,
}

impl<M> GeneralSearchResult<M> {
    /// Iterations per second of wall-clock time (0 when no time was measured): the
    /// "playouts per second" of the benchmarks.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut ai = mcts::GeneralMcts::new().with_budget(Budget::iterations(200));
    /// let r = ai.search(&games::MnkGame::new(3, 3, 3, 3).unwrap()).unwrap();
    /// assert!(r.playouts_per_second() > 0.0);
    /// ```
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        per_second(&self.stats)
    }
}

impl<M: fmt::Debug> fmt::Display for GeneralSearchResult<M> {
    /// Several lines: the move and value, one line per root move, the counters.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut ai = mcts::GeneralMcts::new().with_budget(Budget::iterations(100));
    /// let text = ai.search(&games::MnkGame::new(3, 3, 3, 3).unwrap()).unwrap().to_string();
    /// assert!(text.starts_with("best move "));
    /// assert!(text.contains("playouts/s"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let proven = if self.proven { ", proven best" } else { "" };
        writeln!(
            f,
            "best move {:?} (player {}: mean reward {:.3}{proven})",
            self.best_move, self.player, self.value
        )?;
        for m in &self.moves {
            let proven = if m.proven { ", proven best" } else { "" };
            writeln!(
                f,
                "  {:?}: {} visits, mean {:.3} {}{proven}",
                m.mv, m.visits, m.mean, m.interval
            )?;
        }
        write!(
            f,
            "{}; {:.0} playouts/s, tree {} nodes",
            self.stats,
            self.playouts_per_second(),
            self.tree_size
        )
    }
}

/// Reused buffers of a search: nothing is allocated per node.
struct Scratch<M> {
    moves: Vec<M>,
    outcomes: Vec<(M, f64)>,
    raw: Vec<f64>,
    norm: Vec<f64>,
    path: Vec<u32>,
    terms: &'static [[f32; 2]],
}

/// One search thread's tree, generator, buffers and counters (a tree per thread).
struct Worker<M> {
    tree: Vec<Node<M>>,
    scratch: Scratch<M>,
    rng: SplitMix64,
    stats: Stats,
}

/// What every search thread polls: the budget, and the flags a thread raises when it
/// proves the root or fails.
struct Limits<'a> {
    running: &'a RunningBudget,
    proven: &'a AtomicBool,
    halt: &'a AtomicBool,
    /// No iteration, time or stop limit: the search ends when the root is proven or the
    /// tree is full.
    open_ended: bool,
}

/// Monte Carlo tree search for any [`GeneralGame`]: chance nodes, any number of players,
/// a player moving several times in a row, rewards in any range.
///
/// One iteration descends from the root: at a player's node to the child with the best
/// UCT score for that player (`mean + c · sqrt(ln N / n)`, children never visited first,
/// in a random order), at a chance node to an outcome drawn by its probability. The first
/// visit to a node plays a random game from it to the end (chance drawn by the
/// probabilities, the players' moves by the [`GeneralPlayout`], uniformly random by
/// default); its second visit creates all its children. Every node on the path then adds
/// the reward of **the player who moved into it**, normalised to `[0, 1]` by the game's
/// [`reward_range`](GeneralGame::reward_range), so each player's node compares its moves
/// by its own reward (max^n in the limit, expectimax at chance nodes). Extra turns need
/// nothing special: every node knows who moved into it.
///
/// **Chance nodes** keep one child per outcome with its own statistics (closed loop), and
/// each iteration follows one outcome drawn by its probability. Open-loop MCTS (one node
/// per sequence of the players' moves, the outcomes forgotten) would use less memory, but
/// it cannot represent a game whose legal moves depend on the outcome (in EinStein
/// würfelt nicht! the die decides which cube may move) and it mixes the statistics of
/// different positions; with the outcomes as children the tree is the expectimax tree
/// itself and every node's mean converges to that node's own value. The price: a chance
/// node creates all its outcomes at once, so thousands of outcomes per node fill the node
/// cap quickly; and statistics are not shared between outcomes that leave the players the
/// same choices (two rolls that move the same cube), so such trees need more iterations
/// for their means to settle.
///
/// **What it proves.** A finished game is exact, and a player who can reach the top of
/// the reward range is found: a node is proven for player `q` (`q` gets the top of the
/// range there, whatever the others do) when it is finished with `q` at the top, when `q`
/// moves there and one child is proven for `q`, or when every child (every move of
/// another player, every outcome of a chance node) is proven for `q`. This is sound with
/// chance and with any number of players, since no player can do better than the top.
/// A node proven for its mover is always entered through its proven child, and the search
/// stops as soon as the root is proven for the root player (an immediate win is found in
/// as many iterations as the root has moves). Nothing else is proven: an expected value
/// below the top at a chance node, a draw, or the value vector of a node where a player is
/// indifferent between moves that differ for the others (max^n's ties) stays an estimate.
///
/// **Bounds.** [`Budget`]: iterations, time, a stop flag, and a depth (in players' moves:
/// no node deeper is expanded; chance outcomes do not count); a node limit is refused
/// (the tree's size is [`with_node_cap`](GeneralMcts::with_node_cap)'s job), and so is a
/// depth with nothing that would end the search. At the node cap the tree stops growing
/// and the search goes on with playouts from its leaves. With one thread (the default;
/// [`with_threads`](GeneralMcts::with_threads) for a tree per thread), a seed
/// ([`with_seed`](GeneralMcts::with_seed)) and an iteration budget a search is
/// reproducible bit for bit. Every search starts from an empty tree (its memory is kept
/// for the next one).
///
/// **Checked promises.** A reward outside the reward range, rewards that do not add up to
/// [`REWARD_SUM`](GeneralGame::REWARD_SUM), chance probabilities that are not positive or
/// do not add up to 1, and a player index past `player_count` are
/// [`SearchError::BrokenPromise`], wherever the search meets them (in the tree or in a
/// playout); a player's turn without moves is [`SearchError::NoLegalMoves`].
///
/// ```
/// use games::{EinStein, EinSteinMove, MnkGame};
/// use mcts::GeneralMcts;
/// use search_core::{Budget, GeneralGame};
///
/// // A dice game: the die shows 6, player 0 chooses a step.
/// let mut dice = EinStein::new();
/// dice.apply(EinSteinMove::Roll(6));
/// let mut ai = GeneralMcts::new().with_seed(1).with_budget(Budget::iterations(2_000));
/// let r = ai.search(&dice)?;
/// println!("{r}");
///
/// // Three players: player 0 completes a row at once.
/// let mut three = MnkGame::new(4, 4, 3, 3)?;
/// for cell in [0, 4, 8, 1, 5, 9] {
///     three.apply(cell);
/// }
/// let r = GeneralMcts::new().with_budget(Budget::iterations(1_000)).search(&three)?;
/// assert_eq!(r.best_move, 2);
/// assert!(r.proven);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GeneralMcts<G: GeneralGame, P = RandomPlayout> {
    exploration: f64,
    budget: Budget,
    node_cap: u64,
    seed: u64,
    playout: P,
    threads: usize,
    workers: Vec<Worker<G::Move>>,
}

impl<G: GeneralGame, P: fmt::Debug> fmt::Debug for GeneralMcts<G, P> {
    /// The options and the playout policy.
    ///
    /// ```
    /// let ai = mcts::GeneralMcts::<games::MnkGame>::new();
    /// assert!(format!("{ai:?}").contains("exploration: 1.0"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GeneralMcts")
            .field("exploration", &self.exploration)
            .field("budget", &self.budget)
            .field("node_cap", &self.node_cap)
            .field("seed", &self.seed)
            .field("threads", &self.threads)
            .field("playout", &self.playout)
            .finish_non_exhaustive()
    }
}

impl<G: GeneralGame> Default for GeneralMcts<G> {
    /// The same as [`GeneralMcts::new`].
    ///
    /// ```
    /// let ai: mcts::GeneralMcts<games::EinStein> = Default::default();
    /// assert_eq!(ai.seed(), 0);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

impl<G: GeneralGame> GeneralMcts<G> {
    /// An engine with random playouts, exploration constant
    /// [`DEFAULT_EXPLORATION`](GeneralMcts::DEFAULT_EXPLORATION), 10 000 iterations per
    /// search, the node cap [`DEFAULT_NODE_CAP`] and seed 0.
    ///
    /// ```
    /// use search_core::Budget;
    /// let ai = mcts::GeneralMcts::<games::EinStein>::new();
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        GeneralMcts {
            exploration: Self::DEFAULT_EXPLORATION,
            budget: Budget::iterations(10_000),
            node_cap: DEFAULT_NODE_CAP,
            seed: 0,
            playout: RandomPlayout,
            threads: 1,
            workers: Vec::new(),
        }
    }
}

impl<G: GeneralGame, P> GeneralMcts<G, P> {
    /// The default exploration constant `c` of UCT, on rewards normalised to `[0, 1]`.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::DEFAULT_EXPLORATION, 1.0);
    /// ```
    pub const DEFAULT_EXPLORATION: f64 = 1.0;

    /// Bytes taken by one node of the tree (32 for a one-byte move).
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::NODE_BYTES, 32);
    /// ```
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<G::Move>>();

    /// The budget of each search (see the type's documentation for what it honours).
    ///
    /// ```
    /// use std::time::Duration;
    /// use search_core::Budget;
    /// let ai = mcts::GeneralMcts::<games::MnkGame>::new()
    ///     .with_budget(Budget::time(Duration::from_millis(50)));
    /// assert_eq!(ai.budget().time_limit(), Some(Duration::from_millis(50)));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget.
    ///
    /// ```
    /// let ai = mcts::GeneralMcts::<games::MnkGame>::new();
    /// assert!(ai.budget().max_iterations().is_some());
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The UCT exploration constant (default
    /// [`DEFAULT_EXPLORATION`](GeneralMcts::DEFAULT_EXPLORATION)); finite and `>= 0`,
    /// checked when a search starts ([`SearchError::Config`]).
    ///
    /// ```
    /// let ai = mcts::GeneralMcts::<games::MnkGame>::new().with_exploration(1.4);
    /// assert_eq!(ai.exploration(), 1.4);
    /// ```
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The exploration constant.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().exploration(), 1.0);
    /// ```
    #[must_use]
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// Fixes every random choice (chance outcomes, playouts, the order in which unvisited
    /// moves are tried); default 0.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().with_seed(7).seed(), 7);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The seed.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().seed(), 0);
    /// ```
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Caps the tree at `nodes` nodes (default [`DEFAULT_NODE_CAP`]), at most
    /// `nodes ×` [`NODE_BYTES`](GeneralMcts::NODE_BYTES) bytes. At the cap the tree stops
    /// growing and the search continues with playouts from its leaves. Zero, or a cap too
    /// small for the root's moves, is a [`SearchError::Config`] when a search starts.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut ai = mcts::GeneralMcts::new().with_node_cap(50).with_budget(Budget::iterations(2_000));
    /// let r = ai.search(&games::MnkGame::new(4, 4, 3, 3).unwrap()).unwrap();
    /// assert!(r.tree_size <= 50);
    /// assert_eq!(ai.node_cap(), 50);
    /// ```
    #[must_use]
    pub fn with_node_cap(mut self, nodes: u64) -> Self {
        self.node_cap = nodes;
        self
    }

    /// Caps the tree's memory at `bytes`: [`with_node_cap`](GeneralMcts::with_node_cap) of
    /// `bytes / NODE_BYTES` nodes.
    ///
    /// ```
    /// let ai = mcts::GeneralMcts::<games::MnkGame>::new().with_memory_cap(32_000);
    /// assert_eq!(ai.node_cap(), 1_000);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        self.with_node_cap(bytes / Self::NODE_BYTES as u64)
    }

    /// The node cap.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().node_cap(), mcts::DEFAULT_NODE_CAP);
    /// ```
    #[must_use]
    pub fn node_cap(&self) -> u64 {
        self.node_cap
    }

    /// Replaces the playout policy of the players' moves (see [`GeneralPlayout`]).
    ///
    /// ```
    /// use mcts::{GeneralMcts, RandomPlayout};
    /// let ai = GeneralMcts::<games::EinStein>::new().with_playout(RandomPlayout);
    /// # let _ = ai;
    /// ```
    #[must_use]
    pub fn with_playout<Q>(self, playout: Q) -> GeneralMcts<G, Q> {
        GeneralMcts {
            exploration: self.exploration,
            budget: self.budget,
            node_cap: self.node_cap,
            seed: self.seed,
            playout,
            threads: self.threads,
            workers: self.workers,
        }
    }

    /// Search threads (default 1). With `n > 1` every thread grows a tree of its own from
    /// the root (root parallelism, as [`Parallelism::Root`](crate::Parallelism::Root) in
    /// [`Mcts`](crate::Mcts)) with its share of the iterations and of the node cap, drawing
    /// from stream `i` of the seed, and the root moves' statistics are summed at the end;
    /// the search stops when any thread proves the root. The threads' interleaving then
    /// decides when the others see a proof or a stop, so runs may differ; with one thread
    /// the search runs on the calling thread and a seed gives the same result bit for bit.
    /// `0` or more than [`MAX_THREADS`](crate::MAX_THREADS) is a [`SearchError::Config`]
    /// when a search starts.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut ai = mcts::GeneralMcts::new().with_threads(2).with_budget(Budget::iterations(2_000));
    /// let r = ai.search(&games::MnkGame::new(4, 4, 3, 3).unwrap()).unwrap();
    /// assert_eq!(r.stats.iterations, 2_000);
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 2_000);
    /// assert_eq!(ai.threads(), 2);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The number of search threads.
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().threads(), 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Nodes of the last search's trees (all threads together).
    ///
    /// ```
    /// assert_eq!(mcts::GeneralMcts::<games::MnkGame>::new().tree_size(), 0);
    /// ```
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.workers.iter().map(|w| w.tree.len()).sum()
    }

    /// Refuses options out of range and budget fields the engine cannot honour.
    fn check(&self) -> Result<(), SearchError> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(SearchError::Config(format!(
                "the exploration constant must be finite and >= 0, got {}",
                self.exploration
            )));
        }
        if self.node_cap == 0 {
            return Err(SearchError::Config(
                "the node cap must be at least 1".into(),
            ));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return Err(SearchError::Config(format!(
                "the thread count must lie in 1..={MAX_THREADS}, got {}",
                self.threads
            )));
        }
        check_budget(&self.budget, ENGINE)?;
        Ok(())
    }
}

/// One search's fixed settings.
struct Run<'a, P> {
    playout: &'a P,
    rules: Rules,
    exploration: f32,
    max_depth: u32,
    cap: usize,
}

impl<G, P> GeneralMcts<G, P>
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: GeneralPlayout<G> + Sync,
{
    /// Searches `state`, where a player is to move, within the budget, and returns the
    /// chosen move with every root move's statistics.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Config`] for a chance
    /// node at the root (apply an outcome first), an exploration constant that is NaN or
    /// negative, or a node cap of zero or too small for the root's moves;
    /// [`SearchError::Budget`] for a zero limit, a node limit, or a depth alone;
    /// [`SearchError::UnsupportedGame`] for more than 255 players;
    /// [`SearchError::TooManyMoves`] for more than 65 535 moves or outcomes in one state;
    /// and the broken promises listed in the type's documentation.
    ///
    /// # Panics
    /// With one thread a panic in the game or the playout policy unwinds to the caller.
    /// With more ([`with_threads`](GeneralMcts::with_threads)) it is caught on its thread,
    /// the other threads stop within 16 iterations, and the search returns
    /// [`SearchError::WorkerPanicked`].
    ///
    /// ```
    /// use games::MnkGame;
    /// use mcts::GeneralMcts;
    /// use search_core::{Budget, SearchError};
    /// let game = MnkGame::new(3, 3, 3, 3).unwrap();
    /// let mut ai = GeneralMcts::new().with_seed(4).with_budget(Budget::iterations(3_000));
    /// let r = ai.search(&game).unwrap();
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 3_000);
    ///
    /// let mut bad = GeneralMcts::new().with_budget(Budget::nodes(100));
    /// assert!(matches!(bad.search(&game), Err(SearchError::Budget(_))));
    /// ```
    pub fn search(&mut self, state: &G) -> Result<GeneralSearchResult<G::Move>, SearchError> {
        self.check()?;
        let player = match state.turn() {
            Turn::Over => return Err(SearchError::GameOver),
            Turn::Chance => {
                return Err(SearchError::Config(
                    "the position is a chance node: apply one of its outcomes first".into(),
                ));
            }
            Turn::Player(p) => p,
        };
        let rules = Rules::of(state)?;
        let player = rules.mover(player)?;
        let mut moves = Vec::new();
        state.moves(&mut moves);
        let Some(&placeholder) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let running = self.budget.start()?;
        let max_iterations = self.budget.max_iterations().unwrap_or(u64::MAX);
        let threads = (self.threads as u64).min(max_iterations).min(self.node_cap) as usize;
        let run = Run {
            playout: &self.playout,
            rules,
            exploration: self.exploration as f32,
            max_depth: self.budget.max_depth().unwrap_or(u32::MAX),
            cap: (self.node_cap / threads as u64).min(u64::from(u32::MAX)) as usize,
        };
        self.workers.truncate(threads);
        while self.workers.len() < threads {
            self.workers.push(Worker::new());
        }
        for (i, w) in self.workers.iter_mut().enumerate() {
            w.rng = SplitMix64::stream(self.seed, i as u64);
            if !w.start(&run, state, placeholder, player)? {
                return Err(SearchError::Config(format!(
                    "the node cap {} is too small for the root's {} moves on {threads} thread(s)",
                    self.node_cap,
                    moves.len()
                )));
            }
        }
        let (proven, halt) = (AtomicBool::new(false), AtomicBool::new(false));
        let limits = Limits {
            running: &running,
            proven: &proven,
            halt: &halt,
            open_ended: self.budget.max_iterations().is_none()
                && self.budget.time_limit().is_none()
                && self.budget.stop_flag().is_none(),
        };
        if let [only] = self.workers.as_mut_slice() {
            only.run(&run, state, player, &limits, max_iterations)?;
        } else {
            let (run, limits) = (&run, &limits);
            let tasks: Vec<_> = self
                .workers
                .iter_mut()
                .enumerate()
                .map(|(i, w)| {
                    let root = state.clone();
                    let n = share(max_iterations, threads, i);
                    move || w.run(run, &root, player, limits, n)
                })
                .collect();
            run_tasks(tasks, limits.halt)?;
        }
        let mut stats = Stats {
            elapsed: running.elapsed(),
            ..Stats::default()
        };
        for w in &self.workers {
            stats.iterations += w.stats.iterations;
            stats.leaves += w.stats.leaves;
            stats.nodes += w.tree.len() as u64;
            stats.max_ply = stats.max_ply.max(w.stats.max_ply);
        }
        stats.depth_reached = stats.max_ply;
        Ok(result(&self.workers, &rules, player, stats))
    }
}

impl<M: Copy> Worker<M> {
    fn new() -> Self {
        Worker {
            tree: Vec::new(),
            scratch: Scratch {
                moves: Vec::new(),
                outcomes: Vec::new(),
                raw: Vec::new(),
                norm: Vec::new(),
                path: Vec::new(),
                terms: visit_table(),
            },
            rng: SplitMix64::new(0),
            stats: Stats::default(),
        }
    }

    /// Empties the tree (keeping its memory, within the cap) and expands the root;
    /// `Ok(false)` if the root's children do not fit under the cap.
    fn start<G: GeneralGame<Move = M>, P>(
        &mut self,
        run: &Run<'_, P>,
        state: &G,
        placeholder: M,
        player: u8,
    ) -> Result<bool, SearchError> {
        let s = &mut self.scratch;
        s.raw.clear();
        s.raw.resize(run.rules.players, 0.0);
        s.norm.clear();
        s.norm.resize(run.rules.players, 0.0);
        self.stats = Stats::default();
        let tree = &mut self.tree;
        tree.clear();
        if tree.capacity() > run.cap {
            tree.shrink_to(run.cap);
        }
        reserve_within(tree, 1, run.cap);
        tree.push(Node::new(placeholder, player, 0.0));
        run.expand(tree, s, &mut self.rng, 0, state)
    }

    /// Runs iterations until a limit is reached or the root is proven for `player`.
    fn run<G: GeneralGame<Move = M>, P: GeneralPlayout<G>>(
        &mut self,
        run: &Run<'_, P>,
        root: &G,
        player: u8,
        limits: &Limits<'_>,
        max_iterations: u64,
    ) -> Result<(), SearchError> {
        let mut full = false;
        loop {
            if self.tree[0].top == player {
                limits.proven.store(true, Ordering::Relaxed);
                break;
            }
            let it = self.stats.iterations;
            if it >= max_iterations
                || self.tree[0].visits >= u32::MAX - 1
                || (limits.open_ended && full)
                || (it % 16 == 0
                    && (limits.proven.load(Ordering::Relaxed)
                        || limits.halt.load(Ordering::Relaxed)
                        || limits.running.out_of_time()))
            {
                break;
            }
            let (tree, s, rng) = (&mut self.tree, &mut self.scratch, &mut self.rng);
            run.iterate(tree, s, rng, root, &mut self.stats, &mut full)?;
            self.stats.iterations += 1;
        }
        Ok(())
    }
}

impl<P> Run<'_, P> {
    /// Creates the children of `tree[idx]` (the node of `state`) and sets its kind;
    /// `Ok(false)` when they do not fit under the cap.
    fn expand<G: GeneralGame>(
        &self,
        tree: &mut Vec<Node<G::Move>>,
        s: &mut Scratch<G::Move>,
        rng: &mut SplitMix64,
        idx: usize,
        state: &G,
    ) -> Result<bool, SearchError> {
        let owner = tree[idx].owner;
        let first = tree.len();
        let (kind, count) = match state.turn() {
            Turn::Over => {
                state.rewards(&mut s.raw);
                tree[idx].top = self.rules.score(&s.raw, &mut s.norm)?;
                tree[idx].kind = Kind::Over;
                return Ok(true);
            }
            Turn::Player(p) => {
                let mover = self.rules.mover(p)?;
                s.moves.clear();
                state.moves(&mut s.moves);
                let n = s.moves.len();
                if n == 0 {
                    return Err(SearchError::NoLegalMoves);
                }
                too_many(n)?;
                if first + n > self.cap {
                    return Ok(false);
                }
                reserve_within(tree, n, self.cap);
                // A random order: the unvisited children are tried in this order.
                for i in (1..n).rev() {
                    s.moves.swap(i, rng.below(i + 1));
                }
                tree.extend(s.moves.iter().map(|&mv| Node::new(mv, mover, 0.0)));
                (Kind::Player, n)
            }
            Turn::Chance => {
                s.outcomes.clear();
                state.chance_outcomes(&mut s.outcomes);
                check_outcomes(&s.outcomes)?;
                let n = s.outcomes.len();
                too_many(n)?;
                if first + n > self.cap {
                    return Ok(false);
                }
                reserve_within(tree, n, self.cap);
                tree.extend(
                    s.outcomes
                        .iter()
                        .map(|&(mv, p)| Node::new(mv, owner, p as f32)),
                );
                (Kind::Chance, n)
            }
        };
        let node = &mut tree[idx];
        node.first_child = first as u32;
        node.num_children = count as u16;
        node.kind = kind;
        Ok(true)
    }

    /// One iteration: descend, expand or play out, back up rewards and proofs.
    fn iterate<G: GeneralGame>(
        &self,
        tree: &mut Vec<Node<G::Move>>,
        s: &mut Scratch<G::Move>,
        rng: &mut SplitMix64,
        root: &G,
        stats: &mut Stats,
        full: &mut bool,
    ) -> Result<(), SearchError>
    where
        P: GeneralPlayout<G>,
    {
        let mut state = root.clone();
        s.path.clear();
        s.path.push(0);
        let mut idx = 0usize;
        let mut depth = 0u32;
        let mut proved = false;
        loop {
            let node = tree[idx];
            if node.kind == Kind::Leaf {
                let first_visit = node.visits == 0 && idx != 0;
                let grown = !first_visit
                    && !*full
                    && depth < self.max_depth
                    && self.expand(tree, s, rng, idx, &state)?;
                if !grown {
                    if !first_visit && depth < self.max_depth {
                        *full = true;
                    }
                    // A playout; one that ends at once found a finished game.
                    if self.playout(s, rng, &mut state, &mut stats.leaves)? == 0 {
                        tree[idx].kind = Kind::Over;
                        tree[idx].top = self.rules.score(&s.raw, &mut s.norm)?;
                        proved = tree[idx].top != NOBODY;
                    }
                    break;
                }
                proved = tree[idx].top != NOBODY;
            }
            let node = tree[idx];
            let child = match node.kind {
                Kind::Over => {
                    state.rewards(&mut s.raw);
                    self.rules.score(&s.raw, &mut s.norm)?;
                    break;
                }
                Kind::Player => self.select(tree, idx),
                Kind::Chance => {
                    let u = rng.next_f64();
                    node.first_child as usize
                        + sample_index(tree[node.children()].iter().map(|c| f64::from(c.prob)), u)
                }
                Kind::Leaf => unreachable!("expanded above"),
            };
            state.apply(tree[child].mv);
            if node.kind == Kind::Player {
                depth += 1;
            }
            s.path.push(child as u32);
            idx = child;
        }
        stats.max_ply = stats.max_ply.max(depth);
        for k in (0..s.path.len()).rev() {
            let i = s.path[k] as usize;
            if proved && k + 1 < s.path.len() {
                proved = prove(tree, i);
            }
            let r = s.norm[usize::from(tree[i].owner)] as f32;
            tree[i].add_visit(r, s.terms);
        }
        Ok(())
    }

    /// The child of the player's node `tree[idx]` to descend into: the proven one if the
    /// mover is proven to get the top there, else an unvisited one, else the best UCT score.
    #[inline]
    fn select<M: Copy>(&self, tree: &mut [Node<M>], idx: usize) -> usize {
        let node = tree[idx];
        let range = node.children();
        let first = range.start;
        let mover = tree[first].owner;
        if node.top == mover {
            if let Some(k) = tree[range.clone()].iter().position(|c| c.top == mover) {
                return first + k;
            }
        }
        if node.next_unvisited < node.num_children {
            tree[idx].next_unvisited += 1;
            return first + usize::from(node.next_unvisited);
        }
        let explore = self.exploration * node.sqrt_ln;
        let mut best = first;
        let mut best_score = f32::NEG_INFINITY;
        for (k, c) in tree[range].iter().enumerate() {
            let score = c.mean + explore * c.inv_sqrt;
            if score > best_score {
                best_score = score;
                best = first + k;
            }
        }
        best
    }

    /// Plays `state` to the end (chance by its probabilities, the players by the policy)
    /// and leaves the checked, normalised rewards in `s.norm`; returns the moves and
    /// outcomes played (0: `state` was finished). A playout of `MAX_PLAYOUT_PLIES` that
    /// has not ended scores every player the middle of the range.
    fn playout<G: GeneralGame>(
        &self,
        s: &mut Scratch<G::Move>,
        rng: &mut SplitMix64,
        state: &mut G,
        playouts: &mut u64,
    ) -> Result<u32, SearchError>
    where
        P: GeneralPlayout<G>,
    {
        let mut plies = 0u32;
        loop {
            match state.turn() {
                Turn::Over => {
                    state.rewards(&mut s.raw);
                    self.rules.score(&s.raw, &mut s.norm)?;
                    break;
                }
                _ if plies >= MAX_PLAYOUT_PLIES => {
                    s.norm.fill(0.5);
                    break;
                }
                Turn::Player(p) => {
                    self.rules.mover(p)?;
                    s.moves.clear();
                    state.moves(&mut s.moves);
                    if s.moves.is_empty() {
                        return Err(SearchError::NoLegalMoves);
                    }
                    let mv = self.playout.pick(state, &s.moves, rng);
                    state.apply(mv);
                }
                Turn::Chance => {
                    s.outcomes.clear();
                    state.chance_outcomes(&mut s.outcomes);
                    let total = check_outcomes(&s.outcomes)?;
                    let u = rng.next_f64() * total;
                    let k = sample_index(s.outcomes.iter().map(|o| o.1), u);
                    state.apply(s.outcomes[k].0);
                }
            }
            plies += 1;
        }
        if plies > 0 {
            *playouts += 1;
        }
        Ok(plies)
    }
}

/// [`SearchError::TooManyMoves`] past the 16-bit child count of a node.
fn too_many(n: usize) -> Result<(), SearchError> {
    let max = u16::MAX as usize;
    if n > max {
        Err(SearchError::TooManyMoves { count: n, max })
    } else {
        Ok(())
    }
}

/// Marks `tree[idx]` proven for a player if its children now prove it (see
/// [`GeneralMcts`]); `true` if it became proven.
fn prove<M: Copy>(tree: &mut [Node<M>], idx: usize) -> bool {
    let node = tree[idx];
    if node.top != NOBODY || node.num_children == 0 {
        return false;
    }
    let children = &tree[node.children()];
    let mover = children[0].owner;
    let top = if node.kind == Kind::Player && children.iter().any(|c| c.top == mover) {
        mover
    } else {
        let q = children[0].top;
        if children.iter().all(|c| c.top == q) {
            q
        } else {
            NOBODY
        }
    };
    tree[idx].top = top;
    top != NOBODY
}

/// The root moves' statistics summed over the threads' trees, and the chosen move.
fn result<M: Copy + PartialEq>(
    workers: &[Worker<M>],
    rules: &Rules,
    player: u8,
    stats: Stats,
) -> GeneralSearchResult<M> {
    // (move, visits, sum of normalised rewards, proven)
    let mut acc: Vec<(M, u64, f64, bool)> = Vec::new();
    for w in workers {
        for c in &w.tree[w.tree[0].children()] {
            let (visits, sum) = (u64::from(c.visits), f64::from(c.mean) * f64::from(c.visits));
            match acc.iter_mut().find(|a| a.0 == c.mv) {
                Some(a) => {
                    a.1 += visits;
                    a.2 += sum;
                    a.3 |= c.top == player;
                }
                None => acc.push((c.mv, visits, sum, c.top == player)),
            }
        }
    }
    let span = rules.high - rules.low;
    let units = |x: f64| rules.low + x * span;
    let mut moves: Vec<GeneralMoveStats<M>> = acc
        .into_iter()
        .map(|(mv, visits, sum, proven)| {
            let (mean, interval) = if visits == 0 {
                (units(0.5), Interval::UNKNOWN)
            } else {
                let mean = sum / visits as f64;
                let w = Interval::wilson(mean, visits);
                let interval = Interval {
                    low: units(w.low),
                    high: units(w.high),
                };
                (units(mean), interval)
            };
            GeneralMoveStats {
                mv,
                visits,
                mean,
                interval,
                proven,
            }
        })
        .collect();
    // Most visited first; a proven move ahead of all.
    moves.sort_by(|a, b| {
        b.proven
            .cmp(&a.proven)
            .then(b.visits.cmp(&a.visits))
            .then(b.mean.total_cmp(&a.mean))
    });
    let best = &moves[0];
    GeneralSearchResult {
        best_move: best.mv,
        value: if best.proven { rules.high } else { best.mean },
        proven: best.proven,
        player: usize::from(player),
        stats,
        tree_size: workers.iter().map(|w| w.tree.len()).sum(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_follows_the_cumulative_weights() {
        let w = [0.25, 0.5, 0.25];
        assert_eq!(sample_index(w.into_iter(), 0.0), 0);
        assert_eq!(sample_index(w.into_iter(), 0.2499), 0);
        assert_eq!(sample_index(w.into_iter(), 0.25), 1);
        assert_eq!(sample_index(w.into_iter(), 0.75), 2);
        assert_eq!(sample_index(w.into_iter(), 1.5), 2);
    }

    #[test]
    fn outcomes_are_checked() {
        assert!(check_outcomes(&[(0u8, 0.5), (1, 0.5)]).is_ok());
        assert!(check_outcomes::<u8>(&[]).is_err());
        assert!(check_outcomes(&[(0u8, 0.5), (1, 0.4)]).is_err());
        assert!(check_outcomes(&[(0u8, 1.5), (1, -0.5)]).is_err());
        assert!(check_outcomes(&[(0u8, f64::NAN)]).is_err());
    }

    #[test]
    fn proofs_follow_the_movers() {
        // A player-0 node with two children; then a chance node with two outcomes.
        let mut t = vec![Node::new(0u8, 1, 0.0)];
        t[0].kind = Kind::Player;
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(Node::new(1, 0, 0.0));
        t.push(Node::new(2, 0, 0.0));
        assert!(!prove(&mut t, 0));
        t[2].top = 1; // player 1 wins after this move: not a proof for anyone at the node
        assert!(!prove(&mut t, 0));
        t[1].top = 0; // the mover can reach the top
        assert!(prove(&mut t, 0));
        assert_eq!(t[0].top, 0);
        let mut c = vec![Node::new(0u8, 1, 0.0)];
        c[0].kind = Kind::Chance;
        c[0].first_child = 1;
        c[0].num_children = 2;
        c.push(Node::new(1, 1, 0.5));
        c.push(Node::new(2, 1, 0.5));
        c[1].top = 1;
        assert!(!prove(&mut c, 0), "one outcome is not enough");
        c[2].top = 1;
        assert!(prove(&mut c, 0));
        assert_eq!(c[0].top, 1);
    }
}
