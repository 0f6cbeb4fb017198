//! The evaluator property helpers (feature `testing`, which the crate's dev-dependency on
//! itself turns on, so that plain `cargo test -p plysearch-adversarial` runs these): they pass on the
//! shipped evaluators and games, and they catch wrong evaluators and wrong game hooks.

use std::fmt;

use adversarial::testing::{
    check_hints_preserve_value, check_matches_minimax, check_symmetric, check_terminal_order,
};
use games::{ConnectFour, LineEvaluator, OpenLines, ThreatEvaluator, TicTacToe};
use proptest::prelude::*;
use search_core::testing::{ongoing_state, reachable_state};
use search_core::{Evaluator, Game, GameHash, Outcome, Player};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn shipped_evaluators_are_symmetric(
        c4 in ongoing_state(ConnectFour::new(), 40),
        ttt in ongoing_state(TicTacToe::new(), 8),
    ) {
        for r in [
            check_symmetric(&ThreatEvaluator, &c4, ConnectFour::with_turn_passed),
            check_symmetric(&LineEvaluator, &c4, ConnectFour::with_turn_passed),
        ] {
            prop_assert!(r.is_ok(), "{}", r.unwrap_err());
        }
        let r = check_symmetric(&OpenLines, &ttt, TicTacToe::with_colours_swapped);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn engines_agree_with_minimax_through_the_helper(s in ongoing_state(ConnectFour::new(), 30)) {
        let r = check_matches_minimax(&ThreatEvaluator, &s, 4);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn hints_never_change_the_value(s in ongoing_state(ConnectFour::new(), 30)) {
        let r = check_hints_preserve_value(&LineEvaluator, &s, 5);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn an_outcome_aware_evaluator_orders_terminal_states(
        a in reachable_state(TicTacToe::new(), 9),
        b in reachable_state(TicTacToe::new(), 9),
    ) {
        let r = check_terminal_order(&outcome_aware, &a, &b);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

fn outcome_aware(s: &TicTacToe) -> i32 {
    match s.outcome() {
        Outcome::Win(p) if p == s.to_move() => 1_000,
        Outcome::Win(_) => -1_000,
        _ => OpenLines.evaluate(s),
    }
}

/// Every state reached by `plies` moves from the empty Connect Four board.
fn all_states(plies: u32) -> Vec<ConnectFour> {
    let mut layer = vec![ConnectFour::new()];
    for _ in 0..plies {
        layer = layer
            .iter()
            .flat_map(|s| {
                s.legal_move_list().into_iter().map(move |mv| {
                    let mut c = *s;
                    c.play(mv);
                    c
                })
            })
            .collect();
    }
    layer
}

#[test]
fn symmetry_catches_a_first_player_evaluator() {
    // Wrong: the first player's point of view, whoever is to move.
    let wrong = |s: &ConnectFour| {
        let centre = 0b11_1111u64 << 21;
        (s.stones_of(Player::First) & centre).count_ones() as i32
            - (s.stones_of(Player::Second) & centre).count_ones() as i32
    };
    let caught = all_states(3)
        .iter()
        .filter(|s| check_symmetric(&wrong, *s, ConnectFour::with_turn_passed).is_err())
        .count();
    assert!(caught > 0, "the wrong evaluator was never caught");
    let err =
        check_symmetric(&wrong, &"4".parse().unwrap(), ConnectFour::with_turn_passed).unwrap_err();
    assert!(err.to_string().contains("| . . . X . . . |"), "{err}");
}

#[test]
fn terminal_order_catches_an_evaluator_that_likes_losing() {
    let loves_losing = |s: &TicTacToe| match s.outcome() {
        Outcome::Win(p) if p != s.to_move() => 500,
        _ => 0,
    };
    let lost: TicTacToe = "xxx oo. ...".parse().unwrap();
    let open = TicTacToe::new();
    let err = check_terminal_order(&loves_losing, &lost, &open).unwrap_err();
    assert!(err.detail.contains("lost state evaluates to 500"), "{err}");
}

/// Connect Four with a broken `non_losing_moves`: it keeps only the first legal move.
#[derive(Clone, Copy, PartialEq, Debug)]
struct BrokenHook(ConnectFour);

impl Game for BrokenHook {
    type Move = u8;
    const HAS_WINNING_MOVE: bool = true;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        self.0.legal_moves(moves)
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv)
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn winning_move(&self) -> Option<u8> {
        self.0.winning_move()
    }
    fn non_losing_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(self.0.legal_move_list().first());
    }
}

impl GameHash for BrokenHook {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
}

impl fmt::Display for BrokenHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[test]
fn agreement_with_minimax_catches_a_broken_game_hook() {
    let eval = |s: &BrokenHook| ThreatEvaluator.evaluate(&s.0);
    let failures: Vec<_> = all_states(2)
        .into_iter()
        .filter_map(|s| check_matches_minimax(&eval, &BrokenHook(s), 3).err())
        .collect();
    assert!(!failures.is_empty(), "the broken hook was never caught");
    assert!(
        failures[0].detail.contains("hooks true"),
        "only configurations using the hook may disagree: {}",
        failures[0]
    );
    assert!(failures[0].state.contains("1 2 3 4 5 6 7"));
}

/// Nim with three heaps of at most 7 stones: take any number of stones from one heap;
/// whoever takes the last stone wins. An **impartial** game: both players have the same
/// moves in the same position, so who is to move changes nothing but the name of the
/// player who wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Nim {
    heaps: [u8; 3],
    to_move: Player,
}

impl Nim {
    /// The same heaps with the other player to move: the only "swap" an impartial game
    /// has, as there are no pieces to exchange.
    fn with_turn_passed(&self) -> Nim {
        Nim {
            to_move: self.to_move.opponent(),
            ..*self
        }
    }

    fn nim_sum(&self) -> u8 {
        self.heaps.iter().fold(0, |x, &h| x ^ h)
    }
}

impl Game for Nim {
    /// (heap, stones taken)
    type Move = (u8, u8);
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<(u8, u8)>) {
        for (heap, &stones) in self.heaps.iter().enumerate() {
            moves.extend((1..=stones).map(|take| (heap as u8, take)));
        }
    }
    fn play(&mut self, (heap, take): (u8, u8)) {
        self.heaps[usize::from(heap)] -= take;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        if self.heaps == [0; 3] {
            Outcome::Win(self.to_move.opponent())
        } else {
            Outcome::Ongoing
        }
    }
    /// Moves that leave a nim-sum of zero first.
    fn move_order_hint(&self, (heap, take): (u8, u8)) -> i32 {
        let stones = self.heaps[usize::from(heap)];
        i32::from(self.nim_sum() ^ stones ^ (stones - take) == 0)
    }
}

impl GameHash for Nim {
    const KEY_IS_EXACT: bool = true;
    fn hash_key(&self) -> u64 {
        let [a, b, c] = self.heaps.map(u64::from);
        ((a * 8 + b) * 8 + c) * 2 + self.to_move.index() as u64
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heaps {:?}, {} to move", self.heaps, self.to_move)
    }
}

/// Exact, from the side to move: a nonzero nim-sum wins for the player to move.
fn nim_sum_evaluator(s: &Nim) -> i32 {
    if s.nim_sum() != 0 { 100 } else { -100 }
}

/// Wrong: the same knowledge from the first player's point of view, whoever is to move.
fn first_players_view(s: &Nim) -> i32 {
    if s.to_move == Player::First {
        nim_sum_evaluator(s)
    } else {
        -nim_sum_evaluator(s)
    }
}

/// Whether the side to move wins with perfect play, by trying every move (no nim-sum).
fn wins_by_search(s: &Nim) -> bool {
    s.legal_move_list().into_iter().any(|mv| {
        let mut child = *s;
        child.play(mv);
        !wins_by_search(&child)
    })
}

/// Every position with heaps of at most `max` stones, with either player to move.
fn nim_positions(max: u8) -> Vec<Nim> {
    let mut all = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                for to_move in [Player::First, Player::Second] {
                    all.push(Nim {
                        heaps: [a, b, c],
                        to_move,
                    });
                }
            }
        }
    }
    all
}

/// `check_symmetric` assumes that swapping the sides negates a correct evaluation, which
/// holds for a partisan game with symmetric rules (each side owns its pieces) but not for
/// an impartial one: in Nim the exact evaluator, with the same value whoever is to move,
/// fails it everywhere, while the checks that fit every game pass, and a wrong evaluator
/// from a fixed player's view passes `check_symmetric` and is caught by
/// `check_terminal_order`.
#[test]
fn check_symmetric_does_not_fit_an_impartial_game() {
    let positions = nim_positions(3);
    let ongoing: Vec<&Nim> = positions
        .iter()
        .filter(|s| !s.outcome().is_over())
        .collect();
    // The nim-sum evaluator is exact: its sign is the searched result everywhere.
    for s in &ongoing {
        assert_eq!(nim_sum_evaluator(s) > 0, wins_by_search(s), "{s}");
    }
    // It fails the symmetry check at every ongoing position...
    for s in &ongoing {
        let err = check_symmetric(&nim_sum_evaluator, *s, Nim::with_turn_passed).unwrap_err();
        assert!(err.to_string().contains(&format!("{:?}", s.heaps)), "{err}");
    }
    // ...and passes the checks that fit every game.
    for a in &positions {
        for b in &positions {
            let r = check_terminal_order(&nim_sum_evaluator, a, b);
            assert!(r.is_ok(), "{}", r.unwrap_err());
        }
    }
    for s in ongoing.iter().step_by(5) {
        let r = check_matches_minimax(&nim_sum_evaluator, *s, 3);
        assert!(r.is_ok(), "{}", r.unwrap_err());
        let r = check_hints_preserve_value(&nim_sum_evaluator, *s, 3);
        assert!(r.is_ok(), "{}", r.unwrap_err());
    }
    // The wrong evaluator passes the symmetry check everywhere...
    for s in &ongoing {
        assert!(check_symmetric(&first_players_view, *s, Nim::with_turn_passed).is_ok());
    }
    // ...and is caught by the terminal order: the finished game with the second player to
    // move (lost by it) gets +100, above an ongoing position.
    let lost = Nim {
        heaps: [0; 3],
        to_move: Player::Second,
    };
    let open = Nim {
        heaps: [1, 2, 3], // nim-sum 0: -100 for the first player to move
        to_move: Player::First,
    };
    let err = check_terminal_order(&first_players_view, &lost, &open).unwrap_err();
    assert!(err.detail.contains("lost state evaluates to 100"), "{err}");
}
