//! The game itself: [`PlayLoop::run`] and what it does at each move (the prompt, the
//! commands, the strategies' moves, `undo`), separate from how a loop is set up.

use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::analysis::MoveAnalysis;
use crate::error::SearchError;
use crate::game::{Game, Outcome, Player};
use crate::strategy::Strategy;

use super::line::{Line, read_line};
use super::{DEFAULT_MAX_PLIES, Ending, Notation, PlayError, PlayLoop, PlayReport};

/// What a person typed at the move prompt, once it makes sense.
enum Answer<M> {
    /// A legal move.
    Move(M),
    /// `undo`.
    Undo,
    /// `quit`.
    Quit,
    /// Nothing more: the input ended.
    InputEnded,
}

/// The game as it stands: the position and, for each move played, the position before it.
struct Record<G: Game> {
    state: G,
    history: Vec<(G, G::Move)>,
    undos: u32,
}

impl<G: Game> Record<G> {
    /// The number of moves played.
    fn ply(&self) -> u32 {
        u32::try_from(self.history.len()).unwrap_or(u32::MAX)
    }

    fn into_report(self, ending: Ending) -> PlayReport<G> {
        PlayReport {
            ending,
            moves: self.history.into_iter().map(|(_, mv)| mv).collect(),
            position: self.state,
            undos: self.undos,
        }
    }
}

impl<'a, G: Game, N: Notation<G>> PlayLoop<'a, G, N> {
    /// Plays the game: shows the start position, asks the people at their seats for moves
    /// on `output` and reads them from `input`, lets the strategies choose at theirs, and
    /// shows the position after every move, until the game ends, someone types `quit`, or
    /// the input ends. A game between two strategies reads nothing.
    ///
    /// # Errors
    /// [`PlayError::Io`] when reading `input` or writing `output` fails;
    /// [`PlayError::Strategy`] when a strategy returns an error (choosing a move, or
    /// analysing for a `hint`); [`PlayError::StrategyPanicked`] when one panics;
    /// [`PlayError::IllegalMove`] when one chooses an illegal move;
    /// [`PlayError::BrokenGame`] for an ongoing position without legal moves; and
    /// [`PlayError::TooLong`] past the ply limit ([`with_max_plies`](PlayLoop::with_max_plies)).
    ///
    /// See the [module docs](crate::play) for an example.
    pub fn run<R: BufRead, W: Write>(
        mut self,
        mut input: R,
        mut output: W,
    ) -> Result<PlayReport<G>, PlayError> {
        let out = &mut output;
        let limit = self
            .max_plies
            .or_else(|| self.start.remaining_plies_bound())
            .unwrap_or(DEFAULT_MAX_PLIES);
        let mut game = Record {
            state: self.start.clone(),
            history: Vec::new(),
            undos: 0,
        };
        let mut line = Vec::new();
        let mut legal = Vec::new();
        writeln!(out, "{}\n", self.notation.position_text(&game.state))?;
        loop {
            let outcome = game.state.outcome();
            if outcome.is_over() {
                let text = match outcome {
                    Outcome::Win(p) => format!("{} wins", self.notation.player_name(p)),
                    _ => "draw".to_string(),
                };
                writeln!(out, "Game over: {text}.")?;
                out.flush()?;
                return Ok(game.into_report(Ending::Finished(outcome)));
            }
            let ply = game.ply();
            if ply >= limit {
                return Err(PlayError::TooLong { limit });
            }
            legal.clear();
            game.state.legal_moves(&mut legal);
            if legal.is_empty() {
                return Err(PlayError::BrokenGame {
                    ply,
                    source: SearchError::NoLegalMoves,
                });
            }
            let seat = game.state.to_move();
            let mv = if let Some(ai) = self.seats[seat.index()].as_mut() {
                let mv = ai_move(ai.as_mut(), &game, seat, &legal)?;
                writeln!(
                    out,
                    "{} ({}) plays {}",
                    self.notation.player_name(seat),
                    ai.name(),
                    self.notation.move_text(&game.state, mv)
                )?;
                mv
            } else {
                match self.ask(&mut input, out, &game, &legal, &mut line)? {
                    Answer::Move(mv) => mv,
                    Answer::Undo => {
                        self.undo(&mut game, out)?;
                        continue;
                    }
                    Answer::Quit => {
                        writeln!(out, "Goodbye.")?;
                        out.flush()?;
                        return Ok(game.into_report(Ending::Quit(seat)));
                    }
                    Answer::InputEnded => {
                        writeln!(out, "Input ended: goodbye.")?;
                        out.flush()?;
                        return Ok(game.into_report(Ending::InputEnded(seat)));
                    }
                }
            };
            let before = game.state.clone();
            game.state.play(mv);
            self.tell_every_strategy(ply, "observe_move", |s| s.observe_move(&before, mv))?;
            game.history.push((before, mv));
            writeln!(out, "\n{}\n", self.notation.position_text(&game.state))?;
            out.flush()?;
        }
    }

    /// Asks the person to move until they type a legal move or a command that leaves
    /// the prompt; answers `moves`, `hint`, `help` and every typing error on the way.
    fn ask(
        &mut self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        game: &Record<G>,
        legal: &[G::Move],
        line: &mut Vec<u8>,
    ) -> Result<Answer<G::Move>, PlayError> {
        let state = &game.state;
        let name = self.notation.player_name(state.to_move());
        loop {
            write!(out, "{name} to move [moves, hint, undo, help, quit]: ")?;
            out.flush()?;
            let typed = match read_line(input, self.max_line_bytes, line)? {
                Line::End => {
                    writeln!(out)?;
                    return Ok(Answer::InputEnded);
                }
                Line::TooLong => {
                    writeln!(
                        out,
                        "That line is longer than {} bytes: it was ignored.",
                        self.max_line_bytes
                    )?;
                    continue;
                }
                Line::Text(text) => text,
            };
            let text = typed.trim();
            let is = |command: &str| text.eq_ignore_ascii_case(command);
            if is("quit") {
                return Ok(Answer::Quit);
            }
            if is("undo") {
                return Ok(Answer::Undo);
            }
            if text.is_empty() {
                writeln!(out, "Type a move, or help for the commands.")?;
            } else if is("help") {
                writeln!(out, "{}", self.help(state, legal))?;
            } else if is("moves") {
                writeln!(out, "Legal moves: {}", self.move_list(state, legal))?;
            } else if is("hint") {
                self.hint(game, out)?;
            } else {
                match self.notation.parse_move(state, text) {
                    Ok(mv) if legal.contains(&mv) => return Ok(Answer::Move(mv)),
                    Ok(_) => writeln!(
                        out,
                        "{text} is not legal here; legal moves: {}",
                        self.move_list(state, legal)
                    )?,
                    Err(why) => writeln!(
                        out,
                        "{text:?} is not a move: {why}. Type moves for the legal moves, help for the commands."
                    )?,
                }
            }
        }
    }

    /// The legal moves, written with the notation and separated by spaces.
    fn move_list(&self, state: &G, legal: &[G::Move]) -> String {
        legal
            .iter()
            .map(|&mv| self.notation.move_text(state, mv))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What `help` shows.
    fn help(&self, state: &G, legal: &[G::Move]) -> String {
        let example = self.notation.move_text(state, legal[0]);
        format!(
            "Type a move, such as {example}, or a command:\n  \
             moves  list the legal moves\n  \
             hint   every legal move with the AI's value for it, best first\n  \
             undo   take back the last move made at a prompt and the AI's replies after it\n  \
             quit   end the game"
        )
    }

    /// `hint`: the advisor's analysis, or the AI seat's; or why there is none.
    fn hint(&mut self, game: &Record<G>, out: &mut impl Write) -> Result<(), PlayError> {
        let ply = game.ply();
        let me = game.state.to_move();
        let (seat, strategy) = if let Some(advisor) = self.advisor.as_mut() {
            (None, advisor)
        } else if let Some(ai) = self.seats[me.opponent().index()].as_mut() {
            (Some(me.opponent()), ai)
        } else {
            writeln!(
                out,
                "No AI plays in this game and there is no advisor: nobody to ask for a hint."
            )?;
            return Ok(());
        };
        let name = strategy.name();
        let analysis = guarded(strategy.as_mut(), seat, "analyze", ply, |s| {
            s.analyze(&game.state)
        })?;
        let mut moves = analysis.map_err(|source| PlayError::Strategy {
            seat,
            strategy: name.clone(),
            method: "analyze",
            ply,
            source,
        })?;
        MoveAnalysis::sort_best_first(&mut moves);
        writeln!(out, "Hint from {name}, best move first:")?;
        for m in &moves {
            writeln!(
                out,
                "  {}: {}",
                self.notation.move_text(&game.state, m.mv),
                m.value
            )?;
        }
        Ok(())
    }

    /// `undo`: back to the position before the last move made at a prompt, telling every
    /// strategy; or why nothing can be taken back.
    fn undo(&mut self, game: &mut Record<G>, out: &mut impl Write) -> Result<(), PlayError> {
        let seats = &self.seats;
        let at_prompt = game
            .history
            .iter()
            .rposition(|(before, _)| seats[before.to_move().index()].is_none());
        let Some(from) = at_prompt else {
            writeln!(
                out,
                "Nothing to take back: no move has been made at a prompt yet."
            )?;
            return Ok(());
        };
        let taken: Vec<(G, G::Move)> = game.history.drain(from..).collect();
        let words: Vec<String> = taken
            .iter()
            .map(|(before, mv)| self.notation.move_text(before, *mv))
            .collect();
        game.state = taken[0].0.clone();
        game.undos += 1;
        let ply = game.ply();
        let restored = &game.state;
        self.tell_every_strategy(ply, "observe_undo", |s| s.observe_undo(restored))?;
        let plural = if words.len() == 1 { "move" } else { "moves" };
        writeln!(
            out,
            "Took back {} {plural}: {}.\n\n{}\n",
            words.len(),
            words.join(" "),
            self.notation.position_text(&game.state)
        )?;
        Ok(())
    }

    /// Calls `tell` on every strategy of the loop: the seats' and the advisor.
    fn tell_every_strategy(
        &mut self,
        ply: u32,
        method: &'static str,
        mut tell: impl FnMut(&mut dyn Strategy<G>),
    ) -> Result<(), PlayError> {
        for (index, seat) in self.seats.iter_mut().enumerate() {
            if let Some(strategy) = seat {
                let player = if index == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                guarded(strategy.as_mut(), Some(player), method, ply, &mut tell)?;
            }
        }
        if let Some(advisor) = self.advisor.as_mut() {
            guarded(advisor.as_mut(), None, method, ply, &mut tell)?;
        }
        Ok(())
    }
}

/// The move `ai`, the strategy at `seat`, chooses in the game's position, checked
/// against the legal moves.
fn ai_move<G: Game>(
    ai: &mut dyn Strategy<G>,
    game: &Record<G>,
    seat: Player,
    legal: &[G::Move],
) -> Result<G::Move, PlayError> {
    let ply = game.ply();
    let name = ai.name();
    let chosen = guarded(ai, Some(seat), "choose_move", ply, |s| {
        s.choose_move(&game.state)
    })?;
    let mv = chosen.map_err(|source| PlayError::Strategy {
        seat: Some(seat),
        strategy: name.clone(),
        method: "choose_move",
        ply,
        source,
    })?;
    if !legal.contains(&mv) {
        return Err(PlayError::IllegalMove {
            player: seat,
            strategy: name,
            mv: format!("{mv:?}"),
            ply,
        });
    }
    Ok(mv)
}

/// Runs `call` on `strategy`, turning a panic into [`PlayError::StrategyPanicked`].
fn guarded<G: Game, T>(
    strategy: &mut dyn Strategy<G>,
    seat: Option<Player>,
    method: &'static str,
    ply: u32,
    call: impl FnOnce(&mut dyn Strategy<G>) -> T,
) -> Result<T, PlayError> {
    let name = strategy.name();
    catch_unwind(AssertUnwindSafe(|| call(strategy))).map_err(|payload| {
        let message = match SearchError::from_panic(payload.as_ref()) {
            SearchError::WorkerPanicked { message } => message,
            other => other.to_string(),
        };
        PlayError::StrategyPanicked {
            seat,
            strategy: name,
            method,
            ply,
            message,
        }
    })
}
