//! The engines of the games with hidden cards and simultaneous bids, as [`Strategy`]
//! values: information-set MCTS, determinized MCTS, simultaneous-move MCTS (Goofspiel), the
//! CFR+ average strategy (Kuhn, Leduc), and random moves. Each chooses from what the player
//! to move knows.

use std::sync::Arc;

use adversarial::{Cfr, GameTree, Policy};
use mcts::{Determinized, Ismcts, SmMcts};
use search_core::{Budget, RandomMover, SearchError, SplitMix64, Strategy, Turn};

use crate::games::cards::Hidden;
use crate::grammar::{EngineKind, EngineSpec, Strength};

/// A game solved by CFR+: its tree and the average strategy, shared by every seat that
/// plays it.
pub(crate) struct Solved<G: Hidden> {
    tree: GameTree<G>,
    policy: Policy,
}

/// CFR+ on the whole game from `start`, `iterations` times.
pub(crate) fn solve<G: Hidden>(start: &G, iterations: u64) -> Result<Arc<Solved<G>>, String> {
    if !G::SOLVABLE {
        return Err(
            "cfr plays kuhn and leduc only (the other games' trees are too big to solve)".into(),
        );
    }
    let tree = GameTree::new(start).map_err(|e| e.to_string())?;
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(iterations))
        .run()
        .map_err(|e| e.to_string())?;
    Ok(Arc::new(Solved {
        tree,
        policy: result.average,
    }))
}

/// The CFR+ iterations of `cfr` without a strength.
pub(crate) const CFR_ITERATIONS: u64 = 1000;

/// Builds the engine `spec` asks for, seeded with `seed` (its searches and its random
/// choices), or says why it does not fit. `solved` is the game solved by CFR+, for `cfr`
/// ([`solve`] it once for a whole match).
pub(crate) fn engine<G: Hidden>(
    spec: EngineSpec,
    seed: u64,
    solved: Option<&Arc<Solved<G>>>,
) -> Result<Box<dyn Strategy<G>>, String> {
    let strength = spec.strength();
    let budget = || match strength {
        Strength::Depth(_) => Err(format!(
            "{} plays by playouts or time: give e.g. 1000p or 200ms",
            spec.kind
        )),
        s => Ok(s.budget()),
    };
    Ok(match spec.kind {
        EngineKind::Ismcts => Box::new(Ismcts::new().with_seed(seed).with_budget(budget()?)),
        EngineKind::Determinized => {
            Box::new(Determinized::new().with_seed(seed).with_budget(budget()?))
        }
        EngineKind::Smmcts => {
            if !G::SIMULTANEOUS {
                return Err("smmcts plays goofspiel only (a game of simultaneous bids)".into());
            }
            Box::new(Bidder {
                engine: SmMcts::new().with_seed(seed).with_budget(budget()?),
                rng: SplitMix64::new(seed),
            })
        }
        EngineKind::Cfr => {
            let Some(solved) = solved else {
                return Err("cfr needs the game solved first".into());
            };
            Box::new(Equilibrium {
                solved: Arc::clone(solved),
                rng: SplitMix64::new(seed),
            })
        }
        EngineKind::Random => Box::new(RandomMover::new(seed)),
        other => {
            return Err(format!(
                "{other} plays the board games; the games with hidden cards take ismcts, determinized, smmcts, cfr or random"
            ));
        }
    })
}

/// Simultaneous-move MCTS: a bid sampled from its search of each round.
struct Bidder {
    engine: SmMcts,
    rng: SplitMix64,
}

impl<G: Hidden> Strategy<G> for Bidder {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let Turn::Player(mover) = state.turn() else {
            return Err(SearchError::GameOver);
        };
        state
            .simultaneous(mover, &self.engine, &mut self.rng)
            .unwrap_or(Err(SearchError::NoLegalMoves))
    }

    fn name(&self) -> String {
        "smmcts".into()
    }
}

/// The CFR+ average strategy: a move drawn by its probability at the mover's information
/// set.
struct Equilibrium<G: Hidden> {
    solved: Arc<Solved<G>>,
    rng: SplitMix64,
}

impl<G: Hidden> Strategy<G> for Equilibrium<G> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let Turn::Player(mover) = state.turn() else {
            return Err(SearchError::GameOver);
        };
        let Solved { tree, policy } = &*self.solved;
        let id = tree
            .find(mover, &state.info_key(mover))
            .ok_or(SearchError::NoLegalMoves)?;
        let moves = tree.moves(id);
        let probabilities = policy.probabilities(id).unwrap_or(&[]);
        let mut u = self.rng.next_f64();
        for (mv, p) in moves.iter().zip(probabilities) {
            if u < *p {
                return Ok(*mv);
            }
            u -= p;
        }
        moves.last().copied().ok_or(SearchError::NoLegalMoves)
    }

    fn name(&self) -> String {
        "cfr".into()
    }
}
