//! The [`General`] mode: what the one search loop asks of it for any [`GeneralGame`]
//! (chance nodes, any number of players, turns in any order): expansion by turn, selection
//! and chance sampling, playouts through chance, proofs and rewards read per owner, and
//! the final move.
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
//!
//! Rewards are the game's, checked against its promises and normalised to `[0, 1]` by its
//! reward range; each node backs up the reward of its owner, and a node is proven for the
//! player who is sure to get the top of the range there.

use search_core::{GeneralGame, Interval, RunningBudget, SearchError, SplitMix64, Turn, Wdl};

use crate::engine::Engine;
use crate::engine::context::{Ctx, Limits, Scratch, Tally};
use crate::engine::final_choice::{Choice, merge_roots};
use crate::engine::mode::General;
use crate::engine::result::{MoveStats, Value};
use crate::engine::rules::{Rules, check_outcomes, draw_outcome, sample_index, too_many};
use crate::engine::search::Model;
use crate::parallel::threads::run_workers;
use crate::parallel::worker::{Steps, Worker};
use crate::steps::expansion::root_too_big;
use crate::steps::playout::{MAX_PLAYOUT_PLIES, Played, Playout, Rollout, run_playout};
use crate::steps::selection::best_uct;
use crate::tree::general::{GNode, GeneralData, Kind, NOBODY, prove};
use crate::tree::{Node, reserve_within, terms};

/// The child of the player's node `tree[idx]` to descend into: the proven one if the
/// mover is proven to get the top there, else an unvisited one, else the best UCT score.
#[inline]
fn select_move<M: Copy>(tree: &mut [GNode<M>], idx: usize, c: f64, table: &[[f32; 2]]) -> usize {
    let node = tree[idx];
    let range = node.children();
    let first = range.start;
    let mover = tree[first].data.owner;
    if node.data.top == mover {
        if let Some(k) = tree[range.clone()].iter().position(|c| c.data.top == mover) {
            return first + k;
        }
    }
    if node.next_unvisited < node.num_children {
        tree[idx].next_unvisited += 1;
        return first + usize::from(node.next_unvisited);
    }
    let explore = c as f32 * terms(table, node.visits)[1];
    first + best_uct(&tree[range], |_| true, explore).unwrap_or(0)
}

/// A playout from `state` (played to the end), counted when it played a ply: what it came
/// to, the normalised rewards left in `w.scratch.norm`.
#[inline]
fn counted_playout<G: GeneralGame, P: Playout<G>>(
    w: &mut Worker<G::Move, GeneralData>,
    ctx: &Ctx<'_, G, P>,
    state: G,
    tally: &mut Tally,
) -> Result<Played<()>, SearchError> {
    let (rng, s, rules) = (&mut w.rng, &mut w.scratch, &ctx.rules);
    let played =
        run_playout::<G, P, General, ()>(ctx.playout, state, rng, s, rules, &mut (), tally)?;
    if let Played::Ran(()) = played {
        w.playouts += 1;
    }
    Ok(played)
}

impl<G, P> Steps<G, P> for General
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    type Reward = ();
    type Owners = ();

    const RETRIES_WHEN_FULL: bool = false;

    fn prepare(
        w: &mut Worker<G::Move, GeneralData>,
        _root: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<(), SearchError> {
        let s = &mut w.scratch;
        s.raw.clear();
        s.raw.resize(ctx.rules.players, 0.0);
        s.norm.clear();
        s.norm.resize(ctx.rules.players, 0.0);
        Ok(())
    }

    #[inline]
    fn root_settled(root: &GNode<G::Move>, ctx: &Ctx<'_, G, P>) -> bool {
        root.data.top == ctx.player
    }

    fn expand(
        w: &mut Worker<G::Move, GeneralData>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
        is_root: bool,
    ) -> Result<bool, SearchError> {
        let (tree, s, cap) = (&mut w.tree, &mut w.scratch, ctx.expansion.cap);
        let owner = tree[idx].data.owner;
        let first = tree.len();
        let fits = |n: usize| {
            if first + n <= cap {
                Ok(true)
            } else if is_root {
                Err(root_too_big(cap, n))
            } else {
                Ok(false)
            }
        };
        let (kind, count) = match state.turn() {
            Turn::Over => {
                state.rewards(&mut s.raw);
                tree[idx].data.top = ctx.rules.score(&s.raw, &mut s.norm)?;
                tree[idx].data.kind = Kind::Over;
                return Ok(true);
            }
            Turn::Player(p) => {
                let mover = ctx.rules.mover(p)?;
                s.moves.clear();
                state.moves(&mut s.moves);
                let n = s.moves.len();
                if n == 0 {
                    return Err(SearchError::NoLegalMoves);
                }
                too_many(n)?;
                if !fits(n)? {
                    return Ok(false);
                }
                reserve_within(tree, n, cap);
                // A random order: the unvisited children are tried in this order.
                for i in (1..n).rev() {
                    s.moves.swap(i, w.rng.below(i + 1));
                }
                tree.extend(s.moves.iter().map(|&mv| Node::general(mv, mover, 0.0)));
                (Kind::Player, n)
            }
            Turn::Chance => {
                s.outcomes.clear();
                state.chance_outcomes(&mut s.outcomes);
                check_outcomes(&s.outcomes)?;
                let n = s.outcomes.len();
                too_many(n)?;
                if !fits(n)? {
                    return Ok(false);
                }
                reserve_within(tree, n, cap);
                tree.extend(
                    s.outcomes
                        .iter()
                        .map(|&(mv, p)| Node::general(mv, owner, p as f32)),
                );
                (Kind::Chance, n)
            }
        };
        let node = &mut tree[idx];
        node.first_child = first as u32;
        node.num_children = count as u16;
        node.data.kind = kind;
        Ok(true)
    }

    #[inline]
    fn begin<const PLAIN: bool>(_w: &mut Worker<G::Move, GeneralData>, _ctx: &Ctx<'_, G, P>) {}

    #[inline]
    fn settled(
        w: &mut Worker<G::Move, GeneralData>,
        idx: usize,
        state: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<Option<()>, SearchError> {
        if w.tree[idx].data.kind != Kind::Over {
            return Ok(None);
        }
        let s = &mut w.scratch;
        state.rewards(&mut s.raw);
        ctx.rules.score(&s.raw, &mut s.norm)?;
        Ok(Some(()))
    }

    #[inline]
    fn is_proven(node: &GNode<G::Move>) -> bool {
        node.data.top != NOBODY
    }

    #[inline]
    fn select<const PLAIN: bool>(
        w: &mut Worker<G::Move, GeneralData>,
        idx: usize,
        ctx: &Ctx<'_, G, P>,
    ) -> Option<usize> {
        let node = w.tree[idx];
        if node.data.kind == Kind::Chance {
            let u = w.rng.next_f64();
            let outcomes = w.tree[node.children()]
                .iter()
                .map(|c| f64::from(c.data.prob));
            Some(node.first_child as usize + sample_index(outcomes, u))
        } else {
            Some(select_move(&mut w.tree, idx, ctx.exploration, w.terms))
        }
    }

    #[inline]
    fn counts_depth(node: &GNode<G::Move>) -> bool {
        node.data.kind == Kind::Player
    }

    #[inline]
    fn enter<const PLAIN: bool>(
        w: &mut Worker<G::Move, GeneralData>,
        child: usize,
        state: &mut G,
        _ctx: &Ctx<'_, G, P>,
    ) {
        state.apply(w.tree[child].mv);
    }

    fn first_visit<const PLAIN: bool>(
        w: &mut Worker<G::Move, GeneralData>,
        child: usize,
        state: G,
        ctx: &Ctx<'_, G, P>,
        tally: &mut Tally,
    ) -> Result<((), bool), SearchError> {
        if counted_playout(w, ctx, state, tally)? != Played::Over(()) {
            return Ok(((), false));
        }
        // A playout that ends at once found a finished game.
        let s = &mut w.scratch;
        let node = &mut w.tree[child];
        node.data.kind = Kind::Over;
        node.data.top = ctx.rules.score(&s.raw, &mut s.norm)?;
        Ok(((), node.data.top != NOBODY))
    }

    fn playout<const PLAIN: bool>(
        w: &mut Worker<G::Move, GeneralData>,
        ctx: &Ctx<'_, G, P>,
        state: G,
        tally: &mut Tally,
    ) -> Result<(), SearchError> {
        counted_playout(w, ctx, state, tally).map(|_| ())
    }

    #[inline]
    fn prove(tree: &mut [GNode<G::Move>], idx: usize) -> bool {
        prove(tree, idx)
    }

    #[inline]
    fn owner_rewards(_reward: ()) {}

    #[inline]
    fn owner_reward(_owners: &(), s: &Scratch<G::Move>, node: &GNode<G::Move>) -> f32 {
        s.norm[usize::from(node.data.owner)] as f32
    }

    #[inline]
    fn end<const PLAIN: bool>(
        _w: &mut Worker<G::Move, GeneralData>,
        _reward: (),
        _ctx: &Ctx<'_, G, P>,
    ) {
    }
}

impl<G, P> Model<G, P> for General
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    const KEEPS_GENERATORS: bool = false;

    fn check(engine: &Engine<G, P, Self>) -> Result<(), SearchError> {
        if engine.playout.cutoff_plies().is_some() {
            return Err(SearchError::Config(
                "a playout cut-off scores the side to move of a two-player game: GeneralMcts \
                 plays every playout to the end"
                    .into(),
            ));
        }
        Ok(())
    }

    fn root(state: &G) -> Result<(Rules, u8), SearchError> {
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
        Ok((rules, player))
    }

    /// Only between the slices of an observed search (of the same position).
    fn follow(engine: &mut Engine<G, P, Self>, _state: &G, _running: &RunningBudget) -> bool {
        core::mem::take(&mut engine.continue_tree)
    }

    fn root_node(placeholder: G::Move, player: u8) -> GNode<G::Move> {
        Node::general(placeholder, player, 0.0)
    }

    fn run_threads(
        workers: &mut [Worker<G::Move, GeneralData>],
        state: &G,
        ctx: &Ctx<'_, G, P>,
        limits: &Limits<'_>,
        max_iterations: u64,
        _cap: usize,
        _shared: bool,
    ) -> Result<(), SearchError> {
        run_workers::<G, P, Self>(workers, state, ctx, limits, max_iterations)
    }

    fn choose(
        engine: &Engine<G, P, Self>,
        _state: &G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<Choice<G::Move>, SearchError> {
        let player = ctx.player;
        let merged = merge_roots(&engine.workers, |c, _| c.data.top == player, |a, b| *a |= b);
        let mut moves: Vec<MoveStats<G::Move>> = merged
            .into_iter()
            .map(|m| {
                let mean = m.mean();
                MoveStats {
                    mv: m.mv,
                    visits: m.visits,
                    mean,
                    interval: Interval::wilson(mean, m.visits),
                    proven: m.extra.then_some(Wdl::Win),
                    prior: 0.0,
                }
            })
            .collect();
        // Most visited first; a proven move ahead of all.
        moves.sort_by(|a, b| {
            b.proven
                .is_some()
                .cmp(&a.proven.is_some())
                .then(b.visits.cmp(&a.visits))
                .then(b.mean.total_cmp(&a.mean))
        });
        let best = moves.first().ok_or(SearchError::NoLegalMoves)?;
        Ok(Choice {
            best_move: best.mv,
            value: match best.proven {
                Some(p) => Value::Proven(p),
                None => Value::Estimate(best.mean),
            },
            moves,
        })
    }
}

impl<G: GeneralGame, P: Playout<G>> Rollout<G, P> for General {
    type Reward = ();

    fn limit(_policy: &P) -> u32 {
        MAX_PLAYOUT_PLIES
    }

    #[inline]
    fn next(
        policy: &P,
        state: &G,
        rng: &mut SplitMix64,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
    ) -> Result<Option<G::Move>, SearchError> {
        match state.turn() {
            Turn::Over => Ok(None),
            Turn::Player(p) => {
                rules.mover(p)?;
                let mv = policy.next_move(state, &mut s.moves, rng);
                mv.map(Some).ok_or(SearchError::NoLegalMoves)
            }
            Turn::Chance => draw_outcome(state, &mut s.outcomes, rng).map(Some),
        }
    }

    fn finished(state: &G, s: &mut Scratch<G::Move>, rules: &Rules) -> Result<(), SearchError> {
        state.rewards(&mut s.raw);
        rules.score(&s.raw, &mut s.norm)?;
        Ok(())
    }

    /// Only past [`MAX_PLAYOUT_PLIES`] (the mode refuses policies with a cut-off): a game
    /// that has not ended scores every player the middle of the range.
    fn cut_off(
        _policy: &P,
        state: G,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
        _plies: u32,
    ) -> Result<(), SearchError> {
        if state.turn() == Turn::Over {
            return <Self as Rollout<G, P>>::finished(&state, s, rules);
        }
        s.norm.fill(0.5);
        Ok(())
    }
}
