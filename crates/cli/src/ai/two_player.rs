//! The engines of the two-player games without dice, as [`Strategy`] values that report
//! what they thought: alpha-beta and MCTS (with `--live` and pondering), the exact solver
//! and the margin solver (with alpha-beta's move when the proof runs out of time), and
//! random moves.
//!
//! Pondering starts when the engine's own move has been played
//! ([`Strategy::observe_move`]) and the opponent is to move: alpha-beta searches the
//! position after the reply its principal variation expects ([`Negamax::ponder`]), MCTS
//! grows its tree from the position after the most visited reply ([`Mcts::ponder`]). At
//! the engine's next move, alpha-beta goes on with the pondering search on a hit
//! ([`NegamaxPonder::reply`]), and on a miss stops it and searches afresh (its table keeps
//! what the pondering found); MCTS stops its pondering and searches the real position,
//! from the pondered tree on a hit. A hint or an analysis meanwhile stops the pondering
//! first.

use std::sync::Arc;
use std::time::{Duration, Instant};

use adversarial::{
    MarginSolver, Negamax, NegamaxPonder, Replacement, SearchResult, Solver, TranspositionTable,
};
use mcts::{Mcts, MctsHandle, ZeroSum};
use search_core::{Budget, Game, MoveAnalysis, MoveValue, RandomMover, SearchError, Strategy};

use super::{PonderTally, Settings, margin_for_mover};
use crate::games::board::{Playable, mark};
use crate::grammar::{EngineKind, EngineSpec, Strength};
use crate::input::show_duration as show_time;

/// The evaluator alpha-beta uses: the game's own.
type Eval<G> = fn(&G) -> i32;

/// Alpha-beta with its own table.
type Engine<G> = Negamax<Eval<G>, Arc<TranspositionTable>>;

/// Builds the engine `spec` asks for, seeded with `seed`, or says why it does not fit.
pub(crate) fn engine<G: Playable>(
    spec: EngineSpec,
    seed: u64,
    settings: &Settings,
) -> Result<Box<dyn Strategy<G>>, String> {
    let strength = spec.strength();
    let table = |mb: usize| {
        TranspositionTable::with_megabytes(mb.max(1) as u64).map_err(|e| format!("--table-mb: {e}"))
    };
    Ok(match spec.kind {
        EngineKind::Alphabeta => {
            if let Strength::Playouts(_) = strength {
                return Err("alpha-beta plays by depth or time: give e.g. d8 or 500ms".into());
            }
            let eval: Eval<G> = G::evaluate;
            let engine = Negamax::new(eval)
                .with_table(Arc::new(table(settings.table_mb)?))
                .with_random_ties(true)
                .with_seed(seed)
                .with_budget(strength.budget());
            Box::new(NegamaxAi::new(engine, settings))
        }
        EngineKind::Mcts => {
            if let Strength::Depth(_) = strength {
                return Err("MCTS plays by time or playouts: give e.g. 500ms or 20000p".into());
            }
            let engine = Mcts::<G>::new()
                .with_seed(seed)
                .with_budget(strength.budget());
            Box::new(MctsAi::new(engine, settings))
        }
        EngineKind::Solver => {
            let Strength::Time(time) = strength else {
                return Err("the solver plays perfectly within a time: give e.g. 2s".into());
            };
            let fallback = Fallback::new(time, Arc::new(table(settings.table_mb / 4)?));
            let budget = Budget::time(fallback.solver_time());
            let solver = if G::MARGIN {
                Proof::Margin(MarginSolver::new().with_budget(budget))
            } else {
                // Exact values never go stale: the solver's table always replaces.
                let table = table(settings.table_mb)?.with_replacement(Replacement::Always);
                Proof::Value(
                    Solver::new()
                        .with_table(Arc::new(table))
                        .with_budget(budget),
                )
            };
            let report = None;
            Box::new(SolverAi {
                solver,
                fallback,
                report,
            })
        }
        EngineKind::Random => Box::new(RandomMover::new(seed)),
        EngineKind::Maxn | EngineKind::BestReply => {
            return Err(format!(
                "{} is for games of three or more players (mnk); {} has two",
                spec.kind,
                G::NAME
            ));
        }
        other => return Err(super::cards_only(other, G::NAME)),
    })
}

/// The error of an engine that was lost: a pondering thread that could not start or that
/// panicked.
fn lost() -> SearchError {
    SearchError::Config("the engine was lost when its pondering failed".to_string())
}

/// Whether the opponent is to move after `mv` from `before` (not the same side again, and
/// the game goes on): the position to ponder on, if so.
fn opponent_to_move<G: Playable>(before: &G, mv: G::Move) -> Option<G> {
    let mut after = before.clone();
    after.try_play(mv).ok()?;
    (!after.outcome().is_over() && after.to_move() != before.to_move()).then_some(after)
}

/// The engine's last own move: the position it chose in, the move, and the reply it expects.
struct Last<G: Playable> {
    state: G,
    mv: G::Move,
    expected: Option<G::Move>,
}

/// Alpha-beta, reporting its score (for the side to move), depth and nodes; with `live`
/// it shows each finished depth on stderr while it thinks; with pondering it thinks on the
/// opponent's time.
struct NegamaxAi<G: Playable> {
    engine: Option<Engine<G>>,
    pondering: Option<NegamaxPonder<G, Eval<G>, Arc<TranspositionTable>>>,
    /// The moves seen while pondering: the opponent's reply, and any more.
    replies: Vec<G::Move>,
    last: Option<Last<G>>,
    live: bool,
    ponder: Option<Arc<PonderTally>>,
    report: Option<String>,
}

impl<G: Playable> NegamaxAi<G> {
    fn new(engine: Engine<G>, settings: &Settings) -> Self {
        NegamaxAi {
            engine: Some(engine),
            pondering: None,
            replies: Vec::new(),
            last: None,
            live: settings.live,
            ponder: settings.ponder.clone(),
            report: None,
        }
    }

    /// Stops any pondering, throwing it away, and gives the engine.
    fn settle(&mut self) -> Result<&mut Engine<G>, SearchError> {
        if let Some(p) = self.pondering.take() {
            self.replies.clear();
            self.engine = Some(p.cancel()?);
        }
        self.engine.as_mut().ok_or_else(lost)
    }

    /// On a ponder hit (the engine pondered on the position before the opponent's reply,
    /// and exactly that reply was played), the answer of the pondering search gone on
    /// within `budget`. On a miss the pondering is stopped and `Ok(None)` says to search
    /// afresh.
    fn answer_from_pondering(
        &mut self,
        budget: &Budget,
    ) -> Result<Option<SearchResult<G::Move>>, SearchError> {
        let Some(p) = self.pondering.take() else {
            return Ok(None);
        };
        let replies = std::mem::take(&mut self.replies);
        let hit = matches!(replies[..], [reply] if reply == p.expected());
        if let Some(tally) = &self.ponder {
            tally.count(hit);
        }
        if hit {
            let (engine, answer) = p.reply(replies[0], budget)?;
            self.engine = Some(engine);
            return answer.map(|a| Some(a.result));
        }
        self.engine = Some(p.cancel()?);
        Ok(None)
    }
}

impl<G: Playable> Strategy<G> for NegamaxAi<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.choose_move_within(state, Budget::new())
    }

    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        let pondered = self.pondering.is_some();
        let (r, note) = match self.answer_from_pondering(&budget)? {
            Some(r) => (r, ", ponder hit"),
            None => {
                let live = self.live;
                let engine = self.settle()?;
                let own = engine.budget().clone();
                engine.set_budget(own.capped_by(&budget));
                let r = if live {
                    engine.search_observed(state, |i| {
                        eprintln!(
                            "  thinking: depth {} {} pv {:?} (0-based), {} nodes ({:.0}/s)",
                            i.depth,
                            i.score,
                            i.pv,
                            i.nodes,
                            i.nodes_per_second()
                        );
                    })
                } else {
                    engine.search(state)
                };
                engine.set_budget(own);
                (r?, if pondered { ", ponder miss" } else { "" })
            }
        };
        self.report = Some(format!(
            "{}, depth {}, {} nodes, {:.3} s{note}",
            score_for(state, r.score),
            r.stats.depth_reached,
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        ));
        self.last = Some(Last {
            state: state.clone(),
            mv: r.best_move,
            expected: r.pv.get(1).copied(),
        });
        Ok(r.best_move)
    }

    fn observe_move(&mut self, before: &G, mv: G::Move) {
        // The transposition table already carries what the engine learnt; what is left is
        // to ponder after the engine's own move, and to note the replies meanwhile.
        if self.pondering.is_some() {
            self.replies.push(mv);
            return;
        }
        let Some(last) = self.last.take() else {
            return;
        };
        if self.ponder.is_none() || last.state != *before || last.mv != mv {
            return;
        }
        let (Some(after), Some(expected)) = (opponent_to_move(before, mv), last.expected) else {
            return;
        };
        if !after.is_legal(expected) {
            return;
        }
        if let Some(engine) = self.engine.take() {
            // An error here (the thread could not start) loses the engine: the next move
            // says so.
            self.pondering = engine.ponder(&after, expected).ok();
        }
    }

    fn observe_undo(&mut self, _restored: &G) {
        // Pondering on a line taken back is of no use; the table stays right.
        self.last = None;
        let _ = self.settle();
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.report = None;
        self.settle()?.analyze(state)
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn name(&self) -> String {
        "alphabeta".into()
    }
}

/// `score +6 for O`: a search score, from the side to move in `state`.
fn score_for<G: Game>(state: &G, score: Option<search_core::Score>) -> String {
    score.map_or_else(
        || "no depth finished".to_string(),
        |s| format!("score {s} for {}", mark(state.to_move())),
    )
}

/// MCTS, reporting the value it found (for the side to move) and how much it searched; it
/// keeps the subtree of every move played as its next root; with `live` it shows its root
/// every 20 ms on stderr while it thinks; with pondering it grows its tree on the
/// opponent's time.
struct MctsAi<G: Playable> {
    engine: Option<Mcts<G>>,
    pondering: Option<MctsHandle<G, mcts::RandomPlayout, ZeroSum>>,
    /// The position pondered on (after the expected reply), until the next search.
    pondered: Option<G>,
    last: Option<(G, G::Move)>,
    live: bool,
    ponder: Option<Arc<PonderTally>>,
    report: Option<String>,
}

impl<G: Playable> MctsAi<G> {
    fn new(engine: Mcts<G>, settings: &Settings) -> Self {
        MctsAi {
            engine: Some(engine),
            pondering: None,
            pondered: None,
            last: None,
            live: settings.live,
            ponder: settings.ponder.clone(),
            report: None,
        }
    }

    /// Stops any pondering (its tree is kept: the next search finds it again if the
    /// position is the one pondered on) and gives the engine.
    fn settle(&mut self) -> Result<&mut Mcts<G>, SearchError> {
        self.pondered = None;
        if let Some(handle) = self.pondering.take() {
            let (engine, _) = handle.stop()?;
            self.engine = Some(engine);
        }
        self.engine.as_mut().ok_or_else(lost)
    }
}

impl<G: Playable> Strategy<G> for MctsAi<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.choose_move_within(state, Budget::new())
    }

    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        let live = self.live;
        let hit = self.pondered.take().map(|p| p == *state);
        let engine = self.settle()?;
        let own = engine.budget().clone();
        engine.set_budget(own.capped_by(&budget));
        let r = if live {
            engine.search_observed(state, mcts::REPORT_INTERVAL, |i| {
                eprintln!(
                    "  thinking: {:?} (0-based; {} visits, mean {:.3}), {} playouts, {:.3} s",
                    i.best_move,
                    i.visits,
                    i.mean,
                    i.iterations,
                    i.elapsed.as_secs_f64()
                );
            })
        } else {
            engine.search(state)
        };
        engine.set_budget(own);
        let r = r?;
        // On a ponder hit the pondered tree serves this search.
        if let (Some(hit), Some(tally)) = (hit, &self.ponder) {
            tally.count(hit);
        }
        let note = match hit {
            Some(true) => format!(
                ", ponder hit ({} visits kept)",
                r.root_visits.saturating_sub(r.stats.iterations)
            ),
            Some(false) => ", ponder miss".to_string(),
            None => String::new(),
        };
        self.report = Some(format!(
            "{} for {}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s{note}",
            r.value,
            mark(state.to_move()),
            r.stats.iterations,
            r.playouts_per_second(),
            r.tree_size,
            r.stats.elapsed.as_secs_f64()
        ));
        self.last = Some((state.clone(), r.best_move));
        Ok(r.best_move)
    }

    fn observe_move(&mut self, before: &G, mv: G::Move) {
        if self.pondering.is_some() {
            // The tree's root is the position pondered on: the next search keeps it if the
            // game reached it, and starts afresh if not.
            return;
        }
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        engine.observe_move(before, mv);
        let mine = self
            .last
            .take()
            .is_some_and(|(state, m)| state == *before && m == mv);
        if self.ponder.is_none() || !mine {
            return;
        }
        let Some(after) = opponent_to_move(before, mv) else {
            return;
        };
        let expected = engine.root_view().and_then(|root| {
            root.children()
                .max_by_key(|c| c.visits())
                .and_then(|c| c.mv())
        });
        let Some(expected) = expected.filter(|&m| after.is_legal(m)) else {
            return;
        };
        if let Some(engine) = self.engine.take() {
            self.pondering = engine.ponder(&after, expected).ok();
            let mut pondered = after;
            pondered.play(expected);
            self.pondered = Some(pondered);
        }
    }

    fn observe_undo(&mut self, restored: &G) {
        if let Ok(engine) = self.settle() {
            engine.observe_undo(restored);
        }
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.report = None;
        self.settle()?.analyze(state)
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn name(&self) -> String {
        "mcts".into()
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

    fn new(time: Duration, table: Arc<TranspositionTable>) -> Self {
        Fallback { time, table }
    }

    /// The time the solver gets.
    fn solver_time(&self) -> Duration {
        let (share, of) = Self::SOLVER_SHARE;
        (self.time * share / of).max(Duration::from_millis(1))
    }

    /// Alpha-beta bounded by what is left of the time per move since `started`.
    fn engine<G: Playable>(&self, started: Instant) -> Engine<G> {
        let left = self
            .time
            .saturating_sub(started.elapsed())
            .max(Duration::from_millis(1));
        let eval: Eval<G> = G::evaluate;
        Negamax::new(eval)
            .with_table(Arc::clone(&self.table))
            .with_budget(Budget::time(left))
    }

    /// The words for alpha-beta's choice in `state`: score, depth, nodes.
    fn describe<G: Playable>(state: &G, r: &SearchResult<G::Move>) -> String {
        format!(
            "alpha-beta's choice: {}, depth {}, {} nodes",
            score_for(state, r.score),
            r.stats.depth_reached,
            r.stats.nodes
        )
    }
}

/// The solver of the exact value (win, draw, loss) or of the exact margin (boxes, stones).
enum Proof {
    Value(Solver),
    Margin(MarginSolver),
}

/// An exact solver: the value or margin it proves and the nodes it took; alpha-beta's move
/// when the position is not proven in time.
struct SolverAi {
    solver: Proof,
    fallback: Fallback,
    report: Option<String>,
}

impl SolverAi {
    /// The solver's time, capped by a clock's `budget`.
    fn time_within(&self, budget: &Budget) -> Duration {
        budget
            .time_limit()
            .map_or(self.fallback.time, |t| t.min(self.fallback.time))
    }

    /// Sets the solver's own budget.
    fn set_budget(&mut self, budget: Budget) {
        match &mut self.solver {
            Proof::Value(s) => s.set_budget(budget),
            Proof::Margin(s) => s.set_budget(budget),
        }
    }
}

impl<G: Playable> Strategy<G> for SolverAi {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let started = Instant::now();
        let proven = match &mut self.solver {
            Proof::Value(solver) => match solver.best_move(state) {
                Ok(best) => Ok((
                    best.mv,
                    format!(
                        "proved {} for {}, {} nodes, {:.3} s",
                        best.score.exact(),
                        mark(state.to_move()),
                        best.stats.nodes,
                        best.stats.elapsed.as_secs_f64()
                    ),
                )),
                Err(SearchError::Unsolved { lower, upper }) => Err(format!(
                    "not proven in {} (the value for {} is between {} and {})",
                    show_time(self.fallback.solver_time()),
                    mark(state.to_move()),
                    lower.exact(),
                    upper.exact()
                )),
                Err(e) => return Err(e),
            },
            Proof::Margin(solver) => {
                let s = solver.solve(state)?;
                match (s.margin, s.best_move) {
                    (Some(margin), Some(mv)) => Ok((
                        mv,
                        format!(
                            "proved margin {:+} for {}, {} nodes, {:.3} s",
                            margin_for_mover(margin, state.to_move()),
                            mark(state.to_move()),
                            s.stats.nodes,
                            s.stats.elapsed.as_secs_f64()
                        ),
                    )),
                    _ => Err(format!(
                        "margin not proven in {}",
                        show_time(self.fallback.solver_time())
                    )),
                }
            }
        };
        let (mv, report) = match proven {
            Ok(answer) => answer,
            Err(why) => {
                let r = self.fallback.engine(started).search(state)?;
                let words = format!(
                    "{why}; {}, {:.3} s",
                    Fallback::describe(state, &r),
                    started.elapsed().as_secs_f64()
                );
                (r.best_move, words)
            }
        };
        self.report = Some(report);
        Ok(mv)
    }

    fn choose_move_within(&mut self, state: &G, budget: Budget) -> Result<G::Move, SearchError> {
        let time = self.fallback.time;
        self.fallback.time = self.time_within(&budget);
        self.set_budget(Budget::time(self.fallback.solver_time()));
        let choice = self.choose_move(state);
        self.fallback.time = time;
        self.set_budget(Budget::time(self.fallback.solver_time()));
        choice
    }

    /// The exact value of every move (alpha-beta's estimates, said so, when they are not
    /// proven in time), or each move's exact margin for the side to move.
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        let started = Instant::now();
        self.report = None;
        match &mut self.solver {
            Proof::Value(solver) => match solver.analyze(state) {
                Err(SearchError::Unsolved { .. }) => {
                    self.report = Some(format!(
                        "not proven in {}: alpha-beta's estimates",
                        show_time(self.fallback.solver_time())
                    ));
                    self.fallback.engine(started).analyze(state)
                }
                answer => answer,
            },
            Proof::Margin(solver) => {
                let mover = state.to_move();
                let mut moves = Vec::new();
                for mv in state.legal_move_list() {
                    let mut child = state.clone();
                    child.play(mv);
                    let margin = match child.margin().filter(|_| child.outcome().is_over()) {
                        Some(m) => Some(m),
                        None => solver.solve(&child)?.margin,
                    };
                    let value = margin.map_or(MoveValue::Unknown, |m| {
                        MoveValue::Margin(margin_for_mover(m, mover))
                    });
                    moves.push(MoveAnalysis::new(mv, value));
                }
                if moves.iter().any(|m| m.value == MoveValue::Unknown) {
                    self.report = Some("unknown: not proven in time".into());
                }
                Ok(moves)
            }
        }
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn name(&self) -> String {
        "solver".into()
    }
}
