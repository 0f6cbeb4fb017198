//! Tree parallelism, in the two-player mode: one tree shared by every search thread.
//!
//! The nodes live in an arena of fixed-size chunks, created when first needed; a node is
//! found from its `u32` index without a lock. Every statistic is an atomic: a thread
//! descending into a node adds its visit at once (a *virtual loss*: until the playout's
//! reward arrives, the visit counts as a loss for the node's owner, so other threads are
//! steered to other children), and adds the reward on the way back up. Rewards are summed
//! in fixed point, so the sums do not depend on the order in which threads add them.
//!
//! Expansion is claimed per node with a flag (`EXPANDING`): the thread that wins the claim
//! takes the children's slots from a block of the arena it reserved earlier, writes them,
//! and publishes them by storing the first child's index with release ordering; a thread
//! that finds the node being expanded by another simulates from it instead. The root is
//! not written during the search (every iteration would write it): its visits are its
//! children's, and each thread keeps its share of the root's reward until the end.
//!
//! The solver's bounds only ever tighten: a recomputed bound is merged into the stored one
//! (the larger lower bound, the smaller upper bound) with one atomic update, so a thread
//! that read older children can never undo a proof. A node none of whose children can
//! change its value recomputes its bounds from them, so a proof another thread completed
//! below it always reaches the root.
//!
//! When the search stops, only the root, its children and theirs are copied into the
//! compact arena of [`ZsNode`]s the final choice reads: the search returns in a time that
//! does not grow with the tree. The shared tree is kept as it is ([`Deferred`]) and copied
//! whole, breadth first, only when it is needed: by a tree view, by
//! [`advance`](crate::Engine::advance), or by the next search that reuses it (as part of
//! its setup, given up when that search's time runs out or its stop flag is set).

use std::sync::atomic::{AtomicU64, Ordering};

use search_core::{Game, SearchError};

use crate::engine::context::{Clock, Ctx, Limits};
use crate::engine::mode::ZeroSum;
use crate::engine::rules::Rules;
use crate::parallel::threads::run_tasks;
use crate::parallel::worker::Worker;
use crate::steps::expansion::{Generated, generate, order, root_too_big};
use crate::steps::playout::{Played, Playout, run_playout};
use crate::tree::terms;
use crate::tree::zero_sum::{LOSS, WIN, ZeroSumData, finished_value, terminal_value};

use crate::parallel::arena::*;
use crate::parallel::deferred::Deferred;

/// A search thread of the two-player mode.
type ZsWorker<M> = Worker<M, ZeroSumData>;

/// `1 / sqrt(n)` (1 for `n = 0`), from the table for small `n`.
#[inline]
fn inv_sqrt(table: &[[f32; 2]], n: u32) -> f32 {
    match table.get(n as usize) {
        Some(t) => t[0],
        None => 1.0 / (n as f32).sqrt(),
    }
}

/// What trying to expand a node did.
enum Expanded {
    /// Children published, or the node solved without them.
    Done,
    /// The arena is full.
    Full,
}

/// One search thread's view of the shared search.
struct Searcher<'a, G: Game, P> {
    arena: &'a Arena<G::Move>,
    ctx: &'a Ctx<'a, G, P>,
}

impl<G: Game, P: Playout<G>> Searcher<'_, G, P> {
    /// Generates and publishes the children of `idx` (the node of `state`, claimed with
    /// `EXPANDING` by this thread), in slots taken from `cursor`.
    fn expand(
        &self,
        w: &mut ZsWorker<G::Move>,
        cursor: &mut Cursor,
        idx: u32,
        state: &G,
        is_root: bool,
    ) -> Result<Expanded, SearchError> {
        let node = self.arena.node(idx);
        if !is_root {
            // Another thread's first visit may not have marked a finished game yet.
            let outcome = state.outcome();
            if outcome.is_over() {
                node.solve(terminal_value(outcome, node.owner()));
                return Ok(Expanded::Done);
            }
        }
        let mover = state.to_move().index() as u8;
        let found = generate(&mut w.scratch, state, &self.ctx.expansion, is_root)?;
        if found == Generated::Lost {
            node.solve(if node.owner() == mover { LOSS } else { WIN });
            return Ok(Expanded::Done);
        }
        let count = w.scratch.moves.len();
        let Some(first) = cursor.take(self.arena, count) else {
            if is_root {
                return Err(root_too_big(self.arena.cap, count));
            }
            return Ok(Expanded::Full);
        };
        let ordered = order(&mut w.scratch, &mut w.rng, state, &self.ctx.expansion);
        let (moves, priors) = (&w.scratch.moves, &w.scratch.order);
        self.arena.each(first as u32, count as u32, |i, c| {
            let k = i as usize - first;
            let (p, mv) = if ordered { priors[k] } else { (0.0, moves[k]) };
            let _ = c.mv.set(mv);
            c.owner.store(mover, Ordering::Relaxed);
            let prior = (p.clamp(0.0, 1.0) * 255.0).round() as u8;
            c.prior.store(prior, Ordering::Relaxed);
        });
        if found == Generated::Win {
            self.arena.node(first as u32).solve(WIN);
        }
        node.num_children.store(count as u16, Ordering::Relaxed);
        node.first_child.store(first as u32, Ordering::Release);
        w.published += count;
        node.state.fetch_or(EXPANDED, Ordering::Release);
        if found == Generated::Win {
            update_bounds(self.arena, idx);
        }
        Ok(Expanded::Done)
    }

    /// Selects the child of `node` to descend into: one not handed out yet, else the best
    /// UCT score (visits in flight counting as losses) among the children that can still
    /// change the node's value. `None` when no child can. At the root, which is not written
    /// during the search, the parent's visits are its children's. With progressive
    /// widening only the first children are considered, unless none of them can change
    /// the node's value.
    #[inline]
    fn select(&self, w: &ZsWorker<G::Move>, node: &SharedNode<G::Move>, root: bool) -> Option<u32> {
        let (first, count) = node.children();
        let parent_visits = if root {
            let mut n = 0u32;
            self.arena.each(first, count, |_, ch| {
                n = n.saturating_add(ch.visits.load(Ordering::Relaxed));
            });
            n
        } else {
            node.visits.load(Ordering::Relaxed)
        };
        let Some(widening) = self.ctx.widening else {
            return self.select_among(w, node, first, count, parent_visits);
        };
        let allowed = widening.allowed(parent_visits, count);
        self.select_among(w, node, first, allowed, parent_visits)
            .or_else(|| {
                (allowed < count)
                    .then(|| self.select_among(w, node, first, count, parent_visits))
                    .flatten()
            })
    }

    /// [`select`](Self::select) among the children `first..first + allowed`.
    #[inline]
    fn select_among(
        &self,
        w: &ZsWorker<G::Move>,
        node: &SharedNode<G::Move>,
        first: u32,
        allowed: u32,
        parent_visits: u32,
    ) -> Option<u32> {
        if u32::from(node.next_unvisited.load(Ordering::Relaxed)) < allowed {
            let k = u32::from(node.next_unvisited.fetch_add(1, Ordering::Relaxed));
            if k < allowed {
                return Some(first + k);
            }
        }
        let arena = self.arena;
        let mover = arena.node(first).owner();
        let (pess, opt) = node.bounds();
        let best_pess = if mover == node.owner() { pess } else { -opt };
        let explore = self.ctx.exploration as f32 * terms(w.terms, parent_visits)[1];
        let weight = self.ctx.prior_weight as f32;
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        arena.each(first, allowed, |i, ch| {
            if ch.bounds().1 <= best_pess {
                return; // proven, or cannot do better than a sibling already guarantees
            }
            let visits = ch.visits.load(Ordering::Relaxed);
            let inv = inv_sqrt(w.terms, visits);
            // sum / (UNIT * visits), without a division: 1 / visits = inv².
            let sum = ch.sum.load(Ordering::Relaxed) as i64 as f32;
            let mean = sum * (inv * inv) * (1.0 / UNIT as f32);
            let mut s = mean + explore * inv;
            if weight > 0.0 {
                let prior = f32::from(ch.prior.load(Ordering::Relaxed)) / 255.0;
                s += weight * prior / (visits as f32 + 1.0);
            }
            if s > best_score {
                best_score = s;
                best = Some(i);
            }
        });
        best
    }

    /// One playout from `state`, counted when it ran: what it came to, in the first
    /// player's reward.
    #[inline]
    fn run_playout(&self, w: &mut ZsWorker<G::Move>, state: G) -> Result<Played<f64>, SearchError> {
        let rules = Rules::two_player();
        let (rng, s) = (&mut w.rng, &mut w.scratch);
        let mut tally = s.clock.tally();
        let played = run_playout::<G, P, ZeroSum, ()>(
            self.ctx.playout,
            state,
            rng,
            s,
            &rules,
            &mut (),
            &mut tally,
        )?;
        s.clock.advance(u64::from(tally.owed));
        if let Played::Ran(_) = played {
            w.playouts += 1;
        }
        Ok(played)
    }

    /// One playout from `state`, counted: the first player's reward (a placeholder when
    /// the playout was abandoned at the deadline).
    #[inline]
    fn playout(&self, w: &mut ZsWorker<G::Move>, state: G) -> Result<f64, SearchError> {
        Ok(match self.run_playout(w, state)? {
            Played::Over(r) | Played::Ran(r) => r,
            Played::Abandoned => 0.5,
        })
    }

    /// An iteration given up because the time ran out (on the way down or in its playout):
    /// the visits it added on the way down are taken back, and nothing is backed up.
    #[cold]
    fn abandon(&self, w: &ZsWorker<G::Move>) {
        for &i in &w.path[1..] {
            self.arena.node(i).visits.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// One iteration on the shared tree: select (adding virtual visits), expand, simulate
    /// or score a proven node, back up rewards and bounds.
    fn iterate(
        &self,
        w: &mut ZsWorker<G::Move>,
        cursor: &mut Cursor,
        root: &G,
    ) -> Result<(), SearchError> {
        let arena = self.arena;
        let mut state = root.clone();
        w.path.clear();
        w.path.push(0);
        let mut idx = 0u32;
        let mut depth = 0u32;
        let mut changed = false;
        let reward: f64;
        loop {
            let node = arena.node(idx);
            if node.is_solved() {
                reward = node.proven_first_reward();
                break;
            }
            if node.first_child.load(Ordering::Acquire) == 0 {
                let claimed = depth < self.ctx.max_depth
                    && !w.full
                    && node
                        .state
                        .compare_exchange(0, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok();
                if !claimed {
                    // Being expanded by another thread, solved without children, at the
                    // depth limit, or the tree is full: simulate from here.
                    reward = self.playout(w, state)?;
                    break;
                }
                if let Expanded::Full = self.expand(w, cursor, idx, &state, false)? {
                    node.state.store(0, Ordering::Release);
                    w.full = true;
                    reward = self.playout(w, state)?;
                    break;
                }
                if node.is_solved() {
                    changed = true;
                    reward = node.proven_first_reward();
                    break;
                }
            }
            let Some(child) = self.select(w, node, idx == 0) else {
                // No child can change this node's value: its bounds follow from theirs
                // (another thread may have proved the last of them).
                changed = update_bounds(arena, idx);
                reward = if node.is_solved() {
                    node.proven_first_reward()
                } else {
                    self.playout(w, state)?
                };
                break;
            };
            let ch = arena.node(child);
            let before = ch.visits.fetch_add(1, Ordering::Relaxed);
            state.play(ch.mv());
            depth += 1;
            w.path.push(child);
            idx = child;
            if w.scratch.clock.tick() {
                self.abandon(w);
                return Ok(());
            }
            if before == 0 {
                // The playout's first move generation tells whether the child is terminal.
                match self.run_playout(w, state)? {
                    Played::Over(r) => {
                        ch.solve(finished_value(r, ch.owner()));
                        changed = true;
                        reward = r;
                    }
                    Played::Ran(r) => reward = r,
                    Played::Abandoned => reward = 0.5,
                }
                break;
            }
        }
        if w.scratch.clock.expired {
            self.abandon(w);
            return Ok(());
        }
        w.max_depth = w.max_depth.max(depth);
        // Back up the reward (for each node's owner; the visits were added on the way
        // down) and, while they change, the bounds. The root's reward stays with the
        // thread until the end.
        let len = w.path.len();
        for k in (0..len).rev() {
            let i = w.path[k];
            if changed && k + 1 < len {
                changed = update_bounds(arena, i);
            }
            let n = arena.node(i);
            let r = if n.owner() == 0 { reward } else { 1.0 - reward };
            if k == 0 {
                w.root_reward += r;
            } else {
                n.sum
                    .fetch_add((r * UNIT).round() as u64, Ordering::Relaxed);
            }
        }
        Ok(())
    }

    /// Runs iterations, taking them from the shared budget in batches, until it is spent,
    /// a limit is reached or the root is proven.
    fn run(
        &self,
        w: &mut ZsWorker<G::Move>,
        mut cursor: Cursor,
        root: &G,
        limits: &Limits<'_>,
        issued: &AtomicU64,
        max_iterations: u64,
    ) -> Result<(), SearchError> {
        let mut left = 0u64;
        let root_node = self.arena.node(0);
        w.scratch.clock = Clock::start(limits.running);
        loop {
            if root_node.is_solved() {
                limits.proven.store(true, Ordering::Relaxed);
                break;
            }
            if limits.open_ended && w.full {
                break;
            }
            if w.scratch.clock.tick() {
                break;
            }
            if left == 0 {
                if limits.proven.load(Ordering::Relaxed) || limits.halt.load(Ordering::Relaxed) {
                    break;
                }
                let taken = issued.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    (n < max_iterations).then(|| n + BATCH.min(max_iterations - n))
                });
                match taken {
                    Ok(n) => left = BATCH.min(max_iterations - n),
                    Err(_) => break,
                }
            }
            self.iterate(w, &mut cursor, root)?;
            if w.scratch.clock.expired {
                // Abandoned at the deadline: not an iteration.
                break;
            }
            w.iterations += 1;
            left -= 1;
        }
        Ok(())
    }
}

/// Tree-parallel search: the kept tree of `workers[0]` (root at 0) is loaded into a shared
/// arena of at most `cap` nodes, every worker searches it on a thread of its own, and the
/// shared tree is kept by `workers[0]` as a [`Deferred`] tree, with its first two levels
/// written back, compact, into its `tree` for the final choice (the others keep none). The
/// first error, in thread order, is returned after every thread has stopped.
pub(crate) fn run_shared<G, P>(
    workers: &mut [ZsWorker<G::Move>],
    state: &G,
    ctx: &Ctx<'_, G, P>,
    limits: &Limits<'_>,
    max_iterations: u64,
    cap: usize,
) -> Result<(), SearchError>
where
    G: Game + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    let arena = Arena::new(cap);
    let mut first_cursor = Some(arena.load(&workers[0].tree));
    let loaded = workers[0].tree.len();
    let (root_visits, root_mean) = (workers[0].tree[0].visits, workers[0].tree[0].mean);
    // The root's visit count must not overflow.
    let max_iterations =
        max_iterations.min(u64::from(u32::MAX - 1 - root_visits.min(u32::MAX - 1)));
    // The kept tree's memory is given back while the shared one grows.
    workers[0].tree = Vec::new();
    let searcher = Searcher { arena: &arena, ctx };
    for w in workers.iter_mut() {
        w.iterations = 0;
        w.playouts = 0;
        w.max_depth = 0;
        w.root_reward = 0.0;
        w.full = false;
        w.published = 0;
        w.tree.clear();
    }
    let root = arena.node(0);
    if root.first_child.load(Ordering::Acquire) == 0 && !root.is_solved() {
        root.state.store(EXPANDING, Ordering::Relaxed);
        let cursor = first_cursor.as_mut().expect("the first thread's range");
        searcher.expand(&mut workers[0], cursor, 0, state, true)?;
    }
    let issued = AtomicU64::new(0);
    let (searcher, issued) = (&searcher, &issued);
    let tasks: Vec<_> = workers
        .iter_mut()
        .map(|w| {
            let root = state.clone();
            let cursor = first_cursor.take().unwrap_or(Cursor { next: 0, end: 0 });
            move || searcher.run(w, cursor, &root, limits, issued, max_iterations)
        })
        .collect();
    run_tasks(tasks, limits.halt)?;
    let iterations: u64 = workers.iter().map(|w| w.iterations).sum();
    let reward: f64 = workers.iter().map(|w| w.root_reward).sum();
    let visits = u64::from(root_visits) + iterations;
    let mean = (f64::from(root_mean) * f64::from(root_visits) + reward) / visits.max(1) as f64;
    let (visits, mean) = (visits as u32, mean as f32);
    workers[0].tree = arena
        .write_back(0, visits, mean, 2, &mut || false)
        .expect("not given up");
    let nodes = loaded + workers.iter().map(|w| w.published).sum::<usize>();
    workers[0].deferred = Some(Box::new(Deferred::new(arena, visits, mean, nodes)));
    Ok(())
}
