//! Games with extra turns (a move after which the same player moves again): rewards are
//! backed up for the player who moved into each node and the solver negates a proven
//! value only where the mover changes. Checked against an exhaustive negamax that does the
//! same, on one thread and on two (tree and root parallelism).

use crate::common;

use common::negamax;
use mcts::{Mcts, Parallelism, Value};
use search_core::{Budget, Game, Outcome, Player, Wdl};

/// Nim on one heap: take 1, 2 or 3 stones; taking exactly 2 gives the same player another
/// turn (unless it empties the heap); whoever takes the last stone wins.
#[derive(Clone, Debug, PartialEq)]
struct ExtraNim {
    stones: u8,
    to_move: Player,
    last: Player,
}

impl ExtraNim {
    fn new(stones: u8) -> Self {
        ExtraNim {
            stones,
            to_move: Player::First,
            last: Player::Second,
        }
    }
}

impl Game for ExtraNim {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        m.extend((1..=3).filter(|&t| t <= self.stones));
    }
    fn play(&mut self, take: u8) {
        self.stones -= take;
        self.last = self.to_move;
        if take != 2 {
            self.to_move = self.to_move.opponent();
        }
    }
    fn outcome(&self) -> Outcome {
        if self.stones > 0 {
            Outcome::Ongoing
        } else {
            Outcome::Win(self.last)
        }
    }
}

/// Dots and Boxes in one line: take one or two sticks; taking two closes a box, scores a
/// point and gives the same player another turn; most points wins (draws happen).
#[derive(Clone, Debug, PartialEq)]
struct Boxes {
    sticks: u8,
    points: [u8; 2],
    to_move: Player,
}

impl Game for Boxes {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, m: &mut Vec<u8>) {
        m.extend((1..=2).filter(|&t| t <= self.sticks));
    }
    fn play(&mut self, take: u8) {
        self.sticks -= take;
        if take == 2 {
            self.points[self.to_move.index()] += 1;
        } else {
            self.to_move = self.to_move.opponent();
        }
    }
    fn outcome(&self) -> Outcome {
        if self.sticks > 0 {
            return Outcome::Ongoing;
        }
        match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// Negamax that negates at every ply, as if turns alternated: the mistake the engine must
/// not make.
fn alternating_negamax<G: Game>(state: &G) -> i8 {
    match state.outcome() {
        Outcome::Ongoing => {}
        o => return o.value_for(state.to_move()).unwrap() as i8,
    }
    state
        .legal_move_list()
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            -alternating_negamax(&child)
        })
        .max()
        .unwrap()
}

/// The exact value of `mv` for the player making it.
fn move_value<G: Game>(state: &G, mv: G::Move) -> i8 {
    let mut child = state.clone();
    child.play(mv);
    let v = negamax(&child);
    if child.to_move() == state.to_move() {
        v
    } else {
        -v
    }
}

/// Solves `state` on one thread and on two (tree, root) and compares the root value and
/// every proven root move with negamax.
fn check<G>(state: &G, name: &str)
where
    G: Game + PartialEq + Send,
    G::Move: Send + Sync,
{
    let want = Wdl::from_sign(negamax(state).into());
    let configs = [
        (1, Parallelism::Tree),
        (2, Parallelism::Tree),
        (2, Parallelism::Root),
    ];
    for (i, (threads, parallelism)) in configs.into_iter().enumerate() {
        let mut ai = Mcts::<G>::new()
            .with_seed(i as u64 + 1)
            .with_threads(threads)
            .with_parallelism(parallelism)
            .with_budget(Budget::iterations(200_000));
        let r = ai.search(state).unwrap();
        let how = format!("{name}, {threads} threads, {parallelism:?}");
        assert_eq!(r.value, Value::Proven(want), "{how}");
        for m in &r.moves {
            if let Some(p) = m.proven {
                let exact = Wdl::from_sign(move_value(state, m.mv).into());
                assert_eq!(p, exact, "{how}: move {:?}", m.mv);
            }
        }
        assert_eq!(
            Wdl::from_sign(move_value(state, r.best_move).into()),
            want,
            "{how}: the chosen move keeps the value"
        );
    }
}

#[test]
fn extra_turn_nim_is_solved_like_negamax() {
    let mut differs = 0;
    for stones in 1..=14 {
        let g = ExtraNim::new(stones);
        differs += usize::from(negamax(&g) != alternating_negamax(&g));
        check(&g, &format!("nim {stones}"));
    }
    // The positions tell the two backups apart: a search that negated per ply would fail.
    assert!(differs >= 3, "only {differs} positions tell them apart");
}

#[test]
fn one_line_dots_and_boxes_is_solved_like_negamax() {
    let mut draws = 0;
    let mut differs = 0;
    for sticks in 1..=11 {
        let g = Boxes {
            sticks,
            points: [0, 0],
            to_move: Player::First,
        };
        draws += usize::from(negamax(&g) == 0);
        differs += usize::from(negamax(&g) != alternating_negamax(&g));
        check(&g, &format!("boxes {sticks}"));
    }
    assert!(
        draws >= 1 && differs >= 1,
        "{draws} draws, {differs} differ"
    );
}

#[test]
fn unproven_means_are_for_the_player_who_moved() {
    // 30 stones: too many to prove in 300 iterations. Taking 2 leaves the same player to
    // move, so that child's mean is the root player's reward, like the other children's:
    // every root mean must lie in [0, 1] and agree with the root view's player.
    let g = ExtraNim::new(30);
    let mut ai = Mcts::<ExtraNim>::new()
        .with_seed(4)
        .with_budget(Budget::iterations(300));
    let r = ai.search(&g).unwrap();
    let root = ai.root_view().unwrap();
    for child in root.children() {
        assert_eq!(
            child.player(),
            Player::First,
            "the root's mover owns its moves"
        );
        let stats = r.moves.iter().find(|m| Some(m.mv) == child.mv()).unwrap();
        assert!((stats.mean - child.mean()).abs() < 1e-9);
        assert!((0.0..=1.0).contains(&stats.mean));
        // After taking 2 the first player moves again: that node's children are First's.
        if child.mv() == Some(2) {
            assert!(child.children().all(|g| g.player() == Player::First));
        } else {
            assert!(child.children().all(|g| g.player() == Player::Second));
        }
    }
}
