//! One search thread: its tree, generator and buffers, and the one iteration loop of both
//! modes (select, expand, simulate, back up) that it runs until a limit is reached or the
//! root is settled. What differs between the modes is asked of [`Model`].

use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{GeneralGame, RunningBudget, SearchError, SplitMix64};

use crate::expansion::Expansion;
use crate::general::Rules;
use crate::mode::Model;
use crate::rave::Amaf;
use crate::selection::Widening;
use crate::transpositions::Positions;
use crate::tree::{Node, NodeData, visit_table};

/// Read-only settings shared by the search threads. The fields after `max_depth` are read
/// by one mode alone (see [`Model`]): the two-player options by
/// [`ZeroSum`](crate::ZeroSum), `rules` and `player` by [`General`](crate::General).
pub(crate) struct Ctx<'a, G: GeneralGame, P> {
    pub playout: &'a P,
    pub exploration: f64,
    /// No node deeper than this below the root is expanded.
    pub max_depth: u32,
    /// Priors, the game's hooks and the node cap of each tree.
    pub expansion: Expansion<'a, G>,
    pub prior_weight: f64,
    /// Progressive widening, if on.
    pub widening: Option<Widening>,
    /// RAVE's equivalence parameter, if on.
    pub rave: Option<f32>,
    /// With transpositions: the game's position key.
    pub key: Option<fn(&G) -> u64>,
    /// With transpositions: the most slots each tree's position table may have.
    pub max_slots: usize,
    /// No prior, widening, RAVE or transpositions: selection takes its shorter path.
    pub plain: bool,
    /// The player count and reward range of the searched game.
    pub rules: Rules,
    /// The player to move at the root.
    pub player: u8,
}

/// The limits every search thread polls.
pub(crate) struct Limits<'a> {
    pub running: &'a RunningBudget,
    pub proven: &'a AtomicBool,
    /// Raised when a thread fails (a panic in user code, a broken game): the others stop.
    pub halt: &'a AtomicBool,
    /// No iteration, time or stop limit: the search ends when the root is proven or the
    /// tree is full.
    pub open_ended: bool,
}

/// Buffers reused by every expansion and playout: nothing is allocated per node.
pub(crate) struct Scratch<M> {
    /// Moves of the state being expanded or played out.
    pub moves: Vec<M>,
    /// Moves with their priors, sorted at expansion when priors are on.
    pub order: Vec<(f32, M)>,
    /// A chance node's outcomes with their probabilities.
    pub outcomes: Vec<(M, f64)>,
    /// A finished game's rewards, as the game gives them.
    pub raw: Vec<f64>,
    /// The same rewards normalised to `[0, 1]` by the reward range: what is backed up.
    pub norm: Vec<f64>,
}

impl<M> Scratch<M> {
    pub(crate) fn new() -> Self {
        Scratch {
            moves: Vec::new(),
            order: Vec::new(),
            outcomes: Vec::new(),
            raw: Vec::new(),
            norm: Vec::new(),
        }
    }
}

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
}

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
        }
    }

    /// Nodes added to the tree by the last search.
    pub(crate) fn added(&self) -> usize {
        self.tree.len().saturating_sub(self.kept)
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
        K: Model<G, P, Data = D>,
    {
        let grown = K::expand(self, idx, state, ctx, is_root)?;
        if !grown {
            self.full = true;
        }
        Ok(grown)
    }

    /// One iteration: select (down to a leaf, a settled node, or a child visited for the
    /// first time), expand, simulate or score the settled node, back up rewards and
    /// proofs.
    fn iterate<G, P, K>(&mut self, root: &G, ctx: &Ctx<'_, G, P>) -> Result<(), SearchError>
    where
        G: GeneralGame<Move = M>,
        K: Model<G, P, Data = D>,
    {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        K::begin(self, ctx);
        let mut idx = 0usize;
        let mut depth = 0u32;
        // The leaf's proof changed: the nodes above recompute theirs while they change.
        let mut changed = false;
        let reward: K::Reward;
        loop {
            if let Some(r) = K::settled(self, idx, &state, ctx)? {
                reward = r;
                break;
            }
            if !self.tree[idx].expanded() {
                let expanded = depth < ctx.max_depth
                    && (K::RETRIES_WHEN_FULL || !self.full)
                    && self.expand::<G, P, K>(idx, &state, ctx, false)?;
                if !expanded {
                    reward = K::playout(self, ctx, &mut state)?;
                    break;
                }
                if let Some(r) = K::settled(self, idx, &state, ctx)? {
                    changed = K::is_proven(&self.tree[idx]);
                    reward = r;
                    break;
                }
            }
            let Some(child) = K::select(self, idx, ctx) else {
                reward = K::playout(self, ctx, &mut state)?;
                break;
            };
            if K::counts_depth(&self.tree[idx]) {
                depth += 1;
            }
            K::enter(self, child, &mut state, ctx);
            self.path.push(child as u32);
            idx = child;
            if self.tree[child].visits == 0 {
                let (r, proven) = K::first_visit(self, child, &mut state, ctx)?;
                changed = proven;
                reward = r;
                break;
            }
        }
        self.max_depth = self.max_depth.max(depth);
        // Back up the reward (for each node's owner) and, while they change, the proofs.
        let len = self.path.len();
        for k in (0..len).rev() {
            let i = self.path[k] as usize;
            if changed && k + 1 < len {
                changed = K::prove(&mut self.tree, i);
            }
            let r = K::owner_reward(self, reward, i);
            self.tree[i].add_visit(r, self.terms);
            K::visited(self, i, reward, ctx);
        }
        K::end(self, reward, ctx);
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
        K: Model<G, P, Data = D>,
    {
        self.iterations = 0;
        self.playouts = 0;
        self.max_depth = 0;
        self.full = false;
        K::prepare(self, root, ctx)?;
        if !self.tree[0].expanded() {
            self.expand::<G, P, K>(0, root, ctx, true)?;
        }
        loop {
            if K::root_settled(&self.tree[0], ctx) {
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
            self.iterate::<G, P, K>(root, ctx)?;
            self.iterations += 1;
        }
        Ok(())
    }
}
