//! The [`General`] mode: what the one search loop does for any [`GeneralGame`] (chance
//! nodes, any number of players, turns in any order).
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

use search_core::{GeneralGame, Interval, SearchError, SplitMix64, Turn, Wdl};

use crate::engine::Engine;
use crate::expansion::root_too_big;
use crate::final_choice::{Choice, merge_roots};
use crate::mode::{General, Model};
use crate::playout::{MAX_PLAYOUT_PLIES, Playout, Rollout, run_playout};
use crate::result::{MoveStats, Value};
use crate::selection::best_uct;
use crate::threads::run_workers;
use crate::tree::{Node, NodeData, reserve_within, terms};
use crate::worker::{Ctx, Limits, Scratch, Worker};

/// No player is proven to get the top of the reward range at a node.
const NOBODY: u8 = u8::MAX;

/// The most players the engine handles (a player index is stored in a byte).
const MAX_PLAYERS: usize = NOBODY as usize;

/// What a node is, once it was expanded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Not expanded yet.
    Leaf,
    /// A player chooses among the children.
    Player,
    /// Chance chooses among the children, by their probabilities.
    Chance,
    /// The game is over here.
    Over,
}

/// What a [`General`] node keeps beside its statistics.
#[derive(Copy, Clone, Debug)]
pub struct GeneralData {
    /// The probability of this outcome, for a child of a chance node (else 0).
    prob: f32,
    /// The player whose reward the mean is: the one who moved into the node; an outcome of
    /// a chance node inherits the chance node's.
    owner: u8,
    /// The player proven to get the top of the reward range here, or `NOBODY`.
    top: u8,
    kind: Kind,
}

impl NodeData for GeneralData {
    #[inline]
    fn owner(&self) -> u8 {
        self.owner
    }

    #[inline]
    fn expanded(&self) -> bool {
        self.kind != Kind::Leaf
    }
}

/// A node of a [`General`] tree.
type GNode<M> = Node<M, GeneralData>;

impl<M: Copy> Node<M, GeneralData> {
    /// An unvisited leaf owned by `owner`, reached with probability `prob` (0 for a
    /// player's move).
    fn general(mv: M, owner: u8, prob: f32) -> Self {
        Node::with_data(
            mv,
            GeneralData {
                prob,
                owner,
                top: NOBODY,
                kind: Kind::Leaf,
            },
        )
    }
}

/// The reward range and declared sum of the searched game, and the player count.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Rules {
    players: usize,
    pub low: f64,
    pub high: f64,
    sum: Option<f64>,
}

impl Rules {
    /// The rules of every two-player [`Game`](search_core::Game): rewards 1, 0 and -1,
    /// zero-sum.
    pub(crate) fn two_player() -> Self {
        Rules {
            players: 2,
            low: -1.0,
            high: 1.0,
            sum: Some(0.0),
        }
    }

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
                engine: "GeneralMcts",
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
/// [`GeneralMcts`](crate::GeneralMcts)); `true` if it became proven.
fn prove<M: Copy>(tree: &mut [GNode<M>], idx: usize) -> bool {
    let node = tree[idx];
    if node.data.top != NOBODY || node.num_children == 0 {
        return false;
    }
    let children = &tree[node.children()];
    let mover = children[0].data.owner;
    let top = if node.data.kind == Kind::Player && children.iter().any(|c| c.data.top == mover) {
        mover
    } else {
        let q = children[0].data.top;
        if children.iter().all(|c| c.data.top == q) {
            q
        } else {
            NOBODY
        }
    };
    tree[idx].data.top = top;
    top != NOBODY
}

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

impl<G, P> Model<G, P> for General
where
    G: GeneralGame + Send,
    G::Move: Send,
    P: Playout<G> + Sync,
{
    type Reward = ();

    const RETRIES_WHEN_FULL: bool = false;

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

    fn follow(_engine: &mut Engine<G, P, Self>, _state: &G) -> bool {
        false
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
    fn begin(_w: &mut Worker<G::Move, GeneralData>, _ctx: &Ctx<'_, G, P>) {}

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
    fn select(
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
    fn enter(
        w: &mut Worker<G::Move, GeneralData>,
        child: usize,
        state: &mut G,
        _ctx: &Ctx<'_, G, P>,
    ) {
        state.apply(w.tree[child].mv);
    }

    fn first_visit(
        w: &mut Worker<G::Move, GeneralData>,
        child: usize,
        state: &mut G,
        ctx: &Ctx<'_, G, P>,
    ) -> Result<((), bool), SearchError> {
        let ((), plies) = run_playout::<G, P, Self, ()>(
            ctx.playout,
            state,
            &mut w.rng,
            &mut w.scratch,
            &ctx.rules,
            &mut (),
        )?;
        if plies > 0 {
            w.playouts += 1;
            return Ok(((), false));
        }
        // A playout that ends at once found a finished game.
        let s = &mut w.scratch;
        let node = &mut w.tree[child];
        node.data.kind = Kind::Over;
        node.data.top = ctx.rules.score(&s.raw, &mut s.norm)?;
        Ok(((), node.data.top != NOBODY))
    }

    fn playout(
        w: &mut Worker<G::Move, GeneralData>,
        ctx: &Ctx<'_, G, P>,
        state: &mut G,
    ) -> Result<(), SearchError> {
        let ((), plies) = run_playout::<G, P, Self, ()>(
            ctx.playout,
            state,
            &mut w.rng,
            &mut w.scratch,
            &ctx.rules,
            &mut (),
        )?;
        if plies > 0 {
            w.playouts += 1;
        }
        Ok(())
    }

    #[inline]
    fn prove(tree: &mut [GNode<G::Move>], idx: usize) -> bool {
        prove(tree, idx)
    }

    #[inline]
    fn owner_reward(w: &Worker<G::Move, GeneralData>, _reward: (), idx: usize) -> f32 {
        w.scratch.norm[usize::from(w.tree[idx].data.owner)] as f32
    }

    #[inline]
    fn visited(_w: &mut Worker<G::Move, GeneralData>, _i: usize, _r: (), _ctx: &Ctx<'_, G, P>) {}

    #[inline]
    fn end(_w: &mut Worker<G::Move, GeneralData>, _reward: (), _ctx: &Ctx<'_, G, P>) {}
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
            Turn::Chance => {
                s.outcomes.clear();
                state.chance_outcomes(&mut s.outcomes);
                let total = check_outcomes(&s.outcomes)?;
                let u = rng.next_f64() * total;
                let k = sample_index(s.outcomes.iter().map(|o| o.1), u);
                Ok(Some(s.outcomes[k].0))
            }
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
        state: &G,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
        _plies: u32,
    ) -> Result<(), SearchError> {
        if state.turn() == Turn::Over {
            return <Self as Rollout<G, P>>::finished(state, s, rules);
        }
        s.norm.fill(0.5);
        Ok(())
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
        let mut t = vec![GNode::general(0u8, 1, 0.0)];
        t[0].data.kind = Kind::Player;
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(GNode::general(1, 0, 0.0));
        t.push(GNode::general(2, 0, 0.0));
        assert!(!prove(&mut t, 0));
        t[2].data.top = 1; // player 1 wins after this move: not a proof for anyone at the node
        assert!(!prove(&mut t, 0));
        t[1].data.top = 0; // the mover can reach the top
        assert!(prove(&mut t, 0));
        assert_eq!(t[0].data.top, 0);
        let mut c = vec![GNode::general(0u8, 1, 0.0)];
        c[0].data.kind = Kind::Chance;
        c[0].first_child = 1;
        c[0].num_children = 2;
        c.push(GNode::general(1, 1, 0.5));
        c.push(GNode::general(2, 1, 0.5));
        c[1].data.top = 1;
        assert!(!prove(&mut c, 0), "one outcome is not enough");
        c[2].data.top = 1;
        assert!(prove(&mut c, 0));
        assert_eq!(c[0].data.top, 1);
    }

    #[test]
    fn rewards_are_checked_and_normalised() {
        let rules = Rules {
            players: 3,
            low: -1.0,
            high: 2.0,
            sum: Some(1.0),
        };
        let mut norm = [0.0; 3];
        assert_eq!(rules.score(&[2.0, -1.0, 0.0], &mut norm), Ok(0));
        assert_eq!(norm, [1.0, 0.0, 1.0 / 3.0]);
        assert_eq!(rules.score(&[0.5, 0.5, 0.0], &mut norm), Ok(NOBODY));
        assert!(
            rules.score(&[3.0, -1.0, -1.0], &mut norm).is_err(),
            "out of range"
        );
        assert!(
            rules.score(&[0.0, 0.0, 0.0], &mut norm).is_err(),
            "wrong sum"
        );
        assert!(rules.mover(2).is_ok() && rules.mover(3).is_err());
    }

    #[test]
    fn general_nodes_are_no_larger_than_before() {
        assert_eq!(core::mem::size_of::<GNode<u8>>(), 32);
    }
}
