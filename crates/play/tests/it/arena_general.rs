//! The match runner (`play::Arena`) on a game with dice for two or three players: seats
//! rotated, the same dice for every game of a round, openings, replays, tallies and every
//! failure; and Information Set MCTS against random play at Kuhn poker, a game with hidden
//! cards.

use std::collections::HashSet;

use play::{Arena, GameRecord, PlayError};
use search_core::{GeneralGame, SearchError, SplitMix64, Strategy, Turn, Wdl};

/// Each turn the player to move rolls a die, then keeps the roll or halves it (rounding
/// up); the first to a total of 12 wins. Two or three players.
#[derive(Clone, Debug)]
struct DiceRace {
    totals: Vec<u32>,
    to_move: usize,
    roll: Option<u8>,
}

impl DiceRace {
    fn new(players: usize) -> Self {
        DiceRace {
            totals: vec![0; players],
            to_move: 0,
            roll: None,
        }
    }
}

impl GeneralGame for DiceRace {
    type Move = u8; // 1..=6: a face; 100: keep; 101: halve
    const REWARD_SUM: Option<f64> = Some(1.0);
    fn player_count(&self) -> usize {
        self.totals.len()
    }
    fn turn(&self) -> Turn {
        if self.totals.iter().any(|&t| t >= 12) {
            Turn::Over
        } else if self.roll.is_none() {
            Turn::Chance
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn moves(&self, moves: &mut Vec<u8>) {
        if let Turn::Player(_) = self.turn() {
            moves.extend([100, 101]);
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            outcomes.extend((1..=6).map(|f| (f, 1.0 / 6.0)));
        }
    }
    fn apply(&mut self, mv: u8) {
        match self.roll.take() {
            None => self.roll = Some(mv),
            Some(r) => {
                let gain = if mv == 100 { r } else { r.div_ceil(2) };
                self.totals[self.to_move] += u32::from(gain);
                if self.totals[self.to_move] < 12 {
                    self.to_move = (self.to_move + 1) % self.totals.len();
                }
            }
        }
    }
    fn rewards(&self, rewards: &mut [f64]) {
        rewards.fill(0.0);
        rewards[self.to_move] = 1.0;
    }
    fn reward_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }
}

/// Keeps every roll (engine 0) or halves it (others), with a name for the engine.
struct Fixed(usize);
impl Strategy<DiceRace> for Fixed {
    fn choose_move(&mut self, _: &DiceRace) -> Result<u8, SearchError> {
        Ok(if self.0 == 0 { 100 } else { 101 })
    }
    fn name(&self) -> String {
        format!("fixed {}", self.0)
    }
}

/// A random legal move.
struct Random(SplitMix64);
impl<G: GeneralGame> Strategy<G> for Random {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let mut moves = Vec::new();
        state.moves(&mut moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        Ok(moves[self.0.below(moves.len())])
    }
    fn name(&self) -> String {
        "random".into()
    }
}

/// The chance outcomes of a record, in order.
fn rolls(record: &GameRecord<u8>) -> Vec<u8> {
    let mut state = DiceRace::new(record.seating.len());
    let mut out = Vec::new();
    for &mv in &record.moves {
        if state.turn() == Turn::Chance {
            out.push(mv);
        }
        state.apply(mv);
    }
    out
}

#[test]
fn every_engine_takes_every_seat_equally_often() {
    for players in 1..=4 {
        for engines in 1..=4 {
            let mut arena = randoms(Arena::new(DiceRace::new(players)), engines)
                .with_games(3 * engines as u32)
                .with_seed(5);
            let report = arena.run().unwrap();
            for (engine, seats) in report.seat_results().iter().enumerate() {
                for (seat, t) in seats.iter().enumerate() {
                    assert_eq!(
                        t.games(),
                        3,
                        "{players} players, {engines} engines: {engine} in {seat}"
                    );
                }
            }
            for (g, record) in report.games.iter().enumerate() {
                assert_eq!(record.seating, arena.seating(g as u32));
                assert_eq!(record.seating.len(), players);
            }
        }
    }
}

/// Engine `.0`'s random player.
struct Numbered(usize, Random);

impl<G: GeneralGame> Strategy<G> for Numbered {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        self.1.choose_move(state)
    }
    fn name(&self) -> String {
        format!("random {}", self.0)
    }
}

/// `arena` with `engines` random engines, named `random 0`, `random 1`, ...
fn randoms(arena: Arena<'_, DiceRace>, engines: usize) -> Arena<'_, DiceRace> {
    (0..engines).fold(arena, |arena, e| {
        arena.with_engine(move |seed| Numbered(e, Random(SplitMix64::new(seed))))
    })
}

/// `arena` with two fixed engines: 0 keeps every roll, 1 halves it.
fn fixed<G: GeneralGame>(arena: Arena<'_, G>) -> Arena<'_, G>
where
    Fixed: Strategy<G>,
{
    arena.with_engine(|_| Fixed(0)).with_engine(|_| Fixed(1))
}

#[test]
fn the_games_of_a_round_roll_the_same_dice() {
    let report = fixed(Arena::new(DiceRace::new(2)))
        .with_games(40)
        .with_seed(11)
        .run()
        .unwrap();
    let mut distinct = HashSet::new();
    for pair in report.games.chunks(2) {
        let (first, second) = (rolls(&pair[0]), rolls(&pair[1]));
        let n = first.len().min(second.len());
        assert_eq!(first[..n], second[..n]);
        distinct.insert(first);
    }
    // Rounds differ from each other.
    assert!(distinct.len() > 15, "{}", distinct.len());
    // Keeping beats halving, and with the same dice in both seats the first mover's
    // advantage cancels: engine 0 wins most games from either seat.
    let seats = report.seat_results();
    assert!(
        seats[0][0].tally.wins > seats[0][0].tally.losses,
        "{seats:?}"
    );
    assert!(
        seats[0][1].tally.wins > seats[0][1].tally.losses,
        "{seats:?}"
    );
}

#[test]
fn openings_are_shared_by_each_round_and_records_replay() {
    let mut arena = randoms(Arena::new(DiceRace::new(3)), 3)
        .with_games(30)
        .with_seed(2)
        .with_opening_plies(2);
    let report = arena.run().unwrap();
    for (round, games) in (0u32..).zip(report.games.chunks(3)) {
        let opening = arena.opening(round).unwrap();
        // Two players' moves, and the rolls before them.
        assert_eq!(opening.iter().filter(|&&m| m >= 100).count(), 2);
        for g in games {
            assert_eq!(g.opening_plies as usize, opening.len());
            assert_eq!(&g.moves[..opening.len()], opening.as_slice());
        }
    }
    for g in &report.games {
        let mut state = DiceRace::new(3);
        for &mv in &g.moves {
            assert_ne!(state.turn(), Turn::Over);
            state.apply(mv);
        }
        let mut rewards = vec![0.0; 3];
        state.rewards(&mut rewards);
        assert_eq!(rewards, g.rewards);
        assert_eq!((0..3).filter(|&s| g.result(s) == Wdl::Win).count(), 1);
    }
    let again = arena.run().unwrap();
    assert_eq!(again, report);
    assert_eq!(report.names, ["random 0", "random 1", "random 2"]);
    assert_eq!(report.tally(), None);
}

#[test]
fn two_engines_in_a_two_player_game_give_a_tally() {
    let report = fixed(Arena::new(DiceRace::new(2)))
        .with_games(10)
        .run()
        .unwrap();
    let tally = report.tally().unwrap();
    assert_eq!(tally.games(), 10);
    let totals = report.engine_results();
    assert_eq!(totals[0].tally, tally);
    assert_eq!(
        (totals[1].tally.wins, totals[1].tally.losses),
        (tally.losses, tally.wins)
    );
    assert_eq!(totals[0].reward + totals[1].reward, 10.0);
}

/// Returns a move that is never legal.
struct Cheater;
impl Strategy<DiceRace> for Cheater {
    fn choose_move(&mut self, _: &DiceRace) -> Result<u8, SearchError> {
        Ok(7)
    }
    fn name(&self) -> String {
        "cheater".into()
    }
}

/// A die without faces after the first roll.
#[derive(Clone, Debug)]
struct NoFaces(DiceRace);
impl GeneralGame for NoFaces {
    type Move = u8;
    fn player_count(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn moves(&self, m: &mut Vec<u8>) {
        self.0.moves(m);
    }
    fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
        if self.0.totals[0] == 0 {
            self.0.chance_outcomes(o);
        }
    }
    fn apply(&mut self, mv: u8) {
        self.0.apply(mv);
    }
    fn rewards(&self, r: &mut [f64]) {
        self.0.rewards(r);
    }
}

#[test]
fn failures_are_typed_errors() {
    // Game 0: the cheater sits in seat 0, after the first roll (ply 1).
    let e = Arena::new(DiceRace::new(2))
        .with_engine(|_| Cheater)
        .with_engine(|_| Fixed(1))
        .with_games(2)
        .run()
        .unwrap_err();
    assert!(
        matches!(
            &e,
            PlayError::IllegalMove { game: Some(0), seat: 0, ply: 1, strategy, mv }
                if strategy == "cheater" && mv == "7"
        ),
        "{e}"
    );
    assert!(matches!(
        fixed(Arena::new(DiceRace::new(2))).with_games(0).run(),
        Err(PlayError::NoGames)
    ));
    assert!(matches!(
        Arena::new(DiceRace::new(2)).run(),
        Err(PlayError::NoEngines)
    ));
    let mut over = DiceRace::new(2);
    over.totals[1] = 12;
    assert!(matches!(
        fixed(Arena::new(over)).run(),
        Err(PlayError::StartOver)
    ));
    assert!(matches!(
        fixed(Arena::new(DiceRace::new(2))).with_max_plies(3).run(),
        Err(PlayError::TooLong {
            game: Some(0),
            limit: 3
        })
    ));
    let broken = Arena::new(NoFaces(DiceRace::new(2)))
        .with_engine(|seed| Random(SplitMix64::new(seed)))
        .run()
        .unwrap_err();
    assert!(
        matches!(
            broken,
            PlayError::BrokenGame {
                game: Some(0),
                ply: 2,
                ..
            }
        ),
        "{broken}"
    );
}

#[test]
fn ismcts_wins_chips_from_a_random_player_at_kuhn_poker() {
    use games::Kuhn;
    use mcts::Ismcts;
    use search_core::Budget;
    let report = Arena::new(Kuhn::new())
        .with_engine(|seed| {
            Ismcts::new()
                .with_seed(seed)
                .with_budget(Budget::iterations(500))
        })
        .with_engine(|seed| Random(SplitMix64::new(seed)))
        .with_games(1_000)
        .with_seed(5)
        .run()
        .unwrap();
    let results = report.engine_results();
    let mean = results[0].mean_reward().unwrap();
    // Each player's value in Kuhn poker is within 1/18 of 0 at an equilibrium; random
    // play gives much more away (over 1,000 hands the mean's standard error is about
    // 0.04).
    assert_eq!(results[0].games(), 1_000);
    assert!(mean > 0.1, "ismcts wins {mean} a hand on average");
    assert_eq!(report.names, ["ismcts", "random"]);
}
