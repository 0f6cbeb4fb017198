//! `GeneralMcts` on games with chance nodes, three players and extra turns, checked against
//! an exhaustive expectimax / max^n written here (chance nodes: the probability-weighted
//! mean; a player's node: the child best for that player), and its errors and budgets.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Duration;

use games::{DotsAndBoxes, EinStein, EinSteinMove, MnkGame};
use mcts::{GeneralMcts, Value};
use search_core::{
    Budget, BudgetError, BudgetField, Game, GeneralGame, SearchError, SplitMix64, StopFlag, Turn,
    Wdl,
};

/// The exact value vector of `state` (every player's reward under expectimax at chance
/// nodes and max^n at the players' nodes), or `None` when it depends on how a player
/// breaks a tie between moves that are equal for it but not for the others (anywhere
/// below `state`).
fn exact<G>(state: &G, memo: &mut HashMap<G, Option<Vec<f64>>>) -> Option<Vec<f64>>
where
    G: GeneralGame + Hash + Eq,
{
    if let Some(v) = memo.get(state) {
        return v.clone();
    }
    let n = state.player_count();
    let value = match state.turn() {
        Turn::Over => {
            let mut r = vec![0.0; n];
            state.rewards(&mut r);
            Some(r)
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let mut sum = Some(vec![0.0; n]);
            for (o, p) in outcomes {
                let mut child = state.clone();
                child.apply(o);
                sum = match (sum, exact(&child, memo)) {
                    (Some(mut s), Some(v)) => {
                        s.iter_mut().zip(&v).for_each(|(a, b)| *a += p * b);
                        Some(s)
                    }
                    _ => None,
                };
            }
            sum
        }
        Turn::Player(p) => {
            let values: Option<Vec<Vec<f64>>> = child_values(state, memo)
                .into_iter()
                .map(|(_, v)| v)
                .collect();
            values.and_then(|values| {
                let best = values.iter().map(|v| v[p]).fold(f64::MIN, f64::max);
                let mut ties = values.iter().filter(|v| (v[p] - best).abs() < 1e-12);
                let first = ties.next().cloned()?;
                let same = |v: &Vec<f64>| v.iter().zip(&first).all(|(a, b)| (a - b).abs() < 1e-12);
                ties.all(same).then_some(first)
            })
        }
    };
    memo.insert(state.clone(), value.clone());
    value
}

/// Every move of the player to move with the exact value vector after it.
fn child_values<G>(
    state: &G,
    memo: &mut HashMap<G, Option<Vec<f64>>>,
) -> Vec<(G::Move, Option<Vec<f64>>)>
where
    G: GeneralGame + Hash + Eq,
{
    let mut moves = Vec::new();
    state.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = state.clone();
            child.apply(m);
            (m, exact(&child, memo))
        })
        .collect()
}

/// The moves whose exact value for the mover is best, that value, and the gap to the next
/// best move (0 when every move is best); `None` if some move's value is ambiguous.
fn optimal<G>(
    state: &G,
    memo: &mut HashMap<G, Option<Vec<f64>>>,
) -> Option<(Vec<G::Move>, f64, f64)>
where
    G: GeneralGame + Hash + Eq,
{
    let Turn::Player(p) = state.turn() else {
        return None;
    };
    let values: Vec<(G::Move, f64)> = child_values(state, memo)
        .into_iter()
        .map(|(m, v)| v.map(|v| (m, v[p])))
        .collect::<Option<_>>()?;
    let best = values.iter().map(|v| v.1).fold(f64::MIN, f64::max);
    let best_moves: Vec<G::Move> = values
        .iter()
        .filter(|v| (v.1 - best).abs() < 1e-12)
        .map(|v| v.0)
        .collect();
    // No gap when every move is best.
    let second = values
        .iter()
        .map(|v| v.1)
        .filter(|&v| (v - best).abs() >= 1e-12)
        .fold(best, |a, b| if a == best { b } else { a.max(b) });
    Some((best_moves, best, best - second))
}

/// A random EinStein position with one to `most` cubes a side, the die already rolled.
fn einstein_endgame(rng: &mut SplitMix64, most: usize) -> Option<EinStein> {
    // Player 0's cubes near the bottom-right corner it runs to, player 1's near the
    // top-left: short games.
    let mut near = |corner: u8| {
        let mut cells: Vec<u8> = (0..9).map(|k| corner + k / 3 * 5 + k % 3).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        cells
    };
    let (near_end, near_start) = (near(12), near(0));
    let mut numbers = [[1u8, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]];
    for side in &mut numbers {
        for i in (1..6).rev() {
            side.swap(i, rng.below(i + 1));
        }
    }
    let (a, b) = (1 + rng.below(most), 1 + rng.below(most));
    let first: Vec<(u8, u8)> = (0..a).map(|i| (numbers[0][i], near_end[i])).collect();
    let second: Vec<(u8, u8)> = (0..b).map(|i| (numbers[1][i], near_start[i])).collect();
    let mut game = EinStein::from_cubes([&first, &second], rng.below(2)).ok()?;
    game.apply(EinSteinMove::Roll(1 + rng.below(6) as u8));
    Some(game)
}

#[test]
fn with_dice_the_chosen_move_is_the_exact_expectimax_move() {
    let mut rng = SplitMix64::new(11);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for round in 0..400 {
        let Some(game) = einstein_endgame(&mut rng, 2) else {
            continue;
        };
        let Some((best_moves, best, gap)) = optimal(&game, &mut memo) else {
            continue;
        };
        // Only positions where the best move is clearly better than the others (a gap of
        // 0.2 on the reward range [-1, 1]) can be expected to be found by sampling.
        if gap < 0.2 {
            continue;
        }
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&game).unwrap();
        assert!(
            best_moves.contains(&r.best_move),
            "round {round}: {game}\nchose {:?}, exact best {best_moves:?} worth {best}\n{r}",
            r.best_move
        );
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12, "too few positions with a clear best move");
}

#[test]
fn with_dice_the_root_value_approaches_the_exact_expected_value() {
    // One cube a side: short games, where 20,000 iterations get the mean close. (With
    // two cubes a side the mean converges too, but more slowly: UCT's average includes
    // the exploration of weaker moves.)
    let mut rng = SplitMix64::new(12);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for round in 0..400 {
        let Some(game) = einstein_endgame(&mut rng, 1) else {
            continue;
        };
        let Some((best_moves, best, _)) = optimal(&game, &mut memo) else {
            continue;
        };
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&game).unwrap();
        assert!(
            best_moves.contains(&r.best_move)
                || (r.in_game_units(r.value.reward()) - best).abs() < 0.05,
            "{game}\n{r}"
        );
        assert!(
            (r.in_game_units(r.value.reward()) - best).abs() < 0.1,
            "round {round}: mean {} against the exact {best}\n{game}\n{r}",
            r.in_game_units(r.value.reward())
        );
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn every_proof_through_dice_is_exact() {
    // A move is proven only when the mover wins whatever the dice and the opponent do:
    // its exact expected value is then the top of the range, 1.
    let mut rng = SplitMix64::new(13);
    let mut memo = HashMap::new();
    let (mut proofs, mut through_dice) = (0, 0);
    for round in 0..300 {
        let Some(game) = einstein_endgame(&mut rng, 2) else {
            continue;
        };
        let Turn::Player(p) = game.turn() else {
            unreachable!()
        };
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(3_000));
        let r = ai.search(&game).unwrap();
        let exact_values: HashMap<EinSteinMove, Vec<f64>> = child_values(&game, &mut memo)
            .into_iter()
            .map(|(m, v)| (m, v.expect("two players, zero-sum: no ambiguity")))
            .collect();
        for m in r.moves.iter().filter(|m| m.proven.is_some()) {
            assert_eq!(m.proven, Some(Wdl::Win));
            assert!((exact_values[&m.mv][p] - 1.0).abs() < 1e-9, "{game}\n{r}");
            proofs += 1;
            let mut after = game;
            after.apply(m.mv);
            through_dice += usize::from(after.turn() == Turn::Chance);
        }
        assert_eq!(
            r.value.is_proven(),
            r.moves.iter().any(|m| m.proven.is_some())
        );
    }
    assert!(
        proofs >= 20 && through_dice >= 5,
        "{proofs} proofs, {through_dice} through dice"
    );
}

/// Roll a die; keep it, or roll once more and keep that (rewards: the face kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Reroll {
    roll: Option<u8>,
    rerolling: bool,
    done: bool,
}

impl GeneralGame for Reroll {
    type Move = u8;
    fn player_count(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        if self.done {
            Turn::Over
        } else if self.roll.is_none() || self.rerolling {
            Turn::Chance
        } else {
            Turn::Player(0)
        }
    }
    fn moves(&self, moves: &mut Vec<u8>) {
        if self.turn() == Turn::Player(0) {
            moves.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.turn() == Turn::Chance {
            outcomes.extend((1..=6).map(|face| (face, 1.0 / 6.0)));
        }
    }
    fn apply(&mut self, mv: u8) {
        match self.turn() {
            Turn::Chance => {
                self.done = self.rerolling;
                self.roll = Some(mv);
            }
            _ if mv == 0 => self.done = true,
            _ => self.rerolling = true,
        }
    }
    fn rewards(&self, rewards: &mut [f64]) {
        rewards[0] = f64::from(self.roll.unwrap_or(0));
    }
    fn reward_range(&self) -> (f64, f64) {
        (1.0, 6.0)
    }
}

#[test]
fn one_player_with_a_die_estimates_the_expected_reroll() {
    let mut memo = HashMap::new();
    for face in 1..=6u8 {
        let game = Reroll {
            roll: Some(face),
            rerolling: false,
            done: false,
        };
        let (best_moves, best, _) = optimal(&game, &mut memo).unwrap();
        let mut ai = GeneralMcts::new()
            .with_seed(u64::from(face))
            .with_budget(Budget::iterations(4_000));
        let r = ai.search(&game).unwrap();
        assert!(best_moves.contains(&r.best_move), "face {face}: {r}");
        let reroll = r.moves.iter().find(|m| m.mv == 1).unwrap();
        if face == 6 {
            // Keeping a 6 is the top of the range: proven at once, the reroll never tried.
            assert_eq!(r.value, Value::Proven(Wdl::Win), "{r}");
            assert_eq!((reroll.visits, r.stats.iterations), (0, 1), "{r}");
            continue;
        }
        // The reroll's mean is the expected face, 3.5, whatever was rolled.
        assert!(
            (r.in_game_units(reroll.mean) - 3.5).abs() < 0.25,
            "face {face}: {r}"
        );
        assert!(
            (r.in_game_units(r.value.reward()) - best).abs() < 0.25,
            "face {face}: {r}"
        );
    }
}

/// A random three-player 4 × 4, 3-in-a-row position with `empty` empty cells, not over.
fn mnk_position(rng: &mut SplitMix64, empty: usize) -> Option<MnkGame> {
    let mut game = MnkGame::new(4, 4, 3, 3).unwrap();
    for _ in 0..16 - empty {
        let mut moves = Vec::new();
        game.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        game.apply(moves[rng.below(moves.len())]);
    }
    matches!(game.turn(), Turn::Player(_)).then_some(game)
}

/// The cells where `player` would complete a line at once if it were its turn.
fn winning_cells(game: &MnkGame, player: usize) -> Vec<u8> {
    use search_core::OutOfTurn;
    let mut moves = Vec::new();
    game.moves_of(player, &mut moves);
    moves
        .into_iter()
        .filter(|&c| {
            let mut g = *game;
            g.apply_as(player, c, player);
            let mut r = [0.0; 3];
            g.turn() == Turn::Over && {
                g.rewards(&mut r);
                r[player] == 1.0
            }
        })
        .collect()
}

#[test]
fn three_players_take_an_immediate_win_and_prove_it() {
    let mut rng = SplitMix64::new(5);
    let mut checked = 0;
    for round in 0..300 {
        let Some(game) = mnk_position(&mut rng, 8) else {
            continue;
        };
        let Turn::Player(p) = game.turn() else {
            unreachable!()
        };
        let wins = winning_cells(&game, p);
        if wins.is_empty() {
            continue;
        }
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(5_000));
        let r = ai.search(&game).unwrap();
        assert!(wins.contains(&r.best_move), "{game}\n{r}");
        assert_eq!(r.value, Value::Proven(Wdl::Win), "{r}");
        assert_eq!(r.in_game_units(r.value.reward()), 1.0);
        // The search stops once the root is proven: at most one iteration per root move
        // and the one that proves it.
        assert!(r.stats.iterations <= 9, "{r}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions with a win in one");
}

#[test]
fn three_players_block_the_next_players_win() {
    let mut rng = SplitMix64::new(8);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for round in 0..3000 {
        let Some(game) = mnk_position(&mut rng, 8) else {
            continue;
        };
        let Turn::Player(p) = game.turn() else {
            unreachable!()
        };
        let threats = winning_cells(&game, (p + 1) % 3);
        if !winning_cells(&game, p).is_empty() || threats.len() != 1 {
            continue;
        }
        // Every other move lets the next player win at once (the mover gets 0, however
        // the next player chooses among its wins); blocking must be worth clearly more
        // under the exact max^n values.
        let mut blocked = game;
        blocked.apply(threats[0]);
        match exact(&blocked, &mut memo) {
            Some(v) if v[p] >= 0.2 => {}
            _ => continue,
        }
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&game).unwrap();
        assert_eq!(r.best_move, threats[0], "{game}\n{r}");
        checked += 1;
        if checked == 8 {
            break;
        }
    }
    assert_eq!(
        checked, 8,
        "too few positions with a single threat to block"
    );
}

#[test]
fn three_player_root_values_approach_the_exact_max_n_values() {
    let mut rng = SplitMix64::new(21);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for round in 0..400 {
        let Some(game) = mnk_position(&mut rng, 6) else {
            continue;
        };
        let Some((best_moves, best, gap)) = optimal(&game, &mut memo) else {
            continue;
        };
        if gap < 0.2 {
            continue;
        }
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&game).unwrap();
        assert!(best_moves.contains(&r.best_move), "{game}\n{r}");
        assert!(
            (r.in_game_units(r.value.reward()) - best).abs() < 0.1,
            "exact {best}\n{game}\n{r}"
        );
        checked += 1;
        if checked == 15 {
            break;
        }
    }
    assert_eq!(checked, 15);
}

#[test]
fn extra_turns_find_the_exact_best_move_in_dots_and_boxes() {
    let mut rng = SplitMix64::new(3);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for round in 0..200 {
        let mut game = DotsAndBoxes::new(2, 2).unwrap();
        for _ in 0..4 + rng.below(3) {
            let moves = game.legal_move_list();
            game.play(moves[rng.below(moves.len())]);
        }
        let Some((best_moves, best, gap)) = optimal(&game, &mut memo) else {
            continue;
        };
        if gap < 0.5 {
            continue;
        }
        let mut ai = GeneralMcts::new()
            .with_seed(round)
            .with_budget(Budget::iterations(20_000));
        let r = ai.search(&game).unwrap();
        assert!(
            best_moves.contains(&r.best_move),
            "{game}\nexact {best}\n{r}"
        );
        checked += 1;
        if checked == 10 {
            break;
        }
    }
    assert_eq!(checked, 10);
}

#[test]
fn seeded_runs_are_identical_bit_for_bit() {
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(4));
    let three = MnkGame::new(4, 4, 3, 3).unwrap();
    let run = |seed: u64| {
        let mut a = GeneralMcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(3_000));
        let mut b = GeneralMcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(3_000));
        let (x, y) = (a.search(&dice).unwrap(), b.search(&dice).unwrap());
        assert_eq!(
            (x.best_move, x.value.reward().to_bits()),
            (y.best_move, y.value.reward().to_bits())
        );
        assert_eq!(x.moves, y.moves);
        assert_eq!((x.tree_size, x.stats.leaves), (y.tree_size, y.stats.leaves));
        // The same engine again: the tree is rebuilt, the same search is done.
        let z = a.search(&dice).unwrap();
        assert_eq!(x.moves, z.moves);
        let mut c = GeneralMcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(3_000));
        let mut d = GeneralMcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(3_000));
        let (x, y) = (c.search(&three).unwrap(), d.search(&three).unwrap());
        assert_eq!(x.moves, y.moves);
        x.moves
    };
    assert_ne!(run(1), run(2), "another seed, another search");
}

#[test]
fn bad_requests_are_typed_errors() {
    let three = MnkGame::new(3, 3, 3, 3).unwrap();
    let err = |mut ai: GeneralMcts<MnkGame>| ai.search(&three).map(|_| ());
    assert!(matches!(
        err(GeneralMcts::new().with_budget(Budget::iterations(0))),
        Err(SearchError::Budget(BudgetError::ZeroIterations))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_budget(Budget::time(Duration::ZERO))),
        Err(SearchError::Budget(BudgetError::ZeroTime))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_budget(Budget::nodes(1_000))),
        Err(SearchError::Budget(BudgetError::Unsupported {
            field: BudgetField::Nodes,
            ..
        }))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_budget(Budget::depth(3))),
        Err(SearchError::Budget(BudgetError::NeverStops { .. }))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_exploration(f64::NAN)),
        Err(SearchError::Config(_))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_exploration(-1.0)),
        Err(SearchError::Config(_))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_node_cap(0)),
        Err(SearchError::Config(_))
    ));
    assert!(matches!(
        err(GeneralMcts::new().with_node_cap(5)),
        Err(SearchError::Config(_))
    ));
    let mut over = three;
    for cell in [0, 3, 6, 1, 4, 7, 2] {
        over.apply(cell);
    }
    assert_eq!(over.turn(), Turn::Over);
    assert_eq!(
        GeneralMcts::new().search(&over).unwrap_err(),
        SearchError::GameOver
    );
    assert!(matches!(
        GeneralMcts::new().search(&EinStein::new()),
        Err(SearchError::Config(_))
    ));
}

#[test]
fn threads_grow_a_tree_each_and_add_up_their_statistics() {
    let three = MnkGame::new(4, 4, 3, 3).unwrap();
    let mut ai = GeneralMcts::new()
        .with_threads(3)
        .with_node_cap(3_000)
        .with_budget(Budget::iterations(10_000));
    let r = ai.search(&three).unwrap();
    assert_eq!(r.stats.iterations, 10_000);
    assert_eq!(r.moves.iter().map(|m| m.visits).sum::<u64>(), 10_000);
    assert!(r.tree_size <= 3_000, "{r}");
    // A win in one is proven by whichever thread finds it first, and the others stop.
    let mut win = three;
    for cell in [0, 4, 8, 1, 5, 9] {
        win.apply(cell);
    }
    let r = ai.search(&win).unwrap();
    assert!(r.best_move == 2 && r.value.is_proven(), "{r}");
    assert!(r.stats.iterations < 10_000, "{r}");
    assert!(matches!(
        GeneralMcts::<MnkGame>::new().with_threads(0).search(&three),
        Err(SearchError::Config(_))
    ));
}

/// Panics in its playouts (at the second turn), for the thread test below.
#[derive(Clone, Debug)]
struct Panicky(u8);

impl GeneralGame for Panicky {
    type Move = u8;
    fn player_count(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        if self.0 == 0 {
            Turn::Over
        } else {
            Turn::Player(0)
        }
    }
    fn moves(&self, moves: &mut Vec<u8>) {
        assert!(self.0 > 1, "the game's own panic");
        moves.extend([0, 1]);
    }
    fn apply(&mut self, _mv: u8) {
        self.0 -= 1;
    }
    fn rewards(&self, rewards: &mut [f64]) {
        rewards[0] = 0.0;
    }
}

#[test]
fn a_panic_on_a_search_thread_is_worker_panicked() {
    let mut ai = GeneralMcts::new()
        .with_threads(2)
        .with_budget(Budget::iterations(100));
    let e = ai.search(&Panicky(3)).unwrap_err();
    assert!(
        matches!(&e, SearchError::WorkerPanicked { message } if message.contains("own panic")),
        "{e}"
    );
}

/// A one-player game of `plies` coin flips and choices whose promises can be broken on
/// purpose: rewards out of range, probabilities that do not add up, a wrong sum, a player
/// that does not exist, a turn without moves.
#[derive(Clone, Debug)]
struct Faulty {
    fault: Fault,
    plies: u8,
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Fault {
    None,
    Range,
    Probabilities,
    Sum,
    Player,
    NoMoves,
}

impl GeneralGame for Faulty {
    type Move = u8;
    const REWARD_SUM: Option<f64> = Some(0.5);
    fn player_count(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        match self.plies {
            0 => Turn::Over,
            p if p % 2 == 1 => Turn::Chance,
            _ if self.fault == Fault::Player => Turn::Player(1),
            _ => Turn::Player(0),
        }
    }
    fn moves(&self, moves: &mut Vec<u8>) {
        if self.fault != Fault::NoMoves || self.plies > 2 {
            moves.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        let p = if self.fault == Fault::Probabilities {
            0.4
        } else {
            0.5
        };
        outcomes.extend([(0, p), (1, p)]);
    }
    fn apply(&mut self, _mv: u8) {
        self.plies -= 1;
    }
    fn rewards(&self, rewards: &mut [f64]) {
        rewards[0] = match self.fault {
            Fault::Range => 1.5,
            Fault::Sum => 0.25,
            _ => 0.5,
        };
    }
    fn reward_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }
}

#[test]
fn broken_promises_are_found_in_the_tree_and_in_playouts() {
    let game = |fault| Faulty { fault, plies: 6 };
    let mut ai = GeneralMcts::new().with_budget(Budget::iterations(100));
    assert!(ai.search(&game(Fault::None)).is_ok());
    for fault in [Fault::Range, Fault::Probabilities, Fault::Sum] {
        let e = ai.search(&game(fault)).unwrap_err();
        assert!(
            matches!(e, SearchError::BrokenPromise { .. }),
            "{fault:?}: {e}"
        );
    }
    let e = ai.search(&game(Fault::Player)).unwrap_err();
    assert!(e.to_string().contains("player_count"), "{e}");
    assert_eq!(
        ai.search(&game(Fault::NoMoves)).unwrap_err(),
        SearchError::NoLegalMoves
    );
}

#[test]
fn budgets_bound_the_search() {
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(2));
    // Time.
    let mut ai = GeneralMcts::new().with_budget(Budget::time(Duration::from_millis(30)));
    let r = ai.search(&dice).unwrap();
    assert!(r.stats.iterations > 0 && r.stats.elapsed < Duration::from_secs(5));
    // A stop flag already raised: the search stops at its first look.
    let flag = StopFlag::new();
    flag.stop();
    let mut ai = GeneralMcts::new().with_budget(Budget::new().with_stop(flag));
    assert_eq!(ai.search(&dice).unwrap().stats.iterations, 0);
    // Depth: no node deeper than two players' moves.
    let mut ai = GeneralMcts::new().with_budget(Budget::iterations(5_000).with_depth(2));
    let r = ai.search(&dice).unwrap();
    assert!(r.stats.depth_reached <= 2, "{r}");
    // The node cap.
    let mut ai = GeneralMcts::new()
        .with_node_cap(200)
        .with_budget(Budget::iterations(5_000));
    let r = ai.search(&dice).unwrap();
    assert!(r.tree_size <= 200 && r.stats.iterations == 5_000, "{r}");
    // Unlimited: runs until the tree is full.
    let mut ai = GeneralMcts::new()
        .with_node_cap(1_000)
        .with_budget(Budget::new());
    let r = ai.search(&dice).unwrap();
    assert!(r.tree_size <= 1_000 && r.tree_size > 900, "{r}");
}

/// Always the first move the game lists: a policy of the one `Playout` trait, for any
/// `GeneralGame`.
struct FirstMove;

impl<G: GeneralGame> mcts::Playout<G> for FirstMove {
    fn choose(&self, _state: &G, moves: &[G::Move], _rng: &mut SplitMix64) -> G::Move {
        moves[0]
    }
}

#[test]
fn the_general_mode_plays_out_with_any_playout_policy() {
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(5));
    let run = || {
        let mut ai = GeneralMcts::new()
            .with_playout(FirstMove)
            .with_seed(3)
            .with_budget(Budget::iterations(2_000));
        ai.search(&dice).unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(
        a.moves, b.moves,
        "a seed fixes the dice of the playouts too"
    );
    assert_eq!(a.stats.iterations, 2_000);
    // The policy was asked: its playouts differ from uniformly random ones.
    let random = GeneralMcts::new()
        .with_seed(3)
        .with_budget(Budget::iterations(2_000))
        .search(&dice)
        .unwrap();
    assert_ne!(a.moves, random.moves);
}

#[test]
fn a_playout_cut_off_is_refused_in_the_general_mode() {
    use games::{ConnectFour, ThreatEvaluator};
    use mcts::{EvalCutoff, RandomPlayout};
    let cutoff = EvalCutoff::new(RandomPlayout, ThreatEvaluator, 4, 16.0, 0.9).unwrap();
    let mut ai = GeneralMcts::new()
        .with_playout(cutoff.clone())
        .with_budget(Budget::iterations(100));
    let e = ai.search(&ConnectFour::new()).unwrap_err();
    assert!(
        matches!(&e, SearchError::Config(m) if m.contains("cut-off")),
        "{e}"
    );
    // The two-player mode takes the same policy.
    let mut two = mcts::Mcts::new()
        .with_playout(cutoff)
        .with_budget(Budget::iterations(100));
    assert!(two.search(&ConnectFour::new()).is_ok());
}

#[test]
fn the_general_mode_has_the_options_both_modes_share() {
    let ai = GeneralMcts::<MnkGame>::new()
        .with_seed(9)
        .with_exploration(1.4)
        .with_threads(3)
        .with_budget(Budget::time(Duration::from_millis(20)));
    assert_eq!((ai.seed(), ai.exploration(), ai.threads()), (9, 1.4, 3));
    assert_eq!(ai.budget().time_limit(), Some(Duration::from_millis(20)));
    assert_eq!(GeneralMcts::<MnkGame>::NODE_BYTES, 32);
    let ai = ai.with_memory_cap(64_000);
    assert_eq!(ai.node_cap(), 2_000);
    assert!(format!("{ai:?}").starts_with("GeneralMcts"));
    let default: GeneralMcts<MnkGame> = Default::default();
    assert_eq!(default.node_cap(), mcts::DEFAULT_NODE_CAP);
    assert_eq!(default.tree_size(), 0);
}

#[test]
fn every_general_search_starts_from_an_empty_tree() {
    let three = MnkGame::new(4, 4, 3, 3).unwrap();
    let mut ai = GeneralMcts::new()
        .with_seed(2)
        .with_budget(Budget::iterations(1_500));
    let first = ai.search(&three).unwrap();
    assert_eq!(ai.tree_size(), first.tree_size);
    assert_eq!(
        first.stats.nodes as usize, first.tree_size,
        "every node is new"
    );
    assert_eq!(first.root_visits, 1_500);
    let again = ai.search(&three).unwrap();
    assert_eq!(
        again.moves, first.moves,
        "the same search again, not a reused tree"
    );
    assert_eq!(again.root_visits, 1_500);
    ai.reset();
    assert_eq!(ai.tree_size(), 0);
}

#[test]
fn results_are_normalised_and_read_in_the_games_units() {
    let game = Reroll {
        roll: Some(2),
        rerolling: false,
        done: false,
    };
    let r = GeneralMcts::new()
        .with_seed(1)
        .with_budget(Budget::iterations(3_000))
        .search(&game)
        .unwrap();
    assert_eq!(r.reward_range, (1.0, 6.0));
    assert_eq!(r.player, 0);
    assert_eq!(r.best_move, 1, "rerolling a 2 is worth 3.5 on average: {r}");
    for m in &r.moves {
        assert!((0.0..=1.0).contains(&m.mean), "{r}");
        assert!(m.interval.contains(m.mean), "{r}");
    }
    let keep = r.moves.iter().find(|m| m.mv == 0).unwrap();
    assert!((r.in_game_units(keep.mean) - 2.0).abs() < 1e-6, "{r}");
    assert_eq!(r.in_game_units(0.0), 1.0);
    assert_eq!(r.in_game_units(1.0), 6.0);
    let text = r.to_string();
    assert!(text.starts_with("best move 1 (estimated reward "), "{text}");
    assert!(
        text.contains("playouts/s") && r.playouts_per_second() > 0.0,
        "{text}"
    );
}

#[test]
fn a_two_player_game_is_searched_alike_in_both_modes() {
    use games::ConnectFour;
    // X (to move) has three in a row on the bottom with both ends open.
    let g: ConnectFour = "445566".parse().unwrap();
    let general = GeneralMcts::new()
        .with_seed(3)
        .with_budget(Budget::iterations(3_000))
        .search(&g)
        .unwrap();
    let two = mcts::Mcts::new()
        .with_seed(3)
        .with_budget(Budget::iterations(3_000))
        .search(&g)
        .unwrap();
    for r in [&general, &two] {
        assert!(r.best_move == 2 || r.best_move == 6, "{r}");
        assert_eq!(r.value, Value::Proven(Wdl::Win), "{r}");
        assert_eq!((r.player, r.reward_range), (0, (-1.0, 1.0)));
    }
}

#[test]
fn root_parallel_general_searches_repeat_without_a_proof() {
    let mut dice = EinStein::new();
    dice.apply(EinSteinMove::Roll(2));
    let run = || {
        GeneralMcts::new()
            .with_seed(6)
            .with_threads(2)
            .with_budget(Budget::iterations(4_000))
            .search(&dice)
            .unwrap()
    };
    let (a, b) = (run(), run());
    assert!(!a.value.is_proven(), "{a}");
    assert_eq!(
        a.moves, b.moves,
        "each thread runs a fixed share on a tree of its own"
    );
    assert_eq!((a.threads, a.stats.iterations), (2, 4_000));
}
