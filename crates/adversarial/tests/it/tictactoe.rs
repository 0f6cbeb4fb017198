//! Tic-tac-toe: the value of the empty board, and an AI that never loses — checked
//! exhaustively against every sequence of opponent replies, as X and as O.

use std::sync::Arc;

use adversarial::{AlphaBeta, Minimax, Negamax, Solver, TranspositionTable};
use games::{OpenLines, TicTacToe};
use search_core::{Budget, Game, Outcome, Player, Score, Strategy, Wdl};

#[test]
fn empty_board_is_a_draw_for_every_engine() {
    let g = TicTacToe::new();
    let full = Budget::depth(9);
    let draw = Some(Score::DRAW);
    assert_eq!(
        Minimax::new(OpenLines)
            .with_budget(full.clone())
            .search(&g)
            .unwrap()
            .score,
        draw
    );
    assert_eq!(
        AlphaBeta::new(OpenLines)
            .with_budget(full.clone())
            .search(&g)
            .unwrap()
            .score,
        draw
    );
    assert_eq!(
        Negamax::new(OpenLines)
            .with_budget(full)
            .search(&g)
            .unwrap()
            .score,
        draw
    );
    let mut solver = Solver::new().with_table_mb(1);
    let s = solver.solve(&g).unwrap();
    assert!(s.solved);
    assert_eq!(s.score, draw);
    let w = solver.solve_weak(&g).unwrap();
    assert_eq!(w.value, Some(Wdl::Draw));
    assert_eq!(Solver::new().without_table().solve(&g).unwrap().score, draw);
}

/// Plays every game in which `ai` moves for `side` and the opponent tries every legal
/// reply; panics on a lost game. Returns the number of finished games.
fn never_loses<S: Strategy<TicTacToe>>(ai: &mut S, state: TicTacToe, side: Player) -> u64 {
    match state.outcome() {
        Outcome::Win(p) => {
            assert_eq!(p, side, "the AI lost:\n{state}");
            return 1;
        }
        Outcome::Draw => return 1,
        Outcome::Ongoing => {}
    }
    if state.to_move() == side {
        let mv = ai.choose_move(&state).unwrap();
        let mut next = state;
        next.try_play(mv).expect("the AI played an illegal move");
        never_loses(ai, next, side)
    } else {
        state
            .legal_move_list()
            .into_iter()
            .map(|mv| {
                let mut next = state;
                next.play(mv);
                never_loses(ai, next, side)
            })
            .sum()
    }
}

#[test]
fn negamax_never_loses_as_x_or_o() {
    for side in [Player::First, Player::Second] {
        // Depth 6, as in easyAI's tic-tac-toe example; the table is shared between moves.
        let table = Arc::new(TranspositionTable::new(1 << 16).unwrap());
        let mut ai = Negamax::new(OpenLines)
            .with_table(table)
            .with_random_ties(true)
            .with_seed(3)
            .with_budget(Budget::depth(6));
        let games = never_loses(&mut ai, TicTacToe::new(), side);
        // How many games the walk finishes depends on which non-losing moves the random
        // ties picked; any player that never loses finishes a number in this range.
        let (fewest, most) = games_of_non_losing_players(
            TicTacToe::new(),
            side,
            &mut std::collections::HashMap::new(),
        );
        assert!(
            (fewest..=most).contains(&games),
            "{games} not in {fewest}..={most}"
        );
        assert!(fewest > 1, "{fewest}");
    }
}

/// The exact game value for the player to move: 1 a win, 0 a draw, -1 a loss.
fn exact_value(state: TicTacToe, memo: &mut std::collections::HashMap<TicTacToe, i8>) -> i8 {
    match state.outcome() {
        Outcome::Win(p) => return if p == state.to_move() { 1 } else { -1 },
        Outcome::Draw => return 0,
        Outcome::Ongoing => {}
    }
    if let Some(&v) = memo.get(&state) {
        return v;
    }
    let v = state
        .legal_move_list()
        .into_iter()
        .map(|mv| {
            let mut next = state;
            next.play(mv);
            -exact_value(next, memo)
        })
        .max()
        .expect("an ongoing game has a move");
    memo.insert(state, v);
    v
}

/// The fewest and the most games [`never_loses`] can finish from `state`, over every
/// player for `side` that never moves into a lost position (the opponent tries every
/// reply, so any other move would lose a game).
fn games_of_non_losing_players(
    state: TicTacToe,
    side: Player,
    memo: &mut std::collections::HashMap<TicTacToe, i8>,
) -> (u64, u64) {
    if state.outcome().is_over() {
        return (1, 1);
    }
    let children = state.legal_move_list().into_iter().map(|mv| {
        let mut next = state;
        next.play(mv);
        next
    });
    if state.to_move() == side {
        let safe: Vec<TicTacToe> = children.filter(|&n| exact_value(n, memo) <= 0).collect();
        assert!(!safe.is_empty(), "no safe move:\n{state}");
        safe.into_iter()
            .map(|n| games_of_non_losing_players(n, side, memo))
            .fold((u64::MAX, 0), |(lo, hi), (l, h)| (lo.min(l), hi.max(h)))
    } else {
        let children: Vec<TicTacToe> = children.collect();
        children
            .into_iter()
            .map(|n| games_of_non_losing_players(n, side, memo))
            .fold((0, 0), |(lo, hi), (l, h)| (lo + l, hi + h))
    }
}

#[test]
fn negamax_without_table_or_hooks_never_loses() {
    for side in [Player::First, Player::Second] {
        let mut ai = Negamax::new(OpenLines)
            .with_game_hooks(false)
            .with_budget(Budget::depth(9));
        never_loses(&mut ai, TicTacToe::new(), side);
    }
}

#[test]
fn solver_never_loses_as_x_or_o() {
    for side in [Player::First, Player::Second] {
        let mut ai = Solver::new().with_table_mb(1);
        never_loses(&mut ai, TicTacToe::new(), side);
    }
}

#[test]
fn solver_matches_minimax_on_every_reachable_position() {
    // Walk all positions; compare the solver's exact value with full-depth minimax.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    let mut solver = Solver::new().with_table_mb(1);
    // Guessing wrong (a win) and right (a draw, the empty board's value) changes the
    // probes, never the value.
    let mut guessing_win = Solver::new()
        .with_table_mb(1)
        .with_first_guess(Some(Score::win_in(Score::MAX_DISTANCE)));
    let mut guessing_draw = Solver::new()
        .with_table_mb(1)
        .with_first_guess(Some(Score::DRAW));
    // A guessed loss makes a weak solve ask first whether the position is lost.
    let mut guessing_loss = Solver::new()
        .with_table_mb(1)
        .with_first_guess(Some(Score::loss_in(Score::MAX_DISTANCE)));
    let exact_minimax = Minimax::new(|_: &TicTacToe| 0).with_budget(Budget::new());
    let mut checked = 0;
    while let Some(g) = stack.pop() {
        if !seen.insert(g) || g.outcome().is_over() {
            continue;
        }
        if g.stones() >= 3 {
            let exact = exact_minimax.search(&g).unwrap().score.unwrap();
            assert_eq!(solver.solve(&g).unwrap().score, Some(exact), "{g}");
            assert_eq!(guessing_win.solve(&g).unwrap().score, Some(exact), "{g}");
            assert_eq!(guessing_draw.solve(&g).unwrap().score, Some(exact), "{g}");
            let weak = solver.solve_weak(&g).unwrap().value.unwrap();
            let expected = if exact.is_win() {
                Wdl::Win
            } else if exact.is_loss() {
                Wdl::Loss
            } else {
                Wdl::Draw
            };
            assert_eq!(weak, expected, "{g}");
            assert_eq!(
                guessing_loss.solve_weak(&g).unwrap().value,
                Some(expected),
                "{g}"
            );
            assert_eq!(
                guessing_win.solve_weak(&g).unwrap().value,
                Some(expected),
                "{g}"
            );
            let best = solver.best_move(&g).unwrap();
            let (mv, score) = (best.mv, best.score);
            let mut child = g;
            child.play(mv);
            let after = exact_minimax.search(&child);
            let child_value = match after {
                Ok(r) => r.score.unwrap().to_parent(),
                Err(_) => match child.outcome() {
                    Outcome::Draw => Score::DRAW,
                    _ => Score::win_in(1),
                },
            };
            assert_eq!(child_value, score, "best move {mv} of\n{g}");
            checked += 1;
        }
        for mv in g.legal_move_list() {
            let mut next = g;
            next.play(mv);
            stack.push(next);
        }
    }
    assert!(checked > 4000, "{checked}");
}

#[test]
fn symmetric_solver_gives_every_image_the_minimax_value() {
    // One table for the whole walk, symmetry on: the 8 rotations and reflections of a
    // position share a table entry, and each must still get minimax's exact value (and the
    // best move found must keep it).
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    let mut solver = Solver::new().with_table_mb(1).with_symmetry(true);
    let exact_minimax = Minimax::new(|_: &TicTacToe| 0).with_budget(Budget::new());
    let mut checked = 0;
    while let Some(g) = stack.pop() {
        if !seen.insert(g.canonical()) || g.outcome().is_over() {
            continue;
        }
        let exact = exact_minimax.search(&g).unwrap().score.unwrap();
        for image in g.symmetries() {
            assert_eq!(solver.solve(&image).unwrap().score, Some(exact), "{image}");
            let best = solver.best_move(&image).unwrap();
            let mut child = image;
            child.play(best.mv);
            let value = match child.outcome() {
                Outcome::Draw => Score::DRAW,
                Outcome::Win(_) => Score::win_in(1),
                Outcome::Ongoing => exact_minimax
                    .search(&child)
                    .unwrap()
                    .score
                    .unwrap()
                    .to_parent(),
            };
            assert_eq!(value, exact, "best move {} of\n{image}", best.mv);
            checked += 1;
        }
        for mv in g.legal_move_list() {
            let mut next = g;
            next.play(mv);
            stack.push(next);
        }
    }
    // 765 classes, 138 of them finished games.
    assert_eq!(checked, 8 * (765 - 138));
}

#[test]
fn prefers_the_fastest_win_and_blocks() {
    // X to move: 2 wins at once (row 0-1-2); the engine must not prefer a slower win.
    let g: TicTacToe = "XX. OO. ...".parse().unwrap();
    let r = Negamax::new(OpenLines)
        .with_budget(Budget::depth(9))
        .search(&g)
        .unwrap();
    assert_eq!((r.best_move, r.score), (2, Some(Score::win_in(1))));
    // X to move cannot win at once; O threatens 5: block it.
    let g: TicTacToe = "X.. OO. X..".parse().unwrap();
    for depth in 2..=9 {
        let r = Negamax::new(OpenLines)
            .with_budget(Budget::depth(depth))
            .search(&g)
            .unwrap();
        assert_eq!(r.best_move, 5, "depth {depth}");
    }
}
