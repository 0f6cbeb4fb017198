//! Conformance checks and proptest strategies for any [`Game`] (feature `testing`).
//!
//! [`Conformance`] plays seeded random games and checks, at every state, what OpenSpiel's
//! random simulation tests check, plus the contracts of this crate's optional hooks:
//!
//! * a clone equals the original, and stays equal when both play the same move;
//! * a non-terminal state has legal moves and a terminal one has none; the moves are
//!   unique; `legal_moves` appends and is deterministic; `legal_move_count` agrees;
//!   `random_move` draws as its default does (one `below(n)` over the legal moves);
//! * a move that keeps the turn (an extra turn, which every engine follows) only in a game
//!   that does not declare [`Game::MOVES_CANNOT_LOSE`] or [`Game::NON_LOSING_MOVES_EXACT`],
//!   whose bounds hold only when turns alternate (the engines answer
//!   [`SearchError::TurnDidNotPass`](crate::SearchError::TurnDidNotPass) there);
//! * `undo` (when [`Game::HAS_UNDO`]) restores the state exactly (and its hash);
//! * `winning_move` returns a legal, winning move exactly when one exists;
//! * `non_losing_moves` returns legal moves only, and nothing only when every move loses;
//!   with [`Game::NON_LOSING_MOVES_EXACT`], none of the moves it keeps loses at once;
//! * with [`Game::MOVES_CANNOT_LOSE`], no move ends the game in a loss for its player;
//! * `remaining_plies_bound` shrinks with every move and the game ends within the declared
//!   maximum length;
//! * with [`Conformance::check_hashed`]: equal states (clones, undone moves, transpositions
//!   reached by two move orders) have equal keys; an exact key never maps two different
//!   states; and a key that is not exact still looks like a hash: transposition tables trust
//!   all 64 bits of it, so among the states seen no key may be shared by three different
//!   states, and at most two keys by two (a decent 64-bit hash collides about once in
//!   2^32 states; a key that forgets whose turn it is, or a constant, fails at once).
//!
//! [`reachable_state`] and [`ongoing_state`] are proptest strategies that yield random states
//! reachable from an initial state, and shrink towards shorter games.
//!
//! ```
//! use search_core::testing::Conformance;
//! use search_core::{Game, GameHash, Outcome, Player};
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { stones: u32, to_move: Player }
//! impl Game for Nim {
//!     type Move = u32;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
//!     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
//!     fn outcome(&self) -> Outcome {
//!         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
//!     }
//!     fn remaining_plies_bound(&self) -> Option<u32> { Some(self.stones) }
//! }
//! impl GameHash for Nim {
//!     fn hash_key(&self) -> u64 { u64::from(self.stones) * 2 + self.to_move.index() as u64 }
//! }
//! impl std::fmt::Display for Nim {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "{} stones, {} to move", self.stones, self.to_move)
//!     }
//! }
//!
//! let report = Conformance::new().with_games(50).with_seed(1)
//!     .check_hashed(&Nim { stones: 10, to_move: Player::First })
//!     .expect("Nim conforms");
//! assert_eq!(report.games, 50);
//! ```

use core::fmt::{self, Debug, Display};
use std::collections::{HashMap, HashSet};

use crate::rng::SplitMix64;
use proptest::prelude::*;

use crate::game::{Game, Outcome};
use crate::game_hash::GameHash;

mod general;
mod imperfect;
mod resident;

pub use resident::peak_resident_growth;

/// What a conformance run covered.
///
/// ```
/// let r = search_core::testing::ConformanceReport::default();
/// assert_eq!(r.states, 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Random games played to the end.
    pub games: u32,
    /// States checked.
    pub states: u64,
    /// The longest game seen, in plies.
    pub longest_game: u32,
    /// Transpositions compared (hashed checks only): pairs of move orders `a r b` and
    /// `b r a` from one state that reached equal states, whose keys were then compared.
    /// Move orders that reach different states are not counted.
    pub transpositions: u64,
}

/// A broken contract, with the state where it broke (in the game's `Display` form) and the
/// moves that led there from the initial state.
///
/// ```
/// use search_core::testing::ConformanceError;
/// let e = ConformanceError { rule: "clone differs".into(), state: "X..".into(), moves: "[0]".into() };
/// assert!(e.to_string().contains("clone differs"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConformanceError {
    /// Which rule failed, in words.
    pub rule: String,
    /// The state where it failed, as the game displays it.
    pub state: String,
    /// The moves from the initial state to that state (`Debug` form).
    pub moves: String,
}

impl Display for ConformanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game contract violated: {}\nafter moves {}\nstate:\n{}",
            self.rule, self.moves, self.state
        )
    }
}

impl std::error::Error for ConformanceError {}

/// Seeded random-playout conformance checker for [`Game`] implementations.
///
/// ```
/// use search_core::testing::Conformance;
/// let c = Conformance::new().with_games(10).with_seed(99).with_max_game_length(50);
/// assert_eq!(c.game_count(), 10);
/// ```
#[derive(Clone, Debug)]
pub struct Conformance {
    games: u32,
    seed: u64,
    max_length: Option<u32>,
}

impl Default for Conformance {
    fn default() -> Self {
        Self::new()
    }
}

/// Without a declared maximum length, games longer than this are reported as endless.
const DEFAULT_MAX_LENGTH: u32 = 100_000;

impl Conformance {
    /// 100 games from seed 0; the maximum length is the initial state's
    /// [`remaining_plies_bound`](Game::remaining_plies_bound), or 100,000 plies without one.
    ///
    /// ```
    /// assert_eq!(search_core::testing::Conformance::new().game_count(), 100);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Conformance {
            games: 100,
            seed: 0,
            max_length: None,
        }
    }

    /// How many random games to play.
    ///
    /// ```
    /// assert_eq!(search_core::testing::Conformance::new().with_games(7).game_count(), 7);
    /// ```
    #[must_use]
    pub fn with_games(mut self, games: u32) -> Self {
        self.games = games;
        self
    }

    /// The seed of the random games (the same seed replays the same games).
    ///
    /// ```
    /// let _ = search_core::testing::Conformance::new().with_seed(5);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Declares that every game ends within `plies` plies.
    ///
    /// ```
    /// let _ = search_core::testing::Conformance::new().with_max_game_length(9);
    /// ```
    #[must_use]
    pub fn with_max_game_length(mut self, plies: u32) -> Self {
        self.max_length = Some(plies);
        self
    }

    /// The number of games a check plays.
    ///
    /// ```
    /// assert_eq!(search_core::testing::Conformance::new().with_games(3).game_count(), 3);
    /// ```
    #[must_use]
    pub fn game_count(&self) -> u32 {
        self.games
    }

    /// Checks every contract of [`Game`] on seeded random games from `initial`.
    ///
    /// # Errors
    /// The first [`ConformanceError`] found.
    ///
    /// See the [module documentation](self) for an example.
    pub fn check<G>(&self, initial: &G) -> Result<ConformanceReport, ConformanceError>
    where
        G: Game + PartialEq + Display,
    {
        self.run(initial, &mut NoHash)
    }

    /// Like [`check`](Conformance::check), plus the [`GameHash`] contracts.
    ///
    /// # Errors
    /// The first [`ConformanceError`] found.
    ///
    /// See the [module documentation](self) for an example.
    pub fn check_hashed<G>(&self, initial: &G) -> Result<ConformanceReport, ConformanceError>
    where
        G: GameHash + PartialEq + Display,
    {
        self.run(initial, &mut WithHash::default())
    }

    fn run<G, H>(&self, initial: &G, hasher: &mut H) -> Result<ConformanceReport, ConformanceError>
    where
        G: Game + PartialEq + Display,
        H: HashCheck<G>,
    {
        let max_length = self
            .max_length
            .or_else(|| initial.remaining_plies_bound())
            .unwrap_or(DEFAULT_MAX_LENGTH);
        let mut rng = SplitMix64::new(self.seed);
        let mut report = ConformanceReport::default();
        let mut moves = Vec::new();
        for _ in 0..self.games {
            let mut state = initial.clone();
            let mut history: Vec<G::Move> = Vec::new();
            loop {
                let fail = |rule: String, state: &G| ConformanceError {
                    rule,
                    state: state.to_string(),
                    moves: format!("{history:?}"),
                };
                report.states += 1;
                check_state(&state, &mut moves).map_err(|r| fail(r, &state))?;
                hasher
                    .check(&state, &mut moves, &mut rng, &mut report)
                    .map_err(|r| fail(r, &state))?;
                if state.outcome().is_over() {
                    break;
                }
                if history.len() as u32 >= max_length {
                    return Err(fail(
                        format!(
                            "the game did not end within its maximum length of {max_length} plies"
                        ),
                        &state,
                    ));
                }
                moves.clear();
                state.legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len())];
                check_move(&state, mv).map_err(|r| fail(r, &state))?;
                if G::HAS_UNDO {
                    let mut copy = state.clone();
                    copy.play(mv);
                    if !copy.undo(mv) {
                        return Err(fail(
                            format!("HAS_UNDO is true but undo({mv:?}) returned false"),
                            &state,
                        ));
                    }
                    if copy != state {
                        return Err(fail(
                            format!("play({mv:?}) then undo({mv:?}) does not restore the state"),
                            &state,
                        ));
                    }
                    hasher
                        .undo_restores(&state, mv)
                        .map_err(|r| fail(r, &state))?;
                }
                state.play(mv);
                history.push(mv);
            }
            report.games += 1;
            report.longest_game = report.longest_game.max(history.len() as u32);
        }
        Ok(report)
    }
}

/// The checks of one state that need nothing but the `Game` trait.
fn check_state<G: Game + PartialEq>(state: &G, moves: &mut Vec<G::Move>) -> Result<(), String> {
    let copy = state.clone();
    if copy != *state {
        return Err("a clone is not equal to the original".into());
    }
    moves.clear();
    state.legal_moves(moves);
    let n = moves.len();
    state.legal_moves(moves);
    if moves.len() != 2 * n || moves[..n] != moves[n..] {
        return Err(
            "legal_moves must append to the buffer and give the same moves every time".into(),
        );
    }
    moves.truncate(n);
    if state.legal_move_count() != n {
        return Err(format!(
            "legal_move_count is {} but legal_moves gives {n} moves",
            state.legal_move_count()
        ));
    }
    let mut scratch = Vec::new();
    for seed in 0..8 {
        let mut drawn = SplitMix64::new(seed);
        let mut listed = drawn.clone();
        let got = state.random_move(&mut drawn, &mut scratch);
        let want = (n > 0).then(|| moves[listed.below(n)]);
        if got != want || drawn != listed {
            return Err(format!(
                "random_move gives {got:?} where one below({n}) over legal_moves gives {want:?} \
                 (it must draw exactly as the default does)"
            ));
        }
    }
    let over = state.outcome().is_over();
    if over && n > 0 {
        return Err(format!(
            "the game is over ({}) but there are {n} legal moves",
            state.outcome()
        ));
    }
    if !over && n == 0 {
        return Err("the game is ongoing but there are no legal moves".into());
    }
    let unique: HashSet<G::Move> = moves.iter().copied().collect();
    if unique.len() != n {
        return Err(format!("legal moves are not unique: {moves:?}"));
    }
    if let Some(bound) = state.remaining_plies_bound() {
        if !over && bound == 0 {
            return Err("remaining_plies_bound is 0 but the game is ongoing".into());
        }
    }
    // winning_move must be exact.
    let me = state.to_move();
    let winners: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let mut c = state.clone();
            c.play(mv);
            c.outcome() == Outcome::Win(me)
        })
        .collect();
    match state.winning_move() {
        Some(mv) if !winners.contains(&mv) => {
            return Err(format!(
                "winning_move returned {mv:?}, which is not a legal move that wins at once"
            ));
        }
        None if !winners.is_empty() => {
            return Err(format!(
                "winning_move returned None but {winners:?} win at once"
            ));
        }
        _ => {}
    }
    if !over && winners.is_empty() {
        let mut reduced = Vec::new();
        state.non_losing_moves(&mut reduced);
        if let Some(bad) = reduced.iter().find(|mv| !moves.contains(mv)) {
            return Err(format!(
                "non_losing_moves returned {bad:?}, which is not legal"
            ));
        }
        let unique: HashSet<G::Move> = reduced.iter().copied().collect();
        if unique.len() != reduced.len() {
            return Err(format!("non_losing_moves are not unique: {reduced:?}"));
        }
        let survives = |mv: G::Move| {
            let mut c = state.clone();
            c.play(mv);
            c.outcome().is_over() || !can_win_at_once(&c)
        };
        if reduced.is_empty() {
            if let Some(mv) = moves.iter().copied().find(|&mv| survives(mv)) {
                return Err(format!(
                    "non_losing_moves is empty but {mv:?} does not lose at the opponent's next move"
                ));
            }
        }
        if G::NON_LOSING_MOVES_EXACT {
            if let Some(mv) = reduced.iter().copied().find(|&mv| !survives(mv)) {
                return Err(format!(
                    "NON_LOSING_MOVES_EXACT, but non_losing_moves kept {mv:?}, after which the opponent wins at once"
                ));
            }
        }
    }
    if G::MOVES_CANNOT_LOSE {
        let loser = Outcome::Win(me.opponent());
        if let Some(mv) = moves.iter().copied().find(|&mv| {
            let mut c = state.clone();
            c.play(mv);
            c.outcome() == loser
        }) {
            return Err(format!(
                "MOVES_CANNOT_LOSE, but {mv:?} ends the game in a loss for the player who makes it"
            ));
        }
    }
    Ok(())
}

/// `true` if the side to move has a move that wins at once (by playing every move: the
/// checker never trusts the hook it is checking).
fn can_win_at_once<G: Game>(state: &G) -> bool {
    let me = state.to_move();
    state.legal_move_list().into_iter().any(|mv| {
        let mut c = state.clone();
        c.play(mv);
        c.outcome() == Outcome::Win(me)
    })
}

/// The checks of one move from one state.
fn check_move<G: Game + PartialEq>(state: &G, mv: G::Move) -> Result<(), String> {
    let mut a = state.clone();
    let mut b = state.clone();
    a.play(mv);
    b.play(mv);
    if a != b {
        return Err(format!("two clones differ after both play {mv:?}"));
    }
    if a.to_move() == state.to_move() && (G::MOVES_CANNOT_LOSE || G::NON_LOSING_MOVES_EXACT) {
        return Err(format!(
            "the turn did not pass to the opponent after {mv:?}, but the game declares MOVES_CANNOT_LOSE or NON_LOSING_MOVES_EXACT, which hold only when turns alternate (a game with extra turns must not declare them)"
        ));
    }
    let mut via = state.clone();
    let seen = via.with_move(mv, |child| child.clone());
    if seen != a || via != *state {
        return Err(format!(
            "with_move({mv:?}) did not play and restore correctly"
        ));
    }
    if let (Some(before), Some(after)) = (state.remaining_plies_bound(), a.remaining_plies_bound())
    {
        if after + 1 > before {
            return Err(format!(
                "remaining_plies_bound went from {before} to {after} after {mv:?}: it must shrink"
            ));
        }
    }
    Ok(())
}

/// Hash checks, switched on or off at compile time.
trait HashCheck<G: Game> {
    fn check(
        &mut self,
        state: &G,
        moves: &mut Vec<G::Move>,
        rng: &mut SplitMix64,
        report: &mut ConformanceReport,
    ) -> Result<(), String>;
    fn undo_restores(&mut self, state: &G, mv: G::Move) -> Result<(), String>;
}

struct NoHash;

impl<G: Game> HashCheck<G> for NoHash {
    fn check(
        &mut self,
        _: &G,
        _: &mut Vec<G::Move>,
        _: &mut SplitMix64,
        _: &mut ConformanceReport,
    ) -> Result<(), String> {
        Ok(())
    }
    fn undo_restores(&mut self, _: &G, _: G::Move) -> Result<(), String> {
        Ok(())
    }
}

struct WithHash<G> {
    /// Key -> the different states seen with that key (at most two are kept).
    seen: HashMap<u64, Vec<G>>,
    /// Keys seen with two different states (keys that are not exact only).
    shared_keys: u32,
}

impl<G> Default for WithHash<G> {
    fn default() -> Self {
        WithHash {
            seen: HashMap::new(),
            shared_keys: 0,
        }
    }
}

/// States remembered per run for the key checks, at most.
const MAX_REMEMBERED: usize = 200_000;

/// Keys that are not exact: how many keys may be shared by two different states before the
/// key is reported as no hash at all (a random 64-bit key has about a one-in-a-billion
/// chance of a single such pair among `MAX_REMEMBERED` states).
const MAX_SHARED_KEYS: u32 = 2;

impl<G: GameHash + PartialEq + Display> WithHash<G> {
    /// Remembers `state` under `key`, and reports keys shared by different states.
    fn remember(&mut self, key: u64, state: &G) -> Result<(), String> {
        if self.seen.len() >= MAX_REMEMBERED && !self.seen.contains_key(&key) {
            return Ok(());
        }
        let states = self.seen.entry(key).or_default();
        if states.contains(state) {
            return Ok(());
        }
        if let Some(other) = states.first() {
            if G::KEY_IS_EXACT {
                return Err(format!(
                    "KEY_IS_EXACT, but key {key:#x} also belongs to this other state:\n{other}"
                ));
            }
            if states.len() >= 2 {
                return Err(format!(
                    "three different states share the key {key:#x} (this one and:\n{other}\nand:\n{}\n): \
                     transposition tables trust the whole 64-bit key and would mix up their values; \
                     use a real hash of the whole state, whose turn it is included",
                    states[1]
                ));
            }
            self.shared_keys += 1;
            if self.shared_keys > MAX_SHARED_KEYS {
                return Err(format!(
                    "{} keys are each shared by two different states (the last, {key:#x}, by this one and:\n{other}\n): \
                     transposition tables trust the whole 64-bit key and would mix up their values; \
                     use a real hash of the whole state, whose turn it is included",
                    self.shared_keys
                ));
            }
        }
        states.push(state.clone());
        Ok(())
    }
}

impl<G: GameHash + PartialEq + Display> HashCheck<G> for WithHash<G> {
    fn check(
        &mut self,
        state: &G,
        moves: &mut Vec<G::Move>,
        rng: &mut SplitMix64,
        report: &mut ConformanceReport,
    ) -> Result<(), String> {
        let key = state.hash_key();
        if state.clone().hash_key() != key {
            return Err("a clone has a different hash_key".into());
        }
        if G::KEY_BITS < 64 {
            for (name, k) in [("hash_key", key), ("canonical_key", state.canonical_key())] {
                if k >> G::KEY_BITS != 0 {
                    return Err(format!(
                        "KEY_BITS is {}, but {name} {k:#x} has a higher bit set",
                        G::KEY_BITS
                    ));
                }
            }
        }
        self.remember(key, state)?;
        // Transposition: a, r, b and b, r, a (r an opponent reply legal in both orders).
        moves.clear();
        state.legal_moves(moves);
        if moves.len() < 2 {
            return Ok(());
        }
        let a = moves[rng.below(moves.len())];
        let b = moves[rng.below(moves.len())];
        if a == b {
            return Ok(());
        }
        let mut after_a = state.clone();
        after_a.play(a);
        let mut after_b = state.clone();
        after_b.play(b);
        if after_a.outcome().is_over() || after_b.outcome().is_over() {
            return Ok(());
        }
        moves.clear();
        after_a.legal_moves(moves);
        if moves.is_empty() {
            return Err(format!(
                "after {a:?} the game is ongoing but there are no legal moves"
            ));
        }
        let reply = moves[rng.below(moves.len())];
        if !after_b.is_legal(reply) {
            return Ok(());
        }
        after_a.play(reply);
        after_b.play(reply);
        if after_a.outcome().is_over() || after_b.outcome().is_over() {
            return Ok(());
        }
        if !(after_a.is_legal(b) && after_b.is_legal(a)) {
            return Ok(());
        }
        after_a.play(b);
        after_b.play(a);
        if after_a != after_b {
            return Ok(()); // two different states: nothing to compare
        }
        report.transpositions += 1;
        if after_a.hash_key() != after_b.hash_key() {
            return Err(format!(
                "moves {a:?} {reply:?} {b:?} and {b:?} {reply:?} {a:?} reach the same state with different keys {:#x} and {:#x}",
                after_a.hash_key(),
                after_b.hash_key()
            ));
        }
        Ok(())
    }

    fn undo_restores(&mut self, state: &G, mv: G::Move) -> Result<(), String> {
        let mut copy = state.clone();
        copy.play(mv);
        copy.undo(mv);
        if copy.hash_key() != state.hash_key() {
            return Err(format!(
                "play({mv:?}) then undo({mv:?}) does not restore the hash_key"
            ));
        }
        Ok(())
    }
}

/// Plays the moves chosen by `choices` (each taken modulo the number of legal moves) from
/// `initial`, stopping when the game ends or, with `stop_before_end`, just before a move
/// that would end it.
fn replay<G: Game>(initial: &G, choices: &[u16], stop_before_end: bool) -> G {
    let mut state = initial.clone();
    let mut moves = Vec::new();
    for &c in choices {
        if state.outcome().is_over() {
            break;
        }
        moves.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(c) % moves.len()];
        if stop_before_end {
            let mut next = state.clone();
            next.play(mv);
            if next.outcome().is_over() {
                break;
            }
            state = next;
        } else {
            state.play(mv);
        }
    }
    state
}

/// A proptest strategy yielding states reachable from `initial` in at most `max_plies`
/// random moves (possibly terminal). It shrinks towards fewer plies and earlier moves.
///
/// ```
/// use proptest::prelude::*;
/// use search_core::testing::reachable_state;
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone, Debug)] struct Nim(u32, Player);
/// # impl Game for Nim {
/// #   type Move = u32;
/// #   fn to_move(&self) -> Player { self.1 }
/// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
/// #   fn play(&mut self, t: u32) { self.0 -= t; self.1 = self.1.opponent() }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Win(self.1.opponent()) } else { Outcome::Ongoing } }
/// # }
/// proptest!(|(s in reachable_state(Nim(9, Player::First), 20))| {
///     prop_assert!(s.0 <= 9);
/// });
/// ```
pub fn reachable_state<G: Game + Debug>(initial: G, max_plies: usize) -> impl Strategy<Value = G> {
    proptest::collection::vec(any::<u16>(), 0..=max_plies)
        .prop_map(move |choices| replay(&initial, &choices, false))
}

/// Like [`reachable_state`], but the state is always ongoing (the walk stops before a move
/// that would end the game): what engines need as a root.
///
/// ```
/// use proptest::prelude::*;
/// use search_core::testing::ongoing_state;
/// use search_core::Game;
/// # use search_core::{Outcome, Player};
/// # #[derive(Clone, Debug)] struct Nim(u32, Player);
/// # impl Game for Nim {
/// #   type Move = u32;
/// #   fn to_move(&self) -> Player { self.1 }
/// #   fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.0)) }
/// #   fn play(&mut self, t: u32) { self.0 -= t; self.1 = self.1.opponent() }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Win(self.1.opponent()) } else { Outcome::Ongoing } }
/// # }
/// proptest!(|(s in ongoing_state(Nim(9, Player::First), 20))| {
///     prop_assert!(!s.outcome().is_over());
/// });
/// ```
pub fn ongoing_state<G: Game + Debug>(initial: G, max_plies: usize) -> impl Strategy<Value = G> {
    proptest::collection::vec(any::<u16>(), 0..=max_plies)
        .prop_map(move |choices| replay(&initial, &choices, true))
}
