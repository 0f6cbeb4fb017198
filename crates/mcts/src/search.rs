//! [`Mcts::search`]: checking the request, finding the kept tree's place (tree reuse),
//! running the threads and reading the result; [`Mcts::advance`] to follow a move.

use std::sync::atomic::AtomicBool;

use search_core::{
    Budget, BudgetError, BudgetField, Game, IllegalMoveError, SearchError, SplitMix64, Stats,
};

use crate::expansion::{Expansion, reserve_within};
use crate::final_choice::choose;
use crate::mcts::{Mcts, Parallelism};
use crate::playout::Playout;
use crate::rave::Amaf;
use crate::result::SearchResult;
use crate::selection::Widening;
use crate::shared::run_shared;
use crate::threads::run_workers;
use crate::transpositions::Slot;
use crate::tree::Node;
use crate::worker::{Ctx, Limits, Worker};

/// The engine's name in budget errors.
const ENGINE: &str = "Mcts";

impl<G, P> Mcts<G, P>
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
    P: Playout<G> + Sync,
{
    /// Searches `state` within the budget and returns the chosen move with the root's
    /// value, per-move statistics and counters. The kept tree is reused when it belongs to
    /// this position (or to one up to two plies before it).
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game. [`SearchError::Budget`] for a budget
    /// the engine cannot use: zero iterations or time
    /// ([`BudgetError::ZeroIterations`]...), a node limit
    /// ([`BudgetError::Unsupported`]: bound the tree with
    /// [`with_node_cap`](Mcts::with_node_cap)), or a depth limit with nothing that would
    /// end the search ([`BudgetError::NeverStops`]); see [`with_budget`](Mcts::with_budget).
    /// [`SearchError::Config`] for an invalid option (exploration constant NaN or negative,
    /// zero threads, a node cap too small for the root's moves). A broken game, wherever
    /// the search meets it (in the tree or in a playout): [`SearchError::NoLegalMoves`]
    /// for a state that is ongoing without legal moves, and
    /// [`SearchError::IllegalHookMove`] for a
    /// `winning_move` or `non_losing_moves` hook that returns a move that is not legal
    /// (checked when the root is expanded; at every expansion in debug builds).
    /// [`SearchError::TooManyMoves`] for a state with more than 65 535 moves. After an
    /// error the kept tree is dropped.
    ///
    /// # Panics
    /// With one thread the search runs on the calling thread, and a panic in the game, the
    /// playout policy or the evaluator prior unwinds to the caller. With more threads
    /// ([`with_threads`](Mcts::with_threads)) every thread is one the engine started: a
    /// panic on any of them is caught, the other threads stop within 16 iterations, and
    /// the search returns [`SearchError::WorkerPanicked`] with the panic's message (never
    /// a move chosen from the threads that survived).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use mcts::{Mcts, Value};
    /// use search_core::{Budget, SearchError, Wdl};
    ///
    /// // X (to move) has three in a row on the bottom with both ends open.
    /// let g: ConnectFour = "445566".parse().unwrap();
    /// let mut ai = Mcts::new().with_seed(3).with_budget(Budget::iterations(1_000));
    /// let r = ai.search(&g).unwrap();
    /// assert!(r.best_move == 2 || r.best_move == 6);
    /// assert_eq!(r.value, Value::Proven(Wdl::Win));
    ///
    /// let mut bad = Mcts::<ConnectFour>::new().with_budget(Budget::iterations(0));
    /// assert!(matches!(bad.search(&g), Err(SearchError::Budget(_))));
    /// ```
    ///
    /// [`BudgetError::ZeroIterations`]: search_core::BudgetError::ZeroIterations
    /// [`BudgetError::Unsupported`]: search_core::BudgetError::Unsupported
    /// [`BudgetError::NeverStops`]: search_core::BudgetError::NeverStops
    pub fn search(&mut self, state: &G) -> Result<SearchResult<G::Move>, SearchError> {
        self.validate()?;
        check_budget(&self.budget, ENGINE)?;
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let running = self.budget.start()?;
        let max_iterations = self.budget.max_iterations().unwrap_or(u64::MAX);
        // With RAVE every node also carries its AMAF statistics: fewer nodes fit in the
        // memory the node cap stands for (node cap x NODE_BYTES).
        // With RAVE and transpositions every node also carries what they keep beside the
        // tree: fewer nodes fit in the memory the node cap stands for (node cap x
        // NODE_BYTES).
        let node = Self::NODE_BYTES as u64;
        let mut beside = 0;
        if self.rave.is_some() {
            beside += core::mem::size_of::<Amaf>() as u64;
        }
        if self.position_key.is_some() {
            beside += (core::mem::size_of::<u64>() + core::mem::size_of::<Slot>()) as u64;
        }
        let node_cap = self.node_cap * node / (node + beside);
        let threads = (self.threads as u64).min(node_cap).min(max_iterations) as usize;
        let shared = threads > 1 && self.parallelism == Parallelism::Tree;
        let tree_cap = if shared {
            node_cap
        } else {
            node_cap / threads as u64
        };
        let cap = tree_cap.min(u64::from(u32::MAX)) as usize;
        self.sync(state, threads, cap, shared)?;
        let ctx = Ctx {
            playout: &self.playout,
            expansion: Expansion {
                prior: &self.prior,
                hooks: self.hooks,
                cap,
                by_hint: self.widening.is_some(),
            },
            prior_weight: self.prior_weight,
            exploration: self.exploration,
            max_depth: self.budget.max_depth().unwrap_or(u32::MAX),
            widening: self.widening.map(|(coefficient, exponent)| Widening {
                coefficient: coefficient as f32,
                exponent: exponent as f32,
            }),
            rave: self.rave.map(|k| k as f32),
            key: self.position_key,
            max_slots: cap,
        };
        let proven = AtomicBool::new(false);
        let halt = AtomicBool::new(false);
        let limits = Limits {
            running: &running,
            proven: &proven,
            halt: &halt,
            open_ended: self.budget.max_iterations().is_none()
                && self.budget.time_limit().is_none()
                && self.budget.stop_flag().is_none(),
        };
        let run = if shared {
            run_shared(&mut self.workers, state, &ctx, &limits, max_iterations, cap)
        } else {
            run_workers(&mut self.workers, state, &ctx, &limits, max_iterations)
        };
        if let Err(e) = run {
            // A failed thread may have left its tree half-updated: start afresh next time.
            self.reset();
            return Err(e);
        }
        let elapsed = running.elapsed();
        let choice = choose(&self.workers, state, self.final_choice)?;
        let mut stats = Stats {
            elapsed,
            ..Stats::default()
        };
        for w in &self.workers {
            stats.iterations += w.iterations;
            stats.leaves += w.playouts;
            stats.nodes += w.added() as u64;
            stats.max_ply = stats.max_ply.max(w.max_depth);
        }
        stats.depth_reached = stats.max_ply;
        Ok(SearchResult {
            best_move: choice.best_move,
            value: choice.value,
            moves: choice.moves,
            stats,
            tree_size: self.tree_size(),
            root_visits: self.root_visits(),
            threads,
        })
    }

    /// Makes the workers' trees belong to `state`: reuse, re-root, or start afresh.
    /// With `shared` (tree parallelism) only the first worker keeps a tree.
    fn sync(
        &mut self,
        state: &G,
        threads: usize,
        cap: usize,
        shared: bool,
    ) -> Result<(), SearchError> {
        if self.workers.len() != threads {
            self.workers = (0..threads)
                .map(|i| Worker::new(SplitMix64::stream(self.seed, i as u64)))
                .collect();
            self.root = None;
        }
        let mut path = Vec::new();
        let reusable = self.reuse
            && match &self.root {
                Some(r) if r == state => true,
                Some(r) => find_path(r, state, &mut path),
                None => false,
            };
        if reusable {
            for &mv in &path {
                for w in &mut self.workers {
                    w.advance(mv);
                }
            }
        } else {
            for w in &mut self.workers {
                w.tree.clear();
            }
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let Some(&placeholder) = moves.first() else {
            return Err(SearchError::NoLegalMoves);
        };
        let owner = state.to_move().opponent().index() as u8;
        if shared {
            for w in &mut self.workers[1..] {
                w.tree = Vec::new();
            }
        }
        for w in self
            .workers
            .iter_mut()
            .take(if shared { 1 } else { threads })
        {
            let stale = w.tree.len() > cap
                || w.tree
                    .first()
                    .is_some_and(|r| r.expanded() && r.num_children == 0);
            if stale {
                w.tree.clear();
            }
            // A tree grown under a larger cap gives the memory above this one back.
            if w.tree.capacity() > cap {
                w.tree.shrink_to(cap);
            }
            w.kept = w.tree.len();
            if w.tree.is_empty() {
                reserve_within(&mut w.tree, 1, cap);
                w.tree.push(Node::new(placeholder, owner, 0.0));
            }
        }
        self.root = Some(state.clone());
        Ok(())
    }
}

impl<G: Game + PartialEq, P> Mcts<G, P> {
    /// Follows a move played from `before` (by either side): the subtree under it becomes
    /// the root, with its statistics; the rest of the tree is discarded. A position the
    /// engine does not know drops the tree (the next search starts afresh).
    ///
    /// `before` is the position **before** the move. Given a move that is not legal in
    /// `before` (the sign of passing the position after the move), builds with debug
    /// assertions panic with a message that says so, and other builds drop the tree;
    /// [`try_advance`](Mcts::try_advance) returns the mistake as an error in every build.
    /// [`Strategy::observe_move`](search_core::Strategy::observe_move) calls this.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Game};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(2_000));
    /// let start = TicTacToe::new();
    /// let r = ai.search(&start).unwrap();
    /// let kept = r.moves.iter().find(|m| m.mv == r.best_move).unwrap().visits;
    /// ai.advance(&start, r.best_move);
    /// assert_eq!(ai.root_visits(), kept);
    /// ```
    pub fn advance(&mut self, before: &G, mv: G::Move) {
        debug_assert!(
            before.is_legal(mv),
            "Mcts::advance (Strategy::observe_move) was told that {mv:?} was played from a \
             position where it is not legal: pass the position before the move, not the \
             position after it"
        );
        if !self.reuse {
            return;
        }
        let follows = matches!(&self.root, Some(r) if r == before);
        let mut after = before.clone();
        if follows && after.try_play(mv).is_ok() {
            for w in &mut self.workers {
                w.advance(mv);
            }
            self.root = Some(after);
        } else {
            self.reset();
        }
    }

    /// [`advance`](Mcts::advance) after checking, in every build, that `mv` can be played
    /// in `before`. On an error the engine, its tree included, is left as it was.
    ///
    /// The check catches the position after the move whenever the move is not legal
    /// there (a taken square, a full column), the usual case; where the same move can be
    /// played again from the position after it, only the caller can tell.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] when `before` is finished,
    /// [`IllegalMoveError::NotLegal`] when `mv` is not one of its legal moves.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Game, IllegalMoveError};
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(500));
    /// let start = TicTacToe::new();
    /// let r = ai.search(&start).unwrap();
    /// let mut after = start;
    /// after.play(r.best_move);
    /// // The position after the move, by mistake: refused, and the tree is kept.
    /// let err = ai.try_advance(&after, r.best_move).unwrap_err();
    /// assert!(matches!(err, IllegalMoveError::NotLegal { .. }));
    /// assert_eq!(ai.root_visits(), 500);
    /// // The position before it: followed.
    /// assert_eq!(ai.try_advance(&start, r.best_move), Ok(()));
    /// assert!(ai.root_visits() < 500);
    /// ```
    pub fn try_advance(&mut self, before: &G, mv: G::Move) -> Result<(), IllegalMoveError> {
        before.clone().try_play(mv)?;
        self.advance(before, mv);
        Ok(())
    }
}

/// Refuses the budget fields an MCTS engine cannot honour (a node limit: the tree's size
/// is the node cap's job), and a depth limit with nothing that would end the search.
pub(crate) fn check_budget(budget: &Budget, engine: &'static str) -> Result<(), BudgetError> {
    budget.refuse(
        engine,
        &[BudgetField::Nodes],
        "use iterations to bound the work and with_node_cap/with_memory_cap to bound the tree",
    )?;
    let ends = budget.max_iterations().is_some()
        || budget.time_limit().is_some()
        || budget.stop_flag().is_some();
    if budget.max_depth().is_some() && !ends {
        return Err(BudgetError::NeverStops {
            engine,
            advice: "a depth limit only stops the tree growing, the playouts go on: add an \
                     iterations or time limit, or a stop flag",
        });
    }
    Ok(())
}

/// Finds one or two moves leading from `from` to `to`.
fn find_path<G: Game + PartialEq>(from: &G, to: &G, path: &mut Vec<G::Move>) -> bool {
    let mut first = Vec::new();
    from.legal_moves(&mut first);
    let mut second = Vec::new();
    for &m1 in &first {
        let mut s1 = from.clone();
        s1.play(m1);
        if s1 == *to {
            path.push(m1);
            return true;
        }
        second.clear();
        s1.legal_moves(&mut second);
        for &m2 in &second {
            let mut s2 = s1.clone();
            s2.play(m2);
            if s2 == *to {
                path.extend([m1, m2]);
                return true;
            }
        }
    }
    false
}
