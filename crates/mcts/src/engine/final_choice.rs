//! The move played once the search stops: the threads' root statistics merged (for both
//! modes), then, in the two-player mode, a proven win, else the move the [`FinalChoice`]
//! rule prefers, never a proven loss while another move is not one. (The general mode's
//! rule is in `general.rs`.)

use search_core::{Game, Interval, SearchError};

use crate::engine::result::{MoveStats, Value};
use crate::parallel::worker::Worker;
use crate::tree::zero_sum::{LOSS, WIN, ZeroSumData, wdl};
use crate::tree::{Node, NodeData};

/// How the move is chosen once the search stops (after proven wins, which always come
/// first, and never a proven loss while some move is not one).
///
/// ```
/// use mcts::{FinalChoice, Mcts};
/// use games::TicTacToe;
/// let ai = Mcts::<TicTacToe>::new().with_final_choice(FinalChoice::BestMean);
/// assert_eq!(ai.final_choice(), FinalChoice::BestMean);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
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

/// The merged root: the chosen move, the root's value and every root move's statistics.
pub(crate) struct Choice<M> {
    pub best_move: M,
    pub value: Value,
    pub moves: Vec<MoveStats<M>>,
}

/// One root move's statistics summed over the threads, with what the mode adds.
pub(crate) struct Merged<M, X> {
    pub mv: M,
    pub visits: u64,
    /// The sum of the mover's rewards in `[0, 1]`.
    pub reward: f64,
    pub extra: X,
}

impl<M, X> Merged<M, X> {
    /// The mean reward (0 when never visited).
    pub(crate) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

/// The root moves of every worker's tree, summed by move in the order they are first met:
/// `extra` reads what the mode wants of a root child (given its tree) and `combine` merges
/// it into what the other threads found for the same move.
pub(crate) fn merge_roots<M: Copy + PartialEq, D: NodeData, X>(
    workers: &[Worker<M, D>],
    extra: impl Fn(&Node<M, D>, &[Node<M, D>]) -> X,
    combine: impl Fn(&mut X, X),
) -> Vec<Merged<M, X>> {
    let mut merged: Vec<Merged<M, X>> = Vec::new();
    for w in workers {
        // With tree parallelism only the first worker holds the tree.
        let Some(root) = w.tree.first() else {
            continue;
        };
        for c in &w.tree[root.children()] {
            let x = extra(c, &w.tree);
            let (visits, reward) = (u64::from(c.visits), f64::from(c.mean) * f64::from(c.visits));
            match merged.iter_mut().find(|a| a.mv == c.mv) {
                Some(a) => {
                    a.visits += visits;
                    a.reward += reward;
                    combine(&mut a.extra, x);
                }
                None => merged.push(Merged {
                    mv: c.mv,
                    visits,
                    reward,
                    extra: x,
                }),
            }
        }
    }
    merged
}

/// What the two-player mode merges of a root move beside its visits and rewards.
struct Proof {
    pess: i8,
    opt: i8,
    prior: f32,
    /// Opponent replies found not to lose (the most any thread found; `None` when no
    /// thread expanded the move).
    safe_replies: Option<usize>,
}

type Acc<M> = Merged<M, Proof>;

/// Merges the threads' root statistics for `state` and picks the move by `rule`.
pub(crate) fn choose<G: Game>(
    workers: &[Worker<G::Move, ZeroSumData>],
    state: &G,
    rule: FinalChoice,
) -> Result<Choice<G::Move>, SearchError> {
    let mover = state.to_move().index() as u8;
    let mut root_value: Option<i8> = None;
    for root in workers.iter().filter_map(|w| w.tree.first()) {
        if root.is_solved() {
            root_value = Some(if root.owner() == mover {
                root.pess()
            } else {
                -root.pess()
            });
        }
    }
    let proof = |c: &Node<G::Move, ZeroSumData>, tree: &[Node<G::Move, ZeroSumData>]| {
        let safe = (c.expanded() && !c.is_solved() || c.num_children > 0)
            .then(|| tree[c.children()].iter().filter(|r| r.opt() > LOSS).count());
        Proof {
            pess: c.pess(),
            opt: c.opt(),
            prior: c.prior(),
            safe_replies: safe,
        }
    };
    let combine = |a: &mut Proof, b: Proof| {
        a.safe_replies = match (a.safe_replies, b.safe_replies) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        a.pess = a.pess.max(b.pess);
        a.opt = a.opt.min(b.opt);
    };
    let acc = merge_roots(workers, proof, combine);
    // Candidates: proven wins first; never a proven loss unless every move is one.
    let any_win = acc.iter().any(|a| a.extra.pess == WIN);
    let keep = |a: &Acc<G::Move>| match root_value {
        _ if any_win => a.extra.pess == WIN,
        Some(v) => a.extra.pess >= v,
        None => a.extra.opt > LOSS || acc.iter().all(|b| b.extra.opt == LOSS),
    };
    // Among moves proven to draw (or to lose), prefer the one that leaves the opponent
    // the largest share of replies proven to lose: against a fallible opponent it keeps
    // the most chances. Replies missing from the tree were dropped by the game's
    // `non_losing_moves` hook as losing at once.
    let trap_share = |a: &Acc<G::Move>| {
        let Some(safe) = a.extra.safe_replies else {
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
        match rule {
            FinalChoice::MostVisits => (a.visits as f64, a.mean()),
            FinalChoice::BestMean => (if a.visits == 0 { -1.0 } else { a.mean() }, a.visits as f64),
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
        Some(v) => Value::Proven(wdl(v)),
        None => Value::Estimate(best.mean()),
    };
    let mut moves: Vec<MoveStats<G::Move>> = acc
        .iter()
        .map(|a| MoveStats {
            mv: a.mv,
            visits: a.visits,
            mean: a.mean(),
            interval: Interval::wilson(a.mean(), a.visits),
            proven: (a.extra.pess == a.extra.opt).then(|| wdl(a.extra.pess)),
            prior: a.extra.prior,
        })
        .collect();
    moves.sort_by_key(|m| core::cmp::Reverse(m.visits));
    Ok(Choice {
        best_move,
        value,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::zero_sum::ZsNode;
    use search_core::SplitMix64;

    /// A worker whose root has children with the given moves, visits and means.
    fn worker(children: &[(u8, u32, f32)]) -> Worker<u8, ZeroSumData> {
        let mut w = Worker::new(SplitMix64::new(0));
        w.tree.push(ZsNode::new(0, 1, 0.0));
        w.tree[0].first_child = 1;
        w.tree[0].num_children = children.len() as u16;
        for &(mv, visits, mean) in children {
            let mut c = ZsNode::new(mv, 0, 0.0);
            c.visits = visits;
            c.mean = mean;
            w.tree.push(c);
        }
        w
    }

    #[test]
    fn root_moves_are_summed_over_the_threads_in_the_order_met() {
        let a = worker(&[(3, 4, 0.5), (1, 2, 1.0)]);
        let b = worker(&[(1, 6, 0.0), (7, 1, 1.0)]);
        let empty = Worker::new(SplitMix64::new(1)); // a tree-parallel helper keeps none
        let merged = merge_roots(&[a, empty, b], |c, _| c.visits, |x, y| *x += y);
        let got: Vec<(u8, u64, f64, u32)> = merged
            .iter()
            .map(|m| (m.mv, m.visits, m.mean(), m.extra))
            .collect();
        assert_eq!(got, [(3, 4, 0.5, 4), (1, 8, 0.25, 8), (7, 1, 1.0, 1)]);
    }
}
