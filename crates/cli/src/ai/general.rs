//! The engines of the games with dice or more than two players (EinStein würfelt nicht!,
//! the m,n,k-game) as [`Strategy`] values that report what they found: expectiminimax with
//! Star2 pruning (two players with dice), paranoid, max^n and best-reply search (more
//! players), MCTS, and random moves.

use std::time::{Duration, Instant};

use adversarial::{BestReply, ChancePruning, Expectimax, GeneralResult, MaxN, Paranoid};
use mcts::GeneralMcts;
use search_core::{Budget, MoveAnalysis, MoveValue, RandomMover, SearchError, Strategy, Turn};

use super::Settings;
use crate::games::table::{Eval, Tabletop};
use crate::grammar::{EngineKind, EngineSpec, Strength};

/// The deepest search a time limit leads to.
const MAX_DEPTH: u32 = 64;

/// The bytes an entry of expectiminimax's table takes, about.
const TABLE_ENTRY_BYTES: usize = 48;

/// Builds the engine `spec` asks for in `state`'s game, seeded with `seed`, or says why it
/// does not fit.
pub(crate) fn engine<G: Tabletop>(
    spec: EngineSpec,
    seed: u64,
    settings: &Settings,
    state: &G,
) -> Result<Box<dyn Strategy<G>>, String> {
    let eval: Eval<G> = G::estimate;
    let strength = spec.strength();
    let two_players = state.player_count() == 2 && G::REWARD_SUM.is_some();
    let search = match spec.kind {
        EngineKind::Random => return Ok(Box::new(RandomMover::new(seed))),
        EngineKind::Mcts => {
            if let Strength::Depth(_) = strength {
                return Err("MCTS plays by time or playouts: give e.g. 500ms or 20000p".into());
            }
            let mcts = GeneralMcts::new()
                .with_seed(seed)
                .with_budget(strength.budget());
            return Ok(Box::new(TableMcts { mcts, report: None }));
        }
        EngineKind::Alphabeta if two_players => Search::Expectimax(
            Expectimax::new(eval)
                .with_pruning(ChancePruning::Star2)
                .with_table_entries(settings.table_mb.saturating_mul(1 << 20) / TABLE_ENTRY_BYTES)
                .with_iterative_deepening(true),
        ),
        EngineKind::Alphabeta => Search::Paranoid(Paranoid::new(eval)),
        EngineKind::Maxn => Search::MaxN(MaxN::new(eval)),
        EngineKind::BestReply if state.player_count() == 2 => {
            return Err(format!(
                "{} is for games of three or more players; {} has two",
                spec.kind,
                G::NAME
            ));
        }
        EngineKind::BestReply => Search::BestReply(BestReply::new(eval)),
        EngineKind::Solver => {
            return Err(format!(
                "solver does not play {}: choose alphabeta, mcts, maxn, best-reply or random",
                G::NAME
            ));
        }
        other => return Err(super::cards_only(other, G::NAME)),
    };
    if let Strength::Playouts(_) = strength {
        return Err(format!(
            "{} plays by depth or time: give e.g. d4 or 500ms",
            spec.kind
        ));
    }
    Ok(Box::new(TableSearch {
        search,
        strength,
        report: None,
    }))
}

/// A depth-first search of a [`Tabletop`] game.
enum Search<G: Tabletop> {
    Expectimax(Expectimax<Eval<G>>),
    Paranoid(Paranoid<Eval<G>>),
    MaxN(MaxN<Eval<G>>),
    BestReply(BestReply<Eval<G>>),
}

/// A search of a [`Tabletop`] game at a depth or within a time, deepening one ply at a time.
struct TableSearch<G: Tabletop> {
    search: Search<G>,
    strength: Strength,
    report: Option<String>,
}

impl<G: Tabletop> TableSearch<G> {
    /// One search to `budget`.
    fn search(&self, state: &G, budget: Budget) -> Result<GeneralResult<G::Move>, SearchError> {
        match &self.search {
            Search::Expectimax(e) => e.clone().with_budget(budget).search(state),
            Search::Paranoid(p) => p.clone().with_budget(budget).search(state),
            Search::MaxN(m) => m.clone().with_budget(budget).search(state),
            Search::BestReply(b) => state.best_reply(&b.clone().with_budget(budget)),
        }
    }

    /// Searches one depth deeper at a time until `limit` runs out: the answer of the deepest
    /// finished depth (expectiminimax deepens by itself). A depth that visits no more nodes
    /// than the one before has reached the end of every line, so deepening stops there.
    fn deepen(&self, state: &G, limit: Duration) -> Result<GeneralResult<G::Move>, SearchError> {
        if let Search::Expectimax(_) = self.search {
            return self.search(state, Budget::time(limit).with_depth(MAX_DEPTH));
        }
        let started = Instant::now();
        let mut best: Option<GeneralResult<G::Move>> = None;
        let mut nodes = 0;
        for depth in 1..=MAX_DEPTH {
            let left = limit.saturating_sub(started.elapsed());
            if left.is_zero() {
                break;
            }
            let r = self.search(state, Budget::depth(depth).with_time(left))?;
            nodes += r.stats.nodes;
            let finished = r.complete;
            let exhausted = best
                .as_ref()
                .is_some_and(|b| b.stats.nodes == r.stats.nodes);
            if finished || best.is_none() {
                best = Some(r);
            }
            if !finished || exhausted {
                break;
            }
        }
        let mut best = best.ok_or(SearchError::NoLegalMoves)?;
        best.stats.nodes = nodes;
        Ok(best)
    }
}

impl<G: Tabletop> Strategy<G> for TableSearch<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let started = Instant::now();
        let result = match self.strength {
            Strength::Depth(d) => self.search(state, Budget::depth(d))?,
            Strength::Time(limit) => self.deepen(state, limit)?,
            Strength::Playouts(_) => {
                return Err(SearchError::Config(
                    "this engine plays by depth or time".into(),
                ));
            }
        };
        let mover = mover_name(state);
        let value = result.value.map_or_else(
            || "no depth finished".to_string(),
            |v| format!("value {v:+.3} for {mover}"),
        );
        let depth = match result.stats.depth_reached {
            d if d >= MAX_DEPTH => format!("{d} plies or more"),
            d => format!("depth {d}"),
        };
        self.report = Some(format!(
            "{value}, {depth}, {} nodes, {:.3} s",
            result.stats.nodes,
            started.elapsed().as_secs_f64()
        ));
        Ok(result.best_move)
    }

    /// The move the search would play first (its value in the report); the others unknown.
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        let best = self.choose_move(state)?;
        let mut moves = Vec::new();
        state.moves(&mut moves);
        moves.sort_by_key(|&m| m != best);
        Ok(moves
            .into_iter()
            .map(|m| MoveAnalysis::new(m, MoveValue::Unknown))
            .collect())
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn name(&self) -> String {
        match self.search {
            Search::Expectimax(_) => "expectimax",
            Search::Paranoid(_) => "paranoid",
            Search::MaxN(_) => "maxn",
            Search::BestReply(_) => "best-reply",
        }
        .into()
    }
}

/// The name of the player to move (empty at a roll of the dice or the end).
fn mover_name<G: Tabletop>(state: &G) -> String {
    match state.turn() {
        Turn::Player(p) => G::seat_name(p),
        _ => String::new(),
    }
}

/// MCTS for a [`Tabletop`] game, reporting its value for the mover and its effort.
struct TableMcts<G: Tabletop> {
    mcts: GeneralMcts<G>,
    report: Option<String>,
}

impl<G: Tabletop> Strategy<G> for TableMcts<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let r = self.mcts.search(state)?;
        let proven = if r.value.is_proven() { ", proven" } else { "" };
        let mover = mover_name(state);
        self.report = Some(format!(
            "value {:+.3} for {mover}{proven}, {} playouts ({:.0}/s), tree {} nodes, {:.3} s",
            r.in_game_units(r.value.reward()),
            r.stats.iterations,
            r.playouts_per_second(),
            r.tree_size,
            r.stats.elapsed.as_secs_f64()
        ));
        Ok(r.best_move)
    }

    fn report(&self) -> Option<String> {
        self.report.clone()
    }

    fn name(&self) -> String {
        "mcts".into()
    }
}
