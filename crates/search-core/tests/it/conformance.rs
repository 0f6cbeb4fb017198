//! The conformance checker (`search_core::testing`) against games broken on purpose.

use search_core::testing::*;
use search_core::*;
use std::fmt::{self, Display};

/// Take 1 or 2 stones; with `misere`, whoever takes the last stone *loses*.
#[derive(Clone, Debug, PartialEq)]
struct Nim<const MISERE: bool, const PROMISES: bool> {
    stones: u32,
    to_move: Player,
}

impl<const MISERE: bool, const PROMISES: bool> Game for Nim<MISERE, PROMISES> {
    type Move = u32;
    const MOVES_CANNOT_LOSE: bool = PROMISES;
    const NON_LOSING_MOVES_EXACT: bool = PROMISES;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        if self.stones > 0 {
            m.extend((1..=2).filter(|&t| t <= self.stones));
        }
    }
    fn play(&mut self, t: u32) {
        self.stones -= t;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        match (self.stones, MISERE) {
            (0, false) => Outcome::Win(self.to_move.opponent()),
            (0, true) => Outcome::Win(self.to_move),
            _ => Outcome::Ongoing,
        }
    }
}

impl<const MISERE: bool, const PROMISES: bool> Display for Nim<MISERE, PROMISES> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} stones, {} to move", self.stones, self.to_move)
    }
}

fn start<const M: bool, const P: bool>() -> Nim<M, P> {
    Nim {
        stones: 10,
        to_move: Player::First,
    }
}

/// Two moves from the start, after which the game claims to go on with no move left.
#[derive(Clone, Debug, PartialEq)]
struct Stuck(u8);

impl Game for Stuck {
    type Move = u8;
    fn to_move(&self) -> Player {
        Player::First
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        if self.0 == 0 {
            m.extend([1, 2]);
        }
    }
    fn play(&mut self, mv: u8) {
        self.0 = mv;
    }
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
}

impl search_core::GameHash for Stuck {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        u64::from(self.0)
    }
}

impl Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "after {}", self.0)
    }
}

#[test]
fn an_ongoing_game_without_moves_is_reported_by_both_checks() {
    // The hashed check looks one move further than the plain one (transpositions):
    // whichever state it meets first, the answer is a report, never a panic.
    for seed in 0..16 {
        let plain = Conformance::new().with_seed(seed).check(&Stuck(0));
        let hashed = Conformance::new().with_seed(seed).check_hashed(&Stuck(0));
        for err in [plain.unwrap_err(), hashed.unwrap_err()] {
            assert!(err.rule.contains("no legal moves"), "{err}");
        }
    }
}

#[test]
fn honest_games_pass() {
    Conformance::new().check(&start::<false, false>()).unwrap();
    Conformance::new().check(&start::<true, false>()).unwrap();
}

#[test]
fn a_false_moves_cannot_lose_promise_is_caught() {
    // In misère Nim taking the last stone loses: the promise is false.
    let err = Conformance::new()
        .check(&start::<true, true>())
        .unwrap_err();
    assert!(err.rule.contains("MOVES_CANNOT_LOSE"), "{err}");
}

#[test]
fn a_false_exact_non_losing_moves_promise_is_caught() {
    // The default non_losing_moves keeps every move, including those that hand the
    // opponent a win at once, so NON_LOSING_MOVES_EXACT is false for normal Nim.
    let err = Conformance::new()
        .check(&start::<false, true>())
        .unwrap_err();
    assert!(err.rule.contains("NON_LOSING_MOVES_EXACT"), "{err}");
}

/// Normal Nim whose `random_move` is wrong: always the first legal move (`SKEW` 0), or
/// the right pick but from a generator advanced twice (`SKEW` 1).
#[derive(Clone, Debug, PartialEq)]
struct SkewedNim<const SKEW: u8>(Nim<false, false>);

impl<const SKEW: u8> Game for SkewedNim<SKEW> {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        self.0.legal_moves(m);
    }
    fn play(&mut self, t: u32) {
        self.0.play(t);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn random_move(&self, rng: &mut SplitMix64, moves: &mut Vec<u32>) -> Option<u32> {
        moves.clear();
        self.legal_moves(moves);
        let k = rng.below(moves.len().max(1));
        if SKEW == 1 {
            rng.next_u64();
        }
        moves.get(if SKEW == 0 { 0 } else { k }).copied()
    }
}

impl<const SKEW: u8> Display for SkewedNim<SKEW> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.0, f)
    }
}

#[test]
fn a_random_move_that_draws_otherwise_is_caught() {
    for err in [
        Conformance::new()
            .check(&SkewedNim::<0>(start()))
            .unwrap_err(),
        Conformance::new()
            .check(&SkewedNim::<1>(start()))
            .unwrap_err(),
    ] {
        assert!(err.rule.contains("random_move"), "{err}");
    }
}

/// Normal Nim with a key chosen by `KEY`: 0 a real key (stones and turn), 1 a constant,
/// 2 the stones alone (it forgets whose turn it is), 3 stones and turn in the low bits
/// with a `KEY_BITS` too small for them.
#[derive(Clone, Debug, PartialEq)]
struct Keyed<const KEY: u8>(Nim<false, false>);

impl<const KEY: u8> Game for Keyed<KEY> {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        self.0.legal_moves(m);
    }
    fn play(&mut self, t: u32) {
        self.0.play(t);
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
}

impl<const KEY: u8> GameHash for Keyed<KEY> {
    const KEY_BITS: u32 = if KEY == 3 { 3 } else { 64 };
    fn hash_key(&self) -> u64 {
        let n = self.0;
        match KEY {
            0 => (u64::from(n.stones) * 2 + n.to_move.index() as u64)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15),
            1 => 0,
            3 => u64::from(n.stones) * 2 + n.to_move.index() as u64,
            _ => u64::from(n.stones),
        }
    }
}

impl<const KEY: u8> Display for Keyed<KEY> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.0, f)
    }
}

impl Copy for Nim<false, false> {}

#[test]
fn a_real_key_that_is_not_exact_passes() {
    let r = Conformance::new()
        .check_hashed(&Keyed::<0>(start()))
        .unwrap();
    assert!(r.transpositions > 0);
}

#[test]
fn a_constant_key_is_caught() {
    let err = Conformance::new()
        .check_hashed(&Keyed::<1>(start()))
        .unwrap_err();
    assert!(
        err.rule
            .contains("three different states share the key 0x0"),
        "{err}"
    );
}

#[test]
fn a_key_that_forgets_the_turn_is_caught() {
    // 10 stones: 8 stones are reached with either player to move, 7 too, and so on.
    let err = Conformance::new()
        .check_hashed(&Keyed::<2>(start()))
        .unwrap_err();
    assert!(
        err.rule
            .contains("keys are each shared by two different states"),
        "{err}"
    );
}

#[test]
fn a_key_above_key_bits_is_caught() {
    // 10 stones: keys up to 21 need 5 bits, and the game promises 3.
    let err = Conformance::new()
        .check_hashed(&Keyed::<3>(start()))
        .unwrap_err();
    assert!(err.rule.contains("KEY_BITS is 3"), "{err}");
}

/// A state that remembers its history: no two move orders ever reach equal states.
#[derive(Clone, Debug, PartialEq)]
struct History(Vec<u8>);

impl Game for History {
    type Move = u8;
    fn to_move(&self) -> Player {
        if self.0.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        if self.0.len() < 5 {
            m.extend(0..4);
        }
    }
    fn play(&mut self, mv: u8) {
        self.0.push(mv);
    }
    fn outcome(&self) -> Outcome {
        if self.0.len() < 5 {
            Outcome::Ongoing
        } else {
            Outcome::Draw
        }
    }
}

impl GameHash for History {
    fn hash_key(&self) -> u64 {
        self.0.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &m| {
            (h ^ u64::from(m)).wrapping_mul(0x100_0000_01b3)
        })
    }
}

impl Display for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

#[test]
fn only_real_transpositions_are_counted() {
    // `a r b` and `b r a` never reach the same history: nothing was compared.
    let r = Conformance::new()
        .check_hashed(&History(Vec::new()))
        .unwrap();
    assert_eq!(r.transpositions, 0);
    assert!(r.states > 0);
}

/// Take 1 or 2 sticks; taking 2 keeps the turn (an extra turn); the game is a draw when
/// the sticks are gone, so no move loses: `PROMISE` declares `MOVES_CANNOT_LOSE`, true
/// of the outcomes but a promise that needs alternating turns.
#[derive(Clone, Debug, PartialEq)]
struct Sticks<const PROMISE: bool> {
    sticks: u32,
    to_move: Player,
}

impl<const PROMISE: bool> Game for Sticks<PROMISE> {
    type Move = u32;
    const MOVES_CANNOT_LOSE: bool = PROMISE;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u32>) {
        m.extend((1..=2).filter(|&t| t <= self.sticks));
    }
    fn play(&mut self, t: u32) {
        self.sticks -= t;
        if t == 1 {
            self.to_move = self.to_move.opponent();
        }
    }
    fn outcome(&self) -> Outcome {
        if self.sticks == 0 {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(self.sticks)
    }
}

impl<const PROMISE: bool> Display for Sticks<PROMISE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sticks, {} to move", self.sticks, self.to_move)
    }
}

#[test]
fn extra_turns_pass_unless_the_game_promises_alternation() {
    let free = Sticks::<false> {
        sticks: 9,
        to_move: Player::First,
    };
    let report = Conformance::new().with_games(20).check(&free).unwrap();
    assert!(report.states > 0);
    let promised = Sticks::<true> {
        sticks: 9,
        to_move: Player::First,
    };
    let err = Conformance::new().check(&promised).unwrap_err();
    assert!(err.rule.contains("turn did not pass"), "{err}");
    assert!(err.rule.contains("MOVES_CANNOT_LOSE"), "{err}");
}
