//! The engines `ply` seats, each a [`Strategy`](search_core::Strategy) that reports what it
//! thought: one file per family of games.
//!
//! | file | engines | games |
//! |---|---|---|
//! | `two_player.rs` | alpha-beta and MCTS (with `--live` and pondering), the exact solvers, random moves | tic-tac-toe, Connect Four, Reversi, Dots and Boxes, Kalah |
//! | `general.rs` | expectiminimax, paranoid, max^n, best-reply, MCTS, random moves | EinStein würfelt nicht!, the m,n,k-game |
//! | `cards.rs` | ISMCTS, determinized MCTS, simultaneous-move MCTS, CFR+, random moves | Kuhn, Leduc, Liar's Dice, tricks, Goofspiel |
//!
//! Every engine is built from an [`EngineSpec`](crate::grammar::EngineSpec) and refuses a
//! strength it cannot use, before any game is played.

pub(crate) mod cards;
pub(crate) mod general;
pub(crate) mod two_player;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use search_core::Player;

/// The transposition table size every command uses unless `--table-mb` says otherwise, in
/// megabytes.
pub(crate) const DEFAULT_TABLE_MB: u64 = 64;

/// How the engines of one seat are built, beside their spec and seed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Settings {
    /// Transposition table size of alpha-beta, expectiminimax and the solver, in megabytes.
    pub table_mb: usize,
    /// Show alpha-beta's and MCTS's thinking on stderr as it goes.
    pub live: bool,
    /// Think on the opponent's time (alpha-beta and MCTS, two-player games), counting the
    /// hits and misses here.
    pub ponder: Option<Arc<PonderTally>>,
}

/// Ponder hits and misses, added up over the games of a match.
#[derive(Debug, Default)]
pub(crate) struct PonderTally {
    hits: AtomicU64,
    misses: AtomicU64,
}

impl PonderTally {
    /// The hits and misses so far.
    pub(crate) fn get(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.misses.load(Ordering::Relaxed),
        )
    }

    /// Counts a hit (`true`) or a miss.
    fn count(&self, hit: bool) {
        let counter = if hit { &self.hits } else { &self.misses };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// Why `engine`, an engine of the games with hidden cards, does not play `game`.
pub(crate) fn cards_only(engine: crate::grammar::EngineKind, game: &str) -> String {
    format!("{engine} plays the games with hidden cards, not {game}")
}

/// A margin as the player to move sees it: `+3`, `-1`, `0`.
pub(crate) fn margin_for_mover(first_margin: i32, mover: Player) -> i32 {
    if mover == Player::First {
        first_margin
    } else {
        -first_margin
    }
}
