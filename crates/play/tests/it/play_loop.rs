//! The terminal loop (`play::PlayLoop`) driven by scripted input, on a game defined here:
//! full games, typing errors, every command, the end of the input, an over-long line, and
//! strategies that fail, panic or cheat.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Read};
use std::rc::Rc;

use play::{Console, Ending, Notation, PlayError, PlayLoop, PlayReport, Reply};
use search_core::{
    Game, MoveAnalysis, MoveValue, Outcome, Player, RandomMover, Score, SearchError, Strategy,
};

/// One pile: take 1 or 2 stones; whoever takes the last stone wins. The side to move loses
/// exactly when the pile is a multiple of 3.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Nim {
    stones: u32,
    to_move: Player,
}

fn nim(stones: u32) -> Nim {
    Nim {
        stones,
        to_move: Player::First,
    }
}

impl Game for Nim {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.extend((1..=2).filter(|&take| take <= self.stones));
    }
    fn play(&mut self, take: u32) {
        self.stones -= take;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Outcome {
        if self.stones == 0 {
            Outcome::Win(self.to_move.opponent())
        } else {
            Outcome::Ongoing
        }
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} stones, {} to move", self.stones, self.to_move)
    }
}

/// Perfect play, from the rule above: leave a multiple of 3, or take 1 when that is
/// impossible. Its analysis lists the moves in the game's order (1, then 2), a win where
/// the move leaves a multiple of 3 and a loss elsewhere.
struct Perfect;

impl Strategy<Nim> for Perfect {
    fn choose_move(&mut self, state: &Nim) -> Result<u32, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        Ok(match state.stones % 3 {
            0 => 1,
            r => r,
        })
    }

    fn analyze(&mut self, state: &Nim) -> Result<Vec<MoveAnalysis<u32>>, SearchError> {
        Ok(state
            .legal_move_list()
            .into_iter()
            .map(|take| {
                let score = if (state.stones - take) % 3 == 0 {
                    Score::win_in(1)
                } else {
                    Score::loss_in(2)
                };
                MoveAnalysis::new(take, MoveValue::Exact(score))
            })
            .collect())
    }

    fn name(&self) -> String {
        "perfect".to_string()
    }
}

/// What a strategy was told.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Told {
    Move(Nim, u32),
    Undo(Nim),
}

/// A strategy that writes down what it is told and otherwise plays as `inner`.
struct Spy<S> {
    inner: S,
    told: Rc<RefCell<Vec<Told>>>,
}

fn spy<S>(inner: S) -> (Spy<S>, Rc<RefCell<Vec<Told>>>) {
    let told = Rc::new(RefCell::new(Vec::new()));
    (
        Spy {
            inner,
            told: Rc::clone(&told),
        },
        told,
    )
}

impl<S: Strategy<Nim>> Strategy<Nim> for Spy<S> {
    fn choose_move(&mut self, state: &Nim) -> Result<u32, SearchError> {
        self.inner.choose_move(state)
    }
    fn analyze(&mut self, state: &Nim) -> Result<Vec<MoveAnalysis<u32>>, SearchError> {
        self.inner.analyze(state)
    }
    fn observe_move(&mut self, before: &Nim, mv: u32) {
        self.told.borrow_mut().push(Told::Move(before.clone(), mv));
        self.inner.observe_move(before, mv);
    }
    fn observe_undo(&mut self, restored: &Nim) {
        self.told.borrow_mut().push(Told::Undo(restored.clone()));
        self.inner.observe_undo(restored);
    }
    fn name(&self) -> String {
        self.inner.name()
    }
}

/// Fails, panics or cheats where it is asked to.
enum Faulty {
    Fails,
    PanicsChoosing,
    PanicsObserving,
    FailsToAnalyze,
    PlaysIllegally,
}

impl Strategy<Nim> for Faulty {
    fn choose_move(&mut self, state: &Nim) -> Result<u32, SearchError> {
        match self {
            Faulty::Fails => Err(SearchError::Config("no budget left".into())),
            Faulty::PanicsChoosing => panic!("the engine lost its way"),
            Faulty::PlaysIllegally => Ok(state.stones + 5),
            _ => Ok(1),
        }
    }
    fn analyze(&mut self, _: &Nim) -> Result<Vec<MoveAnalysis<u32>>, SearchError> {
        Err(SearchError::UnsupportedGame {
            engine: "faulty",
            reason: "it never analyses".into(),
        })
    }
    fn observe_move(&mut self, _: &Nim, _: u32) {
        if matches!(self, Faulty::PanicsObserving) {
            panic!("lost track of the game");
        }
    }
    fn name(&self) -> String {
        "faulty".to_string()
    }
}

/// The prompt of the first player with both moves legal and an AI to ask for hints.
const FIRST: &str = "player 1 to move, one of 1 2 (moves, hint, undo, help, quit): ";
/// The same for the second player.
const SECOND: &str = "player 2 to move, one of 1 2 (moves, hint, undo, help, quit): ";
/// The first player's prompt between two people, with no one to ask for hints.
const FIRST_ALONE: &str = "player 1 to move, one of 1 2 (moves, undo, help, quit): ";
/// The same for the second player.
const SECOND_ALONE: &str = "player 2 to move, one of 1 2 (moves, undo, help, quit): ";

/// Runs `game` on the typed lines; returns the result and everything written.
fn run(game: PlayLoop<'_, Nim>, typed: &str) -> (Result<PlayReport<Nim>, PlayError>, String) {
    let mut shown = Vec::new();
    let result = game.run(typed.as_bytes(), &mut shown);
    (
        result,
        String::from_utf8(shown).expect("the loop writes UTF-8"),
    )
}

/// The moves of `report`, replayed from `start`, lead to its position.
fn replay(start: Nim, moves: &[u32]) -> Nim {
    let mut state = start;
    for &mv in moves {
        state.try_play(mv).expect("a legal move");
    }
    state
}

#[test]
fn a_full_game_against_the_ai_is_shown_move_by_move() {
    let (ai, told) = spy(Perfect);
    let (result, shown) = run(PlayLoop::new(nim(4)).with_ai(1, ai), "1\n2\n");
    let report = result.unwrap();
    assert_eq!(report.ending, Ending::Finished);
    assert_eq!(report.moves, [1, 1, 2]);
    assert_eq!(report.position, replay(nim(4), &[1, 1, 2]));
    assert_eq!(report.undos, 0);
    assert_eq!(report.position.outcome(), Outcome::Win(Player::First));
    let expected = format!(
        "4 stones, first player to move\n\n\
         {FIRST}\n3 stones, second player to move\n\n\
         player 2 (perfect) plays 1\n\n2 stones, first player to move\n\n\
         {FIRST}\n0 stones, second player to move\n\n\
         Game over: player 1 wins.\n"
    );
    assert_eq!(shown, expected);
    // The AI heard of every move, each with the position before it.
    let mut before = nim(4);
    let mut expected_told = Vec::new();
    for mv in [1, 1, 2] {
        expected_told.push(Told::Move(before.clone(), mv));
        before.play(mv);
    }
    assert_eq!(*told.borrow(), expected_told);
}

#[test]
fn two_ais_play_without_reading_any_input() {
    /// Input that fails if it is read at all.
    struct Untouchable;
    impl Read for Untouchable {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("the input was read"))
        }
    }
    let mut shown = Vec::new();
    let report = PlayLoop::new(nim(7))
        .with_ai(0, Perfect)
        .with_ai(1, RandomMover::new(3))
        .run(io::BufReader::new(Untouchable), &mut shown)
        .unwrap();
    // 7 is not a multiple of 3: the perfect first player wins whatever the other does.
    assert_eq!(report.ending, Ending::Finished);
    assert_eq!(report.position.outcome(), Outcome::Win(Player::First));
    assert_eq!(report.position, replay(nim(7), &report.moves));
    let shown = String::from_utf8(shown).unwrap();
    assert!(!shown.contains(" to move, "), "nobody was asked:\n{shown}");
    assert_eq!(shown.matches(" plays ").count(), report.moves.len());
}

#[test]
fn a_bad_move_gets_a_message_and_the_prompt_again() {
    let (result, shown) = run(PlayLoop::new(nim(4)).with_ai(1, Perfect), "x\n3\n\n1\n");
    let report = result.unwrap();
    assert_eq!(report.moves, [1, 1]); // the input ended at the first player's next move
    assert_eq!(report.ending, Ending::InputEnded(0));
    let expected_start = format!(
        "4 stones, first player to move\n\n\
         {FIRST}\"x\" is not a move: invalid digit found in string. Type moves for the legal moves, help for the commands.\n\
         {FIRST}3 is not legal here; legal moves: 1 2\n\
         {FIRST}Type a move, or help for the commands.\n\
         {FIRST}\n3 stones, second player to move\n\n"
    );
    assert!(shown.starts_with(&expected_start), "{shown}");
    assert!(
        shown.ends_with(&format!("{FIRST}\nInput ended: goodbye.\n")),
        "{shown}"
    );
}

#[test]
fn moves_lists_the_legal_moves_and_help_the_commands() {
    let (result, shown) = run(PlayLoop::new(nim(1)), "moves\nhelp\n1\n");
    assert_eq!(result.unwrap().ending, Ending::Finished);
    let prompt = "player 1 to move, one of 1 (moves, undo, help, quit): ";
    assert!(
        shown.contains(&format!("{prompt}Legal moves: 1\n")),
        "{shown}"
    );
    for command in ["moves", "hint", "undo", "quit"] {
        assert!(
            shown.contains(&format!("\n  {command} ")),
            "help names {command}:\n{shown}"
        );
    }
    assert!(shown.contains("Type a move (one of 1), or a command:"));
}

#[test]
fn hint_shows_the_ais_analysis_best_move_first() {
    // With 5 stones taking 2 leaves 3 (a win); Perfect lists 1 first, the loop sorts.
    let (result, shown) = run(PlayLoop::new(nim(5)).with_ai(1, Perfect), "hint\nquit\n");
    assert_eq!(result.unwrap().ending, Ending::Quit(0));
    let expected = format!(
        "{FIRST}Hint from perfect, best move first:\n  2: win in 1 (exact)\n  1: loss in 2 (exact)\n{FIRST}Goodbye.\n"
    );
    assert!(shown.ends_with(&expected), "{shown}");
}

#[test]
fn hint_between_two_people_asks_the_advisor_or_says_there_is_none() {
    let (result, shown) = run(PlayLoop::new(nim(5)), "hint\nquit\n");
    assert_eq!(result.unwrap().ending, Ending::Quit(0));
    assert!(shown.contains("nobody to ask for a hint"), "{shown}");

    let (advisor, told) = spy(Perfect);
    let (result, shown) = run(
        PlayLoop::new(nim(5)).with_advisor(advisor),
        "1\nhint\nquit\n",
    );
    assert_eq!(result.unwrap().ending, Ending::Quit(1));
    // 4 stones for the second player: taking 1 leaves 3.
    assert!(
        shown.contains(
            "Hint from perfect, best move first:\n  1: win in 1 (exact)\n  2: loss in 2 (exact)\n"
        ),
        "{shown}"
    );
    assert_eq!(*told.borrow(), [Told::Move(nim(5), 1)]);
}

#[test]
fn undo_takes_back_the_last_move_pair_and_tells_the_ai() {
    let (ai, told) = spy(Perfect);
    // 5 stones: the person takes 1 (a mistake: 4 left), the AI takes 1 (3 left); undo;
    // the person takes 2 instead (3 left), the AI takes 1 and the person the last 2.
    let (result, shown) = run(PlayLoop::new(nim(5)).with_ai(1, ai), "1\nundo\n2\n2\n");
    let report = result.unwrap();
    assert_eq!(report.undos, 1);
    assert_eq!(report.moves, [2, 1, 2]);
    assert_eq!(report.ending, Ending::Finished);
    assert_eq!(report.position.outcome(), Outcome::Win(Player::First));
    assert!(
        shown.contains(&format!(
            "{FIRST}Took back 2 moves: 1 1.\n\n5 stones, first player to move\n\n{FIRST}"
        )),
        "{shown}"
    );
    let start = nim(5);
    let after_one = replay(nim(5), &[1]);
    let after_two = replay(nim(5), &[2]);
    let after_two_one = replay(nim(5), &[2, 1]);
    assert_eq!(
        *told.borrow(),
        [
            Told::Move(start.clone(), 1),
            Told::Move(after_one, 1),
            Told::Undo(start.clone()),
            Told::Move(start, 2),
            Told::Move(after_two, 1),
            Told::Move(after_two_one, 2),
        ]
    );
}

#[test]
fn undo_before_any_move_at_a_prompt_takes_nothing_back() {
    let (ai, told) = spy(Perfect);
    // The AI moves first: at the person's first prompt only the AI has moved.
    let (result, shown) = run(PlayLoop::new(nim(4)).with_ai(0, ai), "undo\nquit\n");
    let report = result.unwrap();
    assert_eq!(report.undos, 0);
    assert_eq!(report.moves, [1]);
    assert_eq!(report.ending, Ending::Quit(1));
    assert!(
        shown.contains(&format!(
            "{SECOND}Nothing to take back: no move has been made at a prompt yet.\n{SECOND}Goodbye.\n"
        )),
        "{shown}"
    );
    assert!(told.borrow().iter().all(|t| matches!(t, Told::Move(..))));
}

#[test]
fn undo_between_two_people_takes_back_one_move() {
    let (result, shown) = run(PlayLoop::new(nim(5)), "2\nundo\n1\nquit\n");
    let report = result.unwrap();
    assert_eq!(report.moves, [1]);
    assert_eq!(report.ending, Ending::Quit(1));
    assert!(shown.contains("Took back 1 move: 2."), "{shown}");
}

#[test]
fn quit_and_the_end_of_input_end_the_game_cleanly_at_any_prompt() {
    for (typed, ending) in [
        ("quit\n", Ending::Quit(0)),
        ("QUIT\n", Ending::Quit(0)),
        ("  quit  \r\n", Ending::Quit(0)),
        ("1\nquit\n", Ending::Quit(1)),
        ("", Ending::InputEnded(0)),
        ("1\n", Ending::InputEnded(1)),
        ("1", Ending::InputEnded(1)),
        ("moves\nhint", Ending::InputEnded(0)),
    ] {
        let (result, shown) = run(PlayLoop::new(nim(9)), typed);
        let report = result.unwrap_or_else(|e| panic!("{typed:?}: {e}"));
        assert_eq!(report.ending, ending, "{typed:?}");
        let goodbye = match ending {
            Ending::Quit(_) => "Goodbye.\n",
            _ => "Input ended: goodbye.\n",
        };
        assert!(shown.ends_with(goodbye), "{typed:?}:\n{shown}");
    }
}

#[test]
fn an_over_long_line_is_refused_and_the_game_goes_on() {
    // 50 MB on one line, made as it is read.
    let long = io::repeat(b'1').take(50_000_000);
    let input = io::BufReader::new(long.chain(&b"\n1\nquit\n"[..]));
    let mut shown = Vec::new();
    let mut console = Console::new(input, &mut shown).with_max_line_bytes(100);
    let report = PlayLoop::new(nim(4)).play_on(&mut console).unwrap();
    assert_eq!(report.moves, [1]);
    assert_eq!(report.ending, Ending::Quit(1));
    drop(console);
    let shown = String::from_utf8(shown).unwrap();
    assert!(
        shown.contains(&format!(
            "{FIRST_ALONE}That line is longer than 100 bytes: it was ignored.\n{FIRST_ALONE}\n3 stones"
        )),
        "{shown}"
    );
    // A line of exactly the maximum is read.
    let typed = format!("{}1\nquit\n", " ".repeat(99));
    let mut console = Console::new(typed.as_bytes(), io::sink()).with_max_line_bytes(100);
    let report = PlayLoop::new(nim(4)).play_on(&mut console).unwrap();
    assert_eq!(report.moves, [1]);
}

#[test]
fn a_failing_ai_ends_the_game_with_its_error() {
    let (result, _) = run(PlayLoop::new(nim(4)).with_ai(1, Faulty::Fails), "1\n");
    match result {
        Err(PlayError::Strategy {
            game,
            seat,
            strategy,
            method,
            ply,
            source,
        }) => {
            assert_eq!((game, seat), (None, Some(1)));
            assert_eq!(strategy, "faulty");
            assert_eq!(method, "choose_move");
            assert_eq!(ply, 1);
            assert_eq!(source, SearchError::Config("no budget left".into()));
        }
        other => panic!("expected the strategy's error, got {other:?}"),
    }
}

#[test]
fn a_failing_hint_ends_the_game_with_its_error() {
    let (result, _) = run(
        PlayLoop::new(nim(4)).with_ai(1, Faulty::FailsToAnalyze),
        "hint\n",
    );
    assert!(
        matches!(
            result,
            Err(PlayError::Strategy {
                method: "analyze",
                ply: 0,
                source: SearchError::UnsupportedGame { .. },
                ..
            })
        ),
        "{result:?}"
    );
}

#[test]
fn a_panicking_ai_ends_the_game_with_an_error_not_a_panic() {
    let (result, _) = run(PlayLoop::new(nim(4)).with_ai(0, Faulty::PanicsChoosing), "");
    match result {
        Err(PlayError::StrategyPanicked {
            seat,
            method,
            message,
            ply,
            ..
        }) => {
            assert_eq!(seat, Some(0));
            assert_eq!(method, "choose_move");
            assert_eq!(ply, 0);
            assert_eq!(message, "the engine lost its way");
        }
        other => panic!("expected the panic as an error, got {other:?}"),
    }

    let (result, _) = run(
        PlayLoop::new(nim(4)).with_ai(1, Faulty::PanicsObserving),
        "2\n",
    );
    assert!(
        matches!(
            &result,
            Err(PlayError::StrategyPanicked { method: "observe_move", ply: 0, message, .. })
                if message == "lost track of the game"
        ),
        "{result:?}"
    );
}

#[test]
fn an_illegal_ai_move_is_an_error() {
    let (result, _) = run(
        PlayLoop::new(nim(4)).with_ai(1, Faulty::PlaysIllegally),
        "1\n",
    );
    match result {
        Err(PlayError::IllegalMove { seat, mv, ply, .. }) => {
            assert_eq!((seat, mv.as_str(), ply), (1, "8", 1));
        }
        other => panic!("expected an illegal move error, got {other:?}"),
    }
}

#[test]
fn a_game_without_moves_or_without_end_is_an_error() {
    /// Ongoing, but with no legal move: a broken game.
    #[derive(Clone, Debug)]
    struct Stuck;
    impl Game for Stuck {
        type Move = u32;
        fn to_move(&self) -> Player {
            Player::First
        }
        fn legal_moves(&self, _: &mut Vec<u32>) {}
        fn play(&mut self, _: u32) {}
        fn outcome(&self) -> Outcome {
            Outcome::Ongoing
        }
    }
    impl fmt::Display for Stuck {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("stuck")
        }
    }
    let result = PlayLoop::new(Stuck).run("1\n".as_bytes(), io::sink());
    assert!(
        matches!(
            result,
            Err(PlayError::BrokenGame {
                game: None,
                ply: 0,
                ..
            })
        ),
        "{result:?}"
    );

    let result = PlayLoop::new(nim(30))
        .with_ai(0, RandomMover::new(1))
        .with_ai(1, RandomMover::new(2))
        .with_max_plies(4)
        .run(io::empty(), io::sink());
    assert!(
        matches!(
            result,
            Err(PlayError::TooLong {
                game: None,
                limit: 4
            })
        ),
        "{result:?}"
    );
}

#[test]
fn a_failing_output_is_an_io_error() {
    /// Output that refuses every write.
    struct Full;
    impl io::Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let result = PlayLoop::new(nim(4)).run("1\n".as_bytes(), Full);
    match result {
        Err(PlayError::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::StorageFull),
        other => panic!("expected an io error, got {other:?}"),
    }
}

#[test]
fn a_notation_of_its_own_reads_and_names_differently() {
    /// Moves typed as words, players named A and B, the pile drawn as bars.
    struct Words;
    impl Notation<Nim> for Words {
        fn parse_move(&self, _: &Nim, text: &str) -> Result<u32, String> {
            match text {
                "one" => Ok(1),
                "two" => Ok(2),
                _ => Err("type one or two".into()),
            }
        }
        fn move_text(&self, _: &Nim, mv: u32) -> String {
            ["one", "two"][mv as usize - 1].to_string()
        }
        fn position_text(&self, state: &Nim, _: &[u32], _: Option<usize>) -> String {
            "|".repeat(state.stones as usize)
        }
        fn player_name(&self, seat: usize) -> String {
            if seat == 0 { "A" } else { "B" }.to_string()
        }
    }
    let mut shown = Vec::new();
    let report = PlayLoop::new(nim(3))
        .with_notation(Words)
        .with_ai(1, Perfect)
        .run("2\none\n".as_bytes(), &mut shown)
        .unwrap();
    // A takes 1 of 3 and B, perfect, takes the last 2.
    assert_eq!(report.moves, [1, 2]);
    let shown = String::from_utf8(shown).unwrap();
    let prompt = "A to move, one of one two (moves, hint, undo, help, quit): ";
    assert_eq!(
        shown,
        format!(
            "|||\n\n{prompt}\"2\" is not a move: type one or two. \
             Type moves for the legal moves, help for the commands.\n\
             {prompt}\n||\n\nB (perfect) plays two\n\n\n\n\
             Game over: B wins.\n"
        )
    );
}

/// A setup question: an empty line takes the default, a refused answer is explained and
/// asked again, a line of several words is one answer, `quit` (any of its spellings) and
/// the end of the input are replies of their own.
#[test]
fn setup_questions_read_one_line_each() {
    let number = |t: &str| t.parse::<u32>().map_err(|_| "not a number".to_string());
    let mut shown = Vec::new();
    let mut console = Console::new("\n7 8\n9\n7".as_bytes(), &mut shown).with_questions(true);
    assert_eq!(
        console
            .choose(None, "depth? ", "6", "--depth", number)
            .unwrap(),
        Reply::Value(6)
    );
    // "7 8" is one answer, not a number: explained, then 9 is read.
    assert_eq!(
        console
            .choose(None, "depth? ", "6", "--depth", number)
            .unwrap(),
        Reply::Value(9)
    );
    // The last line may lack its newline.
    assert_eq!(
        console
            .choose(None, "depth? ", "6", "--depth", number)
            .unwrap(),
        Reply::Value(7)
    );
    assert_eq!(
        console
            .choose(None, "depth? ", "6", "--depth", number)
            .unwrap(),
        Reply::Ended
    );
    drop(console);
    assert!(String::from_utf8(shown).unwrap().contains("not a number"));
    for quit in ["quit", "QUIT", "q", "exit"] {
        let typed = format!("{quit}\n");
        let mut console = Console::new(typed.as_bytes(), io::sink()).with_questions(true);
        assert_eq!(
            console
                .choose(None, "game? ", "c4", "--game", number)
                .unwrap(),
            Reply::Quit
        );
        let (result, _) = run(PlayLoop::new(nim(5)), &typed);
        assert_eq!(result.unwrap().ending, Ending::Quit(0), "{quit}");
    }
    // Without questions the default is announced and no line is read.
    let mut shown = Vec::new();
    let mut console = Console::new("1\n".as_bytes(), &mut shown);
    assert_eq!(
        console
            .choose(None, "depth? ", "6", "--depth", number)
            .unwrap(),
        Reply::Value(6)
    );
    let report = PlayLoop::new(nim(5)).play_on(&mut console).unwrap();
    assert_eq!(report.moves, [1], "the line is still there for the game");
    drop(console);
    assert!(
        String::from_utf8(shown)
            .unwrap()
            .starts_with("--depth: 6 (the default")
    );
}

/// Several moves on a line are played in turn, each at its own prompt; a refused one drops
/// the rest; a line the notation reads whole is one move.
#[test]
fn a_line_of_several_moves_is_played_in_turn() {
    let (result, shown) = run(PlayLoop::new(nim(9)), "1 2 1\n2\n");
    assert_eq!(result.unwrap().moves, [1, 2, 1, 2]);
    assert_eq!(
        shown.matches(&format!("{SECOND_ALONE}2\n")).count(),
        1,
        "{shown}"
    );
    let (result, shown) = run(PlayLoop::new(nim(9)), "1 x 1\n2\n");
    assert_eq!(result.unwrap().moves, [1, 2]);
    assert!(shown.contains("\"x\" is not a move"), "{shown}");
    assert!(
        shown.contains("(the 1 move(s) typed after it are dropped)"),
        "{shown}"
    );
    /// Reads `one two` as a single move: taking 2.
    struct Spelled;
    impl Notation<Nim> for Spelled {
        fn parse_move(&self, _: &Nim, text: &str) -> Result<u32, String> {
            match text {
                "one two" => Ok(2),
                "one" => Ok(1),
                _ => Err("type one, or one two".into()),
            }
        }
        fn move_text(&self, _: &Nim, mv: u32) -> String {
            mv.to_string()
        }
        fn position_text(&self, state: &Nim, _: &[u32], _: Option<usize>) -> String {
            state.to_string()
        }
    }
    let mut shown = Vec::new();
    let report = PlayLoop::new(nim(9))
        .with_notation(Spelled)
        .run("one two\n".as_bytes(), &mut shown)
        .unwrap();
    assert_eq!(report.moves, [2]);
}
