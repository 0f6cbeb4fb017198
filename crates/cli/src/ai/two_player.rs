//! Alpha-beta and MCTS as [`Ai`]s: each reports what it thought, shows its thinking as it
//! goes with `--live`, and with `--ponder` thinks on the opponent's time.
//!
//! Pondering starts when the AI's own move has been played ([`Ai::observe`]) and the
//! opponent is to move: alpha-beta searches the position after the reply its principal
//! variation expects ([`Negamax::ponder`]), MCTS grows its tree from the position after
//! the most visited reply ([`Mcts::ponder`]). At the AI's next move, alpha-beta goes on
//! with the pondering search on a hit ([`NegamaxPonder::reply`]), and on a miss stops it
//! and searches afresh (its table keeps what the pondering found; `--live` shows the new
//! search); MCTS stops its pondering and searches the real position, from the pondered
//! tree on a hit. A hint or an analysis meanwhile stops the pondering first.

use std::sync::Arc;

use adversarial::{Negamax, NegamaxPonder, TranspositionTable};
use mcts::{Mcts, MctsHandle, ZeroSum};
use search_core::{Budget, MoveAnalysis, SearchError, Strategy};

use super::{Ai, Choice, Playable};

/// The evaluator alpha-beta uses: the game's own.
pub(super) type Eval<G> = fn(&G) -> i32;

/// Alpha-beta with its own table.
type Engine<G> = Negamax<Eval<G>, Arc<TranspositionTable>>;

/// The error of an AI whose engine was lost: a pondering thread that could not start or
/// that panicked.
fn lost() -> SearchError {
    SearchError::Config("the AI's engine was lost when its pondering failed".to_string())
}

/// The AI's last own move: the position it chose in, the move, and the reply it expects.
struct Last<G: Playable> {
    state: G,
    mv: G::Move,
    expected: Option<G::Move>,
}

/// Whether the opponent is to move after `mv` from `before` (not the same side again, and
/// the game goes on): the position to ponder on, if so.
fn opponent_to_move<G: Playable>(before: &G, mv: G::Move) -> Option<G> {
    let mut after = before.clone();
    after.try_play(mv).ok()?;
    (!after.outcome().is_over() && after.to_move() != before.to_move()).then_some(after)
}

/// Alpha-beta, reporting score, depth and nodes; with `live` it shows each finished depth
/// on stderr while it thinks; with `ponder` it thinks on the opponent's time.
pub(super) struct NegamaxAi<G: Playable> {
    engine: Option<Engine<G>>,
    pondering: Option<NegamaxPonder<G, Eval<G>, Arc<TranspositionTable>>>,
    /// The moves seen while pondering: the opponent's reply, and any more.
    replies: Vec<G::Move>,
    last: Option<Last<G>>,
    live: bool,
    ponder: bool,
    /// Ponder hits and misses.
    record: (u64, u64),
}

impl<G: Playable> NegamaxAi<G> {
    pub(super) fn new(engine: Engine<G>, live: bool, ponder: bool) -> Self {
        NegamaxAi {
            engine: Some(engine),
            pondering: None,
            replies: Vec::new(),
            last: None,
            live,
            ponder,
            record: (0, 0),
        }
    }

    /// Stops any pondering, throwing it away, and gives the engine.
    fn settle(&mut self) -> Result<&mut Engine<G>, SearchError> {
        if let Some(p) = self.pondering.take() {
            self.replies.clear();
            match p.cancel() {
                Ok(engine) => self.engine = Some(engine),
                Err(e) => return Err(e),
            }
        }
        self.engine.as_mut().ok_or_else(lost)
    }

    /// On a ponder hit (the AI pondered on the position before the opponent's reply, and
    /// exactly that reply was played), the answer of the pondering search gone on within
    /// `budget`. On a miss the pondering is stopped and `Ok(None)` says to search afresh
    /// (with the live reports, if asked for), as without pondering.
    fn answer_from_pondering(
        &mut self,
        budget: &Budget,
    ) -> Result<Option<adversarial::SearchResult<G::Move>>, SearchError> {
        let Some(p) = self.pondering.take() else {
            return Ok(None);
        };
        let replies = std::mem::take(&mut self.replies);
        match replies[..] {
            [reply] if reply == p.expected() => {
                let (engine, answer) = p.reply(reply, budget)?;
                self.engine = Some(engine);
                self.record.0 += 1;
                answer.map(|a| Some(a.result))
            }
            _ => {
                self.record.1 += 1;
                self.engine = Some(p.cancel()?);
                Ok(None)
            }
        }
    }
}

impl<G: Playable> Ai<G> for NegamaxAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        self.choose_within(state, &Budget::unlimited())
    }

    fn choose_within(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Choice<G::Move>, SearchError> {
        let pondered = self.pondering.is_some();
        let (r, note) = match self.answer_from_pondering(budget)? {
            Some(r) => (r, ", ponder hit"),
            None => {
                let live = self.live;
                let engine = self.settle()?;
                let own = engine.budget().clone();
                engine.set_budget(own.capped_by(budget));
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
        let score = r
            .score
            .map_or_else(|| "no depth finished".to_string(), |s| format!("score {s}"));
        let thoughts = format!(
            "{score}, depth {}, {} nodes, {:.3} s{note}",
            r.stats.depth_reached,
            r.stats.nodes,
            r.stats.elapsed.as_secs_f64()
        );
        self.last = Some(Last {
            state: state.clone(),
            mv: r.best_move,
            expected: r.pv.get(1).copied(),
        });
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
        // The transposition table already carries what the engine learnt; what is left is
        // to ponder after the AI's own move, and to note the replies meanwhile.
        if self.pondering.is_some() {
            self.replies.push(mv);
            return;
        }
        let Some(last) = self.last.take() else {
            return;
        };
        if !self.ponder || last.state != *before || last.mv != mv {
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

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.settle()?.analyze(state)
    }

    fn ponder_record(&self) -> (u64, u64) {
        self.record
    }
}

/// MCTS, reporting the value it found and how much it searched; it keeps the subtree of
/// every move played as its next root; with `live` it shows its root every 20 ms on stderr
/// while it thinks; with `ponder` it grows its tree on the opponent's time.
pub(super) struct MctsAi<G: Playable> {
    engine: Option<Mcts<G>>,
    pondering: Option<MctsHandle<G, mcts::RandomPlayout, ZeroSum>>,
    /// The position pondered on (after the expected reply), until the next search.
    pondered: Option<G>,
    last: Option<(G, G::Move)>,
    live: bool,
    ponder: bool,
    /// Ponder hits and misses.
    record: (u64, u64),
}

impl<G: Playable> MctsAi<G> {
    pub(super) fn new(engine: Mcts<G>, live: bool, ponder: bool) -> Self {
        MctsAi {
            engine: Some(engine),
            pondering: None,
            pondered: None,
            last: None,
            live,
            ponder,
            record: (0, 0),
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

impl<G: Playable> Ai<G> for MctsAi<G> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, SearchError> {
        self.choose_within(state, &Budget::unlimited())
    }

    fn choose_within(
        &mut self,
        state: &G,
        budget: &Budget,
    ) -> Result<Choice<G::Move>, SearchError> {
        let live = self.live;
        let hit = self.pondered.take().map(|p| p == *state);
        let engine = self.settle()?;
        let own = engine.budget().clone();
        engine.set_budget(own.capped_by(budget));
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
        match hit {
            Some(true) => self.record.0 += 1,
            Some(false) => self.record.1 += 1,
            None => {}
        }
        let note = match hit {
            Some(true) => format!(
                ", ponder hit ({} visits kept)",
                r.root_visits.saturating_sub(r.stats.iterations)
            ),
            Some(false) => ", ponder miss".to_string(),
            None => String::new(),
        };
        let thoughts = format!(
            "{}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s{note}",
            r.value,
            r.stats.iterations,
            r.playouts_per_second(),
            r.tree_size,
            r.stats.elapsed.as_secs_f64()
        );
        self.last = Some((state.clone(), r.best_move));
        Ok(Choice {
            mv: r.best_move,
            thoughts: Some(thoughts),
        })
    }

    fn observe(&mut self, before: &G, mv: G::Move) {
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
        if !(self.ponder && mine) {
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

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        self.settle()?.analyze(state)
    }
    fn ponder_record(&self) -> (u64, u64) {
        self.record
    }
}
