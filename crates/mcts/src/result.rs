//! What a search returns: the chosen move, the root value, per-move statistics with
//! confidence intervals, the workspace-wide [`Stats`] and the tree's own counters.

use core::fmt;

use search_core::{Interval, Stats, Wdl};

/// Statistics of one root move, summed over every search thread.
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
    /// Mean reward in `[0, 1]` (1 win, ½ draw, 0 loss) for the player making the move, the
    /// side to move at the root (0 when never visited).
    pub mean: f64,
    /// 95 % Wilson interval of `mean` over `visits` ([`Interval::UNKNOWN`] when never
    /// visited).
    pub interval: Interval,
    /// The move's value for the player making it, if the solver proved one.
    pub proven: Option<Wdl>,
    /// The prior the move got at expansion (0 without priors).
    pub prior: f32,
}

/// The value of the root for its side to move.
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
    /// The solver proved the root's value.
    Proven(Wdl),
    /// Not proven: the mean reward in `[0, 1]` of the chosen move.
    Estimate(f64),
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

/// What [`Mcts::search`](crate::Mcts::search) returns: the move, the root's value, every
/// root move's statistics, the workspace-wide [`Stats`] and the tree's own counters.
///
/// `stats` counts what the [`Stats`] table lists for MCTS: `nodes` = nodes added to the
/// tree by this search, `leaves` = playouts, `iterations` = iterations (one walk down the
/// tree, one playout or proven leaf, one walk back up), `depth_reached` = `max_ply` = the
/// deepest tree node reached, in plies below the root, and `elapsed`.
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
/// println!("{r}");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The chosen move: a proven win if there is one, otherwise by the configured
    /// [`FinalChoice`](crate::FinalChoice), never a proven loss while another move is not.
    pub best_move: M,
    /// The root's value for its side to move.
    pub value: Value,
    /// Every root move in the tree, most visited first. With the game's hooks on
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
        per_second(&self.stats)
    }
}

/// Iterations per second of wall-clock time in `stats` (0 when no time was measured).
pub(crate) fn per_second(stats: &Stats) -> f64 {
    let s = stats.elapsed.as_secs_f64();
    if s > 0.0 {
        stats.iterations as f64 / s
    } else {
        0.0
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
