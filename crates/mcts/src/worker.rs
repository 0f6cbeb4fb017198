//! One search thread: its tree, generator and buffers, and the iteration loop (select,
//! expand, simulate, back up) it runs until a limit is reached or the root is proven.

use std::sync::atomic::{AtomicBool, Ordering};

use search_core::{Game, Outcome, RunningBudget, SearchError, SplitMix64};

use crate::expansion::{Expansion, Scratch, expand};
use crate::playout::{Playout, first_player_reward, run_playout_recorded};
use crate::rave::{self, Amaf};
use crate::selection::{Extras, Widening, select, select_plain};
use crate::solver::{proven_first_reward, update_bounds};
use crate::transpositions::Positions;
use crate::tree::{LOSS, Node, WIN, reroot_with, visit_table};

/// Read-only settings shared by the search threads.
pub(crate) struct Ctx<'a, G: Game, P> {
    pub playout: &'a P,
    pub expansion: Expansion<'a, G>,
    pub prior_weight: f64,
    pub exploration: f64,
    /// No node deeper than this below the root is expanded.
    pub max_depth: u32,
    /// Progressive widening, if on.
    pub widening: Option<Widening>,
    /// RAVE's equivalence parameter, if on.
    pub rave: Option<f32>,
    /// With transpositions: the game's position key.
    pub key: Option<fn(&G) -> u64>,
    /// With transpositions: the most slots each tree's position table may have.
    pub max_slots: usize,
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

/// One search thread's tree and scratch buffers (root parallelisation: each thread owns a
/// whole tree; statistics are merged at the root).
pub(crate) struct Worker<M> {
    pub tree: Vec<Node<M>>,
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

impl<M: Copy + PartialEq + core::fmt::Debug> Worker<M> {
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

    /// Re-roots the tree at the root's child reached by `mv`, or empties it.
    pub(crate) fn advance(&mut self, mv: M) {
        let found = self.tree.first().and_then(|root| {
            self.tree[root.children()]
                .iter()
                .position(|c| c.mv == mv)
                .map(|k| root.first_child as usize + k)
        });
        match found {
            Some(child) => {
                // What is kept beside the tree follows its nodes when it is in step.
                let (amaf, keys) = (&mut self.amaf, &mut self.keys);
                let amaf_in_step = amaf.len() == self.tree.len();
                let keys_in_step = keys.len() == self.tree.len();
                reroot_with(&mut self.tree, child, |from, to| {
                    if amaf_in_step {
                        amaf[to] = amaf[from];
                    }
                    if keys_in_step {
                        keys[to] = keys[from];
                    }
                });
                let len = self.tree.len();
                self.amaf.truncate(if amaf_in_step { len } else { 0 });
                self.keys.truncate(if keys_in_step { len } else { 0 });
            }
            None => self.tree.clear(),
        }
    }

    /// Gives the nodes added to the tree their (empty) AMAF statistics.
    #[inline]
    fn sync_amaf(&mut self) {
        keep_beside(&mut self.amaf, &self.tree, Amaf::default());
    }

    /// Gives the nodes added to the tree a key slot (0: not known yet), and the position
    /// table room for them.
    #[inline]
    fn sync_keys(&mut self, max_slots: usize) {
        if self.keys.len() < self.tree.len() {
            keep_beside(&mut self.keys, &self.tree, 0);
            self.positions.grow(self.tree.len(), max_slots);
        }
    }

    /// Nodes added to the tree by the last search.
    pub(crate) fn added(&self) -> usize {
        self.tree.len().saturating_sub(self.kept)
    }

    /// Generates the children of `idx`; `Ok(false)` (and the tree marked full) when the
    /// tree is full.
    fn expand<G: Game<Move = M>, P>(
        &mut self,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError> {
        let grown = expand(
            &mut self.tree,
            &mut self.scratch,
            &mut self.rng,
            idx,
            state,
            &ctx.expansion,
            is_root,
        )?;
        if !grown {
            self.full = true;
        }
        Ok(grown)
    }

    /// A playout from a leaf of the tree (`state`, which it plays to the end): its reward
    /// for the first player, counted as a playout.
    #[inline]
    fn playout_from<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        playout: &P,
        state: &mut G,
        rave: bool,
    ) -> Result<f64, SearchError> {
        let (reward, _) = self.run_playout(playout, state, rave)?;
        self.playouts += 1;
        Ok(reward)
    }

    /// Runs a playout, recording its moves for RAVE when `rave` is on.
    #[inline]
    fn run_playout<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        playout: &P,
        state: &mut G,
        rave: bool,
    ) -> Result<(f64, u32), SearchError> {
        let moves = &mut self.scratch.moves;
        if rave {
            run_playout_recorded(playout, state, &mut self.rng, moves, &mut self.played)
        } else {
            run_playout_recorded(playout, state, &mut self.rng, moves, &mut ())
        }
    }

    /// One iteration: select, expand, simulate (or score a proven leaf), back up.
    fn iterate<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError> {
        let mut state = root.clone();
        let rave = ctx.rave.is_some();
        self.path.clear();
        self.path.push(0);
        self.played.clear();
        if ctx.key.is_some() {
            self.sync_keys(ctx.max_slots);
        }
        // Nothing beside the plain UCT score: selection takes its shorter path.
        let with_prior = ctx.prior_weight as f32 > 0.0;
        let plain = !rave && ctx.key.is_none() && ctx.widening.is_none() && !with_prior;
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
                    reward = self.playout_from(ctx.playout, &mut state, rave)?;
                    break;
                }
                if self.tree[idx].is_solved() {
                    solved_leaf = true;
                    reward = proven_first_reward(&self.tree[idx]);
                    break;
                }
            }
            if rave {
                self.sync_amaf();
            }
            if ctx.key.is_some() {
                self.sync_keys(ctx.max_slots);
            }
            let selected = if plain {
                select_plain(&mut self.tree, idx, ctx.exploration, self.terms)
            } else {
                select(
                    &mut self.tree,
                    idx,
                    ctx.exploration,
                    ctx.prior_weight,
                    ctx.widening,
                    Extras {
                        rave: ctx.rave.map(|k| (self.amaf.as_slice(), k)),
                        positions: ctx.key.map(|_| (self.keys.as_slice(), &self.positions)),
                    },
                )
            };
            let Some(child) = selected else {
                reward = self.playout_from(ctx.playout, &mut state, rave)?;
                break;
            };
            // Each node knows its owner (the player who moved into it), so a move after
            // which the same player moves again (an extra turn) needs nothing special.
            if rave {
                let node = &self.tree[child];
                self.played.push((node.owner(), node.mv));
            }
            state.play(self.tree[child].mv);
            if let Some(key) = ctx.key {
                self.keys[child] = key(&state);
            }
            depth += 1;
            self.path.push(child as u32);
            idx = child;
            if self.tree[child].visits == 0 {
                // The playout's first move generation tells whether the child is terminal.
                let (r, plies) = self.run_playout(ctx.playout, &mut state, rave)?;
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
            n.add_visit(r as f32, self.terms);
            if ctx.key.is_some() {
                self.positions.add(self.keys[i], reward as f32);
            }
        }
        if rave {
            self.sync_amaf();
            rave::update(&self.tree, &mut self.amaf, &self.path, &self.played, reward);
        }
        Ok(())
    }

    /// Runs iterations until a limit is reached or the root is proven.
    pub(crate) fn run<G: Game<Move = M>, P: Playout<G>>(
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
        if ctx.rave.is_some() && self.amaf.len() != self.tree.len() {
            // Out of step (a tree kept from a search without RAVE, or rebuilt): start the
            // AMAF statistics afresh.
            self.amaf.clear();
            self.amaf.shrink_to(self.tree.capacity());
            self.sync_amaf();
        }
        if let Some(key) = ctx.key {
            if self.keys.len() != self.tree.len() {
                // Out of step (a tree kept from a search without transpositions, or
                // rebuilt): learn the positions afresh.
                self.keys.clear();
                self.keys.shrink_to(self.tree.capacity());
                self.positions.clear();
            }
            self.sync_keys(ctx.max_slots);
            self.keys[0] = key(root);
        }
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

/// Lengthens `side` (kept beside `tree`, one entry a node) to the tree's length with
/// `fill`, reserving as much room as the tree has and no more.
#[inline]
#[allow(clippy::ptr_arg)] // the tree's capacity, not only its nodes
fn keep_beside<A: Copy, M>(side: &mut Vec<A>, tree: &Vec<Node<M>>, fill: A) {
    if side.len() < tree.len() {
        if side.capacity() < tree.capacity() {
            side.reserve_exact(tree.capacity() - side.len());
        }
        side.resize(tree.len(), fill);
    }
}
