//! `TicTacToe: FromStr`. Properties: an accepted board holds exactly the nine cells written
//! (separators aside); printed as nine `X`/`O`/`.` characters it parses back to the same
//! board; and it is accepted exactly when some game from the empty board reaches it
//! (checked by brute force: X and O place their stones in every order, stopping at a win).
#![no_main]

use games::TicTacToe;
use libfuzzer_sys::fuzz_target;
use search_core::{Game, Player};

fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '|' | '/')
}

fn cell_of(c: char) -> Option<Option<Player>> {
    match c {
        'X' | 'x' => Some(Some(Player::First)),
        'O' | 'o' => Some(Some(Player::Second)),
        '.' | '-' | '_' => Some(None),
        _ => None,
    }
}

/// Whether legal play from `g` can reach `target` (cells given per index).
fn reachable(g: &TicTacToe, target: &[Option<Player>; 9]) -> bool {
    if (0..9u8).all(|c| g.cell(c) == target[c as usize]) {
        return true;
    }
    let me = g.to_move();
    (0..9u8).any(|c| {
        target[c as usize] == Some(me) && g.is_legal(c) && {
            let mut next = *g;
            next.try_play(c).is_ok() && reachable(&next, target)
        }
    })
}

fuzz_target!(|text: &str| {
    let parsed = text.parse::<TicTacToe>();
    let cells: Vec<char> = text.chars().filter(|&c| !is_separator(c)).collect();
    let target: Option<Vec<Option<Player>>> = cells.iter().map(|&c| cell_of(c)).collect();
    let Some(target) = target.filter(|t| t.len() == 9) else {
        assert!(
            parsed.is_err(),
            "accepted {text:?}, which is not nine cells"
        );
        return;
    };
    let target: [Option<Player>; 9] = target.try_into().unwrap();
    let reach = reachable(&TicTacToe::new(), &target);
    let board = match parsed {
        Ok(board) => board,
        Err(e) => {
            assert!(!reach, "rejected the reachable board {text:?}: {e}");
            return;
        }
    };
    assert!(reach, "accepted the unreachable board {text:?}");
    for c in 0..9u8 {
        assert_eq!(board.cell(c), target[c as usize], "{text:?}: cell {c}");
    }
    let printed: String = (0..9u8)
        .map(|c| match board.cell(c) {
            Some(Player::First) => 'X',
            Some(Player::Second) => 'O',
            None => '.',
        })
        .collect();
    assert_eq!(
        printed.parse::<TicTacToe>(),
        Ok(board),
        "{text:?} printed as {printed:?}"
    );
});
