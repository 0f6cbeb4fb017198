//! The one match runner and the one terminal loop on the four kinds of game: a two-player
//! game (tic-tac-toe), a game with dice (EinStein würfelt nicht!), a game of three players
//! (the m,n,k-game) and a game with hidden cards (Kuhn poker), the loop driven by scripted
//! input as a person would type it.

use std::collections::HashSet;
use std::fmt::Display;

use games::{EinStein, Kuhn, MnkGame, TicTacToe};
use mcts::{Ismcts, Mcts};
use play::{Arena, Ending, Notation, PlayLoop, PlayReport};
use search_core::{
    Budget, Game, GeneralGame, ImperfectInfo, Outcome, Player, RandomMover, Turn, Wdl,
};

/// Moves typed and shown as their number (from 1) in the list of the legal moves, or of
/// the chance outcomes at a chance node: a notation for any game. The position is the
/// game's own `Display`, shown whole.
struct Numbered;

/// The legal moves of the player to move, or the outcomes of a chance node.
fn choices<G: GeneralGame>(state: &G) -> Vec<G::Move> {
    match state.turn() {
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes.into_iter().map(|(mv, _)| mv).collect()
        }
        _ => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            moves
        }
    }
}

impl<G: GeneralGame + Display> Notation<G> for Numbered {
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String> {
        let moves = choices(state);
        text.parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| moves.get(i).copied())
            .ok_or_else(|| format!("type a number from 1 to {}", moves.len()))
    }
    fn move_text(&self, state: &G, mv: G::Move) -> String {
        let index = choices(state).iter().position(|&m| m == mv);
        index.map_or_else(|| format!("{mv:?}"), |i| (i + 1).to_string())
    }
    fn position_text(&self, state: &G, _: &[G::Move], _: Option<usize>) -> String {
        state.to_string()
    }
}

/// Kuhn poker for one person: they see their own card and the betting, the other card
/// only at the end; actions by name.
struct Poker;

impl Notation<Kuhn> for Poker {
    fn parse_move(&self, _: &Kuhn, text: &str) -> Result<u8, String> {
        match text {
            "pass" => Ok(Kuhn::PASS),
            "bet" => Ok(Kuhn::BET),
            _ => Err("type pass or bet".into()),
        }
    }
    fn move_text(&self, state: &Kuhn, mv: u8) -> String {
        match state.turn() {
            Turn::Chance => "a card".into(),
            _ if mv == Kuhn::BET => "bet".into(),
            _ => "pass".into(),
        }
    }
    fn position_text(&self, state: &Kuhn, _: &[u8], viewer: Option<usize>) -> String {
        match viewer {
            Some(seat) if state.turn() != Turn::Over => {
                format!("you see: {}", state.info_key(seat))
            }
            _ => format!("cards and bets: {state}"),
        }
    }
    fn announce(&self, before: &Kuhn, mv: u8, _: &Kuhn, viewer: Option<usize>) -> Option<String> {
        match before.turn() {
            Turn::Chance => Some("a card is dealt".into()),
            Turn::Player(p) if Some(p) != viewer => {
                Some(format!("player {} {}s", p + 1, self.move_text(before, mv)))
            }
            _ => None,
        }
    }
}

/// Replays `report`'s moves from `start`: they lead to its position.
fn replays<G: GeneralGame + PartialEq + std::fmt::Debug>(start: G, report: &PlayReport<G>) {
    let mut state = start;
    for &mv in &report.moves {
        state.apply(mv);
    }
    assert_eq!(state, report.position);
}

#[test]
fn the_runner_plays_a_two_player_game_with_a_tally() {
    let report = Arena::new(TicTacToe::new())
        .with_engine(|seed| {
            Mcts::new()
                .with_seed(seed)
                .with_budget(Budget::iterations(400))
        })
        .with_engine(RandomMover::new)
        .with_games(20)
        .with_seed(3)
        .run()
        .unwrap();
    let tally = report.tally().unwrap();
    assert_eq!(tally.games(), 20);
    // MCTS with 400 playouts a move does not lose tic-tac-toe to random moves.
    assert_eq!(tally.losses, 0, "{report}");
    assert!(tally.wins > 10, "{report}");
    for (g, game) in report.games.iter().enumerate() {
        assert_eq!(game.seating, [g % 2, 1 - g % 2]);
    }
}

#[test]
fn the_runner_rolls_the_same_dice_for_every_game_of_a_round() {
    let report = Arena::new(EinStein::new())
        .with_engine(RandomMover::new)
        .with_engine(RandomMover::new)
        .with_games(8)
        .with_seed(4)
        .run()
        .unwrap();
    for round in report.games.chunks(2) {
        // The first roll (ply 0) is the same in both games of a round.
        assert_eq!(round[0].moves[0], round[1].moves[0]);
        for game in round {
            assert_eq!(game.rewards.iter().sum::<f64>(), 0.0);
        }
    }
    let firsts: HashSet<_> = report.games.iter().map(|g| g.moves[0]).collect();
    assert!(firsts.len() > 1, "the rounds roll different dice");
}

#[test]
fn the_runner_rotates_three_engines_round_three_seats() {
    let start = MnkGame::new(4, 4, 3, 3).unwrap();
    let report = Arena::new(start)
        .with_engine(RandomMover::new)
        .with_engine(RandomMover::new)
        .with_engine(RandomMover::new)
        .with_games(9)
        .with_seed(2)
        .run()
        .unwrap();
    for seats in report.seat_results() {
        assert!(seats.iter().all(|s| s.games() == 3), "{seats:?}");
    }
    for game in &report.games {
        let winners = (0..3).filter(|&s| game.result(s) == Wdl::Win).count();
        let draws = (0..3).filter(|&s| game.result(s) == Wdl::Draw).count();
        assert!(winners == 1 || draws == 3, "{game:?}");
    }
    assert!(report.tally().is_none());
    assert!(report.to_string().starts_with("9 games:"), "{report}");
}

#[test]
fn the_runner_plays_hidden_cards_with_the_engine_for_them() {
    let report = Arena::new(Kuhn::new())
        .with_engine(|seed| {
            Ismcts::new()
                .with_seed(seed)
                .with_budget(Budget::iterations(300))
        })
        .with_engine(RandomMover::new)
        .with_games(400)
        .with_seed(5)
        .run()
        .unwrap();
    let ismcts = report.engine_results()[0];
    // Random play gives chips away: the mean's standard error over 400 hands is about 0.06.
    assert!(ismcts.mean_reward().unwrap() > 0.1, "{report}");
    assert!(ismcts.mean_reward_half_width().unwrap() < 0.2);
}

#[test]
fn the_loop_plays_a_person_against_an_engine_at_a_two_player_game() {
    let mut shown = Vec::new();
    // The person (X) plays the centre, then tries a taken cell, then plays on until the end.
    let report = PlayLoop::new(TicTacToe::new())
        .with_ai(
            1,
            Mcts::new()
                .with_seed(1)
                .with_budget(Budget::iterations(2_000)),
        )
        .run("4\n4\nmoves\n0 1 2 3 5 6 7 8\n".as_bytes(), &mut shown)
        .unwrap();
    let shown = String::from_utf8(shown).unwrap();
    replays(TicTacToe::new(), &report);
    assert!(shown.contains("4 is not legal here"), "{shown}");
    assert!(shown.contains("Legal moves: "), "{shown}");
    assert!(shown.contains("player 2 (mcts(c=1)) plays "), "{shown}");
    // The engine never loses from the centre opening: the game ends in a draw or its win,
    // or the typed moves run out (the rest were not legal).
    assert_ne!(
        report.position.outcome(),
        Outcome::Win(Player::First),
        "{shown}"
    );
}

#[test]
fn the_loop_rolls_the_dice_from_its_seed() {
    let typed = "1\n".repeat(200);
    let play = |seed| {
        let mut shown = Vec::new();
        let report = PlayLoop::new(EinStein::new())
            .with_notation(Numbered)
            .with_ai(1, RandomMover::new(2))
            .with_seed(seed)
            .run(typed.as_bytes(), &mut shown)
            .unwrap();
        (report, String::from_utf8(shown).unwrap())
    };
    let (report, shown) = play(7);
    assert_eq!(report.ending, Ending::Finished, "{shown}");
    replays(EinStein::new(), &report);
    assert!(shown.contains("chance: "), "{shown}");
    assert!(shown.contains("Game over: player "), "{shown}");
    assert_eq!(play(7).0.moves, report.moves);
    assert_ne!(play(8).0.moves, report.moves);
}

#[test]
fn the_loop_seats_a_person_among_three_players() {
    let start = MnkGame::new(4, 4, 3, 3).unwrap();
    let mut shown = Vec::new();
    let report = PlayLoop::new(start)
        .with_notation(Numbered)
        .with_ai(0, RandomMover::new(1))
        .with_ai(2, RandomMover::new(3))
        .run(
            "x\n99\nundo\n1\n1\n1\n1\n1\n1\nquit\n".as_bytes(),
            &mut shown,
        )
        .unwrap();
    let shown = String::from_utf8(shown).unwrap();
    replays(start, &report);
    assert!(
        shown.contains("\"x\" is not a move: type a number from 1 to "),
        "{shown}"
    );
    assert!(shown.contains("Nothing to take back"), "{shown}");
    assert!(shown.contains("player 1 (random) plays "), "{shown}");
    assert!(shown.contains("player 3 (random) plays "), "{shown}");
    assert!(
        shown.contains("player 2 to move, a move such as 1"),
        "{shown}"
    );
    assert!(
        matches!(report.ending, Ending::Quit(1) | Ending::Finished),
        "{shown}"
    );
}

#[test]
fn the_loop_shows_a_person_only_their_own_card() {
    for seed in 0..6 {
        let mut shown = Vec::new();
        let report = PlayLoop::new(Kuhn::new())
            .with_notation(Poker)
            .with_ai(
                1,
                Ismcts::new()
                    .with_seed(seed)
                    .with_budget(Budget::iterations(200)),
            )
            .with_seed(seed)
            .with_undo(false)
            .run("check\nbet\nbet\n".as_bytes(), &mut shown)
            .unwrap();
        let shown = String::from_utf8(shown).unwrap();
        replays(Kuhn::new(), &report);
        assert_eq!(report.ending, Ending::Finished, "{shown}");
        let letter = |card: Option<u8>| ['J', 'Q', 'K'][usize::from(card.unwrap())];
        let (mine, theirs) = (
            letter(report.position.card(0)),
            letter(report.position.card(1)),
        );
        let (before_end, end) = shown.split_once("cards and bets:").expect("a showdown");
        assert!(before_end.contains(&format!("you see: {mine} ")), "{shown}");
        // The other card appears nowhere before the showdown (unless it is not another).
        assert!(
            !before_end.contains(&format!("{theirs} ")) || theirs == mine,
            "{shown}"
        );
        assert!(end.starts_with(&format!(" {mine} {theirs} ")), "{shown}");
        assert!(
            shown.contains("\"check\" is not a move: type pass or bet"),
            "{shown}"
        );
        assert!(shown.contains("(moves, hint, help, quit)"), "{shown}");
    }
}

#[test]
fn a_game_at_the_prompt_with_undo_plays_on_from_the_restored_position() {
    // The person (X) takes a corner, the engine replies; undo; the person takes the centre
    // instead, then quits. The engine's second reply is to the centre, a different line.
    let mut shown = Vec::new();
    let report = PlayLoop::new(TicTacToe::new())
        .with_ai(
            1,
            Mcts::new()
                .with_seed(9)
                .with_budget(Budget::iterations(3_000)),
        )
        .run("0\nundo\n4\nquit\n".as_bytes(), &mut shown)
        .unwrap();
    let shown = String::from_utf8(shown).unwrap();
    assert_eq!(report.undos, 1);
    assert_eq!(report.ending, Ending::Quit(0));
    assert_eq!(report.moves.len(), 2, "{shown}");
    assert_eq!(report.moves[0], 4);
    let mut replayed = TicTacToe::new();
    for &mv in &report.moves {
        replayed.try_play(mv).unwrap();
    }
    assert_eq!(replayed, report.position);
    assert_eq!(report.position.outcome(), Outcome::Ongoing);
    assert!(shown.contains("Took back 2 moves: 0 "), "{shown}");
    assert_eq!(shown.matches("player 2 (mcts").count(), 2, "{shown}");
}
