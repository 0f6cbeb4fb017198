//! Iterative deepening on one thread: how [`Negamax`](crate::Negamax) drives the search
//! loop (`two_player/searcher/`) from the root.
//!
//! [`deepen`] runs the loop at depth 1, 2, 3... up to the budget's depth limit, passing each
//! iteration's best move to the next one, until the budget (depth, nodes, time, stop flag)
//! runs out or the value is proven (a forced win or loss, or the whole game tree searched).
//! It always answers with the best move of the last finished iteration.
//! [`deepen_every_move`] does the same for an analysis: at each depth it searches every
//! root move with an open window, so that each gets its exact value at that depth.
//!
//! How each depth's root window is chosen is a [`RootWindow`]: the full window; an
//! aspiration window around the previous depth's value, re-searched with the failing side
//! opened when the value falls outside it; or MTD(f), a sequence of null-window searches
//! converging on the value from the previous depth's value, each one reusing what the
//! table learned in the ones before. All three find the same value at each depth.

use search_core::{Evaluator, Game, Score, SplitMix64, Stats};

use crate::tables::transpositions::Transpositions;
use crate::two_player::result::SearchResult;
use crate::two_player::searcher::Searcher;
use crate::two_player::searcher::root::RootSearch;
use crate::two_player::window::{next_down, next_up};

/// How [`deepen`] chooses the root window at each depth.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum RootWindow {
    /// `(-infinity, +infinity)`.
    Full,
    /// The previous depth's value ± this half-width (when that value is a heuristic one);
    /// a value outside it is searched again with the failing side opened.
    Aspiration(u32),
    /// MTD(f): null-window searches from the previous depth's value until the bounds meet.
    Mtdf,
}

/// The root searched within `guess` ± `half_width`, then again with the failing side opened
/// if the value falls outside: the same value as a full-window search.
fn aspiration<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    root: &mut G,
    depth: u32,
    guess: Score,
    half_width: u32,
    first: Option<G::Move>,
    mut ties: Option<&mut SplitMix64>,
) -> RootSearch<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    let w = i32::try_from(half_width).unwrap_or(i32::MAX);
    let mut alpha = Score::from_raw(guess.raw().saturating_sub(w));
    let mut beta = Score::from_raw(guess.raw().saturating_add(w));
    loop {
        let r = searcher.root(root, depth, alpha, beta, first, ties.as_deref_mut());
        if searcher.aborted {
            return r;
        }
        if r.score <= alpha && alpha > Score::NEG_INFINITY {
            alpha = Score::NEG_INFINITY;
        } else if r.score >= beta && beta < Score::INFINITY {
            beta = Score::INFINITY;
        } else {
            return r;
        }
    }
}

/// MTD(f) at one depth: null-window root searches, each at `beta = max(g, lower + 1)` where
/// `g` is the last value found (at first `guess`), until the proven lower and upper bounds
/// meet. The answer is the last search that failed high (its move reaches the value); with
/// `ties`, one more search with a window one unit wide around the value finds every move
/// that reaches it, to choose among them.
fn mtdf<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    root: &mut G,
    depth: u32,
    guess: Score,
    mut first: Option<G::Move>,
    ties: Option<&mut SplitMix64>,
) -> RootSearch<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    let (mut lower, mut upper) = (Score::NEG_INFINITY, Score::INFINITY);
    let mut g = guess;
    let mut proven: Option<RootSearch<G::Move>> = None;
    while lower < upper {
        let beta = if g > lower { g } else { next_up(lower) };
        let r = searcher.root(root, depth, next_down(beta), beta, first, None);
        if searcher.aborted {
            return proven.unwrap_or(r);
        }
        g = r.score;
        if g < beta {
            upper = g;
        } else {
            lower = g;
            first = r.best;
            proven = Some(r);
        }
    }
    let proven = proven.expect("the lower bound only rises by a search that failed high");
    match ties {
        Some(rng) => {
            let r = searcher.root(
                root,
                depth,
                next_down(lower),
                next_up(lower),
                first,
                Some(rng),
            );
            if searcher.aborted { proven } else { r }
        }
        None => proven,
    }
}

/// What one thread's iterative deepening produced.
pub(crate) struct Deepening<M> {
    pub last: Option<RootSearch<M>>,
    pub partial: Option<M>,
    pub complete: bool,
}

impl<M: Copy> Deepening<M> {
    pub(crate) fn into_result<G: Game<Move = M>>(self, state: &G, stats: Stats) -> SearchResult<M> {
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

/// What [`deepen`] tells its observer after each finished depth: that depth's root search
/// and the thread's counters (with `depth_reached` set to the depth).
pub(crate) type DepthObserver<'o, M> = &'o mut dyn FnMut(&RootSearch<M>, &Stats);

/// Iterative deepening on one thread: depth 1..=`max_depth` (or `max_depth` alone).
pub(crate) fn deepen<G, E, T>(
    searcher: &mut Searcher<'_, G, E, T>,
    state: &G,
    max_depth: u32,
    iterative: bool,
    mut ties: Option<&mut SplitMix64>,
    window: RootWindow,
    mut observer: Option<DepthObserver<'_, G::Move>>,
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
        let guess = out.last.as_ref().map(|r| r.score);
        let r = match (window, guess) {
            (RootWindow::Aspiration(w), Some(g)) if !g.is_decisive() => aspiration(
                searcher,
                &mut root,
                depth,
                g,
                w,
                previous,
                ties.as_deref_mut(),
            ),
            (RootWindow::Mtdf, g) => mtdf(
                searcher,
                &mut root,
                depth,
                g.unwrap_or(Score::DRAW),
                previous,
                ties.as_deref_mut(),
            ),
            _ => searcher.root(
                &mut root,
                depth,
                Score::NEG_INFINITY,
                Score::INFINITY,
                previous,
                ties.as_deref_mut(),
            ),
        };
        if searcher.aborted {
            if out.last.is_none() {
                out.partial = r.best;
            }
            break;
        }
        searcher.stats.iterations += 1;
        searcher.stats.depth_reached = depth;
        let proven = r.score.is_decisive() || game_bound.is_some_and(|b| b <= depth);
        if let Some(observe) = observer.as_deref_mut() {
            observe(&r, &searcher.stats);
        }
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
            let v = searcher.move_value(&mut root, mv, depth, Score::NEG_INFINITY, Score::INFINITY);
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
