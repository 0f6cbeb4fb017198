//! One search thread: its tree, generator and buffers, and the one iteration loop of both
//! modes (select, expand, simulate, back up) that it runs until a limit is reached or the
//! root is settled. What differs between the modes is asked of [`Steps`].

use search_core::Instant;
use std::sync::atomic::Ordering;

use search_core::{GeneralGame, SearchError, SplitMix64};

use crate::engine::context::{Clock, Ctx, Limits, Scratch, Tally};
use crate::engine::mode::{DataOf, Mode};
use crate::parallel::deferred::Deferred;
use crate::steps::rave::Amaf;
use crate::steps::transpositions::Positions;
use crate::tree::growth::GrowthPrice;
use crate::tree::{Node, NodeData, grown_capacity, move_in_parts, visit_table};

/// One search thread's tree and scratch buffers (root parallelisation: each thread owns a
/// whole tree; statistics are merged at the root).
pub(crate) struct Worker<M, D> {
    pub tree: Vec<Node<M, D>>,
    pub rng: SplitMix64,
    pub path: Vec<u32>,
    pub scratch: Scratch<M>,
    /// `[1/sqrt(n), sqrt(ln n)]` for small visit counts.
    pub terms: &'static [[f32; 2]],
    pub full: bool,
    /// Nodes the tree held when this search started (kept from earlier searches).
    pub kept: usize,
    pub iterations: u64,
    pub playouts: u64,
    pub max_depth: u32,
    /// With tree parallelism: the root owner's rewards summed over this thread's
    /// iterations (the shared root is not written during the search).
    pub root_reward: f64,
    /// With RAVE: each node's all-moves-as-first statistics, beside the tree (index for
    /// index; empty, or out of step with the tree, when RAVE is off).
    pub amaf: Vec<Amaf>,
    /// With RAVE: the moves of the current iteration from the root, with their players.
    pub played: Vec<(u8, M)>,
    /// With transpositions: each node's position key, beside the tree (0 until the node
    /// is first entered; empty, or out of step with the tree, when off).
    pub keys: Vec<u64>,
    /// With transpositions: the statistics of every position, over all its nodes.
    pub positions: Positions,
    /// What the tree's growths took, to price the next one.
    pub growth: GrowthPrice,
    /// With tree parallelism: the nodes this thread added to the shared tree.
    pub published: usize,
    /// With tree parallelism, after the search: the shared tree, kept as it is until
    /// something needs it whole (`tree` then holds only its first levels, for the final
    /// choice; see [`Deferred`]).
    pub deferred: Option<Box<Deferred<M>>>,
}

/// Free slots below which a thread's own tree grows before the next iteration (more
/// than an iteration adds but in games of thousands of moves a node), so that the growth
/// happens where the search can first ask whether it has the time (see [`Worker::run`]).
const GROW_AHEAD: usize = 4096;

/// How many times its price a growth is allowed to take: moving a tree that has
/// outgrown the caches, to memory the system has yet to map, costs more per node than
/// the growth before (without the margin, two threads overshot a time limit by
/// milliseconds: `docs/benchmarks/budgets-and-memory.md`).
const GROWTH_MARGIN: u64 = 4;

/// What moving a tree to a larger buffer may take a byte at worst (the tree's old buffer
/// read, the new one written to memory the system has yet to map), with room to spare
/// over the worst measured in `docs/benchmarks/budgets-and-memory.md`.
const WORST_NANOS_PER_BYTE: u64 = 1;

/// The shortest expected growth of a tree, in nanoseconds, for which the search looks at
/// the clock before it starts the growth: shorter ones are within the slack of the
/// pacer's looks, about every 250 µs.
const GROWTH_WORTH_A_LOOK: u64 = 100_000;

impl<M: Copy + PartialEq + core::fmt::Debug, D: NodeData> Worker<M, D> {
    pub(crate) fn new(rng: SplitMix64) -> Self {
        Worker {
            tree: Vec::new(),
            rng,
            path: Vec::new(),
            scratch: Scratch::new(),
            terms: visit_table(),
            full: false,
            kept: 0,
            iterations: 0,
            playouts: 0,
            max_depth: 0,
            root_reward: 0.0,
            amaf: Vec::new(),
            played: Vec::new(),
            keys: Vec::new(),
            positions: Positions::default(),
            growth: GrowthPrice::default(),
            published: 0,
            deferred: None,
        }
    }

    /// Grows the tree when fewer than [`GROW_AHEAD`] slots are free (by doubling, up to
    /// `cap`), timed; `false` if the search must stop instead: the growth, priced from the
    /// last one, would end past the deadline, or the time ran out or the stop flag was set
    /// while it was under way. A growth usually extends the tree's buffer in place or
    /// remaps it, but the allocator may copy it, to memory the system has yet to map: a
    /// tree of millions of nodes then takes milliseconds to move, more when two threads
    /// move theirs at once. A growth that might not end before the deadline at the worst
    /// rate measured ([`WORST_NANOS_PER_BYTE`]) is therefore a move in parts, with a look
    /// at the clock and the flag between them (see
    /// [`move_in_parts`](crate::tree::move_in_parts)).
    #[inline]
    fn grow_ahead(&mut self, cap: usize) -> bool {
        let len = self.tree.len();
        if self.tree.capacity() - len >= GROW_AHEAD || self.tree.capacity() >= cap {
            return true;
        }
        self.grow_now(cap)
    }

    #[cold]
    #[inline(never)]
    fn grow_now(&mut self, cap: usize) -> bool {
        let len = self.tree.len();
        let predicted = self.growth.predict(len).saturating_mul(GROWTH_MARGIN);
        if predicted >= GROWTH_WORTH_A_LOOK && self.scratch.clock.cannot_afford(predicted) {
            return false;
        }
        let started = Instant::now();
        let target = grown_capacity(len, self.tree.capacity(), GROW_AHEAD, cap);
        let bytes = len * core::mem::size_of::<Node<M, D>>()
            + self.amaf.len() * core::mem::size_of::<Amaf>()
            + self.keys.len() * core::mem::size_of::<u64>();
        let worst = (bytes as u64).saturating_mul(WORST_NANOS_PER_BYTE * GROWTH_MARGIN);
        if !self.scratch.clock.would_pass(worst) {
            // Time enough even for a copy: the allocator's growth, in place when it can
            // be (what is beside the tree follows when the tree's nodes are added).
            self.tree.reserve_exact(target - len);
            self.growth.record(started.elapsed(), len);
            return true;
        }
        let clock = &mut self.scratch.clock;
        let mut go_on = || !clock.cannot_afford(0);
        // What RAVE and transpositions keep beside the tree (when in use) grows with it,
        // the same way, rather than later in one piece.
        let moved = move_in_parts(&mut self.tree, target, &mut go_on)
            && (self.amaf.is_empty() || move_in_parts(&mut self.amaf, target, &mut go_on))
            && (self.keys.is_empty() || move_in_parts(&mut self.keys, target, &mut go_on));
        if moved {
            self.growth.record(started.elapsed(), len);
        }
        moved
    }

    /// Nodes added to the tree by the last search.
    pub(crate) fn added(&self) -> usize {
        self.tree_len().saturating_sub(self.kept)
    }

    /// Nodes of the kept tree (the shared one when it is deferred).
    pub(crate) fn tree_len(&self) -> usize {
        self.deferred
            .as_ref()
            .map_or(self.tree.len(), |d| d.nodes())
    }

    /// Drops the kept tree (its memory stays allocated, but a deferred shared tree's).
    pub(crate) fn clear_tree(&mut self) {
        self.tree.clear();
        self.deferred = None;
    }

    /// Creates the children of `idx` (the node of `state`); `Ok(false)` (and the tree
    /// marked full) when they do not fit under the node cap.
    pub(crate) fn expand<G, P, K>(
        &mut self,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError>
    where
        G: GeneralGame<Move = M>,
        K: Steps<G, P, Data = D>,
    {
        let grown = K::expand(self, idx, state, ctx, is_root)?;
        if !grown {
            self.full = true;
        }
        Ok(grown)
    }

    /// One iteration: select (down to a leaf, a settled node, or a child visited for the
    /// first time), expand, simulate or score the settled node, back up rewards and
    /// proofs. `PLAIN`: the search has no prior, widening, RAVE or transpositions (see
    /// [`Ctx::plain`]), so the loop is compiled without them.
    #[inline(always)]
    fn iterate<G, P, K, const PLAIN: bool>(
        &mut self,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError>
    where
        G: GeneralGame<Move = M>,
        K: Steps<G, P, Data = D>,
    {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        K::begin::<PLAIN>(self, ctx);
        let mut idx = 0usize;
        // Steps down that do not count towards the depth (out of chance nodes): the depth
        // is the path's length less the root and these.
        let mut uncounted = 0u32;
        // The leaf's proof changed: the nodes above recompute theirs while they change.
        let mut changed = false;
        let reward: K::Reward;
        // The iteration and the plies it plays (on the way down and in its playout) count
        // on the clock, in a tally given to it at the end or when it is due; out of time,
        // the iteration is abandoned (nothing of it is backed up).
        let mut tally = self.scratch.clock.tally();
        tally.owed = 1;
        loop {
            if let Some(r) = K::settled(self, idx, &state, ctx)? {
                reward = r;
                break;
            }
            if !self.tree[idx].expanded() {
                let depth = self.path.len() as u32 - 1 - uncounted;
                let expanded = depth < ctx.max_depth
                    && (K::RETRIES_WHEN_FULL || !self.full)
                    && self.expand::<G, P, K>(idx, &state, ctx, false)?;
                if !expanded {
                    reward = K::playout::<PLAIN>(self, ctx, state, &mut tally)?;
                    break;
                }
                if let Some(r) = K::settled(self, idx, &state, ctx)? {
                    changed = K::is_proven(&self.tree[idx]);
                    reward = r;
                    break;
                }
            }
            let Some(child) = K::select::<PLAIN>(self, idx, ctx) else {
                reward = K::playout::<PLAIN>(self, ctx, state, &mut tally)?;
                break;
            };
            if !K::counts_depth(&self.tree[idx]) {
                uncounted += 1;
            }
            K::enter::<PLAIN>(self, child, &mut state, ctx);
            self.path.push(child as u32);
            tally.owed += 1;
            if tally.owed >= tally.due {
                match self.scratch.clock.settle(tally.owed) {
                    Some(fresh) => tally = fresh,
                    None => return Ok(()),
                }
            }
            idx = child;
            if self.tree[child].visits == 0 {
                let (r, proven) = K::first_visit::<PLAIN>(self, child, state, ctx, &mut tally)?;
                changed = proven;
                reward = r;
                break;
            }
        }
        if self.scratch.clock.advance(u64::from(tally.owed)) {
            return Ok(());
        }
        let depth = self.path.len() as u32 - 1 - uncounted;
        self.max_depth = self.max_depth.max(depth);
        // Back up the reward (for each node's owner) and, while they change, the proofs
        // (from the leaf's parent up).
        let (tree, scratch, terms) = (&mut self.tree, &self.scratch, self.terms);
        let owners = K::owner_rewards(reward);
        let visit = |tree: &mut [Node<M, D>], i: u32| {
            let node = &mut tree[i as usize];
            let r = K::owner_reward(&owners, scratch, node);
            node.add_visit(r, terms);
        };
        if let Some((&leaf, above)) = self.path.split_last() {
            visit(tree, leaf);
            for &i in above.iter().rev() {
                if changed {
                    changed = K::prove(tree, i as usize);
                }
                visit(tree, i);
            }
        }
        K::end::<PLAIN>(self, reward, ctx);
        Ok(())
    }

    /// Runs iterations until a limit is reached or the root is settled.
    pub(crate) fn run<G, P, K>(
        &mut self,
        root: &G,
        ctx: &Ctx<'_, G, P>,
        limits: &Limits<'_>,
        max_iterations: u64,
    ) -> Result<(), SearchError>
    where
        G: GeneralGame<Move = M>,
        K: Steps<G, P, Data = D>,
    {
        self.iterations = 0;
        self.playouts = 0;
        self.max_depth = 0;
        self.full = false;
        self.scratch.clock = Clock::start(limits.running);
        K::prepare(self, root, ctx)?;
        if !self.tree[0].expanded() {
            self.expand::<G, P, K>(0, root, ctx, true)?;
        }
        // Each iteration adds one visit to the root: the search stops before its count
        // would overflow.
        let room = (u32::MAX - 1).saturating_sub(self.tree[0].visits);
        let end = max_iterations.min(u64::from(room));
        loop {
            if K::root_settled(&self.tree[0], ctx) {
                limits.proven.store(true, Ordering::Relaxed);
                break;
            }
            if self.iterations >= end || (limits.open_ended && self.full) {
                break;
            }
            if self.iterations % 16 == 0
                && (limits.proven.load(Ordering::Relaxed) || limits.halt.load(Ordering::Relaxed))
            {
                break;
            }
            if !self.grow_ahead(ctx.expansion.cap) {
                break;
            }
            if ctx.plain {
                self.iterate::<G, P, K, true>(root, ctx)?;
            } else {
                self.iterate::<G, P, K, false>(root, ctx)?;
            }
            if self.scratch.clock.expired {
                // Abandoned at the deadline: not an iteration.
                break;
            }
            self.iterations += 1;
        }
        Ok(())
    }
}

/// What the one iteration loop asks of a mode, for games `G` and playouts `P`: implemented
/// by [`ZeroSum`](crate::ZeroSum) (in `zero_sum.rs`) and [`General`](crate::General) (in
/// `general.rs`). Everything is monomorphised: the loop of a mode compiles to that mode's
/// code alone.
pub(crate) trait Steps<G: GeneralGame, P>: Mode + Sized {
    /// What a playout or a settled node yields, before it is read per node owner: the
    /// first player's reward for [`ZeroSum`], nothing for [`General`] (whose normalised
    /// rewards wait in the worker's scratch).
    type Reward: Copy;

    /// What [`owner_rewards`](Steps::owner_rewards) works out for the backup.
    type Owners;

    /// Whether a tree that failed to grow once (at the node cap) tries again at later
    /// leaves (whose smaller sibling groups may still fit).
    const RETRIES_WHEN_FULL: bool;

    /// Readies a worker's buffers for a search of `root` (before its root is expanded).
    fn prepare(
        w: &mut Worker<G::Move, DataOf<Self>>,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError>;

    /// `true` when the search may stop: the root's value is settled.
    fn root_settled(root: &Node<G::Move, DataOf<Self>>, ctx: &Ctx<'_, G, P>) -> bool;

    /// Creates the children of `w.tree[idx]`, the node of `state`; `Ok(false)` when they
    /// do not fit under the node cap (an error at the root).
    fn expand(
        w: &mut Worker<G::Move, DataOf<Self>>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError>;

    /// The start of an iteration (`PLAIN` as in [`Worker::iterate`], in this and the
    /// methods below that take it).
    fn begin<const PLAIN: bool>(w: &mut Worker<G::Move, DataOf<Self>>, ctx: &Ctx<'_, G, P>);

    /// The reward of `w.tree[idx]` if it is settled (proven, or a finished game): the
    /// iteration stops there.
    fn settled(
        w: &mut Worker<G::Move, DataOf<Self>>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<Option<Self::Reward>, SearchError>;

    /// Whether a settled node is proven (its proof may change its parent's).
    fn is_proven(node: &Node<G::Move, DataOf<Self>>) -> bool;

    /// The child of the expanded `w.tree[idx]` to descend into; `None` when none can
    /// change the node's value.
    fn select<const PLAIN: bool>(
        w: &mut Worker<G::Move, DataOf<Self>>,
        idx: usize,
        ctx: &Ctx<'_, G, P>,
    ) -> Option<usize>;

    /// Whether a step out of `node` counts towards the depth.
    fn counts_depth(node: &Node<G::Move, DataOf<Self>>) -> bool;

    /// Plays the move into `w.tree[child]` on `state`.
    fn enter<const PLAIN: bool>(
        w: &mut Worker<G::Move, DataOf<Self>>,
        child: usize,
        state: &mut G,
        ctx: &Ctx<'_, G, P>,
    );

    /// The first visit to `w.tree[child]` (whose state is `state`): a playout, or, for a
    /// finished game, the node settled. The reward, and whether the node was proven (a
    /// placeholder reward when the playout was abandoned at the deadline).
    fn first_visit<const PLAIN: bool>(
        w: &mut Worker<G::Move, DataOf<Self>>,
        child: usize,
        state: G,
        ctx: &Ctx<'_, G, P>,
        tally: &mut Tally,
    ) -> Result<(Self::Reward, bool), SearchError>;

    /// A playout from a node that is not visited for the first time, counted (a
    /// placeholder reward when it was abandoned at the deadline).
    fn playout<const PLAIN: bool>(
        w: &mut Worker<G::Move, DataOf<Self>>,
        ctx: &Ctx<'_, G, P>,
        state: G,
        tally: &mut Tally,
    ) -> Result<Self::Reward, SearchError>;

    /// Recomputes the proof of `tree[idx]` from its children; `true` if it changed.
    fn prove(tree: &mut [Node<G::Move, DataOf<Self>>], idx: usize) -> bool;

    /// What the iteration's reward is worth to each owner of a node, worked out once
    /// before the backup.
    fn owner_rewards(reward: Self::Reward) -> Self::Owners;

    /// The reward of the owner of `node`, in `[0, 1]`.
    fn owner_reward(
        owners: &Self::Owners,
        scratch: &Scratch<G::Move>,
        node: &Node<G::Move, DataOf<Self>>,
    ) -> f32;

    /// The end of an iteration, after the backup of the tree's statistics: what is kept
    /// beside the tree is updated.
    fn end<const PLAIN: bool>(
        w: &mut Worker<G::Move, DataOf<Self>>,
        reward: Self::Reward,
        ctx: &Ctx<'_, G, P>,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::zero_sum::{ZeroSumData, ZsNode};
    use search_core::{Budget, StopFlag};

    #[test]
    fn a_growth_stops_at_the_flag_and_leaves_the_tree_as_it_was() {
        let flag = StopFlag::new();
        let running = Budget::new()
            .with_stop(flag.clone())
            .start()
            .expect("a valid budget");
        let mut w = Worker::<u8, ZeroSumData>::new(SplitMix64::stream(1, 0));
        w.tree = Vec::with_capacity(100);
        w.tree
            .extend((0..100).map(|i| ZsNode::new(i as u8, (i % 2) as u8, 0.0)));
        w.amaf = vec![Amaf::default(); 100];
        w.scratch.clock = Clock::start(&running);
        flag.stop();
        assert!(!w.grow_ahead(10_000), "the flag is set: no growth");
        assert_eq!((w.tree.len(), w.tree.capacity()), (100, 100));
        assert_eq!(w.amaf.capacity(), 100);
        assert!(w.tree.iter().enumerate().all(|(i, n)| n.mv == i as u8));
        // Without a limit it grows, up to the cap, in one piece (what is beside the tree
        // follows as nodes are added).
        w.scratch.clock = Clock::idle();
        assert!(w.grow_ahead(1_000));
        assert_eq!((w.tree.len(), w.tree.capacity()), (100, 1_000));
        assert!(w.tree.iter().enumerate().all(|(i, n)| n.mv == i as u8));
    }
}
