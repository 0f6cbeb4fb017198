//! The [`ZeroSum`] mode: what the one search loop does for a two-player [`Game`]. Rewards
//! are the first player's (1 win, ½ draw, 0 loss; each node reads its owner's), a node
//! is proven by the score-bounded solver (`solver.rs`), expansion uses the game's hooks
//! and priors (`expansion.rs`), selection the options of `selection.rs`, and what RAVE and
//! transpositions keep beside the tree follows it here.

use search_core::{Game, Player, RunningBudget, SearchError, SplitMix64};

use crate::engine::Engine;
use crate::engine::context::{Ctx, Limits, Scratch, Tally};
use crate::engine::final_choice::{Choice, choose};
use crate::engine::mode::ZeroSum;
use crate::engine::reuse::find_path;
use crate::engine::rules::Rules;
use crate::engine::search::Model;
use crate::parallel::shared::run_shared;
use crate::parallel::threads::run_workers;
use crate::parallel::worker::{Steps, Worker};
use crate::steps::expansion::expand;
use crate::steps::playout::{MAX_PLAYOUT_PLIES, Played, Playout, Rollout, run_playout};
use crate::steps::rave::{self, Amaf};
use crate::steps::selection::{Extras, select, select_plain};
use crate::tree::Node;
use crate::tree::zero_sum::{
    ZeroSumData, ZsNode, finished_value, first_player_reward, proven_first_reward, update_bounds,
};

impl<M: Copy + PartialEq + core::fmt::Debug> Worker<M, ZeroSumData> {
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

    /// A playout from `state` (which it plays to the end or to the cut-off), recording its
    /// moves for RAVE when `rave` is on: what it came to, in the first player's reward,
    /// counted as a playout when it ran.
    #[inline(always)]
    fn run_playout<G: Game<Move = M>, P: Playout<G>>(
        &mut self,
        playout: &P,
        state: G,
        rave: bool,
        tally: &mut Tally,
    ) -> Result<Played<f64>, SearchError> {
        let (rng, s, rules) = (&mut self.rng, &mut self.scratch, &Rules::two_player());
        let played = if rave {
            run_playout::<G, P, ZeroSum, _>(playout, state, rng, s, rules, &mut self.played, tally)
        } else {
            run_playout::<G, P, ZeroSum, _>(playout, state, rng, s, rules, &mut (), tally)
        }?;
        if let Played::Ran(_) = played {
            self.playouts += 1;
        }
        Ok(played)
    }
}

/// Lengthens `side` (kept beside `tree`, one entry a node) to the tree's length with
/// `fill`, reserving as much room as the tree has and no more.
#[inline]
#[allow(clippy::ptr_arg)] // the tree's capacity, not only its nodes
fn keep_beside<A: Copy, M>(side: &mut Vec<A>, tree: &Vec<ZsNode<M>>, fill: A) {
    if side.len() < tree.len() {
        if side.capacity() < tree.capacity() {
            side.reserve_exact(tree.capacity() - side.len());
        }
        side.resize(tree.len(), fill);
    }
}

impl<G, P> Steps<G, P> for ZeroSum
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    type Reward = f64;
    /// The rewards of the first and the second player.
    type Owners = [f32; 2];

    const RETRIES_WHEN_FULL: bool = true;

    fn prepare(
        w: &mut Worker<G::Move, ZeroSumData>,
        root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError> {
        if ctx.rave.is_some() && w.amaf.len() != w.tree.len() {
            // Out of step (a tree kept from a search without RAVE, or rebuilt): start the
            // AMAF statistics afresh.
            w.amaf.clear();
            w.amaf.shrink_to(w.tree.capacity());
            w.sync_amaf();
        }
        if let Some(key) = ctx.key {
            if w.keys.len() != w.tree.len() {
                // Out of step (a tree kept from a search without transpositions, or
                // rebuilt): learn the positions afresh.
                w.keys.clear();
                w.keys.shrink_to(w.tree.capacity());
                w.positions.clear();
            }
            w.sync_keys(ctx.max_slots);
            w.keys[0] = key(root);
        }
        Ok(())
    }

    #[inline]
    fn root_settled(root: &ZsNode<G::Move>, _ctx: &Ctx<'_, G, P>) -> bool {
        root.is_solved()
    }

    #[inline]
    fn expand(
        w: &mut Worker<G::Move, ZeroSumData>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError> {
        let (tree, scratch, rng) = (&mut w.tree, &mut w.scratch, &mut w.rng);
        expand(tree, scratch, rng, idx, state, &ctx.expansion, is_root)
    }

    #[inline]
    fn begin<const PLAIN: bool>(w: &mut Worker<G::Move, ZeroSumData>, ctx: &Ctx<'_, G, P>) {
        if PLAIN {
            return;
        }
        w.played.clear();
        if ctx.key.is_some() {
            w.sync_keys(ctx.max_slots);
        }
    }

    #[inline]
    fn settled(
        w: &mut Worker<G::Move, ZeroSumData>,
        idx: usize,
        _state: &G,
        _ctx: &Ctx<'_, G, P>,
    ) -> Result<Option<f64>, SearchError> {
        let node = &w.tree[idx];
        Ok(node.is_solved().then(|| proven_first_reward(node)))
    }

    #[inline]
    fn is_proven(node: &ZsNode<G::Move>) -> bool {
        node.is_solved()
    }

    #[inline]
    fn select<const PLAIN: bool>(
        w: &mut Worker<G::Move, ZeroSumData>,
        idx: usize,
        ctx: &Ctx<'_, G, P>,
    ) -> Option<usize> {
        if PLAIN {
            // Nothing beside the plain UCT score: selection takes its shorter path.
            return select_plain(&mut w.tree, idx, ctx.exploration, w.terms);
        }
        if ctx.rave.is_some() {
            w.sync_amaf();
        }
        if ctx.key.is_some() {
            w.sync_keys(ctx.max_slots);
        }
        select(
            &mut w.tree,
            idx,
            ctx.exploration,
            ctx.prior_weight,
            ctx.widening,
            Extras {
                rave: ctx.rave.map(|k| (w.amaf.as_slice(), k)),
                positions: ctx.key.map(|_| (w.keys.as_slice(), &w.positions)),
            },
        )
    }

    #[inline]
    fn counts_depth(_node: &ZsNode<G::Move>) -> bool {
        true
    }

    #[inline]
    fn enter<const PLAIN: bool>(
        w: &mut Worker<G::Move, ZeroSumData>,
        child: usize,
        state: &mut G,
        ctx: &Ctx<'_, G, P>,
    ) {
        // Each node knows its owner (the player who moved into it), so a move after which
        // the same player moves again (an extra turn) needs nothing special.
        let node = &w.tree[child];
        if !PLAIN && ctx.rave.is_some() {
            w.played.push((node.owner(), node.mv));
        }
        state.play(node.mv);
        if PLAIN {
            return;
        }
        if let Some(key) = ctx.key {
            w.keys[child] = key(state);
        }
    }

    #[inline]
    fn first_visit<const PLAIN: bool>(
        w: &mut Worker<G::Move, ZeroSumData>,
        child: usize,
        state: G,
        ctx: &Ctx<'_, G, P>,
        tally: &mut Tally,
    ) -> Result<(f64, bool), SearchError> {
        // The playout's first move generation tells whether the child is terminal.
        match w.run_playout(ctx.playout, state, !PLAIN && ctx.rave.is_some(), tally)? {
            Played::Over(r) => {
                let node = &mut w.tree[child];
                let v = finished_value(r, node.owner());
                node.set_bounds(v, v);
                node.set_expanded();
                Ok((r, true))
            }
            Played::Ran(r) => Ok((r, false)),
            Played::Abandoned => Ok((0.5, false)),
        }
    }

    #[inline]
    fn playout<const PLAIN: bool>(
        w: &mut Worker<G::Move, ZeroSumData>,
        ctx: &Ctx<'_, G, P>,
        state: G,
        tally: &mut Tally,
    ) -> Result<f64, SearchError> {
        Ok(
            match w.run_playout(ctx.playout, state, !PLAIN && ctx.rave.is_some(), tally)? {
                Played::Over(r) | Played::Ran(r) => r,
                Played::Abandoned => 0.5,
            },
        )
    }

    #[inline]
    fn prove(tree: &mut [ZsNode<G::Move>], idx: usize) -> bool {
        update_bounds(tree, idx)
    }

    #[inline]
    fn owner_rewards(reward: f64) -> [f32; 2] {
        [reward as f32, (1.0 - reward) as f32]
    }

    #[inline]
    fn owner_reward(owners: &[f32; 2], _s: &Scratch<G::Move>, node: &ZsNode<G::Move>) -> f32 {
        owners[usize::from(node.owner())]
    }

    #[inline]
    fn end<const PLAIN: bool>(
        w: &mut Worker<G::Move, ZeroSumData>,
        reward: f64,
        ctx: &Ctx<'_, G, P>,
    ) {
        if PLAIN {
            return;
        }
        if ctx.key.is_some() {
            // Every position on the path, from the leaf up, adds the visit.
            for &i in w.path.iter().rev() {
                w.positions.add(w.keys[i as usize], reward as f32);
            }
        }
        if ctx.rave.is_some() {
            w.sync_amaf();
            rave::update(&w.tree, &mut w.amaf, &w.path, &w.played, reward);
        }
    }
}

impl<G, P> Model<G, P> for ZeroSum
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    const KEEPS_GENERATORS: bool = true;

    fn check(engine: &Engine<G, P, Self>) -> Result<(), SearchError> {
        engine.check_two_player()
    }

    fn root(state: &G) -> Result<(Rules, u8), SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        search_core::check_root(state)?;
        Ok((Rules::two_player(), state.to_move().index() as u8))
    }

    fn follow(engine: &mut Engine<G, P, Self>, state: &G, running: &RunningBudget) -> bool {
        let mut path = Vec::new();
        let reusable = engine.reuse
            && match &engine.root {
                Some(r) if r == state => true,
                Some(r) => find_path(r, state, &mut path),
                None => false,
            };
        if reusable {
            // A tree-parallel search's tree is written back now (after a move, only the
            // subtree under it), as part of this search, and given up if its time runs
            // out or its flag is set meanwhile.
            let first = path.first().copied();
            for w in &mut engine.workers {
                if !w.settle(first, &mut || running.out_of_time()) {
                    return false;
                }
            }
            for &mv in path.iter().skip(1) {
                for w in &mut engine.workers {
                    w.advance(mv);
                }
            }
        }
        reusable
    }

    fn root_node(placeholder: G::Move, player: u8) -> ZsNode<G::Move> {
        // The root's owner is the player who moved into it: the opponent of the mover.
        Node::new(placeholder, 1 - player, 0.0)
    }

    fn run_threads(
        workers: &mut [Worker<G::Move, ZeroSumData>],
        state: &G,
        ctx: &Ctx<'_, G, P>,
        limits: &Limits<'_>,
        max_iterations: u64,
        cap: usize,
        shared: bool,
    ) -> Result<(), SearchError> {
        if shared {
            run_shared(workers, state, ctx, limits, max_iterations, cap)
        } else {
            run_workers::<G, P, Self>(workers, state, ctx, limits, max_iterations)
        }
    }

    fn choose(
        engine: &Engine<G, P, Self>,
        state: &G,
        _ctx: &Ctx<'_, G, P>,
    ) -> Result<Choice<G::Move>, SearchError> {
        choose(&engine.workers, state, engine.final_choice)
    }
}

impl<G: Game, P: Playout<G>> Rollout<G, P> for ZeroSum {
    type Reward = f64;

    #[inline]
    fn limit(policy: &P) -> u32 {
        policy
            .cutoff_plies()
            .unwrap_or(MAX_PLAYOUT_PLIES)
            .min(MAX_PLAYOUT_PLIES)
    }

    #[inline(always)]
    fn next(
        policy: &P,
        state: &G,
        rng: &mut SplitMix64,
        s: &mut Scratch<G::Move>,
        _rules: &Rules,
    ) -> Result<Option<G::Move>, SearchError> {
        Ok(if P::UNIFORM {
            state.random_move(rng, &mut s.moves)
        } else {
            policy.next_move(state, &mut s.moves, rng)
        })
    }

    /// The end of a playout whose state has no legal move: the first player's reward.
    #[inline]
    fn finished(state: &G, _s: &mut Scratch<G::Move>, _rules: &Rules) -> Result<f64, SearchError> {
        let outcome = state.outcome();
        if !outcome.is_over() {
            return Err(SearchError::NoLegalMoves);
        }
        Ok(first_player_reward(outcome))
    }

    /// The end of a playout cut off after `plies` plies: the game's result if it has
    /// ended, otherwise the policy's [`score`](Playout::score) (½ past
    /// [`MAX_PLAYOUT_PLIES`]).
    #[cold]
    fn cut_off(
        policy: &P,
        state: G,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
        plies: u32,
    ) -> Result<f64, SearchError> {
        s.moves.clear();
        state.legal_moves(&mut s.moves);
        if s.moves.is_empty() {
            return <Self as Rollout<G, P>>::finished(&state, s, rules);
        }
        if plies >= MAX_PLAYOUT_PLIES {
            return Ok(0.5);
        }
        let r = policy.score(&state);
        let r = if r.is_nan() { 0.5 } else { r.clamp(0.0, 1.0) };
        Ok(if state.to_move() == Player::First {
            r
        } else {
            1.0 - r
        })
    }
}
