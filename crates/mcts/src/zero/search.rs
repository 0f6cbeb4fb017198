//! One PUCT search: the shared tree behind a lock, the loop each thread runs (gather a
//! batch of leaves under virtual loss, evaluate it outside the lock, expand and back up),
//! and the result.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use search_core::{
    BudgetError, BudgetField, Game, Interval, RunningBudget, SearchError, SplitMix64, Stats, Wdl,
};

use crate::engine::result::{MoveStats, SearchResult, Value};
use crate::zero::cache::EvalCache;
use crate::zero::engine::Puct;
use crate::zero::evaluator::{BatchEvaluator, Evaluations, checked_answer};
use crate::zero::noise::{RootNoise, by_temperature};
use crate::zero::tree::{Node, Rule, Status, Tree, for_first};

/// What the threads share, behind one lock.
struct Shared<G: Game> {
    tree: Tree<G::Move>,
    cache: Option<EvalCache<G::Move>>,
    /// Simulations started (finished or waiting for an evaluation).
    reserved: u64,
    /// Simulations finished.
    done: u64,
    nodes_added: u64,
    evaluated: u64,
    probes: u64,
    hits: u64,
    deepest: u32,
    error: Option<SearchError>,
    rng: SplitMix64,
}

/// The settings every thread reads.
struct Ctx<'a, G: Game, E> {
    root: &'a G,
    evaluator: &'a E,
    rule: Rule,
    batch_size: usize,
    max_depth: u32,
    node_cap: usize,
    max_iterations: u64,
    running: &'a RunningBudget,
    key: Option<fn(&G) -> u64>,
    noise: Option<RootNoise>,
    /// Raised when a thread fails: the others stop.
    halt: AtomicBool,
    shared: Mutex<Shared<G>>,
}

impl<G: Game, E> Ctx<'_, G, E> {
    fn lock(&self) -> MutexGuard<'_, Shared<G>> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A thread's batch and buffers, reused from batch to batch.
struct Batch<G: Game> {
    states: Vec<G>,
    leaves: Vec<u32>,
    depths: Vec<u32>,
    /// The paths of the leaves, one after the other.
    paths: Vec<u32>,
    path_ends: Vec<usize>,
    out: Evaluations<G::Move>,
    moves: Vec<G::Move>,
    priors: Vec<f32>,
    path: Vec<u32>,
    order: Vec<usize>,
}

impl<G: Game> Batch<G> {
    fn new() -> Self {
        Batch {
            states: Vec::new(),
            leaves: Vec::new(),
            depths: Vec::new(),
            paths: Vec::new(),
            path_ends: Vec::new(),
            out: Evaluations::new(),
            moves: Vec::new(),
            priors: Vec::new(),
            path: Vec::new(),
            order: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.states.clear();
        self.leaves.clear();
        self.depths.clear();
        self.paths.clear();
        self.path_ends.clear();
        self.out.clear();
    }
}

/// How a descent ended.
enum Descent {
    /// At a finished game, a leaf that may not grow, or a cached position: backed up.
    Done,
    /// At a new position, now in the batch.
    Queued,
    /// At a position whose evaluation another descent waits for.
    Collision,
}

/// Creates the children of `node` (the state `state`, at `depth`) from `priors` (aligned
/// with `legal`), or makes it a leaf at the depth limit or the node cap; records `value`
/// (for the side to move) as its evaluation. Returns the value for the first player.
#[allow(clippy::too_many_arguments)]
fn expand<G: Game, E>(
    ctx: &Ctx<'_, G, E>,
    sh: &mut Shared<G>,
    node: usize,
    depth: u32,
    state: &G,
    value: f32,
    legal: &[G::Move],
    priors: &mut [f32],
    order: &mut Vec<usize>,
) -> f32 {
    let to_move = state.to_move();
    let owner = sh.tree.nodes[node].owner;
    sh.tree.nodes[node].eval = if owner == to_move { value } else { -value };
    if depth >= ctx.max_depth || sh.tree.nodes.len() + legal.len() > ctx.node_cap {
        sh.tree.nodes[node].status = Status::Leaf;
    } else {
        if node == 0 {
            if let Some(noise) = ctx.noise {
                noise.apply(priors, &mut sh.rng);
            }
        }
        // Highest prior first, so that ties in selection go to the likelier move.
        order.clear();
        order.extend(0..legal.len());
        order.sort_by(|&a, &b| priors[b].total_cmp(&priors[a]));
        let first = sh.tree.nodes.len();
        sh.tree.nodes.extend(
            order
                .iter()
                .map(|&k| Node::new(legal[k], priors[k], to_move)),
        );
        let n = &mut sh.tree.nodes[node];
        n.first_child = first as u32;
        n.num_children = legal.len() as u32;
        n.status = Status::Expanded;
        sh.nodes_added += legal.len() as u64;
    }
    for_first(to_move, value)
}

/// One descent from the root, under the lock: to a leaf that is backed up at once
/// ([`Descent::Done`]), queued for evaluation in `b` ([`Descent::Queued`]), or waited for
/// by another descent ([`Descent::Collision`]).
fn descend<G: Game, E>(
    ctx: &Ctx<'_, G, E>,
    sh: &mut Shared<G>,
    b: &mut Batch<G>,
) -> Result<Descent, SearchError> {
    b.path.clear();
    let mut state = ctx.root.clone();
    let mut node = 0usize;
    let mut depth = 0u32;
    loop {
        b.path.push(node as u32);
        let n = sh.tree.nodes[node];
        match n.status {
            Status::Expanded => {
                let child = sh.tree.select_child(node, state.to_move(), &ctx.rule);
                state.play(sh.tree.nodes[child].mv);
                node = child;
                depth += 1;
            }
            Status::Terminal | Status::Leaf => {
                sh.tree.backup(&b.path, for_first(n.owner, n.eval), false);
                sh.reserved += 1;
                sh.done += 1;
                return Ok(Descent::Done);
            }
            Status::Pending => return Ok(Descent::Collision),
            Status::New => {
                sh.deepest = sh.deepest.max(depth);
                let outcome = state.outcome();
                if let Some(v) = outcome.value_for(n.owner) {
                    let v = v as f32;
                    let node = &mut sh.tree.nodes[node];
                    node.eval = v;
                    node.status = Status::Terminal;
                    sh.tree.backup(&b.path, for_first(n.owner, v), false);
                    sh.reserved += 1;
                    sh.done += 1;
                    return Ok(Descent::Done);
                }
                b.moves.clear();
                state.legal_moves(&mut b.moves);
                if b.moves.is_empty() {
                    return Err(SearchError::NoLegalMoves);
                }
                if let (Some(key), Some(cache)) = (ctx.key, sh.cache.as_ref()) {
                    sh.probes += 1;
                    if let Some(v) = cache.get(key(&state), &b.moves, &mut b.priors) {
                        sh.hits += 1;
                        let v = expand(
                            ctx,
                            sh,
                            node,
                            depth,
                            &state,
                            v,
                            &b.moves,
                            &mut b.priors,
                            &mut b.order,
                        );
                        sh.tree.backup(&b.path, v, false);
                        sh.reserved += 1;
                        sh.done += 1;
                        return Ok(Descent::Done);
                    }
                }
                sh.tree.nodes[node].status = Status::Pending;
                sh.tree.add_virtual(&b.path);
                sh.reserved += 1;
                b.states.push(state);
                b.leaves.push(node as u32);
                b.depths.push(depth);
                b.paths.extend_from_slice(&b.path);
                b.path_ends.push(b.paths.len());
                return Ok(Descent::Queued);
            }
        }
    }
}

/// Checks the evaluator's answers to `b` and enters them into the tree, under the lock.
fn absorb<G: Game, E>(
    ctx: &Ctx<'_, G, E>,
    sh: &mut Shared<G>,
    b: &mut Batch<G>,
) -> Result<(), SearchError> {
    if b.out.len() != b.states.len() {
        return Err(search_core::EvaluationError::WrongCount {
            asked: b.states.len(),
            answered: b.out.len(),
        }
        .into());
    }
    for i in 0..b.states.len() {
        b.moves.clear();
        b.states[i].legal_moves(&mut b.moves);
        let v = checked_answer(&b.out, i, &b.moves, &mut b.priors)?;
        if let (Some(key), Some(cache)) = (ctx.key, sh.cache.as_mut()) {
            cache.put(key(&b.states[i]), v, &b.moves, &b.priors);
        }
        let v = expand(
            ctx,
            sh,
            b.leaves[i] as usize,
            b.depths[i],
            &b.states[i],
            v,
            &b.moves,
            &mut b.priors,
            &mut b.order,
        );
        let start = if i == 0 { 0 } else { b.path_ends[i - 1] };
        sh.tree.backup(&b.paths[start..b.path_ends[i]], v, true);
        sh.done += 1;
        sh.evaluated += 1;
    }
    Ok(())
}

/// Raises the halt flag if the thread unwinds (a panic in the game or the evaluator), so
/// that the other threads stop.
struct HaltOnPanic<'a>(&'a AtomicBool);

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// The loop of one thread, until the budget is spent, the search failed or another thread
/// did.
fn work<G: Game, E: BatchEvaluator<G>>(ctx: &Ctx<'_, G, E>) {
    let _guard = HaltOnPanic(&ctx.halt);
    let mut b = Batch::new();
    loop {
        if ctx.halt.load(Ordering::Relaxed) {
            return;
        }
        {
            let mut sh = ctx.lock();
            if sh.error.is_some() || (sh.done > 0 && ctx.running.out_of_time()) {
                return;
            }
            b.clear();
            for _ in 0..ctx.batch_size {
                if sh.reserved >= ctx.max_iterations {
                    break;
                }
                match descend(ctx, &mut sh, &mut b) {
                    Ok(Descent::Done | Descent::Queued) => {}
                    Ok(Descent::Collision) => break,
                    Err(e) => {
                        sh.error.get_or_insert(e);
                        ctx.halt.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            }
            if b.states.is_empty() && sh.reserved >= ctx.max_iterations {
                return;
            }
        }
        if b.states.is_empty() {
            // Every descent met another thread's leaf: let its evaluation come back.
            std::thread::yield_now();
            continue;
        }
        let answer = ctx.evaluator.evaluate(&b.states, &mut b.out);
        let mut sh = ctx.lock();
        let entered = answer
            .map_err(SearchError::from)
            .and_then(|()| absorb(ctx, &mut sh, &mut b));
        if let Err(e) = entered {
            sh.error.get_or_insert(e);
            ctx.halt.store(true, Ordering::Relaxed);
            return;
        }
    }
}

impl<G, E> Puct<G, E>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    E: BatchEvaluator<G>,
{
    /// Searches `state` within the budget and returns the move, every root move's
    /// statistics and the [`Stats`].
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Budget`] for a zero
    /// limit, a node limit, or a budget that would never stop; [`SearchError::Config`] for
    /// an option out of range (see the `with_*` methods) or a node cap too small for the
    /// root's moves; [`SearchError::Evaluation`] for an evaluator answer that cannot be
    /// used (or an evaluator that failed); [`SearchError::NoLegalMoves`] (and the other
    /// broken-game errors) for a broken game; [`SearchError::WorkerPanicked`] for a panic
    /// on a search thread the engine started (a panic on the calling thread, with one
    /// thread, unwinds as usual). After an error the next search starts afresh.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::{Budget, SearchError};
    /// let mut ai = Puct::new(UniformEvaluator).with_budget(Budget::iterations(300));
    /// let r = ai.search(&ConnectFour::new())?;
    /// assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>() + 1, r.root_visits);
    /// let over: ConnectFour = "4455667".parse().unwrap();
    /// assert_eq!(ai.search(&over).unwrap_err(), SearchError::GameOver);
    /// # Ok::<(), SearchError>(())
    /// ```
    pub fn search(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError> {
        self.validate()?;
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        search_core::check_root(state)?;
        self.budget.refuse(
            "Puct",
            &[BudgetField::Nodes],
            "bound the simulations with iterations, and the tree with with_node_cap",
        )?;
        if self.budget.max_iterations().is_none()
            && self.budget.time_limit().is_none()
            && self.budget.stop_flag().is_none()
        {
            return Err(BudgetError::NeverStops {
                engine: "Puct",
                advice: "add an iterations or time limit, or a stop flag",
            }
            .into());
        }
        let root_moves = state.legal_move_count();
        if root_moves == 0 {
            return Err(SearchError::NoLegalMoves);
        }
        if self.node_cap < 1 + root_moves as u64 {
            return Err(SearchError::Config(format!(
                "the node cap {} is too small for the root and its {root_moves} moves",
                self.node_cap
            )));
        }
        let running = self.budget.start()?;
        let rng = SplitMix64::stream(self.seed, self.searches);
        self.searches += 1;
        let mut tree = core::mem::take(&mut self.tree);
        tree.nodes.clear();
        // The root's owner: as if the opponent had moved into it.
        tree.nodes.push(Node::new(
            first_move(state),
            1.0,
            state.to_move().opponent(),
        ));
        let threads = self.threads;
        let ctx = Ctx {
            root: state,
            evaluator: &self.evaluator,
            rule: Rule {
                c_puct: self.c_puct as f32,
                fpu: self.fpu,
                virtual_value: -1.0,
            },
            batch_size: self.batch_size,
            max_depth: running.max_depth(),
            node_cap: usize::try_from(self.node_cap).unwrap_or(usize::MAX),
            max_iterations: running.max_iterations(),
            running: &running,
            key: self.key,
            noise: self.noise,
            halt: AtomicBool::new(false),
            shared: Mutex::new(Shared {
                tree,
                cache: match (self.key, self.cache.take()) {
                    (Some(_), None) => Some(EvalCache::new(self.cache_entries)),
                    (_, cache) => cache,
                },
                reserved: 0,
                done: 0,
                nodes_added: 1,
                evaluated: 0,
                probes: 0,
                hits: 0,
                deepest: 0,
                error: None,
                rng,
            }),
        };
        let mut panicked = None;
        if threads == 1 {
            // A panic in the game or the evaluator unwinds to the caller, after the tree's
            // memory and the cache are back in the engine.
            if let Err(payload) = std::panic::catch_unwind(AssertUnwindSafe(|| work(&ctx))) {
                let sh = ctx
                    .shared
                    .into_inner()
                    .unwrap_or_else(PoisonError::into_inner);
                self.cache = sh.cache;
                self.tree = sh.tree;
                self.tree.nodes.clear();
                std::panic::resume_unwind(payload);
            }
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|_| s.spawn(|| work(&ctx))).collect();
                for h in handles {
                    if let Err(p) = h.join() {
                        panicked.get_or_insert(SearchError::from_panic(&*p));
                    }
                }
            });
        }
        let sh = ctx
            .shared
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        self.cache = sh.cache;
        self.tree = sh.tree;
        if let Some(e) = panicked.or(sh.error) {
            // The tree may hold leaves that wait for evaluations that never came.
            self.tree.nodes.clear();
            return Err(e);
        }
        let mut stats = Stats {
            nodes: sh.nodes_added,
            leaves: sh.evaluated,
            iterations: sh.done,
            tt_probes: sh.probes,
            tt_hits: sh.hits,
            depth_reached: sh.deepest,
            max_ply: sh.deepest,
            ..Stats::default()
        };
        stats.elapsed = running.elapsed();
        let mut rng = sh.rng;
        Ok(self.result(state, stats, threads, &mut rng))
    }

    /// The result of the search just finished.
    fn result(
        &self,
        state: &G,
        stats: Stats,
        threads: usize,
        rng: &mut SplitMix64,
    ) -> SearchResult<G::Move> {
        let nodes = &self.tree.nodes;
        let root = &nodes[0];
        let children = &nodes[root.children()];
        let visits: Vec<u64> = children.iter().map(|c| u64::from(c.visits)).collect();
        let best = if self.temperature > 0.0 {
            by_temperature(&visits, self.temperature, rng)
        } else {
            // The most visited, ties to the first (the higher prior).
            let most = visits.iter().copied().max().unwrap_or(0);
            visits.iter().position(|&v| v == most).unwrap_or(0)
        };
        let stats_of = |c: &Node<G::Move>| {
            let mean = if c.visits == 0 {
                0.0
            } else {
                (c.mean() + 1.0) / 2.0
            };
            MoveStats {
                mv: c.mv,
                visits: u64::from(c.visits),
                mean,
                interval: if c.visits == 0 {
                    Interval::UNKNOWN
                } else {
                    Interval::wilson(mean, u64::from(c.visits))
                },
                // A finished game's value is exactly -1, 0 or 1.
                proven: (c.status == Status::Terminal).then(|| Wdl::from_sign(c.eval as i64)),
                prior: c.prior,
            }
        };
        let chosen = stats_of(&children[best]);
        let value = match chosen.proven {
            Some(Wdl::Win) => Value::Proven(Wdl::Win),
            _ => Value::Estimate(chosen.mean),
        };
        let mut moves: Vec<MoveStats<G::Move>> = children.iter().map(stats_of).collect();
        moves.sort_by_key(|m| core::cmp::Reverse(m.visits));
        SearchResult {
            best_move: chosen.mv,
            value,
            player: state.to_move().index(),
            moves,
            stats,
            tree_size: nodes.len(),
            root_visits: u64::from(root.visits),
            threads,
            reward_range: (-1.0, 1.0),
        }
    }
}

/// A move of `state` (the root's placeholder move).
fn first_move<G: Game>(state: &G) -> G::Move {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves[0]
}

#[cfg(test)]
mod tests {
    use games::{ConnectFour, TicTacToe};
    use search_core::{Budget, EvaluationError, GameHash};

    use super::*;

    /// Values that are multiples of 1/8 (so that sums of them are exact in any order) and
    /// uneven priors, both fixed by the position's key.
    struct Dyadic;

    impl<G: GameHash> BatchEvaluator<G> for Dyadic {
        fn evaluate(
            &self,
            states: &[G],
            out: &mut Evaluations<G::Move>,
        ) -> Result<(), EvaluationError> {
            for s in states {
                let h = SplitMix64::new(s.hash_key()).next_u64();
                let value = ((h % 17) as f32 - 8.0) / 8.0;
                let moves = s.legal_move_list();
                out.push(
                    value,
                    moves
                        .iter()
                        .enumerate()
                        .map(|(i, &m)| (m, ((h >> (4 * i)) % 5 + 1) as f32)),
                );
            }
            Ok(())
        }
    }

    /// Every node's visits and value sum are what the backups through it add up to, and no
    /// virtual visit is left: a node that was evaluated got one visit of its own, and the
    /// rest through its children (a leaf that may not grow, or a finished game, gets its
    /// value at every visit).
    fn check_sums<M: Copy>(tree: &Tree<M>, i: usize) {
        let n = &tree.nodes[i];
        assert_eq!(n.in_flight, 0, "node {i}");
        match n.status {
            Status::Expanded => {
                let mut visits = 1;
                let mut sum = f64::from(n.eval);
                for c in n.children() {
                    let child = &tree.nodes[c];
                    visits += child.visits;
                    let sign = if child.owner == n.owner { 1.0 } else { -1.0 };
                    sum += sign * child.value_sum;
                    check_sums(tree, c);
                }
                assert_eq!(n.visits, visits, "node {i}");
                assert_eq!(n.value_sum, sum, "node {i}");
            }
            Status::Leaf | Status::Terminal => {
                assert_eq!(
                    n.value_sum,
                    f64::from(n.visits) * f64::from(n.eval),
                    "node {i}"
                );
            }
            Status::New => assert_eq!((n.visits, n.value_sum), (0, 0.0), "node {i}"),
            Status::Pending => panic!("node {i} still waits for its evaluation"),
        }
    }

    #[test]
    fn virtual_losses_are_taken_back_exactly() {
        for (threads, batch) in [(1, 1), (1, 8), (2, 8), (2, 3)] {
            let mut ai = Puct::new(Dyadic)
                .with_threads(threads)
                .with_batch_size(batch)
                .with_budget(Budget::iterations(3_000));
            let r = ai.search(&ConnectFour::new()).unwrap();
            assert_eq!(r.stats.iterations, 3_000);
            assert_eq!(ai.tree.nodes[0].visits, 3_000);
            check_sums(&ai.tree, 0);
            // Tic-tac-toe: finished games, then a small node cap (leaves that may not grow).
            for (cap, status) in [(1 << 20, Status::Terminal), (200, Status::Leaf)] {
                let mut ai = Puct::new(Dyadic)
                    .with_threads(threads)
                    .with_batch_size(batch)
                    .with_node_cap(cap)
                    .with_budget(Budget::iterations(2_000));
                ai.search(&TicTacToe::new()).unwrap();
                assert!(ai.tree.nodes.len() <= cap as usize);
                assert!(ai.tree.nodes.iter().any(|n| n.status == status), "{cap}");
                check_sums(&ai.tree, 0);
            }
        }
    }

    #[test]
    fn a_batch_spreads_over_several_leaves() {
        let mut ai = Puct::new(Dyadic)
            .with_batch_size(8)
            .with_budget(Budget::iterations(1 + 7 + 64));
        let r = ai.search(&ConnectFour::new()).unwrap();
        // The root alone, then batches of leaves; no leaf is asked for twice.
        assert_eq!(r.stats.leaves + r.stats.tt_hits, r.stats.iterations);
        assert_eq!(ai.tree.nodes[0].num_children, 7);
        let visited = r.moves.iter().filter(|m| m.visits > 0).count();
        assert_eq!(visited, 7, "{r}");
    }
}
