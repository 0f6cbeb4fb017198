//! Iterative deepening on one thread: how [`Negamax`](crate::Negamax) drives the search
//! loop (`searcher.rs`) from the root.
//!
//! [`deepen`] runs the loop at depth 1, 2, 3... up to the budget's depth limit, passing each
//! iteration's best move to the next one, until the budget (depth, nodes, time, stop flag)
//! runs out or the value is proven (a forced win or loss, or the whole game tree searched).
//! It always answers with the best move of the last finished iteration.
//! [`deepen_every_move`] does the same for an analysis: at each depth it searches every
//! root move with an open window, so that each gets its exact value at that depth.

use search_core::{Evaluator, Game, Score, SplitMix64, Stats};

use crate::result::SearchResult;
use crate::searcher::{RootSearch, Searcher};
use crate::table::Transpositions;

/// What one thread's iterative deepening produced.
pub(crate) struct Deepening<M> {
    pub last: Option<RootSearch<M>>,
    pub partial: Option<M>,
    pub complete: bool,
}

impl<M: Copy> Deepening<M> {
    pub fn into_result<G: Game<Move = M>>(self, state: &G, stats: Stats) -> SearchResult<M> {
        match self.last.and_then(|r| r.best.map(|b| (b, r))) {
            Some((best, r)) => SearchResult {
                best_move: best,
                score: Some(r.score),
                pv: r.pv,
                stats,
                complete: self.complete,
            },
            None => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let best = self.partial.unwrap_or_else(|| {
                    let first = moves[0];
                    moves.iter().copied().fold(first, |a, m| {
                        if state.move_order_hint(m) > state.move_order_hint(a) {
                            m
                        } else {
                            a
                        }
                    })
                });
                SearchResult {
                    best_move: best,
                    score: None,
                    pv: vec![best],
                    stats,
                    complete: false,
                }
            }
        }
    }
}

/// Iterative deepening on one thread: depth 1..=`max_depth` (or `max_depth` alone).
pub(crate) fn deepen<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    state: &G,
    max_depth: u32,
    iterative: bool,
    mut ties: Option<&mut SplitMix64>,
) -> Deepening<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    let mut root = state.clone();
    let mut out = Deepening {
        last: None,
        partial: None,
        complete: false,
    };
    let first_depth = if iterative { 1 } else { max_depth };
    let game_bound = state.remaining_plies_bound();
    for depth in first_depth..=max_depth {
        let previous = out.last.as_ref().and_then(|r| r.best);
        let r = searcher.root(
            &mut root,
            depth,
            Score::NEG_INFINITY,
            Score::INFINITY,
            previous,
            ties.as_deref_mut(),
        );
        if searcher.aborted {
            if out.last.is_none() {
                out.partial = r.best;
            }
            break;
        }
        searcher.stats.iterations += 1;
        searcher.stats.depth_reached = depth;
        let proven = r.score.is_decisive() || game_bound.is_some_and(|b| b <= depth);
        out.last = Some(r);
        if proven || depth == max_depth {
            out.complete = true;
            break;
        }
    }
    out
}

/// The value of every root move at the deepest depth an analysis finished.
pub(crate) struct MoveValues<M> {
    /// The depth, counting the root move.
    pub depth: u32,
    /// Every legal root move with its value for the side to move at the root, best first.
    pub values: Vec<(M, Score)>,
}

/// Iterative deepening for an analysis, on one thread: at each depth every root move is
/// searched with an open window (so its value is exact at that depth, as plain minimax's),
/// best moves of the previous depth first. Stops at `max_depth`, when every value is
/// decisive or the whole game tree was searched, or when the budget runs out (then the last
/// finished depth answers; `None` if none finished).
pub(crate) fn deepen_every_move<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    state: &G,
    max_depth: u32,
    iterative: bool,
) -> Option<MoveValues<G::Move>>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    let mut root = state.clone();
    let mut moves = state.legal_move_list();
    moves.sort_by_key(|&m| core::cmp::Reverse(state.move_order_hint(m)));
    let first_depth = if iterative { 1 } else { max_depth };
    let game_bound = state.remaining_plies_bound();
    let mut last = None;
    let mut values = Vec::with_capacity(moves.len());
    for depth in first_depth..=max_depth {
        values.clear();
        searcher.stats.nodes += 1;
        for &mv in &moves {
            let v = searcher.move_value(&mut root, mv, depth);
            if searcher.aborted {
                break;
            }
            values.push((mv, v));
        }
        if searcher.aborted {
            break;
        }
        searcher.stats.iterations += 1;
        searcher.stats.depth_reached = depth;
        // A stable sort: equal values keep the previous order.
        values.sort_by_key(|v: &(G::Move, Score)| core::cmp::Reverse(v.1));
        moves.clear();
        moves.extend(values.iter().map(|v| v.0));
        let proven =
            values.iter().all(|v| v.1.is_decisive()) || game_bound.is_some_and(|b| b <= depth);
        last = Some(MoveValues {
            depth,
            values: values.clone(),
        });
        if proven || depth == max_depth {
            break;
        }
    }
    last
}
