//! The contract checks every engine makes at the root of a search, in every build: cheap
//! (a handful of move generations, once per search), and each one a contract of [`Game`]
//! or [`GameHash`] that an engine would otherwise trust silently and answer wrongly.
//! The conformance checker (feature `testing`) checks the same contracts, and many more,
//! at every state of random games.

use std::collections::HashSet;

use crate::{Game, GameHash, SearchError};

/// Checks the contracts of `state`'s move generation that a search relies on: two calls of
/// [`legal_moves`](Game::legal_moves) give the same moves; a
/// [`winning_move`](Game::winning_move) hook names a legal move; a
/// [`non_losing_moves`](Game::non_losing_moves) hook lists only legal moves. Every engine
/// calls it once, at the root. A finished game has nothing to check.
///
/// # Errors
/// [`SearchError::BrokenPromise`] for move lists that differ between calls;
/// [`SearchError::IllegalHookMove`] for a hook's illegal move.
///
/// ```
/// use search_core::{Game, Outcome, Player, SearchError, check_root};
///
/// #[derive(Clone)]
/// struct Liar;
/// impl Game for Liar {
///     type Move = u8;
///     const HAS_WINNING_MOVE: bool = true;
///     fn to_move(&self) -> Player { Player::First }
///     fn legal_moves(&self, moves: &mut Vec<u8>) { moves.extend([0, 1]) }
///     fn play(&mut self, _: u8) {}
///     fn outcome(&self) -> Outcome { Outcome::Ongoing }
///     fn winning_move(&self) -> Option<u8> { Some(9) } // not a legal move
/// }
/// assert_eq!(
///     check_root(&Liar),
///     Err(SearchError::IllegalHookMove { hook: "winning_move", mv: "9".into() })
/// );
/// ```
pub fn check_root<G: Game>(state: &G) -> Result<(), SearchError> {
    if state.outcome().is_over() {
        return Ok(());
    }
    let mut first = Vec::new();
    state.legal_moves(&mut first);
    let mut second = Vec::new();
    state.legal_moves(&mut second);
    if as_set(&first) != as_set(&second) {
        return Err(SearchError::BrokenPromise {
            what: format!(
                "legal_moves gave {} moves, then {} different ones, for the same position",
                first.len(),
                second.len()
            ),
        });
    }
    if !G::HAS_WINNING_MOVE {
        return Ok(());
    }
    let legal = as_set(&first);
    match state.winning_move() {
        Some(mv) if !legal.contains(&mv) => Err(SearchError::IllegalHookMove {
            hook: "winning_move",
            mv: format!("{mv:?}"),
        }),
        Some(_) => Ok(()),
        None => {
            // Only meaningful (and only called by engines) when no win at once exists.
            second.clear();
            state.non_losing_moves(&mut second);
            match second.iter().find(|mv| !legal.contains(mv)) {
                Some(mv) => Err(SearchError::IllegalHookMove {
                    hook: "non_losing_moves",
                    mv: format!("{mv:?}"),
                }),
                None => Ok(()),
            }
        }
    }
}

/// Checks that [`hash_key`](GameHash::hash_key) tells the root's children apart: two
/// children that certainly differ (in their legal moves, their outcome, the side to move
/// or their [`remaining_plies_bound`](Game::remaining_plies_bound)) must not share a key. A key that is not [exact](GameHash::KEY_IS_EXACT) may
/// collide in principle, but a collision among a handful of positions is a key that is
/// no hash. Every engine with a transposition table calls it once, at the root; with
/// [`check_root`] it also finds a move list that changes between calls.
///
/// # Errors
/// [`SearchError::BrokenPromise`] naming the two moves whose positions share a key.
///
/// ```
/// use search_core::{Game, GameHash, Outcome, Player, SearchError, check_root_keys};
///
/// /// Take one or two stones, with a key that forgets how many are left.
/// #[derive(Clone)]
/// struct Nim(u32);
/// impl Game for Nim {
///     type Move = u32;
///     fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
///     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
///     fn play(&mut self, t: u32) { self.0 -= t }
///     fn outcome(&self) -> Outcome { Outcome::Ongoing }
/// }
/// impl GameHash for Nim {
///     fn hash_key(&self) -> u64 { 0 }
/// }
/// assert!(matches!(check_root_keys(&Nim(2)), Err(SearchError::BrokenPromise { .. })));
/// ```
pub fn check_root_keys<G: GameHash>(state: &G) -> Result<(), SearchError> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let children: Vec<Child<G>> = moves
        .iter()
        .map(|&mv| {
            let mut position = state.clone();
            position.play(mv);
            let mut replies = Vec::new();
            position.legal_moves(&mut replies);
            Child {
                key: position.hash_key(),
                mv,
                replies: as_set(&replies),
                position,
            }
        })
        .collect();
    for (i, a) in children.iter().enumerate() {
        for b in &children[..i] {
            let differ = a.replies != b.replies
                || a.position.outcome() != b.position.outcome()
                || a.position.to_move() != b.position.to_move()
                || a.position.remaining_plies_bound() != b.position.remaining_plies_bound();
            if a.key == b.key && differ {
                return Err(SearchError::BrokenPromise {
                    what: format!(
                        "hash_key gives the different positions after {:?} and {:?} the same key {:#x}",
                        b.mv, a.mv, a.key
                    ),
                });
            }
        }
    }
    Ok(())
}

/// A child of the root, with what tells it apart from the others.
struct Child<G: Game> {
    key: u64,
    mv: G::Move,
    replies: HashSet<G::Move>,
    position: G,
}

fn as_set<M: Copy + Eq + std::hash::Hash>(moves: &[M]) -> HashSet<M> {
    moves.iter().copied().collect()
}
