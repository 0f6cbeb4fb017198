//! The textbook walk behind [`Minimax`](crate::Minimax) and [`AlphaBeta`](crate::AlphaBeta):
//! the `max-value` / `min-value` pair of the Berkeley CS188 course notes, from the root
//! player's point of view (not as negamax), by copy-make, with no table, no ordering beyond
//! the game's generation order and no game hook. The pair is written as one function whose
//! two sides are chosen by whose turn it is (one function, not two that call each other,
//! which costs a call per node).
//!
//! `PRUNE` switches alpha-beta's cut-offs on ([`AlphaBeta`](crate::AlphaBeta)) or off
//! ([`Minimax`](crate::Minimax)): without them `alpha` and `beta` are never read, and the walk
//! is plain minimax, visiting every node to the depth limit. The two engines are the
//! references every other engine is checked against, so this walk shares no code with the
//! engines it checks (`searcher/`); the tests that compare `AlphaBeta` with `Minimax` check
//! the lines `PRUNE` adds. Both monomorphise separately, so `Minimax` pays nothing for the
//! switch.

use search_core::{
    Budget, BudgetField, ClockPacer, Evaluator, Game, Outcome, Player, RunningBudget, Score,
    SearchError, Stats,
};

use crate::two_player::result::SearchResult;

/// Searches `state` to the budget's depth (to the end of the game without a depth limit),
/// with alpha-beta pruning if `PRUNE`. `engine` and `advice` name the engine and what to use
/// instead when the budget has an iteration limit. Node and time limits and the stop flag
/// interrupt it: the result is then incomplete, has no score, and its move is the best of the
/// root moves finished.
pub(crate) fn search<G, E, const PRUNE: bool>(
    eval: &E,
    budget: &Budget,
    engine: &'static str,
    advice: &'static str,
    state: &G,
) -> Result<SearchResult<G::Move>, SearchError>
where
    G: Game,
    E: Evaluator<G>,
{
    if state.outcome().is_over() {
        return Err(SearchError::GameOver);
    }
    search_core::check_root(state)?;
    budget.refuse(engine, &[BudgetField::Iterations], advice)?;
    let running = budget.start()?;
    let depth = running.max_depth() as usize;
    let mut walk = Walk::<G, E, PRUNE> {
        eval,
        root_player: state.to_move(),
        budget: &running,
        pacer: running.pacer(),
        stats: Stats::default(),
        aborted: false,
        fault: None,
        buffers: Vec::new(),
        pv: Vec::new(),
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return Err(SearchError::NoLegalMoves);
    }
    walk.stats.nodes += 1;
    let mut best: Option<(G::Move, Score, Vec<G::Move>)> = None;
    // The root is a `max-value` node; without pruning its `alpha` is never read.
    let mut alpha = Score::NEG_INFINITY;
    for &mv in &moves {
        let mut child = state.clone();
        child.play(mv);
        let v = walk.value(&child, depth - 1, 1, alpha, Score::INFINITY);
        if let Some(fault) = walk.fault {
            return Err(fault);
        }
        if walk.aborted {
            break;
        }
        if best.as_ref().is_none_or(|b| v > b.1) {
            let mut line = vec![mv];
            line.extend_from_slice(walk.pv.get(1).map_or(&[][..], |p| &p[..]));
            best = Some((mv, v, line));
            alpha = alpha.max(v);
        }
    }
    walk.stats.elapsed = running.elapsed();
    walk.stats.depth_reached = if walk.aborted { 0 } else { depth as u32 };
    let complete = !walk.aborted;
    let (best_move, score, pv) = match best {
        Some((mv, score, pv)) => (mv, complete.then_some(score), pv),
        None => (moves[0], None, vec![moves[0]]),
    };
    Ok(SearchResult {
        best_move,
        score,
        pv,
        stats: walk.stats,
        complete,
    })
}

struct Walk<'a, G: Game, E, const PRUNE: bool> {
    eval: &'a E,
    root_player: Player,
    budget: &'a RunningBudget,
    /// When to read the budget's clock.
    pacer: ClockPacer,
    stats: Stats,
    aborted: bool,
    /// Why the walk stopped, if the game broke its contract (then `aborted` is set too).
    fault: Option<SearchError>,
    /// One move list per ply.
    buffers: Vec<Vec<G::Move>>,
    /// The principal variation below each ply.
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game, E: Evaluator<G>, const PRUNE: bool> Walk<'_, G, E, PRUNE> {
    /// The value of `state` for the root player: `max-value` where the root player is to
    /// move, `min-value` where the opponent is (whoever moves next, so a move that keeps the
    /// turn, an extra turn, is searched by the same side again). Written from the root
    /// player's point of view, the walk does not need the turn to pass with every move.
    /// With `PRUNE`, fail-soft within `(alpha, beta)`.
    fn value(
        &mut self,
        state: &G,
        depth: usize,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        self.stats.nodes += 1;
        if self.budget.poll_paced(self.stats.nodes, &mut self.pacer) {
            self.aborted = true;
            return Score::DRAW;
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.pv[ply].clear();
        self.stats.max_ply = self.stats.max_ply.max(ply as u32);
        match state.outcome() {
            Outcome::Draw => {
                self.stats.leaves += 1;
                return Score::DRAW;
            }
            Outcome::Win(p) => {
                self.stats.leaves += 1;
                return if p == self.root_player {
                    Score::win_in(ply as u32)
                } else {
                    Score::loss_in(ply as u32)
                };
            }
            Outcome::Ongoing => {}
        }
        let maximizing = state.to_move() == self.root_player;
        if depth == 0 {
            self.stats.leaves += 1;
            let v = self.eval.evaluate(state);
            return Score::heuristic(if maximizing { v } else { v.saturating_neg() });
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            // Ongoing without a move: a broken game.
            self.fault.get_or_insert(SearchError::NoLegalMoves);
            self.aborted = true;
            return Score::DRAW;
        }
        // max-value starts from the lowest value and keeps the highest child, min-value the
        // other way round.
        let mut v = if maximizing {
            Score::NEG_INFINITY
        } else {
            Score::INFINITY
        };
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let c = crate::stack::grow_if_low(ply + 1, || {
                self.value(&child, depth - 1, ply + 1, alpha, beta)
            });
            if self.aborted {
                break;
            }
            if (maximizing && c > v) || (!maximizing && c < v) {
                v = c;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
            }
            // Alpha-beta's cut-offs: max-value stops once it reaches beta, min-value once it
            // falls to alpha; each narrows its own side of the window.
            if PRUNE {
                if maximizing {
                    if v >= beta {
                        self.stats.beta_cutoffs += 1;
                        break;
                    }
                    alpha = alpha.max(v);
                } else {
                    if v <= alpha {
                        self.stats.beta_cutoffs += 1;
                        break;
                    }
                    beta = beta.min(v);
                }
            }
        }
        self.buffers[ply] = moves;
        v
    }
}
