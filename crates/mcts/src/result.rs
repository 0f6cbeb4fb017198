//! What a search returns: the chosen move, the root value, per-move statistics with
//! confidence intervals, and counters.

use core::fmt;
use std::time::Duration;

use search_core::Stats;

/// A game value the solver has proven, from the point of view of the player it is
/// reported for (the side to move at the root, or the player making a root move).
///
/// ```
/// use mcts::Proven;
/// assert_eq!(Proven::Win.to_string(), "proven win");
/// assert_eq!(Proven::from_value(0), Proven::Draw);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Proven {
    /// A forced win.
    Win,
    /// Neither side can force a win.
    Draw,
    /// A forced loss.
    Loss,
}

impl Proven {
    /// `+1` → win, `0` → draw, anything negative → loss.
    ///
    /// ```
    /// assert_eq!(mcts::Proven::from_value(-1), mcts::Proven::Loss);
    /// ```
    #[must_use]
    pub fn from_value(v: i8) -> Self {
        match v {
            1.. => Proven::Win,
            0 => Proven::Draw,
            _ => Proven::Loss,
        }
    }

    /// The reward the value stands for: 1, ½ or 0.
    ///
    /// ```
    /// assert_eq!(mcts::Proven::Draw.reward(), 0.5);
    /// ```
    #[must_use]
    pub fn reward(self) -> f64 {
        match self {
            Proven::Win => 1.0,
            Proven::Draw => 0.5,
            Proven::Loss => 0.0,
        }
    }
}

impl fmt::Display for Proven {
    /// ```
    /// assert_eq!(mcts::Proven::Loss.to_string(), "proven loss");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Proven::Win => "proven win",
            Proven::Draw => "proven draw",
            Proven::Loss => "proven loss",
        })
    }
}

/// A confidence interval for a mean reward in `[0, 1]`.
///
/// The engine reports the 95 % Wilson score interval (z = 1.96) of the mean reward over `n`
/// visits, draws counting ½: with 7 wins in 10 playouts it is about `[0.40, 0.89]`, with 70
/// in 100 about `[0.60, 0.78]`: why 7 wins of 10 is weak evidence and 70 of 100 strong,
/// made visible.
///
/// ```
/// use mcts::Interval;
/// let weak = Interval::wilson(0.7, 10);
/// let strong = Interval::wilson(0.7, 100);
/// assert!(weak.width() > 2.0 * strong.width());
/// assert!(strong.low > 0.59 && strong.high < 0.79);
/// assert_eq!(Interval::wilson(0.5, 0), Interval { low: 0.0, high: 1.0 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Interval {
    /// The 95 % Wilson score interval of mean `p` over `n` samples (`[0, 1]` when `n = 0`).
    ///
    /// ```
    /// let i = mcts::Interval::wilson(1.0, 5);
    /// assert!(i.low > 0.5 && i.high == 1.0);
    /// ```
    #[must_use]
    pub fn wilson(p: f64, n: u64) -> Self {
        if n == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        const Z: f64 = 1.96;
        let n = n as f64;
        let p = p.clamp(0.0, 1.0);
        let z2n = Z * Z / n;
        let centre = (p + z2n / 2.0) / (1.0 + z2n);
        let half = Z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
        Interval {
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// `high - low`.
    ///
    /// ```
    /// assert_eq!(mcts::Interval { low: 0.25, high: 0.75 }.width(), 0.5);
    /// ```
    #[must_use]
    pub fn width(&self) -> f64 {
        self.high - self.low
    }
}

/// Statistics of one root move, summed over every search thread.
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
/// let mut ai = Mcts::<TicTacToe>::new(1).with_budget(Budget::iterations(2_000));
/// let result = ai.search(&TicTacToe::new()).unwrap();
/// let centre = result.moves.iter().find(|m| m.mv == 4).unwrap();
/// assert!(centre.visits > 0);
/// assert!(centre.confidence.low <= centre.mean_reward && centre.mean_reward <= centre.confidence.high);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Playouts through the move (including those kept from earlier searches).
    pub visits: u64,
    /// Mean reward in `[0, 1]` for the player making the move (0 when never visited).
    pub mean_reward: f64,
    /// 95 % Wilson interval of `mean_reward`.
    pub confidence: Interval,
    /// The move's proven value for the player making it, if the solver proved one.
    pub proven: Option<Proven>,
    /// The prior the move got at expansion (0 without priors).
    pub prior: f32,
}

/// The value of the root for its side to move.
///
/// ```
/// use mcts::{Proven, Value};
/// assert_eq!(Value::Proven(Proven::Draw).to_string(), "proven draw");
/// assert_eq!(Value::Estimate(0.625).to_string(), "estimated reward 0.625");
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    /// The solver proved the root's value.
    Proven(Proven),
    /// Not proven: the mean reward in `[0, 1]` of the chosen move.
    Estimate(f64),
}

impl fmt::Display for Value {
    /// ```
    /// assert_eq!(mcts::Value::Estimate(0.5).to_string(), "estimated reward 0.500");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Proven(p) => p.fmt(f),
            Value::Estimate(r) => write!(f, "estimated reward {r:.3}"),
        }
    }
}

/// Counters of one search (all threads together).
///
/// ```
/// use std::time::Duration;
/// let s = mcts::MctsStats { iterations: 1_000, elapsed: Duration::from_millis(10), ..Default::default() };
/// assert_eq!(s.playouts_per_second(), 100_000.0);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsStats {
    /// Iterations (selection, expansion, one playout or proven leaf, backpropagation) run
    /// by this search.
    pub iterations: u64,
    /// Playouts among them (the rest ended on a terminal or proven node).
    pub playouts: u64,
    /// Nodes in the tree(s) at the end, kept subtrees included.
    pub nodes: usize,
    /// Visits of the root at the end, kept from earlier searches included.
    pub root_visits: u64,
    /// Deepest node reached, in plies below the root.
    pub max_depth: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Search threads used.
    pub threads: usize,
}

impl MctsStats {
    /// Iterations per second of wall-clock time (0 when no time was measured).
    ///
    /// ```
    /// assert_eq!(mcts::MctsStats::default().playouts_per_second(), 0.0);
    /// ```
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.iterations as f64 / s
        } else {
            0.0
        }
    }

    /// The same counters in the workspace-wide [`Stats`] shape: `nodes` = iterations,
    /// `leaves` = playouts, `max_ply` = `depth_reached` = max depth.
    ///
    /// ```
    /// let s = mcts::MctsStats { iterations: 5, playouts: 4, ..Default::default() };
    /// assert_eq!(s.to_stats().nodes, 5);
    /// ```
    #[must_use]
    pub fn to_stats(&self) -> Stats {
        Stats {
            nodes: self.iterations,
            leaves: self.playouts,
            elapsed: self.elapsed,
            depth_reached: self.max_depth,
            max_ply: self.max_depth,
            ..Stats::default()
        }
    }
}

impl fmt::Display for MctsStats {
    /// ```
    /// assert!(mcts::MctsStats::default().to_string().starts_with("0 iterations"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} iterations in {:.3?} ({:.0}/s, {} threads), {} nodes, max depth {}",
            self.iterations,
            self.elapsed,
            self.playouts_per_second(),
            self.threads,
            self.nodes,
            self.max_depth
        )
    }
}

/// What [`Mcts::search`](crate::Mcts::search) returns.
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
/// let mut ai = Mcts::<TicTacToe>::new(2).with_budget(Budget::iterations(1_000));
/// let r = ai.search(&TicTacToe::new()).unwrap();
/// assert_eq!(r.moves.len(), 9);
/// assert!(r.moves.iter().any(|m| m.mv == r.best_move));
/// println!("{} ({}); {}", r.best_move, r.value, r.stats);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The chosen move: a proven win if there is one, otherwise by the configured
    /// [`FinalChoice`](crate::FinalChoice), never a proven loss while another move is not.
    pub best_move: M,
    /// The root's value for its side to move.
    pub value: Value,
    /// Every root move, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// Counters.
    pub stats: MctsStats,
}
