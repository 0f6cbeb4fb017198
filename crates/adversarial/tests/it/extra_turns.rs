//! Games with extra turns (Dots and Boxes, Kalah) searched by the two-player engines:
//! `Negamax` (every option), `AlphaBeta`, `Minimax` and the `Solver` each give exactly the
//! value of a separate brute-force search written here, and its sign agrees with the
//! `MarginSolver`'s exact margin.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;

use adversarial::{AlphaBeta, MarginSolver, Minimax, Negamax, Solver, TranspositionTable};
use games::{DotsAndBoxes, Kalah};
use search_core::{Budget, Game, GameHash, MoveValue, Outcome, Player, Score, SplitMix64, Wdl};

/// The exact value of a position for `Player::First`, as (result, plies to the end), found
/// by plain minimax over the whole tree with a memo: First prefers a faster win, then a
/// draw, then a slower loss; Second the opposite. Whoever is to move after each move moves
/// next, so extra turns need nothing special. Also returns the longest line left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Exact {
    /// +1 First wins, 0 draw, -1 Second wins.
    result: i32,
    /// Plies to the end of the game along the optimal line (0 for a draw: a draw has no
    /// distance in a score).
    plies: u32,
    /// The longest line from this position to the end of the game, in plies.
    longest: u32,
}

impl Exact {
    /// First's preference order: a faster win is higher, a slower loss is higher.
    fn key(self) -> i64 {
        match self.result {
            1 => 1_000_000 - i64::from(self.plies),
            -1 => -1_000_000 + i64::from(self.plies),
            _ => 0,
        }
    }

    /// As a score for `player` to move, counting the plies from here.
    fn score_for(self, player: Player) -> Score {
        let result = if player == Player::First {
            self.result
        } else {
            -self.result
        };
        match result {
            1 => Score::win_in(self.plies),
            -1 => Score::loss_in(self.plies),
            _ => Score::DRAW,
        }
    }
}

fn brute<G: Game + Eq + Hash>(state: &G, memo: &mut HashMap<G, Exact>) -> Exact {
    match state.outcome() {
        Outcome::Win(p) => {
            let result = if p == Player::First { 1 } else { -1 };
            return Exact {
                result,
                plies: 0,
                longest: 0,
            };
        }
        Outcome::Draw => {
            return Exact {
                result: 0,
                plies: 0,
                longest: 0,
            };
        }
        Outcome::Ongoing => {}
    }
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let first = state.to_move() == Player::First;
    let mut best: Option<Exact> = None;
    let mut longest = 0;
    for mv in state.legal_move_list() {
        let mut child = state.clone();
        child.play(mv);
        let c = brute(&child, memo);
        longest = longest.max(c.longest + 1);
        let c = Exact {
            plies: if c.result == 0 { 0 } else { c.plies + 1 },
            ..c
        };
        best = Some(match best {
            None => c,
            Some(b) if (first && c.key() > b.key()) || (!first && c.key() < b.key()) => c,
            Some(b) => b,
        });
    }
    let v = Exact {
        longest,
        ..best.expect("an ongoing position has moves")
    };
    memo.insert(state.clone(), v);
    v
}

/// Random ongoing positions reached by up to `max_plies` random moves.
fn random_positions<G: Game>(initial: &G, count: usize, max_plies: usize, seed: u64) -> Vec<G> {
    let mut rng = SplitMix64::new(seed);
    let mut out = vec![initial.clone()];
    while out.len() < count {
        let mut state = initial.clone();
        for _ in 0..rng.below(max_plies + 1) {
            let moves = state.legal_move_list();
            if moves.is_empty() {
                break;
            }
            state.play(moves[rng.below(moves.len())]);
        }
        if !state.outcome().is_over() {
            out.push(state);
        }
    }
    out
}

/// Every engine's value of `state` equals the brute force's, and its sign the margin
/// solver's; the moves the engines choose keep the value.
fn check<G>(state: &G, memo: &mut HashMap<G, Exact>)
where
    G: GameHash + Eq + Hash + Sync + std::fmt::Display,
{
    let exact = brute(state, memo);
    let me = state.to_move();
    let expected = exact.score_for(me);
    // Deep enough to reach the end of every line.
    let depth = Budget::depth(exact.longest.max(1));
    let zero = |_: &G| 0;

    let minimax = Minimax::new(zero)
        .with_budget(depth.clone())
        .search(state)
        .unwrap();
    assert_eq!(minimax.score, Some(expected), "minimax\n{state}");
    let alphabeta = AlphaBeta::new(zero)
        .with_budget(depth.clone())
        .search(state)
        .unwrap();
    assert_eq!(alphabeta.score, Some(expected), "alpha-beta\n{state}");

    let engines: Vec<(&str, Option<Score>, G::Move)> = {
        let mut out = Vec::new();
        for pvs in [false, true] {
            for iterative in [false, true] {
                let r = Negamax::new(zero)
                    .with_pvs(pvs)
                    .with_iterative_deepening(iterative)
                    .with_budget(depth.clone())
                    .search(state)
                    .unwrap();
                out.push(("negamax", r.score, r.best_move));
            }
        }
        let table = Arc::new(TranspositionTable::new(1 << 12).unwrap());
        let r = Negamax::new(zero)
            .with_table(table.clone())
            .with_min_table_plies(0)
            .with_budget(depth.clone())
            .search(state)
            .unwrap();
        out.push(("negamax + table", r.score, r.best_move));
        table.clear();
        let r = Negamax::new(zero)
            .with_table(table)
            .with_threads(2)
            .with_budget(depth.clone())
            .search(state)
            .unwrap();
        out.push(("negamax, 2 threads", r.score, r.best_move));
        let mut solver = Solver::new().with_table_mb(1);
        let s = solver.solve(state).unwrap();
        let b = solver.best_move(state).unwrap();
        out.push(("solver", s.score, b.mv));
        let s = Solver::new().without_table().solve(state).unwrap();
        out.push(("solver without table", s.score, b.mv));
        // The enhanced transposition cut-off reads a child's bound the other way round
        // when the child is an extra turn; every node uses the table here.
        let s = Solver::new()
            .with_table_mb(1)
            .with_min_table_plies(0)
            .with_etc(true)
            .solve(state)
            .unwrap();
        out.push(("solver with etc", s.score, b.mv));
        out
    };
    for (name, score, mv) in engines {
        assert_eq!(score, Some(expected), "{name}\n{state}");
        // The move keeps the value: the child's exact value, seen from here, is the same.
        let mut child = state.clone();
        child.play(mv);
        let after = brute(&child, memo);
        let plies = if after.result == 0 {
            0
        } else {
            after.plies + 1
        };
        let seen = Exact { plies, ..after }.score_for(me);
        assert_eq!(seen, expected, "{name}'s move {mv:?}\n{state}");
    }

    let weak = Solver::new().with_table_mb(1).solve_weak(state).unwrap();
    let wdl = match expected {
        s if s.is_win() => Wdl::Win,
        s if s.is_loss() => Wdl::Loss,
        _ => Wdl::Draw,
    };
    assert_eq!(weak.value, Some(wdl), "weak solve\n{state}");

    // The analyses give every move its own exact value.
    let solved = Solver::new().with_table_mb(1).analyze(state).unwrap();
    let searched = Negamax::new(zero)
        .with_budget(depth.clone())
        .analyze(state)
        .unwrap();
    for (name, moves) in [("solver analysis", solved), ("negamax analysis", searched)] {
        for m in moves {
            let mut child = state.clone();
            child.play(m.mv);
            let after = brute(&child, memo);
            let plies = if after.result == 0 {
                0
            } else {
                after.plies + 1
            };
            let value = Exact { plies, ..after }.score_for(me);
            let got = match m.value {
                MoveValue::Exact(s) | MoveValue::Estimate { score: s, .. } => s,
                other => panic!("{name}: {other:?}"),
            };
            assert_eq!(got, value, "{name}, move {:?}\n{state}", m.mv);
        }
    }

    // The margin solver's exact margin has the sign of the win/draw/loss value.
    let margin = MarginSolver::new().solve(state).unwrap().margin.unwrap();
    let for_me = if me == Player::First { margin } else { -margin };
    assert_eq!(
        for_me.signum(),
        match wdl {
            Wdl::Win => 1,
            Wdl::Loss => -1,
            _ => 0,
        },
        "margin {margin}\n{state}"
    );
}

#[test]
fn dots_and_boxes_values_match_brute_force() {
    for (rows, cols, count, seed) in [(1, 1, 4, 1), (1, 2, 12, 2), (2, 2, 12, 3)] {
        let initial = DotsAndBoxes::new(rows, cols).unwrap();
        let mut memo = HashMap::new();
        // The 2 x 2 board's opening is a long search for the engines without a table:
        // start at least four lines in.
        let min = if rows * cols == 4 { 4 } else { 0 };
        for state in random_positions(&initial, count, initial.line_count() - 1, seed) {
            if initial.line_count() - state.remaining_plies_bound().unwrap() as usize >= min {
                check(&state, &mut memo);
            }
        }
    }
}

#[test]
fn kalah_values_match_brute_force() {
    for (pits, stones, count, seed) in [(1, 1, 2, 4), (2, 2, 10, 5), (3, 2, 10, 6), (3, 3, 8, 7)] {
        let initial = Kalah::new(pits, stones).unwrap();
        let mut memo = HashMap::new();
        for state in random_positions(&initial, count, 10, seed) {
            check(&state, &mut memo);
        }
    }
}

/// How many moves of the positions keep the turn in an ongoing game.
fn extra_turns<G: Game>(positions: &[G]) -> usize {
    let mut kept = 0;
    for state in positions {
        for mv in state.legal_move_list() {
            let mut child = state.clone();
            child.play(mv);
            if child.outcome() == Outcome::Ongoing && child.to_move() == state.to_move() {
                kept += 1;
            }
        }
    }
    kept
}

#[test]
fn extra_turns_happen_in_the_positions_checked() {
    // The checks above would prove little if no move kept the turn: count them.
    let boxes = DotsAndBoxes::new(2, 2).unwrap();
    let kalah = Kalah::new(3, 3).unwrap();
    let in_boxes = extra_turns(&random_positions(&boxes, 12, 11, 3));
    let in_kalah = extra_turns(&random_positions(&kalah, 8, 10, 7));
    assert!(in_boxes > 0 && in_kalah > 0, "{in_boxes} {in_kalah}");
}
