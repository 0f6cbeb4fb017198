//! The engine: [`Mcts`], its options, the search loop and root-parallel threads.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{Budget, Evaluator, Game, Outcome, RunningBudget, SearchError, Strategy};

use crate::playout::{Playout, RandomPlayout, first_player_reward, run_playout};
use crate::result::{Interval, MctsStats, MoveStats, Proven, SearchResult, Value};
use crate::rng::FastRng;
use crate::tree::{LOSS, Node, WIN, reroot, update_bounds, visit_table};

/// How the move is chosen once the search stops (after proven wins, which always come
/// first, and never a proven loss while some move is not one).
///
/// ```
/// use mcts::{FinalChoice, Mcts};
/// use games::TicTacToe;
/// let ai = Mcts::<TicTacToe>::new(0).with_final_choice(FinalChoice::BestMean);
/// assert_eq!(ai.final_choice(), FinalChoice::BestMean);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FinalChoice {
    /// The most visited move ("robust child"), ties broken by mean reward. The default:
    /// visits are the most reliable statistic UCT produces. (When the root is proven a
    /// draw or a loss, the moves keeping that value are ranked instead by the share of the
    /// opponent's replies proven to lose, then by visits: against a fallible opponent that
    /// keeps the most chances.)
    #[default]
    MostVisits,
    /// The visited move with the highest mean reward ("max child"), ties broken by visits.
    BestMean,
}

/// Where the priors used for progressive bias come from.
enum PriorSource<G: Game> {
    None,
    Hints,
    Evaluator(Box<dyn Evaluator<G> + Send + Sync>, f64),
}

/// The default [node cap](Mcts::with_node_cap): the largest tree, in nodes, all threads
/// together, when neither [`Mcts::with_node_cap`] nor the budget sets a smaller one (28 bytes
/// a node for a one- or two-byte move: at most 470 MB).
///
/// ```
/// assert_eq!(mcts::DEFAULT_NODE_CAP, 1 << 24);
/// ```
pub const DEFAULT_NODE_CAP: u64 = 1 << 24;

/// The largest number of search threads accepted.
///
/// ```
/// use games::TicTacToe;
/// let mut ai = mcts::Mcts::<TicTacToe>::new(1).with_threads(mcts::MAX_THREADS + 1);
/// assert!(ai.search(&TicTacToe::new()).is_err());
/// ```
pub const MAX_THREADS: usize = 1024;

/// Read-only settings shared by the search threads.
struct Ctx<'a, G: Game, P> {
    playout: &'a P,
    prior: &'a PriorSource<G>,
    prior_weight: f64,
    exploration: f64,
    hooks: bool,
    cap: usize,
    max_depth: u32,
}

/// One search thread's tree and scratch buffers (root parallelisation: each thread owns a
/// whole tree; statistics are merged at the root).
struct Worker<M> {
    tree: Vec<Node<M>>,
    rng: FastRng,
    path: Vec<u32>,
    moves: Vec<M>,
    order: Vec<(f32, M)>,
    /// `[1/sqrt(n), sqrt(ln n)]` for small visit counts.
    terms: Vec<[f32; 2]>,
    full: bool,
    iterations: u64,
    playouts: u64,
    max_depth: u32,
}

impl<M: Copy + PartialEq + core::fmt::Debug> Worker<M> {
    fn new(rng: FastRng) -> Self {
        Worker {
            tree: Vec::new(),
            rng,
            path: Vec::new(),
            moves: Vec::new(),
            order: Vec::new(),
            terms: visit_table(),
            full: false,
            iterations: 0,
            playouts: 0,
            max_depth: 0,
        }
    }

    /// Re-roots the tree at the root's child reached by `mv`, or empties it.
    fn advance(&mut self, mv: M) {
        let found = self.tree.first().and_then(|root| {
            self.tree[root.children()]
                .iter()
                .position(|c| c.mv == mv)
                .map(|k| root.first_child as usize + k)
        });
        match found {
            Some(child) => reroot(&mut self.tree, child),
            None => self.tree.clear(),
        }
    }

    /// Selects the child of `idx` to descend into: an unvisited child in expansion order,
    /// else the best UCT score among the children that can still change the node's value.
    #[inline]
    fn select(&mut self, idx: usize, c: f64, w: f64) -> Option<usize> {
        let node = self.tree[idx];
        if node.next_unvisited < node.num_children {
            self.tree[idx].next_unvisited += 1;
            return Some(node.first_child as usize + node.next_unvisited as usize);
        }
        let mover = self.tree[node.first_child as usize].owner();
        let best_pess = if mover == node.owner() {
            node.pess()
        } else {
            -node.opt()
        };
        let explore = c as f32 * node.sqrt_ln;
        let w = w as f32;
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        for (k, ch) in self.tree[node.children()].iter().enumerate() {
            if ch.opt() <= best_pess {
                continue; // proven, or cannot do better than a sibling already guarantees
            }
            let mut s = ch.mean + explore * ch.inv_sqrt;
            if w > 0.0 {
                s += w * ch.prior() / (ch.visits as f32 + 1.0);
            }
            if s > best_score {
                best_score = s;
                best = Some(node.first_child as usize + k);
            }
        }
        best
    }

    /// Generates the children of `idx`. `Ok(false)`: not expanded because the tree is full.
    fn expand<G: Game<Move = M>, P>(
        &mut self,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError> {
        let mover = state.to_move().index() as u8;
        self.moves.clear();
        let mut win = false;
        let mut lost = false;
        // The hooks go together: `non_losing_moves` is only defined once `winning_move` has
        // found nothing, and only a game with a fast `winning_move` (`HAS_WINNING_MOVE`) is
        // asked (a game without one would pay a full move generation per child here; the
        // tree then finds wins in one by visiting the children instead).
        // The hooks' moves are checked against the legal ones at the root, and at every
        // node in debug builds.
        let check_hooks = is_root || cfg!(debug_assertions);
        if ctx.hooks && G::HAS_WINNING_MOVE {
            if let Some(w) = state.winning_move() {
                if check_hooks && !state.is_legal(w) {
                    return Err(SearchError::IllegalHookMove {
                        hook: "winning_move",
                        mv: format!("{w:?}"),
                    });
                }
                self.moves.push(w);
                win = true;
            } else {
                state.non_losing_moves(&mut self.moves);
                if check_hooks {
                    let legal = state.legal_move_list();
                    if let Some(bad) = self.moves.iter().find(|m| !legal.contains(m)) {
                        return Err(SearchError::IllegalHookMove {
                            hook: "non_losing_moves",
                            mv: format!("{bad:?}"),
                        });
                    }
                }
                if self.moves.is_empty() {
                    state.legal_moves(&mut self.moves);
                    if self.moves.is_empty() {
                        return Err(SearchError::NoLegalMoves);
                    }
                    if !is_root {
                        self.moves.clear();
                        lost = true;
                    }
                }
            }
        } else {
            state.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                return Err(SearchError::NoLegalMoves);
            }
        }
        let count = self.moves.len();
        if count > usize::from(u16::MAX) {
            return Err(SearchError::Config(format!(
                "a state has {count} moves; the tree supports at most {}",
                u16::MAX
            )));
        }
        if self.tree.len() + count > ctx.cap {
            if is_root {
                return Err(SearchError::Config(format!(
                    "the node limit ({} per thread) is too small to expand the root ({} nodes needed)",
                    ctx.cap,
                    count + 1
                )));
            }
            self.full = true;
            return Ok(false);
        }
        reserve_within(&mut self.tree, count, ctx.cap);
        let first = self.tree.len();
        // Random order first: trying unvisited children in this order is a uniform choice.
        for i in (1..count).rev() {
            let j = self.rng.below(i + 1);
            self.moves.swap(i, j);
        }
        match ctx.prior {
            PriorSource::None => {
                for &mv in &self.moves {
                    self.tree.push(Node::new(mv, mover, 0.0));
                }
            }
            PriorSource::Hints | PriorSource::Evaluator(..) => {
                self.order.clear();
                let mut lo = f64::INFINITY;
                let mut hi = f64::NEG_INFINITY;
                for &mv in &self.moves {
                    let raw = match ctx.prior {
                        PriorSource::Evaluator(e, scale) => {
                            let mut child = state.clone();
                            child.play(mv);
                            match child.outcome() {
                                Outcome::Ongoing => {
                                    let v = -f64::from(e.evaluate(&child));
                                    1.0 / (1.0 + (-v / scale).exp())
                                }
                                o => o
                                    .value_for(state.to_move())
                                    .map_or(0.5, |v| (f64::from(v) + 1.0) / 2.0),
                            }
                        }
                        _ => f64::from(state.move_order_hint(mv)),
                    };
                    lo = lo.min(raw);
                    hi = hi.max(raw);
                    self.order.push((raw as f32, mv));
                }
                if matches!(ctx.prior, PriorSource::Hints) {
                    // Hints are only an order: map them onto [0, 1] within the siblings.
                    for entry in &mut self.order {
                        entry.0 = if hi > lo {
                            ((f64::from(entry.0) - lo) / (hi - lo)) as f32
                        } else {
                            0.5
                        };
                    }
                }
                self.order.sort_by(|a, b| b.0.total_cmp(&a.0));
                for &(p, mv) in &self.order {
                    self.tree.push(Node::new(mv, mover, p));
                }
            }
        }
        let node = &mut self.tree[idx];
        node.first_child = first as u32;
        node.num_children = count as u16;
        node.next_unvisited = 0;
        node.set_expanded();
        if win {
            let child = &mut self.tree[first];
            child.set_bounds(WIN, WIN);
            child.set_expanded();
            update_bounds(&mut self.tree, idx);
        } else if lost {
            let node = &mut self.tree[idx];
            let v = if node.owner() == mover { LOSS } else { WIN };
            node.set_bounds(v, v);
        }
        Ok(true)
    }

    /// One iteration: select, expand, simulate (or score a proven leaf), back up.
    fn iterate<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError> {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut idx = 0usize;
        let mut depth = 0u32;
        let mut solved_leaf = false;
        let reward: f64;
        loop {
            if self.tree[idx].is_solved() {
                reward = proven_first_reward(&self.tree[idx]);
                break;
            }
            if !self.tree[idx].expanded() {
                let expanded = depth < ctx.max_depth && self.expand(idx, &state, ctx, false)?;
                if !expanded {
                    reward =
                        run_playout(ctx.playout, &mut state, &mut self.rng, &mut self.moves)?.0;
                    self.playouts += 1;
                    break;
                }
                if self.tree[idx].is_solved() {
                    solved_leaf = true;
                    reward = proven_first_reward(&self.tree[idx]);
                    break;
                }
            }
            let Some(child) = self.select(idx, ctx.exploration, ctx.prior_weight) else {
                reward = run_playout(ctx.playout, &mut state, &mut self.rng, &mut self.moves)?.0;
                self.playouts += 1;
                break;
            };
            let mv = self.tree[child].mv;
            state.play(mv);
            // The tree keeps each node's owner, but the engine (its evaluator priors, the
            // game contract it documents) needs the turn to pass: one comparison per step.
            if state.to_move().index() as u8 == self.tree[child].owner() {
                return Err(SearchError::TurnDidNotPass {
                    mv: format!("{mv:?}"),
                });
            }
            depth += 1;
            self.path.push(child as u32);
            idx = child;
            if self.tree[child].visits == 0 {
                // The playout's first move generation tells whether the child is terminal.
                let (r, plies) =
                    run_playout(ctx.playout, &mut state, &mut self.rng, &mut self.moves)?;
                let outcome = if plies == 0 {
                    state.outcome()
                } else {
                    Outcome::Ongoing
                };
                if outcome.is_over() {
                    let node = &mut self.tree[child];
                    let v = match outcome.winner() {
                        None => 0,
                        Some(p) if p.index() as u8 == node.owner() => WIN,
                        Some(_) => LOSS,
                    };
                    node.set_bounds(v, v);
                    node.set_expanded();
                    solved_leaf = true;
                    reward = first_player_reward(outcome);
                } else {
                    reward = r;
                    self.playouts += 1;
                }
                break;
            }
        }
        self.max_depth = self.max_depth.max(depth);
        // Back up the reward (for each node's owner) and, while they change, the bounds.
        let mut changed = solved_leaf;
        let len = self.path.len();
        for k in (0..len).rev() {
            let i = self.path[k] as usize;
            if changed && k + 1 < len {
                changed = update_bounds(&mut self.tree, i);
            }
            let n = &mut self.tree[i];
            let r = if n.owner() == 0 { reward } else { 1.0 - reward };
            n.add_visit(r as f32, &self.terms);
        }
        Ok(())
    }

    /// Runs iterations until a limit is reached or the root is proven.
    fn run<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        root: &G,
        ctx: &Ctx<'_, G, P>,
        limits: &Limits<'_>,
        max_iterations: u64,
    ) -> Result<(), SearchError> {
        self.iterations = 0;
        self.playouts = 0;
        self.max_depth = 0;
        self.full = false;
        if !self.tree[0].expanded() {
            self.expand(0, root, ctx, true)?;
        }
        loop {
            if self.tree[0].is_solved() {
                limits.proven.store(true, Ordering::Relaxed);
                break;
            }
            if self.iterations >= max_iterations
                || self.tree[0].visits >= u32::MAX - 1
                || (limits.open_ended && self.full)
            {
                break;
            }
            if self.iterations % 16 == 0
                && (limits.proven.load(Ordering::Relaxed)
                    || limits.halt.load(Ordering::Relaxed)
                    || limits.running.out_of_time())
            {
                break;
            }
            self.iterate(root, ctx)?;
            self.iterations += 1;
        }
        Ok(())
    }
}

/// Makes room for `extra` more nodes without letting the arena's capacity pass `cap` nodes
/// (`len + extra <= cap` is checked by the caller): it grows by doubling, as a `Vec` does,
/// but the last step stops at the cap, so the memory a tree holds never exceeds
/// `cap × NODE_BYTES`.
#[inline]
fn reserve_within<M>(tree: &mut Vec<M>, extra: usize, cap: usize) {
    let len = tree.len();
    if tree.capacity() - len < extra {
        let target = (len + extra).max(tree.capacity() * 2).max(64).min(cap);
        tree.reserve_exact(target - len);
    }
}

/// The limits every search thread polls.
struct Limits<'a> {
    running: &'a RunningBudget,
    proven: &'a AtomicBool,
    /// Raised when a thread fails (a panic in user code, a broken game): the others stop.
    halt: &'a AtomicBool,
    open_ended: bool,
}

/// The first player's reward for a proven node.
#[inline]
fn proven_first_reward<M: Copy>(node: &Node<M>) -> f64 {
    let owner_reward = (f64::from(node.pess()) + 1.0) / 2.0;
    if node.owner() == 0 {
        owner_reward
    } else {
        1.0 - owner_reward
    }
}

/// Monte Carlo tree search with UCT, an MCTS-Solver (score-bounded: proves wins, losses and
/// draws), tree reuse between moves, optional priors and root-parallel threads.
///
/// Start one in one line; every option has a sensible default (see the
/// [crate documentation](crate) for the algorithm, the reward scale and the UCT formula):
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Mcts, Proven, Value};
/// use search_core::{Budget, Strategy};
///
/// let mut ai = Mcts::new(42); // uniform random playouts, 10 000 iterations per move
/// let mv = ai.choose_move(&TicTacToe::new()).unwrap();
/// assert!(mv < 9);
///
/// // The solver proves the empty board a draw.
/// let mut solver = Mcts::<TicTacToe>::new(1).with_budget(Budget::iterations(300_000));
/// let result = solver.search(&TicTacToe::new()).unwrap();
/// assert_eq!(result.value, Value::Proven(Proven::Draw));
/// ```
///
/// `G: PartialEq` lets the engine recognise the position its kept tree belongs to; the
/// engine needs `G: Send` and `P: Sync` to search on several threads.
pub struct Mcts<G: Game, P = RandomPlayout> {
    exploration: f64,
    final_choice: FinalChoice,
    threads: usize,
    reuse: bool,
    hooks: bool,
    prior: PriorSource<G>,
    prior_weight: f64,
    budget: Budget,
    node_cap: u64,
    playout: P,
    seed: u64,
    workers: Vec<Worker<G::Move>>,
    root: Option<G>,
}

impl<G: Game, P: core::fmt::Debug> core::fmt::Debug for Mcts<G, P> {
    /// The options, the playout policy and the kept tree's size.
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai = mcts::Mcts::<TicTacToe>::new(1);
    /// assert!(format!("{ai:?}").contains("exploration: 1.0"));
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let prior = match &self.prior {
            PriorSource::None => "none",
            PriorSource::Hints => "move hints",
            PriorSource::Evaluator(..) => "evaluator",
        };
        f.debug_struct("Mcts")
            .field("exploration", &self.exploration)
            .field("final_choice", &self.final_choice)
            .field("threads", &self.threads)
            .field("tree_reuse", &self.reuse)
            .field("game_hooks", &self.hooks)
            .field("prior", &prior)
            .field("prior_weight", &self.prior_weight)
            .field("budget", &self.budget)
            .field("node_cap", &self.node_cap)
            .field("playout", &self.playout)
            .field("seed", &self.seed)
            .field("tree_size", &self.tree_size())
            .finish()
    }
}

impl<G: Game> Mcts<G, RandomPlayout> {
    /// An engine with uniform random playouts, exploration constant
    /// [`Mcts::DEFAULT_EXPLORATION`], 10 000 iterations per move, one thread, tree reuse
    /// and the game's hooks on, all random choices fixed by `seed`.
    ///
    /// ```
    /// use games::ConnectFour;
    /// let ai = mcts::Mcts::<ConnectFour>::new(7);
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Mcts {
            exploration: Self::DEFAULT_EXPLORATION,
            final_choice: FinalChoice::MostVisits,
            threads: 1,
            reuse: true,
            hooks: true,
            prior: PriorSource::None,
            prior_weight: 0.0,
            budget: Budget::iterations(10_000),
            node_cap: DEFAULT_NODE_CAP,
            playout: RandomPlayout,
            seed,
            workers: Vec::new(),
            root: None,
        }
    }
}

impl<G: Game, P> Mcts<G, P> {
    /// The default exploration constant `c` of the UCT formula (rewards in `[0, 1]`).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::Mcts;
    /// assert_eq!(Mcts::<TicTacToe>::DEFAULT_EXPLORATION, 1.0);
    /// ```
    pub const DEFAULT_EXPLORATION: f64 = 1.0;

    /// Replaces the budget used by [`search`](Mcts::search) and
    /// [`choose_move`](Strategy::choose_move). MCTS reads: iterations (playouts), nodes
    /// (a tree size cap for this budget, shared among threads; the engine's own
    /// [`node cap`](Mcts::with_node_cap) applies too, the smaller of the two wins), depth (no
    /// node is expanded deeper than this below the root), time, and the stop flag. Without an
    /// iteration, time or stop limit the search runs until the root is proven or the tree
    /// is full.
    ///
    /// ```
    /// use std::time::Duration;
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let ai = mcts::Mcts::<ConnectFour>::new(1)
    ///     .with_budget(Budget::time(Duration::from_millis(50)).and_nodes(1_000_000));
    /// assert_eq!(ai.budget().max_nodes(), Some(1_000_000));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Replaces the budget in place (for play loops that change it between moves).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1);
    /// ai.set_budget(Budget::iterations(50));
    /// assert_eq!(ai.budget().max_iterations(), Some(50));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The current budget.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert!(mcts::Mcts::<TicTacToe>::new(1).budget().time_limit().is_none());
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Bytes taken by one tree node for this game's move type: what the
    /// [node cap](Mcts::with_node_cap) costs in memory (28 for a move of one or two bytes).
    ///
    /// ```
    /// use games::{ConnectFour, Reversi, TicTacToe};
    /// use mcts::Mcts;
    /// assert_eq!(Mcts::<ConnectFour>::NODE_BYTES, 28);
    /// assert_eq!(Mcts::<TicTacToe>::NODE_BYTES, 28);
    /// assert!(Mcts::<Reversi>::NODE_BYTES <= 32);
    /// ```
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<G::Move>>();

    /// Caps the search tree at `nodes` nodes, all threads together (default
    /// [`DEFAULT_NODE_CAP`]). The cap is a memory bound, separate from the budget: it
    /// does not end the search.
    ///
    /// * **At the cap** the tree stops growing. A leaf that would be expanded is simulated
    ///   from instead (one playout from the leaf, whose result updates the statistics of
    ///   the leaf and of every node above it as usual), so the search goes on, until its
    ///   budget ends, refining the statistics of the nodes it has without adding any. Nodes
    ///   are added a whole sibling group at a time, so a full tree may stop a few nodes short
    ///   of the cap. (A budget with no iteration, time or stop limit ends the search when
    ///   the tree is full, since nothing else would end it.)
    /// * **Memory:** each tree is one arena whose capacity never passes its share of the
    ///   cap, so the trees hold at most `nodes ×` [`NODE_BYTES`](Mcts::NODE_BYTES) bytes
    ///   ([`Mcts::tree_bytes`]); besides that, each thread keeps a 32 KiB table and its move
    ///   buffers. Re-rooting after a move compacts the kept subtree in place, and a kept
    ///   tree larger than a lowered cap is dropped and its memory shrunk to the new cap.
    /// * **Threads:** the cap is shared: with `t` threads (root parallelisation, one tree
    ///   per thread) each tree may hold `nodes / t` nodes.
    /// * **Budget:** a node limit in the budget ([`Budget::nodes`]) caps the tree as well;
    ///   the smaller of the two applies.
    ///
    /// A cap of zero, or one too small to expand the root, is a [`SearchError::Config`]
    /// when a search starts.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// use search_core::Budget;
    /// let mut ai = Mcts::<ConnectFour>::new(1)
    ///     .with_node_cap(1_000)
    ///     .with_budget(Budget::iterations(20_000));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert!(r.stats.nodes <= 1_000);
    /// assert_eq!(r.stats.iterations, 20_000); // the search ran on at the cap
    /// assert!(ai.tree_bytes() <= 1_000 * Mcts::<ConnectFour>::NODE_BYTES);
    /// ```
    #[must_use]
    pub fn with_node_cap(mut self, nodes: u64) -> Self {
        self.node_cap = nodes;
        self
    }

    /// Caps the search tree at `bytes` bytes: a [node cap](Mcts::with_node_cap) of
    /// `bytes / NODE_BYTES` nodes (rounded down), with everything said there.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::Mcts;
    /// let ai = Mcts::<ConnectFour>::new(1).with_memory_cap(64 << 20);
    /// assert_eq!(ai.node_cap(), (64 << 20) / 28);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        self.with_node_cap(bytes / Self::NODE_BYTES as u64)
    }

    /// The node cap (see [`Mcts::with_node_cap`]).
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new(1).node_cap(), mcts::DEFAULT_NODE_CAP);
    /// ```
    #[must_use]
    pub fn node_cap(&self) -> u64 {
        self.node_cap
    }

    /// Bytes the kept trees hold (their arenas' capacity, all threads together): at most
    /// the node cap times [`NODE_BYTES`](Mcts::NODE_BYTES).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1).with_budget(Budget::iterations(100));
    /// assert_eq!(ai.tree_bytes(), 0);
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert!(ai.tree_bytes() >= ai.tree_size() * mcts::Mcts::<TicTacToe>::NODE_BYTES);
    /// ```
    #[must_use]
    pub fn tree_bytes(&self) -> usize {
        self.workers
            .iter()
            .map(|w| w.tree.capacity())
            .sum::<usize>()
            * Self::NODE_BYTES
    }

    /// Sets the exploration constant `c` of UCT. It must be finite and `>= 0` (checked
    /// when a search starts: NaN, infinite or negative values are a
    /// [`SearchError::Config`]). Larger values explore more; `0` is greedy.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{SearchError, Strategy};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1).with_exploration(f64::NAN);
    /// assert!(matches!(ai.choose_move(&TicTacToe::new()), Err(SearchError::Config(_))));
    /// ```
    #[must_use]
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    /// The exploration constant.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new(1).exploration(), 1.0);
    /// ```
    #[must_use]
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// Searches on `threads` threads (root parallelisation: one tree per thread, seeded
    /// from the engine's seed and the thread index, statistics merged at the root; the
    /// iteration and node limits are split among the threads). `0` or more than
    /// [`MAX_THREADS`] is a [`SearchError::Config`] when a search starts.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    /// let mut ai = mcts::Mcts::<ConnectFour>::new(1)
    ///     .with_threads(cores)
    ///     .with_budget(Budget::iterations(2_000));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert_eq!(r.stats.threads, cores.min(2_000));
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Replaces the playout policy (see [`Playout`]).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{HintPlayout, Mcts};
    /// let ai: Mcts<ConnectFour, HintPlayout> = Mcts::new(1).with_playout(HintPlayout::new(0.3));
    /// # let _ = ai;
    /// ```
    #[must_use]
    pub fn with_playout<Q>(self, playout: Q) -> Mcts<G, Q> {
        Mcts {
            exploration: self.exploration,
            final_choice: self.final_choice,
            threads: self.threads,
            reuse: self.reuse,
            hooks: self.hooks,
            prior: self.prior,
            prior_weight: self.prior_weight,
            budget: self.budget,
            node_cap: self.node_cap,
            playout,
            seed: self.seed,
            workers: self.workers,
            root: self.root,
        }
    }

    /// How the move is chosen at the end of a search (default [`FinalChoice::MostVisits`]).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::FinalChoice;
    /// let ai = mcts::Mcts::<TicTacToe>::new(1).with_final_choice(FinalChoice::BestMean);
    /// assert_eq!(ai.final_choice(), FinalChoice::BestMean);
    /// ```
    #[must_use]
    pub fn with_final_choice(mut self, choice: FinalChoice) -> Self {
        self.final_choice = choice;
        self
    }

    /// The final-move rule.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new(1).final_choice(), mcts::FinalChoice::MostVisits);
    /// ```
    #[must_use]
    pub fn final_choice(&self) -> FinalChoice {
        self.final_choice
    }

    /// Keep the tree between searches (default `true`): the subtree under the moves played
    /// since (reported with [`Strategy::observe_move`], or found by comparing positions up
    /// to two plies deep) becomes the new root with its statistics. With `false` every
    /// search starts from an empty tree.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1)
    ///     .with_tree_reuse(false)
    ///     .with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let again = ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(again.stats.root_visits, 100);
    /// ```
    #[must_use]
    pub fn with_tree_reuse(mut self, reuse: bool) -> Self {
        self.reuse = reuse;
        self
    }

    /// Use the game's [`winning_move`](Game::winning_move) (when the game declares it fast
    /// with [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE)) and
    /// [`non_losing_moves`](Game::non_losing_moves) hooks when expanding a node (default
    /// `true`): a node whose side to move can win at once is proven on the spot, and moves
    /// the game knows to lose at once are never added. With `false` the tree holds every
    /// legal move.
    ///
    /// ```
    /// use games::ConnectFour;
    /// let ai = mcts::Mcts::<ConnectFour>::new(1).with_game_hooks(false);
    /// # let _ = ai;
    /// ```
    #[must_use]
    pub fn with_game_hooks(mut self, hooks: bool) -> Self {
        self.hooks = hooks;
        self
    }

    /// Progressive bias from the game's [`move_order_hint`](Game::move_order_hint): at
    /// expansion each move's hint is mapped linearly onto `[0, 1]` among its siblings
    /// (all equal: ½), children are tried highest prior first, and UCT adds
    /// `weight · prior / (n + 1)`. `weight` must be finite and `>= 0` (checked when a
    /// search starts).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new(1)
    ///     .with_hint_prior(1.0)
    ///     .with_budget(Budget::iterations(500));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// let centre = r.moves.iter().find(|m| m.mv == 3).unwrap();
    /// assert_eq!(centre.prior, 1.0); // the centre column has the best hint
    /// ```
    #[must_use]
    pub fn with_hint_prior(mut self, weight: f64) -> Self {
        self.prior = PriorSource::Hints;
        self.prior_weight = weight;
        self
    }

    /// Progressive bias from an [`Evaluator`]: at expansion each move's prior is
    /// `1 / (1 + e^(-v / scale))`, `v` the evaluation of the resulting state for the player
    /// who moved (a finished game counts 1, ½ or 0), children are tried highest prior first,
    /// and UCT adds `weight · prior / (n + 1)`. `scale` must be finite and `> 0`, `weight`
    /// finite and `>= 0` (checked when a search starts).
    ///
    /// ```
    /// use games::{ConnectFour, ThreatEvaluator};
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new(1)
    ///     .with_evaluator_prior(ThreatEvaluator, 16.0, 0.5)
    ///     .with_budget(Budget::iterations(500));
    /// assert!(ai.search(&ConnectFour::new()).is_ok());
    /// ```
    #[must_use]
    pub fn with_evaluator_prior<E>(mut self, evaluator: E, scale: f64, weight: f64) -> Self
    where
        E: Evaluator<G> + Send + Sync + 'static,
    {
        self.prior = PriorSource::Evaluator(Box::new(evaluator), scale);
        self.prior_weight = weight;
        self
    }

    /// Nodes currently kept (all threads' trees together).
    ///
    /// ```
    /// use games::TicTacToe;
    /// let ai = mcts::Mcts::<TicTacToe>::new(1);
    /// assert_eq!(ai.tree_size(), 0);
    /// ```
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.workers.iter().map(|w| w.tree.len()).sum()
    }

    /// Visits of the kept root (all threads together): after a move, what the kept subtree
    /// already knows.
    ///
    /// ```
    /// use games::TicTacToe;
    /// assert_eq!(mcts::Mcts::<TicTacToe>::new(1).root_visits(), 0);
    /// ```
    #[must_use]
    pub fn root_visits(&self) -> u64 {
        self.workers
            .iter()
            .filter_map(|w| w.tree.first())
            .map(|r| u64::from(r.visits))
            .sum()
    }

    /// Each search thread's kept tree, root first (read by [`NodeView`](crate::NodeView)).
    pub(crate) fn trees(&self) -> impl Iterator<Item = &[Node<G::Move>]> + '_ {
        self.workers.iter().map(|w| w.tree.as_slice())
    }

    /// Drops the kept tree(s); the memory stays allocated for the next search.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1).with_budget(Budget::iterations(10));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// ai.reset();
    /// assert_eq!(ai.tree_size(), 0);
    /// ```
    pub fn reset(&mut self) {
        for w in &mut self.workers {
            w.tree.clear();
        }
        self.root = None;
    }

    fn validate(&self) -> Result<(), SearchError> {
        let config = |msg: String| Err(SearchError::Config(msg));
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return config(format!(
                "the exploration constant must be finite and >= 0, got {}",
                self.exploration
            ));
        }
        if !(self.prior_weight.is_finite() && self.prior_weight >= 0.0) {
            return config(format!(
                "the prior weight must be finite and >= 0, got {}",
                self.prior_weight
            ));
        }
        if let PriorSource::Evaluator(_, scale) = &self.prior {
            if !(scale.is_finite() && *scale > 0.0) {
                return config(format!(
                    "the evaluator prior's scale must be finite and > 0, got {scale}"
                ));
            }
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return config(format!(
                "the thread count must lie in 1..={MAX_THREADS}, got {}",
                self.threads
            ));
        }
        if self.node_cap == 0 {
            return config("the node cap must be at least 1".into());
        }
        Ok(())
    }
}

impl<G, P> Mcts<G, P>
where
    G: Game + PartialEq + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    /// Searches `state` within the budget and returns the chosen move with the root's
    /// value, per-move statistics and counters. The kept tree is reused when it belongs to
    /// this position (or to one up to two plies before it).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, [`SearchError::Budget`] for an invalid
    /// budget (zero iterations, nodes or time...), [`SearchError::Config`] for an invalid
    /// option (exploration constant NaN or negative, zero threads, a node limit too small
    /// for the root's moves). A broken game, wherever the search meets it (in the tree or
    /// in a playout): [`SearchError::NoLegalMoves`] for a state that is ongoing without
    /// legal moves, [`SearchError::TurnDidNotPass`] for a move after which the same player
    /// is to move (checked at every step down the tree; in playouts in debug builds), and
    /// [`SearchError::IllegalHookMove`] for a `winning_move` or `non_losing_moves` hook
    /// that returns a move that is not legal (checked when the root is expanded; at every
    /// expansion in debug builds). After an error the kept tree is dropped.
    ///
    /// # Panics
    /// With one thread the search runs on the calling thread, and a panic in the game, the
    /// playout policy or the evaluator prior unwinds to the caller. With more threads
    /// ([`with_threads`](Mcts::with_threads)) every thread is one the engine started: a
    /// panic on any of them is caught, the other threads stop within 16 iterations, and
    /// the search returns [`SearchError::WorkerPanicked`] with the panic's message (never
    /// a move chosen from the threads that survived).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{Mcts, Proven, Value};
    /// use search_core::{Budget, SearchError};
    ///
    /// // X (to move) has three in a row on the bottom with both ends open.
    /// let g: ConnectFour = "445566".parse().unwrap();
    /// let mut ai = Mcts::new(3).with_budget(Budget::iterations(1_000));
    /// let r = ai.search(&g).unwrap();
    /// assert!(r.best_move == 2 || r.best_move == 6);
    /// assert_eq!(r.value, Value::Proven(Proven::Win));
    ///
    /// let mut bad = Mcts::<ConnectFour>::new(3).with_budget(Budget::iterations(0));
    /// assert!(matches!(bad.search(&g), Err(SearchError::Budget(_))));
    /// ```
    pub fn search(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError> {
        self.validate()?;
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let running = self.budget.start()?;
        let total_cap = self
            .budget
            .max_nodes()
            .map_or(self.node_cap, |n| n.min(self.node_cap));
        let max_iterations = self.budget.max_iterations().unwrap_or(u64::MAX);
        let threads = (self.threads as u64).min(total_cap).min(max_iterations) as usize;
        let cap = (total_cap / threads as u64).min(u64::from(u32::MAX)) as usize;
        self.sync(state, threads, cap)?;
        let ctx = Ctx {
            playout: &self.playout,
            prior: &self.prior,
            prior_weight: self.prior_weight,
            exploration: self.exploration,
            hooks: self.hooks,
            cap,
            max_depth: self.budget.max_depth().unwrap_or(u32::MAX),
        };
        let proven = AtomicBool::new(false);
        let halt = AtomicBool::new(false);
        let limits = Limits {
            running: &running,
            proven: &proven,
            halt: &halt,
            open_ended: self.budget.max_iterations().is_none()
                && self.budget.time_limit().is_none()
                && self.budget.stop_flag().is_none(),
        };
        let share = |i: usize| {
            if max_iterations == u64::MAX {
                u64::MAX
            } else {
                max_iterations / threads as u64
                    + u64::from((i as u64) < max_iterations % threads as u64)
            }
        };
        if threads == 1 {
            if let Err(e) = self.workers[0].run(state, &ctx, &limits, share(0)) {
                self.reset();
                return Err(e);
            }
        } else {
            let results: Vec<Result<(), SearchError>> = std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .workers
                    .iter_mut()
                    .enumerate()
                    .map(|(i, w)| {
                        let (ctx, limits, root) = (&ctx, &limits, state.clone());
                        let n = share(i);
                        s.spawn(move || {
                            // A panic in user code, or an error, stops the other threads.
                            let r = catch_unwind(AssertUnwindSafe(|| w.run(&root, ctx, limits, n)))
                                .unwrap_or_else(|p| Err(SearchError::from_panic(&*p)));
                            if r.is_err() {
                                limits.halt.store(true, Ordering::Relaxed);
                            }
                            r
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join()
                            .unwrap_or_else(|p| Err(SearchError::from_panic(&*p)))
                    })
                    .collect()
            });
            if let Some(e) = results.into_iter().find_map(Result::err) {
                // A failed thread may have left its tree half-updated: start afresh next time.
                self.reset();
                return Err(e);
            }
        }
        self.collect(state, running.elapsed(), threads)
    }

    /// Makes the workers' trees belong to `state`: reuse, re-root, or start afresh.
    fn sync(&mut self, state: &G, threads: usize, cap: usize) -> Result<(), SearchError> {
        if self.workers.len() != threads {
            self.workers = (0..threads)
                .map(|i| Worker::new(FastRng::for_thread(self.seed, i)))
                .collect();
            self.root = None;
        }
        let mut path = Vec::new();
        let reusable = self.reuse
            && match &self.root {
                Some(r) if r == state => true,
                Some(r) => find_path(r, state, &mut path),
                None => false,
            };
        if reusable {
            for &mv in &path {
                for w in &mut self.workers {
                    w.advance(mv);
                }
            }
        } else {
            for w in &mut self.workers {
                w.tree.clear();
            }
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let Some(&placeholder) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let owner = state.to_move().opponent().index() as u8;
        for w in &mut self.workers {
            let stale = w.tree.len() > cap
                || w.tree
                    .first()
                    .is_some_and(|r| r.expanded() && r.num_children == 0);
            if stale {
                w.tree.clear();
            }
            // A tree grown under a larger cap gives the memory above this one back.
            if w.tree.capacity() > cap {
                w.tree.shrink_to(cap);
            }
            if w.tree.is_empty() {
                reserve_within(&mut w.tree, 1, cap);
                w.tree.push(Node::new(placeholder, owner, 0.0));
            }
        }
        self.root = Some(state.clone());
        Ok(())
    }

    /// Merges the threads' root statistics and picks the move.
    fn collect(
        &self,
        state: &G,
        elapsed: std::time::Duration,
        threads: usize,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        struct Acc<M> {
            mv: M,
            visits: u64,
            reward: f64,
            pess: i8,
            opt: i8,
            prior: f32,
            /// Opponent replies found not to lose (the most any thread found; `None` when
            /// no thread expanded the move).
            safe_replies: Option<usize>,
        }
        let mover = state.to_move().index() as u8;
        let mut acc: Vec<Acc<G::Move>> = Vec::new();
        let mut stats = MctsStats {
            elapsed,
            threads,
            ..MctsStats::default()
        };
        let mut root_value: Option<i8> = None;
        for w in &self.workers {
            stats.iterations += w.iterations;
            stats.playouts += w.playouts;
            stats.nodes += w.tree.len();
            stats.max_depth = stats.max_depth.max(w.max_depth);
            let root = &w.tree[0];
            stats.root_visits += u64::from(root.visits);
            if root.is_solved() {
                root_value = Some(if root.owner() == mover {
                    root.pess()
                } else {
                    -root.pess()
                });
            }
            for c in &w.tree[root.children()] {
                let safe = (c.expanded() && !c.is_solved() || c.num_children > 0).then(|| {
                    w.tree[c.children()]
                        .iter()
                        .filter(|r| r.opt() > LOSS)
                        .count()
                });
                match acc.iter_mut().find(|a| a.mv == c.mv) {
                    Some(a) => {
                        a.safe_replies = match (a.safe_replies, safe) {
                            (Some(x), Some(y)) => Some(x.min(y)),
                            (x, y) => x.or(y),
                        };
                        a.visits += u64::from(c.visits);
                        a.reward += f64::from(c.mean) * f64::from(c.visits);
                        a.pess = a.pess.max(c.pess());
                        a.opt = a.opt.min(c.opt());
                    }
                    None => acc.push(Acc {
                        mv: c.mv,
                        visits: u64::from(c.visits),
                        reward: f64::from(c.mean) * f64::from(c.visits),
                        pess: c.pess(),
                        opt: c.opt(),
                        prior: c.prior(),
                        safe_replies: safe,
                    }),
                }
            }
        }
        let mean = |a: &Acc<G::Move>| {
            if a.visits == 0 {
                0.0
            } else {
                a.reward / a.visits as f64
            }
        };
        // Candidates: proven wins first; never a proven loss unless every move is one.
        let any_win = acc.iter().any(|a| a.pess == WIN);
        let keep = |a: &Acc<G::Move>| match root_value {
            _ if any_win => a.pess == WIN,
            Some(v) => a.pess >= v,
            None => a.opt > LOSS || acc.iter().all(|b| b.opt == LOSS),
        };
        // Among moves proven to draw (or to lose), prefer the one that leaves the opponent
        // the largest share of replies proven to lose: against a fallible opponent it keeps
        // the most chances. Replies missing from the tree were dropped by the game's
        // `non_losing_moves` hook as losing at once.
        let trap_share = |a: &Acc<G::Move>| {
            let Some(safe) = a.safe_replies else {
                return 0.0;
            };
            let mut after = state.clone();
            after.play(a.mv);
            let mut replies = Vec::new();
            after.legal_moves(&mut replies);
            if replies.is_empty() {
                0.0
            } else {
                1.0 - safe.min(replies.len()) as f64 / replies.len() as f64
            }
        };
        let tie_on_proof = matches!(root_value, Some(v) if v < WIN) && !any_win;
        let key = |a: &Acc<G::Move>| {
            if tie_on_proof {
                return (trap_share(a), a.visits as f64);
            }
            match self.final_choice {
                FinalChoice::MostVisits => (a.visits as f64, mean(a)),
                FinalChoice::BestMean => {
                    (if a.visits == 0 { -1.0 } else { mean(a) }, a.visits as f64)
                }
            }
        };
        let best = acc
            .iter()
            .filter(|a| keep(a))
            .max_by(|a, b| {
                let (ka, kb) = (key(a), key(b));
                ka.0.total_cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
            })
            .or_else(|| acc.first())
            .ok_or(SearchError::NoLegalMoves)?;
        let best_move = best.mv;
        let value = match root_value {
            Some(v) => Value::Proven(Proven::from_value(v)),
            None => Value::Estimate(mean(best)),
        };
        let mut moves: Vec<MoveStats<G::Move>> = acc
            .iter()
            .map(|a| MoveStats {
                mv: a.mv,
                visits: a.visits,
                mean_reward: mean(a),
                confidence: Interval::wilson(mean(a), a.visits),
                proven: (a.pess == a.opt).then(|| Proven::from_value(a.pess)),
                prior: a.prior,
            })
            .collect();
        moves.sort_by_key(|m| core::cmp::Reverse(m.visits));
        Ok(SearchResult {
            best_move,
            value,
            moves,
            stats,
        })
    }

    /// Follows a move played from `before` (by either side): the subtree under it becomes
    /// the root, with its statistics; the rest of the tree is discarded. A position the
    /// engine does not know, or an illegal move, simply drops the tree.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Game};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new(1).with_budget(Budget::iterations(2_000));
    /// let start = TicTacToe::new();
    /// let r = ai.search(&start).unwrap();
    /// let kept = r.moves.iter().find(|m| m.mv == r.best_move).unwrap().visits;
    /// ai.advance(&start, r.best_move);
    /// assert_eq!(ai.root_visits(), kept);
    /// ```
    pub fn advance(&mut self, before: &G, mv: G::Move) {
        if !self.reuse {
            return;
        }
        let follows = matches!(&self.root, Some(r) if r == before);
        let mut after = before.clone();
        if follows && after.try_play(mv).is_ok() {
            for w in &mut self.workers {
                w.advance(mv);
            }
            self.root = Some(after);
        } else {
            self.reset();
        }
    }
}

/// Finds one or two moves leading from `from` to `to`.
fn find_path<G: Game + PartialEq>(from: &G, to: &G, path: &mut Vec<G::Move>) -> bool {
    let mut first = Vec::new();
    from.legal_moves(&mut first);
    let mut second = Vec::new();
    for &m1 in &first {
        let mut s1 = from.clone();
        s1.play(m1);
        if s1 == *to {
            path.push(m1);
            return true;
        }
        second.clear();
        s1.legal_moves(&mut second);
        for &m2 in &second {
            let mut s2 = s1.clone();
            s2.play(m2);
            if s2 == *to {
                path.extend([m1, m2]);
                return true;
            }
        }
    }
    false
}

impl<G, P> Strategy<G> for Mcts<G, P>
where
    G: Game + PartialEq + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.search(state).map(|r| r.best_move)
    }

    fn observe_move(&mut self, before: &G, mv: G::Move) {
        self.advance(before, mv);
    }

    fn name(&self) -> String {
        format!("mcts(c={})", self.exploration)
    }
}
