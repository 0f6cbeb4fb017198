//! The AIs `ply` builds, one per [`EngineKind`], each reporting what its engine thought.

use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{MarginSolver, Negamax, Replacement, Solver, TranspositionTable};
use mcts::Mcts;
use search_core::{Budget, GameHash, MoveAnalysis, RandomMover, SearchError, Strategy};

use super::thinkers::{Eval, MctsAi, NegamaxAi};
use super::{Ai, Choice, EngineKind, Hint, Playable, Strength, margin_for_mover};

impl EngineKind {
    /// Builds the engine for game `G`, or says why this strength does not suit it.
    pub fn build<G: Playable>(
        self,
        strength: Strength,
        seed: u64,
        table_mb: u64,
    ) -> Result<Box<dyn Ai<G>>, String> {
        self.build_live(strength, seed, table_mb, false, false)
    }

    /// [`build`](EngineKind::build), with `live`: alpha-beta and MCTS show their thinking
    /// on stderr as it goes (`ply play --live`); and `ponder`: they think on the
    /// opponent's time (`--ponder`; the other engines do not ponder).
    pub fn build_live<G: Playable>(
        self,
        strength: Strength,
        seed: u64,
        table_mb: u64,
        live: bool,
        ponder: bool,
    ) -> Result<Box<dyn Ai<G>>, String> {
        Ok(match self {
            EngineKind::Alphabeta => {
                if let Strength::Playouts(_) = strength {
                    return Err(
                        "alpha-beta plays by depth or time: give e.g. 8 or 500ms".to_string()
                    );
                }
                let table = TranspositionTable::with_megabytes(table_mb)
                    .map_err(|e| format!("--table-mb: {e}"))?;
                let eval: Eval<G> = G::evaluate;
                Box::new(NegamaxAi::new(
                    Negamax::new(eval)
                        .with_table(Arc::new(table))
                        .with_random_ties(true)
                        .with_seed(seed)
                        .with_budget(strength.budget()),
                    live,
                    ponder,
                ))
            }
            EngineKind::Mcts => {
                if let Strength::Depth(_) = strength {
                    return Err(
                        "MCTS plays by time or playouts: give e.g. 500ms or 20000p".to_string()
                    );
                }
                Box::new(MctsAi::new(
                    Mcts::<G>::new()
                        .with_seed(seed)
                        .with_budget(strength.budget()),
                    live,
                    ponder,
                ))
            }
            EngineKind::Solver => {
                let Strength::Time(time) = strength else {
                    return Err(
                        "the solver plays perfectly within a time: give e.g. 2s".to_string()
                    );
                };
                let fallback = Fallback::new(time, table_mb)?;
                let budget = Budget::time(fallback.solver_time());
                if G::MARGIN {
                    Box::new(MarginSolverAi {
                        solver: MarginSolver::new().with_budget(budget),
                        fallback,
                    })
                } else {
                    // Exact values never go stale: the solver's table always replaces (as
                    // `with_table_mb`'s does).
                    let table = TranspositionTable::with_megabytes(table_mb)
                        .map_err(|e| format!("--table-mb: {e}"))?
                        .with_replacement(Replacement::Always);
                    Box::new(SolverAi {
                        solver: Solver::new()
                            .with_table(Arc::new(table))
                            .with_budget(budget),
                        fallback,
                    })
                }
            }
            EngineKind::Random => Box::new(StrategyAi(RandomMover::new(seed))),
            EngineKind::Maxn | EngineKind::BestReply => {
                return Err(format!(
                    "{self} is for games of three or more players (mnk); {} has two",
                    G::NAME
                ));
            }
        })
    }
}

/// Any [`Strategy`] as an [`Ai`] that reports nothing but its move.
struct StrategyAi<S>(S);

impl<G: GameHash, S: Strategy<G>> Ai<G> for StrategyAi<S> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        Ok(Choice {
            mv: self.0.choose_move(state)?,
            thoughts: None,
        })
    }

    fn choose_within(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Choice<G::Move>, SearchError> {
        Ok(Choice {
            mv: self.0.choose_move_within(state, budget.clone())?,
            thoughts: None,
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        self.0.observe_move(before, mv);
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.0.analyze(state)
    }
}

/// What a solver plays when it cannot prove the position in its time: it gets three quarters
/// of the time per move, and alpha-beta (with its own table: heuristic values must not mix
/// with exact ones) chooses the move in the rest.
struct Fallback {
    time: Duration,
    table: Arc<TranspositionTable>,
}

impl Fallback {
    /// The solver's share of the time per move.
    const SOLVER_SHARE: (u32, u32) = (3, 4);

    fn new(time: Duration, table_mb: u64) -> Result<Self, String> {
        let table = TranspositionTable::with_megabytes((table_mb / 4).max(1))
            .map_err(|e| format!("--table-mb: {e}"))?;
        Ok(Fallback {
            time,
            table: Arc::new(table),
        })
    }

    /// The time per move capped by `budget`'s time limit, if it has one.
    fn capped(&self, budget: &Budget) -> Duration {
        budget.time_limit().map_or(self.time, |t| t.min(self.time))
    }

    /// The time the solver gets.
    fn solver_time(&self) -> Duration {
        let (share, of) = Self::SOLVER_SHARE;
        (self.time * share / of).max(Duration::from_millis(1))
    }

    /// Alpha-beta bounded by what is left of the time per move since `started`.
    fn engine<G: Playable>(&self, started: Instant) -> Negamax<Eval<G>, Arc<TranspositionTable>> {
        let left = self
            .time
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        let eval: Eval<G> = G::evaluate;
        Negamax::new(eval)
            .with_table(Arc::clone(&self.table))
            .with_budget(Budget::time(left))
    }

    /// Alpha-beta's move within what is left of the time since `started`.
    fn search<G: Playable>(
        &self,
        state: &G,
        started: Instant,
    ) -> Result<adversarial::SearchResult<G::Move>, SearchError> {
        self.engine(started).search(state)
    }

    /// Alpha-beta's view of every move within what is left of the time since `started`.
    fn analyze<G: Playable>(
        &self,
        state: &G,
        started: Instant,
    ) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.engine(started).analyze(state)
    }

    /// The words for alpha-beta's choice: score, depth, nodes.
    fn describe<M>(r: &adversarial::SearchResult<M>) -> String {
        let score = r
            .score
            .map_or_else(|| "no depth finished".to_string(), |s| format!("score {s}"));
        format!(
            "alpha-beta's choice: {score}, depth {}, {} nodes",
            r.stats.depth_reached, r.stats.nodes
        )
    }
}

/// The exact solver: the value it proves and the nodes it took; alpha-beta's move when the
/// position is not proven in time.
struct SolverAi {
    solver: Solver,
    fallback: Fallback,
}

impl<G: Playable> Ai<G> for SolverAi {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let started = Instant::now();
        match self.solver.best_move(state) {
            Ok(best) => Ok(Choice {
                mv: best.mv,
                thoughts: Some(format!(
                    "proved {}, {} nodes, {:.3} s",
                    best.score.exact(),
                    best.stats.nodes,
                    best.stats.elapsed.as_secs_f64()
                )),
            }),
            Err(SearchError::Unsolved { lower, upper }) => {
                let r = self.fallback.search(state, started)?;
                Ok(Choice {
                    mv: r.best_move,
                    thoughts: Some(format!(
                        "not proven in {} (the value is between {} and {}); {}, {:.3} s",
                        crate::input::show_duration(self.fallback.solver_time()),
                        lower.exact(),
                        upper.exact(),
                        Fallback::describe(&r),
                        started.elapsed().as_secs_f64()
                    )),
                })
            }
            Err(e) => Err(e),
        }
    }

    fn choose_within(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Choice<G::Move>, SearchError> {
        let (time, own) = (self.fallback.time, self.solver.budget().clone());
        self.fallback.time = self.fallback.capped(budget);
        self.solver
            .set_budget(Budget::time(self.fallback.solver_time()));
        let choice = self.choose(state);
        self.fallback.time = time;
        self.solver.set_budget(own);
        choice
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.solver.analyze(state)
    }

    /// The exact value of every move, or alpha-beta's estimates when they are not proven in
    /// time.
    fn hint(&mut self, state: &G) -> Result<Hint<G::Move>, SearchError> {
        let started = Instant::now();
        match self.solver.analyze(state) {
            Ok(moves) => Ok(Hint::from_analysis(moves, None)),
            Err(SearchError::Unsolved { .. }) => {
                let moves = self.fallback.analyze(state, started)?;
                Ok(Hint::from_analysis(
                    moves,
                    Some(format!(
                        "not proven in {}: alpha-beta's estimates",
                        crate::input::show_duration(self.fallback.solver_time())
                    )),
                ))
            }
            Err(e) => Err(e),
        }
    }
}

/// The exact margin solver, for games won by a number (boxes, stones); alpha-beta's move
/// when the margin is not proven in time.
struct MarginSolverAi {
    solver: MarginSolver,
    fallback: Fallback,
}

impl<G: Playable> Ai<G> for MarginSolverAi {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        let started = Instant::now();
        let s = self.solver.solve(state)?;
        if let (Some(margin), Some(mv)) = (s.margin, s.best_move) {
            return Ok(Choice {
                mv,
                thoughts: Some(format!(
                    "proved margin {:+} for the mover, {} nodes, {:.3} s",
                    margin_for_mover(margin, state.to_move()),
                    s.stats.nodes,
                    s.stats.elapsed.as_secs_f64()
                )),
            });
        }
        let r = self.fallback.search(state, started)?;
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(format!(
                "margin not proven in {}; {}, {:.3} s",
                crate::input::show_duration(self.fallback.solver_time()),
                Fallback::describe(&r),
                started.elapsed().as_secs_f64()
            )),
        })
    }

    fn choose_within(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Choice<G::Move>, SearchError> {
        let (time, own) = (self.fallback.time, self.solver.budget().clone());
        self.fallback.time = self.fallback.capped(budget);
        self.solver
            .set_budget(Budget::time(self.fallback.solver_time()));
        let choice = self.choose(state);
        self.fallback.time = time;
        self.solver.set_budget(own);
        choice
    }

    fn observe(&mut self, _before: &G, _mv: G::Move) {}

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        // Margins are not win/draw/loss scores: the match runner and tree exports get
        // alpha-beta's view within the time per move.
        self.fallback.analyze(state, Instant::now())
    }

    /// Each move's exact margin for the player to move, best first.
    fn hint(&mut self, state: &G) -> Result<Hint<G::Move>, SearchError> {
        let mover = state.to_move();
        let mut moves = Vec::new();
        for mv in state.legal_move_list() {
            let mut child = state.clone();
            child.play(mv);
            let margin = match child.margin().filter(|_| child.outcome().is_over()) {
                Some(m) => Some(m),
                None => self.solver.solve(&child)?.margin,
            };
            moves.push((mv, margin.map(|m| margin_for_mover(m, mover))));
        }
        moves.sort_by_key(|&(_, m)| core::cmp::Reverse(m.unwrap_or(i32::MIN)));
        Ok(Hint {
            moves: moves
                .into_iter()
                .map(|(mv, m)| {
                    let text = m.map_or_else(
                        || "not proved in time".to_string(),
                        |m| format!("margin {m:+} (exact)"),
                    );
                    (mv, text)
                })
                .collect(),
            note: None,
        })
    }
}
