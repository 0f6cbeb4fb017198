//! The move played once the search stops: the threads' root statistics merged, then a
//! proven win, else the move the [`FinalChoice`] rule prefers, never a proven loss while
//! another move is not one.

use search_core::{Game, Interval, SearchError};

use crate::result::{MoveStats, Value};
use crate::solver::wdl;
use crate::tree::{LOSS, WIN};
use crate::worker::Worker;

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

/// The merged root: the chosen move, the root's value and every root move's statistics,
/// most visited first.
pub(crate) struct Choice<M> {
    pub best_move: M,
    pub value: Value,
    pub moves: Vec<MoveStats<M>>,
}

/// One root move's statistics summed over the threads.
struct Acc<M> {
    mv: M,
    visits: u64,
    reward: f64,
    pess: i8,
    opt: i8,
    prior: f32,
    /// Opponent replies found not to lose (the most any thread found; `None` when no
    /// thread expanded the move).
    safe_replies: Option<usize>,
}

impl<M> Acc<M> {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

/// Merges the threads' root statistics for `state` and picks the move by `rule`.
pub(crate) fn choose<G: Game>(
    workers: &[Worker<G::Move>],
    state: &G,
    rule: FinalChoice,
) -> Result<Choice<G::Move>, SearchError> {
    let mover = state.to_move().index() as u8;
    let mut acc: Vec<Acc<G::Move>> = Vec::new();
    let mut root_value: Option<i8> = None;
    for w in workers {
        // With tree parallelism only the first worker holds the tree.
        let Some(root) = w.tree.first() else {
            continue;
        };
        if root.is_solved() {
            root_value = Some(if root.owner() == mover {
                root.pess()
            } else {
                -root.pess()
            });
        }
        for c in &w.tree[root.children()] {
            let safe = (c.expanded() && !c.is_solved() || c.num_children > 0).then(|| {
                w.tree[c.children()]
                    .iter()
                    .filter(|r| r.opt() > LOSS)
                    .count()
            });
            match acc.iter_mut().find(|a| a.mv == c.mv) {
                Some(a) => {
                    a.safe_replies = match (a.safe_replies, safe) {
                        (Some(x), Some(y)) => Some(x.min(y)),
                        (x, y) => x.or(y),
                    };
                    a.visits += u64::from(c.visits);
                    a.reward += f64::from(c.mean) * f64::from(c.visits);
                    a.pess = a.pess.max(c.pess());
                    a.opt = a.opt.min(c.opt());
                }
                None => acc.push(Acc {
                    mv: c.mv,
                    visits: u64::from(c.visits),
                    reward: f64::from(c.mean) * f64::from(c.visits),
                    pess: c.pess(),
                    opt: c.opt(),
                    prior: c.prior(),
                    safe_replies: safe,
                }),
            }
        }
    }
    // Candidates: proven wins first; never a proven loss unless every move is one.
    let any_win = acc.iter().any(|a| a.pess == WIN);
    let keep = |a: &Acc<G::Move>| match root_value {
        _ if any_win => a.pess == WIN,
        Some(v) => a.pess >= v,
        None => a.opt > LOSS || acc.iter().all(|b| b.opt == LOSS),
    };
    // Among moves proven to draw (or to lose), prefer the one that leaves the opponent
    // the largest share of replies proven to lose: against a fallible opponent it keeps
    // the most chances. Replies missing from the tree were dropped by the game's
    // `non_losing_moves` hook as losing at once.
    let trap_share = |a: &Acc<G::Move>| {
        let Some(safe) = a.safe_replies else {
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
            proven: (a.pess == a.opt).then(|| wdl(a.pess)),
            prior: a.prior,
        })
        .collect();
    moves.sort_by_key(|m| core::cmp::Reverse(m.visits));
    Ok(Choice {
        best_move,
        value,
        moves,
    })
}
