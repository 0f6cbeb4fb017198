//! [`Minimax`]: plain minimax to a fixed depth, the reference every other engine is checked
//! against.
//!
//! Written as the textbook `max-value` / `min-value` pair from the root player's point of
//! view (not as negamax), and without any pruning, table, ordering or game hook, so that it
//! shares no logic with the engines it checks. It visits every node of the tree to the
//! depth limit: use it for testing and teaching, [`Negamax`](crate::Negamax) for play.

use search_core::{
    Budget, BudgetField, Evaluator, Game, Outcome, Player, RunningBudget, Score, SearchError, Stats,
};

use crate::two_player::result::SearchResult;

/// Plain minimax with an evaluator at the depth horizon.
///
/// Scores are from the side to move at the root; decisive scores count plies from the root
/// (`win in 3`: the root player wins with its second move), exactly as every engine of the
/// crate reports them.
///
/// ```
/// use adversarial::Minimax;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Budget, Score};
///
/// let r = Minimax::new(OpenLines).with_budget(Budget::depth(9)).search(&TicTacToe::new()).unwrap();
/// assert_eq!(r.score, Some(Score::DRAW));
/// assert_eq!(r.stats.nodes, 549_946); // every node of the game tree
/// ```
#[derive(Clone, Debug)]
pub struct Minimax<E> {
    eval: E,
    budget: Budget,
}

struct Walk<'a, G: Game, E> {
    eval: &'a E,
    root_player: Player,
    budget: &'a RunningBudget,
    stats: Stats,
    aborted: bool,
    /// An ongoing state without legal moves was met (then `aborted` is set too).
    broken: bool,
    buffers: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
}

impl<E> Minimax<E> {
    /// The depth searched unless [`with_budget`](Minimax::with_budget) says otherwise.
    pub const DEFAULT_DEPTH: u32 = 8;

    /// A minimax engine with evaluator `eval`.
    ///
    /// ```
    /// let m = adversarial::Minimax::new(games::OpenLines);
    /// # let _ = m;
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Minimax {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
        }
    }

    /// The budget of every search (default: depth
    /// [`DEFAULT_DEPTH`](Minimax::DEFAULT_DEPTH)): depth, nodes, time and stop flag; without
    /// a depth limit the search goes to the end of the game. An iteration limit is refused
    /// when the search starts ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)):
    /// give a depth.
    ///
    /// ```
    /// use adversarial::Minimax;
    /// use search_core::Budget;
    /// let e = Minimax::new(games::OpenLines).with_budget(Budget::depth(3));
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
    /// assert_eq!(adversarial::Minimax::new(games::OpenLines).budget().max_depth(), Some(8));
    /// ```
    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Searches every line of `state` to the budget's depth (to the end of the game
    /// without a depth limit). Node and time limits and the stop flag interrupt it: the
    /// result is then marked incomplete, has no score, and its move is the best of the root
    /// moves finished.
    ///
    /// # Errors
    /// [`SearchError::GameOver`], [`SearchError::Budget`] (an invalid budget, or one with
    /// an iteration limit), and
    /// [`SearchError::NoLegalMoves`] for an ongoing state without legal moves, at the root
    /// or anywhere in the tree. (Written from the root player's point of view, minimax does
    /// not need the turn to pass with every move, so it does not check that.)
    ///
    /// ```
    /// use adversarial::Minimax;
    /// use games::{OpenLines, TicTacToe};
    /// use search_core::{Budget, Score};
    /// let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    /// let r = Minimax::new(OpenLines).with_budget(Budget::depth(3)).search(&g).unwrap();
    /// assert_eq!((r.best_move, r.score), (2, Some(Score::win_in(1))));
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
            "Minimax",
            &[BudgetField::Iterations],
            "use a depth: Minimax searches one depth once",
        )?;
        let running = self.budget.start()?;
        let depth = running.max_depth() as usize;
        let mut walk = Walk {
            eval: &self.eval,
            root_player: state.to_move(),
            budget: &running,
            stats: Stats::default(),
            aborted: false,
            broken: false,
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
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let v = walk.value(&mut child, depth - 1, 1);
            if walk.broken {
                return Err(SearchError::NoLegalMoves);
            }
            if walk.aborted {
                break;
            }
            if best.as_ref().is_none_or(|b| v > b.1) {
                let mut line = vec![mv];
                line.extend_from_slice(walk.pv.get(1).map_or(&[][..], |p| &p[..]));
                best = Some((mv, v, line));
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
    /// The value of `state` for the root player (max-value or min-value by whose turn it is).
    fn value(&mut self, state: &mut G, depth: usize, ply: usize) -> Score {
        self.stats.nodes += 1;
        if self.budget.poll(self.stats.nodes) {
            self.aborted = true;
            return Score::DRAW;
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
            self.pv.push(Vec::new());
        }
        self.pv[ply].clear();
        self.stats.max_ply = self.stats.max_ply.max(ply as u32);
        let plies = ply as u32;
        match state.outcome() {
            Outcome::Draw => {
                self.stats.leaves += 1;
                return Score::DRAW;
            }
            Outcome::Win(p) => {
                self.stats.leaves += 1;
                return if p == self.root_player {
                    Score::win_in(plies)
                } else {
                    Score::loss_in(plies)
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
            self.broken = true;
            self.aborted = true;
            return Score::DRAW;
        }
        let mut best = if maximizing {
            Score::NEG_INFINITY
        } else {
            Score::INFINITY
        };
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let v = self.value(&mut child, depth - 1, ply + 1);
            if self.aborted {
                break;
            }
            if (maximizing && v > best) || (!maximizing && v < best) {
                best = v;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
            }
        }
        self.buffers[ply] = moves;
        best
    }
}
