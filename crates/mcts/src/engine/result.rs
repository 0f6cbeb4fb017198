//! What a search of either mode returns: the chosen move, the root value, per-move
//! statistics with confidence intervals, the workspace-wide [`Stats`] and the tree's own
//! counters.

use core::fmt;

use search_core::{Interval, Stats, Wdl};

/// Statistics of one root move, summed over every search thread.
///
/// Rewards are normalised to `[0, 1]` in both modes: 1 for the top of the game's reward
/// range (a win), 0 for its bottom (a loss), ½ for a draw of a two-player game;
/// [`SearchResult::in_game_units`] maps them back onto the game's own reward range.
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
/// let mut ai = Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(2_000));
/// let result = ai.search(&TicTacToe::new()).unwrap();
/// let centre = result.moves.iter().find(|m| m.mv == 4).unwrap();
/// assert!(centre.visits > 0);
/// assert!(centre.interval.contains(centre.mean));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Iterations through the move (including those kept from earlier searches).
    pub visits: u64,
    /// Mean reward in `[0, 1]` (1 win, ½ draw, 0 loss; in the general mode the reward
    /// normalised by the game's reward range) for the player making the move, the player to
    /// move at the root (0 when never visited).
    pub mean: f64,
    /// 95 % Wilson interval of `mean` over `visits` ([`Interval::UNKNOWN`] when never
    /// visited).
    pub interval: Interval,
    /// The move's value for the player making it, if the solver proved one. In the general
    /// mode only `Some(Wdl::Win)` is proven: the move gives the root player the top of the
    /// reward range, whatever the others and chance do.
    pub proven: Option<Wdl>,
    /// The prior the move got at expansion (0 without priors, and in the general mode).
    pub prior: f32,
}

/// The value of the root for its player to move.
///
/// ```
/// use mcts::Value;
/// use search_core::Wdl;
/// assert_eq!(Value::Proven(Wdl::Draw).to_string(), "proven draw");
/// assert_eq!(Value::Estimate(0.625).to_string(), "estimated reward 0.625");
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Value {
    /// The solver proved the root's value (in the general mode: `Proven(Wdl::Win)`, the
    /// chosen move gives the root player the top of the reward range).
    Proven(Wdl),
    /// Not proven: the mean reward in `[0, 1]` of the chosen move.
    Estimate(f64),
}

impl Value {
    /// `true` for a proven value.
    ///
    /// ```
    /// use mcts::Value;
    /// assert!(Value::Proven(search_core::Wdl::Loss).is_proven());
    /// assert!(!Value::Estimate(0.9).is_proven());
    /// ```
    #[must_use]
    pub fn is_proven(&self) -> bool {
        matches!(self, Value::Proven(_))
    }

    /// The value as a reward in `[0, 1]`: a proven win 1, draw ½, loss 0, or the estimate.
    ///
    /// ```
    /// use mcts::Value;
    /// assert_eq!(Value::Proven(search_core::Wdl::Draw).reward(), 0.5);
    /// assert_eq!(Value::Estimate(0.25).reward(), 0.25);
    /// ```
    #[must_use]
    pub fn reward(&self) -> f64 {
        match *self {
            Value::Proven(w) => (f64::from(w.sign()) + 1.0) / 2.0,
            Value::Estimate(r) => r,
        }
    }
}

impl fmt::Display for Value {
    /// `proven win`, `proven draw`, `proven loss` or `estimated reward 0.500`.
    ///
    /// ```
    /// assert_eq!(mcts::Value::Estimate(0.5).to_string(), "estimated reward 0.500");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Proven(p) => write!(f, "proven {p}"),
            Value::Estimate(r) => write!(f, "estimated reward {r:.3}"),
        }
    }
}

/// What [`search`](crate::Engine::search) returns in both modes ([`Mcts`](crate::Mcts)
/// and [`GeneralMcts`](crate::GeneralMcts)): the move, the root's value, every root move's
/// statistics, the workspace-wide [`Stats`] and the tree's own counters.
///
/// `stats` counts what the [`Stats`] table lists for MCTS: `nodes` = nodes added to the
/// tree by this search, `leaves` = playouts, `iterations` = iterations (one walk down the
/// tree, one playout or proven leaf, one walk back up), `depth_reached` = `max_ply` = the
/// deepest tree node reached, in plies below the root (in the general mode the players'
/// moves alone count, not chance outcomes), and `elapsed`.
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
/// let mut ai = Mcts::<TicTacToe>::new().with_seed(2).with_budget(Budget::iterations(1_000));
/// let r = ai.search(&TicTacToe::new()).unwrap();
/// assert_eq!(r.moves.len(), 9);
/// assert!(r.moves.iter().any(|m| m.mv == r.best_move));
/// assert_eq!(r.stats.iterations, 1_000);
/// assert_eq!(r.stats.nodes as usize, r.tree_size); // a fresh tree: every node is new
/// assert_eq!(r.player, 0); // X
/// println!("{r}");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The chosen move: a proven win if there is one, otherwise by the configured
    /// [`FinalChoice`](crate::FinalChoice), never a proven loss while another move is not.
    pub best_move: M,
    /// The root's value for its player to move.
    pub value: Value,
    /// The player to move at the root (0 or 1 for a two-player game: [`Player::index`](search_core::Player::index)).
    pub player: usize,
    /// Every root move in the tree, most visited first (in the general mode a proven move
    /// first). With the game's hooks on
    /// ([`Mcts::with_game_hooks`](crate::Mcts::with_game_hooks)) the root holds only the
    /// moves the hooks kept (the winning move, or the moves that do not lose at once);
    /// [`Strategy::analyze`](search_core::Strategy::analyze) lists every legal move.
    pub moves: Vec<MoveStats<M>>,
    /// Counters of this search, all threads together (see above for what MCTS counts).
    pub stats: Stats,
    /// Nodes in the tree(s) at the end, subtrees kept from earlier searches included.
    pub tree_size: usize,
    /// Visits of the root at the end, kept from earlier searches included.
    pub root_visits: u64,
    /// Search threads used (at most the configured number: never more than the iteration
    /// limit or the node cap).
    pub threads: usize,
    /// The game's [`reward_range`](search_core::GeneralGame::reward_range) (`(-1, 1)` for a
    /// two-player [`Game`](search_core::Game)), by which the rewards were normalised.
    pub reward_range: (f64, f64),
}

impl<M> SearchResult<M> {
    /// Iterations per second of wall-clock time (0 when no time was measured): the
    /// "playouts per second" of the benchmarks. Each iteration is one playout, or one
    /// visit to a finished or proven leaf that needs none ([`Stats::leaves`] counts the
    /// playouts alone).
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new().with_budget(Budget::iterations(1_000));
    /// let r = ai.search(&ConnectFour::new()).unwrap();
    /// assert!(r.playouts_per_second() > 0.0);
    /// ```
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        let s = self.stats.elapsed.as_secs_f64();
        if s > 0.0 {
            self.stats.iterations as f64 / s
        } else {
            0.0
        }
    }

    /// Each root move's share of the visits of all root moves, in the order of
    /// [`moves`](SearchResult::moves): the policy target AlphaZero trains its network on
    /// (the search's improved policy). The shares add up to 1 (all 0 when no move was
    /// visited).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Puct, UniformEvaluator};
    /// use search_core::Budget;
    /// let mut ai = Puct::new(UniformEvaluator).with_budget(Budget::iterations(200));
    /// let r = ai.search(&TicTacToe::new()).unwrap();
    /// let target = r.visit_distribution();
    /// assert_eq!(target.len(), 9);
    /// assert!((target.iter().map(|&(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn visit_distribution(&self) -> Vec<(M, f64)>
    where
        M: Copy,
    {
        let total: u64 = self.moves.iter().map(|m| m.visits).sum();
        self.moves
            .iter()
            .map(|m| {
                let share = if total == 0 {
                    0.0
                } else {
                    m.visits as f64 / total as f64
                };
                (m.mv, share)
            })
            .collect()
    }

    /// A reward normalised to `[0, 1]` (a [`MoveStats::mean`], an interval's end,
    /// [`Value::reward`]) in the game's own units: `low + x · (high - low)` on the
    /// [`reward_range`](SearchResult::reward_range).
    ///
    /// ```
    /// use games::{EinStein, EinSteinMove};
    /// use search_core::{Budget, GeneralGame};
    /// let mut dice = EinStein::new();
    /// dice.apply(EinSteinMove::Roll(1));
    /// let r = mcts::GeneralMcts::new().with_budget(Budget::iterations(500)).search(&dice).unwrap();
    /// assert_eq!(r.reward_range, (-1.0, 1.0));
    /// assert_eq!(r.in_game_units(0.75), 0.5);
    /// let expected = r.in_game_units(r.value.reward()); // the chosen move's mean, from -1 to 1
    /// assert!((-1.0..=1.0).contains(&expected));
    /// ```
    #[must_use]
    pub fn in_game_units(&self, normalised: f64) -> f64 {
        let (low, high) = self.reward_range;
        low + normalised * (high - low)
    }
}

impl<M: fmt::Debug> fmt::Display for SearchResult<M> {
    /// Several lines: the move and value, one line per root move (most visited first), and
    /// the counters.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::Budget;
    /// // X to move completes the top row at cell 2.
    /// let g: TicTacToe = "xx. oo. ...".parse().unwrap();
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_budget(Budget::iterations(200));
    /// let text = ai.search(&g).unwrap().to_string();
    /// assert!(text.starts_with("best move 2 (proven win)\n"));
    /// assert!(text.contains("  2: "));
    /// assert!(text.contains("playouts/s"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "best move {:?} ({})", self.best_move, self.value)?;
        for m in &self.moves {
            write!(
                f,
                "  {:?}: {} visits, mean {:.3} {}",
                m.mv, m.visits, m.mean, m.interval
            )?;
            if let Some(p) = m.proven {
                write!(f, ", proven {p}")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "{}; {:.0} playouts/s, {} thread{}, tree {} nodes, root {} visits",
            self.stats,
            self.playouts_per_second(),
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.tree_size,
            self.root_visits
        )
    }
}
