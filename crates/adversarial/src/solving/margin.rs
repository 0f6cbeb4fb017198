//! [`MarginSolver`]: the exact margin of a two-player game won by a number (boxes in Dots
//! and Boxes, stones in Kalah), for games with extra turns too: null-window probes over the
//! margin still to come (MTD(f)), with a table of bounds shared by all the probes.

use search_core::Instant;
use std::fmt;

use search_core::{
    Budget, BudgetField, ClockPacer, Game, GameHash, Outcome, Player, RunningBudget, SearchError,
    Stats,
};

use super::margin_table::MarginTable;

/// The result of [`MarginSolver::solve`].
///
/// ```
/// use adversarial::MarginSolver;
/// use games::DotsAndBoxes;
/// let s = MarginSolver::new().solve(&DotsAndBoxes::new(1, 2).unwrap()).unwrap();
/// assert!(s.complete);
/// assert_eq!(s.bounds, (s.margin, s.margin));
/// println!("{s}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MarginSolution<M> {
    /// The margin by which [`Player::First`] wins with best play by both sides (negative:
    /// `Second` wins), as [`Game::margin`] counts it; `None` if the budget ran out.
    pub margin: Option<i32>,
    /// A move of the player to move that achieves it; `None` if the budget ran out.
    pub best_move: Option<M>,
    /// Counters: nodes, leaves, table probes, hits and cutoffs, the longest line.
    pub stats: Stats,
    /// `true` if the margin is proven.
    pub complete: bool,
    /// What is proven of the first player's margin: at least `.0`, at most `.1` (`None`:
    /// nothing proven on that side). Both equal [`margin`](MarginSolution::margin) when
    /// complete; when the budget ran out they say how far the probes got.
    pub bounds: (Option<i32>, Option<i32>),
}

impl<M: fmt::Debug> fmt::Display for MarginSolution<M> {
    /// One line: the margin for the first player and the move, or `unsolved`, then the
    /// statistics.
    ///
    /// ```
    /// let s = adversarial::MarginSolution::<u8> {
    ///     margin: Some(-1), best_move: Some(3), stats: Default::default(), complete: true,
    ///     bounds: (Some(-1), Some(-1)),
    /// };
    /// assert!(s.to_string().starts_with("margin -1 for the first player, move 3"));
    /// let s = adversarial::MarginSolution::<u8> {
    ///     margin: None, best_move: None, stats: Default::default(), complete: false,
    ///     bounds: (Some(2), None),
    /// };
    /// assert!(s.to_string().starts_with("unsolved (the margin is at least 2)"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.margin, &self.best_move) {
            (Some(m), Some(mv)) => write!(f, "margin {m} for the first player, move {mv:?}")?,
            _ => {
                f.write_str("unsolved")?;
                match self.bounds {
                    (Some(lo), Some(hi)) => write!(f, " (the margin is {lo} to {hi})")?,
                    (Some(lo), None) => write!(f, " (the margin is at least {lo})")?,
                    (None, Some(hi)) => write!(f, " (the margin is at most {hi})")?,
                    (None, None) => {}
                }
            }
        }
        write!(f, "; {}", self.stats)
    }
}

/// Solves a two-player game for the exact final margin, not only win, draw or loss, for
/// games with extra turns too (a player who moves several times in a row, as in Dots and
/// Boxes and Kalah, is searched correctly: a child's value is negated only when the side to
/// move changes).
///
/// How: null-window probes over the margin, MTD(f)-style. Each probe asks "is the margin at
/// least γ?" with an alpha-beta search whose window is one point wide, which prunes far
/// more than a search for the exact value; the answers narrow the margin down until it is
/// known, in a handful of probes. All the probes share one table of bounds.
///
/// The table is keyed by [`GameHash::unbanked_key`] and stores the margin still to come
/// (what is not yet [banked](GameHash::banked_margin)), so that positions that differ only
/// in what is banked (the stores of Kalah, the boxes taken in Dots and Boxes) share an
/// entry; a game without those hooks is keyed by its full [`GameHash::hash_key`], which is
/// always correct. The game's [`GameHash::unbanked_margin_bound`], when it gives one, ends
/// the search of every position whose question it already answers. The table holds up to
/// [`with_table_entries`](MarginSolver::with_table_entries) positions and, when full,
/// always takes a new position into its bucket of two (the first slot keeps the position
/// whose search took the most work, the second the newest other): long solves keep using it.
///
/// Moves are searched in this order: the table's move, then moves that keep the turn, then
/// the moves that bank the most at once.
///
/// The game must give [`Game::margin`] at every finished position, with the sign of its
/// [`outcome`](Game::outcome) (checked: [`SearchError::UnsupportedGame`] without a margin,
/// [`SearchError::BrokenPromise`] for a sign that disagrees).
///
/// ```
/// use adversarial::MarginSolver;
/// use games::{DotsAndBoxes, Kalah, KalahRules};
///
/// let s = MarginSolver::new().solve(&DotsAndBoxes::new(2, 2).unwrap()).unwrap();
/// println!("2 × 2 Dots and Boxes: {s}");
/// assert!(s.complete && s.margin.is_some());
///
/// // Kalah(3, 3) with the empty capture of the published solutions.
/// let kalah = Kalah::new(3, 3).unwrap().with_rules(KalahRules::EMPTY_CAPTURE);
/// let s = MarginSolver::new().solve(&kalah).unwrap();
/// println!("Kalah(3, 3): {s} in {} probes", s.stats.iterations);
/// ```
#[derive(Clone, Debug)]
pub struct MarginSolver {
    budget: Budget,
    table_entries: usize,
    first_guess: Option<i32>,
}

impl Default for MarginSolver {
    fn default() -> Self {
        Self::new()
    }
}

/// Larger than any margin: the open ends of the probes' windows. Far from `i32::MAX` so
/// that adding what a move banks never overflows.
const INFINITY: i32 = 1 << 29;

impl MarginSolver {
    /// A solver without limits and a table of up to 4,194,304 positions.
    ///
    /// ```
    /// let s = adversarial::MarginSolver::new();
    /// assert!(s.budget().is_unlimited());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        MarginSolver {
            budget: Budget::new(),
            table_entries: 1 << 22,
            first_guess: None,
        }
    }

    search_core::builder_methods! {
        /// The budget: nodes, time and stop flag, shared by all the probes of a solve. A depth
        /// or an iteration limit is refused when the solve starts (an exact solve has no
        /// horizon).
        ///
        /// ```
        /// use search_core::Budget;
        /// let s = adversarial::MarginSolver::new().with_budget(Budget::nodes(1_000));
        /// assert_eq!(s.budget().max_nodes(), Some(1_000));
        /// ```
        with_budget(budget: Budget) => budget;
    }

    /// Replaces the budget of the next solves in place (as
    /// [`with_budget`](MarginSolver::with_budget) does for a builder), keeping the table.
    ///
    /// ```
    /// use search_core::Budget;
    /// let mut s = adversarial::MarginSolver::new();
    /// s.set_budget(Budget::nodes(500));
    /// assert_eq!(s.budget().max_nodes(), Some(500));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    search_core::builder_methods! {
        /// The most positions the table holds (about 24 bytes each for a one-byte move; rounded
        /// down to a power of two, at least 2); `0` solves without one. The table starts small
        /// and doubles as it fills, up to this size; when full, a new position still enters its
        /// bucket of two, whose first slot keeps the most worked-on position.
        ///
        /// ```
        /// use games::DotsAndBoxes;
        /// let s = adversarial::MarginSolver::new().with_table_entries(1 << 10);
        /// assert!(s.solve(&DotsAndBoxes::new(1, 2).unwrap()).unwrap().complete);
        /// ```
        with_table_entries(entries: usize) => table_entries;
    }

    /// The first player's margin the first probe starts from (default: what is already
    /// banked at the root, [`GameHash::banked_margin`]). A guess near the answer saves
    /// probes; any guess gives the same margin.
    ///
    /// ```
    /// use adversarial::MarginSolver;
    /// use games::DotsAndBoxes;
    /// let game = DotsAndBoxes::new(2, 2).unwrap();
    /// let a = MarginSolver::new().solve(&game).unwrap();
    /// let b = MarginSolver::new().with_first_guess(-3).solve(&game).unwrap();
    /// assert_eq!(a.margin, b.margin);
    /// ```
    #[must_use]
    pub fn with_first_guess(mut self, margin: i32) -> Self {
        self.first_guess = Some(margin.clamp(-INFINITY + 1, INFINITY - 1));
        self
    }

    search_core::builder_methods! {
        /// The budget of every solve.
        ///
        /// ```
        /// assert!(adversarial::MarginSolver::new().budget().is_unlimited());
        /// ```
        budget() -> &Budget = budget;
    }

    /// The exact margin of `state` with best play, and a move that achieves it. The
    /// number of probes is in the result's `stats.iterations`.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::Budget`] (an invalid budget, or one with a
    /// depth or iteration limit); [`SearchError::UnsupportedGame`] if a finished position
    /// has no margin; [`SearchError::BrokenPromise`] if a margin's sign disagrees with the
    /// outcome; [`SearchError::NoLegalMoves`]; [`SearchError::GameTooLong`] if a line does
    /// not end within [`Budget::MAX_DEPTH`] plies.
    ///
    /// See the [type's documentation](MarginSolver) for an example.
    pub fn solve<G: GameHash>(&self, state: &G) -> Result<MarginSolution<G::Move>, SearchError> {
        if state.outcome().is_over() {
            return Err(SearchError::GameOver);
        }
        search_core::check_root(state)?;
        self.budget.refuse(
            "MarginSolver",
            &[BudgetField::Depth, BudgetField::Iterations],
            "an exact solve has no horizon: bound it by nodes or time",
        )?;
        let budget = self.budget.start()?;
        let mut walk = Walk {
            pacer: budget.pacer(),
            budget,
            table: (self.table_entries > 0).then(|| MarginTable::new(self.table_entries)),
            stats: Stats::default(),
            ply: 0,
            frames: Vec::new(),
            root_move: None,
        };
        let started = Instant::now();
        // Everything below is from the side to move's point of view and counts the margin
        // still to come: the first player's margin is `banked + sign * rest`.
        let sign = for_mover(1, state.to_move());
        let banked = state.banked_margin();
        let bound = margin_bound(state);
        let (mut lower, mut upper) = (-bound, bound);
        let mut guess = self
            .first_guess
            .map_or(0, |m| sign * (m - banked))
            .clamp(lower, upper);
        // The move that proved the best lower bound, with that bound.
        let mut proof: Option<(i32, G::Move)> = None;
        let mut stopped = false;
        while lower < upper {
            let gamma = if guess <= lower {
                lower + 1
            } else {
                guess.min(upper)
            };
            walk.stats.iterations += 1;
            walk.root_move = None;
            match walk.node(state, gamma - 1, gamma) {
                Ok(v) if v >= gamma => {
                    lower = v;
                    if let Some(mv) = walk.root_move {
                        proof = Some((v, mv));
                    }
                    guess = v;
                }
                Ok(v) => {
                    upper = v;
                    guess = v;
                }
                Err(Stop::Budget) => {
                    stopped = true;
                    break;
                }
                Err(Stop::Error(e)) => return Err(e),
            }
        }
        // The value is `lower`; every move is worth at most that. If no probe proved it
        // with a move (it is the least the bound allows), one more probe finds one.
        if !stopped && proof.is_none_or(|(v, _)| v < lower) {
            walk.stats.iterations += 1;
            walk.root_move = None;
            match walk.node(state, lower - 1, lower) {
                Ok(v) if v >= lower => proof = walk.root_move.map(|mv| (lower, mv)),
                Ok(v) => {
                    return Err(SearchError::BrokenPromise {
                        what: format!(
                            "the margin to come was proven at least {lower}, then below it ({v}): \
                             the game's unbanked key or bound does not determine the margin to come"
                        ),
                    });
                }
                Err(Stop::Budget) => stopped = true,
                Err(Stop::Error(e)) => return Err(e),
            }
        }
        walk.stats.elapsed = started.elapsed();
        let first = |rest: i32| {
            if rest.abs() >= INFINITY - 1 {
                None
            } else {
                Some(banked + sign * rest)
            }
        };
        let bounds = if sign > 0 {
            (first(lower), first(upper))
        } else {
            (first(upper), first(lower))
        };
        Ok(MarginSolution {
            margin: if stopped { None } else { first(lower) },
            best_move: if stopped {
                None
            } else {
                proof.map(|(_, mv)| mv)
            },
            stats: walk.stats,
            complete: !stopped,
            bounds,
        })
    }
}

enum Stop {
    Budget,
    Error(SearchError),
}

/// A child of a node, generated before any is searched so that they can be ordered.
struct Child<G: Game> {
    state: G,
    mv: G::Move,
    /// What the move banked, for the mover.
    gain: i32,
    /// Whether the mover moves again.
    same: bool,
    /// The search order: higher first.
    rank: i64,
}

/// One ply's reusable buffers: the legal moves and the children.
type Frame<G> = (Vec<<G as Game>::Move>, Vec<Child<G>>);

struct Walk<G: Game> {
    budget: RunningBudget,
    /// When to read the budget's clock.
    pacer: ClockPacer,
    table: Option<MarginTable<G::Move>>,
    stats: Stats,
    ply: usize,
    /// Per ply: the move list and the children, reused.
    frames: Vec<Frame<G>>,
    /// The best move at the root in the last probe.
    root_move: Option<G::Move>,
}

impl<G: GameHash> Walk<G> {
    /// The margin still to come for the side to move at `state`, fail-soft within
    /// `(alpha, beta)`: a value at or below `alpha` is an upper bound, at or above `beta` a
    /// lower bound, and exact in between.
    fn node(&mut self, state: &G, alpha: i32, beta: i32) -> Result<i32, Stop> {
        let ply = self.ply;
        crate::stack::grow_if_low(ply, || self.visit(state, alpha, beta))
    }

    /// The body of [`node`](Self::node).
    #[inline(always)]
    fn visit(&mut self, state: &G, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.stats.nodes += 1;
        let nodes_before = self.stats.nodes;
        self.stats.max_ply = self.stats.max_ply.max(self.ply as u32);
        if self.budget.poll_paced(self.stats.nodes, &mut self.pacer) {
            return Err(Stop::Budget);
        }
        let outcome = state.outcome();
        if outcome.is_over() {
            self.stats.leaves += 1;
            return terminal(state, outcome).map_err(Stop::Error);
        }
        if self.ply >= Budget::MAX_DEPTH as usize {
            // An exact margin needs every line to end; one this long never will in memory.
            return Err(Stop::Error(SearchError::GameTooLong {
                max_plies: Budget::MAX_DEPTH,
            }));
        }
        let bound = margin_bound(state);
        if self.ply > 0 {
            // Whatever happens, the margin to come lies in `-bound..=bound`.
            if bound <= alpha {
                self.stats.leaves += 1;
                return Ok(bound);
            }
            if -bound >= beta {
                self.stats.leaves += 1;
                return Ok(-bound);
            }
        }
        // Computed only with a table (Dots and Boxes' key compares four mirror images).
        let key = self.table.as_ref().map(|_| state.unbanked_key());
        let mut table_move = None;
        if let (Some(table), Some(key)) = (&self.table, key) {
            self.stats.tt_probes += 1;
            if let Some(known) = table.get(key) {
                self.stats.tt_hits += 1;
                table_move = known.best;
                let cut = if known.lower >= beta {
                    Some(known.lower)
                } else if known.upper <= alpha {
                    Some(known.upper)
                } else if known.lower == known.upper {
                    Some(known.lower)
                } else {
                    None
                };
                // Not at the root, which must name the move that proves its value.
                if let (Some(v), true) = (cut, self.ply > 0) {
                    self.stats.tt_cutoffs += 1;
                    return Ok(v);
                }
            }
        }
        let level = self.ply;
        if self.frames.len() <= level {
            self.frames
                .resize_with(level + 1, || (Vec::new(), Vec::new()));
        }
        let (mut moves, mut children) = std::mem::take(&mut self.frames[level]);
        moves.clear();
        children.clear();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.frames[level] = (moves, children);
            return Err(Stop::Error(SearchError::NoLegalMoves));
        }
        let mover = state.to_move();
        let banked = for_mover(state.banked_margin(), mover);
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let same = child.to_move() == mover;
            let gain = for_mover(child.banked_margin(), mover) - banked;
            let rank = if Some(mv) == table_move {
                i64::MAX
            } else {
                (i64::from(same) << 40)
                    + (i64::from(gain) << 8)
                    + i64::from(state.move_order_hint(mv).clamp(-128, 127))
            };
            children.push(Child {
                state: child,
                mv,
                gain,
                same,
                rank,
            });
        }
        // A stable sort: equal ranks keep the game's order.
        children.sort_by_key(|c| std::cmp::Reverse(c.rank));
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut a = alpha;
        let mut result = Ok(());
        self.ply += 1;
        for child in &children {
            // The child's margin to come counts from its mover's side; the parent's is the
            // gain plus (same mover) or minus (the turn passed) the child's.
            let v = if child.same {
                self.node(&child.state, a - child.gain, beta - child.gain)
                    .map(|r| child.gain + r)
            } else {
                self.node(&child.state, child.gain - beta, child.gain - a)
                    .map(|r| child.gain - r)
            };
            let v = match v {
                Ok(v) => v,
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            };
            if v > best {
                best = v;
                best_move = Some(child.mv);
            }
            if v > a {
                a = v;
                if a >= beta {
                    self.stats.beta_cutoffs += 1;
                    break;
                }
            }
        }
        self.ply -= 1;
        self.frames[level] = (moves, children);
        result?;
        // Never more than the bound, whatever a fail-soft child said.
        let best = best.clamp(-bound, bound);
        if level == 0 {
            self.root_move = best_move;
        }
        if let (Some(table), Some(key)) = (&mut self.table, key) {
            // A failed-low node has no best move: every move is worth at most `best`.
            let (lower, upper, proved_by) = if best <= alpha {
                (-INFINITY, best, None)
            } else if best >= beta {
                (best, INFINITY, best_move)
            } else {
                (best, best, best_move)
            };
            table.put(
                key,
                lower,
                upper,
                proved_by,
                self.stats.nodes - nodes_before + 1,
            );
        }
        Ok(best)
    }
}

/// The game's bound on the margin still to come at `state`
/// ([`GameHash::unbanked_margin_bound`]), capped below the search's infinity so that sums
/// of a bound and a gain cannot overflow; without a bound, just below infinity.
fn margin_bound<G: GameHash>(state: &G) -> i32 {
    state.unbanked_margin_bound().map_or(INFINITY - 1, |r| {
        i32::try_from(r).unwrap_or(INFINITY).min(INFINITY - 1)
    })
}

/// `first`'s margin as `mover` counts it.
fn for_mover(first: i32, mover: Player) -> i32 {
    if mover == Player::First {
        first
    } else {
        -first
    }
}

/// The margin still to come at a finished position (usually `0`: all is banked), for its
/// side to move, its margin checked against its outcome.
fn terminal<G: GameHash>(state: &G, outcome: Outcome) -> Result<i32, SearchError> {
    let Some(first) = state.margin() else {
        return Err(SearchError::UnsupportedGame {
            engine: "MarginSolver",
            reason: "a finished position has no margin (implement Game::margin)".into(),
        });
    };
    let agrees = match outcome {
        Outcome::Win(Player::First) => first > 0,
        Outcome::Win(Player::Second) => first < 0,
        Outcome::Draw | Outcome::Ongoing => first == 0,
    };
    let rest = i64::from(first) - i64::from(state.banked_margin());
    if !agrees || rest.abs() >= i64::from(INFINITY - 1) {
        return Err(SearchError::BrokenPromise {
            what: format!(
                "the margin {first} disagrees with the outcome '{outcome}' or is out of range"
            ),
        });
    }
    Ok(for_mover(rest as i32, state.to_move()))
}
