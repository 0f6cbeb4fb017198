//! Ready-made properties for your own evaluator and game (feature `testing`).
//!
//! Call them from your own proptest tests, on states drawn with
//! [`search_core::testing::ongoing_state`] or [`reachable_state`](search_core::testing::reachable_state).
//! Each returns an [`EvaluatorViolation`] that shows the failing state in the game's own
//! `Display` form, so the counterexample proptest shrinks to is readable.
//!
//! | helper | the property | what it assumes, and the games it fits |
//! |---|---|---|
//! | [`check_symmetric`] | the same position seen from the other side (the turn passed, or the pieces exchanged) evaluates to the negation | that each side owns its pieces and the rules treat both sides alike, and the evaluator counts "mine minus yours": partisan games with symmetric rules (Connect Four, Reversi, tic-tac-toe). **Not** impartial games (Nim and the like, where both players have the same moves): there passing the turn leaves the player to move the same position, so a correct evaluation keeps its sign (see the function) |
//! | [`check_terminal_order`] | a finished game won by the side to move never evaluates below a non-decisive state, a lost one never above | an evaluator from the side to move's point of view; fits every game. The engines score finished positions by their outcome and never ask the evaluator, so it matters where your own code evaluates them (a one-ply player that evaluates the position after each move) |
//! | [`check_matches_minimax`] | alpha-beta, PVS, iterative deepening, the table and move ordering all return plain minimax's root value at the same depth | a deterministic evaluator (the same value for the same position) and a `GameHash`; fits every game. It checks the engines with your game's hooks and key, not the evaluator's point of view |
//! | [`check_hints_preserve_value`] | the game's move-ordering hints change the node count, never the value | a deterministic evaluator; fits every game |
//!
//! The test `check_symmetric_does_not_fit_an_impartial_game` (in `tests/evaluator_properties.rs`)
//! shows both sides of the first row on three-heap Nim: the exact evaluator "a nonzero
//! nim-sum wins for the player to move" passes the other three checks and fails
//! `check_symmetric` at every ongoing position, while a wrong one, from the first player's
//! point of view whoever is to move, passes `check_symmetric` and is caught by
//! `check_terminal_order`.
//!
//! # Example: catching an evaluator that is not from the side to move's point of view
//! ```
//! use adversarial::testing::check_symmetric;
//! use games::{ConnectFour, ThreatEvaluator};
//! use proptest::prelude::*;
//! use search_core::testing::ongoing_state;
//! use search_core::Player;
//!
//! // Wrong: counts the first player's centre stones, whoever is to move.
//! let first_players_view = |s: &ConnectFour| {
//!     (s.stones_of(Player::First) & (0b111111 << 21)).count_ones() as i32
//! };
//! let state: ConnectFour = "4".parse().unwrap();
//! let err = check_symmetric(&first_players_view, &state, ConnectFour::with_turn_passed)
//!     .unwrap_err();
//! assert!(err.to_string().contains("1 2 3 4 5 6 7")); // the board is shown
//!
//! // Right: the shipped evaluator passes on random positions.
//! proptest!(|(s in ongoing_state(ConnectFour::new(), 30))| {
//!     let r = check_symmetric(&ThreatEvaluator, &s, ConnectFour::with_turn_passed);
//!     prop_assert!(r.is_ok(), "{}", r.unwrap_err());
//! });
//! ```

use core::fmt::{self, Display};

use search_core::{Budget, Evaluator, Game, GameHash, Outcome, Score, SearchError};

use crate::{AlphaBeta, Minimax, MoveOrdering, Negamax, TranspositionTable};

/// A property of an evaluator (or of a game's hooks) that failed, with the state where it
/// failed in the game's `Display` form.
///
/// ```
/// use adversarial::testing::EvaluatorViolation;
/// let v = EvaluatorViolation { property: "symmetry", detail: "3 vs 3".into(), state: "X..".into() };
/// assert!(v.to_string().starts_with("symmetry violated: 3 vs 3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvaluatorViolation {
    /// Which property failed.
    pub property: &'static str,
    /// What was observed.
    pub detail: String,
    /// The state, as the game displays it.
    pub state: String,
}

impl Display for EvaluatorViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} violated: {}\nstate:\n{}",
            self.property, self.detail, self.state
        )
    }
}

impl std::error::Error for EvaluatorViolation {}

fn violation<G: Display>(property: &'static str, detail: String, state: &G) -> EvaluatorViolation {
    EvaluatorViolation {
        property,
        detail,
        state: state.to_string(),
    }
}

/// Negamax symmetry: `eval(swap(state)) == -eval(state)`, where `swap` gives the same
/// position seen from the other side: the other player to move with the same pieces (the
/// strongest check, as `games::ConnectFour::with_turn_passed` gives),
/// or, where the turn cannot be passed, the pieces exchanged. Terminal states are skipped
/// (engines never evaluate them).
///
/// It catches the commonest evaluator bug, scoring from one player's point of view
/// whoever is to move, in games where **each side owns its pieces and the rules treat both
/// sides alike** (Connect Four, Reversi, tic-tac-toe): there an evaluator that counts
/// "mine minus yours" from the side to move negates exactly when the sides are swapped.
/// What it assumes, beyond what negamax needs:
/// * **A partisan game.** In an impartial game (Nim, or any game where both players have
///   the same moves in a position) passing the turn leaves the player to move the same
///   position, so a correct evaluation keeps its value: the exact Nim evaluator "a
///   nonzero nim-sum wins for the player to move" fails this check everywhere, and one
///   wrongly written from the first player's view passes it. Use
///   [`check_terminal_order`] and [`check_matches_minimax`] for such games.
/// * **No value for the move itself.** It checks the evaluator, not the game: even in
///   Connect Four the true value of a board with X to move is not always the negation of
///   the same board with O to move. A bonus for being to move (a tempo bonus) breaks the
///   property by twice the bonus.
///
/// # Errors
/// An [`EvaluatorViolation`] showing `state` when the values are not opposite.
///
/// ```
/// use adversarial::testing::check_symmetric;
/// use games::{OpenLines, TicTacToe};
/// let s: TicTacToe = "X.. .O. ..X".parse().unwrap();
/// assert!(check_symmetric(&OpenLines, &s, TicTacToe::with_colours_swapped).is_ok());
/// ```
pub fn check_symmetric<G, E>(
    eval: &E,
    state: &G,
    swap: impl Fn(&G) -> G,
) -> Result<(), EvaluatorViolation>
where
    G: Game + Display,
    E: Evaluator<G>,
{
    if state.outcome().is_over() {
        return Ok(());
    }
    let here = eval.evaluate(state);
    let swapped = eval.evaluate(&swap(state));
    if i64::from(swapped) != -i64::from(here) {
        return Err(violation(
            "negamax symmetry",
            format!(
                "eval = {here}, but eval with the sides swapped = {swapped} (expected {})",
                -i64::from(here)
            ),
            state,
        ));
    }
    Ok(())
}

/// 0 for a state lost by its side to move, 2 for one won by it, 1 otherwise.
fn rank<G: Game>(state: &G) -> u8 {
    match state.outcome() {
        Outcome::Win(p) if p == state.to_move() => 2,
        Outcome::Win(_) => 0,
        _ => 1,
    }
}

/// Terminal states agree with their outcome: a state won by its side to move never
/// evaluates below a non-decisive state (ongoing or drawn), and a lost one never above.
/// Call it with pairs of states, at least one of them terminal, for instance two
/// [`reachable_state`](search_core::testing::reachable_state)s.
///
/// # Errors
/// An [`EvaluatorViolation`] showing the terminal state of the pair.
///
/// ```
/// use adversarial::testing::check_terminal_order;
/// use games::{OpenLines, TicTacToe};
/// use search_core::{Evaluator, Game, Outcome};
/// let lost: TicTacToe = "xxx oo. ...".parse().unwrap(); // O to move, X has won
/// let open: TicTacToe = "X.. ... ...".parse().unwrap();
/// // Counting open lines knows nothing of finished games: it rates the lost board at -1,
/// // above the ongoing one at -3, and the check says so.
/// assert!(check_terminal_order(&OpenLines, &lost, &open).is_err());
/// // Scoring finished games by their outcome first fixes it.
/// let aware = |s: &TicTacToe| match s.outcome() {
///     Outcome::Win(p) if p == s.to_move() => 1_000,
///     Outcome::Win(_) => -1_000,
///     _ => OpenLines.evaluate(s),
/// };
/// assert!(check_terminal_order(&aware, &lost, &open).is_ok());
/// ```
pub fn check_terminal_order<G, E>(eval: &E, a: &G, b: &G) -> Result<(), EvaluatorViolation>
where
    G: Game + Display,
    E: Evaluator<G>,
{
    let (ra, rb) = (rank(a), rank(b));
    if ra == rb {
        return Ok(());
    }
    let (low, high) = if ra < rb { (a, b) } else { (b, a) };
    let (vl, vh) = (eval.evaluate(low), eval.evaluate(high));
    if vl > vh {
        let terminal = if low.outcome().is_over() { low } else { high };
        return Err(violation(
            "terminal order",
            format!(
                "a {} state evaluates to {vl}, above a {} state at {vh}",
                describe(low),
                describe(high)
            ),
            terminal,
        ));
    }
    Ok(())
}

fn describe<G: Game>(state: &G) -> &'static str {
    match (rank(state), state.outcome()) {
        (0, _) => "lost",
        (2, _) => "won",
        (_, Outcome::Draw) => "drawn",
        _ => "non-decisive",
    }
}

/// The engines with `eval` return exactly plain [`Minimax`]'s root value at `depth` from
/// `state`: [`AlphaBeta`], and [`Negamax`] with and without PVS, transposition table, move
/// ordering, game hooks and iterative deepening. Use it to check a game implementation
/// (its hooks and hash) together with an evaluator. Terminal states pass trivially.
///
/// # Errors
/// An [`EvaluatorViolation`] naming the first engine configuration that disagrees.
///
/// ```
/// use adversarial::testing::check_matches_minimax;
/// use games::{ConnectFour, ThreatEvaluator};
/// let s: ConnectFour = "4453".parse().unwrap();
/// assert!(check_matches_minimax(&ThreatEvaluator, &s, 4).is_ok());
/// ```
pub fn check_matches_minimax<G, E>(
    eval: &E,
    state: &G,
    depth: u32,
) -> Result<(), EvaluatorViolation>
where
    G: GameHash + Display + Sync,
    E: Evaluator<G> + Clone + Sync,
{
    if state.outcome().is_over() {
        return Ok(());
    }
    let budget = Budget::depth(depth.max(1));
    let reference = score(
        Minimax::new(eval.clone())
            .with_budget(budget.clone())
            .search(state),
        state,
    )?;
    let compare = |name: String, got: Result<Score, EvaluatorViolation>| {
        let got = got?;
        if got != reference {
            return Err(violation(
                "agreement with minimax",
                format!("at depth {depth} minimax says {reference}, but {name} says {got}"),
                state,
            ));
        }
        Ok(())
    };
    compare(
        "alpha-beta".into(),
        score(
            AlphaBeta::new(eval.clone())
                .with_budget(budget.clone())
                .search(state),
            state,
        ),
    )?;
    for pvs in [false, true] {
        for hooks in [false, true] {
            for ordering in [MoveOrdering::none(), MoveOrdering::all()] {
                for iterative in [false, true] {
                    let name = format!(
                        "negamax (pvs {pvs}, hooks {hooks}, ordering {}, iterative deepening {iterative}",
                        if ordering == MoveOrdering::none() {
                            "none"
                        } else {
                            "all"
                        }
                    );
                    let plain = Negamax::new(eval.clone())
                        .with_pvs(pvs)
                        .with_game_hooks(hooks)
                        .with_move_ordering(ordering)
                        .with_iterative_deepening(iterative)
                        .with_budget(budget.clone())
                        .search(state);
                    compare(format!("{name}, no table)"), score(plain, state))?;
                    let table = TranspositionTable::new(1 << 16)
                        .map_err(|e| violation("agreement with minimax", e.to_string(), state))?;
                    let tabled = Negamax::new(eval.clone())
                        .with_table(table)
                        .with_pvs(pvs)
                        .with_game_hooks(hooks)
                        .with_move_ordering(ordering)
                        .with_iterative_deepening(iterative)
                        .with_min_table_plies(0)
                        .with_budget(budget.clone())
                        .search(state);
                    compare(format!("{name}, table)"), score(tabled, state))?;
                }
            }
        }
    }
    Ok(())
}

fn score<G: Display, M>(
    r: Result<crate::SearchResult<M>, SearchError>,
    state: &G,
) -> Result<Score, EvaluatorViolation> {
    let r = r.map_err(|e| {
        violation(
            "agreement with minimax",
            format!("search failed: {e}"),
            state,
        )
    })?;
    r.score.ok_or_else(|| {
        violation(
            "agreement with minimax",
            "the search finished no depth".to_string(),
            state,
        )
    })
}

/// Node counts of one search with and one without the game's move-ordering hints.
///
/// ```
/// let r = adversarial::testing::HintReport { nodes_with_hints: 10, nodes_without_hints: 40 };
/// assert_eq!(r.saving(), 0.75);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HintReport {
    /// Nodes searched with the hints.
    pub nodes_with_hints: u64,
    /// Nodes searched without them.
    pub nodes_without_hints: u64,
}

impl HintReport {
    /// The fraction of nodes the hints saved (negative if they cost nodes).
    ///
    /// ```
    /// let r = adversarial::testing::HintReport { nodes_with_hints: 40, nodes_without_hints: 20 };
    /// assert_eq!(r.saving(), -1.0);
    /// ```
    #[must_use]
    pub fn saving(&self) -> f64 {
        if self.nodes_without_hints == 0 {
            0.0
        } else {
            1.0 - self.nodes_with_hints as f64 / self.nodes_without_hints as f64
        }
    }
}

/// The game's [`move_order_hint`](Game::move_order_hint)s never change a search's value, only
/// its node count: a fixed-depth alpha-beta search (no table, no other ordering) with and
/// without the hints must agree. Returns both node counts.
///
/// # Errors
/// An [`EvaluatorViolation`] showing `state` when the values differ.
///
/// ```
/// use adversarial::testing::check_hints_preserve_value;
/// use games::{ConnectFour, ThreatEvaluator};
/// let r = check_hints_preserve_value(&ThreatEvaluator, &ConnectFour::new(), 6).unwrap();
/// assert!(r.nodes_with_hints < r.nodes_without_hints);
/// ```
pub fn check_hints_preserve_value<G, E>(
    eval: &E,
    state: &G,
    depth: u32,
) -> Result<HintReport, EvaluatorViolation>
where
    G: Game + Display + Sync,
    E: Evaluator<G> + Clone + Sync,
{
    if state.outcome().is_over() {
        return Ok(HintReport {
            nodes_with_hints: 0,
            nodes_without_hints: 0,
        });
    }
    let budget = Budget::depth(depth.max(1));
    let run = |hints: bool| {
        Negamax::new(eval.clone())
            .with_iterative_deepening(false)
            .with_move_ordering(MoveOrdering {
                hints,
                ..MoveOrdering::none()
            })
            .with_budget(budget.clone())
            .search(state)
            .map_err(|e| violation("hints preserve value", format!("search failed: {e}"), state))
    };
    let (with, without) = (run(true)?, run(false)?);
    if with.score != without.score {
        return Err(violation(
            "hints preserve value",
            format!(
                "at depth {depth} the value is {:?} with the hints but {:?} without",
                with.score, without.score
            ),
            state,
        ));
    }
    Ok(HintReport {
        nodes_with_hints: with.stats.nodes,
        nodes_without_hints: without.stats.nodes,
    })
}
