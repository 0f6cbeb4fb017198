//! [`Expectimax`]: expectiminimax for two-player games with chance nodes, with the Star1
//! and Star2 pruning of chance nodes (Ballard 1983; Hauk, Buro and Schaeffer 2004), a
//! transposition table and iterative deepening.

use search_core::{Budget, BudgetField, GeneralGame, SearchError, Stats, Turn};

use crate::builder::builder_methods;
use crate::general::value_table::{Bound, Entry, ValueTable};
use crate::general::walk::{MinMax, Stop, Walk, check_chance, is_leaf, move_first, root_player};
use crate::general::{GeneralEvaluator, GeneralResult};

/// How [`Expectimax`] prunes at chance nodes.
///
/// ```
/// use adversarial::ChancePruning;
/// assert_ne!(ChancePruning::Star1, ChancePruning::Star2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChancePruning {
    /// Plain expectiminimax: every outcome of a chance node is searched with the full
    /// window (alpha-beta still prunes at the players' nodes).
    None,
    /// Star1: the outcomes searched so far and the reward bounds of the rest give the
    /// chance node's value a window, and each outcome is searched with the window that can
    /// still change the result; a cutoff as soon as the node cannot matter.
    Star1,
    /// Star2: Star1 preceded by a probing phase that searches only the first move of each
    /// outcome's position, whose value bounds that position from one side; the bounds
    /// tighten Star1's windows and may cut the node off before any full search.
    Star2,
}

/// Expectiminimax for two-player games with chance (dice, cards), given as a
/// [`GeneralGame`] with two players whose rewards add up to a constant
/// ([`REWARD_SUM`](GeneralGame::REWARD_SUM)): player 0 maximises its reward, player 1
/// minimises it, and a chance node is worth the probability-weighted mean of its outcomes.
/// Turns may come in any order (a player may move twice in a row).
///
/// Alpha-beta prunes at the players' nodes; at chance nodes Star1 or Star2
/// ([`ChancePruning`], default Star2) prune using the game's
/// [`reward_range`](GeneralGame::reward_range), which every reward and every estimate of
/// the evaluator must respect (checked: [`SearchError::BrokenPromise`]). The depth counts
/// the players' moves; chance outcomes do not use it up. With a game that has a
/// [`state_key`](GeneralGame::state_key), a transposition table of bounded size stores
/// values and bounds, and [iterative deepening](Expectimax::with_iterative_deepening) orders
/// moves from it. Every variant returns the value plain expectiminimax computes (to rounding
/// in the last bits: the sums are taken in the same order, the windows are not).
///
/// Values are from player 0's point of view in the search; the result's `value` is from
/// the point of view of the player to move at the root, and `values` holds both players'.
///
/// ```
/// use adversarial::{ChancePruning, Expectimax};
/// use games::{EinStein, EinSteinMove};
/// use search_core::{Budget, GeneralGame};
///
/// let mut game = EinStein::new();
/// game.apply(EinSteinMove::Roll(6));
/// let neutral = |_: &EinStein, v: &mut [f64]| v.fill(0.0);
/// let r = Expectimax::new(neutral)
///     .with_pruning(ChancePruning::Star2)
///     .with_budget(Budget::depth(3))
///     .search(&game)
///     .unwrap();
/// assert!(r.complete && r.value.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Expectimax<E> {
    eval: E,
    budget: Budget,
    pruning: ChancePruning,
    table_entries: usize,
    deepening: bool,
}

impl<E> Expectimax<E> {
    /// The depth searched unless [`with_budget`](Expectimax::with_budget) says otherwise.
    pub(crate) const DEFAULT_DEPTH: u32 = 4;

    /// An engine with evaluator `eval`, Star2 pruning, a table of up to 1,048,576 entries
    /// (for games with a key) and no iterative deepening.
    ///
    /// ```
    /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0));
    /// assert_eq!(e.pruning(), adversarial::ChancePruning::Star2);
    /// ```
    #[must_use]
    pub fn new(eval: E) -> Self {
        Expectimax {
            eval,
            budget: Budget::depth(Self::DEFAULT_DEPTH),
            pruning: ChancePruning::Star2,
            table_entries: 1 << 20,
            deepening: false,
        }
    }

    builder_methods! {
        /// The budget: depth (in players' moves), nodes, time and stop flag. An iteration limit
        /// is refused when the search starts. Without a depth the search goes to the end of
        /// the game, which must then be finite.
        ///
        /// ```
        /// use search_core::Budget;
        /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0))
        ///     .with_budget(Budget::depth(2));
        /// assert_eq!(e.budget().max_depth(), Some(2));
        /// ```
        with_budget(budget: Budget) => budget;

        /// How chance nodes are pruned (default [`ChancePruning::Star2`]).
        ///
        /// ```
        /// use adversarial::{ChancePruning, Expectimax};
        /// let e = Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0))
        ///     .with_pruning(ChancePruning::None);
        /// assert_eq!(e.pruning(), ChancePruning::None);
        /// ```
        with_pruning(pruning: ChancePruning) => pruning;

        /// The most positions the transposition table holds; `0` searches without a table.
        /// Each entry takes about 48 bytes, reserved (as address space, not yet as memory)
        /// when a search starts, so that the table never moves its entries while the search
        /// runs; a size that cannot be reserved is [`SearchError::Config`]. Games without a
        /// [`state_key`](GeneralGame::state_key) are searched without one anyway.
        ///
        /// ```
        /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0))
        ///     .with_table_entries(0);
        /// # let _ = e;
        /// ```
        with_table_entries(entries: usize) => table_entries;

        /// Searches depth 1, 2, … up to the budget's depth, reusing the table (its best moves
        /// are searched first); a time or node limit then returns the last finished depth.
        ///
        /// ```
        /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0))
        ///     .with_iterative_deepening(true);
        /// # let _ = e;
        /// ```
        with_iterative_deepening(on: bool) => deepening;

        /// The budget of every search.
        ///
        /// ```
        /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0));
        /// assert_eq!(e.budget().max_depth(), Some(4));
        /// ```
        budget() -> &Budget = budget;

        /// How chance nodes are pruned.
        ///
        /// ```
        /// let e = adversarial::Expectimax::new(|_: &games::EinStein, v: &mut [f64]| v.fill(0.0));
        /// assert_eq!(e.pruning(), adversarial::ChancePruning::Star2);
        /// ```
        pruning() -> ChancePruning = pruning;
    }

    /// The expected value of `state` for player 0, at any kind of node (a chance node
    /// too), to the budget's depth. `None` if the budget ran out first.
    ///
    /// ```
    /// use games::EinStein;
    /// use search_core::Budget;
    /// let e = adversarial::Expectimax::new(|_: &EinStein, v: &mut [f64]| v.fill(0.0))
    ///     .with_budget(Budget::depth(1));
    /// let (value, _stats) = e.value(&EinStein::new()).unwrap();
    /// assert!(value.unwrap().abs() <= 1.0);
    /// ```
    ///
    /// # Errors
    /// As [`search`](Expectimax::search), except that a finished game or a chance node is
    /// a fine root here.
    pub fn value<G>(&self, state: &G) -> Result<(Option<f64>, Stats), SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        let mut walk = self.start(state)?;
        let depth = walk.budget.max_depth();
        let range = walk.range;
        let value = match walk.node(state, depth, range.0, range.1) {
            Ok(v) => Some(v),
            Err(Stop::Budget) => None,
            Err(Stop::Error(e)) => return Err(e),
        };
        walk.stats.depth_reached = if value.is_some() { depth } else { 0 };
        walk.stats.elapsed = walk.started.elapsed();
        Ok((value, walk.stats))
    }

    /// Chooses a move for the player to move at `state`.
    ///
    /// # Errors
    /// [`SearchError::GameOver`]; [`SearchError::Config`] if `state` is a chance node
    /// (apply an outcome first, or ask [`value`](Expectimax::value)); [`SearchError::UnsupportedGame`] for a game without two
    /// players or without a declared [`REWARD_SUM`](GeneralGame::REWARD_SUM) (use
    /// [`MaxN`](crate::MaxN)); [`SearchError::Budget`]; [`SearchError::BrokenPromise`] for a
    /// reward or estimate outside the reward range or probabilities that do not add up to
    /// 1; [`SearchError::NoLegalMoves`] for a player without moves.
    ///
    /// See the [type's documentation](Expectimax) for an example.
    pub fn search<G>(&self, state: &G) -> Result<GeneralResult<G::Move>, SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        self.search_reporting(state, &mut |_| {})
    }

    /// [`search`](Expectimax::search), calling `report` with the result of each finished
    /// depth of the iterative deepening (the last report is the result's, unless the last
    /// depth was cut short).
    pub(crate) fn search_reporting<G>(
        &self,
        state: &G,
        report: &mut dyn FnMut(&GeneralResult<G::Move>),
    ) -> Result<GeneralResult<G::Move>, SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        self.search_leaving(state, report).0
    }

    /// [`search_reporting`](Expectimax::search_reporting), giving back the search's table
    /// beside the result instead of freeing it: a spawned search hands the result over
    /// first and frees the table after (freeing a million entries takes milliseconds).
    pub(crate) fn search_leaving<G>(
        &self,
        state: &G,
        report: &mut dyn FnMut(&GeneralResult<G::Move>),
    ) -> Leaving<G::Move>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        let root = match root_player(state) {
            Ok(root) => root,
            Err(e) => return (Err(e), None),
        };
        let mut walk = match self.start(state) {
            Ok(walk) => walk,
            Err(e) => return (Err(e), None),
        };
        let mut moves = Vec::new();
        state.moves(&mut moves);
        if moves.is_empty() {
            return (Err(SearchError::NoLegalMoves), walk.engine.table.take());
        }
        let max_depth = walk.budget.max_depth();
        let deepen = self.deepening && self.budget.has(BudgetField::Depth);
        let first_depth = if deepen { max_depth.min(1) } else { max_depth };
        let mut best_move = moves[0];
        let mut value = None;
        let mut complete = false;
        for depth in first_depth..=max_depth {
            let range = walk.range;
            match walk.root(state, depth, range, &mut moves) {
                Ok((mv, v)) => {
                    best_move = mv;
                    value = Some(v);
                    walk.stats.depth_reached = depth;
                    complete = depth == max_depth;
                    let mut stats = walk.stats.clone();
                    stats.elapsed = walk.started.elapsed();
                    report(&result_of::<G>(root, best_move, value, stats, complete));
                }
                Err(Stop::Budget) => break,
                Err(Stop::Error(e)) => return (Err(e), walk.engine.table.take()),
            }
        }
        walk.stats.elapsed = walk.started.elapsed();
        let table = walk.engine.table.take();
        let stats = std::mem::take(&mut walk.stats);
        (
            Ok(result_of::<G>(root, best_move, value, stats, complete)),
            table,
        )
    }

    fn start<'e, G>(&'e self, state: &G) -> Result<ExpectimaxWalk<'e, G, E>, SearchError>
    where
        G: GeneralGame,
        E: GeneralEvaluator<G>,
    {
        if state.player_count() != 2 || G::REWARD_SUM.is_none() {
            return Err(SearchError::UnsupportedGame {
                engine: "Expectimax",
                reason: format!(
                    "it needs two players whose rewards add up to a declared REWARD_SUM; this game has {} players{}: use MaxN",
                    state.player_count(),
                    if G::REWARD_SUM.is_none() {
                        " and no REWARD_SUM"
                    } else {
                        ""
                    }
                ),
            });
        }
        let keyed = state.state_key().is_some() && self.table_entries > 0;
        let table = if keyed {
            Some(ValueTable::new(self.table_entries)?)
        } else {
            None
        };
        let walk = Walk::start(
            "Expectimax",
            "use a depth (in players' moves)",
            &self.eval,
            &self.budget,
            state,
            Chance {
                pruning: self.pruning,
                table,
                bounds: Vec::new(),
            },
        )?;
        let (low, high) = walk.range;
        if !(low.is_finite() && high.is_finite() && low <= high) {
            return Err(SearchError::BrokenPromise {
                what: format!("reward_range() = ({low}, {high}) is not a finite range"),
            });
        }
        Ok(walk)
    }
}

/// A search's result, and the table it leaves behind.
type Leaving<M> = (Result<GeneralResult<M>, SearchError>, Option<ValueTable<M>>);

/// The result of a search whose root player is `root`, from player 0's `value`.
fn result_of<G: GeneralGame>(
    root: usize,
    best_move: G::Move,
    value: Option<f64>,
    stats: Stats,
    complete: bool,
) -> GeneralResult<G::Move> {
    let sum = G::REWARD_SUM.unwrap_or(0.0);
    GeneralResult {
        best_move,
        value: value.map(|v| if root == 0 { v } else { sum - v }),
        values: value.map_or_else(Vec::new, |v| vec![v, sum - v]),
        stats,
        complete,
    }
}

/// A search of [`Expectimax`]: the shared walk, with what expectiminimax adds.
type ExpectimaxWalk<'e, G, E> = Walk<'e, G, E, Chance<<G as GeneralGame>::Move>>;

/// What expectiminimax adds to the walk: how chance nodes are pruned, the table, and the
/// outcomes' bounds.
struct Chance<M> {
    pruning: ChancePruning,
    table: Option<ValueTable<M>>,
    /// The outcomes' lower and upper bounds, one buffer per ply.
    bounds: Vec<Vec<(f64, f64)>>,
}

impl<G: GeneralGame, E: GeneralEvaluator<G>> ExpectimaxWalk<'_, G, E> {
    /// The root: the best move and its value for player 0.
    fn root(
        &mut self,
        state: &G,
        depth: u32,
        (alpha, beta): (f64, f64),
        moves: &mut [G::Move],
    ) -> Result<(G::Move, f64), Stop> {
        if let Some(first) = self.table_move(state) {
            move_first(moves, first);
        }
        // Every move is searched (the window narrows, but the root is never cut off).
        let mut node = MinMax::new(state.turn() == Turn::Player(0), alpha, beta);
        let mut best = None;
        for &mv in moves.iter() {
            let mut child = state.clone();
            child.apply(mv);
            let v = self.node(&child, depth.saturating_sub(1), node.alpha, node.beta)?;
            if node.add(v) {
                best = Some(mv);
            }
        }
        let mv = best.expect("the root has moves");
        let v = node.best;
        if let (Some(table), Some(key)) = (self.engine.table.as_mut(), state.state_key()) {
            table.store(
                key,
                Entry {
                    depth,
                    value: v,
                    bound: Bound::Exact,
                    best: Some(mv),
                },
            );
        }
        Ok((mv, v))
    }

    /// The table's best move for `state`, if it has one.
    fn table_move(&self, state: &G) -> Option<G::Move> {
        match (&self.engine.table, state.state_key()) {
            (Some(table), Some(key)) => table.probe(key).and_then(|e| e.best),
            _ => None,
        }
    }

    /// The value of `state` for player 0, fail-soft within `(alpha, beta)`: a value at or
    /// below `alpha` is an upper bound, at or above `beta` a lower bound, else exact.
    fn node(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        self.deeper(|walk| walk.visit(state, depth, alpha, beta))
    }

    fn visit(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        self.enter()?;
        let turn = state.turn();
        if is_leaf(turn, depth) {
            return Ok(self.leaf(state, turn == Turn::Over)?[0]);
        }
        let key = if self.engine.table.is_some() {
            state.state_key()
        } else {
            None
        };
        let mut table_move = None;
        if let (Some(table), Some(key)) = (&self.engine.table, key) {
            self.stats.tt_probes += 1;
            if let Some(e) = table.probe(key) {
                self.stats.tt_hits += 1;
                table_move = e.best;
                // Only an entry of the same remaining depth holds this search's value: a
                // deeper one would be a different (better informed) number than plain
                // expectiminimax to this depth computes.
                if e.depth == depth {
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.value >= beta,
                        Bound::Upper => e.value <= alpha,
                    };
                    if cut {
                        self.stats.tt_cutoffs += 1;
                        return Ok(e.value);
                    }
                }
            }
        }
        let (value, best) = match turn {
            Turn::Player(p) => {
                let node = MinMax::new(p == 0, alpha, beta);
                self.alpha_beta(state, node, table_move, |walk, child, alpha, beta| {
                    walk.node(child, depth - 1, alpha, beta)
                })?
            }
            Turn::Chance => (self.chance_node(state, depth, alpha, beta)?, None),
            Turn::Over => unreachable!("handled above"),
        };
        if let (Some(table), Some(key)) = (self.engine.table.as_mut(), key) {
            let bound = if value <= alpha {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.store(
                key,
                Entry {
                    depth,
                    value,
                    bound,
                    best,
                },
            );
        }
        Ok(value)
    }

    /// A chance node: plain, Star1 or Star2.
    fn chance_node(&mut self, state: &G, depth: u32, alpha: f64, beta: f64) -> Result<f64, Stop> {
        let (low, high) = self.range;
        if self.engine.pruning == ChancePruning::None {
            let mut sum = 0.0;
            self.each_outcome(state, |walk, child, p| {
                sum += p * walk.node(child, depth, low, high)?;
                Ok(())
            })?;
            return Ok(sum);
        }
        let level = self.ply;
        if self.engine.bounds.len() <= level {
            self.engine.bounds.resize_with(level + 1, Vec::new);
        }
        let outcomes = self.take_outcomes(state);
        let mut bounds = std::mem::take(&mut self.engine.bounds[level]);
        bounds.clear();
        bounds.resize(outcomes.len(), self.range);
        let result = check_chance(&outcomes)
            .map_err(Stop::Error)
            .and_then(|()| self.star(state, depth, alpha, beta, &outcomes, &mut bounds));
        self.put_outcomes(outcomes);
        self.engine.bounds[level] = bounds;
        result
    }

    /// Star1, after Star2's probing phase if that is the pruning.
    fn star(
        &mut self,
        state: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        outcomes: &[(G::Move, f64)],
        bounds: &mut [(f64, f64)],
    ) -> Result<f64, Stop> {
        let (low, high) = self.range;
        // Per outcome: a lower and an upper bound of its value, the reward range unless the
        // probing phase of Star2 tightened one of them.
        if self.engine.pruning == ChancePruning::Star2 && depth > 0 {
            if let Some(cut) = self.probe(state, depth, alpha, beta, outcomes, bounds)? {
                return Ok(cut);
            }
        }
        // Star1 with the bounds: the outcomes after `i` contribute at least
        // `rest_lower` and at most `rest_upper`.
        let mut rest_lower: f64 = outcomes
            .iter()
            .zip(&*bounds)
            .map(|((_, p), b)| p * b.0)
            .sum();
        let mut rest_upper: f64 = outcomes
            .iter()
            .zip(&*bounds)
            .map(|((_, p), b)| p * b.1)
            .sum();
        let mut sum = 0.0;
        for (i, &(outcome, p)) in outcomes.iter().enumerate() {
            rest_lower -= p * bounds[i].0;
            rest_upper -= p * bounds[i].1;
            // The outcomes searched so far and the bounds of the rest may already decide:
            // with Star2's probed bounds the exact values found can lift the lower bound
            // past beta (or push the upper bound below alpha) before this outcome.
            let lower_total = sum + p * bounds[i].0 + rest_lower;
            if lower_total >= beta {
                self.stats.beta_cutoffs += 1;
                return Ok(lower_total);
            }
            let upper_total = sum + p * bounds[i].1 + rest_upper;
            if upper_total <= alpha {
                self.stats.beta_cutoffs += 1;
                return Ok(upper_total);
            }
            let child_alpha = (alpha - sum - rest_upper) / p;
            let child_beta = (beta - sum - rest_lower) / p;
            let mut child = state.clone();
            child.apply(outcome);
            let v = self.node(&child, depth, child_alpha.max(low), child_beta.min(high))?;
            // A cutoff returns a bound that lies on the right side of the window even after
            // rounding: `sum + p·v + rest` is at least beta in exact arithmetic, but its
            // floating-point value can fall one unit below, and would then be taken (and
            // stored in the table) as an exact value.
            if v >= child_beta {
                self.stats.beta_cutoffs += 1;
                return Ok((sum + p * v + rest_lower).max(beta));
            }
            if v <= child_alpha {
                self.stats.beta_cutoffs += 1;
                return Ok((sum + p * v + rest_upper).min(alpha));
            }
            sum += p * v;
        }
        Ok(sum)
    }

    /// Star2's probing phase: each outcome's position is searched on its first move only,
    /// which bounds a maximising player's position from below (a minimising one's from
    /// above). Returns the chance node's bound if the bounds alone cut it off.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        state: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        outcomes: &[(G::Move, f64)],
        bounds: &mut [(f64, f64)],
    ) -> Result<Option<f64>, Stop> {
        let (low, high) = self.range;
        let mut lower_sum: f64 = outcomes.iter().map(|(_, p)| p * low).sum();
        let mut upper_sum: f64 = outcomes.iter().map(|(_, p)| p * high).sum();
        for (i, &(outcome, p)) in outcomes.iter().enumerate() {
            let mut child = state.clone();
            child.apply(outcome);
            let Turn::Player(player) = child.turn() else {
                continue;
            };
            let mut moves = self.take_moves();
            child.moves(&mut moves);
            let first = moves.first().copied();
            self.put_moves(moves);
            let Some(first) = first else {
                return Err(Stop::Error(SearchError::NoLegalMoves));
            };
            let mut grandchild = child.clone();
            grandchild.apply(first);
            self.stats.nodes += 1;
            if player == 0 {
                // A lower bound of the outcome: what its first move is worth at least.
                let target = (beta - (lower_sum - p * bounds[i].0)) / p;
                let v = self.node(&grandchild, depth - 1, low, target.min(high))?;
                let bound = v.max(low);
                lower_sum += p * (bound - bounds[i].0);
                bounds[i].0 = bound;
                if lower_sum >= beta {
                    self.stats.beta_cutoffs += 1;
                    return Ok(Some(lower_sum));
                }
            } else {
                let target = (alpha - (upper_sum - p * bounds[i].1)) / p;
                let v = self.node(&grandchild, depth - 1, target.max(low), high)?;
                let bound = v.min(high);
                upper_sum += p * (bound - bounds[i].1);
                bounds[i].1 = bound;
                if upper_sum <= alpha {
                    self.stats.beta_cutoffs += 1;
                    return Ok(Some(upper_sum));
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{EinStein, EinSteinMove};

    #[test]
    fn a_search_leaves_its_table_behind_for_the_caller_to_free() {
        // A spawned search frees its table only after handing the result over: the table
        // comes back beside the result, holding the root's entry, and a search without a
        // table leaves none.
        let mut game = EinStein::new();
        game.apply(EinSteinMove::Roll(3));
        let engine = Expectimax::new(|_: &EinStein, v: &mut [f64]| v.fill(0.5))
            .with_budget(Budget::depth(2));
        let (result, table) = engine.search_leaving(&game, &mut |_| {});
        let result = result.unwrap();
        let table = table.expect("EinStein has keys, so the search keeps a table");
        let key = game.state_key().unwrap();
        assert_eq!(
            table.probe(key).and_then(|e| e.best),
            Some(result.best_move)
        );
        assert_eq!(engine.search(&game).unwrap().best_move, result.best_move);
        let (_, none) = engine
            .clone()
            .with_table_entries(0)
            .search_leaving(&game, &mut |_| {});
        assert!(none.is_none());
    }
}
