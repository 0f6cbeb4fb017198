//! [`AlphaBeta`]: textbook alpha-beta pruning (fail-soft), in the `max-value` / `min-value`
//! form of the Berkeley CS188 course notes: minimax's value with far fewer nodes.
//!
//! No table, no ordering beyond the game's generation order, no hooks: the plain algorithm,
//! kept for teaching and as a second reference. [`Negamax`](crate::Negamax) is the same
//! pruning with everything that makes it fast.

use search_core::{
    Budget, BudgetField, Evaluator, Game, Outcome, Player, RunningBudget, Score, SearchError, Stats,
};

use crate::two_player::result::SearchResult;

/// Fail-soft alpha-beta to a fixed depth, from the root player's point of view.
///
/// ```
/// use adversarial::{AlphaBeta, Minimax};
/// use games::{OpenLines, TicTacToe};
/// use search_core::Budget;
///
/// let full = Minimax::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// let pruned = AlphaBeta::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// assert_eq!(full.score, pruned.score);
/// assert!(pruned.stats.nodes < full.stats.nodes / 10);
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta<E> {
    eval: E,
    budget: Budget,
}

struct Walk<'a, G: Game, E> {
    eval: &'a E,
    root_player: Player,
    budget: &'a RunningBudget,
    stats: Stats,
    aborted: bool,
    /// Why the walk stopped, if the game broke its contract (then `aborted` is set too).
    fault: Option<SearchError>,
    buffers: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
}

impl<E> AlphaBeta<E> {
    /// The depth searched unless [`with_budget`](AlphaBeta::with_budget) says otherwise.
    pub const DEFAULT_DEPTH: u32 = 8;

    /// An alpha-beta engine with evaluator `eval`.
    ///
    /// ```
    /// let a = adversarial::AlphaBeta::new(games::OpenLines);
    /// # let _ = a;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        AlphaBeta {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }

    /// The budget of every search (default: depth
    /// [`DEFAULT_DEPTH`](AlphaBeta::DEFAULT_DEPTH)): depth, nodes, time and stop flag; without
    /// a depth limit the search goes to the end of the game. An iteration limit is refused
    /// when the search starts ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)):
    /// give a depth.
    ///
    /// ```
    /// use adversarial::AlphaBeta;
    /// use search_core::Budget;
    /// let e = AlphaBeta::new(games::OpenLines).with_budget(Budget::depth(3));
    /// assert_eq!(e.budget().max_depth(), Some(3));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The budget of every search.
    ///
    /// ```
    /// assert_eq!(adversarial::AlphaBeta::new(games::OpenLines).budget().max_depth(), Some(8));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Searches `state` to the budget's depth (to the end without a depth limit); node and
    /// time limits and the stop flag interrupt it (the result is then incomplete, without a
    /// score).
    ///
    /// # Errors
    /// [`SearchError::GameOver`], [`SearchError::Budget`] (an invalid budget, or one with
    /// an iteration limit); for a broken game, wherever the
    /// search meets it, [`SearchError::NoLegalMoves`] (an ongoing state without moves).
    /// Games with extra turns are searched as they are: each node is `max-value` or
    /// `min-value` by whose turn it is, not by its depth.
    ///
    /// ```
    /// use adversarial::AlphaBeta;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::Budget;
    /// // O threatens 3-4-5; X to move must block at 5 (it cannot win at once).
    /// let g: TicTacToe = "X.. OO. X..".parse().unwrap();
    /// let r = AlphaBeta::new(OpenLines).with_budget(Budget::depth(4)).search(&g).unwrap();
    /// assert_eq!(r.best_move, 5);
    /// ```
    pub fn search<G>(&self, state: &G) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: Game,
        E: Evaluator<G>,
    {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        self.budget.refuse(
            "AlphaBeta",
            &[BudgetField::Iterations],
            "use a depth: AlphaBeta searches one depth once",
        )?;
        let running = self.budget.start()?;
        let depth = running.max_depth() as usize;
        let mut walk = Walk {
            eval: &self.eval,
            root_player: state.to_move(),
            budget: &running,
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
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    /// Common part of a node: counts, leaves. `Ok(moves)` to expand, `Err(value)` for a leaf.
    fn enter(&mut self, state: &G, depth: usize, ply: usize) -> Result<Vec<G::Move>, Score> {
        if self.aborted {
            return Err(Score::DRAW);
        }
        self.stats.nodes += 1;
        if self.budget.poll(self.stats.nodes) {
            self.aborted = true;
            return Err(Score::DRAW);
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
                return Err(Score::DRAW);
            }
            Outcome::Win(p) => {
                self.stats.leaves += 1;
                return Err(if p == self.root_player {
                    Score::win_in(ply as u32)
                } else {
                    Score::loss_in(ply as u32)
                });
            }
            Outcome::Ongoing => {}
        }
        if depth == 0 {
            self.stats.leaves += 1;
            let v = self.eval.evaluate(state);
            let mine = state.to_move() == self.root_player;
            return Err(Score::heuristic(if mine { v } else { v.saturating_neg() }));
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.fail(SearchError::NoLegalMoves);
            return Err(Score::DRAW);
        }
        Ok(moves)
    }

    fn fail(&mut self, fault: SearchError) {
        self.fault.get_or_insert(fault);
        self.aborted = true;
    }

    /// `max-value` where the root player is to move, `min-value` where the opponent is:
    /// whoever moves next, so a move that keeps the turn (an extra turn) is searched by the
    /// same side again.
    #[inline]
    fn value(&mut self, state: &G, depth: usize, ply: usize, alpha: Score, beta: Score) -> Score {
        if state.to_move() == self.root_player {
            self.max_value(state, depth, ply, alpha, beta)
        } else {
            self.min_value(state, depth, ply, alpha, beta)
        }
    }

    fn record(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// `max-value`: the root player moves.
    fn max_value(
        &mut self,
        state: &G,
        depth: usize,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let moves = match self.enter(state, depth, ply) {
            Ok(m) => m,
            Err(v) => return v,
        };
        let mut v = Score::NEG_INFINITY;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let c = self.value(&child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if c > v {
                v = c;
                self.record(ply, mv);
            }
            if v >= beta {
                self.stats.beta_cutoffs += 1;
                break;
            }
            alpha = alpha.max(v);
        }
        self.buffers[ply] = moves;
        v
    }

    /// `min-value`: the opponent moves.
    fn min_value(
        &mut self,
        state: &G,
        depth: usize,
        ply: usize,
        alpha: Score,
        mut beta: Score,
    ) -> Score {
        let moves = match self.enter(state, depth, ply) {
            Ok(m) => m,
            Err(v) => return v,
        };
        let mut v = Score::INFINITY;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let c = self.value(&child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if c < v {
                v = c;
                self.record(ply, mv);
            }
            if v <= alpha {
                self.stats.beta_cutoffs += 1;
                break;
            }
            beta = beta.min(v);
        }
        self.buffers[ply] = moves;
        v
    }
}
