//! The game itself: [`PlayLoop::play_on`] and what it does at each move (the prompt, the
//! commands, the strategies' moves, chance, `undo`), separate from how a loop is set up.

use std::io::{BufRead, Write};

use search_core::{GeneralGame, MoveAnalysis, Turn};

use crate::error::PlayError;
use crate::seats::{self, At, Dice};

use super::console::{Console, Typed, cut, quoted};
use super::{Ending, Notation, PlayLoop, PlayReport};

/// Without a limit, a game longer than this is an error.
const DEFAULT_MAX_PLIES: u32 = 1_000_000;

/// What a person's answer at the prompt comes to.
enum Answer<M> {
    Move(M),
    Undo,
    Quit,
    InputEnded,
}

/// The game so far: the position, every move (and chance outcome) with the position
/// before it, and what was last shown.
struct Record<G: GeneralGame> {
    state: G,
    history: Vec<(G, G::Move)>,
    moves: Vec<G::Move>,
    undos: u32,
    /// The position text last written, so that an unchanged view is not written again.
    shown: String,
}

impl<G: GeneralGame> Record<G> {
    fn ply(&self) -> u32 {
        u32::try_from(self.history.len()).unwrap_or(u32::MAX)
    }

    fn at(&self) -> At {
        At {
            game: None,
            ply: self.ply(),
        }
    }

    fn into_report(self, ending: Ending) -> PlayReport<G> {
        PlayReport {
            ending,
            moves: self.moves,
            position: self.state,
            undos: self.undos,
        }
    }
}

impl<G: GeneralGame, N: Notation<G>> PlayLoop<'_, G, N> {
    /// Plays the game on `console` (after any setup questions asked on it).
    ///
    /// # Errors
    /// [`PlayError::Io`] when the input cannot be read or the output written;
    /// [`PlayError::StartOver`] for a start position that is over;
    /// [`PlayError::Strategy`] or [`PlayError::StrategyPanicked`] when a strategy fails or
    /// panics; [`PlayError::IllegalMove`] when it chooses an illegal move;
    /// [`PlayError::BrokenGame`] for a player without legal moves, a chance node without
    /// outcomes or a player the game does not have; [`PlayError::TooLong`] past the ply
    /// limit. Typing errors are never errors: the prompt explains and asks again.
    ///
    /// ```
    /// use play::{Console, PlayLoop, Reply};
    /// use search_core::RandomMover;
    ///
    /// let mut out = Vec::new();
    /// let mut console = Console::new("\n5\nquit\n".as_bytes(), &mut out).with_questions(true);
    /// // A setup question first (an empty answer takes the default), then the game.
    /// let seat = match console.choose(None, "Your seat, 1 or 2? [1] ", "1", "--seat", |t| {
    ///     t.parse::<usize>().map_err(|e| e.to_string())
    /// }).unwrap() {
    ///     Reply::Value(seat) => seat - 1,
    ///     _ => return,
    /// };
    /// let report = PlayLoop::new(games::TicTacToe::new())
    ///     .with_ai(1 - seat, RandomMover::new(3))
    ///     .play_on(&mut console)
    ///     .unwrap();
    /// assert_eq!(report.moves[0], 5);
    /// ```
    pub fn play_on<R: BufRead, W: Write>(
        mut self,
        console: &mut Console<R, W>,
    ) -> Result<PlayReport<G>, PlayError> {
        if self.start.turn() == Turn::Over {
            return Err(PlayError::StartOver);
        }
        let limit = self.max_plies.unwrap_or(DEFAULT_MAX_PLIES);
        let people: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.seats[s].is_none())
            .collect();
        let viewer = match people.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        let mut game = Record {
            state: self.start.clone(),
            history: Vec::new(),
            moves: Vec::new(),
            undos: 0,
            shown: String::new(),
        };
        let mut dice = Dice::new(self.seed);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        self.show(console, &mut game, viewer)?;
        loop {
            let at = game.at();
            let mover = match game.state.turn() {
                Turn::Over => {
                    let all = self.notation.position_text(&game.state, &game.moves, None);
                    if all != game.shown {
                        writeln!(console.output(), "\n{all}\n")?;
                    }
                    let result = self.notation.result_text(&game.state);
                    writeln!(console.output(), "Game over: {result}.")?;
                    console.output().flush()?;
                    return Ok(game.into_report(Ending::Finished));
                }
                _ if at.ply >= limit => return Err(PlayError::TooLong { game: None, limit }),
                Turn::Chance => {
                    let outcome = dice.roll(&game.state, &mut outcomes, at)?;
                    self.advance(console, &mut game, outcome, None, viewer)?;
                    continue;
                }
                Turn::Player(p) if p < self.seats.len() => p,
                Turn::Player(p) => {
                    return Err(PlayError::BrokenGame {
                        game: None,
                        ply: at.ply,
                        what: format!(
                            "player {} is to move, but the game has {} players",
                            p + 1,
                            self.seats.len()
                        ),
                    });
                }
            };
            seats::legal_moves(&game.state, &mut legal, at)?;
            if let Some(ai) = self.seats[mover].as_mut() {
                let mv = seats::choose(ai.as_mut(), mover, &game.state, None, &legal, at)?;
                self.advance(console, &mut game, mv, Some(mover), viewer)?;
                continue;
            }
            match self.ask(console, &game, mover, &legal)? {
                Answer::Move(mv) => self.advance(console, &mut game, mv, None, viewer)?,
                Answer::Undo => self.undo(console, &mut game, viewer)?,
                Answer::Quit => {
                    writeln!(console.output(), "Goodbye.")?;
                    console.output().flush()?;
                    return Ok(game.into_report(Ending::Quit(mover)));
                }
                Answer::InputEnded => {
                    writeln!(console.output(), "Input ended: goodbye.")?;
                    console.output().flush()?;
                    return Ok(game.into_report(Ending::InputEnded(mover)));
                }
            }
        }
    }

    /// Plays `mv` (by the AI in `ai_seat`, a person, or chance): writes what the table is
    /// told, tells every strategy, and shows the position if it changed.
    fn advance<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        game: &mut Record<G>,
        mv: G::Move,
        ai_seat: Option<usize>,
        viewer: Option<usize>,
    ) -> Result<(), PlayError> {
        let at = game.at();
        let before = game.state.clone();
        let mut after = before.clone();
        after.apply(mv);
        let told = self.notation.announce(&before, mv, &after, viewer);
        let report = ai_seat
            .and_then(|s| self.seats[s].as_ref())
            .and_then(|s| s.report());
        let line = match (told, ai_seat) {
            (Some(text), _) => Some(match report {
                Some(r) => format!("{text} ({r})"),
                None => text,
            }),
            (None, Some(seat)) => {
                let name = self.seats[seat]
                    .as_ref()
                    .map(|s| s.name())
                    .unwrap_or_default();
                let played = format!(
                    "{} ({name}) plays {}",
                    self.notation.player_name(seat),
                    self.notation.move_text(&before, mv)
                );
                Some(match report {
                    Some(r) => format!("{played}: {r}"),
                    None => played,
                })
            }
            (None, None) if before.turn() == Turn::Chance => {
                Some(format!("chance: {}", self.notation.move_text(&before, mv)))
            }
            (None, None) => None,
        };
        if let Some(line) = line {
            writeln!(console.output(), "{line}")?;
        }
        seats::tell_all(
            &mut self.seats,
            self.advisor.as_mut(),
            "observe_move",
            at,
            |s| s.observe_move(&before, mv),
        )?;
        game.state = after;
        game.history.push((before, mv));
        game.moves.push(mv);
        self.show(console, game, viewer)
    }

    /// Writes the position as `viewer` sees it, unless it is what was written last or the
    /// dice are still to roll (the roll shows it).
    fn show<R: BufRead, W: Write>(
        &self,
        console: &mut Console<R, W>,
        game: &mut Record<G>,
        viewer: Option<usize>,
    ) -> Result<(), PlayError> {
        if game.state.turn() == Turn::Chance {
            return Ok(());
        }
        let text = self
            .notation
            .position_text(&game.state, &game.moves, viewer);
        if text != game.shown {
            let first = game.undos == 0 && game.shown.is_empty();
            let gap = if first { "" } else { "\n" };
            writeln!(console.output(), "{gap}{text}\n")?;
            game.shown = text;
        }
        console.output().flush()?;
        Ok(())
    }

    /// Asks the person in `seat` for a move until one is legal, answering commands.
    fn ask<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        game: &Record<G>,
        seat: usize,
        legal: &[G::Move],
    ) -> Result<Answer<G::Move>, PlayError> {
        let state = &game.state;
        let help = self.notation.move_help(state, legal);
        let mut commands = vec!["moves"];
        if self.has_advice(seat) {
            commands.push("hint");
        }
        if self.undo {
            commands.push("undo");
        }
        commands.extend(["help", "quit"]);
        let prompt = format!(
            "{} to move, {help} ({}): ",
            self.notation.player_name(seat),
            commands.join(", ")
        );
        loop {
            let text = match console.read(&prompt)? {
                Typed::Text(text) => text,
                Typed::Quit => return Ok(Answer::Quit),
                Typed::Ended => return Ok(Answer::InputEnded),
            };
            let out = console.output();
            match text.to_lowercase().as_str() {
                "" => writeln!(out, "Type a move, or help for the commands.")?,
                "undo" if self.undo => return Ok(Answer::Undo),
                "undo" => writeln!(out, "undo is turned off in this game.")?,
                "help" => writeln!(out, "{}", self.help(state, legal))?,
                "moves" | "?" => writeln!(out, "Legal moves: {}", self.move_list(state, legal))?,
                "hint" | "h" => self.hint(console, game, seat)?,
                _ => match self.notation.parse_move(state, &text) {
                    Ok(mv) if legal.contains(&mv) => return Ok(Answer::Move(mv)),
                    Ok(_) => {
                        let list = self.move_list(state, legal);
                        let (shown, more) = cut(&text);
                        writeln!(out, "{shown}{more} is not legal here; legal moves: {list}")?;
                        console.drop_words()?;
                    }
                    Err(why) => {
                        if !console.split_into_words(&text) {
                            writeln!(
                                console.output(),
                                "{} is not a move: {why}. Type moves for the legal moves, help for the commands.",
                                quoted(&text)
                            )?;
                            console.drop_words()?;
                        }
                    }
                },
            }
        }
    }

    fn move_list(&self, state: &G, legal: &[G::Move]) -> String {
        let texts: Vec<String> = legal
            .iter()
            .map(|&mv| self.notation.move_text(state, mv))
            .collect();
        texts.join(" ")
    }

    fn help(&self, state: &G, legal: &[G::Move]) -> String {
        let mut text = format!(
            "Type a move ({}), or a command:\n  moves  list the legal moves",
            self.notation.move_help(state, legal)
        );
        text.push_str("\n  hint   every legal move with the AI's value for it, best first");
        if self.undo {
            text.push_str(
                "\n  undo   take back the last move made at a prompt and what followed it",
            );
        }
        text.push_str("\n  quit   end the game");
        text
    }

    /// Whether `hint` has someone to ask: the advisor, or an AI seat.
    fn has_advice(&self, seat: usize) -> bool {
        self.advisor.is_some()
            || self
                .seats
                .iter()
                .enumerate()
                .any(|(s, a)| s != seat && a.is_some())
    }

    /// The advisor's (or else the first AI seat's) analysis of the position, best first,
    /// and its report.
    fn hint<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        game: &Record<G>,
        seat: usize,
    ) -> Result<(), PlayError> {
        let at = game.at();
        let adviser = match self.advisor.as_mut() {
            Some(advisor) => Some((None, advisor)),
            None => self
                .seats
                .iter_mut()
                .enumerate()
                .find_map(|(s, a)| a.as_mut().filter(|_| s != seat).map(|a| (Some(s), a))),
        };
        let Some((from, strategy)) = adviser else {
            writeln!(
                console.output(),
                "No AI plays in this game and there is no advisor: nobody to ask for a hint."
            )?;
            return Ok(());
        };
        let state = &game.state;
        let mut moves = seats::ask(strategy.as_mut(), from, "analyze", at, |s| s.analyze(state))?;
        MoveAnalysis::sort_best_first(&mut moves);
        let name = strategy.name();
        let report = strategy.report();
        let out = console.output();
        writeln!(out, "Hint from {name}, best move first:")?;
        for m in &moves {
            writeln!(
                out,
                "  {}: {}",
                self.notation.move_text(state, m.mv),
                m.value
            )?;
        }
        if let Some(report) = report {
            writeln!(out, "({report})")?;
        }
        Ok(())
    }

    /// Takes back the last move made at a prompt and everything after it.
    fn undo<R: BufRead, W: Write>(
        &mut self,
        console: &mut Console<R, W>,
        game: &mut Record<G>,
        viewer: Option<usize>,
    ) -> Result<(), PlayError> {
        let seats = &self.seats;
        let at_prompt = game
            .history
            .iter()
            .rposition(|(before, _)| match before.turn() {
                Turn::Player(p) => matches!(seats.get(p), Some(None)),
                _ => false,
            });
        let Some(from) = at_prompt else {
            writeln!(
                console.output(),
                "Nothing to take back: no move has been made at a prompt yet."
            )?;
            return Ok(());
        };
        let taken: Vec<(G, G::Move)> = game.history.drain(from..).collect();
        game.moves.truncate(from);
        let words: Vec<String> = taken
            .iter()
            .map(|(before, mv)| self.notation.move_text(before, *mv))
            .collect();
        game.state = taken[0].0.clone();
        game.undos += 1;
        let restored = &game.state;
        seats::tell_all(
            &mut self.seats,
            self.advisor.as_mut(),
            "observe_undo",
            game.at(),
            |s| s.observe_undo(restored),
        )?;
        let plural = if words.len() == 1 { "move" } else { "moves" };
        writeln!(
            console.output(),
            "Took back {} {plural}: {}.",
            words.len(),
            words.join(" ")
        )?;
        game.shown.clear();
        self.show(console, game, viewer)
    }
}
