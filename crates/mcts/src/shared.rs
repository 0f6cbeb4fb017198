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
//! After the search the tree is copied, breadth first, into the compact arena of
//! [`ZsNode`]s the rest of the engine reads (final choice, tree view, tree reuse).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use search_core::{Game, Outcome, SearchError};

use crate::context::{Clock, Ctx, Limits};
use crate::expansion::{Generated, generate, order, root_too_big};
use crate::mode::ZeroSum;
use crate::playout::{Playout, run_playout};
use crate::rules::Rules;
use crate::solver::{LOSS, WIN, ZeroSumData, ZsNode, first_player_reward, terminal_value};
use crate::threads::run_tasks;
use crate::tree::terms;
use crate::worker::Worker;

/// A search thread of the two-player mode.
type ZsWorker<M> = Worker<M, ZeroSumData>;

/// Fixed-point units per unit of reward.
const UNIT: f64 = (1u64 << 24) as f64;

/// `state` flags: a thread is generating the children; the node is expanded (children
/// published, or solved without them).
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// Nodes per arena chunk (a power of two).
const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;

/// What writing the shared tree back ([`Arena::write_back`]) takes a node, with room to
/// spare: 4.2-5.1 million nodes took 186-245 ms (`cargo bench -p benches --bench budgets --
/// --peak mcts-tree-2 --seconds 1`, the whole search against its one-second limit, before
/// the threads stopped early for it). The walk from the root reads the nodes in an order
/// the processor cannot predict; the arena's own order would be faster to read but does
/// not keep every child after its parent, which re-rooting a kept tree relies on.
const WRITE_BACK_NANOS: u64 = 60;

/// Nodes a thread reserves at a time (a divisor of `CHUNK`, so that a block never spans two
/// chunks): the threads do not touch one shared counter at every expansion. A sibling group
/// that does not fit in what is left of a block goes to a new block, so a full tree may stop
/// short of the cap by less than one sibling group per block.
const BLOCK: usize = 256;

/// Iterations a thread takes from the shared iteration budget at a time; the time limit,
/// the stop flag and the other threads' proofs and failures are checked between batches.
const BATCH: u64 = 16;

/// One node of the shared tree (32 bytes for a one- or two-byte move).
pub(crate) struct SharedNode<M> {
    /// The move leading here, written once by the thread that creates the node.
    mv: OnceLock<M>,
    /// Sum of the owner's rewards, in `UNIT`s.
    sum: AtomicU64,
    /// Visits, counted when a thread descends into the node (before its reward arrives).
    visits: AtomicU32,
    /// Index of the first child; 0 until the children are published (0 is the root, never
    /// a child).
    first_child: AtomicU32,
    num_children: AtomicU16,
    /// Children `0..next_unvisited` were handed out for a first visit.
    next_unvisited: AtomicU16,
    /// Bits 0-1: lower bound + 1; bits 2-3: 1 - upper bound (zero: `[loss, win]`).
    bounds: AtomicU8,
    state: AtomicU8,
    /// The player who moved into the node.
    owner: AtomicU8,
    /// The prior, in 255ths.
    prior: AtomicU8,
}

fn encode(pess: i8, opt: i8) -> u8 {
    (pess + 1) as u8 | ((1 - opt) as u8) << 2
}

fn decode(b: u8) -> (i8, i8) {
    ((b & 3) as i8 - 1, 1 - ((b >> 2) & 3) as i8)
}

impl<M: Copy> SharedNode<M> {
    fn empty() -> Self {
        SharedNode {
            mv: OnceLock::new(),
            sum: AtomicU64::new(0),
            visits: AtomicU32::new(0),
            first_child: AtomicU32::new(0),
            num_children: AtomicU16::new(0),
            next_unvisited: AtomicU16::new(0),
            bounds: AtomicU8::new(0),
            state: AtomicU8::new(0),
            owner: AtomicU8::new(0),
            prior: AtomicU8::new(0),
        }
    }

    #[inline]
    fn mv(&self) -> M {
        *self
            .mv
            .get()
            .expect("a published node has its move (written before publication)")
    }

    #[inline]
    fn owner(&self) -> u8 {
        self.owner.load(Ordering::Relaxed)
    }

    /// Lower and upper bound of the game value for the owner.
    #[inline]
    fn bounds(&self) -> (i8, i8) {
        decode(self.bounds.load(Ordering::Acquire))
    }

    #[inline]
    fn is_solved(&self) -> bool {
        let (p, o) = self.bounds();
        p == o
    }

    /// Merges `[pess, opt]` into the bounds (they only tighten); `true` if they changed.
    fn tighten(&self, pess: i8, opt: i8) -> bool {
        self.bounds
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |b| {
                let (p, o) = decode(b);
                let (np, no) = (p.max(pess), o.min(opt));
                debug_assert!(np <= no, "bounds [{np}, {no}] crossed");
                ((np, no) != (p, o)).then(|| encode(np, no.max(np)))
            })
            .is_ok()
    }

    /// The published children: (first index, count), count 0 when none.
    #[inline]
    fn children(&self) -> (u32, u32) {
        let first = self.first_child.load(Ordering::Acquire);
        if first == 0 {
            (0, 0)
        } else {
            (first, u32::from(self.num_children.load(Ordering::Relaxed)))
        }
    }

    /// The first player's reward for a proven node.
    #[inline]
    fn proven_first_reward(&self) -> f64 {
        let owner_reward = (f64::from(self.bounds().0) + 1.0) / 2.0;
        if self.owner() == 0 {
            owner_reward
        } else {
            1.0 - owner_reward
        }
    }

    /// Marks the node solved with value `v` for its owner, without children.
    fn solve(&self, v: i8) {
        self.tighten(v, v);
        self.state.fetch_or(EXPANDED, Ordering::Release);
    }
}

/// One chunk of the arena's nodes.
type Chunk<M> = Box<[SharedNode<M>]>;

/// The shared tree's storage: chunks of `CHUNK` nodes (the last one cut at the cap),
/// created by the first thread that reserves a slot in them.
pub(crate) struct Arena<M> {
    chunks: Box<[OnceLock<Chunk<M>>]>,
    /// The most nodes the arena may hold.
    cap: usize,
    /// Slots reserved so far (may pass `cap` by failed reservations).
    next: AtomicUsize,
}

impl<M: Copy> Arena<M> {
    /// An empty arena for at most `cap` nodes (at least 1): nothing is allocated but the
    /// chunk table.
    pub(crate) fn new(cap: usize) -> Self {
        Arena {
            chunks: (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
            cap,
            next: AtomicUsize::new(0),
        }
    }

    /// The node at index `i`, which must lie in a reserved range.
    #[inline]
    fn node(&self, i: u32) -> &SharedNode<M> {
        let i = i as usize;
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("a reserved node's chunk exists");
        &chunk[i & (CHUNK - 1)]
    }

    /// The chunk holding index `i` (which must lie in a reserved range).
    #[inline]
    fn chunk(&self, i: usize) -> &[SharedNode<M>] {
        self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("a reserved node's chunk exists")
    }

    /// Calls `f` on each node of the sibling group `first..first + count`, with one chunk
    /// look-up when the group lies in one chunk (always, but for groups larger than a
    /// block or reserved once the arena is nearly full).
    #[inline]
    fn each(&self, first: u32, count: u32, mut f: impl FnMut(u32, &SharedNode<M>)) {
        let (a, n) = (first as usize, count as usize);
        if n > 0 && a >> CHUNK_BITS == (a + n - 1) >> CHUNK_BITS {
            let off = a & (CHUNK - 1);
            for (k, node) in self.chunk(a)[off..off + n].iter().enumerate() {
                f(first + k as u32, node);
            }
        } else {
            for i in first..first + count {
                f(i, self.node(i));
            }
        }
    }

    /// Reserves at least `count` consecutive slots, creating their chunks: whole blocks
    /// (at least `count` nodes) while they fit under the cap, then exactly `count`.
    /// Returns the reserved range, or `None` past the cap.
    fn claim(&self, count: usize) -> Option<(usize, usize)> {
        let whole = count.div_ceil(BLOCK).max(1) * BLOCK;
        let mut range = (0, 0);
        self.next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                let len = if n % BLOCK == 0 && n + whole <= self.cap {
                    whole
                } else if n + count <= self.cap {
                    count
                } else {
                    return None;
                };
                range = (n, n + len);
                Some(n + len)
            })
            .ok()?;
        let (start, end) = range;
        for j in start >> CHUNK_BITS..=(end - 1) >> CHUNK_BITS {
            self.chunks[j].get_or_init(|| {
                let len = (self.cap - (j << CHUNK_BITS)).min(CHUNK);
                (0..len).map(|_| SharedNode::empty()).collect()
            });
        }
        Some(range)
    }

    /// Copies a tree grown by one thread (children contiguous, the root at 0) into the
    /// empty arena, at the same indices; returns what is left of the reserved range, for
    /// the first thread.
    pub(crate) fn load(&self, tree: &[ZsNode<M>]) -> Cursor {
        let Some((start, end)) = self.claim(tree.len()) else {
            unreachable!("the kept tree fits under the cap (checked when the search starts)");
        };
        debug_assert_eq!(start, 0);
        for (i, n) in tree.iter().enumerate() {
            let s = self.node(i as u32);
            let _ = s.mv.set(n.mv);
            s.owner.store(n.owner(), Ordering::Relaxed);
            s.prior.store(n.prior_raw(), Ordering::Relaxed);
            s.bounds.store(encode(n.pess(), n.opt()), Ordering::Relaxed);
            s.visits.store(n.visits, Ordering::Relaxed);
            let sum = f64::from(n.mean) * f64::from(n.visits) * UNIT;
            s.sum.store(sum.round() as u64, Ordering::Relaxed);
            if n.expanded() {
                s.state.store(EXPANDED, Ordering::Relaxed);
            }
            if n.num_children > 0 {
                s.num_children.store(n.num_children, Ordering::Relaxed);
                s.next_unvisited.store(n.next_unvisited, Ordering::Relaxed);
                s.first_child.store(n.first_child, Ordering::Relaxed);
            }
        }
        Cursor {
            next: tree.len(),
            end,
        }
    }

    /// The tree reachable from the root, breadth first, as the compact arena of [`ZsNode`]s
    /// (allocated at its exact size): children stay contiguous and follow their parent.
    /// The root's visits and mean are given (it is not written during the search).
    pub(crate) fn write_back(&self, root_visits: u32, root_mean: f32) -> Vec<ZsNode<M>> {
        let mut source: Vec<u32> = vec![0];
        let mut k = 0;
        while k < source.len() {
            let (first, count) = self.node(source[k]).children();
            source.extend(first..first + count);
            k += 1;
        }
        let mut tree = Vec::with_capacity(source.len());
        let mut next_child = 1u32;
        for &i in &source {
            let s = self.node(i);
            let (visits, mean) = if i == 0 {
                (root_visits, root_mean)
            } else {
                let visits = s.visits.load(Ordering::Relaxed);
                let sum = s.sum.load(Ordering::Relaxed) as f64;
                let mean = if visits == 0 {
                    0.0
                } else {
                    (sum / UNIT / f64::from(visits)) as f32
                };
                (visits, mean)
            };
            let mut n = ZsNode::restore(
                s.mv(),
                s.owner(),
                s.prior.load(Ordering::Relaxed),
                visits,
                mean,
                s.state.load(Ordering::Relaxed) & EXPANDED != 0,
                s.bounds(),
            );
            let (_, count) = s.children();
            if count > 0 {
                n.first_child = next_child;
                n.num_children = count as u16;
                n.next_unvisited =
                    (s.next_unvisited.load(Ordering::Relaxed) as u32).min(count) as u16;
                next_child += count;
            }
            tree.push(n);
        }
        tree
    }
}

/// What is left of a thread's reserved range of slots.
pub(crate) struct Cursor {
    next: usize,
    end: usize,
}

impl Cursor {
    /// Takes `count` consecutive slots from the range, or reserves a new one.
    fn take<M: Copy>(&mut self, arena: &Arena<M>, count: usize) -> Option<usize> {
        if self.end - self.next < count {
            let (start, end) = arena.claim(count)?;
            *self = Cursor { next: start, end };
        }
        let start = self.next;
        self.next += count;
        Some(start)
    }
}

/// Recomputes the bounds of `idx` from its children (negamax over the bounds, negated
/// only where the mover changes) and merges them in; `true` if they changed.
fn update_bounds<M: Copy>(arena: &Arena<M>, idx: u32) -> bool {
    let node = arena.node(idx);
    let (first, count) = node.children();
    if count == 0 {
        return false;
    }
    let mover = arena.node(first).owner();
    let (mut max_pess, mut max_opt) = (LOSS, LOSS);
    arena.each(first, count, |_, c| {
        let (p, o) = c.bounds();
        max_pess = max_pess.max(p);
        max_opt = max_opt.max(o);
    });
    let (pess, opt) = if mover == node.owner() {
        (max_pess, max_opt)
    } else {
        (-max_opt, -max_pess)
    };
    node.tighten(pess, opt)
}

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

    /// One playout from `state`: the first player's reward and the plies played.
    #[inline]
    fn run_playout(
        &self,
        w: &mut ZsWorker<G::Move>,
        state: &mut G,
    ) -> Result<(f64, u32), SearchError> {
        let rules = Rules::two_player();
        let (rng, s) = (&mut w.rng, &mut w.scratch);
        run_playout::<G, P, ZeroSum, ()>(self.ctx.playout, state, rng, s, &rules, &mut ())
    }

    /// One playout from `state`, counted.
    #[inline]
    fn playout(&self, w: &mut ZsWorker<G::Move>, state: &mut G) -> Result<f64, SearchError> {
        let (reward, _) = self.run_playout(w, state)?;
        if !w.scratch.clock.expired {
            w.playouts += 1;
        }
        Ok(reward)
    }

    /// `true` once what is left of the time limit is what writing the tree back will take
    /// (at [`WRITE_BACK_NANOS`] a node): the threads stop that much before the deadline, so
    /// that the search returns by it.
    fn no_time_to_write_back(&self, limits: &Limits<'_>) -> bool {
        let nodes = self.arena.next.load(Ordering::Relaxed).min(self.arena.cap) as u64;
        let write_back = Duration::from_nanos(nodes.saturating_mul(WRITE_BACK_NANOS));
        limits.running.out_of_time_at(Instant::now() + write_back)
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
                    reward = self.playout(w, &mut state)?;
                    break;
                }
                if let Expanded::Full = self.expand(w, cursor, idx, &state, false)? {
                    node.state.store(0, Ordering::Release);
                    w.full = true;
                    reward = self.playout(w, &mut state)?;
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
                    self.playout(w, &mut state)?
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
                let (r, plies) = self.run_playout(w, &mut state)?;
                let outcome = if plies == 0 {
                    state.outcome()
                } else {
                    Outcome::Ongoing
                };
                if outcome.is_over() {
                    ch.solve(terminal_value(outcome, ch.owner()));
                    changed = true;
                    reward = first_player_reward(outcome);
                } else {
                    reward = r;
                    if !w.scratch.clock.expired {
                        w.playouts += 1;
                    }
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
                if limits.proven.load(Ordering::Relaxed)
                    || limits.halt.load(Ordering::Relaxed)
                    || self.no_time_to_write_back(limits)
                {
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
/// tree is written back, compact, into `workers[0]` (the others keep none). The first
/// error, in thread order, is returned after every thread has stopped.
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
    workers[0].tree = arena.write_back(visits as u32, mean as f32);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip_and_only_tighten() {
        for p in -1..=1 {
            for o in p..=1 {
                assert_eq!(decode(encode(p, o)), (p, o));
            }
        }
        assert_eq!(decode(0), (LOSS, WIN));
        let n = SharedNode::<u8>::empty();
        assert!(n.tighten(0, 1));
        assert!(!n.tighten(-1, 1), "a looser bound changes nothing");
        assert!(n.tighten(-1, 0));
        assert_eq!(n.bounds(), (0, 0));
        assert!(n.is_solved());
    }

    #[test]
    fn reservations_are_blocks_then_exact_and_stay_under_the_cap() {
        let arena = Arena::<u8>::new(CHUNK + 10);
        assert_eq!(arena.claim(7), Some((0, BLOCK)));
        assert_eq!(arena.claim(BLOCK + 1), Some((BLOCK, 3 * BLOCK)));
        let mut cursor = Cursor {
            next: 3 * BLOCK,
            end: 3 * BLOCK,
        };
        let mut last = 0;
        while let Some(start) = cursor.take(&arena, 7) {
            assert!(start + 7 <= CHUNK + 10);
            let _ = arena.node((start + 6) as u32); // its chunk exists
            last = start + 7;
        }
        // Whole blocks up to the first chunk's end, then exact ranges into the short
        // second chunk: the arena stops less than one group short of the cap.
        assert!(last + 7 > CHUNK + 10, "stopped at {last}");
        assert_eq!(arena.claim(1), Some((last, last + 1)));
    }

    #[test]
    fn loading_and_writing_back_keeps_the_tree() {
        // root -> a, b ; b -> c
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t[0].next_unvisited = 2;
        t[0].set_expanded();
        t.push(ZsNode::new(1, 0, 0.25));
        t.push(ZsNode::new(2, 0, 0.0));
        t[2].first_child = 3;
        t[2].num_children = 1;
        t[2].set_expanded();
        t.push(ZsNode::new(3, 1, 0.0));
        t[3].set_bounds(1, 1);
        t[3].set_expanded();
        let terms = crate::tree::visit_table();
        for (i, r) in [(0, 0.5), (1, 1.0), (1, 0.0), (2, 0.5), (3, 1.0)] {
            t[i].add_visit(r, terms);
        }
        let arena = Arena::new(100);
        arena.load(&t);
        let back = arena.write_back(t[0].visits, t[0].mean);
        assert_eq!(back.len(), t.len());
        for (a, b) in t.iter().zip(&back) {
            assert_eq!((a.mv, a.visits, a.owner()), (b.mv, b.visits, b.owner()));
            assert_eq!(
                (a.pess(), a.opt(), a.expanded()),
                (b.pess(), b.opt(), b.expanded())
            );
            assert_eq!(
                (a.first_child, a.num_children),
                (b.first_child, b.num_children)
            );
            assert_eq!(a.prior_raw(), b.prior_raw());
            assert!((a.mean - b.mean).abs() < 1e-6);
            assert_eq!(a.inv_sqrt, b.inv_sqrt);
        }
    }
}
