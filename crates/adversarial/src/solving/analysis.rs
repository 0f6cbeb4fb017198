//! What the [`Solver`] says about the moves of a position: one that keeps its exact value
//! ([`Solver::best_move`]), and the exact value of every one ([`Solver::analysis`]), each
//! found by solving the position first and then its children, on the one table and budget.

use search_core::{Budget, Game, MoveAnalysis, MoveValue, Score, SearchError, ZeroEvaluator};

use crate::solving::book::Booked;
use crate::solving::null_window::Bounds;
use crate::solving::solution::{Analysis, BestMove};
use crate::solving::solver::{Solver, finish};
use crate::tables::entry::Bound;
use crate::tables::transpositions::Transpositions;
use crate::two_player::options::LoopOptions;
use crate::two_player::searcher::Searcher;
use crate::two_player::window::{to_child, to_parent};

impl<T> Solver<T> {
    /// A move that keeps the exact value, with that value and the statistics: the solver's
    /// choice as a player. The value is found on the solver's threads, the move on the
    /// calling thread.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, [`SearchError::NoLegalMoves`] for a
    /// broken one, or the errors of [`Solver::solve`]; a budget that runs out first is
    /// [`SearchError::Unsolved`] with the bounds reached (both equal to the value when it
    /// ran out while looking for a move that keeps it).
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::Score;
    /// // O to move completes its row 3-4-5 in cell 5.
    /// let g: TicTacToe = "X.X OO. X..".parse().unwrap();
    /// let best = Solver::new().with_table_mb(1).best_move(&g).unwrap();
    /// assert_eq!(best.score, Score::win_in(1));
    /// assert_eq!(best.mv, 5);
    /// ```
    pub fn best_move<G>(&mut self, state: &G) -> Result<BestMove<G::Move>, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        search_core::check_root(state)?;
        self.setup.table.check_keys(state)?;
        let running = self.prepare()?;
        self.setup.table.new_search();
        let opts = self.loop_options();
        let solution = match self.book_answer(state, &running)? {
            Some(solution) => solution,
            None => finish(
                self.race(&running, opts, state, false, 0, Bounds::OPEN)?,
                &running,
            )?,
        };
        let Some(value) = solution.score else {
            return Err(SearchError::Unsolved {
                lower: solution.lower,
                upper: solution.upper,
            });
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        moves.sort_by_key(|&m| core::cmp::Reverse(state.move_order_hint(m)));
        let mut searcher = Searcher::new(&ZeroEvaluator, &self.setup.table, &running, None, opts);
        // The node limit covers the solve above and this search together.
        let spent = solution.stats.nodes;
        searcher.stats.nodes = spent;
        let mut root = state.clone();
        for mv in moves {
            // A child the book holds needs no search.
            if let Some(book) = &self.book {
                let booked = Booked::new(&self.setup.table, book);
                let known = root.with_move(mv, |child| booked.known_value(child));
                if let Some(s) = known {
                    searcher.stats.book_hits += 1;
                    if s.to_parent() >= value {
                        searcher.stats.nodes -= spent;
                        let mut stats = solution.stats;
                        stats.merge(&searcher.stats);
                        stats.elapsed = running.elapsed();
                        return Ok(BestMove {
                            mv,
                            score: value,
                            stats,
                        });
                    }
                    continue;
                }
            }
            // Is the child's value, seen from here, at least `value`?
            let below = Score::from_raw(value.raw() - 1);
            // (`MAX_DEPTH + 1` plies counting the move: the child is solved without a horizon.)
            let s = searcher.move_value(&mut root, mv, Budget::MAX_DEPTH + 1, below, value);
            searcher.take_fault()?;
            if searcher.aborted {
                break;
            }
            if s >= value {
                searcher.stats.nodes -= spent;
                let mut stats = solution.stats;
                let iterations = stats.iterations;
                stats.merge(&searcher.stats);
                stats.iterations = iterations;
                stats.elapsed = running.elapsed();
                return Ok(BestMove {
                    mv,
                    score: value,
                    stats,
                });
            }
        }
        Err(SearchError::Unsolved {
            lower: value,
            upper: value,
        })
    }

    /// Every legal move of `state` with its exact value for the side to move
    /// ([`MoveValue::Exact`]), best first ([`MoveAnalysis::sort_best_first`]), all sharing
    /// the one table and the one budget (on the solver's threads).
    ///
    /// The position is solved first (its value `v` bounds every move's value from above);
    /// then each child is solved with its null-window search limited to the values it can
    /// still have, `v` or worse, and with the table holding the bounds the root solve (and
    /// every earlier child) proved about it. Moves left unsolved when the budget runs out get
    /// [`MoveValue::Unknown`].
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game, [`SearchError::NoLegalMoves`] for a
    /// broken one, or the errors of [`Solver::solve`].
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::{MoveValue, Score};
    /// // O to move completes its row 3-4-5 in cell 5.
    /// let g: TicTacToe = "X.X OO. X..".parse().unwrap();
    /// let moves = Solver::new().with_table_mb(1).analyze(&g).unwrap();
    /// assert_eq!(moves.len(), 4);
    /// assert_eq!((moves[0].mv, &moves[0].value), (5, &MoveValue::Exact(Score::win_in(1))));
    /// ```
    pub fn analyze<G>(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        self.analysis(state).map(|a| a.moves)
    }

    /// [`analyze`](Solver::analyze), with the statistics of the whole analysis.
    ///
    /// # Errors
    /// As [`Solver::analyze`].
    ///
    /// ```
    /// use adversarial::Solver;
    /// use games::TicTacToe;
    /// use search_core::{MoveValue, Score};
    /// // O to move: cell 5 completes the middle row.
    /// let g: TicTacToe = "X.X OO. X..".parse().unwrap();
    /// let a = Solver::new().with_table_mb(1).analysis(&g).unwrap();
    /// assert_eq!(a.moves.len(), 4);
    /// assert_eq!(a.moves[0].mv, 5);
    /// assert_eq!(a.moves[0].value, MoveValue::Exact(Score::win_in(1)));
    /// assert!(a.stats.nodes > 0);
    /// ```
    pub fn analysis<G>(&mut self, state: &G) -> Result<Analysis<G::Move>, SearchError>
    where
        G: Game + Sync,
        T: Transpositions<G> + Sync,
    {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        let mut moves = state.legal_move_list();
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        moves.sort_by_key(|&m| core::cmp::Reverse(state.move_order_hint(m)));
        search_core::check_root(state)?;
        self.setup.table.check_keys(state)?;
        let running = self.prepare()?;
        self.setup.table.new_search();
        let opts = self.loop_options();
        let mover = state.to_move();
        // The position's own value: every move's value is at most this.
        let root = self.race(&running, opts, state, false, 0, Bounds::OPEN)?;
        let mut stats = root.stats.clone();
        let root = finish(root, &running)?;
        let mut out_of_budget = !root.solved;
        let mut analysis = Vec::with_capacity(moves.len());
        for mv in moves {
            if out_of_budget {
                analysis.push(MoveAnalysis::new(mv, MoveValue::Unknown));
                continue;
            }
            let mut child = state.clone();
            child.play(mv);
            let same = child.to_move() == mover;
            if same && (G::MOVES_CANNOT_LOSE || G::NON_LOSING_MOVES_EXACT) {
                return Err(SearchError::TurnDidNotPass {
                    mv: format!("{mv:?}"),
                });
            }
            // Seen from the child, "at most the root's upper bound" is "at least its
            // negation" (or, after an extra turn, "at most" that bound one ply nearer);
            // and what the searches so far stored about the child holds too.
            let mut known = if same {
                Bounds {
                    lower: Score::loss_in(0),
                    upper: root.upper.to_child_same_mover(),
                }
            } else {
                Bounds {
                    lower: root.upper.to_child(),
                    upper: Score::win_in(0),
                }
            };
            if let Some(e) = stored_bounds(&self.setup.table, &child, opts.symmetry) {
                known = known.intersect(e);
            }
            // The guess, seen from the child.
            let opts = LoopOptions {
                first_guess: opts.first_guess.map(|g| to_child(g, same)),
                ..opts
            };
            let r = self.race(&running, opts, &child, false, stats.nodes, known)?;
            let iterations = stats.iterations + r.stats.iterations;
            stats.merge(&r.stats);
            stats.iterations = iterations;
            let child = finish(r, &running)?;
            let value = if child.solved {
                MoveValue::Exact(to_parent(child.lower, same))
            } else {
                out_of_budget = true;
                MoveValue::Unknown
            };
            analysis.push(MoveAnalysis::new(mv, value));
        }
        MoveAnalysis::sort_best_first(&mut analysis);
        stats.elapsed = running.elapsed();
        Ok(Analysis {
            moves: analysis,
            stats,
        })
    }
}

/// The bounds on `state`'s value that the table holds (exact-solver entries are valid at
/// any depth), if it holds an entry for it.
fn stored_bounds<G: Game, T: Transpositions<G>>(
    table: &T,
    state: &G,
    symmetry: bool,
) -> Option<Bounds> {
    if !T::ENABLED {
        return None;
    }
    let key = if symmetry {
        table.class_key(state).0
    } else {
        table.key(state)
    };
    let e = table.probe(key)?;
    Some(match e.bound {
        Bound::Exact => Bounds {
            lower: e.score,
            upper: e.score,
        },
        Bound::Lower => Bounds {
            lower: e.score,
            upper: Score::win_in(0),
        },
        Bound::Upper => Bounds {
            lower: Score::loss_in(0),
            upper: e.score,
        },
    })
}
