//! The match runner (`play::Arena`) on a two-player game: a small tic-tac-toe defined
//! here, with perfect, first-move, random, spying and faulty players; clocks, openings,
//! colours, replays, every failure; and the tally's formulas.

use std::cell::RefCell;
use std::rc::Rc;

use play::{Arena, GameClock, MatchReport, PlayError, Tally};
use proptest::prelude::{prop_assert, prop_assert_eq, proptest};
use search_core::{Game, Interval, Outcome, Player, RandomMover, SearchError, Strategy, Wdl};

/// A small tic-tac-toe for the tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Ttt {
    cells: [Option<Player>; 9],
    to_move: Player,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Ttt {
    fn new() -> Self {
        Ttt {
            cells: [None; 9],
            to_move: Player::First,
        }
    }
}

impl Game for Ttt {
    type Move = usize;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        if !self.outcome().is_over() {
            moves.extend((0..9).filter(|&c| self.cells[c].is_none()));
        }
    }
    fn play(&mut self, mv: usize) {
        self.cells[mv] = Some(self.to_move);
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        for line in LINES {
            if let Some(p) = self.cells[line[0]] {
                if line.iter().all(|&c| self.cells[c] == Some(p)) {
                    return Outcome::Win(p);
                }
            }
        }
        if self.cells.iter().all(Option::is_some) {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}

/// Always the first legal move.
struct FirstMover;
impl<G: Game> Strategy<G> for FirstMover {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        state
            .legal_move_list()
            .first()
            .copied()
            .ok_or(SearchError::GameOver)
    }
    fn name(&self) -> String {
        "first".into()
    }
}

/// Plain negamax over the whole tic-tac-toe tree, memoised: a perfect player.
#[derive(Default)]
struct Perfect(std::collections::HashMap<Ttt, i32>);
impl Perfect {
    /// The value of `s` for its side to move.
    fn negamax(&mut self, s: &Ttt) -> i32 {
        match s.outcome() {
            Outcome::Win(_) => return -1, // the player who just moved won
            Outcome::Draw => return 0,
            Outcome::Ongoing => {}
        }
        if let Some(&v) = self.0.get(s) {
            return v;
        }
        let v = s
            .legal_move_list()
            .into_iter()
            .map(|mv| {
                let mut c = *s;
                c.play(mv);
                -self.negamax(&c)
            })
            .max()
            .unwrap_or(0);
        self.0.insert(*s, v);
        v
    }
}
impl Strategy<Ttt> for Perfect {
    fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
        s.legal_move_list()
            .into_iter()
            .max_by_key(|&mv| {
                let mut c = *s;
                c.play(mv);
                -self.negamax(&c)
            })
            .ok_or(SearchError::GameOver)
    }
    fn name(&self) -> String {
        "perfect".into()
    }
}

/// Records, into a shared log, the colour it was asked to play and how many moves it saw.
struct Spy {
    log: Rc<RefCell<Vec<(Player, usize)>>>,
    observed: Rc<RefCell<usize>>,
    inner: RandomMover,
}
impl Strategy<Ttt> for Spy {
    fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
        let before = s.cells.iter().filter(|c| c.is_some()).count();
        self.log.borrow_mut().push((s.to_move, before));
        self.inner.choose_move(s)
    }
    fn observe_move(&mut self, _: &Ttt, _: usize) {
        *self.observed.borrow_mut() += 1;
    }
}

/// Returns cell 9, which does not exist.
struct Cheater;
impl Strategy<Ttt> for Cheater {
    fn choose_move(&mut self, _: &Ttt) -> Result<usize, SearchError> {
        Ok(9)
    }
    fn name(&self) -> String {
        "cheater".into()
    }
}

/// Refuses to move.
struct Sulker;
impl Strategy<Ttt> for Sulker {
    fn choose_move(&mut self, _: &Ttt) -> Result<usize, SearchError> {
        Err(SearchError::Config("sulking".into()))
    }
}

/// The seat engine 0 (A) took in `game`.
fn a_seat<M>(game: &play::GameRecord<M>) -> usize {
    game.seating
        .iter()
        .position(|&e| e == 0)
        .expect("A plays every game")
}

/// `arena` with two random movers.
fn randoms(arena: Arena<'_, Ttt>) -> Arena<'_, Ttt> {
    arena
        .with_engine(RandomMover::new)
        .with_engine(RandomMover::new)
}

/// Plays the first legal move after sleeping `sleep`, and logs each move's budget.
struct Sleeper {
    sleep: std::time::Duration,
    budgets: Rc<RefCell<Vec<Option<std::time::Duration>>>>,
}
impl Strategy<Ttt> for Sleeper {
    fn choose_move(&mut self, s: &Ttt) -> Result<usize, SearchError> {
        std::thread::sleep(self.sleep);
        FirstMover.choose_move(s)
    }
    fn choose_move_within(
        &mut self,
        s: &Ttt,
        budget: search_core::Budget,
    ) -> Result<usize, SearchError> {
        self.budgets.borrow_mut().push(budget.time_limit());
        self.choose_move(s)
    }
}

#[test]
fn a_strategy_that_overspends_its_clock_loses_on_time() {
    let ms = std::time::Duration::from_millis;
    let budgets = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&budgets);
    let report = Arena::new(Ttt::new())
        .with_engine(move |_| Sleeper {
            sleep: ms(30),
            budgets: Rc::clone(&log),
        })
        .with_engine(|_| Perfect::default())
        .with_games(2)
        .with_clock(GameClock::new(ms(50)))
        .run()
        .unwrap();
    assert_eq!(report.time_losses(), [2, 0]);
    assert_eq!(report.tally().unwrap().losses, 2);
    for game in &report.games {
        let a_seat = a_seat(game);
        assert_eq!(game.lost_on_time, Some(a_seat));
        assert_eq!(game.rewards[a_seat], -1.0);
        assert_eq!(game.rewards[1 - a_seat], 1.0);
        // Its first move was played, its second (past the flag) was not.
        let a_moves = game.moves.len() / 2 + usize::from(a_seat == 0 && game.moves.len() % 2 == 1);
        assert_eq!(a_moves, 1, "{game:?}");
    }
    // Every move was given its share of what was left, less and less.
    let budgets = budgets.borrow();
    assert_eq!(budgets.len(), 4);
    let first = GameClock::new(ms(50)).move_time().unwrap();
    assert_eq!(budgets[0], Some(first));
    assert!(budgets[1].unwrap() <= first);
}

#[test]
fn a_generous_clock_changes_nothing_for_strategies_that_ignore_it() {
    let arena = || {
        Arena::new(Ttt::new())
            .with_engine(RandomMover::new)
            .with_engine(RandomMover::new)
            .with_games(6)
            .with_seed(5)
    };
    let untimed = arena().run().unwrap();
    let clock = GameClock::new(std::time::Duration::from_secs(60))
        .with_increment(std::time::Duration::from_secs(1));
    let timed = arena().with_clock(clock).run().unwrap();
    assert_eq!(timed.time_losses(), [0, 0]);
    assert_eq!(timed.games, untimed.games);
    assert_eq!(arena().with_clock(clock).clock(), Some(clock));
}

#[test]
fn a_clock_without_time_is_refused() {
    let result = randoms(Arena::new(Ttt::new()))
        .with_clock(GameClock::new(std::time::Duration::ZERO))
        .run();
    assert!(matches!(result, Err(PlayError::NoTime)), "{result:?}");
}

#[test]
fn results_add_up_and_replay_from_the_seed() {
    let arena = |seed| {
        Arena::new(Ttt::new())
            .with_engine(|_| FirstMover)
            .with_engine(RandomMover::new)
            .with_games(51)
            .with_seed(seed)
    };
    let r = arena(5).run().unwrap();
    let t = r.tally().unwrap();
    assert_eq!(t.games(), 51);
    assert_eq!(r.games.len(), 51);
    assert_eq!(r.names, ["first", "random"]);
    let counted = r.games.iter().fold(Tally::default(), |mut acc, g| {
        acc.record(g.result(a_seat(g)));
        acc
    });
    assert_eq!(counted, t);
    // Every record replays to its rewards from the start position.
    for g in &r.games {
        let mut s = Ttt::new();
        for &mv in &g.moves {
            s.try_play(mv).unwrap();
        }
        let first = match s.outcome() {
            Outcome::Win(Player::First) => 1.0,
            Outcome::Win(Player::Second) => -1.0,
            _ => 0.0,
        };
        assert_eq!(g.rewards, [first, -first]);
        let result = g.result(a_seat(g));
        let a_won = s.outcome()
            == Outcome::Win(if a_seat(g) == 0 {
                Player::First
            } else {
                Player::Second
            });
        assert_eq!(result == Wdl::Win, a_won);
    }
    let again = arena(5).run().unwrap();
    assert_eq!(again, r);
    let other = arena(6).run().unwrap();
    assert_ne!(other.games, r.games);
}

#[test]
fn a_perfect_player_never_loses_to_random_and_the_interval_says_so() {
    let r = Arena::new(Ttt::new())
        .with_engine(|_| Perfect::default())
        .with_engine(RandomMover::new)
        .with_games(60)
        .with_seed(1)
        .run()
        .unwrap();
    let t = r.tally().unwrap();
    assert_eq!(t.losses, 0, "{r}");
    assert!(t.score_interval().low > 0.5, "{r}");
    assert!(t.elo().low.unwrap() > 0.0, "{r}");
    // The first-move player is beatable: random wins some games against it.
    let weak = Arena::new(Ttt::new())
        .with_engine(|_| FirstMover)
        .with_engine(RandomMover::new)
        .with_games(60)
        .with_seed(1)
        .run()
        .unwrap();
    assert!(weak.tally().unwrap().losses > 0, "{weak}");
    assert!(weak.tally().unwrap().score() < t.score());
}

#[test]
fn colours_alternate_and_every_move_is_observed() {
    let log = Rc::new(RefCell::new(Vec::new()));
    let observed = Rc::new(RefCell::new(0));
    let r = {
        let (log, observed) = (log.clone(), observed.clone());
        Arena::new(Ttt::new())
            .with_engine(move |seed| {
                log.borrow_mut().clear();
                *observed.borrow_mut() = 0;
                Spy {
                    log: log.clone(),
                    observed: observed.clone(),
                    inner: RandomMover::new(seed),
                }
            })
            .with_engine(RandomMover::new)
            .with_games(9)
            .with_seed(2)
            .run()
            .unwrap()
    };
    // The log holds the last game only (cleared per game): game 8, A first.
    for (i, g) in r.games.iter().enumerate() {
        assert_eq!(a_seat(g), i % 2, "game {i}");
    }
    let last = r.games.last().unwrap();
    assert_eq!(*observed.borrow(), last.moves.len());
    let log = log.borrow();
    assert!(log.iter().all(|&(p, _)| p == Player::First));
    // A moved at plies 0, 2, 4...: exactly its share of the game.
    assert_eq!(log.len(), last.moves.len().div_ceil(2));
    assert!(log.iter().enumerate().all(|(i, &(_, seen))| seen == 2 * i));
}

#[test]
fn openings_are_shared_by_each_pair_and_vary_between_pairs() {
    let mut arena = Arena::new(Ttt::new())
        .with_engine(|_| FirstMover)
        .with_engine(|_| FirstMover)
        .with_games(20)
        .with_seed(9)
        .with_opening_plies(3);
    let r = arena.run().unwrap();
    let mut distinct = std::collections::HashSet::new();
    for (index, pair) in (0u32..).zip(r.games.chunks(2)) {
        let open = &pair[0].moves[..3];
        assert_eq!(pair[0].opening_plies, 3);
        assert_eq!(&pair[1].moves[..3], open);
        assert_eq!(open, arena.opening(index).unwrap().as_slice());
        distinct.insert(open.to_vec());
    }
    // Two deterministic players still produce many different games.
    assert!(distinct.len() > 5, "{distinct:?}");
    let games: std::collections::HashSet<_> = r.games.iter().map(|g| &g.moves).collect();
    assert!(games.len() > 5);
    // Without openings they replay one game twenty times.
    let plain = Arena::new(Ttt::new())
        .with_engine(|_| FirstMover)
        .with_engine(|_| FirstMover)
        .with_games(20)
        .run()
        .unwrap();
    let games: std::collections::HashSet<_> = plain.games.iter().map(|g| &g.moves).collect();
    assert_eq!(games.len(), 1);
}

#[test]
fn failures_are_typed_errors() {
    let e = Arena::new(Ttt::new())
        .with_engine(|_| Cheater)
        .with_engine(RandomMover::new)
        .with_games(4)
        .run()
        .unwrap_err();
    assert!(
        matches!(
            &e,
            PlayError::IllegalMove { game: Some(0), seat: 0, ply: 0, strategy, mv }
                if strategy == "cheater" && mv == "9"
        ),
        "{e}"
    );
    // In game 0 the cheater added second sits in seat 1: its first move is at ply 1.
    let e = Arena::new(Ttt::new())
        .with_engine(RandomMover::new)
        .with_engine(|_| Cheater)
        .run()
        .unwrap_err();
    assert!(
        matches!(
            e,
            PlayError::IllegalMove {
                game: Some(0),
                ply: 1,
                ..
            }
        ),
        "{e}"
    );
    let e = Arena::new(Ttt::new())
        .with_engine(|_| Sulker)
        .with_engine(RandomMover::new)
        .run()
        .unwrap_err();
    assert!(matches!(
        e,
        PlayError::Strategy {
            source: SearchError::Config(_),
            ..
        }
    ));
    assert!(e.to_string().contains("sulking"));
    assert!(matches!(
        randoms(Arena::new(Ttt::new())).with_games(0).run(),
        Err(PlayError::NoGames)
    ));
    assert!(matches!(
        Arena::new(Ttt::new()).run(),
        Err(PlayError::NoEngines)
    ));
    let mut won = Ttt::new();
    for mv in [0, 3, 1, 4, 2] {
        won.play(mv);
    }
    assert!(matches!(
        randoms(Arena::new(won)).run(),
        Err(PlayError::StartOver)
    ));
    assert!(matches!(
        Arena::new(Ttt::new())
            .with_engine(|_| FirstMover)
            .with_engine(|_| FirstMover)
            .with_max_plies(4)
            .run(),
        Err(PlayError::TooLong {
            game: Some(0),
            limit: 4
        })
    ));
}

#[test]
fn wilson_interval_matches_hand_computed_values() {
    // 7 of 10 and 70 of 100: computed from the formula by hand.
    let Interval { low: l, high: h } = Tally::new(7, 0, 3).score_interval();
    assert!(
        (l - 0.396_8).abs() < 5e-4 && (h - 0.892_2).abs() < 5e-4,
        "{l} {h}"
    );
    let Interval { low: l, high: h } = Tally::new(70, 0, 30).score_interval();
    assert!(
        (l - 0.604_2).abs() < 5e-4 && (h - 0.780_9).abs() < 5e-4,
        "{l} {h}"
    );
    // Elo: 75 % is 400·log10(3).
    let d = Tally::new(30, 0, 10).elo().difference.unwrap();
    assert!((d - 400.0 * 3f64.log10()).abs() < 1e-9);
    assert_eq!(Tally::new(5, 10, 5).elo().difference, Some(0.0));
}

#[test]
fn the_interval_narrows_with_more_games() {
    let mut last = f64::INFINITY;
    for n in [10, 40, 160, 640] {
        let Interval { low: l, high: h } = Tally::new(n * 6 / 10, 0, n * 4 / 10).score_interval();
        assert!(h - l < last, "n = {n}");
        last = h - l;
    }
    // And with real matches of the same strategies.
    let arena = |games| {
        Arena::new(Ttt::new())
            .with_engine(|_| FirstMover)
            .with_engine(RandomMover::new)
            .with_games(games)
            .with_seed(4)
    };
    let width = |r: MatchReport<usize>| {
        let Interval { low: l, high: h } = r.tally().unwrap().score_interval();
        h - l
    };
    let s = width(arena(20).run().unwrap());
    let l = width(arena(200).run().unwrap());
    assert!(l < s, "{l} >= {s}");
}

#[test]
fn reports_display_as_one_line() {
    let r = Arena::new(Ttt::new())
        .with_engine(|_| Perfect::default())
        .with_engine(RandomMover::new)
        .with_games(10)
        .run()
        .unwrap();
    let line = r.to_string();
    assert!(line.starts_with("perfect vs random: 10 games  +"), "{line}");
    assert!(!line.contains('\n'));
    assert!(!line.contains("inf") && !line.contains("NaN"), "{line}");
}

proptest! {
    #[test]
    fn intervals_are_finite_ordered_and_contain_the_score(
        w in 0u32..2_000, d in 0u32..2_000, l in 0u32..2_000
    ) {
        let t = Tally::new(w, d, l);
        let Interval { low, high } = t.score_interval();
        let s = t.score();
        prop_assert!(low.is_finite() && high.is_finite());
        prop_assert!(0.0 <= low && low <= s && s <= high && high <= 1.0, "{low} {s} {high}");
        let e = t.elo();
        for v in [e.difference, e.low, e.high].into_iter().flatten() {
            prop_assert!(v.is_finite());
        }
        if let (Some(lo), Some(d), Some(hi)) = (e.low, e.difference, e.high) {
            prop_assert!(lo <= d && d <= hi);
        }
        prop_assert_eq!(e.difference.is_none(), t.games() == 0 || s == 0.0 || s == 1.0);
        let text = t.to_string();
        prop_assert!(!text.contains("inf") && !text.contains("NaN"), "{}", text);
    }
}
